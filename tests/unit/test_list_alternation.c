/* A word list in a rule pattern is one caseless alternation, longest word
 * first. It is written with the words grouped by their common beginnings
 * ("sa(?:id|ys)" for "said|says"); these tests check that the grouped form
 * matches exactly what the words listed one by one match: the same spans,
 * the same groups, at every start, also when the rest of the pattern fails
 * and PCRE2 backtracks into the list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "rules_impl.h"

#include <utf8proc.h>

#include "rules_fixture.h"

#define N_OF(a) (sizeof(a) / sizeof *(a))

static char *alternation(const char *const *words, size_t n, bool factor)
{
    xc_buf b = {0};
    assert_int_equal(xc_list_alternation(&b, words, n, factor), 0);
    return b.s;
}

static void text_is(const char *const *words, size_t n, bool factor, const char *want)
{
    char *got = alternation(words, n, factor);
    assert_string_equal(got, want);
    free(got);
}

/* ---------------------------------------------------- the pattern text */

static void test_grouped_by_common_beginnings(void **state)
{
    static const char *const verbs[] = {"said", "says", "say", "told"};
    /* Longest first, then by bytes. */
    text_is(verbs, N_OF(verbs), false, "(?i:said|says|told|say)");
    /* "say" ends where "says" goes on: its empty rest comes last. */
    text_is(verbs, N_OF(verbs), true, "(?i:sa(?:id|y(?:s|))|told)");

    static const char *const titles[] = {"Mr", "Mr.", "Mrs", "Mrs."};
    text_is(titles, N_OF(titles), true, "(?i:mr(?:s(?:\\.|)|\\.|))");

    /* Punctuation is escaped, on the branching byte as in the rests. */
    static const char *const abbr[] = {"U.S.", "U.K.", "a+b"};
    text_is(abbr, N_OF(abbr), true, "(?i:u\\.(?:k\\.|s\\.)|a\\+b)");

    /* Spaces inside an entry match any white space; words are not split
     * on them: a greedy \s+ gives characters back. */
    static const char *const phrases[] = {"shot back", "shot  up", "shot"};
    text_is(phrases, N_OF(phrases), true, "(?i:shot(?:\\s+back|\\s+up|))");

    /* Words equal but for case are the same text: one empty rest. */
    static const char *const cased[] = {"Mr", "MR", "mr."};
    text_is(cased, N_OF(cased), true, "(?i:mr(?:\\.|))");
}

static void test_non_ascii_is_not_branched_on(void **state)
{
    /* U+017F (long s) matches "s" without case: a list with such a first
     * letter is listed word by word. */
    static const char *const longs[] = {
        "\305\277ay", /* U+017F, then "ay" (octal: a hex escape would run on) */
        "say", "sad"};
    text_is(longs, N_OF(longs), true,
            "(?i:\xC5\xBF"
            "ay|sad|say)");
    /* Past ASCII inside the words: grouped up to that byte only. */
    static const char *const cafe[] = {"caf\xC3\xA9", "cafe", "cab"};
    text_is(cafe, N_OF(cafe), true, "(?i:ca(?:f(?:\xC3\xA9|e)|b))");
}

static void test_empty_lists_never_match(void **state)
{
    text_is(NULL, 0, true, "(?i:(*FAIL))");
    static const char *const empty[] = {"", ""};
    text_is(empty, N_OF(empty), true, "(?i:(*FAIL))");
    static const char *const one[] = {"", "k"};
    text_is(one, N_OF(one), true, "(?i:k)");
}

/* --------------------------------------------- the same matches, always */

static pcre2_code *compile_with(const char *alt, const char *rest)
{
    xc_buf b = {0};
    assert_int_equal(xc_buf_printf(&b, "(?<w>(?&list)) %s (?(DEFINE)(?<list>%s))", rest, alt), 0);
    int err;
    PCRE2_SIZE off;
    pcre2_code *c =
        pcre2_compile((PCRE2_SPTR)b.s, b.len, XC_PCRE2_OPTIONS | PCRE2_ANCHORED, &err, &off, NULL);
    if (!c) fprintf(stderr, "cannot compile %s (error %d at %zu)\n", b.s, err, (size_t)off);
    assert_non_null(c);
    xc_buf_free(&b);
    return c;
}

/* Runs both forms at every character of every subject; the result code
 * and every group's span must be equal. Returns how many matched. */
