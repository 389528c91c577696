"""What a resolving spell or ability does, instruction by instruction (CR 608.2c), as one pure
procedure over the situation's facts (like knowledge/layer_system.py and aftermath.py).

For the object on top of the stack (event `resolve_top`), each instruction of its effect is
followed in the order written: who does it (its controller, or each player in APNAP order,
101.4), what it acts on (its targets as chosen, or what a description picks on the board),
how much (X, a count, a power, "for each"), and for how long (611.2). Only the chosen modes of
a modal spell are followed (700.2). The results are plain words for the answer
(knowledge/rules/resolution.py says each one) and data other procedures read: the damage,
destruction, counters and continuous effects feed knowledge/aftermath.py, so state-based
actions see the game after the resolution (704.3); src/rulings/sequence.py reads them to
build the next snapshot of a sequence of events."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from rulings.facts.combat import Attacking
from rulings.facts.costs import ZoneListed
from rulings.facts.effects import (
    Condition,
    Keyword,
    Selector,
    Step,
    TargetSlot,
    arg,
    chosen_slots,
    mana_value_on_stack,
    slot_room,
)
from rulings.facts.game import Ability, GameObject, Player, Turn
from rulings.facts.resolution import search_family_steps
from rulings.facts.stack import ChosenTarget, ResolveTop, StackObject
from rulings.facts.state import Monstrous, RegenerationShield
from rulings.knowledge import choices, coin, step_conditions
from rulings.knowledge.amounts import GREATEST, devotion, greatest_measured, party_size
from rulings.knowledge.defending import (
    DEFENDING,
    attacking_creature,
    collector,
    defending_player,
)
from rulings.knowledge.layer_system import (
    Board,
    Perm,
    World,
    compute,
    keyword_parts,
    mana_value,
    number,
    picks,
)

NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}
DURATIONS = {"until_end_of_turn": "until end of turn",
             "until_end_of_combat": "until end of combat",
             "until_your_next_turn": "until {controller}'s next turn",
             "this_turn": "this turn",
             # impulse: a permission to play exiled cards (CR 611.2)
             "until_end_of_your_next_turn": "until the end of {controller}'s next turn",
             # spells: "doesn't untap during its controller's next untap step" says it
             "next_untap_step": ""}
#: verbs whose result other rules already state (countering, copying); the steps of a
#: search (search, put or reveal what it found, shuffle, look at or reveal the top) are
#: stated by the searching rules: `search_family_steps`
ELSEWHERE = ("counter", "copy")
#: counters that change power and toughness (613.4c), by the sign of the change
PT_COUNTERS = {"+1/+1": 1, "-1/-1": -1}


@dataclass
class Instruction:
    """One instruction followed: its result in words and as data."""

    ability: str
    index: int
    verb: str
    text: str                      # "Alice creates two Soldier tokens"
    subject: str                   # who or what the sentence is about
    part: str = "do"               # `do`, or `mode<k>` of a modal spell
    players: list[str] = field(default_factory=list)   # who performs it, in APNAP order
    objects: list[str] = field(default_factory=list)   # objects or players acted on
    amount: int | None = None
    duration: str = ""
    optional: bool = False         # "you may", not decided by the situation
    declined: bool = False         # "you may", and the situation says they don't
    depends_on: int = 0            # "if you do": the optional step it waits on
    on_decline: bool = False       # "if you don't": it happens when that step is not done
    on_impossible: bool = False    # "if you can't": it happens when that step couldn't be
    impossible: bool = False       # a sacrifice with nothing of the player's to sacrifice
    #: "unless [player] pays [cost]" (CR 118.12a): (payer, cost words) when not decided
    unless_payer: tuple[str, str] | None = None
    skipped: str = ""              # why it does nothing
    on_target: bool = False        # it acts on (or is done by) a target of the spell
    facts: list[Any] = field(default_factory=list)
    #: choice: a choice made as it resolves that the situation doesn't state, in words
    choice_open: str = ""
    #: afterif: a step's condition the situation doesn't decide, in words (608.2c)
    condition_open: str = ""
    #: afterif: a step's condition that holds, and what was found, in words (608.2c)
    condition_held: str = ""
    #: how a counted amount was counted ("one for each creature card in Alice's graveyard:
    #: 2"), for the rules that say the instruction in their own words (608.2h)
    counted: str = ""


@dataclass
class Resolution:
    object: str
    name: str
    controller: str
    ability: str
    instructions: list[Instruction]
    #: (source, to, amount) dealt by the instructions, in order
    damage: list[tuple[str, str, int]] = field(default_factory=list)
    destroyed: list[str] = field(default_factory=list)
    #: destroyed, and "it can't be regenerated" (CR 701.19c)
    unregenerable: list[str] = field(default_factory=list)
    #: not destroyed: a regeneration shield replaced the destruction (CR 701.19a)
    regenerated: list[str] = field(default_factory=list)
    sacrificed: list[str] = field(default_factory=list)
    exiled: list[str] = field(default_factory=list)
    returned: list[tuple[str, str]] = field(default_factory=list)     # (object, zone)
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    #: permanents monstrosity made monstrous (CR 701.37b)
    monstrous: list[str] = field(default_factory=list)
    #: continuous effects it creates: dicts in the words of `effects: continuous`
    effects: list[dict[str, Any]] = field(default_factory=list)
    #: prevent: prevention effects on a chosen source's damage, as (`effects:` word, keys)
    prevention: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: prevent: (source, recipient) of damage that can't be prevented (CR 615.12)
    unpreventable: list[tuple[str, str]] = field(default_factory=list)
    life: dict[str, int] = field(default_factory=dict)                # player -> change
    draws: dict[str, int] = field(default_factory=dict)
    mills: dict[str, int] = field(default_factory=dict)
    tokens: list[dict[str, Any]] = field(default_factory=list)
    tapped: list[str] = field(default_factory=list)
    untapped: list[str] = field(default_factory=list)
    exiles_itself: bool = False
    #: (player, object, any color mana, duration, source) a `permit` gives: "you may cast it
    #: (from exile)", "until end of turn, you may play that card" (impulse)
    permits: list[tuple[str, str, bool, str, str]] = field(default_factory=list)
    #: reflexive abilities that triggered ("when you do", 603.12), by ability id
    reflexive: list[str] = field(default_factory=list)
    #: player -> mana symbols added to their pool ("{B}{B}{B}")
    mana: dict[str, list[str]] = field(default_factory=dict)
    #: player -> energy counters got (or paid, below 0) as it resolves (CR 107.14)
    energy: dict[str, int] = field(default_factory=dict)
    #: player -> (mana symbols, the card types of spells it may be spent on, CR 106.6)
    restricted_mana: dict[str, list[tuple[str, list[str]]]] = field(default_factory=dict)
    facts: list[Any] = field(default_factory=list)




#: keyword actions (CR 701) said in words as their step happens
KEYWORD_ACTIONS = {
    "investigate": "{actor} investigates: creates a Clue token (CR 701.16, 111.10f)",
    "proliferate": "{actor} proliferates: each permanent and player they choose with "
                   "counters gets another of each kind it has (CR 701.34)",
    "populate": "{actor} populates: creates a copy of a creature token they control "
                "(CR 701.36)",
    "explore": "{names} explores: {actor} reveals the top card of their library; a land "
               "goes to their hand, otherwise {names} gets a +1/+1 counter and the card may "
               "go to the graveyard (CR 701.44)",
    "connive": "{names} connives: {actor} draws, then discards; a discarded nonland card "
               "gives {names} a +1/+1 counter (CR 701.50)",
    "adapt": "{names} adapts {amount}: if it has no +1/+1 counters, it gets {amount} "
             "(CR 701.46)",
    "monstrosity": "{names} becomes monstrous with {amount} +1/+1 counters, if it isn't "
                   "monstrous already (CR 701.37)",
    "bolster": "{actor} bolsters {amount}: a creature they control with the least "
               "toughness gets {amount} +1/+1 counters (CR 701.39)",
    "amass": "{actor} amasses {amount}: an Army they control gets {amount} +1/+1 counters, "
             "made first as a 0/0 Army token if they have none (CR 701.47)",
    "goad": "{names} is goaded: until {actor}'s next turn it attacks each combat if able, "
            "and a player other than {actor} if able (CR 701.15)",
    "fateseal": "{actor} fateseals {amount} (CR 701.29)",
    "flip": "{names} flips: a flip card on the battlefield is turned around, and from now "
            "on it has only the characteristics of its other half (CR 710.1b, 710.2); it "
            "can't flip back (CR 710.4)",
    "transform": "{names} transforms: a transforming double-faced permanent is turned over "
                 "so its other face is up; a permanent that isn't one doesn't transform "
                 "(CR 701.27a, 701.27c), nor one that an ability of its own would transform "
                 "after it already transformed since that ability was put on the stack "
                 "(CR 701.27f)",
    "manifest": "{actor} manifests: their library's top card becomes a face-down 2/2 "
                "creature permanent without text, which may be turned face up for its mana "
                "cost if it is a creature card (CR 701.40a-b, 708)",
}

def _of(facts: list[Any], cls: type) -> list[Any]:
    return [f for f in facts if isinstance(f, cls)]


def count_words(n: int, noun: str, plural: str = "") -> str:
    """'a card', 'two cards', '0 cards'."""
    if n == 1:
        word = "an" if noun[:1].lower() in "aeiou" else "a"
        return f"{word} {noun}"
    return f"{NUMBER_WORDS.get(n, str(n))} {plural or noun + 's'}"


def _player_controls(sel: Any) -> bool:
    """pw: a selector whose controller is a referent (a target player: "… target player
    controls"), not you or an opponent."""
    return sel is not None and sel["controller"] not in ("", "you", "opponent", "opponents")


#: samename: the selector keys relating an object to another that a referent names
KIN_KEYS = ("same_name_as", "shares_color_with")


def _kin_of(sel: Any) -> list[tuple[str, str]]:
    """samename: (key, referent) for each relation of a selector to another object."""
    if sel is None:
        return []
    return [(key, arg(sel, key)) for key in KIN_KEYS if arg(sel, key)]


class _Walk:
    """One resolution being followed."""

    def __init__(self, facts: list[Any], top: Any) -> None:
        self.facts = facts
        self.world = World(facts)
        self.board: Board = compute(facts)
        self.top = top
        self.objects = {f["id"]: f for f in _of(facts, GameObject)}
        self.players = [p for p in sorted(_of(facts, Player), key=lambda p: p["seat"])
                        if not p["left_game"]]
        turns = _of(facts, Turn)
        self.active = turns[0]["active"] if turns else ""
        self.controller = top["controller"]
        source_id = top["source"] or top["id"]
        self.source_id = source_id
        self.source: Perm | None = self.board.perms.get(source_id) or self._perm_of(source_id)
        # a face-down permanent has no name (708.2a): said as what it is (samename)
        self.names = {o["id"]: o["name"] or "a face-down card" for o in self.objects.values()}
        shared = [n for n in self.names.values() if list(self.names.values()).count(n) > 1]
        for oid, label in list(self.names.items()):  # two Grizzly Bears: say which
            if label in shared:
                self.names[oid] = f"{label} ({oid})"
        event = _of(facts, ResolveTop)
        self.does = {int(n) for n in event[0]["does"] if str(n).isdigit()} if event else set()
        self.declines = {int(n) for n in event[0]["declines"] if str(n).isdigit()} \
            if event else set()
        self.pays = bool(event[0]["pays"]) if event else False
        self.targets = self._targets()
        self.made: list[dict[str, Any]] = []
        ability = self.ability_id()
        self.slots = {s["slot"] for s in _of(facts, TargetSlot) if s["ability"] == ability}
        #: look: what a step id names for the instructions after it (cards looked at or
        #: chosen), see `Named` below
        self.named: dict[str, Named] = {}
        #: zone -> the earliest step of this resolution that put cards there or took them
        #: away: a choice among the cards of that zone can't be told from the situation then
        self.zones_changed: dict[str, int] = {}
        self.plural: set[str] = set()  # stand-ins for several objects ("the rest")

    def _perm_of(self, oid: str) -> Perm | None:
        """A spell's or a card's own characteristics, for "this" and its controller."""
        from rulings.knowledge.layer_system import printed

        if oid not in self.objects:
            return None
        p = printed(self.world, oid)
        p.controller = self.controller
        return p

    def make_token(self, st: Any, token: str, player: str, tapped: bool) -> dict[str, Any]:
        """A token created now (111.1): it is on the battlefield for the instructions after
        this one ("creatures you control get +1/+1" counts it, 608.2c)."""
        def listed(key: str) -> list[str]:
            return [v for v in arg(st, f"token.{key}").split(",") if v]

        oid = f"{self.top['id']}-token-{len(self.made) + 1}"
        pt = (number(arg(st, "token.power")), number(arg(st, "token.toughness")))
        written = json.loads(arg(st, "token.define") or "{}")
        # its keywords count for the instructions after this one ("creatures with flying")
        words = [keyword_parts(k)[0] if isinstance(k, str) else str(next(iter(k)))
                 for k in written.get("keywords") or []]
        perm = Perm(oid, token, player, player, "", listed("types") or ["creature"],
                    listed("subtypes"), [], listed("colors"), words, [], pt[0], pt[1], 0,
                    True, tapped, "")
        self.board.perms[oid] = perm
        self.names[oid] = f"the {token} token"
        data = {"id": oid, "name": token, "controller": player, "tapped": tapped,
                "types": perm.types, "subtypes": perm.subtypes, "colors": perm.colors,
                "power": pt[0], "toughness": pt[1],
                # its keywords and abilities as written (lowering's token.define), for a
                # sequence's next situation
                "define": arg(st, "token.define")}
        self.made.append(data)
        return data

    def name(self, oid: str) -> str:
        return self.names.get(oid, oid)

    def carry(self, done: Resolution) -> None:
        """The game as the next instruction finds it (608.2c): what this one changed on the
        battlefield — control, tapped state, power and toughness, what left."""
        for e in done.effects:
            for o in e["objects"]:
                p = self.board.perms.get(o)
                if p is None:
                    continue
                if e["effect"] == "gain_control":
                    p.controller = e["controller"]
                elif e["effect"] == "modify" and p.power is not None:
                    p.power = (p.power or 0) + (number(e["power"], 0) or 0)
                    p.toughness = (p.toughness or 0) + (number(e["toughness"], 0) or 0)
                elif e["effect"] == "add_keywords":
                    p.keywords = [*p.keywords, *e["values"]]
                elif e["effect"] == "switch_pt" and p.power is not None:
                    p.power, p.toughness = p.toughness, p.power
        for o, counters in done.counters.items():
            p = self.board.perms.get(o)
            for counter, k in counters.items():
                sign = PT_COUNTERS.get(counter, 0)
                if p is not None and sign and p.power is not None:
                    p.power = (p.power or 0) + sign * k
                    p.toughness = (p.toughness or 0) + sign * k
        for o in done.tapped:
            if o in self.board.perms:
                self.board.perms[o].tapped = True
        for o in done.untapped:
            if o in self.board.perms:
                self.board.perms[o].tapped = False
        # impulse: what has really been exiled so far, for a permission on those cards
        self.__dict__.setdefault("exiled_so_far", set()).update(done.exiled)
        gone = [*done.destroyed, *done.sacrificed, *done.exiled, *(o for o, _ in done.returned)]
        for o in gone:
            self.board.perms.pop(o, None)

    def names_of(self, oids: list[str]) -> str:
        """'Grizzly Bears and two Soldier tokens' (objects with the same name counted)."""
        counts: dict[str, int] = {}
        for o in oids:
            label = self.name(o)
            counts[label] = counts.get(label, 0) + 1
        parts = []
        for label, k in counts.items():
            if k == 1:
                parts.append(label)
            else:
                bare = label.removeprefix("the ")
                plural = bare if bare.endswith("s") else bare + "s"
                parts.append(f"{NUMBER_WORDS.get(k, str(k))} {plural}")
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + " and " + parts[-1]
        return parts[0] if parts else "nothing"

    # -- targets ---------------------------------------------------------------------------

    def _targets(self) -> dict[str, list[str]]:
        """slot -> the targets chosen for it, filled in order (as targets.slot-by-order)."""
        ability = self.ability_id()
        slots = chosen_slots([s for s in _of(self.facts, TargetSlot)
                              if s["ability"] == ability], self.top["modes"])
        chosen = sorted((c for c in _of(self.facts, ChosenTarget)
                         if c["object"] == self.top["id"]), key=lambda c: c["index"])
        out: dict[str, list[str]] = {}
        by_name = [c for c in chosen if c["slot"]]
        for c in by_name:
            out.setdefault(c["slot"], []).append(c["target"])
        queue = [c for c in chosen if not c["slot"]]
        for k, s in enumerate(slots):
            room = slot_room(slots, k, len(queue))  # "any number" (divided)
            for _ in range(max(room, 1) if s["max"] >= 0 else room):
                if not queue:
                    break
                out.setdefault(s["slot"], []).append(queue.pop(0)["target"])
        return out

    def slot_zone(self, slot: str) -> str:
        """The zone a target slot's selector looks in ('' for the battlefield)."""
        ability = self.ability_id()
        for s in _of(self.facts, TargetSlot):
            if s["ability"] == ability and s["slot"] == slot:
                sel = self.world.selectors.get(s["selector"])
                return str(sel["zone"] or "") if sel is not None else ""
        return ""

    def still_legal(self, target: str, slot: str = "") -> bool:
        """A target is gone when it left its zone or its player left the game (608.2b), or,
        for a permanent, when it has shroud, hexproof against this controller or protection
        from a color of the source now (702.18a, 702.11b, 702.16b): what the instructions
        do here (damage, destruction) feeds the state-based actions, so a target the rules
        of knowledge/rules/targets.py find illegal must get nothing here either."""
        if target in self.objects:
            zone = self.objects[target]["zone"]
            if slot and zone not in ("battlefield", "stack") and zone == self.slot_zone(slot):
                # a card targeted where it is ("target creature card from a graveyard"),
                # still there as the situation stands (608.2b)
                return True
            if zone not in ("battlefield", "stack"):
                return False
            perm = self.board.perms.get(target)
            return perm is None or not self._untargetable(perm)
        return any(p["name"] == target for p in self.players)

    def _untargetable(self, perm: Perm) -> bool:
        words = {*perm.keywords, *(k for k, _, _ in perm.granted)}
        if "shroud" in words:
            return True
        if "hexproof" in words and perm.controller != self.controller:
            return True
        source_colors = set(self.source.colors) if self.source is not None else set()
        from_colors = {v for k, v, _ in perm.granted if k == "protection"}
        selectors = {s["id"]: s for s in _of(self.facts, Selector)}
        for k in _of(self.facts, Keyword):
            if k["object"] == perm.id and k["keyword"] == "protection" and not k["granted_by"]:
                sel = selectors.get(k["selector"])
                from_colors |= set(sel["colors"]) if sel is not None else set()
                from_colors.add(str(k["value"]).strip().removeprefix("from ").strip())
        return bool(source_colors & from_colors)

    def ability_id(self) -> str:
        if self.top["kind"] == "ability":
            return str(self.top["ability"])
        spells = [a for a in _of(self.facts, Ability)
                  if a["source"] == self.top["id"] and a["kind"] == "spell"]
        return str(spells[0]["id"]) if spells else ""

    # -- who and what ----------------------------------------------------------------------

    def apnap(self, names: list[str]) -> list[str]:
        """Players in APNAP order (101.4): the active player, then the others in turn order."""
        seats = [p["name"] for p in self.players]
        if self.active in seats:
            i = seats.index(self.active)
            seats = seats[i:] + seats[:i]
        return [n for n in seats if n in names]

    def _named_then(self, ref: str) -> list[str]:
        """The targets a referent named as the spell or ability was put on the stack."""
        sel = self.world.selectors.get(ref)
        slot = sel["ref"] if sel is not None and sel["ref"] else ref
        return list(self.targets.get(slot, []))

    def refer(self, ref: str) -> list[str]:
        """The players or objects a referent, target slot or selector names now."""
        if not ref:
            return []
        everyone = [p["name"] for p in self.players]
        if ref == "you":
            return [self.controller]
        if ref in ("each_player", "player", "any_player"):
            return self.apnap(everyone)
        if ref in ("each_opponent", "opponent"):
            return self.apnap([n for n in everyone if n != self.controller])
        if ref == "active_player":
            return [self.active]
        if ref == DEFENDING:  # defending: the player the attacking creature attacks (508.5)
            player, _ = defending_player(collector(self.facts), self.ability_id())
            return [player] if player else []
        if ref == "this":
            return [self.top["source"] or self.top["id"]]
        if ref in ("enchanted", "equipped"):
            # what the Aura or Equipment with the ability is attached to now (303.4, 301.5):
            # a permanent, or the player an Aura enchants (303.4e)
            perm = self.board.perms.get(self.source_id)
            host = perm.attached_to if perm is not None else ""
            if host in self.board.perms or host in {p["name"] for p in self.players}:
                return [host]
            return []
        if ref == "paired":  # soulbond: the creature it is paired with now (702.95b, e)
            from rulings.knowledge.layer_system import paired_partner

            perm = self.board.perms.get(self.source_id)
            partner = paired_partner(self.world, perm, self.board.perms) if perm else ""
            return [partner] if partner else []
        if ref == "sacrificed":  # what its cost sacrificed (601.2h), as it last existed
            return list(self.top["sacrificed"] or [])
        if ref == "exiled_with_this":  # linked: what its linked ability exiled (CR 607.2a)
            return linked_exiled(self.facts, self.source_id, self.objects)
        if ref in self.named:  # a step id: what that step looked at or chose (608.2c)
            return self.named[ref].now(self)
        if ref in self.targets:
            return [t for t in self.targets[ref] if self.still_legal(t, ref)]
        sel = self.world.selectors.get(ref)
        if sel is None:
            return []
        if sel["ref"]:
            return self.refer(sel["ref"]) if sel["ref"] != ref else []
        if arg(sel, "among"):  # "… from among them": only what that step named
            return among(self, ref, sel)
        whose = arg(sel, "controller_of") or arg(sel, "owner_of")
        if whose:
            # "its controller" / "its owner": the player of the object named, as it last
            # existed (608.2h), even if an earlier instruction destroyed it
            named = self.refer(whose) or self._named_then(whose)
            key = "controller" if arg(sel, "controller_of") else "owner"
            found = [str(self.objects[o].get(key) or self.objects[o].get("controller"))
                     for o in named if o in self.objects]
            return list(dict.fromkeys(p for p in found if p))
        zone = str(sel["zone"] or "battlefield")
        if zone != "battlefield":
            # cards in a graveyard, hand, library or exile: their printed characteristics
            # (a card there is no permanent, 109.2)
            from rulings.knowledge.layer_system import printed

            found = [oid for oid, o in sorted(self.objects.items())
                     if o["zone"] == zone and oid in self.world.objects
                     and picks(self.world, ref, printed(self.world, oid), self.source,
                               self.board.perms, zone=zone)]
            if sel["owner"] not in ("", "you", "opponent"):  # "that player's hand"
                owners = set(self.refer(str(sel["owner"])))
                found = [o for o in found if (self.objects[o]["owner"]
                                              or self.objects[o]["controller"]) in owners]
            return found
        if any(_kin_of(self.world.selectors.get(o)) for o in sel["any_of"] or []):
            # samename: "target creature and each other creature that shares a color with
            # it": the target, and the objects so related to it, each once
            return list(dict.fromkeys(o for opt in sel["any_of"] for o in self.refer(opt)))
        # "each creature and each player", "each opponent and each creature …": the players
        # an alternative names are picked too, not only the permanents (pw)
        named = [p for opt in sel["any_of"] or []
                 if (self.world.selectors.get(opt) or {}).get("ref") for p in self.refer(opt)]
        players = [p for p in named if self.is_player(p)]
        # pw2: a target permanent an alternative names ("target player or planeswalker and
        # each creature …", a planeswalker chosen) is picked too
        named_perms = [p for p in named if p in self.board.perms]
        found = [oid for oid, p in sorted(self.board.perms.items())
                 if picks(self.world, ref, p, self.source, self.board.perms)]
        options = [o for o in sel["any_of"] or [] if not (self.world.selectors.get(o) or {}).get(
            "ref")]
        if any(_player_controls(self.world.selectors.get(o)) for o in options):
            # pw: "target player and each creature that player controls": each option's
            # permanents as that option picks them (its controller a target)
            picked = {oid for o in options for oid in self.refer(o)}
            found = [oid for oid in found if oid in picked]
        for key, other in _kin_of(sel):
            # samename: "with the same name as that permanent" (a name in common, CR 201.2a:
            # an object with no name shares none), "that shares a color with it" (105.2):
            # compared with what the referent names now, from the layer system's values
            named = [self.board.perms[o] for o in self.refer(other) if o in self.board.perms]
            if key == "same_name_as":
                names = {p.name for p in named if p.name}
                found = [o for o in found if self.board.perms[o].name in names]
            else:
                colors = {c for p in named for c in p.colors}
                found = [o for o in found if colors & set(self.board.perms[o].colors)]
        if _player_controls(sel):
            # pw: "all creatures target opponent controls": that player's permanents only
            # pw2: a planeswalker there ("that player or that planeswalker's controller"): the
            # player who controls it
            controllers = {self.board.perms[c].controller if c in self.board.perms else c
                           for c in self.refer(str(sel["controller"]))}
            found = [o for o in found if self.board.perms[o].controller in controllers]
        return list(dict.fromkeys(players)) + found + [
            p for p in dict.fromkeys(named_perms) if p not in found]

    def count(self, ref: str) -> tuple[int | None, str]:
        """How many objects a selector picks now (608.2h), or None and why the situation
        doesn't tell: cards in a graveyard or hand are counted only in the zones of the
        players the situation lists that zone for (what it lists is all of it), and not
        after an earlier step of this resolution moved cards to or from that zone."""
        sel = self.world.selectors.get(ref)
        zone = str(sel["zone"] or "battlefield") if sel is not None else "battlefield"
        if zone == "battlefield" or sel is None:
            return len(self.refer(ref)), ""
        owner = str(sel["owner"] or "")
        everyone = [p["name"] for p in self.players]
        whose = [self.controller] if owner == "you" else \
            [n for n in everyone if n != self.controller] if owner in ("opponent",
                                                                     "opponents") else \
            everyone if not owner else [p for p in self.refer(owner) if self.is_player(p)]
        listed = {(f["player"], f["zone"]) for f in _of(self.facts, ZoneListed)}
        unlisted = [p for p in whose if (p, zone) not in listed]
        if unlisted:
            zones = " and ".join(f"{p}'s {zone}" for p in unlisted)
            return None, f"{zones} {'is' if len(unlisted) == 1 else 'are'} not listed by " \
                "the situation"
        if zone in self.zones_changed:
            return None, (f"step {self.zones_changed[zone]} moved cards to or from that "
                          f"{zone} first, and the situation doesn't show which")
        return len(self.refer(ref)), ""

    def greatest(self, kind: str, ref: str) -> tuple[int | None, str]:
        """greatest: the greatest power, toughness or mana value among the objects a selector
        picks now (608.2h); 0 when it picks none, and 0 for a greatest value below zero
        (107.1b); the cards of a zone only when the situation lists it, as a count is."""
        n, unknown = self.count(ref)
        what = GREATEST[kind]
        each = self.counted_words(ref)
        each = "other " + each.removeprefix("another ") if each.startswith("another ") else each
        said = f"the greatest {what} of any {each}"
        if n is None:
            return None, f"{said} is not decided: {unknown}"
        values: dict[str, int] = {}
        for oid in self.refer(ref):
            p = self.board.perms.get(oid) or self._perm_of(oid)
            if p is None:
                continue
            value = mana_value(p.mana_cost) if kind == "greatest_mana_value_among" else \
                p.power if kind == "greatest_power_among" else p.toughness
            if value is None:  # a characteristic the situation doesn't give
                return None, f"{said} is not decided: the {what} of {self.name(oid)} is " \
                    "not given"
            values[oid] = value
        if not values:
            return 0, f"{said}: there are none, so it is 0"
        top = max(values.values())
        which = self.names_of([o for o, v in values.items() if v == top])
        if top < 0:  # 107.1b: an effect's amount below zero is zero
            return 0, f"{said} is {top} ({which}), so 0 is used"
        return top, f"{said} is {top} ({which})"

    def half(self, text: str, step: Any) -> tuple[int | None, str]:
        """greatest: half of an amount, rounded as the card says (CR 107.1a): `own_life`, the
        life total of the player the step is about as it happens (608.2h), or X."""
        of, _, rounding = text.partition(",round:")
        rounding = rounding or "down"
        if of == "own_life":
            who = [p for p in self.refer(str(step["who"] or "you") if step is not None
                                         else "you") if self.is_player(p)]
            lives = {p["name"]: p["life"] for p in self.players if p["name"] in who}
            if not who or any(life is None or life < 0 for life in lives.values()):
                whose = " and ".join(who) or "the player"
                return None, f"half of {whose}'s life total, rounded {rounding}: the life " \
                    "total is not given"
            if len(set(lives.values())) > 1:
                return None, "half of each player's own life total: they differ, and one " \
                    "amount for them all is not modelled"
            (name, life), *_ = lives.items()
            said = f"{name}'s life total is {life}"
        else:
            life, said = self.amount(of, step)
            if life is None:
                return None, said
        if life < 0:  # 107.1b: a life total below zero: half of it is no life to lose
            return 0, f"{said}; half of it below zero is 0"
        half = (life + 1) // 2 if rounding == "up" else life // 2
        return half, f"{said}; half of it, rounded {rounding}, is {half}"

    def counted_words(self, ref: str) -> str:
        """What a count counts, in words: "creature card in Alice's graveyard"."""
        sel = self.world.selectors.get(ref)
        what = str(sel["text"]) if sel is not None and sel["text"] else "of them"
        for head in ("a ", "an "):
            what = what.removeprefix(head)
        return what.replace("your ", f"{self.controller}'s ").replace(
            "you control", f"{self.controller} controls")

    def is_player(self, oid: str) -> bool:
        return any(p["name"] == oid for p in self.players)

    def amount(self, text: str, step: Any) -> tuple[int | None, str]:
        """(the number, how it was found) for an amount: a number, X, or a measure."""
        text = str(text or "").strip()
        if not text:
            return 1, ""
        if text.lstrip("+-").isdigit():
            return int(text), ""
        if text.upper() == "X":
            x = self.top["x"]
            return (x, f"X is {x}") if x >= 0 else (None, "X is not given")
        if text == "that_much":  # dmgtrig: the damage the trigger event dealt (CR 120.9)
            much = self.top["that_much"]
            if much >= 0:
                return much, f"the damage its trigger event dealt is {much}"
            return None, ("the damage its trigger event dealt is not given (that_much: on "
                          "its stack entry)")
        kind, _, sel = text.replace("=", ":", 1).partition(":")
        if kind == "count" and sel:
            sel, _, times = sel.partition(",times:")  # attached area: "two for each …"
            n, unknown = self.count(sel)
            k = int(times) if times.isdigit() else 1
            said = f"{'one' if k == 1 else NUMBER_WORDS.get(k, str(k))} for each " \
                f"{self.counted_words(sel)}"
            n = n * k if n is not None else None
            return n, f"{said}: {n}" if n is not None else f"{said}: {unknown}"
        if kind in ("power_of", "toughness_of", "mana_value_of") and sel:
            subjects = self.refer(sel)
            gone = sel == "sacrificed" or (self.world.selectors.get(sel) or {}).get(
                "ref") == "sacrificed"
            if not subjects and gone:
                return None, ("what was sacrificed to pay its cost is not given (sacrificed: "
                              "on its stack entry)")
            if not subjects:
                return None, "what it measures is gone"
            oid = subjects[0]
            p = self.board.perms.get(oid) or self._perm_of(oid)
            if p is None:
                return None, ""
            on_stack = oid == self.top["id"] and self.top["kind"] != "ability"
            mv = mana_value_on_stack(p.mana_cost, self.top["x"]) if on_stack else \
                mana_value(p.mana_cost)  # 202.3e: X counts on the stack
            value = {"power_of": p.power or 0, "toughness_of": p.toughness or 0,
                     "mana_value_of": mv}[kind]
            what = {"power_of": "power", "toughness_of": "toughness",
                    "mana_value_of": "mana value"}[kind]
            if gone:  # gone with the cost: as it last existed (608.2h)
                return value, (f"{self.name(oid)}'s {what} as it last existed on the "
                               f"battlefield is {value}")
            return value, f"{self.name(oid)}'s {what} is {value}"
        if kind in GREATEST and sel:  # greatest: the largest value among what it picks
            return self.greatest(kind, sel)
        if kind == "half_of" and sel:  # greatest: "half their life, rounded up"
            return self.half(sel, step)
        if kind == "devotion" and sel:
            n = devotion([p.mana_cost for p in self.board.perms.values()
                          if p.controller == self.controller], sel.split(","))
            return n, f"{self.controller}'s devotion to {' and '.join(sel.split(','))} is {n}"
        if text == "party":
            n = party_size([[*p.subtypes, *(["*"] if "changeling" in p.keywords else [])]
                            for p in self.board.perms.values()
                            if p.controller == self.controller and "creature" in p.types])
            return n, f"{self.controller}'s party has {n} creature{'s' if n != 1 else ''}"
        if text == "life_total":  # pw: "where X is your life total" (CR 119.1), as it resolves
            life = next((p["life"] for p in self.players if p["name"] == self.controller), -1)
            if life is None or life < 0:
                return None, f"{self.controller}'s life total is not given"
            return life, f"{self.controller}'s life total is {life}"
        return None, f"the amount '{text}' is not modelled"

    def duration(self, step: Any) -> str:
        d = str(step["duration"] or "")
        if d.startswith("as_long_as"):
            cond = self.world.conditions.get(d.partition(":")[2])
            return f"for as long as {cond['kind'].replace('_', ' ') if cond else 'it says'}"
        if d == "until_this_leaves":
            return f"until {self.name(self.source_id)} leaves the battlefield"
        if d == "while_this_tapped":  # remains (611.2b)
            return f"for as long as {self.name(self.source_id)} remains tapped"
        return DURATIONS.get(d, d.replace("_", " ")).format(controller=self.controller)

    def source_untapped(self) -> bool:
        """remains: whether the object with the ability is untapped or gone now, so "for as
        long as it remains tapped" is over (CR 611.2b)."""
        perm = self.board.perms.get(self.source_id)
        return perm is None or not perm.tapped

    def source_gone(self) -> bool:
        """Whether the object with the ability is no longer on the battlefield (CR 610.3c)."""
        return self.source_id not in self.board.perms


#: what "can't …" a one-shot effect gives says, by its action (CR 101.2, 509.1b)
CANT_WORDS = {"block": "block", "attack": "attack", "attack_or_block": "attack or block",
              "be_blocked": "be blocked"}


def _signed(n: int | None) -> str:
    """A change to power or toughness: '+2', '-1', 'X' when not decided."""
    return "+X" if n is None else f"{n:+d}"


def _rule_or_color(w: _Walk, st: Any, objs: list[str], res: Resolution) -> list[str]:
    """A `modify` step's rule ("can't block this turn") and color change ("becomes black
    until end of turn"): continuous effects locked in on `objs` as the step resolves
    (611.2c), lasting the step's duration (611.2)."""
    parts = []
    single = len(objs) == 1
    duration = st["duration"] or "until_end_of_turn"
    if arg(st, "prohibit"):
        action = arg(st, "prohibit")
        if action == "untap" and duration == "while_this_tapped":  # remains (502.3, 611.2b)
            parts.append(f"{'doesn' if single else 'don'}'t untap during "
                         f"{'its' if single else 'their'} controller's untap step")
        elif action == "untap":  # spells: a one-time rule for the next untap step (502.3)
            parts.append(f"{'doesn' if single else 'don'}'t untap during "
                         f"{'its' if single else 'their'} controller's next untap step")
        else:
            parts.append(f"can't {CANT_WORDS.get(action, action.replace('_', ' '))}")
        if objs:
            res.effects.append({"source": w.top_name(), "objects": list(objs),
                                "effect": "prohibit", "values": [action],
                                "duration": duration})
    for key, word in (("add_types", "become"), ("add_subtypes", "become")):
        # animate: added to its other types (CR 205.1b), for the duration
        if arg(st, key):
            values = arg(st, key).split(",")
            parts.append(f"{word}{'s' if single else ''} {' '.join(values)} in addition to "
                         f"{'its' if single else 'their'} other "
                         f"{'types' if key == 'add_types' else 'subtypes'}")
            if objs:
                res.effects.append({"source": w.top_name(), "objects": list(objs),
                                    "effect": key, "values": values, "duration": duration})
    if arg(st, "set_colors"):
        colors = arg(st, "set_colors").split(",")
        parts.append(f"{'becomes' if single else 'become'} {' and '.join(colors)}")
        if objs:
            res.effects.append({"source": w.top_name(), "objects": list(objs),
                                "effect": "set_colors", "values": colors,
                                "duration": duration})
    return parts


def _verb_text(w: _Walk, st: Any, who: list[str], objs: list[str], n: int | None,
               res: Resolution) -> str:
    """The result of one instruction in words, recording its data in `res`."""
    verb = st["verb"]
    names = w.names_of(objs)
    actor = " and ".join(who) or w.controller
    amount = "X" if n is None else str(n)
    src = w.top["source"] or w.top["id"]
    if verb in ("deal_damage", "put_counters") and arg(st, "divided") == "true":
        from rulings.knowledge.rules.divided import divided_text  # divided (CR 601.2d)

        return divided_text(w, st, objs, n, res)
    if verb == "deal_damage":
        dealer_ids = w.refer(arg(st, "source")) if arg(st, "source") else [src]
        dealer = dealer_ids[0] if dealer_ids else src
        unpreventable = arg(st, "unpreventable") == "true" or w.__dict__.get(
            "unpreventable_turn", False)  # an earlier step: "damage can't be prevented …"
        for o in objs:
            if n:
                res.damage.append((dealer, o, n))
                if unpreventable:  # 615.12: prevention effects stop none of it
                    res.unpreventable.append((dealer, o))
        return f"{w.name(dealer)} deals {amount} damage to {names}" + (
            " (the damage can't be prevented)" if unpreventable else "")
    if verb == "destroy":
        # 702.12b: indestructible permanents aren't destroyed (a regeneration shield is
        # weighed by the state-based and destruction rules through the aftermath)
        tough = [o for o in objs if o in w.board.perms
                 and "indestructible" in w.board.perms[o].keywords]
        gone = [o for o in objs if o in w.board.perms and o not in tough]
        # a regeneration shield replaces the destruction (701.19a) unless the effect says
        # it can't be regenerated (701.19c)
        unregenerable = arg(st, "no_regeneration") == "true"
        shields = {f["object"] for f in w.world.all if isinstance(f, RegenerationShield)}
        saved = [] if unregenerable else [o for o in gone if o in shields]
        gone = [o for o in gone if o not in saved]
        res.destroyed += gone
        text = f"{w.names_of(gone)} {'is' if len(gone) == 1 else 'are'} destroyed" \
            if gone else "nothing is destroyed"
        if gone and unregenerable:
            res.unregenerable += gone
            text += f"; {'it' if len(gone) == 1 else 'they'} can't be regenerated"
        if saved:
            res.tapped += saved
            res.regenerated += saved
            text += f"; {w.names_of(saved)} {'regenerates' if len(saved) == 1 else 'regenerate'}" \
                    " instead: tapped, its damage removed, removed from combat (701.19a)"
        if tough:
            text += f"; {w.names_of(tough)} {'is' if len(tough) == 1 else 'are'} " \
                    "indestructible and stays on the battlefield"
        return text
    if verb == "exile":
        res.exiled += objs
        if src in objs and w.top["kind"] != "ability":
            res.exiles_itself = True
        return f"{names} {'is' if len(objs) == 1 else 'are'} exiled"
    if verb == "sacrifice":
        sel = w.world.selectors.get(st["what"])
        if objs and sel is not None and sel["ref"] == "this":
            res.sacrificed += [o for o in objs if o in w.board.perms]
            return f"{actor} sacrifices {names}"
        desc = (sel["text"] if sel is not None and sel["text"] else "a permanent")
        desc = desc.replace(" card", "")
        parts = []
        for p in who:  # each player sacrifices their own (701.21a): a choice only if several
            own = [o for o in objs if o in w.board.perms and w.board.perms[o].controller == p]
            need = n or 1
            if not own:
                parts.append(f"{p} has no {desc.removeprefix('a ').removeprefix('an ')} to "
                             "sacrifice")
            elif len(own) <= need:
                res.sacrificed += own
                parts.append(f"{p} sacrifices {w.names_of(own)}")
            else:
                parts.append(f"{p} sacrifices {desc if need == 1 else count_words(need, desc)}"
                             f" of their choice (among {w.names_of(own)})")
        return "; ".join(parts)
    if verb in ("draw", "discard", "mill", "gain_life", "lose_life", "scry", "surveil"):
        for p in who:
            if n is None:
                continue
            if verb == "draw":
                res.draws[p] = res.draws.get(p, 0) + n
            if verb == "mill":
                res.mills[p] = res.mills.get(p, 0) + n
            if verb in ("gain_life", "lose_life"):
                res.life[p] = res.life.get(p, 0) + (n if verb == "gain_life" else -n)
        each = " each" if len(who) > 1 else ""
        if verb in ("gain_life", "lose_life"):
            return f"{actor}{each} {'gain' if len(who) > 1 else 'gains'} {amount} life" \
                if verb == "gain_life" else \
                f"{actor}{each} {'lose' if len(who) > 1 else 'loses'} {amount} life"
        if verb == "discard" and not objs:
            return _discards(w, st, who, n)
        if verb == "discard":  # the card chosen before ("that player discards that card")
            return f"{actor} discards {names} (CR 701.9)"
        noun = {"draw": "card", "discard": "card", "mill": "card"}.get(verb, "")
        verb_s = {"draw": "draws", "discard": "discards", "mill": "mills", "scry": "scries",
                  "surveil": "surveils"}[verb]
        if len(who) > 1:
            verb_s = verb.replace("_", " ")
        if noun:
            return f"{actor}{each} {verb_s} {count_words(n, noun) if n is not None else 'X cards'}"
        return f"{actor}{each} {verb_s} {amount}"
    if verb == "create_copy":  # tokencopy: a token that's a copy (CR 707.2)
        from rulings.knowledge.rules.copy_effects import copy_token_text

        return copy_token_text(w, st, who, objs, n, res)
    if verb == "create":
        token = arg(st, "token") or "creature"
        if token == "Token":  # unnamed: described by what the instruction says it is
            pt = "/".join(x for x in (arg(st, "token.power"), arg(st, "token.toughness")) if x)
            kinds = [pt, arg(st, "token.colors").replace(",", " and "),
                     arg(st, "token.subtypes").replace(",", " ").title(),
                     arg(st, "token.types").replace(",", " ")]
            token = " ".join(k for k in kinds if k) or "creature"
        tapped = arg(st, "tapped") == "true"
        for p in who:
            for _ in range(n or 0):
                res.tokens.append(w.make_token(st, token, p, tapped))
        if st["id"] and n:  # "it gains haste", "that token": the tokens made (608.2c)
            made = [d["id"] for d in w.made[len(w.made) - n * len(who):]]
            w.named[str(st["id"])] = Named(made, "the token", True, len(made) > 1,
                                           str(st["id"]))
        made = count_words(n, f"{token} token") if n is not None else f"X {token} tokens"
        return f"{actor} {'create' if len(who) > 1 else 'creates'} {made}" + \
            (" tapped" if tapped else "")
    if verb in ("put_counters", "remove_counters"):
        counter = arg(st, "counter") or "+1/+1"
        targets = objs or [src]
        for o in targets:
            if n is not None and o in w.board.perms:
                c = res.counters.setdefault(o, {})
                c[counter] = c.get(counter, 0) + (n if verb == "put_counters" else -n)
        many = count_words(n, f"{counter} counter") if n is not None else f"X {counter} counters"
        where = w.names_of(targets)
        each = "each of " if len(targets) > 1 else ""
        return f"{many} {'are' if n != 1 else 'is'} " + \
            ("put on " if verb == "put_counters" else "removed from ") + each + where
    if verb == "tap_or_untap":  # selfstate: which one is chosen as it resolves (608.2d)
        chosen, fact = choices.tap_or_untap_chosen(w.facts, w.top["id"], st)
        store = w.__dict__.setdefault("choice_of", {})
        if not chosen:
            store[st["index"]] = (None, "which of the two is its controller's choice as it "
                                  "resolves, which the situation doesn't give (CR 608.2d)")
            return f"{names} {'become' if len(objs) != 1 else 'becomes'} tapped or untapped"
        store[st["index"]] = (fact, "")
        verb = chosen
    if verb in ("tap", "untap"):
        (res.tapped if verb == "tap" else res.untapped).extend(objs)
        plural = len(objs) != 1
        return f"{names} {'become' if plural else 'becomes'} " \
               f"{'tapped' if verb == 'tap' else 'untapped'}"
    if verb == "modify":
        power, toughness = arg(st, "power"), arg(st, "toughness")
        parts = []
        if power or toughness:
            pw, _ = w.amount(power or "0", st)
            tg, _ = w.amount(toughness or "0", st)
            pt = f"{_signed(pw)}/{_signed(tg)}"  # a count not decided stays X (608.2h)
            parts.append(f"get{'s' if len(objs) == 1 else ''} {pt}")
            if objs and pw is not None and tg is not None:
                res.effects.append({"source": w.top_name(), "objects": list(objs),
                                    "effect": "modify", "power": f"{pw:+d}" if pw is not None
                                    else "+0", "toughness": f"{tg:+d}" if tg is not None
                                    else "+0", "duration": st["duration"] or
                                    "until_end_of_turn"})
        if arg(st, "set_power"):
            parts.append(f"{'has' if len(objs) == 1 else 'have'} base power and toughness "
                         f"{arg(st, 'set_power')}/{arg(st, 'set_toughness')}")
            if objs:
                res.effects.append({"source": w.top_name(), "objects": list(objs),
                                    "effect": "set_pt", "power": arg(st, "set_power"),
                                    "toughness": arg(st, "set_toughness"),
                                    "duration": st["duration"] or "until_end_of_turn"})
        for key, word in (("add_keywords", "gain"), ("remove_keywords", "lose")):
            if arg(st, key):
                kws = arg(st, key).split(",")
                parts.append(f"{word}{'s' if len(objs) == 1 else ''} {' and '.join(kws)}")
                if objs:
                    res.effects.append({"source": w.top_name(), "objects": list(objs),
                                        "effect": key, "values": kws,
                                        "duration": st["duration"] or "until_end_of_turn"})
        if arg(st, "switch_pt") == "true":  # layer 7d: applied after every other change
            parts.append(f"{'has its' if len(objs) == 1 else 'have their'} power and "
                         "toughness switched")
            if objs:
                res.effects.append({"source": w.top_name(), "objects": list(objs),
                                    "effect": "switch_pt",
                                    "duration": st["duration"] or "until_end_of_turn"})
        parts += _rule_or_color(w, st, objs, res)
        parts += choices.parts(w, st, objs, res)  # choice: "… of your choice" (608.2d)
        return f"{names} {' and '.join(parts) or 'change'}"
    if verb == "gain_control":
        if objs:
            res.effects.append({"source": w.top_name(), "objects": list(objs),
                                "effect": "gain_control", "controller": actor,
                                "duration": st["duration"] or "game"})
        return f"{actor} gains control of {names}"
    if verb == "fight":
        other = w.refer(arg(st, "with"))
        if objs and other:
            a, b = objs[0], other[0]
            pa = (w.board.perms.get(a) or Perm.__new__(Perm)).power if a in w.board.perms \
                else 0
            pb = w.board.perms[b].power if b in w.board.perms else 0
            if pa:
                res.damage.append((a, b, pa or 0))
            if pb:
                res.damage.append((b, a, pb or 0))
            return (f"{w.name(a)} and {w.name(b)} fight: {w.name(a)} deals {pa} damage to "
                    f"{w.name(b)} and {w.name(b)} deals {pb} damage to {w.name(a)}")
        return "the fight doesn't happen: one of the creatures is gone"
    if verb in ("put", "return"):
        to = st["to"] or arg(st, "to") or "hand"
        if arg(st, "transformed") == "true":  # saga: back face up (CR 712.14a)
            return returned_transformed(w, res, objs)
        res.returned += [(o, to) for o in objs]
        where = {"hand": "its owner's hand", "battlefield": "the battlefield",
                 "graveyard": "its owner's graveyard", "library": "its owner's library",
                 "exile": "exile"}.get(to, to)
        if to == "library" and arg(st, "position"):  # 401.4: several go in any order
            several = len(objs) > 1 or any(o in w.plural for o in objs)
            where = f"the {arg(st, 'position')} of " + (
                "their owner's library" if several else "its owner's library")
            order = ", in an order their owner chooses (CR 401.4)" \
                if arg(st, "any_order") == "true" else (
                    ", shuffled among themselves: nobody chooses the order"
                    if arg(st, "random_order") == "true" else "")
            return f"{names} {'go' if several else 'goes'} to {where}{order}"
        if len(objs) > 1 or any(o in w.plural for o in objs):
            where = where.replace("its owner's", "their owner's")
        return f"{names} {'are' if len(objs) > 1 else 'is'} " \
               f"{'returned' if verb == 'return' else 'put'} " \
               f"{'into' if to != 'battlefield' else 'onto'} {where}"
    if verb == "shuffle":
        return f"{actor} shuffles their library"
    if verb in ("reveal",):
        return revealed_hand(w, st, actor, objs) or f"{actor} reveals {names}"
    if verb == "exile_top":
        # impulse: the top cards of the performer's own library go to exile (CR 701.13),
        # each a new object there (400.7); when the situation lists that library they are
        # named, and a later `permit` on the step's id is about them
        w.__dict__.setdefault("exile_top_steps", set()).add(str(st["id"]))
        top = w.refer(str(st["id"])) if st["id"] else []
        known = [o for o in top if not w.unknown(o)]  # type: ignore[attr-defined]
        res.exiled += known
        cards = count_words(n, "card") if n is not None else "X cards"
        text = f"{actor} exiles the top {cards} of their library".replace("the top a card",
                                                                           "the top card")
        if known:
            text += f" ({w.names_of(known)})"
        elif n != 0:
            text += " (the situation doesn't list which cards those are)"
        if st["id"] and str(st["id"]) in w.named:  # from now on they are in exile
            w.named[str(st["id"])].label = f"the {cards} {actor} exiled this way" \
                .replace("the a card", "the card")
        return text
    if verb in ("look_at_top", "reveal_top"):
        look = "looks at" if verb == "look_at_top" else "reveals"
        return f"{actor} {look} the top {count_words(n or 1, 'card')} of their library" \
            .replace("the top a card", "the top card")
    if verb == "search":
        what = w.world.selectors.get(arg(st, "for") or st["what"])
        desc = (what["text"] if what is not None and what["text"] else "a card").replace(
            " in a library", "")
        owners = [p for p in w.refer(arg(st, "of")) if w.is_player(p)]
        library = f"{owners[0]}'s library" if owners and owners[0] not in who else \
            "their library"
        return f"{actor} searches {library} for {desc}"
    if verb == "get_energy":
        # energy counters on a player (CR 107.14, 122.1)
        had = _energy_of(w)
        got = "{E}" * n if n is not None else "X {E}"
        then = [f"{p} then has {had[p] + n} energy counters" for p in who
                if p in had and n is not None]
        more = f" ({'; '.join(then)})" if then else ""
        for p in who:
            if n is not None:
                res.energy[p] = res.energy.get(p, 0) + n
        return f"{actor} {'gets' if len(who) <= 1 else 'get'} {got}{more}"
    if verb == "become_monarch":
        # one monarch at a time (725.3): whoever was it stops being it
        from rulings.facts.state import Monarch

        before = sorted({str(f["player"]) for f in w.world.all if isinstance(f, Monarch)}
                        - set(who))
        was = f" ({' and '.join(before)} no longer is)" if before else ""
        return f"{actor} {'becomes' if len(who) <= 1 else 'become'} the monarch{was}"
    if verb == "add_mana":
        # a spell or an ability that isn't a mana ability adds mana as it resolves (106.1)
        mana = arg(st, "mana")
        if mana:
            symbols = "".join(f"{{{m}}}" for m in mana.replace("{", " ").replace("}", " ")
                              .split())
            if n is not None and n > 1:
                symbols *= n
            if n == 0:  # "add {R} for each …" counting none (selwords: an empty party)
                return f"{actor} adds no mana: the count is 0"
            only = [t for t in arg(st, "only_for").split(",") if t]
            for p in who:
                if only:  # "spend this mana only to cast artifact spells" (106.6)
                    res.restricted_mana.setdefault(p, []).append((symbols, only))
                else:
                    res.mana.setdefault(p, []).append(symbols)
            spend = f" (to spend only on {' or '.join(only)} spells)" if only else ""
            return f"{actor} adds {symbols} to their mana pool{spend}"
        return f"{actor} adds mana to their mana pool (of a type they choose)"
    if verb in ("cast", "play"):
        free = " without paying its mana cost" if arg(st, "without_paying") == "true" else ""
        return f"{actor} may {verb} {names}{free}"
    if verb == "attach":
        to = w.refer(st["to"] or arg(st, "to"))
        return f"{names} {'is' if len(objs) == 1 else 'are'} attached to " \
               f"{', '.join(w.name(o) for o in to) or 'nothing'}"
    if verb == "regenerate":
        return f"the next time {names} would be destroyed this turn, it is regenerated instead"
    if verb == "prevent" and arg(st, "source_of_choice"):  # "a source of your choice"
        return choices.prevention(w, st, n, res)
    if verb == "unpreventable_damage":  # prevent: 615.12, for the rest of the turn
        res.prevention.append(("damage_cant_be_prevented", {"source": w.top_name()}))
        return "damage can't be prevented this turn"
    if verb == "prevent" and arg(st, "source") and arg(st, "combat") == "true":
        # prevent: "all combat damage that would be dealt by target creature this turn": an
        # effect on that object's combat damage to anything, for the rest of the turn (615.3)
        by = w.refer(arg(st, "source"))
        for o in by:
            res.prevention.append(("prevent_all_damage", {"by": o, "combat": True,
                                                          "source": w.top_name()}))
        return f"all combat damage {w.names_of(by) or 'it'} would deal is prevented"
    if verb == "prevent" and arg(st, "combat") == "true" and not (st["to"] or arg(st, "to")):
        # 615.3: an effect for the rest of the turn, on all combat damage to anything
        # (the duration, when written, is added to the words after)
        return "all combat damage that would be dealt " + (
            "is prevented" if st["duration"] else "this turn is prevented")
    if verb == "prevent":
        to = w.refer(st["to"] or arg(st, "to"))
        many = "all" if n is None or n == 0 else f"the next {n}"
        # several recipients of "the next N damage": each has a shield of its own (samename)
        each = "each of " if len(to) > 1 and many != "all" else ""
        return f"{many} damage that would be dealt to {each}" \
               f"{', '.join(w.name(o) for o in to) or 'it'} this turn is prevented"
    if verb == "reflexive":
        from rulings.facts.lowering import reflexive_id

        rid = reflexive_id(st["ability"], str(st["part"] or "do"), st["index"])
        inner = [f for f in w.facts if isinstance(f, Step) and f["ability"] == rid]
        does = ", then ".join(f["verb"].replace("_", " ") for f in
                              sorted(inner, key=lambda f: f["index"])) or "its instructions"
        slots = [t for t in _of(w.facts, TargetSlot) if t["ability"] == rid]
        empty = [t for t in slots if t["min"] > 0 and not w.refer(t["selector"])]
        if empty:
            # 603.3d: a triggered ability with no legal target is removed as it would be
            # put on the stack
            sel = w.world.selectors.get(empty[0]["selector"])
            what = sel["text"] if sel is not None and sel["text"] else "its target"
            return (f"a reflexive triggered ability triggers ({does}), but nothing in the game "
                    f"is {what}: with no legal target it is removed from the stack as it would "
                    "be put there (CR 603.3d)")
        res.reflexive.append(rid)
        chosen = " and its targets are chosen then" if slots else ""
        return (f"a reflexive triggered ability triggers ({does}); it is put on the stack "
                f"after {w.top_name()} has resolved, the next time a player would receive "
                f"priority,{chosen}".rstrip(","))
    if verb == "delayed":
        from rulings.facts.effects import Trigger

        at = f"{st['ability']}.{st['part'] or 'do'}.{st['index']}"
        when = next((t for t in _of(w.facts, Trigger) if t["ability"] == at), None)
        if when is not None and when["event"] == "step" and when["step"]:
            whose = {"you": f"{w.controller}'s ", "opponent": "an opponent's ",
                     "next": "the next "}.get(str(when["whose"]), "the next ")
            moment = f"at the beginning of {whose}{when['step']} step"
        else:
            moment = "when its event happens"
        inner = [f["verb"].replace("_", " ") for f in sorted(
            (f for f in w.facts if isinstance(f, Step) and f["ability"] == st["ability"]
             and str(f["part"]) == f"{st['part'] or 'do'}.{st['index']}.delayed"),
            key=lambda f: f["index"])]
        does = f" ({', then '.join(inner)})" if inner else ""
        return f"a delayed triggered ability is created{does}: it triggers {moment} (603.7)"
    if verb == "keep":  # chooses: each player keeps some of theirs (knowledge/keep.py)
        from rulings.knowledge.keep import keep_text, kept_facts

        text, open_words = keep_text(w, st, who, res)
        facts = kept_facts(w)
        w.__dict__.setdefault("choice_of", {})[st["index"]] = (
            facts[0] if facts else None, open_words)
        return text
    if verb == "choose":
        kind = arg(st, "kind") or "object"
        return f"{actor} chooses {'a ' + kind.replace('_', ' ') if kind != 'object' else names}"
    if verb == "permit":
        if str(st["what"]) in w.__dict__.get("exile_top_steps", set()):
            # impulse: only the cards that step did exile (not when it was optional and not
            # known to be done, or found fewer cards than it names)
            objs = [o for o in objs if o in w.__dict__.get("exiled_so_far", set())
                    or w.unknown(o)]  # type: ignore[attr-defined]
            names = w.names_of(objs) if objs else "nothing (no card was exiled this way)"
        res.permits += [(p, o, arg(st, "any_color_mana") == "true", str(st["duration"] or ""),
                         str(w.top["source"] or w.top["id"]))
                        for p in who for o in objs if not w.is_player(o)]
        return f"{actor} may {arg(st, 'action') or 'play'} {names}"
    if verb == "skip":
        if objs and all(w.is_player(o) for o in objs):
            return f"{names} {'skips' if len(objs) == 1 else 'skip'} their next turn"
        return f"{actor} skips {names}"
    if verb == "bolster" and n is not None:
        # 701.39: the creature of least toughness among the actor's; a tie is their choice
        mine = [p for p in w.board.perms.values() if p.controller == w.controller
                and "creature" in p.types and p.toughness is not None]
        if not mine:
            return f"{actor} bolsters {n}: they control no creature, so nothing happens " \
                   "(CR 701.39)"
        low = min(p.toughness or 0 for p in mine)
        least = sorted(p.id for p in mine if p.toughness == low)
        many = count_words(n, "+1/+1 counter")
        if len(least) == 1:
            res.counters.setdefault(least[0], {})["+1/+1"] = n
            return f"{actor} bolsters {n}: {w.name(least[0])}, the creature they control " \
                   f"with the least toughness ({low}), gets {many} (CR 701.39)"
        return f"{actor} bolsters {n}: {many} go on one of {w.names_of(least)} (toughness " \
               f"{low} each), {actor}'s choice (CR 701.39)"
    if verb == "adapt" and n is not None:
        who_adapts = objs[0] if objs else src
        counters = {c["counter"]: c["amount"] for c in w.world.counters.get(who_adapts, [])}
        if counters.get("+1/+1", 0) > 0:
            return f"{w.name(who_adapts)} adapts {n}: it already has a +1/+1 counter, so " \
                   "nothing happens (CR 701.46)"
        if who_adapts in w.world.listed or who_adapts not in w.objects:
            if who_adapts in w.board.perms:
                res.counters.setdefault(who_adapts, {})["+1/+1"] = n
            return f"{w.name(who_adapts)} adapts {n}: it has no +1/+1 counter, so it gets " \
                   f"{count_words(n, '+1/+1 counter')} (CR 701.46)"
    if verb == "monstrosity" and n is not None:
        # 701.37a: only a permanent that isn't monstrous yet gets the counters and becomes so
        monster = objs[0] if objs else src
        if any(f["object"] == monster for f in _of(w.facts, Monstrous)):
            return f"{w.name(monster)} is monstrous already, so monstrosity {n} does nothing " \
                   "(CR 701.37a)"
        if monster not in w.board.perms:  # it left: nothing to put counters on (608.2b)
            return f"{w.name(monster)} is no longer on the battlefield, so monstrosity {n} " \
                   "does nothing"
        put = res.counters.setdefault(monster, {})
        put["+1/+1"] = put.get("+1/+1", 0) + n
        res.monstrous.append(monster)
        return f"{w.name(monster)} isn't monstrous yet, so it gets " \
               f"{count_words(n, '+1/+1 counter')} and becomes monstrous (CR 701.37a, 701.37b)"
    if verb == "explore":
        # 701.44: the top card of a listed library decides it
        explorer = objs[0] if objs else src
        top = next((o for o in w.objects.values() if o["zone"] == "library"
                    and (o["owner"] or o["controller"]) == w.controller
                    and o["position"] == 1), None)
        if top is not None:
            if "land" in top["types"]:
                return f"{w.name(explorer)} explores: {actor} reveals {top['name']}, a land " \
                       "card, and puts it into their hand (CR 701.44)"
            if explorer in w.board.perms:
                res.counters.setdefault(explorer, {})["+1/+1"] = 1
            return f"{w.name(explorer)} explores: {actor} reveals {top['name']}, not a land " \
                   f"card, so {w.name(explorer)} gets a +1/+1 counter and {actor} may put " \
                   f"{top['name']} into their graveyard (CR 701.44)"
    if verb == "proliferate":
        # 701.34: any number of permanents and players with counters, the actor's choice
        having = [o for o in sorted(w.board.perms)
                  if any(c["amount"] > 0 for c in w.world.counters.get(o, []))]
        if having:
            return f"{actor} proliferates: they choose any of {w.names_of(having)} (the " \
                   "permanents with counters; players with counters too), and each one " \
                   "chosen gets another counter of each kind it already has (CR 701.34)"
    if verb == "amass" and n is not None:
        armies = [p for p in w.board.perms.values() if p.controller == w.controller
                  and "army" in [t.lower() for t in p.subtypes]]
        many = count_words(n, "+1/+1 counter")
        if len(armies) == 1:
            res.counters.setdefault(armies[0].id, {})["+1/+1"] = n
            return f"{actor} amasses {n}: {w.name(armies[0].id)} gets {many} (CR 701.47)"
        if not armies:
            return f"{actor} amasses {n}: they control no Army, so they create a 0/0 black Army " \
                   f"creature token first, and it gets {many} (CR 701.47)"
    if verb == "class_level":  # classes: a Class's level bar resolves (CR 716.2a)
        return f"{w.name(src)}'s level becomes {arg(st, 'level')}: from now on it has the " \
               "abilities of that level and of the levels below it (CR 716.2a, 716.2b)"
    if verb in KEYWORD_ACTIONS:
        # a keyword action (CR 701): said with its rule; what it changes is not computed
        if not objs and verb in ("explore", "connive", "adapt", "monstrosity"):
            names = w.name(src)  # the creature with the ability does it
        said = KEYWORD_ACTIONS[verb].format(actor=actor, names=names,
                                            amount=amount if n is not None else "N")
        return said
    if verb == "emblem":  # --- pw: an emblem (CR 114)
        return f"{actor} {'get' if len(who) > 1 else 'gets'} an emblem, an object in the " \
               "command zone whose abilities work from there for the rest of the game " \
               "(CR 114.1, 114.4); what they do afterwards is not modelled here"
    if verb == "extra_turn":  # --- pw: an extra turn (CR 500.7)
        return f"{actor} {'take' if len(who) > 1 else 'takes'} an extra turn directly after " \
               "this one; of several extra turns, the one added last is taken first (CR 500.7)"
    if verb in coin.VERBS:  # coin: a coin flip (CR 705.2) or a clash (701.30)
        return coin.step_text(w, st, actor)
    if verb == "other":
        return arg(st, "text") or "the instruction happens as written"
    if verb == "pay":  # --- pay (CR 118.12)
        paid = number(arg(st, "energy"))
        for p in who:
            if isinstance(paid, int) and paid > 0:
                res.energy[p] = res.energy.get(p, 0) - paid
        return f"{actor} pays {arg(st, 'cost') or 'the cost'}"
    return f"{actor} {verb.replace('_', ' ')}s {names}"


def _discards(w: _Walk, st: Any, who: list[str], n: int | None) -> str:
    """Each player discards from their own hand, and chooses which cards unless it is at
    random (701.9b); a player with no more cards than asked discards them all."""
    at_random = arg(st, "random") == "true"
    parts = []
    for p in who:
        hand = [o for o, f in sorted(w.objects.items())
                if f["zone"] == "hand" and (f["owner"] or f["controller"]) == p]
        many = count_words(n, "card") if n is not None else "X cards"
        if n is not None and hand and len(hand) <= n:
            # a hand the situation doesn't list is not taken as empty
            every = "the only card" if len(hand) == 1 else "all the cards"
            parts.append(f"{p} discards {w.names_of(hand)} ({every} in their hand)")
        elif at_random:
            parts.append(f"{p} discards {many} at random")
        elif p == w.controller:
            parts.append(f"{p} discards {many}")
        else:
            parts.append(f"{p} discards {many} of their choice (the discarding player "
                         "chooses, 701.9b)")
    return "; ".join(parts)


def _top_name(self: _Walk) -> str:
    return self.name(self.top["source"] or self.top["id"]) if self.top["kind"] == "ability" \
        else self.name(self.top["id"])


_Walk.top_name = _top_name  # type: ignore[attr-defined]


def _holds(cond: Any, conditions: dict[str, Any], w: _Walk) -> bool | None:
    """Whether a step's condition holds as the spell or ability resolves, when the situation
    decides it; None when it doesn't (or the kind is not read here)."""
    if cond is None:
        return None
    kind = cond["kind"]
    if kind == "was_kicked":
        if w.top["kind"] == "ability":
            return None  # the kicked spell is gone; its permanent's "kicked" is not tracked
        return bool(w.top["kicked"]) == (arg(cond, "value") != "false")
    children = [conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
                if str(a).startswith("of=")]
    found = [_holds(c, conditions, w) for c in children]
    if kind == "not" and len(found) == 1:
        return None if found[0] is None else not found[0]
    if kind == "all_of" and found:
        return False if False in found else (True if all(found) else None)
    if kind == "any_of" and found:
        return True if True in found else (False if all(f is False for f in found) else None)
    if kind == "turn":
        mine = w.active == w.controller
        return mine if arg(cond, "value") == "yours" else not mine
    if kind == "mana_spent":  # freecast: the mana spent to cast the ability's source
        from rulings.facts.casting import ManaSpentPermanent

        if w.top["kind"] != "ability":
            return None  # a spell's own mana spent is not told
        spent = [f for f in w.world.all if isinstance(f, ManaSpentPermanent)
                 and f["object"] == w.top["source"]]
        return (arg(cond, "value") in spent[0]["mana"]) if spent else None
    if kind in _this_turn_kinds():  # history area: what happened this turn (CR 608.2c)
        return _this_turn(cond, w)[0]
    return None


def _this_turn_kinds() -> tuple[str, ...]:
    from rulings.knowledge.rules.history import THIS_TURN

    return THIS_TURN


def _this_turn(cond: Any, w: _Walk) -> tuple[bool | None, str]:
    """A condition about this turn (knowledge/rules/history.py), "you" being the controller
    of what resolves: from the situation's `this_turn:` entries; None when they don't say."""
    from rulings.knowledge.rules.history import decide_turn

    def collect(cls: Any, **match: Any) -> list[Any]:
        return [f for f in w.world.all if isinstance(f, cls)
                and all(f.get(k) == v for k, v in match.items())]

    return decide_turn(cond["kind"], cond["args"] or (), w.controller, collect, False)


def _turn_part(cond: Any, conditions: dict[str, Any]) -> Any:
    """The condition about this turn that `cond` is, or negates (`not`); else None."""
    if cond is not None and cond["kind"] == "not":
        cond = next((conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
                     if str(a).startswith("of=")), None)
    return cond if cond is not None and cond["kind"] in _this_turn_kinds() else None


def _open_words(cond: Any, conditions: dict[str, Any], w: _Walk) -> str:
    """Why a step's condition is left undecided, in words."""
    part = _turn_part(cond, conditions)
    if part is not None:
        return _this_turn(part, w)[1]
    return "which the situation doesn't say, or which is not modelled here"


# --- pay: costs paid while it resolves (CR 118.12) ----------------------------------------

def _did_not(cond: Any, conditions: dict[str, Any]) -> str | None:
    """The step id of "if you don't" (`{not: {did: id}}`), else None."""
    if cond is None or cond["kind"] != "not":
        return None
    child = next((conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
                  if str(a).startswith("of=")), None)
    if child is None or child["kind"] != "did":
        return None
    return arg(child, "value") or None


def _cant_pay(w: _Walk, st: Any, who: list[str]) -> str:
    """Why the player can't pay a `pay` step's life (CR 118.3, 119.4), or ''."""
    life = number(arg(st, "life"))
    players = {p["name"]: p for p in w.players}
    for p in who:
        have = players[p]["life"] if p in players else -1
        if isinstance(life, int) and life > 0 and 0 <= have < life:
            return f"{p} has {have} life, less than the {life} life to pay, so {p} can't " \
                   "pay it (CR 119.4, 118.3)"
    energy = number(arg(st, "energy"))
    counters = _energy_of(w)
    for p in who:
        if isinstance(energy, int) and energy > 0 and p in counters and counters[p] < energy:
            return f"{p} has {counters[p]} energy counters, fewer than the {energy} to pay, " \
                   f"so {p} can't pay it (CR 107.14, 118.3)"
    return ""


def _energy_of(w: _Walk) -> dict[str, int]:
    """The energy counters of each player the situation gives them for (CR 107.14)."""
    from rulings.facts.state import EnergyCounters

    return {str(f["player"]): int(f["amount"]) for f in w.world.all
            if isinstance(f, EnergyCounters)}


def unless_terms(w: _Walk, st: Any) -> tuple[str, str]:
    """Who may pay to stop a step ("unless that player pays {1}") and what, in words."""
    from rulings.facts.effects import CostPart

    payer_ref, _, pay_id = str(st["unless"]).rpartition(":")
    payers = [p for p in w.refer(payer_ref) if w.is_player(p)] if payer_ref not in (
        "", "any_player") else []
    payer = " or ".join(payers) if payers else "any player" if payer_ref in (
        "", "any_player") else "that player"
    parts = sorted((c for c in _of(w.facts, CostPart) if c["ability"] == pay_id),
                   key=lambda c: c["index"])
    mana = "".join(c["mana"] for c in parts if c["kind"] == "mana")
    rest = [str(c["text"]).removeprefix("pay ") for c in parts if c["kind"] != "mana"]
    return payer, " and ".join(([mana] if mana else []) + rest) or "the cost"


def _unless(w: _Walk, st: Any, ins: Instruction) -> bool:
    """An "unless … pays" step (CR 118.12a: the player may pay; if they don't, it happens):
    True when it is paid (`pays: true`), and the step is skipped; a step the situation says
    is not paid (`declines`) happens; otherwise the payment is left open, both ways said."""
    payer, cost = unless_terms(w, st)
    if w.pays:
        ins.skipped = f"{payer} pays {cost}, so it doesn't happen (CR 118.12a)"
        return True
    if st["index"] not in w.declines:
        ins.unless_payer = (payer, cost)
    return False


def _asks_spent(cond: Any, conditions: dict[str, Any]) -> bool:
    """The condition (or one it joins) asks what mana was spent to cast (freecast)."""
    if cond is None:
        return False
    if cond["kind"] == "mana_spent":
        return True
    return any(_asks_spent(conditions.get(str(a).partition("=")[2]), conditions)
               for a in cond["args"] or () if str(a).startswith("of="))


def _condition_words(cond: Any, conditions: dict[str, Any]) -> str:
    kind = cond["kind"]
    if kind == "was_kicked":
        return "it was kicked" if arg(cond, "value") != "false" else "it wasn't kicked"
    if kind == "not":
        child = next((conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
                      if str(a).startswith("of=")), None)
        if child is not None and child["kind"] == "was_kicked":
            return "it wasn't kicked" if arg(child, "value") != "false" else "it was kicked"
        if child is not None and child["kind"] == "mana_spent":
            return f"no {{{arg(child, 'value')}}} was spent to cast it"
        if child is not None and child["kind"] in _this_turn_kinds():
            from rulings.knowledge.rules.history import asks_words

            return f"it is not so that {asks_words(child['kind'], child['args'] or ())}"
        return "its condition is false"
    if kind == "turn":
        return "it is your turn" if arg(cond, "value") == "yours" else "it is an opponent's turn"
    if kind == "mana_spent":
        return f"{{{arg(cond, 'value')}}} was spent to cast it"
    if kind in _this_turn_kinds():
        from rulings.knowledge.rules.history import asks_words

        return asks_words(kind, cond["args"] or ())
    return kind.replace("_", " ")


def _mode_of(part: str) -> int:
    return int(part[4:]) if part.startswith("mode") and part[4:].isdigit() else 0


def resolve(facts: list[Any]) -> Resolution | None:
    """The instructions of the object on top of the stack, followed in order; None when
    nothing resolves in the question."""
    if not _of(facts, ResolveTop):
        return None
    tops = [s for s in _of(facts, StackObject) if s["position"] == 1]
    if not tops:
        return None
    w = _Walk(facts, tops[0])
    ability = w.ability_id()
    res = Resolution(object=w.top["id"], name=w.top_name(), controller=w.controller,
                     ability=ability, instructions=[])
    res.facts = [w.top]
    steps = sorted((s for s in _of(facts, Step) if s["ability"] == ability),
                   key=lambda s: (_mode_of(str(s["part"])), s["index"]))
    modes = {int(m) for m in w.top["modes"] if str(m).isdigit()}
    ids = {s["id"]: s for s in steps if s["id"]}
    conditions = {c["id"]: c for c in _of(facts, Condition)}
    searched = search_family_steps(facts, ability)
    # a trigger's own "you may" (CR 603.5) makes each of its instructions a choice made as
    # it resolves, as a step's own "may" does
    trigger_may = trigger_optional(facts, ability)
    for st in steps:
        part = str(st["part"] or "do")
        mode = _mode_of(part)
        if part not in ("do",) and not mode:
            continue  # "instead" and delayed parts happen elsewhere
        if mode and mode not in modes:
            if modes:
                res.instructions.append(Instruction(
                    ability, st["index"], st["verb"], "", "", part=part,
                    skipped=f"mode {mode} was not chosen", facts=[st, w.top]))
            continue
        if st["verb"] == "choose" and (arg(st, "kind") or "object") == "object":
            res.instructions.append(choose_step(w, st, part, ids, conditions, res))
            continue
        if st["verb"] in ("look_at_top", "reveal_top", "mill", "exile_top") and st["id"]:
            name_top_cards(w, st)
        n, how = w.amount(st["amount"], st) if st["verb"] != "keep" else (None, "")
        if st["for_each"]:
            many, unknown = w.count(st["for_each"])
            what = w.counted_words(st["for_each"])
            how = f"once for each {what}: {many if many is not None else unknown}"
            n = (n or 1) * many if n is not None and many is not None else None
        who_ref = st["who"] or "you"
        who = [p for p in w.refer(who_ref) if w.is_player(p)] or [w.controller]
        what_ref = st["what"] or (st["to"] if st["verb"] in ("deal_damage",) else "")
        objs = w.refer(what_ref)
        if st["verb"] in ("draw", "discard", "mill", "gain_life", "lose_life", "scry",
                          "surveil") and objs and all(w.is_player(o) for o in objs):
            who, objs = w.apnap(objs), []
        if st["verb"] == "deal_damage":
            objs = w.refer(st["to"] or arg(st, "to"))
        slot = w.world.selectors[what_ref]["ref"] if what_ref in w.world.selectors else ""
        if st["verb"] == "create_copy" and (slot or what_ref) in w.targets:
            # tokencopy: a target an earlier step moved ("exile target creature card …
            # create a token that's a copy of it") is copied where it is now (CR 707.2,
            # 400.7); a target gone before resolution stops the whole spell (608.2b)
            objs = list(w.targets[slot or what_ref][:1])
        ins = Instruction(ability, st["index"], st["verb"], "", "", part=part, players=who,
                          objects=objs, amount=n, duration=w.duration(st),
                          facts=[st, w.top])
        if st["verb"] in coin.VERBS:  # coin: the event that says how it came out
            ins.facts += coin.facts_used(w)
        if st["for_each"] or str(st["amount"] or "").startswith("count:") or \
                greatest_measured(st["amount"]):  # greatest: which objects have it
            ins.counted = how
        elif st["verb"] == "modify":  # "+X/+X, where X is the number of …"
            counted = [w.amount(arg(st, k) or "0", st)[1] for k in ("power", "toughness")]
            ins.counted = "; ".join(dict.fromkeys(h for h in counted  # greatest: too
                                                  if h.startswith(("one for each ",
                                                                   "the greatest "))))
        unknown, attacks = defending_of(w, st)
        ins.facts += attacks  # defending: the attack that says who the defending player is
        if unknown:
            # defending: the step names the defending player (or what they control), and
            # the situation doesn't say who that is (508.5): said as written, not counted
            ins.players, ins.objects, ins.amount = [], [], None
            verb = st["verb"].replace("_", " ")
            if _names_defending(w, str(who_ref)):
                ins.subject = "the defending player"
                ins.text = f"the defending player does step {st['index']} ({verb})"
            else:
                ins.subject = f"step {st['index']}"
                ins.text = f"step {st['index']} ({verb}) is done on or with what the " \
                    "defending player controls"
            ins.choice_open = f"depending on who the defending player is, which is not known " \
                f"here ({unknown})"
            res.instructions.append(ins)
            continue
        if str(who_ref).startswith("event.") and not w.refer(who_ref):
            # "that player" of a trigger's event, which the situation doesn't name: who acts
            # is not known here, so the step is said as written and its result not counted
            ins.players = []
            ins.text = f"the player its trigger event was about does step {st['index']} " \
                f"({st['verb'].replace('_', ' ')}), a player the situation doesn't name"
            if st["unless"]:
                ins.unless_payer = unless_terms(w, st)
            ins.subject = "the player its trigger event was about"
            res.instructions.append(ins)
            continue
        refs = [st["what"], st["to"], st["who"]]
        refs += [w.world.selectors[r]["ref"] for r in refs if r in w.world.selectors]
        ins.on_target = any(r in w.slots for r in refs if r)
        if st["verb"] in ELSEWHERE or st["index"] in searched and part == "do":
            continue  # the searching rules say it (knowledge/rules/searching.py)
        if st["verb"] == "reflexive":  # "when you do" (603.12) waits on its step too
            wanted = ids.get(arg(st, "did"))
            if wanted is not None:
                ins.depends_on = wanted["index"]
        # "if you do": the step waits on an optional one before it
        cond = conditions.get(st["condition"])
        if cond is not None and cond["kind"] == "did":
            wanted = ids.get(arg(cond, "value"))
            if wanted is not None:
                ins.depends_on = wanted["index"]
        elif cond is not None and cond["kind"] == "could_not":
            # "if you can't" (CR 118.12): it waits on whether that step could be done
            wanted = ids.get(arg(cond, "value"))
            if wanted is not None:
                ins.depends_on, ins.on_impossible = wanted["index"], True
        elif _did_not(cond, conditions) is not None:
            # "if you don't" (CR 118.12): it waits on the same step, the other way round
            wanted = ids.get(_did_not(cond, conditions))
            if wanted is not None:
                ins.depends_on, ins.on_decline = wanted["index"], True
        elif cond is not None and step_conditions.asks(cond, conditions):
            # afterif: a condition decided as the step is reached (608.2c), said either way
            flip = ids.get(coin.waits_on(cond, conditions))
            if flip is not None:  # coin: it waits on the flip or clash (an optional one too)
                ins.depends_on = flip["index"]
            holds, said = step_conditions.decide(cond, conditions, w)
            asked = step_conditions.words(cond, conditions, w)
            if holds is False:
                ins.skipped = f"its condition, 'if {asked}', doesn't hold: {said}"
                ins.facts = [st, w.top, cond, *(coin.facts_used(w) if flip is not None else [])]
                res.instructions.append(ins)
                continue
            if holds is None:
                ins.condition_open = f"only if {asked}, which the situation doesn't " \
                    f"decide ({said})"
            else:
                ins.condition_held = f"its condition holds: {said}"
                how = "; ".join(h for h in (how, ins.condition_held) if h)
            ins.facts = [st, w.top, cond, *(coin.facts_used(w) if flip is not None else [])]
        elif cond is not None and _holds(cond, conditions, w) is False:
            # "if it was kicked" and the like, decided by the situation (608.2c): the step
            # is skipped; an undecided condition is left to the not-modelled parts
            ins.skipped = f"its condition, 'if {_condition_words(cond, conditions)}', " \
                "doesn't hold"
            part = _turn_part(cond, conditions)
            if part is not None:
                said = _this_turn(part, w)[1]
                if part is not cond:  # what it negates asks for a count: not said again
                    said = said.split(" (it asks for")[0]
                ins.skipped += f", as {said}"
            ins.facts = [st, w.top, cond]
            res.instructions.append(ins)
            continue
        elif cond is not None and _asks_spent(cond, conditions) \
                and _holds(cond, conditions, w) is None:
            # freecast: "unless {U} was spent to cast it", and the situation doesn't say what
            # was spent (`spent:` on the permanent): said as written, its result not counted
            ins.subject = f"step {st['index']}"
            ins.text = f"step {st['index']} ({st['verb']}) happens only if " \
                f"{_condition_words(cond, conditions)}"
            ins.choice_open = "which the situation doesn't say (spent: on the permanent)"
            ins.facts = [st, w.top, cond]
            res.instructions.append(ins)
            continue
        elif cond is not None and cond["kind"] not in ("did", "could_not") \
                and _holds(cond, conditions, w) is None:
            # a condition the situation doesn't decide ("if you gained life this turn" with no
            # `this_turn:` entry): never taken as met or as failed; the step is said to
            # depend on it, and why it is open is named (608.2c)
            ins.subject = f"step {st['index']}"
            ins.text = f"step {st['index']} ({st['verb'].replace('_', ' ')}) happens only " \
                f"if {_condition_words(cond, conditions)}"
            ins.choice_open = f"and it is left open: {_open_words(cond, conditions, w)}"
            ins.facts = [st, w.top, cond]
            res.instructions.append(ins)
            continue
        needs_object = st["verb"] in ("destroy", "exile", "tap", "untap", "tap_or_untap", "modify",
                                      "gain_control", "deal_damage", "fight", "return", "put",
                                      "attach", "regenerate", "create_copy",
                                      # pw2: "a loyalty counter on each other planeswalker
                                      # you control", and there is none: none is put
                                      "put_counters", "remove_counters")
        if needs_object and what_ref and not objs and st["verb"] not in ("put",):
            ins.skipped = "there is nothing it can act on" if what_ref not in w.targets \
                else "its target is gone"
            ins.text = ""
            res.instructions.append(ins)
            continue
        if st["verb"] == "exile" and st["duration"] == "until_this_leaves" and w.source_gone():
            # exiled "until ~ leaves": ~ left before the ability resolved, so the duration
            # has already ended and nothing is exiled at all (CR 610.3c)
            ins.skipped = f"{w.name(w.source_id)} has already left the battlefield, so the " \
                "exile's duration is over before it starts and nothing is exiled (CR 610.3c)"
            res.instructions.append(ins)
            continue
        if st["duration"] == "while_this_tapped" and w.source_untapped():
            # remains: "for as long as ~ remains tapped" is over before the effect would
            # begin, so it does nothing (CR 611.2b)
            gone = w.source_id not in w.board.perms
            ins.skipped = f"{w.name(w.source_id)} " + (
                "has left the battlefield" if gone else "is untapped") + \
                ", so 'for as long as it remains tapped' is over before the effect begins " \
                "and it does nothing (CR 611.2b)"
            res.instructions.append(ins)
            continue
        if st["verb"] == "pay" and _cant_pay(w, st, who):
            ins.skipped = _cant_pay(w, st, who)  # 118.3, 119.4: not enough life to pay
            res.instructions.append(ins)
            continue
        if st["unless"] and _unless(w, st, ins):
            res.instructions.append(ins)  # paid: the instruction doesn't happen (118.12a)
            continue
        if st["unless"] and st["index"] in w.declines:
            payer, cost = unless_terms(w, st)
            how = "; ".join(h for h in (how, f"{payer} doesn't pay {cost}, CR 118.12a") if h)
        if st["may"] or trigger_may and part == "do":
            if st["index"] in w.declines:
                ins.declined = True
                ins.skipped = f"{w.controller} chooses not to"
                res.instructions.append(ins)
                continue
            ins.optional = st["index"] not in w.does and not (  # tap or untap: chosen
                st["verb"] == "tap_or_untap"
                and choices.tap_or_untap_chosen(w.facts, w.top["id"], st)[0])
        waits = next((i for i in res.instructions if i.index == ins.depends_on
                      and i.part == part), None)
        if st["verb"] == "sacrifice":  # nothing of theirs to sacrifice: it can't be done
            ins.impossible = not any(o in w.board.perms and w.board.perms[o].controller in who
                                     for o in objs)
        if ins.on_impossible and waits is not None and not waits.impossible:
            ins.skipped = f"step {waits.index} could be done (CR 118.12)"
            res.instructions.append(ins)
            continue
        if ins.on_impossible and waits is not None:
            how = "; ".join(h for h in (how, f"step {waits.index} couldn't be done, CR 118.12")
                            if h)
        elif ins.on_decline and waits is not None and not waits.optional and not (
                waits.declined or waits.skipped):
            ins.skipped = f"step {waits.index} was done"  # "if you don't", and they did
            res.instructions.append(ins)
            continue
        if not ins.on_decline and not ins.on_impossible and waits is not None and (
                waits.declined or waits.skipped):
            ins.skipped = f"step {waits.index} was not done" if waits.verb != "pay" else \
                f"the cost of step {waits.index} was not paid"
            res.instructions.append(ins)
            continue
        scratch = Resolution(res.object, res.name, res.controller, ability, [])
        ins.text = _verb_text(w, st, who, objs, n, scratch)
        for e in scratch.effects:  # remains: the permanent whose tapped state it lasts for
            if e.get("duration") == "while_this_tapped":
                e["from_object"] = w.source_id
        choices.mark(w, st, ins)
        note_zones(w, st, ins)
        ins.text = said_of_chosen(w, objs, ins.text)
        forget_stand_ins(w, scratch)
        if not ins.optional and not (waits is not None and waits.optional) \
                and ins.unless_payer is None and not ins.condition_open:
            w.carry(scratch)
            if any(word == "damage_cant_be_prevented" for word, _ in scratch.prevention):
                w.__dict__["unpreventable_turn"] = True  # the steps after it (608.2c)
            for key in ("damage", "destroyed", "unregenerable", "regenerated", "sacrificed", "exiled", "returned", "effects", "prevention", "unpreventable",
                        "tokens", "tapped", "untapped", "permits", "reflexive", "monstrous"):
                getattr(res, key).extend(getattr(scratch, key))
            for p, m in scratch.mana.items():
                res.mana.setdefault(p, []).extend(m)
            for p, r in scratch.restricted_mana.items():
                res.restricted_mana.setdefault(p, []).extend(r)
            for key in ("life", "draws", "mills", "energy"):
                for p, v in getattr(scratch, key).items():
                    getattr(res, key)[p] = getattr(res, key).get(p, 0) + v
            for o, cs in scratch.counters.items():
                for c, v in cs.items():
                    res.counters.setdefault(o, {})[c] = res.counters.get(o, {}).get(c, 0) + v
            res.exiles_itself = res.exiles_itself or scratch.exiles_itself
        if how:
            ins.text += f" ({how})"
        if ins.duration and (st["verb"] in ("modify", "gain_control", "permit", "prevent")
                             or st["duration"] == "until_this_leaves") \
                and not arg(st, "source_of_choice"):
            ins.text += f" {ins.duration}"
        if st["verb"] == "modify" and ins.counted:
            ins.text += f" ({ins.counted})"  # what "+X/+X" counted (608.2h)
        ins.subject = who[0] if ins.text.startswith(who[0]) else (
            w.name(objs[0]) if objs else who[0])
        res.instructions.append(ins)
    return res


def _names_defending(w: _Walk, ref: str, depth: int = 0) -> bool:
    """defending: whether a referent or selector names the defending player, or objects
    they control."""
    if ref == DEFENDING:
        return True
    sel = w.world.selectors.get(ref)
    if sel is None or depth > 4:
        return False
    if sel["ref"]:
        return bool(sel["ref"] == DEFENDING)
    parts = [sel["controller"], sel["owner"], sel["not_"], *(sel["any_of"] or [])]
    return any(_names_defending(w, str(p), depth + 1) for p in parts if p)


def defending_of(w: _Walk, st: Any) -> tuple[str, list[Any]]:
    """defending: (why the defending player a step names is not known, '' when it is known
    or the step names none; the Attacking facts that say who it is)."""
    refs = [str(st["who"]), str(st["what"]), str(st["to"]), str(st["for_each"]),
            arg(st, "to")]
    # the selectors an amount counts ("count:x.s2"), and those its other arguments name
    # ("power=count:x.s2", the +X/+0 of a modify step)
    for value in (str(st["amount"] or ""), *(str(a) for a in st["args"] or ())):
        refs += re.split(r"[=:,]", value)
    if not any(_names_defending(w, r) for r in refs if r):
        return "", []
    collect = collector(w.facts)
    player, why = defending_player(collect, w.ability_id())
    if not player:
        return why, []
    creature, _ = attacking_creature(collect, w.ability_id())
    return "", collect(Attacking, creature=creature)


def linked_exiled(facts: list[Any], source: str, objects: dict[str, Any]) -> list[str]:
    """The cards in exile that an ability of `source` exiled (`exiled_with:`, CR 607.2a)."""
    from rulings.facts.linked import ExiledWith

    return sorted(str(f["object"]) for f in _of(facts, ExiledWith)
                  if f["by"] == source and str(objects.get(f["object"], {}).get("zone", ""))
                  == "exile")


def trigger_optional(facts: Any, ability: str) -> bool:
    """Whether the triggered ability's effect starts with "you may" (CR 603.5)."""
    from rulings.facts.effects import Trigger

    return any(t["ability"] == ability and t["optional"] for t in _of(facts, Trigger))


def walk_for(engine: Any, on_stack: str) -> _Walk | None:
    """The walk of the stack object `on_stack` (its amounts, what its words pick), once per
    run (engine.memo)."""
    key = f"walk:{on_stack}"
    if key not in engine.memo:
        facts = engine.situation_facts()
        tops = [s for s in _of(facts, StackObject) if s["id"] == on_stack]
        engine.memo[key] = _Walk(facts, tops[0]) if tops else None
    return engine.memo[key]  # type: ignore[no-any-return]


def result_of(engine: Any) -> Resolution | None:
    """The resolution of this run, computed once (engine.memo)."""
    if "resolution" not in engine.memo:
        engine.memo["resolution"] = resolve(engine.situation_facts())
    return engine.memo["resolution"]  # type: ignore[no-any-return]


def instruction(engine: Any, ability: str, index: int, part: str = "do"
                ) -> Instruction | None:
    res = result_of(engine)
    if res is None:
        return None
    return next((i for i in res.instructions if i.ability == ability and i.index == index
                 and i.part == part), None)


def open_choice(engine: Any, ins: Instruction) -> str:
    """What an instruction still waits on when the situation doesn't say, in words ('' when
    nothing): an "unless … pays" payment (118.12a), or the optional step or payment before it
    that "if you do" / "if you don't" names (118.12, 608.2d)."""
    said = []
    if ins.unless_payer is not None:
        payer, cost = ins.unless_payer
        said.append(f"unless {payer} pays {cost} ({payer} chooses whether to pay; if paid, "
                    "this doesn't happen, CR 118.12a)")
    waits = instruction(engine, ins.ability, ins.depends_on, ins.part) \
        if ins.depends_on else None
    if waits is not None and waits.optional:
        res = result_of(engine)
        doer = waits.players[0] if waits.players else (res.controller if res else "its "
                                                                                  "controller")
        if waits.verb == "pay":
            paid = next((str(a).partition("=")[2] for a in waits.facts[0]["args"] or ()
                         if str(a).startswith("cost=")), "") or "the cost"
            how = "doesn't pay" if ins.on_decline else "pays"
            said.append(f"if {doer} {how} {paid} (step {waits.index})")
        else:
            how = "doesn't do" if ins.on_decline else "does"
            said.append(f"if {doer} {how} step {waits.index}")
    if ins.choice_open:  # choice: a value chosen as it resolves, not stated (608.2d)
        said.append(ins.choice_open)
    if ins.condition_open:  # afterif: "if …", not decided by the situation (608.2c)
        said.append(ins.condition_open)
    return ", ".join(said)


def followers(engine: Any, ins: Instruction) -> list[Instruction]:
    """The instructions that wait on this one ("if you do" / "if you don't")."""
    res = result_of(engine)
    return [i for i in (res.instructions if res else []) if i.depends_on == ins.index
            and i.part == ins.part and i.index != ins.index]


__all__ = ["Instruction", "Resolution", "resolve", "result_of", "instruction", "walk_for",
           "Selector", "open_choice", "followers", "unless_terms"]


#: where the state-based actions checked after a resolution go in its walk-through: after the
#: instructions (steps 10-89) and before the triggers (100-199) and priority (250)
AFTER_RESOLUTION = 90


def sba_step(engine: Any, n: int) -> int:
    """The walk-through step of a state-based-action ruling: n alone, or after the
    resolution's instructions when something resolved (704.3 follows 608.2)."""
    return n + AFTER_RESOLUTION if result_of(engine) is not None else n


# --- look: objects chosen as the ability resolves, the top of a library -----------------------
# "Return a creature you control to its owner's hand", "look at the top four cards of your
# library … put one of them into your hand": a `choose` step (or a look at the top) with an id,
# and later steps acting on that id. What the id names is worked out as its step is followed
# (608.2c); a choice the situation doesn't make stays the chooser's, said in words (608.2d).


@dataclass
class Named:
    """What a step id names for the instructions after it."""

    objects: list[str]             # the objects, when the situation shows which
    label: str                     # the words for them when it doesn't: "the card Alice chose"
    known: bool                    # whether `objects` is exactly what the id names
    plural: bool = False
    step: str = ""                 # the id

    def now(self, w: _Walk) -> list[str]:
        """The objects, or one stand-in object that is only words (never moved as data)."""
        if self.known:
            return list(self.objects)
        stand_in = f"unknown:{self.step}"
        w.names[stand_in] = self.label
        if self.plural:
            w.plural.add(stand_in)
        return [stand_in]


def _unknown(self: _Walk, oid: str) -> bool:
    return oid.startswith("unknown:")


_Walk.unknown = _unknown  # type: ignore[attr-defined]


def among(w: _Walk, ref: str, sel: Any) -> list[str]:
    """The objects a step id named that also fit the selector's filter ("a creature card
    from among them"), less those its `not` part names ("the rest": not the chosen ones).
    When the situation doesn't show which cards those are, one stand-in in words."""
    from rulings.knowledge.layer_system import printed

    pool = w.refer(arg(sel, "among"))
    excluded = w.refer(sel["not_"]) if sel["not_"] else []
    if any(w.unknown(o) for o in [*pool, *excluded]):  # type: ignore[attr-defined]
        source = w.name(pool[0]) if len(pool) == 1 and w.unknown(pool[0]) \
            else w.names_of(pool)  # type: ignore[attr-defined]
        stand_in = f"unknown:among:{ref}"
        if sel["not_"]:
            w.names[stand_in] = f"the rest of {source} (those not chosen)" if not \
                any(w.unknown(o) for o in pool) else f"the rest of {source}"
        else:
            w.names[stand_in] = f"{sel['text'] or 'the cards'}"
        w.plural.add(stand_in)
        return [stand_in]
    keep = []
    for o in pool:
        if o in excluded or o not in w.world.objects:
            continue
        p = printed(w.world, o)
        if picks(w.world, ref, p, w.source, w.board.perms,
                 zone=str(sel["zone"] or "battlefield")):
            keep.append(o)
    return keep


def _top_of(w: _Walk, player: str, n: int) -> list[str]:
    """The top n cards of a player's library as the situation lists it (position 1 is the
    top, CR 401.1); fewer when it lists fewer."""
    cards = sorted((o for o in w.objects.values() if o["zone"] == "library"
                    and (o["owner"] or o["controller"]) == player and o["position"] > 0),
                   key=lambda o: o["position"])
    return [str(o["id"]) for o in cards[:n]]


def name_top_cards(w: _Walk, st: Any) -> None:
    """A look at (or reveal of, or mill of) the top N cards with an id: those cards, named
    when the situation lists that library."""
    n, _ = w.amount(st["amount"], st)
    owners = [p for p in w.refer(arg(st, "of")) if w.is_player(p)] if arg(st, "of") else []
    player = owners[0] if owners else (
        next((p for p in w.refer(st["who"]) if w.is_player(p)), w.controller)
        if st["who"] else w.controller)
    many = count_words(n, "card") if n is not None else "X cards"
    label = f"the top {many} of {player}'s library".replace("the top a card", "the top card")
    top = _top_of(w, player, n) if n is not None else []
    w.named[str(st["id"])] = Named(top, label, known=bool(top) and len(top) == n,
                                   plural=n != 1, step=str(st["id"]))


def _count_of(text: str) -> tuple[int, int] | None:
    """(at least, at most) from a choose step's count: "2", "min:0,max:3"."""
    text = str(text or "1")
    if text.isdigit():
        return int(text), int(text)
    parts = dict(p.partition(":")[::2] for p in text.split(","))
    if parts.get("min", "").isdigit() and parts.get("max", "").isdigit():
        return int(parts["min"]), int(parts["max"])
    return None


def choose_step(w: _Walk, st: Any, part: str, ids: dict[str, Any],
                conditions: dict[str, Any], res: Resolution) -> Instruction:
    """A player chooses objects as the ability resolves (608.2d), without targeting them
    (115.10a): which ones, when the situation leaves no choice; otherwise who chooses and
    among what. The chosen ones are what the step's id names afterwards."""
    who = [p for p in w.refer(st["who"] or "you") if w.is_player(p)] or [w.controller]
    chooser = who[0]
    sel = w.world.selectors.get(st["what"])
    desc = str(sel["text"]) if sel is not None and sel["text"] else "an object"
    desc = desc.replace("your ", f"{chooser}'s ").replace("you control", f"{chooser} controls")
    if sel is not None and arg(sel, "among"):
        desc = desc.partition(" among ")[0]  # the cards it is among are named below
    counts = _count_of(st["amount"])
    ins = Instruction(st["ability"], st["index"], "choose", "", chooser, part=part,
                      players=[chooser], facts=[st, w.top])
    if counts is None:
        ins.skipped = f"how many are chosen ('{st['amount']}') is not modelled"
        return ins
    low, high = counts
    pool = w.refer(st["what"])
    unseen = any(w.unknown(o) for o in pool) or (  # type: ignore[attr-defined]
        sel is not None and arg(sel, "among") and not pool)
    zone = str(sel["zone"] or "battlefield") if sel is not None else "battlefield"
    changed = w.zones_changed.get(zone) if sel is not None and not arg(sel, "among") else None
    sid = str(st["id"] or "")
    noun = desc if high == 1 or low != high else desc  # the selector's own words
    if st["may"]:
        if st["index"] in w.declines:
            ins.declined = True
            ins.skipped = f"{w.controller} chooses not to"
            if sid:
                w.named[sid] = Named([], "nothing", known=True, step=sid)
            return ins
        ins.optional = st["index"] not in w.does
    up_to = f"up to {NUMBER_WORDS.get(high, str(high))}" if low == 0 else ""
    what = f"{up_to} of {noun}".strip() if up_to else noun
    if changed is not None and not unseen:
        # 608.2c: step `changed` moved cards to or from that zone first (drawn, milled …)
        there = f" ({w.names_of(pool)} and" if pool else " (any"
        ins.text = (f"{chooser} chooses {what}{there} whatever step {changed} moved there): "
                    f"which is {chooser}'s choice as it resolves, not a target (CR 608.2c, "
                    "608.2d, 115.10a)")
        if sid:
            w.named[sid] = Named([], f"the {'cards' if high > 1 else 'card'} {chooser} chose",
                                 known=False, plural=high > 1, step=sid)
        return ins
    if unseen:
        src = w.world.selectors.get(arg(sel, "among")) if sel is not None else None
        source = w.named.get(str(src["ref"])) if src is not None else None
        among_words = f" among {source.label}" if source is not None else ""
        label = f"the {'cards' if high > 1 else 'card'} {chooser} chose"
        ins.text = (f"{chooser} chooses {what}{among_words}: which is {chooser}'s choice as "
                    "it resolves, not a target (CR 608.2d, 115.10a)")
        if sid:
            w.named[sid] = Named([], label, known=False, plural=high > 1, step=sid)
        return ins
    if not pool:
        ins.text = (f"{chooser} chooses {what}, but the situation shows none, so nothing is "
                    "chosen (CR 608.2d)")
        if sid:
            w.named[sid] = Named([], "nothing", known=True, step=sid)
        return ins
    if low == high and len(pool) <= high:
        # no choice left: all there are (fewer than asked: as many as possible, 609.3)
        only = "the only one" if len(pool) == 1 else "all there are"
        ins.text = f"{chooser} chooses {w.names_of(pool)} ({only}: {what}, CR 608.2d)"
        ins.objects = list(pool)
        if sid:
            w.named[sid] = Named(list(pool), w.names_of(pool), known=True,
                                 plural=len(pool) > 1, step=sid)
        return ins
    label = f"the {'ones' if high > 1 else 'one'} {chooser} chose (among {w.names_of(pool)})"
    ins.text = (f"{chooser} chooses {what} among {w.names_of(pool)}: which is {chooser}'s "
                "choice as it resolves, not a target (CR 608.2d, 115.10a)")
    if sid:
        w.named[sid] = Named([], label, known=False, plural=high > 1, step=sid)
    return ins


def said_of_chosen(w: _Walk, objs: list[str], text: str) -> str:
    """An instruction's words about chosen objects the situation doesn't name: "is" becomes
    "are" when several may be chosen."""
    stand_ins = [o for o in objs if w.unknown(o)]  # type: ignore[attr-defined]
    for o in stand_ins:
        if o in w.plural:
            label = w.name(o)
            for one, many in ((" is ", " are "), (" becomes ", " become "), (" gets ", " get ")):
                text = text.replace(label + one, label + many)
    return text


#: the zones a verb puts cards into or takes them from (besides the battlefield, which the
#: walk keeps up to date itself)
ZONES_CHANGED = {"draw": ("hand", "library"), "mill": ("graveyard", "library"),
                 "discard": ("hand", "graveyard"), "surveil": ("graveyard", "library"),
                 "scry": ("library",), "destroy": ("graveyard",), "sacrifice": ("graveyard",),
                 "exile": ("exile",), "exile_top": ("exile", "library"),
                 "shuffle": ("library",), "create": (),
                 "fateseal": ("library",), "explore": ("hand", "graveyard", "library"),
                 "clash": ("library",),  # coin: a revealed card may go to the bottom
                 "connive": ("hand", "graveyard", "library"), "search": ("library",)}


def note_zones(w: _Walk, st: Any, ins: Instruction) -> None:
    """Remember which zones this step changed, for a later choice among their cards."""
    zones = list(ZONES_CHANGED.get(st["verb"], ()))
    if st["verb"] in ("put", "return"):
        zones.append(str(st["to"] or arg(st, "to") or "hand"))
        zones += ["hand", "graveyard", "library", "exile"]  # where it came from
    for z in zones:
        w.zones_changed.setdefault(z, st["index"])


def forget_stand_ins(w: _Walk, done: Resolution) -> None:
    """An instruction on objects the situation doesn't name moves nothing as data: only its
    words say what happens (the stand-ins of `Named` are no objects)."""
    unknown = w.unknown  # type: ignore[attr-defined]
    done.returned = [(o, z) for o, z in done.returned if not unknown(o)]
    for key in ("destroyed", "sacrificed", "exiled", "tapped", "untapped"):
        setattr(done, key, [o for o in getattr(done, key) if not unknown(o)])
    done.counters = {o: c for o, c in done.counters.items() if not unknown(o)}
    done.damage = [d for d in done.damage if not (unknown(d[0]) or unknown(d[1]))]
    done.permits = [p for p in done.permits if not unknown(p[1])]
    for e in done.effects:
        e["objects"] = [o for o in e.get("objects", []) if not unknown(o)]
    done.effects = [e for e in done.effects if e.get("objects") or "objects" not in e]


def revealed_hand(w: _Walk, st: Any, actor: str, objs: list[str]) -> str:
    """"Reveals their hand" (701.20a): the whole hand, named when the situation lists it."""
    sel = w.world.selectors.get(st["what"])
    if sel is None or sel["zone"] != "hand" or sel["types"] or sel["not_types"] or sel["ref"]:
        return ""
    if objs:
        return f"{actor} reveals their hand: {w.names_of(objs)} (CR 701.20a)"
    return f"{actor} reveals their hand (the situation doesn't list its cards, CR 701.20a)"


# --- saga: "return it to the battlefield transformed" (CR 712.14a) ---------------------------

def returned_transformed(w: Any, res: Any, objs: list[str]) -> str:
    """A card put onto the battlefield transformed enters with its back face up; a card that
    isn't a transforming double-faced card stays in its zone (CR 712.14a)."""
    from rulings.facts.faces import CardFaces

    said = []
    for o in objs:
        faces = [f for f in _of(w.facts, CardFaces) if f["object"] == o]
        if faces and faces[0]["layout"] == "transform" and len(faces[0]["faces"]) > 1:
            res.returned.append((o, "battlefield"))
            said.append(f"{w.name(o)} is returned to the battlefield transformed: it enters "
                        f"with its back face up, as {faces[0]['faces'][1]} (CR 712.14a)")
        else:  # a card of one face (no CardFaces), or faces that don't transform
            said.append(f"{w.name(o)} is not a transforming double-faced card, so it isn't "
                        "put onto the battlefield transformed: it stays in exile (CR 712.14a)")
    return "; ".join(said) or "nothing is returned transformed"
