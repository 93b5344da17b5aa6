/* xc_osa_distance works out only the cells near the table's diagonal and
 * stops once a row and the one before it are all past max: spellings whose
 * edits lie far apart or shift the alignment, written out by hand, then
 * random pairs against the whole table written out cell by cell. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "diff.h"

#include "diff_fixture.h"

static void test_far_apart(void **state)
{
    /* two transpositions at both ends of a long word */
    assert_int_equal(xc_osa_distance("bacdefghij", "abcdefghji", 2), 2);
    /* a letter left out at the start and one added at the end: the
     * alignment runs one off the diagonal all the way */
    assert_int_equal(xc_osa_distance("xabcdefg", "abcdefgy", 2), 2);
    /* two off: four edits, past max 2, exact with max 4 */
    assert_int_equal(xc_osa_distance("xxabcdef", "abcdefyy", 2), 3);
    assert_int_equal(xc_osa_distance("xxabcdef", "abcdefyy", 4), 4);
    /* three substitutions far apart */
    assert_int_equal(xc_osa_distance("kim jong un", "kin jong um", 2), 2);
    assert_int_equal(xc_osa_distance("kim jong un", "kin jonk um", 2), 3);
    assert_int_equal(xc_osa_distance("kim jong un", "kin jonk um", 3), 3);
    /* nothing alike early on: over max before the end */
    assert_int_equal(xc_osa_distance("abcdefghij", "klmnopqrst", 2), 3);
    assert_int_equal(xc_osa_distance("abcdefghij", "klmnopqrst", 10), 10);
    /* max 0: equal or not */
    assert_int_equal(xc_osa_distance("marathon", "marathon", 0), 0);
    assert_int_equal(xc_osa_distance("marathon", "marathin", 0), 1);
    /* a max larger than both lengths together */
    assert_int_equal(xc_osa_distance("ab", "cde", 100), 3);
    /* letters past ASCII count once */
    assert_int_equal(xc_osa_distance("z\xc3\xbcrich", "zurich", 1), 1);
    assert_int_equal(xc_osa_distance("\xc3\xa9mile zola", "emile zol\xc3\xa0", 1), 2);
}

/* The whole table, cell by cell. */
static size_t reference_osa(const char *a, const char *b)
{
    size_t m = strlen(a), n = strlen(b), w = n + 1;
    size_t *d = calloc((m + 1) * w, sizeof *d);
    assert_non_null(d);
    for (size_t i = 0; i <= m; i++) d[i * w] = i;
    for (size_t j = 0; j <= n; j++) d[j] = j;
    for (size_t i = 1; i <= m; i++)
        for (size_t j = 1; j <= n; j++) {
            size_t v = d[(i - 1) * w + j] + 1;
            if (d[i * w + j - 1] + 1 < v) v = d[i * w + j - 1] + 1;
            size_t sub = d[(i - 1) * w + j - 1] + (a[i - 1] != b[j - 1]);
            if (sub < v) v = sub;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[(i - 2) * w + j - 2] + 1 < v)
                v = d[(i - 2) * w + j - 2] + 1;
            d[i * w + j] = v;
        }
    size_t r = d[m * w + n];
    free(d);
    return r;
}

/* Random words over two to four letters, the second often the first
 * edited a little, every max from 0 to 5: the reference's distance, or
 * max + 1 past max. */
static void test_random_against_table(void **state)
{
    char a[48], b[48];
    for (int round = 0; round < 20000; round++) {
        size_t letters = 2 + next_rand() % 3, m = next_rand() % 40;
        for (size_t i = 0; i < m; i++) a[i] = (char)('a' + next_rand() % letters);
        a[m] = '\0';
        size_t n = 0;
        if (round % 2) {
            /* a few edits of a */
            for (size_t i = 0; i < m && n < 46; i++) {
                unsigned r = next_rand() % 16;
                if (r == 0) continue;                                     /* left out */
                if (r == 1) b[n++] = (char)('a' + next_rand() % letters); /* added */
                if (r == 2 && i + 1 < m) {                                /* swapped */
                    b[n++] = a[i + 1];
                    b[n++] = a[i++];
                    continue;
                }
                b[n++] = r == 3 ? (char)('a' + next_rand() % letters) : a[i];
            }
        } else {
            n = next_rand() % 40;
            for (size_t j = 0; j < n; j++) b[j] = (char)('a' + next_rand() % letters);
        }
        b[n] = '\0';
        size_t want = reference_osa(a, b);
        for (size_t max = 0; max <= 5; max++) {
            size_t got = xc_osa_distance(a, b, max);
            if (got != (want <= max ? want : max + 1))
                fail_msg("\"%s\" \"%s\" max %zu: %zu, not %zu", a, b, max, got, want);
        }
    }
}

int main(void)
{
    rng_state = 0x2545F4914F6CDD1Dull; /* this file's own sequence */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_far_apart),
        cmocka_unit_test(test_random_against_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
