/* segment.c — lines, paragraphs, sentences.
 *
 * Works on the fold text (quotes already '"' and '\'', spaces already ' ').
 * Paragraphs are separated by blank lines; a text or markdown document
 * without any blank line between its lines has one paragraph per line.
 * A sentence ends at . ! ? (and the closing quotes or brackets after it)
 * followed by white space and an upper-case letter, a digit, a quote or a
 * bracket, except after an abbreviation ("Dec.", "U.S.") or an initial
 * ("George W. Bush"). */
#include "internal.h"

#include <utf8proc.h>

/* Used when no rule set is given (or it has no `abbreviations` list), in
 * the order abbrev_cmp sorts them (ASCII lower case, byte by byte, a
 * prefix first), so that a word is looked up by binary search. */
static const char *const builtin_abbrevs[] = {
    "a.m.",   "Adm.",  "Ala.", "approx.", "Apr.",    "Ariz.", "Ark.",  "Aug.", "Ave.",  "Blvd.",
    "Calif.", "Capt.", "Co.",  "Col.",    "Colo.",   "Conn.", "Corp.", "D.C.", "Dec.",  "Det.",
    "Dr.",    "e.g.",  "etc.", "Feb.",    "Fla.",    "Fr.",   "Ft.",   "Ga.",  "Gen.",  "Gov.",
    "i.e.",   "Inc.",  "Jan.", "Jr.",     "Jul.",    "Jun.",  "Kan.",  "Ky.",  "La.",   "Lt.",
    "Ltd.",   "Maj.",  "Mar.", "Md.",     "Messrs.", "Mich.", "Minn.", "Mo.",  "Mont.", "Mr.",
    "Mrs.",   "Ms.",   "Mt.",  "Neb.",    "Nev.",    "No.",   "Nov.",  "Oct.", "Okla.", "p.m.",
    "Pa.",    "Prof.", "Rep.", "Rev.",    "Sen.",    "Sep.",  "Sept.", "Sgt.", "Sr.",   "St.",
    "Supt.",  "Tenn.", "U.K.", "U.N.",    "U.S.",    "Va.",   "vs.",   "Vt.",  "Wis.",  "Wyo.",
};

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* Compares s[0..n) with the abbreviation a, ignoring ASCII case: negative,
 * zero or positive as s sorts before, with or after a. */
static int abbrev_cmp(const char *s, size_t n, const char *a)
{
    for (size_t k = 0; k < n; k++) {
        unsigned char x = (unsigned char)lower(s[k]), y = (unsigned char)lower(a[k]);
        if (y == 0) return 1; /* a is a prefix of s */
        if (x != y) return x < y ? -1 : 1;
    }
    return a[n] ? -1 : 0;
}

/* Whether a built-in abbreviation has the first byte and the length of
 * s[0..n): a cheap test before the search, which most words that end a
 * sentence ("said.", "year.") fail. For each first byte (lower case), the
 * lengths of the built-in abbreviations that begin with it, a bit each (no
 * word tested is longer than twelve bytes: period_is_abbrev); built once
 * per thread. */
static bool builtin_may_have(const char *s, size_t n)
{
    static _Thread_local uint32_t lens[256];
    static _Thread_local bool built;
    if (!built) {
        for (size_t i = 0; i < sizeof builtin_abbrevs / sizeof *builtin_abbrevs; i++) {
            size_t len = strlen(builtin_abbrevs[i]);
            if (len < 32) lens[(unsigned char)lower(builtin_abbrevs[i][0])] |= (uint32_t)1 << len;
        }
        built = true;
    }
    return n < 32 && (lens[(unsigned char)lower(s[0])] >> n & 1);
}

