/* The streaming JSON writer: jansson's layouts, written piece by piece. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <math.h>

/* A writer on a fresh buffer; `done` checks its status and the text. */
typedef struct {
    xc_buf b;
    xc_jw w;
} out;

static void start(out *o, size_t flags, int depth)
{
    memset(o, 0, sizeof *o);
    assert_int_equal(xc_jw_init(&o->w, &o->b, flags, depth), XC_OK);
}

static void done(out *o, const char *want)
{
    assert_int_equal(xc_jw_done(&o->w), XC_OK);
    assert_non_null(o->b.s);
    assert_string_equal(o->b.s, want);
    assert_int_equal(o->b.len, strlen(want));
    xc_buf_free(&o->b);
}

/* {"a":1,"b":[true,false,null],"c":{"d":"x"},"e":[],"f":{}} */
static void nested(xc_jw *w)
{
    xc_jw_object(w);
    xc_jw_key(w, "a");
    xc_jw_int(w, 1);
    xc_jw_key(w, "b");
    xc_jw_array(w);
    xc_jw_bool(w, true);
    xc_jw_bool(w, false);
    xc_jw_null(w);
    xc_jw_array_end(w);
    xc_jw_key(w, "c");
    xc_jw_object(w);
    xc_jw_key(w, "d");
    xc_jw_str(w, "x");
    xc_jw_object_end(w);
    xc_jw_key(w, "e");
    xc_jw_array(w);
    xc_jw_array_end(w);
    xc_jw_key(w, "f");
    xc_jw_object(w);
    xc_jw_object_end(w);
    xc_jw_object_end(w);
}

static void test_compact(void **state)
{
    out o;
    start(&o, JSON_COMPACT, 0);
    nested(&o.w);
    done(&o, "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"x\"},\"e\":[],\"f\":{}}");
}

/* Neither compact nor indented: a space after each comma and colon. */
static void test_default_separators(void **state)
{
    out o;
    start(&o, 0, 0);
    nested(&o.w);
    done(&o, "{\"a\": 1, \"b\": [true, false, null], \"c\": {\"d\": \"x\"}, \"e\": [], \"f\": {}}");
}

static void test_indented(void **state)
{
    out o;
    start(&o, JSON_INDENT(2), 0);
    nested(&o.w);
    done(&o, "{\n"
             "  \"a\": 1,\n"
             "  \"b\": [\n"
             "    true,\n"
             "    false,\n"
             "    null\n"
             "  ],\n"
             "  \"c\": {\n"
             "    \"d\": \"x\"\n"
             "  },\n"
             "  \"e\": [],\n"
             "  \"f\": {}\n"
             "}");
}

/* At depth 2 every line break is followed by four more spaces; the first
 * brace is where the caller put it. */
static void test_indented_at_depth(void **state)
{
    out o;
    start(&o, JSON_INDENT(2), 2);
    nested(&o.w);
    done(&o, "{\n"
             "      \"a\": 1,\n"
             "      \"b\": [\n"
             "        true,\n"
             "        false,\n"
             "        null\n"
             "      ],\n"
             "      \"c\": {\n"
             "        \"d\": \"x\"\n"
             "      },\n"
             "      \"e\": [],\n"
             "      \"f\": {}\n"
             "    }");
    start(&o, JSON_INDENT(3), 1);
    xc_jw_array(&o.w);
    xc_jw_int(&o.w, 1);
    xc_jw_int(&o.w, 2);
    xc_jw_array_end(&o.w);
    done(&o, "[\n      1,\n      2\n   ]");
}

static void test_empty_top_level(void **state)
{
    out o;
    start(&o, JSON_INDENT(2), 3);
    xc_jw_object(&o.w);
    xc_jw_object_end(&o.w);
    done(&o, "{}");
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_array_end(&o.w);
    done(&o, "[]");
}

