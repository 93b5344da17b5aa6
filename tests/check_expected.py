#!/usr/bin/env python3
"""Checks a crosscheck JSON report against a story's expected findings.

usage: check_expected.py STORY_DIR REPORT_JSON

STORY_DIR/expected.json:
  {"findings":   [{"kind", "severity"?, "concept"?, "values"?, "dates"?,
                   "names"?, "speaker"?, "speakers"?, "docs"?, "line"?}],
   "agreements": [{"concept", "values", "docs"?}]}

Passes when
  - every expected finding is in the report: same kind, and severity and
    concept when given; every value (and date) among its claims' values; every
    name in its claims' texts; each speaker in its message (or a claim's speaker); every
    doc among its claims' document basenames; a claim on the line when given;
  - every error or warning of the report matches some expected finding;
  - no figure-conflict of an agreement's concept has claims carrying all of the
    agreement's values (from each of its docs, when docs are given).
Exit status: 0 pass, 1 mismatch, 2 unreadable input.
"""
import json
import math
import os
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"{path}: error: {e}", file=sys.stderr)
        sys.exit(2)


def same_value(expected, actual):
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        if math.isinf(expected) or math.isinf(actual):
            return expected == actual
        return abs(expected - actual) <= 1e-9 * max(1.0, abs(expected), abs(actual))
    return str(expected) == str(actual)


def base(path):
    return os.path.basename(path or "")


def claims_of(finding):
    return finding.get("claims") or []


def matches(exp, f):
    if f.get("kind") != exp.get("kind"):
        return False
    if "severity" in exp and f.get("severity") != exp["severity"]:
        return False
    if "concept" in exp and f.get("concept") != exp["concept"]:
        return False
    claims = claims_of(f)
    for v in exp.get("values", []):
        if not any(same_value(v, c.get("value")) for c in claims):
            return False
    for name in exp.get("names", []):
        if not any(name in (c.get("text") or "") for c in claims):
            return False
    for d in exp.get("dates", []):
        if not any(same_value(d, c.get("value")) for c in claims):
            return False
    speakers = exp.get("speakers", []) + ([exp["speaker"]] if exp.get("speaker") else [])
    for speaker in speakers:
        if speaker not in (f.get("message") or "") and not any(
                speaker in (c.get("speaker") or c.get("cited") or "") for c in claims):
            return False
    for doc in exp.get("docs", []):
        if not any(base(c.get("doc")) == doc for c in claims):
            return False
    if "line" in exp and not any(c.get("line") == exp["line"] for c in claims):
        return False
    return True


def describe(f):
    docs = sorted({base(c.get("doc")) for c in claims_of(f)})
    return (f"{f.get('severity')} {f.get('kind')} [{f.get('concept')}] "
            f"{f.get('message')!r} in {', '.join(docs)}")


def contradicts(agreement, f):
    """A figure-conflict that puts the agreeing values against each other."""
    if f.get("kind") != "figure-conflict" or f.get("concept") != agreement.get("concept"):
        return False
    claims = claims_of(f)
    docs = agreement.get("docs") or [None]
    for v in agreement.get("values", []):
        for doc in docs:
            if not any(same_value(v, c.get("value")) and (doc is None or base(c.get("doc")) == doc)
                       for c in claims):
                return False
    return True


def main(argv):
    if len(argv) != 3:
        print("usage: check_expected.py STORY_DIR REPORT_JSON", file=sys.stderr)
        return 2
    story, report_path = argv[1], argv[2]
    expected = load(os.path.join(story, "expected.json"))
    report = load(report_path)
    if not isinstance(report, dict) or not isinstance(report.get("findings"), list):
        print(f"{report_path}: error: no \"findings\" array in the report", file=sys.stderr)
        return 2
    findings = report["findings"]
    exp_findings = expected.get("findings", [])
    problems = []
    for i, exp in enumerate(exp_findings):
        if not any(matches(exp, f) for f in findings):
            problems.append(f"missing expected finding #{i + 1}: {json.dumps(exp, sort_keys=True)}")
    for f in findings:
        if f.get("severity") in ("error", "warning") and not any(matches(e, f) for e in exp_findings):
            problems.append(f"unexpected finding: {describe(f)}")
    for a in expected.get("agreements", []):
        for f in findings:
            if contradicts(a, f):
                problems.append(f"agreement on {a.get('concept')} {a.get('values')} reported as "
                                f"a conflict: {describe(f)}")
    name = os.path.basename(os.path.normpath(story))
    for p in problems:
        print(f"{name}: {p}")
    print(f"{name}: {'ok' if not problems else 'FAILED'} ({len(exp_findings)} expected, "
          f"{len(findings)} reported)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
