/* The loading passes skip runs of plain bytes many at a time and stop at
 * the exact byte that needs a look: the first look at the raw bytes (NUL,
 * DEL and other control bytes, invalid UTF-8), NFC and folding (bytes past
 * ASCII), sentence ends ('.', '!', '?' found one mark at a time across
 * paragraphs) and code-point columns on long lines. Each case puts the byte
 * that matters at every offset of a block, so that a skip that goes one
 * byte too far or stops one too early shows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "internal.h"

static xc_doc *load(const char *name, const char *bytes, size_t len)
{
    xc_doc *d = xc_doc_load_mem(name, bytes, len, NULL);
    assert_non_null(d);
    return d;
}

/* A NUL anywhere makes the file binary, wherever it sits in a block. */
static void test_nul_at_every_offset(void **state)
{
    (void)state;
    char buf[80];
    for (size_t p = 0; p < sizeof buf; p++) {
        memset(buf, 'a', sizeof buf);
        buf[p] = '\0';
        xc_doc *d = load("a.txt", buf, sizeof buf);
        assert_string_equal(xc_doc_reason(d), "binary file");
        xc_doc_free(d);
    }
}

/* Control bytes are counted one by one: 8 DEL bytes in 80 are one in ten
 * (read), 9 are more (binary), wherever they are and however close. */
static void test_control_bytes_counted_exactly(void **state)
{
    (void)state;
    char buf[80];
    for (size_t p = 0; p + 9 <= sizeof buf; p++) {
        memset(buf, 'b', sizeof buf);
        for (size_t k = 0; k < 8; k++) buf[p + k] = '\x7f';
        xc_doc *d = load("a.txt", buf, sizeof buf);
        assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
        xc_doc_free(d);
        buf[p + 8] = '\x01'; /* a ninth, right after them */
        d = load("a.txt", buf, sizeof buf);
        assert_string_equal(xc_doc_reason(d), "binary file");
        xc_doc_free(d);
    }
}

/* An invalid byte becomes U+FFFD at its own offset, the bytes before it
 * kept as they are. Valid letters first make the file damaged UTF-8. */
static void test_invalid_byte_at_every_offset(void **state)
{
    (void)state;
    char buf[90];
    for (size_t p = 6; p < sizeof buf; p++) {
        memset(buf, 'c', sizeof buf);
        memcpy(buf, "\xc3\xa9\xc3\xa9\xc3\xa9", 6);
        buf[p] = (char)0xFF;
        xc_doc *d = load("a.txt", buf, sizeof buf);
        assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
        assert_int_equal(d->utf8_len, sizeof buf + 2);
        for (size_t k = 6; k < p; k++) assert_int_equal(d->utf8[k], 'c');
        assert_memory_equal(d->utf8 + p, "\xef\xbf\xbd", 3);
        if (p + 3 < d->utf8_len) assert_int_equal(d->utf8[p + 3], 'c');
        xc_doc_free(d);
    }
}

/* A curly quote is folded at its offset, a letter and a combining accent
 * composed at theirs, wherever they are. */
static void test_non_ascii_at_every_offset(void **state)
{
    (void)state;
    char buf[100];
    for (size_t p = 0; p + 3 <= 70; p++) {
        memset(buf, 'd', 70);
        memcpy(buf + p, "\xe2\x80\x9d", 3); /* U+201D */
        xc_doc *d = load("a.txt", buf, 70);
        assert_int_equal(d->fold_len, 68);
        for (size_t k = 0; k < 68; k++) assert_int_equal(d->fold[k], k == p ? '"' : 'd');
        xc_doc_free(d);

        memset(buf, 'd', 70);
        memcpy(buf + p, "e\xcc\x81", 3); /* e, U+0301 */
        d = load("a.txt", buf, 70);
        assert_int_equal(d->text_len, 69);
        assert_memory_equal(d->text + p, "\xc3\xa9", 2); /* U+00E9 */
        for (size_t k = 0; k < p; k++) assert_int_equal(d->text[k], 'd');
        for (size_t k = p + 2; k < 69; k++) assert_int_equal(d->text[k], 'd');
        xc_doc_free(d);
    }
}

static void check_sentences(const char *text, const char *const *want, size_t n_want)
{
    xc_doc *d = load("a.md", text, strlen(text));
    assert_int_equal(d->sents.n, n_want);
    for (size_t i = 0; i < n_want; i++) {
        size_t len = d->sents.v[i].end - d->sents.v[i].start;
        assert_int_equal(len, strlen(want[i]));
        assert_memory_equal(d->fold + d->sents.v[i].start, want[i], len);
    }
    xc_doc_free(d);
}

