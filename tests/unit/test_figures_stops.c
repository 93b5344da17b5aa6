/* The figures extractor's walk over the word index: the words it stops at
 * (collect_stops) are the words a figure may begin with and the speech
 * verbs, found in one pass before any figure is read; figures are tried at
 * the first, and a figure's citation is looked for among the second in its
 * sentence, also after the figure; a hedge before a figure is looked up
 * once, without the spaces before the number; a currency symbol is not
 * looked up in bytes with a space inside. Every expected value is
 * worked out by hand from the rule files (speech_verbs, number_words,
 * figure_starts, hedges) and the built-in lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

/* The figure of text written num cites `cited` (NULL: nobody). */
static void cited_is(const char *text, const char *num, const char *cited)
{
    check_cited(rules, text, num, cited);
}

/* The speech verb before the figure, after it, far after it in a long
 * sentence, and past the figure's sentence (no citation). */
static void test_verb_stops(void **state)
{
    (void)state;
    cited_is("Okafor said 12 people were hurt.", "12", "Okafor");
    cited_is("Police arrested 40 protesters on the bridge, Okafor said.", "40", "Okafor");
    cited_is("Police arrested 40 protesters on the bridge after a long night of marches "
             "through the old town and along the river, Okafor told reporters.",
             "40", "Okafor");
    cited_is("Police arrested 40 protesters. Okafor said nothing.", "40", NULL);
    /* two figures of one sentence share its citation */
    cited_is("Police arrested 40 protesters and 12 bystanders, Okafor said.", "12", "Okafor");
    /* a number word, then the verb */
    cited_is("Police arrested three protesters, Okafor said.", "three", "Okafor");
}

/* The words a figure begins with among words the walk passes over: a
 * number in words after ordinary words, "a" before a number word and before
 * another word, a vague plural. */
static void test_figure_stops(void **state)
{
    (void)state;
    xc_doc *d = extract_dated(
        rules, "The club signed two players and a dozen coaches for a season.", "2014-04-20");
    const xc_figure *f = figure_written(d, "two");
    assert_non_null(f);
    assert_true(f->value == 2);
    assert_string_equal(f->noun, "player");
    f = figure_written(d, "a dozen");
    assert_non_null(f);
    assert_true(f->value == 12);
    assert_string_equal(f->noun, "coach");
    assert_int_equal(d->figures.n, 2); /* "a season" is none */
    xc_doc_free(d);

    d = extract_dated(rules, "Since then thousands of runners have come.", "2014-04-20");
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].number_text, "thousands");
    xc_doc_free(d);
}

/* A decimal point after a word the walk passes over starts a number when a
 * space is before it (".5 inches"); when it starts none (".632." ends with a
 * period, which no number takes), the digits after it are tried next and
 * are the figure. */
static void test_decimal_point_stop(void **state)
{
    (void)state;
    xc_doc *d = extract_dated(rules, "It grew by .5 inches.", "2014-04-20");
    const xc_figure *f = figure_written(d, ".5 inches");
    assert_non_null(f);
    assert_true(f->value == 0.5);
    xc_doc_free(d);

    d = extract_dated(rules, "He had a slugging percentage of .632.\nThe end.", "2014-04-20");
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].number_text, "632");
    assert_true(d->figures.v[0].value == 632);
    xc_doc_free(d);
}

/* The interval of the figure written num in text, extracted with rule set
 * rs (NULL: crosscheck's built-in lists), is [low, high]. */
