"""CR 602 (activating abilities) and 605 (mana abilities): whether an ability can be activated,
from what stands in the way of paying its cost."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.costs import CostPayable
from rulings.facts.effects import Condition
from rulings.facts.game import Ability, GameObject, Opponent
from rulings.facts.mana import Activate, ActivatedThisTurn, CantPay
from rulings.facts.match import has
from rulings.facts.rulings import Ruling
from rulings.facts.stack import ConditionDecided, ConditionUnknown
from rulings.knowledge.rules.conditions import open_why

TOPIC = "CR 602 Activating activated abilities; CR 605 Mana abilities"

TAP_A_CREATURE = "tap an untapped creature you control"
#: the part a rule names when it refuses the activation itself, not a part of its cost (its
#: timing, split second, a player who left): that rule gives its own ruling, said once
WHOLE_ACTIVATION = "activating it"
#: the part named when the ability can't be used at all (removed, or its card is where it
#: doesn't work): that rule says what happens to the ability; the ruling here says who can't
ABILITY_ITSELF = "the ability"
#: "activate no more than … each turn" (CR 602.5b): how many activations a turn allows
TIMES_EACH_TURN = {"twice_each_turn": (2, "twice"), "three_times_each_turn": (3, "three times")}
#: "any player may activate this ability", "only your opponents may …" (CR 602.2, 602.1b):
#: who besides the controller may activate it
OTHER_ACTIVATORS = ("any_player", "opponents")



class Rules:
    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        CantPay(ability=MATCH.ability, part=MATCH.part, reason=MATCH.reason),
        TEST(lambda part: part not in (WHOLE_ACTIVATION, ABILITY_ITSELF)),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="activation.cost-unpayable",
        cites=("CR 602.2b", "CR 601.2h"),
        because="to activate an ability its whole cost must be paid, and {part} can't be: "
                "{reason}",
        says="{subject} can't activate {ability}",
    )
    def cost_unpayable(self, ability, activator, player):
        # the one who tries is the activator named in the question, else the controller
        return Ruling(about=ability, subject=activator or player, verdict="can't",
                      action="activate {ability}")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        CantPay(ability=MATCH.ability, part=ABILITY_ITSELF, reason=MATCH.reason),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="activation.ability-unusable",
        cites=("CR 602.2",),
        because="{ability} can't be activated now: {reason}",
        says="{subject} can't activate {ability}",
    )
    def ability_unusable(self, ability, activator, player):
        return Ruling(about=ability, subject=activator or player, verdict="can't",
                      action="activate {ability}")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, kind=P(lambda k: k in ("mana", "activated")),
                only_if=MATCH.only_if),
        GameObject(id=MATCH.source, controller=MATCH.player),
        TEST(lambda activator, player: activator in ("", player)),  # else: other-player
        CostPayable(paying_for=MATCH.ability, kind="ability", how=MATCH.payment),
        NOT(CantPay(ability=MATCH.ability)),
        NOT(ConditionUnknown(condition=MATCH.only_if)),  # stat: an undecided "only if"
        id="activation.allowed",
        cites=("CR 602.2", "CR 602.2b"),
        because="{player} controls {source} and nothing stops the cost of {ability} from "
                "being paid ({payment})",
        absent=("no part of the cost of {ability} is impossible to pay",
                "whether {ability} may be activated now is not left undecided"),
        says="{player} can activate {ability}",
    )
    def allowed(self, ability):
        return Ruling(about=ability, subject="{player}", verdict="can",
                      action="activate {ability}")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, activators=""),
        GameObject(id=MATCH.source, controller=MATCH.player),
        TEST(lambda activator, player: activator != "" and activator != player),
        id="activation.only-controller",
        cites=("CR 602.2",),
        because="only the controller of {source} ({player}) may activate its abilities, "
                "not {activator}, as its text lets no other player activate {ability}",
    )
    def only_controller(self, ability):
        return CantPay(ability=ability, part="the activation",
                       reason="only its controller may activate it")

    # --- who else may activate it (CR 602.2: "unless the object specifically says
    # otherwise"; the activation instructions of 602.1b) ---------------------------------------

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, activators="opponents"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        NOT(Opponent(player=MATCH.activator, of=MATCH.controller)),
        id="activation.only-opponents",
        cites=("CR 602.1b", "CR 602.2", "CR 602.5"),
        because="the text of {ability} lets only the opponents of {source}'s controller "
                "({controller}) activate it, and the player activating it is not one of them",
        absent=("the player activating {ability} is not an opponent of {controller}",),
        says="{subject} can't activate {ability}: only {controller}'s opponents may",
    )
    def only_opponents(self, ability, activator, controller):
        who = activator or controller
        return [CantPay(ability=ability, part=WHOLE_ACTIVATION,
                        reason="only its controller's opponents may activate it"),
                Ruling(about=f"{ability}.activators", subject=who, verdict="can't",
                       action="activate {ability}")]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, activators=MATCH.activators,
                kind=P(lambda k: k in ("mana", "activated")), only_if=MATCH.only_if),
        TEST(lambda activators: activators in OTHER_ACTIVATORS),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        TEST(lambda activator, controller: activator not in ("", controller)),
        CostPayable(paying_for=MATCH.ability, kind="ability", how=MATCH.payment),
        NOT(CantPay(ability=MATCH.ability)),
        NOT(ConditionUnknown(condition=MATCH.only_if)),
        id="activation.other-player",
        cites=("CR 602.2", "CR 602.1b", "CR 602.1a", "CR 602.2a", "CR 113.8"),
        because="{controller} controls {source}, but the text of {ability} lets other "
                "players activate it too (activators: {activators}), {activator} among them; "
                "{activator} pays its cost "
                "({payment}) and, as the player who activated it, controls the ability "
                "(on the stack, unless it is a mana ability), so its 'you' is {activator}",
        absent=("no part of the cost of {ability} is impossible for {activator} to pay",
                "whether {ability} may be activated now is not left undecided"),
        says="{activator} can activate {ability}, though {controller} controls {source}; "
             "{activator} pays the cost and controls the ability",
    )
    def other_player(self, ability, activator):
        return Ruling(about=ability, subject=activator, verdict="can",
                      action="activate {ability}")

    @rule(
        Activate(ability=MATCH.ability, tap_for_cost=""),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: TAP_A_CREATURE in c)),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(GameObject(controller=MATCH.player, zone="battlefield", tapped=False,
                       types=has("creature"))),
        id="activation.no-untapped-creature",
        cites=("CR 602.2b", "CR 118.3"),
        because="part of the cost is tapping an untapped creature {player} controls, and "
                "{player} controls none",
        absent=("{player} controls no untapped creature",),
    )
    def no_untapped_creature(self, ability):
        return CantPay(ability=ability, part="tap an untapped creature",
                       reason="there is no untapped creature to tap")

    @rule(
        Activate(ability=MATCH.ability, tap_for_cost=MATCH.creature),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: TAP_A_CREATURE in c)),
        GameObject(id=MATCH.source, controller=MATCH.player),
        GameObject(id=MATCH.creature, controller=MATCH.player, zone="battlefield",
                   tapped=False, types=has("creature")),
        id="activation.tap-creature-for-cost",
        cites=("CR 106.12", "CR 602.2b"),
        because="{creature} is tapped to pay a cost of {source}'s ability; only {source} is "
                "tapped for mana, because the {{T}} in the cost is {source}'s own",
        says="{creature} is not tapped for mana: it only helps pay the cost of {ability}",
    )
    def tap_creature_for_cost(self, creature):
        return Ruling(about=f"{creature}:tapped-for-cost", subject="{creature}",
                      verdict="doesn't happen", action="get tapped for mana")

    @rule(
        Activate(ability=MATCH.ability, tap_for_cost=MATCH.creature),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: TAP_A_CREATURE in c)),
        GameObject(id=MATCH.source, controller=MATCH.player),
        GameObject(id=MATCH.creature, controller=MATCH.player, zone="battlefield",
                   tapped=False, types=has("creature"), since_turn_began=False),
        id="activation.sick-creature-pays-other-cost",
        cites=("CR 302.6",),
        because="the restriction on creatures that came under {player}'s control this turn "
                "covers only their own abilities with {{T}} or {{Q}} in the cost; tapping "
                "{creature} to pay a cost of {source} is not such an ability",
        says="{player} can tap {creature} to pay for {ability}, even though {creature} has "
             "not been under {player}'s control since the turn began",
    )
    def sick_creature_pays(self, creature):
        return Ruling(about=f"{creature}:pays-cost", subject="{player}", verdict="can",
                      action="tap {creature} to pay for {ability}")

    @rule(
        Activate(ability=MATCH.ability, tap_for_cost=MATCH.creature),
        TEST(lambda creature: creature != ""),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(lambda c: TAP_A_CREATURE in c)),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(GameObject(id=MATCH.creature, controller=MATCH.player, zone="battlefield",
                       tapped=False, types=has("creature"))),
        id="activation.cost-creature-unusable",
        cites=("CR 602.2b", "CR 118.3"),
        because="{creature} is not an untapped creature {player} controls on the "
                "battlefield, so it can't be tapped to pay the cost",
        absent=("{creature} is not an untapped creature that {player} controls",),
    )
    def cost_creature_unusable(self, ability):
        return CantPay(ability=ability, part="tap an untapped creature",
                       reason="the creature named to pay it is not an untapped creature of its controller")

    # --- stat: restrictions on activating (CR 602.5b) ------------------------------------------

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, only_if=MATCH.condition),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        ConditionDecided(condition=MATCH.condition, holds=True, why=MATCH.why),
        id="activation.only-if-met",
        cites=("CR 602.5b",),
        because="{ability} may be activated only if its condition holds, and now it does: "
                "{why}",
        says="{ability}'s condition of activation holds for {subject}",
    )
    def only_if_met(self, ability, activator, controller, why):
        return Ruling(about=f"{ability}.only-if", subject=activator or controller,
                      verdict="can", action="activate {ability} as far as its condition goes")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, only_if=MATCH.condition),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        ConditionDecided(condition=MATCH.condition, holds=False, why=MATCH.why),
        id="activation.only-if-not-met",
        cites=("CR 602.5b",),
        because="{ability} may be activated only if its condition holds, and now it doesn't: "
                "{why}",
        says="{subject} can't activate {ability} now",
    )
    def only_if_not_met(self, ability, activator, controller, why):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason=f"its condition of activation doesn't hold ({why})"),
                Ruling(about=f"{ability}.only-if", subject=who, verdict="can't",
                       action="activate {ability} now")]

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, only_if=MATCH.condition),
        TEST(lambda condition: condition != ""),
        NOT(ConditionDecided(condition=MATCH.condition)),
        id="activation.only-if-undecided",
        cites=("CR 602.5b",),
        because="{ability} may be activated only if its condition holds, and the situation "
                "doesn't say enough to decide it",
        absent=("nothing decides the condition of {ability}",),
        salience=0,
    )
    def only_if_undecided(self, condition):
        # the condition is the situation's own fact; open even if it were missing
        kinds = [str(c["kind"]) for c in self.collect(Condition, id=condition)]
        return ConditionUnknown(condition=condition, why=open_why(kinds[0]) if kinds else
                                "the situation doesn't say enough")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, only_if=MATCH.condition),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        ConditionUnknown(condition=MATCH.condition, why=MATCH.why),
        id="activation.only-if-open",
        cites=("CR 602.5b",),
        because="{ability} may be activated only if its condition holds as it is activated, "
                "and that can't be decided here ({why})",
        says="whether {subject} can activate {ability} depends on its condition, which "
             "can't be decided here ({why}); the answer assumes nothing about it",
    )
    def only_if_open(self, ability, activator, controller):
        # named as a ruling, so an undecided "only if" is never silently taken as met
        return Ruling(about=f"{ability}.only-if", subject=activator or controller,
                      verdict="may", action="activate {ability}, depending on its condition")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, limit="once_each_turn"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        ActivatedThisTurn(ability=MATCH.ability),
        id="activation.once-each-turn",
        cites=("CR 602.5b",),
        because="{ability} may be activated only once each turn, and it was already "
                "activated this turn",
        says="{subject} can't activate {ability} again this turn",
    )
    def once_each_turn(self, ability, activator, controller):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason="it may be activated only once each turn, and it was this turn"),
                Ruling(about=f"{ability}.once", subject=who, verdict="can't",
                       action="activate {ability} again this turn")]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, limit=MATCH.limit),
        TEST(lambda limit: limit in TIMES_EACH_TURN),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        ActivatedThisTurn(ability=MATCH.ability),
        id="activation.times-each-turn",
        cites=("CR 602.5b",),
        because="{ability} may be activated only up to the number of times each turn its "
                "text allows, and it was already activated that many times this turn",
        says="{subject} can't activate {ability} again this turn",
    )
    def times_each_turn(self, ability, activator, controller, limit):
        times, said = TIMES_EACH_TURN[limit]
        done = sum(int(a["count"]) for a in self.collect(ActivatedThisTurn, ability=ability))
        if done < times:
            return None  # activations are left this turn: nothing stands in the way here
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason=f"it may be activated no more than {said} each turn, and it "
                               f"was activated {done} time(s) this turn"),
                Ruling(about=f"{ability}.times", subject=who, verdict="can't",
                       action="activate {ability} again this turn")]
