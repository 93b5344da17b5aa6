/*
 * crosscheck.h — extract quotes, people, dates and figures from news articles
 * and cross-check them between the sources that report the same story.
 *
 * Ownership, stated once for the whole API: every object returned by an
 * xc_*_new / xc_*_load function is owned by the caller and released with the
 * matching xc_*_free function; xc_*_free(NULL) is a no-op. Every pointer found
 * inside a result struct (strings, arrays) is owned by the object it came from
 * (a document, a story) and stays valid until that object is freed. The
 * library never prints and never exits: it returns a status and appends
 * diagnostics to a list the caller reads.
 *
 * Positions: an xc_span is a half-open byte range [start, end) into the
 * original file as read from disk. Line and column (1-based, columns counted
 * in Unicode code points) are computed on demand with xc_doc_position().
 */
#ifndef CROSSCHECK_H
#define CROSSCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(XC_BUILDING_LIBRARY)
#define XC_API __attribute__((visibility("default")))
#else
#define XC_API
#endif

/* ---------------------------------------------------------------- status */

typedef enum {
    XC_OK = 0,
    XC_ERR_NOMEM = -1, /* out of memory */
    XC_ERR_IO = -2,    /* a file could not be read or written */
    XC_ERR_RULES = -3, /* the rule set has errors (see diagnostics) */
    XC_ERR_USAGE = -4, /* invalid argument or option */
    XC_ERR_LIMIT = -5, /* a match, depth or heap limit was reached */
    XC_ERR_CONFIG = -6 /* the configuration file has errors */
} xc_status;

/* A static English message for a status code. */
XC_API const char *xc_errmsg(xc_status status);

/* The library version, e.g. "0.1.0". */
XC_API const char *xc_version(void);

typedef enum { XC_INFO = 0, XC_WARNING = 1, XC_ERROR = 2 } xc_severity;

/* "info", "warning", "error". */
XC_API const char *xc_severity_name(xc_severity severity);

/* --------------------------------------------------------- diagnostics */

/* One message about an input: a rule file, a configuration file or a
 * document. file/line/column point at the place when known (0 when not). */
typedef struct {
    xc_severity severity;
    const char *code;        /* short stable id: "invalid-utf8", "rule-pattern", ... */
    const char *file;        /* path as given, or NULL */
    unsigned line, column;   /* 1-based; 0 when unknown */
    size_t offset;           /* byte offset in file, or SIZE_MAX when unknown */
    const char *message;     /* one sentence, no trailing newline */
    const char *source_line; /* the offending line (for a caret display), or NULL */
} xc_diag;

typedef struct xc_diags xc_diags;

XC_API xc_diags *xc_diags_new(void);
XC_API void xc_diags_free(xc_diags *diags);
XC_API size_t xc_diags_count(const xc_diags *diags);
XC_API const xc_diag *xc_diags_get(const xc_diags *diags, size_t i);
/* Number of diagnostics at or above a severity. */
XC_API size_t xc_diags_count_at(const xc_diags *diags, xc_severity min);
/* Writes "file:line:col: severity: message" then the source line and a
 * caret, one diagnostic after another. */
XC_API void xc_diags_print(const xc_diags *diags, FILE *out);

/* --------------------------------------------------------------- rules */

/* A compiled rule set: every YAML rule file under a folder (rules/LANG/NAME.yaml). Shared
 * read-only between threads once loaded. */
typedef struct xc_rules xc_rules;

/* Loads every .yaml file under dir (sorted). Every error of every file is
 * appended to diags. Returns NULL when any rule file has an error. */
XC_API xc_rules *xc_rules_load(const char *dir, xc_diags *diags);
XC_API void xc_rules_free(xc_rules *rules);
/* The rule set's version (the `version:` of its files), or "unversioned". */
XC_API const char *xc_rules_version(const xc_rules *rules);

/* The default rule folder: $CROSSCHECK_RULES, else rules/ beside the
 * executable's source tree when run from a build tree, else the installed
 * share/crosscheck/rules. exe_path may be NULL. Returns a malloc'd string. */
XC_API char *xc_rules_default_dir(const char *exe_path);

/* Result of running the examples written in the rule files. */
typedef struct {
    size_t passed, failed;
} xc_rules_test_result;

/* Runs every example of every rule; each failure is appended to diags (with
 * the example's file and line). */
XC_API xc_status xc_rules_test(const xc_rules *rules, xc_rules_test_result *result,
                               xc_diags *diags);

/* Calls fn once per rule, in file then declaration order. */
XC_API void xc_rules_each(const xc_rules *rules,
                          void (*fn)(void *ctx, const char *file, unsigned line, const char *kind,
                                     const char *id),
                          void *ctx);

/* ------------------------------------------------------------ workers */

/* Per-thread matching state (PCRE2 match data, JIT stack, scratch buffers).
 * One per thread; never shared. */
