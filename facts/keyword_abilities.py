"""What a keyword stands for (CR 702.1): most keyword abilities are short for an activated,
triggered or static ability the CR spells out in the keyword's first rule (cycling is
702.29a's activated ability, prowess 702.108a's triggered ability). Here each such keyword
is written out in the effect language, so the card reader checks it like any ability and
the general rules (activating, triggers, layers, targets) rule on it; a keyword's abilities
are named `<object>.<keyword>` (`lotus.cycling`), beside the numbered printed abilities.

A keyword whose meaning the language can't say yet is not here: its rules are its own
module's (evasion, costs) or it is not modelled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_THIS = "this"
_UNTIL_EOT = "until_end_of_turn"


def _mana(value: Any) -> list[Any]:
    """A keyword's cost as cost parts: a mana cost ({2}{U}) or nothing."""
    text = str(value or "").strip()
    return [{"mana": text}] if text.startswith("{") else []


def _cycling(value: Any) -> list[dict[str, Any]]:
    # 702.29a: [cost], discard this card: draw a card; it works only in the hand
    return [{"activated": {"cost": [*_mana(value), {"discard": _THIS}], "zone": "hand",
                           "do": ["draw"]}}]


def _attach_to(types: list[str]) -> Callable[[Any], list[dict[str, Any]]]:
    # equip 702.6a / fortify 702.67a: [cost]: attach to target creature (land) you control,
    # only as a sorcery
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"activated": {
            "cost": _mana(value) or [{"mana": "{0}"}], "timing": "sorcery",
            "targets": [{"id": "t1", "filter": {"types": types, "controller": "you"}}],
            "do": [{"attach": {"what": _THIS, "to": "t1"}}]}}]
    return expand


def _counter_sorcery(counter: str, tap: bool) -> Callable[[Any], list[dict[str, Any]]]:
    # level up 702.87a: [cost]: put a level counter on this, only as a sorcery;
    # outlast 702.107a: [cost], {T}: put a +1/+1 counter on this, only as a sorcery
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"activated": {
            "cost": [*_mana(value), *(["tap"] if tap else [])], "timing": "sorcery",
            "do": [{"put_counters": {"counter": counter, "amount": 1, "what": _THIS}}]}}]
    return expand


def _prowess(value: Any) -> list[dict[str, Any]]:
    # 702.108a: whenever you cast a noncreature spell, this gets +1/+1 until end of turn
    return [{"triggered": {
        "when": {"cast": {"what": {"types": ["spell"], "not_types": ["creature"]},
                          "who": "you"}},
        "do": [{"modify": {"what": _THIS, "power": 1, "toughness": 1,
                           "duration": _UNTIL_EOT}}]}}]


def _exalted(value: Any) -> list[dict[str, Any]]:
    # 702.83a: whenever a creature you control attacks alone, it gets +1/+1 until end of turn
    return [{"triggered": {
        "when": {"attacks_alone": {"what": {"types": ["creature"], "controller": "you"}}},
        "do": [{"modify": {"what": "event.card", "power": 1, "toughness": 1,
                           "duration": _UNTIL_EOT}}]}}]


def _bushido(value: Any) -> list[dict[str, Any]]:
    # 702.45a: a +N/+N boost for the turn, on blocking and on being blocked (two triggers)
    boost = [{"modify": {"what": _THIS, "power": value, "toughness": value,
                         "duration": _UNTIL_EOT}}]
    return [{"triggered": {"when": {event: {"what": _THIS}}, "do": boost}}
            for event in ("blocks", "becomes_blocked")]


def _soulshift(value: Any) -> list[dict[str, Any]]:
    # 702.46a: on dying, a Spirit card of mana value N at most may come back from its
    # owner's graveyard to their hand (a target)
    return [{"triggered": {
        "when": {"dies": {"what": _THIS}},
        "targets": [{"id": "t1", "filter": {
            "types": ["card"], "subtypes": ["spirit"], "zone": "graveyard", "owner": "you",
            "mana_value": {"le": value}}}],
        "do": [{"return": {"what": "t1", "to": "hand", "may": True}}]}}]


