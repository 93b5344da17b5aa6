/* segment.c — lines, paragraphs, sentences. (stub) */
#include "internal.h"

xc_status xc_segment(xc_doc *doc, const xc_rules *rules)
{
    doc->lines.n = doc->paras.n = doc->sents.n = 0;
    if (xc_vec_push(&doc->lines, 0)) return XC_ERR_NOMEM;
    return XC_OK;
}
