/* xc_hash_word: the hash of the word at the start of a string, which ends at
 * the first space or at the end, with its length. Expectations written by
 * hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "diff.h"

static void test_first_word(void **state)
{
    size_t len = 99;
    assert_true(xc_hash_word("kim jong un", &len) == xc_hash("kim", 3, 0));
    assert_int_equal(len, 3);
    assert_true(xc_hash_word("loong", &len) == xc_hash("loong", 5, 0));
    assert_int_equal(len, 5);
    /* a word is its bytes: case, apostrophes and bytes past ASCII count */
    assert_true(xc_hash_word("o'brien's x", &len) == xc_hash("o'brien's", 9, 0));
    assert_int_equal(len, 9);
    assert_true(xc_hash_word("\xc3\xa9mile zola", &len) == xc_hash("\xc3\xa9mile", 6, 0));
    assert_int_equal(len, 6);
    assert_true(xc_hash_word("loong", &len) != xc_hash_word("long", &len));
}

/* At a space or at the end there is no word: length 0, the empty hash. */
static void test_empty(void **state)
{
    size_t len = 99;
    assert_true(xc_hash_word("", &len) == xc_hash("", 0, 0));
    assert_int_equal(len, 0);
    assert_true(xc_hash_word(" kim", &len) == xc_hash("", 0, 0));
    assert_int_equal(len, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_word),
        cmocka_unit_test(test_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