def _battle_cry(value: Any) -> list[dict[str, Any]]:
    # 702.91a: as it attacks, the other attackers get +1/+0 for the turn
    return [{"triggered": {
        "when": {"attacks": {"what": _THIS}},
        "do": [{"modify": {"what": {"types": ["creature"], "is": ["attacking"],
                                    "other": True},
                           "power": 1, "duration": _UNTIL_EOT}}]}}]


def _exploit(value: Any) -> list[dict[str, Any]]:
    # 702.110a: when this enters, you may sacrifice a creature
    return [{"triggered": {
        "when": {"enters": {"what": _THIS}},
        "do": [{"sacrifice": {"what": {"types": ["creature"], "controller": "you"},
                              "may": True}}]}}]


def _afterlife(value: Any) -> list[dict[str, Any]]:
    # 702.135a: when this dies, create N 1/1 white and black Spirit tokens with flying
    return [{"triggered": {
        "when": {"dies": {"what": _THIS}},
        "do": [{"create": {"amount": value, "token": {
            "name": "Spirit", "types": ["creature"], "subtypes": ["spirit"],
            "colors": ["white", "black"], "power": 1, "toughness": 1,
            "keywords": ["flying"]}}}]}}]


def _unearth(value: Any) -> list[dict[str, Any]]:
    # 702.84a: from the graveyard, at sorcery timing: back onto the battlefield with haste,
    # exiled at the next end step (the exile-instead-of-leaving replacement is not written)
    return [{"activated": {
        "cost": _mana(value), "zone": "graveyard", "timing": "sorcery",
        "do": [{"return": {"what": _THIS, "to": "battlefield"}},
               {"modify": {"what": _THIS, "add_keywords": ["haste"]}},
               {"delayed": {"when": {"step": {"step": "end", "whose": "next"}},
                            "do": [{"exile": {"what": _THIS}}]}}]}}]


def _scavenge(value: Any) -> list[dict[str, Any]]:
    # 702.97a: from the graveyard, at sorcery timing, exiling the card pays for +1/+1
    # counters on a target creature, as many as the card's power
    return [{"activated": {
        "cost": [*_mana(value), {"exile": _THIS}], "zone": "graveyard", "timing": "sorcery",
        "targets": [{"id": "t1", "filter": {"types": ["creature"]}}],
        "do": [{"put_counters": {"counter": "+1/+1", "what": "t1",
                                 "amount": {"power_of": _THIS}}}]}}]


def _comes_back(counter: str) -> Callable[[Any], list[dict[str, Any]]]:
    # persist 702.79a / undying 702.93a: a creature dying without a counter of that kind
    # comes back under its owner's control and gets one (two steps: return, then counter)
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"triggered": {
            "when": {"dies": {"what": _THIS}},
            "intervening_if": {"no_counters": counter},
            "do": [{"return": {"what": _THIS, "to": "battlefield", "under": "owner"}},
                   {"put_counters": {"counter": counter, "amount": 1, "what": _THIS}}]}}]
    return expand


def _cumulative_upkeep(value: Any) -> list[dict[str, Any]]:
    # 702.24a: each upkeep of its controller it gets one more age counter, and keeping it
    # costs the cost once per age counter (that growing payment is said as written)
    return [{"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "you"}},
        "do": [{"put_counters": {"counter": "age", "amount": 1, "what": _THIS}},
               {"other": {"text": f"it stays only if {value} is paid once per age counter "
                                  "on it; otherwise it is sacrificed"}}]}}]


def _annihilator(value: Any) -> list[dict[str, Any]]:
    # 702.86a: as it attacks, the defending player (the player it attacks, or who controls
    # the planeswalker it attacks: 508.5, knowledge/defending.py) sacrifices N permanents
    return [{"triggered": {
        "when": {"attacks": {"what": _THIS}},
        "do": [{"sacrifice": {"who": "defending_player", "amount": value,
                              "what": {"types": ["permanent"]}}}]}}]


def _afflict(value: Any) -> list[dict[str, Any]]:
    # 702.130a: as it becomes blocked, the defending player loses N life (508.5)
    return [{"triggered": {
        "when": {"becomes_blocked": {"what": _THIS}},
        "do": [{"lose_life": {"who": "defending_player", "amount": value}}]}}]


def _on_cast(text: str) -> Callable[[Any], list[dict[str, Any]]]:
    # storm 702.40a, cascade 702.85a: triggered by the casting of the spell itself, from the
    # stack (what the step does — copies, or revealing cards — is said as written)
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"triggered": {"when": {"cast": {"what": _THIS}}, "zone": "stack",
                               "do": [{"other": {"text": text}}]}}]
    return expand


