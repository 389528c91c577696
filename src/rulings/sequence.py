"""Questions that are sequences of events (`events:` instead of `event:`).

Each event is asked as an ordinary question on a snapshot of the game (the situation's own
words, so every rule and engine class is reused), and the next snapshot is a pure function of
the snapshot and that event's results (`advance`): what the resolving spell did
(knowledge/resolving.py), what damage and the state-based actions did
(knowledge/aftermath.py), what died and what triggered (the facts the rules concluded). Between
events the game moves on as the rules say: mana empties from pools when a step ends (106.4),
"until end of turn" effects end and damage is removed in the cleanup step (514.2), a card that
changes zones is a new object (400.7), triggered abilities go on the stack in APNAP order
(603.3b), and priority goes to the active player after a resolution (117.3b) or stays with the
player who cast or activated (117.3c). An event that can't be taken ends the sequence, with
the reason."""

from __future__ import annotations

import copy
import json
from typing import Any

from rulings.facts.cards import PREDEFINED_TOKENS, slug
from rulings.facts.errors import InputError, Problem
from rulings.facts.resolution import article
from rulings.facts.situation import Situation, from_data

ZONES_BY_PLAYER = ("hand", "library", "graveyard", "exile", "command")
#: the order the loader reads zones in (facts/situation.py), so ids are given as it gives them
READ_ORDER = ("battlefield", "hand", "library", "graveyard", "exile", "stack", "command")
STEP_ORDER = ("untap", "upkeep", "draw", "precombat main", "beginning of combat",
              "declare attackers", "declare blockers", "combat damage", "end of combat",
              "postcombat main", "end", "cleanup")
#: the verbs of events a player takes; their refusal ("can't") ends the sequence
ACTIONS = {"cast": ("cast",), "activate": ("activate",), "play_land": ("play",),
           "special_action": ("pay", "take"), "passes": ("pass",),
           "chooses_targets": ("choose",)}



def _note_exiled_with(game: Any, top: dict[str, Any], oid: str) -> None:
    """linked: a card an ability of a permanent exiles is recorded as exiled with that
    permanent (`exiled_with:`), for its linked "return the exiled card" (CR 607.2a); not when
    the permanent has already left the battlefield (its leaving ability is linked to nothing
    exiled after it left)."""
    source = str(top.get("ability") or "").split(".")[0]
    where = game.find(source) if source else None
    moved = game.find(oid)
    if where is not None and where[0] == "battlefield" and moved is not None \
            and moved[0] == "exile":
        moved[2]["exiled_with"] = source
        game.changes.append(f"{game.name(oid)} was exiled with {game.name(source)} (607.2a)")


def _plain(data: Any) -> Any:
    """The situation's data without its line records (a snapshot is plain data)."""
    return json.loads(json.dumps(data))