static bool is_abbrev(const xc_list *list, const char *s, size_t n)
{
    if (list) return xc_list_find(list, s, n) != NULL;
    if (!builtin_may_have(s, n)) return false;
    size_t lo = 0, hi = sizeof builtin_abbrevs / sizeof *builtin_abbrevs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = abbrev_cmp(s, n, builtin_abbrevs[mid]);
        if (c == 0) return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

/* Whether a place kept by next_terminator is to be looked for again from
 * i: the scan is past it, or it was never looked for (SIZE_MAX, which the
 * + 1 wraps to 0). */
static inline bool passed(size_t at, size_t i)
{
    return at + 1 <= i;
}

/* The first '.', '!' or '?' in s[i..n), or n. Each of the three is found
 * with memchr up to `end` (the end of the text, past n) and kept in at[]
 * until the scan passes it: the caller asks with i growing through all the
 * paragraphs, having set at[] to SIZE_MAX (not looked for) before the first
 * call. at[0] is the next '.', at[1] the next '!', at[2] the next '?' and
 * at[3] the nearer of those two. '!' and '?' are rare, so most steps cost
 * one memchr for the next period and one comparison for the other two, and
 * a paragraph without any of the three costs none. */
static size_t next_terminator(const char *s, size_t i, size_t n, size_t end, size_t at[4])
{
    if (passed(at[0], i)) {
        const char *p = memchr(s + i, '.', end - i);
        at[0] = p ? (size_t)(p - s) : end;
    }
    if (passed(at[3], i)) {
        if (passed(at[1], i)) {
            const char *p = memchr(s + i, '!', end - i);
            at[1] = p ? (size_t)(p - s) : end;
        }
        if (passed(at[2], i)) {
            const char *p = memchr(s + i, '?', end - i);
            at[2] = p ? (size_t)(p - s) : end;
        }
        at[3] = at[1] < at[2] ? at[1] : at[2];
    }
    size_t first = at[0] < at[3] ? at[0] : at[3];
    return first < n ? first : n;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_space(char c)
{
    return is_blank(c) || c == '\n';
}

static bool is_upper_at(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) return c >= 'A' && c <= 'Z';
    int32_t cp;
    xc_utf8_decode(s, n, i, &cp);
    utf8proc_category_t cat = utf8proc_category(cp);
    return cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LT;
}

static bool is_closer(char c)
{
    return c == '"' || c == '\'' || c == ')' || c == ']';
}

/* Whether the '.' at s[dot] ends an abbreviation or an initial. The word
 * tested against the list is recorded in doc->seg_words with the list's
 * answer (*oom set when that fails): a word the list has is recorded end
 * first, {end, start}, any other as {start, end} (a word has two bytes at
 * least), so that same_answers need not ask the list again. */
static bool period_is_abbrev(xc_doc *doc, const xc_list *list, const char *s, size_t start,
                             size_t dot, int *oom)
{
    size_t w = dot;
    while (w > start && !is_space(s[w - 1]) && s[w - 1] != '"' && s[w - 1] != '(' &&
           s[w - 1] != '[')
        w--;
    size_t len = dot + 1 - w;
    if (len < 2 || len > 12) return false;
    bool listed = is_abbrev(list, s + w, len);
    xc_range r = listed ? (xc_range){dot + 1, w} : (xc_range){w, dot + 1};
    if (xc_vec_push(&doc->seg_words, r)) *oom = 1;
    if (listed) return true;
    /* Initials: "W." "J.R.R." (letters each followed by a period). */
    bool initials = true;
    for (size_t k = w; k <= dot && initials; k += 2)
        initials = k + 1 <= dot && s[k] >= 'A' && s[k] <= 'Z' && s[k + 1] == '.';
    return initials;
}

__attribute__((always_inline)) static inline int add_sentence(xc_doc *doc, size_t a, size_t b,
                                                              size_t para)
{
    while (a < b && is_space(doc->fold[a])) a++;
    while (b > a && is_space(doc->fold[b - 1])) b--;
    if (a >= b) return 0;
    return xc_vec_push(&doc->sents, ((xc_sentence){a, b, para}));
}

/* at[] is next_terminator's, shared by the paragraphs in order. */
static int split_sentences(xc_doc *doc, const xc_list *list, size_t para, size_t at[4])
{
    const char *s = doc->fold;
    size_t ps = doc->paras.v[para].start, pe = doc->paras.v[para].end;
    size_t start = ps;
    int oom = 0;
    for (size_t i = ps; (i = next_terminator(s, i, pe, doc->fold_len, at)) < pe; i++) {
        char c = s[i];
        size_t j = i;
        while (j < pe && (s[j] == '.' || s[j] == '!' || s[j] == '?')) j++;
        size_t k = j;
        while (k < pe && is_closer(s[k])) k++;
        if (k >= pe) break;
        if (!is_space(s[k])) {
            i = j - 1;
            continue;
        }
        size_t next = k;
        while (next < pe && is_space(s[next])) next++;
        if (next >= pe) break;
        char d = s[next];
        bool starts = is_upper_at(s, pe, next) || (d >= '0' && d <= '9') || d == '"' || d == '\'' ||
                      d == '(' || d == '[';
        if (!starts || (j - i == 1 && c == '.' && period_is_abbrev(doc, list, s, start, i, &oom))) {
            i = k - 1;
            continue;
        }
        if (add_sentence(doc, start, k, para)) return -1;
        start = next;
        i = next - 1;
    }
    if (oom) return -1;
    return add_sentence(doc, start, pe, para);
}

static int build_lines(xc_doc *doc)
{
    doc->lines.n = 0;
    if (xc_vec_push(&doc->lines, 0)) return -1;
    const char *s = doc->utf8;
    for (size_t i = 0; s && i < doc->utf8_len; i++)
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= doc->utf8_len || s[i + 1] != '\n')))
            if (xc_vec_push(&doc->lines, i + 1)) return -1;
    return 0;
}

