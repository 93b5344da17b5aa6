#!/usr/bin/env bash
# The text and github reports: stories, skipped inputs with reasons, the
# summary line, colour rules, exit status and --fail-on.
source "$XC_TEST_DATA/cli/lib.bash"
A="$DATA/story-a/ctv.md"
P="$DATA/story-a/photo.jpg"
R="$DATA/story-a/runners-world.txt"

run --rules "$RULES" "$A" "$P" "$R"
expect_status 0 "text report"
# Files named on the command line are one story.
[ "$(head -n 1 <<<"$out" | cut -d: -f1)" = "files on the command line" ] ||
  fail "story name: $(head -n 1 <<<"$out")"
# Every input is accounted for: read or skipped, and the picture skipped with a reason.
grep -qE "^  $P: .+" <<<"$out" || fail "photo.jpg not listed with a reason: $out"
summary="$(tail -n 1 <<<"$out")"
grep -qE '^[0-9]+ documents? read, [0-9]+ skipped, 1 story; 0 errors, 0 warnings, 0 info$' <<<"$summary" ||
  fail "summary line: $summary"
read_n="$(sed -E 's/^([0-9]+) .*/\1/' <<<"$summary")"
skip_n="$(sed -E 's/^[0-9]+ documents? read, ([0-9]+) skipped.*/\1/' <<<"$summary")"
[ $((read_n + skip_n)) -eq 3 ] || fail "3 inputs, but $read_n read and $skip_n skipped"
[ "$skip_n" -ge 1 ] || fail "photo.jpg must be skipped"
grep -q $'\033' <<<"$out" && fail "colour without a terminal"

# One file: the story is named by it. --one-story: one story for all.
run --rules "$RULES" "$A"
[ "$(head -n 1 <<<"$out" | cut -d: -f1)" = "$A" ] || fail "one-file story name: $out"
run --rules "$RULES" --one-story "$A" "$DATA/story-b/huffpost.html"
grep -q '^all documents: ' <<<"$out" || fail "--one-story story name: $out"

# Colour: --color always wins over NO_COLOR; NO_COLOR and never turn it off.
run --rules "$RULES" --color always "$A" "$P"
grep -q $'\033\\[1m' <<<"$out" || fail "--color always without escapes"
NO_COLOR=1 run --rules "$RULES" --color always "$A" "$P"
grep -q $'\033' <<<"$out" || fail "--color always must win over NO_COLOR"
run --rules "$RULES" --color never "$A" "$P"
grep -q $'\033' <<<"$out" && fail "--color never with escapes"

# --fail-on: no findings here, so every level exits 0.
for level in error warning info never; do
  run --rules "$RULES" --fail-on "$level" "$A"
  expect_status 0 "--fail-on $level without findings"
done

# GitHub: a skipped input is a notice on its file; a plain summary line ends it.
run --rules "$RULES" --format github "$P"
expect_status 0 "github report"
grep -qE "^::notice file=${P//\//\\/},title=skipped::skipped: .+" <<<"$out" ||
  fail "github notice for photo.jpg: $out"
grep -qE '^crosscheck: 0 documents read, 1 skipped; 0 errors, 0 warnings, 0 info$' <<<"$out" ||
  fail "github summary: $out"

# Paths with characters GitHub gives a meaning to are escaped in properties.
cp "$P" "$SCRATCH/a,b:c.jpg"
run --rules "$RULES" --format github "$SCRATCH/a,b:c.jpg"
expect_out_has "::notice file=$SCRATCH/a%2Cb%3Ac.jpg,title=skipped::" "github escaping of a path"

# Document text cannot drive the terminal: control characters are replaced.
printf 'skipped because of \033[31m' >"$SCRATCH/ctl.jpg"
cp "$SCRATCH/ctl.jpg" "$SCRATCH/$(printf 'x\033[2Jy.jpg')"
run --rules "$RULES" --color never "$SCRATCH/$(printf 'x\033[2Jy.jpg')"
grep -q $'\033' <<<"$out" && fail "an escape in a path reached the terminal"

