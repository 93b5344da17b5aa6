#!/usr/bin/env bash
# Cross-checking a story takes time linear in the size of its documents: each
# case is a story of two documents, run at an eighth and at the whole size; the
# whole must take less than 24 times the processor time of the eighth (8 times
# when linear, a little more for a sort; a step that is quadratic in the claims
# of a document takes 64 times as long), a margin that a machine busy with other
# work does not use up. The
# time is the process's own (user + system, the least of three runs), which
# other work on the machine hardly changes, unlike the time on the clock. The
# pathological inputs (tests/pathological.py) run `extract`, which does not
# reconcile; these run the cross-check.
set -euo pipefail
: "${XC:?}" "${XC_SOURCE_DIR:?}"
rules="$XC_SOURCE_DIR/rules"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - "$XC" "$rules" "$tmp" <<'PY'
import os, resource, subprocess, sys

xc, rules, tmp = sys.argv[1:]

def counts(n):   # counts of people joined in lists: "3 people and 4 men, while 5 women ..."
    unit = "In the town %d people were hurt and %d men were seen, while %d women left. "
    out, i, size = [], 3, 0
    while size < n:
        out.append(unit % (i, i + 1, i + 2))
        size += len(out[-1])
        i += 1
    return "".join(out)

def quotes(n):   # quotes of one speaker that share words with the other outlet's
    out, i, size = [], 0, 0
    while size < n:
        out.append('"The race number %d was long and the crowd cheered," Jen Loong said. ' % i)
        size += len(out[-1])
        i += 1
    return "".join(out)

def names(n):    # capitalized names, each a claim the story compares
    first = ["Jen", "Kim", "Howard", "Rachel", "Glenn", "Mary"]
    last = ["Loong", "Reid", "Okafor", "Lin", "Beck", "Brien"]
    out, i, size = [], 0, 0
    while size < n:
        out.append("Then %s %s%d met %s %s. " % (first[i % 6], last[i % 6], i % 97,
                                                first[(i + 1) % 6], last[(i + 2) % 6]))
        size += len(out[-1])
        i += 1
    return "".join(out)

CASES = {"people-count-lists": counts, "quotes": quotes, "names": names}
SIZE = 4_000_000
failed = 0
for name, gen in CASES.items():
    times = []
    for size in (SIZE // 8, SIZE):
        story = os.path.join(tmp, "%s-%d" % (name, size), "story")
        os.makedirs(story)
        for outlet in ("a", "b"):
            with open(os.path.join(story, outlet + ".txt"), "w", encoding="utf-8") as f:
                f.write("Title\n\n" + gen(size) + "\n")
        best = None
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.run([xc, "--rules", rules, "--jobs", "1", "--quiet", "--format",
                                "jsonl", os.path.dirname(story)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=600)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best = cpu if best is None else min(best, cpu)
            if p.returncode not in (0, 1):
                print("FAIL %s: exit %d: %s" % (name, p.returncode, p.stderr.decode()[-300:]))
                failed += 1
                break
        times.append(max(best, 0.02))
    ratio = times[1] / times[0]
    ok = ratio < 24
    failed += not ok
    print("%-20s %s  eighth %.2fs  full %.2fs  ratio %.1f"
          % (name, "ok  " if ok else "FAIL", times[0], times[1], ratio))
sys.exit(1 if failed else 0)
PY
