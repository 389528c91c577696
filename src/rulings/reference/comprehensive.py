"""The one parser for the Comprehensive Rules text file.

Numbering in the CR: chapters ("7. Additional Rules"), sections ("701. Keyword Actions"),
rules ("701.23." — the period after the number is usual but not always printed) and
subrules ("701.23b", never with the letters l or o). The table of contents at the top repeats
the chapter and section headings, so the body starts at the last chapter heading before the
first numbered rule.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from pathlib import Path
from typing import Any

from rulings.reference.errors import ReferenceDataError
from rulings.reference.numbering import number_key
from rulings.reference.store import CR_FORMAT, CR_VERSION

TITLE = "Comprehensive Rules"
GET_IT = "use the TXT file from https://magic.wizards.com/en/rules"

_CHAPTER = re.compile(r"([1-9])\.\s+(\S.*)")
_SECTION = re.compile(r"([1-9]\d\d)\.\s+(\S.*)")
# Some editions print "606.5 " or "119.1d." — tolerate the missing or extra period.
_RULE = re.compile(r"([1-9]\d\d\.\d+[a-z]?)\.?\s+(\S.*)")
_EXAMPLE = re.compile(r"Example:\s*(.*)")
_EFFECTIVE = re.compile(r"These rules are effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")


# --- reading the file -----------------------------------------------------------------------


def decode(raw: bytes, source: str | os.PathLike[str]) -> str:
    """Bytes → text with LF line ends, whatever the edition used (BOM or not; CRLF, CR, LF)."""
    if b"\x00" in raw[:4096]:
        raise ReferenceDataError(
            source, "this is a binary file, not the Comprehensive Rules text", GET_IT
        )
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        # Some older editions were saved as Windows-1252.
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError as exc:
            before = raw[: exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            line = before.count(b"\n") + 1
            raise ReferenceDataError(
                source, "undecodable bytes: the file is garbled", GET_IT, line
            ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def parse_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and parse a CR text file into the stored form (see parse_text)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ReferenceDataError(path, f"cannot read the file ({exc.strerror})", GET_IT) from None
    return parse_bytes(raw, path)


def parse_bytes(raw: bytes, source: str | os.PathLike[str]) -> dict[str, Any]:
    data = parse_text(decode(raw, source), source)
    data["source"] = {
        "file": Path(source).name,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "bytes": len(raw),
    }
    return data


def parse_text(text: str, source: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse the whole document; raise ReferenceDataError (with a line) when it isn't a CR.

    Returns {"format", "version", "effective" (ISO date), "effective_text",
    "rules": [{"number", "text", "examples"}] in document order (chapters and sections
    included), "glossary": [{"term", "definition"}]}.
    """
    lines = [line.rstrip() for line in text.split("\n")]
    _check_title(lines, source)
    effective_text, effective = _effective_date(lines, source)
    body_start = _body_start(lines, source)
    rules, glossary_at = _parse_body(lines, body_start, source)
    glossary = _parse_glossary(lines, glossary_at, source)
    return {
        "format": CR_FORMAT,
        "version": CR_VERSION,
        "effective": effective,
        "effective_text": effective_text,
        "rules": rules,
        "glossary": glossary,
    }


def _check_title(lines: list[str], source: str | os.PathLike[str]) -> None:
    head = [(no, line.strip()) for no, line in enumerate(lines[:40], 1) if line.strip()][:5]
    if not head:
        raise ReferenceDataError(source, "the file is empty", GET_IT)
    first_no, first = head[0]
    if first[0] in "{[":
        raise ReferenceDataError(
            source,
            "this is a JSON file, not the Comprehensive Rules text",
            "card rulings are imported with `rulings data import-rulings FILE`; for the rules "
            + GET_IT,
            first_no,
        )
    if not any(TITLE in line for _, line in head):
        raise ReferenceDataError(
            source,
            f"expected the title “Magic: The Gathering {TITLE}” at the top, "
            f"found “{first[:60]}”",
            GET_IT,
            first_no,
        )


