"""The catalog of keywords: every keyword action (CR 701) and keyword ability (CR 702) of the
CR edition the project knows, with how each is written in the card language, whether the
Oracle compiler reads it, and whether it is **modelled** (some rule reads it, per the
registry of facts/modelled.py) or **named** (accepted, or not even writable: an answer that
meets it says it was not taken into account).

The numbers and names are facts of the CR; `CR_EDITION` says which edition. A test compares
the list with the section titles of an imported CR, so a new edition shows what is new.

`rulings schema keywords` prints the catalog (docs/effect-language.md embeds it);
`rulings coverage --keywords` counts its words on a card pool. Nothing here decides what is
modelled: write the rule that reads a keyword (docs/effect-language.md, "Modelling a
keyword") and the catalog says so.
"""

from __future__ import annotations

from dataclasses import dataclass

CR_EDITION = "2026-04-17"

#: (CR number, section title) of every keyword action (701.2–) and keyword ability (702.2–)
SECTIONS: tuple[tuple[str, str], ...] = (
    ("701.2", "Activate"), ("701.3", "Attach"), ("701.4", "Behold"), ("701.5", "Cast"),
    ("701.6", "Counter"), ("701.7", "Create"), ("701.8", "Destroy"), ("701.9", "Discard"),
    ("701.10", "Double"), ("701.11", "Triple"), ("701.12", "Exchange"), ("701.13", "Exile"),
    ("701.14", "Fight"), ("701.15", "Goad"), ("701.16", "Investigate"), ("701.17", "Mill"),
    ("701.18", "Play"), ("701.19", "Regenerate"), ("701.20", "Reveal"),
    ("701.21", "Sacrifice"), ("701.22", "Scry"), ("701.23", "Search"), ("701.24", "Shuffle"),
    ("701.25", "Surveil"), ("701.26", "Tap and Untap"), ("701.27", "Transform"),
    ("701.28", "Convert"), ("701.29", "Fateseal"), ("701.30", "Clash"),
    ("701.31", "Planeswalk"), ("701.32", "Set in Motion"), ("701.33", "Abandon"),
    ("701.34", "Proliferate"), ("701.35", "Detain"), ("701.36", "Populate"),
    ("701.37", "Monstrosity"), ("701.38", "Vote"), ("701.39", "Bolster"),
    ("701.40", "Manifest"), ("701.41", "Support"), ("701.42", "Meld"), ("701.43", "Exert"),
    ("701.44", "Explore"), ("701.45", "Assemble"), ("701.46", "Adapt"), ("701.47", "Amass"),
    ("701.48", "Learn"), ("701.49", "Venture into the Dungeon"), ("701.50", "Connive"),
    ("701.51", "Open an Attraction"), ("701.52", "Roll to Visit Your Attractions"),
    ("701.53", "Incubate"), ("701.54", "The Ring Tempts You"),
    ("701.55", "Face a Villainous Choice"), ("701.56", "Time Travel"), ("701.57", "Discover"),
    ("701.58", "Cloak"), ("701.59", "Collect Evidence"), ("701.60", "Suspect"),
    ("701.61", "Forage"), ("701.62", "Manifest Dread"), ("701.63", "Endure"),
    ("701.64", "Harness"), ("701.65", "Airbend"), ("701.66", "Earthbend"),
    ("701.67", "Waterbend"), ("701.68", "Blight"), ("702.2", "Deathtouch"),
    ("702.3", "Defender"), ("702.4", "Double Strike"), ("702.5", "Enchant"),
    ("702.6", "Equip"), ("702.7", "First Strike"), ("702.8", "Flash"), ("702.9", "Flying"),
    ("702.10", "Haste"), ("702.11", "Hexproof"), ("702.12", "Indestructible"),
    ("702.13", "Intimidate"), ("702.14", "Landwalk"), ("702.15", "Lifelink"),
    ("702.16", "Protection"), ("702.17", "Reach"), ("702.18", "Shroud"), ("702.19", "Trample"),
    ("702.20", "Vigilance"), ("702.21", "Ward"), ("702.22", "Banding"), ("702.23", "Rampage"),
    ("702.24", "Cumulative Upkeep"), ("702.25", "Flanking"), ("702.26", "Phasing"),
    ("702.27", "Buyback"), ("702.28", "Shadow"), ("702.29", "Cycling"), ("702.30", "Echo"),
    ("702.31", "Horsemanship"), ("702.32", "Fading"), ("702.33", "Kicker"),
    ("702.34", "Flashback"), ("702.35", "Madness"), ("702.36", "Fear"), ("702.37", "Morph"),
    ("702.38", "Amplify"), ("702.39", "Provoke"), ("702.40", "Storm"), ("702.41", "Affinity"),
    ("702.42", "Entwine"), ("702.43", "Modular"), ("702.44", "Sunburst"),
    ("702.45", "Bushido"), ("702.46", "Soulshift"), ("702.47", "Splice"),
    ("702.48", "Offering"), ("702.49", "Ninjutsu"), ("702.50", "Epic"), ("702.51", "Convoke"),
    ("702.52", "Dredge"), ("702.53", "Transmute"), ("702.54", "Bloodthirst"),
    ("702.55", "Haunt"), ("702.56", "Replicate"), ("702.57", "Forecast"), ("702.58", "Graft"),
    ("702.59", "Recover"), ("702.60", "Ripple"), ("702.61", "Split Second"),
    ("702.62", "Suspend"), ("702.63", "Vanishing"), ("702.64", "Absorb"),
    ("702.65", "Aura Swap"), ("702.66", "Delve"), ("702.67", "Fortify"), ("702.68", "Frenzy"),
    ("702.69", "Gravestorm"), ("702.70", "Poisonous"), ("702.71", "Transfigure"),
    ("702.72", "Champion"), ("702.73", "Changeling"), ("702.74", "Evoke"),
    ("702.75", "Hideaway"), ("702.76", "Prowl"), ("702.77", "Reinforce"),
    ("702.78", "Conspire"), ("702.79", "Persist"), ("702.80", "Wither"), ("702.81", "Retrace"),
    ("702.82", "Devour"), ("702.83", "Exalted"), ("702.84", "Unearth"), ("702.85", "Cascade"),
    ("702.86", "Annihilator"), ("702.87", "Level Up"), ("702.88", "Rebound"),
    ("702.89", "Umbra Armor"), ("702.90", "Infect"), ("702.91", "Battle Cry"),
    ("702.92", "Living Weapon"), ("702.93", "Undying"), ("702.94", "Miracle"),
    ("702.95", "Soulbond"), ("702.96", "Overload"), ("702.97", "Scavenge"),
    ("702.98", "Unleash"), ("702.99", "Cipher"), ("702.100", "Evolve"), ("702.101", "Extort"),
    ("702.102", "Fuse"), ("702.103", "Bestow"), ("702.104", "Tribute"),
    ("702.105", "Dethrone"), ("702.106", "Hidden Agenda"), ("702.107", "Outlast"),
    ("702.108", "Prowess"), ("702.109", "Dash"), ("702.110", "Exploit"), ("702.111", "Menace"),
    ("702.112", "Renown"), ("702.113", "Awaken"), ("702.114", "Devoid"), ("702.115", "Ingest"),
    ("702.116", "Myriad"), ("702.117", "Surge"), ("702.118", "Skulk"), ("702.119", "Emerge"),
    ("702.120", "Escalate"), ("702.121", "Melee"), ("702.122", "Crew"),
    ("702.123", "Fabricate"), ("702.124", "Partner"), ("702.125", "Undaunted"),
    ("702.126", "Improvise"), ("702.127", "Aftermath"), ("702.128", "Embalm"),
    ("702.129", "Eternalize"), ("702.130", "Afflict"), ("702.131", "Ascend"),
    ("702.132", "Assist"), ("702.133", "Jump-Start"), ("702.134", "Mentor"),
    ("702.135", "Afterlife"), ("702.136", "Riot"), ("702.137", "Spectacle"),
    ("702.138", "Escape"), ("702.139", "Companion"), ("702.140", "Mutate"),
    ("702.141", "Encore"), ("702.142", "Boast"), ("702.143", "Foretell"),
    ("702.144", "Demonstrate"), ("702.145", "Daybound and Nightbound"), ("702.146", "Disturb"),
    ("702.147", "Decayed"), ("702.148", "Cleave"), ("702.149", "Training"),
    ("702.150", "Compleated"), ("702.151", "Reconfigure"), ("702.152", "Blitz"),
    ("702.153", "Casualty"), ("702.154", "Enlist"), ("702.155", "Read Ahead"),
    ("702.156", "Ravenous"), ("702.157", "Squad"), ("702.158", "Space Sculptor"),
    ("702.159", "Visit"), ("702.160", "Prototype"), ("702.161", "Living Metal"),
    ("702.162", "More Than Meets the Eye"), ("702.163", "For Mirrodin!"), ("702.164", "Toxic"),
    ("702.165", "Backup"), ("702.166", "Bargain"), ("702.167", "Craft"),
    ("702.168", "Disguise"), ("702.169", "Solved"), ("702.170", "Plot"), ("702.171", "Saddle"),
    ("702.172", "Spree"), ("702.173", "Freerunning"), ("702.174", "Gift"),
    ("702.175", "Offspring"), ("702.176", "Impending"), ("702.177", "Exhaust"),
    ("702.178", "Max Speed"), ("702.179", "Start Your Engines!"), ("702.180", "Harmonize"),
    ("702.181", "Mobilize"), ("702.182", "Job Select"), ("702.183", "Tiered"),
    ("702.184", "Station"), ("702.185", "Warp"), ("702.186", "∞ (Infinity)"),
    ("702.187", "Mayhem"), ("702.188", "Web-slinging"), ("702.189", "Firebending"),
    ("702.190", "Sneak"), ("702.191", "Increment"), ("702.192", "Paradigm"),
)

