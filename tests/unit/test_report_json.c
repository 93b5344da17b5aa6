/* The JSON report, JSON Lines and the JSON of a finding, on hand-made
 * documents and findings. Run with `--emit FILE` it writes the JSON report
 * of the hand-made run to FILE instead (tests/cli/report_schema.sh
 * validates that against extractor/report.schema.json). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "report_fixture.h"

static char *dump_compact(json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    assert_non_null(s);
    return s;
}

static void test_finding_json(void **state)
{
    fx_story s;
    fx_story_init(&s);
    json_t *j = xc_finding_json(&s.conflict);
    char *got = dump_compact(j);
    /* "1,000 runners": line 2 is "A total of 1,000 runners took part.",
     * byte 19 + 11 = 30. "800 #runners": line 2 is "At the café, amongst
     * 800 #runners.", 21 code points (22 bytes) before it, byte 8 + 22. */
    const char *want =
        "{\"kind\":\"figure-conflict\",\"severity\":\"error\",\"concept\":\"participants\","
        "\"message\":\"Sources disagree on the number of participants: 1,000 vs 800.\","
        "\"diff\":null,\"story\":null,\"claims\":["
        "{\"doc\":\"story/huff.txt\",\"kind\":\"figure\",\"text\":\"1,000 runners\","
        "\"value\":1000.0,\"low\":1000.0,\"high\":1000.0,\"unit\":null,\"unit_text\":null,"
        "\"line\":2,\"column\":12,\"end_line\":2,\"end_column\":25,\"start\":30,\"end\":43,"
        "\"source\":\"HuffPost\",\"cited\":\"CNN\"},"
        "{\"doc\":\"story/rw.txt\",\"kind\":\"figure\",\"text\":\"800 #runners\","
        "\"value\":800.0,\"low\":800.0,\"high\":800.0,\"unit\":null,\"unit_text\":null,"
        "\"line\":2,\"column\":22,\"end_line\":2,\"end_column\":34,\"start\":30,\"end\":42,"
        "\"source\":\"rw.txt\",\"cited\":null}]}";
    assert_string_equal(got, want);
    free(got);
    json_decref(j);
    fx_story_free(&s);
}

/* 42 km against 26.2 miles: claims carry the interval in the base unit,
 * the unit as written, and open ends as null. */
