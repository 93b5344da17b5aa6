#!/usr/bin/env python3
"""Pathological inputs: each must be processed (not crash, not hang) in time that grows
linearly with its size. Each case is run at two sizes, a quarter and the whole; the larger
must take less than 4 x 2.5 times as long as the smaller (a quadratic step would take 16
times as long), and both must finish within a generous bound. Times are processor time
(user + system) of the crosscheck process; a pair that fails is timed once more.

usage: pathological.py CROSSCHECK RULES_DIR [CASE...]

XC_PATHO_SCALE (default 1) scales every size: the sanitizer builds run the same inputs smaller,
since there they look for memory errors, not for time.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

MB = 1024 * 1024


def single_line(n):          # a 20 MB single line of prose with figures and quotes
    unit = 'the "race" drew 1,000 runners and Jen Loong, 25, said so; '
    return (unit * (n // len(unit) + 1))[:n]


def unbalanced_quotes(n):    # 100,000 unbalanced quote marks
    return 'He said " and ' * (n // 14)


def digits_commas(n):        # 1 MB of digits and commas
    return ("1,234,567," * (n // 10 + 1))[:n]


def hashtags(n):             # 100,000 hashtags
    return " ".join("#runners%d" % i for i in range(n // 10))


def nested(n):               # deeply nested brackets and quotes
    depth = n // 4
    return "(“[\"" * depth + "x" + "\"]”)" * depth


def capitalized(n):          # a paragraph of 50,000 capitalized words
    names = ["Kim", "Il", "Sung", "Loong", "Jen", "North", "Korea", "Prize"]
    return " ".join(names[i % len(names)] for i in range(n // 5)) + "."


def figures(n):              # a document with 1,000,000 figures
    return "".join("%d runners, " % (i % 997) for i in range(n // 12))


CASES = {
    # name: (generator, full size, bound in seconds for the full size)
    "single-line-20mb": (single_line, 20 * MB, 240),
    "unbalanced-quotes": (unbalanced_quotes, 1_400_000, 120),
    "digits-commas-1mb": (digits_commas, 1 * MB, 120),
    "hashtags-100k": (hashtags, 1_000_000, 120),
    "nested-brackets": (nested, 400_000, 120),
    "capitalized-50k": (capitalized, 250_000, 120),
    "figures-1m": (figures, 12_000_000, 300),
}


def cpu_of_children():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run(xc, rules, path):
    """Extracts path; returns the processor time it took (which other work on the
    machine changes far less than the wall time) and its record."""
    c0 = cpu_of_children()
    p = subprocess.run([xc, "extract", "--rules", rules, "--jobs", "1", "--quiet", path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=900)
    t = cpu_of_children() - c0
    if p.returncode not in (0, 1):
        raise SystemExit("%s: exit %d: %s" % (path, p.returncode, p.stderr.decode()[-400:]))
    lines = [l for l in p.stdout.decode().splitlines() if l.strip()]
    docs = [json.loads(l) for l in lines]
    docs = [d for d in docs if d.get("type", "document") == "document"]
    if len(docs) != 1 or docs[0].get("status") != "ok":
        raise SystemExit("%s: expected one processed document, got %s" % (path, lines[:1]))
    return t, docs[0]


def main():
    xc, rules = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or list(CASES)
    scale = float(os.environ.get("XC_PATHO_SCALE", "1"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            gen, size, bound = CASES[name]
            size = int(size * scale)
            paths = []
            for s in (size // 4, size):
                paths.append(os.path.join(tmp, "%s-%d.txt" % (name, s)))
                with open(paths[-1], "w", encoding="utf-8") as f:
                    f.write(gen(s))
            # Each size is timed once, and a second time when the first pair
            # fails, keeping each size's faster run: a check of how the time
            # grows, not of a machine busy with something else.
            times = [None, None]
            for attempt in range(2):
                for k, path in enumerate(paths):
                    t, _ = run(xc, rules, path)
                    t = max(t, 0.05)
                    times[k] = t if times[k] is None else min(times[k], t)
                ratio = times[1] / times[0]
                ok = times[1] <= bound and ratio < 10
                if ok:
                    break
            for path in paths:
                os.unlink(path)
            failed += not ok
            print("%-20s %s  quarter %.2fs  full %.2fs  ratio %.1f (bound %ds)"
                  % (name, "ok  " if ok else "FAIL", times[0], times[1], ratio, bound))
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