#: sections whose words the card language writes differently from the title (one section,
#: several words: kicker and multikicker; a title that is two words)
WORDS_OF: dict[str, tuple[str, ...]] = {
    "701.26": ("tap", "untap"), "702.33": ("kicker", "multikicker"),
    "702.37": ("morph", "megamorph"), "702.145": ("daybound", "nightbound"),
    "702.89": ("umbra_armor",), "702.133": ("jump_start",),
    "702.124": ("partner", "partner_with"),
}

#: keyword actions a situation asks about as its event rather than as a verb of a card
SITUATION_EVENTS: dict[str, str] = {"701.2": "activate", "701.27": "transform"}

#: what a parameter of the card language is, in the catalog's words
_PARAMETER = {"text": "cost", "number": "number", "selector": "quality", "map": "quality"}


@dataclass(frozen=True)
class Entry:
    cr: str
    name: str
    #: "ability" (CR 702) or "action" (CR 701)
    kind: str
    #: the words that write it in `define:` (`keywords:` for an ability, a verb of `do:` for
    #: an action); empty: it can't be written yet
    words: tuple[str, ...]
    #: the parameter it takes: cost, number, quality, name, or ""
    parameter: str
    #: the Oracle compiler reads it
    oracle: bool
    #: "modelled" (some rule reads one of its words) or "named"
    status: str
    #: its words no rule reads (kicker is modelled, multikicker not yet)
    named_words: tuple[str, ...] = ()


