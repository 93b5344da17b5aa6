/* quotes.c — the quotes extractor: direct quotations and who said them.
 *
 * 1. Marks. One pass over the document finds the candidate positions
 *    (bytes '"' and '\'' of the fold view, apostrophes inside words
 *    left out) and classifies each as it is found (the code point as
 *    written is read from doc->text through fold_map); pairing visits the
 *    marks paragraph by paragraph. Each mark is classified from the
 *    character as written and its neighbours: opening, closing, either, or
 *    not a mark at all (apostrophes in "don't", "'90s", the inch mark in
 *    `12" screen`).
 * 2. Pairing, paragraph by paragraph. A quote left open at the end of a
 *    paragraph and reopened at the start of the next runs on (continued); an
 *    unbalanced mark is dropped with a warning and never reaches past its
 *    paragraph. Single marks inside a double quote are nested quotes.
 * 3. Speakers: a speech verb (rule list speech_verbs) next to the quote with
 *    a name, a pronoun or a description beside it; "according to X"; a
 *    trailing "—Name"; else the previous quote of a split quote or of the
 *    previous paragraph. Pronouns and descriptions resolve through the
 *    people extractor's mentions; unresolved speakers stay NULL. The search
 *    for a speech verb around a quote reads words from the document's word
 *    index (xc_doc_tokens) and rules most of them out with a filter of the
 *    rule set's speech verbs before any lookup; where the index shows no
 *    word the filter lets through, the words are not read at all
 *    (first_cue). */
#include "internal.h"

#include <stdio.h>
#include <strings.h>

enum { CLS_DOUBLE = 1, CLS_SINGLE = 2 };

/* Attribution looks at most this many bytes before or after a quote, and
 * pronouns look back over at most this many mentions: bounded work per
 * quote keeps a document's time linear in its size. */
#define WINDOW   600
#define LOOKBACK 64
/* Unbalanced-mark warnings kept per document. */
#define MAX_WARNINGS 20
enum { ROLE_NONE = 0, ROLE_OPEN = 1, ROLE_CLOSE = 2, ROLE_EITHER = 3 };

typedef struct {
    size_t pos;                   /* in fold */
    int32_t cp;                   /* as written */
    unsigned char len, cls, role; /* len in fold: 1, or 2 for '' */
} mark;

typedef struct {
    size_t s, e;           /* quote text in fold (without marks) */
    size_t os, ce;         /* opening mark start, closing mark end */
    size_t para, para_end; /* paragraphs of its opening and closing marks */
    bool continued;
    bool single; /* between single marks at top level */
    /* attribution */
    size_t sp_s, sp_e; /* speaker as written, or equal */
    size_t cue_s, cue_e;
    const char *cue_lit; /* "according to" */
    int inherit;         /* index of the quote whose speaker it takes, or -1 */
    bool guessed;        /* speaker from a nearby mention, with no cue */
} qcand;

typedef struct {
    xc_doc *doc;
    const xc_rules *rs;
    const xc_wordlists *wl;
    xc_worker *w;
    /* rules of quotes.yaml run at a closing mark (NULL when absent), with
     * the numbers of their groups "speaker" and "verb" (-1: none) */
    const xc_rule *after_rules[4];
    int speaker_group[4], verb_group[4];
    const char *f;
    size_t len;
    const xc_range *paras; /* the document's paragraphs (segment.c) */
    size_t nparas;
    XC_VEC(qcand) q;
    /* per person: 0 unknown, 1 male, 2 female (in the doc arena), from the
     * first speaker "he" or "she" on (resolve), NULL before */
    signed char *gender;
    size_t warnings;
    bool strict_descriptions;    /* only role and age descriptions name a speaker */
    const xc_list *work_makers;  /* rule list work_makers, or NULL */
    const xc_list *naming_words; /* rule list naming_words, or NULL */
    size_t first_lt;             /* offset of the first '<' of the text, SIZE_MAX when it has none;
                                  * 0 (in_tag then reads the text) until the search for marks
                                  * finds its first one */
    bool ascii;                  /* the fold is the text, all ASCII (xc_doc.text_ascii) */
    const xc_tokens *tw;         /* the document's word index, or NULL */
    const uint8_t *verb_filter;  /* named.verb_filter, or NULL */
    unsigned according_bit;      /* xc_lex_filter_bit of "according" */
    size_t tk;                   /* cursor into tw (tokens_seek) */
    XC_VEC(mark) marks;          /* every mark of the text (find_marks), in order */
    size_t mi;                   /* cursor into marks (pair_marks) */
    size_t run;                  /* runs of the fold map before the last mark (text_at) */
    size_t clause_lo, clause_p, clause; /* clause_start's last question and answer */
} qctx;

/* The rules and lists the extractor takes by name from a rule set, looked
 * up once per thread and rule set instead of once per document. The
 * serial (xc_rules_serial) tells rule sets apart, also one loaded at the
 * address of a freed one. */
static _Thread_local struct {
    xc_rules_tie tie;
    const xc_rule *after_rules[4];
    int speaker_group[4], verb_group[4];
    const xc_list *work_makers, *naming_words;
    /* The xc_lex_filter_bit of every run of ASCII letters in an entry of
     * the rule set's speech_verbs, the list wl->l[XC_WL_SPEECH_VERBS] holds:
     * a word of ASCII letters whose bit is clear is no speech verb (the
     * lists' table, which answers for such a word, holds an entry only as
     * the entry's bytes, lower-cased, spaces made single and trimmed).
     * Unusable (verb_filter_ok false) when an entry has another byte than
     * an ASCII letter or a space, or the list is the built-in one. */
    bool verb_filter_ok;
    uint8_t verb_filter[XC_LEX_FILTER_BITS / 8];
} named;

static void make_verb_filter(const xc_list *l)
{
    memset(named.verb_filter, 0, sizeof named.verb_filter);
    named.verb_filter_ok = l != NULL;
    for (size_t i = 0; named.verb_filter_ok && i < xc_list_size(l); i++) {
        const char *w = xc_list_at(l, i)->word;
        for (size_t a = 0; w[a];) {
            size_t b = a;
            while ((unsigned char)((w[b] | 32) - 'a') < 26) b++;
            if (b > a) {
                unsigned bit = xc_lex_filter_bit(w + a, b - a);
                xc_lex_filter_add(named.verb_filter, bit);
            } else if (w[b] != ' ') {
                named.verb_filter_ok = false;
                break;
            } else {
                b++;
            }
            a = b;
        }
    }
}

static void find_named(qctx *c, const xc_rules *rules)
{
    if (!rules) return; /* the built-in lists: no rules, no such lists */
    if (xc_rules_retie(&named.tie, rules)) {
        static const char *const ids[] = {"quote-dash-speaker", "quote-according-to",
                                          "quote-name-said", "quote-said-name"};
        for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
            named.after_rules[i] = xc_rules_find(rules, ids[i]);
            named.speaker_group[i] = xc_rule_group(named.after_rules[i], "speaker");
            named.verb_group[i] = xc_rule_group(named.after_rules[i], "verb");
        }
        named.work_makers = xc_rules_list(rules, "work_makers");
        named.naming_words = xc_rules_list(rules, "naming_words");
        make_verb_filter(c->wl->rs == rules ? c->wl->l[XC_WL_SPEECH_VERBS] : NULL);
    }
    memcpy(c->after_rules, named.after_rules, sizeof c->after_rules);
    memcpy(c->speaker_group, named.speaker_group, sizeof c->speaker_group);
    memcpy(c->verb_group, named.verb_group, sizeof c->verb_group);
    c->work_makers = named.work_makers;
    c->naming_words = named.naming_words;
    c->verb_filter = named.verb_filter_ok ? named.verb_filter : NULL;
}

/* --------------------------------------------------------------- marks */

static size_t cp_before(const char *s, size_t i, int32_t *cp)
{
    if (i == 0) {
        *cp = ' ';
        return 0;
    }
    size_t k = i - 1;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    xc_utf8_decode(s, i, k, cp);
    return k;
}

/* The code point that ends at s[i] (cp_before: ' ' at the start), and the
 * one that starts there (xc_utf8_decode; i < len), with an ASCII byte (most
 * neighbours of a mark) settled without a call. */
static inline int32_t cp_ending_at(const char *s, size_t i)
{
    if (i > 0 && (unsigned char)s[i - 1] < 0x80) return (unsigned char)s[i - 1];
    int32_t cp;
    cp_before(s, i, &cp);
    return cp;
}

static inline int32_t cp_at(const char *s, size_t len, size_t i)
{
    if ((unsigned char)s[i] < 0x80) return (unsigned char)s[i];
    int32_t cp;
    xc_utf8_decode(s, len, i, &cp);
    return cp;
}

/* The ASCII letters and digits, by byte: the word scans test every byte
 * they pass over, most of them letters. */
static const bool ascii_alnum[128] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

/* xc_is_word_cp with ASCII settled inline (also for a byte read alone,
 * which the word scans pass as a code point of its value). */
static inline bool word_cp(int32_t cp)
{
    if (cp < 0x80) return cp >= 0 && ascii_alnum[cp];
    return xc_is_word_cp(cp);
}

static bool is_space_cp(int32_t cp)
{
    return cp == ' ' || cp == '\n' || cp == '\t' || cp == '\r' || cp == 0xA0;
}

static bool is_open_punct(int32_t cp)
{
    return cp == '(' || cp == '[' || cp == '{' || cp == '-' || cp == 0x2014 || cp == 0x2013 ||
           cp == '/' || cp == ':' || cp == 0x2026;
}

static bool is_close_punct(int32_t cp)
{
    return cp == ',' || cp == '.' || cp == ';' || cp == ':' || cp == '!' || cp == '?' ||
           cp == ')' || cp == ']' || cp == '}' || cp == '-' || cp == 0x2014 || cp == 0x2013 ||
           cp == 0x2026 || cp == '/';
}

static bool is_quote_cp(int32_t cp)
{
    return cp == '"' || cp == '\'' || (cp >= 0x2018 && cp <= 0x201F) || cp == 0xAB || cp == 0xBB ||
           cp == 0x2039 || cp == 0x203A;
}

/* The tests above for an ASCII code point, from one table: whether a
 * mark's neighbour on its left is a space, opening punctuation or a
 * quotation mark (is_space_cp, is_open_punct, is_quote_cp), whether one on
 * its right is a space, closing punctuation or a quotation mark
 * (is_space_cp, is_close_punct, is_quote_cp), and whether it is a letter or
 * a digit (word_cp): classify reads all it asks of a neighbour at once. */
enum { SIDE_LEFT = 1, SIDE_RIGHT = 2, SIDE_WORD = 4 };
#define L  SIDE_LEFT
#define R  SIDE_RIGHT
#define LR (SIDE_LEFT | SIDE_RIGHT)
#define W  SIDE_WORD
static const unsigned char ascii_side[128] = {
    0,  0, 0,  0, 0, 0, 0, 0,  0, LR, LR, 0, 0, LR, 0, 0,  /* 0x00 */
    0,  0, 0,  0, 0, 0, 0, 0,  0, 0,  0,  0, 0, 0,  0, 0,  /* 0x10 */
    LR, R, LR, 0, 0, 0, 0, LR, L, R,  0,  0, R, LR, R, LR, /* 0x20 */
    W,  W, W,  W, W, W, W, W,  W, W,  LR, R, 0, 0,  0, R,  /* 0x30 */
    0,  W, W,  W, W, W, W, W,  W, W,  W,  W, W, W,  W, W,  /* 0x40 */
    W,  W, W,  W, W, W, W, W,  W, W,  W,  L, 0, R,  0, 0,  /* 0x50 */
    0,  W, W,  W, W, W, W, W,  W, W,  W,  W, W, W,  W, W,  /* 0x60 */
    W,  W, W,  W, W, W, W, W,  W, W,  W,  L, 0, R,  0, 0,  /* 0x70 */
};
#undef L
#undef R
#undef LR
#undef W

