/* The reconciler on two documents: the input is split at its first NUL byte
 * (or in the middle when it has none); the second half is a draft when the
 * first byte is odd. When its second bit is set, the documents are prepared
 * first and fitted as the command holds them for their story. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xc_worker *w;
    const xc_rules *rules = fuzz_rules(&w);
    const uint8_t *nul = memchr(data, 0, size);
    size_t cut = nul ? (size_t)(nul - data) : size / 2;
    size_t rest = nul ? cut + 1 : cut;
    xc_doc *a = xc_doc_load_mem("a.txt", (const char *)data, cut, NULL);
    xc_doc *b = xc_doc_load_mem(size && (data[0] & 1) ? "draft.md" : "b.md",
                                (const char *)data + rest, size - rest, NULL);
    xc_story *story = xc_story_new("fuzz");
    if (a && b && story) {
        xc_extract(a, rules, w);
        xc_extract(b, rules, w);
        bool draft = size && (data[0] & 1);
        if (size && (data[0] & 2)) {
            xc_claims_prep *pa = xc_claims_prepare(a, rules), *pb = xc_claims_prepare(b, rules);
            xc_doc_fit(a);
            xc_doc_fit(b);
            xc_story_add_prepared(story, a, false, pa);
            xc_story_add_prepared(story, b, draft, pb);
        } else {
            xc_story_add(story, a, false);
            xc_story_add(story, b, draft);
        }
        xc_check_opts opts = {.report_agreements = true};
        xc_story_reconcile(story, rules, &opts);
        const xc_finding *f;
        size_t n = xc_story_findings(story, &f);
        for (size_t i = 0; i < n; i++) {
            if (!f[i].kind || !f[i].message || f[i].n_claims == 0) abort();
            json_t *j = xc_finding_json(&f[i]);
            json_decref(j);
        }
    }
    xc_story_free(story);
    xc_doc_free(a);
    xc_doc_free(b);
    return 0;
}
