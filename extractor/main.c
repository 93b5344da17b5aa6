/* main.c — the crosscheck command line. (skeleton) */
#include "internal.h"

#include <stdio.h>

static int usage(void)
{
    fputs("usage: crosscheck extract PATH... | crosscheck rules test [DIR]\n", stderr);
    return 2;
}

typedef struct {
    const xc_rules *rules;
    xc_worker *worker;
    xc_load_opts opts;
} extract_ctx;

static int extract_one(void *vctx, const xc_walk_entry *e)
{
    extract_ctx *ctx = vctx;
    xc_doc *doc = e->skip_reason ? xc_doc_new_skipped(e->path, e->skip_reason)
                                 : xc_doc_load_file(e->path, &ctx->opts);
    if (!doc) return XC_ERR_NOMEM;
    xc_extract(doc, ctx->rules, ctx->worker);
    json_t *rec = xc_doc_record_json(doc);
    char *s = json_dumps(rec, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER);
    if (s) puts(s);
    free(s);
    json_decref(rec);
    xc_doc_free(doc);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage();
    const char *rules_dir = NULL;
    const char *paths[256];
    size_t np = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc)
            rules_dir = argv[++i];
        else if (!strcmp(argv[i], "--format") && i + 1 < argc)
            i++;
        else if (np < 256)
            paths[np++] = argv[i];
    }
    if (!strcmp(argv[1], "rules") && np >= 2 && !rules_dir) rules_dir = paths[1];
    char *def = rules_dir ? NULL : xc_rules_default_dir(argv[0]);
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(rules_dir ? rules_dir : def, diags);
    free(def);
    if (!rules) {
        xc_diags_print(diags, stderr);
        xc_diags_free(diags);
        return 2;
    }
    int rc = 0;
    if (!strcmp(argv[1], "extract")) {
        extract_ctx ctx = {rules, xc_worker_new(), {0}};
        xc_walk(paths, np, extract_one, &ctx);
        xc_worker_free(ctx.worker);
    } else if (!strcmp(argv[1], "rules") && np && !strcmp(paths[0], "test")) {
        xc_rules_test_result r;
        xc_rules_test(rules, &r, diags);
        xc_diags_print(diags, stderr);
        printf("%zu passed, %zu failed\n", r.passed, r.failed);
        rc = r.failed ? 1 : 0;
    } else {
        rc = usage();
    }
    xc_rules_free(rules);
    xc_diags_free(diags);
    return rc;
}