/* The code point as written for the mark at fold position p, whose text
 * offset is t (SIZE_MAX: not known yet, read from the fold map when
 * needed). */
static int32_t written_cp(const xc_doc *doc, size_t p, size_t t, size_t *flen)
{
    int32_t cp;
    if ((unsigned char)doc->fold[p] < 0x80) /* '"' and '\'', the marks of the fold text */
        *flen = 1, cp = (unsigned char)doc->fold[p];
    else
        *flen = xc_utf8_decode(doc->fold, doc->fold_len, p, &cp);
    /* a fold that is the text itself (ASCII) has the mark as written */
    if ((cp == '"' || cp == '\'') && doc->text && doc->text != doc->fold) {
        if (t == SIZE_MAX) t = xc_omap_start(&doc->fold_map, p);
        if (t < doc->text_len) {
            int32_t w = (unsigned char)doc->text[t];
            if (w >= 0x80) xc_utf8_decode(doc->text, doc->text_len, t, &w);
            if (w != ' ' && w != '\n') cp = w;
        }
    }
    return cp;
}

/* True when p is inside a markup tag left in the text (`<tweet pic=""
 * author="...">`): a '<' opening a tag name before p on its line, with no
 * '>' between, and a '>' after p on the line. Looks at most 300 bytes either
 * way. */
static bool in_tag(const qctx *c, size_t p)
{
    if (c->first_lt >= p) return false; /* no '<' before p: news text has none */
    size_t lo = p > 300 ? p - 300 : 0, k = p;
    for (;; k--) {
        if (k == lo) return false;
        char ch = c->f[k - 1];
        if (ch == '>' || ch == '\n') return false;
        if (ch == '<') break;
    }
    char t = k < c->len ? c->f[k] : 0;
    if (!((t >= 'a' && t <= 'z') || (t >= 'A' && t <= 'Z'))) return false;
    size_t hi = p + 300 < c->len ? p + 300 : c->len;
    for (size_t j = p + 1; j < hi; j++) {
        if (c->f[j] == '\n' || c->f[j] == '<') return false;
        if (c->f[j] == '>') return true;
    }
    return false;
}

/* What a mark's neighbour cp tells: *word, whether it is a letter or
 * digit; *at_side, whether a mark may stand on that side of it (side: the
 * SIDE_LEFT or SIDE_RIGHT bit of ascii_side; punct: the marks of that side
 * past ASCII, opening or closing). */
static inline void neighbour(int32_t cp, unsigned side, bool (*punct)(int32_t), bool *word,
                             bool *at_side)
{
    if ((uint32_t)cp < 0x80) {
        unsigned k = ascii_side[cp];
        *word = k & SIDE_WORD;
        *at_side = k & side;
        return;
    }
    *word = cp >= 0 && xc_is_word_cp(cp);
    *at_side = is_space_cp(cp) || punct(cp) || is_quote_cp(cp);
}

/* Classifies the possible mark at p (t: as written_cp); false when it is
 * not a quotation mark. */
static bool classify_at(const qctx *c, size_t p, size_t t, mark *m)
{
    size_t flen;
    int32_t cp = written_cp(c->doc, p, t, &flen);
    if (c->f[p] == '\'' && p + 1 < c->len && c->f[p + 1] == '\'') {
        cp = '"'; /* '' written for a double quotation mark */
        flen = 2;
    }
    int cls, role;
    switch (cp) {
    case '"':
        cls = CLS_DOUBLE, role = ROLE_EITHER;
        break;
    case 0x201C:
    case 0x201E:
    case 0x201F:
    case 0xAB:
        cls = CLS_DOUBLE, role = ROLE_OPEN;
        break;
    case 0x201D:
    case 0xBB:
        cls = CLS_DOUBLE, role = ROLE_CLOSE;
        break;
    case '\'':
    case 0x2019:
        cls = CLS_SINGLE, role = ROLE_EITHER;
        break;
    case 0x2018:
    case 0x201A:
    case 0x2039:
        cls = CLS_SINGLE, role = ROLE_OPEN;
        break;
    case 0x203A:
        cls = CLS_SINGLE, role = ROLE_CLOSE;
        break;
    default:
        return false; /* primes (inch, minute marks) and everything else */
    }
    int32_t prev = cp_ending_at(c->f, p),
            next = p + flen < c->len ? cp_at(c->f, c->len, p + flen) : ' ';
    if (prev == '=') return false; /* a markup attribute value: id="..." */
    if (in_tag(c, p)) return false;
    if (prev == '"' && p >= 2 && c->f[p - 2] == '=') return false; /* an empty one: pic="" */
    bool prev_word, next_word, left, right;
    neighbour(prev, SIDE_LEFT, is_open_punct, &prev_word, &left);
    neighbour(next, SIDE_RIGHT, is_close_punct, &next_word, &right);
    right = right || p + flen >= c->len;
    if (cls == CLS_SINGLE) {
        if (prev_word && next_word) return false;             /* don't, Sung's */
        if (left && next >= '0' && next <= '9') return false; /* '90s */
        if (cp == 0x2019 && role == ROLE_EITHER && prev_word && !right) return false;
    }
    if (cls == CLS_DOUBLE && cp == '"' && prev >= '0' && prev <= '9' && !left)
        role = ROLE_CLOSE; /* 12" screen: closes an open quote, opens none */
    if (role == ROLE_EITHER || cp == 0x201C || cp == 0x201D) {
        if (left && !right)
            role = ROLE_OPEN;
        else if (right && !left)
            role = ROLE_CLOSE;
        else if (role != ROLE_EITHER)
            ; /* a curly mark keeps its direction when its context says nothing */
        else if (prev_word && next_word)
            role = ROLE_EITHER;
    }
    if (cls == CLS_SINGLE && role == ROLE_EITHER && !left && !right) return false;
    m->pos = p;
    m->len = flen;
    m->cls = cls;
    m->role = role;
    m->cp = cp;
    return true;
}

static bool classify(const qctx *c, size_t p, mark *m)
{
    return classify_at(c, p, SIZE_MAX, m);
}

/* True when the fold byte at p is an apostrophe between two ASCII letters
 * or digits ("don't", "Sung's", "rock'n'roll"): classify never takes one
 * as a mark (every code point that folds to '\'' is a single mark, which
 * is not one between two word characters, or no mark at all), so most
 * apostrophes are passed over without reading the text as written. */
static bool inner_apostrophe(const qctx *c, size_t p)
{
    if (c->f[p] != '\'' || p == 0 || p + 1 >= c->len) return false;
    unsigned char a = (unsigned char)c->f[p - 1], b = (unsigned char)c->f[p + 1];
    return a < 0x80 && ascii_alnum[a] && b < 0x80 && ascii_alnum[b];
}

/* The text offset of fold position p, where p is past the position asked
 * for last (the marks are classified in order): c->run counts the runs of
 * the fold map that start at or before it, and moves on from there instead
 * of searching the runs for each mark. */
static size_t text_at(qctx *c, size_t p)
{
    const xc_omap *fm = &c->doc->fold_map;
    if (!fm->runs.n) return p; /* identity */
    size_t j = c->run;
    while (j < fm->runs.n && fm->runs.v[j].out <= p) j++;
    c->run = j;
    return xc_omap_start_at(fm, j ? &fm->runs.v[j - 1] : NULL, p);
}

/* Fills c->marks with every quotation mark of the fold text, in order, in
 * one pass over the whole text (pairing then visits the marks alone,
 * paragraph by paragraph). The matching view has every quotation mark,
 * curly or angled, folded to '"' or '\'' (text.c), so a mark starts at one
 * of these two bytes (the text as written tells which mark it was:
 * classify); apostrophes inside words are left out. The two bytes are found
 * with memchr, each from the one before: news text has about one in a
 * hundred and fifty bytes, so the C library's scan of long stretches costs
 * less than a loop over them here. Each is classified as it is found:
 * classify depends on the position alone, so the marks pairing finds in a
 * range are those it would find classifying the bytes there itself.
 * Returns 0, or -1 when out of memory. */
static int find_marks(qctx *c)
{
    const char *f = c->f, *end = f + c->len;
    const char *dq = memchr(f, '"', c->len), *sq = memchr(f, '\'', c->len);
    while (dq || sq) {
        size_t p;
        if (dq && (!sq || dq < sq)) {
            p = (size_t)(dq - f);
            dq = memchr(dq + 1, '"', (size_t)(end - dq - 1));
        } else {
            p = (size_t)(sq - f);
            sq = memchr(sq + 1, '\'', (size_t)(end - sq - 1));
            if (inner_apostrophe(c, p)) continue;
        }
        if (!c->marks.cap) {
            /* the first byte to classify: in_tag's first test needs the
             * first '<' (a text with none to classify never looks for it),
             * and the marks room, for those of most texts at once */
            const char *lt = memchr(f, '<', c->len);
            c->first_lt = lt ? (size_t)(lt - f) : SIZE_MAX;
            if (xc_vec_reserve(&c->marks, c->len / 128 + 16)) return -1;
        }
        mark m;
        if (classify_at(c, p, c->doc->text ? text_at(c, p) : SIZE_MAX, &m) &&
            xc_vec_push(&c->marks, m))
            return -1;
    }
    return 0;
}

/* The first mark from c->mi on that starts at or after i: pairing asks for
 * positions in order, so the cursor only moves on. */
static inline size_t mark_at_or_after(qctx *c, size_t i)
{
    size_t k = c->mi;
    while (k < c->marks.n && c->marks.v[k].pos < i) k++;
    return c->mi = k;
}

static bool in_heading(const xc_doc *doc, size_t pos)
{
    if (!doc->headings.n) return false; /* most articles have none */
    size_t i = xc_ranges_before(doc->headings.v, doc->headings.n, pos + 1);
    return i && pos < doc->headings.v[i - 1].end;
}

/* in_heading for the paragraph that starts at start, asked once: *known is
 * -1 until then, then the answer. */
static bool para_heading(const qctx *c, size_t start, int *known)
{
    if (*known < 0) *known = in_heading(c->doc, start);
    return *known;
}

/* Records an unbalanced mark, up to MAX_WARNINGS per document. The
 * message is a fixed one: it goes to the document's diagnostics as it is,
 * without formatting it first (a news article with stray marks has a
 * warning every few paragraphs). */
static void warn_mark(qctx *c, size_t pos, const char *what)
{
    c->warnings++;
    if (c->warnings <= MAX_WARNINGS) {
        xc_doc_warn_text(c->doc, "quote-unbalanced", pos, what);
    } else if (c->warnings == MAX_WARNINGS + 1) {
        xc_doc_warn(c->doc, "quote-unbalanced", pos,
                    "more unbalanced quotation marks follow; only the first %d are reported",
                    MAX_WARNINGS);
    }
}
/* ------------------------------------------------------------- pairing */

static int emit(qctx *c, size_t os, size_t olen, size_t cs, size_t clen, size_t pa, size_t pb,
                bool continued)
{
    size_t s = os + olen, e = cs;
    while (s < e && (c->f[s] == ' ' || c->f[s] == '\n')) s++;
    while (e > s && (c->f[e - 1] == ' ' || c->f[e - 1] == '\n')) e--;
    if (e <= s) return 0;
    /* made in its place in the vector, not copied there */
    if (xc_vec_reserve(&c->q, c->q.n + 1)) return -1;
    qcand *q = &c->q.v[c->q.n++];
    memset(q, 0, sizeof *q);
    q->s = s;
    q->e = e;
    q->os = os;
    q->ce = cs + clen;
    q->para = pa;
    q->para_end = pb;
    q->continued = continued;
    q->inherit = -1;
    return 0;
}

