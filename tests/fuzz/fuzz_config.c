/* The configuration loader: the input is written as a `.crosscheck.yaml` and
 * loaded; every problem must come back as a diagnostic with a message, never
 * as a crash or a hang, and what it keeps must be usable (the ignore
 * patterns matched against paths, the format and fail level by name). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(".crosscheck.yaml", data, size, NULL);
    xc_diags *d = xc_diags_new();
    xc_config cfg;
    xc_status st = xc_config_load(path, &cfg, d);
    if (st == XC_OK) {
        if (xc_diags_count_at(d, XC_ERROR)) abort(); /* loaded, yet an error said */
        (void)xc_config_ignored(&cfg, "corpus/archive/a.txt");
        (void)xc_config_ignored(&cfg, "./b.md");
        if (cfg.format && xc_format_from_name(cfg.format) < 0) abort(); /* validated */
        if (cfg.fail_on && xc_fail_on_from_name(cfg.fail_on) < 0) abort();
        for (size_t i = 0; i < cfg.n_sources; i++)
            if (!cfg.sources[i]) abort();
    } else if (st == XC_ERR_CONFIG && !xc_diags_count_at(d, XC_ERROR)) {
        abort(); /* refused without saying why */
    }
    for (size_t i = 0; i < xc_diags_count(d); i++)
        if (!xc_diags_get(d, i)->message) abort();
    xc_config_free(&cfg);
    xc_diags_free(d);
    return 0;
}
