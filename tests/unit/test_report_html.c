/* The HTML report: escaping of hostile article text and metadata, marks
 * over the document text, claim links, and the interval chart of a
 * conflict. Run with `--emit FILE` it writes the page of a hand-made run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <strings.h>

#include "report_fixture.h"

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

static bool contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++)
        if (!strncasecmp(p, needle, n)) return true;
    return false;
}

static const char evil_text[] = "<script>alert(\"x\")</script> and <img src=x onerror=alert(1)>\n"
                                "He said \" onmouseover=\"alert(1) and 'single' & more.\n"
                                "Ctrl\x01here and 12 runners.\n";

static void test_escaping(void **state)
{
    xc_doc *d = fx_doc_layers("evil/<b>.txt", evil_text, "<script>alert(2)</script>");
    d->url = xc_arena_strdup(&d->arena, "javascript:alert(3)");
    d->title = xc_arena_strdup(&d->arena, "\" onmouseover=\"alert(4)");
    size_t q = fx_quote(d, "\" onmouseover=\"alert(1)", "\"><script>alert(5)</script>");
    size_t f = fx_figure(d, "12 runners", 12, 12, 12, "runner", NULL);
    xc_claim c[] = {FX_CLAIM(QUOTE, d, q), FX_CLAIM(FIGURE, d, f)};
    xc_finding fi = {
        "quote-unsourced", XC_ERROR, NULL, "Not in any <source> & \"elsewhere\".", NULL, c, 2};
    xc_report_finding rf = {&fi, "<i>story</i>"};
    const xc_doc *docs[] = {d};
    xc_run run = {.docs = docs, .n_docs = 1};
    char *html = fx_render(xc_report_html_with, &run, &rf, 1);

    /* No markup from the article survives: no script, img or handler. */
    assert_false(contains_ci(html, "<script"));
    assert_false(contains_ci(html, "<img"));
    assert_false(contains_ci(html, "<b>"));
    assert_false(contains_ci(html, "<i>"));
    assert_null(strstr(html, "\" onmouseover"));
    assert_null(strstr(html, "href=\"javascript"));
    /* ... it is shown as text. */
    assert_non_null(strstr(html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
    assert_non_null(strstr(html, "&lt;img src=x onerror=alert(1)&gt;"));
    assert_non_null(strstr(html, "&#39;single&#39; &amp; more."));
    assert_non_null(strstr(html, "<dd>javascript:alert(3)</dd>"));
    assert_non_null(strstr(html, "<dd>&lt;script&gt;alert(2)&lt;/script&gt;</dd>"));
    assert_non_null(strstr(html, "<h3>evil/&lt;b&gt;.txt</h3>"));
    assert_non_null(strstr(html, "Not in any &lt;source&gt; &amp; &quot;elsewhere&quot;."));
    /* The speaker lands in a title attribute, quotes escaped. */
    assert_non_null(strstr(
        html, "title=\"quote \xE2\x80\x94 &quot;&gt;&lt;script&gt;alert(5)&lt;/script&gt;\""));
    /* Control characters become U+FFFD; no raw control byte is written. */
    assert_non_null(strstr(html, "Ctrl\xEF\xBF\xBDhere"));
    assert_null(strchr(html, '\x01'));
    /* Scripts are forbidden by the page's policy as well. */
    assert_non_null(strstr(html, "Content-Security-Policy\" content=\"default-src 'none';"));
    free(html);
    xc_doc_free(d);
}

static void test_urls(void **state)
{
    static const struct {
        const char *url, *want;
    } cases[] = {
        {"https://example.org/a?b=1&c=\"2\"",
         "<dd><a href=\"https://example.org/a?b=1&amp;c=&quot;2&quot;\" rel=\"noopener noreferrer "
         "nofollow\">https://example.org/a?b=1&amp;c=&quot;2&quot;</a></dd>"},
        {"HTTP://EXAMPLE.ORG/", "<dd><a href=\"HTTP://EXAMPLE.ORG/\""},
        {"JavaScript:alert(1)", "<dd>JavaScript:alert(1)</dd>"},
        {" javascript:alert(1)", "<dd> javascript:alert(1)</dd>"},
        {"data:text/html,<script>", "<dd>data:text/html,&lt;script&gt;</dd>"},
        {"http://a b", "<dd>http://a b</dd>"},
        {"https://", "<dd>https://</dd>"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d = fx_doc("a.txt", "Text.\n", NULL);
        d->url = xc_arena_strdup(&d->arena, cases[i].url);
        const xc_doc *docs[] = {d};
        xc_run run = {.docs = docs, .n_docs = 1};
        char *html = fx_render(xc_report_html_with, &run, NULL, 0);
        if (!strstr(html, cases[i].want)) fail_msg("url %s: want %s", cases[i].url, cases[i].want);
        free(html);
        xc_doc_free(d);
    }
}

/* Findings first, each claim linking to its mark; marks nest. */
static void test_findings_link_to_marks(void **state)
{
    xc_doc *d = fx_doc("a.txt", "\"We saw 800 runners,\" Loong said on April 13.\n", "CTV");
    size_t q = fx_quote(d, "We saw 800 runners,", "Jen Loong");
    size_t f = fx_figure(d, "800 runners", 800, 800, 800, "runner", NULL);
    size_t t = fx_date(d, "April 13", "2014-04-13");
    xc_claim c[] = {FX_CLAIM(FIGURE, d, f), FX_CLAIM(DATE, d, t), FX_CLAIM(QUOTE, d, q)};
    xc_finding fi = {"single-source", XC_INFO, NULL, "Only here.", NULL, c, 3};
    xc_report_finding rf = {&fi, NULL};
    const xc_doc *docs[] = {d};
    xc_run run = {.docs = docs, .n_docs = 1};
    char *html = fx_render(xc_report_html_with, &run, &rf, 1);

    const char *findings = strstr(html, "<section id=\"findings\">");
    const char *documents = strstr(html, "<section id=\"documents\">");
    assert_non_null(findings);
    assert_non_null(documents);
    assert_true(findings < documents);
    assert_non_null(strstr(html, "<a href=\"#d0-figure-0\">CTV</a>: <q>800 runners</q> "
                                 "<span class=\"pos\">a.txt:1:9</span>"));
    assert_non_null(strstr(html, "<a href=\"#d0-date-0\">CTV</a>"));
    assert_non_null(strstr(html, "<a href=\"#d0-quote-0\">CTV</a>"));
    assert_non_null(strstr(
        html,
        "<pre class=\"text\">&quot;<mark class=\"quote\" id=\"d0-quote-0\" title=\"quote "
        "\xE2\x80\x94 Jen Loong\">We saw <mark class=\"figure\" id=\"d0-figure-0\" "
        "title=\"figure 800 runner\">800 runners</mark>,</mark>&quot; Loong said on <mark "
        "class=\"date\" id=\"d0-date-0\" title=\"date 2014-04-13\">April 13</mark>.\n</pre>"));
    assert_null(strstr(html, "<svg")); /* no figure conflict or agreement */
    free(html);
    xc_doc_free(d);
}

/* A mark that starts inside another and ends after it is cut at the outer
 * mark's end, so the markup stays well nested. */
static void test_overlapping_marks(void **state)
{
    xc_doc *d = fx_doc("a.txt", "one two three four\n", NULL);
    fx_quote(d, "one two three", NULL);
    fx_date(d, "three four", "2014");
    const xc_doc *docs[] = {d};
    xc_run run = {.docs = docs, .n_docs = 1};
    char *html = fx_render(xc_report_html_with, &run, NULL, 0);
    assert_non_null(strstr(html, "<mark class=\"quote\" id=\"d0-quote-0\" title=\"quote\">one two "
                                 "<mark class=\"date\" id=\"d0-date-0\" title=\"date "
                                 "2014\">three</mark></mark> four\n</pre>"));
    assert_int_equal(count(html, "<mark class=\"quote\""), 2); /* legend + text */
    free(html);
    xc_doc_free(d);
}

/* 1,000 against 800 runners: a chart with one interval per claim. */
static void test_conflict_chart(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    char *html = fx_render(xc_report_html_with, &s.run, rf, 1);
    const char *svg = strstr(html, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    assert_non_null(svg);
    assert_true(svg > strstr(html, "<section id=\"findings\">"));
    assert_non_null(strstr(html, "<figure class=\"chart\" id=\"chart-0\">"));
    assert_non_null(strstr(html, "<a href=\"#chart-0\">chart</a>"));
    assert_non_null(strstr(html, "participants \xE2\x80\x94 conflict"));
    assert_int_equal(count(svg, "<rect class=\"bar conflict\""), 2);
    assert_int_equal(count(svg, "<circle class=\"value conflict\""), 2);
    /* Axis from 800 - 16 to 1000 + 16 over x 230..780: 1,000 is drawn right
     * of 800, each at its own place. */
    assert_non_null(strstr(svg, "<title>HuffPost: 1,000 runners [1000, 1000]</title>"));
    assert_non_null(strstr(svg, "<title>rw.txt: 800 #runners [800, 800]</title>"));
    assert_non_null(strstr(svg, "cx=\"742\" cy=\"23\"")); /* 230 + 216/232 * 550, row 1 */
    assert_non_null(strstr(svg, "cx=\"268\" cy=\"49\"")); /* 230 + 16/232 * 550, row 2 */
    /* Ticks every 50 from 800 to 1000. */
    assert_non_null(strstr(svg, "text-anchor=\"middle\">800</text>"));
    assert_non_null(strstr(svg, "text-anchor=\"middle\">850</text>"));
    assert_non_null(strstr(svg, "text-anchor=\"middle\">1000</text>"));
    assert_int_equal(count(svg, "<text class=\"tick\""), 5);
    free(html);
    fx_story_free(&s);
}

/* 42 km and 26.2 miles agree after conversion: one axis in metres. */
static void test_agreement_chart_units(void **state)
{
    xc_doc *ctv = fx_doc("ctv.txt", "The 42-kilometre race.\n", "CTV");
    xc_doc *rw = fx_doc("rw.txt", "The 26.2-mile race.\n", NULL);
    xc_claim c[] = {FX_CLAIM(FIGURE, ctv,
                             fx_measure(ctv, "42-kilometre", 42, 41.5, 42.5, "km", "kilometre", "m",
                                        41500, 42500)),
                    FX_CLAIM(FIGURE, rw,
                             fx_measure(rw, "26.2-mile", 26.2, 26.15, 26.25, "mi", "mile", "m",
                                        42084.3456, 42245.28)),
                    /* a count has no place on an axis in metres */
                    FX_CLAIM(FIGURE, rw, fx_figure(rw, "race", 1, 1, 1, "race", NULL))};
    xc_finding f = {"figure-agreement", XC_INFO, "distance", "Agree.", NULL, c, 3};
    xc_report_finding rf = {&f, NULL};
    const xc_doc *docs[] = {ctv, rw};
    xc_run run = {.docs = docs, .n_docs = 2};
    char *html = fx_render(xc_report_html_with, &run, &rf, 1);
    assert_non_null(strstr(html, "distance \xE2\x80\x94 agreement"));
    assert_int_equal(count(html, "<rect class=\"bar agreement\""), 2);
    assert_non_null(strstr(html, "text-anchor=\"end\">m</text>"));
    assert_non_null(strstr(html, "[42084.3, 42245.3] m</title>"));
    free(html);
    xc_doc_free(ctv);
    xc_doc_free(rw);
}

static void test_skipped_and_diff(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_finding alt = {
        "quote-altered", XC_WARNING, NULL, "Words differ.", "we [-and-] {+<North Korea>+} ran",
        s.claims,        1};
    xc_report_finding rf = {&alt, NULL};
    char *html = fx_render(xc_report_html_with, &s.run, &rf, 1);
    assert_non_null(strstr(html, "<p class=\"skipped\">skipped: not a document (.jpg)</p>"));
    assert_non_null(
        strstr(html, "<p class=\"diff\">we <del>and</del> <ins>&lt;North Korea&gt;</ins> ran</p>"));
    assert_non_null(strstr(html, "3 documents (2 read, 1 skipped), 0 stories, 1 findings: 0 "
                                 "errors, 1 warnings, 0 info."));
    free(html);
    fx_story_free(&s);
}

static void test_people(void **state)
{
    xc_doc *d = fx_doc("a.txt", "Jen Loong, 25, ran. Loong said so.\n", NULL);
    static const char *aliases[] = {"Jen Loong", "Loong", "<Jen>"};
    xc_person p = {"Jen Loong", aliases, 3, 25, "runner & \"blogger\"", "Singaporean", {0, 9}, 2};
    assert_int_equal(xc_vec_push(&d->people, p), 0);
    const xc_doc *docs[] = {d};
    xc_run run = {.docs = docs, .n_docs = 1};
    char *html = fx_render(xc_report_html_with, &run, NULL, 0);
    assert_non_null(strstr(html, "<li><strong>Jen Loong</strong> (also <span class=\"alias\">Loong"
                                 "</span>, <span class=\"alias\">&lt;Jen&gt;</span>), 25, "
                                 "Singaporean, runner &amp; &quot;blogger&quot; <span "
                                 "class=\"pos\">(2 mentions)</span></li>"));
    free(html);
    xc_doc_free(d);
}

/* The command line writes the page as the run goes: sections of documents
 * as they come, findings story by story with only that story's documents.
 * Links still name each document by its place in the run, and the page is
 * the one written from the whole run. */
static void test_streamed_story_by_story(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_doc *d = fx_doc("other/ctv.txt", "They saw 800 runners.\n", "CTV");
    size_t f = fx_figure(d, "800 runners", 800, 800, 800, "runner", NULL);
    xc_claim c[] = {FX_CLAIM(FIGURE, d, f)};
    xc_finding single = {"single-source", XC_INFO, NULL, "Only here.", NULL, c, 1};
    const xc_doc *docs[] = {s.huff, s.rw, s.skipped, d};
    s.run.docs = docs;
    s.run.n_docs = 4;
    s.run.n_stories = 2;
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}, {&single, "other"}};
    char *whole = fx_render(xc_report_html_with, &s.run, rf, 2);

    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    xc_html_stream *hs = xc_html_stream_begin(out);
    assert_non_null(hs);
    xc_buf section = {0};
    for (size_t i = 0; i < 4; i++) {
        section.len = 0;
        assert_int_equal(xc_html_doc_render(&section, docs[i], i), XC_OK);
        assert_int_equal(xc_html_stream_doc(hs, docs[i], &section), XC_OK);
    }
    xc_buf_free(&section);
    const xc_doc *story_a[] = {s.huff, s.rw}, *story_b[] = {d};
    const size_t index_a[] = {0, 1}, index_b[] = {3};
    assert_int_equal(xc_html_stream_findings(hs, rf, 1, story_a, index_a, 2), XC_OK);
    assert_int_equal(xc_html_stream_findings(hs, rf + 1, 1, story_b, index_b, 1), XC_OK);
    assert_int_equal(xc_html_stream_end(hs, 2), XC_OK);
    fclose(out);
    assert_string_equal(buf, whole);
    assert_non_null(strstr(buf, "<li class=\"finding info\" id=\"f2\">"));
    assert_non_null(strstr(buf, "<a href=\"#d3-figure-0\">CTV</a>: <q>800 runners</q>"));
    assert_non_null(strstr(buf, "<article class=\"doc\" id=\"d3\">"));
    assert_non_null(strstr(buf, "4 documents (3 read, 1 skipped), 2 stories, 2 findings"));
    free(buf);
    free(whole);
    xc_doc_free(d);
    fx_story_free(&s);
}

static int emit(const char *path)
{
    fx_story s;
    fx_story_init(&s);
    xc_doc *d =
        fx_doc("story/ctv.txt",
               "\"We saw 800 runners,\" Loong said on April 13.\n<script>alert(1)</script>\n"
               "The 42-kilometre race had more than 1,000 runners.\n",
               "CTV");
    fx_quote(d, "We saw 800 runners,", "Jen Loong");
    size_t f = fx_figure(d, "800 runners", 800, 800, 800, "runner", NULL);
    fx_date(d, "April 13", "2014-04-13");
    size_t more = fx_figure(d, "more than 1,000 runners", 1000, 1000, INFINITY, "runner", NULL);
    xc_claim c[] = {s.claims[0], s.claims[1], FX_CLAIM(FIGURE, d, f), FX_CLAIM(FIGURE, d, more)};
    s.conflict.claims = c;
    s.conflict.n_claims = 4;
    const xc_doc *docs[] = {s.huff, s.rw, d, s.skipped};
    s.run.docs = docs;
    s.run.n_docs = 4;
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    FILE *out = fopen(path, "w");
    int rc = out && xc_report_html_with(out, &s.run, rf, 1) == XC_OK ? 0 : 1;
    if (out && fclose(out)) rc = 1;
    xc_doc_free(d);
    fx_story_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--emit")) return emit(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_urls),
        cmocka_unit_test(test_findings_link_to_marks),
        cmocka_unit_test(test_overlapping_marks),
        cmocka_unit_test(test_conflict_chart),
        cmocka_unit_test(test_agreement_chart_units),
        cmocka_unit_test(test_skipped_and_diff),
        cmocka_unit_test(test_people),
        cmocka_unit_test(test_streamed_story_by_story),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
