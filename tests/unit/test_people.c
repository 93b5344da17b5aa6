/* The people extractor: names from cues, what is not a person, clustering
 * of mentions into one entity, attributes near a mention. */
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

static const xc_person *find(const xc_doc *doc, const char *name)
{
    for (size_t i = 0; i < doc->people.n; i++)
        if (!strcmp(doc->people.v[i].name, name)) return &doc->people.v[i];
    return NULL;
}

static bool has_alias(const xc_person *p, const char *alias)
{
    for (size_t i = 0; i < p->n_aliases; i++)
        if (!strcmp(p->aliases[i], alias)) return true;
    return false;
}

static void test_loong_with_attributes(void **state)
{
    xc_doc *doc = extract("Pyongyang marathon\n\n"
                          "Canadian marathoner Jen Loong, 25, ran on April 13. "
                          "Loong said she loved it.\n");
    assert_int_equal(doc->people.n, 1);
    const xc_person *p = &doc->people.v[0];
    assert_string_equal(p->name, "Jen Loong");
    assert_int_equal(p->n_aliases, 2);
    assert_string_equal(p->aliases[0], "Jen Loong");
    assert_string_equal(p->aliases[1], "Loong");
    assert_int_equal(p->age, 25);
    assert_string_equal(p->role, "marathoner");
    assert_string_equal(p->nationality, "Canadian");
    assert_int_equal(p->mentions, 2);
    /* "Pyongyang marathon\n\nCanadian marathoner " is 40 bytes */
    assert_int_equal(p->first.start, 40);
    assert_int_equal(p->first.end, 49);
    assert_int_equal(doc->mentions.n, 2);
    assert_string_equal(doc->mentions.v[1].text, "Loong");
    assert_int_equal(doc->mentions.v[1].person, 0);
    xc_doc_free(doc);
}

/* Capitals are found eight bytes at a time: a name is found wherever it
 * falls in such a block, also after a non-ASCII letter in the same block. */
static void test_name_at_every_block_offset(void **state)
{
    (void)state;
    for (int k = 0; k < 8; k++) {
        char text[256] = "It was ";
        for (int i = 0; i < k; i++) strcat(text, "so ");
        strcat(text, k % 2 ? "good at the caf\xc3\xa9. " : "good. ");
        strcat(text, "Canadian marathoner Jen Loong, 25, ran. Loong said she loved it.\n");
        xc_doc *doc = extract(text);
        const xc_person *p = find(doc, "Jen Loong");
        assert_non_null(p);
        assert_int_equal(p->age, 25);
        assert_int_equal(p->mentions, 2);
        xc_doc_free(doc);
    }
}

static void test_honorific_and_title_forms_cluster(void **state)
{
    xc_doc *doc = extract("Mr. Reid spoke first. Harry Reid said no. Senator Reid left.\n");
    assert_int_equal(doc->people.n, 1);
    const xc_person *p = &doc->people.v[0];
    assert_string_equal(p->name, "Harry Reid");
    assert_true(has_alias(p, "Reid"));
    assert_int_equal(p->mentions, 3);
    assert_string_equal(p->role, "Senator");
    xc_doc_free(doc);
}

static void test_east_asian_names(void **state)
{
    xc_doc *doc = extract("Lee Myung-bak met Jon Chol Jin and Kim Jong Un.\n");
    assert_int_equal(doc->people.n, 3);
    assert_non_null(find(doc, "Lee Myung-bak"));
    assert_non_null(find(doc, "Jon Chol Jin"));
    assert_non_null(find(doc, "Kim Jong Un"));
    xc_doc_free(doc);
}

static void test_places_named_after_people(void **state)
{
    xc_doc *doc = extract("Runners crossed Kim Il Sung Square and the Kim Il Sung stadium "
                          "on Kim Il Sung's birthday.\n");
    assert_int_equal(doc->people.n, 1);
    const xc_person *p = &doc->people.v[0];
    assert_string_equal(p->name, "Kim Il Sung");
    assert_int_equal(p->mentions, 1);
    xc_doc_free(doc);
}

static void test_not_people(void **state)
{
    xc_doc *doc = extract("Juche Tower, Air Koryo and North Korea were named by CNN. Reuters "
                          "reported it on Monday in April.\n");
    assert_int_equal(doc->people.n, 0);
    assert_int_equal(doc->mentions.n, 0);
    xc_doc_free(doc);
}

static void test_middle_initial(void **state)
{
    xc_doc *doc = extract("George W. Bush said the race was fine. Bush left.\n");
    assert_int_equal(doc->people.n, 1);
    assert_string_equal(doc->people.v[0].name, "George W. Bush");
    assert_int_equal(doc->people.v[0].mentions, 2);
    xc_doc_free(doc);
}

