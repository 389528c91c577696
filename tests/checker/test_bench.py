"""`batch_figures`: situations per second through the batch runner, for `rulings bench`."""

from __future__ import annotations

import re


def test_batch_figures_shape(fixtures):
    from rulings.batch import batch_figures

    figures = batch_figures([fixtures / "cases"], generated=8)
    labels = [label for label, _ in figures]
    assert labels == [
        "check: 4 cases, --jobs 1", "check: 4 cases, --jobs 2",
        "check: 8 generated situations, --jobs 1", "check: 8 generated situations, --jobs 2",
    ]
    for _, value in figures:
        assert re.fullmatch(r"[\d,]+\.\d situations/s \(\d+\.\d\d s, CPU \d+\.\d\d s\)", value), value
