/* The dates extractor's scan reads one table per rule set that answers, from
 * a word's filter bit, whether a date may begin with the word, whether it is
 * "the", "a" or "an", and whether the word after one of those may go on
 * with it (a number word, "last", after "the" also "day", "end", "week",
 * "start", "middle", "beginning"); an article before any other word after
 * one space or tab is passed over there. The word before a date is read
 * back only when its last letter may be that of "between" or "from", or
 * when its first letter is that of a listed preposition. A number in words
 * is read as a count only when the word after it may go on with it or be a
 * unit. These tests hold
 * dates that start at an article in each of those ways, articles that start
 * none next to dates that do, and the words before dates that those checks
 * read. Expected values are worked out by hand: the reference date
 * 2014-04-20 is a Sunday. */
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

/* "the" before a number word or a word of after_the, in any case, after one
 * space, a tab or two spaces. */
static void test_the_starts(void **state)
{
    (void)state;
    check("It rose in the first quarter of 2013.", "the first quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("The first quarter of 2013 was slow.", "The first quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("It rose in THE first quarter of 2013.", "THE first quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("It rose in the\tfirst quarter of 2013.", "the\tfirst quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    check("It rose in the  first quarter of 2013.", "the  first quarter of 2013",
          "(2013-01-01,2013-04-01,P3M)", false);
    /* 2014-04-20 plus two days */
    check("It opens The day after tomorrow.", "The day after tomorrow", "2014-04-22", true);
    /* a part of a period starts at its part word; "the" joins it only
     * after a modifier ("By the end of the year") */
    check("It closes at the end of 2015.", "end of 2015", "2015", false);
}

/* "the", "a" and "an" before other words start nothing, and the scan goes
 * on to the date after them. */
static void test_articles_passed_over(void **state)
{
    (void)state;
    check("A man and an owl saw the cat on May 5, 2014.", "May 5, 2014", "2014-05-05", false);
    check("The the the cat came on May 5, 2014.", "May 5, 2014", "2014-05-05", false);
    check("An a the on May 5, 2014.", "May 5, 2014", "2014-05-05", false);
    none("A man and an owl saw the cat.");
    none("It was the");
    none("the");
    none("a");
    none("The\tcat and a\towl.");
}

/* "from" and "between" right before a date make it a range; another word
 * there, or two spaces, do not join it. */
static void test_range_words(void **state)
{
    (void)state;
    check("From 2010 to 2014 it grew.", "From 2010 to 2014", "(2010-01-01,2014-01-01,P4Y)", false);
    check("It grew BETWEEN 1991 and 1998 overall.", "BETWEEN 1991 and 1998",
          "(1991-01-01,1998-01-01,P7Y)", false);
    check("It grew between\t1991 and 1998 overall.", "between\t1991 and 1998",
          "(1991-01-01,1998-01-01,P7Y)", false);
}

/* A bare year counts as a date after a preposition of year_preps (first
 * letter in any case), or before punctuation; not after another word. */
static void test_year_prepositions(void **state)
{
    (void)state;
    check("Since 1994 it has grown.", "Since 1994", "1994", false);
    check("During 1994 it grew.", "1994", "1994", false);
    check("It was built circa 1994 by hand.", "1994", "1994", false);
    check("Through 1994 it grew.", "1994", "1994", false);
    none("It sold 1994 copies.");
    none("Team 1994 won the cup.");
}

/* A number in words is a count of days only when the unit follows its
 * last word: the number goes on over "and", "point", "a" and number words,
 * and ends before any other word. 2014-04-20 is day 110 of 2014: 200 days
 * before it is day 275 of 2013, October 2. */
static void test_count_words(void **state)
{
    (void)state;
    check("It happened two hundred days ago.", "two hundred days ago", "2013-10-02", true);
    check("It happened Twenty one days ago.", "Twenty one days ago", "2014-03-30", true);
    check("It happened two point zero days ago.", "two point zero days ago", "2014-04-18", true);
    check("It happened a dozen days ago.", "a dozen days ago", "2014-04-08", true);
    /* 110 - 102: day 8 */
    check("It happened hundred and two days ago.", "hundred and two days ago", "2014-01-08", true);
    check("It happened half a dozen days ago.", "half a dozen days ago", "2014-04-14", true);
    none("One of the days was cold.");
    none("Two old days ago were cold.");
    none("Three big years and two more months.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_starts),  cmocka_unit_test(test_articles_passed_over),
        cmocka_unit_test(test_range_words), cmocka_unit_test(test_year_prepositions),
        cmocka_unit_test(test_count_words),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
