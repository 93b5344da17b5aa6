/* dates.c — the dates extractor: absolute and partial dates ("Dec. 12, 2012",
 * "January 1951", "the early 1980s", "2014-04-13", "13 April 2014") and dates
 * relative to the document date ("last week", "on Tuesday", "earlier this
 * month"), normalized to ISO 8601 / TIMEX3 values. Runs before the figures
 * extractor, which skips every span taken here.
 *
 * One pass over the matching view: only token starts are looked at, and
 * only those that begin with a digit, an upper-case letter (months,
 * weekdays) or one of the relative-date words. */
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
} dctx;

typedef struct {
    size_t start, end;
    int y, m, d; /* 0 when not stated */
    int weekday; /* 1..7 (Monday..Sunday) named in the text, or 0 */
    size_t wd_start, wd_end;
    bool relative;  /* year or whole date taken from the document date */
    char value[32]; /* set directly for decades, weeks, offsets */
} dmatch;

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
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

static int days_in_month(int y, int m)
{
    static const int dm[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
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

static int lex_int(const dctx *c, const char *list, size_t a, size_t b)
{
    const char *v = xc_lex(c->rs, list, c->s + a, b - a, "value");
    return v ? atoi(v) : 0;
}

/* A month name at p (capitalized, abbreviations with an optional period). */
static int month_at(const dctx *c, size_t p, size_t *end)
{
    if (p >= c->len || !is_upper(c->s[p])) return 0;
    size_t e = xc_word_end(c->s, c->len, p);
    if (e == p) return 0;
    int m = lex_int(c, "month", p, e);
    if (!m) return 0;
    if (e - p <= 4 && e < c->len && c->s[e] == '.') e++;
    *end = e;
    return m;
}

static int weekday_at(const dctx *c, size_t p, size_t *end)
{
    if (p >= c->len || !is_upper(c->s[p])) return 0;
    size_t e = xc_word_end(c->s, c->len, p);
    if (e == p) return 0;
    int w = lex_int(c, "weekday", p, e);
    if (!w) return 0;
    if (e - p <= 5) {
        /* abbreviations only with a period or a comma: "Sat." */
        if (e < c->len && c->s[e] == '.')
            e++;
        else if (!(e < c->len && c->s[e] == ',') && e - p < 6 &&
                 !xc_ieq(c->s + p, e - p, "monday") && !xc_ieq(c->s + p, e - p, "friday") &&
                 !xc_ieq(c->s + p, e - p, "sunday"))
            return 0;
    }
    *end = e;
    return w;
}

/* A day of the month at p: "13", "13th". */
static bool day_at(const dctx *c, size_t p, size_t *end, int *day)
{
    size_t i = p;
    if (!read_int(c->s, c->len, &i, 2, day) || *day < 1 || *day > 31) return false;
    if (i + 2 <= c->len && (xc_ieq(c->s + i, 2, "st") || xc_ieq(c->s + i, 2, "nd") ||
                            xc_ieq(c->s + i, 2, "rd") || xc_ieq(c->s + i, 2, "th")))
        i += 2;
    if (xc_is_word_char(c->s, c->len, i)) return false;
    if (i < c->len && c->s[i] == ':') return false; /* a time */
    *end = i;
    return true;
}

static bool year_at(const dctx *c, size_t p, size_t *end, int *y)
{
    size_t i = p;
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
    for (int y = c->ry - 1; y <= c->ry + 1; y++) {
        int dd = d ? d : 15;
        if (dd > days_in_month(y, m)) dd = days_in_month(y, m);
        long diff = labs(xc_days_from_civil(y, m, dd) - c->rdays);
        if (bestdiff < 0 || diff < bestdiff) best = y, bestdiff = diff;
    }
    return best;
}

static const char *prev_word_is(const dctx *c, size_t p, const char *const *words)
{
    size_t we;
    size_t ws = xc_prev_word(c->s, p, &we);
    if (ws == SIZE_MAX) return NULL;
    for (size_t i = 0; words[i]; i++)
        if (xc_ieq(c->s + ws, we - ws, words[i])) return words[i];
    return NULL;
}

static const char *const year_preps[] = {
    "in",      "since",  "by",   "until",  "till",  "from",   "during",  "of",  "before", "after",
    "through", "to",     "year", "early",  "late",  "mid",    "between", "and", "summer", "winter",
    "spring",  "autumn", "fall", "around", "circa", "season", "class",   NULL};

/* After a bare year: nothing that makes it a count ("2014 runners"). */
static bool year_context_ok(const dctx *c, size_t end)
{
    size_t p = xc_skip_spaces(c->s, c->len, end);
    if (p == end) return true;
    size_t e = xc_word_end(c->s, c->len, p);
    if (e == p) return true;
    if (xc_lex(c->rs, "units", c->s + p, e - p, NULL)) return false;
    if (xc_lex(c->rs, "number_words", c->s + p, e - p, NULL)) return false;
    char buf[64];
    if (e - p < sizeof buf) {
        /* a plural noun right after it: a count */
        memcpy(buf, c->s + p, e - p);
        buf[e - p] = '\0';
        if (e - p > 3 && buf[e - p - 1] == 's' && buf[e - p - 2] != 's' && !is_upper(buf[0]) &&
            !xc_lex(c->rs, "irregular_plurals", buf, e - p, NULL))
            return false;
        if (xc_lex(c->rs, "irregular_plurals", buf, e - p, NULL) && !xc_ieq(buf, e - p, "was") &&
            !xc_ieq(buf, e - p, "is") && !xc_ieq(buf, e - p, "has") &&
            !xc_ieq(buf, e - p, "this") && !xc_ieq(buf, e - p, "its"))
            return false;
    }
    return true;
}

/* Absolute dates beginning with a digit. */
static bool match_digit(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, i = p, e;
    int a, b, y;
    /* ISO 2014-04-13 */
    if (read_int(s, len, &i, 4, &y) && i - p == 4 && i + 5 < len + 0 && s[i] == '-') {
        size_t j = i + 1;
        if (read_int(s, len, &j, 2, &a) && j - i == 3 && j < len && s[j] == '-') {
            size_t k = j + 1;
            if (read_int(s, len, &k, 2, &b) && k - j == 3 && a >= 1 && a <= 12 && b >= 1 &&
                b <= days_in_month(y, a) && !xc_is_word_char(s, len, k)) {
                m->y = y, m->m = a, m->d = b, m->start = p, m->end = k;
                return true;
            }
        }
    }
    /* US 4/13/2014 or 4/13/14 */
    i = p;
    if (read_int(s, len, &i, 2, &a) && i < len && s[i] == '/') {
        size_t j = i + 1;
        if (read_int(s, len, &j, 2, &b) && j < len && s[j] == '/') {
            size_t k = j + 1, k0 = k;
            if (read_int(s, len, &k, 4, &y) && (k - k0 == 4 || k - k0 == 2) &&
                !xc_is_word_char(s, len, k) && !(k < len && s[k] == '/')) {
                if (k - k0 == 2) y += y < 50 ? 2000 : 1900;
                if (a >= 1 && a <= 12 && b >= 1 && b <= days_in_month(y, a)) {
                    m->y = y, m->m = a, m->d = b, m->start = p, m->end = k;
                    return true;
                }
            }
        }
    }
    /* 13 April [2014] */
    int day;
    if (day_at(c, p, &e, &day)) {
        size_t q = xc_skip_spaces(s, len, e), me;
        if (q + 3 < len && xc_ieq(s + q, 3, "of ")) q = xc_skip_spaces(s, len, q + 3);
        int mon = q > e || q > p ? month_at(c, q, &me) : 0;
        if (mon && q > e && day <= days_in_month(2000, mon)) {
            m->m = mon, m->d = day, m->start = p, m->end = me;
            size_t r = me;
            if (r < len && s[r] == ',') r++;
            r = xc_skip_spaces(s, len, r);
            size_t ye;
            if (r > me && year_at(c, r, &ye, &y)) m->y = y, m->end = ye;
            return true;
        }
    }
    /* decades: 1980s, the early 1980s */
    i = p;
    if (read_int(s, len, &i, 4, &y) && i - p == 4 && y >= 1000 && y <= 2999 && y % 10 == 0 &&
        i < len && s[i] == 's' && !xc_is_word_char(s, len, i + 1)) {
        m->start = p, m->end = i + 1;
        if (y % 100 == 0)
            snprintf(m->value, sizeof m->value, "%02dXX", y / 100);
        else
            snprintf(m->value, sizeof m->value, "%03dX", y / 10);
        static const char *const mods[] = {"early", "mid", "late", NULL};
        size_t we, ws = xc_prev_word(s, p, &we);
        if (ws != SIZE_MAX && prev_word_is(c, p, mods)) m->start = ws;
        size_t ts = xc_prev_word(s, m->start, &we);
        if (ts != SIZE_MAX && xc_ieq(s + ts, we - ts, "the")) m->start = ts;
        return true;
    }
    /* a bare year: 1994, in 2020 */
    if (year_at(c, p, &e, &y) && y >= 1800 && y <= 2100) {
        bool prep = prev_word_is(c, p, year_preps) != NULL;
        bool punct = e >= len || s[e] == ',' || s[e] == '.' || s[e] == ';' || s[e] == ')' ||
                     s[e] == '\n' || s[e] == ':' || s[e] == '"' || s[e] == '\'';
        bool paren = p > 0 && s[p - 1] == '(';
        if ((prep || punct || paren) && year_context_ok(c, e)) {
            m->y = y, m->start = p, m->end = e;
            return true;
        }
    }
    return false;
}

/* Dates beginning with a month or a weekday. */
static bool match_upper(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len, e;
    size_t q = p;
    int wd = weekday_at(c, p, &e);
    if (wd) {
        m->weekday = wd, m->wd_start = p, m->wd_end = e;
        q = e;
        if (q < len && s[q] == ',') q++;
        q = xc_skip_spaces(s, len, q);
    }
    size_t me;
    int mon = month_at(c, q, &me);
    if (mon) {
        size_t r = xc_skip_spaces(s, len, me), de;
        int day, y;
        bool is_may = xc_ieq(s + q, 3, "May") && me - q == 3;
        if (r > me && day_at(c, r, &de, &day) && day <= days_in_month(2000, mon)) {
            m->m = mon, m->d = day, m->start = wd ? p : q, m->end = de;
            size_t t = de;
            if (t < len && s[t] == ',') t++;
            t = xc_skip_spaces(s, len, t);
            size_t ye;
            if (t > de && year_at(c, t, &ye, &y)) m->y = y, m->end = ye;
            return true;
        }
        if (r > me && year_at(c, r, &de, &y)) {
            m->m = mon, m->y = y, m->start = wd ? p : q, m->end = de;
            return true;
        }
        static const char *const preps[] = {"in",    "since",   "by",     "until", "from", "during",
                                            "early", "late",    "mid",    "last",  "next", "this",
                                            "of",    "through", "before", "after", NULL};
        size_t wl = s[me - 1] == '.' ? me - q - 1 : me - q;
        bool full = wl >= 5 || xc_ieq(s + q, wl, "june") || xc_ieq(s + q, wl, "july");
        if (!wd && !is_may && full && prev_word_is(c, q, preps)) {
            m->m = mon, m->start = q, m->end = q + wl;
            return true;
        }
        if (!wd) return false;
    }
    if (wd) {
        /* a weekday alone: "on Tuesday" */
        m->start = p, m->end = e;
        if (s[e - 1] == '.') m->end = e - 1;
        m->relative = true;
        return true;
    }
    return false;
}

static int unit_kind(const char *s, size_t n)
{
    if (xc_ieq(s, n, "day") || xc_ieq(s, n, "days")) return 'D';
    if (xc_ieq(s, n, "week") || xc_ieq(s, n, "weeks")) return 'W';
    if (xc_ieq(s, n, "month") || xc_ieq(s, n, "months")) return 'M';
    if (xc_ieq(s, n, "year") || xc_ieq(s, n, "years")) return 'Y';
    return 0;
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
        snprintf(m->value, sizeof m->value, "%s", v);
        return;
    }
    int y, mo, d;
    switch (kind) {
    case 'D':
        xc_civil_from_days(c->rdays + off, &y, &mo, &d);
        snprintf(m->value, sizeof m->value, "%04d-%02d-%02d", y, mo, d);
        break;
    case 'W': {
        int wy, wn;
        iso_week(c->rdays + 7 * off, &wy, &wn);
        snprintf(m->value, sizeof m->value, "%04d-W%02d", wy, wn);
        break;
    }
    case 'M': {
        long t = (long)c->ry * 12 + (c->rm - 1) + off;
        snprintf(m->value, sizeof m->value, "%04ld-%02ld", t / 12, t % 12 + 1);
        break;
    }
    default:
        snprintf(m->value, sizeof m->value, "%04ld", (long)c->ry + off);
    }
}

/* Relative expressions beginning with a word. */
static bool match_relative(const dctx *c, size_t p, dmatch *m)
{
    const char *s = c->s;
    size_t len = c->len;
    size_t e = xc_word_end(s, len, p);
    if (e == p) return false;
    const char *w = s + p;
    size_t n = e - p;
    m->start = p, m->end = e;
    if (xc_ieq(w, n, "yesterday")) return relative_value(c, m, 'D', -1), true;
    if (xc_ieq(w, n, "today")) return relative_value(c, m, 'D', 0), true;
    if (xc_ieq(w, n, "tomorrow")) return relative_value(c, m, 'D', 1), true;
    size_t q = xc_skip_spaces(s, len, e), qe = xc_word_end(s, len, q);
    if (q == e || qe == q) goto counted;
    /* earlier this month, later this year */
    size_t base = p;
    if (xc_ieq(w, n, "earlier") || xc_ieq(w, n, "later") || xc_ieq(w, n, "early") ||
        xc_ieq(w, n, "late")) {
        if (!xc_ieq(s + q, qe - q, "this") && !xc_ieq(s + q, qe - q, "last") &&
            !xc_ieq(s + q, qe - q, "next"))
            return false;
        w = s + q, n = qe - q;
        q = xc_skip_spaces(s, len, qe), qe = xc_word_end(s, len, q);
        if (qe == q) return false;
    }
    long off;
    if (xc_ieq(w, n, "last") || xc_ieq(w, n, "past") || xc_ieq(w, n, "previous"))
        off = -1;
    else if (xc_ieq(w, n, "this"))
        off = 0;
    else if (xc_ieq(w, n, "next") || xc_ieq(w, n, "coming"))
        off = 1;
    else
        goto counted;
    int k = unit_kind(s + q, qe - q);
    if (k && !xc_ieq(s + q + (qe - q) - 1, 1, "s")) {
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
            snprintf(m->value, sizeof m->value, "XXXX-WXX-%d", wd);
        }
        return true;
    }
    return false;
counted:
    /* two days ago, 3 weeks before */
    {
        xc_num num;
        if (!xc_num_parse(c->rs, s, len, p, &num) || num.ordinal || num.fraction || num.value < 1 ||
            num.value > 1000 || num.value != (long)num.value)
            return false;
        size_t u = xc_skip_spaces(s, len, num.end), ue = xc_word_end(s, len, u);
        int uk = u > num.end ? unit_kind(s + u, ue - u) : 0;
        if (!uk) return false;
        size_t a = xc_skip_spaces(s, len, ue), ae = xc_word_end(s, len, a);
        if (a == ue || ae == a) return false;
        long nv = (long)num.value;
        m->start = p, m->end = ae;
        if (xc_ieq(s + a, ae - a, "ago")) {
            if (uk == 'W') {
                relative_value(c, m, 'D', -7 * nv);
            } else {
                relative_value(c, m, uk, -nv);
            }
            return true;
        }
        if (xc_ieq(s + a, ae - a, "before") || xc_ieq(s + a, ae - a, "after") ||
            xc_ieq(s + a, ae - a, "earlier") || xc_ieq(s + a, ae - a, "later")) {
            /* An offset from another event, not from the document date: kept
             * as a TIMEX3 duration so it is never compared as a calendar date. */
            snprintf(m->value, sizeof m->value, "P%ld%c", nv, uk);
            return true;
        }
        return false;
    }
}