static void test_speech_verb_cue(void **state)
{
    xc_doc *doc = extract("The race was long, Brafman said on Tuesday.\n");
    assert_int_equal(doc->people.n, 1);
    assert_string_equal(doc->people.v[0].name, "Brafman");
    xc_doc_free(doc);
}

static void test_role_from_apposition(void **state)
{
    xc_doc *doc = extract("Donald Baker, a professor of Asian studies at the University of "
                          "British Columbia, spoke.\n");
    const xc_person *p = find(doc, "Donald Baker");
    assert_non_null(p);
    assert_string_equal(p->role, "professor of Asian studies");
    assert_int_equal(p->age, -1);
    assert_null(p->nationality);
    assert_int_equal(doc->people.n, 1);
    xc_doc_free(doc);
}

/* A capitalized word with no cue is not a person unless it repeats one. */
static void test_no_cue_no_person(void **state)
{
    xc_doc *doc = extract("Pyongyang welcomed Runners from Abroad on a Sunny day.\n");
    assert_int_equal(doc->people.n, 0);
    xc_doc_free(doc);
}

/* "Glenn" is in no list: the surname standing alone later makes the pair a
 * name. */
static void test_surname_repeated(void **state)
{
    xc_doc *doc = extract("Glenn Beck spoke at length. Beck left early.\n");
    assert_int_equal(doc->people.n, 1);
    assert_string_equal(doc->people.v[0].name, "Glenn Beck");
    assert_int_equal(doc->people.v[0].mentions, 2);
    xc_doc_free(doc);
}

static void test_json(void **state)
{
    xc_doc *doc = extract("Jen Loong, 25, ran. Loong won.\n");
    json_t *arr = record_array(doc, "people");
    assert_int_equal(json_array_size(arr), 1);
    json_t *p = json_array_get(arr, 0);
    assert_string_equal(json_string_value(json_object_get(p, "name")), "Jen Loong");
    json_t *al = json_object_get(p, "aliases");
    assert_int_equal(json_array_size(al), 2);
    assert_string_equal(json_string_value(json_array_get(al, 1)), "Loong");
    assert_int_equal(json_integer_value(json_object_get(p, "age")), 25);
    assert_true(json_is_null(json_object_get(p, "role")));
    assert_int_equal(json_integer_value(json_object_get(p, "mentions")), 2);
    assert_int_equal(json_integer_value(json_object_get(p, "start")), 0);
    assert_int_equal(json_integer_value(json_object_get(p, "end")), 9);
    assert_int_equal(json_integer_value(json_object_get(p, "column")), 1);
    json_decref(arr);
    xc_doc_free(doc);
}

/* The word lists through the document's table: case ignored, multi-word
 * entries, words of other bytes, and the built-in lists without rules. */
static void test_word_lists(void **state)
{
    xc_doc *doc = extract("Nothing here.\n");
    const xc_wordlists *wl = xc_doc_wordlists(doc, rules);
    assert_non_null(wl);
    assert_ptr_equal(xc_doc_wordlists(doc, rules), wl); /* built once */
    assert_true(xc_wl_has(wl, XC_WL_SPEECH_VERBS, "SAID", 4));
    assert_true(xc_wl_has(wl, XC_WL_TITLES, "Prime Minister", 14));
    assert_true(xc_wl_has(wl, XC_WL_TITLES, "prime  minister", 15));
    assert_false(xc_wl_has(wl, XC_WL_TITLES, "Prime", 5));
    assert_true(xc_wl_has(wl, XC_WL_HONORIFICS, "Mr.", 3));
    assert_false(xc_wl_has(wl, XC_WL_HONORIFICS, "Mr.X", 4));
    assert_false(xc_wl_has(wl, XC_WL_SPEECH_VERBS, "s\xc3\xa4id", 5));
    assert_false(xc_wl_has(wl, XC_WL_SPEECH_VERBS, "", 0));
    uint32_t m = xc_wl_mask(wl, (1u << XC_WL_FEMALE) | (1u << XC_WL_GIVEN), "hillary", 7);
    assert_int_equal(m, (1u << XC_WL_FEMALE) | (1u << XC_WL_GIVEN));
    xc_doc_free(doc);

    xc_doc *bare = xc_doc_load_mem("a.txt", "x\n", 2, NULL);
    assert_non_null(bare);
    const xc_wordlists *fb = xc_doc_wordlists(bare, NULL);
    assert_non_null(fb);
    assert_true(xc_wl_has(fb, XC_WL_SPEECH_VERBS, "Said", 4));
    assert_true(xc_wl_has(fb, XC_WL_FEMALE, "Mrs.", 4));
    assert_false(xc_wl_has(fb, XC_WL_FEMALE, "Mr.", 3));
    xc_doc_free(bare);
}