def _effective_date(lines: list[str], source: str | os.PathLike[str]) -> tuple[str, str]:
    for no, line in enumerate(lines, 1):
        m = _EFFECTIVE.search(line)
        if m:
            try:
                day = dt.datetime.strptime(m.group(1), "%B %d, %Y").date()
            except ValueError:
                raise ReferenceDataError(
                    source, f"unreadable effective date “{m.group(1)}”",
                    "expected a date like “April 17, 2026”", no,
                ) from None
            return m.group(1), day.isoformat()
    raise ReferenceDataError(
        source,
        "no “These rules are effective as of …” line: cannot tell which edition this is",
        GET_IT,
    )


def _body_start(lines: list[str], source: str | os.PathLike[str]) -> int:
    first_rule = next((i for i, line in enumerate(lines) if _RULE.fullmatch(line)), None)
    if first_rule is None:
        raise ReferenceDataError(
            source, "no numbered rules such as “100.1.” found", GET_IT + " (whole file)"
        )
    for i in range(first_rule - 1, -1, -1):
        if _CHAPTER.fullmatch(lines[i]):
            return i
    raise ReferenceDataError(
        source, "expected a chapter heading such as “1. Game Concepts” before the first rule",
        GET_IT, first_rule + 1,
    )


def _parse_body(
    lines: list[str], start: int, source: str | os.PathLike[str]
) -> tuple[list[dict[str, Any]], int]:
    """Rules from `start` up to the "Glossary" heading; returns (rules, glossary line index)."""
    rules: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    last_key: tuple[Any, ...] = ()
    for i in range(start, len(lines)):
        raw = lines[i]
        line = raw.strip()
        if not line:
            continue
        if line == "Glossary":
            if not rules:
                break
            return rules, i
        m = None
        if raw == line:  # numbered lines are never indented; indented lines continue a rule
            m = _RULE.fullmatch(line) or _SECTION.fullmatch(line) or _CHAPTER.fullmatch(line)
        if m:
            number, text = m.group(1), m.group(2)
            key = number_key(number)
            if key <= last_key:
                raise ReferenceDataError(
                    source,
                    f"rule {number} comes after {rules[-1]['number']}: the numbering goes back",
                    "the file looks garbled or edited; " + GET_IT, i + 1,
                )
            last_key = key
            current = {"number": number, "text": text, "examples": []}
            rules.append(current)
            continue
        if current is None:
            raise ReferenceDataError(
                source, f"text before the first rule: “{line[:50]}”", GET_IT, i + 1
            )
        example = _EXAMPLE.fullmatch(line)
        if example:
            current["examples"].append(example.group(1))
        elif current["examples"]:  # a paragraph after an example carries on that example
            current["examples"][-1] += "\n" + line
        else:
            current["text"] += "\n" + line
    last = len(lines)
    while last > 1 and not lines[last - 1].strip():
        last -= 1
    raise ReferenceDataError(
        source,
        "the file ends before the Glossary: it looks truncated",
        "download it again; " + GET_IT, last,
    )


def _parse_glossary(
    lines: list[str], at: int, source: str | os.PathLike[str]
) -> list[dict[str, str]]:
    """Entries are a term line then definition lines, separated by blank lines, up to Credits."""
    entries: list[dict[str, str]] = []
    block: list[str] = []
    for i in range(at + 1, len(lines)):
        line = lines[i].strip()
        if line == "Credits":
            if block:
                entries.append(_entry(block, source, i))
            if not entries:
                raise ReferenceDataError(source, "the Glossary is empty", GET_IT, at + 1)
            return entries
        if line:
            block.append(line)
        elif block:
            entries.append(_entry(block, source, i))
            block = []
    raise ReferenceDataError(
        source,
        "the file ends inside the Glossary (no “Credits” heading): it looks truncated",
        "download it again; " + GET_IT, len(lines),
    )


def _entry(block: list[str], source: str | os.PathLike[str], end: int) -> dict[str, str]:
    if len(block) < 2:
        raise ReferenceDataError(
            source, f"glossary term “{block[0][:50]}” has no definition",
            "each term line is followed by its definition", end - len(block) + 1,
        )
    return {"term": block[0], "definition": "\n".join(block[1:])}
