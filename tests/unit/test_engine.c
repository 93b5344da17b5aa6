/* The matcher: trigger positions of each kind, derived triggers, lists as
 * fragments, ordering of results, limits, JIT against the interpreter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "rules_impl.h"

#include <stdio.h>
#include <unistd.h>

#include "rules_fixture.h"

static xc_doc *doc_from(const char *text)
{
    xc_doc *doc = xc_doc_load_mem("article.txt", text, strlen(text), NULL);
    assert_non_null(doc);
    assert_int_equal(xc_doc_status_of(doc), XC_DOC_OK);
    return doc;
}

/* Matches as "start-end:id" separated by spaces. */
typedef struct {
    char out[4096];
    const xc_doc *doc;
} collect;

static int collect_fn(void *ctx, const xc_match *m)
{
    collect *c = ctx;
    char one[128];
    snprintf(one, sizeof one, "%s%zu-%zu:%s", c->out[0] ? " " : "", m->start, m->end,
             xc_rule_id(m->rule));
    strncat(c->out, one, sizeof c->out - strlen(c->out) - 1);
    return 0;
}

static const char *scan(xc_worker *w, const xc_rules *rs, const char *kind, xc_doc *doc, collect *c)
{
    c->out[0] = '\0';
    c->doc = doc;
    assert_int_equal(xc_rules_scan(w, rs, kind, doc, collect_fn, c), XC_OK);
    return c->out;
}

/* One rule, one text: the matches. */
static void check(const char *yaml, const char *text, const char *expected)
{
    xc_rules *rs = rules_from(yaml);
    xc_worker *w = xc_worker_new();
    xc_doc *doc = doc_from(text);
    collect c;
    assert_string_equal(scan(w, rs, "t", doc, &c), expected);
    assert_int_equal(xc_diags_count(xc_doc_diags(doc)), 0);
    xc_doc_free(doc);
    xc_worker_free(w);
    xc_rules_free(rs);
}

/* ------------------------------------------------------------ triggers */

/* Digits start a token except inside a number: "1,000" and "26.2" give one
 * position each; "x9" gives none. */
static void test_trigger_digit(void **state)
{
    check("kind: t\nrules:\n  - {id: d, pattern: '\\d+', trigger: digit}\n",
          "a 1,000 and 26.2 x9 $5", "2-3:d 12-14:d 21-22:d");
}

static void test_trigger_upper(void **state)
{
    /* "Élise" is two bytes before 'l'; "iPhone" has no upper-case start. */
    check("kind: t\nrules:\n  - {id: u, pattern: '\\w+', trigger: upper}\n",
          "the Pyongyang marathon, \xc3\x89lise and iPhone", "4-13:u 24-30:u");
}

/* Quotation marks, but not apostrophes inside words ("don't"). */
static void test_trigger_quote(void **state)
{
    check("kind: t\nrules:\n  - {id: q, pattern: '[\"''] \\w+', trigger: quote}\n",
          "He said \"yes\" and 'no', don't.", "8-12:q 18-21:q");
}

static void test_trigger_symbol(void **state)
{
    check("kind: t\nrules:\n  - {id: s, pattern: '\\S+', trigger: symbol}\n",
          "cost $5 or \xe2\x82\xac"
          "7 or 5\xc2\xa3.",
          "5-7:s 11-15:s 20-23:s");
}

/* Every token: after spaces, and a word after punctuation ("a-b"). */
static void test_trigger_word(void **state)
{
    check("kind: t\nrules:\n  - {id: w, pattern: '\\w+', trigger: word}\n", "a-b (c) d's",
          "0-1:w 2-3:w 5-6:w 8-9:w");
}

static void test_trigger_list_multiword_caseless(void **state)
{
    check("kind: t\n"
          "lists:\n  cues: [said, according to]\n"
          "rules:\n"
          "  - id: cue\n"
          "    pattern: (?&cues) \\s+ (?<who>\\p{Lu}\\w+)\n"
          "    trigger: list:cues\n",
          "ACCORDING   TO CNN, Loong Said Kim; unsaid Bob", "0-18:cue 26-34:cue");
    /* Non-ASCII words: "ÉLYSÉE" is found by the entry "élysée" (UTF-8 written out). */
    check("kind: t\n"
          "lists:\n  seats: [\"\xc3\xa9lys\xc3\xa9"
          "e\", caf\xc3\xa9]\n"
          "rules:\n  - {id: seat, pattern: '(?&seats)', trigger: 'list:seats'}\n",
          "the \xc3\x89LYS\xc3\x89"
          "E and a CAF\xc3\x89, elysee",
          "4-12:seat 19-24:seat");
}

