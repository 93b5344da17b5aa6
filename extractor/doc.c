/* doc.c — the document object: loading through the input stages, accessors,
 * coordinate conversions, and the table of extractors. */
#include "internal.h"

#include <stdio.h>

static xc_doc *doc_alloc(const char *path)
{
    xc_doc *doc = calloc(1, sizeof(*doc));
    if (!doc) return NULL;
    xc_arena_init(&doc->arena);
    doc->diags = xc_diags_new();
    /* not in the arena: a document read ahead of its extraction then
     * holds no arena chunk (a skipped one's reason takes one) */
    doc->path = strdup(path ? path : "");
    if (!doc->diags || !doc->path) {
        xc_doc_free(doc);
        return NULL;
    }
    return doc;
}

void xc_doc_free(xc_doc *doc)
{
    if (!doc) return;
    /* utf8 may be raw itself, text utf8, fold text (xc_doc_share_layers) */
    if (doc->fold != doc->text) free(doc->fold);
    if (doc->text != doc->utf8) free(doc->text);
    if (doc->utf8 != doc->raw) free(doc->utf8);
    free(doc->raw);
    free(doc->path);
    xc_omap_free(&doc->utf8_map);
    xc_omap_free(&doc->text_map);
    xc_omap_free(&doc->fold_map);
    xc_vec_free(&doc->lines);
    xc_vec_free(&doc->cp_blocks);
    xc_vec_free(&doc->paras);
    xc_vec_free(&doc->sents);
    xc_vec_free(&doc->seg_words);
    xc_vec_free(&doc->tokens);
    xc_vec_free(&doc->headings);
    xc_vec_free(&doc->disabled);
    xc_vec_free(&doc->quotes);
    xc_vec_free(&doc->quote_fold);
    xc_vec_free(&doc->people);
    xc_vec_free(&doc->mentions);
    xc_vec_free(&doc->mention_fold);
    xc_vec_free(&doc->figures);
    xc_vec_free(&doc->figure_fold);
    xc_vec_free(&doc->dates);
    xc_vec_free(&doc->date_fold);
    xc_diags_free(doc->diags);
    xc_arena_free(&doc->arena);
    free(doc);
}

xc_doc *xc_doc_new_skipped(const char *path, const char *reason)
{
    xc_doc *doc = doc_alloc(path);
    if (!doc) return NULL;
    doc->status = XC_DOC_SKIPPED;
    doc->reason = xc_arena_strdup(&doc->arena, reason ? reason : "skipped");
    return doc;
}

/* Lines of news text are paragraphs: shorter than this, counting the line
 * itself is as cheap as two block lookups. */
#define XC_COUNT_DIRECT 256

/* Whether some line of the utf8 layer is longer than XC_COUNT_DIRECT bytes:
 * xc_doc_position counts the columns of shorter lines directly and never
 * looks at the block index for them. Without a line index, true. */
static bool doc_has_long_line(const xc_doc *doc)
{
    if (doc->lines.n == 0) return true;
    for (size_t i = 1; i < doc->lines.n; i++)
        if (doc->lines.v[i] - doc->lines.v[i - 1] > XC_COUNT_DIRECT) return true;
    return doc->utf8_len - doc->lines.v[doc->lines.n - 1] > XC_COUNT_DIRECT;
}

/* Code points before each block of the utf8 layer, and after the last one
 * (see xc_doc_position). A document that is all ASCII (xc_corpus_decode
 * says so: its check of the bytes saw none past ASCII), or whose lines are
 * all short, gets none: no column of it needs them. */
static int doc_index_code_points(xc_doc *doc)
{
    doc->cp_blocks.n = 0;
    if (doc->utf8_ascii || !doc_has_long_line(doc)) return 0;
    size_t blocks = doc->utf8_len / XC_CP_BLOCK + 1, cont = 0;
    if (xc_vec_reserve_exact(&doc->cp_blocks, blocks + 1)) return -1;
    /* As many code points as bytes, less the continuation bytes (10xxxxxx)
     * before: a block's ASCII up to its first byte past ASCII is skipped,
     * and the rest counted eight bytes at a time (xc_utf8_count). */
    for (size_t b = 0; b < blocks; b++) {
        size_t start = b * XC_CP_BLOCK, end = start + XC_CP_BLOCK;
        doc->cp_blocks.v[doc->cp_blocks.n++] = start - cont;
        if (end > doc->utf8_len) end = doc->utf8_len;
        if (start >= end) continue;
        size_t q = xc_next_non_ascii(doc->utf8, start, end);
        if (q < end) cont += (end - q) - xc_utf8_count(doc->utf8 + q, end - q);
    }
    doc->cp_blocks.v[doc->cp_blocks.n++] = doc->utf8_len - cont;
    return 0;
}

