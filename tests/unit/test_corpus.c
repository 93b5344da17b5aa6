/* The corpus stage: walking inputs, reading, decoding, metadata, markup. */
/* mincore (page_cache.h) is a BSD extension of POSIX */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"
#include "page_cache.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

/* ---------------------------------------------------------------- helpers */

static xc_doc *load(const char *name, const char *bytes, size_t len)
{
    xc_doc *d = xc_doc_load_mem(name, bytes, len, NULL);
    assert_non_null(d);
    return d;
}

#define LOAD(name, lit) load(name, lit, sizeof(lit) - 1)

/* The only diagnostic of a code, checked to exist. */
static const xc_diag *diag_of(const xc_doc *d, const char *code)
{
    for (size_t i = 0; i < xc_diags_count(d->diags); i++)
        if (!strcmp(xc_diags_get(d->diags, i)->code, code)) return xc_diags_get(d->diags, i);
    fail_msg("no diagnostic '%s'", code);
    return NULL;
}

static size_t count_code(const xc_doc *d, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < xc_diags_count(d->diags); i++)
        n += !strcmp(xc_diags_get(d->diags, i)->code, code);
    return n;
}

/* Raw span of the first occurrence of word in the fold text. */
static xc_span span_of(const xc_doc *d, const char *word)
{
    const char *p = strstr(d->fold, word);
    assert_non_null(p);
    size_t fs = (size_t)(p - d->fold);
    return xc_doc_span(d, fs, fs + strlen(word));
}

static void write_file(const char *path, const char *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (len) assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

/* ------------------------------------------------------------------ walk */

typedef struct {
    char path[64][512];
    char dir[64][512];
    char reason[64][128];
    bool from_folder[64];
    size_t n;
    size_t stop_after; /* return 1 after this many entries (0: never) */
} seen;

static int record(void *ctx, const xc_walk_entry *e)
{
    seen *s = ctx;
    assert_true(s->n < 64);
    snprintf(s->path[s->n], 512, "%s", e->path);
    snprintf(s->dir[s->n], 512, "%s", e->dir);
    snprintf(s->reason[s->n], 128, "%s", e->skip_reason ? e->skip_reason : "");
    s->from_folder[s->n] = e->from_folder;
    s->n++;
    return s->stop_after && s->n >= s->stop_after ? 1 : 0;
}

static char tmp[256];

static int make_tree(void **state)
{
    snprintf(tmp, sizeof tmp, "/tmp/xc-test-corpus-XXXXXX");
    assert_non_null(mkdtemp(tmp));
    char p[512];
#define P(rel) (snprintf(p, sizeof p, "%s/%s", tmp, rel), p)
    mkdir(P("story"), 0755);
    mkdir(P("story/sub"), 0755);
    mkdir(P("story/.git"), 0755);
    write_file(P("story/b.txt"), "b", 1);
    write_file(P("story/a.md"), "a", 1);
    write_file(P("story/C.html"), "c", 1);
    write_file(P("story/notes.PDF"), "%PDF", 4);
    write_file(P("story/noext"), "x", 1);
    write_file(P("story/.hidden.txt"), "h", 1);
    write_file(P("story/.git/config.txt"), "g", 1);
    write_file(P("story/sub/z.HTM"), "z", 1);
    assert_int_equal(symlink("does-not-exist.txt", P("story/broken")), 0);
    assert_int_equal(symlink("..", P("story/sub/loop")), 0);
    assert_int_equal(symlink("self", P("story/sub/self")), 0);
#undef P
    *state = tmp;
    return 0;
}

static int remove_tree(void **state)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_walk_folder(void **state)
{
    char story[300], missing[300], file[300], sub[300];
    snprintf(story, sizeof story, "%s/story", tmp);
    snprintf(missing, sizeof missing, "%s/missing.txt", tmp);
    snprintf(file, sizeof file, "%s/story/a.md", tmp);
    snprintf(sub, sizeof sub, "%s/story/sub", tmp);
    const char *args[] = {story, missing, file};
    seen *s = calloc(1, sizeof *s);
    assert_int_equal(xc_walk(args, 3, record, s), XC_OK);

    /* Byte order: "C.html" < "a.md" < "b.txt" < "broken" < "noext" <
     * "notes.PDF" < "sub"; inside sub: "loop" < "self" < "z.HTM". Hidden
     * entries (".hidden.txt", ".git") are not met at all. */
    static const struct {
        const char *rel, *reason;
    } want[] = {
        {"story/C.html", ""},
        {"story/a.md", ""},
        {"story/b.txt", ""},
        {"story/broken", "broken symbolic link"},
        {"story/noext", "not a document (no extension)"},
        {"story/notes.PDF", "not a document (.PDF)"},
        {"story/sub/loop", "symbolic link loop"},
        {"story/sub/self", "symbolic link loop"},
        {"story/sub/z.HTM", ""},
    };
    assert_int_equal(s->n, 11);
    for (size_t i = 0; i < 9; i++) {
        char path[600];
        snprintf(path, sizeof path, "%s/%s", tmp, want[i].rel);
        assert_string_equal(s->path[i], path);
        assert_string_equal(s->reason[i], want[i].reason);
        assert_true(s->from_folder[i]);
        assert_string_equal(s->dir[i], i < 6 ? story : sub);
    }
    /* The missing argument: reported, and the walk goes on. */
    assert_string_equal(s->path[9], missing);
    assert_string_equal(s->reason[9], "cannot read: No such file or directory");
    assert_false(s->from_folder[9]);
    assert_string_equal(s->dir[9], tmp);
    /* A file argument. */
    assert_string_equal(s->path[10], file);
    assert_string_equal(s->reason[10], "");
    assert_false(s->from_folder[10]);
    assert_string_equal(s->dir[10], story);
    free(s);
}

static void test_walk_stops_and_relative_dir(void **state)
{
    seen *s = calloc(1, sizeof *s);
    s->stop_after = 2;
    char story[300];
    snprintf(story, sizeof story, "%s/story", tmp);
    const char *args[] = {story};
    assert_int_equal(xc_walk(args, 1, record, s), 1);
    assert_int_equal(s->n, 2);
    free(s);

    /* A trailing slash is not repeated in the paths found. Walked from
     * story/sub, sub/loop (-> story) is a folder not yet open: it is walked,
     * and the loop is caught one level down, at sub/loop/sub. */
    s = calloc(1, sizeof *s);
    char sub[300], want[320];
    snprintf(sub, sizeof sub, "%s/story/sub//", tmp);
    const char *slashed[] = {sub};
    assert_int_equal(xc_walk(slashed, 1, record, s), XC_OK);
    assert_int_equal(s->n, 9);
    snprintf(want, sizeof want, "%s/story/sub/loop/C.html", tmp);
    assert_string_equal(s->path[0], want);
    snprintf(want, sizeof want, "%s/story/sub/loop/sub", tmp);
    assert_string_equal(s->path[6], want);
    assert_string_equal(s->reason[6], "symbolic link loop");
    snprintf(want, sizeof want, "%s/story/sub/z.HTM", tmp);
    assert_string_equal(s->path[8], want);
    snprintf(want, sizeof want, "%s/story/sub", tmp);
    assert_string_equal(s->dir[8], want);
    free(s);

    /* A bare file name is held by ".". */
    s = calloc(1, sizeof *s);
    const char *rel[] = {"no-such-input.md"};
    assert_int_equal(xc_walk(rel, 1, record, s), XC_OK);
    assert_int_equal(s->n, 1);
    assert_string_equal(s->dir[0], ".");
    assert_string_equal(s->reason[0], "cannot read: No such file or directory");
    free(s);
}

/* The same walks with the threads that list folders ahead started at the
 * first folder: what the walk reports is the same. */
static void test_walk_with_folders_read_ahead(void **state)
{
    uint64_t keep = xc_walk_warm_after_ns;
    xc_walk_warm_after_ns = 0;
    test_walk_folder(state);
    test_walk_stops_and_relative_dir(state);
    /* many folders, some deep: every file once, in the walk's order */
    char p[512], want[512];
    snprintf(p, sizeof p, "%s/many", tmp);
    mkdir(p, 0755);
    for (int i = 0; i < 15; i++) {
        snprintf(p, sizeof p, "%s/many/f%02d", tmp, i);
        mkdir(p, 0755);
        snprintf(p, sizeof p, "%s/many/f%02d/d", tmp, i);
        mkdir(p, 0755);
        snprintf(p, sizeof p, "%s/many/f%02d/d/x.txt", tmp, i);
        write_file(p, "x", 1);
        snprintf(p, sizeof p, "%s/many/f%02d/y.txt", tmp, i);
        write_file(p, "y", 1);
    }
    snprintf(p, sizeof p, "%s/many", tmp);
    const char *args[] = {p, p};
    seen *s = calloc(1, sizeof *s);
    assert_int_equal(xc_walk(args, 2, record, s), XC_OK);
    assert_int_equal(s->n, 60);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 15; i++) {
            snprintf(want, sizeof want, "%s/many/f%02d/d/x.txt", tmp, i);
            assert_string_equal(s->path[30 * k + 2 * i], want);
            snprintf(want, sizeof want, "%s/many/f%02d/y.txt", tmp, i);
            assert_string_equal(s->path[30 * k + 2 * i + 1], want);
        }
    free(s);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s/many'", tmp);
    assert_int_equal(system(cmd), 0);
    xc_walk_warm_after_ns = keep;
}