def _name_of(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    if "card" in entry:
        return str(entry["card"])
    return str((entry.get("define") or {}).get("name", ""))


def normalize(data: dict[str, Any], situation: Situation) -> dict[str, Any]:
    """The snapshot with every object a mapping with its id written out (as the loader gave
    them), zones by player, and the stack as one list, top first."""
    state = _plain(data)
    state.pop("events", None)
    state.pop("event", None)
    from rulings.facts.game import GameObject

    loaded = [f for f in situation.facts if isinstance(f, GameObject)]
    order = iter(loaded)
    for zone in READ_ORDER:
        raw = state.get(zone)
        if raw is None:
            continue
        if zone == "stack" and isinstance(raw, dict):  # one player's list
            player, items = next(iter(raw.items()))
            raw = [{**({"card": e} if isinstance(e, str) else e), "controller": player}
                   for e in items]
            state["stack"] = raw
        groups = [(None, raw)] if isinstance(raw, list) else list(raw.items())
        for _player, entries in groups:
            for i, entry in enumerate(entries):
                if isinstance(entry, dict) and "ability" in entry:
                    continue
                obj = next(order, None)
                if obj is None:
                    break
                entry = {"card": entry} if isinstance(entry, str) else entry
                entry["id"] = obj["id"]
                entries[i] = entry
    for i, entry in enumerate(state.get("stack") or []):
        if isinstance(entry, dict) and "ability" in entry:
            entry.setdefault("id", f"stack-{i + 1}")
    return state


# -- the snapshot's objects --------------------------------------------------------------------

class Game:
    """A snapshot being changed into the next one."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = copy.deepcopy(state)
        self.changes: list[str] = []
        self.names: dict[str, str] = {}
        for _zone, _player, entry in self.entries():
            self.names[entry["id"]] = _name_of(entry)

    def entries(self) -> list[tuple[str, str | None, dict[str, Any]]]:
        out: list[tuple[str, str | None, dict[str, Any]]] = []
        for zone in ("battlefield", "stack"):
            for e in self.state.get(zone) or []:
                if isinstance(e, dict) and "id" in e and "ability" not in e:
                    out.append((zone, None, e))
        for zone in ZONES_BY_PLAYER:
            for player, items in (self.state.get(zone) or {}).items():
                for e in items:
                    if isinstance(e, dict) and "id" in e:
                        out.append((zone, player, e))
        return out

    def find(self, oid: str) -> tuple[str, str | None, dict[str, Any]] | None:
        return next((t for t in self.entries() if t[2]["id"] == oid), None)

    def name(self, oid: str) -> str:
        return self.names.get(oid, oid)

    def owner(self, entry: dict[str, Any], player: str | None) -> str:
        return str(entry.get("owner") or player or entry.get("controller") or "")

    def take(self, oid: str) -> tuple[dict[str, Any], str] | None:
        """Remove an object from its zone: (its entry, its owner)."""
        found = self.find(oid)
        if found is None:
            return None
        zone, player, entry = found
        if zone in ("battlefield", "stack"):
            self.state[zone].remove(entry)
        else:
            self.state[zone][player].remove(entry)
        return entry, self.owner(entry, player)

    def move(self, oid: str, to: str, controller: str = "", top: bool = True) -> None:
        """A zone change (400.7): the card becomes a new object in its new zone, with none of
        its old state (tapped, damage, counters, attachments); effects on it end there."""
        taken = self.take(oid)
        if taken is None:
            return
        entry, owner = taken
        if entry.get("token") and to != "battlefield":
            self.changes.append(f"the token {self.name(oid)} left the battlefield and ceases "
                                "to exist (111.7, 704.5d)")
            self.forget(oid)
            return
        new = {k: v for k, v in entry.items() if k in ("card", "define", "id", "owner")}
        if to == "battlefield":
            new["controller"] = controller or owner
            new["owner"] = owner
            self.state.setdefault("battlefield", []).append(new)
        elif to == "stack":
            new["controller"] = controller or owner
            self.state.setdefault("stack", []).insert(0, new)
        else:
            new.pop("owner", None)
            pile = self.state.setdefault(to, {}).setdefault(owner, [])
            pile.insert(0, new) if top else pile.append(new)
        self.forget(oid, keep=True)

    def forget(self, oid: str, keep: bool = False) -> None:
        """Effects and attachments that named the old object end (400.7)."""
        effects = []
        for e in self.state.get("effects") or []:
            word, body = next(iter(e.items()))
            objects = body.get("objects") if isinstance(body, dict) else None
            if isinstance(objects, list) and oid in objects:
                objects = [o for o in objects if o != oid]
                if not objects:
                    continue
                body["objects"] = objects
            if isinstance(body, dict) and oid in (body.get("object"), body.get("to")):
                continue
            effects.append(e)
        if "effects" in self.state:
            self.state["effects"] = effects
        for e in self.state.get("battlefield") or []:
            if e.get("attached_to") == oid:
                e.pop("attached_to")
        if not keep:
            self.names.pop(oid, None)

    def perm(self, oid: str) -> dict[str, Any] | None:
        return next((e for e in self.state.get("battlefield") or [] if e.get("id") == oid),
                    None)

    def player(self, name: str) -> dict[str, Any] | None:
        players = self.state.get("players") or []
        for i, p in enumerate(players):
            if p == name:
                players[i] = {"name": name}
                return players[i]
            if isinstance(p, dict) and p.get("name") == name:
                return p
        return None

    def life(self, name: str, change: int, why: str) -> None:
        p = self.player(name)
        if p is None or change == 0:
            return
        if "life" in p:
            p["life"] = int(p["life"]) + change
            self.changes.append(f"{name} {'gains' if change > 0 else 'loses'} "
                                f"{abs(change)} life ({why}): {p['life']}")
        else:
            self.changes.append(f"{name} {'gains' if change > 0 else 'loses'} {abs(change)} "
                                f"life ({why}); their life total is not given")

    def energy(self, name: str, change: int, why: str) -> None:
        """Energy counters got or paid (CR 107.14): kept when the situation gives them."""
        p = self.player(name)
        if p is None or change == 0:
            return
        verb = "gets" if change > 0 else "pays"
        if "energy" in p:
            p["energy"] = max(0, int(p["energy"]) + change)
            self.changes.append(f"{name} {verb} {'{E}' * abs(change)} ({why}): "
                                f"{p['energy']} energy counters")
        else:
            self.changes.append(f"{name} {verb} {'{E}' * abs(change)} ({why}); their energy "
                                "counters are not given")

    def turn(self) -> dict[str, Any]:
        return self.state.setdefault("turn", {})

    def stack_changed(self) -> None:
        self.turn().pop("stack_empty", None)


# -- what each event leaves ----------------------------------------------------------------

def _dies(derivation: Any) -> list[Any]:
    from rulings.facts.state import Dies

    return sorted({f["object"]: f for f in derivation.of_type(Dies)}.values(),
                  key=lambda f: f["object"])


def _triggered(derivation: Any) -> list[Any]:
    from rulings.facts.stack import Apnap, Triggered

    rank = {f["player"]: f["rank"] for f in derivation.of_type(Apnap)}
    found = {(f["ability"], f["occurrence"]): f for f in derivation.of_type(Triggered)}
    return sorted(found.values(), key=lambda f: (rank.get(f["controller"], 0), f["ability"],
                                                f["occurrence"]))


def put_triggers(game: Game, derivation: Any, name: Any = str) -> None:
    """603.3b: the active player's triggered abilities go on the stack first, then each other
    player's in turn order, so the last player's resolve first."""
    for t in _triggered(derivation):
        entry = {"ability": t["ability"], "controller": t["controller"]}
        stack = game.state.setdefault("stack", [])
        entry["id"] = f"trigger-{len(stack) + 1}-{slug(t['ability'])}"
        stack.insert(0, entry)
        game.changes.append(f"{name(t['ability'])} is put on the stack for {t['controller']} "
                            "(603.3b; if it has targets, a later event choosing its targets "
                            "gives them)")
        game.stack_changed()


def _remove_dead(game: Game, derivation: Any) -> bool:
    from rulings.facts.state import LosesGame

    moved = False
    for d in _dies(derivation):
        if game.perm(d["object"]) is not None:
            game.changes.append(f"{game.name(d['object'])} is put into its owner's graveyard "
                                f"({d['reason']})")
            game.move(d["object"], "graveyard")
            moved = True
    for lost in derivation.of_type(LosesGame):
        p = game.player(lost["player"])
        if p is not None and not p.get("left_game"):
            game.changes.append(f"{lost['player']} loses the game ({lost['reason']})")
            p["left_game"] = True
    return moved


def _does_nothing(derivation: Any, game: Game) -> bool:
    """The top object leaves the stack without doing anything: its targets are all illegal
    (608.2b) or its intervening 'if' is false (608.2a)."""
    from rulings.facts.stack import Fizzles, IfFalseOnResolution

    top = (game.state.get("stack") or [{}])[0]
    return any(f["object"] == top.get("id") for cls in (Fizzles, IfFalseOnResolution)
               for f in derivation.of_type(cls))


def _adventure(derivation: Any, game: Game) -> bool:
    """The top object is a card cast as its Adventure (715.3b)."""
    from rulings.facts.faces import CardFaces

    top = (game.state.get("stack") or [{}])[0]
    return any(f["object"] == top.get("id") and f["cite"] == "CR 715.3b"
               for f in derivation.of_type(CardFaces))


def _countered(game: Game, derivation: Any) -> None:
    """A spell the resolving one countered leaves the stack for its owner's graveyard (701.6a);
    a countered ability ceases to exist."""
    from rulings.facts.stack import Countered

    for f in derivation.of_type(Countered):
        entry = next((e for e in game.state.get("stack") or [] if e.get("id") == f["object"]),
                     None)
        if entry is None:
            continue
        if "ability" in entry:
            game.state["stack"].remove(entry)
            game.changes.append(f"the countered ability {f['object']} leaves the stack")
        else:
            game.changes.append(f"{game.name(f['object'])} is countered: it goes to its "
                                "owner's graveyard (701.6a)")
            game.move(f["object"], "graveyard")


def _apply_resolution(game: Game, facts: list[Any], names: Any = str,
                      nothing: bool = False, adventure: bool = False) -> None:
    from rulings.knowledge.aftermath import aftermath
    from rulings.knowledge.layer_system import compute
    from rulings.knowledge.resolving import resolve

    res = None if nothing else resolve(facts)
    stack = game.state.get("stack") or []
    if not stack:
        return
    top = stack[0]
    if res is not None:
        after = aftermath(compute(facts), facts)
        for r in after.results:
            if r.result == "marked" and game.perm(r.to) is not None:
                p = game.perm(r.to)
                assert p is not None
                p["damage"] = int(p.get("damage", 0)) + r.amount
                game.changes.append(f"{game.name(r.to)} has {p['damage']} damage marked")
            elif r.result == "life lost":
                game.life(r.to, -r.amount, f"{r.amount} damage from {game.name(r.source)}")
            elif r.result == "-1/-1 counters" and game.perm(r.to) is not None:
                _add_counters(game, r.to, "-1/-1", r.amount)
        _used_up(game, after.results)
        for player, change in sorted(res.life.items()):
            game.life(player, change, res.name)
        for player, change in sorted(res.energy.items()):
            game.energy(player, change, res.name)
        for oid, counters in sorted(res.counters.items()):
            for counter, n in sorted(counters.items()):
                _add_counters(game, oid, counter, n)
        timestamp = 2000 + len(game.state.get("effects") or [])
        for e in res.effects:
            body = {k: v for k, v in e.items() if v not in ("", [], None)}
            body["timestamp"] = timestamp
            if body.get("duration") == "until_your_next_turn":  # whose turn ends it (611.2)
                game.state.setdefault("_until_next_turn_of", {})[str(timestamp)] = \
                    res.controller
            timestamp += 1
            game.state.setdefault("effects", []).append({"continuous": body})
            lasts = e["duration"].replace("_", " ").replace("your", f"{res.controller}'s")
            if e["duration"] == "while_this_tapped":  # remains (611.2b)
                lasts = f"for as long as {game.name(str(e.get('from_object')))} remains tapped"
            game.changes.append(f"{e['source']}'s effect ({e['effect'].replace('_', ' ')}) "
                                f"on {', '.join(game.name(o) for o in e['objects'])} lasts "
                                f"{lasts}")
        for word, body in res.prevention:  # prevent: a chosen source's damage (609.7a)
            game.state.setdefault("effects", []).append({word: dict(body)})
            if word == "damage_cant_be_prevented":
                game.changes.append(f"{body['source']}'s effect (damage can't be prevented) "
                                    "lasts this turn")
                continue
            combat = "combat " if body.get("combat") else ""
            game.changes.append(f"{body['source']}'s prevention effect against "
                                f"{game.name(str(body['by']))}'s {combat}damage lasts this "
                                "turn")
        for oid in res.monstrous:  # a designation it keeps until it leaves (701.37b)
            if game.perm(oid) is not None:
                game.perm(oid)["monstrous"] = True  # type: ignore[index]
                game.changes.append(f"{game.name(oid)} is monstrous")
        for oid in res.tapped:
            if game.perm(oid) is not None:
                game.perm(oid)["tapped"] = True  # type: ignore[index]
        for oid in res.untapped:
            if game.perm(oid) is not None:
                game.perm(oid)["tapped"] = False  # type: ignore[index]
        for token in res.tokens:
            define = {"name": token["name"], "types": token["types"]}
            for key in ("subtypes", "colors"):
                if token[key]:
                    define[key] = token[key]
            if token["power"] is not None:
                define["power"] = token["power"]
                define["toughness"] = token["toughness"]
            if token.get("define"):  # its keywords and abilities, as the card says them
                written = json.loads(token["define"])
                define.update({k: written[k] for k in ("keywords", "abilities")
                               if written.get(k)})
            entry = {"id": token["id"], "controller": token["controller"], "token": True,
                     "tapped": token["tapped"], "define": define}
            kind = token["subtypes"][0] if len(token["subtypes"]) == 1 else ""
            if kind in PREDEFINED_TOKENS and "abilities" not in define:
                # a Treasure (CR 111.10) is its card file, with the ability that gives it
                del entry["define"]
                entry["card"] = kind.title()
            game.state.setdefault("battlefield", []).append(entry)
            game.names[token["id"]] = token["name"]
            game.changes.append(f"{article(token['name'])} token ({token['id']}) enters the "
                                f"battlefield under {token['controller']}'s control")
        for player, n in sorted(res.draws.items()):
            _draw(game, player, n)
        for player, added in sorted(res.mana.items()):  # it stays until the step ends
            pool = game.state.setdefault("mana_pool", {}).setdefault(player, [])
            if isinstance(pool, str):
                pool = game.state["mana_pool"][player] = [pool]
            pool.extend("{" + m + "}" for m in "".join(added).replace("{", " ")
                        .replace("}", " ").split())
            game.changes.append(f"{player} adds {''.join(added)} to their mana pool")
        for player, kept in sorted(res.restricted_mana.items()):  # CR 106.6
            pool = game.state.setdefault("mana_pool", {}).setdefault(player, [])
            if isinstance(pool, str):
                pool = game.state["mana_pool"][player] = [pool]
            for symbols, only in kept:
                pool.extend({"mana": "{" + m + "}", "only_for": list(only)}
                            for m in symbols.replace("{", " ").replace("}", " ").split())
                game.changes.append(f"{player} adds {symbols} to their mana pool (to spend "
                                    f"only on {' or '.join(only)} spells)")
        for oid in res.exiled:
            if oid != top.get("id") and game.find(oid) is not None:
                game.changes.append(f"{game.name(oid)} is exiled: a new object (400.7)")
                game.move(oid, "exile")
                _note_exiled_with(game, top, oid)
        for oid, to in res.returned:
            if game.find(oid) is not None:
                game.changes.append(f"{game.name(oid)} moves to {to}: a new object (400.7)")
                game.move(oid, {"library": "library"}.get(to, to))
    # the resolved object leaves the stack (608.2n, 608.3)
    oid = top["id"]
    if "ability" in top:
        stack.pop(0)
        game.changes.append(f"{names(top['ability'])} has resolved and leaves the stack")
    elif adventure and not nothing:
        # 715.3d: an Adventure that resolves is exiled, and may be cast from there as the
        # creature (a new object, 400.7)
        game.changes.append(f"{game.name(oid)} was cast as an Adventure: it is exiled as it "
                            "resolves (715.3d)")
        game.move(oid, "exile")
        owner_pile: list[dict[str, Any]] = next((pile for pile in (game.state.get("exile") or {}).values()
                           for e in pile if e.get("id") == oid), [])
        for e in owner_pile:
            if e.get("id") == oid:
                e["on_adventure"] = True
    elif res is not None and res.exiles_itself:
        game.changes.append(f"{game.name(oid)} exiles itself as it resolves: a new object "
                            "in exile (400.7)")
        game.move(oid, "exile")
    elif top.get("copy"):
        stack.pop(0)
        game.changes.append(f"the copy {game.name(oid)} ceases to exist (707.10a)")
    elif _is_permanent(facts, oid):
        game.changes.append(f"{game.name(oid)} enters the battlefield under "
                            f"{top.get('controller')}'s control (608.3)")
        game.move(oid, "battlefield", controller=str(top.get("controller") or ""))
    else:
        game.changes.append(f"{game.name(oid)} is put into its owner's graveyard (608.2n)")
        game.move(oid, "graveyard")
    if res is not None:
        for rid in res.reflexive:  # 603.12: it triggered, and goes on the stack now (603.3)
            stack = game.state.setdefault("stack", [])
            stack.insert(0, {"ability": rid, "controller": res.controller,
                             "id": f"trigger-{len(stack) + 1}-{slug(rid)}"})
            game.changes.append(f"{names(rid)} is put on the stack for {res.controller} "
                                "(603.12; if it has targets, a later event choosing its "
                                "targets gives them)")
        for player, obj, any_color, duration, source in res.permits:
            # given to the object where it is now; impulse: with its duration (611.2) and
            # the card whose effect gives it
            effect: dict[str, Any] = {"player": player, "object": obj}
            if any_color:
                effect["any_color_mana"] = True
            if duration:
                effect["duration"] = duration
            if duration and source and game.find(source) is not None:
                effect["source"] = source
            game.state.setdefault("effects", []).append({"may_play": effect})
            lasts = {"until_end_of_turn": " until end of turn", "this_turn": " this turn",
                     "until_end_of_your_next_turn": f" until the end of {player}'s next "
                                                    "turn"}.get(duration, "")
            game.changes.append(f"{player} may play {game.name(obj)}{lasts} "
                                f"(the new object, where it is now)")
    game.stack_changed()


def _is_permanent(facts: list[Any], oid: str) -> bool:
    from rulings.facts.game import GameObject

    perm = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
    return any(isinstance(f, GameObject) and f["id"] == oid and set(f["types"]) & set(perm)
               for f in facts)


def _add_counters(game: Game, oid: str, counter: str, n: int) -> None:
    p = game.perm(oid)
    if p is None or n == 0:
        return
    counters = p.setdefault("counters", {})
    counters[counter] = int(counters.get(counter, 0)) + n
    game.changes.append(f"{game.name(oid)} has {counters[counter]} {counter} counter(s)")


def _draw(game: Game, player: str, n: int) -> None:
    library = (game.state.get("library") or {}).get(player)
    if library is None:
        game.changes.append(f"{player} draws {n} (their library is not listed, so which "
                            "cards is not known)")
        _count_this_turn(game, "drew", player, n)
        return
    for _ in range(n):
        if not library:
            game.state.setdefault("this_turn", []).append(
                {"drew_from_empty_library": {"player": player}})
            game.changes.append(f"{player} tries to draw from an empty library (704.5b)")
            return
        _count_this_turn(game, "drew", player)
        card = library.pop(0)
        game.state.setdefault("hand", {}).setdefault(player, []).append(card)
        game.changes.append(f"{player} draws {game.name(card['id'])}")


def _cast(game: Game, body: dict[str, Any], derivation: Any) -> None:
    """601.2a: the card moves to the stack (a new object, 400.7), with the choices made."""
    oid = str(body.get("card", ""))
    found = game.find(oid)
    if found is None:
        return
    zone, player, entry = found
    caster = str(body.get("player") or entry.get("controller") or player or "")
    game.move(oid, "stack", controller=caster)
    spell = game.state["stack"][0]
    # every choice of the cast the stack entry can hold (a face cast, a fused split card)
    for key, word in (("targets", "targets"), ("x", "x"), ("modes", "modes"),
                      ("face", "face"), ("fused", "fused")):
        if key in body:
            spell[word] = body[key]
    if body.get("pay_kicker"):
        spell["kicked"] = True
    if zone != "hand":
        spell["from"] = zone
    game.changes.append(f"{caster} casts {game.name(oid)}: it is on top of the stack")
    _count_this_turn(game, "spells_cast", caster)
    _pay(game, derivation, oid, caster)
    measured = _sacrifice_for_cost(game, derivation, oid)
    if measured:
        spell["sacrificed"] = measured
    game.turn()["priority"] = caster  # 117.3c
    game.stack_changed()


def _sacrifice_for_cost(game: Game, derivation: Any, paying_for: str) -> list[str]:
    """The permanents the cost rules found sacrificed for the cost (601.2h) go to their
    owners' graveyards. Those the stack entry may measure later ("the sacrificed creature's
    power", as it last existed, 608.2h) are returned: only a nontoken card with no counters,
    attachments or effects on it, on a battlefield where no static ability could have changed
    it, is in the graveyard as it last was; any other is left unmeasured (not given)."""
    from rulings.facts.costs import SacrificedForCost
    from rulings.facts.game import Ability

    gone = sorted({f["object"] for f in derivation.of_type(SacrificedForCost)
                   if f["paying_for"] == paying_for and f["sure"]})
    here = {e.get("id") for e in game.state.get("battlefield") or []}
    statics = any(a["kind"] == "static" and a["source"] in here
                  for a in derivation.of_type(Ability))
    measured = []
    for g in gone:
        perm = game.perm(g)
        if perm is None:
            continue
        plain = not statics and not perm.get("token") and not perm.get("counters") \
            and not perm.get("attached_to") and not any(
                g in repr(e) for e in game.state.get("effects") or [])
        game.changes.append(f"{game.name(g)} is sacrificed (cost)")
        game.move(g, "graveyard")
        if plain:
            measured.append(g)
    return measured


def _history(game: Game, word: str, player: str, ability: str = "") -> None:
    """'This turn' history accumulates (a land played counts against the one land a turn,
    305.2; a loyalty ability activated, 606.3); it starts afresh when the turn passes."""
    items = game.state.setdefault("this_turn", [])
    if word == "played_land":
        for item in items:
            body = item.get("played_land") if isinstance(item, dict) else None
            if isinstance(body, dict) and body.get("player") == player:
                body["count"] = int(body.get("count", 1)) + 1
                return
        items.append({"played_land": {"player": player, "count": 1}})
    elif word == "activated":
        items.append({"activated": {"ability": ability, "player": player}})


def _count_this_turn(game: Game, word: str, player: str, n: int = 1) -> None:
    """castcond: a count of this turn the situation tells goes on with the sequence, so a
    trigger on a player's second spell or card sees the events before it (an untold count
    stays untold). `drew`: the `this_turn: drew` entry of the player; `spells_cast`: the
    history's entries for the current turn (told in full once any is there)."""
    if word == "drew":
        for item in game.state.get("this_turn") or []:
            body = item.get("drew") if isinstance(item, dict) else None
            if isinstance(body, dict) and body.get("player") == player:
                body["count"] = int(body.get("count", 1)) + n
        return
    now = int(game.turn().get("number", 1))
    told = [item["spells_cast"] for item in game.state.get("history") or []
            if isinstance(item, dict) and isinstance(item.get("spells_cast"), dict)
            and item["spells_cast"].get("turn") == now]
    if not told:
        return
    for body in told:
        if body.get("player") == player:
            body["count"] = int(body.get("count", 0)) + n
            return
    game.state["history"].append({"spells_cast": {"player": player, "count": n,
                                                  "turn": now}})


