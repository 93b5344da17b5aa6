/*
 * reconcile.c — stories, claims, comparison, findings.
 *
 * Every figure, date, quote and mention of a story's documents is a claim.
 * Claims are compared only inside buckets that sort cheaply (figures by
 * concept and interval, dates by event and year, quotes by shared word
 * trigrams of one speaker, names by their other words), so the cost stays
 * O(n log n) in the number of claims plus the size of the findings.
 */
#include "diff.h"

#include <math.h>
#include <utf8proc.h>

typedef XC_VEC(xc_claim) claim_vec;

/* A finding being built; copied into the story's arena at the end. */
typedef struct {
    const char *kind;
    xc_severity severity;
    const char *concept;
    char *message; /* malloc'd */
    char *diff;    /* malloc'd or NULL */
    claim_vec claims;
} pending;

struct xc_story {
    char *name;
    XC_VEC(const xc_doc *) docs;
    XC_VEC(xc_claims_prep *) preps; /* per document, owned; NULL until reconcile makes it */
    XC_VEC(unsigned char) draft;
    size_t n_drafts;
    xc_arena arena; /* findings, their claims and strings, names found in text */
    xc_finding *findings;
    size_t n_findings;
    bool reconciled;
};

/* The rule lists reconciliation reads, by name. */
enum {
    RL_CONCEPTS,
    RL_DIMENSIONS,
    RL_CUES,
    RL_ANCHORS,
    RL_PARENTS,
    RL_TITLES,
    RL_STOPWORDS,
    RL_ACCEPTED,
    RL_COUNT
};
static const char *const rule_list_names[RL_COUNT] = {
    "concepts",     "dimension_concepts", "concept_cues",   "date_anchors",
    "parent_nouns", "name_titles",        "name_stopwords", "accepted_variants",
};

/* Word filters: most words looked up in these lists (the words around a
 * count, every word of a date's sentence, the first word of a capitalized
 * run) are in none of them. A list's filter has a bit for the shape (first
 * two bytes, last byte, length: shape_bit) of each of its keys that a single
 * word of ASCII bytes from '!' on can equal, so such a word whose shape's
 * bit is clear is not in the list: told in a few instructions, without a
 * call to the list's own look-up (a normalized copy and a hash). */
#define RL_FILTER_BITS 4096u
#define RL_FILTER_WORD 64 /* longest key a filter holds (longer: it passes every word) */

/* Each list found in the rule set on first use, with its filter, then kept
 * for the rule set's life on the thread: a rule set never changes once
 * loaded, and its serial is never another's, so the lists found for one
 * document serve the next ones (and the stories) on the same thread. */
typedef struct {
    xc_rules_tie tie; /* the rule set the lists below are of */
    uint32_t found;   /* bit per list looked for */
    const xc_list *l[RL_COUNT];
    const uint8_t *filter[RL_COUNT]; /* the list's filter, or NULL (no list) */
    uint8_t bits[RL_COUNT][RL_FILTER_BITS / 8];
} rule_lists;
static _Thread_local rule_lists tl_lists;

/* The thread's lists, for rule set rules (NULL: none, no list is read). */
static rule_lists *thread_lists(const xc_rules *rules)
{
    if (xc_rules_retie(&tl_lists.tie, rules)) tl_lists.found = 0;
    return &tl_lists;
}

/* The filter bit of a word w[0..len) (len > 0) of ASCII bytes: a hash of its
 * first two bytes, its last byte and its length, each byte with 0x20 set.
 * Setting 0x20 lower-cases A to Z and does the same to a word and to its
 * lower case, so a word and its lower-case key have the same bit. */
static inline unsigned shape_bit(const char *w, size_t len)
{
    /* (0x20 set in the three bytes at once) */
    uint32_t v = ((uint32_t)(unsigned char)w[0] | (uint32_t)(unsigned char)w[len > 1] << 8 |
                  (uint32_t)(unsigned char)w[len - 1] << 16 | 0x202020u) |
                 (uint32_t)(len < 255 ? len : 255) << 24;
    return (unsigned)((v * 2654435761u) >> 20) & (RL_FILTER_BITS - 1);
}

/* The key xc_list_find compares for a list entry's word (lower case, runs of
 * white space as one space, trimmed), into key[0..RL_FILTER_WORD), when it
 * is what a word of ASCII bytes from '!' on can equal: a key without a
 * space, every code point ASCII once lower-cased. Returns its length; 0
 * when no such word can equal it; SIZE_MAX when it is longer than
 * RL_FILTER_WORD. */
static size_t filter_key(const char *w, char *key)
{
    size_t len = strlen(w), k = 0;
    bool space = false;
    for (size_t i = 0; i < len;) {
        int32_t cp = (unsigned char)w[i];
        if (cp < 0x80)
            i++;
        else
            i += xc_utf8_decode(w, len, i, &cp);
        if (cp == ' ' || (cp >= '\t' && cp <= '\r') ||
            (cp >= 0x80 && utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS)) {
            space = k > 0;
            continue;
        }
        if (space) return 0; /* a space inside: several words */
        if (cp >= 0x80) cp = utf8proc_tolower(cp);
        if (cp >= 0x80) return 0;
        if (k == RL_FILTER_WORD) return SIZE_MAX;
        key[k++] = (char)(cp >= 'A' && cp <= 'Z' ? cp + ('a' - 'A') : cp);
    }
    return k;
}

/* Fills f with the filter of list l. */
static void filter_make(uint8_t *f, const xc_list *l)
{
    memset(f, 0, RL_FILTER_BITS / 8);
    char key[RL_FILTER_WORD];
    for (size_t i = 0, n = xc_list_size(l); i < n; i++) {
        size_t k = filter_key(xc_list_at(l, i)->word, key);
        if (k == SIZE_MAX) {
            memset(f, 0xFF, RL_FILTER_BITS / 8);
            return;
        }
        if (k) xc_lex_filter_add(f, shape_bit(key, k));
    }
}

/* Whether w[0..len) is ASCII bytes from '!' on: a word a filter tells. */
static bool filter_word(const char *w, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned)((unsigned char)w[i] - 0x21) >= 0x5Fu) return false;
    return true;
}

/* False when w[0..len) is certainly not in the list of filter f (NULL: no
 * filter); true when it may be. A word that is not filter_word is looked up
 * (told false: the caller does not know it is one, and it is tested); one
 * that is has its ASCII lower case for key, whose shape is its own. */
static inline bool filter_may_hold(const uint8_t *f, const char *w, size_t len, bool told)
{
    if (!f || !len) return true;
    if (!told && !filter_word(w, len)) return true;
    return xc_lex_filter_has(f, shape_bit(w, len));
}

typedef struct {
    xc_story *s;
    const xc_rules *rules;
    xc_check_opts opts;
    XC_VEC(pending) out;
    bool oom;
    xc_buf scratch;    /* reused for building keys */
    rule_lists *lists; /* of rules (thread_lists); filled as they are used */
    /* A document's preparation makes many short keys in its arena
     * (cut_arena, NULL outside a preparation): they are cut one after
     * another from a block of it, cut[0..cut_left), one call of the arena
     * a block rather than one a key. */
    xc_arena *cut_arena;
    char *cut;
    size_t cut_left;
} rctx;

/* Blocks cut_take takes; a string of more than a quarter of one has its
 * own room. */
#define CUT_BLOCK 512

/* n bytes (n > 0) of arena a for a string: cut from c's block when a is
 * the preparation's arena, else taken of a (NULL when out of memory). */
static inline char *cut_take(rctx *c, xc_arena *a, size_t n)
{
    if (a != c->cut_arena || n > CUT_BLOCK / 4) return xc_arena_take(a, n);
    if (c->cut_left < n) {
        c->cut = xc_arena_take(a, CUT_BLOCK);
        if (!c->cut) {
            c->cut_left = 0;
            return NULL;
        }
        c->cut_left = CUT_BLOCK;
    }
    char *r = c->cut;
    c->cut += n;
    c->cut_left -= n;
    return r;
}

/* Finds list `which` of the rule set on its first use, with its filter. */
static __attribute__((noinline)) const xc_list *rule_list_find(const rctx *c, int which)
{
    rule_lists *r = c->lists;
    r->l[which] = xc_rules_list(c->rules, rule_list_names[which]);
    r->filter[which] = NULL;
    if (r->l[which]) {
        filter_make(r->bits[which], r->l[which]);
        r->filter[which] = r->bits[which];
    }
    r->found |= 1u << which;
    return r->l[which];
}

/* List `which` of the rule set, or NULL (no rule set, or no such list):
 * asked for at every word looked up, found once (rule_list_find). */
static inline const xc_list *rule_list(const rctx *c, int which)
{
    if (!c->rules) return NULL;
    if (!(c->lists->found >> which & 1)) return rule_list_find(c, which);
    return c->lists->l[which];
}

/* The filter of list `which` (NULL when there is no such list). */
static const uint8_t *rule_filter(const rctx *c, int which)
{
    return rule_list(c, which) ? c->lists->filter[which] : NULL;
}

typedef struct {
    const char *key; /* case-folded words, single spaces */
    /* strlen(key), known when the key is made (KEY_LEN_LONG: look it up) */
    uint32_t key_len;
    xc_claim claim; /* where it is (claim.span.start) and its text as written */
    /* A capitalized run's fold range: its claim's text is NULL and its span
     * ends where it starts, both made only when a finding shows the run
     * (name_claim). */
    size_t fold_start, fold_end;
} name_occ;

typedef XC_VEC(name_occ) occ_vec;

#define KEY_LEN_LONG UINT32_MAX

/* key_len of a key of len bytes. */
static inline uint32_t key_len_of(size_t len)
{
    return len < KEY_LEN_LONG ? (uint32_t)len : KEY_LEN_LONG;
}

/* strlen(o->key). */
static inline size_t occ_key_len(const name_occ *o)
{
    return o->key_len != KEY_LEN_LONG ? o->key_len : strlen(o->key);
}

/* What reconciliation needs from one document alone, worked out once (on
 * its worker thread when the pipeline prepares it): the names in it with
 * their keys, and each quote's speaker key and words. Strings live in the
 * arena and are kept as long as the story that owns the preparation. */
struct xc_claims_prep {
    xc_arena arena;
    occ_vec names;            /* person mentions and capitalized runs, sorted */
    xc_words words;           /* words of every quote, quote after quote */
    size_t *qword;            /* quote q has words [qword[q], qword[q + 1]) */
    const char **speaker_key; /* per quote; NULL without a speaker */
    const char **fig_key;     /* per figure: its group key, NULL when it is not compared */
    const char **fig_concept; /* per figure: its concept */
    /* per figure: the concept of its noun (noun_concept), or NULL; the
     * array is NULL when the document has no figures */
    const char **fig_noun_concept;
    size_t n_figures;
    const char **date_anchor; /* per date: the event word of a full, stated date, or NULL */
    size_t n_dates;
    bool *ell_end; /* per quote: ends with an ellipsis */
    size_t n_quotes;
    uint64_t serial; /* of the rule set it was made with (0: the built-in lists) */
    bool alone;      /* for a story of this document only, not a draft: no quotes */
};

/* Whether a story compares quotes at all: pairs are of two documents, and
 * only a draft's quotes are looked for in its sources. */
static bool compares_quotes(const xc_story *s)
{
    return s->docs.n > 1 || s->n_drafts;
}

/* ---------------------------------------------------------------- story */

xc_story *xc_story_new(const char *name)
{
    xc_story *s = calloc(1, sizeof(*s));
    if (!s) return NULL;
    xc_arena_init(&s->arena);
    s->name = strdup(name ? name : "");
    if (!s->name) {
        free(s);
        return NULL;
    }
    return s;
}

void xc_story_free(xc_story *s)
{
    if (!s) return;
    free(s->name);
    for (size_t i = 0; i < s->preps.n; i++) xc_claims_prep_free(s->preps.v[i]);
    xc_vec_free(&s->preps);
    xc_vec_free(&s->docs);
    xc_vec_free(&s->draft);
    xc_arena_free(&s->arena);
    free(s);
}

xc_claims_prep *xc_story_take_prep(xc_story *s, size_t i)
{
    if (!s || i >= s->preps.n) return NULL;
    xc_claims_prep *p = s->preps.v[i];
    s->preps.v[i] = NULL;
    return p;
}

xc_status xc_story_add_prepared(xc_story *s, const xc_doc *doc, bool is_draft, xc_claims_prep *prep)
{
    if (!s || !doc || s->reconciled) {
        xc_claims_prep_free(prep);
        return XC_ERR_USAGE;
    }
    if (xc_vec_reserve(&s->docs, s->docs.n + 1) || xc_vec_reserve(&s->draft, s->draft.n + 1) ||
        xc_vec_reserve(&s->preps, s->preps.n + 1)) {
        xc_claims_prep_free(prep);
        return XC_ERR_NOMEM;
    }
    s->docs.v[s->docs.n++] = doc;
    s->preps.v[s->preps.n++] = prep;
    s->draft.v[s->draft.n++] = is_draft;
    if (is_draft) s->n_drafts++;
    return XC_OK;
}

xc_status xc_story_add(xc_story *s, const xc_doc *doc, bool is_draft)
{
    return xc_story_add_prepared(s, doc, is_draft, NULL);
}

const char *xc_story_name(const xc_story *s)
{
    return s->name;
}

size_t xc_story_docs(const xc_story *s, const xc_doc *const **out)
{
    *out = s->docs.v;
    return s->docs.n;
}

size_t xc_story_findings(const xc_story *s, const xc_finding **out)
{
    *out = s->findings;
    return s->n_findings;
}

/* -------------------------------------------------------------- helpers */

static size_t doc_index(const xc_story *s, const xc_doc *d)
{
    for (size_t i = 0; i < s->docs.n; i++)
        if (s->docs.v[i] == d) return i;
    return s->docs.n;
}

/* The outlet a document stands for: its `source:` metadata, else its file name. */
static const char *outlet(const xc_doc *d)
{
    if (d->source && *d->source) return d->source;
    const char *slash = strrchr(d->path, '/');
    return slash ? slash + 1 : d->path;
}

/* Whether s is the word w: most of the texts asked are not, and a first
 * letter apart tells so without a call. */
static inline bool same_text(const char *s, const char *w)
{
    return s[0] == w[0] && !strcmp(s, w);
}

static xc_claim make_claim(xc_claim_kind kind, const xc_doc *d, size_t i)
{
    xc_claim c = {kind, d, i, {0, 0}, NULL};
    switch (kind) {
    case XC_CLAIM_FIGURE:
        c.span = d->figures.v[i].span;
        c.text = d->figures.v[i].text;
        break;
    case XC_CLAIM_DATE:
        c.span = d->dates.v[i].span;
        c.text = d->dates.v[i].text;
        break;
    case XC_CLAIM_QUOTE:
        c.span = d->quotes.v[i].span;
        c.text = d->quotes.v[i].text;
        break;
    case XC_CLAIM_MENTION:
        c.span = d->mentions.v[i].span;
        c.text = d->mentions.v[i].text;
        break;
    case XC_CLAIM_NAME:
        break;
    }
    return c;
}

/* Case-folded copy of s[0..len) in arena a (NULL when out of memory). */
static char *fold_key(rctx *c, xc_arena *a, const char *s, size_t len)
{
    /* A key's text is a word or a name, a few bytes: read in steps of eight
     * bytes (or four, of a shorter text), the last one overlapping the one
     * before (lower-casing a byte twice gives the same byte); no byte past
     * either text is read or written. Each step works byte by byte, so the
     * bytes are moved in the machine's order. */
    uint64_t x, y;
    bool ascii;
    if (len >= 8) {
        memcpy(&y, s + len - 8, 8);
        for (size_t i = 0; i + 8 < len; i += 8) {
            memcpy(&x, s + i, 8);
            y |= x;
        }
        ascii = !(y & 0x8080808080808080u);
    } else if (len >= 4) {
        uint32_t u, v;
        memcpy(&u, s, 4);
        memcpy(&v, s + len - 4, 4);
        ascii = !((u | v) & 0x80808080u);
    } else {
        unsigned m = 0;
        for (size_t i = 0; i < len; i++) m |= (unsigned char)s[i];
        ascii = m < 0x80;
    }
    if (ascii) {
        /* ASCII folds to its lower case and is already composed. */
        char *k = cut_take(c, a, len + 1);
        if (!k) {
            c->oom = true;
            return NULL;
        }
        if (len >= 8) {
            for (size_t i = 0; i + 8 < len; i += 8) {
                memcpy(&x, s + i, 8);
                x = xc_lower8(x);
                memcpy(k + i, &x, 8);
            }
            memcpy(&x, s + len - 8, 8);
            x = xc_lower8(x);
            memcpy(k + len - 8, &x, 8);
        } else if (len >= 4) {
            uint32_t u, v;
            memcpy(&u, s, 4);
            memcpy(&v, s + len - 4, 4);
            u = (uint32_t)xc_lower8(u);
            v = (uint32_t)xc_lower8(v);
            memcpy(k, &u, 4);
            memcpy(k + len - 4, &v, 4);
        } else
            for (size_t j = 0; j < len; j++)
                k[j] = s[j] >= 'A' && s[j] <= 'Z' ? (char)(s[j] + ('a' - 'A')) : s[j];
        k[len] = '\0';
        return k;
    }
    utf8proc_uint8_t *out = NULL;
    utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)len, &out,
                                      UTF8PROC_CASEFOLD | UTF8PROC_COMPOSE | UTF8PROC_STABLE);
    char *k =
        n >= 0 ? xc_arena_strndup(a, (const char *)out, (size_t)n) : xc_arena_strndup(a, s, len);
    free(out);
    if (!k) c->oom = true;
    return k;
}

/* Case-folded last word of a person's name: "Jen Loong" and "Loong" are one person. */
static char *person_key(rctx *c, xc_arena *a, const char *name)
{
    if (!name || !*name) return NULL;
    size_t len = strlen(name);
    while (len && name[len - 1] == ' ') len--;
    size_t start = len;
    while (start && name[start - 1] != ' ') start--;
    if (start == len) return NULL;
    return fold_key(c, a, name + start, len - start);
}

static void pending_free(pending *p)
{
    free(p->message);
    free(p->diff);
    xc_vec_free(&p->claims);
}

/* Queues a finding; takes ownership of msg (a finished xc_buf string) and diff. */
static void emit(rctx *c, const char *kind, xc_severity sev, const char *concept, xc_buf *msg,
                 xc_buf *diff, claim_vec *claims)
{
    pending p = {kind, sev, concept, msg->s, diff ? diff->s : NULL, *claims};
    msg->s = NULL;
    if (diff) diff->s = NULL;
    *claims = (claim_vec){0};
    if (!p.message || xc_vec_push(&c->out, p)) {
        c->oom = true;
        pending_free(&p);
    }
}

/* A number without the C locale's help: "1,000", "26.2", "0.5". */
static void add_number(xc_buf *b, double v)
{
    if (isnan(v)) {
        xc_buf_adds(b, "?");
        return;
    }
    if (isinf(v)) {
        xc_buf_adds(b, v > 0 ? "infinity" : "-infinity");
        return;
    }
    if (v < 0) xc_buf_addc(b, '-');
    v = fabs(v);
    if (v >= 1e15) {
        xc_buf_printf(b, "%.0f", v);
        return;
    }
    long long scaled = llround(v * 1000.0);
    long long whole = scaled / 1000, frac = scaled % 1000;
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%lld", whole);
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) xc_buf_addc(b, ',');
        xc_buf_addc(b, digits[i]);
    }
    if (frac) {
        char f[8];
        snprintf(f, sizeof f, "%03lld", frac);
        size_t fl = 3;
        while (fl && f[fl - 1] == '0') fl--;
        xc_buf_addc(b, '.');
        xc_buf_add(b, f, fl);
    }
}

/* Lists up to three outlets of claims[from..to) (distinct, in order). */
static void add_outlets(xc_buf *b, const xc_claim *cl, size_t from, size_t to)
{
    const char *seen[3];
    size_t n = 0, more = 0;
    for (size_t i = from; i < to; i++) {
        const char *o = outlet(cl[i].doc);
        bool dup = false;
        for (size_t k = 0; k < n; k++) dup = dup || !strcmp(seen[k], o);
        for (size_t k = from; k < i && !dup; k++) dup = cl[k].doc == cl[i].doc;
        if (dup) continue;
        if (n < 3) {
            if (n) xc_buf_adds(b, ", ");
            xc_buf_adds(b, o);
            seen[n++] = o;
        } else
            more++;
    }
    if (more) xc_buf_printf(b, " and %zu more", more);
}

/* -------------------------------------------------------- rule look-ups */

typedef struct {
    const char *word, *value;
} pair;

/* Used only when the rule set has no such list (no rule files loaded). */
static const pair builtin_concepts[] = {
    {"runner", "participants"},
    {"participant", "participants"},
    {"entrant", "participants"},
    {"competitor", "participants"},
    {"marathoner", "participants"},
    {"spectator", "spectators"},
    {"crowd", "spectators"},
    {"fan", "spectators"},
    {"citizen", "spectators"},
    {"foreigner", "foreigners"},
    {"dead", "deaths"},
    {"death", "deaths"},
    {"fatality", "deaths"},
    {"killed", "deaths"},
    {"injured", "injured"},
    {"wounded", "injured"},
    {"people", "people"},
    {"person", "people"},
    {"persons", "people"},
    {"resident", "people"},
    {"man", "people"},
    {"woman", "people"},
    {"child", "people"},
};
static const pair builtin_dimensions[] = {
    {"length", "distance"}, {"money", "money"},       {"speed", "speed"},     {"age", "age"},
    {"time", "duration"},   {"duration", "duration"}, {"percent", "percent"}, {"mass", "weight"},
};
static const pair builtin_cues[] = {
    {"killed", "deaths"},   {"killing", "deaths"}, {"kills", "deaths"},     {"dead", "deaths"},
    {"died", "deaths"},     {"drowned", "deaths"}, {"injured", "injured"},  {"injuries", "injured"},
    {"wounded", "injured"}, {"hurt", "injured"},   {"arrested", "arrests"}, {"detained", "arrests"},
};
static const char *const builtin_anchors[] = {
    "race",       "marathon",  "election", "vote",      "referendum", "attack",
    "earthquake", "crash",     "summit",   "ceremony",  "launch",     "verdict",
    "trial",      "explosion", "plea",     "pleaded",   "sentenced",  "sentencing",
    "arrested",   "charged",   "indicted", "convicted",
};
static const char *const builtin_stopwords[] = {
    "a",     "an",     "and",    "as",   "at",   "but",   "by",    "for",  "from",  "he",
    "her",   "his",    "i",      "if",   "in",   "it",    "its",   "mr",   "mrs",   "ms",
    "dr",    "of",     "on",     "or",   "our",  "she",   "so",    "that", "the",   "their",
    "then",  "there",  "these",  "they", "this", "to",    "we",    "when", "while", "with",
    "after", "before", "during", "said", "says", "photo", "image", "via",
};

/* The answers of xc_list_find for the last words that passed a filter, per
 * thread: the words that do are mostly the lists' own ("The" of a run, a
 * count's "people"), asked about again and again. A slot holds the word as
 * written (up to FIND_MEMO_WORD bytes), its list and the serial of the rule
 * set (an answer points into it), so a slot of another list or rule set is
 * never read. */
#define FIND_MEMO      256
#define FIND_MEMO_WORD 22
static _Thread_local struct find_memo {
    uint64_t serial;
    const xc_entry *e;
    unsigned char list, len; /* len 0: empty */
    char w[FIND_MEMO_WORD];
} tl_find_memo[FIND_MEMO];

/* xc_list_find(l, w, len), l being list `which` of c's rule set. */
static const xc_entry *find_word(const rctx *c, int which, const xc_list *l, const char *w,
                                 size_t len)
{
    if (!len || len > FIND_MEMO_WORD) return xc_list_find(l, w, len);
    struct find_memo *m = &tl_find_memo[(shape_bit(w, len) + 31u * (unsigned)which) % FIND_MEMO];
    uint64_t serial = c->lists->tie.serial;
    if (m->len == len && m->list == which && m->serial == serial && xc_same_bytes(m->w, w, len))
        return m->e;
    const xc_entry *e = xc_list_find(l, w, len);
    m->serial = serial;
    m->e = e;
    m->list = (unsigned char)which;
    m->len = (unsigned char)len;
    memcpy(m->w, w, len);
    return e;
}

/* Value of entry e of a rule list: its attribute key, else `value`, else
 * its word. */
static const char *entry_value(const xc_entry *e, const char *key)
{
    const char *v = xc_entry_attr(e, key);
    if (!v) v = xc_entry_attr(e, "value");
    return v ? v : e->word;
}

/* Value of word in a rule list (attribute `value` or `key`), or in a
 * built-in table. told: the word is known to be a filter_word. Inline, so
 * that the words the list's filter turns away (most of them) cost no call. */
static inline const char *lookup(const rctx *c, int list, const char *key, const pair *tab,
                                 size_t ntab, const char *w, size_t len, bool told)
{
    const xc_list *l = rule_list(c, list);
    if (l) {
        if (!filter_may_hold(c->lists->filter[list], w, len, told)) return NULL;
        const xc_entry *e = find_word(c, list, l, w, len);
        return e ? entry_value(e, key) : NULL;
    }
    for (size_t i = 0; i < ntab; i++)
        if (xc_ieq(w, len, tab[i].word) && strlen(tab[i].word) == len) return tab[i].value;
    return NULL;
}

/* Whether w[0..len) is in list l, list `which` of c's rule set (f: its word
 * filter, or NULL to skip it), or, without a rule set, in tab. told: the
 * word is known to be a filter_word. */