def _crew(value: Any) -> list[dict[str, Any]]:
    # 702.122a: the Vehicle becomes an artifact creature for the turn, paid for by tapping
    # other creatures of enough total power (the effect is said as written)
    return [{"activated": {
        "cost": [{"crew": value}],
        "do": [{"other": {"text": "it becomes an artifact creature until end of turn"}}]}}]


def _enters_with(counter: str, value: Any) -> dict[str, Any]:
    """It enters the battlefield with N counters of a kind (a replacement, CR 614.1c)."""
    return {"replacement": {"event": {"enters": {"what": _THIS}},
                            "modify": {"with_counters": {"counter": counter,
                                                         "amount": value}}}}


def _modular(value: Any) -> list[dict[str, Any]]:
    # 702.43a: N +1/+1 counters as it enters; on dying, they may move to a target artifact
    # creature
    return [_enters_with("+1/+1", value), {"triggered": {
        "when": {"dies": {"what": _THIS}},
        # "target artifact creature": a creature that is not a nonartifact (and not this
        # one: it is in the graveyard by then)
        "targets": [{"id": "t1", "filter": {"types": ["creature"], "other": True,
                                            "not": {"not_types": ["artifact"]}}}],
        "do": [{"put_counters": {"counter": "+1/+1", "what": "t1", "may": True,
                                 "amount": {"counters_on": _THIS, "counter": "+1/+1"}}}]}}]


def _fading(value: Any) -> list[dict[str, Any]]:
    # 702.32a: N fade counters as it enters; one comes off each upkeep of its controller,
    # and with none left to take off it is sacrificed
    return [_enters_with("fade", value), {"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "you"}},
        "do": [{"remove_counters": {"counter": "fade", "amount": 1, "what": _THIS,
                                    "id": "removed"}},
               {"sacrifice": {"what": _THIS, "if": {"not": {"did": "removed"}}}}]}}]


def _vanishing(value: Any) -> list[dict[str, Any]]:
    # 702.63a: N time counters as it enters; one comes off each upkeep of its controller,
    # and it is sacrificed once the last goes (that second trigger is said as written)
    return [_enters_with("time", value), {"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "you"}},
        "do": [{"remove_counters": {"counter": "time", "amount": 1, "what": _THIS}},
               {"other": {"text": "once its last time counter is gone, it is "
                                  "sacrificed"}}]}}]


def _living_weapon(value: Any) -> list[dict[str, Any]]:
    # 702.92a: the Equipment comes with a 0/0 black Phyrexian Germ token to wear it
    return [{"triggered": {
        "when": {"enters": {"what": _THIS}},
        "do": [{"create": {"id": "germ", "token": {
                   "name": "Phyrexian Germ", "types": ["creature"],
                   "subtypes": ["phyrexian", "germ"], "colors": ["black"], "power": 0,
                   "toughness": 0}}},
               {"attach": {"what": _THIS, "to": "germ"}}]}}]


def _as_written(when: dict[str, Any], text: str, **parts: Any
                ) -> Callable[[Any], list[dict[str, Any]]]:
    """A triggered ability whose event is known and whose effect is said as written (the
    language can't say it yet): what triggers it is modelled, what it does is not."""
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"triggered": {"when": when, **parts,
                               "do": [{"other": {"text": text.format(n=value)}}]}}]
    return expand


def _from_zone(zone: str, discard_or_exile: str, text: str
               ) -> Callable[[Any], list[dict[str, Any]]]:
    """An activated ability that works in a hand or graveyard, at sorcery timing, whose cost
    is mana and discarding or exiling the card itself (embalm, eternalize, encore,
    transmute); what it does is said as written."""
    def expand(value: Any) -> list[dict[str, Any]]:
        return [{"activated": {
            "cost": [*_mana(value), {discard_or_exile: _THIS}], "zone": zone,
            "timing": "sorcery", "do": [{"other": {"text": text}}]}}]
    return expand