/* Quote, backslash, newline, a control character, non-ASCII in the BMP and
 * beyond it, as jansson escapes them. */
#define TRICKY "q\"b\\s\nc\x01 caf\xC3\xA9 \xF0\x9F\x98\x80/"

static void test_escaping(void **state)
{
    out o;
    start(&o, JSON_COMPACT, 0);
    assert_true(xc_jw_str(&o.w, TRICKY));
    done(&o, "\"q\\\"b\\\\s\\nc\\u0001 caf\xC3\xA9 \xF0\x9F\x98\x80/\"");
    start(&o, JSON_COMPACT | JSON_ENSURE_ASCII, 0);
    assert_true(xc_jw_str(&o.w, TRICKY));
    done(&o, "\"q\\\"b\\\\s\\nc\\u0001 caf\\u00E9 \\uD83D\\uDE00/\"");
    start(&o, JSON_COMPACT | JSON_ESCAPE_SLASH, 0);
    xc_jw_str(&o.w, "a/b\t");
    done(&o, "\"a\\/b\\t\"");
    /* with a length: the bytes given, a NUL included */
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_strn(&o.w, "abc", 2);
    xc_jw_strn(&o.w, "a\0b", 3);
    xc_jw_str(&o.w, NULL);
    xc_jw_str(&o.w, "");
    xc_jw_array_end(&o.w);
    done(&o, "[\"ab\",\"a\\u0000b\",null,\"\"]");
    /* plain ASCII is written as it is; a slash only when slashes stay */
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_str(&o.w, "a/b ~");
    xc_jw_str(&o.w, "del\x7f");
    xc_jw_array_end(&o.w);
    done(&o, "[\"a/b ~\",\"del\x7f\"]");
    start(&o, JSON_COMPACT | JSON_ESCAPE_SLASH, 0);
    xc_jw_str(&o.w, "a/b");
    done(&o, "\"a\\/b\"");
}

static void test_numbers(void **state)
{
    out o;
    start(&o, JSON_COMPACT | JSON_REAL_PRECISION(15), 0);
    xc_jw_array(&o.w);
    xc_jw_real(&o.w, 26.2);
    xc_jw_real(&o.w, 1.0);
    xc_jw_real(&o.w, -0.5);
    xc_jw_real(&o.w, 1e300);
    xc_jw_real(&o.w, 1e-7);
    xc_jw_real(&o.w, NAN);
    xc_jw_real(&o.w, INFINITY);
    xc_jw_int(&o.w, 0);
    xc_jw_int(&o.w, -42);
    xc_jw_int(&o.w, INT64_MAX);
    xc_jw_int(&o.w, INT64_MIN);
    xc_jw_array_end(&o.w);
    /* jansson writes exponents without '+' and leading zeros */
    done(&o, "[26.2,1.0,-0.5,1e300,1e-7,null,null,0,-42,9223372036854775807,"
             "-9223372036854775808]");
    /* jansson's default precision is 17 significant digits */
    start(&o, JSON_COMPACT, 0);
    xc_jw_real(&o.w, 26.2);
    done(&o, "26.199999999999999");
}

/* A string that is not UTF-8 is left out with its key and separator, as
 * jansson leaves out a member whose value it refused. */
static void test_invalid_utf8_left_out(void **state)
{
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_key(&o.w, "a");
    xc_jw_int(&o.w, 1);
    xc_jw_key(&o.w, "b");
    assert_false(xc_jw_str(&o.w, "x\xFFy"));
    xc_jw_key(&o.w, "c");
    xc_jw_int(&o.w, 2);
    xc_jw_object_end(&o.w);
    done(&o, "{\"a\":1,\"c\":2}");

    start(&o, JSON_INDENT(2), 0);
    xc_jw_object(&o.w);
    xc_jw_key(&o.w, "b");
    assert_false(xc_jw_str(&o.w, "\xC3"));
    xc_jw_key(&o.w, "c");
    xc_jw_array(&o.w);
    assert_false(xc_jw_str(&o.w, "\xED\xA0\x80")); /* a surrogate */
    xc_jw_str(&o.w, "ok");
    xc_jw_array_end(&o.w);
    xc_jw_key(&o.w, "d");
    xc_jw_str(&o.w, "\xFE");
    xc_jw_object_end(&o.w);
    done(&o, "{\n  \"c\": [\n    \"ok\"\n  ]\n}");

    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_key(&o.w, "only");
    xc_jw_str(&o.w, "\x80");
    xc_jw_object_end(&o.w);
    done(&o, "{}");
}