__attribute__((always_inline)) static inline int add_para(xc_doc *doc, size_t a, size_t b)
{
    while (a < b && is_space(doc->fold[a])) a++;
    while (b > a && is_space(doc->fold[b - 1])) b--;
    if (a >= b) return 0;
    return xc_vec_push(&doc->paras, ((xc_range){a, b}));
}

/* The lines of the fold text one after the other: where each one's line
 * feed is. When the fold text is utf8 itself (plain ASCII text, the most
 * common document), doc->lines already holds its line starts, each one past
 * a line feed (or past a lone carriage return), so the end of a line is
 * read from the next start instead of searched for. The walk starts at 0,
 * the first start, and goes from each line to the next, so the line at i
 * is the one at starts[k]; each end is checked to be a line feed, and at
 * the first that is not, or at the last line, memchr takes over for the
 * rest of the text. */
typedef struct {
    const size_t *starts; /* doc->lines.v, or NULL: memchr */
    size_t ns, k;         /* how many; the index of the line that starts at i */
} line_walk;

static line_walk line_walk_init(const xc_doc *doc)
{
    bool known = doc->fold == doc->utf8 && doc->fold_len == doc->utf8_len && doc->lines.n &&
                 doc->lines.v[0] == 0;
    return (line_walk){known ? doc->lines.v : NULL, known ? doc->lines.n : 0, 0};
}

/* The line feed that ends the line of s[0..n) starting at i, or NULL when
 * there is none before the end. */
static inline const char *line_walk_next(line_walk *lw, const char *s, size_t n, size_t i)
{
    if (lw->starts && lw->k + 1 < lw->ns) {
        size_t e = lw->starts[lw->k + 1] - 1;
        if (e >= i && e < n && s[e] == '\n') {
            lw->k++;
            return s + e;
        }
    }
    lw->starts = NULL;
    return memchr(s + i, '\n', n - i);
}

/* Paragraphs: blank lines separate them, or every line is one. A text or
 * markdown document is split a line at a time, and only when a blank line
 * turns out to have text both before and after it is it split again at
 * blank lines: a document without one (most plain text) is read once. */
