/*
 * internal.h — what the stages of libcrosscheck share with each other.
 *
 * Pipeline: corpus (read, decode, strip markup) -> text (NFC, matching view)
 * -> segment (paragraphs, sentences, lines) -> rules/engine -> extractors
 * (people, quotes, dates, figures) -> reconcile -> report.
 *
 * Three layers of text per document, each with an offset map to the one
 * below it:
 *   raw    the bytes of the file
 *   utf8   raw decoded to valid UTF-8 (Latin-1 transcoded, bad bytes -> U+FFFD,
 *          BOM removed); lines and columns are counted here
 *   text   utf8 with markup removed, entities decoded, CR/CRLF -> LF, NFC
 *   fold   text with quote marks, dashes and spaces folded to ASCII: the
 *          matching view every rule runs on
 * Extractors work in fold coordinates and convert to raw bytes for results.
 */
#ifndef XC_INTERNAL_H
#define XC_INTERNAL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <jansson.h>

#include "crosscheck.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define XC_UNUSED(x) (void)(x)

/* ------------------------------------------------------------- memory */

/* Bump allocator: everything of one document lives in its arena and is
 * freed in one call. Allocation failure aborts nothing: it returns NULL. */
typedef struct xc_arena_chunk xc_arena_chunk;
typedef struct {
    xc_arena_chunk *head;
} xc_arena;

void xc_arena_init(xc_arena *a);
void xc_arena_free(xc_arena *a);
void *xc_arena_alloc(xc_arena *a, size_t size); /* zeroed, 16-byte aligned */
/* Not zeroed, 16-byte aligned; the room is size rounded up to a multiple of
 * 16 (at least 16), all of which the caller may write. */
