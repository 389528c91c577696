"""CR 107: the tap symbol {T} (107.5), the untap symbol {Q} (107.6), and X (107.3)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay, Enters, EntersWithCounters
from rulings.facts.replacement import Replaced
from rulings.facts.rulings import Ruling

TOPIC = "CR 107 Numbers and symbols: {T}, {Q}, X"


class Rules:
    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "{T}" in c)),
        GameObject(id=MATCH.source, tapped=True),
        id="tap-symbol.already-tapped",
        cites=("CR 107.5",),
        because="{{T}} in a cost means tapping {source}, and {source} is already tapped",
    )
    def already_tapped(self, ability):
        return CantPay(ability=ability, part="{T}", reason="it is already tapped")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: "{Q}" in c)),
        GameObject(id=MATCH.source, tapped=False),
        id="untap-symbol.already-untapped",
        cites=("CR 107.6",),
        because="{{Q}} in a cost means untapping {source}, and {source} is already untapped",
    )
    def already_untapped(self, ability):
        return CantPay(ability=ability, part="{Q}", reason="it is already untapped")

    # -- X as a permanent enters -----------------------------------------------------------

    @rule(
        Enters(object=MATCH.object, cast=True, copy_of="", x=MATCH.x),
        TEST(lambda x: x >= 0),
        EntersWithCounters(source=MATCH.object, amount="X", counter=MATCH.counter),
        # replacement effects change how many (knowledge/rules/replacement.py)
        NOT(Replaced(kind="counters", subject=MATCH.object)),
        id="x.enters-with-spell-x",
        absent=("no replacement effect changes how many counters it enters with",),
        cites=("CR 107.3m", "CR 614.1c"),
        because="{object} was cast with X = {x}, and an ability that applies as a permanent "
                "enters uses the X chosen for the spell that became it",
        says="{object} enters the battlefield with {x} {counter} counters",
    )
    def enters_with_spell_x(self, object, x):
        return Ruling(about=f"{object}:counters", subject="{object}", verdict="happens",
                      action="enter with {x} {counter} counters", step=1)

    @rule(
        Enters(object=MATCH.object, copy_of=MATCH.original),
        TEST(lambda original: original != ""),
        EntersWithCounters(source=MATCH.original, amount="X", counter=MATCH.counter),
        # replacement effects change how many (knowledge/rules/replacement.py)
        NOT(Replaced(kind="counters", subject=MATCH.object)),
        id="x.copy-enters-with-zero",
        absent=("no replacement effect changes how many counters it enters with",),
        cites=("CR 107.3m", "CR 107.3i", "CR 707.2"),
        because="{object} copies {original}, but no X was chosen for the spell that became "
                "{object}, so X is 0 for the ability it copied",
        says="{object}, as a copy of {original}, enters the battlefield with 0 {counter} "
             "counters",
    )
    def copy_enters_with_zero(self, object):
        return Ruling(about=f"{object}:counters", subject="{object}", verdict="happens",
                      action="enter with 0 {counter} counters", step=1)

    @rule(
        Enters(object=MATCH.object, copy_of="", x=MATCH.x, cast=MATCH.cast),
        TEST(lambda x, cast: x < 0 or not cast),
        EntersWithCounters(source=MATCH.object, amount="X", counter=MATCH.counter),
        # replacement effects change how many (knowledge/rules/replacement.py)
        NOT(Replaced(kind="counters", subject=MATCH.object)),
        id="x.enters-without-x",
        absent=("no replacement effect changes how many counters it enters with",),
        cites=("CR 107.3m", "CR 107.3i"),
        because="{object} did not come from a spell with a value chosen for X, so X is 0",
        says="{object} enters the battlefield with 0 {counter} counters",
    )
    def enters_without_x(self, object):
        return Ruling(about=f"{object}:counters", subject="{object}", verdict="happens",
                      action="enter with 0 {counter} counters", step=1)

    @rule(
        Enters(object=MATCH.object),
        GameObject(id=MATCH.object, mana_cost=P(lambda c: "{X}" in c)),
        id="x.permanent-x-is-zero",
        cites=("CR 107.3m", "CR 202.3e"),
        because="outside the stack X in a mana cost is 0; only abilities that apply as "
                "{object} enters see the X of its spell",
        says="on the battlefield, X in {object}'s mana cost is 0",
    )
    def permanent_x_is_zero(self, object):
        return Ruling(about=f"{object}:own-x", subject="X in {object}'s mana cost",
                      verdict="happens", action="count as 0 on the battlefield", step=2)
