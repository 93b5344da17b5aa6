/* The .crosscheck.yaml configuration: values, errors with their positions,
 * discovery, ignore patterns, typo suggestions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[64];

static int setup(void **state)
{
    strcpy(tmpdir, "/tmp/xc-config-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Writes text to tmpdir/name and returns the path (static buffer). */
static const char *write_file(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_every_key(void **state)
{
    const char *path = write_file("full.yaml", "rules: newsroom/rules\n"
                                               "fail_on: warning\n"
                                               "sources: [src/a, /abs/b]\n"
                                               "format: github\n"
                                               "ignore:\n"
                                               "  - \"*.bak\"\n"
                                               "  - drafts/tmp*\n"
                                               "jobs: 3\n"
                                               "date: 2014-04-13\n");
    xc_config cfg;
    xc_diags *d = xc_diags_new();
    assert_int_equal(xc_config_load(path, &cfg, d), XC_OK);
    assert_int_equal(xc_diags_count(d), 0);
    char want[300];
    snprintf(want, sizeof want, "%s/newsroom/rules", tmpdir);
    assert_string_equal(cfg.rules, want);
    assert_string_equal(cfg.fail_on, "warning");
    assert_int_equal(cfg.n_sources, 2);
    snprintf(want, sizeof want, "%s/src/a", tmpdir);
    assert_string_equal(cfg.sources[0], want);
    assert_string_equal(cfg.sources[1], "/abs/b");
    assert_string_equal(cfg.format, "github");
    assert_int_equal(cfg.n_ignore, 2);
    assert_string_equal(cfg.ignore[0], "*.bak");
    assert_string_equal(cfg.ignore[1], "drafts/tmp*");
    assert_int_equal(cfg.jobs, 3);
    assert_string_equal(cfg.date, "2014-04-13");
    xc_config_free(&cfg);
    xc_diags_free(d);
}

static void test_empty_file_is_fine(void **state)
{
    const char *path = write_file("empty.yaml", "");
    xc_config cfg;
    xc_diags *d = xc_diags_new();
    assert_int_equal(xc_config_load(path, &cfg, d), XC_OK);
    assert_null(cfg.rules);
    assert_int_equal(cfg.jobs, 0);
    assert_int_equal(cfg.n_ignore, 0);
    xc_config_free(&cfg);
    xc_diags_free(d);
}

/* Each bad file: the first diagnostic's line, column and a piece of its
 * message, counted by hand from the text. */
static const struct {
    const char *text;
    unsigned line, column;
    const char *message;
    const char *source_line;
} bad[] = {
    {"rules: r\nfail-on: error\n", 2, 1, "unknown key 'fail-on'; did you mean 'fail_on'?",
     "fail-on: error"},
    {"colour: always\n", 1, 1, "unknown key 'colour'; the keys are", "colour: always"},
    {"format: jsn\n", 1, 9, "unknown format 'jsn' (did you mean 'json'?)", "format: jsn"},
    {"fail_on: sometimes\n", 1, 10, "fail_on must be error, warning, info or never", NULL},
    {"jobs: 0\n", 1, 7, "jobs must be a whole number from 1 to 1024, not '0'", NULL},
    {"jobs: many\n", 1, 7, "not 'many'", NULL},
    {"date: 2014-02-30\n", 1, 7, "date must be a date written YYYY-MM-DD", NULL},
    {"rules: [a, b]\n", 1, 8, "'rules' takes a single value, not a list", NULL},
    {"ignore: {a: b}\n", 1, 9, "'ignore' takes a value or a list of values", NULL},
    {"jobs: 2\njobs: 3\n", 2, 1, "'jobs' is given twice", NULL},
    {"- rules\n- jobs\n", 1, 1, "must be a mapping", NULL},
    {"rules: [a\n", 2, 1, "", NULL}, /* libyaml's own message */
    {"format: \"\"\n", 1, 9, "'format' must not be empty", NULL},
};

static void test_errors_point_at_the_place(void **state)
{
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *path = write_file("bad.yaml", bad[i].text);
        xc_config cfg;
        xc_diags *d = xc_diags_new();
        xc_status st = xc_config_load(path, &cfg, d);
        if (st != XC_ERR_CONFIG) fail_msg("case %zu: status %d", i, st);
        assert_true(xc_diags_count(d) >= 1);
        const xc_diag *x = xc_diags_get(d, 0);
        if (x->line != bad[i].line || x->column != bad[i].column)
            fail_msg("case %zu: %u:%u, expected %u:%u (%s)", i, x->line, x->column, bad[i].line,
                     bad[i].column, x->message);
        if (!strstr(x->message, bad[i].message))
            fail_msg("case %zu: message '%s' lacks '%s'", i, x->message, bad[i].message);
        assert_string_equal(x->file, path);
        assert_int_equal(x->severity, XC_ERROR);
        if (bad[i].source_line) assert_string_equal(x->source_line, bad[i].source_line);
        xc_config_free(&cfg);
        xc_diags_free(d);
    }
}

/* A diagnostic prints as file:line:col, the line, and a caret under the column. */
static void test_caret_display(void **state)
{
    const char *path = write_file("caret.yaml", "format: jsn\n");
    xc_config cfg;
    xc_diags *d = xc_diags_new();
    assert_int_equal(xc_config_load(path, &cfg, d), XC_ERR_CONFIG);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    xc_diags_print(d, f);
    fclose(f);
    char want[512];
    snprintf(want, sizeof want,
             "%s:1:9: error: unknown format 'jsn' (did you mean 'json'?); expected text, json, "
             "jsonl, sarif, github or html\n  format: jsn\n          ^\n",
             path);
    assert_string_equal(buf, want);
    free(buf);
    xc_config_free(&cfg);
    xc_diags_free(d);
}

