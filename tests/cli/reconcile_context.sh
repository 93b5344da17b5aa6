#!/usr/bin/env bash
# What the cross-check compares, on text read end to end: a measure is the
# person's its sentence names, a document giving a general count two values
# speaks of two things, and a quote is not misattributed on a pronoun.
source "$XC_TEST_DATA/cli/lib.bash"

story() { # folder, then one document per argument
  local dir="$SCRATCH/$1" i=0
  shift
  mkdir -p "$dir"
  for text in "$@"; do
    i=$((i + 1))
    printf '%s\n' "$text" >"$dir/doc$i.txt"
  done
}

# Two people's years of service are not one figure.
story veterans "Sgt. John Russell, a 20-year veteran of the department, was hurt." \
  "Captain Mark Tennant was a 28-year veteran of the department."
run --rules "$RULES" --color never "$SCRATCH/veterans"
expect_status 0 "two people's years"
grep -q "figure-conflict" <<<"$out" && fail "two people's years compared: $out"

# One person's years, given two ways, are.
story veteran "Sgt. John Russell, a 20-year veteran of the department, was hurt." \
  "Sgt. John Russell, a 28-year veteran of the department, was hurt."
run --rules "$RULES" --color never "$SCRATCH/veteran"
expect_status 1 "one person's years"
expect_out_has "error figure-conflict (duration): duration: 20 yr (doc1.txt) vs 28 yr (doc2.txt)" \
  "one person's years"

# One outlet counting people two ways is speaking of two groups of people.
story crowds "Three people spoke to reporters. Later 50 people watched the race." \
  "Some 12 people watched the race."
run --rules "$RULES" --color never "$SCRATCH/crowds"
grep -q "figure-conflict" <<<"$out" && fail "two groups of people compared: $out"

# A quote given to "he" is not held against a named speaker.
story pronoun "\"We appreciate your respect for her family at this time,\" he said." \
  "\"We appreciate your respect for her family at this time,\" said Jack Ketsoyan, her spokesman."
run --rules "$RULES" --color never "$SCRATCH/pronoun"
grep -q "quote-misattributed" <<<"$out" && fail "a pronoun's quote misattributed: $out"

finish
