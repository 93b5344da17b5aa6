/* The word lists built into crosscheck (used when a rule set lacks a list)
 * and the project's rule files carry the same entries: every built-in word
 * is in the rule file's list of that name, with the same attributes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Two attribute values are the same when equal as text, or as numbers
 * ("0.50" and "0.5"). */
static bool same_value(const char *a, const char *b)
{
    if (!strcmp(a, b)) return true;
    char *ea, *eb;
    double x = strtod(a, &ea), y = strtod(b, &eb);
    return ea != a && eb != b && !*ea && !*eb && x == y;
}

static void test_builtins_match_rule_files(void **state)
{
    (void)state;
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(XC_SOURCE_DIR "/rules", d);
    assert_non_null(rs);
    size_t n = xc_builtin_count(), drift = 0;
    assert_true(n > 100);
    for (size_t i = 0; i < n; i++) {
        const char *word;
        const char *const *kv;
        const char *list = xc_builtin_at(i, &word, &kv);
        assert_non_null(list);
        const xc_list *l = xc_rules_list(rs, list);
        const xc_entry *e = l ? xc_list_find(l, word, strlen(word)) : NULL;
        if (!e) {
            print_message("built-in %s: '%s' is not in rules/\n", list, word);
            drift++;
            continue;
        }
        for (size_t k = 0; k < 10 && kv[k]; k += 2) {
            const char *v = xc_entry_attr(e, kv[k]);
            if (!v || !same_value(v, kv[k + 1])) {
                print_message("built-in %s: '%s' has %s %s, rules/ %s\n", list, word, kv[k],
                              kv[k + 1], v ? v : "none");
                drift++;
            }
        }
    }
    assert_null(xc_builtin_at(n, &(const char *){NULL}, &(const char *const *){NULL}));
    assert_int_equal(drift, 0);
    xc_rules_free(rs);
    xc_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtins_match_rule_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
