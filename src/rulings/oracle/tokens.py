"""Words into grammar tokens. The tokenizer is ours, not lark's: every word of the text must
be a word the grammar knows (or a subtype, a mana symbol, a number), so an unknown word is
found before parsing and named as the gap."""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from lark import Token

_PIECE = re.compile(
    r"""~|\{[^{}]+\}(?:\{[^{}]+\})*      # mana symbols, a run is one token
      |[+-][0-9x*]+/[+-][0-9x*]+          # +1/+1
      |[0-9x*]+/[0-9x*]+                  # 2/2
      |\d+
      |[a-z]+(?:['-][a-z]+)*              # words, can't, jump-start
      |'s(?![a-z])|'
      |[.,:;—•"/]
      |\S""", re.VERBOSE)


@functools.cache
def subtypes() -> dict[str, str]:
    """Every subtype of CR 205.3, singular and plural, in lower case -> its singular."""
    data = json.loads(resources.files("rulings.oracle").joinpath("subtypes.json").read_text())
    out: dict[str, str] = {}
    for names in data.values():
        for name in names:
            word = name.lower()
            out[word] = word
            for plural in _plurals(word):
                out.setdefault(plural, word)
    return out


def _plurals(word: str) -> list[str]:
    if word.endswith("f"):
        return [word[:-1] + "ves", word + "s"]
    if word.endswith("fe"):
        return [word[:-2] + "ves"]
    if word.endswith(("s", "x", "ch", "sh")):
        return [word + "es"]
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return [word[:-1] + "ies"]
    if word == "man":
        return ["men"]
    return [word + "s"]


#: stands in the text for an ability in quotation marks, which is compiled on its own
GRANTED = "§"


class UnknownWord(Exception):
    def __init__(self, word: str, index: int) -> None:
        super().__init__(word)
        self.word = word
        self.index = index


_NOUN = r"(?:creature|artifact|enchantment|land|planeswalker|instant|sorcery|battle)s?"
_SERIES = re.compile(rf"\b({_NOUN}), ({_NOUN}),? (?:and/)?or ({_NOUN})\b")
# "instant and sorcery spells" are the spells that are instants or sorceries
_BOTH = re.compile(rf"\b({_NOUN}) and ({_NOUN}) (spells|cards)\b")


_LAND_TYPE = r"(?:plains|island|swamp|mountain|forest)"
# "a plains, island, swamp, or mountain card": a series of basic land types (CR 305.6)
_LAND_SERIES = re.compile(rf"\b({_LAND_TYPE}((?:, {_LAND_TYPE})*),? or ({_LAND_TYPE}))\b")


def _land_series(m: re.Match[str]) -> str:
    return re.sub(r",? or |, ", " or ", m.group(1))


_NON_LIST = re.compile(r"\b(non[a-z-]+),(?= non[a-z-]+[ ,])")  # selwords: "non-Angel, non-Demon"


# samename: "target X and all (each) other Ys with the same name as that X" / "… that
# shares a color with it": one word for "and all other", one for the relation (it names the
# target before it), so the grammar takes no other "and" for them (areas/samename.lark)
_AND_KIN = re.compile(r"\b(target [a-z ]+?) and (?:all|each) other ([a-z ]+?) "
                      r"(?:with the same name as that (creature|permanent|enchantment|artifact"
                      r"|land)|(that shares a color with it))\b")


def _and_kin(m: re.Match[str]) -> str:
    kin = "shares-a-color-with-it" if m.group(4) else "same-name-as-it"
    return f"{m.group(1)} and-each-other {m.group(2)} {kin}"


_STILL = re.compile(r"(?:\. it's|,? that's) still an? ")


def _still(m: re.Match[str]) -> str:
    # "still-a-lead": the sentence began "until end of turn, …", which gives its duration
    sentence = re.split(r"[.:]\s", m.string[:m.start()])[-1].lstrip()
    return " still-a-lead " if sentence.startswith("until end of turn, ") else " still-a "


# pw2: "put a +1/+1 counter on X and a loyalty counter on Y": the second counters are put too
_PUT_AND_PUT = re.compile(r"(\bput [^.]*? counters? on [^.]*?) and ((?:a|an|one|two|three|four|"
                          r"five|six|seven|eight|nine|ten|x) [^ .]+ counters? on )")
_OR_ITS_CONTROLLER = re.compile(r"target player or planeswalker and each ([a-z ]+?) that player or "
                                r"that planeswalker's controller controls")