/* A layer that is byte for byte the layer below it is not kept twice: text
 * is utf8 itself when no markup, line ending or normalization changed
 * anything (plain text), fold is text itself when no quote mark, dash or
 * space was folded (ASCII). A document waiting in a story of thousands keeps
 * one copy of its text instead of three. */
static void doc_share_text(xc_doc *doc)
{
    if (doc->text == doc->utf8 || !doc->text || !doc->utf8 || doc->text_len != doc->utf8_len ||
        memcmp(doc->text, doc->utf8, doc->text_len))
        return;
    free(doc->text);
    doc->text = doc->utf8;
}

static void doc_share_fold(xc_doc *doc)
{
    if (doc->fold == doc->text || !doc->fold || doc->fold_map.runs.n ||
        doc->fold_len != doc->text_len)
        return;
    free(doc->fold);
    doc->fold = doc->text;
}

/* Runs the input stages on doc->raw. Once decoded, the file's bytes are
 * needed no more when they are not utf8 itself: their offsets (every span
 * is one) and their length stay, the bytes go. */
static xc_doc *doc_prepare(xc_doc *doc, const xc_load_opts *opts)
{
    if (doc->status == XC_DOC_OK && xc_corpus_decode(doc, opts) == XC_ERR_NOMEM) goto oom;
    if (doc->status == XC_DOC_OK && doc->utf8 && doc->utf8 != doc->raw) {
        free(doc->raw);
        doc->raw = NULL;
    }
    if (doc->status == XC_DOC_OK) doc_share_text(doc);
    if (doc->status == XC_DOC_OK && doc->utf8 && doc_index_code_points(doc)) goto oom;
    if (doc->status == XC_DOC_OK && xc_text_fold(doc) == XC_ERR_NOMEM) goto oom;
    if (doc->status == XC_DOC_OK) doc_share_fold(doc);
    if (doc->status == XC_DOC_OK && xc_segment(doc, NULL) == XC_ERR_NOMEM) goto oom;
    return doc;
oom:
    xc_doc_free(doc);
    return NULL;
}

xc_doc *xc_doc_load_mem(const char *name, const char *bytes, size_t len, const xc_load_opts *opts)
{
    xc_doc *doc = doc_alloc(name);
    if (!doc) return NULL;
    doc->raw = malloc(len + 1);
    if (!doc->raw) {
        xc_doc_free(doc);
        return NULL;
    }
    if (len) memcpy(doc->raw, bytes, len);
    doc->raw[len] = '\0';
    doc->raw_len = len;
    return doc_prepare(doc, opts);
}

xc_doc *xc_doc_read_file(const char *path, const xc_load_opts *opts, xc_folder *folder)
{
    xc_doc *doc = doc_alloc(path);
    if (doc && xc_corpus_read(doc, path, opts, folder) == XC_ERR_NOMEM) {
        xc_doc_free(doc);
        return NULL;
    }
    return doc;
}

xc_doc *xc_doc_finish_load(xc_doc *doc, const xc_load_opts *opts)
{
    return doc ? doc_prepare(doc, opts) : NULL;
}

xc_doc *xc_doc_load_file(const char *path, const xc_load_opts *opts)
{
    return xc_doc_finish_load(xc_doc_read_file(path, opts, NULL), opts);
}

/* ------------------------------------------------------------ accessors */

const char *xc_doc_path(const xc_doc *doc)
{
    return doc->path;
}

xc_doc_status xc_doc_status_of(const xc_doc *doc)
{
    return doc->status;
}

const char *xc_doc_reason(const xc_doc *doc)
{
    return doc->status == XC_DOC_OK ? NULL : doc->reason;
}

xc_doc_format xc_doc_format_of(const xc_doc *doc)
{
    return doc->format;
}

const char *xc_doc_meta(const xc_doc *doc, const char *key)
{
    if (!strcmp(key, "title")) return doc->title;
    if (!strcmp(key, "source")) return doc->source;
    if (!strcmp(key, "date")) return doc->date;
    if (!strcmp(key, "url")) return doc->url;
    if (!strcmp(key, "author")) return doc->author;
    return NULL;
}

const xc_diags *xc_doc_diags(const xc_doc *doc)
{
    return doc->diags;
}