static bool in_list(const rctx *c, int which, const xc_list *l, const uint8_t *f,
                    const char *const *tab, size_t ntab, const char *w, size_t len, bool told)
{
    if (l) return filter_may_hold(f, w, len, told) && find_word(c, which, l, w, len) != NULL;
    for (size_t i = 0; i < ntab; i++)
        if (strlen(tab[i]) == len && xc_ieq(w, len, tab[i])) return true;
    return false;
}

static bool in_word_list(const rctx *c, int list, const char *const *tab, size_t ntab,
                         const char *w, size_t len, bool told)
{
    return in_list(c, list, rule_list(c, list), rule_filter(c, list), tab, ntab, w, len, told);
}

/* The concepts of the last words asked about, per thread: a story's
 * documents count the same few nouns ("people", "runners") and measure the
 * same few dimensions ("length", "money", "age") again and again. A slot
 * holds a word of up to CONCEPT_MEMO_WORD bytes as written, its answer
 * (NULL: none), and the serial of the rule set whose lists gave it (an
 * answer points into that rule set, or into the built-in tables for serial
 * 0), so a slot of another rule set is never read. */
#define CONCEPT_MEMO_WORD 22
typedef struct {
    uint64_t serial;
    const char *concept;
    unsigned char len; /* 0: empty */
    char w[CONCEPT_MEMO_WORD];
} concept_memo;
/* (a corpus counts many more nouns than it measures dimensions: 1024 slots,
 * 40 KB a thread, so that fewer of them share one) */
#define NOUN_MEMO 1024
#define DIM_MEMO  16
static _Thread_local concept_memo tl_noun_memo[NOUN_MEMO], tl_dim_memo[DIM_MEMO];

/* The concept of w[0..len) (1 to CONCEPT_MEMO_WORD bytes) from the memo of
 * n slots (a power of two), asked of find on a miss and kept. */
static const char *memo_concept(const rctx *c, concept_memo *memo, size_t n, const char *w,
                                size_t len, const char *(*find)(const rctx *, const char *, size_t))
{
    uint64_t serial = c->rules ? c->lists->tie.serial : 0;
    concept_memo *m = &memo[shape_bit(w, len) & (n - 1)];
    if (m->len != len || m->serial != serial || !xc_same_bytes(m->w, w, len)) {
        m->concept = find(c, w, len);
        m->serial = serial;
        m->len = (unsigned char)len;
        memcpy(m->w, w, len);
    }
    return m->concept;
}

/* The concept a counted noun belongs to; tries the noun as given, then
 * without a plural ending. */
static const char *noun_concept_of(const rctx *c, const char *noun, size_t len)
{
    const size_t nb = sizeof builtin_concepts / sizeof *builtin_concepts;
    bool told = filter_word(noun, len); /* and so is every part of it */
    const char *v = lookup(c, RL_CONCEPTS, "concept", builtin_concepts, nb, noun, len, told);
    if (!v && len > 3 && noun[len - 1] == 's')
        v = lookup(c, RL_CONCEPTS, "concept", builtin_concepts, nb, noun, len - 1, told);
    if (!v && len > 4 && noun[len - 1] == 's' && noun[len - 2] == 'e')
        v = lookup(c, RL_CONCEPTS, "concept", builtin_concepts, nb, noun, len - 2, told);
    return v;
}

static const char *noun_concept(const rctx *c, const char *noun)
{
    size_t len = strlen(noun);
    if (!len || len > CONCEPT_MEMO_WORD) return noun_concept_of(c, noun, len);
    return memo_concept(c, tl_noun_memo, NOUN_MEMO, noun, len, noun_concept_of);
}

/* The concept a measure's dimension belongs to, or NULL (the dimension
 * itself is the concept then). */
static const char *dimension_concept_of(const rctx *c, const char *dim, size_t len)
{
    const size_t nb = sizeof builtin_dimensions / sizeof *builtin_dimensions;
    return lookup(c, RL_DIMENSIONS, "concept", builtin_dimensions, nb, dim, len, false);
}

static const char *dimension_concept(const rctx *c, const char *dim)
{
    size_t len = strlen(dim);
    const char *v = !len || len > CONCEPT_MEMO_WORD
                        ? dimension_concept_of(c, dim, len)
                        : memo_concept(c, tl_dim_memo, DIM_MEMO, dim, len, dimension_concept_of);
    return v ? v : dim;
}

/* ---------------------------------------------------------------- figures */

typedef struct {
    const char *key;     /* group: concept, dimension, base unit, person */
    const char *concept; /* shown */
    double lo, hi;
    bool exact;
    bool draft;
    size_t doc, idx;
    const char *given; /* an age's person's given name (not folded), or NULL */
    size_t given_len;  /* 1 for an initial ("J.") */
    uint64_t prefix;   /* the key's first eight bytes (key_prefix) */
} fig_item;

/* The first eight bytes of s, big-endian, NUL-padded: orders as strcmp does. */
static uint64_t key_prefix(const char *s)
{
    uint64_t v = 0;
    size_t i = 0;
    for (; i < 8 && s[i]; i++) v = v << 8 | (unsigned char)s[i];
    return i ? v << (8 * (8 - i)) : 0; /* a shift by 64 is no shift */
}

static int cmp_double(double a, double b)
{
    return a < b ? -1 : a > b ? 1 : 0;
}

static int cmp_fig(const void *pa, const void *pb)
{
    const fig_item *a = pa, *b = pb;
    /* the keys' first eight bytes first: strcmp only past them, and only
     * when the keys go on (no NUL among them) */
    int r = a->prefix != b->prefix ? (a->prefix < b->prefix ? -1 : 1)
            : (a->prefix & 0xff)   ? strcmp(a->key + 8, b->key + 8)
                                   : 0;
    if (!r) r = cmp_double(a->lo, b->lo);
    if (!r) r = cmp_double(a->hi, b->hi);
    if (!r) r = a->doc < b->doc ? -1 : a->doc > b->doc;
    if (!r) r = a->idx < b->idx ? -1 : a->idx > b->idx;
    return r;
}

/* Sorts the items v[0..n) point to by cmp_fig, a merge sort of the
 * pointers that calls the comparison directly (qsort's calls and the
 * copies of whole items cost more than the comparisons). cmp_fig orders
 * items totally (no two are equal: their documents and indices differ), so
 * any sort gives this order. tmp has room for n / 2 pointers. */
static void sort_figs(const fig_item **v, size_t n, const fig_item **tmp)
{
    if (n <= 1) return;
    size_t h = n / 2;
    sort_figs(v, h, tmp);
    sort_figs(v + h, n - h, tmp);
    if (cmp_fig(v[h - 1], v[h]) <= 0) return; /* the halves are in order already */
    /* The first half is set aside; the merge writes at k = i + (j - h) <= j. */
    memcpy(tmp, v, h * sizeof *v);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) v[k++] = cmp_fig(v[j], tmp[i]) < 0 ? v[j++] : tmp[i++];
    while (i < h) v[k++] = tmp[i++];
}

/* The n items of v in cmp_fig order: a block of n pointers to them (the
 * items stay where they are), with room after them for the sort's own
 * use; NULL when out of memory. */
static const fig_item **sort_fig_items(const fig_item *v, size_t n)
{
    const fig_item **p = malloc((n + n / 2 + 1) * sizeof *p);
    if (!p) return NULL;
    for (size_t i = 0; i < n; i++) p[i] = &v[i];
    sort_figs(p, n, p + n);
    return p;
}

static const xc_figure *fig_of(const rctx *c, const fig_item *it)
{
    return &c->s->docs.v[it->doc]->figures.v[it->idx];
}

static xc_claim fig_claim(const rctx *c, const fig_item *it)
{
    return make_claim(XC_CLAIM_FIGURE, c->s->docs.v[it->doc], it->idx);
}

/* "about 200", "more than 1,000", "42 km". */
static void add_figure_value(xc_buf *b, const xc_figure *f)
{
    if (f->dimension && same_text(f->dimension, "vote") && f->unit_text) {
        xc_buf_adds(b, f->unit_text); /* a tally as written: "7-2", "seven to two" */
        return;
    }
    if (isinf(f->high) && f->high > 0 && isfinite(f->low)) {
        xc_buf_adds(b, "more than ");
        add_number(b, f->low);
    } else if (isinf(f->low) && f->low < 0 && isfinite(f->high)) {
        xc_buf_adds(b, "less than ");
        add_number(b, f->high);
    } else {
        if (f->approximate) xc_buf_adds(b, "about ");
        add_number(b, f->value);
    }
    if (f->unit) {
        xc_buf_addc(b, ' ');
        xc_buf_adds(b, f->unit);
    }
}

static inline size_t ascii_letters_end(const char *s, size_t len, size_t p);

/* Start of the ASCII letters of s that end at p: eight bytes at a time
 * backwards (as ascii_letters_end reads them forwards), the first few one
 * by one. */
static inline size_t ascii_letters_start(const char *s, size_t p)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    for (; p >= 8; p -= 8) {
        uint64_t x = xc_load_le64(s + p - 8), lo = (x | 0x20 * ones) & ~high;
        uint64_t other = ~((lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high) & high;
        /* (the last byte that is not a letter is the highest bit set) */
        if (other) return p - ((size_t)__builtin_clzll(other) >> 3);
    }
    while (p > 0 && (unsigned)(((unsigned char)s[p - 1] | 0x20) - 'a') < 26u) p--;
    return p;
}

static bool letter_at(const char *s, size_t i)
{
    unsigned char ch = (unsigned char)s[i];
    return ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') || ch >= 0x80 ||
           (ch == '-' && i > 0 && ((unsigned char)s[i - 1] | 0x20) >= 'a');
}

/* One of , ; : . ! ? ( ) " and the line break. */
static bool clause_stop(char ch)
{
    switch (ch) {
    case ',':
    case ';':
    case ':':
    case '.':
    case '!':
    case '?':
    case '(':
    case ')':
    case '"':
    case '\n':
        return true;
    default:
        return false;
    }
}

/* The concept a cue word near a count gives it: "killing 14 people",
 * "About 200 people were injured". Looks at up to 3 words before the figure
 * and 6 after it, inside its clause; the nearest cue wins (before on a tie). */
static const char *cue_concept(const rctx *c, const xc_doc *d, size_t idx)
{
    if (!d->fold || d->figure_fold.n != d->figures.n) return NULL;
    xc_range r = d->figure_fold.v[idx];
    const size_t nc = sizeof builtin_cues / sizeof *builtin_cues;
    const char *before = NULL, *after = NULL;
    size_t dist_before = SIZE_MAX, dist_after = SIZE_MAX;
    size_t p = r.start, words = 0;
    while (p > 0 && words < 3 && !before) {
        while (p > 0 && d->fold[p - 1] == ' ') p--;
        if (p == 0 || clause_stop(d->fold[p - 1])) break;
        /* a word's bytes are letters, hyphens and bytes past ASCII: it is
         * a filter_word when none of them is past ASCII */
        size_t e = p;
        unsigned bytes = 0;
        for (;;) {
            p = ascii_letters_start(d->fold, p);
            if (p == 0 || !letter_at(d->fold, p - 1)) break;
            bytes |= (unsigned char)d->fold[--p];
        }
        if (p == e) break;
        words++;
        before = lookup(c, RL_CUES, "concept", builtin_cues, nc, d->fold + p, e - p, bytes < 0x80);
        dist_before = words;
    }
    /* A cue after the figure wins only when it is nearer than the one
     * before (before wins a tie): past that distance no word is read. */
    size_t most_after = before ? dist_before - 1 : 6;
    p = r.end, words = 0;
    while (p < d->fold_len && words < most_after && !after) {
        while (p < d->fold_len && d->fold[p] == ' ') p++;
        if (p >= d->fold_len || clause_stop(d->fold[p])) break;
        size_t b = p;
        unsigned bytes = 0;
        /* ASCII letters eight bytes at a time (their bytes are below 0x80:
         * bytes need not see them), the others one by one */
        for (;;) {
            p = ascii_letters_end(d->fold, d->fold_len, p);
            if (p >= d->fold_len || !letter_at(d->fold, p)) break;
            bytes |= (unsigned char)d->fold[p++];
        }
        if (p == b) break;
        words++;
        after = lookup(c, RL_CUES, "concept", builtin_cues, nc, d->fold + b, p - b, bytes < 0x80);
        dist_after = words;
    }
    if (before && (!after || dist_before <= dist_after)) return before;
    return after;
}

/* Builds the group key of a figure, or NULL when it is not compared. A count
 * of people, or of nothing named, takes its concept from a cue word nearby. */
/* parts joined by U+001F in arena a (NULL when out of memory). */
static char *join_parts(rctx *c, xc_arena *a, const char *const *parts, size_t n)
{
    /* (a key's parts are often empty, no noun or no person: those cost no call) */
    size_t len[8], total = n;
    for (size_t i = 0; i < n; i++) total += len[i] = *parts[i] ? strlen(parts[i]) : 0;
    char *k = cut_take(c, a, total), *p = k; /* (every byte is written) */
    for (size_t i = 0; k && i < n; i++) {
        if (len[i]) memcpy(p, parts[i], len[i]);
        p += len[i];
        *p++ = i + 1 < n ? '\x1f' : '\0';
    }
    return k;
}

/* Words that, followed by "of" and a number, count a person's children:
 * "a mother of 12", "the father of three". */
static const char *const builtin_parents[] = {
    "mother",     "father",      "parent",      "mom",         "mum",
    "dad",        "grandmother", "grandfather", "grandparent", "stepmother",
    "stepfather", "mothers",     "fathers",     "parents",     "grandparents",
};

/* The folded word ending just before position p (spaces skipped), as
 * [*ws, *we); false at a clause boundary or the start of the text. */
static bool word_before(const xc_doc *d, size_t p, size_t *ws, size_t *we)
{
    while (p > 0 && d->fold[p - 1] == ' ') p--;
    if (p == 0 || clause_stop(d->fold[p - 1])) return false;
    size_t e = p;
    while (p > 0 && letter_at(d->fold, p - 1)) p--;
    if (p == e) return false;
    *ws = p, *we = e;
    return true;
}

/* The surname key of the person named in figure idx's sentence nearest
 * before it (else nearest after it), or NULL when the sentence names none. */
static char *subject_key(rctx *c, xc_arena *a, const xc_doc *d, size_t idx)
{
    if (!d->fold || d->figure_fold.n != d->figures.n || !d->sents.n ||
        d->mention_fold.n != d->mentions.n)
        return NULL;
    xc_range r = d->figure_fold.v[idx];
    const xc_sentence *st = &d->sents.v[xc_doc_sentence_at(d, r.start)];
    if (r.start < st->start || r.start >= st->end) return NULL;
    size_t i = xc_ranges_before(d->mention_fold.v, d->mention_fold.n, r.start);
    int person = -1;
    if (i > 0 && d->mention_fold.v[i - 1].start >= st->start) person = d->mentions.v[i - 1].person;
    for (size_t k = i; person < 0 && k < d->mention_fold.n && d->mention_fold.v[k].start < st->end;
         k++)
        if (d->mention_fold.v[k].start >= r.end) person = d->mentions.v[k].person;
    if (person < 0 || (size_t)person >= d->people.n) return NULL;
    return person_key(c, a, d->people.v[person].name);
}

/* Whether a noun counts people at large ("people", "residents"), rather
 * than some of them ("women", "children"). */
static bool plain_people(const char *noun)
{
    static const char *const plain[] = {"people",      "person",     "persons",
                                        "resident",    "residents",  "inhabitant",
                                        "inhabitants", "individual", "individuals"};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (xc_ieq_ascii(noun, strlen(noun), plain[i])) return true;
    return false;
}

/* Whether figure idx counts a parent's children: "a mother of 12". */
static bool parent_of_count(const rctx *c, const xc_doc *d, size_t idx)
{
    if (!d->fold || d->figure_fold.n != d->figures.n) return false;
    size_t ws, we, ps, pe;
    /* The word before must be "of": most counts are passed over on the
     * byte that would end it, without reading the word. */
    size_t p = d->figure_fold.v[idx].start;
    while (p > 0 && d->fold[p - 1] == ' ') p--;
    if (p == 0 || ((unsigned char)d->fold[p - 1] | 0x20) != 'f') return false;
    if (!word_before(d, d->figure_fold.v[idx].start, &ws, &we)) return false;
    if (!xc_ieq_ascii(d->fold + ws, we - ws, "of")) return false;
    if (!word_before(d, ws, &ps, &pe)) return false;
    return in_word_list(c, RL_PARENTS, builtin_parents,
                        sizeof builtin_parents / sizeof *builtin_parents, d->fold + ps, pe - ps,
                        false);
}

/* The longest text list_join accepts between two counts. */
#define XC_LIST_JOIN_MAX 12

/* Whether the text between two figures, fold[from..to), only joins list
 * items: spaces and commas, with at most one "and" or "plus". */
static bool list_join(const xc_doc *d, size_t from, size_t to)
{
    if (from > to || to - from > XC_LIST_JOIN_MAX) return false;
    bool word = false;
    for (size_t p = from; p < to;) {
        char ch = d->fold[p];
        if (ch == ' ' || ch == ',') {
            p++;
            continue;
        }
        size_t e = p;
        while (e < to && letter_at(d->fold, e)) e++;
        bool joins =
            xc_ieq_ascii(d->fold + p, e - p, "and") || xc_ieq_ascii(d->fold + p, e - p, "plus");
        if (!joins || word) return false;
        word = true;
        p = e;
    }
    return to > from;
}

static bool plain_letter(const char *s, size_t i)
{
    unsigned char ch = (unsigned char)s[i];
    return ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') || ch >= 0x80;
}

/* Whether fold[s..e) is a noun of people ("man", "women"). */
static bool people_word(const rctx *c, const xc_doc *d, size_t s, size_t e)
{
    char w[32];
    if (e <= s || e - s >= sizeof w) return false;
    memcpy(w, d->fold + s, e - s);
    w[e - s] = '\0';
    for (size_t i = 0; w[i]; i++)
        if (w[i] >= 'A' && w[i] <= 'Z') w[i] = (char)(w[i] + ('a' - 'A'));
    const char *cn = noun_concept(c, w);
    return cn && same_text(cn, "people");
}

/* Whether a person counted by an article joins the count that ends at p
 * ("two women and a man") or starts at p ("a man and two women"). */
static bool article_join(const rctx *c, const xc_doc *d, size_t p, bool forward)
{
    /* Each word is read only when the ones before it fit, and the first one,
     * "and" or "plus", only when its first byte (its last, read backwards)
     * is one of theirs in either case (0x20 set: 'a' or 'p', 'd' or 's'). */
    size_t ws[3], we[3];
    if (forward) {
        /* and, a, noun */
        for (int k = 0; k < 3; k++) {
            while (p < d->fold_len && (d->fold[p] == ' ' || (k == 0 && d->fold[p] == ','))) p++;
            if (k == 0 && (p == d->fold_len || (((unsigned char)d->fold[p] | 0x20) != 'a' &&
                                                ((unsigned char)d->fold[p] | 0x20) != 'p')))
                return false;
            ws[k] = p;
            while (p < d->fold_len && plain_letter(d->fold, p)) p++;
            we[k] = p;
            const char *w = d->fold + ws[k];
            size_t n = we[k] - ws[k];
            if (k == 0 && !xc_ieq_ascii(w, n, "and") && !xc_ieq_ascii(w, n, "plus")) return false;
            if (k == 1 && !xc_ieq_ascii(w, n, "a") && !xc_ieq_ascii(w, n, "an")) return false;
        }
        return (we[2] == d->fold_len || !plain_letter(d->fold, we[2])) &&
               people_word(c, d, ws[2], we[2]);
    }
    /* noun and, noun, article (read backwards) */
    for (int k = 0; k < 3; k++) {
        while (p > 0 && d->fold[p - 1] == ' ') p--;
        if (k == 0 && (p == 0 || (((unsigned char)d->fold[p - 1] | 0x20) != 'd' &&
                                  ((unsigned char)d->fold[p - 1] | 0x20) != 's')))
            return false;
        we[k] = p;
        while (p > 0 && plain_letter(d->fold, p - 1)) p--;
        ws[k] = p;
        const char *w = d->fold + ws[k];
        size_t n = we[k] - ws[k];
        if (k == 0 && !xc_ieq_ascii(w, n, "and") && !xc_ieq_ascii(w, n, "plus")) return false;
        if (k == 1 && !people_word(c, d, ws[1], we[1])) return false;
    }
    return (xc_ieq_ascii(d->fold + ws[2], we[2] - ws[2], "a") ||
            xc_ieq_ascii(d->fold + ws[2], we[2] - ws[2], "an")) &&
           (ws[2] == 0 || !plain_letter(d->fold, ws[2] - 1));
}

/* A document's counts of people (figures with no dimension whose noun's
 * concept is "people"), by fold position: list_part looks only at the counts
 * within a list join's reach, and each noun's concept is looked up once. */
typedef struct {
    size_t pos; /* fold start (by_start) or end (by_end) */
    size_t idx; /* the figure */
} fig_pos;

/* Figures of a document whose positions fit here (most documents) need no
 * malloc'd block for them. */
#define FIG_INDEX_SMALL 32

typedef struct {
    const char **noun_c; /* per figure: the concept of its noun, or NULL */
    fig_pos *by_start, *by_end;
    size_t n;
    fig_pos small[2 * (FIG_INDEX_SMALL + 1)]; /* by_start and by_end when they fit */
} fig_index;

static int cmp_fig_pos(const void *pa, const void *pb)
{
    const fig_pos *a = pa, *b = pb;
    if (a->pos != b->pos) return a->pos < b->pos ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Index of the first of v[0..n) whose pos is at or after pos. */
static size_t fig_pos_from(const fig_pos *v, size_t n, size_t pos)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].pos < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Fills x for document d: noun_c in arena a (the preparation keeps it), the
 * positions in x->small or one malloc'd block (free with fig_index_free). */
static void fig_index_build(rctx *c, xc_arena *a, const xc_doc *d, fig_index *x)
{
    size_t n = d->figures.n;
    x->noun_c = NULL, x->by_start = x->by_end = NULL, x->n = 0; /* (small is not read) */
    if (!n) return;
    x->noun_c = xc_arena_alloc(a, (n + 1) * sizeof *x->noun_c);
    x->by_start = n <= FIG_INDEX_SMALL ? x->small : malloc(2 * (n + 1) * sizeof *x->by_start);
    x->by_end = x->by_start ? x->by_start + n + 1 : NULL;
    if (!x->noun_c || !x->by_start) {
        c->oom = true;
        return;
    }
    bool folds = d->fold && d->figure_fold.n == n;
    for (size_t j = 0; j < n; j++) {
        const xc_figure *g = &d->figures.v[j];
        if (!g->noun || !*g->noun) continue;
        x->noun_c[j] = noun_concept(c, g->noun);
        if (!folds || (g->dimension && *g->dimension) || !x->noun_c[j] ||
            !same_text(x->noun_c[j], "people"))
            continue;
        x->by_start[x->n] = (fig_pos){d->figure_fold.v[j].start, j};
        x->by_end[x->n] = (fig_pos){d->figure_fold.v[j].end, j};
        x->n++;
    }
    if (x->n > 1) {
        qsort(x->by_start, x->n, sizeof *x->by_start, cmp_fig_pos);
        qsort(x->by_end, x->n, sizeof *x->by_end, cmp_fig_pos);
    }
}

static void fig_index_free(fig_index *x)
{
    if (x->by_start != x->small) free(x->by_start); /* by_end is in its block */
}

/* Whether count idx is one part of a list of counts ("two women and one man
 * died"): joined to another count of people ("one man", "a man"). Such a part is not a
 * total and is not compared with one ("three people died"). */
static bool list_part(const rctx *c, const xc_doc *d, size_t idx, const fig_index *x)
{
    if (!d->fold || d->figure_fold.n != d->figures.n) return false;
    xc_range r = d->figure_fold.v[idx];
    if (article_join(c, d, r.end, true) || article_join(c, d, r.start, false)) return true;
    /* a count starting shortly after this one ends */
    for (size_t k = fig_pos_from(x->by_start, x->n, r.end);
         k < x->n && x->by_start[k].pos - r.end <= XC_LIST_JOIN_MAX; k++)
        if (x->by_start[k].idx != idx && list_join(d, r.end, x->by_start[k].pos)) return true;
    /* a count ending shortly before this one starts */
    for (size_t k = fig_pos_from(x->by_end, x->n, r.start + 1);
         k > 0 && r.start - x->by_end[k - 1].pos <= XC_LIST_JOIN_MAX; k--)
        if (x->by_end[k - 1].idx != idx && list_join(d, x->by_end[k - 1].pos, r.start)) return true;
    return false;
}

static const char *figure_key(rctx *c, xc_arena *a, const xc_doc *d, size_t idx, const fig_index *x,
                              const char **concept)
{
    const xc_figure *f = &d->figures.v[idx];
    const char *noun_c = x->noun_c[idx];
    const char *dim = f->dimension && *f->dimension ? f->dimension : NULL;
    /* "the first foreign amateurs", "27th": a rank, not a quantity to cross-check. */
    if (dim && same_text(dim, "ordinal")) return NULL;
    /* Only a count of people, or of nothing named, takes a cue's concept:
     * "killing 14 people" counts deaths, "two Hamas rockets" does not. */
    bool unnamed = !f->noun || !*f->noun;
    /* "a mother of 12 killed in the crash": 12 children, not 12 deaths. */
    if (!dim && parent_of_count(c, d, idx)) return NULL;
    if (!dim && (unnamed || (noun_c && same_text(noun_c, "people")))) {
        if (list_part(c, d, idx, x)) return NULL;
        const char *cue = cue_concept(c, d, idx);
        if (cue) noun_c = cue;
    }
    if (!noun_c && !dim) return NULL;
    bool age = dim && same_text(dim, "age");
    /* A measurement that says neither what it measures nor a concept is not
     * compared: "5 hours" and "30 days" in one story are rarely one fact. */
    if (dim && !noun_c && !age && unnamed) return NULL;
    const char *person = "";
    if (age) {
        /* An age is compared only with the same person's age. */
        char *pk = person_key(c, a, f->person);
        if (!pk) return NULL;
        person = pk;
    }
    /* A measure with no concept of its own is someone's when its sentence
     * names a person: "Russell, a 20-year veteran" and "Tennant was a
     * 28-year veteran" are two people's years. */
    if (dim && !age && !noun_c) {
        char *pk = subject_key(c, a, d, idx);
        if (pk) person = pk;
    }
    /* A measured figure whose noun names no concept is compared only with
     * figures of the same noun: a 42 km race is not a 5 km walk. */
    const char *what = noun_c ? noun_c : "";
    const char *noun = !noun_c && f->noun ? f->noun : "";
    if (noun_c && same_text(noun_c, "people") && f->noun && !plain_people(f->noun)) {
        /* "one woman" and "six children" are people, not the same people */
        noun = f->noun;
    }
    *concept = noun_c ? noun_c : dimension_concept(c, dim);
    const char *parts[5] = {what, noun, dim ? dim : "", f->base_unit ? f->base_unit : "", person};
    char *k = join_parts(c, a, parts, 5);
    if (!k) c->oom = true;
    return k;
}

