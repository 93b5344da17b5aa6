/* diff.c — words, word diffs and edit distance for cross-checking quotes
 * and names. */
#include "diff.h"

#include <utf8proc.h>

uint64_t xc_hash(const char *s, size_t len, uint64_t seed)
{
    uint64_t h = 1469598103934665603ull ^ seed;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

static bool is_word_cp(int32_t cp)
{
    utf8proc_category_t c = utf8proc_category(cp);
    return (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_NO);
}

static bool is_digit_cp(int32_t cp)
{
    return cp >= '0' && cp <= '9';
}

/* Appends the case-folded form of s[0..len) as one word. */
static int push_word(const char *s, size_t len, bool bracket, bool ellipsis, xc_arena *arena,
                     xc_words *out)
{
    utf8proc_uint8_t *folded = NULL;
    utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)len, &folded,
                                      UTF8PROC_CASEFOLD | UTF8PROC_COMPOSE | UTF8PROC_STABLE);
    const char *src = n >= 0 ? (const char *)folded : s;
    size_t flen = n >= 0 ? (size_t)n : len;
    char *w = xc_arena_strndup(arena, src, flen);
    /* A typographic apostrophe is the same letter as a straight one. */
    for (char *p = w; p && (p = strstr(p, "\xe2\x80\x99")) != NULL;) {
        *p = '\'';
        memmove(p + 1, p + 3, strlen(p + 3) + 1);
        flen -= 2;
    }
    char *orig = xc_arena_strndup(arena, s, len);
    free(folded);
    if (!w || !orig) return -1;
    xc_word word = {w, orig, flen, xc_hash(w, flen, 0), bracket, ellipsis};
    return xc_vec_push(out, word);
}

int xc_words_split(const char *s, size_t len, xc_arena *arena, xc_words *out, bool *ellipsis_end)
{
    bool bracket = false, ellipsis = false;
    size_t i = 0;
    while (i < len) {
        int32_t cp;
        size_t k = xc_utf8_decode(s, len, i, &cp);
        if (is_word_cp(cp)) {
            size_t start = i, end = i + k;
            i += k;
            /* Extend over letters, digits, and joiners that stand between two of them. */
            while (i < len) {
                size_t k2 = xc_utf8_decode(s, len, i, &cp);
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
                    xc_utf8_decode(s, len, i + k2, &next);
                    if (is_word_cp(next) && (joiner || is_digit_cp(next))) {
                        i += k2;
                        continue;
                    }
                }
                break;
            }
            if (push_word(s + start, end - start, bracket, ellipsis, arena, out)) return -1;
            ellipsis = false;
            continue;
        }
        if (cp == '[')
            bracket = true;
        else if (cp == ']')
            bracket = false;
        else if (cp == 0x2026 || (cp == '.' && i + 2 < len && s[i + 1] == '.' && s[i + 2] == '.')) {
            ellipsis = true;
            if (cp == '.') k = 3;
        }
        i += k;
    }
    if (ellipsis_end) *ellipsis_end = ellipsis;
    return 0;
}

static bool word_eq(const xc_word *x, const xc_word *y)
{
    return x->h == y->h && x->len == y->len && !memcmp(x->w, y->w, x->len);
}

long xc_word_diff(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t max_cells,
                  xc_diff_ops *ops)
{
    if (n && m > max_cells / (n + 1)) return -2;
    /* L[i][j]: length of the LCS of a[i..] and b[j..]. */
    size_t w = n + 1;
    uint32_t *L = calloc((m + 1) * w, sizeof *L);
    if (!L) return -1;
    for (size_t i = m; i-- > 0;)
        for (size_t j = n; j-- > 0;) {
            if (word_eq(&a[i], &b[j]))
                L[i * w + j] = L[(i + 1) * w + j + 1] + 1;
            else {
                uint32_t down = L[(i + 1) * w + j], right = L[i * w + j + 1];
                L[i * w + j] = down >= right ? down : right;
            }
        }
    long equal = 0;
    size_t i = 0, j = 0;
    while (i < m || j < n) {
        xc_diff_op op;
        /* A match is taken only when skipping it would lose a common word:
         * this leaves an excerpt's missing words in one block at the start
         * instead of matching a stray "the" there. */
        uint32_t here = i < m && j < n ? L[i * w + j] : 0;
        bool match = i < m && j < n && word_eq(&a[i], &b[j]) && L[(i + 1) * w + j] != here &&
                     L[i * w + j + 1] != here;
        if (match) {
            op = (xc_diff_op){XC_OP_EQUAL, i++, j++};
            equal++;
        } else if (i < m && (j == n || L[(i + 1) * w + j] >= L[i * w + j + 1]) &&
                   (j == n || L[(i + 1) * w + j] == here)) {
            op = (xc_diff_op){XC_OP_DELETE, i++, j};
        } else {
            op = (xc_diff_op){XC_OP_INSERT, i, j++};
        }
        if (xc_vec_push(ops, op)) {
            free(L);
            return -1;
        }
    }
    free(L);
    return equal;
}

size_t xc_word_common_run(const xc_word *a, size_t m, const xc_word *b, size_t n)
{
    size_t *row = calloc(n + 1, sizeof *row), best = 0;
    if (!row) return 0;
    for (size_t i = 1; i <= m; i++)
        for (size_t j = n; j >= 1; j--) {
            row[j] = word_eq(&a[i - 1], &b[j - 1]) ? row[j - 1] + 1 : 0;
            if (row[j] > best) best = row[j];
        }
    free(row);
    return best;
}

/* Decodes a UTF-8 string into code points (malloc'd); NULL when out of memory. */
static int32_t *code_points(const char *s, size_t *n)
{
    size_t len = strlen(s);
    int32_t *cps = malloc((len + 1) * sizeof *cps);
    if (!cps) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len;) i += xc_utf8_decode(s, len, i, &cps[k++]);
    *n = k;
    return cps;
}

size_t xc_osa_distance(const char *sa, const char *sb, size_t max)
{
    size_t m, n;
    int32_t *a = code_points(sa, &m);
    int32_t *b = code_points(sb, &n);
    size_t *d = a && b ? malloc((m + 1) * (n + 1) * sizeof *d) : NULL;
    size_t result = max + 1;
    if (!d) goto done;
    if ((m > n ? m - n : n - m) > max) goto done;
    size_t w = n + 1;
    for (size_t i = 0; i <= m; i++) d[i * w] = i;
    for (size_t j = 0; j <= n; j++) d[j] = j;
    for (size_t i = 1; i <= m; i++) {
        for (size_t j = 1; j <= n; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t v = d[(i - 1) * w + j] + 1;
            if (d[i * w + j - 1] + 1 < v) v = d[i * w + j - 1] + 1;
            if (d[(i - 1) * w + j - 1] + cost < v) v = d[(i - 1) * w + j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[(i - 2) * w + j - 2] + 1 < v)
                v = d[(i - 2) * w + j - 2] + 1;
            d[i * w + j] = v;
        }
    }
    result = d[m * w + n] <= max ? d[m * w + n] : max + 1;
done:
    free(a);
    free(b);
    free(d);
    return result;
}

size_t xc_lcs_chars(const char *sa, const char *sb)
{
    size_t m, n, result = 0;
    int32_t *a = code_points(sa, &m);
    int32_t *b = code_points(sb, &n);
    size_t *row = a && b ? calloc(n + 1, sizeof *row) : NULL;
    if (!row) goto done;
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
    free(a);
    free(b);
    free(row);
    return result;
}
