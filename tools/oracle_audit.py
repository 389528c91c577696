"""Draw cards for a hand audit of the Oracle compiler's precision (docs/oracle-audit.md).

The population is the cards of a pool that the compiler of this checkout compiles fully and
the compiler of a baseline commit did not; the sample is `random.sample` of the sorted names
after `random.seed(SEED)`, so a seed and a baseline name the draw.

    python tools/oracle_audit.py --baseline 5a2cca6 --seed 20261202 [--n 100] [--list]

The baseline's compiler runs in a child process from a temporary `git worktree` of that
commit, removed afterwards. The pool is oracle-cards.json read as tests/oracle/test_pool.py
reads it (the ratchet's count).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the shared test data beside the checkout or one folder above it (as tests/oracle finds it)
POOL = next((p for p in (REPO.parent / "shared" / "data" / "oracle-cards.json",
                         REPO.parent.parent / "shared" / "data" / "oracle-cards.json")
             if p.is_file()), REPO.parent / "shared" / "data" / "oracle-cards.json")

# run in this process and, with PYTHONPATH at the baseline's src, in the child process
_FULLY = """
import json, sys
from rulings.oracle.compiler import compile_card
data = json.load(open(sys.argv[1], encoding="utf-8"))["data"]
for name, faces in sorted(data.items()):
    f = faces[0]
    fields = {"name": f["name"], "mana_cost": f.get("manaCost"), "type_line": f.get("type"),
              "oracle_text": f.get("text"), "power": f.get("power"),
              "toughness": f.get("toughness"), "loyalty": f.get("loyalty")}
    if compile_card(fields).fully:
        print(name)
"""


def fully_compiled(pool: Path, src: Path) -> set[str]:
    env = {**os.environ, "PYTHONPATH": f"{src / 'src'}{os.pathsep}{src}"}
    out = subprocess.run([sys.executable, "-c", _FULLY, str(pool)], env=env, check=True,
                         capture_output=True, text=True).stdout
    return set(out.splitlines())


def newly_compiled(pool: Path, baseline: str) -> list[str]:
    now = fully_compiled(pool, REPO)
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(old),
                        baseline], check=True)
        try:
            before = fully_compiled(pool, old)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(old)],
                           check=True)
    print(f"fully compiled: {len(before)} at {baseline}, {len(now)} now", file=sys.stderr)
    return sorted(now - before)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", required=True, help="the commit whose compiler is compared")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--pool", type=Path, default=POOL)
    ap.add_argument("--list", action="store_true", help="print the whole population too")
    args = ap.parse_args()
    names = newly_compiled(args.pool, args.baseline)
    random.seed(args.seed)
    sample = random.sample(names, min(args.n, len(names)))
    print(json.dumps({"baseline": args.baseline, "seed": args.seed, "population": len(names),
                      "sample": sample, **({"names": names} if args.list else {})},
                     indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
