/* Runs of capitalized words next to a lone capitalized word: a word that no
 * capital follows after one space is a run of one word, never kept, and the
 * run that comes after it (after two spaces, a parenthesis, a line break)
 * is found as it is; a capital after one space still joins the run. Seen
 * through the name-variant findings of hand-made stories. Expectations are
 * written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static xc_doc *mkdoc(const char *name, const char *text)
{
    xc_doc *d = xc_doc_load_mem(name, text, strlen(text), NULL);
    assert_non_null(d);
    assert_int_equal(d->status, XC_DOC_OK);
    return d;
}

/* One story of two documents: its number of findings, and the message of
 * the first one in msg (empty when there is none). */
static size_t variants(const char *a, const char *b, char *msg, size_t cap)
{
    xc_doc *d[2] = {mkdoc("a.txt", a), mkdoc("b.txt", b)};
    xc_story *s = xc_story_new("story");
    assert_non_null(s);
    for (size_t i = 0; i < 2; i++) assert_int_equal(xc_story_add(s, d[i], false), XC_OK);
    xc_check_opts o = {0};
    assert_int_equal(xc_story_reconcile(s, NULL, &o), XC_OK);
    const xc_finding *f;
    size_t n = xc_story_findings(s, &f);
    msg[0] = '\0';
    if (n) {
        assert_string_equal(f[0].kind, "name-variant");
        snprintf(msg, cap, "%s", f[0].message);
    }
    xc_story_free(s);
    xc_doc_free(d[0]);
    xc_doc_free(d[1]);
    return n;
}

static const char other[] = "then the Mangyondgae Prize began.\n";
static const char expected[] = "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                               "\"Mangyongdae Prize\" (a.txt)";

/* Two spaces end a run: "Smith" stays alone and the run is the two words
 * after it. */
static void test_two_spaces(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith  Mangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A parenthesis after a lone word: the run starts inside it. */
static void test_parenthesis(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith (Mangyongdae Prize) that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A lone word at a line's end, the run at the next line's start. */
static void test_line_break(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith\nMangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A lone word that ends the text, and one before a word past ASCII that is
 * not a capital: no run, no finding, and nothing read past the end. */
static void test_lone_at_end(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("the prize went to Smith", "the prize went to Smith", msg, sizeof msg), 0);
    assert_int_equal(
        variants("the prize went to Smith \xc3\xa9t\xc3\xa9", "it went to Smith ", msg, sizeof msg),
        0);
}

/* One space and a capital: the word before joins the run, which is
 * "Smith Mangyongdae Prize"; its "Prize" is beside both spellings. */
static void test_joined(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith Mangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"Smith Mangyongdae Prize\" (a.txt)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_spaces), cmocka_unit_test(test_parenthesis),
        cmocka_unit_test(test_line_break), cmocka_unit_test(test_lone_at_end),
        cmocka_unit_test(test_joined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