static int same_matches(const char *const *words, size_t n, const char *rest,
                        const char *const *subjects, size_t ns)
{
    char *plain = alternation(words, n, false), *grouped = alternation(words, n, true);
    pcre2_code *a = compile_with(plain, rest), *b = compile_with(grouped, rest);
    /* The interpreter and the JIT: both paths the engine can take. */
    bool jit = pcre2_jit_compile(a, PCRE2_JIT_COMPLETE) == 0 &&
               pcre2_jit_compile(b, PCRE2_JIT_COMPLETE) == 0;
    pcre2_match_data *ma = pcre2_match_data_create_from_pattern(a, NULL),
                     *mb = pcre2_match_data_create_from_pattern(b, NULL);
    int matched = 0;
    for (size_t k = 0; k < ns; k++) {
        const char *s = subjects[k];
        size_t len = strlen(s);
        for (size_t pos = 0; pos <= len; pos++) {
            if (pos < len && ((unsigned char)s[pos] & 0xC0) == 0x80) continue;
            for (int mode = 0; mode < (jit ? 2 : 1); mode++) {
                uint32_t opt = mode ? 0 : PCRE2_NO_JIT;
                int ra = pcre2_match(a, (PCRE2_SPTR)s, len, pos, opt, ma, NULL);
                int rb = pcre2_match(b, (PCRE2_SPTR)s, len, pos, opt, mb, NULL);
                if (ra != rb) fprintf(stderr, "'%s' at %zu: %d vs %d\n", s, pos, ra, rb);
                assert_int_equal(ra, rb);
                if (ra <= 0) continue;
                matched += mode == 0;
                const PCRE2_SIZE *oa = pcre2_get_ovector_pointer(ma),
                                 *ob = pcre2_get_ovector_pointer(mb);
                for (int g = 0; g < 2 * ra; g++) assert_int_equal(oa[g], ob[g]);
            }
        }
    }
    pcre2_match_data_free(ma);
    pcre2_match_data_free(mb);
    pcre2_code_free(a);
    pcre2_code_free(b);
    free(plain);
    free(grouped);
    return matched;
}

/* What follows the list in the pattern: nothing, a word end, more words,
 * a letter the longest word would take, a capture after it. */
static const char *const rests[] = {
    "",
    "\\b",
    "(?!\\w)",
    "s\\b",
    "\\s+ (?<next>\\w+)",
    "\\s+ (?<next>\\w+) (?=\\.)",
    "\\.",
    "\\s* ,",
    "(?<tail>\\w*) \\s+ on",
};

static void check_all_rests(const char *const *words, size_t n, const char *const *subjects,
                            size_t ns, int min_matched)
{
    int matched = 0;
    for (size_t r = 0; r < N_OF(rests); r++)
        matched += same_matches(words, n, rests[r], subjects, ns);
    /* The subjects exercise the lists: a comparison of two failures alone
     * would prove nothing. */
    assert_true(matched >= min_matched);
}

static void test_speech_verbs_and_phrases(void **state)
{
    static const char *const words[] = {
        "say",        "says", "said",       "saying",      "tell",   "tells",    "told",
        "add",        "adds", "added",      "adding",      "insist", "insisted", "went on",
        "shot  back", "shot", "points out", "pointed out", "put it", "puts it"};
    static const char *const subjects[] = {
        "saying so", "Said.",        "says x",      "SAYS, he",      "say s",
        "sayings",   "SHOT  BACK x", "shot\tback.", "shot up",       "went on foot",
        "went on.",  "went\n on",    "went",        "pointed out x", "points out, she",
        "put it. ",  "puts it",      "addedon",     "added on",      "insisted, insist",
        "told tell", "tolD."};
    check_all_rests(words, N_OF(words), subjects, N_OF(subjects), 60);
}

static void test_prefixes_of_each_other(void **state)
{
    static const char *const words[] = {"a", "ab", "abc", "abcd", "b", "ba", "bab", "AB.", "ab s"};
    static const char *const subjects[] = {"abcd",  "abc d", "ab. x", "ab s on", "abcde", "bab.",
                                           "ba on", "b",     "ABC,",  "a  on",   "aab",   ""};
    check_all_rests(words, N_OF(words), subjects, N_OF(subjects), 60);
}

static void test_case_duplicates_and_punctuation(void **state)
{
    static const char *const words[] = {"Mr",    "MR",   "mr.",  "Ms",  "Dr.",  "Dr",  "U.S.",
                                        "U.K.",  "U.N.", "a+b",  "(x)", "c++",  "50%", "$5",
                                        "[sic]", "#tag", "e.g.", "e.g", "Mrs.", "Mrs"};
    static const char *const subjects[] = {
        "Mr. Reid", "MR Smith", "mrs. x", "Dr.Who", "dr. s",  "U.S. x", "u.k.", "U.N.s",
        "UxS",      "a+b on",   "ab",     "(x) y",  "c++s",   "50% on", "$5.",  "[SIC] x",
        "#Tag",     "e.g., x",  "e.gs",   "Ms s",   "MRS on", "Mr",     "mr .", "#tags."};
    check_all_rests(words, N_OF(words), subjects, N_OF(subjects), 60);
}

