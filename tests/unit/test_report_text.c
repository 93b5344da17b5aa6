/* The text report's findings, on documents and findings made by hand:
 * claims as path:line:col with their sentence, the highlight, the diff,
 * long sentences cut around the claim, control characters replaced. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <stdio.h>

/* A one-line ASCII document (every layer is then the same text) with the
 * given sentences and one figure, both in fold coordinates. */
static xc_doc *make_doc(const char *name, const char *text, const xc_range *sents, size_t n_sents,
                        xc_range figure)
{
    xc_doc *d = xc_doc_load_mem(name, text, strlen(text), NULL);
    assert_non_null(d);
    assert_int_equal(d->fold_len, strlen(text));
    d->sents.n = d->figures.n = d->figure_fold.n = 0;
    for (size_t i = 0; i < n_sents; i++) {
        xc_sentence s = {sents[i].start, sents[i].end, 0};
        assert_int_equal(xc_vec_push(&d->sents, s), 0);
    }
    xc_figure f = {.span = {figure.start, figure.end}, .quote = -1};
    f.text = xc_arena_strndup(&d->arena, text + figure.start, figure.end - figure.start);
    assert_int_equal(xc_vec_push(&d->figures, f), 0);
    assert_int_equal(xc_vec_push(&d->figure_fold, figure), 0);
    return d;
}

static char *render(const xc_run *run, const xc_finding *f)
{
    char *buf = NULL;
    size_t len;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    xc_report_text_finding(out, run, f);
    fclose(out);
    return buf;
}

static void test_claims_with_sentences(void **state)
{
    /* "1000 runners" is bytes 22..34; its sentence 11..45. */
    const xc_range sa[] = {{0, 10}, {11, 45}, {46, 56}};
    xc_doc *a = make_doc("a.md", "It rained. A total of 1000 runners took part. It ended.", sa, 3,
                         (xc_range){22, 34});
    const xc_range sb[] = {{0, 18}};
    xc_doc *b = make_doc("b.md", "About 800 runners.", sb, 1, (xc_range){6, 17});
    xc_claim claims[] = {{.kind = XC_CLAIM_FIGURE, .doc = a, .index = 0},
                         {.kind = XC_CLAIM_FIGURE, .doc = b, .index = 0}};
    xc_finding f = {.kind = "figure-conflict",
                    .severity = XC_ERROR,
                    .concept = "participants",
                    .message = "runners: 1000 vs 800",
                    .claims = claims,
                    .n_claims = 2};
    xc_run plain = {.min_severity = XC_INFO};
    char *out = render(&plain, &f);
    assert_string_equal(out, "  error figure-conflict (participants): runners: 1000 vs 800\n"
                             "    a.md:1:23: A total of 1000 runners took part.\n"
                             "    b.md:1:7: About 800 runners.\n");
    free(out);

    xc_run color = {.min_severity = XC_INFO, .color = true};
    out = render(&color, &f);
    assert_string_equal(out,
                        "  \033[1;31merror\033[0m \033[1mfigure-conflict\033[0m (participants): "
                        "runners: 1000 vs 800\n"
                        "    a.md:1:23: A total of \033[1;4m1000 runners\033[0m took part.\n"
                        "    b.md:1:7: About \033[1;4m800 runners\033[0m.\n");
    free(out);

    /* An altered quote: the word diff, its marks coloured. */
    xc_finding q = {.kind = "quote-altered",
                    .severity = XC_WARNING,
                    .message = "the quote differs",
                    .diff = "I [-just-] {+really+} ran",
                    .claims = claims + 1,
                    .n_claims = 1};
    out = render(&plain, &q);
    assert_string_equal(out, "  warning quote-altered: the quote differs\n"
                             "    b.md:1:7: About 800 runners.\n"
                             "    diff: I [-just-] {+really+} ran\n");
    free(out);
    out = render(&color, &q);
    assert_non_null(
        strstr(out, "    diff: I \033[31m[-just-]\033[0m \033[32m{+really+}\033[0m ran\n"));
    free(out);
    xc_doc_free(a);
    xc_doc_free(b);
}

/* A sentence longer than the window is cut around the claim, with an
 * ellipsis on each cut side; newlines and control characters do not reach
 * the terminal. */
static void test_long_sentence_and_control_characters(void **state)
{
    char text[600];
    memset(text, 'x', 200);
    memcpy(text + 200, " 42 km#[2J#next ", 16);
    memset(text + 216, 'y', 200);
    text[416] = '.';
    text[417] = '\0';
    const xc_range s[] = {{0, 417}};
    xc_doc *d = make_doc("long.md", text, s, 1, (xc_range){201, 206});
    /* An escape and a newline in the text layer, where the report reads. */
    d->text[206] = '\x1b';
    d->text[210] = '\n';
    xc_claim c = {.kind = XC_CLAIM_FIGURE, .doc = d, .index = 0};
    xc_finding f = {.kind = "single-source",
                    .severity = XC_INFO,
                    .message = "only one source",
                    .claims = &c,
                    .n_claims = 1};
    xc_run plain = {.min_severity = XC_INFO};
    char *out = render(&plain, &f);
    /* The window is 120 bytes on each side of the claim, moved to the
     * nearest space inside it so words stay whole: here the runs of x and
     * y have no space, so the cuts fall beside the claim's own words. */
    const char *want = "  info single-source: only one source\n"
                       "    long.md:1:202: \xE2\x80\xA6"
                       "42 km\xEF\xBF\xBD[2J next\xE2\x80\xA6\n";
    assert_string_equal(out, want);
    free(out);
    xc_doc_free(d);
}

