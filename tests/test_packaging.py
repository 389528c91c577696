"""The hand-written package list of pyproject.toml misses no package of the repository."""

from __future__ import annotations

import tomllib

from .conftest import REPO


def test_every_package_is_listed():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    mapping = config["package-dir"]
    found = set()
    for package, folder in mapping.items():
        root = REPO / folder
        for init in root.rglob("__init__.py"):
            rel = init.parent.relative_to(root)
            found.add(".".join([package, *rel.parts]) if rel.parts else package)
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"


def test_card_files_ship_as_package_data():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "cards/*.yaml" in config["package-data"]["rulings.knowledge"]


def test_oracle_grammar_ships_as_package_data():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["rulings.oracle"]
    assert "*.lark" in data and "*.json" in data
    assert any(d.startswith("lark") for d in config["project"]["dependencies"])
