/* report_text.c — the report a person reads in a terminal.
 *
 * Per story: a one-line verdict, then the findings most severe first, each
 * claim as path:line:col with its sentence (the claimed words highlighted
 * when colour is on), the word diff of an altered quote, and the warnings
 * of the story's documents. At the end: skipped inputs with their reasons
 * and a summary line. Document text is printed with control characters
 * replaced, so an article cannot drive the terminal. */
#include "internal.h"

#include <stdio.h>

#define C_RESET "\033[0m"
#define C_BOLD  "\033[1m"
#define C_MARK  "\033[1;4m"
#define C_DEL   "\033[31m"
#define C_INS   "\033[32m"
#define C_DIM   "\033[2m"

static const char *sev_color(xc_severity s)
{
    return s == XC_ERROR ? "\033[1;31m" : s == XC_WARNING ? "\033[1;33m" : "\033[1;36m";
}

/* The report is put together in a buffer of its own and handed to the
 * stream in large pieces: a warning line is a dozen pieces (path, position,
 * severity, message, code), and each call into stdio costs more than the
 * bytes it copies. Pieces too large for the buffer go to the stream
 * directly, after what the buffer holds. */
typedef struct {
    FILE *f;
    size_t n;
    char b[8192];
} tw;

static void tw_init(tw *o, FILE *f)
{
    o->f = f;
    o->n = 0;
}

static void tw_flush(tw *o)
{
    if (o->n) fwrite(o->b, 1, o->n, o->f);
    o->n = 0;
}

static void tw_put(tw *o, const char *s, size_t n)
{
    if (n > sizeof o->b - o->n) {
        tw_flush(o);
        if (n >= sizeof o->b) {
            fwrite(s, 1, n, o->f);
            return;
        }
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

static void tw_puts(tw *o, const char *s)
{
    tw_put(o, s, strlen(s));
}

static void tw_putc(tw *o, char c)
{
    if (o->n == sizeof o->b) tw_flush(o);
    o->b[o->n++] = c;
}

/* n in decimal, as "%zu" writes it. */
static void tw_uint(tw *o, size_t n)
{
    char t[24];
    size_t i = sizeof t;
    do {
        t[--i] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    tw_put(o, t + i, sizeof t - i);
}

static void paint(tw *out, const xc_run *run, const char *code)
{
    if (run->color) tw_puts(out, code);
}

/* Whether put_clean writes s[0..n) as it is: no control character (below
 * 0x20, or 0x7F) and no space right after a space. Eight bytes at a time:
 * the control test is exact about whether any byte is one; the space mask
 * (the high bit of each byte that is a space, exactly) is paired with itself
 * one byte on, and with the last byte of the eight before. */
static bool clean_already(const char *s, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80, low7 = ones * 0x7F;
    uint64_t prev = 0; /* the space mask of the eight bytes before */
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x = xc_load_le64(s + i), d = x ^ (ones * 0x7F), sp = x ^ (ones * ' ');
        if (((x - ones * 0x20) & ~x & high) | ((d - ones) & ~d & high)) return false;
        uint64_t z = ~(((sp & low7) + low7) | sp | low7); /* spaces */
        if ((z & (z >> 8)) | (z & (prev >> 56))) return false;
        prev = z;
    }
    bool space = prev >> 63;
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F || (c == ' ' && space)) return false;
        space = c == ' ';
    }
    return true;
}

/* Text from a document or a path: white space runs become one space and
 * other control characters U+FFFD. */
static void put_clean(tw *out, const char *s, size_t n)
{
    if (clean_already(s, n)) {
        tw_put(out, s, n);
        return;
    }
    /* runs of bytes that go out as they are are written at once: all but a
     * blank after a blank, a line break or tab (one space for a run of
     * blanks) and a control character (U+FFFD) */
    size_t from = 0;
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        bool blank = c == '\n' || c == '\r' || c == '\t' || c == ' ';
        if (c == ' ' && !space) {
            space = true;
            continue;
        }
        if (!blank && c >= 0x20 && c != 0x7F) {
            space = false;
            continue;
        }
        if (i > from) tw_put(out, s + from, i - from);
        from = i + 1;
        if (blank) {
            if (!space) tw_putc(out, ' ');
            space = true;
        } else {
            space = false;
            tw_put(out, "\xEF\xBF\xBD", 3);
        }
    }
    if (n > from) tw_put(out, s + from, n - from);
}

static void put_cleans(tw *out, const char *s)
{
    if (s) put_clean(out, s, strlen(s));
}

