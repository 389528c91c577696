"""Checking the citations written in the project's files against a CR file and a card file.

What counts as a citation:

* `CR 701.23b`, `CR 106.5`, `CR 7`, and ranges `CR 305.1–305.2` (en dash, em dash, or a
  hyphen with no spaces) — both ends of a range are checked; `CR 702.19b–d` and
  `CR 305.1–2` shorten the second end.
* `card-slug#n` — lower-case slug words joined by hyphens, `#`, a number, not preceded by a
  word character, `/`, `.`, `#`, `@`, `:` or `-` (so URL anchors and `owner/repo#12` never
  match). The token is checked when its slug names a card in the card file; a slug naming
  no card is reported only inside the value of a `cites` or `covers` key (`cites:`,
  `"covers":`, `cites=`): the rest of the key's line, or just its bracketed/quoted value,
  plus the indented block or list the key opens on the lines below — so ordinary prose like
  `issue#3` is never flagged.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rulings.reference import comprehensive, official
from rulings.reference.lookup import CardBook, RulesBook
from rulings.reference.numbering import normalize_number, number_key

SUFFIXES = {".py", ".yaml", ".yml", ".json", ".md"}
_SKIP_DIRS = {"__pycache__", "node_modules"}

_NUM = r"\d{1,3}(?:\.\d+[a-z]?)?"
CR_CITE = re.compile(
    rf"\bCR\s+(?P<a>{_NUM})\b"
    rf"(?:\s*[–—]\s*(?:CR\s+)?(?P<b>{_NUM})\b"  # 305.1–305.2, spaces allowed around a dash
    rf"|-(?:CR\s+)?(?P<c>{_NUM})\b"  # 305.1-305.2, a hyphen only without spaces
    rf"|[–—-](?P<d>[a-z])\b)?"  # 702.19b–d
)
RULING_CITE = re.compile(r"(?<![\w/#.@:%-])([a-z0-9]+(?:-[a-z0-9]+)*)#(\d+)\b")
_CONTEXT_KEY = re.compile(r"""\b(?:cites|covers)\b["']?\s*[:=]""", re.IGNORECASE)

_loaded: dict[tuple[str, Path], tuple[tuple[int, int, int], Any]] = {}


def _load(kind: str, path: Path) -> Any:
    """Parse a CR or card file once per process (again if it changes)."""
    st = path.stat()
    identity = (st.st_mtime_ns, st.st_size, st.st_ino)
    hit = _loaded.get((kind, path))
    if hit and hit[0] == identity:
        return hit[1]
    if kind == "cr":
        book: Any = RulesBook(comprehensive.parse_file(path))
    else:
        book = CardBook(official.parse_files([path])[0])
    _loaded[(kind, path)] = (identity, book)
    return book


def check_citations(
    paths: Iterable[str | os.PathLike[str]],
    cr_file: str | os.PathLike[str],
    cards_file: str | os.PathLike[str],
) -> list[str]:
    """Problems with the citations in text files under `paths`, as sorted
    `file:line: what is wrong → what would be right` lines (empty when all are good)."""
    cr_path, cards_path = Path(cr_file), Path(cards_file)
    rules: RulesBook = _load("cr", cr_path)
    cards: CardBook = _load("cards", cards_path)
    problems: list[str] = []
    for file in _text_files(paths, problems):
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            problems.append(f"{file}: cannot read ({exc.strerror}) → check the file")
            continue
        problems += check_text(text, str(file), rules, cards, cards_path.name)
    return problems


def _text_files(paths: Iterable[str | os.PathLike[str]], problems: list[str]) -> Iterator[Path]:
    for top in map(Path, paths):
        if top.is_file():
            yield top
        elif top.is_dir():
            for root, dirs, files in os.walk(top):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIP_DIRS)
                for name in sorted(files):
                    if Path(name).suffix in SUFFIXES:
                        yield Path(root) / name
        else:
            problems.append(f"{top}: no such file or directory → check the path to scan")


