/* rules_fixture.h — rule sets from YAML text, for the unit tests that need
 * rules of their own. Include after cmocka.h and internal.h. */
#ifndef XC_RULES_FIXTURE_H
#define XC_RULES_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A rule file holding yaml, alone in a new temporary folder. */
typedef struct {
    char dir[64], path[96];
} rule_file;

static inline void rule_file_write(rule_file *rf, const char *yaml)
{
    snprintf(rf->dir, sizeof rf->dir, "/tmp/xc-rules-XXXXXX");
    assert_non_null(mkdtemp(rf->dir));
    snprintf(rf->path, sizeof rf->path, "%s/t.yaml", rf->dir);
    FILE *f = fopen(rf->path, "w");
    assert_non_null(f);
    fputs(yaml, f);
    fclose(f);
}

static inline void rule_file_remove(const rule_file *rf)
{
    unlink(rf->path);
    rmdir(rf->dir);
}

/* Loads a rule set from YAML text; fails the test when it does not load. */
static inline xc_rules *rules_from(const char *yaml)
{
    rule_file rf;
    rule_file_write(&rf, yaml);
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(rf.path, d);
    if (!rs) xc_diags_print(d, stderr);
    assert_non_null(rs);
    xc_diags_free(d);
    rule_file_remove(&rf);
    return rs;
}

#endif
