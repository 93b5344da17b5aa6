/* Keys of person mentions: a mention of ASCII letters in words of one space
 * ("Bob Woodward") is keyed by its lower case without the general word
 * reader; any other text (two spaces, a trailing space, a possessive, a
 * digit) goes through that reader, and both give the same words. A key has
 * one to eight words: a mention of more has none. Seen through the
 * name-variant findings of two-document stories whose mentions are pushed
 * as the people extractor would; expectations are written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* A story of a.txt and b.txt, each a line "<mention> spoke." with that one
 * mention (of person 0); returns the number of findings and the first
 * one's message in msg (empty when none). */
static size_t mentions(const char *ma, const char *mb, char *msg, size_t cap)
{
    const char *m[2] = {ma, mb};
    xc_doc *d[2];
    char text[128];
    for (int i = 0; i < 2; i++) {
        snprintf(text, sizeof text, "%s spoke.\n", m[i]);
        d[i] = mkdoc(i ? "b.txt" : "a.txt", text);
        xc_range r = {0, strlen(m[i])};
        xc_mention mt = {.span = xc_doc_span(d[i], r.start, r.end), .text = m[i], .person = 0};
        assert_int_equal(xc_vec_push(&d[i]->mentions, mt), 0);
        assert_int_equal(xc_vec_push(&d[i]->mention_fold, r), 0);
    }
    return name_variants(d, msg, cap);
}

static void test_plain_names(void **state)
{
    char msg[256];
    assert_int_equal(mentions("Bob Woodward", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward\" (a.txt)");
    /* capitals fold */
    assert_int_equal(mentions("BOB WOODWARD", "bob woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"bob woodard\" (b.txt) and \"BOB WOODWARD\" (a.txt)");
    /* one word alone */
    assert_int_equal(mentions("Woodward", "Woodard", msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Woodard\" (b.txt) and \"Woodward\" (a.txt)");
}

/* Texts the plain reading leaves to the word reader: the same words. */
static void test_other_texts(void **state)
{
    char msg[256];
    assert_int_equal(mentions("Bob  Woodward", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob  Woodward\" (a.txt)");
    assert_int_equal(mentions("Bob Woodward ", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward \" (a.txt)");
    assert_int_equal(mentions("Bob Woodward's", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward's\" (a.txt)");
    /* a digit is a word of its own: "woodward" and "woodard" no longer
     * stand beside the same words on both sides ("2" after one only), but
     * both still follow "bob" */
    assert_int_equal(mentions("Bob Woodward 2", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward 2\" (a.txt)");
}

/* Eight words make a key, nine none (lower case: no capitalized run is
 * found in the text either). The differing word comes first in the nine,
 * where it would have neighbours if they made a key; two spaces are one
 * word break, so the eight words with two spaces inside make a key. */
static void test_word_limit(void **state)
{
    char msg[256];
    assert_int_equal(
        mentions("al bo cy di ed fo gu woodward", "al bo cy di ed fo gu woodard", msg, sizeof msg),
        1);
    assert_string_equal(msg, "name spelled two ways: \"al bo cy di ed fo gu woodard\" (b.txt) and "
                             "\"al bo cy di ed fo gu woodward\" (a.txt)");
    assert_int_equal(mentions("woodward al bo cy di ed fo gu ha", "woodard al bo cy di ed fo gu ha",
                              msg, sizeof msg),
                     0);
    assert_int_equal(
        mentions("al bo cy di ed fo gu  woodward", "al bo cy di ed fo gu woodard", msg, sizeof msg),
        1);
    assert_string_equal(msg, "name spelled two ways: \"al bo cy di ed fo gu woodard\" (b.txt) and "
                             "\"al bo cy di ed fo gu  woodward\" (a.txt)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_names),
        cmocka_unit_test(test_other_texts),
        cmocka_unit_test(test_word_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
