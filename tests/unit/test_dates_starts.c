/* The dates extractor tries each matcher only where its first words allow
 * it (a holiday's first word, a word after "the", a number in words with a
 * unit after it, a number in digits of the right length, the last word of
 * a modifier). These tests hold one date of each kind those checks let
 * through, and text they stop, whose words come close to a date. Expected
 * values are worked out by hand: the reference date 2014-04-20 is a Sunday;
 * 2014-02-01 and 2014-03-01 are Saturdays, 2014-05-01 a Thursday. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

static const char *const ref = "2014-04-20";

static xc_doc *extract_with(const xc_rules *rs, const char *text)
{
    return extract_dated(rs, text, ref);
}

static void check_with(const xc_rules *rs, const char *text, const char *written, const char *value,
                       bool relative)
{
    check_one_date(rs, text, ref, written, value, relative);
}

static void check(const char *text, const char *written, const char *value, bool relative)
{
    check_with(rules, text, written, value, relative);
}

static void none(const char *text)
{
    xc_doc *d = extract_with(rules, text);
    if (d->dates.n) fail_msg("'%s' gave date '%s'", text, d->dates.v[0].text);
    xc_doc_free(d);
}

/* A holiday's name begins with the word phrase_at reads first: "'s" may be
 * written "s" or left out, an apostrophe after a plural is optional. The
 * nearest such day to the document date. */
static void test_holiday_first_words(void **state)
{
    (void)state;
    check("We met on Valentines Day.", "Valentines Day", "2014-02-14", true);
    check("We met on Valentine Day.", "Valentine Day", "2014-02-14", true);
    check("We met on Valentine's Day.", "Valentine's Day", "2014-02-14", true);
    /* the second Sunday of May */
    check("We met on Mothers Day.", "Mothers Day", "2014-05-11", true);
    check("We met on St. Patrick's Day.", "St. Patrick's Day", "2014-03-17", true);
    check("We met on Saint Patrick's Day.", "Saint Patrick's Day", "2014-03-17", true);
    /* the third Monday of February */
    check("We met on Presidents' Day.", "Presidents' Day", "2014-02-17", true);
    check("We met on New Year's Eve.", "New Year's Eve", "2013-12-31", true);
    check("Juneteenth is a holiday.", "Juneteenth", "2014-06-19", true);
    /* the first word of a name, and no more of it */
    none("The new year began quietly.");
    none("Saint Peter was a good man.");
}

/* After "the", the matchers read the next word: "day", "week", "end", a
 * digit, an ordinal. */
