/* The figures extractor: numbers, hedges, units, nouns, citations, ages and
 * the false-positive guards. Every expected value is worked out by hand from
 * the precision rule in rules/en/figures.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "internal.h"

#include "extract_fixture.h"
#include "rules_fixture.h"

static xc_doc *extract(const char *text)
{
    return extract_dated(rules, text, "2014-04-20");
}

static const xc_figure *fig(const xc_doc *d, const char *num)
{
    return figure_written(d, num);
}

#define NEAR(a, b) assert_true(fabs((double)(a) - (double)(b)) < 1e-6 * (1 + fabs((double)(b))))

static void check(const char *text, const char *num, double value, double low, double high,
                  const char *unit, const char *noun)
{
    xc_doc *d = extract(text);
    const xc_figure *f = fig(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if (fabs(f->value - value) > 1e-6 * (1 + fabs(value)) ||
        (!isinf(low) && fabs(f->low - low) > 1e-6 * (1 + fabs(low))) ||
        (!isinf(high) && fabs(f->high - high) > 1e-6 * (1 + fabs(high))))
        fail_msg("'%s': %g [%g, %g], expected %g [%g, %g]", text, f->value, f->low, f->high, value,
                 low, high);
    if (isinf(low))
        assert_true(isinf(f->low) && f->low < 0);
    else
        NEAR(f->low, low);
    if (isinf(high))
        assert_true(isinf(f->high) && f->high > 0);
    else
        NEAR(f->high, high);
    if ((unit == NULL) != (f->unit == NULL) || (unit && strcmp(unit, f->unit)))
        fail_msg("'%s': unit %s, expected %s", text, f->unit ? f->unit : "NULL",
                 unit ? unit : "NULL");
    if ((noun == NULL) != (f->noun == NULL) || (noun && strcmp(noun, f->noun)))
        fail_msg("'%s': noun %s, expected %s", text, f->noun ? f->noun : "NULL",
                 noun ? noun : "NULL");
    xc_doc_free(d);
}

static void none(const char *text)
{
    xc_doc *d = extract(text);
    if (d->figures.n) fail_msg("'%s' gave figure '%s'", text, d->figures.v[0].text);
    xc_doc_free(d);
}

static void test_digits(void **state)
{
    check("a total of 1,000 runners", "1,000", 1000, 1000, 1000, NULL, "runner");
    check("50000 cheering and clapping citizens", "50000", 50000, 50000, 50000, NULL, "citizen");
    check("it weighs 1.5 kg", "1.5 kg", 1.5, 1.45, 1.55, "kg", NULL);
    check("he ran 26.2 miles", "26.2 miles", 26.2, 26.15, 26.25, "mi", NULL);
    check("1,234,567 votes were cast", "1,234,567", 1234567, 1234567, 1234567, NULL, "vote");
}

static void test_scales(void **state)
{
    check("2 million people reside in Pyongyang", "2 million", 2e6, 1.5e6, 2.5e6, NULL, "person");
    check("a $443 million deal", "$443 million", 443e6, 442.5e6, 443.5e6, "USD", "deal");
    check("it cost $1.2bn to build", "$1.2bn", 1.2e9, 1.15e9, 1.25e9, "USD", NULL);
    check("a 1.2bn budget", "1.2bn", 1.2e9, 1.15e9, 1.25e9, NULL, NULL);
    check("they raised $1.2m for it", "$1.2m", 1.2e6, 1.15e6, 1.25e6, "USD", NULL);
    check("two million visitors", "two million", 2e6, 2e6, 2e6, NULL, "visitor");
    /* the abbreviations of financial wires, glued or spaced */
    check("a loss of $10 bln", "$10 bln", 10e9, 9.5e9, 10.5e9, "USD", NULL);
    check("it sold 10 mln shares", "10 mln", 10e6, 9.5e6, 10.5e6, NULL, "share");
    check("debt of 1.2 tln yen", "1.2 tln yen", 1.2e12, 1.15e12, 1.25e12, "JPY", NULL);
    check("a $9 trln economy", "$9 trln", 9e12, 8.5e12, 9.5e12, "USD", "economy");
    check("it raised 7 bn euros", "7 bn euros", 7e9, 6.5e9, 7.5e9, "EUR", NULL);
    check("a 20 mn pound fund", "20 mn pound", 20e6, 19.5e6, 20.5e6, "GBP", "fund");
    check("debts of $2 tn", "$2 tn", 2e12, 1.5e12, 2.5e12, "USD", NULL);
    /* an ISO code or "Rs" before the number is the currency */
    check("it paid EUR 4 bln", "EUR 4 bln", 4e9, 3.5e9, 4.5e9, "EUR", NULL);
    check("a USD 5 million loan", "USD 5 million", 5e6, 4.5e6, 5.5e6, "USD", "loan");
    check("it cost Rs 20 crore", "Rs 20 crore", 2e8, 1.95e8, 2.05e8, "INR", NULL);
    /* "5 k" is not 5,000, and the end of a word is not a code */
    check("200 foreigners. 120 runners", "120", 120, 120, 120, NULL, "runner");
}

static void test_words(void **state)
{
    check("ninety-nine runners", "ninety-nine", 99, 99, 99, NULL, "runner");
    check("two hundred and fifty people came", "two hundred and fifty", 250, 250, 250, NULL,
          "person");
    check("a dozen eggs", "a dozen", 12, 12, 12, NULL, "egg");
    check("eleven thousand fans", "eleven thousand", 11000, 11000, 11000, NULL, "fan");
    check("one runner fell", "one", 1, 1, 1, NULL, "runner");
    check("half of the runners", "half", 0.5, 0.5, 0.5, NULL, "runner");
    check("two-thirds of voters", "two-thirds", 2.0 / 3, 2.0 / 3, 2.0 / 3, NULL, "voter");
}

static void test_ordinals(void **state)
{
    xc_doc *d = extract("the 27th edition and the first marathon");
    const xc_figure *f = fig(d, "27th");
    assert_non_null(f);
    NEAR(f->value, 27);
    assert_string_equal(f->dimension, "ordinal");
    f = fig(d, "first");
    assert_non_null(f);
    NEAR(f->value, 1);
    assert_string_equal(f->dimension, "ordinal");
    assert_string_equal(f->noun, "marathon");
    xc_doc_free(d);
}

