/* Cross-checking: findings of hand-made stories, with expectations written by
 * hand. Documents are loaded from memory; their figures, dates, quotes and
 * mentions are pushed by the tests as the extractors would fill them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>

#include "diff.h"
#include "internal.h"

#include "rules_fixture.h"
#include "story_fixture.h"

/* Figure specs below list their leading fields only; the rest are zero. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/* ------------------------------------------------------------- helpers */

typedef struct {
    const char *phrase;
    int nth;
    double value, low, high;
    bool approximate;
    const char *unit, *dimension, *base_unit;
    double factor; /* to the base unit */
    const char *noun, *person;
} fig_spec;

static void add_fig(xc_doc *d, fig_spec f)
{
    xc_range r = story_find(d, f.phrase, f.nth);
    double factor = f.factor ? f.factor : 1;
    xc_figure fig = {
        .span = xc_doc_span(d, r.start, r.end),
        .text = f.phrase,
        .value = f.value,
        .low = f.low,
        .high = f.high,
        .approximate = f.approximate,
        .unit = f.unit,
        .dimension = f.dimension,
        .base_unit = f.base_unit,
        .base_low = f.low * factor,
        .base_high = f.high * factor,
        .noun = f.noun,
        .person = f.person,
        .quote = -1,
    };
    assert_int_equal(xc_vec_push(&d->figures, fig), 0);
    assert_int_equal(xc_vec_push(&d->figure_fold, r), 0);
}

/* A count: "800 runners". */
static void add_count(xc_doc *d, const char *phrase, int nth, double v, const char *noun)
{
    add_fig(d, (fig_spec){phrase, nth, v, v, v, false, NULL, NULL, NULL, 0, noun, NULL});
}

static void add_quote(xc_doc *d, const char *text, int nth, const char *speaker)
{
    xc_range r = story_find(d, text, nth);
    xc_quote q = {.span = xc_doc_span(d, r.start, r.end),
                  .text = text,
                  .speaker = speaker,
                  .speaker_text = speaker,
                  .person = -1};
    assert_int_equal(xc_vec_push(&d->quotes, q), 0);
    assert_int_equal(xc_vec_push(&d->quote_fold, r), 0);
}

static size_t run(xc_story *s, bool agreements, bool source_conflicts, const xc_finding **f)
{
    xc_check_opts o = {.include_source_conflicts = source_conflicts,
                       .report_agreements = agreements};
    assert_int_equal(xc_story_reconcile(s, NULL, &o), XC_OK);
    return xc_story_findings(s, f);
}

static xc_story *story_of(xc_doc **docs, size_t n, const bool *drafts)
{
    xc_story *s = xc_story_new("story");
    assert_non_null(s);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(xc_story_add(s, docs[i], drafts ? drafts[i] : false), XC_OK);
    return s;
}

static void free_all(xc_story *s, xc_doc **docs, size_t n)
{
    xc_story_free(s);
    for (size_t i = 0; i < n; i++) xc_doc_free(docs[i]);
}

/* ---------------------------------------------------------- Pyongyang */

static const char HUFF[] =
    "A total of 1,000 runners took part, CNN reported, and 200 were foreigners.\n"
    "A caption read: amongst 800 #runners (200 of whom were foreigners).\n"
    "They ran past 50,000 cheering Pyongyang citizens.\n"
    "Loong, 25, finished the race.\n";
static const char CTV[] = "Approximately 200 other foreigners ran the 42-kilometre race.\n"
                          "The 25-year-old finished it.\n";
static const char RW[] = "Jen Loong, 25, ran amongst 800 #runners (200 of whom were foreigners).\n"
                         "There were 50000 cheering and clapping #pyonyang citizens.\n"
                         "It was the 26.2-mile race.\n";

static void pyongyang(xc_doc **d)
{
    d[0] = mkdoc("huffpost.txt", HUFF);
    d[1] = mkdoc("ctv.txt", CTV);
    d[2] = mkdoc("rw.txt", RW);
    add_count(d[0], "1,000 runners", 0, 1000, "runner");
    add_count(d[0], "200 were foreigners", 0, 200, "foreigner");
    add_count(d[0], "800 #runners", 0, 800, "runner");
    add_count(d[0], "200 of whom were foreigners", 0, 200, "foreigner");
    add_count(d[0], "50,000 cheering Pyongyang citizens", 0, 50000, "citizen");
    add_fig(d[0],
            (fig_spec){"Loong, 25", 0, 25, 25, 25, false, "year", "age", "year", 1, NULL, "Loong"});
    add_fig(d[1], (fig_spec){"Approximately 200 other foreigners", 0, 200, 180, 220, true, NULL,
                             NULL, NULL, 0, "foreigner", NULL});
    add_fig(d[1], (fig_spec){"42-kilometre race", 0, 42, 41.5, 42.5, false, "km", "length", "m",
                             1000, "race", NULL});
    add_fig(d[1], (fig_spec){"25-year-old", 0, 25, 25, 25, false, "year", "age", "year", 1, NULL,
                             "Jen Loong"});
    add_fig(d[2], (fig_spec){"Loong, 25", 0, 25, 25, 25, false, "year", "age", "year", 1, NULL,
                             "Jen Loong"});
    add_count(d[2], "800 #runners", 0, 800, "runner");
    add_count(d[2], "200 of whom were foreigners", 0, 200, "foreigner");
    add_count(d[2], "50000 cheering and clapping #pyonyang citizens", 0, 50000, "citizens");
    add_fig(d[2], (fig_spec){"26.2-mile race", 0, 26.2, 26.15, 26.25, false, "mi", "length", "m",
                             1609.344, "race", NULL});
}

/* 800 vs 1,000 runners is the only finding; everything else agrees. */
static void test_pyongyang_conflict_only(void **state)
{
    xc_doc *d[3];
    pyongyang(d);
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    size_t n = run(s, false, false, &f);
    assert_int_equal(n, 1);
    assert_string_equal(f[0].kind, "figure-conflict");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].concept, "participants");
    assert_string_equal(f[0].message,
                        "participants: 800 (huffpost.txt, rw.txt) vs 1,000 (huffpost.txt)");
    assert_null(f[0].diff);
    assert_int_equal(f[0].n_claims, 3);
    assert_ptr_equal(f[0].claims[0].doc, d[0]);
    assert_int_equal(f[0].claims[0].index, 2); /* huffpost's 800 */
    assert_ptr_equal(f[0].claims[1].doc, d[2]);
    assert_int_equal(f[0].claims[1].index, 1); /* rw's 800 */
    assert_ptr_equal(f[0].claims[2].doc, d[0]);
    assert_int_equal(f[0].claims[2].index, 0); /* huffpost's 1,000 */
    assert_int_equal(f[0].claims[2].kind, XC_CLAIM_FIGURE);
    assert_string_equal(f[0].claims[2].text, "1,000 runners");
    assert_int_equal(f[0].claims[2].span.start, 11);
    assert_int_equal(f[0].claims[2].span.end, 24);
    free_all(s, d, 3);
}

/* Ranks are not quantities: "the first" and "the third" runner never conflict,
 * and with agreements on they are not corroborated either. */
static void test_ordinals_not_compared(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "She was the first foreign runner to finish.\n"),
                    mkdoc("b.txt", "She was the third foreign runner to finish.\n")};
    add_fig(d[0], (fig_spec){.phrase = "first foreign runner",
                             .value = 1,
                             .low = 1,
                             .high = 1,
                             .dimension = "ordinal",
                             .noun = "runner"});
    add_fig(d[1], (fig_spec){.phrase = "third foreign runner",
                             .value = 3,
                             .low = 3,
                             .high = 3,
                             .dimension = "ordinal",
                             .noun = "runner"});
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, true, false, &f), 0);
    free_all(s, d, 2);
}

/* With agreements: foreigners, spectators, distance and age are corroborated. */
static void test_pyongyang_agreements(void **state)
{
    xc_doc *d[3];
    pyongyang(d);
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    size_t n = run(s, true, false, &f);
    assert_int_equal(n, 5);
    assert_string_equal(f[0].kind, "figure-conflict");
    /* infos by document then position: huffpost's foreigners (its 2nd figure,
     * line 1), spectators (line 3), age (line 4); then ctv's distance. */
    assert_string_equal(f[1].kind, "figure-agreement");
    assert_string_equal(f[1].concept, "foreigners");
    assert_int_equal(f[1].n_claims, 4);
    assert_string_equal(
        f[1].message, "foreigners: 200 corroborated by 3 sources (huffpost.txt, ctv.txt, rw.txt)");
    assert_string_equal(f[2].concept, "spectators");
    assert_string_equal(f[2].message,
                        "spectators: 50,000 corroborated by 2 sources (huffpost.txt, rw.txt)");
    assert_string_equal(f[3].concept, "age");
    assert_int_equal(f[3].n_claims, 3);
    assert_string_equal(f[4].concept, "distance");
    assert_string_equal(f[4].message,
                        "distance: 42 km corroborated by 2 sources (ctv.txt, rw.txt)");
    for (size_t i = 1; i < 5; i++) assert_int_equal(f[i].severity, XC_INFO);
    free_all(s, d, 3);
}

