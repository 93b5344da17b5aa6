/* Loading tells ASCII documents apart (most news text): their bytes are
 * copied to the text and the matching view without being looked at again,
 * and only what is really ASCII takes that way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "load_fixture.h"

static void test_ascii_text(void **state)
{
    (void)state;
    const char *t = "A total of 1,000 runners took part.\r\nReid said \"yes\" -- twice.\n";
    xc_doc *d = mkdoc("a.txt", t);
    assert_true(d->utf8_ascii);
    assert_true(d->text_ascii);
    /* CRLF became LF in the text; the fold is the text, with no map */
    assert_string_equal(d->text,
                        "A total of 1,000 runners took part.\nReid said \"yes\" -- twice.\n");
    assert_int_equal(d->fold_len, d->text_len);
    assert_memory_equal(d->fold, d->text, d->text_len);
    assert_int_equal(d->fold_map.runs.n, 0);
    /* columns of an ASCII line are byte counts: "Reid" is line 2, column 1 */
    unsigned line, col;
    xc_doc_position(d, 37, &line, &col);
    assert_int_equal(line, 2);
    assert_int_equal(col, 1);
    xc_doc_free(d);

    /* a byte order mark before ASCII text: the text after it is ASCII */
    d = mkdoc("bom.txt", "\xef\xbb\xbfPlain words.\n");
    assert_true(d->utf8_ascii);
    assert_true(d->text_ascii);
    assert_string_equal(d->fold, "Plain words.\n");
    xc_doc_free(d);
}

static void test_not_ascii(void **state)
{
    (void)state;
    /* a letter past ASCII, late in the text */
    xc_doc *d = mkdoc("e.txt", "The race in the capital was won by Zo\xc3\xab Adams on Sunday.\n");
    assert_false(d->utf8_ascii);
    assert_false(d->text_ascii);
    unsigned line, col;
    xc_doc_position(d, 40, &line, &col); /* "Adams": 39 code points before it */
    assert_int_equal(col, 40);
    xc_doc_free(d);

    /* curly quotes are folded in the matching view */
    d = mkdoc("q.txt", "He said \xe2\x80\x9cyes\xe2\x80\x9d.\n");
    assert_false(d->text_ascii);
    assert_string_equal(d->fold, "He said \"yes\".\n");
    xc_doc_free(d);

    /* an invalid byte is repaired to U+FFFD: not ASCII */
    d = mkdoc("bad.txt", "Caf\xff ran fast.\n");
    assert_false(d->utf8_ascii);
    assert_false(d->text_ascii);
    xc_doc_free(d);
}

/* ASCII bytes whose entities decode past ASCII: the file is ASCII, its
 * text is not, and the matching view still folds what they became. */
static void test_ascii_file_with_entities(void **state)
{
    (void)state;
    xc_doc *d = mkdoc("p.html", "<p>He&nbsp;said &ldquo;yes&rdquo; &amp; left.</p>\n");
    assert_true(d->utf8_ascii);
    assert_false(d->text_ascii);
    /* the paragraph ends with a blank line */
    assert_string_equal(d->fold, "He said \"yes\" & left.\n\n");
    xc_doc_free(d);

    /* an entity that stays ASCII keeps the text ASCII */
    d = mkdoc("a.html", "<p>Salt &amp; pepper.</p>\n");
    assert_true(d->text_ascii);
    assert_string_equal(d->fold, "Salt & pepper.\n\n");
    xc_doc_free(d);

    /* the same in a plain text file */
    d = mkdoc("n.txt", "Prices rose 5&nbsp;%.\n");
    assert_true(d->utf8_ascii);
    assert_false(d->text_ascii);
    assert_string_equal(d->fold, "Prices rose 5 %.\n");
    xc_doc_free(d);
}

/* The markup pass of plain text starts from what loading found already
 * (the first '<', whether there is a CR at all): each is still handled
 * where it is. */
static void test_plain_text_specials(void **state)
{
    (void)state;
    xc_doc *d = mkdoc("c.txt", "3 < 4, said Reid.\r\nNext line\rthird & last\n");
    assert_string_equal(d->text, "3 < 4, said Reid.\nNext line\nthird & last\n");
    assert_int_equal(d->lines.n, 4); /* CRLF, CR and LF each end a line */
    unsigned line, col;
    xc_doc_position(d, 29, &line, &col); /* "third" */
    assert_int_equal(line, 3);
    assert_int_equal(col, 1);
    xc_doc_free(d);

    /* no CR, a '<' late in the text */
    d = mkdoc("d.txt", "Rain fell.\nThe odds were <1%.\n");
    assert_string_equal(d->fold, "Rain fell.\nThe odds were <1%.\n");
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ascii_text),
        cmocka_unit_test(test_not_ascii),
        cmocka_unit_test(test_ascii_file_with_entities),
        cmocka_unit_test(test_plain_text_specials),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
