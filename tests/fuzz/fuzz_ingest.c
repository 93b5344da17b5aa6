/* Document ingestion: every format and encoding, offsets map back inside the file. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xc_doc *doc = xc_doc_load_mem(fuzz_name(data, size), (const char *)data, size, NULL);
    if (!doc) return 0;
    if (doc->status == XC_DOC_OK) {
        if (doc->fold_len && doc->fold[doc->fold_len] != '\0') abort();
        for (size_t i = 0; i <= doc->fold_len; i += 1 + doc->fold_len / 64) {
            xc_span s = xc_doc_span(doc, i, doc->fold_len);
            fuzz_check_span(doc, s);
        }
        for (size_t i = 0; i < doc->sents.n; i++)
            if (doc->sents.v[i].start > doc->sents.v[i].end || doc->sents.v[i].end > doc->fold_len)
                abort();
    }
    fuzz_check_doc(doc);
    xc_doc_free(doc);
    return 0;
}