static void test_claim_units_and_open_intervals(void **state)
{
    xc_doc *ctv = fx_doc("ctv.txt", "The 42-kilometre race.\nMore than 1,000 ran.\n", "CTV");
    xc_doc *rw = fx_doc("rw.txt", "The 26.2-mile race.\n", "Runner's World");
    size_t km =
        fx_measure(ctv, "42-kilometre", 42, 41.5, 42.5, "km", "kilometre", "m", 41500, 42500);
    size_t mi = fx_measure(rw, "26.2-mile", 26.2, 26.15, 26.25, "mi", "mile", "m", 26.15 * 1609.344,
                           26.25 * 1609.344);
    size_t more = fx_figure(ctv, "More than 1,000", 1000, 1000, INFINITY, "runner", NULL);
    xc_claim claims[] = {FX_CLAIM(FIGURE, ctv, km), FX_CLAIM(FIGURE, rw, mi),
                         FX_CLAIM(FIGURE, ctv, more)};
    xc_finding f = {"figure-agreement", XC_INFO, "distance", "Sources agree.", NULL, claims, 3};
    json_t *j = xc_finding_json(&f);
    json_t *c = json_object_get(j, "claims");
    assert_int_equal(json_array_size(c), 3);

    json_t *k = json_array_get(c, 0);
    assert_string_equal(json_string_value(json_object_get(k, "unit")), "m");
    assert_string_equal(json_string_value(json_object_get(k, "unit_text")), "kilometre");
    assert_true(fabs(json_real_value(json_object_get(k, "value")) - 42000) < 1e-6);
    assert_true(fabs(json_real_value(json_object_get(k, "low")) - 41500) < 1e-6);

    json_t *m = json_array_get(c, 1);
    assert_true(fabs(json_real_value(json_object_get(m, "value")) - 42164.8128) < 1e-6);
    assert_true(fabs(json_real_value(json_object_get(m, "high")) - 42245.28) < 1e-6);
    assert_string_equal(json_string_value(json_object_get(m, "source")), "Runner's World");

    json_t *o = json_array_get(c, 2);
    assert_int_equal(json_integer_value(json_object_get(o, "line")), 2);
    assert_true(json_is_null(json_object_get(o, "high")));
    assert_true(json_is_null(json_object_get(o, "unit")));
    assert_true(fabs(json_real_value(json_object_get(o, "low")) - 1000) < 1e-9);

    /* 26.2 prints as 26.2, not 26.199999999999999. */
    json_t *r = json_real(26.2);
    char *s = json_dumps(r, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
    assert_string_equal(s, "26.2");
    free(s);
    json_decref(r);
    json_decref(j);
    xc_doc_free(ctv);
    xc_doc_free(rw);
}

static void test_quote_and_date_claims(void **state)
{
    xc_doc *d = fx_doc("a.txt", "\"It was amazing,\" Loong said on April 13.\n", NULL);
    size_t q = fx_quote(d, "It was amazing,", "Jen Loong");
    size_t t = fx_date(d, "April 13", "2014-04-13");
    xc_claim claims[] = {FX_CLAIM(QUOTE, d, q), FX_CLAIM(DATE, d, t),
                         FX_CLAIM(FIGURE, d, 7)}; /* out of range: no position */
    xc_finding f = {"quote-altered",           XC_WARNING, NULL, "Words differ.",
                    "[-and-] {+North Korea+}", claims,     3};
    json_t *j = xc_finding_json(&f);
    char *got = dump_compact(j);
    const char *want =
        "{\"kind\":\"quote-altered\",\"severity\":\"warning\",\"concept\":null,"
        "\"message\":\"Words differ.\",\"diff\":\"[-and-] {+North Korea+}\",\"story\":null,"
        "\"claims\":["
        "{\"doc\":\"a.txt\",\"kind\":\"quote\",\"text\":\"It was amazing,\",\"value\":null,"
        "\"low\":null,\"high\":null,\"unit\":null,\"unit_text\":null,\"line\":1,\"column\":2,"
        "\"end_line\":1,\"end_column\":17,\"start\":1,\"end\":16,\"source\":\"a.txt\","
        "\"cited\":\"Jen Loong\"},"
        "{\"doc\":\"a.txt\",\"kind\":\"date\",\"text\":\"April 13\",\"value\":\"2014-04-13\","
        "\"low\":null,\"high\":null,\"unit\":null,\"unit_text\":null,\"line\":1,\"column\":33,"
        "\"end_line\":1,\"end_column\":41,\"start\":32,\"end\":40,\"source\":\"a.txt\","
        "\"cited\":null},"
        "{\"doc\":\"a.txt\",\"kind\":\"figure\",\"text\":null,\"value\":null,\"low\":null,"
        "\"high\":null,\"unit\":null,\"unit_text\":null,\"line\":0,\"column\":0,\"end_line\":0,"
        "\"end_column\":0,\"start\":0,\"end\":0,\"source\":\"a.txt\",\"cited\":null}]}";
    assert_string_equal(got, want);
    free(got);
    json_decref(j);
    xc_doc_free(d);
}

/* A claim that carries its own text and span (a name, a quote excerpt) is
 * reported with them. */
static void test_claims_with_text_and_span(void **state)
{
    xc_doc *d = fx_doc("ctv.txt",
                       "The Mangyondgae Prize marathon.\n\"We ran and ran,\" she said.\n", "CTV");
    size_t q = fx_quote(d, "We ran and ran,", "Jen Loong");
    xc_claim name = {.kind = XC_CLAIM_NAME, .doc = d, .span = {4, 21}, .text = "Mangyondgae Prize"};
    xc_claim part = FX_CLAIM(QUOTE, d, q);
    part.span = (xc_span){36, 43}, part.text = "ran and"; /* bytes 36..43 of line 2 (byte 32) */
    xc_claim claims[] = {name, part};
    xc_finding f = {"name-variant", XC_WARNING, NULL, "Two spellings.", NULL, claims, 2};
    json_t *j = xc_finding_json(&f);
    char *got = dump_compact(json_object_get(j, "claims"));
    const char *want =
        "[{\"doc\":\"ctv.txt\",\"kind\":\"name\",\"text\":\"Mangyondgae Prize\","
        "\"value\":\"Mangyondgae Prize\",\"low\":null,\"high\":null,\"unit\":null,"
        "\"unit_text\":null,\"line\":1,\"column\":5,\"end_line\":1,\"end_column\":22,"
        "\"start\":4,\"end\":21,\"source\":\"CTV\",\"cited\":null},"
        "{\"doc\":\"ctv.txt\",\"kind\":\"quote\",\"text\":\"ran and\",\"value\":null,"
        "\"low\":null,\"high\":null,\"unit\":null,\"unit_text\":null,\"line\":2,"
        "\"column\":5,\"end_line\":2,\"end_column\":12,\"start\":36,\"end\":43,"
        "\"source\":\"CTV\",\"cited\":\"Jen Loong\"}]";
    assert_string_equal(got, want);
    free(got);
    json_decref(j);
    xc_doc_free(d);
}

static void test_json_str_repairs_utf8(void **state)
{
    json_t *j = xc_json_str("a\xff"
                            "b\xc3");
    assert_non_null(j);
    assert_string_equal(json_string_value(j), "a\xef\xbf\xbd"
                                              "b\xef\xbf\xbd");
    json_decref(j);
    j = xc_json_str(NULL);
    assert_true(json_is_null(j));
    json_decref(j);
    /* Control characters are escaped by jansson, never written raw. */
    j = xc_json_str("a\x01\x1f");
    char *s = json_dumps(j, JSON_ENCODE_ANY);
    assert_string_equal(s, "\"a\\u0001\\u001F\"");
    free(s);
    json_decref(j);
}

static json_t *render_json(const xc_run *run, const xc_report_finding *f, size_t n)
{
    char *text = fx_render(xc_report_json_with, run, f, n);
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    assert_non_null(j);
    free(text);
    return j;
}

static void test_report_structure(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_story *st = xc_story_new("pyongyang-marathon");
    assert_int_equal(xc_story_add(st, s.huff, false), XC_OK);
    assert_int_equal(xc_story_add(st, s.rw, false), XC_OK);
    xc_story *const stories[] = {st};
    s.run.stories = stories;
    s.run.n_stories = 1;
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    json_t *j = render_json(&s.run, rf, 1);

    assert_int_equal(json_integer_value(json_object_get(j, "schema")), 1);
    json_t *tool = json_object_get(j, "tool");
    assert_string_equal(json_string_value(json_object_get(tool, "name")), "crosscheck");
    assert_string_equal(json_string_value(json_object_get(tool, "version")), xc_version());
    assert_true(json_is_null(json_object_get(tool, "rules_version")));

    /* Top-level keys in the documented order. */
    static const char *const keys[] = {"schema", "tool",  "command", "documents", "quotes",
                                       "people", "dates", "figures", "findings",  "summary"};
    void *it = json_object_iter(j);
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++, it = json_object_iter_next(j, it)) {
        assert_non_null(it);
        assert_string_equal(json_object_iter_key(it), keys[i]);
    }
    assert_null(it);

    json_t *docs = json_object_get(j, "documents");
    assert_int_equal(json_array_size(docs), 3);
    json_t *d0 = json_array_get(docs, 0), *d2 = json_array_get(docs, 2);
    assert_string_equal(json_string_value(json_object_get(d0, "path")), "story/huff.txt");
    assert_string_equal(json_string_value(json_object_get(d0, "status")), "ok");
    assert_string_equal(json_string_value(json_object_get(d0, "story")), "pyongyang-marathon");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(d0, "counts"), "figures")),
                     1);
    assert_null(json_object_get(d0, "figures")); /* flattened, not repeated */
    assert_string_equal(json_string_value(json_object_get(d2, "status")), "skipped");
    assert_string_equal(json_string_value(json_object_get(d2, "reason")), "not a document (.jpg)");
    assert_true(json_is_null(json_object_get(d2, "story")));
    assert_true(json_is_array(json_object_get(d2, "warnings")));

    /* Flattened arrays: as many items as the extractors' own arrays, each
     * with its document. */
    size_t want_figures = 0;
    for (size_t i = 0; i < 2; i++) {
        const xc_figure *v;
        want_figures += xc_doc_figures(s.docs[i], &v);
    }
    json_t *figs = json_object_get(j, "figures");
    assert_int_equal(json_array_size(figs), want_figures);
    for (size_t i = 0; i < json_array_size(figs); i++)
        assert_true(json_is_string(json_object_get(json_array_get(figs, i), "doc")));

    json_t *f0 = json_array_get(json_object_get(j, "findings"), 0);
    assert_string_equal(json_string_value(json_object_get(f0, "story")), "pyongyang-marathon");

    json_t *sum = json_object_get(j, "summary");
    assert_int_equal(json_integer_value(json_object_get(sum, "documents")), 3);
    assert_int_equal(json_integer_value(json_object_get(sum, "ok")), 2);
    assert_int_equal(json_integer_value(json_object_get(sum, "skipped")), 1);
    assert_int_equal(json_integer_value(json_object_get(sum, "stories")), 1);
    assert_int_equal(json_integer_value(json_object_get(sum, "findings")), 1);
    json_t *sev = json_object_get(sum, "by_severity");
    assert_int_equal(json_integer_value(json_object_get(sev, "error")), 1);
    assert_int_equal(json_integer_value(json_object_get(sev, "warning")), 0);
    assert_int_equal(json_integer_value(json_object_get(sev, "info")), 0);
    json_t *kind = json_object_get(sum, "by_kind");
    assert_int_equal(json_object_size(kind), 1);
    assert_int_equal(json_integer_value(json_object_get(kind, "figure-conflict")), 1);

    json_decref(j);
    xc_story_free(st);
    fx_story_free(&s);
}