static void test_ranges(void **state)
{
    check("three or four runners", "three or four", 3, 3, 4, NULL, "runner");
    check("3-4 hours", "3-4 hours", 3, 2.5, 4.5, "h", NULL);
    check("between 20 and 30 people", "between 20 and 30", 20, 20, 30, NULL, "person");
    check("3 to 4 million people", "3 to 4 million", 3e6, 2.5e6, 4.5e6, NULL, "person");
    check("tens of thousands of people", "tens of thousands", 20000, 20000, 100000, NULL, "person");
    check("dozens of protesters", "dozens", 24, 24, 120, NULL, "protester");
}

static void test_hedges(void **state)
{
    check("approximately 200 other foreigners", "200", 200, 180, 220, NULL, "foreigner");
    check("about 200 runners", "200", 200, 180, 220, NULL, "runner");
    check("around 200 runners", "200", 200, 180, 220, NULL, "runner");
    check("roughly 200 runners", "200", 200, 180, 220, NULL, "runner");
    check("some 200 runners", "200", 200, 180, 220, NULL, "runner");
    check("nearly 200 runners", "200", 200, 180, 200, NULL, "runner");
    check("almost 200 runners", "200", 200, 180, 200, NULL, "runner");
    check("more than 1,000 runners", "1,000", 1000, 1000, INFINITY, NULL, "runner");
    check("over 1,000 runners", "1,000", 1000, 1000, INFINITY, NULL, "runner");
    check("at least 5 runners", "5", 5, 5, INFINITY, NULL, "runner");
    check("up to 5 runners", "5", 5, 0, 5, NULL, "runner");
    check("fewer than 10 runners", "10", 10, 0, 10, NULL, "runner");
    check("at most 10 runners", "10", 10, 0, 10, NULL, "runner");
    xc_doc *d = extract("approximately 200 other foreigners");
    assert_true(d->figures.v[0].approximate);
    assert_string_equal(d->figures.v[0].text, "approximately 200 other foreigners");
    xc_doc_free(d);
    d = extract("1,000 runners");
    assert_false(d->figures.v[0].approximate);
    xc_doc_free(d);
}

static bool overlap(const xc_figure *a, const xc_figure *b)
{
    return a->base_low <= b->base_high && b->base_low <= a->base_high;
}

/* The agreements the precision rule must produce, and the one conflict. */
static void test_precision_agreement(void **state)
{
    xc_doc *d = extract("the 42 km race. the 26.2 mi race. 50,000 fans. 50000 fans. 200 "
                        "foreigners. approximately 200 foreigners. 120 mph. 193 km/h. 800 "
                        "runners. 1,000 runners.");
    const xc_figure *km = fig(d, "42 km"), *mi = fig(d, "26.2 mi");
    assert_non_null(km);
    assert_non_null(mi);
    NEAR(km->base_low, 41500);
    NEAR(km->base_high, 42500);
    NEAR(mi->base_low, 26.15 * 1609.344);
    NEAR(mi->base_high, 26.25 * 1609.344);
    assert_string_equal(km->base_unit, "m");
    assert_true(overlap(km, mi));
    assert_true(overlap(fig(d, "50,000"), fig(d, "50000")));
    assert_true(overlap(&d->figures.v[4], &d->figures.v[5])); /* 200 and approximately 200 */
    assert_true(overlap(fig(d, "120 mph"), fig(d, "193 km/h")));
    assert_false(overlap(fig(d, "800"), fig(d, "1,000")));
    xc_doc_free(d);
}

static void test_units(void **state)
{
    check("a 5 kilometre loop", "5 kilometre", 5, 4.5, 5.5, "km", "loop");
    check("3 feet of snow", "3 feet", 3, 2.5, 3.5, "ft", NULL);
    check("10 inches of rain", "10 inches", 10, 9.5, 10.5, "in", NULL);
    check("a 100 kg load", "100 kg", 100, 99.5, 100.5, "kg", "load");
    check("20% of voters", "20%", 20, 19.5, 20.5, "percent", "voter");
    check("20 percent of voters", "20 percent", 20, 19.5, 20.5, "percent", "voter");
    check("it took 3 hours", "3 hours", 3, 2.5, 3.5, "h", NULL);
    check("winds of 120 mph", "120 mph", 120, 119.5, 120.5, "mph", NULL);
    check("it was 30°C outside", "30°C", 30, 29.5, 30.5, "degC", NULL);
    check("it cost US$5", "US$5", 5, 5, 5, "USD", NULL);
    check("a €20 ticket", "€20", 20, 20, 20, "EUR", "ticket");
    check("a £3.5 million fee", "£3.5 million", 3.5e6, 3.45e6, 3.55e6, "GBP", "fee");
    check("the bomb was 40m into the ground", "40m", 40, 39.5, 40.5, "m", NULL);
    check("the 42-kilometre race", "42-kilometre", 42, 41.5, 42.5, "km", "race");
    check("the 26.2-mile race", "26.2-mile", 26.2, 26.15, 26.25, "mi", "race");
    xc_doc *d = extract("it was 30°C outside");
    NEAR(d->figures.v[0].base_low, 29.5 + 273.15);
    assert_string_equal(d->figures.v[0].dimension, "temperature");
    xc_doc_free(d);
}

static void test_ages(void **state)
{
    const char *texts[] = {"The 25-year-old finished", "Jen Loong, 25, finished",
                           "a runner aged 25 finished", "she is 25 years old"};
    const char *nums[] = {"25-year-old", "25", "25", "25 years old"};
    for (size_t i = 0; i < 4; i++) {
        xc_doc *d = extract(texts[i]);
        const xc_figure *f = fig(d, nums[i]);
        if (!f) fail_msg("no age in '%s'", texts[i]);
        assert_string_equal(f->dimension, "age");
        NEAR(f->value, 25);
        NEAR(f->low, 25);
        NEAR(f->high, 25);
        if (i == 1) assert_string_equal(f->person, "Jen Loong");
        xc_doc_free(d);
    }
}

/* Whose age it is: the person an age is compared under, or none when the
 * text does not say (an age that is nobody's is never compared). */