/* Gender per person from an honorific or a given name; 0 when unknown. */
static void test_person_gender(void **state)
{
    xc_doc *doc = extract("Mrs. Okafor met Donald Baker and Pat Quill, 25, in Riverton.\n");
    assert_int_equal(doc->people.n, 3);
    assert_non_null(doc->person_gender);
    assert_string_equal(doc->people.v[0].name, "Okafor");
    assert_int_equal(doc->person_gender[0], 2);
    assert_string_equal(doc->people.v[1].name, "Donald Baker");
    assert_int_equal(doc->person_gender[1], 1);
    assert_string_equal(doc->people.v[2].name, "Pat Quill");
    assert_int_equal(doc->person_gender[2], 0);
    xc_doc_free(doc);
}

/* Thousands of people with distinct names: every mention still finds its
 * person (the index by name word). */
static void test_many_people(void **state)
{
    xc_buf b = {0};
    for (int i = 0; i < 3000; i++) {
        /* distinct surnames that are no English word: Zqaaa, Zqaab, ... */
        char sur[6] = {
            'Z', 'q', (char)('a' + i / 676 % 26), (char)('a' + i / 26 % 26), (char)('a' + i % 26),
            0};
        assert_int_equal(xc_buf_printf(&b, "Mr. %s said yes. ", sur), 0);
    }
    assert_int_equal(xc_buf_adds(&b, "Mr. Zqaaa said no.\n"), 0);
    xc_doc *doc = extract(b.s);
    assert_int_equal(doc->people.n, 3000);
    assert_int_equal(doc->mentions.n, 3001);
    assert_int_equal(doc->mentions.v[3000].person, 0);
    xc_doc_free(doc);
    xc_buf_free(&b);
}

/* Titles and honorifics before a name are cues and not part of it; a title
 * and a nationality before the name are its attributes. */
static void test_title_cues(void **state)
{
    xc_doc *doc = extract("President Barack Obama spoke. North Korean leader Kim Jong Un "
                          "listened. Dr. Amy Chu and professor Donald Baker agreed.\n");
    assert_int_equal(doc->people.n, 4);
    const xc_person *p = find(doc, "Barack Obama");
    assert_non_null(p);
    assert_string_equal(p->role, "President");
    p = find(doc, "Kim Jong Un");
    assert_non_null(p);
    assert_string_equal(p->role, "leader");
    assert_string_equal(p->nationality, "North Korean");
    assert_non_null(find(doc, "Amy Chu"));
    p = find(doc, "Donald Baker");
    assert_non_null(p);
    assert_string_equal(p->role, "professor");
    xc_doc_free(doc);
}

/* A weekday or a month beside a speech verb, and a news agency that
 * speaks, are not people. */
static void test_dates_and_agencies_with_speech_verbs(void **state)
{
    xc_doc *doc = extract("Harry Reid said Monday that the vote in May was fair. Reuters said "
                          "so too, and said Sunday it would check.\n");
    assert_int_equal(doc->people.n, 1);
    assert_string_equal(doc->people.v[0].name, "Harry Reid");
    assert_int_equal(doc->mentions.n, 1);
    xc_doc_free(doc);
}

/* Titles of two words before a name: the role, not part of the name. */
static void test_two_word_titles(void **state)
{
    xc_doc *doc = extract("Prime Minister Justin Trudeau met Vice President Joe Biden. Prime "
                          "Rib Diner served them.\n");
    const xc_person *p = find(doc, "Justin Trudeau");
    assert_non_null(p);
    assert_string_equal(p->role, "Prime Minister");
    p = find(doc, "Joe Biden");
    assert_non_null(p);
    assert_string_equal(p->role, "Vice President");
    assert_int_equal(doc->people.n, 2);
    xc_doc_free(doc);
    /* a nationality of two words inside the run of capitalized words */
    doc = extract("South African Thabo Mbeki said no.\n");
    assert_int_equal(doc->people.n, 1);
    assert_string_equal(doc->people.v[0].name, "Thabo Mbeki");
    assert_string_equal(doc->people.v[0].nationality, "South African");
    xc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loong_with_attributes),
        cmocka_unit_test(test_honorific_and_title_forms_cluster),
        cmocka_unit_test(test_east_asian_names),
        cmocka_unit_test(test_places_named_after_people),
        cmocka_unit_test(test_not_people),
        cmocka_unit_test(test_name_at_every_block_offset),
        cmocka_unit_test(test_middle_initial),
        cmocka_unit_test(test_speech_verb_cue),
        cmocka_unit_test(test_role_from_apposition),
        cmocka_unit_test(test_no_cue_no_person),
        cmocka_unit_test(test_surname_repeated),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_word_lists),
        cmocka_unit_test(test_person_gender),
        cmocka_unit_test(test_many_people),
        cmocka_unit_test(test_title_cues),
        cmocka_unit_test(test_dates_and_agencies_with_speech_verbs),
        cmocka_unit_test(test_two_word_titles),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
