/* The line and column of both ends of a span, found together
 * (xc_doc_span_position): the same as xc_doc_position gives each end, for
 * ends on one line, on the next lines, far apart, reversed, and past
 * ASCII. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static void check_all_pairs(const char *text)
{
    xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    assert_non_null(d);
    size_t n = strlen(text);
    for (size_t a = 0; a <= n; a++) {
        for (size_t b = 0; b <= n; b++) {
            unsigned pos[4], l1, c1, l2, c2;
            xc_doc_span_position(d, (xc_span){a, b}, pos);
            xc_doc_position(d, a, &l1, &c1);
            xc_doc_position(d, b, &l2, &c2);
            if (pos[0] != l1 || pos[1] != c1 || pos[2] != l2 || pos[3] != c2)
                fail_msg("[%zu, %zu): %u:%u-%u:%u, expected %u:%u-%u:%u", a, b, pos[0], pos[1],
                         pos[2], pos[3], l1, c1, l2, c2);
        }
    }
    xc_doc_free(d);
}

static void test_same_as_each_end(void **state)
{
    (void)state;
    check_all_pairs("ab\ncd\n\nef gh\ni\nj\nk\nl\nm\nn\no\n");
    check_all_pairs("\n\n\n\n\n\n\n\nx");
    check_all_pairs(
        "caf\xC3\xA9 au lait\r\nna\xC3\xAFve\rr\xC3\xB4le\n\xE2\x80\x9Chi\xE2\x80\x9D\n");
    check_all_pairs("one line only");
}

/* Written by hand: a span over six lines, and one inside a line past ASCII. */
static void test_known_positions(void **state)
{
    (void)state;
    const char *text = "ab\ncd\n\nef gh\ni\nj\nk\nl\n";
    xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    assert_non_null(d);
    unsigned pos[4];
    xc_doc_span_position(d, (xc_span){1, 17}, pos); /* from "b" to just before "k" */
    assert_int_equal(pos[0], 1);
    assert_int_equal(pos[1], 2);
    assert_int_equal(pos[2], 7);
    assert_int_equal(pos[3], 1);
    xc_doc_free(d);
    text = "x\nd\xC3\xA9j\xC3\xA0 vu\n";
    d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    assert_non_null(d);
    xc_doc_span_position(d, (xc_span){5, 10}, pos); /* "j\xC3\xA0 v" */
    assert_int_equal(pos[0], 2);
    assert_int_equal(pos[1], 3);
    assert_int_equal(pos[2], 2);
    assert_int_equal(pos[3], 7);
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_each_end),
        cmocka_unit_test(test_known_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
