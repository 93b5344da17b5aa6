/* A name that starts with a capital past ASCII is found wherever it stands
 * after a stretch of ASCII text (the extractor skips ASCII text in blocks
 * of 64 and 32 bytes, then 8, then byte by byte). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

static void test_lead_after_ascii(void **state)
{
    (void)state;
    const char *name = "\xC3\x89lodie Durand said no.\n"; /* "Élodie" */
    char text[256];
    for (size_t pad = 0; pad < 140; pad++) {
        /* pad bytes of ASCII that hold no capital: "x x x ... " */
        for (size_t k = 0; k < pad; k++) text[k] = k % 2 ? ' ' : 'x';
        if (pad) text[pad - 1] = ' ';
        strcpy(text + pad, name);
        xc_doc *doc = extract_dated(rules, text, NULL);
        if (doc->people.n != 1) fail_msg("pad %zu: %zu people", pad, doc->people.n);
        if (strcmp(doc->people.v[0].name, "\xC3\x89lodie Durand"))
            fail_msg("pad %zu: \"%s\"", pad, doc->people.v[0].name);
        xc_doc_free(doc);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lead_after_ascii),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
