/* engine.c — matching: per-thread workers, the trigger pass over a document's
 * matching view, anchored PCRE2 matches at trigger positions only. */
#include "rules_impl.h"

#include <utf8proc.h>

/* Limits on every match: a pathological rule fails fast instead of running
 * for minutes on a long paragraph, and the failure is reported. */
#define XC_MATCH_LIMIT  3000000u
#define XC_DEPTH_LIMIT  100000u
#define XC_HEAP_LIMIT   (32u * 1024u) /* KiB */
#define XC_JIT_STACK_LO (32u * 1024u)
#define XC_JIT_STACK_HI (4u * 1024u * 1024u)

typedef struct {
    size_t pos;
    uint64_t mask;
} xc_event;

typedef XC_VEC(xc_event) xc_events;

/* An event keeps the byte at its position in the top bits of its mask, so
 * rules can reject it without touching the text. */
#define EV_BYTE(c) ((uint64_t)(unsigned char)(c) << 56)

/* Trigger positions of one document for every trigger of a rule set, and
 * what they were computed from. */
struct xc_trigger_cache {
    const xc_rules *rs;
    const char *fold;
    size_t fold_len;
    const xc_sentence *sents;
    size_t n_sents;
    const xc_range *paras;
    size_t n_paras;
    uint64_t starts; /* hash of the sentence and paragraph starts */
    /* Positions by trigger bit, each in text order: a rule reads only the
     * positions of its own triggers. */
    xc_event *bucket[64];
    size_t nb[64];
};
typedef XC_VEC(xc_match) xc_matches;
typedef XC_VEC(struct match_key) match_keys;

struct xc_worker {
    pcre2_match_data *md;
    uint32_t md_pairs;
    pcre2_match_context *mctx;
    pcre2_jit_stack *stack;
    int last_rc; /* PCRE2 status of the last failed match */
    xc_matches res;
    match_keys keys;
    xc_events bk[56]; /* trigger positions by trigger bit, while a cache is built */
};

/* ------------------------------------------------------------- workers */

xc_worker *xc_worker_new(void)
{
    xc_worker *w = calloc(1, sizeof(*w));
    if (!w) return NULL;
    w->md_pairs = 32;
    w->md = pcre2_match_data_create(w->md_pairs, NULL);
    w->mctx = pcre2_match_context_create(NULL);
    if (!w->md || !w->mctx) {
        xc_worker_free(w);
        return NULL;
    }
    pcre2_set_match_limit(w->mctx, XC_MATCH_LIMIT);
    pcre2_set_depth_limit(w->mctx, XC_DEPTH_LIMIT);
    pcre2_set_heap_limit(w->mctx, XC_HEAP_LIMIT);
    /* Without a stack of its own JIT uses 32 KiB on the machine stack, which
     * long paragraphs overflow; no stack at all is not fatal. */
    w->stack = pcre2_jit_stack_create(XC_JIT_STACK_LO, XC_JIT_STACK_HI, NULL);
    if (w->stack) pcre2_jit_stack_assign(w->mctx, NULL, w->stack);
    return w;
}

void xc_worker_free(xc_worker *w)
{
    if (!w) return;
    pcre2_match_data_free(w->md);
    pcre2_match_context_free(w->mctx);
    pcre2_jit_stack_free(w->stack);
    xc_vec_free(&w->res);
    xc_vec_free(&w->keys);
    for (int b = 0; b < 56; b++) xc_vec_free(&w->bk[b]);
    free(w);
}

static int ensure_pairs(xc_worker *w, uint32_t pairs)
{
    if (pairs <= w->md_pairs) return 0;
    pcre2_match_data *md = pcre2_match_data_create(pairs, NULL);
    if (!md) return -1;
    pcre2_match_data_free(w->md);
    w->md = md;
    w->md_pairs = pairs;
    return 0;
}

/* ------------------------------------------------------------- words */