/* Marks of every kind in paragraphs with and without them: a '!' or '?'
 * found ahead, in a later paragraph, ends a sentence there and only there. */
static void test_sentence_marks_across_paragraphs(void **state)
{
    (void)state;
    static const char *const a[] = {"No mark here", "Then one!", "And two?", "Yes.", "Done"};
    check_sentences("No mark here\n\nThen one! And two?\n\nYes. Done\n", a, 5);
    static const char *const b[] = {"Wait?!", "Really.", "Yes!", "Next?", "Last one."};
    check_sentences("Wait?! Really. Yes!\n\nNext? Last one.\n", b, 5);
    /* "Dr." is an abbreviation: no end there, then a '!' two paragraphs on */
    static const char *const c[] = {"Dr. Who came.", "Nothing", "Stop!", "Go"};
    check_sentences("Dr. Who came.\n\nNothing\n\nStop! Go\n", c, 4);
}

/* The built-in abbreviations (used without a rule set) are found by binary
 * search: the first and last of the list, words between them, a word that
 * is a prefix of another and one that has another as prefix, in any case.
 * An abbreviation keeps the sentence going; another word ends it. */
static void test_builtin_abbreviations(void **state)
{
    (void)state;
    static const char *const abbrevs[] = {"a.m.", "A.M.",  "Wyo.", "wyo.",  "Messrs.", "MESSRS.",
                                          "Mo.",  "Mont.", "Sep.", "Sept.", "Co.",     "Corp.",
                                          "vs.",  "VS.",   "D.C.", "Dr."};
    static const char *const words[] = {"Ab.", "Zz.", "Mon.", "Sepx.", "Mrss.", "Cor.", "Wyom."};
    char text[100];
    for (size_t i = 0; i < sizeof abbrevs / sizeof *abbrevs; i++) {
        snprintf(text, sizeof text, "It was %s Then it ended.", abbrevs[i]);
        xc_doc *d = load("a.txt", text, strlen(text));
        assert_int_equal(d->sents.n, 1);
        xc_doc_free(d);
    }
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        snprintf(text, sizeof text, "It was %s Then it ended.", words[i]);
        xc_doc *d = load("a.txt", text, strlen(text));
        assert_int_equal(d->sents.n, 2);
        xc_doc_free(d);
    }
}

static void check_paragraphs(const char *name, const char *text, const char *const *want,
                             size_t n_want)
{
    xc_doc *d = load(name, text, strlen(text));
    assert_int_equal(d->paras.n, n_want);
    for (size_t i = 0; i < n_want; i++) {
        size_t len = d->paras.v[i].end - d->paras.v[i].start;
        assert_int_equal(len, strlen(want[i]));
        assert_memory_equal(d->fold + d->paras.v[i].start, want[i], len);
    }
    xc_doc_free(d);
}

/* A document is split a line at a time unless a blank line has text both
 * before and after it; blank lines at the start or the end, or a last line
 * of blanks without a newline, do not count. */
static void test_paragraphs_per_line_or_blank(void **state)
{
    (void)state;
    static const char *const two[] = {"A one", "B two"};
    check_paragraphs("a.md", "A one\n\nB two\n", two, 2);
    check_paragraphs("a.md", "\n \n\nA one\nB two\n", two, 2);
    check_paragraphs("a.md", "A one\nB two\n\n \n", two, 2);
    check_paragraphs("a.md", "A one\nB two\n \t ", two, 2);
    static const char *const blocks[] = {"A\nB", "C\nD"};
    check_paragraphs("a.md", "A\nB\n \t\nC\nD", blocks, 2);
    static const char *const lines[] = {"A", "B", "C", "D"};
    check_paragraphs("a.md", "  A\nB  \nC\n\t D", lines, 4);
    /* the blank line comes late: lines before it are paragraphs no more */
    static const char *const late[] = {"A\nB\nC", "D"};
    check_paragraphs("a.md", "A\nB\nC\n\nD\n", late, 2);
}

/* A date line in the header block of wire copy, with the month named in
 * every way metadata writes it, and words that begin like a month or are
 * as long as one but are not one. */