/* True when paragraph pi starts with an opening double mark; *m gets it. */
static bool para_reopens(qctx *c, size_t pi, mark *m)
{
    if (pi >= c->nparas) return false;
    xc_range r = c->paras[pi];
    size_t k = mark_at_or_after(c, r.start);
    if (k == c->marks.n || c->marks.v[k].pos >= (r.start + 1 < r.end ? r.start + 1 : r.end))
        return false;
    const mark *f = &c->marks.v[k];
    if (f->cls != CLS_DOUBLE || f->role == ROLE_CLOSE) return false;
    *m = *f;
    return true;
}

static size_t skip_sp(const qctx *c, size_t i, size_t end)
{
    while (i < end && (c->f[i] == ' ' || c->f[i] == '\t')) i++;
    return i;
}

static int pair_marks(qctx *c)
{
    bool open = false, continued = false;
    mark om = {0};
    size_t open_para = 0;
    size_t skip_mark = SIZE_MAX; /* a reopening mark already consumed */
    /* a quote takes two marks: room for every quote at once */
    if (xc_vec_reserve(&c->q, c->marks.n / 2 + 1)) return -1;
    for (size_t pi = 0; pi < c->nparas; pi++) {
        xc_range r = c->paras[pi];
        if (!open) {
            /* nothing is open: a paragraph without a mark has nothing to
             * pair, so go on at the next mark's paragraph */
            size_t k = mark_at_or_after(c, r.start);
            if (k == c->marks.n) break;
            /* the last paragraph that starts at or before the mark, read
             * from here on (its marks start at k): marks are a few
             * paragraphs apart, so a walk costs less than a binary search */
            size_t pos = c->marks.v[k].pos;
            while (pi + 1 < c->nparas && c->paras[pi + 1].start <= pos) pi++;
            r = c->paras[pi];
        }
        /* whether the paragraph is a heading, asked only where a mark is
         * left unbalanced (-1: not asked yet) */
        int heading = -1;
        bool s_open = false;
        mark sm = {0};
        /* the marks of the paragraph in order, each from the end of the
         * one before (p: a mark written '' covers the byte after it) */
        size_t p = r.start, mk = mark_at_or_after(c, r.start);
        for (; mk < c->marks.n && c->marks.v[mk].pos < r.end; mk++) {
            const mark *m = &c->marks.v[mk];
            if (m->pos < p) continue;
            p = m->pos + m->len;
            if (m->pos == skip_mark) continue;
            if (m->cls == CLS_SINGLE) {
                if (open) continue; /* nested inside a double quote */
                if (!s_open && m->role == ROLE_OPEN) {
                    s_open = true;
                    sm = *m;
                } else if (s_open && m->role != ROLE_OPEN) {
                    /* a top-level single-quoted passage of a few words or more */
                    size_t words = 0;
                    for (size_t k = sm.pos + sm.len; k < m->pos; k++) words += c->f[k] == ' ';
                    if (words >= 2) {
                        if (emit(c, sm.pos, sm.len, m->pos, m->len, pi, pi, false)) return -1;
                        if (c->q.n && c->q.v[c->q.n - 1].os == sm.pos)
                            c->q.v[c->q.n - 1].single = true;
                    }
                    s_open = false;
                }
                continue;
            }
            if (!open) {
                if (m->role == ROLE_CLOSE) {
                    if (!(m->pos > 0 && c->f[m->pos - 1] >= '0' && c->f[m->pos - 1] <= '9') &&
                        !para_heading(c, r.start, &heading))
                        warn_mark(c, m->pos, "closing quotation mark without an opening one");
                    continue;
                }
                open = true;
                continued = false;
                om = *m;
                open_para = pi;
                s_open = false;
                continue;
            }
            if (m->role == ROLE_OPEN && m->cp != 0x201C) {
                warn_mark(c, om.pos, "quotation mark not closed before the next one opens");
                om = *m;
                open_para = pi;
                continued = false;
                continue;
            }
            if (m->role == ROLE_OPEN && m->cp == 0x201C && om.cp != 0x201E) {
                warn_mark(c, om.pos, "quotation mark not closed before the next one opens");
                om = *m;
                open_para = pi;
                continued = false;
                continue;
            }
            if (emit(c, om.pos, om.len, m->pos, m->len, open_para, pi, continued)) return -1;
            open = false;
        }
        c->mi = mk;
        if (open) {
            mark rm;
            /* a quote runs on into the next paragraph when that paragraph
             * reopens it and the quote began as a sentence (a partial
             * quote, "is \u201creally an amorphous", left open is a typo) */
            size_t qs = skip_sp(c, om.pos + om.len, r.end);
            bool sentence = qs < r.end && (xc_word_is_upper(c->f, r.end, qs) ||
                                           (c->f[qs] >= '0' && c->f[qs] <= '9'));
            bool head = para_heading(c, r.start, &heading);
            if (!head && sentence && pi + 1 < c->nparas && para_reopens(c, pi + 1, &rm)) {
                continued = true;
                skip_mark = rm.pos;
                continue;
            }
            if (!head) warn_mark(c, om.pos, "quotation mark not closed in its paragraph");
            /* a continued quote whose last paragraph is not closed still
             * covers the paragraphs it did close over */
            open = false;
            continued = false;
        }
    }
    return 0;
}

/* --------------------------------------------------------- attribution */

typedef struct {
    size_t s, e;
} span2;

static bool word_at(const qctx *c, size_t i, size_t end, span2 *w)
{
    size_t e = xc_name_word_end(c->f, end, i);
    if (e == i) return false;
    w->s = i;
    w->e = e;
    return true;
}

/* True when the n bytes at fold offset s are a word of list `which`. */
static inline bool wl_has(const qctx *c, int which, size_t s, size_t n)
{
    return xc_wl_mask_in(c->wl, 1u << which, c->f + s, n, c->len - s) != 0;
}

/* Index of the first word of the document's word index that starts at or
 * after pos (a cursor for xc_tokens_from), or 0 without an index. The
 * searches of one quote ask for nearby positions, and those of the next
 * quote for positions a little further on: the answer is bracketed from
 * the last one (c->tk) in steps that double, then found by bisection, in
 * about twice the logarithm of the distance. */
/* Bytes per word of news text, about (ECB+: one word every six bytes). */
#define TOKEN_BYTES 6
static size_t tokens_seek(qctx *c, size_t pos)
{
    if (!c->tw) return 0;
    const xc_token *v = c->tw->v;
    size_t n = c->tw->n, k = c->tk < n ? c->tk : n;
    /* the search starts where the words of news text, one in every
     * TOKEN_BYTES bytes or so, put the answer (any start gives the same
     * answer: a nearer one brackets it in fewer steps) */
    if (k < n) {
        size_t at = v[k].start, d;
        if (at < pos) {
            d = (pos - at) / TOKEN_BYTES;
            k = d < n - k ? k + d : n - 1;
        } else {
            d = (at - pos) / TOKEN_BYTES;
            k = d < k ? k - d : 0;
        }
    }
    size_t lo, hi; /* the answer is in [lo, hi] */
    size_t step = 1;
    if (k < n && v[k].start < pos) {
        /* forward: every word before lo starts before pos */
        lo = k + 1;
        while (lo + step - 1 < n && v[lo + step - 1].start < pos) {
            lo += step;
            step *= 2;
        }
        hi = lo + step - 1 < n ? lo + step - 1 : n;
    } else {
        /* back: every word from hi on starts at or after pos */
        hi = k;
        while (hi >= step && v[hi - step].start >= pos) {
            hi -= step;
            step *= 2;
        }
        lo = hi >= step ? hi - step + 1 : 0;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].start < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return c->tk = lo;
}

/* True when b can be part of a word as the word scans read them (an ASCII
 * letter or digit, or a byte of a code point past ASCII). */
static inline bool wordish(unsigned char b)
{
    return b >= 0x80 || word_cp(b);
}

/* The start of the first word of the index from entry k on, before b,
 * that may be a cue (its bit is in the verb filter, or is the bit of
 * "according" when `according`), or b when there is none: what first_cue
 * and next_cue read from the index. */
static inline size_t cue_word_from(const qctx *c, size_t *kp, size_t b, bool according)
{
    size_t k = *kp;
    for (; k < c->tw->n && c->tw->v[k].start < b; k++) {
        const xc_token *t = &c->tw->v[k];
        if (t->letters && (xc_lex_filter_has(c->verb_filter, t->bit) ||
                           (according && t->bit == c->according_bit))) {
            *kp = k;
            return t->start;
        }
    }
    *kp = k;
    return b;
}

/* Where the word-by-word search for a cue (scan_word from a, each word cut
 * at b, then a lookup in speech_verbs, or "according" when `according`)
 * can first find one in f[a..b): b when it certainly finds none. Most
 * quotes have no cue on one side, and this answers from the word index
 * without reading the words.
 *
 * Why b is right: speech_verbs holds words of ASCII letters alone (the verb
 * filter exists only then), and "according" is one too, so a word the
 * search takes for a cue is a run of ASCII letters, whole unless cut at
 * either end of the range ("says" cut to "say"), or else a word with a byte
 * past ASCII (which list lookups may fold to an ASCII entry). With no cut
 * word and no such byte, every word the search reads starts where the
 * byte before it is an ASCII byte that is no letter or digit (or at a
 * itself after one), which is where the word index has a word; a cue then
 * is a word of the index whose bit (of its letters, all of the word) is in
 * the verb filter or is the bit of "according". Anything else answers a.
 * (So the answer is also where the search meets the first word that may
 * be a cue, when no byte past ASCII comes before it.) */
static size_t first_cue(qctx *c, size_t a, size_t b, bool according)
{
    if (a >= b) return b;
    const char *f = c->f;
    if (!c->tw || !c->verb_filter) return a;
    if (a > 0 && wordish((unsigned char)f[a - 1]) && wordish((unsigned char)f[a])) return a;
    if (b < c->len && wordish((unsigned char)f[b - 1]) && wordish((unsigned char)f[b])) return a;
    size_t k = tokens_seek(c, a);
    size_t v = cue_word_from(c, &k, b, according);
    /* the bytes past ASCII that matter are those before the first word
     * of the index that may be a cue */
    if (!c->ascii && xc_next_non_ascii(f, a, v) < v) return a;
    /* the search goes on from v, most often: the cursor of tokens_seek is
     * left at its word */
    if (v < b) c->tk = k;
    return v;
}

/* first_cue(c, a, b, according) where the search, word by word in
 * [.., b), has read a word that ends at a: with b one that first_cue can
 * answer for (the caller has seen to it: an index, a verb filter, and no
 * word cut at b), *k the search's cursor into the word index, and *na the
 * first byte past ASCII in [a', b) for the last a' asked for (0 at first),
 * so that neither the index nor the bytes are searched from the start
 * again for each word. */
static inline size_t next_cue(const qctx *c, size_t a, size_t b, bool according, size_t *k,
                              size_t *na)
{
    if (a >= b) return b;
    const char *f = c->f;
    if (wordish((unsigned char)f[a - 1]) && wordish((unsigned char)f[a])) return a;
    xc_tokens_from(c->tw, k, a);
    size_t kv = *k;
    size_t v = cue_word_from(c, &kv, b, according);
    if (*na < a) *na = c->ascii ? b : xc_next_non_ascii(f, a, b);
    return *na < v ? a : v;
}

/* Where the word-by-word search for a cue from a can start, given v, what
 * first_cue answered for it: the words before v are no cues, so the search
 * starts at v itself, unless an apostrophe or a hyphen before v may join
 * it to the word before ("o'said" is one word, and no cue): then at a.
 * (v is a when first_cue could not tell.) */
