/* The word index the extractors share: where words start, the ASCII letters
 * each begins with, and their filter bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

/* The tokens of s as text: each word's ASCII letters, "*" after them when a
 * byte past ASCII follows, and for a word that starts with a digit that
 * digit and "#". Checks each token's fields on the way. */
static void tokens_text(const char *s, char *out, size_t cap)
{
    xc_tokens w = {0};
    size_t len = strlen(s);
    assert_int_equal(xc_tokens_scan(s, len, &w), XC_OK);
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < w.n; i++) {
        const xc_token *t = &w.v[i];
        assert_true(t->start < len);
        if (i) assert_true(t->start > w.v[i - 1].start);
        const char *sep = i ? " " : "";
        if (t->flags & XC_TOKEN_DIGIT) {
            assert_int_equal(t->letters, 0);
            assert_int_equal(t->bit, 0);
            n += (size_t)snprintf(out + n, cap - n, "%s%c#", sep, s[t->start]);
        } else {
            assert_true(t->letters > 0 && xc_token_end(t) <= len);
            assert_int_equal(t->bit, xc_lex_filter_bit(s + t->start, t->letters));
            n += (size_t)snprintf(out + n, cap - n, "%s%.*s%s", sep, (int)t->letters, s + t->start,
                                  t->flags & XC_TOKEN_ASCII_END ? "" : "*");
        }
        assert_true(n < cap);
    }
    /* a token starts exactly where an ASCII letter or digit has no letter
     * or digit before it */
    size_t k = 0;
    for (size_t p = 0; p < len; p++) {
        unsigned char x = (unsigned char)s[p];
        bool alnum = (x >= '0' && x <= '9') || ((x | 0x20) >= 'a' && (x | 0x20) <= 'z');
        bool start = alnum && xc_word_boundary_before(s, p);
        bool listed = k < w.n && w.v[k].start == p;
        if (start != listed) fail_msg("[%s]: offset %zu %s", s, p, start ? "missed" : "extra");
        if (listed) k++;
    }
    xc_vec_free(&w);
}

static void test_scan(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"", ""},
        {"   \n\n ", ""},
        {"The cat sat.", "The cat sat"},
        {"abc", "abc"},
        /* apostrophes and hyphens separate words */
        {"It's Jean-Pierre's 3rd-place finish", "It s Jean Pierre s 3# place finish"},
        {"o'clock, well-known", "o clock well known"},
        /* letters past ASCII belong to the word: no word starts after them */
        {"café x éa ñb Zoë's", "caf* x Zo* s"},
        {"Ωmega naïve", "na*"},
        /* other code points past ASCII separate words */
        {"—well “quoted” 5€", "well quoted* 5#"},
        {"é5 ·5", "5#"},
        /* a digit glued to letters is part of the word */
        {"x2y 2x ab12", "x 2# ab"},
        /* numbers: every run of digits after punctuation */
        {"3.5 .08 1,200", "3# 5# 0# 1# 2#"},
        /* "½" and "²" are numbers, so they are word characters */
        {"½x 10²a", "1#"},
    };
    char got[512];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tokens_text(cases[i].text, got, sizeof got);
        if (strcmp(got, cases[i].want))
            fail_msg("tokens of [%s]\n  got:  %s\n  want: %s", cases[i].text, got, cases[i].want);
    }
}

