/* bench_reference.c — the two reference points scripts/bench compares
 * crosscheck with, measured on the same files:
 *   memchr   read every file and count its lines (the I/O and memory limit)
 *   naive    one pass of a single PCRE2 JIT pattern alternating twenty
 *            patterns typical of news extraction (figures, names, quotes,
 *            dates): the naive way to run rules
 * Usage: bench_reference memchr|naive FILE-LIST
 * FILE-LIST holds one path per line. Prints "bytes files seconds cpu-seconds"
 * (wall-clock time, then the process's CPU time). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <time.h>

static const char naive_pattern[] =
    "(?:about|approximately|around|nearly|more than|at least)\\s+\\d[\\d,.]*"
    "|\\$\\s?\\d[\\d,.]*(?:\\s?(?:million|billion|bn|m))?"
    "|\\d[\\d,.]*\\s?(?:%|percent|per cent)"
    "|\\d[\\d,.]*-?\\s?(?:km|kilometres?|kilometers?|miles?|mph|km/h|metres?|feet|ft)\\b"
    "|\\d+-year-old"
    "|\\d[\\d,.]*\\s+(?:[a-z]+\\s+)?(?:people|runners|spectators|votes|dead|injured)"
    "|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?\\s+\\d{1,2}(?:,\\s+\\d{4})"
    "?"
    "|\\d{1,2}\\s+(?:January|February|March|April|May|June|July|August|September|October|November|"
    "December)"
    "|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    "|(?:yesterday|today|last week|this week|earlier this month)"
    "|\\b(?:19|20)\\d\\d\\b"
    "|(?:Mr|Ms|Mrs|Dr)\\.\\s+[A-Z][a-z]+"
    "|(?:President|Senator|Governor|Mayor|Judge)\\s+[A-Z][a-z]+"
    "|[A-Z][a-z]+\\s+[A-Z]\\.\\s+[A-Z][a-z]+"
    "|[A-Z][a-z]+(?:\\s+[A-Z][a-z]+){1,2}\\s+(?:said|says|told|added)"
    "|(?:said|says|told|added)\\s+[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?"
    "|according to\\s+[A-Z][\\w ]+"
    "|\"[^\"\\n]{1,400}\""
    "|\\x{201C}[^\\x{201D}\\n]{1,400}\\x{201D}"
    "|\\d[\\d,.]*\\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundred|thousand)";

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "memchr") && strcmp(argv[1], "naive"))) {
        fprintf(stderr, "usage: bench_reference memchr|naive FILE-LIST\n");
        return 2;
    }
    int naive = !strcmp(argv[1], "naive");
    FILE *list = fopen(argv[2], "r");
    if (!list) {
        perror(argv[2]);
        return 2;
    }
    pcre2_code *re = NULL;
    pcre2_match_data *md = NULL;
    pcre2_match_context *mc = NULL;
    pcre2_jit_stack *js = NULL;
    if (naive) {
        int err;
        PCRE2_SIZE off;
        re = pcre2_compile((PCRE2_SPTR)naive_pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP,
                           &err, &off, NULL);
        if (!re || pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) != 0) {
            fprintf(stderr, "bench_reference: cannot compile the naive pattern\n");
            return 2;
        }
        md = pcre2_match_data_create_from_pattern(re, NULL);
        mc = pcre2_match_context_create(NULL);
        js = pcre2_jit_stack_create(32 * 1024, 4 * 1024 * 1024, NULL);
        pcre2_jit_stack_assign(mc, NULL, js);
    }
    char path[4096];
    size_t bytes = 0, files = 0, lines = 0, matches = 0;
    double t0 = now(), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    while (fgets(path, sizeof path, list)) {
        path[strcspn(path, "\n")] = '\0';
        if (!*path) continue;
        size_t len;
        char *buf = slurp(path, &len);
        if (!buf) continue;
        bytes += len;
        files++;
        if (!naive) {
            for (const char *p = buf, *end = buf + len; (p = memchr(p, '\n', end - p)); p++)
                lines++;
        } else {
            PCRE2_SIZE start = 0;
            while (start < len) {
                int rc =
                    pcre2_jit_match(re, (PCRE2_SPTR)buf, len, start, PCRE2_NO_UTF_CHECK, md, mc);
                if (rc < 0) break;
                PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
                matches++;
                start = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
                while (start < len && ((unsigned char)buf[start] & 0xC0) == 0x80) start++;
            }
        }
        free(buf);
    }
    double t = now() - t0, cpu = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    fclose(list);
    printf("%zu %zu %.6f %.6f\n", bytes, files, t, cpu);
    fprintf(stderr, "%s: %zu lines, %zu matches\n", argv[1], lines, matches);
    if (naive) {
        pcre2_jit_stack_free(js);
        pcre2_match_context_free(mc);
        pcre2_match_data_free(md);
        pcre2_code_free(re);
    }
    return 0;
}
