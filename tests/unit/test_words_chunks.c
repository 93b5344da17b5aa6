/* xc_words_split and xc_word_next read runs of ASCII letters and digits
 * eight bytes at a time and hash a word's bytes eight at a time: words that
 * end or break anywhere in an eight-byte chunk, at every offset of the text,
 * come out as written by hand, and equal words, only they, share a hash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "diff.h"

typedef struct {
    const char *w, *orig;
    bool bracket, ellipsis_before;
} word_spec;

/* The words of text, placed after `pad` spaces, so that each of them starts
 * and ends at every offset of an eight-byte chunk in turn. */
static void check_words(const char *text, const word_spec *want, size_t n)
{
    for (size_t pad = 0; pad < 16; pad++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%*s%s", (int)pad, "", text);
        xc_arena a;
        xc_arena_init(&a);
        xc_words w = {0};
        bool ell = false;
        assert_int_equal(xc_words_split(buf, strlen(buf), &a, &w, &ell), 0);
        assert_int_equal(w.n, n);
        for (size_t i = 0; i < n; i++) {
            assert_string_equal(w.v[i].w, want[i].w);
            assert_string_equal(w.v[i].orig, want[i].orig);
            assert_int_equal(w.v[i].len, strlen(want[i].w));
            assert_int_equal(w.v[i].bracket, want[i].bracket);
            assert_int_equal(w.v[i].ellipsis_before, want[i].ellipsis_before);
        }
        /* the iterator gives the same spans */
        xc_word_iter it = {buf, strlen(buf), 0, false, false, false};
        size_t s, e, k = 0;
        while (xc_word_next(&it, &s, &e)) {
            assert_true(k < n);
            assert_int_equal(e - s, strlen(want[k].orig));
            assert_memory_equal(buf + s, want[k].orig, e - s);
            k++;
        }
        assert_int_equal(k, n);
        xc_vec_free(&w);
        xc_arena_free(&a);
    }
}

static void test_runs_across_chunks(void **state)
{
    static const word_spec want[] = {
        {"abcdefgh", "ABCDEFGH", false, false},
        {"abc9xyz0123456789q", "Abc9xyz0123456789Q", false, false},
        {"then-ever", "then-ever", false, false},
        {"don't", "Don't", false, false},
        {"3,000.5", "3,000.5", false, false},
        {"b", "b", true, false},
        {"z", "z", false, true},
        {"abcdefghijklmnop", "abcdefghijklmnop", false, false},
        {"x", "x", false, false},
    };
    check_words("ABCDEFGH, Abc9xyz0123456789Q;then-ever Don't 3,000.5 [b] ... z "
                "abcdefghijklmnop.x",
                want, sizeof want / sizeof *want);
}

/* A word at the very end of the text, of every length up to 17. */
static void test_word_at_end(void **state)
{
    static const char letters[] = "abcdefghijklmnopq";
    for (size_t len = 1; len <= 17; len++) {
        char text[32], low[32];
        snprintf(text, sizeof text, "go %.*s", (int)len, "ABCDEFGHIJKLMNOPQ");
        snprintf(low, sizeof low, "%.*s", (int)len, letters);
        word_spec want[2] = {{"go", "go", false, false}, {low, text + 3, false, false}};
        check_words(text, want, 2);
    }
}

/* Hash of the first word of text. */
static uint64_t first_hash(const char *text)
{
    xc_arena a;
    xc_arena_init(&a);
    xc_words w = {0};
    assert_int_equal(xc_words_split(text, strlen(text), &a, &w, NULL), 0);
    assert_true(w.n >= 1);
    uint64_t h = w.v[0].h;
    xc_vec_free(&w);
    xc_arena_free(&a);
    return h;
}

static void test_hashes(void **state)
{
    /* one word, whatever its case and whatever follows it */
    assert_true(first_hash("People said") == first_hash("people, they"));
    assert_true(first_hash("NEIGHBOURHOODS") == first_hash("neighbourhoods."));
    /* words that differ in one byte, in the first chunk or past it */
    assert_true(first_hash("people") != first_hash("peoplf"));
    assert_true(first_hash("abcdefgh") != first_hash("abcdefgi"));
    assert_true(first_hash("abcdefgh") != first_hash("abcdefghi"));
    assert_true(first_hash("neighbourhoods") != first_hash("neighbourhoodz"));
    /* not ASCII: folded by utf8proc, the same hash as its ASCII spelling */
    assert_true(first_hash("Stra\xc3\x9f"
                           "e") == first_hash("strasse"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs_across_chunks),
        cmocka_unit_test(test_word_at_end),
        cmocka_unit_test(test_hashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
