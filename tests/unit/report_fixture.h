/* report_fixture.h — hand-made documents, claims and findings for the
 * report tests. Extracted items are pushed into the documents by hand, so
 * the tests do not depend on the extractors. Positions are located in the
 * fold text and converted with the document's own maps; the line index is
 * rebuilt here so line numbers do not depend on the segmenter. */
#ifndef REPORT_FIXTURE_H
#define REPORT_FIXTURE_H

#include "internal.h"

#include <math.h>

#define FX_FN static __attribute__((unused))

/* A claim by kind and index (span and text left for the report to look up). */
#define FX_CLAIM(k, d, i) ((xc_claim){.kind = XC_CLAIM_##k, .doc = (d), .index = (i)})

FX_FN xc_doc *fx_doc(const char *path, const char *text, const char *source)
{
    xc_load_opts opts = {0};
    xc_doc *doc = xc_doc_load_mem(path, text, strlen(text), &opts);
    assert_non_null(doc);
    assert_int_equal(doc->status, XC_DOC_OK);
    doc->lines.n = 0;
    assert_int_equal(xc_vec_push(&doc->lines, 0), 0);
    for (size_t i = 0; i < doc->utf8_len; i++)
        if (doc->utf8[i] == '\n') assert_int_equal(xc_vec_push(&doc->lines, i + 1), 0);
    doc->source = source ? xc_arena_strdup(&doc->arena, source) : NULL;
    return doc;
}

/* A document whose every layer (raw, utf8, text, fold) is exactly text:
 * for text the input stages would change, such as markup in a .txt file
 * that the corpus stage strips, when a test needs it in the text layer. */
FX_FN xc_doc *fx_doc_layers(const char *path, const char *text, const char *source)
{
    xc_doc *doc = fx_doc(path, "x\n", source);
    /* (layers may be one copy: freed as xc_doc_free frees them) */
    if (doc->fold != doc->text) free(doc->fold);
    if (doc->text != doc->utf8) free(doc->text);
    if (doc->utf8 != doc->raw) free(doc->utf8);
    free(doc->raw);
    size_t n = strlen(text);
    doc->raw = strdup(text);
    doc->utf8 = doc->raw;
    doc->text = strdup(text);
    doc->fold = strdup(text);
    assert_non_null(doc->raw);
    assert_non_null(doc->text);
    assert_non_null(doc->fold);
    doc->raw_len = doc->utf8_len = doc->text_len = doc->fold_len = n;
    xc_omap_free(&doc->utf8_map);
    xc_omap_free(&doc->text_map);
    xc_omap_free(&doc->fold_map);
    doc->lines.n = 0;
    assert_int_equal(xc_vec_push(&doc->lines, 0), 0);
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\n') assert_int_equal(xc_vec_push(&doc->lines, i + 1), 0);
    return doc;
}

/* Fold range of the first occurrence of needle. */
FX_FN xc_range fx_find(const xc_doc *doc, const char *needle)
{
    const char *hit = strstr(doc->fold, needle);
    assert_non_null(hit);
    xc_range r = {(size_t)(hit - doc->fold), (size_t)(hit - doc->fold) + strlen(needle)};
    return r;
}

/* A figure without unit conversion; returns its index. */
FX_FN size_t fx_figure(xc_doc *doc, const char *needle, double value, double low, double high,
                       const char *noun, const char *cited)
{
    xc_range r = fx_find(doc, needle);
    xc_figure f = {0};
    f.span = xc_doc_span(doc, r.start, r.end);
    f.text = xc_doc_copy_text(doc, r.start, r.end);
    f.value = value, f.low = low, f.high = high;
    f.noun = noun, f.cited = cited;
    f.quote = -1;
    assert_int_equal(xc_vec_push(&doc->figures, f), 0);
    assert_int_equal(xc_vec_push(&doc->figure_fold, r), 0);
    return doc->figures.n - 1;
}

