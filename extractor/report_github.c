/* report_github.c — GitHub Actions workflow commands, so that findings show
 * as annotations on the lines of a pull request:
 *
 *   ::error file=drafts/x.md,line=12,col=5,endLine=12,endColumn=18,title=figure-conflict::msg
 *
 * GitHub decodes %25, %0D and %0A in the message, and also %3A and %2C in
 * property values; every other control character is written as %XX so
 * that no input can start a command of its own. */
#include "internal.h"

#include <stdio.h>

static void put_escaped(FILE *out, const char *s, bool property)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        unsigned char c = *p;
        if (c == '%' || c < 0x20 || c == 0x7F || (property && (c == ':' || c == ',')))
            fprintf(out, "%%%02X", c);
        else
            fputc(c, out);
    }
}

static const char *command_name(xc_severity s)
{
    return s == XC_ERROR ? "error" : s == XC_WARNING ? "warning" : "notice";
}

int xc_github_command(FILE *out, xc_severity severity, const char *file, unsigned line,
                      unsigned col, unsigned end_line, unsigned end_col, const char *title,
                      const char *message)
{
    fprintf(out, "::%s", command_name(severity));
    const char *sep = " ";
    if (file && *file) {
        fprintf(out, "%sfile=", sep);
        put_escaped(out, file, true);
        sep = ",";
    }
    const struct {
        const char *name;
        unsigned v;
    } nums[] = {{"line", line}, {"col", col}, {"endLine", end_line}, {"endColumn", end_col}};
    for (size_t i = 0; i < sizeof nums / sizeof *nums; i++) {
        if (!nums[i].v) continue;
        fprintf(out, "%s%s=%u", sep, nums[i].name, nums[i].v);
        sep = ",";
    }
    if (title && *title) {
        fprintf(out, "%stitle=", sep);
        put_escaped(out, title, true);
    }
    fputs("::", out);
    put_escaped(out, message ? message : "", false);
    fputc('\n', out);
    return ferror(out) ? -1 : 0;
}

int xc_github_finding(FILE *out, const xc_run *run, const xc_finding *f)
{
    xc_buf msg = {0}, title = {0};
    int rc = -1;
    if (xc_buf_adds(&title, f->kind ? f->kind : "finding")) goto done;
    if (f->concept && xc_buf_printf(&title, " (%s)", f->concept)) goto done;
    if (xc_buf_adds(&msg, f->message ? f->message : "")) goto done;

    /* The annotation goes on the first claim in a draft (CI shows it on
     * the pull request's lines), else on the first claim; the others are
     * listed in the message. */
    size_t lead = SIZE_MAX;
    for (size_t i = 0; i < f->n_claims; i++) {
        if (!xc_claim_locate(&f->claims[i], NULL, NULL, NULL)) continue;
        if (lead == SIZE_MAX) lead = i;
        if (xc_run_is_draft(run, f->claims[i].doc)) {
            lead = i;
            break;
        }
    }
    const xc_doc *doc = NULL;
    xc_span first = {0, 0};
    if (lead != SIZE_MAX) {
        xc_claim_locate(&f->claims[lead], &first, NULL, NULL);
        doc = f->claims[lead].doc;
    }
    for (size_t i = 0; i < f->n_claims; i++) {
        xc_span span;
        const char *text;
        if (i == lead || !xc_claim_locate(&f->claims[i], &span, &text, NULL)) continue;
        unsigned line, col;
        xc_doc_position(f->claims[i].doc, span.start, &line, &col);
        if (xc_buf_printf(&msg, "\n%s:%u:%u: %s", f->claims[i].doc->path, line, col,
                          text ? text : ""))
            goto done;
    }
    if (f->diff && xc_buf_printf(&msg, "\ndiff: %s", f->diff)) goto done;

    unsigned pos[4] = {0}; /* line, column, end line, end column */
    if (doc) xc_doc_span_position(doc, first, pos);
    rc = xc_github_command(out, f->severity, doc ? doc->path : NULL, pos[0], pos[1], pos[2], pos[3],
                           title.s, msg.s);
done:
    xc_buf_free(&msg);
    xc_buf_free(&title);
    return rc;
}

