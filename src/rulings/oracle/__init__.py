"""Cards by name: Oracle text compiled into the effect language (docs/oracle.md)."""

from __future__ import annotations

from typing import Any

__all__ = ["Compiled", "Note", "compile_card", "shape"]


def __getattr__(name: str) -> Any:
    # the compiler (and lark) loads only when a card is compiled: answering a question about
    # known cards never needs it
    if name in __all__:
        from rulings.oracle import compiler

        return getattr(compiler, name)
    raise AttributeError(name)