def _suspend(value: Any) -> list[dict[str, Any]]:
    # 702.62a: while in exile with time counters, one comes off each upkeep of its owner;
    # what the last one going lets its owner do, and suspending the card from the hand (a
    # special action), are knowledge/rules/suspend.py's
    return [{"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "you"}}, "zone": "exile",
        "intervening_if": {"has_counters": "time"},
        "do": [{"remove_counters": {"counter": "time", "amount": 1, "what": _THIS}}]}}]


def _echo(value: Any) -> list[dict[str, Any]]:
    # 702.30a: the first upkeep after it came under your control, keeping it costs the
    # echo cost; unpaid, it is sacrificed
    return [{"triggered": {
        "when": {"step": {"step": "upkeep", "whose": "you"}},
        "intervening_if": {"controlled_since_last_upkeep": True},
        "do": [{"sacrifice": {"what": _THIS,
                              "unless": {"who": "you", "pays": _mana(value)}}}]}}]


def _partner_with(value: Any) -> list[dict[str, Any]]:
    # 702.124j: as it enters, a target player may fetch the named partner from their
    # library (the search is said as written)
    return [{"triggered": {
        "when": {"enters": {"what": _THIS}},
        "targets": [{"id": "t1", "filter": "player"}],
        "do": [{"other": {"text": f"the target player may look through their library for "
                                  f"{value}, show it, take it into their hand and "
                                  "shuffle"}}]}}]


def _ninjutsu(value: Any) -> list[dict[str, Any]]:
    # 702.49a: from the hand, once blockers are declared: the cost and returning an
    # a ninja: pay the cost and bounce one of your unblocked attackers, then it enters in its place
    # tapped and attacking (the unblocked attacker is checked by knowledge/rules/ninjutsu.py)
    return [{"activated": {
        "cost": _mana(value), "zone": "hand",
        "do": [{"other": {"text": "the returned creature goes to its owner's hand, and this "
                                  "card enters tapped, attacking what that one attacked"}}]}}]


def _devoid(value: Any) -> list[dict[str, Any]]:
    # 702.114a: a characteristic-defining ability: this object is colorless
    return [{"static": {"set_colors": ["colorless"]}}]


