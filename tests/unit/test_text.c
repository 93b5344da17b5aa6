/* The text stage: NFC, the matching view, and positions mapped back through
 * every layer to raw bytes, lines and code-point columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static xc_doc *load(const char *name, const char *bytes, size_t len)
{
    xc_doc *d = xc_doc_load_mem(name, bytes, len, NULL);
    assert_non_null(d);
    assert_int_equal(d->status, XC_DOC_OK);
    return d;
}

#define LOAD(name, lit) load(name, lit, sizeof(lit) - 1)

/* Checks that `word` (searched in the fold text) maps back to raw[start..end)
 * at line:column. */
static void check_word(const xc_doc *d, const char *word, size_t start, size_t end, unsigned line,
                       unsigned column)
{
    const char *p = strstr(d->fold, word);
    assert_non_null(p);
    size_t fs = (size_t)(p - d->fold);
    xc_span sp = xc_doc_span(d, fs, fs + strlen(word));
    assert_int_equal(sp.start, start);
    assert_int_equal(sp.end, end);
    unsigned l, c;
    xc_doc_position(d, sp.start, &l, &c);
    assert_int_equal(l, line);
    assert_int_equal(c, column);
}

/* ------------------------------------------------------------------ NFC */

static void nfc(const char *in, const char *want)
{
    xc_buf out = {0};
    xc_omap map = {0};
    assert_int_equal(xc_text_append_nfc(&out, &map, in, 0, strlen(in)), 0);
    assert_string_equal(out.s, want);
    xc_buf_free(&out);
    xc_omap_free(&map);
}

static void test_nfc_table(void **state)
{
    nfc("plain ASCII text", "plain ASCII text");
    nfc("cafe\xcc\x81", "caf\xc3\xa9");                 /* e + U+0301 -> é */
    nfc("A\xcc\x8a", "\xc3\x85");                       /* A + ring -> Å */
    nfc("\xe2\x84\xab", "\xc3\x85");                    /* U+212B ANGSTROM SIGN -> Å */
    nfc("\xe1\x84\x80\xe1\x85\xa1", "\xea\xb0\x80");    /* jamo G + A -> 가 */
    nfc("\xe5\xa5\xbd", "\xe5\xa5\xbd");                /* 好 stays */
    nfc("\xef\xac\x81", "\xef\xac\x81");                /* ﬁ: compatibility, NFC keeps it */
    nfc("o\xcc\x88\xcc\x81", "\xc3\xb6\xcc\x81");       /* ö + acute */
    nfc("\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa9", /* 👩‍👩 unchanged */
        "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa9");
}

/* The map of a composed cluster: "xe\u0301y" -> "xéy". */
static void test_nfc_map(void **state)
{
    xc_buf out = {0};
    xc_omap map = {0};
    const char *in = "xe\xcc\x81y";
    assert_int_equal(xc_text_append_nfc(&out, &map, in, 0, 5), 0);
    assert_string_equal(out.s, "x\xc3\xa9y");
    assert_int_equal(xc_omap_start(&map, 1), 1); /* é starts where e did */
    assert_int_equal(xc_omap_end(&map, 3), 4);   /* and ends after the accent */
    assert_int_equal(xc_omap_start(&map, 3), 4); /* y */
    xc_buf_free(&out);
    xc_omap_free(&map);
}

static void test_decomposed_input_positions(void **state)
{
    /* "cafe\u0301 ok": "ok" is raw 7..9; the accent is its own code point,
     * so the column counts 6 before "ok". */
    xc_doc *d = LOAD("a.txt", "cafe\xcc\x81 ok");
    assert_string_equal(d->text, "caf\xc3\xa9 ok");
    check_word(d, "ok", 7, 9, 1, 7);
    check_word(d, "caf\xc3\xa9", 0, 6, 1, 1);
    xc_doc_free(d);
}

/* ------------------------------------------------------------- folding */

static void test_fold_table(void **state)
{
    static const struct {
        const char *in, *want;
    } cases[] = {
        {"\xe2\x80\x9cHi\xe2\x80\x9d", "\"Hi\""}, /* “ ” */
        {"\xe2\x80\x9eHi\xe2\x80\x9f", "\"Hi\""}, /* „ ‟ */
        {"\xc2\xabHi\xc2\xbb", "\"Hi\""},         /* « » */
        {"6\xe2\x80\xb3", "6\""},                 /* ″ */
        {"\xe2\x80\x98it\xe2\x80\x99s", "'it's"}, /* ‘ ’ */
        {"\xe2\x80\xb9x\xe2\x80\xba", "'x'"},     /* ‹ › */
        {"5\xe2\x80\xb2", "5'"},                  /* ′ */
        {"a\xe2\x80\x93"
         "b\xe2\x80\x94"
         "c\xe2\x88\x92"
         "1",
         "a-b-c-1"}, /* – — − */
        {"a\xe2\x80\x90"
         "b\xe2\x80\x91"
         "c",
         "a-b-c"}, /* ‐ ‑ */
        {"1\xc2\xa0"
         "000\xe2\x80\xaf"
         "km\xe2\x80\x89x",
         "1 000 km x"},                                       /* NBSP, NNBSP, thin */
        {"Pyong\xc2\xadyang", "Pyongyang"},                   /* soft hyphen */
        {"Pyong\xe2\x80\x8byang\xe2\x81\xa0!", "Pyongyang!"}, /* ZWSP, word joiner */
        {"\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7",
         "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7"},         /* ZWJ kept */
        {"wait\xe2\x80\xa6", "wait..."},                          /* … */
        {"caf\xc3\xa9 \xe5\xa5\xbd", "caf\xc3\xa9 \xe5\xa5\xbd"}, /* untouched */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d = load("a.txt", cases[i].in, strlen(cases[i].in));
        assert_string_equal(d->fold, cases[i].want);
        xc_doc_free(d);
    }
}