def _drew_event(game: Game, body: dict[str, Any], derivation: Any) -> None:
    """A `draws` event of a sequence adds to the player's count of cards drawn this turn;
    if an effect replaced the draw, how many they drew is no longer told (the entry goes)."""
    from rulings.facts.replacement import EventReplaced

    player = str(body.get("player", ""))
    if any(f["kind"] == "draws" and f["subject"] == player
           for f in derivation.of_type(EventReplaced)):
        game.state["this_turn"] = [
            item for item in game.state.get("this_turn") or []
            if not (isinstance(item, dict) and isinstance(item.get("drew"), dict)
                    and item["drew"].get("player") == player)]
        return
    _count_this_turn(game, "drew", player, int(body.get("amount", 1)))


def _pay(game: Game, derivation: Any, paying_for: str, player: str) -> None:
    """The cost is paid the way the cost rules found (knowledge/rules/costs.py: "Forest
    pays {G}, {R} from Bob's mana pool"): those sources become tapped, that mana leaves the
    pool."""
    from rulings.facts.costs import CostPayable

    ways = [f for f in derivation.of_type(CostPayable) if f["paying_for"] == paying_for]
    if not ways:
        return
    for part in str(ways[0]["how"]).replace("; ", ", ").split(", "):
        label, found, symbols = part.partition(" pays ")
        if not found:
            continue
        if " from " in label and "mana pool" in label:
            mana = label.split(" from ", 1)[0]
            pool = (game.state.get("mana_pool") or {}).get(player)
            if isinstance(pool, str):
                pool = game.state["mana_pool"][player] = [
                    "{" + m + "}" for m in pool.replace("{", " ").replace("}", " ").split()]
            if isinstance(pool, list):
                for i, item in enumerate(pool):
                    held = item if isinstance(item, str) else str(item.get("mana", ""))
                    if held == mana:
                        pool.pop(i)
                        game.changes.append(f"{mana} leaves {player}'s mana pool (spent)")
                        break
            continue
        name, _, rest = label.partition(" (")
        oid = rest.split(")")[0] if rest else ""
        perm = game.perm(oid) if oid else next(
            (e for e in game.state.get("battlefield") or [] if game.name(e["id"]) == name
             and not e.get("tapped") and e.get("controller") == player), None)
        if perm is not None and not perm.get("tapped"):
            perm["tapped"] = True
            game.changes.append(f"{game.name(perm['id'])} is tapped for mana to pay "
                                f"{symbols}")


