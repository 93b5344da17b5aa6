/* xc_osa_distance: edits between two spellings (insertions, deletions,
 * substitutions, transpositions of neighbours), in code points, capped at
 * max + 1. Expectations worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "diff.h"

static void test_spellings(void **state)
{
    assert_int_equal(xc_osa_distance("mangyongdae", "mangyongdae", 2), 0);
    /* "gd" for "dg": one transposition */
    assert_int_equal(xc_osa_distance("mangyondgae", "mangyongdae", 2), 1);
    /* "job" for "jong": n -> b, g left out */
    assert_int_equal(xc_osa_distance("jong", "job", 2), 2);
    assert_int_equal(xc_osa_distance("kesler", "kessler", 2), 1);
    /* a transposition is not edited again: "ca" to "abc" is three edits
     * (two with unrestricted transpositions) */
    assert_int_equal(xc_osa_distance("ca", "abc", 5), 3);
    assert_int_equal(xc_osa_distance("", "abc", 5), 3);
    assert_int_equal(xc_osa_distance("abc", "", 5), 3);
    assert_int_equal(xc_osa_distance("", "", 0), 0);
}

/* Counted in code points: an accent is one substitution. */
static void test_code_points(void **state)
{
    assert_int_equal(xc_osa_distance("vend\xc3\xb4me", "vendome", 2), 1);
    assert_int_equal(xc_osa_distance("\xe5\xa5\xbd", "\xe5\xa5\xbd\xe5\xa5\xbd", 2), 1);
}

/* Past max the answer is max + 1, whether the lengths alone tell it or not. */
static void test_cap(void **state)
{
    assert_int_equal(xc_osa_distance("abcdef", "ab", 2), 3);
    assert_int_equal(xc_osa_distance("abcd", "wxyz", 2), 3);
    assert_int_equal(xc_osa_distance("abcd", "wxyz", 4), 4);
}

/* Longer words than the stack buffers take. */
static void test_long(void **state)
{
    char a[201], b[201];
    memset(a, 'a', 200);
    a[200] = '\0';
    memcpy(b, a, sizeof a);
    b[150] = 'b';
    assert_int_equal(xc_osa_distance(a, b, 2), 1);
    b[199] = '\0';
    assert_int_equal(xc_osa_distance(a, b, 2), 2);
    b[100] = 'c';
    assert_int_equal(xc_osa_distance(a, b, 2), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spellings),
        cmocka_unit_test(test_code_points),
        cmocka_unit_test(test_cap),
        cmocka_unit_test(test_long),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
