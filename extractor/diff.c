/* diff.c — words, word diffs and edit distance for cross-checking quotes
 * and names. */
#include "diff.h"

#include <utf8proc.h>

/* 64-bit FNV-1a: the hash starts at the offset basis; each byte is xored
 * in, then the hash is multiplied by the prime. */
#define FNV_BASIS 1469598103934665603ull
#define FNV_PRIME 1099511628211ull

uint64_t xc_hash(const char *s, size_t len, uint64_t seed)
{
    uint64_t h = FNV_BASIS ^ seed;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
    return h;
}

uint64_t xc_hash_word(const char *s, size_t *len)
{
    /* xc_hash's loop, ended by the first space or NUL instead of a length */
    uint64_t h = FNV_BASIS;
    size_t i = 0;
    for (; s[i] && s[i] != ' '; i++) h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
    *len = i;
    return h;
}

/* Letters and digits: among ASCII, the only characters utf8proc puts in the
 * categories of word characters (letters, marks, numbers). */
static inline bool is_ascii_word(unsigned char b)
{
    return (unsigned)((b | 0x20) - 'a') < 26u || (unsigned)(b - '0') < 10u;
}

/* Eight bytes at once, every byte below 0x80: the high bit of a byte is set
 * where the byte of l is 'a'..'z' or that of d is '0'..'9' (ranges told by
 * two additions each that carry into no other byte); the other bits mean
 * nothing. */
static inline uint64_t ascii_word_bits(uint64_t l, uint64_t d)
{
    const uint64_t ones = 0x0101010101010101u;
    uint64_t letter = (l + 0x1F * ones) & ~(l + 0x05 * ones);
    uint64_t digit = (d + 0x50 * ones) & ~(d + 0x46 * ones);
    return letter | digit;
}

/* End of the run of ASCII letters and digits of s[0..len) from i: eight
 * bytes at a time while eight remain (a byte below 0x80 is a letter when
 * it is 'a'..'z' once 0x20 is set), then one at a time. */
static inline size_t ascii_word_end(const char *s, size_t len, size_t i)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    for (; i + 8 <= len; i += 8) {
        uint64_t x = xc_load_le64(s + i), lo = x & ~high;
        uint64_t other = ~(ascii_word_bits(lo | 0x20 * ones, lo) & ~x & high) & high;
        if (other) return i + ((size_t)__builtin_ctzll(other) >> 3);
    }
    while (i < len && is_ascii_word((unsigned char)s[i])) i++;
    return i;
}

static bool is_word_cp(int32_t cp)
{
    if (cp < 0x80) return is_ascii_word((unsigned char)cp);
    utf8proc_category_t c = utf8proc_category(cp);
    return (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_NO);
}

static bool is_digit_cp(int32_t cp)
{
    return cp >= '0' && cp <= '9';
}

/* One code point of s at i; ASCII without a call. */
static inline size_t decode(const char *s, size_t len, size_t i, int32_t *cp)
{
    unsigned char b = (unsigned char)s[i];
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    return xc_utf8_decode(s, len, i, cp);
}

/* s[0..len) with A-Z lower-cased into dst (which may be s); other bytes
 * are copied as they are. */
static void lower_ascii(char *dst, const char *s, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        /* eight bytes at once; xc_lower8 works byte by byte, so the order of
         * the bytes in the word does not matter */
        uint64_t x;
        memcpy(&x, s + i, 8);
        x = xc_lower8(x);
        memcpy(dst + i, &x, 8);
    }
    for (; i < len; i++) {
        char ch = s[i];
        dst[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch + ('a' - 'A')) : ch;
    }
}

/* Replaces each typographic apostrophe of w[0..n) with a straight one, in
 * place; returns the new length. */
static size_t straighten_apostrophes(char *w, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        if (i + 2 < n && (unsigned char)w[i] == 0xe2 && (unsigned char)w[i + 1] == 0x80 &&
            (unsigned char)w[i + 2] == 0x99) {
            w[o++] = '\'';
            i += 3;
        } else
            w[o++] = w[i++];
    }
    return o;
}

/* Case-folded, composed form of a word with a non-ASCII character, malloc'd
 * by utf8proc (*out NULL and s itself used when it cannot map it). */
static size_t fold_unicode(const char *s, size_t len, utf8proc_uint8_t **out)
{
    *out = NULL;
    utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)len, out,
                                      UTF8PROC_CASEFOLD | UTF8PROC_COMPOSE | UTF8PROC_STABLE);
    if (n < 0) {
        free(*out);
        *out = NULL;
        return len;
    }
    return (size_t)n;
}

