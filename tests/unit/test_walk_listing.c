/* A folder whose listing fails after it was opened (an I/O error of the
 * disk, a network share that went away) is reported as unreadable, after
 * the entries it did list: no folder is read as empty by mistake.
 *
 * The listing's system call is replaced here (the link wraps getdents64),
 * so that it fails on the call chosen by the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The listing calls of the walk: the call numbered fail_at (1-based, 0:
 * none) fails with fail_errno, the others list the folder. */
static int calls, fail_at, fail_errno;

ssize_t __real_getdents64(int fd, void *buf, size_t n);
ssize_t __wrap_getdents64(int fd, void *buf, size_t n);
ssize_t __wrap_getdents64(int fd, void *buf, size_t n)
{
    if (++calls == fail_at) {
        errno = fail_errno;
        return -1;
    }
    return __real_getdents64(fd, buf, n);
}

typedef struct {
    char path[8][512];
    char reason[8][128];
    bool from_folder[8];
    size_t n;
} seen;

static int record(void *ctx, const xc_walk_entry *e)
{
    seen *s = ctx;
    assert_true(s->n < 8);
    snprintf(s->path[s->n], 512, "%s", e->path);
    snprintf(s->reason[s->n], 128, "%s", e->skip_reason ? e->skip_reason : "");
    s->from_folder[s->n] = e->from_folder;
    s->n++;
    return 0;
}

static char tmp[256];

static void put(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("A line.\n", f);
    fclose(f);
}

/* tmp/a.txt, tmp/sub/b.txt, tmp/z.txt */
static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "%s/xc-listing-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tmp)) return -1;
    char sub[512];
    snprintf(sub, sizeof sub, "%s/sub", tmp);
    if (mkdir(sub, 0755)) return -1;
    put("a.txt");
    put("sub/b.txt");
    put("z.txt");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) ? -1 : 0;
}

/* Entry i of the walk is tmp/rel (rel "": tmp itself), with the reason given. */
static void assert_entry(const seen *s, size_t i, const char *rel, const char *reason)
{
    char want[600];
    snprintf(want, sizeof want, "%s%s%s", tmp, *rel ? "/" : "", rel);
    assert_true(i < s->n);
    assert_string_equal(s->path[i], want);
    assert_string_equal(s->reason[i], reason);
}

static seen *walk_failing(int at, int err)
{
    calls = 0, fail_at = at, fail_errno = err;
    seen *s = calloc(1, sizeof *s);
    assert_non_null(s);
    const char *args[] = {tmp};
    assert_int_equal(xc_walk(args, 1, record, s), XC_OK);
    fail_at = 0;
    return s;
}

static void test_listing_whole(void **state)
{
    (void)state;
    seen *s = walk_failing(0, 0);
    assert_int_equal(s->n, 3);
    assert_entry(s, 0, "a.txt", "");
    assert_entry(s, 1, "sub/b.txt", "");
    assert_entry(s, 2, "z.txt", "");
    free(s);
}

/* The top folder's first listing call fails: nothing is listed, and the
 * folder itself is the one entry, with the reason. */
static void test_listing_fails_at_once(void **state)
{
    (void)state;
    seen *s = walk_failing(1, EIO);
    assert_int_equal(s->n, 1);
    assert_entry(s, 0, "", "unreadable folder: Input/output error");
    assert_false(s->from_folder[0]); /* the argument itself */
    free(s);
}

/* The listing of sub fails part way (its first call lists b.txt, the next
 * one fails): b.txt is read, then sub is reported, then the walk goes on
 * to z.txt. Calls: 1 and 2 list the top folder (entries, then the end),
 * 3 lists sub, 4 fails. */
static void test_listing_fails_part_way(void **state)
{
    (void)state;
    seen *s = walk_failing(4, EIO);
    assert_int_equal(s->n, 4);
    assert_entry(s, 0, "a.txt", "");
    assert_entry(s, 1, "sub/b.txt", "");
    assert_entry(s, 2, "sub", "unreadable folder: Input/output error");
    assert_true(s->from_folder[2]);
    assert_entry(s, 3, "z.txt", "");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing_whole),
        cmocka_unit_test(test_listing_fails_at_once),
        cmocka_unit_test(test_listing_fails_part_way),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
