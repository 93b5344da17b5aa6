/* The quotes extractor's search for a cue (a speech verb, "according")
 * before and after a quote asks the word index first and reads the words
 * only where the index cannot rule a cue out: a word with a byte past
 * ASCII (a list lookup may fold it to an ASCII verb), and a word cut by
 * the search's window (read in part, it may be a verb the whole word is
 * not). These tests put a cue in each of those places and check that it
 * is found as the word-by-word reading finds it; and that the fixed word
 * sets (adverbs, determiners) still answer for their words in any case,
 * and only for them. Expected values are worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

/* The attribution search looks this far from a quote (quotes.c WINDOW). */
#define WINDOW 600

/* Appends spaces to b until it holds n bytes. */
static void pad_to(char *b, size_t n)
{
    size_t len = strlen(b);
    while (len < n) b[len++] = ' ';
    b[len] = '\0';
}

/* "SA\u0130D": U+0130 (capital I with a dot) lower-cases to an ASCII "i",
 * so the word is the verb "said" for the list lookup, although no word of
 * the index spells it. Found before the quote and later in its sentence. */
static void test_cue_past_ascii(void **state)
{
    (void)state;
    check_one_quote(rules,
                    "Marathon\n\nLoong SA\xc4\xb0"
                    "D: \"We ran all day long.\"\n",
                    "We ran all day long.", "Loong",
                    "SA\xc4\xb0"
                    "D");
    check_one_quote(rules,
                    "Marathon\n\n\"We ran all day long,\" as her father hoped, Loong SA\xc4\xb0"
                    "D.\n",
                    "We ran all day long,", "Loong",
                    "SA\xc4\xb0"
                    "D");
}

/* A paragraph that opens with a quote, then " and" repeated and spaces up
 * to `before` bytes after its closing mark, then " Loong tellingly". */
static void text_after(char *text, size_t before)
{
    strcpy(text, "Marathon\n\n\"We ran all day long,\"");
    size_t ce = strlen(text); /* the closing mark's end */
    while (strlen(text) + 4 <= ce + before) strcat(text, " and");
    pad_to(text, ce + before);
    strcat(text, " Loong tellingly\n");
}

/* After a quote, the search stops WINDOW bytes after its closing mark:
 * "tellingly" is no verb, but cut after "tell" it is one, and Loong right
 * before it is the speaker. Cut a byte earlier ("tel"), it is none. */
static void test_cue_cut_after(void **state)
{
    (void)state;
    char text[2048];
    text_after(text, WINDOW - strlen(" Loong tell"));
    check_one_quote(rules, text, "We ran all day long,", "Loong", "tell");
    text_after(text, WINDOW - strlen(" Loong tel"));
    check_one_quote(rules, text, "We ran all day long,", NULL, NULL);
}

/* A paragraph where "retold Reuters", then " and" repeated and spaces, come
 * before a quote; its "told" starts `before` bytes before the opening mark. */
static void text_before(char *text, size_t before)
{
    strcpy(text, "Marathon\n\nIn the stadium of the capital the runners gathered and re");
    size_t t = strlen(text); /* where "told" starts */
    strcat(text, "told Reuters");
    while (strlen(text) + 4 <= t + before - 2) strcat(text, " and");
    pad_to(text, t + before - 2);
    strcat(text, ": \"We ran all day long.\"\n");
    assert_int_equal(text[t + before], '"'); /* the opening mark */
}

/* Before a quote, the search starts WINDOW bytes before its opening mark
 * when no sentence ends nearer: "retold" is no verb, but cut before
 * "told" it is one, and the name after it is the speaker. With the window
 * two bytes wider, "retold" is read whole and the quote has no cue. */
static void test_cue_cut_before(void **state)
{
    (void)state;
    char text[2048];
    text_before(text, WINDOW);
    check_one_quote(rules, text, "We ran all day long.", "Reuters", "told");
    text_before(text, WINDOW - 2);
    check_one_quote(rules, text, "We ran all day long.", NULL, NULL);
}

/* A sentence ends at '.', '?' or '!' before a space, wherever the mark
 * falls among the bytes (the searches skip eight bytes at a time where
 * none of them is one): the verb of the sentence before a quote's, or of
 * the one after it, is no cue for it. */
static void test_sentence_ends(void **state)
{
    (void)state;
    const char *ends = ".?!";
    for (int e = 0; e < 3; e++) {
        for (size_t pad = 0; pad < 8; pad++) {
            char text[256];
            /* before: "Loong said it was long. Then Kim nodded: "..."" */
            snprintf(text, sizeof text,
                     "Marathon\n\nLoong said it was %.*slong%c Then Kim nodded: \"We ran all day "
                     "long.\"\n",
                     (int)pad, "xxxxxxxx", ends[e]);
            check_one_quote(rules, text, "We ran all day long.", NULL, NULL);
            /* after: ""...," Kim nodded. Loong said it was long." */
            snprintf(text, sizeof text,
                     "Marathon\n\n\"We ran all day long,\" Kim %.*snodded%c Loong said it was "
                     "long.\n",
                     (int)pad, "xxxxxxxx", ends[e]);
            check_one_quote(rules, text, "We ran all day long,", NULL, NULL);
        }
    }
    /* without the end, the verb is the cue */
    check_one_quote(
        rules, "Marathon\n\nLoong said it was long, then Kim nodded: \"We ran all day long.\"\n",
        "We ran all day long.", "Loong", "said");
}

/* The search for a verb starts at the first word the index cannot rule
 * out, unless a hyphen or an apostrophe joins it to the word before: "re-told"
 * is one word, and no verb; "told" alone is one. */
static void test_joined_word(void **state)
{
    (void)state;
    check_one_quote(rules, "Marathon\n\nKim re-told Reuters: \"We ran all day long.\"\n",
                    "We ran all day long.", NULL, NULL);
    check_one_quote(rules, "Marathon\n\nKim o'told Reuters: \"We ran all day long.\"\n",
                    "We ran all day long.", NULL, NULL);
    check_one_quote(rules, "Marathon\n\nKim, as re told Reuters: \"We ran all day long.\"\n",
                    "We ran all day long.", "Reuters", "told");
}

/* The fixed word sets answer for their own words in any case ("also",
 * "The"), and not for a word of the same length and first letter as one
 * of theirs ("thus" beside "then"). */
static void test_word_sets(void **state)
{
    (void)state;
    check_one_quote(rules, "Marathon\n\nLoong also said: \"We ran all day long.\"\n",
                    "We ran all day long.", "Loong", "said");
    check_one_quote(rules, "Marathon\n\nLoong ALSO said: \"We ran all day long.\"\n",
                    "We ran all day long.", "Loong", "said");
    /* "thus" is no adverb: it stands between the name and the verb */
    check_one_quote(rules, "Marathon\n\nLoong thus said: \"We ran all day long.\"\n",
                    "We ran all day long.", NULL, NULL);
    /* "The" opens a description ending in a role */
    check_one_quote(rules, "Marathon\n\nThe coach said: \"We ran all day long.\"\n",
                    "We ran all day long.", "The coach", "said");
    check_one_quote(
        rules, "Marathon\n\nAfter the race, according to the coach, \"we ran all day long.\"\n",
        "we ran all day long.", "the coach", "according to");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cue_past_ascii), cmocka_unit_test(test_cue_cut_after),
        cmocka_unit_test(test_cue_cut_before), cmocka_unit_test(test_sentence_ends),
        cmocka_unit_test(test_joined_word),    cmocka_unit_test(test_word_sets),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