static void test_trigger_sentence_paragraph(void **state)
{
    xc_rules *rs = rules_from("kind: t\nrules:\n"
                              "  - {id: s, pattern: '\\w+', trigger: sentence}\n"
                              "  - {id: p, pattern: '\\w+ \\s \\w+', trigger: paragraph}\n");
    xc_worker *w = xc_worker_new();
    xc_doc *doc = doc_from("One two. Three four.\n\nFive six.");
    /* The segmenter is another stage: give the document its sentences here. */
    doc->sents.n = doc->paras.n = 0;
    xc_vec_push(&doc->paras, ((xc_range){0, 20}));
    xc_vec_push(&doc->paras, ((xc_range){22, 31}));
    xc_vec_push(&doc->sents, ((xc_sentence){0, 8, 0}));
    xc_vec_push(&doc->sents, ((xc_sentence){9, 20, 0}));
    xc_vec_push(&doc->sents, ((xc_sentence){22, 31, 1}));
    collect c;
    assert_string_equal(scan(w, rs, "t", doc, &c), "0-7:p 0-3:s 9-14:s 22-30:p 22-26:s");
    /* Segmented again (same array, new starts): the positions follow. */
    doc->sents.v[1].start = 15;
    assert_string_equal(scan(w, rs, "t", doc, &c), "0-7:p 0-3:s 15-19:s 22-30:p 22-26:s");
    xc_doc_free(doc);
    xc_worker_free(w);
    xc_rules_free(rs);
}

/* A rule with several triggers runs at each of their positions once, in
 * text order, even where two triggers share a position ("Ab"). */
static void test_several_triggers(void **state)
{
    check("kind: t\nrules:\n  - {id: m, pattern: '\\S+', trigger: [digit, upper]}\n",
          "x 12 Ab c 3d", "2-4:m 5-7:m 10-12:m");
    check("kind: t\nrules:\n  - {id: m, pattern: '\\S+', trigger: [word, upper]}\n", "Ab c",
          "0-2:m 3-4:m");
}

/* Triggers derived from the first item of a pattern. */
static void test_derived_triggers(void **state)
{
    xc_rules *rs = rules_from("kind: t\n"
                              "define:\n  number: \\d+ (?:,\\d{3})*\n"
                              "lists:\n  cues: [said]\n"
                              "rules:\n"
                              "  - {id: digit, pattern: '\\d+'}\n"
                              "  - {id: frag, pattern: '(?<v>(?&number)) \\s+ \\w+'}\n"
                              "  - {id: list, pattern: '(?&cues) \\s+ \\w+'}\n"
                              "  - {id: quote, pattern: '\" [^\"]+ \"'}\n"
                              "  - {id: class, pattern: '[A-Z]\\w+'}\n"
                              "  - {id: prop, pattern: '(?<=\\s) \\p{Lu}'}\n"
                              "  - {id: money, pattern: '[$\xe2\x82\xac] \\d'}\n"
                              "  - {id: alt, pattern: '(?: \\d | [A-Z] ) x'}\n"
                              "  - {id: optional, pattern: '\\d? x'}\n"
                              "  - {id: caseless, pattern: '(?i) [A-Z]'}\n"
                              "  - {id: lower, pattern: 'per \\s cent'}\n"
                              "  - {id: given, pattern: '\\d', trigger: [upper, sentence]}\n"
                              /* a '|' inside a class with a POSIX class, or inside
                               * \Q...\E, does not split the pattern */
                              "  - {id: posix, pattern: '\\d [[:alpha:]|]+'}\n"
                              "  - {id: quoted, pattern: '\\d \\Q|\\E x'}\n");
    struct {
        const char *id;
        uint64_t trig;
    } want[] = {
        {"digit", XC_TRIG_DIGIT},
        {"frag", XC_TRIG_DIGIT},
        {"list", UINT64_C(1) << XC_TRIG_LIST0},
        {"quote", XC_TRIG_QUOTE},
        {"class", XC_TRIG_UPPER},
        {"prop", XC_TRIG_UPPER},
        {"money", XC_TRIG_SYMBOL},
        {"alt", XC_TRIG_DIGIT | XC_TRIG_UPPER},
        {"optional", XC_TRIG_WORD},
        {"caseless", XC_TRIG_WORD},
        {"lower", XC_TRIG_WORD},
        {"given", XC_TRIG_UPPER | XC_TRIG_SENTENCE},
        {"posix", XC_TRIG_DIGIT},
        {"quoted", XC_TRIG_DIGIT},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        const xc_rule *r = xc_rules_find(rs, want[i].id);
        assert_non_null(r);
        if (r->trig != want[i].trig)
            fail_msg("rule %s: trigger %llx", want[i].id, (unsigned long long)r->trig);
    }
    xc_rules_free(rs);
}