typedef struct xc_worker xc_worker;

XC_API xc_worker *xc_worker_new(void);
XC_API void xc_worker_free(xc_worker *worker);

/* ----------------------------------------------------------- documents */

typedef struct xc_doc xc_doc;

typedef enum { XC_DOC_OK = 0, XC_DOC_SKIPPED = 1 } xc_doc_status;

typedef enum { XC_FORMAT_TEXT = 0, XC_FORMAT_MARKDOWN = 1, XC_FORMAT_HTML = 2 } xc_doc_format;

typedef struct {
    const char *fallback_date; /* "YYYY-MM-DD" used when a document has none, or NULL */
    size_t max_bytes;          /* larger files are skipped; 0 = default (256 MiB) */
} xc_load_opts;

/* Reads and decodes one file. Never returns NULL except when out of memory:
 * a file that cannot be used comes back with status XC_DOC_SKIPPED and a
 * reason. Warnings (encoding repairs, markup problems) are kept with the
 * document. */
XC_API xc_doc *xc_doc_load_file(const char *path, const xc_load_opts *opts);
/* The same from memory; name is used as the document's path. The bytes are
 * copied. format is guessed from the name's extension. */
XC_API xc_doc *xc_doc_load_mem(const char *name, const char *bytes, size_t len,
                               const xc_load_opts *opts);
/* A document that was not read at all (e.g. a file type crosscheck does not
 * handle, a symlink loop): it only carries its path and reason. */
XC_API xc_doc *xc_doc_new_skipped(const char *path, const char *reason);
XC_API void xc_doc_free(xc_doc *doc);

XC_API const char *xc_doc_path(const xc_doc *doc);
XC_API xc_doc_status xc_doc_status_of(const xc_doc *doc);
XC_API const char *xc_doc_reason(const xc_doc *doc); /* NULL when ok */
XC_API xc_doc_format xc_doc_format_of(const xc_doc *doc);
/* Metadata: "title", "source", "date" (YYYY-MM-DD), "url", "author";
 * NULL when absent. */
XC_API const char *xc_doc_meta(const xc_doc *doc, const char *key);
/* Warnings recorded while reading and extracting. */
XC_API const xc_diags *xc_doc_diags(const xc_doc *doc);
/* The extracted plain text (markup removed, NFC). */
XC_API const char *xc_doc_text(const xc_doc *doc, size_t *len);
/* 1-based line and code-point column of a byte offset in the original file. */
XC_API void xc_doc_position(const xc_doc *doc, size_t offset, unsigned *line, unsigned *column);
XC_API size_t xc_doc_paragraph_count(const xc_doc *doc);
XC_API size_t xc_doc_sentence_count(const xc_doc *doc);

/* Walking inputs. Each path may be a file or a folder; folders are walked
 * recursively in sorted (byte-wise) order. Every file met is passed to fn:
 * documents (.txt .md .markdown .html .htm) with skip_reason NULL, anything
 * else (other extensions, unreadable folders, broken links, link loops) with
 * the reason it is skipped. Hidden entries (".git") are not walked. */
typedef struct {
    const char *path;        /* path as reached from the argument */
    const char *arg;         /* the argument it was found under */
    const char *dir;         /* the folder that holds it (its story by default) */
    bool from_folder;        /* found by walking a folder argument */
    const char *skip_reason; /* NULL for a document */
    bool has_id;             /* dev and ino are the file's (links followed) */
    unsigned long long dev, ino;
} xc_walk_entry;

typedef int (*xc_walk_fn)(void *ctx, const xc_walk_entry *entry);

/* Returns XC_OK, or the first non-zero value fn returned (cast), or
 * XC_ERR_NOMEM. A path that does not exist is passed to fn with a reason. */
XC_API xc_status xc_walk(const char *const *paths, size_t n, xc_walk_fn fn, void *ctx);

/* Runs every extractor on a loaded document (no-op for a skipped one).
 * Limits hit by rules are recorded as document warnings. */
XC_API xc_status xc_extract(xc_doc *doc, const xc_rules *rules, xc_worker *worker);

/* ------------------------------------------------------------ results */

typedef struct {
    size_t start, end; /* bytes in the original file, half-open */
} xc_span;

typedef struct {
    xc_span span;             /* the quote without its marks */
    const char *text;         /* as written (markup removed, NFC) */
    const char *speaker;      /* resolved person's canonical name, or NULL when unknown */
    const char *speaker_text; /* the speaker as written ("she", "Loong"), or NULL */
    xc_span speaker_span;     /* {0,0} when there is no speaker_text */
    const char *cue;          /* the speech verb or "according to", or NULL */
    int person;               /* index into the document's people, or -1 */
    bool continued;           /* runs over more than one paragraph */
} xc_quote;

