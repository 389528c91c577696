"""`rulings lint`: check the knowledge base and case files without running them.

What is checked:
- card files: the card schema (facts.cards.read_card, which also rejects unknown keys) and
  that the file is named by the slug of the card's name;
- case files: the case format (rulings.cases.load_case), that the situation loads, that
  `covers` holds citations, and that `rule:`/`id:` in expectations name rules that exist;
- situation files: that they load;
- rules (when the knowledge base is linted): ids unique and not shadowed (two topic classes
  with a method of the same name: only one survives in the engine class), every rule has
  citations of the right shape, explanation templates (`because`, `absent`, `says`) use only
  variables the rule binds outside NOT (plus the Ruling's slots for `says`), the body's
  parameters are bound; a rule with NOT conditions and no `absent` sentence is a warning
  (an error with --strict);
- citations: that every cited rule number and official ruling exists (rulings.reference,
  against --cr/--cards files or the imported data; without either, only their shape).

Every problem is reported at once as `file:line: what is wrong → what would be right`.
"""

from __future__ import annotations

import ast
import inspect
import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings.facts.errors import InputError, Problem, nearest

CR_SHAPE = re.compile(r"CR \d{1,3}(?:\.\d+[a-z]?)?(?:[–-]\d{1,3}(?:\.\d+[a-z]?)?)?")
RULING_SHAPE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*#\d+")
YAML_SUFFIXES = (".yaml", ".yml", ".json")


@dataclass
class LintResult:
    files: int = 0
    problems: list[str] = field(default_factory=list)
    #: weaker findings (exit status 0 unless --strict), in the same shape as problems
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, problems: Iterable[Problem | str]) -> None:
        self.problems.extend(str(p) for p in problems)


# -- where things are -----------------------------------------------------------------------

def knowledge_dir() -> Path:
    import rulings.knowledge

    return Path(rulings.knowledge.__file__).resolve().parent


def default_paths() -> list[Path]:
    """The knowledge base and the repository's case corpora (those that exist)."""
    root = knowledge_dir().parent
    paths = [knowledge_dir()]
    paths += [p for p in (root / "tests" / "cases", root / "tests" / "quiet") if p.is_dir()]
    return paths


# -- the whole lint -------------------------------------------------------------------------

def lint(paths: list[str | Path] | None = None, cr_file: str | Path | None = None,
         cards_file: str | Path | None = None, engine_cls: type | None = None) -> LintResult:
    """Lint `paths` (default: the knowledge base and tests/cases). Rules are linted when the
    knowledge base's rules are among the paths (or `engine_cls` is given)."""
    _READ.clear()
    result = LintResult()
    targets = [Path(p) for p in paths] if paths else default_paths()
    rules_dir = knowledge_dir() / "rules"
    lint_rules_too = engine_cls is not None
    for target in targets:
        if not target.exists():
            result.add([Problem(str(target), 0, "no such file or directory",
                                "give card, case or situation files, or directories")])
            continue
        for file in _files(target):
            if file.suffix == ".py":
                if _inside(file, rules_dir):
                    lint_rules_too = True
                    result.files += 1
                continue
            result.files += 1
            result.add(lint_file(file))
            if _kind_of_file(file) == "card":
                result.warnings += [str(w) for w in unparsed_parts(file)]
    known_rules: set[str] | None = None
    if lint_rules_too:
        found, known_rules, warnings = lint_rules(engine_cls)
        result.add(found)
        result.warnings += warnings
    if known_rules is None:
        known_rules = _known_rule_ids()
    if known_rules:
        for file in (f for t in targets if t.exists() for f in _files(t)):
            if file.suffix in YAML_SUFFIXES and _kind_of_file(file) == "case":
                result.add(_expected_rules(file, known_rules))
    citation_problems, note = lint_citations([t for t in targets if t.exists()], cr_file,
                                             cards_file)
    result.add(citation_problems)
    if note:
        result.notes.append(note)
    result.problems = sorted(set(result.problems), key=problem_order)
    result.warnings = sorted(set(result.warnings), key=problem_order)
    return result


