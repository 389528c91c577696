// The judges' page: write a situation (YAML), ask, unfold the proof.
// Plain JavaScript, no library, no build step. It uses only the public HTTP API:
//   POST /v1/ask (YAML body)        the answer, or the input problems with their lines
//   GET  /v1/schema/situation       keys and words for completion
//   GET  /v1/cards?prefix=…         card names for completion
//   GET  /v1/citations/{cite}       the text of a CR rule or an official ruling
//   GET  /v1/example                the service's own example situation
"use strict";

const $ = (id) => document.getElementById(id);
const EXAMPLES = [
  {label: "Elvish Mystic, cast this turn (the service's example)", api: "/v1/example"},
  {label: "Reflecting Pool with Wild Growth", file: "/page/examples/reflecting-pool.yaml"},
  {label: "Blood Artist and Doomed Traveler die", file: "/page/examples/what-triggers.yaml"},
];

const state = {schema: null, answer: null, problemLines: new Map(), asking: false};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// -- the share link: /?situation=<base64url of the YAML> ----------------------------------

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(code) {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "===".slice((b64.length + 3) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function shareLink(text) {
  return `${location.origin}/?situation=${toBase64url(text)}`;
}

// -- a small YAML writer, for the service's JSON example ------------------------------------

function yamlScalar(v) {
  if (typeof v !== "string") return JSON.stringify(v);
  return /^[\w .'/-]+$/.test(v) && !/^(true|false|null|yes|no|[\d.]+)$/i.test(v)
    && !/^[\s-]|\s$/.test(v) ? v : JSON.stringify(v);
}

function yamlFlow(v) {
  if (Array.isArray(v)) return `[${v.map(yamlFlow).join(", ")}]`;
  if (v && typeof v === "object") {
    return `{${Object.entries(v).map(([k, x]) => `${k}: ${yamlFlow(x)}`).join(", ")}}`;
  }
  return yamlScalar(v);
}

function toYaml(value, indent = "") {
  const lines = [];
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v) && v.some((x) => x && typeof x === "object")) {
      lines.push(`${indent}${k}:`);
      for (const item of v) lines.push(`${indent}  - ${yamlFlow(item)}`);
    } else if (v && typeof v === "object" && !Array.isArray(v)
               && Object.values(v).some((x) => x && typeof x === "object")) {
      lines.push(`${indent}${k}:`, toYaml(v, indent + "  "));
    } else {
      lines.push(`${indent}${k}: ${yamlFlow(v)}`);
    }
  }
  return lines.join("\n");
}

// -- the editor: a textarea, a line-number gutter and a layer marking lines with problems --

