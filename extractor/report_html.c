/* report_html.c — one self-contained HTML page: the findings first, each
 * linking to its claims; then a chart per concept with a figure conflict or
 * agreement (every claim an interval on one axis, in an inline SVG); then
 * every document with its quotes, mentions, dates and figures marked in the
 * text.
 *
 * Safety: article text and metadata are untrusted. Every piece of text and
 * every attribute value goes through esc(); ids and classes are built from
 * indices and fixed words only; a URL from metadata becomes a link only when
 * it is http(s), otherwise it is shown as text; and the page's
 * Content-Security-Policy forbids scripts and every network request, so
 * even a mistake here cannot run code or load anything. */
#include "internal.h"

#include <math.h>
#include <utf8proc.h>

/* The page is built in memory; a failed append marks it failed, so an
 * out-of-memory condition is reported instead of writing a cut page. */
typedef struct {
    xc_buf buf;
    bool failed;
} hbuf;

static void hadd(hbuf *b, const char *s, size_t n)
{
    if (xc_buf_add(&b->buf, s, n)) b->failed = true;
}

static void hadds(hbuf *b, const char *s)
{
    hadd(b, s, strlen(s));
}

static void haddc(hbuf *b, char c)
{
    hadd(b, &c, 1);
}

static void hprintf(hbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hprintf(hbuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
    } else if ((size_t)n < sizeof small) {
        hadd(b, small, (size_t)n);
    } else {
        char *big = malloc((size_t)n + 1);
        if (!big) {
            b->failed = true;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        hadd(b, big, (size_t)n);
        free(big);
    }
}

/* ------------------------------------------------------------ escaping */

/* Appends s[0..len) as HTML text or attribute content: markup characters
 * become references, control characters other than tab and newline (C0,
 * DEL, C1) and invalid sequences become U+FFFD. */
static void esc(hbuf *b, const char *s, size_t len)
{
    const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
    for (size_t i = 0; i < len;) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
        if (n <= 0) {
            hadds(b, "\xEF\xBF\xBD");
            i++;
            continue;
        }
        switch (cp) {
        case '&':
            hadds(b, "&amp;");
            break;
        case '<':
            hadds(b, "&lt;");
            break;
        case '>':
            hadds(b, "&gt;");
            break;
        case '"':
            hadds(b, "&quot;");
            break;
        case '\'':
            hadds(b, "&#39;");
            break;
        case '\t':
        case '\n':
            haddc(b, (char)cp);
            break;
        default:
            if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
                hadds(b, "\xEF\xBF\xBD");
            else
                hadd(b, s + i, (size_t)n);
        }
        i += (size_t)n;
    }
}

static void escs(hbuf *b, const char *s)
{
    if (s) esc(b, s, strlen(s));
}

/* At most max code points of s, escaped, with an ellipsis when cut. */
static void esc_short(hbuf *b, const char *s, size_t max)
{
    if (!s) return;
    size_t len = strlen(s), i = 0, cps = 0;
    while (i < len && cps < max) {
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
        cps++;
    }
    esc(b, s, i);
    if (i < len) hadds(b, "\xE2\x80\xA6");
}

/* True for an http or https URL without spaces or controls: the only URLs
 * that become links. */
static bool safe_url(const char *u)
{
    if (!u) return false;
    size_t skip;
    if (xc_ieq(u, 7, "http://") && strlen(u) > 7)
        skip = 7;
    else if (xc_ieq(u, 8, "https://") && strlen(u) > 8)
        skip = 8;
    else
        return false;
    for (const unsigned char *p = (const unsigned char *)u + skip; *p; p++)
        if (*p <= ' ' || *p == 0x7F) return false;
    return true;
}

/* A number for display, without the C locale: jansson prints it. */
static void add_num(hbuf *b, double x)
{
    if (!isfinite(x)) {
        hadds(b, x > 0 ? "\xE2\x88\x9E" : "\xE2\x88\x92\xE2\x88\x9E");
        return;
    }
    json_t *j = json_real(x);
    char *s = j ? json_dumps(j, JSON_ENCODE_ANY | JSON_REAL_PRECISION(6)) : NULL;
    if (s) {
        size_t n = strlen(s);
        if (n > 2 && !strcmp(s + n - 2, ".0")) s[n - 2] = '\0';
        hadds(b, s);
    }
    free(s);
    json_decref(j);
}

/* ---------------------------------------------------------- documents */

typedef struct {
    const xc_doc *doc;
    size_t index;
} doc_index;

