"""bench_figures on the full shared data: every figure present, and within its target."""

from __future__ import annotations

import re
from pathlib import Path

from rulings.reference import bench_figures


def test_bench_figures(shared_data: Path) -> None:
    figures = dict(bench_figures(shared_data / "comprehensive-rules.txt",
                                 shared_data / "rulings-all.json"))
    labels = list(figures)
    assert [label.split(" (")[0].split(" `")[0] for label in labels] == [
        "import CR", "import rulings", "warm rule lookup", "first ruling lookup", "cold",
        "cold", "peak memory"]

    def number(label_start: str) -> float:
        value = next(v for k, v in figures.items() if k.startswith(label_start))
        match = re.match(r"[\d.]+", value)
        assert match, f"{label_start}: {value}"
        return float(match.group())

    assert number("import CR") < 2.0
    assert number("import rulings") < 10.0
    assert number("warm rule lookup") < 50.0
    assert figures["cold `rulings cr 701.23b`"].endswith(" ms CPU"), figures
    assert figures["cold `rulings cr --search \"untap symbol\"`"].endswith(" ms CPU"), figures
    assert number("peak memory") > 0
