/* The segment stage: paragraphs and sentences. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static xc_doc *load(const char *name, const char *text)
{
    xc_doc *d = xc_doc_load_mem(name, text, strlen(text), NULL);
    assert_non_null(d);
    assert_int_equal(d->status, XC_DOC_OK);
    return d;
}

/* Sentences of a text, as written in the fold view, joined by " | ". */
static void check_sentences(const char *name, const char *text, const char *want)
{
    xc_doc *d = load(name, text);
    char got[2048] = "";
    size_t n = 0;
    for (size_t i = 0; i < d->sents.n; i++) {
        const xc_sentence *s = &d->sents.v[i];
        n += (size_t)snprintf(got + n, sizeof got - n, "%s%.*s", i ? " | " : "",
                              (int)(s->end - s->start), d->fold + s->start);
    }
    if (strcmp(got, want)) fail_msg("sentences of [%s]\n  got:  %s\n  want: %s", text, got, want);
    xc_doc_free(d);
}

static void test_sentences(void **state)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"The race began. It ended.", "The race began. | It ended."},
        {"He arrived on Dec. 5 in the U.S. capital. Mr. Smith said no.",
         "He arrived on Dec. 5 in the U.S. capital. | Mr. Smith said no."},
        {"George W. Bush spoke. J.R.R. Tolkien wrote. He left.",
         "George W. Bush spoke. | J.R.R. Tolkien wrote. | He left."},
        {"Gen. Lee and Sen. Warren met at 5 p.m. on Feb. 2. Ms. Ray left.",
         "Gen. Lee and Sen. Warren met at 5 p.m. on Feb. 2. | Ms. Ray left."},
        {"\"We won,\" he said. \"It was great.\" Then he left.",
         "\"We won,\" he said. | \"It was great.\" | Then he left."},
        {"\xe2\x80\x9cWe won.\xe2\x80\x9d He smiled.", "\"We won.\" | He smiled."},
        {"She paused... then went on. Wait... What?",
         "She paused... then went on. | Wait... | What?"},
        {"It was \xe2\x80\x9cgreat\xe2\x80\xa6 and fun.\xe2\x80\x9d",
         "It was \"great... and fun.\""},
        {"It cost $3.5 million. Prices rose 2.5%.", "It cost $3.5 million. | Prices rose 2.5%."},
        {"Why? Because! 2014 was hard.", "Why? | Because! | 2014 was hard."},
        {"(He left.) She stayed. [Sic] it was.", "(He left.) | She stayed. | [Sic] it was."},
        {"Il a dit oui. \xc3\x89lise est partie.", "Il a dit oui. | \xc3\x89lise est partie."},
        {"Visit St. Louis on No. 5 with Dr. Kim vs. Co. staff.",
         "Visit St. Louis on No. 5 with Dr. Kim vs. Co. staff."},
        {"It is over. the end.", "It is over. the end."},
        {"Done.   Next one.", "Done. | Next one."},
        {"Ends without a period", "Ends without a period"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_sentences("a.txt", cases[i].text, cases[i].want);
}

static void test_paragraphs(void **state)
{
    /* Blank lines separate; a single newline does not. */
    xc_doc *d = load("a.txt", "First line\nof one. Second.\n\n  \nPara two.\n");
    assert_int_equal(d->paras.n, 2);
    assert_int_equal(d->paras.v[0].start, 0);
    assert_int_equal(d->paras.v[0].end, 26);
    assert_int_equal(d->paras.v[1].start, 31);
    assert_int_equal(d->paras.v[1].end, 40);
    assert_int_equal(d->sents.n, 3);
    assert_int_equal(d->sents.v[1].para, 0);
    assert_int_equal(d->sents.v[2].para, 1);
    assert_int_equal(d->sents.v[2].start, 31);
    xc_doc_free(d);

    /* No blank line anywhere: one paragraph per line. */
    d = load("b.txt", "Line one.\nLine two\nLine three.\n");
    assert_int_equal(d->paras.n, 3);
    assert_int_equal(d->paras.v[1].start, 10);
    assert_int_equal(d->paras.v[1].end, 18);
    assert_int_equal(d->sents.n, 3);
    assert_int_equal(d->sents.v[2].para, 2);
    xc_doc_free(d);

    /* HTML: block elements, not newlines, make paragraphs. */
    d = load("c.html", "<p>One.\nStill one.</p><div>Two.</div>");
    assert_int_equal(d->paras.n, 2);
    assert_int_equal(d->sents.n, 3);
    xc_doc_free(d);

    /* Nothing but markup: no paragraph, no sentence. */
    d = load("d.html", "<p> </p><!-- x -->");
    assert_int_equal(d->paras.n, 0);
    assert_int_equal(d->sents.n, 0);
    xc_doc_free(d);
}

