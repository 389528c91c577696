"""A tiny knowledge base with problems seeded on purpose, for the checker's own tests.

Load it only through `rulings.batch.load_engine_class(f"{FILE}:<Class>")`: rule ids are
registered once per process, and that loader makes sure this file runs once (also inside the
worker processes of a parallel run).

Engine classes:
- `Clean`: who can activate an ability, by whether its source is tapped; one rule no fixture
  situation ever reaches (`fixture.command-zone`, dead knowledge).
- `Contradicting`: `Clean` plus a rule that says the controller can't activate anything, so an
  untapped source gets both "can" and "can't".
- `MeaningContradicting`: `Clean` plus rules that contradict it only in meaning: "can't
  activate it now" against "can activate it" (the same action, said with a qualifier), and a
  ruling resting on step 1 of the ability against one that says step 1 is skipped.
- `OrderDependent`: two rules that each conclude only when the other's conclusion is absent.
  Truth maintenance can't settle this: both outcomes are stable (two stable models), and which
  one the run ends in depends on which rule fires first.
- `Sloppy`: rules with lint problems (no citations, templates naming unbound variables, a
  body parameter nothing binds, a NOT with no 'absent' sentence, and a method name that two
  topic classes share, so one rule hides the other).
- `Runaway`: counts up for ever, so every run hits its bound.
- `Crashing`: a rule body that raises.
"""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT
from rulings.engine.inference import ReasoningEngine
from rulings.engine.rules import rule
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate
from rulings.facts.rulings import Ruling
from rulings.facts.vocabulary import GameFact, slot


class Heads(GameFact):
    slots = {"object": slot(str)}
    reads = "{object} came up heads"


class Tails(GameFact):
    slots = {"object": slot(str)}
    reads = "{object} came up tails"


class ActivationRules:
    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player, tapped=False),
        id="fixture.can-activate",
        cites=("CR 602.2",),
        because="{source} is untapped and {player} controls it",
        says="{player} can activate {ability}",
    )
    def can_activate(self, ability, player):
        return Ruling(about=ability, subject=player, verdict="can",
                      action="activate {ability}")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player, tapped=True),
        id="fixture.tapped",
        cites=("CR 107.5",),
        because="{source} is already tapped",
        says="{player} can't activate {ability}",
    )
    def tapped(self, ability, player):
        return Ruling(about=ability, subject=player, verdict="can't",
                      action="activate {ability}")

    @rule(
        GameObject(id=MATCH.object, zone="command", owner=MATCH.owner),
        id="fixture.command-zone",
        cites=("CR 408.1",),
        because="{object} is in the command zone",
        says="{object} stays in the command zone",
    )
    def command_zone(self, object):
        return Ruling(about=f"{object}:command", subject=object, verdict="happens",
                      action="stay in the command zone")


class ContraryRules:
    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="fixture.contrary",
        cites=("CR 602.5",),
        because="this fixture rule forbids every activation",
        says="{player} can't activate {ability}",
    )
    def contrary(self, ability, player):
        return Ruling(about=f"{ability}:contrary", subject=player, verdict="can't",
                      action="activate {ability}")


class MeaningRules:
    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player, tapped=False),
        id="fixture.not-now",
        cites=("CR 117.1b",),
        because="this fixture rule says no activation can happen now",
        says="{player} can't activate {ability} now",
    )
    def not_now(self, ability, player):
        return Ruling(about=f"{ability}:now", subject=player, verdict="can't",
                      action="activate {ability} now")

    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.step-happens",
        cites=("CR 608.2c",),
        because="this fixture rule orders step 1 before step 2",
        says="step 1 of {ability} comes first",
    )
    def step_happens(self, ability):
        return Ruling(about=f"{ability}:order", subject="step 1", verdict="happens",
                      action="first", happen=[f"{ability}.s1", f"{ability}.s2"])

    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.step-skipped",
        cites=("CR 101.3",),
        because="this fixture rule skips step 1",
        says="step 1 of {ability} doesn't happen",
    )
    def step_skipped(self, ability):
        return Ruling(about=f"{ability}:s1", subject="nothing", verdict="doesn't happen",
                      action="is done in step 1", skipped=[f"{ability}.s1"])


