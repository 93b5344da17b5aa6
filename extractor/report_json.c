/* report_json.c — the versioned JSON report ("schema": 1), JSON Lines, and
 * the pieces of a finding that the json, sarif and html reports share.
 *
 * Output is deterministic: documents in input order, extracted items in
 * document then extractor order, findings in story then story order, and
 * every key set written in a fixed or sorted order. Numbers go through
 * jansson, which prints them without the C locale and with 15 significant
 * digits (26.2 stays 26.2). */
#include "internal.h"

#include <math.h>
#include <utf8proc.h>

#define XC_JSON_REPORT_SCHEMA 1
#define XC_JSON_FLAGS         (JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

/* ------------------------------------------------------------ helpers */

json_t *xc_json_str(const char *s)
{
    if (!s) return json_null();
    json_t *j = json_string(s);
    if (j) return j;
    /* Not valid UTF-8: copy it with every bad sequence as U+FFFD. */
    xc_buf b = {0};
    const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
        if (n <= 0) {
            xc_buf_adds(&b, "\xEF\xBF\xBD");
            i++;
        } else {
            xc_buf_add(&b, s + i, (size_t)n);
            i += (size_t)n;
        }
    }
    j = b.s ? json_stringn(b.s, b.len) : json_string("");
    xc_buf_free(&b);
    return j ? j : json_null();
}

static void set(json_t *o, const char *key, json_t *v)
{
    json_object_set_new(o, key, v ? v : json_null());
}

