"""Reads YAML and JSON keeping the line of every key and item, with no code execution, no
aliases (so no alias bombs) and a size cap."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from rulings.facts.errors import InputError, Problem

MAX_BYTES = 1_000_000
# libyaml's parser when PyYAML has it: the same nodes and marks, several times faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DEPTH = 40


class Mapping(dict):
    """A dict that knows the line of each key."""

    line: int = 0
    key_lines: dict[str, int]


class Sequence(list):
    """A list that knows the line of each item."""

    line: int = 0
    item_lines: list[int]


def line_of(container: Any, key: Any = None) -> int:
    if key is not None:
        if isinstance(container, Mapping):
            return container.key_lines.get(key, container.line)
        if isinstance(container, Sequence) and isinstance(key, int):
            if 0 <= key < len(container.item_lines):
                return container.item_lines[key]
    return getattr(container, "line", 0)


def read(path: str | Path, text: str | None = None) -> Any:
    """Parse a YAML or JSON file (or the given text, named `path`) into located values."""
    value, problems = read_reporting(path, text)
    if problems:
        raise InputError(problems)
    return value


def read_reporting(path: str | Path, text: str | None = None) -> tuple[Any, list[Problem]]:
    """Like read, but problems that leave the data readable (a YAML tag, an anchor with no
    alias, a key given twice, nesting too deep at one place) come back with the data instead
    of stopping the reading: the situation loader then reports them together with its own,
    so one of them doesn't hide the others. Problems that leave nothing to read (syntax,
    size, aliases) are still raised."""
    name = str(path)
    if text is None:
        text = _read_capped(Path(path), name)
    if len(text) > MAX_BYTES:
        raise InputError([Problem(name, 0, "the input is too large",
                                  f"keep a situation under {MAX_BYTES:,} bytes")])
    if not text.strip():
        raise InputError([Problem(name, 1, "the file is empty",
                                  "describe a situation: players, objects and an event")])
    if name.endswith(".json") or text.lstrip().startswith(("{", "[")):
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError([Problem(name, exc.lineno, f"JSON syntax error: {exc.msg}",
                                      "fix the JSON syntax at that place")]) from None
        except RecursionError:
            raise InputError([_too_deep(name, 1)]) from None
    try:
        soft = _refuse_anchors(text, name)
        node = yaml.compose(text, Loader=_LOADER)
    except RecursionError:
        raise InputError([_too_deep(name, 1)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        if "nesting depth" in str(exc.problem):
            raise InputError([_too_deep(name, line)]) from None
        raise InputError([Problem(name, line, f"YAML syntax error: {exc.problem}",
                                  "fix the YAML syntax at that place")]) from None
    except yaml.YAMLError as exc:
        raise InputError([Problem(name, 0, f"YAML error: {exc}", "fix the YAML")]) from None
    if node is None:
        raise InputError([Problem(name, 1, "the file has no content",
                                  "describe a situation: players, objects and an event")])
    problems: list[Problem] = list(soft)
    try:
        value = _convert(node, name, problems, 0)
    except RecursionError:
        raise InputError([_too_deep(name, 1)]) from None
    return value, problems


def _read_capped(path: Path, name: str) -> str:
    """The text of a file, reading at most MAX_BYTES + 1 bytes: a device or pipe that never
    ends (/dev/zero) is refused as too large instead of filling memory."""
    if os.path.isdir(path):
        raise InputError([Problem(name, 0, "this is a directory, not a situation file",
                                  "give the path of a .yaml or .json file in it")])
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError([Problem(name, 0, f"can't read the file ({reason})",
                                  "give the path of a readable situation file")]) from None
    if len(raw) > MAX_BYTES:
        raise InputError([Problem(name, 0, f"the input is too large (over {MAX_BYTES:,} bytes)",
                                  f"keep a situation under {MAX_BYTES:,} bytes")])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InputError([Problem(name, line, "the file is not UTF-8 text",
                                  "save it as UTF-8")]) from None


def _too_deep(name: str, line: int) -> Problem:
    return Problem(name, line, "the input is nested too deeply",
                   f"keep nesting under {MAX_DEPTH} levels")


def _refuse_anchors(text: str, name: str) -> list[Problem]:
    """Anchors, aliases and explicit tags are refused from the parser's events, before any
    node is built: that is how an alias bomb is stopped without ever expanding it, and how
    `!!python/object` never reaches a constructor. An alias stops the reading (raised);
    anchors and tags alone are returned: the data stays readable, their values plain."""
    problems: list[Problem] = []
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1 if event.start_mark else 0
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(problems + [_too_deep(name, line)])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        tag = getattr(event, "tag", None)
        implicit = getattr(event, "implicit", None)
        explicit = tag and not (implicit is True or (isinstance(implicit, tuple) and implicit[0]))
        if explicit and not isinstance(event, yaml.DocumentStartEvent):
            shown = str(tag).replace("tag:yaml.org,2002:", "!!")
            problems.append(Problem(name, line, f"the YAML tag '{shown}' is not allowed",
                                    "write a plain value without a '!' tag"))
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent):
            problems.append(Problem(name, line, f"YAML alias '*{anchor}' is not allowed",
                                    "write the value out in full"))
        elif anchor:
            problems.append(Problem(name, line, f"YAML anchor '&{anchor}' is not allowed",
                                    "write the value out in full"))
        if len(problems) >= 20:
            break
    if any("alias" in p.what for p in problems):
        raise InputError(problems)
    return problems


def _convert(node: yaml.Node, name: str, problems: list[Problem], depth: int) -> Any:
    line = node.start_mark.line + 1
    if depth > MAX_DEPTH:
        problems.append(Problem(name, line, "the input is nested too deeply",
                                f"keep nesting under {MAX_DEPTH} levels"))
        return None
    anchor = getattr(node, "anchor", None)
    if anchor:
        problems.append(Problem(name, line, f"YAML anchor '&{anchor}' is not allowed",
                                "write the value out in full"))
        return None  # never expand a shared node: that is how alias bombs explode
    if isinstance(node, yaml.MappingNode):
        out = Mapping()
        out.line = line
        out.key_lines = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(name, key_node.start_mark.line + 1,
                                        "YAML merge keys ('<<') are not allowed",
                                        "write the keys out in full"))
                continue
            key = _convert(key_node, name, problems, depth + 1)
            if not isinstance(key, str):
                key = str(key)
            if key in out:  # the first is kept (and checked); the second only reported
                problems.append(Problem(name, key_node.start_mark.line + 1,
                                        f"the key '{key}' appears twice",
                                        "keep one of them"))
                _convert(value_node, name, problems, depth + 1)
                continue
            out.key_lines[key] = key_node.start_mark.line + 1
            out[key] = _convert(value_node, name, problems, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = Sequence()
        seq.line = line
        seq.item_lines = []
        for item in node.value:
            seq.item_lines.append(item.start_mark.line + 1)
            seq.append(_convert(item, name, problems, depth + 1))
        return seq
    if isinstance(node, yaml.ScalarNode):
        if node.tag.endswith(":null"):
            return None
        if node.tag.endswith(":bool"):
            return node.value.lower() in ("true", "yes", "on", "y")
        if node.tag.endswith(":int"):
            try:
                return int(node.value.replace("_", ""), 0)
            except ValueError:
                return node.value
        if node.tag.endswith(":float"):
            try:
                return float(node.value)
            except ValueError:
                return node.value
        return node.value
    # an alias node: anchors are refused above, so this can only be a dangling alias
    problems.append(Problem(name, line, "YAML aliases ('*name') are not allowed",
                            "write the value out in full"))
    return None
