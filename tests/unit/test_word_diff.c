/* xc_word_diff: the word diff of two quotes. Hand-written cases with their
 * expected operations, then random word sequences checked against the
 * longest-common-subsequence table written out cell by cell (the
 * definition the diff follows, with its tie rules), across the 64-word
 * boundaries of the bit vectors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "diff.h"

#include "diff_fixture.h"

static void test_cases(void **state)
{
    check_diff("people think it is all soldiers", "people think it is all soldiers", 6,
               "=people =think =it =is =all =soldiers");
    /* a word replaced: the deletion comes before the insertion */
    check_diff("they forget that people live here", "they forget ordinary people live here", 5,
               "=they =forget -that +ordinary =people =live =here");
    /* an excerpt: the missing words stay in one block at the start instead
     * of matching a stray "the" there */
    check_diff("the race and the runners", "the runners", 2, "-the -race -and =the =runners");
    check_diff("the runners", "the race and the runners", 2, "+the +race +and =the =runners");
    /* nothing in common; one side empty; both empty */
    check_diff("north korea", "pyongyang", 0, "-north -korea +pyongyang");
    check_diff("", "go running", 0, "+go +running");
    check_diff("go running", "", 0, "-go -running");
    check_diff("", "", 0, "");
}

/* Two words of one hash and one length but other letters are not one word. */
static void test_same_hash(void **state)
{
    xc_word a[2], b[2];
    make_words("kim loong", a, 2);
    make_words("kim lxong", b, 2);
    b[1].h = a[1].h;
    xc_diff_ops ops = {0};
    assert_int_equal(xc_word_diff(a, 2, b, 2, 1u << 20, &ops), 1);
    char text[128];
    ops_text(&ops, a, b, text, sizeof text);
    assert_string_equal(text, "=kim -loong +lxong");
    xc_vec_free(&ops);
}

/* More cells than allowed: -2 and no operation. */
static void test_too_large(void **state)
{
    xc_word a[8], b[8];
    size_t m = make_words("a b c d e f g h", a, 8), n = make_words("a b c d e f g h", b, 8);
    xc_diff_ops ops = {0};
    assert_int_equal(xc_word_diff(a, m, b, n, 8 * 9 - 1, &ops), -2);
    assert_int_equal(ops.n, 0);
    assert_int_equal(xc_word_diff(a, m, b, n, 8 * 9, &ops), 8);
    xc_vec_free(&ops);
}

/* Random sequences over small vocabularies (many repeated words, many ties)
 * of 0 to 200 words, one in five the same on both sides: every operation as
 * the definition gives it. */
static void test_random_against_definition(void **state)
{
    static const char *const vocab[] = {"the", "a",  "and",    "runners", "race",  "korea",
                                        "is",  "it", "people", "said",    "north", "go"};
    xc_word a[200], b[200];
    for (int round = 0; round < 600; round++) {
        size_t m = next_rand() % 201, n = next_rand() % 201;
        if (round % 3 == 0) m %= 70, n %= 70;
        size_t kinds = 2 + next_rand() % 11;
        for (size_t i = 0; i < m; i++) {
            const char *v = vocab[next_rand() % kinds];
            a[i] = word_of(v);
        }
        for (size_t j = 0; j < n; j++) {
            const char *v = vocab[next_rand() % kinds];
            b[j] = word_of(v);
        }
        if (round % 5 == 0) { /* the same words on both sides */
            n = m;
            memcpy(b, a, m * sizeof *a);
        }
        check_against_definition(a, m, b, n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_same_hash),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_random_against_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
