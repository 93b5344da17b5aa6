/* Which word lists are words of ASCII letters (the quotes extractor skips
 * its lower-case attribution rules after a word that is no speech verb only
 * then), and the attributions after a closing mark that start with a
 * lower-case word: a speech verb of one or two words, "according to", and
 * words that are neither. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

#define LIST(x) (1u << (x))

static void test_letter_words_of_rule_lists(void **state)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", "x\n", 2, NULL);
    assert_non_null(doc);
    const xc_wordlists *wl = xc_doc_wordlists(doc, rules);
    assert_non_null(wl);
    /* "said", "put it": words of letters */
    assert_true(wl->letter_words & LIST(XC_WL_SPEECH_VERBS));
    /* "Mr.", "Sen.": a dot */
    assert_false(wl->letter_words & LIST(XC_WL_HONORIFICS));
    assert_false(wl->letter_words & LIST(XC_WL_TITLES));
    /* "put" is the first word of "put it", not a verb alone; "it" neither */
    const char *t = "put it";
    assert_int_equal(xc_wl_mask_in(wl, LIST(XC_WL_SPEECH_VERBS) | XC_WL_PREFIX, t, 3, 6),
                     XC_WL_PREFIX);
    assert_int_equal(xc_wl_mask_in(wl, LIST(XC_WL_SPEECH_VERBS) | XC_WL_PREFIX, t + 4, 2, 2), 0);
    assert_int_equal(xc_wl_mask(wl, LIST(XC_WL_SPEECH_VERBS), t, 6), LIST(XC_WL_SPEECH_VERBS));
    xc_doc_free(doc);
}

static void test_letter_words_of_builtin_lists(void **state)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", "x\n", 2, NULL);
    assert_non_null(doc);
    const xc_wordlists *wl = xc_doc_wordlists(doc, NULL);
    assert_non_null(wl);
    assert_true(wl->letter_words & LIST(XC_WL_SPEECH_VERBS));
    assert_true(wl->letter_words & LIST(XC_WL_CUES));        /* "according to" */
    assert_false(wl->letter_words & LIST(XC_WL_HONORIFICS)); /* "Mr." */
    assert_false(wl->letter_words & LIST(XC_WL_TITLES));     /* "Sen." */
    xc_doc_free(doc);
}

/* The one quote of text, with the speaker as written and the cue expected
 * (NULL: none). */
static void check_one(const char *text, const char *speaker_text, const char *cue)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
    if (doc->quotes.n != 1) fail_msg("'%s': %zu quotes", text, doc->quotes.n);
    const xc_quote *q = &doc->quotes.v[0];
    if (speaker_text ? !q->speaker_text || strcmp(q->speaker_text, speaker_text)
                     : q->speaker_text != NULL)
        fail_msg("'%s': speaker '%s', expected '%s'", text, q->speaker_text ? q->speaker_text : "",
                 speaker_text ? speaker_text : "");
    if (cue ? !q->cue || strcmp(q->cue, cue) : q->cue != NULL)
        fail_msg("'%s': cue '%s', expected '%s'", text, q->cue ? q->cue : "", cue ? cue : "");
    xc_doc_free(doc);
}

static void test_lower_case_word_after_mark(void **state)
{
    check_one("\"We ran all day,\" said Jen Loong.\n", "Jen Loong", "said");
    check_one("\"We ran all day,\" SAID Jen Loong.\n", "Jen Loong", "SAID");
    check_one("\"We ran all day,\" put it Jen Loong.\n", "Jen Loong", "put it");
    check_one("\"We ran all day,\" according to Jen Loong.\n", "Jen Loong", "according to");
    check_one("\"We ran all day,\" he said.\n", "he", "said");
    /* neither a verb nor "according": no speaker */
    check_one("\"We ran all day,\" and Jen Loong left.\n", NULL, NULL);
    check_one("\"We ran all day,\" the coach of Jen Loong left.\n", NULL, NULL);
    /* a verb at the very end of the text, or one letter short of one */
    check_one("\"We ran all day,\" said", NULL, NULL);
    check_one("\"We ran all day,\" sai Jen Loong.\n", NULL, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_letter_words_of_rule_lists),
        cmocka_unit_test(test_letter_words_of_builtin_lists),
        cmocka_unit_test(test_lower_case_word_after_mark),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
