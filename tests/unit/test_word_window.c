/* A long text's word index, a window at a time (xc_word_window): the
 * windows' cores follow each other over the whole text at paragraphs, each
 * window lists exactly the words the whole index lists in its paragraphs,
 * and extraction through windows finds what it finds through the whole
 * index, byte for byte, in every extractor. The documents here are set to
 * windows of a few dozen bytes (xc_doc's word_window), so that their
 * paragraphs fall into many windows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "extract_fixture.h"

#include <dirent.h>

/* ------------------------------------------------------------- helpers */

/* The document's JSON Lines record (every extractor's array). */
static char *record(const xc_doc *d)
{
    xc_buf b = {0};
    xc_jw w;
    assert_int_equal(xc_jw_init(&w, &b, JSON_COMPACT, 0), XC_OK);
    xc_doc_record_write(&w, d);
    assert_int_equal(xc_jw_done(&w), XC_OK);
    return b.s; /* NUL-terminated, malloc'd */
}

/* Appends the file at path to b, then a blank line. */
static void append_file(xc_buf *b, const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) assert_int_equal(xc_buf_add(b, chunk, n), 0);
    fclose(f);
    assert_int_equal(xc_buf_add(b, "\n\n", 2), 0);
}

/* The plain-text and markdown articles of the sample corpus, one after
 * another (in name order): real news, with quotes, people, dates and
 * figures in most paragraphs. */
static char *sample_articles(size_t *len)
{
    static const char *const stories[] = {"hurricane-marisol", "kessler-sentencing",
                                          "pyongyang-marathon", "riverton-budget"};
    xc_buf b = {0};
    for (size_t s = 0; s < sizeof stories / sizeof *stories; s++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/corpus/%s", XC_SOURCE_DIR, stories[s]);
        struct dirent **names;
        int n = scandir(dir, &names, NULL, alphasort);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            const char *nm = names[i]->d_name;
            size_t l = strlen(nm);
            if ((l > 4 && !strcmp(nm + l - 4, ".txt")) || (l > 3 && !strcmp(nm + l - 3, ".md"))) {
                char path[1024];
                snprintf(path, sizeof path, "%s/%s", dir, nm);
                append_file(&b, path);
            }
            free(names[i]);
        }
        free(names);
    }
    assert_true(b.len > 4000);
    *len = b.len;
    return b.s;
}

/* The record of text extracted with windows of `window` bytes (0: the
 * default, which keeps a short text whole). */
static char *extract_record(const char *text, size_t len, size_t window)
{
    xc_doc *d = load_ok("t.txt", text, len);
    d->word_window = window;
    assert_int_equal(xc_extract(d, rules, worker), XC_OK);
    char *r = record(d);
    xc_doc_free(d);
    return r;
}

/* Compares two records, naming the first byte that differs. */
static void check_same(const char *whole, const char *windowed, size_t window)
{
    size_t i = 0;
    while (whole[i] && whole[i] == windowed[i]) i++;
    if (whole[i] || windowed[i])
        fail_msg("windows of %zu bytes: records differ at byte %zu:\n  whole:    %.120s\n  "
                 "windowed: %.120s",
                 window, i, whole + (i > 40 ? i - 40 : 0), windowed + (i > 40 ? i - 40 : 0));
}

/* The record of text through windows of each of the sizes in windows[] is
 * the record through the whole index, byte for byte; returns the latter. */
static char *check_windows(const char *text, size_t len, const size_t *windows, size_t n)
{
    char *whole = extract_record(text, len, 0);
    for (size_t i = 0; i < n; i++) {
        char *w = extract_record(text, len, windows[i]);
        check_same(whole, w, windows[i]);
        free(w);
    }
    return whole;
}

/* ------------------------------------------------------------- windows */

