"""Card slugs: the one rule lives in rulings.facts.slugs (card files, citations and imported
data all slug names the same way)."""

from rulings.facts.slugs import slugify

__all__ = ["slugify"]
