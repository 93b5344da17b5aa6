/* Cross-checking names: how the words of a name are read (case folded, a
 * hyphen or apostrophe inside a word kept, a possessive "'s" dropped), seen
 * through the name-variant findings of hand-made stories. Expectations are
 * written by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* Reconciles the documents as one story; returns its findings (the story is
 * freed by the caller). */
static size_t reconcile(xc_doc **docs, size_t n, xc_story **s, const xc_finding **f)
{
    *s = xc_story_new("story");
    assert_non_null(*s);
    for (size_t i = 0; i < n; i++) assert_int_equal(xc_story_add(*s, docs[i], false), XC_OK);
    xc_check_opts o = {0};
    assert_int_equal(xc_story_reconcile(*s, NULL, &o), XC_OK);
    return xc_story_findings(*s, f);
}

static void free_docs(xc_doc **docs, size_t n)
{
    for (size_t i = 0; i < n; i++) xc_doc_free(docs[i]);
}

/* A hyphenated word is one word of the name: "Myung-bak" and "Myung-back"
 * are one word spelled two ways next to the same "Lee". */
static void test_hyphenated_word(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "they met Lee Myung-bak on a visit.\n"),
        mkdoc("b.txt", "later Lee Myung-back spoke.\n"),
    };
    xc_story *s;
    const xc_finding *f;
    assert_int_equal(reconcile(d, 2, &s, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_string_equal(f[0].message, "name spelled two ways: \"Lee Myung-back\" (b.txt) and "
                                      "\"Lee Myung-bak\" (a.txt)");
    assert_int_equal(f[0].n_claims, 2);
    assert_int_equal(f[0].claims[0].span.start, 6);
    assert_int_equal(f[0].claims[0].span.end, 20);
    xc_story_free(s);
    free_docs(d, 2);
}

/* Capitals and a possessive do not make another spelling: "LOONG" and
 * "Loong's" are the "Loong" of "Jen Loong", and the one real variant,
 * "Jen Long", is the only finding. */
static void test_case_and_possessive(void **state)
{
    xc_doc *d[3] = {
        mkdoc("a.txt", "the runner Jen Loong's time was good.\n"),
        mkdoc("b.txt", "the runner JEN LOONG won.\n"),
        mkdoc("c.txt", "the runner Jen Long won.\n"),
    };
    xc_story *s;
    const xc_finding *f;
    assert_int_equal(reconcile(d, 3, &s, &f), 1);
    assert_string_equal(f[0].kind, "name-variant");
    assert_int_equal(f[0].n_claims, 3);
    xc_story_free(s);
    free_docs(d, 3);
}

/* A run of capitalized words longer than a name (nine here) is not read as
 * one: two such runs that differ by one letter are not reported. */
static void test_too_many_words(void **state)
{
    xc_doc *d[2] = {
        mkdoc("a.txt", "see One Two Three Four Five Six Seven Eight Nine here.\n"),
        mkdoc("b.txt", "see One Two Three Four Five Six Seven Eight Nime here.\n"),
    };
    xc_story *s;
    const xc_finding *f;
    assert_int_equal(reconcile(d, 2, &s, &f), 0);
    xc_story_free(s);
    free_docs(d, 2);
}

/* A document's mentions come to the name keys in text order, and are
 * merged with its capitalized runs; in any other order they are sorted in
 * full. Both ways give the same findings: here the mentions of one
 * document are reversed before the story is reconciled. */
static void test_mentions_out_of_order(void **state)
{
    (void)state;
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(XC_SOURCE_DIR "/rules", diags);
    assert_non_null(rules);
    xc_worker *w = xc_worker_new();
    assert_non_null(w);
    static const char a[] = "Jen Loong won the Pyongyang marathon on Sunday.\n\n"
                            "Loong said the course was hard. Officials thanked Jen Loong.\n";
    static const char b[] = "Jen Long won the Pyongyang marathon on Sunday.\n";
    xc_story *s[2];
    xc_doc *docs[2][2];
    const xc_finding *f[2];
    size_t n[2];
    for (int k = 0; k < 2; k++) {
        docs[k][0] = mkdoc("a.txt", a);
        docs[k][1] = mkdoc("b.txt", b);
        for (int i = 0; i < 2; i++) assert_int_equal(xc_extract(docs[k][i], rules, w), XC_OK);
        xc_doc *d = docs[k][0];
        assert_true(d->mentions.n >= 3);
        if (k == 1) /* reversed, the text ranges with them */
            for (size_t i = 0, j = d->mentions.n - 1; i < j; i++, j--) {
                xc_mention m = d->mentions.v[i];
                d->mentions.v[i] = d->mentions.v[j], d->mentions.v[j] = m;
                xc_range r = d->mention_fold.v[i];
                d->mention_fold.v[i] = d->mention_fold.v[j], d->mention_fold.v[j] = r;
            }
        s[k] = xc_story_new("story");
        assert_non_null(s[k]);
        for (int i = 0; i < 2; i++) assert_int_equal(xc_story_add(s[k], docs[k][i], false), XC_OK);
        xc_check_opts o = {0};
        assert_int_equal(xc_story_reconcile(s[k], rules, &o), XC_OK);
        n[k] = xc_story_findings(s[k], &f[k]);
    }
    /* the one finding, as written by hand */
    size_t variant = SIZE_MAX;
    for (size_t i = 0; i < n[0]; i++)
        if (!strcmp(f[0][i].kind, "name-variant")) variant = i;
    assert_true(variant != SIZE_MAX);
    assert_string_equal(f[0][variant].message,
                        "name spelled two ways: \"Jen Long\" (b.txt) and \"Jen Loong\" (a.txt)");
    /* the same findings with the mentions reversed */
    assert_int_equal(n[1], n[0]);
    for (size_t i = 0; i < n[0]; i++) {
        assert_string_equal(f[1][i].kind, f[0][i].kind);
        assert_string_equal(f[1][i].message, f[0][i].message);
        assert_int_equal(f[1][i].n_claims, f[0][i].n_claims);
        for (size_t c = 0; c < f[0][i].n_claims; c++) {
            assert_int_equal(f[1][i].claims[c].kind, f[0][i].claims[c].kind);
            assert_int_equal(f[1][i].claims[c].span.start, f[0][i].claims[c].span.start);
            assert_int_equal(f[1][i].claims[c].span.end, f[0][i].claims[c].span.end);
        }
    }
    for (int k = 0; k < 2; k++) {
        xc_story_free(s[k]);
        free_docs(docs[k], 2);
    }
    xc_worker_free(w);
    xc_rules_free(rules);
    xc_diags_free(diags);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hyphenated_word),
        cmocka_unit_test(test_case_and_possessive),
        cmocka_unit_test(test_too_many_words),
        cmocka_unit_test(test_mentions_out_of_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
