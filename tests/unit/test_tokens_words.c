/* The word index field by field for words of every length, followed by
 * every kind of byte, near the end of the text and far from it: a word of
 * fewer than eight letters with eight bytes to read is indexed from one
 * load of them, a longer word or one at the end of the text letter by
 * letter, and both must give the same token. */
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
 * bytes of ". ab" so that the word is read from one load or not. */
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
    for (size_t n = 1; n <= 12; n++)
        for (size_t a = 0; a < sizeof after / sizeof *after; a++)
            for (size_t pad = 0; pad <= 9; pad++) {
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_length_and_follower),
        cmocka_unit_test(test_sentence_suffixes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
