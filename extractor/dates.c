/* dates.c — the dates extractor: absolute and partial dates ("Dec. 12, 2012",
 * "January 1951", "the early 1980s", "2014-04-13", "13 April 2014", "on
 * 9/11"), dates relative to the document date ("last week", "on Tuesday",
 * "earlier this month", "the day after tomorrow", "this weekend", "in two
 * weeks"), holidays ("Christmas", "Thanksgiving 2013"), parts of periods
 * ("the end of the year", "the first half of 2016", "mid-2008"), and ranges
 * ("from May 5 to May 10", "between 2010 and 2015", "from March to May"),
 * normalized to ISO 8601 / TIMEX3 values: a day "2014-04-13", a month
 * "2014-04", a year "2014", a decade "198X", an ISO week "2014-W16", a
 * weekend "2014-W16-WE", a range "(start,end,duration)" whose end is where
 * the last named period begins, "XXXX" for what the text leaves unsaid when
 * there is no document date. Runs before the figures extractor, which skips
 * every span taken here.
 *
 * One pass over the matching view: only token starts are looked at, and
 * only those that begin with a digit or with a word that one of the word
 * filters (months, weekdays, number words, relative-date words, the words
 * of holidays and phrases) may hold; one hash per word serves every filter. */
#include "internal.h"

#include <stdio.h>

typedef struct {
    xc_doc *doc;
    const xc_rules *rs;
    const char *s;
    size_t len;
    bool has_ref;
    int ry, rm, rd; /* the document date */
    long rdays;
    /* date shapes from the rule files (NULL when the rule set has none) */
    xc_worker *w;
    const xc_rule *r_iso, *r_mdy, *r_dmy;
    /* the numbers of their named groups (shape_groups) */
    struct shape_groups {
        int year, month, day; /* -1: the rule has no such group */
    } g_iso, g_mdy, g_dmy;
    uint64_t serial;       /* xc_rules_serial of rs (0 without one) */
    struct num_memo *memo; /* the last number read (several matchers try the same token) */
    const uint8_t *extra;  /* filter of extra_start_words */
    /* the bound lists' filters (NULL: not bound, every word may be in them) */
    const uint8_t *f_starts, *f_month, *f_weekday, *f_numw;
    const uint8_t *f_scales; /* the "scales" list's ("bn", "k") */
    /* any_filter(): a byte of A_* flags per filter bit (NULL when f_starts
     * is) */
    const uint8_t *f_any;
    struct bit_memo *bits;
    struct wend_memo *ends;
    struct unit_memo *units;
    struct ord_memo *ords;
    struct modifier_last *mod_last;
    const struct kw_slot *kw; /* kw_table() */
    const uint8_t *unitf;     /* unit_filter() */
    const uint8_t *num_next;  /* num_next_filter() when f_any is not NULL */
    const struct article_bits *ab;
    /* the current window's word index (NULL when there is none) and the
     * entry of the word extract_dates is at */
    const xc_tokens *words;
    size_t wi;
} dctx;

/* The answer of unit_soon for the last position asked about. */
struct unit_memo {
    size_t pos; /* SIZE_MAX when empty */
    bool soon;
    size_t unit_end; /* when soon: the end of the first unit word the scan met */
};

/* The answer of ordinal_after for the last position asked about. */
struct ord_memo {
    size_t pos; /* SIZE_MAX when empty */
    unsigned next;
};

/* The ends of the words read last: the matchers tried at one position read
 * the same few words, each is scanned once. Slot i holds a position p with
 * p % WEND_SLOTS == i. */
#define WEND_SLOTS 16
struct wend_memo {
    size_t pos[WEND_SLOTS]; /* SIZE_MAX when empty */
    size_t end[WEND_SLOTS];
};

/* The word index's entry for the word that starts at q, when it is one of
 * the first few from the current word's on (the matchers read the words
 * right after it) and a word of ASCII letters with an ASCII byte, or the
 * end of the text, after them: the word starts after a boundary, its
 * letters end at xc_token_end (where xc_word_end ends them) and its filter
 * bit is the one xc_lex_filter_run gives them. NULL otherwise: the word is
 * read from the text. */
static inline const xc_token *indexed_at(const dctx *c, size_t q)
{
    if (!c->words) return NULL;
    const xc_token *t = c->words->v + c->wi, *end = c->words->v + c->words->n;
    for (int k = 0; k < 4 && t < end && t->start <= q; k++, t++)
        if (t->start == q) return t->flags == XC_TOKEN_ASCII_END ? t : NULL;
    return NULL;
}

/* wend when the memo does not have p: reads the word and keeps its end. */
__attribute__((noinline)) static size_t wend_read(const dctx *c, size_t p)
{
    const xc_token *t = indexed_at(c, p);
    size_t e = t ? xc_token_end(t) : xc_word_end(c->s, c->len, p);
    struct wend_memo *wm = c->ends;
    wm->pos[p % WEND_SLOTS] = p, wm->end[p % WEND_SLOTS] = e;
    return e;
}

/* xc_word_end at p, through the memo. The memo answers most calls (the
 * matchers at one position read the same few words): that answer is
 * inline, a call costs more than it. */
static inline size_t wend(const dctx *c, size_t p)
{
    const struct wend_memo *wm = c->ends;
    size_t i = p % WEND_SLOTS;
    return wm->pos[i] == p ? wm->end[i] : wend_read(c, p);
}

/* The filter bit of the last word tested (several filters test one word). */
struct bit_memo {
    const char *w; /* NULL when empty */
    size_t n;
    int bit; /* -1: not an ASCII word, no filter applies */
};

/* False when the word w[0..n) is certainly not in the list of filter f. */
static bool maybe_in(const dctx *c, const uint8_t *f, const char *w, size_t n)
{
    if (!f || !n || n > 64) return true;
    struct bit_memo *bm = c->bits;
    if (bm->w != w || bm->n != n) {
        unsigned run_bit;
        int bit;
        if (xc_lex_filter_run(w, n, 0, &run_bit) == n) {
            bit = (int)run_bit; /* ASCII letters only, the common case: one pass */
        } else {
            bit = 0;
            for (size_t i = 0; i < n && bit == 0; i++) {
                unsigned char x = (unsigned char)w[i];
                if (x >= 0x80 || x == ' ' || (x >= '\t' && x <= '\r')) bit = -1;
            }
            if (bit == 0) bit = (int)xc_lex_filter_bit(w, n);
        }
        bm->w = w, bm->n = n, bm->bit = bit;
    }
    return bm->bit < 0 || (f[bm->bit >> 3] >> (bm->bit & 7) & 1u);
}

struct num_memo {
    size_t pos; /* SIZE_MAX when empty */
    bool ok;
    xc_num n;
};

/* xc_num_parse at p, remembered for the next matcher at the same p. */
static bool num_at(const dctx *c, size_t p, xc_num *n)
{
    struct num_memo *mm = c->memo;
    if (mm && mm->pos == p) {
        *n = mm->n;
        return mm->ok;
    }
    bool ok = xc_num_parse(c->rs, c->s, c->len, p, n);
    if (mm) mm->pos = p, mm->ok = ok, mm->n = *n;
    return ok;
}

typedef struct {
    size_t start, end;
    int y, m, d; /* 0 when not stated */
    int weekday; /* 1..7 (Monday..Sunday) named in the text, or 0 */
    size_t wd_start, wd_end;
    bool relative;   /* year or whole date taken from the document date */
    bool part;       /* a part of a period: "end of the year" */
    bool invalid;    /* a day the month does not have ("Feb. 30"): kept as written */
    char value[128]; /* set directly for decades, weeks, ranges, offsets */
} dmatch;

/* Clears a match (the value buffer only by its first byte: it is always
 * written (val_* or snprintf) before it is read). */
static void dm_reset(dmatch *m)
{
    m->start = m->end = 0;
    m->y = m->m = m->d = 0;
    m->weekday = 0;
    m->wd_start = m->wd_end = 0;
    m->relative = false;
    m->part = false;
    m->invalid = false;
    m->value[0] = '\0';
}

/* The values of points in time, written without printf: put_num writes v
 * as "%0*ld" does (the width counts the sign); each val_* writes a whole
 * value and its terminating NUL. */
static char *put_num(char *o, long v, int width)
{
    /* the common case, a year, month or day that fills the width: its
     * digits from the last, no reversal */
    static const long limit[5] = {1, 10, 100, 1000, 10000};
    if (width >= 1 && width <= 4 && v >= 0 && v < limit[width]) {
        for (int i = width - 1; i >= 0; i--) o[i] = (char)('0' + v % 10), v /= 10;
        return o + width;
    }
    char tmp[24];
    int k = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) *o++ = '-', width--;
    for (; width > k; width--) *o++ = '0';
    while (k) *o++ = tmp[--k];
    return o;
}

static char *put_str(char *o, const char *x)
{
    while (*x) *o++ = *x++;
    return o;
}

/* "%04d-%02d-%02d", or with has_y false "XXXX-%02d-%02d" */
static void val_day(char *v, bool has_y, long y, long m, long d)
{
    char *o = has_y ? put_num(v, y, 4) : put_str(v, "XXXX");
    *o++ = '-';
    o = put_num(o, m, 2);
    *o++ = '-';
    o = put_num(o, d, 2);
    *o = '\0';
}

/* "%04d-%02d", or with has_y false "XXXX-%02d" */
static void val_month(char *v, bool has_y, long y, long m)
{
    char *o = has_y ? put_num(v, y, 4) : put_str(v, "XXXX");
    *o++ = '-';
    o = put_num(o, m, 2);
    *o = '\0';
}

static void val_year(char *v, long y)
{
    *put_num(v, y, 4) = '\0';
}

/* "XXXX-WXX-%d": weekday wd (1..7) of a week the text does not name */
static void val_weekday(char *v, int wd)
{
    *put_num(put_str(v, "XXXX-WXX-"), wd, 1) = '\0';
}

/* A decade, "%03dX" of y / 10 ("198X"), or with century a century, "%02dXX"
 * of y / 100 ("19XX") */
static void val_decade(char *v, long y, bool century)
{
    char *o = century ? put_num(v, y / 100, 2) : put_num(v, y / 10, 3);
    *put_str(o, century ? "XX" : "X") = '\0';
}

/* xc_ieq_ascii against a string literal: words of another length are told
 * apart without reading them. */
#define IEQ(a, n, lit) ieq_lit((a), (n), (lit), sizeof(lit) - 1)
static inline bool ieq_lit(const char *a, size_t n, const char *lit, size_t litn)
{
    return n == litn && xc_ieq_ascii(a, n, lit);
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}

/* xc_prev_word, with the common case inline: ASCII letters before spaces
 * and tabs are read here; a word with other letters goes to xc_prev_word. */
static size_t prev_word(const char *s, size_t pos, size_t *wend)
{
    size_t q = pos;
    while (q > 0 && (s[q - 1] == ' ' || s[q - 1] == '\t')) q--;
    size_t e = q;
    while (q > 0 && (unsigned)((s[q - 1] | 0x20) - 'a') < 26u) q--;
    if (q > 0 && (unsigned char)s[q - 1] >= 0x80) return xc_prev_word(s, pos, wend);
    if (q == e) return SIZE_MAX;
    if (wend) *wend = e;
    return q;
}

/* Reads an unsigned integer of 1..maxd digits at *p not followed by a digit. */
static bool read_int(const char *s, size_t len, size_t *p, size_t maxd, int *out)
{
    size_t i = *p, n = 0;
    int v = 0;
    while (i < len && is_digit(s[i]) && n < maxd + 1) v = v * 10 + (s[i++] - '0'), n++;
    if (n == 0 || n > maxd) return false;
    *out = v;
    *p = i;
    return true;
}

/* Whether s[p..p+n) are all ASCII digits. */
static bool digits_at(const char *s, size_t p, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!is_digit(s[p + k])) return false;
    return true;
}

static int two_digits(const char *s)
{
    return (s[0] - '0') * 10 + (s[1] - '0');
}

static int days_in_month(int y, int m)
{
    static const int dm[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12) return 0; /* no such month: no day fits */
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) return 29;
    return dm[m - 1];
}

/* 1 = Monday .. 7 = Sunday */
static int weekday_of(long days)
{
    long w = (days + 3) % 7;
    if (w < 0) w += 7;
    return (int)w + 1;
}

/* Rule r anchored at p: 1 (match, *mm filled), 0 (no match), -1 (no such
 * rule, or it stopped at a limit: the caller reads the text itself). */
static int rule_at(const dctx *c, const xc_rule *r, size_t p, xc_match *mm)
{
    if (!r || !c->w) return -1;
    int rc = xc_rule_match_at(c->w, r, c->s, c->len, p, XC_MATCH_ANCHORED, mm);
    return rc == 1 ? 1 : rc == 0 ? 0 : -1;
}

/* The digits of capture group n as a number (0 when n is -1 or the group
 * did not take part). */
static int group_int(const dctx *c, const xc_match *mm, int n)
{
    int v = 0;
    size_t a, b;
    if (!xc_match_group(mm, n, &a, &b)) return 0;
    for (size_t i = a; i < b && i < a + 6; i++)
        if (c->s[i] >= '0' && c->s[i] <= '9') v = v * 10 + (c->s[i] - '0');
    return v;
}

/* The numbers of the named groups of a date shape's rule (r may be NULL). */
static struct shape_groups shape_groups_of(const xc_rule *r)
{
    struct shape_groups g = {xc_rule_group(r, "year"), xc_rule_group(r, "month"),
                             xc_rule_group(r, "day")};
    return g;
}

static const xc_rule *dates_rule(const xc_rules *rs, const char *id)
{
    const xc_rule *r = rs ? xc_rules_find(rs, id) : NULL;
    return r && !strcmp(xc_rule_kind(r), "dates") ? r : NULL;
}

static int lex_int_lookup(const dctx *c, const char *list, size_t a, size_t b)
{
    const char *v = xc_lex(c->rs, list, c->s + a, b - a, "value");
    return v ? atoi(v) : 0;
}

/* lex_int's answers for the last words asked about, per thread: a text
 * names the same few months and weekdays again and again, and each answer
 * is a list lookup. An entry holds the word's bytes as written, zero
 * bytes after them (two 64-bit words, compared at once), the list (one of
 * two string literals, told apart by address) and the serial of the rule
 * set it came from (serials are never reused). */
#define LEXI_SLOTS 64
#define LEXI_WORD  12
static _Thread_local struct lexi_entry {
    uint64_t serial;
    const char *list;
    unsigned char n; /* 0: empty */
    uint64_t w[2];
    int value;
} lexi_memo[LEXI_SLOTS];

/* The "value" of the word s[a..b) in list (an integer), 0 when it has none. */
static int lex_int(const dctx *c, const char *list, size_t a, size_t b)
{
    size_t n = b - a;
    if (n == 0 || n > LEXI_WORD) return lex_int_lookup(c, list, a, b);
    /* the word's bytes, zero bytes after them: two loads where sixteen
     * bytes can be read from a (most words of a text), else a copy */
    uint64_t w0, w1;
    if (a + 16 <= c->len) {
        w0 = xc_load_le64(c->s + a), w1 = xc_load_le64(c->s + a + 8);
    } else {
        char buf[16] = {0};
        memcpy(buf, c->s + a, n);
        w0 = xc_load_le64(buf), w1 = xc_load_le64(buf + 8);
    }
    w0 &= n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << 8 * n) - 1;
    w1 &= n <= 8 ? 0 : ((uint64_t)1 << 8 * (n - 8)) - 1; /* n <= LEXI_WORD < 16 */
    uint64_t h = (w0 ^ w1 * 0x9E3779B97F4A7C15u) * 0xD6E8FEB86659FD93u;
    struct lexi_entry *e = &lexi_memo[(h >> 58) & (LEXI_SLOTS - 1)];
    if (e->n != n || e->w[0] != w0 || e->w[1] != w1 || e->list != list || e->serial != c->serial) {
        e->value = lex_int_lookup(c, list, a, b);
        e->serial = c->serial, e->list = list, e->n = (unsigned char)n;
        e->w[0] = w0, e->w[1] = w1;
    }
    return e->value;
}

/* A month name at p, any case; abbreviations take an optional period.
 * *full is false for abbreviations ("Dec", "sept"). */
static int month_word(const dctx *c, size_t p, size_t *end, bool *full)
{
    if (p >= c->len) return 0;
    const xc_token *t = indexed_at(c, p);
    size_t e;
    if (t) {
        /* after a boundary, with at least one letter */
        e = xc_token_end(t);
        if (e < c->len && is_digit(c->s[e])) return 0;
        if (c->f_month && t->letters <= 64 && !xc_lex_filter_has(c->f_month, t->bit)) return 0;
    } else {
        if (!xc_word_boundary_before(c->s, p)) return 0;
        e = wend(c, p);
        if (e == p || (e < c->len && is_digit(c->s[e]))) return 0;
        if (!maybe_in(c, c->f_month, c->s + p, e - p)) return 0;
    }
    int m = lex_int(c, "month", p, e);
    if (!m) return 0;
    size_t n = e - p;
    *full =
        n >= 5 || IEQ(c->s + p, n, "june") || IEQ(c->s + p, n, "july") || IEQ(c->s + p, n, "may");
    if (!*full && e < c->len && c->s[e] == '.') e++;
    *end = e;
    return m;
}

static int weekday_at(const dctx *c, size_t p, size_t *end)
{
    if (p >= c->len) return 0;
    const xc_token *t = indexed_at(c, p);
    size_t e;
    if (t) {
        e = xc_token_end(t); /* at least one letter */
        if (c->f_weekday && t->letters <= 64 && !xc_lex_filter_has(c->f_weekday, t->bit)) return 0;
    } else {
        e = wend(c, p);
        if (e == p) return 0;
        if (!maybe_in(c, c->f_weekday, c->s + p, e - p)) return 0;
    }
    int w = lex_int(c, "weekday", p, e);
    if (!w) return 0;
    bool full = e - p >= 6;
    if (!full) {
        /* abbreviations only capitalized and with a period or a comma: "Sat." */
        if (!is_upper(c->s[p])) return 0;
        if (e < c->len && c->s[e] == '.')
            e++;
        else if (!(e < c->len && c->s[e] == ','))
            return 0;
    }
    *end = e;
    return w;
}

/* Could the word at p be an ordinal in words ("first", "twenty-first",
 * "second", "third", "fourth")? A cheap test before a number parse. */
static bool ascii_alnum(char x)
{
    return (x >= '0' && x <= '9') || ((x | 0x20) >= 'a' && (x | 0x20) <= 'z');
}

/* The end of the run of ASCII letters, digits and "-" from p when it has
 * the shape of an ordinal (five bytes or more, the last two "st", "nd",
 * "rd" or "th", any case), else p. t is indexed_at(c, p), which the caller
 * may have at hand. */
static size_t ordinal_run_tok(const dctx *c, size_t p, const xc_token *t)
{
    size_t e = p;
    /* an indexed word's letters end at an ASCII byte: where no digit or
     * "-" goes on, the run ends there */
    if (t) {
        e = xc_token_end(t);
        if (e < c->len && (is_digit(c->s[e]) || c->s[e] == '-')) e = p;
    }
    while (e < c->len && (ascii_alnum(c->s[e]) || c->s[e] == '-')) e++;
    if (e - p < 5) return p;
    char a = (char)(c->s[e - 2] | 0x20), b = (char)(c->s[e - 1] | 0x20);
    bool suffix = (a == 's' && b == 't') || (a == 'n' && b == 'd') || (a == 'r' && b == 'd') ||
                  (a == 't' && b == 'h');
    return suffix ? e : p;
}

static size_t ordinal_run(const dctx *c, size_t p)
{
    return ordinal_run_tok(c, p, indexed_at(c, p));
}

/* What may follow the number read at an ordinal in words at a (ORD_*):
 * ordinal_after, defined with word_kind, which it asks. */
enum {
    ORD_DAY_OF = 1,  /* "day" or "of", as match_word reads ("second of Aug.") */
    ORD_PARTS = 2,   /* "quarter", "week" or "half", as match_period reads ("first quarter") */
    ORD_CENTURY = 4, /* a word that begins with "c", as match_century reads ("fifth century") */
};
static unsigned ordinal_after(const dctx *c, size_t a);

/* "st", "nd", "rd" or "th" at d, any case. */
static inline bool ordinal_suffix_at(const char *s, size_t len, size_t d)
{
    if (d + 2 > len) return false;
    char x = (char)(s[d] | 0x20), y = (char)(s[d + 1] | 0x20);
    return (x == 's' && y == 't') || (x == 'n' && y == 'd') || (x == 'r' && y == 'd') ||
           (x == 't' && y == 'h');
}

/* A day of the month at p: "13", "13th", "1st". */
static bool day_at(const dctx *c, size_t p, size_t *end, int *day)
{
    size_t i = p;
    if (p > 0 && is_digit(c->s[p - 1])) return false;
    if (!read_int(c->s, c->len, &i, 2, day) || *day < 1 || *day > 31) return false;
    if (ordinal_suffix_at(c->s, c->len, i)) i += 2;
    if (xc_is_word_char(c->s, c->len, i)) return false;
    if (i + 1 < c->len && (c->s[i] == ':' || c->s[i] == '.' || c->s[i] == ',') &&
        is_digit(c->s[i + 1]))
        return false; /* a time, a decimal, a number */
    *end = i;
    return true;
}

/* A day written in words: "twenty nine", "second", "thirty-first". */
static bool word_day_at(const dctx *c, size_t p, size_t *end, int *day)
{
    xc_num n;
    if (p >= c->len || is_digit(c->s[p])) return false;
    if (!num_at(c, p, &n) || n.fraction || n.value < 1 || n.value > 31 || n.value != (int)n.value)
        return false;
    *day = (int)n.value;
    *end = n.end;
    return true;
}

static bool year_at(const dctx *c, size_t p, size_t *end, int *y)
{
    size_t i = p;
    if (p > 0 && is_digit(c->s[p - 1])) return false;
    if (!read_int(c->s, c->len, &i, 4, y) || i - p != 4 || *y < 1000 || *y > 2999) return false;
    if (xc_is_word_char(c->s, c->len, i)) return false;
    *end = i;
    return true;
}

/* The year closest to the document date for a month (and day). */
static int nearest_year(const dctx *c, int m, int d)
{
    int best = c->ry;
    long bestdiff = -1;
    int span = d > days_in_month(c->ry + 1, m) && d > days_in_month(c->ry - 1, m) &&
                       d > days_in_month(c->ry, m)
                   ? 4 /* February 29: the nearest leap year */
                   : 1;
    for (int y = c->ry - span; y <= c->ry + span; y++) {
        int dd = d ? d : 15;
        if (d && dd > days_in_month(y, m)) continue;
        if (dd > days_in_month(y, m)) dd = days_in_month(y, m);
        long diff = labs(xc_days_from_civil(y, m, dd) - c->rdays);
        if (bestdiff < 0 || diff < bestdiff) best = y, bestdiff = diff;
    }
    return best;
}

static const char *prev_word_is(const dctx *c, size_t p, const char *const *words)
{
    size_t we;
    size_t ws = prev_word(c->s, p, &we);
    if (ws == SIZE_MAX) return NULL;
    /* The words are lower-case letters: a word whose first byte, made
     * lower case as xc_ieq_ascii does, differs from theirs is none of them.
     * | 0x20 lowers a letter, and makes no other byte a letter that
     * xc_ieq_ascii could match. */
    char first = (char)(c->s[ws] | 0x20);
    for (size_t i = 0; words[i]; i++)
        if (words[i][0] == first && xc_ieq_ascii(c->s + ws, we - ws, words[i])) return words[i];
    return NULL;
}

static const char *const year_preps[] = {
    "in",      "since",  "by",   "until",  "till",  "from",   "during",  "of",   "before", "after",
    "through", "to",     "year", "early",  "late",  "mid",    "between", "and",  "summer", "winter",
    "spring",  "autumn", "fall", "around", "circa", "season", "class",   "than", NULL};

/* After a bare year: nothing that makes it a count ("2014 runners"). */
static bool year_context_ok(const dctx *c, size_t end)
{
    size_t p = xc_skip_spaces(c->s, c->len, end);
    if (p == end) return true;
    size_t e = wend(c, p);
    if (e == p) return true;
    if (xc_lex(c->rs, "units", c->s + p, e - p, NULL)) return false;
    if (xc_lex(c->rs, "number_words", c->s + p, e - p, NULL)) return false;
    const char *w = c->s + p;
    size_t n = e - p;
    if (n > 3 && w[n - 1] == 's' && w[n - 2] != 's' && !is_upper(w[0]) &&
        !xc_lex(c->rs, "irregular_plurals", w, n, NULL))
        return false;
    const char *lemma = xc_lex(c->rs, "irregular_plurals", w, n, "value");
    if (lemma && !xc_ieq_ascii(w, n, lemma)) return false;
    return true;
}

/* "," and spaces between the parts of a date: "Dec. 31 , 1994". */
static size_t skip_sep(const dctx *c, size_t p, bool *comma)
{
    size_t q = xc_skip_spaces(c->s, c->len, p);
    *comma = false;
    if (q < c->len && c->s[q] == ',') {
        *comma = true;
        q = xc_skip_spaces(c->s, c->len, q + 1);
    }
    return q;
}

/* Whether the word at p is the string literal lit (case ignored); *end is
 * its end. A word of another length is told apart without comparing. */
#define word_at_is(c, p, lit, end) word_at_is_n((c), (p), (lit), sizeof(lit) - 1, (end))
static inline bool word_at_is_n(const dctx *c, size_t p, const char *w, size_t n, size_t *end)
{
    size_t e = wend(c, p);
    if (e - p != n || !xc_ieq_ascii(c->s + p, n, w)) return false;
    *end = e;
    return true;
}

/* An optional year after a day and month: ", 2014", " 2014", " of 2014", " in 2014". */
static void year_after(const dctx *c, dmatch *m)
{
    bool comma;
    size_t q = skip_sep(c, m->end, &comma), e;
    int y;
    if (q == m->end) return;
    if (!comma && (word_at_is(c, q, "of", &e) || word_at_is(c, q, "in", &e)))
        q = xc_skip_spaces(c->s, c->len, e);
    if (year_at(c, q, &e, &y)) m->y = y, m->end = e;
}

/* Dates that begin with a month name: "April 13", "Dec. 12, 2012", "January
 * 1951", "dec-2018", "june of 1992", "May twenty nine", "oct/2". */