const char *xc_doc_text(const xc_doc *doc, size_t *len)
{
    if (len) *len = doc->text_len;
    return doc->text ? doc->text : "";
}

size_t xc_doc_paragraph_count(const xc_doc *doc)
{
    return doc->paras.n;
}

size_t xc_doc_sentence_count(const xc_doc *doc)
{
    return doc->sents.n;
}

size_t xc_doc_quotes(const xc_doc *doc, const xc_quote **out)
{
    *out = doc->quotes.v;
    return doc->quotes.n;
}

size_t xc_doc_people(const xc_doc *doc, const xc_person **out)
{
    *out = doc->people.v;
    return doc->people.n;
}

size_t xc_doc_mentions(const xc_doc *doc, const xc_mention **out)
{
    *out = doc->mentions.v;
    return doc->mentions.n;
}

size_t xc_doc_figures(const xc_doc *doc, const xc_figure **out)
{
    *out = doc->figures.v;
    return doc->figures.n;
}

size_t xc_doc_dates(const xc_doc *doc, const xc_date **out)
{
    *out = doc->dates.v;
    return doc->dates.n;
}

/* ---------------------------------------------------------- coordinates */

/* xc_omap_start and xc_omap_end, without the call when the offset falls in
 * the map's first run and that run is copied (their answer is then the same
 * offset in the run's input), or the map has no runs (the identity): the
 * text map of plain text is one copied run, most documents' utf8 map and
 * the fold map of ASCII text have none. */
static inline size_t map_start(const xc_omap *m, size_t out)
{
    if (!m->runs.n) return out;
    const xc_omap_run *r = m->runs.v;
    if (r->out_len == r->in_len && out >= r->out && out - r->out < r->out_len)
        return r->in + (out - r->out);
    return xc_omap_start(m, out);
}

static inline size_t map_end(const xc_omap *m, size_t out_end)
{
    if (!m->runs.n) return out_end;
    const xc_omap_run *r = m->runs.v;
    if (r->out_len == r->in_len && out_end > r->out && out_end - r->out <= r->out_len)
        return r->in + (out_end - r->out);
    return xc_omap_end(m, out_end);
}

static size_t utf8_to_raw(const xc_doc *doc, size_t u, bool end)
{
    return end ? map_end(&doc->utf8_map, u) : map_start(&doc->utf8_map, u);
}

void xc_doc_text_range(const xc_doc *doc, size_t fs, size_t fe, size_t *start, size_t *end)
{
    *start = map_start(&doc->fold_map, fs);
    *end = fe > fs ? map_end(&doc->fold_map, fe) : *start;
    if (*end < *start) *end = *start;
}

/* How far fold offsets are the text's and the raw bytes' own offsets in
 * doc: the part of the document before the first byte a map moves, where
 * each map's first run is copied from offset 0. SIZE_MAX when no map
 * changes an offset (plain ASCII text, the most common document: no fold
 * map, no utf8 map, and a text map of one run copied from 0 or none); for
 * any other document, up to its first curly quote, markup or letter past
 * ASCII (often well after the claims of the lead), or 0 when a map's first
 * run is not copied from 0. A fold range [fs, fe) with fs below the limit
 * and max(fs, fe) at most it is then its own text range and raw span,
 * [fs, max(fs, fe)) (xc_doc_text_range and text_span answer the same
 * there, each map's first run being the identity). */
size_t xc_doc_plain_limit(const xc_doc *doc)
{
    const xc_omap *maps[3] = {&doc->fold_map, &doc->text_map, &doc->utf8_map};
    size_t lim = SIZE_MAX;
    for (int i = 0; i < 3; i++) {
        if (!maps[i]->runs.n) continue; /* the identity */
        const xc_omap_run *r = maps[i]->runs.v;
        if (r->out || r->in || r->out_len != r->in_len) return 0;
        if (r->out_len < lim) lim = r->out_len;
    }
    return lim;
}

/* Whether fold [fs, fe) is below the plain limit (see xc_doc_plain_limit):
 * *ts and *te are then its text range, which is its raw span too. False in
 * any other case: the maps are read. (A copy of the text, which reads the
 * fold map alone, needs no such test.) */
static inline bool plain_range(const xc_doc *doc, size_t fs, size_t fe, size_t *ts, size_t *te)
{
    size_t lim = xc_doc_plain_limit(doc);
    size_t e = fe > fs ? fe : fs;
    if (fs >= lim || e > lim) return false;
    *ts = fs, *te = e;
    return true;
}