def _slug(title: str) -> str:
    return title.lower().replace("-", "_").replace(" ", "_")


def catalog() -> list[Entry]:
    """Every section of CR 701 and 702, in CR order."""
    from rulings.facts import effects as lang
    from rulings.facts.modelled import is_modelled
    from rulings.oracle import keywords as oracle_keywords

    by_cr: dict[str, list[str]] = {}
    for word, w in lang.KEYWORDS.items():
        by_cr.setdefault(w.cr.replace("CR ", ""), []).append(word)
    verbs_by_cr: dict[str, list[str]] = {}
    for word, w in lang.VERBS.items():
        cr = w.cr.replace("CR ", "").rstrip("ab")
        if cr.startswith("701."):
            verbs_by_cr.setdefault(cr, []).append(word)
    oracle_crs = {cr for cr, _ in oracle_keywords.KEYWORDS.values()}
    grammar = _oracle_grammar()
    out = []
    for cr, title in SECTIONS:
        action = cr.startswith("701.")
        if cr in SITUATION_EVENTS:
            event = SITUATION_EVENTS[cr]
            read = is_modelled("situation", f"event.{event}")
            out.append(Entry(cr, title, "action", (f"event: {event}",), "", False,
                             "modelled" if read else "named"))
            continue
        if action:
            words = tuple(w for w in WORDS_OF.get(cr, (_slug(title),))
                          if w in lang.VERBS) or tuple(verbs_by_cr.get(cr, ()))
            section = "verb"
            parameter = ""
            oracle = bool(words) and all(f'"{w}"' in grammar or f" {w} " in grammar
                                         for w in words)
        else:
            words = tuple(w for w in WORDS_OF.get(cr, (_slug(title),))
                          if w in lang.KEYWORDS) or tuple(by_cr.get(cr, ()))
            section = "keyword"
            value = lang.KEYWORDS[words[0]].value if words else None
            parameter = _PARAMETER.get(value.kind, value.kind) if value else ""
            oracle = cr in oracle_crs
        read = [w for w in words if is_modelled(section, w)]
        out.append(Entry(cr, title, "action" if action else "ability", words, parameter,
                         oracle, "modelled" if read else "named",
                         tuple(w for w in words if w not in read) if read else ()))
    return out


