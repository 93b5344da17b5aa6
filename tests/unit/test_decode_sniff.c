/* The first look at a file's bytes answers two questions in one pass: is it
 * binary (a NUL or more than one control byte in ten among the first 8 KiB),
 * and where is its first byte that is not valid UTF-8. These cases put the
 * answers to one question after the answer to the other. Then the markup
 * pass over plain text, which jumps from one '<', '&' or CR to the next. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static xc_doc *load(const char *bytes, size_t len, const xc_load_opts *opts)
{
    xc_doc *d = xc_doc_load_mem("a.txt", bytes, len, opts);
    assert_non_null(d);
    return d;
}

static size_t count_code(const xc_doc *d, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < xc_diags_count(d->diags); i++)
        n += !strcmp(xc_diags_get(d->diags, i)->code, code);
    return n;
}

/* An invalid byte first, then the control bytes that make the file binary:
 * they still count. */
static void test_control_bytes_after_an_invalid_byte(void **state)
{
    char buf[200];
    memset(buf, 'x', sizeof buf);
    buf[5] = (char)0xC3; /* a lead byte followed by 'x': invalid */
    /* Valid letters too, so that the file reads as damaged UTF-8 (not as
     * Windows-1252). */
    memcpy(buf + 10, "\xc3\xa9\xc3\xa9\xc3\xa9", 6);
    for (int i = 0; i < 21; i++) buf[20 + i * 8] = '\x02'; /* 21 of 200 */
    xc_doc *d = load(buf, sizeof buf, NULL);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    /* 20 of 200 is not more than one in ten: read, the byte replaced. */
    buf[20] = 'x';
    d = load(buf, sizeof buf, NULL);
    assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
    assert_int_equal(count_code(d, "invalid-utf8"), 1);
    assert_memory_equal(d->utf8 + 5, "\xef\xbf\xbd", 3);
    xc_doc_free(d);
}

/* A NUL in the first 8 KiB after an invalid byte: binary. */
static void test_nul_after_an_invalid_byte(void **state)
{
    char buf[4000];
    memset(buf, 'y', sizeof buf);
    buf[100] = (char)0xFF;
    buf[3999] = '\0';
    xc_doc *d = load(buf, sizeof buf, NULL);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
}

/* UTF-8 text with a byte order mark and a multi-byte letter across every
 * eight-byte boundary: nothing to repair. */
static void test_bom_and_letters_anywhere(void **state)
{
    for (size_t k = 0; k < 9; k++) {
        char buf[64];
        size_t n = 0;
        memcpy(buf, "\xef\xbb\xbf", 3);
        n = 3;
        memset(buf + n, 'a', k);
        n += k;
        memcpy(buf + n, "caf\xc3\xa9 au lait\n", 14);
        n += 14;
        xc_doc *d = load(buf, n, NULL);
        assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
        assert_int_equal(xc_diags_count(d->diags), 0);
        assert_int_equal(d->utf8_len, n - 3);
        assert_memory_equal(d->utf8 + k, "caf\xc3\xa9", 5);
        xc_doc_free(d);
    }
}

/* A file over the size limit is judged by its first bytes only: binary
 * when they are, too large otherwise. */
static void test_too_large(void **state)
{
    xc_load_opts opts = {.max_bytes = 1000};
    char *buf = malloc(20000);
    assert_non_null(buf);
    memset(buf, 'z', 20000);
    buf[15000] = '\0'; /* past the first 8 KiB: does not make it binary */
    xc_doc *d = load(buf, 20000, &opts);
    assert_non_null(xc_doc_reason(d));
    assert_non_null(strstr(xc_doc_reason(d), "larger than"));
    xc_doc_free(d);
    buf[500] = '\0';
    d = load(buf, 20000, &opts);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    free(buf);
}

/* Plain text: every entity, '<' and CR is seen, however many there are and
 * in whatever order they come. */
static void test_plain_text_specials(void **state)
{
    const char *unit = "one &amp; two & three 1 < 2 &lt; 3\r\nfour\rfive &gt; six\n";
    const char *want = "one & two & three 1 < 2 < 3\nfour\nfive > six\n";
    xc_buf src = {0}, exp = {0};
    for (int k = 0; k < 40; k++) {
        xc_buf_adds(&src, unit);
        xc_buf_adds(&exp, want);
    }
    xc_doc *d = load(src.s, src.len, NULL);
    assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
    assert_string_equal(d->text, exp.s);
    xc_doc_free(d);
    xc_buf_free(&src);
    xc_buf_free(&exp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_bytes_after_an_invalid_byte),
        cmocka_unit_test(test_nul_after_an_invalid_byte),
        cmocka_unit_test(test_bom_and_letters_anywhere),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_plain_text_specials),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