void *xc_arena_take(xc_arena *a, size_t size);
char *xc_arena_strndup(xc_arena *a, const char *s, size_t n);
char *xc_arena_strdup(xc_arena *a, const char *s);
char *xc_arena_printf(xc_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Growable arrays (malloc'd): XC_VEC(int) v = {0}; xc_vec_push(&v, 3). */
#define XC_VEC(T)                                                                                  \
    struct {                                                                                       \
        T *v;                                                                                      \
        size_t n, cap;                                                                             \
    }
/* Ensures room for `need` elements; returns 0, or -1 when out of memory. */
int xc_vec_reserve_(void **v, size_t *cap, size_t need, size_t elem);
/* The common case, room enough, without a call. */
static inline int xc_vec_reserve_inline_(void **v, size_t *cap, size_t need, size_t elem)
{
    return need <= *cap ? 0 : xc_vec_reserve_(v, cap, need, elem);
}
#define xc_vec_reserve(vec, need)                                                                  \
    xc_vec_reserve_inline_((void **)&(vec)->v, &(vec)->cap, (need), sizeof(*(vec)->v))
/* Appends x; evaluates to 0, or -1 when out of memory. */
#define xc_vec_push(vec, x)                                                                        \
    (xc_vec_reserve((vec), (vec)->n + 1) ? -1 : ((vec)->v[(vec)->n++] = (x), 0))
#define xc_vec_free(vec) (free((vec)->v), (vec)->v = NULL, (vec)->n = (vec)->cap = 0)
/* xc_vec_reserve_ without rounding up: a vector with room for fewer than
 * `need` elements gets room for exactly `need`, for one-shot buffers whose
 * size is known or bounded (a buffer the size of a document). Pushing past
 * it grows by doubling as usual. Returns 0, or -1 when out of memory. */
int xc_vec_reserve_exact_(void **v, size_t *cap, size_t need, size_t elem);
#define xc_vec_reserve_exact(vec, need)                                                            \
    xc_vec_reserve_exact_((void **)&(vec)->v, &(vec)->cap, (need), sizeof(*(vec)->v))
/* Gives back the room past the first n elements when it is large: at least
 * XC_VEC_SHRINK_MIN bytes and a quarter of the buffer (a large buffer that
 * ended far below its reservation). Smaller spare room is kept: giving it
 * back would cost a realloc per document for nothing. Never fails: when
 * realloc does, the buffer stays as it was. */
#define XC_VEC_SHRINK_MIN ((size_t)1 << 16)
void xc_vec_shrink_(void **v, size_t *cap, size_t n, size_t elem);
/* Gives back all the room past the first n elements unless it is less than
 * XC_VEC_FIT_MIN bytes (none left when n is 0): for what a document keeps
 * while the rest of its story is read, which may be thousands of documents.
 * Never fails: when realloc does, the buffer stays as it was. */
#define XC_VEC_FIT_MIN 256
void xc_vec_fit_(void **v, size_t *cap, size_t n, size_t elem);
#define xc_vec_fit(vec) xc_vec_fit_((void **)&(vec)->v, &(vec)->cap, (vec)->n, sizeof(*(vec)->v))
#define xc_vec_shrink(vec)                                                                         \
    xc_vec_shrink_((void **)&(vec)->v, &(vec)->cap, (vec)->n, sizeof(*(vec)->v))

/* Growable byte string, always NUL-terminated when s != NULL. */
typedef struct {
    char *s;
    size_t len, cap;
} xc_buf;
/* Room for need bytes in all (the NUL included): a first block of
 * XC_BUF_FIRST bytes or more, then twice the room until it fits (a string
 * that grows from nothing to a few kilobytes, as a document's part of a
 * report does, is moved five times instead of ten). 0, or -1 when out of
 * memory. */
#define XC_BUF_FIRST 256
int xc_buf_reserve(xc_buf *b, size_t need);
int xc_buf_add(xc_buf *b, const char *s, size_t n);
int xc_buf_addc(xc_buf *b, char c);
int xc_buf_adds(xc_buf *b, const char *s);
int xc_buf_printf(xc_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void xc_buf_free(xc_buf *b);
/* Room for n bytes in all (the NUL included), exactly, when it has less;
 * its text stays NUL-terminated. 0, or -1 when out of memory. */
static inline int xc_buf_reserve_exact(xc_buf *b, size_t n)
{
    if (xc_vec_reserve_exact_((void **)&b->s, &b->cap, n, 1)) return -1;
    if (b->s) b->s[b->len] = '\0';
    return 0;
}
/* Gives back the room past the text and its NUL. */
static inline void xc_buf_shrink(xc_buf *b)
{
    xc_vec_shrink_((void **)&b->s, &b->cap, b->len + 1, 1);
}

/* ------------------------------------------------------- diagnostics */

/* Appends a diagnostic; strings are copied. Returns 0 or -1 (no memory). */
int xc_diags_add(xc_diags *d, xc_severity sev, const char *code, const char *file, unsigned line,
                 unsigned column, size_t offset, const char *source_line, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));
/* The same with its message as it is (not a format). */
int xc_diags_add_text(xc_diags *d, xc_severity sev, const char *code, const char *file,
                      unsigned line, unsigned column, size_t offset, const char *source_line,
                      const char *message);
/* Copies every diagnostic of src to the end of dst. */
int xc_diags_append(xc_diags *dst, const xc_diags *src);

/* ------------------------------------------------------- offset maps */

/* Maps byte offsets of an output text to an input text. Built left to right
 * as runs: a copied run maps byte for byte; a replaced run (an entity, a
 * folded quote mark, a transcoded byte) maps every byte inside it to the
 * start of its input, and its end to the end of its input. Lookups are
 * binary searches, so the map costs one entry per change, not per byte. */
typedef struct {
    size_t out, in;         /* start of the run in output and input */
    size_t out_len, in_len; /* equal for copied runs */
} xc_omap_run;

typedef struct {
    XC_VEC(xc_omap_run) runs;
    size_t out_total, in_total;
} xc_omap;

int xc_omap_copy(xc_omap *m, size_t out, size_t in, size_t len);
int xc_omap_replace(xc_omap *m, size_t out, size_t out_len, size_t in, size_t in_len);
/* Input offset of output offset `out` (a start position). */
size_t xc_omap_start(const xc_omap *m, size_t out);
/* The same, given the last run of a map of runs starting at or before out
 * (NULL: none does): for a caller that walks the runs with a cursor of its
 * own instead of searching them. */
static inline size_t xc_omap_start_at(const xc_omap *m, const xc_omap_run *r, size_t out)
{
    if (!r) return m->runs.v[0].in;
    /* Past the run: bytes with no run of their own (generated text such as
     * paragraph breaks) map to the end of the run before them. */
    if (out >= r->out + r->out_len) return r->in + r->in_len;
    return r->out_len == r->in_len ? r->in + (out - r->out) : r->in;
}
/* Input offset of an exclusive end position. */
size_t xc_omap_end(const xc_omap *m, size_t out_end);
void xc_omap_free(xc_omap *m);

/* ------------------------------------------------------------ rules */

/* Word lists from rule files: `lists: {name: [w, ...]}` or
 * `{name: {word: value}}` or `{name: {word: {key: value, ...}}}`. A scalar
 * value is stored as the attribute "value". Lookups ignore case. */
typedef struct {
    const char *key, *value;
} xc_attr;

typedef struct {
    const char *word; /* as written in the rule file */
    const xc_attr *attrs;
    size_t n_attrs;
} xc_entry;

typedef struct xc_list xc_list;
typedef struct xc_rule xc_rule;

/* A list by name, or NULL. */
const xc_list *xc_rules_list(const xc_rules *rs, const char *name);
/* Entry whose word equals s[0..len) ignoring case, or NULL. Multi-word
 * entries ("according to") match with single spaces between words. */
const xc_entry *xc_list_find(const xc_list *l, const char *s, size_t len);
size_t xc_list_size(const xc_list *l);
const xc_entry *xc_list_at(const xc_list *l, size_t i);
/* Attribute of an entry, or NULL. */
const char *xc_entry_attr(const xc_entry *e, const char *key);

/* Rules of one kind ("quotes", "figures", ...) in file then declaration
 * order. *out points into the rule set. */
size_t xc_rules_of_kind(const xc_rules *rs, const char *kind, const xc_rule *const **out);
const xc_rule *xc_rules_find(const xc_rules *rs, const char *id);
const char *xc_rule_id(const xc_rule *r);
const char *xc_rule_kind(const xc_rule *r);
/* Extra scalar keys of a rule (`type: hedge`, `value: 0.5`), or NULL. */
const char *xc_rule_attr(const xc_rule *r, const char *key);
/* Capture group number of a named group, or -1. */
int xc_rule_group(const xc_rule *r, const char *name);
/* A number no other rule set loaded by this process has: caches that
 * outlive a rule set (per-thread ones) key on it, never on an address that a
 * later rule set may reuse. */
uint64_t xc_rules_serial(const xc_rules *rs);
/* What per-thread data worked out from one rule set (lists found, filters,
 * memos of look-ups) was worked out from: its serial (0: no rule set, NULL
 * rules). Zeroed: from none yet. */
typedef struct {
    uint64_t serial;
    bool tied;
} xc_rules_tie;
/* Whether the data was worked out from the rule set of this serial. */
static inline bool xc_rules_tie_is(const xc_rules_tie *t, uint64_t serial)
{
    return t->tied && t->serial == serial;
}
/* Ties the data to rs: true when it was worked out from another rule set
 * (or not yet), and the caller must work it out again. */
static inline bool xc_rules_retie(xc_rules_tie *t, const xc_rules *rs)
{
    uint64_t serial = xc_rules_serial(rs);
    if (xc_rules_tie_is(t, serial)) return false;
    *t = (xc_rules_tie){serial, true};
    return true;
}

/* Data an extractor derives from a rule set once (a table over its lists),
 * shared read-only by every thread and freed with the rule set. The first
 * call for a slot runs make(rs) under a lock and keeps its result (NULL
 * results are not kept: make runs again next time); later calls return it.
 * destroy may be NULL. */
enum { XC_CACHE_WORDLISTS, XC_RULES_CACHE_SLOTS };
void *xc_rules_cache(const xc_rules *rs, int slot, void *(*make)(const xc_rules *rs),
                     void (*destroy)(void *data));

/* A scalar setting from a file's `settings:` mapping, by "kind.key", or NULL. */
const char *xc_rules_setting(const xc_rules *rs, const char *kind, const char *key);

#define XC_MAX_GROUPS 24

/* One match, copied out of PCRE2's match data: safe to keep. Offsets are
 * into the subject given to the matcher (a document's fold text). */
typedef struct {
    const xc_rule *rule;
    size_t start, end;
    uint32_t ngroups;           /* groups 0..ngroups-1 are valid */
    size_t g[XC_MAX_GROUPS][2]; /* PCRE2_UNSET (SIZE_MAX) when a group did not take part */
} xc_match;

/* Span of a named group; false when the group is absent or unset. */
bool xc_match_named(const xc_match *m, const char *name, size_t *start, size_t *end);
/* The same for capture group n (xc_rule_group: found once, not by name on
 * every match); false when n is -1. */
static inline bool xc_match_group(const xc_match *m, int n, size_t *start, size_t *end)
{
    if (!m || !m->rule || n < 0 || (uint32_t)n >= m->ngroups || m->g[n][0] == PCRE2_UNSET)
        return false;
    if (start) *start = m->g[n][0];
    if (end) *end = m->g[n][1];
    return true;
}

#define XC_MATCH_ANCHORED 1u

/* Matches one rule at `pos` of subj[0..len). Returns 1 (match, *m filled),
 * 0 (no match) or XC_ERR_LIMIT / XC_ERR_NOMEM. Uses the worker's match data
 * and JIT stack. */
int xc_rule_match_at(xc_worker *w, const xc_rule *r, const char *subj, size_t len, size_t pos,
                     unsigned flags, xc_match *m);

typedef int (*xc_match_fn)(void *ctx, const xc_match *m);

/* Runs every rule of `kind` over the document's fold text, each rule only at
 * its trigger positions, anchored. Calls fn for every match ordered by start,
 * longer first, then rule order; a rule resumes after the end of its own
 * match. A rule that hits a limit is reported as a document warning naming
 * the rule id and position, and skipped for the rest of the document.
 * fn returning non-zero stops the scan. */
xc_status xc_rules_scan(xc_worker *w, const xc_rules *rs, const char *kind, xc_doc *doc,
                        xc_match_fn fn, void *ctx);

/* ---------------------------------------------------------- documents */

typedef struct {
    size_t start, end; /* fold coordinates */
} xc_range;

/* How many of the n ranges in v (in order of start) start before pos: the
 * index of the first one that starts at or after pos. The range holding pos,
 * if any, is the one before xc_ranges_before(v, n, pos + 1). */
size_t xc_ranges_before(const xc_range *v, size_t n, size_t pos);

typedef struct {
    size_t start, end; /* fold coordinates */
    size_t para;       /* index of its paragraph */
} xc_sentence;

/* ------------------------------------------ word index (segment.c) */
/* The positions where the extractors can start a match, found in one pass
 * over the fold text and shared by them: every word that begins with an
 * ASCII letter or digit after no letter or digit (xc_word_boundary_before
 * holds there), in order. Words that begin with another letter are not
 * listed: no extractor starts at them. */
enum {
    XC_TOKEN_DIGIT = 1,     /* starts with a digit (then no letters, bit == 0) */
    XC_TOKEN_ASCII_END = 2, /* the byte after the letters is ASCII, or the text ends
                             * there; never set on a run of more than
                             * XC_TOKEN_MAX_LETTERS letters (its end is read from the text) */
};
/* Eight bytes a word (the index of a long document is about twice its
 * size), every field a whole byte or two, so reading one costs no masking. */
typedef struct {
    uint32_t start;
    uint16_t bit;    /* xc_lex_filter_bit of the letters */
    uint8_t letters; /* ASCII letters from start (at most XC_TOKEN_MAX_LETTERS) */
    uint8_t flags;
} xc_token;
#define XC_TOKEN_MAX_LETTERS 255u
/* End of the ASCII letters from the token's start (exact when
 * XC_TOKEN_ASCII_END is set). */
static inline size_t xc_token_end(const xc_token *t)
{
    return (size_t)t->start + t->letters;
}
/* Offsets are 32-bit: a longer text has no index (XC_ERR_LIMIT). */
#define XC_TOKENS_MAX_LEN ((size_t)UINT32_MAX)
typedef XC_VEC(xc_token) xc_tokens;
/* Fills w (emptied first; its storage is reused) with the words of
 * s[0..len). Returns XC_OK, XC_ERR_LIMIT when len is over
 * XC_TOKENS_MAX_LEN, or XC_ERR_NOMEM; w is empty on error. */
xc_status xc_tokens_scan(const char *s, size_t len, xc_tokens *w);
/* The same for the words that start in s[from..len), with their offsets in
 * s. from is where a word may start (0, or after a byte that is no letter
 * or digit, as a paragraph's first byte is): the words are those that
 * xc_tokens_scan(s, len) lists from there. */
xc_status xc_tokens_scan_from(const char *s, size_t from, size_t len, xc_tokens *w);
/* The first word from w->v[*i] on that starts at or after p, or NULL; *i
 * becomes its index. Called with p growing, it walks the index once; *i
 * moves back when p goes back before the word at *i - 1. */
static inline const xc_token *xc_tokens_from(const xc_tokens *w, size_t *i, size_t p)
{
    size_t k = *i;
    while (k > 0 && w->v[k - 1].start >= p) k--;
    while (k < w->n && w->v[k].start < p) k++;
    *i = k;
    return k < w->n ? &w->v[k] : NULL;
}
/* Sets *out to the document's word index, scanned on first use and kept
 * until the fold text changes (xc_segment forgets it then). Returns the
 * status of xc_tokens_scan (*out is then NULL). */
xc_status xc_doc_tokens(xc_doc *doc, const xc_tokens **out);

/* A long text's word index, a window at a time. A text of up to four
 * windows (XC_WORD_WINDOW bytes of fold text, or the document's
 * word_window) has one window, the document's index (xc_doc_tokens). A
 * longer one is cut at paragraphs: each window's core is whole paragraphs,
 * a window's worth of them, the cores follow each other from the start of
 * the text to its end, and the window's index lists the words of its core
 * and of the paragraphs either side of it (one at least, XC_WORD_WINDOW /
 * 16 bytes of them where they are short), for the extractors' looks at the
 * words around a place. An extractor starts at the words of the core of
 * each window in turn; what it asks of the index outside the window's
 * paragraphs it reads from the text, which answers the same. So a long
 * text's index is never whole: at most a window and its margins of it at
 * once. The price is a scan of each window by each extractor that walks
 * the index (people, dates, figures: three instead of one; quotes read a
 * long text's words from the text), which is why a text of up to 16 MiB
 * keeps its one index. */
#ifndef XC_WORD_WINDOW
#define XC_WORD_WINDOW ((size_t)4 << 20)
#endif
typedef struct {
    const xc_tokens *words; /* the window's index */
    size_t from, to;        /* fold range of the core: the words an extractor starts at */
    size_t lo, hi;          /* fold range the index lists the words of */
    /* private */
    xc_tokens own;
    size_t para; /* the first paragraph of the next core */
    bool done;
} xc_word_window;
/* Whether the document has one window (its whole index). */
bool xc_word_window_whole(const xc_doc *doc);
/* Moves ww (zero-initialized at first) to the next window: *more tells
 * whether there is one. Returns XC_OK, or the status of the index's scan
 * (XC_ERR_NOMEM). */
xc_status xc_word_window_next(xc_doc *doc, xc_word_window *ww, bool *more);
void xc_word_window_free(xc_word_window *ww);

#define XC_CP_BLOCK 1024

struct xc_doc {
    xc_arena arena; /* every string and result below but path */
    char *path;     /* its own allocation */
    xc_doc_status status;
    char *reason;
    xc_doc_format format;
    char *title, *source, *date, *url, *author; /* metadata, NULL when absent */
    xc_diags *diags;

    /* raw: the file as read; once decoded, freed (NULL, raw_len kept) unless
     * utf8 is raw itself */
    char *raw;
    size_t raw_len;
    /* utf8: valid UTF-8; utf8_map -> raw (empty map = identity) */
    char *utf8;
    size_t utf8_len;
    xc_omap utf8_map;
    XC_VEC(size_t) lines; /* utf8 offset of each line start */
    /* code points before each XC_CP_BLOCK-byte block of utf8, so a column
     * costs at most one block of counting however long its line is */
    XC_VEC(size_t) cp_blocks;
    /* utf8 is all ASCII (most news text): a column is a byte count, and
     * cp_blocks is not made */
    bool utf8_ascii;
    /* text is all ASCII: utf8 is, and no entity put a code point past ASCII
     * into it. Set by xc_corpus_decode; the fold of ASCII text is the text
     * itself, so xc_text_fold shares or copies it without looking for
     * marks to fold.
     * Whoever puts a text that may not be ASCII in place clears it. */
    bool text_ascii;
    /* text: markup removed, NFC; text_map -> utf8 */
    char *text;
    size_t text_len;
    xc_omap text_map;
    /* fold: matching view; fold_map -> text */
    char *fold;
    size_t fold_len;
    xc_omap fold_map;

    XC_VEC(xc_range) paras;
    XC_VEC(xc_sentence) sents;
    XC_VEC(xc_range) headings; /* fold ranges that are titles/headlines/captions */

    /* suppression comments (drafts): raw offsets and rule kinds */
    XC_VEC(xc_range) disabled; /* raw ranges where all findings are disabled */
    struct xc_suppress {
        size_t line;      /* 1-based line the comment applies to */
        const char *kind; /* finding kind, or NULL for all */
    } * suppress;
    size_t n_suppress;

    XC_VEC(xc_quote) quotes;
    XC_VEC(xc_range) quote_fold; /* fold range of each quote (parallel to quotes) */
    XC_VEC(xc_person) people;
    /* people.c: per person (parallel to people, in the arena): 0 unknown,
     * 1 male, 2 female, from an honorific or a given name */
    signed char *person_gender;
    /* people.c: the lists people and quotes test, resolved once per document */
    struct xc_wordlists *wordlists;
    XC_VEC(xc_mention) mentions;
    XC_VEC(xc_range) mention_fold;
    XC_VEC(xc_figure) figures;
    XC_VEC(xc_range) figure_fold;
    XC_VEC(xc_date) dates;
    XC_VEC(xc_range) date_fold;

    /* engine.c: the document's trigger positions, found once for every rule
     * kind (in the arena; NULL until the first scan). */
    struct xc_trigger_cache *triggers;

    /* segment.c: paras and sents are up to date with fold (xc_text_fold
     * clears this) and sentences were split with the abbreviations of the
     * rule set whose serial is seg_abbrevs (0: the built-in list), so
     * xc_extract re-splits sentences only when its rule set's list differs. */
    bool segmented;
    uint64_t seg_abbrevs;
    /* segment.c: the words ending in '.' whose abbreviation test decided
     * whether a sentence ends there (fold ranges). The same words are tested
     * whatever the list, so when every one of them gets the same answer from
     * another list, the sentences stay as they are. */
    XC_VEC(xc_range) seg_words;

    /* segment.c: the word index of fold (xc_doc_tokens); tokens_ok says it
     * is of the current fold text (xc_segment clears it with paragraphs). */
    xc_tokens tokens;
    bool tokens_ok;
    /* bytes of fold text in a window of the word index (xc_word_window);
     * 0: XC_WORD_WINDOW */
    size_t word_window;

    /* pipeline.c: the worker thread that extracted it, while the run
     * lasts (xc_pipeline_release); NULL otherwise */
    struct xc_home *home;
};

/* --- shared layers (doc.c) ---
 * A document keeps one copy of two layers that are byte for byte the same:
 * text may be utf8 itself, fold text itself (their maps then map each byte
 * onto itself), as utf8 may be raw. Whoever frees or replaces a layer checks
 * for that first (xc_doc_free does). */

/* Frees the fold text of a document that nothing will match on again (its
 * extraction and its preparation for reconciliation done, in a story that
 * compares no quotes: see xc_claims_prepare_alone): fold becomes NULL, while
 * fold_len, fold_map and every fold range stay, so spans and text ranges
 * still convert. Reports read the text layer, never fold. */
void xc_doc_drop_fold(xc_doc *doc);
/* Frees the document's word index (xc_doc_tokens), which xc_extract keeps
 * for the preparation of its claims (xc_claims_prepare reads its
 * capitalized names from it) when the text is short: once that is done, or
 * not to be done. Asked for again, it is made again. */
void xc_doc_drop_words(xc_doc *doc);
/* Bytes of fold text up to which xc_extract keeps the word index: news
 * articles are a few kilobytes; a longer text's index is as large as the
 * text, too much to hold while the document is prepared. */
#define XC_WORDS_KEPT_MAX ((size_t)256 << 10)
/* Gives back the room a document's vectors reserved and did not fill: for
 * a document held until its story is reconciled. */
void xc_doc_fit(xc_doc *doc);
/* --- end of shared layers --- */

/* Raw byte span of a fold range. */
xc_span xc_doc_span(const xc_doc *doc, size_t fold_start, size_t fold_end);
/* Text-layer offsets of a fold range (for copying the text as written). */
void xc_doc_text_range(const xc_doc *doc, size_t fold_start, size_t fold_end, size_t *start,
                       size_t *end);
/* Copy of the text as written for a fold range, in the doc arena. */
char *xc_doc_copy_text(xc_doc *doc, size_t fold_start, size_t fold_end);
/* Both of a fold range at once (its text range found once): the copy, or
 * NULL when out of memory, and *span. */
char *xc_doc_span_text(xc_doc *doc, size_t fold_start, size_t fold_end, xc_span *span);
/* The fold offset below which fold offsets are text and raw offsets too
 * (SIZE_MAX: all of them, as in plain ASCII text; 0: none), so that a range
 * below it needs no map read: the part of a document before the first byte
 * a map moves. */
size_t xc_doc_plain_limit(const xc_doc *doc);
/* A copy of the text range [ts, te) in the doc arena, cut to the text
 * (NULL when out of memory). */
static inline char *xc_doc_text_copy(xc_doc *doc, size_t ts, size_t te)
{
    if (te > doc->text_len) te = doc->text_len;
    if (ts > te) ts = te;
    return xc_arena_strndup(&doc->arena, doc->text + ts, te - ts);
}
/* Index of the sentence containing a fold offset (the last one starting at
 * or before it). */
size_t xc_doc_sentence_at(const xc_doc *doc, size_t fold_pos);
size_t xc_doc_para_at(const xc_doc *doc, size_t fold_pos);
/* Records a warning on the document at a fold offset (SIZE_MAX: none). */
void xc_doc_warn(xc_doc *doc, const char *code, size_t fold_pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with a message as it is (no formatting). */
void xc_doc_warn_text(xc_doc *doc, const char *code, size_t fold_pos, const char *msg);
/* The raw line containing a raw offset, copied into the arena (no newline). */
const char *xc_doc_line_text(const xc_doc *doc, size_t raw_offset);

/* corpus.c: the folder of the last file read, kept open by a thread that
 * reads many files, so that the next file of the same folder (files come
 * in walk order, a folder's together) is opened from it instead of through
 * every component of its path. Zero-initialized: no folder. */
typedef struct {
    char *dir; /* the folder's path as the file paths give it */
    int fd;    /* -1: it could not be opened (its files are opened by path) */
    /* files opened ahead of their reading (xc_folder_ahead); NULL: none */
    struct xc_ahead *ahead;
    /* Set by the thread: the first read of each file it reads (not opened
     * ahead) is made not to wait for the disk (RWF_NOWAIT), and `cold` is
     * set when a file was not in the page cache, or when that cannot be
     * told (such reads are not supported where it is). Cleared when the
     * files are found on a file system held in memory (always in the
     * cache). A thread reading the files ahead of this one is then worth
     * starting (pipeline.c). */
    bool watch;
    bool cold;
} xc_folder;
/* corpus.c: how long listing a folder takes the walk (xc_walk) before it
 * starts threads that list the folders ahead of it, the disk being found
 * cold (nanoseconds; tests set it to 0 to have them start at once). */
extern uint64_t xc_walk_warm_after_ns;

/* Closes the folder and the files opened ahead; the folder can be used again. */
void xc_folder_close(xc_folder *folder);
/* Files read one after the other from a folder can be opened ahead, up to
 * XC_AHEAD of them. While the files read are found not to be in the page
 * cache, each one opened ahead is asked of the kernel to be read in
 * (POSIX_FADV_WILLNEED) at once, so that the disk gets the next files'
 * requests many at a time while the ones before are read and extracted,
 * instead of the reading thread waiting on each file in turn (corpus.c
 * says how the cache is found cold or warm). xc_doc_read_file(path, ...,
 * folder) reads a file opened ahead (the same pointer or the same string)
 * from its descriptor, and closes those opened ahead of it, which another
 * thread read or which were passed over. Returns false when XC_AHEAD files
 * are open ahead already (fewer when the process may open few files: with
 * a limit of fewer than 132 descriptors, none are opened ahead), or when no memory or
 * descriptor is left (nothing is opened then); a file that cannot be
 * opened otherwise is left to xc_doc_read_file, which says why. A file
 * that cannot be opened for want of descriptors while files are open
 * ahead is opened again once they are closed. */
#define XC_AHEAD 32
bool xc_folder_ahead(xc_folder *folder, const char *path);
/* How many of the files opened ahead from folder were asked of the kernel
 * to be read in, since it was last closed. */
size_t xc_folder_asked(const xc_folder *folder);

/* xc_doc_load_file in two steps, so that the reading (which may wait for
 * the disk) and the rest can run on different threads: the document with
 * the file's bytes read (or skipped with a reason; NULL when out of
 * memory; folder may be NULL), then the input stages run on it (it is freed and NULL returned
 * when out of memory; NULL in, NULL out). */
xc_doc *xc_doc_read_file(const char *path, const xc_load_opts *opts, xc_folder *folder);
xc_doc *xc_doc_finish_load(xc_doc *doc, const xc_load_opts *opts);

/* Stage entry points, called in this order by xc_doc_load_* / xc_extract. */
/* corpus.c: reads a file into doc->raw (or marks the doc skipped with a
 * reason: unreadable, too large, binary, empty...); from folder when it is
 * the file's (folder may be NULL). */
xc_status xc_corpus_read(xc_doc *doc, const char *path, const xc_load_opts *opts,
                         xc_folder *folder);
/* corpus.c: raw -> utf8 -> text (+ metadata); sets status/reason. */
xc_status xc_corpus_decode(xc_doc *doc, const xc_load_opts *opts);
/* text.c: text -> fold. Also converts doc->headings, which the corpus
 * stage leaves in text coordinates, to fold coordinates. */
xc_status xc_text_fold(xc_doc *doc);
/* text.c: appends src[in..in+len) (valid UTF-8) to out in NFC, recording in
 * map how out maps back to src offsets. Returns 0, or -1 when out of memory. */
int xc_text_append_nfc(xc_buf *out, xc_omap *map, const char *src, size_t in, size_t len);
/* text.c: the offset of the first byte from 0x80 on in s[i..n), or n. */
size_t xc_next_non_ascii(const char *s, size_t i, size_t n);
/* segment.c: line index, paragraphs, sentences (abbreviations from rules;
 * rules may be NULL, then a built-in minimal list is used). */
xc_status xc_segment(xc_doc *doc, const xc_rules *rules);

/* doc.c: xc_extract on each of docs[0..n), a stage at a time: the
 * segmenter on every document, then the first extractor on every one, and
 * so on. Each stage's code and tables then stay in the processor's caches
 * from one document to the next instead of being fetched again for each:
 * a thread extracting news articles 64 at a time (about 128 KiB of text)
 * spends about 15 % less processor time than one at a time. Each document
 * ends as xc_extract leaves it. Returns XC_OK or XC_ERR_NOMEM (then the
 * documents are in any state, to be freed). */
xc_status xc_extract_batch(xc_doc *const *docs, size_t n, const xc_rules *rules, xc_worker *w);

/* The extractors, in the order they run (doc.c holds the table). */
xc_status xc_extract_people(xc_doc *doc, const xc_rules *rules, xc_worker *w);
xc_status xc_extract_quotes(xc_doc *doc, const xc_rules *rules, xc_worker *w);
xc_status xc_extract_dates(xc_doc *doc, const xc_rules *rules, xc_worker *w);
xc_status xc_extract_figures(xc_doc *doc, const xc_rules *rules, xc_worker *w);

/* ---------------------------------------- streaming JSON writer (jsonw.c) */

/* Writes JSON text into a buffer in the layout jansson gives a tree for the
 * same flags (JSON_COMPACT, or JSON_INDENT(n) from a starting depth as if
 * the value sat that deep in a larger one; JSON_PRESERVE_ORDER's order is
 * the order of the calls). Structure and keys are written directly; every
 * string and real is encoded by jansson (escaping, JSON_ENSURE_ASCII,
 * JSON_REAL_PRECISION), integers are decimal digits. Calls after an error
 * do nothing; xc_jw_done says the first one. Keys must be printable ASCII
 * without '"', '\\' or '/' (they are written as given). */
#define XC_JW_MAX_DEPTH 32
typedef struct {
    xc_buf *b;
    size_t flags;
    int depth;                /* indentation depth of the top-level value */
    int level;                /* containers open */
    uint32_t object, members; /* per open container, the innermost in bit 0:
                                 an object; has a member */
    bool keyed;               /* a key waits for its value */
    bool mark_first;          /* the member at mark is its container's first */
    size_t mark;              /* where the member being written starts */
    json_t *str, *real;       /* jansson's values, set again for each use */
    int err;                  /* XC_OK, XC_ERR_NOMEM, or XC_ERR_USAGE (misuse) */
    /* --- output sink (xc_jw_sink) --- */
    FILE *sink; /* NULL: the text stays in the buffer */
    /* --- end of output sink --- */
} xc_jw;
/* Starts a writer appending to b. Returns XC_OK or XC_ERR_NOMEM; call
 * xc_jw_done in both cases. */
int xc_jw_init(xc_jw *w, xc_buf *b, size_t flags, int depth);
/* Points a writer with no container open at another buffer and depth. */
void xc_jw_target(xc_jw *w, xc_buf *b, int depth);
/* Frees the writer's values; returns its first error, or XC_ERR_USAGE when
 * a container or key is left open. */
int xc_jw_done(xc_jw *w);
/* --- output sink --- */
/* Sends what the writer writes on to f instead of keeping it all: whenever
 * its buffer holds XC_JW_SINK_BYTES or more where a member begins, the
 * buffer is written to f and emptied, so a record of any size costs one
 * buffer of about that size. xc_jw_done writes the rest (not after an
 * error). A write that fails is XC_ERR_IO. The bytes are those the buffer
 * alone would hold. */
#define XC_JW_SINK_BYTES 65536
void xc_jw_sink(xc_jw *w, FILE *f);
/* --- end of output sink --- */
void xc_jw_object(xc_jw *w);
void xc_jw_object_end(xc_jw *w);
void xc_jw_array(xc_jw *w);
void xc_jw_array_end(xc_jw *w);
/* A key of n bytes. The functions below that take a key as a string are
 * inline so that the length of a literal key is known when compiling. */
void xc_jw_keyn(xc_jw *w, const char *key, size_t n);
static inline void xc_jw_key(xc_jw *w, const char *key)
{
    xc_jw_keyn(w, key, strlen(key));
}
void xc_jw_null(xc_jw *w);
void xc_jw_bool(xc_jw *w, bool v);
void xc_jw_int(xc_jw *w, json_int_t v);
/* A real as jansson writes it; null when not finite. */
void xc_jw_real(xc_jw *w, double v);
/* A string (null for NULL). One that is not valid UTF-8 is left out with
 * its key, as jansson leaves out a member whose value it refuses: returns
 * false then (or on error), true when written. */
bool xc_jw_str(xc_jw *w, const char *s);
bool xc_jw_strn(xc_jw *w, const char *s, size_t len);
/* A member of an open object: its key (of kl bytes), then its value,
 * written as xc_jw_keyn and the value's function write them, in one step
 * where they can be. */
void xc_jw_str_membern(xc_jw *w, const char *key, size_t kl, const char *v);
void xc_jw_int_membern(xc_jw *w, const char *key, size_t kl, json_int_t v);
void xc_jw_bool_membern(xc_jw *w, const char *key, size_t kl, bool v);
static inline void xc_jw_str_member(xc_jw *w, const char *key, const char *v)
{
    xc_jw_str_membern(w, key, strlen(key), v);
}
static inline void xc_jw_int_member(xc_jw *w, const char *key, json_int_t v)
{
    xc_jw_int_membern(w, key, strlen(key), v);
}
static inline void xc_jw_bool_member(xc_jw *w, const char *key, bool v)
{
    xc_jw_bool_membern(w, key, strlen(key), v);
}
/* A jansson scalar (string, number, true, false, null) as jansson writes it. */
void xc_jw_json(xc_jw *w, const json_t *v);
/* A value already written as JSON text (by a writer of the same flags),
 * copied as it is: a value repeated in many records is encoded once. */
void xc_jw_raw(xc_jw *w, const char *text, size_t len);
/* The same as a member of an open object, with its key of kl bytes. */
void xc_jw_raw_membern(xc_jw *w, const char *key, size_t kl, const char *text, size_t len);
/* A span's members (start, end, line, column, end_line, end_column),
 * written in an open object. */
void xc_jw_span(xc_jw *w, const xc_doc *doc, xc_span span);
/* The line and column of a span's start and of its end (as xc_doc_position
 * gives each), in pos[0..4), the end's line found from the start's. */
void xc_doc_span_position(const xc_doc *doc, xc_span span, unsigned pos[4]);

/* Each extractor writes its i-th result's members into an open object. */
void xc_person_write(xc_jw *w, const xc_doc *doc, size_t i);
void xc_quote_write(xc_jw *w, const xc_doc *doc, size_t i);
void xc_date_write(xc_jw *w, const xc_doc *doc, size_t i);
void xc_figure_write(xc_jw *w, const xc_doc *doc, size_t i);

/* ------------------------------------------- words and names (people.c) */

/* Helpers the people and quotes extractors share. Positions are byte
 * offsets into s[0..len) (a document's fold text). */

/* True when the code point is part of a word (letter, mark or digit). */
bool xc_is_word_cp(int32_t cp);
/* End of the word starting at i: letters, marks, digits, and an apostrophe
 * or hyphen between two of them ("don't", "Myung-bak", "25-year-old"). i
 * when none. (Unlike xc_word_end, which stops at the letters.) */
size_t xc_name_word_end(const char *s, size_t len, size_t i);
/* True when the word at i starts with an upper-case letter. */
bool xc_word_is_upper(const char *s, size_t len, size_t i);
/* True when s[0..n) is a word of rule list `list` (ignoring case); when the
 * rule set has no such list, a small built-in list of the same name is used. */
bool xc_in_list(const xc_rules *rs, const char *list, const char *s, size_t n);
/* Index of the person with a mention overlapping fold [fs, fe), or -1. */
int xc_person_at(const xc_doc *doc, size_t fs, size_t fe);

/* The word lists the people and quotes extractors test, resolved by name
 * once per extraction (xc_wl_has then costs one hash lookup). */
enum {
    XC_WL_SPEECH_VERBS,
    XC_WL_HONORIFICS,
    XC_WL_TITLES,
    XC_WL_STOPWORDS,
    XC_WL_NONPERSON,
    XC_WL_BLOCKERS,
    XC_WL_NATIONALITIES,
    XC_WL_GIVEN,
    XC_WL_ASIAN,
    XC_WL_PRONOUNS,
    XC_WL_CUES,
    XC_WL_NOT_SPEAKERS,
    XC_WL_FEMALE,
    XC_WL_MALE,
    XC_WL_WORKS,
    XC_WL_COUNT
};
typedef struct {
    const char *key; /* lower-case ASCII entry, single spaces; NULL = empty slot */
    size_t len;
    uint64_t hash;
    uint32_t mask; /* bit per XC_WL_* list holding it */
} xc_wl_slot;
typedef struct xc_wordlists {
    const xc_rules *rs;
    const xc_list *l[XC_WL_COUNT]; /* NULL: the built-in list of that name */
    /* Every ASCII entry of the lists in one table: a word costs one hash
     * and one probe whatever the number of lists it is tested against. */
    xc_wl_slot *slots;
    size_t nslots;     /* a power of two */
    uint32_t nonascii; /* bit per list with an entry that is not all ASCII */
    char *keys;        /* storage of the keys */

    /* people.c: bit per list whose entries are all words of ASCII letters,
     * one space between two words (the text then matches an entry only
     * from a whole run of letters, which is the entry or the first word of
     * one: XC_WL_PREFIX). */
    uint32_t letter_words;

    /* --- people.c: filter over the word index's bits --- */
    /* Three filters of XC_LEX_FILTER_BITS bits each. The first has the
     * xc_lex_filter_bit of every key of the table made of ASCII letters
     * alone (entries and first words of entries): a word of ASCII letters
     * of at most 48 bytes whose bit is clear there is in none of the lists
     * (its mask is 0), so the bit an xc_token carries rules it out without
     * a lookup. The second has the bit of the letters of every key that is
     * ASCII letters and a final '.' ("mr.", "sen."), for the same test of
     * such a word with the '.' after it. The third has the bit of every
     * key of ASCII letters alone of the speech verbs, titles and name
     * blockers, the lists the words around a name are looked up for. */
    uint8_t *letter_filter;
    /* --- end of filter over the word index's bits --- */
} xc_wordlists;
/* people.c: the bit xc_wl_mask_in sets, when asked for it, for the first
 * word of an entry of several words (of any list). */
#define XC_WL_PREFIX (1u << 31)
/* The document's word lists, built on first use (in the doc arena; NULL
 * only when out of memory). */
const xc_wordlists *xc_doc_wordlists(xc_doc *doc, const xc_rules *rs);
/* True when s[0..n) is a word of list `which` (ignoring case). */
bool xc_wl_has(const xc_wordlists *wl, int which, const char *s, size_t n);
/* Bit (1 << XC_WL_*) per list holding s[0..n) among those in `want`. */
uint32_t xc_wl_mask(const xc_wordlists *wl, uint32_t want, const char *s, size_t n);
/* --- people.c: lookup for the extractors' inner loops --- */
/* xc_wl_mask when `avail` bytes (at least n) can be read from s (the rest
 * of the text): a word of up to eight bytes is then read in one load. */
uint32_t xc_wl_mask_in(const xc_wordlists *wl, uint32_t want, const char *s, size_t n,
                       size_t avail);
/* --- end of people.c lookup --- */

/* ------------------------------------------------------------- reports */

typedef enum {
    XC_REPORT_TEXT,
    XC_REPORT_JSON,
    XC_REPORT_JSONL,
    XC_REPORT_SARIF,
    XC_REPORT_GITHUB,
    XC_REPORT_HTML
} xc_report_format;

/* Everything a report shows about one run. */
typedef struct {
    const char *command;       /* "crosscheck", "check" or "extract" */
    const xc_doc *const *docs; /* every input in input order, skipped ones included */
    size_t n_docs;
    xc_story *const *stories; /* reconciled stories, in order */
    size_t n_stories;
    const xc_rules *rules;
    bool color;               /* text report: ANSI colors */
    xc_severity min_severity; /* findings below this are not shown (info shown when INFO) */

    /* check: the drafts (annotations go on their lines); NULL otherwise */
    const xc_doc *const *drafts;
    size_t n_drafts;
} xc_run;

/* report.c: whether doc is one of run->drafts. */
bool xc_run_is_draft(const xc_run *run, const xc_doc *doc);

/* Writes a whole report; returns XC_ERR_IO when writing fails. (report.c
 * dispatches to report_text.c, report_json.c, report_sarif.c,
 * report_github.c, report_html.c.) */
xc_status xc_report_write(FILE *out, xc_report_format fmt, const xc_run *run);
xc_status xc_report_text(FILE *out, const xc_run *run);
xc_status xc_report_json(FILE *out, const xc_run *run);  /* the versioned report, "schema": 1 */
xc_status xc_report_jsonl(FILE *out, const xc_run *run); /* doc records, then findings */
xc_status xc_report_sarif(FILE *out, const xc_run *run);
xc_status xc_report_github(FILE *out, const xc_run *run);
xc_status xc_report_html(FILE *out, const xc_run *run);
/* report_json.c: one finding with its claims (new reference). */
json_t *xc_finding_json(const xc_finding *f);

/* A finding as the reports show it, with the name of its story. */
typedef struct {
    const xc_finding *finding;
    const char *story; /* NULL when unknown */
} xc_report_finding;

/* report_json.c: the findings of run->stories at or above run->min_severity,
 * in story order then each story's order, in a malloc'd array (*out is NULL
 * when there are none). Returns the count, or SIZE_MAX when out of memory. */
size_t xc_report_findings(const xc_run *run, xc_report_finding **out);
/* The same for one story's findings at or above min. */
size_t xc_story_report_findings(const xc_story *story, xc_severity min, xc_report_finding **out);
/* The reports with the findings given instead of the stories' findings
 * (what xc_report_json etc. call after xc_report_findings; tests pass
 * hand-made findings). */
xc_status xc_report_json_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n);
xc_status xc_report_jsonl_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n);
xc_status xc_report_sarif_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n);
xc_status xc_report_html_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n);
/* report_json.c: the JSON report written as the run goes, so that memory
 * holds what is being rendered, not every document. A document's part is
 * rendered on any thread (xc_json_doc_render: its entry under "documents"
 * with its story name, NULL for none, and its extracted items), then added
 * in input order; findings are added story by story; end writes the
 * summary and frees the stream (free alone abandons it). */