const char *xc_doc_outlet(const xc_doc *doc)
{
    if (!doc) return "";
    const char *src = xc_doc_meta(doc, "source");
    if (src && *src) return src;
    const char *path = xc_doc_path(doc);
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

const char *xc_claim_kind_name(xc_claim_kind kind)
{
    switch (kind) {
    case XC_CLAIM_FIGURE:
        return "figure";
    case XC_CLAIM_DATE:
        return "date";
    case XC_CLAIM_QUOTE:
        return "quote";
    case XC_CLAIM_MENTION:
        return "mention";
    case XC_CLAIM_NAME:
        return "name";
    }
    return "unknown";
}

/* A figure's stated value in its base unit. The conversion is affine
 * (temperatures) or linear, so it is read off the two intervals. */
double xc_figure_base_value(const xc_figure *f)
{
    if (!f->base_unit) return f->value;
    if (isfinite(f->low) && isfinite(f->high) && f->high > f->low && isfinite(f->base_low) &&
        isfinite(f->base_high))
        return f->base_low +
               (f->value - f->low) * (f->base_high - f->base_low) / (f->high - f->low);
    if (isfinite(f->low) && f->low != 0 && isfinite(f->base_low))
        return f->value * (f->base_low / f->low);
    if (isfinite(f->high) && f->high != 0 && isfinite(f->base_high))
        return f->value * (f->base_high / f->high);
    return f->value;
}

/* ------------------------------------------------- findings, streamed */

/* A string member as xc_json_str makes it: null for NULL, and text that is
 * not UTF-8 written with U+FFFD for each bad sequence (the writer refuses
 * it, and takes the member back out first). */
static void text_member(xc_jw *w, const char *key, const char *s)
{
    xc_jw_key(w, key);
    if (!s) {
        xc_jw_null(w);
        return;
    }
    if (xc_jw_str(w, s) || w->err) return;
    json_t *j = xc_json_str(s);
    xc_jw_key(w, key);
    xc_jw_json(w, j);
    json_decref(j);
}

/* A finite number, or null (jansson refuses NaN and infinities). */
static void num_member(xc_jw *w, const char *key, double x)
{
    xc_jw_key(w, key);
    if (isfinite(x))
        xc_jw_real(w, x);
    else
        xc_jw_null(w);
}

/* A claim's object: the members claim_json gives it, in its order. */
static void claim_write(xc_jw *w, const xc_claim *c)
{
    const char *text = NULL, *svalue = NULL, *unit = NULL, *ut = NULL, *cited = NULL;
    double value = 0, low = NAN, high = NAN;
    bool figure = false;
    const xc_doc *d = c->doc;
    if (d) switch (c->kind) {
        case XC_CLAIM_FIGURE: {
            const xc_figure *v;
            if (c->index >= xc_doc_figures(d, &v)) break;
            const xc_figure *f = &v[c->index];
            bool base = f->base_unit != NULL;
            figure = true;
            text = f->text;
            value = xc_figure_base_value(f);
            low = base ? f->base_low : f->low;
            high = base ? f->base_high : f->high;
            unit = base ? f->base_unit : f->unit;
            ut = f->unit_text;
            cited = f->cited;
            break;
        }
        case XC_CLAIM_DATE: {
            const xc_date *v;
            if (c->index >= xc_doc_dates(d, &v)) break;
            text = v[c->index].text;
            svalue = v[c->index].value;
            break;
        }
        case XC_CLAIM_QUOTE: {
            const xc_quote *v;
            if (c->index >= xc_doc_quotes(d, &v)) break;
            text = v[c->index].text;
            cited = v[c->index].speaker ? v[c->index].speaker : v[c->index].speaker_text;
            break;
        }
        case XC_CLAIM_MENTION: {
            const xc_mention *v;
            const xc_person *people;
            if (c->index >= xc_doc_mentions(d, &v)) break;
            size_t np = xc_doc_people(d, &people);
            int pi = v[c->index].person;
            text = v[c->index].text;
            if (pi >= 0 && (size_t)pi < np) svalue = people[pi].name;
            break;
        }
        case XC_CLAIM_NAME:
            svalue = c->text;
            break;
        }
    if (d && c->text) text = c->text;
    xc_jw_object(w);
    text_member(w, "doc", d ? xc_doc_path(d) : "");
    xc_jw_str_member(w, "kind", xc_claim_kind_name(c->kind));
    text_member(w, "text", text);
    if (figure)
        num_member(w, "value", value);
    else
        text_member(w, "value", svalue);
    if (figure) {
        num_member(w, "low", low);
        num_member(w, "high", high);
    } else {
        text_member(w, "low", NULL);
        text_member(w, "high", NULL);
    }
    text_member(w, "unit", unit);
    text_member(w, "unit_text", ut);
    const char *located;
    xc_span sp = {0, 0};
    unsigned pos[4] = {0}; /* line, column, end line, end column */
    if (xc_claim_locate(c, &sp, &located, NULL)) xc_doc_span_position(d, sp, pos);
    xc_jw_int_member(w, "line", pos[0]);
    xc_jw_int_member(w, "column", pos[1]);
    xc_jw_int_member(w, "end_line", pos[2]);
    xc_jw_int_member(w, "end_column", pos[3]);
    xc_jw_int_member(w, "start", (json_int_t)sp.start);
    xc_jw_int_member(w, "end", (json_int_t)sp.end);
    text_member(w, "source", xc_doc_outlet(d));
    text_member(w, "cited", cited);
    xc_jw_object_end(w);
}

/* The members of a finding's object, as finding_json_in makes it. */
static void finding_members(xc_jw *w, const xc_report_finding *rf)
{
    const xc_finding *f = rf->finding;
    text_member(w, "kind", f->kind ? f->kind : "unknown");
    xc_jw_str_member(w, "severity", xc_severity_name(f->severity));
    text_member(w, "concept", f->concept);
    text_member(w, "message", f->message ? f->message : "");
    text_member(w, "diff", f->diff);
    text_member(w, "story", rf->story);
    xc_jw_key(w, "claims");
    xc_jw_array(w);
    for (size_t i = 0; i < f->n_claims; i++) claim_write(w, &f->claims[i]);
    xc_jw_array_end(w);
}

json_t *xc_finding_json(const xc_finding *f)
{
    /* the report's own text of it, read back: one layout for both */
    xc_report_finding rf = {f, NULL};
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, XC_JSON_FLAGS | JSON_COMPACT, 0);
    xc_jw_object(&w);
    finding_members(&w, &rf);
    xc_jw_object_end(&w);
    json_t *j = xc_jw_done(&w) ? NULL : json_loadb(b.s, b.len, 0, NULL);
    xc_buf_free(&b);
    return j;
}

typedef XC_VEC(xc_report_finding) report_finding_vec;