bool xc_word_cp(int32_t cp)
{
    if (cp < 0x80)
        return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    utf8proc_category_t c = utf8proc_category(cp);
    return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_NO;
}

uint64_t xc_key_hash(const char *key, size_t len)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)key[i];
        h *= UINT64_C(1099511628211);
    }
    return h;
}

static uint64_t trigger_word_mask(const xc_rules *rs, const char *key, size_t len)
{
    uint64_t h = xc_key_hash(key, len);
    size_t mask = rs->n_trig_slots - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        const xc_trig_slot *s = &rs->trig_slots[i];
        if (!s->key) return 0;
        if (s->hash == h && s->len == len && !memcmp(s->key, key, len)) return s->mask;
    }
}

/* ------------------------------------------------------------ matching */

static int finish(xc_worker *w, const xc_rule *r, int rc, xc_match *m)
{
    if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) return 0;
    if (rc < 0) {
        w->last_rc = rc;
        switch (rc) {
        case PCRE2_ERROR_MATCHLIMIT:
        case PCRE2_ERROR_DEPTHLIMIT:
        case PCRE2_ERROR_HEAPLIMIT:
        case PCRE2_ERROR_JIT_STACKLIMIT:
            return XC_ERR_LIMIT;
        case PCRE2_ERROR_NOMEMORY:
            return XC_ERR_NOMEM;
        default:
            return XC_ERR_USAGE;
        }
    }
    const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(w->md);
    uint32_t ng = r->ncap + 1;
    if (ng > XC_MAX_GROUPS) ng = XC_MAX_GROUPS;
    m->rule = r;
    m->ngroups = ng;
    for (uint32_t i = 0; i < ng; i++) {
        if ((int)i < rc && ov[2 * i] != PCRE2_UNSET) {
            m->g[i][0] = ov[2 * i];
            m->g[i][1] = ov[2 * i + 1] < ov[2 * i] ? ov[2 * i] : ov[2 * i + 1];
        } else {
            m->g[i][0] = m->g[i][1] = PCRE2_UNSET;
        }
    }
    m->start = m->g[0][0];
    m->end = m->g[0][1];
    return 1;
}

/* Guards the first compilation of unanchored patterns (rare: no extraction
 * uses them). */
static pthread_mutex_t search_lock = PTHREAD_MUTEX_INITIALIZER;

const pcre2_code *xc_rule_search(const xc_rule *r)
{
    pcre2_code *c = atomic_load_explicit(&r->search, memory_order_acquire);
    if (c || !r->source) return c;
    pthread_mutex_lock(&search_lock);
    /* The rule set is shared read-only; this field is the one part of a
     * rule that is filled in later, once, under the lock. */
    xc_rule *wr = (xc_rule *)r;
    c = atomic_load_explicit(&wr->search, memory_order_relaxed);
    if (!c) {
        int err;
        PCRE2_SIZE off;
        c = pcre2_compile((PCRE2_SPTR)r->source, r->source_len, XC_PCRE2_OPTIONS, &err, &off, NULL);
        atomic_store_explicit(&wr->search, c, memory_order_release);
    }
    pthread_mutex_unlock(&search_lock);
    return c;
}

int xc_rule_match_at(xc_worker *w, const xc_rule *r, const char *subj, size_t len, size_t pos,
                     unsigned flags, xc_match *m)
{
    if (!r || !r->code || pos > len) return 0;
    /* PCRE2_NO_UTF_CHECK requires the start offset at a character start. */
    if (pos < len && ((unsigned char)subj[pos] & 0xC0) == 0x80) return 0;
    if (ensure_pairs(w, r->ncap + 1)) return XC_ERR_NOMEM;
    PCRE2_SPTR s = (PCRE2_SPTR)(subj ? subj : "");
    int rc;
    if (flags & XC_MATCH_ANCHORED) {
        if (r->jit)
            rc = pcre2_jit_match(r->code, s, len, pos, 0, w->md, w->mctx);
        else
            rc = pcre2_match(r->code, s, len, pos, PCRE2_NO_UTF_CHECK, w->md, w->mctx);
    } else {
        const pcre2_code *search = xc_rule_search(r);
        if (!search) return XC_ERR_NOMEM;
        rc = pcre2_match(search, s, len, pos, PCRE2_NO_UTF_CHECK, w->md, w->mctx);
    }
    return finish(w, r, rc, m);
}

