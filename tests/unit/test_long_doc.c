/* A long document held once: the JSON writer that hands its buffer on to a
 * file, the layers a long document shares instead of copying, its matching
 * view dropped once prepared, and a story of one document, which compares no
 * quotes but still finds what one document says two ways. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "extract_fixture.h"
#include "file_fixture.h"

#include <math.h>

/* ------------------------------------------------------------- helpers */

/* n copies of the character c. */
static char *repeat(char c, size_t n)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    memset(s, c, n);
    s[n] = '\0';
    return s;
}

/* A document of at least min bytes: unit repeated. */
static char *repeat_text(const char *unit, size_t min, size_t *len)
{
    size_t u = strlen(unit), n = (min + u - 1) / u;
    char *s = malloc(n * u + 1);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) memcpy(s + i * u, unit, u);
    s[n * u] = '\0';
    *len = n * u;
    return s;
}

/* ------------------------------------------------------ the writer's sink */

/* A short record never fills the buffer: it reaches the file at the end,
 * and the buffer is empty then. */
static void test_sink_short_record(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    xc_buf b = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &b, JSON_COMPACT, 0), XC_OK);
    xc_jw_sink(&w, f);
    xc_jw_object(&w);
    xc_jw_int_member(&w, "a", 1);
    xc_jw_str_member(&w, "b", "x");
    xc_jw_object_end(&w);
    assert_string_equal(b.s, "{\"a\":1,\"b\":\"x\"}"); /* not written yet */
    assert_int_equal(xc_jw_done(&w), XC_OK);
    assert_int_equal(b.len, 0);
    size_t n;
    char *got = file_text(f, &n);
    assert_string_equal(got, "{\"a\":1,\"b\":\"x\"}");
    free(got);
    xc_buf_free(&b);
    fclose(f);
}

/* A member that fills the buffer past XC_JW_SINK_BYTES is handed on when
 * the next member begins; a value jansson refuses after that point still
 * takes its key back out (the member starts in the emptied buffer). */
static void test_sink_long_member_then_refused(void **state)
{
    (void)state;
    size_t big = XC_JW_SINK_BYTES + 10;
    char *a = repeat('a', big);
    FILE *f = tmpfile();
    assert_non_null(f);
    xc_buf b = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &b, JSON_COMPACT, 0), XC_OK);
    xc_jw_sink(&w, f);
    xc_jw_object(&w);
    xc_jw_str_member(&w, "s", a);
    assert_true(b.len > XC_JW_SINK_BYTES); /* held until a member begins */
    xc_jw_key(&w, "bad");
    assert_int_equal(b.len, strlen(",\"bad\":")); /* handed on, then the key */
    assert_false(xc_jw_str(&w, "\xff"));          /* not UTF-8: left out */
    xc_jw_int_member(&w, "c", 2);
    xc_jw_object_end(&w);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    size_t n;
    char *got = file_text(f, &n);
    /* {"s":"aaa...","c":2} */
    assert_int_equal(n, strlen("{\"s\":\"") + big + strlen("\",\"c\":2}"));
    assert_memory_equal(got, "{\"s\":\"", 6);
    for (size_t i = 0; i < big; i++)
        if (got[6 + i] != 'a') fail_msg("byte %zu of the string is '%c'", i, got[6 + i]);
    assert_string_equal(got + 6 + big, "\",\"c\":2}");
    free(got);
    free(a);
    xc_buf_free(&b);
    fclose(f);
}

/* Many members, indented and nested: the file receives exactly the text
 * the buffer alone holds. */
static void write_items(xc_jw *w, size_t n)
{
    xc_jw_object(w);
    xc_jw_key(w, "items");
    xc_jw_array(w);
    for (size_t i = 0; i < n; i++) {
        xc_jw_object(w);
        xc_jw_int_member(w, "i", (json_int_t)i);
        xc_jw_str_member(w, "text", i % 7 ? "caf\xc3\xa9 \"quoted\"" : "\xfe");
        xc_jw_key(w, "value");
        xc_jw_real(w, (double)i / 8);
        xc_jw_object_end(w);
    }
    xc_jw_array_end(w);
    xc_jw_object_end(w);
}

