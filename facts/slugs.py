"""Card slugs: a card's id in citations, file names and imported data (`leonin-arbiter#5`)."""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not take apart into ASCII.
_FOLD = str.maketrans(
    {"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o", "ł": "l",
     "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th"}
)
_INSIDE_WORD = re.compile(r"['’‘.]")  # Cosi's → cosis, Ph.D. → phd
_BETWEEN_WORDS = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """Card name → slug: ASCII-folded (Æ → ae, û → u), lower-case, apostrophes and periods
    dropped, any other run of non-letters/digits becomes one hyphen.

    "Ob Nixilis, Unshackled" → ob-nixilis-unshackled; "Æther Searcher" → aether-searcher.
    A slug is its own slug, so lookups accept either.
    """
    folded = unicodedata.normalize("NFKD", name.translate(_FOLD))
    ascii_name = folded.encode("ascii", "ignore").decode("ascii").lower()
    return _BETWEEN_WORDS.sub("-", _INSIDE_WORD.sub("", ascii_name)).strip("-")
