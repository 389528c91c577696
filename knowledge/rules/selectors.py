"""Which objects and players a card's description picks (CR 109, 115.10a): one rule set
concludes Selects(selector, object) from a Selector of the effect language, so every rule that
acts on "target creature an opponent controls" or "each opponent" shows in its proof why the
object or player qualified.

Referents that depend on a spell or ability on the stack (target slots, step ids, event.card)
are resolved by the rules of the stack; here: filters, this, enchanted/equipped, and players
named relative to the ability's controller."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Keyword, Selector, Selects, filter_misses
from rulings.facts.game import GameObject, Opponent, Player, Turn
from rulings.facts.stack import DealtDamageThisTurn
from rulings.facts.state import DamageResult

TOPIC = "CR 109 Objects; CR 115.10a What a description picks"

#: referents that pick every player, or every opponent, of the ability's controller
ALL_PLAYERS = ("each_player", "player", "any_player")
OPPONENTS = ("each_opponent", "opponent")
PLAIN_CONTROLLER = P(lambda c: c in ("", "you", "opponent"))


def _fits(sel: dict, obj: dict, you: str, source: str) -> bool:
    return filter_misses(sel, obj, you, source) == ""


def _attached_to(sel: dict) -> str:
    """attached area: the selector id of what the filter's object must be attached to."""
    return next((str(a)[len("attached_to="):] for a in sel.get("args") or ()
                 if str(a).startswith("attached_to=")), "")


def _fits_but_attached(sel: dict, obj: dict, you: str, source: str) -> bool:
    rest = {**sel, "args": [a for a in sel.get("args") or ()
                            if not str(a).startswith("attached_to=")]}
    return filter_misses(rest, obj, you, source) == ""


def _dealt_by(sel: dict) -> str:
    """dealtdmg area: the selector id of the source that dealt the object damage this turn."""
    return next((str(a)[len("dealt_damage_by="):] for a in sel.get("args") or ()
                 if str(a).startswith("dealt_damage_by=")), "")


def _fits_but_dealt(sel: dict, obj: dict, you: str, source: str) -> bool:
    rest = {**sel, "args": [a for a in sel.get("args") or ()
                            if not str(a).startswith("dealt_damage_by=")]}
    return filter_misses(rest, obj, you, source) == ""