const editor = {
  area: null, gutter: null, marks: null, lineHeight: 20, charWidth: 8,

  init() {
    this.area = $("yaml");
    this.gutter = $("gutter");
    this.marks = $("marks");
    this.area.addEventListener("input", () => { this.clearProblems(); this.render(); });
    this.area.addEventListener("scroll", () => this.sync());
    this.area.addEventListener("keydown", (e) => this.newline(e));
    window.addEventListener("resize", () => this.measure());
    this.measure();
    this.render();
  },

  measure() {
    const style = getComputedStyle(this.area);
    this.lineHeight = parseFloat(style.lineHeight) || 20;
    const probe = el("span", {class: "probe", text: "M".repeat(40)});
    probe.style.font = style.font;
    document.body.append(probe);
    this.charWidth = probe.getBoundingClientRect().width / 40 || 8;
    probe.remove();
  },

  set(text) {
    this.area.value = text;
    this.clearProblems();
    this.render();
  },

  render() {
    const count = this.area.value.split("\n").length;
    const rows = [];
    for (let n = 1; n <= count; n++) {
      const problem = state.problemLines.get(n);
      rows.push(el("div", {class: problem ? "ln bad" : "ln", title: problem || null,
                           "data-line": n}, problem ? `⚠ ${n}` : String(n)));
    }
    this.gutter.replaceChildren(...rows);
    const bars = [];
    for (const [n, what] of state.problemLines) {
      if (n < 1 || n > count) continue;
      const bar = el("div", {class: "bar", "data-line": n, title: what});
      bar.style.top = `${(n - 1) * this.lineHeight}px`;
      bar.style.height = `${this.lineHeight}px`;
      bars.push(bar);
    }
    this.marks.replaceChildren(...bars);
    this.sync();
  },

  sync() {
    this.gutter.scrollTop = this.area.scrollTop;
    this.marks.style.transform = `translateY(${-this.area.scrollTop}px)`;
  },

  // an edit moves lines: the marks go, the list stays (greyed) until the next Ask
  clearProblems() {
    if (state.problemLines.size === 0) return;
    state.problemLines.clear();
    this.area.removeAttribute("aria-invalid");
    const list = $("problems");
    if (list.firstChild) list.classList.add("stale");
  },

  goToLine(n) {
    const lines = this.area.value.split("\n");
    let pos = 0;
    for (let i = 0; i < Math.min(n - 1, lines.length); i++) pos += lines[i].length + 1;
    this.area.focus();
    this.area.setSelectionRange(pos, pos + (lines[n - 1] || "").length);
    this.area.scrollTop = Math.max(0, (n - 3) * this.lineHeight);
  },

  // Enter keeps the line's indentation (a list item's keys line up after its "- "), and
  // indents one step more after a key that opens a block ("battlefield:")
  newline(e) {
    if (e.key !== "Enter" || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey
        || !$("complete").hidden) return;  // with completions open, Enter takes one
    const area = this.area;
    const before = area.value.slice(0, area.selectionStart);
    const line = before.slice(before.lastIndexOf("\n") + 1);
    const lead = /^(\s*)(-\s+)?(.*)$/.exec(line);
    // after "- key: value" the item's next key lines up with the first; after a whole item
    // ("- {card: Forest}", "- Forest") the next item starts where this one did
    const blockItem = lead[2] && /^[\w ]+:/.test(lead[3]);
    let indent = lead[1] + (blockItem ? " ".repeat(lead[2].length) : "");
    if (/:\s*$/.test(line)) indent += "  ";
    if (!indent) return;
    e.preventDefault();
    area.setRangeText("\n" + indent, area.selectionStart, area.selectionEnd, "end");
    area.dispatchEvent(new Event("input"));
  },

  // where the caret is, in lines and columns (the font is monospaced, lines don't wrap)
  caret() {
    const before = this.area.value.slice(0, this.area.selectionStart);
    const row = before.split("\n").length - 1;
    const col = before.length - before.lastIndexOf("\n") - 1;
    return {row, col};
  },
};

// -- completion: keys and words from the situation's JSON Schema, card names from the API --

