/*
 * diff.h — words of quotes and names, word diffs and edit distance, for
 * reconcile.c. Private to the library.
 */
#ifndef XC_DIFF_H
#define XC_DIFF_H

#include "internal.h"

/* One word of a quote, case-folded. Ellipses and editorial brackets are not
 * words: they are recorded as flags on the words around them. */
typedef struct {
    const char *w;    /* case-folded, NUL-terminated (in the caller's arena) */
    const char *orig; /* as written */
    size_t len;
    uint64_t h;           /* hash of w, for fast inequality */
    bool bracket;         /* inside [ ] or ( ): an editor's insertion */
    bool ellipsis_before; /* an ellipsis stands right before this word */
} xc_word;

typedef XC_VEC(xc_word) xc_words;

/* Splits s[0..len) into case-folded words appended to out (strings in arena).
 * Letters and digits make words; an apostrophe or hyphen between two of them
 * stays inside the word; '#' and other punctuation separate words. "[" ... "]"
 * marks words as bracketed; "..." or U+2026 sets ellipsis_before on the next
 * word, or *ellipsis_end when nothing follows. Returns 0, or -1 when out of
 * memory. */
int xc_words_split(const char *s, size_t len, xc_arena *arena, xc_words *out, bool *ellipsis_end);

/* Walks the words of s[0..len) the way xc_words_split splits them, without
 * copying: set s and len, everything else zero. */
typedef struct {
    const char *s;
    size_t len, i;
    bool bracket;    /* the word returned last is inside [ ] or ( ) */
    bool ellipsis;   /* an ellipsis stands before it (after the last word: at the end) */
    bool after_word; /* private */
} xc_word_iter;

/* Finds the next word: its span is s[*start..*end). False when none is left;
 * it->ellipsis then tells whether the text ends with an ellipsis. */
bool xc_word_next(xc_word_iter *it, size_t *start, size_t *end);

/* Appends the case-folded form of the word s[0..len) to out, exactly the w
 * of xc_words_split. Returns 0, or -1 when out of memory. */
int xc_word_fold(const char *s, size_t len, xc_buf *out);

typedef enum { XC_OP_EQUAL = 0, XC_OP_DELETE = 1, XC_OP_INSERT = 2 } xc_diff_op_kind;

typedef struct {
    xc_diff_op_kind op;
    size_t a, b; /* word index in a (EQUAL, DELETE) and in b (EQUAL, INSERT) */
} xc_diff_op;

typedef XC_VEC(xc_diff_op) xc_diff_ops;

/* Longest-common-subsequence word diff of a against b: ops turn a into b, in
 * order. Returns the number of EQUAL ops, -1 when out of memory, -2 when
 * m * n exceeds max_cells (nothing is appended then). Deterministic: on ties
 * a deletion comes before an insertion. */
long xc_word_diff(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t max_cells,
                  xc_diff_ops *ops);

/* Length of the longest run of consecutive words common to a and b (0 when
 * out of memory). */
size_t xc_word_common_run(const xc_word *a, size_t m, const xc_word *b, size_t n);
/* Whether a and b have a run of k consecutive words or more in common
 * (xc_word_common_run(a, m, b, n) >= k): the rows stop at the first one. */
bool xc_word_common_run_reaches(const xc_word *a, size_t m, const xc_word *b, size_t n, size_t k);

/* Optimal string alignment distance (insertions, deletions, substitutions and
 * transpositions of adjacent characters) between two UTF-8 strings, counted
 * in code points. Returns max + 1 as soon as the distance exceeds max. */
size_t xc_osa_distance(const char *a, const char *b, size_t max);

/* Length of the longest common subsequence of two UTF-8 strings, in code
 * points. */
size_t xc_lcs_chars(const char *a, const char *b);

/* Two numbers, such as two quotes' indices. */
typedef struct {
    size_t u, v;
} xc_pair;

/* Sorts the n pairs of v by u, then v, every number below bound: a counting
 * sort by v, then a stable one by u (linear in n and bound, where qsort
 * makes a call per comparison). Returns 0, or -1 when out of memory (v is
 * unchanged then). */
int xc_pairs_sort(xc_pair *v, size_t n, size_t bound);

/* 64-bit FNV-1a of s[0..len). */
uint64_t xc_hash(const char *s, size_t len, uint64_t seed);
/* xc_hash(s, *len, 0) of the word at s, which ends at the first space or
 * NUL; sets *len to its length. One pass over its bytes. */
uint64_t xc_hash_word(const char *s, size_t *len);

#endif
