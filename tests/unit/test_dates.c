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
    return extract_dated(rules, text, date);
}

static void check(const char *text, const char *date, const char *written, const char *value,
                  bool relative)
{
    check_one_date(rules, text, date, written, value, relative);
}

static void none(const char *text)
{
    xc_doc *d = extract(text, "2014-04-20");
    if (d->dates.n) fail_msg("'%s' gave date '%s'", text, d->dates.v[0].text);
    xc_doc_free(d);
}

/* The dates of text, in order, as "written=value" joined by "; ". */
static void check_all(const char *text, const char *date, const char *want)
{
    xc_doc *d = extract(text, date);
    char got[512] = "";
    size_t used = 0;
    for (size_t i = 0; i < d->dates.n; i++) {
        int k = snprintf(got + used, sizeof got - used, "%s%s=%s", i ? "; " : "",
                         d->dates.v[i].text, d->dates.v[i].value);
        assert_true(k > 0 && (size_t)k < sizeof got - used);
        used += (size_t)k;
    }
    if (strcmp(got, want)) fail_msg("'%s': got '%s', expected '%s'", text, got, want);
    xc_doc_free(d);
}

/* Each kind of word or digit a date can start with, found wherever it
 * stands: the first byte of the text, the last, after a non-ASCII
 * character, in upper or lower case, next to other dates. The reference
 * date 2014-04-20 is a Sunday of ISO week 16. */
static void test_candidate_starts(void **state)
{
    (void)state;
    const char *ref = "2014-04-20";
    /* a digit */
    check("2014-04-13 was quiet.", NULL, "2014-04-13", "2014-04-13", false);
    check("Filed on 13 April 2014", NULL, "13 April 2014", "2014-04-13", false);
    check("Filed \xe2\x80\x94 13 April 2014 \xe2\x80\x94 at noon.", NULL, "13 April 2014",
          "2014-04-13", false);
    /* a month, capitalized */
    check("December 5, 2013 was cold.", NULL, "December 5, 2013", "2013-12-05", false);
    check("It was cold on \xe2\x80\x9c"
          "December 5, 2013.",
          NULL, "December 5, 2013", "2013-12-05", false);
    /* a weekday */
    check("Tuesday was busy.", ref, "Tuesday", "2014-04-15", true);
    check("The race took place on Tuesday", ref, "Tuesday", "2014-04-15", true);
    /* a holiday */
    check("Christmas Day was quiet.", ref, "Christmas Day", "2013-12-25", true);
    /* relative words, lower and upper case */
    check("Yesterday the board met.", ref, "Yesterday", "2014-04-19", true);
    check("YESTERDAY the board met.", ref, "YESTERDAY", "2014-04-19", true);
    check("The board met yesterday", ref, "yesterday", "2014-04-19", true);
    check("The board met Last Week.", ref, "Last Week", "2014-W15", true);
    check("Next week the board meets.", ref, "Next week", "2014-W17", true);
    check("The board met earlier this month.", ref, "earlier this month", "2014-04", true);
    /* "mid-" and "the" */
    check("Prices rose in mid-2008.", NULL, "mid-2008", "2008", false);
    check("Crime fell in the mid-'90s.", NULL, "the mid-'90s", "199X", false);
    check("It opened the day before yesterday.", ref, "the day before yesterday", "2014-04-18",
          true);
    check("The 1990s were calm.", NULL, "The 1990s", "199X", false);
    /* several in one text, each found once */
    check_all("Yesterday and today; on Tuesday, not Monday, and on 13 April 2014.", ref,
              "Yesterday=2014-04-19; today=2014-04-20; Tuesday=2014-04-15; "
              "Monday=2014-04-14; 13 April 2014=2014-04-13");
    /* words that begin no date, however close to one */
    none("The weekly meeting was held in the yesterdays of memory.");
    none("Tuesdays are busy.");
}

/* Values are zero-padded: years under 1000 keep four digits, months and
 * days two. */