def _oracle_grammar() -> str:
    from importlib import resources

    try:
        return (resources.files("rulings.oracle") / "oracle.lark").read_text("utf-8").lower()
    except OSError:
        return ""


GENERATED_BEGIN = "<!-- BEGIN GENERATED: rulings schema keywords -->"
GENERATED_END = "<!-- END GENERATED -->"


def reference() -> str:
    """The catalog in Markdown (`rulings schema keywords`)."""
    entries = catalog()
    out = [GENERATED_BEGIN, "",
           f"Generated from `facts/keywords.py` by `rulings schema keywords` (CR of "
           f"{CR_EDITION}). **modelled**: a rule reads it (facts/modelled.py); **named**: "
           "accepted, and answers list it under `not_modelled`; a word `—`: not written in "
           "the card language yet (the Oracle compiler keeps such an ability as not "
           "modelled).", ""]
    for kind, title in (("ability", "Keyword abilities (CR 702), written in `keywords:`"),
                        ("action", "Keyword actions (CR 701), written as verbs of `do:`")):
        rows = [e for e in entries if e.kind == kind]
        modelled = sum(e.status == "modelled" for e in rows)
        out += [f"### {title}", "",
                f"{modelled} of {len(rows)} modelled.", "",
                "| CR | name | written | parameter | Oracle compiler | status |",
                "|---|---|---|---|---|---|"]
        for e in rows:
            written = ", ".join(f"`{w}`" + (" (named)" if w in e.named_words else "")
                                for w in e.words) or "—"
            out.append(f"| {e.cr} | {e.name} | {written} | {e.parameter or '—'} | "
                       f"{'reads it' if e.oracle else '—'} | {e.status} |")
        out.append("")
    out.append(GENERATED_END)
    return "\n".join(out) + "\n"


__all__ = ["CR_EDITION", "SECTIONS", "Entry", "catalog", "reference", "GENERATED_BEGIN",
           "GENERATED_END"]