/* Fills in value, checks the weekday, appends the date. */
static xc_status emit(dctx *c, dmatch *m)
{
    xc_doc *doc = c->doc;
    if (!m->value[0]) {
        if (m->d && !m->y) {
            if (c->has_ref) {
                m->y = nearest_year(c, m->m, m->d);
                m->relative = true;
            }
        } else if (m->m && !m->d && !m->y && c->has_ref) {
            m->y = nearest_year(c, m->m, 0);
            m->relative = true;
        }
        if (m->weekday && !m->m && c->has_ref) {
            /* a weekday alone: the latest such day on or before the document date */
            long delta = m->weekday - weekday_of(c->rdays);
            if (delta > 0) delta -= 7;
            relative_value(c, m, 'D', delta);
        } else if (m->weekday && !m->m) {
            snprintf(m->value, sizeof m->value, "XXXX-WXX-%d", m->weekday);
        } else if (m->y && m->m && m->d)
            snprintf(m->value, sizeof m->value, "%04d-%02d-%02d", m->y, m->m, m->d);
        else if (m->m && m->d)
            snprintf(m->value, sizeof m->value, "XXXX-%02d-%02d", m->m, m->d);
        else if (m->y && m->m)
            snprintf(m->value, sizeof m->value, "%04d-%02d", m->y, m->m);
        else if (m->m)
            snprintf(m->value, sizeof m->value, "XXXX-%02d", m->m);
        else
            snprintf(m->value, sizeof m->value, "%04d", m->y);
    }
    xc_date d = {0};
    d.span = xc_doc_span(doc, m->start, m->end);
    d.text = xc_doc_copy_text(doc, m->start, m->end);
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

xc_status xc_extract_dates(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    XC_UNUSED(w);
    if (!doc->fold) return XC_OK;
    dctx c = {doc, rules, doc->fold, doc->fold_len, false, 0, 0, 0, 0};
    if (doc->date && xc_parse_iso_date(doc->date, &c.ry, &c.rm, &c.rd)) {
        c.has_ref = true;
        c.rdays = xc_days_from_civil(c.ry, c.rm, c.rd);
    }
    const char *s = c.s;
    size_t len = c.len;
    size_t p = 0;
    while (p < len) {
        unsigned char ch = (unsigned char)s[p];
        bool start =
            xc_word_boundary_before(s, p) &&
            ((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'));
        if (!start) {
            p++;
            continue;
        }
        dmatch m;
        memset(&m, 0, sizeof m);
        bool ok = false;
        if (is_digit(s[p])) {
            /* not part of a decimal, a time or a longer number */
            bool glued = p > 0 && (s[p - 1] == '.' || s[p - 1] == ',' || s[p - 1] == ':' ||
                                   s[p - 1] == '$' || s[p - 1] == '/' || s[p - 1] == '-');
            ok = !glued && match_digit(&c, p, &m);
            if (!ok) {
                memset(&m, 0, sizeof m);
                ok = !glued && match_relative(&c, p, &m);
            }
        } else if (is_upper(s[p])) {
            ok = match_upper(&c, p, &m);
            if (!ok) {
                memset(&m, 0, sizeof m);
                ok = match_relative(&c, p, &m);
            }
        } else {
            ok = match_relative(&c, p, &m);
        }
        if (ok && m.end > m.start) {
            /* "the early 1980s" starts before p */
            if (doc->date_fold.n && m.start < doc->date_fold.v[doc->date_fold.n - 1].end) {
                p = m.end;
                continue;
            }
            xc_status st = emit(&c, &m);
            if (st != XC_OK) return st;
            p = m.end;
            continue;
        }
        /* next token */
        while (p < len && xc_is_word_char(s, len, p)) {
            int32_t cp;
            p += xc_utf8_decode(s, len, p, &cp);
        }
        if (p < len && !xc_is_word_char(s, len, p)) p++;
    }
    return XC_OK;
}

json_t *xc_dates_json(const xc_doc *doc)
{
    json_t *a = json_array();
    if (!a) return NULL;
    for (size_t i = 0; i < doc->dates.n; i++) {
        const xc_date *d = &doc->dates.v[i];
        json_t *o = json_object();
        json_object_set_new(o, "text", json_string(d->text));
        json_object_set_new(o, "value", json_string(d->value));
        json_object_set_new(o, "weekday", d->weekday ? json_string(d->weekday) : json_null());
        json_object_set_new(o, "weekday_mismatch", json_boolean(d->weekday_mismatch));
        json_object_set_new(o, "relative", json_boolean(d->relative));
        xc_json_add_span(o, doc, d->span);
        json_array_append_new(a, o);
    }
    return a;
}