const complete = {
  box: null, items: [], active: -1, context: null, timer: 0, ask: 0,

  init() {
    this.box = $("complete");
    const area = editor.area;
    area.addEventListener("keydown", (e) => this.key(e));
    area.addEventListener("input", (e) => {
      if (e.inputType && e.inputType.startsWith("insert") && e.data && /[\w -]/.test(e.data)) {
        this.soon();
      } else {
        this.close();
      }
    });
    area.addEventListener("blur", () => setTimeout(() => {
      if (document.activeElement !== area) this.close();
    }, 150));
    this.box.addEventListener("mousedown", (e) => e.preventDefault());
  },

  soon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(false), 120);
  },

  key(e) {
    const open = !this.box.hidden;
    if (e.key === " " && e.ctrlKey) { e.preventDefault(); this.open(true); return; }
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      this.select((this.active + step + this.items.length) % this.items.length);
    } else if ((e.key === "Enter" && !e.ctrlKey && !e.metaKey) || e.key === "Tab") {
      if (this.active >= 0) { e.preventDefault(); this.take(this.items[this.active]); }
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.close();
    }
  },

  async open(explicit) {
    const context = situationContext(editor.area.value, editor.area.selectionStart);
    if (!context || (!explicit && context.token.length < 1)) { this.close(); return; }
    const asked = ++this.ask;
    let items = schemaItems(context);
    if (context.cards) items = await cardItems(context.token);
    if (asked !== this.ask) return;  // a newer request is under way
    const token = context.token.toLowerCase();
    if (!context.cards) {
      items = items.filter((i) => i.value.toLowerCase().startsWith(token))
        .concat(items.filter((i) => !i.value.toLowerCase().startsWith(token)
                                  && i.value.toLowerCase().includes(token)));
    }
    items = items.filter((i) => i.value !== context.token).slice(0, 30);
    if (!items.length) { this.close(); return; }
    this.context = context;
    this.items = items;
    this.box.replaceChildren(...items.map((item, n) => el("li", {
      id: `complete-${n}`, role: "option", "aria-selected": "false",
      onclick: () => this.take(item),
    }, el("span", {class: "value", text: item.value}),
       item.note ? el("span", {class: "note", text: item.note}) : null)));
    const {row, col} = editor.caret();
    const area = editor.area;
    const top = (row + 1) * editor.lineHeight - area.scrollTop + 6;
    const left = Math.max(0, (col - context.token.length) * editor.charWidth - area.scrollLeft);
    this.box.style.top = `${top}px`;
    this.box.style.left = `${Math.min(left, Math.max(0, area.clientWidth - 240))}px`;
    this.box.hidden = false;
    area.setAttribute("aria-expanded", "true");
    this.select(0);
  },

  select(n) {
    this.active = n;
    [...this.box.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === n)));
    const li = this.box.children[n];
    if (li) {
      editor.area.setAttribute("aria-activedescendant", li.id);
      li.scrollIntoView({block: "nearest"});
    }
  },

  take(item) {
    const area = editor.area;
    const {start, end} = this.context;
    const insert = item.insert || item.value;
    area.setRangeText(insert, start, end, "end");
    this.close();
    editor.clearProblems();
    editor.render();
    area.focus();
    if (insert.endsWith(": ")) this.open(true);  // a key taken: offer its values, if it has any
  },

  close() {
    clearTimeout(this.timer);
    this.ask++;  // a reply still on its way is dropped
    this.box.hidden = true;
    this.box.replaceChildren();
    this.items = [];
    this.active = -1;
    editor.area.setAttribute("aria-expanded", "false");
    editor.area.removeAttribute("aria-activedescendant");
  },
};

