/* Offset maps, arenas, strings and diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "file_fixture.h"

static void test_omap_identity_when_empty(void **state)
{
    xc_omap m = {0};
    assert_int_equal(xc_omap_start(&m, 17), 17);
    assert_int_equal(xc_omap_end(&m, 17), 17);
}

/* "a&amp;b" -> "a&b": the entity is one replaced run. */
static void test_omap_entity(void **state)
{
    xc_omap m = {0};
    assert_int_equal(xc_omap_copy(&m, 0, 0, 1), 0);
    assert_int_equal(xc_omap_replace(&m, 1, 1, 1, 5), 0);
    assert_int_equal(xc_omap_copy(&m, 2, 6, 1), 0);
    assert_int_equal(xc_omap_start(&m, 0), 0);
    assert_int_equal(xc_omap_start(&m, 1), 1);
    assert_int_equal(xc_omap_end(&m, 2), 6); /* end of "&" is end of "&amp;" */
    assert_int_equal(xc_omap_start(&m, 2), 6);
    assert_int_equal(xc_omap_end(&m, 3), 7);
    assert_int_equal(m.runs.n, 3);
    xc_omap_free(&m);
}

/* Contiguous copies merge into one run. */
static void test_omap_merges_copies(void **state)
{
    xc_omap m = {0};
    xc_omap_copy(&m, 0, 3, 4);
    xc_omap_copy(&m, 4, 7, 10);
    assert_int_equal(m.runs.n, 1);
    assert_int_equal(xc_omap_start(&m, 5), 8);
    assert_int_equal(xc_omap_end(&m, 14), 17);
    xc_omap_free(&m);
}

/* A curly quote (3 bytes) folded to '"' (1 byte) in the middle of text. */
static void test_omap_fold_quote(void **state)
{
    xc_omap m = {0};
    xc_omap_copy(&m, 0, 0, 2);       /* "He"  */
    xc_omap_replace(&m, 2, 1, 2, 3); /* “    */
    xc_omap_copy(&m, 3, 5, 2);       /* "hi"  */
    assert_int_equal(xc_omap_start(&m, 3), 5);
    assert_int_equal(xc_omap_end(&m, 3), 5);
    assert_int_equal(xc_omap_start(&m, 2), 2);
    assert_int_equal(xc_omap_end(&m, 5), 7);
    xc_omap_free(&m);
}

static void test_arena_and_buf(void **state)
{
    xc_arena a;
    xc_arena_init(&a);
    char *s = xc_arena_printf(&a, "%s-%d", "runners", 800);
    assert_string_equal(s, "runners-800");
    void *big = xc_arena_alloc(&a, 1 << 20);
    assert_non_null(big);
    assert_null(xc_arena_alloc(&a, SIZE_MAX)); /* no wrap-around to a small block */
    assert_null(xc_arena_alloc(&a, SIZE_MAX - 8));
    char *t = xc_arena_strndup(&a, "Pyongyang", 4);
    assert_string_equal(t, "Pyon");
    xc_arena_free(&a);

    xc_buf b = {0};
    xc_buf_addc(&b, 'x');
    assert_int_equal(b.cap, XC_BUF_FIRST); /* the first block: room for a line or two */
    for (int i = 1; i < 1000; i++) xc_buf_addc(&b, 'x');
    assert_int_equal(b.cap, 4 * XC_BUF_FIRST); /* then twice the room: 1,001 bytes in 1,024 */
    xc_buf_printf(&b, "%d", 42);
    assert_int_equal(b.len, 1002);
    assert_string_equal(b.s + 1000, "42");
    xc_buf_free(&b);
    /* a larger first need: the power of two that holds it, then twice that */
    assert_int_equal(xc_buf_reserve(&b, 5000), 0);
    assert_int_equal(b.cap, 8192);
    assert_int_equal(xc_buf_reserve(&b, 8192), 0);
    assert_int_equal(b.cap, 8192);
    assert_int_equal(xc_buf_reserve(&b, 8193), 0);
    assert_int_equal(b.cap, 16384);
    xc_buf_free(&b);
}

