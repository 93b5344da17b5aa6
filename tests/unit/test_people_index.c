/* The people extractor reads names through the document's word index: the
 * filters that rule a word out of the person lists without a lookup, and
 * names the index lists differently from the text (a capital past ASCII, an
 * apostrophe or a hyphen inside a name, a word at the very end of the text,
 * words longer than the index counts). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

#define FILTER_BYTES (XC_LEX_FILTER_BITS / 8)

static bool filter_has(const uint8_t *f, const char *w, size_t n)
{
    return xc_lex_filter_has(f, xc_lex_filter_bit(w, n));
}

/* Every entry of the person lists that is ASCII letters alone has its bit
 * in the first filter (in any case), and every entry of letters and a final
 * '.' has the bit of its letters in the second. */
static void test_filters_hold_every_list_word(void **state)
{
    (void)state;
    xc_doc *doc = xc_doc_load_mem("article.txt", "x\n", 2, NULL);
    assert_non_null(doc);
    const xc_wordlists *wl = xc_doc_wordlists(doc, rules);
    assert_non_null(wl);
    const uint8_t *letters = wl->letter_filter, *dotted = wl->letter_filter + FILTER_BYTES;
    size_t tested = 0, tested_dotted = 0;
    for (int i = 0; i < XC_WL_COUNT; i++) {
        const xc_list *l = wl->l[i];
        assert_non_null(l); /* the project's rules have every list */
        for (size_t k = 0; k < xc_list_size(l); k++) {
            const char *w = xc_list_at(l, k)->word;
            size_t n = strlen(w), a = 0;
            while (a < n && (unsigned char)((w[a] | 0x20) - 'a') < 26) a++;
            if (a == n) {
                if (!filter_has(letters, w, n)) fail_msg("\"%s\" not in the filter", w);
                tested++;
            } else if (a + 1 == n && w[a] == '.' && a > 0) {
                if (!filter_has(dotted, w, a)) fail_msg("\"%s\" not in the dot filter", w);
                tested_dotted++;
            }
        }
    }
    assert_true(tested > 1000);
    assert_true(tested_dotted >= 5); /* "Mr.", "Mrs.", "Dr.", "Sen.", "Gov.", ... */
    /* case does not matter: the index hashes lower-case letters */
    assert_true(filter_has(letters, "SAID", 4));
    assert_true(filter_has(letters, "President", 9));
    assert_true(filter_has(dotted, "MR", 2));
    /* the first word of an entry of two words is in it too */
    assert_true(filter_has(letters, "prime", 5));
    xc_doc_free(doc);
}

static xc_doc *extract(const char *text)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
    return doc;
}

/* text names exactly one person, `name`, with `mentions` mentions; gender
 * as people.c records it (0 unknown, 1 male, 2 female). */
static void check_one(const char *text, const char *name, size_t mentions, int gender)
{
    xc_doc *doc = extract(text);
    if (doc->people.n != 1) fail_msg("\"%s\": %zu people", text, doc->people.n);
    const xc_person *p = &doc->people.v[0];
    if (strcmp(p->name, name)) fail_msg("\"%s\": \"%s\", expected \"%s\"", text, p->name, name);
    if (p->mentions != mentions)
        fail_msg("\"%s\": %zu mentions, expected %zu", text, p->mentions, mentions);
    if (doc->person_gender[0] != gender)
        fail_msg("\"%s\": gender %d, expected %d", text, doc->person_gender[0], gender);
    xc_doc_free(doc);
}

static size_t people_in(const char *text)
{
    xc_doc *doc = extract(text);
    size_t n = doc->people.n;
    xc_doc_free(doc);
    return n;
}