/* Greedy clique clustering of items (sorted by lo): an item joins the current
 * cluster when it overlaps every member, i.e. when its low end is not above
 * the smallest high end so far. Writes a cluster number per item and returns
 * the number of clusters. Members of one cluster agree pairwise; two
 * consecutive clusters hold at least one disjoint pair. */
static size_t cluster(const fig_item *const *items, size_t n, double eps, size_t *cl)
{
    size_t k = 0;
    double min_hi = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || items[i]->lo > min_hi + eps) {
            if (i) k++;
            min_hi = items[i]->hi;
        } else if (items[i]->hi < min_hi)
            min_hi = items[i]->hi;
        if (cl) cl[i] = k;
    }
    return n ? k + 1 : 0;
}

static int cmp_hi(const void *pa, const void *pb)
{
    const fig_item *a = *(const fig_item *const *)pa, *b = *(const fig_item *const *)pb;
    int r = cmp_double(a->hi, b->hi);
    if (!r) r = cmp_fig(a, b);
    return r;
}

static int cmp_doc_order(const void *pa, const void *pb)
{
    const fig_item *a = *(const fig_item *const *)pa, *b = *(const fig_item *const *)pb;
    if (a->doc != b->doc) return a->doc < b->doc ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* Source-vs-source comparison of one group. */
/* Whether a group of ages differs by one year at most, in documents that
 * are not all of one day (or have no date): a birthday may fall between
 * them, so the difference is a warning, not an error. */
static bool year_apart_ages(const rctx *c, const fig_item *const *src, size_t n, double eps)
{
    const xc_figure *f0 = n ? fig_of(c, src[0]) : NULL;
    if (!f0 || !f0->dimension || strcmp(f0->dimension, "age")) return false;
    double min_hi = INFINITY, max_lo = -INFINITY;
    const char *day = NULL;
    bool one_day = true;
    for (size_t i = 0; i < n; i++) {
        if (src[i]->hi < min_hi) min_hi = src[i]->hi;
        if (src[i]->lo > max_lo) max_lo = src[i]->lo;
        const char *d = c->s->docs.v[src[i]->doc]->date;
        if (!d || (day && strcmp(d, day))) one_day = false;
        if (!day) day = d;
    }
    return !one_day && max_lo - min_hi <= 1 + eps;
}

static void figure_sources(rctx *c, const fig_item *const *src, size_t n, double eps)
{
    if (!n) return;
    size_t *cl = malloc(n * sizeof *cl);
    const fig_item **exact = malloc(n * sizeof *exact);
    if (!cl || !exact) {
        c->oom = true;
        goto done;
    }
    size_t ncl = cluster(src, n, eps, cl);
    const char *concept = src[0]->concept;
    claim_vec claims = {0};
    xc_buf msg = {0};
    if (ncl >= 2) {
        size_t ne = 0;
        for (size_t i = 0; i < n; i++)
            if (src[i]->exact) exact[ne++] = src[i];
        xc_severity sev = cluster(exact, ne, eps, NULL) >= 2 ? XC_ERROR : XC_WARNING;
        bool birthday = year_apart_ages(c, src, n, eps);
        if (birthday) sev = XC_WARNING;
        xc_buf_printf(&msg, "%s: ", concept);
        for (size_t i = 0; i < n; i++) {
            if (xc_vec_push(&claims, fig_claim(c, src[i]))) c->oom = true;
            if (i + 1 == n || cl[i + 1] != cl[i]) {
                /* end of a cluster: show its most precise value (an exact
                 * 11 rather than an "at least one" that also fits) and its outlets */
                size_t first = i;
                while (first > 0 && cl[first - 1] == cl[i]) first--;
                size_t best = first;
                for (size_t k = first + 1; k <= i; k++)
                    if (src[k]->hi - src[k]->lo < src[best]->hi - src[best]->lo) best = k;
                if (cl[i]) xc_buf_adds(&msg, " vs ");
                add_figure_value(&msg, fig_of(c, src[best]));
                xc_buf_adds(&msg, " (");
                /* The outlets that give a bounded figure in this cluster: an
                 * open-ended one ("at least one") fits several clusters. */
                claim_vec bounded = {0};
                for (size_t k = first; k <= i; k++)
                    if ((isfinite(src[k]->lo) && isfinite(src[k]->hi)) || k == best)
                        if (xc_vec_push(&bounded, claims.v[k])) c->oom = true;
                if (bounded.v) add_outlets(&msg, bounded.v, 0, bounded.n);
                xc_vec_free(&bounded);
                xc_buf_adds(&msg, ")");
            }
        }
        if (birthday) xc_buf_adds(&msg, "; a year apart, in articles not of one day");
        if (!msg.s) c->oom = true;
        emit(c, "figure-conflict", sev, concept, &msg, NULL, &claims);
    } else if (c->opts.report_agreements) {
        /* Agreeing claims in document order: the first one places the finding. */
        memcpy(exact, src, n * sizeof *src);
        qsort(exact, n, sizeof *exact, cmp_doc_order);
        size_t docs = 0;
        for (size_t i = 0; i < n; i++) {
            docs += !i || exact[i]->doc != exact[i - 1]->doc;
            if (xc_vec_push(&claims, fig_claim(c, exact[i]))) c->oom = true;
        }
        xc_buf_printf(&msg, "%s: ", concept);
        add_figure_value(&msg, fig_of(c, exact[0]));
        if (docs >= 2) {
            xc_buf_printf(&msg, " corroborated by %zu sources (", docs);
            if (claims.v) add_outlets(&msg, claims.v, 0, claims.n);
            xc_buf_adds(&msg, ")");
            emit(c, "figure-agreement", XC_INFO, concept, &msg, NULL, &claims);
        } else {
            xc_buf_printf(&msg, " given only by %s", outlet(c->s->docs.v[exact[0]->doc]));
            emit(c, "single-source", XC_INFO, concept, &msg, NULL, &claims);
        }
    }
    xc_buf_free(&msg);
    xc_vec_free(&claims);
done:
    free(cl);
    free(exact);
}

/* One draft figure against the sources of its group (sorted by lo and by hi). */
static void figure_draft(rctx *c, const fig_item *d, const fig_item *const *by_lo,
                         const fig_item *const *by_hi, size_t n, double eps)
{
    claim_vec claims = {0};
    xc_buf msg = {0};
    if (xc_vec_push(&claims, fig_claim(c, d))) c->oom = true;
    /* Sources entirely below the draft's interval: a prefix of by_hi. */
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (by_hi[mid]->hi < d->lo - eps)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t below = lo;
    /* Sources entirely above it: a suffix of by_lo. */
    lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (by_lo[mid]->lo <= d->hi + eps)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t above_from = lo;
    size_t disjoint = below + (n - above_from);
    xc_buf_printf(&msg, "%s: ", d->concept);
    add_figure_value(&msg, fig_of(c, d));
    xc_buf_printf(&msg, " (%s)", outlet(c->s->docs.v[d->doc]));
    if (n == 0) {
        if (c->opts.report_agreements) {
            xc_buf_adds(&msg, " is given by no source");
            emit(c, "single-source", XC_INFO, d->concept, &msg, NULL, &claims);
        }
    } else if (disjoint) {
        bool any_exact = false;
        size_t first = claims.n;
        for (size_t i = 0; i < below; i++) {
            any_exact = any_exact || by_hi[i]->exact;
            if (xc_vec_push(&claims, fig_claim(c, by_hi[i]))) c->oom = true;
        }
        for (size_t i = above_from; i < n; i++) {
            any_exact = any_exact || by_lo[i]->exact;
            if (xc_vec_push(&claims, fig_claim(c, by_lo[i]))) c->oom = true;
        }
        /* When some sources agree with the draft, the sources disagree among
         * themselves: a warning, not an error. */
        xc_severity sev = d->exact && any_exact && disjoint == n ? XC_ERROR : XC_WARNING;
        xc_buf_adds(&msg, " vs ");
        const fig_item *shown = below ? by_hi[below - 1] : by_lo[above_from];
        add_figure_value(&msg, fig_of(c, shown));
        xc_buf_adds(&msg, " (");
        if (claims.v) add_outlets(&msg, claims.v, first, claims.n);
        xc_buf_adds(&msg, ")");
        emit(c, "figure-conflict", sev, d->concept, &msg, NULL, &claims);
    } else if (c->opts.report_agreements) {
        for (size_t i = 0; i < n; i++)
            if (xc_vec_push(&claims, fig_claim(c, by_lo[i]))) c->oom = true;
        xc_buf_adds(&msg, " corroborated by ");
        if (claims.v) add_outlets(&msg, claims.v, 1, claims.n);
        emit(c, "figure-agreement", XC_INFO, d->concept, &msg, NULL, &claims);
    }
    xc_buf_free(&msg);
    xc_vec_free(&claims);
}

/* The two numbers of a vote tally as written ("7-2", "7–2", "seven to two")
 * folded into one value that orders tallies by their first number, then by
 * their second: both must match for two tallies to agree. False when the
 * text is not such a tally. */
static bool tally_value(rctx *c, const char *text, double *out)
{
    if (!text) return false;
    xc_arena tmp = {0};
    char *t = fold_key(c, &tmp, text, strlen(text));
    bool ok = false;
    xc_num a, b;
    size_t len = t ? strlen(t) : 0;
    if (t && xc_num_parse(c->rules, t, len, 0, &a)) {
        size_t p = a.end;
        while (p < len && t[p] == ' ') p++;
        if (p < len && t[p] == '-')
            p++;
        else if (p + 3 <= len && !memcmp(t + p, "\xe2\x80", 2) &&
                 (t[p + 2] == '\x93' || t[p + 2] == '\x94'))
            p += 3; /* en or em dash */
        else if (p + 2 <= len && !memcmp(t + p, "to", 2))
            p += 2;
        else
            p = len;
        while (p < len && t[p] == ' ') p++;
        if (p < len && xc_num_parse(c->rules, t, len, p, &b) && b.end == len && !a.negative &&
            !b.negative && a.value == floor(a.value) && b.value == floor(b.value) &&
            a.value < 1e6 && b.value < 1e6) {
            *out = a.value * 1e6 + b.value;
            ok = true;
        }
    }
    xc_arena_free(&tmp);
    return ok;
}

static bool range_ieq(const char *a, size_t alen, const char *b, size_t blen);

/* Titles before a name: "Dr. Jen Loong" has the given name Jen. */
static const char *const builtin_titles[] = {
    "mr",  "mrs", "ms",  "miss", "dr", "prof", "sir", "dame",    "rev",   "sen",       "rep",
    "gov", "gen", "col", "capt", "lt", "sgt",  "det", "officer", "judge", "president",
};

/* The given name of a person's name: its first word when a surname follows,
 * titles skipped, an initial's full stop dropped. NULL for a bare surname. */
static const char *given_name(const rctx *c, const char *name, size_t *len)
{
    if (!name) return NULL;
    const char *p = name;
    for (;;) {
        while (*p == ' ') p++;
        const char *e = p;
        while (*e && *e != ' ') e++;
        const char *next = e;
        while (*next == ' ') next++;
        if (!*next) return NULL; /* the last word is the surname */
        size_t n = (size_t)(e - p);
        if (n && p[n - 1] == '.') n--;
        if (!n) return NULL;
        if (!in_word_list(c, RL_TITLES, builtin_titles,
                          sizeof builtin_titles / sizeof *builtin_titles, p, n, false)) {
            *len = n;
            return p;
        }
        p = next;
    }
}

static bool same_given(const fig_item *a, const fig_item *b)
{
    return a->given_len == b->given_len &&
           range_ieq(a->given, a->given_len, b->given, b->given_len);
}

/* Whether the given name of a, maybe an initial, could be the full one of b. */
static bool given_fits(const fig_item *a, const fig_item *b)
{
    if (a->given_len != 1) return same_given(a, b);
    return (a->given[0] | 0x20) == (b->given[0] | 0x20);
}

/* Source and draft comparison of one group of figures (sorted by cmp_fig). */
static void compare_group(rctx *c, const fig_item *const *g, size_t n, const fig_item **src,
                          const fig_item **by_hi)
{
    double scale = 1;
    size_t ns = 0;
    for (size_t i = 0; i < n; i++) {
        const fig_item *it = g[i];
        if (isfinite(it->lo) && fabs(it->lo) > scale) scale = fabs(it->lo);
        if (isfinite(it->hi) && fabs(it->hi) > scale) scale = fabs(it->hi);
        if (!it->draft) src[ns++] = it;
    }
    /* Conversions between units round: a relative tolerance instead of ==. */
    double eps = scale * 1e-9;
    if (c->s->n_drafts == 0 || c->opts.include_source_conflicts) figure_sources(c, src, ns, eps);
    if (c->s->n_drafts == 0) return;
    memcpy(by_hi, src, ns * sizeof *src);
    if (ns) qsort(by_hi, ns, sizeof *by_hi, cmp_hi);
    for (size_t i = 0; i < n; i++)
        if (g[i]->draft) figure_draft(c, g[i], src, by_hi, ns, eps);
}

/* Whether a group's figures count something general: people, or a measure
 * that names no concept of its own ("40 yards", "3 years", "20 percent").
 * A concept a cue word gives ("killing 14 people": deaths) is general too. */
static bool general_group(const rctx *c, const fig_item *it)
{
    /* the noun's concept, looked up once when the document was prepared */
    const char *nc = c->s->preps.v[it->doc]->fig_noun_concept[it->idx];
    return !nc || same_text(nc, "people");
}

/* The items of one group of general figures whose document gives the group
 * one value: a document that counts "people" as 3 in one sentence and as 50
 * in another speaks of different groups of people, and its figures of that
 * key are not compared ("39.9 million watched" last year, "40.3 million"
 * this year; a 13-inch and a 15-inch model). A specific noun names one
 * thing in a story, and one outlet's two numbers for it still disagree
 * ("1,000 runners", later "800 runners"). max_lo and min_hi are scratch, one
 * per document of the story. Returns the number of items written to out,
 * in their order. */
static size_t one_value_per_doc(const rctx *c, const fig_item *const *g, size_t n, double *max_lo,
                                double *min_hi, const fig_item **out)
{
    if (n && !general_group(c, g[0])) {
        memcpy(out, g, n * sizeof *g);
        return n;
    }
    double scale = 1;
    for (size_t i = 0; i < n; i++) {
        max_lo[g[i]->doc] = -INFINITY;
        min_hi[g[i]->doc] = INFINITY;
        if (isfinite(g[i]->lo) && fabs(g[i]->lo) > scale) scale = fabs(g[i]->lo);
        if (isfinite(g[i]->hi) && fabs(g[i]->hi) > scale) scale = fabs(g[i]->hi);
    }
    for (size_t i = 0; i < n; i++) {
        size_t d = g[i]->doc;
        if (g[i]->lo > max_lo[d]) max_lo[d] = g[i]->lo;
        if (g[i]->hi < min_hi[d]) min_hi[d] = g[i]->hi;
    }
    double eps = scale * 1e-9;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!(max_lo[g[i]->doc] > min_hi[g[i]->doc] + eps)) out[m++] = g[i];
    return m;
}

/* Compares the ages of one surname. People of one surname with different
 * given names ("Jerry Ortiz", "Jeremy Ortiz") are compared apart; a bare
 * surname or an initial joins them only when it fits one of them alone,
 * and not when its own document gives that name another age. */
static void compare_ages(rctx *c, const fig_item *const *g, size_t n, const fig_item **sub,
                         const fig_item **src, const fig_item **by_hi, double *max_lo,
                         double *min_hi, const fig_item **one)
{
    size_t names = 0;
    for (size_t i = 0; i < n; i++) {
        if (!g[i]->given || g[i]->given_len < 2) continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = g[j]->given && g[j]->given_len >= 2 && same_given(g[j], g[i]);
        names += !seen;
    }
    if (names < 2) {
        /* "35-year-old Gomes" next to "61-year-old Kathryn Gomes" in one
         * document: the document itself tells two people apart, so the bare
         * surname is not Kathryn's age. */
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            bool other = false;
            for (size_t j = 0; j < n && !other && (!g[i]->given || g[i]->given_len < 2); j++)
                other = g[j]->doc == g[i]->doc && g[j]->given && g[j]->given_len >= 2 &&
                        (g[j]->lo > g[i]->hi || g[j]->hi < g[i]->lo);
            if (!other) sub[m++] = g[i];
        }
        /* a document giving one name two ages speaks of two people */
        compare_group(c, one, one_value_per_doc(c, sub, m, max_lo, min_hi, one), src, by_hi);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (!g[i]->given || g[i]->given_len < 2) continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = g[j]->given && g[j]->given_len >= 2 && same_given(g[j], g[i]);
        if (seen) continue;
        size_t m = 0;
        for (size_t j = 0; j < n; j++) {
            if (!g[j]->given) continue; /* a bare surname: whose age is unknown */
            if (g[j]->given_len >= 2) {
                if (same_given(g[j], g[i])) sub[m++] = g[j];
                continue;
            }
            /* an initial joins when it fits this given name alone */
            size_t fits = 0;
            for (size_t k = 0; k < n; k++) {
                if (!g[k]->given || g[k]->given_len < 2 || !given_fits(g[j], g[k])) continue;
                bool dup = false;
                for (size_t l = 0; l < k && !dup; l++)
                    dup = g[l]->given && g[l]->given_len >= 2 && same_given(g[l], g[k]);
                fits += !dup;
            }
            if (fits == 1 && given_fits(g[j], g[i])) sub[m++] = g[j];
        }
        /* a document giving one name two ages speaks of two people */
        compare_group(c, one, one_value_per_doc(c, sub, m, max_lo, min_hi, one), src, by_hi);
    }
}

/* Compares the items of a general group (sorted by lo) band by band: an
 * item more than ten times the largest value before it opens a new band.
 * "Three people" killed and "20,000 people" marching are two groups of
 * people, while an extra zero (100 and 1,000) stays one comparison. */
static void compare_bands(rctx *c, const fig_item **g, size_t n, const fig_item **src,
                          const fig_item **by_hi)
{
    for (size_t a = 0, b; a < n; a = b) {
        double top = g[a]->hi;
        for (b = a + 1; b < n; b++) {
            if (isfinite(top) && top > 0 && g[b]->lo > 10 * top) break;
            if (g[b]->hi > top) top = g[b]->hi;
        }
        compare_group(c, g + a, b - a, src, by_hi);
    }
}

static void reconcile_figures(rctx *c)
{
    XC_VEC(fig_item) items = {0};
    /* an item per figure at most: room for them at once */
    size_t most = 0;
    for (size_t di = 0; di < c->s->docs.n; di++) most += c->s->docs.v[di]->figures.n;
    if (most && xc_vec_reserve_exact(&items, most)) c->oom = true;
    for (size_t di = 0; di < c->s->docs.n && !c->oom; di++) {
        const xc_doc *d = c->s->docs.v[di];
        for (size_t i = 0; i < d->figures.n; i++) {
            const xc_figure *f = &d->figures.v[i];
            const xc_claims_prep *p = c->s->preps.v[di];
            const char *key = i < p->n_figures ? p->fig_key[i] : NULL;
            const char *concept = key ? p->fig_concept[i] : NULL;
            if (!key) continue;
            double lo = f->base_unit ? f->base_low : f->low;
            double hi = f->base_unit ? f->base_high : f->high;
            if (f->dimension && same_text(f->dimension, "vote")) {
                /* a tally is compared with tallies only, both numbers at once */
                if (!tally_value(c, f->unit_text, &lo)) continue;
                hi = lo;
            }
            if (isnan(lo) || isnan(hi)) continue;
            if (lo > hi) {
                double t = lo;
                lo = hi;
                hi = t;
            }
            bool exact = !f->approximate && isfinite(lo) && isfinite(hi);
            fig_item it = {key, concept, lo, hi, exact, c->s->draft.v[di], di, i, NULL, 0, 0};
            it.prefix = key_prefix(key);
            if (f->dimension && same_text(f->dimension, "age"))
                it.given = given_name(c, f->person, &it.given_len);
            if (xc_vec_push(&items, it)) c->oom = true;
        }
    }
    /* the items in group order (by key, then value) */
    const fig_item **order = sort_fig_items(items.v, items.n);
    const fig_item **src = malloc((items.n + 1) * sizeof *src);
    const fig_item **by_hi = malloc((items.n + 1) * sizeof *by_hi);
    const fig_item **grp = malloc((items.n + 1) * sizeof *grp);
    const fig_item **sub = malloc((items.n + 1) * sizeof *sub);
    const fig_item **one = malloc((items.n + 1) * sizeof *one);
    double *max_lo = malloc((c->s->docs.n + 1) * sizeof *max_lo);
    double *min_hi = malloc((c->s->docs.n + 1) * sizeof *min_hi);
    if (!order || !src || !by_hi || !grp || !sub || !one || !max_lo || !min_hi) {
        c->oom = true;
        goto done;
    }
    for (size_t g0 = 0, g1; g0 < items.n; g0 = g1) {
        g1 = g0;
        while (g1 < items.n && !strcmp(order[g1]->key, order[g0]->key)) {
            grp[g1 - g0] = order[g1];
            g1++;
        }
        const xc_figure *f0 = fig_of(c, order[g0]);
        if (f0->dimension && same_text(f0->dimension, "age")) {
            compare_ages(c, grp, g1 - g0, sub, src, by_hi, max_lo, min_hi, one);
        } else {
            size_t m = one_value_per_doc(c, grp, g1 - g0, max_lo, min_hi, sub);
            if (m && general_group(c, sub[0]))
                compare_bands(c, sub, m, src, by_hi);
            else
                compare_group(c, sub, m, src, by_hi);
        }
    }
done:
    free(order);
    free(one);
    free(max_lo);
    free(min_hi);
    free(src);
    free(by_hi);
    free(grp);
    free(sub);
    xc_vec_free(&items);
}

/* ------------------------------------------------------------------ dates */

typedef struct {
    const char *anchor; /* event word, case-folded */
    const char *value;  /* YYYY-MM-DD */
    bool draft;
    size_t doc, idx;
} date_item;

static int cmp_date(const void *pa, const void *pb)
{
    const date_item *a = pa, *b = pb;
    int r = strcmp(a->anchor, b->anchor);
    if (!r) r = strncmp(a->value, b->value, 4); /* year */
    if (!r) r = a->doc < b->doc ? -1 : a->doc > b->doc;
    if (!r) r = strcmp(a->value, b->value);
    if (!r) r = a->idx < b->idx ? -1 : a->idx > b->idx;
    return r;
}

static bool same_group(const date_item *a, const date_item *b)
{
    return !strcmp(a->anchor, b->anchor) && !strncmp(a->value, b->value, 4);
}

/* A line break, or . ! ? before a space and a capital letter ("Oct. 14" goes on). */
static bool sentence_end(const char *f, size_t len, size_t i)
{
    if (f[i] == '\n') return true;
    if (!strchr(".!?", f[i]) || !f[i]) return false;
    return i + 2 >= len || (f[i + 1] == ' ' && f[i + 2] >= 'A' && f[i + 2] <= 'Z');
}

/* The fold range of the sentence around pos (or, without sentences, up to the
 * nearest sentence punctuation or line break, at most 300 bytes away). */
static xc_range sentence_around(const xc_doc *d, size_t pos)
{
    if (d->sents.n) {
        const xc_sentence *s = &d->sents.v[xc_doc_sentence_at(d, pos)];
        return (xc_range){s->start, s->end};
    }
    size_t a = pos, b = pos;
    while (a > 0 && pos - a < 300 && !sentence_end(d->fold, d->fold_len, a - 1)) a--;
    while (b < d->fold_len && b - pos < 300 && !sentence_end(d->fold, d->fold_len, b)) b++;
    return (xc_range){a, b};
}

static bool range_ieq(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen) return false;
    for (size_t i = 0; i < alen; i++)
        if (((unsigned char)a[i] | 0x20) != ((unsigned char)b[i] | 0x20)) return false;
    return true;
}