static bool match_month(const dctx *c, size_t q, dmatch *m, bool after_weekday)
{
    const char *s = c->s;
    size_t len = c->len, me;
    bool full;
    int mon = month_word(c, q, &me, &full);
    if (!mon) return false;
    bool cap = is_upper(s[q]);
    bool is_may = me - q == 3 && IEQ(s + q, 3, "may");
    if (cap) {
        /* "Dec. 12, 2012" (rule date-month-day-year) */
        xc_match mm;
        if (rule_at(c, c->r_mdy, q, &mm) == 1) {
            int dd = group_int(c, &mm, c->g_mdy.day), yy = group_int(c, &mm, c->g_mdy.year);
            if (dd >= 1 && dd <= 31) {
                m->start = q, m->end = mm.end, m->m = mon, m->d = dd, m->y = yy;
                m->invalid = dd > days_in_month(yy, mon);
                return true;
            }
        }
    }
    bool comma;
    size_t r = skip_sep(c, me, &comma), e;
    int day, y;
    m->start = q;
    m->m = mon;
    /* glued separators: "dec-2018", "dec/2018", "oct/2" */
    if (me < len && (s[me] == '-' || s[me] == '/') && me + 1 < len && is_digit(s[me + 1])) {
        if (year_at(c, me + 1, &e, &y) && e + 1 < len && s[e] == s[me] &&
            day_at(c, e + 1, &e, &day) && day <= days_in_month(y, mon)) {
            /* "September-2020-23" */
            m->d = day, m->y = y, m->end = e;
            return true;
        }
        if (year_at(c, me + 1, &e, &y)) {
            m->y = y, m->end = e;
            return true;
        }
        if (day_at(c, me + 1, &e, &day) && e + 1 < len && s[e] == s[me] &&
            year_at(c, e + 1, &e, &y) && day <= days_in_month(y, mon)) {
            /* "Sep-23-2020", "sep/23/2020" */
            m->d = day, m->y = y, m->end = e;
            return true;
        }
        if (s[me] == '/' && day_at(c, me + 1, &e, &day) && day <= days_in_month(2000, mon)) {
            m->d = day, m->end = e;
            return true;
        }
        return false;
    }
    if (r > me && day_at(c, r, &e, &day)) {
        if (is_may && !cap && !after_weekday) return false;
        m->d = day, m->end = e;
        year_after(c, m);
        m->invalid = day > days_in_month(m->y ? m->y : 2000, mon);
        return true;
    }
    size_t te;
    if (r > me && !comma && word_at_is(c, r, "the", &te) && (!is_may || cap)) {
        /* "June the 28th" */
        size_t t = xc_skip_spaces(s, len, te);
        if (t > te && (day_at(c, t, &e, &day) || word_day_at(c, t, &e, &day)) &&
            day <= days_in_month(2000, mon)) {
            m->d = day, m->end = e;
            year_after(c, m);
            return true;
        }
    }
    if (r > me && (!comma || cap) && year_at(c, r, &e, &y)) {
        m->y = y, m->end = e;
        return true;
    }
    if (r > me && !comma && word_at_is(c, r, "of", &e)) {
        size_t t = xc_skip_spaces(s, len, e), ye;
        if (year_at(c, t, &ye, &y)) {
            m->y = y, m->end = ye;
            return true;
        }
    }
    if (r > me && !comma && (!is_may || cap) && word_day_at(c, r, &e, &day) &&
        day <= days_in_month(2000, mon)) {
        m->d = day, m->end = e;
        year_after(c, m);
        return true;
    }
    /* a month alone: "in April", "since august" */
    static const char *const preps[] = {
        "in",    "since", "by",   "until",    "from",      "during",  "early",
        "late",  "mid",   "last", "next",     "this",      "through", "before",
        "after", "of",    "till", "starting", "beginning", "between", NULL};
    static const char *const parts[] = {"mid", "early", "late", NULL};
    if (!after_weekday && full && !is_may && (cap || !IEQ(s + q, me - q, "march")) &&
        (prev_word_is(c, q, preps) ||
         (q > 0 && s[q - 1] == '-' && prev_word_is(c, q - 1, parts)))) {
        m->end = me;
        return true;
    }
    return false;
}

/* "13 April 2014", "28 june in 2020", "26th of June", "05-aug-2016". */
static bool match_day_first(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e, me;
    int day, y;
    bool full;
    {
        /* "$ 12 December 27": an amount, then a date */
        size_t b = p;
        while (b > 0 && s[b - 1] == ' ') b--;
        if (b > 0 &&
            (s[b - 1] == '$' ||
             (b > 1 && (unsigned char)s[b - 1] == 0xA3 && (unsigned char)s[b - 2] == 0xC2) ||
             (b > 2 && (unsigned char)s[b - 1] == 0xAC && (unsigned char)s[b - 2] == 0x82 &&
              (unsigned char)s[b - 3] == 0xE2)))
            return false;
    }
    if (!day_at(c, p, &e, &day)) {
        /* "05-aug-2016", "23/Sep/2020" */
        size_t i = p;
        if (!read_int(s, len, &i, 2, &day) || i >= len || (s[i] != '-' && s[i] != '/'))
            return false;
        int mon = month_word(c, i + 1, &me, &full);
        if (!mon || me >= len || s[me] != s[i] || !year_at(c, me + 1, &e, &y)) return false;
        if (day < 1 || day > days_in_month(y, mon)) return false;
        m->start = p, m->end = e, m->d = day, m->m = mon, m->y = y;
        return true;
    }
    if (e < len && (s[e] == '-' || s[e] == '/')) {
        size_t ye;
        if (year_at(c, e + 1, &ye, &y) && ye + 1 < len && s[ye] == s[e]) {
            /* "23-2020-September" */
            int mon = month_word(c, ye + 1, &me, &full);
            if (mon && day <= days_in_month(y, mon)) {
                m->start = p, m->end = me, m->d = day, m->m = mon, m->y = y;
                return true;
            }
            return false;
        }
        int mon = month_word(c, e + 1, &me, &full);
        if (mon && me < len && s[me] == s[e] && year_at(c, me + 1, &e, &y) &&
            day <= days_in_month(y, mon)) {
            m->start = p, m->end = e, m->d = day, m->m = mon, m->y = y;
            return true;
        }
        return false;
    }
    size_t q = xc_skip_spaces(s, len, e), oe;
    if (q == e) return false;
    if (word_at_is(c, q, "of", &oe)) q = xc_skip_spaces(s, len, oe);
    int mon = month_word(c, q, &me, &full);
    if (!mon || day > days_in_month(2000, mon)) return false;
    if (me - q == 3 && IEQ(s + q, 3, "may") && !is_upper(s[q])) return false;
    {
        /* "13 April 2014" (rule date-day-month-year) */
        xc_match mm;
        if (rule_at(c, c->r_dmy, p, &mm) == 1) {
            int yy = group_int(c, &mm, c->g_dmy.year);
            if (group_int(c, &mm, c->g_dmy.day) == day && day <= days_in_month(yy, mon)) {
                m->start = p, m->end = mm.end, m->d = day, m->m = mon, m->y = yy;
                return true;
            }
        }
    }
    m->start = p, m->end = me, m->d = day, m->m = mon;
    year_after(c, m);
    return true;
}

/* Dates that begin with a year: ISO "2014-04-13" (and "2018-7-6"), "2019-aug-01",
 * "2019/aug/01", "2015-3", "2017 april". */
static bool match_year_first(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e, i, me;
    int y, a, b;
    bool full;
    i = p;
    if (p + 8 <= len && digits_at(s, p, 8) && !xc_is_word_char(s, len, p + 8) &&
        !(p + 9 < len && (s[p + 8] == '.' || s[p + 8] == ',') && is_digit(s[p + 9]))) {
        /* "20161016": year, month and day written together, a year from 1900
         * to 2099 and a day of that month */
        y = two_digits(s + p) * 100 + two_digits(s + p + 2);
        a = two_digits(s + p + 4), b = two_digits(s + p + 6);
        if (y < 1900 || y > 2099 || a < 1 || a > 12 || b < 1 || b > days_in_month(y, a))
            return false;
        m->start = p, m->end = p + 8, m->y = y, m->m = a, m->d = b;
        return true;
    }
    if (!read_int(s, len, &i, 4, &y) || i - p != 4 || y < 1000 || y > 2999) return false;
    if (i + 6 < len && s[i] == ' ' && digits_at(s, i + 1, 2) && s[i + 3] == ' ' &&
        digits_at(s, i + 4, 2) && !xc_is_word_char(s, len, i + 6) &&
        !(i + 6 < len && (s[i + 6] == '-' || s[i + 6] == '/' || s[i + 6] == ':')) &&
        !(i + 7 < len && (s[i + 6] == '.' || s[i + 6] == ',') && is_digit(s[i + 7])) && y >= 1900 &&
        y <= 2099) {
        /* "2016 10 16": two-digit month and day after the year */
        a = two_digits(s + i + 1), b = two_digits(s + i + 4);
        if (a >= 1 && a <= 12 && b >= 1 && b <= days_in_month(y, a)) {
            m->start = p, m->end = i + 6, m->y = y, m->m = a, m->d = b;
            return true;
        }
    }
    if (i + 1 < len && (s[i] == '-' || s[i] == '/')) {
        char sep = s[i];
        size_t j = i + 1;
        int mon = month_word(c, j, &me, &full);
        if (!mon && day_at(c, j, &e, &b) && b > 12 && e + 1 < len && s[e] == sep &&
            (mon = month_word(c, e + 1, &me, &full)) && b <= days_in_month(y, mon)) {
            /* "2020/23/Sep" */
            m->start = p, m->end = me, m->y = y, m->m = mon, m->d = b;
            return true;
        }
        if (mon) {
            if (me < len && s[me] == sep && day_at(c, me + 1, &e, &b) &&
                b <= days_in_month(y, mon)) {
                m->start = p, m->end = e, m->y = y, m->m = mon, m->d = b;
                return true;
            }
            return false;
        }
        if (read_int(s, len, &j, 2, &a) && a >= 1 && a <= 12) {
            xc_match mm;
            int rr = j + 1 < len && s[j] == sep ? rule_at(c, c->r_iso, p, &mm) : -1;
            if (rr == 1) {
                /* "2014-04-13" (rule date-iso) */
                int yy = group_int(c, &mm, c->g_iso.year), mo = group_int(c, &mm, c->g_iso.month);
                int dd = group_int(c, &mm, c->g_iso.day);
                if (mo < 1 || mo > 12 || dd < 1 || dd > days_in_month(yy, mo)) return false;
                m->start = p, m->end = mm.end, m->y = yy, m->m = mo, m->d = dd;
                return true;
            }
            if (rr == 0) return false;
            if (j + 1 < len && s[j] == sep) {
                size_t k = j + 1;
                if (read_int(s, len, &k, 2, &b) && b >= 1 && b <= days_in_month(y, a) &&
                    !xc_is_word_char(s, len, k) && !(k < len && s[k] == sep)) {
                    m->start = p, m->end = k, m->y = y, m->m = a, m->d = b;
                    return true;
                }
                return false;
            }
            /* "2015-3", "2015-03": a month; not "2010-11" (a season) */
            if (sep == '-' && (j - i == 2 || s[i + 1] == '0') && !xc_is_word_char(s, len, j) &&
                !(j < len && (s[j] == '-' || s[j] == '/'))) {
                m->start = p, m->end = j, m->y = y, m->m = a;
                return true;
            }
        }
        return false;
    }
    /* "2017 april" */
    size_t q = xc_skip_spaces(s, len, i);
    if (q > i && !xc_is_word_char(s, len, i)) {
        int mon = month_word(c, q, &me, &full);
        if (mon && full && !(me - q == 3 && IEQ(s + q, 3, "may")) && !xc_is_word_char(s, len, me) &&
            !(me < len && s[me] == ' ' && me + 1 < len && is_digit(s[me + 1]))) {
            m->start = p, m->end = me, m->y = y, m->m = mon;
            return true;
        }
    }
    return false;
}

/* Numeric dates: US "4/13/2014", "4/13/14"; after a weekday also "7/6", "5.12", "7-6". */
static bool match_numeric(const dctx *c, size_t p, dmatch *m, bool after_weekday)
{
    const char *s = c->s;
    size_t len = c->len, i = p;
    int a, b, y;
    if (!read_int(s, len, &i, 2, &a) || i >= len) return false;
    char sep = s[i];
    if (sep != '/' && !(after_weekday && (sep == '.' || sep == '-'))) return false;
    size_t j = i + 1;
    if (!read_int(s, len, &j, 2, &b)) return false;
    if (j < len && s[j] == sep && sep == '/') {
        size_t k = j + 1, k0 = k;
        if (!read_int(s, len, &k, 4, &y) || (k - k0 != 4 && k - k0 != 2) ||
            xc_is_word_char(s, len, k) || (k < len && s[k] == '/'))
            return false;
        if (k - k0 == 2) y += y < 50 ? 2000 : 1900;
        if (a < 1 || a > 12 || b < 1 || b > 31) return false;
        m->start = p, m->end = k, m->y = y, m->m = a, m->d = b;
        m->invalid = b > days_in_month(y, a);
        return true;
    }
    if (!after_weekday || xc_is_word_char(s, len, j)) return false;
    if (a < 1 || a > 12 || b < 1 || b > days_in_month(2000, a)) return false;
    m->start = p, m->end = j, m->m = a, m->d = b;
    return true;
}

/* Absolute dates beginning with a digit. */
static bool connector_at(const dctx *c, size_t p, int between, size_t *after);

static bool match_digit(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, i = p, e;
    int y;
    /* Each shape reads a number of digits: one or two for a day or a month
     * ("4/13/2014", "13 April"), two for "'90s", four for a year ("2014-04-13",
     * "1980s", "1994"), eight for "20161016". */
    size_t nd = 0;
    while (p + nd < len && is_digit(s[p + nd])) nd++;
    if ((nd == 4 || nd == 8) && match_year_first(c, p, m)) return true;
    dm_reset(m);
    if (nd <= 2 && match_numeric(c, p, m, false)) return true;
    dm_reset(m);
    if (nd <= 2 && match_day_first(c, p, m)) return true;
    dm_reset(m);
    if (nd != 2 && nd != 4) return false;
    /* decades: 1980s, the early 1980s, the mid-'90s */
    size_t ap = 0; /* "the 1990's" */
    bool two = false;
    if (p > 0 && s[p - 1] == '\'' && (p < 2 || !ascii_alnum(s[p - 2])) &&
        read_int(s, len, &i, 2, &y) && i - p == 2 && y % 10 == 0 && i < len && s[i] == 's' &&
        !xc_is_word_char(s, len, i + 1)) {
        /* "'90s": the last such decade up to the document's year (the
         * 1900s without a document date) */
        int cy = c->has_ref ? c->ry / 100 * 100 + y : 1900 + y;
        if (c->has_ref && cy > c->ry) cy -= 100;
        y = cy, two = true;
    } else {
        i = p;
    }
    if ((two || (read_int(s, len, &i, 4, &y) && i - p == 4 && y >= 1000 && y <= 2999 &&
                 y % 10 == 0 && i < len &&
                 (s[i] == 's' || (s[i] == '\'' && i + 1 < len && s[i + 1] == 's' && (ap = 1))))) &&
        !xc_is_word_char(s, len, i + 1 + ap)) {
        m->start = two ? p - 1 : p, m->end = i + 1 + ap;
        m->relative = two && c->has_ref;
        val_decade(m->value, y, y % 100 == 0 && !two);
        static const char *const mods[] = {"early", "mid", "late", NULL};
        size_t we, ws;
        if (m->start > 0 && s[m->start - 1] == '-') {
            /* "mid-1990s" */
            ws = prev_word(s, m->start - 1, &we);
            if (ws != SIZE_MAX && we + 1 == m->start && prev_word_is(c, m->start - 1, mods))
                m->start = ws;
        } else {
            ws = prev_word(s, m->start, &we);
            if (ws != SIZE_MAX && prev_word_is(c, m->start, mods)) m->start = ws;
        }
        size_t ts = prev_word(s, m->start, &we);
        if (ts != SIZE_MAX && IEQ(s + ts, we - ts, "the"))
            m->start = ts;
        else if (two)
            return false; /* "'90s" only after "the": not "rock 'n' roll '50s" */
        return true;
    }
    /* a bare year: 1994, in 2020 (year_at reads four digits) */
    if (nd == 4 && year_at(c, p, &e, &y) && y >= 1800 && y <= 2100) {
        static const char *const parts[] = {"mid", "early", "late", NULL};
        bool punct = e >= len || s[e] == ',' || s[e] == '.' || s[e] == ';' || s[e] == ')' ||
                     s[e] == '\n' || s[e] == ':' || s[e] == '"' || s[e] == '\'' || s[e] == '?' ||
                     s[e] == '!';
        bool paren = p > 0 && s[p - 1] == '(';
        /* the word before the year, read only when the bytes around it do
         * not already let it stand */
        bool stands = punct || paren || prev_word_is(c, p, year_preps) != NULL ||
                      (p > 0 && s[p - 1] == '-' && prev_word_is(c, p - 1, parts)); /* "mid-2008" */
        if (stands && year_context_ok(c, e)) {
            /* "2010 to 2014 runners", "2010-2014 votes": a range of counts */
            size_t r, k;
            if (connector_at(c, e, 2, &r) && r < len && is_digit(s[r])) {
                for (k = r; k < len && (is_digit(s[k]) || s[k] == ','); k++) {
                }
                if (!year_context_ok(c, k)) return false;
            }
            m->y = y, m->start = p, m->end = e;
            size_t we, ws = prev_word(s, p, &we);
            if (ws != SIZE_MAX && IEQ(s + ws, we - ws, "year")) m->start = ws, m->part = true;
            return true;
        }
    }
    return false;
}

static void relative_value(const dctx *c, dmatch *m, int kind, long off);

/* The offset in weeks named by "next", "last", "this", "the following", ...
 * at p followed by "week": 1 when found (*off, *end set), else 0. */
static int week_offset_at(const dctx *c, size_t p, long *off, size_t *end)
{
    const char *s = c->s;
    size_t len = c->len, e = wend(c, p);
    if (e == p) return 0;
    if (IEQ(s + p, e - p, "the")) {
        p = xc_skip_spaces(s, len, e), e = wend(c, p);
        if (e == p || !(IEQ(s + p, e - p, "following") || IEQ(s + p, e - p, "previous"))) return 0;
    }
    const char *w = s + p;
    size_t n = e - p;
    if (IEQ(w, n, "last") || IEQ(w, n, "previous") || IEQ(w, n, "past"))
        *off = -1;
    else if (IEQ(w, n, "this") || IEQ(w, n, "current"))
        *off = 0;
    else if (IEQ(w, n, "next") || IEQ(w, n, "coming") || IEQ(w, n, "following"))
        *off = 1;
    else
        return 0;
    size_t q = xc_skip_spaces(s, len, e), qe = wend(c, q);
    if (q == e || !IEQ(s + q, qe - q, "week")) return 0;
    *end = qe;
    return 1;
}

/* Weekday wd of the week `off` weeks from the document date's week. */
static void week_day_value(const dctx *c, dmatch *m, int wd, long off)
{
    m->relative = true;
    if (!c->has_ref) {
        val_weekday(m->value, wd);
        return;
    }
    long monday = c->rdays - (weekday_of(c->rdays) - 1);
    relative_value(c, m, 'D', monday + 7 * off + (wd - 1) - c->rdays);
}

static int year_offset_word(const dctx *c, size_t p, size_t *end);

/* Dates beginning with a weekday or a month, and days in words before a
 * month. may_weekday, may_month false: the word at p is known to be no
 * weekday, no month (its list's filter rules it out), and is not read as
 * one. */
static bool match_word(const dctx *c, size_t p, dmatch *m, bool may_weekday, bool may_month)
{
    const char *s = c->s;
    size_t len = c->len, e;
    int wd = may_weekday ? weekday_at(c, p, &e) : 0;
    if (wd) {
        if (!is_upper(s[p]) && e - p < 6) return false;
        m->weekday = wd, m->wd_start = p, m->wd_end = e;
        size_t q = e;
        if (q < len && s[q] == ',') q++;
        q = xc_skip_spaces(s, len, q);
        size_t te;
        if (word_at_is(c, q, "the", &te)) {
            /* "tuesday the eleventh" */
            size_t r = xc_skip_spaces(s, len, te), de;
            int day;
            if (day_at(c, r, &de, &day) || word_day_at(c, r, &de, &day)) {
                m->start = p, m->end = de, m->d = day;
                return true;
            }
        }
        if (q > e &&
            (match_month(c, q, m, true) || match_numeric(c, q, m, true) ||
             match_year_first(c, q, m)) &&
            m->d) {
            m->start = p;
            return true;
        }
        /* "Saturday mornings", "Sundays": a habit, not a date */
        size_t na = xc_skip_spaces(s, len, e), nb = wend(c, na);
        if (na > e && nb > na + 1 && s[nb - 1] == 's' &&
            (IEQ(s + na, nb - na, "mornings") || IEQ(s + na, nb - na, "afternoons") ||
             IEQ(s + na, nb - na, "evenings") || IEQ(s + na, nb - na, "nights")))
            return false;
        {
            /* "Tuesday of next week", "Monday of the following week" */
            size_t oe, r, wke;
            long off;
            if (word_at_is(c, na, "of", &oe) && (r = xc_skip_spaces(s, len, oe)) > oe &&
                week_offset_at(c, r, &off, &wke)) {
                dm_reset(m);
                m->weekday = wd, m->wd_start = p, m->wd_end = e;
                m->start = p, m->end = wke;
                week_day_value(c, m, wd, off);
                return true;
            }
        }
        int keep_wd = wd;
        dm_reset(m);
        m->weekday = keep_wd, m->wd_start = p, m->wd_end = e;
        /* a weekday alone: "on Tuesday" */
        m->start = p, m->end = e;
        if (s[e - 1] == '.') m->end = e - 1;
        m->relative = true;
        return true;
    }
    if (may_month && match_month(c, p, m, false)) return true;
    /* a day in words, "of", a month: "second of Aug.", "the twenty-first of June",
     * "the 15th day of June", "the thirty-first day of the month" */
    size_t a = p, te, oe, me, ne, de;
    int day;
    bool full, digits = false, dayword = false;
    if (word_at_is(c, a, "the", &te)) a = xc_skip_spaces(s, len, te);
    if (a < len && is_digit(s[a])) {
        /* digits only in "the 15th day of" (else the digit scan reads them) */
        if (a == p || !day_at(c, a, &ne, &day) || ne - a < 3 || is_digit(s[ne - 1])) return false;
        digits = true;
    } else {
        xc_num n;
        if (a >= len || !(ordinal_after(c, a) & ORD_DAY_OF) || !num_at(c, a, &n) || !n.ordinal ||
            n.value < 1 || n.value > 31 || n.value != (int)n.value)
            return false;
        day = (int)n.value;
        ne = n.end;
    }
    size_t q = xc_skip_spaces(s, len, ne);
    if (q > ne && word_at_is(c, q, "day", &de)) dayword = true, q = xc_skip_spaces(s, len, de);
    if (digits && !dayword) return false;
    if (q == ne || !word_at_is(c, q, "of", &oe)) return false;
    q = xc_skip_spaces(s, len, oe);
    int mon = q > oe ? month_word(c, q, &me, &full) : 0;
    if (!mon && dayword && q > oe) {
        /* "of the month", "of next month" */
        size_t u = q, ue;
        int off = 0;
        if (!word_at_is(c, u, "the", &ue)) {
            off = year_offset_word(c, u, &ue);
            if (off == 99) return false;
        }
        u = xc_skip_spaces(s, len, ue);
        if (u == ue || !word_at_is(c, u, "month", &me)) return false;
        dm_reset(m);
        m->start = p, m->end = me;
        if (!c->has_ref) {
            snprintf(m->value, sizeof m->value, "XXXX-XX-%02d", day);
            return true;
        }
        long t = (long)c->ry * 12 + (c->rm - 1) + off;
        int yy = (int)(t / 12), mm = (int)(t % 12) + 1;
        if (day > days_in_month(yy, mm)) return false;
        m->y = yy, m->m = mm, m->d = day, m->relative = true;
        return true;
    }
    if (!mon || day > days_in_month(2000, mon)) return false;
    if ((IEQ(s + q, 3, "may") || IEQ(s + q, 5, "march")) && !is_upper(s[q])) return false;
    dm_reset(m);
    m->start = p, m->end = me, m->d = day, m->m = mon;
    year_after(c, m);
    return true;
}

static int unit_kind(const char *s, size_t n)
{
    if (n < 3 || n > 6) return 0;
    if (n > 3 && (s[n - 1] | 0x20) == 's') n--; /* "days" */
    switch (s[0] | 0x20) {
    case 'd':
        return IEQ(s, n, "day") ? 'D' : 0;
    case 'w':
        return IEQ(s, n, "week") ? 'W' : 0;
    case 'm':
        return IEQ(s, n, "month") ? 'M' : 0;
    case 'y':
        return IEQ(s, n, "year") ? 'Y' : 0;
    default:
        return 0;
    }
}

static void iso_week(long days, int *wy, int *wn)
{
    int wd = weekday_of(days);
    long thu = days - (wd - 1) + 3;
    int y, mo, d;
    xc_civil_from_days(thu, &y, &mo, &d);
    long jan1 = xc_days_from_civil(y, 1, 1);
    *wy = y;
    *wn = (int)((thu - jan1) / 7 + 1);
}

/* Sets m->value for a period relative to the document date: kind is 'D',
 * 'W', 'M' or 'Y', offset in that unit. */
static void relative_value(const dctx *c, dmatch *m, int kind, long off)
{
    m->relative = true;
    if (!c->has_ref) {
        const char *v = kind == 'D'   ? "XXXX-XX-XX"
                        : kind == 'W' ? "XXXX-WXX"
                        : kind == 'M' ? "XXXX-XX"
                                      : "XXXX";
        *put_str(m->value, v) = '\0';
        return;
    }
    int y, mo, d;
    switch (kind) {
    case 'D':
        xc_civil_from_days(c->rdays + off, &y, &mo, &d);
        val_day(m->value, true, y, mo, d);
        break;
    case 'W': {
        int wy, wn;
        iso_week(c->rdays + 7 * off, &wy, &wn);
        char *o = put_num(m->value, wy, 4);
        *o++ = '-', *o++ = 'W';
        *put_num(o, wn, 2) = '\0';
        break;
    }
    case 'M': {
        long t = (long)c->ry * 12 + (c->rm - 1) + off;
        val_month(m->value, true, t / 12, t % 12 + 1);
        break;
    }
    default:
        val_year(m->value, (long)c->ry + off);
    }
}