/* ------------------------------------------------------- lists, order */

/* A list in a pattern: longest entry first, caseless, escaped. */
static void test_list_as_fragment(void **state)
{
    check("kind: t\n"
          "lists:\n  places: [New, New York, U.S.]\n"
          "rules:\n  - {id: l, pattern: '(?&places) (?!\\w)', trigger: word}\n",
          "new york and NEW jersey, U.S. not UxSx", "0-8:l 13-16:l 25-29:l");
}

/* Sorted by start, longer first, then rule order; a rule resumes after its
 * own match, so "b c" is not a match of "pair". */
static void test_order_and_resume(void **state)
{
    check("kind: t\nrules:\n"
          "  - {id: one, pattern: '\\w+', trigger: word}\n"
          "  - {id: pair, pattern: '\\w+ \\s \\w+', trigger: word}\n"
          "  - {id: also, pattern: '\\w+', trigger: word}\n",
          "a b c", "0-3:pair 0-1:one 0-1:also 2-3:one 2-3:also 4-5:one 4-5:also");
}

static void test_lookbehind_sees_before_trigger(void **state)
{
    check("kind: t\nrules:\n  - {id: lb, pattern: '(?<=\\$) \\d+', trigger: digit}\n",
          "$200 and 300", "1-4:lb");
}

static void test_match_named_and_unanchored(void **state)
{
    xc_rules *rs =
        rules_from("kind: t\nrules:\n"
                   "  - id: n\n"
                   "    pattern: (?<value>\\d+) (?:\\s+ (?<unit>km))? \\s+ (?<noun>\\w+)\n");
    const xc_rule *r = xc_rules_find(rs, "n");
    xc_worker *w = xc_worker_new();
    const char *s = "ran 42 km today and 7 runners";
    xc_match m;
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 0);
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 0, 0, &m), 1);
    size_t a, b;
    assert_true(xc_match_named(&m, "unit", &a, &b));
    assert_int_equal(a, 7);
    assert_int_equal(b, 9);
    assert_true(xc_match_named(&m, "noun", &a, &b));
    assert_int_equal(a, 10);
    assert_false(xc_match_named(&m, "missing", &a, &b));
    assert_int_equal(xc_rule_match_at(w, r, s, strlen(s), 20, XC_MATCH_ANCHORED, &m), 1);
    assert_false(xc_match_named(&m, "unit", &a, &b));
    assert_int_equal(m.g[2][0], PCRE2_UNSET);
    assert_true(xc_match_named(&m, "value", &a, &b));
    assert_int_equal(a, 20);
    assert_int_equal(m.end, strlen(s));
    xc_worker_free(w);
    xc_rules_free(rs);
}

/* --------------------------------------------------------------- limits */

static void test_pathological_hits_limit(void **state)
{
    xc_rules *rs = rules_from("kind: t\nrules:\n"
                              "  - {id: slow, pattern: '(\\w+\\s?)+$', trigger: word}\n"
                              "  - {id: word, pattern: 'runners', trigger: word}\n");
    const xc_rule *slow = xc_rules_find(rs, "slow");
    xc_buf b = {0};
    while (b.len < 100 * 1024) xc_buf_adds(&b, "runners cheering citizens ");
    xc_buf_adds(&b, "!");
    xc_worker *w = xc_worker_new();
    xc_match m;
    assert_int_equal(xc_rule_match_at(w, slow, b.s, b.len, 0, XC_MATCH_ANCHORED, &m), XC_ERR_LIMIT);

    /* In a scan: one warning, the rule skipped, the other rule unharmed. */
    xc_doc *doc = doc_from(b.s);
    collect c;
    scan(w, rs, "t", doc, &c);
    assert_int_equal(strncmp(c.out, "0-7:word 26-33:word", 19), 0);
    assert_null(strstr(c.out, "slow"));
    const xc_diags *d = xc_doc_diags(doc);
    assert_int_equal(xc_diags_count(d), 1);
    const xc_diag *x = xc_diags_get(d, 0);
    assert_string_equal(x->code, "rule-limit");
    assert_int_equal(x->severity, XC_WARNING);
    assert_int_equal(x->line, 1);
    assert_int_equal(x->column, 1);
    assert_non_null(strstr(x->message, "rule 'slow' stopped at byte 0"));
    xc_doc_free(doc);
    xc_worker_free(w);
    xc_buf_free(&b);
    xc_rules_free(rs);
}