static xc_status split_paragraphs(xc_doc *doc)
{
    const char *s = doc->fold;
    size_t n = doc->fold_len;
    /* a paragraph per line at most, for most documents */
    if (xc_vec_reserve_exact(&doc->paras, doc->lines.n + 1)) return XC_ERR_NOMEM;
    if (doc->format != XC_FORMAT_HTML) {
        bool text_before = false, blank_after_text = false;
        line_walk lw = line_walk_init(doc);
        for (size_t i = 0; i < n;) {
            const char *nl = line_walk_next(&lw, s, n, i);
            size_t e = nl ? (size_t)(nl - s) : n, a = i;
            while (a < e && is_blank(s[a])) a++;
            if (a < e) { /* a line with text */
                if (blank_after_text) goto by_blank_lines;
                if (add_para(doc, a, e)) return XC_ERR_NOMEM;
                text_before = true;
            } else if (nl && text_before) { /* a blank line (ended by a newline) */
                blank_after_text = true;
            }
            i = e + 1;
        }
        return XC_OK;
    by_blank_lines:
        doc->paras.n = 0;
    }
    line_walk lw = line_walk_init(doc);
    size_t start = 0, i = 0;
    while (i < n) {
        const char *nl = line_walk_next(&lw, s, n, i);
        size_t e = nl ? (size_t)(nl - s) : n;
        size_t k = i;
        while (k < e && is_blank(s[k])) k++;
        if (k == e) { /* a blank line ends the paragraph before it */
            if (add_para(doc, start, i)) return XC_ERR_NOMEM;
            start = e + 1;
        }
        i = e + 1;
    }
    if (start < n && add_para(doc, start, n)) return XC_ERR_NOMEM;
    return XC_OK;
}

/* Whether list says of every word the last split tested what the built-in
 * list said, the last split being one with the built-in list (its answers
 * are recorded with the words: see period_is_abbrev). */
static bool same_answers(const xc_doc *doc, const xc_list *list)
{
    for (size_t i = 0; i < doc->seg_words.n; i++) {
        const xc_range *r = &doc->seg_words.v[i];
        bool listed = r->start > r->end;
        size_t w = listed ? r->end : r->start, len = listed ? r->start - w : r->end - w;
        if (listed != is_abbrev(list, doc->fold + w, len)) return false;
    }
    return true;
}

xc_status xc_segment(xc_doc *doc, const xc_rules *rules)
{
    /* the rule set's list (NULL when it has none, or an empty one), looked
     * up once per thread and rule set; loading, which segments with no
     * rule set, leaves it as it is */
    static _Thread_local struct {
        xc_rules_tie tie;
        const xc_list *list;
    } ab;
    if (rules && xc_rules_retie(&ab.tie, rules)) {
        ab.list = xc_rules_list(rules, "abbreviations");
        if (ab.list && xc_list_size(ab.list) == 0) ab.list = NULL;
    }
    const xc_list *list = rules ? ab.list : NULL;
    uint64_t abbrevs = list ? xc_rules_serial(rules) : 0;
    /* Loading segments with the built-in list and extraction again with the
     * rule set's: paragraphs do not depend on it, and sentences only when the
     * list is another one. */
    bool paras_done = doc->segmented;
    if (paras_done && doc->seg_abbrevs == abbrevs) return XC_OK;
    if (paras_done && doc->seg_abbrevs == 0 && same_answers(doc, list)) {
        doc->seg_abbrevs = abbrevs;
        return XC_OK;
    }
    doc->segmented = false;
    doc->sents.n = 0;
    doc->seg_words.n = 0;
    if (!paras_done) {
        doc->paras.n = 0;
        doc->tokens_ok = false; /* the fold text may be another one */
    }
    if (doc->lines.n == 0 && build_lines(doc)) return XC_ERR_NOMEM;
    if (!doc->fold || !doc->fold_len) {
        doc->paras.n = 0;
        goto done;
    }
    if (!paras_done) {
        if (split_paragraphs(doc) != XC_OK) return XC_ERR_NOMEM;
        xc_vec_shrink(&doc->paras); /* a paragraph of many lines leaves room */
    }
    /* about one sentence in a hundred bytes of news text */
    if (xc_vec_reserve_exact(&doc->sents, doc->paras.n + doc->fold_len / 128)) return XC_ERR_NOMEM;
    size_t at[4] = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX};
    for (size_t p = 0; p < doc->paras.n; p++)
        if (split_sentences(doc, list, p, at)) return XC_ERR_NOMEM;
    xc_vec_shrink(&doc->sents);
done:
    doc->segmented = true;
    doc->seg_abbrevs = abbrevs;
    return XC_OK;
}

