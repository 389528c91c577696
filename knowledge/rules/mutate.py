"""CR 702.140 mutate: an alternative cost (702.140a). Cast for it, the creature spell is a
mutating creature spell with one target: a non-Human creature with the same owner as the
spell. As it resolves with that target still legal it doesn't enter the battlefield: it
merges with the creature, on top or underneath as its controller chooses (702.140c, 730);
with the target gone it resolves as a plain creature spell and enters (702.140b).

The question is `cast: {card, alternative_cost: mutate, targets: [creature]}`."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import AlternativeCost, Cast, CastBlocked, Casting
from rulings.facts.effects import Keyword
from rulings.facts.game import GameObject
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling

TOPIC = "CR 702.140 Mutate"


class Rules:
    @rule(
        Casting(object=MATCH.card),
        Keyword(object=MATCH.card, keyword="mutate", value=MATCH.cost),
        TEST(lambda cost: cost != ""),
        id="mutate.cost",
        cites=("CR 702.140a", "CR 118.9"),
        because="mutate gives {card} an alternative cost, {cost}: cast for it, {card} is a "
                "mutating creature spell that targets a non-Human creature with the same owner",
    )
    def cost(self, card, cost):
        return AlternativeCost(object=card, name="mutate", cost=parse_cost(cost), shown=cost)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="mutate",
                step=MATCH.step),
        Cast(card=MATCH.card, targets=MATCH.targets),
        TEST(lambda targets: len(targets) == 1),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.name),
        GameObject(id=MATCH.target, zone="battlefield", owner=MATCH.owner,
                   types=has("creature"), subtypes=lacks("human"), name=MATCH.target_name),
        TEST(lambda target, targets: target == targets[0]),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="mutate.onto",
        cites=("CR 702.140a", "CR 702.140b", "CR 702.140c", "CR 702.140e"),
        because="{target_name} is a non-Human creature with the same owner as {name} ({owner}), "
                "so it can be the target of {name} cast for its mutate cost; if it is still a "
                "legal target as {name} resolves, {name} merges with it instead of entering "
                "the battlefield, on top or underneath as {player} chooses: the merged "
                "creature has every ability of its cards and the rest of its characteristics "
                "from the top one, and it is the same permanent, not a new one; if the target "
                "is gone by then, {name} enters as a creature of its own",
        says="{name} cast for its mutate cost targets {target_name} and merges with it as it "
             "resolves",
    )
    def onto(self, card, name, target, step):
        return Ruling(about=f"{card}.mutate", subject=name, verdict="happens",
                      action="merge with {target} as it resolves (mutate), on top or under it",
                      step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="mutate",
                step=MATCH.step),
        Cast(card=MATCH.card, targets=MATCH.targets),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.name),
        GameObject(id=MATCH.target, owner=MATCH.target_owner, types=MATCH.types,
                   subtypes=MATCH.subtypes, zone=MATCH.zone, name=MATCH.target_name),
        TEST(lambda target, targets: target in targets),
        TEST(lambda owner, target_owner, types, subtypes, zone: zone != "battlefield"
             or "creature" not in types or "human" in subtypes or owner != target_owner),
        id="mutate.illegal-target",
        cites=("CR 702.140a", "CR 601.2c"),
        because="a mutating creature spell can target only a non-Human creature on the "
                "battlefield with the same owner as the spell ({owner}); {target_name} is "
                "owned by {target_owner}, has the types {types} and subtypes {subtypes}, "
                "and is in the {zone}",
        says="{player} can't cast {name} for its mutate cost targeting {target_name}",
    )
    def illegal_target(self, card, player, name, target_name, step):
        return [CastBlocked(player=player, object=card, reason="not a legal mutate target"),
                Ruling(about=f"{card}.mutate.target", subject=player, verdict="can't",
                       action=f"cast {name} for its mutate cost targeting {target_name}",
                       step=step)]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative="mutate",
                step=MATCH.step),
        Cast(card=MATCH.card, targets=MATCH.targets),
        TEST(lambda targets: len(targets) == 0),
        GameObject(id=MATCH.card, name=MATCH.name),
        Keyword(object=MATCH.card, keyword="mutate"),
        id="mutate.needs-target",
        cites=("CR 702.140a", "CR 601.2c"),
        because="cast for its mutate cost, {name} is a mutating creature spell, which has a "
                "target: the cast must name the non-Human creature it mutates onto "
                "(`targets:`)",
        says="{player} can't cast {name} for its mutate cost without a target",
    )
    def needs_target(self, card, player, name, step):
        return [CastBlocked(player=player, object=card, reason="a mutating spell needs a "
                                                               "target"),
                Ruling(about=f"{card}.mutate.target", subject=player, verdict="can't",
                       action=f"cast {name} for its mutate cost without a target",
                       step=step)]
