/* The quotes extractor: quotation marks, pairing over paragraphs, speakers
 * in the forms news uses, and the marks that are not quotations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

static xc_doc *extract(const char *text)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
    return doc;
}

/* Checks one quote: its text, speaker as written, resolved speaker (NULL
 * for unknown) and cue. */
static void check(const xc_doc *doc, size_t i, const char *text, const char *speaker_text,
                  const char *speaker, const char *cue)
{
    assert_true(i < doc->quotes.n);
    const xc_quote *q = &doc->quotes.v[i];
    assert_string_equal(q->text, text);
    if (speaker_text) {
        assert_non_null(q->speaker_text);
        assert_string_equal(q->speaker_text, speaker_text);
    } else {
        assert_null(q->speaker_text);
    }
    if (speaker) {
        assert_non_null(q->speaker);
        assert_string_equal(q->speaker, speaker);
    } else {
        assert_null(q->speaker);
    }
    if (cue) {
        assert_non_null(q->cue);
        assert_string_equal(q->cue, cue);
    } else {
        assert_null(q->cue);
    }
}

static size_t warnings(const xc_doc *doc, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < xc_diags_count(doc->diags); i++)
        if (!strcmp(xc_diags_get(doc->diags, i)->code, code)) n++;
    return n;
}

static void test_speaker_after_name_verb(void **state)
{
    xc_doc *doc = extract("\"It was amazing,\" Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It was amazing,", "Loong", "Loong", "said");
    /* the span is the quote without its marks: bytes 1..16 */
    assert_int_equal(doc->quotes.v[0].span.start, 1);
    assert_int_equal(doc->quotes.v[0].span.end, 16);
    assert_int_equal(doc->quotes.v[0].speaker_span.start, 18);
    assert_int_equal(doc->quotes.v[0].speaker_span.end, 23);
    assert_false(doc->quotes.v[0].continued);
    xc_doc_free(doc);
}

/* Marks are found eight bytes at a time: a quotation is found wherever its
 * marks fall in such a block, also next to non-ASCII text. */
static void test_marks_at_every_block_offset(void **state)
{
    (void)state;
    for (int k = 0; k < 8; k++) {
        char text[256] = "It was ";
        for (int i = 0; i < k; i++) strcat(text, "so ");
        strcat(text, k % 2 ? "good at the caf\xc3\xa9.\n\n" : "good.\n\n");
        strcat(text, "\"It was amazing,\" Loong said.\n");
        xc_doc *doc = extract(text);
        assert_int_equal(doc->quotes.n, 1);
        check(doc, 0, "It was amazing,", "Loong", "Loong", "said");
        xc_doc_free(doc);
    }
}

static void test_speaker_after_verb_name(void **state)
{
    xc_doc *doc = extract("\"It was amazing,\" said Jen Loong.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It was amazing,", "Jen Loong", "Jen Loong", "said");
    xc_doc_free(doc);
}