static void test_segment_twice(void **state)
{
    xc_doc *d = load("a.txt", "One. Two.\n\nThree.");
    assert_int_equal(d->sents.n, 3);
    assert_int_equal(xc_segment(d, NULL), XC_OK);
    assert_int_equal(xc_segment(d, NULL), XC_OK);
    assert_int_equal(d->paras.n, 2);
    assert_int_equal(d->sents.n, 3);
    assert_int_equal(d->lines.n, 3);
    xc_doc_free(d);
}

/* Folding the text again makes the paragraphs and sentences of the old
 * text stale: the next segmentation finds them anew. */
static void test_segment_after_refold(void **state)
{
    xc_doc *d = load("a.txt", "One. Two.\n\nThree.");
    assert_int_equal(d->paras.n, 2);
    /* text replaced (the layers it shares stay with the layer below) */
    if (d->fold != d->text) free(d->fold);
    d->fold = NULL;
    if (d->text != d->utf8) free(d->text);
    d->text = strdup("Alpha. Beta. Gamma.\n\nDelta.\n\nEpsilon.");
    d->text_len = strlen(d->text);
    assert_int_equal(xc_text_fold(d), XC_OK);
    assert_int_equal(xc_segment(d, NULL), XC_OK);
    assert_int_equal(d->paras.n, 3);
    assert_int_equal(d->sents.n, 5);
    assert_int_equal(d->sents.v[4].start, strlen("Alpha. Beta. Gamma.\n\nDelta.\n\n"));
    xc_doc_free(d);
}

/* With the rule set: rules/en/abbreviations.yaml lists "Cmdr.", which the
 * built-in list does not. (Skipped while the rule loader has no lists.) */
static void test_rule_abbreviations(void **state)
{
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(XC_SOURCE_DIR "/rules", diags);
    const xc_list *l = rules ? xc_rules_list(rules, "abbreviations") : NULL;
    if (!l) {
        xc_rules_free(rules);
        xc_diags_free(diags);
        skip();
    }
    assert_non_null(xc_list_find(l, "U.S.", 4));
    xc_doc *d = load("a.txt", "He called Cmdr. Kane. Ill. Then well.");
    assert_int_equal(xc_segment(d, NULL), XC_OK);
    assert_int_equal(d->sents.n, 4); /* built-in list: "Cmdr." ends a sentence */
    assert_int_equal(xc_segment(d, rules), XC_OK);
    assert_int_equal(d->sents.n, 3);               /* rule list: it does not; "Ill." still does */
    assert_int_equal(xc_segment(d, rules), XC_OK); /* the same list again: kept */
    assert_int_equal(d->sents.n, 3);
    assert_int_equal(xc_segment(d, NULL), XC_OK); /* and back */
    assert_int_equal(d->sents.n, 4);
    assert_int_equal(d->paras.n, 1);
    xc_doc_free(d);

    /* Loading splits with the built-in list, extraction with the rule set's:
     * the sentences change only where the two lists disagree, here on the
     * second of two abbreviations. */
    d = load("a.txt", "Mr. Kane met Cmdr. Lee. They spoke.\n\nDr. Ann Ng left. Gen. Park stayed.");
    assert_int_equal(d->sents.n, 5); /* "Cmdr." ends one */
    assert_int_equal(xc_segment(d, rules), XC_OK);
    assert_int_equal(d->sents.n, 4);
    assert_int_equal(d->sents.v[0].end, strlen("Mr. Kane met Cmdr. Lee."));
    assert_int_equal(d->sents.v[1].start, strlen("Mr. Kane met Cmdr. Lee. "));
    xc_doc_free(d);
    /* Where they agree on every word tested, the sentences are the same. */
    d = load("a.txt", "Mr. Kane left. Then Dr. Lee came.\n\nSen. Park stayed. St. Louis won.");
    assert_int_equal(d->sents.n, 4);
    xc_sentence before[4];
    memcpy(before, d->sents.v, sizeof before);
    assert_int_equal(xc_segment(d, rules), XC_OK);
    assert_int_equal(d->sents.n, 4);
    assert_memory_equal(d->sents.v, before, sizeof before);
    assert_int_equal(d->sents.v[1].start, strlen("Mr. Kane left. "));
    assert_int_equal(d->sents.v[3].start,
                     strlen("Mr. Kane left. Then Dr. Lee came.\n\nSen. Park stayed. "));
    xc_doc_free(d);
    xc_rules_free(rules);
    xc_diags_free(diags);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sentences),          cmocka_unit_test(test_segment_after_refold),
        cmocka_unit_test(test_paragraphs),         cmocka_unit_test(test_segment_twice),
        cmocka_unit_test(test_rule_abbreviations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
