/* Rule files: loading, error messages (exact text and position), lists,
 * settings, the examples runner and the default rule folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "rules_impl.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define DATA XC_TEST_DATA "/rules/"

/* Loads one fixture that must fail; returns its diagnostics. */
static xc_diags *load_broken(const char *name)
{
    xc_diags *d = xc_diags_new();
    char path[512];
    snprintf(path, sizeof path, "%s%s", DATA "broken/", name);
    xc_rules *rs = xc_rules_load(path, d);
    assert_null(rs);
    return d;
}

static void assert_diag(const xc_diags *d, size_t i, const char *file, unsigned line,
                        unsigned column, const char *message, const char *source_line)
{
    const xc_diag *x = xc_diags_get(d, i);
    assert_non_null(x);
    assert_int_equal(x->severity, XC_ERROR);
    char path[512];
    snprintf(path, sizeof path, "%s%s", DATA "broken/", file);
    assert_string_equal(x->file, path);
    assert_string_equal(x->message, message);
    assert_int_equal(x->line, line);
    assert_int_equal(x->column, column);
    if (source_line) assert_string_equal(x->source_line, source_line);
}

/* ----------------------------------------------------------- good set */

static void each_rule(void *ctx, const char *file, unsigned line, const char *kind, const char *id)
{
    char *buf = ctx;
    char one[200];
    const char *base = strrchr(file, '/');
    snprintf(one, sizeof one, "%s:%u:%s:%s;", base ? base + 1 : file, line, kind, id);
    strcat(buf, one);
}

static void test_good_set_loads(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(DATA "good", d);
    assert_non_null(rs);
    assert_int_equal(xc_diags_count_at(d, XC_ERROR), 0);
    assert_string_equal(xc_rules_version(rs), "2");

    const xc_rule *const *rules;
    assert_int_equal(xc_rules_of_kind(rs, "figures", &rules), 4);
    assert_string_equal(xc_rule_id(rules[0]), "count-noun");
    assert_string_equal(xc_rule_id(rules[3]), "money");
    assert_int_equal(xc_rules_of_kind(rs, "quotes", &rules), 2);
    assert_int_equal(xc_rules_of_kind(rs, "dates", &rules), 0);

    const xc_rule *r = xc_rules_find(rs, "count-noun");
    assert_non_null(r);
    assert_string_equal(xc_rule_kind(r), "figures");
    assert_string_equal(xc_rule_attr(r, "type"), "count");
    assert_null(xc_rule_attr(r, "pattern"));
    assert_int_equal(xc_rule_group(r, "value"), 1);
    assert_int_equal(xc_rule_group(r, "noun"), 2);
    assert_int_equal(xc_rule_group(r, "unit"), -1);
    assert_null(xc_rules_find(rs, "no-such-rule"));

    assert_string_equal(xc_rules_setting(rs, "figures", "round_numbers_approximate"), "false");
    assert_null(xc_rules_setting(rs, "quotes", "round_numbers_approximate"));

    /* Files in sorted order (figures.yaml, quotes.yaml), rules in declaration order. */
    char buf[1024] = "";
    xc_rules_each(rs, each_rule, buf);
    assert_string_equal(buf, "figures.yaml:23:figures:count-noun;"
                             "figures.yaml:40:figures:hedged-count;"
                             "figures.yaml:49:figures:distance;"
                             "figures.yaml:57:figures:money;"
                             "quotes.yaml:5:quotes:quote-said;"
                             "quotes.yaml:13:quotes:cue-name;");
    xc_rules_free(rs);
    xc_diags_free(d);
}

static void test_lists(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(DATA "good", d);
    assert_non_null(rs);
    const xc_list *units = xc_rules_list(rs, "units");
    assert_non_null(units);
    assert_int_equal(xc_list_size(units), 3);
    const xc_entry *km = xc_list_find(units, "KM", 2);
    assert_non_null(km);
    assert_string_equal(km->word, "km");
    assert_string_equal(xc_entry_attr(km, "dimension"), "length");
    assert_string_equal(xc_entry_attr(km, "factor"), "1000");
    assert_null(xc_entry_attr(km, "value"));
    assert_string_equal(xc_list_at(units, 2)->word, "mile");

    const xc_list *hedges = xc_rules_list(rs, "hedges");
    const xc_entry *e = xc_list_find(hedges, "More \t than", 11);
    assert_non_null(e);
    assert_string_equal(e->word, "more than");
    assert_string_equal(xc_entry_attr(e, "value"), "lower");
    assert_null(xc_list_find(hedges, "more", 4));
    assert_null(xc_list_find(hedges, "more than a", 11));

    const xc_list *verbs = xc_rules_list(rs, "speech_verbs");
    assert_non_null(xc_list_find(verbs, "SAID", 4));
    assert_non_null(xc_list_find(verbs, "according to", 12));
    assert_int_equal(xc_list_at(verbs, 0)->n_attrs, 0);
    assert_null(xc_rules_list(rs, "number")); /* a fragment, not a list */
    xc_rules_free(rs);
    xc_diags_free(d);
}

