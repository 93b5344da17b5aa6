/* The github report: workflow commands and GitHub's escaping, on findings
 * made by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <stdio.h>

/* Runs fn into a memory stream and returns what it wrote (malloc'd). */
#define CAPTURE(buf, call)                                                                         \
    do {                                                                                           \
        size_t len_;                                                                               \
        FILE *f = open_memstream(&(buf), &len_);                                                   \
        assert_non_null(f);                                                                        \
        call;                                                                                      \
        fclose(f);                                                                                 \
    } while (0)

static void test_command_escaping(void **state)
{
    char *out = NULL;
    CAPTURE(out, assert_int_equal(xc_github_command(f, XC_ERROR, "drafts/a,b:c.md", 12, 5, 12, 18,
                                                    "figure-conflict (runners: total)",
                                                    "100% sure\r\nline two, a:b"),
                                  0));
    assert_string_equal(out, "::error file=drafts/a%2Cb%3Ac.md,line=12,col=5,endLine=12,"
                             "endColumn=18,title=figure-conflict (runners%3A total)"
                             "::100%25 sure%0D%0Aline two, a:b\n");
    free(out);
}

static void test_severities_and_missing_parts(void **state)
{
    char *out = NULL;
    CAPTURE(out, xc_github_command(f, XC_WARNING, "x.md", 3, 0, 0, 0, NULL, "m"));
    assert_string_equal(out, "::warning file=x.md,line=3::m\n");
    free(out);
    CAPTURE(out, xc_github_command(f, XC_INFO, NULL, 0, 0, 0, 0, NULL, "only a message"));
    assert_string_equal(out, "::notice::only a message\n");
    free(out);
}

/* An escape character or "::" inside a message cannot start a command. */
static void test_control_characters(void **state)
{
    char *out = NULL;
    CAPTURE(out, xc_github_command(f, XC_ERROR, "a\tb.md", 1, 1, 0, 0, "t\x1b",
                                   "say \x1b[31m\x7f\n::error::fake"));
    assert_string_equal(
        out, "::error file=a%09b.md,line=1,col=1,title=t%1B::say %1B[31m%7F%0A::error::fake\n");
    free(out);
}

/* A finding with two claims: the annotation is on the first claim (line
 * and code-point columns of its span), the other claim is listed. */
static void test_finding(void **state)
{
    const char *a_text = "Caf\xc3\xa9 news: 1,000 runners ran.";
    const char *b_text = "About 800 runners.";
    xc_doc *a = xc_doc_load_mem("drafts/a.md", a_text, strlen(a_text), NULL);
    xc_doc *b = xc_doc_load_mem("sources/b.md", b_text, strlen(b_text), NULL);
    assert_non_null(a);
    assert_non_null(b);
    /* Results pushed by hand, as an extractor would. "1,000 runners" is
     * bytes 12..25 of a (code points 11..24: "é" is two bytes). */
    xc_figure fa = {.span = {12, 25}, .text = "1,000 runners", .value = 1000, .quote = -1};
    xc_figure fb = {.span = {6, 17}, .text = "800 runners", .value = 800, .quote = -1};
    a->figures.n = b->figures.n = 0;
    assert_int_equal(xc_vec_push(&a->figures, fa), 0);
    assert_int_equal(xc_vec_push(&b->figures, fb), 0);
    xc_claim claims[] = {{.kind = XC_CLAIM_FIGURE, .doc = a, .index = 0},
                         {.kind = XC_CLAIM_FIGURE, .doc = b, .index = 0}};
    xc_finding f1 = {.kind = "figure-conflict",
                     .severity = XC_ERROR,
                     .concept = "participants",
                     .message = "runners: 1,000 vs 800",
                     .claims = claims,
                     .n_claims = 2};
    char *out = NULL;
    CAPTURE(out, assert_int_equal(xc_github_finding(f, NULL, &f1), 0));
    assert_string_equal(out, "::error file=drafts/a.md,line=1,col=12,endLine=1,endColumn=25,"
                             "title=figure-conflict (participants)"
                             "::runners: 1,000 vs 800%0Asources/b.md:1:7: 800 runners\n");
    free(out);

    /* A quote-altered finding carries its word diff; a warning. */
    xc_finding f2 = {.kind = "quote-altered",
                     .severity = XC_WARNING,
                     .message = "quote differs",
                     .diff = "[-and-] {+North Korea+}",
                     .claims = claims + 1,
                     .n_claims = 1};
    CAPTURE(out, assert_int_equal(xc_github_finding(f, NULL, &f2), 0));
    assert_string_equal(out,
                        "::warning file=sources/b.md,line=1,col=7,endLine=1,endColumn=18,"
                        "title=quote-altered::quote differs%0Adiff: [-and-] {+North Korea+}\n");
    free(out);

    /* In check mode the annotation moves to the draft's claim. */
    const xc_doc *drafts[] = {b};
    xc_run run = {.min_severity = XC_INFO, .drafts = drafts, .n_drafts = 1};
    CAPTURE(out, assert_int_equal(xc_github_finding(f, &run, &f1), 0));
    assert_string_equal(out, "::error file=sources/b.md,line=1,col=7,endLine=1,endColumn=18,"
                             "title=figure-conflict (participants)"
                             "::runners: 1,000 vs 800%0Adrafts/a.md:1:12: 1,000 runners\n");
    free(out);
    xc_doc_free(a);
    xc_doc_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_command_escaping),
        cmocka_unit_test(test_severities_and_missing_parts),
        cmocka_unit_test(test_control_characters),
        cmocka_unit_test(test_finding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