typedef struct {
    xc_buf entry;    /* its entry in "documents", indented in place */
    xc_buf items[4]; /* its quotes, people, dates and figures, joined */
    size_t n_items[4];
    bool ok;
} xc_json_doc;
int xc_json_doc_render(xc_json_doc *out, const xc_doc *doc, const char *story);
void xc_json_doc_free(xc_json_doc *d);
typedef struct xc_json_stream xc_json_stream;
xc_json_stream *xc_json_stream_begin(FILE *out, const xc_run *run); /* NULL: out of memory */
xc_status xc_json_stream_doc(xc_json_stream *js, const xc_json_doc *d);
/* --- streamed records --- */
/* The same document part written as it is made (xc_jw_sink), never held
 * whole: its entry into the report, its items into their parts. */
xc_status xc_json_stream_doc_write(xc_json_stream *js, const xc_doc *doc, const char *story);
/* --- end of streamed records --- */
/* The story's findings at or above run->min_severity. */
xc_status xc_json_stream_story(xc_json_stream *js, const xc_story *story);
xc_status xc_json_stream_findings(xc_json_stream *js, const xc_report_finding *f, size_t n);
xc_status xc_json_stream_end(xc_json_stream *js, size_t n_stories);
void xc_json_stream_free(xc_json_stream *js);
/* report_sarif.c: the SARIF report built story by story (results are made
 * while their documents are there; documents may be freed after each
 * story); end writes it and frees the stream (free alone abandons it). */