/* A vector's room past its elements is given back unless it is small. */
static void test_vec_fit(void **state)
{
    XC_VEC(uint64_t) v = {0};
    xc_vec_fit(&v); /* nothing yet: nothing to do */
    assert_null(v.v);
    assert_int_equal(xc_vec_reserve(&v, 100), 0);
    assert_int_equal(v.cap, 128);
    for (uint64_t i = 0; i < 97; i++) assert_int_equal(xc_vec_push(&v, i * 3), 0);
    xc_vec_fit(&v); /* 31 spare elements, 248 bytes: under XC_VEC_FIT_MIN, kept */
    assert_int_equal(v.cap, 128);
    v.n = 60;
    xc_vec_fit(&v); /* 68 spare, 544 bytes: given back, the elements stay */
    assert_int_equal(v.cap, 60);
    for (uint64_t i = 0; i < 60; i++) assert_int_equal(v.v[i], i * 3);
    assert_int_equal(xc_vec_push(&v, 7), 0); /* and it grows again as usual */
    assert_int_equal(v.v[60], 7);
    v.n = 0;
    xc_vec_fit(&v); /* empty: no buffer left */
    assert_null(v.v);
    assert_int_equal(v.cap, 0);
}

/* Blocks of every size around the arena's chunk sizes (its first chunk is
 * small and the next ones grow; a block over a quarter of the largest has
 * its own): each is zeroed, 16-byte aligned, and keeps what was written in
 * it while the others are taken. */
static void test_arena_blocks_keep_their_bytes(void **state)
{
    static const size_t sizes[] = {1,    15,    16,    17,    100,   1000,  2047,  4000,
                                   4096, 5000,  8192,  16383, 16384, 16385, 20000, 65536,
                                   3,    70000, 32768, 7,     1024,  12000, 40000, 9};
    enum { N = sizeof sizes / sizeof *sizes, ROUNDS = 8 };
    unsigned char *blocks[ROUNDS * N];
    size_t lens[ROUNDS * N];
    xc_arena a;
    xc_arena_init(&a);
    for (size_t k = 0; k < ROUNDS * N; k++) {
        lens[k] = sizes[(k * 7) % N];
        blocks[k] = xc_arena_alloc(&a, lens[k]);
        assert_non_null(blocks[k]);
        assert_int_equal((uintptr_t)blocks[k] % 16, 0);
        size_t dirty = 0;
        for (size_t j = 0; j < lens[k]; j++) dirty += blocks[k][j] != 0;
        assert_int_equal(dirty, 0);
        memset(blocks[k], (int)(k % 251) + 1, lens[k]);
    }
    for (size_t k = 0; k < ROUNDS * N; k++) {
        unsigned char want = (unsigned char)(k % 251 + 1);
        size_t changed = 0;
        for (size_t j = 0; j < lens[k]; j++) changed += blocks[k][j] != want;
        assert_int_equal(changed, 0);
    }
    xc_arena_free(&a);
}

static void test_diags_caret(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_diags_add(d, XC_ERROR, "rule-pattern", "rules/en/x.yaml", 12, 9, SIZE_MAX, "  pattern: (a",
                 "in rule '%s': missing )", "count-noun");
    assert_int_equal(xc_diags_count(d), 1);
    assert_int_equal(xc_diags_count_at(d, XC_WARNING), 1);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    xc_diags_print(d, f);
    fclose(f);
    assert_string_equal(out, "rules/en/x.yaml:12:9: error: in rule 'count-noun': missing )\n"
                             "    pattern: (a\n"
                             "          ^\n");
    free(out);
    xc_diags_free(d);
}

static void test_utf8_decode(void **state)
{
    int32_t cp;
    assert_int_equal(xc_utf8_decode("caf\xc3\xa9", 5, 3, &cp), 2);
    assert_int_equal(cp, 0xE9);
    assert_int_equal(xc_utf8_decode("\xe5\xa5\xbd", 3, 0, &cp), 3);
    assert_int_equal(cp, 0x597D);
    assert_int_equal(xc_utf8_decode("\xc0\xaf", 2, 0, &cp), 1); /* overlong */
    assert_int_equal(cp, 0xFFFD);
    assert_int_equal(xc_utf8_decode("\xed\xa0\x80", 3, 0, &cp), 1); /* surrogate */
    assert_int_equal(xc_utf8_count("caf\xc3\xa9 \xe5\xa5\xbd", 9), 6);
}

