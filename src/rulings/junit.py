"""JUnit XML for `rulings check --junit FILE`: one test case per case file (or generated
situation), a failure element with the readable diff for each one that failed, an error
element for case files that could not be read."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any


def junit_xml(records: list[Any], suite: str = "rulings check") -> str:
    from rulings.commands.check import render_difference

    failures = sum(r.status == "failed" for r in records)
    errors = sum(r.status == "unreadable" for r in records)
    seconds = sum(r.seconds for r in records)
    root = ET.Element("testsuites", name=suite, tests=str(len(records)),
                      failures=str(failures), errors=str(errors), time=f"{seconds:.3f}")
    node = ET.SubElement(root, "testsuite", name=suite, tests=str(len(records)),
                         failures=str(failures), errors=str(errors), time=f"{seconds:.3f}")
    for record in records:
        where = Path(record.written_to or record.file)
        case = ET.SubElement(node, "testcase", classname=_classname(where),
                             name=record.title or where.name, file=str(where),
                             time=f"{record.seconds:.3f}")
        if record.line:
            case.set("line", str(record.line))
        if record.status == "unreadable":
            error = ET.SubElement(case, "error", message="the case file could not be read",
                                  type="InputError")
            error.text = "\n".join(str(p) for p in record.problems)
        elif record.status == "failed":
            first = record.differences[0].message if record.differences else "failed"
            kinds = sorted({d.kind for d in record.differences})
            failure = ET.SubElement(case, "failure", message=first, type=",".join(kinds))
            failure.text = "\n".join(line for d in record.differences
                                     for line in render_difference(d))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _classname(path: Path) -> str:
    parent = path.parent.as_posix().strip("./")
    return parent.replace("/", ".") or "cases"


def write_junit(records: list[Any], file: str | Path, suite: str = "rulings check") -> None:
    Path(file).write_text(junit_xml(records, suite), encoding="utf-8")


__all__ = ["junit_xml", "write_junit"]
