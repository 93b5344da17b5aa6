/* xc_words_split of ASCII text: the words, as written and case-folded,
 * with their brackets and ellipses, written out by hand for punctuation,
 * apostrophes and hyphens inside and around words, numbers, case and empty
 * input; then random ASCII texts split alone and with a letter past ASCII
 * after them (which takes the general path, one code point at a time): the
 * same words, spans, flags and hashes both ways, and the spans of
 * xc_word_next. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "diff.h"

#include "diff_fixture.h"

typedef struct {
    const char *w, *orig;
    bool bracket, ellipsis_before;
} word_spec;

typedef struct {
    const char *text;
    word_spec want[8];
    size_t n;
    bool ellipsis_end;
} split_case;

static void check_case(const split_case *c)
{
    xc_arena a;
    xc_arena_init(&a);
    xc_words w = {0};
    bool ell = !c->ellipsis_end;
    assert_int_equal(xc_words_split(c->text, strlen(c->text), &a, &w, &ell), 0);
    if (w.n != c->n) fail_msg("\"%s\": %zu words, not %zu", c->text, w.n, c->n);
    for (size_t i = 0; i < c->n; i++) {
        assert_string_equal(w.v[i].w, c->want[i].w);
        assert_int_equal(w.v[i].len, strlen(c->want[i].w));
        assert_string_equal(w.v[i].orig, c->want[i].orig);
        assert_int_equal(w.v[i].bracket, c->want[i].bracket);
        assert_int_equal(w.v[i].ellipsis_before, c->want[i].ellipsis_before);
    }
    assert_int_equal(ell, c->ellipsis_end);
    xc_vec_free(&w);
    xc_arena_free(&a);
}

/* A word as written (O) and folded (W): plain, in brackets, after an ellipsis. */
#define PLAIN(W, O)                                                                                \
    {                                                                                              \
        W, O, false, false                                                                         \
    }
#define BRACKETED(W, O)                                                                            \
    {                                                                                              \
        W, O, true, false                                                                          \
    }
#define AFTER_ELLIPSIS(W, O)                                                                       \
    {                                                                                              \
        W, O, false, true                                                                          \
    }
#define NONE                                                                                       \
    {                                                                                              \
        {                                                                                          \
            NULL, NULL, false, false                                                               \
        }                                                                                          \
    }

