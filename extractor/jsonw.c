/* jsonw.c — a streaming JSON writer for the per-document records.
 *
 * A document's record used to be built as a jansson tree, dumped and freed;
 * most of the time went into the tree, not into the text. The writer puts
 * the same text straight into a buffer: braces, brackets, commas, line
 * breaks and the (literal, ASCII) keys are written here, in jansson's own
 * layout for the flags given. Integers are plain decimal digits; a string
 * with nothing to encode (printable ASCII, no quote or backslash) is copied
 * as it is, and a real's digits are worked out here when they can be
 * exactly (whole numbers and halves, short decimals, and from 1e-3 to 1e15
 * any number), which is what jansson would write. Every other string and
 * real is encoded by jansson (escaping, JSON_ENSURE_ASCII, exponents), from
 * one string and one real value the writer makes when first needed and
 * sets again for each use. */
#include "internal.h"

#include <float.h>
#include <math.h>

/* The writer's bookkeeping below runs for every key and value: inlined,
 * not called. */
#define JW_INLINE static inline __attribute__((always_inline))

/* Room for n more bytes and the NUL after them; returns where they go,
 * or NULL when out of memory. */
JW_INLINE char *room(xc_buf *b, size_t n)
{
    if (b->cap - b->len <= n && (n > SIZE_MAX - b->len - 1 || xc_buf_reserve(b, b->len + n + 1)))
        return NULL;
    return b->s + b->len;
}