/* The one event word of a date's sentence r, or NULL (none, or several). */
static const char *sentence_anchor(rctx *c, xc_arena *a, const xc_doc *d, xc_range r)
{
    const xc_list *l = rule_list(c, RL_ANCHORS);
    const uint8_t *f = rule_filter(c, RL_ANCHORS);
    const char *found = NULL;
    size_t found_len = 0;
    size_t lim = r.end < d->fold_len ? r.end : d->fold_len;
    for (size_t p = r.start; p < lim;) {
        unsigned char ch = (unsigned char)d->fold[p];
        if (!((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z')) {
            p++;
            continue;
        }
        size_t e = ascii_letters_end(d->fold, lim, p + 1);
        /* ASCII letters: a filter_word, told by the filter before the list */
        if (in_list(c, RL_ANCHORS, l, f, builtin_anchors,
                    sizeof builtin_anchors / sizeof *builtin_anchors, d->fold + p, e - p, true)) {
            /* Two different event words: the date could belong to either. */
            if (found && !range_ieq(found, found_len, d->fold + p, e - p)) return NULL;
            found = d->fold + p;
            found_len = e - p;
        }
        p = e;
    }
    return found ? fold_key(c, a, found, found_len) : NULL;
}

static bool full_date(const char *v)
{
    int y, m, dd;
    return v && strlen(v) == 10 && xc_parse_iso_date(v, &y, &m, &dd);
}

static void add_date_values(rctx *c, xc_buf *msg, const date_item *const *v, size_t n)
{
    /* n items sorted by value: "2014-04-13 (a, b) vs 2014-04-14 (c)" */
    claim_vec tmp = {0};
    for (size_t i = 0; i < n; i++) {
        if (xc_vec_push(&tmp, make_claim(XC_CLAIM_DATE, c->s->docs.v[v[i]->doc], v[i]->idx)))
            c->oom = true;
        if (i + 1 == n || strcmp(v[i + 1]->value, v[i]->value)) {
            size_t first = i;
            while (first > 0 && !strcmp(v[first - 1]->value, v[i]->value)) first--;
            if (first) xc_buf_adds(msg, " vs ");
            xc_buf_printf(msg, "%s (", v[i]->value);
            if (tmp.v) add_outlets(msg, tmp.v, first, i + 1);
            xc_buf_adds(msg, ")");
        }
    }
    xc_vec_free(&tmp);
}

static int cmp_date_value(const void *pa, const void *pb)
{
    const date_item *a = *(const date_item *const *)pa, *b = *(const date_item *const *)pb;
    int r = strcmp(a->value, b->value);
    if (!r) r = a->doc < b->doc ? -1 : a->doc > b->doc;
    if (!r) r = a->idx < b->idx ? -1 : a->idx > b->idx;
    return r;
}

static void reconcile_dates(rctx *c)
{
    XC_VEC(date_item) items = {0};
    for (size_t di = 0; di < c->s->docs.n; di++) {
        const xc_doc *d = c->s->docs.v[di];
        for (size_t i = 0; i < d->dates.n; i++) {
            const xc_date *dt = &d->dates.v[i];
            const xc_claims_prep *p = c->s->preps.v[di];
            const char *anchor = i < p->n_dates ? p->date_anchor[i] : NULL;
            if (!anchor) continue;
            date_item it = {anchor, dt->value, c->s->draft.v[di], di, i};
            if (xc_vec_push(&items, it)) c->oom = true;
        }
    }
    if (items.n) qsort(items.v, items.n, sizeof *items.v, cmp_date);
    const date_item **src = malloc((items.n + 1) * sizeof *src);
    const date_item **drf = malloc((items.n + 1) * sizeof *drf);
    if (!src || !drf) {
        c->oom = true;
        goto done;
    }
    for (size_t g0 = 0, g1; g0 < items.n; g0 = g1) {
        g1 = g0;
        while (g1 < items.n && same_group(&items.v[g1], &items.v[g0])) g1++;
        /* A document that gives two dates for one event is ambiguous: left out. */
        size_t ns = 0, nd = 0;
        for (size_t i = g0, j; i < g1; i = j) {
            j = i;
            bool ambiguous = false;
            while (j < g1 && items.v[j].doc == items.v[i].doc) {
                ambiguous = ambiguous || strcmp(items.v[j].value, items.v[i].value);
                j++;
            }
            if (ambiguous) continue;
            for (size_t k = i; k < j; k++) {
                if (items.v[k].draft)
                    drf[nd++] = &items.v[k];
                else
                    src[ns++] = &items.v[k];
            }
        }
        if (ns) qsort(src, ns, sizeof *src, cmp_date_value);
        size_t distinct = 0;
        for (size_t i = 0; i < ns; i++) distinct += !i || strcmp(src[i]->value, src[i - 1]->value);
        const char *anchor = items.v[g0].anchor;
        if (distinct >= 2 && (c->s->n_drafts == 0 || c->opts.include_source_conflicts)) {
            xc_buf msg = {0};
            claim_vec claims = {0};
            xc_buf_printf(&msg, "%s: ", anchor);
            add_date_values(c, &msg, src, ns);
            for (size_t i = 0; i < ns; i++)
                if (xc_vec_push(&claims,
                                make_claim(XC_CLAIM_DATE, c->s->docs.v[src[i]->doc], src[i]->idx)))
                    c->oom = true;
            emit(c, "date-conflict", XC_WARNING, NULL, &msg, NULL, &claims);
        }
        for (size_t k = 0; k < nd && ns; k++) {
            bool sourced = false;
            for (size_t i = 0; i < ns && !sourced; i++)
                sourced = !strcmp(src[i]->value, drf[k]->value);
            if (sourced) continue;
            xc_buf msg = {0};
            claim_vec claims = {0};
            xc_buf_printf(&msg, "%s: %s (%s) vs ", anchor, drf[k]->value,
                          outlet(c->s->docs.v[drf[k]->doc]));
            add_date_values(c, &msg, src, ns);
            if (xc_vec_push(&claims,
                            make_claim(XC_CLAIM_DATE, c->s->docs.v[drf[k]->doc], drf[k]->idx)))
                c->oom = true;
            for (size_t i = 0; i < ns; i++)
                if (xc_vec_push(&claims,
                                make_claim(XC_CLAIM_DATE, c->s->docs.v[src[i]->doc], src[i]->idx)))
                    c->oom = true;
            emit(c, "date-conflict", distinct == 1 ? XC_ERROR : XC_WARNING, NULL, &msg, NULL,
                 &claims);
        }
    }
done:
    free(src);
    free(drf);
    xc_vec_free(&items);
}

/* ----------------------------------------------------------------- quotes */

/* A quote, or consecutive quotes of one speaker close together ("A," he said.
 * "B"): outlets split and join quotes differently, so they are compared as one. */
typedef struct {
    size_t doc, q0, q1; /* quotes [q0, q1) of doc */
    const char *speaker_key;
    const char *speaker;
    /* Its words: those of its quotes in its document's preparation, which
     * keeps a document's quote words together, quote after quote (not
     * owned: the story keeps the preparations). */
    struct {
        const xc_word *v;
        size_t n;
    } words;
    const size_t *qword; /* the preparation's: quote q's words start at qword[q] */
    size_t plain;        /* words not in brackets, counted for a unit paired (count_plain) */
    bool counted;        /* plain is counted */
    bool ell_end;
    bool draft;
    bool matched; /* found similar to a source quote */
} qunit;

typedef XC_VEC(qunit) qunit_vec;

/* Index among unit u's words of the first word of its k-th quote. */
static size_t unit_qword(const qunit *u, size_t k)
{
    return u->qword[u->q0 + k] - u->qword[u->q0];
}

typedef struct {
    uint64_t h;
    size_t u;
} shingle;

typedef xc_pair upair; /* two units */

/* The shingles of one hash: a run. Its shingles are linked through next
 * (shingle indices; UINT32_MAX ends the list), from the last one. */
typedef struct {
    uint64_t h;
    uint32_t head, count;
} shingle_run;

/* Groups the n shingles of v by hash into runs (at most n) with one hash
 * table, linking each to the shingle of its run before it in next (n
 * slots). Returns the number of runs, or SIZE_MAX when out of memory. */
static size_t group_shingles(const shingle *v, size_t n, shingle_run *runs, uint32_t *next)
{
    size_t cap = 16;
    while (cap < 2 * n) cap *= 2;
    /* The table holds run numbers plus one (0: a free slot) in 32 bits, as
     * the links do (a shingle is a word of a story's quotes, and no story
     * holds four billion: more is taken for out of memory). */
    if (n >= UINT32_MAX) return SIZE_MAX;
    uint32_t *tab = calloc(cap, sizeof *tab);
    if (!tab) return SIZE_MAX;
    size_t nr = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = v[i].h;
        size_t k = (size_t)(h ^ h >> 29) & (cap - 1);
        while (tab[k] && runs[tab[k] - 1].h != h) k = (k + 1) & (cap - 1);
        if (!tab[k]) {
            runs[nr] = (shingle_run){h, (uint32_t)i, 1};
            next[i] = UINT32_MAX;
            tab[k] = (uint32_t)++nr;
            continue;
        }
        shingle_run *r = &runs[tab[k] - 1];
        next[i] = r->head;
        r->head = (uint32_t)i;
        r->count++;
    }
    free(tab);
    return nr;
}

static int cmp_upair(const void *pa, const void *pb)
{
    const upair *a = pa, *b = pb;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    return a->v < b->v ? -1 : a->v > b->v;
}

static void quote_text(const xc_doc *d, size_t i, const char **s, size_t *len)
{
    if (d->fold && d->quote_fold.n == d->quotes.n) {
        xc_range r = d->quote_fold.v[i];
        if (r.start <= r.end && r.end <= d->fold_len) {
            *s = d->fold + r.start;
            *len = r.end - r.start;
            return;
        }
    }
    *s = d->quotes.v[i].text ? d->quotes.v[i].text : "";
    *len = strlen(*s);
}

/* Consecutive quotes closer than this (fold bytes) form one unit. */
#define XC_QUOTE_JOIN_GAP 160
/* Stories of up to this many quote units list each pair of units once (a
 * bit per pair: 512 KB at most). */
#define XC_PAIR_BITS_UNITS 2048
/* A word trigram shared by more units than this is too common to pair on. */
#define XC_SHINGLE_BUCKET_MAX 64

/* Speaker keys of every quote of a document, and the words of those with a
 * speaker. */
static void prepare_quotes(rctx *c, xc_claims_prep *p, const xc_doc *d)
{
    size_t n = d->quotes.n;
    /* (qword and speaker_key are written whole below: not cleared first) */
    p->qword = xc_arena_take(&p->arena, (n + 1) * sizeof *p->qword);
    p->speaker_key = xc_arena_take(&p->arena, (n + 1) * sizeof *p->speaker_key);
    p->ell_end = xc_arena_alloc(&p->arena, n + 1);
    if (!p->qword || !p->speaker_key || !p->ell_end) {
        c->oom = true;
        return;
    }
    const char *last_who = NULL, *last_key = NULL; /* the quote before's */
    for (size_t q = 0; q < n; q++) {
        const char *who = d->quotes.v[q].speaker;
        /* a speaker's quotes come in a row: its key is made once for them */
        const char *key;
        if (q && (who == last_who || (who && last_who && !strcmp(who, last_who))))
            key = last_key;
        else {
            key = person_key(c, &p->arena, who);
            if (!key && who && *who) key = fold_key(c, &p->arena, who, strlen(who));
        }
        last_who = who, last_key = key;
        p->speaker_key[q] = key;
    }
    p->speaker_key[n] = NULL;
    /* Room for about one word in six bytes of the quotes that are split
     * (English text): most documents need no second allocation, and one
     * with none to split needs none. */
    size_t bytes = 0;
    for (size_t q = 0; q < d->quote_fold.n && q < n; q++)
        if (p->speaker_key[q]) bytes += d->quote_fold.v[q].end - d->quote_fold.v[q].start;
    if (bytes && xc_vec_reserve(&p->words, bytes / 6 + 4)) c->oom = true;
    for (size_t q = 0; q < n; q++) {
        const char *key = p->speaker_key[q];
        p->qword[q] = p->words.n;
        /* Units pair on their speaker: the words of a quote without one
         * are never compared, so they are not split. */
        if (!key) continue;
        const char *s;
        size_t len;
        quote_text(d, q, &s, &len);
        if (xc_words_split(s, len, &p->arena, &p->words, &p->ell_end[q])) c->oom = true;
    }
    p->qword[n] = p->words.n;
    p->n_quotes = n;
}

static void build_units(rctx *c, qunit_vec *units)
{
    /* a unit per quote at most: room for them at once */
    size_t most = 0;
    for (size_t di = 0; di < c->s->docs.n; di++) most += c->s->preps.v[di]->n_quotes;
    if (most && xc_vec_reserve_exact(units, most)) {
        c->oom = true;
        return;
    }
    for (size_t di = 0; di < c->s->docs.n; di++) {
        const xc_doc *d = c->s->docs.v[di];
        const xc_claims_prep *p = c->s->preps.v[di];
        bool gaps = d->fold && d->quote_fold.n == d->quotes.n;
        for (size_t q = 0; q < d->quotes.n && q < p->n_quotes; q++) {
            const xc_quote *qt = &d->quotes.v[q];
            const char *key = p->speaker_key[q];
            qunit *last = units->n ? &units->v[units->n - 1] : NULL;
            bool join = last && last->doc == di && last->q1 == q && key && last->speaker_key &&
                        !strcmp(key, last->speaker_key) && gaps &&
                        d->quote_fold.v[q].start >= d->quote_fold.v[q - 1].end &&
                        d->quote_fold.v[q].start - d->quote_fold.v[q - 1].end <= XC_QUOTE_JOIN_GAP;
            if (!join) {
                /* (a document with no quote words has no array to point into) */
                const xc_word *w = p->words.v ? p->words.v + p->qword[q] : NULL;
                qunit u = {di,       q, q,     key,   qt->speaker,       {w, 0},
                           p->qword, 0, false, false, c->s->draft.v[di], false};
                if (xc_vec_push(units, u)) {
                    c->oom = true;
                    return;
                }
                last = &units->v[units->n - 1];
            }
            /* the quote's words follow the unit's last ones in the preparation */
            last->words.n += p->qword[q + 1] - p->qword[q];
            last->ell_end = p->ell_end[q];
            last->q1 = q + 1;
        }
    }
}

static void add_words(xc_buf *b, const xc_word *w, const size_t *idx, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) xc_buf_addc(b, ' ');
        xc_buf_adds(b, w[idx[i]].orig);
    }
}

typedef struct {
    bool similar, altered, excerpt, editorial, ellipsis;
    long lcs;                      /* words in common */
    size_t alt_a, alt_b;           /* where the first alteration is, in words of a and b */
    size_t a_lo, a_hi, b_lo, b_hi; /* the words of a and b the match spans (inclusive) */
    xc_buf diff;
} qcompare;

/* Whether the words w[0..n) of unit u (in order) run from the start of one
 * of its quotes to its end (after: the hunk follows the common words), or
 * from its start to the end of one of its quotes (before them). */
static bool quote_edge(const qunit *u, const size_t *w, size_t n, bool after)
{
    if (!n || u->q1 - u->q0 < 2) return false;
    for (size_t k = 1; k < u->q1 - u->q0; k++) {
        size_t first = unit_qword(u, k); /* a later quote's first word */
        if (after ? w[0] == first : w[n - 1] + 1 == first) return true;
    }
    return false;
}

/* ------------------------------------------------ one wording, two spellings */

static bool ends_with(const char *w, size_t n, const char *suf)
{
    size_t k = strlen(suf);
    return n >= k && !memcmp(w + n - k, suf, k);
}

/* Appends the spelling key of one case-folded word: letters and digits
 * only, a contraction spelled out ("i'm" is "iam", "wouldn't" "wouldnot"),
 * and a British spelling in its American form ("neighbourhood",
 * "realised", "centre", "analyse", "catalogue", "defence"). Both sides of a
 * comparison get the same key, so a rule that also changes a word with no
 * other spelling ("promise") does no harm; none makes two different words
 * one ("four" and "for" stay apart). */
static void spelling_key_part(xc_buf *out, const char *w, size_t n);

static void spelling_key_word(xc_buf *out, const char *w, size_t n)
{
    /* "eleventh-hour", "e-mail": each part on its own */
    const char *h;
    while ((h = memchr(w, '-', n)) != NULL) {
        spelling_key_part(out, w, (size_t)(h - w));
        n -= (size_t)(h - w) + 1;
        w = h + 1;
    }
    spelling_key_part(out, w, n);
}

static void spelling_key_part(xc_buf *out, const char *w, size_t n)
{
    if (n == 2 && w[0] == '0' && w[1] == '0') return; /* whole hours: "6:00 p.m." is "6 p.m." */
    if (n > 80) {
        xc_buf_add(out, w, n); /* no word is that long: kept as it is */
        return;
    }
    char t[96];
    size_t k = 0;
    static const struct {
        const char *suffix, *spelled;
    } contractions[] = {{"won't", "willnot"}, {"can't", "cannot"}, {"shan't", "shallnot"},
                        {"n't", "not"},       {"'m", "am"},        {"'re", "are"},
                        {"'ve", "have"},      {"'ll", "will"},     {"'d", "would"}};
    static const char *const is_words[] = {"it's",   "that's", "he's",   "she's",  "there's",
                                           "what's", "who's",  "here's", "where's"};
    const char *tail = "";
    size_t stem = n;
    /* Every contraction and every "is" word has an apostrophe: a word
     * without one (nearly all) is none of them. */
    bool apostrophe = memchr(w, '\'', n) != NULL;
    for (size_t i = 0; apostrophe && i < sizeof contractions / sizeof *contractions; i++) {
        /* typographic apostrophes are folded to "'" */
        if (ends_with(w, n, contractions[i].suffix)) {
            stem = n - strlen(contractions[i].suffix);
            tail = contractions[i].spelled;
            break;
        }
    }
    for (size_t i = 0; apostrophe && !*tail && i < sizeof is_words / sizeof *is_words; i++)
        if (strlen(is_words[i]) == n && !memcmp(w, is_words[i], n)) stem = n - 2, tail = "is";
    for (size_t i = 0; i < stem && k < sizeof t - 16; i++) {
        unsigned char ch = (unsigned char)w[i];
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch >= 0x80) t[k++] = (char)ch;
    }
    /* British to American, on the word before its contraction */
    if (k >= 6) {
        for (size_t i = 1; i + 3 <= k; i++) {
            if (memcmp(t + i, "our", 3)) continue;
            static const char *const after[] = {"",     "s",    "ed",   "ing",  "ite",
                                                "ites", "able", "ably", "hood", "ful",
                                                "less", "er",   "ers",  "ism"};
            for (size_t j = 0; j < sizeof after / sizeof *after; j++) {
                size_t la = strlen(after[j]);
                if (i + 3 + la == k && !memcmp(t + i + 3, after[j], la)) {
                    memmove(t + i + 1, t + i + 2, k - i - 2); /* "our" -> "or" */
                    k--;
                    break;
                }
            }
            break;
        }
        static const char *const is_ends[] = {"ise",      "ised", "ises", "ising", "isation",
                                              "isations", "yse",  "ysed", "yses",  "ysing"};
        for (size_t j = 0; j < sizeof is_ends / sizeof *is_ends; j++) {
            size_t le = strlen(is_ends[j]);
            if (k > le && !memcmp(t + k - le, is_ends[j], le)) {
                t[k - le + 1] = 'z'; /* "realise" -> "realize", "analyse" -> "analyze" */
                break;
            }
        }
    }
    if (k >= 5 && (ends_with(t, k, "tre") || ends_with(t, k, "bre"))) {
        t[k - 2] = 'e', t[k - 1] = 'r'; /* "centre" -> "center" */
    } else if (k >= 6 && (ends_with(t, k, "tres") || ends_with(t, k, "bres"))) {
        t[k - 3] = 'e', t[k - 2] = 'r'; /* "metres" -> "meters" */
    } else if (k >= 6 && ends_with(t, k, "ogue")) {
        k -= 2; /* "catalogue" -> "catalog" */
    } else if (k >= 5 &&
               (ends_with(t, k, "fence") || ends_with(t, k, "cence") || ends_with(t, k, "tence"))) {
        t[k - 2] = 's'; /* "defence" -> "defense" */
    }
    /* a number in words is its digits: "eleventh-hour" and "11th hour" */
    static const char *const spelled[][2] = {
        {"one", "1"},     {"two", "2"},      {"three", "3"},       {"four", "4"},
        {"five", "5"},    {"six", "6"},      {"seven", "7"},       {"eight", "8"},
        {"nine", "9"},    {"ten", "10"},     {"eleven", "11"},     {"twelve", "12"},
        {"first", "1st"}, {"second", "2nd"}, {"third", "3rd"},     {"fourth", "4th"},
        {"fifth", "5th"}, {"sixth", "6th"},  {"seventh", "7th"},   {"eighth", "8th"},
        {"ninth", "9th"}, {"tenth", "10th"}, {"eleventh", "11th"}, {"twelfth", "12th"}};
    /* (they have three to eight letters and begin with one of "efnost") */
    bool maybe_spelled = k >= 3 && k <= 8 && memchr("efnost", t[0], 6);
    for (size_t i = 0; maybe_spelled && i < sizeof spelled / sizeof *spelled; i++)
        if (strlen(spelled[i][0]) == k && !memcmp(t, spelled[i][0], k)) {
            xc_buf_adds(out, spelled[i][1]);
            xc_buf_adds(out, tail);
            return;
        }
    xc_buf_add(out, t, k);
    xc_buf_adds(out, tail);
}

/* Whether words da of a and words ib of b are one wording spelled two ways:
 * joined or hyphenated ("e-mail", "email"; "data centers", "datacenters"),
 * a contraction ("I'm", "I am"), British and American spelling, whole hours
 * ("6:00 p.m.", "6 p.m.": one side may then have no words). */
static bool same_wording(const xc_word *a, const size_t *da, size_t na, const xc_word *b,
                         const size_t *ib, size_t nb)
{
    if (!na && !nb) return false;
    xc_buf x = {0}, y = {0};
    for (size_t i = 0; i < na; i++) spelling_key_word(&x, a[da[i]].w, a[da[i]].len);
    /* A word's key is appended to the keys before it: once b's key so far
     * does not begin a's, the rest of b's words cannot make the two one
     * (most hunks differ from their first word). */
    bool same = true;
    for (size_t i = 0; i < nb && same; i++) {
        spelling_key_word(&y, b[ib[i]].w, b[ib[i]].len);
        same = y.len <= x.len && (!y.len || !memcmp(x.s, y.s, y.len));
    }
    same = same && x.len == y.len;
    xc_buf_free(&x);
    xc_buf_free(&y);
    return same;
}

/* Compares unit a (the source) with unit b. */
static void compare_units(rctx *c, const qunit *a, const qunit *b, qcompare *r)
{
    *r = (qcompare){0};
    r->alt_a = r->alt_b = SIZE_MAX;
    r->a_lo = r->b_lo = 0;
    r->a_hi = r->b_hi = SIZE_MAX;
    xc_diff_ops ops = {0};
    long lcs = xc_word_diff(a->words.v, a->words.n, b->words.v, b->words.n, 1u << 20, &ops);
    if (lcs == -1) c->oom = true;
    r->lcs = lcs;
    size_t shorter = a->plain < b->plain ? a->plain : b->plain;
    if (lcs < 3 || ((size_t)lcs < 4 && (size_t)lcs < shorter)) goto done;
    size_t first_eq = ops.n, last_eq = 0;
    for (size_t i = 0; i < ops.n; i++)
        if (ops.v[i].op == XC_OP_EQUAL) {
            if (first_eq == ops.n) first_eq = i;
            last_eq = i;
        }
    /* One quote, when the common words are at least half of the stretch they
     * span on both sides: an excerpt or a longer run of quotes still counts, two
     * quotes that share a few words do not. */
    size_t span_a = ops.v[last_eq].a - ops.v[first_eq].a + 1;
    size_t span_b = ops.v[last_eq].b - ops.v[first_eq].b + 1;
    size_t span = span_a > span_b ? span_a : span_b;
    if ((size_t)lcs * 2 < span) goto done;
    /* ... and they share nearly all of the shorter, or four words in a row
     * (the longest common run, another pass over both, asked only then). */
    if ((size_t)lcs * 5 < shorter * 4 &&
        !xc_word_common_run_reaches(a->words.v, a->words.n, b->words.v, b->words.n, 4))
        goto done;
    r->similar = true;
    r->a_lo = ops.v[first_eq].a, r->a_hi = ops.v[last_eq].a;
    r->b_lo = ops.v[first_eq].b, r->b_hi = ops.v[last_eq].b;
    XC_VEC(size_t) dels = {0}, ins = {0};
    for (size_t h0 = 0, h1; h0 < ops.n; h0 = h1) {
        if (ops.v[h0].op == XC_OP_EQUAL) {
            h1 = h0 + 1;
            continue;
        }
        h1 = h0;
        dels.n = ins.n = 0;
        bool dels_br = true, ins_br = true;
        while (h1 < ops.n && ops.v[h1].op != XC_OP_EQUAL) {
            const xc_diff_op *op = &ops.v[h1++];
            if (op->op == XC_OP_DELETE) {
                if (xc_vec_push(&dels, op->a)) c->oom = true;
                dels_br = dels_br && a->words.v[op->a].bracket;
            } else {
                if (xc_vec_push(&ins, op->b)) c->oom = true;
                ins_br = ins_br && b->words.v[op->b].bracket;
            }
        }
        bool edge = h1 <= first_eq || h0 > last_eq;
        if (edge && (!dels.n || !ins.n)) {
            r->excerpt = true; /* one quotes less of the other's words */
            continue;
        }
        /* Before the first common word or after the last, a whole other quote
         * of one unit ("... bosom," and then "I hear she's on her way") is
         * where the two go on differently, not an alteration. */
        if (edge && (quote_edge(a, dels.v, dels.n, h0 > last_eq) ||
                     quote_edge(b, ins.v, ins.n, h0 > last_eq))) {
            r->excerpt = true;
            continue;
        }
        /* "e-mail" for "email", "I am" for "I'm", "realized" for "realised" */
        if (same_wording(a->words.v, dels.v, dels.n, b->words.v, ins.v, ins.n)) continue;
        size_t ia = h1 < ops.n ? ops.v[h1].a : a->words.n;
        size_t jb = h1 < ops.n ? ops.v[h1].b : b->words.n;
        bool b_ell = jb < b->words.n ? b->words.v[jb].ellipsis_before : b->ell_end;
        bool a_ell = ia < a->words.n ? a->words.v[ia].ellipsis_before : a->ell_end;
        size_t dels_plain = 0, ins_plain = 0;
        for (size_t k = 0; k < dels.n; k++) dels_plain += !a->words.v[dels.v[k]].bracket;
        for (size_t k = 0; k < ins.n; k++) ins_plain += !b->words.v[ins.v[k]].bracket;
        /* An editor's words in brackets stand in for a few of the speaker's:
         * "[North Korea] is" for "it's". */
        bool bracketed = dels_plain < dels.n || ins_plain < ins.n;
        if ((ins.n && ins_br) || (dels.n && dels_br) ||
            (bracketed && dels_plain <= 2 && ins_plain <= 2))
            r->editorial = true;
        else if ((!ins.n && b_ell) || (!dels.n && a_ell))
            r->ellipsis = true;
        else if (!r->altered) {
            r->altered = true;
            r->alt_a = ops.v[h0].a;
            r->alt_b = ops.v[h0].b;
        }
        if (r->diff.len) xc_buf_addc(&r->diff, ' ');
        if (dels.n) {
            xc_buf_adds(&r->diff, "[-");
            add_words(&r->diff, a->words.v, dels.v, dels.n);
            xc_buf_adds(&r->diff, "-]");
        }
        if (dels.n && ins.n) xc_buf_addc(&r->diff, ' ');
        if (ins.n) {
            xc_buf_adds(&r->diff, "{+");
            add_words(&r->diff, b->words.v, ins.v, ins.n);
            xc_buf_adds(&r->diff, "+}");
        }
    }
    xc_vec_free(&dels);
    xc_vec_free(&ins);
done:
    xc_vec_free(&ops);
}

