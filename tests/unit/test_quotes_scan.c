/* The shortcuts of the quotes extractor: candidate marks found once per
 * document (apostrophes inside words left out, paragraphs without a mark
 * passed over), and the speech verbs' filter that rules words out before a
 * lookup when a speech verb is looked for around a quote. The filter is
 * built from the rule set's own list, once per thread and rule set, so the
 * tests load small rule sets of their own and check that every verb of
 * each is still found, in any case, and that the filter of one rule set
 * never answers for another. Expected values are worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

static xc_doc *extract_with(const xc_rules *rs, const char *text)
{
    return extract_dated(rs, text, NULL);
}

static size_t warnings(const xc_doc *doc, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < xc_diags_count(doc->diags); i++)
        if (!strcmp(xc_diags_get(doc->diags, i)->code, code)) n++;
    return n;
}

/* Verbs of a list of one's own are found before a quote (the search from
 * the clause start) and later in the sentence after it, in any case; a
 * verb of several words puts its words in the filter. */
static void test_own_speech_verbs(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: quotes\nlists:\n"
                              "  speech_verbs: [chirped, squawks, put it]\n");
    check_one_quote(rs, "Loong chirped: \"We ran all day long.\"\n", "We ran all day long.",
                    "Loong", "chirped");
    check_one_quote(rs, "Loong CHIRPED: \"We ran all day long.\"\n", "We ran all day long.",
                    "Loong", "CHIRPED");
    check_one_quote(rs, "Later Loong Squawks: \"We ran all day long.\"\n", "We ran all day long.",
                    "Loong", "Squawks");
    /* after the quote, further on in its sentence (the word right after
     * the mark is no speaker) */
    check_one_quote(rs, "\"We ran all day long,\" as her father hoped, Loong chirped.\n",
                    "We ran all day long,", "Loong", "chirped");
    /* "said" is no verb of this list: the quote has no cue */
    check_one_quote(rs, "Loong said: \"We ran all day long.\"\n", "We ran all day long.", NULL,
                    NULL);
    xc_rules_free(rs);
}

/* An entry with another byte than a letter or a space ("co-signed") makes
 * the filter unusable: every word is looked up, and the verbs are found. */
static void test_verbs_without_filter(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: quotes\nlists:\n"
                              "  speech_verbs: [co-signed, chirped]\n");
    check_one_quote(rs, "Loong chirped: \"We ran all day long.\"\n", "We ran all day long.",
                    "Loong", "chirped");
    xc_rules_free(rs);
}

/* Rule sets loaded one after the other on one thread, each with its own
 * verbs: each one's filter answers for it alone. */
static void test_filter_per_rule_set(void **state)
{
    (void)state;
    for (int round = 0; round < 4; round++) {
        int k = round % 2;
        xc_rules *rs = rules_from(k ? "kind: quotes\nlists:\n  speech_verbs: [squawked]\n"
                                    : "kind: quotes\nlists:\n  speech_verbs: [chirped]\n");
        check_one_quote(rs, "Loong chirped: \"We ran all day long.\"\n", "We ran all day long.",
                        k ? NULL : "Loong", k ? NULL : "chirped");
        check_one_quote(rs, "Loong squawked: \"We ran all day long.\"\n", "We ran all day long.",
                        k ? "Loong" : NULL, k ? "squawked" : NULL);
        xc_rules_free(rs);
    }
}

/* Apostrophes inside words are no marks; quotation marks next to them
 * are, curly or straight, at the start and at the end of the text. */
static void test_candidate_marks(void **state)
{
    (void)state;
    check_one_quote(rules, "\"Don't, won't, can't,\" Loong said of the coach's plan.",
                    "Don't, won't, can't,", "Loong", "said");
    check_one_quote(rules, "Loong said: \xe2\x80\x9cIt's the runners' day.\xe2\x80\x9d",
                    "It's the runners' day.", "Loong", "said");
    /* two apostrophes written for a double mark */
    check_one_quote(rules, "Loong said: ''We ran all day long.''\n", "We ran all day long.",
                    "Loong", "said");
}

/* A quote left open at the end of its paragraph is reported even when the
 * paragraphs after it hold no mark at all; the next quote pairs on its
 * own. (The first line of a text file is its title, where no mark is
 * reported.) */
static void test_open_quote_before_markless_paragraphs(void **state)
{
    (void)state;
    xc_doc *d = extract_with(rules, "Pyongyang marathon\n\n"
                                    "She said \"we ran all day\n\n"
                                    "Then we went home.\n\n"
                                    "Nobody asked.\n\n"
                                    "\"We ran all day long,\" Loong said.\n");
    assert_int_equal(d->quotes.n, 1);
    assert_string_equal(d->quotes.v[0].text, "We ran all day long,");
    assert_int_equal(warnings(d, "quote-unbalanced"), 1);
    xc_doc_free(d);
    /* a quote that runs on: the next paragraph reopens it, and the one
     * after has no mark */
    d = extract_with(rules, "Pyongyang marathon\n\n"
                            "Loong said: \"We ran all day.\n\n"
                            "\"Then we went home.\"\n\n"
                            "Nobody asked.\n");
    assert_int_equal(d->quotes.n, 1);
    assert_true(d->quotes.v[0].continued);
    /* from after the first mark (byte 33) to the last one (byte 69) */
    assert_int_equal(d->quotes.v[0].span.start, 33);
    assert_int_equal(d->quotes.v[0].span.end, 69);
    assert_int_equal(warnings(d, "quote-unbalanced"), 0);
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_own_speech_verbs),
        cmocka_unit_test(test_verbs_without_filter),
        cmocka_unit_test(test_filter_per_rule_set),
        cmocka_unit_test(test_candidate_marks),
        cmocka_unit_test(test_open_quote_before_markless_paragraphs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