static int put(xc_buf *b, const char *s, size_t n)
{
    char *p = room(b, n);
    if (!p) return -1;
    memcpy(p, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return 0;
}

/* The widest indentation the one-step member writes and gap write in
 * place (deeper members take the general path): a line break and that many
 * spaces are copied whole and the indentation's own length kept, a
 * fixed-size copy instead of a memset for each member. */
#define HEAD_INDENT_MAX 64
static const char line_break[1 + HEAD_INDENT_MAX + 1] =
    "\n                                                                ";

/* Appends one byte (a bracket or brace): no call to memcpy for it. */
JW_INLINE int put_char(xc_buf *b, char c)
{
    char *p = room(b, 1);
    if (!p) return -1;
    p[0] = c;
    p[1] = '\0';
    b->len++;
    return 0;
}

/* What jansson writes between two members (comma) or around them: a line
 * break and the indentation of `level` open containers below the start,
 * or a space when neither compact nor indented. */
JW_INLINE int gap(xc_jw *w, int level, bool comma)
{
    size_t step = w->flags & JSON_MAX_INDENT;
    size_t spaces = step ? ((size_t)w->depth + (size_t)level) * step : 0;
    bool space = !step && comma && !(w->flags & JSON_COMPACT);
    size_t n = (size_t)comma + (step ? 1 + spaces : space);
    if (!n) return 0;
    bool whole = step && spaces <= HEAD_INDENT_MAX; /* the line break copied whole */
    char *p = room(w->b, whole ? 1 + 1 + HEAD_INDENT_MAX : n);
    if (!p) return -1;
    if (comma) *p++ = ',';
    if (whole) {
        memcpy(p, line_break, 1 + HEAD_INDENT_MAX);
    } else if (step) {
        *p++ = '\n';
        memset(p, ' ', spaces);
    } else if (space) {
        *p = ' ';
    }
    w->b->len += n;
    w->b->s[w->b->len] = '\0';
    return 0;
}

JW_INLINE bool in_object(const xc_jw *w)
{
    return w->object & 1; /* 0 with no container open */
}

JW_INLINE bool has_members(const xc_jw *w)
{
    return w->members & 1;
}

static void fail(xc_jw *w, int err)
{
    if (!w->err) w->err = err;
}

/* Writes the buffer to the sink and empties it. */
static void sink_flush(xc_jw *w)
{
    xc_buf *b = w->b;
    if (!b->len || w->err) return;
    if (fwrite(b->s, 1, b->len, w->sink) != b->len) fail(w, XC_ERR_IO);
    b->len = 0;
    b->s[0] = '\0';
}

/* Opens a member of the innermost container (an array's element or an
 * object's key): the separator and line break before it. Remembers where
 * it started, so that a value jansson refuses takes its member back out. */
JW_INLINE void member_mark(xc_jw *w)
{
    /* Between two members nothing written can be taken back: the place to
     * hand a full buffer on to the sink. */
    if (w->sink && w->b->len >= XC_JW_SINK_BYTES) sink_flush(w);
    w->mark = w->b->len;
    w->mark_first = !has_members(w);
}

/* The innermost container has a member now. */
JW_INLINE void member_counted(xc_jw *w)
{
    w->members |= 1;
}

static bool lead(xc_jw *w)
{
    member_mark(w);
    if (!w->level) return true;
    if (gap(w, w->level, !w->mark_first)) {
        fail(w, XC_ERR_NOMEM);
        return false;
    }
    member_counted(w);
    return true;
}

/* Before a value: the separator in an array (or nothing at the top); in an
 * object, xc_jw_key has written it. */
static bool value_begin(xc_jw *w)
{
    if (w->err) return false;
    if (in_object(w)) {
        if (!w->keyed) {
            fail(w, XC_ERR_USAGE);
            return false;
        }
        w->keyed = false;
        return true;
    }
    return lead(w);
}

/* Takes the member being written back out, as jansson leaves out a member
 * whose value it could not make. */
static void drop(xc_jw *w)
{
    w->b->len = w->mark;
    if (w->b->s) w->b->s[w->b->len] = '\0';
    if (w->level && w->mark_first) w->members &= ~(uint32_t)1;
}

/* Appends j as jansson writes it with the writer's flags; false when
 * jansson refuses it (a string that is not UTF-8). */
static bool dump(xc_jw *w, const json_t *j, size_t hint)
{
    xc_buf *b = w->b;
    size_t flags = w->flags | JSON_ENCODE_ANY;
    if (hint > SIZE_MAX / 4 || !room(b, hint + 64)) {
        fail(w, XC_ERR_NOMEM);
        return false;
    }
    size_t avail = b->cap - b->len - 1;
    size_t n = json_dumpb(j, b->s + b->len, avail, flags);
    if (n == 0) return false; /* a value is never empty: jansson refused it */
    if (n > avail && (!room(b, n) || json_dumpb(j, b->s + b->len, n, flags) != n)) {
        fail(w, XC_ERR_NOMEM);
        return false;
    }
    b->len += n;
    b->s[b->len] = '\0';
    return true;
}

int xc_jw_init(xc_jw *w, xc_buf *b, size_t flags, int depth)
{
    memset(w, 0, sizeof *w);
    w->b = b;
    w->flags = flags & ~(size_t)JSON_ENCODE_ANY;
    w->depth = depth > 0 ? depth : 0;
    /* w->str and w->real are made when first needed: most records have
     * nothing for jansson to encode */
    return w->err;
}

void xc_jw_target(xc_jw *w, xc_buf *b, int depth)
{
    if (w->level) fail(w, XC_ERR_USAGE);
    w->b = b;
    w->depth = depth > 0 ? depth : 0;
}

int xc_jw_done(xc_jw *w)
{
    json_decref(w->str);
    json_decref(w->real);
    w->str = w->real = NULL;
    if (w->level || w->keyed) fail(w, XC_ERR_USAGE);
    if (w->sink) sink_flush(w);
    return w->err;
}

void xc_jw_sink(xc_jw *w, FILE *f)
{
    w->sink = f;
}

static void container_open(xc_jw *w, char c, bool object)
{
    if (!value_begin(w)) return;
    if (w->level >= XC_JW_MAX_DEPTH) {
        fail(w, XC_ERR_USAGE);
        return;
    }
    if (put_char(w->b, c)) {
        fail(w, XC_ERR_NOMEM);
        return;
    }
    /* the innermost container in bit 0: its bits are tested and set at
     * every member without a shift by the depth */
    w->object = w->object << 1 | object;
    w->members <<= 1;
    w->level++;
}

static void container_close(xc_jw *w, char c, bool object)
{
    if (w->err) return;
    if (!w->level || in_object(w) != object || w->keyed) {
        fail(w, XC_ERR_USAGE);
        return;
    }
    bool any = has_members(w);
    w->level--;
    w->object >>= 1;
    w->members >>= 1;
    if ((any && gap(w, w->level, false)) || put_char(w->b, c)) fail(w, XC_ERR_NOMEM);
}

void xc_jw_object(xc_jw *w)
{
    container_open(w, '{', true);
}

void xc_jw_object_end(xc_jw *w)
{
    container_close(w, '}', true);
}

void xc_jw_array(xc_jw *w)
{
    container_open(w, '[', false);
}

void xc_jw_array_end(xc_jw *w)
{
    container_close(w, ']', false);
}

static void literal(xc_jw *w, const char *s, size_t n)
{
    if (value_begin(w) && put(w->b, s, n)) fail(w, XC_ERR_NOMEM);
}

void xc_jw_null(xc_jw *w)
{
    literal(w, "null", 4);
}

void xc_jw_bool(xc_jw *w, bool v)
{
    if (v)
        literal(w, "true", 4);
    else
        literal(w, "false", 5);
}

/* "00", "01", ... "99": two digits written per division by 100. */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* 10^0 to 10^19: the powers of ten a 64-bit integer holds. */
static const uint64_t pow10[20] = {1u,
                                   10u,
                                   100u,
                                   1000u,
                                   10000u,
                                   100000u,
                                   1000000u,
                                   10000000u,
                                   100000000u,
                                   1000000000u,
                                   10000000000u,
                                   100000000000u,
                                   1000000000000u,
                                   10000000000000u,
                                   100000000000000u,
                                   1000000000000000u,
                                   10000000000000000u,
                                   100000000000000000u,
                                   1000000000000000000u,
                                   10000000000000000000u};

/* The decimal digits of v at the end of t[24]; returns where they start. */
static size_t int_text(char t[24], json_int_t v)
{
    size_t i = 24;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    while (u >= 100) {
        unsigned r = (unsigned)(u % 100);
        u /= 100;
        t[--i] = digit_pairs[2 * r + 1];
        t[--i] = digit_pairs[2 * r];
    }
    if (u >= 10) {
        t[--i] = digit_pairs[2 * u + 1];
        t[--i] = digit_pairs[2 * u];
    } else {
        t[--i] = (char)('0' + u);
    }
    if (v < 0) t[--i] = '-';
    return i;
}

/* Writes v's decimal digits (int_text's) at p, at most 21 bytes, and
 * returns the end: the digits are counted first and written in place, two
 * per division by 100, instead of into a buffer copied after. */
JW_INLINE char *put_int(char *p, json_int_t v)
{
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    if (v < 0) *p++ = '-';
    /* the digits of u | 1 (u's, 0's being 1's) from its bit length: 1233 /
     * 4096 is just above log10(2), one power of ten away at most */
    uint64_t x = u | 1;
    int t = ((64 - __builtin_clzll(x)) * 1233) >> 12;
    size_t n = (size_t)t + (x >= pow10[t]);
    char *end = p + n, *q = end;
    while (u >= 100) {
        unsigned r = (unsigned)(u % 100);
        u /= 100;
        q -= 2;
        memcpy(q, digit_pairs + 2 * r, 2);
    }
    if (u >= 10)
        memcpy(q - 2, digit_pairs + 2 * u, 2);
    else
        q[-1] = (char)('0' + u);
    return end;
}

void xc_jw_int(xc_jw *w, json_int_t v)
{
    char t[24];
    size_t i = int_text(t, v);
    literal(w, t + i, sizeof t - i);
}

/* The significant digits jansson writes a real with: JSON_REAL_PRECISION's,
 * or 17 when the flags name none. */
static size_t real_precision(const xc_jw *w)
{
    size_t p = (w->flags >> 11) & 0x1F;
    return p ? p : 17;
}

/* Writes at t the text jansson gives v when v is the double nearest to a
 * decimal of a few places, no more significant digits than the precision
 * (at most DBL_DIG, 15) and a magnitude jansson's "%.<precision>g" writes
 * without an exponent (1e-4 to 1e15): "26.2", "-3.75", "0.05",
 * "42164.8128". Returns the length, or 0 for any other number (jansson
 * writes it). Why this is jansson's text: a decimal of at most DBL_DIG
 * significant digits comes back unchanged from its nearest double printed
 * to that many digits, and %g drops the trailing zeros; the decimal is
 * found as m / 10^k for the fewest places k whose quotient, rounded as
 * IEEE division rounds, is v itself. The bounds of a figure in another
 * unit ("26.2 miles" in metres) and most measures are such numbers; a
 * third is not. */
static size_t short_decimal(const xc_jw *w, double v, char t[32])
{
    size_t precision = real_precision(w);
    if (precision > DBL_DIG) return 0; /* 16 or 17 digits print the double's own */
    double a = fabs(v);
    if (!(a >= 1e-4 && a < 1e15)) return 0;
    static const double tens[] = {1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    for (size_t k = 1; k <= sizeof tens / sizeof *tens; k++) {
        double scaled = a * tens[k - 1];
        if (scaled >= 1e15) return 0;
        double m = nearbyint(scaled);
        if (m / tens[k - 1] != a) continue;
        char d[24];
        size_t at = int_text(d, (json_int_t)m), nd = sizeof d - at; /* m's digits */
        if (nd > precision) return 0;
        size_t i = 0, whole = nd > k ? nd - k : 0;
        if (v < 0) t[i++] = '-';
        if (whole) {
            memcpy(t + i, d + at, whole);
            i += whole;
        } else {
            t[i++] = '0';
        }
        t[i++] = '.';
        for (size_t z = nd; z < k; z++) t[i++] = '0'; /* "0.05" */
        memcpy(t + i, d + at + whole, nd - whole);
        return i + nd - whole;
    }
    return 0;
}

#ifdef __SIZEOF_INT128__
/* Writes at t the text jansson gives v ("%.<precision>g", then ".0" when
 * that has neither a point nor an exponent) for a v from 1e-3 to 1e15
 * whose %g is written without an exponent: the digits computed exactly,
 * as printf does, instead of by printf (about 3,600 instructions a
 * number). "26.149999999999999", "0.33333333333333331". Returns the
 * length, or 0 for any other number (jansson writes it).
 *
 * |v| is m / 2^s exactly (m the 53-bit significand). Its `precision`
 * significant digits are N = m * 10^q / 2^s rounded to nearest, ties to
 * even as glibc rounds, with q = precision - 1 - X and X the decimal
 * exponent of the rounded number: X is guessed from the binary exponent
 * and moved by one until N has exactly `precision` digits. m * 10^q takes
 * at most 53 + 64 bits. %g then writes N / 10^q in fixed notation (X is
 * from -3 to precision - 1) without the fraction's trailing zeros. */
static size_t exact_decimal(const xc_jw *w, double v, char t[48])
{
    int precision = (int)real_precision(w);
    if (precision > 17) return 0; /* N past 64 bits */
    double a = fabs(v);
    if (!(a >= 1e-3 && a < 1e15)) return 0;
    uint64_t bits;
    memcpy(&bits, &a, sizeof bits);
    int be = (int)(bits >> 52); /* a normal number: 1e-3 is far above the subnormals */
    uint64_t m = (bits & (((uint64_t)1 << 52) - 1)) | (uint64_t)1 << 52;
    int s = 1075 - be; /* from 3 (a < 2^50) to 62 (a >= 2^-10) */
    int b2 = be - 1023;
    /* floor(b2 * log10(2)), within one of X */
    int x = b2 >= 0 ? (b2 * 78913) >> 18 : -((-b2 * 78913 + (1 << 18) - 1) >> 18);
    uint64_t n = 0;
    for (int tries = 0;; tries++) {
        int q = precision - 1 - x;
        if (tries == 3 || x >= precision || q < 0 || q > 19) return 0;
        unsigned __int128 p = (unsigned __int128)m * pow10[q];
        unsigned __int128 whole = p >> s, rest = p & (((unsigned __int128)1 << s) - 1);
        unsigned __int128 half = (unsigned __int128)1 << (s - 1);
        if (rest > half || (rest == half && (whole & 1))) whole++;
        if (whole >= pow10[precision]) {
            x++;
            continue;
        }
        if (whole < pow10[precision - 1]) {
            x--;
            continue;
        }
        n = (uint64_t)whole;
        break;
    }
    if (x < -4) return 0; /* %g would write an exponent */
    char d[20];
    for (int i = precision - 1; i >= 0; i--) {
        d[i] = (char)('0' + n % 10);
        n /= 10;
    }
    int nd = precision;
    while (nd > 0 && d[nd - 1] == '0') nd--; /* the fraction's trailing zeros */
    size_t i = 0;
    if (v < 0) t[i++] = '-';
    if (x >= 0) {
        memcpy(t + i, d, (size_t)x + 1);
        i += (size_t)x + 1;
        t[i++] = '.';
        if (nd > x + 1) {
            memcpy(t + i, d + x + 1, (size_t)(nd - x - 1));
            i += (size_t)(nd - x - 1);
        } else {
            t[i++] = '0'; /* jansson's ".0" */
        }
    } else {
        t[i++] = '0';
        t[i++] = '.';
        for (int z = -1; z > x; z--) t[i++] = '0';
        memcpy(t + i, d, (size_t)nd);
        i += (size_t)nd;
    }
    return i;
}
#endif

void xc_jw_real(xc_jw *w, double v)
{
    if (!isfinite(v)) {
        xc_jw_null(w);
        return;
    }
    if (v != 0 && fabs(v) < 1e15 && v * 2 == floor(v * 2)) {
        /* a whole number or a half, as jansson's "%.<precision>g" prints it
         * when its digits fit the precision (17 by default): every digit,
         * no exponent, ".0" added to a whole number ("3.0", "999.5",
         * "-0.5") */
        char t[32];
        size_t i = sizeof t;
        double a = fabs(v);
        unsigned long long u = (unsigned long long)a;
        bool half = a > (double)u;
        t[--i] = half ? '5' : '0';
        t[--i] = '.';
        size_t digits = 0;
        do {
            t[--i] = (char)('0' + u % 10);
            u /= 10;
            digits++;
        } while (u);
        if (half && t[i] != '0') digits++; /* "0.5" has one */
        if (digits <= real_precision(w)) {
            if (v < 0) t[--i] = '-';
            literal(w, t + i, sizeof t - i);
            return;
        }
    }
    char t[48];
    size_t n = short_decimal(w, v, t);
#ifdef __SIZEOF_INT128__
    if (!n) n = exact_decimal(w, v, t);
#endif
    if (n) {
        literal(w, t, n);
        return;
    }
    if (!value_begin(w)) return;
    if (!w->real) w->real = json_real(0);
    if (!w->real || json_real_set(w->real, v) || !dump(w, w->real, 32)) {
        if (!w->err) drop(w);
        fail(w, XC_ERR_NOMEM);
    }
}

/* Whether none of the eight bytes of x would be escaped (see plain): a
 * byte from 0x80 on, one below 0x20, or one equal to 0x7F, '"', '\\' (or
 * '/' when slash) sets the high bit of some byte of the tests below (each
 * test is exact about whether any byte matches, which is all that is
 * asked). */
static inline bool plain8(uint64_t x, bool slash)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    uint64_t q = x ^ (ones * '"'), b = x ^ (ones * '\\'), d = x ^ (ones * 0x7F);
    uint64_t bad =
        (x | ((x - ones * 0x20) & ~x) | ((q - ones) & ~q) | ((b - ones) & ~b) | ((d - ones) & ~d)) &
        high;
    if (slash) {
        uint64_t l = x ^ (ones * '/');
        bad |= (l - ones) & ~l & high;
    }
    return !bad;
}

/* Whether jansson would write s unchanged between its quotes: printable
 * ASCII without '"' or '\\' (nor '/' when slashes are escaped). Eight bytes
 * at a time; the last eight of a string of eight or more are read at once,
 * over bytes already tested, instead of one by one. A string of four to
 * seven bytes is its first four and its last four, tested together. */
static bool plain(const xc_jw *w, const char *s, size_t len)
{
    bool slash = w->flags & JSON_ESCAPE_SLASH;
    if (len >= 8) {
        uint64_t x;
        for (size_t i = 0; i + 8 < len; i += 8) {
            memcpy(&x, s + i, 8);
            if (!plain8(x, slash)) return false;
        }
        memcpy(&x, s + len - 8, 8);
        return plain8(x, slash);
    }
    if (len >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + len - 4, 4);
        return plain8((uint64_t)a | (uint64_t)b << 32, slash);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char x = (unsigned char)s[i];
        if (x < 0x20 || x > 0x7E || x == '"' || x == '\\' || (slash && x == '/')) return false;
    }
    return true;
}