static void test_walk_unreadable_folder(void **state)
{
    if (geteuid() == 0) skip(); /* root reads every folder */
    char locked[300];
    snprintf(locked, sizeof locked, "%s/locked", tmp);
    mkdir(locked, 0);
    seen *s = calloc(1, sizeof *s);
    const char *args[] = {locked};
    assert_int_equal(xc_walk(args, 1, record, s), XC_OK);
    assert_int_equal(s->n, 1);
    assert_string_equal(s->reason[0], "unreadable folder: Permission denied");
    free(s);
    rmdir(locked);
}

/* What the deep walk saw: each entry's path, reason and file id. */
typedef struct {
    char path[4][8192];
    char reason[4][128];
    bool has_id[4];
    unsigned long long dev[4], ino[4];
    size_t n;
} seen_ids;

static int record_ids(void *ctx, const xc_walk_entry *e)
{
    seen_ids *s = ctx;
    assert_true(s->n < 4);
    snprintf(s->path[s->n], sizeof s->path[0], "%s", e->path);
    snprintf(s->reason[s->n], sizeof s->reason[0], "%s", e->skip_reason ? e->skip_reason : "");
    s->has_id[s->n] = e->has_id;
    s->dev[s->n] = e->dev, s->ino[s->n] = e->ino;
    s->n++;
    return 0;
}

/* Folders nested 100 deep (deeper than the walk keeps descriptors open
 * for): the files at the top, in the middle and at the bottom are all
 * found, with their whole paths and the ids stat gives them. */
static void test_walk_deep_tree(void **state)
{
    static char path[4096], want[3][4200];
    snprintf(path, sizeof path, "%s/deep", tmp);
    assert_int_equal(mkdir(path, 0755), 0);
    size_t k = 0;
    for (int level = 0; level < 100; level++) {
        if (level == 0 || level == 50 || level == 99) {
            snprintf(want[k], sizeof want[k], "%s/f%d.txt", path, level);
            write_file(want[k++], "x", 1);
        }
        size_t n = strlen(path);
        snprintf(path + n, sizeof path - n, "/d%d", level);
        assert_int_equal(mkdir(path, 0755), 0);
    }
    seen_ids *s = calloc(1, sizeof *s);
    char top[300];
    snprintf(top, sizeof top, "%s/deep", tmp);
    const char *args[] = {top};
    assert_int_equal(xc_walk(args, 1, record_ids, s), XC_OK);
    /* In byte order "d0" < "f0.txt": the deeper files come first. */
    assert_int_equal(s->n, 3);
    const char *order[] = {want[2], want[1], want[0]};
    for (size_t i = 0; i < 3; i++) {
        assert_string_equal(s->path[i], order[i]);
        assert_string_equal(s->reason[i], "");
        struct stat st;
        assert_int_equal(stat(order[i], &st), 0);
        assert_true(s->has_id[i]);
        assert_true(s->dev[i] == (unsigned long long)st.st_dev);
        assert_true(s->ino[i] == (unsigned long long)st.st_ino);
    }
    free(s);
}

/* ------------------------------------------------------------------ read */

static void test_read_skips(void **state)
{
    char path[300];
    snprintf(path, sizeof path, "%s/empty.txt", tmp);
    write_file(path, "", 0);
    xc_doc *d = xc_doc_load_file(path, NULL);
    assert_int_equal(d->status, XC_DOC_SKIPPED);
    assert_string_equal(xc_doc_reason(d), "empty file");
    xc_doc_free(d);

    snprintf(path, sizeof path, "%s/story", tmp);
    d = xc_doc_load_file(path, NULL);
    assert_string_equal(xc_doc_reason(d), "is a directory");
    xc_doc_free(d);

    snprintf(path, sizeof path, "%s/missing.txt", tmp);
    d = xc_doc_load_file(path, NULL);
    assert_string_equal(xc_doc_reason(d), "cannot read: No such file or directory");
    xc_doc_free(d);

    /* Size limits: 1 MiB + 1 byte over a 1 MiB limit; 20 bytes over 10. */
    snprintf(path, sizeof path, "%s/big.txt", tmp);
    size_t big = ((size_t)1 << 20) + 1;
    char *bytes = malloc(big);
    memset(bytes, 'a', big);
    write_file(path, bytes, big);
    free(bytes);
    xc_load_opts opts = {.max_bytes = (size_t)1 << 20};
    d = xc_doc_load_file(path, &opts);
    assert_string_equal(xc_doc_reason(d), "larger than 1 MiB");
    xc_doc_free(d);
    snprintf(path, sizeof path, "%s/small.txt", tmp);
    write_file(path, "twenty bytes of text", 20);
    opts.max_bytes = 10;
    d = xc_doc_load_file(path, &opts);
    assert_string_equal(xc_doc_reason(d), "larger than 10 bytes");
    xc_doc_free(d);
    d = xc_doc_load_file(path, NULL); /* the default limit is 256 MiB */
    assert_int_equal(d->status, XC_DOC_OK);
    assert_int_equal(d->raw_len, 20);
    assert_int_equal(d->format, XC_FORMAT_TEXT);
    xc_doc_free(d);

    /* A FIFO is refused without blocking. */
    snprintf(path, sizeof path, "%s/pipe.txt", tmp);
    assert_int_equal(mkfifo(path, 0600), 0);
    d = xc_doc_load_file(path, NULL);
    assert_string_equal(xc_doc_reason(d), "not a regular file");
    xc_doc_free(d);

    if (geteuid() != 0) {
        snprintf(path, sizeof path, "%s/secret.txt", tmp);
        write_file(path, "x", 1);
        chmod(path, 0);
        d = xc_doc_load_file(path, NULL);
        assert_string_equal(xc_doc_reason(d), "cannot read: Permission denied");
        xc_doc_free(d);
    }
}

