"""Snapshots: the compiled form of a few hundred real cards spread over every card type,
checked in under snapshots/ (our generated data only: an unparsed ability keeps its gap, not
its text), so that a grammar change shows as a diff. After a deliberate change:
UPDATE_SNAPSHOTS=1 pytest tests/oracle/test_snapshots.py, then review the diff."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings.oracle import compile_card
from rulings.reference.slugs import slugify

SNAPSHOTS = Path(__file__).with_name("snapshots")
PER_TYPE = 40  # cards per card type (fewer when the pool has fewer)
TYPES = ("creature", "instant", "sorcery", "enchantment", "artifact", "land",
         "planeswalker", "kindred")


#: one or two real cards for each templated shape added by hand, so its compiled form is
#: checked in as well (snapshots/shapes.yaml)
SHAPES = (
    "Bloodrock Cyclops", "Goblin Assault", "Spirespine",             # attack/block if able
    "Samite Healer", "Alabaster Potion",                             # prevent the next N
    "Goblin Warchief", "Thalia, Guardian of Thraben", "Baral, Chief of Compliance",
    "Frogtosser Banneret",                                           # cost changes
    "Coldsteel Heart", "Quirion Elves",                              # as it enters, choose
    "Lotus Bloom", "Rising Miasma", "Burrenton Bombardier",          # suspend/awaken/reinforce
    "Cryptolith Rite", "Quicksilver Dagger", "Crypt Sliver",         # quoted abilities
    "Crusader of Odric", "Maro", "Dakmor Sorceress",                 # counted P/T (CDA)
    "Cagemail",                                                      # a bonus and a can't
    "Blanchwood Armor", "Cranial Plating",                           # a bonus for each
    "Squadron Hawk", "Reverberate", "Annul",                         # named ~; copy; X or Y spell
    "Manglehorn", "Evacuation",                                      # enter tapped; owners' hands
    "Mindlock Orb", "Stranglehold", "Leonin Arbiter",                # search hosers
    "Aven Mindcensor", "Worldly Tutor",                              # top N instead; "the card"
    "Mana Reflection", "Nyxbloom Ancient",                           # mana doubled; tripled (not)
    "Farseek", "Mana Severance",                                     # land-type series; any number
    "Bribery", "Bitter Ordeal",                                      # a target player's library
    "Bog Wraith", "Dauthi Slayer", "Severed Legion", "Furtive Homunculus",  # evasion keywords
    "Shu Cavalry", "Monastery Swiftspear", "Miscalculation", "Devoted Retainer",
    "Silumgar Butcher", "Hellspark Elemental", "Slitherhead", "Bone Saw",  # keyword abilities
    "Ainok Bond-Kin", "Ministrant of Obligation",
    # replacement and prevention effects (issue 21)
    "Hardened Scales", "Doubling Season", "Rest in Peace", "Leyline of the Void",
    "Sacred Foundry", "Clifftop Retreat", "Necropotence", "Alhammarret's Archive",
    "Furnace of Rath", "Fiery Emancipation",
    "Thraben Inspector", "Contagion Clasp", "Raffine's Informant",     # keyword actions
    "Polukranos, World Eater", "Sharktocrab", "Trostani's Judgment", "Merfolk Branchwalker",
    "Pir, Imaginative Rascal",                                        # partner with
    # effects and triggers, session 4: where X is; for each; triggers on other objects;
    # "~ or another"; an intervening if; "other than ~"; "it" after a token (not read)
    "Nissa, Voice of Zendikar", "Gruul Beastmaster", "Erratic Cyclops", "Siani, Eye of the Storm",
    "Peach Garden Oath", "Hunger of the Nim", "Angelic Captain", "Blighted Steppe",
    "Sword of the Animist", "Brink of Disaster", "Caltrops", "Gideon's Avenger",
    "Shattered Angel", "Forgeborn Oreads", "Selhoff Occultist", "Blood Artist",
    "Slaughterhouse Bouncer", "Sergeant-at-Arms", "Admonition Angel", "Ancestral Blade",
    "Leyline Invocation", "Dying Wish", "Bone Shredder", "Street Spasm",
    "Kinsbaile Balloonist", "Inferno Jet", "Fangren Marauder", "Kithkin Mourncaller",
    "Brawl-Bash Ogre", "Vermin Gorger", "Triumph of the Hordes", "Chainbreaker",
    "Arm the Cathars", "Ephemerate", "Flickerwisp", "Ruthless Deathfang", "Reckless Ogre",
    "Battlegrace Angel", "Havoc Jester", "Swelter", "Markov Waltzer", "Fell Specter",
    "Mistmeadow Witch", "Ashen Powder",
    # statics, costs, loyalty (session 4)
    "Ascending Aven", "Air Bladder",                                  # can block only …
    "Ashenmoor Cohort", "Bringer of the Blue Dawn",                   # another; pay {M} rather
    "Basalt Monolith", "Paralyze", "Arena of the Ancients", "Amber Prison",  # untap step
    "Alaborn Veteran", "Augur il-Vec", "Jade Statue",                # activate only during
    "Blackcleave Cliffs", "Canopy Vista", "Ardent Recruit", "Blood Burglar",  # counted; turn
    "Platinum Angel",                                                 # can't lose the game
    "Mystic Enforcer", "Krosan Beast",                                # threshold
    "Luxury Suite",                                                   # two or more opponents
)


#: the cards the precision audits (docs/oracle-audit.md) found compiled wrongly, and a card
#: or two more of each class, after the fix (snapshots/audit.yaml)
AUDITED = (
    "Emperor's Vanguard", "Cazur, Ruthless Stalker", "Haunted Cadaver",  # "it" after combat
    "Brood Sliver", "Hakka, Whispering Raven",                          # damage to a player
    "Goblin Racketeer", "Jangling Automaton",                           # defending player
    "Kamber, the Plunderer",                                            # a partner's name
    "Frantic Search", "Kor Skyfisher", "Barter in Blood", "Death Cloud",  # chosen, not all
    "Tidal Wave", "Ancestral Blade", "Grip of Phyresis",                # "it": the token
    "Enslave", "Wellspring",                                            # "it": enchanted
    "Thundermaw Hellkite", "Tenacity", "Doomgape",                      # "those creatures"
    "Aether Mutation", "Murder Investigation", "Entrapment Maneuver",   # X of the token made
    "Restoration Angel", "Wispweaver Angel",                            # "you may X, then Y"
)


def chosen(pool: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """A fixed spread: per main card type, the names with the smallest hashes."""
    groups: dict[str, list[str]] = {t: [] for t in TYPES}
    for name, fields in pool.items():
        main = (fields["type_line"] or "").split("—")[0].lower().replace("tribal", "kindred")
        for t in reversed(TYPES):  # the rarer type decides: an artifact creature is artifact
            if t in main.split():
                groups[t].append(name)
                break
    out = {t: sorted(names, key=_order)[:PER_TYPE] for t, names in groups.items()}
    out["shapes"] = [n for n in SHAPES if n in pool]
    out["audit"] = [n for n in AUDITED if n in pool]
    for listed in sorted(SHAPE_LISTS.glob("*.txt")):
        out[listed.stem] = [n for n in _names(listed) if n in pool]
    return out


#: more shapes, a file per grammar area: one card name per line ("#" starts a comment);
#: snapshots/<file name>.yaml holds their compiled forms
SHAPE_LISTS = Path(__file__).with_name("shapes")


def _names(path: Path) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def _order(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def snapshot(fields: dict[str, Any]) -> dict[str, Any]:
    compiled = compile_card(fields)
    card = dict(compiled.card)
    card["abilities"] = [
        {"unparsed": {"gap": a["unparsed"]["gap"]}} if "unparsed" in a else a
        for a in card["abilities"]]
    if compiled.problems:
        card["problems"] = compiled.problems
    return card


#: one test per snapshot file, so an area's own can be checked or updated alone:
#: UPDATE_SNAPSHOTS=1 pytest tests/oracle/test_snapshots.py -k auras
KINDS = [*TYPES, "shapes", "audit", *sorted(p.stem for p in SHAPE_LISTS.glob("*.txt"))]
_CHOSEN: dict[int, dict[str, list[str]]] = {}


@pytest.mark.parametrize("kind", KINDS)
def test_snapshots(pool, kind):
    if id(pool) not in _CHOSEN:  # the spread is drawn once for all the files
        _CHOSEN[id(pool)] = chosen(pool)
    names = _CHOSEN[id(pool)][kind]
    now = {slugify(n): snapshot(pool[n]) for n in names}
    path = SNAPSHOTS / f"{kind}.yaml"
    if os.environ.get("UPDATE_SNAPSHOTS"):
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(yaml.safe_dump(now, sort_keys=False, allow_unicode=True, width=100),
                        encoding="utf-8")
        return
    before = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    differ = [f"{kind}/{slug}" for slug in sorted(set(now) | set(before))
              if now.get(slug) != before.get(slug)]
    assert not differ, f"compiled forms changed (review, then UPDATE_SNAPSHOTS=1): {differ}"


def test_every_snapshot_file_has_its_list() -> None:
    # a snapshot whose shapes file was removed or renamed would never be checked again
    assert sorted(p.stem for p in SNAPSHOTS.glob("*.yaml")) == sorted(KINDS)