static void test_sink_same_bytes(void **state)
{
    (void)state;
    size_t flags = JSON_INDENT(2) | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER;
    xc_buf whole = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &whole, flags, 1), XC_OK);
    write_items(&w, 20000);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    assert_true(whole.len > 8 * XC_JW_SINK_BYTES);

    FILE *f = tmpfile();
    assert_non_null(f);
    xc_buf part = {0};
    assert_int_equal(xc_jw_init(&w, &part, flags, 1), XC_OK);
    xc_jw_sink(&w, f);
    write_items(&w, 20000);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    assert_true(part.cap < 2 * XC_JW_SINK_BYTES + 4096); /* one buffer's worth, never more */
    size_t n;
    char *got = file_text(f, &n);
    assert_int_equal(n, whole.len);
    assert_memory_equal(got, whole.s, n);
    free(got);
    xc_buf_free(&whole);
    xc_buf_free(&part);
    fclose(f);
}

/* A sink that cannot be written is an error, not a short record. */
static void test_sink_write_error(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/null", "r");
    assert_non_null(f);
    char *a = repeat('a', XC_JW_SINK_BYTES);
    xc_buf b = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &b, JSON_COMPACT, 0), XC_OK);
    xc_jw_sink(&w, f);
    xc_jw_array(&w);
    xc_jw_str(&w, a);
    xc_jw_str(&w, a); /* its lead hands the first on: the write fails */
    xc_jw_array_end(&w);
    assert_int_equal(xc_jw_done(&w), XC_ERR_IO);
    free(a);
    xc_buf_free(&b);
    fclose(f);
}

/* ------------------------------------------------------- shared layers */

#define LONG_TEXT ((size_t)1 << 16)

/* Plain ASCII text, long: one copy serves raw, utf8, text and fold. */
static void test_long_ascii_one_copy(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat_text("A total of 1,000 runners took part.\n\n", LONG_TEXT, &len);
    xc_doc *d = load_ok("a.txt", s, len);
    assert_ptr_equal(d->utf8, d->raw);
    assert_ptr_equal(d->text, d->utf8);
    assert_ptr_equal(d->fold, d->text);
    assert_int_equal(d->fold_len, len);
    /* positions still count lines: the third paragraph starts line 5 */
    unsigned line, col;
    xc_doc_position(d, 2 * strlen("A total of 1,000 runners took part.\n\n") + 2, &line, &col);
    assert_int_equal(line, 5);
    assert_int_equal(col, 3);
    xc_doc_free(d);
    free(s);
}

/* Curly quotes are folded: text is still utf8 itself, fold a copy of its own. */
static void test_long_curly_quotes_fold_copied(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat_text("\xe2\x80\x9cWe ran,\xe2\x80\x9d she said.\n\n", LONG_TEXT, &len);
    xc_doc *d = load_ok("q.txt", s, len);
    assert_ptr_equal(d->text, d->utf8);
    assert_ptr_not_equal(d->fold, d->text);
    const char *folded = "\"We ran,\" she said.\n\n";
    size_t fl = strlen(folded), unit = strlen("\xe2\x80\x9cWe ran,\xe2\x80\x9d she said.\n\n");
    assert_memory_equal(d->fold, folded, fl);
    assert_memory_equal(d->fold + fl, folded, fl);
    assert_int_equal(d->fold_len, len / unit * fl);
    /* "We" of the second quote: fold fl + 1, raw after the 3-byte quote mark */
    xc_span sp = xc_doc_span(d, fl + 1, fl + 3);
    assert_int_equal(sp.start, unit + 3);
    assert_int_equal(sp.end, unit + 5);
    xc_doc_free(d);
    free(s);
}

/* A short document shares its layers as a long one does; HTML's text is
 * not its bytes, and a CR LF line ending makes text a copy. */
