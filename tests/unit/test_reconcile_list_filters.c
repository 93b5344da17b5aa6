/* The word filters in front of reconciliation's list look-ups (concepts,
 * cue words, date event words, name stopwords) and the memo of noun
 * concepts: a word a list holds is still found however the list writes it
 * (capitals, spaces around it, a letter past ASCII that lower-cases to an
 * ASCII one), a phrase of two words is found as a phrase and not from one
 * of its words, the dates of one sentence share its event word while the
 * next sentence has its own, and a word's answer (a noun's concept, a
 * word's place in a list) is the reconciling rule set's and the list's,
 * whatever rule set or list was asked before on the same thread. Seen through
 * the findings of hand-made stories; expectations are written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "rules_fixture.h"
#include "story_fixture.h"

/* Counts of noun in two documents (10 and 20): the first finding's message. */
static size_t counts(const xc_rules *rs, const char *noun, char *msg, size_t cap)
{
    xc_doc *d[2] = {mkdoc("a.txt", "There were 10 of them.\n"),
                    mkdoc("b.txt", "There were 20 of them.\n")};
    story_add_count(d[0], "10", 0, 10, noun);
    story_add_count(d[1], "20", 0, 20, noun);
    return story_reconcile2(rs, d, NULL, msg, cap);
}

static const char CONCEPTS[] =
    "kind: concepts\nversion: 1\ndescription: test\nlists:\n"
    "  concepts:\n"
    "    Runner: athletes\n"                   /* a capital */
    "    \"  swimmer  \": swimmers\n"          /* spaces around it */
    "    \"\\u212Aayaker\": paddlers\n"        /* KELVIN SIGN: lower case is k */
    "    fell runner: hill racers\n"           /* two words */
    "    \"\\u00E9p\\u00E9eiste\": fencers\n"; /* past ASCII */