static void test_fold_ascii_fast_path(void **state)
{
    xc_doc *d = LOAD("a.txt", "Nothing to fold here, 42 km.");
    assert_string_equal(d->fold, "Nothing to fold here, 42 km.");
    assert_ptr_equal(d->fold, d->text); /* ASCII text is its own fold: one copy */
    assert_int_equal(d->fold_map.runs.n, 0);
    xc_doc_free(d);
}

static void test_fold_maps(void **state)
{
    /* Soft hyphen removed: "b" is raw 3..4. */
    xc_doc *d = LOAD("a.txt", "a\xc2\xad"
                              "b c");
    assert_string_equal(d->fold, "ab c");
    check_word(d, "b", 3, 4, 1, 3);
    check_word(d, "ab", 0, 4, 1, 1);
    xc_doc_free(d);

    /* A curly quote: 3 bytes to 1. "he" is raw 10..12, column 7. */
    d = LOAD("a.txt", "\xe2\x80\x9cHi,\xe2\x80\x9d he said.");
    assert_string_equal(d->fold, "\"Hi,\" he said.");
    check_word(d, "he", 10, 12, 1, 7);
    check_word(d, "\"Hi,\"", 0, 9, 1, 1);
    xc_doc_free(d);
}

/* -------------------------------------------- positions through all layers */

static void test_positions_cjk_and_emoji(void **state)
{
    /* 好 is 3 bytes and 1 code point. */
    xc_doc *d = LOAD("a.txt", "\xe5\xa5\xbd said ok");
    check_word(d, "said", 4, 8, 1, 3);
    xc_doc_free(d);

    /* 👩‍👩‍👧: U+1F469 ZWJ U+1F469 ZWJ U+1F467 = 18 bytes, 5 code points. */
    d = LOAD("a.txt", "Family \xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d"
                      "\xf0\x9f\x91\xa7 runs\nnext line caf\xc3\xa9 end");
    check_word(d, "runs", 26, 30, 1, 14);
    check_word(d, "end", 47, 50, 2, 16);
    xc_doc_free(d);
}

static void test_positions_html_entity_crlf(void **state)
{
    /* "<p>AT&amp;T\r\nsaid &ldquo;yes&rdquo;</p>\r\n<p>Kim: no</p>" */
    xc_doc *d = LOAD("a.html", "<p>AT&amp;T\r\nsaid &ldquo;yes&rdquo;</p>\r\n<p>Kim: no</p>");
    assert_string_equal(d->fold, "AT&T said \"yes\"\n\nKim: no\n\n");
    check_word(d, "T said", 10, 17, 1, 11);
    check_word(d, "said", 13, 17, 2, 1);
    check_word(d, "\"yes\"", 18, 35, 2, 6);
    check_word(d, "Kim", 44, 47, 3, 4);
    xc_doc_free(d);
}

static void test_positions_latin1_crlf(void **state)
{
    /* Windows-1252 with CRLF: "Zo\xeb said\r\n\x93Na\xefve\x94 end". */
    xc_doc *d = LOAD("a.txt", "Zo\xeb said\r\n\x93Na\xefve\x94 end");
    assert_string_equal(d->fold, "Zo\xc3\xab said\n\"Na\xc3\xafve\" end");
    check_word(d, "said", 4, 8, 1, 5);
    check_word(d, "\"Na", 10, 13, 2, 1);
    check_word(d, "end", 18, 21, 2, 9);
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nfc_table),
        cmocka_unit_test(test_nfc_map),
        cmocka_unit_test(test_decomposed_input_positions),
        cmocka_unit_test(test_fold_table),
        cmocka_unit_test(test_fold_ascii_fast_path),
        cmocka_unit_test(test_fold_maps),
        cmocka_unit_test(test_positions_cjk_and_emoji),
        cmocka_unit_test(test_positions_html_entity_crlf),
        cmocka_unit_test(test_positions_latin1_crlf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
