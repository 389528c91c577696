"""`rulings check --generate`: valid, deterministic situations; crashes, contradictions and
bound hits reported with a replayable file."""

from __future__ import annotations

import yaml

from rulings.batch import generated_tasks, run_tasks
from rulings.cli import main
from rulings.facts.situation import from_data
from rulings.generate import Known, generate, situation

FOREST = [Known("Forest", 1)]


def test_the_same_seed_gives_the_same_situations():
    assert generate(30, seed=5) == generate(30, seed=5)
    assert generate(30, seed=5) != generate(30, seed=6)
    assert generate(30, seed=5)[7][1] == situation(5, 7)


def test_every_generated_situation_loads():
    for name, data in generate(300, seed=11):
        from_data(data, name)  # raises InputError with every problem if not


def test_generated_situations_use_only_registered_event_words():
    from rulings.facts.vocabulary import WORDS

    events = {next(iter(data["event"])) for _, data in generate(200, seed=3)}
    assert events <= set(WORDS["event"])
    assert len(events) > 1


def _activating() -> list:
    """Generated situations that activate an ability (what the seeded fixtures react to),
    whatever the number of event words the vocabulary has."""
    return [g for g in generate(400, seed=1, cards=FOREST) if "activate" in g[1]["event"]][:5]


def test_crashes_are_reported_with_a_traceback(spec):
    records = run_tasks(generated_tasks(_activating()), jobs=1, engine_spec=spec("Crashing"))
    crashed = [r for r in records if any(d.kind == "crash" for d in r.differences)]
    assert crashed
    crash = next(d for d in crashed[0].differences if d.kind == "crash")
    assert "ZeroDivisionError: seeded crash" in crash.message
    assert any("seeded crash" in line for line in crash.reasons)


def test_bound_hits_are_reported(spec):
    records = run_tasks(generated_tasks(_activating(), max_firings=50),
                        jobs=1, engine_spec=spec("Runaway"))
    assert any(d.kind == "incomplete" for r in records for d in r.differences)


def test_the_command_writes_each_problem_as_a_replayable_file(capsys, tmp_path, spec):
    out = tmp_path / "generated"
    code = main(["check", "--generate", "200", "--seed", "3", "--out", str(out), "--jobs", "1",
                 "--engine", spec("Contradicting")])
    text = capsys.readouterr().out
    assert code == 1
    assert "two rulings that can't both hold" in text
    assert text.splitlines()[-1].endswith(" failed")
    written = sorted(out.glob("*.yaml"))
    assert written
    data = yaml.safe_load(written[0].read_text(encoding="utf-8"))
    assert "event" in data and "players" in data
    # replayable: `rulings ask FILE` reads it (with the repository's knowledge)
    assert main(["ask", str(written[0])]) in (0, 3)


def test_the_command_is_deterministic_for_a_seed(capsys, tmp_path, spec):
    runs = []
    for jobs in ("1", "2"):
        main(["check", "--generate", "30", "--seed", "9", "--out", str(tmp_path / jobs),
              "--jobs", jobs, "--engine", spec("Contradicting"), "--json"])
        report = capsys.readouterr().out
        runs.append(report.replace(str(tmp_path / jobs), "<out>"))
    assert runs[0] == runs[1]


def test_drawn_tasks_are_the_generated_situations():
    """`rulings check --generate` lets each worker draw its own situations: the same data,
    under the same names, and the same records as situations drawn up front."""
    from rulings.batch import drawn_tasks

    drawn = run_tasks(drawn_tasks(12, seed=4), jobs=1)
    given = run_tasks(generated_tasks(generate(12, seed=4)), jobs=1)
    assert [(r.file, r.situation, r.status, r.fired, r.differences) for r in drawn] == [
        (r.file, r.situation, r.status, r.fired, r.differences) for r in given]