/* The unit's quotes that hold any of its words lo..hi (inclusive), the one
 * holding word `pos` first (it places the finding). A unit is a run of one
 * speaker's quotes; the ones the match does not reach are not its claims. */
static void push_unit_claims(rctx *c, claim_vec *claims, const qunit *u, size_t pos, size_t lo,
                             size_t hi)
{
    size_t first = 0;
    size_t nq = u->q1 - u->q0;
    for (size_t k = 0; k < nq; k++)
        if (unit_qword(u, k) <= pos) first = k;
    const xc_doc *d = c->s->docs.v[u->doc];
    if (xc_vec_push(claims, make_claim(XC_CLAIM_QUOTE, d, u->q0 + first))) c->oom = true;
    for (size_t q = u->q0; q < u->q1; q++) {
        size_t k = q - u->q0;
        size_t w0 = unit_qword(u, k);
        size_t w1 = k + 1 < nq ? unit_qword(u, k + 1) : SIZE_MAX; /* exclusive */
        bool reached = w0 <= hi && (w1 == SIZE_MAX || w1 > lo);
        if (q != u->q0 + first && reached && xc_vec_push(claims, make_claim(XC_CLAIM_QUOTE, d, q)))
            c->oom = true;
    }
}

static bool is_pronoun(const char *w, size_t len)
{
    static const char *const pronouns[] = {"he", "she", "they", "him", "her",  "his",
                                           "it", "we",  "i",    "you", "them", "us"};
    for (size_t i = 0; i < sizeof pronouns / sizeof *pronouns; i++)
        if (strlen(pronouns[i]) == len && xc_ieq(w, len, pronouns[i])) return true;
    return false;
}

/* True when two speakers' names share a word, or one is only a pronoun: they
 * may be one person, so a quote given to both is not misattributed. */
static bool speakers_may_match(const char *x, const char *y)
{
    for (const char *p = x; *p;) {
        while (*p == ' ') p++;
        size_t l = strcspn(p, " ");
        if (!l) break;
        if (is_pronoun(p, l)) return true;
        for (const char *q = y; *q;) {
            while (*q == ' ') q++;
            size_t m = strcspn(q, " ");
            if (!m) break;
            if ((m == l && !strncmp(p, q, l)) || is_pronoun(q, m)) return true;
            q += m;
        }
        p += l;
    }
    return false;
}

/* Whether a capitalized word of name (three letters or more) is written in
 * the paragraphs of unit u's quotes: "said Zadan and Meron", "Greek prime
 * minister George Papandreou condemned the killings, saying": the paragraph
 * names the other speaker too, so which of them spoke is not settled. */
static bool named_in_paragraph(const rctx *c, const qunit *u, const char *name)
{
    const xc_doc *d = c->s->docs.v[u->doc];
    if (!d->fold || !d->paras.n || u->q1 == 0 || u->q1 > d->quote_fold.n) return false;
    size_t from = d->paras.v[xc_doc_para_at(d, d->quote_fold.v[u->q0].start)].start;
    size_t to = d->paras.v[xc_doc_para_at(d, d->quote_fold.v[u->q1 - 1].start)].end;
    if (to > d->fold_len || from >= to) return false;
    for (const char *w = name; *w;) {
        while (*w == ' ') w++;
        size_t n = strcspn(w, " ");
        if (n >= 3 && n <= 64 && w[0] >= 'A' && w[0] <= 'Z') {
            char word[65];
            memcpy(word, w, n);
            word[n] = '\0';
            /* The places whose byte is the word's first letter in either
             * case, eight bytes at a time (a byte equal to it once 0x20 is
             * set is a zero byte of x ^ pat; no carry crosses bytes), each
             * then read as before. */
            const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
            const unsigned char first = (unsigned char)(word[0] | 0x20);
            const uint64_t pat = ones * first;
            for (size_t p = from; p + n <= to; p++) {
                if (p + 8 <= to) {
                    uint64_t y = (xc_load_le64(d->fold + p) | 0x20 * ones) ^ pat;
                    uint64_t m = ~(((y & ~high) + ~high) | y) & high;
                    if (!m) {
                        p += 7; /* (and one more below) */
                        continue;
                    }
                    p += (size_t)__builtin_ctzll(m) >> 3;
                    if (p + n > to) break;
                } else if (((unsigned char)d->fold[p] | 0x20) != first)
                    continue;
                if (xc_ieq_ascii(d->fold + p, n, word) && (p == 0 || !letter_at(d->fold, p - 1)) &&
                    (p + n >= d->fold_len || !letter_at(d->fold, p + n)))
                    return true;
            }
        }
        w += n;
    }
    return false;
}

/* Whether the speaker of unit u is written as a pronoun ("he said"): the
 * name is crosscheck's reading of who "he" is, not the outlet's words. */
static bool pronoun_speaker(const rctx *c, const qunit *u)
{
    const xc_doc *d = c->s->docs.v[u->doc];
    const char *t = u->q0 < d->quotes.n ? d->quotes.v[u->q0].speaker_text : NULL;
    return t && is_pronoun(t, strlen(t));
}

/* The same words given to two different speakers. Not when either outlet
 * names its speaker only by a pronoun, or when a paragraph of one names the
 * other's speaker too ("said Zadan and Meron"). */
static void misattributed(rctx *c, const qunit *a, const qunit *b, bool with_draft)
{
    if (!a->speaker || !b->speaker || speakers_may_match(a->speaker, b->speaker)) return;
    /* The words in common are at most the words of the shorter unit: when
     * those are too few for the test below, the units are not compared. */
    size_t longer = a->plain > b->plain ? a->plain : b->plain;
    size_t most = a->words.n < b->words.n ? a->words.n : b->words.n;
    if (most < 6 || most * 10 < longer * 9) return;
    if (pronoun_speaker(c, a) || pronoun_speaker(c, b)) return;
    if (named_in_paragraph(c, a, b->speaker) || named_in_paragraph(c, b, a->speaker)) return;
    qcompare r;
    compare_units(c, a, b, &r);
    if (r.similar && !r.altered && r.lcs >= 6 && (size_t)r.lcs * 10 >= longer * 9) {
        claim_vec claims = {0};
        xc_buf msg = {0}, diff = {0};
        const qunit *first = with_draft ? b : a, *second = with_draft ? a : b;
        push_unit_claims(c, &claims, first, 0, first == a ? r.a_lo : r.b_lo,
                         first == a ? r.a_hi : r.b_hi);
        push_unit_claims(c, &claims, second, 0, second == a ? r.a_lo : r.b_lo,
                         second == a ? r.a_hi : r.b_hi);
        xc_buf_printf(&msg, "the same quote is given to %s in %s and to %s in %s", first->speaker,
                      outlet(c->s->docs.v[first->doc]), second->speaker,
                      outlet(c->s->docs.v[second->doc]));
        xc_buf_printf(&diff, "[-%s-] {+%s+}", a->speaker, b->speaker);
        if (!msg.s || !diff.s) c->oom = true;
        emit(c, "quote-misattributed", with_draft ? XC_ERROR : XC_WARNING, NULL, &msg, &diff,
             &claims);
        xc_buf_free(&msg);
        xc_buf_free(&diff);
        xc_vec_free(&claims);
    }
    xc_buf_free(&r.diff);
}

/* A draft's quote altered from a source's, gathered so that every source
 * with the same difference lands in one finding. */
typedef struct {
    size_t draft, source; /* units */
    char *diff;
    size_t alt_b;
    size_t a_lo, a_hi, b_lo, b_hi; /* matched words of the source and the draft */
    bool excerpt, editorial, ellipsis;
} draft_alt;

typedef XC_VEC(draft_alt) alt_vec;

static int cmp_alt(const void *pa, const void *pb)
{
    const draft_alt *a = pa, *b = pb;
    if (a->draft != b->draft) return a->draft < b->draft ? -1 : 1;
    int r = strcmp(a->diff, b->diff);
    if (!r) r = a->source < b->source ? -1 : a->source > b->source;
    return r;
}

static void add_notes(xc_buf *msg, bool excerpt, bool editorial, bool ellipsis)
{
    if (excerpt) xc_buf_adds(msg, "; one is an excerpt of the other");
    if (editorial) xc_buf_adds(msg, "; bracketed insertions are not alterations");
    if (ellipsis) xc_buf_adds(msg, "; words left out at an ellipsis are not alterations");
}

/* Counts the words of u not in brackets, once: only the units that share
 * words with another are compared, and need the count. */
static void count_plain(qunit *u)
{
    if (u->counted) return;
    size_t n = 0;
    for (size_t k = 0; k < u->words.n; k++) n += !u->words.v[k].bracket;
    u->plain = n;
    u->counted = true;
}

static void quote_pair(rctx *c, qunit *units, size_t ui, size_t vi, alt_vec *alts)
{
    qunit *a = &units[ui], *b = &units[vi];
    if (a->draft && b->draft) return;
    count_plain(a);
    count_plain(b);
    if (a->draft) {
        qunit *t = a;
        a = b;
        b = t;
    }
    bool with_draft = b->draft;
    if (!with_draft && c->s->n_drafts && !c->opts.include_source_conflicts) return;
    if (strcmp(a->speaker_key, b->speaker_key)) {
        misattributed(c, a, b, with_draft);
        return;
    }
    qcompare r;
    compare_units(c, a, b, &r);
    if (r.similar && with_draft) b->matched = true;
    if (r.altered && with_draft) {
        draft_alt al = {.draft = (size_t)(b - units),
                        .source = (size_t)(a - units),
                        .diff = r.diff.s,
                        .alt_b = r.alt_b,
                        .a_lo = r.a_lo,
                        .a_hi = r.a_hi,
                        .b_lo = r.b_lo,
                        .b_hi = r.b_hi,
                        .excerpt = r.excerpt,
                        .editorial = r.editorial,
                        .ellipsis = r.ellipsis};
        if (!al.diff || xc_vec_push(alts, al)) {
            c->oom = true;
            xc_buf_free(&r.diff);
        }
        return;
    }
    if (r.altered) {
        claim_vec claims = {0};
        xc_buf msg = {0};
        push_unit_claims(c, &claims, a, r.alt_a, r.a_lo, r.a_hi);
        push_unit_claims(c, &claims, b, r.alt_b, r.b_lo, r.b_hi);
        xc_buf_printf(&msg, "quote by %s differs between %s and %s", a->speaker,
                      outlet(c->s->docs.v[a->doc]), outlet(c->s->docs.v[b->doc]));
        add_notes(&msg, r.excerpt, r.editorial, r.ellipsis);
        if (!msg.s || !r.diff.s) c->oom = true;
        emit(c, "quote-altered", XC_WARNING, NULL, &msg, &r.diff, &claims);
        xc_buf_free(&msg);
        xc_vec_free(&claims);
    }
    xc_buf_free(&r.diff);
}

/* One finding per draft quote and difference, naming every source that has it. */
static void draft_alterations(rctx *c, const qunit *units, alt_vec *alts)
{
    if (alts->n) qsort(alts->v, alts->n, sizeof *alts->v, cmp_alt);
    for (size_t i = 0, j; i < alts->n; i = j) {
        const draft_alt *al = &alts->v[i];
        const qunit *d = &units[al->draft];
        claim_vec claims = {0};
        xc_buf msg = {0};
        bool excerpt = false, editorial = false, ellipsis = false;
        push_unit_claims(c, &claims, d, al->alt_b, al->b_lo, al->b_hi);
        size_t first_source = claims.n;
        for (j = i;
             j < alts->n && alts->v[j].draft == al->draft && !strcmp(alts->v[j].diff, al->diff);
             j++) {
            push_unit_claims(c, &claims, &units[alts->v[j].source], 0, alts->v[j].a_lo,
                             alts->v[j].a_hi);
            excerpt = excerpt || alts->v[j].excerpt;
            editorial = editorial || alts->v[j].editorial;
            ellipsis = ellipsis || alts->v[j].ellipsis;
        }
        xc_buf_printf(&msg, "quote by %s in %s differs from ", d->speaker,
                      outlet(c->s->docs.v[d->doc]));
        if (claims.v) add_outlets(&msg, claims.v, first_source, claims.n);
        add_notes(&msg, excerpt, editorial, ellipsis);
        xc_buf diff = {0};
        if (xc_buf_adds(&diff, al->diff) || !msg.s) c->oom = true;
        emit(c, "quote-altered", XC_ERROR, NULL, &msg, &diff, &claims);
        xc_buf_free(&msg);
        xc_buf_free(&diff);
        xc_vec_free(&claims);
    }
    for (size_t i = 0; i < alts->n; i++) free(alts->v[i].diff);
    xc_vec_free(alts);
}

/* " w1 w2 ... " of a source's whole text, for finding a draft's quote in it. */
static char *source_words(rctx *c, xc_arena *tmp, const xc_doc *d)
{
    xc_words w = {0};
    xc_buf b = {0};
    const char *s = d->fold ? d->fold : (d->text ? d->text : "");
    size_t len = d->fold ? d->fold_len : d->text_len;
    if (xc_words_split(s, len, tmp, &w, NULL)) c->oom = true;
    xc_buf_addc(&b, ' ');
    for (size_t i = 0; i < w.n; i++) {
        xc_buf_adds(&b, w.v[i].w);
        xc_buf_addc(&b, ' ');
    }
    xc_vec_free(&w);
    char *out = b.s ? xc_arena_strdup(tmp, b.s) : NULL;
    xc_buf_free(&b);
    if (!out) c->oom = true;
    return out;
}

/* True when every run of the quote's words (split at brackets and ellipses)
 * stands, word for word, in some source. */
static bool quote_in_sources(rctx *c, xc_arena *tmp, const xc_doc *d, size_t q, char **srcw,
                             size_t nsrc)
{
    const char *s;
    size_t len;
    quote_text(d, q, &s, &len);
    xc_words w = {0};
    if (xc_words_split(s, len, tmp, &w, NULL)) c->oom = true;
    bool all = true;
    size_t plain = 0;
    xc_buf piece = {0}; /* " w1 w2 ... " */
    for (size_t i = 0; i <= w.n && all; i++) {
        bool cut = i == w.n || w.v[i].bracket || w.v[i].ellipsis_before;
        if (cut && piece.len) {
            bool found = false;
            for (size_t k = 0; k < nsrc && !found; k++)
                found = srcw[k] && piece.s && strstr(srcw[k], piece.s);
            all = found;
            piece.len = 0;
        }
        if (i == w.n || w.v[i].bracket) continue;
        if (!piece.len) xc_buf_addc(&piece, ' ');
        xc_buf_adds(&piece, w.v[i].w);
        xc_buf_addc(&piece, ' ');
        plain++;
    }
    xc_buf_free(&piece);
    xc_vec_free(&w);
    return all || plain == 0;
}

static void reconcile_quotes(rctx *c)
{
    xc_arena tmp;
    xc_arena_init(&tmp);
    qunit_vec units = {0};
    XC_VEC(shingle) sh = {0};
    XC_VEC(upair) pairs = {0};
    alt_vec alts = {0};
    char **srcw = NULL;
    build_units(c, &units);
    size_t all_words = 0; /* the most shingles there can be */
    for (size_t u = 0; u < units.n; u++) all_words += units.v[u].words.n;
    /* (a unit has fewer shingles than words: they fit in the room reserved) */
    if (xc_vec_reserve(&sh, all_words)) c->oom = true;
    /* (counted in a local: a store into sh.v could be one into sh.n, for
     * all the compiler knows) */
    size_t n_sh = 0;
    for (size_t u = 0; u < units.n && !c->oom; u++) {
        const qunit *q = &units.v[u];
        if (!q->speaker_key) continue;
        const xc_word *w = q->words.v;
        uint64_t h1 = 0, h2 = 0;
        size_t seen = 0;
        for (size_t k = 0, nw = q->words.n; k < nw; k++) {
            if (w[k].bracket) continue;
            uint64_t h0 = w[k].h;
            if (++seen >= 3) sh.v[n_sh++] = (shingle){h0 ^ (h1 * 31) ^ (h2 * 961), u};
            h2 = h1;
            h1 = h0;
        }
    }
    sh.n = n_sh;
    /* Units that share a trigram are compared: the shingles grouped by hash
     * (each group in the order of its units) give the pairs. */
    shingle_run *runs_v = sh.n ? malloc(sh.n * sizeof *runs_v) : NULL;
    uint32_t *next = sh.n ? malloc(sh.n * sizeof *next) : NULL;
    size_t runs = runs_v && next ? group_shingles(sh.v, sh.n, runs_v, next) : 0;
    if (sh.n && (!runs_v || !next || runs == SIZE_MAX)) {
        c->oom = true;
        runs = 0;
    }
    /* Two units that quote one text share each of its trigrams: a bit per
     * pair of units keeps the pair from being listed again for each (the
     * sort below would only drop it). Not for a story of thousands of
     * units, whose bits would take megabytes: the sort drops them there. */
    size_t nu = units.n;
    uint64_t *listed = nu && nu <= XC_PAIR_BITS_UNITS ? calloc((nu * nu + 63) / 64, 8) : NULL;
    for (size_t g = 0; g < runs; g++) {
        size_t count = runs_v[g].count;
        if (count < 2 || count > XC_SHINGLE_BUCKET_MAX) continue;
        /* the run's units, in the order of their shingles (the list runs
         * from the last) */
        size_t ru[XC_SHINGLE_BUCKET_MAX], k = count;
        for (uint32_t i = runs_v[g].head; i != UINT32_MAX; i = next[i]) ru[--k] = sh.v[i].u;
        for (size_t x = 0; x < count; x++)
            for (size_t y = x + 1; y < count; y++) {
                const qunit *a = &units.v[ru[x]], *b = &units.v[ru[y]];
                if (a == b || a->doc == b->doc) continue;
                if (listed) {
                    size_t bit = ru[x] * nu + ru[y];
                    if (listed[bit / 64] >> (bit % 64) & 1) continue;
                    listed[bit / 64] |= UINT64_C(1) << (bit % 64);
                }
                upair p = {ru[x], ru[y]};
                if (xc_vec_push(&pairs, p)) c->oom = true;
            }
    }
    free(listed);
    free(runs_v);
    free(next);
    if (xc_pairs_sort(pairs.v, pairs.n, units.n)) c->oom = true;
    for (size_t i = 0; i < pairs.n; i++) {
        if (i && !cmp_upair(&pairs.v[i], &pairs.v[i - 1])) continue;
        quote_pair(c, units.v, pairs.v[i].u, pairs.v[i].v, &alts);
    }
    draft_alterations(c, units.v, &alts);
    if (c->s->n_drafts) {
        size_t nsrc = 0;
        srcw = calloc(c->s->docs.n + 1, sizeof *srcw);
        if (!srcw) {
            c->oom = true;
            goto done;
        }
        for (size_t di = 0; di < c->s->docs.n; di++)
            if (!c->s->draft.v[di] && c->s->docs.v[di]->status == XC_DOC_OK)
                srcw[nsrc++] = source_words(c, &tmp, c->s->docs.v[di]);
        for (size_t u = 0; u < units.n; u++) {
            const qunit *q = &units.v[u];
            if (!q->draft || q->matched) continue;
            const xc_doc *d = c->s->docs.v[q->doc];
            for (size_t k = q->q0; k < q->q1; k++) {
                if (quote_in_sources(c, &tmp, d, k, srcw, nsrc)) continue;
                claim_vec claims = {0};
                xc_buf msg = {0};
                if (xc_vec_push(&claims, make_claim(XC_CLAIM_QUOTE, d, k))) c->oom = true;
                const char *who = d->quotes.v[k].speaker;
                xc_buf_printf(&msg, "quote%s%s in %s is found in no source", who ? " by " : "",
                              who ? who : "", outlet(d));
                emit(c, "quote-unsourced", XC_ERROR, NULL, &msg, NULL, &claims);
                xc_buf_free(&msg);
            }
        }
    }
done:
    free(srcw);
    xc_vec_free(&units);
    xc_vec_free(&sh);
    xc_vec_free(&pairs);
    xc_arena_free(&tmp);
}

/* ------------------------------------------------------------------ names */

/* One spelling of a name's word ("mangyondgae"), with the names it stands in. */
typedef struct {
    const char *word;
    size_t e0, e1; /* its entries (of the first name of each key) */
    size_t count;  /* the words of names it is, the names that repeat a key too */
    bool in_draft, in_source;
    uint32_t first; /* bytes of its first character (first_char) */
} word_rec;

typedef struct {
    size_t occ; /* index of the name it stands in */
    size_t pos; /* which word of that name */
} word_entry;

/* A story's names: each document's preparation's, in document order, read
 * where they are: name i is v[i], of document doc[i] (32 bits: no story
 * holds four billion documents, and one that did is taken for out of
 * memory). */
typedef struct {
    const name_occ **v;
    uint32_t *doc;
    size_t n;
} name_list;

/* The names' words as index_name_words finds them. A story names the same
 * people and places again and again: a name that repeats an earlier one's
 * key and claim kind has the same words and neighbours, so only the first
 * name of each key has its words indexed, and the names that repeat it are
 * chained to it (next_name) for the rare spelling a finding shows. */
typedef struct {
    const name_list *occ;
    const word_entry *ent;
    const word_rec *words;
    const size_t *next_name; /* per name: the next one of its key and kind, or SIZE_MAX */
} name_index;

/* Two words of names are compared when they fall in one bucket: the same
 * side (SIDE_LEFT: the word before them, SIDE_RIGHT: the word after them,
 * SIDE_ALONE: a one-word person name), the same neighbouring word, and the
 * same first character. (Sides sort in this order.) */
enum { SIDE_ALONE, SIDE_LEFT, SIDE_RIGHT };
typedef struct {
    unsigned char side;
    uint32_t first; /* bytes of the word's first character, big-endian, zero-padded */
    size_t ctx;     /* the neighbouring word (index in the words; 0 for SIDE_ALONE) */
    size_t word;
} name_slot;

static int cmp_occ(const void *pa, const void *pb)
{
    /* (names of one document: by place, then kind and key) */
    const name_occ *a = pa, *b = pb;
    int r =
        a->claim.span.start < b->claim.span.start ? -1 : a->claim.span.start > b->claim.span.start;
    if (!r) r = (int)a->claim.kind - (int)b->claim.kind;
    if (!r) r = strcmp(a->key, b->key);
    return r;
}

/* Buckets in order (side, neighbouring word, first character), and a
 * bucket's slots by word. */
static int cmp_slot(const void *pa, const void *pb)
{
    const name_slot *a = pa, *b = pb;
    if (a->side != b->side) return a->side < b->side ? -1 : 1;
    if (a->ctx != b->ctx) return a->ctx < b->ctx ? -1 : 1;
    if (a->first != b->first) return a->first < b->first ? -1 : 1;
    return a->word < b->word ? -1 : a->word > b->word;
}

static bool same_bucket(const name_slot *a, const name_slot *b)
{
    return a->side == b->side && a->ctx == b->ctx && a->first == b->first;
}

/* Longest ASCII text whose key ascii_name_key builds on the stack. */
#define XC_NAME_KEY_STACK 128

static inline bool ascii_word_byte(unsigned char b)
{
    return (unsigned)((b | 0x20) - 'a') < 26u || (unsigned)(b - '0') < 10u;
}

/* name_key of ASCII text in one pass over its bytes: the words xc_word_next
 * finds (letters and digits; an apostrophe or hyphen between two of them,
 * a comma or period between two digits, stays inside), lower-cased, into
 * out (room for len bytes). Returns the key's length and sets *words; 0
 * with *words 0 when a byte is not ASCII; SIZE_MAX past eight words. */