static inline size_t cue_scan_start(const qctx *c, size_t a, size_t v)
{
    if (v > a && (c->f[v - 1] == '\'' || c->f[v - 1] == '-')) return a;
    return v;
}

/* word_at for a loop that reads the words of s[j..end) in order looking
 * for speech verbs, with *k a cursor into the word index
 * (tokens_seek, then xc_tokens_from). An ASCII byte that is no
 * letter or digit starts no word. When the index lists the word at j whole
 * (ASCII letters that end at end, or at an ASCII byte that neither goes on
 * with the word, as a digit does, nor may join it to the next, as an
 * apostrophe or a hyphen may), its end is read from there, and *no_verb
 * tells whether the speech verbs' filter rules it out. Otherwise the word
 * is read from the text and *no_verb is false. */
static inline bool scan_word(const qctx *c, size_t *k, size_t j, size_t end, span2 *w,
                             bool *no_verb)
{
    *no_verb = false;
    unsigned char b = (unsigned char)c->f[j];
    if (b < 0x80 && !ascii_alnum[b]) return false;
    const xc_token *t = c->tw ? xc_tokens_from(c->tw, k, j) : NULL;
    if (t && t->start == j && (t->flags & XC_TOKEN_ASCII_END) && t->letters) {
        size_t e = xc_token_end(t);
        unsigned char ch = e < end ? (unsigned char)c->f[e] : 0;
        if (e == end || (e < end && (unsigned char)(ch - '0') >= 10 && ch != '\'' && ch != '-')) {
            w->s = j;
            w->e = e;
            *no_verb = c->verb_filter && !xc_lex_filter_has(c->verb_filter, t->bit);
            return true;
        }
    }
    return word_at(c, j, end, w);
}

/* The lists of abbreviations that end in '.' ("Mr.", "Sen."): a '.' after
 * one ends no sentence. True when the n bytes at s are in one of them (one
 * lookup for both). */
#define ABBREV_LISTS ((1u << XC_WL_HONORIFICS) | (1u << XC_WL_TITLES))
static inline bool is_abbrev(const qctx *c, size_t s, size_t n)
{
    return xc_wl_mask_in(c->wl, ABBREV_LISTS, c->f + s, n, c->len - s) != 0;
}

static bool is_list(const qctx *c, int list, span2 w)
{
    return wl_has(c, list, w.s, w.e - w.s);
}

/* The lists of `want` that hold w, from one lookup (is_list of each). */
static inline uint32_t lists_of(const qctx *c, uint32_t want, span2 w)
{
    return xc_wl_mask_in(c->wl, want, c->f + w.s, w.e - w.s, c->len - w.s);
}

/* Rule lists whose words name no speaker. */
#define NO_SPEAKER_LISTS ((1u << XC_WL_NOT_SPEAKERS) | (1u << XC_WL_STOPWORDS))

static bool is_lit(const qctx *c, span2 w, const char *lit)
{
    return xc_ieq_ascii(c->f + w.s, w.e - w.s, lit); /* lengths compared too */
}

/* A fixed set of lower-case ASCII words (NULL at the end), with a filter
 * that rules most other words out before any comparison: per length up to
 * LIT_MAX, a bit per first letter a word of the set of that length starts
 * with. A word that passes is compared with the words of its length alone:
 * `order` lists the words by length, those of length n from by_len[n] to
 * by_len[n + 1]. Each thread fills the filter on first use (ready), from
 * words alone, so every thread gets the same one. */
#define LIT_MAX   15
#define LIT_WORDS 32
typedef struct {
    const char *const *words;
    uint32_t first[LIT_MAX + 1]; /* by length: bit (letter - 'a') */
    unsigned char by_len[LIT_MAX + 2];
    unsigned char order[LIT_WORDS];
    bool ready;
    /* a word longer than LIT_MAX or not starting with a-z, or more than
     * LIT_WORDS words: every word is compared */
    bool unfiltered;
} litset;

static void litset_fill(litset *set)
{
    size_t count = 0;
    for (const char *const *w = set->words; *w; w++, count++) {
        size_t n = strlen(*w);
        unsigned first = (unsigned)(unsigned char)**w - 'a';
        if (n > LIT_MAX || first >= 26)
            set->unfiltered = true;
        else
            set->first[n] |= 1u << first;
    }
    if (count > LIT_WORDS) set->unfiltered = true;
    if (!set->unfiltered) {
        size_t k = 0;
        for (size_t n = 0; n <= LIT_MAX; n++) {
            set->by_len[n] = (unsigned char)k;
            for (size_t i = 0; i < count; i++)
                if (strlen(set->words[i]) == n) set->order[k++] = (unsigned char)i;
        }
        set->by_len[LIT_MAX + 1] = (unsigned char)k;
    }
    set->ready = true;
}

/* is_lit_in past its filter: the words of the set of w's length (all of
 * them when the set is unfiltered) that start with `first`. */
static bool lit_in_words(const qctx *c, span2 w, const litset *set, unsigned char first)
{
    if (set->unfiltered) {
        for (const char *const *words = set->words; *words; words++)
            if ((unsigned char)**words == first && is_lit(c, w, *words)) return true;
        return false;
    }
    size_t n = w.e - w.s;
    for (size_t i = set->by_len[n]; i < set->by_len[n + 1]; i++) {
        const char *word = set->words[set->order[i]];
        if ((unsigned char)*word == first && is_lit(c, w, word)) return true;
    }
    return false;
}

/* True when w is one of the words of `set`, ignoring case. A word is
 * compared only with those of its length and first letter: a byte made
 * lower case by setting 0x20 equals a lower-case letter only when it is
 * that letter in either case (so it passes the filter only when a word of
 * the set of its length starts with that letter). The filter is inline in
 * the callers: most words fail it. */
static inline bool is_lit_in(const qctx *c, span2 w, litset *set)
{
    if (w.e == w.s) return false;
    if (!set->ready) litset_fill(set);
    unsigned char first = (unsigned char)c->f[w.s] | 0x20;
    size_t n = w.e - w.s;
    unsigned bit = (unsigned)first - 'a';
    if (!set->unfiltered && (n > LIT_MAX || bit >= 26 || !(set->first[n] >> bit & 1))) return false;
    return lit_in_words(c, w, set, first);
}

/* A capitalized name at i ("Mr. Reid", "George W. Bush", "Lee Myung-bak"):
 * its end, or i. */
static size_t name_end(const qctx *c, size_t i, size_t end)
{
    size_t j = i, last = i;
    for (int n = 0; n < 6; n++) {
        span2 w;
        if (!word_at(c, j, end, &w) || !xc_word_is_upper(c->f, end, j)) break;
        size_t e = w.e;
        if (e < end && c->f[e] == '.' && (e - w.s == 1 || is_abbrev(c, w.s, e - w.s + 1))) e++;
        last = e;
        if (e + 1 < end && c->f[e] == ' ' && xc_word_is_upper(c->f, end, e + 1))
            j = e + 1;
        else
            break;
    }
    /* a possessive ending is not part of the name */
    if (last >= i + 3 && c->f[last - 1] == 's' && c->f[last - 2] == '\'') last -= 2;
    return last;
}

static bool is_adverb(const qctx *c, span2 w)
{
    size_t n = w.e - w.s;
    if (n > 3 && !memcmp(c->f + w.e - 2, "ly", 2)) return true;
    static const char *const adv[] = {"also",       "later", "then", "once", "recently",
                                      "previously", "again", "has",  "had",  "have",
                                      "would",      "will",  NULL};
    static _Thread_local litset set = {.words = adv};
    return is_lit_in(c, w, &set);
}

/* Words that join clauses: a description never holds one. */
static bool is_connective(const qctx *c, span2 w)
{
    static const char *const con[] = {"and", "or",    "but",    "that",    "which", "who",
                                      "as",  "when",  "while",  "because", "if",    "than",
                                      "so",  "after", "before", "whom",    "whose", NULL};
    static _Thread_local litset set = {.words = con};
    return is_lit_in(c, w, &set);
}

/* Words that open a relative clause: a description ends before one. */
static bool is_relative(const qctx *c, span2 w)
{
    /* all four start with a 'w' (in either case: '|' 0x20 makes only 'W'
     * and 'w' a 'w') */
    if (w.e == w.s || (c->f[w.s] | 0x20) != 'w') return false;
    return is_lit(c, w, "who") || is_lit(c, w, "whom") || is_lit(c, w, "whose") ||
           is_lit(c, w, "which");
}

/* A role written before a name without a determiner ("election lawyer Joe
 * Birkenstock", "campaign manager Jeff Weaver"): up to three lower-case
 * words, the last a role of rule list titles, then a capitalized name.
 * first is the word at i, first_title whether it is in rule list titles
 * (the caller has looked them up). Returns the end of the name, or i. */
static size_t role_name_at(const qctx *c, size_t i, size_t end, span2 first, bool first_title)
{
    size_t j = i;
    for (int n = 0; n < 3; n++) {
        span2 w = first;
        if (n > 0 && !word_at(c, j, end, &w)) return i;
        if (xc_word_is_upper(c->f, end, j)) return i;
        if (w.e + 1 >= end || c->f[w.e] != ' ') return i;
        j = w.e + 1;
        /* a role counts only before a capitalized word (before another,
         * the next word is read the same whatever this one is), so it is
         * looked up only there */
        if (!xc_word_is_upper(c->f, end, j)) continue;
        bool role = n == 0 ? first_title : is_list(c, XC_WL_TITLES, w);
        if (!role && w.e - w.s > 1 && c->f[w.e - 1] == 's')
            role = is_list(c, XC_WL_TITLES, (span2){w.s, w.e - 1});
        if (role) {
            span2 x;
            if (!word_at(c, j, end, &x) || lists_of(c, NO_SPEAKER_LISTS, x)) return i;
            size_t e = name_end(c, j, end);
            return e > j ? e : i;
        }
    }
    return i;
}

/* Words that open a description of a speaker: "the professor", "one party
 * activist", "several aides". */
static bool is_determiner(const qctx *c, span2 w)
{
    static const char *const det[] = {"the",   "a",     "an",      "his",   "her",  "their",
                                      "its",   "one",   "another", "some",  "many", "several",
                                      "two",   "three", "most",    "other", "our",  "my",
                                      "these", "those", "both",    NULL};
    static _Thread_local litset set = {.words = det};
    return is_lit_in(c, w, &set);
}

/* A speaker phrase at i: a pronoun, a name, or a short description ("the
 * 25-year-old", "the professor"). Sets *sp and returns its end, or i. */
/* The lists the first word of a speaker phrase is tested against, in one
 * lookup (its speech verb bit also tells whether it is a verb). */
#define SPEAKER_LISTS                                                                              \
    ((1u << XC_WL_PRONOUNS) | (1u << XC_WL_SPEECH_VERBS) | (1u << XC_WL_NOT_SPEAKERS) |            \
     (1u << XC_WL_TITLES))
static inline uint32_t speaker_mask(const qctx *c, span2 w)
{
    return xc_wl_mask_in(c->wl, SPEAKER_LISTS, c->f + w.s, w.e - w.s, c->len - w.s);
}

static size_t speaker_from(const qctx *c, size_t i, size_t end, span2 w, uint32_t m, span2 *sp);

static size_t speaker_at(const qctx *c, size_t i, size_t end, span2 *sp)
{
    span2 w;
    if (!word_at(c, i, end, &w)) return i;
    return speaker_from(c, i, end, w, speaker_mask(c, w), sp);
}

/* speaker_at with its first word w (word_at of i) and speaker_mask of it
 * known. */