/* The document that gives both 800 and 1,000 contradicts itself. */
static void test_conflict_inside_one_document(void **state)
{
    xc_doc *d[1] = {mkdoc("huffpost.txt", HUFF)};
    add_count(d[0], "1,000 runners", 0, 1000, "runner");
    add_count(d[0], "800 #runners", 0, 800, "runner");
    xc_story *s = story_of(d, 1, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "figure-conflict");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "participants: 800 (huffpost.txt) vs 1,000 (huffpost.txt)");
    free_all(s, d, 1);
}

/* A document that gives a general count two values speaks of two groups:
 * its counts of people are not compared. One value per document is. */
static void test_general_count_two_values_in_one_document(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "Three people spoke and 50 people watched."),
                    mkdoc("b.txt", "12 people sat down.")};
    add_count(d[0], "Three people", 0, 3, "people");
    add_count(d[0], "50 people", 0, 50, "people");
    add_count(d[1], "12 people", 0, 12, "people");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    d[0] = mkdoc("a.txt", "12 people were hurt.");
    d[1] = mkdoc("b.txt", "18 people were hurt.");
    add_count(d[0], "12 people", 0, 12, "people");
    add_count(d[1], "18 people", 0, 18, "people");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "figure-conflict");
    assert_string_equal(f[0].message, "injured: 12 (a.txt) vs 18 (b.txt)");
    free_all(s, d, 2);
}

/* A general count an order of magnitude away is another group; an extra
 * zero is still a conflict. */
static void test_general_count_bands(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "Three people spoke."),
                    mkdoc("b.txt", "20,000 people marched.")};
    add_count(d[0], "Three people", 0, 3, "people");
    add_count(d[1], "20,000 people", 0, 20000, "people");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    d[0] = mkdoc("a.txt", "100 people marched.");
    d[1] = mkdoc("b.txt", "1,000 people marched.");
    add_count(d[0], "100 people", 0, 100, "people");
    add_count(d[1], "1,000 people", 0, 1000, "people");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message, "people: 100 (a.txt) vs 1,000 (b.txt)");
    free_all(s, d, 2);
}

/* Women and children are people, but not the same people; residents are. */
static void test_people_of_a_kind(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "We can point to one woman here."),
                    mkdoc("b.txt", "She was one of six children.")};
    add_count(d[0], "one woman", 0, 1, "woman");
    add_count(d[1], "six children", 0, 6, "child");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    d[0] = mkdoc("a.txt", "The island is home to 120,000 people.");
    d[1] = mkdoc("b.txt", "The island has 200,000 residents.");
    add_count(d[0], "120,000 people", 0, 120000, "people");
    add_count(d[1], "200,000 residents", 0, 200000, "resident");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message, "people: 120,000 (a.txt) vs 200,000 (b.txt)");
    free_all(s, d, 2);
}

/* ------------------------------------------------------ interval edges */

static size_t two_counts(const char *noun, fig_spec a, fig_spec b, const xc_finding **f,
                         xc_story **s, xc_doc **d)
{
    d[0] = mkdoc("a.txt", "x 10 20 30 runners cars");
    d[1] = mkdoc("b.txt", "x 10 20 30 runners cars");
    a.noun = b.noun = noun;
    add_fig(d[0], a);
    add_fig(d[1], b);
    *s = story_of(d, 2, NULL);
    return run(*s, false, false, f);
}

static void test_touching_intervals_agree(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    fig_spec a = {"10", 0, 15, 10, 20, true};
    fig_spec b = {"20", 0, 25, 20, 30, true};
    assert_int_equal(two_counts("runner", a, b, &f, &s, d), 0);
    free_all(s, d, 2);
}

static void test_disjoint_hedged_is_warning(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    fig_spec a = {"10", 0, 200, 180, 220, true};  /* about 200 */
    fig_spec b = {"20", 0, 250, 250, 250, false}; /* 250 */
    assert_int_equal(two_counts("runner", a, b, &f, &s, d), 1);
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_string_equal(f[0].message, "participants: about 200 (a.txt) vs 250 (b.txt)");
    free_all(s, d, 2);
}

static void test_hedge_overlap_agrees(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    fig_spec a = {"10", 0, 200, 180, 220, true};
    fig_spec b = {"20", 0, 210, 210, 210, false};
    assert_int_equal(two_counts("runner", a, b, &f, &s, d), 0);
    free_all(s, d, 2);
}

static void test_open_interval(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    /* "more than 1,000" against 800: disjoint, but open-ended, so a warning. */
    fig_spec a = {"10", 0, 1000, 1000, INFINITY, false};
    fig_spec b = {"20", 0, 800, 800, 800, false};
    assert_int_equal(two_counts("runner", a, b, &f, &s, d), 1);
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_string_equal(f[0].message, "participants: 800 (b.txt) vs more than 1,000 (a.txt)");
    free_all(s, d, 2);
    /* ... and against 1,500 it agrees; so does "fewer than 100" with 20. */
    fig_spec c = {"20", 0, 1500, 1500, 1500, false};
    assert_int_equal(two_counts("runner", a, c, &f, &s, d), 0);
    free_all(s, d, 2);
    fig_spec e = {"10", 0, 100, -INFINITY, 100, false};
    fig_spec g = {"20", 0, 20, 20, 20, false};
    assert_int_equal(two_counts("runner", e, g, &f, &s, d), 0);
    free_all(s, d, 2);
}

/* 1 mile and 1.609344 km meet after conversion even though the products round. */
static void test_conversion_rounding_agrees(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    fig_spec a = {"10", 0, 1, 1, 1, false, "mi", "length", "m", 1609.344};
    fig_spec b = {"20", 0, 1.609344, 1.609344, 1.609344, false, "km", "length", "m", 1000};
    assert_int_equal(two_counts("race", a, b, &f, &s, d), 0);
    free_all(s, d, 2);
    /* 10 km against 5 km of the same race is a conflict between exact values. */
    fig_spec c = {"10", 0, 10, 10, 10, false, "km", "length", "m", 1000};
    fig_spec e = {"20", 0, 5, 5, 5, false, "km", "length", "m", 1000};
    assert_int_equal(two_counts("race", c, e, &f, &s, d), 1);
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].concept, "distance");
    assert_string_equal(f[0].message, "distance: 5 km (b.txt) vs 10 km (a.txt)");
    free_all(s, d, 2);
}

/* Not compared: counts of things no concept names, figures of other nouns,
 * NaN, ages of other people. */
static void test_not_compared(void **state)
{
    xc_doc *d[2];
    xc_story *s;
    const xc_finding *f;
    fig_spec a = {"10", 0, 5, 5, 5};
    fig_spec b = {"20", 0, 6, 6, 6};
    assert_int_equal(two_counts("car", a, b, &f, &s, d), 0);
    free_all(s, d, 2);
    fig_spec n1 = {"10", 0, NAN, NAN, NAN};
    fig_spec n2 = {"20", 0, 6, 6, 6};
    assert_int_equal(two_counts("runner", n1, n2, &f, &s, d), 0);
    free_all(s, d, 2);
    fig_spec race = {"10", 0, 42, 42, 42, false, "km", "length", "m", 1000, "race"};
    fig_spec walk = {"20", 0, 5, 5, 5, false, "km", "length", "m", 1000, "walk"};
    d[0] = mkdoc("a.txt", "x 10 20");
    d[1] = mkdoc("b.txt", "x 10 20");
    add_fig(d[0], race);
    add_fig(d[1], walk);
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
    fig_spec age1 = {"10", 0, 25, 25, 25, false, "year", "age", "year", 1, NULL, "Jen Loong"};
    fig_spec age2 = {"20", 0, 31, 31, 31, false, "year", "age", "year", 1, NULL, "Ann Smith"};
    fig_spec age3 = {"30", 0, 26, 26, 26, false, "year", "age", "year", 1, NULL, "Loong"};
    d[0] = mkdoc("a.txt", "x 10 20 30");
    d[1] = mkdoc("b.txt", "x 10 20 30");
    add_fig(d[0], age1);
    add_fig(d[1], age2);
    add_fig(d[1], age3);
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1); /* Loong: 25 vs 26 */
    assert_string_equal(f[0].concept, "age");
    /* a year apart in articles with no date: a birthday may fall between them */
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_string_equal(f[0].message,
                        "age: 25 year (a.txt) vs 26 year (b.txt); a year apart, in articles not "
                        "of one day");
    free_all(s, d, 2);
    /* the same ages in two articles of one day: an error */
    d[0] = mkdoc("a.txt", "x 10 20 30");
    d[1] = mkdoc("b.txt", "x 10 20 30");
    d[0]->date = xc_arena_strdup(&d[0]->arena, "2014-04-13");
    d[1]->date = xc_arena_strdup(&d[1]->arena, "2014-04-13");
    add_fig(d[0], age1);
    add_fig(d[1], age3);
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "age: 25 year (a.txt) vs 26 year (b.txt)");
    free_all(s, d, 2);
}