def problem_order(text: str) -> tuple[str, int, str]:
    m = re.match(r"(.*?):(\d+): ", text)
    if m:
        return (m.group(1), int(m.group(2)), text)
    return (text.split(":", 1)[0], 0, text)


def _files(target: Path) -> Iterator[Path]:
    if target.is_file():
        yield target
        return
    for path in sorted(target.rglob("*")):
        # hidden folders below the target only: an installed package lives in a .venv
        inner = path.relative_to(target).parts
        if any(part.startswith(".") or part == "__pycache__" for part in inner):
            continue
        if path.is_file() and (path.suffix in YAML_SUFFIXES or path.suffix == ".py"):
            yield path


def _inside(path: Path, directory: Path) -> bool:
    try:
        path.resolve().relative_to(directory.resolve())
    except ValueError:
        return False
    return True


# -- one YAML/JSON file ----------------------------------------------------------------------

def lint_file(path: Path) -> list[Problem]:
    kind = _kind_of_file(path)
    if kind == "card":
        return lint_card_file(path)
    if kind == "case":
        return lint_case_file(path)
    if kind == "situation":
        return lint_situation_file(path)
    if kind == "unreadable":
        try:
            _read(path)
        except InputError as exc:
            return list(exc.problems)
    return [Problem(str(path), 1, "not a card, case or situation file",
                    "a card has name: and types:, a case has case: and situation:, "
                    "a situation has players: and event:")]


_READ: dict[tuple[str, int], Any] = {}
_IDS: dict[tuple[str, int], list[tuple[str, int]]] = {}


def _read(path: Path) -> Any:
    """A file's located data, parsed once per lint run (the data is only read, never
    changed). A file that does not parse raises InputError every time."""
    from rulings.facts import located

    try:
        key = (str(path), path.stat().st_mtime_ns)
    except OSError:
        return located.read(path)
    if key not in _READ:
        try:
            _READ[key] = located.read(path)
        except InputError as exc:
            _READ[key] = exc
    found = _READ[key]
    if isinstance(found, InputError):
        raise found
    return found


def _kind_of_file(path: Path) -> str:
    if path.parent.name == "cards" and _inside(path, knowledge_dir()):
        return "card"
    try:
        data = _read(path)
    except InputError:
        return "unreadable"
    if not isinstance(data, dict):
        return "other"
    if "case" in data or "expect" in data or ("situation" in data and "players" not in data):
        return "case"
    if "players" in data or "event" in data:
        return "situation"
    if "name" in data and ("types" in data or "abilities" in data):
        return "card"
    return "other"


def lint_card_file(path: Path) -> list[Problem]:
    from rulings.facts.cards import read_card, slug

    try:
        data = _read(path)
    except InputError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    card = read_card(data, str(path), problems)
    if card is not None and card.slug != path.stem:
        problems.append(Problem(str(path), card.line or 1,
                                f"the file name '{path.name}' does not match the card name "
                                f"'{card.name}'", f"name the file {slug(card.name)}.yaml"))
    if card is not None and not problems:
        problems += _lowering_problems(card, path)
    if card is not None:
        for cite in card.cites:
            if not RULING_SHAPE.fullmatch(cite) and not CR_SHAPE.fullmatch(cite):
                problems.append(Problem(str(path), _line_of_key(data, "cites"),
                                        f"'{cite}' in cites is not a citation",
                                        f"write {card.slug}#1 or CR 106.5"))
    return problems


def unparsed_parts(path: Path) -> list[Problem]:
    """The `unparsed` abilities of a card file: what the knowledge base does not model (the
    rules never guess at them; answers say so)."""
    from rulings.facts.cards import read_card

    try:
        data = _read(path)
    except InputError:
        return []
    card = read_card(data, str(path), [])
    if card is None:
        return []
    return [Problem(str(path), ab.line, f"warning: ability {ab.number} is not modelled: "
                    f"{ab.parts.get('text', '')!r}",
                    str(ab.parts.get("gap", "")) or "write it in the effect language")
            for ab in card.abilities if ab.kind == "unparsed"]