bool xc_match_named(const xc_match *m, const char *name, size_t *start, size_t *end)
{
    if (!m || !m->rule) return false;
    return xc_match_group(m, pcre2_substring_number_from_name(m->rule->code, (PCRE2_SPTR)name),
                          start, end);
}

/* --------------------------------------------------------- trigger pass */

enum { C_SPACE, C_DIGIT, C_UPPER, C_LETTER, C_OTHER };

static int classify(int32_t cp)
{
    if (cp < 0x80) {
        if (cp >= '0' && cp <= '9') return C_DIGIT;
        if (cp >= 'A' && cp <= 'Z') return C_UPPER;
        if (cp >= 'a' && cp <= 'z') return C_LETTER;
        if (cp == ' ' || (cp >= '\t' && cp <= '\r')) return C_SPACE;
        return C_OTHER;
    }
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LT:
        return C_UPPER;
    case UTF8PROC_CATEGORY_ND:
        return C_DIGIT;
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
        return C_LETTER;
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
        return C_SPACE;
    default:
        return C_OTHER;
    }
}

static bool is_word_class(int c)
{
    return c == C_DIGIT || c == C_UPPER || c == C_LETTER;
}

/* Class of each ASCII byte, as '0' + the enum above. */
static const char ascii_class[129] =
    "4444444440000044444444444444444404444444444444441111111111444444"
    "4222222222222222222222222224444443333333333333333333333333344444";

static int class_of(const char *s, size_t n, size_t i, int32_t *cp, size_t *l)
{
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) {
        *cp = c;
        *l = 1;
        return ascii_class[c] - '0';
    }
    *l = xc_utf8_decode(s, n, i, cp);
    return classify(*cp);
}

/* End of the run of word characters starting at s[i]; *last_digit tells
 * whether its last character is a digit. With a key, also writes the run's
 * lower-case key (see xc_word_key). */
static size_t word_run(const char *s, size_t n, size_t i, bool *last_digit, char *key, size_t *klen)
{
    /* Fast path: an ASCII word, the common case in news text. */
    size_t j = i;
    while (j < n && (unsigned)(ascii_class[(unsigned char)s[j] & 0x7F] - '1') < 3 &&
           (unsigned char)s[j] < 0x80)
        j++;
    if (j > i && (j == n || (unsigned char)s[j] < 0x80)) {
        if (key) {
            size_t k = j - i < XC_KEY_MAX ? j - i : XC_KEY_MAX;
            for (size_t t = 0; t < k; t++) {
                unsigned char c = (unsigned char)s[i + t];
                key[t] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
            }
            *klen = k;
        }
        *last_digit = s[j - 1] >= '0' && s[j - 1] <= '9';
        return j;
    }
    size_t k = 0;
    bool digit = false, full = false;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            int cl = ascii_class[c] - '0';
            if (cl == C_SPACE || cl == C_OTHER) break;
            digit = cl == C_DIGIT;
            if (key) {
                if (!full && k < XC_KEY_MAX)
                    key[k++] = (char)(cl == C_UPPER ? c + 32 : c);
                else
                    full = true;
            }
            i++;
            continue;
        }
        int32_t cp;
        size_t l = xc_utf8_decode(s, n, i, &cp);
        if (!xc_word_cp(cp)) break;
        digit = classify(cp) == C_DIGIT;
        if (key) {
            utf8proc_uint8_t enc[4];
            utf8proc_ssize_t el = utf8proc_encode_char(utf8proc_tolower(cp), enc);
            if (!full && k + (size_t)el <= XC_KEY_MAX) {
                memcpy(key + k, enc, (size_t)el);
                k += (size_t)el;
            } else {
                full = true;
            }
        }
        i += l;
    }
    if (key) *klen = k;
    *last_digit = digit;
    return i;
}

