/* The word helpers the people and quotes extractors share: where a name
 * word ends, and which person lists hold a word (the one-load lookup gives
 * the same answers as the general one). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

static void test_name_word_end(void **state)
{
    static const struct {
        const char *text;
        size_t start, end;
    } cases[] = {
        {"Loong, 25", 0, 5},
        {"Loong", 0, 5},
        {"don't stop", 0, 5},
        {"Lee Myung-bak said", 4, 13},
        {"the 25-year-old runner", 4, 15},
        {"abcdefghijklmnop", 0, 16},       /* two full blocks, to the end */
        {"abcdefghijklmnopq rest", 0, 17}, /* past two blocks */
        {"abcdefgh-", 0, 8},               /* a hyphen with no word after */
        {"abcdefghijk' said", 0, 11},      /* an apostrophe with none after */
        {"Zo\xC3\xAB Smith", 0, 4},        /* a letter past ASCII */
        {"Beyonc\xC3\xA9's show", 0, 10},  /* and a possessive after it */
        {"A1b2C3d4E5f6g7h8i9 x", 0, 18},   /* letters and digits mixed */
        {"O\xE2\x80\x99"
         "Brien said",
         0, 9},                   /* a curly apostrophe between letters */
        {"word[abcdefgh]", 0, 4}, /* '[' and '@' are no letters */
        {"abc@defghijklm", 0, 3},
        {"abcdefg`hijklm", 0, 7}, /* nor '`' or '{' */
        {"abcdefghij{klm", 0, 10},
        {"ABCDEFGHIJ/KLM", 0, 10}, /* nor '/' or ':' */
        {"0123456789:abc", 0, 10},
        {", said", 0, 0}, /* no word at the start */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *t = cases[i].text;
        size_t got = xc_name_word_end(t, strlen(t), cases[i].start);
        if (got != cases[i].end) fail_msg("\"%s\": %zu, expected %zu", t, got, cases[i].end);
    }
}

/* A word ends where the text ends, whatever its offset in a block of eight. */
static void test_name_word_end_at_text_end(void **state)
{
    char t[40];
    for (size_t n = 1; n < 30; n++) {
        memset(t, 'a', n);
        assert_int_equal(xc_name_word_end(t, n, 0), n);
        t[n] = ' ';
        assert_int_equal(xc_name_word_end(t, n + 1, 0), n);
    }
}

static const xc_wordlists *lists(xc_doc **doc)
{
    *doc = xc_doc_load_mem("article.txt", "x\n", 2, NULL);
    assert_non_null(*doc);
    const xc_wordlists *wl = xc_doc_wordlists(*doc, rules);
    assert_non_null(wl);
    return wl;
}

#define ALL       (((1u << XC_WL_COUNT) - 1) | (1u << 31))
#define SPEECH    (1u << XC_WL_SPEECH_VERBS)
#define HONORIFIC (1u << XC_WL_HONORIFICS)
#define TITLE     (1u << XC_WL_TITLES)

/* The lists holding the word s[start..start+n), asked with every amount of
 * text after it that can be read, and through xc_wl_mask: all the same. */
static uint32_t mask_of(const xc_wordlists *wl, const char *s, size_t start, size_t n)
{
    size_t len = strlen(s);
    uint32_t m = xc_wl_mask(wl, ALL, s + start, n);
    for (size_t avail = n; avail <= len - start; avail++)
        if (xc_wl_mask_in(wl, ALL, s + start, n, avail) != m)
            fail_msg("\"%.*s\" with %zu bytes readable", (int)n, s + start, avail);
    return m;
}

