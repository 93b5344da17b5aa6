/* Document ingestion: every format and encoding, offsets map back inside the file. */
#include "fuzz_common.h"

/* When utf8 is the file itself, the column of offset o is one more than the
 * code points between the line start before o and o (a CR followed by LF
 * ends its line at the LF). */
static void check_columns(const xc_doc *doc)
{
    if (doc->utf8 != doc->raw) return;
    const unsigned char *u = (const unsigned char *)doc->utf8;
    size_t n = doc->utf8_len, step = 1 + n / 97;
    for (size_t o = 0; o <= n; o += step) {
        size_t at = o;
        while (at > 0 && at < n && (u[at] & 0xC0) == 0x80) at--;
        size_t ls = at, cps = 0;
        while (ls > 0 && u[ls - 1] != '\n' && !(u[ls - 1] == '\r' && (ls >= n || u[ls] != '\n')))
            ls--;
        for (size_t k = ls; k < at; k++) cps += (u[k] & 0xC0) != 0x80;
        unsigned line, col;
        xc_doc_position(doc, at, &line, &col);
        if (col != cps + 1) abort();
    }
}

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
    if (doc->status == XC_DOC_OK) check_columns(doc);
    fuzz_check_doc(doc);
    xc_doc_free(doc);
    return 0;
}
