/* The whole extraction pipeline on one document. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xc_worker *w;
    const xc_rules *rules = fuzz_rules(&w);
    xc_doc *doc = xc_doc_load_mem(fuzz_name(data, size), (const char *)data, size, NULL);
    if (!doc) return 0;
    xc_extract(doc, rules, w);
    fuzz_check_doc(doc);
    xc_doc_free(doc);
    return 0;
}
