/* report_json.c — the json report. (stub) */
#include "internal.h"

xc_status xc_report_json(FILE *out, const xc_run *run)
{
    return XC_OK;
}

xc_status xc_report_jsonl(FILE *out, const xc_run *run)
{
    return XC_OK;
}

json_t *xc_finding_json(const xc_finding *f)
{
    return json_object();
}