/* ------------------------------------------------------------ word index */

#define ONES  0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* Byte classes for the scan: 1 an ASCII digit, 2 an ASCII letter, 4 a byte
 * of a code point past ASCII, 0 any other byte. */
enum { B_DIGIT = 1, B_LETTER = 2, B_ALNUM = 3, B_HIGH = 4 };
static const unsigned char byte_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0,
    0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
};

static unsigned bclass(const char *s, size_t p)
{
    return byte_class[(unsigned char)s[p]];
}

/* End of the ASCII letters and digits from p. */
static size_t alnum_end(const char *s, size_t len, size_t p)
{
    while (p < len && bclass(s, p) & B_ALNUM) p++;
    return p;
}

/* The high bit of each byte of x that is no ASCII letter, lc being x with
 * 0x20 set in every byte (A-Z made lower case): xc_lex_filter_run's letter
 * test without its masking of bytes past ASCII. Only the lowest flagged
 * byte is exact, which is all the scan reads: a byte past ASCII may carry
 * into the byte above it, but every byte below the lowest flagged one is a
 * letter, and a letter carries nowhere. */
static inline uint64_t non_letters(uint64_t x, uint64_t lc)
{
    return (~(lc + 0x1F * ONES) | (lc + 0x05 * ONES) | x) & HIGHS;
}

/* The words that start from s[p] (a word start, an ASCII letter) up to lim,
 * the first code point past ASCII or the first word of sixteen letters or
 * more: their tokens go to *tp on, which is moved past them. p is before
 * lim, lim at least sixteen bytes before the end of the text, and *tp has
 * room for a word in every two bytes from p to lim (a word takes two at
 * least: its first and the boundary after it). Returns where the scan goes
 * on: a word start (p itself when the word there has sixteen letters or
 * more), a code point past ASCII, or a byte after a boundary.
 * One load of the eight bytes at a word's start gives its letters (most
 * words have fewer than eight, and a second load holds nearly all the
 * others), their filter bit and the byte after them; when that byte is one
 * no word holds, the next word starts at the first letter or digit after it
 * (most often the next byte: a single space or mark between two words, as
 * between most words of news text). */
__attribute__((noinline)) static size_t letter_run(const char *s, size_t len, size_t p, size_t lim,
                                                   xc_token **tp)
{
    xc_token *t = *tp;
    for (;;) {
        uint64_t x = xc_load_le64(s + p), lc = x | 0x20 * ONES, nl = non_letters(x, lc);
        size_t e;
        if (nl) {
            unsigned tz = (unsigned)__builtin_ctzll(nl); /* 8 * letters + 7 */
            e = p + (tz >> 3);
            t->start = (uint32_t)p;
            t->bit = (uint16_t)xc_lex_hash_bit((lc & (nl ^ (nl - 1)) >> 8) * XC_LEX_HASH_MUL);
            t->letters = (uint8_t)(tz >> 3);
            t->flags = XC_TOKEN_ASCII_END;
        } else {
            /* eight letters or more */
            uint64_t h = lc * XC_LEX_HASH_MUL;
            x = xc_load_le64(s + p + 8), lc = x | 0x20 * ONES, nl = non_letters(x, lc);
            if (nl) {
                unsigned tz = (unsigned)__builtin_ctzll(nl);
                if (tz > 7) h = (h ^ (lc & (nl ^ (nl - 1)) >> 8)) * XC_LEX_HASH_MUL;
                e = p + 8 + (tz >> 3);
                t->start = (uint32_t)p;
                t->bit = (uint16_t)xc_lex_hash_bit(h);
                t->letters = (uint8_t)(8 + (tz >> 3));
                t->flags = XC_TOKEN_ASCII_END;
            } else {
                break; /* sixteen letters or more: the byte-by-byte path */
            }
        }
        t++;
        unsigned k = bclass(s, e);
        p = e + 1;
        /* most often a single byte no word holds, then the next word */
        if (k == 0 && p < lim && bclass(s, p) == B_LETTER) continue;
        if (k != 0) {
            if (k == B_HIGH) {
                t[-1].flags = 0;
                p = e;
                break;
            }
            p = alnum_end(s, len, p); /* digits go on with the word */
            goto after_digits;
        }
        /* s[p - 1] is a byte no word holds: the next word starts at the
         * first letter or digit from p on */
        for (;;) {
            if (p >= lim) goto out;
            k = bclass(s, p);
            if (k == B_LETTER) break;
            if (k == B_DIGIT) {
                /* no letters: its end is its start, a digit, ASCII */
                *t++ =
                    (xc_token){.start = (uint32_t)p, .flags = XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END};
                p = alnum_end(s, len, p + 1);
            after_digits:
                if (p >= len || bclass(s, p) != 0) goto out;
            } else if (k != 0) {
                goto out; /* a code point past ASCII */
            }
            p++;
        }
    }
out:
    *tp = t;
    return p;
}

