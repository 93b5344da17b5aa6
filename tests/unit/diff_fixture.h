/* diff_fixture.h — words from hand-written text, the diff by its definition,
 * and a seeded random source, for the tests of diff.c. Include after cmocka.h
 * and diff.h. */
#ifndef XC_DIFF_FIXTURE_H
#define XC_DIFF_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Words from a string of space-separated words, each with its hash. */
static inline size_t make_words(const char *text, xc_word *out, size_t max)
{
    size_t n = 0;
    for (const char *p = text; *p && n < max;) {
        while (*p == ' ') p++;
        if (!*p) break;
        size_t len = strcspn(p, " ");
        out[n] = (xc_word){p, p, len, xc_hash(p, len, 0), false, false};
        n++;
        p += len;
    }
    return n;
}

/* The definition: L[i][j], the LCS of a[i..] and b[j..], cell by cell, then
 * the walk from (0, 0) that takes a match only when skipping it loses a
 * common word, and deletes before it inserts on a tie. */
static inline long reference_diff(const xc_word *a, size_t m, const xc_word *b, size_t n,
                                  xc_diff_ops *ops)
{
    size_t w = n + 1;
    unsigned *L = calloc((m + 1) * w, sizeof *L);
    assert_non_null(L);
#define EQ(i, j) (a[i].len == b[j].len && !memcmp(a[i].w, b[j].w, a[i].len))
    for (size_t i = m; i-- > 0;)
        for (size_t j = n; j-- > 0;) {
            unsigned down = L[(i + 1) * w + j], right = L[i * w + j + 1];
            L[i * w + j] = EQ(i, j) ? L[(i + 1) * w + j + 1] + 1 : down >= right ? down : right;
        }
    long equal = 0;
    size_t i = 0, j = 0;
    while (i < m || j < n) {
        unsigned here = i < m && j < n ? L[i * w + j] : 0;
        if (i < m && j < n && EQ(i, j) && L[(i + 1) * w + j] != here && L[i * w + j + 1] != here) {
            assert_int_equal(xc_vec_push(ops, ((xc_diff_op){XC_OP_EQUAL, i++, j++})), 0);
            equal++;
        } else if (i < m && (j == n || L[(i + 1) * w + j] >= L[i * w + j + 1]) &&
                   (j == n || L[(i + 1) * w + j] == here))
            assert_int_equal(xc_vec_push(ops, ((xc_diff_op){XC_OP_DELETE, i++, j})), 0);
        else
            assert_int_equal(xc_vec_push(ops, ((xc_diff_op){XC_OP_INSERT, i, j++})), 0);
    }
#undef EQ
    free(L);
    return equal;
}

/* The word v (unbracketed, no ellipsis before it), with its hash. */
static inline xc_word word_of(const char *v)
{
    return (xc_word){v, v, strlen(v), xc_hash(v, strlen(v), 0), false, false};
}

/* xc_word_diff of a and b gives the common words and the operations of the
 * definition (reference_diff). */
static inline void check_against_definition(const xc_word *a, size_t m, const xc_word *b, size_t n)
{
    xc_diff_ops got = {0}, want = {0};
    long lg = xc_word_diff(a, m, b, n, 1u << 20, &got);
    long lw = reference_diff(a, m, b, n, &want);
    assert_int_equal(lg, lw);
    assert_int_equal(got.n, want.n);
    for (size_t k = 0; k < got.n; k++) {
        assert_int_equal(got.v[k].op, want.v[k].op);
        assert_int_equal(got.v[k].a, want.v[k].a);
        assert_int_equal(got.v[k].b, want.v[k].b);
    }
    xc_vec_free(&got);
    xc_vec_free(&want);
}

/* The operations as a string: "=a" equal, "-a" deleted, "+b" inserted,
 * each with its indices checked against the ones before. */
static inline void ops_text(const xc_diff_ops *ops, const xc_word *a, const xc_word *b, char *out,
                            size_t cap)
{
    size_t k = 0, i = 0, j = 0;
    out[0] = '\0';
    for (size_t x = 0; x < ops->n; x++) {
        const xc_diff_op *op = &ops->v[x];
        assert_int_equal(op->a, i);
        assert_int_equal(op->b, j);
        const xc_word *w = op->op == XC_OP_INSERT ? &b[op->b] : &a[op->a];
        char sign = op->op == XC_OP_EQUAL ? '=' : op->op == XC_OP_DELETE ? '-' : '+';
        k += (size_t)snprintf(out + k, cap - k, "%s%c%.*s", x ? " " : "", sign, (int)w->len, w->w);
        i += op->op != XC_OP_INSERT;
        j += op->op != XC_OP_DELETE;
    }
}

/* The diff of two texts of space-separated words: its common words and its
 * operations (as ops_text writes them). */
static inline void check_diff(const char *sa, const char *sb, long lcs, const char *expected)
{
    xc_word a[32], b[32];
    size_t m = make_words(sa, a, 32), n = make_words(sb, b, 32);
    xc_diff_ops ops = {0};
    assert_int_equal(xc_word_diff(a, m, b, n, 1u << 20, &ops), lcs);
    char text[512];
    ops_text(&ops, a, b, text, sizeof text);
    assert_string_equal(text, expected);
    xc_vec_free(&ops);
}

/* A xorshift generator: each test file seeds its own sequence. */
static unsigned long long rng_state __attribute__((unused)) = 88172645463325252ull;
static inline unsigned next_rand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 32);
}

#endif
