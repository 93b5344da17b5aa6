/* rules.c — rule files: reading the YAML (libyaml document API, keeping the
 * position of every node), checking it, compiling each pattern with the
 * fragments and lists it uses, deriving triggers, and running the examples. */
#include "rules_impl.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utf8proc.h>
#include <yaml.h>

/* ------------------------------------------------------ loading state */

typedef struct {
    const char *path; /* in the rule set's arena */
    char *src;
    size_t len;
    XC_VEC(size_t) lines; /* byte offset of each line start */
} srcfile;

/* Where a scalar is in its file, to point at a byte inside its value. */
typedef struct {
    int file;
    yaml_scalar_style_t style;
    size_t line, col; /* libyaml mark: 0-based, column in characters */
    const char *val;
    size_t vlen;
} xc_loc;

typedef struct {
    const char *name;
    xc_loc body;
    bool bad, checked;
} defspec;

typedef struct {
    const char *s;
    xc_loc loc;
} strspec;

typedef XC_VEC(strspec) strspecs;

typedef struct {
    xc_rule *r;
    xc_loc at; /* the rule's mapping */
    xc_loc pat, idloc;
    bool has_pat, has_pat_typo, has_trigger, bad;
    strspecs triggers;
    strspecs groups;
} rulespec;

typedef struct {
    xc_rules *rs;
    xc_diags *diags;
    size_t errors;
    bool jit, jit_warned;
    XC_VEC(srcfile) files;
    XC_VEC(defspec) defs;
    XC_VEC(rulespec) rules;
    XC_VEC(xc_loc) listlocs; /* parallel to rs->lists */
    xc_buf *alts;            /* each list's alternation, once built (list_alternation) */
    size_t n_alts;
} loader;

static const char *const top_keys[] = {"kind",   "version", "description", "settings",
                                       "define", "lists",   "rules",       NULL};
static const char *const rule_keys[] = {"id", "pattern", "trigger", "groups", "examples", NULL};
static const char *const example_keys[] = {"text", "match", "groups", NULL};
static const char *const trigger_names[] = {"digit", "upper",    "quote",     "symbol",
                                            "word",  "sentence", "paragraph", NULL};
static const uint64_t trigger_bits[] = {XC_TRIG_DIGIT,    XC_TRIG_UPPER, XC_TRIG_QUOTE,
                                        XC_TRIG_SYMBOL,   XC_TRIG_WORD,  XC_TRIG_SENTENCE,
                                        XC_TRIG_PARAGRAPH};

/* ------------------------------------------------------------ positions */

static size_t line_of(const srcfile *f, size_t byte)
{
    size_t lo = 0, hi = f->lines.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->lines.v[mid] <= byte)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? lo - 1 : 0;
}

/* Byte offset of a libyaml mark (line, column in characters). */
static size_t mark_byte(const srcfile *f, size_t line, size_t col)
{
    if (f->lines.n == 0) return 0;
    if (line >= f->lines.n) return f->len;
    size_t b = f->lines.v[line];
    while (col > 0 && b < f->len && f->src[b] != '\n') {
        b++;
        while (b < f->len && ((unsigned char)f->src[b] & 0xC0) == 0x80) b++;
        col--;
    }
    return b;
}

static bool yspace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Byte offset in the file of byte `off` of a scalar's value. Exact for plain
 * one-line, quoted and literal (|) scalars; folded and multi-line scalars are
 * aligned character by character. */
static size_t scalar_byte(const loader *L, const xc_loc *loc, size_t off)
{
    const srcfile *f = &L->files.v[loc->file];
    size_t b = mark_byte(f, loc->line, loc->col);
    const char *src = f->src, *val = loc->val;
    size_t n = f->len;
    if (off > loc->vlen) off = loc->vlen;
    /* The end of a block scalar is the end of its last line, not the next line. */
    if (off && off == loc->vlen && val[off - 1] == '\n') off--;
    if (loc->style == YAML_LITERAL_SCALAR_STYLE || loc->style == YAML_FOLDED_SCALAR_STYLE) {
        size_t line = loc->line + 1, indent = 0;
        /* Content indentation: the first line that is not blank. */
        for (size_t l = line; l < f->lines.n; l++) {
            size_t s = f->lines.v[l], e = s;
            while (e < n && src[e] == ' ') e++;
            if (e < n && src[e] != '\n' && src[e] != '\r') {
                indent = e - s;
                break;
            }
        }
        if (loc->style == YAML_LITERAL_SCALAR_STYLE) {
            size_t k = 0, ls = 0;
            for (size_t i = 0; i < off; i++)
                if (val[i] == '\n') k++, ls = i + 1;
            if (line + k >= f->lines.n) return n;
            size_t p = f->lines.v[line + k] + indent + (off - ls);
            return p < n ? p : n;
        }
        b = line < f->lines.n ? f->lines.v[line] + indent : n;
    } else if (loc->style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
               loc->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
        b++;
    }
    size_t v = 0;
    while (v < off && b < n) {
        if (loc->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE && src[b] == '\\' && b + 1 < n) {
            char e = src[b + 1];
            size_t sl = 2, vl = 1;
            if (e == 'x')
                sl = 4;
            else if (e == 'u' || e == 'U') {
                sl = e == 'u' ? 6 : 10;
                unsigned long cp;
                char hex[9] = {0};
                for (size_t k = 0; k + 2 < sl && b + 2 + k < n && k < 8; k++)
                    hex[k] = src[b + 2 + k];
                cp = strtoul(hex, NULL, 16);
                vl = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            } else if (e == 'N' || e == '_')
                vl = 2;
            else if (e == 'L' || e == 'P')
                vl = 3;
            else if (e == '\n')
                vl = 0;
            b += sl;
            v += vl;
            continue;
        }
        if (loc->style == YAML_SINGLE_QUOTED_SCALAR_STYLE && src[b] == '\'' && b + 1 < n &&
            src[b + 1] == '\'') {
            b += 2;
            v++;
            continue;
        }
        if (src[b] == val[v]) {
            b++, v++;
        } else if (yspace(src[b])) {
            b++;
        } else if (yspace(val[v])) {
            v++;
        } else {
            b++, v++;
        }
    }
    return b;
}

static void report_at(loader *L, xc_severity sev, const char *code, int file, size_t byte,
                      const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void report_at(loader *L, xc_severity sev, const char *code, int file, size_t byte,
                      const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const srcfile *f = &L->files.v[file];
    if (byte > f->len) byte = f->len;
    size_t ln = line_of(f, byte);
    size_t ls = f->lines.n ? f->lines.v[ln] : 0, le = ls;
    while (le < f->len && f->src[le] != '\n' && f->src[le] != '\r') le++;
    char *line = malloc(le - ls + 1);
    if (line) {
        memcpy(line, f->src + ls, le - ls);
        line[le - ls] = '\0';
    }
    unsigned col = (unsigned)xc_utf8_count(f->src + ls, byte - ls) + 1;
    xc_diags_add(L->diags, sev, code, f->path, (unsigned)ln + 1, col, byte, line, "%s", msg);
    free(line);
    if (sev == XC_ERROR) L->errors++;
}

#define ERR_NODE(L, fi, node, code, ...)                                                           \
    report_at((L), XC_ERROR, (code), (fi),                                                         \
              mark_byte(&(L)->files.v[fi], (node)->start_mark.line, (node)->start_mark.column),    \
              __VA_ARGS__)
#define ERR_LOC(L, loc, off, code, ...)                                                            \
    report_at((L), XC_ERROR, (code), (loc)->file, scalar_byte((L), (loc), (off)), __VA_ARGS__)

/* ------------------------------------------------------- small helpers */

static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40) return 99;
    size_t d[41][41];
    for (size_t i = 0; i <= la; i++) d[i][0] = i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t x = d[i - 1][j] + 1, y = d[i][j - 1] + 1,
                   z = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            d[i][j] = x < y ? (x < z ? x : z) : (y < z ? y : z);
        }
    return d[la][lb];
}

/* The closest of the candidates when it is a likely misspelling, else NULL. */
static const char *near_miss(const char *word, const char *const *cands)
{
    const char *best = NULL;
    size_t bd = 99, lw = strlen(word);
    for (size_t i = 0; cands[i]; i++) {
        size_t d = edit_distance(word, cands[i]);
        if (d < bd) bd = d, best = cands[i];
    }
    size_t lim = lw <= 4 ? 1 : 2;
    return best && bd > 0 && bd <= lim && bd < strlen(best) ? best : NULL;
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static bool is_null(const yaml_node_t *n)
{
    if (!n || n->type != YAML_SCALAR_NODE) return false;
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return false;
    const char *s = (const char *)n->data.scalar.value;
    return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL");
}

/* Position of a node; a scalar's value is copied (the YAML document is freed
 * after its file is read, errors about patterns come later). */
static xc_loc loc_of(loader *L, int file, const yaml_node_t *n)
{
    xc_loc l = {file, YAML_PLAIN_SCALAR_STYLE, n->start_mark.line, n->start_mark.column, "", 0};
    if (n->type == YAML_SCALAR_NODE) {
        const char *v = xc_arena_strndup(&L->rs->arena, (const char *)n->data.scalar.value,
                                         n->data.scalar.length);
        if (v) {
            l.style = n->data.scalar.style;
            l.val = v;
            l.vlen = n->data.scalar.length;
        } else {
            L->errors++;
        }
    }
    return l;
}

static bool valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 32 || (s[0] >= '0' && s[0] <= '9')) return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    }
    return true;
}

/* Compares dotted version numbers ("1.10" > "1.9"); other text byte-wise. */
static int version_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            while (*a == '0') a++;
            while (*b == '0') b++;
            size_t la = 0, lb = 0;
            while (a[la] >= '0' && a[la] <= '9') la++;
            while (b[lb] >= '0' && b[lb] <= '9') lb++;
            if (la != lb) return la < lb ? -1 : 1;
            int c = memcmp(a, b, la);
            if (c) return c;
            a += la, b += lb;
        } else {
            if (*a != *b) return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
            a++, b++;
        }
    }
    return *a ? 1 : *b ? -1 : 0;
}

/* Lower case, runs of white space as one space, trimmed: the form list
 * lookups compare. Writes at most 4 * len bytes; returns the length. */
static size_t normalize(const char *s, size_t len, char *out)
{
    size_t k = 0, i = 0;
    /* Most lookups are one ASCII word: lower-case it and be done. */
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= ' ' || c >= 0x80) break;
        out[k++] = (char)((unsigned)(c - 'A') < 26u ? c + 32 : c);
    }
    bool space = false;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && c != ' ' && (c < '\t' || c > '\r')) {
            if (space) out[k++] = ' ';
            space = false;
            out[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
            i++;
            continue;
        }
        int32_t cp;
        size_t l = xc_utf8_decode(s, len, i, &cp);
        i += l;
        if (cp == ' ' || (cp >= '\t' && cp <= '\r') ||
            (cp >= 0x80 && utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS)) {
            space = k > 0;
            continue;
        }
        if (space) out[k++] = ' ';
        space = false;
        k += (size_t)utf8proc_encode_char(utf8proc_tolower(cp), (utf8proc_uint8_t *)out + k);
    }
    return k;
}

/* -------------------------------------------------------------- lists */

static const xc_entry *list_lookup(const xc_list *l, const char *key, size_t kl)
{
    if (!l->nslots) return NULL;
    uint64_t h = xc_key_hash(key, kl), tag = h >> 32;
    for (size_t i = (size_t)h & (l->nslots - 1);; i = (i + 1) & (l->nslots - 1)) {
        uint64_t v = l->slots[i];
        if (!v) return NULL;
        if (v >> 32 != tag) continue;
        size_t e = (size_t)(v & 0xFFFFFFFFu) - 1;
        if (l->keylens[e] == kl && !memcmp(l->keys[e], key, kl)) return &l->entries[e];
    }
}

#define LIST_FILTER_BITS 4096u

/* Filter bit of a key or word whose first byte a and second byte b (0 when
 * it has one byte) are lower-case printable ASCII, or -1 when they are not:
 * such words are always looked up. */
