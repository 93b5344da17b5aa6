/* figures.c — the figures extractor: a number, its unit, the interval it
 * stands for, what it counts and who is cited for it.
 *
 *   "approximately 200 other foreigners"  -> [180, 220], noun foreigner
 *   "the 42-kilometre race"               -> [41.5, 42.5] km = [41500, 42500] m
 *   "$443 million"                        -> [442.5e6, 443.5e6] USD
 *   "Loong, 25,"                          -> age 25 of Loong
 *
 * One pass over the matching view, looking only at token starts that begin
 * with a digit, a currency symbol or a number word. Spans taken by the dates
 * extractor (which runs first) are skipped, and so are the usual news false
 * positives: times (6pm, 6:30), phone numbers, list numbering, page and
 * route numbers, addresses, scores, bare years. The precision rules are
 * documented in rules/en/figures.yaml. */
#include "internal.h"

#include <utf8proc.h>

#include <math.h>
#include <stddef.h>

/* A filter of XC_LEX_FILTER_BITS bits as 64-bit words (bit b of byte i of
 * the byte array is bit 8 * (i % 8) + b of word i / 8, the filter bit's
 * value modulo 64 in word bit / 64): the walk over every word of a document
 * tests a word's bit with one load. */
typedef struct filter64 {
    uint64_t w[XC_LEX_FILTER_BITS / 64];
} filter64;

static void filter64_from(filter64 *f, const uint8_t *bytes)
{
    for (size_t i = 0; i < XC_LEX_FILTER_BITS / 64; i++)
        f->w[i] = xc_load_le64((const char *)bytes + 8 * i);
}

/* The filters (xc_lex_filter, NULL where it gives none) of the lists the
 * extractor tests words against: figure_starts, currency_symbols,
 * figure_noun_stops, number_words, speech_verbs, cite_pronouns, weekday,
 * month, figure_skip_before, units and scales. */
typedef struct {
    const uint8_t *starts, *currency, *stops, *number, *verbs, *pronouns, *weekday, *month,
        *skip_before, *units, *scales;
} lex_filters;

typedef struct {
    xc_doc *doc;
    const xc_rules *rs;
    const char *s;
    size_t len;
    size_t date_i; /* first date range that may still overlap */
    /* the citation found for the last sentence looked at (figures cluster) */
    size_t cite_ss, cite_se;
    const char *cite;
    bool cite_valid;
    xc_worker *w;
    const xc_rule *r_cite;  /* rule cite-according-to, or NULL */
    const xc_tokens *words; /* the current window's word index */
    size_t *tok;            /* near_word's cursor into it (writable through a const fctx) */
    /* the last answer of prev_word, which the checks of one number ask
     * again and again about the same position (writable through a const
     * fctx: it changes no answer; never NULL). Empty (memo_empty): pos is
     * SIZE_MAX, which no position asked about is, and found false */
    struct prev_memo {
        size_t pos, a, b;
        bool found;
        const xc_token *tok; /* the index's word [a, b) came from, or NULL */
    } * prev, *next;         /* next: the same for next_word */
    /* the same for currency_before (pos SIZE_MAX: empty), with the filter of
     * the symbols' list */
    struct currency_memo {
        size_t pos, sym;
        const char *id;
    } * currency;
    size_t sent_i;  /* the sentence of the last sentence_at */
    size_t quote_i; /* quotes_before's answer for the last figure */
    /* the filters of the lists the extractor tests words against */
    lex_filters lf;
    /* lf.starts as 64-bit words, and its union with lf.verbs (NULL
     * without either): a word of ASCII letters the union rejects is neither
     * a figure's first word nor a speech verb */
    const filter64 *starts64, *stops_union;
    uint64_t serial; /* xc_rules_serial of rs */
    /* the index's words the extraction stops at, in order (see
     * collect_stops): the words a figure may begin with and the speech
     * verbs a citation is looked for among */
    const uint32_t *stops;
    size_t n_stops;
    size_t stop_i;         /* the stop whose figure is being read */
    size_t win_lo, win_hi; /* the fold range whose words words lists (xc_word_window) */
    /* fold offsets below which a fold range is its own text range and raw
     * span (0: none; see xc_doc_plain_limit) */
    size_t plain_lim;
    bool fold_plain; /* the fold map is the identity: fold offsets are the text's */
    /* the figures emitted and not yet moved to the document, with their
     * fold ranges: FIG_HELD at most (see emit and figures_move) */
    xc_figure *held;
    xc_range *held_fold;
    size_t n_held;
} fctx;

/* How many figures emit holds before it moves them to the document: a news
 * article has fewer (nine on average in ECB+), and then its two arrays are
 * allocated once, at their size, instead of growing figure by figure (and
 * being cut to size after). */
#define FIG_HELD 32

/* An empty memo of prev_word or next_word. */
static const struct prev_memo memo_empty = {.pos = SIZE_MAX, .found = false};

/* A figure being assembled, in fold coordinates. */
typedef struct {
    size_t start, end;         /* the whole phrase */
    size_t num_start, num_end; /* number and unit, without hedge and noun */
    double value, low, high;
    const char *unit, *dimension, *base_unit;
    size_t unit_s, unit_e; /* unit as written */
    double factor, offset;
    const char *noun, *person, *cited;
    int quote;
    bool approximate, ordinal, fraction;
} fig;

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* v == floor(v) without the call: a double of magnitude below 2^52 is
 * whole when truncating it changes nothing; any other is whole (or
 * infinite, which floor returns as it is), but NaN, which equals nothing. */
static inline bool is_whole(double v)
{
    return fabs(v) < 0x1p52 ? v == (double)(long long)v : !isnan(v);
}

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

/* xc_is_word_char with its common case inline: an ASCII byte is a word
 * character when it is a letter or a digit; past ASCII, the code point
 * decides (xc_is_word_char). */
static inline bool is_word_char(const char *s, size_t len, size_t pos)
{
    if (pos >= len) return false;
    unsigned char x = (unsigned char)s[pos];
    if (x < 0x80) return (unsigned)(x - '0') < 10u || (unsigned)((x | 0x20) - 'a') < 26u;
    return xc_is_word_char(s, len, pos);
}

/* Whether the string a is lit: the first bytes differ for most pairs, and
 * then strcmp is not called. */
static inline bool str_is(const char *a, const char *lit)
{
    return a[0] == lit[0] && !strcmp(a, lit);
}

/* The letters of word_is, out of line: most calls never get here. */
static bool word_letters_are(const char *s, size_t n, const char *w)
{
    return xc_ieq_ascii(s, n, w);
}

/* Always inline, so that the length of the literal w is a constant folded
 * at each call: most words differ from it in length and cost one
 * comparison (a word of another length is never equal to it), and the
 * letters are compared only for a word of its length. */
static inline __attribute__((always_inline)) bool word_is(const fctx *c, size_t a, size_t b,
                                                          const char *w)
{
    size_t n = strlen(w);
    return b > a && b - a == n && word_letters_are(c->s + a, n, w);
}

/* word_is for a word of a table (not a literal): the comparison stops at
 * the first letter that differs, and a word of another length differs. */
static bool word_is_entry(const fctx *c, size_t a, size_t b, const char *w)
{
    return b > a && xc_ieq_ascii(c->s + a, b - a, w);
}

static bool in_list(const fctx *c, const char *list, size_t a, size_t b)
{
    return b > a && xc_lex(c->rs, list, c->s + a, b - a, NULL) != NULL;
}

/* in_list for a word tested against several lists: the filter bit of
 * s[a..b) (bit_ok: the word is ASCII letters, short enough for the
 * filters), computed once; a list whose filter (xc_lex_filter, NULL when
 * unknown) rejects it does not hold the word, and the lookup is skipped. */
typedef struct {
    size_t a, b;
    unsigned bit;
    bool bit_ok;
} lexword;

static lexword lexword_at(const fctx *c, size_t a, size_t b)
{
    lexword w = {a, b, 0, false};
    if (b > a && b - a <= 64) {
        /* read in the whole text, eight bytes at a time: a run of letters
         * that ends at b hashes the bytes of [a, b) alone; one that goes on
         * past b (a word cut short) is hashed again within [a, b) */
        size_t e = xc_lex_filter_run(c->s, c->len, a, &w.bit);
        if (e == b)
            w.bit_ok = true;
        else if (e > b)
            w.bit_ok = xc_lex_filter_run(c->s + a, b - a, 0, &w.bit) == b - a;
    }
    return w;
}

static bool in_list_word(const fctx *c, const uint8_t *filter, const char *list, const lexword *w)
{
    if (w->bit_ok && filter && !xc_lex_filter_has(filter, w->bit)) return false;
    return in_list(c, list, w->a, w->b);
}

/* The answers of in_list for words of the word index, per thread, for the
 * two lists asked about most: number_words (the words a figure may begin
 * with: the same few, "two", "first", "one", begin most figures in words)
 * and speech_verbs (the words of a sentence whose citation is looked for:
 * "said", "told" again and again). The index gives each word its filter
 * bit, so a word asked about again costs a comparison of its bytes instead
 * of a lookup. Only words of ASCII letters up to an ASCII byte (the bit is
 * that of the whole word) of at most LISTED_WORD_MAX bytes are kept, known
 * by their list and their letters in lower case: lookups ignore case, and
 * the filter bit too, so "One" and "one" share a slot and an answer. The
 * answers depend on the rule set's lists only: the memo is emptied when
 * another rule set is bound (xc_rules_tie). */
#define LISTED_MEMO     512
#define LISTED_WORD_MAX 22
enum { LISTED_NUMBER_WORDS, LISTED_SPEECH_VERBS };
static const char *const listed_names[] = {"number_words", "speech_verbs"};
static _Thread_local struct {
    xc_rules_tie tie;
    struct listed_word {
        unsigned char n; /* 0: empty */
        unsigned char list;
        bool listed;
        char w[LISTED_WORD_MAX];
    } e[LISTED_MEMO];
} listed_memo;

static void listed_memo_bind(const xc_rules *rs)
{
    if (xc_rules_retie(&listed_memo.tie, rs)) memset(listed_memo.e, 0, sizeof listed_memo.e);
}

/* listed_word when the memo does not answer: the lookup, kept in the
 * memo's slot m when there is one (NULL: the word is not kept). */
static bool listed_word_read(const fctx *c, int list, struct listed_word *m, size_t a, size_t e)
{
    bool listed = in_list(c, listed_names[list], a, e);
    if (m) {
        size_t n = e - a;
        const char *w = c->s + a;
        m->listed = listed;
        for (size_t i = 0; i < n; i++) m->w[i] = (char)(w[i] | 0x20);
        m->n = (unsigned char)n, m->list = (unsigned char)list;
    }
    return listed;
}

/* in_list(c, listed_names[list], t->start, e) for the index's word t (NULL:
 * none) whose letters end at e: from the memo when the word is one it keeps
 * (its letters end before an ASCII byte, so t->bit is the bit of
 * s[t->start..e)), else looked up. Inline: the memo answers most words
 * asked about, with a comparison of their letters. */
static inline __attribute__((always_inline)) bool listed_word(const fctx *c, int list,
                                                              const xc_token *t, size_t a, size_t e)
{
    size_t n = e - a;
    if (!t || t->start != a || !xc_rules_tie_is(&listed_memo.tie, c->serial) ||
        !(t->flags & XC_TOKEN_ASCII_END) || e != xc_token_end(t) || n == 0 || n > LISTED_WORD_MAX)
        return listed_word_read(c, list, NULL, a, e);
    /* the two lists' words go to the two halves of the memo */
    struct listed_word *m =
        &listed_memo.e[(t->bit & (LISTED_MEMO / 2 - 1)) + (unsigned)list * (LISTED_MEMO / 2)];
    if (m->n != n || m->list != list || !xc_same_lower(c->s + a, m->w, n))
        return listed_word_read(c, list, m, a, e);
    return m->listed;
}

/* The index of the first word of the index that starts at or after p, when
 * it is within a few words of the cursor c->tok (which then moves to it):
 * the positions the checks of a number ask about are the words around it
 * (the cursor is set to the number's word), and a position further away is
 * read from the text rather than walked to. */
#define NEAR_WORDS 6
static bool near_word(const fctx *c, size_t p, size_t *k)
{
    /* the extraction sets both before it reads any word (xc_extract_figures) */
    const xc_token *v = c->words->v;
    size_t i = *c->tok, n = c->words->n;
    for (int step = 0; step <= NEAR_WORDS; step++) {
        if (i > 0 && v[i - 1].start >= p)
            i--;
        else if (i < n && v[i].start < p)
            i++;
        else {
            *c->tok = *k = i;
            return true;
        }
    }
    return false;
}

/* xc_word_end(c->s, c->len, p), from the word index where it tells: the
 * word of the index that starts at p ends its letters there when an ASCII
 * byte follows them (XC_TOKEN_ASCII_END), and one that starts with a digit
 * has none. Other positions (inside a word, past ASCII, no word, far from
 * the cursor) are read from the text. */
static size_t word_end_at(const fctx *c, size_t p)
{
    size_t k;
    if (near_word(c, p, &k) && k < c->words->n && c->words->v[k].start == p) {
        const xc_token *t = &c->words->v[k];
        if (t->flags & XC_TOKEN_DIGIT) return p;
        if (t->flags & XC_TOKEN_ASCII_END) return xc_token_end(t);
    }
    return xc_word_end(c->s, c->len, p);
}

/* word_end_tok when the word is not the one next_word read last. */
static size_t word_end_tok_read(const fctx *c, size_t p, const xc_token **tok)
{
    size_t k;
    *tok = NULL;
    /* no letters at p (a mark or a digit after a number, or the end): the
     * word ends where it starts, as xc_word_end tells, and the index is
     * not walked to */
    if (p >= c->len ||
        ((unsigned char)c->s[p] < 0x80 && (unsigned)(((unsigned char)c->s[p] | 0x20) - 'a') >= 26u))
        return p;
    if (near_word(c, p, &k) && k < c->words->n && c->words->v[k].start == p) {
        const xc_token *t = &c->words->v[k];
        if (t->flags & XC_TOKEN_DIGIT) return p;
        if (t->flags & XC_TOKEN_ASCII_END) {
            *tok = t;
            return xc_token_end(t);
        }
    }
    return xc_word_end(c->s, c->len, p);
}

/* word_end_at, and in *tok the index's word whose letters it is when the
 * index told the end (then tok->bit is the filter bit of s[p..end)), else
 * NULL. The word after a number is read both ways, by next_word and as
 * where its unit or its noun begins: the word next_word read last (its
 * memo) answers without a walk of the index. */
static inline __attribute__((always_inline)) size_t word_end_tok(const fctx *c, size_t p,
                                                                 const xc_token **tok)
{
    const struct prev_memo *m = c->next;
    if (m->found && m->a == p) {
        *tok = m->tok;
        return m->b;
    }
    return word_end_tok_read(c, p, tok);
}

/* xc_prev_word(c->s, p, &we) when its word ends at p (we == p), from the
 * word index where it tells: a word of the index whose ASCII letters end at
 * p, with an ASCII byte there, is that word (it begins after no letter or
 * digit, where xc_prev_word stops). Else read from the text. Returns the
 * word's start, or SIZE_MAX when no word ends at p; *tok is the index's
 * word when the index told (its bit is then that of the word's letters),
 * else NULL. */
static size_t word_ending_at(const fctx *c, size_t p, const xc_token **tok)
{
    size_t k, we;
    *tok = NULL;
    /* no letter before p (a mark, a digit, a space, the start): no word
     * ends there, as xc_prev_word tells, and the index is not walked to */
    if (p == 0 || ((unsigned char)c->s[p - 1] < 0x80 &&
                   (unsigned)(((unsigned char)c->s[p - 1] | 0x20) - 'a') >= 26u))
        return SIZE_MAX;
    if (near_word(c, p, &k) && k > 0) {
        const xc_token *t = &c->words->v[k - 1];
        if (!(t->flags & XC_TOKEN_DIGIT) && (t->flags & XC_TOKEN_ASCII_END) &&
            xc_token_end(t) == p) {
            *tok = t;
            return t->start;
        }
    }
    size_t ws = xc_prev_word(c->s, p, &we);
    return ws != SIZE_MAX && we == p ? ws : SIZE_MAX;
}

/* next_word when its memo does not know pos: reads the word and keeps it. */
static bool next_word_read(const fctx *c, size_t pos, size_t *a, size_t *b)
{
    struct prev_memo *m = c->next;
    size_t p = xc_skip_spaces(c->s, c->len, pos);
    const xc_token *tok;
    size_t e = word_end_tok_read(c, p, &tok);
    m->pos = pos, m->a = p, m->b = e, m->found = e > p, m->tok = tok;
    if (e == p) return false;
    *a = p, *b = e;
    return true;
}

/* The word after pos (skipping spaces): [*a, *b). False when none. Inline:
 * most calls ask again about the last position. */
static inline __attribute__((always_inline)) bool next_word(const fctx *c, size_t pos, size_t *a,
                                                            size_t *b)
{
    const struct prev_memo *m = c->next;
    if (m->pos == pos) {
        if (m->found) *a = m->a, *b = m->b;
        return m->found;
    }
    return next_word_read(c, pos, a, b);
}

/* prev_word when its memo does not know pos. */
static bool prev_word_read(const fctx *c, size_t pos, size_t *a, size_t *b)
{
    struct prev_memo *m = c->prev;
    size_t p = pos;
    while (p > 0 && (c->s[p - 1] == ' ' || c->s[p - 1] == '\t')) p--;
    if (p > 0 && c->s[p - 1] == '.') p--;
    const xc_token *tok;
    size_t ws = word_ending_at(c, p, &tok);
    bool found = ws != SIZE_MAX;
    if (found) *a = ws, *b = p;
    m->pos = pos, m->a = ws, m->b = p, m->found = found, m->tok = tok;
    return found;
}

/* The word before pos, also skipping a period ("No. 5"). */
static inline __attribute__((always_inline)) bool prev_word(const fctx *c, size_t pos, size_t *a,
                                                            size_t *b)
{
    const struct prev_memo *m = c->prev;
    if (m->pos == pos) {
        if (m->found) *a = m->a, *b = m->b;
        return m->found;
    }
    return prev_word_read(c, pos, a, b);
}

/* in_list for the word [a, b) that prev_word just gave: when its memo holds
 * the index's word it came from, that word's filter bit is the bit of
 * [a, b), and a list whose filter (NULL when unknown) rejects it does not
 * hold the word: no lookup. */
static bool prev_in_list(const fctx *c, const uint8_t *filter, const char *list, size_t a, size_t b)
{
    const xc_token *t = c->prev->found ? c->prev->tok : NULL;
    lexword w = {a, b, t ? t->bit : 0, t && t->start == a && c->prev->b == b && b - a <= 64};
    return in_list_word(c, filter, list, &w);
}

/* ------------------------------------------------------------- guards */

static bool overlaps_date(fctx *c, size_t a, size_t b)
{
    /* the ranges and the cursor read once: the walk stores nothing else */
    const xc_range *v = c->doc->date_fold.v;
    size_t n = c->doc->date_fold.n, i = c->date_i;
    while (i < n && v[i].end <= a) i++;
    c->date_i = i;
    for (; i < n && v[i].start < b; i++)
        if (v[i].end > a) return true;
    return false;
}

