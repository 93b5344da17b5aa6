/* The shortcuts of the figures extractor and the word lists it reads: one
 * lookup for several attributes (xc_lex_find), the plural test without a
 * copy (xc_lemma_differs), the filter on the first words of hedges, "a" and
 * "an" before a word, and the citation search over the word index. Every
 * expected value is worked out by hand from the rule files and the
 * precision rule in rules/en/figures.yaml. */
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

static const xc_figure *fig(const xc_doc *d, const char *num)
{
    return figure_written(d, num);
}

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-9 * (1 + fabs((double)(b))))

/* The figure `num` of text has the interval [low, high] (an infinite bound
 * as INFINITY) and counts noun (NULL: none). */
static void interval_is(const xc_rules *rs, const char *text, const char *num, double low,
                        double high, const char *noun)
{
    xc_doc *d = extract_with(rs, text);
    const xc_figure *f = fig(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if (isinf(low))
        assert_true(isinf(f->low));
    else
        NEAR(f->low, low);
    if (isinf(high))
        assert_true(isinf(f->high) && f->high > 0);
    else
        NEAR(f->high, high);
    if ((noun == NULL) != (f->noun == NULL) || (noun && strcmp(noun, f->noun)))
        fail_msg("'%s': noun %s, expected %s", text, f->noun ? f->noun : "NULL",
                 noun ? noun : "NULL");
    xc_doc_free(d);
}

/* One lookup, then each attribute: the same answers as xc_lex asking for
 * each attribute, bound or not, with the rule set's list or the built-in
 * one (no rule set). */
static void test_lex_find(void **state)
{
    (void)state;
    for (int bound = 0; bound < 2; bound++) {
        if (bound) xc_lex_bind(rules);
        xc_lex_hit hit;
        assert_true(xc_lex_find(rules, "units", "km", 2, &hit));
        assert_string_equal(xc_lex_hit_attr(&hit, "dimension"), "length");
        assert_string_equal(xc_lex_hit_attr(&hit, "id"), "km");
        assert_string_equal(xc_lex_hit_attr(&hit, "base"), "m");
        assert_string_equal(xc_lex_hit_attr(&hit, "factor"), "1000");
        assert_null(xc_lex_hit_attr(&hit, "offset"));
        assert_string_equal(xc_lex_hit_attr(&hit, NULL), "");
        /* case is ignored, as by xc_lex */
        assert_true(xc_lex_find(rules, "hedges", "More Than", 9, &hit));
        assert_string_equal(xc_lex_hit_attr(&hit, "low"), "1");
        assert_string_equal(xc_lex_hit_attr(&hit, "high"), "inf");
        assert_false(xc_lex_find(rules, "units", "runners", 7, &hit));
        assert_null(xc_lex(rules, "units", "runners", 7, "id"));
        if (bound) xc_lex_unbind();
    }
    /* no rule set: crosscheck's built-in lists */
    xc_lex_hit hit;
    assert_true(xc_lex_find(NULL, "units", "miles", 5, &hit));
    assert_string_equal(xc_lex_hit_attr(&hit, "id"), "mi");
    assert_string_equal(xc_lex_hit_attr(&hit, "factor"), "1609.344");
    assert_false(xc_lex_find(NULL, "units", "furlongs", 8, &hit));
}

/* Plurals, told without a copy, and the lemmas themselves. */
static void test_lemma_differs(void **state)
{
    (void)state;
    static const struct {
        const char *word, *lemma;
        bool plural;
    } cases[] = {
        {"workers", "worker", true},  /* -s */
        {"Runners", "runner", true},  /* case ignored */
        {"FLIES", "fly", true},       /* -ies */
        {"churches", "church", true}, /* -ches */
        {"boxes", "box", true},       /* -xes */
        {"women", "woman", true},     /* irregular */
        {"glass", "glass", false},    /* -ss */
        {"focus", "focus", false},    /* -us (and listed) */
        {"runner", "runner", false},  /* singular */
        {"police", "police", false},  /* listed as its own lemma */
        {"cat's", "cat's", false},    /* possessive */
        {"ties", "tie", true},        /* too short for -ies: "tie" + s */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t n = strlen(cases[i].word);
        bool listed;
        if (xc_lemma_differs(rules, cases[i].word, n, &listed) != cases[i].plural)
            fail_msg("%s: plural %d expected", cases[i].word, cases[i].plural);
        /* women, focus and police are in the rule set's irregular_plurals */
        bool irregular = !strcmp(cases[i].word, "women") || !strcmp(cases[i].word, "focus") ||
                         !strcmp(cases[i].word, "police");
        if (listed != irregular) fail_msg("%s: listed %d expected", cases[i].word, irregular);
        xc_arena a;
        xc_arena_init(&a);
        char *l = xc_lemma(&a, rules, cases[i].word, n);
        assert_non_null(l);
        if (strcmp(l, cases[i].lemma))
            fail_msg("%s: lemma %s, expected %s", cases[i].word, l, cases[i].lemma);
        xc_arena_free(&a);
    }
}

/* Hedges of one to five words, with the English rules: the filter on first
 * words must let every one of them through, the longest first. */
static void test_hedge_heads(void **state)
{
    (void)state;
    interval_is(rules, "about 200 people came", "200", 180, 220, "person");
    interval_is(rules, "More than 1,000 runners", "1,000", 1000, INFINITY, "runner");
    interval_is(rules, "in excess of 300 jobs", "300", 300, INFINITY, "job");
    /* "no less than" (three words), not "less than" (two) */
    interval_is(rules, "no less than 30 people", "30", 30, INFINITY, "person");
    /* five words; the last word "to" ends hedges of several lengths */
    interval_is(rules, "less than or equal to 40 seats", "40", 0, 40, "seat");
    /* "of" ends a hedge ("upwards of") but "a lot of" is none */
    interval_is(rules, "a lot of 12 boxes", "12", 12, 12, "box");
    /* a rule set of its own: a four-word hedge whose first word also begins
     * a two-word one */
    xc_rules *rs = rules_from("kind: figures\nversion: 1\nlists:\n  hedges:\n"
                              "    in the region of: {low: 0.9, high: 1.1}\n"
                              "    in all: {low: 1, high: 1}\n");
    interval_is(rs, "in the region of 500 jobs", "500", 450, 550, "job");
    interval_is(rs, "the region of 500 jobs", "500", 500, 500, "job");
    xc_rules_free(rs);
    /* a hedge that is not all ASCII: every phrase is looked up */
    rs = rules_from("kind: figures\nversion: 1\nlists:\n  hedges:\n"
                    "    über: {low: 1, high: inf}\n"
                    "    well over: {low: 1, high: inf}\n");
    interval_is(rs, "well over 70 fans", "70", 70, INFINITY, "fan");
    interval_is(rs, "über 70 fans", "70", 70, INFINITY, "fan");
    xc_rules_free(rs);
}

/* "a" and "an" start a figure only before a number word. */
static void test_article_triggers(void **state)
{
    (void)state;
    interval_is(rules, "She bought a dozen eggs.", "a dozen", 12, 12, "egg");
    interval_is(rules, "She bought a  hundred eggs.", "a  hundred", 100, 100, "egg");
    xc_doc *d = extract_with(rules, "A man waited an hour for a bus.");
    assert_int_equal(d->figures.n, 0);
    xc_doc_free(d);
    /* a word after "a" that begins past ASCII is looked up as before */
    d = extract_with(rules, "a éclair, a dozen éclairs");
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].number_text, "a dozen");
    xc_doc_free(d);
}

