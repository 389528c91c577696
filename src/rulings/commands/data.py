"""`rulings data`: import the Comprehensive Rules and official rulings, update them from the
official sources, and show what is imported."""

from __future__ import annotations

import argparse
import sys
from typing import Any

_DATA_DIR_HELP = "data directory (default: $RULINGS_DATA_DIR, else $XDG_DATA_HOME/mtg-rulings)"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "data",
        help="import or update the Comprehensive Rules and official rulings",
        description="Manage the rules text and official rulings that `rulings cr` and the "
        "citations use.",
    )
    actions = parser.add_subparsers(dest="data_action", metavar="ACTION")

    cr = actions.add_parser(
        "import-cr", help="import the Comprehensive Rules from the official TXT file",
        description="Import the Comprehensive Rules TXT file (any edition, any line ends).",
    )
    cr.add_argument("file", metavar="FILE")
    cr.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR_HELP)
    cr.set_defaults(run=run_import_cr)

    rulings = actions.add_parser(
        "import-rulings", help="import card data and official rulings (MTGJSON or Scryfall)",
        description="Import card data and official rulings from MTGJSON AtomicCards.json "
        "or AllPrintings.json, from the Scryfall “rulings” and “oracle cards” bulk files "
        "(give both), or from a JSON array of {name, mana_cost, type_line, oracle_text, rulings}. "
        "The format of each file is recognised by its content. The import replaces the "
        "previously imported rulings.",
    )
    rulings.add_argument("files", nargs="+", metavar="FILE")
    rulings.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR_HELP)
    rulings.set_defaults(run=run_import_rulings)

    update = actions.add_parser(
        "update", help="download the current rules and rulings (keeps old data on failure)",
        description="Download the current Comprehensive Rules (found on "
        "https://magic.wizards.com/en/rules) and the Scryfall rulings and oracle cards bulk "
        "files, check them, then replace the imported data. Any failure keeps the previous "
        "data.",
    )
    update.add_argument("--only", choices=("cr", "rulings"), help="update just one of the two")
    update.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                        help="give up on a silent connection after this long (default 30)")
    update.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR_HELP)
    update.set_defaults(run=run_update)

    status = actions.add_parser("status", help="show what is imported, and where")
    status.add_argument("--data-dir", metavar="DIR", help=_DATA_DIR_HELP)
    status.set_defaults(run=run_status)

    parser.set_defaults(run=lambda args: _help(parser))


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _progress(line: str) -> None:
    """A note that long work is under way: on stderr, and only on a terminal."""
    if sys.stderr.isatty():
        print(line, file=sys.stderr, flush=True)


def _fail(message: object) -> int:
    print(message, file=sys.stderr)
    return 2


def run_import_cr(args: argparse.Namespace) -> int:
    from rulings.reference import ReferenceDataError, data_dir, importer

    _progress(f"reading {args.file} …")
    try:
        s = importer.import_cr(args.file, data_dir(args.data_dir))
    except ReferenceDataError as exc:
        return _fail(exc)
    print(f"Imported the Comprehensive Rules effective {s['effective']}: {s['rules']:,} rules "
          f"in {s['sections']:,} sections, {s['glossary']:,} glossary terms → {s['path']} "
          f"({s['seconds']:.2f} s)")
    return 0


def run_import_rulings(args: argparse.Namespace) -> int:
    from rulings.reference import ReferenceDataError, data_dir, importer

    _progress(f"reading {', '.join(args.files)} (large files take a few seconds) …")
    try:
        s = importer.import_rulings(args.files, data_dir(args.data_dir))
    except ReferenceDataError as exc:
        return _fail(exc)
    for note in s["notes"]:
        print(f"note: {note}", file=sys.stderr)
    print(f"Imported {s['rulings']:,} official rulings for {s['cards_with_rulings']:,} cards "
          f"({s['cards']:,} cards in all) from {', '.join(s['sources'])} → {s['path']} "
          f"({s['seconds']:.2f} s)")
    return 0


def run_update(args: argparse.Namespace) -> int:
    from rulings.reference import ReferenceDataError, data_dir
    from rulings.reference.update import PARTS, update

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    try:
        done = update(data_dir(args.data_dir), args.timeout,
                      [args.only] if args.only else PARTS, say)
    except ReferenceDataError as exc:
        return _fail(exc)
    for line in done:
        print(f"Updated {line}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    from rulings.reference import ReferenceDataError, data_status
    from rulings.reference.store import IMPORT_CR, IMPORT_RULINGS

    try:
        status = data_status(args.data_dir)
    except ReferenceDataError as exc:
        return _fail(exc)
    print(f"Data directory: {status['data_dir']}")
    cr = status["cr"]
    if cr:
        print(f"Comprehensive Rules: effective {cr['effective']}, {cr['rules']:,} rules, "
              f"{cr['glossary']:,} glossary terms (from {cr['source']}, imported "
              f"{cr['imported_at']})")
    else:
        print(f"Comprehensive Rules: not imported → {IMPORT_CR}")
    rulings = status["rulings"]
    if rulings:
        print(f"Official rulings: {rulings['rulings']:,} for {rulings['cards_with_rulings']:,} "
              f"cards, {rulings['cards']:,} cards in all (from {', '.join(rulings['sources'])}, "
              f"imported {rulings['imported_at']})")
    else:
        print(f"Official rulings: not imported → {IMPORT_RULINGS}")
    return 0