/* A string longer than the room the writer reserves first. */
static void test_long_string(void **state)
{
    enum { N = 100000 };
    char *s = malloc(N + 1);
    assert_non_null(s);
    memset(s, '"', N);
    s[N] = '\0';
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_str(&o.w, s);
    xc_jw_array_end(&o.w);
    assert_int_equal(xc_jw_done(&o.w), XC_OK);
    assert_int_equal(o.b.len, 2 * N + 4);
    assert_memory_equal(o.b.s, "[\"\\\"\\\"", 6);
    assert_memory_equal(o.b.s + o.b.len - 6, "\\\"\\\"\"]", 6);
    xc_buf_free(&o.b);
    free(s);
}

/* Appending after what the buffer holds; one writer on two buffers;
 * jansson's own scalars. */
static void test_append_and_target(void **state)
{
    xc_buf a = {0}, b = {0};
    xc_buf_adds(&a, "x = ");
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &a, JSON_COMPACT, 0), XC_OK);
    xc_jw_object(&w);
    xc_jw_key(&w, "s");
    json_t *s = json_string("\xC3\xA9");
    xc_jw_json(&w, s);
    xc_jw_object_end(&w);
    xc_jw_target(&w, &b, 0);
    xc_jw_array(&w);
    json_t *i = json_integer(7);
    xc_jw_json(&w, i);
    xc_jw_json(&w, json_null());
    xc_jw_array_end(&w);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    assert_string_equal(a.s, "x = {\"s\":\"\xC3\xA9\"}");
    assert_string_equal(b.s, "[7,null]");
    json_decref(s);
    json_decref(i);
    xc_buf_free(&a);
    xc_buf_free(&b);
}

/* Misuse is reported, not written: a value without its key, a key in an
 * array, the wrong closer, containers left open, nesting too deep. */
static void test_misuse(void **state)
{
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, JSON_COMPACT, 0);
    xc_jw_object(&w);
    xc_jw_int(&w, 1);
    assert_int_equal(xc_jw_done(&w), XC_ERR_USAGE);

    b.len = 0;
    xc_jw_init(&w, &b, JSON_COMPACT, 0);
    xc_jw_array(&w);
    xc_jw_key(&w, "k");
    assert_int_equal(xc_jw_done(&w), XC_ERR_USAGE);

    b.len = 0;
    xc_jw_init(&w, &b, JSON_COMPACT, 0);
    xc_jw_array(&w);
    xc_jw_object_end(&w);
    assert_int_equal(xc_jw_done(&w), XC_ERR_USAGE);

    b.len = 0;
    xc_jw_init(&w, &b, JSON_COMPACT, 0);
    xc_jw_object(&w);
    xc_jw_key(&w, "k");
    assert_int_equal(xc_jw_done(&w), XC_ERR_USAGE);

    b.len = 0;
    xc_jw_init(&w, &b, JSON_COMPACT, 0);
    for (int d = 0; d < XC_JW_MAX_DEPTH + 1; d++) xc_jw_array(&w);
    assert_int_equal(xc_jw_done(&w), XC_ERR_USAGE);
    xc_buf_free(&b);
}

/* The same values built as a jansson tree and dumped by jansson give the
 * same bytes, for each layout the reports use. */