static size_t ascii_name_key(const char *s, size_t len, char *out, size_t *words)
{
    size_t k = 0, n = 0;
    *words = 0;
    for (size_t i = 0; i < len;) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x80) return 0;
        if (!ascii_word_byte(ch)) {
            i++;
            continue;
        }
        if (++n > 8) return SIZE_MAX;
        if (n > 1) out[k++] = ' ';
        size_t at = k;
        for (; i < len; i++) {
            unsigned char x = (unsigned char)s[i];
            if (ascii_word_byte(x)) {
                out[k++] = (char)(x >= 'A' && x <= 'Z' ? x + ('a' - 'A') : x);
                continue;
            }
            if (x >= 0x80) return 0;
            unsigned char next = i + 1 < len ? (unsigned char)s[i + 1] : 0;
            bool digits = (unsigned)(s[i - 1] - '0') < 10u && (unsigned)(next - '0') < 10u;
            if (ascii_word_byte(next) &&
                (x == '\'' || x == '-' || ((x == ',' || x == '.') && digits))) {
                out[k++] = (char)x;
                continue;
            }
            break;
        }
        if (k - at > 2 && out[k - 2] == '\'' && out[k - 1] == 's') k -= 2;
    }
    *words = n;
    return k;
}

/* Words of a name: case-folded, a possessive "'s" left out, separated by
 * single spaces; NULL when it has fewer than min_words words or more than
 * eight. ASCII text, nearly every name in English news, is read in one
 * pass; other text goes through xc_word_next and xc_word_fold. */
/* Copies s[0..len), a text of ASCII letters, spaces, hyphens and
 * apostrophes only, to k in lower case: setting 0x20 in every byte
 * lower-cases a letter and leaves ' ', '-' and '\'' as they are, so eight
 * bytes go at a time. Setting a bit twice changes nothing, so the last
 * eight bytes (or four, of a shorter text) are done in one more step that
 * may overlap the ones before, instead of one by one; no byte past either
 * text is read or written. */
static void lower_name_bytes(char *k, const char *s, size_t len)
{
    if (len >= 8) {
        for (size_t i = 0; i + 8 <= len; i += 8) {
            uint64_t x;
            memcpy(&x, s + i, 8);
            x |= 0x2020202020202020u;
            memcpy(k + i, &x, 8);
        }
        if (len % 8) {
            uint64_t x;
            memcpy(&x, s + len - 8, 8);
            x |= 0x2020202020202020u;
            memcpy(k + len - 8, &x, 8);
        }
    } else if (len >= 4) {
        uint32_t x, y;
        memcpy(&x, s, 4);
        memcpy(&y, s + len - 4, 4);
        x |= 0x20202020u;
        y |= 0x20202020u;
        memcpy(k, &x, 4);
        memcpy(k + len - 4, &y, 4);
    } else
        for (size_t i = 0; i < len; i++) k[i] = (char)(s[i] | 0x20);
}

/* Letters and spaces of x, eight bytes of text: the high bit of each byte
 * that is an ASCII letter (*letters) or a space (*spaces), exactly (no
 * carry crosses bytes: a byte's low seven bits plus 0x7F stay below 0x100). */
static inline void letters_spaces(uint64_t x, uint64_t *letters, uint64_t *spaces)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    uint64_t lo = (x | 0x20 * ones) & ~high;
    *letters = (lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high;
    uint64_t y = x ^ 0x20 * ones; /* a space is a zero byte of y */
    *spaces = ~(((y & ~high) + ~high) | y) & high;
}

/* The number of words of s[0..len) when it is ASCII letters in words of one
 * space ("Jen Loong", most names people are called by), else 0. Eight bytes
 * at a time, the last eight of a text of eight or more once more where they
 * overlap the chunk before (a chunk's spaces counted only past it). */
static size_t plain_name_words(const char *s, size_t len)
{
    if (!len || s[0] == ' ' || s[len - 1] == ' ') return 0;
    size_t words = 1;
    if (len < 8) {
        for (size_t i = 0; i < len; i++) {
            unsigned char b = (unsigned char)s[i];
            if (b == ' ') {
                if (s[i - 1] == ' ') return 0; /* (s[0] is no space) */
                words++;
            } else if ((unsigned)((b | 0x20) - 'a') >= 26u)
                return 0;
        }
        return words;
    }
    const uint64_t high = 0x8080808080808080u;
    uint64_t before = 0; /* the high bit of the byte before the chunk, when a space */
    for (size_t i = 0;; i += 8) {
        size_t at = i + 8 <= len ? i : len - 8;
        uint64_t letters, spaces;
        letters_spaces(xc_load_le64(s + at), &letters, &spaces);
        /* (a chunk that overlaps the one before has that one's last byte
         * inside: the test inside the chunk covers it) */
        if ((letters | spaces) != high || spaces & (spaces << 8 | (at == i ? before : 0))) return 0;
        for (uint64_t m = spaces >> 8 * (i - at); m; m &= m - 1) words++;
        if (at + 8 == len) return words;
        before = spaces >> 56;
    }
}

/* Room in tmp for a key of kl bytes, NUL-terminated, its length in *klen;
 * NULL (and c->oom set) when there is none. */
static inline char *key_room(rctx *c, xc_arena *tmp, size_t kl, size_t *klen)
{
    char *k = cut_take(c, tmp, kl + 1);
    if (!k) {
        c->oom = true;
        return NULL;
    }
    k[kl] = '\0';
    *klen = kl;
    return k;
}

/* The key of the name s[0..len), of min_words words or more, or NULL; its
 * length in *klen. */
static char *name_key(rctx *c, xc_arena *tmp, const char *s, size_t len, size_t min_words,
                      size_t *klen)
{
    /* Such a name's words are its letters, with no possessive (no
     * apostrophe) and one space between two: its key is its lower case,
     * made on the copy. */
    size_t pw = plain_name_words(s, len);
    if (pw) {
        if (pw > 8 || pw < min_words) return NULL;
        char *k = key_room(c, tmp, len, klen);
        if (k) lower_name_bytes(k, s, len);
        return k;
    }
    if (len <= XC_NAME_KEY_STACK) {
        char key[XC_NAME_KEY_STACK];
        size_t n, kl = ascii_name_key(s, len, key, &n);
        if (kl == SIZE_MAX) return NULL;
        if (n) {
            if (n < min_words) return NULL;
            char *k = key_room(c, tmp, kl, klen);
            if (k) memcpy(k, key, kl);
            return k;
        }
        /* no word, or a byte that is not ASCII: the general path decides */
    }
    /* Built in c->scratch, copied into tmp only when kept. */
    xc_buf *b = &c->scratch;
    b->len = 0;
    xc_word_iter it = {s, len, 0, false, false, false};
    size_t n = 0, ws, we;
    while (xc_word_next(&it, &ws, &we)) {
        if (++n > 8) return NULL;
        if (n > 1 && xc_buf_addc(b, ' ')) {
            c->oom = true;
            return NULL;
        }
        size_t at = b->len;
        if (xc_word_fold(s + ws, we - ws, b)) {
            c->oom = true;
            return NULL;
        }
        if (b->len - at > 2 && b->s[b->len - 2] == '\'' && b->s[b->len - 1] == 's') b->len -= 2;
    }
    if (n < min_words || !b->s) return NULL;
    char *k = xc_arena_strndup(tmp, b->s, b->len);
    if (!k) c->oom = true;
    *klen = b->len;
    return k;
}

static bool is_upper_cp(int32_t cp)
{
    if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
    utf8proc_category_t cat = utf8proc_category(cp);
    return cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LT;
}

static bool is_letter_cp(int32_t cp)
{
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    utf8proc_category_t cat = utf8proc_category(cp);
    return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_MC;
}

static void add_name(rctx *c, xc_arena *tmp, occ_vec *occ, const char *s, size_t len,
                     xc_claim claim, size_t min_words)
{
    size_t kl;
    char *key = name_key(c, tmp, s, len, min_words, &kl);
    if (!key) return;
    name_occ o = {key, key_len_of(kl), claim, 0, 0};
    if (xc_vec_push(occ, o)) c->oom = true;
}

/* One code point of s at i; ASCII without a call. */
static inline size_t decode_cp(const char *s, size_t len, size_t i, int32_t *cp)
{
    if ((unsigned char)s[i] < 0x80) {
        *cp = (unsigned char)s[i];
        return 1;
    }
    return xc_utf8_decode(s, len, i, cp);
}

/* 0x80 in each byte of x that is past ASCII or in 0x40..0x5F (the capitals
 * A to Z and "@[\\]^_"), 0 elsewhere: bit 7 set, or bit 6 set with bit 5
 * clear. Bits 5 and 6 of a byte meet in x << 1 without crossing bytes (bit
 * 7 of a byte lands on bit 0 of the next, which is masked off). Fewer
 * operations than an exact test of A to Z; the few other bytes it lets
 * through are tested again. */
static inline uint64_t maybe_capital_or_utf8(uint64_t x)
{
    const uint64_t high = 0x8080808080808080ull;
    uint64_t t = x & ~(x << 1); /* bit 6: bit 6 set, bit 5 clear */
    return (x | t << 1) & high;
}

static inline bool capital_or_utf8_byte(unsigned char b)
{
    return b >= 0x80 || (unsigned char)(b - 'A') < 26u;
}

/* The first capital A to Z or byte past ASCII of s[0..len) from p, or len.
 * Most of a text is neither, so sixteen bytes are tested at a time (one
 * branch for both halves' masks); the first byte a mask flags is then
 * tested exactly, and the search goes on after it when it is not one. */
static inline size_t next_capital_or_utf8(const char *s, size_t len, size_t p)
{
    while (p + 16 <= len) {
        uint64_t lo = maybe_capital_or_utf8(xc_load_le64(s + p));
        uint64_t hi = maybe_capital_or_utf8(xc_load_le64(s + p + 8));
        if (!(lo | hi)) {
            p += 16;
            continue;
        }
        p += lo ? (size_t)__builtin_ctzll(lo) >> 3 : 8 + ((size_t)__builtin_ctzll(hi) >> 3);
        if (capital_or_utf8_byte((unsigned char)s[p])) return p;
        p++;
    }
    while (p < len && !capital_or_utf8_byte((unsigned char)s[p])) p++;
    return p;
}

/* End of the ASCII letters of s[0..len) from p: eight bytes at a time (a
 * byte below 0x80 that is 'a'..'z' once 0x20 is set is a letter; no carry
 * crosses bytes), the last few one by one. */
static inline size_t ascii_letters_end(const char *s, size_t len, size_t p)
{
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    for (; p + 8 <= len; p += 8) {
        uint64_t x = xc_load_le64(s + p), lo = (x | 0x20 * ones) & ~high;
        uint64_t other = ~((lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high) & high;
        if (other) return p + ((size_t)__builtin_ctzll(other) >> 3);
    }
    while (p < len && (unsigned)(((unsigned char)s[p] | 0x20) - 'a') < 26u) p++;
    return p;
}

/* Whether a capitalized word may start a run after byte ch: after a space,
 * a line break, a double quote or an opening parenthesis (all below 64, so
 * one shift of a constant tests the four). */
static inline bool run_word_after(char ch)
{
    const uint64_t after = 1ull << ' ' | 1ull << '\n' | 1ull << '"' | 1ull << '(';
    return (unsigned char)ch < 64 && (after >> (unsigned char)ch & 1);
}

/* name_key of a run of capitalized words of f that scan_proper_names found,
 * words ws[i]..we[i] with one space between two, each made of ASCII letters
 * with an apostrophe or hyphen only between two letters ("O'Brien",
 * "Al-Assad"): ascii_name_key reads each such word whole, so the key is the
 * run in lower case with a possessive "'s" left out of each word longer than
 * it. Built without looking at each byte's class again. */
static char *run_key(rctx *c, xc_arena *a, const char *f, size_t n, const size_t *ws,
                     const size_t *we, size_t nw, size_t *klen)
{
    size_t len = we[nw - 1] - ws[0];
    /* (room for the eight-byte steps below: len + 1 bytes rounded up to
     * eight) */
    char *k = cut_take(c, a, (len + 8) & ~(size_t)7);
    if (!k) {
        c->oom = true;
        return NULL;
    }
    /* Copied in lower case (letters, spaces, hyphens and apostrophes only:
     * setting bit 5 of each is enough), eight bytes at a time where the
     * text goes on that far: the room taken is a multiple of eight, so it
     * holds the last eight whole. */
    const char *s = f + ws[0];
    if (n - ws[0] >= ((len + 7) & ~(size_t)7))
        for (size_t i = 0; i < len; i += 8) {
            /* (in the machine's byte order: the bytes go back where they were) */
            uint64_t x;
            memcpy(&x, s + i, 8);
            x |= 0x2020202020202020u;
            memcpy(k + i, &x, 8);
        }
    else
        for (size_t i = 0; i < len; i++) k[i] = (char)(s[i] | 0x20);
    /* A possessive "'s" left out: the words after it move back. */
    size_t o = 0;
    for (size_t w = 0; w < nw; w++) {
        size_t from = ws[w] - ws[0], wl = we[w] - ws[w];
        if (o != from) memmove(k + o, k + from, wl);
        if (wl > 2 && k[o + wl - 2] == '\'' && k[o + wl - 1] == 's') wl -= 2;
        o += wl;
        if (w + 1 < nw) k[o++] = ' ';
    }
    k[o] = '\0';
    *klen = o;
    return k;
}

/* A run of capitalized words that scan_proper_names is reading: words
 * ws[i]..we[i], and where the runs ended so far left the document's
 * headings and offset maps (runs come in the order of the text, so neither
 * moves back). */
typedef struct {
    size_t ws[8], we[8];
    size_t hd;    /* the first heading that may hold the next run */
    size_t mk[3]; /* runs of the fold, text and utf8 maps before the last run's start */
    /* The document's mentions ment[0..nm), in order, when the runs are
     * merged into them as they are found (NULL: the runs go after the names
     * already there, for sort_names), and mi, the first not yet in the
     * names. Merged, the names come out as sort_names makes them while no
     * two runs start at one place (tie tells they did: sort_names orders
     * those by key). */
    const name_occ *ment;
    size_t nm, mi;
    size_t last; /* the start of the run before, plus one; 0: none */
    bool tie;
    const xc_list *stop;
    const uint8_t *stop_f;
} name_run;

/* xc_omap_start(m, out) for an out no smaller than the one before: *k,
 * the number of runs that start at or before it, only moves forward (the
 * runs of a map follow the text, so this is the run the binary search of
 * xc_omap_start finds). */
static inline size_t omap_start_from(const xc_omap *m, size_t *k, size_t out)
{
    size_t n = m->runs.n, j = *k;
    if (!n) return out; /* identity */
    const xc_omap_run *v = m->runs.v;
    while (j < n && v[j].out <= out) j++;
    *k = j;
    return xc_omap_start_at(m, j ? &v[j - 1] : NULL, out);
}

/* xc_doc_span(d, s, s) (its start: the span of a run's claim), for s no
 * smaller than the run before's. */
static inline xc_span run_span(const xc_doc *d, name_run *r, size_t s)
{
    size_t t = omap_start_from(&d->fold_map, &r->mk[0], s);
    size_t u = omap_start_from(&d->text_map, &r->mk[1], t);
    size_t raw = omap_start_from(&d->utf8_map, &r->mk[2], u);
    return (xc_span){raw, raw};
}

/* Whether b repeats a, the name kept before it in sorted order: the same
 * place and the same key (a capitalized run where a mention of that name
 * is: the mention, which sorts first, is kept). */
static inline bool same_name_at(const name_occ *a, const name_occ *b)
{
    return a->claim.span.start == b->claim.span.start && !strcmp(a->key, b->key);
}

/* Adds the mentions r->ment[r->mi..] that start at or before `at` to the
 * names, each unless it repeats the name before it. */
static void merge_mentions(rctx *c, occ_vec *occ, name_run *r, size_t at)
{
    while (r->mi < r->nm && r->ment[r->mi].claim.span.start <= at) {
        const name_occ *x = &r->ment[r->mi++];
        if (occ->n && same_name_at(&occ->v[occ->n - 1], x)) continue;
        if (xc_vec_push(occ, *x)) {
            c->oom = true;
            return;
        }
    }
}

/* Whether s[0..n), letters, spaces, hyphens and apostrophes, is key[0..n)
 * with bit 5 set in each byte (run_key's lower case). */
static bool lower_equals(const char *s, const char *key, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        if ((xc_load_le64(s + i) | 0x2020202020202020u) != xc_load_le64(key + i)) return false;
    for (; i < n; i++)
        if ((char)(s[i] | 0x20) != key[i]) return false;
    return true;
}

/* The run of two words or more ended: leading common words are dropped,
 * and a run of 2..6 words outside the headings is kept. */
static void end_run(rctx *c, xc_arena *a, occ_vec *occ, const xc_doc *d, name_run *r, size_t nw,
                    unsigned not_simple)
{
    const char *f = d->fold;
    size_t first = 0;
    while (nw >= 2 && first < nw &&
           in_list(c, RL_STOPWORDS, r->stop, r->stop_f, builtin_stopwords,
                   sizeof builtin_stopwords / sizeof *builtin_stopwords, f + r->ws[first],
                   r->we[first] - r->ws[first], !(not_simple >> first & 1)))
        first++;
    size_t s0 = r->ws[first < nw ? first : 0];
    while (r->hd < d->headings.n && d->headings.v[r->hd].end <= s0) r->hd++;
    bool heading = r->hd < d->headings.n && d->headings.v[r->hd].start <= s0;
    if (nw - first < 2 || nw - first > 6 || heading) return;
    size_t s1 = r->we[nw - 1];
    /* (the span's start alone: xc_doc_span(d, s0, s0).start is
     * xc_doc_span(d, s0, s1).start) */
    xc_claim cl = {XC_CLAIM_NAME, d, 0, run_span(d, r, s0), NULL};
    size_t at = cl.span.start;
    if (r->last == at + 1) r->tie = true;
    r->last = at + 1;
    if (r->ment) {
        /* the mentions up to the run's start go first (on a tie too) */
        if (r->mi < r->nm && r->ment[r->mi].claim.span.start <= at) merge_mentions(c, occ, r, at);
        /* A name where the name before has its key is left out as sort_names
         * leaves it out (below). The key of a simple run with no apostrophe
         * is its text in lower case: when that is the key of the name
         * before, the run is left out without making its key. */
        const name_occ *k = occ->n ? &occ->v[occ->n - 1] : NULL;
        if (k && !(not_simple >> first) && k->claim.span.start == at && occ_key_len(k) == s1 - s0 &&
            lower_equals(f + s0, k->key, s1 - s0) && !memchr(f + s0, '\'', s1 - s0))
            return;
    }
    size_t before = occ->n;
    if (!(not_simple >> first)) {
        size_t kl = 0;
        char *key = run_key(c, a, f, d->fold_len, r->ws + first, r->we + first, nw - first, &kl);
        name_occ o = {key, key_len_of(kl), cl, 0, 0};
        if (key && xc_vec_push(occ, o)) c->oom = true;
    } else
        add_name(c, a, occ, f + s0, s1 - s0, cl, 2);
    if (occ->n > before) {
        occ->v[before].fold_start = s0;
        occ->v[before].fold_end = s1;
        if (r->ment && before && same_name_at(&occ->v[before - 1], &occ->v[before]))
            occ->n = before;
    }
}

/* End of the capitalized word of f[0..n) that starts at i: letters, and an
 * apostrophe or hyphen before anything but the end of the text (not at the
 * word's end); ASCII letters eight bytes at a time, without a decode.
 * *simple: ASCII letters, a joiner only between two of them. */
static size_t cap_word_end(const char *f, size_t n, size_t i, bool *simple)
{
    size_t e = i;
    *simple = true;
    while (e < n) {
        e = ascii_letters_end(f, n, e);
        if (e == n) break;
        unsigned char b = (unsigned char)f[e];
        if ((b == '-' || b == '\'') && e + 1 < n && e > i) {
            e++;
            if ((unsigned)(((unsigned char)f[e] | 0x20) - 'a') >= 26u) *simple = false;
            continue;
        }
        int32_t c2;
        size_t k2 = b < 0x80 ? 1 : xc_utf8_decode(f, n, e, &c2);
        if (k2 == 1 || !is_letter_cp(c2)) break;
        e += k2;
        *simple = false;
    }
    while (e > i && (f[e - 1] == '-' || f[e - 1] == '\'')) e--;
    return e;
}

/* The first byte past ASCII of f[0..n) from p that may start a capitalized
 * word (at the text's start, or after a byte that may come before one), or
 * n: eight bytes at a time. */
static size_t next_utf8_start(const char *f, size_t n, size_t p)
{
    const uint64_t high = 0x8080808080808080ull;
    for (;;) {
        uint64_t m = 0;
        while (p + 8 <= n && !(m = xc_load_le64(f + p) & high)) p += 8;
        if (!m) {
            while (p < n && (unsigned char)f[p] < 0x80) p++;
            if (p == n) return n;
        } else
            p += (size_t)__builtin_ctzll(m) >> 3;
        if (!p || run_word_after(f[p - 1])) return p;
        p++;
    }
}

/* The first word of the index from t on that starts with a capital A to
 * Z, or te. A word starts with an ASCII letter or digit, and of those only
 * the capitals have bit 5 clear: one test a word, eight words a turn (half
 * the turns of four, each a test of the end). (A word in three or so is
 * capitalized in news text, too many for a test of several words at once
 * to pass over much of the index.) */
static inline const xc_token *next_capitalized(const char *f, const xc_token *t, const xc_token *te)
{
    for (; te - t >= 8; t += 8) {
        if (!(f[t[0].start] & 0x20)) return t;
        if (!(f[t[1].start] & 0x20)) return t + 1;
        if (!(f[t[2].start] & 0x20)) return t + 2;
        if (!(f[t[3].start] & 0x20)) return t + 3;
        if (!(f[t[4].start] & 0x20)) return t + 4;
        if (!(f[t[5].start] & 0x20)) return t + 5;
        if (!(f[t[6].start] & 0x20)) return t + 6;
        if (!(f[t[7].start] & 0x20)) return t + 7;
    }
    while (t < te && f[t->start] & 0x20) t++;
    return t;
}

/* scan_proper_names over the document's word index: the capitalized words
 * that may start a run or go on one are the index's words that start with
 * a capital A to Z after a byte that may come before such a word (every
 * such byte is a word boundary, so the index lists them all), and the words
 * that start with a capital past ASCII there, which the index does not list
 * and which are looked for in the text (not at all in ASCII text). Each is
 * taken as the byte scan takes it; the index's letter count is the end of
 * most of them. A word goes on the run when it follows the run's last word
 * after one space (eight words at most); otherwise the run ends there and
 * the word starts the next one. */
static void scan_indexed(rctx *c, xc_arena *a, occ_vec *occ, const xc_doc *d, name_run *r)
{
    const char *f = d->fold;
    size_t n = d->fold_len;
    const xc_token *t = d->tokens.v, *te = t + d->tokens.n;
    size_t u = d->text_ascii ? n : next_utf8_start(f, n, 0);
    /* the run's length, its words that are not simple (bits), and where its
     * last word ends (past the text when there is none) */
    size_t nw = 0, last = n + 1;
    unsigned not_simple = 0;
    for (;;) {
        t = next_capitalized(f, t, te);
        size_t i = t < te ? t->start : n, e;
        if (t < te && i && !run_word_after(f[i - 1])) {
            t++;
            continue;
        }
        bool simple = true;
        if (u < i) {
            /* a word with a capital past ASCII before it */
            int32_t cp;
            size_t k = xc_utf8_decode(f, n, u, &cp);
            e = is_upper_cp(cp) ? cap_word_end(f, n, u, &simple) : u;
            if (e == u) {
                u = u + k < n ? next_utf8_start(f, n, u + k) : n;
                continue;
            }
            i = u;
            simple = false;
            u = e < n ? next_utf8_start(f, n, e) : n;
        } else if (t == te)
            break;
        else {
            e = xc_token_end(t);
            /* a joiner ('-' or '\'', both below 64: one shift of a constant
             * tests the two), a letter past ASCII */
            const uint64_t joiners = 1ull << '-' | 1ull << '\'';
            if (!(t->flags & XC_TOKEN_ASCII_END) ||
                (e < n && (unsigned char)f[e] < 64 && (joiners >> (unsigned char)f[e] & 1)))
                e = cap_word_end(f, n, i, &simple);
            t++;
        }
        if (!(i == last + 1 && f[last] == ' ' && nw < 8)) {
            if (nw >= 2) end_run(c, a, occ, d, r, nw, not_simple);
            nw = 0;
            not_simple = 0;
        }
        r->ws[nw] = i;
        r->we[nw] = e;
        if (!simple) not_simple |= 1u << nw;
        nw++;
        last = e;
    }
    if (nw >= 2) end_run(c, a, occ, d, r, nw, not_simple);
}

/* scan_proper_names byte by byte, for a document without its word index:
 * outside a run, sixteen bytes at a time to the next capital or byte past
 * ASCII. */
static void scan_bytes(rctx *c, xc_arena *a, occ_vec *occ, const xc_doc *d, name_run *r)
{
    const char *f = d->fold;
    size_t n = d->fold_len;
    size_t *wstart = r->ws, *wend = r->we;
    size_t nw = 0;
    /* bit w: word w is not simple, ASCII letters with single joiners inside */
    unsigned not_simple = 0;
    for (size_t i = 0; i <= n;) {
        /* Outside a run only a capital starts something: other ASCII is skipped at once. */
        if (!nw) {
            i = next_capital_or_utf8(f, n, i);
            if (i < n && (unsigned char)f[i] < 0x80) {
                /* An ASCII capital outside a run, decided here as the turn
                 * below would decide it: a capital inside a word starts
                 * nothing; a word of ASCII letters ended by an ASCII byte
                 * that is no joiner is passed over unless one space and a
                 * capital (or a byte past ASCII) follow it, when it is the
                 * run's first word. Other words take the turn below. */
                if (i && !run_word_after(f[i - 1])) {
                    i++;
                    continue;
                }
                size_t e = ascii_letters_end(f, n, i);
                if (e == n) {
                    i = e;
                    continue;
                }
                unsigned char b = (unsigned char)f[e];
                if (b != '-' && b != '\'' && b < 0x80) {
                    if (b != ' ' || e + 1 == n || !capital_or_utf8_byte((unsigned char)f[e + 1])) {
                        i = e;
                        continue;
                    }
                    wstart[0] = i;
                    wend[0] = e;
                    not_simple = 0;
                    nw = 1;
                    i = e + 1;
                    continue;
                }
            }
        } else if (nw < 8 && i < n && (unsigned)((unsigned char)f[i] - 'A') < 26u &&
                   wend[nw - 1] + 1 == i && f[i - 1] == ' ') {
            /* An ASCII capital one space after the run's last word: a word
             * of ASCII letters ended by an ASCII byte that is no joiner
             * goes on the run, as the turn below would put it there. */
            size_t e = ascii_letters_end(f, n, i);
            unsigned char b = e < n ? (unsigned char)f[e] : 0;
            if (e == n || (b != '-' && b != '\'' && b < 0x80)) {
                wstart[nw] = i;
                wend[nw] = e;
                nw++;
                i = b == ' ' ? e + 1 : e;
                continue;
            }
        }
        if (i < n && f[i] == ' ' && nw && wend[nw - 1] == i) {
            i++; /* a run may go on after one space */
            continue;
        }
        int32_t cp = 0;
        size_t k = i < n ? decode_cp(f, n, i, &cp) : 1;
        bool starts = i < n && is_upper_cp(cp) && (i == 0 || run_word_after(f[i - 1]));
        size_t e = i;
        bool simple = true; /* ASCII letters, a joiner only between two of them */
        if (starts && cp < 0x80) {
            /* Most words are ASCII letters and end at a byte that is ASCII
             * and no joiner: that byte ends the word (the loop below would
             * stop there too, with nothing to trim). */
            e = ascii_letters_end(f, n, i);
            unsigned char b = e < n ? (unsigned char)f[e] : 0;
            if (e < n && (b == '-' || b == '\'' || b >= 0x80)) e = i; /* the loop decides */
        }
        if (starts && e == i) e = cap_word_end(f, n, i, &simple);
        bool joins = starts && nw > 0 && nw < 8 && wend[nw - 1] + 1 == i && f[i - 1] == ' ';
        if (nw == 1 && !joins) {
            /* A single capitalized word (most of them: a sentence's first
             * word, a lone name) is no run of two: nothing to look at. The
             * heading index hd only moves forward, so it need not move
             * here. */
            nw = 0;
        } else if (nw && !joins) {
            /* The run ended: drop leading common words, keep 2..6 words. */
            end_run(c, a, occ, d, r, nw, not_simple);
            nw = 0;
        }
        if (starts && e > i) {
            /* Outside a run, a word that no capital (or byte past ASCII)
             * follows after one space can only be a run of one word, which
             * is not kept: it is passed over. From its end the scan finds
             * the same next capital as it would after ending its run. */
            if (!nw &&
                !(e + 1 < n && f[e] == ' ' &&
                  ((unsigned char)(f[e + 1] - 'A') < 26u || (unsigned char)f[e + 1] >= 0x80))) {
                i = e;
                continue;
            }
            if (nw == 8) nw = 0;
            wstart[nw] = i;
            wend[nw] = e;
            if (nw == 0) not_simple = 0;
            if (!simple || cp >= 0x80) not_simple |= 1u << nw;
            nw++;
            /* One space after the word: the run may go on after it (what
             * the loop's space test would do next, without the turn). */
            i = e < n && f[e] == ' ' ? e + 1 : e;
            continue;
        }
        if (i == n) break;
        i += k;
    }
}

/* Runs of two to six capitalized words in a document's text, leading common
 * words ("The", "In") left out; headlines are not read. A document whose
 * word index was kept for this (see xc_extract) is read through the index;
 * a longer one (XC_WORDS_KEPT_MAX), whose index is gone, byte by byte. With
 * ment (the document's nm mentions, in order), occ is empty and gets the
 * mentions and the runs merged and without repeats, as sort_names makes
 * them (see name_run), and true is returned; false when two runs started
 * at one place, and the names are left as they were. Without ment the runs
 * go after the names in occ, and true is returned. */
static bool scan_proper_names(rctx *c, xc_arena *a, occ_vec *occ, const xc_doc *d,
                              const name_occ *ment, size_t nm)
{
    name_run r = {.stop = rule_list(c, RL_STOPWORDS),
                  .stop_f = rule_filter(c, RL_STOPWORDS),
                  .ment = ment,
                  .nm = nm};
    if (d->fold) {
        if (d->tokens_ok && d->segmented)
            scan_indexed(c, a, occ, d, &r);
        else
            scan_bytes(c, a, occ, d, &r);
    }
    if (ment && !c->oom) merge_mentions(c, occ, &r, SIZE_MAX);
    return !ment || !r.tie;
}

static bool has_digit(const char *s)
{
    for (; *s; s++)
        if (*s >= '0' && *s <= '9') return true;
    return false;
}

/* Whether word x is word y with a lower-case word hyphened on: "Nations-run",
 * "Zealand-born", "McCluster-who" (a dash typed as a hyphen). */
static bool hyphened_on(const char *x, size_t lx, const char *y, size_t ly)
{
    if (lx <= ly + 1 || strncmp(x, y, ly) || x[ly] != '-') return false;
    for (size_t i = ly + 1; i < lx; i++)
        if (x[i] < 'a' || x[i] > 'z') return false;
    return true;
}

/* Whether s is ASCII with no capital: what the folding of written_alike
 * leaves as it is (no accent to strip, no case to fold). */
static bool folded_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80 || (*s >= 'A' && *s <= 'Z')) return false;
    return true;
}

