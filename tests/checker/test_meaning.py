"""The contradiction detector compares meaning, not only ids and exact words: one seeded pair
of each kind (and a near miss of each) — the faults it must catch are those a rule that fires
without its whole premise produces."""

from __future__ import annotations

from rulings.cases import contradictions, core_action


def ruling(rid, subject, verdict, action, happen=(), skipped=()):
    statement = {"subject": subject, "verdict": verdict, "action": action}
    if happen:
        statement["happen"] = list(happen)
    if skipped:
        statement["skipped"] = list(skipped)
    return {"id": rid, "rule": rid.split("/")[0], "statement": statement,
            "text": f"{subject} {verdict} {action}.", "because": "", "cites": [],
            "justification": {"fact": ""}}


def answer(*rulings):
    return {"rulings": list(rulings), "complete": True}


# -- "X happens" against "nothing is cast" / "no shuffle" ------------------------------------

ORDER = ruling("resolution.cast-before-shuffle/a.2.order", "the cast", "happens",
               "before the shuffle", happen=["a.2.s2", "a.2.s3"])


def test_an_ordering_against_nothing_cast_is_a_contradiction():
    nothing = ruling("resolution.cast-nothing/a.2.s2.nothing", "nothing", "doesn't happen",
                     "is cast", skipped=["a.2.s2"])
    found = contradictions(answer(ORDER, nothing))
    assert len(found) == 1 and "a.2.s2" in found[0].message()


def test_an_ordering_against_no_shuffle_is_a_contradiction():
    no_shuffle = ruling("shuffling.library-not-searched/a.2.s3.shuffle", "Alice",
                        "doesn't happen", "shuffle Alice's library", skipped=["a.2.s3"])
    assert contradictions(answer(ORDER, no_shuffle))


def test_a_skipped_step_of_another_ability_is_no_contradiction():
    other = ruling("resolution.cast-nothing/b.1.s2.nothing", "nothing", "doesn't happen",
                   "is cast", skipped=["b.1.s2"])
    assert not contradictions(answer(ORDER, other))


# -- "may" against "can't" for the same player, action and object ----------------------------

def test_may_cast_against_cant_cast_the_same_card_is_a_contradiction():
    may = ruling("resolution.cast-found/a.2.s2.forest", "Alice", "may",
                 "cast Forest without paying its mana cost")
    cant = ruling("casting.land-not-cast-while-resolving/forest.cast.land", "Alice", "can't",
                  "cast Forest")
    found = contradictions(answer(may, cant))
    assert len(found) == 1 and "said both ways" in found[0].message()


def test_may_and_cant_for_another_player_or_card_are_no_contradiction():
    may = ruling("r/1", "Alice", "may", "cast Forest without paying its mana cost")
    assert not contradictions(answer(may, ruling("r/2", "Bob", "can't", "cast Forest")))
    assert not contradictions(answer(may, ruling("r/3", "Alice", "can't", "cast Island")))
    assert not contradictions(answer(may, ruling("r/4", "Alice", "can't", "play Forest")))


# -- a ruling that depends on a step another ruling says is skipped ---------------------------

def test_a_ruling_resting_on_a_skipped_search_is_a_contradiction():
    finds = ruling("searching.search/a.1.s1.search", "Bob", "happens", "their own library",
                   happen=["a.1.s1"])
    barred = ruling("cant.search-prohibited/a.1.s1.search", "Bob", "can't",
                    "search their own library", skipped=["a.1.s1"])
    assert contradictions(answer(finds, barred))


def test_the_core_of_an_action_drops_only_how_and_when():
    assert core_action("cast Forest (nor play it) through X's ability 2") == "cast forest"
    assert core_action("cast Shock now") == "cast shock"
    assert core_action("search their own library") == "search their own library"


# -- the whole checker, on a knowledge base seeded with such rules ------------------------------

def test_rulings_check_reports_contradictions_of_meaning(fixtures, spec):
    from rulings.batch import case_tasks, run_tasks

    records = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"]), jobs=1,
                        engine_spec=spec("MeaningContradicting"))
    found = [d.message for r in records for d in r.differences if d.kind == "contradiction"]
    assert any("said both ways" in m for m in found), found
    assert any("the other says it doesn't happen" in m for m in found), found


def test_the_clean_fixture_has_no_contradiction_of_meaning(fixtures, spec):
    from rulings.batch import case_tasks, run_tasks

    records = run_tasks(case_tasks([fixtures / "cases" / "good.yaml"]), jobs=1,
                        engine_spec=spec("Clean"))
    assert not [d for r in records for d in r.differences if d.kind == "contradiction"]
