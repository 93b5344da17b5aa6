/* bench_engine — throughput of the rule engine: xc_rules_scan of each rule
 * kind over one text file, against a baseline of one unanchored JIT pass of
 * a 20-way alternation over the same text.
 *
 *   bench_engine FILE [RULES_DIR]     (RULES_DIR: $CROSSCHECK_RULES or rules)
 */
#include "internal.h"

#include <stdio.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the machine is shared */
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct {
    const char *kinds[64];
    size_t n;
} kind_set;

static void add_kind(void *ctx, const char *file, unsigned line, const char *kind, const char *id)
{
    kind_set *k = ctx;
    for (size_t i = 0; i < k->n; i++)
        if (!strcmp(k->kinds[i], kind)) return;
    if (k->n < 64) k->kinds[k->n++] = kind;
}

static int count_match(void *ctx, const xc_match *m)
{
    ++*(size_t *)ctx;
    return 0;
}

static int read_file(const char *path, xc_buf *b)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) xc_buf_add(b, tmp, n);
    fclose(f);
    return b->s ? 0 : -1;
}

/* Repeats fn until at least 0.5 s have passed; returns MB/s. */
#define MEASURE(mbs, bytes, body)                                                                  \
    do {                                                                                           \
        int reps_ = 0;                                                                             \
        double t0_ = now(), t_;                                                                    \
        do {                                                                                       \
            body;                                                                                  \
            reps_++;                                                                               \
        } while ((t_ = now() - t0_) < 0.5);                                                        \
        (mbs) = (double)(bytes)*reps_ / t_ / 1e6;                                                  \
    } while (0)

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_engine FILE [RULES_DIR]\n");
        return 2;
    }
    const char *dir = argc > 2 ? argv[2] : getenv("CROSSCHECK_RULES");
    if (!dir) dir = "rules";
    xc_diags *diags = xc_diags_new();
    double t0 = now();
    xc_rules *rs = xc_rules_load(dir, diags);
    double load = now() - t0;
    if (!rs) {
        xc_diags_print(diags, stderr);
        return 2;
    }
    xc_buf text = {0};
    if (read_file(argv[1], &text)) {
        fprintf(stderr, "bench_engine: cannot read %s\n", argv[1]);
        return 2;
    }
    xc_doc *doc = xc_doc_load_mem("bench.txt", text.s, text.len, NULL);
    xc_worker *w = xc_worker_new();
    printf("rules %s loaded in %.1f ms; text %.2f MB\n", dir, load * 1e3, text.len / 1e6);

    kind_set ks = {{0}, 0};
    xc_rules_each(rs, add_kind, &ks);
    double total_time = 0;
    for (size_t k = 0; k < ks.n; k++) {
        const xc_rule *const *rules;
        size_t nr = xc_rules_of_kind(rs, ks.kinds[k], &rules);
        size_t matches = 0;
        double mbs;
        MEASURE(mbs, doc->fold_len, {
            matches = 0;
            xc_rules_scan(w, rs, ks.kinds[k], doc, count_match, &matches);
        });
        total_time += doc->fold_len / (mbs * 1e6);
        printf("  %-14s %3zu rules %8zu matches %9.1f MB/s\n", ks.kinds[k], nr, matches, mbs);
    }
    if (ks.n)
        printf("  all kinds, trigger positions known        %9.1f MB/s\n",
               doc->fold_len / total_time / 1e6);

    /* What a document costs from scratch: the trigger pass and every kind. */
    double mbs_all;
    MEASURE(mbs_all, doc->fold_len, {
        xc_doc *fresh = xc_doc_load_mem("bench.txt", text.s, text.len, NULL);
        size_t matches = 0;
        for (size_t k = 0; k < ks.n; k++)
            xc_rules_scan(w, rs, ks.kinds[k], fresh, count_match, &matches);
        xc_doc_free(fresh);
    });
    printf("  document load + trigger pass + all kinds  %9.1f MB/s\n", mbs_all);

    /* Baseline: one unanchored pass of a 20-way alternation, caseless like a list. */
    static const char *words = "\\b(?:said|says|told|according|million|billion|percent|"
                               "runners|people|marathon|kilometres|miles|January|April|"
                               "Monday|Saturday|president|police|minister|reported)\\b";
    int err;
    PCRE2_SIZE eo;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)words, PCRE2_ZERO_TERMINATED,
                                   PCRE2_UTF | PCRE2_UCP | PCRE2_CASELESS, &err, &eo, NULL);
    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    size_t found = 0;
    double mbs;
    MEASURE(mbs, doc->fold_len, {
        found = 0;
        PCRE2_SIZE pos = 0;
        while (pcre2_jit_match(re, (PCRE2_SPTR)doc->fold, doc->fold_len, pos, 0, md, NULL) > 0) {
            found++;
            pos = pcre2_get_ovector_pointer(md)[1];
        }
    });
    printf("  baseline: 20-way alternation, one JIT pass: %zu matches %9.1f MB/s\n", found, mbs);
    pcre2_match_data_free(md);
    pcre2_code_free(re);
    xc_worker_free(w);
    xc_doc_free(doc);
    xc_buf_free(&text);
    xc_rules_free(rs);
    xc_diags_free(diags);
    return 0;
}