typedef struct xc_sarif_stream xc_sarif_stream;
xc_sarif_stream *xc_sarif_stream_begin(FILE *out, const xc_run *run); /* NULL: out of memory */
/* The story's findings at or above run->min_severity. */
xc_status xc_sarif_stream_story(xc_sarif_stream *ss, const xc_story *story);
xc_status xc_sarif_stream_findings(xc_sarif_stream *ss, const xc_report_finding *f, size_t n);
xc_status xc_sarif_stream_end(xc_sarif_stream *ss);
void xc_sarif_stream_free(xc_sarif_stream *ss);
/* report_html.c: the HTML page written as the run goes: a document's
 * section is rendered on any thread (di: its index among the run's
 * documents, which links use) and added in input order; the findings of a
 * story are added when it is reconciled, with its documents and their
 * indices (index NULL: docs[i] has index i); end writes the page and frees
 * the stream (free alone abandons it). */
typedef struct xc_html_stream xc_html_stream;
xc_html_stream *xc_html_stream_begin(FILE *out); /* NULL: out of memory */
int xc_html_doc_render(xc_buf *out, const xc_doc *doc, size_t di);
xc_status xc_html_stream_doc(xc_html_stream *hs, const xc_doc *doc, const xc_buf *section);
xc_status xc_html_stream_findings(xc_html_stream *hs, const xc_report_finding *f, size_t n,
                                  const xc_doc *const *docs, const size_t *index, size_t n_docs);