def check_text(text: str, where: str, rules: RulesBook, cards: CardBook,
               cards_name: str = "the card file") -> list[str]:
    problems = []
    lines = text.splitlines()
    context = citation_context(lines)
    for no, line in enumerate(lines, 1):
        for m in CR_CITE.finditer(line):
            problems += [f"{where}:{no}: {p}" for p in _check_cr(m, rules)]
        for m in RULING_CITE.finditer(line):
            cited = any(a <= m.start() < b for a, b in context.get(no, ()))
            problem = _check_ruling(m.group(1), int(m.group(2)), cards, cited, cards_name)
            if problem:
                problems.append(f"{where}:{no}: {problem}")
    return problems


def citation_context(lines: list[str]) -> dict[int, list[tuple[int, int]]]:
    """Where citations are expected: line number (1-based) → character spans. A `cites` or
    `covers` key's value on its own line — up to the bracket or quote that closes it — and,
    when the value continues below, the block it opens: lines more indented than the key, or
    YAML `- ` items level with it, up to a closing bracket level with the key."""
    spans: dict[int, list[tuple[int, int]]] = {}
    block: int | None = None
    for no, line in enumerate(lines, 1):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if block is not None:
            if not stripped:
                continue
            inside = indent > block or (indent == block and stripped.startswith("- "))
            closing = indent == block and stripped[0] in "])}"
            if inside or closing:
                spans.setdefault(no, []).append((0, len(line)))
                if closing:
                    block = None
                continue
            block = None
        for m in _CONTEXT_KEY.finditer(line):
            value = line[m.end():].lstrip()
            start = len(line) - len(value)
            end = _value_end(line, start)
            spans.setdefault(no, []).append((start, len(line) if end is None else end))
            if end is None or value in ("", "|", ">"):
                block = indent
    return spans


def _value_end(line: str, start: int) -> int | None:
    """End of the value starting at `start`: after its closing bracket or quote, the end of
    the line for a bare value, None when a bracket stays open past the line."""
    opening = line[start:start + 1]
    if opening in ("'", '"'):
        close = line.find(opening, start + 1)
        return len(line) if close < 0 else close + 1
    if opening not in ("[", "(", "{"):
        return len(line)
    depth, quote = 0, ""
    for i in range(start, len(line)):
        ch = line[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[({":
            depth += 1
        elif ch in "])}":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _check_cr(m: re.Match[str], rules: RulesBook) -> list[str]:
    first = m.group("a")
    second = m.group("b") or m.group("c")
    if m.group("d"):  # CR 702.19b–d
        second = first[:-1] + m.group("d") if first[-1].isalpha() else None
    elif second and second.isdigit() and "." in first and len(second) < 3:
        second = first.split(".")[0] + "." + second  # CR 305.1–2 means 305.1 to 305.2
    problems = [p for n in (first, second) if n for p in _check_number(n, rules)]
    if not problems and second and number_key(second) < number_key(first):
        problems.append(f"CR {m.group(0)[3:].strip()} runs backwards → write the lower end first")
    return problems


def _check_number(number: str, rules: RulesBook) -> list[str]:
    if normalize_number(number) is None:
        return [f"CR {number} is not a rule number → write it like CR 701.23b"]
    if rules.rule(number) is not None:
        return []
    near = rules.nearest(number)
    fix = "nearest: " + ", ".join(near) if near else "check the number"
    return [f"CR {number} does not exist in the {rules.effective} rules → {fix}"]


def _check_ruling(slug: str, n: int, cards: CardBook, in_context: bool,
                  cards_name: str) -> str | None:
    canonical = cards.slug_for(slug)
    if canonical is None:
        if not in_context:
            return None
        near = cards.similar_slugs(slug)
        fix = "nearest: " + ", ".join(near) if near else "use the card's slug, e.g. card-name#1"
        return f"{slug}#{n} names no card in {cards_name} → {fix}"
    card = cards.cards[canonical]
    count = len(card["rulings"])
    if 1 <= n <= count:
        return None
    if count == 0:
        return f"{slug}#{n} does not exist: {card['name']} has no official rulings → cite a rule"
    return (f"{slug}#{n} does not exist: {card['name']} has {count} official ruling"
            f"{'s' if count > 1 else ''} → use {slug}#1–#{count}")
