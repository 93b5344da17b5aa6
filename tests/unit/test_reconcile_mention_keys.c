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

static void test_plain_names(void **state)
{
    char msg[256];
    assert_int_equal(story_mentions("Bob Woodward", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward\" (a.txt)");
    /* capitals fold */
    assert_int_equal(story_mentions("BOB WOODWARD", "bob woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"bob woodard\" (b.txt) and \"BOB WOODWARD\" (a.txt)");
    /* one word alone */
    assert_int_equal(story_mentions("Woodward", "Woodard", msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Woodard\" (b.txt) and \"Woodward\" (a.txt)");
}

/* Texts the plain reading leaves to the word reader: the same words. */
static void test_other_texts(void **state)
{
    char msg[256];
    assert_int_equal(story_mentions("Bob  Woodward", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob  Woodward\" (a.txt)");
    assert_int_equal(story_mentions("Bob Woodward ", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward \" (a.txt)");
    assert_int_equal(story_mentions("Bob Woodward's", "Bob Woodard", msg, sizeof msg), 1);
    assert_string_equal(
        msg, "name spelled two ways: \"Bob Woodard\" (b.txt) and \"Bob Woodward's\" (a.txt)");
    /* a digit is a word of its own: "woodward" and "woodard" no longer
     * stand beside the same words on both sides ("2" after one only), but
     * both still follow "bob" */
    assert_int_equal(story_mentions("Bob Woodward 2", "Bob Woodard", msg, sizeof msg), 1);
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
    assert_int_equal(story_mentions("al bo cy di ed fo gu woodward", "al bo cy di ed fo gu woodard",
                                    msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"al bo cy di ed fo gu woodard\" (b.txt) and "
                             "\"al bo cy di ed fo gu woodward\" (a.txt)");
    assert_int_equal(story_mentions("woodward al bo cy di ed fo gu ha",
                                    "woodard al bo cy di ed fo gu ha", msg, sizeof msg),
                     0);
    assert_int_equal(story_mentions("al bo cy di ed fo gu  woodward",
                                    "al bo cy di ed fo gu woodard", msg, sizeof msg),
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