/* A text of up to four windows has one, the document's own index. */
static void test_short_text_one_window(void **state)
{
    (void)state;
    const char *t = "Ann Lee ran.\n\nBob Ray ran 42 km.\n\nIt rained.\n";
    xc_doc *d = load_ok("t.txt", t, strlen(t));
    d->word_window = 64; /* the fold text is 46 bytes: under four windows */
    assert_true(xc_word_window_whole(d));
    xc_word_window ww = {0};
    bool more;
    assert_int_equal(xc_word_window_next(d, &ww, &more), XC_OK);
    assert_true(more);
    const xc_tokens *own;
    assert_int_equal(xc_doc_tokens(d, &own), XC_OK);
    assert_ptr_equal(ww.words, own);
    assert_int_equal(ww.from, 0);
    assert_int_equal(ww.to, SIZE_MAX);
    assert_int_equal(ww.lo, 0);
    assert_int_equal(ww.hi, d->fold_len);
    assert_int_equal(ww.words->n, 10); /* Ann Lee ran Bob Ray ran 42 km It rained */
    assert_int_equal(xc_word_window_next(d, &ww, &more), XC_OK);
    assert_false(more);
    xc_word_window_free(&ww);
    xc_doc_free(d);
}

/* Twenty paragraphs of 25 bytes in windows of 60 bytes: the cores are
 * three paragraphs each (the third takes a core past 60 bytes), and each
 * window lists one paragraph more on either side (margins of 60 / 16 = 3
 * bytes, so one paragraph each). */
static void test_windows_cover_the_text(void **state)
{
    (void)state;
    xc_buf b = {0};
    for (int i = 0; i < 20; i++) {
        char p[64];
        snprintf(p, sizeof p, "Paragraph %02d has words.\n\n", i); /* 24 bytes of text */
        assert_int_equal(xc_buf_add(&b, p, strlen(p)), 0);
    }
    xc_doc *d = load_ok("t.txt", b.s, b.len);
    d->word_window = 60;
    assert_int_equal(d->paras.n, 20);
    assert_false(xc_word_window_whole(d));
    xc_tokens whole = {0};
    assert_int_equal(xc_tokens_scan(d->fold, d->fold_len, &whole), XC_OK);
    assert_int_equal(whole.n, 80); /* four words a paragraph */

    xc_word_window ww = {0};
    bool more;
    size_t windows = 0, prev_to = 0, core_words = 0;
    while (xc_word_window_next(d, &ww, &more) == XC_OK && more) {
        size_t first_para = windows * 3;
        /* the cores follow each other, from the start of the text */
        assert_int_equal(ww.from, windows ? d->paras.v[first_para].start : 0);
        assert_int_equal(ww.from, prev_to);
        bool last = first_para + 3 >= 20;
        assert_int_equal(ww.to, last ? SIZE_MAX : d->paras.v[first_para + 3].start);
        /* a paragraph either side */
        assert_int_equal(ww.lo, windows ? d->paras.v[first_para - 1].start : 0);
        assert_int_equal(ww.hi, last ? d->fold_len : d->paras.v[first_para + 3].end);
        /* the words: those of the whole index in [lo, hi), the same */
        size_t k = 0;
        while (k < whole.n && whole.v[k].start < ww.lo) k++;
        for (size_t j = 0; j < ww.words->n; j++, k++) {
            assert_true(k < whole.n);
            assert_memory_equal(&ww.words->v[j], &whole.v[k], sizeof(xc_token));
            if (whole.v[k].start >= ww.from && whole.v[k].start < ww.to) core_words++;
        }
        assert_true(k == whole.n || whole.v[k].start >= ww.hi);
        prev_to = ww.to;
        windows++;
    }
    assert_false(more);
    assert_int_equal(windows, 7);     /* 3 + 3 + 3 + 3 + 3 + 3 + 2 paragraphs */
    assert_int_equal(core_words, 80); /* every word in one core */
    /* and the next call says there is no more */
    assert_int_equal(xc_word_window_next(d, &ww, &more), XC_OK);
    assert_false(more);
    xc_word_window_free(&ww);
    xc_vec_free(&whole);
    xc_buf_free(&b);
    xc_doc_free(d);
}

/* A paragraph longer than a window is a core by itself; short ones are
 * taken together until a core holds a window's worth. */
static void test_long_paragraph_is_one_core(void **state)
{
    (void)state;
    const char *t = "This paragraph is much longer than the window of the word index is.\n\n"
                    "Short one.\n\nShort two.\n\nShort three.\n\nShort four.\n";
    xc_doc *d = load_ok("t.txt", t, strlen(t));
    d->word_window = 16;
    assert_int_equal(d->paras.n, 5);
    xc_word_window ww = {0};
    bool more;
    size_t to[8], n = 0;
    while (xc_word_window_next(d, &ww, &more) == XC_OK && more && n < 8) to[n++] = ww.to;
    xc_word_window_free(&ww);
    /* the long one; "Short one." and "Short two." (10 + 2 + 10 bytes, from
     * the start of the one to the end of the other); the last two */
    assert_int_equal(n, 3);
    assert_int_equal(to[0], d->paras.v[1].start);
    assert_int_equal(to[1], d->paras.v[3].start);
    assert_int_equal(to[2], SIZE_MAX);
    xc_doc_free(d);
}

