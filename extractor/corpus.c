/* corpus.c — walking inputs, reading files, decoding, markup removal. (stub) */
#include "internal.h"

xc_status xc_walk(const char *const *paths, size_t n, xc_walk_fn fn, void *ctx)
{
    for (size_t i = 0; i < n; i++) {
        xc_walk_entry e = {paths[i], paths[i], ".", false, NULL};
        int rc = fn(ctx, &e);
        if (rc) return (xc_status)rc;
    }
    return XC_OK;
}

xc_status xc_corpus_read(xc_doc *doc, const char *path, const xc_load_opts *opts)
{
    doc->status = XC_DOC_SKIPPED;
    doc->reason = "not implemented";
    return XC_OK;
}

xc_status xc_corpus_decode(xc_doc *doc, const xc_load_opts *opts)
{
    doc->utf8 = doc->raw;
    doc->utf8_len = doc->raw_len;
    doc->text = malloc(doc->raw_len + 1);
    if (!doc->text) return XC_ERR_NOMEM;
    memcpy(doc->text, doc->raw, doc->raw_len + 1);
    doc->text_len = doc->raw_len;
    return XC_OK;
}
