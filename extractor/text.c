/* text.c — NFC and the matching view. (stub) */
#include "internal.h"

xc_status xc_text_fold(xc_doc *doc)
{
    doc->fold = malloc(doc->text_len + 1);
    if (!doc->fold) return XC_ERR_NOMEM;
    memcpy(doc->fold, doc->text, doc->text_len + 1);
    doc->fold_len = doc->text_len;
    return XC_OK;
}
