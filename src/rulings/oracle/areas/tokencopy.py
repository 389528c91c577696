"""Area `tokencopy` (grammar: tokencopy.lark): "create a token that's a copy of …", the
step `create_copy` (CR 111.1, 707.2), with its exceptions (707.9) as the map `except`:

- "except it has haste" -> `add_keywords` (707.9a)
- "except it's 1/1" -> `power`, `toughness` (707.9b)
- "except it's an artifact / a Spirit in addition to its other types" -> `add_types`,
  `add_subtypes` (707.9b)
- "except it's a 4/4 black Zombie" -> `power`, `toughness`, `set_colors`, `set_subtypes`:
  its colors and its creature types are those, its card types and supertypes stay (707.9b)
- "except it isn't legendary" (or "the token isn't legendary if … is legendary") ->
  `not_legendary` (707.9b, 707.9f: the condition only says when removing it matters)

"That token" after the step is the token it created. The copied object is any object the
grammar names (a target, ~, "that creature", "enchanted creature"); the resolution walk
reads the step (knowledge/rules/copy_effects.py, `copy_token_text`)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Ref, Unsupported


class TokencopyEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/tokencopy.lark."""

    created: Any

    def create_copy(self, c: list[Any]) -> Act:
        amount, what, changes = c
        ref: Ref = what
        if ref.kind in ("each", "choice") or isinstance(ref.value, dict):
            # "a token that's a copy of each creature …" / "of a creature you control":
            # several objects, or one chosen as it resolves: not read here
            raise Unsupported("a copy of objects chosen or counted as it resolves")
        args: dict[str, Any] = {"what": ref.value}
        if amount != 1:
            args["amount"] = amount
        if changes:
            cond = changes.pop("_if", None)
            if cond is not None and cond != ref.value:
                # "the token isn't legendary if <another object> is legendary": not read
                raise Unsupported("a copy's exception on the condition of another object")
            args["except"] = changes
        self.created = args  # "it", "that token": the token made
        return Act("create_copy", args)

    def copy_except(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for change in c:
            if not isinstance(change, dict):
                continue  # a joint
            for key, value in change.items():
                if key in out:
                    raise Unsupported(f"two exceptions of the same kind ({key})")
                out[key] = value
        return out

    def copy_joint(self, _: list[Any]) -> None:
        return None

    def copy_has(self, c: list[Any]) -> dict[str, Any]:
        return {"add_keywords": list(c[0])}

    def copy_size(self, c: list[Any]) -> dict[str, Any]:
        return self._copy_pt(str(c[0]))

    def _copy_pt(self, size: str) -> dict[str, Any]:
        p, t = size.split("/")
        if not (p.isdigit() and t.isdigit()):
            raise Unsupported(f"a copy that is {size} (a size decided later)")
        return {"power": int(p), "toughness": int(t)}

    def copy_also(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.emit import TYPE_WORDS

        noun = [str(x) for x in c[0]]
        out: dict[str, Any] = {}
        types = [t for t in noun if t in TYPE_WORDS]
        subtypes = [t for t in noun if t not in TYPE_WORDS]
        if types:
            out["add_types"] = types
        if subtypes:
            out["add_subtypes"] = subtypes
        return out

    def copy_is(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        size, *rest = c
        colors = [str(x) for x in rest[:-1] if x]
        kind = subtypes().get(str(rest[-1]), str(rest[-1]))
        out = self._copy_pt(str(size))
        if colors:
            out["set_colors"] = colors
        out["set_subtypes"] = [kind]
        return out

    def copy_not_legendary(self, c: list[Any]) -> dict[str, Any]:
        # "… if <the copied object> is legendary": create_copy checks it names that object
        # (removing a supertype it doesn't have changes nothing, 707.9f)
        return {"not_legendary": True, **({"_if": c[0].value} if c else {})}

    def enters_as_copy(self, c: list[Any]) -> dict[str, Any]:
        """Clone's line: an optional replacement of its own entering (CR 614.1c, 707.5)."""
        _, choice, changes = c
        modify: dict[str, Any] = {"as_copy_of": choice}
        if changes:
            if "_if" in changes:
                raise Unsupported("an enters-as-a-copy exception on a condition")
            modify["copy_except"] = changes
        return {"replacement": {"event": {"enters": {"what": "this"}}, "may": True,
                                "modify": modify}}

    def copy_choice(self, c: list[Any]) -> dict[str, Any]:
        chosen = dict(c[0])
        if chosen.get("zone", "battlefield") != "battlefield":
            raise Unsupported("entering as a copy of a card not on the battlefield")
        return {**chosen, "zone": "battlefield"}

    def that_token(self, _: list[Any]) -> Ref:
        if self.created is None:
            raise Unsupported("'that token' with no token created before it")
        return Ref(self._it())  # type: ignore[attr-defined]