def _lowering_problems(card: Any, path: Path) -> list[Problem]:
    """A card that reads must also lower into facts (docs/effect-language.md): every fact
    complete. A failure here is a bug of the language, reported at the card."""
    from rulings.facts.lowering import lower

    try:
        for fact in lower(card, card.slug).facts:
            fact.completed()
    except Exception as exc:  # a registry/lowering bug: say where, don't crash the lint
        return [Problem(str(path), card.line or 1,
                        f"the card reads but can't be lowered into facts ({exc!r})",
                        "report it: the effect language's lowering misses this shape")]
    return []


def lint_case_file(path: Path) -> list[Problem]:
    """The case format, the situation and the shape of `covers`, each checked even when
    another part is broken, so one run shows every problem."""
    from rulings.cases import load_case
    from rulings.facts.situation import Loader

    try:
        data = _read(path)
    except InputError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    try:
        load_case(path)
    except InputError as exc:
        problems += exc.problems
    if isinstance(data, dict) and "situation" in data:
        try:
            Loader(str(path)).load(data["situation"])
        except InputError as exc:
            problems += exc.problems
    covers = data.get("covers") if isinstance(data, dict) else None
    for cite in covers if isinstance(covers, list) else []:
        if not RULING_SHAPE.fullmatch(str(cite)) and not CR_SHAPE.fullmatch(str(cite)):
            problems.append(Problem(str(path), _line_of_key(data, "covers"),
                                    f"'{cite}' in covers is not a citation",
                                    "write CR 106.5 or card-slug#1"))
    return problems


def lint_situation_file(path: Path) -> list[Problem]:
    from rulings.facts.situation import load

    try:
        load(path)
    except InputError as exc:
        return list(exc.problems)
    return []


def _line_of_key(data: Any, key: str) -> int:
    from rulings.facts.located import line_of

    return line_of(data, key) or line_of(data) or 1


def _expected_rules(path: Path, known: set[str]) -> list[Problem]:
    """`rule:` and `id:` in expect/expect_not must name rules of the knowledge base: a typo
    there makes an expect_not pass for nothing."""
    from rulings.facts.located import line_of

    try:
        data = _read(path)
    except InputError:
        return []
    problems: list[Problem] = []
    for key in ("expect", "expect_not"):
        items = data.get(key) if isinstance(data, dict) else None
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            for field_name in ("rule", "id"):
                value = item.get(field_name)
                if not isinstance(value, str):
                    continue
                rule_id = value.split("/", 1)[0] if field_name == "id" else value
                if rule_id not in known and rule_id != "engine.could-not-decide":
                    problems.append(Problem(
                        str(path), line_of(item, field_name) or line_of(items, i),
                        f"{key} names the rule '{rule_id}', which does not exist",
                        nearest(rule_id, known, "rule ids")))
    return problems


# -- rules -----------------------------------------------------------------------------------

def rule_objects(cls: type) -> dict[str, Any]:
    """The rules of a knowledge class by attribute name."""
    from rulings.engine.experta_compat import Rule

    found: dict[str, Any] = {}
    for name in dir(cls):
        value = getattr(cls, name, None)
        if isinstance(value, Rule) and value._wrapped is not None:
            found[name] = value
    return found


def rule_ids(cls: type) -> list[str]:
    return sorted(r._wrapped.__name__ for r in rule_objects(cls).values())


def _known_rule_ids() -> set[str]:
    try:
        from rulings.knowledge.rules import engine_class

        return set(rule_ids(engine_class()))
    except Exception:
        return set()


