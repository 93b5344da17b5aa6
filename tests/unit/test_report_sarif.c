/* The SARIF report on hand-made findings: rules, the result of one finding
 * (region in code points, level, related locations), URIs, and a
 * fingerprint that does not move with the line. Run with `--emit FILE` it
 * writes the SARIF of a hand-made run to FILE (tests/cli/report_schema.sh
 * validates that against the SARIF 2.1.0 schema). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "report_fixture.h"

static json_t *render_sarif(const xc_run *run, const xc_report_finding *f, size_t n)
{
    char *text = fx_render(xc_report_sarif_with, run, f, n);
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    assert_non_null(j);
    free(text);
    return j;
}

/* runs[0].results[i] */
static json_t *result(json_t *sarif, size_t i)
{
    return json_array_get(
        json_object_get(json_array_get(json_object_get(sarif, "runs"), 0), "results"), i);
}

static json_t *path_get(json_t *j, const char *const *keys)
{
    for (; *keys && j; keys++) {
        if (**keys == '#')
            j = json_array_get(j, (size_t)atoi(*keys + 1));
        else
            j = json_object_get(j, *keys);
    }
    assert_non_null(j);
    return j;
}
#define GET(j, ...) path_get((j), (const char *const[]){__VA_ARGS__, NULL})

static void test_log_and_rules(void **state)
{
    fx_story s;
    fx_story_init(&s);
    json_t *j = render_sarif(&s.run, NULL, 0);
    assert_string_equal(json_string_value(GET(j, "version")), "2.1.0");
    assert_non_null(strstr(json_string_value(GET(j, "$schema")), "sarif"));
    json_t *run = GET(j, "runs", "#0");
    assert_string_equal(json_string_value(GET(run, "columnKind")), "unicodeCodePoints");
    json_t *driver = GET(run, "tool", "driver");
    assert_string_equal(json_string_value(GET(driver, "name")), "crosscheck");
    assert_string_equal(json_string_value(GET(driver, "version")), xc_version());
    assert_true(json_is_string(GET(driver, "informationUri")));
    json_t *rules = GET(driver, "rules");
    /* One rule per finding kind, in a fixed order. */
    static const char *const ids[] = {"figure-conflict", "figure-agreement", "single-source",
                                      "date-conflict",   "quote-altered",    "quote-misattributed",
                                      "quote-unsourced", "name-variant"};
    assert_int_equal(json_array_size(rules), 8);
    for (size_t i = 0; i < 8; i++) {
        json_t *r = json_array_get(rules, i);
        assert_string_equal(json_string_value(GET(r, "id")), ids[i]);
        assert_true(json_string_length(GET(r, "shortDescription", "text")) > 0);
        assert_true(json_string_length(GET(r, "fullDescription", "text")) > 0);
        assert_true(json_string_length(GET(r, "help", "text")) > 0);
        assert_true(json_is_string(GET(r, "defaultConfiguration", "level")));
    }
    assert_string_equal(json_string_value(GET(rules, "#0", "defaultConfiguration", "level")),
                        "error");
    assert_string_equal(json_string_value(GET(rules, "#1", "defaultConfiguration", "level")),
                        "note");
    assert_int_equal(json_array_size(GET(run, "results")), 0);
    json_decref(j);
    fx_story_free(&s);
}

