/* The dates extractor: absolute and partial dates, dates relative to the
 * document date, weekday checks. Expected values are worked out by hand
 * (2014-04-20, the reference date below, is a Sunday). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

static xc_doc *extract(const char *text, const char *date)
{
    xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    assert_non_null(d);
    d->date = date ? xc_arena_strdup(&d->arena, date) : NULL;
    assert_int_equal(xc_extract(d, rules, worker), XC_OK);
    return d;
}

/* text must hold exactly one date, written `written`, with value `value`. */
static void check(const char *text, const char *date, const char *written, const char *value,
                  bool relative)
{
    xc_doc *d = extract(text, date);
    if (d->dates.n != 1) fail_msg("'%s': %zu dates", text, d->dates.n);
    const xc_date *x = &d->dates.v[0];
    if (strcmp(x->text, written) || strcmp(x->value, value) || x->relative != relative)
        fail_msg("'%s': got '%s' = %s (relative %d), expected '%s' = %s (relative %d)", text,
                 x->text, x->value, x->relative, written, value, relative);
    xc_doc_free(d);
}

static void none(const char *text)
{
    xc_doc *d = extract(text, "2014-04-20");
    if (d->dates.n) fail_msg("'%s' gave date '%s'", text, d->dates.v[0].text);
    xc_doc_free(d);
}

static void test_absolute(void **state)
{
    check("The race was on Dec. 12, 2012 in the city.", NULL, "Dec. 12, 2012", "2012-12-12", false);
    check("He was born in January 1951.", NULL, "January 1951", "1951-01", false);
    check("It opened in 1994.", NULL, "1994", "1994", false);
    check("It opened in 1994 to great fanfare.", NULL, "1994", "1994", false);
    check("Prices rose in the early 1980s.", NULL, "the early 1980s", "198X", false);
    check("Prices rose in the 1990s.", NULL, "the 1990s", "199X", false);
    check("Filed 2014-04-13 at noon.", NULL, "2014-04-13", "2014-04-13", false);
    check("Filed on 13 April 2014 at noon.", NULL, "13 April 2014", "2014-04-13", false);
    check("Filed on 4/13/2014 at noon.", NULL, "4/13/2014", "2014-04-13", false);
    check("The race on April 13th drew crowds.", NULL, "April 13th", "XXXX-04-13", false);
}

static void test_partial_resolved(void **state)
{
    check("The race was on April 13.", "2014-04-20", "April 13", "2014-04-13", true);
    check("The race was on April 13.", NULL, "April 13", "XXXX-04-13", false);
    /* a December date in a January article is last year's */
    check("It happened on Dec. 28.", "2014-01-05", "Dec. 28", "2013-12-28", true);
    check("It happens in April.", "2014-01-05", "April", "2014-04", true);
    check("It happens in April.", NULL, "April", "XXXX-04", false);
}

static void test_weekday(void **state)
{
    xc_doc *d = extract("It was held Saturday, Feb. 16, 2013 downtown.", NULL);
    assert_int_equal(d->dates.n, 1);
    assert_string_equal(d->dates.v[0].text, "Saturday, Feb. 16, 2013");
    assert_string_equal(d->dates.v[0].value, "2013-02-16");
    assert_string_equal(d->dates.v[0].weekday, "Saturday");
    assert_false(d->dates.v[0].weekday_mismatch);
    xc_doc_free(d);
    d = extract("It was held Friday, Feb. 16, 2013 downtown.", NULL);
    assert_int_equal(d->dates.n, 1);
    assert_true(d->dates.v[0].weekday_mismatch);
    xc_doc_free(d);
}

static void test_relative(void **state)
{
    const char *ref = "2014-04-20"; /* a Sunday, ISO week 16 */
    check("The race took place earlier this month.", ref, "earlier this month", "2014-04", true);
    check("The race took place last week.", ref, "last week", "2014-W15", true);
    check("The race takes place this week.", ref, "this week", "2014-W16", true);
    check("The race took place on Tuesday.", ref, "Tuesday", "2014-04-15", true);
    check("The race took place yesterday.", ref, "yesterday", "2014-04-19", true);
    check("The race took place today.", ref, "today", "2014-04-20", true);
    check("The race took place two days ago.", ref, "two days ago", "2014-04-18", true);
    check("The race took place last month.", ref, "last month", "2014-03", true);
    check("The race took place last year.", ref, "last year", "2013", true);
    check("The race takes place next year.", ref, "next year", "2015", true);
    check("The race took place last Friday.", ref, "last Friday", "2014-04-18", true);
    /* an offset from another event is kept as a duration */
    check("It was held two days before the birthday.", ref, "two days before", "P2D", false);
}

static void test_relative_without_date(void **state)
{
    check("The race took place yesterday.", NULL, "yesterday", "XXXX-XX-XX", true);
    check("The race took place last week.", NULL, "last week", "XXXX-WXX", true);
    check("The race took place on Tuesday.", NULL, "Tuesday", "XXXX-WXX-2", true);
}

static void test_not_dates(void **state)
{
    none("May I ask a question?");
    none("April Smith ran the race.");
    none("A total of 2014 runners took part.");
    none("The race starts at 6:30.");
    none("It cost $2014 in total.");
    none("There were 1,994 runners.");
    none("Sun and sea were the draw.");
    none("You took Saturday mornings away from children.");
}