/* The day n units (D, W, M or Y; n < 0 for the past) from the document date:
 * "in three days", "two weeks ago", "two months ago" (the same day N months
 * back, the month's last day when it is shorter). */
static void day_after_units(const dctx *c, dmatch *m, int unit, long n)
{
    if (unit == 'W') {
        relative_value(c, m, 'D', 7 * n);
    } else if (unit == 'D' || !c->has_ref) {
        relative_value(c, m, unit, n);
    } else {
        long t = (long)c->ry * 12 + (c->rm - 1) + n * (unit == 'Y' ? 12 : 1);
        int yy = (int)(t / 12), mm = (int)(t % 12) + 1;
        int dd = c->rd > days_in_month(yy, mm) ? days_in_month(yy, mm) : c->rd;
        val_day(m->value, true, yy, mm, dd);
        m->relative = true;
    }
}

/* Bytes unit_soon_scan skips between words, and ASCII letters. */
enum { B_SEP = 1, B_ALPHA = 2 };
static const unsigned char unit_scan_class[256] = {
    [','] = B_SEP,   ['-'] = B_SEP,   ['.'] = B_SEP,   [' '] = B_SEP,   ['0'] = B_SEP,
    ['1'] = B_SEP,   ['2'] = B_SEP,   ['3'] = B_SEP,   ['4'] = B_SEP,   ['5'] = B_SEP,
    ['6'] = B_SEP,   ['7'] = B_SEP,   ['8'] = B_SEP,   ['9'] = B_SEP,   ['A'] = B_ALPHA,
    ['B'] = B_ALPHA, ['C'] = B_ALPHA, ['D'] = B_ALPHA, ['E'] = B_ALPHA, ['F'] = B_ALPHA,
    ['G'] = B_ALPHA, ['H'] = B_ALPHA, ['I'] = B_ALPHA, ['J'] = B_ALPHA, ['K'] = B_ALPHA,
    ['L'] = B_ALPHA, ['M'] = B_ALPHA, ['N'] = B_ALPHA, ['O'] = B_ALPHA, ['P'] = B_ALPHA,
    ['Q'] = B_ALPHA, ['R'] = B_ALPHA, ['S'] = B_ALPHA, ['T'] = B_ALPHA, ['U'] = B_ALPHA,
    ['V'] = B_ALPHA, ['W'] = B_ALPHA, ['X'] = B_ALPHA, ['Y'] = B_ALPHA, ['Z'] = B_ALPHA,
    ['a'] = B_ALPHA, ['b'] = B_ALPHA, ['c'] = B_ALPHA, ['d'] = B_ALPHA, ['e'] = B_ALPHA,
    ['f'] = B_ALPHA, ['g'] = B_ALPHA, ['h'] = B_ALPHA, ['i'] = B_ALPHA, ['j'] = B_ALPHA,
    ['k'] = B_ALPHA, ['l'] = B_ALPHA, ['m'] = B_ALPHA, ['n'] = B_ALPHA, ['o'] = B_ALPHA,
    ['p'] = B_ALPHA, ['q'] = B_ALPHA, ['r'] = B_ALPHA, ['s'] = B_ALPHA, ['t'] = B_ALPHA,
    ['u'] = B_ALPHA, ['v'] = B_ALPHA, ['w'] = B_ALPHA, ['x'] = B_ALPHA, ['y'] = B_ALPHA,
    ['z'] = B_ALPHA,
};

/* The filter bits of the words unit_kind takes ("day", "days", "week",
 * ...), built once per thread: a word whose bit is not among them is no
 * unit, whatever its case (the bit ignores case). */
static const uint8_t *unit_filter(void)
{
    static const char *const units[] = {"day",   "days",   "week", "weeks",
                                        "month", "months", "year", "years"};
    static _Thread_local uint8_t f[XC_LEX_FILTER_BITS / 8];
    static _Thread_local bool built;
    if (!built) {
        for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
            unsigned bit = xc_lex_filter_bit(units[i], strlen(units[i]));
            xc_lex_filter_add(f, bit);
        }
        built = true;
    }
    return f;
}

/* Is "day(s)", "week(s)", "month(s)" or "year(s)" among the next words
 * ("twenty-five days", "two hundred and ten years")? A cheap test before a
 * number parse.
 *
 * A word that the document's word index lists (it starts at a token, after a
 * byte that is no letter or digit, and its letters are ASCII with an ASCII
 * byte or the end of the text after them) is read from the index: its end
 * is the token's, and the token's filter bit tells most words from a unit
 * without comparing them. Other words (glued to digits, "3days", or with
 * letters past ASCII) are read byte by byte. */
static bool unit_soon_scan(const dctx *c, size_t p, size_t *unit_end)
{
    const char *s = c->s;
    const unsigned char *cls = unit_scan_class;
    size_t i = p, len = c->len;
    /* the index from the word at p on (c->wi is its entry when p starts one) */
    const xc_token *t = c->words ? c->words->v + c->wi : NULL;
    const xc_token *tend = c->words ? c->words->v + c->words->n : NULL;
    bool at_word = false; /* i is at t, an indexed word (no separator to skip) */
    for (int k = 0; k < 6 && i < len; k++) {
        if (!at_word) {
            while (i < len && cls[(unsigned char)s[i]] & B_SEP) i++;
            while (t < tend && t->start < i) t++;
        }
        at_word = false;
        if (t < tend && t->start == i && t->flags == XC_TOKEN_ASCII_END) {
            /* a word of ASCII letters, at least one, then an ASCII byte
             * (which the loop below would stop at too) */
            size_t e = xc_token_end(t);
            if ((k > 0 || is_digit(s[p])) && xc_lex_filter_has(c->unitf, t->bit) &&
                unit_kind(s + i, e - i)) {
                *unit_end = e;
                return true;
            }
            i = e;
            /* one separator, then the next indexed word, of letters: the
             * separator loop would stop right at it */
            if (t + 1 < tend && t[1].start == e + 1 && t[1].flags == XC_TOKEN_ASCII_END &&
                cls[(unsigned char)s[e]] & B_SEP)
                t++, i = e + 1, at_word = true;
            continue;
        }
        /* the word's letters: ASCII ones here, xc_word_end past them (a
         * word with other letters is no unit) */
        size_t e = i;
        while (e < len && cls[(unsigned char)s[e]] & B_ALPHA) e++;
        bool ascii = true;
        if (e < len && (unsigned char)s[e] >= 0x80) {
            size_t e2 = wend(c, i);
            ascii = e2 == e, e = e2;
        }
        if (e == i) return false;
        /* unit_kind takes three to six letters, the first d, w, m or y */
        char f = (char)(s[i] | 0x20);
        if ((k > 0 || is_digit(s[p])) && ascii && e - i >= 3 && e - i <= 6 &&
            (f == 'd' || f == 'w' || f == 'm' || f == 'y') && unit_kind(s + i, e - i)) {
            *unit_end = e;
            return true;
        }
        i = e;
    }
    return false;
}

/* True when unit_soon_scan(p) is certainly false, told from the word index
 * in the common case: p is the current word (c->wi), of ASCII letters or of
 * digits, and the words the scan reads after it (the word at p and five
 * more, or after digits six) are indexed words of ASCII letters whose filter
 * bits are no unit's, with separator bytes between them (digits among
 * them), or the scan stops before at a byte that begins no word. False in
 * any other case (a word the index does not describe so: letters glued to
 * digits or past ASCII): the scan decides. */
static bool no_unit_soon(const dctx *c, size_t p)
{
    if (!c->words) return false;
    const unsigned char *cls = unit_scan_class;
    const xc_token *t = c->words->v + c->wi, *tend = c->words->v + c->words->n;
    if (t >= tend || t->start != p) return false;
    size_t i; /* where the scan goes on: the end of the last word read */
    int words;
    if (t->flags == XC_TOKEN_ASCII_END) /* the word at p is read first, and is no unit there */
        i = xc_token_end(t), words = 5;
    else if (t->flags & XC_TOKEN_DIGIT) /* the digits are separators */
        i = p, words = 6;
    else
        return false;
    for (int k = 0; k < words;) {
        if (++t >= tend) return false;
        /* a number's bytes are separators to the scan (a letter in it is
         * met below, as the bytes before the next word are read) */
        if (t->flags & XC_TOKEN_DIGIT) continue;
        if (t->flags != XC_TOKEN_ASCII_END) return false;
        if (t->start == i + 1 && c->s[i] == ' ') i++; /* one space, the common case */
        for (; i < t->start; i++) {
            unsigned char x = (unsigned char)c->s[i];
            if (cls[x] & B_SEP) continue;
            /* the scan stops skipping at x: an ASCII byte that is no letter
             * begins no word, and the scan says no; a letter or a byte past
             * ASCII is read as a word, which the index does not describe */
            return x < 0x80 && !(cls[x] & B_ALPHA);
        }
        if (xc_lex_filter_has(c->unitf, t->bit)) return false;
        i = xc_token_end(t);
        k++;
    }
    return true;
}

/* unit_soon_scan at p, remembered: the scan and match_relative ask about
 * the same word. */
static bool unit_soon(const dctx *c, size_t p)
{
    struct unit_memo *um = c->units;
    if (um->pos != p)
        um->pos = p, um->soon = !no_unit_soon(c, p) && unit_soon_scan(c, p, &um->unit_end);
    return um->soon;
}

/* After the unit word of a count at p that ends at ue ("two days"): could
 * the count be a date, as match_relative reads on? Only before "ago",
 * "from", "after", "before", "earlier" or "later" after spaces, or before
 * the end of the clause after "in" right before p (then "in two weeks" may
 * be a future date). A cheap test before the number parse. */
static bool count_may_end(const dctx *c, size_t p, size_t ue)
{
    static const char *const after_unit[] = {"ago",     "from",  "after", "before",
                                             "earlier", "later", NULL};
    const char *s = c->s;
    size_t len = c->len, a = xc_skip_spaces(s, len, ue);
    if (a >= len || s[a] == '.' || s[a] == ',' || s[a] == ';' || s[a] == '\n' || s[a] == '!' ||
        s[a] == '?') {
        size_t iwe, iws = prev_word(s, p, &iwe);
        return iws != SIZE_MAX && iwe + 1 == p && IEQ(s + iws, iwe - iws, "in");
    }
    size_t ae = a > ue ? wend(c, a) : a;
    if (ae == a) return false;
    for (size_t i = 0; after_unit[i]; i++)
        if (xc_ieq_ascii(s + a, ae - a, after_unit[i])) return true;
    return false;
}

/* Does the sentence before p speak of the future ("will", "'ll", "is
 * expected to", "is due", "plans to")? Up to twelve words back. */
static bool future_cue(const dctx *c, size_t p)
{
    static const char *const cues[] = {"will",  "ll",        "shall",   "expected",
                                       "due",   "scheduled", "plans",   "planned",
                                       "going", "set",       "intends", NULL};
    const char *s = c->s;
    for (int k = 0; k < 12 && p > 0; k++) {
        size_t q = p;
        while (q > 0 && (s[q - 1] == ' ' || s[q - 1] == '\'' || s[q - 1] == ',')) q--;
        if (q == 0 || s[q - 1] == '.' || s[q - 1] == '!' || s[q - 1] == '?' || s[q - 1] == '\n')
            return false;
        size_t we, ws = prev_word(s, q, &we);
        if (ws == SIZE_MAX) return false;
        for (size_t i = 0; cues[i]; i++)
            if (xc_ieq_ascii(s + ws, we - ws, cues[i])) return true;
        p = ws;
    }
    return false;
}

static void resolve(const dctx *c, dmatch *m);
static bool match_holiday(const dctx *c, size_t p, dmatch *m);

/* "yesterday", "today", "tomorrow" at p. */
static bool day_word_at(const dctx *c, size_t p, dmatch *m)
{
    size_t e = wend(c, p);
    const char *w = c->s + p;
    size_t n = e - p;
    int off = IEQ(w, n, "yesterday") ? -1 : IEQ(w, n, "today") ? 0 : IEQ(w, n, "tomorrow") ? 1 : 99;
    if (off == 99) return false;
    m->start = p, m->end = e;
    relative_value(c, m, 'D', off);
    return true;
}

/* Relative expressions beginning with a word. */
static bool match_relative(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len;
    size_t e = wend(c, p);
    if (e == p && is_digit(s[p])) goto counted; /* "3 days from today" */
    if (e == p) return false;
    const char *w = s + p;
    size_t n = e - p;
    m->start = p, m->end = e;
    if (IEQ(w, n, "yesterday")) return relative_value(c, m, 'D', -1), true;
    if (IEQ(w, n, "today")) return relative_value(c, m, 'D', 0), true;
    if (IEQ(w, n, "tomorrow")) return relative_value(c, m, 'D', 1), true;
    size_t q = xc_skip_spaces(s, len, e), qe = wend(c, q);
    /* "the next 3 days", "the past two years": a period ending or starting at
     * the document date (without one, the duration stays a figure) */
    if (q > e && c->has_ref &&
        (IEQ(w, n, "next") || IEQ(w, n, "coming") || IEQ(w, n, "past") || IEQ(w, n, "last") ||
         IEQ(w, n, "previous"))) {
        xc_num num;
        if (num_at(c, q, &num) && !num.ordinal && !num.fraction && num.value >= 2 &&
            num.value <= 1000 && num.value == (long)num.value) {
            size_t u = xc_skip_spaces(s, len, num.end), ue = wend(c, u);
            int uk = u > num.end ? unit_kind(s + u, ue - u) : 0;
            if (uk && s[ue - 1] == 's' && !xc_is_word_char(s, len, ue)) {
                long nv = (long)num.value;
                bool fwd = w[0] == 'n' || w[0] == 'N' || w[0] == 'c' || w[0] == 'C';
                m->start = p, m->end = ue;
                m->relative = true;
                long d1, d2;
                if (uk == 'D' || uk == 'W') {
                    long span = uk == 'W' ? 7 * nv : nv;
                    d1 = fwd ? c->rdays + 1 : c->rdays - span;
                    d2 = fwd ? c->rdays + 1 + span : c->rdays;
                } else {
                    long months = uk == 'Y' ? 12 * nv : nv, t = (long)c->ry * 12 + (c->rm - 1);
                    long t2 = fwd ? t + months : t - months;
                    int yy = (int)(t2 / 12), mm = (int)(t2 % 12) + 1;
                    int dd = c->rd > days_in_month(yy, mm) ? days_in_month(yy, mm) : c->rd;
                    long other = xc_days_from_civil(yy, mm, dd);
                    d1 = fwd ? c->rdays + 1 : other;
                    d2 = fwd ? other + 1 : c->rdays;
                }
                int y1, m1, a1, y2, m2, a2;
                xc_civil_from_days(d1, &y1, &m1, &a1);
                xc_civil_from_days(d2, &y2, &m2, &a2);
                snprintf(m->value, sizeof m->value, "(%04d-%02d-%02d,%04d-%02d-%02d,P%ld%c)", y1,
                         m1, a1, y2, m2, a2, nv, uk);
                return true;
            }
        }
    }
    if (q == e || qe == q) goto counted;
    /* earlier this month, later this year */
    size_t base = p;
    if (IEQ(w, n, "earlier") || IEQ(w, n, "later") || IEQ(w, n, "early") || IEQ(w, n, "late")) {
        if (!IEQ(s + q, qe - q, "this") && !IEQ(s + q, qe - q, "last") &&
            !IEQ(s + q, qe - q, "next") && !IEQ(s + q, qe - q, "previous"))
            return false;
        w = s + q, n = qe - q;
        q = xc_skip_spaces(s, len, qe), qe = wend(c, q);
        if (qe == q) return false;
    }
    long off;
    if (IEQ(w, n, "last") || IEQ(w, n, "past") || IEQ(w, n, "previous"))
        off = -1;
    else if (IEQ(w, n, "this"))
        off = 0;
    else if (IEQ(w, n, "next") || IEQ(w, n, "coming"))
        off = 1;
    else
        goto counted;
    if (off == 0 && (IEQ(s + q, qe - q, "past") || IEQ(s + q, qe - q, "coming") ||
                     IEQ(s + q, qe - q, "upcoming"))) {
        /* "this past Wednesday", "this coming Friday", "this past week" */
        size_t r = xc_skip_spaces(s, len, qe);
        if (r == qe) return false;
        off = (s[q] | 0x20) == 'p' ? -1 : 1;
        q = r, qe = wend(c, r);
    }
    int k = unit_kind(s + q, qe - q);
    if (k == 'W' && base == p) {
        /* "next week Wednesday", "previous week - Monday" */
        size_t r = xc_skip_spaces(s, len, qe), we2;
        if (r < len && s[r] == '-') r = xc_skip_spaces(s, len, r + 1);
        int wd2 = r > qe ? weekday_at(c, r, &we2) : 0;
        if (wd2 && wend(c, r) - r >= 6) {
            m->start = p, m->end = we2;
            if (s[we2 - 1] == '.') m->end = we2 - 1;
            m->weekday = wd2, m->wd_start = r, m->wd_end = we2;
            week_day_value(c, m, wd2, off);
            return true;
        }
    }
    /* "the next day", "the previous day", "to this day": told from another
     * event (or an idiom), not from the document date */
    if (k == 'D') return false;
    if (k && !IEQ(s + q + (qe - q) - 1, 1, "s")) {
        m->start = base, m->end = qe;
        relative_value(c, m, k, off);
        return true;
    }
    /* last Tuesday, this Friday */
    size_t we;
    int wd = weekday_at(c, q, &we);
    if (wd) {
        m->start = base, m->end = we;
        m->weekday = wd, m->wd_start = q, m->wd_end = we;
        if (s[we - 1] == '.') m->end = we - 1;
        m->relative = true;
        if (c->has_ref) {
            int rwd = weekday_of(c->rdays);
            long delta = wd - rwd; /* this week's */
            if (off < 0) delta = delta >= 0 ? delta - 7 : delta;
            if (off > 0) delta = delta <= 0 ? delta + 7 : delta;
            relative_value(c, m, 'D', delta);
        } else {
            val_weekday(m->value, wd);
        }
        return true;
    }
    return false;
counted:
    /* two days ago, 3 weeks before */
    {
        /* The count's unit is the first word after the number, and the
         * number's words ("two", "hundred", "and", "a") are no units: it is
         * the first unit the scan of unit_soon meets. */
        xc_num num;
        if (!unit_soon(c, p) || !count_may_end(c, p, c->units->unit_end) || !num_at(c, p, &num) ||
            num.ordinal || num.fraction || num.value < 1 || num.value > 1000 ||
            num.value != (long)num.value)
            return false;
        size_t u = xc_skip_spaces(s, len, num.end), ue = wend(c, u);
        int uk = u > num.end ? unit_kind(s + u, ue - u) : 0;
        if (!uk) return false;
        long nv = (long)num.value;
        {
            /* "(will return) in two weeks": a future date, when the clause ends
             * there and the sentence speaks of the future */
            static const char *const in[] = {"in", NULL};
            size_t iwe, iws = prev_word(s, p, &iwe);
            size_t z = xc_skip_spaces(s, len, ue);
            if (iws != SIZE_MAX && iwe + 1 == p && prev_word_is(c, p, in) &&
                (z >= len || s[z] == '.' || s[z] == ',' || s[z] == ';' || s[z] == '\n' ||
                 s[z] == '!' || s[z] == '?') &&
                future_cue(c, iws)) {
                m->start = iws, m->end = ue;
                day_after_units(c, m, uk, nv);
                return true;
            }
        }
        size_t a = xc_skip_spaces(s, len, ue), ae = wend(c, a);
        if (a == ue || ae == a) return false;
        m->start = p, m->end = ae;
        if (is_digit(s[p])) {
            /* "about 2 weeks ago": a hedged count is the figures extractor's */
            size_t w1e, w1 = prev_word(s, p, &w1e);
            if (w1 != SIZE_MAX && w1e + 1 >= p &&
                (xc_lex(c->rs, "hedges", s + w1, w1e - w1, NULL) ||
                 IEQ(s + w1, w1e - w1, "than"))) {
                return false;
            }
        }
        if (IEQ(s + a, ae - a, "ago")) {
            day_after_units(c, m, uk, -nv);
            return true;
        }
        if (IEQ(s + a, ae - a, "from") || IEQ(s + a, ae - a, "after")) {
            /* "three days from now", "two days after today" */
            size_t t = xc_skip_spaces(s, len, ae), te = wend(c, t);
            if (t > ae && (IEQ(s + t, te - t, "now") || IEQ(s + t, te - t, "today"))) {
                m->end = te;
                day_after_units(c, m, uk, nv);
                return true;
            }
        }
        if (IEQ(s + a, ae - a, "before") || IEQ(s + a, ae - a, "after") ||
            IEQ(s + a, ae - a, "from")) {
            /* "two days before Christmas", "3 weeks after January 15": an
             * offset from a named day */
            size_t t = xc_skip_spaces(s, len, ae);
            dmatch b;
            dm_reset(&b);
            bool okb = t > ae && t < len &&
                       (is_digit(s[t]) ? match_digit(c, t, &b)
                                       : (match_holiday(c, t, &b) ||
                                          (dm_reset(&b), match_word(c, t, &b, true, true)) ||
                                          (dm_reset(&b), day_word_at(c, t, &b))));
            int by, bm, bd;
            if (okb && b.start == t && !b.invalid) {
                if (!b.value[0]) resolve(c, &b);
                if (strlen(b.value) == 10 && xc_parse_iso_date(b.value, &by, &bm, &bd)) {
                    long sign = (s[a] | 0x20) == 'b' ? -1 : 1, dd = xc_days_from_civil(by, bm, bd);
                    if (uk == 'D' || uk == 'W') {
                        xc_civil_from_days(dd + sign * nv * (uk == 'W' ? 7 : 1), &by, &bm, &bd);
                    } else {
                        long t2 = (long)by * 12 + (bm - 1) + sign * nv * (uk == 'Y' ? 12 : 1);
                        by = (int)(t2 / 12), bm = (int)(t2 % 12) + 1;
                        if (bd > days_in_month(by, bm)) bd = days_in_month(by, bm);
                    }
                    m->end = b.end;
                    m->relative = b.relative;
                    val_day(m->value, true, by, bm, bd);
                    return true;
                }
            }
        }
        /* "11 days after" in digits stays a figure (a duration, with its hedge) */
        if (is_digit(s[p])) return false;
        if (IEQ(s + a, ae - a, "before") || IEQ(s + a, ae - a, "after") ||
            IEQ(s + a, ae - a, "earlier") || IEQ(s + a, ae - a, "later")) {
            /* An offset from another event, not from the document date: kept
             * as a TIMEX3 duration so it is never compared as a calendar date. */
            snprintf(m->value, sizeof m->value, "P%ld%c", nv, uk);
            return true;
        }
        return false;
    }
}

/* Fills in a point date's value: the year from the document date when the
 * text gives none, a weekday alone as the latest such day. */
static void resolve(const dctx *c, dmatch *m)
{
    if (m->invalid) {
        val_day(m->value, m->y != 0, m->y, m->m, m->d);
        return;
    }
    if (!m->value[0]) {
        if (m->d && m->m && !m->y) {
            if (c->has_ref) {
                m->y = nearest_year(c, m->m, m->d);
                m->relative = true;
            }
        } else if (m->m && !m->d && !m->y && c->has_ref) {
            m->y = nearest_year(c, m->m, 0);
            m->relative = true;
        }
        if (m->weekday && m->d && !m->m && c->has_ref) {
            /* "Tuesday the 11th": the nearest month whose 11th is a Tuesday */
            long best = -1, bestdiff = -1;
            for (int k = -13; k <= 13; k++) {
                long t = (long)c->ry * 12 + (c->rm - 1) + k;
                int yy = (int)(t / 12), mm = (int)(t % 12) + 1;
                if (m->d > days_in_month(yy, mm)) continue;
                long dd = xc_days_from_civil(yy, mm, m->d);
                if (weekday_of(dd) != m->weekday) continue;
                long diff = labs(dd - c->rdays);
                if (bestdiff < 0 || diff < bestdiff) best = dd, bestdiff = diff;
            }
            if (bestdiff >= 0) {
                int yy, mm, d2;
                xc_civil_from_days(best, &yy, &mm, &d2);
                m->y = yy, m->m = mm;
                m->relative = true;
                val_day(m->value, true, yy, mm, d2);
                return;
            }
        }
        if (m->weekday && !m->m && c->has_ref) {
            /* a weekday alone: the latest such day on or before the document date */
            long delta = m->weekday - weekday_of(c->rdays);
            if (delta > 0) delta -= 7;
            relative_value(c, m, 'D', delta);
        } else if (m->weekday && !m->m) {
            val_weekday(m->value, m->weekday);
        } else if (m->y && m->m && m->d)
            val_day(m->value, true, m->y, m->m, m->d);
        else if (m->m && m->d)
            val_day(m->value, false, 0, m->m, m->d);
        else if (m->y && m->m)
            val_month(m->value, true, m->y, m->m);
        else if (m->m)
            val_month(m->value, false, 0, m->m);
        else
            val_year(m->value, m->y);
    }
}

static void fmt_day(char *buf, size_t n, int y, int m, int d)
{
    if (y)
        snprintf(buf, n, "%04d-%02d-%02d", y, m, d);
    else
        snprintf(buf, n, "XXXX-%02d-%02d", m, d);
}

/* "(2014-04-13,2014-04-15,P2D)" from two resolved day dates. */
static void range_value(const dctx *c, dmatch *a, const dmatch *b)
{
    int y1 = a->y, y2 = b->y;
    if (!y1 && y2) y1 = y2;
    if (!y2 && y1) y2 = y1;
    if (!y1 && c->has_ref) {
        y1 = nearest_year(c, a->m, a->d);
        y2 = y1;
        a->relative = true;
    }
    int cy1 = y1 ? y1 : 2001, cy2 = y2 ? y2 : 2001;
    long d1 = xc_days_from_civil(cy1, a->m, a->d), d2 = xc_days_from_civil(cy2, b->m, b->d);
    if (d2 < d1 && y2 == y1) {
        cy2++, d2 = xc_days_from_civil(cy2, b->m, b->d);
        if (y2) y2++;
    }
    char s1[40], s2[40];
    fmt_day(s1, sizeof s1, y1, a->m, a->d);
    fmt_day(s2, sizeof s2, y2, b->m, b->d);
    snprintf(a->value, sizeof a->value, "(%s,%s,P%ldD)", s1, s2, d2 - d1);
}