static void test_same_as_jansson(void **state)
{
    static const size_t layouts[] = {
        JSON_COMPACT | JSON_PRESERVE_ORDER,
        JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER,
        JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15),
        JSON_PRESERVE_ORDER,
    };
    for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++) {
        json_t *t = json_pack("{s:s, s:[i, f, {}, {s:n, s:b}, []], s:{s:[s]}, s:f}", "text", TRICKY,
                              "list", -3, 0.1, "x", "y", 1, "obj", "k", "v", "z", 1e-7);
        assert_non_null(t);
        char *want = json_dumps(t, layouts[k]);
        json_decref(t);
        out o;
        start(&o, layouts[k], 0);
        xc_jw *w = &o.w;
        xc_jw_object(w);
        xc_jw_key(w, "text");
        xc_jw_str(w, TRICKY);
        xc_jw_key(w, "list");
        xc_jw_array(w);
        xc_jw_int(w, -3);
        xc_jw_real(w, 0.1);
        xc_jw_object(w);
        xc_jw_object_end(w);
        xc_jw_object(w);
        xc_jw_key(w, "x");
        xc_jw_null(w);
        xc_jw_key(w, "y");
        xc_jw_bool(w, true);
        xc_jw_object_end(w);
        xc_jw_array(w);
        xc_jw_array_end(w);
        xc_jw_array_end(w);
        xc_jw_key(w, "obj");
        xc_jw_object(w);
        xc_jw_key(w, "k");
        xc_jw_array(w);
        xc_jw_str(w, "v");
        xc_jw_array_end(w);
        xc_jw_object_end(w);
        xc_jw_key(w, "z");
        xc_jw_real(w, 1e-7);
        xc_jw_object_end(w);
        done(&o, want);
        free(want);
    }
}

/* Every byte at every place of strings of 1 to 19 bytes (where bytes are
 * tested one by one, four at a time with the last four overlapping, or
 * eight at a time with the last eight overlapping) is written as jansson
 * writes that string, in each escaping mode; a string jansson refuses (a
 * lone byte from 0x80 on) is refused. */
static void test_every_byte_as_jansson(void **state)
{
    static const size_t modes[] = {JSON_COMPACT, JSON_COMPACT | JSON_ENSURE_ASCII,
                                   JSON_COMPACT | JSON_ESCAPE_SLASH};
    /* lengths below four (read byte by byte), four to seven (two reads of
     * four), eight, between two blocks and 19 (the last eight read over
     * bytes already tested) */
    static const size_t lengths[] = {1, 3, 4, 5, 7, 8, 9, 15, 16, 19};
    for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
        for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
            for (int byte = 0; byte < 256; byte++)
                for (size_t at = 0; at < lengths[k]; at++) {
                    char s[19];
                    size_t n = lengths[k];
                    memset(s, 'a' + (int)(at % 26), sizeof s);
                    s[at] = (char)byte;
                    json_t *j = json_stringn(s, n);
                    out o;
                    start(&o, modes[m], 0);
                    bool written = xc_jw_strn(&o.w, s, n);
                    if (!j) {
                        assert_false(written);
                        done(&o, "");
                        continue;
                    }
                    char *want = json_dumps(j, modes[m] | JSON_ENCODE_ANY);
                    json_decref(j);
                    assert_true(written);
                    done(&o, want);
                    free(want);
                }
}

/* Integers around every change in their number of digits. */
static void test_integer_digits(void **state)
{
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    static const json_int_t v[] = {0,    7,     9,      10, 42, 99,  100, 101,  999,
                                   1000, 12345, 100000, -1, -9, -10, -99, -100, -1001};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) xc_jw_int(&o.w, v[i]);
    xc_jw_array_end(&o.w);
    done(&o, "[0,7,9,10,42,99,100,101,999,1000,12345,100000,-1,-9,-10,-99,-100,-1001]");
}