/* The citation search reads each word of the sentence once, digits and
 * words past ASCII included, and takes the first verb that names someone. */
static void test_cited_words(void **state)
{
    (void)state;
    xc_doc *d = extract_with(rules, "In 2014, 12 runners from Zürich finished, Jones said.");
    const xc_figure *f = fig(d, "12");
    assert_non_null(f);
    assert_non_null(f->cited);
    assert_string_equal(f->cited, "Jones");
    xc_doc_free(d);
    /* "said" ends the sentence: nobody after it, and the name before it is
     * the subject */
    d = extract_with(rules, "Police said 40 cars were towed.");
    f = fig(d, "40");
    assert_non_null(f);
    assert_non_null(f->cited);
    assert_string_equal(f->cited, "Police");
    xc_doc_free(d);
}

/* Numbers in words: a denominator is read only where an article or a
 * number word starts, and "a"/"an" only where the word is one. */
static void test_number_words(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        double value;
        size_t end;
    } cases[] = {
        {"two people", 2, 3},                /* no denominator: a noun */
        {"one twenty-fifth", 0.04, 16},      /* tens and an ordinal */
        {"three fifths of voters", 0.6, 12}, /* a plural ordinal */
        {"one hundredth", 0.01, 13},         /* one and an ordinal: a fraction */
        {"five apples", 5, 4},               /* a word in "a" that is no article */
        {"a half", 0.5, 6},                  /* an article fraction */
        {"an eighth of it", 0.125, 9},
        {"Another day", 0, 0}, /* "an..." is no article */
        /* the word after digits: a scale only when one of the lists holds it */
        {"5 people", 5, 1},
        {"3 million people", 3e6, 9},
        {"1.2bn", 1.2e9, 5},
        {"7 bn", 7e9, 4},
        {"5 k", 5, 1}, /* a spaced letter is no scale */
        {"4 dozens", 48, 8},
        {"2 Dozens", 24, 8},
    };
    for (int bound = 0; bound < 2; bound++) {
        if (bound) xc_lex_bind(rules);
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            xc_num n;
            const char *t = cases[i].text;
            bool ok = xc_num_parse(rules, t, strlen(t), 0, &n);
            if (!cases[i].end) {
                if (ok) fail_msg("'%s' read as a number", t);
                continue;
            }
            if (!ok) fail_msg("'%s' not read", t);
            if (n.end != cases[i].end || fabs(n.value - cases[i].value) > 1e-12)
                fail_msg("'%s': %g to %zu, expected %g to %zu", t, n.value, n.end, cases[i].value,
                         cases[i].end);
        }
        if (bound) xc_lex_unbind();
    }
}