static void plural(tw *out, bool *first, size_t n, const char *one, const char *many)
{
    if (!n) return;
    if (!*first) tw_put(out, ", ", 2);
    tw_uint(out, n);
    tw_putc(out, ' ');
    tw_puts(out, n == 1 ? one : many);
    *first = false;
}

/* Moves i back to the start of a UTF-8 sequence. */
static size_t char_start(const char *s, size_t i)
{
    while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80) i--;
    return i;
}

/* The sentence around a claim, with the claim's words marked. Falls back to
 * the claim's own text when the document has no sentence index. */
static void put_context(tw *out, const xc_run *run, const xc_doc *doc, xc_range fold, xc_span span,
                        const char *claim_text)
{
    if (!doc->text || fold.end <= fold.start || fold.end > doc->fold_len || doc->sents.n == 0) {
        tw_putc(out, '"');
        if (claim_text)
            put_cleans(out, claim_text);
        else if (doc->raw && span.start < span.end && span.end <= doc->raw_len)
            put_clean(out, doc->raw + span.start, span.end - span.start); /* as in the file */
        tw_putc(out, '"');
        return;
    }
    const xc_sentence *sent = &doc->sents.v[xc_doc_sentence_at(doc, fold.start)];
    size_t ss, se, ms, me;
    xc_doc_text_range(doc, sent->start, sent->end > fold.end ? sent->end : fold.end, &ss, &se);
    xc_doc_text_range(doc, fold.start, fold.end, &ms, &me);
    if (se > doc->text_len) se = doc->text_len;
    if (me > se) me = se;
    if (ms < ss) ss = ms;
    if (ms > me) ms = me;
    /* Long sentences are cut to a window around the claim. */
    const size_t margin = 120;
    bool cut_left = false, cut_right = false;
    /* Cuts fall on a space when there is one in the window, so words stay whole. */
    if (ms - ss > margin) {
        ss = char_start(doc->text, ms - margin);
        size_t sp = ss;
        while (sp < ms && doc->text[sp] != ' ' && doc->text[sp] != '\n') sp++;
        if (sp < ms) ss = sp;
        cut_left = true;
    }
    if (se - me > margin) {
        se = char_start(doc->text, me + margin);
        size_t sp = se;
        while (sp > me && doc->text[sp - 1] != ' ' && doc->text[sp - 1] != '\n') sp--;
        if (sp > me) se = sp;
        cut_right = true;
    }
    while (ss < ms && (doc->text[ss] == ' ' || doc->text[ss] == '\n')) ss++;
    while (se > me && (doc->text[se - 1] == ' ' || doc->text[se - 1] == '\n')) se--;
    if (cut_left) tw_put(out, "\xE2\x80\xA6", 3);
    put_clean(out, doc->text + ss, ms - ss);
    paint(out, run, C_MARK);
    put_clean(out, doc->text + ms, me - ms);
    paint(out, run, C_RESET);
    put_clean(out, doc->text + me, se - me);
    if (cut_right) tw_put(out, "\xE2\x80\xA6", 3);
}

/* "[-removed-] {+added+}" with the marks coloured. */
static void put_diff(tw *out, const xc_run *run, const char *diff)
{
    for (const char *p = diff; *p;) {
        if (run->color && (!strncmp(p, "[-", 2) || !strncmp(p, "{+", 2))) {
            bool del = p[0] == '[';
            const char *close = strstr(p + 2, del ? "-]" : "+}");
            if (close) {
                tw_puts(out, del ? C_DEL : C_INS);
                put_clean(out, p, (size_t)(close + 2 - p));
                tw_puts(out, C_RESET);
                p = close + 2;
                continue;
            }
        }
        const char *next = p + 1;
        while (*next && *next != '[' && *next != '{') next++;
        put_clean(out, p, (size_t)(next - p));
        p = next;
    }
}

static void put_finding(tw *out, const xc_run *run, const xc_finding *f)
{
    tw_put(out, "  ", 2);
    paint(out, run, sev_color(f->severity));
    tw_puts(out, xc_severity_name(f->severity));
    paint(out, run, C_RESET);
    tw_putc(out, ' ');
    paint(out, run, C_BOLD);
    put_cleans(out, f->kind);
    paint(out, run, C_RESET);
    if (f->concept) {
        tw_put(out, " (", 2);
        put_cleans(out, f->concept);
        tw_putc(out, ')');
    }
    tw_put(out, ": ", 2);
    put_cleans(out, f->message);
    tw_putc(out, '\n');
    for (size_t i = 0; i < f->n_claims; i++) {
        const xc_claim *c = &f->claims[i];
        xc_span span;
        const char *text;
        xc_range fold;
        if (!xc_claim_locate(c, &span, &text, &fold)) continue;
        unsigned line, col;
        xc_doc_position(c->doc, span.start, &line, &col);
        tw_put(out, "    ", 4);
        put_cleans(out, c->doc->path);
        tw_putc(out, ':');
        tw_uint(out, line);
        tw_putc(out, ':');
        tw_uint(out, col);
        tw_put(out, ": ", 2);
        put_context(out, run, c->doc, fold, span, text);
        tw_putc(out, '\n');
    }
    if (f->diff) {
        tw_put(out, "    diff: ", 10);
        put_diff(out, run, f->diff);
        tw_putc(out, '\n');
    }
}

