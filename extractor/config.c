/* config.c — the `.crosscheck.yaml` configuration file: finding it, reading
 * it with libyaml, validating every key, and the small lookups the command
 * line shares with it (format and fail-on names, typo suggestions). */
#include "internal.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <sys/stat.h>
#include <yaml.h>

static const char *const config_keys[] = {"rules",  "fail_on", "sources", "format",
                                          "ignore", "jobs",    "date"};
static const char *const format_names[] = {"text", "json", "jsonl", "sarif", "github", "html"};
static const char *const fail_on_names[] = {"info", "warning", "error", "never"};

#define COUNT(a) (sizeof(a) / sizeof *(a))

int xc_format_from_name(const char *name)
{
    /* Indexes follow xc_report_format. */
    for (size_t i = 0; name && i < COUNT(format_names); i++)
        if (!strcmp(name, format_names[i])) return (int)i;
    return -1;
}

int xc_fail_on_from_name(const char *name)
{
    for (size_t i = 0; name && i < COUNT(fail_on_names); i++)
        if (!strcmp(name, fail_on_names[i])) return (int)i;
    return -1;
}

/* Edit distance counting a swap of two neighbours as one edit (the
 * "optimal string alignment" distance): "tset" is one edit from "test". */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return SIZE_MAX;
    size_t d[65][65];
    for (size_t i = 0; i <= la; i++) d[i][0] = i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *xc_suggest(const char *word, const char *const *choices, size_t n)
{
    const char *best = NULL;
    size_t best_d = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(word, choices[i]);
        if (d < best_d) {
            best_d = d;
            best = choices[i];
        }
    }
    /* A typo is a few edits, and fewer than half the word. */
    size_t len = strlen(word);
    size_t limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    return best && best_d > 0 && best_d <= limit ? best : NULL;
}

/* ------------------------------------------------------------ discovery */

char *xc_config_find(const char *dir)
{
    if (!dir || !*dir) return NULL;
    xc_buf b = {0};
    if (xc_buf_adds(&b, dir)) return NULL;
    for (;;) {
        while (b.len > 1 && b.s[b.len - 1] == '/') b.s[--b.len] = '\0';
        size_t keep = b.len;
        if (xc_buf_adds(&b, b.len == 1 && b.s[0] == '/' ? ".crosscheck.yaml" : "/.crosscheck.yaml"))
            break;
        struct stat st;
        if (stat(b.s, &st) == 0 && S_ISREG(st.st_mode)) return b.s;
        b.len = keep;
        b.s[keep] = '\0';
        char *slash = strrchr(b.s, '/');
        if (!slash || (slash == b.s && b.len == 1)) break;
        b.len = slash == b.s ? 1 : (size_t)(slash - b.s);
        b.s[b.len] = '\0';
    }
    xc_buf_free(&b);
    return NULL;
}

const char *xc_config_ignored(const xc_config *cfg, const char *path)
{
    if (!cfg) return NULL;
    const char *trimmed = path;
    while (trimmed[0] == '.' && trimmed[1] == '/') trimmed += 2;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (size_t i = 0; i < cfg->n_ignore; i++) {
        const char *pat = cfg->ignore[i];
        if (!fnmatch(pat, path, 0) || !fnmatch(pat, trimmed, 0) || !fnmatch(pat, base, 0))
            return pat;
        /* A leading "**" + "/" also matches at the top: "archive/x.md" for "**" "/archive/..." */
        if (!strncmp(pat, "**/", 3) && !fnmatch(pat + 3, trimmed, 0)) return pat;
    }
    return NULL;
}

/* -------------------------------------------------------------- loading */

typedef struct {
    const char *path;
    char *text; /* the file, for quoting lines */
    size_t len;
    xc_diags *diags;
    bool failed;
} loader;

/* The text of 0-based line `line`, malloc'd. */
static char *line_of(const loader *L, size_t line)
{
    size_t i = 0;
    for (size_t l = 0; l < line && i < L->len; i++)
        if (L->text[i] == '\n') l++;
    size_t e = i;
    while (e < L->len && L->text[e] != '\n' && L->text[e] != '\r') e++;
    char *s = malloc(e - i + 1);
    if (!s) return NULL;
    memcpy(s, L->text + i, e - i);
    s[e - i] = '\0';
    return s;
}