static int doc_index_cmp(const void *a, const void *b)
{
    const xc_doc *x = ((const doc_index *)a)->doc, *y = ((const doc_index *)b)->doc;
    return x < y ? -1 : x > y;
}

/* Index of doc in run->docs, or SIZE_MAX. */
static size_t find_doc(const doc_index *ix, size_t n, const xc_doc *doc)
{
    doc_index key = {doc, 0};
    const doc_index *hit = n ? bsearch(&key, ix, n, sizeof *ix, doc_index_cmp) : NULL;
    return hit ? hit->index : SIZE_MAX;
}

static void claim_anchor(hbuf *b, size_t doc, const xc_claim *c)
{
    hprintf(b, "d%zu-%s-%zu", doc, xc_claim_kind_name(c->kind), c->index);
}

typedef struct {
    size_t start, end; /* text offsets */
    xc_claim_kind kind;
    size_t index;
} mark;
typedef XC_VEC(mark) mark_vec;

static int mark_cmp(const void *a, const void *b)
{
    const mark *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    if (x->end != y->end) return x->end > y->end ? -1 : 1;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* A text offset moved forward to a character boundary, within the text. */
static size_t boundary(const char *text, size_t len, size_t off)
{
    if (off > len) off = len;
    while (off < len && ((unsigned char)text[off] & 0xC0) == 0x80) off++;
    return off;
}

static int add_marks(mark_vec *v, const xc_doc *doc, xc_claim_kind kind, const xc_range *fold,
                     size_t n_fold, size_t n_items)
{
    size_t n = n_fold < n_items ? n_fold : n_items;
    for (size_t i = 0; i < n; i++) {
        size_t s, e;
        xc_doc_text_range(doc, fold[i].start, fold[i].end, &s, &e);
        s = boundary(doc->text, doc->text_len, s);
        e = boundary(doc->text, doc->text_len, e);
        if (e < s) e = s;
        mark m = {s, e, kind, i};
        if (xc_vec_push(v, m)) return -1;
    }
    return 0;
}

/* The title of a mark: what was read out of the marked text. */
static void mark_title(hbuf *b, const xc_doc *doc, const mark *m)
{
    switch (m->kind) {
    case XC_CLAIM_QUOTE: {
        const xc_quote *q = &doc->quotes.v[m->index];
        hadds(b, "quote");
        if (q->speaker || q->speaker_text) {
            hadds(b, " \xE2\x80\x94 ");
            escs(b, q->speaker ? q->speaker : q->speaker_text);
        }
        break;
    }
    case XC_CLAIM_MENTION: {
        const xc_mention *mn = &doc->mentions.v[m->index];
        hadds(b, "person");
        if (mn->person >= 0 && (size_t)mn->person < doc->people.n) {
            hadds(b, " \xE2\x80\x94 ");
            escs(b, doc->people.v[mn->person].name);
        }
        break;
    }
    case XC_CLAIM_DATE:
        hadds(b, "date ");
        escs(b, doc->dates.v[m->index].value);
        break;
    case XC_CLAIM_FIGURE: {
        const xc_figure *f = &doc->figures.v[m->index];
        hadds(b, "figure ");
        add_num(b, f->value);
        if (f->unit) {
            haddc(b, ' ');
            escs(b, f->unit);
        }
        if (f->noun) {
            haddc(b, ' ');
            escs(b, f->noun);
        }
        break;
    }
    case XC_CLAIM_NAME:
        break; /* names are not marked */
    }
}

/* The document text with every extracted item in a <mark>. Marks nest;
 * one that starts inside another and ends after it is cut at the outer
 * one's end. */
static int doc_text_html(hbuf *b, const xc_doc *doc, size_t di)
{
    mark_vec v = {0};
    XC_VEC(size_t) stack = {0};
    if (add_marks(&v, doc, XC_CLAIM_QUOTE, doc->quote_fold.v, doc->quote_fold.n, doc->quotes.n) ||
        add_marks(&v, doc, XC_CLAIM_MENTION, doc->mention_fold.v, doc->mention_fold.n,
                  doc->mentions.n) ||
        add_marks(&v, doc, XC_CLAIM_DATE, doc->date_fold.v, doc->date_fold.n, doc->dates.n) ||
        add_marks(&v, doc, XC_CLAIM_FIGURE, doc->figure_fold.v, doc->figure_fold.n,
                  doc->figures.n)) {
        xc_vec_free(&v);
        return -1;
    }
    if (v.n) qsort(v.v, v.n, sizeof *v.v, mark_cmp);
    const char *text = doc->text ? doc->text : "";
    size_t pos = 0;
    hadds(b, "<pre class=\"text\">");
    for (size_t i = 0; i < v.n; i++) {
        const mark *m = &v.v[i];
        while (stack.n && stack.v[stack.n - 1] <= m->start) {
            size_t end = stack.v[--stack.n];
            esc(b, text + pos, end - pos);
            hadds(b, "</mark>");
            pos = end;
        }
        esc(b, text + pos, m->start - pos);
        pos = m->start;
        size_t end = m->end;
        if (stack.n && end > stack.v[stack.n - 1]) end = stack.v[stack.n - 1];
        hprintf(b, "<mark class=\"%s\" id=\"d%zu-%s-%zu\" title=\"", xc_claim_kind_name(m->kind),
                di, xc_claim_kind_name(m->kind), m->index);
        mark_title(b, doc, m);
        hadds(b, "\">");
        if (xc_vec_push(&stack, end)) break;
    }
    while (stack.n) {
        size_t end = stack.v[--stack.n];
        esc(b, text + pos, end - pos);
        hadds(b, "</mark>");
        pos = end;
    }
    esc(b, text + pos, doc->text_len - pos);
    hadds(b, "</pre>\n");
    xc_vec_free(&v);
    xc_vec_free(&stack);
    return 0;
}

static void meta_row(hbuf *b, const char *key, const char *value)
{
    if (!value) return;
    hprintf(b, "<dt>%s</dt><dd>", key);
    if (!strcmp(key, "url") && safe_url(value)) {
        hadds(b, "<a href=\"");
        escs(b, value);
        hadds(b, "\" rel=\"noopener noreferrer nofollow\">");
        escs(b, value);
        hadds(b, "</a>");
    } else {
        escs(b, value);
    }
    hadds(b, "</dd>");
}

/* The people of a document: canonical name, other spellings, age, role. */
static void people_html(hbuf *b, const xc_doc *doc)
{
    if (!doc->people.n) return;
    hadds(b, "<ul class=\"people\">");
    for (size_t i = 0; i < doc->people.n; i++) {
        const xc_person *p = &doc->people.v[i];
        hadds(b, "<li><strong>");
        escs(b, p->name);
        hadds(b, "</strong>");
        size_t shown = 0;
        for (size_t k = 0; k < p->n_aliases; k++) {
            if (!p->aliases[k] || (p->name && !strcmp(p->aliases[k], p->name))) continue;
            hadds(b, shown++ ? ", " : " (also ");
            hadds(b, "<span class=\"alias\">");
            escs(b, p->aliases[k]);
            hadds(b, "</span>");
        }
        if (shown) hadds(b, ")");
        if (p->age >= 0) hprintf(b, ", %d", p->age);
        if (p->nationality) {
            hadds(b, ", ");
            escs(b, p->nationality);
        }
        if (p->role) {
            hadds(b, ", ");
            escs(b, p->role);
        }
        hprintf(b, " <span class=\"pos\">(%zu mentions)</span></li>", p->mentions);
    }
    hadds(b, "</ul>\n");
}

static int doc_html(hbuf *b, const xc_doc *doc, size_t di)
{
    hprintf(b, "<article class=\"doc\" id=\"d%zu\">\n<h3>", di);
    escs(b, xc_doc_path(doc));
    hadds(b, "</h3>\n");
    if (xc_doc_status_of(doc) != XC_DOC_OK) {
        hadds(b, "<p class=\"skipped\">skipped: ");
        escs(b, xc_doc_reason(doc));
        hadds(b, "</p>\n");
    } else {
        static const char *const keys[] = {"title", "source", "author", "date", "url"};
        hadds(b, "<dl class=\"meta\">");
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            meta_row(b, keys[i], xc_doc_meta(doc, keys[i]));
        hprintf(b,
                "</dl>\n<p class=\"counts\">%zu quotes, %zu people, %zu dates, %zu "
                "figures</p>\n",
                doc->quotes.n, doc->people.n, doc->dates.n, doc->figures.n);
        people_html(b, doc);
    }
    const xc_diags *d = xc_doc_diags(doc);
    if (d && xc_diags_count(d)) {
        hadds(b, "<ul class=\"warnings\">");
        for (size_t i = 0; i < xc_diags_count(d); i++) {
            const xc_diag *x = xc_diags_get(d, i);
            hadds(b, "<li>");
            if (x->line) hprintf(b, "%u:%u: ", x->line, x->column);
            escs(b, xc_severity_name(x->severity));
            hadds(b, ": ");
            escs(b, x->message);
            hadds(b, "</li>");
        }
        hadds(b, "</ul>\n");
    }
    if (xc_doc_status_of(doc) == XC_DOC_OK && doc_text_html(b, doc, di)) return -1;
    hadds(b, "</article>\n");
    return 0;
}

/* ------------------------------------------------------------ charts */

/* Figure claims of one concept in one story, from its figure-conflict and
 * figure-agreement findings. */
typedef struct {
    const char *story, *concept;
    bool conflict;
    XC_VEC(xc_claim) claims;
} chart;
typedef XC_VEC(chart) chart_vec;

static bool is_figure_finding(const xc_finding *f)
{
    return f->kind && (!strcmp(f->kind, "figure-conflict") || !strcmp(f->kind, "figure-agreement"));
}

static bool same_str(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* Chart index of a finding, or SIZE_MAX when it has none. Findings without
 * a concept get a chart of their own. */
static size_t chart_of(const chart *c, size_t n, const xc_report_finding *rf)
{
    if (!is_figure_finding(rf->finding) || !rf->finding->concept) return SIZE_MAX;
    for (size_t i = 0; i < n; i++)
        if (same_str(c[i].story, rf->story) && same_str(c[i].concept, rf->finding->concept))
            return i;
    return SIZE_MAX;
}

static const xc_figure *claim_figure(const xc_claim *c)
{
    const xc_figure *figs;
    xc_doc_figures(c->doc, &figs);
    return &figs[c->index];
}

static double fig_low(const xc_figure *f)
{
    return f->base_unit ? f->base_low : f->low;
}
static double fig_high(const xc_figure *f)
{
    return f->base_unit ? f->base_high : f->high;
}
static const char *fig_unit(const xc_figure *f)
{
    return f->base_unit ? f->base_unit : f->unit;
}

static int build_charts(chart_vec *charts, const xc_report_finding *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const xc_finding *fi = f[i].finding;
        if (!is_figure_finding(fi) || !fi->concept) continue;
        size_t ci = chart_of(charts->v, charts->n, &f[i]);
        if (ci == SIZE_MAX) {
            chart c = {f[i].story, fi->concept, false, {0}};
            if (xc_vec_push(charts, c)) return -1;
            ci = charts->n - 1;
        }
        chart *c = &charts->v[ci];
        if (!strcmp(fi->kind, "figure-conflict")) c->conflict = true;
        for (size_t k = 0; k < fi->n_claims; k++) {
            const xc_claim *cl = &fi->claims[k];
            const xc_figure *figs;
            if (cl->kind != XC_CLAIM_FIGURE || !cl->doc ||
                cl->index >= xc_doc_figures(cl->doc, &figs))
                continue;
            /* One axis, one unit: a figure in another unit is left out. */
            if (c->claims.n &&
                !same_str(fig_unit(claim_figure(&c->claims.v[0])), fig_unit(&figs[cl->index])))
                continue;
            bool seen = false;
            for (size_t j = 0; j < c->claims.n && !seen; j++)
                seen = c->claims.v[j].doc == cl->doc && c->claims.v[j].index == cl->index;
            if (!seen && xc_vec_push(&c->claims, *cl)) return -1;
        }
    }
    return 0;
}

#define CH_W      800
#define CH_LABEL  230 /* left column for the outlet and the text */
#define CH_RIGHT  780
#define CH_ROW    26
#define CH_TOP    12
#define CH_AXIS_H 34

static int px(double v, double lo, double hi)
{
    double x = CH_LABEL + (v - lo) / (hi - lo) * (CH_RIGHT - CH_LABEL);
    if (!(x >= CH_LABEL)) x = CH_LABEL; /* also NaN */
    if (x > CH_RIGHT) x = CH_RIGHT;
    return (int)lround(x);
}

static void chart_svg(hbuf *b, const chart *c, size_t ci)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < c->claims.n; i++) {
        const xc_figure *f = claim_figure(&c->claims.v[i]);
        double vals[3] = {fig_low(f), fig_high(f), xc_figure_base_value(f)};
        for (size_t k = 0; k < 3; k++) {
            if (!isfinite(vals[k])) continue;
            if (vals[k] < lo) lo = vals[k];
            if (vals[k] > hi) hi = vals[k];
        }
    }
    if (!isfinite(lo) || !isfinite(hi)) return;
    double pad = hi > lo ? (hi - lo) * 0.08 : (fabs(lo) > 0 ? fabs(lo) * 0.1 : 1);
    lo -= pad, hi += pad;

    size_t rows = c->claims.n;
    int height = CH_TOP + (int)rows * CH_ROW + CH_AXIS_H;
    const char *unit = fig_unit(claim_figure(&c->claims.v[0]));
    hprintf(b, "<figure class=\"chart\" id=\"chart-%zu\">\n<figcaption>", ci);
    escs(b, c->concept);
    hadds(b, c->conflict ? " \xE2\x80\x94 conflict" : " \xE2\x80\x94 agreement");
    if (c->story && *c->story) {
        hadds(b, " <span class=\"story\">(");
        escs(b, c->story);
        hadds(b, ")</span>");
    }
    hprintf(b,
            "</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
            CH_W, height, CH_W, height);
    escs(b, c->concept);
    hadds(b, ": claims as intervals\">\n");

    /* Ticks at 1, 2 or 5 times a power of ten. */
    double raw = (hi - lo) / 5, mag = pow(10, floor(log10(raw))), norm = raw / mag;
    double step = (norm < 1.5 ? 1 : norm < 3.5 ? 2 : norm < 7.5 ? 5 : 10) * mag;
    int axis_y = CH_TOP + (int)rows * CH_ROW + 4;
    hprintf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", CH_LABEL, axis_y,
            CH_RIGHT, axis_y);
    int ticks = 0;
    for (double t = ceil(lo / step) * step; t <= hi && ticks < 12; t += step, ticks++) {
        int x = px(t, lo, hi);
        hprintf(b,
                "<line class=\"tick\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
                "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
                x, CH_TOP - 4, x, axis_y + 4, x, axis_y + 16);
        add_num(b, fabs(t) < step * 1e-9 ? 0 : t);
        hadds(b, "</text>\n");
    }
    if (unit) {
        hprintf(b, "<text class=\"unit\" x=\"%d\" y=\"%d\" text-anchor=\"end\">", CH_RIGHT,
                axis_y + 30);
        escs(b, unit);
        hadds(b, "</text>\n");
    }

    for (size_t i = 0; i < rows; i++) {
        const xc_claim *cl = &c->claims.v[i];
        const xc_figure *f = claim_figure(cl);
        double l = fig_low(f), h = fig_high(f);
        int y = CH_TOP + (int)i * CH_ROW;
        int x1 = isfinite(l) ? px(l, lo, hi) : CH_LABEL;
        int x2 = isfinite(h) ? px(h, lo, hi) : CH_RIGHT;
        if (x2 < x1 + 2) x2 = x1 + 2;
        hadds(b, "<g class=\"claim\"><title>");
        escs(b, xc_doc_outlet(cl->doc));
        hadds(b, ": ");
        escs(b, f->text);
        hadds(b, " [");
        add_num(b, l);
        hadds(b, ", ");
        add_num(b, h);
        hadds(b, "]");
        if (fig_unit(f)) {
            haddc(b, ' ');
            escs(b, fig_unit(f));
        }
        hprintf(b, "</title><text class=\"label\" x=\"4\" y=\"%d\">", y + 15);
        esc_short(b, xc_doc_outlet(cl->doc), 16);
        hadds(b, ": ");
        esc_short(b, f->text, 20);
        hprintf(b,
                "</text><rect class=\"bar %s\" x=\"%d\" y=\"%d\" width=\"%d\" "
                "height=\"12\" rx=\"3\"/>",
                c->conflict ? "conflict" : "agreement", x1, y + 5, x2 - x1);
        if (!isfinite(l))
            hprintf(b, "<path class=\"open\" d=\"M%d %d l8 -6 v12 z\"/>", CH_LABEL, y + 11);
        if (!isfinite(h))
            hprintf(b, "<path class=\"open\" d=\"M%d %d l-8 -6 v12 z\"/>", CH_RIGHT, y + 11);
        double v = xc_figure_base_value(f);
        if (isfinite(v))
            hprintf(b, "<circle class=\"value %s\" cx=\"%d\" cy=\"%d\" r=\"5\"/>",
                    c->conflict ? "conflict" : "agreement", px(v, lo, hi), y + 11);
        hadds(b, "</g>\n");
    }
    hadds(b, "</svg>\n</figure>\n");
}