/* Whether two words are one spelling written two ways: with and without
 * accents ("Vendôme", "Vendome"), British and American ("Theatre",
 * "Theater"; "Recognised", "Recognized"; "Defence", "Defense"). */
static bool written_alike(const char *a, const char *b)
{
    utf8proc_uint8_t *x = NULL, *y = NULL;
    const utf8proc_option_t opt = UTF8PROC_NULLTERM | UTF8PROC_STABLE | UTF8PROC_DECOMPOSE |
                                  UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD;
    /* Names' words are folded already: most are ASCII, which the folding
     * gives back unchanged. */
    bool plain = folded_ascii(a) && folded_ascii(b);
    utf8proc_ssize_t nx =
        plain ? (utf8proc_ssize_t)strlen(a) : utf8proc_map((const utf8proc_uint8_t *)a, 0, &x, opt);
    utf8proc_ssize_t ny =
        plain ? (utf8proc_ssize_t)strlen(b) : utf8proc_map((const utf8proc_uint8_t *)b, 0, &y, opt);
    bool same = false;
    if (nx >= 0 && ny >= 0) {
        xc_buf kx = {0}, ky = {0};
        spelling_key_word(&kx, plain ? a : (const char *)x, (size_t)nx);
        spelling_key_word(&ky, plain ? b : (const char *)y, (size_t)ny);
        same = kx.len && kx.len == ky.len && !memcmp(kx.s, ky.s, kx.len);
        xc_buf_free(&kx);
        xc_buf_free(&ky);
    }
    free(x);
    free(y);
    return same;
}

/* A lower bound of the edit distance of two ASCII words of up to 64 bytes:
 * the letters one has more of than the other, the larger of the two
 * counts (an insertion or a deletion changes one count by one, a
 * substitution each by one at most, a transposition neither); 0 (no
 * bound) for other words. *shared gets the letters the two have in common,
 * which no common subsequence outnumbers (SIZE_MAX for other words). */
static size_t letters_apart(const char *a, size_t la, const char *b, size_t lb, size_t *shared)
{
    *shared = SIZE_MAX;
    if (la > 64 || lb > 64) return 0;
    unsigned char all = 0;
    for (size_t i = 0; i < la; i++) all |= (unsigned char)a[i];
    for (size_t i = 0; i < lb; i++) all |= (unsigned char)b[i];
    if (all >= 0x80) return 0;
    int8_t n[128] = {0}; /* a's count of each byte less b's (-64..64) */
    for (size_t i = 0; i < la; i++) n[(unsigned char)a[i]]++;
    for (size_t i = 0; i < lb; i++) n[(unsigned char)b[i]]--;
    size_t more = 0, fewer = 0; /* (each byte's count read once, then cleared) */
    for (size_t i = 0; i < la; i++) {
        int8_t *x = &n[(unsigned char)a[i]];
        if (*x > 0) {
            more += (size_t)*x;
            *x = 0;
        }
    }
    for (size_t i = 0; i < lb; i++) {
        int8_t *x = &n[(unsigned char)b[i]];
        if (*x < 0) {
            fewer += (size_t)(-*x);
            *x = 0;
        }
    }
    *shared = la - more;
    return more > fewer ? more : fewer;
}

/* Whether two words differ by a few edits the way a misspelling does (the
 * part of spelling_variant that counts letters). */
static bool edited_apart(const char *a, size_t la, const char *b, size_t lb, bool alone)
{
    /* An ending only ("Runner"/"Runners", "Korea"/"Korea's") is grammar, not spelling. */
    size_t m = la < lb ? la : lb;
    if (!strncmp(a, b, m) && (la > lb ? la - lb : lb - la) <= 3) return false;
    /* (each word's code points counted once, on the lengths known) */
    size_t ca = xc_utf8_count(a, la), cb = xc_utf8_count(b, lb);
    if (ca < 3 || cb < 3) return false;
    /* A word with no continuation byte (an ASCII one, nearly every name's)
     * is as many code points as bytes as xc_osa_distance decodes it, and an
     * edit changes a length by one at most: two such words whose lengths
     * differ by more than two are farther apart than xc_osa_distance(a, b,
     * 2) looks (it gives 3), and a one-word name needs lengths one apart at
     * most. Nor are two ASCII words whose letters alone (letters_apart) put
     * them that far apart: the distance is worked out only when it can
     * tell. */
    size_t gap = ca > cb ? ca - cb : cb - ca;
    bool bytes = ca == la && cb == lb;
    if (alone && (ca < 5 || cb < 5 || (bytes && gap > 1))) return false;
    size_t shared = SIZE_MAX;
    size_t least = bytes && gap <= 2 ? letters_apart(a, la, b, lb, &shared) : 0;
    if (alone && least > 1) return false;
    size_t d = (bytes && gap > 2) || least > 2 ? 3 : xc_osa_distance(a, b, 2);
    if (alone) return d == 1;
    if (d == 1) return true;
    int32_t a0, a1, b0, b1;
    size_t ka = xc_utf8_decode(a, la, 0, &a0), kb = xc_utf8_decode(b, lb, 0, &b0);
    xc_utf8_decode(a, la, ka, &a1);
    xc_utf8_decode(b, lb, kb, &b1);
    if (d == 2) return a0 == b0 && a1 == b1;
    /* A long word mangled further ("Myanggae" for "Mangyongdae"): nearly all
     * of the shorter one's letters, in order, in the longer one. */
    size_t lo = ca < cb ? ca : cb, hi = ca < cb ? cb : ca;
    if (a0 != b0 || lo < 6) return false;
    /* (not when the letters the two share are too few already) */
    if (shared == SIZE_MAX && bytes) letters_apart(a, la, b, lb, &shared);
    if (shared != SIZE_MAX && (shared * 20 < lo * 17 || shared * 5 < hi * 3)) return false;
    size_t common = xc_lcs_chars(a, b);
    return common * 20 >= lo * 17 && common * 5 >= hi * 3;
}

/* True when two words of the same name look like one spelled two ways. A
 * one-word name ("Kesler") has no other words to vouch for it: one edit only,
 * in words of five letters or more. */
static bool spelling_variant(const char *a, const char *b, bool alone)
{
    size_t la = strlen(a), lb = strlen(b);
    if (has_digit(a) || has_digit(b)) return false;
    if (hyphened_on(a, la, b, lb) || hyphened_on(b, lb, a, la)) return false;
    /* written_alike, the dearest test (two foldings by utf8proc), is asked
     * last: each test only rules a pair out, so their order does not change
     * the answer, and most pairs are ruled out by their edits already. */
    return edited_apart(a, la, b, lb, alone) && !written_alike(a, b);
}

static bool accepted_pair(const rctx *c, const char *x, const char *y)
{
    const xc_list *l = rule_list(c, RL_ACCEPTED);
    if (!l) return false;
    for (int turn = 0; turn < 2; turn++) {
        const char *p = turn ? y : x, *q = turn ? x : y;
        const xc_entry *e = xc_list_find(l, p, strlen(p));
        if (!e) continue;
        for (size_t i = 0; i < e->n_attrs; i++)
            if (strlen(e->attrs[i].value) == strlen(q) && xc_ieq(q, strlen(q), e->attrs[i].value))
                return true;
    }
    return false;
}

/* The claim of a name: a mention's as it is; a capitalized run's with its
 * span and its text as written made now (the text in the story's arena),
 * from its fold range. */
static xc_claim name_claim(rctx *c, const name_occ *o)
{
    xc_claim cl = o->claim;
    if (cl.kind != XC_CLAIM_NAME || cl.text) return cl;
    const xc_doc *d = cl.doc;
    cl.span = xc_doc_span(d, o->fold_start, o->fold_end);
    size_t ts, te;
    xc_doc_text_range(d, o->fold_start, o->fold_end, &ts, &te);
    if (te > d->text_len) te = d->text_len;
    if (ts > te) ts = te;
    cl.text = xc_arena_strndup(&c->s->arena, d->text + ts, te - ts);
    if (!cl.text) c->oom = true;
    return cl;
}

static int cmp_size(const void *pa, const void *pb)
{
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    return a < b ? -1 : a > b;
}

/* First occurrence per document of the names a spelling stands in (which: 0
 * all, 1 drafts only, 2 sources only). */
static void push_word_claims(rctx *c, claim_vec *claims, const name_index *x, const word_rec *w,
                             int which)
{
    const name_occ *const *occ = x->occ->v;
    const uint32_t *doc = x->occ->doc;
    /* The names it stands in, in name order: the first name of each key
     * its entries give, and the names that repeat that key (a name comes
     * twice when its key has the word twice, which changes nothing below). */
    XC_VEC(size_t) names = {0};
    for (size_t e = w->e0; e < w->e1; e++)
        for (size_t o = x->ent[e].occ; o != SIZE_MAX; o = x->next_name[o])
            if (xc_vec_push(&names, o)) {
                c->oom = true;
                xc_vec_free(&names);
                return;
            }
    if (names.n > 1) qsort(names.v, names.n, sizeof *names.v, cmp_size);
    for (size_t i = 0, j; i < names.n; i = j) {
        /* a document's names are consecutive: its first mention, else its first run */
        const name_occ *best = occ[names.v[i]];
        uint32_t bd = doc[names.v[i]];
        for (j = i; j < names.n && doc[names.v[j]] == bd; j++)
            if (best->claim.kind != XC_CLAIM_MENTION &&
                occ[names.v[j]]->claim.kind == XC_CLAIM_MENTION)
                best = occ[names.v[j]];
        bool draft = c->s->draft.v[bd];
        if ((which == 1 && !draft) || (which == 2 && draft)) continue;
        if (xc_vec_push(claims, name_claim(c, best))) c->oom = true;
    }
    xc_vec_free(&names);
}

static size_t uf_find(size_t *parent, size_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* name spelled three ways: "A" (x.md), "B" (y.md) and "C" (z.md) */
static void name_message(xc_buf *msg, const claim_vec *claims, const size_t *split,
                         const char *const *texts, size_t n)
{
    static const char *const counts[] = {"", "", "two", "three", "four", "five", "six"};
    if (n < sizeof counts / sizeof *counts)
        xc_buf_printf(msg, "name spelled %s ways: ", counts[n]);
    else
        xc_buf_printf(msg, "name spelled %zu ways: ", n);
    for (size_t k = 0; k < n; k++) {
        if (k) xc_buf_adds(msg, k + 1 == n ? " and " : ", ");
        xc_buf_printf(msg, "\"%s\" (", texts[k] ? texts[k] : "");
        if (claims->v) add_outlets(msg, claims->v, split[k], split[k + 1]);
        xc_buf_adds(msg, ")");
    }
}

/* One finding for the spellings words[members[0..n)] (rarest first): which =
 * 0 every name, 1 the draft's spellings no source uses then the sources'
 * spellings, 2 the sources' spellings only. */
static void name_finding(rctx *c, const name_index *x, const size_t *members, size_t n, int which)
{
    claim_vec claims = {0};
    xc_buf msg = {0};
    size_t *split = malloc((n + 1) * sizeof *split);
    const char **texts = malloc((n + 1) * sizeof *texts);
    size_t k = 0;
    if (!split || !texts) {
        c->oom = true;
        goto done;
    }
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++) {
            const word_rec *w = &x->words[members[i]];
            bool draft_only = w->in_draft && !w->in_source;
            int mode = which;
            if (which == 1) {
                if (pass == 0 && !draft_only) continue;
                if (pass == 1 && !w->in_source) continue;
                mode = pass == 0 ? 1 : 2;
            } else if (pass == 1 || (which == 2 && !w->in_source))
                continue;
            size_t before = claims.n;
            push_word_claims(c, &claims, x, w, mode);
            if (claims.n == before) continue;
            split[k] = before;
            texts[k++] = claims.v[before].text;
        }
    split[k] = claims.n;
    if (k >= 2) {
        name_message(&msg, &claims, split, texts, k);
        emit(c, "name-variant", XC_WARNING, NULL, &msg, NULL, &claims);
    }
done:
    free(split);
    free(texts);
    xc_buf_free(&msg);
    xc_vec_free(&claims);
}

typedef struct {
    size_t root, count, word;
    const char *text;
    const char *least; /* the first of its set's words in strcmp order */
} member;

/* Sets in the strcmp order of their first words, then rarest first. */
static int cmp_member(const void *pa, const void *pb)
{
    const member *a = pa, *b = pb;
    if (a->root != b->root) return strcmp(a->least, b->least);
    if (a->count != b->count) return a->count < b->count ? -1 : 1;
    return strcmp(a->text, b->text);
}

/* Spellings linked by variant pairs are one word of one entity: one finding each. */
static void name_groups(rctx *c, const name_index *x, size_t n_words, size_t *parent)
{
    const word_rec *words = x->words;
    XC_VEC(member) m = {0};
    size_t *ids = malloc((n_words + 1) * sizeof *ids);
    size_t *size = calloc(n_words + 1, sizeof *size);
    const char **least = calloc(n_words + 1, sizeof *least); /* per root */
    if (!ids || !size || !least) {
        c->oom = true;
        goto done;
    }
    for (size_t i = 0; i < n_words; i++) size[uf_find(parent, i)]++;
    for (size_t i = 0; i < n_words; i++) {
        size_t r = uf_find(parent, i);
        if (size[r] < 2) continue;
        member mb = {r, words[i].count, i, words[i].word, NULL};
        if (!least[r] || strcmp(words[i].word, least[r]) < 0) least[r] = words[i].word;
        if (xc_vec_push(&m, mb)) c->oom = true;
    }
    for (size_t i = 0; i < m.n; i++) m.v[i].least = least[m.v[i].root];
    if (m.n) qsort(m.v, m.n, sizeof *m.v, cmp_member);
    for (size_t i = 0, j; i < m.n; i = j) {
        j = i;
        size_t n = 0;
        bool draft_only = false, source = false;
        while (j < m.n && m.v[j].root == m.v[i].root) {
            const word_rec *w = &words[m.v[j].word];
            draft_only = draft_only || (w->in_draft && !w->in_source);
            source = source || w->in_source;
            ids[n++] = m.v[j++].word;
        }
        if (!c->s->n_drafts) {
            name_finding(c, x, ids, n, 0);
            continue;
        }
        if (draft_only && source) name_finding(c, x, ids, n, 1);
        if (c->opts.include_source_conflicts) name_finding(c, x, ids, n, 2);
    }
done:
    free(ids);
    free(size);
    free(least);
    xc_vec_free(&m);
}

/* The bytes of the first character of w[0..len), big-endian, zero-padded. */
static uint32_t first_char(const char *w, size_t len)
{
    /* (an ASCII letter or digit, nearly every word: its byte alone) */
    if ((unsigned char)w[0] < 0x80) return (uint32_t)(unsigned char)w[0] << 24;
    int32_t cp;
    size_t fl = xc_utf8_decode(w, len, 0, &cp);
    uint32_t first = 0;
    for (size_t i = 0; i < 4; i++) first = first << 8 | (i < fl ? (unsigned char)w[i] : 0);
    return first;
}

typedef XC_VEC(word_entry) entry_vec;
typedef XC_VEC(word_rec) word_vec;
typedef XC_VEC(name_slot) slot_vec;

/* A distinct spelling while the words of names are indexed; its index
 * in the spellings is its order of first appearance. */
typedef struct {
    const char *word; /* NUL-terminated: a copy, or the end of a name's key */
    uint64_t hash;
    size_t len;
} spelling;

/* A hash of the n bytes of s, for finding equal keys (equality is then
 * tested on the bytes): eight bytes at a time, the last few with loads that
 * may overlap bytes already read, which only changes the hash. */
static inline uint64_t key_hash(const char *s, size_t n)
{
    const uint64_t mul = 0x9E3779B97F4A7C15u;
    uint64_t h = (uint64_t)n * mul, x;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) h = (h ^ xc_load_le64(s + i)) * mul;
    if (i == n) return h ^ h >> 29;
    if (n >= 8)
        x = xc_load_le64(s + n - 8);
    else if (n >= 4)
        x = (uint64_t)xc_load_le32(s) | (uint64_t)xc_load_le32(s + n - 4) << 32;
    else
        x = (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 |
            (uint64_t)(unsigned char)s[n - 1] << 16;
    h = (h ^ x) * mul;
    return h ^ h >> 29;
}

/* Cuts the key of the first name of each key and claim kind into words and
 * groups them by spelling: words gets the distinct spellings in order of
 * first appearance (the buckets sort only the few that need strcmp order:
 * link_slots), ent their words grouped by spelling (words[i].e0 .. e1), in
 * name order inside a group; words[i].count and the sides it is on count
 * every name, the ones that repeat a key too. A hash table finds the
 * spellings. Word i of such a name o is spelling (*wid)[first_word[o] +
 * i], for i < word_n[o]; a name that repeats an earlier one's key and kind
 * (the same words, the same neighbours) has word_n 0 and is chained after
 * it in next_name (SIZE_MAX ends a chain). first_word, word_n and next_name
 * have occ->n slots. Returns 0, or -1 when out of memory. */