/* ---------------------------------------------------------- extraction */

/* The sample articles in one text: the record through windows of 48, 200
 * and 1,000 bytes is the record through the whole index, byte for byte. */
static void test_windows_extract_the_same(void **state)
{
    (void)state;
    size_t len;
    char *text = sample_articles(&len);
    static const size_t windows[] = {48, 200, 1000};
    char *whole = check_windows(text, len, windows, sizeof windows / sizeof *windows);
    /* what the record holds, so that the comparison compared something */
    assert_non_null(strstr(whole, "\"quotes\":[{"));
    assert_non_null(strstr(whole, "\"figures\":[{"));
    assert_non_null(strstr(whole, "\"dates\":[{"));
    assert_non_null(strstr(whole, "\"people\":[{"));
    free(whole);
    free(text);
}

/* The same with a paragraph per line (no blank lines): the windows' margins
 * are single lines. */
static void test_windows_extract_the_same_by_lines(void **state)
{
    (void)state;
    size_t len;
    char *text = sample_articles(&len);
    /* every blank line out: a text with no blank line has a paragraph per line */
    size_t o = 0;
    for (size_t i = 0; i < len; i++)
        if (!(text[i] == '\n' && o > 0 && text[o - 1] == '\n')) text[o++] = text[i];
    text[o] = '\0';
    static const size_t windows[] = {48, 300};
    free(check_windows(text, o, windows, sizeof windows / sizeof *windows));
    free(text);
}

/* Things that reach across windows: a person named in full in the first
 * paragraph and by surname alone, as a quote's speaker, forty paragraphs
 * on, and one figure and one date in each paragraph between, read through
 * windows of 64 bytes. */
static void test_across_windows(void **state)
{
    (void)state;
    xc_buf b = {0};
    const char *head = "Race director Maria Alvarez said the course was ready.\n\n";
    assert_int_equal(xc_buf_add(&b, head, strlen(head)), 0);
    for (int i = 0; i < 40; i++) {
        char p[128];
        snprintf(p, sizeof p, "On March %d, 2014, about %d runners trained.\n\n", i % 28 + 1,
                 100 + i);
        assert_int_equal(xc_buf_add(&b, p, strlen(p)), 0);
    }
    const char *tail = "\"We are ready for the start,\" Alvarez said.\n";
    assert_int_equal(xc_buf_add(&b, tail, strlen(tail)), 0);
    xc_doc *d = load_ok("t.txt", b.s, b.len);
    d->word_window = 64;
    assert_false(xc_word_window_whole(d));
    assert_int_equal(xc_extract(d, rules, worker), XC_OK);
    assert_int_equal(d->dates.n, 40);
    assert_string_equal(d->dates.v[0].value, "2014-03-01");
    assert_string_equal(d->dates.v[39].value, "2014-03-12"); /* 39 % 28 + 1 */
    assert_int_equal(d->figures.n, 40);
    assert_string_equal(d->figures.v[39].number_text, "139");
    assert_string_equal(d->figures.v[39].noun, "runner");
    assert_int_equal(d->quotes.n, 1);
    assert_string_equal(d->quotes.v[0].text, "We are ready for the start,");
    assert_string_equal(d->quotes.v[0].speaker, "Maria Alvarez");
    assert_string_equal(d->quotes.v[0].cue, "said");
    assert_int_equal(d->people.n, 1);
    assert_int_equal(d->people.v[0].mentions, 2);
    char *windowed = record(d);
    char *whole = extract_record(b.s, b.len, 0);
    check_same(whole, windowed, 64);
    free(whole);
    free(windowed);
    xc_buf_free(&b);
    xc_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_text_one_window),
        cmocka_unit_test(test_windows_cover_the_text),
        cmocka_unit_test(test_long_paragraph_is_one_core),
        cmocka_unit_test(test_windows_extract_the_same),
        cmocka_unit_test(test_windows_extract_the_same_by_lines),
        cmocka_unit_test(test_across_windows),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
