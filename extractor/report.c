/* report.c — shared pieces of the reports: the per-document record. */
#include "internal.h"

static void set_str(json_t *o, const char *k, const char *v)
{
    json_object_set_new(o, k, v ? json_string(v) : json_null());
}

static json_t *diags_json(const xc_diags *d)
{
    json_t *a = json_array();
    for (size_t i = 0; i < xc_diags_count(d); i++) {
        const xc_diag *x = xc_diags_get(d, i);
        json_t *o = json_object();
        json_object_set_new(o, "severity", json_string(xc_severity_name(x->severity)));
        json_object_set_new(o, "code", json_string(x->code));
        json_object_set_new(o, "message", json_string(x->message));
        if (x->line) {
            json_object_set_new(o, "line", json_integer(x->line));
            json_object_set_new(o, "column", json_integer(x->column));
        }
        if (x->offset != SIZE_MAX)
            json_object_set_new(o, "offset", json_integer((json_int_t)x->offset));
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
        json_object_set_new(o, "warnings", diags_json(doc->diags));
        return o;
    }
    set_str(o, "format", formats[doc->format]);
    json_t *meta = json_object();
    set_str(meta, "title", doc->title);
    set_str(meta, "source", doc->source);
    set_str(meta, "date", doc->date);
    set_str(meta, "url", doc->url);
    set_str(meta, "author", doc->author);
    json_object_set_new(o, "meta", meta);
    json_object_set_new(o, "bytes", json_integer((json_int_t)doc->raw_len));
    json_object_set_new(o, "paragraphs", json_integer((json_int_t)doc->paras.n));
    json_object_set_new(o, "sentences", json_integer((json_int_t)doc->sents.n));
    json_object_set_new(o, "warnings", diags_json(doc->diags));
    json_object_set_new(o, "people", xc_people_json(doc));
    json_object_set_new(o, "quotes", xc_quotes_json(doc));
    json_object_set_new(o, "dates", xc_dates_json(doc));
    json_object_set_new(o, "figures", xc_figures_json(doc));
    return o;
}

static int buf_sink(const char *s, size_t n, void *data)
{
    return xc_buf_add(data, s, n) ? -1 : 0;
}

int xc_json_append(xc_buf *b, const json_t *j, size_t flags)
{
    if (!j) return XC_ERR_NOMEM;
    /* jansson writes a value token by token: into memory that costs a copy,
     * into a FILE a call per token. */
    if (json_dump_callback(j, buf_sink, b, flags)) return XC_ERR_NOMEM;
    return b->s || !xc_buf_add(b, "", 0) ? XC_OK : XC_ERR_NOMEM;
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
