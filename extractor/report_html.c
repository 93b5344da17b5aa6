/* report_html.c — the html report. (stub) */
#include "internal.h"

xc_status xc_report_html(FILE *out, const xc_run *run)
{
    return XC_OK;
}
