/* report_github.c — the github report. (stub) */
#include "internal.h"

xc_status xc_report_github(FILE *out, const xc_run *run)
{
    return XC_OK;
}