static void test_age_person(void **state)
{
    static const struct {
        const char *text, *num, *person; /* person NULL: nobody named */
    } cases[] = {
        /* the name a prenominal age modifies, not the nearest name before it */
        {"Peter Klitschko used his jab, and by the sixth round the 36-year-old Tom Rahman looked "
         "tired.",
         "36-year-old", "Tom Rahman"},
        {"Tom Thompson lost to Peter Klitschko, and the 36-year-old champion Klitschko smiled.",
         "36-year-old", "Peter Klitschko"},
        {"An Oklahoma jury has found 27 year old Christopher Simpson guilty.", "27 year old",
         "Christopher Simpson"},
        /* a common noun: the son's age, not Jackman's */
        {"John Jackman arrived with his wife and an 8-year-old son.", "8-year-old", NULL},
        /* a relative's age */
        {"John Mendes arrived with his 14-year-old daughter.", "14-year-old", NULL},
        {"Police found Ms. Mendes' 12-year-old daughter.", "12-year-old", NULL},
        {"Andrew Lopez was aiming for an 11-year old girl.", "11-year old", NULL},
        {"Police said Hakim left a wife and a 16-year-old son.", "16-year-old", NULL},
        {"Mr. LaCalamita was named. The 39-year-old Troy man shot his co-workers.", "39-year-old",
         NULL},
        {"The 32-year-old Englishman Robert Buckley fell 600 metres.", "32-year-old",
         "Englishman Robert Buckley"},
        /* "the 25-year-old" after two people: which one is not said */
        {"Officers arrested Peter Brown and Tom White. The 25-year-old was charged.", "25-year-old",
         NULL},
        {"Jen Loong ran in April. The 25-year-old said it was fun.", "25-year-old", "Jen Loong"},
        /* a bare "a 21-year-old" is someone new; in apposition it is the name */
        {"Rifkin said Ortiz had more drive than a 21-year-old just out of school.", "21-year-old",
         NULL},
        {"Jane Smith, a 25-year-old mother of two, was named.", "25-year-old", "Jane Smith"},
        /* "Name, 25," pairs each age with the name before it */
        {"Police named John Smith, 25, and Mary Jones, 30, as the victims.", "25", "John Smith"},
        {"Police named John Smith, 25, and Mary Jones, 30, as the victims.", "30", "Mary Jones"},
        /* the age of the people a noun names, a bound, an age at another time */
        {"John Orozco steadied his hand while two girls age 6 and 8 looked on.", "age 6", NULL},
        {"Peter Sultan, 20, and his cousins, labourers aged 22, died.", "22", NULL},
        {"Mr. Jeffs has 78 wives, 24 of them under age 17.", "age 17", NULL},
        {"Mr. Jeffs assaulted two girls, aged 15 and 12, he said.", "15", NULL},
        /* an epithet after a name in its own sentence is someone else */
        {"Mr. Jeffs was sentenced for his assault on the 12-year-old.", "12-year-old", NULL},
        {"Dr. Regina Benjamin was named one of the 50 Future Leaders Age 40 and Under.", "Age 40",
         NULL},
        {"Peter Lynch said the then 15-year-old Timmons had a gun.", "15-year-old", NULL},
        {"Lynch said then- 15-year-old Timmons had a gun.", "15-year-old", NULL},
        /* still the person's own */
        {"Mary Page died Thursday at age 85.", "age 85", "Mary Page"},
        {"The star, Mary Page, has died in Los Angeles, aged 85.", "85", "Mary Page"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d = extract(cases[i].text);
        const xc_figure *f = fig(d, cases[i].num);
        if (!f) fail_msg("no figure '%s' in '%s'", cases[i].num, cases[i].text);
        if (!f->dimension || strcmp(f->dimension, "age"))
            fail_msg("'%s' in '%s' is not an age", cases[i].num, cases[i].text);
        const char *want = cases[i].person, *got = f->person;
        if ((want == NULL) != (got == NULL) || (want && strcmp(want, got)))
            fail_msg("'%s': person %s, expected %s", cases[i].text, got ? got : "NULL",
                     want ? want : "NULL");
        xc_doc_free(d);
    }
}

/* A vote tally is one figure of dimension "vote": the votes in favour as its
 * value and the whole tally as written in unit_text, so that "7-2" and "7-1"
 * can be told apart; it is never a count, and a score is no figure at all. */
static void test_votes(void **state)
{
    static const struct {
        const char *text, *num, *tally; /* tally NULL: no tally in the text */
        double value;
    } cases[] = {
        {"The council voted 7 to 2 on Monday.", "7 to 2", "7 to 2", 7},
        {"The bill passed by a vote of 7-2.", "7-2", "7-2", 7},
        {"The court issued a 5-4 ruling.", "5-4", "5-4", 5},
        {"The council voted 6-3 Tuesday night.", "6-3", "6-3", 6},
        {"The Senate voted seven to two.", "seven to two", "seven to two", 7},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d = extract(cases[i].text);
        const xc_figure *f = fig(d, cases[i].num);
        if (!f) fail_msg("no figure '%s' in '%s'", cases[i].num, cases[i].text);
        if (!f->dimension || strcmp(f->dimension, "vote"))
            fail_msg("'%s' is not a tally in '%s'", cases[i].num, cases[i].text);
        assert_string_equal(f->unit_text, cases[i].tally);
        NEAR(f->value, cases[i].value);
        assert_int_equal(d->figures.n, 1);
        xc_doc_free(d);
    }
    /* a count of votes is not a tally */
    xc_doc *d = extract("The bill passed with 7 votes.");
    const xc_figure *f = fig(d, "7");
    assert_non_null(f);
    assert_null(f->dimension);
    xc_doc_free(d);
    /* scores: neither number is a figure */
    const char *scores[] = {"The Colts beat the Chiefs 20 to 13.", "The Colts won 20-13.",
                            "Odds of 3 to 1 were offered."};
    for (size_t i = 0; i < sizeof scores / sizeof *scores; i++) {
        d = extract(scores[i]);
        if (d->figures.n) fail_msg("'%s': %zu figures, expected none", scores[i], d->figures.n);
        xc_doc_free(d);
    }
}

/* "one" as the generic pronoun is no count; "one was injured" is. */
static void test_generic_one(void **state)
{
    const char *none[] = {"When one is killed, all of us lose.", "One can only hope.",
                          "If one is lucky, it rains.", "One must remember the victims."};
    for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
        xc_doc *d = extract(none[i]);
        if (d->figures.n) fail_msg("'%s': %zu figures, expected none", none[i], d->figures.n);
        xc_doc_free(d);
    }
    xc_doc *d = extract("One was injured in the blast.");
    assert_int_equal(d->figures.n, 1);
    NEAR(d->figures.v[0].value, 1);
    xc_doc_free(d);
}