/* Three values: every cluster is listed; 200 and about 200 are one cluster,
 * labelled by its most precise value, the exact 200. */
static void test_three_clusters(void **state)
{
    xc_doc *d[3] = {mkdoc("a.txt", "x 10"), mkdoc("b.txt", "x 20"), mkdoc("c.txt", "x 30")};
    add_fig(d[0], (fig_spec){"10", 0, 300, 300, 300, false, .noun = "runner"});
    add_fig(d[1], (fig_spec){"20", 0, 200, 180, 220, true, .noun = "entrant"});
    add_fig(d[2], (fig_spec){"30", 0, 200, 200, 200, false, .noun = "runners"});
    add_fig(d[2], (fig_spec){"x", 0, 100, 100, 100, false, .noun = "competitor"});
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_int_equal(f[0].n_claims, 4);
    assert_string_equal(f[0].message,
                        "participants: 100 (c.txt) vs 200 (b.txt, c.txt) vs 300 (a.txt)");
    free_all(s, d, 3);
}

/* An open-ended figure that fits both sides names neither: "at least one"
 * death agrees with 11 and with 14, and the message shows only the outlets
 * that gave those numbers. */
static void test_open_ended_does_not_label(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "x 14 y one"), mkdoc("b.txt", "x 11")};
    add_fig(d[0], (fig_spec){"14", 0, 14, 14, 14, false, .noun = "death"});
    add_fig(d[0], (fig_spec){"one", 0, 1, 1, INFINITY, true, .noun = "death"});
    add_fig(d[1], (fig_spec){"11", 0, 11, 11, 11, false, .noun = "death"});
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_int_equal(f[0].severity, XC_ERROR); /* the exact 11 and 14 disagree */
    assert_int_equal(f[0].n_claims, 3);
    assert_string_equal(f[0].message, "deaths: 11 (b.txt) vs 14 (a.txt)");
    free_all(s, d, 2);
}

/* What is not compared: a duration that says nothing of what lasted (5 vs 7
 * hours), and a count of something that is not people, even beside a cue
 * word ("two Hamas fighters were killed" is not a death toll by itself). */
static void test_unnamed_measures_and_non_people(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "It lasted 5 hours. Two Hamas fighters were killed.\n"),
                    mkdoc("b.txt", "It lasted 7 hours. Three Hamas fighters were killed.\n")};
    add_fig(d[0], (fig_spec){"5 hours", 0, 5, 4.5, 5.5, false, "h", "duration", "s", 3600});
    add_fig(d[1], (fig_spec){"7 hours", 0, 7, 6.5, 7.5, false, "h", "duration", "s", 3600});
    add_count(d[0], "Two Hamas", 0, 2, "hamas");
    add_count(d[1], "Three Hamas", 0, 3, "hamas");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* ----------------------------------------------------------------- dates */

static void test_date_conflict(void **state)
{
    xc_doc *d[4] = {
        mkdoc("a.txt", "The race was held on April 13, 2014 in Pyongyang.\n"),
        mkdoc("b.txt", "The race took place on April 14, 2014.\n"),
        mkdoc("c.txt", "The birthday of the leader is on April 15, 2014.\n"),
        mkdoc("d.txt", "The race was on April 16, 2014, the marathon on April 17, 2014.\n"),
    };
    story_add_date(d[0], "April 13, 2014", "2014-04-13", false);
    story_add_date(d[1], "April 14, 2014", "2014-04-14", false);
    story_add_date(d[2], "April 15, 2014", "2014-04-15", false); /* no event word */
    story_add_date(d[3], "April 16, 2014", "2014-04-16", false); /* two event words */
    story_add_date(d[3], "April 17, 2014", "2014-04-17", false);
    xc_story *s = story_of(d, 4, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "date-conflict");
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_null(f[0].concept);
    assert_string_equal(f[0].message, "race: 2014-04-13 (a.txt) vs 2014-04-14 (b.txt)");
    assert_int_equal(f[0].n_claims, 2);
    assert_int_equal(f[0].claims[0].kind, XC_CLAIM_DATE);
    assert_string_equal(f[0].claims[1].text, "April 14, 2014");
    free_all(s, d, 4);
}

/* Month-only, relative, other years and a document that gives two dates for
 * the race are not compared. */
static void test_dates_conservative(void **state)
{
    xc_doc *d[4] = {
        mkdoc("a.txt", "The race was held on April 13, 2014.\n"),
        mkdoc("b.txt", "The race was held earlier this month.\n"),
        mkdoc("c.txt", "The race was held on April 12, 2013.\n"),
        mkdoc("d.txt", "The race: April 10, 2014. Or the race: April 11, 2014.\n"),
    };
    story_add_date(d[0], "April 13, 2014", "2014-04-13", false);
    story_add_date(d[1], "earlier this month", "2014-04", true);
    story_add_date(d[2], "April 12, 2013", "2013-04-12", false);
    story_add_date(d[3], "April 10, 2014", "2014-04-10", false);
    story_add_date(d[3], "April 11, 2014", "2014-04-11", false);
    xc_story *s = story_of(d, 4, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 4);
}

/* ---------------------------------------------------------------- quotes */

static const char QA[] = "\"The people were so friendly and the crowds cheered us on the whole "
                         "way,\" Jen Loong said.\n";
static const char QB[] = "\"The people were so friendly,\" Loong said. \"The [North Korean] "
                         "crowds cheered us on the whole way.\"\n";

static void test_quote_altered(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", QA), mkdoc("b.txt", QB)};
    add_quote(d[0], "The people were so friendly and the crowds cheered us on the whole way,", 0,
              "Jen Loong");
    add_quote(d[1], "The people were so friendly,", 0, "Jen Loong");
    add_quote(d[1], "The [North Korean] crowds cheered us on the whole way.", 0, "Jen Loong");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "quote-altered");
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_null(f[0].concept);
    assert_string_equal(f[0].diff, "[-and-] {+North Korean+}");
    assert_string_equal(f[0].message, "quote by Jen Loong differs between a.txt and b.txt; "
                                      "bracketed insertions are not alterations");
    assert_int_equal(f[0].n_claims, 3);
    assert_ptr_equal(f[0].claims[0].doc, d[0]);
    assert_ptr_equal(f[0].claims[1].doc, d[1]);
    /* the quote where the first alteration is comes first: "and" was dropped
     * where b's second quote begins */
    assert_int_equal(f[0].claims[1].index, 1);
    assert_int_equal(f[0].claims[2].index, 0);
    assert_int_equal(f[0].claims[0].kind, XC_CLAIM_QUOTE);
    free_all(s, d, 2);
}

/* Excerpts, ellipses, brackets, typography and case are not alterations. */
static void test_quote_not_altered(void **state)
{
    static const char *const others[] = {
        /* an excerpt */
        "\"the crowds cheered us on the whole way\"",
        /* an ellipsis where words are left out */
        "\"The people were so friendly ... cheered us on the whole way.\"",
        /* an editor's words in brackets in place of others */
        "\"The people were so friendly and [the North Koreans] cheered us on the whole way\"",
        /* curly quotes, case, hashtags */
        ("\xe2\x80\x9cTHE PEOPLE WERE SO FRIENDLY AND THE #CROWDS CHEERED US ON THE WHOLE "
         "WAY\xe2\x80\x9d"),
    };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        xc_doc *d[2] = {mkdoc("a.txt", QA), mkdoc("b.txt", others[i])};
        add_quote(d[0], "The people were so friendly and the crowds cheered us on the whole way,",
                  0, "Jen Loong");
        size_t len = strlen(others[i]);
        size_t skip = others[i][0] == '"' ? 1 : 3;
        char *inner = xc_arena_strndup(&d[1]->arena, others[i] + skip, len - 2 * skip);
        add_quote(d[1], inner, 0, "Loong");
        xc_story *s = story_of(d, 2, NULL);
        const xc_finding *f;
        size_t n = run(s, false, false, &f);
        if (n) print_message("case %zu: %s %s\n", i, f[0].message, f[0].diff);
        assert_int_equal(n, 0);
        free_all(s, d, 2);
    }
}

/* One wording written two ways is not an alteration: joined or hyphenated
 * words, contractions, British and American spelling, whole hours, an
 * editor's words in parentheses. A different word still is. */