static void test_cues_around_a_name(void **state)
{
    (void)state;
    /* a speech verb before or after the name */
    check_one("\"It was hard,\" said Loong.\n", "Loong", 1, 0);
    check_one("Loong said it was hard.\n", "Loong", 1, 0);
    /* the name is the last word of the text: fewer than eight bytes after it */
    check_one("\"It was hard,\" said Loong", "Loong", 1, 0);
    check_one("\"It was hard,\" said Li", "Li", 1, 0);
    /* an honorific with its dot, and the gender it tells */
    check_one("\"Fine,\" said Mr. Loong.\n", "Loong", 1, 1);
    check_one("\"Fine,\" said Mrs. Loong. Loong left.\n", "Loong", 2, 2);
    /* a given name as the cue */
    check_one("It was Jen Loong who ran.\n", "Jen Loong", 1, 2);
    /* no cue: not a person */
    assert_int_equal(people_in("Reporters spoke to Loong.\n"), 0);
    /* a word the lists hold after the run blocks it ("Kim Il Sung stadium") */
    assert_int_equal(people_in("Loong stadium was full.\n"), 0);
}

static void test_names_the_index_lists_otherwise(void **state)
{
    (void)state;
    /* a capital past ASCII: the index has no word there */
    check_one("\"It was hard,\" said \xC3\x89lodie Durand.\n", "\xC3\x89lodie Durand", 1, 0);
    /* a name after a mark past ASCII that is no letter */
    check_one("\xC2\xAB"
              "Loong said it was hard.\n",
              "Loong", 1, 0);
    /* an apostrophe or a hyphen inside the name: one word, longer than the
     * letters the index has for it */
    check_one("\"Fine,\" said O'Brien.\n", "O'Brien", 1, 0);
    check_one("\"Fine,\" said Smith-Jones.\n", "Smith-Jones", 1, 0);
    /* a possessive is no part of the name */
    check_one("Loong said Loong's race was hard.\n", "Loong", 2, 0);
    /* the word before the name joined to another by a hyphen is read whole:
     * "re-said" is no speech verb */
    assert_int_equal(people_in("It was hard, re-said Loong.\n"), 0);
    /* a capital after a letter or a digit starts no name */
    assert_int_equal(people_in("It was hard, saidLoong.\n"), 0);
    assert_int_equal(people_in("It was hard, said 3Loong.\n"), 0);
}

/* Words in capitals are no names, short or long (the long ones are tested
 * byte by byte); a word of letters only is one. */
static void test_capitals(void **state)
{
    (void)state;
    assert_int_equal(people_in("\"Fine,\" said LOONG.\n"), 0);
    assert_int_equal(people_in("\"Fine,\" said MACALLISTER.\n"), 0);
    check_one("\"Fine,\" said Macallister.\n", "Macallister", 1, 0);
}

/* A name longer than the index counts (255 letters) or than the lists hold
 * (48 bytes) is read from the text. */
static void test_long_names(void **state)
{
    (void)state;
    static const size_t lens[] = {40, 50, 260};
    for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
        size_t len = lens[i];
        char name[301], text[400];
        name[0] = 'L';
        memset(name + 1, 'o', len - 1);
        name[len] = '\0';
        snprintf(text, sizeof text, "\"Fine,\" said %s.\n", name);
        check_one(text, name, 1, 0);
        snprintf(text, sizeof text, "%s said it.\n", name);
        check_one(text, name, 1, 0);
    }
}

/* Without a rule set the built-in lists are used, in a table (and filters)
 * of the document's own. */
static void test_builtin_lists(void **state)
{
    (void)state;
    const char *text = "\"It was hard,\" said Jen Loong. Mr. Reid agreed.\n";
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_segment(doc, NULL), XC_OK);
    assert_int_equal(xc_extract_people(doc, NULL, worker), XC_OK);
    assert_int_equal(doc->people.n, 2);
    assert_string_equal(doc->people.v[0].name, "Jen Loong");
    assert_int_equal(doc->person_gender[0], 2); /* "Jen" */
    assert_string_equal(doc->people.v[1].name, "Reid");
    assert_int_equal(doc->person_gender[1], 1); /* "Mr." */
    xc_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filters_hold_every_list_word),
        cmocka_unit_test(test_cues_around_a_name),
        cmocka_unit_test(test_names_the_index_lists_otherwise),
        cmocka_unit_test(test_capitals),
        cmocka_unit_test(test_long_names),
        cmocka_unit_test(test_builtin_lists),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