class CoinRules:
    @rule(
        GameObject(id=MATCH.object, zone="battlefield"),
        NOT(Tails(object=MATCH.object)),
        id="fixture.heads",
        cites=("CR 705.1",),
        because="{object} is on the battlefield",
        absent=("{object} did not come up tails",),
    )
    def heads(self, object):
        return Heads(object=object)

    @rule(
        GameObject(id=MATCH.object, zone="battlefield"),
        NOT(Heads(object=MATCH.object)),
        id="fixture.tails",
        cites=("CR 705.1",),
        because="{object} is on the battlefield",
        absent=("{object} did not come up heads",),
    )
    def tails(self, object):
        return Tails(object=object)

    @rule(
        Heads(object=MATCH.object),
        id="fixture.says-heads",
        cites=("CR 705.2",),
        because="{object} came up heads",
        says="{object} comes up heads",
    )
    def says_heads(self, object):
        return Ruling(about=object, subject=object, verdict="happens", action="come up heads")

    @rule(
        Tails(object=MATCH.object),
        id="fixture.says-tails",
        cites=("CR 705.2",),
        because="{object} came up tails",
        says="{object} comes up tails",
    )
    def says_tails(self, object):
        return Ruling(about=object, subject=object, verdict="happens", action="come up tails")


class SloppyRules:
    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.no-cites",
        cites=(),
        because="{ability} is activated",
    )
    def no_cites(self, ability):
        return None

    @rule(
        Activate(ability=MATCH.ability),
        NOT(GameObject(id=MATCH.hidden, tapped=True)),
        id="fixture.unbound-template",
        cites=("CR 602.2", "not a citation"),
        because="{ability} is activated by {who}, and {hidden} is untapped",
        says="{player} can activate {ability}",
        absent=("{hidden} is not tapped",),
    )
    def unbound_template(self, ability, missing):
        return None

    @rule(
        Activate(ability=MATCH.ability),
        NOT(GameObject(tapped=True)),
        id="fixture.silent-not",
        cites=("CR 602.2",),
        because="nothing is tapped",
    )
    def silent_not(self, ability):
        return None

    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.hidden-first",
        cites=("CR 602.2",),
        because="{ability} is activated",
    )
    def same_name(self, ability):
        return None


class OtherSloppyRules:
    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.hidden-second",
        cites=("CR 602.2",),
        because="{ability} is activated",
    )
    def same_name(self, ability):
        return None


class Clean(ActivationRules, ReasoningEngine):
    pass


class Contradicting(ActivationRules, ContraryRules, ReasoningEngine):
    pass


class MeaningContradicting(ActivationRules, MeaningRules, ReasoningEngine):
    pass


class OrderDependent(ActivationRules, CoinRules, ReasoningEngine):
    pass


class Sloppy(SloppyRules, OtherSloppyRules, ReasoningEngine):
    pass


class Count(GameFact):
    slots = {"n": slot(int)}
    reads = "the count is {n}"


class RunawayRules:
    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.count-start",
        cites=("CR 602.2",),
        because="{ability} is activated",
    )
    def count_start(self, ability):
        return Count(n=0)

    @rule(
        Count(n=MATCH.n),
        id="fixture.count-on",
        cites=("CR 602.2",),
        because="the count is {n}, so it goes on",
    )
    def count_on(self, n):
        return Count(n=n + 1)


class CrashingRules:
    @rule(
        Activate(ability=MATCH.ability),
        id="fixture.crash",
        cites=("CR 602.2",),
        because="{ability} is activated",
    )
    def crash(self, ability):
        raise ZeroDivisionError("seeded crash")


class Runaway(RunawayRules, ReasoningEngine):
    pass


class Crashing(CrashingRules, ReasoningEngine):
    pass