void xc_report_text_finding(FILE *out, const xc_run *run, const xc_finding *f)
{
    tw o;
    tw_init(&o, out);
    put_finding(&o, run, f);
    tw_flush(&o);
}

static void put_doc_warnings(tw *out, const xc_run *run, const xc_doc *doc)
{
    const xc_diags *d = doc->diags;
    for (size_t i = 0; i < xc_diags_count(d); i++) {
        const xc_diag *x = xc_diags_get(d, i);
        tw_put(out, "  ", 2);
        put_cleans(out, x->file ? x->file : doc->path);
        if (x->line) {
            tw_putc(out, ':');
            tw_uint(out, x->line);
            tw_putc(out, ':');
            tw_uint(out, x->column);
        }
        tw_put(out, ": ", 2);
        paint(out, run, sev_color(x->severity));
        tw_puts(out, xc_severity_name(x->severity));
        paint(out, run, C_RESET);
        tw_put(out, ": ", 2);
        put_cleans(out, x->message);
        tw_put(out, " [", 2);
        tw_puts(out, x->code);
        tw_put(out, "]\n", 2);
    }
}

static size_t count_kind(const xc_finding *f, size_t n, const xc_run *run, const char *kind)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += f[i].severity >= run->min_severity && f[i].kind && !strcmp(f[i].kind, kind);
    return k;
}

static void put_story(tw *out, const xc_run *run, const xc_story *story, xc_report_totals *totals)
{
    const xc_doc *const *docs;
    size_t nd = xc_story_docs(story, &docs);
    const xc_finding *f;
    size_t nf = xc_story_findings(story, &f);
    size_t figures = 0, quotes = 0;
    for (size_t i = 0; i < nd; i++) figures += docs[i]->figures.n, quotes += docs[i]->quotes.n;

    paint(out, run, C_BOLD);
    put_cleans(out, xc_story_name(story));
    paint(out, run, C_RESET);
    tw_put(out, ": ", 2);
    bool first = true;
    size_t drafts = 0;
    for (size_t i = 0; i < nd; i++) drafts += xc_run_is_draft(run, docs[i]);
    plural(out, &first, drafts, "draft", "drafts");
    plural(out, &first, nd - drafts, "source", "sources");
    if (first) tw_puts(out, "no documents"), first = false;
    tw_put(out, ", ", 2);
    tw_uint(out, figures);
    tw_puts(out, figures == 1 ? " figure, " : " figures, ");
    tw_uint(out, quotes);
    tw_puts(out, quotes == 1 ? " quote" : " quotes");
    size_t shown = 0;
    for (size_t i = 0; i < nf; i++) shown += f[i].severity >= run->min_severity;
    size_t conflicts =
        count_kind(f, nf, run, "figure-conflict") + count_kind(f, nf, run, "date-conflict");
    plural(out, &first, conflicts, "conflict", "conflicts");
    plural(out, &first, count_kind(f, nf, run, "quote-altered"), "altered quote", "altered quotes");
    plural(out, &first, count_kind(f, nf, run, "quote-misattributed"), "misattributed quote",
           "misattributed quotes");
    plural(out, &first, count_kind(f, nf, run, "quote-unsourced"), "unsourced quote",
           "unsourced quotes");
    plural(out, &first, count_kind(f, nf, run, "name-variant"), "name variant", "name variants");
    plural(out, &first, count_kind(f, nf, run, "figure-agreement"), "agreement", "agreements");
    plural(out, &first, count_kind(f, nf, run, "single-source"), "single-source figure",
           "single-source figures");
    if (!shown) tw_puts(out, ", no discrepancies");
    tw_putc(out, '\n');

    for (int sev = XC_ERROR; sev >= (int)run->min_severity; sev--)
        for (size_t i = 0; i < nf; i++)
            if ((int)f[i].severity == sev) put_finding(out, run, &f[i]);
    for (size_t i = 0; i < nd; i++) put_doc_warnings(out, run, docs[i]);

    if (totals) {
        totals->docs += nd;
        totals->stories++;
        for (size_t i = 0; i < nf; i++)
            if (f[i].severity >= run->min_severity && f[i].severity <= XC_ERROR)
                totals->findings[f[i].severity]++;
    }
}