/* Whether the word w[0..n) joins the two ends of a range of days: "to",
 * "through", "until", "till", "thru", and "and" when and_too (after
 * "between"); told by its length, the word read once (connector_at, and
 * digits_start_none, which passes over the numbers no such word follows). */
static inline bool day_joiner(const char *w, size_t n, bool and_too)
{
    return n == 2   ? IEQ(w, n, "to")
           : n == 3 ? and_too && IEQ(w, n, "and")
           : n == 4 ? IEQ(w, n, "till") || IEQ(w, n, "thru")
           : n == 5 ? IEQ(w, n, "until")
                    : n == 7 && IEQ(w, n, "through");
}

static bool connector_at(const dctx *c, size_t p, int between, size_t *after)
{
    size_t q = xc_skip_spaces(c->s, c->len, p), e;
    if (q < c->len && c->s[q] == '-') {
        *after = xc_skip_spaces(c->s, c->len, q + 1);
        return true;
    }
    e = wend(c, q);
    bool joins = day_joiner(c->s + q, e - q, between == 2);
    if (joins) {
        size_t r = xc_skip_spaces(c->s, c->len, e);
        if (r == e) return false;
        size_t te;
        if (word_at_is(c, r, "the", &te)) r = xc_skip_spaces(c->s, c->len, te);
        *after = r;
        return true;
    }
    return false;
}

/* "4/13", "22/04": a month and a day with a slash (the day first when the
 * first number cannot be a month), without a year. Not a fraction: nothing
 * glued after it, not "3/4 of". */
static bool match_short_numeric(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, i = p, j, e;
    int a, b;
    if (!read_int(s, len, &i, 2, &a) || i >= len || s[i] != '/') return false;
    j = i + 1;
    if (!read_int(s, len, &j, 2, &b)) return false;
    if (j < len &&
        (s[j] == '/' || s[j] == '%' || (s[j] == '.' && j + 1 < len && is_digit(s[j + 1]))))
        return false;
    if (xc_is_word_char(s, len, j)) return false;
    size_t q = xc_skip_spaces(s, len, j);
    if (q > j && word_at_is(c, q, "of", &e)) return false;
    int mon = a, day = b;
    if (a > 12) mon = b, day = a;
    if (mon < 1 || mon > 12 || day < 1 || day > days_in_month(2000, mon)) return false;
    m->start = p, m->end = j, m->m = mon, m->d = day;
    return true;
}

/* The document date as a day date: "now", "today", "date" ("to date"). */
static bool now_at(const dctx *c, size_t r, dmatch *b)
{
    size_t e = wend(c, r);
    if (!c->has_ref || e == r || xc_is_word_char(c->s, c->len, e)) return false;
    const char *w = c->s + r;
    size_t n = e - r;
    if (!(IEQ(w, n, "now") || IEQ(w, n, "today") || IEQ(w, n, "date") || IEQ(w, n, "present")))
        return false;
    b->y = c->ry, b->m = c->rm, b->d = c->rd, b->end = e;
    b->relative = true;
    return true;
}

/* "from 2010 to 2014", "between 2014 and 2018", "2010-2015": two years;
 * "from March to May", "from January to April 2015": two months. The end
 * is where the last named period begins (as for day ranges). */
static bool extend_period_range(const dctx *c, dmatch *m, int between)
{
    const char *s = c->s;
    size_t len = c->len, r, e, me;
    bool full;
    if (m->value[0] || m->d || m->weekday) return false;
    if (m->y && !m->m) {
        int y2;
        /* "2010-2015" needs no "from"; "2010 to 2015" does */
        bool dash = m->end < len && s[m->end] == '-';
        if (!between && !dash) return false;
        if (!connector_at(c, m->end, between, &r) || !year_at(c, r, &e, &y2)) return false;
        if (y2 <= m->y || y2 - m->y > 200) return false;
        snprintf(m->value, sizeof m->value, "(%04d-01-01,%04d-01-01,P%dY)", m->y, y2, y2 - m->y);
        m->end = e;
        return true;
    }
    if (!m->m || !between || !connector_at(c, m->end, between, &r)) return false;
    int y1 = m->y, y2 = 0, m2;
    dmatch b;
    dm_reset(&b);
    if (now_at(c, r, &b)) {
        y2 = b.y, m2 = b.m, e = b.end;
        if (!y1) y1 = m->m <= m2 ? y2 : y2 - 1;
        /* to the document date: a day range */
        m->y = y1, m->d = 1;
        range_value(c, m, &b);
        m->end = e;
        return true;
    }
    m2 = month_word(c, r, &me, &full);
    if (!m2 || (!is_upper(s[r]) && IEQ(s + r, me - r, "march")) ||
        (!is_upper(s[r]) && IEQ(s + r, me - r, "may")))
        return false;
    e = me;
    size_t q = xc_skip_spaces(s, len, me), ie, ye;
    if (q > me && word_at_is(c, q, "in", &ie)) q = xc_skip_spaces(s, len, ie);
    if (q > me && year_at(c, q, &ye, &y2)) e = ye;
    if (!y1 && y2) y1 = m->m <= m2 ? y2 : y2 - 1;
    if (y1 && !y2) y2 = m->m <= m2 ? y1 : y1 + 1;
    if (!y1 && c->has_ref) {
        y1 = nearest_year(c, m->m, 0);
        y2 = m->m <= m2 ? y1 : y1 + 1;
        m->relative = true;
    }
    int span = y1 ? (y2 * 12 + m2) - (y1 * 12 + m->m) : (m2 - m->m + 12) % 12;
    if (span <= 0) return false;
    char a1[16], a2[16];
    if (y1)
        snprintf(a1, sizeof a1, "%04d", y1), snprintf(a2, sizeof a2, "%04d", y2);
    else
        snprintf(a1, sizeof a1, "XXXX"), snprintf(a2, sizeof a2, "XXXX");
    snprintf(m->value, sizeof m->value, "(%s-%02d-01,%s-%02d-01,P%dM)", a1, m->m, a2, m2, span);
    m->end = e;
    return true;
}

/* A day date followed by "- 20", "to March 1st", "through 4/15", "to
 * today": a range. */
static bool extend_range(const dctx *c, dmatch *m, int between)
{
    size_t r;
    if (!m->m || !m->d || m->value[0] || m->invalid || !connector_at(c, m->end, between, &r))
        return false;
    dmatch b;
    dm_reset(&b);
    bool ok = r < c->len &&
              (is_digit(c->s[r]) ? match_digit(c, r, &b) : match_word(c, r, &b, true, true)) &&
              b.m && b.d && !b.value[0];
    if (!ok && r < c->len && is_digit(c->s[r])) {
        dm_reset(&b);
        ok = match_short_numeric(c, r, &b);
        if (ok) year_after(c, &b);
    }
    if (!ok) {
        dm_reset(&b);
        ok = now_at(c, r, &b);
    }
    if (!ok) {
        size_t e, me;
        int day;
        dm_reset(&b);
        if (!day_at(c, r, &e, &day)) return false;
        bool full;
        size_t q = xc_skip_spaces(c->s, c->len, e);
        if (month_word(c, q, &me, &full)) return false;
        b.m = m->m, b.y = m->y, b.d = day, b.end = e;
        year_after(c, &b);
    }
    if (b.d > days_in_month(b.y ? b.y : 2000, b.m)) return false;
    range_value(c, m, &b);
    m->end = b.end;
    m->weekday = 0;
    m->relative |= b.relative;
    return true;
}

static int range_word_before(const char *s, size_t p);

/* "9 to 12 of June", "3-5 April 2014": two days, one month. *between is
 * what range_word_before says of p, or -1 when not read yet (then read
 * here, when it matters). */
static bool match_day_range(const dctx *c, size_t p, dmatch *m, int *between)
{
    size_t e, r, e2, me, oe;
    int d1, d2;
    bool full;
    /* a day, then a connector; "and" joins only after "between", so the
     * word before p is read (when the caller has not yet) only then */
    if (!day_at(c, p, &e, &d1) || !connector_at(c, e, 2, &r)) return false;
    if (*between < 0) *between = range_word_before(c->s, p);
    if (!connector_at(c, e, *between, &r) || !day_at(c, r, &e2, &d2)) return false;
    size_t q = xc_skip_spaces(c->s, c->len, e2);
    if (q == e2) return false;
    if (word_at_is(c, q, "of", &oe)) q = xc_skip_spaces(c->s, c->len, oe);
    int mon = month_word(c, q, &me, &full);
    if (!mon || d1 > days_in_month(2000, mon) || d2 > days_in_month(2000, mon)) return false;
    dmatch b;
    dm_reset(&b);
    b.m = mon, b.d = d2, b.end = me;
    year_after(c, &b);
    m->start = p, m->m = mon, m->d = d1, m->y = b.y;
    range_value(c, m, &b);
    m->end = b.end;
    return true;
}

/* The last words of the rule set's date_modifiers and date_part_modifiers
 * ("since", "than", "to"), as a filter over xc_lex_filter_bit: most dates
 * follow no modifier, and the word before them is tested once instead of
 * looking up one to three words in two lists. Built once per rule set and
 * thread; without those lists (built-in words) or with an entry past ASCII,
 * every word passes (filter false). */
struct modifier_last {
    xc_rules_tie tie;
    bool filter;
    uint8_t bits[XC_LEX_FILTER_BITS / 8];
    /* the first words of the phrases of one, two and three words, as sets
     * of filter bits modulo 64 */
    uint64_t first[4];
};

/* White space as list lookups see it (ASCII). */
static bool is_space(char x)
{
    return x == ' ' || (x >= '\t' && x <= '\r');
}

static struct modifier_last *modifier_last(const xc_rules *rs)
{
    static _Thread_local struct modifier_last ml;
    if (!xc_rules_retie(&ml.tie, rs)) return &ml;
    memset(ml.bits, 0, sizeof ml.bits);
    memset(ml.first, 0, sizeof ml.first);
    const xc_list *lists[2] = {rs ? xc_rules_list(rs, "date_modifiers") : NULL,
                               rs ? xc_rules_list(rs, "date_part_modifiers") : NULL};
    ml.filter = lists[0] && lists[1];
    for (size_t j = 0; j < 2 && ml.filter; j++)
        for (size_t i = 0, n = xc_list_size(lists[j]); i < n && ml.filter; i++) {
            /* the last word: list lookups compare lower case, trimmed, with
             * runs of white space as one space */
            const char *w = xc_list_at(lists[j], i)->word;
            size_t e = strlen(w), a;
            for (size_t q = 0; q < e; q++)
                if ((unsigned char)w[q] >= 0x80) ml.filter = false;
            while (e > 0 && is_space(w[e - 1])) e--;
            for (a = e; a > 0 && !is_space(w[a - 1]);) a--;
            if (e > a) {
                unsigned bit = xc_lex_filter_bit(w + a, e - a);
                xc_lex_filter_add(ml.bits, bit);
            }
            /* the first word, and the number of words */
            size_t f = 0, words = 0;
            while (is_space(w[f])) f++;
            size_t fe = f;
            while (w[fe] && !is_space(w[fe])) fe++;
            for (size_t q = f; q < e;) {
                while (q < e && is_space(w[q])) q++;
                if (q < e) words++;
                while (q < e && !is_space(w[q])) q++;
            }
            if (words >= 1 && words <= 3)
                ml.first[words] |= 1ull << (xc_lex_filter_bit(w + f, fe - f) & 63);
        }
    return &ml;
}

/* "since", "after", "no later than" before a date belong to it. */
static void take_modifier(const dctx *c, dmatch *m)
{
    /* The up to three words before the date, read one at a time: most
     * dates follow no modifier, and the last word of a listed phrase (the
     * one right before the date, or before "the") tells so first. */
    size_t p = m->start, starts[3], wends[3];
    size_t n = 0;
    if (!m->part && c->mod_last->filter && c->words && c->wi > 0 && c->wi < c->words->n &&
        c->words->v[c->wi].start == p) {
        /* the common case, a date at the scan's word after a word of the
         * index: the word before is that entry (of ASCII letters, after no
         * byte past ASCII, and ending where the spaces and tabs before the
         * date begin, as prev_word reads it), and its bit is in the index;
         * the loop below would return after it for the same reason */
        const xc_token *t = &c->words->v[c->wi - 1];
        size_t q = p;
        while (q > 0 && (c->s[q - 1] == ' ' || c->s[q - 1] == '\t')) q--;
        if (t->flags == XC_TOKEN_ASCII_END && xc_token_end(t) == q && q > t->start &&
            (t->start == 0 || (unsigned char)c->s[t->start - 1] < 0x80) &&
            !xc_lex_filter_has(c->mod_last->bits, t->bit))
            return;
    }
    size_t e = m->start, k0 = 0;
    while (e > 0 && c->s[e - 1] == ' ') e--;
    for (; n < 3; n++) {
        size_t we, ws = prev_word(c->s, p, &we);
        if (ws == SIZE_MAX) break;
        starts[n] = ws, wends[n] = we;
        p = ws;
        if (n == 0 && m->part && IEQ(c->s + starts[0], e - starts[0], "the")) {
            /* "before the end of December" */
            e = starts[0];
            while (e > 0 && c->s[e - 1] == ' ') e--;
            k0 = 1;
        }
        if (n == k0 && c->mod_last->filter) {
            /* Every phrase looked up below ends with the word at
             * starts[k0], after a space: a listed phrase has it as its
             * last word. An ASCII word not in the filter ends none. */
            unsigned bit;
            size_t a = starts[k0], b = wends[k0];
            if (xc_lex_filter_run(c->s, b, a, &bit) == b &&
                !xc_lex_filter_has(c->mod_last->bits, bit))
                return;
        }
    }
    for (size_t k = n; k > k0; k--) {
        size_t a = starts[k - 1];
        if (c->mod_last->filter) {
            /* a listed phrase of k - k0 words begins with this word */
            unsigned bit;
            if (xc_lex_filter_run(c->s, wends[k - 1], a, &bit) == wends[k - 1] &&
                !(c->mod_last->first[k - k0] >> (bit & 63) & 1))
                continue;
        }
        if (xc_lex(c->rs, "date_modifiers", c->s + a, e - a, NULL) ||
            (m->part && xc_lex(c->rs, "date_part_modifiers", c->s + a, e - a, NULL))) {
            m->start = a;
            return;
        }
    }
}

/* "early 2010", "late July", "mid-November": the part word belongs to the
 * span (the value stays the period's). */
static void take_part_word(const dctx *c, dmatch *m)
{
    if (m->d || m->weekday || m->value[0] || (!m->y && !m->m)) return;
    bool glued = m->start > 0 && c->s[m->start - 1] == '-';
    size_t we, ws = prev_word(c->s, m->start - glued, &we);
    if (ws == SIZE_MAX || (glued && we + 1 != m->start)) return;
    if (!glued && xc_skip_spaces(c->s, c->len, we) != m->start) return;
    const char *w = c->s + ws;
    size_t n = we - ws;
    if (IEQ(w, n, "early") || IEQ(w, n, "late") || IEQ(w, n, "mid")) {
        m->start = ws;
        m->part = true;
    }
}

/* "this September", "last April": the month of this, the last or the next year. */
static bool month_relative(const dctx *c, dmatch *m)
{
    if (!m->m || m->d || m->y || m->weekday) return false;
    size_t we, ws = prev_word(c->s, m->start, &we);
    if (ws == SIZE_MAX) return false;
    const char *w = c->s + ws;
    size_t n = we - ws;
    int off;
    if (IEQ(w, n, "this"))
        off = 0;
    else if (IEQ(w, n, "last") || IEQ(w, n, "previous") || IEQ(w, n, "past"))
        off = -1;
    else if (IEQ(w, n, "next") || IEQ(w, n, "coming"))
        off = 1;
    else
        return false;
    m->start = ws;
    if (!c->has_ref) return true;
    int y = c->ry;
    if (off < 0 && m->m >= c->rm) y--;
    if (off > 0 && m->m <= c->rm) y++;
    m->y = y;
    m->relative = true;
    return true;
}

static void quarter_value(dmatch *m, int y, int q, bool have_year)
{
    int m1 = (q - 1) * 3 + 1, y2 = q == 4 ? y + 1 : y, m2 = q == 4 ? 1 : m1 + 3;
    if (have_year)
        snprintf(m->value, sizeof m->value, "(%04d-%02d-01,%04d-%02d-01,P3M)", y, m1, y2, m2);
    else
        snprintf(m->value, sizeof m->value, "(XXXX-%02d-01,XXXX-%02d-01,P3M)", m1, m2);
}

/* Quarters, halves, numbered weeks, seasons: "Q1 2019", "2019-q1", "2019 H2",
 * "last quarter", "the first quarter of 2013", "week 31", "first week of
 * 2019", "this summer". */
static bool match_period(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e, e2;
    int y;
    m->start = p;
    /* "q3 2019", "Q1" */
    if ((s[p] == 'q' || s[p] == 'Q') && p + 1 < len && s[p + 1] >= '1' && s[p + 1] <= '4' &&
        !xc_is_word_char(s, len, p + 2)) {
        int q = s[p + 1] - '0';
        size_t r = xc_skip_spaces(s, len, p + 2);
        if (r > p + 2 && year_at(c, r, &e, &y)) {
            quarter_value(m, y, q, true);
            m->end = e;
            return true;
        }
        return false;
    }
    /* year first: "2019 q1", "2019-q1", "2019 h2" */
    if (is_digit(s[p]) && year_at(c, p, &e, &y) && e + 2 < len) {
        size_t r = e;
        if (s[r] == '-' || s[r] == ' ') r++;
        char k = (char)(s[r] | 0x20);
        if ((k == 'q' || k == 'h') && is_digit(s[r + 1]) && !xc_is_word_char(s, len, r + 2)) {
            int q = s[r + 1] - '0';
            if (k == 'q' && q >= 1 && q <= 4) {
                quarter_value(m, y, q, true);
                m->end = r + 2;
                return true;
            }
            if (k == 'h' && (q == 1 || q == 2)) {
                if (q == 1)
                    snprintf(m->value, sizeof m->value, "(%04d-01-01,%04d-07-01,P6M)", y, y);
                else
                    snprintf(m->value, sizeof m->value, "(%04d-07-01,%04d-01-01,P6M)", y, y + 1);
                m->end = r + 2;
                return true;
            }
        }
        return false;
    }
    e = wend(c, p);
    if (e == p) {
        /* digits: only an ordinal ("1st quarter of 2013", below) */
        size_t k = p;
        while (k < len && is_digit(s[k]) && k - p < 3) k++;
        if (k - p > 2 || k + 2 > len || !xc_word_boundary_before(s, p) ||
            !(IEQ(s + k, 2, "st") || IEQ(s + k, 2, "nd") || IEQ(s + k, 2, "rd") ||
              IEQ(s + k, 2, "th")))
            return false;
    }
    const char *w = s + p;
    size_t n = e - p;
    size_t q = xc_skip_spaces(s, len, e);
    e2 = wend(c, q);
    /* "week 31" */
    if (IEQ(w, n, "week") && q > e) {
        int wn;
        size_t k = q;
        if (read_int(s, len, &k, 2, &wn) && wn >= 1 && wn <= 53 && !xc_is_word_char(s, len, k) &&
            c->has_ref) {
            snprintf(m->value, sizeof m->value, "%04d-W%02d", c->ry, wn);
            m->end = k;
            m->relative = true;
            return true;
        }
        return false;
    }
    /* "this quarter", "last quarter", "this summer" */
    int off = 99;
    if (IEQ(w, n, "this") || IEQ(w, n, "current"))
        off = 0;
    else if (IEQ(w, n, "last") || IEQ(w, n, "previous") || IEQ(w, n, "past"))
        off = -1;
    else if (IEQ(w, n, "next") || IEQ(w, n, "coming") || IEQ(w, n, "following"))
        off = 1;
    static const char *const seasons[][2] = {
        {"spring", "SP"}, {"summer", "SU"}, {"fall", "FA"}, {"autumn", "FA"}, {"winter", "WI"}};
    if (off != 99 && q > e && e2 > q) {
        if (IEQ(s + q, e2 - q, "quarter")) {
            m->end = e2;
            if (!c->has_ref) {
                snprintf(m->value, sizeof m->value, "XXXX-QX");
                m->relative = true;
                return true;
            }
            int t = c->ry * 4 + (c->rm - 1) / 3 + off;
            quarter_value(m, t / 4, t % 4 + 1, true);
            m->relative = true;
            return true;
        }
        for (size_t i = 0; i < 5; i++)
            if (xc_ieq_ascii(s + q, e2 - q, seasons[i][0])) {
                m->end = e2;
                m->relative = true;
                if (c->has_ref)
                    snprintf(m->value, sizeof m->value, "%04d-%s", c->ry + off, seasons[i][1]);
                else
                    snprintf(m->value, sizeof m->value, "XXXX-%s", seasons[i][1]);
                return true;
            }
        if (off == 1 && IEQ(w, n, "following") && IEQ(s + q, e2 - q, "week")) {
            m->end = e2;
            m->relative = true;
            if (c->has_ref) {
                int wy, wn;
                long dd = c->rdays + 7;
                int wd = weekday_of(dd);
                long thu = dd - (wd - 1) + 3;
                int yy, mo, d;
                xc_civil_from_days(thu, &yy, &mo, &d);
                wy = yy;
                wn = (int)((thu - xc_days_from_civil(yy, 1, 1)) / 7 + 1);
                snprintf(m->value, sizeof m->value, "%04d-W%02d", wy, wn);
            } else {
                snprintf(m->value, sizeof m->value, "XXXX-WXX");
            }
            return true;
        }
    }
    /* "summer of 2014", "summer 2014" */
    for (size_t i = 0; i < 5; i++)
        if (xc_ieq_ascii(w, n, seasons[i][0])) {
            size_t r = q, oe;
            if (word_at_is(c, r, "of", &oe)) r = xc_skip_spaces(s, len, oe);
            if (r > e && year_at(c, r, &e2, &y)) {
                snprintf(m->value, sizeof m->value, "%04d-%s", y, seasons[i][1]);
                m->end = e2;
                return true;
            }
            return false;
        }
    /* "the first quarter of 2013", "1st quarter of the year", "first week of 2019" */
    {
        size_t a = p, te;
        if (word_at_is(c, a, "the", &te)) {
            a = xc_skip_spaces(s, len, te);
            if (a < len && is_digit(s[a])) return false; /* "1st quarter" starts at "1st" */
        }
        xc_num num;
        bool last = word_at_is(c, a, "last", &te);
        size_t ne;
        int ord = 0;
        if (last) {
            ne = te;
        } else if ((is_digit(s[a]) || (ordinal_after(c, a) & ORD_PARTS)) && num_at(c, a, &num) &&
                   num.ordinal && num.value >= 1 && num.value <= 4) {
            ord = (int)num.value;
            ne = num.end;
        } else {
            return false;
        }
        size_t u = xc_skip_spaces(s, len, ne), ue = wend(c, u), oe;
        bool quarter = IEQ(s + u, ue - u, "quarter"), week = IEQ(s + u, ue - u, "week"),
             half = IEQ(s + u, ue - u, "half");
        if (u == ne || !(quarter || week || half) || (half && ord > 2)) return false;
        size_t r = xc_skip_spaces(s, len, ue);
        if (!word_at_is(c, r, "of", &oe)) return false;
        r = xc_skip_spaces(s, len, oe);
        bool have_year = false;
        if (year_at(c, r, &e2, &y)) {
            have_year = true;
        } else {
            /* "of the year", "of this year", "of last year", "of next year" */
            size_t a2 = r, e3;
            int yoff = 0;
            if (!word_at_is(c, a2, "the", &e3)) {
                yoff = year_offset_word(c, a2, &e3);
                if (yoff == 99) return false;
            }
            a2 = xc_skip_spaces(s, len, e3);
            if (!word_at_is(c, a2, "year", &e2)) return false;
            y = c->ry + yoff;
            have_year = c->has_ref;
            m->relative = true;
        }
        m->end = e2;
        if (half) {
            if (last) ord = 2;
            if (!have_year)
                snprintf(m->value, sizeof m->value, "(XXXX-%02d-01,XXXX-%02d-01,P6M)",
                         ord == 1 ? 1 : 7, ord == 1 ? 7 : 1);
            else if (ord == 1)
                snprintf(m->value, sizeof m->value, "(%04d-01-01,%04d-07-01,P6M)", y, y);
            else
                snprintf(m->value, sizeof m->value, "(%04d-07-01,%04d-01-01,P6M)", y, y + 1);
            return true;
        }
        if (quarter) {
            if (last) ord = 4;
            quarter_value(m, y, ord, have_year);
            return true;
        }
        if (!have_year && !c->has_ref) return false;
        int wn = ord;
        if (last) {
            /* the ISO week of December 28 is the last week of the year */
            long d28 = xc_days_from_civil(y, 12, 28);
            long thu = d28 - (weekday_of(d28) - 1) + 3;
            wn = (int)((thu - xc_days_from_civil(y, 1, 1)) / 7 + 1);
        }
        snprintf(m->value, sizeof m->value, "%04d-W%02d", y, wn);
        return true;
    }
}

/* ---- phrases: holidays, parts of periods, weekends, "the 18th" ---- */

/* The phrase pat (lower case) at p, case ignored: a space in pat stands for
 * one or more spaces, and "'s" also matches "s" or nothing ("Valentines
 * Day", "New Year Day"). It must end at a word boundary. */
static bool phrase_at(const dctx *c, size_t p, const char *pat, size_t *end)
{
    const char *s = c->s;
    size_t len = c->len, i = p;
    for (const char *k = pat; *k; k++) {
        if (*k == ' ') {
            size_t j = xc_skip_spaces(s, len, i);
            if (j == i) return false;
            i = j;
        } else if (*k == '\'') {
            if (i < len && s[i] == '\'') i++;
            if (k[1] == 's') {
                k++;
                if (i < len && (s[i] == 's' || s[i] == 'S')) i++;
            }
        } else {
            if (i >= len || (char)(s[i] | 0x20) != *k) return false;
            i++;
        }
    }
    if (xc_is_word_char(s, len, i)) return false;
    *end = i;
    return true;
}