/* ----------------------------------------------------------- findings */

/* A word diff: "[-gone-]" in <del>, "{+new+}" in <ins>, the rest as text. */
static void diff_html(hbuf *b, const char *d)
{
    while (*d) {
        const char *close = NULL;
        const char *tag = NULL;
        if (d[0] == '[' && d[1] == '-') close = strstr(d + 2, "-]"), tag = "del";
        if (d[0] == '{' && d[1] == '+') close = strstr(d + 2, "+}"), tag = "ins";
        if (close) {
            hprintf(b, "<%s>", tag);
            esc(b, d + 2, (size_t)(close - d - 2));
            hprintf(b, "</%s>", tag);
            d = close + 2;
            continue;
        }
        const char *next = d + 1;
        while (*next && !((next[0] == '[' && next[1] == '-') || (next[0] == '{' && next[1] == '+')))
            next++;
        esc(b, d, (size_t)(next - d));
        d = next;
    }
}

static void finding_html(hbuf *b, const xc_report_finding *rf, size_t fi, const doc_index *ix,
                         size_t n_ix, size_t chart_index)
{
    const xc_finding *f = rf->finding;
    const char *sev = xc_severity_name(f->severity);
    hprintf(b, "<li class=\"finding %s\" id=\"f%zu\"><span class=\"sev\">%s</span> <code>", sev,
            fi + 1, sev);
    escs(b, f->kind ? f->kind : "unknown");
    hadds(b, "</code>");
    if (f->concept) {
        hadds(b, " <span class=\"concept\">");
        escs(b, f->concept);
        hadds(b, "</span>");
    }
    if (rf->story && *rf->story) {
        hadds(b, " <span class=\"story\">");
        escs(b, rf->story);
        hadds(b, "</span>");
    }
    if (chart_index != SIZE_MAX) hprintf(b, " <a href=\"#chart-%zu\">chart</a>", chart_index);
    hadds(b, "\n<p class=\"message\">");
    escs(b, f->message);
    hadds(b, "</p>\n");
    if (f->diff) {
        hadds(b, "<p class=\"diff\">");
        diff_html(b, f->diff);
        hadds(b, "</p>\n");
    }
    hadds(b, "<ul class=\"claims\">\n");
    for (size_t i = 0; i < f->n_claims; i++) {
        const xc_claim *c = &f->claims[i];
        const char *text;
        xc_span sp;
        if (!xc_claim_locate(c, &sp, &text, NULL)) continue;
        unsigned line, col;
        xc_doc_position(c->doc, sp.start, &line, &col);
        size_t di = find_doc(ix, n_ix, c->doc);
        hprintf(b, "<li class=\"%s\">", xc_claim_kind_name(c->kind));
        if (di != SIZE_MAX) {
            /* Marked items link to their mark, names to their document. */
            hadds(b, "<a href=\"#");
            if (c->kind == XC_CLAIM_NAME)
                hprintf(b, "d%zu", di);
            else
                claim_anchor(b, di, c);
            hadds(b, "\">");
        }
        escs(b, xc_doc_outlet(c->doc));
        if (di != SIZE_MAX) hadds(b, "</a>");
        hadds(b, ": <q>");
        escs(b, text);
        hadds(b, "</q> <span class=\"pos\">");
        escs(b, xc_doc_path(c->doc));
        hprintf(b, ":%u:%u</span></li>\n", line, col);
    }
    hadds(b, "</ul></li>\n");
}