static long list_filter_bit(const char *s, size_t len)
{
    if (len == 0) return -1;
    unsigned a = (unsigned char)s[0], b = len > 1 ? (unsigned char)s[1] : 0;
    if (a <= ' ' || a >= 0x80 || (len > 1 && (b <= ' ' || b >= 0x80))) return -1;
    if (a - 'A' < 26u) a += 32;
    if (b - 'A' < 26u) b += 32;
    return (long)((((a << 8 | b) * 2654435761u) >> 12) & (LIST_FILTER_BITS - 1));
}

static int list_index(xc_arena *a, xc_list *l)
{
    if (l->n >= UINT32_MAX / 2) return -1; /* entry indexes are 32-bit in the slots */
    l->keys = xc_arena_alloc(a, (l->n + 1) * sizeof *l->keys);
    l->keylens = xc_arena_alloc(a, (l->n + 1) * sizeof *l->keylens);
    size_t ns = 16;
    while (ns < 2 * l->n + 16) ns *= 2;
    l->slots = xc_arena_alloc(a, ns * sizeof *l->slots);
    l->filter = xc_arena_alloc(a, LIST_FILTER_BITS / 8);
    if (!l->keys || !l->keylens || !l->slots || !l->filter) return -1;
    l->nslots = ns;
    /* One block for all keys: a key takes at most 4 bytes per byte of its
     * word, and the room left past the keys written before is never less. */
    size_t room = 0;
    for (size_t i = 0; i < l->n; i++) {
        l->keylens[i] = strlen(l->entries[i].word);
        room += 4 * l->keylens[i] + 1;
    }
    char *next = xc_arena_alloc(a, room + 1);
    if (!next) return -1;
    for (size_t i = 0; i < l->n; i++) {
        char *k = next;
        size_t kl = normalize(l->entries[i].word, l->keylens[i], k);
        k[kl] = '\0';
        next = k + kl + 1;
        l->keys[i] = k;
        l->keylens[i] = kl;
        long bit = list_filter_bit(k, kl);
        if (bit >= 0) l->filter[bit >> 3] |= (uint8_t)(1u << (bit & 7));
        if (list_lookup(l, k, kl)) continue; /* the first of two equal words wins */
        uint64_t h = xc_key_hash(k, kl);
        size_t j = (size_t)h & (ns - 1);
        while (l->slots[j]) j = (j + 1) & (ns - 1);
        l->slots[j] = (h >> 32) << 32 | (uint64_t)(i + 1);
    }
    return 0;
}

static int rule_id_cmp(const void *a, const void *b)
{
    return strcmp((*(xc_rule *const *)a)->id, (*(xc_rule *const *)b)->id);
}

/* Hash of a list name: its length and its first eight bytes are enough to
 * tell the names of a rule set apart. */
static size_t name_hash(const char *name, size_t len)
{
    uint64_t w = 0;
    memcpy(&w, name, len < 8 ? len : 8);
    uint64_t h = (w ^ len) * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h ^ h >> 32);
}

/* Extractors look lists up by name for every word they test: one hash and,
 * mostly, one comparison (names are unique). */
const xc_list *xc_rules_list(const xc_rules *rs, const char *name)
{
    if (!rs || !name || !rs->n_list_slots) return NULL;
    size_t mask = rs->n_list_slots - 1;
    size_t len = strlen(name);
    for (size_t i = name_hash(name, len) & mask;; i = (i + 1) & mask) {
        const xc_list *l = rs->list_slots[i];
        if (!l) return NULL;
        if (!strcmp(l->name, name)) return l;
    }
}

/* The table behind xc_rules_list. Returns 0, or -1 when out of memory. */
static int index_list_names(xc_rules *rs)
{
    size_t ns = 16;
    while (ns < 2 * rs->lists.n) ns *= 2;
    rs->list_slots = xc_arena_alloc(&rs->arena, ns * sizeof *rs->list_slots);
    if (!rs->list_slots) return -1;
    for (size_t k = 0; k < rs->lists.n; k++) {
        xc_list *l = rs->lists.v[k];
        size_t i = name_hash(l->name, strlen(l->name)) & (ns - 1);
        while (rs->list_slots[i]) i = (i + 1) & (ns - 1);
        rs->list_slots[i] = l;
    }
    rs->n_list_slots = ns;
    return 0;
}

const xc_entry *xc_list_find(const xc_list *l, const char *s, size_t len)
{
    if (!l || !s) return NULL;
    /* A word that starts with two printable ASCII bytes normalizes to a key
     * that starts with them lower-cased: no key starts so, no lookup. */
    long bit = list_filter_bit(s, len);
    if (bit >= 0 && l->filter && !(l->filter[bit >> 3] >> (bit & 7) & 1)) return NULL;
    char small[256];
    char *buf = len * 4 <= sizeof small ? small : malloc(len * 4 + 1);
    if (!buf) return NULL;
    size_t kl = normalize(s, len, buf);
    const xc_entry *e = list_lookup(l, buf, kl);
    if (buf != small) free(buf);
    return e;
}

size_t xc_list_size(const xc_list *l)
{
    return l ? l->n : 0;
}

const xc_entry *xc_list_at(const xc_list *l, size_t i)
{
    return l && i < l->n ? &l->entries[i] : NULL;
}

const char *xc_entry_attr(const xc_entry *e, const char *key)
{
    for (size_t i = 0; e && i < e->n_attrs; i++)
        if (!strcmp(e->attrs[i].key, key)) return e->attrs[i].value;
    return NULL;
}

/* -------------------------------------------------------- rule access */

static const xc_kind *find_kind(const xc_rules *rs, const char *kind)
{
    for (size_t i = 0; rs && kind && i < rs->kinds.n; i++)
        if (!strcmp(rs->kinds.v[i].name, kind)) return &rs->kinds.v[i];
    return NULL;
}

size_t xc_rules_of_kind(const xc_rules *rs, const char *kind, const xc_rule *const **out)
{
    const xc_kind *k = find_kind(rs, kind);
    *out = k ? k->rules.v : NULL;
    return k ? k->rules.n : 0;
}

const xc_rule *xc_rules_find(const xc_rules *rs, const char *id)
{
    if (!rs || !id || !rs->rules_by_id) return NULL;
    xc_rule key = {.id = id}, *kp = &key;
    xc_rule **hit =
        bsearch(&kp, rs->rules_by_id, rs->rules.n, sizeof *rs->rules_by_id, rule_id_cmp);
    return hit ? *hit : NULL;
}

const char *xc_rule_id(const xc_rule *r)
{
    return r ? r->id : "";
}

const char *xc_rule_kind(const xc_rule *r)
{
    return r ? r->kind : "";
}

const char *xc_rule_attr(const xc_rule *r, const char *key)
{
    for (size_t i = 0; r && i < r->n_attrs; i++)
        if (!strcmp(r->attrs[i].key, key)) return r->attrs[i].value;
    return NULL;
}

int xc_rule_group(const xc_rule *r, const char *name)
{
    if (!r || !r->code) return -1;
    int n = pcre2_substring_number_from_name(r->code, (PCRE2_SPTR)name);
    return n < 0 ? -1 : n;
}

const char *xc_rules_setting(const xc_rules *rs, const char *kind, const char *key)
{
    if (!rs) return NULL;
    size_t kl = strlen(kind);
    for (size_t i = 0; i < rs->settings.n; i++) {
        const char *k = rs->settings.v[i].key;
        if (!strncmp(k, kind, kl) && k[kl] == '.' && !strcmp(k + kl + 1, key))
            return rs->settings.v[i].value;
    }
    return NULL;
}

const char *xc_rules_version(const xc_rules *rs)
{
    return rs && rs->version ? rs->version : "unversioned";
}

void xc_rules_each(const xc_rules *rs,
                   void (*fn)(void *, const char *, unsigned, const char *, const char *),
                   void *ctx)
{
    for (size_t i = 0; rs && i < rs->rules.n; i++) {
        const xc_rule *r = rs->rules.v[i];
        fn(ctx, r->file, r->line, r->kind, r->id);
    }
}

/* ---------------------------------------------------- reading one file */

/* Was this key already given earlier in the same mapping? Reports it. */
static bool dup_key(loader *L, int fi, yaml_document_t *d, yaml_node_t *map, yaml_node_pair_t *p,
                    const char *where)
{
    const char *key = scalar(yaml_document_get_node(d, p->key));
    if (!key) return false;
    for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
        const char *k = scalar(yaml_document_get_node(d, q->key));
        if (k && !strcmp(k, key)) {
            ERR_NODE(L, fi, yaml_document_get_node(d, p->key), "rule-key", "%sduplicate key '%s'",
                     where, key);
            return true;
        }
    }
    return false;
}

#define PAIRS(node, p)                                                                             \
    for (yaml_node_pair_t *p = (node)->data.mapping.pairs.start;                                   \
         p < (node)->data.mapping.pairs.top; p++)
#define ITEMS(node, it)                                                                            \
    for (yaml_node_item_t *it = (node)->data.sequence.items.start;                                 \
         it < (node)->data.sequence.items.top; it++)

/* Known names of defines and lists (for duplicates and "did you mean"). */
static bool name_taken(loader *L, const char *name, int fi, const yaml_node_t *at)
{
    for (size_t i = 0; i < L->defs.n; i++)
        if (!strcmp(L->defs.v[i].name, name)) {
            const xc_loc *o = &L->defs.v[i].body;
            ERR_NODE(L, fi, at, "rule-duplicate", "duplicate name '%s' (first defined in %s:%zu)",
                     name, L->files.v[o->file].path, o->line + 1);
            return true;
        }
    for (size_t i = 0; i < L->rs->lists.n; i++)
        if (!strcmp(L->rs->lists.v[i]->name, name)) {
            const xc_loc *o = &L->listlocs.v[i];
            ERR_NODE(L, fi, at, "rule-duplicate", "duplicate name '%s' (first defined in %s:%zu)",
                     name, L->files.v[o->file].path, o->line + 1);
            return true;
        }
    return false;
}

static bool check_name(loader *L, int fi, const yaml_node_t *key, const char *what, bool strict)
{
    const char *name = scalar(key);
    if (!name || !*name || (strict && !valid_name(name))) {
        ERR_NODE(L, fi, key, "rule-name",
                 "invalid %s name '%s' (letters, digits and '_', at most 32, not starting with a "
                 "digit)",
                 what, name ? name : "");
        return false;
    }
    return !name_taken(L, name, fi, key);
}

static void read_define(loader *L, int fi, yaml_document_t *d, yaml_node_t *node)
{
    if (node->type != YAML_MAPPING_NODE) {
        ERR_NODE(L, fi, node, "rule-type", "'define' must be a mapping of names to patterns");
        return;
    }
    PAIRS(node, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        if (!check_name(L, fi, k, "fragment", true)) continue;
        if (!scalar(v)) {
            ERR_NODE(L, fi, v, "rule-type", "fragment '%s' must be a string", scalar(k));
            continue;
        }
        defspec ds = {xc_arena_strdup(&L->rs->arena, scalar(k)), loc_of(L, fi, v), false, false};
        if (xc_vec_push(&L->defs, ds)) L->errors++;
    }
}

static xc_attr *scalar_attrs(loader *L, int fi, yaml_document_t *d, yaml_node_t *m, size_t *n,
                             const char *what)
{
    size_t cap = (size_t)(m->data.mapping.pairs.top - m->data.mapping.pairs.start);
    xc_attr *a = xc_arena_alloc(&L->rs->arena, (cap + 1) * sizeof *a);
    *n = 0;
    if (!a) return NULL;
    PAIRS(m, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        if (!scalar(k) || !scalar(v)) {
            ERR_NODE(L, fi, scalar(k) ? v : k, "rule-type", "%s: attributes must be strings", what);
            continue;
        }
        a[*n].key = xc_arena_strdup(&L->rs->arena, scalar(k));
        a[*n].value = xc_arena_strdup(&L->rs->arena, is_null(v) ? "" : scalar(v));
        (*n)++;
    }
    return a;
}

