/* Documents with more figures or mentions than the preparation keeps on the
 * stack (its small buffers hold 32 of each): their counts and names are
 * reconciled as those of a short document are. Seen through the findings
 * of two-document stories whose figures and mentions are pushed as the
 * extractors would; expectations are written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* n sentences "Two women and one man died." each with its two counts (parts
 * of a list, compared with nothing), then "Four people died." (a total),
 * against "Five people died.". */
static size_t parts_then_total(size_t n, char *msg, size_t cap)
{
    char text[4096] = "";
    for (size_t i = 0; i < n; i++) strcat(text, "Two women and one man died. ");
    strcat(text, "Four people died.\n");
    xc_doc *d[2] = {mkdoc("a.txt", text), mkdoc("b.txt", "Five people died.\n")};
    for (size_t i = 0; i < n; i++) {
        story_add_count(d[0], "Two women", i, 2, "woman");
        story_add_count(d[0], "one man", i, 1, "man");
    }
    story_add_count(d[0], "Four people", 0, 4, "person");
    story_add_count(d[1], "Five people", 0, 5, "person");
    return story_reconcile2(NULL, d, NULL, msg, cap);
}

static void test_many_counts(void **state)
{
    (void)state;
    char msg[256];
    static const size_t sizes[] = {1, 15, 16, 17, 40};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        assert_int_equal(parts_then_total(sizes[k], msg, sizeof msg), 1);
        assert_string_equal(msg, "deaths: 4 (a.txt) vs 5 (b.txt)");
    }
}

/* n mentions of "Jen Loong" (each also a capitalized run, at the same place
 * with the same key: one name) against one of "Jen Long". */
static size_t mentions(size_t n, char *msg, size_t cap)
{
    char text[4096] = "";
    for (size_t i = 0; i < n; i++) strcat(text, "Jen Loong spoke. ");
    strcat(text, "\n");
    xc_doc *d[2] = {mkdoc("a.txt", text), mkdoc("b.txt", "Jen Long spoke.\n")};
    for (size_t i = 0; i < n; i++) story_add_mention(d[0], "Jen Loong", i);
    story_add_mention(d[1], "Jen Long", 0);
    return story_reconcile2(NULL, d, NULL, msg, cap);
}

static void test_many_mentions(void **state)
{
    (void)state;
    char msg[256];
    static const size_t sizes[] = {1, 31, 32, 33, 40, 90};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        assert_int_equal(mentions(sizes[k], msg, sizeof msg), 1);
        assert_string_equal(
            msg, "name spelled two ways: \"Jen Long\" (b.txt) and \"Jen Loong\" (a.txt)");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_counts),
        cmocka_unit_test(test_many_mentions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