static void test_lookup(void **state)
{
    xc_doc *doc;
    const xc_wordlists *wl = lists(&doc);
    /* speech verbs, case ignored, whatever follows the word */
    assert_true(mask_of(wl, "said, and more", 0, 4) & SPEECH);
    assert_true(mask_of(wl, "SAID", 0, 4) & SPEECH);
    assert_true(mask_of(wl, "he Said it.", 3, 4) & SPEECH);
    assert_true(mask_of(wl, "declared", 0, 8) & SPEECH); /* eight letters: one chunk */
    assert_true(mask_of(wl, "declared that", 0, 8) & SPEECH);
    assert_true(mask_of(wl, "acknowledged", 0, 12) & SPEECH); /* two chunks */
    /* a part or an extension of a list word is not one */
    assert_int_equal(mask_of(wl, "said", 0, 3) & SPEECH, 0);
    assert_int_equal(mask_of(wl, "saidx", 0, 5) & SPEECH, 0);
    assert_int_equal(mask_of(wl, "declaredx", 0, 9) & SPEECH, 0);
    /* honorifics with and without their dot */
    assert_true(mask_of(wl, "Mr. Reid", 0, 3) & HONORIFIC);
    assert_true(mask_of(wl, "Mr Reid", 0, 2) & HONORIFIC);
    /* the first word of a title of two words, and the title */
    assert_true(mask_of(wl, "Prime Minister May", 0, 5) & (1u << 31));
    assert_true(mask_of(wl, "Prime Minister May", 0, 14) & TITLE);
    assert_int_equal(mask_of(wl, "Prime  Minister", 0, 15) & TITLE, TITLE); /* spaces as one */
    /* words of other bytes, or none at all */
    assert_int_equal(mask_of(wl, "Zo\xC3\xAB Smith", 0, 4), 0);
    assert_int_equal(mask_of(wl, "a\tb", 0, 3), 0);
    assert_int_equal(mask_of(wl, "said", 0, 0), 0);
    xc_doc_free(doc);
}

/* The word before a name is found backwards eight bytes at a time: a role
 * before the name is read wherever the words fall in such a block, and a
 * longer word before the role does not join it. */
static void test_role_before_name_at_every_offset(void **state)
{
    for (size_t pad = 0; pad < 20; pad++) {
        char text[128];
        char lead[32];
        memset(lead, 'x', pad);
        lead[pad] = '\0';
        snprintf(text, sizeof text, "%s%sveteran marathoner Jen Loong ran.\n", lead,
                 pad ? " " : "");
        xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
        assert_non_null(doc);
        assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
        if (doc->people.n != 1) fail_msg("\"%s\": %zu people", text, doc->people.n);
        assert_string_equal(doc->people.v[0].name, "Jen Loong");
        assert_non_null(doc->people.v[0].role);
        assert_string_equal(doc->people.v[0].role, "marathoner");
        xc_doc_free(doc);
    }
}

static size_t people_in(const char *text)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
    size_t n = doc->people.n;
    xc_doc_free(doc);
    return n;
}

/* A capitalized contraction of a stopword ("I'd", "He\u2019s") and a word in
 * capitals ("NASA") before a speech verb name no one; a name does. Each is
 * tested with more than eight bytes after it and at the end of the text. */
static void test_contractions_and_capitals_name_no_one(void **state)
{
    assert_int_equal(people_in("\"We won,\" I'd said to them all.\n"), 0);
    assert_int_equal(people_in("\"We won,\" He\xE2\x80\x99s said to them all.\n"), 0);
    assert_int_equal(people_in("\"We won,\" NASA said to them all.\n"), 0);
    assert_int_equal(people_in("\"We won,\" XY said to them all.\n"), 0); /* two capitals */
    assert_int_equal(people_in("\"We won,\" Loong said to them all.\n"), 1);
    assert_int_equal(people_in("\"We won,\" Nasa said to them all.\n"), 1);
    assert_int_equal(people_in("\"We won,\" said I'd"), 0);
    assert_int_equal(people_in("\"We won,\" said NASA"), 0);
    assert_int_equal(people_in("\"We won,\" said Loong"), 1);
    /* an apostrophe that is no contraction of a stopword */
    assert_int_equal(people_in("\"We won,\" O'Brien said to them all.\n"), 1);
    /* a word of more than eight bytes in capitals */
    assert_int_equal(people_in("\"We won,\" WASHINGTON said to them all.\n"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name_word_end),
        cmocka_unit_test(test_name_word_end_at_text_end),
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_role_before_name_at_every_offset),
        cmocka_unit_test(test_contractions_and_capitals_name_no_one),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
