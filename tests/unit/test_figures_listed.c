/* What the figures extractor and the number parser remember about words
 * by their letters, whatever their case: the number words a figure begins
 * with and the speech verbs a citation is found by (kept per word of the
 * word index), the types of number words (kept per word by the parser),
 * and the vague plurals told apart by their length. Each answer must be
 * the lookup's, in every case of the word, in any order, and for the rule
 * set of the extraction, not for the one before it. Every expected value
 * is worked out by hand from rules/en and the rule sets below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

static xc_doc *extract_with(const xc_rules *rs, const char *text)
{
    return extract_dated(rs, text, "2014-04-20");
}

/* text has a figure written num of value [low, high] (value == low). */
static void figure_is(const xc_rules *rs, const char *text, const char *num, double low,
                      double high)
{
    xc_doc *d = extract_with(rs, text);
    const xc_figure *f = figure_written(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if (fabs(f->value - low) > 1e-9 || fabs(f->low - low) > 1e-9 || fabs(f->high - high) > 1e-9)
        fail_msg("'%s': %g [%g, %g], expected %g [%g, %g]", text, f->value, f->low, f->high, low,
                 low, high);
    xc_doc_free(d);
}

/* text has no figure at all. */
static void no_figure(const xc_rules *rs, const char *text)
{
    xc_doc *d = extract_with(rs, text);
    if (d->figures.n) fail_msg("'%s': %zu figures, expected none", text, d->figures.n);
    xc_doc_free(d);
}

/* A number word in any case, asked in turns, so that each case finds the
 * answer another case left: "Two", "two" and "TWO" are all 2. */
static void test_number_words_any_case(void **state)
{
    (void)state;
    static const char *const two[] = {"Two", "two", "TWO", "tWo", "two", "Two"};
    for (size_t i = 0; i < sizeof two / sizeof *two; i++) {
        char text[64];
        snprintf(text, sizeof text, "%s buses crashed.", two[i]);
        figure_is(rules, text, two[i], 2, 2);
    }
    /* the parser's memo of word types: each word of the number in any case */
    figure_is(rules, "Twenty-Two buses crashed.", "Twenty-Two", 22, 22);
    figure_is(rules, "twenty-two buses crashed.", "twenty-two", 22, 22);
    figure_is(rules, "TWENTY-TWO buses crashed.", "TWENTY-TWO", 22, 22);
    figure_is(rules, "Twenty-two buses crashed.", "Twenty-two", 22, 22);
    /* "a"/"an" before a number word, in any case, and before another word */
    figure_is(rules, "A dozen buses crashed.", "A dozen", 12, 12);
    figure_is(rules, "a DOZEN buses crashed.", "a DOZEN", 12, 12);
    no_figure(rules, "A bus crashed.");
}

/* A word of four lower-case letters other than w with w's filter bit:
 * the filter of a list that holds it lets w through too, and then only
 * the lookup (or what is kept of it) tells w is not in the list. */
static void colliding_word(const char *w, char out[5])
{
    unsigned bit = xc_lex_filter_bit(w, strlen(w));
    for (int i = 0; i < 26 * 26 * 26 * 26; i++) {
        int k = i;
        for (int j = 0; j < 4; j++, k /= 26) out[j] = (char)('a' + k % 26);
        out[4] = '\0';
        if (strcmp(out, w) && xc_lex_filter_bit(out, 4) == bit) return;
    }
    fail_msg("no word of four letters has the filter bit of '%s'", w);
}

/* The parser's memo of word types across rule sets whose filters let the
 * same word through: "zork" is a unit in the first one and none in the
 * second (which lists another word of its filter bit), asked in turns. */
static void test_word_types_rule_sets(void **state)
{
    (void)state;
    char other[5];
    colliding_word("zork", other);
    char yaml[2][256];
    snprintf(yaml[0], sizeof yaml[0],
             "kind: figures\nversion: 1\nlists:\n  number_words:\n"
             "    zork: {value: 7, type: unit}\n    twenty: {value: 20, type: tens}\n");
    snprintf(yaml[1], sizeof yaml[1],
             "kind: figures\nversion: 1\nlists:\n  number_words:\n"
             "    %s: {value: 9, type: unit}\n    twenty: {value: 20, type: tens}\n",
             other);
    for (int round = 0; round < 4; round++) {
        int k = round % 2;
        xc_rules *rs = rules_from(yaml[k]);
        if (k == 0) {
            figure_is(rs, "Twenty zork rockets fell.", "Twenty zork", 27, 27);
            figure_is(rs, "Zork rockets fell.", "Zork", 7, 7);
        } else {
            figure_is(rs, "Twenty zork rockets fell.", "Twenty", 20, 20);
            no_figure(rs, "Zork rockets fell.");
        }
        xc_rules_free(rs);
    }
}

/* A number word of one rule set is none in the next one: the answers kept
 * for a rule set are not those of another, whatever their order. */
static void test_number_words_rule_sets(void **state)
{
    (void)state;
    const char *yaml[2] = {"kind: figures\nversion: 1\nlists:\n  number_words:\n"
                           "    zork: {value: 7, type: unit}\n"
                           "    two: {value: 2, type: unit}\n",
                           "kind: figures\nversion: 1\nlists:\n  number_words:\n"
                           "    zorp: {value: 9, type: unit}\n"
                           "    two: {value: 2, type: unit}\n"};
    for (int round = 0; round < 4; round++) {
        int k = round % 2;
        xc_rules *rs = rules_from(yaml[k]);
        if (k == 0) {
            figure_is(rs, "Zork rockets fell.", "Zork", 7, 7);
            figure_is(rs, "ZORK rockets fell.", "ZORK", 7, 7);
            no_figure(rs, "Zorp rockets fell.");
        } else {
            no_figure(rs, "Zork rockets fell.");
            figure_is(rs, "zorp rockets fell.", "zorp", 9, 9);
            figure_is(rs, "Zorp rockets fell.", "Zorp", 9, 9);
        }
        figure_is(rs, "Two rockets fell.", "Two", 2, 2);
        xc_rules_free(rs);
    }
}

/* Speech verbs found by the citation search in any case, and only those of
 * the rule set of the extraction. */
static void test_speech_verbs(void **state)
{
    (void)state;
    check_cited(rules, "Turnout was 40 percent, Smith said.", "40 percent", "Smith");
    check_cited(rules, "Turnout was 40 percent, Smith SAID.", "40 percent", "Smith");
    check_cited(rules, "Turnout was 40 percent, Smith said.", "40 percent", "Smith");
    check_cited(rules, "Turnout was 40 percent, Smith hoped.", "40 percent", NULL);
    /* the second rule set lists a word of the filter bit of "blurted": its
     * filter lets "blurted" through, and the lookup says no */
    char other[5], yaml[2][128];
    colliding_word("blurted", other);
    snprintf(yaml[0], sizeof yaml[0],
             "kind: figures\nversion: 1\nlists:\n  speech_verbs: [blurted]\n");
    snprintf(yaml[1], sizeof yaml[1],
             "kind: figures\nversion: 1\nlists:\n  speech_verbs: [said, %s]\n", other);
    for (int round = 0; round < 4; round++) {
        int k = round % 2;
        xc_rules *rs = rules_from(yaml[k]);
        check_cited(rs, "Turnout was 40 percent, Smith blurted.", "40 percent", k ? NULL : "Smith");
        check_cited(rs, "Turnout was 40 percent, Smith Blurted.", "40 percent", k ? NULL : "Smith");
        check_cited(rs, "Turnout was 40 percent, Smith said.", "40 percent", k ? "Smith" : NULL);
        xc_rules_free(rs);
    }
}

/* Vague plurals, told apart by their length: each of the seven words in
 * its place, "of" and a plural of a hundred or more multiplying, a smaller
 * one ("tens of dozens") not. From 2 to 10 times the word's value. */
static void test_vague_plurals(void **state)
{
    (void)state;
    figure_is(rules, "Tens of thousands marched.", "Tens of thousands", 2e4, 1e5);
    figure_is(rules, "Scores of people marched.", "Scores", 40, 200);
    figure_is(rules, "Dozens of people marched.", "Dozens", 24, 120);
    figure_is(rules, "Hundreds of millions marched.", "Hundreds of millions", 2e8, 1e9);
    figure_is(rules, "Thousands marched.", "Thousands", 2e3, 1e4);
    figure_is(rules, "Millions of people marched.", "Millions", 2e6, 1e7);
    figure_is(rules, "Billions of dollars moved.", "Billions", 2e9, 1e10);
    figure_is(rules, "Tens of dozens marched.", "Tens", 20, 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_number_words_any_case), cmocka_unit_test(test_number_words_rule_sets),
        cmocka_unit_test(test_word_types_rule_sets),  cmocka_unit_test(test_speech_verbs),
        cmocka_unit_test(test_vague_plurals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
