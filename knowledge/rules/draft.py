"""CR 905.2 draft abilities of the Conspiracy Draft: a card that has its drafter reveal it and
note the name of the next card they draft (CR 905.2b). The next card is the next pick of the
same round, or the first pick of the next round after a round's last pick; after the last
pick of the draft there is none. The notes belong to the player who drafted (CR 108.3: not
the owner of a card that later enters under someone else's control)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import (
    Casting,
    DraftFormat,
    DraftNoteNextPick,
    DraftNotes,
    DraftShape,
    NextPick,
    NoteRecord,
    Pick,
)
from rulings.facts.errors import InputError
from rulings.facts.game import Ability, GameObject
from rulings.facts.lowering import lower
from rulings.facts.resolution import SearchStep
from rulings.facts.rulings import Ruling
from rulings.facts.shared import NotedName
from rulings.knowledge import catalog

TOPIC = "CR 905.2 Draft abilities (Conspiracy Draft)"


def _card_file_notes_next_pick(card: str) -> bool:
    try:
        definition = catalog.card(card)
    except InputError:
        return False
    return definition is not None and any(
        isinstance(f, DraftNoteNextPick) for f in lower(definition, definition.slug).facts
    )


def canonical_name(name: str) -> str:
    """The name as its card file writes it, when the knowledge base knows the card."""
    try:
        definition = catalog.card(name)
    except InputError:
        return name
    return definition.name if definition is not None else name


def _valid(round_: int, pick: int, rounds: int, picks: int) -> bool:
    return 1 <= round_ <= rounds and 1 <= pick <= picks


class Rules:
    # -- the draft's shape ---------------------------------------------------------------------

    @rule(
        DraftFormat(rounds=MATCH.rounds, picks_per_round=MATCH.picks),
        id="draft.format-given",
        cites=("CR 905.1",),
        because="the draft record says the draft had {rounds} rounds of {picks} picks",
    )
    def draft_format_given(self, rounds, picks):
        return DraftShape(rounds=rounds, picks_per_round=picks)

    @rule(
        Pick(),
        NOT(DraftFormat()),
        id="draft.format-default",
        cites=("CR 905.1",),
        because="the record doesn't give the draft's format, so it is taken to be a "
                "Conspiracy draft: three rounds, fifteen-card boosters",
        absent=("the draft record gives no number of rounds or picks",),
    )
    def draft_format_default(self):
        return DraftShape(rounds=3, picks_per_round=15)

    # -- which drafted cards have the ability -------------------------------------------------

    @rule(
        Pick(card=MATCH.card),
        TEST(lambda card: _card_file_notes_next_pick(card)),
        id="draft.card-file-ability",
        cites=("CR 905.2b",),
        because="the knowledge base's card file for {card} gives it the draft ability: "
                "reveal it as drafted, then reveal the next card drafted and note its name",
    )
    def draft_card_file_ability(self, card):
        return DraftNotes(card=card)

    @rule(
        Pick(card=MATCH.card),
        GameObject(id=MATCH.object, name=MATCH.card),
        DraftNoteNextPick(source=MATCH.object),
        id="draft.described-ability",
        cites=("CR 905.2b",),
        because="{card}, as described in this situation, has the draft ability: reveal it as "
                "drafted, then reveal the next card drafted and note its name",
    )
    def draft_described_ability(self, card):
        return DraftNotes(card=card)

    # -- the bad records -----------------------------------------------------------------------

    @rule(
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.card),
        DraftShape(rounds=MATCH.rounds, picks_per_round=MATCH.picks),
        TEST(lambda round, pick, rounds, picks: not _valid(round, pick, rounds, picks)),
        id="draft.impossible-pick",
        cites=("CR 905.1",),
        because="the draft had rounds 1 to {rounds} with picks 1 to {picks} each, so there "
                "is no pick {pick} of round {round}; this record is ignored",
        says="the draft record can't be right: {player} can't have drafted {card} as pick "
             "{pick} of round {round}",
    )
    def draft_impossible_pick(self, player, round, pick, card):
        return Ruling(about=f"draft.{player}.r{round}.p{pick}.impossible", subject=player,
                      verdict="can't", action=f"have drafted {card} as pick {pick} of round "
                                               f"{round}")

    @rule(
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.card),
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.other),
        TEST(lambda card, other: card < other),
        id="draft.two-cards-one-pick",
        cites=("CR 905.1",),
        because="each pick is one card, yet the record gives {player} both {card} and "
                "{other} as pick {pick} of round {round}",
        says="the draft record can't be right: {player} can't have drafted both {card} and "
             "{other} as pick {pick} of round {round}",
    )
    def draft_two_cards_one_pick(self, player, round, pick, card, other):
        return Ruling(about=f"draft.{player}.r{round}.p{pick}.twice", subject=player,
                      verdict="can't", action=f"have drafted two cards as pick {pick} of "
                                               f"round {round}")

    # -- which pick is noted ------------------------------------------------------------------

    @rule(
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.card),
        DraftNotes(card=MATCH.card),
        DraftShape(rounds=MATCH.rounds, picks_per_round=MATCH.picks),
        TEST(lambda round, pick, rounds, picks:
             _valid(round, pick, rounds, picks) and pick < picks),
        id="draft.next-pick-same-round",
        cites=("CR 905.2b",),
        because="{player} drafted {card} as pick {pick} of round {round}, and the next card "
                "they draft is the next pick of the same round",
    )
    def draft_next_same_round(self, player, round, pick, card):
        return NextPick(player=player, card=card, round=round, pick=pick, next_round=round,
                        next_pick=pick + 1)

    @rule(
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.card),
        DraftNotes(card=MATCH.card),
        DraftShape(rounds=MATCH.rounds, picks_per_round=MATCH.pick),
        TEST(lambda round, rounds: 1 <= round < rounds),
        id="draft.next-pick-next-round",
        cites=("CR 905.2b",),
        because="{card} was {player}'s last pick (pick {pick}) of round {round}, which is not "
                "the draft's last round, so the next card they draft is the first pick of "
                "the next round",
    )
    def draft_next_round(self, player, round, pick, card):
        return NextPick(player=player, card=card, round=round, pick=pick,
                        next_round=round + 1, next_pick=1)

    @rule(
        Pick(player=MATCH.player, round=MATCH.round, pick=MATCH.pick, card=MATCH.card),
        DraftNotes(card=MATCH.card),
        DraftShape(rounds=MATCH.round, picks_per_round=MATCH.pick),
        id="draft.last-pick-of-draft",
        cites=("CR 905.2b",),
        because="{card} was the very last card {player} drafted (pick {pick} of round "
                "{round}, the last round), so no card is drafted after it and no name is "
                "noted for it",
        says="{player} notes no name for the {card} drafted last",
    )
    def draft_last_pick(self, player, round, pick, card):
        return Ruling(about=f"draft.{player}.r{round}.p{pick}.note", subject=player,
                      verdict="can't", action=f"note a name for {card}")

    @rule(
        NextPick(player=MATCH.player, card=MATCH.card, round=MATCH.round, pick=MATCH.pick,
                 next_round=MATCH.next_round, next_pick=MATCH.next_pick),
        Pick(player=MATCH.player, round=MATCH.next_round, pick=MATCH.next_pick,
             card=MATCH.noted),
        id="draft.note-next-pick",
        cites=("CR 905.2b",),
        because="{player} reveals {card} as they draft it, then reveals the next card they "
                "draft, {noted} (round {next_round}, pick {next_pick}), and notes its name; "
                "the note is {player}'s, whoever later owns or controls the cards",
        says="{player} must reveal {noted} and note its name for {card}",
    )
    def draft_note_next_pick(self, player, card, round, pick, noted):
        return [
            NotedName(player=player, name=canonical_name(noted), for_card=canonical_name(card)),
            Ruling(about=f"draft.{player}.r{round}.p{pick}.note", subject=player,
                   verdict="must", action=f"note the name {noted}"),
        ]

    @rule(
        NextPick(player=MATCH.player, card=MATCH.card, round=MATCH.round, pick=MATCH.pick,
                 next_round=MATCH.next_round, next_pick=MATCH.next_pick),
        NOT(Pick(player=MATCH.player, round=MATCH.next_round, pick=MATCH.next_pick)),
        id="draft.next-pick-unrecorded",
        cites=("CR 905.2b",),
        because="the record doesn't say which card {player} drafted as pick {next_pick} of "
                "round {next_round}, the card whose name is noted for {card}",
        absent=("the draft record has no pick {next_pick} of round {next_round} for "
                "{player}",),
        says="{player} must note the name of the card drafted as pick {next_pick} of round "
             "{next_round} (not in the record)",
    )
    def draft_next_pick_unrecorded(self, player, round, pick, next_round, next_pick):
        return Ruling(about=f"draft.{player}.r{round}.p{pick}.note", subject=player,
                      verdict="must", action=f"note the name of pick {next_pick} of round "
                                             f"{next_round}")

    @rule(
        NoteRecord(player=MATCH.player, name=MATCH.name, for_card=MATCH.for_card),
        id="draft.noted-record",
        cites=("CR 905.2b",),
        because="the draft record says {player} noted {name} while drafting {for_card}",
    )
    def draft_noted_record(self, player, name, for_card):
        return NotedName(player=player, name=canonical_name(name),
                         for_card=canonical_name(for_card))

    # -- whose notes count in the game ---------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        SearchStep(ability=MATCH.ability, noted_for=MATCH.noted_for),
        TEST(lambda noted_for: noted_for != ""),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, owner=MATCH.owner, controller=MATCH.player),
        TEST(lambda owner, player: owner != player),
        GameObject(id=MATCH.card, name=MATCH.name),
        NotedName(player=MATCH.owner, name=MATCH.name, for_card=MATCH.noted_for),
        NOT(NotedName(player=MATCH.player, name=MATCH.name, for_card=MATCH.noted_for)),
        id="draft.controller-notes-count",
        cites=("CR 905.2b", "CR 108.3"),
        because="{owner} owns {source} but {player} controls it and its ability, which looks "
                "for names its controller noted while drafting a card named {noted_for}; "
                "{owner} noted {name}, {player} didn't, and owning the card gives {player} "
                "nothing of {owner}'s notes",
        absent=("{player} did not note the name {name} while drafting a card named "
                "{noted_for}",),
        says="{player} can't use the name {name} that {owner} noted",
    )
    def draft_controller_notes_count(self, card, player, owner, name):
        return Ruling(about=f"{card}.cast.owner-notes", subject=player, verdict="can't",
                      action=f"use the name {name} noted by {owner}")
