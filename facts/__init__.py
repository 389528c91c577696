"""The fact vocabulary: what a situation is made of, and the words of situation and card files.

Every module of this package is imported here, which registers its words (facts.vocabulary);
adding a module adds its words. facts.situation reads situation files with them.
"""

import importlib
import pkgutil

#: modules that are machinery, not vocabulary
_MACHINERY = {"vocabulary", "errors", "located", "cards", "situation", "schema", "match", "lowering"}

VOCABULARY_MODULES = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in _MACHINERY)
)
for _name in VOCABULARY_MODULES:
    importlib.import_module(f"{__name__}.{_name}")