/* A long letter run keeps its end and bit; the scan reuses its storage. */
static void test_long_word_and_reuse(void **state)
{
    (void)state;
    char s[300];
    memset(s, 'a', 200);
    strcpy(s + 200, " b");
    xc_tokens w = {0};
    assert_int_equal(xc_tokens_scan(s, strlen(s), &w), XC_OK);
    assert_int_equal(w.n, 2);
    assert_int_equal(xc_token_end(&w.v[0]), 200);
    assert_int_equal(w.v[0].bit, xc_lex_filter_bit(s, 200));
    assert_int_equal(w.v[1].start, 201);
    assert_int_equal(w.v[1].flags, XC_TOKEN_ASCII_END); /* the end of the text */
    /* a run longer than a token holds: no ASCII end, so its end is read
     * from the text; the word after it is indexed as usual */
    char t[400];
    memset(t, 'x', 300);
    strcpy(t + 300, " said 12");
    assert_int_equal(xc_tokens_scan(t, strlen(t), &w), XC_OK);
    assert_int_equal(w.n, 3);
    assert_int_equal(w.v[0].letters, XC_TOKEN_MAX_LETTERS);
    assert_int_equal(w.v[0].flags, 0);
    assert_int_equal(w.v[1].start, 301);
    assert_int_equal(xc_token_end(&w.v[1]), 305);
    assert_int_equal(w.v[1].flags, XC_TOKEN_ASCII_END);
    assert_int_equal(w.v[2].start, 306);
    assert_int_equal(w.v[2].flags, XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END);
    assert_int_equal(xc_tokens_scan("", 0, &w), XC_OK);
    assert_int_equal(w.n, 0);
#if SIZE_MAX > UINT32_MAX
    /* offsets past 32 bits: no index (the text is not read) */
    assert_int_equal(xc_tokens_scan("", XC_TOKENS_MAX_LEN + 1, &w), XC_ERR_LIMIT);
    assert_int_equal(w.n, 0);
#endif
    xc_vec_free(&w);
}

/* Walking the index from a position, forwards and back. */
static void test_from(void **state)
{
    (void)state;
    const char *s = "one two  three";
    xc_tokens w = {0};
    assert_int_equal(xc_tokens_scan(s, strlen(s), &w), XC_OK);
    size_t i = 0;
    assert_int_equal(xc_tokens_from(&w, &i, 0)->start, 0);
    assert_int_equal(xc_tokens_from(&w, &i, 1)->start, 4);
    assert_int_equal(i, 1);
    assert_int_equal(xc_tokens_from(&w, &i, 5)->start, 9);
    assert_null(xc_tokens_from(&w, &i, 10));
    assert_int_equal(i, 3);
    assert_int_equal(xc_tokens_from(&w, &i, 4)->start, 4); /* back */
    assert_int_equal(i, 1);
    xc_vec_free(&w);
}

/* The document's index is of its fold text and is scanned once. */
static void test_doc_tokens(void **state)
{
    (void)state;
    const char *text = "Prices rose 5% on Monday.\n\nThey fell.";
    xc_doc *d = xc_doc_load_mem("a.txt", text, strlen(text), NULL);
    assert_non_null(d);
    assert_int_equal(d->status, XC_DOC_OK);
    const xc_tokens *t = NULL, *again = NULL;
    assert_int_equal(xc_doc_tokens(d, &t), XC_OK);
    assert_non_null(t);
    assert_int_equal(t->n, 7); /* Prices rose 5 on Monday They fell */
    assert_int_equal(t->v[2].start, strlen("Prices rose "));
    assert_int_equal(t->v[2].flags, XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END);
    assert_int_equal(t->v[5].start, strlen("Prices rose 5% on Monday.\n\n"));
    const xc_token *first = t->v;
    assert_int_equal(xc_doc_tokens(d, &again), XC_OK);
    assert_ptr_equal(again, t);
    assert_ptr_equal(again->v, first);
    xc_doc_free(d);
}

/* The filter bit of a run of letters is the bit of the word, whatever its
 * length, its case and what follows it: eight letters are hashed at once, so
 * the lengths around multiples of eight and words that end the text (where
 * no eight bytes can be read) are the ones to try. */
