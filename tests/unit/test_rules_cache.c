/* Data extractors keep with a rule set: built once, freed with it; and the
 * serial that tells two rule sets apart even at one address. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static int made, destroyed;

static void *make(const xc_rules *rs)
{
    made++;
    int *p = malloc(sizeof *p);
    if (p) *p = 42;
    return p;
}

static void destroy(void *p)
{
    destroyed++;
    free(p);
}

static xc_rules *load(void)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(XC_SOURCE_DIR "/rules", d);
    if (!rs) xc_diags_print(d, stderr);
    xc_diags_free(d);
    assert_non_null(rs);
    return rs;
}

static void test_cache_built_once_freed_with_rules(void **state)
{
    made = destroyed = 0;
    xc_rules *rs = load();
    int *a = xc_rules_cache(rs, XC_CACHE_WORDLISTS, make, destroy);
    int *b = xc_rules_cache(rs, XC_CACHE_WORDLISTS, make, destroy);
    assert_non_null(a);
    assert_ptr_equal(a, b);
    assert_int_equal(*a, 42);
    assert_int_equal(made, 1);
    assert_null(xc_rules_cache(rs, XC_RULES_CACHE_SLOTS, make, destroy)); /* no such slot */
    assert_null(xc_rules_cache(NULL, XC_CACHE_WORDLISTS, make, destroy));
    assert_int_equal(made, 1);
    xc_rules_free(rs);
    assert_int_equal(destroyed, 1);
}

static void test_serials_differ(void **state)
{
    xc_rules *a = load();
    uint64_t sa = xc_rules_serial(a);
    xc_rules_free(a);
    xc_rules *b = load(); /* may well reuse a's address */
    assert_true(sa != 0);
    assert_true(xc_rules_serial(b) != sa);
    assert_int_equal(xc_rules_serial(NULL), 0);
    xc_rules_free(b);
}

/* Extraction is the same after a rule set is freed and another loaded, and
 * with no rule set (built-in lists). */
static void test_extract_across_rule_sets(void **state)
{
    static const char text[] =
        "\"We ran,\" said Jen Loong, 25. A total of 1,000 runners took part.\n";
    for (int round = 0; round < 3; round++) {
        xc_rules *rs = round < 2 ? load() : NULL;
        xc_worker *w = xc_worker_new();
        xc_doc *doc = xc_doc_load_mem("a.txt", text, sizeof text - 1, NULL);
        assert_int_equal(xc_extract(doc, rs, w), XC_OK);
        const xc_quote *q;
        assert_int_equal(xc_doc_quotes(doc, &q), 1);
        assert_string_equal(q[0].speaker, "Jen Loong");
        const xc_figure *f;
        size_t n = xc_doc_figures(doc, &f);
        bool runners = false;
        for (size_t i = 0; i < n; i++) runners |= f[i].noun && !strcmp(f[i].noun, "runner");
        assert_true(runners);
        xc_doc_free(doc);
        xc_worker_free(w);
        xc_rules_free(rs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_built_once_freed_with_rules),
        cmocka_unit_test(test_serials_differ),
        cmocka_unit_test(test_extract_across_rule_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
