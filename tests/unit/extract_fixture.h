/* The rule set and worker the extractor tests share: cmocka group setup
 * loads the project's rules/ (a test run fails when they do not load). */
#ifndef XC_EXTRACT_FIXTURE_H
#define XC_EXTRACT_FIXTURE_H

#include "internal.h"

#include <stdio.h>

static xc_rules *rules;
static xc_worker *worker;

static int setup(void **state)
{
    xc_diags *d = xc_diags_new();
    rules = xc_rules_load(XC_SOURCE_DIR "/rules", d);
    if (!rules) xc_diags_print(d, stderr);
    xc_diags_free(d);
    worker = xc_worker_new();
    return rules && worker ? 0 : -1;
}

static int teardown(void **state)
{
    xc_rules_free(rules);
    xc_worker_free(worker);
    return 0;
}

/* One of the record's arrays ("people", "quotes", "dates", "figures") as
 * the record writer writes it, read back with jansson (new reference). */
static inline json_t *record_array(const xc_doc *doc, const char *key)
{
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, JSON_COMPACT | JSON_PRESERVE_ORDER, 0);
    xc_doc_record_write(&w, doc);
    json_t *rec = xc_jw_done(&w) ? NULL : json_loadb(b.s, b.len, 0, NULL);
    xc_buf_free(&b);
    json_t *a = json_incref(json_object_get(rec, key));
    json_decref(rec);
    return a;
}

#endif