static void test_concepts_as_written(void **state)
{
    (void)state;
    xc_rules *rs = rules_from(CONCEPTS);
    char msg[256];
    assert_int_equal(counts(rs, "runners", msg, sizeof msg), 1);
    assert_string_equal(msg, "athletes: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(counts(rs, "Runner", msg, sizeof msg), 1);
    assert_string_equal(msg, "athletes: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(counts(rs, "swimmers", msg, sizeof msg), 1);
    assert_string_equal(msg, "swimmers: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(counts(rs, "kayakers", msg, sizeof msg), 1);
    assert_string_equal(msg, "paddlers: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(counts(rs, "fell runner", msg, sizeof msg), 1);
    assert_string_equal(msg, "hill racers: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(counts(rs, "\xC3\xA9p\xC3\xA9\x65istes", msg, sizeof msg), 1);
    assert_string_equal(msg, "fencers: 10 (a.txt) vs 20 (b.txt)");
    /* one word of a phrase, and words of no entry, count nothing compared */
    assert_int_equal(counts(rs, "fell", msg, sizeof msg), 0);
    assert_int_equal(counts(rs, "walkers", msg, sizeof msg), 0);
    assert_int_equal(counts(rs, "swimmer swimmer", msg, sizeof msg), 0);
    xc_rules_free(rs);
}

/* A noun's concept comes from the rule set that reconciles, one rule set
 * after another on one thread, and from the built-in lists without one. */
static void test_noun_concepts_by_rule_set(void **state)
{
    (void)state;
    xc_rules *a = rules_from("kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                             "  concepts:\n    runner: athletes\n");
    xc_rules *b = rules_from("kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                             "  concepts:\n    runner: racers\n");
    char msg[256];
    for (int round = 0; round < 2; round++) {
        assert_int_equal(counts(a, "runners", msg, sizeof msg), 1);
        assert_string_equal(msg, "athletes: 10 (a.txt) vs 20 (b.txt)");
        assert_int_equal(counts(b, "runners", msg, sizeof msg), 1);
        assert_string_equal(msg, "racers: 10 (a.txt) vs 20 (b.txt)");
        assert_int_equal(counts(NULL, "runners", msg, sizeof msg), 1);
        assert_string_equal(msg, "participants: 10 (a.txt) vs 20 (b.txt)");
    }
    xc_rules_free(a);
    xc_rules_free(b);
}

/* "Some 10 people were <wa>." and "Some 20 people were <wb>.", counts of
 * people: the first finding's message. */
static size_t cue_counts(const xc_rules *rs, const char *wa, const char *wb, char *msg, size_t cap)
{
    char ta[64], tb[64];
    snprintf(ta, sizeof ta, "Some 10 people were %s.\n", wa);
    snprintf(tb, sizeof tb, "Some 20 people were %s.\n", wb);
    xc_doc *d[2] = {mkdoc("a.txt", ta), mkdoc("b.txt", tb)};
    story_add_count(d[0], "10", 0, 10, "people");
    story_add_count(d[1], "20", 0, 20, "people");
    return story_reconcile2(rs, d, NULL, msg, cap);
}

/* A cue word near a count of people gives it its concept, written in the
 * list with a capital or with a letter past ASCII; a word of no entry gives
 * none. */
static void test_cue_words(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                              "  concept_cues:\n    Trapped: trapped\n");
    char msg[256];
    assert_int_equal(cue_counts(rs, "trapped", "TRAPPED", msg, sizeof msg), 1);
    assert_string_equal(msg, "trapped: 10 (a.txt) vs 20 (b.txt)");
    assert_int_equal(cue_counts(rs, "trapper", "rapped", msg, sizeof msg), 1);
    assert_string_equal(msg, "people: 10 (a.txt) vs 20 (b.txt)");
    xc_rules_free(rs);
    rs = rules_from("kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                    "  concept_cues:\n    \"bless\\u00E9s\": injured\n");
    assert_int_equal(cue_counts(rs, "bless\xc3\xa9s", "bless\xc3\xa9s", msg, sizeof msg), 1);
    assert_string_equal(msg, "injured: 10 (a.txt) vs 20 (b.txt)");
    xc_rules_free(rs);
}

static const char ANCHORS[] = "kind: concepts\nversion: 1\ndescription: test\nlists:\n"
                              "  date_anchors: [Race, \"\\u212Aermesse\"]\n";

/* Event words written with a capital or a letter past ASCII are found. */
static void test_date_anchors_as_written(void **state)
{
    (void)state;
    xc_rules *rs = rules_from(ANCHORS);
    char msg[256];
    xc_doc *d[2] = {mkdoc("a.txt", "The kermesse was held on April 13, 2014.\n"),
                    mkdoc("b.txt", "The KERMESSE took place on April 14, 2014.\n")};
    story_add_date(d[0], "April 13, 2014", "2014-04-13", false);
    story_add_date(d[1], "April 14, 2014", "2014-04-14", false);
    assert_int_equal(story_reconcile2(rs, d, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "kermesse: 2014-04-13 (a.txt) vs 2014-04-14 (b.txt)");
    d[0] = mkdoc("a.txt", "The race was held on April 13, 2014.\n");
    d[1] = mkdoc("b.txt", "The races took place on April 14, 2014.\n"); /* no event word */
    story_add_date(d[0], "April 13, 2014", "2014-04-13", false);
    story_add_date(d[1], "April 14, 2014", "2014-04-14", false);
    assert_int_equal(story_reconcile2(rs, d, NULL, msg, sizeof msg), 0);
    xc_rules_free(rs);
}

/* The second date of a sentence has the sentence's event word; the date of
 * the next sentence has that sentence's (none). */
static void test_dates_of_one_sentence(void **state)
{
    (void)state;
    xc_rules *rs = rules_from(ANCHORS);
    char msg[256];
    xc_doc *d[2] = {mkdoc("a.txt", "The race of April 13, 2013 was moved to April 14, 2014.\n"),
                    mkdoc("b.txt", "The race was held on April 15, 2014.\n")};
    story_add_date(d[0], "April 13, 2013", "2013-04-13", false);
    story_add_date(d[0], "April 14, 2014", "2014-04-14", false);
    story_add_date(d[1], "April 15, 2014", "2014-04-15", false);
    assert_int_equal(story_reconcile2(rs, d, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "race: 2014-04-14 (a.txt) vs 2014-04-15 (b.txt)");
    /* with the event word of the sentence before, a.txt would give two
     * dates of the race in 2014 and be left out */
    d[0] = mkdoc("a.txt", "The race was on April 14, 2014. A party was on April 16, 2014.\n");
    d[1] = mkdoc("b.txt", "The race was held on April 15, 2014.\n");
    story_add_date(d[0], "April 14, 2014", "2014-04-14", false);
    story_add_date(d[0], "April 16, 2014", "2014-04-16", false);
    story_add_date(d[1], "April 15, 2014", "2014-04-15", false);
    assert_int_equal(story_reconcile2(rs, d, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "race: 2014-04-14 (a.txt) vs 2014-04-15 (b.txt)");
    xc_rules_free(rs);
}

/* A leading stopword of a capitalized run, written in the list with spaces
 * and capitals, is left out of the name. */
static void test_name_stopwords_as_written(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: variants\nversion: 1\ndescription: test\nlists:\n"
                              "  name_stopwords: [\"  GALA \"]\n");
    char msg[256];
    xc_doc *d[2] = {mkdoc("a.txt", "we saw Gala Mangyongdae Prize begin.\n"),
                    mkdoc("b.txt", "then the Mangyondgae Prize began.\n")};
    assert_int_equal(story_reconcile2(rs, d, NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"Mangyongdae Prize\" (a.txt)");
    xc_rules_free(rs);
}

/* One word, "Gala", is a name stopword of one rule set and an event word of
 * another; stories reconciled with the two in turn on one thread each get
 * their rule set's answer for it, in each list. */
static void test_one_word_two_lists(void **state)
{
    (void)state;
    xc_rules *a = rules_from("kind: variants\nversion: 1\ndescription: test\nlists:\n"
                             "  name_stopwords: [Gala]\n  date_anchors: [kermesse]\n");
    xc_rules *b = rules_from("kind: variants\nversion: 1\ndescription: test\nlists:\n"
                             "  name_stopwords: [Fete]\n  date_anchors: [Gala]\n");
    char msg[256];
    for (int round = 0; round < 2; round++) {
        for (int r = 0; r < 2; r++) {
            xc_doc *d[2] = {mkdoc("a.txt", "we saw Gala Mangyongdae Prize begin.\n"),
                            mkdoc("b.txt", "then the Mangyondgae Prize began.\n")};
            assert_int_equal(story_reconcile2(r ? b : a, d, NULL, msg, sizeof msg), 1);
            assert_string_equal(msg, r ? "name spelled two ways: \"Mangyondgae Prize\" (b.txt) "
                                         "and \"Gala Mangyongdae Prize\" (a.txt)"
                                       : "name spelled two ways: \"Mangyondgae Prize\" (b.txt) "
                                         "and \"Mangyongdae Prize\" (a.txt)");
            d[0] = mkdoc("a.txt", "The Gala was held on April 13, 2014.\n");
            d[1] = mkdoc("b.txt", "The Gala took place on April 14, 2014.\n");
            story_add_date(d[0], "April 13, 2014", "2014-04-13", false);
            story_add_date(d[1], "April 14, 2014", "2014-04-14", false);
            assert_int_equal(story_reconcile2(r ? b : a, d, NULL, msg, sizeof msg), r ? 1 : 0);
            if (r) assert_string_equal(msg, "gala: 2014-04-13 (a.txt) vs 2014-04-14 (b.txt)");
        }
    }
    xc_rules_free(a);
    xc_rules_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concepts_as_written),
        cmocka_unit_test(test_noun_concepts_by_rule_set),
        cmocka_unit_test(test_cue_words),
        cmocka_unit_test(test_date_anchors_as_written),
        cmocka_unit_test(test_dates_of_one_sentence),
        cmocka_unit_test(test_name_stopwords_as_written),
        cmocka_unit_test(test_one_word_two_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
