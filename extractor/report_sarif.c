/* report_sarif.c — SARIF 2.1.0, as code scanning services read it.
 *
 * One rule per finding kind (all known kinds are always listed, so a rule's
 * index never depends on the run). A result's primary location is its first
 * claim; the other claims are related locations. Columns are code points
 * (run.columnKind "unicodeCodePoints"), endColumn is exclusive as SARIF
 * wants, and byteOffset/byteLength give the same region in bytes. The
 * partial fingerprint hashes the kind, the primary document and the claims'
 * normalized texts, never a line number, so a finding keeps its identity
 * when text is added above it. */
#include "internal.h"

#define SARIF_SCHEMA  "https://json.schemastore.org/sarif-2.1.0.json"
#define SARIF_VERSION "2.1.0"
#ifndef XC_INFORMATION_URI
#define XC_INFORMATION_URI "https://crosscheck.invalid/"
#endif

typedef struct {
    const char *id, *name, *short_desc, *full_desc, *level, *help;
} rule_info;

static const rule_info known_rules[] = {
    {"figure-conflict", "FigureConflict", "Sources give figures that cannot both be true",
     "Two documents state a figure for the same concept and the intervals the figures stand for "
     "do not overlap, after unit conversion and allowing for hedges such as \"about\".",
     "error",
     "Check the figure against the sources listed as related locations and correct it, or say "
     "which source gives which number."},
    {"figure-agreement", "FigureAgreement", "Sources agree on a figure",
     "Documents state a figure for the same concept and their intervals overlap, possibly after "
     "unit conversion (42 km and 26.2 miles).",
     "note", "Nothing to fix: the figure is confirmed by another source."},
    {"single-source", "SingleSource", "A figure only one source gives",
     "A figure is stated by one document only; no other source of the story confirms or "
     "contradicts it.",
     "note", "Consider confirming the figure with a second source or attributing it."},
    {"date-conflict", "DateConflict", "Sources give different dates for the same event",
     "Two documents date the same event differently after resolving relative dates (\"last "
     "Sunday\") against each document's date.",
     "error", "Check the date against the sources listed as related locations."},
    {"quote-altered", "QuoteAltered", "A quotation differs from its source",
     "The same speaker is quoted with words that differ beyond typography (quote marks, "
     "dashes, spacing); the message shows the word difference.",
     "warning",
     "Quote the words exactly as the source gives them, or paraphrase without quote "
     "marks."},
    {"quote-misattributed", "QuoteMisattributed", "One quotation given to two people",
     "The same words are quoted from two different speakers in two documents; at most one "
     "of them said them.",
     "warning",
     "Check who said the words in the original source and attribute them to that person."},
    {"quote-unsourced", "QuoteUnsourced", "A quotation found in no source",
     "A draft quotes words that no source of the story contains.", "warning",
     "Check where the quotation comes from and cite that source."},
    {"name-variant", "NameVariant", "One person spelled two ways",
     "The same entity is named with different spellings across documents (\"Kim Job Un\" and "
     "\"Kim Jong Un\").",
     "warning", "Use one spelling for the name, the one the sources use."},
};
#define N_KNOWN (sizeof known_rules / sizeof *known_rules)

static const char *level_of(xc_severity s)
{
    return s == XC_ERROR ? "error" : s == XC_WARNING ? "warning" : "note";
}

static json_t *text_obj(const char *s)
{
    json_t *o = json_object();
    json_object_set_new(o, "text", xc_json_str(s));
    return o;
}

static json_t *rule_json(const rule_info *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "id", xc_json_str(r->id));
    if (r->name) json_object_set_new(o, "name", xc_json_str(r->name));
    json_object_set_new(o, "shortDescription", text_obj(r->short_desc));
    json_object_set_new(o, "fullDescription", text_obj(r->full_desc));
    json_t *conf = json_object();
    json_object_set_new(conf, "level", json_string(r->level));
    json_object_set_new(o, "defaultConfiguration", conf);
    json_object_set_new(o, "help", text_obj(r->help));
    return o;
}

/* ------------------------------------------------------------- URIs */

/* A document path as a URI reference: relative paths stay relative
 * ("./" dropped), absolute ones become file:// URIs; every byte outside
 * the unreserved set and '/' is percent-encoded. Returns malloc'd. */
