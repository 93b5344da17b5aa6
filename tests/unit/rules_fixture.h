/* rules_fixture.h — a rule set from YAML text, for the unit tests that need
 * rules of their own. Include after cmocka.h and internal.h. */
#ifndef XC_RULES_FIXTURE_H
#define XC_RULES_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Loads a rule set from YAML text (written to a temporary file, removed
 * after loading); fails the test when it does not load. */
static xc_rules *rules_from(const char *yaml)
{
    char dir[64] = "/tmp/xc-rules-XXXXXX", rule_path[96];
    assert_non_null(mkdtemp(dir));
    snprintf(rule_path, sizeof rule_path, "%s/t.yaml", dir);
    FILE *f = fopen(rule_path, "w");
    assert_non_null(f);
    fputs(yaml, f);
    fclose(f);
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(rule_path, d);
    if (!rs) xc_diags_print(d, stderr);
    assert_non_null(rs);
    xc_diags_free(d);
    unlink(rule_path);
    rmdir(dir);
    return rs;
}

#endif