/* --------------------------------------------------------------- page */

static const char css[] =
    "body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:110rem;padding:1rem;"
    "color:#222;background:#fff}\n"
    "h1{font-size:1.5rem}h2{border-bottom:1px solid #ccc;margin-top:2rem}\n"
    ".summary{color:#444}.findings{padding-left:1.5rem}.finding{margin:.8rem 0}\n"
    ".sev{display:inline-block;min-width:4.2rem;font-weight:600;text-transform:uppercase;"
    "font-size:.8rem}\n"
    ".error .sev{color:#b00020}.warning .sev{color:#a15c00}.info .sev{color:#2d6a9f}\n"
    ".concept,.story{color:#555;font-style:italic}.message{margin:.2rem 0}\n"
    ".diff del{background:#fdd;text-decoration:line-through}.diff ins{background:#dfd;"
    "text-decoration:none}\n"
    ".claims{margin:.2rem 0;font-size:.92rem}.pos{color:#777;font-size:.85rem}\n"
    ".docs{display:grid;grid-template-columns:repeat(auto-fit,minmax(28rem,1fr));gap:1.5rem;"
    "align-items:start}\n"
    ".doc{border-top:1px solid #ddd;padding-top:.5rem;min-width:0}.meta "
    "dt{font-weight:600;float:left;"
    "clear:left;width:5rem}.meta dd{margin-left:5.5rem}\n"
    ".skipped,.warnings{color:#a15c00}.people{font-size:.92rem}.alias{color:#555}\n"
    "pre.text{white-space:pre-wrap;font:inherit;background:#fafafa;padding:.8rem;"
    "border:1px solid #eee}\n"
    "mark{border-radius:2px;padding:0 1px}mark.quote{background:#e8f0fe}"
    "mark.mention{background:#fff3c4}mark.date{background:#e1f5e1}"
    "mark.figure{background:#fde2e1}mark:target{outline:2px solid #b00020}\n"
    ".legend mark{margin-right:.5rem}\n"
    ".chart svg{max-width:100%;height:auto;font-size:12px}.chart .axis,.chart line.tick"
    "{stroke:#999}.chart line.tick{stroke-dasharray:2 3}\n"
    ".bar.conflict{fill:#e57373}.bar.agreement{fill:#81c784}.value{stroke:#222;stroke-width:1.5}"
    ".value.conflict{fill:#c62828}.value.agreement{fill:#2e7d32}.open{fill:#555}"
    ".label{fill:#333}text.tick,.unit{fill:#555}\n";