/* libyaml marks are 0-based lines and columns counted in characters. */
static void fail_at(loader *L, yaml_mark_t mark, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail_at(loader *L, yaml_mark_t mark, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char *src = line_of(L, mark.line);
    xc_diags_add(L->diags, XC_ERROR, "config", L->path, (unsigned)mark.line + 1,
                 (unsigned)mark.column + 1, mark.index, src, "%s", msg);
    free(src);
    L->failed = true;
}

static const char *node_kind(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE:
        return "a single value";
    case YAML_SEQUENCE_NODE:
        return "a list";
    case YAML_MAPPING_NODE:
        return "a mapping";
    default:
        return "nothing";
    }
}

static char *dup_scalar(const yaml_node_t *n)
{
    return strndup((const char *)n->data.scalar.value, n->data.scalar.length);
}

/* The scalar of a key that takes one value, or NULL after a diagnostic. */
static const yaml_node_t *want_scalar(loader *L, const char *key, const yaml_node_t *n)
{
    if (n && n->type == YAML_SCALAR_NODE && n->data.scalar.length > 0 &&
        strlen((const char *)n->data.scalar.value) == n->data.scalar.length)
        return n;
    if (n && n->type == YAML_SCALAR_NODE)
        fail_at(L, n->start_mark, "'%s' must not be empty", key);
    else if (n)
        fail_at(L, n->start_mark, "'%s' takes a single value, not %s", key, node_kind(n));
    return NULL;
}

/* A path from the file, resolved against the configuration's folder. */
static char *resolve(const char *cfg_path, const yaml_node_t *n)
{
    const char *v = (const char *)n->data.scalar.value;
    const char *slash = strrchr(cfg_path, '/');
    if (v[0] == '/' || !slash) return strdup(v);
    xc_buf b = {0};
    if (xc_buf_add(&b, cfg_path, (size_t)(slash - cfg_path) + 1) || xc_buf_adds(&b, v)) {
        xc_buf_free(&b);
        return NULL;
    }
    return b.s;
}

/* A key that takes one value or a list of values. */
static int take_list(loader *L, yaml_document_t *doc, const char *key, const yaml_node_t *n,
                     bool paths, char ***out, size_t *nout)
{
    size_t count = n->type == YAML_SEQUENCE_NODE
                       ? (size_t)(n->data.sequence.items.top - n->data.sequence.items.start)
                       : 1;
    if (n->type == YAML_MAPPING_NODE) {
        fail_at(L, n->start_mark, "'%s' takes a value or a list of values, not a mapping", key);
        return 0;
    }
    char **v = calloc(count ? count : 1, sizeof *v);
    if (!v) return -1;
    *out = v;
    for (size_t i = 0; i < count; i++) {
        const yaml_node_t *item = n->type == YAML_SEQUENCE_NODE
                                      ? yaml_document_get_node(doc, n->data.sequence.items.start[i])
                                      : n;
        if (!want_scalar(L, key, item)) continue;
        v[*nout] = paths ? resolve(L->path, item) : dup_scalar(item);
        if (!v[*nout]) return -1;
        (*nout)++;
    }
    return 0;
}

