/* The person lists' table holds entries of every shape a rule file may
 * write: a word of letters in any case, a word with a final dot, a word with
 * digits or other marks, several words (with any spaces between them), a
 * word past ASCII, a word of the longest length the table keeps and one
 * longer; and the letter filter holds the bit of each entry of letters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "rules_fixture.h"

#define FILTER_BYTES (XC_LEX_FILTER_BITS / 8)

/* 48 and 49 letters */
#define W48 "Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv"
#define W49 W48 "w"

static bool in_filter(const uint8_t *f, const char *w)
{
    return xc_lex_filter_has(f, xc_lex_filter_bit(w, strlen(w)));
}

static void test_entry_shapes(void **state)
{
    (void)state;
    xc_rules *rs = rules_from("kind: people\n"
                              "lists:\n"
                              "  titles: [Marathoner, SEN., \"Sgt.Maj\", \"Prime  Minister\", "
                              "\"R2D2\", \"" W48 "\", \"" W49 "\", \"\xC3\x9c"
                              "ber\"]\n");
    xc_doc *doc = xc_doc_load_mem("a.txt", "x\n", 2, NULL);
    assert_non_null(doc);
    const xc_wordlists *wl = xc_doc_wordlists(doc, rs);
    assert_non_null(wl);
    const int T = XC_WL_TITLES;
    assert_true(xc_wl_has(wl, T, "marathoner", 10));
    assert_true(xc_wl_has(wl, T, "MARATHONER", 10));
    assert_false(xc_wl_has(wl, T, "Marathon", 8));
    assert_true(xc_wl_has(wl, T, "Sen.", 4));
    assert_false(xc_wl_has(wl, T, "Sen", 3));
    assert_true(xc_wl_has(wl, T, "sgt.maj", 7));
    assert_true(xc_wl_has(wl, T, "Prime Minister", 14)); /* one space in the key */
    assert_true(xc_wl_has(wl, T, "r2d2", 4));
    assert_true(xc_wl_has(wl, T, W48, 48));
    assert_true(xc_wl_has(wl, T, W49, 49)); /* longer: found in the list itself */
    assert_true(xc_wl_has(wl, T,
                          "\xC3\x9c"
                          "ber",
                          5));
    /* the first word of an entry of several words is marked */
    assert_true(xc_wl_mask(wl, XC_WL_PREFIX, "prime", 5) & XC_WL_PREFIX);
    assert_false(xc_wl_mask(wl, XC_WL_PREFIX, "marathoner", 10) & XC_WL_PREFIX);
    /* the filters: letters alone in the first (the entry and the first word
     * of several), letters and a final dot in the second, by their letters */
    assert_true(in_filter(wl->letter_filter, "marathoner"));
    assert_true(in_filter(wl->letter_filter, W48));
    assert_true(in_filter(wl->letter_filter, "prime"));
    assert_true(in_filter(wl->letter_filter + FILTER_BYTES, "sen"));
    /* the list is not all words of letters (a digit, a dot), nor ASCII */
    assert_false(wl->letter_words & (1u << T));
    assert_true(wl->nonascii & (1u << T));
    xc_doc_free(doc);
    xc_rules_free(rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entry_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
