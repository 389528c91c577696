"""CR 702.13, 702.14, 702.28, 702.31, 702.36, 702.118: evasion keywords — who may block a
creature with intimidate, landwalk, shadow, horsemanship, fear or skulk. Each is a blocking
restriction (CR 509.1b) read when blockers are declared, beside flying and menace
(blocking.py). What an attacker is now (its keywords, colors, power) comes from the layer
system's `Characteristics`."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.combat import BlockBarred, Blocking, DeclareBlockers
from rulings.facts.effects import Keyword, Selects
from rulings.facts.game import GameObject
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling
from rulings.facts.state import Characteristics
from rulings.knowledge.layer_system import board, landwalk_word

TOPIC = "CR 702.13 Intimidate; 702.14 Landwalk; 702.28 Shadow; 702.31 Horsemanship; " \
        "702.36 Fear; 702.118 Skulk"


def _barred(blocker: str, attacker: str, reason: str) -> list:
    # the same pair of conclusions as blocking.py's restrictions: the fact block.legal reads
    # (through its NOT) and the ruling
    return [BlockBarred(blocker=blocker, attacker=attacker, reason=reason),
            Ruling(about=f"{blocker}:block:{attacker}", subject="{blocker}", verdict="can't",
                   action="block {attacker}")]


def _shares_color(a: object, b: object) -> bool:
    return bool(set(a) & set(b) - {"colorless"})  # type: ignore[call-overload]


def evades(engine: object, attacker: dict, blocker: dict, defender: str) -> bool:
    """Does an evasion keyword of `attacker` (its Characteristics) stop `blocker` (those of
    the creature of `defender`, the defending player) from blocking it? For the block
    requirement rules (509.1c), which ask whether a creature could block at all."""
    mine, theirs = set(attacker["keywords"]), set(blocker["keywords"])
    if ("shadow" in mine) != ("shadow" in theirs):
        return True
    if "horsemanship" in mine and "horsemanship" not in theirs:
        return True
    artifact = "artifact" in blocker["types"]
    if "fear" in mine and not artifact and "black" not in blocker["colors"]:
        return True
    if "intimidate" in mine and not artifact and not _shares_color(attacker["colors"],
                                                                   blocker["colors"]):
        return True
    if "skulk" in mine and blocker["power"] > attacker["power"]:
        return True
    if "landwalk" in mine:
        collect = engine.collect  # type: ignore[attr-defined]
        for walk in collect(Keyword, object=attacker["object"], keyword="landwalk"):
            if walk["granted_by"]:
                if walked_lands(engine, walk["value"], defender):
                    return True
                continue
            for picked in collect(Selects, selector=walk["selector"]):
                if collect(GameObject, id=picked["object"], controller=defender,
                           zone="battlefield"):
                    return True
    return False


def walked_lands(engine: object, kind: str, defender: str) -> list[dict]:
    """The lands `defender` controls that a granted landwalk naming `kind` ('forest',
    'nonbasic', 'snow', 'legendary') names, by what they are now (the layer system: a land
    Blood Moon made a Mountain is a Mountain)."""
    perms = board(engine).perms
    out = []
    for land in engine.collect(GameObject, controller=defender,  # type: ignore[attr-defined]
                               zone="battlefield"):
        p = perms.get(land["id"])
        types, subtypes, supertypes = (
            (p.types, p.subtypes, p.supertypes) if p is not None else
            (land["types"], land["subtypes"], land["supertypes"]))
        if "land" not in types:
            continue
        if (kind in subtypes if kind not in ("nonbasic", "snow", "legendary") else
                "basic" not in supertypes if kind == "nonbasic" else kind in supertypes):
            out.append(land)
    return out


#: a blocker of an attacker that a continuous effect gave landwalk (both rules below)
_GRANTED_WALK = (
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("landwalk")),
        Keyword(object=MATCH.attacker, keyword="landwalk", value=MATCH.kind,
                granted_by=MATCH.given),
        TEST(lambda given: given != ""),
        GameObject(id=MATCH.blocker, controller=MATCH.defender),
)


class Rules:
    @rule(
        *_GRANTED_WALK,
        id="evasion.granted-landwalk",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.14c", "CR 509.1b", "CR 613.1f"),
        because="{given} gives {attacker} landwalk naming {kind} lands, so it can't be "
                "blocked while the defending player controls such a land, and {defender} "
                "controls one now (what a land is now counts: CR 613)",
        salience=salience.AGGREGATE,
    )
    def granted_landwalk(self, blocker, attacker, kind, defender):
        lands = walked_lands(self, kind, defender)
        if not lands:
            return None
        self.cite(*lands)
        return _barred(blocker, attacker, f"the attacker has {landwalk_word(kind)} and the "
                                          f"defending player controls {lands[0]['name']}")

    @rule(
        *_GRANTED_WALK,
        id="evasion.granted-landwalk-no-land",
        says="{attacker}'s landwalk doesn't stop {blocker} from blocking it",
        cites=("CR 702.14c", "CR 613.1f"),
        because="{given} gives {attacker} landwalk naming {kind} lands, which matters only "
                "while the defending player controls such a land, and {defender} controls "
                "none now",
        absent=("{defender} controls no {kind} land",),
        salience=salience.AGGREGATE,
    )
    def granted_landwalk_no_land(self, blocker, attacker, kind, defender):
        if walked_lands(self, kind, defender):
            return None
        return Ruling(about=f"{attacker}:landwalk:{blocker}", subject="{attacker}'s landwalk",
                      verdict="doesn't happen", action="stop {blocker} from blocking")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("landwalk")),
        Keyword(object=MATCH.attacker, keyword="landwalk", selector=MATCH.lands,
                value=MATCH.kind, granted_by=""),
        GameObject(id=MATCH.blocker, controller=MATCH.defender),
        GameObject(id=MATCH.land, controller=MATCH.defender, zone="battlefield",
                   name=MATCH.land_name),
        Selects(selector=MATCH.lands, object=MATCH.land),
        id="evasion.landwalk",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.14c", "CR 509.1b"),
        because="{attacker} has landwalk, so it can't be blocked while the defending "
                "player controls a land it names ({kind}); {defender} controls {land_name}",
    )
    def landwalk(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has landwalk and the defending "
                                          "player controls such a land")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("shadow")),
        Characteristics(object=MATCH.blocker, keywords=lacks("shadow")),
        id="evasion.shadow",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.28b", "CR 509.1b"),
        because="{attacker} has shadow, so only creatures with shadow can block it, and "
                "{blocker} doesn't have shadow",
    )
    def shadow(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has shadow and the blocker doesn't")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=lacks("shadow")),
        Characteristics(object=MATCH.blocker, keywords=has("shadow")),
        id="evasion.shadow-blocker",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.28b", "CR 509.1b"),
        because="{blocker} has shadow, and a creature with shadow can block only creatures "
                "with shadow; {attacker} doesn't have shadow",
    )
    def shadow_blocker(self, blocker, attacker):
        return _barred(blocker, attacker, "the blocker has shadow and the attacker doesn't")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("horsemanship")),
        Characteristics(object=MATCH.blocker, keywords=lacks("horsemanship")),
        id="evasion.horsemanship",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.31b", "CR 509.1b"),
        because="{attacker} has horsemanship, so only creatures with horsemanship can block "
                "it, and {blocker} doesn't have it",
    )
    def horsemanship(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has horsemanship and the blocker "
                                          "doesn't")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("fear")),
        Characteristics(object=MATCH.blocker, types=lacks("artifact"), colors=lacks("black")),
        id="evasion.fear",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.36b", "CR 509.1b"),
        because="{attacker} has fear, so only artifact creatures and black creatures can "
                "block it, and {blocker} is neither",
    )
    def fear(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has fear and the blocker is neither "
                                          "an artifact nor black")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("intimidate"), colors=MATCH.mine),
        Characteristics(object=MATCH.blocker, types=lacks("artifact"), colors=MATCH.theirs),
        TEST(lambda mine, theirs: not _shares_color(mine, theirs)),
        id="evasion.intimidate",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.13b", "CR 509.1b"),
        because="{attacker} has intimidate, so only artifact creatures and creatures that "
                "share a color with it can block it, and {blocker} is neither",
    )
    def intimidate(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has intimidate and the blocker is "
                                          "neither an artifact nor of a color it shares")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("skulk"), power=MATCH.mine),
        Characteristics(object=MATCH.blocker, power=MATCH.theirs),
        TEST(lambda mine, theirs: theirs > mine),
        id="evasion.skulk",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.118b", "CR 509.1b"),
        because="{attacker} has skulk (power {mine}), so creatures with greater power can't "
                "block it, and {blocker} has power {theirs}",
    )
    def skulk(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has skulk and the blocker's power "
                                          "is greater")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("landwalk")),
        Keyword(object=MATCH.attacker, keyword="landwalk", selector=MATCH.lands,
                value=MATCH.kind, granted_by=""),
        GameObject(id=MATCH.blocker, controller=MATCH.defender),
        id="evasion.landwalk-no-land",
        says="{attacker}'s landwalk doesn't stop {blocker} from blocking it",
        cites=("CR 702.14c",),
        because="landwalk matters only while the defending player controls a land it names "
                "({kind}), and {defender} controls none",
        absent=("{defender} controls no land that landwalk names ({kind})",),
        salience=salience.AGGREGATE,
    )
    def landwalk_no_land(self, attacker, blocker, lands, defender):
        for picked in self.collect(Selects, selector=lands):
            if self.collect(GameObject, id=picked["object"], controller=defender,
                            zone="battlefield"):
                return None
        return Ruling(about=f"{attacker}:landwalk:{blocker}", subject="{attacker}'s landwalk",
                      verdict="doesn't happen", action="stop {blocker} from blocking")