static void test_quote_spelled_two_ways(void **state)
{
    static const struct {
        const char *a, *b;
        bool altered;
    } cases[] = {
        {"We sent an e-mail to the data centers at 6 p.m. and I am sure they realised it",
         "We sent an email to the datacenters at 6:00 p.m. and I'm sure they realized it", false},
        {"The neighbourhood centre will not defend its defence of the colour scheme",
         "The neighborhood center won't defend its defense of the color scheme", false},
        {"We appreciate your respect to her and her family at this time",
         "We appreciate your respect to her (Tara Reid) and her family at this time", false},
        {"It came at the eleventh-hour and the first vote was the one that counted",
         "It came at the 11th hour and the 1st vote was the 1 that counted", false},
        {"We waited four hours for the bus to come back to the square",
         "We waited for hours for the bus to come back to the square", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d[2] = {mkdoc("a.txt", cases[i].a), mkdoc("b.txt", cases[i].b)};
        add_quote(d[0], cases[i].a, 0, "Jen Loong");
        add_quote(d[1], cases[i].b, 0, "Jen Loong");
        xc_story *s = story_of(d, 2, NULL);
        const xc_finding *f;
        size_t n = run(s, false, false, &f);
        if (n != cases[i].altered) print_message("case %zu: %zu findings\n", i, n);
        assert_int_equal(n, cases[i].altered);
        if (n) assert_string_equal(f[0].diff, "[-four-] {+for+}");
        free_all(s, d, 2);
    }
}

/* Where two outlets go on with different quotes after the same words, the
 * other quote is no alteration; a changed word inside the common run is. */
static void test_quote_goes_on_differently(void **state)
{
    static const char A[] = "\"My client is safe in the bosom of that clinic,\" Heller said. \"I "
                            "hear she is on her way to the airport.\"";
    static const char B[] = "\"My client is safe in the bosom of that clinic right now,\" Heller "
                            "said.";
    xc_doc *d[2] = {mkdoc("a.txt", A), mkdoc("b.txt", B)};
    add_quote(d[0], "My client is safe in the bosom of that clinic,", 0, "Mark Heller");
    add_quote(d[0], "I hear she is on her way to the airport.", 0, "Mark Heller");
    add_quote(d[1], "My client is safe in the bosom of that clinic right now,", 0, "Mark Heller");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    static const char C[] = "\"My client is safe in the arms of that clinic,\" Heller said. \"I "
                            "hear she is on her way to the airport.\"";
    d[0] = mkdoc("a.txt", C);
    d[1] = mkdoc("b.txt", B);
    add_quote(d[0], "My client is safe in the arms of that clinic,", 0, "Mark Heller");
    add_quote(d[0], "I hear she is on her way to the airport.", 0, "Mark Heller");
    add_quote(d[1], "My client is safe in the bosom of that clinic right now,", 0, "Mark Heller");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "quote-altered");
    assert_string_equal(f[0].diff, "[-arms-] {+bosom+}");
    free_all(s, d, 2);
}

/* A document prepared with one rule set and reconciled with another is
 * prepared again: the concept is the reconciling rule set's. */
static void test_prepared_with_other_rules(void **state)
{
    xc_rules *other = rules_from("kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                                 "  concepts:\n    runner: athletes\n");
    xc_doc *d[2] = {mkdoc("a.txt", "x 10"), mkdoc("b.txt", "x 20")};
    add_count(d[0], "10", 0, 1000, "runner");
    add_count(d[1], "20", 0, 800, "runner");
    xc_story *s = xc_story_new("story");
    for (int i = 0; i < 2; i++)
        assert_int_equal(xc_story_add_prepared(s, d[i], false, xc_claims_prepare(d[i], other)),
                         XC_OK);
    const xc_finding *fs;
    assert_int_equal(run(s, false, false, &fs), 1); /* built-in lists: runner is a participant */
    assert_string_equal(fs[0].message, "participants: 800 (b.txt) vs 1,000 (a.txt)");
    free_all(s, d, 2);
    xc_rules_free(other);
}

/* Two quotes of one speaker that open alike are two quotes. */
static void test_quote_different_quotes(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "\"I wanted to run the whole way,\" Loong said.\n"),
        mkdoc("b.txt", "\"I wanted to see the city and talk to people,\" Loong said.\n")};
    add_quote(d[0], "I wanted to run the whole way,", 0, "Jen Loong");
    add_quote(d[1], "I wanted to see the city and talk to people,", 0, "Jen Loong");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* A quote of no words ("--") is kept and compared with nothing. */
static void test_quote_without_words(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "He said \"--\" and left.\n"),
                    mkdoc("b.txt", "He said \"--\" and left.\n")};
    add_quote(d[0], "--", 0, "Ann Lee");
    add_quote(d[1], "--", 0, "Ann Lee");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* Different speakers are never compared. */
static void test_quote_other_speaker(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", QA), mkdoc("b.txt", QA)};
    add_quote(d[0], "The people were so friendly and the crowds cheered us on the whole way,", 0,
              "Jen Loong");
    add_quote(d[1], "The people were so friendly and the crowds", 0, "Kim Jong Un");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* ----------------------------------------------------------------- names */

static void test_name_variant_proper_names(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "They ran for the Mangyongdae Prize on Sunday, past North Korea.\n"),
        mkdoc("b.txt", "The Mangyondgae Prize was won in South Korea.\n"),
    };
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_string_equal(f[0].message, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                                      "\"Mangyongdae Prize\" (a.txt)");
    assert_int_equal(f[0].n_claims, 2);
    assert_int_equal(f[0].claims[0].kind, XC_CLAIM_NAME);
    assert_string_equal(f[0].claims[0].text, "Mangyondgae Prize");
    assert_int_equal(f[0].claims[0].span.start, 4);
    assert_int_equal(f[0].claims[0].span.end, 21);
    assert_string_equal(f[0].claims[1].text, "Mangyongdae Prize");
    free_all(s, d, 2);
}

/* A short document's capitalized names are read from its word index, a
 * long one's from its text (the index is not kept for it): both ways find
 * the same names, capitals past ASCII, possessives and long runs among
 * them. */
static void test_name_variant_either_scan(void **state)
{
    for (int drop = 0; drop < 2; drop++) {
        xc_doc *d[2] = {
            mkdoc("a.txt", "\xc3\x89mile Zola's house stood near the Mangyongdae Prize "
                           "course, said the Pyongyang Sports Science Research Institute "
                           "of the Democratic People's Republic.\n"),
            mkdoc("b.txt", "The Mangyondgae Prize course passed \xc3\x89mile Zolla's "
                           "house, said the Pyongyang Sports Science Research Institute of "
                           "the Democratic People's Republic.\n"),
        };
        if (drop) xc_doc_drop_words(d[0]), xc_doc_drop_words(d[1]);
        xc_story *s = story_of(d, 2, NULL);
        const xc_finding *f;
        assert_int_equal(run(s, false, false, &f), 2);
        /* a name is shown as written, with its possessive */
        assert_string_equal(f[0].kind, "name-variant");
        assert_string_equal(f[0].message, "name spelled two ways: \"\xc3\x89mile Zola's\" "
                                          "(a.txt) and \"\xc3\x89mile Zolla's\" (b.txt)");
        assert_int_equal(f[0].claims[0].span.start, 0);
        assert_string_equal(f[1].kind, "name-variant");
        assert_string_equal(f[1].message, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) "
                                          "and \"Mangyongdae Prize\" (a.txt)");
        assert_int_equal(f[1].claims[0].span.start, 4);
        assert_int_equal(f[1].claims[0].span.end, 21);
        free_all(s, d, 2);
    }
}

/* Accents, British and American spelling and a word hyphened on are one
 * name written two ways; a letter dropped is a variant. */
static void test_name_written_alike(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "They met at the Kodak Theatre on Place Vend\xc3\xb4me, at a United "
                       "Nations-run school, with Bob Woodard.\n"),
        mkdoc("b.txt",
              "They met at the Kodak Theater on Place Vendome, at a United Nations school, "
              "with Bob Woodward.\n"),
    };
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(
        f[0].message,
        "name spelled two ways: \"Bob Woodard\" (a.txt) and \"Bob Woodward\" (b.txt)");
    free_all(s, d, 2);
}