/* Appends s in quotes, as it is: a string plain says jansson writes
 * unchanged. False, with the member taken back out, when out of memory. */
static bool quoted(xc_jw *w, const char *s, size_t len)
{
    char *p = len <= SIZE_MAX - 3 ? room(w->b, len + 2) : NULL;
    if (!p) {
        drop(w);
        fail(w, XC_ERR_NOMEM);
        return false;
    }
    p[0] = '"';
    memcpy(p + 1, s, len);
    p[len + 1] = '"';
    w->b->len += len + 2;
    w->b->s[w->b->len] = '\0';
    return true;
}

bool xc_jw_strn(xc_jw *w, const char *s, size_t len)
{
    if (!value_begin(w)) return false;
    if (plain(w, s, len)) return quoted(w, s, len); /* nothing to encode */
    if (!w->str) w->str = json_string_nocheck("");
    if (!w->str || json_string_setn_nocheck(w->str, s, len)) {
        drop(w);
        fail(w, XC_ERR_NOMEM);
        return false;
    }
    if (dump(w, w->str, len + len / 8)) return true;
    if (!w->err) drop(w); /* not UTF-8 */
    return false;
}

bool xc_jw_str(xc_jw *w, const char *s)
{
    if (!s) {
        xc_jw_null(w);
        return !w->err;
    }
    return xc_jw_strn(w, s, strlen(s));
}