xc_status xc_report_github_story(FILE *out, const xc_run *run, const xc_story *story,
                                 xc_report_totals *totals)
{
    const xc_finding *f;
    size_t nf = xc_story_findings(story, &f);
    for (int sev = XC_ERROR; sev >= (int)run->min_severity; sev--)
        for (size_t i = 0; i < nf; i++) {
            if ((int)f[i].severity != sev) continue;
            if (xc_github_finding(out, run, &f[i])) return XC_ERR_IO;
            if (totals) totals->findings[sev]++;
        }
    const xc_doc *const *docs;
    size_t nd = xc_story_docs(story, &docs);
    for (size_t i = 0; i < nd; i++) {
        const xc_diags *d = docs[i]->diags;
        for (size_t k = 0; k < xc_diags_count(d); k++) {
            const xc_diag *x = xc_diags_get(d, k);
            if (xc_github_command(out, x->severity, x->file ? x->file : docs[i]->path, x->line,
                                  x->column, 0, 0, x->code, x->message))
                return XC_ERR_IO;
        }
    }
    if (totals) totals->docs += nd, totals->stories++;
    return ferror(out) ? XC_ERR_IO : XC_OK;
}

xc_status xc_report_github_end(FILE *out, const xc_run *run, const xc_skip *skipped,
                               size_t n_skipped, const xc_report_totals *t)
{
    for (size_t i = 0; i < n_skipped; i++) {
        const char *reason = skipped[i].reason ? skipped[i].reason : "skipped";
        xc_buf msg = {0};
        if (xc_buf_printf(&msg, "skipped: %s", reason)) return XC_ERR_NOMEM;
        int rc = xc_github_command(out, XC_INFO, skipped[i].path, 0, 0, 0, 0, "skipped", msg.s);
        xc_buf_free(&msg);
        if (rc) return XC_ERR_IO;
    }
    fprintf(out, "crosscheck: %zu %s read, %zu skipped; %zu %s, %zu %s, %zu info\n", t->docs,
            t->docs == 1 ? "document" : "documents", n_skipped, t->findings[XC_ERROR],
            t->findings[XC_ERROR] == 1 ? "error" : "errors", t->findings[XC_WARNING],
            t->findings[XC_WARNING] == 1 ? "warning" : "warnings", t->findings[XC_INFO]);
    return ferror(out) ? XC_ERR_IO : XC_OK;
}

xc_status xc_report_github(FILE *out, const xc_run *run)
{
    xc_report_totals t = {0};
    xc_status st = XC_OK;
    for (size_t i = 0; i < run->n_stories && st == XC_OK; i++)
        st = xc_report_github_story(out, run, run->stories[i], &t);
    if (st != XC_OK) return st;
    XC_VEC(xc_skip) skipped = {0};
    for (size_t i = 0; i < run->n_docs; i++) {
        const xc_doc *d = run->docs[i];
        if (d->status != XC_DOC_OK) {
            if (xc_vec_push(&skipped, ((xc_skip){d->path, d->reason}))) {
                xc_vec_free(&skipped);
                return XC_ERR_NOMEM;
            }
        } else if (!run->n_stories) {
            /* extract: no stories, only the documents' own warnings. */
            for (size_t k = 0; k < xc_diags_count(d->diags); k++) {
                const xc_diag *x = xc_diags_get(d->diags, k);
                if (xc_github_command(out, x->severity, x->file ? x->file : d->path, x->line,
                                      x->column, 0, 0, x->code, x->message)) {
                    xc_vec_free(&skipped);
                    return XC_ERR_IO;
                }
            }
            t.docs++;
        }
    }
    st = xc_report_github_end(out, run, skipped.v, skipped.n, &t);
    xc_vec_free(&skipped);
    return st;
}