/* Easter Sunday of year y (the Gregorian computus), as days since the epoch. */
static long easter_days(int y)
{
    int a = y % 19, b = y / 100, cc = y % 100, d = b / 4, e = b % 4, f = (b + 8) / 25;
    int g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30, i = cc / 4, k = cc % 4;
    int l = (32 + 2 * e + 2 * i - h - k) % 7, mm = (a + 11 * h + 22 * l) / 451;
    int month = (h + l - 7 * mm + 114) / 31, day = (h + l - 7 * mm + 114) % 31 + 1;
    return xc_days_from_civil(y, month, day);
}

/* Holidays. A fixed day (d > 0), the nth weekday wd of month m (nth -1: the
 * last), or (m == 0) d days from Easter Sunday. */
typedef struct {
    const char *name;
    bool cap; /* only capitalized ("Good Friday", not "a good Friday") */
    int m, d, nth, wd;
    int after; /* days after the nth weekday ("Black Friday") */
} holiday;

static const holiday holidays[] = {
    {"christmas eve", false, 12, 24, 0, 0, 0},      {"christmas day", false, 12, 25, 0, 0, 0},
    {"christmas", false, 12, 25, 0, 0, 0},          {"new year's eve", false, 12, 31, 0, 0, 0},
    {"new year's day", false, 1, 1, 0, 0, 0},       {"independence day", false, 7, 4, 0, 0, 0},
    {"halloween", false, 10, 31, 0, 0, 0},          {"valentine's day", false, 2, 14, 0, 0, 0},
    {"veterans day", false, 11, 11, 0, 0, 0},       {"boxing day", true, 12, 26, 0, 0, 0},
    {"bastille day", false, 7, 14, 0, 0, 0},        {"earth day", true, 4, 22, 0, 0, 0},
    {"st. patrick's day", false, 3, 17, 0, 0, 0},   {"st patrick's day", false, 3, 17, 0, 0, 0},
    {"saint patrick's day", false, 3, 17, 0, 0, 0}, {"groundhog day", false, 2, 2, 0, 0, 0},
    {"juneteenth", false, 6, 19, 0, 0, 0},          {"thanksgiving day", false, 11, 0, 4, 4, 0},
    {"thanksgiving", false, 11, 0, 4, 4, 0},        {"black friday", true, 11, 0, 4, 4, 1},
    {"memorial day", false, 5, 0, -1, 1, 0},        {"labor day", false, 9, 0, 1, 1, 0},
    {"presidents' day", false, 2, 0, 3, 1, 0},      {"columbus day", false, 10, 0, 2, 1, 0},
    {"mother's day", true, 5, 0, 2, 7, 0},          {"father's day", true, 6, 0, 3, 7, 0},
    {"good friday", true, 0, -2, 0, 0, 0},          {"easter sunday", false, 0, 0, 0, 0, 0},
    {"easter monday", false, 0, 1, 0, 0, 0},        {"easter", false, 0, 0, 0, 0, 0},
};

static long holiday_days(const holiday *h, int y)
{
    if (h->m == 0) return easter_days(y) + h->d;
    if (h->d) return xc_days_from_civil(y, h->m, h->d);
    if (h->nth > 0) {
        long first = xc_days_from_civil(y, h->m, 1);
        long delta = (h->wd - weekday_of(first) + 7) % 7;
        return first + delta + 7 * (h->nth - 1) + h->after;
    }
    long last = xc_days_from_civil(y, h->m, days_in_month(y, h->m));
    return last - (weekday_of(last) - h->wd + 7) % 7;
}

/* "this", "next", "last" as a year offset (99: none). */
static int year_offset_word(const dctx *c, size_t p, size_t *end)
{
    size_t e = wend(c, p);
    const char *w = c->s + p;
    size_t n = e - p;
    *end = e;
    if (e == p) return 99;
    if (IEQ(w, n, "this") || IEQ(w, n, "current")) return 0;
    if (IEQ(w, n, "last") || IEQ(w, n, "previous") || IEQ(w, n, "past")) return -1;
    if (IEQ(w, n, "next") || IEQ(w, n, "coming") || IEQ(w, n, "following")) return 1;
    return 99;
}

/* The year after a holiday or a part of a period: " 2012", " of 2012", " of
 * this year" (from the document date). 0 when there is none. */
static int year_suffix(const dctx *c, size_t p, size_t *end, bool *relative)
{
    *relative = false;
    size_t q = xc_skip_spaces(c->s, c->len, p), e, oe;
    int y;
    if (q > p && year_at(c, q, &e, &y)) {
        *end = e;
        return y;
    }
    if (q == p || !word_at_is(c, q, "of", &oe)) return 0;
    q = xc_skip_spaces(c->s, c->len, oe);
    if (q > oe && year_at(c, q, &e, &y)) {
        *end = e;
        return y;
    }
    int off = q > oe ? year_offset_word(c, q, &e) : 99;
    if (off == 99 || !c->has_ref) return 0;
    size_t r = xc_skip_spaces(c->s, c->len, e), ye;
    if (r == e || !word_at_is(c, r, "year", &ye)) return 0;
    *end = ye;
    *relative = true;
    return c->ry + off;
}

/* After a holiday's name: not a noun it qualifies ("a Christmas party", "the
 * Boxing Day earthquake"), only punctuation, a capitalized word, a number
 * or a word that cannot be that noun. */
static bool holiday_ends_phrase(const dctx *c, size_t e)
{
    static const char *const ok[] = {
        "and",     "or",      "but",       "at",    "in",    "on",      "to",    "of",
        "for",     "with",    "when",      "while", "which", "that",    "this",  "is",
        "was",     "will",    "would",     "could", "can",   "as",      "after", "before",
        "until",   "since",   "by",        "from",  "are",   "were",    "has",   "had",
        "have",    "he",      "she",       "they",  "we",    "i",       "it",    "morning",
        "evening", "night",   "afternoon", "eve",   "day",   "weekend", "last",  "next",
        "so",      "because", "if",        "than",  "then",  "there",   "where", "during",
        "through", "through", NULL};
    const char *s = c->s;
    size_t q = xc_skip_spaces(s, c->len, e);
    if (q == e || q >= c->len || !xc_is_word_char(s, c->len, q) || is_upper(s[q]) || is_digit(s[q]))
        return true;
    size_t we = wend(c, q);
    for (size_t i = 0; ok[i]; i++)
        if (xc_ieq_ascii(s + q, we - q, ok[i])) return true;
    return false;
}

/* The holidays by the first letter of their names, in table order, and the
 * letters each name begins with ("new" in "new year's eve", "valentine" in
 * "valentine's day"): built once per thread. */
#define N_HOLIDAYS (sizeof holidays / sizeof holidays[0])
struct holiday_index {
    bool built;
    unsigned char first[N_HOLIDAYS]; /* letters before the name's first other byte */
    /* when that byte is a space, the letter after it ("y" of "new year's
     * eve"), else 0 */
    unsigned char second[N_HOLIDAYS];
    unsigned char by_letter[N_HOLIDAYS];
    unsigned char from[27]; /* by_letter[from[l]..from[l + 1]) begin with 'a' + l */
};

static const struct holiday_index *holiday_index(void)
{
    static _Thread_local struct holiday_index hx;
    if (!hx.built) {
        size_t k = 0;
        for (int l = 0; l < 26; l++) {
            hx.from[l] = (unsigned char)k;
            for (size_t i = 0; i < N_HOLIDAYS; i++)
                if (holidays[i].name[0] == 'a' + l) hx.by_letter[k++] = (unsigned char)i;
        }
        hx.from[26] = (unsigned char)k;
        for (size_t i = 0; i < N_HOLIDAYS; i++) {
            const char *name = holidays[i].name;
            size_t n = 0;
            while (name[n] >= 'a' && name[n] <= 'z') n++;
            hx.first[i] = (unsigned char)n;
            hx.second[i] = name[n] == ' ' ? (unsigned char)name[n + 1] : 0;
        }
        hx.built = true;
    }
    return &hx;
}

/* The holiday whose name phrase_at reads at p, where the word at p ends at
 * we, and in *e the name's end; NULL when there is none. Only the names
 * that begin with the letter at p, in table order (the first that
 * phrase_at reads wins). phrase_at reads a name's first letters, then a
 * space, a period, the name's end (no letter), or "'s" that may be written
 * "s": the word at p has as many letters, or one more. */
static const holiday *holiday_named(const dctx *c, size_t p, size_t we, size_t *e)
{
    const char *s = c->s;
    const struct holiday_index *hx = holiday_index();
    unsigned l = (unsigned)((s[p] | 0x20) - 'a');
    if (l >= 26) return NULL;
    size_t n = we - p;
    /* A name whose first word is followed by a space ("new year's eve",
     * "good friday") is read only when the word at p has its letters and
     * no more, then spaces and the next word's first letter: that letter
     * (lower case) is told once, for all of them, before phrase_at
     * compares the names. -1: not read yet; 0: no space or no byte after. */
    int next = -1;
    for (size_t j = hx->from[l]; j < hx->from[l + 1]; j++) {
        size_t i = hx->by_letter[j];
        if (n != hx->first[i] && n != hx->first[i] + 1u) continue;
        if (hx->second[i]) {
            if (n != hx->first[i]) continue;
            if (next < 0) {
                size_t q = xc_skip_spaces(s, c->len, we);
                next = q > we && q < c->len ? (unsigned char)(s[q] | 0x20) : 0;
            }
            if (next != hx->second[i]) continue;
        }
        if (phrase_at(c, p, holidays[i].name, e)) return &holidays[i];
    }
    return NULL;
}

static bool match_holiday(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t e = 0;
    const holiday *h = holiday_named(c, p, wend(c, p), &e);
    if (!h || (h->cap && !is_upper(s[p]))) return false;
    size_t ye;
    bool rel;
    int y = year_suffix(c, e, &ye, &rel);
    m->relative = rel;
    if (!y && !holiday_ends_phrase(c, e)) return false;
    m->start = p, m->end = y ? ye : e;
    long days;
    size_t pe, ps = prev_word(s, p, &pe), oe;
    int off = ps != SIZE_MAX && !y ? year_offset_word(c, ps, &oe) : 99;
    if (off != 99) {
        /* "last Christmas", "next Easter", "this Thanksgiving" */
        m->start = ps;
        m->relative = true;
        if (!c->has_ref && !(h->m && h->d)) return false;
    }
    if (off != 99 && c->has_ref) {
        days = holiday_days(h, c->ry);
        if (off < 0 && days >= c->rdays) days = holiday_days(h, c->ry - 1);
        if (off > 0 && days <= c->rdays) days = holiday_days(h, c->ry + 1);
    } else if (off != 99) {
        snprintf(m->value, sizeof m->value, "XXXX-%02d-%02d", h->m, h->d);
        return true;
    } else if (y) {
        days = holiday_days(h, y);
    } else if (c->has_ref) {
        /* the nearest one */
        long best = 0, bestdiff = -1;
        for (int yy = c->ry - 1; yy <= c->ry + 1; yy++) {
            long d = holiday_days(h, yy), diff = labs(d - c->rdays);
            if (bestdiff < 0 || diff < bestdiff) best = d, bestdiff = diff;
        }
        days = best;
        m->relative = true;
    } else if (h->m && h->d) {
        snprintf(m->value, sizeof m->value, "XXXX-%02d-%02d", h->m, h->d);
        return true;
    } else {
        return false; /* a movable feast without a year */
    }
    int yy, mm, dd;
    xc_civil_from_days(days, &yy, &mm, &dd);
    val_day(m->value, true, yy, mm, dd);
    return true;
}

/* "end of the year", "the beginning of March", "middle of 2007", "end of
 * next month", "EOY": the period itself (its part is kept in the text). */
static bool match_period_part(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e, te;
    size_t a = p;
    if (word_at_is(c, a, "the", &te)) a = xc_skip_spaces(s, len, te);
    e = wend(c, a);
    const char *w = s + a;
    size_t n = e - a;
    if (n == 3 && IEQ(w, n, "eoy") && is_upper(w[0]) && c->has_ref) {
        m->start = a, m->end = e;
        relative_value(c, m, 'Y', 0);
        return true;
    }
    if (!(IEQ(w, n, "end") || IEQ(w, n, "beginning") || IEQ(w, n, "start") || IEQ(w, n, "middle")))
        return false;
    size_t q = xc_skip_spaces(s, len, e), oe;
    if (q == e || !word_at_is(c, q, "of", &oe)) return false;
    q = xc_skip_spaces(s, len, oe);
    if (q == oe) return false;
    m->start = a;
    m->part = true;
    int y;
    size_t ye, me;
    bool full;
    if (year_at(c, q, &ye, &y)) {
        m->end = ye, m->y = y;
        snprintf(m->value, sizeof m->value, "%04d", y);
        return true;
    }
    int mon = month_word(c, q, &me, &full);
    if (mon && (is_upper(s[q]) || full) && !IEQ(s + q, me - q, "may")) {
        m->m = mon, m->end = me;
        size_t r = xc_skip_spaces(s, len, me);
        if (r > me && year_at(c, r, &ye, &y)) m->y = y, m->end = ye;
        return true;
    }
    long off = 0;
    size_t u = q, ue;
    if (word_at_is(c, u, "the", &ue)) {
        u = xc_skip_spaces(s, len, ue);
    } else {
        int o = year_offset_word(c, u, &ue);
        if (o != 99) off = o, u = xc_skip_spaces(s, len, ue);
    }
    ue = wend(c, u);
    int k = unit_kind(s + u, ue - u);
    if (!k || k == 'D' || s[ue - 1] == 's' || s[ue - 1] == 'S' || is_upper(s[u])) return false;
    m->end = ue;
    relative_value(c, m, k, off);
    return true;
}

/* Other phrases relative to the document date: "the day after tomorrow",
 * "the day before yesterday", "earlier in the week", "later in the year",
 * "year to date", "this weekend", "next weekend". */
static bool match_phrase(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e;
    size_t we = wend(c, p);
    const char *w = s + p;
    size_t n = we - p, r, re, ue;
    if (n == 0 || n > 9) return false;
    char c0 = (char)(w[0] | 0x20);
    /* a cheap test first: the words this matcher reads */
    bool the = n == 3 && c0 == 't' && IEQ(w, n, "the");
    bool inw = (c0 == 'e' && (n == 5 || n == 7)) || (c0 == 'l' && (n == 4 || n == 5));
    r = xc_skip_spaces(s, len, we);
    char next = r > we && r < len ? (char)(s[r] | 0x20) : '\0'; /* the next word's first letter */
    bool wnext = next == 'w', pnext = next == 'p';
    /* "weekend", or "past" (then "weekend"), after "this", "next", ...:
     * what the weekend phrases below read first */
    bool weekend = false;
    if (wnext || pnext) {
        size_t ne = wend(c, r);
        weekend = wnext ? IEQ(s + r, ne - r, "weekend") : IEQ(s + r, ne - r, "past");
    }
    /* and what follows the words: "day" "after" or "before", "year" "to" or
     * "-to-date", "earlier" "in" */
    if (!the && !(inw && next == 'i') && !weekend && !(n == 1 && c0 == 'w') &&
        !(n == 3 && c0 == 'd' && (next == 'a' || next == 'b')) &&
        !(n == 4 && c0 == 'y' &&
          (next == 't' || (we + 1 < len && s[we] == '-' && (s[we + 1] | 0x20) == 't'))))
        return false;
    if (the || (n == 3 && IEQ(w, n, "day"))) {
        if (phrase_at(c, p, "the day after tomorrow", &e) ||
            phrase_at(c, p, "day after tomorrow", &e)) {
            m->start = p, m->end = e;
            relative_value(c, m, 'D', 2);
            return true;
        }
        if (phrase_at(c, p, "the day before yesterday", &e) ||
            phrase_at(c, p, "day before yesterday", &e)) {
            m->start = p, m->end = e;
            relative_value(c, m, 'D', -2);
            return true;
        }
        if (!the) return false;
    }
    if (n == 4 && IEQ(w, n, "year")) {
        if ((phrase_at(c, p, "year to date", &e) || phrase_at(c, p, "year-to-date", &e)) &&
            c->has_ref) {
            m->start = p, m->end = e;
            relative_value(c, m, 'Y', 0);
            return true;
        }
        return false;
    }
    {
        if (inw &&
            (IEQ(w, n, "earlier") || IEQ(w, n, "later") || IEQ(w, n, "early") ||
             IEQ(w, n, "late")) &&
            (r = xc_skip_spaces(s, len, we)) > we && word_at_is(c, r, "in", &re) &&
            (r = xc_skip_spaces(s, len, re)) > re && word_at_is(c, r, "the", &re) &&
            (r = xc_skip_spaces(s, len, re)) > re) {
            ue = wend(c, r);
            int k = unit_kind(s + r, ue - r);
            if (k && k != 'D' && s[ue - 1] != 's' && c->has_ref) {
                m->start = p, m->end = ue;
                relative_value(c, m, k, 0);
                return true;
            }
        }
        /* "the week beginning February 4", "the week of March 5", "w/c Feb 4":
         * the seven days from that date */
        size_t a = 0;
        bool wk = n == 1 && phrase_at(c, p, "w/c", &a);
        if (!wk && the) {
            static const char *const begins[] = {"the week of",         "the week beginning on",
                                                 "the week beginning",  "the week starting on",
                                                 "the week starting",   "the week commencing on",
                                                 "the week commencing", NULL};
            for (size_t i = 0; begins[i] && !wk; i++) wk = phrase_at(c, p, begins[i], &a);
        }
        r = xc_skip_spaces(s, len, a);
        if (wk && r > a) {
            dmatch b;
            dm_reset(&b);
            if (((is_digit(s[r]) && match_day_first(c, r, &b)) ||
                 (!is_digit(s[r]) && match_month(c, r, &b, false))) &&
                b.d && !b.invalid) {
                int y = b.y;
                if (!y && c->has_ref) y = nearest_year(c, b.m, b.d), m->relative = true;
                long d1 = xc_days_from_civil(y ? y : 2001, b.m, b.d);
                int y1 = y, m1 = b.m, a1 = b.d, y2, m2, d2;
                if (y) {
                    /* the week (Monday to Sunday) that holds the date: "the week of
                     * March 5", and "the week beginning" a day that is no Monday */
                    d1 -= weekday_of(d1) - 1;
                    xc_civil_from_days(d1, &y1, &m1, &a1);
                }
                xc_civil_from_days(d1 + 7, &y2, &m2, &d2);
                if (y)
                    snprintf(m->value, sizeof m->value, "(%04d-%02d-%02d,%04d-%02d-%02d,P7D)", y1,
                             m1, a1, y2, m2, d2);
                else
                    snprintf(m->value, sizeof m->value, "(XXXX-%02d-%02d,XXXX-%02d-%02d,P7D)", b.m,
                             b.d, m2, d2);
                m->start = p, m->end = b.end;
                return true;
            }
        }
        /* "this weekend", "next weekend", "last weekend" */
        r = xc_skip_spaces(s, len, we);
        int off;
        size_t r2 = r;
        bool past = false;
        if (!wnext && r > we && n == 4 && word_at_is(c, r, "past", &re) && IEQ(w, n, "this")) {
            /* "this past weekend" */
            r2 = xc_skip_spaces(s, len, re);
            past = r2 > re;
        }
        if ((wnext || past) && word_at_is(c, r2, "weekend", &re) &&
            (off = year_offset_word(c, p, &e)) != 99) {
            if (past) off = -1;
            m->start = p, m->end = re;
            m->relative = true;
            if (!c->has_ref) {
                snprintf(m->value, sizeof m->value, "XXXX-WXX-WE");
            } else {
                int wy, wn;
                iso_week(c->rdays + 7 * off, &wy, &wn);
                snprintf(m->value, sizeof m->value, "%04d-W%02d-WE", wy, wn);
            }
            return true;
        }
    }
    return false;
}

/* "the 18th" after "on", "by", "until", ... and before the end of the
 * clause: a day of the document's month (not "the 18th floor"). */
static bool match_the_day(const dctx *c, size_t p, dmatch *m)
{
    static const char *const preps[] = {"on",    "by",     "until", "till",
                                        "since", "before", "after", NULL};
    const char *s = c->s;
    size_t len = c->len, te, e;
    int day;
    if (!word_at_is(c, p, "the", &te) || !prev_word_is(c, p, preps)) return false;
    size_t q = xc_skip_spaces(s, len, te);
    if (q == te || !is_digit(s[q]) || !day_at(c, q, &e, &day)) return false;
    if (e - q < 3 || is_digit(s[e - 1])) return false; /* "18th", not "18" */
    size_t r = xc_skip_spaces(s, len, e);
    if (r < len && xc_is_word_char(s, len, r)) {
        /* only a word that cannot be the ordinal's noun */
        static const char *const after[] = {"at",   "and",   "or",  "when", "to",  "in",
                                            "from", "until", "for", "if",   "but", NULL};
        size_t we = wend(c, r);
        bool ok = false;
        for (size_t i = 0; after[i] && !ok; i++) ok = xc_ieq_ascii(s + r, we - r, after[i]);
        if (!ok) return false;
    }
    m->start = p, m->end = e, m->d = day;
    if (!c->has_ref) {
        snprintf(m->value, sizeof m->value, "XXXX-XX-%02d", day);
        return true;
    }
    /* the nearest month that has that day */
    long best = 0, bestdiff = -1;
    for (int k = -1; k <= 1; k++) {
        long t = (long)c->ry * 12 + (c->rm - 1) + k;
        int yy = (int)(t / 12), mm = (int)(t % 12) + 1;
        if (day > days_in_month(yy, mm)) continue;
        long d = xc_days_from_civil(yy, mm, day), diff = labs(d - c->rdays);
        if (bestdiff < 0 || diff < bestdiff) best = d, bestdiff = diff;
    }
    relative_value(c, m, 'D', best - c->rdays);
    return true;
}

/* Centuries: "the 21st century", "the nineteenth century", "19th-century". */
static bool match_century(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, a = p, te, ne, ce;
    int n;
    if ((s[a] | 0x20) == 't' && word_at_is(c, a, "the", &te)) a = xc_skip_spaces(s, len, te);
    if (a >= len) return false;
    {
        /* a cheap test first: an ordinal's suffix, then "century" */
        size_t e = a;
        while (e < len && (ascii_alnum(s[e]) || s[e] == '-')) e++;
        size_t oe = e;
        if (e - a > 8 && IEQ(s + e - 8, 8, "-century")) {
            oe = e - 8;
        } else {
            size_t q = xc_skip_spaces(s, len, e);
            if (q == e || q >= len || (s[q] | 0x20) != 'c') return false;
        }
        if (oe - a < 3) return false;
        char x = (char)(s[oe - 2] | 0x20), y = (char)(s[oe - 1] | 0x20);
        if (!((x == 's' && y == 't') || (x == 'n' && y == 'd') || (x == 'r' && y == 'd') ||
              (x == 't' && y == 'h')))
            return false;
    }
    if (is_digit(s[a])) {
        if (!day_at(c, a, &ne, &n) || ne - a < 3 || is_digit(s[ne - 1])) return false;
    } else {
        xc_num num;
        if (ordinal_run(c, a) == a || !num_at(c, a, &num) || !num.ordinal || num.value < 1 ||
            num.value > 31 || num.value != (int)num.value)
            return false;
        n = (int)num.value, ne = num.end;
    }
    if (ne >= len || (s[ne] != ' ' && s[ne] != '-')) return false;
    size_t q = s[ne] == '-' ? ne + 1 : xc_skip_spaces(s, len, ne);
    if (!word_at_is(c, q, "century", &ce)) return false;
    m->start = a, m->end = ce;
    snprintf(m->value, sizeof m->value, "(%04d-01-01,%04d-01-01,P100Y)", (n - 1) * 100, n * 100);
    return true;
}

/* Checks the weekday and appends the date. */
static xc_status emit(dctx *c, dmatch *m)
{
    xc_doc *doc = c->doc;
    if (!m->value[0]) resolve(c, m);
    /* an abbreviation's period that ends the date also ends the sentence:
     * "the second of Aug." */
    if (m->end > m->start + 1 && c->s[m->end - 1] == '.') m->end--;
    xc_date d = {0};
    d.text = xc_doc_span_text(doc, m->start, m->end, &d.span);
    d.value = xc_arena_strdup(&doc->arena, m->value);
    d.relative = m->relative;
    if (m->weekday) {
        d.weekday = xc_doc_copy_text(doc, m->wd_start, m->wd_end);
        if (!d.weekday) return XC_ERR_NOMEM;
        size_t wl = strlen(d.weekday);
        if (wl && d.weekday[wl - 1] == '.') ((char *)d.weekday)[wl - 1] = '\0';
        if (m->y && m->m && m->d && m->d <= days_in_month(m->y, m->m))
            d.weekday_mismatch = weekday_of(xc_days_from_civil(m->y, m->m, m->d)) != m->weekday;
    }
    if (!d.text || !d.value) return XC_ERR_NOMEM;
    xc_range r = {m->start, m->end};
    if (xc_vec_push(&doc->dates, d) || xc_vec_push(&doc->date_fold, r)) return XC_ERR_NOMEM;
    return XC_OK;
}

static const char *const numeric_preps[] = {"on",      "from",   "since", "until",   "till", "by",
                                            "through", "before", "after", "between", NULL};

/* Words a date can begin with besides those of the "date_starts" filter:
 * parts of periods, holidays, phrases ("day after tomorrow", "year to
 * date"), "now" in "between now and ...". */
static const char *const extra_start_words[] = {
    "end",        "beginning", "start",   "middle",       "eoy",          "day",
    "year",       "christmas", "new",     "independence", "halloween",    "valentine",
    "valentines", "veterans",  "boxing",  "bastille",     "thanksgiving", "memorial",
    "labor",      "mother",    "mothers", "father",       "fathers",      "good",
    "easter",     "now",       "w",       "black",        "presidents",   "columbus",
    "earth",      "st",        "saint",   "groundhog",    "juneteenth",   NULL};