def lint_rules(engine_cls: type | None = None
               ) -> tuple[list[str], set[str] | None, list[str]]:
    """Problems with the rules of `engine_cls` (default: the knowledge base's engine class),
    the rule ids (None when the knowledge base can't even be imported), and warnings."""
    problems: list[str] = []
    warnings: list[str] = []
    default = engine_cls is None
    if engine_cls is None:
        problems += [str(p) for p in duplicate_ids(knowledge_dir() / "rules")]
        try:
            from rulings.knowledge.rules import engine_class

            engine_cls = engine_class()
        except Exception as exc:  # a broken rule module stops the engine: say where
            where = _exception_location(exc)
            problems.append(f"{where}: the knowledge base does not import: "
                            f"{type(exc).__name__}: {exc} → fix the rule module")
            return problems, None, warnings
    if default:
        problems += [str(p) for p in lost_rules(engine_cls)]
    rules = rule_objects(engine_cls)
    problems += [str(p) for p in shadowed_rules(engine_cls, rules)]
    for rule in sorted(rules.values(), key=lambda r: r._wrapped.__name__):
        problems += [str(p) for p in lint_rule(rule)]
        warnings += [str(p) for p in rule_warnings(rule)]
    return problems, {r._wrapped.__name__ for r in rules.values()}, warnings


def _exception_location(exc: BaseException) -> str:
    tb = exc.__traceback__
    where = "knowledge/rules"
    while tb is not None:
        file = tb.tb_frame.f_code.co_filename
        if "knowledge" in file and "rules" in file:
            where = f"{file}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


def duplicate_ids(rules_dir: Path) -> list[Problem]:
    """Rule ids declared more than once in the rule modules (read from the source, so it works
    even when the registry refuses the second one at import)."""
    seen: dict[str, tuple[str, int]] = {}
    problems: list[Problem] = []
    for path in sorted(rules_dir.glob("*.py")):
        for rule_id, line in declared_ids(path):
            if rule_id in seen:
                first = seen[rule_id]
                problems.append(Problem(str(path), line, f"rule id '{rule_id}' is already "
                                        f"declared at {first[0]}:{first[1]}",
                                        "give each rule its own id (ids are never reused)"))
            else:
                seen[rule_id] = (str(path), line)
    return problems


def declared_ids(path: Path) -> list[tuple[str, int]]:
    """(id, line) of every `@rule(..., id="…")` in a module's source."""
    try:
        key = (str(path), path.stat().st_mtime_ns)
        if key in _IDS:
            return _IDS[key]
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for deco in node.decorator_list:
            if not (isinstance(deco, ast.Call) and _called_name(deco.func) == "rule"):
                continue
            for kw in deco.keywords:
                if kw.arg == "id" and isinstance(kw.value, ast.Constant):
                    found.append((str(kw.value.value), kw.value.lineno))
    _IDS[key] = found
    return found


def _called_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def shadowed_rules(cls: type, rules: dict[str, Any]) -> list[Problem]:
    """Rules lost because another topic class has a method of the same name."""
    problems: list[Problem] = []
    for base in cls.__mro__[1:]:
        for name, value in vars(base).items():
            if name not in rules or not hasattr(value, "_wrapped") or value is rules[name]:
                continue
            if getattr(value, "_wrapped", None) is None:
                continue
            lost = value._wrapped.__name__
            kept = rules[name]._wrapped.__name__
            file, line = rule_location(value)
            problems.append(Problem(file, line, f"rule '{lost}' is hidden by rule '{kept}': "
                                    f"both are methods named '{name}'",
                                    "rename one of the two methods"))
    return problems


def lost_rules(cls: type) -> list[Problem]:
    """Rules of the knowledge base's topic modules that were declared (they are in the
    registry) but are not in the engine class: a later method of the same name in the same
    class replaced them."""
    from rulings.engine.rules import REGISTRY
    from rulings.knowledge.rules import topic_modules

    topics = set(topic_modules())
    present = set(rule_ids(cls))
    problems: list[Problem] = []
    for rule_id, info in sorted(REGISTRY.items()):
        if info.topic not in topics or rule_id in present:
            continue
        path = knowledge_dir() / "rules" / f"{info.topic}.py"
        line = next((n for i, n in declared_ids(path) if i == rule_id), 0)
        problems.append(Problem(str(path), line, f"rule '{rule_id}' is not in the engine: "
                                "another method of the same name in its class replaces it",
                                "give each rule method its own name"))
    return problems