/* A figure with a unit converted to a base unit. */
FX_FN size_t fx_measure(xc_doc *doc, const char *needle, double value, double low, double high,
                        const char *unit, const char *unit_text, const char *base_unit,
                        double base_low, double base_high)
{
    size_t i = fx_figure(doc, needle, value, low, high, NULL, NULL);
    xc_figure *f = &doc->figures.v[i];
    f->unit = unit, f->unit_text = unit_text, f->dimension = "length";
    f->base_unit = base_unit, f->base_low = base_low, f->base_high = base_high;
    return i;
}

FX_FN size_t fx_quote(xc_doc *doc, const char *needle, const char *speaker)
{
    xc_range r = fx_find(doc, needle);
    xc_quote q = {0};
    q.span = xc_doc_span(doc, r.start, r.end);
    q.text = xc_doc_copy_text(doc, r.start, r.end);
    q.speaker = speaker, q.speaker_text = speaker;
    q.person = -1;
    assert_int_equal(xc_vec_push(&doc->quotes, q), 0);
    assert_int_equal(xc_vec_push(&doc->quote_fold, r), 0);
    return doc->quotes.n - 1;
}

FX_FN size_t fx_date(xc_doc *doc, const char *needle, const char *value)
{
    xc_range r = fx_find(doc, needle);
    xc_date d = {0};
    d.span = xc_doc_span(doc, r.start, r.end);
    d.text = xc_doc_copy_text(doc, r.start, r.end);
    d.value = value;
    assert_int_equal(xc_vec_push(&doc->dates, d), 0);
    assert_int_equal(xc_vec_push(&doc->date_fold, r), 0);
    return doc->dates.n - 1;
}

/* The two outlets of the marathon story and their runner counts. */
typedef struct {
    xc_doc *huff, *rw, *skipped;
    xc_claim claims[2];
    xc_finding conflict;
    const xc_doc *docs[3];
    xc_run run;
} fx_story;

static const char fx_huff_text[] = "Pyongyang marathon\nA total of 1,000 runners took part.\n";
static const char fx_rw_text[] = "Caption\nAt the caf\xc3\xa9, amongst 800 #runners.\n";

FX_FN void fx_story_init(fx_story *s)
{
    memset(s, 0, sizeof *s);
    s->huff = fx_doc("story/huff.txt", fx_huff_text, "HuffPost");
    s->rw = fx_doc("story/rw.txt", fx_rw_text, NULL);
    s->skipped = xc_doc_new_skipped("story/photo.jpg", "not a document (.jpg)");
    assert_non_null(s->skipped);
    size_t a = fx_figure(s->huff, "1,000 runners", 1000, 1000, 1000, "runner", "CNN");
    size_t b = fx_figure(s->rw, "800 #runners", 800, 800, 800, "runner", NULL);
    s->claims[0] = FX_CLAIM(FIGURE, s->huff, a);
    s->claims[1] = FX_CLAIM(FIGURE, s->rw, b);
    s->conflict = (xc_finding){"figure-conflict",
                               XC_ERROR,
                               "participants",
                               "Sources disagree on the number of participants: 1,000 vs 800.",
                               NULL,
                               s->claims,
                               2};
    s->docs[0] = s->huff, s->docs[1] = s->rw, s->docs[2] = s->skipped;
    s->run.command = "crosscheck";
    s->run.docs = s->docs;
    s->run.n_docs = 3;
    s->run.min_severity = XC_INFO;
}

FX_FN void fx_story_free(fx_story *s)
{
    xc_doc_free(s->huff);
    xc_doc_free(s->rw);
    xc_doc_free(s->skipped);
}

/* A report written to memory: a malloc'd NUL-terminated string. */
typedef xc_status (*fx_writer)(FILE *, const xc_run *, const xc_report_finding *, size_t);

FX_FN char *fx_render(fx_writer w, const xc_run *run, const xc_report_finding *f, size_t n)
{
    /* The stream's buffer pointer lives on the heap: with it on the stack, GCC's
     * -Wdangling-pointer takes the returned text for a pointer into this frame. */
    struct memstream {
        char *buf;
        size_t len;
    } *m = calloc(1, sizeof *m);
    assert_non_null(m);
    FILE *out = open_memstream(&m->buf, &m->len);
    assert_non_null(out);
    assert_int_equal(w(out, run, f, n), XC_OK);
    fclose(out);
    char *text = m->buf;
    free(m);
    return text;
}

#endif
