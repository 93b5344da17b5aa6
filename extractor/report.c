/* report.c — shared pieces of the reports: the per-document record. */
#include "internal.h"

void xc_diags_write(xc_jw *w, const xc_diags *d)
{
    xc_jw_array(w);
    for (size_t i = 0; i < xc_diags_count(d); i++) {
        const xc_diag *x = xc_diags_get(d, i);
        xc_jw_object(w);
        xc_jw_str_member(w, "severity", xc_severity_name(x->severity));
        xc_jw_str_member(w, "code", x->code);
        xc_jw_str_member(w, "message", x->message);
        if (x->line) {
            xc_jw_int_member(w, "line", x->line);
            xc_jw_int_member(w, "column", x->column);
        }
        if (x->offset != SIZE_MAX) {
            xc_jw_int_member(w, "offset", (json_int_t)x->offset);
        }
        xc_jw_object_end(w);
    }
    xc_jw_array_end(w);
}

static size_t n_people(const xc_doc *doc)
{
    return doc->people.n;
}

static size_t n_quotes(const xc_doc *doc)
{
    return doc->quotes.n;
}

static size_t n_dates(const xc_doc *doc)
{
    return doc->dates.n;
}

static size_t n_figures(const xc_doc *doc)
{
    return doc->figures.n;
}

const xc_doc_items xc_doc_item_kinds[4] = {
    {"people", n_people, xc_person_write},
    {"quotes", n_quotes, xc_quote_write},
    {"dates", n_dates, xc_date_write},
    {"figures", n_figures, xc_figure_write},
};

const char *xc_doc_format_name(const xc_doc *doc)
{
    static const char *const formats[] = {"text", "markdown", "html"};
    return formats[doc->format];
}

void xc_doc_sizes_write(xc_jw *w, const xc_doc *doc)
{
    xc_jw_int_member(w, "bytes", (json_int_t)doc->raw_len);
    xc_jw_int_member(w, "paragraphs", (json_int_t)doc->paras.n);
    xc_jw_int_member(w, "sentences", (json_int_t)doc->sents.n);
}

void xc_doc_meta_write(xc_jw *w, const xc_doc *doc)
{
    xc_jw_object(w);
    xc_jw_str_member(w, "title", doc->title);
    xc_jw_str_member(w, "source", doc->source);
    xc_jw_str_member(w, "date", doc->date);
    xc_jw_str_member(w, "url", doc->url);
    xc_jw_str_member(w, "author", doc->author);
    xc_jw_object_end(w);
}

void xc_doc_record_members(xc_jw *w, const xc_doc *doc)
{
    xc_jw_str_member(w, "path", doc->path);
    xc_jw_str_member(w, "status", doc->status == XC_DOC_OK ? "ok" : "skipped");
    if (doc->status != XC_DOC_OK) {
        xc_jw_str_member(w, "reason", doc->reason);
        xc_jw_key(w, "warnings");
        xc_diags_write(w, doc->diags);
        return;
    }
    xc_jw_str_member(w, "format", xc_doc_format_name(doc));
    xc_jw_key(w, "meta");
    xc_doc_meta_write(w, doc);
    xc_doc_sizes_write(w, doc);
    xc_jw_key(w, "warnings");
    xc_diags_write(w, doc->diags);
    for (size_t k = 0; k < 4; k++) {
        const xc_doc_items *it = &xc_doc_item_kinds[k];
        xc_jw_key(w, it->key);
        xc_jw_array(w);
        for (size_t i = 0, n = it->count(doc); i < n; i++) {
            xc_jw_object(w);
            it->write(w, doc, i);
            xc_jw_object_end(w);
        }
        xc_jw_array_end(w);
    }
}

void xc_doc_record_write(xc_jw *w, const xc_doc *doc)
{
    xc_jw_object(w);
    xc_doc_record_members(w, doc);
    xc_jw_object_end(w);
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