/* End of the word at s[i], and whether it is all ASCII. */
static size_t word_end(const char *s, size_t n, size_t i, bool *last_digit, bool *ascii)
{
    size_t j = i;
    while (j < n && (unsigned char)s[j] < 0x80 &&
           (unsigned)(ascii_class[(unsigned char)s[j]] - '1') < 3)
        j++;
    *ascii = j > i && (j == n || (unsigned char)s[j] < 0x80);
    if (*ascii) {
        *last_digit = s[j - 1] >= '0' && s[j - 1] <= '9';
        return j;
    }
    return word_run(s, n, i, last_digit, NULL, NULL);
}

/* Trigger-list bits of the word s[i..end): a filter on its first two letters
 * and length, then the hash table. */
static uint64_t trigger_lookup(const xc_rules *rs, const char *s, size_t n, size_t i, size_t end,
                               bool ascii)
{
    char key[XC_KEY_MAX + 4];
    size_t kl;
    if (!ascii) {
        bool d;
        word_run(s, n, i, &d, key, &kl);
        return trigger_word_mask(rs, key, kl);
    }
    kl = end - i < XC_KEY_MAX ? end - i : XC_KEY_MAX;
    unsigned a = (unsigned char)s[i], b = kl > 1 ? (unsigned char)s[i + 1] : 0;
    a |= a >= 'A' && a <= 'Z' ? 32 : 0;
    b |= b >= 'A' && b <= 'Z' ? 32 : 0;
    unsigned fb = xc_key_filter_bit(a, b, kl);
    if (!(rs->key_filter[fb >> 3] & (1u << (fb & 7)))) return 0;
    for (size_t t = 0; t < kl; t++) {
        unsigned char c = (unsigned char)s[i + t];
        key[t] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    return trigger_word_mask(rs, key, kl);
}

size_t xc_word_key(const char *s, size_t len, size_t i, char *key, size_t *klen)
{
    bool digit;
    return word_run(s, len, i, &digit, key, klen);
}

/* Every position of the fold text that can start one of the `want` triggers,
 * in one left-to-right pass; the inside of a word is skipped as one run.
 * Returns -1 when out of memory, -2 when the text is not valid UTF-8. */
static int push_event(xc_events *bk, size_t pos, uint64_t mask, char c)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        xc_events *v = &bk[__builtin_ctzll(m)];
        if (xc_vec_push(v, ((xc_event){pos, EV_BYTE(c)}))) return -1;
    }
    return 0;
}