static void test_value_padding(void **state)
{
    (void)state;
    const char *ref = "0950-03-10";
    check("It rained yesterday.", ref, "yesterday", "0950-03-09", true);
    check("It rained last month.", ref, "last month", "0950-02", true);
    check("It rained last year.", ref, "last year", "0949", true);
    check("It rained on Feb. 3.", ref, "Feb. 3", "0950-02-03", true);
    check("It rained in February.", ref, "February", "0950-02", true);
    check("It rained on Feb. 3.", NULL, "Feb. 3", "XXXX-02-03", false);
    check("It rained in February.", NULL, "February", "XXXX-02", false);
    check("It rained on 2 May 2014.", NULL, "2 May 2014", "2014-05-02", false);
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

/* Holidays: fixed days, the nth weekday of a month, days from Easter. */
static void test_holidays(void **state)
{
    const char *ref = "2014-04-20";
    /* Christmas 2013 is 116 days before the reference date, Christmas 2014 249 after */
    check("We met on Christmas Day.", ref, "Christmas Day", "2013-12-25", true);
    check("They left before Christmas 2002 ended.", NULL, "before Christmas 2002", "2002-12-25",
          false);
    check("It opened on Independence Day.", NULL, "Independence Day", "XXXX-07-04", false);
    /* November 1, 2013 is a Friday: the Thursdays are the 7th, 14th, 21st, 28th */
    check("Sales rose on Thanksgiving 2013.", NULL, "Thanksgiving 2013", "2013-11-28", false);
    /* Easter 2012 is April 8; Easter 2014 is April 20 */
    check("He was shot on Good Friday 2012.", NULL, "Good Friday 2012", "2012-04-06", false);
    check("Shops shut on Easter Sunday 2014.", NULL, "Easter Sunday 2014", "2014-04-20", false);
    /* May 31, 2014 is a Saturday; September 1, 2014 a Monday */
    check("Parades on Memorial Day 2014.", NULL, "Memorial Day 2014", "2014-05-26", false);
    check("Parades on Labor Day of 2014.", NULL, "Labor Day of 2014", "2014-09-01", false);
    check("Parades on Christmas of this year.", ref, "Christmas of this year", "2014-12-25", true);
    /* Thanksgiving 2010 is November 25 (November 1 is a Monday) */
    check("Stores opened on Black Friday 2010.", NULL, "Black Friday 2010", "2010-11-26", false);
    check("Parades on St. Patrick's Day 2015.", NULL, "St. Patrick's Day 2015", "2015-03-17",
          false);
    /* a movable feast without a year or a document date stays unread */
    {
        xc_doc *d = extract("Sales rose on Thanksgiving.", NULL);
        assert_int_equal(d->dates.n, 0);
        xc_doc_free(d);
    }
    /* a holiday that only qualifies a noun */
    none("He was shot at an office Christmas party.");
    none("The Boxing Day earthquake hit the coast.");
}

/* Parts of periods, weekends, phrases relative to the document date. */
static void test_parts_and_phrases(void **state)
{
    const char *ref = "2014-04-20"; /* Sunday, ISO week 16 */
    check("It closes at the end of the week.", ref, "end of the week", "2014-W16", true);
    check("It closes by the end of the year.", ref, "by the end of the year", "2014", true);
    check("It has grown since the beginning of December.", NULL, "since the beginning of December",
          "XXXX-12", false);
    check("It peaked in the middle of 2007.", NULL, "middle of 2007", "2007", false);
    check("It ends at the end of next month.", ref, "end of next month", "2014-05", true);
    check("Crowds came this weekend.", ref, "this weekend", "2014-W16-WE", true);
    check("Crowds came last weekend.", ref, "last weekend", "2014-W15-WE", true);
    check("Crowds came last weekend.", NULL, "last weekend", "XXXX-WXX-WE", true);
    check("It opens the day after tomorrow.", ref, "the day after tomorrow", "2014-04-22", true);
    check("It opened the day before yesterday.", ref, "the day before yesterday", "2014-04-18",
          true);
    check("It rained earlier in the week.", ref, "earlier in the week", "2014-W16", true);
    check("It rains later in the year.", ref, "later in the year", "2014", true);
    check("It rained earlier previous week.", ref, "earlier previous week", "2014-W15", true);
    check("Shares are down year to date.", ref, "year to date", "2014", true);
    /* March 18 is 33 days before, April 18 2 days, May 18 28 days after */
    check("It opened on the 18th.", ref, "the 18th", "2014-04-18", true);
    check("It opened on the 18th.", NULL, "the 18th", "XXXX-XX-18", false);
    check("It opens after the 15th day of June.", NULL, "after the 15th day of June", "XXXX-06-15",
          false);
    check("Pay before the thirty-first day of the month.", "2014-03-10",
          "before the thirty-first day of the month", "2014-03-31", true);
    none("He lives on the 18th floor.");
    check("Crime fell in the '90s.", NULL, "the '90s", "199X", false);
    check("Crime fell in the mid-'90s.", NULL, "the mid-'90s", "199X", false);
    check("Crime fell in the mid-1990s.", NULL, "the mid-1990s", "199X", false);
    /* the last '20s up to 2014 are the 1920s */
    check("Jazz ruled the '20s.", "2014-04-20", "the '20s", "192X", true);
    check("Prices peaked in mid-2008.", NULL, "mid-2008", "2008", false);
    none("He scored 90 points in his 90s.");
    none("He finished the 18th hole.");
    none("He was caught the next day in a suburb.");
    none("It stands to this day.");
    none("Fans watched the start of Week one.");
}

/* Ranges of years and months, ranges to the document date, the week
 * beginning a date. */
static void test_more_ranges(void **state)
{
    const char *ref = "2014-04-20";
    check("It grew from 2010 to 2014 overall.", NULL, "from 2010 to 2014",
          "(2010-01-01,2014-01-01,P4Y)", false);
    check("It grew between 1991 and 1998 overall.", NULL, "between 1991 and 1998",
          "(1991-01-01,1998-01-01,P7Y)", false);
    check("It grew in 1999-2003.", NULL, "1999-2003", "(1999-01-01,2003-01-01,P4Y)", false);
    check("It ran from January to April 2015.", NULL, "from January to April 2015",
          "(2015-01-01,2015-04-01,P3M)", false);
    check("It ran from March to May.", ref, "from March to May", "(2014-03-01,2014-05-01,P2M)",
          true);
    check("It ran from March to May.", NULL, "from March to May", "(XXXX-03-01,XXXX-05-01,P2M)",
          false);
    /* April 20 to November 15: 10 + 31 + 30 + 31 + 31 + 30 + 31 + 15 days */
    check("Work goes on between now and November 15.", ref, "between now and November 15",
          "(2014-04-20,2014-11-15,P209D)", true);
    /* January 22 to April 20: 9 + 28 + 31 + 20 days */
    check("It has run from Jan 22 to today.", ref, "from Jan 22 to today",
          "(2014-01-22,2014-04-20,P88D)", true);
    check("Meet the week beginning 17 October 2011.", NULL, "the week beginning 17 October 2011",
          "(2011-10-17,2011-10-24,P7D)", false);
    check("Meet w/c Feb 4, 2019.", NULL, "w/c Feb 4, 2019", "(2019-02-04,2019-02-11,P7D)", false);
    none("The 2010-11 season was long.");
    none("A total of 2010 to 2014 runners came.");
}

/* Short numeric dates, days a month does not have, glued forms. */
static void test_numeric_and_odd_forms(void **state)
{
    check("It happened on 9/11 in New York.", NULL, "9/11", "XXXX-09-11", false);
    check("I'll go back on 22/04 at noon.", NULL, "22/04", "XXXX-04-22", false);
    /* October 1 to November 7: 31 + 6 days */
    check("Closed from 10/1 to 11/7 for works.", NULL, "from 10/1 to 11/7",
          "(XXXX-10-01,XXXX-11-07,P37D)", false);
    check("Closed 2/27-3/1 for works.", NULL, "2/27-3/1", "(XXXX-02-27,XXXX-03-01,P2D)", false);
    none("He won 3/4 of the vote.");
    none("It rose on 3/4 of the days.");
    none("Turnout was 1/2 in the north.");
    check("It is dated Feb. 30, 2019 in the file.", NULL, "Feb. 30, 2019", "2019-02-30", false);
    check("It is dated Feb 30 in the file.", "2014-04-20", "Feb 30", "XXXX-02-30", false);
    check("I'll go back September-2020-23.", NULL, "September-2020-23", "2020-09-23", false);
    check("I'll go back 23-2020-September.", NULL, "23-2020-September", "2020-09-23", false);
    check("I'll go back 2020/23/Sep.", NULL, "2020/23/Sep", "2020-09-23", false);
    check("It runs to June the 28th 2020.", NULL, "June the 28th 2020", "2020-06-28", false);
    check("What's the plan for Dec, 2018?", NULL, "Dec, 2018", "2018-12", false);
    check("I bought it for $ 12 December 27.", NULL, "December 27", "XXXX-12-27", false);
    check("Tim says:30 December is fine.", NULL, "30 December", "XXXX-12-30", false);
    /* a year, month and day written together or with spaces */
    check("I'll go back 20161016.", NULL, "20161016", "2016-10-16", false);
    check("On 2016 10 16, the conference started.", NULL, "2016 10 16", "2016-10-16", false);
    check("It ended 2016 02 29.", NULL, "2016 02 29", "2016-02-29", false);
    /* not a day of that month, not a year of this era, a decimal: numbers */
    none("Order 20161399 shipped.");
    none("Order 20150229 shipped.");
    none("Order 12345678 shipped.");
    none("It cost 20161016.50 dollars.");
    check_all("In 2016 10 16-year-olds died.", NULL, "2016=2016");
    check_all("In 2016 12 people died on 2016 10 05.", NULL, "2016=2016; 2016 10 05=2016-10-05");
}

/* Part words, centuries, "this past", holidays relative to the document date. */
static void test_parts_words_centuries(void **state)
{
    const char *ref = "2014-04-20"; /* a Sunday; Easter Sunday 2014 */
    check("It began in early 2010 downtown.", NULL, "early 2010", "2010", false);
    check("It began in mid-November downtown.", NULL, "mid-November", "XXXX-11", false);
    check("Prices fell since late July.", NULL, "since late July", "XXXX-07", false);
    check("Crime fell in the late 1960's.", NULL, "the late 1960's", "196X", false);
    check("It was built in the 19th century.", NULL, "19th century",
          "(1800-01-01,1900-01-01,P100Y)", false);
    check("A twenty-first century city.", NULL, "twenty-first century",
          "(2000-01-01,2100-01-01,P100Y)", false);
    check("It was built in the year 2008.", NULL, "year 2008", "2008", false);
    /* the Wednesday before Sunday 2014-04-20 */
    check("We met this past Wednesday.", ref, "this past Wednesday", "2014-04-16", true);
    /* a future offset from the document date, when the sentence speaks of the future */
    check("The trial will resume in two weeks.", ref, "in two weeks", "2014-05-04", true);
    check("He'll be back in 3 days, officials said.", ref, "in 3 days", "2014-04-23", true);
    check("The plant is expected to open in two years.", ref, "in two years", "2016-04-20", true);
    {
        xc_doc *d = extract("Prices rose 5% in two years.", ref);
        assert_int_equal(d->dates.n, 0);
        xc_doc_free(d);
        d = extract("It was the first time in 3 years.", ref);
        assert_int_equal(d->dates.n, 0);
        xc_doc_free(d);
        d = extract("It will rise 5% in two years of work.", ref);
        assert_int_equal(d->dates.n, 0);
        xc_doc_free(d);
    }
    /* offsets from a named day */
    check("Shops shut two days before Christmas 2013.", NULL, "two days before Christmas 2013",
          "2013-12-23", false);
    check("It ends 3 weeks after January 15, 2014.", NULL, "3 weeks after January 15, 2014",
          "2014-02-05", false);
    check("It ends four months from tomorrow.", ref, "four months from tomorrow", "2014-08-21",
          true);
    /* the Friday after Sunday 2014-04-20 */
    check("We meet this coming Friday.", ref, "this coming Friday", "2014-04-25", true);
    check("We met this past weekend.", ref, "this past weekend", "2014-W15-WE", true);
    /* Easter 2013 was March 31, Easter 2015 April 5; Christmas 2013 December 25 */
    check("We met last Easter.", ref, "last Easter", "2013-03-31", true);
    check("We meet next Easter.", ref, "next Easter", "2015-04-05", true);
    check("We met last Christmas.", ref, "last Christmas", "2013-12-25", true);
    check("It ran between August and October.", NULL, "between August and October",
          "(XXXX-08-01,XXXX-10-01,P2M)", false);
    /* March 5, 2014 is a Wednesday: its week runs from Monday March 3 */
    check("Meet the week of March 5, 2014.", NULL, "the week of March 5, 2014",
          "(2014-03-03,2014-03-10,P7D)", false);
    check("It closes before the year 2019.", NULL, "before the year 2019", "2019", false);
    /* February 4, 2020 is a Tuesday: its week runs from Monday February 3 */
    check("Meet the week beginning Feb 4, 2020.", NULL, "the week beginning Feb 4, 2020",
          "(2020-02-03,2020-02-10,P7D)", false);
    /* "from ... and" is no range */
    {
        xc_doc *d = extract("Sales rose from 2015 and 2016 onward.", NULL);
        assert_int_equal(d->dates.n, 2);
        assert_string_equal(d->dates.v[0].value, "2015");
        assert_string_equal(d->dates.v[1].value, "2016");
        xc_doc_free(d);
    }
    check("Sales fell in the first half of 2016.", NULL, "the first half of 2016",
          "(2016-01-01,2016-07-01,P6M)", false);
    check("Sales rise in the second half of next year.", ref, "the second half of next year",
          "(2015-07-01,2016-01-01,P6M)", true);
    check("Sales fell in the third quarter of last year.", ref, "the third quarter of last year",
          "(2013-07-01,2013-10-01,P3M)", true);
    none("He scored in the first half of the match.");
    none("He was the 21st person in line.");
}

static void test_json(void **state)
{
    xc_doc *d = extract("Held Saturday, Feb. 16, 2013.", NULL);
    json_t *a = record_array(d, "dates");
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
        cmocka_unit_test(test_holidays),
        cmocka_unit_test(test_parts_and_phrases),
        cmocka_unit_test(test_more_ranges),
        cmocka_unit_test(test_numeric_and_odd_forms),
        cmocka_unit_test(test_parts_words_centuries),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_calendar),
        cmocka_unit_test(test_candidate_starts),
        cmocka_unit_test(test_value_padding),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