static void test_name_variant_mentions(void **state)
{
    xc_doc *d[1] = {mkdoc("a.txt", "Kim Jong Un watched. Later Kim Job Un left. Kim Jong Un "
                                   "waved. Kim Jong Il and Kim Yo Jong did not.\n")};
    story_add_mention(d[0], "Kim Jong Un", 0);
    story_add_mention(d[0], "Kim Job Un", 0);
    story_add_mention(d[0], "Kim Jong Un", 1);
    story_add_mention(d[0], "Kim Jong Il", 0);
    xc_story *s = story_of(d, 1, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(
        f[0].message, "name spelled two ways: \"Kim Job Un\" (a.txt) and \"Kim Jong Un\" (a.txt)");
    assert_int_equal(f[0].n_claims, 2); /* first occurrence per document and spelling */
    assert_int_equal(f[0].claims[0].kind, XC_CLAIM_MENTION);
    assert_int_equal(f[0].claims[0].index, 1);
    assert_int_equal(f[0].claims[1].index, 0);
    free_all(s, d, 1);
}

/* Mentions listed out of document order give the same finding. */
static void test_name_variant_mentions_out_of_order(void **state)
{
    xc_doc *d[1] = {mkdoc("a.txt", "Kim Jong Un watched. Later Kim Job Un left. Kim Jong Un "
                                   "waved. Kim Jong Il and Kim Yo Jong did not.\n")};
    story_add_mention(d[0], "Kim Jong Il", 0);
    story_add_mention(d[0], "Kim Jong Un", 1);
    story_add_mention(d[0], "Kim Job Un", 0);
    story_add_mention(d[0], "Kim Jong Un", 0);
    xc_story *s = story_of(d, 1, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(
        f[0].message, "name spelled two ways: \"Kim Job Un\" (a.txt) and \"Kim Jong Un\" (a.txt)");
    assert_int_equal(f[0].n_claims, 2);
    assert_int_equal(f[0].claims[0].kind, XC_CLAIM_MENTION);
    assert_int_equal(f[0].claims[0].index, 2); /* "Kim Job Un" */
    assert_int_equal(f[0].claims[1].index, 3); /* the first "Kim Jong Un" */
    free_all(s, d, 1);
}

/* ---------------------------------------------------------------- drafts */

static void test_draft_figures(void **state)
{
    xc_doc *d[3] = {mkdoc("a.txt", "800 runners"), mkdoc("b.txt", "1,000 runners"),
                    mkdoc("draft.txt", "Intro.\n1,200 runners and 800 runners")};
    add_count(d[0], "800 runners", 0, 800, "runner");
    add_count(d[1], "1,000 runners", 0, 1000, "runner");
    add_count(d[2], "1,200 runners", 0, 1200, "runner");
    add_count(d[2], "800 runners", 0, 800, "runner");
    bool drafts[3] = {false, false, true};
    xc_story *s = story_of(d, 3, drafts);
    const xc_finding *f;
    size_t n = run(s, false, false, &f);
    assert_int_equal(n, 2);
    /* 1,200 contradicts every source: an error on the draft. */
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_ptr_equal(f[0].claims[0].doc, d[2]);
    assert_int_equal(f[0].claims[0].index, 0);
    assert_int_equal(f[0].n_claims, 3);
    assert_string_equal(f[0].message, "participants: 1,200 (draft.txt) vs 1,000 (a.txt, b.txt)");
    /* 800 agrees with one source and not the other: the sources disagree. */
    assert_int_equal(f[1].severity, XC_WARNING);
    assert_int_equal(f[1].claims[0].index, 1);
    assert_ptr_equal(f[1].claims[1].doc, d[1]);
    assert_int_equal(f[1].n_claims, 2);
    xc_story_free(s);

    /* With source conflicts, the sources' own conflict comes too (after the
     * draft's error, as it is on a.txt). */
    s = story_of(d, 3, drafts);
    n = run(s, false, true, &f);
    assert_int_equal(n, 3);
    assert_ptr_equal(f[0].claims[0].doc, d[0]);
    assert_string_equal(f[0].message, "participants: 800 (a.txt) vs 1,000 (b.txt)");
    assert_ptr_equal(f[1].claims[0].doc, d[2]);
    free_all(s, d, 3);
}

static void test_draft_quotes(void **state)
{
    xc_doc *d[2] = {mkdoc("src.txt", "Loong said the people were so friendly and the crowds "
                                     "cheered us on the whole way.\n"),
                    mkdoc("draft.txt", "\"The people were so friendly and the crowds cheered us "
                                       "on the whole way,\" Loong said. \"We will never forget "
                                       "this race,\" she added.\n")};
    add_quote(d[1], "The people were so friendly and the crowds cheered us on the whole way,", 0,
              "Jen Loong");
    add_quote(d[1], "We will never forget this race,", 0, "Jen Loong");
    bool drafts[2] = {false, true};
    xc_story *s = story_of(d, 2, drafts);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "quote-unsourced");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "quote by Jen Loong in draft.txt is found in no source");
    assert_ptr_equal(f[0].claims[0].doc, d[1]);
    assert_int_equal(f[0].claims[0].index, 1);
    free_all(s, d, 2);
}

static void test_draft_quote_altered_and_names(void **state)
{
    xc_doc *d[2] = {mkdoc("src.txt", "At the Mangyongdae Prize, \"we loved the crowds and the "
                                     "city,\" Loong said.\n"),
                    mkdoc("draft.txt", "At the Mangyondgae Prize, \"we loved the crowds and the "
                                       "people,\" Loong said.\n")};
    add_quote(d[0], "we loved the crowds and the city,", 0, "Jen Loong");
    add_quote(d[1], "we loved the crowds and the people,", 0, "Jen Loong");
    bool drafts[2] = {false, true};
    xc_story *s = story_of(d, 2, drafts);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 2);
    /* Both on the draft: the error first, then the warning. */
    assert_string_equal(f[0].kind, "quote-altered");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].diff, "[-city-] {+people+}");
    assert_string_equal(f[0].message, "quote by Jen Loong in draft.txt differs from src.txt");
    assert_ptr_equal(f[0].claims[0].doc, d[1]);
    assert_ptr_equal(f[0].claims[1].doc, d[0]);
    assert_string_equal(f[1].kind, "name-variant");
    assert_int_equal(f[1].severity, XC_WARNING);
    assert_string_equal(f[1].message, "name spelled two ways: \"Mangyondgae Prize\" (draft.txt) "
                                      "and \"Mangyongdae Prize\" (src.txt)");
    assert_ptr_equal(f[1].claims[0].doc, d[1]);
    assert_int_equal(f[1].claims[0].span.start, 7);
    free_all(s, d, 2);
}

static void test_draft_suppressions(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", "800 runners"),
                    mkdoc("draft.txt", "Intro.\n1,200 runners\n900 runners\n")};
    add_count(d[0], "800 runners", 0, 800, "runner");
    add_count(d[1], "1,200 runners", 0, 1200, "runner");
    add_count(d[1], "900 runners", 0, 900, "runner");
    /* the line index: lines start at 0, 7 and 21 */
    d[1]->lines.n = 0;
    size_t starts[] = {0, 7, 21};
    for (size_t i = 0; i < 3; i++) assert_int_equal(xc_vec_push(&d[1]->lines, starts[i]), 0);
    bool drafts[2] = {false, true};
    xc_story *s = story_of(d, 2, drafts);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 2);
    xc_story_free(s);

    /* line 2 suppressed for figure-conflict, line 3 for another kind only */
    struct xc_suppress *sup = xc_arena_alloc(&d[1]->arena, 2 * sizeof *sup);
    sup[0] = (struct xc_suppress){2, "figure-conflict"};
    sup[1] = (struct xc_suppress){3, "quote-altered"};
    d[1]->suppress = sup;
    d[1]->n_suppress = 2;
    s = story_of(d, 2, drafts);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_int_equal(f[0].claims[0].index, 1);
    xc_story_free(s);

    /* a disabled range over line 3 */
    xc_range off = {21, 33};
    assert_int_equal(xc_vec_push(&d[1]->disabled, off), 0);
    s = story_of(d, 2, drafts);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* A count of people takes its concept from a cue word nearby. */
static void test_cue_concepts(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "The storm swept the coast, killing 14 people, officials said.\n"
                       "About 200 people were injured, most by falling trees.\n"
                       "About 3,000 people stayed in shelters.\n"),
        mkdoc("b.txt", "Officials confirmed 11 deaths, and 236 people had been treated for "
                       "storm-related injuries.\n2,950 people stayed in shelters.\n"),
    };
    add_count(d[0], "14 people", 0, 14, "person");
    add_fig(d[0], (fig_spec){"About 200 people", 0, 200, 180, 220, true, .noun = "person"});
    add_fig(d[0], (fig_spec){"About 3,000 people", 0, 3000, 2700, 3300, true, .noun = "person"});
    add_count(d[1], "11 deaths", 0, 11, "death");
    add_count(d[1], "236 people", 0, 236, "person");
    add_count(d[1], "2,950 people", 0, 2950, "person");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 2);
    assert_string_equal(f[0].concept, "deaths");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "deaths: 11 (b.txt) vs 14 (a.txt)");
    assert_string_equal(f[1].concept, "injured");
    assert_int_equal(f[1].severity, XC_WARNING);
    assert_string_equal(f[1].message, "injured: about 200 (a.txt) vs 236 (b.txt)");
    free_all(s, d, 2);
}

/* ---------------------------------------------- ages, tallies, list parts */

static void add_age(xc_doc *d, const char *phrase, double v, const char *person)
{
    add_fig(d, (fig_spec){phrase, 0, v, v, v, false, "year", "age", "year", 1, NULL, person});
}

/* Ages are grouped by surname, but two people of one surname with different
 * given names are two people; a bare surname or an initial joins a given
 * name only when it fits one alone. */
