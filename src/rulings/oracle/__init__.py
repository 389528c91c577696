"""Cards by name: Oracle text compiled into the effect language (docs/oracle.md)."""

from rulings.oracle.compiler import Compiled, Note, compile_card, shape

__all__ = ["Compiled", "Note", "compile_card", "shape"]