static int index_name_words(rctx *c, xc_arena *tmp, const name_list *occ, entry_vec *ent,
                            word_vec *words, size_t *first_word, size_t *word_n, size_t *next_name,
                            size_t **wid_out)
{
    int rc = -1;
    XC_VEC(size_t)
    sid = {0}; /* per word of each key's first name: its spelling, in order of first appearance */
    XC_VEC(spelling) sp = {0};
    size_t *at = NULL;
    /* Both hash tables below hold an index plus one (0: a free slot) in 32
     * bits, half the bytes to clear: a key has eight words at most, so a
     * story of fewer than UINT32_MAX / 8 names has fewer spellings than
     * that too (no story has half a billion names; more is taken for out
     * of memory). */
    if (occ->n >= UINT32_MAX / 8) return -1;
    uint32_t *table = NULL;
    /* The names' keys, one slot per name at most: a story names the same
     * people and places again and again, and a key seen before takes the
     * spellings of its first name instead of having its words found
     * again. */
    size_t nk = 16;
    while (nk < 2 * (occ->n + 1)) nk *= 2;
    /* Room at the start for a spelling per two names (a story's names
     * repeat their words: the ECB+ stories have about one in four), so that
     * the table is seldom built again as it fills, and less of it is
     * cleared. */
    size_t ns = nk / 2;
    uint32_t *keys = calloc(nk, sizeof *keys);
    /* per name: its key's hash and length; per first name of a key, also the
     * last name of its chain, the names of the key, and whether a draft (1)
     * or a source (2) names it (one block for them all) */
    struct {
        uint64_t h;
        size_t len, tail, names;
        unsigned char sides;
    } *kx = malloc((occ->n + 1) * sizeof *kx);
    if (!keys || !kx) goto done;
    /* Room for a word per name and for the spellings the table starts with
     * room for (a story's names repeat their words and keys: it seldom
     * needs more), rather than growing from a few; sid is never NULL, even
     * with no words. */
    if (xc_vec_reserve_exact(&sid, occ->n + 1) || xc_vec_reserve_exact(&sp, ns / 2 + 1)) goto done;
    /* The words of every key once, each found in a hash table of spellings
     * as it comes (the table grows with the spellings, which are far fewer
     * than the words): a word costs one entry of sid, not an entry of its own,
     * and only a new spelling that a key's NUL does not end is copied (to
     * end it with one). */
    const unsigned char *draft = c->s->draft.v;
    bool drafts = c->s->n_drafts > 0;
    /* the copies of words inside keys, cut one after another from blocks
     * of tmp (a call of the arena per block, not per word) */
    char *copy = NULL;
    size_t copy_left = 0;
    for (size_t o = 0; o < occ->n; o++) {
        const name_occ *no = occ->v[o];
        unsigned char side = drafts && draft[occ->doc[o]] ? 1 : 2;
        next_name[o] = SIZE_MAX;
        first_word[o] = sid.n;
        word_n[o] = 0;
        size_t kl = occ_key_len(no), k = (size_t)(kx[o].h = key_hash(no->key, kl)) & (nk - 1);
        kx[o].len = kl;
        while (keys[k]) {
            const name_occ *m = occ->v[keys[k] - 1];
            if (kx[keys[k] - 1].h == kx[o].h && kx[keys[k] - 1].len == kl &&
                m->claim.kind == no->claim.kind && xc_same_bytes(m->key, no->key, kl))
                break;
            k = (k + 1) & (nk - 1);
        }
        if (keys[k]) {
            /* the same key and kind: chained to the key's first name */
            size_t j = keys[k] - 1;
            next_name[kx[j].tail] = o;
            kx[j].tail = o;
            kx[j].names++;
            kx[j].sides |= side;
            continue;
        }
        keys[k] = (uint32_t)(o + 1);
        kx[o].tail = o;
        kx[o].names = 1;
        kx[o].sides = side;
        const char *key_end = no->key + kl;
        for (const char *p = no->key; p < key_end;) {
            if (*p == ' ') {
                p++;
                continue;
            }
            /* the word ends at a space or at the key's end: eight bytes
             * at a time while eight of the key remain (a space is a zero
             * byte of x ^ 0x20...; no carry crosses bytes), hashed as the
             * key is (key_hash) */
            const char *e = p;
            for (;;) {
                if (key_end - e < 8) {
                    while (e < key_end && *e != ' ') e++;
                    break;
                }
                const uint64_t high = 0x8080808080808080u;
                uint64_t y = xc_load_le64(e) ^ 0x2020202020202020u;
                uint64_t spaces = ~(((y & ~high) + ~high) | y) & high;
                if (spaces) {
                    e += __builtin_ctzll(spaces) >> 3;
                    break;
                }
                e += 8;
            }
            size_t len = (size_t)(e - p);
            uint64_t h = key_hash(p, len);
            if (2 * (sp.n + 1) > ns || !table) {
                /* (re)build the table at twice the spellings' number or more */
                while (2 * (sp.n + 1) > ns) ns *= 2;
                free(table);
                table = calloc(ns, sizeof *table); /* spelling index + 1; 0: free */
                if (!table) goto done;
                for (size_t x = 0; x < sp.n; x++) {
                    size_t i = (size_t)sp.v[x].hash & (ns - 1);
                    while (table[i]) i = (i + 1) & (ns - 1);
                    table[i] = (uint32_t)(x + 1);
                }
            }
            size_t i = (size_t)h & (ns - 1);
            while (table[i] && (sp.v[table[i] - 1].hash != h || sp.v[table[i] - 1].len != len ||
                                !xc_same_bytes(sp.v[table[i] - 1].word, p, len)))
                i = (i + 1) & (ns - 1);
            if (!table[i]) {
                /* A key's last word ends with the key: the key's own NUL ends
                 * it (the story keeps the keys), so only a word inside a key
                 * is copied to end it. */
                const char *w = p;
                if (e != key_end) {
                    if (copy_left < len + 1) {
                        copy_left = len + 1 > 256 ? len + 1 : 256;
                        copy = xc_arena_take(tmp, copy_left);
                        if (!copy) goto done;
                    }
                    memcpy(copy, p, len);
                    copy[len] = '\0';
                    w = copy;
                    copy += len + 1;
                    copy_left -= len + 1;
                }
                spelling x = {w, h, len};
                if (xc_vec_push(&sp, x)) goto done;
                table[i] = (uint32_t)sp.n;
            }
            if (xc_vec_push(&sid, table[i] - 1)) goto done;
            p = e;
        }
        word_n[o] = sid.n - first_word[o];
    }
    free(table);
    table = NULL;
    size_t n = sid.n;
    at = calloc(sp.n + 1, sizeof *at);
    if (!at || xc_vec_reserve(ent, n) || xc_vec_reserve(words, sp.n)) goto done;
    /* A counting sort by spelling keeps name order inside each spelling. */
    for (size_t e = 0; e < n; e++) at[sid.v[e] + 1]++;
    for (size_t r = 1; r <= sp.n; r++) at[r] += at[r - 1];
    for (size_t r = 0; r < sp.n; r++) {
        const spelling *x = &sp.v[r];
        word_rec wr = {x->word, at[r], at[r + 1], 0, false, false, first_char(x->word, x->len)};
        words->v[words->n++] = wr;
    }
    for (size_t o = 0; o < occ->n; o++) {
        for (size_t e = first_word[o], end = e + word_n[o]; e < end; e++) {
            word_entry *en = &ent->v[at[sid.v[e]]++];
            *en = (word_entry){o, e - first_word[o]};
            word_rec *wr = &words->v[sid.v[e]];
            wr->count += kx[o].names;
            if (kx[o].sides & 1) wr->in_draft = true;
            if (kx[o].sides & 2) wr->in_source = true;
        }
    }
    ent->n = n;
    *wid_out = sid.v;
    sid.v = NULL;
    rc = 0;
done:
    xc_vec_free(&sid);
    xc_vec_free(&sp);
    free(table);
    free(at);
    free(keys);
    free(kx);
    return rc;
}

/* Buckets above this size are compared with their sorted neighbours only. */
#define XC_NAME_BUCKET_MAX 32

/* Sorts the slots v[0..n) by the strcmp order of their words (tmp: room
 * for n / 2 slots): a merge sort. The words are distinct, so the order is
 * total and needs no tie-break. */
static void sort_by_text(name_slot *v, size_t n, const word_rec *words, name_slot *tmp)
{
    if (n < 2) return;
    size_t h = n / 2;
    sort_by_text(v, h, words, tmp);
    sort_by_text(v + h, n - h, words, tmp);
    memcpy(tmp, v, h * sizeof *v);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        v[k++] = strcmp(words[v[j].word].word, words[tmp[i].word].word) < 0 ? v[j++] : tmp[i++];
    while (i < h) v[k++] = tmp[i++];
}

/* Compares the words of the slots v[0..n) of one side and context, bucket
 * by bucket (their first character), and links those that are spellings of
 * one word in parent: each distinct word once, every pair of them, or in a
 * bucket of more than XC_NAME_BUCKET_MAX each with the next in strcmp
 * order. */
static void link_slots(rctx *c, const word_rec *words, size_t *parent, name_slot *v, size_t n)
{
    if (n < 2) return;
    size_t same = 1;
    while (same < n && v[same].word == v[0].word) same++;
    if (same == n) return; /* one word only (the commonest case): no pair */
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++) sorted = cmp_slot(&v[i - 1], &v[i]) <= 0;
    if (!sorted) {
        if (n <= 16)
            for (size_t i = 1; i < n; i++) {
                name_slot x = v[i];
                size_t j = i;
                for (; j > 0 && cmp_slot(&x, &v[j - 1]) < 0; j--) v[j] = v[j - 1];
                v[j] = x;
            }
        else
            qsort(v, n, sizeof *v, cmp_slot);
    }
    for (size_t i = 0, j; i < n; i = j) {
        j = i;
        while (j < n && same_bucket(&v[j], &v[i])) j++;
        /* distinct words of the bucket, in order */
        size_t w = i;
        for (size_t x = i; x < j; x++)
            if (x == i || v[x].word != v[w - 1].word) v[w++] = v[x];
        bool all = w - i <= XC_NAME_BUCKET_MAX, alone = v[i].side == SIDE_ALONE;
        if (!all) {
            name_slot *tmp = malloc(((w - i) / 2 + 1) * sizeof *tmp);
            if (!tmp) {
                c->oom = true;
                return;
            }
            sort_by_text(v + i, w - i, words, tmp);
            free(tmp);
        }
        for (size_t x = i; x < w; x++)
            for (size_t y = x + 1; y < (all ? w : (x + 2 < w ? x + 2 : w)); y++) {
                const char *wx = words[v[x].word].word, *wy = words[v[y].word].word;
                if (!spelling_variant(wx, wy, alone) || accepted_pair(c, wx, wy)) continue;
                size_t rx = uf_find(parent, v[x].word), ry = uf_find(parent, v[y].word);
                if (rx != ry) parent[rx > ry ? rx : ry] = rx < ry ? rx : ry;
            }
    }
}

/* Names are person mentions and capitalized runs of words. Two spellings of a
 * word are compared when they stand beside the same word ("Mangyongdae
 * Prize", "Myanggae Prize"), or, for one-word person names, alone. */
static void reconcile_names(rctx *c)
{
    xc_arena tmp;
    xc_arena_init(&tmp);
    name_list occ = {0};
    entry_vec ent = {0};
    word_vec words = {0};
    slot_vec slots = {0}, alone = {0}; /* one word's neighbours; the one-word names */
    size_t *parent = NULL;
    /* The names of every document, in place: a pointer and a document
     * index each rather than a copy. */
    size_t total = 0;
    for (size_t di = 0; di < c->s->docs.n; di++) total += c->s->preps.v[di]->names.n;
    occ.v = malloc((total + 1) * sizeof *occ.v);
    occ.doc = malloc((total + 1) * sizeof *occ.doc);
    if (c->s->docs.n >= UINT32_MAX || !occ.v || !occ.doc) {
        c->oom = true;
        goto done;
    }
    for (size_t di = 0; di < c->s->docs.n; di++) {
        const occ_vec *names = &c->s->preps.v[di]->names;
        for (size_t i = 0; i < names->n; i++) {
            occ.v[occ.n] = &names->v[i];
            occ.doc[occ.n++] = (uint32_t)di;
        }
    }
    /* Each document's names are sorted (sort_names): in document order they
     * are sorted by cmp_occ. */
    /* Every word of every key, grouped by spelling; then the slots. */
    size_t *first_word = malloc((occ.n + 1) * sizeof *first_word); /* of each name, in wid */
    size_t *word_n = malloc((occ.n + 1) * sizeof *word_n);         /* 0: it repeats a key */
    size_t *next_name = malloc((occ.n + 1) * sizeof *next_name);
    size_t *wid = NULL; /* per word of each key: its spelling's index in words */
    if (!first_word || !word_n || !next_name ||
        index_name_words(c, &tmp, &occ, &ent, &words, first_word, word_n, next_name, &wid)) {
        c->oom = true;
        free(first_word);
        free(word_n);
        free(next_name);
        goto done;
    }
    /* The buckets are made word by word: a word's entries give the words
     * that stand after it (SIDE_LEFT slots with it for context) and the
     * words that stand before it (SIDE_RIGHT slots), a name's first eight
     * words only. A name that repeats an earlier one's key and kind has the
     * same neighbours as that one, and no entries: the buckets keep
     * distinct words only. The union keeps the smaller word as root, so
     * the sets found do not depend on the order the buckets are read in. */
    size_t most = 0; /* the most entries of one word */
    for (size_t r = 0; r < words.n; r++)
        if (words.v[r].e1 - words.v[r].e0 > most) most = words.v[r].e1 - words.v[r].e0;
    parent = malloc((words.n + 1) * sizeof *parent);
    if (!parent || xc_vec_reserve(&slots, 2 * most + 1) || xc_vec_reserve(&alone, words.n + 1)) {
        c->oom = true;
        free(first_word);
        free(word_n);
        free(next_name);
        free(wid);
        goto done;
    }
    for (size_t i = 0; i < words.n; i++) parent[i] = i;
    name_slot *after = slots.v, *before = slots.v + most;
    for (size_t r = 0; r < words.n; r++) {
        size_t na = 0, nb = 0;
        bool one_word = false;
        for (size_t e = words.v[r].e0; e < words.v[r].e1; e++) {
            size_t o = ent.v[e].occ, i = ent.v[e].pos;
            const size_t *ids = wid + first_word[o];
            size_t k = word_n[o];
            if (k > 8) k = 8;
            if (i >= k) continue; /* a name's words past the eighth have no slots */
            if (k == 1 && occ.v[o]->claim.kind == XC_CLAIM_MENTION) one_word = true;
            if (i + 1 < k)
                after[na++] = (name_slot){SIDE_LEFT, words.v[ids[i + 1]].first, r, ids[i + 1]};
            if (i > 0)
                before[nb++] = (name_slot){SIDE_RIGHT, words.v[ids[i - 1]].first, r, ids[i - 1]};
        }
        if (one_word) alone.v[alone.n++] = (name_slot){SIDE_ALONE, words.v[r].first, 0, r};
        link_slots(c, words.v, parent, after, na);
        link_slots(c, words.v, parent, before, nb);
    }
    free(first_word);
    free(word_n);
    free(wid);
    link_slots(c, words.v, parent, alone.v, alone.n);
    name_index x = {&occ, ent.v, words.v, next_name};
    if (!c->oom) name_groups(c, &x, words.n, parent);
    free(next_name);
done:
    free(parent);
    free(occ.v);
    free(occ.doc);
    xc_vec_free(&ent);
    xc_vec_free(&words);
    xc_vec_free(&slots);
    xc_vec_free(&alone);
    xc_arena_free(&tmp);
}

/* ------------------------------------------------------ document preparation */

/* Whether v[0..n) is in cmp_occ's order. */
static bool sorted_run(const name_occ *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (cmp_occ(&v[i - 1], &v[i]) > 0) return false;
    return true;
}

/* Sorts a document's names by position, and drops a capitalized run found
 * where a mention of the same name already is (the mention, which sorts
 * first, is kept). Most documents' names are merged in order as their runs
 * are found (scan_proper_names); this sorts those of the others. */
static void sort_names(occ_vec *names)
{
    size_t n = names->n;
    name_occ *v = names->v;
    if (n && !sorted_run(v, n)) qsort(v, n, sizeof *v, cmp_occ);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (kept && same_name_at(&v[kept - 1], &v[i])) continue;
        if (kept != i) v[kept] = v[i];
        kept++;
    }
    names->n = kept;
}

/* Group keys of figures, event words of dates. */
static void prepare_figures_dates(rctx *c, xc_claims_prep *p, const xc_doc *d)
{
    /* (fig_key and fig_concept are written whole below, unless out of
     * memory: not cleared first) */
    p->fig_key = xc_arena_take(&p->arena, (d->figures.n + 1) * sizeof *p->fig_key);
    p->fig_concept = xc_arena_take(&p->arena, (d->figures.n + 1) * sizeof *p->fig_concept);
    p->date_anchor = xc_arena_alloc(&p->arena, (d->dates.n + 1) * sizeof *p->date_anchor);
    if (!p->fig_key || !p->fig_concept || !p->date_anchor) {
        c->oom = true;
        return;
    }
    fig_index x;
    fig_index_build(c, &p->arena, d, &x);
    for (size_t i = 0; i < d->figures.n && !c->oom; i++) {
        p->fig_concept[i] = NULL; /* (figure_key sets it only for a key) */
        p->fig_key[i] = figure_key(c, &p->arena, d, i, &x, &p->fig_concept[i]);
    }
    p->fig_noun_concept = x.noun_c;
    fig_index_free(&x);
    p->n_figures = d->figures.n;
    /* The event word of a full, stated date is its sentence's: dates of one
     * sentence (they come in a row) take the word found for the first. */
    xc_range last = {SIZE_MAX, SIZE_MAX};
    const char *last_anchor = NULL;
    bool folds = d->fold && d->date_fold.n == d->dates.n;
    for (size_t i = 0; i < d->dates.n && folds; i++) {
        const xc_date *dt = &d->dates.v[i];
        if (dt->relative || !full_date(dt->value)) continue;
        xc_range r = sentence_around(d, d->date_fold.v[i].start);
        if (r.start != last.start || r.end != last.end)
            last_anchor = sentence_anchor(c, &p->arena, d, r);
        last = r;
        p->date_anchor[i] = last_anchor;
    }
    p->n_dates = d->dates.n;
}

/* A text a person's mentions take, with its key (NULL: no name key). */
typedef struct {
    const char *text, *key;
    size_t key_len;
    size_t next; /* the person's text seen before it, plus one; 0: none */
} mention_text;

/* The document's mentions as names, into out (room for every mention);
 * returns how many. A person's mentions repeat a few texts ("Jen Loong",
 * then "Loong" again and again): each text's key is made once per person
 * (name_key depends on the text alone), and a later mention of the same
 * text takes it. */
static size_t add_mentions(rctx *c, xc_claims_prep *p, const xc_doc *doc, name_occ *out)
{
    size_t n_out = 0;
    size_t np = doc->people.n, nm = doc->mentions.n;
    /* per person, its latest text plus one (0: none yet), then the texts; on
     * the stack when they fit (most documents) */
    size_t small[256];
    size_t need = (np + 1) * sizeof(size_t) + (nm + 1) * sizeof(mention_text);
    size_t *latest = need <= sizeof small ? small : malloc(need);
    mention_text *seen = latest ? (mention_text *)(latest + np + 1) : NULL;
    size_t n_seen = 0;
    if (latest) memset(latest, 0, (np + 1) * sizeof *latest);
    for (size_t i = 0; i < nm && !c->oom; i++) {
        const xc_mention *m = &doc->mentions.v[i];
        if (!m->text) continue;
        bool memo = latest && m->person >= 0 && (size_t)m->person < np;
        size_t k = memo ? latest[m->person] : 0;
        /* (a form's later mentions often share its first one's text: the
         * same pointer is the same text without reading it) */
        while (k && seen[k - 1].text != m->text && strcmp(seen[k - 1].text, m->text))
            k = seen[k - 1].next;
        const char *key;
        size_t kl = 0;
        if (k)
            key = seen[k - 1].key, kl = seen[k - 1].key_len;
        else {
            key = name_key(c, &p->arena, m->text, strlen(m->text), 1, &kl);
            if (memo) {
                seen[n_seen] = (mention_text){m->text, key, kl, latest[m->person]};
                latest[m->person] = ++n_seen;
            }
        }
        if (!key) continue;
        out[n_out++] = (name_occ){key, key_len_of(kl), make_claim(XC_CLAIM_MENTION, doc, i), 0, 0};
    }
    if (latest != small) free(latest);
    return n_out;
}

/* The mentions a document's preparation sets aside on the stack, when they fit. */
#define NAMES_SMALL 32

static xc_claims_prep *claims_prepare(const xc_doc *doc, const xc_rules *rules, bool alone)
{
    xc_claims_prep *p = calloc(1, sizeof *p);
    if (!p || !doc) {
        free(p);
        return NULL;
    }
    xc_arena_init(&p->arena);
    p->serial = rules ? xc_rules_serial(rules) : 0;
    p->alone = alone;
    rctx c = {NULL, rules, {0}, {0}, false, {0}, thread_lists(rules), &p->arena, NULL, 0};
    /* Room for the mentions and one capitalized run in 650 bytes of text
     * (about what the ECB+ articles have), a few more, rounded up to a power
     * of two (xc_vec_reserve): most documents need no second allocation,
     * and most fill half of the room or more, so that giving back the rest
     * (xc_vec_fit, below) is a shrink the allocator makes in place more
     * often than a copy of the names to a smaller block. */
    if (xc_vec_reserve(&p->names, doc->mentions.n + doc->fold_len / 650 + 4)) c.oom = true;
    /* The mentions are set aside (on the stack when they fit): in order
     * (nearly every document's), the runs are merged into them as they are
     * found. */
    size_t nm = doc->mentions.n;
    name_occ small[NAMES_SMALL], *ment = nm <= NAMES_SMALL ? small : malloc(nm * sizeof *ment);
    if (!ment) c.oom = true;
    size_t n_mentions = !c.oom ? add_mentions(&c, p, doc, ment) : 0;
    if (!c.oom && n_mentions && sorted_run(ment, n_mentions)) {
        if (!scan_proper_names(&c, &p->arena, &p->names, doc, ment, n_mentions) && !c.oom) {
            /* two runs at one place: read again, sorted after */
            memcpy(p->names.v, ment, n_mentions * sizeof *ment);
            p->names.n = n_mentions;
            scan_proper_names(&c, &p->arena, &p->names, doc, NULL, 0);
            if (!c.oom) sort_names(&p->names);
        }
    } else if (!c.oom) {
        /* (the names have room for the mentions: reserved above) */
        if (n_mentions) memcpy(p->names.v, ment, n_mentions * sizeof *ment);
        p->names.n = n_mentions;
        scan_proper_names(&c, &p->arena, &p->names, doc, NULL, 0);
        if (!c.oom) sort_names(&p->names);
    }
    if (ment != small) free(ment);
    if (!c.oom && !alone) prepare_quotes(&c, p, doc);
    if (!c.oom) prepare_figures_dates(&c, p, doc);
    if (!c.oom && !alone) {
        /* kept until the story is read: without the room reserved above */
        xc_vec_fit(&p->names);
        xc_vec_fit(&p->words);
    }
    xc_buf_free(&c.scratch);
    if (c.oom) {
        xc_claims_prep_free(p);
        return NULL;
    }
    return p;
}

xc_claims_prep *xc_claims_prepare(const xc_doc *doc, const xc_rules *rules)
{
    return claims_prepare(doc, rules, false);
}

xc_claims_prep *xc_claims_prepare_alone(const xc_doc *doc, const xc_rules *rules)
{
    return claims_prepare(doc, rules, true);
}

void xc_claims_prep_free(xc_claims_prep *p)
{
    if (!p) return;
    xc_vec_free(&p->names);
    xc_vec_free(&p->words);
    xc_arena_free(&p->arena);
    free(p);
}

/* Prepares the documents that were added without a preparation, or with
 * one made with another rule set, or made for a story of that document
 * alone when the story compares quotes. */
static void prepare_story(rctx *c)
{
    uint64_t serial = c->rules ? xc_rules_serial(c->rules) : 0;
    bool quotes = compares_quotes(c->s);
    for (size_t i = 0; i < c->s->docs.n && !c->oom; i++) {
        xc_claims_prep **p = &c->s->preps.v[i];
        if (*p && ((*p)->serial != serial || ((*p)->alone && quotes))) {
            xc_claims_prep_free(*p);
            *p = NULL;
        }
        if (!*p && !(*p = claims_prepare(c->s->docs.v[i], c->rules, !quotes))) c->oom = true;
    }
}

/* --------------------------------------------------------------- findings */

static bool suppressed(const pending *p)
{
    if (!p->claims.n) return false;
    const xc_claim *cl = &p->claims.v[0];
    const xc_doc *d = cl->doc;
    for (size_t i = 0; i < d->disabled.n; i++)
        if (cl->span.start >= d->disabled.v[i].start && cl->span.start < d->disabled.v[i].end)
            return true;
    if (!d->n_suppress) return false;
    unsigned line, col;
    xc_doc_position(d, cl->span.start, &line, &col);
    for (size_t i = 0; i < d->n_suppress; i++)
        if (d->suppress[i].line == line &&
            (!d->suppress[i].kind || !strcmp(d->suppress[i].kind, p->kind)))
            return true;
    return false;
}

typedef struct {
    pending *p;
    size_t doc, start;
} sort_key;

static int cmp_key(const void *pa, const void *pb)
{
    const sort_key *a = pa, *b = pb;
    if (a->p->severity != b->p->severity) return a->p->severity > b->p->severity ? -1 : 1;
    if (a->doc != b->doc) return a->doc < b->doc ? -1 : 1;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    int r = strcmp(a->p->kind, b->p->kind);
    if (!r) r = strcmp(a->p->message, b->p->message);
    if (!r) r = strcmp(a->p->diff ? a->p->diff : "", b->p->diff ? b->p->diff : "");
    return r;
}

/* Drafts first (CI mode), suppressions, order, and a copy into the story. */
static void finish(rctx *c)
{
    xc_story *s = c->s;
    sort_key *keys = calloc(c->out.n + 1, sizeof *keys);
    if (!keys) {
        c->oom = true;
        return;
    }
    size_t nk = 0;
    for (size_t i = 0; i < c->out.n; i++) {
        pending *p = &c->out.v[i];
        if (!p->claims.n) continue;
        if (s->n_drafts) {
            size_t k = 0;
            while (k < p->claims.n && !s->draft.v[doc_index(s, p->claims.v[k].doc)]) k++;
            if (k == p->claims.n) {
                if (!c->opts.include_source_conflicts) continue;
            } else if (k) {
                xc_claim first = p->claims.v[k];
                memmove(p->claims.v + 1, p->claims.v, k * sizeof *p->claims.v);
                p->claims.v[0] = first;
            }
        }
        if (suppressed(p)) continue;
        keys[nk++] = (sort_key){p, doc_index(s, p->claims.v[0].doc), p->claims.v[0].span.start};
    }
    if (nk) qsort(keys, nk, sizeof *keys, cmp_key);
    s->findings = xc_arena_alloc(&s->arena, (nk + 1) * sizeof *s->findings);
    if (!s->findings) {
        c->oom = true;
        free(keys);
        return;
    }
    for (size_t i = 0; i < nk; i++) {
        const pending *p = keys[i].p;
        xc_claim *cl = xc_arena_alloc(&s->arena, p->claims.n * sizeof *cl);
        const char *msg = xc_arena_strdup(&s->arena, p->message);
        const char *diff = p->diff ? xc_arena_strdup(&s->arena, p->diff) : NULL;
        const char *concept = p->concept ? xc_arena_strdup(&s->arena, p->concept) : NULL;
        if (!cl || !msg || (p->diff && !diff) || (p->concept && !concept)) {
            c->oom = true;
            break;
        }
        memcpy(cl, p->claims.v, p->claims.n * sizeof *cl);
        s->findings[i] = (xc_finding){p->kind, p->severity, concept, msg, diff, cl, p->claims.n};
    }
    s->n_findings = c->oom ? 0 : nk;
    free(keys);
}

xc_status xc_story_reconcile(xc_story *s, const xc_rules *rules, const xc_check_opts *opts)
{
    if (!s || s->reconciled) return XC_ERR_USAGE;
    s->reconciled = true;
    rctx c = {
        s,    rules, opts ? *opts : (xc_check_opts){0}, {0}, false, {0}, thread_lists(rules), NULL,
        NULL, 0};
    prepare_story(&c);
    if (!c.oom) reconcile_figures(&c);
    if (!c.oom) reconcile_dates(&c);
    if (!c.oom && compares_quotes(s)) reconcile_quotes(&c);
    if (!c.oom) reconcile_names(&c);
    if (!c.oom) finish(&c);
    for (size_t i = 0; i < c.out.n; i++) pending_free(&c.out.v[i]);
    xc_vec_free(&c.out);
    xc_buf_free(&c.scratch);
    if (c.oom) {
        s->n_findings = 0;
        return XC_ERR_NOMEM;
    }
    return XC_OK;
}