xc_status xc_html_stream_end(xc_html_stream *hs, size_t n_stories);
void xc_html_stream_free(xc_html_stream *hs);
/* report_json.c: the JSON Lines report in pieces: a document's line
 * ({"type":"document", ...its record}) appended to out, and the lines of
 * findings. */
int xc_jsonl_doc_render(xc_buf *out, const xc_doc *doc);
/* --- streamed records --- */
/* report_json.c: the same line written to out as it is made, never held
 * whole (xc_jw_sink): XC_OK, XC_ERR_IO or XC_ERR_NOMEM. */
xc_status xc_jsonl_doc_write(FILE *out, const xc_doc *doc);
/* --- end of streamed records --- */
xc_status xc_jsonl_findings(FILE *out, const xc_report_finding *f, size_t n);
/* report_json.c: a JSON string of s (new reference): null for NULL; invalid
 * UTF-8 sequences, which jansson refuses, become U+FFFD. */
json_t *xc_json_str(const char *s);
/* report_json.c: the outlet of a document: its "source" metadata, else its
 * file name. */
const char *xc_doc_outlet(const xc_doc *doc);
/* report_json.c: "figure", "date", "quote" or "mention". */
const char *xc_claim_kind_name(xc_claim_kind kind);
/* report_json.c: a figure's stated value converted to its base unit (the
 * value itself when it has none). */
