"""Facts that more than one topic reads: kept here so that topics meet on one definition."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, slot, word


class NotedName(GameFact):
    """A card name a player noted while drafting (derived by the draft rules, CR 905.2);
    `for_card` is the card whose draft text had it noted, e.g. Aether Searcher."""

    slots = {
        "player": slot(str, ref="player"),
        "name": slot(str),
        "for_card": slot(str),
    }
    reads = "{player} noted the name {name} while drafting {for_card}"


@word("effect", "may_play")
class MayPlay(GameFact):
    """A lasting permission: `player` may play `object` (e.g. a card exiled by an effect),
    perhaps with mana of any type able to pay for its colored symbols."""

    slots = {
        "player": slot(str, ref="player"),
        "object": slot(str, ref="object"),
        "source": slot(str, "", ref="object", doc="the permanent whose effect gives it"),
        "any_color_mana": slot(bool, False),
    }
    reads = "{player} may play {object}"