static size_t digit_run(const char *s, size_t len, size_t p)
{
    size_t i = p;
    while (i < len && is_digit(s[i])) i++;
    return i - p;
}

/* Phone numbers: 555-123-4567, 555.123.4567, (555) 123-4567, +1 555 ..., 555-1234.
 * n0: digit_run(c->s, c->len, p), which the number's reading told. */
static bool is_phone(const fctx *c, size_t p, size_t n0, size_t *end)
{
    const char *s = c->s;
    size_t len = c->len, i = p, groups = 0, digits = 0, first = 0;
    if (p > 0 && s[p - 1] == '+') {
        size_t n = n0;
        if (n >= 1 && n <= 3 && p + n < len && (s[p + n] == ' ' || s[p + n] == '-')) {
            i = p + n;
            while (i < len && (is_digit(s[i]) || s[i] == ' ' || s[i] == '-' || s[i] == '.')) i++;
            *end = i;
            return true;
        }
    }
    /* every other phone number is two groups at least, the first one
     * followed by a "-" or a "." and a digit: most numbers are one group
     * ("25 people", "1,000"), told from the byte after their digits */
    if (!(p > 0 && s[p - 1] == '(') &&
        !(p + n0 + 1 < len && (s[p + n0] == '-' || s[p + n0] == '.') && is_digit(s[p + n0 + 1])))
        return false;
    bool paren = p > 0 && s[p - 1] == '(' && n0 == 3 && p + 3 < len && s[p + 3] == ')';
    if (paren) i = p + 4, groups = 1, digits = 3, first = 3, i = xc_skip_spaces(s, len, i);
    for (;;) {
        size_t n = digit_run(s, len, i);
        if (!n) break;
        if (!groups) first = n;
        groups++, digits += n;
        i += n;
        if (i + 1 < len && (s[i] == '-' || s[i] == '.') && is_digit(s[i + 1]))
            i++;
        else
            break;
    }
    *end = i;
    if (is_word_char(s, len, i)) return false;
    if (paren && groups >= 3 && digits == 10) return true;
    if (groups >= 3 && digits >= 9 && first <= 4) return true;
    if (groups == 2 && first == 3 && digits == 7 && digit_run(s, len, p + 4) == 4) return true;
    return false;
}

static bool is_time_word(const fctx *c, size_t i);

/* Inline: most numbers are followed by none of the bytes a time goes on
 * with, and the word is read (is_time_word) only after one. */
static inline bool is_time(const fctx *c, size_t num_end)
{
    const char *s = c->s;
    size_t len = c->len, i = num_end;
    if (i + 1 < len && s[i] == ':' && is_digit(s[i + 1])) return true;
    i = xc_skip_spaces(s, len, i);
    /* every form below begins with an "a", a "p" or an "o" */
    if (i >= len || ((s[i] | 0x20) != 'a' && (s[i] | 0x20) != 'p' && (s[i] | 0x20) != 'o'))
        return false;
    return is_time_word(c, i);
}

/* is_time for the word at i, which begins with an "a", a "p" or an "o". */
static bool is_time_word(const fctx *c, size_t i)
{
    const char *s = c->s;
    size_t len = c->len;
    size_t e = word_end_at(c, i);
    if (word_is(c, i, e, "am") || word_is(c, i, e, "pm")) return true;
    if (e - i == 1 && e + 2 < len && s[e] == '.' &&
        (s[i] == 'a' || s[i] == 'p' || s[i] == 'A' || s[i] == 'P') &&
        (s[e + 1] == 'm' || s[e + 1] == 'M'))
        return true;
    if (e - i == 1 && (s[i] == 'o' || s[i] == 'O') && e < len && s[e] == '\'') return true;
    return false;
}

/* "1." or "2)" opening a line. */
static bool is_list_number(const fctx *c, size_t p, size_t num_end)
{
    const char *s = c->s;
    /* the mark after the number first: most numbers have none, and the
     * line's start is not looked for then */
    if (!(num_end + 1 < c->len && (s[num_end] == '.' || s[num_end] == ')') &&
          (s[num_end + 1] == ' ' || s[num_end + 1] == '\t')))
        return false;
    size_t b = p;
    while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) b--;
    return b == 0 || s[b - 1] == '\n';
}

static bool is_address(const fctx *c, size_t num_end)
{
    size_t p = num_end;
    for (int k = 0; k < 4; k++) {
        size_t a, b;
        if (!next_word(c, p, &a, &b) || a == p || !is_upper(c->s[a])) return false;
        if (in_list(c, "street_types", a, b)) return true;
        p = b;
        if (p < c->len && c->s[p] == '.') p++; /* "333 W. State St." */
    }
    return false;
}

/* The answers of xc_lex_find for the texts of the lists a number's
 * checks look up again and again ("more than", "about", "$"), per thread:
 * the same few come back in every document, and a lookup costs several
 * times the comparison of a text's bytes. A text of up to LEX_TEXT_MAX
 * bytes is kept as written, with its list (one of the names below, known
 * by its address) and the serial of the rule set that answered (0: the
 * built-in lists). */
#define LEX_TEXT_MEMO 256
#define LEX_TEXT_MAX  30
static _Thread_local struct lex_text_memo {
    uint64_t serial;
    const char *list;
    unsigned char n; /* 0: empty */
    bool found;
    char w[LEX_TEXT_MAX];
    xc_lex_hit hit;
} lex_text_memo[LEX_TEXT_MEMO];

/* xc_lex_find(c->rs, list, w, n, hit), from the memo when it knows w. */
static bool lex_find_text(const fctx *c, const char *list, const char *w, size_t n, xc_lex_hit *hit)
{
    if (n == 0 || n > LEX_TEXT_MAX) return xc_lex_find(c->rs, list, w, n, hit);
    const unsigned char *u = (const unsigned char *)w;
    unsigned h = ((unsigned)n * 31u + u[0] * 7u + u[n - 1] + u[n / 2] * 3u +
                  (unsigned)((uintptr_t)list >> 3)) *
                     2654435761u >>
                 24;
    struct lex_text_memo *m = &lex_text_memo[h & (LEX_TEXT_MEMO - 1)];
    if (m->n != n || m->list != list || m->serial != c->serial || !xc_same_bytes(m->w, w, n)) {
        m->n = 0;
        m->found = xc_lex_find(c->rs, list, w, n, &m->hit);
        memcpy(m->w, w, n);
        m->list = list, m->serial = c->serial, m->n = (unsigned char)n;
    }
    *hit = m->hit;
    return m->found;
}

/* ------------------------------------------------------------ hedges */

/* A filter over xc_lex_filter_bit of one word of each entry of a rule set's
 * list, kept per thread and built again when the rule set changes
 * (xc_rules_tie). When `filter` is false every word passes. */
typedef struct {
    xc_rules_tie tie;
    bool filter;
    uint8_t bits[XC_LEX_FILTER_BITS / 8];
} word_filter;

/* True when f must be built for rs: then it is emptied, marked as built for
 * rs and set to filter when rs has the list `list` (*l). */
static bool word_filter_stale(word_filter *f, const xc_rules *rs, const char *list,
                              const xc_list **l)
{
    if (!xc_rules_retie(&f->tie, rs)) return false;
    memset(f->bits, 0, sizeof f->bits);
    *l = rs ? xc_rules_list(rs, list) : NULL;
    f->filter = *l != NULL;
    return true;
}

static void word_filter_add(word_filter *f, const char *w, size_t n)
{
    unsigned bit = xc_lex_filter_bit(w, n);
    xc_lex_filter_add(f->bits, bit);
}

/* The last words of the rule set's hedges ("about", "than", "least"): most
 * numbers follow no hedge, and the word before them is tested once instead
 * of looking up one to five phrases. Without a hedges list (built-in words)
 * or with a non-ASCII hedge, every word passes. */
static _Thread_local struct {
    word_filter last;
    /* The first words of the hedges, each with the number of words of its
     * hedge ("less" of five-word "less than or equal to"), as a filter over
     * head_bit: a phrase of k words before a number is looked up only when
     * its first word begins a hedge of k words. A list word matches a phrase
     * only with as many words and the same first word (lookups compare
     * words lower-cased, separated by one space). Without a hedges list or
     * with a non-ASCII hedge, every phrase is looked up. */
    bool heads_filter;
    uint8_t heads[XC_LEX_FILTER_BITS / 8];
    /* The same for the last words of the hedges, kept with heads: the word
     * before a number ends phrases of as many words as the hedges it ends
     * ("about": one, "than": two to four), and only those are walked to
     * and looked up. */
    uint8_t tails[XC_LEX_FILTER_BITS / 8];
} hedge_last;

/* The bit of head filter for a first word of filter bit `bit` in a phrase of
 * k words: the word's bit moved by a multiple of k, so one filter keeps the
 * five phrase lengths apart. */
static unsigned head_bit(unsigned bit, size_t k)
{
    return (unsigned)(bit + k * 4099u) & (XC_LEX_FILTER_BITS - 1);
}

/* Whether c is a byte list lookups read as a space between words. */
static bool lookup_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static void hedge_last_bind(const xc_rules *rs)
{
    const xc_list *l;
    word_filter *f = &hedge_last.last;
    if (!word_filter_stale(f, rs, "hedges", &l)) return;
    for (size_t i = 0, n = xc_list_size(l); i < n && f->filter; i++) {
        const char *w = xc_list_at(l, i)->word, *last = w;
        for (const char *q = w; *q; q++) {
            if ((unsigned char)*q >= 0x80) f->filter = false;
            if (*q == ' ' || *q == '\t') last = q + 1;
        }
        size_t k = strlen(last);
        if (k) word_filter_add(f, last, k);
    }
    memset(hedge_last.heads, 0, sizeof hedge_last.heads);
    memset(hedge_last.tails, 0, sizeof hedge_last.tails);
    hedge_last.heads_filter = f->filter;
    for (size_t i = 0, n = xc_list_size(l); i < n && hedge_last.heads_filter; i++) {
        const char *w = xc_list_at(l, i)->word, *first = NULL, *last = NULL;
        size_t words = 0, first_len = 0, last_len = 0;
        for (const char *q = w; *q; q++) {
            if ((unsigned char)*q >= 0x80) hedge_last.heads_filter = false;
            if (lookup_space(*q) || (q > w && !lookup_space(q[-1]))) continue;
            /* a word begins at q */
            last = q;
            for (last_len = 0; q[last_len] && !lookup_space(q[last_len]);) last_len++;
            if (!words++) first = q, first_len = last_len;
        }
        if (!words) continue;
        xc_lex_filter_add(hedge_last.heads, head_bit(xc_lex_filter_bit(first, first_len), words));
        xc_lex_filter_add(hedge_last.tails, head_bit(xc_lex_filter_bit(last, last_len), words));
    }
}

/* Looks back from pos for a hedge of one to five words ("over", "less than
 * or equal to"); the longest wins. */
/* A comparison sign right before the number (spaces allowed), whose
 * spaces before it end at q: ">30", ">= 30", "< = 100", "≤ 5". Not an
 * arrow ("->", "=>", "<<"). An interval does not mark its bounds open or
 * closed, so ">" and ">=" read alike. */
static inline __attribute__((always_inline)) bool sign_hedge(const fctx *c, size_t q,
                                                             size_t *hstart, double *lo, double *hi)
{
    const char *s = c->s;
    if (q >= 3 && (unsigned char)s[q - 3] == 0xE2 && (unsigned char)s[q - 2] == 0x89 &&
        ((unsigned char)s[q - 1] == 0xA5 || (unsigned char)s[q - 1] == 0xA4)) {
        /* U+2265 ≥, U+2264 ≤ */
        *lo = (unsigned char)s[q - 1] == 0xA5 ? 1 : 0;
        *hi = (unsigned char)s[q - 1] == 0xA5 ? INFINITY : 1;
        *hstart = q - 3;
        return true;
    }
    if (q > 0 && s[q - 1] == '=') {
        q--;
        while (q > 0 && s[q - 1] == ' ') q--;
    }
    if (q == 0 || (s[q - 1] != '>' && s[q - 1] != '<')) return false;
    char sign = s[q - 1];
    if (q >= 2 && (s[q - 2] == '-' || s[q - 2] == '=' || s[q - 2] == '<' || s[q - 2] == '>'))
        return false;
    *lo = sign == '>' ? 1 : 0;
    *hi = sign == '>' ? INFINITY : 1;
    *hstart = q - 1;
    return true;
}

/* The factors of a hedges entry, kept by entry as unit_lookup keeps a
 * unit's attributes (the same few hedges come back in every document):
 * HEDGE_NONE when it has no "low", HEDGE_BAD when it has no "high" or
 * either does not parse, else HEDGE_OK with *lo and *hi. */
enum { HEDGE_NONE, HEDGE_BAD, HEDGE_OK };
#define HEDGE_MEMO 16
static _Thread_local struct hedge_memo {
    const void *entry;
    uint64_t serial;
    int result;
    double lo, hi;
} hedge_memo[HEDGE_MEMO];

static int hedge_factors(const fctx *c, const xc_lex_hit *hit, double *lo, double *hi)
{
    uint64_t serial = hit->builtin ? 0 : c->serial;
    struct hedge_memo *m = &hedge_memo[((uintptr_t)hit->entry >> 4) & (HEDGE_MEMO - 1)];
    if (m->entry != hit->entry || m->serial != serial) {
        const char *l = xc_lex_hit_attr(hit, "low"), *h = l ? xc_lex_hit_attr(hit, "high") : NULL;
        m->entry = hit->entry, m->serial = serial;
        m->result =
            !l ? HEDGE_NONE
            : h && xc_parse_double(l, strlen(l), &m->lo) && xc_parse_double(h, strlen(h), &m->hi)
                ? HEDGE_OK
                : HEDGE_BAD;
    }
    if (m->result == HEDGE_OK) *lo = m->lo, *hi = m->hi;
    return m->result;
}

static bool hedge_words(const fctx *c, size_t a, size_t b, const unsigned *last_bit, size_t *hstart,
                        double *lo, double *hi);

/* Inline: a number follows a word the hedges' last words rule out far more
 * often than a hedge, and that is told from the memo of prev_word and the
 * word's filter bit; the phrases are read (hedge_words) only after a word
 * that may end one. */
static inline __attribute__((always_inline)) bool find_hedge(const fctx *c, size_t pos,
                                                             size_t *hstart, double *lo, double *hi)
{
    /* the spaces before the number are read once: those the sign may
     * follow, then any tab among them */
    size_t a, b, q = pos;
    while (q > 0 && c->s[q - 1] == ' ') q--;
    if (sign_hedge(c, q, hstart, lo, hi)) return true;
    while (q > 0 && (c->s[q - 1] == ' ' || c->s[q - 1] == '\t')) q--;
    /* the word before the number is the one prev_word reads when no
     * period comes between (xc_prev_word reads no period either),
     * and its memo answers the other checks of the same number */
    if (q == pos || q == 0 || c->s[q - 1] == '.' || !prev_word(c, pos, &a, &b)) return false;
    if (hedge_last.last.filter && xc_rules_tie_is(&hedge_last.last.tie, c->serial)) {
        /* the letters end at b (a space follows): all ASCII when
         * the run of ASCII letters from a reaches b (the index's
         * word, when it told, is that run and has its bit) */
        const xc_token *t = c->prev->tok; /* the memo is prev_word's answer for pos */
        unsigned bit;
        bool run = t ? (bit = t->bit, true) : xc_lex_filter_run(c->s, c->len, a, &bit) == b;
        if (run && b - a <= 64) {
            if (!xc_lex_filter_has(hedge_last.last.bits, bit)) return false;
            return hedge_words(c, a, b, &bit, hstart, lo, hi);
        }
    }
    return hedge_words(c, a, b, NULL, hstart, lo, hi);
}

/* find_hedge after the word [a0, b0) before the number, which may end a hedge: the
 * words before it, then the phrases they begin, the longest first. */
static bool hedge_words(const fctx *c, size_t a0, size_t b0, const unsigned *last_bit,
                        size_t *hstart, double *lo, double *hi)
{
    size_t starts[5], ends[5], p = a0;
    const xc_token *toks[5]; /* the index's word of each, when it told */
    starts[0] = a0, ends[0] = b0, toks[0] = c->prev->tok;
    bool heads = hedge_last.heads_filter && xc_rules_tie_is(&hedge_last.last.tie, c->serial);
    /* with the bit of the last word (ASCII letters), the phrases of as many
     * words as the hedges it ends: no more words are walked to than the
     * longest of them has */
    bool tails = heads && last_bit;
    size_t most = 5;
    while (tails && most > 0 && !xc_lex_filter_has(hedge_last.tails, head_bit(*last_bit, most)))
        most--;
    size_t n = 1;
    for (; n < most; n++) {
        size_t a, b;
        size_t q = p;
        while (q > 0 && (c->s[q - 1] == ' ' || c->s[q - 1] == '\t')) q--;
        if (q == p || (a = word_ending_at(c, q, &toks[n])) == SIZE_MAX) break;
        b = q;
        starts[n] = a, ends[n] = b;
        p = a;
    }
    for (size_t k = n; k > 0; k--) {
        size_t a = starts[k - 1];
        if (tails && !xc_lex_filter_has(hedge_last.tails, head_bit(*last_bit, k))) continue;
        if (heads) {
            /* the phrase's first word, when it is ASCII letters: does a
             * hedge of k words begin with it? */
            unsigned bit;
            const xc_token *t = toks[k - 1];
            size_t le = t ? (bit = t->bit, ends[k - 1]) : xc_lex_filter_run(c->s, c->len, a, &bit);
            if (le == ends[k - 1] && le - a <= 64 &&
                !xc_lex_filter_has(hedge_last.heads, head_bit(bit, k)))
                continue;
        }
        /* the phrase up to the end of its last word: the spaces before the
         * number (one at least) are no part of any entry (a lookup of a
         * rule list drops spaces at the end, and no built-in entry ends
         * with one), and without them a phrase of one word is letters the
         * lookup's filter tests at once */
        xc_lex_hit hit;
        double hl = 0, hh = 0;
        if (!lex_find_text(c, "hedges", c->s + a, ends[0] - a, &hit) ||
            hedge_factors(c, &hit, &hl, &hh) != HEDGE_OK)
            continue;
        *lo = hl, *hi = hh;
        *hstart = a;
        return true;
    }
    return false;
}

/* A hedge after the number at pos ("500 or more", "18 and over", "or so"):
 * its end and factors. Not when the words go on as a phrase of their own
 * ("5 or more than 6", "18 and over the years", "3 and up to 5"). */
static bool post_hedge_at(const fctx *c, size_t pos, size_t *hend, double *lo, double *hi);

/* Inline: a post hedge begins with "or" or "and" after a space, and most
 * numbers are followed by a word that begins with neither letter; the
 * words are read (post_hedge_at) only after one that does. */
