/* The rule set and worker the extractor tests share: cmocka group setup
 * loads the project's rules/ (a test run fails when they do not load). */
#ifndef XC_EXTRACT_FIXTURE_H
#define XC_EXTRACT_FIXTURE_H

#include "internal.h"

#include <stdio.h>

#include "load_fixture.h"

static xc_rules *rules;
static xc_worker *worker;

static int setup(void **state)
{
    xc_diags *d = xc_diags_new();
    rules = xc_rules_load(XC_SOURCE_DIR "/rules", d);
    if (!rules) xc_diags_print(d, stderr);
    xc_diags_free(d);
    worker = xc_worker_new();
    return rules && worker ? 0 : -1;
}

static int teardown(void **state)
{
    xc_rules_free(rules);
    xc_worker_free(worker);
    return 0;
}

/* text extracted with rule set rs, the document dated `date` (ISO, or NULL
 * for none). */
static inline xc_doc *extract_dated(const xc_rules *rs, const char *text, const char *date)
{
    xc_doc *d = xc_doc_load_mem("t.txt", text, strlen(text), NULL);
    assert_non_null(d);
    d->date = date ? xc_arena_strdup(&d->arena, date) : NULL;
    assert_int_equal(xc_extract(d, rs, worker), XC_OK);
    return d;
}

/* The figure of d whose number (with unit) is written `num`, or NULL. */
static inline const xc_figure *figure_written(const xc_doc *d, const char *num)
{
    for (size_t i = 0; i < d->figures.n; i++)
        if (!strcmp(d->figures.v[i].number_text, num)) return &d->figures.v[i];
    return NULL;
}

/* The figure written num in text, extracted with rs (the document dated
 * 2014-04-20), is cited to `cited` (NULL: nobody). */
static inline void check_cited(const xc_rules *rs, const char *text, const char *num,
                               const char *cited)
{
    xc_doc *d = extract_dated(rs, text, "2014-04-20");
    const xc_figure *f = figure_written(d, num);
    if (!f) fail_msg("no figure '%s' in '%s'", num, text);
    if ((cited == NULL) != (f->cited == NULL) || (cited && strcmp(cited, f->cited)))
        fail_msg("'%s': '%s' cites %s, expected %s", text, num, f->cited ? f->cited : "NULL",
                 cited ? cited : "NULL");
    xc_doc_free(d);
}

/* text must hold exactly one date, written `written`, with value `value`. */
static inline void check_one_date(const xc_rules *rs, const char *text, const char *date,
                                  const char *written, const char *value, bool relative)
{
    xc_doc *d = extract_dated(rs, text, date);
    if (d->dates.n != 1) fail_msg("'%s': %zu dates", text, d->dates.n);
    const xc_date *x = &d->dates.v[0];
    if (strcmp(x->text, written) || strcmp(x->value, value) || x->relative != relative)
        fail_msg("'%s': got '%s' = %s (relative %d), expected '%s' = %s (relative %d)", text,
                 x->text, x->value, x->relative, written, value, relative);
    xc_doc_free(d);
}

/* text, dated date, gives no date. */
static inline void check_no_date(const xc_rules *rs, const char *text, const char *date)
{
    xc_doc *d = extract_dated(rs, text, date);
    if (d->dates.n) fail_msg("'%s' gave date '%s'", text, d->dates.v[0].text);
    xc_doc_free(d);
}

/* text, extracted with rs, holds one quote, `quote`, whose cue is `cue` and
 * whose speaker as written is `speaker`; cue NULL: the quote has no cue (its
 * speaker, if any, is then the sentence's subject, and is not checked). */
static inline void check_one_quote(const xc_rules *rs, const char *text, const char *quote,
                                   const char *speaker, const char *cue)
{
    xc_doc *d = extract_dated(rs, text, NULL);
    if (d->quotes.n != 1) fail_msg("'%s': %zu quotes", text, d->quotes.n);
    const xc_quote *q = &d->quotes.v[0];
    assert_string_equal(q->text, quote);
    if (cue) {
        if (!q->speaker_text) fail_msg("'%s': no speaker", text);
        assert_string_equal(q->speaker_text, speaker);
        if (!q->cue) fail_msg("'%s': no cue", text);
        assert_string_equal(q->cue, cue);
    } else if (q->cue) {
        fail_msg("'%s': cue '%s'", text, q->cue);
    }
    xc_doc_free(d);
}

/* One of the record's arrays ("people", "quotes", "dates", "figures") as
 * the record writer writes it, read back with jansson (new reference). */
static inline json_t *record_array(const xc_doc *doc, const char *key)
{
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, JSON_COMPACT | JSON_PRESERVE_ORDER, 0);
    xc_doc_record_write(&w, doc);
    json_t *rec = xc_jw_done(&w) ? NULL : json_loadb(b.s, b.len, 0, NULL);
    xc_buf_free(&b);
    json_t *a = json_incref(json_object_get(rec, key));
    json_decref(rec);
    return a;
}

#endif