/* ------------------------------------------------------ JIT vs interpreter */

static const char *sample =
    "PYONGYANG - A total of 1,000 runners took part, according to CNN, and "
    "approximately 200 other foreigners ran. \"It was amazing,\" Jen Loong said. "
    "The 42-kilometre race cost $2.5 million; more than 50,000 citizens cheered.";

static void test_jit_and_interpreter_agree(void **state)
{
    char jit[2][4096];
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            setenv("CROSSCHECK_NO_JIT", "1", 1);
        else
            unsetenv("CROSSCHECK_NO_JIT");
        xc_diags *d = xc_diags_new();
        xc_rules *rs = xc_rules_load(XC_TEST_DATA "/rules/good", d);
        assert_non_null(rs);
        uint32_t have_jit = 0;
        pcre2_config(PCRE2_CONFIG_JIT, &have_jit);
        assert_int_equal(xc_rules_find(rs, "count-noun")->jit, have_jit && pass == 0);
        xc_worker *w = xc_worker_new();
        xc_doc *doc = doc_from(sample);
        collect c1, c2;
        snprintf(jit[pass], sizeof jit[pass], "%s | %s", scan(w, rs, "figures", doc, &c1),
                 scan(w, rs, "quotes", doc, &c2));
        xc_doc_free(doc);
        xc_worker_free(w);
        xc_rules_free(rs);
        xc_diags_free(d);
    }
    unsetenv("CROSSCHECK_NO_JIT");
    assert_string_equal(jit[0], jit[1]);
    /* And what they agree on, worked out by hand from the sample. */
    assert_string_equal(jit[0], "23-36:count-noun 70-87:hedged-count 84-104:count-noun "
                                "148-160:distance 171-183:money 172-183:count-noun "
                                "185-201:hedged-count 195-210:count-noun | "
                                "48-64:cue-name 110-142:quote-said");
}

/* A callback may scan again with the same worker. */
typedef struct {
    xc_worker *w;
    const xc_rules *rs;
    xc_doc *doc;
    int outer, inner;
} nested;

static int inner_fn(void *ctx, const xc_match *m)
{
    ((nested *)ctx)->inner++;
    return 0;
}

static int outer_fn(void *ctx, const xc_match *m)
{
    nested *n = ctx;
    n->outer++;
    assert_int_equal(xc_rules_scan(n->w, n->rs, "quotes", n->doc, inner_fn, n), XC_OK);
    return 0;
}

static void test_nested_scan(void **state)
{
    xc_diags *d = xc_diags_new();
    xc_rules *rs = xc_rules_load(XC_TEST_DATA "/rules/good", d);
    nested n = {xc_worker_new(), rs, doc_from(sample), 0, 0};
    assert_int_equal(xc_rules_scan(n.w, rs, "figures", n.doc, outer_fn, &n), XC_OK);
    assert_int_equal(n.outer, 8);
    assert_int_equal(n.inner, 16);
    /* Stopping early: a non-zero return ends the scan. */
    n.outer = 0;
    assert_int_equal(xc_rules_scan(n.w, rs, "figures", n.doc, inner_fn, &n), XC_OK);
    xc_doc_free(n.doc);
    xc_worker_free(n.w);
    xc_rules_free(rs);
    xc_diags_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trigger_digit),
        cmocka_unit_test(test_trigger_upper),
        cmocka_unit_test(test_trigger_quote),
        cmocka_unit_test(test_trigger_symbol),
        cmocka_unit_test(test_trigger_word),
        cmocka_unit_test(test_trigger_list_multiword_caseless),
        cmocka_unit_test(test_trigger_sentence_paragraph),
        cmocka_unit_test(test_several_triggers),
        cmocka_unit_test(test_derived_triggers),
        cmocka_unit_test(test_list_as_fragment),
        cmocka_unit_test(test_order_and_resume),
        cmocka_unit_test(test_lookbehind_sees_before_trigger),
        cmocka_unit_test(test_match_named_and_unanchored),
        cmocka_unit_test(test_pathological_hits_limit),
        cmocka_unit_test(test_jit_and_interpreter_agree),
        cmocka_unit_test(test_nested_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