static inline __attribute__((always_inline)) bool
find_post_hedge(const fctx *c, size_t pos, size_t *hend, double *lo, double *hi)
{
    size_t q = xc_skip_spaces(c->s, c->len, pos);
    if (q == pos || q >= c->len || ((c->s[q] | 0x20) != 'o' && (c->s[q] | 0x20) != 'a'))
        return false;
    return post_hedge_at(c, pos, hend, lo, hi);
}

static bool post_hedge_at(const fctx *c, size_t pos, size_t *hend, double *lo, double *hi)
{
    size_t a, b, a2, b2, a3, b3;
    if (!next_word(c, pos, &a, &b) || a == pos ||
        !(word_is(c, a, b, "or") || word_is(c, a, b, "and")))
        return false;
    if (!next_word(c, b, &a2, &b2) || a2 == b) return false;
    xc_lex_hit hit;
    const char *l = lex_find_text(c, "post_hedges", c->s + a, b2 - a, &hit)
                        ? xc_lex_hit_attr(&hit, "low")
                        : NULL;
    const char *h = l ? xc_lex_hit_attr(&hit, "high") : NULL;
    if (!h || !xc_parse_double(l, strlen(l), lo) || !xc_parse_double(h, strlen(h), hi))
        return false;
    if (b2 < c->len && (is_digit(c->s[b2]) || c->s[b2] == '-')) return false;
    if (next_word(c, b2, &a3, &b3) && a3 == xc_skip_spaces(c->s, c->len, b2)) {
        size_t q = xc_skip_spaces(c->s, c->len, b3);
        if (word_is(c, a3, b3, "than") &&
            (q >= c->len || (c->s[q] && strchr(".,;:!?)\n", c->s[q])))) {
            /* "200 or greater than" closing its clause */
            *hend = b3;
            return true;
        }
        static const char *const go_on[] = {"than",  "to",    "the", "a",    "an",   "his",
                                            "her",   "their", "its", "this", "that", "these",
                                            "those", "my",    "our", "your", "of"};
        for (size_t i = 0; i < sizeof go_on / sizeof *go_on; i++)
            if (word_is_entry(c, a3, b3, go_on[i])) return false;
        if (is_digit(c->s[a3])) return false;
    }
    *hend = b2;
    return true;
}

/* -------------------------------------------------------------- units */

typedef struct {
    const char *id, *dimension, *base;
    double factor, offset;
    size_t s, e; /* as written */
} unitref;

/* The attributes of the units last read, by list entry: a document names
 * the same few units again and again, and reading and parsing five
 * attributes costs more than finding the entry. Per thread; an entry is
 * known by its address and the serial of its rule set (0 for the built-in
 * lists, which never change), never by an address alone. */
#define UNIT_MEMO 16
static _Thread_local struct unit_memo {
    const void *entry;
    uint64_t serial;
    bool unit; /* the entry has a dimension */
    unitref u;
} unit_memo[UNIT_MEMO];

/* The answers of unit_lookup for the texts it was last asked about, per
 * thread: a document asks about the same few texts after its numbers again
 * and again ("%", "percent", "years", "km"), and a lookup of the list costs
 * several times the comparison of the text's bytes. A text of up to
 * UNIT_TEXT_MEMO_MAX bytes is kept as written (a lookup may tell cases
 * apart: "M" and "m"), with the serial of the rule set that answered (0:
 * the built-in lists), its answer and, when it names a unit, the unit. */
#define UNIT_TEXT_MEMO     256
#define UNIT_TEXT_MEMO_MAX 22
static _Thread_local struct unit_text_memo {
    uint64_t serial;
    unsigned char n; /* 0: empty */
    bool unit;
    char w[UNIT_TEXT_MEMO_MAX];
    unitref u;
} unit_text_memo[UNIT_TEXT_MEMO];

static bool unit_lookup_list(const fctx *c, size_t a, size_t b, unitref *u);

static bool unit_lookup(const fctx *c, size_t a, size_t b, unitref *u)
{
    size_t n = b - a;
    if (n == 0 || n > UNIT_TEXT_MEMO_MAX) return unit_lookup_list(c, a, b, u);
    const unsigned char *w = (const unsigned char *)c->s + a;
    unsigned h = ((unsigned)n * 31u + w[0] * 7u + w[n - 1] + w[n / 2] * 3u) * 2654435761u >> 24;
    struct unit_text_memo *m = &unit_text_memo[h & (UNIT_TEXT_MEMO - 1)];
    if (m->n != n || m->serial != c->serial || !xc_same_bytes(m->w, (const char *)w, n)) {
        m->n = 0;
        m->unit = unit_lookup_list(c, a, b, &m->u);
        memcpy(m->w, w, n);
        m->serial = c->serial, m->n = (unsigned char)n;
    }
    if (!m->unit) return false;
    *u = m->u;
    u->s = a, u->e = b;
    return true;
}

/* unit_lookup from the list itself. */
static bool unit_lookup_list(const fctx *c, size_t a, size_t b, unitref *u)
{
    xc_lex_hit hit;
    if (!xc_lex_find(c->rs, "units", c->s + a, b - a, &hit)) return false;
    uint64_t serial = hit.builtin ? 0 : c->serial;
    struct unit_memo *m = &unit_memo[((uintptr_t)hit.entry >> 4) & (UNIT_MEMO - 1)];
    if (m->entry != hit.entry || m->serial != serial) {
        m->entry = hit.entry, m->serial = serial;
        const char *dim = xc_lex_hit_attr(&hit, "dimension");
        m->unit = dim != NULL;
        if (m->unit) {
            unitref *r = &m->u;
            r->dimension = dim;
            r->id = xc_lex_hit_attr(&hit, "id");
            r->base = xc_lex_hit_attr(&hit, "base");
            const char *f = xc_lex_hit_attr(&hit, "factor");
            const char *o = xc_lex_hit_attr(&hit, "offset");
            if (!r->id) r->id = r->base;
            if (!f || !xc_parse_double(f, strlen(f), &r->factor)) r->factor = 1;
            if (!o || !xc_parse_double(o, strlen(o), &r->offset)) r->offset = 0;
        }
    }
    if (!m->unit) return false;
    *u = m->u;
    u->s = a, u->e = b;
    return true;
}

/* unit_lookup for s[a..b), the letters of the index's word t when t is not
 * NULL: its filter bit is theirs, and when the units' filter rejects it no
 * unit is looked up (most words after a number are none: "people"). */
static bool unit_lookup_tok(const fctx *c, size_t a, size_t b, const xc_token *t, unitref *u)
{
    if (t && c->lf.units && b - a <= 64 && !xc_lex_filter_has(c->lf.units, t->bit)) return false;
    return unit_lookup(c, a, b, u);
}

/* End of a unit token starting at p: letters, plus "/" + letters (km/h),
 * plus a leading degree sign. *tok is the index's word whose letters the
 * token is, when it is no more than those letters and the index told
 * their end (its filter bit is then theirs), else NULL. */
static inline __attribute__((always_inline)) size_t unit_token_end(const fctx *c, size_t p,
                                                                   const xc_token **tok)
{
    const char *s = c->s;
    size_t i = p;
    *tok = NULL;
    if (i + 1 < c->len && (unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xB0) i += 2;
    if (i < c->len && s[i] == '%') return i + 1;
    if (i < c->len && (unsigned char)s[i] >= 0x80) {
        /* a currency sign after the number: "100 ₡", "100₾" */
        int32_t cp;
        size_t l = xc_utf8_decode(s, c->len, i, &cp);
        if (utf8proc_category(cp) == UTF8PROC_CATEGORY_SC) return i + l;
    }
    const xc_token *t;
    size_t e = word_end_tok(c, i, &t);
    if (e < c->len && s[e] == '/' && xc_word_end(s, c->len, e + 1) > e + 1)
        return xc_word_end(s, c->len, e + 1);
    if (e > i && e < c->len && (s[e] == '2' || s[e] == '3') && !is_word_char(s, c->len, e + 1))
        return e + 1; /* km2, m3 */
    if (i == p) *tok = t;
    return e;
}

/* The first words of the rule set's units of several words ("square" of
 * "square metres", "miles" of "miles per hour"): most numbers are followed by
 * a word that begins no such unit, and the lookups of two and three words
 * are skipped then. Without a units list (built-in units) or with a first
 * word that is not all ASCII letters ("sq." of "sq. ft"), every word may
 * begin one. */
static _Thread_local word_filter unit_heads;

static void unit_heads_bind(const xc_rules *rs)
{
    const xc_list *l;
    if (!word_filter_stale(&unit_heads, rs, "units", &l)) return;
    for (size_t i = 0, m = xc_list_size(l); i < m && unit_heads.filter; i++) {
        const char *word = xc_list_at(l, i)->word, *sp = strchr(word, ' ');
        if (!sp) continue;
        for (const char *q = word; q < sp; q++)
            if ((unsigned)((*q | 0x20) - 'a') >= 26u) unit_heads.filter = false;
        word_filter_add(&unit_heads, word, (size_t)(sp - word));
    }
}

/* False when no unit of several words begins with the word s[q..q+n), the
 * letters of the index's word t when t is not NULL. The filter is built
 * for the rule set when the extraction starts (unit_heads_bind); for any
 * other, every word may begin one. */
static bool unit_head(const fctx *c, size_t q, size_t n, const xc_token *t)
{
    const char *w = c->s + q;
    if (!unit_heads.filter || !xc_rules_tie_is(&unit_heads.tie, c->serial)) return true;
    /* a word of ASCII letters: its bit, that of the index's word t whose
     * letters it is (when not NULL), or read eight bytes at a time */
    unsigned bit;
    if (t) return xc_lex_filter_has(unit_heads.bits, t->bit);
    if (xc_lex_filter_run(c->s, c->len, q, &bit) == q + n)
        return xc_lex_filter_has(unit_heads.bits, bit);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)w[i] >= 0x80 || w[i] == ' ' || w[i] == '\t') return true;
    return xc_lex_filter_has(unit_heads.bits, xc_lex_filter_bit(w, n));
}

/* A unit after the number at p (glued, after spaces or after a hyphen);
 * multi-word units ("per cent", "degrees Celsius") first. */
static bool unit_after(const fctx *c, size_t p, bool hyphen_ok, unitref *u)
{
    const char *s = c->s;
    size_t len = c->len;
    size_t q = p;
    if (q < len && s[q] == '-' && hyphen_ok)
        q++;
    else
        q = xc_skip_spaces(s, len, q);
    if (q >= len) return false;
    if (q > p && (s[q] == '(' || s[q] == '[' || s[q] == '{' || s[q] == '<')) {
        /* a bracketed unit, as tables write it: "20 (kg)", "20 [kg]" */
        char close = s[q] == '(' ? ')' : s[q] == '[' ? ']' : s[q] == '{' ? '}' : '>';
        const xc_token *t;
        size_t e = unit_token_end(c, q + 1, &t);
        if (e > q + 1 && e < len && s[e] == close && unit_lookup_tok(c, q + 1, e, t, u)) {
            u->s = q, u->e = e + 1;
            return true;
        }
        return false;
    }
    const xc_token *t1;
    size_t e1 = unit_token_end(c, q, &t1);
    if (e1 == q) return false;
    if (is_word_char(s, len, e1) && s[e1 - 1] != '%') return false;
    /* three- and two-word units first ("miles per hour", "square metres"),
     * after a word that begins one */
    size_t a2, b2, a3, b3;
    if (s[e1 - 1] != '%' && unit_head(c, q, e1 - q, t1) && next_word(c, e1, &a2, &b2) && a2 > e1) {
        if (next_word(c, b2, &a3, &b3) && a3 > b2 && unit_lookup(c, q, b3, u)) return true;
        if (unit_lookup(c, q, b2, u)) return true;
    }
    return unit_lookup_tok(c, q, e1, t1, u);
}

/* A currency symbol written before the number at p ("$5", "US$5", "€20",
 * "$ 5"): its id, and where it starts. Longest symbols first. */
static const char *currency_lookup(const fctx *c, size_t p, size_t *sym_start);

/* currency_lookup, kept for the next call at the same position. */
static const char *currency_read(const fctx *c, size_t p, size_t *sym_start)
{
    struct currency_memo *m = c->currency;
    size_t sym = 0;
    const char *id = currency_lookup(c, p, &sym);
    if (id) *sym_start = sym;
    m->pos = p, m->sym = sym, m->id = id;
    return id;
}

/* Inline: the checks of one number ask about the same position more than
 * once. */
static inline __attribute__((always_inline)) const char *currency_before(const fctx *c, size_t p,
                                                                         size_t *sym_start)
{
    const struct currency_memo *m = c->currency;
    if (m->pos == p) {
        if (m->id) *sym_start = m->sym;
        return m->id;
    }
    return currency_read(c, p, sym_start);
}

/* The bytes a symbol of the rule set's currency_symbols list can end with,
 * lower-cased: every text the lookups below try ends at the same byte (the
 * one before the number, or before its space), and a lookup compares its
 * text lower-cased (xc_list_find), so when that byte is ASCII, not a space
 * and ends no symbol, none of them can match ("at 5", "(5", "25, 30").
 * Per thread, built again when the rule set changes (xc_rules_tie).
 * `filter` is false without a rule list (the built-in one is looked up) or
 * with a symbol that ends in a space or a separator, whose lookup key
 * (spaces trimmed) ends elsewhere. `spaced` is true when a symbol has a
 * space or a separator anywhere: without one, a text with a space between
 * two other characters ("f $" of "of $5") is no symbol (its lookup key
 * keeps a space there, which no key of the list has). */
static _Thread_local struct {
    xc_rules_tie tie;
    bool filter, spaced;
    uint8_t last[256 / 8];
} currency_ends;

static void currency_ends_bind(const xc_rules *rs)
{
    if (!xc_rules_retie(&currency_ends.tie, rs)) return;
    memset(currency_ends.last, 0, sizeof currency_ends.last);
    const xc_list *l = rs ? xc_rules_list(rs, "currency_symbols") : NULL;
    currency_ends.filter = l != NULL;
    currency_ends.spaced = false;
    for (size_t i = 0, n = xc_list_size(l); i < n && currency_ends.filter; i++) {
        const char *w = xc_list_at(l, i)->word;
        size_t k = strlen(w);
        for (size_t j = 0; j < k && !currency_ends.spaced;) {
            int32_t cp;
            j += xc_utf8_decode(w, k, j, &cp);
            currency_ends.spaced = (cp < 0x80 && lookup_space((char)cp)) ||
                                   (cp >= 0x80 && utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS);
        }
        if (!k) continue;
        unsigned char x = (unsigned char)w[k - 1];
        if (x < 0x80) {
            if (x == ' ' || (x >= '\t' && x <= '\r')) currency_ends.filter = false;
            if (x >= 'A' && x <= 'Z') x = (unsigned char)(x | 0x20);
            currency_ends.last[x >> 3] |= (uint8_t)(1u << (x & 7));
            continue;
        }
        /* a symbol that ends past ASCII ("€") never ends at an ASCII byte,
         * unless its last character is a separator the lookup trims */
        size_t b = k - 1;
        while (b > 0 && ((unsigned char)w[b] & 0xC0) == 0x80) b--;
        int32_t cp;
        xc_utf8_decode(w, k, b, &cp);
        if (utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS) currency_ends.filter = false;
    }
}

/* False when no currency symbol can end with the byte x (see currency_ends). */
static bool currency_may_end(const fctx *c, unsigned char x)
{
    if (!currency_ends.filter || !xc_rules_tie_is(&currency_ends.tie, c->serial) || x >= 0x80 ||
        x == ' ' || (x >= '\t' && x <= '\r'))
        return true;
    if (x >= 'A' && x <= 'Z') x = (unsigned char)(x | 0x20);
    return currency_ends.last[x >> 3] >> (x & 7) & 1;
}

static const char *currency_lookup(const fctx *c, size_t p, size_t *sym_start)
{
    const char *s = c->s;
    bool spaced = p > 1 && s[p - 1] == ' ' && s[p - 2] != ' ';
    if (spaced) p--; /* "$ 75 million" */
    if (p == 0 || !currency_may_end(c, (unsigned char)s[p - 1])) return NULL;
    /* no symbol has a space (currency_ends.spaced): three bytes with one
     * between two others are none */
    bool no_spaced = currency_ends.filter && !currency_ends.spaced &&
                     xc_rules_tie_is(&currency_ends.tie, c->serial);
    for (size_t n = 3; n >= 1; n--) {
        if (p < n || s[p - n] == ' ') continue;
        if (n == 3 && no_spaced && lookup_space(s[p - 2]) && !lookup_space(s[p - 3]) &&
            !lookup_space(s[p - 1]))
            continue;
        /* where the text may stand, told before it is looked up: a symbol of
         * one byte ("$") may not follow a letter ("US$" and "C$" may, as
         * whole symbols), and one that starts with a letter ("EUR 4 bln",
         * "Rs. 20 crore", "US$5") is a whole word written with a capital.
         * Most texts before a number are the end of a word in small letters
         * ("and 5": "and", "nd", "d"), and none is looked up */
        char first = s[p - n];
        bool letter = (first | 0x20) >= 'a' && (first | 0x20) <= 'z';
        if ((n == 1 || letter) && p - n > 0 && is_word_char(s, c->len, p - n - 1)) continue;
        if (letter && !is_upper(first)) continue;
        unsigned bit;
        if (c->lf.currency && xc_lex_filter_run(s + p - n, n, 0, &bit) == n &&
            !xc_lex_filter_has(c->lf.currency, bit))
            continue; /* letters that begin no symbol ("Of", "He"): no lookup */
        xc_lex_hit hit;
        const char *id = lex_find_text(c, "currency_symbols", s + p - n, n, &hit)
                             ? xc_lex_hit_attr(&hit, "id")
                             : NULL;
        if (!id) continue;
        *sym_start = p - n;
        if (spaced && n == 1 && s[p - 1] == '$' && p >= 3 && s[p - 2] == ' ') {
            /* tokenized "us $ 150", "c $ 16.4", "hk $ 10" */
            size_t we, ws = xc_prev_word(s, p - 2, &we);
            char sym[8];
            if (ws != SIZE_MAX && we == p - 2 && we - ws <= 3 &&
                !xc_ieq_ascii(s + ws, we - ws, "a")) {
                memcpy(sym, s + ws, we - ws);
                sym[we - ws] = '$';
                const char *id2 = xc_lex(c->rs, "currency_symbols", sym, we - ws + 1, "id");
                if (id2) {
                    *sym_start = ws;
                    return id2;
                }
            }
        }
        return id;
    }
    return NULL;
}

/* --------------------------------------------------------------- nouns */

static bool is_be(const fctx *c, size_t a, size_t b)
{
    switch (b > a ? b - a : 0) { /* the words of each length */
    case 2:
        return word_is(c, a, b, "is");
    case 3:
        return word_is(c, a, b, "are") || word_is(c, a, b, "was");
    case 4:
        return word_is(c, a, b, "were");
    case 5:
        return word_is(c, a, b, "being");
    default:
        return false;
    }
}

/* The head noun of the phrase after a figure. Sets f->noun and extends f->end. */
/* True when the word s[a..b) is a plural noun: its lemma is another word
 * ("workers", "women"). */
static bool is_plural(fctx *c, size_t a, size_t b)
{
    return b - a >= 3 && xc_lemma_differs(c->rs, c->s + a, b - a, NULL);
}