static int collect_events(const xc_rules *rs, const xc_doc *doc, uint64_t want, xc_events *bk)
{
    const char *s = doc->fold;
    size_t n = doc->fold_len;
    uint64_t lists = want & ~(uint64_t)0xFF;
    bool tokens = want & (XC_TRIG_DIGIT | XC_TRIG_UPPER | XC_TRIG_WORD | lists);
    bool keys = lists && rs->n_trig_slots;
    bool sents = want & XC_TRIG_SENTENCE, paras = want & XC_TRIG_PARAGRAPH;
    size_t si = 0, pi = 0;
    int prev = C_SPACE, prev2 = C_SPACE;
    int32_t prevcp = ' ';
    for (int b = 0; b < 56; b++) bk[b].n = 0;
    for (size_t i = 0; i < n;) {
        int32_t cp;
        size_t l;
        int cls = class_of(s, n, i, &cp, &l);
        if (cp == 0xFFFD && l == 1 && (unsigned char)s[i] >= 0x80) return -2;
        uint64_t mask = 0;
        size_t stop = n; /* next sentence or paragraph start after i */
        if (sents) {
            if (doc->sents.n == 0) {
                if (i == 0) mask |= XC_TRIG_SENTENCE;
            } else {
                while (si < doc->sents.n && doc->sents.v[si].start < i) si++;
                if (si < doc->sents.n && doc->sents.v[si].start == i) mask |= XC_TRIG_SENTENCE;
                for (size_t k = si; k < doc->sents.n; k++)
                    if (doc->sents.v[k].start > i) {
                        stop = doc->sents.v[k].start;
                        break;
                    }
            }
        }
        if (paras) {
            if (doc->paras.n == 0) {
                if (i == 0) mask |= XC_TRIG_PARAGRAPH;
            } else {
                while (pi < doc->paras.n && doc->paras.v[pi].start < i) pi++;
                if (pi < doc->paras.n && doc->paras.v[pi].start == i) mask |= XC_TRIG_PARAGRAPH;
                for (size_t k = pi; k < doc->paras.n; k++)
                    if (doc->paras.v[k].start > i) {
                        if (doc->paras.v[k].start < stop) stop = doc->paras.v[k].start;
                        break;
                    }
            }
        }
        if (is_word_class(cls)) {
            bool start = prev == C_SPACE;
            if (prev == C_OTHER) {
                /* A word after punctuation starts a token ("$200", "(200",
                 * "#runners"), except inside a number ("1,000", "26.2") and
                 * after an apostrophe inside a word ("Kim's"). */
                start = true;
                if (cls == C_DIGIT && (prevcp == ',' || prevcp == '.') && prev2 == C_DIGIT)
                    start = false;
                if (cls != C_DIGIT && prevcp == '\'' && is_word_class(prev2)) start = false;
            }
            bool last_digit, ascii;
            size_t end;
            if (start && tokens) {
                mask |= XC_TRIG_WORD;
                if (cls == C_DIGIT)
                    mask |= XC_TRIG_DIGIT;
                else if (cls == C_UPPER)
                    mask |= XC_TRIG_UPPER;
                end = word_end(s, n, i, &last_digit, &ascii);
                if (keys) mask |= trigger_lookup(rs, s, n, i, end, ascii);
            } else {
                end = word_end(s, n, i, &last_digit, &ascii);
            }
            mask &= want;
            if (mask && push_event(bk, i, mask, s[i])) return -1;
            if (end > stop) {
                /* A sentence starts inside the word: go on from there. */
                end = stop;
                while (end > i && ((unsigned char)s[end] & 0xC0) == 0x80) end--;
                if (end == i) end = i + l;
            }
            prev2 = prev;
            prev = last_digit ? C_DIGIT : C_LETTER;
            prevcp = last_digit ? '0' : 'a';
            i = end;
            continue;
        }
        if (cls != C_SPACE) {
            if (prev == C_SPACE && tokens) mask |= XC_TRIG_WORD;
            if (cp == '"') {
                mask |= XC_TRIG_QUOTE;
            } else if (cp == '\'') {
                /* An apostrophe between letters is not a quotation mark. */
                bool next_word = false;
                if (i + 1 < n) {
                    int32_t ncp;
                    xc_utf8_decode(s, n, i + 1, &ncp);
                    next_word = xc_word_cp(ncp);
                }
                if (!(is_word_class(prev) && next_word)) mask |= XC_TRIG_QUOTE;
            } else if (cp == '$' || (cp >= 0x80 && utf8proc_category(cp) == UTF8PROC_CATEGORY_SC)) {
                mask |= XC_TRIG_SYMBOL;
            }
            mask |= rs->byte_lists[(unsigned char)s[i]];
        }
        mask &= want;
        if (mask && push_event(bk, i, mask, s[i])) return -1;
        prev2 = prev;
        prev = cls;
        prevcp = cp;
        i += l;
    }
    return 0;
}

/* The segmenter may run again (with the rules' abbreviations) and move
 * sentence starts: the cache is only valid for the starts it was built on. */
