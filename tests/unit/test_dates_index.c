/* The dates extractor reads words from the document's word index where it
 * can: "the", "a" and "an" are passed over when the indexed word right after
 * them starts no date with them, and the test for a unit of time after a
 * number reads the indexed words' ends and filter bits. Words the index does
 * not describe that way (after two spaces or a tab, glued to digits, with
 * letters past ASCII) are read from the text. These tests hold dates of
 * both kinds, and text close to them that holds none. Expected values are
 * worked out by hand from the reference date 2014-04-20, a Sunday. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

static const char *const ref = "2014-04-20";

static void check(const char *text, const char *written, const char *value, bool relative)
{
    check_one_date(rules, text, ref, written, value, relative);
}

static void none(const char *text)
{
    check_no_date(rules, text, ref);
}

/* "the" before a number word or one of the words a date goes on with
 * ("day", "end", "week", "start", "middle", "beginning", "last"), after one
 * space or more, or a tab. */
static void test_after_articles(void **state)
{
    (void)state;
    /* August 2 is nearer to April 20 in 2014 than in 2013 */
    check("It ends the second of August.", "the second of August", "2014-08-02", true);
    check("It ends the  second of August.", "the  second of August", "2014-08-02", true);
    check("It ends the\tsecond of August.", "the\tsecond of August", "2014-08-02", true);
    check("It opens the day after tomorrow.", "the day after tomorrow", "2014-04-22", true);
    check("It opens The Day after tomorrow.", "The Day after tomorrow", "2014-04-22", true);
    /* a part of a period: the span starts at the part */
    check("It ends the beginning of March.", "beginning of March", "2014-03", true);
    check("It ends the middle of 2007.", "middle of 2007", "2007", false);
    check("It ends at the start of next month.", "start of next month", "2014-05", true);
    check("Sales fell in the last quarter of 2013.", "the last quarter of 2013",
          "(2013-10-01,2014-01-01,P3M)", false);
    /* the week (Monday to Sunday) that holds Wednesday, March 5 */
    check("It ran the week of March 5.", "the week of March 5", "(2014-03-03,2014-03-10,P7D)",
          true);
    /* "a" before a number: twelve days before April 20 */
    check("It closed a dozen days ago.", "a dozen days ago", "2014-04-08", true);
    none("The man and a woman met the mayor in an office.");
    none("The first time, the day was long and a week of rain came.");
    none("It closed A few days ago.");
}

/* A number, then a unit of time among the next words: after one space or
 * two, after a hyphenated number, after a word with letters past ASCII. */
static void test_unit_after_number(void **state)
{
    (void)state;
    check("The store shut two days ago.", "two days ago", "2014-04-18", true);
    check("The store shut two  days ago.", "two  days ago", "2014-04-18", true);
    /* March 26 is 25 days before April 20 */
    check("The store shut twenty-five days ago.", "twenty-five days ago", "2014-03-26", true);
    check("The café shut two days ago.", "two days ago", "2014-04-18", true);
    check("It shut two weeks ago, said Zoë.", "two weeks ago", "2014-04-06", true);
    check("It ran for 3 days, then 2 weeks ago it shut.", "2 weeks ago", "2014-04-06", true);
    /* the unit is looked for among the six words from the number's first:
     * from "one" the unit is the seventh, from "two" the fifth */
    check("It fell two hundred and ten years ago.", "two hundred and ten years ago", "1804-04-20",
          true);
    check("It fell one thousand two hundred and ten days ago.", "two hundred and ten days ago",
          "2013-09-22", true);
    check("It fell 12, 13 days ago.", "13 days ago", "2014-04-07", true);
    check("It fell five, or six days ago.", "six days ago", "2014-04-14", true);
    none("It fell 2 (two) days ago.");
    none("They met three long, hard, cold, wet, weeks ago.");
    /* a unit with a letter past ASCII is no unit */
    none("It shut two dáys ago.");
    /* a unit glued to digits is read, but a number glued to it is not one */
    none("It shut 25days ago.");
    none("The plan, which takes two long days, starts.");
}

/* Words the scan passes over: most words, and words too long to start a
 * date, right before one. */
static void test_words_passed_over(void **state)
{
    (void)state;
    check("Extraordinarily, on April 13 it rained.", "April 13", "2014-04-13", true);
    check("Counterrevolutionaries12 met on April 13.", "April 13", "2014-04-13", true);
    check("Counterrevolutionaries met on 13 April 2014.", "13 April 2014", "2014-04-13", false);
    none("Counterrevolutionaries and internationalists met in the mayor's office.");
}

/* Two days and one month: every connector, and "and" only after
 * "between" (the word before the first day is read only then). A range's
 * end is where its last day begins. */
