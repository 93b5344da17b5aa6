/*
 * rules_impl.h — the insides of a compiled rule set, shared by rules.c (loading,
 * compiling, examples) and engine.c (triggers and matching). Nothing else
 * includes this file: other stages use the accessors declared in internal.h.
 */
#ifndef XC_RULES_IMPL_H
#define XC_RULES_IMPL_H

#include "internal.h"

#include <pthread.h>
#include <stdatomic.h>

/* Trigger classes: one bit each. Lists used as triggers get the bits from
 * XC_TRIG_LIST0 up, so one 64-bit mask says everything a position can start. */
#define XC_TRIG_DIGIT     (UINT64_C(1) << 0)
#define XC_TRIG_UPPER     (UINT64_C(1) << 1)
#define XC_TRIG_QUOTE     (UINT64_C(1) << 2)
#define XC_TRIG_SYMBOL    (UINT64_C(1) << 3)
#define XC_TRIG_WORD      (UINT64_C(1) << 4)
#define XC_TRIG_SENTENCE  (UINT64_C(1) << 5)
#define XC_TRIG_PARAGRAPH (UINT64_C(1) << 6)
#define XC_TRIG_LIST0     8
#define XC_TRIG_MAX_LISTS 48 /* bits 56..63 of an event's mask hold its first byte */

/* Longest key (bytes) of the trigger-word table; longer words are cut at a
 * code point boundary, the same way on both sides, so lookups stay a superset. */
#define XC_KEY_MAX 64

typedef struct {
    const char *text;
    const char *match; /* expected first match; NULL with match_null */
    bool has_match, match_null;
    const char **gnames, **gvals; /* gvals[i] NULL: the group must be unset */
    size_t ngroups;
    unsigned line, column;
    const char *source; /* the example's first line in the rule file */
} xc_example;

struct xc_rule {
    const char *id, *kind, *file;
    unsigned line, column;
    size_t order;     /* declaration order in the whole rule set */
    pcre2_code *code; /* compiled with PCRE2_ANCHORED: the trigger path */
    /* The same pattern unanchored (interpreter only), compiled on first use
     * (xc_rule_search): only searches that do not start at a trigger need it. */
    _Atomic(pcre2_code *) search;
    const char *source; /* the whole pattern compiled: head and (?(DEFINE)...) */
    size_t source_len;
    bool jit;
    uint64_t trig;
    uint8_t first[32]; /* bytes a match can start with (all set when unknown) */
    size_t min_len;
    uint32_t ncap; /* capture groups, not counting group 0 */
    xc_attr *attrs;
    size_t n_attrs;
    xc_example *examples;
    size_t n_examples;
};

struct xc_list {
    const char *name, *file;
    unsigned line, column;
    xc_entry *entries;
    size_t n;
    const char **keys; /* normalized (lower case, single spaces), parallel to entries */
    size_t *keylens;
    /* open addressing: entry index + 1 in the low 32 bits (0 = empty), the
     * high 32 bits of its key's hash above them, so that most probes that
     * miss never touch the keys */
    uint64_t *slots;
    size_t nslots;
    /* Quick reject: one bit per hash of the first two bytes of each key whose
     * first two bytes are printable ASCII (see list_filter_bit). */
    uint8_t *filter;
    int bit; /* trigger bit, or -1 */
};

typedef struct {
    const char *name;
    XC_VEC(const xc_rule *) rules;
    uint64_t trig; /* union of its rules' triggers */
} xc_kind;

typedef struct {
    uint64_t hash;
    const char *key;
    size_t len;
    uint64_t mask;
} xc_trig_slot;

struct xc_rules {
    xc_arena arena;
    XC_VEC(xc_rule *) rules;
    XC_VEC(xc_kind) kinds;
    XC_VEC(xc_list *) lists;
    xc_rule **rules_by_id;    /* sorted copy, for lookups by id */
    xc_list **list_slots;     /* lists by name hash (open addressing, NULL = empty) */
    size_t n_list_slots;      /* a power of two */
    XC_VEC(xc_attr) settings; /* key "kind.key" */
    const char *version;
    uint32_t max_pairs;       /* largest capture count + 1 */
    xc_trig_slot *trig_slots; /* first word of trigger-list entries -> list bits */
    size_t n_trig_slots;
    uint64_t byte_lists[256]; /* entries that begin with a non-word character, by first byte */
    int n_trig_lists;
    uint64_t all_trig; /* union of every rule's triggers */
    /* Quick reject before hashing a word: one bit per hash of the first two
     * lower-case ASCII bytes and the length of each trigger word's key. */
    uint8_t key_filter[8192];
    uint64_t serial; /* unique for the process's lifetime: see xc_rules_serial */
    /* Tables extractors derive from the lists (xc_rules_cache). */
    pthread_mutex_t cache_lock;
    struct {
        void *data;
        void (*destroy)(void *);
    } cache[XC_RULES_CACHE_SLOTS];
};

/* Bit of key_filter for a key starting with lower-case ASCII a, b (b is 0
 * for a one-byte key) of length kl. */
static inline unsigned xc_key_filter_bit(unsigned a, unsigned b, size_t kl)
{
    return (((a << 8 | b) * 2654435761u) ^ ((unsigned)kl * 40503u)) >> 16 & 0xFFFF;
}

/* The key_filter bit of a key, or -1 when its first bytes are not ASCII
 * (such words are always looked up). */
static inline long xc_key_filter_index(const char *key, size_t kl)
{
    unsigned char a = (unsigned char)key[0], b = kl > 1 ? (unsigned char)key[1] : 0;
    return a >= 0x80 || b >= 0x80 ? -1 : (long)xc_key_filter_bit(a, b, kl);
}

/* Options every rule pattern is compiled with (and PCRE2_ANCHORED for code). */
#define XC_PCRE2_OPTIONS (PCRE2_UTF | PCRE2_UCP | PCRE2_EXTENDED)

/* The rule's unanchored pattern, compiled the first time it is asked for
 * (thread-safe); NULL when out of memory. */
const pcre2_code *xc_rule_search(const xc_rule *r);

/* Appends to b the pattern a list of n words stands for in rule patterns:
 * (?i:...) around an alternation of the escaped words, longest first (then by
 * bytes), runs of white space in a word matching \s+, empty words left out,
 * (*FAIL) when none is left. With `factor`, words are grouped by their
 * common beginnings ("sa(?:id|ys)" for "said|says"), which matches exactly
 * the same text in the same order of preference at a fraction of the tests;
 * without, the words are listed one by one. Returns 0, or -1 when out of
 * memory. */
int xc_list_alternation(xc_buf *b, const char *const *words, size_t n, bool factor);

/* Runs the given rules (in that order) over the document at their trigger
 * positions; see xc_rules_scan. */
xc_status xc_engine_scan(xc_worker *w, const xc_rules *rs, const xc_rule *const *rules, size_t n,
                         xc_doc *doc, xc_match_fn fn, void *ctx);

/* Is the code point part of a word (letter, mark or number)? */
bool xc_word_cp(int32_t cp);
/* Reads the word starting at s[i] (a run of word characters) and writes its
 * lower-case key (at most XC_KEY_MAX bytes) to key. Returns the end of the
 * word; *klen is the key length. */
size_t xc_word_key(const char *s, size_t len, size_t i, char *key, size_t *klen);
uint64_t xc_key_hash(const char *key, size_t len);

#endif