static void test_age_given_names(void **state)
{
    xc_doc *d[3] = {
        mkdoc("a.txt", "John Jenkin, 23, and Jerry Ortiz, 30, were hurt. Ortiz, 31, spoke.\n"),
        mkdoc("b.txt", "Katie Jenkin, 20, and Jeremy Ortiz, 25, were hurt. J. Ortiz, 26, spoke.\n"),
        mkdoc("c.txt", "K. Jenkin, 21, was there. Dr. John Jenkin, 23, was too.\n"),
    };
    add_age(d[0], "John Jenkin, 23", 23, "John Jenkin");
    add_age(d[0], "Jerry Ortiz, 30", 30, "Jerry Ortiz");
    add_age(d[0], "Ortiz, 31", 31, "Ortiz");
    add_age(d[1], "Katie Jenkin, 20", 20, "Katie Jenkin");
    add_age(d[1], "Jeremy Ortiz, 25", 25, "Jeremy Ortiz");
    add_age(d[1], "J. Ortiz, 26", 26, "J. Ortiz");
    add_age(d[2], "K. Jenkin, 21", 21, "K. Jenkin");
    add_age(d[2], "Dr. John Jenkin, 23", 23, "Dr. John Jenkin");
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    /* Katie is 20 or 21; John is 23 twice; the Ortiz ages fit nobody alone.
     * Jerry and Jeremy may still be one name spelled two ways: a name
     * variant, not an age conflict. */
    assert_int_equal(run(s, false, false, &f), 2);
    assert_string_equal(f[0].kind, "figure-conflict");
    assert_string_equal(f[0].concept, "age");
    assert_string_equal(f[0].message,
                        "age: 20 year (b.txt) vs 21 year (c.txt); a year apart, in articles not "
                        "of one day");
    assert_string_equal(f[1].kind, "name-variant");
    free_all(s, d, 3);

    /* Two people only: no conflict. */
    d[0] = mkdoc("a.txt", "John Jenkin, 23, was hurt.\n");
    d[1] = mkdoc("b.txt", "Katie Jenkin, 20, was hurt.\n");
    add_age(d[0], "John Jenkin, 23", 23, "John Jenkin");
    add_age(d[1], "Katie Jenkin, 20", 20, "Katie Jenkin");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    /* A document that gives a bare surname and a full name of it two ages
     * speaks of two people; another document agreeing with the full name
     * is no conflict. A bare surname alone in its document still counts. */
    d[0] = mkdoc("a.txt", "The 35-year-old Gomes was charged. 61-year-old Kathryn Gomes died.\n");
    d[1] = mkdoc("b.txt", "Kathryn Gomes, 61, died.\n");
    d[2] = mkdoc("c.txt", "Gomes, 59, died.\n");
    add_age(d[0], "35-year-old Gomes", 35, "Gomes");
    add_age(d[0], "61-year-old Kathryn Gomes", 61, "Kathryn Gomes");
    add_age(d[1], "Kathryn Gomes, 61", 61, "Kathryn Gomes");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    xc_story_free(s);
    add_age(d[2], "Gomes, 59", 59, "Gomes");
    s = story_of(d, 3, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message, "age: 59 year (c.txt) vs 61 year (a.txt, b.txt)");
    free_all(s, d, 3);

    /* A document that gives one full name two ages speaks of two people
     * (a mother and a son read as one): its ages of that name are not compared. */
    d[0] = mkdoc("a.txt", "Kathryn Gomes, 35, was charged. Kathryn Gomes, 61, died.\n");
    d[1] = mkdoc("b.txt", "Kathryn Gomes, 58, died.\n");
    add_age(d[0], "Kathryn Gomes, 35", 35, "Kathryn Gomes");
    add_age(d[0], "Kathryn Gomes, 61", 61, "Kathryn Gomes");
    add_age(d[1], "Kathryn Gomes, 58", 58, "Kathryn Gomes");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    /* One person named three ways still agrees with itself. */
    d[0] = mkdoc("a.txt", "Jen Loong, 25, ran.\n");
    d[1] = mkdoc("b.txt", "The 25-year-old Loong ran.\n");
    d[2] = mkdoc("c.txt", "Loong, 25, ran.\n");
    add_age(d[0], "Jen Loong, 25", 25, "Jen Loong");
    add_age(d[1], "25-year-old Loong", 25, "Loong");
    add_age(d[2], "Loong, 25", 25, "Loong");
    s = story_of(d, 3, NULL);
    assert_int_equal(run(s, true, false, &f), 1);
    assert_string_equal(f[0].kind, "figure-agreement");
    assert_string_equal(f[0].message,
                        "age: 25 year corroborated by 3 sources (a.txt, b.txt, c.txt)");
    free_all(s, d, 3);
}

static void add_tally(xc_doc *d, const char *phrase, double first, const char *tally)
{
    add_fig(d,
            (fig_spec){phrase, 0, first, first, first, false, .dimension = "vote", .noun = "vote"});
    d->figures.v[d->figures.n - 1].unit_text = tally;
}

/* A vote tally is compared on both of its numbers and shown as written; it
 * is never compared with a count. */
static void test_vote_tallies(void **state)
{
    xc_doc *d[3] = {
        mkdoc("a.txt", "The court voted 7-2 to uphold the law.\n"),
        mkdoc("b.txt", "The law was upheld in a 7-1 vote, with 7 votes cast.\n"),
        mkdoc("c.txt", "The justices decided seven to two.\n"),
    };
    add_tally(d[0], "7-2", 7, "7-2");
    add_tally(d[1], "7-1 vote", 7, "7-1");
    add_count(d[1], "7 votes", 0, 7, "vote");
    add_tally(d[2], "seven to two", 7, "seven to two");
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "figure-conflict");
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "vote: 7-1 (b.txt) vs 7-2 (a.txt, c.txt)");
    assert_int_equal(f[0].n_claims, 3);
    free_all(s, d, 3);

    d[0] = mkdoc("a.txt", "The court voted 7-2.\n");
    d[1] = mkdoc("b.txt", "The justices decided seven to two.\n");
    add_tally(d[0], "7-2", 7, "7-2");
    add_tally(d[1], "seven to two", 7, "seven to two");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    xc_story_free(s);
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, true, false, &f), 1);
    assert_string_equal(f[0].message, "vote: 7-2 corroborated by 2 sources (a.txt, b.txt)");
    free_all(s, d, 2);
}

/* "two women and one man died" lists parts of a total; neither is compared
 * with the total "three people died". A total alone still is. */
static void test_list_parts(void **state)
{
    xc_doc *d[3] = {
        mkdoc("a.txt", "Two women and one man died in the fire.\n"),
        mkdoc("b.txt", "Three people died in the fire.\n"),
        mkdoc("c.txt", "Officials said four people died.\n"),
    };
    add_count(d[0], "Two women", 0, 2, "woman");
    add_count(d[0], "one man", 0, 1, "man");
    add_count(d[1], "Three people", 0, 3, "person");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    xc_story_free(s);
    add_count(d[2], "four people", 0, 4, "person");
    s = story_of(d, 3, NULL);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message, "deaths: 3 (b.txt) vs 4 (c.txt)");
    free_all(s, d, 3);

    /* A person counted by an article is a part too, before or after. */
    d[0] =
        mkdoc("a.txt", "The bank workers-two women and a man-died. A man and two children died.\n");
    d[1] = mkdoc("b.txt", "Three people died in the fire.\n");
    add_count(d[0], "two women", 0, 2, "woman");
    add_count(d[0], "two children", 0, 2, "child");
    add_count(d[1], "Three people", 0, 3, "person");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* "a mother of 12 killed in the crash": 12 children, not 12 deaths. */
static void test_parent_of_children(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "A mother of 12 was killed in the crash. The Father of three was hurt.\n"),
        mkdoc("b.txt", "Two people were killed in the crash and one was hurt.\n"),
    };
    add_fig(d[0], (fig_spec){"12", 0, 12, 12, 12});
    add_count(d[0], "three", 0, 3, NULL);
    add_count(d[1], "Two people", 0, 2, "person");
    add_count(d[1], "one", 0, 1, NULL);
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    xc_story_free(s);
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, true, false, &f), 2); /* each given by one source only */
    assert_string_equal(f[0].kind, "single-source");
    assert_string_equal(f[1].kind, "single-source");
    free_all(s, d, 2);
}

static void test_date_anchor_in_sentence_with_abbreviation(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "Kessler pleaded guilty on Oct. 14, 2024, to fraud. He left.\n"),
        mkdoc("b.txt", "He pleaded guilty Oct. 4, 2024, to one count of wire fraud.\n"),
    };
    story_add_date(d[0], "Oct. 14, 2024", "2024-10-14", false);
    story_add_date(d[1], "Oct. 4, 2024", "2024-10-04", false);
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message, "pleaded: 2024-10-04 (b.txt) vs 2024-10-14 (a.txt)");
    free_all(s, d, 2);
}

/* The quote a source splits in two and another gives with an editor's words,
 * beside an earlier quote: the dropped "and" is the alteration. */
static void test_quote_joined_and_excerpt(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "\"I'm not a fast runner,\" she said. \"People think [North Korea] is all "
                       "soldiers and statues, and they forget that ordinary people live here.\"\n"),
        mkdoc("b.txt", "\"People think it's all soldiers and statues,\" she said. \"They forget "
                       "that ordinary people live here.\"\n"),
    };
    add_quote(d[0], "I'm not a fast runner,", 0, "Jen Loong");
    add_quote(d[0],
              "People think [North Korea] is all soldiers and statues, and they forget that "
              "ordinary people live here.",
              0, "Jen Loong");
    add_quote(d[1], "People think it's all soldiers and statues,", 0, "Loong");
    add_quote(d[1], "They forget that ordinary people live here.", 0, "Loong");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].diff, "[-North Korea is-] {+it's+} [-and-]");
    assert_string_equal(f[0].message, "quote by Jen Loong differs between a.txt and b.txt; one is "
                                      "an excerpt of the other; bracketed insertions are not "
                                      "alterations");
    /* a's second quote and both halves of b's; a's first quote is not part of the match */
    assert_int_equal(f[0].n_claims, 3);
    assert_int_equal(f[0].claims[0].index, 1); /* a's second quote holds "[North Korea] is" */
    assert_int_equal(f[0].claims[1].doc, d[1]);
    assert_int_equal(f[0].claims[1].index, 1); /* b's second half: the "and" is dropped there */
    assert_int_equal(f[0].claims[2].index, 0);
    free_all(s, d, 2);
}