static size_t speaker_from(const qctx *c, size_t i, size_t end, span2 w, uint32_t m, span2 *sp)
{
    if (m & (1u << XC_WL_PRONOUNS)) {
        *sp = w;
        return w.e;
    }
    if (xc_word_is_upper(c->f, end, i) && !is_lit(c, w, "The") && !is_lit(c, w, "A") &&
        !is_lit(c, w, "An") && !(m & ((1u << XC_WL_SPEECH_VERBS) | (1u << XC_WL_NOT_SPEAKERS)))) {
        size_t e = name_end(c, i, end);
        if (e > i) {
            sp->s = i;
            sp->e = e;
            return e;
        }
    }
    size_t rn = role_name_at(c, i, end, w, m & (1u << XC_WL_TITLES));
    if (rn > i) {
        sp->s = i;
        sp->e = rn;
        return rn;
    }
    if (is_determiner(c, w)) {
        /* up to five words, stopping before a speech verb */
        size_t j = w.e, last = w.e;
        for (int n = 0; n < 5; n++) {
            j = skip_sp(c, j, end);
            span2 x;
            if (!word_at(c, j, end, &x) || is_list(c, XC_WL_SPEECH_VERBS, x)) break;
            if (is_relative(c, x)) break;      /* "one former executive who asked ..." */
            if (is_connective(c, x)) return i; /* "a nightclub in Orlando and said" */
            last = x.e;
            j = x.e;
        }
        /* a description names a speaker when it ends in a role ("the
         * professor", "a spokesman") or an age ("the 25-year-old") */
        span2 head = {last, last};
        while (head.s > w.e &&
               (word_cp((unsigned char)c->f[head.s - 1]) || c->f[head.s - 1] == '-'))
            head.s--;
        size_t hn = head.e - head.s;
        bool role =
            is_list(c, XC_WL_TITLES, head) || (hn > 8 && !memcmp(c->f + head.e - 8, "year-old", 8));
        if (!role && hn > 1 && c->f[head.e - 1] == 's') {
            span2 sing = {head.s, head.e - 1}; /* "officials", "aides" */
            role = is_list(c, XC_WL_TITLES, sing);
        }
        if (last > w.e && (role || !c->strict_descriptions)) {
            sp->s = i;
            sp->e = last;
            return last;
        }
    }
    return i;
}

/* ", a professor of Asian studies at the University of X," : end after the
 * closing comma, or i. */
static size_t skip_apposition(const qctx *c, size_t i, size_t end)
{
    if (i >= end || c->f[i] != ',') return i;
    for (size_t k = i + 1; k < end && k < i + 200; k++) {
        char ch = c->f[k];
        if (ch == '"' || ch == '\n') return i;
        if (ch == '.' && k + 1 < end && c->f[k + 1] == ' ' &&
            !(k > 0 && xc_word_is_upper(c->f, end, k - 1)))
            return i;
        if (ch == ',') return k + 1;
    }
    return i;
}

/* Speech verb at i (after optional adverbs): its span, or false. */
static bool verb_at_n(const qctx *c, size_t i, size_t end, span2 *v, int words);

static bool verb_at(const qctx *c, size_t i, size_t end, span2 *v)
{
    return verb_at_n(c, i, end, v, 3);
}

/* verb_at reading at most `words` words. */
static bool verb_at_n(const qctx *c, size_t i, size_t end, span2 *v, int words)
{
    size_t j = i;
    for (int n = 0; n < words; n++) {
        j = skip_sp(c, j, end);
        span2 w;
        if (!word_at(c, j, end, &w)) return false;
        if (is_list(c, XC_WL_SPEECH_VERBS, w)) {
            *v = w;
            return true;
        }
        if (!is_adverb(c, w)) return false;
        j = w.e;
    }
    return false;
}

/* After the closing mark: `, said Loong.` `, Loong said.` `—Loong` `,
 * according to X`. */
static size_t clause_start(qctx *c, size_t lo, size_t p);
static size_t clause_scan(const qctx *c, size_t lo, size_t p);

/* Not zero when one of the eight bytes of x equals b: x ^ b has a zero
 * byte there. Subtracting one from each byte of it sets the high bit of its
 * lowest zero byte (a byte with its high bit clear before); a byte that is
 * not zero gets a high bit that way only from a borrow, which comes from a
 * zero byte below it, so the answer is exact. */
static inline uint64_t byte8_mask(uint64_t x, unsigned char b)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t y = x ^ (ones * b);
    return (y - ones) & ~y & high;
}

/* The high bit of each of the eight bytes of x that equals b, and of no
 * other: the bits of x ^ b below the high one, plus 0x7F, carry into it
 * when one is set, and no carry crosses to the next byte. */
static inline uint64_t byte8_exact(uint64_t x, unsigned char b)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t y = x ^ (0x0101010101010101u * b);
    return ~(((y & low7) + low7) | y | low7);
}

/* The high bit of each of the eight bytes of x (little-endian: the first
 * in memory lowest) that is '.', '?' or '!'. */
static inline uint64_t sentence_end_bytes8(uint64_t x)
{
    return byte8_exact(x, '.') | byte8_exact(x, '?') | byte8_exact(x, '!');
}

/* Not zero when one of the eight bytes of x is '.', '?', '!', '"', a
 * newline or 0xE2 (the first byte of U+2000..U+2FFF, the curly marks among
 * them): the bytes where sentence_end may stop. Its lowest bit set is the
 * high bit of the first of them (byte8_mask is exact there). */
static inline uint64_t sentence_stops8(uint64_t x)
{
    return byte8_mask(x, '.') | byte8_mask(x, '?') | byte8_mask(x, '!') | byte8_mask(x, '"') |
           byte8_mask(x, '\n') | byte8_mask(x, 0xE2);
}

/* The rules of quotes.yaml anchored at the closing mark: `" -Name`, `,"
 * according to Name`, `," Name said`, `," said Name.`. */
static bool attr_rules(qctx *c, qcand *q, size_t end)
{
    if (!c->w || q->ce == 0 || c->f[q->ce - 1] != '"') return false;
    /* first-byte test: only the rule that can start with the byte after
     * the mark (and a comma) runs */
    size_t j = skip_sp(c, q->ce, end);
    if (j < end && c->f[j] == ',') j = skip_sp(c, j + 1, end);
    if (j >= end) return false;
    unsigned char b = (unsigned char)c->f[j];
    int only = b == '-'                 ? 0
               : b == 'a'               ? 1
               : b >= 'A' && b <= 'Z'   ? 2
               : (b >= 'a' && b <= 'z') ? 3
                                        : -1;
    if (only < 0) return false;
    /* The lower-case rules start with a word: "according" or a speech
     * verb, followed by white space. When the ASCII letters from j end at
     * an ASCII byte (or the end), such a word can only be those letters
     * whole, or a verb of several words ("put it") that starts with them,
     * as long as the speech verbs are all words of ASCII letters (matched
     * ignoring case, as the word lists are): letters that are neither
     * ("he", "and", "the", most of them) run no rule. A byte from 0x80 on
     * after the letters could continue a word (caseless matching knows
     * non-ASCII forms of ASCII letters): the rules decide then. */
    bool skip_according = false, skip_verb = false;
    if (only == 1 || only == 3) {
        size_t we = j;
        while (we < end && (unsigned char)((c->f[we] | 32) - 'a') < 26) we++;
        if (we == end || (unsigned char)c->f[we] < 0x80) {
            span2 w = {j, we};
            skip_according = !is_lit(c, w, "according");
            skip_verb = (c->wl->letter_words & (1u << XC_WL_SPEECH_VERBS)) &&
                        !xc_wl_mask_in(c->wl, (1u << XC_WL_SPEECH_VERBS) | XC_WL_PREFIX, c->f + j,
                                       we - j, c->len - j);
        }
    }
    for (int k = 0; k < 2; k++) {
        /* "according to" or a verb first both start lower-case */
        int i = k == 0 ? only : only == 1 ? 3 : -1;
        if (i < 0) break;
        if ((i == 1 && skip_according) || (i == 3 && skip_verb)) continue;
        const xc_rule *r = c->after_rules[i];
        xc_match m;
        if (!r || xc_rule_match_at(c->w, r, c->f, end, q->ce - 1, XC_MATCH_ANCHORED, &m) != 1)
            continue;
        size_t ss, se, vs, ve;
        if (!xc_match_group(&m, c->speaker_group[i], &ss, &se)) continue;
        span2 first = {ss, xc_name_word_end(c->f, se, ss)};
        if (lists_of(c, NO_SPEAKER_LISTS, first)) continue;
        q->sp_s = ss;
        q->sp_e = se;
        if (xc_match_group(&m, c->verb_group[i], &vs, &ve)) {
            q->cue_s = vs;
            q->cue_e = ve;
        }
        if (i == 1) q->cue_lit = "according to"; /* quote-according-to */
        return true;
    }
    return false;
}

/* A quote that ends its sentence followed by a capitalized pronoun (`had
 * "no substance." She added that ...`): the pronoun opens the next
 * sentence, and speaks the next quote, not this one. */
static bool next_sentence_pronoun(const qctx *c, const qcand *q, size_t end)
{
    if (q->e <= q->s) return false;
    char last = c->f[q->e - 1];
    if (last != '.' && last != '?' && last != '!') return false;
    size_t j = skip_sp(c, q->ce, end);
    span2 w;
    return word_at(c, j, end, &w) && c->f[j] >= 'A' && c->f[j] <= 'Z' &&
           is_list(c, XC_WL_PRONOUNS, w) && !is_lit(c, w, "I");
}

/* next_pronoun: next_sentence_pronoun(c, q, end), asked once for this and
 * attr_forward. */
static bool attr_after(qctx *c, qcand *q, size_t lo, size_t end, bool next_pronoun)
{
    if (next_pronoun) return false;
    if (attr_rules(c, q, end)) return true;
    size_t i = skip_sp(c, q->ce, end);
    if (i < end && c->f[i] == ',') i = skip_sp(c, i + 1, end);
    /* "..." -Name / "..." —Name */
    if (i < end && (c->f[i] == '-' || (unsigned char)c->f[i] == 0xE2)) {
        int32_t cp;
        size_t n = xc_utf8_decode(c->f, end, i, &cp);
        if (cp == '-' || cp == 0x2014 || cp == 0x2013) {
            size_t j = i + n;
            while (j < end && c->f[j] == '-') j++;
            j = skip_sp(c, j, end);
            size_t e = name_end(c, j, end);
            if (e > j) {
                q->sp_s = j;
                q->sp_e = e;
                return true;
            }
        }
        return false;
    }
    span2 w, v, sp = {0, 0};
    if (!word_at(c, i, end, &w)) return false;
    if (is_lit(c, w, "according")) {
        size_t j = skip_sp(c, w.e, end);
        span2 to;
        if (word_at(c, j, end, &to) && is_lit(c, to, "to")) {
            j = skip_sp(c, to.e, end);
            if (speaker_at(c, j, end, &sp) > j) {
                q->sp_s = sp.s;
                q->sp_e = sp.e;
                q->cue_lit = "according to";
                return true;
            }
        }
        return false;
    }
    /* verb first: said Loong / said the professor / says Donald Baker, ...
     * (verb_at from i, its first word w looked up with the lists of a
     * speaker's first word, as the speaker first needs them too) */
    uint32_t m = speaker_mask(c, w);
    bool verb_first = false;
    if (m & (1u << XC_WL_SPEECH_VERBS)) {
        v = w;
        verb_first = true;
    } else if (is_adverb(c, w)) {
        verb_first = verb_at_n(c, w.e, end, &v, 2);
    }
    if (verb_first) {
        size_t j = skip_sp(c, v.e, end);
        /* after a quote inside a sentence ("Loong, who calls herself \"a
         * runner,\" said the route..."), the verb belongs to the sentence's
         * subject: only a name or a pronoun right after it is the speaker */
        size_t cs = clause_start(c, lo, q->os);
        bool inside = skip_sp(c, cs, q->os) < q->os;
        if (speaker_at(c, j, end, &sp) > j &&
            (!inside || xc_word_is_upper(c->f, end, j) ||
             is_list(c, XC_WL_PRONOUNS, (span2){j, xc_name_word_end(c->f, end, j)}))) {
            q->sp_s = sp.s;
            q->sp_e = sp.e;
            q->cue_s = v.s;
            q->cue_e = v.e;
            return true;
        }
        return false;
    }
    /* speaker first: Loong said / she told Reddit / Donald Baker, a ..., told */
    size_t e = speaker_from(c, i, end, w, m, &sp);
    if (e == i) return false;
    size_t k = skip_apposition(c, e, end);
    if (verb_at(c, k, end, &v)) {
        q->sp_s = sp.s;
        q->sp_e = sp.e;
        q->cue_s = v.s;
        q->cue_e = v.e;
        return true;
    }
    return false;
}