# A claim's sentence is shown on one line: a run of blanks (tabs, line
# breaks) is one space, a control character is U+FFFD, the rest as written.
mkdir -p "$SCRATCH/blanks"
printf 'The \001  race\thad 1,000 runners  \r\n in  town, police said.\n' >"$SCRATCH/blanks/a.txt"
printf 'The race had 800 runners,\t\tpolice  said \177 today.\n' >"$SCRATCH/blanks/b.txt"
run --rules "$RULES" --color never "$SCRATCH/blanks"
expect_out_has "    $SCRATCH/blanks/a.txt:1:17: The "$'\xEF\xBF\xBD'" race had 1,000 runners" \
  "blanks and a control character in a sentence"
expect_out_has "    $SCRATCH/blanks/b.txt:1:14: The race had 800 runners, police said "$'\xEF\xBF\xBD'" today." \
  "tabs, two spaces and DEL in a sentence"

# Two outlets that disagree on the number of runners: the exit status
# follows --fail-on and the severities the report shows.
C="$DATA/conflict"
run --rules "$RULES" --fail-on info "$C"
expect_status 1 "a finding with --fail-on info"
grep -qE '^  (error|warning) figure-conflict \(participants\): ' <<<"$out" ||
  fail "the conflict is not reported: $out"
grep -qE "^    $C/outlet-a.md:6:12: A total of 1,000 runners took part" <<<"$out" ||
  fail "claim in outlet-a.md not shown at 6:12: $out"
grep -qE "^    $C/outlet-b.md:6:[0-9]+: Some 800 runners took part" <<<"$out" ||
  fail "claim in outlet-b.md not shown: $out"
run --rules "$RULES" --fail-on never "$C"
expect_status 0 "--fail-on never"
run --rules "$RULES" --fail-on error "$C"
if grep -qE '^  error ' <<<"$out"; then want=1; else want=0; fi
expect_status "$want" "--fail-on error follows the report's errors"
run --rules "$RULES" --fail-on warning "$C"
expect_status 1 "--fail-on warning with a warning or an error"

# check --format github: the annotation is on the draft's line, the
# source's claim is listed in the message.
run --rules "$RULES" check "$C/outlet-a.md" --sources "$C/outlet-b.md" --format github --fail-on info
expect_status 1 "check with a conflict"
grep -qE "^::(error|warning) file=${C//\//\\/}/outlet-a.md,line=6,col=12,endLine=6,endColumn=25,title=figure-conflict \(participants\)::.*%0A${C//\//\\/}/outlet-b.md:6:[0-9]+: " <<<"$out" ||
  fail "github annotation on the draft: $out"

# Folders are stories (needs the real walk).
if walk_is_stub; then
  echo "note: folder walking not available yet; story grouping checks skipped"
else
  run --rules "$RULES" "$DATA/story-a" "$DATA/story-b"
  expect_status 0 "two folders"
  grep -q "^$DATA/story-a: " <<<"$out" || fail "story-a is not a story: $out"
  grep -q "^$DATA/story-b: " <<<"$out" || fail "story-b is not a story: $out"
  grep -qE ', 2 stories;' <<<"$out" || fail "two folders, two stories: $out"
  run --rules "$RULES" --one-story "$DATA/story-a" "$DATA/story-b"
  grep -qE ', 1 story;' <<<"$out" || fail "--one-story: $out"

  # A folder's story is not over when the walk goes down into a subfolder:
  # a.md and z.md (outer) are walked before and after m/ (its own story),
  # and still conflict; m/ is reported first, as it ends first.
  mkdir -p "$SCRATCH/nest/outer/m"
  cp "$DATA/conflict/outlet-a.md" "$SCRATCH/nest/outer/a.md"
  cp "$DATA/conflict/outlet-b.md" "$SCRATCH/nest/outer/z.md"
  cp "$DATA/story-a/ctv.md" "$SCRATCH/nest/outer/m/ctv.md"
  for jobs in 1 2 4; do
    run --rules "$RULES" --jobs $jobs "$SCRATCH/nest/outer"
    expect_status 0 "nested folders, --jobs $jobs"
    [ "$(grep -E '^[^ ].*: [0-9]+ sources?' <<<"$out" | cut -d: -f1 | tr '\n' ' ')" = \
      "$SCRATCH/nest/outer/m $SCRATCH/nest/outer " ] || fail "nested stories, --jobs $jobs: $out"
    grep -q "^$SCRATCH/nest/outer: 2 sources, .*1 conflict" <<<"$out" ||
      fail "a.md and z.md are one story, --jobs $jobs: $out"
    grep -qE '^3 documents read, 0 skipped, 2 stories;' <<<"$out" || fail "nested summary: $out"
  done
fi

finish