static void test_hand_written(void **state)
{
    static const split_case cases[] = {
        {"", NONE, 0, false},
        {"   ", NONE, 0, false},
        {"!?; -- ' ,.", NONE, 0, false},
        {"Hello", {PLAIN("hello", "Hello")}, 1, false},
        {"McDONALD said", {PLAIN("mcdonald", "McDONALD"), PLAIN("said", "said")}, 2, false},
        /* apostrophes and hyphens stay inside a word, between two of its
         * letters or digits only */
        {"Don't rock-and-roll",
         {PLAIN("don't", "Don't"), PLAIN("rock-and-roll", "rock-and-roll")},
         2,
         false},
        {"'quoted' rock- -roll",
         {PLAIN("quoted", "quoted"), PLAIN("rock", "rock"), PLAIN("roll", "roll")},
         3,
         false},
        {"a--b x-'y",
         {PLAIN("a", "a"), PLAIN("b", "b"), PLAIN("x", "x"), PLAIN("y", "y")},
         4,
         false},
        {"the 1990s' 24-hour",
         {PLAIN("the", "the"), PLAIN("1990s", "1990s"), PLAIN("24-hour", "24-hour")},
         3,
         false},
        /* commas and points inside numbers only */
        {"1,000.5 people", {PLAIN("1,000.5", "1,000.5"), PLAIN("people", "people")}, 2, false},
        {"runners,1 5,a 7. 8.",
         {PLAIN("runners", "runners"), PLAIN("1", "1"), PLAIN("5", "5"), PLAIN("a", "a"),
          PLAIN("7", "7"), PLAIN("8", "8")},
         6,
         false},
        {"A4,5 b.9", {PLAIN("a4,5", "A4,5"), PLAIN("b", "b"), PLAIN("9", "9")}, 3, false},
        /* other punctuation ends and separates words */
        {"#Pyongyang#runners \"go\"",
         {PLAIN("pyongyang", "Pyongyang"), PLAIN("runners", "runners"), PLAIN("go", "go")},
         3,
         false},
        /* brackets and parentheses: an editor's words */
        {"her [North Korea] (Tara Reid) home",
         {PLAIN("her", "her"), BRACKETED("north", "North"), BRACKETED("korea", "Korea"),
          BRACKETED("tara", "Tara"), BRACKETED("reid", "Reid"), PLAIN("home", "home")},
         6,
         false},
        {"a [b) c", {PLAIN("a", "a"), BRACKETED("b", "b"), PLAIN("c", "c")}, 3, false},
        /* ellipses: on the word after, or at the end */
        {"we ... run.... fast..",
         {PLAIN("we", "we"), AFTER_ELLIPSIS("run", "run"), AFTER_ELLIPSIS("fast", "fast")},
         3,
         false},
        {"...start and end...",
         {AFTER_ELLIPSIS("start", "start"), PLAIN("and", "and"), PLAIN("end", "end")},
         3,
         true},
        {"1...2", {PLAIN("1", "1"), AFTER_ELLIPSIS("2", "2")}, 2, false},
        {"end ..", {PLAIN("end", "end")}, 1, false},
        /* letters past ASCII, the general path: folded by utf8proc, the
         * typographic apostrophe straightened */
        {"\xc3\x89MILE Don\xe2\x80\x99t \xe2\x80\xa6",
         {PLAIN("\xc3\xa9mile", "\xc3\x89MILE"), PLAIN("don't", "Don\xe2\x80\x99t")},
         2,
         true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) check_case(&cases[i]);
}

/* A text without a NUL after it (the split reads only s[0..len)): a word
 * that runs to the very end, of every length past the eight-byte chunks. */
static void test_no_terminator(void **state)
{
    char text[40];
    for (size_t len = 1; len <= 24; len++) {
        memset(text, 'X', sizeof text);
        memcpy(text, "go ", 3);
        xc_arena a;
        xc_arena_init(&a);
        xc_words w = {0};
        assert_int_equal(xc_words_split(text, 3 + len, &a, &w, NULL), 0);
        assert_int_equal(w.n, 2);
        assert_int_equal(w.v[1].len, len);
        for (size_t k = 0; k < len; k++) {
            assert_int_equal(w.v[1].w[k], 'x');
            assert_int_equal(w.v[1].orig[k], 'X');
        }
        assert_int_equal(w.v[1].w[len], '\0');
        xc_vec_free(&w);
        xc_arena_free(&a);
    }
}

/* Random texts from the bytes that matter to the words: every word, span
 * and flag the same when the text is split alone (ASCII) and with " \xc3\xa9"
 * (é) after it (the general path, which then has one more word), equal
 * hashes included, and the spans of xc_word_next. */
static void test_random_against_general_path(void **state)
{
    static const char alphabet[] = "aZq09 -'-',,..[]()#\"!  xY7.";
    char text[64], wide[72];
    for (int round = 0; round < 20000; round++) {
        size_t len = next_rand() % 48;
        for (size_t i = 0; i < len; i++) text[i] = alphabet[next_rand() % (sizeof alphabet - 1)];
        text[len] = '\0';
        snprintf(wide, sizeof wide, "%s \xc3\xa9", text);
        xc_arena a;
        xc_arena_init(&a);
        xc_words x = {0}, y = {0};
        bool ex = false, ey = true;
        assert_int_equal(xc_words_split(text, len, &a, &x, &ex), 0);
        assert_int_equal(xc_words_split(wide, strlen(wide), &a, &y, &ey), 0);
        assert_int_equal(y.n, x.n + 1);
        assert_false(ey);
        assert_string_equal(y.v[x.n].w, "\xc3\xa9");
        assert_int_equal(y.v[x.n].ellipsis_before, ex);
        xc_word_iter it = {text, len, 0, false, false, false};
        size_t ws, we;
        for (size_t i = 0; i < x.n; i++) {
            assert_string_equal(x.v[i].w, y.v[i].w);
            assert_string_equal(x.v[i].orig, y.v[i].orig);
            assert_int_equal(x.v[i].len, y.v[i].len);
            assert_true(x.v[i].h == y.v[i].h);
            assert_int_equal(x.v[i].bracket, y.v[i].bracket);
            assert_int_equal(x.v[i].ellipsis_before, y.v[i].ellipsis_before);
            assert_true(xc_word_next(&it, &ws, &we));
            assert_int_equal(we - ws, strlen(x.v[i].orig));
            assert_memory_equal(text + ws, x.v[i].orig, we - ws);
            assert_int_equal(it.bracket, x.v[i].bracket);
            assert_int_equal(it.ellipsis, x.v[i].ellipsis_before);
        }
        assert_false(xc_word_next(&it, &ws, &we));
        assert_int_equal(it.ellipsis, ex);
        xc_vec_free(&x);
        xc_vec_free(&y);
        xc_arena_free(&a);
    }
}

int main(void)
{
    rng_state = 0x9E3779B97F4A7C15ull; /* this file's own sequence */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_written),
        cmocka_unit_test(test_no_terminator),
        cmocka_unit_test(test_random_against_general_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
