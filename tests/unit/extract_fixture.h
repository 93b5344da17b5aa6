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

#endif