/* Appends the story's findings at or above min to v; -1 when out of memory. */
static int add_story_findings(report_finding_vec *v, const xc_story *story, xc_severity min)
{
    const xc_finding *f;
    size_t n = xc_story_findings(story, &f);
    for (size_t i = 0; i < n; i++) {
        if (f[i].severity < min) continue;
        xc_report_finding rf = {&f[i], xc_story_name(story)};
        if (xc_vec_push(v, rf)) return -1;
    }
    return 0;
}

size_t xc_report_findings(const xc_run *run, xc_report_finding **out)
{
    report_finding_vec v = {0};
    *out = NULL;
    for (size_t s = 0; s < run->n_stories; s++) {
        if (add_story_findings(&v, run->stories[s], run->min_severity)) {
            xc_vec_free(&v);
            return SIZE_MAX;
        }
    }
    *out = v.v;
    return v.n;
}

size_t xc_story_report_findings(const xc_story *story, xc_severity min, xc_report_finding **out)
{
    report_finding_vec v = {0};
    *out = NULL;
    if (add_story_findings(&v, story, min)) {
        xc_vec_free(&v);
        return SIZE_MAX;
    }
    *out = v.v;
    return v.n;
}

/* Writes one JSON value and a newline. */
/* ----------------------------------------------------------- the report */

static const char *const item_keys[] = {"quotes", "people", "dates", "figures"};

/* Which story each document is in: sorted by document pointer, looked up
 * with bsearch (a corpus may hold thousands of documents). */
typedef struct {
    const xc_doc *doc;
    const char *story;
    size_t order; /* position in the run's stories */
} doc_story_pair;

static int doc_story_cmp(const void *a, const void *b)
{
    const xc_doc *x = ((const doc_story_pair *)a)->doc, *y = ((const doc_story_pair *)b)->doc;
    return x < y ? -1 : x > y;
}

static int doc_story_order_cmp(const void *a, const void *b)
{
    int c = doc_story_cmp(a, b);
    if (c) return c;
    size_t x = ((const doc_story_pair *)a)->order, y = ((const doc_story_pair *)b)->order;
    return x < y ? -1 : x > y;
}

typedef XC_VEC(doc_story_pair) doc_story_map;

static int doc_story_map_build(doc_story_map *m, const xc_run *run)
{
    for (size_t s = 0; s < run->n_stories; s++) {
        const xc_doc *const *docs;
        size_t n = xc_story_docs(run->stories[s], &docs);
        for (size_t i = 0; i < n; i++) {
            doc_story_pair p = {docs[i], xc_story_name(run->stories[s]), m->n};
            if (xc_vec_push(m, p)) return -1;
        }
    }
    if (m->n) qsort(m->v, m->n, sizeof *m->v, doc_story_order_cmp);
    return 0;
}

static const char *doc_story(const doc_story_map *m, const xc_doc *doc)
{
    doc_story_pair key = {doc, NULL, 0};
    const doc_story_pair *hit =
        m->n ? bsearch(&key, m->v, m->n, sizeof *m->v, doc_story_cmp) : NULL;
    if (!hit) return NULL;
    /* A document in two stories is shown in the first. */
    while (hit > m->v && hit[-1].doc == doc) hit--;
    return hit->story;
}

/* A string member of a document's entry: null when jansson refuses the
 * string (the record leaves such a member out; the entry keeps every key). */
static void entry_str(xc_jw *w, const char *key, const char *v)
{
    xc_jw_key(w, key);
    if (!xc_jw_str(w, v) && !w->err) {
        xc_jw_key(w, key);
        xc_jw_null(w);
    }
}

/* A document's entry: its record without the extracted arrays (they are
 * flattened at the top level), with counts instead. Every entry has the
 * same keys, skipped documents included. */