int xc_word_fold(const char *s, size_t len, xc_buf *out)
{
    size_t at = out->len;
    if (xc_next_non_ascii(s, 0, len) == len) {
        if (xc_buf_add(out, s, len)) return -1;
        lower_ascii(out->s + at, s, len);
        return 0;
    }
    utf8proc_uint8_t *folded;
    size_t flen = fold_unicode(s, len, &folded);
    int r = xc_buf_add(out, folded ? (const char *)folded : s, flen);
    free(folded);
    if (r) return -1;
    out->len = at + straighten_apostrophes(out->s + at, flen);
    out->s[out->len] = '\0';
    return 0;
}

/* Room past the end of a word's buffer for word_hash's last load. */
#define WORD_PAD 8

/* Hash of a word's case-folded bytes w[0..len), for telling words apart
 * fast: eight bytes at a time (little-endian, the last chunk's bytes past
 * the word masked off), each chunk folded in with one multiplication, then
 * the high half mixed into the low half, which hash tables index by. Every
 * step is a bijection of h, so two different words of up to eight bytes
 * never share a hash. Reads up to WORD_PAD - 1 bytes past w[len - 1]: the
 * caller's buffer has them. */
static inline uint64_t word_hash(const char *w, size_t len)
{
    uint64_t h = 0;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) h = (h ^ xc_load_le64(w + i)) * XC_LEX_HASH_MUL;
    if (i < len) {
        uint64_t x = xc_load_le64(w + i) & ((UINT64_C(1) << 8 * (len - i)) - 1);
        h = (h ^ x) * XC_LEX_HASH_MUL;
    }
    return h ^ h >> 32;
}

/* Whether s[0..len) is all ASCII, eight bytes at a time (reads up to
 * WORD_PAD - 1 bytes past its end, as word_hash). */
static bool ascii_padded(const char *s, size_t len)
{
    const uint64_t high = 0x8080808080808080u;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        if (xc_load_le64(s + i) & high) return false;
    return i == len || !(xc_load_le64(s + i) & high & ((UINT64_C(1) << 8 * (len - i)) - 1));
}

/* Appends the word s[start..end) of a text whose copies as written (copy)
 * and with A-Z lower-cased (low, with WORD_PAD bytes after it) are in the
 * arena. An ASCII word folds to its lower case and is already composed: its
 * orig and w point into the copies, ended by a NUL written over the byte
 * after it (no part of any word: a word ends before a byte that is not a
 * letter, digit or joiner inside it), so it costs no allocation of its own. */
static int push_word(const char *s, size_t start, size_t end, char *copy, char *low, bool bracket,
                     bool ellipsis, xc_arena *arena, xc_words *out)
{
    size_t len = end - start, flen = len;
    const char *w, *orig = copy + start;
    copy[end] = '\0';
    uint64_t h;
    /* (low has the bytes past 0x7F of s where s has them) */
    if (ascii_padded(low + start, len)) {
        h = word_hash(low + start, len);
        low[end] = '\0';
        w = low + start;
    } else {
        utf8proc_uint8_t *folded;
        flen = fold_unicode(s + start, len, &folded);
        char *f = xc_arena_alloc(arena, flen + WORD_PAD);
        if (f) memcpy(f, folded ? (const char *)folded : s + start, flen);
        free(folded);
        if (!f) return -1;
        /* A typographic apostrophe is the same letter as a straight one. */
        flen = straighten_apostrophes(f, flen);
        f[flen] = '\0';
        w = f;
        h = word_hash(w, flen);
    }
    xc_word word = {w, orig, flen, h, bracket, ellipsis};
    return xc_vec_push(out, word);
}

/* xc_word_next, inlined into xc_words_split's loop, where the iterator
 * then stays in registers. */