static void test_nouns(void **state)
{
    check("amongst 800 #runners", "800", 800, 800, 800, NULL, "runner");
    check("(200 of whom were foreigners)", "200", 200, 200, 200, NULL, "foreigner");
    check("from 27 foreign countries", "27", 27, 27, 27, NULL, "country");
    check("50,000 cheering Pyongyang citizens", "50,000", 50000, 50000, 50000, NULL, "citizen");
    check("5 health workers", "5", 5, 5, 5, NULL, "worker");
    check("12 children and 3 women", "12", 12, 12, 12, NULL, "child");
    check("12 boxes", "12", 12, 12, 12, NULL, "box");
}

static void test_cited(void **state)
{
    const char *texts[] = {"A total of 1,000 runners took part, reported CNN.",
                           "A total of 1,000 runners took part, CNN reported.",
                           "According to CNN, 1,000 runners took part.",
                           "Loong said 1,000 runners took part."};
    const char *who[] = {"CNN", "CNN", "CNN", "Loong"};
    for (size_t i = 0; i < 4; i++) {
        xc_doc *d = extract(texts[i]);
        const xc_figure *f = fig(d, "1,000");
        assert_non_null(f);
        assert_non_null(f->cited);
        assert_string_equal(f->cited, who[i]);
        xc_doc_free(d);
    }
    xc_doc *d = extract("A total of 1,000 runners took part.");
    assert_null(d->figures.v[0].cited);
    xc_doc_free(d);
    d = extract("It killed 14 people, officials said Wednesday.");
    assert_null(d->figures.v[0].cited);
    xc_doc_free(d);
    d = extract("About 200 people were hurt, according to the Florida Division of Emergency "
                "Management.");
    assert_string_equal(d->figures.v[0].cited, "the Florida Division of Emergency Management");
    xc_doc_free(d);
}

/* "according to" is searched by skipping: it is found after a first word of
 * any length (every offset of the search window), in capitals too, and a
 * word that merely begins with it cites nobody. */
static void test_according_to_at_every_offset(void **state)
{
    (void)state;
    const char *lead[] = {"So",      "Yes",      "Then",      "Still",      "Indeed",
                          "Overall", "Formally", "Allegedly", "Reportedly", "Officially"};
    for (size_t i = 0; i < sizeof lead / sizeof *lead; i++) {
        char text[128];
        snprintf(text, sizeof text, "%s, according to CNN, 1,000 runners took part.", lead[i]);
        xc_doc *d = extract(text);
        const xc_figure *f = fig(d, "1,000");
        assert_non_null(f);
        assert_non_null(f->cited);
        assert_string_equal(f->cited, "CNN");
        xc_doc_free(d);
    }
    xc_doc *d = extract("ACCORDING TO CNN, 1,000 runners took part.");
    assert_non_null(fig(d, "1,000"));
    assert_non_null(fig(d, "1,000")->cited);
    assert_string_equal(fig(d, "1,000")->cited, "CNN");
    xc_doc_free(d);
    d = extract("Accordingly, 1,000 runners took part.");
    assert_non_null(fig(d, "1,000"));
    assert_null(fig(d, "1,000")->cited);
    xc_doc_free(d);
}

/* A figure inside a quotation is cited to the quote's speaker. */
static void test_cited_quote(void **state)
{
    const char *text = "\"We saw 800 runners,\" she said.";
    xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    xc_quote q = {0};
    q.speaker = "Jen Loong";
    q.person = -1;
    xc_range r = {1, 19};
    assert_int_equal(xc_vec_push(&d->quotes, q), 0);
    assert_int_equal(xc_vec_push(&d->quote_fold, r), 0);
    assert_int_equal(xc_extract_figures(d, rules, worker), XC_OK);
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].cited, "Jen Loong");
    assert_int_equal(d->figures.v[0].quote, 0);
    xc_doc_free(d);
}

static void test_guards(void **state)
{
    none("The race starts at 6pm sharp.");
    none("The race starts at 6 p.m. sharp.");
    none("The race starts at 6:30 sharp.");
    none("I'm running with a mix of friends.");
    none("Call 555-123-4567 or (555) 123-4567 or +1 202 555 0143.");
    none("1. Apples\n2. Pears\n");
    none("See page 5 and No. 7 on Route 66.");
    none("She lives at 123 Main Street.");
    none("The team won 3-1 on the night.");
    none("Visit 192.168.1.2 for details.");
    none("It happened in 2020.");
    none("The 2014 race was cold.");
    none("The race was held on April 13.");
    none("No one finished two days before the race.");
    none("It came ashore as a Category 3 storm.");
    none("See Case No. 2:24-cr-00187 for details.");
    /* a power no measure reaches is no figure, nor is its exponent */
    none("It cost 10^999 dollars.");
    none("There were 0^-5 people.");
    none("About 2^-999 tons.");
    none("The Tribune, 333 W. State St., Milwaukee, WI 53203.");
    /* a slash that is no fraction, a model or a series with a number,
     * "one-" adjectives */
    none("It offers a 24/7 service.");
    none("It was after the 9/11 attacks.");
    none("Users of Windows 7 complained.");
    none("He met the Apollo 11 crew.");
    none("He bought an iPhone 5 then.");
    none("The Colts beat the Chiefs 20 to 13.");
    none("It was a one-time payment, a one-on-one talk and a one-sided game.");
    none("She will high-five every kid she sees.");
    none("Fans gave the players high-fives after the game.");
    /* a dash typed as a hyphen after a plural noun: two counts */
    check("The three bank workers-two women and a man-were hurt.", "three", 3, 3, 3, NULL,
          "worker");
    check("The three bank workers-two women and a man-were hurt.", "two", 2, 2, 2, NULL, "woman");
    check("He met two friends-one a fellow gang member-in a cell.", "two", 2, 2, 2, NULL, "friend");
    /* number words inside compounds stay compounds */
    check("two late fourth-quarter sacks", "two", 2, 2, 2, NULL, "sack");
    /* stated to a sixteenth: half a sixteenth either side */
    check("a 5/16 inch bolt", "5/16 inch", 5.0 / 16, 4.5 / 16, 5.5 / 16, "in", "bolt");
    check("He told Reuters 12 people died.", "12", 12, 12, 12, NULL, "person");
    check("a one-year deal", "one-year", 1, 0.5, 1.5, "yr", "deal");
    xc_doc *d = extract("The court ruled in a 7-2 vote.");
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].dimension, "vote");
    assert_string_equal(d->figures.v[0].noun, "vote");
    xc_doc_free(d);
    /* "5 health": a count of 5, not 5 hours */
    d = extract("we met 5 health officials");
    assert_int_equal(d->figures.n, 1);
    assert_null(d->figures.v[0].unit);
    xc_doc_free(d);
}