static void read_lists(loader *L, int fi, yaml_document_t *d, yaml_node_t *node)
{
    xc_arena *ar = &L->rs->arena;
    if (node->type != YAML_MAPPING_NODE) {
        ERR_NODE(L, fi, node, "rule-type", "'lists' must be a mapping of names to word lists");
        return;
    }
    PAIRS(node, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        if (!check_name(L, fi, k, "list", false)) continue;
        const char *name = scalar(k);
        xc_list *l = xc_arena_alloc(ar, sizeof *l);
        if (!l) {
            L->errors++;
            return;
        }
        l->name = xc_arena_strdup(ar, name);
        l->file = L->files.v[fi].path;
        l->line = (unsigned)k->start_mark.line + 1;
        l->column = (unsigned)k->start_mark.column + 1;
        l->bit = -1;
        if (v->type == YAML_SEQUENCE_NODE) {
            size_t cap = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
            l->entries = xc_arena_alloc(ar, (cap + 1) * sizeof *l->entries);
            if (!l->entries) return;
            ITEMS(v, it)
            {
                yaml_node_t *w = yaml_document_get_node(d, *it);
                if (!scalar(w) || is_null(w)) {
                    ERR_NODE(L, fi, w, "rule-type", "list '%s': every entry must be a word", name);
                    continue;
                }
                l->entries[l->n++].word = xc_arena_strdup(ar, scalar(w));
            }
        } else if (v->type == YAML_MAPPING_NODE) {
            size_t cap = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
            l->entries = xc_arena_alloc(ar, (cap + 1) * sizeof *l->entries);
            if (!l->entries) return;
            PAIRS(v, q)
            {
                yaml_node_t *w = yaml_document_get_node(d, q->key),
                            *a = yaml_document_get_node(d, q->value);
                if (!scalar(w) || is_null(w)) {
                    ERR_NODE(L, fi, w, "rule-type", "list '%s': every entry must be a word", name);
                    continue;
                }
                xc_entry *e = &l->entries[l->n++];
                e->word = xc_arena_strdup(ar, scalar(w));
                if (a->type == YAML_MAPPING_NODE) {
                    e->attrs = scalar_attrs(L, fi, d, a, &e->n_attrs, name);
                } else if (scalar(a) && !is_null(a)) {
                    xc_attr *at = xc_arena_alloc(ar, sizeof *at);
                    if (!at) return;
                    at->key = "value";
                    at->value = xc_arena_strdup(ar, scalar(a));
                    e->attrs = at;
                    e->n_attrs = 1;
                } else if (!is_null(a)) {
                    ERR_NODE(L, fi, a, "rule-type",
                             "list '%s': the value of '%s' must be a string or a mapping", name,
                             e->word);
                }
            }
        } else {
            ERR_NODE(L, fi, v, "rule-type", "list '%s' must be a sequence or a mapping of words",
                     name);
            continue;
        }
        if (list_index(ar, l) || xc_vec_push(&L->rs->lists, l) ||
            xc_vec_push(&L->listlocs, loc_of(L, fi, k)))
            L->errors++;
    }
}

static void read_settings(loader *L, int fi, yaml_document_t *d, yaml_node_t *node,
                          const char *kind)
{
    if (node->type != YAML_MAPPING_NODE) {
        ERR_NODE(L, fi, node, "rule-type", "'settings' must be a mapping of names to values");
        return;
    }
    PAIRS(node, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        if (!scalar(k) || !scalar(v)) {
            ERR_NODE(L, fi, scalar(k) ? v : k, "rule-type", "settings must be strings");
            continue;
        }
        if (!kind || xc_rules_setting(L->rs, kind, scalar(k))) continue; /* first wins */
        xc_attr a = {xc_arena_printf(&L->rs->arena, "%s.%s", kind, scalar(k)),
                     xc_arena_strdup(&L->rs->arena, scalar(v))};
        if (!a.key || !a.value || xc_vec_push(&L->rs->settings, a)) L->errors++;
    }
}

static void read_strings(loader *L, int fi, yaml_document_t *d, yaml_node_t *v, strspecs *out,
                         const char *rid, const char *key, const char *what)
{
    if (scalar(v) && !is_null(v)) {
        xc_loc l = loc_of(L, fi, v);
        if (xc_vec_push(out, ((strspec){xc_arena_strdup(&L->rs->arena, scalar(v)), l})))
            L->errors++;
        return;
    }
    if (v->type != YAML_SEQUENCE_NODE) {
        ERR_NODE(L, fi, v, "rule-type", "in rule '%s': '%s' must be %s", rid, key, what);
        return;
    }
    ITEMS(v, it)
    {
        yaml_node_t *x = yaml_document_get_node(d, *it);
        if (!scalar(x) || is_null(x)) {
            ERR_NODE(L, fi, x, "rule-type", "in rule '%s': '%s' must be %s", rid, key, what);
            continue;
        }
        if (xc_vec_push(out,
                        ((strspec){xc_arena_strdup(&L->rs->arena, scalar(x)), loc_of(L, fi, x)})))
            L->errors++;
    }
}

static char *line_copy(loader *L, int fi, size_t line)
{
    const srcfile *f = &L->files.v[fi];
    if (line >= f->lines.n) return NULL;
    size_t s = f->lines.v[line], e = s;
    while (e < f->len && f->src[e] != '\n' && f->src[e] != '\r') e++;
    return xc_arena_strndup(&L->rs->arena, f->src + s, e - s);
}

static void read_examples(loader *L, int fi, yaml_document_t *d, yaml_node_t *v, xc_rule *r)
{
    xc_arena *ar = &L->rs->arena;
    if (v->type != YAML_SEQUENCE_NODE) {
        ERR_NODE(L, fi, v, "rule-type", "in rule '%s': 'examples' must be a sequence", r->id);
        return;
    }
    size_t cap = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
    r->examples = xc_arena_alloc(ar, (cap + 1) * sizeof *r->examples);
    if (!r->examples) return;
    ITEMS(v, it)
    {
        yaml_node_t *x = yaml_document_get_node(d, *it);
        if (x->type != YAML_MAPPING_NODE) {
            ERR_NODE(L, fi, x, "rule-type",
                     "in rule '%s': an example must be a mapping (text, match, groups)", r->id);
            continue;
        }
        /* (the slot of an example found wrong before is taken again: cleared) */
        xc_example *ex = &r->examples[r->n_examples];
        *ex = (xc_example){0};
        ex->line = (unsigned)x->start_mark.line + 1;
        ex->column = (unsigned)x->start_mark.column + 1;
        ex->source = line_copy(L, fi, x->start_mark.line);
        bool ok = true;
        PAIRS(x, p)
        {
            yaml_node_t *k = yaml_document_get_node(d, p->key),
                        *val = yaml_document_get_node(d, p->value);
            const char *key = scalar(k);
            char where[200];
            snprintf(where, sizeof where, "in rule '%s': example: ", r->id);
            if (dup_key(L, fi, d, x, p, where)) {
                ok = false; /* the first one stands */
            } else if (key && !strcmp(key, "text")) {
                if (!scalar(val)) {
                    ERR_NODE(L, fi, val, "rule-type", "in rule '%s': 'text' must be a string",
                             r->id);
                    ok = false;
                } else {
                    ex->text = xc_arena_strdup(ar, scalar(val));
                }
            } else if (key && !strcmp(key, "match")) {
                ex->has_match = true;
                if (is_null(val))
                    ex->match_null = true;
                else if (scalar(val))
                    ex->match = xc_arena_strdup(ar, scalar(val));
                else {
                    ERR_NODE(L, fi, val, "rule-type",
                             "in rule '%s': 'match' must be a string or null", r->id);
                    ok = false;
                }
            } else if (key && !strcmp(key, "groups")) {
                if (val->type != YAML_MAPPING_NODE) {
                    ERR_NODE(L, fi, val, "rule-type",
                             "in rule '%s': example 'groups' must be a mapping of group names "
                             "to text",
                             r->id);
                    ok = false;
                    continue;
                }
                size_t gc = (size_t)(val->data.mapping.pairs.top - val->data.mapping.pairs.start);
                ex->gnames = xc_arena_alloc(ar, (gc + 1) * sizeof *ex->gnames);
                ex->gvals = xc_arena_alloc(ar, (gc + 1) * sizeof *ex->gvals);
                if (!ex->gnames || !ex->gvals) return;
                PAIRS(val, q)
                {
                    yaml_node_t *gk = yaml_document_get_node(d, q->key),
                                *gv = yaml_document_get_node(d, q->value);
                    if (!scalar(gk) || !scalar(gv)) {
                        ERR_NODE(L, fi, gk, "rule-type",
                                 "in rule '%s': example groups must map names to text", r->id);
                        ok = false;
                        continue;
                    }
                    if (dup_key(L, fi, d, val, q, where)) {
                        ok = false;
                        continue;
                    }
                    ex->gnames[ex->ngroups] = xc_arena_strdup(ar, scalar(gk));
                    ex->gvals[ex->ngroups] = is_null(gv) ? NULL : xc_arena_strdup(ar, scalar(gv));
                    ex->ngroups++;
                }
            } else {
                const char *dym = key ? near_miss(key, example_keys) : NULL;
                if (dym)
                    ERR_NODE(L, fi, k, "rule-key",
                             "in rule '%s': unknown key '%s' in example (did you mean '%s'?)",
                             r->id, key, dym);
                else
                    ERR_NODE(L, fi, k, "rule-key",
                             "in rule '%s': unknown key '%s' in example (expected text, match, "
                             "groups)",
                             r->id, key ? key : "");
                ok = false;
            }
        }
        if (!ex->text) {
            if (ok)
                ERR_NODE(L, fi, x, "rule-missing", "in rule '%s': example without 'text'", r->id);
            continue;
        }
        if (ok) r->n_examples++;
    }
}

static void read_rule(loader *L, int fi, yaml_document_t *d, yaml_node_t *node, const char *kind,
                      size_t index)
{
    xc_arena *ar = &L->rs->arena;
    if (node->type != YAML_MAPPING_NODE) {
        ERR_NODE(L, fi, node, "rule-type", "a rule must be a mapping (id, pattern, ...)");
        return;
    }
    rulespec rsp = {0};
    xc_rule *r = xc_arena_alloc(ar, sizeof *r);
    if (!r) {
        L->errors++;
        return;
    }
    rsp.r = r;
    rsp.at = loc_of(L, fi, node);
    r->file = L->files.v[fi].path;
    r->line = (unsigned)node->start_mark.line + 1;
    r->column = (unsigned)node->start_mark.column + 1;
    r->kind = kind;
    /* The id first, so every other message can name the rule. */
    PAIRS(node, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        if (scalar(k) && !strcmp(scalar(k), "id")) {
            if (!scalar(v) || is_null(v)) {
                ERR_NODE(L, fi, v, "rule-type", "rule #%zu: 'id' must be a string", index);
                rsp.bad = true;
            } else {
                r->id = xc_arena_strdup(ar, scalar(v));
                rsp.idloc = loc_of(L, fi, v);
            }
        }
    }
    char fallback[32];
    snprintf(fallback, sizeof fallback, "#%zu", index);
    const char *rid = r->id ? r->id : fallback;
    size_t cap = (size_t)(node->data.mapping.pairs.top - node->data.mapping.pairs.start);
    r->attrs = xc_arena_alloc(ar, (cap + 1) * sizeof *r->attrs);
    if (!r->attrs) return;
    PAIRS(node, p)
    {
        yaml_node_t *k = yaml_document_get_node(d, p->key),
                    *v = yaml_document_get_node(d, p->value);
        const char *key = scalar(k);
        char where[200];
        snprintf(where, sizeof where, "in rule '%s': ", rid);
        if (!key) {
            ERR_NODE(L, fi, k, "rule-type", "in rule '%s': keys must be strings", rid);
            rsp.bad = true;
        } else if (dup_key(L, fi, d, node, p, where)) {
            rsp.bad = true;
        } else if (!strcmp(key, "id")) {
        } else if (!strcmp(key, "pattern")) {
            if (!scalar(v) || is_null(v)) {
                ERR_NODE(L, fi, v, "rule-type", "in rule '%s': 'pattern' must be a string", rid);
                rsp.bad = true;
            } else {
                rsp.has_pat = true;
                rsp.pat = loc_of(L, fi, v);
            }
        } else if (!strcmp(key, "trigger")) {
            rsp.has_trigger = true;
            if (v->type == YAML_SEQUENCE_NODE &&
                v->data.sequence.items.top == v->data.sequence.items.start) {
                ERR_NODE(L, fi, v, "rule-trigger", "in rule '%s': 'trigger' is empty", rid);
                rsp.bad = true;
            }
            read_strings(L, fi, d, v, &rsp.triggers, rid, "trigger",
                         "a trigger or a list of triggers");
        } else if (!strcmp(key, "groups")) {
            read_strings(L, fi, d, v, &rsp.groups, rid, "groups", "a list of group names");
        } else if (!strcmp(key, "examples")) {
            read_examples(L, fi, d, v, r);
        } else if (near_miss(key, rule_keys)) {
            if (!strcmp(near_miss(key, rule_keys), "pattern")) rsp.has_pat_typo = true;
            ERR_NODE(L, fi, k, "rule-key", "in rule '%s': unknown key '%s' (did you mean '%s'?)",
                     rid, key, near_miss(key, rule_keys));
            rsp.bad = true;
        } else if (!scalar(v)) {
            ERR_NODE(L, fi, k, "rule-key",
                     "in rule '%s': unknown key '%s' (extra keys are attributes and must be "
                     "strings)",
                     rid, key);
            rsp.bad = true;
        } else {
            r->attrs[r->n_attrs].key = xc_arena_strdup(ar, key);
            r->attrs[r->n_attrs].value = xc_arena_strdup(ar, is_null(v) ? "" : scalar(v));
            r->n_attrs++;
        }
    }
    if (!r->id) {
        if (!rsp.bad) ERR_NODE(L, fi, node, "rule-missing", "rule #%zu: missing 'id'", index);
        rsp.bad = true;
    } else {
        for (size_t i = 0; i < L->rules.n; i++) {
            const xc_rule *o = L->rules.v[i].r;
            if (o->id && !strcmp(o->id, r->id)) {
                ERR_LOC(L, &rsp.idloc, 0, "rule-duplicate",
                        "duplicate rule id '%s' (first defined in %s:%u)", r->id, o->file, o->line);
                rsp.bad = true;
                break;
            }
        }
    }
    if (!rsp.has_pat && !rsp.has_pat_typo && r->id) {
        ERR_NODE(L, fi, node, "rule-missing", "in rule '%s': missing 'pattern'", rid);
        rsp.bad = true;
    }
    if (xc_vec_push(&L->rules, rsp)) L->errors++;
}