/* The same words given to two people. */
static void test_quote_misattributed(void **state)
{
    static const char Q[] = "You took Saturday mornings away from children who had done nothing";
    xc_doc *d[3] = {mkdoc("a.txt", Q), mkdoc("b.txt", Q), mkdoc("c.txt", Q)};
    add_quote(d[0], Q, 0, "Howard Lin");
    add_quote(d[1], Q, 0, "Rachel Okafor");
    add_quote(d[2], Q, 0, "Her"); /* a pronoun is not a speaker to hold against one */
    xc_story *s = story_of(d, 3, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "quote-misattributed");
    assert_int_equal(f[0].severity, XC_WARNING);
    assert_string_equal(
        f[0].message,
        "the same quote is given to Howard Lin in a.txt and to Rachel Okafor in b.txt");
    assert_string_equal(f[0].diff, "[-Howard Lin-] {+Rachel Okafor+}");
    free_all(s, d, 3);
}

/* Not misattributed: a paragraph that names both speakers ("said Zadan and
 * Meron"), or a speaker written as a pronoun, whose name is a reading. */
static void test_quote_misattributed_not(void **state)
{
    static const char Q[] = "We are thrilled to have her host the show";
    xc_doc *d[2] = {mkdoc("a.txt", "\"We are thrilled to have her host the show,\" said Zadan and "
                                   "Meron jointly."),
                    mkdoc("b.txt", "Producers Craig Zadan and Neil Meron said: \"We are thrilled "
                                   "to have her host the show.\"")};
    add_quote(d[0], Q, 0, "Zadan");
    add_quote(d[1], Q, 0, "Neil Meron");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);

    d[0] = mkdoc("a.txt", "\"We are thrilled to have her host the show,\" he said.");
    d[1] = mkdoc("b.txt", "\"We are thrilled to have her host the show,\" Okafor said.");
    add_quote(d[0], Q, 0, "Howard Lin");
    d[0]->quotes.v[0].speaker_text = "he";
    add_quote(d[1], Q, 0, "Rachel Okafor");
    s = story_of(d, 2, NULL);
    assert_int_equal(run(s, false, false, &f), 0);
    free_all(s, d, 2);
}

/* A draft's quote altered the same way from two sources: one finding. */
static void test_draft_quote_two_sources(void **state)
{
    static const char SRC[] = "\"I just wanted to be able to say I'd done it,\" Loong said.\n";
    xc_doc *d[3] = {mkdoc("a.txt", SRC), mkdoc("b.txt", SRC),
                    mkdoc("draft.txt", "\"I just wanted to say I had finished it,\" she said.\n")};
    add_quote(d[0], "I just wanted to be able to say I'd done it,", 0, "Jen Loong");
    add_quote(d[1], "I just wanted to be able to say I'd done it,", 0, "Jen Loong");
    add_quote(d[2], "I just wanted to say I had finished it,", 0, "Jen Loong");
    bool drafts[3] = {false, false, true};
    xc_story *s = story_of(d, 3, drafts);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_int_equal(f[0].severity, XC_ERROR);
    assert_string_equal(f[0].message, "quote by Jen Loong in draft.txt differs from a.txt, b.txt");
    assert_string_equal(f[0].diff, "[-to be able-] [-I'd done-] {+I had finished+}");
    assert_int_equal(f[0].n_claims, 3);
    assert_ptr_equal(f[0].claims[0].doc, d[2]);
    free_all(s, d, 3);
}

/* Three spellings of one word beside "Prize" are one finding. */
static void test_name_three_spellings(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "They ran the Mangyondgae Prize International Marathon on Sunday.\n"),
        mkdoc("b.txt", "It was the Mangyongdae Prize International Marathon, or the Myanggae "
                       "Prize.\n"),
    };
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message,
                        "name spelled three ways: \"Mangyondgae Prize International Marathon\" "
                        "(a.txt), \"Mangyongdae Prize International Marathon\" (b.txt) and "
                        "\"Myanggae Prize\" (b.txt)");
    assert_int_equal(f[0].n_claims, 3);
    free_all(s, d, 2);
}

/* Possessives and demonyms are grammar; one-word person names need one edit
 * in five letters or more. */
static void test_names_grammar_and_single_words(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "North Korea's leader spoke. North Koreans cheered. A North Korean "
                       "runner won. Kessler left. Loong ran.\n"),
        mkdoc("b.txt", "Kesler was there. Kessler too. Long ran.\n"),
    };
    story_add_mention(d[0], "Kessler", 0);
    story_add_mention(d[0], "Loong", 0);
    story_add_mention(d[1], "Kesler", 0);
    story_add_mention(d[1], "Kessler", 0);
    story_add_mention(d[1], "Long", 0);
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].message,
                        "name spelled two ways: \"Kesler\" (b.txt) and \"Kessler\" (a.txt, b.txt)");
    assert_int_equal(f[0].n_claims, 3);
    free_all(s, d, 2);
}

/* ------------------------------------------------ words and names, Unicode */

typedef struct {
    const char *w, *orig;
    bool bracket, ellipsis_before;
} word_spec;

/* ASCII words fold without utf8proc; other words through it. Both must give
 * the same words: case-folded, composed, typographic apostrophes straight. */
static void test_words_split_mixed_scripts(void **state)
{
    static const char text[] = "\xc3\x89mile Zola's \xe2\x80\x9cJ\xe2\x80\x99"
                               "accuse\xe2\x80\x9d "
                               "[\xc5\x81ukasz] ... STRASSE Stra\xc3\x9f"
                               "e e\xcc\x81"
                               "cole "
                               "3,000.5 km co-op";
    static const word_spec want[] = {
        {"\xc3\xa9mile", "\xc3\x89mile", false, false},
        {"zola's", "Zola's", false, false},
        {"j'accuse",
         "J\xe2\x80\x99"
         "accuse",
         false, false},
        {"\xc5\x82ukasz", "\xc5\x81ukasz", true, false},
        {"strasse", "STRASSE", false, true},
        {"strasse",
         "Stra\xc3\x9f"
         "e",
         false, false},
        {"\xc3\xa9"
         "cole",
         "e\xcc\x81"
         "cole",
         false, false},
        {"3,000.5", "3,000.5", false, false},
        {"km", "km", false, false},
        {"co-op", "co-op", false, false},
    };
    const size_t n = sizeof want / sizeof *want;
    xc_arena a;
    xc_arena_init(&a);
    xc_words w = {0};
    bool ell = true;
    assert_int_equal(xc_words_split(text, strlen(text), &a, &w, &ell), 0);
    assert_false(ell);
    assert_int_equal(w.n, n);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(w.v[i].w, want[i].w);
        assert_int_equal(w.v[i].len, strlen(want[i].w));
        assert_string_equal(w.v[i].orig, want[i].orig);
        assert_int_equal(w.v[i].bracket, want[i].bracket);
        assert_int_equal(w.v[i].ellipsis_before, want[i].ellipsis_before);
    }
    /* "STRASSE" and "Straße" are one word */
    assert_true(w.v[4].h == w.v[5].h);
    xc_vec_free(&w);

    static const char tail[] = "PAR\xc3\x8eS, well \xe2\x80\xa6";
    assert_int_equal(xc_words_split(tail, strlen(tail), &a, &w, &ell), 0);
    assert_true(ell);
    assert_int_equal(w.n, 2);
    assert_string_equal(w.v[0].w, "par\xc3\xaes");
    assert_string_equal(w.v[1].w, "well");
    xc_vec_free(&w);
    xc_arena_free(&a);
}

static void test_word_fold(void **state)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"McDONALD", "mcdonald"},
        {"\xc3\x89MILE", "\xc3\xa9mile"}, /* ÉMILE */
        {"Don\xe2\x80\x99t", "don't"},    /* typographic apostrophe */
        {"\xc5\x81\xc3\x93"
         "DZ",
         "\xc5\x82\xc3\xb3"
         "dz"}, /* ŁÓDZ */
        {"already", "already"},
    };
    xc_buf b = {0};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        b.len = 0;
        assert_int_equal(xc_buf_addc(&b, '>'), 0);
        assert_int_equal(xc_word_fold(cases[i].in, strlen(cases[i].in), &b), 0);
        assert_int_equal(b.len, 1 + strlen(cases[i].out));
        assert_memory_equal(b.s + 1, cases[i].out, b.len - 1);
        assert_int_equal(b.s[b.len], '\0');
    }
    xc_buf_free(&b);
}

/* Runs of capitalized words that start with a capital outside ASCII are
 * names like any other. */