static void test_missing_file(void **state)
{
    xc_config cfg;
    xc_diags *d = xc_diags_new();
    assert_int_equal(xc_config_load("/nonexistent/.crosscheck.yaml", &cfg, d), XC_ERR_IO);
    assert_int_equal(xc_diags_count(d), 1);
    assert_non_null(strstr(xc_diags_get(d, 0)->message, "cannot read"));
    xc_config_free(&cfg);
    xc_diags_free(d);
}

static void test_discovery_walks_up(void **state)
{
    char deep[256], top[256];
    snprintf(deep, sizeof deep, "%s/story", tmpdir);
    assert_int_equal(mkdir(deep, 0755), 0);
    snprintf(deep, sizeof deep, "%s/story/drafts", tmpdir);
    assert_int_equal(mkdir(deep, 0755), 0);
    /* None yet in the folder or its parents below /tmp. */
    char *none = xc_config_find(deep);
    if (none) {
        assert_true(strncmp(none, tmpdir, strlen(tmpdir)) != 0);
        free(none);
    }
    write_file(".crosscheck.yaml", "jobs: 1\n");
    snprintf(top, sizeof top, "%s/.crosscheck.yaml", tmpdir);
    char *found = xc_config_find(deep);
    assert_non_null(found);
    assert_string_equal(found, top);
    free(found);
    /* A trailing slash changes nothing; the nearest file wins. */
    write_file("story/.crosscheck.yaml", "jobs: 2\n");
    snprintf(deep, sizeof deep, "%s/story/drafts/", tmpdir);
    snprintf(top, sizeof top, "%s/story/.crosscheck.yaml", tmpdir);
    found = xc_config_find(deep);
    assert_non_null(found);
    assert_string_equal(found, top);
    free(found);
    /* A folder named .crosscheck.yaml is not a configuration. */
    snprintf(deep, sizeof deep, "%s/story/drafts/.crosscheck.yaml", tmpdir);
    assert_int_equal(mkdir(deep, 0755), 0);
    snprintf(deep, sizeof deep, "%s/story/drafts", tmpdir);
    found = xc_config_find(deep);
    assert_string_equal(found, top);
    free(found);
}

static void test_ignore_patterns(void **state)
{
    char *pats[] = {"*.bak", "drafts/tmp*", "corpus/*/notes.md", "**/archive/**"};
    xc_config cfg = {.ignore = pats, .n_ignore = 4};
    assert_string_equal(xc_config_ignored(&cfg, "corpus/archive/2013.md"), "**/archive/**");
    assert_string_equal(xc_config_ignored(&cfg, "archive/2013.md"), "**/archive/**");
    assert_string_equal(xc_config_ignored(&cfg, "./archive/old/2013.md"), "**/archive/**");
    assert_null(xc_config_ignored(&cfg, "corpus/archived.md"));
    assert_string_equal(xc_config_ignored(&cfg, "story/old.bak"), "*.bak");
    assert_string_equal(xc_config_ignored(&cfg, "./drafts/tmp1.md"), "drafts/tmp*");
    assert_string_equal(xc_config_ignored(&cfg, "corpus/marathon/notes.md"), "corpus/*/notes.md");
    assert_null(xc_config_ignored(&cfg, "corpus/marathon/ctv.md"));
    assert_null(xc_config_ignored(&cfg, "drafts/final.md"));
    assert_null(xc_config_ignored(NULL, "x.bak"));
}

static void test_names_and_suggestions(void **state)
{
    assert_int_equal(xc_format_from_name("text"), XC_REPORT_TEXT);
    assert_int_equal(xc_format_from_name("jsonl"), XC_REPORT_JSONL);
    assert_int_equal(xc_format_from_name("html"), XC_REPORT_HTML);
    assert_int_equal(xc_format_from_name("JSON"), -1);
    assert_int_equal(xc_fail_on_from_name("error"), XC_ERROR);
    assert_int_equal(xc_fail_on_from_name("info"), XC_INFO);
    assert_int_equal(xc_fail_on_from_name("never"), 3);
    assert_int_equal(xc_fail_on_from_name("errors"), -1);

    const char *opts[] = {"--format", "--fail-on", "--output", "--one-story", "--jobs"};
    assert_string_equal(xc_suggest("--fromat", opts, 5), "--format");
    assert_string_equal(xc_suggest("--failon", opts, 5), "--fail-on");
    assert_string_equal(xc_suggest("--job", opts, 5), "--jobs");
    assert_null(xc_suggest("--verbose", opts, 5));
    const char *cmds[] = {"check", "extract", "rules"};
    assert_string_equal(xc_suggest("chek", cmds, 3), "check");
    assert_null(xc_suggest("corpus", cmds, 3));
    const char *subs[] = {"test", "list"};
    assert_string_equal(xc_suggest("tset", subs, 2), "test"); /* a swap is one edit */
    assert_null(xc_suggest("tots", subs, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_empty_file_is_fine),
        cmocka_unit_test(test_errors_point_at_the_place),
        cmocka_unit_test(test_caret_display),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_discovery_walks_up),
        cmocka_unit_test(test_ignore_patterns),
        cmocka_unit_test(test_names_and_suggestions),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
