/* Names a story repeats: a name whose key an earlier name has (in its own
 * document or in another) takes that name's spellings and adds no slots of
 * its own, yet it still stands in its spellings, so a finding names every
 * outlet that writes a spelling and shows each document's first name with
 * it. Seen through the name-variant findings of hand-made stories;
 * expectations are written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* Reconciles the n documents as one story. */
static xc_story *reconcile(xc_doc **d, size_t n)
{
    xc_story *s = xc_story_new("story");
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) assert_int_equal(xc_story_add(s, d[i], false), XC_OK);
    xc_check_opts o = {0};
    assert_int_equal(xc_story_reconcile(s, NULL, &o), XC_OK);
    return s;
}

/* "Mangyongdae Prize" of b.txt repeats the key of a.txt's name; b.txt is
 * still one of the outlets of that spelling, and its claim is b.txt's first
 * such name (line 1), not its second. */
static void test_repeat_from_other_document(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "then the Mangyongdae Prize began.\n"),
                    mkdoc("b.txt", "then the Mangyongdae Prize began.\n"
                                   "then the Mangyondgae Prize ended.\n"
                                   "then the Mangyongdae Prize ended.\n")};
    xc_story *s = reconcile(d, 2);
    const xc_finding *f;
    assert_int_equal(xc_story_findings(s, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(f[0].message, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                                      "\"Mangyongdae Prize\" (a.txt, b.txt)");
    /* spellings in alphabetical order, each document's first name with it */
    assert_int_equal(f[0].n_claims, 3);
    assert_ptr_equal(f[0].claims[0].doc, d[1]);
    assert_int_equal(f[0].claims[0].span.start, 43); /* line 2, "Mangyondgae" */
    assert_ptr_equal(f[0].claims[1].doc, d[0]);
    assert_int_equal(f[0].claims[1].span.start, 9);
    assert_ptr_equal(f[0].claims[2].doc, d[1]);
    assert_int_equal(f[0].claims[2].span.start, 9);
    xc_story_free(s);
    xc_doc_free(d[0]);
    xc_doc_free(d[1]);
}

/* Only repeated names: every name of b.txt and c.txt repeats a key seen
 * before, and the variant between a.txt and b.txt is still found, once. */
static void test_only_repeats(void **state)
{
    xc_doc *d[3] = {mkdoc("a.txt", "then the Mangyongdae Prize began.\n"
                                   "then the Mangyongdae Prize ended.\n"),
                    mkdoc("b.txt", "then the Mangyondgae Prize began.\n"
                                   "then the Mangyondgae Prize ended.\n"),
                    mkdoc("c.txt", "then the Mangyondgae Prize began.\n"
                                   "then the Mangyongdae Prize ended.\n")};
    xc_story *s = reconcile(d, 3);
    const xc_finding *f;
    assert_int_equal(xc_story_findings(s, &f), 1);
    assert_string_equal(f[0].message, "name spelled two ways: \"Mangyondgae Prize\" (b.txt, "
                                      "c.txt) and \"Mangyongdae Prize\" (a.txt, c.txt)");
    assert_int_equal(f[0].n_claims, 4);
    xc_story_free(s);
    for (size_t i = 0; i < 3; i++) xc_doc_free(d[i]);
}

/* Repeated names of several words between others: each repeat takes the
 * spellings of its own key ("Kim Jong Un" three times, "Kim Jong Il"
 * twice), so "Un" and "Il" stay two words no bucket puts together, and the
 * only variant is the one of "Jong" and "Job". */
static void test_interleaved_keys(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "then Kim Jong Un spoke. then Kim Jong Il spoke.\n"
                                   "then Kim Jong Un spoke. then Kim Jong Il spoke.\n"
                                   "then Kim Jong Un spoke.\n"),
                    mkdoc("b.txt", "then Kim Jong Il spoke. then Kim Job Un spoke.\n")};
    xc_story *s = reconcile(d, 2);
    const xc_finding *f;
    assert_int_equal(xc_story_findings(s, &f), 1);
    assert_string_equal(f[0].message, "name spelled two ways: \"Kim Job Un\" (b.txt) and "
                                      "\"Kim Jong Un\" (a.txt, b.txt)");
    xc_story_free(s);
    xc_doc_free(d[0]);
    xc_doc_free(d[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_repeat_from_other_document),
        cmocka_unit_test(test_only_repeats),
        cmocka_unit_test(test_interleaved_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