static void test_short_shares_markup_copies(void **state)
{
    (void)state;
    const char *t = "A total of 1,000 runners took part.\n";
    xc_doc *d = load_ok("short.txt", t, strlen(t));
    assert_ptr_equal(d->utf8, d->raw);
    assert_ptr_equal(d->text, d->utf8);
    assert_ptr_equal(d->fold, d->text);
    assert_string_equal(d->fold, t);
    xc_doc_free(d);

    const char *crlf = "A total of 1,000 runners took part.\r\nThey ran.\r\n";
    d = load_ok("crlf.txt", crlf, strlen(crlf));
    assert_ptr_not_equal(d->text, d->utf8);
    assert_string_equal(d->text, "A total of 1,000 runners took part.\nThey ran.\n");
    assert_ptr_equal(d->fold, d->text); /* ASCII: its own fold */
    xc_doc_free(d);

    size_t len;
    char *s = repeat_text("<p>A total of <b>1,000</b> runners took part.</p>\n", LONG_TEXT, &len);
    d = load_ok("page.html", s, len);
    assert_ptr_not_equal(d->text, d->utf8);
    assert_true(d->text_len < d->utf8_len);
    assert_null(strchr(d->text, '<'));
    xc_doc_free(d);
    free(s);
}

/* An invalid byte: utf8 is a repaired copy, and the file's bytes go once
 * decoded; their length, offsets and positions stay. */
static void test_invalid_utf8_raw_freed(void **state)
{
    (void)state;
    size_t len;
    /* UTF-8 (the e acute) with a byte that is not: not read as Latin-1 */
    char *s = repeat_text("Caf\xc3\xa9\xff ran.\n", LONG_TEXT, &len);
    xc_doc *d = load_ok("bad.txt", s, len);
    assert_null(d->raw);
    assert_int_equal(d->raw_len, len);
    assert_non_null(d->utf8);
    assert_memory_equal(d->utf8, "Caf\xc3\xa9\xef\xbf\xbd ran.\n", 14);
    /* "ran" of line 2 is raw byte 12 + 7 = 19, code point 7 of its line */
    unsigned line, col;
    xc_doc_position(d, 12 + 7, &line, &col);
    assert_int_equal(line, 2);
    assert_int_equal(col, 7);
    xc_doc_free(d);
    free(s);
}

/* Dropping the matching view keeps every conversion from fold offsets. */
static void test_drop_fold_keeps_spans(void **state)
{
    (void)state;
    size_t len;
    char *s = repeat_text("\xe2\x80\x9cWe ran,\xe2\x80\x9d she said \xe2\x80\x94 twice.\n\n",
                          LONG_TEXT, &len);
    xc_doc *d = load_ok("q.txt", s, len);
    size_t probe[] = {0, 1, 9, 20, 1000, d->fold_len / 2, d->fold_len};
    xc_span before[7];
    size_t ts[7], te[7];
    for (size_t i = 0; i < 7; i++) {
        size_t e = probe[i] + 5 < d->fold_len ? probe[i] + 5 : d->fold_len;
        before[i] = xc_doc_span(d, probe[i], e);
        xc_doc_text_range(d, probe[i], e, &ts[i], &te[i]);
    }
    size_t fold_len = d->fold_len;
    xc_doc_drop_fold(d);
    assert_null(d->fold);
    assert_int_equal(d->fold_len, fold_len);
    for (size_t i = 0; i < 7; i++) {
        size_t e = probe[i] + 5 < d->fold_len ? probe[i] + 5 : d->fold_len, a, b;
        xc_span sp = xc_doc_span(d, probe[i], e);
        assert_int_equal(sp.start, before[i].start);
        assert_int_equal(sp.end, before[i].end);
        xc_doc_text_range(d, probe[i], e, &a, &b);
        assert_int_equal(a, ts[i]);
        assert_int_equal(b, te[i]);
    }
    xc_doc_free(d);

    free(s);

    /* fold shared with text: dropping it leaves text alone */
    s = repeat_text("We ran twice.\n\n", LONG_TEXT, &len);
    d = load_ok("a.txt", s, len);
    assert_ptr_equal(d->fold, d->text);
    xc_doc_drop_fold(d);
    assert_null(d->fold);
    assert_memory_equal(d->text, "We ran twice.\n\n", 15);
    xc_doc_free(d);
    free(s);
}

/* Extraction on shared layers finds what it finds on copies: each paragraph
 * of the long text gives its figure, at its own bytes. */