/* The raw span of a text range. */
static xc_span text_span(const xc_doc *doc, size_t ts, size_t te)
{
    size_t us = map_start(&doc->text_map, ts);
    size_t ue = te > ts ? map_end(&doc->text_map, te) : us;
    xc_span sp = {utf8_to_raw(doc, us, false), ue > us ? utf8_to_raw(doc, ue, true) : 0};
    if (sp.end < sp.start) sp.end = sp.start;
    return sp;
}

xc_span xc_doc_span(const xc_doc *doc, size_t fs, size_t fe)
{
    size_t ts, te;
    if (plain_range(doc, fs, fe, &ts, &te)) return (xc_span){ts, te};
    xc_doc_text_range(doc, fs, fe, &ts, &te);
    return text_span(doc, ts, te);
}

char *xc_doc_copy_text(xc_doc *doc, size_t fs, size_t fe)
{
    size_t ts, te;
    xc_doc_text_range(doc, fs, fe, &ts, &te);
    return xc_doc_text_copy(doc, ts, te);
}

char *xc_doc_span_text(xc_doc *doc, size_t fs, size_t fe, xc_span *span)
{
    size_t ts, te;
    if (plain_range(doc, fs, fe, &ts, &te)) {
        *span = (xc_span){ts, te};
    } else {
        xc_doc_text_range(doc, fs, fe, &ts, &te);
        *span = text_span(doc, ts, te);
    }
    return xc_doc_text_copy(doc, ts, te);
}

size_t xc_doc_sentence_at(const xc_doc *doc, size_t pos)
{
    size_t lo = 0, hi = doc->sents.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->sents.v[mid].start <= pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? lo - 1 : 0;
}

size_t xc_doc_para_at(const xc_doc *doc, size_t pos)
{
    size_t i = xc_ranges_before(doc->paras.v, doc->paras.n, pos + 1);
    return i ? i - 1 : 0;
}

/* utf8 offset of a raw offset: the inverse of utf8_map, by scanning runs. */
static size_t raw_to_utf8(const xc_doc *doc, size_t raw)
{
    const xc_omap *m = &doc->utf8_map;
    if (m->runs.n == 0) return raw;
    size_t lo = 0, hi = m->runs.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->runs.v[mid].in <= raw)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!lo) return 0;
    const xc_omap_run *r = &m->runs.v[lo - 1];
    if (raw >= r->in + r->in_len) return r->out + r->out_len;
    if (r->in_len == r->out_len) return r->out + (raw - r->in);
    return r->out;
}

/* Code points in utf8[0..u): the block index, then at most one block. A
 * block with as many code points as bytes has no continuation byte (it is
 * ASCII, but for a lead byte at its very end), so every byte in it starts a
 * code point and offsets inside it are counts. */
static size_t doc_code_points_before(const xc_doc *doc, size_t u)
{
    if (!doc->utf8) return 0;
    size_t b = u / XC_CP_BLOCK, start = b * XC_CP_BLOCK;
    if (b + 1 >= doc->cp_blocks.n) return xc_utf8_count(doc->utf8, u);
    size_t end = start + XC_CP_BLOCK < doc->utf8_len ? start + XC_CP_BLOCK : doc->utf8_len;
    size_t before = doc->cp_blocks.v[b];
    if (doc->cp_blocks.v[b + 1] - before == end - start) return before + (u - start);
    return before + xc_utf8_count(doc->utf8 + start, u - start);
}

/* The number of line starts at or before utf8 offset u among doc->lines
 * [lo, n) (those before lo are known to be): the 1-based line of u. */