/* libyaml takes quadratic time on deeply nested flow collections
 * ("[[[[..."), so a file nested deeper than this is refused before parsing.
 * Brackets in quoted strings and comments do not count; an unbalanced
 * bracket in a pattern only adds one level. */
#define XC_MAX_FLOW_DEPTH 2000

static size_t too_deep(const srcfile *f)
{
    /* Outside quotes only these bytes change anything; inside, only the
     * closing quote, a newline and a backslash. The rest is skipped. */
    static const unsigned char outside[256] = {
        ['#'] = 1, ['"'] = 1, ['\''] = 1, ['['] = 1, ['{'] = 1, [']'] = 1, ['}'] = 1};
    const char *s = f->src;
    size_t n = f->len, depth = 0;
    char quote = 0;
    for (size_t i = 0; i < n; i++) {
        if (quote) {
            while (i < n && s[i] != quote && s[i] != '\n' && s[i] != '\\') i++;
            if (i >= n) break;
            char c = s[i];
            if (c == quote || c == '\n') quote = 0;
            if (c == '\\' && quote == '"') i++;
            continue;
        }
        while (i < n && !outside[(unsigned char)s[i]]) i++;
        if (i >= n) break;
        char c = s[i];
        if (c == '#' && (i == 0 || yspace(f->src[i - 1]))) {
            while (i < f->len && f->src[i] != '\n') i++;
        } else if ((c == '"' || c == '\'') && (i == 0 || strchr(" \t\n[{,:", f->src[i - 1]))) {
            quote = c;
        } else if (c == '[' || c == '{') {
            if (++depth > XC_MAX_FLOW_DEPTH) return i + 1;
        } else if ((c == ']' || c == '}') && depth) {
            depth--;
        }
    }
    return 0;
}

static void read_file(loader *L, int fi)
{
    srcfile *f = &L->files.v[fi];
    size_t deep = too_deep(f);
    if (deep) {
        report_at(L, XC_ERROR, "rule-yaml", fi, deep - 1,
                  "malformed YAML: collections nested deeper than %d levels", XC_MAX_FLOW_DEPTH);
        return;
    }
    yaml_parser_t p;
    yaml_document_t d;
    if (!yaml_parser_initialize(&p)) {
        L->errors++;
        return;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)f->src, f->len);
    if (!yaml_parser_load(&p, &d)) {
        size_t b = p.error == YAML_READER_ERROR
                       ? p.problem_offset
                       : mark_byte(f, p.problem_mark.line, p.problem_mark.column);
        if (p.context)
            report_at(L, XC_ERROR, "rule-yaml", fi, b, "malformed YAML: %s %s", p.problem,
                      p.context);
        else
            report_at(L, XC_ERROR, "rule-yaml", fi, b, "malformed YAML: %s",
                      p.problem ? p.problem : "unknown error");
        yaml_parser_delete(&p);
        return;
    }
    yaml_node_t *root = yaml_document_get_root_node(&d);
    const char *kind = NULL;
    if (!root) {
        report_at(L, XC_ERROR, "rule-missing", fi, 0, "empty rule file (missing 'kind')");
        goto done;
    }
    if (root->type != YAML_MAPPING_NODE) {
        ERR_NODE(L, fi, root, "rule-type",
                 "a rule file must be a mapping (kind, define, lists, rules, ...)");
        goto done;
    }
    PAIRS(root, q)
    {
        yaml_node_t *k = yaml_document_get_node(&d, q->key),
                    *v = yaml_document_get_node(&d, q->value);
        if (scalar(k) && !strcmp(scalar(k), "kind")) {
            if (!scalar(v) || is_null(v))
                ERR_NODE(L, fi, v, "rule-type", "'kind' must be a string");
            else
                kind = xc_arena_strdup(&L->rs->arena, scalar(v));
        }
    }
    if (!kind) ERR_NODE(L, fi, root, "rule-missing", "missing 'kind'");
    PAIRS(root, q)
    {
        yaml_node_t *k = yaml_document_get_node(&d, q->key),
                    *v = yaml_document_get_node(&d, q->value);
        const char *key = scalar(k);
        if (!key) {
            ERR_NODE(L, fi, k, "rule-type", "keys must be strings");
        } else if (dup_key(L, fi, &d, root, q, "")) {
        } else if (!strcmp(key, "kind") || !strcmp(key, "description")) {
        } else if (!strcmp(key, "version")) {
            const char *ver = scalar(v);
            if (!ver || is_null(v))
                ERR_NODE(L, fi, v, "rule-type", "'version' must be a number or a string");
            else if (!L->rs->version || version_cmp(ver, L->rs->version) > 0)
                L->rs->version = xc_arena_strdup(&L->rs->arena, ver);
        } else if (!strcmp(key, "settings")) {
            read_settings(L, fi, &d, v, kind);
        } else if (!strcmp(key, "define")) {
            read_define(L, fi, &d, v);
        } else if (!strcmp(key, "lists")) {
            read_lists(L, fi, &d, v);
        } else if (!strcmp(key, "rules")) {
            if (v->type != YAML_SEQUENCE_NODE) {
                ERR_NODE(L, fi, v, "rule-type", "'rules' must be a sequence of rules");
                continue;
            }
            size_t idx = 0;
            ITEMS(v, it)
            {
                read_rule(L, fi, &d, yaml_document_get_node(&d, *it), kind ? kind : "", ++idx);
            }
        } else {
            const char *dym = near_miss(key, top_keys);
            if (dym)
                ERR_NODE(L, fi, k, "rule-key", "unknown key '%s' (did you mean '%s'?)", key, dym);
            else
                ERR_NODE(L, fi, k, "rule-key",
                         "unknown key '%s' (expected kind, version, description, settings, "
                         "define, lists, rules)",
                         key);
        }
    }
done:
    yaml_document_delete(&d);
    /* One document per file: a second one would be silently ignored. */
    yaml_document_t more;
    if (yaml_parser_load(&p, &more)) {
        yaml_node_t *r2 = yaml_document_get_root_node(&more);
        if (r2)
            report_at(L, XC_ERROR, "rule-yaml", fi,
                      mark_byte(f, more.start_mark.line, more.start_mark.column),
                      "a rule file holds one YAML document; this one is not read");
        yaml_document_delete(&more);
    }
    yaml_parser_delete(&p);
}

/* ------------------------------------------------- patterns and names */

typedef struct {
    const char *name;
    size_t nlen, off;
} ref;

typedef XC_VEC(ref) refs;

static void name_at(const char *p, size_t n, size_t i, char term, refs *out, size_t off)
{
    size_t s = i;
    while (i < n && p[i] != term && p[i] != ')' && i - s < 64) i++;
    xc_vec_push(out, ((ref){p + s, i - s, off}));
}

/* When p[i] starts an item that holds no pattern structure (an escape, a
 * \Q...\E quote, a character class with its [:posix:] classes, an
 * extended-mode comment), returns the index just past it; otherwise returns
 * i. Every scan of a pattern's structure skips items through this, so they
 * all agree on where groups and alternatives are. */
static size_t skip_inert(const char *p, size_t n, size_t i)
{
    char c = p[i];
    if (c == '\\') {
        if (i + 1 < n && p[i + 1] == 'Q') {
            for (size_t j = i + 2; j + 1 < n; j++)
                if (p[j] == '\\' && p[j + 1] == 'E') return j + 2;
            return n;
        }
        return i + 2 < n ? i + 2 : n;
    }
    if (c == '[') {
        size_t j = i + 1;
        if (j < n && p[j] == '^') j++;
        if (j < n && p[j] == ']') j++; /* a leading ']' is a literal */
        for (; j < n; j++) {
            if (p[j] == '\\') {
                j++;
            } else if (p[j] == '[' && j + 1 < n && p[j + 1] == ':') {
                while (j + 1 < n && !(p[j] == ':' && p[j + 1] == ']')) j++;
                j++;
            } else if (p[j] == ']') {
                return j + 1;
            }
        }
        return n;
    }
    if (c == '#') {
        while (i < n && p[i] != '\n') i++;
        return i;
    }
    return i;
}

/* Names a pattern calls ((?&name), (?P>name)) and names it defines
 * ((?<name>...), (?'name'...), (?P<name>...)), skipping escapes, classes and
 * comments. */
static void scan_names(const char *p, size_t n, refs *calls, refs *groups)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = skip_inert(p, n, i);
        if (j != i) {
            i = j - 1;
            continue;
        }
        if (p[i] != '(' || i + 2 >= n || p[i + 1] != '?') continue;
        char a = p[i + 2], b = i + 3 < n ? p[i + 3] : 0;
        if (a == '&')
            name_at(p, n, i + 3, ')', calls, i + 3);
        else if (a == 'P' && b == '>')
            name_at(p, n, i + 4, ')', calls, i + 4);
        else if (a == 'P' && b == '<')
            name_at(p, n, i + 4, '>', groups, i + 4);
        else if (a == '<' && b != '=' && b != '!')
            name_at(p, n, i + 3, '>', groups, i + 3);
        else if (a == '\'')
            name_at(p, n, i + 3, '\'', groups, i + 3);
    }
}

static bool ref_is(const ref *r, const char *name)
{
    return strlen(name) == r->nlen && !memcmp(name, r->name, r->nlen);
}

/* Index of a define (0..ndefs-1) or list (ndefs..) by name, or -1. */
static long find_name(const loader *L, const char *name, size_t nlen)
{
    ref r = {name, nlen, 0};
    for (size_t i = 0; i < L->defs.n; i++)
        if (ref_is(&r, L->defs.v[i].name)) return (long)i;
    for (size_t i = 0; i < L->rs->lists.n; i++)
        if (ref_is(&r, L->rs->lists.v[i]->name)) return (long)(L->defs.n + i);
    return -1;
}