static void test_more_numbers(void **state)
{
    {
        /* a tally after a voting verb */
        xc_doc *d = extract("The council voted 6-3 on Tuesday to approve it.");
        assert_int_equal(d->figures.n, 1);
        assert_float_equal(d->figures.v[0].value, 6, 1e-9);
        assert_string_equal(d->figures.v[0].dimension, "vote");
        assert_string_equal(d->figures.v[0].noun, "vote");
        assert_string_equal(d->figures.v[0].number_text, "6-3");
        xc_doc_free(d);
    }
    /* references, not figures */
    none("It passed as Resolution 25-114 last night.");
    none("She represents Ward 3 on the council.");
    check("3/4 of the runners", "3/4", 0.75, 0.75, 0.75, NULL, "runner");
    check("temperatures of -5°C at night", "-5°C", -5, -5.5, -4.5, "degC", NULL);
    check("1 234 567 people voted", "1 234 567", 1234567, 1234567, 1234567, NULL, "person");
    check("it took one and a half hours", "one and a half hours", 1.5, 1.5, 1.5, "h", NULL);
    /* the same with hyphens, and a scale after the fraction */
    check("it took one-and-a-half hours", "one-and-a-half hours", 1.5, 1.5, 1.5, "h", NULL);
    check("a one-and-a-half-hour flight", "one-and-a-half-hour", 1.5, 1.5, 1.5, "h", "flight");
    check("she added one-and-a-third cups", "one-and-a-third", 4.0 / 3, 4.0 / 3, 4.0 / 3, NULL,
          "cup");
    check("two and a half million people voted", "two and a half million", 2.5e6, 2.5e6, 2.5e6,
          NULL, "person");
    check("two-and-a-half million people voted", "two-and-a-half million", 2.5e6, 2.5e6, 2.5e6,
          NULL, "person");
    check("five and a half thousand fans", "five and a half thousand", 5500, 5500, 5500, NULL,
          "fan");
    /* "and" without an article and a fraction: an adjective */
    none("the one-and-only show");
    none("a one-and-done season");
    check("3 dozen eggs", "3 dozen", 36, 30, 42, NULL, "egg");
    check("the temperature fell to minus 5 degrees Celsius", "minus 5 degrees Celsius", -5, -5.5,
          -4.5, "degC", NULL);
}

/* Hedges of up to five words, and the longest wins. */
static void test_hedges_more(void **state)
{
    check("no less than 30 people", "30", 30, 30, INFINITY, NULL, "person");
    check("above 1000 voters", "1000", 1000, 1000, INFINITY, NULL, "voter");
    check("below 170 people", "170", 170, 0, 170, NULL, "person");
    check("less than or equal to 100 people", "100", 100, 0, 100, NULL, "person");
    check("greater than or equal to 50 seats", "50", 50, 50, INFINITY, NULL, "seat");
    check("costs exceeding $3,000", "$3,000", 3000, 3000, INFINITY, "USD", NULL);
    xc_doc *d = extract("no less than 30 people");
    assert_int_equal(d->figures.n, 1);
    assert_string_equal(d->figures.v[0].text, "no less than 30 people");
    xc_doc_free(d);
}

/* Hedges after the number: "500 or more", "18 and over", "or so". */
static void test_post_hedges(void **state)
{
    check("500 or more people came", "500 or more", 500, 500, INFINITY, NULL, "person");
    check("open to players 18 and over.", "18 and over", 18, 18, INFINITY, NULL, NULL);
    check("five hundred or fewer seats", "five hundred or fewer", 500, 0, 500, NULL, "seat");
    /* 40 km is [39.5, 40.5]; "or so" widens it to [36, 44] */
    check("a walk of 40 km or so", "40 km or so", 40, 36, 44, "km", NULL);
    /* the words go on as a phrase of their own: no hedge */
    check("18 and over the years", "18", 18, 18, 18, NULL, NULL);
    check("10 or more than 20", "10", 10, 10, 10, NULL, NULL);
}

static void test_ranges_more(void **state)
{
    /* a second hedge closes the first one's open side */
    check("more than 10 and less than 40 people", "10 and less than 40", 10, 10, 40, NULL,
          "person");
    check("at most 100 and at least 20", "100 and at least 20", 100, 20, 100, NULL, NULL);
    check("over 20 km but under 30 km", "20 km but under 30 km", 20, 20, 30, "km", NULL);
    check("more than 10 people and 5 dogs", "5", 5, 5, 5, NULL, "dog");
    check("1000 - 5000 people", "1000 - 5000", 1000, 1000, 5000, NULL, "person");
    check("18 through 24 runners", "18 through 24", 18, 18, 24, NULL, "runner");
    check("between 20 and 30 people", "between 20 and 30", 20, 20, 30, NULL, "person");
    none("The team won 3 - 1 on the night.");
}