/* The writer writes v as jansson's json_dumps does with these flags. */
static void assert_real_as_jansson(double v, size_t flags)
{
    json_t *r = json_real(v);
    char *want = json_dumps(r, flags | JSON_ENCODE_ANY);
    assert_non_null(want);
    out o;
    start(&o, flags, 0);
    xc_jw_real(&o.w, v);
    done(&o, want);
    free(want);
    json_decref(r);
}

/* Whole numbers and halves (most bounds: a count's is its half unit) are
 * written without jansson, and must read exactly as jansson writes them at
 * every precision: all their digits when they fit it, jansson's text when
 * they do not. */
static void test_reals_as_jansson(void **state)
{
    static const double v[] = {0.5,
                               -0.5,
                               1.0,
                               -1.0,
                               2.5,
                               999.5,
                               1000.5,
                               -20000.5,
                               12345.0,
                               123456789.5,
                               1e14,
                               1e14 + 0.5,
                               999999999999999.0,
                               0.25,
                               1e15,
                               1e15 + 1,
                               -0.0,
                               7.0,
                               99.5};
    static const size_t precisions[] = {0, 1, 2, 3, 5, 15, 17};
    for (size_t p = 0; p < sizeof precisions / sizeof *precisions; p++) {
        size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(precisions[p]);
        for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
            assert_real_as_jansson(v[i], flags);
        }
    }
    /* and by hand, at jansson's default precision */
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_real(&o.w, 999.5);
    xc_jw_real(&o.w, -0.5);
    xc_jw_real(&o.w, 3.0);
    xc_jw_array_end(&o.w);
    done(&o, "[999.5,-0.5,3.0]");
}

/* Decimals of a few places ("26.2", "0.05", a bound in another unit) are
 * written without jansson too, and must read exactly as jansson writes
 * them at every precision, as must the numbers near them that are no short
 * decimal (a third, 0.1 + 0.2, a tiny or a huge one). */
static void test_decimals_as_jansson(void **state)
{
    static const double v[] = {
        26.2,         -3.75,         0.05,       0.1,         0.3,
        42164.8128,   42.195,        1.25,       -0.001,      0.0001,
        0.00011,      0.00009,       123.456789, 1234567.125, 98765432.1,
        99999999.99,  0.1 + 0.2,     1.0 / 3,    2.0 / 3,     1e-5,
        123456789.12, 12345678901.5, 1e14 + 0.1, 1e15 - 0.5,  3.14159265358979,
        0.12345678,   0.123456789,   1609.344,   -0.3048,     5e-4};
    static const size_t precisions[] = {0, 1, 2, 3, 5, 10, 15, 16, 17};
    for (size_t p = 0; p < sizeof precisions / sizeof *precisions; p++) {
        size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(precisions[p]);
        for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
            assert_real_as_jansson(v[i], flags);
        }
    }
    /* every decimal of up to four places from -1000 to 1000 on a grid, at
     * the reports' precision */
    size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(15);
    for (long m = -10000000; m <= 10000000; m += 9973) {
        assert_real_as_jansson((double)m / 1e4, flags);
    }
    /* and by hand, at the reports' precision */
    out o;
    start(&o, JSON_COMPACT | JSON_REAL_PRECISION(15), 0);
    xc_jw_array(&o.w);
    xc_jw_real(&o.w, 26.2);
    xc_jw_real(&o.w, 0.05);
    xc_jw_real(&o.w, -3.75);
    xc_jw_real(&o.w, 42164.8128);
    xc_jw_real(&o.w, 0.1 + 0.2);
    xc_jw_real(&o.w, 1e-5);
    xc_jw_array_end(&o.w);
    done(&o, "[26.2,0.05,-3.75,42164.8128,0.3,1e-5]");
}

