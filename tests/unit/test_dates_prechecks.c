/* Cheap tests the dates extractor runs before its matchers, each tested
 * with dates it must let through and text it stops:
 * - the scan over the word index (four words a round, no bound test before
 *   the last word it stops at);
 * - the test after an ordinal in words: "day" or "of" (match_word),
 *   "quarter", "week" or "half" (match_period) or a word beginning with
 *   "c" (match_century), unless the number may go on past it;
 * - the test after the unit of a count ("two days"): "ago", "from",
 *   "after", "before", "earlier", "later", or the end of the clause after
 *   "in" and one space;
 * - the test after one or two digits: "/", "-", a space or a tab, and
 *   after a space "of" or a month;
 * - the first words of the weekend phrases and "year-to-date".
 * Expected values are worked out by hand: the reference date 2014-04-20
 * is a Sunday. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

/* A date after 0 to 9 words that start none, so that it is each word of a
 * round of four, and the last words of the text. */
static void test_scan_positions(void **state)
{
    (void)state;
    static const char *const words[] = {"alpha ", "beta ", "gamma ", "delta ", "epsilon ",
                                        "zeta ",  "eta ",  "theta ", "iota "};
    for (size_t k = 0; k <= 9; k++) {
        char text[160] = "";
        for (size_t i = 0; i < k; i++) strcat(text, words[i]);
        /* a year last, without a period after it */
        strcat(text, "in 1994");
        check(text, "1994", "1994", false);
        /* a month and day, then words that start none */
        text[0] = '\0';
        for (size_t i = 0; i < k; i++) strcat(text, words[i]);
        strcat(text, "on April 13 alpha beta gamma delta epsilon");
        check(text, "April 13", "2014-04-13", true);
    }
    check("Tuesday", "Tuesday", "2014-04-15", true);
    none("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda");
    none("");
    /* numbers in digits stop the scan and start no date here */
    none("alpha 12345 beta 678 gamma 1234567 delta epsilon zeta 99999");
}

/* Ordinals in words before "day", "of", "quarter", "week", "half": the
 * date is read. */
static void test_ordinal_dates(void **state)
{
    (void)state;
    check("It ends the twenty-first of June.", "the twenty-first of June", "2014-06-21", true);
    check("It ends on the third day of the month.", "the third day of the month", "2014-04-03",
          true);
    check("It ends the first day of next month.", "the first day of next month", "2014-05-01",
          true);
    check("It ends the second  of August.", "the second  of August", "2014-08-02", true);
    check("Sales fell in the second quarter of 2013.", "the second quarter of 2013",
          "(2013-04-01,2013-07-01,P3M)", false);
    check("Sales fell in the first half of 2016.", "the first half of 2016",
          "(2016-01-01,2016-07-01,P6M)", false);
    check("It opened in the first week of 2019.", "the first week of 2019", "2019-W01", false);
    check("It ends the twenty-first century.", "twenty-first century",
          "(2000-01-01,2100-01-01,P100Y)", false);
    check("He lived in the fifth  century.", "fifth  century", "(0400-01-01,0500-01-01,P100Y)",
          false);
    check("He lived in the third Century of it.", "third Century", "(0200-01-01,0300-01-01,P100Y)",
          false);
}

/* Ordinals before other words, glued to other words, or at the end of the
 * text: no date. */
static void test_ordinal_no_dates(void **state)
{
    (void)state;
    none("It was the first time the team lost.");
    none("He won a third straight title.");
    none("It was the second-worst of them all.");
    none("It came fifth and last of all.");
    none("It came fifth, of all places.");
    none("He came second");
    none("It ended the first half with a goal.");
    none("It was the fourth week running.");
    none("It was the first Catholic church and the second council.");
    none("They met for the first time in the second week.");
}

/* Counts of days, weeks, months and years: a date only before the words
 * match_relative reads after the unit, or at the end of a clause after
 * "in" and a word of the future. */
static void test_counts(void **state)
{
    (void)state;
    check("It reopens three days from now.", "three days from now", "2014-04-23", true);
    check("It closed two weeks ago, he said.", "two weeks ago", "2014-04-06", true);
    check("It closed 2 weeks ago.", "2 weeks ago", "2014-04-06", true);
    check("It reopened two days after Christmas.", "two days after Christmas", "2013-12-27", true);
    check("He left two years earlier.", "two years earlier", "P2Y", false);
    check("The plant will reopen in two weeks.", "in two weeks", "2014-05-04", true);
    check("The plant will reopen in two weeks, he said.", "in two weeks", "2014-05-04", true);
    check("It will run for one hundred and ten years ago", "one hundred and ten years ago",
          "1904-04-20", true);
    none("He served three years in prison.");
    none("He signed an eight-year contract.");
    none("The 40-year-old man left.");
    none("It lasted five days, then ended.");
    none("It lasted five days");
    none("The plant will reopen in  two weeks.");
    none("The plant will reopen within two weeks.");
    none("It lasted twenty-one days and nights.");
}

/* One or two digits, a space, then a month, "of" and a month, or another
 * word. */
static void test_day_digits(void **state)
{
    (void)state;
    check("It opened on 13 April 2014.", "13 April 2014", "2014-04-13", false);
    check("It opened on 13 of April.", "13 of April", "2014-04-13", true);
    check("It opened on 5 Jan. 2014.", "5 Jan. 2014", "2014-01-05", false);
    check("It opened on 5\tJanuary 2014.", "5\tJanuary 2014", "2014-01-05", false);
    check("Music of the '90s came back.", "the '90s", "199X", true);
    check("It opened on 5/13/2014.", "5/13/2014", "2014-05-13", false);
    check("It opened on 13-Apr-2014.", "13-Apr-2014", "2014-04-13", false);
    check("It opened at 10:30, 12. or 7; on Tuesday", "Tuesday", "2014-04-15", true);
    none("It sold 13 apples and 5 pears.");
    none("It sold 13, 12. 7; 10:30 (5) 8% 9!");
    none("He was 12");
    none("It sold 13 of them.");
    none("It sold 12 Aprils ago.");
}

/* The weekend after "this", "next", "last", "this past", and
 * "year-to-date": the words match_phrase reads first. */
static void test_phrases(void **state)
{
    (void)state;
    check("Crowds came this WEEKEND.", "this WEEKEND", "2014-W16-WE", true);
    check("Crowds came next  weekend.", "next  weekend", "2014-W17-WE", true);
    check("Crowds came this Past weekend.", "this Past weekend", "2014-W15-WE", true);
    check("Sales rose Year-To-Date.", "Year-To-Date", "2014", true);
    none("This was the past, and this would pass.");
    none("A 40-year-old man and a year-long wait.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_positions),   cmocka_unit_test(test_ordinal_dates),
        cmocka_unit_test(test_ordinal_no_dates), cmocka_unit_test(test_counts),
        cmocka_unit_test(test_day_digits),       cmocka_unit_test(test_phrases),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
