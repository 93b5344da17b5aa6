/* report_sarif.c — the sarif report. (stub) */
#include "internal.h"

xc_status xc_report_sarif(FILE *out, const xc_run *run)
{
    return XC_OK;
}
