/* report_text.c — the text report. (stub) */
#include "internal.h"

xc_status xc_report_text(FILE *out, const xc_run *run)
{
    return XC_OK;
}