/* The page is written as the run goes: each document's section as it
 * comes (rendered on any thread), the findings and charts of each story
 * when it is reconciled, into temporary files; the end writes the head with
 * the summary and copies the three sections in place. Memory holds one
 * story, not the run. */
enum { PART_FINDINGS, PART_CHARTS, PART_DOCS, N_PARTS };

struct xc_html_stream {
    FILE *out;
    xc_spool part[N_PARTS];
    size_t docs, ok, findings, charts, sev[3];
    bool failed, nomem;
};

xc_html_stream *xc_html_stream_begin(FILE *out)
{
    xc_html_stream *hs = calloc(1, sizeof *hs);
    if (hs) hs->out = out;
    return hs;
}

void xc_html_stream_free(xc_html_stream *hs)
{
    if (!hs) return;
    for (int i = 0; i < N_PARTS; i++) xc_spool_free(&hs->part[i]);
    free(hs);
}

static void put_part(xc_html_stream *hs, int part, hbuf *b)
{
    if (b->failed) hs->nomem = true;
    if (hs->nomem || !b->buf.len) return;
    xc_status st = xc_spool_add(&hs->part[part], b->buf.s, b->buf.len);
    if (st == XC_ERR_NOMEM)
        hs->nomem = true;
    else if (st != XC_OK)
        hs->failed = true;
}