/* ------------------------------------------------------------ errors */

static void test_bad_yaml(void **state)
{
    xc_diags *d = load_broken("bad-yaml.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    assert_diag(d, 0, "bad-yaml.yaml", 4, 15,
                "malformed YAML: found unknown escape character while parsing a quoted scalar",
                "    pattern: \"\\d+");
    xc_diags_free(d);
}

static void test_unknown_key(void **state)
{
    xc_diags *d = load_broken("unknown-key.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    assert_diag(d, 0, "unknown-key.yaml", 4, 5,
                "in rule 'count': unknown key 'patern' (did you mean 'pattern'?)",
                "    patern: \\d+");
    xc_diags_free(d);
}

static void test_missing_id(void **state)
{
    xc_diags *d = load_broken("missing-id.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    assert_diag(d, 0, "missing-id.yaml", 3, 5, "rule #1: missing 'id'", "  - pattern: \\d+");
    xc_diags_free(d);
}

static void test_duplicate_id(void **state)
{
    xc_diags *d = load_broken("duplicate-id.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    char msg[512];
    snprintf(msg, sizeof msg, "duplicate rule id 'count' (first defined in %s:3)",
             DATA "broken/duplicate-id.yaml");
    assert_diag(d, 0, "duplicate-id.yaml", 5, 9, msg, "  - id: count");
    xc_diags_free(d);
}

/* A key given twice in an example, or a group named twice, is an error at
 * the second (a second 'groups' must not be read over the first, past the
 * room made for it). */
static void test_example_duplicates(void **state)
{
    xc_diags *d = load_broken("example-duplicates.yaml");
    assert_int_equal(xc_diags_count(d), 2);
    assert_diag(d, 0, "example-duplicates.yaml", 8, 9,
                "in rule 'count-animals': example: duplicate key 'groups'",
                "        groups: {noun: dog, value: \"3\"}");
    assert_diag(d, 1, "example-duplicates.yaml", 10, 30,
                "in rule 'count-animals': example: duplicate key 'value'",
                "        groups: {value: \"2\", value: \"3\"}");
    xc_diags_free(d);
}

/* The error in a literal block points into the block: line 8, after
 * "(?<noun>\p{L}+" where the closing parenthesis is missing. */
static void test_pcre2_error_position(void **state)
{
    xc_diags *d = load_broken("pcre-error.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    assert_diag(d, 0, "pcre-error.yaml", 8, 21,
                "in rule 'count-noun': missing closing parenthesis at pattern offset 40",
                "      (?<noun>\\p{L}+");
    assert_string_equal(xc_diags_get(d, 0)->code, "rule-pattern");

    /* The caret line under it. */
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    xc_diags_print(d, f);
    fclose(f);
    assert_non_null(strstr(out, "pcre-error.yaml:8:21: error: in rule 'count-noun': missing "
                                "closing parenthesis at pattern offset 40\n"
                                "        (?<noun>\\p{L}+\n"
                                "                      ^\n"));
    free(out);
    xc_diags_free(d);
}

static void test_missing_group(void **state)
{
    xc_diags *d = load_broken("missing-group.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    assert_diag(d, 0, "missing-group.yaml", 5, 21,
                "in rule 'count-noun': the pattern has no group named 'noun'",
                "    groups: [value, noun]");
    xc_diags_free(d);
}

static void test_unknown_fragment(void **state)
{
    xc_diags *d = load_broken("unknown-fragment.yaml");
    assert_int_equal(xc_diags_count(d), 1);
    /* Column 17: the name inside "(?&numbr)". */
    assert_diag(d, 0, "unknown-fragment.yaml", 6, 17,
                "in rule 'count': unknown fragment or list 'numbr' (did you mean 'number'?)",
                "    pattern: (?&numbr) \\s+ \\w+");
    xc_diags_free(d);
}

static void test_several_errors_all_reported(void **state)
{
    xc_diags *d = load_broken("several.yaml");
    assert_int_equal(xc_diags_count(d), 5);
    assert_diag(d, 0, "several.yaml", 4, 18,
                "in rule 'one': missing closing parenthesis at pattern offset 4", NULL);
    assert_diag(d, 1, "several.yaml", 7, 14,
                "in rule 'two': unknown trigger 'digits' (did you mean 'digit'?)", NULL);
    assert_diag(d, 2, "several.yaml", 9, 19,
                "in rule 'three': missing terminating ] for character class at pattern offset 4",
                NULL);
    char msg[512];
    snprintf(msg, sizeof msg, "duplicate rule id 'one' (first defined in %s:3)",
             DATA "broken/several.yaml");
    assert_diag(d, 3, "several.yaml", 10, 9, msg, NULL);
    assert_diag(d, 4, "several.yaml", 12, 5,
                "in rule 'one': unknown key 'exmaples' (did you mean 'examples'?)", NULL);
    xc_diags_free(d);
}

/* An error in a fragment is reported once, at the fragment, not in every
 * rule that uses it; an error inside a block scalar points into the block. */
static void test_fragment_and_type_errors(void **state)
{
    xc_diags *d = load_broken("fragment-error.yaml");
    assert_int_equal(xc_diags_count(d), 5);
    assert_diag(d, 0, "fragment-error.yaml", 3, 23,
                "in fragment 'figure': quantifier does not follow a repeatable item at pattern "
                "offset 12",
                "  figure: \\d+(?:,\\d{3}*");
    assert_diag(d, 1, "fragment-error.yaml", 12, 21,
                "in rule 'frag-three': unknown property after \\P or \\p at pattern offset 32",
                "      (?<noun>\\p{Lx}+)");
    assert_diag(d, 2, "fragment-error.yaml", 16, 13,
                "in rule 'frag-four': the pattern has no group named 'value'", NULL);
    assert_diag(d, 3, "fragment-error.yaml", 17, 22,
                "in rule 'frag-four': 'trigger' must be a trigger or a list of triggers", NULL);
    assert_diag(d, 4, "fragment-error.yaml", 20, 9,
                "in rule 'frag-four': unknown key 'matches' in example (did you mean 'match'?)",
                NULL);
    xc_diags_free(d);
}

/* Errors of several files in one folder, each under its own file. */
static void test_every_file_reported(void **state)
{
    xc_diags *d = xc_diags_new();
    assert_null(xc_rules_load(DATA "broken", d));
    size_t files = 0;
    const char *last = "";
    for (size_t i = 0; i < xc_diags_count(d); i++) {
        const xc_diag *x = xc_diags_get(d, i);
        if (strcmp(x->file, last)) files++, last = x->file;
    }
    assert_int_equal(files, 10);
    assert_int_equal(xc_diags_count_at(d, XC_ERROR), 21);
    xc_diags_free(d);
}

static void test_missing_folder(void **state)
{
    xc_diags *d = xc_diags_new();
    assert_null(xc_rules_load(DATA "no-such-folder", d));
    assert_int_equal(xc_diags_count(d), 1);
    assert_string_equal(xc_diags_get(d, 0)->message,
                        "cannot read the rule folder: No such file or directory");
    xc_diags_free(d);
}

/* ---------------------------------------------------------- examples */

static void test_examples_pass(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(DATA "good", d);
    assert_non_null(rs);
    xc_rules_test_result r = {99, 99};
    assert_int_equal(xc_rules_test(rs, &r, d), XC_OK);
    assert_int_equal(r.passed, 9);
    assert_int_equal(r.failed, 0);
    assert_int_equal(xc_diags_count(d), 0);
    xc_rules_free(rs);
    xc_diags_free(d);
}

static void test_examples_wrong_fail(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(DATA "wrong-examples", d);
    assert_non_null(rs);
    xc_rules_test_result r;
    assert_int_equal(xc_rules_test(rs, &r, d), XC_OK);
    assert_int_equal(r.passed, 3);
    assert_int_equal(r.failed, 3);
    assert_int_equal(xc_diags_count(d), 3);
    const xc_diag *x = xc_diags_get(d, 0);
    assert_int_equal(x->line, 9);
    assert_int_equal(x->column, 9);
    assert_string_equal(x->message,
                        "in rule 'count-noun': expected match \"1,000\", found \"1,000 runners\"");
    x = xc_diags_get(d, 1);
    assert_int_equal(x->line, 13);
    assert_string_equal(
        x->message, "in rule 'count-noun': expected group 'noun' \"foreigner\", found \"were\"");
    x = xc_diags_get(d, 2);
    assert_int_equal(x->line, 15);
    assert_string_equal(x->message,
                        "in rule 'count-noun': expected match \"200 were\", found no match");
    xc_rules_free(rs);
    xc_diags_free(d);
}

/* ---------------------------------------------------- versions, folders */

static char tmpdir[64];

static void write_file(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void remove_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    unlink(path);
}

/* List lookups skip most words on their first two bytes: every kind of
 * entry must still be found in every spelling that normalizes to it. Names
 * that share their first eight bytes and lengths are told apart. */
static void test_list_lookup_shapes(void **state)
{
    strcpy(tmpdir, "/tmp/xc-rules-XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    write_file("w.yaml", "kind: w\n"
                         "lists:\n"
                         "  words: [a, I, a.m., a lot, \"caf\xc3\xa9\", \"\xc3\xa9lan\", 12, x-ray,"
                         " \"\xc3\x89"
                         "cole normale\", \"don't\"]\n"
                         "  month_names_a: [jan]\n"
                         "  month_names_b: [feb]\n"
                         "  month_names_long: [mar]\n");
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(tmpdir, d);
    assert_non_null(rs);
    const xc_list *l = xc_rules_list(rs, "words");
    assert_non_null(l);
    static const char *const found[] = {
        "a",
        "A",
        " a",
        "I",
        "i",
        "A.M.",
        "a.m.",
        "a  lot",
        "A\tLot",
        "Caf\xc3\xa9",
        "CAF\xc3\xa9",
        "\xc3\xa9lan",
        "\xc3\x89LAN",
        "12",
        "X-Ray",
        "DON'T",
        "\303\211cole  Normale",
    };
    for (size_t i = 0; i < sizeof found / sizeof *found; i++)
        assert_non_null(xc_list_find(l, found[i], strlen(found[i])));
    static const char *const missing[] = {"b", "ab", "a.", "am", "alot", "caf", "13", "x", "lan"};
    for (size_t i = 0; i < sizeof missing / sizeof *missing; i++)
        assert_null(xc_list_find(l, missing[i], strlen(missing[i])));
    assert_string_equal(xc_list_find(xc_rules_list(rs, "month_names_a"), "Jan", 3)->word, "jan");
    assert_string_equal(xc_list_find(xc_rules_list(rs, "month_names_b"), "FEB", 3)->word, "feb");
    assert_string_equal(xc_list_find(xc_rules_list(rs, "month_names_long"), "mar", 3)->word, "mar");
    assert_null(xc_rules_list(rs, "month_names_c"));
    assert_null(xc_rules_list(rs, "month_names"));
    assert_null(xc_rules_list(rs, ""));
    xc_rules_free(rs);
    xc_diags_free(d);
    remove_file("w.yaml");
    rmdir(tmpdir);
}

static void test_version_and_globals(void **state)
{
    strcpy(tmpdir, "/tmp/xc-rules-XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    write_file("a.yaml", "kind: a\nversion: 1.9\nrules: []\n");
    write_file("b.yaml", "kind: b\nversion: 1.10\nlists:\n  w: [x]\n");
    write_file("c.yml", "kind: c\ndefine:\n  w: x\n");
    write_file("notes.txt", "not a rule file");
    xc_diags *d = xc_diags_new();
    assert_null(xc_rules_load(tmpdir, d)); /* 'w' is both a list and a fragment */
    assert_int_equal(xc_diags_count(d), 1);
    const xc_diag *x = xc_diags_get(d, 0);
    assert_int_equal(x->line, 3);
    assert_int_equal(x->column, 3);
    char msg[256];
    snprintf(msg, sizeof msg, "duplicate name 'w' (first defined in %s/b.yaml:4)", tmpdir);
    assert_string_equal(x->message, msg);
    xc_diags_free(d);

    remove_file("c.yml");
    d = xc_diags_new();
    xc_rules *rs = xc_rules_load(tmpdir, d);
    assert_non_null(rs);
    assert_string_equal(xc_rules_version(rs), "1.10");
    xc_rules_free(rs);
    xc_diags_free(d);

    remove_file("a.yaml");
    remove_file("b.yaml");
    write_file("a.yaml", "kind: a\n");
    d = xc_diags_new();
    rs = xc_rules_load(tmpdir, d);
    assert_non_null(rs);
    assert_string_equal(xc_rules_version(rs), "unversioned");
    xc_rules_free(rs);
    xc_diags_free(d);

    write_file("a.yaml",
               "kinds: a\nrules:\n  - {id: x, pattern: 'x', trigger: [word, list:nope]}\n");
    d = xc_diags_new();
    assert_null(xc_rules_load(tmpdir, d));
    assert_int_equal(xc_diags_count(d), 3);
    assert_string_equal(xc_diags_get(d, 0)->message, "missing 'kind'");
    assert_string_equal(xc_diags_get(d, 1)->message, "unknown key 'kinds' (did you mean 'kind'?)");
    assert_string_equal(xc_diags_get(d, 2)->message, "in rule 'x': unknown list 'nope' in trigger");
    assert_int_equal(xc_diags_get(d, 2)->column, 43);
    xc_diags_free(d);

    /* A second YAML document is not silently dropped; an empty file is an error. */
    write_file("a.yaml", "kind: a\n---\nkind: b\n");
    write_file("b.yaml", "");
    d = xc_diags_new();
    assert_null(xc_rules_load(tmpdir, d));
    assert_int_equal(xc_diags_count(d), 2);
    x = xc_diags_get(d, 0);
    assert_int_equal(x->line, 2);
    assert_int_equal(x->column, 1);
    assert_string_equal(x->message, "a rule file holds one YAML document; this one is not read");
    assert_string_equal(xc_diags_get(d, 1)->message, "empty rule file (missing 'kind')");
    xc_diags_free(d);

    /* A key given twice is not silently overwritten; an empty trigger list
     * would never run the rule. */
    remove_file("b.yaml");
    write_file("a.yaml", "kind: x\nkind: y\nrules:\n  - id: a\n    pattern: x\n"
                         "    pattern: y\n    trigger: []\n");
    d = xc_diags_new();
    assert_null(xc_rules_load(tmpdir, d));
    assert_int_equal(xc_diags_count(d), 3);
    x = xc_diags_get(d, 0);
    assert_string_equal(x->message, "duplicate key 'kind'");
    assert_int_equal(x->line, 2);
    assert_int_equal(x->column, 1);
    x = xc_diags_get(d, 1);
    assert_string_equal(x->message, "in rule 'a': duplicate key 'pattern'");
    assert_int_equal(x->line, 6);
    assert_int_equal(x->column, 5);
    x = xc_diags_get(d, 2);
    assert_string_equal(x->message, "in rule 'a': 'trigger' is empty");
    assert_int_equal(x->line, 7);
    assert_int_equal(x->column, 14);
    xc_diags_free(d);

    /* Deep flow nesting is refused before libyaml spends quadratic time on it. */
    xc_buf deep = {0};
    xc_buf_adds(&deep, "kind: x\nrules: ");
    for (int i = 0; i < 100000; i++) xc_buf_addc(&deep, '[');
    write_file("a.yaml", deep.s);
    xc_buf_free(&deep);
    d = xc_diags_new();
    assert_null(xc_rules_load(tmpdir, d));
    assert_int_equal(xc_diags_count(d), 1);
    x = xc_diags_get(d, 0);
    assert_string_equal(x->message, "malformed YAML: collections nested deeper than 2000 levels");
    assert_int_equal(x->line, 2);
    assert_int_equal(x->column, 2008); /* the 2001st '[' */
    xc_diags_free(d);

    remove_file("a.yaml");
    remove_file("notes.txt");
    rmdir(tmpdir);
}

static void test_default_dir(void **state)
{
    setenv("CROSSCHECK_RULES", "/srv/newsroom/rules", 1);
    char *p = xc_rules_default_dir(NULL);
    assert_string_equal(p, "/srv/newsroom/rules");
    free(p);
    unsetenv("CROSSCHECK_RULES");

    strcpy(tmpdir, "/tmp/xc-build-XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    char exe[128];
    snprintf(exe, sizeof exe, "%s/crosscheck", tmpdir);
    p = xc_rules_default_dir(exe);
    size_t n = strlen(p);
    assert_true(n > 17 && !strcmp(p + n - 17, "/crosscheck/rules")); /* installed */
    free(p);
    write_file("CMakeCache.txt", "# build tree\n");
    p = xc_rules_default_dir(exe);
    assert_string_equal(p, XC_SOURCE_DIR "/rules");
    free(p);
    remove_file("CMakeCache.txt");
    rmdir(tmpdir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_set_loads),
        cmocka_unit_test(test_lists),
        cmocka_unit_test(test_list_lookup_shapes),
        cmocka_unit_test(test_bad_yaml),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_missing_id),
        cmocka_unit_test(test_duplicate_id),
        cmocka_unit_test(test_pcre2_error_position),
        cmocka_unit_test(test_missing_group),
        cmocka_unit_test(test_unknown_fragment),
        cmocka_unit_test(test_several_errors_all_reported),
        cmocka_unit_test(test_fragment_and_type_errors),
        cmocka_unit_test(test_every_file_reported),
        cmocka_unit_test(test_missing_folder),
        cmocka_unit_test(test_examples_pass),
        cmocka_unit_test(test_examples_wrong_fail),
        cmocka_unit_test(test_example_duplicates),
        cmocka_unit_test(test_version_and_globals),
        cmocka_unit_test(test_default_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