static uint64_t starts_hash(const xc_doc *doc)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < doc->sents.n; i++) h = (h ^ doc->sents.v[i].start) * 1099511628211u;
    h = (h ^ 0xFF) * 1099511628211u;
    for (size_t i = 0; i < doc->paras.n; i++) h = (h ^ doc->paras.v[i].start) * 1099511628211u;
    return h;
}

/* Sort key of a match: matches are large, so an array of these is sorted. */
typedef struct match_key {
    size_t start, end, order, idx;
} match_key;

static int key_cmp(const void *a, const void *b)
{
    const match_key *x = a, *y = b;
    if (x->start != y->start) return x->start < y->start ? -1 : 1;
    if (x->end != y->end) return x->end > y->end ? -1 : 1;
    if (x->order != y->order) return x->order < y->order ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static size_t next_char(const char *s, size_t n, size_t i)
{
    i++;
    while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
    return i;
}

/* The cache: the positions of each trigger bit, copied into the arena. */
static struct xc_trigger_cache *build_cache(xc_doc *doc, const xc_events *bk)
{
    struct xc_trigger_cache *tc = xc_arena_alloc(&doc->arena, sizeof *tc);
    if (!tc) return NULL;
    for (int b = 0; b < 56; b++) {
        if (!bk[b].n) continue;
        tc->bucket[b] = xc_arena_alloc(&doc->arena, bk[b].n * sizeof(xc_event));
        if (!tc->bucket[b]) return NULL;
        memcpy(tc->bucket[b], bk[b].v, bk[b].n * sizeof(xc_event));
        tc->nb[b] = bk[b].n;
    }
    return tc;
}

/* First index in a[lo..n) whose position is >= pos. */
static size_t lower_bound(const xc_event *a, size_t lo, size_t n, size_t pos)
{
    size_t hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid].pos < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Runs one rule at its trigger positions (the union of its triggers'
 * buckets, merged in text order), appending matches to res. */
static xc_status run_rule(xc_worker *w, const xc_rule *r, xc_doc *doc,
                          const struct xc_trigger_cache *tc, xc_matches *res)
{
    const char *s = doc->fold;
    size_t len = doc->fold_len;
    int bits[64], k = 0;
    size_t cur[64];
    for (uint64_t m = r->trig & ~(UINT64_C(0xFF) << 56); m; m &= m - 1) {
        int b = __builtin_ctzll(m);
        if (tc->nb[b]) bits[k] = b, cur[k++] = 0;
    }
    size_t resume = 0;
    for (;;) {
        size_t pos = SIZE_MAX;
        unsigned char c = 0;
        for (int j = 0; j < k; j++) {
            const xc_event *a = tc->bucket[bits[j]];
            size_t nb = tc->nb[bits[j]];
            if (cur[j] < nb && a[cur[j]].pos < resume) cur[j] = lower_bound(a, cur[j], nb, resume);
            if (cur[j] < nb && a[cur[j]].pos < pos) {
                pos = a[cur[j]].pos;
                c = (unsigned char)(a[cur[j]].mask >> 56);
            }
        }
        if (pos == SIZE_MAX) return XC_OK;
        for (int j = 0; j < k; j++)
            if (cur[j] < tc->nb[bits[j]] && tc->bucket[bits[j]][cur[j]].pos == pos) cur[j]++;
        if (!(r->first[c >> 3] & (1u << (c & 7))) || len - pos < r->min_len) continue;
        if (xc_vec_reserve(res, res->n + 1)) return XC_ERR_NOMEM;
        int rc = xc_rule_match_at(w, r, s, len, pos, XC_MATCH_ANCHORED, &res->v[res->n]);
        if (rc == 1) {
            size_t end = res->v[res->n].end;
            resume = end > pos ? end : next_char(s, len, pos);
            res->n++;
        } else if (rc == XC_ERR_NOMEM) {
            return XC_ERR_NOMEM;
        } else if (rc < 0) {
            PCRE2_UCHAR msg[120];
            pcre2_get_error_message(w->last_rc, msg, sizeof msg);
            xc_doc_warn(doc, "rule-limit", pos,
                        "rule '%s' stopped at byte %zu of the matching text: %s; the rule is "
                        "skipped for the rest of this document",
                        r->id, pos, (const char *)msg);
            return XC_OK;
        }
    }
}

xc_status xc_engine_scan(xc_worker *w, const xc_rules *rs, const xc_rule *const *rules, size_t n,
                         xc_doc *doc, xc_match_fn fn, void *ctx)
{
    if (!w || !rs || !doc || doc->status != XC_DOC_OK || !doc->fold || n == 0) return XC_OK;
    uint64_t want = 0;
    for (size_t k = 0; k < n; k++)
        if (rules[k]->code) want |= rules[k]->trig;
    if (ensure_pairs(w, rs->max_pairs)) return XC_ERR_NOMEM;

    /* Take the scratch arrays, so that a callback scanning with the same
     * worker gets fresh ones instead of overwriting these. */
    xc_matches res = w->res;
    match_keys keys = w->keys;
    memset(&w->res, 0, sizeof w->res);
    memset(&w->keys, 0, sizeof w->keys);
    res.n = 0;

    xc_status st = XC_OK;
    size_t len = doc->fold_len;
    /* One pass per document finds the positions of every trigger of the rule
     * set; each rule then reads the positions of its own triggers. */
    struct xc_trigger_cache *tc = doc->triggers;
    uint64_t starts = starts_hash(doc);
    if (!tc || tc->rs != rs || tc->fold != doc->fold || tc->fold_len != len ||
        tc->sents != doc->sents.v || tc->n_sents != doc->sents.n || tc->paras != doc->paras.v ||
        tc->n_paras != doc->paras.n || tc->starts != starts) {
        int crc = collect_events(rs, doc, rs->all_trig | want, w->bk);
        if (crc == -2) {
            xc_doc_warn(doc, "rule-input", SIZE_MAX,
                        "the matching text is not valid UTF-8; no rule was run on this document");
            goto out;
        }
        tc = crc ? NULL : build_cache(doc, w->bk);
        if (!tc) {
            st = XC_ERR_NOMEM;
            goto out;
        }
        tc->rs = rs;
        tc->fold = doc->fold;
        tc->fold_len = len;
        tc->sents = doc->sents.v;
        tc->n_sents = doc->sents.n;
        tc->paras = doc->paras.v;
        tc->n_paras = doc->paras.n;
        tc->starts = starts;
        doc->triggers = tc;
    }
    for (size_t k = 0; k < n && st == XC_OK; k++)
        if (rules[k]->code) st = run_rule(w, rules[k], doc, tc, &res);
    if (st != XC_OK) goto out;
    keys.n = 0;
    if (xc_vec_reserve(&keys, res.n)) {
        st = XC_ERR_NOMEM;
        goto out;
    }
    for (size_t i = 0; i < res.n; i++)
        keys.v[keys.n++] = (match_key){res.v[i].start, res.v[i].end, res.v[i].rule->order, i};
    if (keys.n > 1) qsort(keys.v, keys.n, sizeof *keys.v, key_cmp);
    for (size_t i = 0; i < keys.n; i++)
        if (fn(ctx, &res.v[keys.v[i].idx])) break;
out:
    /* Give the arrays back, keeping the larger of any two. */
    if (w->res.cap < res.cap) {
        xc_vec_free(&w->res);
        w->res = res;
    } else {
        xc_vec_free(&res);
    }
    if (w->keys.cap < keys.cap) {
        xc_vec_free(&w->keys);
        w->keys = keys;
    } else {
        xc_vec_free(&keys);
    }
    return st;
}

xc_status xc_rules_scan(xc_worker *w, const xc_rules *rs, const char *kind, xc_doc *doc,
                        xc_match_fn fn, void *ctx)
{
    const xc_rule *const *rules;
    size_t n = xc_rules_of_kind(rs, kind, &rules);
    return xc_engine_scan(w, rs, rules, n, doc, fn, ctx);
}
