/* The word index field by field for words of every length, followed by
 * every kind of byte, near the end of the text and far from it: away from
 * the end a word of fewer than eight letters is indexed from one load of
 * its first eight bytes, one of fewer than sixteen from two, and a longer
 * word or one near the end of the text letter by letter, and all must give
 * the same token. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

/* What the index says of the word that starts at s[p], worked out byte by
 * byte from its definition. */
static xc_token expected_token(const char *s, size_t len, size_t p)
{
    xc_token t = {.start = (uint32_t)p};
    if (s[p] >= '0' && s[p] <= '9') {
        t.flags = XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END;
        return t;
    }
    size_t e = p;
    while (e < len && ((s[e] >= 'a' && s[e] <= 'z') || (s[e] >= 'A' && s[e] <= 'Z'))) e++;
    t.bit = (uint16_t)xc_lex_filter_bit(s + p, e - p);
    bool long_run = e - p > XC_TOKEN_MAX_LETTERS;
    t.letters = (uint8_t)(long_run ? XC_TOKEN_MAX_LETTERS : e - p);
    bool ascii_after = e == len || (unsigned char)s[e] < 0x80;
    t.flags = ascii_after && !long_run ? XC_TOKEN_ASCII_END : 0;
    return t;
}

static void check_token(const char *s, size_t len, const xc_token *got, size_t p)
{
    xc_token want = expected_token(s, len, p);
    if (got->start != want.start || got->bit != want.bit || got->letters != want.letters ||
        got->flags != want.flags)
        fail_msg("[%.*s] at %zu: got start %u bit %u letters %u flags %u, want %u %u %u %u",
                 (int)len, s, p, got->start, got->bit, got->letters, got->flags, want.start,
                 want.bit, want.letters, want.flags);
}

/* "x " + a word of n letters (mixed case) + what follows, then `pad` more
 * bytes of ". ab" so that the word is read from one or two loads or not. */
static void test_every_length_and_follower(void **state)
{
    (void)state;
    static const char *const after[] = {
        "",         /* the end of the text */
        " ",        /* a space */
        ",",        /* punctuation */
        "7",        /* a digit: part of the word */
        "\xc3\xa9", /* a letter past ASCII */
        "\xe2\x80\x94" /* a dash past ASCII */,
        "'s", /* an apostrophe, then a word */
    };
    char s[128];
    xc_tokens w = {0};
    for (size_t n = 1; n <= 20; n++)
        for (size_t a = 0; a < sizeof after / sizeof *after; a++)
            for (size_t pad = 0; pad <= 24; pad++) {
                size_t len = 0;
                s[len++] = 'x';
                s[len++] = ' ';
                for (size_t k = 0; k < n; k++) s[len++] = (char)((k % 3 ? 'a' : 'A') + k % 26);
                memcpy(s + len, after[a], strlen(after[a]));
                len += strlen(after[a]);
                for (size_t k = 0; k < pad; k++) s[len++] = ". ab"[k % 4];
                s[len] = '\0';
                assert_int_equal(xc_tokens_scan(s, len, &w), XC_OK);
                assert_true(w.n >= 2);
                check_token(s, len, &w.v[0], 0);
                check_token(s, len, &w.v[1], 2);
                for (size_t i = 2; i < w.n; i++) check_token(s, len, &w.v[i], w.v[i].start);
            }
    xc_vec_free(&w);
}

/* A sentence read at every starting offset: each word near the end of the
 * text in turn, with the tokens a reading by hand gives. */