// The caret's place in the YAML: the path of keys to it (list items as "[]"), whether a key
// or a value is being written there, and the word under the caret. Block mappings and lists
// are followed by indentation, flow ones ({card: X, controller: Y}, [a, b]) on the line.
function situationContext(text, pos) {
  const lineStart = text.lastIndexOf("\n", pos - 1) + 1;
  const lineEnd = text.indexOf("\n", pos) < 0 ? text.length : text.indexOf("\n", pos);
  const before = text.slice(lineStart, pos);
  if (/#/.test(before.replace(/"[^"]*"|'[^']*'/g, ""))) return null;  // in a comment
  const lead = /^\s*(?:-\s+)?/.exec(before)[0].length;
  const cut = Math.max(lead - 1, ...[":", ",", "{", "["].map((c) => before.lastIndexOf(c)));
  const token = before.slice(cut + 1).trimStart();
  const start = pos - token.length;
  const end = pos + /^[\w'.-]*/.exec(text.slice(pos, lineEnd))[0].length;
  const head = before.slice(lead, before.length - token.length);

  const frames = [];
  let pendingKey = null;
  let word = "";
  for (const c of head) {
    if (c === "{" || c === "[") {
      const frame = pendingKey !== null ? [pendingKey] : [];
      if (c === "[") frame.push("[]");
      frames.push(frame);
      pendingKey = null;
      word = "";
    } else if (c === "}" || c === "]") {
      frames.pop();
      word = "";
    } else if (c === ":") {
      pendingKey = word.trim();
      word = "";
    } else if (c === ",") {
      pendingKey = null;
      word = "";
    } else {
      word += c;
    }
  }
  let path = blockPath(text.slice(0, lineStart).split("\n"), before).concat(...frames);
  let mode = "key";
  if (pendingKey !== null) {
    mode = "value";
    path = path.concat(pendingKey);
  } else if (frames.length && frames[frames.length - 1].at(-1) === "[]") {
    mode = "value";
  }
  // "- Ab|" at a list item's start: the item may be a value (a player, a card) or a mapping
  const itemStart = mode === "key" && !frames.length && !head.trim() && /^\s*-\s/.test(before);
  const context = {path, mode, token, start, end, itemStart};
  context.cards = mode === "value" && isCardNode(nodeAt(path));
  return context;
}

// The keys above the caret's line, from indentation ("- " starts a list item: "[]").
function blockPath(lines, current) {
  const indentOf = (s) => /^ */.exec(s)[0].length;
  const path = [];
  let limit = indentOf(current);
  let inList = false;
  if (/^\s*-(\s|$)/.test(current)) { path.push("[]"); inList = true; }
  for (let n = lines.length - 1; n >= 0; n--) {
    if (limit === 0 && !inList) break;
    const raw = lines[n];
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    const indent = indentOf(raw);
    const item = /^(\s*)-(?:\s+(.*))?$/.exec(raw);
    if (item) {
      if (indent < limit) {  // the caret is inside this item
        const key = /^([\w ]+):\s*$/.exec(item[2] || "");
        if (key && limit > indent + 2) path.unshift(key[1].trim());
        path.unshift("[]");
        limit = indent;
        inList = true;
      }
      continue;  // a sibling item, or one deeper than the caret
    }
    if (indent < limit || (inList && indent === limit)) {
      const key = /^\s*([\w ]+):/.exec(raw);
      if (key) path.unshift(key[1].trim());
      limit = indent;
      inList = false;
    }
  }
  return path;
}

// -- the JSON Schema, read for completion ---------------------------------------------------

function resolve(node) {
  let n = node;
  for (let guard = 0; n && n.$ref && guard < 20; guard++) {
    n = state.schema.$defs[n.$ref.replace("#/$defs/", "")];
  }
  return n || {};
}

// every alternative a node stands for (anyOf/oneOf/allOf flattened, refs resolved)
function alternatives(node, out = [], depth = 0) {
  const n = resolve(node);
  if (depth > 12) return out;
  out.push(n);
  for (const k of ["anyOf", "oneOf", "allOf"]) {
    for (const sub of n[k] || []) alternatives(sub, out, depth + 1);
  }
  return out;
}

function child(node, key) {
  const found = [];
  for (const alt of alternatives(node)) {
    if (key === "[]") {
      if (alt.items) found.push(alt.items);
    } else if (alt.properties && alt.properties[key]) {
      found.push(alt.properties[key]);
    } else if (alt.additionalProperties && typeof alt.additionalProperties === "object") {
      found.push(alt.additionalProperties);
    }
  }
  return found.length ? {anyOf: found} : null;
}

function nodeAt(path) {
  if (!state.schema) return null;
  let node = state.schema;
  for (const key of path) {
    node = child(node, key);
    if (!node) return null;
  }
  return node;
}

function isCardNode(node) {
  if (!node) return false;
  return alternatives(node).some((a) => /a card the knowledge base knows/.test(a.description || ""));
}

function describes(node, pattern) {
  return node && alternatives(node).some((a) => pattern.test(a.description || ""));
}

function schemaItems(context) {
  const node = nodeAt(context.path);
  if (!node) return [];
  const items = [];
  const seen = new Set();
  const add = (value, note, insert) => {
    if (seen.has(value)) return;
    seen.add(value);
    items.push({value, note: (note || "").slice(0, 90), insert});
  };
  if (context.mode === "key") {
    for (const alt of alternatives(node)) {
      for (const [k, sub] of Object.entries(alt.properties || {})) {
        add(k, resolve(sub).description || sub.description || "", `${k}: `);
      }
    }
  }
  const values = context.mode === "value" || context.itemStart ? node : null;
  if (values) {
    for (const alt of alternatives(values)) {
      for (const v of alt.enum || []) add(String(v), alt.description);
      if (alt.const !== undefined) add(String(alt.const), alt.description);
      const types = [].concat(alt.type || []);
      if (types.includes("boolean")) { add("true", alt.description); add("false", alt.description); }
    }
    // a list's items are described on the list
    const about = (pattern) => describes(values, pattern)
      || (context.path.at(-1) === "[]" && describes(nodeAt(context.path.slice(0, -1)), pattern));
    if (about(/player's name|^its (controller|owner)|who has priority/)) {
      for (const p of playersOf(editor.area.value)) add(p, "a player");
    }
    if (about(/an object of the situation/)) {
      for (const id of idsOf(editor.area.value)) add(id, "an object of the situation");
    }
    if (about(/^an ability: '<object-id>/)) {
      for (const id of idsOf(editor.area.value)) add(`${id}.`, `an ability of ${id}: add its number`);
    }
  }
  return items;
}

function playersOf(text) {
  const m = /^players:\s*\[([^\]]*)\]/m.exec(text);
  if (m) return m[1].split(",").map((s) => s.trim().replace(/^["']|["']$/g, "")).filter(Boolean);
  const block = /^players:\s*\n((?:\s+-.*\n?)*)/m.exec(text);
  return block ? [...block[1].matchAll(/-\s*(?:name:\s*)?([^{}\n,]+)/g)].map((x) => x[1].trim()) : [];
}

// a card's slug, its default id: the rule of rulings.facts.slugs (ASCII-folded, lower case,
// apostrophes and periods dropped, other runs of non-letters one hyphen)
const FOLD = {"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th"};

function slugify(name) {
  const folded = name.toLowerCase().replace(/[æœßøłđðþ]/g, (c) => FOLD[c])
    .normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
  return folded.replace(/['’‘.]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

// the ids of the situation's objects: the `id:` given, else the card's slug. Read line by
// line: an object written on one line ({card: …, id: …}) gives its one id; one written in
// block form may give its card's slug beside its id (both are offered, the loader decides)
function idsOf(text) {
  const ids = new Set();
  for (const line of text.split("\n")) {
    const id = /\bid:\s*([\w-]+)/.exec(line);
    const card = /\bcard:\s*(?:"([^"]*)"|'([^']*)'|([^,}\n]+))/.exec(line);
    if (id) ids.add(id[1]);
    else if (card) {
      const name = card[1] ?? card[2] ?? card[3];
      ids.add(slugify(name));
    }
  }
  return [...ids];
}

// a card name as a YAML value: quoted when it holds what YAML would read otherwise
// ("Isamaru, Hound of Konda" would end a flow mapping's value at the comma)
function yamlName(name) {
  return /[:#,[\]{}&*!|>"%@`]|^['\s-]/.test(name) ? JSON.stringify(name) : name;
}

async function cardItems(token) {
  if (token.trim().length < 2) return [];
  try {
    const reply = await fetch(`/v1/cards?limit=15&prefix=${encodeURIComponent(token)}`);
    if (!reply.ok) return [];
    const data = await reply.json();
    return data.cards.map((c) => ({
      value: c.name,
      insert: yamlName(c.name),
      note: [c.known ? "known card" : "", c.type_line || "", c.match === "fuzzy" ? "(close match)" : ""]
        .filter(Boolean).join(" · "),
    }));
  } catch {
    return [];
  }
}

// -- asking ----------------------------------------------------------------------------------

async function ask({updateLink = true} = {}) {
  if (state.asking) return;
  const text = editor.area.value;
  if (!text.trim()) { showStatus("Write a situation first.", "warn"); return; }
  state.asking = true;
  $("ask").disabled = true;
  showStatus("Asking…");
  complete.close();
  try {
    const reply = await fetch("/v1/ask", {
      method: "POST", headers: {"Content-Type": "application/yaml"}, body: text,
    });
    const body = await reply.json().catch(() => ({}));
    if (updateLink) setLink(text);
    if (reply.ok) {
      showProblems([]);
      const n = (body.rulings || []).length;
      showStatus(`${n} ruling${n === 1 ? "" : "s"}${body.complete === false ? ", incomplete" : ""}.`);
      showAnswer(body);
    } else if (body.errors && body.errors.length) {
      showProblems(body.errors, body);
      showStatus(`${body.title || "The situation has problems"}: ${body.detail || ""}; `
                 + "they are listed under the editor and marked at their lines.", "bad");
      $("result").replaceChildren();
    } else {
      showProblems([]);
      const retry = reply.headers.get("Retry-After");
      showStatus(`${body.title || reply.statusText}${body.detail ? ": " + body.detail : ""}`
                 + (retry ? ` (retry in ${retry} s)` : ""), "bad");
    }
  } catch (err) {
    showStatus(`The service could not be reached: ${err.message}`, "bad");
  } finally {
    state.asking = false;
    $("ask").disabled = false;
    // a count of finished questions, for whoever waits for an answer (the browser tests)
    document.body.dataset.asked = String(Number(document.body.dataset.asked || 0) + 1);
  }
}

function showStatus(text, kind) {
  const box = $("status");
  box.className = kind || "";
  box.textContent = text;
}

// Input problems, as the command line reports them: "line N: what is wrong → what would be right"
function showProblems(errors) {
  state.problemLines.clear();
  const box = $("problems");
  box.classList.remove("stale");
  if (!errors.length) {
    box.replaceChildren();
    editor.area.removeAttribute("aria-invalid");
    editor.render();
    return;
  }
  const list = el("ul", {class: "problems"});
  for (const e of errors) {
    const where = e.line ? `line ${e.line}` : (e.location || "the situation");
    const text = `${where}: ${e.problem}${e.fix ? " → " + e.fix : ""}`;
    if (e.line) {
      const old = state.problemLines.get(e.line);
      state.problemLines.set(e.line, old ? `${old}\n${e.problem}` : `${e.problem}${e.fix ? " → " + e.fix : ""}`);
    }
    list.append(el("li", {"data-line": e.line || null},
      e.line ? el("button", {type: "button", class: "link", onclick: () => editor.goToLine(e.line)},
                  text) : text));
  }
  box.replaceChildren(el("h3", {text: `${errors.length} problem${errors.length === 1 ? "" : "s"} in the situation`}), list);
  editor.area.setAttribute("aria-invalid", "true");
  editor.render();
}

// the service reads a request head of up to 16 KiB (uvicorn's default): longer links fail
const LINK_LIMIT = 15000;

function setLink(text) {
  const link = shareLink(text);
  if (link.length > LINK_LIMIT) {
    $("link").value = "";
    $("link").placeholder = `too long for a link (${link.length} characters, at most ${LINK_LIMIT})`;
    $("copy").disabled = true;
    return;
  }
  $("link").value = link;
  $("copy").disabled = false;
  history.replaceState(null, "", `/?situation=${toBase64url(text)}`);
}

// -- the answer --------------------------------------------------------------------------------

const VERDICT_CLASS = {"can": "yes", "may": "yes", "happens": "yes", "must": "must",
                       "can't": "no", "doesn't happen": "no"};

function showAnswer(answer) {
  state.answer = answer;
  const parts = [];
  if (answer.question) parts.push(el("p", {class: "question"}, el("strong", {}, "Question: "), answer.question));
  const rulings = answer.rulings || [];
  const notModelled = answer.not_modelled || [];
  const notes = answer.notes || [];
  if (answer.complete === false) {
    const bound = rulings.length && rulings[rulings.length - 1].rule === "engine.could-not-decide";
    parts.push(el("div", {class: "alert incomplete", role: "alert"},
      el("strong", {}, "Incomplete answer. "),
      bound ? "The engine stopped at a bound (rule firings or time) before it was done: rulings may be missing. Do not rely on the absence of a ruling."
            : "A part of the situation that no rule reads could change it (listed under Not modelled): rulings may be missing or wrong."));
  }
  if (notModelled.length || notes.length) {
    parts.push(el("div", {class: "alert not-modelled", role: "note"},
      el("strong", {}, "Not modelled: "),
      "parts of this situation are outside what the rules read; the answer may miss their effects.",
      el("ul", {}, notModelled.map((n) => el("li", {}, partWords(n),
                     n && n.bears ? el("strong", {}, " — could change this answer") : null)),
                   notes.map((n) => el("li", {}, n)))));
  }
  if (!rulings.length && answer.complete !== false) {
    parts.push(el("p", {class: "alert none"}, "No rule of the knowledge base applies to this situation: it has no ruling to give (and does not guess)."));
  }
  rulings.forEach((r, n) => parts.push(rulingCard(r, n, answer)));
  if (answer.sources_note) parts.push(el("p", {class: "help"}, answer.sources_note));
  $("result").replaceChildren(...parts);
}

// a part no rule reads, in words: "Foo, ability 2: emerge (no rule reads it yet)"
function partWords(part) {
  if (typeof part !== "object" || part === null) return String(part);
  let word = String(part.word || "").replace(/_/g, " ");
  if (word === "unparsed") word = part.text ? `'${part.text}'` : "an ability the compiler could not read";
  const head = [part.object, part.part].filter(Boolean).join(", ");
  return `${head}${head && word ? ": " : ""}${word}${part.reason ? ` (${part.reason})` : ""}`;
}

function rulingCard(ruling, n, answer) {
  const verdict = (ruling.statement || {}).verdict || "";
  const cites = ruling.cites || [];
  const rules = cites.filter((c) => /^CR\s/i.test(c));
  const official = cites.filter((c) => !/^CR\s/i.test(c));
  const card = el("article", {class: "ruling", "aria-labelledby": `ruling-${n}`, "data-id": ruling.id},
    el("h3", {id: `ruling-${n}`},
       el("span", {class: `verdict ${VERDICT_CLASS[verdict] || ""}`}, verdict || "ruling"),
       " ", ruling.text),
    el("p", {class: "why"}, el("strong", {}, "Why: "), ruling.because || ""),
    el("p", {class: "rule-id"}, "rule ", el("code", {}, ruling.rule)),
    (ruling.not_modelled || []).length
      ? el("p", {class: "alert not-modelled here"}, el("strong", {}, "Not modelled here: "),
           ruling.not_modelled.map(partWords).join("; ")) : null,
    rules.length ? citeList("Comprehensive Rules", rules, answer) : null,
    official.length ? citeList("Official rulings", official, answer) : null,
  );
  if (ruling.justification) card.append(proof(ruling.justification, answer));
  return card;
}

function citeList(title, cites, answer) {
  return el("div", {class: "cites"}, el("span", {class: "cites-title"}, `${title}: `),
            el("ul", {}, cites.map((c) => el("li", {}, citeButton(c, answer)))));
}

let citeCount = 0;

function citeButton(cite, answer) {
  const id = `cite-${++citeCount}`;
  const panel = el("div", {class: "cite-text", id, hidden: true, role: "region", "aria-label": cite});
  const button = el("button", {type: "button", class: "cite", "aria-expanded": "false",
                               "aria-controls": id, "data-cite": cite}, cite);
  button.addEventListener("click", async () => {
    const opening = panel.hidden;
    panel.hidden = !opening;
    button.setAttribute("aria-expanded", String(opening));
    if (opening && !panel.dataset.loaded) {
      panel.textContent = "…";
      panel.dataset.loaded = "1";
      fillCitation(panel, cite, answer);
    }
  });
  return el("span", {class: "cite-wrap"}, button, panel);
}

async function fillCitation(panel, cite, answer) {
  let found = answer && answer.sources && answer.sources[cite];
  let problem = null;
  if (!found) {
    try {
      const reply = await fetch(`/v1/citations/${encodeURIComponent(cite)}`);
      const body = await reply.json();
      if (reply.ok) found = body; else problem = body.detail || body.title;
    } catch (err) {
      problem = err.message;
    }
  }
  if (!found) {
    panel.replaceChildren(el("p", {class: "help"}, `No text for ${cite}: ${problem || "not found"}`));
    return;
  }
  const head = found.kind === "ruling"
    ? `Official ruling on ${found.card}${found.date ? ", " + found.date : ""}`
    : `${found.cite || cite}${found.effective ? " (rules effective " + found.effective + ")" : ""}`;
  panel.replaceChildren(el("p", {class: "cite-head"}, head), el("p", {}, found.text),
    ...(found.examples || []).map((x) => el("p", {class: "example"}, x)));
}

// The proof: each level unfolds on demand (a <details> per derived fact).
function proof(root, answer) {
  const box = el("details", {class: "proof"},
    el("summary", {}, "Proof: the facts and rules this ruling rests on"));
  let built = false;
  box.addEventListener("toggle", () => {
    if (!box.open || built) return;
    built = true;
    box.append(nodeBody(root, answer));
  });
  return box;
}

function nodeBody(node, answer) {
  const body = el("div", {class: "node-body"});
  if (node.rule) {
    body.append(el("p", {class: "fired"}, "rule ", el("code", {}, node.rule),
                   node.because ? ` — ${node.because}` : ""));
  }
  if (node.cites && node.cites.length) {
    body.append(el("div", {class: "cites small"},
      el("ul", {}, node.cites.map((c) => el("li", {}, citeButton(c, answer))))));
  }
  if (node.absent && node.absent.length) {
    body.append(el("ul", {class: "absent", "aria-label": "facts that had to be absent"},
      node.absent.map((a) => el("li", {}, el("span", {class: "tag absent-tag"}, "absent"), " ", a))));
  }
  const children = node.from || [];
  if (children.length) {
    body.append(el("ul", {class: "tree"}, children.map((c) => el("li", {}, proofNode(c, answer)))));
  }
  return body;
}

function proofNode(node, answer) {
  if (typeof node !== "object" || node === null) {
    return el("span", {class: "fact"}, String(node));
  }
  if (node.given || !node.rule) {
    return el("p", {class: "fact given"}, el("span", {class: "tag given-tag"}, node.given ? "given" : "fact"), " ", node.fact);
  }
  if (node.same_support) {
    return el("p", {class: "fact same"}, el("span", {class: "tag"}, "derived"), " ", node.fact,
              " ", el("span", {class: "help"}, `(by ${node.rule}, as shown above)`));
  }
  const box = el("details", {class: "node"},
    el("summary", {}, el("span", {class: "tag derived-tag"}, "derived"), " ", node.fact,
       " ", el("code", {class: "rule-chip"}, node.rule)));
  let built = false;
  box.addEventListener("toggle", () => {
    if (!box.open || built) return;
    built = true;
    box.append(nodeBody(node, answer));
  });
  return box;
}

// -- examples and start-up ---------------------------------------------------------------------

async function loadExample(n) {
  const example = EXAMPLES[n];
  if (!example) return;
  let text;
  if (example.api) {
    const reply = await fetch(example.api);
    text = toYaml(await reply.json()) + "\n";
  } else {
    text = await (await fetch(example.file)).text();
  }
  editor.set(text);
  showProblems([]);
  editor.area.focus();
}

async function start() {
  editor.init();
  complete.init();
  const select = $("examples");
  EXAMPLES.forEach((x, n) => select.append(el("option", {value: String(n)}, x.label)));
  $("load").addEventListener("click", () => {
    if (select.value !== "") loadExample(Number(select.value));
  });
  $("ask").addEventListener("click", () => ask());
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); ask(); }
  });
  $("copy").addEventListener("click", async () => {
    const link = $("link");
    try {
      await navigator.clipboard.writeText(link.value);
      $("copied").textContent = "Link copied.";
    } catch {
      link.focus();
      link.select();
      $("copied").textContent = "Press Ctrl+C to copy the selected link.";
    }
  });
  fetch("/v1/schema/situation").then((r) => r.json()).then((s) => { state.schema = s; })
    .catch(() => {});
  fetch("/v1/cards?prefix=&limit=1").catch(() => {});  // the service builds its name index
  const shared = new URLSearchParams(location.search).get("situation");
  if (shared) {
    try {
      editor.set(fromBase64url(shared));
    } catch {
      showStatus("The link's situation could not be read (it is not base64url of UTF-8 text).", "bad");
      return;
    }
    await ask();
  }
  document.body.dataset.ready = "1";
}

if (typeof document !== "undefined") document.addEventListener("DOMContentLoaded", start);