static bool speaker_for_verb(qctx *c, qcand *q, size_t cs, size_t p, span2 best);

/* Start of the clause that holds position p: after the last sentence end,
 * closing quote or paragraph start before it. The attributions of one
 * quote ask for the same clause several times (before its opening mark,
 * from its paragraph's start): the last answer is kept. */
static size_t clause_start(qctx *c, size_t lo, size_t p)
{
    if (lo == c->clause_lo && p == c->clause_p) return c->clause;
    c->clause_lo = lo;
    c->clause_p = p;
    c->clause = clause_scan(c, lo, p);
    return c->clause;
}

static size_t clause_scan(const qctx *c, size_t lo, size_t p)
{
    if (p > lo + WINDOW) lo = p - WINDOW;
    for (size_t k = p; k > lo; k--) {
        /* no '.', '?' or '!' in the eight bytes before k: none of them
         * ends a sentence, go back over them at once; else on to the last
         * of them (the bytes after it end no sentence either) */
        while (k - lo >= 8) {
            uint64_t m = sentence_end_bytes8(xc_load_le64(c->f + k - 8));
            if (m) {
                k -= (unsigned)__builtin_clzll(m) >> 3;
                break;
            }
            k -= 8;
        }
        if (k == lo) break;
        char ch = c->f[k - 1];
        if ((ch == '.' || ch == '?' || ch == '!') && k < p && c->f[k] == ' ') {
            /* "Mr. Reid", "W. Bush": an abbreviation does not end a sentence */
            size_t ws = k - 1;
            while (ws > lo && word_cp((unsigned char)c->f[ws - 1])) ws--;
            if (k - 1 - ws <= 1 || is_abbrev(c, ws, k - ws)) continue;
            return k;
        }
    }
    return lo;
}

/* Before the opening mark, in its sentence: `Loong said: "` `She told CTV, "`
 * `According to X, "` `X said that the plan was "`. */
static bool attr_before(qctx *c, qcand *q, size_t lo, size_t p)
{
    size_t cs = clause_start(c, lo, p);
    /* the closing mark of the previous quote bounds the search */
    if (q > c->q.v && q[-1].ce <= p && q[-1].ce > cs) cs = q[-1].ce;
    span2 best = {0, 0};
    span2 w;
    /* the last speech verb or "according to" before the mark; the verbs
     * before it, latest first, when it names no speaker ("Mr. Manafort
     * said, adding that ...") */
    enum { MAX_VERBS = 4 };
    span2 verbs[MAX_VERBS];
    size_t nverbs = 0;
    int kind = 0;
    size_t first = first_cue(c, cs, p, true);
    if (first == p) return false;
    size_t j = cue_scan_start(c, cs, first);
    size_t tk = tokens_seek(c, j);
    /* whether next_cue can answer for the words of [.., p) */
    bool skip =
        c->tw && c->verb_filter &&
        !(p < c->len && wordish((unsigned char)c->f[p - 1]) && wordish((unsigned char)c->f[p]));
    size_t na = 0;
    while (j < p) {
        j = skip_sp(c, j, p);
        if (j >= p) break;
        bool no_verb;
        if (!scan_word(c, &tk, j, p, &w, &no_verb)) {
            j++;
            continue;
        }
        if (!no_verb && is_list(c, XC_WL_SPEECH_VERBS, w)) {
            best = w;
            kind = 1;
            if (nverbs == MAX_VERBS) {
                memmove(verbs, verbs + 1, (MAX_VERBS - 1) * sizeof *verbs);
                nverbs--;
            }
            verbs[nverbs++] = w;
        } else if (is_lit(c, w, "according")) {
            best = w;
            kind = 2;
        }
        /* the search goes on from the end of the word as it would from
         * there alone: the words before the next that may be a cue are
         * passed over as at its start (a clause has a verb or two among a
         * dozen words) */
        j = skip ? cue_scan_start(c, w.e, next_cue(c, w.e, p, true, &tk, &na)) : w.e;
    }
    if (!kind) return false;
    if (kind == 1) {
        for (size_t v = nverbs; v-- > 0;)
            if (speaker_for_verb(c, q, cs, p, verbs[v])) return true;
        return false;
    }
    span2 sp = {0, 0};
    if (kind == 2) {
        size_t k = skip_sp(c, best.e, p);
        span2 to;
        if (!word_at(c, k, p, &to) || !is_lit(c, to, "to")) return false;
        k = skip_sp(c, to.e, p);
        if (speaker_at(c, k, p, &sp) == k) return false;
        q->sp_s = sp.s;
        q->sp_e = sp.e;
        q->cue_lit = "according to";
        return true;
    }
    return speaker_for_verb(c, q, cs, p, best);
}

/* The speaker of speech verb `best` found in [cs, p): the phrase right
 * before it (skipping adverbs and an apposition), else a name right after
 * it. Fills q and returns true when found. */
static bool speaker_for_verb(qctx *c, qcand *q, size_t cs, size_t p, span2 best)
{
    span2 sp = {0, 0};
    /* speaker right before the verb (skipping adverbs and an apposition) */
    size_t k = best.s;
    while (k > cs && c->f[k - 1] == ' ') k--;
    span2 pw;
    /* adverbs: "Loong also said" */
    for (int n = 0; n < 2 && k > cs; n++) {
        size_t ws = k;
        while (ws > cs && wordish((unsigned char)c->f[ws - 1])) ws--;
        pw.s = ws;
        pw.e = k;
        if (ws < k && is_adverb(c, pw)) {
            k = ws;
            while (k > cs && c->f[k - 1] == ' ') k--;
        } else
            break;
    }
    /* an apposition ", a professor ...," before the verb */
    if (k > cs && c->f[k - 1] == ',') {
        size_t a = k - 1;
        while (a > cs && c->f[a - 1] != ',') a--;
        if (a > cs) {
            k = a - 1;
            while (k > cs && c->f[k - 1] == ' ') k--;
        }
    }
    /* the phrase that ends at k: its words, walking back over up to six of
     * them and stopping after a pronoun. The speaker starts at the first
     * of them (the leftmost) that is a pronoun or where speaker_at(c, s,
     * k) reaches k, so the words' speaker phrases are read from the left
     * and the first that qualifies ends the reading (those to its right
     * cannot change the answer). */
    enum { MAX_WORDS = 6 };
    struct {
        size_t s;
        span2 w; /* word_at of s, when has_word */
        uint32_t m;
        bool has_word, pronoun;
    } at[MAX_WORDS];
    int words = 0;
    size_t ws = k;
    while (ws > cs && words < MAX_WORDS) {
        size_t s = ws;
        while (s > cs && (wordish((unsigned char)c->f[s - 1]) || c->f[s - 1] == '-' ||
                          c->f[s - 1] == '\'' || c->f[s - 1] == '.'))
            s--;
        if (s == ws) break;
        span2 t = {s, ws};
        if (c->f[ws - 1] == '.' && ws - s > 4) break;
        /* speaker_at(c, s, k), whose first word is most often t itself,
         * whose lookup then says whether t is a pronoun */
        at[words].s = s;
        at[words].m = 0;
        at[words].has_word = word_at(c, s, k, &at[words].w);
        if (at[words].has_word) at[words].m = speaker_mask(c, at[words].w);
        bool pronoun = at[words].has_word && at[words].w.e == t.e
                           ? (at[words].m & (1u << XC_WL_PRONOUNS)) != 0
                           : is_list(c, XC_WL_PRONOUNS, t);
        at[words++].pronoun = pronoun;
        if (pronoun) break;
        if (s == cs || c->f[s - 1] != ' ') break;
        ws = s - 1;
    }
    /* speaker_at(c, cand, k) for the first word that qualifies (it depends
     * on its arguments alone): its end, and the phrase when the end is past
     * cand */
    size_t cand = k, cand_e = k;
    span2 cand_sp = {0, 0};
    for (int n = words; n-- > 0;) {
        size_t s = at[n].s, e = s;
        span2 x = {0, 0};
        if (at[n].has_word) e = speaker_from(c, s, k, at[n].w, at[n].m, &x);
        if (at[n].pronoun || e == k || (e > s && x.e == k)) {
            cand = s;
            cand_e = e;
            cand_sp = x;
            break;
        }
    }
    if (cand < k && cand_e > cand) {
        q->sp_s = cand_sp.s;
        q->sp_e = cand_sp.e;
        q->cue_s = best.s;
        q->cue_e = best.e;
        return true;
    }
    /* verb first: `As said Loong, "` is rare; `told by X` is passive */
    size_t a = skip_sp(c, best.e, p);
    if (speaker_at(c, a, p, &sp) > a && xc_word_is_upper(c->f, p, a)) {
        q->sp_s = sp.s;
        q->sp_e = sp.e;
        q->cue_s = best.s;
        q->cue_e = best.e;
        return true;
    }
    return false;
}

/* End of the sentence that continues after position i: a sentence end, the
 * next quotation mark, or `end`. */
static size_t sentence_end(const qctx *c, size_t i, size_t end)
{
    if (end > i + WINDOW) end = i + WINDOW;
    for (size_t k = i; k < end; k++) {
        /* eight bytes none of which can end the sentence: past them at
         * once; else on to the first that can (the lowest byte a mask of
         * byte8_mask marks is one it looks for) */
        while (end - k >= 8) {
            uint64_t m = sentence_stops8(xc_load_le64(c->f + k));
            if (m) {
                k += (unsigned)__builtin_ctzll(m) >> 3;
                break;
            }
            k += 8;
        }
        if (k == end) break;
        char ch = c->f[k];
        if (ch == '"' || ch == '\n' || (unsigned char)ch == 0xE2) {
            mark m;
            if (ch == '\n' || (classify(c, k, &m) && m.cls == CLS_DOUBLE)) return k;
        }
        if ((ch == '.' || ch == '?' || ch == '!') && (k + 1 == end || c->f[k + 1] == ' ')) {
            size_t ws = k;
            while (ws > i && word_cp((unsigned char)c->f[ws - 1])) ws--;
            if (k - ws <= 1 || is_abbrev(c, ws, k - ws + 1)) continue;
            return k;
        }
    }
    return end;
}

/* After the closing mark, later in the same sentence: `"...," as his
 * father dreamed, Mr. Turry said.` (next_pronoun: as for attr_after) */
