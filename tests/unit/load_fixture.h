/* load_fixture.h — documents loaded from bytes in memory, which must load
 * (not be skipped). Include after cmocka.h and internal.h. */
#ifndef XC_LOAD_FIXTURE_H
#define XC_LOAD_FIXTURE_H

#include <string.h>

/* bytes[0..len) loaded as the document `name`. */
static inline xc_doc *load_ok(const char *name, const char *bytes, size_t len)
{
    xc_doc *d = xc_doc_load_mem(name, bytes, len, NULL);
    assert_non_null(d);
    assert_int_equal(d->status, XC_DOC_OK);
    return d;
}

/* The text (NUL-terminated) loaded as the document `name`. */
static inline xc_doc *mkdoc(const char *name, const char *text)
{
    return load_ok(name, text, strlen(text));
}

#endif