static void test_after_the(void **state)
{
    (void)state;
    check("It opens the day after tomorrow.", "the day after tomorrow", "2014-04-22", true);
    /* the Monday to Sunday week that holds Wednesday, March 5 */
    check("It ran the week of March 5.", "the week of March 5", "(2014-03-03,2014-03-10,P7D)",
          true);
    check("By the end of the year, it will open.", "By the end of the year", "2014", true);
    check("Art of the 21st century.", "21st century", "(2000-01-01,2100-01-01,P100Y)", false);
    check("Art of the twenty-first century.", "twenty-first century",
          "(2000-01-01,2100-01-01,P100Y)", false);
    check("It ends the second of August.", "the second of August", "2014-08-02", true);
    check("It opens on the 18th.", "the 18th", "2014-04-18", true);
    check("It rose in the first quarter of 2013.", "the first quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    none("The first of them left the end of the line at the 18th floor.");
    none("The day was long and the week longer.");
}

/* A number in words starts a date only with a unit of time soon after it,
 * or as an ordinal. */
static void test_number_words(void **state)
{
    (void)state;
    check("Two days ago the plant closed.", "Two days ago", "2014-04-18", true);
    check("The plant will reopen in two weeks.", "in two weeks", "2014-05-04", true);
    check("It happened twenty-one days ago.", "twenty-one days ago", "2014-03-30", true);
    none("Two people and three dogs were hurt, one of them badly.");
    none("One million people watched the first game.");
}

/* A number in digits: one or two digits for a day, a month or an ordinal,
 * four for a year, eight for a date written together. */
static void test_digits(void **state)
{
    (void)state;
    check("Sales rose in 2019 q1.", "2019 q1", "(2019-01-01,2019-04-01,P3M)", false);
    check("It rose in the 1st quarter of 2013.", "1st quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("Art of the 19th century.", "19th century", "(1800-01-01,1900-01-01,P100Y)", false);
    check("It rose on 4/13.", "4/13", "2014-04-13", true);
    check("Filed 20161016 at noon.", "20161016", "2016-10-16", false);
    check("It happened 3 weeks after January 15.", "3 weeks after January 15", "2014-02-05", true);
    none("It cost 300 dollars and 12345 people came.");
    none("It cost 123 dollars, 45678 people came, 1234567 watched.");
}

/* After "this", "last", "next": a quarter, a season, a week, a number of
 * days, a weekday, "past". */
static void test_after_offsets(void **state)
{
    (void)state;
    check("We met this past Wednesday.", "this past Wednesday", "2014-04-16", true);
    check("It will open in the next 3 days.", "next 3 days", "(2014-04-21,2014-04-24,P3D)", true);
    check("Sales fell last quarter.", "last quarter", "(2014-01-01,2014-04-01,P3M)", true);
    check("It rained this summer.", "this summer", "2014-SU", true);
    check("It rained the following week.", "following week", "2014-W17", true);
    none("This is the last one, and next is the past.");
}

/* "between now and ...": "now" starts a range. */
static void test_now(void **state)
{
    (void)state;
    check("It runs between now and November 15th.", "between now and November 15th",
          "(2014-04-20,2014-11-15,P209D)", true);
    none("It runs now and then.");
}

/* A modifier before a date is one of the rule set's own phrases, whatever
 * its last word. */
static void test_modifiers(void **state)
{
    (void)state;
    check("Filed no later than June 5.", "no later than June 5", "2014-06-05", true);
    check("Filed since June 5.", "since June 5", "2014-06-05", true);
    xc_rules *rs = rules_from("kind: dates\n"
                              "lists:\n"
                              "  date_modifiers: [ahead of, since, on or about]\n"
                              "  date_part_modifiers: [by]\n");
    check_with(rs, "Filed ahead of June 5.", "ahead of June 5", "2014-06-05", true);
    check_with(rs, "Filed since June 5.", "since June 5", "2014-06-05", true);
    check_with(rs, "Filed on or about June 5.", "on or about June 5", "2014-06-05", true);
    /* the last word of a phrase, not the phrase */
    check_with(rs, "It was about June 5.", "June 5", "2014-06-05", true);
    check_with(rs, "Filed well ahead, on June 5.", "June 5", "2014-06-05", true);
    /* not in this rule set's list */
    check_with(rs, "Filed after June 5.", "June 5", "2014-06-05", true);
    check_with(rs, "By the end of the year, it will open.", "By the end of the year", "2014", true);
    xc_rules_free(rs);
    /* without its own date_modifiers the rule set has the built-in ones */
    rs = rules_from("kind: dates\n"
                    "lists:\n"
                    "  date_part_modifiers: [by]\n");
    check_with(rs, "Filed since June 5.", "since June 5", "2014-06-05", true);
    check_with(rs, "Filed no later than June 5.", "no later than June 5", "2014-06-05", true);
    xc_rules_free(rs);
}

/* Month and weekday names are the rule set's: the same word in another
 * rule set's list names another month, whichever was asked first. */
static void test_month_names_per_rule_set(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: dates\n"
                              "lists:\n"
                              "  month: {may: 6}\n");
    check("It opened on May 5, 2014.", "May 5, 2014", "2014-05-05", false);
    check_with(rs, "It opened on May 5, 2014.", "May 5, 2014", "2014-06-05", false);
    check("It opened on May 5, 2014.", "May 5, 2014", "2014-05-05", false);
    xc_rules_free(rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_holiday_first_words), cmocka_unit_test(test_after_the),
        cmocka_unit_test(test_number_words),        cmocka_unit_test(test_digits),
        cmocka_unit_test(test_after_offsets),       cmocka_unit_test(test_now),
        cmocka_unit_test(test_modifiers),           cmocka_unit_test(test_month_names_per_rule_set),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