static void entry_write(xc_jw *w, const xc_doc *doc, const char *story)
{
    bool ok = xc_doc_status_of(doc) == XC_DOC_OK;
    xc_jw_object(w);
    entry_str(w, "path", doc->path);
    entry_str(w, "status", ok ? "ok" : "skipped");
    if (ok) {
        xc_jw_key(w, "reason");
        xc_jw_null(w);
    } else {
        entry_str(w, "reason", doc->reason);
    }
    xc_jw_key(w, "format");
    if (ok)
        xc_jw_str(w, xc_doc_format_name(doc));
    else
        xc_jw_null(w);
    xc_jw_key(w, "meta");
    if (ok)
        xc_doc_meta_write(w, doc);
    else
        xc_jw_null(w);
    xc_jw_key(w, "warnings");
    xc_diags_write(w, doc->diags);
    text_member(w, "story", story);
    if (ok) xc_doc_sizes_write(w, doc);
    const xc_quote *q;
    const xc_person *p;
    const xc_mention *m;
    const xc_date *d;
    const xc_figure *f;
    xc_jw_key(w, "counts");
    xc_jw_object(w);
    xc_jw_int_member(w, "quotes", ok ? (json_int_t)xc_doc_quotes(doc, &q) : 0);
    xc_jw_int_member(w, "people", ok ? (json_int_t)xc_doc_people(doc, &p) : 0);
    xc_jw_int_member(w, "mentions", ok ? (json_int_t)xc_doc_mentions(doc, &m) : 0);
    xc_jw_int_member(w, "dates", ok ? (json_int_t)xc_doc_dates(doc, &d) : 0);
    xc_jw_int_member(w, "figures", ok ? (json_int_t)xc_doc_figures(doc, &f) : 0);
    xc_jw_object_end(w);
    xc_jw_object_end(w);
}

typedef struct {
    const char *kind;
    size_t n;
} kind_count;

static int kind_count_cmp(const void *a, const void *b)
{
    return strcmp(((const kind_count *)a)->kind, ((const kind_count *)b)->kind);
}

/* ------------------------------------------------- the report, streamed */

/* The report is one JSON object indented by two spaces, written piece by
 * piece: a value rendered alone is shifted right by its depth (jansson
 * writes line breaks only between tokens; those in strings are escaped). */
typedef struct {
    xc_buf *b;
    size_t indent; /* spaces after each line break */
} indent_sink;

static int indented(const char *s, size_t n, void *data)
{
    static const char spaces[] = "                                ";
    indent_sink *k = data;
    for (size_t from = 0; from < n;) {
        const char *nl = memchr(s + from, '\n', n - from);
        size_t end = nl ? (size_t)(nl - s) + 1 : n;
        if (xc_buf_add(k->b, s + from, end - from)) return -1;
        for (size_t left = nl ? k->indent : 0; left;) {
            size_t m = left < sizeof spaces - 1 ? left : sizeof spaces - 1;
            if (xc_buf_add(k->b, spaces, m)) return -1;
            left -= m;
        }
        from = end;
    }
    return 0;
}

static int append_at(xc_buf *b, const json_t *v, int depth)
{
    indent_sink k = {b, 2 * (size_t)depth};
    if (!v || json_dump_callback(v, indented, &k, XC_JSON_FLAGS | JSON_INDENT(2) | JSON_ENCODE_ANY))
        return XC_ERR_NOMEM;
    return XC_OK;
}

/* The record's arrays in the report's order, as indexes of xc_doc_item_kinds. */
static const size_t item_kind_of[4] = {1, 0, 2, 3};

/* The document's path as every one of its items writes it ("doc"), encoded
 * once, as xc_json_str makes it. Returns 0, or non-zero when out of memory
 * (out is empty then). */
static int path_encode(const char *path, xc_buf *out)
{
    xc_jw w;
    xc_jw_init(&w, out, XC_JSON_FLAGS | JSON_INDENT(2), 2);
    if (!xc_jw_str(&w, path) && !w.err) {
        json_t *j = xc_json_str(path); /* not UTF-8 */
        xc_jw_json(&w, j);
        json_decref(j);
    }
    int rc = xc_jw_done(&w);
    if (rc || !out->s) {
        xc_buf_free(out);
        return rc ? rc : XC_ERR_NOMEM;
    }
    return 0;
}

/* Appends the separator between two items of an array at the report's
 * depth, in place: once per item. Returns 0, or -1 when out of memory. */