static xc_status stream_status(const xc_html_stream *hs)
{
    return hs->nomem ? XC_ERR_NOMEM : hs->failed ? XC_ERR_IO : XC_OK;
}

int xc_html_doc_render(xc_buf *out, const xc_doc *doc, size_t di)
{
    hbuf b = {*out, false};
    if (doc_html(&b, doc, di)) b.failed = true;
    *out = b.buf;
    return b.failed ? XC_ERR_NOMEM : XC_OK;
}

xc_status xc_html_stream_doc(xc_html_stream *hs, const xc_doc *doc, const xc_buf *section)
{
    hs->docs++;
    hs->ok += xc_doc_status_of(doc) == XC_DOC_OK;
    hbuf b = {*section, false};
    put_part(hs, PART_DOCS, &b);
    return stream_status(hs);
}

xc_status xc_html_stream_findings(xc_html_stream *hs, const xc_report_finding *f, size_t n,
                                  const xc_doc *const *docs, const size_t *index, size_t n_docs)
{
    if (!n) return stream_status(hs);
    doc_index *ix = n_docs ? malloc(n_docs * sizeof *ix) : NULL;
    chart_vec charts = {0};
    hbuf b = {{0}, false};
    if ((n_docs && !ix) || build_charts(&charts, f, n)) {
        hs->nomem = true;
        goto done;
    }
    for (size_t i = 0; i < n_docs; i++) ix[i] = (doc_index){docs[i], index ? index[i] : i};
    if (n_docs) qsort(ix, n_docs, sizeof *ix, doc_index_cmp);
    for (size_t i = 0; i < n; i++) {
        if (f[i].finding->severity <= XC_ERROR) hs->sev[f[i].finding->severity]++;
        size_t ci = chart_of(charts.v, charts.n, &f[i]);
        finding_html(&b, &f[i], hs->findings + i, ix, n_docs,
                     ci == SIZE_MAX ? SIZE_MAX : hs->charts + ci);
    }
    put_part(hs, PART_FINDINGS, &b);
    b.buf.len = 0;
    for (size_t i = 0; i < charts.n; i++) chart_svg(&b, &charts.v[i], hs->charts + i);
    put_part(hs, PART_CHARTS, &b);
    hs->findings += n;
    hs->charts += charts.n;
done:
    for (size_t i = 0; i < charts.n; i++) xc_vec_free(&charts.v[i].claims);
    xc_vec_free(&charts);
    xc_buf_free(&b.buf);
    free(ix);
    return stream_status(hs);
}