/* Cuts land between words. */
static void test_window_keeps_words_whole(void **state)
{
    char text[500] = "";
    for (int i = 0; i < 40; i++) strcat(text, "abcd ");
    strcat(text, "42 km.");
    for (int i = 0; i < 40; i++) strcat(text, " efgh");
    const xc_range s[] = {{0, strlen(text)}};
    xc_doc *d = make_doc("words.md", text, s, 1, (xc_range){200, 205});
    xc_claim c = {.kind = XC_CLAIM_FIGURE, .doc = d, .index = 0};
    xc_finding f = {
        .kind = "single-source", .severity = XC_INFO, .message = "m", .claims = &c, .n_claims = 1};
    xc_run plain = {.min_severity = XC_INFO};
    char *out = render(&plain, &f);
    /* Left: the window starts at byte 80, inside "abcd"; the cut moves to
     * the space at 84, leaving 23 whole "abcd ". Right: it ends at byte
     * 325, inside "efgh"; the cut moves back to the space at 321. */
    char want[600] = "  info single-source: m\n    words.md:1:201: \xE2\x80\xA6";
    for (int i = 0; i < 23; i++) strcat(want, "abcd ");
    strcat(want, "42 km.");
    for (int i = 0; i < 23; i++) strcat(want, " efgh");
    strcat(want, "\xE2\x80\xA6\n");
    assert_string_equal(out, want);
    free(out);
    xc_doc_free(d);
}

/* Without a fold range (or sentences) the claim's own text is shown. */
static void test_fallback_to_claim_text(void **state)
{
    xc_doc *d = make_doc("c.md", "Some 50,000 people.", NULL, 0, (xc_range){5, 18});
    xc_claim c = {.kind = XC_CLAIM_FIGURE, .doc = d, .index = 0};
    xc_finding f = {
        .kind = "single-source", .severity = XC_INFO, .message = "m", .claims = &c, .n_claims = 1};
    xc_run plain = {.min_severity = XC_INFO};
    char *out = render(&plain, &f);
    assert_string_equal(out, "  info single-source: m\n    c.md:1:6: \"50,000 people\"\n");
    free(out);
    /* A claim reconcile filled itself (a name, no extractor result): its
     * text, or the bytes of its span when it has no text. */
    xc_claim name = {.kind = XC_CLAIM_NAME, .doc = d, .span = {0, 4}};
    f.claims = &name;
    out = render(&plain, &f);
    assert_string_equal(out, "  info single-source: m\n    c.md:1:1: \"Some\"\n");
    free(out);
    name.text = "Some!";
    out = render(&plain, &f);
    assert_string_equal(out, "  info single-source: m\n    c.md:1:1: \"Some!\"\n");
    free(out);
    /* A claim whose index is out of range is left out, not read. */
    xc_claim bad = {.kind = XC_CLAIM_QUOTE, .doc = d, .index = 3};
    f.claims = &bad;
    out = render(&plain, &f);
    assert_string_equal(out, "  info single-source: m\n");
    free(out);
    xc_doc_free(d);
}

/* A message written as it is unless it has a control character or a space
 * after a space: a double space at every place around the eight-byte steps
 * of the check, tabs, a line break, DEL and spaces at either end. */
static void test_message_cleaned(void **state)
{
    (void)state;
    xc_run plain = {.min_severity = XC_INFO};
    xc_finding f = {.kind = "k", .severity = XC_INFO, .claims = NULL, .n_claims = 0};
    char msg[64], want[128];
    for (size_t at = 0; at < 20; at++) {
        memset(msg, 0, sizeof msg);
        memset(msg, 'm', 24);
        msg[at] = msg[at + 1] = ' ';
        f.message = msg;
        char *out = render(&plain, &f);
        char clean[64];
        memcpy(clean, msg, at + 1); /* the first space kept, the second gone */
        strcpy(clean + at + 1, msg + at + 2);
        snprintf(want, sizeof want, "  info k: %s\n", clean);
        assert_string_equal(out, want);
        free(out);
    }
    static const struct {
        const char *msg, *want;
    } cases[] = {
        {"plain text of thirty-two bytes!!", "plain text of thirty-two bytes!!"},
        {"single spaces only, here and there", "single spaces only, here and there"},
        {"a\tb", "a b"},
        {"a \tb", "a b"},
        {"a\t\tb and c", "a b and c"},
        {"two lines\nof text", "two lines of text"},
        {"delete\x7fhere", "delete\xEF\xBF\xBDhere"},
        {" lead and trail ", " lead and trail "},
        {"seven  ", "seven "},
        {"eight b  x", "eight b x"},
        {"caf\xC3\xA9  au lait", "caf\xC3\xA9 au lait"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        f.message = cases[i].msg;
        char *out = render(&plain, &f);
        snprintf(want, sizeof want, "  info k: %s\n", cases[i].want);
        assert_string_equal(out, want);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_claims_with_sentences),
        cmocka_unit_test(test_long_sentence_and_control_characters),
        cmocka_unit_test(test_window_keeps_words_whole),
        cmocka_unit_test(test_fallback_to_claim_text),
        cmocka_unit_test(test_message_cleaned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