def rule_body(rule: Any) -> Any:
    fire = rule._wrapped
    cells = dict(zip(fire.__code__.co_freevars, fire.__closure__ or (), strict=False))
    cell = cells.get("body")
    return cell.cell_contents if cell is not None else fire


def rule_location(rule: Any) -> tuple[str, int]:
    body = rule_body(rule)
    rule_id = rule._wrapped.__name__
    try:
        file = inspect.getsourcefile(body) or "<unknown>"
    except TypeError:
        return "<unknown>", 0
    for declared, line in declared_ids(Path(file)):
        if declared == rule_id:
            return file, line
    try:
        return file, inspect.getsourcelines(body)[1]
    except (OSError, TypeError):
        return file, 0


def pattern_names(rule: Any) -> tuple[set[str], set[str], set[str], int]:
    """(variables bound outside NOT, facts bound with AS, variables that appear only inside
    NOT/EXISTS/FORALL, how many NOT conditions) of a rule's conditions."""
    from rulings.engine.experta_compat import NOT, TEST, Fact, experta

    EXISTS = experta.conditionalelement.EXISTS
    FORALL = experta.conditionalelement.FORALL
    ANDFC = experta.fieldconstraint.ANDFC
    NOTFC = experta.fieldconstraint.NOTFC
    ORFC = experta.fieldconstraint.ORFC

    bound: set[str] = set()
    facts: set[str] = set()
    negated: set[str] = set()
    nots = 0

    def constraint(value: Any, into: set[str]) -> None:
        if isinstance(value, NOTFC):
            return  # "differs from x": uses x, binds nothing
        if isinstance(value, (ANDFC, ORFC)):
            for part in value:
                constraint(part, into)
            return
        name = getattr(value, "__bind__", None)
        if isinstance(name, str) and name:
            into.add(name)

    def walk(element: Any, inside_not: bool) -> None:
        nonlocal nots
        if isinstance(element, Fact):
            name = element.get("__bind__")
            if isinstance(name, str) and not inside_not:
                facts.add(name)
            for key, value in element.items():
                if not Fact.is_special(key):
                    constraint(value, negated if inside_not else bound)
            return
        if isinstance(element, TEST):
            return
        if isinstance(element, (NOT, EXISTS, FORALL)):
            if isinstance(element, NOT):
                nots += 1
            for part in element:
                walk(part, True)
            return
        if isinstance(element, tuple):
            for part in element:
                walk(part, inside_not)

    for element in rule:
        walk(element, False)
    return bound, facts, negated - bound, nots