xc_status xc_tokens_scan(const char *s, size_t len, xc_tokens *w)
{
    return xc_tokens_scan_from(s, 0, len, w);
}

/* The scan goes from word start to word start. Runs of ASCII text (all
 * but the last sixteen bytes of the text) are read by letter_run, a word
 * at a time; code points past ASCII, words of sixteen letters or more and
 * the end of the text take the byte-by-byte path below. */
xc_status xc_tokens_scan_from(const char *s, size_t from, size_t len, xc_tokens *w)
{
    w->n = 0;
    if (len > XC_TOKENS_MAX_LEN) return XC_ERR_LIMIT;
    if (from > len) from = len;
    /* about one word in six bytes of English text, rarely more than one in
     * four: most documents need no second allocation, and a long one gives
     * back what it did not use */
    if (xc_vec_reserve_exact(w, (len - from) / 4 + 16)) return XC_ERR_NOMEM;
    /* The vector's fields live in locals through the loop (written back at
     * the end), so that adding a word costs no loads and stores of them. */
    xc_token *v = w->v;
    size_t n = 0, cap = w->cap, p = from;
    /* letter_run reads up to sixteen bytes from a word start before
     * fast_end: a word's first two loads, which hold the byte after its
     * letters too */
    size_t fast_end = len > 16 ? len - 16 : 0;
    for (;;) {
        /* p is from or follows a byte no word holds: the next word start */
        unsigned k;
        for (;;) {
            if (p >= len) goto done;
            k = bclass(s, p);
            if (k & B_ALNUM) break;
            if (k == 0) {
                p++;
                continue;
            }
            /* a code point past ASCII: an ASCII letter or digit right after
             * it starts a word only when it is no letter or digit itself */
            size_t q = p + 1;
            while (q < len && ((unsigned char)s[q] & 0xC0) == 0x80) q++;
            if (q < len && bclass(s, q) & B_ALNUM && !xc_word_boundary_before(s, q))
                q = alnum_end(s, len, q);
            p = q;
        }
        if (k == B_LETTER && p < fast_end && n < cap) {
            /* the words from p on; a word takes two bytes at least (its
             * first and the boundary after it), so that the room left holds
             * every word that starts before lim */
            size_t room = cap - n;
            size_t lim = room > (fast_end - p) / 2 ? fast_end : p + 2 * room - 1;
            xc_token *t = v + n;
            size_t q = letter_run(s, len, p, lim, &t);
            n = (size_t)(t - v);
            if (q != p) {
                p = q;
                continue;
            }
            /* a word of sixteen letters or more at p */
        }
        /* one word: a number after a code point past ASCII, a word near the
         * end of the text, a long one, or the first word past the room
         * reserved */
        if (n == cap) {
            w->n = n;
            if (xc_vec_reserve(w, n + 1)) {
                w->n = 0;
                return XC_ERR_NOMEM;
            }
            v = w->v;
            cap = w->cap;
        }
        xc_token *t = &v[n++];
        if (k == B_DIGIT) {
            /* no letters: its end is its start, a digit, ASCII */
            *t = (xc_token){.start = (uint32_t)p, .flags = XC_TOKEN_DIGIT | XC_TOKEN_ASCII_END};
            p = alnum_end(s, len, p + 1);
            continue;
        }
        unsigned bit;
        size_t e = xc_lex_filter_run(s, len, p, &bit);
        bool long_run = e - p > XC_TOKEN_MAX_LETTERS;
        t->start = (uint32_t)p;
        t->letters = (uint8_t)(long_run ? XC_TOKEN_MAX_LETTERS : e - p);
        t->bit = (uint16_t)bit;
        if (e >= len) {
            t->flags = long_run ? 0 : XC_TOKEN_ASCII_END;
            break;
        }
        unsigned after = bclass(s, e);
        t->flags = after == B_HIGH || long_run ? 0 : XC_TOKEN_ASCII_END;
        /* past the byte after the letters when it is one no word holds (it
         * is then no word start either), past the digits that continue the
         * word, or to it when it is past ASCII */
        if (after == 0)
            p = e + 1;
        else if (after == B_DIGIT)
            p = alnum_end(s, len, e + 1);
        else
            p = e;
    }
done:
    w->n = n;
    xc_vec_shrink(w); /* text of long words needs fewer than reserved */
    return XC_OK;
}