static int item_separator(xc_buf *b)
{
    if (b->cap - b->len <= 6 && xc_buf_reserve(b, b->len + 7)) return -1;
    memcpy(b->s + b->len, ",\n    ", 6);
    b->len += 6;
    b->s[b->len] = '\0';
    return 0;
}

int xc_json_doc_render(xc_json_doc *out, const xc_doc *doc, const char *story)
{
    memset(out, 0, sizeof *out);
    out->ok = xc_doc_status_of(doc) == XC_DOC_OK;
    /* The entry, then each item of the extracted arrays as an object of its
     * own led by its document's path, at the depth the report puts them. */
    xc_jw w;
    xc_buf path_text = {0};
    int path_rc = path_encode(xc_doc_path(doc), &path_text);
    /* room for a news article's entry (about 800 bytes) and for the first
     * item of each array at once, not grown from XC_BUF_FIRST by doubling */
    if (!path_rc && xc_buf_reserve(&out->entry, 1024)) path_rc = XC_ERR_NOMEM;
    xc_jw_init(&w, &out->entry, XC_JSON_FLAGS | JSON_INDENT(2), 2);
    if (path_rc) w.err = XC_ERR_NOMEM;
    entry_write(&w, doc, story);
    for (size_t k = 0; k < 4 && out->ok && !w.err; k++) {
        const xc_doc_items *it = &xc_doc_item_kinds[item_kind_of[k]];
        xc_buf *b = &out->items[k];
        xc_jw_target(&w, b, 2);
        size_t n = it->count(doc);
        if (n && xc_buf_reserve(b, 1024)) w.err = XC_ERR_NOMEM;
        for (size_t i = 0; i < n && !w.err; i++) {
            if (b->len && item_separator(b)) w.err = XC_ERR_NOMEM;
            xc_jw_object(&w);
            xc_jw_raw_membern(&w, "doc", 3, path_text.s, path_text.len);
            it->write(&w, doc, i);
            xc_jw_object_end(&w);
            out->n_items[k]++;
            /* room for the others, as long as the first each and a quarter
             * more: the array is not moved again item after item */
            if (i == 0 && n > 1 && !w.err && b->len < SIZE_MAX / 2 / n &&
                xc_buf_reserve_exact(b, b->len * n + b->len * n / 4 + 1))
                w.err = XC_ERR_NOMEM;
        }
    }
    int rc = xc_jw_done(&w);
    xc_buf_free(&path_text);
    if (rc) xc_json_doc_free(out);
    return rc ? XC_ERR_NOMEM : XC_OK;
}

void xc_json_doc_free(xc_json_doc *d)
{
    xc_buf_free(&d->entry);
    for (size_t w = 0; w < 4; w++) xc_buf_free(&d->items[w]);
}

/* The arrays after "documents" are written to temporary files as the
 * documents and stories come, and copied into place at the end: memory
 * holds one document at a time, whatever the size of the report. */
enum { PART_FINDINGS = 4, N_PARTS = 5 };

struct xc_json_stream {
    FILE *out;
    const xc_run *run;
    xc_spool part[N_PARTS];
    size_t count[N_PARTS];
    size_t docs, ok;
    size_t sev[3];
    XC_VEC(kind_count) kinds;
    bool failed; /* a write or an allocation failed */
    bool nomem;
};

static void put(xc_json_stream *js, FILE *f, const char *s, size_t n)
{
    if (n && fwrite(s, 1, n, f) != n) js->failed = true;
}

static void put_item(xc_json_stream *js, int part, const char *s, size_t n, size_t count)
{
    if (!n) return;
    xc_status st = js->count[part] ? xc_spool_add(&js->part[part], ",\n    ", 6) : XC_OK;
    if (st == XC_OK) st = xc_spool_add(&js->part[part], s, n);
    if (st == XC_OK)
        js->count[part] += count;
    else if (st == XC_ERR_NOMEM)
        js->nomem = true;
    else
        js->failed = true;
}