static void test_format_from_extension(void **state)
{
    xc_doc *d = LOAD("x.MARKDOWN", "a");
    assert_int_equal(d->format, XC_FORMAT_MARKDOWN);
    xc_doc_free(d);
    d = LOAD("x.Htm", "a");
    assert_int_equal(d->format, XC_FORMAT_HTML);
    xc_doc_free(d);
    d = LOAD("x.txt", "a");
    assert_int_equal(d->format, XC_FORMAT_TEXT);
    xc_doc_free(d);
}

/* -------------------------------------------------------------- encoding */

static void test_valid_utf8_is_used_in_place(void **state)
{
    xc_doc *d = LOAD("a.txt", "caf\xc3\xa9 \xe5\xa5\xbd ok");
    assert_ptr_equal(d->utf8, d->raw);
    assert_int_equal(d->utf8_map.runs.n, 0);
    assert_int_equal(xc_diags_count(d->diags), 0);
    xc_doc_free(d);
}

/* The code points decoding copies as they are instead of passing them to
 * xc_text_append_nfc (corpus.c's nfc_as_is): NFC leaves them so, each after
 * a letter and all of them in a row. */
static void test_nfc_as_is(void **state)
{
    static const int32_t ranges[][2] = {
        {0x80, 0x2FF}, {0x2010, 0x205E}, {0x20A0, 0x20C0}, {0x2122, 0x2122}, {0xFFFD, 0xFFFD},
    };
    xc_buf in = {0};
    for (int pass = 0; pass < 2; pass++)
        for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
            for (int32_t cp = ranges[r][0]; cp <= ranges[r][1]; cp++) {
                char enc[3];
                size_t n = cp < 0x800 ? 2 : 3;
                if (n == 2) {
                    enc[0] = (char)(0xC0 | (cp >> 6));
                    enc[1] = (char)(0x80 | (cp & 0x3F));
                } else {
                    enc[0] = (char)(0xE0 | (cp >> 12));
                    enc[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
                    enc[2] = (char)(0x80 | (cp & 0x3F));
                }
                if (pass == 0) assert_int_equal(xc_buf_addc(&in, 'a'), 0);
                assert_int_equal(xc_buf_add(&in, enc, n), 0);
            }
    xc_buf out = {0};
    xc_omap map = {0};
    assert_int_equal(xc_text_append_nfc(&out, &map, in.s, 0, in.len), 0);
    assert_int_equal(out.len, in.len);
    assert_memory_equal(out.s, in.s, in.len);
    xc_buf_free(&out);
    xc_omap_free(&map);
    xc_buf_free(&in);

    /* Such a plain text is its own text, not a copy of it. */
    xc_doc *d = LOAD("a.txt", "Caf\xc3\xa9 \xe2\x80\x9cok\xe2\x80\x9d \xe2\x82\xac"
                              "5.");
    assert_ptr_equal(d->text, d->utf8);
    assert_false(d->text_ascii);
    assert_string_equal(d->text, "Caf\xc3\xa9 \xe2\x80\x9cok\xe2\x80\x9d \xe2\x82\xac"
                                 "5.");
    xc_doc_free(d);
    /* A combining mark is not vouched for: NFC composes it. */
    d = LOAD("a.txt", "Cafe\xcc\x81 ok.");
    assert_string_equal(d->text, "Caf\xc3\xa9 ok.");
    xc_doc_free(d);
}

static void test_bom(void **state)
{
    xc_doc *d = LOAD("a.txt", "\xef\xbb\xbfHello world.");
    assert_string_equal(d->text, "Hello world.");
    xc_span sp = span_of(d, "world");
    assert_int_equal(sp.start, 9);
    assert_int_equal(sp.end, 14);
    unsigned line, col;
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 1);
    assert_int_equal(col, 7);
    assert_int_equal(xc_diags_count(d->diags), 0);
    xc_doc_free(d);
}

static void test_latin1(void **state)
{
    xc_doc *d = LOAD("a.txt", "Caf\xe9 au lait\n\x93Oui,\x94 dit-il.");
    assert_string_equal(d->text, "Caf\xc3\xa9 au lait\n\xe2\x80\x9cOui,\xe2\x80\x9d dit-il.");
    assert_int_equal(xc_diags_count(d->diags), 1);
    const xc_diag *w = diag_of(d, "latin1");
    assert_int_equal(w->line, 1);
    assert_int_equal(w->column, 4);
    assert_int_equal(w->offset, 3);
    /* "au" is raw 5..7; "dit" on line 2: raw 20, column 7 ("Oui," quoted). */
    xc_span sp = span_of(d, "au");
    assert_int_equal(sp.start, 5);
    assert_int_equal(sp.end, 7);
    sp = span_of(d, "dit");
    assert_int_equal(sp.start, 20);
    unsigned line, col;
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 2);
    assert_int_equal(col, 8);
    /* The folded quote maps back to its one raw byte. */
    sp = span_of(d, "\"Oui");
    assert_int_equal(sp.start, 13);
    assert_int_equal(sp.end, 17);
    xc_doc_free(d);
}

static void test_latin1_with_a_utf8_lookalike(void **state)
{
    /* Three Latin-1 letters and one pair that happens to be valid UTF-8
     * ("\xc3\xa9"): read as Windows-1252, the pair kept as written. */
    xc_doc *d = LOAD("a.txt", "Zo\xeb, Ren\xe9"
                              "e, na\xef"
                              "ve, caf\xc3\xa9.");
    assert_string_equal(d->text, "Zo\xc3\xab, Ren\xc3\xa9"
                                 "e, na\xc3\xafve, caf\xc3\xa9.");
    assert_int_equal(count_code(d, "latin1"), 1);
    assert_int_equal(count_code(d, "invalid-utf8"), 0);
    xc_doc_free(d);
    /* 0x81 is undefined in Windows-1252: damage, not Latin-1. */
    d = LOAD("b.txt", "Zo\xeb \x81");
    assert_int_equal(count_code(d, "invalid-utf8"), 2);
    xc_doc_free(d);
}

static void test_invalid_bytes(void **state)
{
    /* Valid "é" then a stray 0xFF: UTF-8 with damage, not Latin-1. */
    xc_doc *d = LOAD("a.txt", "caf\xc3\xa9 \xff ok");
    assert_string_equal(d->text, "caf\xc3\xa9 \xef\xbf\xbd ok");
    assert_int_equal(xc_diags_count(d->diags), 1);
    const xc_diag *w = diag_of(d, "invalid-utf8");
    assert_string_equal(w->message,
                        "invalid UTF-8 byte 0xFF at byte offset 6 replaced with U+FFFD");
    assert_int_equal(w->line, 1);
    assert_int_equal(w->column, 6);
    assert_int_equal(w->offset, 6);
    xc_span sp = span_of(d, "ok");
    assert_int_equal(sp.start, 8);
    assert_int_equal(sp.end, 10);
    xc_doc_free(d);
}

static void test_invalid_bytes_capped(void **state)
{
    /* 16 good sequences, 30 stray bytes: UTF-8 with damage (not 2:1). */
    char buf[128];
    size_t n = 0;
    for (int i = 0; i < 16; i++) buf[n++] = '\xc3', buf[n++] = '\xa9';
    for (int i = 0; i < 30; i++) buf[n++] = '\xfe';
    xc_doc *d = load("a.txt", buf, n);
    assert_int_equal(count_code(d, "invalid-utf8"), 21); /* 20, then a summary */
    const xc_diag *last = xc_diags_get(d->diags, 20);
    assert_string_equal(last->message,
                        "10 more invalid UTF-8 bytes replaced with U+FFFD (30 in all)");
    assert_int_equal(d->text_len, 16 * 2 + 30 * 3);
    xc_doc_free(d);
}