static const char *suggest_name(const loader *L, const ref *r)
{
    char name[65];
    snprintf(name, sizeof name, "%.*s", (int)r->nlen, r->name);
    const char *best = NULL;
    size_t bd = 3;
    for (size_t i = 0; i < L->defs.n + L->rs->lists.n; i++) {
        const char *c = i < L->defs.n ? L->defs.v[i].name : L->rs->lists.v[i - L->defs.n]->name;
        size_t d = edit_distance(name, c);
        if (d < bd) bd = d, best = c;
    }
    return best;
}

/* Marks every define and list a pattern uses, transitively. Unknown names
 * are reported at `at` when given; returns the number of unknown names. */
static size_t close_names(loader *L, const char *p, size_t n, bool *used, const xc_loc *at,
                          const char *ctx_fmt, const char *ctx_name)
{
    refs calls = {0}, groups = {0};
    size_t unknown = 0;
    scan_names(p, n, &calls, &groups);
    for (size_t i = 0; i < calls.n; i++) {
        const ref *c = &calls.v[i];
        bool local = false;
        for (size_t g = 0; g < groups.n && !local; g++)
            local = groups.v[g].nlen == c->nlen && !memcmp(groups.v[g].name, c->name, c->nlen);
        if (local) continue;
        long k = find_name(L, c->name, c->nlen);
        if (k < 0) {
            unknown++;
            if (at) {
                const char *s = suggest_name(L, c);
                char pre[200];
                snprintf(pre, sizeof pre, ctx_fmt, ctx_name);
                if (s)
                    ERR_LOC(L, at, c->off, "rule-fragment",
                            "%sunknown fragment or list '%.*s' (did you mean '%s'?)", pre,
                            (int)c->nlen, c->name, s);
                else
                    ERR_LOC(L, at, c->off, "rule-fragment", "%sunknown fragment or list '%.*s'",
                            pre, (int)c->nlen, c->name);
            }
            continue;
        }
        if (used[k]) continue;
        used[k] = true;
        if ((size_t)k < L->defs.n) {
            const defspec *ds = &L->defs.v[k];
            unknown += close_names(L, ds->body.val, ds->body.vlen, used, NULL, "", "");
        }
    }
    xc_vec_free(&calls);
    xc_vec_free(&groups);
    return unknown;
}

typedef struct {
    size_t start, end;
    long name; /* define or list index */
} segment;

typedef struct {
    const char *word;
    size_t len;
} sized_word;

/* Longer first, then by bytes. Equal words are equal text in the
 * alternation, so their order does not matter. */
static int sized_word_cmp(const void *a, const void *b)
{
    const sized_word *x = a, *y = b;
    if (x->len != y->len) return x->len > y->len ? -1 : 1;
    return strcmp(x->word, y->word);
}

/* Appends w[from..len) as pattern text: runs of white space as \s+, ASCII
 * other than letters and digits escaped, everything else as it is. w[from-1]
 * is never white space, so a run is never cut in two. */
static int add_escaped(xc_buf *b, const char *w, size_t from, size_t len)
{
    int rc = 0;
    bool space = false;
    for (size_t i = from; i < len && !rc; i++) {
        unsigned char c = (unsigned char)w[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!space) rc |= xc_buf_adds(b, "\\s+");
            space = true;
            continue;
        }
        space = false;
        if (c < 0x80 &&
            !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
            rc |= xc_buf_addc(b, '\\');
        rc |= xc_buf_addc(b, (char)c);
    }
    return rc;
}

/* A byte the factored alternation may branch on: printable ASCII other than
 * the space. Under (?i) in UTF mode such a character matches itself and, for
 * a letter, its other case, plus U+212A (Kelvin sign) for k and U+017F (long
 * s) for s: two such bytes that differ after lower-casing can never match the
 * same character. White space (a greedy \s+ that can give characters back),
 * controls (a vertical tab matches \s) and characters past ASCII (U+212A
 * itself matches 'k') do not have that property. */
static bool branch_byte(unsigned char c)
{
    return c > ' ' && c < 0x7F;
}