def _activate(game: Game, body: dict[str, Any], facts: list[Any], derivation: Any) -> None:
    from rulings.facts.effects import CostPart, Step, arg
    from rulings.facts.game import Ability

    aid = str(body.get("ability", ""))
    ability = next((f for f in facts if isinstance(f, Ability) and f["id"] == aid), None)
    if ability is None:
        return
    source = ability["source"]
    perm = game.perm(source)
    controller = str(body.get("player") or (perm or {}).get("controller") or "")
    parts = [f for f in facts if isinstance(f, CostPart) and f["ability"] == aid]
    for part in parts:
        if part["kind"] == "tap" and perm is not None:
            perm["tapped"] = True
            game.changes.append(f"{game.name(source)} becomes tapped (cost)")
        if part["kind"] == "sacrifice" and perm is not None and part["what"] in ("", "this") \
                or part["kind"] == "sacrifice" and part["text"] == "this":
            game.changes.append(f"{game.name(source)} is sacrificed (cost)")
            game.move(source, "graveyard")
        if part["kind"] == "discard" and part["text"] == "discard this" \
                and (game.find(source) or ("",))[0] == "hand":
            # cycle: a card discarding itself from a hand (cycling, 702.29a); into exile when
            # the rules said madness moves it (702.35a)
            from rulings.facts.rulings import Ruling

            mad = any(r["about"] == f"{source}.madness.exile"
                      for r in derivation.of_type(Ruling))
            game.changes.append(f"{game.name(source)} is discarded (cost)"
                                + (", into exile (madness, 702.35a)" if mad else ""))
            game.move(source, "exile" if mad else "graveyard")
        if part["kind"] == "pay_energy":
            from rulings.facts.costs import read_part

            game.energy(controller, -read_part(str(part["text"])).amount, "cost")
    if ability["kind"] == "mana":  # 605.3b: it resolves at once
        for st in (f for f in facts if isinstance(f, Step) and f["ability"] == aid
                   and f["verb"] == "add_mana"):
            mana = arg(st, "mana")
            only = [t for t in arg(st, "only_for").split(",") if t]
            if mana:
                amount = int(st["amount"]) if str(st["amount"]).isdigit() else 1
                symbols = "".join(f"{{{m}}}" for m in mana.replace("{", "").replace("}", ""))
                pool = game.state.setdefault("mana_pool", {}).setdefault(controller, [])
                if isinstance(pool, str):
                    pool = game.state["mana_pool"][controller] = [pool]
                if only:  # CR 106.6: it keeps its restriction in the pool
                    pool.extend({"mana": "{" + m + "}", "only_for": list(only)}
                                for m in mana.replace("{", "").replace("}", "") * amount)
                else:
                    pool.extend([symbols] * amount)
                spend = f" (to spend only on {' or '.join(only)} spells)" if only else ""
                game.changes.append(f"{controller} adds {symbols * amount} to their mana "
                                    f"pool{spend}")
            else:
                game.changes.append(f"{controller} adds mana of their choice (which is not "
                                    "given, so the pool is left as it was)")
        return
    _pay(game, derivation, aid, controller)
    if ability["kind"] == "activated":
        _history(game, "activated", controller, aid)
    entry = {"ability": aid, "controller": controller}
    if body.get("targets"):
        entry["targets"] = body["targets"]
    stack = game.state.setdefault("stack", [])
    entry["id"] = f"ability-{len(stack) + 1}-{slug(aid)}"
    stack.insert(0, entry)
    game.changes.append(f"{_ability_words(game, aid)} is put on the stack")
    game.turn()["priority"] = controller  # 117.3c
    game.stack_changed()


