"""The fact vocabulary's machinery: typed slots, the GameFact base, and the registry that maps
the words of situation and card files to fact classes.

A fact class lists its slots; the one loader (facts.situation) reads any registered word with
them, so adding a word to the vocabulary is adding a class here or in a sibling module, not
changing the loader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rulings.engine.experta_compat import Fact, Field, rete_nodes

#: values experta's freeze gives back as they are
_PLAIN = frozenset({str, int, float, bool, type(None)})

NO_DEFAULT = object()


@dataclass(frozen=True)
class Slot:
    """One field of a fact: its type, default, allowed words and what it refers to."""

    type: type
    default: Any = NO_DEFAULT
    choices: tuple[str, ...] = ()
    #: "player", "object" or "ability": the loader resolves names to ids and checks they exist
    ref: str = ""
    doc: str = ""

    @property
    def required(self) -> bool:
        return self.default is NO_DEFAULT


def slot(
    type_: type,
    default: Any = NO_DEFAULT,
    *,
    choices: Iterable[str] = (),
    ref: str = "",
    doc: str = "",
) -> Slot:
    return Slot(type_, default, tuple(choices), ref, doc)


class GameFact(Fact):
    """A fact with declared slots and a plain-words description used in justifications."""

    slots: ClassVar[dict[str, Slot]] = {}
    #: str.format template over the slots; ids are shown as names
    reads: ClassVar[str] = ""
    #: slots filled by the loader, not written in files
    implicit: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, spec in cls.__dict__.get("slots", {}).items():
            field = Field(
                spec.type if spec.type is not list else list,
                mandatory=spec.required,
                default=Field.NODEFAULT if spec.required else spec.default,
            )
            cls.__fields__[name] = field

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """experta's Fact.__init__ (each value frozen, in the order given), without going
        through its update and its __setitem__'s check per slot: a fact being made has no
        id yet, so that check always passes."""
        if args:
            super().__init__(*args, **kwargs)
            return
        freeze = rete_nodes.fact_module.freeze  # looked up now: the engine installs a faster one
        put = dict.__setitem__
        for key, value in kwargs.items():
            put(self, key, value if type(value) in _PLAIN else freeze(value))
        self._Fact__defaults: dict[Any, Any] = {}

    def completed(self) -> GameFact:
        """This fact with every unset slot at its default. Patterns leave slots unset to mean
        "any value", so defaults are filled only on facts about to be declared."""
        missing = {k: s.default for k, s in self.slots.items() if k not in self and not s.required}
        if not missing:
            return self
        data = {k: v for k, v in self.items() if not Fact.is_special(k)}
        return type(self)(**data, **missing)

    def describe(self, name: Callable[[Any], str]) -> str:
        values = {k: self.get(k, spec.default) for k, spec in self.slots.items()}
        shown = {k: show(v, name) for k, v in values.items()}
        return self.reads.format(**shown) if self.reads else repr(self)


def show(value: Any, name: Callable[[Any], str]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(show(v, name) for v in value) or "nothing"
    return name(value)


# -- the registry of words ------------------------------------------------------------------

#: section -> word -> fact class. Sections: "ability" (in card files), "instruction" (the
#: steps of a spell or ability), "event" (the question asked), "this_turn" (what happened
#: earlier this turn), "draft" (conspiracy draft records).
WORDS: dict[str, dict[str, type[GameFact]]] = {}


def word(section: str, name: str) -> Callable[[type[GameFact]], type[GameFact]]:
    def register(cls: type[GameFact]) -> type[GameFact]:
        table = WORDS.setdefault(section, {})
        if name in table:
            raise ValueError(f"the word {name!r} is registered twice in {section!r}")
        table[name] = cls
        cls.word = name  # type: ignore[attr-defined]
        return cls

    return register


# -- keys of object and player entries --------------------------------------------------------

@dataclass(frozen=True)
class EntryKey:
    """A key of an object entry (`- {card: …, counters: {…}}`) or a player entry
    (`{name: Bob, life: 3}`) in a situation file, read into facts by the vocabulary module that
    registers it. `read(owner, value, order)` returns the facts, or raises ValueError with what
    is wrong; `order` is the entry's place in the file. With `always`, `read` is also called
    (value None) for entries that leave the key out, to fill in a default."""

    name: str
    doc: str
    schema: dict[str, Any]
    read: Callable[[str, Any, int], list[GameFact]]
    fix: str = ""
    always: bool = False
    zones: tuple[str, ...] = ()


#: "object" or "player" -> key -> how to read it
ENTRY_KEYS: dict[str, dict[str, EntryKey]] = {"object": {}, "player": {}}


def entry_key(kind: str, name: str, doc: str, schema: dict[str, Any], fix: str = "",
              always: bool = False, zones: Iterable[str] = ()
              ) -> Callable[[Callable[[str, Any, int], list[GameFact]]],
                            Callable[[str, Any, int], list[GameFact]]]:
    def register(read: Callable[[str, Any, int], list[GameFact]]
                 ) -> Callable[[str, Any, int], list[GameFact]]:
        table = ENTRY_KEYS[kind]
        if name in table:
            raise ValueError(f"the {kind} key {name!r} is registered twice")
        table[name] = EntryKey(name, doc, schema, read, fix, always, tuple(zones))
        return read

    return register
