"""The grammar's areas (rulings/oracle/areas): each area adds its phrases without touching a
shared file, and a method two areas both define is refused instead of one silently winning."""

from __future__ import annotations

from importlib import resources

import pytest

from rulings.oracle import areas, compiler, emit


def test_every_area_has_its_emitter_and_is_in_the_grammar() -> None:
    folder = resources.files("rulings.oracle.areas")
    for name in areas.names():
        if folder.joinpath(f"{name}.lark").is_file():
            assert f"// ==== area {name} ====" in areas.grammar()
            assert any(area == name for area, _ in areas.emitters()), name
    # the parser is built from the core grammar and the areas together
    assert compiler.parser() is not None


def test_a_method_defined_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class FirstEmitter:
        def some_rule(self, _: list[object]) -> None: ...

    class SecondEmitter:
        def some_rule(self, _: list[object]) -> None: ...

    monkeypatch.setattr(areas, "emitters", lambda: [("first", FirstEmitter),
                                                    ("second", SecondEmitter)])
    try:
        with pytest.raises(RuntimeError, match="'second' defines 'some_rule'.*'first'"):
            emit._mix_in_areas()
    finally:
        delattr(emit.Emitter, "some_rule")  # the first area's method, mixed in before


def test_a_method_the_core_defines_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class ClashEmitter:
        def _target(self) -> None: ...

    monkeypatch.setattr(areas, "emitters", lambda: [("clash", ClashEmitter)])
    with pytest.raises(RuntimeError, match="the core emitter"):
        emit._mix_in_areas()