def _cycle(game: Game, body: dict[str, Any], derivation: Any) -> None:
    """cycle: the card cycled is discarded to pay the cycling cost (702.29a): it goes to its
    owner's graveyard (exile, when the rules said madness moves it, 702.35a) and its cycling
    ability goes on the stack (the abilities that triggered go above it). The question says
    the card is cycled, so the cost's mana is not taken from a pool or paid with lands here."""
    from rulings.facts.rulings import Ruling

    oid = str(body.get("card", ""))
    found = game.find(oid)
    if found is None or found[0] != "hand":
        return
    player = str(body.get("player") or found[1] or "")
    mad = any(r["about"] == f"{oid}.madness.exile" for r in derivation.of_type(Ruling))
    game.move(oid, "exile" if mad else "graveyard")
    game.changes.append(f"{game.name(oid)} is discarded to pay its cycling cost (702.29a; the "
                        "mana of the cost is not paid here: the question says it is cycled)"
                        + (", into exile (madness, 702.35a)" if mad else ""))
    aid = f"{oid}.cycling"
    _history(game, "activated", player, aid)
    stack = game.state.setdefault("stack", [])
    stack.insert(0, {"ability": aid, "controller": player,
                     "id": f"ability-{len(stack) + 1}-{slug(aid)}"})
    game.changes.append(f"{game.name(oid)}'s cycling ability is put on the stack")
    game.turn()["priority"] = player  # 117.3c
    game.stack_changed()


