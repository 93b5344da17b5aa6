/* xc_pairs_sort: pairs ordered by their first number, then their second;
 * equal pairs stay (the caller drops repeats). Expectations written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "diff.h"

static void test_order(void **state)
{
    xc_pair v[] = {{3, 4}, {0, 5}, {3, 1}, {1, 2}, {0, 5}, {2, 3}, {0, 1}, {3, 4}};
    const xc_pair want[] = {{0, 1}, {0, 5}, {0, 5}, {1, 2}, {2, 3}, {3, 1}, {3, 4}, {3, 4}};
    const size_t n = sizeof v / sizeof *v;
    assert_int_equal(xc_pairs_sort(v, n, 6), 0);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(v[i].u, want[i].u);
        assert_int_equal(v[i].v, want[i].v);
    }
}

/* Numbers up to bound - 1, pairs already in order, and the empty and
 * one-pair cases. */
static void test_edges(void **state)
{
    xc_pair v[] = {{9, 9}, {0, 0}, {9, 0}, {0, 9}};
    assert_int_equal(xc_pairs_sort(v, 4, 10), 0);
    assert_int_equal(v[0].u, 0);
    assert_int_equal(v[0].v, 0);
    assert_int_equal(v[1].u, 0);
    assert_int_equal(v[1].v, 9);
    assert_int_equal(v[2].u, 9);
    assert_int_equal(v[2].v, 0);
    assert_int_equal(v[3].u, 9);
    assert_int_equal(v[3].v, 9);
    assert_int_equal(xc_pairs_sort(v, 4, 10), 0); /* sorted stays sorted */
    assert_int_equal(v[1].v, 9);
    assert_int_equal(v[2].u, 9);
    xc_pair one = {5, 7};
    assert_int_equal(xc_pairs_sort(&one, 1, 1), 0); /* one pair: nothing to do */
    assert_int_equal(one.u, 5);
    assert_int_equal(xc_pairs_sort(NULL, 0, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