def lint_rule(rule: Any) -> list[Problem]:
    from rulings.facts.rulings import Ruling

    info = getattr(rule._wrapped, "rule_info", None)
    file, line = rule_location(rule)
    rule_id = rule._wrapped.__name__
    if info is None:
        return [Problem(file, line, f"rule '{rule_id}' was not declared with @rule",
                        "declare it with rulings.engine.rules.rule(…, id=, cites=, because=)")]
    problems: list[Problem] = []
    if not info.cites:
        problems.append(Problem(file, line, f"rule '{rule_id}' cites nothing",
                                "add cites=(\"CR …\",) or an official ruling card-slug#n"))
    for cite in info.cites:
        if not CR_SHAPE.fullmatch(cite) and not RULING_SHAPE.fullmatch(cite):
            problems.append(Problem(file, line, f"rule '{rule_id}' cites '{cite}', which is "
                                    "not a citation", "write CR 701.23b or card-slug#n"))
    if not info.because.strip():
        problems.append(Problem(file, line, f"rule '{rule_id}' has no 'because'",
                                "say in plain words why the conclusion holds"))
    bound, facts, negated, nots = pattern_names(rule)
    shown = bound | set(info.inherits)  # inherits: bound in an inline premise's proof
    ruling_slots = set(Ruling.slots)
    for what, templates, allowed in (
        ("because", [info.because], shown),
        ("absent", list(info.absent), shown),
        ("says", [info.says], shown | ruling_slots),
    ):
        for template in templates:
            try:
                fields = _fields(template)
            except ValueError as exc:
                problems.append(Problem(file, line, f"rule '{rule_id}': the '{what}' template "
                                        f"does not parse ({exc})",
                                        "write {{ and }} for literal braces"))
                continue
            for name in sorted(fields - allowed):
                if name in negated:
                    fix = (f"'{name}' is bound only inside NOT, so it has no value; bind it "
                           "in a positive pattern or reword")
                elif name in facts:
                    fix = f"'{name}' is a whole fact (AS); use one of its slots via MATCH"
                else:
                    fix = nearest(name, allowed, "bound variables") or "bind it with MATCH"
                problems.append(Problem(file, line, f"rule '{rule_id}': '{what}' uses "
                                        f"{{{name}}}, which the rule does not bind", fix))
    for param in info.params:
        if param not in bound and param not in facts:
            problems.append(Problem(file, line, f"rule '{rule_id}': the body takes "
                                    f"'{param}', which the rule does not bind",
                                    nearest(param, bound | facts, "bound variables")
                                    or "bind it with MATCH or drop the parameter"))
    return problems


def rule_warnings(rule: Any) -> list[Problem]:
    """Weaker findings: a rule with NOT conditions whose explanation never says what was
    absent (the justification then leaves out part of why the conclusion holds)."""
    info = getattr(rule._wrapped, "rule_info", None)
    if info is None:
        return []
    nots = pattern_names(rule)[3]
    if not nots or info.absent:
        return []
    file, line = rule_location(rule)
    return [Problem(file, line, f"warning: rule '{rule._wrapped.__name__}' has {nots} NOT "
                    f"condition{'s' if nots > 1 else ''} but no 'absent' sentence",
                    "add absent=(\"…\",): one sentence per NOT, saying what was absent")]


def _fields(template: str) -> set[str]:
    names: set[str] = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name:
            names.add(name.split(".")[0].split("[")[0])
    return names


# -- citations -------------------------------------------------------------------------------

def lint_citations(paths: list[Path], cr_file: str | Path | None = None,
                   cards_file: str | Path | None = None) -> tuple[list[str], str]:
    """Problems with citations under `paths`, and a note on what they were checked against.
    With --cr and --cards: those files; else the imported data; else only their shape."""
    if cr_file and cards_file:
        from rulings.reference import check_citations

        try:
            return check_citations(list(paths), Path(cr_file), Path(cards_file)), ""
        except Exception as exc:
            return [f"{cr_file}: can't read the rules or card file ({exc}) → check --cr and "
                    "--cards"], ""
    books = _imported_books()
    if books is not None:
        from rulings.reference.citations import check_text

        rules, cards = books
        problems: list[str] = []
        for file in (f for p in paths for f in _files(p)):
            text = file.read_text(encoding="utf-8", errors="replace")
            problems += check_text(text, str(file), rules, cards, "the imported rulings")
        return problems, ""
    return [], ("citations were checked for shape only: no imported data (rulings data "
                "import-cr FILE, import-rulings FILE) and no --cr FILE --cards FILE")


def _imported_books() -> tuple[Any, Any] | None:
    try:
        from rulings.reference import card_book, rules_book

        return rules_book(), card_book()
    except Exception:
        return None


__all__ = ["lint", "LintResult", "lint_file", "lint_rules", "lint_rule", "rule_warnings",
           "rule_ids",
           "rule_objects", "pattern_names", "default_paths"]