static void test_sentence_suffixes(void **state)
{
    (void)state;
    const char *text = "Reid's rep, Jack Ketsoyan, told People on 12 May: \"We appreciate it.\"";
    size_t len = strlen(text);
    xc_tokens w = {0};
    assert_int_equal(xc_tokens_scan(text, len, &w), XC_OK);
    static const unsigned starts[] = {0, 5, 7, 12, 17, 27, 32, 39, 42, 45, 51, 54, 65};
    static const unsigned letters[] = {4, 1, 3, 4, 8, 4, 6, 2, 0, 3, 2, 10, 2};
    assert_int_equal(w.n, sizeof starts / sizeof *starts);
    for (size_t i = 0; i < w.n; i++) {
        assert_int_equal(w.v[i].start, starts[i]);
        assert_int_equal(w.v[i].letters, letters[i]);
        check_token(text, len, &w.v[i], starts[i]);
    }
    /* the same words at the end of shorter texts: the starts at or after
     * the cut, and the cut itself when it falls inside a word */
    for (size_t cut = 1; cut < len; cut++) {
        assert_int_equal(xc_tokens_scan(text + cut, len - cut, &w), XC_OK);
        unsigned want[16];
        size_t nw = 0;
        unsigned char c = (unsigned char)text[cut];
        bool alnum = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
        bool at_start = false;
        for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) at_start |= starts[i] == cut;
        if (alnum && !at_start) want[nw++] = 0;
        for (size_t i = 0; i < sizeof starts / sizeof *starts; i++)
            if (starts[i] >= cut) want[nw++] = starts[i] - (unsigned)cut;
        assert_int_equal(w.n, nw);
        for (size_t i = 0; i < w.n; i++) {
            assert_int_equal(w.v[i].start, want[i]);
            check_token(text + cut, len - cut, &w.v[i], want[i]);
        }
    }
    xc_vec_free(&w);
}

/* Checks the index of s[from..len) against the definitions: a token at
 * every ASCII letter or digit with no letter or digit before it (or at
 * from), and none elsewhere, each with the fields expected_token gives. */
static void check_scan(const char *s, size_t from, size_t len, xc_tokens *w)
{
    assert_int_equal(xc_tokens_scan_from(s, from, len, w), XC_OK);
    size_t k = 0;
    for (size_t p = from; p < len; p++) {
        unsigned char c = (unsigned char)s[p];
        bool alnum = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
        bool start = alnum && (p == from || xc_word_boundary_before(s, p));
        bool listed = k < w->n && w->v[k].start == p;
        if (start != listed)
            fail_msg("scan of [%zu, %zu): offset %zu %s", from, len, p, start ? "missed" : "extra");
        if (listed) check_token(s, len, &w->v[k++], p);
    }
    assert_int_equal(k, w->n);
}

/* Text of every kind mixed: words of up to twenty letters and over 255,
 * numbers and words with digits, one boundary byte or several between
 * them, letters and marks past ASCII next to ASCII words, so that words
 * fall at every offset of an eight-byte load and cross the end of the
 * text and of the room reserved for tokens. Every suffix of the text, and
 * every start inside a prefix, is checked (the text sits in a buffer of
 * its own size, so that a read past its end is caught). */
static void test_mixed_text(void **state)
{
    (void)state;
    /* boundaries, numbers, words with digits, and three code points past
     * ASCII: e acute (a letter), an em dash (no letter or digit) and one
     * half (a number) */
    static const char *const pieces[] = {
        " ",    " ",   " ",   ", ",       ".\n",          "-",       "'", "  ", "\"", "(", "7",
        "2024", "3rd", "x9y", "\xc3\xa9", "\xe2\x80\x94", "\xc2\xbd"};
    enum { LEN = 1500 };
    char *s = malloc(LEN);
    assert_non_null(s);
    uint32_t r = 12345;
    size_t len = 0;
    while (len < LEN) {
        r = r * 1103515245u + 12345u;
        unsigned pick = (r >> 16) % 40;
        char piece[400];
        size_t n = 0;
        if (pick < sizeof pieces / sizeof *pieces) {
            n = strlen(pieces[pick]);
            memcpy(piece, pieces[pick], n);
        } else {
            /* a word: mostly short, sometimes up to twenty letters, now
             * and then a run too long for a token */
            size_t m = 1 + (r >> 8) % (pick == 39 ? 300 : pick > 34 ? 20 : 7);
            for (size_t i = 0; i < m; i++)
                piece[n++] = (char)((i + r) % 5 ? 'a' + (r >> (i % 11)) % 26 : 'Q');
        }
        if (len + n > LEN) n = LEN - len;
        memcpy(s + len, piece, n);
        len += n;
    }
    xc_tokens w = {0};
    for (size_t from = 0; from < len; from++) check_scan(s, from, len, &w);
    for (size_t end = 0; end < 300; end++) {
        char *t = malloc(end ? end : 1);
        assert_non_null(t);
        memcpy(t, s, end);
        for (size_t from = 0; from <= end; from += 7) check_scan(t, from, end, &w);
        free(t);
    }
    free(s);
    xc_vec_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_length_and_follower),
        cmocka_unit_test(test_sentence_suffixes),
        cmocka_unit_test(test_mixed_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