static void test_speaker_before_colon(void **state)
{
    xc_doc *doc = extract("Loong said: \"It was amazing.\"\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It was amazing.", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

static void test_pronoun_resolves_to_last_person(void **state)
{
    xc_doc *doc = extract("Canadian marathoner Jen Loong, 25, finished the race.\n\n"
                          "\u201cIt was surreal,\u201d she told Reddit.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It was surreal,", "she", "Jen Loong", "told");
    assert_int_equal(doc->quotes.v[0].person, 0);
    xc_doc_free(doc);
}

static void test_responded(void **state)
{
    xc_doc *doc = extract("\"Not at all,\" Loong responded.\n");
    check(doc, 0, "Not at all,", "Loong", "Loong", "responded");
    xc_doc_free(doc);
}

static void test_apposition_between_speaker_and_verb(void **state)
{
    xc_doc *doc = extract("\"It is a propaganda exercise,\" Donald Baker, a professor of Asian "
                          "studies at the University of British Columbia, told CTV Vancouver.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It is a propaganda exercise,", "Donald Baker", "Donald Baker", "told");
    xc_doc_free(doc);
}

static void test_according_to(void **state)
{
    xc_doc *doc = extract("According to Harry Reid, \"the bill is dead.\"\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "the bill is dead.", "Harry Reid", "Harry Reid", "according to");
    xc_doc_free(doc);
}

static void test_split_quote(void **state)
{
    xc_doc *doc = extract("Jen Loong, 25, ran the marathon.\n\n"
                          "\"I ran,\" she said. \"It was fun.\"\n");
    assert_int_equal(doc->quotes.n, 2);
    check(doc, 0, "I ran,", "she", "Jen Loong", "said");
    check(doc, 1, "It was fun.", "she", "Jen Loong", "said");
    xc_doc_free(doc);
}

static void test_paragraph_continues_previous_speaker(void **state)
{
    xc_doc *doc = extract("\"We ran all day,\" Loong said.\n\n\"It was hard.\"\n");
    assert_int_equal(doc->quotes.n, 2);
    check(doc, 1, "It was hard.", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

static void test_dash_attribution(void **state)
{
    xc_doc *doc = extract("\u201cRun your own race.\u201d \u2014Jen Loong\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "Run your own race.", "Jen Loong", "Jen Loong", NULL);
    xc_doc_free(doc);
}

static void test_quote_over_two_paragraphs(void **state)
{
    const char *text = "Pyongyang marathon\n\n"
                       "Loong said: \u201cWe ran past the tower.\n\n"
                       "\u201cThen we rested in the square.\u201d\n";
    xc_doc *doc = extract(text);
    assert_int_equal(doc->quotes.n, 1);
    const xc_quote *q = &doc->quotes.v[0];
    assert_true(q->continued);
    assert_string_equal(q->speaker, "Loong");
    /* from after the first mark to before the last one */
    assert_int_equal(q->span.start, strlen("Pyongyang marathon\n\nLoong said: \u201c"));
    assert_int_equal(q->span.end, strlen(text) - strlen("\u201d\n"));
    assert_int_equal(warnings(doc, "quote-unbalanced"), 0);
    xc_doc_free(doc);
}

static void test_title_resolves_through_age(void **state)
{
    xc_doc *doc = extract("Jen Loong, 25, ran in Pyongyang.\n\n"
                          "\"It was cold,\" the 25-year-old said.\n");
    check(doc, 0, "It was cold,", "the 25-year-old", "Jen Loong", "said");
    xc_doc_free(doc);
}

static void test_title_resolves_through_role(void **state)
{
    xc_doc *doc = extract("Donald Baker, a professor of Asian studies, watched.\n\n"
                          "\"It is staged,\" the professor said.\n");
    check(doc, 0, "It is staged,", "the professor", "Donald Baker", "said");
    xc_doc_free(doc);
}

static void test_unknown_pronoun_stays_null(void **state)
{
    xc_doc *doc = extract("\"Hello,\" she said.\n");
    check(doc, 0, "Hello,", "she", NULL, "said");
    assert_int_equal(doc->quotes.v[0].person, -1);
    xc_doc_free(doc);
}

static void test_apostrophes_are_not_marks(void **state)
{
    xc_doc *doc = extract("\u201cI don\u2019t know,\u201d Loong said. \"Kim Il Sung's birthday "
                          "was big in the '90s, and I couldn't miss it,\" she added.\n");
    assert_int_equal(doc->quotes.n, 2);
    check(doc, 0, "I don\u2019t know,", "Loong", "Loong", "said");
    check(doc, 1, "Kim Il Sung's birthday was big in the '90s, and I couldn't miss it,", "she",
          "Loong", "added");
    assert_int_equal(warnings(doc, "quote-unbalanced"), 0);
    xc_doc_free(doc);
}

static void test_mixed_mark_styles(void **state)
{
    xc_doc *doc = extract("\u201cCurly marks,\u201d Loong said.\n\n"
                          "\u00abGuillemets here,\u00bb Loong said.\n\n"
                          "\u201eLow and high,\u201c Loong said.\n\n"
                          "''Doubled apostrophes,'' Loong said.\n");
    assert_int_equal(doc->quotes.n, 4);
    check(doc, 0, "Curly marks,", "Loong", "Loong", "said");
    check(doc, 1, "Guillemets here,", "Loong", "Loong", "said");
    check(doc, 2, "Low and high,", "Loong", "Loong", "said");
    check(doc, 3, "Doubled apostrophes,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

static void test_nested_single_quotes(void **state)
{
    xc_doc *doc =
        extract("\u201cHe told me \u2018run faster\u2019 at the end,\u201d Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "He told me \u2018run faster\u2019 at the end,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

/* An unclosed mark is dropped with a warning and the next paragraph's quote
 * is still found on its own. (The first line is a headline: a short line
 * followed by a blank line.) */
static void test_unbalanced_mark_stays_in_its_paragraph(void **state)
{
    xc_doc *doc = extract("Pyongyang marathon\n\n"
                          "\"This never closes, Loong said.\n\n"
                          "Later she gave \"a short answer\" to CNN.\n");
    assert_int_equal(doc->quotes.n, 1);
    assert_string_equal(doc->quotes.v[0].text, "a short answer");
    assert_int_equal(warnings(doc, "quote-unbalanced"), 1);
    xc_doc_free(doc);
}

static void test_inch_mark_is_not_a_quote(void **state)
{
    xc_doc *doc = extract("The phone has a 12\" screen and costs less.\n");
    assert_int_equal(doc->quotes.n, 0);
    assert_int_equal(warnings(doc, "quote-unbalanced"), 0);
    xc_doc_free(doc);
}

static void test_lone_mark_in_caption(void **state)
{
    xc_doc *doc = extract("Photo: runners at the start\" in Pyongyang\n\n"
                          "\"Fine,\" Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "Fine,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

static void test_mark_in_headline(void **state)
{
    xc_doc *doc = extract("Runner calls Pyongyang race \"surreal\n\n"
                          "\"We ran,\" Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "We ran,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

/* A title in quotation marks with no speech verb is not a quotation. */
static void test_title_case_is_not_speech(void **state)
{
    xc_doc *doc = extract("He appeared on \"Face the Nation\" on Sunday.\n");
    assert_int_equal(doc->quotes.n, 0);
    xc_doc_free(doc);
}

/* A quote inside a sentence: the verb after it belongs to the subject, not
 * to the description that follows the verb. */
static void test_quote_inside_sentence(void **state)
{
    xc_doc *doc = extract("Loong, who calls herself \"a slow runner,\" said the route wound past "
                          "monuments.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "a slow runner,", "Loong", "Loong", NULL);
    xc_doc_free(doc);
}

static void test_json(void **state)
{
    xc_doc *doc = extract("\"It was amazing,\" Loong said.\n");
    json_t *arr = record_array(doc, "quotes");
    assert_int_equal(json_array_size(arr), 1);
    json_t *q = json_array_get(arr, 0);
    assert_string_equal(json_string_value(json_object_get(q, "text")), "It was amazing,");
    assert_string_equal(json_string_value(json_object_get(q, "speaker")), "Loong");
    assert_string_equal(json_string_value(json_object_get(q, "speaker_text")), "Loong");
    assert_string_equal(json_string_value(json_object_get(q, "cue")), "said");
    assert_true(json_is_false(json_object_get(q, "continued")));
    assert_int_equal(json_integer_value(json_object_get(q, "start")), 1);
    assert_int_equal(json_integer_value(json_object_get(q, "line")), 1);
    assert_int_equal(json_integer_value(json_object_get(q, "column")), 2);
    json_t *sp = json_object_get(q, "speaker_span");
    assert_int_equal(json_integer_value(json_object_get(sp, "start")), 18);
    assert_int_equal(json_integer_value(json_object_get(sp, "column")), 19);
    json_decref(arr);
    xc_doc_free(doc);
}

/* No speech verb: the first person named before the quote in its sentence
 * speaks, with no cue. */
static void test_partial_quote_takes_sentence_subject(void **state)
{
    xc_doc *doc = extract("Sen. Ted Cruz spoke in Iowa. Mr. Cruz pledged to oppose the plan "
                          "\"today, tomorrow, forever.\"\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "today, tomorrow, forever.", "Cruz", "Ted Cruz", NULL);
    xc_doc_free(doc);
}

/* An empty markup attribute (pic="") opens no quote. */
static void test_empty_attribute_is_not_a_mark(void **state)
{
    xc_doc *doc = extract("<tweet pic=\"\" author=\"someone\">Great night</tweet>.\n");
    assert_int_equal(doc->quotes.n, 0);
    xc_doc_free(doc);
}

/* A capitalized quote after a noun for a work is its title; a single-quoted
 * passage with no speech verb is not speech either. */
static void test_titles_of_works_and_single_quotes(void **state)
{
    xc_doc *doc = extract("The star of the show \"The Apprentice\" ran a 'very long race "
                          "indeed' and the film \u201cFrozen\u201d played.\n");
    assert_int_equal(doc->quotes.n, 0);
    xc_doc_free(doc);
    doc = extract("'We ran all day,' Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "We ran all day,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

/* The rules of quotes.yaml after a closing mark: the dash form with an
 * honorific, and a name then a verb with an adverb between. */
static void test_rules_after_closing_mark(void **state)
{
    xc_doc *doc = extract("\u201cNever again.\u201d \u2014 Mr. Reid\n\n"
                          "\"Why not?\" Jen Loong quickly replied.\n");
    assert_int_equal(doc->quotes.n, 2);
    check(doc, 0, "Never again.", "Mr. Reid", "Reid", NULL);
    check(doc, 1, "Why not?", "Jen Loong", "Jen Loong", "replied");
    xc_doc_free(doc);
}

/* "she" skips a man named more recently: gender from an honorific and a
 * given name (people.yaml female_words, male_words). */
static void test_pronoun_gender_from_honorific_and_given_name(void **state)
{
    xc_doc *doc = extract("Nancy Tellez met the mayor. Mr. Reid arrived later.\n\n"
                          "\"We ran all day,\" she said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "We ran all day,", "she", "Nancy Tellez", "said");
    xc_doc_free(doc);
}

/* Curly apostrophes in words and before a decade are not marks either. */
static void test_curly_apostrophes_are_not_marks(void **state)
{
    xc_doc *doc = extract("\"We couldn\u2019t run like this in the \u201990s,\" Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "We couldn\u2019t run like this in the \u201990s,", "Loong", "Loong", "said");
    assert_int_equal(warnings(doc, "quote-unbalanced"), 0);
    xc_doc_free(doc);
}

/* "he" skips a woman named more recently; "they" takes the last person. */
static void test_he_and_they(void **state)
{
    xc_doc *doc = extract("Mr. Reid met Nancy Tellez.\n\n\"No,\" he said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "No,", "he", "Reid", "said");
    xc_doc_free(doc);
    doc = extract("Jen Loong ran.\n\n\"We ran,\" they said.\n");
    check(doc, 0, "We ran,", "they", "Jen Loong", "said");
    xc_doc_free(doc);
}

/* A description no earlier apposition explains stays unresolved. */
static void test_unknown_title_stays_null(void **state)
{
    xc_doc *doc = extract("\"It is staged,\" the professor said.\n");
    check(doc, 0, "It is staged,", "the professor", NULL, "said");
    assert_int_equal(doc->quotes.v[0].person, -1);
    xc_doc_free(doc);
}

/* Headlines set quotes in single marks and capitalize every word, speech
 * verb included; a quote in capitals alone in its paragraph is a
 * subheading. Neither is a quotation. */
static void test_headline_quotes(void **state)
{
    xc_doc *doc = extract("Hollande Says Trump \u2018Makes You Want To Retch\u2019\n\n"
                          "\u201cIt was rude,\u201d Hollande said.\n\n"
                          "\u201cDIVISIVE, STUPID AND WRONG\u201d\n\n"
                          "The debate went on.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "It was rude,", "Hollande", "Hollande", "said");
    xc_doc_free(doc);
}

/* Titles: with a byline, after an owner's possessive, after the maker of a
 * work, a nickname between two names. */
static void test_titles_and_nicknames(void **state)
{
    xc_doc *doc = extract("\"Met accused of whitewashing baby Jesus,\" by Post's Kathianne "
                          "Boniello.\n\n"
                          "Ms. Ruiz said on ABC's \"This Week\" on Sunday that she would run.\n\n"
                          "The remark came from the author of \"Destiny and Power,\" a "
                          "biography.\n\n"
                          "Gov. C.L. \"Butch\" Otter and George \u201cJay\u201d Keyworth met.\n");
    assert_int_equal(doc->quotes.n, 0);
    xc_doc_free(doc);
    /* "by the way" is no byline */
    doc = extract("\"I was tired,\" by the way, Loong said.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "I was tired,", "Loong", "Loong", "said");
    xc_doc_free(doc);
}

/* A capitalized quote after a naming word is an epithet someone uttered,
 * not a title. */
static void test_epithet_after_naming_word(void **state)
{
    xc_doc *doc = extract("He called Rubio \"Little Marco\" again.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "Little Marco", "He", NULL, NULL);
    xc_doc_free(doc);
}

/* Marks inside a markup tag left in plain text are not quotation marks. */
static void test_marks_inside_a_tag(void **state)
{
    xc_doc *doc = extract("<tweet pic=\"pic.twitter.com/\" author=\"someone\" id=\"1\">Great "
                          "night</tweet>.\n");
    assert_int_equal(doc->quotes.n, 0);
    assert_int_equal(warnings(doc, "quote-unbalanced"), 0);
    xc_doc_free(doc);
}

/* A capitalized pronoun after a quote that ends its sentence opens the next
 * sentence: the quote's speaker is the subject of its own sentence. */
static void test_pronoun_of_the_next_sentence(void **state)
{
    xc_doc *doc = extract("Nancy Tellez met Mr. Reid. Mr. Reid said the claims had \"no "
                          "substance.\" She added that the school was fine.\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "no substance.", "Mr. Reid", "Reid", "said");
    xc_doc_free(doc);
}

/* The last speech verb before a quote names no speaker: the one before it
 * does. */
static void test_earlier_speech_verb(void **state)
{
    xc_doc *doc = extract("Mr. Manafort said, adding that he would speak about the \"gender "
                          "gap.\"\n");
    assert_int_equal(doc->quotes.n, 1);
    check(doc, 0, "gender gap.", "Mr. Manafort", "Manafort", "said");
    xc_doc_free(doc);
}

/* A description ends before a relative clause; a role written before a name
 * with no determiner belongs to the speaker. */
static void test_descriptions_and_roles_after_the_verb(void **state)
{
    xc_doc *doc = extract("\"It was chaos,\" said one former executive who asked not to be "
                          "named.\n\n"
                          "\"It is a yellow light,\" said election lawyer Joe Birkenstock.\n");
    assert_int_equal(doc->quotes.n, 2);
    check(doc, 0, "It was chaos,", "one former executive", NULL, "said");
    check(doc, 1, "It is a yellow light,", "election lawyer Joe Birkenstock", "Joe Birkenstock",
          "said");
    xc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_speaker_after_name_verb),
        cmocka_unit_test(test_marks_at_every_block_offset),
        cmocka_unit_test(test_speaker_after_verb_name),
        cmocka_unit_test(test_speaker_before_colon),
        cmocka_unit_test(test_pronoun_resolves_to_last_person),
        cmocka_unit_test(test_responded),
        cmocka_unit_test(test_apposition_between_speaker_and_verb),
        cmocka_unit_test(test_according_to),
        cmocka_unit_test(test_split_quote),
        cmocka_unit_test(test_paragraph_continues_previous_speaker),
        cmocka_unit_test(test_dash_attribution),
        cmocka_unit_test(test_quote_over_two_paragraphs),
        cmocka_unit_test(test_title_resolves_through_age),
        cmocka_unit_test(test_title_resolves_through_role),
        cmocka_unit_test(test_unknown_pronoun_stays_null),
        cmocka_unit_test(test_apostrophes_are_not_marks),
        cmocka_unit_test(test_mixed_mark_styles),
        cmocka_unit_test(test_nested_single_quotes),
        cmocka_unit_test(test_unbalanced_mark_stays_in_its_paragraph),
        cmocka_unit_test(test_inch_mark_is_not_a_quote),
        cmocka_unit_test(test_lone_mark_in_caption),
        cmocka_unit_test(test_mark_in_headline),
        cmocka_unit_test(test_title_case_is_not_speech),
        cmocka_unit_test(test_quote_inside_sentence),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_partial_quote_takes_sentence_subject),
        cmocka_unit_test(test_empty_attribute_is_not_a_mark),
        cmocka_unit_test(test_titles_of_works_and_single_quotes),
        cmocka_unit_test(test_rules_after_closing_mark),
        cmocka_unit_test(test_pronoun_gender_from_honorific_and_given_name),
        cmocka_unit_test(test_curly_apostrophes_are_not_marks),
        cmocka_unit_test(test_he_and_they),
        cmocka_unit_test(test_unknown_title_stays_null),
        cmocka_unit_test(test_headline_quotes),
        cmocka_unit_test(test_titles_and_nicknames),
        cmocka_unit_test(test_epithet_after_naming_word),
        cmocka_unit_test(test_marks_inside_a_tag),
        cmocka_unit_test(test_pronoun_of_the_next_sentence),
        cmocka_unit_test(test_earlier_speech_verb),
        cmocka_unit_test(test_descriptions_and_roles_after_the_verb),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