/* Counting eight bytes at a time gives what counting byte by byte gives,
 * at every length and alignment. */
static void test_utf8_count_words(void **state)
{
    /* 8 ASCII, 5 × é, 3 × 好, 😀, z: 18 code points in 32 bytes */
    static const char s[] = "abcdefgh\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                            "\xe5\xa5\xbd\xe5\xa5\xbd\xe5\xa5\xbd\xf0\x9f\x98\x80z";
    assert_int_equal(sizeof s - 1, 32);
    assert_int_equal(xc_utf8_count(s, 32), 18);
    assert_int_equal(xc_utf8_count(s + 8, 10), 5);
    assert_int_equal(xc_utf8_count(s + 18, 9), 3);
    assert_int_equal(xc_utf8_count(s, 0), 0);
    for (size_t a = 0; a < 32; a++)
        for (size_t n = 0; a + n <= 32; n++) {
            size_t want = 0;
            for (size_t i = a; i < a + n; i++) want += ((unsigned char)s[i] & 0xC0) != 0x80;
            assert_int_equal(xc_utf8_count(s + a, n), want);
        }
}

/* Formatting into the room left, and past it. */
static void test_buf_printf_room(void **state)
{
    xc_buf b = {0};
    char want[600];
    size_t len = 0;
    for (int k = 0; k < 30; k++) { /* strings of 0..29 bytes, then numbers */
        char word[32];
        memset(word, 'a' + k % 26, (size_t)k);
        word[k] = '\0';
        assert_int_equal(xc_buf_printf(&b, "%s%d", word, k), 0);
        memcpy(want + len, word, (size_t)k);
        len += (size_t)k;
        len += (size_t)snprintf(want + len, sizeof want - len, "%d", k);
        assert_int_equal(b.len, len);
        assert_memory_equal(b.s, want, len);
        assert_int_equal(b.s[b.len], '\0');
    }
    xc_buf_free(&b);
    assert_int_equal(xc_buf_printf(&b, "%s", ""), 0); /* empty, still a string */
    assert_int_equal(b.len, 0);
    assert_string_equal(b.s, "");
    xc_buf_free(&b);
}

/* Case is ignored for ASCII letters only; other bytes compare as they are. */
static void test_ieq(void **state)
{
    assert_true(xc_ieq("SAID", 4, "said"));
    assert_true(xc_ieq("Said", 4, "sAID"));
    assert_false(xc_ieq("said", 4, "sai"));
    assert_false(xc_ieq("sai", 3, "said"));
    assert_true(xc_ieq("", 0, ""));
    assert_false(xc_ieq("@", 1, "`")); /* 0x40 and 0x60 differ by the case bit, not letters */
    assert_false(xc_ieq("[", 1, "{"));
    assert_true(xc_ieq("caf\xc3\xa9", 5, "CAF\xc3\xa9"));
    assert_false(xc_ieq("caf\xc3\xa9", 5, "caf\xc3\x89")); /* é and É: not ASCII */
}

static void test_iso_date(void **state)
{
    int y, m, d;
    assert_true(xc_parse_iso_date("2014-04-13", &y, &m, &d));
    assert_int_equal(y * 10000 + m * 100 + d, 20140413);
    assert_false(xc_parse_iso_date("2014-02-30", &y, &m, &d));
    assert_false(xc_parse_iso_date("2013-02-29", &y, &m, &d));
    assert_true(xc_parse_iso_date("2012-02-29", &y, &m, &d));
    assert_false(xc_parse_iso_date("14-04-13", &y, &m, &d));
}