xc_json_stream *xc_json_stream_begin(FILE *out, const xc_run *run)
{
    xc_json_stream *js = calloc(1, sizeof *js);
    if (!js) return NULL;
    js->out = out;
    js->run = run;
    json_t *tool = json_object();
    set(tool, "name", json_string("crosscheck"));
    set(tool, "version", json_string(xc_version()));
    set(tool, "rules_version", xc_json_str(run->rules ? xc_rules_version(run->rules) : NULL));
    json_t *cmd = xc_json_str(run->command);
    xc_buf b = {0};
    int rc = xc_buf_printf(&b, "{\n  \"schema\": %d,\n  \"tool\": ", XC_JSON_REPORT_SCHEMA);
    if (!rc) rc = append_at(&b, tool, 1);
    if (!rc) rc = xc_buf_adds(&b, ",\n  \"command\": ");
    if (!rc) rc = append_at(&b, cmd, 1);
    if (!rc) rc = xc_buf_adds(&b, ",\n  \"documents\": [");
    json_decref(tool);
    json_decref(cmd);
    if (rc) {
        xc_buf_free(&b);
        free(js);
        return NULL;
    }
    put(js, out, b.s, b.len);
    xc_buf_free(&b);
    return js;
}

xc_status xc_json_stream_doc(xc_json_stream *js, const xc_json_doc *d)
{
    put(js, js->out, js->docs ? ",\n    " : "\n    ", js->docs ? 6 : 5);
    put(js, js->out, d->entry.s, d->entry.len);
    js->docs++;
    js->ok += d->ok;
    for (int w = 0; w < 4; w++) put_item(js, w, d->items[w].s, d->items[w].len, d->n_items[w]);
    return js->nomem ? XC_ERR_NOMEM : js->failed || ferror(js->out) ? XC_ERR_IO : XC_OK;
}

xc_status xc_json_stream_doc_write(xc_json_stream *js, const xc_doc *doc, const char *story)
{
    bool ok = xc_doc_status_of(doc) == XC_DOC_OK;
    put(js, js->out, js->docs ? ",\n    " : "\n    ", js->docs ? 6 : 5);
    xc_buf b = {0}, path_text = {0};
    xc_jw w;
    xc_jw_init(&w, &b, XC_JSON_FLAGS | JSON_INDENT(2), 2);
    xc_jw_sink(&w, js->out);
    entry_write(&w, doc, story);
    int rc = xc_jw_done(&w);
    if (!rc && ok) rc = path_encode(xc_doc_path(doc), &path_text);
    /* Each array's items go to its part as xc_json_doc_render joins them,
     * after the items of the documents before. */
    for (int k = 0; k < 4 && ok && !rc; k++) {
        const xc_doc_items *it = &xc_doc_item_kinds[item_kind_of[k]];
        size_t n = it->count(doc);
        if (!n) continue;
        FILE *f = xc_spool_file(&js->part[k]); /* what came before written first */
        if (!f) {
            js->failed = true;
            break;
        }
        xc_jw_init(&w, &b, XC_JSON_FLAGS | JSON_INDENT(2), 2);
        xc_jw_sink(&w, f);
        if (js->count[k] && item_separator(&b)) w.err = XC_ERR_NOMEM;
        for (size_t i = 0; i < n && !w.err; i++) {
            if (i && item_separator(&b)) w.err = XC_ERR_NOMEM;
            xc_jw_object(&w);
            xc_jw_raw_membern(&w, "doc", 3, path_text.s, path_text.len);
            it->write(&w, doc, i);
            xc_jw_object_end(&w);
        }
        rc = xc_jw_done(&w);
        js->count[k] += n;
    }
    xc_buf_free(&b);
    xc_buf_free(&path_text);
    js->docs++;
    js->ok += ok;
    if (rc == XC_ERR_IO)
        js->failed = true;
    else if (rc)
        js->nomem = true;
    return js->nomem ? XC_ERR_NOMEM : js->failed || ferror(js->out) ? XC_ERR_IO : XC_OK;
}

