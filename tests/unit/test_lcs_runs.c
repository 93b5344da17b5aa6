/* xc_lcs_chars (the longest common subsequence of two spellings, in code
 * points) and xc_word_common_run (the longest run of words two quotes
 * share), worked out by hand, on strings and quotes short enough for the
 * stack buffers and longer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "diff.h"

#include "diff_fixture.h"

static void test_lcs_chars(void **state)
{
    assert_int_equal(xc_lcs_chars("abcde", "ace"), 3);
    assert_int_equal(xc_lcs_chars("abcbdab", "bdcaba"), 4);
    assert_int_equal(xc_lcs_chars("mangyongdae", "mangyongdae"), 11);
    /* "myanggae" in "mangyongdae": m, a, n, g, g, a, e (the y comes too late) */
    assert_int_equal(xc_lcs_chars("myanggae", "mangyongdae"), 7);
    assert_int_equal(xc_lcs_chars("", "abc"), 0);
    assert_int_equal(xc_lcs_chars("abc", ""), 0);
    assert_int_equal(xc_lcs_chars("", ""), 0);
    /* code points, not bytes */
    assert_int_equal(xc_lcs_chars("caf\xc3\xa9", "cafe"), 3);
    assert_int_equal(xc_lcs_chars("\xe5\xa5\xbd\xe5\xa5\xbd", "\xe5\xa5\xbd"), 1);
    assert_int_equal(xc_lcs_chars("\xc3\xa9\xc3\xa8", "\xc3\xa8\xc3\xa9"), 1);
}

/* Past the stack buffers: 80 letters, "abab..." against "baba...": all
 * but one. */
static void test_lcs_chars_long(void **state)
{
    char a[81], b[81], c[200];
    for (size_t i = 0; i < 80; i++) {
        a[i] = i % 2 ? 'b' : 'a';
        b[i] = i % 2 ? 'a' : 'b';
    }
    a[80] = b[80] = '\0';
    assert_int_equal(xc_lcs_chars(a, b), 79);
    memset(c, 'a', 199);
    c[199] = '\0';
    assert_int_equal(xc_lcs_chars(c, a), 40);
    assert_int_equal(xc_lcs_chars("ab", c), 1);
}

static size_t run_of(const char *sa, const char *sb)
{
    xc_word a[32], b[32];
    size_t m = make_words(sa, a, 32), n = make_words(sb, b, 32);
    return xc_word_common_run(a, m, b, n);
}

static void test_common_run(void **state)
{
    assert_int_equal(run_of("people live here now", "people live here now"), 4);
    assert_int_equal(run_of("a b c d e", "x b c d y"), 3);
    /* the longer of two runs, wherever it stands */
    assert_int_equal(run_of("we run we run fast today", "run fast today we run"), 3);
    assert_int_equal(run_of("north korea", "pyongyang marathon"), 0);
    assert_int_equal(run_of("", "pyongyang"), 0);
    assert_int_equal(run_of("pyongyang", ""), 0);
}

/* Past the stack row: 300 words, one of them changed in the middle. */
static void test_common_run_long(void **state)
{
    static xc_word a[300], b[300];
    for (size_t i = 0; i < 300; i++) {
        a[i] = word_of("go");
        b[i] = i == 150 ? word_of("stop") : a[i];
    }
    assert_int_equal(xc_word_common_run(a, 300, a, 300), 300);
    assert_int_equal(xc_word_common_run(a, 300, b, 300), 150);
    assert_int_equal(xc_word_common_run(b, 300, a, 10), 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lcs_chars),
        cmocka_unit_test(test_lcs_chars_long),
        cmocka_unit_test(test_common_run),
        cmocka_unit_test(test_common_run_long),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
