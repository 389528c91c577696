"""Areas of the Oracle grammar, one per family of card text (planeswalkers, auras, …).

Each area is two files with the same name:

- ``<area>.lark``: its own rules, and ``%extend rule: …`` lines that add its phrases as
  alternatives of the core grammar's rules (oracle.lark). The compiler joins oracle.lark and
  every area's grammar, in the order of their names.
- ``<area>.py``: one class whose name ends in ``Emitter``; its methods, named like the area's
  grammar rules, become the Emitter's (emit.py). Two areas, or an area and the core, defining
  the same method is an error at import, so a merge can't silently drop one.

An area touches no shared file: adding one is adding its two files (docs/oracle.md).

An area's ``.py`` may also offer a pass over a card's ability lines, for lines that belong
together (a leveler's level band, a Saga's chapters, a Class's levels): a module-level
function ``group_lines(items, spell)``. ``items`` are the card's lines in printed order, each
an ``AbilityText`` (text.py) not compiled yet or a ``Note`` (compiler.py) an earlier pass
made; ``spell`` says the card is an instant or sorcery. It yields the same lines in the same
order: the ones it groups as Notes it made (``compiler.compile_ability`` compiles one line),
every other item unchanged. The compiler runs every area's pass in the areas' order, each
over what the one before yielded, then compiles each line still left on its own
(``line_passes`` below finds them, as ``emitters`` finds the Emitter classes).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any


def names() -> list[str]:
    """The areas, in a fixed order (their names)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def grammar() -> str:
    """Every area's grammar, joined in order (an area with no .lark adds nothing)."""
    parts = []
    for name in names():
        path = resources.files(__name__).joinpath(f"{name}.lark")
        if path.is_file():
            parts.append(f"// ==== area {name} ====\n{path.read_text()}")
    return "\n".join(parts)


def emitters() -> list[tuple[str, type]]:
    """(area, class) for every class named *Emitter that an area module defines."""
    found = []
    for name in names():
        module = importlib.import_module(f"{__name__}.{name}")
        for attr, value in sorted(vars(module).items()):
            if (isinstance(value, type) and attr.endswith("Emitter")
                    and value.__module__ == module.__name__):
                found.append((name, value))
    return found


#: the name of an area's pass over a card's ability lines (the docstring above)
LINE_PASS = "group_lines"


@functools.cache
def line_passes() -> list[tuple[str, Callable[..., Iterator[Any]]]]:
    """(area, its `group_lines`) for every area module that defines one, in the areas'
    order."""
    found = []
    for name in names():
        module = importlib.import_module(f"{__name__}.{name}")
        function = vars(module).get(LINE_PASS)
        if callable(function):
            found.append((name, function))
    return found
