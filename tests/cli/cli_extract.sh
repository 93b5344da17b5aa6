#!/usr/bin/env bash
# extract: one record per input in input order, skipped inputs with their
# reason, and output byte-identical for any --jobs.
source "$XC_TEST_DATA/cli/lib.bash"
FILES=("$DATA/story-a/ctv.md" "$DATA/story-a/photo.jpg" "$DATA/story-a/runners-world.txt"
       "$DATA/story-b/huffpost.html" "$DATA/story-b/latin1-mixed.txt")

run --rules "$RULES" extract -j1 "${FILES[@]}"
expect_status 0 "extract"
[ "$(wc -l <<<"$out")" -eq 5 ] || fail "extract: expected 5 records, got: $out"
# Records come in the order the files were named.
i=0
while IFS= read -r line; do
  grep -qF "\"path\":\"${FILES[$i]}\"" <<<"$line" || fail "record $i is not ${FILES[$i]}: $line"
  i=$((i + 1))
done <<<"$out"
# The picture is accounted for: skipped, with a reason.
photo="$(sed -n 2p <<<"$out")"
grep -qF '"status":"skipped"' <<<"$photo" || fail "photo.jpg not skipped: $photo"
grep -qE '"reason":"[^"]+"' <<<"$photo" || fail "photo.jpg has no reason: $photo"
serial="$out"

for jobs in 2 3 8; do
  run --rules "$RULES" extract --jobs "$jobs" "${FILES[@]}"
  expect_status 0 "extract --jobs $jobs"
  [ "$out" = "$serial" ] || fail "extract --jobs $jobs differs from --jobs 1"
done

# The same for the cross-check reports and for a larger set of inputs.
mkdir "$SCRATCH/many"
for i in $(seq 1 120); do
  printf '"Quote number %d," said Ann Lee. About %d runners took part on April 13.\n' "$i" "$i" >"$SCRATCH/many/d$i.txt"
done
printf 'binary\0data' >"$SCRATCH/many/zz.bin"
for fmt in jsonl text github json sarif html; do
  "$XC" --rules "$RULES" extract -j1 --format "$fmt" "$SCRATCH"/many/* "${FILES[@]}" "$DATA/conflict" >"$SCRATCH/one" 2>/dev/null
  "$XC" --rules "$RULES" extract -j2 --format "$fmt" "$SCRATCH"/many/* "${FILES[@]}" "$DATA/conflict" >"$SCRATCH/two" 2>/dev/null
  cmp -s "$SCRATCH/one" "$SCRATCH/two" || fail "extract --format $fmt: -j1 and -j2 differ"
  [ -s "$SCRATCH/one" ] || fail "extract --format $fmt wrote nothing"
  "$XC" --rules "$RULES" -j1 --format "$fmt" "$SCRATCH"/many/* "${FILES[@]}" "$DATA/conflict" >"$SCRATCH/one" 2>/dev/null
  "$XC" --rules "$RULES" -j3 --format "$fmt" "$SCRATCH"/many/* "${FILES[@]}" "$DATA/conflict" >"$SCRATCH/two" 2>/dev/null
  cmp -s "$SCRATCH/one" "$SCRATCH/two" || fail "cross-check --format $fmt: -j1 and -j3 differ"
  [ -s "$SCRATCH/one" ] || fail "cross-check --format $fmt wrote nothing"
done
n="$("$XC" --rules "$RULES" extract -j2 "$SCRATCH"/many/* | wc -l)"
[ "$n" -eq 121 ] || fail "121 inputs gave $n records"

# The same file reached twice is read once; the second is accounted for.
A="$DATA/story-a/ctv.md"
ln -s "$A" "$SCRATCH/link.md"
run --rules "$RULES" extract "$A" "$SCRATCH/link.md" "$A"
expect_status 0 "the same file twice"
[ "$(wc -l <<<"$out")" -eq 3 ] || fail "the same file three times: 3 records expected: $out"
for n in 2 3; do
  rec="$(sed -n ${n}p <<<"$out")"
  grep -qF "\"status\":\"skipped\",\"reason\":\"the same file as $A, read once\"" <<<"$rec" ||
    fail "record $n is not a duplicate: $rec"
done

# Folders: every file under them is accounted for (needs the real walk).
if walk_is_stub; then
  echo "note: folder walking not available yet; folder checks skipped"
else
  run --rules "$RULES" extract -j2 "$DATA/story-a"
  expect_status 0 "extract a folder"
  for f in ctv.md photo.jpg runners-world.txt; do
    expect_out_has "\"path\":\"$DATA/story-a/$f\"" "folder walk lists $f"
  done
  [ "$(wc -l <<<"$out")" -eq 3 ] || fail "story-a: expected 3 records: $out"
fi

finish
