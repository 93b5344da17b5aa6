/* The words around a count that make it a part of a list or a count of
 * children: "and" or "plus" with an article and a noun of people after or
 * before it ("four people and a child", "a child and four people"), "of"
 * after a parent ("a mother of 12"). Their first byte is tested first (the
 * last one, read backwards): the words are found in any case, and words
 * that share only that byte with them ("as", "said", "if") join nothing.
 * Seen through the findings of two-document stories whose counts are
 * pushed as the figures extractor would; expectations are written by
 * hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* A story of a.txt (text a, its count phrase_a of va nouns_a) and b.txt
 * ("Five people died in the fire.", 5 people), reconciled with the
 * built-in lists: its number of findings, the first one's message in msg. */
static size_t against_five(const char *a, const char *phrase_a, double va, const char *noun_a,
                           char *msg, size_t cap)
{
    xc_doc *d[2] = {mkdoc("a.txt", a), mkdoc("b.txt", "Five people died in the fire.\n")};
    story_add_count(d[0], phrase_a, 0, va, noun_a);
    story_add_count(d[1], "Five people", 0, 5, "person");
    return story_reconcile2(NULL, d, NULL, msg, cap);
}

/* "and" or "plus", an article and a noun of people after the count: a part. */
static void test_joined_after(void **state)
{
    (void)state;
    static const char *const parts[] = {
        "Four people and a child died in the fire.\n",
        "Four people AND A CHILD died in the fire.\n",
        "Four people, plus a child died in the fire.\n",
        "Four people Plus a Woman died in the fire.\n",
    };
    char msg[256];
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        assert_int_equal(against_five(parts[i], "Four people", 4, "person", msg, sizeof msg), 0);
    /* words that begin as "and" or "plus" do but are other words */
    static const char *const totals[] = {
        "Four people as a child died in the fire.\n",
        "Four people pa a child died in the fire.\n",
        "Four people andy a child died in the fire.\n",
        "Four people died in the fire.\n",
    };
    for (size_t i = 0; i < sizeof totals / sizeof *totals; i++) {
        assert_int_equal(against_five(totals[i], "Four people", 4, "person", msg, sizeof msg), 1);
        assert_string_equal(msg, "deaths: 4 (a.txt) vs 5 (b.txt)");
    }
}

/* An article, a noun of people and "and" or "plus" before the count. */
static void test_joined_before(void **state)
{
    (void)state;
    static const char *const parts[] = {
        "A child and four people died in the fire.\n",
        "A CHILD AND four people died in the fire.\n",
        "A child plus four people died in the fire.\n",
        "a woman PLUS four people died in the fire.\n",
    };
    char msg[256];
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        assert_int_equal(against_five(parts[i], "four people", 4, "person", msg, sizeof msg), 0);
    static const char *const totals[] = {
        "A child said four people died in the fire.\n",
        "A child has four people died in the fire.\n",
        "A child sand four people died in the fire.\n",
    };
    for (size_t i = 0; i < sizeof totals / sizeof *totals; i++) {
        assert_int_equal(against_five(totals[i], "four people", 4, "person", msg, sizeof msg), 1);
        assert_string_equal(msg, "deaths: 4 (a.txt) vs 5 (b.txt)");
    }
}

/* "of" after a parent: the count is of children, not compared; "if" or
 * "off" before it is no "of". */
static void test_parent_of(void **state)
{
    (void)state;
    char msg[256];
    assert_int_equal(
        against_five("A MOTHER OF 12 died in the fire.\n", "12", 12, NULL, msg, sizeof msg), 0);
    assert_int_equal(
        against_five("The Father Of 12 died in the fire.\n", "12", 12, NULL, msg, sizeof msg), 0);
    assert_int_equal(
        against_five("A mother if 12 died in the fire.\n", "12", 12, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "deaths: 5 (b.txt) vs 12 (a.txt)");
    assert_int_equal(
        against_five("A mother off 12 died in the fire.\n", "12", 12, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "deaths: 5 (b.txt) vs 12 (a.txt)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_joined_after),
        cmocka_unit_test(test_joined_before),
        cmocka_unit_test(test_parent_of),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