/* A document's story is the first story of the run that holds it. */
static void test_document_story(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_story *a = xc_story_new("first"), *b = xc_story_new("second");
    assert_int_equal(xc_story_add(b, s.huff, false), XC_OK);
    assert_int_equal(xc_story_add(a, s.rw, false), XC_OK);
    assert_int_equal(xc_story_add(b, s.rw, false), XC_OK);
    xc_story *const stories[] = {a, b};
    s.run.stories = stories;
    s.run.n_stories = 2;
    json_t *j = render_json(&s.run, NULL, 0);
    json_t *docs = json_object_get(j, "documents");
    assert_string_equal(json_string_value(json_object_get(json_array_get(docs, 0), "story")),
                        "second");
    assert_string_equal(json_string_value(json_object_get(json_array_get(docs, 1), "story")),
                        "first");
    assert_true(json_is_null(json_object_get(json_array_get(docs, 2), "story")));
    json_decref(j);
    xc_story_free(a);
    xc_story_free(b);
    fx_story_free(&s);
}

/* by_kind is sorted by name whatever the order of the findings. */
static void test_summary_kinds_sorted(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_finding name = {"name-variant", XC_WARNING, NULL, "Two spellings.", NULL, NULL, 0};
    xc_finding agree = {"figure-agreement", XC_INFO, "x", "Agree.", NULL, NULL, 0};
    xc_report_finding rf[] = {{&name, "a"}, {&s.conflict, "a"}, {&agree, "a"}, {&name, "b"}};
    json_t *j = render_json(&s.run, rf, 4);
    json_t *kind = json_object_get(json_object_get(j, "summary"), "by_kind");
    char *got = dump_compact(kind);
    assert_string_equal(got, "{\"figure-agreement\":1,\"figure-conflict\":1,\"name-variant\":2}");
    free(got);
    json_decref(j);
    fx_story_free(&s);
}