double xc_figure_base_value(const xc_figure *f);

/* report.c: one document's record for `extract` and jsonl: path, status,
 * reason, format, metadata, byte, paragraph and sentence counts, warnings,
 * and each extractor's array. xc_doc_record_members writes its members
 * into an open object. */
void xc_doc_record_write(xc_jw *w, const xc_doc *doc);
void xc_doc_record_members(xc_jw *w, const xc_doc *doc);
/* report.c: the four extractors' arrays in a record: key, count, writer. */
typedef struct {
    const char *key;
    size_t (*count)(const xc_doc *doc);
    void (*write)(xc_jw *w, const xc_doc *doc, size_t i);
} xc_doc_items;
extern const xc_doc_items xc_doc_item_kinds[4]; /* people, quotes, dates, figures */
/* report.c: parts of the record: "text", "markdown" or "html"; the "meta"
 * object; a diagnostics list as the "warnings" array. */
const char *xc_doc_format_name(const xc_doc *doc);
void xc_doc_meta_write(xc_jw *w, const xc_doc *doc);
/* A record's "bytes", "paragraphs" and "sentences" members. */
void xc_doc_sizes_write(xc_jw *w, const xc_doc *doc);
void xc_diags_write(xc_jw *w, const xc_diags *d);

/* ----------------------------------------------------------- text utils */

/* Decodes one UTF-8 code point at s[i..len); returns its length (1 for an
 * invalid byte, with *cp = 0xFFFD). The input is assumed valid after the
 * corpus stage. */
size_t xc_utf8_decode(const char *s, size_t len, size_t i, int32_t *cp);
/* Writes all of the spooled file from (rewound first) to to: 0, or -1 on a
 * read or write error. */
int xc_file_copy(FILE *from, FILE *to);
/* A monotonic clock, in nanoseconds. */
uint64_t xc_now_ns(void);
/* A temporary file for a part of a report, gone when closed: in $TMPDIR when
 * it is set and can take it, else where tmpfile() puts it. NULL on failure. */
FILE *xc_spool_open(void);
/* A temporary file written in blocks (a report part that comes in pieces
 * of a few kilobytes, and is copied into place at the end): what is added
 * is staged and written XC_SPOOL_BLOCK bytes at a time; the file is made
 * with the first bytes. Zeroed: empty. */
#define XC_SPOOL_BLOCK ((size_t)1 << 18)
typedef struct {
    FILE *f;      /* NULL until the first bytes */
    xc_buf stage; /* added, not yet written to f */
} xc_spool;
/* Appends s[0..n): XC_OK, XC_ERR_NOMEM, or XC_ERR_IO when the file cannot be
 * made or written. */
xc_status xc_spool_add(xc_spool *sp, const char *s, size_t n);
/* The file with everything added so far written to it (made if need be),
 * to write more to it directly; NULL when it cannot be made or written. */
FILE *xc_spool_file(xc_spool *sp);
/* Copies everything added into to: 0, or -1 when reading or writing fails. */
int xc_spool_copy(xc_spool *sp, FILE *to);
void xc_spool_free(xc_spool *sp);
/* Number of code points in s[0..len). */
size_t xc_utf8_count(const char *s, size_t len);
/* Case-insensitive ASCII comparison of two byte ranges. */
bool xc_ieq(const char *a, size_t alen, const char *b);
/* xc_ieq without the C library's locale lookups: ASCII letters only, for
 * the extractors' inner loops (b is a lower-case or mixed-case literal). */
static inline bool xc_ieq_ascii(const char *a, size_t alen, const char *b)
{
    size_t i = 0;
    for (; i < alen && b[i]; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x | 0x20);
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y | 0x20);
        if (x != y) return false;
    }
    return i == alen && b[i] == '\0';
}
/* Parses "YYYY-MM-DD"; returns false when malformed. */
bool xc_parse_iso_date(const char *s, int *y, int *m, int *d);

/* ------------------------------------------------ numbers and words */
/* numparse.c: word lists with built-in English defaults, token helpers and
 * the number parser shared by the dates and figures extractors. */

/* Attribute `key` of word s[0..n) in list `list`: the rule set's list when
 * it has one, else crosscheck's built-in English list. NULL when the word is
 * not in the list or has no such attribute ("" for a bare list word). List
 * names given to xc_lex, xc_lex_maybe and xc_lex_filter are string literals
 * (or strings that live as long as the program): a name's slot is
 * remembered by its address. */
const char *xc_lex(const xc_rules *rs, const char *list, const char *s, size_t n, const char *key);
/* The built-in entries xc_lex falls back on when a rule set lacks a list:
 * entry i's list name (NULL past the last), its word, and its attributes as
 * key, value, ... up to a NULL key. rules/en carries the same entries. */
size_t xc_builtin_count(void);
const char *xc_builtin_at(size_t i, const char **word, const char *const **kv);
/* --- one lookup, several attributes (numparse.c) --- */
/* The entry xc_lex finds for s[0..n) in `list`, kept so that several of its
 * attributes are read with one lookup: xc_lex(rs, list, s, n, key) is
 * xc_lex_hit_attr(&hit, key) after xc_lex_find(rs, list, s, n, &hit)
 * returned true, and NULL when it returned false. */
typedef struct {
    const void *entry; /* an xc_entry, or a built-in entry when builtin */
    bool builtin;
} xc_lex_hit;
bool xc_lex_find(const xc_rules *rs, const char *list, const char *s, size_t n, xc_lex_hit *hit);
const char *xc_lex_hit_attr(const xc_lex_hit *hit, const char *key);
/* --- end of one lookup, several attributes --- */
/* Binds the calling thread's xc_lex to rule set rs until xc_lex_unbind: the
 * lists the extractors use are resolved once and each gets a cheap filter
 * that rejects most words before any lookup. An extractor binds at its start
 * and unbinds before it returns. */
void xc_lex_bind(const xc_rules *rs);
void xc_lex_unbind(void);
/* False when s[0..n) is certainly not in list `list` (bound lists only;
 * true otherwise). Two more names test the words a date ("date_starts") or
 * a figure ("figure_starts") written in words can begin with. */
bool xc_lex_maybe(const xc_rules *rs, const char *list, const char *s, size_t n);
/* The filter behind xc_lex_maybe, for inner loops: NULL when rs is not
 * bound or the list is not one of the bound ones. xc_lex_filter_test takes
 * an ASCII word without spaces. */
#define XC_LEX_FILTER_BITS 32768u
const uint8_t *xc_lex_filter(const xc_rules *rs, const char *list);
/* Filter bit of an ASCII word s[0..n) (case ignored): a hash of all its
 * bytes, so that only hash collisions pass a filter. The bytes go in eight
 * at a time, as little-endian 64-bit chunks (the last one padded with zero
 * bytes), each folded in with one multiplication: a word of up to eight
 * letters costs one. */