static void test_extract_on_shared_layers(void **state)
{
    (void)state;
    const char *unit = "A total of 1,000 runners took part in the race.\n\n";
    size_t len;
    char *s = repeat_text(unit, LONG_TEXT, &len);
    size_t units = len / strlen(unit);
    xc_doc *d = load_ok("a.txt", s, len);
    assert_ptr_equal(d->fold, d->raw);
    assert_int_equal(xc_extract(d, rules, worker), XC_OK);
    assert_int_equal(d->figures.n, units);
    size_t k = units - 1;
    assert_int_equal(d->figures.v[k].span.start, k * strlen(unit) + 11);
    assert_int_equal(d->figures.v[k].span.end, k * strlen(unit) + 24);
    assert_true(fabs(d->figures.v[k].value - 1000) < 1e-9);
    xc_doc_free(d);
    free(s);
}

/* --------------------------------------------------- a story of one document */

static size_t count_kind(const xc_story *st, const char *kind)
{
    const xc_finding *f;
    size_t n = xc_story_findings(st, &f), k = 0;
    for (size_t i = 0; i < n; i++) k += !strcmp(f[i].kind, kind);
    return k;
}

static xc_doc *extracted(const char *name, const char *text)
{
    xc_doc *d = load_ok(name, text, strlen(text));
    assert_int_equal(xc_extract(d, rules, worker), XC_OK);
    return d;
}

/* One document that gives two runner counts conflicts with itself, however
 * it was prepared; its quotes are compared with nothing. */
static void test_one_document_story(void **state)
{
    (void)state;
    const char *text = "A total of 1,000 runners took part, reported CNN.\n\n"
                       "\"We ran the whole way,\" said Jen Loong.\n\n"
                       "She posted a photo with 800 runners in it.\n";
    for (int how = 0; how < 3; how++) {
        xc_doc *d = extracted("a.txt", text);
        assert_true(d->quotes.n >= 1);
        xc_story *st = xc_story_new("one");
        assert_non_null(st);
        xc_claims_prep *p = how == 0   ? NULL
                            : how == 1 ? xc_claims_prepare_alone(d, rules)
                                       : xc_claims_prepare(d, rules);
        assert_true(how == 0 || p != NULL);
        assert_int_equal(xc_story_add_prepared(st, d, false, p), XC_OK);
        assert_int_equal(xc_story_reconcile(st, rules, NULL), XC_OK);
        assert_int_equal(count_kind(st, "figure-conflict"), 1);
        assert_int_equal(count_kind(st, "quote-altered"), 0);
        xc_story_free(st);
        xc_doc_free(d);
    }
}

/* A document prepared alone that ends up beside another is prepared again:
 * its quote is compared with the other's. */
static void test_prepared_alone_then_joined(void **state)
{
    (void)state;
    xc_doc *a = extracted("a.txt", "\"People think it is all soldiers and statues and they forget "
                                   "that ordinary people live here,\" said Jen Loong.\n");
    xc_doc *b = extracted("b.txt", "\"People think it is all soldiers and statues, and they "
                                   "forget that people live here,\" said Jen Loong.\n");
    for (int alone = 0; alone < 2; alone++) {
        xc_story *st = xc_story_new("two");
        assert_non_null(st);
        xc_claims_prep *pa =
            alone ? xc_claims_prepare_alone(a, rules) : xc_claims_prepare(a, rules);
        assert_non_null(pa);
        assert_int_equal(xc_story_add_prepared(st, a, false, pa), XC_OK);
        assert_int_equal(xc_story_add_prepared(st, b, false, NULL), XC_OK);
        assert_int_equal(xc_story_reconcile(st, rules, NULL), XC_OK);
        assert_int_equal(count_kind(st, "quote-altered"), 1);
        xc_story_free(st);
    }
    xc_doc_free(a);
    xc_doc_free(b);
}

/* The document's JSON Lines record. */
static char *record_of(const xc_doc *d)
{
    xc_buf b = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &b, JSON_COMPACT | JSON_PRESERVE_ORDER, 0), XC_OK);
    xc_doc_record_write(&w, d);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    return b.s;
}

/* A document held for its story gives back the room its vectors reserved
 * and did not fill, and keeps every claim: its record is the same, and it
 * is reconciled as before. */