xc_status xc_report_text_story(FILE *out, const xc_run *run, const xc_story *story,
                               xc_report_totals *totals)
{
    tw o;
    tw_init(&o, out);
    put_story(&o, run, story, totals);
    tw_flush(&o);
    return ferror(out) ? XC_ERR_IO : XC_OK;
}

xc_status xc_report_text_end(FILE *f, const xc_run *run, const xc_skip *skipped, size_t n_skipped,
                             const xc_report_totals *t)
{
    tw o, *out = &o;
    tw_init(out, f);
    if (n_skipped) {
        paint(out, run, C_BOLD);
        tw_puts(out, "skipped");
        paint(out, run, C_RESET);
        tw_put(out, ": ", 2);
        tw_uint(out, n_skipped);
        tw_puts(out, n_skipped == 1 ? " file\n" : " files\n");
        for (size_t i = 0; i < n_skipped; i++) {
            tw_put(out, "  ", 2);
            put_cleans(out, skipped[i].path);
            tw_put(out, ": ", 2);
            put_cleans(out, skipped[i].reason ? skipped[i].reason : "skipped");
            tw_putc(out, '\n');
        }
    }
    tw_uint(out, t->docs);
    tw_puts(out, t->docs == 1 ? " document read, " : " documents read, ");
    tw_uint(out, n_skipped);
    tw_put(out, " skipped, ", 10);
    tw_uint(out, t->stories);
    tw_puts(out, t->stories == 1 ? " story; " : " stories; ");
    tw_uint(out, t->findings[XC_ERROR]);
    tw_puts(out, t->findings[XC_ERROR] == 1 ? " error, " : " errors, ");
    tw_uint(out, t->findings[XC_WARNING]);
    tw_puts(out, t->findings[XC_WARNING] == 1 ? " warning, " : " warnings, ");
    tw_uint(out, t->findings[XC_INFO]);
    tw_puts(out, " info\n");
    tw_flush(out);
    return ferror(f) ? XC_ERR_IO : XC_OK;
}

/* `extract --format text`: one line per document. */
static xc_status report_extract(FILE *f, const xc_run *run)
{
    tw o, *out = &o;
    tw_init(out, f);
    size_t read = 0, skipped = 0;
    for (size_t i = 0; i < run->n_docs; i++) {
        const xc_doc *d = run->docs[i];
        put_cleans(out, d->path);
        if (d->status != XC_DOC_OK) {
            tw_puts(out, ": skipped: ");
            put_cleans(out, d->reason ? d->reason : "skipped");
            tw_putc(out, '\n');
            skipped++;
            continue;
        }
        read++;
        tw_put(out, ": ", 2);
        tw_uint(out, d->people.n);
        tw_puts(out, " people, ");
        tw_uint(out, d->quotes.n);
        tw_puts(out, " quotes, ");
        tw_uint(out, d->dates.n);
        tw_puts(out, " dates, ");
        tw_uint(out, d->figures.n);
        tw_puts(out, " figures\n");
        put_doc_warnings(out, run, d);
    }
    tw_uint(out, read);
    tw_puts(out, read == 1 ? " document read, " : " documents read, ");
    tw_uint(out, skipped);
    tw_puts(out, " skipped\n");
    tw_flush(out);
    return ferror(f) ? XC_ERR_IO : XC_OK;
}

xc_status xc_report_text(FILE *out, const xc_run *run)
{
    if (run->command && !strcmp(run->command, "extract")) return report_extract(out, run);
    xc_report_totals t = {0};
    xc_status st = XC_OK;
    for (size_t i = 0; i < run->n_stories && st == XC_OK; i++)
        st = xc_report_text_story(out, run, run->stories[i], &t);
    if (st != XC_OK) return st;
    XC_VEC(xc_skip) skipped = {0};
    for (size_t i = 0; i < run->n_docs; i++) {
        const xc_doc *d = run->docs[i];
        if (d->status != XC_DOC_OK && xc_vec_push(&skipped, ((xc_skip){d->path, d->reason}))) {
            xc_vec_free(&skipped);
            return XC_ERR_NOMEM;
        }
    }
    st = xc_report_text_end(out, run, skipped.v, skipped.n, &t);
    xc_vec_free(&skipped);
    return st;
}
