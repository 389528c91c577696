"""mtg-rulings: explained, cited Magic: The Gathering rulings.

    from rulings import ask
    answer = ask("examples/reflecting-pool.yaml")   # or a dict in the situation format
    for ruling in answer["rulings"]:
        print(ruling["text"], ruling["cites"])
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def ask(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """See rulings.api.ask. Imported lazily so that `import rulings` stays cheap."""
    from rulings.api import ask as _ask

    return _ask(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name in ("InputError", "Problem"):
        from rulings.facts import errors

        return getattr(errors, name)
    if name == "Situation":
        from rulings.facts.situation import Situation

        return Situation
    raise AttributeError(name)


__all__ = ["ask", "InputError", "Problem", "Situation", "__version__"]
