/* What loading derives from each compiled pattern: the bytes a match can
 * start with and its shortest length (the engine's quick rejects), the
 * unanchored form compiled on first use, and a list used as a fragment
 * matching its longest word first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "rules_impl.h"

#include <stdio.h>
#include <unistd.h>

#include "rules_fixture.h"

/* Loads YAML text that must fail: its first diagnostic's message and column. */
static void load_fails(const char *yaml, const char *message, unsigned line, unsigned column)
{
    rule_file rf;
    rule_file_write(&rf, yaml);
    xc_diags *d = xc_diags_new();
    assert_null(xc_rules_load(rf.path, d));
    assert_true(xc_diags_count(d) >= 1);
    const xc_diag *x = xc_diags_get(d, 0);
    assert_string_equal(x->message, message);
    assert_int_equal(x->line, line);
    assert_int_equal(x->column, column);
    xc_diags_free(d);
    rule_file_remove(&rf);
}

static bool starts(const xc_rule *r, unsigned char c)
{
    return r->first[c >> 3] >> (c & 7) & 1;
}

/* Number of bytes the filter lets through. */
static int allowed(const xc_rule *r)
{
    int n = 0;
    for (int c = 0; c < 256; c++) n += starts(r, (unsigned char)c);
    return n;
}

static void test_first_byte_of_a_literal(void **state)
{
    xc_rules *rs = rules_from("kind: t\nrules:\n  - {id: said, pattern: 'said \\s+ (\\w+)'}\n");
    const xc_rule *r = xc_rules_find(rs, "said");
    assert_non_null(r);
    /* "said" then at least one space and one word character. */
    assert_int_equal(r->min_len, 6);
    /* A fixed first letter lets that letter through in both cases only. */
    assert_true(starts(r, 's'));
    assert_true(starts(r, 'S'));
    assert_false(starts(r, 'a'));
    assert_false(starts(r, ' '));
    assert_int_equal(allowed(r), 2);
    xc_rules_free(rs);
}

static void test_first_bytes_of_a_class(void **state)
{
    xc_rules *rs = rules_from("kind: t\nrules:\n"
                              "  - {id: num, pattern: '[0-9]+ \\s* km', trigger: digit}\n");
    const xc_rule *r = xc_rules_find(rs, "num");
    assert_non_null(r);
    assert_int_equal(r->min_len, 3);
    for (int c = '0'; c <= '9'; c++) assert_true(starts(r, (unsigned char)c));
    assert_false(starts(r, 'k'));
    assert_int_equal(allowed(r), 10);
    xc_rules_free(rs);
}

static void test_unknown_start_lets_everything_through(void **state)
{
    /* An upper-case letter of any script: no byte set PCRE2 can give. */
    xc_rules *rs = rules_from("kind: t\nrules:\n  - {id: cap, pattern: '\\p{Lu}\\w+'}\n");
    const xc_rule *r = xc_rules_find(rs, "cap");
    assert_non_null(r);
    assert_int_equal(r->min_len, 2);
    assert_int_equal(allowed(r), 256);
    xc_rules_free(rs);
}

static void test_unanchored_compiled_on_first_use(void **state)
{
    xc_rules *rs = rules_from("kind: t\nrules:\n  - {id: km, pattern: '(?<n>\\d+) \\s* km'}\n");
    const xc_rule *r = xc_rules_find(rs, "km");
    assert_non_null(r);
    assert_null(atomic_load(&r->search));
    xc_worker *w = xc_worker_new();
    const char *s = "they ran 42 km";
    xc_match m;
    /* The anchored form alone does not need it. */
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 9, XC_MATCH_ANCHORED, &m), 1);
    assert_null(atomic_load(&r->search));
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, 0, &m), 1);
    assert_int_equal(m.start, 9);
    assert_int_equal(m.end, 14);
    const pcre2_code *c = atomic_load(&r->search);
    assert_non_null(c);
    /* Compiled once: the second search uses the same code. */
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 10, 0, &m), 1);
    assert_int_equal(m.start, 10);
    assert_ptr_equal(xc_rule_search(r), c);
    xc_worker_free(w);
    xc_rules_free(rs);
}

static void test_list_alternation_longest_first(void **state)
{
    /* Declared shortest first: the longer words must still win. */
    xc_rules *rs =
        rules_from("kind: t\n"
                   "lists:\n  unit: [km, kilometre, kilometres, mile, miles]\n"
                   "rules:\n  - {id: u, pattern: '\\d+ \\s (?&unit)', trigger: digit}\n");
    const xc_rule *r = xc_rules_find(rs, "u");
    xc_worker *w = xc_worker_new();
    xc_match m;
    const char *s = "3 kilometres";
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 12);
    s = "5 miles";
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 7);
    s = "7 KM";
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 4);
    xc_worker_free(w);
    /* The lookup side normalizes each word once: case and spaces. */
    const xc_list *l = xc_rules_list(rs, "unit");
    assert_non_null(xc_list_find(l, "Kilometres", 10));
    assert_null(xc_list_find(l, "kilometer", 9));
    xc_rules_free(rs);
}

/* Brackets in quoted strings and comments do not count towards the nesting
 * limit; brackets after a quoted string ends do. */
static void test_nesting_limit_skips_quotes_and_comments(void **state)
{
    xc_buf y = {0};
    xc_buf_adds(&y, "kind: t\ndescription: \"say \\\" ");
    for (int i = 0; i < 2500; i++) xc_buf_addc(&y, '[');
    xc_buf_adds(&y, "\"\nversion: 'its ");
    for (int i = 0; i < 2500; i++) xc_buf_addc(&y, '{');
    xc_buf_adds(&y, "'\n# ");
    for (int i = 0; i < 2500; i++) xc_buf_addc(&y, '[');
    xc_buf_adds(&y, "\nrules:\n  - {id: a, pattern: 'x [{] y'}\n");
    xc_rules *rs = rules_from(y.s);
    assert_non_null(xc_rules_find(rs, "a"));
    xc_rules_free(rs);
    xc_buf_free(&y);

    xc_buf_adds(&y, "kind: t\ndescription: 'it''s'\nrules: ");
    for (int i = 0; i < 2001; i++) xc_buf_addc(&y, '[');
    /* "rules: " is 7 columns: the 2001st '[' is at column 2008 */
    load_fails(y.s, "malformed YAML: collections nested deeper than 2000 levels", 3, 2008);
    xc_buf_free(&y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_byte_of_a_literal),
        cmocka_unit_test(test_first_bytes_of_a_class),
        cmocka_unit_test(test_unknown_start_lets_everything_through),
        cmocka_unit_test(test_unanchored_compiled_on_first_use),
        cmocka_unit_test(test_list_alternation_longest_first),
        cmocka_unit_test(test_nesting_limit_skips_quotes_and_comments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