/* The filter of extra_start_words, built once per thread. */
static const uint8_t *extra_filter(void)
{
    static _Thread_local uint8_t f[XC_LEX_FILTER_BITS / 8];
    static _Thread_local bool built;
    if (!built) {
        for (size_t i = 0; extra_start_words[i]; i++) {
            unsigned bit = xc_lex_filter_bit(extra_start_words[i], strlen(extra_start_words[i]));
            xc_lex_filter_add(f, bit);
        }
        built = true;
    }
    return f;
}

/* ---- what a word can be: the matchers' cheap pre-checks ----
 *
 * Most words a date may begin with begin none: "the", "one", "this",
 * "first" stand in news text far more often outside dates than in them. Each
 * matcher needs its first word (or, after "the", the next one) to be one of
 * a few words, and only those are tried: word_kind tells which, with one
 * hash of the word (the one the list filters use) and one table probe. */
enum {
    K_THE = 1u << 0,      /* "the" */
    K_ARTICLE = 1u << 1,  /* "a", "an" */
    K_OFFSET = 1u << 2,   /* "this", "current", "last", "previous", "past", "next", ... */
    K_DAYWORD = 1u << 3,  /* "yesterday", "today", "tomorrow" */
    K_EARLY = 1u << 4,    /* "earlier", "later", "early", "late" */
    K_PERIOD = 1u << 5,   /* "q", "week" and the seasons (match_period) */
    K_PART = 1u << 6,     /* "end", "beginning", "start", "middle", "eoy" (match_period_part) */
    K_HOLIDAY = 1u << 7,  /* the first word of a holiday's name, as phrase_at reads it */
    K_PHRASE = 1u << 8,   /* "day", "year", "w" (match_phrase) */
    K_NOW = 1u << 9,      /* "now", "today", "date", "present" (now_at) */
    K_MONTH = 1u << 10,   /* may be a month name (the list's filter) */
    K_WEEKDAY = 1u << 11, /* may be a weekday name (the list's filter) */
    K_NUMBER = 1u << 12,  /* a number in words may begin with it (see word_kind) */
    K_DAY = 1u << 13,     /* "day" */
    K_WEEK = 1u << 14,    /* "week" */
    /* after "this", "last", ...: what match_period reads ("last quarter",
     * "this summer") and what match_relative reads besides a number or a
     * weekday ("next week", "this past Friday") */
    K_PERIOD_NEXT = 1u << 15, /* "quarter", "half", "week" and the seasons */
    K_OFFSET_NEXT = 1u << 16, /* "day(s)", "week(s)", "month(s)", "year(s)", "past", ... */
    K_LISTS = K_MONTH | K_WEEKDAY | K_NUMBER,
};

/* The flags of the scan's table (any_filter, which says what each means). */
enum {
    A_STOP = 1u << 0,
    A_ARTICLE = 1u << 1,
    A_NUMW = 1u << 2,
    A_AFTER_THE = 1u << 3,
    A_LAST = 1u << 4,
    A_MONTH = 1u << 5,
    A_WEEKDAY = 1u << 6,
    A_KEYWORD = 1u << 7,
};

static const struct {
    const char *word;
    unsigned kind;
} keywords[] = {
    {"the", K_THE},
    {"a", K_ARTICLE},
    {"an", K_ARTICLE},
    {"this", K_OFFSET},
    {"current", K_OFFSET},
    {"last", K_OFFSET},
    {"previous", K_OFFSET},
    {"past", K_OFFSET | K_OFFSET_NEXT},
    {"next", K_OFFSET},
    {"coming", K_OFFSET | K_OFFSET_NEXT},
    {"upcoming", K_OFFSET_NEXT},
    {"following", K_OFFSET},
    {"yesterday", K_DAYWORD},
    {"today", K_DAYWORD},
    {"tomorrow", K_DAYWORD},
    {"earlier", K_EARLY},
    {"later", K_EARLY},
    {"early", K_EARLY},
    {"late", K_EARLY},
    {"q", K_PERIOD},
    {"week", K_PERIOD | K_WEEK | K_PERIOD_NEXT | K_OFFSET_NEXT},
    {"spring", K_PERIOD | K_PERIOD_NEXT},
    {"summer", K_PERIOD | K_PERIOD_NEXT},
    {"fall", K_PERIOD | K_PERIOD_NEXT},
    {"autumn", K_PERIOD | K_PERIOD_NEXT},
    {"winter", K_PERIOD | K_PERIOD_NEXT},
    {"quarter", K_PERIOD_NEXT},
    {"half", K_PERIOD_NEXT},
    {"weeks", K_OFFSET_NEXT},
    {"days", K_OFFSET_NEXT},
    {"month", K_OFFSET_NEXT},
    {"months", K_OFFSET_NEXT},
    {"years", K_OFFSET_NEXT},
    {"end", K_PART},
    {"beginning", K_PART},
    {"start", K_PART},
    {"middle", K_PART},
    {"eoy", K_PART},
    {"day", K_PHRASE | K_DAY | K_OFFSET_NEXT},
    {"year", K_PHRASE | K_OFFSET_NEXT},
    {"w", K_PHRASE},
    {"now", K_NOW},
    {"today", K_NOW},
    {"date", K_NOW},
    {"present", K_NOW},
};

/* The keywords by filter bit, open addressing; a slot with kind 0 is empty.
 * Holiday names add their first words. */
#define KW_SLOTS 256
#define KW_WORD  16 /* longer than every keyword */
struct kw_slot {
    char word[KW_WORD]; /* lower case, zero bytes after it */
    unsigned char n;
    unsigned short bit;
    unsigned kind;
};

static void kw_add(struct kw_slot *t, const char *w, size_t n, unsigned kind)
{
    unsigned bit = xc_lex_filter_bit(w, n);
    for (unsigned h = bit & (KW_SLOTS - 1);; h = (h + 1) & (KW_SLOTS - 1)) {
        if (!t[h].kind) {
            memcpy(t[h].word, w, n);
            t[h].word[n] = '\0';
            t[h].n = (unsigned char)n, t[h].bit = (unsigned short)bit, t[h].kind = kind;
            return;
        }
        if (t[h].n == n && !memcmp(t[h].word, w, n)) {
            t[h].kind |= kind; /* "today" is a day word and the document date */
            return;
        }
    }
}

/* Whether the n letters at w (with KW_WORD bytes readable from w) are the
 * keyword k, case ignored: k's word is lower case and padded with zero
 * bytes to KW_WORD, so the text's bytes, made lower case and cut to n,
 * compare eight at a time. */
static inline bool kw_is(const char *w, size_t n, const struct kw_slot *k)
{
    uint64_t m0 = n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << 8 * n) - 1;
    uint64_t m1 = n <= 8 ? 0 : ((uint64_t)1 << 8 * (n - 8)) - 1; /* n < KW_WORD = 16 */
    return (xc_lower8(xc_load_le64(w)) & m0) == xc_load_le64(k->word) &&
           (xc_lower8(xc_load_le64(w + 8)) & m1) == xc_load_le64(k->word + 8);
}

static const struct kw_slot *kw_table(void)
{
    static _Thread_local struct kw_slot t[KW_SLOTS];
    static _Thread_local bool built;
    if (!built) {
        for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
            kw_add(t, keywords[i].word, strlen(keywords[i].word), keywords[i].kind);
        for (size_t i = 0; i < sizeof holidays / sizeof holidays[0]; i++) {
            /* phrase_at reads the name's first letters, then a space, a
             * period, or "'s" that may be written "s" ("Valentines Day"):
             * the word at the start is those letters, or them and "s" */
            const char *name = holidays[i].name;
            size_t n = 0;
            while (name[n] >= 'a' && name[n] <= 'z') n++;
            kw_add(t, name, n, K_HOLIDAY);
            if (name[n] == '\'' && name[n + 1] == 's') {
                char w[KW_WORD];
                memcpy(w, name, n);
                w[n] = 's';
                kw_add(t, w, n + 1, K_HOLIDAY);
            }
        }
        built = true;
    }
    return t;
}

/* What the word at p can be (K_*). It is the letters xc_word_end reads from
 * p. K_MONTH, K_WEEKDAY and K_NUMBER are what the bound lists' filters
 * cannot rule out, as maybe_in answers; K_NUMBER also holds for "a", "an"
 * and a word of more than three letters ending in "s" whose singular the
 * number words' filter cannot rule out, which xc_num_parse may read ("a
 * hundred", "fifths"), and for a position without letters (digits, "-5",
 * ".5"). */
static unsigned word_kind_of(const dctx *c, size_t p, size_t e, unsigned bit);

static unsigned word_kind(const dctx *c, size_t p)
{
    /* an indexed word: its letters' end and filter bit are the index's */
    const xc_token *t = indexed_at(c, p);
    if (t) return word_kind_of(c, p, xc_token_end(t), t->bit);
    unsigned bit;
    size_t e = xc_lex_filter_run(c->s, c->len, p, &bit);
    if (e < c->len && (unsigned char)c->s[e] >= 0x80 && wend(c, p) != e)
        return K_LISTS; /* letters past ASCII: no keyword, and no filter applies */
    return word_kind_of(c, p, e, bit);
}

/* word_kind of the ASCII letters p..e, the whole word at p, whose filter
 * bit is bit. */
static unsigned word_kind_of(const dctx *c, size_t p, size_t e, unsigned bit)
{
    size_t n = e - p;
    if (n == 0) return K_NUMBER;
    unsigned kind = 0;
    /* the scan's table, when there is one, has every answer of the bit in
     * one byte: whether a keyword has it, and the three filters' */
    const uint8_t *any = c->f_any;
    unsigned info = any ? any[bit] : A_KEYWORD;
    if (n < KW_WORD && (info & A_KEYWORD)) {
        const struct kw_slot *t = c->kw;
        for (unsigned h = bit & (KW_SLOTS - 1); t[h].kind; h = (h + 1) & (KW_SLOTS - 1))
            if (t[h].bit == bit && t[h].n == n &&
                (p + KW_WORD <= c->len ? kw_is(c->s + p, n, &t[h])
                                       : xc_ieq_ascii(c->s + p, n, t[h].word))) {
                kind = t[h].kind;
                break;
            }
    }
    if (n > 64) return kind | K_LISTS;
    bool numw;
    if (any) {
        /* the table's flags are the filters' bits (every bit of a filter
         * that is NULL) */
        if (info & A_MONTH) kind |= K_MONTH;
        if (info & A_WEEKDAY) kind |= K_WEEKDAY;
        numw = info & A_NUMW;
    } else {
        if (!c->f_month || xc_lex_filter_has(c->f_month, bit)) kind |= K_MONTH;
        if (!c->f_weekday || xc_lex_filter_has(c->f_weekday, bit)) kind |= K_WEEKDAY;
        numw = !c->f_numw || xc_lex_filter_has(c->f_numw, bit);
    }
    /* a plural ("fifths", "dozens") is read through its singular, which
     * must then be a number word (c->f_numw is not NULL here: numw holds
     * for every word without it) */
    if (numw || (kind & K_ARTICLE) ||
        (n > 3 && (c->s[e - 1] | 0x20) == 's' &&
         xc_lex_filter_has(c->f_numw, xc_lex_filter_bit(c->s + p, n - 1))))
        kind |= K_NUMBER;
    return kind;
}

/* word_kind_of with its common case inline: a word of one to 64 letters
 * whose bit no keyword has, and that ends in no "s" (no plural to read),
 * is what the scan's table's flags say of its bit. */
static inline unsigned word_kind_tok(const dctx *c, size_t p, size_t e, unsigned bit)
{
    size_t n = e - p;
    if (c->f_any && n - 1 < 64) {
        unsigned info = c->f_any[bit];
        if (!(info & A_KEYWORD) && (n <= 3 || (c->s[e - 1] | 0x20) != 's'))
            return (info & A_MONTH ? K_MONTH : 0) | (info & A_WEEKDAY ? K_WEEKDAY : 0) |
                   (info & A_NUMW ? K_NUMBER : 0);
    }
    return word_kind_of(c, p, e, bit);
}

/* What may follow, after spaces, the number xc_num_parse reads at an
 * ordinal in words at a (ORD_* bits; 0 when a starts no run of ordinal
 * shape, ordinal_run), as match_word and match_period read on after it
 * (and the first letter of "century" that match_century tests first):
 * a cheap test before the parse, which most ordinals in news text ("the
 * first time", "a second term") need not run. extract_dates asks first,
 * and tries those matchers on an ordinal only when their bit is set; the
 * answer is remembered for them.
 *
 * The parse ends a number at the end of a word (xc_word_end), going on
 * past one only over "-", or over spaces (and an "and") to a number word.
 * Within the run there is no space, so a number that ends inside it is
 * followed by none and the matchers fail. Past the run's end re the number
 * goes on only when the byte there begins a word past ASCII (xc_word_end
 * reads on) or the word after the spaces is "and" or may be a number word
 * (word_kind_of's K_NUMBER): every bit then. Anything else ends the number
 * at re, before a byte that is no space (0) or before the word that tells
 * which matcher may read on. */
static unsigned ordinal_next(const dctx *c, size_t a, size_t re, const xc_token *ta);

static unsigned ordinal_after(const dctx *c, size_t a)
{
    struct ord_memo *om = c->ords;
    return om->pos == a ? om->next : ordinal_next(c, a, ordinal_run(c, a), NULL);
}

/* ordinal_after at a, where re is ordinal_run(c, a); ta is a's entry of the
 * index when the caller has it at hand (or NULL). */
static unsigned ordinal_next(const dctx *c, size_t a, size_t re, const xc_token *ta)
{
    struct ord_memo *om = c->ords;
    const char *s = c->s;
    size_t len = c->len, q, qe;
    const xc_token *t = NULL;
    if (ta && ta->start == a && re > a && re == xc_token_end(ta) &&
        ta + 1 < c->words->v + c->words->n && ta[1].start == re + 1 && s[re] == ' ' &&
        ta[1].flags == XC_TOKEN_ASCII_END) {
        /* the common case, the ordinal's word and one space before the next
         * word of the index, of ASCII letters: the spaces end at it (it
         * begins with a letter), its letters end at its end (as wend and
         * indexed_at tell) */
        t = ta + 1, q = re + 1, qe = xc_token_end(t);
    } else {
        q = xc_skip_spaces(s, len, re);
        qe = re == a || q == re ? q : wend(c, q);
    }
    unsigned next = 0;
    if (re == a || q == re) {
        /* no ordinal, or no space after it: unless a word past ASCII goes on */
        next = re > a && re < len && (unsigned char)s[re] >= 0x80 ? ORD_DAY_OF | ORD_PARTS : 0;
    } else {
        size_t n = qe - q;
        const char *x = s + q;
        /* match_century's own first test, on the same run */
        if (q < len && (x[0] | 0x20) == 'c') next = ORD_CENTURY;
        if (n == 2 && IEQ(x, 2, "of"))
            next |= ORD_DAY_OF;
        else if (n == 3 && IEQ(x, 3, "day"))
            next |= ORD_DAY_OF;
        else if ((n == 4 && (IEQ(x, 4, "week") || IEQ(x, 4, "half"))) ||
                 (n == 7 && IEQ(x, 7, "quarter")))
            next |= ORD_PARTS;
        else if (n == 0 || (n == 3 && IEQ(x, 3, "and")))
            next |= ORD_DAY_OF | ORD_PARTS; /* no letters ("fifty - two"), "and": the parse reads */
        else if (!(t || (t = indexed_at(c, q))) || xc_token_end(t) != qe || !c->f_numw || n > 64)
            next |= word_kind(c, q) & K_NUMBER ? ORD_DAY_OF | ORD_PARTS : 0;
        else if (xc_lex_filter_has(c->f_numw, t->bit) || (n == 1 && (x[0] | 0x20) == 'a') ||
                 (n == 2 && IEQ(x, 2, "an")) ||
                 (n > 3 && (x[n - 1] | 0x20) == 's' &&
                  xc_lex_filter_has(c->f_numw, xc_lex_filter_bit(x, n - 1))))
            next |= ORD_DAY_OF | ORD_PARTS; /* K_NUMBER as word_kind_of tells it, from the index */
    }
    om->pos = a, om->next = next;
    return next;
}

/* The filter bits word_may_start reads for "the", "a" and "an" and the
 * word after them, built once per thread. */
struct article_bits {
    bool built;
    unsigned the, a, an, last;
    /* the words after "the" that word_may_start lets through besides
     * number words: "last", "day", "end", "week", "start", "middle",
     * "beginning" */
    uint8_t after_the[XC_LEX_FILTER_BITS / 8];
};

static const struct article_bits *article_bits(void)
{
    static _Thread_local struct article_bits ab;
    if (!ab.built) {
        static const char *const after_the[] = {"last",  "day",    "end",      "week",
                                                "start", "middle", "beginning"};
        for (size_t i = 0; i < sizeof after_the / sizeof after_the[0]; i++) {
            unsigned bit = xc_lex_filter_bit(after_the[i], strlen(after_the[i]));
            xc_lex_filter_add(ab.after_the, bit);
        }
        ab.the = xc_lex_filter_bit("the", 3), ab.a = xc_lex_filter_bit("a", 1);
        ab.an = xc_lex_filter_bit("an", 2), ab.last = xc_lex_filter_bit("last", 4);
        ab.built = true;
    }
    return &ab;
}

/* The scan's table: a byte per filter bit, built once per thread and rule
 * set (a rule set's lists, and so its filters, never change; serials are
 * never reused), whose flags answer in one load what the scan and the
 * matchers' pre-checks ask of a word's bit:
 *   A_STOP     the date_starts or the extra_start_words filter has the
 *              bit: the scan stops at the word. Bit 0 always has it: it is
 *              the bit of every number in digits (xc_tokens_scan), where the
 *              scan must stop, so that the scan need not test the token's
 *              digit flag (a word of letters whose bit is 0 stops there too,
 *              and word_may_start, which tests the filters themselves, rules
 *              it out next).
 *   A_ARTICLE  the bit of "the", "a" or "an" (with A_STOP):
 *              article_starts_none tells first whether such a word starts
 *              anything.
 *   A_NUMW, A_MONTH, A_WEEKDAY
 *              the number words', months' or weekdays' filter has the bit
 *              (every bit, when the list is not bound: no filter rules a
 *              word out then).
 *   A_AFTER_THE the bit of a word of after_the ("last", "day", ...).
 *   A_LAST     the bit of "last".
 *   A_KEYWORD  the bit of a keyword of kw_table: a word of another bit is
 *              none, and word_kind_of probes the table only for these.
 * A flag set for a bit says "maybe" for every word of that bit: the words
 * themselves are compared where it matters. NULL when starts is NULL (no
 * filter: every word is tried). The flags (A_*) are declared with the
 * keywords. */
/* Sets flag on every bit of filter f (every bit when f is NULL). The
 * filter is read 64 bits at a time: most of its words are 0. */
static void table_add_filter(uint8_t *b, const uint8_t *f, unsigned flag)
{
    if (!f) {
        for (size_t i = 0; i < XC_LEX_FILTER_BITS; i++) b[i] |= (uint8_t)flag;
        return;
    }
    for (size_t i = 0; i < XC_LEX_FILTER_BITS / 64; i++) {
        /* bits 64i..64i+63: filter bit k is bit k % 8 of byte k / 8, that
         * is bit k % 64 of the little-endian word of bytes 8i..8i+7 */
        uint64_t x = xc_load_le64((const char *)f + 8 * i);
        for (; x; x &= x - 1) b[64 * i + (unsigned)__builtin_ctzll(x)] |= (uint8_t)flag;
    }
}

static const uint8_t *any_filter(const dctx *c)
{
    static _Thread_local struct {
        xc_rules_tie tie;
        uint8_t b[XC_LEX_FILTER_BITS];
    } u;
    if (!c->f_starts) return NULL;
    if (xc_rules_retie(&u.tie, c->rs)) {
        const struct article_bits *ab = c->ab;
        memset(u.b, 0, sizeof u.b);
        table_add_filter(u.b, c->f_starts, A_STOP);
        table_add_filter(u.b, c->extra, A_STOP);
        table_add_filter(u.b, c->f_numw, A_NUMW);
        table_add_filter(u.b, c->f_month, A_MONTH);
        table_add_filter(u.b, c->f_weekday, A_WEEKDAY);
        table_add_filter(u.b, ab->after_the, A_AFTER_THE);
        u.b[ab->last] |= A_LAST;
        const unsigned articles[] = {ab->the, ab->a, ab->an};
        for (size_t i = 0; i < 3; i++)
            if (u.b[articles[i]] & A_STOP) u.b[articles[i]] |= A_ARTICLE;
        for (size_t h = 0; h < KW_SLOTS; h++)
            if (c->kw[h].kind) u.b[c->kw[h].bit] |= A_KEYWORD;
        u.b[0] |= A_STOP;
    }
    return u.b;
}

/* Could a date begin with the word at p? A filter test first; "the", "a"
 * and "an" only before a number word or "last" ("the first quarter", "a
 * dozen days ago"). *e is the end of the word's letters. cur is the word
 * index's entry for the word at p when its letters are ASCII (else NULL),
 * next the entry after it (NULL when there is none): the words' ends and
 * filter bits are read from them. */
__attribute__((always_inline)) static inline bool word_may_start(const dctx *c, size_t p,
                                                                 const xc_token *cur,
                                                                 const xc_token *next, size_t *e,
                                                                 bool *extra_only)
{
    *e = cur ? xc_token_end(cur) : wend(c, p);
    const char *w = c->s + p;
    size_t n = *e - p;
    if (n == 0 || n > 12) return false;
    if (cur && c->f_starts) {
        *extra_only = !xc_lex_filter_has(c->f_starts, cur->bit);
        if (*extra_only && !xc_lex_filter_has(c->extra, cur->bit)) return false;
    } else {
        *extra_only = !maybe_in(c, c->f_starts, w, n);
        if (*extra_only && !xc_lex_filter_test(c->extra, w, n)) return false;
    }
    bool article = n == 3   ? IEQ(w, n, "the")
                   : n == 1 ? (w[0] | 0x20) == 'a'
                            : n == 2 && IEQ(w, n, "an");
    if (article) {
        size_t q = *e;
        while (q < c->len && (c->s[q] == ' ' || c->s[q] == '\t')) q++; /* xc_skip_spaces */
        if (q == *e) return false;
        /* an ASCII word at q is the next one of the index (only spaces lie
         * between), and its letters end where the index says */
        bool indexed = next && next->start == q && !(next->flags & XC_TOKEN_DIGIT) &&
                       (next->flags & XC_TOKEN_ASCII_END);
        size_t qe = indexed ? xc_token_end(next) : wend(c, q);
        if (qe == q) return n == 3 && q < c->len && is_digit(c->s[q]); /* "the 18th" */
        const char *x = c->s + q;
        size_t k = qe - q;
        bool numw = indexed && c->f_numw && k <= 64 ? xc_lex_filter_has(c->f_numw, next->bit)
                                                    : maybe_in(c, c->f_numw, x, k);
        if (numw || IEQ(x, k, "last")) return true;
        if (n != 3) return false;
        /* "the day after tomorrow", "the end of", "the week beginning" */
        switch (k) {
        case 3:
            return IEQ(x, k, "day") || IEQ(x, k, "end");
        case 4:
            return IEQ(x, k, "week");
        case 5:
            return IEQ(x, k, "start");
        case 6:
            return IEQ(x, k, "middle");
        case 9:
            return IEQ(x, k, "beginning");
        default:
            return false;
        }
    }
    return true;
}

/* False when match_relative's count ("two days ago") certainly does not
 * start at a number in words whose letters end at e (an ASCII byte after
 * them), next being the index's entry after the word's (NULL when there is
 * none): the count needs a unit word right after its number, and the number
 * ends at e when one space or tab and then a word that goes on no number
 * follow (the parse goes on past a word's end only over "-", or over
 * spaces to "and", to "point" and its decimals, or to a word that may be a
 * number word, as ordinal_next reads it). That word is the next one of the
 * index, of ASCII letters (at most 64), whose filter bit is no unit's
 * (unit_filter), and which is neither "and" nor "point" nor a number word
 * as word_kind_of tells it (K_NUMBER: the number words' filter, "a", "an",
 * a plural of a number word). True in any other
 * case: unit_soon and match_relative decide. A cheap test before
 * unit_soon, which most numbers in words ("two people", "one of them")
 * would scan five words on for nothing. s and len are the text, any the
 * scan's table (NULL: true), unitf and numw unit_filter() and the number
 * words' filter. */
__attribute__((always_inline)) static inline bool
count_may_go_on_in(const char *s, size_t len, const uint8_t *any, const uint8_t *unitf,
                   const uint8_t *numw, size_t e, const xc_token *next)
{
    if (!next || !any || e >= len || (s[e] != ' ' && s[e] != '\t')) return true;
    if (next->start != xc_skip_spaces(s, len, e) || next->flags != XC_TOKEN_ASCII_END ||
        next->letters > 64)
        return true;
    if (xc_lex_filter_has(unitf, next->bit) || (any[next->bit] & A_NUMW)) return true;
    const char *x = s + next->start;
    size_t n = next->letters;
    if ((n == 1 && (x[0] | 0x20) == 'a') || (n == 2 && IEQ(x, 2, "an")) ||
        (n == 3 && IEQ(x, 3, "and")) || (n == 5 && IEQ(x, 5, "point")))
        return true;
    /* word_kind_of's plural: numw is not NULL (A_NUMW is set on every bit
     * without it) */
    return n > 3 && (x[n - 1] | 0x20) == 's' &&
           xc_lex_filter_has(numw, xc_lex_filter_bit(x, n - 1));
}

/* count_may_go_on_in with the context's text, table and filters. */
__attribute__((always_inline)) static inline bool count_may_go_on(const dctx *c, size_t e,
                                                                  const xc_token *next)
{
    return count_may_go_on_in(c->s, c->len, c->f_any, c->unitf, c->f_numw, e, next);
}