def _step_begins(game: Game, body: dict[str, Any]) -> None:
    """The game moves to a later step of the turn: mana pools empty as each step ends
    (106.4); in the cleanup step damage is removed and "until end of turn" effects end
    (514.2); "until end of combat" effects end with combat (511.3)."""
    turn = game.turn()
    now = str(turn.get("step", "precombat main"))
    to = str(body.get("step", ""))
    if game.state.get("mana_pool"):
        emptied = [p for p, m in game.state["mana_pool"].items() if m]
        game.state["mana_pool"] = {p: [] for p in game.state["mana_pool"]}
        for p in emptied:
            game.changes.append(f"{p}'s mana pool empties as the {now} step ends (106.4)")
    turn["step"] = to
    passed = STEP_ORDER.index(to) if to in STEP_ORDER else 0
    if passed >= STEP_ORDER.index("postcombat main"):
        _end_effects(game, "until_end_of_combat", "at end of combat (511.3)")
        for p in game.state.get("battlefield") or []:  # removed from combat (511.3)
            if any(k in p for k in ("attacking", "blocking", "blocked", "assigns")):
                for k in ("attacking", "blocking", "blocked", "assigns"):
                    p.pop(k, None)
                game.changes.append(f"{game.name(p['id'])} is removed from combat as combat "
                                    "ends (511.3)")
    if to == "cleanup":
        for p in game.state.get("battlefield") or []:
            if p.get("damage"):
                game.changes.append(f"the damage marked on {game.name(p['id'])} is removed "
                                    "(514.2)")
                p.pop("damage")
                p.pop("deathtouch_damage", None)
        _end_effects(game, "until_end_of_turn", "in the cleanup step (514.2)")
        _end_effects(game, "this_turn", "in the cleanup step (514.2)")
    if now in STEP_ORDER and to in STEP_ORDER and \
            STEP_ORDER.index(now) < STEP_ORDER.index("draw") <= STEP_ORDER.index(to):
        # the draw step begins (or is passed through): its turn-based action (504.1)
        _draw(game, str(turn.get("active", "")), 1)
    turn["priority"] = turn.get("active", "")
    if to in ("untap", "cleanup"):
        turn.pop("priority", None)


def crosses_turn(state: dict[str, Any], body: Any) -> bool:
    """A `step_begins` of a step at or before the current one is a step of the next turn."""
    now = str((state.get("turn") or {}).get("step", "precombat main"))
    to = str((body or {}).get("step", "")) if isinstance(body, dict) else ""
    return to in STEP_ORDER and now in STEP_ORDER and \
        STEP_ORDER.index(to) <= STEP_ORDER.index(now) and not (now == to == "untap")


def pass_turn(state: dict[str, Any], to: str) -> tuple[dict[str, Any], list[str]]:
    """The rest of this turn and the start of the next one, up to the step `to` begins: the
    cleanup step (514.2), the next player in turn order becomes the active player (500.1),
    their permanents untap (502.3), their "until your next turn" effects end (611.2), and
    "this turn" starts afresh; if `to` comes after the draw step, they have drawn (504.1)."""
    game = Game(state)
    turn = game.turn()
    if turn.get("step") != "cleanup":
        _step_begins(game, {"step": "cleanup"})
    old = str(turn.get("active", ""))
    players = [p if isinstance(p, str) else str(p.get("name")) for p in
               game.state.get("players") or [] if isinstance(p, str) or not p.get("left_game")]
    new = players[(players.index(old) + 1) % len(players)] if old in players else old
    if "number" in turn:
        turn["number"] = int(turn["number"]) + 1
    turn["active"] = new
    turn["step"] = "untap"
    turn.pop("priority", None)
    game.changes.append(f"{old}'s turn ends; {new}'s turn begins, and {new} is the active "
                        "player (500.1)")
    for p in game.state.get("battlefield") or []:
        if p.get("controller") != new:
            continue
        p.pop("since_turn_began", None)  # controlled since the turn began (302.6)
        if p.get("tapped"):
            p["tapped"] = False
            game.changes.append(f"{game.name(p['id'])} untaps in {new}'s untap step (502.3)")
    _end_remains(game)
    until = game.state.pop("_until_next_turn_of", {})
    kept = []
    for e in game.state.get("effects") or []:
        word, body = next(iter(e.items()))
        whose = until.get(str(body.get("timestamp"))) if isinstance(body, dict) else None
        if whose is None and isinstance(body, dict):
            # an effect the situation listed: "your" is its source's controller (or owner)
            found = next((t for t in game.entries() if game.name(t[2]["id"]) ==
                          str(body.get("source") or "")), None)
            whose = (found[2].get("controller") or found[1] or found[2].get("owner")) \
                if found is not None else None
        if word == "may_play" and isinstance(body, dict) and \
                body.get("duration") == "until_end_of_your_next_turn" and \
                body.get("player") == new:
            # impulse: its player's next turn has begun; the permission ends as it ends (611.2)
            body["duration"] = "until_end_of_turn"
            game.changes.append(f"{body.get('player')} may play {game.name(str(body['object']))} "
                                f"until the end of this turn, {new}'s next turn (611.2)")
        if isinstance(body, dict) and body.get("duration") == "until_your_next_turn" and \
                whose == new:
            game.changes.append(f"{body.get('source') or word}'s effect ends as {new}'s turn "
                                "begins (611.2)")
            continue
        kept.append(e)
    if "effects" in game.state:
        game.state["effects"] = kept
    left = {k: v for k, v in until.items() if v != new}
    if left:
        game.state["_until_next_turn_of"] = left
    if game.state.pop("this_turn", None):
        game.changes.append("what happened this turn is now history of an earlier turn")
    if to in STEP_ORDER and STEP_ORDER.index(to) > STEP_ORDER.index("untap"):
        turn["step"] = STEP_ORDER[STEP_ORDER.index(to) - 1]
        if STEP_ORDER.index(to) > STEP_ORDER.index("draw"):
            _draw(game, new, 1)  # the draw step's turn-based action (504.1)
        if turn["step"] != "untap":
            turn["priority"] = new
    return game.state, game.changes