static void test_fit_keeps_claims(void **state)
{
    (void)state;
    /* 100 figures, one a sentence: their vectors grew past 100 (asserted below) */
    const char *unit = "A total of 1,000 runners took part in the race.\n\n";
    size_t len;
    char *s = repeat_text(unit, 100 * strlen(unit), &len);
    xc_doc *a = load_ok("a.txt", s, len);
    assert_int_equal(xc_extract(a, rules, worker), XC_OK);
    assert_int_equal(a->figures.n, 100);
    assert_true(a->figures.cap > 100);
    char *before = record_of(a);
    /* prepared first, as the command does: the preparation reads the
     * document's claims again when the story is reconciled */
    xc_claims_prep *pa = xc_claims_prepare(a, rules);
    assert_non_null(pa);
    xc_doc_fit(a);
    assert_int_equal(a->figures.cap, 100);
    assert_int_equal(a->figure_fold.cap, 100);
    assert_int_equal(a->sents.n, 100);
    assert_true((a->sents.cap - a->sents.n) * sizeof *a->sents.v < XC_VEC_FIT_MIN);
    char *after = record_of(a);
    assert_string_equal(after, before);
    free(before);
    free(after);
    assert_int_equal(a->figures.v[99].span.start, 99 * strlen(unit) + 11);

    xc_doc *b = extracted("b.txt", "Some 800 runners took part in the race, said Jen Loong.\n");
    xc_claims_prep *pb = xc_claims_prepare(b, rules);
    assert_non_null(pb);
    xc_doc_fit(b);
    xc_story *st = xc_story_new("two");
    assert_non_null(st);
    assert_int_equal(xc_story_add_prepared(st, a, false, pa), XC_OK);
    assert_int_equal(xc_story_add_prepared(st, b, false, pb), XC_OK);
    assert_int_equal(xc_story_reconcile(st, rules, NULL), XC_OK);
    assert_int_equal(count_kind(st, "figure-conflict"), 1);
    xc_story_free(st);
    xc_doc_free(a);
    xc_doc_free(b);
    free(s);
}

/* A story that is done gives each document's preparation back (taken once,
 * in the order the documents were added; none for a document added without
 * one, nor past the last): the story no longer frees it (ASan and valgrind
 * would see it freed twice, or leaked). */
static void test_take_prep(void **state)
{
    (void)state;
    xc_doc *a = extracted("a.txt", "A total of 1,000 runners took part, reported CNN.\n");
    xc_doc *b = extracted("b.txt", "Some 800 runners took part, said Jen Loong.\n");
    xc_story *st = xc_story_new("two");
    assert_non_null(st);
    xc_claims_prep *pa = xc_claims_prepare(a, rules);
    assert_non_null(pa);
    assert_int_equal(xc_story_add_prepared(st, a, false, pa), XC_OK);
    assert_int_equal(xc_story_add_prepared(st, b, false, NULL), XC_OK);
    assert_int_equal(xc_story_reconcile(st, rules, NULL), XC_OK);
    assert_int_equal(count_kind(st, "figure-conflict"), 1);
    assert_ptr_equal(xc_story_take_prep(st, 0), pa); /* the one it was given */
    assert_null(xc_story_take_prep(st, 0));          /* taken already */
    xc_claims_prep *pb = xc_story_take_prep(st, 1);  /* made when reconciled */
    assert_non_null(pb);
    assert_ptr_not_equal(pb, pa);
    assert_null(xc_story_take_prep(st, 2));
    xc_story_free(st);
    xc_claims_prep_free(pa);
    xc_claims_prep_free(pb);
    xc_doc_free(a);
    xc_doc_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sink_short_record),
        cmocka_unit_test(test_take_prep),
        cmocka_unit_test(test_sink_long_member_then_refused),
        cmocka_unit_test(test_sink_same_bytes),
        cmocka_unit_test(test_sink_write_error),
        cmocka_unit_test(test_long_ascii_one_copy),
        cmocka_unit_test(test_long_curly_quotes_fold_copied),
        cmocka_unit_test(test_short_shares_markup_copies),
        cmocka_unit_test(test_invalid_utf8_raw_freed),
        cmocka_unit_test(test_drop_fold_keeps_spans),
        cmocka_unit_test(test_extract_on_shared_layers),
        cmocka_unit_test(test_one_document_story),
        cmocka_unit_test(test_prepared_alone_then_joined),
        cmocka_unit_test(test_fit_keeps_claims),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