static void test_jsonl(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    char *text = fx_render(xc_report_jsonl_with, &s.run, rf, 1);
    /* One line per document, then one per finding; each a JSON object. */
    size_t lines = 0;
    for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1, lines++) {
        *nl = '\0';
        json_error_t err;
        json_t *j = json_loads(line, 0, &err);
        assert_non_null(j);
        const char *type = json_string_value(json_object_get(j, "type"));
        assert_non_null(type);
        assert_string_equal(type, lines < 3 ? "document" : "finding");
        if (lines < 3)
            assert_string_equal(json_string_value(json_object_get(j, "path")),
                                xc_doc_path(s.docs[lines]));
        json_decref(j);
    }
    assert_int_equal(lines, 4);
    /* The finding record begins with its type, then the finding. */
    char *last = text;
    for (int i = 0; i < 3; i++) last += strlen(last) + 1;
    assert_true(!strncmp(last, "{\"type\":\"finding\",\"kind\":\"figure-conflict\",", 43));
    assert_non_null(strstr(last, "\"story\":\"pyongyang-marathon\""));
    free(text);
    fx_story_free(&s);
}

/* Findings below the run's minimum severity are left out. */
static void test_min_severity_from_stories(void **state)
{
    fx_story s;
    fx_story_init(&s);
    s.run.min_severity = XC_ERROR;
    xc_report_finding *f = NULL;
    /* No stories: nothing, and no allocation. */
    assert_int_equal(xc_report_findings(&s.run, &f), 0);
    assert_null(f);
    fx_story_free(&s);
}