static void test_ranges_and_periods(void **state)
{
    const char *ref = "2014-04-20";
    check("It ran from April 13 to April 15 downtown.", NULL, "from April 13 to April 15",
          "(XXXX-04-13,XXXX-04-15,P2D)", false);
    check("It ran from April 13 to April 15 downtown.", ref, "from April 13 to April 15",
          "(2014-04-13,2014-04-15,P2D)", true);
    check("Held November 19-20, 2015 in town.", NULL, "November 19-20, 2015",
          "(2015-11-19,2015-11-20,P1D)", false);
    check("Held 9 to 12 of June in town.", NULL, "9 to 12 of June", "(XXXX-06-09,XXXX-06-12,P3D)",
          false);
    check("Sales rose in Q1 2019 overall.", NULL, "Q1 2019", "(2019-01-01,2019-04-01,P3M)", false);
    check("Sales rose last quarter overall.", ref, "last quarter", "(2014-01-01,2014-04-01,P3M)",
          true);
    check("Prices have risen since 2010 overall.", NULL, "since 2010", "2010", false);
    check("The race returns this September.", ref, "this September", "2014-09", true);
    check("It was held on feb 16, 2013 downtown.", NULL, "feb 16, 2013", "2013-02-16", false);
    check("It was held two months ago downtown.", ref, "two months ago", "2014-02-20", true);
    check("It was held in week 31 downtown.", ref, "week 31", "2014-W31", true);
    check("It was held in the summer of 2014 downtown.", NULL, "summer of 2014", "2014-SU", false);
    check("It was held on 05-Aug-2016 downtown.", NULL, "05-Aug-2016", "2016-08-05", false);
    check("It was held in dec 2018 downtown.", NULL, "dec 2018", "2018-12", false);
    none("They will march on the capital.");
    none("He sat on the bench.");
    none("The 2010-11 season was long.");
}

/* 2014-04-20 is a Sunday: its week runs from Monday 2014-04-14. */
static void test_more_forms(void **state)
{
    check("We met on Tuesday the 15th.", "2014-04-20", "Tuesday the 15th", "2014-04-15", true);
    /* 2016-02-29 is 680 days after the reference date, 2012-02-29 781 before */
    check("It is due on Feb 29.", "2014-04-20", "Feb 29", "2016-02-29", true);
    check("The vote is on Wednesday of next week.", "2014-04-20", "Wednesday of next week",
          "2014-04-23", true);
    check("It opens next week Wednesday.", "2014-04-20", "next week Wednesday", "2014-04-23", true);
    check("It was signed on Monday of last week.", "2014-04-20", "Monday of last week",
          "2014-04-07", true);
    check("Results come three days from now.", "2014-04-20", "three days from now", "2014-04-23",
          true);
    check("It was sold 12 days ago.", "2014-04-20", "12 days ago", "2014-04-08", true);
    check("It was launched on the second of August.", "2014-04-20", "the second of August",
          "2014-08-02", true);
    check("It was launched on the second of Aug.", NULL, "the second of Aug", "XXXX-08-02", false);
    check("Filed on Sep-23-2020 in court.", NULL, "Sep-23-2020", "2020-09-23", false);
    check("Filed on 23/Sep/2020 in court.", NULL, "23/Sep/2020", "2020-09-23", false);
    check("Sales fell in the 1st quarter of 2013.", NULL, "1st quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("It runs between 3 and 12 of April 2014.", NULL, "between 3 and 12 of April 2014",
          "(2014-04-03,2014-04-12,P9D)", false);
    /* 2014-04-20 - 3 days = 2014-04-17; + 1 day .. + 2 weeks = 2014-04-21 .. 2014-05-05 */
    check("Prices rose over the past 3 days.", "2014-04-20", "past 3 days",
          "(2014-04-17,2014-04-20,P3D)", true);
    check("It runs for the next two weeks.", "2014-04-20", "next two weeks",
          "(2014-04-21,2014-05-05,P2W)", true);
    /* without a document date the duration is the figures extractor's */
    {
        xc_doc *d = extract("Prices rose over the past three years.", NULL);
        assert_int_equal(d->dates.n, 0);
        assert_int_equal(d->figures.n, 1);
        assert_string_equal(d->figures.v[0].number_text, "three years");
        xc_doc_free(d);
    }
    /* a hedged count before "ago" is a figure */
    none("It was sold about 12 days ago.");
    /* "N days after" an event is not relative to the document date */
    none("He was freed 11 days after the raid.");
}

static void test_json(void **state)
{
    xc_doc *d = extract("Held Saturday, Feb. 16, 2013.", NULL);
    json_t *a = xc_dates_json(d);
    assert_int_equal(json_array_size(a), 1);
    json_t *o = json_array_get(a, 0);
    assert_string_equal(json_string_value(json_object_get(o, "value")), "2013-02-16");
    assert_string_equal(json_string_value(json_object_get(o, "weekday")), "Saturday");
    assert_true(json_is_false(json_object_get(o, "weekday_mismatch")));
    assert_true(json_is_false(json_object_get(o, "relative")));
    assert_int_equal(json_integer_value(json_object_get(o, "start")), 5);
    assert_int_equal(json_integer_value(json_object_get(o, "end")), 28);
    json_decref(a);
    xc_doc_free(d);
}

static void test_calendar(void **state)
{
    assert_int_equal(xc_days_from_civil(1970, 1, 1), 0);
    assert_int_equal(xc_days_from_civil(2000, 3, 1), 11017);
    int y, m, d;
    xc_civil_from_days(11017, &y, &m, &d);
    assert_int_equal(y, 2000);
    assert_int_equal(m, 3);
    assert_int_equal(d, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_absolute),
        cmocka_unit_test(test_partial_resolved),
        cmocka_unit_test(test_weekday),
        cmocka_unit_test(test_relative),
        cmocka_unit_test(test_relative_without_date),
        cmocka_unit_test(test_not_dates),
        cmocka_unit_test(test_ranges_and_periods),
        cmocka_unit_test(test_more_forms),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_calendar),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