static void test_nul_and_binary(void **state)
{
    /* A NUL after the first 8 KiB: replaced, with a warning. */
    size_t n = 9000 + 3;
    char *buf = malloc(n);
    memset(buf, 'a', n);
    buf[9000] = '\0';
    xc_doc *d = load("a.txt", buf, n);
    assert_int_equal(d->status, XC_DOC_OK);
    const xc_diag *w = diag_of(d, "nul-byte");
    assert_int_equal(w->offset, 9000);
    assert_int_equal(w->column, 9001);
    assert_memory_equal(d->text + 9000, "\xef\xbf\xbd", 3);
    xc_doc_free(d);
    /* A NUL early: binary. */
    buf[10] = '\0';
    d = load("a.txt", buf, n);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    free(buf);
    d = LOAD("a.txt", "\x01\x02\x03\x04 text \x05\x06\x07\x08");
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    d = LOAD("a.txt", "\xff\xfeH\0i\0");
    assert_string_equal(xc_doc_reason(d), "UTF-16 text (save it as UTF-8)");
    xc_doc_free(d);
    d = load("a.txt", "", 0);
    assert_string_equal(xc_doc_reason(d), "empty file");
    xc_doc_free(d);
}

static void test_crlf_and_cr(void **state)
{
    xc_doc *d = LOAD("a.txt", "one\r\ntwo\r\n\r\nthree");
    assert_string_equal(d->text, "one\ntwo\n\nthree");
    assert_int_equal(d->lines.n, 4);
    xc_span sp = span_of(d, "three");
    assert_int_equal(sp.start, 12);
    assert_int_equal(sp.end, 17);
    unsigned line, col;
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 4);
    assert_int_equal(col, 1);
    sp = span_of(d, "two");
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(sp.start, 5);
    assert_int_equal(line, 2);
    xc_doc_free(d);

    d = LOAD("a.txt", "a\rb\r\rc");
    assert_string_equal(d->text, "a\nb\n\nc");
    sp = span_of(d, "c");
    assert_int_equal(sp.start, 5);
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 4);
    assert_int_equal(col, 1);
    xc_doc_free(d);
}

/* -------------------------------------------------------------- metadata */

static void test_front_matter(void **state)
{
    xc_load_opts opts = {.fallback_date = "2000-01-01"};
    static const char src[] = "---\n"
                              "title: \"Pyongyang marathon\"\n"
                              "outlet: CTV News\n"
                              "date: 2014-04-13T08:30:00Z\n"
                              "url: https://example.org/race\n"
                              "author: Jen Loong\n"
                              "tags: [running, travel]\n"
                              "---\n"
                              "The race began.\n";
    xc_doc *d = xc_doc_load_mem("a.md", src, sizeof src - 1, &opts);
    assert_string_equal(xc_doc_meta(d, "title"), "Pyongyang marathon");
    assert_string_equal(xc_doc_meta(d, "source"), "CTV News");
    assert_string_equal(xc_doc_meta(d, "date"), "2014-04-13");
    assert_string_equal(xc_doc_meta(d, "url"), "https://example.org/race");
    assert_string_equal(xc_doc_meta(d, "author"), "Jen Loong");
    assert_string_equal(d->text, "The race began.\n");
    assert_int_equal(xc_diags_count(d->diags), 0);
    xc_span sp = span_of(d, "race");
    unsigned line, col;
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 9);
    assert_int_equal(col, 5);
    xc_doc_free(d);
}

static void test_front_matter_malformed(void **state)
{
    static const char src[] = "---\n"
                              "title: a: b\n"
                              "---\n"
                              "Body text.\n";
    xc_doc *d = load("a.md", src, sizeof src - 1);
    assert_int_equal(d->status, XC_DOC_OK);
    const xc_diag *w = diag_of(d, "front-matter");
    assert_int_equal(w->line, 2);
    assert_int_equal(w->column, 9);
    assert_non_null(strstr(w->message, "mapping values are not allowed"));
    assert_string_equal(d->text, "Body text.\n");
    assert_null(d->title); /* "a" is where the error is: not trusted */
    xc_doc_free(d);

    /* Values on the lines before an error are kept; the first author of a
     * list is the author. */
    static const char src2[] = "---\n"
                               "title: Good title\n"
                               "author: [Ann Lee, Bo Kim]\n"
                               "date: [2014-04-13\n"
                               "---\n"
                               "Body.\n";
    d = load("b.md", src2, sizeof src2 - 1);
    assert_string_equal(d->title, "Good title");
    assert_string_equal(d->author, "Ann Lee");
    assert_null(d->date);
    w = diag_of(d, "front-matter");
    assert_true(w->line >= 4);
    assert_string_equal(d->text, "Body.\n");
    xc_doc_free(d);
}