/* Spelled decimals, zero words, denominators, multiplying scales. */
static void test_words_more(void **state)
{
    check("two hundred point zero three", "two hundred point zero three", 200.03, 200.03, 200.03,
          NULL, NULL);
    check("The answer is minus five point five", "minus five point five", -5.5, -5.5, -5.5, NULL,
          NULL);
    check("nought point five", "nought point five", 0.5, 0.5, 0.5, NULL, NULL);
    check("one twenty-fifth", "one twenty-fifth", 0.04, 0.04, 0.04, NULL, NULL);
    check("three twenty-firsts", "three twenty-firsts", 1.0 / 7, 1.0 / 7, 1.0 / 7, NULL, NULL);
    check("a hundredth", "a hundredth", 0.01, 0.01, 0.01, NULL, NULL);
    check("a hundred trillionths", "a hundred trillionths", 1e-10, 1e-10, 1e-10, NULL, NULL);
    check("The total is three lakh crore", "three lakh crore", 3e12, 3e12, 3e12, NULL, NULL);
    /* "second" is never a denominator: time */
    check("It took two seconds.", "two seconds", 2, 1.5, 2.5, "s", NULL);
    check("Wait one second.", "one second", 1, 0.5, 1.5, "s", NULL);
    /* "naught" after "to" and "for" is nothing, not zero; "zero" stays */
    none("His plan came to naught.");
    none("It was all for nought.");
    check("cut emissions to zero", "zero", 0, 0, 0, NULL, NULL);
    check("fifty - two", "fifty - two", 52, 52, 52, NULL, NULL);
    check("five - eighths", "five - eighths", 0.625, 0.625, 0.625, NULL, NULL);
    /* 3 dozen is [2.5, 3.5] dozen */
    check("3 dzs of eggs", "3 dzs", 36, 30, 42, NULL, NULL);
    {
        xc_doc *d = extract("the two hundredth anniversary; she finished second!");
        const xc_figure *f = fig(d, "two hundredth");
        assert_non_null(f);
        NEAR(f->value, 200);
        assert_string_equal(f->dimension, "ordinal");
        f = fig(d, "second");
        assert_non_null(f);
        NEAR(f->value, 2);
        assert_string_equal(f->dimension, "ordinal");
        xc_doc_free(d);
    }
    none("Wait a second.");
}

/* Ratios: "one out of three", "1 in 5", "one over twenty". */
static void test_ratios(void **state)
{
    check("one out of three Americans", "one out of three", 1.0 / 3, 1.0 / 3, 1.0 / 3, NULL,
          "american");
    check("1 in 5 adults", "1 in 5", 0.2, 0.2, 0.2, NULL, "adult");
    check("one over twenty", "one over twenty", 0.05, 0.05, 0.05, NULL, NULL);
    /* a unit after the whole: two figures */
    check("He scored 3 in 10 minutes", "3", 3, 3, 3, NULL, NULL);
    check("He scored 3 in 10 minutes", "10 minutes", 10, 9.5, 10.5, "min", NULL);
    /* "over" goes on as a duration; "in" before a year */
    check("I want to earn $2000 over 3 years", "$2000", 2000, 2000, 2000, "USD", NULL);
    check("I want to earn $2000 over 3 years", "3 years", 3, 3, INFINITY, "yr", NULL);
    check("He won 1 in 2014.", "1", 1, 1, 1, NULL, NULL);
}

/* Glued scale letters, currency forms, bracketed units. */
static void test_units_more(void **state)
{
    check("raised $10M for it", "$10M", 10e6, 9.5e6, 10.5e6, "USD", NULL);
    check("a revenue target of US$ 1MM", "US$ 1MM", 1e6, 0.5e6, 1.5e6, "USD", NULL);
    check("2mil visitors", "2mil", 2e6, 1.5e6, 2.5e6, NULL, "visitor");
    {
        /* a bare capital "M" is a name or a model, not millions, and metres are a
         * small "m" */
        xc_doc *d = extract("3M said the GeForce 9400M and the GT 650M were late.");
        assert_int_equal(d->figures.n, 0);
        xc_doc_free(d);
    }
    check("it only cost 3 dollars 50 cents.", "3 dollars 50 cents", 3.5, 3.5, 3.5, "USD", NULL);
    check("it only cost thirteen dollars and forty-five cents",
          "thirteen dollars and forty-five cents", 13.45, 13.45, 13.45, "USD", NULL);
    check("it cost 5 dollars and 3 people came", "5 dollars", 5, 5, 5, "USD", NULL);
    check("The price of this book is 100 \xe2\x82\xa1", "100 \xe2\x82\xa1", 100, 100, 100, "CRC",
          NULL);
    check("the cost is 100\xe5\x85\x83!", "100\xe5\x85\x83", 100, 100, 100, "CNY", NULL);
    check("a fine of \xe2\x82\xb9"
          "500",
          "\xe2\x82\xb9"
          "500",
          500, 500, 500, "INR", NULL);
    check("The weight is 20 (kg)", "20 (kg)", 20, 19.5, 20.5, "kg", NULL);
    check("1m is equal to 10 dm", "10 dm", 10, 9.5, 10.5, "dm", NULL);
    none("Microsoft's patch is for users of IE version 5 and up.");
    check("Turnout rose 5 per cent.", "5 per cent", 5, 4.5, 5.5, "percent", NULL);
    check("support fell 2.5 percentage points", "2.5 percentage points", 2.5, 2.45, 2.55, "pp",
          NULL);
}

/* Scale letters, spelled fractions with compound denominators, chains of
 * numbers and choices joined by "either ... or". */