xc_status xc_json_stream_findings(xc_json_stream *js, const xc_report_finding *f, size_t n)
{
    for (size_t i = 0; i < n && !js->failed && !js->nomem; i++) {
        xc_severity sv = f[i].finding->severity;
        if (sv >= XC_INFO && sv <= XC_ERROR) js->sev[sv]++;
        const char *k = f[i].finding->kind ? f[i].finding->kind : "unknown";
        size_t j = 0;
        while (j < js->kinds.n && strcmp(js->kinds.v[j].kind, k)) j++;
        if (j == js->kinds.n && xc_vec_push(&js->kinds, ((kind_count){k, 0}))) js->nomem = true;
        if (j < js->kinds.n) js->kinds.v[j].n++;
        xc_buf b = {0};
        xc_jw w;
        xc_jw_init(&w, &b, XC_JSON_FLAGS | JSON_INDENT(2), 2);
        xc_jw_object(&w);
        finding_members(&w, &f[i]);
        xc_jw_object_end(&w);
        if (xc_jw_done(&w))
            js->nomem = true;
        else
            put_item(js, PART_FINDINGS, b.s, b.len, 1);
        xc_buf_free(&b);
    }
    return js->nomem ? XC_ERR_NOMEM : js->failed ? XC_ERR_IO : XC_OK;
}

xc_status xc_json_stream_story(xc_json_stream *js, const xc_story *story)
{
    xc_report_finding *rf;
    size_t n = xc_story_report_findings(story, js->run->min_severity, &rf);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = xc_json_stream_findings(js, rf, n);
    free(rf);
    return st;
}

xc_status xc_json_stream_end(xc_json_stream *js, size_t n_stories)
{
    static const char *const keys[N_PARTS] = {"quotes", "people", "dates", "figures", "findings"};
    if (js->docs)
        put(js, js->out, "\n  ]", 4);
    else
        put(js, js->out, "]", 1);
    for (int w = 0; w < N_PARTS; w++) {
        fprintf(js->out, ",\n  \"%s\": [", keys[w]);
        if (js->count[w]) {
            put(js, js->out, "\n    ", 5);
            if (!js->failed && xc_spool_copy(&js->part[w], js->out)) js->failed = true;
            put(js, js->out, "\n  ]", 4);
        } else {
            put(js, js->out, "]", 1);
        }
    }
    json_t *s = json_object();
    set(s, "documents", json_integer((json_int_t)js->docs));
    set(s, "ok", json_integer((json_int_t)js->ok));
    set(s, "skipped", json_integer((json_int_t)(js->docs - js->ok)));
    set(s, "stories", json_integer((json_int_t)n_stories));
    for (size_t i = 0; i < 4; i++) set(s, item_keys[i], json_integer((json_int_t)js->count[i]));
    set(s, "findings", json_integer((json_int_t)js->count[PART_FINDINGS]));
    json_t *by_sev = json_object();
    set(by_sev, "error", json_integer((json_int_t)js->sev[XC_ERROR]));
    set(by_sev, "warning", json_integer((json_int_t)js->sev[XC_WARNING]));
    set(by_sev, "info", json_integer((json_int_t)js->sev[XC_INFO]));
    set(s, "by_severity", by_sev);
    if (js->kinds.n) qsort(js->kinds.v, js->kinds.n, sizeof *js->kinds.v, kind_count_cmp);
    json_t *by_kind = json_object();
    for (size_t j = 0; j < js->kinds.n; j++)
        set(by_kind, js->kinds.v[j].kind, json_integer((json_int_t)js->kinds.v[j].n));
    set(s, "by_kind", by_kind);
    xc_buf b = {0};
    if (xc_buf_adds(&b, ",\n  \"summary\": ") || append_at(&b, s, 1) || xc_buf_adds(&b, "\n}\n"))
        js->nomem = true;
    else
        put(js, js->out, b.s, b.len);
    xc_buf_free(&b);
    json_decref(s);
    xc_status st = js->nomem ? XC_ERR_NOMEM : js->failed || ferror(js->out) ? XC_ERR_IO : XC_OK;
    xc_json_stream_free(js);
    return st;
}

void xc_json_stream_free(xc_json_stream *js)
{
    if (!js) return;
    for (int w = 0; w < N_PARTS; w++) xc_spool_free(&js->part[w]);
    xc_vec_free(&js->kinds);
    free(js);
}