static void test_dates_and_fallback(void **state)
{
    static const struct {
        const char *in, *want;
    } cases[] = {
        {"April 13, 2014", "2014-04-13"},
        {"13 Apr 2014", "2014-04-13"},
        {"2014/4/13", "2014-04-13"},
        {"04/13/2014", "2014-04-13"},
        {"Sun, 13 Apr 2014 10:00:00 GMT", "2014-04-13"},
        {"Sept. 9, 2015", "2015-09-09"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char src[200];
        int n = snprintf(src, sizeof src, "---\ndate: %s\n---\nText.\n", cases[i].in);
        xc_doc *d = load("a.md", src, (size_t)n);
        assert_non_null(d->date);
        assert_string_equal(d->date, cases[i].want);
        xc_doc_free(d);
    }
    xc_load_opts opts = {.fallback_date = "2014-04-20"};
    static const char bad[] = "---\ndate: sometime soon\n---\nText.\n";
    xc_doc *d = xc_doc_load_mem("a.md", bad, sizeof bad - 1, &opts);
    assert_string_equal(d->date, "2014-04-20");
    const xc_diag *w = diag_of(d, "meta-date");
    assert_int_equal(w->line, 2);
    assert_int_equal(w->column, 7);
    xc_doc_free(d);
    d = xc_doc_load_mem("a.txt", "Text.", 5, &opts);
    assert_string_equal(d->date, "2014-04-20");
    xc_doc_free(d);
}

static void test_html_meta(void **state)
{
    static const char src[] =
        "<!DOCTYPE html><html><head>\n"
        "<title>Race &amp; runners\n  in Pyongyang</title>\n"
        "<meta property=\"article:published_time\" content=\"2014-04-13T10:00:00+09:00\">\n"
        "<meta property='og:site_name' content='Runner&#39;s World'>\n"
        "<meta name=author content=\"Jen Loong\">\n"
        "<link rel=\"canonical\" href=\"https://example.org/a?b=1&amp;c=2\">\n"
        "</head><body><p>Text.</p></body></html>\n";
    xc_doc *d = load("a.html", src, sizeof src - 1);
    assert_string_equal(xc_doc_meta(d, "title"), "Race & runners in Pyongyang");
    assert_string_equal(xc_doc_meta(d, "date"), "2014-04-13");
    assert_string_equal(xc_doc_meta(d, "source"), "Runner's World");
    assert_string_equal(xc_doc_meta(d, "author"), "Jen Loong");
    assert_string_equal(xc_doc_meta(d, "url"), "https://example.org/a?b=1&c=2");
    assert_string_equal(d->text, "Text.\n\n");
    xc_doc_free(d);

    d = LOAD("b.html", "<meta name=\"date\" content=\"2014-04-12\"><p>x</p>");
    assert_string_equal(xc_doc_meta(d, "date"), "2014-04-12");
    xc_doc_free(d);

    /* JSON-LD: "@graph", author objects, publisher; <meta> already set wins. */
    static const char ld[] =
        "<head><meta property=og:site_name content=\"Trail &amp; Tempo\">"
        "<script type=\"application/ld+json\">{\"@context\": \"https://schema.org\", \"@graph\": ["
        "{\"@type\": \"WebSite\", \"name\": \"x\"},"
        "{\"@type\": \"NewsArticle\", \"headline\": \"Meet the Canadian\","
        " \"datePublished\": \"2014-04-16T09:00:00Z\", \"author\": [{\"name\": \"Marcus Feld\"}],"
        " \"publisher\": {\"name\": \"Other\"}}]}</script>"
        "<script type=\"application/ld+json\">{not json</script></head><p>Text.</p>";
    d = LOAD("c.html", ld);
    assert_string_equal(xc_doc_meta(d, "title"), "Meet the Canadian");
    assert_string_equal(xc_doc_meta(d, "date"), "2014-04-16");
    assert_string_equal(xc_doc_meta(d, "author"), "Marcus Feld");
    assert_string_equal(xc_doc_meta(d, "source"), "Trail & Tempo");
    assert_int_equal(count_code(d, "markup"), 1);
    assert_string_equal(d->text, "Text.\n\n");
    xc_doc_free(d);
}

static void test_wire_header_block(void **state)
{
    static const char src[] =
        "Hurricane Marisol kills 14 on Florida's Gulf Coast\n"
        "\n"
        "By TERESA OYELARAN and DAVID MCKINNON\n"
        "Associated Wire\n"
        "Wednesday, Nov. 13, 2024\n"
        "\n"
        "PORT CALLOWAY, Fla. (AW) - Hurricane Marisol tore into Florida's Big Bend "
        "coast on Tuesday as a Category 3 storm.\n"
        "Staff Writer\n";
    xc_doc *d = LOAD("wire.txt", src);
    assert_string_equal(d->title, "Hurricane Marisol kills 14 on Florida's Gulf Coast");
    assert_string_equal(d->author, "TERESA OYELARAN and DAVID MCKINNON");
    assert_string_equal(d->source, "Associated Wire");
    assert_string_equal(d->date, "2024-11-13");
    xc_doc_free(d);

    d = LOAD("b.txt", "Budget passes\n\nWRVT Public Radio | Local News\nJune 18, 2025 at 7:10 a.m. "
                      "CDT\nCoastline News staff\n");
    assert_string_equal(d->source, "WRVT Public Radio");
    assert_string_equal(d->date, "2025-06-18");
    xc_doc_free(d);
    d = LOAD("c.txt",
             "Published Tuesday, April 15, 2014 6:42PM PDT\nCoastline News staff\n\nText.");
    assert_null(d->title);
    assert_string_equal(d->source, "Coastline News");
    assert_string_equal(d->date, "2014-04-15");
    xc_doc_free(d);

    /* A first line that is a sentence is no title; front matter wins. */
    d = LOAD("d.txt", "Tara Reid checked into rehab, her rep told People.\nMore text.\n");
    assert_null(d->title);
    assert_null(d->source);
    xc_doc_free(d);
    d = LOAD("e.md", "---\ndate: 2014-04-16\n---\nHeadline here\n\nApril 1, 2014\n");
    assert_string_equal(d->date, "2014-04-16");
    assert_null(d->title);
    xc_doc_free(d);
}

static void test_html_source_from_title(void **state)
{
    static const struct {
        const char *html, *source;
    } cases[] = {
        {"<title>Council passes budget | The Riverton Ledger</title>", "The Riverton Ledger"},
        {"<title>Snowbirds shaken &ndash; The Northern Gazette</title>", "The Northern Gazette"},
        {"<title>Marisol \xe2\x80\x94 what we know now</title>", NULL},
        {"<title>A | B | Daily Current Canada</title>", "Daily Current Canada"},
        {"<title>Plain title</title>", NULL},
        {"<title>X | Y</title><meta property=og:site_name content=Z>", "Z"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        xc_doc *d = load("a.html", cases[i].html, strlen(cases[i].html));
        if (cases[i].source)
            assert_string_equal(d->source, cases[i].source);
        else
            assert_null(d->source);
        xc_doc_free(d);
    }
}

/* ---------------------------------------------------------------- markup */

static void test_html_strip_offsets(void **state)
{
    static const char src[] =
        "<p>He said &ldquo;hi&rdquo; to <a href=\"x\">Kim</a>.</p><!-- note -->"
        "<script>var s = \"<p>no</p>\";</script><style>p{}</style>"
        "<div>Caf&eacute; &#x597D; &#151; end</div>";
    xc_doc *d = LOAD("a.html", src);
    assert_string_equal(d->text, "He said \xe2\x80\x9chi\xe2\x80\x9d to Kim.\n\n"
                                 "Caf\xc3\xa9 \xe5\xa5\xbd \xe2\x80\x94 end\n\n");
    assert_string_equal(d->fold, "He said \"hi\" to Kim.\n\nCaf\xc3\xa9 \xe5\xa5\xbd - end\n\n");
    /* <p>=0..3, "He said " 3..11, &ldquo; 11..18, "hi" 18..20, &rdquo;
     * 20..27, " to " 27..31, <a href="x"> 31..43, "Kim" 43..46. */
    xc_span sp = span_of(d, "Kim");
    assert_int_equal(sp.start, 43);
    assert_int_equal(sp.end, 46);
    sp = span_of(d, "\"hi\"");
    assert_int_equal(sp.start, 11);
    assert_int_equal(sp.end, 27);
    sp = span_of(d, "said");
    assert_int_equal(sp.start, 6);
    /* The second paragraph: <div> starts at 123; "Caf" 128, &eacute; 131..139,
     * &#x597D; 140..148, &#151; 149..155, "end" 156. */
    sp = span_of(d, "Caf\xc3\xa9");
    assert_int_equal(sp.start, 128);
    assert_int_equal(sp.end, 139);
    sp = span_of(d, "\xe5\xa5\xbd");
    assert_int_equal(sp.start, 140);
    assert_int_equal(sp.end, 148);
    sp = span_of(d, "end");
    assert_int_equal(sp.start, 156);
    assert_int_equal(sp.end, 159);
    unsigned line, col;
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 1);
    assert_int_equal(col, 157);
    assert_int_equal(d->paras.n, 2);
    xc_doc_free(d);
}

static void test_html_blocks_and_headings(void **state)
{
    static const char src[] =
        "<html><head><title>T</title></head><body>\n"
        "<nav><ul><li><a href=/>Home</a></li></ul></nav><button>Share</button>\n"
        "<h1>Pyongyang\n  marathon</h1>\n"
        "<figure><img src=x><figcaption>800 #runners</figcaption></figure>\n"
        "<p>One<br>two</p><ul><li>three</li><li>four</li></ul>\n"
        "<table><tr><td>a</td><td>b</td></tr></table>\n"
        "<noscript>enable js</noscript></body></html>";
    xc_doc *d = LOAD("a.html", src);
    assert_string_equal(d->text,
                        "Pyongyang marathon\n\n800 #runners\n\nOne\n\ntwo\n\nthree\n\nfour\n\n"
                        "a b\n\n");
    assert_int_equal(d->headings.n, 2);
    assert_int_equal(d->headings.v[0].start, 0);
    assert_int_equal(d->headings.v[0].end, 18);
    assert_int_equal(d->headings.v[1].start, 20);
    assert_int_equal(d->headings.v[1].end, 32);
    assert_int_equal(d->paras.n, 7);
    xc_doc_free(d);
}

static void test_stray_tags_in_text(void **state)
{
    xc_doc *d = LOAD("a.txt", "Kim <em>said</em> <a href=\"u\">this</a>. 3 < 4 and a<b, x<y>z.");
    assert_string_equal(d->text, "Kim said this. 3 < 4 and a<b, x<y>z.");
    xc_span sp = span_of(d, "this");
    assert_int_equal(sp.start, 30);
    assert_int_equal(sp.end, 34);
    xc_doc_free(d);
}

static void test_markdown(void **state)
{
    xc_doc *d =
        LOAD("a.md", "Some *emphasis*, **strong** and __more__ with a [link](http://x.org/a) "
                     "and ![a photo](p.jpg), snake_case, 5 * 3 and [North Korea].\n");
    assert_string_equal(d->text, "Some emphasis, strong and more with a link and a photo, "
                                 "snake_case, 5 * 3 and [North Korea].\n");
    xc_span sp = span_of(d, "link");
    assert_int_equal(sp.start, 49);
    assert_int_equal(sp.end, 53);
    xc_doc_free(d);

    /* A comment that swallows a link's "](" does not disable later links. */
    d = LOAD("c.md", "[a <!-- x](y) --> then [b](v).");
    assert_string_equal(d->text, "a  then b.");
    xc_doc_free(d);

    d = LOAD("b.md", "# The race\n\nIntro text.\n\n## Results\n- first item\n- second item\n");
    assert_int_equal(d->headings.n, 2);
    assert_memory_equal(d->fold + d->headings.v[0].start, "The race", 8);
    assert_int_equal(d->headings.v[0].end - d->headings.v[0].start, 8);
    assert_memory_equal(d->fold + d->headings.v[1].start, "Results", 7);
    sp = xc_doc_span(d, d->headings.v[1].start, d->headings.v[1].end);
    assert_int_equal(sp.start, 28);
    assert_int_equal(sp.end, 35);
    assert_null(strstr(d->text, "#"));
    assert_null(strstr(d->text, "- "));
    assert_int_equal(d->paras.n, 5);
    xc_doc_free(d);
}

static void test_plain_text_headline(void **state)
{
    xc_doc *d = LOAD("a.txt", "Runners flock to Pyongyang\n\nThe race began. It ended.\n");
    assert_int_equal(d->headings.n, 1);
    assert_int_equal(d->headings.v[0].start, 0);
    assert_int_equal(d->headings.v[0].end, 26);
    xc_doc_free(d);
    d = LOAD("b.txt", "Line one.\nLine two.\n");
    assert_int_equal(d->headings.n, 0);
    xc_doc_free(d);
    /* A first paragraph that ends with a period is a lede, not a headline... */
    d = LOAD("c.txt", "Loong, 25, ran.\n\nHe won.\n");
    assert_int_equal(d->headings.n, 0);
    xc_doc_free(d);
    /* ...unless the front matter names it the title. */
    d = LOAD("d.md",
             "---\ntitle: \"The Ninth Circle, #2.\"\n---\nThe Ninth Circle, #2.\n\nText.\n");
    assert_int_equal(d->headings.n, 1);
    assert_int_equal(d->headings.v[0].end - d->headings.v[0].start, 21);
    xc_doc_free(d);
}

static void test_suppression_comments(void **state)
{
    static const char src[] =
        "Line one.\n"                                                            /* 1 */
        "<!-- crosscheck-disable-next-line figure-conflict, quote-altered -->\n" /* 2 */
        "\n"                                                                     /* 3 */
        "The 800 runners.\n"                                                     /* 4 */
        "<!-- crosscheck-disable-next-line -->\n"                                /* 5 */
        "Loong, 25.\n"                                                           /* 6 */
        "<!-- crosscheck-disable -->\n"                                          /* 7 */
        "Secret 1,000.\n"                                                        /* 8 */
        "<!-- crosscheck-enable -->\n"                                           /* 9 */
        "End.\n"                                                                 /* 10 */
        "<!-- crosscheck-disable -->\n"                                          /* 11 */
        "Tail.\n";
    xc_doc *d = LOAD("draft.md", src);
    assert_int_equal(d->n_suppress, 3);
    assert_int_equal(d->suppress[0].line, 4);
    assert_string_equal(d->suppress[0].kind, "figure-conflict");
    assert_int_equal(d->suppress[1].line, 4);
    assert_string_equal(d->suppress[1].kind, "quote-altered");
    assert_int_equal(d->suppress[2].line, 6);
    assert_null(d->suppress[2].kind);
    /* Line 7 starts at 10+69+1+17+38+11 = 146; the enable comment ends at
     * 146+28+14+26 = 214. The second disable (line 11, at 214+1+5 = 220)
     * runs to the end of the file. */
    assert_int_equal(d->disabled.n, 2);
    assert_int_equal(d->disabled.v[0].start, 146);
    assert_int_equal(d->disabled.v[0].end, 214);
    assert_int_equal(d->disabled.v[1].start, 220);
    assert_int_equal(d->disabled.v[1].end, sizeof src - 1);
    assert_null(strstr(d->text, "crosscheck"));
    xc_doc_free(d);
}

static void test_unclosed_comment(void **state)
{
    xc_doc *d = LOAD("a.html", "<p>Kept.</p><!-- never closed <p>lost</p>");
    assert_string_equal(d->text, "Kept.\n\n");
    const xc_diag *w = diag_of(d, "markup");
    assert_int_equal(w->offset, 12);
    assert_int_equal(w->column, 13);
    xc_doc_free(d);
    /* In a draft nothing is hidden: the text after "<!--" is kept, and an
     * unclosed <script> is text; a stray <head> is a tag like any other. */
    d = LOAD("a.md", "Kept. <!-- TODO and the <script> tag, <head> too.");
    assert_string_equal(d->text, "Kept. <!-- TODO and the <script> tag,  too.");
    assert_int_equal(count_code(d, "markup"), 1);
    xc_doc_free(d);
}

/* Columns count code points. Documents that are ASCII for thousands of bytes
 * before (or after) their non-ASCII text: every ASCII stretch is counted by
 * its byte offsets, so these cover where ASCII and non-ASCII text meet. */
static void test_columns_ascii_then_not(void **state)
{
    xc_buf b = {0};
    for (int i = 0; i < 40; i++) { /* 40 lines of 80 bytes: 3200 ASCII bytes */
        for (int k = 0; k < 79; k++) xc_buf_addc(&b, 'a');
        xc_buf_addc(&b, '\n');
    }
    xc_buf_adds(&b, "caf\xc3\xa9 \xe5\xa5\xbd \xf0\x9f\x98\x80 end\n");
    xc_doc *d = load("a.txt", b.s, b.len);
    unsigned line, col;
    xc_span sp = span_of(d, "end");
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 41);
    assert_int_equal(col, 10); /* c a f é ␠ 好 ␠ 😀 ␠ */
    xc_doc_position(d, sp.end, &line, &col);
    assert_int_equal(col, 13);
    xc_doc_position(d, 3199, &line, &col); /* the last 'a' */
    assert_int_equal(line, 40);
    assert_int_equal(col, 80);
    xc_doc_free(d);
    xc_buf_free(&b);

    /* One long line: 400 × 好 (1200 bytes), then 3000 ASCII bytes, then "Y";
     * then a long line that starts with "é" and goes on in ASCII. */
    b = (xc_buf){0};
    for (int i = 0; i < 400; i++) xc_buf_adds(&b, "\xe5\xa5\xbd");
    for (int i = 0; i < 3000; i++) xc_buf_addc(&b, 'b');
    xc_buf_adds(&b, "Y\n\xc3\xa9");
    for (int i = 0; i < 2000; i++) xc_buf_addc(&b, 'c');
    xc_buf_adds(&b, "Z\n");
    d = load("a.txt", b.s, b.len);
    sp = span_of(d, "Y");
    assert_int_equal(sp.start, 4200);
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 1);
    assert_int_equal(col, 3401);
    sp = span_of(d, "Z");
    xc_doc_position(d, sp.start, &line, &col);
    assert_int_equal(line, 2);
    assert_int_equal(col, 2002);
    xc_doc_position(d, 1023, &line, &col); /* inside the 342nd 好: its start */
    assert_int_equal(col, 342);
    xc_doc_free(d);
    xc_buf_free(&b);
}

