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

# A file and a hard link to it in one folder, and the file named again
# before the folder: the folder's entries are known by their inode numbers,
# so both second sightings are duplicates of the first.
mkdir "$SCRATCH/twice"
cp "$A" "$SCRATCH/twice/a.md"
ln "$SCRATCH/twice/a.md" "$SCRATCH/twice/b.md"
cp "$A" "$SCRATCH/twice/c.md"
run --rules "$RULES" extract "$SCRATCH/twice/c.md" "$SCRATCH/twice"
expect_status 0 "a folder with a hard link"
[ "$(wc -l <<<"$out")" -eq 4 ] || fail "c.md, then a.md, b.md, c.md: 4 records expected: $out"
for want in "1 $SCRATCH/twice/c.md ok" "2 $SCRATCH/twice/a.md ok" \
  "3 $SCRATCH/twice/b.md the same file as $SCRATCH/twice/a.md, read once" \
  "4 $SCRATCH/twice/c.md the same file as $SCRATCH/twice/c.md, read once"; do
  read -r n path reason <<<"$want"
  rec="$(sed -n ${n}p <<<"$out")"
  grep -qF "\"path\":\"$path\"" <<<"$rec" || fail "record $n is not $path: $rec"
  if [ "$reason" = ok ]; then
    grep -qF '"status":"skipped"' <<<"$rec" && fail "record $n was skipped: $rec"
  else
    grep -qF "\"status\":\"skipped\",\"reason\":\"$reason\"" <<<"$rec" ||
      fail "record $n is not a duplicate: $rec"
  fi
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