/* The report is written piece by piece; its layout is jansson's for the
 * whole object: parsed and written again in one call, it is the same text. */
static void test_streamed_layout(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    char *text = fx_render(xc_report_json_with, &s.run, rf, 1);
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    assert_non_null(j);
    char *again = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    assert_non_null(again);
    size_t n = strlen(again);
    assert_int_equal(strlen(text), n + 1);
    assert_memory_equal(text, again, n);
    assert_int_equal(text[n], '\n');
    free(again);
    json_decref(j);
    free(text);
    fx_story_free(&s);
}

/* A run without documents, as written. */
static void test_empty_report(void **state)
{
    xc_run run = {.command = "extract", .min_severity = XC_INFO};
    char *text = fx_render(xc_report_json_with, &run, NULL, 0);
    char want[1024];
    snprintf(want, sizeof want,
             "{\n"
             "  \"schema\": 1,\n"
             "  \"tool\": {\n"
             "    \"name\": \"crosscheck\",\n"
             "    \"version\": \"%s\",\n"
             "    \"rules_version\": null\n"
             "  },\n"
             "  \"command\": \"extract\",\n"
             "  \"documents\": [],\n"
             "  \"quotes\": [],\n"
             "  \"people\": [],\n"
             "  \"dates\": [],\n"
             "  \"figures\": [],\n"
             "  \"findings\": [],\n"
             "  \"summary\": {\n"
             "    \"documents\": 0,\n"
             "    \"ok\": 0,\n"
             "    \"skipped\": 0,\n"
             "    \"stories\": 0,\n"
             "    \"quotes\": 0,\n"
             "    \"people\": 0,\n"
             "    \"dates\": 0,\n"
             "    \"figures\": 0,\n"
             "    \"findings\": 0,\n"
             "    \"by_severity\": {\n"
             "      \"error\": 0,\n"
             "      \"warning\": 0,\n"
             "      \"info\": 0\n"
             "    },\n"
             "    \"by_kind\": {}\n"
             "  }\n"
             "}\n",
             xc_version());
    assert_string_equal(text, want);
    free(text);
}

/* The command line streams: documents as they come, findings story by
 * story. The same report as the one written from the whole run. */