/* Ranges in order of start: how many start before a position. */
static void test_ranges_before(void **state)
{
    (void)state;
    static const xc_range v[] = {{2, 5}, {5, 9}, {12, 20}};
    assert_int_equal(xc_ranges_before(v, 3, 0), 0);
    assert_int_equal(xc_ranges_before(v, 3, 2), 0); /* a range starting at pos is not before it */
    assert_int_equal(xc_ranges_before(v, 3, 3), 1);
    assert_int_equal(xc_ranges_before(v, 3, 5), 1);
    assert_int_equal(xc_ranges_before(v, 3, 6), 2); /* pos 5: in the range before, {5, 9} */
    assert_int_equal(xc_ranges_before(v, 3, 12), 2);
    assert_int_equal(xc_ranges_before(v, 3, 100), 3);
    assert_int_equal(xc_ranges_before(v, 0, 100), 0);
    assert_int_equal(xc_ranges_before(NULL, 0, 7), 0);
}

/* A spool keeps what it is given, in order, whether it is staged, written
 * in blocks or written to its file directly, and copies all of it (to a
 * file, which the copy may fill in the kernel, and to a memory stream,
 * which it cannot); an empty one makes no file and copies nothing. */
static void test_spool(void **state)
{
    (void)state;
    xc_spool sp = {0};
    char *mem = NULL;
    size_t mem_len = 0;
    FILE *m = open_memstream(&mem, &mem_len);
    assert_non_null(m);
    assert_int_equal(xc_spool_copy(&sp, m), 0);
    assert_int_equal(fflush(m), 0);
    assert_int_equal(mem_len, 0);
    assert_null(sp.f);

    /* "abc" staged, a block and a half of 'x' (written once the stage is
     * full), "direct" through the file, then "end" staged again */
    size_t big = XC_SPOOL_BLOCK + XC_SPOOL_BLOCK / 2;
    char *xs = malloc(big);
    assert_non_null(xs);
    memset(xs, 'x', big);
    assert_int_equal(xc_spool_add(&sp, "abc", 3), XC_OK);
    assert_non_null(sp.f); /* the file is made with the first bytes */
    for (size_t i = 0; i < big; i += 1000)
        assert_int_equal(xc_spool_add(&sp, xs + i, big - i < 1000 ? big - i : 1000), XC_OK);
    assert_true(sp.stage.len < XC_SPOOL_BLOCK);
    FILE *f = xc_spool_file(&sp);
    assert_non_null(f);
    assert_int_equal(sp.stage.len, 0);
    assert_int_equal(fputs("direct", f) >= 0, 1);
    assert_int_equal(xc_spool_add(&sp, "end", 3), XC_OK);

    size_t want_len = 3 + big + 6 + 3;
    char *want = malloc(want_len);
    assert_non_null(want);
    memcpy(want, "abc", 3);
    memset(want + 3, 'x', big);
    memcpy(want + 3 + big, "directend", 9);

    FILE *out = tmpfile();
    assert_non_null(out);
    assert_int_equal(fputs("head:", out) >= 0, 1);
    assert_int_equal(xc_spool_copy(&sp, out), 0);
    assert_int_equal(fputs(":tail", out) >= 0, 1);
    size_t len;
    char *got = file_text(out, &len);
    assert_int_equal(len, 5 + want_len + 5);
    assert_memory_equal(got, "head:", 5);
    assert_memory_equal(got + 5, want, want_len);
    assert_memory_equal(got + 5 + want_len, ":tail", 5);
    free(got);
    fclose(out);

    assert_int_equal(xc_spool_copy(&sp, m), 0);
    assert_int_equal(fflush(m), 0);
    assert_int_equal(mem_len, want_len);
    assert_memory_equal(mem, want, want_len);
    fclose(m);
    free(mem);
    free(want);
    free(xs);
    xc_spool_free(&sp);
    assert_null(sp.f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_omap_identity_when_empty),
        cmocka_unit_test(test_omap_entity),
        cmocka_unit_test(test_omap_merges_copies),
        cmocka_unit_test(test_omap_fold_quote),
        cmocka_unit_test(test_arena_and_buf),
        cmocka_unit_test(test_arena_blocks_keep_their_bytes),
        cmocka_unit_test(test_vec_fit),
        cmocka_unit_test(test_diags_caret),
        cmocka_unit_test(test_utf8_decode),
        cmocka_unit_test(test_iso_date),
        cmocka_unit_test(test_ieq),
        cmocka_unit_test(test_utf8_count_words),
        cmocka_unit_test(test_buf_printf_room),
        cmocka_unit_test(test_ranges_before),
        cmocka_unit_test(test_spool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