static bool attr_forward(qctx *c, qcand *q, size_t end, bool next_pronoun)
{
    if (next_pronoun) return false;
    /* The sentence ends at `end` or WINDOW bytes on at the latest (see
     * sentence_end): with no verb before that, where it ends does not
     * matter. Otherwise it ends at that limit (the same range), or before
     * a byte no word holds ('"', '.', a newline, ...; a byte past ASCII
     * there makes v the start): a verb first found at or after its end is
     * none inside. */
    size_t last = end > q->ce + WINDOW ? q->ce + WINDOW : end;
    size_t v = first_cue(c, q->ce, last, false);
    if (v >= last) return false;
    size_t se = sentence_end(c, q->ce, end);
    if (v >= se) return false;
    size_t j = cue_scan_start(c, q->ce, v);
    size_t tk = tokens_seek(c, j);
    for (; j < se;) {
        span2 w;
        bool no_verb;
        if (!scan_word(c, &tk, j, se, &w, &no_verb)) {
            j++;
            continue;
        }
        if (!no_verb && is_list(c, XC_WL_SPEECH_VERBS, w))
            return speaker_for_verb(c, q, q->ce, se, w);
        j = w.e;
    }
    return false;
}

/* No speech verb: the subject that opens the sentence holding the quote
 * (`Clinton called it "systemic racism"`), as written, with no cue. */
#define SUBJECT_LISTS                                                                              \
    (SPEAKER_LISTS | (1u << XC_WL_STOPWORDS) | (1u << XC_WL_NONPERSON) | (1u << XC_WL_BLOCKERS))
static bool attr_subject(qctx *c, qcand *q, size_t lo)
{
    size_t j = clause_start(c, lo, q->os);
    for (int n = 0; n < 3 && j < q->os; n++) {
        j = skip_sp(c, j, q->os);
        span2 w, sp;
        if (!word_at(c, j, q->os, &w)) return false;
        /* the word's lists, those a speaker's first word is tested against
         * among them (speaker_at), from one lookup */
        uint32_t m = lists_of(c, SUBJECT_LISTS, w);
        if (m & (1u << XC_WL_PRONOUNS)) {
            q->sp_s = w.s;
            q->sp_e = w.e;
            return true;
        }
        if ((m & (1u << XC_WL_STOPWORDS)) && !is_lit(c, w, "the")) {
            j = w.e;
            if (j < q->os && c->f[j] == ',') j++;
            continue;
        }
        if (m & ((1u << XC_WL_NONPERSON) | (1u << XC_WL_BLOCKERS))) return false;
        if (w.e - w.s > 3 && !memcmp(c->f + w.e - 3, "ing", 3)) return false; /* "Speaking" */
        size_t e = speaker_from(c, j, q->os, w, m & SPEAKER_LISTS, &sp);
        if (e > j && xc_word_is_upper(c->f, q->os, j)) {
            q->sp_s = sp.s;
            q->sp_e = sp.e;
            return true;
        }
        /* "Earlier," "On Sunday,": an opening adverbial */
        if (w.e < q->os && c->f[w.e] == ',') {
            j = w.e + 1;
            continue;
        }

        if (e > j && xc_person_at(c->doc, sp.s, sp.e) >= 0) {
            q->sp_s = sp.s;
            q->sp_e = sp.e;
            return true;
        }
        return false;
    }
    return false;
}

static bool inside_quote(const qctx *c, size_t pos);
static size_t mentions_before(const xc_doc *doc, size_t pos);

/* No cue at all: a person the people extractor found before the quote in
 * its sentence (the first one, most often the subject: `Mr. Cruz pledged
 * to oppose it "today, tomorrow, forever."`), else the most recent one in
 * the paragraph or the one before, outside quotes. Looks back over at
 * most LOOKBACK mentions. */
static bool attr_mention(qctx *c, qcand *q, size_t para_lo, size_t prev_lo)
{
    xc_doc *doc = c->doc;
    size_t cs = clause_start(c, para_lo, q->os);
    size_t top = mentions_before(doc, q->os);
    size_t first = SIZE_MAX, recent = SIZE_MAX;
    for (size_t i = top; i-- > 0 && top - i <= LOOKBACK;) {
        xc_range r = doc->mention_fold.v[i];
        if (r.start < prev_lo) break;
        if (inside_quote(c, r.start)) continue;
        if (recent == SIZE_MAX) recent = i;
        if (r.start >= cs) first = i;
    }
    size_t pick = first != SIZE_MAX ? first : recent;
    if (pick == SIZE_MAX) return false;
    q->sp_s = doc->mention_fold.v[pick].start;
    q->sp_e = doc->mention_fold.v[pick].end;
    q->guessed = true;
    return true;
}

static void attribute(qctx *c)
{
    for (size_t k = 0; k < c->q.n; k++) {
        qcand *q = &c->q.v[k];
        xc_range pe = c->paras[q->para_end];
        xc_range pb = c->paras[q->para];
        bool next_pronoun = next_sentence_pronoun(c, q, pe.end);
        if (attr_after(c, q, pb.start, pe.end, next_pronoun)) continue;
        if (attr_before(c, q, pb.start, q->os)) continue;
        if (attr_forward(c, q, pe.end, next_pronoun)) continue;
        /* "Cruz continued:" closing the previous paragraph */
        if (q->os == pb.start && q->para > 0) {
            xc_range pp = c->paras[q->para - 1];
            if (pp.end > pp.start && c->f[pp.end - 1] == ':' && attr_before(c, q, pp.start, pp.end))
                continue;
        }
        /* a split quote, or a quote paragraph continuing the previous speaker */
        if (k > 0) {
            qcand *o = &c->q.v[k - 1];
            bool same_para = o->para_end == q->para;
            bool next_para = o->para_end + 1 == q->para && q->os == pb.start;
            if ((same_para || next_para) && (o->sp_e > o->sp_s || o->inherit >= 0)) {
                q->inherit = o->inherit >= 0 ? o->inherit : (int)k - 1;
                continue;
            }
        }
        if (q->os > pb.start && attr_subject(c, q, pb.start)) continue;
        attr_mention(c, q, pb.start, q->para > 0 ? c->paras[q->para - 1].start : pb.start);
    }
}

/* ---------------------------------------------------------- resolution */

static bool inside_quote(const qctx *c, size_t pos)
{
    size_t lo = 0, hi = c->q.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->q.v[mid].os <= pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && pos < c->q.v[lo - 1].ce;
}

/* Index one past the last mention that ends at or before pos. */
static size_t mentions_before(const xc_doc *doc, size_t pos)
{
    size_t lo = xc_ranges_before(doc->mention_fold.v, doc->mention_fold.n, pos);
    while (lo > 0 && doc->mention_fold.v[lo - 1].end > pos) lo--;
    return lo;
}
static int pronoun_gender(const qctx *c, span2 w)
{
    if (is_lit(c, w, "he")) return 1;
    if (is_lit(c, w, "she")) return 2;
    return 0;
}

/* resolve's answer when out of memory */
#define RESOLVE_NOMEM (-2)

/* The person a speaker phrase names, or -1 when it cannot be told
 * (RESOLVE_NOMEM when out of memory). */
static int resolve(qctx *c, size_t s, size_t e)
{
    xc_doc *doc = c->doc;
    int p = xc_person_at(doc, s, e);
    if (p >= 0) return p;
    span2 w = {s, xc_name_word_end(c->f, e, s)};
    int g = pronoun_gender(c, w);
    if (g || is_lit(c, w, "they")) {
        if (w.e != e) return -1;
        if (g && !c->gender) {
            /* a byte per person, in the arena (a bump, where calloc and
             * free cost more than the few bytes kept with the document),
             * made for the documents that have a "he" or "she" to resolve */
            c->gender = xc_arena_alloc(&doc->arena, doc->people.n + 1);
            if (!c->gender) return RESOLVE_NOMEM;
            if (doc->person_gender && doc->people.n)
                memcpy(c->gender, doc->person_gender, doc->people.n);
        }
        /* the most recent person named before, outside quotes, of a
         * compatible gender */
        size_t top = mentions_before(doc, s);
        for (size_t i = top; i-- > 0 && top - i <= LOOKBACK;) {
            if (inside_quote(c, doc->mention_fold.v[i].start)) continue;
            int pi = doc->mentions.v[i].person;
            if (g && c->gender[pi] && c->gender[pi] != g) continue;
            if (g) c->gender[pi] = (signed char)g;
            return pi;
        }
        return -1;
    }
    /* a description: "the 25-year-old", "the professor" */
    if (!(is_lit(c, w, "the") || is_lit(c, w, "a") || is_lit(c, w, "an"))) return -1;
    span2 last = {e, e};
    while (last.s > s && word_cp((unsigned char)c->f[last.s - 1])) last.s--;
    int age = -1;
    const char *yo = NULL;
    for (size_t k = s; k + 8 <= e; k++)
        if (!memcmp(c->f + k, "year-old", 8)) {
            yo = c->f + k;
            break;
        }
    if (yo) {
        const char *d = yo - 1;
        while (d > c->f + s && *d == '-') d--;
        const char *ds = d;
        while (ds > c->f + s && ds[-1] >= '0' && ds[-1] <= '9') ds--;
        if (ds <= d && *ds >= '0' && *ds <= '9') age = atoi(ds);
    }
    size_t top = mentions_before(doc, s);
    for (size_t i = top; i-- > 0 && top - i <= LOOKBACK;) {
        int pi = doc->mentions.v[i].person;
        const xc_person *pp = &doc->people.v[pi];
        if (age > 0 && pp->age == age) return pi;
        if (age < 0 && pp->role && last.e > last.s) {
            size_t rl = strlen(pp->role), n = last.e - last.s;
            /* a byte that differs from the first ignoring ASCII case
             * starts no match (strncasecmp compares so, in the C locale) */
            unsigned char first = (unsigned char)c->f[last.s];
            if (first >= 'A' && first <= 'Z') first |= 0x20;
            for (size_t k = 0; k + n <= rl; k++) {
                unsigned char b = (unsigned char)pp->role[k];
                if (b >= 'A' && b <= 'Z') b |= 0x20;
                if (b != first) continue;
                if (!strncasecmp(pp->role + k, c->f + last.s, n)) {
                    bool ws = k == 0 || pp->role[k - 1] == ' ';
                    bool we = k + n == rl || pp->role[k + n] == ' ';
                    if (ws && we) return pi;
                }
            }
        }
    }
    return -1;
}

/* True when every word of the quote that is not a short function word is
 * capitalized: a title ("Face the Nation", a headline), not speech. */
static bool title_case_words(const qctx *c, size_t s, size_t e, size_t min_big);

static bool title_case(const qctx *c, size_t s, size_t e)
{
    return title_case_words(c, s, e, 2);
}

/* True when every word of s[s..e) that is not a short function word is
 * capitalized (or a number), with at least min_big such words. */
static bool title_case_words(const qctx *c, size_t s, size_t e, size_t min_big)
{
    static const char *const small[] = {"a",    "an",  "the", "of",  "to",  "in",   "on",
                                        "for",  "and", "or",  "but", "at",  "by",   "with",
                                        "from", "as",  "is",  "vs",  "nor", "into", NULL};
    static _Thread_local litset small_set = {.words = small};
    size_t big = 0;
    for (size_t i = s; i < e;) {
        /* an ASCII byte that is no letter or digit, nor an apostrophe or a
         * hyphen (which xc_name_word_end reads further), starts no word:
         * the spaces and punctuation between the words are passed over
         * without the call */
        unsigned char b = (unsigned char)c->f[i];
        if (b < 0x80 && b != '\'' && b != '-' && !word_cp(b)) {
            i++;
            continue;
        }
        size_t we = xc_name_word_end(c->f, e, i);
        if (we == i) {
            i++;
            continue;
        }
        span2 w = {i, we};
        if (!is_lit_in(c, w, &small_set)) {
            if (!xc_word_is_upper(c->f, e, i) && !(c->f[i] >= '0' && c->f[i] <= '9')) return false;
            big++;
        }
        i = we;
    }
    return big >= min_big;
}

/* True when a word of rule list naming_words comes before the quote in its
 * clause, at most three words before it ("called Rubio \"Little Marco\"",
 * "chants of \"Feel the Bern!\""): a capitalized quote there is uttered. */