static void hedged(const xc_rules *rs, const char *text, const char *num, double low, double high)
{
    xc_doc *d = extract_dated(rs, text, "2014-04-20");
    const xc_figure *f = figure_written(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if (fabs(f->low - low) > 1e-9 || (isinf(high) ? !isinf(f->high) : fabs(f->high - high) > 1e-9))
        fail_msg("'%s': [%g, %g], expected [%g, %g]", text, f->low, f->high, low, high);
    xc_doc_free(d);
}

/* A hedge is looked up as its words without the spaces before the number
 * (one or more), in the rule set's list and in the built-in one: "about"
 * is 0.9 to 1.1 times the value, "more than" from the value on, "up to"
 * from zero to the value (rules/en/figures.yaml, the built-in hedges). */
static void test_hedge_words(void **state)
{
    (void)state;
    for (int builtin = 0; builtin < 2; builtin++) {
        const xc_rules *rs = builtin ? NULL : rules;
        hedged(rs, "About 200 runners took part.", "200", 180, 220);
        hedged(rs, "about  200 runners took part.", "200", 180, 220);
        hedged(rs, "It drew more than  1,000 people.", "1,000", 1000, INFINITY);
        hedged(rs, "It seats up to\t5 people.", "5", 0, 5);
        /* no hedge: a count is its value */
        hedged(rs, "It drew 1,000 people.", "1,000", 1000, 1000);
    }
}

/* A currency symbol before a number: the three bytes before it are no
 * symbol when they hold a space between two other bytes and no symbol of
 * the rule set has a space; a symbol with one ("R $", in a rule set of its
 * own) is still found. */
static void test_currency_spaces(void **state)
{
    (void)state;
    xc_doc *d = extract_dated(rules, "The ticket cost of $5 was paid.", "2014-04-20");
    const xc_figure *f = figure_written(d, "$5");
    assert_non_null(f);
    assert_string_equal(f->unit, "USD");
    xc_doc_free(d);

    xc_rules *rs = rules_from("kind: units\n"
                              "lists:\n"
                              "  currency_symbols:\n"
                              "    $: {id: USD}\n"
                              "    \"R $\": {id: BRL}\n");
    d = extract_dated(rs, "The ticket cost R $5 in Rio and of $7 here.", "2014-04-20");
    f = figure_written(d, "R $5");
    assert_non_null(f);
    assert_string_equal(f->unit, "BRL");
    f = figure_written(d, "$7");
    assert_non_null(f);
    assert_string_equal(f->unit, "USD");
    xc_doc_free(d);
    xc_rules_free(rs);
}

/* A number right after a word of figure_skip_before is a reference, no
 * figure, whatever the case of the word ("page 5", "Page 7"); after
 * another word it is one ("pages" is listed too, "paged" is not). */
static void test_skip_before(void **state)
{
    (void)state;
    xc_doc *d = extract_dated(rules,
                              "See page 5 and Page 7 and pages 9. He paged 12 doctors "
                              "and fed 30 horses.",
                              "2014-04-20");
    assert_null(figure_written(d, "5"));
    assert_null(figure_written(d, "7"));
    assert_null(figure_written(d, "9"));
    assert_non_null(figure_written(d, "12"));
    assert_non_null(figure_written(d, "30"));
    assert_int_equal(d->figures.n, 2);
    xc_doc_free(d);
}

/* The unit of a figure written num in text (NULL: none). */
static void unit_is(const char *text, const char *num, const char *unit)
{
    xc_doc *d = extract_dated(rules, text, "2014-04-20");
    const xc_figure *f = figure_written(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if ((unit == NULL) != (f->unit == NULL) || (unit && strcmp(unit, f->unit)))
        fail_msg("'%s': unit %s, expected %s", text, f->unit ? f->unit : "NULL",
                 unit ? unit : "NULL");
    xc_doc_free(d);
}

/* The word after a number is a unit when the units list has it, whatever
 * its case; a word the units' filter rejects is none; a unit in brackets,
 * with a slash, with a power or of several words is read whole. */
static void test_unit_words(void **state)
{
    (void)state;
    unit_is("The 42 km race began.", "42 km", "km");
    unit_is("The 42 KM race began.", "42 KM", "km");
    unit_is("It weighs 20 (kg) in all.", "20 (kg)", "kg");
    unit_is("A flat of 80 m2 was sold.", "80 m2", "m2");
    unit_is("It went 60 km/h at most.", "60 km/h", "km/h");
    /* a unit of three words, after a word that begins one */
    unit_is("It went 60 kilometres per hour at most.", "60 kilometres per hour", "km/h");
    unit_is("It drew 12 people.", "12", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verb_stops),         cmocka_unit_test(test_figure_stops),
        cmocka_unit_test(test_decimal_point_stop), cmocka_unit_test(test_hedge_words),
        cmocka_unit_test(test_currency_spaces),    cmocka_unit_test(test_skip_before),
        cmocka_unit_test(test_unit_words),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