static int take_key(loader *L, yaml_document_t *doc, xc_config *cfg, const yaml_node_t *k,
                    const yaml_node_t *v)
{
    const char *key = (const char *)k->data.scalar.value;
    const yaml_node_t *s;
    if (!strcmp(key, "sources"))
        return take_list(L, doc, key, v, true, &cfg->sources, &cfg->n_sources);
    if (!strcmp(key, "ignore"))
        return take_list(L, doc, key, v, false, &cfg->ignore, &cfg->n_ignore);
    if (!(s = want_scalar(L, key, v))) return 0;
    const char *val = (const char *)s->data.scalar.value;
    char **slot = NULL;
    if (!strcmp(key, "rules")) {
        free(cfg->rules);
        return (cfg->rules = resolve(L->path, s)) ? 0 : -1;
    } else if (!strcmp(key, "fail_on")) {
        if (xc_fail_on_from_name(val) < 0) {
            fail_at(L, s->start_mark, "fail_on must be error, warning, info or never, not '%s'",
                    val);
            return 0;
        }
        slot = &cfg->fail_on;
    } else if (!strcmp(key, "format")) {
        if (xc_format_from_name(val) < 0) {
            const char *near = xc_suggest(val, format_names, COUNT(format_names));
            fail_at(L, s->start_mark,
                    "unknown format '%s'%s%s%s; expected text, json, jsonl, sarif, github or html",
                    val, near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
            return 0;
        }
        slot = &cfg->format;
    } else if (!strcmp(key, "date")) {
        int y, m, d;
        if (strlen(val) != 10 || !xc_parse_iso_date(val, &y, &m, &d)) {
            fail_at(L, s->start_mark, "date must be a date written YYYY-MM-DD, not '%s'", val);
            return 0;
        }
        slot = &cfg->date;
    } else if (!strcmp(key, "jobs")) {
        char *end;
        errno = 0;
        long j = strtol(val, &end, 10);
        if (*end || errno || j < 1 || j > 1024) {
            fail_at(L, s->start_mark, "jobs must be a whole number from 1 to 1024, not '%s'", val);
            return 0;
        }
        cfg->jobs = (unsigned)j;
        return 0;
    }
    free(*slot);
    return (*slot = strdup(val)) ? 0 : -1;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    xc_buf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        if (xc_buf_add(&b, chunk, n)) break;
    bool bad = ferror(f) || !feof(f);
    fclose(f);
    if (bad || xc_buf_add(&b, "", 0)) {
        xc_buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.s;
}

xc_status xc_config_load(const char *path, xc_config *cfg, xc_diags *diags)
{
    memset(cfg, 0, sizeof *cfg);
    if (!(cfg->path = strdup(path))) return XC_ERR_NOMEM;
    loader L = {.path = path, .diags = diags};
    errno = 0;
    L.text = read_all(path, &L.len);
    if (!L.text) {
        xc_diags_add(diags, XC_ERROR, "config", path, 0, 0, SIZE_MAX, NULL,
                     "cannot read the configuration file: %s",
                     errno ? strerror(errno) : "read error");
        return XC_ERR_IO;
    }

    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        free(L.text);
        return XC_ERR_NOMEM;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)L.text, L.len);
    xc_status st = XC_OK;
    if (!yaml_parser_load(&parser, &doc)) {
        fail_at(&L, parser.problem_mark, "%s%s%s", parser.problem ? parser.problem : "YAML error",
                parser.context ? " " : "", parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        free(L.text);
        return XC_ERR_CONFIG;
    }
    const yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && root->type != YAML_MAPPING_NODE) {
        fail_at(&L, root->start_mark,
                "the configuration must be a mapping of keys to values, not %s", node_kind(root));
    } else if (root) {
        unsigned seen = 0;
        for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
             p < root->data.mapping.pairs.top && st == XC_OK; p++) {
            const yaml_node_t *k = yaml_document_get_node(&doc, p->key);
            const yaml_node_t *v = yaml_document_get_node(&doc, p->value);
            if (!k || k->type != YAML_SCALAR_NODE) {
                fail_at(&L, k ? k->start_mark : root->start_mark, "a key must be a single word");
                continue;
            }
            const char *key = (const char *)k->data.scalar.value;
            size_t known = 0;
            while (known < COUNT(config_keys) && strcmp(key, config_keys[known])) known++;
            if (known == COUNT(config_keys)) {
                const char *near = xc_suggest(key, config_keys, COUNT(config_keys));
                if (near)
                    fail_at(&L, k->start_mark, "unknown key '%s'; did you mean '%s'?", key, near);
                else
                    fail_at(&L, k->start_mark,
                            "unknown key '%s'; the keys are rules, fail_on, sources, format, "
                            "ignore, jobs and date",
                            key);
                continue;
            }
            if (seen & (1u << known)) {
                fail_at(&L, k->start_mark, "'%s' is given twice", key);
                continue;
            }
            seen |= 1u << known;
            if (take_key(&L, &doc, cfg, k, v)) st = XC_ERR_NOMEM;
        }
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    free(L.text);
    if (st == XC_OK && L.failed) st = XC_ERR_CONFIG;
    return st;
}

void xc_config_free(xc_config *cfg)
{
    if (!cfg) return;
    free(cfg->path);
    free(cfg->rules);
    free(cfg->fail_on);
    free(cfg->format);
    free(cfg->date);
    for (size_t i = 0; i < cfg->n_sources; i++) free(cfg->sources[i]);
    free(cfg->sources);
    for (size_t i = 0; i < cfg->n_ignore; i++) free(cfg->ignore[i]);
    free(cfg->ignore);
    memset(cfg, 0, sizeof *cfg);
}