static void test_day_ranges(void **state)
{
    (void)state;
    check("It ran 3 to 5 April.", "3 to 5 April", "(2014-04-03,2014-04-05,P2D)", true);
    check("It ran 9-12 June.", "9-12 June", "(2014-06-09,2014-06-12,P3D)", true);
    check("It ran 9 thru 12 June.", "9 thru 12 June", "(2014-06-09,2014-06-12,P3D)", true);
    check("It ran 9 till 12 June.", "9 till 12 June", "(2014-06-09,2014-06-12,P3D)", true);
    check("It ran 9 until 12 June.", "9 until 12 June", "(2014-06-09,2014-06-12,P3D)", true);
    check("It ran 9 through 12 June 2013.", "9 through 12 June 2013", "(2013-06-09,2013-06-12,P3D)",
          false);
    check("It ran between 3 and 12 of Sept.", "between 3 and 12 of Sept",
          "(2014-09-03,2014-09-12,P9D)", true);
    check("It ran 3 and 5 April.", "5 April", "2014-04-05", true);
    /* the words after a weekday, read from the index: June 3, 2014 is a
     * Tuesday */
    check("It rained on Tuesday, June 3.", "Tuesday, June 3", "2014-06-03", true);
    check("It rained on Tues., June 3.", "Tues., June 3", "2014-06-03", true);
}

/* Numbers in digits reach a matcher only in the shape it reads: a year
 * before "q" or "h" and a digit; after "the", a day with an ordinal
 * suffix (any case). */
static void test_digit_shapes(void **state)
{
    (void)state;
    check("Sales rose in 2019-Q1.", "2019-Q1", "(2019-01-01,2019-04-01,P3M)", false);
    check("Sales rose in 2019 h2.", "2019 h2", "(2019-07-01,2020-01-01,P6M)", false);
    check("It opens on the 18TH.", "the 18TH", "2014-04-18", true);
    check("It rose in the 3rd quarter of 2013.", "3rd quarter of 2013",
          "(2013-07-01,2013-10-01,P3M)", false);
    check("It is the 21st-century way.", "21st-century", "(2000-01-01,2100-01-01,P100Y)", false);
    none("Sales rose in 2019Q1.");
    none("In the 2012 election, 40 people ran.");
    none("It opens on the 18 of them.");
}

/* A holiday is looked for among the names that begin with the word's first
 * letter, in the table's order; the nearest one to April 20, 2014 (Easter
 * Sunday that year). */
static void test_holidays(void **state)
{
    (void)state;
    check("We met on Christmas Eve.", "Christmas Eve", "2013-12-24", true);
    check("We met on Christmas.", "Christmas", "2013-12-25", true);
    check("We met on Easter Monday.", "Easter Monday", "2014-04-21", true);
    /* the day after the fourth Thursday of November */
    check("We met on Black Friday.", "Black Friday", "2013-11-29", true);
    check("We met on New Year's Day.", "New Year's Day", "2014-01-01", true);
    /* not capitalized: only the weekday, the latest Friday */
    check("It was a black Friday for us.", "Friday", "2014-04-18", true);
    none("We met in New York.");
}

/* Phrases read only when the next word begins as theirs does ("day"
 * "after", "year" "to", "earlier" "in", "this" "weekend"); April 20, 2014
 * is in ISO week 16. */
static void test_phrases(void **state)
{
    (void)state;
    check("Sales rose year to date.", "year to date", "2014", true);
    check("Sales rose year-to-date.", "year-to-date", "2014", true);
    check("It rained earlier in the week.", "earlier in the week", "2014-W16", true);
    check("It will rain later in the year.", "later in the year", "2014", true);
    check("It opens day after tomorrow.", "day after tomorrow", "2014-04-22", true);
    check("It opens Day After Tomorrow.", "Day After Tomorrow", "2014-04-22", true);
    check("It rained this weekend.", "this weekend", "2014-W16-WE", true);
    check("It rained this past weekend.", "this past weekend", "2014-W15-WE", true);
    none("The day care opened year round, earlier than planned.");
}

/* An ordinal in words: an indexed word, or a run with a hyphen or digits
 * that is read from the text. */
static void test_ordinals(void **state)
{
    (void)state;
    check("It ends the twenty-first of June.", "the twenty-first of June", "2014-06-21", true);
    check("It ends the fifth of May.", "the fifth of May", "2014-05-05", true);
    check("It ends on the fifth day of June.", "the fifth day of June", "2014-06-05", true);
    /* "second2" is no ordinal: only the month after "of" */
    check("The second2 of June came.", "June", "2014-06", true);
    none("It was the first-ever game.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_after_articles),    cmocka_unit_test(test_unit_after_number),
        cmocka_unit_test(test_words_passed_over), cmocka_unit_test(test_day_ranges),
        cmocka_unit_test(test_digit_shapes),      cmocka_unit_test(test_holidays),
        cmocka_unit_test(test_phrases),           cmocka_unit_test(test_ordinals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