static unsigned char fold_byte(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* Groups nested at most this deep in a factored alternation: PCRE2 refuses
 * patterns nested more than 250 deep, and the rule around the list needs
 * some. Deeper down, the words are listed one by one. This also bounds the
 * recursion of add_alternatives. */
#define ALT_MAX_NEST 16

/* Appends the alternation of the words w[0..n), all of which begin with the
 * same d bytes (equal after lower-casing, all branch bytes), without those
 * bytes: the words' rests, in the order the words are in, which PCRE2 tries
 * one by one.
 *
 * Tried as they are, n words cost n failed tests where none matches. So
 * the words are grouped by their next byte: "said|says|told" becomes
 * "sa(?:id|ys)|told", and a position tests each distinct byte once. This
 * matches exactly what the plain alternation matches, in the same order of
 * preference (also when the rest of the pattern fails and PCRE2 backtracks
 * into the alternation): words of two groups can never match at the same
 * position (branch_byte), so only the order inside a group matters, and a
 * group keeps it. A word that ends after the d bytes matches the empty rest;
 * it comes after every longer word (longest first), so the empty rest is
 * the last alternative (and one is enough for several such words: they are
 * the same text). When some word's next byte is not a branch byte, or a
 * word that ends is followed by a longer one, the rests are listed as they
 * are.
 *
 * Reorders w (the groups' words together); tmp has room for n words. Wraps
 * the alternation in (?:...) when `wrap` and it has more than one
 * alternative. */
static int add_alternatives(xc_buf *b, sized_word *w, size_t n, size_t d, int nest, bool wrap,
                            sized_word *tmp)
{
    int rc = 0;
    bool seen[128];
    unsigned char keys[128];
    size_t count[128], groups, ended;
    for (;;) {
        if (n == 1) return rc | add_escaped(b, w[0].word, d, w[0].len);
        bool plain = nest >= ALT_MAX_NEST;
        ended = 0;
        for (size_t i = 0; i < n && !plain; i++) {
            if (w[i].len == d)
                ended++;
            else if (!branch_byte((unsigned char)w[i].word[d]) || ended)
                plain = true;
        }
        if (plain) {
            if (wrap) rc |= xc_buf_adds(b, "(?:");
            for (size_t i = 0; i < n && !rc; i++) {
                if (i) rc |= xc_buf_addc(b, '|');
                rc |= add_escaped(b, w[i].word, d, w[i].len);
            }
            if (wrap) rc |= xc_buf_addc(b, ')');
            return rc;
        }
        /* The distinct next bytes (lower-cased), in the order of their
         * first word, and how many words go on with each. */
        memset(seen, 0, sizeof seen);
        groups = 0;
        for (size_t i = 0; i < n - ended; i++) {
            unsigned char c = fold_byte((unsigned char)w[i].word[d]);
            if (!seen[c]) seen[c] = true, count[c] = 0, keys[groups++] = c;
            count[c]++;
        }
        if (groups != 1 || ended) break;
        /* Every word goes on with the same byte: write it, then look at
         * the next one (what follows a byte must be wrapped). */
        rc |= add_escaped(b, (const char *)&keys[0], 0, 1);
        d++;
        wrap = true;
    }
    size_t longer = n - ended;
    if (groups > 1) {
        /* Each group's words together, in their order: count[] becomes the
         * index of the group's next word in tmp. The ended words, last
         * already, stay last. */
        for (size_t k = 0, sum = 0; k < groups; k++) {
            size_t c = count[keys[k]];
            count[keys[k]] = sum;
            sum += c;
        }
        for (size_t i = 0; i < longer; i++)
            tmp[count[fold_byte((unsigned char)w[i].word[d])]++] = w[i];
        memcpy(w, tmp, longer * sizeof *w);
    }
    size_t alts = groups + (ended > 0);
    if (wrap && alts > 1) rc |= xc_buf_adds(b, "(?:");
    for (size_t i = 0; i < longer && !rc;) {
        unsigned char c = fold_byte((unsigned char)w[i].word[d]);
        size_t j = i + 1;
        while (j < longer && fold_byte((unsigned char)w[j].word[d]) == c) j++;
        if (i) rc |= xc_buf_addc(b, '|');
        rc |= add_escaped(b, (const char *)&c, 0, 1);
        rc |= add_alternatives(b, w + i, j - i, d + 1, nest + 1, true, tmp);
        i = j;
    }
    if (ended && longer) rc |= xc_buf_addc(b, '|');
    if (wrap && alts > 1) rc |= xc_buf_addc(b, ')');
    return rc;
}

int xc_list_alternation(xc_buf *b, const char *const *words, size_t n, bool factor)
{
    if (n > (SIZE_MAX / sizeof(sized_word) - 1) / 2) return -1;
    sized_word *order = malloc((2 * n + 1) * sizeof *order);
    if (!order) return -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (*words[i]) order[k++] = (sized_word){words[i], strlen(words[i])};
    if (k > 1) qsort(order, k, sizeof *order, sized_word_cmp);
    int rc = xc_buf_adds(b, "(?i:");
    if (k == 0)
        rc |= xc_buf_adds(b, "(*FAIL)");
    else
        rc |= add_alternatives(b, order, k, 0, factor ? 0 : ALT_MAX_NEST, false, order + k);
    rc |= xc_buf_addc(b, ')');
    free(order);
    return rc;
}

/* The alternation list i stands for (xc_list_alternation), built the first
 * time a pattern uses the list and kept until loading ends. */
static const xc_buf *list_alternation(loader *L, size_t i)
{
    size_t n = L->rs->lists.n;
    if (!L->alts) {
        L->alts = calloc(n + 1, sizeof *L->alts);
        if (!L->alts) return NULL;
        L->n_alts = n;
    }
    if (i >= L->n_alts) return NULL;
    xc_buf *b = &L->alts[i];
    if (b->s) return b;
    const xc_list *l = L->rs->lists.v[i];
    const char **words = malloc((l->n + 1) * sizeof *words);
    if (!words) return NULL;
    for (size_t k = 0; k < l->n; k++) words[k] = l->entries[k].word;
    int rc = xc_list_alternation(b, words, l->n, true);
    free(words);
    if (rc) {
        xc_buf_free(b);
        return NULL;
    }
    return b;
}

/* head + (?(DEFINE) every used fragment and list ). */
static int build_pattern(loader *L, const char *head, size_t hlen, const bool *used, xc_buf *b,
                         segment *segs, size_t *nseg)
{
    int rc = xc_buf_add(b, head, hlen);
    size_t total = L->defs.n + L->rs->lists.n;
    bool any = false;
    for (size_t i = 0; i < total; i++) any |= used[i];
    *nseg = 0;
    if (!any) return rc;
    rc |= xc_buf_adds(b, "\n(?(DEFINE)");
    for (size_t i = 0; i < total && !rc; i++) {
        if (!used[i]) continue;
        if (i < L->defs.n) {
            const defspec *ds = &L->defs.v[i];
            rc |= xc_buf_printf(b, "(?<%s>", ds->name);
            segs[*nseg].start = b->len;
            rc |= xc_buf_add(b, ds->body.val, ds->body.vlen);
            segs[*nseg].end = b->len;
            rc |= xc_buf_adds(b, "\n)");
        } else {
            const xc_list *l = L->rs->lists.v[i - L->defs.n];
            const xc_buf *alt = list_alternation(L, i - L->defs.n);
            rc |= xc_buf_printf(b, "(?<%s>", l->name);
            segs[*nseg].start = b->len;
            rc |= alt ? xc_buf_add(b, alt->s, alt->len) : -1;
            segs[*nseg].end = b->len;
            rc |= xc_buf_addc(b, ')');
        }
        segs[(*nseg)++].name = (long)i;
    }
    rc |= xc_buf_addc(b, ')');
    return rc;
}

static pcre2_code *compile(const xc_buf *b, uint32_t extra, int *err, size_t *off)
{
    PCRE2_SIZE eo = 0;
    pcre2_code *c =
        pcre2_compile((PCRE2_SPTR)b->s, b->len, XC_PCRE2_OPTIONS | extra, err, &eo, NULL);
    *off = eo;
    return c;
}

static const segment *segment_at(const segment *segs, size_t n, size_t off)
{
    for (size_t i = 0; i < n; i++)
        if (off >= segs[i].start && off <= segs[i].end) return &segs[i];
    return NULL;
}

/* Compiles each fragment alone (with what it uses), so an error in a
 * fragment is reported once, at the fragment. */
static void check_defines(loader *L)
{
    size_t total = L->defs.n + L->rs->lists.n;
    bool *used = calloc(total + 1, sizeof *used);
    segment *segs = calloc(total + 1, sizeof *segs);
    if (!used || !segs) {
        L->errors++;
        goto out;
    }
    for (size_t d = 0; d < L->defs.n; d++) {
        defspec *ds = &L->defs.v[d];
        memset(used, 0, total * sizeof *used);
        used[d] = true;
        if (close_names(L, ds->body.val, ds->body.vlen, used, &ds->body,
                        "in fragment '%s': ", ds->name)) {
            ds->bad = true;
            continue;
        }
        xc_buf b = {0};
        size_t nseg, off;
        int err;
        if (build_pattern(L, "", 0, used, &b, segs, &nseg)) {
            L->errors++;
            xc_buf_free(&b);
            continue;
        }
        pcre2_code *c = compile(&b, 0, &err, &off);
        if (!c) {
            ds->bad = true;
            const segment *sg = segment_at(segs, nseg, off);
            size_t mine = 0;
            for (size_t i = 0; i < nseg; i++)
                if (segs[i].name == (long)d) mine = i;
            if (!sg || sg->name == (long)d) {
                sg = &segs[mine];
                size_t po = off > sg->end     ? sg->end - sg->start
                            : off < sg->start ? 0
                                              : off - sg->start;
                PCRE2_UCHAR msg[256];
                pcre2_get_error_message(err, msg, sizeof msg);
                ERR_LOC(L, &ds->body, po, "rule-pattern",
                        "in fragment '%s': %s at pattern offset %zu", ds->name, (char *)msg, po);
            }
        }
        pcre2_code_free(c);
        xc_buf_free(&b);
    }
out:
    free(used);
    free(segs);
}

static int list_bit(loader *L, xc_list *l)
{
    if (l->bit < 0) {
        if (L->rs->n_trig_lists >= XC_TRIG_MAX_LISTS) return -1;
        l->bit = XC_TRIG_LIST0 + L->rs->n_trig_lists++;
    }
    return l->bit;
}

/* ------------------------------------------------ deriving a trigger */

static size_t skip_space(const char *p, size_t n, size_t i)
{
    while (i < n) {
        if (yspace(p[i]))
            i++;
        else if (p[i] == '#')
            while (i < n && p[i] != '\n') i++;
        else
            break;
    }
    return i;
}

/* End of the group opening at p[i] == '(' (index after its ')'). */
static size_t group_end(const char *p, size_t n, size_t i)
{
    int depth = 0;
    for (; i < n; i++) {
        size_t j = skip_inert(p, n, i);
        if (j != i) {
            i = j - 1;
        } else if (p[i] == '(') {
            depth++;
        } else if (p[i] == ')' && --depth == 0) {
            return i + 1;
        }
    }
    return n;
}

/* Is the item ending at p[i] made optional by a quantifier? */
static bool optional_after(const char *p, size_t n, size_t i)
{
    i = skip_space(p, n, i);
    if (i >= n) return false;
    if (p[i] == '?' || p[i] == '*') return true;
    if (p[i] == '{') {
        size_t j = skip_space(p, n, i + 1);
        return j < n && p[j] == '0';
    }
    return false;
}

static uint64_t derive(loader *L, const char *p, size_t n, bool caseless, int depth);

/* Trigger of a character class p[i] == '[' ... (0 when it is not one kind). */
static uint64_t class_trigger(const char *p, size_t n, size_t i, size_t *end, bool caseless)
{
    size_t j = i + 1;
    bool neg = j < n && p[j] == '^';
    uint64_t t = 0;
    bool other = neg;
    if (j < n && p[j] == ']') other = true, j++;
    while (j < n && p[j] != ']') {
        if (p[j] == '\\' && j + 1 < n) {
            char e = p[j + 1];
            if (e == 'd')
                t |= XC_TRIG_DIGIT;
            else if (e == '"' || e == '\'')
                t |= XC_TRIG_QUOTE;
            else if (e == '$')
                t |= XC_TRIG_SYMBOL;
            else if (e == 'p' && !strncmp(p + j, "\\p{Lu}", 6))
                t |= XC_TRIG_UPPER, j += 4;
            else if (e == 'p' && !strncmp(p + j, "\\p{Sc}", 6))
                t |= XC_TRIG_SYMBOL, j += 4;
            else if (e == 'p' && !strncmp(p + j, "\\p{Nd}", 6))
                t |= XC_TRIG_DIGIT, j += 4;
            else
                other = true;
            j += 2;
            continue;
        }
        unsigned char c = (unsigned char)p[j];
        if (c >= '0' && c <= '9')
            t |= XC_TRIG_DIGIT;
        else if (c >= 'A' && c <= 'Z' && !caseless)
            t |= XC_TRIG_UPPER;
        else if (c == '"' || c == '\'')
            t |= XC_TRIG_QUOTE;
        else if (c == '$')
            t |= XC_TRIG_SYMBOL;
        else if (c == '-' && t)
            ; /* a range between two of the same kind */
        else if (c >= 0x80) {
            int32_t cp;
            size_t l = xc_utf8_decode(p, n, j, &cp);
            if (utf8proc_category(cp) == UTF8PROC_CATEGORY_SC)
                t |= XC_TRIG_SYMBOL;
            else
                other = true;
            j += l;
            continue;
        } else if (!yspace((char)c))
            other = true;
        j++;
    }
    *end = j < n ? j + 1 : n;
    /* Ranges like [0-9] mix only digits; anything else falls back to `word`. */
    if (other || !t) return 0;
    return t;
}

/* Trigger of one alternative: its first item that must match. */
static uint64_t derive_alt(loader *L, const char *p, size_t n, bool caseless, int depth)
{
    size_t i = 0;
    for (;;) {
        i = skip_space(p, n, i);
        if (i >= n) return 0;
        if (p[i] == '^') {
            i++;
            continue;
        }
        if (p[i] == '\\' && i + 1 < n && strchr("bBAGZz", p[i + 1])) {
            i += 2;
            continue;
        }
        if (p[i] == '(' && i + 2 < n && p[i + 1] == '?' &&
            (p[i + 2] == '=' || p[i + 2] == '!' ||
             (p[i + 2] == '<' && i + 3 < n && (p[i + 3] == '=' || p[i + 3] == '!')))) {
            i = group_end(p, n, i); /* a look-around constrains, it does not consume */
            continue;
        }
        if (p[i] == '(' && i + 2 < n && p[i + 1] == '?' && p[i + 2] != '&' && p[i + 2] != ':' &&
            p[i + 2] != '<' && p[i + 2] != '\'' && p[i + 2] != 'P' && p[i + 2] != '>' &&
            p[i + 2] != '|') {
            /* Option setting "(?i)" or "(?i:...)" */
            size_t j = i + 2;
            while (j < n && p[j] != ')' && p[j] != ':') j++;
            bool ci = memchr(p + i + 2, 'i', j - i - 2) != NULL;
            if (j < n && p[j] == ')') {
                caseless |= ci;
                i = j + 1;
                continue;
            }
            size_t e = group_end(p, n, i);
            if (optional_after(p, n, e) || e < j + 1) return 0;
            return derive(L, p + j + 1, e - 1 - (j + 1), caseless || ci, depth + 1);
        }
        break;
    }
    char c = p[i];
    if (c == '(') {
        size_t e = group_end(p, n, i);
        if (optional_after(p, n, e)) return 0;
        if (i + 2 < n && p[i + 1] == '?' && p[i + 2] == '&') {
            size_t s = i + 3, k = s;
            while (k < n && p[k] != ')') k++;
            long x = find_name(L, p + s, k - s);
            if (x < 0) return 0;
            if ((size_t)x >= L->defs.n) {
                int bit = list_bit(L, L->rs->lists.v[(size_t)x - L->defs.n]);
                return bit < 0 ? 0 : UINT64_C(1) << bit;
            }
            const defspec *ds = &L->defs.v[x];
            return depth > 8 ? 0 : derive(L, ds->body.val, ds->body.vlen, caseless, depth + 1);
        }
        size_t s = i + 1;
        if (s < n && p[s] == '?') {
            if (s + 1 < n && (p[s + 1] == ':' || p[s + 1] == '>' || p[s + 1] == '|'))
                s += 2;
            else if (s + 1 < n && (p[s + 1] == '<' || p[s + 1] == '\'' || p[s + 1] == 'P')) {
                while (s < n && p[s] != '>' && !(p[s] == '\'' && s > i + 2)) s++;
                s++;
            } else
                return 0;
        }
        if (e < s + 1) return 0;
        return derive(L, p + s, e - 1 - s, caseless, depth + 1);
    }
    size_t end = i + 1;
    uint64_t t = 0;
    if (c == '\\' && i + 1 < n) {
        char e = p[i + 1];
        end = i + 2;
        if (e == 'd')
            t = XC_TRIG_DIGIT;
        else if (e == '"' || e == '\'')
            t = XC_TRIG_QUOTE;
        else if (e == '$')
            t = XC_TRIG_SYMBOL;
        else if (e == 'p' && i + 5 < n && !strncmp(p + i, "\\p{Lu}", 6))
            t = XC_TRIG_UPPER, end = i + 6;
        else if (e == 'p' && i + 5 < n && !strncmp(p + i, "\\p{Nd}", 6))
            t = XC_TRIG_DIGIT, end = i + 6;
        else if (e == 'p' && i + 5 < n && !strncmp(p + i, "\\p{Sc}", 6))
            t = XC_TRIG_SYMBOL, end = i + 6;
    } else if (c == '[') {
        t = class_trigger(p, n, i, &end, caseless);
    } else if (c >= '0' && c <= '9') {
        t = XC_TRIG_DIGIT;
    } else if (c >= 'A' && c <= 'Z' && !caseless) {
        t = XC_TRIG_UPPER;
    } else if (c == '"' || c == '\'') {
        t = XC_TRIG_QUOTE;
    } else if ((unsigned char)c >= 0x80) {
        int32_t cp;
        end = i + xc_utf8_decode(p, n, i, &cp);
        if (utf8proc_category(cp) == UTF8PROC_CATEGORY_SC) t = XC_TRIG_SYMBOL;
    }
    if (t && optional_after(p, n, end)) return 0;
    return t;
}

/* Splits at top-level '|'; every alternative must give a trigger. */
static uint64_t derive(loader *L, const char *p, size_t n, bool caseless, int depth)
{
    if (depth > 16) return 0;
    uint64_t t = 0;
    size_t s = 0;
    int d = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n) {
            char c = p[i];
            size_t j = skip_inert(p, n, i);
            if (j != i) {
                i = j - 1;
                continue;
            }
            if (c == '(') d++;
            if (c == ')') d--;
            if (c != '|' || d != 0) continue;
        }
        uint64_t a = derive_alt(L, p + s, i - s, caseless, depth);
        if (!a) return 0;
        t |= a;
        s = i + 1;
    }
    return t;
}

/* ------------------------------------------------------ compiling rules */