#define XC_LEX_HASH_MUL 0x9E3779B97F4A7C15u
static inline uint64_t xc_load_le64(const char *s)
{
    uint64_t x;
    memcpy(&x, s, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}
/* The same for four bytes. */
static inline uint32_t xc_load_le32(const char *s)
{
    uint32_t x;
    memcpy(&x, s, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap32(x);
#endif
    return x;
}
/* Whether x[0..n) and y[0..n) are the same bytes, for short words: eight
 * or four bytes at a time, with two loads that may overlap (a byte compared
 * twice is still the same), never reading past either. */
static inline bool xc_same_bytes(const char *x, const char *y, size_t n)
{
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (xc_load_le64(x + i) != xc_load_le64(y + i)) return false;
        return xc_load_le64(x + n - 8) == xc_load_le64(y + n - 8);
    }
    if (n >= 4)
        return xc_load_le32(x) == xc_load_le32(y) &&
               xc_load_le32(x + n - 4) == xc_load_le32(y + n - 4);
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return false;
    return true;
}
/* Whether the ASCII letters x[0..n) are the lower-case letters y[0..n)
 * (setting 0x20 makes a letter lower case), compared as xc_same_bytes
 * compares. */
static inline bool xc_same_lower(const char *x, const char *y, size_t n)
{
    const uint64_t low8 = 0x2020202020202020u;
    const uint32_t low4 = 0x20202020u;
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if ((xc_load_le64(x + i) | low8) != xc_load_le64(y + i)) return false;
        return (xc_load_le64(x + n - 8) | low8) == xc_load_le64(y + n - 8);
    }
    if (n >= 4)
        return (xc_load_le32(x) | low4) == xc_load_le32(y) &&
               (xc_load_le32(x + n - 4) | low4) == xc_load_le32(y + n - 4);
    for (size_t i = 0; i < n; i++)
        if ((char)(x[i] | 0x20) != y[i]) return false;
    return true;
}
/* The bytes of x with A-Z made lower case (bytes from 0x80 unchanged). */
static inline uint64_t xc_lower8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t low = x & ~high; /* no carry crosses a byte below */
    uint64_t upper = (low + 0x3F * ones) & ~(low + 0x25 * ones) & ~x & high; /* 'A'..'Z' */
    return x | upper >> 2;
}
static inline unsigned xc_lex_hash_bit(uint64_t h)
{
    return (unsigned)(h >> 49) & (XC_LEX_FILTER_BITS - 1);
}
static inline unsigned xc_lex_filter_bit(const char *s, size_t n)
{
    uint64_t h = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) h = (h ^ xc_lower8(xc_load_le64(s + i))) * XC_LEX_HASH_MUL;
    if (i < n) {
        uint64_t x = 0;
        for (size_t k = 0; i + k < n; k++) x |= (uint64_t)(unsigned char)s[i + k] << 8 * k;
        h = (h ^ xc_lower8(x)) * XC_LEX_HASH_MUL;
    }
    return xc_lex_hash_bit(h);
}
static inline bool xc_lex_filter_test(const uint8_t *f, const char *s, size_t n)
{
    unsigned bit = xc_lex_filter_bit(s, n);
    return f[bit >> 3] >> (bit & 7) & 1;
}

/* --- hot-loop helper (figures.c, numparse.c, dates.c) --- */
/* End of the run of ASCII letters that starts at s[p], and in *bit its
 * xc_lex_filter_bit, found in one pass over the bytes: a loop that skips
 * words no list can hold scans each letter once. */
static inline size_t xc_lex_filter_run(const char *s, size_t len, size_t p, unsigned *bit)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t h = 0;
    size_t e = p;
    while (e + 8 <= len) {
        /* eight bytes at once: which of them are letters (a byte below 0x80
         * that is 'a'..'z' once made lower case by setting 0x20) */
        uint64_t x = xc_load_le64(s + e), l = x | 0x20 * ones, lo = l & ~high;
        uint64_t letter = (lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high;
        uint64_t other = ~letter & high;
        if (!other) {
            h = (h ^ l) * XC_LEX_HASH_MUL;
            e += 8;
            continue;
        }
        unsigned k =
            (unsigned)__builtin_ctzll(other) >> 3; /* letters before the first other byte */
        if (k) h = (h ^ (l & ((1ull << 8 * k) - 1))) * XC_LEX_HASH_MUL;
        *bit = xc_lex_hash_bit(h);
        return e + k;
    }
    /* the last bytes of the text, one at a time */
    uint64_t x = 0;
    unsigned k = 0;
    for (; e + k < len && k < 8; k++) {
        unsigned c = (unsigned char)s[e + k] | 0x20u; /* lower case, for letters only */
        if (c - 'a' >= 26u) break;
        x |= (uint64_t)c << 8 * k;
    }
    if (k) h = (h ^ x) * XC_LEX_HASH_MUL;
    *bit = xc_lex_hash_bit(h);
    return e + k;
}
static inline bool xc_lex_filter_has(const uint8_t *f, unsigned bit)
{
    return f[bit >> 3] >> (bit & 7) & 1;
}
static inline void xc_lex_filter_add(uint8_t *f, unsigned bit)
{
    f[bit >> 3] |= (uint8_t)(1u << (bit & 7));
}
/* --- end of hot-loop helper --- */
/* Parses a plain decimal ("-12.5", "1000", "inf") without the C locale. */
bool xc_parse_double(const char *s, size_t n, double *out);

/* A parsed number, in fold coordinates. */
typedef struct {
    size_t start, end; /* the number as written, scale word included */
    double value;
    double half_step; /* half the unit of the last stated digit (times the scale) */
    bool words;       /* spelled out ("ninety-nine") */
    bool ordinal;     /* "27th", "first" */
    bool fraction;    /* "half", "two-thirds", "3/4" */
    double num, den;  /* a slash fraction's numerator and denominator ("2 1/4": 1, 4), else 0 */
    bool negative;    /* "-1" */
    bool scaled;      /* a scale word or suffix ("million", "bn") */
    double scale;     /* its value (1 when none) */
    bool separators;  /* thousands separators ("1,000") */
    bool m_suffix;    /* a glued "m" that is either metres or millions ("40m", "$1.2m") */
    int decimals;     /* digits after the decimal point */
    size_t digits;    /* digits before the decimal point (digit numbers only) */
} xc_num;

/* Parses a number starting at s[pos] (digits, or number words). Returns
 * false when none starts there. */
bool xc_num_parse(const xc_rules *rs, const char *s, size_t len, size_t pos, xc_num *out);
/* xc_num_parse at a word the caller has read: s[pos..end) (end > pos) are
 * ASCII letters and s[end] is none (or end is len), bit their
 * xc_lex_filter_bit (a word of the word index that ends before an ASCII
 * byte). The number's first word is not read again. */
bool xc_num_parse_word(const xc_rules *rs, const char *s, size_t len, size_t pos, size_t end,
                       unsigned bit, xc_num *out);

/* Token helpers over UTF-8 text. */
bool xc_is_word_char(const char *s, size_t len, size_t pos); /* letter or digit at pos */
bool xc_word_boundary_before(const char *s, size_t pos);     /* no letter/digit ends at pos */
size_t xc_word_end(const char *s, size_t len, size_t pos);   /* end of the letters at pos */
/* The first byte from pos on that is no space or tab (newlines stop it).
 * Inline: the matchers skip the spaces after almost every word they read,
 * most often none or one. */
static inline size_t xc_skip_spaces(const char *s, size_t len, size_t pos)
{
    while (pos < len && (s[pos] == ' ' || s[pos] == '\t')) pos++;
    return pos;
}
/* Start of the word that ends at or before pos (skipping spaces back), or SIZE_MAX. */
size_t xc_prev_word(const char *s, size_t pos, size_t *wend);
/* Singular lemma of an English noun, lower-cased, in the arena. */
char *xc_lemma(xc_arena *a, const xc_rules *rs, const char *s, size_t n);
/* --- lemma test without a copy (numparse.c) --- */
/* True when xc_lemma(s[0..n)) is another word than s (ASCII case ignored):
 * the word is a plural ("workers", "women"). Allocates nothing. *listed
 * (when not NULL) tells whether the word is in the irregular_plurals list,
 * with or without a lemma, from the same lookup. */
bool xc_lemma_differs(const xc_rules *rs, const char *s, size_t n, bool *listed);
/* xc_lemma_differs, and in *irr the lemma the irregular_plurals list gives
 * the word (NULL: none), from the same lookup: xc_lemma_of then makes the
 * word's lemma without looking it up again. */
bool xc_lemma_differs_irr(const xc_rules *rs, const char *s, size_t n, bool *listed,
                          const char **irr);
/* xc_lemma(a, rs, s, n), irr being what xc_lemma_differs_irr told of s. */
char *xc_lemma_of(xc_arena *a, const char *irr, const char *s, size_t n);
/* --- end of lemma test without a copy --- */
/* Days since 1970-01-01 of a civil date, and back. */
long xc_days_from_civil(int y, int m, int d);
void xc_civil_from_days(long z, int *y, int *m, int *d);

/* ------------------------------------------------- command-line support */

/* config.c: a `.crosscheck.yaml`. Every string is malloc'd (NULL when the
 * key is absent); paths (rules, sources) are resolved against the folder
 * that holds the configuration file. */
typedef struct {
    char *path;     /* the configuration file */
    char *rules;    /* rule folder */
    char *fail_on;  /* "error", "warning", "info" or "never" (validated) */
    char *format;   /* a report format name (validated) */
    char *date;     /* YYYY-MM-DD (validated) */
    char **sources; /* source paths for `check` */
    size_t n_sources;
    char **ignore; /* fnmatch patterns of paths to skip */
    size_t n_ignore;
    unsigned jobs; /* 0 when absent */
} xc_config;