static size_t line_of(const xc_doc *doc, size_t u, size_t lo)
{
    const size_t *ls = doc->lines.v;
    size_t hi = doc->lines.n;
    /* A search from the first line starts at the line that u would be on
     * if the lines were all as long (news text's paragraphs are much
     * alike): the line starts a few steps from there answer most searches,
     * and the search goes on between those it has passed otherwise. Any
     * guess gives the same answer: it only bounds the search. */
    if (lo == 0 && hi > 8 && u < doc->utf8_len) {
        size_t g = (size_t)((uint64_t)u * hi / doc->utf8_len);
        if (g >= hi) g = hi - 1;
        if (ls[g] <= u) {
            for (lo = g + 1; lo < hi && lo <= g + 4; lo++)
                if (ls[lo] > u) return lo;
        } else {
            for (hi = g; hi > lo && hi + 4 >= g; hi--)
                if (ls[hi - 1] <= u) return hi;
        }
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ls[mid] <= u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The 1-based column of utf8 offset u on line `line` (as line_of gives). */
static unsigned column_of(const xc_doc *doc, size_t u, size_t line)
{
    size_t ls = line ? doc->lines.v[line - 1] : 0;
    if (ls > u) ls = u;
    size_t cps;
    if (!doc->utf8)
        cps = 0;
    else if (doc->utf8_ascii)
        cps = u - ls;
    else if (u - ls <= XC_COUNT_DIRECT)
        cps = xc_utf8_count(doc->utf8 + ls, u - ls);
    else
        cps = doc_code_points_before(doc, u) - doc_code_points_before(doc, ls);
    return (unsigned)(cps + 1);
}

static size_t utf8_of(const xc_doc *doc, size_t offset)
{
    size_t u = raw_to_utf8(doc, offset);
    return u > doc->utf8_len ? doc->utf8_len : u;
}

void xc_doc_position(const xc_doc *doc, size_t offset, unsigned *line, unsigned *column)
{
    size_t u = utf8_of(doc, offset);
    size_t lo = line_of(doc, u, 0);
    *line = (unsigned)(lo ? lo : 1);
    *column = column_of(doc, u, lo);
}

void xc_doc_span_position(const xc_doc *doc, xc_span span, unsigned pos[4])
{
    size_t u = utf8_of(doc, span.start), v = utf8_of(doc, span.end);
    size_t lo = line_of(doc, u, 0);
    /* the end is on the start's line, or a few lines on: looked for from
     * there (the search over all lines only when it is not) */
    size_t le = v < u ? line_of(doc, v, 0) : lo;
    for (int step = 0; v >= u && le < doc->lines.n && doc->lines.v[le] <= v; step++) {
        if (step == 4) {
            le = line_of(doc, v, le);
            break;
        }
        le++;
    }
    pos[0] = (unsigned)(lo ? lo : 1);
    pos[1] = column_of(doc, u, lo);
    pos[2] = (unsigned)(le ? le : 1);
    /* an end on the start's line (most spans: a name, a figure, a quote
     * within its paragraph) is the start's column and the code points
     * between the two: the line's bytes before the start are not counted
     * again (a column counts the bytes that start a code point, so the two
     * counts add up) */
    if (le == lo && v >= u && v - u <= XC_COUNT_DIRECT) {
        size_t cps = !doc->utf8 ? 0 : doc->utf8_ascii ? v - u : xc_utf8_count(doc->utf8 + u, v - u);
        pos[3] = pos[1] + (unsigned)cps;
    } else {
        pos[3] = column_of(doc, v, le);
    }
}

const char *xc_doc_line_text(const xc_doc *doc, size_t raw_offset)
{
    if (!doc->utf8) return NULL;
    size_t u = raw_to_utf8(doc, raw_offset);
    if (u > doc->utf8_len) u = doc->utf8_len;
    size_t s = u, e = u;
    while (s > 0 && doc->utf8[s - 1] != '\n' && doc->utf8[s - 1] != '\r') s--;
    while (e < doc->utf8_len && doc->utf8[e] != '\n' && doc->utf8[e] != '\r') e++;
    return xc_arena_strndup((xc_arena *)&doc->arena, doc->utf8 + s, e - s);
}

void xc_doc_warn(xc_doc *doc, const char *code, size_t fold_pos, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    xc_doc_warn_text(doc, code, fold_pos, msg);
}

void xc_doc_warn_text(xc_doc *doc, const char *code, size_t fold_pos, const char *msg)
{
    unsigned line = 0, col = 0;
    size_t off = SIZE_MAX;
    if (fold_pos != SIZE_MAX && doc->fold) {
        off = xc_doc_span(doc, fold_pos, fold_pos).start;
        xc_doc_position(doc, off, &line, &col);
    }
    xc_diags_add_text(doc->diags, XC_WARNING, code, doc->path, line, col, off, NULL, msg);
}

/* ----------------------------------------------------------- extraction */

/* The extractors, in order: people first (speakers and ages need them),
 * quotes (figures inside quotes are cited to the speaker), dates (so years
 * and days are not read as figures), figures last. */
static const struct {
    const char *name;
    xc_status (*run)(xc_doc *, const xc_rules *, xc_worker *);
} extractors[] = {
    {"people", xc_extract_people},
    {"quotes", xc_extract_quotes},
    {"dates", xc_extract_dates},
    {"figures", xc_extract_figures},
};

void xc_doc_drop_fold(xc_doc *doc)
{
    if (doc->fold != doc->text) free(doc->fold);
    doc->fold = NULL;
    xc_doc_drop_words(doc);
}

void xc_doc_drop_words(xc_doc *doc)
{
    xc_vec_free(&doc->tokens);
    doc->tokens_ok = false;
}

void xc_doc_fit(xc_doc *doc)
{
    xc_doc_drop_words(doc);
    xc_vec_fit(&doc->lines);
    xc_vec_fit(&doc->cp_blocks);
    xc_vec_fit(&doc->paras);
    xc_vec_fit(&doc->sents);
    xc_vec_fit(&doc->headings);
    xc_vec_fit(&doc->seg_words);
    xc_vec_fit(&doc->quotes);
    xc_vec_fit(&doc->quote_fold);
    xc_vec_fit(&doc->people);
    xc_vec_fit(&doc->mentions);
    xc_vec_fit(&doc->mention_fold);
    xc_vec_fit(&doc->figures);
    xc_vec_fit(&doc->figure_fold);
    xc_vec_fit(&doc->dates);
    xc_vec_fit(&doc->date_fold);
}

/* The first stage of extraction: the sentences as the rule set splits them,
 * and the word index the extractors read, made here once for all of them
 * (an extractor asking for it gets this one). A long text's is made a
 * window at a time by each extractor instead (xc_word_window). */
static xc_status extract_begin(xc_doc *doc, const xc_rules *rules)
{
    xc_status st = xc_segment(doc, rules);
    if (st != XC_OK) return st;
    const xc_tokens *words;
    if (xc_word_window_whole(doc) && xc_doc_tokens(doc, &words) == XC_ERR_NOMEM)
        return XC_ERR_NOMEM;
    return XC_OK;
}

/* Extractor i on doc: XC_ERR_NOMEM, or XC_OK (another failure is the
 * document's warning). */
static xc_status extract_run(xc_doc *doc, size_t i, const xc_rules *rules, xc_worker *w)
{
    xc_status st = extractors[i].run(doc, rules, w);
    if (st == XC_ERR_NOMEM) return st;
    if (st != XC_OK)
        xc_doc_warn(doc, "extractor", SIZE_MAX, "%s extractor: %s", extractors[i].name,
                    xc_errmsg(st));
    return XC_OK;
}

/* The word index served the extractors. A news article's is kept for the
 * reading of its capitalized names (xc_claims_prepare), and goes once the
 * document is prepared (xc_doc_drop_words); a longer one's goes now, so
 * that it is never held beside the document's preparation (which then
 * reads the text itself). */
static void extract_end(xc_doc *doc)
{
    if (doc->fold_len > XC_WORDS_KEPT_MAX) xc_doc_drop_words(doc);
}

xc_status xc_extract(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    if (doc->status != XC_DOC_OK) return XC_OK;
    xc_status st = extract_begin(doc, rules);
    if (st != XC_OK) return st;
    for (size_t i = 0; i < sizeof extractors / sizeof *extractors; i++)
        if ((st = extract_run(doc, i, rules, w)) != XC_OK) return st;
    extract_end(doc);
    return XC_OK;
}

/* xc_extract_batch on at most 64 documents. */
static xc_status extract_64(xc_doc *const *docs, size_t n, const xc_rules *rules, xc_worker *w)
{
    uint64_t on = 0; /* the documents the extractors run on */
    for (size_t k = 0; k < n; k++) {
        if (docs[k]->status != XC_DOC_OK) continue;
        xc_status st = extract_begin(docs[k], rules);
        if (st == XC_ERR_NOMEM) return st;
        if (st == XC_OK) on |= (uint64_t)1 << k;
    }
    for (size_t i = 0; i < sizeof extractors / sizeof *extractors; i++)
        for (uint64_t m = on; m; m &= m - 1)
            if (extract_run(docs[__builtin_ctzll(m)], i, rules, w) != XC_OK) return XC_ERR_NOMEM;
    for (uint64_t m = on; m; m &= m - 1) extract_end(docs[__builtin_ctzll(m)]);
    return XC_OK;
}

xc_status xc_extract_batch(xc_doc *const *docs, size_t n, const xc_rules *rules, xc_worker *w)
{
    for (size_t k = 0; k < n; k += 64)
        if (extract_64(docs + k, n - k < 64 ? n - k : 64, rules, w) != XC_OK) return XC_ERR_NOMEM;
    return XC_OK;
}
