/* file_fixture.h — what a stream holds, read back. Include after cmocka.h. */
#ifndef XC_FILE_FIXTURE_H
#define XC_FILE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

/* Everything written to f (flushed first; read from its start, wherever it
 * was), as a NUL-terminated malloc'd string of *len bytes. */
static inline char *file_text(FILE *f, size_t *len)
{
    assert_int_equal(fflush(f), 0);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *t = malloc((size_t)n + 1);
    assert_non_null(t);
    assert_int_equal(fread(t, 1, (size_t)n, f), (size_t)n);
    t[n] = '\0';
    *len = (size_t)n;
    return t;
}

#endif
