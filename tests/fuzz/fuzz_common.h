/* Shared by the fuzz targets: the rule set, loaded once, and a worker. */
#ifndef XC_FUZZ_COMMON_H
#define XC_FUZZ_COMMON_H

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline const xc_rules *fuzz_rules(xc_worker **worker)
{
    static xc_rules *rules;
    static xc_worker *w;
    if (!rules) {
        const char *dir = getenv("CROSSCHECK_RULES");
        xc_diags *d = xc_diags_new();
        rules = xc_rules_load(dir ? dir : XC_SOURCE_DIR "/rules", d);
        if (!rules) {
            xc_diags_print(d, stderr);
            abort();
        }
        xc_diags_free(d);
        w = xc_worker_new();
    }
    *worker = w;
    return rules;
}

/* Writes the input to a file of this name in a folder of the run's own
 * (made once per name: a target uses one), and returns the file's path and,
 * in *dir, the folder's. */
static inline const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size,
                                          const char **dir)
{
    static char folder[64];
    static char path[128];
    if (!folder[0]) {
        snprintf(folder, sizeof folder, "/tmp/xc-fuzz-XXXXXX");
        if (!mkdtemp(folder)) abort();
        snprintf(path, sizeof path, "%s/%s", folder, name);
    }
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size) fwrite(data, 1, size, f);
    fclose(f);
    if (dir) *dir = folder;
    return path;
}

/* The first byte picks the document format, so one corpus covers all three. */
static inline const char *fuzz_name(const uint8_t *data, size_t size)
{
    static const char *names[] = {"fuzz.txt", "fuzz.md", "fuzz.html"};
    return names[size ? data[0] % 3 : 0];
}

/* Every result span must lie inside the file and be ordered. */
static inline void fuzz_check_span(const xc_doc *doc, xc_span s)
{
    if (s.start > s.end || s.end > doc->raw_len) abort();
    unsigned line, col;
    xc_doc_position(doc, s.start, &line, &col);
    if (line == 0 || col == 0) abort();
}

static inline void fuzz_check_doc(const xc_doc *doc)
{
    for (size_t i = 0; i < doc->quotes.n; i++) fuzz_check_span(doc, doc->quotes.v[i].span);
    for (size_t i = 0; i < doc->figures.n; i++) fuzz_check_span(doc, doc->figures.v[i].span);
    for (size_t i = 0; i < doc->dates.n; i++) fuzz_check_span(doc, doc->dates.v[i].span);
    for (size_t i = 0; i < doc->mentions.n; i++) fuzz_check_span(doc, doc->mentions.v[i].span);
    /* The record is written, and what is written reads back as JSON. */
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, JSON_COMPACT | JSON_PRESERVE_ORDER, 0);
    xc_doc_record_write(&w, doc);
    if (xc_jw_done(&w)) abort();
    json_t *rec = json_loadb(b.s, b.len, 0, NULL);
    if (!json_is_object(rec)) abort();
    json_decref(rec);
    xc_buf_free(&b);
}

#endif