static void test_name_variant_non_ascii_capitals(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "it was said that \xc5\x81ukasz Kowalski spoke to \xc3\x89mile Zola.\n"),
        mkdoc("b.txt", "later \xc5\x81ukasz Kowalsky spoke to \xc3\x89mile Zola again.\n"),
    };
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(f[0].message, "name spelled two ways: \"\xc5\x81ukasz Kowalski\" (a.txt) "
                                      "and \"\xc5\x81ukasz Kowalsky\" (b.txt)");
    assert_int_equal(f[0].n_claims, 2);
    assert_string_equal(f[0].claims[0].text, "\xc5\x81ukasz Kowalski");
    assert_int_equal(f[0].claims[0].span.start, 17);
    free_all(s, d, 2);
}

/* Accented capitals fold like their small letters: only the day differs. */
static void test_quote_accents_fold(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "\"Caf\xc3\xa9 Rouge will close on Tuesday,\" \xc3\x89mile Zola said.\n"),
        mkdoc("b.txt", "\"CAF\xc3\x89 ROUGE will close on Friday,\" said Zola.\n"),
    };
    add_quote(d[0], "Caf\xc3\xa9 Rouge will close on Tuesday,", 0, "\xc3\x89mile Zola");
    add_quote(d[1], "CAF\xc3\x89 ROUGE will close on Friday,", 0, "Zola");
    xc_story *s = story_of(d, 2, NULL);
    const xc_finding *f;
    size_t n = run(s, false, false, &f);
    size_t q = n;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(f[i].kind, "quote-altered")) q = i;
    assert_true(q < n);
    assert_string_equal(f[q].diff, "[-Tuesday-] {+Friday+}");
    free_all(s, d, 2);
}

/* ------------------------------------------------------------- the rest */

static void test_deterministic(void **state)
{
    xc_doc *d[3];
    pyongyang(d);
    story_add_mention(d[0], "Pyongyang citizens", 0);
    xc_story *s1 = story_of(d, 3, NULL), *s2 = story_of(d, 3, NULL);
    const xc_finding *f1, *f2;
    size_t n1 = run(s1, true, false, &f1), n2 = run(s2, true, false, &f2);
    assert_int_equal(n1, n2);
    for (size_t i = 0; i < n1; i++) {
        assert_string_equal(f1[i].kind, f2[i].kind);
        assert_string_equal(f1[i].message, f2[i].message);
        assert_int_equal(f1[i].n_claims, f2[i].n_claims);
        for (size_t k = 0; k < f1[i].n_claims; k++) {
            assert_ptr_equal(f1[i].claims[k].doc, f2[i].claims[k].doc);
            assert_int_equal(f1[i].claims[k].index, f2[i].claims[k].index);
        }
    }
    xc_story_free(s2);
    free_all(s1, d, 3);
}

static void test_story_api(void **state)
{
    xc_story *s = xc_story_new("pyongyang");
    assert_string_equal(xc_story_name(s), "pyongyang");
    xc_doc *d = mkdoc("a.txt", "nothing");
    assert_int_equal(xc_story_add(s, d, false), XC_OK);
    const xc_doc *const *docs;
    assert_int_equal(xc_story_docs(s, &docs), 1);
    assert_ptr_equal(docs[0], d);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 0);
    /* reconcile may be called once */
    assert_int_equal(xc_story_reconcile(s, NULL, NULL), XC_ERR_USAGE);
    xc_story_free(s);
    xc_story_free(NULL);
    xc_doc_free(d);
}

/* ------------------------------------------------------ prepared documents */

typedef struct {
    const xc_doc *doc;
    xc_claims_prep *prep;
} prep_job;

static void *prepare_job(void *arg)
{
    prep_job *j = arg;
    j->prep = xc_claims_prepare(j->doc, NULL);
    return NULL;
}

/* Documents prepared on other threads, as the pipeline's workers do, give
 * the findings that the story finds by itself. */
static void test_prepared_documents(void **state)
{
    xc_doc *d[2] = {mkdoc("a.txt", QA), mkdoc("b.txt", QB)};
    add_quote(d[0], "The people were so friendly and the crowds cheered us on the whole way,", 0,
              "Jen Loong");
    add_quote(d[1], "The people were so friendly,", 0, "Jen Loong");
    add_quote(d[1], "The [North Korean] crowds cheered us on the whole way.", 0, "Jen Loong");
    prep_job jobs[2] = {{d[0], NULL}, {d[1], NULL}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, prepare_job, &jobs[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    xc_story *s = xc_story_new("story");
    assert_int_equal(xc_story_add_prepared(s, d[0], false, jobs[0].prep), XC_OK);
    assert_int_equal(xc_story_add_prepared(s, d[1], false, jobs[1].prep), XC_OK);
    const xc_finding *f;
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "quote-altered");
    assert_string_equal(f[0].diff, "[-and-] {+North Korean+}");
    assert_int_equal(f[0].n_claims, 3);
    assert_int_equal(f[0].claims[1].index, 1);
    assert_int_equal(f[0].claims[2].index, 0);
    /* After reconciliation nothing can be added; the preparation is freed
     * all the same (valgrind). */
    assert_int_equal(xc_story_add_prepared(s, d[0], false, xc_claims_prepare(d[0], NULL)),
                     XC_ERR_USAGE);
    free_all(s, d, 2);

    /* One document prepared, one not: names found in both. */
    xc_doc *n[2] = {
        mkdoc("a.txt", "They ran for the Mangyongdae Prize on Sunday, past North Korea.\n"),
        mkdoc("b.txt", "The Mangyondgae Prize was won in South Korea.\n"),
    };
    s = xc_story_new("names");
    assert_int_equal(xc_story_add_prepared(s, n[0], false, xc_claims_prepare(n[0], NULL)), XC_OK);
    assert_int_equal(xc_story_add(s, n[1], false), XC_OK);
    assert_int_equal(run(s, false, false, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(f[0].claims[0].text, "Mangyondgae Prize");
    assert_string_equal(f[0].claims[1].text, "Mangyongdae Prize");
    free_all(s, n, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pyongyang_conflict_only),
        cmocka_unit_test(test_prepared_documents),
        cmocka_unit_test(test_ordinals_not_compared),
        cmocka_unit_test(test_open_ended_does_not_label),
        cmocka_unit_test(test_unnamed_measures_and_non_people),
        cmocka_unit_test(test_pyongyang_agreements),
        cmocka_unit_test(test_conflict_inside_one_document),
        cmocka_unit_test(test_general_count_two_values_in_one_document),
        cmocka_unit_test(test_people_of_a_kind),
        cmocka_unit_test(test_general_count_bands),
        cmocka_unit_test(test_touching_intervals_agree),
        cmocka_unit_test(test_disjoint_hedged_is_warning),
        cmocka_unit_test(test_hedge_overlap_agrees),
        cmocka_unit_test(test_open_interval),
        cmocka_unit_test(test_conversion_rounding_agrees),
        cmocka_unit_test(test_not_compared),
        cmocka_unit_test(test_three_clusters),
        cmocka_unit_test(test_date_conflict),
        cmocka_unit_test(test_dates_conservative),
        cmocka_unit_test(test_quote_altered),
        cmocka_unit_test(test_quote_not_altered),
        cmocka_unit_test(test_quote_spelled_two_ways),
        cmocka_unit_test(test_quote_goes_on_differently),
        cmocka_unit_test(test_prepared_with_other_rules),
        cmocka_unit_test(test_quote_other_speaker),
        cmocka_unit_test(test_quote_different_quotes),
        cmocka_unit_test(test_quote_without_words),
        cmocka_unit_test(test_name_variant_proper_names),
        cmocka_unit_test(test_name_written_alike),
        cmocka_unit_test(test_name_variant_either_scan),
        cmocka_unit_test(test_name_variant_mentions),
        cmocka_unit_test(test_name_variant_mentions_out_of_order),
        cmocka_unit_test(test_words_split_mixed_scripts),
        cmocka_unit_test(test_word_fold),
        cmocka_unit_test(test_name_variant_non_ascii_capitals),
        cmocka_unit_test(test_quote_accents_fold),
        cmocka_unit_test(test_draft_figures),
        cmocka_unit_test(test_draft_quotes),
        cmocka_unit_test(test_draft_quote_altered_and_names),
        cmocka_unit_test(test_draft_suppressions),
        cmocka_unit_test(test_cue_concepts),
        cmocka_unit_test(test_age_given_names),
        cmocka_unit_test(test_vote_tallies),
        cmocka_unit_test(test_list_parts),
        cmocka_unit_test(test_parent_of_children),
        cmocka_unit_test(test_date_anchor_in_sentence_with_abbreviation),
        cmocka_unit_test(test_quote_joined_and_excerpt),
        cmocka_unit_test(test_quote_misattributed),
        cmocka_unit_test(test_quote_misattributed_not),
        cmocka_unit_test(test_draft_quote_two_sources),
        cmocka_unit_test(test_name_three_spellings),
        cmocka_unit_test(test_names_grammar_and_single_words),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_story_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