/* Numbers of every digit count are written without jansson from 1e-3 to
 * 1e15 (the digits of m / 2^s worked out exactly, rounded to nearest with
 * ties to even, as glibc's printf rounds), and must read exactly as jansson
 * writes them at every precision: unit conversions at the default 17 digits
 * ("26.149999999999999"), thirds, the numbers on either side of each, exact
 * ties at the 18th digit, and the edges of the range. */
static void test_digits_as_jansson(void **state)
{
    static const double v[] = {26.15,
                               1.0 / 3,
                               2.0 / 3,
                               0.1 + 0.2,
                               42.195 * 1609.344,
                               26.2 * 1.609344,
                               0.3048 * 7,
                               123456789012345.125,
                               123456789012345.375,
                               12345678901234.0625,
                               999999999999999.9,
                               99999999999999.99,
                               9.9999999999999995,
                               0.00099999999999999,
                               1e-3,
                               1e15,
                               0.0123456789012345678,
                               3.14159265358979312,
                               5e-4};
    static const size_t precisions[] = {0, 1, 2, 5, 10, 15, 16, 17, 20};
    for (size_t p = 0; p < sizeof precisions / sizeof *precisions; p++) {
        size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(precisions[p]);
        for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
            assert_real_as_jansson(v[i], flags);
            assert_real_as_jansson(-v[i], flags);
            assert_real_as_jansson(nextafter(v[i], 0), flags);
            assert_real_as_jansson(nextafter(v[i], 1e300), flags);
        }
    }
    /* numbers of every size in the range, at jansson's default precision */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        double r = ldexp((double)(x >> 11), -53 - (int)(x % 61) + 50); /* 2^-11 to 2^50 */
        assert_real_as_jansson(r, JSON_COMPACT);
        assert_real_as_jansson(r, JSON_COMPACT | JSON_REAL_PRECISION(15));
    }
}

/* A span's six members: written at once in the compact layout, member by
 * member otherwise; the same members either way. */
static void test_span_members(void **state)
{
    xc_doc *d = xc_doc_load_mem("t.txt", "Hello\nWorld", 11, NULL);
    assert_non_null(d);
    xc_span sp = {6, 11};
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_span(&o.w, d, sp);
    xc_jw_object_end(&o.w);
    done(&o, "{\"start\":6,\"end\":11,\"line\":2,\"column\":1,\"end_line\":2,\"end_column\":6}");
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_int_member(&o.w, "a", 1);
    xc_jw_span(&o.w, d, sp);
    xc_jw_bool_member(&o.w, "b", true);
    xc_jw_object_end(&o.w);
    done(&o, "{\"a\":1,\"start\":6,\"end\":11,\"line\":2,\"column\":1,\"end_line\":2,"
             "\"end_column\":6,\"b\":true}");
    start(&o, 0, 0);
    xc_jw_object(&o.w);
    xc_jw_int_member(&o.w, "a", 1);
    xc_jw_span(&o.w, d, sp);
    xc_jw_object_end(&o.w);
    done(&o, "{\"a\": 1, \"start\": 6, \"end\": 11, \"line\": 2, \"column\": 1, \"end_line\": 2, "
             "\"end_column\": 6}");
    /* indented, inside a record two levels down as the JSON report writes it */
    start(&o, JSON_INDENT(2), 2);
    xc_jw_object(&o.w);
    xc_jw_span(&o.w, d, sp);
    xc_jw_object_end(&o.w);
    done(&o,
         "{\n      \"start\": 6,\n      \"end\": 11,\n      \"line\": 2,\n      \"column\": 1,\n"
         "      \"end_line\": 2,\n      \"end_column\": 6\n    }");
    xc_doc_free(d);
}

/* The members written in one step (xc_jw_*_member): the same bytes as a key
 * and its value written apart, in every layout; a string with something to
 * encode, one that is not UTF-8 (left out with its key), members too deep
 * for one step, and members where none may stand. */
