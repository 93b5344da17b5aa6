/* Where the scan for capitalized runs of words finds them: it skips text
 * sixteen bytes at a time with a test that also lets "@[\]^_" through
 * (tested again and passed over), and reads a plain ASCII word's end
 * without the joiner loop. Runs are found wherever they start in a block
 * and in the last bytes of a text, after those punctuation marks and after
 * characters of two and three bytes; a word that goes on with a hyphen,
 * an apostrophe or a letter past ASCII is read whole. Seen through the
 * name-variant findings of hand-made stories. Expectations are written by
 * hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* One story of two documents: its number of findings, and the message of
 * the first one in msg (empty when there is none). */
static size_t variants(const char *a, const char *b, char *msg, size_t cap)
{
    xc_doc *d[2] = {mkdoc("a.txt", a), mkdoc("b.txt", b)};
    return name_variants(d, msg, cap);
}

static const char other[] = "then the Mangyondgae Prize began.\n";
static const char expected[] = "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                               "\"Mangyongdae Prize\" (a.txt)";

/* The run after 0 to 40 bytes of a lower-case word and a space: it starts
 * at every place of a sixteen-byte block, and (with no line after it) in the
 * last bytes. */
static void test_every_offset(void **state)
{
    static const char filler[] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    char msg[256], text[128];
    for (size_t k = 0; k <= 40; k++) {
        snprintf(text, sizeof text, "%.*s%sMangyongdae Prize", k ? (int)k - 1 : 0, filler,
                 k ? " " : "");
        assert_int_equal(variants(text, other, msg, sizeof msg), 1);
        assert_string_equal(msg, expected);
    }
}

/* "@[\]^_" pass the block test: each is passed over, and the run after them
 * is found, in a block and in the last bytes of the text. */
static void test_marks_passed_over(void **state)
{
    char msg[256];
    assert_int_equal(variants("mail a@b or x_y, [c] d^e f\\g then Mangyongdae Prize began.\n",
                              other, msg, sizeof msg),
                     1);
    assert_string_equal(msg, expected);
    assert_int_equal(variants("a@b Mangyongdae Prize_", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
    /* a capital right after one of them does not start a run */
    assert_int_equal(variants("the [Mangyongdae Prize] began.\n", other, msg, sizeof msg), 0);
}

/* Characters of two and three bytes before the run (a euro sign, an accented
 * letter) are stepped over whole. */
static void test_after_multibyte(void **state)
{
    char msg[256];
    assert_int_equal(variants("it cost \xe2\x82\xac"
                              "5 at the caf\xc3\xa9 before Mangyongdae "
                              "Prize began.\n",
                              other, msg, sizeof msg),
                     1);
    assert_string_equal(msg, expected);
    assert_int_equal(
        variants("\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac Mangyongdae Prize",
                 other, msg, sizeof msg),
        1);
    assert_string_equal(msg, expected);
}

/* A capital past ASCII starts a word of the run ("\xc3\x89lan"); a word
 * that goes on past its ASCII letters (with a letter past ASCII, a hyphen,
 * an apostrophe) is one word: the neighbour of both spellings is that
 * whole word. */
static void test_word_ends(void **state)
{
    char msg[256];
    assert_int_equal(variants("then the \xc3\x89lan Mangyongdae Prize began.\n",
                              "then the \xc3\x89lan Mangyondgae Cup began.\n", msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"\xc3\x89lan Mangyondgae Cup\" (b.txt) and "
                             "\"\xc3\x89lan Mangyongdae Prize\" (a.txt)");
    assert_int_equal(variants("then the Z\xc3\xbcrich Mangyongdae began.\n",
                              "then the Z\xc3\xbcrich Mangyondgae began.\n", msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Z\xc3\xbcrich Mangyondgae\" (b.txt) and "
                             "\"Z\xc3\xbcrich Mangyongdae\" (a.txt)");
    /* "Zurich" is not the word "z\xc3\xbcrich": the spellings have no
     * neighbour in common */
    assert_int_equal(variants("then the Z\xc3\xbcrich Mangyongdae began.\n",
                              "then the Zurich Mangyondgae began.\n", msg, sizeof msg),
                     0);
    assert_int_equal(variants("then Al-Mangyongdae Prize began.\n",
                              "then Al-Mangyondgae Prize began.\n", msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Al-Mangyondgae Prize\" (b.txt) and "
                             "\"Al-Mangyongdae Prize\" (a.txt)");
    /* a hyphen that ends the word is not part of it */
    assert_int_equal(variants("then Mangyongdae- Prize began.\n", other, msg, sizeof msg), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_offset),
        cmocka_unit_test(test_marks_passed_over),
        cmocka_unit_test(test_after_multibyte),
        cmocka_unit_test(test_word_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