/* What the scan (skip_unlisted, article_starts_none) reads. */
struct walk {
    const char *s;
    const uint8_t *any; /* any_filter() */
    const xc_token *v;  /* the word index */
    size_t nw;          /* its length */
    /* one past the last entry at which scan_stops (v when there is none):
     * before it, the scan finds a stop before the end of the index; from
     * it on, the scan is done */
    const xc_token *stop_ptr;
    const xc_token *last; /* the last entry (v when there is none) */
    size_t len;           /* the text's length */
    /* num_next_filter() (NULL: digits_start_none says no) and the month
     * names' filter (not NULL when num_next is not) */
    const uint8_t *num_next, *month;
    /* the number words', the scales' and unit_filter()'s filters */
    const uint8_t *numw, *scales, *unitf;
    const dctx *c; /* for word_kind_of (keyword_starts_none) */
    /* the last word whose kind keyword_starts_none read, and that kind:
     * extract_dates, which stops there when it is no skip, reads it back */
    struct kind_memo {
        const xc_token *t; /* NULL when empty */
        unsigned k;
    } * km;
};

static bool article_other_none(const struct walk *w, const xc_token *t, const xc_token *next);

/* True when entry x (NULL: none) is a word of ASCII letters, at most 64,
 * with an ASCII byte or the end of the text after them, that starts at
 * at: the next word as the scan's tests read it. */
static inline bool ascii_word_at(const xc_token *x, size_t at)
{
    return x && x->start == at && x->flags == XC_TOKEN_ASCII_END && x->letters <= 64;
}

/* True when no matcher reads on after the word of x, an entry of ASCII
 * letters that the scan's table marks as a number word, y being the entry
 * after it (NULL when there is none): where x has no ordinal's shape
 * (ordinal_run_tok: fewer than five letters, or the last two no ordinal
 * suffix, with no digit or "-" after them), or where ordinal_next answers
 * 0 for it, as it reads its common case: one space after the letters,
 * then y, a word of ASCII letters (at most 64) that does not begin with
 * "c" (match_century), is none of "of", "day", "week", "half", "quarter",
 * "and", "a", "an", has a bit the number words' filter does not have (the
 * table's A_NUMW, set on every bit when the list is not bound), and does
 * not end in "s" after three letters (which may be the plural of a number
 * word). Then match_century, match_word and match_period, which read an
 * ordinal only before what ordinal_next names, read nothing there. False
 * in any other case. */
static bool ordinal_reads_none(const struct walk *w, const xc_token *x, const xc_token *y)
{
    const char *s = w->s;
    size_t e = xc_token_end(x);
    if (e < w->len && (is_digit(s[e]) || s[e] == '-')) return false;
    if (x->letters < 5 || !ordinal_suffix_at(s, w->len, e - 2)) return true;
    if (!y || e >= w->len || s[e] != ' ' || y->start != e + 1 || y->flags != XC_TOKEN_ASCII_END ||
        y->letters > 64 || (w->any[y->bit] & A_NUMW))
        return false;
    const char *q = s + y->start;
    size_t n = y->letters;
    if ((q[0] | 0x20) == 'c' || (n > 3 && (q[n - 1] | 0x20) == 's')) return false;
    switch (n) {
    case 1:
        return (q[0] | 0x20) != 'a';
    case 2:
        return !IEQ(q, 2, "of") && !IEQ(q, 2, "an");
    case 3:
        return !IEQ(q, 3, "day") && !IEQ(q, 3, "and");
    case 4:
        return !IEQ(q, 4, "week") && !IEQ(q, 4, "half");
    case 7:
        return !IEQ(q, 7, "quarter");
    default:
        return true;
    }
}

/* True when the word of t is "the", "a" or "an" and word_may_start would
 * let it through for no reason but the word after it, which it does not
 * (the scan then goes on with the next word of the index, as it does when
 * word_may_start says no): the next word of the index, next, follows it
 * after one space or tab, has only ASCII letters (at most 64), and is no
 * number word (as the bound list's filter says) and none of the words
 * word_may_start names after the word (after "the" those of after_the,
 * after "a" and "an" "last"), as the scan's table tells from next's bit (a
 * word equal to one has its bit). Any other case is left to word_may_start
 * (false). Called only where the table marks t's bit A_ARTICLE. */
static inline bool article_starts_none(const struct walk *c, const xc_token *t,
                                       const xc_token *next)
{
    /* the article's letters, the byte after them and the byte after that, as
     * four bytes read at once, by the number of letters (1 to 3): which of
     * them to compare, the bits that make the letters lower case, the bytes
     * wanted with a space after the letters, what a tab instead of the space
     * changes in them ('\t' ^ ' ' in the byte after the letters), and the
     * table's flags of the words after it that word_may_start lets through.
     * One entry a length, so that one address serves every field. */
    static const struct {
        uint32_t keep, lower, want, tab;
        unsigned after;
    } art[4] = {
        {0, 0, 0, 0, 0},
        {0xffffu, 0x20u, 'a' | ' ' << 8, (uint32_t)('\t' ^ ' ') << 8, A_NUMW | A_LAST},
        {0xffffffu, 0x2020u, 'a' | 'n' << 8 | ' ' << 16, (uint32_t)('\t' ^ ' ') << 16,
         A_NUMW | A_LAST},
        {0xffffffffu, 0x202020u, 't' | 'h' << 8 | 'e' << 16 | (uint32_t)' ' << 24,
         (uint32_t)('\t' ^ ' ') << 24, A_NUMW | A_AFTER_THE},
    };
    unsigned n = t->letters;
    if (n - 1 > 2) return false; /* no letter, or more than three */
    /* next follows the letters after one byte, a space or a tab, and is a
     * word of ASCII letters (at most 64); other cases are article_other_none's */
    if (!ascii_word_at(next, t->start + n + 1)) return article_other_none(c, t, next);
    /* the four bytes from t->start are in the text: the article's letters,
     * the blank and next's letters (a word of the index that is no number)
     * are four at least, but for "a" before a word of one letter, which the
     * general test takes. The token's letters are letters: | 0x20 makes
     * them lower case and leaves no other byte equal to a lower-case
     * letter. */
    if (n + next->letters < 3) return false;
    uint32_t d = ((xc_load_le32(c->s + t->start) | art[n].lower) & art[n].keep) ^ art[n].want;
    if (d && d != art[n].tab) return article_other_none(c, t, next);
    unsigned after = c->any[next->bit];
    if (!(after & art[n].after)) return true;
    /* "the" and a number word that is no keyword, month or weekday (nor
     * is the article's own bit one of those, or a number word's): after
     * "the" the matchers read such a word only as an ordinal, and only
     * before what ordinal_next names ("the first time", "the two") */
    return n == 3 && !(after & (A_AFTER_THE | A_KEYWORD | A_MONTH | A_WEEKDAY)) &&
           !(c->any[t->bit] & (A_MONTH | A_WEEKDAY | A_NUMW)) &&
           ordinal_reads_none(c, next, next < c->last ? next + 1 : NULL);
}

/* True when the word of t, which the scan's table marks as a number word
 * (A_NUMW) and as no keyword, month or weekday (a word of that bit is then
 * none of them), starts no date: what extract_dates tells of such a word
 * after word_may_start (and passes over, as it does where word_may_start
 * says no), told here so that the scan goes on over the most common words
 * that pass its table ("two people", "one of them", "three", "million").
 * The word's letters are ASCII and end at the end of the text or before an
 * ASCII byte that is no letter, digit or "-"; no matcher reads on after
 * them as an ordinal (ordinal_reads_none: no ordinal's shape, or none of
 * the words ordinal_next names after it); and no count whose unit may
 * follow starts at them (count_may_go_on). False in any other case:
 * extract_dates decides. */
static inline bool number_word_none(const struct walk *w, const xc_token *t, const xc_token *next)
{
    const char *s = w->s;
    size_t e = xc_token_end(t);
    if (t->flags != XC_TOKEN_ASCII_END) return false;
    if (e < w->len && (ascii_alnum(s[e]) || s[e] == '-')) return false;
    return ordinal_reads_none(w, t, next) &&
           !count_may_go_on_in(s, w->len, w->any, w->unitf, w->numw, e, next);
}

/* True when the word of t, whose bit the scan's table marks as a keyword's
 * and as no month's, weekday's or number word's, starts no date: what
 * extract_dates tells of it (and passes over, as it does where
 * word_may_start says no), told here for the keywords that pass the
 * scan's table most ("this", "new", "year", "now", "later") when the words
 * around them start nothing. Its letters are ASCII (at most twelve) and
 * end at the end of the text or before an ASCII byte that is no letter or
 * digit; its kind (word_kind_of) has none of the bits that let other
 * matchers than these run at it:
 *   K_NUMBER   the ordinal matchers and match_relative's count only where
 *              number_word_none does not rule them out;
 *   K_NOW      now_at only after "from" or "between" (range_word_before);
 *   K_HOLIDAY  match_holiday only where holiday_named finds a name;
 *   K_PART     match_period_part only at "eoy" or before spaces and "of"
 *              (nt below);
 *   K_EARLY    match_relative ("earlier this month") only before spaces and
 *              "this", "last", "next" or "previous", or before no word
 *              (its count); nt, the index's entry after t where it follows
 *              the letters after spaces and is a word of ASCII letters
 *              (which end where wend ends them), is the next word;
 *   K_PHRASE, K_EARLY, K_OFFSET  match_phrase only where its first test
 *              lets it read on: after a word of three letters that begins
 *              with "d" ("day") a word that begins with "a" or "b", after
 *              one of four that begins with "y" ("year") one that begins
 *              with "t" or "-t", after one of one letter ("w/c") anything,
 *              after one of five or seven letters that begins with "e" or
 *              of four or five that begins with "l" ("earlier in") one that
 *              begins with "i", and after any word one that begins with "w"
 *              or "p" ("this weekend", "this past weekend");
 *   K_OFFSET   match_period and match_relative only when the kind of nt
 *              (kx, as word_kind_tok tells it) has K_PERIOD_NEXT, K_NUMBER,
 *              K_WEEKDAY or K_OFFSET_NEXT.
 * Its other bits (K_OFFSET_NEXT, K_PERIOD_NEXT, K_DAY, K_WEEK) are read
 * only of the word after "the" or "this". A word of a keyword's bit that is
 * no keyword (kind 0) starts nothing. False in any other case:
 * extract_dates decides. */
static bool keyword_starts_none(const struct walk *w, const xc_token *t, const xc_token *next)
{
    const char *s = w->s;
    size_t len = w->len, p = t->start, e = xc_token_end(t), n = t->letters;
    if (t->flags != XC_TOKEN_ASCII_END || n > 12) return false;
    if (e < len && ascii_alnum(s[e])) return false;
    unsigned k = word_kind_of(w->c, p, e, t->bit);
    w->km->t = t, w->km->k = k;
    if (k & (K_THE | K_ARTICLE | K_DAYWORD | K_PERIOD | K_MONTH | K_WEEKDAY)) return false;
    if ((k & K_NUMBER) && !number_word_none(w, t, next)) return false;
    /* the next word, where it follows the letters after spaces and is one
     * of ASCII letters (its letters end where wend ends them): NULL
     * otherwise */
    const xc_token *nt = next && next->start != e && next->start == xc_skip_spaces(s, len, e) &&
                                 next->flags == XC_TOKEN_ASCII_END && next->letters >= 1 &&
                                 next->letters <= 64
                             ? next
                             : NULL;
    if ((k & K_PART) && (!nt || (n == 3 && IEQ(s + p, 3, "eoy")) ||
                         (nt->letters == 2 && IEQ(s + nt->start, 2, "of"))))
        return false;
    if (k & K_EARLY) {
        if (!nt) return false;
        const char *x = s + nt->start;
        size_t xn = nt->letters;
        if (IEQ(x, xn, "this") || IEQ(x, xn, "last") || IEQ(x, xn, "next") ||
            IEQ(x, xn, "previous"))
            return false;
    }
    if ((k & K_NOW) && range_word_before(s, p) > 0) return false;
    size_t he;
    if ((k & K_HOLIDAY) && holiday_named(w->c, p, e, &he)) return false;
    if (k & (K_PHRASE | K_EARLY | K_OFFSET)) {
        size_t r = xc_skip_spaces(s, len, e);
        char nx = r > e && r < len ? (char)(s[r] | 0x20) : '\0';
        char c0 = (char)(s[p] | 0x20);
        bool inw = (c0 == 'e' && (n == 5 || n == 7)) || (c0 == 'l' && (n == 4 || n == 5));
        if (nx == 'w' || nx == 'p' || (inw && nx == 'i') || n == 1 ||
            (n == 3 && c0 == 'd' && (nx == 'a' || nx == 'b')) ||
            (n == 4 && c0 == 'y' &&
             (nx == 't' || (e + 1 < len && s[e] == '-' && (s[e + 1] | 0x20) == 't'))))
            return false;
    }
    if (!(k & K_OFFSET)) return true;
    if (!nt) return false;
    unsigned kx = word_kind_tok(w->c, nt->start, xc_token_end(nt), nt->bit);
    return !(kx & (K_PERIOD_NEXT | K_NUMBER | K_WEEKDAY | K_OFFSET_NEXT));
}

/* The filter bits of the words after which a number in digits may begin a
 * date or match_relative's count, as digits_start_none asks: those of the
 * month names, the number words and the scales (the bound lists' filters)
 * and of unit_filter's units, and the bits of "of" and "dozens", which
 * day_digits_start_none and digits_count_none name. Built once per thread
 * and rule set; NULL when one of the three lists is not bound (every word
 * may be in it: the scan then leaves every number to extract_dates). */
static const uint8_t *num_next_filter(const dctx *c)
{
    static _Thread_local struct {
        xc_rules_tie tie;
        uint8_t f[XC_LEX_FILTER_BITS / 8];
    } u;
    if (!c->f_month || !c->f_numw || !c->f_scales) return NULL;
    if (xc_rules_retie(&u.tie, c->rs)) {
        for (size_t i = 0; i < sizeof u.f; i++)
            u.f[i] = c->f_month[i] | c->f_numw[i] | c->f_scales[i] | c->unitf[i];
        xc_lex_filter_add(u.f, xc_lex_filter_bit("of", 2));
        xc_lex_filter_add(u.f, xc_lex_filter_bit("dozens", 6));
    }
    return u.f;
}

static bool count_digits_none(const char *s, size_t len, const uint8_t *numw, const uint8_t *scales,
                              const uint8_t *unitf, size_t p, size_t de, const xc_token *next,
                              const xc_token *end);

/* For digits_start_none: true when after the "-" that follows one to three
 * digits, the digits from a (one to three of them, no year of four, which
 * match_day_first reads) end no day range that match_day_range reads
 * ("10-13 victory", "21-17."): that range needs one or two digits there
 * (day_at), then spaces and a month (after an optional "of"). So the digits
 * end it when the end of the text or an ASCII byte that is no letter or
 * digit, a space or a tab follows them, or one space and the index's next
 * entry after num (the entry of the digits at a): a word of ASCII letters
 * (at most 64) with an ASCII byte after them whose bit the month names'
 * filter does not have and which is not "of". */
static inline bool day_range_none(const struct walk *w, size_t a, const xc_token *num)
{
    const char *s = w->s;
    size_t f = a + 1;
    while (f < w->len && f - a < 4 && is_digit(s[f])) f++;
    if (f - a > 3) return false;
    if (f == w->len) return true;
    unsigned char x = (unsigned char)s[f];
    if (x != ' ') return x < 0x80 && !ascii_alnum((char)x) && x != '\t';
    const xc_token *t = num && num < w->last && num->start == a ? num + 1 : NULL;
    return ascii_word_at(t, f + 1) && !xc_lex_filter_has(w->month, t->bit) &&
           !(t->letters == 2 && IEQ(s + f + 1, 2, "of"));
}

static bool half_or_quarter_at(const char *s, size_t len, size_t e);

/* True when the number in digits of t, which begins with four digits, is
 * four digits and no more, then one space and next, a word of ASCII
 * letters (at most 64), and starts no date: extract_dates tries four digits
 * only with match_period, match_digit and match_relative's count.
 * match_period reads them only before "q" or "h" and a digit
 * (half_or_quarter_at); match_digit's match_year_first only before a month
 * name (no bit of the month names' filter) after the space; its decades
 * only before "s" or "'s" (the space rules them out); its bare year only
 * for 1800 to 2100 where the year stands by itself: at the start of the
 * text, after "(", after "-" ("mid-2008") or after one of year_preps
 * ("in 2008"); and the count only where count_digits_none does
 * not rule it out. Anything else is left to extract_dates (false). */
static bool year_digits_none(const struct walk *w, const xc_token *t, const xc_token *next)
{
    const char *s = w->s;
    size_t len = w->len, p = t->start, de = p + 4;
    if (de + 1 >= len || s[de] != ' ' || !ascii_word_at(next, de + 1) || next->letters < 1)
        return false;
    if (half_or_quarter_at(s, len, de) || xc_lex_filter_has(w->month, next->bit)) return false;
    int y = (s[p] - '0') * 1000 + (s[p + 1] - '0') * 100 + (s[p + 2] - '0') * 10 + (s[p + 3] - '0');
    if (y >= 1800 && y <= 2100 &&
        (p == 0 || s[p - 1] == '(' || s[p - 1] == '-' || prev_word_is(w->c, p, year_preps)))
        return false;
    return count_digits_none(s, len, w->numw, w->scales, w->unitf, p, de, next, w->last + 1);
}

/* True when no date starts at the number in digits of entry t, next being
 * the entry after it (NULL when there is none): what extract_dates finds
 * there (no matcher reads a date, and it goes on at the next entry) told
 * from the index and a few bytes, for the most common numbers of news text:
 * one to three digits, no apostrophe before them ("'90s"), and after them
 *   - one space and the next entry, a word of ASCII letters (at most 64)
 *     with an ASCII byte after them, none of the words connector_at joins
 *     two days with ("to", "and", "till", "thru", "until", "through") and
 *     whose bit w->num_next does not have ("12 people"; "3 of them" and
 *     "5 to 7 May" are tried);
 *   - a "-" and the next entry, such a word whose bit the month names'
 *     filter does not have ("32-year-old"), or a "-" and digits that end no
 *     day range (day_range_none: "10-13 victory");
 *   - the end of the text, or an ASCII byte that is no letter or digit nor
 *     a space, a tab, "-", "/" or "^" ("12,", "5.", "10:30", "(3)"); a ","
 *     or a "." before a digit ("7,000 points", "6.1-magnitude") only when
 *     count_digits_none (digits_count_none) says no count follows, the one
 *     matcher that reads on there.
 * With one to three digits neither match_digit's year (four) nor its eight
 * digits apply, no letter after them leaves no ordinal suffix
 * (match_century, match_period), no "/" no match_short_numeric, and no
 * groups or decimals follow; day_digits_start_none says match_digit reads
 * nothing (no month, not "of", after a space; no month and no digits after
 * "-"), digits_count_none that there is no count (no unit, number word,
 * scale or "dozens" after the space; no word at all otherwise), and
 * match_day_range, which a "-" (or a word that begins with "t", "a" or
 * "u") lets through day_range_may_start, reads no day after it without a
 * digit there (nor after a word that connector_at does not take). False in
 * any other case: extract_dates decides. */
static inline bool digits_start_none(const struct walk *w, const xc_token *t, const xc_token *next)
{
    const char *s = w->s;
    size_t p = t->start, de = p + 1;
    while (de < w->len && de - p < 4 && is_digit(s[de])) de++;
    if (p > 0 && s[p - 1] == '\'') return false;
    if (de - p > 3) return year_digits_none(w, t, next);
    if (de == w->len) return true;
    unsigned char x = (unsigned char)s[de];
    if (x == '-' && de + 1 < w->len && is_digit(s[de + 1])) return day_range_none(w, de + 1, next);
    if (x == ' ' || x == '-') {
        if (!ascii_word_at(next, de + 1)) return false;
        if (x == '-') return !xc_lex_filter_has(w->month, next->bit);
        if (xc_lex_filter_has(w->num_next, next->bit)) return false;
        /* the words connector_at joins two days with */
        return !day_joiner(s + de + 1, next->letters, true);
    }
    if (x >= 0x80 || ascii_alnum((char)x) || x == '\t' || x == '/' || x == '^') return false;
    if ((x == ',' || x == '.') && de + 1 < w->len && is_digit(s[de + 1]))
        return count_digits_none(s, w->len, w->numw, w->scales, w->unitf, p, de, next, w->last + 1);
    return true;
}

/* One or two digits at a and an ordinal suffix after them ("5th", "21st",
 * "3RD"): the day with a suffix that day_at reads there (day_at then ends
 * past the suffix), as match_century, match_word and match_the_day want it
 * after "the". A cheap test before them: true does not mean day_at reads a
 * day. */
static inline bool ordinal_digits_at(const char *s, size_t len, size_t a)
{
    size_t d = a;
    while (d < len && d - a < 3 && is_digit(s[d])) d++;
    return d > a && d - a <= 2 && ordinal_suffix_at(s, len, d);
}

/* article_starts_none where no word of ASCII letters follows the article
 * after one blank, or where the bytes there are not those of "the", "a" or
 * "an" and a blank: true when the word of t (with an ASCII byte, or the end
 * of the text, after its letters) is "the", "a" or "an" and extract_dates
 * passes over it. So it does when no blank follows the letters ("a.m.",
 * "the-") but the end of the text or an ASCII byte that is no letter or
 * digit, as word_may_start reads them; and when one space and a number in
 * digits, the next entry (next), follow "a" or "an" (word_may_start
 * says no: "a 15-year-old"), or follow "the" and are no day with an
 * ordinal suffix (ordinal_digits_at, which match_the_day, match_century
 * and match_word read) while the table gives the bit of "the" no month,
 * weekday or number word: after "the" the matchers read a number in digits
 * only as such a day ("the 2012 election"; "the 18th" is tried). */
__attribute__((noinline)) static bool article_other_none(const struct walk *w, const xc_token *t,
                                                         const xc_token *next)
{
    const char *s = w->s;
    size_t p = t->start, n = t->letters, e = p + n;
    if (t->flags != XC_TOKEN_ASCII_END) return false;
    bool the = n == 3 && IEQ(s + p, 3, "the");
    if (!the && !(n == 1 && (s[p] | 0x20) == 'a') && !(n == 2 && IEQ(s + p, 2, "an"))) return false;
    if (e == w->len) return true;
    char x = s[e];
    if (x != ' ' && x != '\t') return !ascii_alnum(x);
    if (x != ' ' || !next || next->start != e + 1 || !(next->flags & XC_TOKEN_DIGIT)) return false;
    if (!the) return true;
    return !(w->any[t->bit] & (A_MONTH | A_WEEKDAY | A_NUMW)) &&
           !ordinal_digits_at(s, w->len, e + 1);
}

/* True when match_digit certainly reads no date at the one or two digits
 * p..de: match_numeric wants a "/" at de, match_day_first a "-" or a "/"
 * at de or at e, after an ordinal suffix ("5th-"), or spaces and a month
 * (after an optional "of"), and a decade two digits after an apostrophe
 * ("'90s"). So the digits start none when e is the end of the text or
 * before a letter or digit glued to e ("1080p", "3am", "13thx"), an ASCII
 * byte that is no "/", "-", space or tab ("12,", "10:30", "5."), a "-" and
 * digits that are no year of four ("5-11", "2-8"), a "-" and a word the
 * month list's filter does not let through (the next entry of the index,
 * next, of ASCII letters: "32-year-old"), or ("12 people", "13th game")
 * spaces and such a word that is not "of". False in any other case:
 * match_digit decides. */
static bool day_digits_start_none(const dctx *c, size_t p, size_t de, const xc_token *next)
{
    const char *s = c->s;
    if (p > 0 && s[p - 1] == '\'') return false;
    size_t e = ordinal_suffix_at(s, c->len, de) ? de + 2 : de;
    if (e >= c->len) return true;
    unsigned char x = (unsigned char)s[e];
    if (x < 0x80 && ascii_alnum((char)x)) return true; /* day_at reads no day there */
    /* month_word reads the same entry (indexed_at), its end and its bit */
    bool no_month = next && c->f_month && next->flags == XC_TOKEN_ASCII_END &&
                    next->letters <= 64 && !xc_lex_filter_has(c->f_month, next->bit);
    if (x == '-') {
        /* match_day_first reads a year of four digits after the "-"
         * ("23-2020-September") or a month ("05-aug-2016"), and
         * match_numeric, after no weekday, no "-" */
        size_t d = e + 1;
        while (d < c->len && d - e <= 5 && is_digit(s[d])) d++;
        if (d > e + 1) return d - e - 1 != 4;
        return no_month && next->start == e + 1;
    }
    if (x != ' ') return x < 0x80 && x != '/' && x != '\t';
    size_t q = xc_skip_spaces(s, c->len, e);
    return no_month && next->start == q && !(next->letters == 2 && IEQ(s + q, 2, "of"));
}

/* After the four digits of a year ending at e: "q" or "h" and a digit,
 * glued or after "-" or a space ("2019 q1", "2019-Q1", "2019 h2"): what
 * match_period reads after a year. A cheap test before it. */
static bool half_or_quarter_at(const char *s, size_t len, size_t e)
{
    if (e + 2 >= len) return false;
    size_t r = e + (s[e] == '-' || s[e] == ' ');
    char k = (char)(s[r] | 0x20);
    return (k == 'q' || k == 'h') && is_digit(s[r + 1]);
}

/* 2 when the word before p is "between", 1 when it is "from", else 0. */
static int range_word_before(const char *s, size_t p)
{
    /* The word must end at p or one space or tab before it (where
     * prev_word ends it), with the "n" of "between" or the "m" of "from":
     * another ASCII byte there tells no without reading the word back. */
    size_t b = p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\t') ? p - 1 : p;
    if (b == 0) return 0;
    unsigned char x = (unsigned char)s[b - 1];
    if (x < 0x80) {
        if ((x | 0x20) != 'n' && (x | 0x20) != 'm') return 0;
        /* and the letter before it, the "e" of "between" or the "o" of
         * "from" (not "in" or "on", the most common words before a date) */
        if (b < 2 || (char)(s[b - 2] | 0x20) != ((x | 0x20) == 'n' ? 'e' : 'o')) return 0;
    }
    size_t we, ws = prev_word(s, p, &we);
    if (ws == SIZE_MAX || we + 1 < p) return 0;
    return IEQ(s + ws, we - ws, "between") ? 2 : IEQ(s + ws, we - ws, "from") ? 1 : 0;
}

/* False when match_day_range certainly reads no range at the one or two
 * digits ending at de: day_at ends the day there or after an ordinal
 * suffix, and connector_at wants, after spaces, a "-" or one of "to",
 * "and", "till", "thru", "until", "through". A cheap test before it: most
 * numbers in news text are followed by a word that begins with no "t", "a"
 * or "u" ("12 people", "12,", "12."). */