static inline __attribute__((always_inline)) bool word_next(xc_word_iter *it, size_t *start_out,
                                                            size_t *end_out)
{
    const char *s = it->s;
    size_t len = it->len, i = it->i;
    if (it->after_word) {
        it->ellipsis = false;
        it->after_word = false;
    }
    while (i < len) {
        /* Spaces, the commonest bytes between words, without a decode. */
        if (s[i] == ' ') {
            i++;
            continue;
        }
        int32_t cp;
        size_t k = decode(s, len, i, &cp);
        if (is_word_cp(cp)) {
            size_t start = i, end = i + k;
            i += k;
            /* Extend over letters, digits, and joiners that stand between two of them. */
            while (i < len) {
                /* ASCII letters and digits, the bulk of a word, a byte at a time */
                size_t j = ascii_word_end(s, len, i);
                if (j > i) {
                    i = end = j;
                    if (i == len || s[i] == ' ') break; /* a space ends a word at once */
                }
                size_t k2 = decode(s, len, i, &cp);
                if (is_word_cp(cp)) {
                    i += k2;
                    end = i;
                    continue;
                }
                bool joiner = cp == '\'' || cp == 0x2019 || cp == '-';
                bool numeric_sep = (cp == ',' || cp == '.') && end > start &&
                                   is_digit_cp((unsigned char)s[end - 1]);
                if ((joiner || numeric_sep) && i + k2 < len) {
                    int32_t next;
                    decode(s, len, i + k2, &next);
                    if (is_word_cp(next) && (joiner || is_digit_cp(next))) {
                        i += k2;
                        continue;
                    }
                }
                break;
            }
            it->i = i;
            it->after_word = true;
            *start_out = start;
            *end_out = end;
            return true;
        }
        if (cp == '[' || cp == '(')
            it->bracket = true; /* "her (Tara Reid)": an editor's words, as in brackets */
        else if (cp == ']' || cp == ')')
            it->bracket = false;
        else if (cp == 0x2026 || (cp == '.' && i + 2 < len && s[i + 1] == '.' && s[i + 2] == '.')) {
            it->ellipsis = true;
            if (cp == '.') k = 3;
        }
        i += k;
    }
    it->i = i;
    return false;
}

bool xc_word_next(xc_word_iter *it, size_t *start_out, size_t *end_out)
{
    return word_next(it, start_out, end_out);
}

/* Copies s[0..len) to copy and, with A-Z lower-cased, to low; returns
 * whether it is all ASCII. Eight bytes at a time, the last eight of a text
 * of eight or more read again where they overlap the chunk before (copying
 * or lower-casing a byte twice gives the same byte). */
static bool copy_lower(char *copy, char *low, const char *s, size_t len)
{
    const uint64_t high = 0x8080808080808080u;
    uint64_t seen = 0;
    if (len < 8) {
        for (size_t i = 0; i < len; i++) {
            char ch = s[i];
            copy[i] = ch;
            low[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch + ('a' - 'A')) : ch;
            seen |= (unsigned char)ch;
        }
        return !(seen & 0x80);
    }
    /* (the last eight bytes once more at the end) */
    for (size_t i = 0, last = len - 8;; i = i + 8 <= last ? i + 8 : last) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        memcpy(copy + i, &x, 8);
        seen |= x;
        x = xc_lower8(x); /* byte by byte: the order of the bytes does not matter */
        memcpy(low + i, &x, 8);
        if (i == last) break;
    }
    return !(seen & high);
}

/* What an ASCII byte can be to the words of an ASCII text (ascii_split). */
enum {
    C_WORD = 1,   /* a letter or a digit */
    C_DIGIT = 2,  /* a digit */
    C_JOIN = 4,   /* ' or -: inside a word between two letters or digits */
    C_NUMSEP = 8, /* , or .: inside a number between two digits */
    C_OPEN = 16,  /* [ or (: the editor's words begin */
    C_CLOSE = 32, /* ] or ): they end */
    C_DOT = 64,   /* .: may begin an ellipsis */
};
#define W_ C_WORD
#define D_ (C_WORD | C_DIGIT)
static const uint8_t ascii_class[128] = {
    /* control characters */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* space ! " # $ % & ' ( ) * + , - . / */
    0, 0, 0, 0, 0, 0, 0, C_JOIN, C_OPEN, C_CLOSE, 0, 0, C_NUMSEP, C_JOIN, C_NUMSEP | C_DOT, 0,
    /* 0-9 : ; < = > ? */
    D_, D_, D_, D_, D_, D_, D_, D_, D_, D_, 0, 0, 0, 0, 0, 0,
    /* @ A-O */
    0, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_,
    /* P-Z [ \ ] ^ _ */
    W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, C_OPEN, 0, C_CLOSE, 0, 0,
    /* ` a-o */
    0, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_,
    /* p-z { | } ~ DEL */
    W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, W_, 0, 0, 0, 0, 0};
#undef W_
#undef D_

/* The bytes of x, eight bytes of lower-cased ASCII text (every byte below
 * 0x80), that are not a letter or a digit, as their high bits. */
static inline uint64_t ascii_non_word(uint64_t x)
{
    return ~ascii_word_bits(x, x) & 0x8080808080808080u;
}

