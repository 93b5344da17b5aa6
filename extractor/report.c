/* report.c — shared pieces of the reports: the per-document record. */
#include "internal.h"

/* Keys here are literals, valid UTF-8: jansson need not check them. */
#define SET(o, k, v) json_object_set_new_nocheck((o), (k), (v))

static void set_str(json_t *o, const char *k, const char *v)
{
    SET(o, k, v ? json_string(v) : json_null());
}

static json_t *diags_json(const xc_diags *d)
{
    json_t *a = json_array();
    for (size_t i = 0; i < xc_diags_count(d); i++) {
        const xc_diag *x = xc_diags_get(d, i);
        json_t *o = json_object();
        SET(o, "severity", json_string(xc_severity_name(x->severity)));
        SET(o, "code", json_string(x->code));
        SET(o, "message", json_string(x->message));
        if (x->line) {
            SET(o, "line", json_integer(x->line));
            SET(o, "column", json_integer(x->column));
        }
        if (x->offset != SIZE_MAX) SET(o, "offset", json_integer((json_int_t)x->offset));
        json_array_append_new(a, o);
    }
    return a;
}

json_t *xc_doc_record_json(const xc_doc *doc)
{
    static const char *formats[] = {"text", "markdown", "html"};
    json_t *o = json_object();
    set_str(o, "path", doc->path);
    set_str(o, "status", doc->status == XC_DOC_OK ? "ok" : "skipped");
    if (doc->status != XC_DOC_OK) {
        set_str(o, "reason", doc->reason);
        SET(o, "warnings", diags_json(doc->diags));
        return o;
    }
    set_str(o, "format", formats[doc->format]);
    json_t *meta = json_object();
    set_str(meta, "title", doc->title);
    set_str(meta, "source", doc->source);
    set_str(meta, "date", doc->date);
    set_str(meta, "url", doc->url);
    set_str(meta, "author", doc->author);
    SET(o, "meta", meta);
    SET(o, "bytes", json_integer((json_int_t)doc->raw_len));
    SET(o, "paragraphs", json_integer((json_int_t)doc->paras.n));
    SET(o, "sentences", json_integer((json_int_t)doc->sents.n));
    SET(o, "warnings", diags_json(doc->diags));
    SET(o, "people", xc_people_json(doc));
    SET(o, "quotes", xc_quotes_json(doc));
    SET(o, "dates", xc_dates_json(doc));
    SET(o, "figures", xc_figures_json(doc));
    return o;
}

/* Room reserved before a first dump into a buffer: most records fit. */
#define XC_JSON_ROOM 16384

int xc_json_append(xc_buf *b, const json_t *j, size_t flags)
{
    if (!j) return XC_ERR_NOMEM;
    /* jansson writes straight into the buffer's spare room and says how
     * much it needed; a value that did not fit is written again once the
     * room is there. A buffer reused from value to value rarely grows. */
    size_t room = b->cap > b->len ? b->cap - b->len - 1 : 0;
    if (room < XC_JSON_ROOM / 4 && b->len < SIZE_MAX - XC_JSON_ROOM &&
        xc_vec_reserve_((void **)&b->s, &b->cap, b->len + XC_JSON_ROOM, 1))
        return XC_ERR_NOMEM;
    room = b->cap - b->len - 1;
    size_t n = json_dumpb(j, b->s + b->len, room, flags);
    if (n == 0) return XC_ERR_NOMEM; /* jansson failed: a value is never empty */
    if (n > room) {
        if (n > SIZE_MAX - b->len - 1 ||
            xc_vec_reserve_((void **)&b->s, &b->cap, b->len + n + 1, 1))
            return XC_ERR_NOMEM;
        if (json_dumpb(j, b->s + b->len, n, flags) != n) return XC_ERR_NOMEM;
    }
    b->len += n;
    b->s[b->len] = '\0';
    return XC_OK;
}

xc_status xc_report_write(FILE *out, xc_report_format fmt, const xc_run *run)
{
    switch (fmt) {
    case XC_REPORT_TEXT:
        return xc_report_text(out, run);
    case XC_REPORT_JSON:
        return xc_report_json(out, run);
    case XC_REPORT_JSONL:
        return xc_report_jsonl(out, run);
    case XC_REPORT_SARIF:
        return xc_report_sarif(out, run);
    case XC_REPORT_GITHUB:
        return xc_report_github(out, run);
    case XC_REPORT_HTML:
        return xc_report_html(out, run);
    }
    return XC_ERR_USAGE;
}

bool xc_claim_locate(const xc_claim *c, xc_span *span, const char **text, xc_range *fold)
{
    const xc_doc *d = c->doc;
    if (!d) return false;
    /* Reconcile copies span and text into the claim; the fold range (for
     * the sentence around it) comes from the extractor's parallel arrays. */
    bool own = c->text || c->span.end > c->span.start;
    xc_span sp = c->span;
    const char *t = c->text;
    xc_range fr = {0, 0};
    size_t i = c->index;
    bool found = true;
    switch (c->kind) {
    case XC_CLAIM_FIGURE:
        if ((found = i < d->figures.n) && !own) sp = d->figures.v[i].span, t = d->figures.v[i].text;
        if (found && i < d->figure_fold.n) fr = d->figure_fold.v[i];
        break;
    case XC_CLAIM_DATE:
        if ((found = i < d->dates.n) && !own) sp = d->dates.v[i].span, t = d->dates.v[i].text;
        if (found && i < d->date_fold.n) fr = d->date_fold.v[i];
        break;
    case XC_CLAIM_QUOTE:
        if ((found = i < d->quotes.n) && !own) sp = d->quotes.v[i].span, t = d->quotes.v[i].text;
        if (found && i < d->quote_fold.n) fr = d->quote_fold.v[i];
        break;
    case XC_CLAIM_MENTION:
        if ((found = i < d->mentions.n) && !own)
            sp = d->mentions.v[i].span, t = d->mentions.v[i].text;
        if (found && i < d->mention_fold.n) fr = d->mention_fold.v[i];
        break;
    default:
        found = false;
    }
    if (!found && !own) sp = (xc_span){0, 0}, t = NULL, fr = (xc_range){0, 0};
    if (span) *span = sp;
    if (text) *text = t;
    if (fold) *fold = fr;
    return found || own;
}

bool xc_run_is_draft(const xc_run *run, const xc_doc *doc)
{
    for (size_t i = 0; run && i < run->n_drafts; i++)
        if (run->drafts[i] == doc) return true;
    return false;
}