xc_status xc_doc_tokens(xc_doc *doc, const xc_tokens **out)
{
    *out = NULL;
    /* before segmentation the fold text may have changed since the scan */
    if (!doc->tokens_ok || !doc->segmented) {
        doc->tokens_ok = false;
        xc_status st = xc_tokens_scan(doc->fold, doc->fold ? doc->fold_len : 0, &doc->tokens);
        if (st != XC_OK) return st;
        doc->tokens_ok = true;
    }
    *out = &doc->tokens;
    return XC_OK;
}

/* ------------------------------------------------ word index windows */

static size_t window_bytes(const xc_doc *doc)
{
    return doc->word_window ? doc->word_window : XC_WORD_WINDOW;
}

/* A text longer than four windows is indexed a window at a time. */
bool xc_word_window_whole(const xc_doc *doc)
{
    size_t wb = window_bytes(doc);
    return !doc->fold || doc->paras.n < 2 || doc->fold_len / 4 <= wb;
}

xc_status xc_word_window_next(xc_doc *doc, xc_word_window *ww, bool *more)
{
    *more = false;
    if (ww->done) return XC_OK;
    if (xc_word_window_whole(doc)) {
        ww->done = true;
        xc_status st = xc_doc_tokens(doc, &ww->words);
        if (st != XC_OK) return st;
        ww->from = 0, ww->to = SIZE_MAX;
        ww->lo = 0, ww->hi = doc->fold_len;
        *more = true;
        return XC_OK;
    }
    const xc_range *pr = doc->paras.v;
    size_t np = doc->paras.n, pa = ww->para; /* pa < np: done is set at the last core */
    size_t wb = window_bytes(doc), margin = wb / 16;
    /* the core: whole paragraphs from pa, wb bytes of them at least (or to
     * the end) */
    size_t pb = pa + 1;
    while (pb < np && pr[pb - 1].end - pr[pa].start < wb) pb++;
    /* one paragraph before and after it at least, margin bytes of them
     * where paragraphs are short */
    size_t pm = pa;
    if (pm > 0) pm--;
    while (pm > 0 && pr[pa].start - pr[pm].start < margin) pm--;
    size_t pq = pb; /* one past the last paragraph covered */
    if (pq < np) pq++;
    while (pq < np && pr[pq - 1].end - pr[pb - 1].end < margin) pq++;
    ww->from = pa == 0 ? 0 : pr[pa].start;
    ww->to = pb < np ? pr[pb].start : SIZE_MAX;
    ww->lo = pa == 0 ? 0 : pr[pm].start;
    ww->hi = pq < np ? pr[pq - 1].end : doc->fold_len;
    ww->para = pb;
    if (pb >= np) ww->done = true;
    xc_status st = xc_tokens_scan_from(doc->fold, ww->lo, ww->hi, &ww->own);
    if (st != XC_OK) return st;
    ww->words = &ww->own;
    *more = true;
    return XC_OK;
}

void xc_word_window_free(xc_word_window *ww)
{
    xc_vec_free(&ww->own);
    ww->words = NULL;
}