/* A dash typed as a hyphen between a plural noun s[a..b) and a number word
 * followed by a space: "three workers-two women and a man-were hurt". Not
 * "fourth-quarter sacks", "half-a-dozen", "high-five". */
static bool dash_before_number(fctx *c, size_t a, size_t b)
{
    const char *s = c->s;
    if (b + 1 >= c->len || s[b] != '-') return false;
    size_t e = xc_word_end(s, c->len, b + 1);
    return e > b + 1 && e < c->len && s[e] == ' ' && in_list(c, "number_words", b + 1, e) &&
           is_plural(c, a, b);
}

/* The answers of find_noun for the words it tested, per thread: the words
 * after numbers repeat from one document to the next ("people", "years",
 * "of"), and each costs three list tests and a plural test, and a plural
 * its lemma. Only words of ASCII letters (lexword.bit_ok) of at most
 * NOUN_WORD_MAX bytes are kept, indexed by their filter bit and known by
 * their bytes as written, with the lemma's text when it is short enough
 * (a figure's noun is a copy of it in its document's arena). The answers
 * depend on the rule set's lists only: the memo is emptied when another
 * rule set is bound (xc_rules_tie). */
#define NOUN_MEMO      1024
#define NOUN_WORD_MAX  22
#define NOUN_LEMMA_MAX 31
enum { NOUN_WORD_NONE, NOUN_WORD_STOP, NOUN_WORD_PLURAL, NOUN_WORD_OTHER };
struct noun_word {
    unsigned char n, kind;
    unsigned char lemma_n; /* PLURAL: its lemma's length; OTHER: 0 until made, then length + 1 */
    char w[NOUN_WORD_MAX];
    char lemma[NOUN_LEMMA_MAX + 1];
};
static _Thread_local struct {
    xc_rules_tie tie;
    struct noun_word e[NOUN_MEMO];
} noun_memo;

static void noun_memo_bind(const xc_rules *rs)
{
    if (xc_rules_retie(&noun_memo.tie, rs)) memset(noun_memo.e, 0, sizeof noun_memo.e);
}

static bool noun_word_is(const struct noun_word *m, const char *s, size_t n)
{
    return m->kind != NOUN_WORD_NONE && m->n == n && xc_same_bytes(m->w, s, n);
}

/* The slot of word w (NULL when such a word is not kept). */
static struct noun_word *noun_word_slot(const fctx *c, const lexword *w)
{
    if (!xc_rules_tie_is(&noun_memo.tie, c->serial) || !w->bit_ok || w->b - w->a > NOUN_WORD_MAX)
        return NULL;
    return &noun_memo.e[w->bit & (NOUN_MEMO - 1)];
}

/* Keeps the answer for w in its slot m (lemma: a PLURAL's); a lemma too
 * long to keep leaves the slot empty. */
static void noun_word_keep(struct noun_word *m, const fctx *c, const lexword *w, int kind,
                           const char *lemma)
{
    if (!m) return;
    m->kind = NOUN_WORD_NONE;
    size_t ln = lemma ? strlen(lemma) : 0;
    if (ln > NOUN_LEMMA_MAX) return;
    m->n = (unsigned char)(w->b - w->a);
    memcpy(m->w, c->s + w->a, m->n);
    memcpy(m->lemma, lemma ? lemma : "", ln + 1);
    m->lemma_n = (unsigned char)ln;
    m->kind = (unsigned char)kind;
}

/* A copy of a kept lemma in the document's arena. */
static char *noun_word_lemma(fctx *c, const struct noun_word *m, size_t n)
{
    return xc_arena_strndup(&c->doc->arena, m->lemma, n);
}

static void find_noun(fctx *c, fig *f, size_t pos, bool want_singular)
{
    const char *s = c->s;
    size_t len = c->len, a, b;
    size_t p = pos;
    /* "200 of whom were foreigners", "200 of the runners", "200 were foreigners" */
    if (next_word(c, p, &a, &b) && a > p && word_is(c, a, b, "of")) {
        size_t a2, b2;
        if (next_word(c, b, &a2, &b2) &&
            (word_is(c, a2, b2, "whom") || word_is(c, a2, b2, "which") ||
             word_is(c, a2, b2, "them") || word_is(c, a2, b2, "those") ||
             word_is(c, a2, b2, "these") || word_is(c, a2, b2, "the") ||
             word_is(c, a2, b2, "their") || word_is(c, a2, b2, "its"))) {
            p = b2;
            if (next_word(c, p, &a, &b) && is_be(c, a, b)) p = b;
        } else if (f->approximate || f->fraction ||
                   (f->dimension && str_is(f->dimension, "percent"))) {
            p = b; /* "thousands of runners", "two-thirds of voters", "20% of voters" */
        }
    } else if (next_word(c, p, &a, &b) && a > p && is_be(c, a, b)) {
        p = b;
    }
    size_t first_a = 0, first_b = 0;
    bool have_first = false;
    struct noun_word *first_memo = NULL; /* the memo of the first word, if it has one */
    /* the first word's lemma in the irregular plurals, when looked up here */
    const char *first_irr = NULL;
    bool first_irr_known = false;
    for (int k = 0; k < 5; k++) {
        size_t q = xc_skip_spaces(s, len, p);
        if (q == p && k > 0) break;
        if (q == p && k == 0 && q < len && s[q] != '-' && s[q] != ' ') {
            if (!(q < len && s[q] == '#')) {
                if (q == pos && q < len && is_word_char(s, len, q)) {
                    /* glued text after the number: not a noun phrase */
                }
                if (q < len && !is_word_char(s, len, q) && s[q] != '#') break;
            }
        }
        if (q < len && (s[q] == '-' || s[q] == '#')) q++;
        const xc_token *tok;
        size_t e = word_end_tok(c, q, &tok);
        if (e == q) break;
        if (e < len && s[e] == '-' && xc_word_end(s, len, e + 1) > e + 1 &&
            !dash_before_number(c, q, e)) {
            /* hyphenated modifier "well-known": keep the whole compound */
            e = xc_word_end(s, len, e + 1);
        }
        if (have_first && (word_is(c, q, e, "and") || word_is(c, q, e, "or"))) {
            /* "cheering and clapping citizens" */
            size_t a3, b3;
            if (next_word(c, e, &a3, &b3) && !in_list(c, "number_words", a3, b3) &&
                !in_list(c, "figure_noun_stops", a3, b3)) {
                p = e;
                continue;
            }
        }
        /* the filter bit of a word the index told: the bit of its letters,
         * unless a hyphenated compound goes on past them */
        lexword lw = tok && e == xc_token_end(tok) && e - q <= 64 ? (lexword){q, e, tok->bit, true}
                                                                  : lexword_at(c, q, e);
        struct noun_word *m = noun_word_slot(c, &lw);
        if (m && noun_word_is(m, s + q, e - q)) {
            /* a word seen before: its answers, without a lookup */
            if (m->kind == NOUN_WORD_STOP) break;
            if (m->kind == NOUN_WORD_PLURAL) {
                char *lemma = noun_word_lemma(c, m, m->lemma_n);
                if (!lemma) return;
                f->noun = lemma;
                f->end = e;
                return;
            }
            if (!have_first) first_a = q, first_b = e, have_first = true, first_memo = m;
            p = e;
            continue;
        }
        if (in_list_word(c, c->lf.stops, "figure_noun_stops", &lw) ||
            in_list_word(c, c->lf.number, "number_words", &lw) ||
            in_list_word(c, c->lf.verbs, "speech_verbs", &lw)) {
            noun_word_keep(m, c, &lw, NOUN_WORD_STOP, NULL);
            break;
        }
        /* the lemma is made only for the noun found: most words are no plural */
        bool listed;
        const char *irr; /* the list's lemma of the word, for xc_lemma_of */
        bool plural = xc_lemma_differs_irr(c->rs, s + q, e - q, &listed, &irr) ||
                      (listed && e - q > 2 && in_list(c, "plural_invariant", q, e));
        if (plural) {
            char *lemma = xc_lemma_of(&c->doc->arena, irr, s + q, e - q);
            if (!lemma) return;
            noun_word_keep(m, c, &lw, NOUN_WORD_PLURAL, lemma);
            f->noun = lemma;
            f->end = e;
            return;
        }
        noun_word_keep(m, c, &lw, NOUN_WORD_OTHER, NULL);
        if (!have_first)
            first_a = q, first_b = e, have_first = true, first_memo = m, first_irr = irr,
            first_irr_known = true;
        p = e;
    }
    if (have_first && want_singular) {
        /* the first word's memo, unless a later word took its slot */
        struct noun_word *m = first_memo && noun_word_is(first_memo, s + first_a, first_b - first_a)
                                  ? first_memo
                                  : NULL;
        if (m && m->lemma_n) {
            f->noun = noun_word_lemma(c, m, m->lemma_n - 1u);
        } else {
            f->noun = first_irr_known
                          ? xc_lemma_of(&c->doc->arena, first_irr, s + first_a, first_b - first_a)
                          : xc_lemma(&c->doc->arena, c->rs, s + first_a, first_b - first_a);
            size_t ln = f->noun ? strlen(f->noun) : NOUN_LEMMA_MAX + 1;
            if (m && ln <= NOUN_LEMMA_MAX) {
                memcpy(m->lemma, f->noun, ln + 1);
                m->lemma_n = (unsigned char)(ln + 1);
            }
        }
        f->end = first_b;
    }
}

/* --------------------------------------------------- sentence, people */

/* How far around a figure its citation, its speaker or its person is looked
 * for: a sentence, but never more than this many bytes on either side, so a
 * document that is one long line stays linear. */
#define XC_CONTEXT_WINDOW 320

/* xc_doc_sentence_at(c->doc, pos), found from the sentence of the last
 * call: the figures come in order, and most are in the sentence of the one
 * before or in the next one. The sentences are in order of start, so the
 * last one that starts at or before pos (the first one when none does) is
 * where the walk stops either way. */
static size_t sentence_at(fctx *c, size_t pos)
{
    const xc_sentence *v = c->doc->sents.v;
    size_t n = c->doc->sents.n, i = c->sent_i < n ? c->sent_i : 0;
    while (i + 1 < n && v[i + 1].start <= pos) i++;
    while (i > 0 && v[i].start > pos) i--;
    c->sent_i = i;
    return i;
}

static inline __attribute__((always_inline)) void sentence_bounds(fctx *c, size_t pos, size_t *ss,
                                                                  size_t *se)
{
    const xc_doc *d = c->doc;
    if (d->sents.n) {
        size_t i = sentence_at(c, pos);
        *ss = d->sents.v[i].start, *se = d->sents.v[i].end;
        if (*se < pos) *se = pos;
        if (*ss + XC_CONTEXT_WINDOW < pos) *ss = pos - XC_CONTEXT_WINDOW;
        if (*se > pos + XC_CONTEXT_WINDOW) *se = pos + XC_CONTEXT_WINDOW;
        return;
    }
    const char *s = c->s;
    size_t a = pos;
    while (a > 0 && a + XC_CONTEXT_WINDOW > pos) {
        char ch = s[a - 1];
        if (ch == '\n') break;
        if ((ch == ' ') && a >= 2 && (s[a - 2] == '.' || s[a - 2] == '!' || s[a - 2] == '?')) break;
        a--;
    }
    size_t b = pos;
    while (b < c->len && b < pos + XC_CONTEXT_WINDOW) {
        char ch = s[b];
        if (ch == '\n') break;
        if ((ch == '.' || ch == '!' || ch == '?') &&
            (b + 1 >= c->len || s[b + 1] == ' ' || s[b + 1] == '\n')) {
            b++;
            break;
        }
        b++;
    }
    *ss = a, *se = b;
}

/* The person of a mention overlapping [a, b), or -1. */
static int mention_person(const fctx *c, size_t a, size_t b)
{
    const xc_doc *d = c->doc;
    size_t n = d->mention_fold.n < d->mentions.n ? d->mention_fold.n : d->mentions.n;
    size_t i = xc_ranges_before(d->mention_fold.v, n, b);
    for (size_t k = 0; k < 4 && i > 0; k++, i--)
        if (d->mention_fold.v[i - 1].start < b && d->mention_fold.v[i - 1].end > a)
            return d->mentions.v[i - 1].person;
    return -1;
}

static const char *person_name(const fctx *c, int person)
{
    if (person < 0 || (size_t)person >= c->doc->people.n) return NULL;
    return c->doc->people.v[person].name;
}

/* A capitalized word that ends a run of names: a noun phrase stop, a
 * pronoun, a weekday or a month. The word's filter bit (w's) serves the
 * four lists. */
static bool name_stop_word(const fctx *c, const lexword *w)
{
    return in_list_word(c, c->lf.stops, "figure_noun_stops", w) ||
           in_list_word(c, c->lf.pronouns, "cite_pronouns", w) ||
           in_list_word(c, c->lf.weekday, "weekday", w) || in_list_word(c, c->lf.month, "month", w);
}

/* A run of capitalized words ending at end (going back): [*a, end). Each
 * word is the one xc_prev_word finds before the spaces and tabs, read with
 * word_ending_at: from the word index when it knows the word, whose filter
 * bit then serves the stop lists. */
static bool names_before(const fctx *c, size_t end, size_t *a)
{
    size_t p = end, start = SIZE_MAX;
    for (int k = 0; k < 4; k++) {
        size_t we = p;
        while (we > 0 && (c->s[we - 1] == ' ' || c->s[we - 1] == '\t')) we--;
        const xc_token *tok;
        size_t ws = word_ending_at(c, we, &tok);
        if (ws == SIZE_MAX || !is_upper(c->s[ws])) break;
        lexword w =
            tok && we - ws <= 64 ? (lexword){ws, we, tok->bit, true} : lexword_at(c, ws, we);
        if (name_stop_word(c, &w)) break;
        start = ws;
        p = ws;
        if (p > 0 && c->s[p - 1] != ' ') break;
    }
    if (start == SIZE_MAX) return false;
    *a = start;
    return true;
}

static bool names_after(const fctx *c, size_t pos, size_t *b)
{
    size_t p = pos, end = SIZE_MAX;
    for (int k = 0; k < 6; k++) {
        size_t a, e;
        if (!next_word(c, p, &a, &e) || (a == p && k > 0)) break;
        if (end != SIZE_MAX && word_is(c, a, e, "of")) {
            /* "the Florida Division of Emergency Management" */
            size_t a2, e2;
            if (next_word(c, e, &a2, &e2) && a2 > e && is_upper(c->s[a2])) {
                p = e;
                continue;
            }
            break;
        }
        if (!is_upper(c->s[a])) break;
        /* the word next_word just gave: the index's word in its memo, when
         * it came from there, has the filter bit of [a, e) */
        const xc_token *t = c->next->tok;
        lexword w = t && c->next->a == a && e - a <= 64 ? (lexword){a, e, t->bit, true}
                                                        : lexword_at(c, a, e);
        if (name_stop_word(c, &w)) break;
        end = e;
        p = e;
    }
    if (end == SIZE_MAX) return false;
    *b = end;
    return true;
}

/* The name as the text cites it: a person's canonical name when the span
 * is one of their mentions, else the words as written. */
static const char *cite_name(fctx *c, size_t a, size_t b)
{
    const char *p = person_name(c, mention_person(c, a, b));
    return p ? p : xc_doc_copy_text(c->doc, a, b);
}

static const char *cited_in(fctx *c, size_t ss, size_t se);

/* xc_ranges_before(v, n, pos + 1) for the n quotes v (in order of start),
 * walked to from the answer for the last figure: the figures come in order,
 * and most are in no quote or in the one of the figure before. */
static size_t quotes_before(fctx *c, const xc_range *v, size_t n, size_t pos)
{
    size_t i = c->quote_i < n ? c->quote_i : n;
    while (i < n && v[i].start <= pos) i++;
    while (i > 0 && v[i - 1].start > pos) i--;
    c->quote_i = i;
    return i;
}

static void find_cited(fctx *c, fig *f)
{
    const xc_doc *d = c->doc;
    size_t nq = d->quote_fold.n < d->quotes.n ? d->quote_fold.n : d->quotes.n;
    size_t qi = quotes_before(c, d->quote_fold.v, nq, f->num_start);
    for (size_t k = 0; k < 4 && qi > 0; k++) {
        size_t i = --qi;
        if (d->quote_fold.v[i].start <= f->num_start && f->num_end <= d->quote_fold.v[i].end) {
            const xc_quote *q = &d->quotes.v[i];
            f->quote = (int)i;
            f->cited = q->speaker ? q->speaker : q->speaker_text;
            if (f->cited) return;
        }
    }
    size_t ss, se;
    sentence_bounds(c, f->start, &ss, &se);
    if (c->cite_valid && c->cite_ss == ss && c->cite_se == se) {
        f->cited = c->cite;
        return;
    }
    f->cited = cited_in(c, ss, se);
    c->cite_ss = ss, c->cite_se = se, c->cite = f->cited, c->cite_valid = true;
}

/* How far the 9-byte window of a search for "according" (any case) may move
 * when its last byte is x: to the next position where x lines up with the
 * same letter of the word, or past it. The table holds 9 less the move, for
 * both cases of each letter (0 for every other byte: a move of 9). The word
 * ends in its only 'g', which holds 9: the window does not move, and is
 * tested; the word has no border, so it then moves 9 too. */
static const unsigned char according_less[256] = {
    ['a'] = 1, ['A'] = 1, ['c'] = 3, ['C'] = 3, ['o'] = 4, ['O'] = 4, ['r'] = 5, ['R'] = 5,
    ['d'] = 6, ['D'] = 6, ['i'] = 7, ['I'] = 7, ['n'] = 8, ['N'] = 8, ['g'] = 9, ['G'] = 9,
};

/* The first end w' >= w, below lim, of a 9-byte window whose last byte is
 * a 'g' (any case) for the search of cited_in, or lim. Out of line, so that
 * its loop keeps its few values in registers, and two moves a test of the
 * bound: a move is of 9 bytes at most, and one that ends on a 'g' (a move
 * of 0) is the answer. */
static __attribute__((noinline)) size_t according_g(const unsigned char *u, size_t w, size_t lim)
{
    for (size_t two = lim > 18 ? lim - 18 : 0; w < two;) {
        size_t less = according_less[u[w]];
        if (less == 9) return w;
        w = w + 9 - less;
        less = according_less[u[w]];
        if (less == 9) return w;
        w = w + 9 - less;
    }
    while (w < lim) {
        size_t less = according_less[u[w]];
        if (less == 9) return w;
        w = w + 9 - less;
    }
    return lim;
}

static const char *verb_cite_at(fctx *c, size_t p, size_t e);

/* The name cited by the speech verb s[p..e) of a sentence ("Loong said",
 * "said Loong"), or NULL. t: the index's word at p, or NULL. The words
 * around a verb of the index are read with the index's cursor at it: the
 * verb is anywhere in the figure's sentence, most often more words away
 * from the figure than near_word walks; the cursor is the figure's again
 * after. */