def _choose_targets(game: Game, body: dict[str, Any], facts: list[Any]) -> None:
    """603.3d: the triggered ability's targets, chosen as it was put on the stack, are on its
    stack entry (the topmost entry of that ability without targets)."""
    from rulings.facts.resolution import ChoosesTargets

    asked = next((f for f in facts if isinstance(f, ChoosesTargets)), None)
    aid = str(asked["ability"]) if asked is not None else str(body.get("ability", ""))
    for entry in game.state.get("stack") or []:
        if entry.get("ability") == aid and not entry.get("targets") \
                and not entry.get("modes"):
            if body.get("modes"):  # 603.3c: a modal ability's modes, chosen with them
                entry["modes"] = list(body["modes"])
                game.changes.append(f"{_ability_words(game, aid)} on the stack has the modes "
                                    f"{', '.join(str(m) for m in entry['modes'])} (603.3c)")
            entry["targets"] = list(body.get("targets") or [])
            if entry["targets"]:
                chosen = ", ".join(game.name(str(t)) for t in entry["targets"])
                game.changes.append(f"{_ability_words(game, aid)} on the stack targets "
                                    f"{chosen} (603.3d)")
            return


def _ability_words(game: Game, aid: str) -> str:
    """An ability's id in words: "chupa.1" is "Ravenous Chupacabra's ability 1", a reflexive
    step's ability ("offer.1.do.2.when") is its source's reflexive ability."""
    source, _, rest = aid.partition(".")
    if rest.endswith(".when"):
        return f"{game.name(source)}'s reflexive ability"
    return f"{game.name(source)}'s ability {rest}" if rest.isdigit() else \
        f"{game.name(source)}'s {rest.replace('_', ' ')}" if rest else game.name(source)


def _end_remains(game: Game) -> None:
    """remains: an effect "for as long as ~ remains tapped" ends once that permanent is
    untapped or gone, and doesn't come back (CR 611.2b)."""
    kept = []
    for e in game.state.get("effects") or []:
        word, body = next(iter(e.items()))
        if isinstance(body, dict) and body.get("duration") == "while_this_tapped":
            perm = game.perm(str(body.get("from_object", "")))
            if perm is None or not perm.get("tapped"):
                game.changes.append(f"{body.get('source') or word}'s effect ends: "
                                    f"{game.name(str(body.get('from_object', '')))} is no "
                                    "longer tapped on the battlefield (611.2b)")
                continue
        kept.append(e)
    if "effects" in game.state:
        game.state["effects"] = kept


def _end_effects(game: Game, duration: str, why: str) -> None:
    kept = []
    for e in game.state.get("effects") or []:
        word, body = next(iter(e.items()))
        lasts = body.get("duration", "until_end_of_turn" if word in ("continuous",
                                                                       "gains_keyword",
                                                                       "prevent_damage",
                                                                       "prevent_all_damage",
                                                                       "damage_cant_be_prevented",
                                                                       "regeneration_shield")
                         else "") if isinstance(body, dict) else ""
        if lasts == duration and word == "may_play":  # impulse: a permission's duration
            game.changes.append(f"{body.get('player')}'s permission to play "
                                f"{game.name(str(body.get('object')))} ends {why}")
            continue
        if lasts == duration:
            what = body.get("source") or body.get("spell") or word
            game.changes.append(f"{what}'s effect ends {why}")
            continue
        kept.append(e)
    if "effects" in game.state:
        game.state["effects"] = kept


def _damage_event(game: Game, facts: list[Any]) -> None:
    """Damage events (a `damage`, `combat_damage`): what is marked and lost stays."""
    from rulings.knowledge.aftermath import aftermath
    from rulings.knowledge.layer_system import compute

    after = aftermath(compute(facts), facts)
    for r in after.results:
        p = game.perm(r.to)
        if r.result == "marked" and p is not None:
            p["damage"] = int(p.get("damage", 0)) + r.amount
            game.changes.append(f"{game.name(r.to)} has {p['damage']} damage marked")
        elif r.result == "-1/-1 counters" and p is not None:
            _add_counters(game, r.to, "-1/-1", r.amount)
        elif r.result == "life lost":
            game.life(r.to, -r.amount, f"damage from {game.name(r.source)}")
    _used_up(game, after.results)
    for player, amount, source in after.lifelink:
        game.life(player, amount, f"lifelink of {game.name(source)}")


def _used_up(game: Game, results: list[Any]) -> None:
    """prevent: a shield for "the next time" a chosen source would deal damage is used up
    once it has prevented that damage (CR 615.8): it leaves the effects."""
    from rulings.facts.state import PreventDamage

    for r in results:
        for f in r.facts:
            if not (isinstance(f, PreventDamage) and f["next_time"] and r.prevented > 0):
                continue
            effects = game.state.get("effects") or []
            for e in effects:
                body = e.get("prevent_damage") if isinstance(e, dict) else None
                if isinstance(body, dict) and body.get("next_time") and \
                        str(body.get("by")) == f["by"] and str(body.get("to")) == f["to"]:
                    effects.remove(e)
                    game.changes.append(f"the shield against {game.name(f['by'])}'s damage "
                                        f"to {game.name(f['to'])} is used up (615.8)")
                    break