/* Copies a section's temporary file into the page. */
static void copy_part(xc_html_stream *hs, int part)
{
    if (!hs->failed && xc_spool_copy(&hs->part[part], hs->out)) hs->failed = true;
}

static void put_out(xc_html_stream *hs, hbuf *b)
{
    if (b->failed || !b->buf.s) hs->nomem = true;
    if (!hs->nomem && fwrite(b->buf.s, 1, b->buf.len, hs->out) != b->buf.len) hs->failed = true;
    b->buf.len = 0;
    if (b->buf.s) b->buf.s[0] = '\0';
}

xc_status xc_html_stream_end(xc_html_stream *hs, size_t n_stories)
{
    hbuf b = {{0}, false};
    hadds(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
              "style-src 'unsafe-inline'; img-src data:\">\n"
              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
              "<meta name=\"generator\" content=\"crosscheck ");
    escs(&b, xc_version());
    hadds(&b, "\">\n<title>crosscheck report</title>\n<style>\n");
    hadds(&b, css);
    hadds(&b, "</style>\n</head>\n<body>\n<header>\n<h1>crosscheck report</h1>\n");
    hprintf(&b,
            "<p class=\"summary\">%zu documents (%zu read, %zu skipped), %zu stories, "
            "%zu findings: %zu errors, %zu warnings, %zu info.</p>\n</header>\n",
            hs->docs, hs->ok, hs->docs - hs->ok, n_stories, hs->findings, hs->sev[XC_ERROR],
            hs->sev[XC_WARNING], hs->sev[XC_INFO]);
    hadds(&b, "<section id=\"findings\">\n<h2>Findings</h2>\n");
    hadds(&b, hs->findings ? "<ol class=\"findings\">\n" : "<p>No findings.</p>\n");
    put_out(hs, &b);
    copy_part(hs, PART_FINDINGS);
    if (hs->findings) hadds(&b, "</ol>\n");
    hadds(&b, "</section>\n");
    if (hs->charts) hadds(&b, "<section id=\"charts\">\n<h2>Figures by concept</h2>\n");
    put_out(hs, &b);
    copy_part(hs, PART_CHARTS);
    if (hs->charts) hadds(&b, "</section>\n");
    hadds(&b, "<section id=\"documents\">\n<h2>Documents</h2>\n<p class=\"legend\">"
              "<mark class=\"quote\">quote</mark><mark class=\"mention\">person</mark>"
              "<mark class=\"date\">date</mark><mark class=\"figure\">figure</mark></p>\n"
              "<div class=\"docs\">\n");
    put_out(hs, &b);
    copy_part(hs, PART_DOCS);
    hadds(&b, "</div>\n</section>\n</body>\n</html>\n");
    put_out(hs, &b);
    xc_buf_free(&b.buf);
    xc_status st = stream_status(hs);
    if (st == XC_OK && ferror(hs->out)) st = XC_ERR_IO;
    xc_html_stream_free(hs);
    return st;
}

xc_status xc_report_html_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n)
{
    xc_html_stream *hs = xc_html_stream_begin(out);
    if (!hs) return XC_ERR_NOMEM;
    xc_buf section = {0};
    for (size_t i = 0; i < run->n_docs && !hs->nomem && !hs->failed; i++) {
        section.len = 0;
        if (xc_html_doc_render(&section, run->docs[i], i))
            hs->nomem = true;
        else
            xc_html_stream_doc(hs, run->docs[i], &section);
    }
    xc_buf_free(&section);
    xc_status st = stream_status(hs);
    if (st == XC_OK) st = xc_html_stream_findings(hs, f, n, run->docs, NULL, run->n_docs);
    if (st != XC_OK) {
        xc_html_stream_free(hs);
        return st;
    }
    return xc_html_stream_end(hs, run->n_stories);
}

xc_status xc_report_html(FILE *out, const xc_run *run)
{
    xc_report_finding *f;
    size_t n = xc_report_findings(run, &f);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = xc_report_html_with(out, run, f, n);
    free(f);
    return st;
}
