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
        # impulse: how long it lasts (CR 611.2); a sequence of events ends it then
        # (src/rulings/sequence.py); "" is for as long as the card stays where it is
        "duration": slot(str, "", choices=("", "until_end_of_turn", "this_turn",
                                           "until_end_of_your_next_turn"),
                         doc="how long it lasts: until_end_of_turn and this_turn end in "
                             "this turn's cleanup step, until_end_of_your_next_turn in the "
                             "cleanup step of the player's next turn (CR 611.2)"),
    }
    reads = "{player} may play {object}"

    def describe(self, name):  # type: ignore[no-untyped-def]
        lasts = {"until_end_of_turn": " until end of turn", "this_turn": " this turn",
                 "until_end_of_your_next_turn": " until the end of their next turn"}.get(
            self["duration"], "")
        by = f" (an effect of {name(self['source'])})" if self["source"] else ""
        return f"{name(self['player'])} may play {name(self['object'])}{lasts}{by}"