static void test_header_dates(void **state)
{
    (void)state;
    static const struct {
        const char *line, *want;
    } cases[] = {
        {"June 30, 2024", "2024-06-30"},
        {"Sept. 3, 2024", "2024-09-03"},
        {"SEPTEMBER 3, 2024", "2024-09-03"},
        {"3 may 2024", "2024-05-03"},
        {"Wednesday, Nov. 13, 2024", "2024-11-13"},
        {"Published Dec 1 2023", "2023-12-01"},
        {"Mayor 3, 2024", NULL},
        {"Jupiter 3 2024", NULL},
        {"Augusts 3, 2024", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[300];
        snprintf(text, sizeof text,
                 "Storm hits coast\n\n%s\n\nThe storm reached the coast late in the evening, "
                 "officials of the county said on the radio.\n",
                 cases[i].line);
        xc_doc *d = load("a.txt", text, strlen(text));
        const char *date = xc_doc_meta(d, "date");
        if (cases[i].want)
            assert_string_equal(date, cases[i].want);
        else
            assert_null(date);
        xc_doc_free(d);
    }
}

/* Raw spans of fold ranges through the three maps, in a map's first run
 * (looked up without a search) and past it: plain text, CRLF line ends, a
 * byte order mark, curly quotes. */
static void check_span(const char *text, size_t fs, size_t fe, size_t rs, size_t re)
{
    xc_doc *d = load("a.txt", text, strlen(text));
    xc_span sp = xc_doc_span(d, fs, fe);
    assert_int_equal(sp.start, rs);
    assert_int_equal(sp.end, re);
    xc_doc_free(d);
}

static void test_spans_through_maps(void **state)
{
    (void)state;
    check_span("Hello world.", 6, 11, 6, 11);
    check_span("ab\r\ncd\r\n", 0, 2, 0, 2);
    check_span("ab\r\ncd\r\n", 3, 5, 4, 6);
    check_span("ab\r\ncd\r\n", 0, 3, 0, 4); /* ends after the CRLF */
    check_span("\xef\xbb\xbf"
               "ab cd",
               3, 5, 6, 8);
    check_span("\xef\xbb\xbf"
               "ab cd",
               0, 2, 3, 5);
    const char *q = "a \xe2\x80\x9cq\xe2\x80\x9d b";
    check_span(q, 0, 1, 0, 1);
    check_span(q, 3, 4, 5, 6);
    check_span(q, 2, 5, 2, 9);
    check_span(q, 6, 7, 10, 11);
}

/* Columns count code points on a line longer than the direct count, with
 * letters past ASCII in some 1 KiB blocks and not in others, and on a
 * document whose lines are all short. */
static void test_columns_on_long_lines(void **state)
{
    (void)state;
    size_t n = 3000;
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    memset(buf, 'e', n);
    buf[0] = 'X';
    buf[n - 1] = '\n';
    memcpy(buf + 100, "\xc3\xa9", 2);  /* block 0: one code point of two bytes */
    memcpy(buf + 2500, "\xc3\xa9", 2); /* block 2 */
    xc_doc *d = load("a.txt", buf, n);
    unsigned line, col;
    xc_doc_position(d, 50, &line, &col);
    assert_int_equal(line, 1);
    assert_int_equal(col, 51);
    xc_doc_position(d, 2000, &line, &col); /* after one two-byte letter */
    assert_int_equal(col, 2000);
    xc_doc_position(d, 2600, &line, &col); /* after both */
    assert_int_equal(col, 2599);
    xc_doc_free(d);

    /* short lines: the same columns without the block index */
    const char *t = "ab\xc3\xa9 cd\nxy\xc3\xa9\xc3\xa9z\n";
    d = load("a.txt", t, strlen(t));
    xc_doc_position(d, 5, &line, &col); /* 'c' */
    assert_int_equal(line, 1);
    assert_int_equal(col, 5);
    xc_doc_position(d, 14, &line, &col); /* 'z' */
    assert_int_equal(line, 2);
    assert_int_equal(col, 5);
    xc_doc_free(d);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nul_at_every_offset),
        cmocka_unit_test(test_control_bytes_counted_exactly),
        cmocka_unit_test(test_invalid_byte_at_every_offset),
        cmocka_unit_test(test_non_ascii_at_every_offset),
        cmocka_unit_test(test_sentence_marks_across_paragraphs),
        cmocka_unit_test(test_builtin_abbreviations),
        cmocka_unit_test(test_paragraphs_per_line_or_blank),
        cmocka_unit_test(test_header_dates),
        cmocka_unit_test(test_spans_through_maps),
        cmocka_unit_test(test_columns_on_long_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