static void rule_triggers(loader *L, rulespec *rsp)
{
    xc_rule *r = rsp->r;
    for (size_t i = 0; i < rsp->triggers.n; i++) {
        const strspec *t = &rsp->triggers.v[i];
        bool ok = false;
        for (size_t k = 0; trigger_names[k]; k++)
            if (!strcmp(t->s, trigger_names[k])) r->trig |= trigger_bits[k], ok = true;
        if (ok) continue;
        if (!strncmp(t->s, "list:", 5)) {
            long x = find_name(L, t->s + 5, strlen(t->s + 5));
            if (x < 0 || (size_t)x < L->defs.n) {
                ERR_LOC(L, &t->loc, 0, "rule-trigger", "in rule '%s': unknown list '%s' in trigger",
                        r->id, t->s + 5);
                rsp->bad = true;
                continue;
            }
            int bit = list_bit(L, L->rs->lists.v[(size_t)x - L->defs.n]);
            if (bit < 0) {
                ERR_LOC(L, &t->loc, 0, "rule-trigger",
                        "in rule '%s': too many lists used as triggers (at most %d)", r->id,
                        XC_TRIG_MAX_LISTS);
                rsp->bad = true;
                continue;
            }
            r->trig |= UINT64_C(1) << bit;
            continue;
        }
        const char *dym = near_miss(t->s, trigger_names);
        if (dym)
            ERR_LOC(L, &t->loc, 0, "rule-trigger",
                    "in rule '%s': unknown trigger '%s' (did you mean '%s'?)", r->id, t->s, dym);
        else
            ERR_LOC(L, &t->loc, 0, "rule-trigger",
                    "in rule '%s': unknown trigger '%s' (expected digit, upper, quote, symbol, "
                    "word, sentence, paragraph or list:NAME)",
                    r->id, t->s);
        rsp->bad = true;
    }
    if (!rsp->has_trigger) {
        r->trig = derive(L, rsp->pat.val, rsp->pat.vlen, false, 0);
        if (!r->trig) r->trig = XC_TRIG_WORD;
    }
}

/* Bytes a match can start with and its shortest length, from what PCRE2's
 * study of the anchored pattern found (PCRE2 10.42 studies anchored patterns
 * as it does unanchored ones). When it found nothing, every byte may start a
 * match: the filter only saves match attempts, it never decides one. */
static void start_filter(xc_rule *r)
{
    memset(r->first, 0xFF, sizeof r->first);
    uint32_t type = 0, unit = 0;
    size_t minlen = 0;
    const uint8_t *bitmap = NULL;
    if (pcre2_pattern_info(r->code, PCRE2_INFO_MINLENGTH, &minlen) == 0) r->min_len = minlen;
    if (pcre2_pattern_info(r->code, PCRE2_INFO_FIRSTBITMAP, &bitmap) == 0 && bitmap) {
        memcpy(r->first, bitmap, sizeof r->first);
        return;
    }
    if (pcre2_pattern_info(r->code, PCRE2_INFO_FIRSTCODETYPE, &type) == 0 && type == 1 &&
        pcre2_pattern_info(r->code, PCRE2_INFO_FIRSTCODEUNIT, &unit) == 0 && unit < 0x80) {
        memset(r->first, 0, sizeof r->first);
        uint32_t other = (unit >= 'a' && unit <= 'z')   ? unit - 32
                         : (unit >= 'A' && unit <= 'Z') ? unit + 32
                                                        : unit;
        r->first[unit >> 3] |= (uint8_t)(1u << (unit & 7));
        r->first[other >> 3] |= (uint8_t)(1u << (other & 7));
    }
}

static void compile_rule(loader *L, rulespec *rsp, bool *used, segment *segs)
{
    xc_rule *r = rsp->r;
    size_t total = L->defs.n + L->rs->lists.n;
    memset(used, 0, total * sizeof *used);
    if (close_names(L, rsp->pat.val, rsp->pat.vlen, used, &rsp->pat, "in rule '%s': ", r->id)) {
        rsp->bad = true;
        return;
    }
    for (size_t d = 0; d < L->defs.n; d++)
        if (used[d] && L->defs.v[d].bad) {
            rsp->bad = true; /* reported at the fragment */
            return;
        }
    xc_buf b = {0};
    size_t nseg, off;
    int err;
    /* A newline ends a trailing comment before the fragments are appended. */
    if (build_pattern(L, rsp->pat.val, rsp->pat.vlen, used, &b, segs, &nseg)) {
        L->errors++;
        xc_buf_free(&b);
        return;
    }
    r->code = compile(&b, PCRE2_ANCHORED, &err, &off);
    if (!r->code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        const segment *sg = off > rsp->pat.vlen ? segment_at(segs, nseg, off) : NULL;
        if (sg && (size_t)sg->name >= L->defs.n) {
            const xc_list *l = L->rs->lists.v[(size_t)sg->name - L->defs.n];
            ERR_LOC(L, &rsp->pat, 0, "rule-pattern", "in rule '%s': list '%s': %s", r->id, l->name,
                    (char *)msg);
        } else if (sg) {
            const defspec *ds = &L->defs.v[sg->name];
            ERR_LOC(L, &ds->body, off - sg->start, "rule-pattern",
                    "in rule '%s': in fragment '%s': %s at pattern offset %zu", r->id, ds->name,
                    (char *)msg, off - sg->start);
        } else {
            size_t po = off > rsp->pat.vlen ? rsp->pat.vlen : off;
            ERR_LOC(L, &rsp->pat, po, "rule-pattern", "in rule '%s': %s at pattern offset %zu",
                    r->id, (char *)msg, po);
        }
        rsp->bad = true;
        xc_buf_free(&b);
        return;
    }
    /* Kept for the unanchored form, compiled only if it is used. */
    r->source = xc_arena_strndup(&L->rs->arena, b.s, b.len);
    r->source_len = b.len;
    xc_buf_free(&b);
    if (!r->source) {
        L->errors++;
        rsp->bad = true;
        return;
    }
    pcre2_pattern_info(r->code, PCRE2_INFO_CAPTURECOUNT, &r->ncap);
    if (r->ncap + 1 > L->rs->max_pairs) L->rs->max_pairs = r->ncap + 1;
    for (size_t i = 0; i < rsp->groups.n; i++) {
        const strspec *g = &rsp->groups.v[i];
        int num = pcre2_substring_number_from_name(r->code, (PCRE2_SPTR)g->s);
        if (num < 0) {
            ERR_LOC(L, &g->loc, 0, "rule-group",
                    "in rule '%s': the pattern has no group named '%s'", r->id, g->s);
            rsp->bad = true;
        } else if (num >= XC_MAX_GROUPS) {
            ERR_LOC(L, &g->loc, 0, "rule-group",
                    "in rule '%s': group '%s' is capture group %d; at most %d groups are kept",
                    r->id, g->s, num, XC_MAX_GROUPS - 1);
            rsp->bad = true;
        }
    }
    rule_triggers(L, rsp);
    start_filter(r);
    if (L->jit) {
        int jr = pcre2_jit_compile(r->code, PCRE2_JIT_COMPLETE);
        r->jit = jr == 0;
        if (jr != 0 && !L->jit_warned) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(jr, msg, sizeof msg);
            report_at(L, XC_WARNING, "rule-jit", rsp->pat.file, scalar_byte(L, &rsp->pat, 0),
                      "in rule '%s': JIT compilation failed (%s); patterns run in the "
                      "interpreter",
                      r->id, (char *)msg);
            L->jit_warned = true;
        }
    }
}

/* The table of first words of trigger lists, and lists that start with a
 * non-word character (by first byte). */