static bool after_naming_word(const qctx *c, const qcand *q)
{
    if (!c->naming_words) return false;
    size_t k = q->os;
    for (int n = 0; n < 4; n++) {
        while (k > 0 && (c->f[k - 1] == ' ' || c->f[k - 1] == ',' || c->f[k - 1] == ':')) k--;
        size_t ws = k;
        while (ws > 0 && (wordish((unsigned char)c->f[ws - 1]) || c->f[ws - 1] == '-')) ws--;
        if (ws == k) return false;
        if (xc_list_find(c->naming_words, c->f + ws, k - ws)) return true;
        k = ws;
    }
    return false;
}

/* A capitalized quote right after a noun for a work ("the film
 * \u201cFrozen\u201d", "the show \"The Apprentice\"") is its title. */
static bool names_a_work(const qctx *c, const qcand *q)
{
    if (!xc_word_is_upper(c->f, c->len, q->s)) return false;
    size_t k = q->os;
    while (k > 0 && (c->f[k - 1] == ' ' || c->f[k - 1] == ',')) k--;
    size_t ws = k;
    while (ws > 0 && word_cp((unsigned char)c->f[ws - 1])) ws--;
    span2 w = {ws, k};
    if (ws == k) return false;
    if (is_list(c, XC_WL_WORKS, w)) return true;
    /* "the author of \"Destiny and Power\"" */
    if (!is_lit(c, w, "of") || !c->work_makers) return false;
    k = ws;
    while (k > 0 && c->f[k - 1] == ' ') k--;
    ws = k;
    while (ws > 0 && (word_cp((unsigned char)c->f[ws - 1]) || c->f[ws - 1] == '-')) ws--;
    return ws < k && xc_list_find(c->work_makers, c->f + ws, k - ws);
}

/* True when s[a..b) has a letter and none of its letters is lower-case
 * ASCII: "DIVISIVE, STUPID AND WRONG". */
static bool all_caps(const qctx *c, size_t a, size_t b)
{
    bool letter = false;
    for (size_t i = a; i < b; i++) {
        char ch = c->f[i];
        if (ch >= 'a' && ch <= 'z') return false;
        letter |= ch >= 'A' && ch <= 'Z';
    }
    return letter;
}

/* A headline's quote: headlines set quotes in single marks and capitalize
 * every word ("Hollande Says Trump \u2018Makes You Want To Retch\u2019"); a
 * quote in capitals that fills its paragraph is a subheading. */
static bool headline_quote(const qctx *c, const qcand *q)
{
    xc_range r = c->paras[q->para]; /* the paragraph of its opening mark */
    bool single = c->f[q->os] == '\'' && !(q->os + 1 < c->len && c->f[q->os + 1] == '\'');
    if (single && title_case(c, r.start, r.end)) return true;
    return q->os == r.start && skip_sp(c, q->ce, r.end) == r.end && all_caps(c, q->s, q->e) &&
           memchr(c->f + q->s, ' ', q->e - q->s);
}

/* `"Met accused of whitewashing baby Jesus," by Post's Kathianne Boniello`:
 * a title with its byline, not speech. */
static bool has_byline(const qctx *c, const qcand *q)
{
    if (q->e <= q->s || c->f[q->e - 1] != ',' || (c->f[q->s] >= 'a' && c->f[q->s] <= 'z'))
        return false;
    size_t j = skip_sp(c, q->ce, c->len);
    span2 w, n;
    if (!word_at(c, j, c->len, &w) || !is_lit(c, w, "by")) return false;
    j = skip_sp(c, w.e, c->len);
    if (!word_at(c, j, c->len, &n)) return false;
    if (is_lit(c, n, "the")) j = skip_sp(c, n.e, c->len); /* by the New York Post's ... */
    return xc_word_is_upper(c->f, c->len, j);
}

/* The capitalized word that ends right before position k (spaces skipped),
 * or false. */
static bool upper_word_before(const qctx *c, size_t k, size_t lo)
{
    while (k > lo && c->f[k - 1] == ' ') k--;
    if (k == lo || c->f[k - 1] == ',' || c->f[k - 1] == ':') return false;
    size_t ws = k;
    while (ws > lo && (wordish((unsigned char)c->f[ws - 1]) || c->f[ws - 1] == '.')) ws--;
    return ws < k && xc_word_is_upper(c->f, k, ws);
}

/* A nickname between a given name and a surname: George "Jay" Keyworth,
 * Gov. C.L. "Butch" Otter. */
static bool is_nickname(const qctx *c, const qcand *q)
{
    /* the tests that read a byte or two first: a space before the opening
     * mark and after the closing one (most quotes end their sentence) */
    if (q->os == 0 || c->f[q->os - 1] != ' ') return false;
    size_t j = q->ce;
    if (j >= c->len || c->f[j] != ' ') return false;
    j++;
    if (!xc_word_is_upper(c->f, q->e, q->s)) return false;
    size_t words = 1;
    for (size_t i = q->s; i < q->e; i++) {
        if (c->f[i] == ' ' && ++words > 2) return false; /* a nickname has one or two words */
        if (c->f[i] == ',' || c->f[i] == '.' || c->f[i] == '!' || c->f[i] == '?') return false;
    }
    xc_range r = c->paras[q->para];
    if (!upper_word_before(c, q->os, r.start) || title_case(c, r.start, r.end)) return false;
    span2 w;
    return word_at(c, j, c->len, &w) && xc_word_is_upper(c->f, c->len, j) &&
           !is_list(c, XC_WL_SPEECH_VERBS, w);
}

/* A broadcast's or a publication's title after its owner's possessive:
 * ABC's "This Week", Fox News channel's "Sunday Morning Futures". */
static bool owned_title(const qctx *c, const qcand *q)
{
    size_t k = q->os;
    while (k > 0 && c->f[k - 1] == ' ') k--;
    if (k < 3) return false;
    size_t ws;
    if (c->f[k - 1] == 's' && c->f[k - 2] == '\'')
        ws = k - 2; /* ABC's */
    else if (c->f[k - 1] == '\'' && c->f[k - 2] == 's')
        ws = k - 1; /* CBS' */
    else
        return false;
    size_t s = ws;
    while (s > 0 && word_cp((unsigned char)c->f[s - 1])) s--;
    if (s == ws || !xc_word_is_upper(c->f, ws, s)) return false;
    size_t words = 1;
    for (size_t i = q->s; i < q->e; i++) words += c->f[i] == ' ';
    return words <= 6 && title_case_words(c, q->s, q->e, 1);
}

static int finish(qctx *c)
{
    xc_doc *doc = c->doc;
    /* The speaker and the cue of the last quote whose speaker a kept quote
     * took (said_src), as the output has them. The quotes that take the
     * speaker of an earlier one follow it (attribute: a split quote, the
     * quote paragraphs of one speaker), so each of them reads the same
     * speaker from here instead of copying its text and resolving it again
     * (resolve gives the same person for the same phrase: a pronoun's
     * gender, once set, stays). */
    const qcand *said_src = NULL;
    xc_quote said = {0};
    for (size_t k = 0; k < c->q.n; k++) {
        qcand *q = &c->q.v[k];
        if ((q->sp_e == q->sp_s || q->guessed) && in_heading(doc, q->os)) continue;
        qcand *src = q->inherit >= 0 ? &c->q.v[q->inherit] : q;
        bool cued = src->cue_e > src->cue_s || src->cue_lit;
        if (!cued && title_case(c, q->s, q->e) && !after_naming_word(c, q)) continue;
        if (names_a_work(c, q)) continue;
        /* single marks with no speech verb: a headline's or a scare quote,
         * a phrase set apart more often than words someone said */
        if (!cued && q->single) continue;
        if (headline_quote(c, q) || has_byline(c, q) || is_nickname(c, q) || owned_title(c, q))
            continue;
        /* a quote kept: its text and span as written, each with its
         * speaker's, from one lookup of the text range */
        if (src != said_src) {
            said_src = src;
            said = (xc_quote){.person = -1};
            if (src->sp_e > src->sp_s) {
                said.speaker_text = xc_doc_span_text(doc, src->sp_s, src->sp_e, &said.speaker_span);
                int p = resolve(c, src->sp_s, src->sp_e);
                if (p == RESOLVE_NOMEM) return -1;
                said.person = p;
                if (p >= 0)
                    said.speaker = doc->people.v[p].name;
                else if (xc_word_is_upper(c->f, c->len, src->sp_s)) {
                    span2 w = {src->sp_s, xc_name_word_end(c->f, c->len, src->sp_s)};
                    if (!is_list(c, XC_WL_PRONOUNS, w) && !is_lit(c, w, "The"))
                        said.speaker = said.speaker_text; /* a name as written */
                }
            }
            if (src->cue_lit)
                said.cue = src->cue_lit;
            else if (src->cue_e > src->cue_s)
                said.cue = xc_doc_copy_text(doc, src->cue_s, src->cue_e);
        }
        xc_quote out = said;
        out.text = xc_doc_span_text(doc, q->s, q->e, &out.span);
        out.continued = q->continued;
        xc_range fr = {q->s, q->e};
        if (!out.text || xc_vec_push(&doc->quotes, out) || xc_vec_push(&doc->quote_fold, fr))
            return -1;
    }
    return 0;
}

xc_status xc_extract_quotes(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    if (!doc->fold || !doc->fold_len) return XC_OK;
    qctx c = {0};
    c.doc = doc;
    c.f = doc->fold;
    c.len = doc->fold_len;
    xc_status st = XC_OK;
    /* the marks first: a text with none (most often one without a '"' or
     * an apostrophe) has no quote, and needs nothing more (classify reads
     * the text alone) */
    if (find_marks(&c)) goto oom;
    if (!c.marks.n) goto done;
    c.paras = doc->paras.v;
    c.nparas = doc->paras.n;
    c.rs = rules;
    c.wl = xc_doc_wordlists(doc, rules);
    if (!c.wl) goto oom;
    c.w = w;
    find_named(&c, rules);
    /* such a fold has no byte past ASCII: first_cue never looks for one */
    c.ascii = doc->text_ascii && doc->fold == doc->text;
    c.clause_p = SIZE_MAX; /* no clause asked for yet */
    c.according_bit = xc_lex_filter_bit("according", 9);
    /* the word index serves to read words faster; without one they are
     * read from the text: a long text's index is made a window at a time
     * (xc_word_window) by the extractors that walk it, and the few words
     * around each quote are not worth one more pass over the text (nor is
     * a text the index has no memory for) */
    if (!xc_word_window_whole(doc) || xc_doc_tokens(doc, &c.tw) != XC_OK) c.tw = NULL;
    if (pair_marks(&c)) goto oom;
    attribute(&c);
    if (finish(&c)) goto oom;
    goto done;
oom:
    st = XC_ERR_NOMEM;
done:
    xc_vec_free(&c.marks);
    xc_vec_free(&c.q);
    return st;
}

void xc_quote_write(xc_jw *w, const xc_doc *doc, size_t i)
{
    const xc_quote *q = &doc->quotes.v[i];
    xc_jw_str_member(w, "text", q->text);
    xc_jw_span(w, doc, q->span);
    xc_jw_str_member(w, "speaker", q->speaker);
    xc_jw_str_member(w, "speaker_text", q->speaker_text);
    xc_jw_key(w, "speaker_span");
    if (q->speaker_text) {
        xc_jw_object(w);
        xc_jw_span(w, doc, q->speaker_span);
        xc_jw_object_end(w);
    } else {
        xc_jw_null(w);
    }
    xc_jw_str_member(w, "cue", q->cue);
    xc_jw_int_member(w, "person", q->person);
    xc_jw_bool_member(w, "continued", q->continued);
}