static void test_members_in_one_step(void **state)
{
    out o;
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_str_member(&o.w, "s", "plain text");
    xc_jw_str_member(&o.w, "n", NULL);
    xc_jw_str_member(&o.w, "q", "say \"hi\"\n");
    xc_jw_str_member(&o.w, "bad", "\xff");
    xc_jw_int_member(&o.w, "i", -1234567);
    xc_jw_bool_member(&o.w, "t", true);
    xc_jw_bool_member(&o.w, "f", false);
    xc_jw_object_end(&o.w);
    done(&o, "{\"s\":\"plain text\",\"n\":null,\"q\":\"say \\\"hi\\\"\\n\",\"i\":-1234567,"
             "\"t\":true,\"f\":false}");

    /* the first member left out: the next one is first */
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_str_member(&o.w, "bad", "a\xc3");
    xc_jw_int_member(&o.w, "i", 0);
    xc_jw_object_end(&o.w);
    done(&o, "{\"i\":0}");

    /* each layout, against jansson; 30 levels down, an indentation of three
     * spaces a level is past what one step writes */
    static const size_t layouts[] = {JSON_PRESERVE_ORDER, JSON_INDENT(2) | JSON_PRESERVE_ORDER,
                                     JSON_INDENT(3) | JSON_COMPACT | JSON_PRESERVE_ORDER};
    for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++) {
        for (int deep = 0; deep < 2; deep++) {
            int levels = deep ? 30 : 1;
            json_t *inner = json_pack("{s:s, s:n, s:s, s:i, s:b}", "s", "plain", "n", "q", TRICKY,
                                      "i", 42, "b", 0);
            assert_non_null(inner);
            json_t *t = inner;
            for (int l = 1; l < levels; l++) t = json_pack("{s:o}", "o", t);
            char *want = json_dumps(t, layouts[k]);
            json_decref(t);
            start(&o, layouts[k], 0);
            for (int l = 1; l < levels; l++) {
                xc_jw_object(&o.w);
                xc_jw_key(&o.w, "o");
            }
            xc_jw_object(&o.w);
            xc_jw_str_member(&o.w, "s", "plain");
            xc_jw_str_member(&o.w, "n", NULL);
            xc_jw_str_member(&o.w, "q", TRICKY);
            xc_jw_int_member(&o.w, "i", 42);
            xc_jw_bool_member(&o.w, "b", false);
            for (int l = 0; l < levels; l++) xc_jw_object_end(&o.w);
            done(&o, want);
            free(want);
        }
    }

    /* a member in an array, or after a key waiting for its value */
    start(&o, JSON_COMPACT, 0);
    xc_jw_array(&o.w);
    xc_jw_int_member(&o.w, "i", 1);
    assert_int_equal(xc_jw_done(&o.w), XC_ERR_USAGE);
    xc_buf_free(&o.b);
    start(&o, JSON_COMPACT, 0);
    xc_jw_object(&o.w);
    xc_jw_key(&o.w, "k");
    xc_jw_str_member(&o.w, "s", "x");
    assert_int_equal(xc_jw_done(&o.w), XC_ERR_USAGE);
    xc_buf_free(&o.b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compact),
        cmocka_unit_test(test_default_separators),
        cmocka_unit_test(test_indented),
        cmocka_unit_test(test_indented_at_depth),
        cmocka_unit_test(test_empty_top_level),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_invalid_utf8_left_out),
        cmocka_unit_test(test_long_string),
        cmocka_unit_test(test_append_and_target),
        cmocka_unit_test(test_misuse),
        cmocka_unit_test(test_same_as_jansson),
        cmocka_unit_test(test_reals_as_jansson),
        cmocka_unit_test(test_decimals_as_jansson),
        cmocka_unit_test(test_digits_as_jansson),
        cmocka_unit_test(test_span_members),
        cmocka_unit_test(test_members_in_one_step),
        cmocka_unit_test(test_every_byte_as_jansson),
        cmocka_unit_test(test_integer_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