/* low_bytes[k]: the k low bytes of a 64-bit word. */
static const uint64_t low_bytes[8] = {
    0, 0xFFu, 0xFFFFu, 0xFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFFFu, 0xFFFFFFFFFFFFu, 0xFFFFFFFFFFFFFFu};

/* xc_words_split of an ASCII text, whose copies (copy, low) copy_lower
 * made: the rules of word_next, with every character one byte and its
 * class from ascii_class, and each word's w and orig ended in the copies
 * as push_word ends an ASCII word. The same words as word_next finds
 * (tests/unit/test_words_ascii.c checks the two against each other). */
static int ascii_split(const char *s, size_t len, char *copy, char *low, xc_words *out,
                       bool *ellipsis_end)
{
    bool bracket = false, ellipsis = false;
    size_t i = 0, nw = out->n; /* out->n, kept here while the words are added */
    /* out->v and out->cap too: a store into the copies could be one into
     * them, for all the compiler knows, which would read them again after
     * each word */
    xc_word *ov = out->v;
    size_t cap = out->cap;
    while (i < len) {
        unsigned c = ascii_class[(unsigned char)s[i]];
        if (!c) {
            i++; /* a space, or punctuation that means nothing to the words */
            continue;
        }
        if (!(c & C_WORD)) {
            /* between words: brackets and ellipses are noted */
            if (c & C_OPEN)
                bracket = true;
            else if (c & C_CLOSE)
                bracket = false;
            else if (c & C_DOT && i + 2 < len && s[i + 1] == '.' && s[i + 2] == '.') {
                ellipsis = true;
                i += 2;
            }
            i++;
            continue;
        }
        /* The word's letters and digits, eight bytes of low at a time (the
         * zero bytes after the text end a word there; the NULs written
         * after the words before are behind), hashed as they go, in the
         * chunks word_hash takes: h is word_hash's, before its last mix,
         * as long as the word has no joiner. */
        size_t start = i;
        uint64_t h = 0;
        bool joined = false;
        for (;;) {
            uint64_t x = xc_load_le64(low + i), other = ascii_non_word(x);
            if (!other) {
                h = (h ^ x) * XC_LEX_HASH_MUL;
                i += 8;
                continue;
            }
            unsigned k = (unsigned)__builtin_ctzll(other) >> 3;
            if (k) h = (h ^ (x & low_bytes[k])) * XC_LEX_HASH_MUL;
            i += k;
            /* low[i] ends the letters and digits: a joiner before another
             * letter or digit, or a separator between two digits, carries
             * the word on over both (low[i - 1] is the word's last byte).
             * Read in low, where they have the class they have in s, and
             * where the zero bytes after the text have none. */
            unsigned here = ascii_class[(unsigned char)low[i]];
            if (here & (C_JOIN | C_NUMSEP)) {
                unsigned next = ascii_class[(unsigned char)low[i + 1]];
                if ((here & C_JOIN && next & C_WORD) ||
                    (here & C_NUMSEP && next & C_DIGIT &&
                     ascii_class[(unsigned char)low[i - 1]] & C_DIGIT)) {
                    i += 2;
                    joined = true;
                    continue;
                }
            }
            break;
        }
        size_t n = i - start;
        /* a joined word's chunks no longer line up with its start */
        h = joined ? word_hash(low + start, n) : h ^ h >> 32;
        copy[i] = '\0';
        low[i] = '\0';
        if (nw == cap) {
            out->n = nw;
            if (xc_vec_reserve(out, nw + 1)) return -1;
            ov = out->v;
            cap = out->cap;
        }
        ov[nw++] = (xc_word){low + start, copy + start, n, h, bracket, ellipsis};
        ellipsis = false;
    }
    out->n = nw;
    if (ellipsis_end) *ellipsis_end = ellipsis;
    return 0;
}

int xc_words_split(const char *s, size_t len, xc_arena *arena, xc_words *out, bool *ellipsis_end)
{
    if (!len) {
        if (ellipsis_end) *ellipsis_end = false;
        return 0;
    }
    /* The copies in one block: as written (len bytes and a NUL), then with
     * A-Z lower-cased (len bytes, then WORD_PAD zero bytes: a NUL and room
     * for word_hash). */
    if (len > (SIZE_MAX - 1 - WORD_PAD) / 2) return -1;
    char *copy = xc_arena_take(arena, 2 * len + 1 + WORD_PAD);
    if (!copy) return -1;
    char *low = copy + len + 1;
    /* copy_lower writes both texts: only the bytes after them are cleared */
    copy[len] = '\0';
    memset(low + len, 0, WORD_PAD);
    if (copy_lower(copy, low, s, len)) return ascii_split(s, len, copy, low, out, ellipsis_end);
    xc_word_iter it = {s, len, 0, false, false, false};
    size_t start, end;
    while (word_next(&it, &start, &end))
        if (push_word(s, start, end, copy, low, it.bracket, it.ellipsis, arena, out)) return -1;
    if (ellipsis_end) *ellipsis_end = it.ellipsis;
    return 0;
}