static void test_letters_past_ascii(void **state)
{
    /* First letters past ASCII that match ASCII without case (Kelvin sign,
     * long s), and such letters inside words. "Kelv" (with the Kelvin sign)
     * comes between "kelvin" and "kel" and matches where "kel" does. */
    static const char *const words[] = {"kelvin",
                                        "kel",
                                        "\xE2\x84\xAA"
                                        "elv",
                                        "\xC5\xBF"
                                        "ay",
                                        "say",
                                        "caf\xC3\xA9",
                                        "cafe",
                                        "cab",
                                        "na\xC3\xAFve",
                                        "naive",
                                        "\xC3\x85ngstr\xC3\xB6m"};
    static const char *const subjects[] = {"KELVIN s",
                                           "\xE2\x84\xAA"
                                           "elvin on",
                                           "kel on",
                                           "kelvx on",
                                           "\xC5\xBF"
                                           "AY.",
                                           "SAY on",
                                           "CAF\xC3\x89 x",
                                           "cafe s",
                                           "cab.",
                                           "NA\xC3\x8FVE",
                                           "\xC3\xA5ngstr\xC3\xB6m"};
    check_all_rests(words, N_OF(words), subjects, N_OF(subjects), 30);

    /* The same letters inside words only: the beginnings are grouped. */
    static const char *const inside[] = {"caf\xC3\xA9", "cafe",          "cab",   "na\xC3\xAFve",
                                         "naive",       "ma\303\261ana", "manner"};
    static const char *const subjects2[] = {
        "CAF\xC3\x89 x", "cafe s", "cab.", "NA\xC3\x8FVE", "naive on", "MA\303\221ANA", "manners"};
    check_all_rests(inside, N_OF(inside), subjects2, N_OF(subjects2), 20);
}

static void test_deep_prefix_chains_stay_compilable(void **state)
{
    /* "a", "aa", ... 60 words, each a prefix of the next: grouping stops at
     * the nesting limit and lists the rest, and PCRE2 compiles it. */
    char words_buf[60][61];
    const char *words[60];
    for (int i = 0; i < 60; i++) {
        memset(words_buf[i], 'a', (size_t)i + 1);
        words_buf[i][i + 1] = '\0';
        words[i] = words_buf[i];
    }
    static const char *const subjects[] = {
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa on",
        "aaaaaaaaaaaaaaaaaaaaaa on", "aaa s", "a"};
    check_all_rests(words, 60, subjects, 4, 101);
}

/* ------------------------------------- through a rule set, by hand */