static void test_result_of_one_finding(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}};
    json_t *j = render_sarif(&s.run, rf, 1);
    json_t *r = result(j, 0);
    assert_string_equal(json_string_value(GET(r, "ruleId")), "figure-conflict");
    assert_int_equal(json_integer_value(GET(r, "ruleIndex")), 0);
    assert_string_equal(json_string_value(GET(r, "level")), "error");
    assert_string_equal(json_string_value(GET(r, "message", "text")),
                        "Sources disagree on the number of participants: 1,000 vs 800.");
    json_t *pl = GET(r, "locations", "#0", "physicalLocation");
    assert_string_equal(json_string_value(GET(pl, "artifactLocation", "uri")), "story/huff.txt");
    /* "1,000 runners" on line 2, columns 12..25 (end exclusive), bytes 30..43. */
    assert_int_equal(json_integer_value(GET(pl, "region", "startLine")), 2);
    assert_int_equal(json_integer_value(GET(pl, "region", "startColumn")), 12);
    assert_int_equal(json_integer_value(GET(pl, "region", "endLine")), 2);
    assert_int_equal(json_integer_value(GET(pl, "region", "endColumn")), 25);
    assert_int_equal(json_integer_value(GET(pl, "region", "byteOffset")), 30);
    assert_int_equal(json_integer_value(GET(pl, "region", "byteLength")), 13);
    /* The other claim: after "café", so columns and bytes differ. */
    json_t *rel = GET(r, "relatedLocations");
    assert_int_equal(json_array_size(rel), 1);
    assert_int_equal(json_integer_value(GET(rel, "#0", "id")), 1);
    json_t *rp = GET(rel, "#0", "physicalLocation");
    assert_string_equal(json_string_value(GET(rp, "artifactLocation", "uri")), "story/rw.txt");
    assert_int_equal(json_integer_value(GET(rp, "region", "startColumn")), 22);
    assert_int_equal(json_integer_value(GET(rp, "region", "endColumn")), 34);
    assert_int_equal(json_integer_value(GET(rp, "region", "byteOffset")), 30);
    assert_string_equal(json_string_value(GET(rel, "#0", "message", "text")),
                        "rw.txt: figure \"800 #runners\"");
    const char *fp = json_string_value(GET(r, "partialFingerprints", "crosscheck/v1"));
    assert_int_equal(strlen(fp), 32);
    json_decref(j);
    fx_story_free(&s);
}

static void test_levels_and_diff(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_finding warn = {"name-variant", XC_WARNING, NULL, "Two spellings.", NULL, s.claims, 1};
    xc_finding info = {"figure-agreement", XC_INFO, "x", "Agree.", NULL, s.claims, 2};
    xc_finding alt = {"quote-altered", XC_WARNING, NULL, "Words differ.", "[-and-]", s.claims, 1};
    xc_finding none = {"single-source", XC_INFO, NULL, "No claims.", NULL, NULL, 0};
    xc_report_finding rf[] = {{&warn, NULL}, {&info, NULL}, {&alt, NULL}, {&none, NULL}};
    json_t *j = render_sarif(&s.run, rf, 4);
    assert_string_equal(json_string_value(GET(result(j, 0), "level")), "warning");
    assert_int_equal(json_integer_value(GET(result(j, 0), "ruleIndex")), 7);
    assert_null(json_object_get(result(j, 0), "relatedLocations"));
    assert_string_equal(json_string_value(GET(result(j, 1), "level")), "note");
    assert_string_equal(json_string_value(GET(result(j, 2), "message", "text")),
                        "Words differ.\nDiff: [-and-]");
    /* A finding without any location is not a result (code scanning
     * refuses those); the run counts it. */
    assert_int_equal(json_array_size(GET(j, "runs", "#0", "results")), 3);
    assert_int_equal(
        json_integer_value(GET(j, "runs", "#0", "properties", "findingsWithoutLocation")), 1);
    json_decref(j);
    fx_story_free(&s);
}

/* An unknown kind gets a rule of its own after the known ones. */
static void test_unknown_kind_rule(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_finding odd = {"age-conflict", XC_ERROR, NULL, "Ages differ.", NULL, s.claims, 1};
    xc_report_finding rf[] = {{&odd, NULL}};
    json_t *j = render_sarif(&s.run, rf, 1);
    json_t *rules = GET(j, "runs", "#0", "tool", "driver", "rules");
    assert_int_equal(json_array_size(rules), 9);
    assert_string_equal(json_string_value(GET(rules, "#8", "id")), "age-conflict");
    assert_int_equal(json_integer_value(GET(result(j, 0), "ruleIndex")), 8);
    json_decref(j);
    fx_story_free(&s);
}

static const char *fingerprint_of(json_t *j)
{
    return json_string_value(GET(result(j, 0), "partialFingerprints", "crosscheck/v1"));
}