xc_status xc_report_json_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n)
{
    doc_story_map stories = {0};
    if (doc_story_map_build(&stories, run)) {
        xc_vec_free(&stories);
        return XC_ERR_NOMEM;
    }
    xc_json_stream *js = xc_json_stream_begin(out, run);
    xc_status st = js ? XC_OK : XC_ERR_NOMEM;
    for (size_t i = 0; i < run->n_docs && st == XC_OK; i++) {
        xc_json_doc d;
        st = xc_json_doc_render(&d, run->docs[i], doc_story(&stories, run->docs[i]));
        if (st == XC_OK) st = xc_json_stream_doc(js, &d);
        xc_json_doc_free(&d);
    }
    xc_vec_free(&stories);
    if (st == XC_OK) st = xc_json_stream_findings(js, f, n);
    if (st != XC_OK) {
        xc_json_stream_free(js);
        return st;
    }
    return xc_json_stream_end(js, run->n_stories);
}

/* A document's JSON Lines line into out, or through out to sink when sink
 * is not NULL. */
static xc_status jsonl_doc(xc_buf *out, FILE *sink, const xc_doc *doc)
{
    xc_jw w;
    xc_jw_init(&w, out, XC_JSON_FLAGS | JSON_COMPACT, 0);
    if (sink) xc_jw_sink(&w, sink);
    xc_jw_object(&w);
    xc_jw_key(&w, "type");
    xc_jw_str(&w, "document");
    xc_doc_record_members(&w, doc);
    xc_jw_object_end(&w);
    int rc = xc_jw_done(&w);
    if (rc) return rc == XC_ERR_IO ? XC_ERR_IO : XC_ERR_NOMEM;
    if (sink) return fputc('\n', sink) == EOF ? XC_ERR_IO : XC_OK;
    return xc_buf_addc(out, '\n') ? XC_ERR_NOMEM : XC_OK;
}

int xc_jsonl_doc_render(xc_buf *out, const xc_doc *doc)
{
    return jsonl_doc(out, NULL, doc);
}

xc_status xc_jsonl_doc_write(FILE *out, const xc_doc *doc)
{
    xc_buf b = {0};
    xc_status st = jsonl_doc(&b, out, doc);
    xc_buf_free(&b);
    return st;
}

xc_status xc_jsonl_findings(FILE *out, const xc_report_finding *f, size_t n)
{
    xc_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        b.len = 0;
        xc_jw w;
        xc_jw_init(&w, &b, XC_JSON_FLAGS | JSON_COMPACT, 0);
        xc_jw_object(&w);
        xc_jw_str_member(&w, "type", "finding");
        finding_members(&w, &f[i]);
        xc_jw_object_end(&w);
        if (xc_jw_done(&w) || xc_buf_addc(&b, '\n')) {
            xc_buf_free(&b);
            return XC_ERR_NOMEM;
        }
        if (fwrite(b.s, 1, b.len, out) != b.len || ferror(out)) {
            xc_buf_free(&b);
            return XC_ERR_IO;
        }
    }
    xc_buf_free(&b);
    return XC_OK;
}

xc_status xc_report_jsonl_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n)
{
    xc_buf b = {0};
    for (size_t i = 0; i < run->n_docs; i++) {
        b.len = 0;
        if (xc_jsonl_doc_render(&b, run->docs[i])) {
            xc_buf_free(&b);
            return XC_ERR_NOMEM;
        }
        if (fwrite(b.s, 1, b.len, out) != b.len) {
            xc_buf_free(&b);
            return XC_ERR_IO;
        }
    }
    xc_buf_free(&b);
    return xc_jsonl_findings(out, f, n);
}

/* Gathers the run's findings and calls one of the *_with writers. */
static xc_status with_findings(FILE *out, const xc_run *run,
                               xc_status (*write)(FILE *, const xc_run *, const xc_report_finding *,
                                                  size_t))
{
    xc_report_finding *f;
    size_t n = xc_report_findings(run, &f);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = write(out, run, f, n);
    free(f);
    return st;
}

xc_status xc_report_json(FILE *out, const xc_run *run)
{
    return with_findings(out, run, xc_report_json_with);
}

xc_status xc_report_jsonl(FILE *out, const xc_run *run)
{
    return with_findings(out, run, xc_report_jsonl_with);
}