/* Control bytes decide "binary": more than one in ten of the first bytes,
 * tab, newline, CR, form feed, vertical tab and ESC not counted, DEL counted. */
static void test_binary_threshold(void **state)
{
    char buf[100];
    memset(buf, 'x', sizeof buf);
    for (int i = 0; i < 11; i++) buf[i * 9 + 3] = '\x01'; /* 11 of 100 */
    xc_doc *d = load("a.txt", buf, sizeof buf);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    buf[3] = 'x'; /* 10 of 100: not more than one in ten */
    d = load("a.txt", buf, sizeof buf);
    assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
    xc_doc_free(d);
    memset(buf, 'x', sizeof buf);
    for (int i = 0; i < 20; i++) buf[i * 5] = '\x7f';
    d = load("a.txt", buf, sizeof buf);
    assert_string_equal(xc_doc_reason(d), "binary file");
    xc_doc_free(d);
    memset(buf, 'x', sizeof buf);
    for (int i = 0; i < 20; i++) buf[i * 5 + 1] = "\t\n\r\f\v\x1b"[i % 6];
    d = load("a.txt", buf, sizeof buf);
    assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
    xc_doc_free(d);
}

/* Plain text: an entity and a CR found wherever they fall in an eight-byte
 * word. */
static void test_text_specials_any_offset(void **state)
{
    for (size_t k = 0; k < 17; k++) {
        char src[64], want[64];
        memset(src, 'x', k);
        memset(want, 'x', k);
        memcpy(src + k, "a &amp; b\r\nc", 13);
        memcpy(want + k, "a & b\nc", 8);
        xc_doc *d = load("a.txt", src, k + 12);
        assert_string_equal(d->text, want);
        xc_span sp = span_of(d, "c");
        assert_int_equal(sp.start, k + 11);
        xc_doc_free(d);
    }
}