class Rules:
    # -- filters -------------------------------------------------------------------------

    # two rules, not one with OR: the relevance pass keeps a rule with alternatives for every
    # question, and with it every selector rule on every board
    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda sel: _dealt_by(sel) != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name),
        DealtDamageThisTurn(source=MATCH.dealer, to=MATCH.object),
        Selects(selector=MATCH.by, object=MATCH.dealer),
        TEST(lambda sel, by: _dealt_by(sel) == by),
        TEST(lambda sel, obj, you, source: _fits_but_dealt(sel, obj, you, source)),
        id="selectors.filter-dealt-damage-by",
        cites=("CR 109.1", "CR 120.1"),
        because="{dealer} dealt damage to {name} earlier this turn, and {dealer} is what the "
                "description {text} says dealt it; {name} fits the rest of it",
    )
    def sel_filter_dealt(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda sel: _dealt_by(sel) != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name),
        DamageResult(source=MATCH.dealer, to=MATCH.object, amount=P(lambda n: n > 0)),
        Selects(selector=MATCH.by, object=MATCH.dealer),
        TEST(lambda sel, by: _dealt_by(sel) == by),
        TEST(lambda sel, obj, you, source: _fits_but_dealt(sel, obj, you, source)),
        id="selectors.filter-dealt-damage-by-now",
        cites=("CR 109.1", "CR 120.1"),
        because="{dealer} deals damage to {name} in the event asked about, and {dealer} is "
                "what the description {text} says dealt it; {name} fits the rest of it",
    )
    def sel_filter_dealt_now(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda sel: _attached_to(sel) != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, attached_to=MATCH.host),
        TEST(lambda host: host != ""),
        Selects(selector=MATCH.hosts, object=MATCH.host),
        TEST(lambda sel, hosts: _attached_to(sel) == hosts),
        TEST(lambda sel, obj, you, source: _fits_but_attached(sel, obj, you, source)),
        id="selectors.filter-attached-to",
        cites=("CR 109.1", "CR 303.4", "CR 301.5"),
        because="{name} is attached to {host}, which fits what the description {text} says "
                "it is attached to, and {name} fits the rest of it",
    )
    def sel_filter_attached(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name),
        TEST(lambda sel, obj, you, source: _fits(sel, obj, you, source)),
        id="selectors.filter",
        cites=("CR 109.1", "CR 115.10a"),
        because="{name} fits every part of the description {text} (of {source}'s ability, "
                "controlled by {you})",
    )
    def sel_filter(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword=MATCH.keyword, not_="", any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda keyword: keyword != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name),
        TEST(lambda sel, obj, you, source: _fits(sel, obj, you, source)),
        Keyword(object=MATCH.object, keyword=MATCH.keyword),
        id="selectors.filter-with-keyword",
        cites=("CR 109.1", "CR 702.1"),
        because="{name} has {keyword} and fits the rest of the description {text}",
    )
    def sel_filter_keyword(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_=MATCH.excluded, any_of=P(lambda a: not a),
                           controller=PLAIN_CONTROLLER, owner=PLAIN_CONTROLLER),
        TEST(lambda excluded: excluded != ""),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name),
        TEST(lambda sel, obj, you, source: _fits(sel, obj, you, source)),
        NOT(Selects(selector=MATCH.excluded, object=MATCH.object)),
        id="selectors.filter-with-exception",
        cites=("CR 109.1", "CR 115.10a"),
        because="{name} fits the description {text}, and is not among what it excludes",
        absent=("{name} is not among the objects the description's 'not' part picks",),
    )
    def sel_filter_exception(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        AS.sel << Selector(id=MATCH.selector, ref="", source=MATCH.source, text=MATCH.text,
                           keyword="", not_="", any_of=P(lambda a: not a),
                           controller=MATCH.whose, owner=PLAIN_CONTROLLER),
        TEST(lambda whose: whose not in ("", "you", "opponent")),
        GameObject(id=MATCH.source, controller=MATCH.you),
        AS.obj << GameObject(id=MATCH.object, name=MATCH.name, controller=MATCH.player),
        Selects(selector=MATCH.whose, object=MATCH.player),
        TEST(lambda sel, obj, you, source: _fits(sel, obj, you, source)),
        id="selectors.filter-controlled-by",
        cites=("CR 108.4", "CR 109.1"),
        because="{name} is controlled by {player}, the player the description names, and "
                "fits the rest of {text}",
    )
    def sel_filter_controlled_by(self, selector, object):
        return Selects(selector=selector, object=object)

    @rule(
        Selector(id=MATCH.selector, ref="", any_of=MATCH.options, text=MATCH.text),
        TEST(lambda options: len(options) > 0),
        Selects(selector=MATCH.option, object=MATCH.object),
        TEST(lambda option, options: option in options),
        id="selectors.any-of",
        cites=("CR 109.1",),
        because="{object} is picked by one of the alternatives of {text}",
    )
    def sel_any_of(self, selector, object):
        return Selects(selector=selector, object=object)

    # -- referents -----------------------------------------------------------------------

    @rule(
        Selector(id=MATCH.selector, ref="this", source=MATCH.source),
        GameObject(id=MATCH.source),
        id="selectors.this",
        cites=("CR 201.5",),
        because="the ability says its own object, {source}",
    )
    def sel_this(self, selector, source):
        return Selects(selector=selector, object=source)

    @rule(
        Selector(id=MATCH.selector, ref=P(lambda r: r in ("enchanted", "equipped")),
                 source=MATCH.source),
        GameObject(id=MATCH.source, attached_to=MATCH.host),
        TEST(lambda host: host != ""),
        id="selectors.attached",
        cites=("CR 303.4", "CR 301.5"),
        because="{source} is attached to {host}, which its ability names",
    )
    def sel_attached(self, selector, host):
        return Selects(selector=selector, object=host)

    @rule(
        Selector(id=MATCH.selector, ref="you", source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.you),
        id="selectors.you",
        cites=("CR 109.5",),
        because="'you' in an ability means its controller, {you}",
    )
    def sel_you(self, selector, you):
        return Selects(selector=selector, object=you)

    @rule(
        Selector(id=MATCH.selector, ref=P(lambda r: r in OPPONENTS), source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.you),
        Opponent(player=MATCH.player, of=MATCH.you),
        Player(name=MATCH.player, left_game=False),
        id="selectors.opponent",
        cites=("CR 102.2", "CR 109.5"),
        because="{player} is an opponent of {you}, who controls {source}",
    )
    def sel_opponent(self, selector, player):
        return Selects(selector=selector, object=player)

    @rule(
        Selector(id=MATCH.selector, ref=P(lambda r: r in ALL_PLAYERS)),
        Player(name=MATCH.player, left_game=False),
        id="selectors.player",
        cites=("CR 102.1",),
        because="{player} is a player in the game",
    )
    def sel_player(self, selector, player):
        return Selects(selector=selector, object=player)

    @rule(
        Selector(id=MATCH.selector, ref="active_player"),
        Turn(active=MATCH.player),
        id="selectors.active-player",
        cites=("CR 102.1",),
        because="it is {player}'s turn",
    )
    def sel_active(self, selector, player):
        return Selects(selector=selector, object=player)


__all__ = ["Rules"]