static void test_letters_chains(void **state)
{
    (void)state;
    /* half the last digit, times the scale */
    check("I can give you 10M.", "10M", 10e6, 9.5e6, 10.5e6, NULL, NULL);
    check("The deal is worth 2.5G today.", "2.5G", 2.5e9, 2.45e9, 2.55e9, NULL, NULL);
    check("The total was 1,674,200.5 M.", "1,674,200.5 M", 1674200.5e6, 1674200.45e6, 1674200.55e6,
          NULL, NULL);
    check("It reached 2.33 k.", "2.33 k", 2330, 2325, 2335, NULL, NULL);
    {
        /* "5G" is a network and "3M" a company; a capital "G" is not grams */
        xc_doc *d = extract("3M and 5G were named, and the GT 650M too.");
        assert_int_equal(d->figures.n, 0);
        xc_doc_free(d);
    }
    check("it weighs 5 g", "5 g", 5, 4.5, 5.5, "g", NULL);
    /* a plural ordinal after tens is one denominator, unless "and" joins
     * the tens to the numerator */
    check("one hundred thirty-fifths", "one hundred thirty-fifths", 100.0 / 35, 100.0 / 35,
          100.0 / 35, NULL, NULL);
    check("one hundred thirty fifths", "one hundred thirty fifths", 100.0 / 35, 100.0 / 35,
          100.0 / 35, NULL, NULL);
    check("one hundred and thirty fifths", "one hundred and thirty fifths", 26, 26, 26, NULL, NULL);
    check("three fifths", "three fifths", 0.6, 0.6, 0.6, NULL, NULL);
    /* "a" and an ordinal: a fraction where no noun follows */
    check("It grew by a twenty-first.", "a twenty-first", 1.0 / 21, 1.0 / 21, 1.0 / 21, NULL, NULL);
    check("a sixth of the voters", "a sixth", 1.0 / 6, 1.0 / 6, 1.0 / 6, NULL, "voter");
    check("one and a third cups", "one and a third", 4.0 / 3, 4.0 / 3, 4.0 / 3, NULL, "cup");
    {
        xc_doc *d = extract("It was a third straight win.");
        const xc_figure *f = fig(d, "third");
        assert_non_null(f);
        assert_string_equal(f->dimension, "ordinal");
        NEAR(f->value, 3);
        assert_null(fig(d, "a third"));
        xc_doc_free(d);
    }
    none("Wait a second.");
    /* a chain of numbers is no range: three numbers, or a code */
    {
        xc_doc *d = extract("they were playing three-nought-four");
        assert_int_equal(d->figures.n, 3);
        NEAR(d->figures.v[0].value, 3);
        NEAR(d->figures.v[1].value, 0);
        assert_string_equal(d->figures.v[1].number_text, "nought");
        NEAR(d->figures.v[2].value, 4);
        xc_doc_free(d);
    }
    none("They lined up in a 4-3-3 formation.");
    check("3-4 people", "3-4", 3, 3, 4, NULL, "person");
    /* "either ... or" names two choices */
    {
        xc_doc *d = extract("either 10 bln or 10 tln");
        assert_int_equal(d->figures.n, 2);
        NEAR(d->figures.v[0].value, 10e9);
        NEAR(d->figures.v[1].value, 10e12);
        xc_doc_free(d);
    }
    check("three or four goals", "three or four", 3, 3, 4, NULL, "goal");
    /* a percentage written before its number, as a clause of its own */
    check("percent of 10", "percent of 10", 10, 9.5, 10.5, "percent", NULL);
    check("Per cent of twenty-two.", "Per cent of twenty-two", 22, 21.5, 22.5, "percent", NULL);
    check("twenty-two percent", "twenty-two percent", 22, 21.5, 22.5, "percent", NULL);
    {
        xc_doc *d = extract("A large percent of 1,000 voters agreed. What percent of 10 is 3?");
        for (size_t i = 0; i < d->figures.n; i++) assert_null(d->figures.v[i].unit);
        assert_int_equal(d->figures.n, 3);
        xc_doc_free(d);
    }
}

/* Comparisons written as signs or phrases, and a hedge on both sides. */
static void test_comparisons(void **state)
{
    (void)state;
    check("when >30 people came", "30", 30, 30, INFINITY, NULL, "person");
    check("when >= 30 people came", "30", 30, 30, INFINITY, NULL, "person");
    check("primes < = 100 are few", "100", 100, 0, 100, NULL, NULL);
    check("it holds for x \xe2\x89\xa5 7 only", "7", 7, 7, INFINITY, NULL, NULL);
    /* a negative value under a bound is open below */
    check("when <-30 it froze", "-30", -30, -INFINITY, -30, NULL, NULL);
    check("temperatures below -30 at night", "-30", -30, -INFINITY, -30, NULL, NULL);
    /* arrows are no comparison */
    check("step a->5 then", "5", 5, 5, 5, NULL, NULL);
    check("the number equals 20.", "20", 20, 20, 20, NULL, NULL);
    check("bigger or equal than 3965 points", "3965", 3965, 3965, INFINITY, NULL, "point");
    check("smaller or equal than 100", "100", 100, 0, 100, NULL, NULL);
    {
        /* "exactly" states the value: not approximate, its precision kept */
        xc_doc *d = extract("It was exactly 42 km.");
        assert_int_equal(d->figures.n, 1);
        NEAR(d->figures.v[0].low, 41.5);
        NEAR(d->figures.v[0].high, 42.5);
        assert_false(d->figures.v[0].approximate);
        assert_string_equal(d->figures.v[0].text, "exactly 42 km");
        xc_doc_free(d);
    }
    {
        /* a rounding hedge gives way to the bound after the number; a
         * stating one stays in the text */
        xc_doc *d = extract("about five hundred or more came. It is equal to 5000 or less.");
        assert_int_equal(d->figures.n, 2);
        assert_string_equal(d->figures.v[0].text, "five hundred or more");
        NEAR(d->figures.v[0].low, 500);
        assert_true(isinf(d->figures.v[0].high));
        assert_string_equal(d->figures.v[1].text, "equal to 5000 or less");
        NEAR(d->figures.v[1].low, 0);
        NEAR(d->figures.v[1].high, 5000);
        xc_doc_free(d);
    }
    {
        xc_doc *d = extract("Totals of less than 5000 or equal. Totals of 200 or greater than.");
        assert_int_equal(d->figures.n, 2);
        assert_string_equal(d->figures.v[0].text, "less than 5000 or equal");
        assert_string_equal(d->figures.v[1].text, "200 or greater than");
        xc_doc_free(d);
    }
    {
        /* "than" that goes on is another comparison */
        xc_doc *d = extract("5 or more than 6 people");
        assert_int_equal(d->figures.n, 2);
        assert_string_equal(d->figures.v[0].text, "5");
        xc_doc_free(d);
    }
}

static void test_json(void **state)
{
    xc_doc *d = extract("more than 1,000 runners ran 26.2 miles.");
    json_t *a = record_array(d, "figures");
    assert_int_equal(json_array_size(a), 2);
    json_t *o = json_array_get(a, 0);
    assert_true(json_is_null(json_object_get(o, "high")));
    assert_int_equal(json_integer_value(json_object_get(o, "low")), 1000);
    assert_string_equal(json_string_value(json_object_get(o, "noun")), "runner");
    assert_true(json_is_true(json_object_get(o, "approximate")));
    o = json_array_get(a, 1);
    assert_true(fabs(json_real_value(json_object_get(o, "low")) - 26.15) < 1e-12);
    assert_string_equal(json_string_value(json_object_get(o, "unit_text")), "miles");
    assert_string_equal(json_string_value(json_object_get(o, "base_unit")), "m");
    assert_int_equal(json_integer_value(json_object_get(o, "start")), 28);
    json_decref(a);
    xc_doc_free(d);
}