_PLAYERS_AND_EACH = re.compile(r"damage to (you|each opponent) and each ")
_PLAYER_AND_EACH = re.compile(r"target player and each ([a-z ]+?) (?:that player controls|they control)\b")


def split(text: str) -> list[str]:
    # a series "artifact, creature, or land" as "artifact or creature or land": the comma
    # would otherwise be read as the end of an instruction
    text = _SERIES.sub(r"\1 or \2 or \3", text).replace("and/or", "and-or")
    text = _LAND_SERIES.sub(_land_series, text)
    text = _BOTH.sub(r"\1 or \2 \3", text)
    # "nonartifact, nonblack creature": a list of qualities, every one of them holding
    text = _NON_LIST.sub(r"\1 ", text)
    # ", where X is …" as one word: its comma does not join two instructions (oracle.lark)
    text = text.replace(", where x is ", " where-x-is ")
    # remains: "for as long as ~ remains tapped" as one word, so "gets +1/+1 for each …"
    # is still read as a count (areas/remains.lark)
    text = text.replace("for as long as ~ remains tapped", "while-self-remains-tapped")
    # animate: ". It's still a land." / "that's still a planeswalker" as one word ending the
    # sentence before it, which it belongs to (CR 205.1b; areas/animate.lark)
    text = _STILL.sub(_still, text)
    # pw: "prevent all damage that would be dealt to him this turn": in every Oracle text
    # that says it, "him" is the card itself (the Gideons, Oko)
    text = text.replace(" dealt to him this turn", " dealt to ~ this turn")
    # pw: "target player and each creature that player controls": "and-each" as one word, so
    # the grammar doesn't take every "target player and …" for it (areas/pw.lark); "… they
    # control" is the same player (pw2)
    # pw2: "put a +1/+1 counter on each creature you control and a loyalty counter on each
    # other planeswalker you control": two instructions with one verb, the verb said twice
    text = _PUT_AND_PUT.sub(r"\1 and put \2", text)
    # pw2: "damage to each opponent and each creature they control": "and-each" as above
    # pw2: "target player or planeswalker and each creature that player or that planeswalker's
    # controller controls": one word for whose creatures they are (areas/pw2.lark)
    text = _OR_ITS_CONTROLLER.sub(r"target player or planeswalker and-each \1 "
                                  r"that-player-or-that-planeswalkers-controller controls", text)
    text = _PLAYERS_AND_EACH.sub(r"damage to \1 and-each ", text)
    text = _PLAYER_AND_EACH.sub(r"target player and-each \1 that player controls", text)
    text = _AND_KIN.sub(_and_kin, text)  # samename (areas/samename.lark)
    # freecast: "… without paying its mana cost" as one word, so the selector before it ends
    # there (its "without flying" is another word; areas/freecast.lark)
    text = text.replace(" without paying its mana cost", " without-paying-its-mana-cost")
    # selwords: the size of your party (CR 700.8) as one word each way it is said
    text = text.replace("the number of creatures in your party", "the-number-of-creatures-in-your-party")
    text = text.replace("for each creature in your party", "for-each-creature-in-your-party")
    # selwords: coven's "three or more creatures with different powers" (one word)
    text = text.replace("creatures with different powers", "creatures-with-different-powers")
    pieces = []
    for piece in _PIECE.findall(text):
        if piece.endswith("'s") and len(piece) > 2:
            pieces += [piece[:-2], "'s"]
        else:
            pieces.append(piece)
    return pieces


def tokens(text: str, literals: dict[str, str]) -> list[Token]:
    """The grammar's tokens for `text`; raises UnknownWord on the first word the grammar
    does not know."""
    out = []
    kinds = subtypes()
    for i, piece in enumerate(split(text)):
        kind = literals.get(piece)
        if kind is None:
            if piece.startswith("{") and piece not in ("{t}", "{q}"):
                kind = "MANA"
            elif piece in kinds:
                kind = "SUBTYPE"
            elif piece.startswith("non-") and piece[4:] in kinds:
                kind = "NON_SUBTYPE"  # selwords: "non-Human" (areas/selwords.lark)
            elif piece == GRANTED:
                kind = "GRANTED"
            elif piece.isdigit():
                kind = "NUMBER"
            elif re.fullmatch(r"[+-][0-9x*]+/[+-][0-9x*]+", piece):
                kind = "PT_MOD"
            elif re.fullmatch(r"[0-9x*]+/[0-9x*]+", piece):
                kind = "SIZE"
            else:
                raise UnknownWord(piece, i)
        out.append(Token(kind, piece))
    return out