static int build_trigger_table(xc_rules *rs)
{
    size_t count = 0;
    for (size_t i = 0; i < rs->lists.n; i++)
        if (rs->lists.v[i]->bit >= 0) count += rs->lists.v[i]->n;
    if (!count) return 0;
    size_t ns = 16;
    while (ns < 2 * count + 16) ns *= 2;
    rs->trig_slots = xc_arena_alloc(&rs->arena, ns * sizeof *rs->trig_slots);
    if (!rs->trig_slots) return -1;
    rs->n_trig_slots = ns;
    for (size_t i = 0; i < rs->lists.n; i++) {
        const xc_list *l = rs->lists.v[i];
        if (l->bit < 0) continue;
        uint64_t bit = UINT64_C(1) << l->bit;
        for (size_t e = 0; e < l->n; e++) {
            const char *w = l->entries[e].word;
            size_t wl = strlen(w);
            if (!wl) continue;
            int32_t cp;
            xc_utf8_decode(w, wl, 0, &cp);
            if (!xc_word_cp(cp)) {
                rs->byte_lists[(unsigned char)w[0]] |= bit;
                continue;
            }
            char key[XC_KEY_MAX];
            size_t kl;
            xc_word_key(w, wl, 0, key, &kl);
            long fi = xc_key_filter_index(key, kl);
            if (fi >= 0) rs->key_filter[fi >> 3] |= (uint8_t)(1u << (fi & 7));
            uint64_t h = xc_key_hash(key, kl);
            size_t j = (size_t)h & (ns - 1);
            for (;; j = (j + 1) & (ns - 1)) {
                xc_trig_slot *s = &rs->trig_slots[j];
                if (!s->key) {
                    s->key = xc_arena_strndup(&rs->arena, key, kl);
                    if (!s->key) return -1;
                    s->hash = h;
                    s->len = kl;
                    s->mask = bit;
                    break;
                }
                if (s->hash == h && s->len == kl && !memcmp(s->key, key, kl)) {
                    s->mask |= bit;
                    break;
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ folders */

static bool has_yaml_ext(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && !strcmp(name + n - 5, ".yaml")) || (n > 4 && !strcmp(name + n - 4, ".yml"));
}

typedef XC_VEC(char *) pathvec;

static int collect_files(const char *dir, pathvec *out, xc_diags *diags)
{
    DIR *d = opendir(dir);
    if (!d) {
        xc_diags_add(diags, XC_ERROR, "rule-io", dir, 0, 0, SIZE_MAX, NULL,
                     "cannot read the rule folder: %s", strerror(errno));
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        size_t dl = strlen(dir);
        bool slash = dl && dir[dl - 1] == '/';
        char *path = malloc(dl + strlen(e->d_name) + 2);
        if (!path) {
            rc = -1;
            break;
        }
        sprintf(path, "%s%s%s", dir, slash ? "" : "/", e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            rc |= collect_files(path, out, diags);
            free(path);
        } else if (has_yaml_ext(e->d_name)) {
            if (xc_vec_push(out, path)) {
                free(path);
                rc = -1;
                break;
            }
        } else {
            free(path);
        }
    }
    closedir(d);
    return rc;
}

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int read_whole(const char *path, char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    xc_buf b = {0};
    char tmp[8192];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        if (xc_buf_add(&b, tmp, n)) {
            fclose(f);
            xc_buf_free(&b);
            errno = ENOMEM;
            return -1;
        }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        xc_buf_free(&b);
        errno = EIO;
        return -1;
    }
    if (!b.s && xc_buf_add(&b, "", 0)) return -1;
    *buf = b.s;
    *len = b.len;
    return 0;
}

/* ------------------------------------------------------------ loading */

uint64_t xc_rules_serial(const xc_rules *rs)
{
    return rs ? rs->serial : 0;
}

void *xc_rules_cache(const xc_rules *rs, int slot, void *(*make)(const xc_rules *rs),
                     void (*destroy)(void *data))
{
    if (!rs || slot < 0 || slot >= XC_RULES_CACHE_SLOTS) return NULL;
    /* The rule set is shared read-only; its cache is the one part that
     * changes after loading, always under this lock. */
    xc_rules *w = (xc_rules *)rs;
    pthread_mutex_lock(&w->cache_lock);
    void *data = w->cache[slot].data;
    if (!data) {
        data = make(rs);
        w->cache[slot].data = data;
        w->cache[slot].destroy = destroy;
    }
    pthread_mutex_unlock(&w->cache_lock);
    return data;
}

void xc_rules_free(xc_rules *rs)
{
    if (!rs) return;
    for (int i = 0; i < XC_RULES_CACHE_SLOTS; i++)
        if (rs->cache[i].data && rs->cache[i].destroy) rs->cache[i].destroy(rs->cache[i].data);
    pthread_mutex_destroy(&rs->cache_lock);
    for (size_t i = 0; i < rs->rules.n; i++) {
        pcre2_code_free(rs->rules.v[i]->code);
        pcre2_code_free(atomic_load(&rs->rules.v[i]->search));
    }
    for (size_t i = 0; i < rs->kinds.n; i++) xc_vec_free(&rs->kinds.v[i].rules);
    xc_vec_free(&rs->kinds);
    xc_vec_free(&rs->rules);
    xc_vec_free(&rs->lists);
    xc_vec_free(&rs->settings);
    xc_arena_free(&rs->arena);
    free(rs);
}

static void loader_free(loader *L)
{
    for (size_t i = 0; i < L->files.n; i++) {
        free(L->files.v[i].src);
        xc_vec_free(&L->files.v[i].lines);
    }
    xc_vec_free(&L->files);
    xc_vec_free(&L->defs);
    for (size_t i = 0; i < L->rules.n; i++) {
        xc_vec_free(&L->rules.v[i].triggers);
        xc_vec_free(&L->rules.v[i].groups);
    }
    xc_vec_free(&L->rules);
    xc_vec_free(&L->listlocs);
    for (size_t i = 0; i < L->n_alts; i++) xc_buf_free(&L->alts[i]);
    free(L->alts);
}

static int add_file(loader *L, const char *path)
{
    srcfile f = {0};
    if (read_whole(path, &f.src, &f.len)) {
        xc_diags_add(L->diags, XC_ERROR, "rule-io", path, 0, 0, SIZE_MAX, NULL,
                     "cannot read the rule file: %s", strerror(errno));
        L->errors++;
        return 0;
    }
    f.path = xc_arena_strdup(&L->rs->arena, path);
    int rc = !f.path || xc_vec_push(&f.lines, 0);
    for (const char *p = f.src, *end = f.src + f.len;
         !rc && (p = memchr(p, '\n', (size_t)(end - p))); p++)
        rc = xc_vec_push(&f.lines, (size_t)(p - f.src) + 1);
    if (rc || xc_vec_push(&L->files, f)) {
        free(f.src);
        xc_vec_free(&f.lines);
        return -1;
    }
    return 0;
}

static int diag_cmp(const xc_diag *a, const xc_diag *b)
{
    int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
    if (c) return c;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->column != b->column) return a->column < b->column ? -1 : 1;
    return 0;
}

/* Appends src to dst ordered by file, line and column (stable), so messages
 * read top to bottom whatever stage found them. */
static void append_sorted(xc_diags *dst, const xc_diags *src)
{
    size_t n = xc_diags_count(src);
    const xc_diag **v = malloc((n + 1) * sizeof *v);
    if (!v) {
        xc_diags_append(dst, src);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const xc_diag *x = xc_diags_get(src, i);
        size_t j = i;
        while (j > 0 && diag_cmp(v[j - 1], x) > 0) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    for (size_t i = 0; i < n; i++)
        xc_diags_add(dst, v[i]->severity, v[i]->code, v[i]->file, v[i]->line, v[i]->column,
                     v[i]->offset, v[i]->source_line, "%s", v[i]->message);
    free(v);
}

xc_rules *xc_rules_load(const char *dir, xc_diags *out)
{
    if (!dir) return NULL;
    xc_diags *diags = xc_diags_new();
    if (!diags) return NULL;
    xc_rules *rs = calloc(1, sizeof *rs);
    if (!rs) {
        xc_diags_free(diags);
        return NULL;
    }
    static _Atomic uint64_t serials;
    rs->serial = ++serials;
    pthread_mutex_init(&rs->cache_lock, NULL);
    xc_arena_init(&rs->arena);
    loader L = {.rs = rs, .diags = diags};
    uint32_t jit_ok = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &jit_ok);
    const char *nojit = getenv("CROSSCHECK_NO_JIT");
    L.jit = jit_ok && !(nojit && *nojit && strcmp(nojit, "0"));
    if (!jit_ok && (!nojit || !*nojit))
        xc_diags_add(diags, XC_WARNING, "rule-jit", dir, 0, 0, SIZE_MAX, NULL,
                     "this PCRE2 has no JIT; patterns run in the interpreter");

    pathvec paths = {0};
    struct stat st;
    int rc = 0;
    if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
        char *p = strdup(dir);
        rc = !p || xc_vec_push(&paths, p);
    } else if (collect_files(dir, &paths, diags)) {
        L.errors++;
    }
    if (paths.n > 1) qsort(paths.v, paths.n, sizeof *paths.v, path_cmp);
    for (size_t i = 0; i < paths.n && !rc; i++) rc = add_file(&L, paths.v[i]);
    for (size_t i = 0; i < paths.n; i++) free(paths.v[i]);
    xc_vec_free(&paths);
    for (size_t i = 0; i < L.files.n && !rc; i++) read_file(&L, (int)i);

    if (!rc) check_defines(&L);
    size_t total = L.defs.n + rs->lists.n;
    bool *used = calloc(total + 1, sizeof *used);
    segment *segs = calloc(total + 1, sizeof *segs);
    rc |= !used || !segs;
    for (size_t i = 0; i < L.rules.n && !rc; i++) {
        rulespec *rsp = &L.rules.v[i];
        if (!rsp->bad) compile_rule(&L, rsp, used, segs);
        rsp->r->order = i;
        if (xc_vec_push(&rs->rules, rsp->r)) rc = -1;
    }
    free(used);
    free(segs);
    if (rs->max_pairs == 0) rs->max_pairs = 1;
    for (size_t i = 0; i < rs->rules.n && !rc; i++) {
        const xc_rule *r = rs->rules.v[i];
        xc_kind *k = (xc_kind *)find_kind(rs, r->kind);
        if (!k) {
            if (xc_vec_push(&rs->kinds, ((xc_kind){r->kind, {0}, 0}))) {
                rc = -1;
                break;
            }
            k = &rs->kinds.v[rs->kinds.n - 1];
        }
        k->trig |= r->trig;
        if (r->code) rs->all_trig |= r->trig;
        rc = xc_vec_push(&k->rules, r);
    }
    if (!rc) rc = build_trigger_table(rs);
    if (!rc) {
        rs->rules_by_id = xc_arena_alloc(&rs->arena, (rs->rules.n + 1) * sizeof(xc_rule *));
        rc = !rs->rules_by_id;
    }
    if (!rc && !L.errors) rc = index_list_names(rs);
    if (!rc && !L.errors) {
        if (rs->rules.n) memcpy(rs->rules_by_id, rs->rules.v, rs->rules.n * sizeof(xc_rule *));
        qsort(rs->rules_by_id, rs->rules.n, sizeof(xc_rule *), rule_id_cmp);
    }
    if (rc) xc_diags_add(diags, XC_ERROR, "rule-io", dir, 0, 0, SIZE_MAX, NULL, "out of memory");
    size_t errors = L.errors;
    loader_free(&L);
    append_sorted(out, diags);
    xc_diags_free(diags);
    if (rc || errors) {
        xc_rules_free(rs);
        return NULL;
    }
    return rs;
}

char *xc_rules_default_dir(const char *exe_path)
{
    const char *env = getenv("CROSSCHECK_RULES");
    if (env && *env) return strdup(env);
    char exe[4096];
    const char *e = exe_path;
    if (!e || !strchr(e, '/')) {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n > 0) {
            exe[n] = '\0';
            e = exe;
        }
    }
    if (e && strchr(e, '/')) {
        size_t dl = (size_t)(strrchr(e, '/') - e);
        char *cache = malloc(dl + sizeof "/CMakeCache.txt");
        if (cache) {
            memcpy(cache, e, dl);
            strcpy(cache + dl, "/CMakeCache.txt");
            bool build_tree = access(cache, F_OK) == 0;
            free(cache);
            if (build_tree) return strdup(XC_SOURCE_RULES_DIR);
        }
    }
    return strdup(XC_RULES_INSTALL_DIR);
}

/* ------------------------------------------------------------ examples */

typedef struct {
    xc_match m;
    bool found;
} first_match;

static int take_first(void *ctx, const xc_match *m)
{
    first_match *f = ctx;
    f->m = *m;
    f->found = true;
    return 1;
}

static bool span_equals(xc_doc *doc, size_t s, size_t e, const char *want, const char **found)
{
    *found = xc_doc_copy_text(doc, s, e);
    if (*found && !strcmp(*found, want)) return true;
    size_t wl = strlen(want);
    return e - s == wl && !memcmp(doc->fold + s, want, wl);
}

static void example_fail(xc_diags *diags, const xc_rule *r, const xc_example *ex, const char *fmt,
                         ...) __attribute__((format(printf, 4, 5)));

static void example_fail(xc_diags *diags, const xc_rule *r, const xc_example *ex, const char *fmt,
                         ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    xc_diags_add(diags, XC_ERROR, "rule-example", r->file, ex->line, ex->column, SIZE_MAX,
                 ex->source, "in rule '%s': %s", r->id, msg);
}

/* Runs one example; returns 1 passed, 0 failed, -1 out of memory. */
static int run_example(const xc_rules *rs, xc_worker *w, const xc_rule *r, const xc_example *ex,
                       xc_diags *diags)
{
    xc_doc *doc = xc_doc_load_mem("example.txt", ex->text, strlen(ex->text), NULL);
    if (!doc) return -1;
    int ok = 1;
    if (doc->status != XC_DOC_OK) {
        example_fail(diags, r, ex, "the example text could not be read: %s", xc_doc_reason(doc));
        xc_doc_free(doc);
        return 0;
    }
    first_match fm = {0};
    size_t warned = xc_diags_count(doc->diags);
    if (xc_engine_scan(w, rs, &r, 1, doc, take_first, &fm) == XC_ERR_NOMEM) {
        xc_doc_free(doc);
        return -1;
    }
    if (xc_diags_count(doc->diags) > warned) {
        example_fail(diags, r, ex, "%s", xc_diags_get(doc->diags, warned)->message);
        xc_doc_free(doc);
        return 0;
    }
    const char *found = NULL;
    if (ex->match_null) {
        if (fm.found) {
            found = xc_doc_copy_text(doc, fm.m.start, fm.m.end);
            example_fail(diags, r, ex, "expected no match, found \"%s\"", found ? found : "");
            ok = 0;
        }
        xc_doc_free(doc);
        return ok;
    }
    if (!fm.found) {
        if (ex->match)
            example_fail(diags, r, ex, "expected match \"%s\", found no match", ex->match);
        else
            example_fail(diags, r, ex, "expected a match, found no match");
        xc_doc_free(doc);
        return 0;
    }
    if (ex->match && !span_equals(doc, fm.m.start, fm.m.end, ex->match, &found)) {
        example_fail(diags, r, ex, "expected match \"%s\", found \"%s\"", ex->match,
                     found ? found : "");
        ok = 0;
    }
    for (size_t g = 0; g < ex->ngroups; g++) {
        size_t s, e;
        int num = pcre2_substring_number_from_name(r->code, (PCRE2_SPTR)ex->gnames[g]);
        if (num < 0) {
            example_fail(diags, r, ex, "the pattern has no group named '%s'", ex->gnames[g]);
            ok = 0;
            continue;
        }
        bool set = xc_match_named(&fm.m, ex->gnames[g], &s, &e);
        if (!ex->gvals[g]) {
            if (set) {
                found = xc_doc_copy_text(doc, s, e);
                example_fail(diags, r, ex, "expected group '%s' unset, found \"%s\"", ex->gnames[g],
                             found ? found : "");
                ok = 0;
            }
        } else if (!set) {
            example_fail(diags, r, ex, "expected group '%s' \"%s\", found it unset", ex->gnames[g],
                         ex->gvals[g]);
            ok = 0;
        } else if (!span_equals(doc, s, e, ex->gvals[g], &found)) {
            example_fail(diags, r, ex, "expected group '%s' \"%s\", found \"%s\"", ex->gnames[g],
                         ex->gvals[g], found ? found : "");
            ok = 0;
        }
    }
    xc_doc_free(doc);
    return ok;
}

xc_status xc_rules_test(const xc_rules *rs, xc_rules_test_result *result, xc_diags *diags)
{
    result->passed = result->failed = 0;
    if (!rs) return XC_ERR_USAGE;
    xc_worker *w = xc_worker_new();
    if (!w) return XC_ERR_NOMEM;
    xc_status st = XC_OK;
    for (size_t i = 0; i < rs->rules.n && st == XC_OK; i++) {
        const xc_rule *r = rs->rules.v[i];
        for (size_t k = 0; k < r->n_examples; k++) {
            int rc = run_example(rs, w, r, &r->examples[k], diags);
            if (rc < 0) {
                st = XC_ERR_NOMEM;
                break;
            }
            if (rc)
                result->passed++;
            else
                result->failed++;
        }
    }
    xc_worker_free(w);
    return st;
}