static void test_numparse(void **state)
{
    static const struct {
        const char *text;
        double value;
        size_t len;
    } cases[] = {
        {"1,000", 1000, 5},
        {"1,000,000", 1e6, 9},
        {"26.2", 26.2, 4},
        {"0.5", 0.5, 3},
        {"1,00", 1, 1},
        {"seventy-three", 73, 13},
        {"a hundred", 100, 9},
        {"one thousand two hundred", 1200, 24},
        {"twenty-first", 21, 12},
        {"three quarters", 0.75, 14},
        /* a fraction after "and" adds to the whole number */
        {"one hundred and three quarters", 100.75, 30},
        {"twenty and three fifths", 20.6, 23},
        /* a dozen counts the units after the hundreds */
        {"three hundred and two dozen", 324, 27},
        /* scientific notation */
        {"1.3e6", 1.3e6, 5},
        {"12.32e+14", 12.32e14, 9},
        {"12e-1", 1.2, 5},
        {"13 lakh", 1.3e6, 7},
        {"10 tln", 1e13, 6},
        {"2mil", 2e6, 4},
        {"five point seventy-one", 5.71, 22},
        {"nought point nought three", 0.03, 25},
        {"three lakh crore", 3e12, 16},
        {"one one hundred and fifth", 1.0 / 105, 25},
        {"twenty twenty fifths", 0.8, 20},
        /* powers: each sign flips the exponent's */
        {"2.5^-1", 0.4, 6},
        {"1.1^--23", 8.954302432552389, 8},
        {"-2500^-1", -0.0004, 8},
        {"1MM", 1e6, 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_num n;
        const char *t = cases[i].text;
        assert_true(xc_num_parse(rules, t, strlen(t), 0, &n));
        NEAR(n.value, cases[i].value);
        assert_int_equal(n.end, cases[i].len);
    }
    xc_num n;
    assert_false(xc_num_parse(rules, "a mix", 5, 0, &n));
    assert_false(xc_num_parse(rules, "million", 7, 0, &n));
    assert_false(xc_num_parse(rules, "x5", 2, 1, &n));
    /* a long identifier with an "e" is not a power of ten */
    assert_true(xc_num_parse(rules, "201309280508e8", 14, 0, &n));
    assert_int_equal(n.end, 12);
    /* "one and one and ..." is read without a deep recursion */
    {
        static char many[600000];
        size_t k = 0;
        while (k + 8 < sizeof many) memcpy(many + k, "one and ", 8), k += 8;
        many[k] = '\0';
        assert_true(xc_num_parse(rules, many, k, 0, &n));
        assert_int_equal(n.end, 3);
    }
    double v;
    assert_true(xc_parse_double("-12.5", 5, &v));
    NEAR(v, -12.5);
    assert_false(xc_parse_double("1e5", 3, &v));
}

/* Units of several words: after a number, in the English rules and in a
 * rule set of its own, whether the first word of such a unit is all letters
 * ("board feet", looked up after a word that begins one) or not ("m/s
 * squared": every word may begin one then). */
static void test_units_of_several_words(void **state)
{
    (void)state;
    check("It covers 20 square miles.", "20 square miles", 20, 19.5, 20.5, "mi2", NULL);
    check("a 700 sq ft flat", "700 sq ft", 700, 699.5, 700.5, "ft2", "flat");
    check("winds of 90 miles per hour", "90 miles per hour", 90, 89.5, 90.5, "mph", NULL);
    static const char *const yaml[] = {
        "kind: units\nversion: 1\nlists:\n  units:\n"
        "    board feet: {id: fbm, dimension: volume, factor: 0.00235974, base: m3}\n",
        "kind: units\nversion: 1\nlists:\n  units:\n"
        "    board feet: {id: fbm, dimension: volume, factor: 0.00235974, base: m3}\n"
        "    m/s squared: {id: mps2, dimension: acceleration, factor: 1, base: mps2}\n",
    };
    for (size_t k = 0; k < 2; k++) {
        xc_rules *rs = rules_from(yaml[k]);
        const char *text = "They sold 500 board feet of oak; it falls at 9.8 m/s squared.";
        xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
        assert_non_null(d);
        assert_int_equal(xc_extract(d, rs, worker), XC_OK);
        const xc_figure *a = fig(d, "500 board feet");
        assert_non_null(a);
        assert_string_equal(a->unit, "fbm");
        const xc_figure *b = fig(d, "9.8 m/s squared");
        if (k == 1) {
            assert_non_null(b);
            assert_string_equal(b->unit, "mps2");
        } else {
            assert_null(b);
        }
        xc_doc_free(d);
        xc_rules_free(rs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_digits),       cmocka_unit_test(test_units_of_several_words),
        cmocka_unit_test(test_scales),       cmocka_unit_test(test_words),
        cmocka_unit_test(test_ordinals),     cmocka_unit_test(test_ranges),
        cmocka_unit_test(test_hedges),       cmocka_unit_test(test_precision_agreement),
        cmocka_unit_test(test_units),        cmocka_unit_test(test_ages),
        cmocka_unit_test(test_age_person),   cmocka_unit_test(test_votes),
        cmocka_unit_test(test_generic_one),  cmocka_unit_test(test_nouns),
        cmocka_unit_test(test_cited),        cmocka_unit_test(test_according_to_at_every_offset),
        cmocka_unit_test(test_cited_quote),  cmocka_unit_test(test_guards),
        cmocka_unit_test(test_more_numbers), cmocka_unit_test(test_hedges_more),
        cmocka_unit_test(test_post_hedges),  cmocka_unit_test(test_ranges_more),
        cmocka_unit_test(test_words_more),   cmocka_unit_test(test_ratios),
        cmocka_unit_test(test_units_more),   cmocka_unit_test(test_letters_chains),
        cmocka_unit_test(test_comparisons),  cmocka_unit_test(test_json),
        cmocka_unit_test(test_numparse),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