static void test_filter_run(void **state)
{
    (void)state;
    const char *letters = "ReportedSaidAnnouncedTOLD";
    for (size_t n = 1; n <= 25; n++) {
        char buf[64];
        /* the word ends the text */
        memcpy(buf, letters, n);
        unsigned bit;
        assert_int_equal(xc_lex_filter_run(buf, n, 0, &bit), n);
        assert_int_equal(bit, xc_lex_filter_bit(letters, n));
        /* the word is followed by other bytes: a space, a digit, a hyphen, a
         * byte past ASCII, an apostrophe */
        const char *after[] = {" and more text", "9 people", "-based", "\xC3\xA9t\xC3\xA9", "'s"};
        for (size_t k = 0; k < sizeof after / sizeof *after; k++) {
            size_t tail = strlen(after[k]);
            memcpy(buf + n, after[k], tail);
            assert_int_equal(xc_lex_filter_run(buf, n + tail, 0, &bit), n);
            assert_int_equal(bit, xc_lex_filter_bit(letters, n));
        }
    }
    /* case does not change the bit; different words get different bits here */
    assert_int_equal(xc_lex_filter_bit("SAID", 4), xc_lex_filter_bit("said", 4));
    assert_int_equal(xc_lex_filter_bit("AccordingTo", 11), xc_lex_filter_bit("accordingto", 11));
    assert_int_not_equal(xc_lex_filter_bit("said", 4), xc_lex_filter_bit("sad", 3));
    assert_int_not_equal(xc_lex_filter_bit("reported", 8), xc_lex_filter_bit("reporter", 8));
    /* only A-Z are folded: "[" is not a capital "{" */
    assert_int_not_equal(xc_lex_filter_bit("a[b", 3), xc_lex_filter_bit("a{b", 3));
    /* the run starts at p and stops at the first byte that is no ASCII letter */
    unsigned bit;
    assert_int_equal(xc_lex_filter_run("x said5", 7, 2, &bit), 6);
    assert_int_equal(bit, xc_lex_filter_bit("said", 4));
    assert_int_equal(xc_lex_filter_run("@@", 2, 0, &bit), 0);
}

/* Word ends and starts over ASCII letters (read eight at a time), letters
 * past ASCII, and the bytes that end a word, at every distance from the
 * start and end of the text. */
static void test_word_bounds(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t from, end; /* xc_word_end(text, from) */
    } ends[] = {
        {"", 0, 0},
        {"a", 0, 1},
        {"said", 0, 4},
        {"announcement", 0, 12},
        {"announcements were", 0, 13},
        {"Internationalization", 0, 20},
        {"spokeswoman's", 0, 11},
        {"twenty-five", 0, 6},
        {"counterterrorism2", 0, 16},
        {"Ca\xC3\xB1"
         "ete said",
         0, 7},                              /* a letter past ASCII inside */
        {"inter\xC3\xA9tatique law", 0, 14}, /* past the first eight bytes */
        {"abcdefgh\xE2\x80\x9C", 0, 8},      /* a quotation mark ends it */
        {"the abcdefghijklmnop xyz", 4, 20},
        {"  x", 0, 0},
    };
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
        const char *t = ends[i].text;
        size_t got = xc_word_end(t, strlen(t), ends[i].from);
        if (got != ends[i].end) fail_msg("xc_word_end(\"%s\", %zu) = %zu", t, ends[i].from, got);
    }
    static const struct {
        const char *text;
        size_t pos, start, wend; /* xc_prev_word(text, pos) */
    } prevs[] = {
        {"said", 4, 0, 4},
        {"the announcement", 16, 4, 16},
        {"the announcement  ", 18, 4, 16},
        {"an Internationalization", 23, 3, 23},
        {"x1 abcdefghijklmnopq", 20, 3, 20},
        {"12345678abcdefgh", 16, 8, 16},
        {"Ca\xC3\xB1"
         "eteabcdefgh",
         14, 0, 14},
        {"\xE2\x80\x9C"
         "abcdefghij",
         13, 3, 13},
    };
    for (size_t i = 0; i < sizeof prevs / sizeof *prevs; i++) {
        const char *t = prevs[i].text;
        size_t we = 0, ws = xc_prev_word(t, prevs[i].pos, &we);
        if (ws != prevs[i].start || we != prevs[i].wend)
            fail_msg("xc_prev_word(\"%s\", %zu) = [%zu, %zu)", t, prevs[i].pos, ws, we);
    }
    size_t we;
    assert_int_equal(xc_prev_word("abc  ", 0, &we), SIZE_MAX);
    assert_int_equal(xc_prev_word("12345678 ", 9, &we), SIZE_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan),        cmocka_unit_test(test_filter_run),
        cmocka_unit_test(test_word_bounds), cmocka_unit_test(test_long_word_and_reuse),
        cmocka_unit_test(test_from),        cmocka_unit_test(test_doc_tokens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