static char *path_uri(const char *path)
{
    xc_buf b = {0};
    if (path[0] == '/') xc_buf_adds(&b, "file://");
    while (path[0] == '.' && path[1] == '/') {
        path += 2;
        while (*path == '/') path++;
    }
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        unsigned c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
            xc_buf_addc(&b, (char)c);
        else
            xc_buf_printf(&b, "%%%02X", c);
    }
    if (!b.s) xc_buf_adds(&b, "");
    return b.s;
}

/* ------------------------------------------------------- fingerprint */

/* 64-bit FNV-1a, twice with different offsets: 128 bits, stable across
 * platforms and runs. */
typedef struct {
    uint64_t a, b;
} fp_hash;

static void fp_byte(fp_hash *h, unsigned char c)
{
    h->a = (h->a ^ c) * 0x100000001b3ULL;
    h->b = (h->b ^ c) * 0x100000001b3ULL;
}

/* Normalized text: ASCII letters lowercased, runs of spaces and controls
 * as one space, no leading or trailing space. */
static void fp_text(fp_hash *h, const char *s)
{
    bool space = false, any = false;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p <= ' ') {
            space = any;
            continue;
        }
        if (space) fp_byte(h, ' ');
        space = false;
        any = true;
        fp_byte(h, (unsigned char)(*p >= 'A' && *p <= 'Z' ? *p + ('a' - 'A') : *p));
    }
    fp_byte(h, 0);
}

static char *fingerprint(const xc_finding *f)
{
    fp_hash h = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
    fp_text(&h, f->kind);
    fp_text(&h, f->concept);
    fp_text(&h, f->n_claims && f->claims[0].doc ? xc_doc_path(f->claims[0].doc) : "");
    for (size_t i = 0; i < f->n_claims; i++) {
        const char *text;
        xc_span sp;
        xc_claim_locate(&f->claims[i], &sp, &text, NULL);
        fp_text(&h, text);
    }
    char *s = malloc(33);
    if (s) snprintf(s, 33, "%016llx%016llx", (unsigned long long)h.a, (unsigned long long)h.b);
    return s;
}

/* --------------------------------------------------------- locations */

static json_t *location_json(const xc_claim *c, int id)
{
    const char *text;
    xc_span sp;
    if (!xc_claim_locate(c, &sp, &text, NULL)) return NULL;
    unsigned pos[4];
    xc_doc_span_position(c->doc, sp, pos);
    unsigned l1 = pos[0], c1 = pos[1], l2 = pos[2], c2 = pos[3];
    if (l2 < l1 || (l2 == l1 && c2 < c1)) l2 = l1, c2 = c1;

    json_t *loc = json_object();
    if (id >= 0) json_object_set_new(loc, "id", json_integer(id));
    json_t *phys = json_object();
    json_t *art = json_object();
    char *uri = path_uri(xc_doc_path(c->doc));
    json_object_set_new(art, "uri", xc_json_str(uri ? uri : ""));
    free(uri);
    json_object_set_new(phys, "artifactLocation", art);
    json_t *region = json_object();
    json_object_set_new(region, "startLine", json_integer(l1 ? l1 : 1));
    json_object_set_new(region, "startColumn", json_integer(c1 ? c1 : 1));
    json_object_set_new(region, "endLine", json_integer(l2 ? l2 : 1));
    json_object_set_new(region, "endColumn", json_integer(c2 ? c2 : 1));
    json_object_set_new(region, "byteOffset", json_integer((json_int_t)sp.start));
    json_object_set_new(region, "byteLength", json_integer((json_int_t)(sp.end - sp.start)));
    json_object_set_new(phys, "region", region);
    json_object_set_new(loc, "physicalLocation", phys);
    if (id >= 0) {
        xc_buf m = {0};
        xc_buf_printf(&m, "%s: %s \"%s\"", xc_doc_outlet(c->doc), xc_claim_kind_name(c->kind),
                      text ? text : "");
        json_object_set_new(loc, "message", text_obj(m.s ? m.s : ""));
        xc_buf_free(&m);
    }
    return loc;
}