typedef struct {
    const char *name;     /* canonical (longest) name */
    const char **aliases; /* every distinct form seen, canonical first */
    size_t n_aliases;
    int age;                 /* -1 when unknown */
    const char *role;        /* "professor of Asian studies", or NULL */
    const char *nationality; /* "Canadian", or NULL */
    xc_span first;           /* first mention */
    size_t mentions;         /* number of mentions */
} xc_person;

typedef struct {
    xc_span span;
    const char *text; /* as written */
    int person;       /* index into the document's people */
} xc_mention;

typedef struct {
    xc_span span;
    const char *text;      /* the whole phrase as written: "approximately 200 other foreigners" */
    double value;          /* the stated value, in the unit as written */
    double low, high;      /* interval in the unit as written (may be +-INFINITY) */
    bool approximate;      /* hedged or imprecise */
    const char *unit;      /* canonical unit id ("km", "mi", "USD", "year"), or NULL for counts */
    const char *unit_text; /* the unit as written, or NULL */
    const char *dimension; /* "length", "money", "age", ... or NULL for counts */
    const char *base_unit; /* unit after conversion ("m"), or NULL */
    double base_low, base_high; /* interval after conversion to base_unit */
    const char *noun;           /* lemma of what it counts ("runner"), or NULL */
    const char *person;         /* for ages: the person it is the age of, or NULL */
    const char *cited;          /* who the text cites for it, or NULL */
    int quote;                  /* index of the quote it stands in, or -1 */
    xc_span number_span;        /* the number with its unit, without hedge and noun */
    const char *number_text;    /* "$443 million", "42-kilometre", "25-year-old" */
} xc_figure;

typedef struct {
    xc_span span;
    const char *text;      /* as written */
    const char *value;     /* ISO 8601 / TIMEX3: "2014-04-13", "2014-04", "198X", "XXXX-04-13" */
    const char *weekday;   /* weekday named in the text ("Saturday"), or NULL */
    bool weekday_mismatch; /* the named weekday is not the date's */
    bool relative;         /* resolved against the document date */
} xc_date;

XC_API size_t xc_doc_quotes(const xc_doc *doc, const xc_quote **out);
XC_API size_t xc_doc_people(const xc_doc *doc, const xc_person **out);
XC_API size_t xc_doc_mentions(const xc_doc *doc, const xc_mention **out);
XC_API size_t xc_doc_figures(const xc_doc *doc, const xc_figure **out);
XC_API size_t xc_doc_dates(const xc_doc *doc, const xc_date **out);

/* ------------------------------------------------------- cross-checking */

typedef enum {
    XC_CLAIM_FIGURE = 0,
    XC_CLAIM_DATE = 1,
    XC_CLAIM_QUOTE = 2,
    XC_CLAIM_MENTION = 3,
    XC_CLAIM_NAME = 4 /* a capitalized proper name found in the text ("Mangyongdae Prize");
                         index is unused: span and text say where and what */
} xc_claim_kind;

/* One extracted fact with its provenance. span and text are filled for every
 * kind (copied from the figure, date, quote or mention), so a report can show
 * any claim without looking it up. */
typedef struct {
    xc_claim_kind kind;
    const xc_doc *doc;
    size_t index;     /* into that document's figures, dates, quotes or mentions */
    xc_span span;     /* bytes in the original file */
    const char *text; /* as written (owned by the document or the story) */
} xc_claim;

typedef struct {
    const char *kind; /* "figure-conflict", "figure-agreement", "single-source",
                         "date-conflict", "quote-altered", "quote-misattributed",
                         "quote-unsourced", "name-variant" */
    xc_severity severity;
    const char *concept; /* "participants", or NULL */
    const char *message; /* one sentence */
    const char *diff;    /* word diff for quote-altered ("[-and-] {+North Korea+}"), or NULL */
    const xc_claim *claims;
    size_t n_claims;
} xc_finding;

/* A story: documents compared with each other. Drafts are compared with the
 * sources; their findings are the ones reported in CI mode. */
typedef struct xc_story xc_story;

typedef struct {
    bool include_source_conflicts; /* with drafts: also report source-vs-source findings */
    bool report_agreements;        /* emit figure-agreement and single-source (info) */
} xc_check_opts;

XC_API xc_story *xc_story_new(const char *name);
XC_API void xc_story_free(xc_story *story);
/* Adds a document (not owned; it must outlive the story). */
XC_API xc_status xc_story_add(xc_story *story, const xc_doc *doc, bool is_draft);
XC_API const char *xc_story_name(const xc_story *story);
XC_API size_t xc_story_docs(const xc_story *story, const xc_doc *const **out);
/* Compares the claims of the story's documents. May be called once. */
XC_API xc_status xc_story_reconcile(xc_story *story, const xc_rules *rules,
                                    const xc_check_opts *opts);
/* Findings, most severe first, then by document and position. */
XC_API size_t xc_story_findings(const xc_story *story, const xc_finding **out);

#ifdef __cplusplus
}
#endif
#endif