def advance(state: dict[str, Any], word: str, body: Any, situation: Situation,
            derivation: Any) -> tuple[dict[str, Any], list[str]]:
    """The next snapshot: `state` after the event `word: body`, from the situation of that
    step and what the rules concluded on it."""
    game = Game(state)
    facts = situation.facts
    body = body if isinstance(body, dict) else {}
    if word == "resolve_top":
        _apply_resolution(game, facts, situation.name, _does_nothing(derivation, game),
                          _adventure(derivation, game))
        _countered(game, derivation)
        game.turn()["priority"] = game.turn().get("active", "")  # 117.3b
    elif word == "cast":
        _cast(game, body, derivation)
    elif word == "activate":
        _activate(game, body, facts, derivation)
    elif word == "cycles":
        _cycle(game, body, derivation)
    elif word == "draws":  # castcond: the count of this turn goes on (no card moves)
        _drew_event(game, body, derivation)
    elif word == "passes":
        from rulings.knowledge.rules.priority import next_player

        following = next_player(facts, str(body.get("player", "")))
        game.turn()["priority"] = following
        game.changes.append(f"{body.get('player')} passes; {following} receives priority "
                            "(117.3d)")
    elif word == "step_begins":
        _step_begins(game, body)
    elif word == "chooses_targets":
        _choose_targets(game, body, facts)
    elif word in ("damage", "combat_damage"):
        _damage_event(game, facts)
    elif word == "counter_put":
        _add_counters(game, str(body.get("object")), str(body.get("counter", "+1/+1")),
                      int(body.get("amount", 1)))
    elif word in ("leaves", "dies"):
        for oid in body.get("objects") or []:
            game.move(str(oid), str(body.get("to", "graveyard")))
    elif word == "play_land":
        oid = str(body.get("card", ""))
        found = game.find(oid)
        if found is not None:
            player = found[1] or ""
            game.move(oid, "battlefield", controller=player)
            game.changes.append(f"{game.name(oid)} is played: it enters the battlefield")
            _history(game, "played_land", player)
    elif word in ("becomes_tapped", "becomes_untapped"):
        for oid in body.get("objects") or []:
            p = game.perm(str(oid))
            if p is not None:
                p["tapped"] = word == "becomes_tapped"
    _remove_dead(game, derivation)
    _end_remains(game)
    put_triggers(game, derivation, situation.name)
    if word == "check_state_based_actions" and "keep" in body:
        pass  # the choice was this check's: the namesakes left are gone already
    game.state.get("this_turn") or game.state.pop("this_turn", None)
    return game.state, game.changes


# -- running a sequence --------------------------------------------------------------------

def _derive(situation: Situation, order_seed: int | None, limits: dict[str, Any]) -> Any:
    from rulings.api import engine
    from rulings.knowledge.rules import rules_for

    rule_ids = rules_for({type(f) for f in situation.facts})
    return engine(order_seed, rule_ids).derive(situation.facts, **limits)


def refusal(answer: dict[str, Any], word: str) -> str:
    """Why the event can't be taken, if the answer says it can't ('' when it can)."""
    verbs = ACTIONS.get(word)
    if not verbs:
        return ""
    for r in answer["rulings"]:
        st = r["statement"]
        if st["verdict"] == "can't" and any(st["action"].startswith(v) for v in verbs):
            return r["text"]
    return ""


def _given_texts(situation: Situation) -> set[str]:
    """The facts of a snapshot as proofs show them."""
    from rulings.engine.answer import _describe
    from rulings.facts.vocabulary import WORDS

    asked = tuple(WORDS.get("event", {}).values())  # the event asked is never a result
    return {_describe(f, situation.name) for f in situation.facts
            if not isinstance(f, asked)}


def _mark_from(node: dict[str, Any], origin: dict[str, int]) -> None:
    """A given fact of a later snapshot that an earlier event made: point to that event."""
    for child in node.get("from", []):
        if child.get("given") and child["fact"] in origin:
            child["from_event"] = origin[child["fact"]]
        _mark_from(child, origin)


def _visible(state: dict[str, Any]) -> dict[str, Any]:
    """The snapshot as situation words: the sequence's own notes (keys starting with '_',
    like whose "until your next turn" an effect is) are left out."""
    return {k: v for k, v in state.items() if not k.startswith("_")}


def ask_sequence(situation: Situation, *, order_seed: int | None = None,
                 limits: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every event in turn, each on the game the one before left."""
    from rulings.api import answer_of

    limits = limits or {}
    state = normalize(situation.raw, situation)
    rulings: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    complete = True
    notes: list[str] = []
    parts: list[dict[str, Any]] = []
    origin: dict[str, int] = {}
    seen = _given_texts(situation)
    for k, event in enumerate(situation.events, 1):
        word, body = next(iter(event.items()))
        line = situation.event_lines[k - 1] if k - 1 < len(situation.event_lines) else 0
        crossing: list[str] = []
        if word == "step_begins" and crosses_turn(state, body):
            # a step of the next turn: the turn passes first, then the step begins on it
            state, crossing = pass_turn(state, str(body.get("step", "")))
        if k == 1 and not crossing:
            snap_situation = situation
        else:
            try:
                snap_situation = from_data({**_visible(state), "event": event},
                                           name=situation.file)
            except InputError as exc:
                # a trigger the situation left undecided was not put on the stack: say why
                open_ = [r["text"] for r in rulings if r["event"] == k - 1
                         and r["rule"] == "triggers.intervening-if-open"]
                hint = f" (not put on the stack by event {k - 1}: {open_[0]})" if open_ \
                    and word == "resolve_top" else ""
                raise InputError([Problem(situation.file, line, f"event {k} ({word}), on the "
                                          f"game the events before left: {p.what}{hint}",
                                          p.fix) for p in exc.problems]) from None
            for text in _given_texts(snap_situation) - seen:
                if k > 1:  # a turn passing before the first event is not an event's result
                    origin.setdefault(text, k - 1)
            seen |= _given_texts(snap_situation)
        derivation = _derive(snap_situation, order_seed, limits)
        answer = answer_of(derivation, snap_situation)  # with the parts no rule reads
        complete = complete and answer["complete"]
        for part in answer.get("not_modelled", []):
            if part not in parts:
                parts.append(part)
        for r in answer["rulings"]:
            r["id"] = r["id"].replace("/", f"/e{k}.", 1)
            r["event"] = k
            _mark_from(r["justification"], origin)
            rulings.append(r)
        for note in answer.get("notes", []):
            if note not in notes:
                notes.append(note)
        step: dict[str, Any] = {"event": k, "word": word, "changes": []}
        if crossing:
            step["before"] = crossing
        steps.append(step)
        why = refusal(answer, word)
        if why:
            step["stopped"] = f"event {k} can't be taken: {why}"
            break
        # choice: a value chosen as the top object resolved that the situation doesn't
        # state (608.2d): the game after it depends on that choice, so nothing later is asked
        left_open = [r["text"] for r in answer["rulings"]
                     if r["rule"] in ("choice.open-as-it-resolves",
                                      "selfstate.tap-or-untap-open")]
        if left_open and k < len(situation.events):
            step["stopped"] = f"the events after event {k} are not asked: they depend on " \
                "a choice made as it resolved that the situation doesn't state (give it " \
                "with chosen: on the stack entry)"
            complete = False
            break
        if k < len(situation.events):
            state, changes = advance(state, word, body, snap_situation, derivation)
            step["changes"] = changes
    out: dict[str, Any] = {
        "schema": "mtg-rulings/answer/1", "situation": situation.file.rsplit("/", 1)[-1]
        if situation.file else "", "question": situation.question, "complete": complete,
        "rulings": rulings, "steps": steps}
    if parts:
        out["not_modelled"] = parts
    if notes:
        out["notes"] = notes
    return out


__all__ = ["ask_sequence", "advance", "normalize", "refusal"]