static bool word_eq(const xc_word *x, const xc_word *y)
{
    return x->h == y->h && x->len == y->len && xc_same_bytes(x->w, y->w, x->len);
}

/* The LCS table of xc_word_diff, L[i][j] = length of the LCS of a[i..] and
 * b[j..], kept as bit vectors, one row of n bits per suffix of a (the
 * bit-parallel LCS of Allison and Dix, in Hyyro's form): with a and b read
 * backwards, row k is the vector V after the last k words of a, whose zero
 * bits below l count the LCS of those words and the last l words of b. So
 * L[i][j] is the number of zero bits of row m - i below n - j, and the bit
 * n - 1 - j of that row is zero exactly when L[i][j] = L[i][j + 1] + 1. A
 * row costs one addition per 64 words of b instead of a cell per word. */
typedef struct {
    uint64_t *rows; /* (m + 1) rows of w words */
    size_t w;
} lcs_rows;

/* The bits set in x, counted in parallel within the word (without an
 * instruction set that has a population count, __builtin_popcountll is a
 * call that does the same). */
static inline unsigned popcount64(uint64_t x)
{
    x -= x >> 1 & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* L[m - k][n - l]: the zero bits of row k below l. (Inlined: the walk asks
 * it at every match and deletion, most often of a row of one word.) */
static inline __attribute__((always_inline)) size_t lcs_at(const lcs_rows *t, size_t k, size_t l)
{
    const uint64_t *row = t->rows + k * t->w;
    size_t ones = 0, x = 0;
    for (; (x + 1) * 64 <= l; x++) ones += popcount64(row[x]);
    if (l % 64) ones += popcount64(row[x] & ((UINT64_C(1) << (l % 64)) - 1));
    return l - ones;
}

/* 1 when bit p of row k is zero. */
static size_t lcs_step(const lcs_rows *t, size_t k, size_t p)
{
    return !(t->rows[k * t->w + p / 64] >> (p % 64) & 1);
}

/* The word of b equal to x (its first index, found in the hash table tab of
 * cap slots, which holds first indices plus one), or SIZE_MAX. */
static size_t find_word(const size_t *tab, size_t cap, const xc_word *b, const xc_word *x)
{
    for (size_t k = (size_t)x->h & (cap - 1); tab[k]; k = (k + 1) & (cap - 1))
        if (word_eq(&b[tab[k] - 1], x)) return tab[k] - 1;
    return SIZE_MAX;
}

/* Blocks of xc_word_diff of up to this many 64-bit words (two quotes of up
 * to about 64 words each) are on the stack. */
#define DIFF_STACK_WORDS 640

/* The ops of a walk that matches nothing: delete all of a[0..m), then
 * insert all of b[0..n). (Not inlined: lcs_walk's code stays as it was
 * with the loops written out.) */
static __attribute__((noinline)) void delete_then_insert(size_t m, size_t n, xc_diff_ops *ops)
{
    for (size_t i = 0; i < m; i++) ops->v[ops->n++] = (xc_diff_op){XC_OP_DELETE, i, 0};
    for (size_t j = 0; j < n; j++) ops->v[ops->n++] = (xc_diff_op){XC_OP_INSERT, m, j};
}

/* xc_word_diff's table and walk for a[0..m) against b[0..n), the ops
 * already reserved: appends them and returns the number of EQUAL ops, or -1
 * when out of memory (nothing appended then). */
static long lcs_walk(const xc_word *a, size_t m, const xc_word *b, size_t n, xc_diff_ops *ops)
{
    /* One side empty: the walk below deletes all of a, then inserts all of b. */
    if (!m || !n) {
        delete_then_insert(m, n, ops);
        return 0;
    }
    size_t w = (n + 63) / 64, cap = 16;
    while (cap < 2 * n) cap *= 2;
    /* ids: for each word of b and of a, the first word of b equal to it
     * (SIZE_MAX for a word of a that b does not have), from one hash table
     * of b's words; a word of a that b has gets the bit vector of where b
     * has it (bit n - 1 - j for b[j]: b is read backwards). All in one
     * block: the rows and masks (64-bit words) first, then the table, the
     * ids and the mask numbers. */
    size_t n_rows = (m + 1) * w, n_mask = m * w, n_idx = cap + n + m + n;
    uint64_t stack_block[DIFF_STACK_WORDS];
    _Static_assert(sizeof(size_t) <= sizeof(uint64_t), "the block counts a size_t as a word");
    size_t block_words = n_rows + n_mask + n_idx;
    uint64_t *block = block_words <= DIFF_STACK_WORDS
                          ? stack_block
                          : malloc((n_rows + n_mask) * sizeof *block + n_idx * sizeof(size_t));
    if (!block) return -1;
    lcs_rows t = {block, w};
    uint64_t *masks = block + n_rows;
    size_t *tab = (size_t *)(masks + n_mask);
    size_t *idb = tab + cap, *ida = idb + n, *mask_of = ida + m; /* mask_of: number + 1 */
    memset(masks, 0, n_mask * sizeof *masks);
    memset(tab, 0, cap * sizeof *tab);
    memset(mask_of, 0, n * sizeof *mask_of);
    long equal = -1;
    for (size_t j = 0; j < n; j++) {
        size_t k = (size_t)b[j].h & (cap - 1);
        while (tab[k] && !word_eq(&b[tab[k] - 1], &b[j])) k = (k + 1) & (cap - 1);
        if (!tab[k]) tab[k] = j + 1;
        idb[j] = tab[k] - 1;
    }
    size_t n_masks = 0;
    for (size_t i = 0; i < m; i++) {
        ida[i] = find_word(tab, cap, b, &a[i]);
        if (ida[i] != SIZE_MAX && !mask_of[ida[i]]) mask_of[ida[i]] = ++n_masks;
    }
    if (!n_masks) {
        /* No word in common: L is zero everywhere, and the walk below never
         * matches and deletes whenever it can (down = right = here = 0), so
         * it deletes all of a, then inserts all of b. */
        delete_then_insert(m, n, ops);
        equal = 0;
        goto done;
    }
    for (size_t j = 0; j < n; j++)
        if (mask_of[idb[j]]) {
            size_t p = n - 1 - j;
            masks[(mask_of[idb[j]] - 1) * w + p / 64] |= UINT64_C(1) << (p % 64);
        }
    /* Row 0 (no word of a): all ones, no common word. Row k from row k - 1
     * and the mask M of a[m - k]: V' = (V + (V & M)) | (V & ~M), the
     * addition carried from word to word. */
    for (size_t x = 0; x < w; x++) t.rows[x] = ~UINT64_C(0);
    for (size_t k = 1; k <= m; k++) {
        const uint64_t *v = t.rows + (k - 1) * w;
        uint64_t *out = t.rows + k * w;
        size_t id = ida[m - k];
        if (id == SIZE_MAX) {
            /* no common word: M = 0 (a row of one word, the commonest,
             * without a call to memcpy) */
            if (w == 1)
                out[0] = v[0];
            else
                memcpy(out, v, w * sizeof *v);
            continue;
        }
        const uint64_t *pm = masks + (mask_of[id] - 1) * w;
        uint64_t carry = 0;
        for (size_t x = 0; x < w; x++) {
            uint64_t u = v[x] & pm[x], s1 = v[x] + u, s2 = s1 + carry;
            carry = (uint64_t)(s1 < v[x]) | (uint64_t)(s2 < s1);
            out[x] = s2 | (v[x] & ~pm[x]);
        }
    }
    /* The walk from (0, 0): here = L[i][j], down = L[i + 1][j] (while i < m),
     * right = L[i][j + 1] (while j < n), each from the one before by a bit
     * of a row; a new row is counted only when i moves. */
    equal = 0;
    size_t i = 0, j = 0;
    size_t here = lcs_at(&t, m, n), down = m ? lcs_at(&t, m - 1, n) : 0;
    while (i < m || j < n) {
        xc_diff_op op;
        size_t right = j < n ? here - lcs_step(&t, m - i, n - 1 - j) : 0;
        /* A match is taken only when skipping it would lose a common word:
         * this leaves an excerpt's missing words in one block at the start
         * instead of matching a stray "the" there. */
        bool match = i < m && j < n && ida[i] != SIZE_MAX && ida[i] == idb[j] && down != here &&
                     right != here;
        if (match) {
            op = (xc_diff_op){XC_OP_EQUAL, i++, j++};
            equal++;
            here--; /* L[i][j] = L[i + 1][j + 1] + 1 at a match */
            down = i < m ? lcs_at(&t, m - i - 1, n - j) : 0;
        } else if (i < m && (j == n || down >= right) && (j == n || down == here)) {
            op = (xc_diff_op){XC_OP_DELETE, i++, j};
            here = down;
            down = i < m ? lcs_at(&t, m - i - 1, n - j) : 0;
        } else {
            op = (xc_diff_op){XC_OP_INSERT, i, j};
            if (i < m) down -= lcs_step(&t, m - i - 1, n - 1 - j);
            here = right;
            j++;
        }
        ops->v[ops->n++] = op;
    }
done:
    if (block != stack_block) free(block);
    return equal;
}

long xc_word_diff(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t max_cells,
                  xc_diff_ops *ops)
{
    if (n && m > max_cells / (n + 1)) return -2;
    /* The words both sides end with (all of them when outlets quote one
     * text alike) are matched at the end, and the rest is diffed alone: it
     * takes the same walk. As LCS(X c, Y c) = LCS(X, Y) + 1, every L[i][j]
     * with i and j before the common end S is that of the rest plus |S|,
     * so the walk compares the same differences there; once it reaches the
     * end of one rest, say a's (i = m - |S|, j < n - |S|), L[i][j] = |S| =
     * L[i][j + 1] while L[i + 1][j] = |S| - 1, so it inserts up to b's end
     * (and deletes up to a's in the other case), where both S match (no
     * skip then keeps every common word). */
    size_t same = 0;
    while (same < m && same < n && word_eq(&a[m - 1 - same], &b[n - 1 - same])) same++;
    if (xc_vec_reserve(ops, ops->n + m + n)) return -1;
    long equal = lcs_walk(a, m - same, b, n - same, ops);
    if (equal < 0) return -1;
    for (size_t k = m - same, l = n - same; k < m; k++, l++)
        ops->v[ops->n++] = (xc_diff_op){XC_OP_EQUAL, k, l};
    return equal + (long)same;
}

/* Rows of xc_word_common_run for up to this many words of b are on the
 * stack. */
#define RUN_STACK 256

/* The longest run of consecutive words common to a and b, or the first
 * one found of `enough` words or more (0 when out of memory). */
static size_t common_run(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t enough)
{
    size_t row_small[RUN_STACK + 1], best = 0;
    size_t *row = n <= RUN_STACK ? row_small : malloc((n + 1) * sizeof *row);
    if (!row) return 0;
    memset(row, 0, (n + 1) * sizeof *row);
    for (size_t i = 1; i <= m && best < enough; i++)
        for (size_t j = n; j >= 1; j--) {
            row[j] = word_eq(&a[i - 1], &b[j - 1]) ? row[j - 1] + 1 : 0;
            if (row[j] > best) best = row[j];
        }
    if (row != row_small) free(row);
    return best;
}

size_t xc_word_common_run(const xc_word *a, size_t m, const xc_word *b, size_t n)
{
    return common_run(a, m, b, n, SIZE_MAX);
}

bool xc_word_common_run_reaches(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t k)
{
    return common_run(a, m, b, n, k) >= k;
}

/* Code points of s[0..len) into out (room for len of them); returns their
 * number. ASCII bytes without a call. */
static size_t decode_all(const char *s, size_t len, int32_t *out)
{
    size_t k = 0;
    for (size_t i = 0; i < len;) i += decode(s, len, i, &out[k++]);
    return k;
}

/* Strings of up to this many bytes are worked on the stack. */
#define OSA_STACK 64

/* Two strings as code points, a[0..m) and b[0..n), with rows of cells for a
 * table over them: all on the stack when both strings have at most
 * OSA_STACK bytes, else malloc'd. */
typedef struct {
    int32_t *a, *b;
    size_t *rows, m, n;
    int32_t a_small[OSA_STACK], b_small[OSA_STACK];
    size_t rows_small[3 * (OSA_STACK + 1)];
} code_pair;

/* Decodes sa and sb into p, with room for k rows of cells (k at most 3);
 * false when out of memory. pair_free frees p either way. */
static inline __attribute__((always_inline)) bool decode_pair(code_pair *p, const char *sa,
                                                              const char *sb, size_t k)
{
    size_t la = strlen(sa), lb = strlen(sb);
    bool small = la <= OSA_STACK && lb <= OSA_STACK;
    p->a = small ? p->a_small : malloc((la + 1) * sizeof *p->a);
    p->b = small ? p->b_small : malloc((lb + 1) * sizeof *p->b);
    p->rows = small ? p->rows_small : malloc(k * (lb + 1) * sizeof *p->rows);
    if (!p->a || !p->b || !p->rows) return false;
    p->m = decode_all(sa, la, p->a);
    p->n = decode_all(sb, lb, p->b);
    return true;
}

static void pair_free(code_pair *p)
{
    if (p->a != p->a_small) {
        free(p->a);
        free(p->b);
        free(p->rows);
    }
}

size_t xc_osa_distance(const char *sa, const char *sb, size_t max)
{
    size_t result = max + 1;
    code_pair p;
    if (!decode_pair(&p, sa, sb, 3)) goto done;
    const int32_t *a = p.a, *b = p.b;
    size_t m = p.m, n = p.n, *rows = p.rows;
    if ((m > n ? m - n : n - m) > max) goto done;
    /* Only the cells of the band |i - j| <= band are worked out: any other
     * is at least |i - j| > band (an edit moves the alignment by one at
     * most), so it is read as `over`, which changes no cell that is at most
     * band and leaves every other over it; as band is max (or, when that is
     * larger, m + n, which no distance exceeds), what is at most max comes
     * out exact. Each row writes its band and the cells just before and
     * after it, all the rows after it read of it. Three rows of the table
     * at a time: a transposition reads two rows up. */
    size_t band = max < m + n ? max : m + n, over = band + 1;
    size_t *up2 = rows, *up = rows + n + 1, *cur = rows + 2 * (n + 1);
    for (size_t j = 0; j <= n && j <= over; j++) up[j] = j;
    size_t up_min = 0; /* the least cell of the row before */
    for (size_t i = 1; i <= m; i++) {
        size_t lo = i > band ? i - band : 1, hi = i + band < n ? i + band : n;
        cur[lo - 1] = lo == 1 ? i : over;
        size_t row_min = cur[lo - 1];
        for (size_t j = lo; j <= hi; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t v = up[j] + 1;
            if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
            if (up[j - 1] + cost < v) v = up[j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                up2[j - 2] + 1 < v)
                v = up2[j - 2] + 1;
            cur[j] = v;
            if (v < row_min) row_min = v;
        }
        if (hi < n) cur[hi + 1] = over;
        /* Every way to (m, n) passes through this row or, by a
         * transposition over it, through the row before; no cell grows
         * smaller on the way. */
        if (row_min > band && up_min > band) goto done;
        up_min = row_min;
        size_t *t = up2;
        up2 = up, up = cur, cur = t;
    }
    /* (after the last row, up is row m) */
    result = up[n] <= max ? up[n] : max + 1;
done:
    pair_free(&p);
    return result;
}

size_t xc_lcs_chars(const char *sa, const char *sb)
{
    size_t result = 0;
    code_pair p;
    if (!decode_pair(&p, sa, sb, 1)) goto done;
    const int32_t *a = p.a, *b = p.b;
    size_t m = p.m, n = p.n, *row = p.rows;
    memset(row, 0, (n + 1) * sizeof *row);
    for (size_t i = 1; i <= m; i++) {
        size_t diag = 0; /* row[j - 1] of the previous row */
        for (size_t j = 1; j <= n; j++) {
            size_t up = row[j];
            row[j] = a[i - 1] == b[j - 1] ? diag + 1 : (row[j - 1] > up ? row[j - 1] : up);
            diag = up;
        }
    }
    result = row[n];
done:
    pair_free(&p);
    return result;
}

int xc_pairs_sort(xc_pair *v, size_t n, size_t bound)
{
    if (n < 2) return 0;
    xc_pair *tmp = malloc(n * sizeof *tmp);
    size_t *at = malloc((bound + 1) * sizeof *at);
    if (!tmp || !at) {
        free(tmp);
        free(at);
        return -1;
    }
    /* at[k]: where the next pair of key k goes (counts shifted by one, then
     * summed) */
    memset(at, 0, (bound + 1) * sizeof *at);
    for (size_t i = 0; i < n; i++) at[v[i].v + 1]++;
    for (size_t k = 1; k <= bound; k++) at[k] += at[k - 1];
    for (size_t i = 0; i < n; i++) tmp[at[v[i].v]++] = v[i];
    memset(at, 0, (bound + 1) * sizeof *at);
    for (size_t i = 0; i < n; i++) at[tmp[i].u + 1]++;
    for (size_t k = 1; k <= bound; k++) at[k] += at[k - 1];
    for (size_t i = 0; i < n; i++) v[at[tmp[i].u]++] = tmp[i];
    free(tmp);
    free(at);
    return 0;
}