void xc_jw_json(xc_jw *w, const json_t *v)
{
    if (!value_begin(w)) return;
    if (!v || json_is_object(v) || json_is_array(v)) {
        drop(w);
        fail(w, v ? XC_ERR_USAGE : XC_ERR_NOMEM);
        return;
    }
    if (json_is_string(v)) {
        /* a path or a story's name: nearly always nothing to encode, and
         * then the bytes as they are, not jansson's dump (about 2,600
         * instructions for one string) */
        const char *s = json_string_value(v);
        size_t len = json_string_length(v);
        if (plain(w, s, len)) {
            quoted(w, s, len);
            return;
        }
    }
    if (!dump(w, v, json_is_string(v) ? json_string_length(v) : 32) && !w->err) drop(w);
}

/* Copies n bytes to p with a few fixed-size moves (two that overlap)
 * rather than a call to memcpy: keys and most values are a few bytes. */
JW_INLINE void copy_short(char *p, const char *s, size_t n)
{
    if (n >= 8) {
        if (n > 16) {
            memcpy(p, s, n);
            return;
        }
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(p, &a, 8);
        memcpy(p + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(p, &a, 4);
        memcpy(p + n - 4, &b, 4);
    } else if (n) {
        p[0] = s[0];
        p[n / 2] = s[n / 2];
        p[n - 1] = s[n - 1];
    }
}

/* Room member_head asks for besides the key and the value: a comma, the
 * line break and HEAD_INDENT_MAX spaces, the key's quotes, the colon and
 * the space, and the one byte past them that put_head's four-byte write
 * of quote, colon and space may touch. */
#define HEAD_ROOM (1 + 1 + HEAD_INDENT_MAX + 2 + 2 + 1)

/* Writes at p the head of an object's member (as lead, gap and xc_jw_keyn
 * write it): the comma before it unless it is the first, the line break
 * and `indent` spaces when the layout indents (step), or a space between
 * members when it neither indents nor is compact (tight); then the key in
 * quotes, the colon, and a space unless compact. Returns the end. Writes
 * up to HEAD_ROOM + kl bytes (what lies past the end is written over or
 * left beyond the buffer's length). */
JW_INLINE char *put_head(char *p, const char *key, size_t kl, bool first, size_t step,
                         size_t indent, bool tight)
{
    if (!first) *p++ = ',';
    if (step) {
        memcpy(p, line_break, 1 + HEAD_INDENT_MAX);
        p += 1 + indent;
    } else if (!first && !tight) {
        *p++ = ' ';
    }
    *p = '"';
    copy_short(p + 1, key, kl);
    p += 1 + kl;
    memcpy(p, "\": ", 4);
    return p + (tight ? 2 : 3);
}

/* Starts a member of the open object in one write: its head, with room for
 * `value` bytes after it. Returns where the value goes (the caller ends the
 * member with member_tail), or NULL when the member must take the general
 * path (no object open, a key waiting, an indentation past
 * HEAD_INDENT_MAX: the general path reports or writes it) or cannot be
 * written (an earlier error, or out of memory: w->err is set). `keyed`:
 * only the key is written here and its value comes after, by a call that
 * may fail and take the member back out (drop), so the member's start is
 * marked; a member written whole needs no mark. */
JW_INLINE char *member_head(xc_jw *w, const char *key, size_t kl, size_t value, bool keyed)
{
    if (w->err || !in_object(w) || w->keyed) return NULL;
    size_t step = w->flags & JSON_MAX_INDENT;
    size_t indent = step * ((size_t)w->depth + (size_t)w->level);
    if (indent > HEAD_INDENT_MAX || kl > SIZE_MAX / 4 || value > SIZE_MAX / 4) return NULL;
    bool first = !has_members(w);
    if (keyed) {
        member_mark(w); /* the value that follows may be taken back out */
    } else if (w->sink && w->b->len >= XC_JW_SINK_BYTES) {
        sink_flush(w); /* a member written whole has nothing to take back */
    }
    char *p = room(w->b, HEAD_ROOM + kl + value);
    if (!p) {
        fail(w, XC_ERR_NOMEM);
        return NULL;
    }
    return put_head(p, key, kl, first, step, indent, w->flags & JSON_COMPACT);
}

/* Ends a member member_head started, its value written up to end. */
JW_INLINE void member_tail(xc_jw *w, char *end)
{
    *end = '\0';
    w->b->len = (size_t)(end - w->b->s);
    member_counted(w);
}

void xc_jw_keyn(xc_jw *w, const char *key, size_t n)
{
    if (w->err) return;
    if (!in_object(w) || w->keyed) {
        fail(w, XC_ERR_USAGE);
        return;
    }
    char *p = member_head(w, key, n, 0, true);
    if (p) {
        member_tail(w, p);
        w->keyed = true;
        return;
    }
    /* out of memory, or indented too deep for member_head */
    if (w->err || !lead(w)) return;
    size_t sep = w->flags & JSON_COMPACT ? 2 : 3;
    p = room(w->b, n + 1 + sep);
    if (!p) {
        fail(w, XC_ERR_NOMEM);
        return;
    }
    *p = '"';
    memcpy(p + 1, key, n);
    memcpy(p + 1 + n, "\": ", sep);
    w->b->len += n + 1 + sep;
    w->b->s[w->b->len] = '\0';
    w->keyed = true;
}

void xc_jw_int_membern(xc_jw *w, const char *key, size_t kl, json_int_t v)
{
    char *p = member_head(w, key, kl, 21, false);
    if (!p) {
        xc_jw_keyn(w, key, kl); /* nothing when w->err is set */
        xc_jw_int(w, v);
        return;
    }
    member_tail(w, put_int(p, v));
}

void xc_jw_bool_membern(xc_jw *w, const char *key, size_t kl, bool v)
{
    char *p = member_head(w, key, kl, 5, false);
    if (!p) {
        xc_jw_keyn(w, key, kl);
        xc_jw_bool(w, v);
        return;
    }
    memcpy(p, v ? "true " : "false", 5); /* room for five either way */
    member_tail(w, p + (v ? 4 : 5));
}

void xc_jw_str_membern(xc_jw *w, const char *key, size_t kl, const char *v)
{
    /* null, or a string with nothing to encode: in one step; any other
     * string is encoded by jansson (and left out with its key when it is
     * not UTF-8) through the general path */
    size_t len = v ? strlen(v) : 0;
    char *p = NULL;
    if (!v || plain(w, v, len)) p = member_head(w, key, kl, v ? len + 2 : 4, false);
    if (!p) {
        xc_jw_keyn(w, key, kl);
        xc_jw_str(w, v);
        return;
    }
    if (!v) {
        memcpy(p, "null", 4);
        member_tail(w, p + 4);
        return;
    }
    *p++ = '"';
    copy_short(p, v, len);
    p += len;
    *p++ = '"';
    member_tail(w, p);
}

void xc_jw_raw(xc_jw *w, const char *text, size_t len)
{
    literal(w, text, len);
}

void xc_jw_raw_membern(xc_jw *w, const char *key, size_t kl, const char *text, size_t len)
{
    char *p = member_head(w, key, kl, len, false);
    if (!p) {
        xc_jw_keyn(w, key, kl);
        xc_jw_raw(w, text, len);
        return;
    }
    memcpy(p, text, len);
    member_tail(w, p + len);
}

/* Appends the six members of a span in one write (as member_head would
 * write each): a span is most of a claim's record. */
static void span_members(xc_jw *w, const json_int_t v[6])
{
    /* each key in quotes with its colon and space, padded to 16 bytes so
     * that it is copied in one fixed-size move; n counts the space */
    static const struct {
        char s[16];
        size_t n;
    } heads[6] = {{"\"start\": ", 9},   {"\"end\": ", 7},       {"\"line\": ", 8},
                  {"\"column\": ", 10}, {"\"end_line\": ", 12}, {"\"end_column\": ", 14}};
    size_t step = w->flags & JSON_MAX_INDENT;
    size_t indent = step ? ((size_t)w->depth + (size_t)w->level) * step : 0;
    bool tight = w->flags & JSON_COMPACT;
    bool first = !has_members(w);
    if (w->sink && w->b->len >= XC_JW_SINK_BYTES) sink_flush(w);
    /* at most, per member: a comma, the line break and the indentation
     * copied whole, a head of 16 bytes, 20 digits and a sign */
    char *p = room(w->b, 6 * (1 + 1 + HEAD_INDENT_MAX + 16 + 21));
    if (!p) {
        fail(w, XC_ERR_NOMEM);
        return;
    }
    char *start = p;
    for (int k = 0; k < 6; k++, first = false) {
        if (!first) *p++ = ',';
        if (step) {
            memcpy(p, line_break, 1 + HEAD_INDENT_MAX);
            p += 1 + indent;
        } else if (!first && !tight) {
            *p++ = ' ';
        }
        memcpy(p, heads[k].s, 16);
        p += heads[k].n - tight;
        p = put_int(p, v[k]);
    }
    w->b->len += (size_t)(p - start);
    w->b->s[w->b->len] = '\0';
    member_counted(w);
}

void xc_jw_span(xc_jw *w, const xc_doc *doc, xc_span span)
{
    unsigned pos[4]; /* line, column, end_line, end_column */
    xc_doc_span_position(doc, span, pos);
    unsigned l1 = pos[0], c1 = pos[1], l2 = pos[2], c2 = pos[3];
    size_t indent = (w->flags & JSON_MAX_INDENT) * ((size_t)w->depth + (size_t)w->level);
    if (!w->err && in_object(w) && !w->keyed && indent <= HEAD_INDENT_MAX) {
        json_int_t v[6] = {(json_int_t)span.start, (json_int_t)span.end, l1, c1, l2, c2};
        span_members(w, v);
        return;
    }
    xc_jw_int_member(w, "start", (json_int_t)span.start);
    xc_jw_int_member(w, "end", (json_int_t)span.end);
    xc_jw_int_member(w, "line", l1);
    xc_jw_int_member(w, "column", c1);
    xc_jw_int_member(w, "end_line", l2);
    xc_jw_int_member(w, "end_column", c2);
}
