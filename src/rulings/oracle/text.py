"""Stage 1: from a card's Oracle text to its abilities' texts.

Reminder text (in parentheses) is dropped, the card's own name becomes "~" (CR 201.5: a
card's name in its text means that object), dashes and quotes are made plain, and the
lines are grouped into abilities: one line is one ability, except a modal spell's
"Choose one —" line, which takes its "•" lines with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SPACES = re.compile(r"[ \t]+")


@dataclass(frozen=True)
class AbilityText:
    number: int
    text: str        # as printed, reminder text removed (for reports)
    norm: str        # lower case, the card's own name as "~" (what the grammar reads)


def self_names(name: str) -> list[str]:
    """The names a card's text may call itself: the full name, and for a legendary
    "Name, the Title" or "Name of the Place" its short name."""
    names = [name]
    short = name.split(",", 1)[0].strip()
    if short != name and len(short) > 2:
        names.append(short)
    return names


def plain(text: str) -> str:
    """Typographic variants to plain ASCII where the grammar cares."""
    return (text.replace("\u2212", "-").replace("\u2019", "'").replace("\u2018", "'")
            .replace("\u201c", '"').replace("\u201d", '"').replace("\u2014", "—"))


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _as_tilde(text: str, name: str) -> str:
    """`name` as "~" wherever it stands as whole words (a regex per card would be compiled
    afresh for every card: the names don't repeat, so re's cache doesn't help)."""
    out, i = [], 0
    while (j := text.find(name, i)) >= 0:
        end = j + len(name)
        if (j and _word_char(text[j - 1])) or (end < len(text) and _word_char(text[end])):
            out.append(text[i:j + 1])
            i = j + 1
            continue
        out += [text[i:j], "~"]
        i = end
    out.append(text[i:])
    return "".join(out)


def normalise(text: str, name: str) -> str:
    """Lower case, the card's names as "~", one space between words."""
    for n in sorted(self_names(plain(name)), key=len, reverse=True):
        text = _as_tilde(text, n)
    text = text.lower()
    return _SPACES.sub(" ", text).strip()


def abilities(oracle_text: str, name: str) -> list[AbilityText]:
    """The card's abilities in printed order."""
    text = plain(oracle_text or "")
    lines = [_SPACES.sub(" ", _REMINDER.sub("", line)).strip() for line in text.split("\n")]
    grouped: list[str] = []
    for line in lines:
        if not line:
            continue
        if line.startswith("•") and grouped:
            grouped[-1] += "\n" + line
        else:
            grouped.append(line)
    return [AbilityText(n, g, normalise(g, name)) for n, g in enumerate(grouped, 1)]


# --- the type line ------------------------------------------------------------------------

_TYPE_RENAMES = {"tribal": "kindred"}


@dataclass
class TypeLine:
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]


def type_line(text: str) -> TypeLine:
    """"Legendary Creature — Elf Druid" -> supertypes, types, subtypes (lower case)."""
    from rulings.facts.game import SUPERTYPES

    main, _, sub = plain(text or "").partition("—")
    words = [_TYPE_RENAMES.get(w, w) for w in main.lower().split()]
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    subs = sub.lower().split()
    if "time" in subs and "lord" in subs:  # the one two-word creature type (CR 205.3m)
        subs = [s for s in subs if s not in ("time", "lord")] + ["time lord"]
    return TypeLine(supers, types, subs)