/* Reads path through folder and checks the document: its bytes, or the
 * reason it was skipped when reason is not NULL. */
static void check_read(xc_folder *folder, const char *path, const char *bytes, const char *reason)
{
    xc_doc *d = xc_doc_read_file(path, NULL, folder);
    assert_non_null(d);
    assert_string_equal(xc_doc_path(d), path);
    if (reason) {
        assert_int_equal(xc_doc_status_of(d), XC_DOC_SKIPPED);
        assert_string_equal(xc_doc_reason(d), reason);
    } else {
        assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
        assert_int_equal(d->raw_len, strlen(bytes));
        assert_memory_equal(d->raw, bytes, d->raw_len);
    }
    xc_doc_free(d);
}

/* Reading through a folder cache: files of the same folder one after the
 * other, another folder, back again, a file named without a folder, a
 * missing one: each document is its own file's, and what cannot be read
 * says so as it does without the cache. */
static void test_read_from_folder(void **state)
{
    char p[512];
#define P(rel) (snprintf(p, sizeof p, "%s/%s", tmp, rel), p)
    mkdir(P("fa"), 0755);
    mkdir(P("fb"), 0755);
    write_file(P("fa/one.txt"), "first file", 10);
    write_file(P("fa/two.txt"), "second", 6);
    write_file(P("fb/three.txt"), "third one", 9);
    static const struct {
        const char *rel; /* NULL: "loose.txt" in the working folder */
        const char *bytes, *reason;
    } reads[] = {
        {"fa/one.txt", "first file", NULL},
        {"fa/two.txt", "second", NULL},
        {"fa/missing.txt", NULL, "cannot read: No such file or directory"},
        {"fb/three.txt", "third one", NULL},
        {"fa/two.txt", "second", NULL},
        {"nowhere/x.txt", NULL, "cannot read: No such file or directory"},
        {"fa/one.txt", "first file", NULL},
        {NULL, "loose", NULL},
    };
    write_file("loose.txt", "loose", 5);
    xc_folder folder = {0};
    for (size_t i = 0; i < sizeof reads / sizeof *reads; i++)
        check_read(&folder, reads[i].rel ? P(reads[i].rel) : "loose.txt", reads[i].bytes,
                   reads[i].reason);
    /* the last folder read from is still open, until closed */
    assert_non_null(folder.dir);
    xc_folder_close(&folder);
    assert_null(folder.dir);
    xc_folder_close(&folder); /* twice is fine */
    remove("loose.txt");
#undef P
}

/* Open file descriptors of this process. */
static size_t open_fds(void)
{
    size_t n = 0;
    for (int fd = 0; fd < 1024; fd++) n += fcntl(fd, F_GETFD) != -1;
    return n;
}

/* Files opened ahead of their reading: read from the descriptor opened
 * ahead when asked for in order, opened again when passed over or never
 * opened ahead, with the same reasons as without; at most XC_AHEAD at a
 * time; none left open once the folder is closed. */
