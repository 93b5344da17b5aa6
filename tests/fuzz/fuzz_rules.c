/* The rule loader: the input is written as a rule file and loaded; errors
 * must come back as diagnostics, never as a crash or a hang. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *dir;
    fuzz_write_file("fuzz.yaml", data, size, &dir);
    xc_diags *d = xc_diags_new();
    xc_rules *rules = xc_rules_load(dir, d);
    if (rules) {
        xc_rules_test_result r;
        xc_rules_test(rules, &r, d);
    }
    for (size_t i = 0; i < xc_diags_count(d); i++)
        if (!xc_diags_get(d, i)->message) abort();
    xc_rules_free(rules);
    xc_diags_free(d);
    return 0;
}
