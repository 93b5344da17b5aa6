/* xc_extract_batch: documents extracted a stage at a time end as
 * xc_extract leaves each of them alone, whatever else is in the batch
 * (skipped documents, documents the extractors find nothing in, more
 * documents than one pass takes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "extract_fixture.h"

/* The project's sample articles (every format), and texts of the kinds a
 * corpus mixes in. */
static const char *const files[] = {
    "corpus/pyongyang-marathon/ctv-pyongyang.txt",
    "corpus/pyongyang-marathon/huffpost-pyongyang.html",
    "corpus/pyongyang-marathon/runnersworld-pyongyang.md",
    "corpus/kessler-sentencing/courtwire-kessler.txt",
    "corpus/kessler-sentencing/tribune-kessler.html",
    "corpus/hurricane-marisol/weatherdesk-marisol.md",
    "corpus/riverton-budget/cityhall-budget.md",
};

static const char *const texts[] = {
    "The race drew 1,000 runners on April 13, 2014, said Kim Jong Su, the organizer.",
    "no capitals, no digits, no quotes at all here.",
    "\"We will rebuild,\" Mayor Ana Ortiz said on Tuesday. \"Every one of the 42 homes.\"",
    "Caf\xe9 owners counted 300 visitors.", /* Latin-1 */
};

#define N_KINDS (sizeof files / sizeof *files + sizeof texts / sizeof *texts + 1)
/* more than one pass of 64 */
#define N_DOCS (3 * N_KINDS + 50)

/* Document i of the mix, loaded and not extracted. */
static xc_doc *load(size_t i)
{
    size_t k = i % N_KINDS, nf = sizeof files / sizeof *files;
    if (k < nf) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", XC_SOURCE_DIR, files[k]);
        xc_doc *d = xc_doc_load_file(path, NULL);
        assert_non_null(d);
        assert_int_equal(d->status, XC_DOC_OK);
        return d;
    }
    if (k < nf + sizeof texts / sizeof *texts) return mkdoc("t.txt", texts[k - nf]);
    xc_doc *d = xc_doc_new_skipped("gone.txt", "cannot read: No such file or directory");
    assert_non_null(d);
    return d;
}

static char *record(const xc_doc *d)
{
    xc_buf b = {0};
    assert_int_equal(xc_jsonl_doc_render(&b, d), 0);
    assert_non_null(b.s);
    return b.s;
}

static void test_batch_is_each_alone(void **state)
{
    (void)state;
    xc_doc *alone[N_DOCS], *batch[N_DOCS];
    for (size_t i = 0; i < N_DOCS; i++) {
        alone[i] = load(i);
        assert_int_equal(xc_extract(alone[i], rules, worker), XC_OK);
        batch[i] = load(i);
    }
    assert_int_equal(xc_extract_batch(batch, N_DOCS, rules, worker), XC_OK);
    for (size_t i = 0; i < N_DOCS; i++) {
        char *a = record(alone[i]), *b = record(batch[i]);
        if (strcmp(a, b)) fail_msg("document %zu:\nalone: %s\nbatch: %s", i, a, b);
        free(a);
        free(b);
    }

    /* what the batch found, written by hand for the first text */
    size_t nf = sizeof files / sizeof *files;
    const xc_doc *race = batch[nf];
    const xc_figure *f = figure_written(race, "1,000");
    assert_non_null(f);
    assert_true(f->value == 1000);
    const xc_date *dates;
    assert_int_equal(xc_doc_dates(race, &dates), 1);
    assert_string_equal(dates[0].value, "2014-04-13");
    const xc_person *people;
    assert_int_equal(xc_doc_people(race, &people), 1);
    assert_string_equal(people[0].name, "Kim Jong Su");
    /* the quotes of the third text, in the second pass of 64 */
    const xc_doc *mayor = batch[N_KINDS * 2 + nf + 2];
    const xc_quote *quotes;
    assert_int_equal(xc_doc_quotes(mayor, &quotes), 2);
    assert_string_equal(quotes[0].speaker, "Ana Ortiz");
    /* the skipped document stays as it was */
    const xc_doc *gone = batch[N_KINDS - 1];
    assert_int_equal(xc_doc_status_of(gone), XC_DOC_SKIPPED);
    assert_int_equal(xc_doc_figures(gone, &(const xc_figure *){NULL}), 0);

    for (size_t i = 0; i < N_DOCS; i++) {
        xc_doc_free(alone[i]);
        xc_doc_free(batch[i]);
    }
}

/* An empty batch does nothing. */
static void test_empty_batch(void **state)
{
    (void)state;
    assert_int_equal(xc_extract_batch(NULL, 0, rules, worker), XC_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_is_each_alone),
        cmocka_unit_test(test_empty_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
