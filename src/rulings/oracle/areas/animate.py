"""Area animate: "~ becomes a 3/3 green Elf creature with trample until end of turn. It's still
a land." (CR 611.2, 613.1d-f, 613.4b, 205.1b): a `modify` step whose types and subtypes are
added to the object's own, as the text says it keeps them."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported, _plain_keywords

_TYPES = ("creature", "artifact")


class AnimateEmitter:
    def animate_noun(self, c: list[Any]) -> list[str]:
        return list(c)

    def animate_type(self, c: list[Any]) -> str:
        from rulings.oracle.tokens import subtypes

        return subtypes().get(str(c[0]), str(c[0]))

    def animate_still(self, _: list[Any]) -> str:
        return "still"

    def animate_still_lead(self, _: list[Any]) -> str:
        return "lead"

    def animate_in_addition(self, _: list[Any]) -> str:
        return "in_addition"

    def animate_becomes(self, c: list[Any]) -> Act:
        size, colors, noun, keywords, kept, duration = c
        if not duration and kept == "lead":
            return self._animate(size, colors, noun, keywords, "lead", kept=True)
        return self._animate(size, colors, noun, keywords, duration, kept=True)

    def animate_becomes_late(self, c: list[Any]) -> Act:
        size, colors, noun, keywords, duration, _kept = c
        return self._animate(size, colors, noun, keywords, duration, kept=True)

    def animate_becomes_plain(self, c: list[Any]) -> Act:
        size, colors, noun, keywords, duration = c
        return self._animate(size, colors, noun, keywords, duration, kept=False)

    def _animate(self, size: Any, colors: list[str], noun: list[str], keywords: Any,
                 duration: Any, kept: bool) -> Act:
        types = [t for t in noun if t in _TYPES]
        subtypes = [t for t in noun if t not in _TYPES]
        if "creature" not in types or len(set(types)) != len(types):
            raise Unsupported("becoming something other than a creature")
        if not kept:
            # without "still a …", the new types replace the old (CR 205.1a); only "artifact
            # creature" keeps them all (205.1b), and with creature types it replaces the
            # creature types it had, which the card language can't say
            if types != ["artifact", "creature"] or subtypes:
                raise Unsupported("a type change that replaces the object's types")
        if not duration:
            # the resolution rules end what a step changes at the end of the turn
            raise Unsupported("becoming a creature for the rest of the game")
        power, toughness = str(size).split("/")
        if not (power.isdigit() and toughness.isdigit()):
            raise Unsupported(f"base power and toughness {size}")
        if "colorless" in colors:
            raise Unsupported("becoming colorless")
        args: dict[str, Any] = {"set_power": int(power), "set_toughness": int(toughness)}
        if keywords:
            _plain_keywords(keywords)
            args["add_keywords"] = keywords
        if colors:
            args["set_colors"] = colors
        args["add_types"] = types
        if subtypes:
            args["add_subtypes"] = subtypes
        if duration != "lead":  # "Until end of turn, …": lead_duration writes it
            args["duration"] = duration
        return Act("modify", args, role="what")