static const char *verb_cite(fctx *c, const xc_token *t, size_t p, size_t e)
{
    if (!listed_word(c, LISTED_SPEECH_VERBS, t, p, e)) return NULL;
    if (!t) return verb_cite_at(c, p, e);
    size_t tok = *c->tok;
    *c->tok = (size_t)(t - c->words->v);
    const char *who = verb_cite_at(c, p, e);
    *c->tok = tok;
    return who;
}

/* verb_cite for a speech verb [p, e): the name before it ("Loong said"),
 * else the name after it ("said Loong"), or NULL. */
static const char *verb_cite_at(fctx *c, size_t p, size_t e)
{
    const char *s = c->s;
    size_t a, b;
    if (names_before(c, p > 0 ? p - (s[p - 1] == ' ' ? 1 : 0) : p, &a)) {
        size_t ne = p;
        while (ne > a && s[ne - 1] == ' ') ne--;
        if (!(ne > 0 && s[ne - 1] == ',')) return cite_name(c, a, ne);
    }
    if (names_after(c, e, &b)) {
        size_t a2 = e, b2 = e;
        next_word(c, e, &a2, &b2);
        return cite_name(c, a2, b);
    }
    return NULL;
}

/* True when every speech verb of the rule set begins with an ASCII byte:
 * the word index lists every word such a verb can be (words that begin past
 * ASCII are not in it). Answered once per rule set and thread. */
static bool verbs_ascii(const xc_rules *rs)
{
    static _Thread_local struct {
        xc_rules_tie tie;
        bool ascii;
    } memo;
    if (!xc_rules_retie(&memo.tie, rs)) return memo.ascii;
    const xc_list *l = rs ? xc_rules_list(rs, "speech_verbs") : NULL;
    bool ascii = true;
    for (size_t i = 0, n = xc_list_size(l); i < n && ascii; i++)
        ascii = (unsigned char)xc_list_at(l, i)->word[0] < 0x80;
    memo.ascii = ascii;
    return ascii;
}

/* The verb search of cited_in over the sentence's bytes, for a rule set
 * with a speech verb that begins past ASCII or when there is no index. */