static json_t *result_json(const xc_report_finding *rf, const char *const *rule_ids, size_t n_rules)
{
    const xc_finding *f = rf->finding;
    const char *kind = f->kind ? f->kind : "unknown";
    size_t ri = 0;
    while (ri < n_rules && strcmp(rule_ids[ri], kind)) ri++;

    json_t *r = json_object();
    json_object_set_new(r, "ruleId", xc_json_str(kind));
    json_object_set_new(r, "ruleIndex", json_integer((json_int_t)ri));
    json_object_set_new(r, "level", json_string(level_of(f->severity)));
    xc_buf m = {0};
    xc_buf_adds(&m, f->message ? f->message : kind);
    if (f->diff) xc_buf_printf(&m, "\nDiff: %s", f->diff);
    json_object_set_new(r, "message", text_obj(m.s ? m.s : ""));
    xc_buf_free(&m);

    /* The primary location is the first claim that resolves. */
    size_t primary = f->n_claims;
    json_t *locs = json_array();
    for (size_t i = 0; i < f->n_claims; i++) {
        json_t *loc = location_json(&f->claims[i], -1);
        if (!loc) continue;
        json_array_append_new(locs, loc);
        primary = i;
        break;
    }
    json_object_set_new(r, "locations", locs);
    json_t *related = json_array();
    for (size_t i = 0; i < f->n_claims; i++) {
        if (i == primary) continue;
        json_t *loc = location_json(&f->claims[i], (int)json_array_size(related) + 1);
        if (loc) json_array_append_new(related, loc);
    }
    if (json_array_size(related))
        json_object_set_new(r, "relatedLocations", related);
    else
        json_decref(related);

    json_t *fps = json_object();
    char *fp = fingerprint(f);
    json_object_set_new(fps, "crosscheck/v1", xc_json_str(fp ? fp : ""));
    free(fp);
    json_object_set_new(r, "partialFingerprints", fps);
    json_t *props = json_object();
    json_object_set_new(props, "severity", json_string(xc_severity_name(f->severity)));
    json_object_set_new(props, "concept", xc_json_str(f->concept));
    json_object_set_new(props, "story", xc_json_str(rf->story));
    json_object_set_new(r, "properties", props);
    return r;
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* SARIF names every rule before the results that point at them by index,
 * and the rules include every kind met: results are built as stories
 * finish (while their documents are there), kept as JSON (they grow with
 * the findings, not the documents), indexed and written at the end. */
struct xc_sarif_stream {
    FILE *out;
    const xc_run *run;
    json_t *results;
    size_t unlocated;
    XC_VEC(char *) extra; /* kinds other than the known ones, each once */
    bool nomem;
};

xc_sarif_stream *xc_sarif_stream_begin(FILE *out, const xc_run *run)
{
    xc_sarif_stream *ss = calloc(1, sizeof *ss);
    if (!ss) return NULL;
    ss->out = out;
    ss->run = run;
    if (!(ss->results = json_array())) {
        free(ss);
        return NULL;
    }
    return ss;
}

xc_status xc_sarif_stream_findings(xc_sarif_stream *ss, const xc_report_finding *f, size_t n)
{
    const char *ids[N_KNOWN];
    for (size_t i = 0; i < N_KNOWN; i++) ids[i] = known_rules[i].id;
    for (size_t i = 0; i < n && !ss->nomem; i++) {
        const char *k = f[i].finding->kind ? f[i].finding->kind : "unknown";
        size_t j = 0;
        while (j < N_KNOWN && strcmp(ids[j], k)) j++;
        if (j == N_KNOWN) {
            size_t e = 0;
            while (e < ss->extra.n && strcmp(ss->extra.v[e], k)) e++;
            char *copy = e == ss->extra.n ? strdup(k) : NULL;
            if (e == ss->extra.n && (!copy || xc_vec_push(&ss->extra, copy))) {
                free(copy);
                ss->nomem = true;
            }
        }
        /* ruleIndex is set at the end, when every rule is known. */
        json_t *r = result_json(&f[i], ids, N_KNOWN);
        if (!r)
            ss->nomem = true;
        else if (json_array_size(json_object_get(r, "locations")))
            json_array_append_new(ss->results, r);
        else
            json_decref(r), ss->unlocated++;
    }
    return ss->nomem ? XC_ERR_NOMEM : XC_OK;
}

xc_status xc_sarif_stream_story(xc_sarif_stream *ss, const xc_story *story)
{
    xc_report_finding *rf;
    size_t n = xc_story_report_findings(story, ss->run->min_severity, &rf);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = xc_sarif_stream_findings(ss, rf, n);
    free(rf);
    return st;
}

void xc_sarif_stream_free(xc_sarif_stream *ss)
{
    if (!ss) return;
    json_decref(ss->results);
    for (size_t i = 0; i < ss->extra.n; i++) free(ss->extra.v[i]);
    xc_vec_free(&ss->extra);
    free(ss);
}

xc_status xc_sarif_stream_end(xc_sarif_stream *ss)
{
    const xc_run *run = ss->run;
    /* Rules: the known kinds in a fixed order, then any other kind met,
     * sorted. */
    const char **ids = malloc((N_KNOWN + ss->extra.n) * sizeof *ids);
    if (!ids || ss->nomem) {
        free(ids);
        xc_sarif_stream_free(ss);
        return XC_ERR_NOMEM;
    }
    size_t n_ids = 0;
    for (size_t i = 0; i < N_KNOWN; i++) ids[n_ids++] = known_rules[i].id;
    for (size_t i = 0; i < ss->extra.n; i++) ids[n_ids++] = ss->extra.v[i];
    qsort(ids + N_KNOWN, n_ids - N_KNOWN, sizeof *ids, str_cmp);

    json_t *rules = json_array();
    for (size_t i = 0; i < n_ids; i++) {
        if (i < N_KNOWN) {
            json_array_append_new(rules, rule_json(&known_rules[i]));
        } else {
            rule_info ri = {ids[i], NULL, ids[i], ids[i], "warning", ids[i]};
            json_array_append_new(rules, rule_json(&ri));
        }
    }
    size_t k;
    json_t *r;
    json_array_foreach(ss->results, k, r)
    {
        const char *id = json_string_value(json_object_get(r, "ruleId"));
        size_t ri = 0;
        while (id && ri < n_ids && strcmp(ids[ri], id)) ri++;
        json_object_set_new(r, "ruleIndex", json_integer((json_int_t)ri));
    }
    free(ids);

    json_t *driver = json_object();
    json_object_set_new(driver, "name", json_string("crosscheck"));
    json_object_set_new(driver, "version", json_string(xc_version()));
    json_object_set_new(driver, "semanticVersion", json_string(xc_version()));
    json_object_set_new(driver, "informationUri", json_string(XC_INFORMATION_URI));
    json_object_set_new(driver, "rules", rules);
    json_t *tool = json_object();
    json_object_set_new(tool, "driver", driver);

    /* Code scanning refuses a result without a location: a finding none of
     * whose claims resolves is counted in the run's properties instead. */
    json_t *runo = json_object();
    json_object_set_new(runo, "tool", tool);
    json_object_set_new(runo, "columnKind", json_string("unicodeCodePoints"));
    json_object_set(runo, "results", ss->results);
    if (run->rules || ss->unlocated) {
        json_t *props = json_object();
        if (run->rules)
            json_object_set_new(props, "rulesVersion", xc_json_str(xc_rules_version(run->rules)));
        if (ss->unlocated)
            json_object_set_new(props, "findingsWithoutLocation",
                                json_integer((json_int_t)ss->unlocated));
        json_object_set_new(runo, "properties", props);
    }

    json_t *top = json_object();
    json_object_set_new(top, "$schema", json_string(SARIF_SCHEMA));
    json_object_set_new(top, "version", json_string(SARIF_VERSION));
    json_t *runs = json_array();
    json_array_append_new(runs, runo);
    json_object_set_new(top, "runs", runs);

    FILE *out = ss->out;
    int rc = json_dumpf(top, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    json_decref(top);
    xc_sarif_stream_free(ss);
    if (rc == 0 && fputc('\n', out) == EOF) rc = -1;
    return rc == 0 && !ferror(out) ? XC_OK : XC_ERR_IO;
}

xc_status xc_report_sarif_with(FILE *out, const xc_run *run, const xc_report_finding *f, size_t n)
{
    xc_sarif_stream *ss = xc_sarif_stream_begin(out, run);
    if (!ss) return XC_ERR_NOMEM;
    xc_status st = xc_sarif_stream_findings(ss, f, n);
    if (st != XC_OK) {
        xc_sarif_stream_free(ss);
        return st;
    }
    return xc_sarif_stream_end(ss);
}

xc_status xc_report_sarif(FILE *out, const xc_run *run)
{
    xc_report_finding *f;
    size_t n = xc_report_findings(run, &f);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = xc_report_sarif_with(out, run, f, n);
    free(f);
    return st;
}
