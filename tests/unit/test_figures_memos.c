/* What the figures extractor and the number parser remember between
 * lookups, and the shortcuts that tell a word from the word index or from
 * one byte: the answers must be those of the lookups they stand for. Words
 * of one to ten letters read eight bytes at a time, words of other ASCII
 * bytes in the lookup memo, currency symbols looked up only before a byte a
 * symbol ends with, the nouns kept per word across documents and rule
 * sets, and word ends read from the word index. Every expected value is
 * worked out by hand from the rule files and the rule sets below. */
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

/* The noun of figure `num` in text, which must have that figure. */
static void noun_is(const xc_rules *rs, const char *text, const char *num, const char *noun)
{
    xc_doc *d = extract_with(rs, text);
    const xc_figure *f = figure_written(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if ((noun == NULL) != (f->noun == NULL) || (noun && strcmp(noun, f->noun)))
        fail_msg("'%s': noun %s, expected %s", text, f->noun ? f->noun : "NULL",
                 noun ? noun : "NULL");
    xc_doc_free(d);
}

/* The unit of figure `num` in text (NULL: none, or no such figure). */
static void unit_is(const xc_rules *rs, const char *text, const char *num, const char *unit)
{
    xc_doc *d = extract_with(rs, text);
    const xc_figure *f = figure_written(d, num);
    const char *u = f ? f->unit : NULL;
    if ((unit == NULL) != (u == NULL) || (unit && strcmp(unit, u)))
        fail_msg("'%s': figure '%s' has unit %s, expected %s", text, num, u ? u : "NULL",
                 unit ? unit : "NULL");
    xc_doc_free(d);
}

/* A bound list of words of one to ten letters: each is found whatever its
 * case, and a word that differs in its first or last letter, or goes on
 * with a digit, or holds a letter past ASCII, is not. Asked twice, so the
 * second answer comes from the memo. */
static void test_short_words(void **state)
{
    (void)state;
    /* no entry is the beginning of another: a word's filter bit must be
     * that of all its letters */
    static const char *const words[] = {"k",      "jq",      "vxz",      "wqkz",      "zvqxj",
                                        "qjzkxv", "xkqzjvw", "jzqkxwvb", "vqxzjkwbq", "kzjqvxbwqz"};
    static const char *const upper[] = {"K",      "JQ",      "VXZ",      "WQKZ",      "ZVQXJ",
                                        "QJZKXV", "XKQZJVW", "JZQKXWVB", "VQXZJKWBQ", "KZJQVXBWQZ"};
    xc_rules *rs = rules_from("kind: units\nversion: 1\nlists:\n  units:\n"
                              "    k: {id: u1, dimension: length}\n"
                              "    jq: {id: u2, dimension: length}\n"
                              "    vxz: {id: u3, dimension: length}\n"
                              "    wqkz: {id: u4, dimension: length}\n"
                              "    zvqxj: {id: u5, dimension: length}\n"
                              "    qjzkxv: {id: u6, dimension: length}\n"
                              "    xkqzjvw: {id: u7, dimension: length}\n"
                              "    jzqkxwvb: {id: u8, dimension: length}\n"
                              "    vqxzjkwbq: {id: u9, dimension: length}\n"
                              "    kzjqvxbwqz: {id: u10, dimension: length}\n"
                              "    \"%\": {id: pct, dimension: percent}\n"
                              "    km2: {id: km2, dimension: area}\n"
                              "    \"m/s\": {id: mps, dimension: speed}\n");
    static const char *const ids[] = {"u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9", "u10"};
    for (int bound = 0; bound < 2; bound++) {
        if (bound) xc_lex_bind(rs);
        for (int round = 0; round < 2; round++) {
            for (size_t i = 0; i < 10; i++) {
                const char *word = words[i];
                size_t n = i + 1;
                char w[16];
                const char *id = xc_lex(rs, "units", word, n, "id");
                if (!id || strcmp(id, ids[i])) fail_msg("%s: no %s", word, ids[i]);
                id = xc_lex(rs, "units", upper[i], n, "id");
                if (!id || strcmp(id, ids[i])) fail_msg("%s: no %s", upper[i], ids[i]);
                /* one capital, at the end */
                memcpy(w, word, n);
                w[n - 1] = (char)(w[n - 1] - 32);
                if (!xc_lex(rs, "units", w, n, NULL)) fail_msg("%.*s not found", (int)n, w);
                /* another last letter, then another first one */
                memcpy(w, word, n);
                w[n - 1] = 'a';
                if (xc_lex(rs, "units", w, n, NULL)) fail_msg("%.*s found", (int)n, w);
                memcpy(w, word, n);
                w[0] = 'b';
                if (xc_lex(rs, "units", w, n, NULL)) fail_msg("%.*s found", (int)n, w);
                /* a digit after the letters */
                memcpy(w, word, n);
                w[n] = '7';
                if (xc_lex(rs, "units", w, n + 1, NULL)) fail_msg("%.*s found", (int)n + 1, w);
                /* the word less its last letter */
                if (n > 1 && xc_lex(rs, "units", word, n - 1, NULL))
                    fail_msg("%.*s found", (int)n - 1, word);
            }
            /* a letter past ASCII where an entry has a "q" */
            assert_null(xc_lex(rs, "units", "j\xc3\xa9", 3, NULL));
            /* words of other ASCII bytes, and their neighbours */
            assert_string_equal(xc_lex(rs, "units", "%", 1, "id"), "pct");
            assert_string_equal(xc_lex(rs, "units", "KM2", 3, "id"), "km2");
            assert_string_equal(xc_lex(rs, "units", "m/s", 3, "id"), "mps");
            assert_null(xc_lex(rs, "units", "km3", 3, NULL));
            assert_null(xc_lex(rs, "units", "%%", 2, NULL));
            assert_null(xc_lex(rs, "units", "m/h", 3, NULL));
        }
        if (bound) xc_lex_unbind();
    }
    xc_rules_free(rs);
}

/* A currency symbol before a number: every form the English rules list,
 * and no symbol before a byte none ends with. A rule set's own symbols
 * that end with a letter, with a byte past ASCII or with a period. */
static void test_currency_ends(void **state)
{
    (void)state;
    unit_is(rules, "It cost $5 to enter.", "$5", "USD");
    unit_is(rules, "It cost $ 75 million.", "$ 75 million", "USD");
    unit_is(rules, "It cost US$5 to enter.", "US$5", "USD");
    unit_is(rules, "It cost EUR 4 billion.", "EUR 4 billion", "EUR");
    unit_is(rules, "It cost Rs. 20 crore.", "Rs. 20 crore", "INR");
    unit_is(rules,
            "It cost \xe2\x82\xac"
            "20.",
            "\xe2\x82\xac"
            "20",
            "EUR");
    unit_is(rules, "About 5 people (5 of them)", "5", NULL);
    xc_rules *rs = rules_from("kind: units\nversion: 1\nlists:\n  currency_symbols:\n"
                              "    QX: {id: QQQ}\n"
                              "    \"Q\xc2\xa2\": {id: QCC}\n"
                              "    Qd.: {id: QDD}\n");
    unit_is(rs, "It cost QX 5 today.", "QX 5", "QQQ");
    unit_is(rs, "It cost qx 5 today.", "5", NULL); /* a letter symbol is written with a capital */
    unit_is(rs,
            "It cost Q\xc2\xa2"
            "5 today.",
            "Q\xc2\xa2"
            "5",
            "QCC");
    unit_is(rs, "It cost Qd. 5 today.", "Qd. 5", "QDD");
    unit_is(rs, "It cost Qd 5 today.", "5", NULL);
    xc_rules_free(rs);
}

/* The noun of a figure is the same whether its word was seen before (in
 * this document or another one) or not, and follows the rule set in use. */
static void test_noun_memo(void **state)
{
    (void)state;
    for (int round = 0; round < 2; round++) {
        noun_is(rules, "They hired 3 runners and 4 runners.", "3", "runner");
        noun_is(rules, "They hired 3 runners and 4 runners.", "4", "runner");
        noun_is(rules, "They hired 40 Runners.", "40", "runner");
        noun_is(rules, "About 12 women came.", "12", "woman");
        /* the first word when none is a plural, for one thing */
        noun_is(rules, "It had 1 runner.", "1", "runner");
        noun_is(rules, "It had 1 Runner.", "1", "runner");
        /* a stop word ends the phrase, seen before or not */
        noun_is(rules, "They said 30 were hurt.", "30", NULL);
    }
    /* another rule set's lemma for the same word, then the first one's */
    xc_rules *rs = rules_from("kind: numbers\nversion: 1\nlists:\n  irregular_plurals:\n"
                              "    runners: sprinter\n"
                              "    zorks: a-lemma-longer-than-thirty-one-bytes\n");
    for (int round = 0; round < 2; round++) {
        noun_is(rs, "They hired 3 runners.", "3", "sprinter");
        noun_is(rs, "They found 3 zorks and 4 zorks.", "4", "a-lemma-longer-than-thirty-one-bytes");
    }
    noun_is(rules, "They hired 3 runners.", "3", "runner");
    xc_rules_free(rs);
}

/* A hedge's factors come from the rule set in use, however many rule sets
 * had the same hedge before (each freed before the next is loaded, so
 * entries may share addresses); a hedge without "high" is none. */
static void test_hedge_factors(void **state)
{
    (void)state;
    static const char *const yaml[] = {
        "kind: figures\nversion: 1\nlists:\n  hedges:\n    roughly: {low: 0.9, high: 1.1}\n",
        "kind: figures\nversion: 1\nlists:\n  hedges:\n    roughly: {low: 0.5, high: 2}\n",
        "kind: figures\nversion: 1\nlists:\n  hedges:\n    roughly: {low: 0.5}\n",
    };
    /* [low, high] of "roughly 100 jobs" under each rule set */
    static const double low[] = {90, 50, 100}, high[] = {110, 200, 100};
    for (int round = 0; round < 6; round++) {
        int k = round % 3;
        xc_rules *rs = rules_from(yaml[k]);
        xc_doc *d = extract_with(rs, "There were roughly 100 jobs.");
        const xc_figure *f = figure_written(d, "100");
        assert_non_null(f);
        if (fabs(f->low - low[k]) > 1e-9 || fabs(f->high - high[k]) > 1e-9)
            fail_msg("rule set %d: [%g, %g], expected [%g, %g]", k, f->low, f->high, low[k],
                     high[k]);
        xc_doc_free(d);
        xc_rules_free(rs);
    }
}

/* Word ends read from the word index, and where it cannot tell: letters
 * past ASCII, a unit glued to the number, a hyphenated modifier. */
static void test_word_ends(void **state)
{
    (void)state;
    noun_is(rules, "They sold 5 caf\xc3\xa9s.", "5", "caf\xc3\xa9");
    noun_is(rules, "They met 3 na\xc3\xafve voters.", "3", "voter");
    noun_is(rules, "They met 3 well-known voters.", "3", "voter");
    unit_is(rules, "It ran 42km in all.", "42km", "km");
    unit_is(rules, "It ran 5 km/hr faster.", "5 km/hr", "km/h");
    unit_is(rules, "It ran 20 miles per hour.", "20 miles per hour", "mph");
    unit_is(rules, "It rose 5 percent.", "5 percent", "percent");
    /* "am" and "pm" after a number make it a time, no figure */
    xc_doc *d = extract_with(rules, "It opens at 6 pm and 7 a.m. daily.");
    assert_int_equal(d->figures.n, 0);
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_words), cmocka_unit_test(test_currency_ends),
        cmocka_unit_test(test_noun_memo),   cmocka_unit_test(test_hedge_factors),
        cmocka_unit_test(test_word_ends),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