static const char *cited_by_verb_scan(fctx *c, size_t ss, size_t se, const uint8_t *verbs)
{
    const char *s = c->s;
    for (size_t p = ss; p < se; p++) {
        unsigned char ch = (unsigned char)s[p];
        if (ch < 0x80 && !((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z')) continue; /* fast path */
        size_t e = p;
        unsigned char prev = p > 0 ? (unsigned char)s[p - 1] : ' ';
        if (ch < 0x80 && prev < 0x80) {
            /* an ASCII word after an ASCII byte: no call per letter */
            if ((unsigned)((prev | 0x20) - 'a') < 26u || (unsigned)(prev - '0') < 10u) continue;
            unsigned bit;
            e = xc_lex_filter_run(s, c->len, p, &bit);
            if (e < c->len && (unsigned char)s[e] >= 0x80) {
                e = xc_word_end(s, c->len, p);
            } else if (verbs && e - p <= 64 && !xc_lex_filter_has(verbs, bit)) {
                /* ASCII letters up to an ASCII byte: the filter bit is known */
                p = e;
                continue;
            }
        } else {
            if (!xc_word_boundary_before(s, p) || !is_word_char(s, c->len, p)) continue;
            e = xc_word_end(s, c->len, p);
        }
        if (e == p) continue;
        if (verbs && (e >= c->len || (unsigned char)s[e] < 0x80)) {
            bool ascii = true;
            for (size_t k = p; k < e && ascii; k++) ascii = (unsigned char)s[k] < 0x80;
            if (ascii && e - p <= 64 && !xc_lex_filter_test(verbs, s + p, e - p)) {
                p = e;
                continue;
            }
        }
        const char *who = verb_cite(c, NULL, p, e);
        if (who) return who;
        p = e;
    }
    return NULL;
}

/* Who the sentence [ss, se) cites: "according to X", "X said", "reported X". */
static const char *cited_in(fctx *c, size_t ss, size_t se)
{
    const char *s = c->s;
    /* "according to X" that ends by se: a Horspool scan tests one byte in
     * nine, w the last of the window (the 'g' of a word at w - 8) */
    const unsigned char *u = (const unsigned char *)s;
    for (size_t w = ss + 8, lim = se > 3 ? se - 3 : 0; (w = according_g(u, w, lim)) < lim;) {
        size_t p = w - 8;
        w += 9;
        if (xc_ieq_ascii(s + p, 9, "according") && (p == ss || !is_word_char(s, c->len, p - 1))) {
            size_t cue_end = p + 12; /* after "according to" */
            xc_match mm;
            int rc = c->r_cite && c->w
                         ? xc_rule_match_at(c->w, c->r_cite, s, c->len, p, XC_MATCH_ANCHORED, &mm)
                         : -1;
            size_t gs, ge;
            if (rc == 1 && xc_match_named(&mm, "source", &gs, &ge))
                cue_end = gs; /* rule cite-according-to */
            else if (rc == 0 || !xc_ieq_ascii(s + p, 12, "according to"))
                continue;
            size_t a, b;
            if (!next_word(c, cue_end, &a, &b)) break;
            size_t e;
            if (word_is(c, a, b, "the")) {
                size_t a2, b2;
                if (next_word(c, b, &a2, &b2)) {
                    e = b2;
                    if (names_after(c, b, &e)) {
                    }
                    return xc_doc_copy_text(c->doc, a, e);
                }
            }
            if (names_after(c, cue_end, &e)) {
                return cite_name(c, a, e);
            }
        }
    }
    /* "CNN reported", "Loong said", "reported CNN", "said Loong": the
     * sentence's words among the stops (collect_stops), each tested with its
     * filter bit; the words that are no stop the filter of speech_verbs
     * rejects too (it is part of the stops' filter) */
    const uint8_t *verbs = c->lf.verbs; /* xc_lex_filter of speech_verbs */
    if (!verbs || !c->words || !c->stops || !verbs_ascii(c->rs) || ss < c->win_lo || se > c->win_hi)
        return cited_by_verb_scan(c, ss, se, verbs);
    /* the sentence's first stop, walked to from the figure's (the sentence
     * begins a few stops before it, at most XC_CONTEXT_WINDOW bytes) */
    const xc_token *v = c->words->v;
    size_t lo = c->stop_i < c->n_stops ? c->stop_i : c->n_stops;
    while (lo > 0 && v[c->stops[lo - 1]].start >= ss) lo--;
    while (lo < c->n_stops && v[c->stops[lo]].start < ss) lo++;
    for (size_t i = lo; i < c->n_stops && v[c->stops[i]].start < se; i++) {
        size_t k = c->stops[i];
        if ((v[k].flags & XC_TOKEN_DIGIT) ||
            ((v[k].flags & XC_TOKEN_ASCII_END) && v[k].letters <= 64 &&
             !xc_lex_filter_has(verbs, v[k].bit)))
            continue;
        size_t p = v[k].start, e = xc_token_end(&v[k]);
        if (!(v[k].flags & XC_TOKEN_ASCII_END)) {
            /* letters past ASCII follow: the whole word */
            e = xc_word_end(s, c->len, p);
            if (e < c->len && (unsigned char)s[e] >= 0x80) {
            } else {
                bool ascii = true;
                for (size_t j = p; j < e && ascii; j++) ascii = (unsigned char)s[j] < 0x80;
                if (ascii && e - p <= 64 && !xc_lex_filter_test(verbs, s + p, e - p)) continue;
            }
        }
        const char *who = verb_cite(c, &v[k], p, e);
        if (who) return who;
    }
    return NULL;
}

/* The person named by the capitalized run [a, e): the mention there, else
 * the run as written ("Mr." keeps its name: "Mr. Gigante"). */
static const char *name_at(fctx *c, size_t a, size_t e)
{
    if (e < c->len && c->s[e] == '.' && in_list(c, "honorifics", a, e + 1)) {
        size_t e2;
        if (names_after(c, e + 1, &e2)) e = e2;
    }
    const char *p = person_name(c, mention_person(c, a, e));
    return p ? p : xc_doc_copy_text(c->doc, a, e);
}

/* Where a prenominal age ("the 32-year-old ...") points. */
enum age_target {
    AGE_ANTECEDENT, /* used as a noun: "the 25-year-old said", "the 25-year-old's" */
    AGE_NAME,       /* before a name: "the 36-year-old champion Klitschko" */
    AGE_OTHER       /* before a common noun: "a 16-year-old son", "the two-year-old magazine" */
};

static enum age_target age_prenominal(fctx *c, const fig *f, size_t *na, size_t *ne)
{
    size_t q = f->end;
    for (int k = 0; k < 3; k++) {
        size_t a, b;
        if (!next_word(c, q, &a, &b)) break;
        if (is_upper(c->s[a]) && names_after(c, q, ne)) {
            /* "the 39-year-old Troy man": the capitalized words modify a noun */
            size_t a2, b2;
            if (next_word(c, *ne, &a2, &b2) && a2 == *ne + 1 && in_list(c, "age_nouns", a2, b2))
                return AGE_OTHER;
            *na = a;
            return AGE_NAME;
        }
        /* A word that ends the noun phrase: "the 25-year-old was", "who", "and". */
        if (in_list(c, "figure_noun_stops", a, b) || in_list(c, "speech_verbs", a, b))
            return k == 0 ? AGE_ANTECEDENT : AGE_OTHER;
        q = b;
    }
    /* Right after the age: punctuation or the end ("the 25-year-old, who"). */
    return q == f->end ? AGE_ANTECEDENT : AGE_OTHER;
}

/* The person an age belongs to. In order: the name before "Name, 25,"; the
 * name a prenominal age modifies ("the 32-year-old Klitschko"); none when it
 * modifies a common noun ("their 8-year-old son"); else the nearest mention in
 * the sentence (before first) or paragraph, none when the nearest mention
 * shares its sentence with another person ("Brown and White ... The
 * 25-year-old"), else a capitalized name next to it. */
static void find_age_person(fctx *c, fig *f)
{
    const xc_doc *d = c->doc;
    const char *s = c->s;
    size_t a, b;
    f->person = NULL;
    /* "Jen Loong, 25," */
    size_t p = f->num_start;
    while (p > 0 && s[p - 1] == ' ') p--;
    if (p > 0 && s[p - 1] == ',' && f->end < c->len && s[f->end] == ',' &&
        names_before(c, p - 1, &a)) {
        f->person = name_at(c, a, p - 1);
        return;
    }
    size_t ia = 0, ib = 0;
    /* "age 40 and under", "between age 17 and 25": a bound, nobody's age */
    if (next_word(c, f->end, &a, &b) &&
        (word_is(c, a, b, "and") || word_is(c, a, b, "or") || word_is(c, a, b, "to"))) {
        size_t a2 = xc_skip_spaces(s, c->len, b), b2;
        if ((a2 < c->len && s[a2] >= '0' && s[a2] <= '9') ||
            (next_word(c, b, &a2, &b2) && in_list(c, "age_bounds", a2, b2)))
            return;
    }
    /* "then-15-year-old Timmons": an age at another time */
    {
        size_t q = f->start;
        while (q > 0 && s[q - 1] == ' ') q--;
        if (q > 0 && s[q - 1] == '-') q--; /* "then-15-year-old", "then- 15-year-old" */
        if (q >= 4 && word_is(c, q - 4, q, "then") &&
            (q == 4 || s[q - 5] == ' ' || s[q - 5] == '\n'))
            return;
    }
    /* "two girls age 6", "labourers aged 22": the age of the people that noun
     * names, not of someone named nearby */
    size_t aw = SIZE_MAX; /* start of "age" or "aged" */
    if (word_is(c, f->start, xc_word_end(s, c->len, f->start), "age"))
        aw = f->start;
    else if (prev_word(c, f->start, &ia, &ib) &&
             (word_is(c, ia, ib, "aged") || word_is(c, ia, ib, "age")))
        aw = ia;
    if (aw != SIZE_MAX && prev_word(c, aw, &ia, &ib) && ib + 1 == aw && !is_upper(s[ia]) &&
        (in_list(c, "age_bounds", ia, ib) || /* "24 of them under age 17" */
         (!in_list(c, "figure_noun_stops", ia, ib) && !in_list(c, "speech_verbs", ia, ib))))
        return;
    /* "25-year-old", "27 year old", not "25 years old" nor "aged 25" */
    bool prenominal = f->end >= 4 && (s[f->end - 4] == '-' || s[f->end - 4] == ' ') &&
                      word_is(c, f->end - 3, f->end, "old");
    for (size_t q = f->num_end; prenominal && q + 5 <= f->end; q++)
        if (word_is(c, q, q + 5, "years")) prenominal = false;
    if (prenominal) {
        /* "Smith, a 25-year-old mother of two," names Smith; a bare "a
         * 21-year-old" is someone new. */
        bool indefinite = prev_word(c, f->start, &ia, &ib) && ib + 1 == f->start &&
                          (word_is(c, ia, ib, "a") || word_is(c, ia, ib, "an"));
        /* "his 14-year-old wife", "Mendes' 12-year-old daughter": a relative's age */
        bool genitive =
            f->start >= 3 && s[f->start - 1] == ' ' &&
            (s[f->start - 2] == '\'' || (s[f->start - 2] == 's' && s[f->start - 3] == '\''));
        if (genitive || (prev_word(c, f->start, &ia, &ib) && ib + 1 == f->start &&
                         in_list(c, "possessive_determiners", ia, ib))) {
            f->person = NULL;
            return;
        }
        if (indefinite) {
            size_t q = ia;
            while (q > 0 && s[q - 1] == ' ') q--;
            if (q > 0 && s[q - 1] == ',' && names_before(c, q - 1, &a)) {
                f->person = name_at(c, a, q - 1);
                return;
            }
        }
        switch (age_prenominal(c, f, &a, &b)) {
        case AGE_NAME:
            f->person = name_at(c, a, b);
            return;
        case AGE_OTHER:
            f->person = NULL;
            return;
        case AGE_ANTECEDENT:
            if (indefinite) {
                f->person = NULL;
                return;
            }
            break;
        }
    }
    size_t ss, se;
    sentence_bounds(c, f->start, &ss, &se);
    int best = -1;
    size_t bestdist = SIZE_MAX, best_start = 0;
    size_t para_start = d->paras.n ? d->paras.v[xc_doc_para_at(d, f->start)].start : ss;
    if (para_start + XC_CONTEXT_WINDOW < f->start) para_start = f->start - XC_CONTEXT_WINDOW;
    size_t lo = para_start < ss ? para_start : ss;
    size_t nm = d->mention_fold.n < d->mentions.n ? d->mention_fold.n : d->mentions.n;
    size_t from = xc_ranges_before(d->mention_fold.v, nm, lo);
    for (size_t i = from; i < nm && d->mention_fold.v[i].start < se; i++) {
        xc_range r = d->mention_fold.v[i];
        size_t dist;
        if (r.end <= f->start && r.start >= lo)
            dist = f->start - r.end + (r.start < ss ? 1000 : 0);
        else if (r.start >= f->end && r.start < se)
            dist = r.start - f->end + 500;
        else
            continue;
        if (dist < bestdist) bestdist = dist, best = d->mentions.v[i].person, best_start = r.start;
    }
    if (prenominal && best >= 0 && best_start >= ss && best_start < f->start) {
        /* "Jeffs was sentenced for his assault on the 12-year-old": an
         * epithet after a name in its own sentence is someone else */
        f->person = NULL;
        return;
    }
    if (best >= 0 && prenominal && best_start < f->start) {
        /* "Police named Peter Brown and Tom White. The 25-year-old ...": which one? */
        size_t bs, be;
        sentence_bounds(c, best_start, &bs, &be);
        for (size_t i = xc_ranges_before(d->mention_fold.v, nm, bs);
             i < nm && d->mention_fold.v[i].start < f->start; i++)
            if (d->mentions.v[i].person != best) {
                f->person = NULL;
                return;
            }
    }
    if (best >= 0) {
        f->person = person_name(c, best);
        if (f->person) return;
    }
    if (p > 0 && s[p - 1] == ',' && names_before(c, p - 1, &a)) {
        f->person = xc_doc_copy_text(c->doc, a, p - 1);
        return;
    }
    if (names_after(c, f->num_end, &b) && next_word(c, f->num_end, &a, &b)) {
        size_t e;
        names_after(c, f->num_end, &e);
        f->person = xc_doc_copy_text(c->doc, a, e);
    }
}

/* ------------------------------------------------------------ emitting */

/* xc_doc_span_text of fold [fs, fe), without reading the maps when the
 * range is below c->plain_lim: the same copy, cut to the text, and span. */
static inline __attribute__((always_inline)) char *span_text(fctx *c, size_t fs, size_t fe,
                                                             xc_span *span)
{
    size_t te = fe > fs ? fe : fs;
    if (fs >= c->plain_lim || te > c->plain_lim) return xc_doc_span_text(c->doc, fs, fe, span);
    *span = (xc_span){fs, te};
    return xc_doc_text_copy(c->doc, fs, te);
}

/* xc_doc_copy_text of fold [fs, fe), without the call where fold offsets
 * are the text's (a document with no fold map, or a range below
 * c->plain_lim). */
static inline __attribute__((always_inline)) char *copy_text(fctx *c, size_t fs, size_t fe)
{
    size_t te = fe > fs ? fe : fs;
    if (!c->fold_plain && (fs >= c->plain_lim || te > c->plain_lim))
        return xc_doc_copy_text(c->doc, fs, fe);
    return xc_doc_text_copy(c->doc, fs, te);
}

/* Moves the figures emit holds to the document: the arrays take them at
 * their size when they are empty (most documents: all of their figures at
 * once), else grow as a vector does. Returns XC_OK or XC_ERR_NOMEM (the
 * figures are held still). */
static xc_status figures_move(fctx *c)
{
    xc_doc *doc = c->doc;
    size_t k = c->n_held, need = doc->figures.n + k;
    if (!k) return XC_OK;
    if (doc->figures.n ? xc_vec_reserve(&doc->figures, need)
                       : xc_vec_reserve_exact(&doc->figures, need))
        return XC_ERR_NOMEM;
    if (doc->figure_fold.n ? xc_vec_reserve(&doc->figure_fold, doc->figure_fold.n + k)
                           : xc_vec_reserve_exact(&doc->figure_fold, doc->figure_fold.n + k))
        return XC_ERR_NOMEM;
    memcpy(doc->figures.v + doc->figures.n, c->held, k * sizeof *c->held);
    memcpy(doc->figure_fold.v + doc->figure_fold.n, c->held_fold, k * sizeof *c->held_fold);
    doc->figures.n += k, doc->figure_fold.n += k;
    c->n_held = 0;
    return XC_OK;
}

static xc_status emit(fctx *c, fig *f)
{
    xc_span span, number_span;
    const char *text = span_text(c, f->start, f->end, &span), *number_text;
    const char *unit_text = f->unit_e > f->unit_s ? copy_text(c, f->unit_s, f->unit_e) : NULL;
    if (f->num_start == f->start && f->num_end == f->end) {
        /* no hedge and no noun: the number is the whole figure, and its
         * text (in the arena, never changed) serves for both */
        number_span = span;
        number_text = text;
    } else {
        number_text = span_text(c, f->num_start, f->num_end, &number_span);
    }
    if (!text || !number_text) return XC_ERR_NOMEM;
    /* held until FIG_HELD are, then moved to the document */
    if (c->n_held == FIG_HELD && figures_move(c) != XC_OK) return XC_ERR_NOMEM;
    bool unit = f->unit != NULL;
    c->held[c->n_held] = (xc_figure){
        .span = span,
        .text = text,
        .value = f->value,
        .low = f->low,
        .high = f->high,
        .approximate = f->approximate,
        .unit = f->unit,
        .unit_text = unit_text,
        .dimension = f->dimension,
        .base_unit = !unit          ? NULL
                     : f->base_unit ? f->base_unit
                                    : f->unit,
        .base_low = !unit || isinf(f->low) ? f->low : f->low * f->factor + f->offset,
        .base_high = !unit || isinf(f->high) ? f->high : f->high * f->factor + f->offset,
        .noun = f->noun,
        .person = f->person,
        .cited = f->cited,
        .quote = f->quote,
        .number_span = number_span,
        .number_text = number_text,
    };
    c->held_fold[c->n_held++] = (xc_range){f->start, f->end};
    return XC_OK;
}

/* The value a vague plural word s[a..b) stands for ("tens" 10, "dozens" 12,
 * "scores" 20, "hundreds" 100, "thousands", "millions", "billions"), or 0.
 * The words are told apart by their length first: most words a figure
 * begins with ("two", "first") have none of the four lengths. */
static double plural_value(const fctx *c, size_t a, size_t b)
{
    switch (b > a ? b - a : 0) {
    case 4:
        return word_is(c, a, b, "tens") ? 10 : 0;
    case 6:
        return word_is(c, a, b, "dozens") ? 12 : word_is(c, a, b, "scores") ? 20 : 0;
    case 8:
        return word_is(c, a, b, "hundreds")   ? 100
               : word_is(c, a, b, "millions") ? 1e6
               : word_is(c, a, b, "billions") ? 1e9
                                              : 0;
    case 9:
        return word_is(c, a, b, "thousands") ? 1e3 : 0;
    default:
        return 0;
    }
}

/* An empty figure: no value, unit, noun or citation, in no quote. */
static void fig_init(fig *f)
{
    /* field by field, which the compiler writes as a few wide stores: a
     * memset of the whole struct is a string instruction that costs a
     * step for each eight bytes (padding is never read) */
    f->start = f->end = f->num_start = f->num_end = 0;
    f->value = f->low = f->high = 0;
    f->unit = f->dimension = f->base_unit = NULL;
    f->unit_s = f->unit_e = 0;
    f->factor = f->offset = 0;
    f->noun = f->person = f->cited = NULL;
    f->quote = -1;
    f->approximate = f->ordinal = f->fraction = false;
}

/* Vague plurals: "tens of thousands", "dozens", "hundreds of". Sets *f
 * (fig_init first) only when it finds one. */
static bool vague_plural(fctx *c, size_t p, const xc_token *t, fig *f)
{
    /* the end of the letters of the index's word t at p (NULL: none known),
     * which word_end_at reads from it when an ASCII byte follows them */
    size_t e = t && (t->flags & (XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END)) == XC_TOKEN_ASCII_END
                   ? xc_token_end(t)
                   : word_end_at(c, p);
    double base = plural_value(c, p, e);
    if (!base) return false;
    size_t a, b, end = e;
    double mult = 1;
    if (next_word(c, e, &a, &b) && word_is(c, a, b, "of")) {
        size_t a2, b2;
        if (next_word(c, b, &a2, &b2)) {
            /* "of" then hundreds or more multiply: "tens of thousands" */
            double v = plural_value(c, a2, b2);
            if (v >= 100) mult = v, end = b2;
        }
        if (mult == 1 && !next_word(c, b, &a2, &b2)) return false;
    } else if (!next_word(c, e, &a, &b)) {
        return false;
    }
    fig_init(f);
    f->num_start = f->start = p;
    f->num_end = f->end = end;
    f->value = f->low = 2 * base * mult;
    f->high = 10 * base * mult;
    f->approximate = true;
    return true;
}

/* The interval of one number, by the precision rule. */
static void interval(const xc_num *n, bool measured, double *lo, double *hi)
{
    double h = 0;
    if (n->scaled || (measured && !n->words))
        h = n->half_step;
    else if (measured && n->words && is_whole(n->value))
        h = 0.5;
    else if (!n->words && n->decimals > 0)
        h = n->half_step;
    *lo = n->value - h;
    *hi = n->value + h;
}

/* Tries a figure at p. Returns the position to continue from (> p). */
/* Whether the word [a, b) names a product or a series a number follows: it
 * has a capital inside it ("iPhone 5"), or opens with one after an article
 * or a preposition ("the Boeing 737", "of Windows 7", "the Formula 1 race";
 * not "told Reuters 12 people died"), and is no month, weekday or hedge
 * word ("In March 2020", "About 12"). */
static bool model_name(const fctx *c, size_t a, size_t b)
{
    const char *s = c->s;
    bool inner = false;
    for (size_t i = a + 1; i < b && !inner; i++) inner = is_upper(s[i]);
    if (!inner) {
        size_t wa, wb;
        static const char *const before[] = {"the", "a",  "an",   "of",  "his", "her", "their",
                                             "its", "on", "with", "new", "old", "my",  "our"};
        bool det = false;
        if (is_upper(s[a]) && prev_word(c, a, &wa, &wb) && wb + 1 == a)
            for (size_t i = 0; i < sizeof before / sizeof *before && !det; i++)
                det = word_is_entry(c, wa, wb, before[i]);
        if (!det) return false;
    }
    if (in_list(c, "month", a, b) || in_list(c, "weekday", a, b) || in_list(c, "hedges", a, b) ||
        in_list(c, "figure_noun_stops", a, b))
        return false;
    return true;
}

/* Whether the number at r (r < c->len) is followed by a dash and another
 * number. The number at r is read into *m, and *read is whether it is one:
 * the range after a dash reads it again otherwise. */
static bool chain_after(const fctx *c, size_t r, xc_num *m, bool *read)
{
    xc_num m2;
    *read = xc_num_parse(c->rs, c->s, c->len, r, m);
    return *read && m->end + 1 < c->len && c->s[m->end] == '-' &&
           xc_num_parse(c->rs, c->s, c->len, m->end + 1, &m2);
}

/* A scale letter after the digit number n at p: "10M" and "2.5G" (millions,
 * billions), "1,674,200.5 M", "2.33 k". A capital "M" or "G" after one digit
 * is a name ("3M", "5G" networks), and so is one after four digits ("9400M")
 * or after a word with a capital inside ("GT 650M", "GeForce 9400M"); a
 * spaced "k" needs decimals ("5 k" may be a race). Scales n and returns true. */
static bool scale_letter(const fctx *c, size_t p, xc_num *n)
{
    const char *s = c->s;
    size_t q = n->end, len = c->len;
    bool spaced = q < len && s[q] == ' ';
    if (spaced) q++;
    if (q >= len || is_word_char(s, len, q + 1) || (q + 1 < len && s[q + 1] == '-')) return false;
    double f;
    if (s[q] == 'M')
        f = 1e6;
    else if (s[q] == 'G')
        f = 1e9;
    else if ((s[q] == 'k' || s[q] == 'K') && spaced && n->decimals)
        f = 1e3;
    else
        return false;
    if (n->scaled || n->fraction || n->ordinal) return false;
    if (!n->separators && (n->digits > 3 || (n->digits == 1 && !n->decimals))) return false;
    size_t a, b;
    if (prev_word(c, p, &a, &b))
        for (size_t i = a + 1; i < b; i++)
            if (s[i] >= 'A' && s[i] <= 'Z') return false;
    n->value *= f;
    n->half_step *= f;
    n->scale = f;
    n->scaled = true;
    n->m_suffix = false;
    n->end = q + 1;
    return true;
}

/* "percent of 10", "per cent of twenty-two": a percentage written before its
 * number, as a clause of its own (the percent word opens the clause and the
 * number closes it; "a large percent of 1,000 voters" is no percentage). The
 * number is at p and ends at e; sets *ps to the percent word and *u. */
static bool percent_of_words(const fctx *c, size_t p, size_t e, size_t *ps, unitref *u);

/* Inline: the word before the number must be "of", one byte before it (a
 * space, a tab or the period prev_word skips), and most numbers follow
 * another; the words are read (percent_of_words) only after an "of". */
static inline bool percent_of_before(const fctx *c, size_t p, size_t e, size_t *ps, unitref *u)
{
    const char *s = c->s;
    if (p < 3 || (s[p - 2] | 0x20) != 'f' || (s[p - 3] | 0x20) != 'o') return false;
    return percent_of_words(c, p, e, ps, u);
}

static bool percent_of_words(const fctx *c, size_t p, size_t e, size_t *ps, unitref *u)
{
    const char *s = c->s;
    size_t a, b, a2, b2;
    if (!prev_word(c, p, &a, &b) || b + 1 != p || !word_is(c, a, b, "of") ||
        !prev_word(c, a, &a2, &b2) || b2 + 1 != a)
        return false;
    size_t w = a2, wa, wb;
    if (word_is(c, a2, b2, "cent") && prev_word(c, a2, &wa, &wb) && wb + 1 == a2 &&
        word_is(c, wa, wb, "per"))
        w = wa;
    else if (!word_is(c, a2, b2, "percent") && !word_is(c, a2, b2, "percents"))
        return false;
    if (!unit_after(c, w, false, u) || !str_is(u->dimension, "percent")) return false;
    size_t k = w;
    while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t')) k--;
    if (k > 0 && !strchr(".!?;:(\n", s[k - 1])) return false;
    size_t q = xc_skip_spaces(s, c->len, e);
    if (q < c->len && (is_word_char(s, c->len, q) || s[q] == '%')) return false;
    *ps = w;
    return true;
}

/* Tries a figure at p, the start of the index's word t when it is a word
 * of letters (else t is NULL). */
static size_t figure_at(fctx *c, size_t p, const xc_token *t, xc_status *st)
{
    const char *s = c->s;
    size_t len = c->len;
    fig f; /* set (fig_init) where a figure begins: most candidates are none */
    size_t skip = p + 1;
    *st = XC_OK;

    if (!is_digit(s[p]) && vague_plural(c, p, t, &f)) {
        double lo, hi;
        size_t hs;
        if (find_hedge(c, p, &hs, &lo, &hi)) f.start = hs;
        find_noun(c, &f, f.num_end, false);
        find_cited(c, &f);
        if (!overlaps_date(c, f.start, f.end)) *st = emit(c, &f);
        return f.num_end;
    }

    xc_num n;
    if (p > 0 && s[p - 1] == '-' && is_digit(s[p]) &&
        (p == 1 || s[p - 2] == ' ' || s[p - 2] == '(' || s[p - 2] == '\n' || s[p - 2] == '<' ||
         s[p - 2] == '>' || s[p - 2] == '='))
        p--; /* a negative number: "-1", "-9.5", "<-30" */
    /* a word of the index that ends before an ASCII byte: its letters
     * and their filter bit are the parse's first word */
    bool known = t && (t->flags & (XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END)) == XC_TOKEN_ASCII_END;
    if (!(known ? xc_num_parse_word(c->rs, s, len, p, xc_token_end(t), t->bit, &n)
                : xc_num_parse(c->rs, s, len, p, &n))) {
        if (is_digit(s[p])) return skip;
        size_t we = xc_word_end(s, len, p);
        return we > p ? we : skip;
    }
    size_t after = n.end, read_end = n.end;
    if (overlaps_date(c, p, n.end)) return n.end;
    bool digits = is_digit(s[p]) || s[p] == '-' || s[p] == '.';
    if (digits) {
        size_t pe;
        /* the digits at p: a number of digits without separators counts
         * those of its first run (xc_num.digits) */
        size_t run = is_digit(s[p]) && !n.separators ? n.digits : digit_run(s, len, p);
        if (is_phone(c, p, run, &pe)) return pe > p ? pe : skip;
        if (is_time(c, n.end)) return n.end;
        /* IP addresses, versions: 192.168.1.2 */
        if (n.end + 1 < len && s[n.end] == '.' && is_digit(s[n.end + 1]) && n.decimals) {
            size_t e = n.end;
            while (e < len && (is_digit(s[e]) || s[e] == '.')) e++;
            return e;
        }
        if (is_list_number(c, p, n.end)) return n.end;
        if (p > 1 && (s[p - 1] == ':' || s[p - 1] == '.') && is_digit(s[p - 2])) return n.end;
        /* identifiers: "2:24-cr-00187", "A-380", numbers with leading zeros */
        if (p > 1 && (s[p - 1] == '-' || s[p - 1] == '/') && is_word_char(s, len, p - 2) &&
            !is_digit(s[p - 2]))
            return n.end;
        if (s[p] == '0' && p + 1 < len && is_digit(s[p + 1])) return n.end;
        /* ZIP codes: "WI 53203" */
        if (n.end - p == 5 && !n.separators && p >= 3 && s[p - 1] == ' ' && is_upper(s[p - 2]) &&
            is_upper(s[p - 3]) && (p == 3 || !is_word_char(s, len, p - 4)))
            return n.end;
        if (p > 0 && (s[p - 1] == '#' || s[p - 1] == '/' ||
                      (s[p - 1] == '-' && p > 1 && is_digit(s[p - 2]))))
            return n.end;
        size_t a, b;
        if (prev_word(c, p, &a, &b) &&
            prev_in_list(c, c->lf.skip_before, "figure_skip_before", a, b))
            return n.end;
        if (is_address(c, n.end) && !n.scaled && !n.decimals) return n.end;
        /* a slash that is no fraction: "24/7", "the 9/11 attacks" (a fraction
         * in news is below one, over a small denominator, or a measure's:
         * "5/16 inch") */
        unitref ux;
        if (n.den > 0 && !n.scaled && (n.num >= n.den || n.den > 10) &&
            !unit_after(c, n.end, true, &ux))
            return n.end;
        /* a model or a series with a number: "of Windows 7", "the Apollo 11
         * crew", "an iPhone 5" (model_name, right before the number, and no
         * unit after it) */
        if (!n.separators && !n.decimals && !n.scaled && !n.fraction && p > 1 && s[p - 1] == ' ' &&
            prev_word(c, p, &a, &b) && b + 1 == p && model_name(c, a, b)) {
            if (!unit_after(c, n.end, true, &ux) && !currency_before(c, p, &a)) {
                /* and the score or range it opens: "the Chiefs 20 to 13" */
                size_t e = n.end, q = xc_skip_spaces(s, len, e), r = SIZE_MAX;
                if (e + 1 < len && s[e] == '-' && is_digit(s[e + 1]))
                    r = e + 1;
                else if (q > e && next_word(c, e, &a, &b) && word_is(c, a, b, "to"))
                    r = xc_skip_spaces(s, len, b);
                xc_num n3;
                if (r < len && is_digit(s[r]) && xc_num_parse(c->rs, s, len, r, &n3)) e = n3.end;
                return e;
            }
        }
    } else {
        /* number words: "no one", "one another", "the one" are pronouns */
        size_t a, b;
        /* "one-time", "one-off", "one-on-one", "one-sided", "one-and-only":
         * adjectives, not counts ("one-year" is a measure, "one-third" and
         * "one-and-a-half" are read as fractions) */
        unitref ux;
        if (n.value == 1 && !n.ordinal && !n.fraction && n.end + 1 < len && s[n.end] == '-' &&
            is_word_char(s, len, n.end + 1) && !unit_after(c, n.end, true, &ux) &&
            !in_list(c, "number_words", n.end + 1, xc_word_end(s, len, n.end + 1)))
            return xc_word_end(s, len, n.end + 1);
        /* the second "one" of "one-on-one", "high-five" (not
         * "three-nought-four"); but a plural noun before the hyphen and a
         * space after the number is a dash typed as a hyphen: "three
         * workers-two women and a man-were hurt" */
        if (p > 1 && s[p - 1] == '-' && is_word_char(s, len, p - 2)) {
            size_t we, ws = xc_prev_word(s, p - 1, &we);
            if (ws != SIZE_MAX && we == p - 1 && !in_list(c, "number_words", ws, we) &&
                !(n.value > 1 && dash_before_number(c, ws, we)))
                return n.end;
        }
        if (n.value == 1 && !n.ordinal &&
            ((prev_word(c, p, &a, &b) && in_list(c, "one_pronoun_before", a, b)) ||
             (next_word(c, n.end, &a, &b) &&
              (word_is(c, a, b, "another") || word_is(c, a, b, "of") || word_is(c, a, b, "who") ||
               word_is(c, a, b, "day")))))
            return n.end;
        /* the generic pronoun: "one can only hope", "when one is killed, all of us lose" */
        if (n.value == 1 && !n.ordinal && next_word(c, n.end, &a, &b) &&
            (in_list(c, "modal_verbs", a, b) ||
             (is_be(c, a, b) && prev_word(c, p, &a, &b) && in_list(c, "generic_one_before", a, b))))
            return n.end;
        if (n.ordinal && n.value == 2 &&
            !(prev_word(c, p, &a, &b) &&
              (word_is(c, a, b, "the") || word_is(c, a, b, "finished") ||
               word_is(c, a, b, "finish") || word_is(c, a, b, "finishing") ||
               word_is(c, a, b, "placed") || word_is(c, a, b, "came") ||
               word_is(c, a, b, "ranked") || word_is(c, a, b, "ranks"))))
            return n.end; /* "a second" is a unit of time; "finished second" a place */
        if (n.value == 0 && n.end == xc_word_end(s, len, p) && !word_is(c, p, n.end, "zero") &&
            prev_word(c, p, &a, &b) && (word_is(c, a, b, "to") || word_is(c, a, b, "for")))
            return n.end; /* "came to naught", "all for nothing" */
    }

    /* ratios: "one out of three", "1 in 5 adults", "one over twenty" (the
     * number begins a word: xc_num_parse reads none after a letter or a
     * digit) */
    if (!n.ordinal && !n.fraction && !n.scaled && !n.negative && n.value >= 1 &&
        is_whole(n.value)) {
        size_t a, b, a2, b2, r = SIZE_MAX, sym0;
        bool over = false;
        if (next_word(c, n.end, &a, &b) && a > n.end && !(digits && currency_before(c, p, &sym0))) {
            if (word_is(c, a, b, "out") && next_word(c, b, &a2, &b2) && a2 > b &&
                word_is(c, a2, b2, "of"))
                r = xc_skip_spaces(s, len, b2);
            else if (word_is(c, a, b, "in"))
                r = xc_skip_spaces(s, len, b);
            else if (word_is(c, a, b, "over"))
                r = xc_skip_spaces(s, len, b), over = true;
        }
        xc_num d;
        if (r != SIZE_MAX && r < len && r > a && xc_num_parse(c->rs, s, len, r, &d) && !d.ordinal &&
            !d.fraction && !d.negative && d.value > 0 && is_whole(d.value) &&
            !overlaps_date(c, r, d.end) && !(is_digit(s[r]) && is_time(c, d.end))) {
            /* "over" is a fraction only at the end of a clause ("2000 over 3
             * years" is a duration); "in" and "out of" need the part to be
             * smaller than the whole, and not a year ("1 in 2014") */
            size_t q = xc_skip_spaces(s, len, d.end);
            bool year = is_digit(s[r]) && d.end - r == 4 && d.value >= 1800 && d.value <= 2100;
            unitref ux;
            bool ok = over ? (q >= len || !is_word_char(s, len, q)) && !(q < len && s[q] == '%')
                           : d.value > n.value && !year && !unit_after(c, d.end, true, &ux);
            if (ok) {
                n.value /= d.value;
                n.fraction = true;
                n.end = after = d.end;
                n.half_step = 0, n.decimals = 0;
            }
        }
    }

    fig_init(&f);
    f.start = f.num_start = p;
    {
        /* "minus 5", "negative one" */
        size_t a, b;
        if (!n.negative && prev_word(c, p, &a, &b) && b + 1 == p &&
            (word_is(c, a, b, "minus") || word_is(c, a, b, "negative"))) {
            n.value = -n.value;
            n.negative = true;
            f.start = f.num_start = a;
        }
    }
    f.value = n.value;
    f.ordinal = n.ordinal;
    f.fraction = n.fraction;
    bool measured = false;
    unitref u;
    memset(&u, 0, sizeof u);
    bool have_unit = false;

    /* currency before the number */
    size_t sym = 0;
    const char *cur = digits ? currency_before(c, p, &sym) : NULL;
    if (cur) {
        f.start = f.num_start = sym;
        u.id = cur, u.dimension = "money", u.base = cur, u.factor = 1, u.s = sym, u.e = p;
        have_unit = true;
        if (n.m_suffix) {
            n.value *= 1e6, n.half_step *= 1e6, n.scaled = true, n.end += 1;
            f.value = n.value;
        }
        after = n.end;
    }

    /* a range: "three or four", "3-4", "20 to 30", "between 20 and 30" */
    xc_num n2;
    bool range = false;
    size_t hs = 0;
    double hlo = 0, hhi = 0;
    bool hedged = find_hedge(c, f.start, &hs, &hlo, &hhi);
    bool between = false;
    {
        size_t a, b;
        bool either = false;
        if (!hedged && prev_word(c, f.start, &a, &b)) {
            if (word_is(c, a, b, "between") || word_is(c, a, b, "from")) between = true, hs = a;
            /* "either 10 bln or 10 tln" names two choices, not a range */
            either = word_is(c, a, b, "either");
        }
        size_t q = n.end;
        size_t r = SIZE_MAX;
        bool dash = false, to = false;
        if (q < len && s[q] == '-' && q + 1 < len && (is_digit(s[q + 1]) || !digits)) {
            r = q + 1, dash = true;
        } else if (digits && q + 3 < len && s[q] == ' ' && s[q + 1] == '-' && s[q + 2] == ' ' &&
                   is_digit(s[q + 3])) {
            r = q + 3, dash = true; /* "1000 - 5000", "1000 – 5000" */
        } else if (digits && q + 1 < len && s[q] == '~' && is_digit(s[q + 1])) {
            r = q + 1; /* "20~100" */
        } else if (next_word(c, q, &a, &b) && a > q) {
            if ((word_is(c, a, b, "or") && !either) || word_is(c, a, b, "to") ||
                word_is(c, a, b, "through") || (between && word_is(c, a, b, "and"))) {
                r = xc_skip_spaces(s, len, b);
                to = word_is(c, a, b, "to") && !between && !hedged;
            }
            if (r == b) r = SIZE_MAX;
        }
        /* a chain of numbers is no range: "three-nought-four" is three
         * numbers, "4-3-3" a formation or a code, no figure. The number at
         * r, read to tell (r_known), is the range's second one below */
        bool r_known = false, r_read = false;
        if (dash && ((f.start > 1 && s[f.start - 1] == '-' && is_word_char(s, len, f.start - 2)) ||
                     (r < len && (r_known = true, chain_after(c, r, &n2, &r_read))))) {
            if (digits) {
                size_t k = n.end;
                while (k + 1 < len && s[k] == '-' && is_digit(s[k + 1]))
                    for (k++; k < len && is_digit(s[k]);) k++;
                return k;
            }
            r = SIZE_MAX;
        }
        if (r != SIZE_MAX && r < len) {
            size_t sym2 = r;
            if (cur && r < len && s[r] == '$') sym2 = r + 1;
            if ((r_known && sym2 == r ? r_read : xc_num_parse(c->rs, s, len, sym2, &n2)) &&
                !n2.ordinal && (is_digit(s[sym2]) == digits) && !overlaps_date(c, sym2, n2.end)) {
                if (cur && n2.m_suffix)
                    n2.value *= 1e6, n2.half_step *= 1e6, n2.scaled = true, n2.end++;
                double v1 = n.value;
                if (n2.scaled && !n.scaled && n2.scale > 1) {
                    /* "3 to 4 million": the scale applies to both */
                    v1 *= n2.scale;
                }
                /* "7 to 2" descends: a tally or a score, never a range */
                bool tally_to = to && n2.value <= v1 && is_whole(n.value) && is_whole(n2.value) &&
                                !n.scaled && !n2.scaled;
                if (((dash && digits) || tally_to) && n2.value <= v1) {
                    /* "7-2", "seven to two": a score or a vote tally */
                    size_t a3, b3;
                    unitref u3;
                    if (tally_to && (unit_after(c, n2.end, true, &u3) || cur)) {
                        /* "from 30 to 20 percent" is a change; read no tally */
                        return n2.end;
                    }
                    if (next_word(c, n2.end, &a3, &b3) && in_list(c, "vote_nouns", a3, b3)) {
                        f.value = f.low = f.high = v1;
                        f.dimension = "vote";
                        f.num_end = n2.end;
                        f.end = b3;
                        f.noun = xc_lemma(&c->doc->arena, c->rs, s + a3, b3 - a3);
                        f.unit_s = p, f.unit_e = n2.end;
                        find_cited(c, &f);
                        *st = emit(c, &f);
                        return b3;
                    }
                    size_t a4, b4;
                    if (prev_word(c, f.start, &a3, &b3) && b3 + 1 >= f.start &&
                        (in_list(c, "vote_verbs", a3, b3) ||
                         /* "by a vote of 7-2" */
                         (word_is(c, a3, b3, "of") && prev_word(c, a3, &a4, &b4) &&
                          in_list(c, "vote_nouns", a4, b4)))) {
                        /* "the council voted 6-3" */
                        f.value = f.low = f.high = v1;
                        f.dimension = "vote";
                        f.num_end = f.end = n2.end;
                        f.noun = xc_arena_strdup(&c->doc->arena, "vote");
                        f.unit_s = p, f.unit_e = n2.end;
                        find_cited(c, &f);
                        *st = emit(c, &f);
                        return n2.end;
                    }
                    return n2.end;
                }
                if (n2.value > v1 || between) {
                    if (v1 != n.value) {
                        n.value = v1, n.half_step *= n2.scale, n.scaled = true;
                        f.value = v1;
                    }
                    range = true;
                    after = n2.end;
                }
            }
        }
    }

    /* units */
    if (!have_unit && !f.ordinal && !range && digits && scale_letter(c, p, &n)) {
        f.value = n.value;
        after = n.end;
    }
    size_t pct;
    if (!have_unit && !f.ordinal && !range && !hedged && !n.negative &&
        percent_of_before(c, p, n.end, &pct, &u)) {
        have_unit = true;
        f.start = f.num_start = pct;
        after = n.end;
    }
    size_t unit_from = range ? n2.end : n.end;
    if (!have_unit && !f.ordinal) {
        unitref u2;
        bool glued = unit_from < len && is_word_char(s, len, unit_from);
        if (n.m_suffix && !range && !cur) {
            glued = true;
        }
        if (n.m_suffix && !range && unit_after(c, unit_from + 1, false, &u2) &&
            str_is(u2.dimension, "money")) {
            n.value *= 1e6, n.half_step *= 1e6, n.scaled = true, n.end++;
            f.value = n.value;
            u = u2;
            have_unit = true;
            after = u.e;
        } else if (unit_after(c, unit_from, true, &u2)) {
            /* "5 health": a unit must be a whole token; "m" needs digits */
            size_t ue = u2.e;
            bool whole = ue >= len || !is_word_char(s, len, ue) || s[ue - 1] == '%';
            /* metres and grams are a small "m" and "g": "3M", "9400M", "5G"
             * are names and models */
            bool capital_m = u2.e - u2.s == 1 && (s[u2.s] == 'M' || s[u2.s] == 'G');
            if (whole && !capital_m &&
                !(glued == false && u2.e - u2.s == 1 && (s[u2.s] == 'h' || s[u2.s] == 'g') &&
                  !digits)) {
                u = u2;
                have_unit = true;
                after = u.e;
            }
        }
        if (!have_unit && glued) return xc_word_end(s, len, unit_from);
    } else if (have_unit && !f.ordinal) {
        /* "$5 million dollars" is rare; "US$" handled; a trailing "dollars" is kept in the phrase
         */
        unitref u2;
        if (unit_after(c, unit_from, false, &u2) && str_is(u2.dimension, "money")) after = u2.e;
    }

    /* "3 dollars 50 cents", "thirteen dollars and forty-five cents" */
    if (have_unit && !range && str_is(u.dimension, "money") && u.factor == 1 && u.e == after) {
        size_t q = after, a, b;
        if (next_word(c, q, &a, &b) && a > q && word_is(c, a, b, "and")) q = b;
        size_t r = xc_skip_spaces(s, len, q);
        xc_num nc;
        unitref uc;
        if (r > q && r < len && xc_num_parse(c->rs, s, len, r, &nc) && !nc.ordinal &&
            !nc.fraction && !nc.scaled && !nc.negative && nc.value < 100 && is_whole(nc.value) &&
            unit_after(c, nc.end, false, &uc) && str_is(uc.dimension, "money") && uc.factor < 1 &&
            uc.base && u.base && !strcmp(uc.base, u.base)) {
            n.value += nc.value * uc.factor;
            n.half_step = 0;
            f.value = n.value;
            after = u.e = uc.e;
        }
    }

    if (have_unit && u.id && str_is(u.id, "lb") && n.scaled && !cur) {
        /* "361 million pounds" is money */
        u.id = "GBP", u.dimension = "money", u.base = "GBP", u.factor = 1, u.offset = 0;
    }

    /* ages: "25-year-old", "25 years old", "95 years of age", "aged 25", "Loong, 25," */
    bool age = false;
    const char *age_unit = "year";
    if (!f.ordinal && !range && n.value > 0 && !n.negative) {
        size_t a, b;
        if (have_unit && str_is(u.dimension, "duration") && u.id &&
            (str_is(u.id, "yr") || str_is(u.id, "mo") || str_is(u.id, "wk") || str_is(u.id, "d"))) {
            size_t q = u.e;
            if (q < len && s[q] == '-' && word_is(c, q + 1, xc_word_end(s, len, q + 1), "old")) {
                age = true, after = xc_word_end(s, len, q + 1);
            } else if (next_word(c, q, &a, &b) && word_is(c, a, b, "old")) {
                age = true, after = b;
            } else if (next_word(c, q, &a, &b) && word_is(c, a, b, "of")) {
                size_t a2, b2;
                if (next_word(c, b, &a2, &b2) && word_is(c, a2, b2, "age")) age = true, after = b2;
            }
            if (age) {
                age_unit = str_is(u.id, "yr")   ? "year"
                           : str_is(u.id, "mo") ? "month"
                           : str_is(u.id, "wk") ? "week"
                                                : "day";
                u.e = after;
            }
        } else if (n.value < 130 && is_whole(n.value) && !have_unit) {
            if (prev_word(c, f.start, &a, &b) &&
                (word_is(c, a, b, "aged") || word_is(c, a, b, "age"))) {
                age = true;
                if (b - a == 3 && b + 1 == f.start) f.start = f.num_start = a; /* "age 87" */
            } else if (digits && !n.decimals && !n.separators && p >= 2 && s[p - 1] == ' ' &&
                       s[p - 2] == ',' && n.end < len && s[n.end] == ',') {
                size_t na;
                if (names_before(c, p - 2, &na)) age = true;
            }
        }
    }
    if (age) {
        u.id = age_unit, u.dimension = "age", u.base = age_unit, u.factor = 1, u.offset = 0;
        if (!have_unit) u.s = u.e = 0;
        have_unit = true;
    }
    /* "500 or more", "18 and over": a hedge after the number and its unit */
    bool post = false;
    /* a hedge on both sides: one that states the value ("exactly",
     * "equal to") or rounds it ("about") gives way to the bound after it
     * ("about 500 or more" is [500, inf], "equal to 5000 or less" [0, 5000]) */
    bool both_sided = hedged && !isinf(hhi) && hlo > 0 && hlo <= 1 && hhi >= 1;
    if (!age && !f.ordinal && (!hedged || both_sided) && !range) {
        size_t he;
        double plo, phi;
        if (find_post_hedge(c, after, &he, &plo, &phi) && (!hedged || plo == 0 || isinf(phi))) {
            /* a rounding hedge is not part of the bound; a stating one is */
            if (hedged && !(hlo == 1 && hhi == 1)) hedged = false;
            post = true, after = he, hlo = plo, hhi = phi;
        }
    } else if (hedged && !range && (hlo == 0 || isinf(hhi))) {
        /* "less than 5000 or equal", "more than 5000 or equal to" */
        size_t a, b, a2, b2, a3, b3;
        if (next_word(c, after, &a, &b) && a > after && word_is(c, a, b, "or") &&
            next_word(c, b, &a2, &b2) && a2 > b && word_is(c, a2, b2, "equal")) {
            size_t e = b2;
            if (next_word(c, b2, &a3, &b3) && a3 > b2 && word_is(c, a3, b3, "to")) e = b3;
            size_t q = xc_skip_spaces(s, len, e);
            xc_num nn;
            if (q >= len || !xc_num_parse(c->rs, s, len, q, &nn)) after = e;
        }
    }
    f.num_end = after;

    /* years that the dates extractor left: a bare 4-digit number is not a count */
    if (digits && !have_unit && !n.separators && !n.decimals && n.value >= 1800 &&
        n.value <= 2100 && n.end - p == 4 && !range && !post) {
        fig probe = f;
        find_noun(c, &probe, after, false);
        if (!probe.noun) return n.end;
    }

    /* the interval */
    measured = have_unit && !age && !str_is(u.dimension, "money");
    if (have_unit && str_is(u.dimension, "money") && n.scaled) measured = true;
    double lo, hi;
    interval(&n, measured, &lo, &hi);
    if (range) {
        double lo2, hi2;
        interval(&n2, measured, &lo2, &hi2);
        hi = hi2;
        if (lo2 < lo) lo = lo2;
        f.approximate = true;
        if (between) f.start = f.num_start = hs;
    }
    bool stated = (hedged || post) && hlo == 1 && hhi == 1;
    if (stated) {
        /* "exactly 42 km", "equal to 20": the words state the value, which
         * keeps its stated precision */
        if (hedged) f.start = hs;
    } else if (hedged || post) {
        double v = f.value;
        double l = isinf(hlo) ? -INFINITY : v * hlo, h = isinf(hhi) ? INFINITY : v * hhi;
        if (l < lo) lo = l;
        if (h > hi || isinf(h)) hi = h;
        if (hlo >= 1 && !isinf(hlo)) lo = v; /* "more than 1,000": from 1,000 */
        if (hhi <= 1) hi = v;
        if (v < 0 && hlo == 0) lo = -INFINITY; /* "below -30 degrees" */
        f.approximate = true;
        if (hedged) f.start = hs;
    }
    /* "more than 10 and less than 40", "at most 100 and at least 20": the
     * second hedge closes the first one's open side */
    if (hedged && !range && (isinf(hi) || (hlo == 0 && hhi <= 1))) {
        size_t a, b;
        if (next_word(c, after, &a, &b) && a > after &&
            (word_is(c, a, b, "and") || word_is(c, a, b, "but"))) {
            size_t h0 = xc_skip_spaces(s, len, b), q = h0;
            for (int k = 0; k < 6 && q > b && q < len; k++) {
                xc_num n3;
                if (q > h0 && xc_num_parse(c->rs, s, len, q, &n3)) {
                    size_t hs3;
                    double lo3, hi3;
                    unitref u3;
                    bool u3ok = unit_after(c, n3.end, true, &u3);
                    bool same = have_unit ? u3ok && !strcmp(u3.id, u.id) : !u3ok;
                    if (same && !n3.ordinal && !n3.fraction && find_hedge(c, q, &hs3, &lo3, &hi3) &&
                        hs3 == h0) {
                        size_t e3 = have_unit ? u3.e : n3.end;
                        if (isinf(hi) && lo3 == 0 && hi3 <= 1 && n3.value > lo)
                            hi = n3.value, after = e3;
                        else if (!isinf(hi) && lo3 >= 1 && isinf(hi3) && n3.value < hi)
                            lo = n3.value, after = e3;
                        f.num_end = after;
                    }
                    break;
                }
                size_t e = xc_word_end(s, len, q);
                if (e == q) break;
                size_t nq = xc_skip_spaces(s, len, e);
                if (nq == e) break;
                q = nq;
            }
        }
    }
    f.low = lo, f.high = hi;
    if (have_unit) {
        f.unit = u.id;
        f.dimension = u.dimension;
        f.base_unit = u.base;
        f.factor = u.factor;
        f.offset = u.offset;
        f.unit_s = u.s, f.unit_e = u.e;
    } else if (f.ordinal) {
        f.dimension = "ordinal";
    } else if (f.fraction) {
        f.dimension = "fraction";
    }
    f.end = after;

    if (age) {
        find_age_person(c, &f);
    } else {
        bool singular = f.value == 1 || have_unit || f.ordinal;
        find_noun(c, &f, after, singular);
    }
    find_cited(c, &f);
    /* a figure within the number as read, which overlaps no date, is asked
     * again only when it is more (a hedge, a unit, a range) */
    if ((f.start != p || f.num_end > read_end) && overlaps_date(c, f.start, f.num_end))
        return after;
    *st = emit(c, &f);
    return after > p ? after : skip;
}

/* What figure_at returns for the word of digits words->v[wi] (with no
 * decimal point tried before it) when it certainly finds no figure there and
 * the number's end is told from the bytes around its digits, else 0: most
 * numbers of a date ("May 5, 2008"), times ("6:30" and its "30") and codes
 * with a leading zero ("007"), which figure_at drops, after it has read the
 * number, at its end. Such a number is its digits alone, and its end is
 * found here without the reading of the number and of the words around it
 * (the dates' cursor moves as overlaps_date moves it in figure_at). */
static size_t digits_no_figure(fctx *c, const xc_tokens *words, size_t wi)
{
    const char *s = c->s;
    size_t len = c->len, q = words->v[wi].start, r = q;
    /* figure_at reads the number at q and asks first whether it overlaps a
     * date, which moves the cursor past the dates that end by q: a date
     * that does not end by q and starts by q holds q. Most numbers are in
     * none */
    const xc_range *dv = c->doc->date_fold.v;
    size_t dn = c->doc->date_fold.n, di = c->date_i;
    while (di < dn && dv[di].end <= q) di++;
    if (di == dn || dv[di].start > q) return 0;
    /* the byte before: ASCII (the index's word starts after no letter or
     * digit, which xc_num_parse tests again) and none a number is read back
     * over ("-5" is negative, "10^5" and "10^-5" powers, "+5" is looked back
     * at for a phone number); then no sign moves the number's start, and the
     * cursor is where figure_at moves it first */
    unsigned char b = q > 0 ? (unsigned char)s[q - 1] : ' ';
    if (b >= 0x80 || b == '-' || b == '+' || b == '^') return 0;
    c->date_i = di;
    /* xc_num_parse reads on after the digits only over a digit after a
     * comma or a point ("1,000", "2.5") or after spaces ("40 000", "2 1/4"),
     * over a slash ("3/4") or a caret ("10^3"), over letters glued to them
     * ("1MM", "1e6", "5th", "40m", "1.2bn") and over a scale after spaces
     * ("5 million", "5 bn": a word of the lists number_words or scales, or
     * "dozens") */
    while (r < len && is_digit(s[r])) r++;
    if (r < len) {
        unsigned char x = (unsigned char)s[r];
        if (x >= 0x80 || x == '^' || x == '/' || (unsigned)((x | 0x20) - 'a') < 26u) return 0;
        if ((x == ',' || x == '.') && r + 1 < len && is_digit(s[r + 1])) return 0;
        size_t n = xc_skip_spaces(s, len, r);
        if (n > r && n < len && ((unsigned char)s[n] >= 0x80 || is_word_char(s, len, n))) {
            /* a word of ASCII letters, the index's next word, up to a byte
             * that ends it (xc_word_end's end): its bit rules it out of both
             * lists */
            const xc_token *u = wi + 1 < words->n ? &words->v[wi + 1] : NULL;
            size_t e = u ? xc_token_end(u) : 0;
            if (!u || u->start != n ||
                (u->flags & (XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END)) != XC_TOKEN_ASCII_END ||
                u->letters > 64 || (e < len && is_digit(s[e])) || !c->lf.number || !c->lf.scales ||
                xc_lex_filter_has(c->lf.number, u->bit) ||
                xc_lex_filter_has(c->lf.scales, u->bit) || word_is(c, n, e, "dozens"))
                return 0;
        }
    }
    return r;
}

/* Whether a figure can begin at the index's word words->v[wi] (a word of
 * letters): a number word, "a" or "an" before one, or a vague plural. */
static bool word_trigger(const fctx *c, const xc_tokens *words, size_t wi)
{
    const xc_token *t = &words->v[wi];
    /* the end of its letters, which word_end_at reads from this word of
     * the index (the cursor is on it) when an ASCII byte follows them */
    size_t p = t->start,
           e = (t->flags & (XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END)) == XC_TOKEN_ASCII_END
                   ? xc_token_end(t)
                   : word_end_at(c, p);
    if (e == p) return false;
    if (listed_word(c, LISTED_NUMBER_WORDS, t, p, e)) return true;
    if (word_is(c, p, e, "a") || word_is(c, p, e, "an")) {
        /* "a dozen", "a fifth", "a hundred", "a twenty-first": the next
         * word, which is the index's next one when it begins with an
         * ASCII letter right after the spaces */
        size_t a, b;
        if (!next_word(c, e, &a, &b)) return false;
        const xc_token *u = wi + 1 < words->n ? &words->v[wi + 1] : NULL;
        return listed_word(c, LISTED_NUMBER_WORDS, u && !(u->flags & XC_TOKEN_DIGIT) ? u : NULL, a,
                           b);
    }
    return word_is(c, p, e, "tens") || word_is(c, p, e, "dozens") || word_is(c, p, e, "hundreds") ||
           word_is(c, p, e, "thousands") || word_is(c, p, e, "millions") ||
           word_is(c, p, e, "billions") || word_is(c, p, e, "scores");
}

/* A decimal point that starts a number (".08"): before a digit, at the
 * start of the text or after a space or a newline. */
static bool dot_starts_number(const char *s, size_t p)
{
    return s[p] == '.' && (p == 0 || s[p - 1] == ' ' || s[p - 1] == '\n');
}

/* Whether the letter word t (the index's word at *wi) can start a figure,
 * told from the filter bits of the index where they decide it: a word that
 * is not a number word and is "a" or "an" before a word that is not one
 * either ("a man", "an hour") starts none. Any other word gets word_trigger,
 * which looks the words up. */
static bool letter_trigger(const fctx *c, const xc_tokens *words, size_t wi, const uint8_t *nw)
{
    const xc_token *t = &words->v[wi];
    size_t p = t->start, e = xc_token_end(t);
    if (nw && (t->flags & XC_TOKEN_ASCII_END) && !xc_lex_filter_has(nw, t->bit) &&
        (word_is(c, p, e, "a") || word_is(c, p, e, "an"))) {
        /* next_word of word_trigger: the word right after the spaces, which
         * the index holds when it starts with an ASCII letter; its bit
         * answers for the list when it ends before an ASCII byte */
        size_t q = xc_skip_spaces(c->s, c->len, e);
        const xc_token *u = wi + 1 < words->n ? &words->v[wi + 1] : NULL;
        if (q > e && u && u->start == q && !(u->flags & XC_TOKEN_DIGIT) &&
            (u->flags & XC_TOKEN_ASCII_END) && xc_token_end(u) - u->start <= 64)
            return xc_lex_filter_has(nw, u->bit) && word_trigger(c, words, wi);
    }
    return word_trigger(c, words, wi);
}

/* The rule cite-according-to of rs when it is a figures rule, else NULL:
 * found by name once per rule set and thread, not for every document. */
static const xc_rule *cite_rule(const xc_rules *rs)
{
    static _Thread_local struct {
        xc_rules_tie tie;
        const xc_rule *rule;
    } memo;
    if (!rs) return NULL;
    if (!xc_rules_retie(&memo.tie, rs)) return memo.rule;
    const xc_rule *r = xc_rules_find(rs, "cite-according-to");
    if (r && strcmp(xc_rule_kind(r), "figures")) r = NULL;
    memo.rule = r;
    return r;
}

/* The filters of the lists the extractor tests words against (NULL where
 * xc_lex_filter gives none), for c->rs, which is bound: asked of
 * xc_lex_filter once per rule set and thread, not for every document. */
static void lex_filters_bind(fctx *c)
{
    static _Thread_local struct {
        xc_rules_tie tie;
        lex_filters f;
        /* figure_starts, and its union with speech_verbs (has_union: both
         * lists are bound), as 64-bit words */
        bool has_starts, has_union;
        filter64 starts64, union64;
    } memo;
    const xc_rules *rs = c->rs;
    if (xc_rules_retie(&memo.tie, rs)) {
        memo.f.starts = xc_lex_filter(rs, "figure_starts");
        memo.f.currency = xc_lex_filter(rs, "currency_symbols");
        memo.f.stops = xc_lex_filter(rs, "figure_noun_stops");
        memo.f.number = xc_lex_filter(rs, "number_words");
        memo.f.verbs = xc_lex_filter(rs, "speech_verbs");
        memo.f.pronouns = xc_lex_filter(rs, "cite_pronouns");
        memo.f.weekday = xc_lex_filter(rs, "weekday");
        memo.f.month = xc_lex_filter(rs, "month");
        memo.f.skip_before = xc_lex_filter(rs, "figure_skip_before");
        memo.f.units = xc_lex_filter(rs, "units");
        memo.f.scales = xc_lex_filter(rs, "scales");
        memo.has_starts = memo.f.starts != NULL;
        memo.has_union = memo.f.starts && memo.f.verbs;
        if (memo.has_starts) filter64_from(&memo.starts64, memo.f.starts);
        if (memo.has_union) {
            filter64 verbs64;
            filter64_from(&verbs64, memo.f.verbs);
            for (size_t i = 0; i < XC_LEX_FILTER_BITS / 64; i++)
                memo.union64.w[i] = memo.starts64.w[i] | verbs64.w[i];
        }
    }
    c->starts64 = memo.has_starts ? &memo.starts64 : NULL;
    c->stops_union = memo.has_union ? &memo.union64 : NULL;
    c->lf = memo.f;
}

/* Whether the index's word t is one the walk over words no figure begins
 * with passes over: a word of ASCII letters up to an ASCII byte (its filter
 * bit is that of the whole word) of at most 64 letters (the filters'
 * longest) that the filter f rejects. */
static inline bool passed_over(const xc_token *t, const filter64 *f)
{
    unsigned bit = t->bit;
    return (t->flags & (XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END)) == XC_TOKEN_ASCII_END &&
           t->letters <= 64 && !(f->w[bit >> 6] >> (bit & 63) & 1);
}

/* passed_over for collect_stops, which asks it of every word of a
 * document, written for few instructions: the letters and the flags read
 * as one 16-bit number, which is XC_TOKEN_ASCII_END << 8 plus the letters
 * for a word of ASCII letters up to an ASCII byte (no other flag), so that
 * one compare tells such a word of at most 64 letters from every other (a
 * smaller number wraps around). It passes over no word passed_over keeps;
 * a word with a flag internal.h may add one day is kept, which costs
 * nothing but a test: every user of the stops tests each again. */
_Static_assert(offsetof(xc_token, flags) == offsetof(xc_token, letters) + 1,
               "a word's flags follow its letters");
static inline bool collect_passes_over(const xc_token *t, const filter64 *f)
{
    uint16_t lf;
    memcpy(&lf, (const char *)t + offsetof(xc_token, letters), 2);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    lf = __builtin_bswap16(lf);
#endif
    if ((unsigned)lf - ((unsigned)XC_TOKEN_ASCII_END << 8) > 64u) return false;
    unsigned bit = t->bit;
    return !(f->w[bit >> 6] >> (bit & 63) & 1);
}

typedef XC_VEC(uint32_t) stop_vec;

/* How many words an index may have for its stops to be written to the
 * array the extraction keeps on its stack (a news article has a few
 * hundred): no allocation, and no test of room, since a window has no more
 * stops than words. */
#define STOPS_HELD 2048

/* The index's words the extraction stops at, in order, in *stops (*n_stops
 * of them): every word but those passed_over rejects with the union of the
 * filters of the words a figure begins with and of the speech verbs
 * (c->stops_union; without it, with the filter of figure_starts alone;
 * without that, every word). One pass over the index before any figure is
 * read: the figures are then tried at the stops that are no passed-over
 * words for figure_starts, and the citation of a figure looks for its
 * speech verbs among the stops of its sentence (which goes on past the
 * figure) instead of walking over its words again. Most words are neither
 * and cost one bit test. The stops are written to held (STOPS_HELD
 * entries) when the index has no more words than that, else to *out, a
 * held-full at a time. Returns XC_OK or XC_ERR_NOMEM. */
static xc_status collect_stops(const fctx *c, const xc_tokens *words, uint32_t *held, stop_vec *out,
                               const uint32_t **stops, size_t *n_stops)
{
    const filter64 *f = c->stops_union ? c->stops_union : c->starts64;
    const xc_token *v = words->v;
    size_t n = words->n;
    /* word indices fit 32 bits: a word takes two bytes at least (a letter
     * or digit and the byte before the next one), and the text at most
     * XC_TOKENS_MAX_LEN. The walk is unrolled four times: most words
     * are passed over, and the loop's own count and test are a good part of
     * what each costs; held has room for every word it walks */
    out->n = 0;
    for (size_t from = 0; from < n; from += STOPS_HELD) {
        size_t to = n - from < STOPS_HELD ? n : from + STOPS_HELD, m = 0;
#pragma GCC unroll 4
        for (size_t k = from; k < to; k++) {
            if (f && collect_passes_over(&v[k], f)) continue;
            held[m++] = (uint32_t)k;
        }
        if (n <= STOPS_HELD) {
            *stops = held, *n_stops = m;
            return XC_OK;
        }
        if (!m) continue;
        if (xc_vec_reserve(out, out->n + m)) return XC_ERR_NOMEM;
        memcpy(out->v + out->n, held, m * sizeof *held);
        out->n += m;
    }
    *stops = out->v, *n_stops = out->n;
    return XC_OK;
}

/* The figures that start at the stops of a window's core, fold [from, to)
 * (see xc_word_window), words its index. *pp is where the last figure
 * left the walk, carried from one window to the next, and so are the
 * cursors and the citation of *cp. */
static xc_status extract_figures(fctx *c, const xc_tokens *words, size_t from, size_t to,
                                 size_t *pp)
{
    const char *s = c->s;
    size_t len = c->len, p = *pp;
    const uint8_t *starts = c->lf.starts, *nw = c->lf.number;
    const xc_token *v = words->v;
    /* every word start of the text after p that a figure may begin with,
     * and the decimal points that start a number (the byte before a digit
     * that starts a word): the stops in order, those that figure_starts
     * passes over left out */
    /* the stops of the core: [i, n_core) (all of a whole text's) */
    size_t i = 0, n_core = c->n_stops;
    while (i < n_core && v[c->stops[i]].start < from) i++;
    while (to != SIZE_MAX && n_core > i && v[c->stops[n_core - 1]].start >= to) n_core--;
    for (; i < n_core;) {
        size_t wi = c->stops[i];
        const xc_token *wd = &v[wi];
        /* a stop is left once p is past its start: a decimal point tried
         * before its digits that starts no number ("of .632.") leaves p at
         * the digits, which are tried next */
        if (wd->start < p || (starts && passed_over(wd, c->starts64))) {
            i++;
            continue;
        }
        /* the word before was passed over (it starts at or after p, and is
         * no stop that was tried, which would have moved p past it): the
         * walk over such words ends at the end of its letters */
        if (wi > 0 && v[wi - 1].start >= p) p = xc_token_end(&v[wi - 1]);
        *c->tok = wi; /* word_end_at reads the words around this one */
        c->stop_i = i;
        bool digit = wd->flags & XC_TOKEN_DIGIT;
        bool dot = digit && wd->start > p && dot_starts_number(s, wd->start - 1);
        p = dot ? wd->start - 1 : wd->start;
        xc_status st = XC_OK;
        size_t next;
        if (digit) {
            size_t e = dot ? 0 : digits_no_figure(c, words, wi);
            next = e ? e : figure_at(c, p, NULL, &st);
        } else {
            /* a word that ends before an ASCII byte passed the filter above:
             * its letters are the word xc_lex_maybe would test */
            bool known =
                starts && (wd->flags & XC_TOKEN_ASCII_END) && xc_token_end(wd) - wd->start <= 64;
            size_t we = known ? xc_token_end(wd) : xc_word_end(s, len, p);
            if ((known || xc_lex_maybe(c->rs, "figure_starts", s + p, we - p)) &&
                letter_trigger(c, words, wi, nw))
                next = figure_at(c, p, wd, &st);
            else
                next = we;
        }
        if (st == XC_ERR_NOMEM) return st;
        p = next > p ? next : p + 1;
    }
    *pp = p;
    return XC_OK;
}

xc_status xc_extract_figures(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    if (!doc->fold) return XC_OK;
    struct prev_memo prev = memo_empty, next = memo_empty;
    size_t tok = 0;
    struct currency_memo currency = {.pos = SIZE_MAX};
    xc_figure held[FIG_HELD];
    xc_range held_fold[FIG_HELD];
    fctx c = {.doc = doc,
              .held = held,
              .held_fold = held_fold,
              .rs = rules,
              .s = doc->fold,
              .len = doc->fold_len,
              .w = w,
              .prev = &prev,
              .next = &next,
              .tok = &tok,
              .currency = &currency};
    c.r_cite = cite_rule(rules);
    xc_lex_bind(rules);
    c.serial = rules ? xc_rules_serial(rules) : 0;
    c.plain_lim = xc_doc_plain_limit(doc);
    c.fold_plain = !doc->fold_map.runs.n;
    lex_filters_bind(&c);
    currency_ends_bind(rules);
    hedge_last_bind(rules);
    unit_heads_bind(rules);
    noun_memo_bind(rules);
    listed_memo_bind(rules);
    /* the word index a window at a time (a long text's is never whole) */
    xc_word_window ww = {0};
    stop_vec stops = {0};
    uint32_t stops_held[STOPS_HELD];
    bool more;
    size_t p = 0;
    xc_status st;
    while ((st = xc_word_window_next(doc, &ww, &more)) == XC_OK && more) {
        c.words = ww.words;
        c.win_lo = ww.lo, c.win_hi = ww.hi;
        tok = 0;
        /* the memos' words of the index are the last window's */
        prev = next = memo_empty;
        st = collect_stops(&c, ww.words, stops_held, &stops, &c.stops, &c.n_stops);
        if (st != XC_OK) break;
        st = extract_figures(&c, ww.words, ww.from, ww.to, &p);
        if (st != XC_OK) break;
    }
    /* the figures held, also those found before an error */
    if (figures_move(&c) != XC_OK) st = XC_ERR_NOMEM;
    xc_word_window_free(&ww);
    xc_vec_free(&stops);
    xc_lex_unbind();
    return st;
}

/* Numbers in JSON: integers as integers, infinite bounds as null, others
 * rounded to 12 significant digits, so that the noise of unit conversion
 * (0.30000000000000004) does not show; the rounded double is printed with
 * jansson's 17 digits (26.15 still prints as 26.149999999999999). */
static void num_write(xc_jw *w, const char *key, double v)
{
    if (isinf(v) || isnan(v)) {
        xc_jw_key(w, key);
        xc_jw_null(w);
        return;
    }
    /* a whole number or a half of fewer than 12 digits has nothing to round
     * (most values and bounds): the powers of ten are not needed */
    bool short_half = fabs(v) < 1e10 && v * 2 == floor(v * 2);
    if (v != 0 && fabs(v) < 9e15 && !short_half) {
        double scale = pow(10, 11 - floor(log10(fabs(v))));
        v = round(v * scale) / scale;
    }
    if (is_whole(v) && fabs(v) < 9e15) {
        xc_jw_int_member(w, key, (json_int_t)v); /* key and digits in one step */
        return;
    }
    xc_jw_key(w, key);
    xc_jw_real(w, v);
}

void xc_figure_write(xc_jw *w, const xc_doc *doc, size_t i)
{
    const xc_figure *f = &doc->figures.v[i];
    xc_jw_str_member(w, "text", f->text);
    num_write(w, "value", f->value);
    num_write(w, "low", f->low);
    num_write(w, "high", f->high);
    xc_jw_bool_member(w, "approximate", f->approximate);
    xc_jw_str_member(w, "unit", f->unit);
    xc_jw_str_member(w, "unit_text", f->unit_text);
    xc_jw_str_member(w, "dimension", f->dimension);
    xc_jw_str_member(w, "base_unit", f->base_unit);
    num_write(w, "base_low", f->base_low);
    num_write(w, "base_high", f->base_high);
    xc_jw_str_member(w, "noun", f->noun);
    xc_jw_str_member(w, "person", f->person);
    xc_jw_str_member(w, "cited", f->cited);
    xc_jw_span(w, doc, f->span);
    xc_jw_str_member(w, "number_text", f->number_text);
    xc_jw_int_member(w, "number_start", (json_int_t)f->number_span.start);
    xc_jw_int_member(w, "number_end", (json_int_t)f->number_span.end);
}
