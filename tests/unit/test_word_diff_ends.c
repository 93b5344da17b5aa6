/* xc_word_diff of quotes that end alike, have no word in common, or have
 * one side empty: hand-written cases with their expected operations, then
 * random pairs that share their last words, checked against the
 * longest-common-subsequence table written out cell by cell. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "diff.h"

#include "diff_fixture.h"

static void test_cases(void **state)
{
    /* one word changed, at the start, in the middle, at the end */
    check_diff("we will run again", "they will run again", 3, "-we +they =will =run =again");
    check_diff("we will run again", "we will walk again", 3, "=we =will -run +walk =again");
    check_diff("we will run again", "we will run home", 3, "=we =will =run -again +home");
    /* one side quotes the other's last words */
    check_diff("they said people live here", "people live here", 3,
               "-they -said =people =live =here");
    check_diff("people live here", "they said people live here", 3,
               "+they +said =people =live =here");
    /* repeated words before the common end: the extra one is deleted first */
    check_diff("the the cat", "the cat", 2, "-the =the =cat");
    check_diff("go go go", "go go", 2, "-go =go =go");
    check_diff("cat the", "the cat the", 2, "+the =cat =the");
    /* the end common, the words before it in another order */
    check_diff("a b c end", "c b a end", 2, "-a -b =c +b +a =end");
    /* nothing in common, either side longer */
    check_diff("north korea", "pyongyang marathon runners", 0,
               "-north -korea +pyongyang +marathon +runners");
    check_diff("pyongyang marathon runners", "north", 0, "-pyongyang -marathon -runners +north");
    /* one word, the same or not */
    check_diff("yes", "yes", 1, "=yes");
    check_diff("yes", "no", 0, "-yes +no");
}

/* Random pairs over small vocabularies (many repeats, many ties) that end
 * with the same 0 to 40 words, of 0 to 150 words in all (on both sides of
 * the sizes that fit the diff's stack block), and pairs from two
 * vocabularies with no word in common: every operation as the definition
 * gives it. */
static void test_random_common_ends(void **state)
{
    static const char *const vocab[] = {"the",   "a",     "and", "runners", "race",
                                        "korea", "is",    "it",  "of",      "we",
                                        "said",  "north", "go",  "home",    "people"};
    static const char *const other[] = {"x", "y", "z"};
    xc_word a[200], b[200];
    for (int round = 0; round < 1500; round++) {
        size_t m = next_rand() % 111, n = next_rand() % 111, tail = next_rand() % 41;
        size_t kinds = 1 + next_rand() % 15;
        bool disjoint = round % 7 == 0;
        for (size_t i = 0; i < m; i++) {
            const char *v = vocab[next_rand() % kinds];
            a[i] = word_of(v);
        }
        for (size_t j = 0; j < n; j++) {
            const char *v = disjoint ? other[next_rand() % 3] : vocab[next_rand() % kinds];
            b[j] = word_of(v);
        }
        if (!disjoint)
            for (size_t k = 0; k < tail; k++) {
                const char *v = vocab[next_rand() % kinds];
                a[m++] = b[n++] = word_of(v);
            }
        check_against_definition(a, m, b, n);
    }
}

/* Operations are appended after the ones already there. */
static void test_appends(void **state)
{
    xc_word a[4], b[4];
    size_t m = make_words("we run home", a, 4), n = make_words("they run home", b, 4);
    xc_diff_ops ops = {0};
    assert_int_equal(xc_vec_push(&ops, ((xc_diff_op){XC_OP_INSERT, 7, 7})), 0);
    assert_int_equal(xc_word_diff(a, m, b, n, 1u << 20, &ops), 2);
    assert_int_equal(ops.n, 5);
    assert_int_equal(ops.v[0].a, 7);
    assert_int_equal(ops.v[1].op, XC_OP_DELETE);
    assert_int_equal(ops.v[2].op, XC_OP_INSERT);
    assert_int_equal(ops.v[3].op, XC_OP_EQUAL);
    assert_int_equal(ops.v[4].op, XC_OP_EQUAL);
    assert_int_equal(ops.v[4].a, 2);
    assert_int_equal(ops.v[4].b, 2);
    xc_vec_free(&ops);
}

int main(void)
{
    rng_state = 2463534242ull; /* this file's own sequence */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_random_common_ends),
        cmocka_unit_test(test_appends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
