"""CR 302.6: a creature's {T} and {Q} abilities need it to have been under its controller's
control continuously since their most recent turn began (unless it has haste)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, P
from rulings.engine.rules import rule
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay
from rulings.facts.rulings import Ruling
from rulings.facts.state import Characteristics, CreatureNow

TOPIC = "CR 302.6 Creatures: the {T}/{Q} restriction"




def _taps_or_untaps(cost: object) -> bool:
    return "{T}" in cost or "{Q}" in cost  # type: ignore[operator]


class Rules:
    # -- is the source a creature now? (what it is now decides, not what is printed) ------

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_taps_or_untaps)),
        GameObject(id=MATCH.source, zone="battlefield", types=MATCH.types,
                   haste=MATCH.haste),
        NOT(Characteristics(object=MATCH.source)),
        id="creature.kind-as-printed",
        cites=("CR 302.6", "CR 613.1d"),
        because="no continuous effect is worked out for {source}, so it is what its card "
                "says: {types}",
        absent=("no effect that changes types is worked out for {source}",),
    )
    def kind_as_printed(self, source, types, haste):
        return CreatureNow(object=source, creature="creature" in types, haste=haste)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_taps_or_untaps)),
        GameObject(id=MATCH.source, zone="battlefield", haste=MATCH.haste),
        Characteristics(object=MATCH.source, types=MATCH.types, keywords=MATCH.keywords),
        id="creature.kind-now",
        cites=("CR 302.6", "CR 613.1d", "CR 613.1f"),
        because="after every continuous effect, {source} is {types} now, whatever its card "
                "says; the restriction on {{T}} and {{Q}} looks at what it is now, however "
                "long it has been so",
    )
    def kind_now(self, source, types, keywords, haste):
        return CreatureNow(object=source, creature="creature" in types,
                           haste=bool(haste or "haste" in keywords))

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "{T}" in c)),
        GameObject(id=MATCH.source, since_turn_began=False, controller=MATCH.player),
        CreatureNow(object=MATCH.source, creature=True, haste=False),
        id="creature.summoning-sick-tap",
        cites=("CR 302.6", "CR 107.5"),
        because="{source} is a creature that has not been under {player}'s control "
                "continuously since {player}'s most recent turn began, and its ability has "
                "{{T}} in the cost",
        absent=("{source} does not have haste",),
    )
    def summoning_sick_tap(self, ability):
        return CantPay(ability=ability, part="{T}",
                       reason="the creature came under its controller's control this turn")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "{Q}" in c)),
        GameObject(id=MATCH.source, since_turn_began=False, controller=MATCH.player),
        CreatureNow(object=MATCH.source, creature=True, haste=False),
        id="creature.summoning-sick-untap",
        cites=("CR 302.6", "CR 107.6"),
        because="{source} is a creature that has not been under {player}'s control "
                "continuously since {player}'s most recent turn began, and its ability has "
                "{{Q}} in the cost",
        absent=("{source} does not have haste",),
    )
    def summoning_sick_untap(self, ability):
        return CantPay(ability=ability, part="{Q}",
                       reason="the creature came under its controller's control this turn")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_taps_or_untaps)),
        GameObject(id=MATCH.source, since_turn_began=False, controller=MATCH.player),
        CreatureNow(object=MATCH.source, creature=True, haste=True),
        id="creature.haste",
        cites=("CR 302.6", "CR 702.10"),
        because="{source} came under {player}'s control this turn, but it has haste, which "
                "lifts the restriction on its {{T}} and {{Q}} abilities",
        says="{source}'s haste lets {player} pay its {{T}} or {{Q}} cost this turn",
    )
    def haste(self, source):
        return Ruling(about=f"{source}:haste", subject="{source}", verdict="can",
                      action="pay its own {{T}} or {{Q}} cost this turn")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_taps_or_untaps)),
        GameObject(id=MATCH.source, since_turn_began=False, controller=MATCH.player),
        CreatureNow(object=MATCH.source, creature=False),
        id="creature.restriction-only-for-creatures",
        cites=("CR 302.6",),
        because="{source} came under {player}'s control this turn, but it is not a "
                "creature, and the restriction on {{T}} and {{Q}} abilities applies only to "
                "creatures",
        says="{source} is not a creature, so it can pay its {{T}} or {{Q}} cost although "
             "it arrived this turn",
    )
    def only_creatures(self, source):
        return Ruling(about=f"{source}:not-creature", subject="{source}", verdict="can",
                      action="pay its own {{T}} or {{Q}} cost this turn")