/* A unit's attributes come from the rule set in use, however many rule
 * sets named the same word before (each freed before the next is loaded,
 * so entries may share addresses). */
static void test_unit_attributes(void **state)
{
    (void)state;
    static const char *const yaml[] = {
        "kind: units\nversion: 1\nlists:\n  units:\n"
        "    zorks: {id: zk, dimension: length, factor: 2, base: m}\n",
        "kind: units\nversion: 1\nlists:\n  units:\n"
        "    zorks: {id: zq, dimension: mass, factor: 3, base: kg}\n",
    };
    for (int round = 0; round < 4; round++) {
        int k = round % 2;
        xc_rules *rs = rules_from(yaml[k]);
        xc_doc *d = extract_with(rs, "It weighs 5 zorks.");
        const xc_figure *f = fig(d, "5 zorks");
        assert_non_null(f);
        assert_string_equal(f->unit, k ? "zq" : "zk");
        assert_string_equal(f->dimension, k ? "mass" : "length");
        assert_string_equal(f->base_unit, k ? "kg" : "m");
        /* a measure: [4.5, 5.5] zorks, times the factor */
        NEAR(f->base_low, 4.5 * (k ? 3 : 2));
        NEAR(f->base_high, 5.5 * (k ? 3 : 2));
        xc_doc_free(d);
        xc_rules_free(rs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lex_find),        cmocka_unit_test(test_lemma_differs),
        cmocka_unit_test(test_hedge_heads),     cmocka_unit_test(test_article_triggers),
        cmocka_unit_test(test_cited_words),     cmocka_unit_test(test_number_words),
        cmocka_unit_test(test_unit_attributes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