static void test_stream_story_by_story(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_story *st = xc_story_new("pyongyang-marathon");
    assert_int_equal(xc_story_add(st, s.huff, false), XC_OK);
    assert_int_equal(xc_story_add(st, s.rw, false), XC_OK);
    xc_check_opts o = {0};
    assert_int_equal(xc_story_reconcile(st, NULL, &o), XC_OK);
    xc_story *const stories[] = {st};
    s.run.stories = stories;
    s.run.n_stories = 1;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    assert_int_equal(xc_report_json(out, &s.run), XC_OK);
    fclose(out);
    char *whole = buf;

    buf = NULL;
    out = open_memstream(&buf, &len);
    assert_non_null(out);
    xc_json_stream *js = xc_json_stream_begin(out, &s.run);
    assert_non_null(js);
    const xc_doc *docs[] = {s.huff, s.rw, s.skipped};
    for (size_t i = 0; i < 3; i++) {
        xc_json_doc d;
        assert_int_equal(xc_json_doc_render(&d, docs[i], i < 2 ? "pyongyang-marathon" : NULL),
                         XC_OK);
        assert_int_equal(xc_json_stream_doc(js, &d), XC_OK);
        xc_json_doc_free(&d);
    }
    assert_int_equal(xc_json_stream_story(js, st), XC_OK);
    assert_int_equal(xc_json_stream_end(js, 1), XC_OK);
    fclose(out);
    assert_string_equal(buf, whole);
    assert_non_null(strstr(buf, "\"findings\": [\n    {\n      \"kind\": \""));
    free(buf);
    free(whole);
    xc_story_free(st);
    fx_story_free(&s);
}

/* The hand-made run used by the schema test: every kind of claim. */
static int emit(const char *path)
{
    fx_story s;
    fx_story_init(&s);
    xc_doc *ctv = fx_doc("story/ctv.txt",
                         "\"It was amazing,\" Loong said after the 42-kilometre race on April "
                         "13.\nMore than 1,000 ran.\n",
                         "CTV");
    size_t km =
        fx_measure(ctv, "42-kilometre", 42, 41.5, 42.5, "km", "kilometre", "m", 41500, 42500);
    size_t more = fx_figure(ctv, "More than 1,000", 1000, 1000, INFINITY, "runner", NULL);
    size_t q = fx_quote(ctv, "It was amazing,", "Jen Loong");
    size_t d = fx_date(ctv, "April 13", "2014-04-13");
    const xc_doc *docs[] = {s.huff, s.rw, ctv, s.skipped};
    s.run.docs = docs;
    s.run.n_docs = 4;
    xc_story *st = xc_story_new("pyongyang-marathon");
    xc_story_add(st, s.huff, false);
    xc_story_add(st, s.rw, false);
    xc_story_add(st, ctv, true);
    xc_story *const stories[] = {st};
    s.run.stories = stories;
    s.run.n_stories = 1;
    xc_claim c2[] = {FX_CLAIM(FIGURE, ctv, km), FX_CLAIM(FIGURE, ctv, more)};
    xc_claim c3[] = {FX_CLAIM(QUOTE, ctv, q), FX_CLAIM(DATE, ctv, d)};
    xc_finding agree = {"single-source", XC_INFO, "distance", "Only one source.", NULL, c2, 2};
    xc_finding alt = {"quote-altered", XC_WARNING, NULL, "Words differ.", "[-and-] {+so+}", c3, 2};
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"},
                              {&alt, "pyongyang-marathon"},
                              {&agree, "pyongyang-marathon"}};
    FILE *out = fopen(path, "w");
    int rc = out && xc_report_json_with(out, &s.run, rf, 3) == XC_OK ? 0 : 1;
    if (out && fclose(out)) rc = 1;
    xc_story_free(st);
    xc_doc_free(ctv);
    fx_story_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--emit")) return emit(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finding_json),
        cmocka_unit_test(test_claim_units_and_open_intervals),
        cmocka_unit_test(test_quote_and_date_claims),
        cmocka_unit_test(test_claims_with_text_and_span),
        cmocka_unit_test(test_json_str_repairs_utf8),
        cmocka_unit_test(test_report_structure),
        cmocka_unit_test(test_document_story),
        cmocka_unit_test(test_summary_kinds_sorted),
        cmocka_unit_test(test_jsonl),
        cmocka_unit_test(test_streamed_layout),
        cmocka_unit_test(test_empty_report),
        cmocka_unit_test(test_stream_story_by_story),
        cmocka_unit_test(test_min_severity_from_stories),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
