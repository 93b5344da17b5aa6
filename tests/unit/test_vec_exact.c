/* Exact reservations and giving back spare room: what one-shot buffers the
 * size of a document (fold text, line starts, sentences, the word index)
 * are reserved and trimmed with. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

typedef XC_VEC(uint32_t) u32s;

static void test_reserve_exact(void **state)
{
    (void)state;
    u32s v = {0};
    /* exactly what is asked for, not the next power of two */
    assert_int_equal(xc_vec_reserve_exact(&v, 1000), 0);
    assert_int_equal(v.cap, 1000);
    /* room enough already: nothing changes */
    assert_int_equal(xc_vec_reserve_exact(&v, 10), 0);
    assert_int_equal(v.cap, 1000);
    for (uint32_t i = 0; i < 1000; i++) assert_int_equal(xc_vec_push(&v, i), 0);
    assert_int_equal(v.cap, 1000);
    /* pushing past it doubles, and keeps what was there */
    assert_int_equal(xc_vec_push(&v, 1000u), 0);
    assert_int_equal(v.cap, 2000);
    for (uint32_t i = 0; i <= 1000; i++) assert_int_equal(v.v[i], i);
    /* a size that cannot be allocated fails and leaves the vector as it was */
    assert_int_equal(xc_vec_reserve_exact(&v, SIZE_MAX / 2), -1);
    assert_int_equal(v.cap, 2000);
    assert_int_equal(v.n, 1001);
    xc_vec_free(&v);
}

static void test_shrink(void **state)
{
    (void)state;
    u32s v = {0};
    /* 64 KiB of spare room (16384 elements of 4 bytes) beside 80,000 bytes
     * in use: large, and more than a quarter of the buffer: given back */
    assert_int_equal(xc_vec_reserve_exact(&v, 20000 + 16384), 0);
    for (uint32_t i = 0; i < 20000; i++) v.v[v.n++] = i * 3;
    xc_vec_shrink(&v);
    assert_int_equal(v.cap, 20000);
    for (uint32_t i = 0; i < 20000; i++) assert_int_equal(v.v[i], i * 3);
    xc_vec_free(&v);

    /* one element short of 64 KiB spare: kept */
    assert_int_equal(xc_vec_reserve_exact(&v, 20000 + 16383), 0);
    v.n = 20000;
    xc_vec_shrink(&v);
    assert_int_equal(v.cap, 20000 + 16383);
    xc_vec_free(&v);

    /* 64 KiB spare but less than a quarter of the buffer: kept */
    assert_int_equal(xc_vec_reserve_exact(&v, 100000), 0);
    v.n = 100000 - 16384;
    xc_vec_shrink(&v);
    assert_int_equal(v.cap, 100000);
    /* a quarter exactly: given back */
    v.n = 75000;
    xc_vec_shrink(&v);
    assert_int_equal(v.cap, 75000);
    xc_vec_free(&v);

    /* an empty vector, or one never allocated, is left alone */
    xc_vec_shrink(&v);
    assert_null(v.v);
    assert_int_equal(xc_vec_reserve_exact(&v, 100000), 0);
    xc_vec_shrink(&v);
    assert_int_equal(v.cap, 100000);
    xc_vec_free(&v);
}

/* A byte buffer is trimmed to its length and its NUL. */
static void test_shrink_bytes(void **state)
{
    (void)state;
    xc_buf b = {0};
    assert_int_equal(xc_buf_reserve_exact(&b, 1 << 20), 0);
    assert_int_equal(xc_buf_adds(&b, "twelve bytes"), 0);
    assert_int_equal(b.cap, 1 << 20);
    xc_buf_shrink(&b);
    assert_int_equal(b.cap, 13);
    assert_string_equal(b.s, "twelve bytes");
    assert_int_equal(xc_buf_adds(&b, "!"), 0);
    assert_string_equal(b.s, "twelve bytes!");
    xc_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reserve_exact),
        cmocka_unit_test(test_shrink),
        cmocka_unit_test(test_shrink_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