static inline bool day_range_may_start(const char *s, size_t len, size_t de)
{
    size_t q = xc_skip_spaces(s, len, ordinal_suffix_at(s, len, de) ? de + 2 : de);
    if (q >= len) return false;
    char x = (char)(s[q] | 0x20);
    return s[q] == '-' || x == 't' || x == 'a' || x == 'u';
}

/* True when match_relative's count ("3 days ago") certainly does not start
 * at the digits p..de, next being the index's entry after them and end the
 * index's end (next is NULL when there is none): the count's unit is the
 * first word after the number that xc_num_parse reads at p, after at least
 * one space or tab, and the number may be no fraction. The number's digits
 * go on, as parse_digits reads them, over groups of three after single
 * spaces or commas ("1 234", "30,000") and over decimals ("4.2"); at i,
 * past them:
 *   - the end of the text, or an ASCII byte that is no letter or digit and
 *     goes on no number (not a space, a tab, "^" or "/": "12:30", "5-11",
 *     "12, ", "83."), ends the number at i with no space after it: no unit;
 *   - after spaces or tabs, the end of the text or an ASCII byte that is no
 *     letter ("12 (", "12 34", "2 1/4", a fraction) leaves no unit either;
 *   - after spaces or tabs, a word of ASCII letters (an entry of the index,
 *     at most 64 letters) ends the number at i unless it is a scale word (a
 *     number word of the scale, hundred or dozen type, "dozens", or a word
 *     of the scales list): it would be the unit, and a word whose filter
 *     bit is neither a unit's (unit_filter) nor a number word's nor a
 *     scale's, and that is not "dozens", is none.
 * False in any other case (no index, a glued letter, a byte past ASCII):
 * unit_soon and match_relative decide. */
static bool count_digits_none(const char *s, size_t len, const uint8_t *numw, const uint8_t *scales,
                              const uint8_t *unitf, size_t p, size_t de, const xc_token *next,
                              const xc_token *end)
{
    size_t i = de, nd = de - p;
    if (i + 1 < len && (s[i] == ' ' || s[i] == ',' || s[i] == '.') && is_digit(s[i + 1])) {
        /* the groups and the decimals (most numbers have neither) */
        if (nd <= 3) {
            size_t k = i, groups = 0;
            while (k + 3 < len && s[k] == ' ' && digits_at(s, k + 1, 3) &&
                   !(k + 4 < len && (is_digit(s[k + 4]) || s[k + 4] == '/')) &&
                   !xc_is_word_char(s, len, k + 4))
                k += 4, groups++;
            if (groups) i = k, nd += 3 * groups;
        }
        if (nd <= 3)
            while (i + 3 < len && s[i] == ',' && digits_at(s, i + 1, 3) &&
                   !(i + 4 < len && is_digit(s[i + 4])))
                i += 4;
        if (i + 1 < len && s[i] == '.' && is_digit(s[i + 1]))
            for (i++; i < len && is_digit(s[i]); i++) {
            }
    }
    if (i >= len) return true;
    unsigned char x = (unsigned char)s[i];
    if (x < 0x80 && !ascii_alnum((char)x) && x != ' ' && x != '\t') return x != '^' && x != '/';
    if (x != ' ' && x != '\t') return false;
    size_t q = xc_skip_spaces(s, len, i);
    if (q >= len) return true;
    x = (unsigned char)s[q];
    if (x >= 0x80) return false;
    if (!(((x | 0x20) >= 'a' && (x | 0x20) <= 'z'))) return true;
    if (!numw || !scales) return false;
    const xc_token *t = next;
    for (int k = 0; t && t < end && t->start < q && k < 8; k++) t++;
    if (!t || t >= end || t->start != q || t->flags != XC_TOKEN_ASCII_END || t->letters > 64)
        return false;
    unsigned bit = t->bit;
    if (xc_lex_filter_has(unitf, bit) || xc_lex_filter_has(numw, bit) ||
        xc_lex_filter_has(scales, bit))
        return false;
    return !(t->letters == 6 && IEQ(s + q, 6, "dozens"));
}

/* count_digits_none with the context's text and filters. */
static bool digits_count_none(const dctx *c, size_t p, size_t de, const xc_token *next,
                              const xc_token *end)
{
    return count_digits_none(c->s, c->len, c->f_numw, c->f_scales, c->unitf, p, de, next, end);
}

/* The end of the word characters from p (ASCII ones without decoding). */
static size_t skip_word_slow(const char *s, size_t len, size_t p)
{
    while (p < len) {
        unsigned char x = (unsigned char)s[p];
        if (x < 0x80) {
            if (!ascii_alnum((char)x)) break;
            p++;
            continue;
        }
        if (!xc_is_word_char(s, len, p)) break;
        int32_t cpt;
        p += xc_utf8_decode(s, len, p, &cpt);
    }
    return p;
}

/* skip_word without a call where a word ends at p, the common case. */
static inline size_t skip_word(const char *s, size_t len, size_t p)
{
    if (p < len && (unsigned char)s[p] < 0x80 && !ascii_alnum(s[p])) return p;
    return skip_word_slow(s, len, p);
}

/* Whether the scan stops at token t: unless it is an ASCII word that the
 * scan's table any (any_filter) rules out. A number in digits has the
 * XC_TOKEN_ASCII_END flag too, but its bit is 0, which any never rules
 * out: one flag test and one load. */
static inline bool scan_stops(const xc_token *t, const uint8_t *any)
{
    return !(t->flags & XC_TOKEN_ASCII_END) || (any[t->bit] & A_STOP);
}

/* The first entry of the index from v[i] on at which the scan stops
 * (scan_stops) and that article_starts_none does not rule out, or nw when
 * there is none. Before w->stop_ptr there is a stop ahead (the last one of
 * the index is at or after it): the loop that finds it needs no bound
 * test. A word of more than twelve letters whose bit passes stops here
 * too, and word_may_start, which takes at most twelve, rules it out next. A
 * function of its own, and only this loop, so that the loop keeps its few
 * values in registers (inside extract_dates they are read from the stack);
 * "the", "a" and "an", the most common words that pass the table, and most
 * numbers in digits (digits_start_none) are told here too, so that the
 * scan leaves it only where a date may begin. Four
 * tokens a round (most runs between stops are several words long). */
__attribute__((noinline)) static size_t skip_unlisted(const struct walk *w, size_t i)
{
    const uint8_t *any = w->any;
    const xc_token *v = w->v, *t = v + i, *stop_end = w->stop_ptr, *last = w->last;
    while (t < stop_end) {
        for (;; t += 4) {
            if (scan_stops(t, any)) break;
            if (scan_stops(t + 1, any)) {
                t += 1;
                break;
            }
            if (scan_stops(t + 2, any)) {
                t += 2;
                break;
            }
            if (scan_stops(t + 3, any)) {
                t += 3;
                break;
            }
        }
        if (t->flags & XC_TOKEN_DIGIT) {
            if (!w->num_next || !digits_start_none(w, t, t < last ? t + 1 : NULL))
                return (size_t)(t - v);
        } else {
            unsigned info = any[t->bit];
            const xc_token *next = t < last ? t + 1 : NULL;
            if (info & A_ARTICLE) {
                if (!article_starts_none(w, t, next)) return (size_t)(t - v);
            } else if ((info & (A_NUMW | A_KEYWORD | A_MONTH | A_WEEKDAY)) == A_NUMW) {
                if (!number_word_none(w, t, next)) return (size_t)(t - v);
            } else if ((info & (A_NUMW | A_KEYWORD | A_MONTH | A_WEEKDAY)) != A_KEYWORD ||
                       !keyword_starts_none(w, t, next)) {
                return (size_t)(t - v);
            }
        }
        t++;
    }
    return w->nw;
}

/* The dates that start at the words of a window's core, fold [from,
 * core_end) (see xc_word_window), words its index. *pp is where the
 * matchers left the walk, carried from one window to the next. */
static xc_status extract_dates(dctx *cp, const xc_tokens *words, size_t from, size_t core_end,
                               size_t *pp)
{
    dctx c = *cp;
    xc_doc *doc = c.doc;
    const char *s = c.s;
    size_t len = c.len;
    size_t p = *pp, wi = 0;
    const uint8_t *any = c.f_any;
    const xc_token *v = words->v;
    size_t nw = words->n;
    xc_tokens_from(words, &wi, p > from ? p : from);
    /* the words of the core: those before ncore (all of a whole text's) */
    size_t ncore = nw;
    while (core_end != SIZE_MAX && ncore > wi && v[ncore - 1].start >= core_end) ncore--;
    size_t stop_end = 0;
    if (any)
        for (size_t k = nw; k > 0 && !stop_end; k--)
            if (scan_stops(&v[k - 1], any)) stop_end = k;
    struct kind_memo km = {NULL, 0};
    /* v may be NULL when nw is 0 */
    struct walk walk = {.s = s,
                        .any = any,
                        .v = v,
                        .nw = nw,
                        .stop_ptr = stop_end ? v + stop_end : v,
                        .last = nw ? v + nw - 1 : v,
                        .len = len,
                        .num_next = c.num_next,
                        .month = c.f_month,
                        .numw = c.f_numw,
                        .scales = c.f_scales,
                        .unitf = c.unitf,
                        .c = &c,
                        .km = &km};
    /* every word start of the text after p (the matchers move p past what
     * they read) */
    while (wi < ncore) {
        if (any) {
            /* the common case, an ASCII word no date begins with: one byte
             * test, and the next word of the index is the next start (it
             * begins after a byte that ends this word's letters) */
            wi = skip_unlisted(&walk, wi);
            if (wi >= ncore) break;
        }
        const xc_token *wd = &v[wi];
        p = wd->start;
        c.wi = wi;
        bool digit = wd->flags & XC_TOKEN_DIGIT;
        /* the word's letters are ASCII, and the index has their end and bit */
        bool ascii_word = !digit && (wd->flags & XC_TOKEN_ASCII_END);
        size_t we0 = p;
        bool extra_only = false;
        if (!digit && !word_may_start(&c, p, ascii_word ? wd : NULL,
                                      wi + 1 < nw ? &v[wi + 1] : NULL, &we0, &extra_only)) {
            if (ascii_word && (we0 == len || !ascii_alnum(s[we0]))) {
                /* the next word of the index is the next start (as below) */
                wi++;
                continue;
            }
            p = skip_word(s, len, we0);
            goto next;
        }
        if (ascii_word && any &&
            (any[wd->bit] & (A_NUMW | A_KEYWORD | A_MONTH | A_WEEKDAY)) == A_NUMW &&
            !count_may_go_on(&c, we0, wi + 1 < nw ? &v[wi + 1] : NULL) &&
            ((wd->letters < 5 && (we0 == len || (s[we0] != '-' && !is_digit(s[we0])))) ||
             ordinal_run_tok(&c, p, wd) == p)) {
            /* A number word and nothing else the matchers read (no
             * keyword, no month, no weekday: its kind is K_NUMBER alone),
             * not of an ordinal's shape (ordinal_run_tok; fewer than five
             * letters that no digit or "-" goes on from are none), and no
             * count whose unit may follow ("two people", "one of them"):
             * the matchers below would try it only as an ordinal
             * (match_century, match_word, match_period) or as
             * match_relative's count, so no date starts here. The most
             * common words that pass the scan's table; passed over as below
             * when nothing matches. */
            if (we0 == len || !ascii_alnum(s[we0])) {
                wi++;
                continue;
            }
            p = skip_word(s, len, we0);
            if (p < len && !xc_is_word_char(s, len, p)) p++;
            goto next;
        }
        if (ascii_word && any) {
            /* the word's end and filter bit, for the matchers */
            c.ends->pos[p % WEND_SLOTS] = p, c.ends->end[p % WEND_SLOTS] = we0;
            if (we0 - p <= 12) c.bits->w = s + p, c.bits->n = we0 - p, c.bits->bit = (int)wd->bit;
        }
        dmatch m;
        dm_reset(&m);
        bool ok = false, ranged = false;
        /* 1: after "from", 2: after "between" (then "and" joins); -1: not
         * read yet (most words that start no date never need it) */
        int between = -1;
        if (digit) {
            /* not part of a decimal, a time or a longer number */
            bool glued =
                p > 0 &&
                (s[p - 1] == '.' || s[p - 1] == ',' ||
                 (s[p - 1] == ':' && p > 1 && is_digit(s[p - 2])) || s[p - 1] == '$' ||
                 s[p - 1] == '/' ||
                 (s[p - 1] == '-' && !(p > 1 && ascii_alnum(s[p - 2]) && !is_digit(s[p - 2]))));
            /* Each matcher runs only where it can match, as it reads the
             * text: by the number of digits (nd) and what follows them. A
             * day, a month, a century or a quarter in digits has one or two
             * ("5th", "4/13", "3-5 April"), a year four ("2014-04-13",
             * "2014", "1980s"), a date written together eight ("20161016"). */
            size_t nd = 0;
            while (p + nd < len && is_digit(s[p + nd])) nd++;
            size_t de = p + nd;
            /* "21st", "2nd", "3rd", "19th": match_century, match_period */
            bool ord_digits = nd <= 2 && ordinal_suffix_at(s, len, de);
            if (!glued) {
                if (ord_digits) ok = match_century(&c, p, &m);
                /* a year reaches match_period only as "2019 q1", "2019-q1", "2019 h2" */
                if (!ok && (ord_digits || (nd == 4 && half_or_quarter_at(s, len, de))))
                    dm_reset(&m), ok = match_period(&c, p, &m);
                if (!ok && nd <= 2 && day_range_may_start(s, len, de)) {
                    dm_reset(&m);
                    ok = match_day_range(&c, p, &m, &between);
                    if (ok && between) {
                        size_t we;
                        m.start = prev_word(s, m.start, &we); /* "between 3 and 12 of Sept" */
                        ok = m.start != SIZE_MAX;
                        if (ok) goto found;
                    }
                }
                if (!ok && (nd == 4 || nd == 8 ||
                            (nd <= 2 &&
                             !day_digits_start_none(&c, p, de, wi + 1 < nw ? &v[wi + 1] : NULL))))
                    dm_reset(&m), ok = match_digit(&c, p, &m);
                /* "3 days ago": match_relative's count needs a unit soon after */
                if (!ok && !digits_count_none(&c, p, de, wi + 1 < nw ? &v[wi + 1] : NULL, v + nw) &&
                    unit_soon(&c, p))
                    dm_reset(&m), ok = match_relative(&c, p, &m);
                if (!ok && nd <= 2 && de < len && s[de] == '/') {
                    /* "on 4/13", "from 10/1 to 11/7", "2/29-3/1" */
                    dm_reset(&m);
                    dmatch b;
                    ok = match_short_numeric(&c, p, &m) &&
                         (prev_word_is(&c, p, numeric_preps) ||
                          (m.end + 1 < len && s[m.end] == '-' &&
                           (dm_reset(&b), match_short_numeric(&c, m.end + 1, &b))));
                }
            }
        } else {
            /* the words of extra_start_words run only the matchers that
             * read them; "the" runs all */
            bool the = we0 - p == 3 && IEQ(s + p, 3, "the");
            /* Each matcher runs only where it can match, as it reads the
             * text: k is what the word can be (word_kind); after "the" the
             * matchers read the next word, at a, instead (kn). */
            unsigned k;
            if (the && ascii_word && any) {
                /* word_kind_of without the keyword probe: "the" is the
                 * keyword K_THE, and the table's flags of its bit add what
                 * the lists' filters say (three letters: no plural) */
                unsigned info = any[wd->bit];
                k = K_THE | (info & A_MONTH ? K_MONTH : 0) | (info & A_WEEKDAY ? K_WEEKDAY : 0) |
                    (info & A_NUMW ? K_NUMBER : 0);
            } else {
                /* keyword_starts_none may have read it (an ASCII word's
                 * kind is word_kind_tok's) */
                k = !ascii_word  ? word_kind(&c, p)
                    : km.t == wd ? km.k
                                 : word_kind_tok(&c, p, xc_token_end(wd), wd->bit);
            }
            unsigned kn = 0;
            size_t a = xc_skip_spaces(s, len, we0);
            bool digit_a = false;
            if (the) {
                /* the next word of the index, when it starts at a and is
                 * one of ASCII letters: its end and bit are at hand */
                const xc_token *nx = wi + 1 < nw ? &v[wi + 1] : NULL;
                kn = nx && nx->start == a && nx->flags == XC_TOKEN_ASCII_END
                         ? word_kind_tok(&c, a, xc_token_end(nx), nx->bit)
                         : word_kind(&c, a);
                digit_a = a < len && is_digit(s[a]);
            }
            /* "the 18th": match_the_day, match_century and match_word read
             * a number in digits after "the" only as a day with an ordinal
             * suffix */
            bool ord_a = digit_a && ordinal_digits_at(s, len, a);
            /* an ordinal in words, as match_century, match_word and
             * match_period read it ("first", "the twenty-first"), is a
             * number (K_NUMBER) of the shape ordinal_run tests */
            bool ord_words = false;
            /* what may follow the ordinal (ordinal_after): match_word reads
             * an ordinal only before "day" or "of", match_period only
             * before "quarter", "week" or "half", match_century only
             * before a word that begins with "c" */
            unsigned ord_next = 0;
            if (((the ? kn : k) & K_NUMBER) && !digit_a) {
                /* the word's entry in the index: this word's, or after
                 * "the" the next one when it starts at a */
                size_t o = the ? a : p;
                const xc_token *to = !the && ascii_word ? wd
                                     : the && wi + 1 < nw && v[wi + 1].start == a &&
                                             v[wi + 1].flags == XC_TOKEN_ASCII_END
                                         ? &v[wi + 1]
                                         : indexed_at(&c, o);
                size_t re = ordinal_run_tok(&c, o, to);
                ord_words = re > o;
                if (ord_words) ord_next = ordinal_next(&c, o, re, to);
            }
            if ((the || extra_only) && ((the ? kn : k) & K_PART)) ok = match_period_part(&c, p, &m);
            if (!ok && extra_only && (k & K_HOLIDAY)) dm_reset(&m), ok = match_holiday(&c, p, &m);
            /* match_phrase: "the day after tomorrow", "the week of", "day
             * after tomorrow", "year to date", "w/c", "earlier in the
             * week", "this weekend" */
            if (!ok && (the ? (kn & (K_DAY | K_WEEK)) : (k & (K_PHRASE | K_EARLY | K_OFFSET))))
                dm_reset(&m), ok = match_phrase(&c, p, &m);
            if (!ok && ord_a) dm_reset(&m), ok = match_the_day(&c, p, &m);
            if (!ok && extra_only && (k & K_NOW)) between = range_word_before(s, p);
            if (!ok && between > 0 && extra_only) {
                /* "between now and November 15th" */
                dm_reset(&m);
                m.start = p;
                ranged = now_at(&c, p, &m) && extend_range(&c, &m, between);
                ok = ranged;
            }
            if (!extra_only) {
                if (!ok && (ord_a || (ord_next & ORD_CENTURY)))
                    dm_reset(&m), ok = match_century(&c, p, &m);
                if (!ok && ((k & (K_WEEKDAY | K_MONTH)) || ord_a || (ord_next & ORD_DAY_OF)))
                    dm_reset(&m), ok = match_word(&c, p, &m, k & K_WEEKDAY, k & K_MONTH);
                /* after "this", "last", ...: the next word (at a) */
                unsigned kx = 0;
                if (!ok && !the && (k & K_OFFSET)) {
                    const xc_token *nx = wi + 1 < nw ? &v[wi + 1] : NULL;
                    kx = nx && nx->start == a && (nx->flags & XC_TOKEN_ASCII_END) &&
                                 !(nx->flags & XC_TOKEN_DIGIT)
                             ? word_kind_tok(&c, a, xc_token_end(nx), nx->bit)
                             : word_kind(&c, a);
                }
                /* "Q1 2019", "week 31", "this quarter", "summer of 2014",
                 * "the last quarter of", "the first half of" */
                if (!ok && ((k & K_PERIOD) || (kx & K_PERIOD_NEXT) || (the && (kn & K_OFFSET)) ||
                            (ord_next & ORD_PARTS)))
                    dm_reset(&m), ok = match_period(&c, p, &m);
                /* "last week", "next 3 days", "last Tuesday", "this past
                 * weekend"; a word other than those reaches only
                 * match_relative's count ("two days ago"), which needs a unit
                 * soon after */
                if (!ok &&
                    ((k & (K_DAYWORD | K_EARLY)) || (kx & (K_NUMBER | K_WEEKDAY | K_OFFSET_NEXT)) ||
                     ((k & K_NUMBER) &&
                      (!ascii_word || count_may_go_on(&c, we0, wi + 1 < nw ? &v[wi + 1] : NULL)) &&
                      unit_soon(&c, p))))
                    dm_reset(&m), ok = match_relative(&c, p, &m);
            }
        }
        if (ok) {
            if (between < 0) between = range_word_before(s, p);
            if (ranged || extend_range(&c, &m, between) || extend_period_range(&c, &m, between)) {
                if (between) {
                    size_t we;
                    m.start = prev_word(s, m.start, &we);
                }
            } else {
                month_relative(&c, &m);
                take_part_word(&c, &m);
                take_modifier(&c, &m);
            }
        }
    found:
        if (ok && m.end > m.start) {
            /* "the early 1980s" starts before p */
            if (!doc->date_fold.n || m.start >= doc->date_fold.v[doc->date_fold.n - 1].end) {
                xc_status st = emit(&c, &m);
                if (st != XC_OK) return st;
            }
            p = m.end;
            goto next;
        }
        /* next token (a word's letters are word characters: skip_word goes
         * on from their end). A number in digits starts no date: the next
         * word of the index is the next start, as skip_word would find it
         * (no word of the index begins inside a run of word characters, nor
         * at the byte that ends it, which is none) */
        if (digit || (ascii_word && (we0 == len || !ascii_alnum(s[we0])))) {
            wi++; /* the next word of the index is the next start */
            continue;
        }
        p = skip_word(s, len, we0);
        if (p < len && !xc_is_word_char(s, len, p)) p++;
    next:
        /* the first word of the index at or after p */
        if (!xc_tokens_from(words, &wi, p)) break;
    }
    *pp = p;
    return XC_OK;
}

xc_status xc_extract_dates(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    if (!doc->fold) return XC_OK;
    struct num_memo memo = {SIZE_MAX, false, {0}};
    struct bit_memo bits = {NULL, 0, 0};
    struct wend_memo ends;
    for (size_t i = 0; i < WEND_SLOTS; i++) ends.pos[i] = SIZE_MAX, ends.end[i] = 0;
    const uint8_t *extra = extra_filter();
    dctx c = {0};
    c.doc = doc, c.rs = rules, c.s = doc->fold, c.len = doc->fold_len, c.w = w;
    c.serial = rules ? xc_rules_serial(rules) : 0;
    struct unit_memo units = {SIZE_MAX, false, 0};
    struct ord_memo ords = {SIZE_MAX, 0};
    c.memo = &memo, c.extra = extra, c.bits = &bits, c.ends = &ends, c.units = &units;
    c.ords = &ords;
    c.mod_last = modifier_last(rules);
    c.kw = kw_table();
    c.unitf = unit_filter();
    c.ab = article_bits();
    /* the rule set's date shapes, looked up once per thread and rule set */
    static _Thread_local struct {
        xc_rules_tie tie;
        const xc_rule *iso, *mdy, *dmy;
        struct shape_groups g_iso, g_mdy, g_dmy;
    } shapes;
    if (xc_rules_retie(&shapes.tie, rules)) {
        shapes.iso = dates_rule(rules, "date-iso");
        shapes.mdy = dates_rule(rules, "date-month-day-year");
        shapes.dmy = dates_rule(rules, "date-day-month-year");
        shapes.g_iso = shape_groups_of(shapes.iso);
        shapes.g_mdy = shape_groups_of(shapes.mdy);
        shapes.g_dmy = shape_groups_of(shapes.dmy);
    }
    c.r_iso = shapes.iso, c.r_mdy = shapes.mdy, c.r_dmy = shapes.dmy;
    c.g_iso = shapes.g_iso, c.g_mdy = shapes.g_mdy, c.g_dmy = shapes.g_dmy;
    if (doc->date && xc_parse_iso_date(doc->date, &c.ry, &c.rm, &c.rd)) {
        c.has_ref = true;
        c.rdays = xc_days_from_civil(c.ry, c.rm, c.rd);
    }
    xc_lex_bind(rules);
    /* the bound lists' filters, looked up once per thread and rule set: a
     * binding of the same rule set on the same thread gives the same ones */
    static _Thread_local struct {
        xc_rules_tie tie;
        const uint8_t *starts, *month, *weekday, *numw, *scales;
    } filters;
    if (xc_rules_retie(&filters.tie, rules)) {
        filters.starts = xc_lex_filter(rules, "date_starts");
        filters.month = xc_lex_filter(rules, "month");
        filters.weekday = xc_lex_filter(rules, "weekday");
        filters.numw = xc_lex_filter(rules, "number_words");
        filters.scales = xc_lex_filter(rules, "scales");
    }
    c.f_starts = filters.starts, c.f_month = filters.month;
    c.f_weekday = filters.weekday, c.f_numw = filters.numw, c.f_scales = filters.scales;
    c.f_any = any_filter(&c);
    c.num_next = c.f_any ? num_next_filter(&c) : NULL;
    /* the word index a window at a time (a long text's is never whole) */
    xc_word_window ww = {0};
    bool more;
    size_t p = 0;
    xc_status st;
    while ((st = xc_word_window_next(doc, &ww, &more)) == XC_OK && more) {
        c.words = ww.words;
        st = extract_dates(&c, ww.words, ww.from, ww.to, &p);
        if (st != XC_OK) break;
    }
    xc_word_window_free(&ww);
    xc_lex_unbind();
    return st;
}

void xc_date_write(xc_jw *w, const xc_doc *doc, size_t i)
{
    const xc_date *d = &doc->dates.v[i];
    xc_jw_str_member(w, "text", d->text);
    xc_jw_str_member(w, "value", d->value);
    xc_jw_str_member(w, "weekday", d->weekday);
    xc_jw_bool_member(w, "weekday_mismatch", d->weekday_mismatch);
    xc_jw_bool_member(w, "relative", d->relative);
    xc_jw_span(w, doc, d->span);
}