static void test_read_ahead(void **state)
{
    char p[XC_AHEAD + 4][512];
#define P(k, rel) (snprintf(p[k], sizeof p[k], "%s/%s", tmp, rel), p[k])
    mkdir(P(0, "ra"), 0755);
    mkdir(P(0, "rb"), 0755);
    write_file(P(0, "ra/1.txt"), "one", 3);
    write_file(P(1, "ra/2.txt"), "two", 3);
    write_file(P(2, "rb/3.txt"), "three", 5);
    P(3, "ra/none.txt");
    size_t fds = open_fds();
    xc_folder folder = {0};
    for (size_t k = 0; k < 4; k++) assert_true(xc_folder_ahead(&folder, p[k]));
    /* opened ahead: the three files, and the folders they are opened from */
    assert_true(open_fds() >= fds + 3);
    /* the first file is passed over; the fourth was never opened; the
     * first is opened again */
    check_read(&folder, p[1], "two", NULL);
    check_read(&folder, p[2], "three", NULL);
    check_read(&folder, p[3], NULL, "cannot read: No such file or directory");
    check_read(&folder, p[0], "one", NULL);
    check_read(&folder, p[2], "three", NULL);
    /* no more than XC_AHEAD at a time */
    for (size_t k = 0; k < XC_AHEAD; k++) assert_true(xc_folder_ahead(&folder, p[k % 3]));
    assert_false(xc_folder_ahead(&folder, p[0]));
    check_read(&folder, p[2], "three", NULL);    /* the third opened ahead */
    assert_true(xc_folder_ahead(&folder, p[0])); /* room again */
    xc_folder_close(&folder);
    /* the file read is the one opened ahead: removed since, it is read all
     * the same */
    write_file(P(XC_AHEAD, "rb/gone.txt"), "gone", 4);
    assert_true(xc_folder_ahead(&folder, p[XC_AHEAD]));
    assert_int_equal(remove(p[XC_AHEAD]), 0);
    check_read(&folder, p[XC_AHEAD], "gone", NULL);
    /* not opened ahead again */
    check_read(&folder, p[XC_AHEAD], NULL, "cannot read: No such file or directory");
    xc_folder_close(&folder);
    assert_int_equal(open_fds(), fds);
    assert_null(folder.ahead);
    xc_folder_close(&folder); /* twice is fine */
    /* a process that may open few files opens fewer ahead: a quarter of
     * what is left over 128 descriptors, none under 132 */
    struct rlimit keep;
    assert_int_equal(getrlimit(RLIMIT_NOFILE, &keep), 0);
    static const struct {
        rlim_t limit;
        size_t ahead;
    } caps[] = {{100, 0}, {131, 0}, {140, 3}, {1024, XC_AHEAD}};
    for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
        struct rlimit rl = {caps[i].limit, keep.rlim_max};
        if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < rl.rlim_cur) continue;
        assert_int_equal(setrlimit(RLIMIT_NOFILE, &rl), 0);
        size_t n = 0;
        while (n <= XC_AHEAD && xc_folder_ahead(&folder, p[0])) n++;
        xc_folder_close(&folder);
        assert_int_equal(n, caps[i].ahead);
    }
    assert_int_equal(setrlimit(RLIMIT_NOFILE, &keep), 0);
    assert_int_equal(open_fds(), fds);
#undef P
}

/* Files on a file system held in memory (tmpfs: /dev/shm here) are always
 * in the page cache: none is asked of the kernel to be read in, even where
 * reads that do not wait are not supported (tmpfs did not support them),
 * and each is read whole. Skipped where /dev/shm is not tmpfs. */
static void test_read_ahead_in_memory(void **state)
{
    (void)state;
    struct statfs fs;
    if (statfs("/dev/shm", &fs) || fs.f_type != TMPFS_MAGIC) skip();
    char dir[] = "/dev/shm/crosscheck-test-XXXXXX";
    if (!mkdtemp(dir)) skip(); /* not writable here */
    enum { N = 40 };
    char p[N][64];
    for (int k = 0; k < N; k++) {
        snprintf(p[k], sizeof p[k], "%s/%02d.txt", dir, k);
        char text[24];
        int n = snprintf(text, sizeof text, "file %d", k);
        write_file(p[k], text, (size_t)n);
    }
    xc_folder folder = {0};
    size_t next = 0;
    for (int k = 0; k < N; k++) {
        /* as the pipeline does: the next files opened ahead, then this one read */
        while (next < N && next < (size_t)k + XC_AHEAD && xc_folder_ahead(&folder, p[next])) next++;
        char text[24];
        snprintf(text, sizeof text, "file %d", k);
        check_read(&folder, p[k], text, NULL);
    }
    assert_int_equal(xc_folder_asked(&folder), 0);
    xc_folder_close(&folder);
    for (int k = 0; k < N; k++) assert_int_equal(remove(p[k]), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* A thread reading files itself watches whether they are in the page cache
 * (xc_folder's watch): a file out of it is found cold (and where reads that
 * do not wait are not supported, a file is taken as cold), and read whole;
 * without the watch, nothing is found. Skipped where the file cannot be
 * put out of the cache. */
static void read_evicted(const char *path, xc_folder *folder)
{
    xc_doc *d = xc_doc_read_file(path, NULL, folder);
    assert_non_null(d);
    assert_int_equal(xc_doc_status_of(d), XC_DOC_OK);
    assert_int_equal(d->raw_len, BIG_COLD);
    assert_int_equal(d->raw[0], 0);
    assert_int_equal(d->raw[BIG_COLD - 1], 0);
    xc_doc_free(d);
}

static void test_watch_cold(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/watched.bin", tmp);
    assert_true(write_zeros(path, BIG_COLD));
    if (!evict(path)) skip();
    xc_folder folder = {.watch = true};
    read_evicted(path, &folder);
    assert_true(folder.cold);
    assert_true(folder.watch); /* the thread ends it */
    xc_folder_close(&folder);
    if (!evict(path)) skip();
    xc_folder unwatched = {0};
    read_evicted(path, &unwatched);
    assert_false(unwatched.cold);
    xc_folder_close(&unwatched);
    assert_int_equal(remove(path), 0);
}

/* On a file system held in memory (tmpfs: /dev/shm here) files are always
 * in the page cache: the first file read ends the watch, and none is found
 * cold. Skipped where /dev/shm is not tmpfs. */
static void test_watch_in_memory(void **state)
{
    (void)state;
    struct statfs fs;
    if (statfs("/dev/shm", &fs) || fs.f_type != TMPFS_MAGIC) skip();
    char path[] = "/dev/shm/crosscheck-watch-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) skip(); /* not writable here */
    close(fd);
    write_file(path, "in memory", 9);
    xc_folder folder = {.watch = true};
    check_read(&folder, path, "in memory", NULL);
    assert_false(folder.cold);
    assert_false(folder.watch);
    xc_folder_close(&folder);
    assert_int_equal(remove(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_folder),
        cmocka_unit_test(test_walk_stops_and_relative_dir),
        cmocka_unit_test(test_walk_with_folders_read_ahead),
        cmocka_unit_test(test_read_from_folder),
        cmocka_unit_test(test_read_ahead),
        cmocka_unit_test(test_read_ahead_in_memory),
        cmocka_unit_test(test_watch_cold),
        cmocka_unit_test(test_watch_in_memory),
        cmocka_unit_test(test_walk_unreadable_folder),
        cmocka_unit_test(test_walk_deep_tree),
        cmocka_unit_test(test_read_skips),
        cmocka_unit_test(test_format_from_extension),
        cmocka_unit_test(test_valid_utf8_is_used_in_place),
        cmocka_unit_test(test_nfc_as_is),
        cmocka_unit_test(test_bom),
        cmocka_unit_test(test_latin1),
        cmocka_unit_test(test_latin1_with_a_utf8_lookalike),
        cmocka_unit_test(test_invalid_bytes),
        cmocka_unit_test(test_invalid_bytes_capped),
        cmocka_unit_test(test_nul_and_binary),
        cmocka_unit_test(test_crlf_and_cr),
        cmocka_unit_test(test_front_matter),
        cmocka_unit_test(test_front_matter_malformed),
        cmocka_unit_test(test_dates_and_fallback),
        cmocka_unit_test(test_html_meta),
        cmocka_unit_test(test_wire_header_block),
        cmocka_unit_test(test_html_source_from_title),
        cmocka_unit_test(test_html_strip_offsets),
        cmocka_unit_test(test_html_blocks_and_headings),
        cmocka_unit_test(test_stray_tags_in_text),
        cmocka_unit_test(test_markdown),
        cmocka_unit_test(test_plain_text_headline),
        cmocka_unit_test(test_suppression_comments),
        cmocka_unit_test(test_unclosed_comment),
        cmocka_unit_test(test_columns_ascii_then_not),
        cmocka_unit_test(test_binary_threshold),
        cmocka_unit_test(test_text_specials_any_offset),
    };
    return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