static void test_rules_match_by_hand(void **state)
{
    xc_rules *rs = rules_from("kind: t\n"
                              "lists:\n"
                              "  verbs: [say, says, saying, went, went on, U.S., shot back]\n"
                              "rules:\n"
                              "  - {id: v, pattern: '(?<v>(?&verbs))'}\n"
                              "  - {id: vs, pattern: '(?<v>(?&verbs)) s \\b'}\n"
                              "  - {id: vw, pattern: '(?<v>(?&verbs)) \\s+ (?<o>\\w+)'}\n");
    const xc_rule *v = xc_rules_find(rs, "v"), *vs = xc_rules_find(rs, "vs"),
                  *vw = xc_rules_find(rs, "vw");
    xc_worker *w = xc_worker_new();
    xc_match m;
    size_t s0, e0;
    /* The longest word wins. */
    const char *s = "saying so";
    assert_int_equal(xc_rule_match_at(w, v, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 6);
    /* Backtracking into the list: "says" then "s" fails, "say" then "s". */
    s = "says";
    assert_int_equal(xc_rule_match_at(w, vs, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_true(xc_match_named(&m, "v", &s0, &e0));
    assert_int_equal(e0, 3);
    assert_int_equal(m.end, 4);
    /* "went on" then a word; at the end of the text, "went" then "on". */
    s = "went on foot";
    assert_int_equal(xc_rule_match_at(w, vw, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_true(xc_match_named(&m, "v", &s0, &e0));
    assert_int_equal(e0, 7);
    assert_true(xc_match_named(&m, "o", &s0, &e0));
    assert_int_equal(s0, 8);
    s = "WENT\t\ton";
    assert_int_equal(xc_rule_match_at(w, vw, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_true(xc_match_named(&m, "v", &s0, &e0));
    assert_int_equal(e0, 4);
    assert_true(xc_match_named(&m, "o", &s0, &e0));
    assert_int_equal(s0, 6);
    /* Spaces inside an entry: any white space; a dot is a dot. */
    s = "Shot\n back";
    assert_int_equal(xc_rule_match_at(w, v, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 10);
    s = "U.S.";
    assert_int_equal(xc_rule_match_at(w, v, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 1);
    assert_int_equal(m.end, 4);
    s = "UxSx";
    assert_int_equal(xc_rule_match_at(w, v, s, strlen(s), 0, XC_MATCH_ANCHORED, &m), 0);
    xc_worker_free(w);
    xc_rules_free(rs);
}

/* ------------------------------------------ what the grouping relies on */

static bool matches(const char *pattern, const char *s, size_t len)
{
    int err;
    PCRE2_SIZE off;
    pcre2_code *c =
        pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                      XC_PCRE2_OPTIONS | PCRE2_ANCHORED | PCRE2_ENDANCHORED, &err, &off, NULL);
    assert_non_null(c);
    pcre2_match_data *md = pcre2_match_data_create(1, NULL);
    int rc = pcre2_match(c, (PCRE2_SPTR)s, len, 0, 0, md, NULL);
    pcre2_match_data_free(md);
    pcre2_code_free(c);
    return rc > 0;
}

/* Two printable ASCII bytes other than the space that differ after
 * lower-casing never match the same character without case; the only
 * characters past ASCII that match one of them are U+017F (s) and U+212A
 * (k). */
static void test_branch_bytes_match_disjoint_characters(void **state)
{
    char pat[16];
    for (int a = 0x21; a < 0x7F; a++) {
        snprintf(pat, sizeof pat, "(?i:\\%c)", a);
        if ((a >= '0' && a <= '9') || (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z'))
            snprintf(pat, sizeof pat, "(?i:%c)", a);
        for (int c = 0x21; c < 0x7F; c++) {
            char s = (char)c;
            int la = a >= 'A' && a <= 'Z' ? a + 32 : a, lc = c >= 'A' && c <= 'Z' ? c + 32 : c;
            assert_int_equal(matches(pat, &s, 1), la == lc);
        }
    }
    /* Every code point past ASCII, searched at once for one that matches a
     * printable ASCII character without case. */
    xc_buf all = {0};
    for (int32_t cp = 0x80; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        char enc[4];
        size_t l = (size_t)utf8proc_encode_char(cp, (utf8proc_uint8_t *)enc);
        assert_int_equal(xc_buf_add(&all, enc, l), 0);
    }
    int err;
    PCRE2_SIZE off;
    pcre2_code *c = pcre2_compile((PCRE2_SPTR) "(?i)[!-~]", PCRE2_ZERO_TERMINATED, XC_PCRE2_OPTIONS,
                                  &err, &off, NULL);
    assert_non_null(c);
    pcre2_jit_compile(c, PCRE2_JIT_COMPLETE);
    pcre2_match_data *md = pcre2_match_data_create(1, NULL);
    int32_t found[8];
    int nfound = 0;
    for (size_t pos = 0; pcre2_match(c, (PCRE2_SPTR)all.s, all.len, pos, 0, md, NULL) > 0;) {
        const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        int32_t cp;
        xc_utf8_decode(all.s, all.len, ov[0], &cp);
        assert_true(nfound < 8);
        found[nfound++] = cp;
        pos = ov[1];
    }
    assert_int_equal(nfound, 2);
    assert_int_equal(found[0], 0x017F);
    assert_int_equal(found[1], 0x212A);
    assert_true(matches("(?i:s)", "\xC5\xBF", 2));
    assert_true(matches("(?i:K)", "\xE2\x84\xAA", 3));
    pcre2_match_data_free(md);
    pcre2_code_free(c);
    xc_buf_free(&all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grouped_by_common_beginnings),
        cmocka_unit_test(test_non_ascii_is_not_branched_on),
        cmocka_unit_test(test_empty_lists_never_match),
        cmocka_unit_test(test_speech_verbs_and_phrases),
        cmocka_unit_test(test_prefixes_of_each_other),
        cmocka_unit_test(test_case_duplicates_and_punctuation),
        cmocka_unit_test(test_letters_past_ascii),
        cmocka_unit_test(test_deep_prefix_chains_stay_compilable),
        cmocka_unit_test(test_rules_match_by_hand),
        cmocka_unit_test(test_branch_bytes_match_disjoint_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