#: keyword word -> (its CR rule, what it is written out as)
EXPANSIONS: dict[str, tuple[str, Callable[[Any], list[dict[str, Any]]]]] = {
    "cycling": ("CR 702.29a", _cycling),
    "equip": ("CR 702.6a", _attach_to(["creature"])),
    "fortify": ("CR 702.67a", _attach_to(["land"])),
    "level_up": ("CR 702.87a", _counter_sorcery("level", tap=False)),
    "outlast": ("CR 702.107a", _counter_sorcery("+1/+1", tap=True)),
    "prowess": ("CR 702.108a", _prowess),
    "bushido": ("CR 702.45a", _bushido),
    "exalted": ("CR 702.83a", _exalted),
    "soulshift": ("CR 702.46a", _soulshift),
    "battle_cry": ("CR 702.91a", _battle_cry),
    "exploit": ("CR 702.110a", _exploit),
    "afterlife": ("CR 702.135a", _afterlife),
    "unearth": ("CR 702.84a", _unearth),
    "scavenge": ("CR 702.97a", _scavenge),
    "devoid": ("CR 702.114a", _devoid),
    "persist": ("CR 702.79a", _comes_back("-1/-1")),
    "undying": ("CR 702.93a", _comes_back("+1/+1")),
    "cumulative_upkeep": ("CR 702.24a", _cumulative_upkeep),
    "annihilator": ("CR 702.86a", _annihilator),
    "crew": ("CR 702.122a", _crew),
    "suspend": ("CR 702.62a", _suspend),
    "echo": ("CR 702.30a", _echo),
    "ninjutsu": ("CR 702.49a", _ninjutsu),
    "partner_with": ("CR 702.124j", _partner_with),
    "modular": ("CR 702.43a", _modular),
    "fading": ("CR 702.32a", _fading),
    "vanishing": ("CR 702.63a", _vanishing),
    "living_weapon": ("CR 702.92a", _living_weapon),
    "extort": ("CR 702.101a", _as_written(
        {"cast": {"what": {"types": ["spell"]}, "who": "you"}},
        "paying {{W/B}} is optional; paid, every opponent loses 1 life and you gain as "
        "much")),
    "graft": ("CR 702.58a", lambda value: [_enters_with("+1/+1", value), *_as_written(
        {"enters": {"what": {"types": ["creature"], "other": True}}},
        "one of this permanent's +1/+1 counters may be moved to the newcomer")(value)]),
    "melee": ("CR 702.121a", _as_written(
        {"attacks": {"what": _THIS}},
        "a +1/+1 boost for the turn per opponent your creatures are attacking this "
        "combat")),
    "myriad": ("CR 702.116a", _as_written(
        {"attacks": {"what": _THIS}},
        "a tapped, attacking token copy may be made for every other opponent, each attacking "
        "that one (or one of their planeswalkers); the copies are exiled when combat ends")),
    # soulbond 702.95a: two triggers, this entering and another creature of yours entering
    # (the pairing, and its lasting while both stay creatures you control, said as written)
    "soulbond": ("CR 702.95a", lambda value: [*_as_written(
        {"enters": {"what": _THIS}},
        "you may pair it with another unpaired creature you control")(value), *_as_written(
        {"enters": {"what": {"types": ["creature"], "controller": "you", "other": True}}},
        "if this creature is unpaired, you may pair it with the creature that entered; a pair "
        "lasts while both stay creatures you control")(value)]),
    "evolve": ("CR 702.100a", _as_written(
        {"enters": {"what": {"types": ["creature"], "controller": "you", "other": True}}},
        "if the creature that entered has greater power or greater toughness than this one "
        "(as it triggers and again as it resolves), this one gets a +1/+1 counter")),
    "mentor": ("CR 702.134a", _as_written(
        {"attacks": {"what": _THIS}},
        "a +1/+1 counter on a target attacking creature with lesser power")),
    "rampage": ("CR 702.23a", _as_written(
        {"becomes_blocked": {"what": _THIS}},
        "+{n}/+{n} for the turn per blocker past the first")),
    "afflict": ("CR 702.130a", _afflict),
    "provoke": ("CR 702.39a", _as_written(
        {"attacks": {"what": _THIS}},
        "optionally, a target creature of the player it attacks untaps and has to block it "
        "this turn if it can")),
    "embalm": ("CR 702.128a", _from_zone(
        "graveyard", "exile", "a token copy of the card is made: a white Zombie too, without "
        "a mana cost")),
    "eternalize": ("CR 702.129a", _from_zone(
        "graveyard", "exile", "a token copy of the card is made: a 4/4 black Zombie too, "
        "without a mana cost")),
    "encore": ("CR 702.141a", _from_zone(
        "graveyard", "exile", "one token copy per opponent, with haste, each attacking its "
        "opponent this turn if it can; they are sacrificed at the next end step")),
    "transmute": ("CR 702.53a", _from_zone(
        "hand", "discard", "a card of equal mana value is searched for in the library, "
        "shown, and put into the hand; then the library is shuffled")),
    "storm": ("CR 702.40a", _on_cast("one copy of the spell per spell cast earlier in the "
                                     "turn, each maybe with new targets")),
    "cascade": ("CR 702.85a", _on_cast(
        "cards are exiled from the top of the library until a nonland one of smaller mana "
        "value turns up, which may be cast for free; the rest go under the library in a "
        "random order")),
}


#: the rules that read an ability of each kind a keyword is written out as (facts/modelled.py
#: counts a written-out keyword as read by them)
_READ_BY_KIND = {
    "activated": ("activation.allowed", "abilities.works-only-where-it-functions"),
    "triggered": ("triggers.triggers",),
    "static": ("layers.characteristics",),
    "replacement": ("replacement.enters",),
}


def read_by() -> dict[str, tuple[str, ...]]:
    """Keyword word -> the rule ids that read the abilities it is written out as."""
    sample = {"suspend": "3—{R}"}
    out: dict[str, tuple[str, ...]] = {}
    for word, (_, expand) in EXPANSIONS.items():
        kinds = [next(iter(a)) for a in expand(sample.get(word, 1))]
        out[word] = tuple(dict.fromkeys(r for k in kinds for r in _READ_BY_KIND[k]))
    return out


def written_out(word: str, value: Any) -> list[dict[str, Any]]:
    """The abilities keyword `word` (with its parameter) stands for; [] when it is not one
    written out here."""
    found = EXPANSIONS.get(word)
    return found[1](value) if found else []


__all__ = ["EXPANSIONS", "read_by", "written_out"]