/* Lines added above a claim move its region but not its fingerprint; a
 * different figure changes it. */
static void test_fingerprint_ignores_lines(void **state)
{
    fx_story s;
    fx_story_init(&s);
    xc_report_finding rf[] = {{&s.conflict, "x"}};
    json_t *a = render_sarif(&s.run, rf, 1);

    xc_doc *moved = fx_doc("story/huff.txt",
                           "Pyongyang marathon\n\nUpdated at noon.\nA total of 1,000 runners took "
                           "part.\n",
                           "HuffPost");
    xc_claim c[2] = {FX_CLAIM(FIGURE, moved,
                              fx_figure(moved, "1,000 runners", 1000, 1000, 1000, "runner", NULL)),
                     s.claims[1]};
    xc_finding f = s.conflict;
    f.claims = c;
    xc_report_finding rf2[] = {{&f, "x"}};
    json_t *b = render_sarif(&s.run, rf2, 1);
    assert_int_equal(json_integer_value(GET(result(b, 0), "locations", "#0", "physicalLocation",
                                            "region", "startLine")),
                     4);
    assert_string_equal(fingerprint_of(a), fingerprint_of(b));

    xc_doc *other = fx_doc("story/huff.txt", "A total of 1,200 runners took part.\n", "HuffPost");
    c[0] = FX_CLAIM(FIGURE, other,
                    fx_figure(other, "1,200 runners", 1200, 1200, 1200, "runner", NULL));
    json_t *d = render_sarif(&s.run, rf2, 1);
    assert_string_not_equal(fingerprint_of(a), fingerprint_of(d));

    json_decref(a);
    json_decref(b);
    json_decref(d);
    xc_doc_free(moved);
    xc_doc_free(other);
    fx_story_free(&s);
}

static const char *uri_of(const char *path)
{
    static char got[256];
    xc_doc *d = fx_doc(path, "Some 5 runners.\n", NULL);
    xc_claim c = FX_CLAIM(FIGURE, d, fx_figure(d, "5 runners", 5, 5, 5, "runner", NULL));
    xc_finding f = {"single-source", XC_INFO, NULL, "One source.", NULL, &c, 1};
    xc_report_finding rf = {&f, NULL};
    xc_run run = {0};
    json_t *j = render_sarif(&run, &rf, 1);
    snprintf(got, sizeof got, "%s",
             json_string_value(GET(result(j, 0), "locations", "#0", "physicalLocation",
                                   "artifactLocation", "uri")));
    json_decref(j);
    xc_doc_free(d);
    return got;
}

static void test_uris(void **state)
{
    assert_string_equal(uri_of("./drafts/x.md"), "drafts/x.md");
    assert_string_equal(uri_of("my story/caf\xc3\xa9 #1.txt"), "my%20story/caf%C3%A9%20%231.txt");
    assert_string_equal(uri_of("/srv/news/a b.txt"), "file:///srv/news/a%20b.txt");
    assert_string_equal(uri_of("a\\b?.txt"), "a%5Cb%3F.txt");
}

static int emit(const char *path)
{
    fx_story s;
    fx_story_init(&s);
    xc_finding alt = {"quote-altered", XC_WARNING, NULL, "Words differ.", "[-and-]", s.claims, 1};
    xc_finding odd = {"age-conflict", XC_ERROR, NULL, "Ages differ.", NULL, NULL, 0};
    xc_report_finding rf[] = {{&s.conflict, "pyongyang-marathon"}, {&alt, NULL}, {&odd, NULL}};
    FILE *out = fopen(path, "w");
    int rc = out && xc_report_sarif_with(out, &s.run, rf, 3) == XC_OK ? 0 : 1;
    if (out && fclose(out)) rc = 1;
    fx_story_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--emit")) return emit(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_log_and_rules),
        cmocka_unit_test(test_result_of_one_finding),
        cmocka_unit_test(test_levels_and_diff),
        cmocka_unit_test(test_unknown_kind_rule),
        cmocka_unit_test(test_fingerprint_ignores_lines),
        cmocka_unit_test(test_uris),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