/* Reads and validates a configuration file. Every problem (YAML syntax,
 * unknown key, wrong type or value) is appended to diags with file, line,
 * column and the source line. Returns XC_OK, XC_ERR_CONFIG, XC_ERR_IO (the
 * file cannot be read; a diagnostic says why) or XC_ERR_NOMEM. cfg is
 * zeroed first and may hold partial values on error: free it either way. */
xc_status xc_config_load(const char *path, xc_config *cfg, xc_diags *diags);
void xc_config_free(xc_config *cfg);
/* Looks for `.crosscheck.yaml` in dir and each of its parents. Returns a
 * malloc'd path, or NULL when there is none. */
char *xc_config_find(const char *dir);
/* The ignore pattern that matches path (as given, without a leading "./",
 * or its last component), or NULL. */
const char *xc_config_ignored(const xc_config *cfg, const char *path);
/* Report format by name (-1 when unknown); fail-on level by name: 0..2 for
 * info..error, 3 for never, -1 when unknown. */
int xc_format_from_name(const char *name);
int xc_fail_on_from_name(const char *name);
/* The choice closest to word by edit distance, when close enough to be a
 * likely typo; NULL otherwise. */
const char *xc_suggest(const char *word, const char *const *choices, size_t n);

/* pipeline.c: loads and extracts documents on `jobs` threads (one worker
 * each; the calling thread is one of them) and hands them to deliver one at
 * a time, on the calling thread, in input order, so the output does not
 * depend on the number of threads.
 * At most `window` documents (0 = XC_PIPELINE_WINDOW per thread) are
 * loaded but not yet delivered, and no document is started while those
 * hold window_bytes (0 = XC_PIPELINE_WINDOW_BYTES) bytes of input or more
 * (one always may be when none is waiting). deliver takes ownership of
 * the document; when it returns non-zero the run stops, undelivered
 * documents are freed and that value is returned. Returns XC_OK, the value
 * deliver returned, or XC_ERR_NOMEM. */
typedef struct {
    const char *path;
    const char *skip_reason; /* non-NULL: not read, delivered as skipped */
} xc_input;

typedef int (*xc_deliver_fn)(void *ctx, size_t index, xc_doc *doc);

/* Documents a thread loads and then extracts together, a stage at a time
 * (xc_extract_batch), and the input bytes after which it takes no more:
 * 64 news articles, or fewer longer documents (a long one alone). 32 to
 * 64 of them (64 to 128 KiB) spent the least processor time on ECB+; 1,024
 * no longer fit the processor's caches and lost most of the gain. */
#define XC_PIPELINE_BATCH       64
#define XC_PIPELINE_BATCH_BYTES ((size_t)128 << 10)
/* Documents a thread may run ahead of delivery: enough that threads do not
 * wait while the calling thread reconciles a story or extracts a batch
 * itself. Three batches: the one a thread extracts, and two finished or
 * being delivered. With two (128), two threads on ECB+ often waited for
 * each other: about 10 % more wall time. What the documents hold is
 * bounded by window_bytes too. */
#define XC_PIPELINE_WINDOW (3 * XC_PIPELINE_BATCH)
/* Input bytes the finished, undelivered documents may hold (each holds
 * about ten times its input while it waits). */
#define XC_PIPELINE_WINDOW_BYTES ((size_t)16 << 20)
/* Documents the reader thread may read ahead of the next claim, per
 * thread. More than a thread's window: the reader is woken when the
 * claims have used half of what it read, and must get a core before they
 * use the other half. Half of a thread's window of short articles is a
 * fraction of a millisecond of work, often less than a busy machine takes
 * to give the reader a core: the workers then claimed files it had not
 * read, and opened and read them again themselves. What it holds is
 * bounded by window_bytes too. */
#define XC_PIPELINE_READ_WINDOW 256

/* reconcile.c: what reconciling a story needs from one of its documents
 * alone (names with their keys, quote words and speaker keys, figure group
 * keys, date event words), so that it is worked out on the document's
 * worker thread. NULL when out of memory.
 * Valid while the document is; a story reconciled with another rule set
 * prepares the document again. */
typedef struct xc_claims_prep xc_claims_prep;
xc_claims_prep *xc_claims_prepare(const xc_doc *doc, const xc_rules *rules);
void xc_claims_prep_free(xc_claims_prep *prep); /* NULL is fine */
/* --- preparation of a document alone --- */
/* xc_claims_prepare for a document that is the only one of its story and
 * not a draft: its quotes are compared with nothing, so their words are not
 * split. A story that turns out to compare quotes (more documents, or a
 * draft) prepares the document again. */
xc_claims_prep *xc_claims_prepare_alone(const xc_doc *doc, const xc_rules *rules);
/* --- end of preparation of a document alone --- */
/* xc_story_add with the document's preparation (may be NULL: made when the
 * story is reconciled). The story owns prep from this call on, even when
 * it fails. */
xc_status xc_story_add_prepared(xc_story *story, const xc_doc *doc, bool is_draft,
                                xc_claims_prep *prep);
/* Takes the preparation of the story's document i (in the order they were
 * added) out of the story, which no longer frees it: for a story that is
 * done, so that it is freed with its document (xc_pipeline_release_with).
 * NULL when there is none. */
xc_claims_prep *xc_story_take_prep(xc_story *story, size_t i);

typedef struct {
    const xc_rules *rules;
    xc_load_opts load;
    unsigned jobs;       /* 0 or 1: everything on the calling thread */
    size_t window;       /* 0: XC_PIPELINE_WINDOW * jobs */
    size_t window_bytes; /* 0: XC_PIPELINE_WINDOW_BYTES */
    size_t read_window;  /* 0: XC_PIPELINE_READ_WINDOW * jobs */

    /* Optional: called on the thread that extracted the document (skipped
     * ones too) once it is extracted and before it is delivered, for work
     * that needs only that document (its rendered record, its claims
     * prepared for reconciliation), so that delivery only merges. Calls
     * for different documents run at the same time, one of them possibly
     * on the calling thread between two deliveries. A non-zero return
     * stops the run like deliver's and is returned. */
    int (*prepare)(void *ctx, size_t index, xc_doc *doc);
    void *prepare_ctx;

    /* Optional: counts, as the run goes, the documents the reader thread
     * read ahead of the workers (it stays 0 with one thread). */
    _Atomic size_t *read_ahead;
    /* The reader thread starts with the run, instead of once a worker
     * finds a file out of the page cache (pipeline.c). */
    bool reader_at_once;
} xc_pipeline_opts;

int xc_pipeline_run(const xc_input *inputs, size_t n, const xc_pipeline_opts *opts,
                    xc_deliver_fn deliver, void *ctx);
/* Frees a document deliver was given, from within deliver (or what it
 * calls): on the worker thread that extracted it when that was another
 * thread. Most of a document's blocks were allocated there, and freeing
 * them on another thread costs that thread's allocator a walk of the
 * blocks later (mimalloc: 3.7 % of a one-thread run's time, 8.3 % of a
 * two-thread run's, when the calling thread freed every document). */
void xc_pipeline_release(xc_doc *doc);
/* free_fn(p), on the thread xc_pipeline_release(doc) would free doc on:
 * for what a worker made for the document besides it (its claims prepared
 * for reconciliation, which its story held). Call it before releasing doc. */
void xc_pipeline_release_with(const xc_doc *doc, void *p, void (*free_fn)(void *));

/* Streaming pieces of the text and github reports (one story at a time);
 * xc_report_text / xc_report_github are these in a loop. */
typedef struct {
    size_t docs, skipped, stories;
    size_t findings[3]; /* by severity */
} xc_report_totals;

xc_status xc_report_text_story(FILE *out, const xc_run *run, const xc_story *story,
                               xc_report_totals *totals);
/* One finding: severity, kind, concept, message; each claim as
 * path:line:col with its sentence (claimed words highlighted when
 * run->color); the word diff. */
void xc_report_text_finding(FILE *out, const xc_run *run, const xc_finding *f);
/* A skipped input as the end of a text or GitHub report lists it: its path
 * and why (NULL: "skipped"). A streamed report keeps these, not the
 * documents, until its end. */
typedef struct {
    const char *path, *reason;
} xc_skip;
/* Skipped documents with their reasons, then the summary line. */
xc_status xc_report_text_end(FILE *out, const xc_run *run, const xc_skip *skipped, size_t n_skipped,
                             const xc_report_totals *totals);
xc_status xc_report_github_story(FILE *out, const xc_run *run, const xc_story *story,
                                 xc_report_totals *totals);
xc_status xc_report_github_end(FILE *out, const xc_run *run, const xc_skip *skipped,
                               size_t n_skipped, const xc_report_totals *totals);
/* report.c: where a claim is: its own span and text when reconcile filled
 * them, else those of the result its index names. Any out-parameter may be
 * NULL. Returns false (text NULL, span and fold {0,0}) when there is neither;
 * fold is also {0,0} when the extractor kept no fold range for it. */
bool xc_claim_locate(const xc_claim *c, xc_span *span, const char **text, xc_range *fold);

/* One workflow command: "::error file=...,line=...::message" with GitHub's
 * escaping. Zero line/column/end values are left out; title may be NULL. */
int xc_github_command(FILE *out, xc_severity severity, const char *file, unsigned line,
                      unsigned col, unsigned end_line, unsigned end_col, const char *title,
                      const char *message);
/* One finding as an annotation on its first claim in a draft (run may be
 * NULL), else on its first claim; the other claims are listed. */
int xc_github_finding(FILE *out, const xc_run *run, const xc_finding *f);

#endif
