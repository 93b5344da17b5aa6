/* The parallel pipeline: every input delivered once, in input order, on
 * the calling thread, whatever the number of threads; an early stop frees
 * what was not delivered. */
/* mincore (page_cache.h) is a BSD extension of POSIX */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"
#include "page_cache.h"

#include <linux/magic.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/vfs.h>
#include <time.h>

#define DATA XC_TEST_DATA "/cli/"

/* Files from the fixtures and inputs skipped before reading, mixed. */
static const xc_input fixture[] = {
    {DATA "story-a/ctv.md", NULL},
    {DATA "story-a/photo.jpg", "not a document type crosscheck reads (.jpg)"},
    {DATA "story-a/runners-world.txt", NULL},
    {DATA "story-b/huffpost.html", NULL},
    {DATA "story-b/latin1-mixed.txt", NULL},
    {"ignored/one.md", "ignored by the configuration's pattern 'ignored/*'"},
    {DATA "story-a/ctv.md", NULL}, /* the same file twice is two inputs */
    {"ignored/two.md", "ignored by the configuration's pattern 'ignored/*'"},
};
#define N_FIXTURE (sizeof fixture / sizeof *fixture)

typedef struct {
    size_t next;
    size_t stop_at; /* SIZE_MAX: never */
    pthread_t caller;
    bool wrong_thread;
} order_ctx;

static int check_order(void *vctx, size_t index, xc_doc *doc)
{
    order_ctx *ctx = vctx;
    if (!pthread_equal(pthread_self(), ctx->caller)) ctx->wrong_thread = true;
    assert_int_equal(index, ctx->next);
    assert_string_equal(xc_doc_path(doc), fixture[index].path);
    if (fixture[index].skip_reason) {
        assert_int_equal(xc_doc_status_of(doc), XC_DOC_SKIPPED);
        assert_string_equal(xc_doc_reason(doc), fixture[index].skip_reason);
    }
    xc_doc_free(doc);
    ctx->next++;
    return index == ctx->stop_at ? 42 : 0;
}

static void test_order_for_any_number_of_threads(void **state)
{
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(XC_SOURCE_DIR "/rules", diags);
    assert_non_null(rules);
    xc_diags_free(diags);
    static const unsigned jobs[] = {0, 1, 2, 3, 8};
    static const size_t windows[] = {0, 1, 2, 100};
    for (size_t j = 0; j < sizeof jobs / sizeof *jobs; j++)
        for (size_t w = 0; w < sizeof windows / sizeof *windows; w++) {
            order_ctx ctx = {0, SIZE_MAX, pthread_self(), false};
            xc_pipeline_opts o = {.rules = rules, .jobs = jobs[j], .window = windows[w]};
            assert_int_equal(xc_pipeline_run(fixture, N_FIXTURE, &o, check_order, &ctx), 0);
            assert_int_equal(ctx.next, N_FIXTURE);
            assert_false(ctx.wrong_thread);
        }
    xc_rules_free(rules);
}

/* deliver's non-zero value stops the run and is returned; nothing after
 * it is delivered (the documents already loaded are freed: valgrind). */
static void test_early_stop(void **state)
{
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(XC_SOURCE_DIR "/rules", diags);
    assert_non_null(rules);
    xc_diags_free(diags);
    for (unsigned jobs = 1; jobs <= 4; jobs++) {
        order_ctx ctx = {0, 2, pthread_self(), false};
        xc_pipeline_opts o = {.rules = rules, .jobs = jobs};
        assert_int_equal(xc_pipeline_run(fixture, N_FIXTURE, &o, check_order, &ctx), 42);
        assert_int_equal(ctx.next, 3);
    }
    xc_rules_free(rules);
}

static int never_called(void *ctx, size_t index, xc_doc *doc)
{
    fail_msg("deliver called with no inputs");
    return 0;
}

static void test_no_inputs(void **state)
{
    xc_pipeline_opts o = {.jobs = 4};
    assert_int_equal(xc_pipeline_run(NULL, 0, &o, never_called, NULL), 0);
}

enum { MANY = 500 };
static xc_input many[MANY];
static char many_names[MANY][32];

static int count_in_order(void *vctx, size_t index, xc_doc *doc)
{
    size_t *next = vctx;
    char want[32];
    snprintf(want, sizeof want, "doc-%03zu.md", *next);
    assert_int_equal(index, *next);
    assert_string_equal(xc_doc_path(doc), want);
    xc_doc_free(doc);
    (*next)++;
    return 0;
}

/* Many skipped inputs through a small window: order still holds. */
static void test_many_inputs_small_window(void **state)
{
    for (size_t i = 0; i < MANY; i++) {
        snprintf(many_names[i], sizeof many_names[i], "doc-%03zu.md", i);
        many[i].path = many_names[i];
        many[i].skip_reason = "listed only";
    }
    for (unsigned jobs = 2; jobs <= 6; jobs += 2) {
        size_t next = 0;
        xc_pipeline_opts o = {.jobs = jobs, .window = 3};
        assert_int_equal(xc_pipeline_run(many, MANY, &o, count_in_order, &next), 0);
        assert_int_equal(next, MANY);
    }
}

/* The prepare hook: called once per document, before its delivery, on the
 * workers when there are threads; its non-zero value stops the run. */
typedef struct {
    pthread_mutex_t lock;
    pthread_t caller;
    unsigned char prepared[N_FIXTURE];
    size_t on_caller, fail_at, delivered;
} prep_ctx;

static int mark_prepared(void *vctx, size_t index, xc_doc *doc)
{
    prep_ctx *ctx = vctx;
    pthread_mutex_lock(&ctx->lock);
    ctx->prepared[index]++;
    if (pthread_equal(pthread_self(), ctx->caller)) ctx->on_caller++;
    pthread_mutex_unlock(&ctx->lock);
    assert_string_equal(xc_doc_path(doc), fixture[index].path);
    return index == ctx->fail_at ? 7 : 0;
}

static int check_prepared(void *vctx, size_t index, xc_doc *doc)
{
    prep_ctx *ctx = vctx;
    pthread_mutex_lock(&ctx->lock);
    assert_int_equal(ctx->prepared[index], 1);
    pthread_mutex_unlock(&ctx->lock);
    assert_int_equal(index, ctx->delivered);
    ctx->delivered++;
    xc_doc_free(doc);
    return 0;
}

static void test_prepare_hook(void **state)
{
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = xc_rules_load(XC_SOURCE_DIR "/rules", diags);
    assert_non_null(rules);
    xc_diags_free(diags);
    for (unsigned jobs = 1; jobs <= 3; jobs++) {
        prep_ctx ctx = {.caller = pthread_self(), .fail_at = SIZE_MAX};
        pthread_mutex_init(&ctx.lock, NULL);
        xc_pipeline_opts o = {
            .rules = rules, .jobs = jobs, .prepare = mark_prepared, .prepare_ctx = &ctx};
        assert_int_equal(xc_pipeline_run(fixture, N_FIXTURE, &o, check_prepared, &ctx), 0);
        assert_int_equal(ctx.delivered, N_FIXTURE);
        for (size_t i = 0; i < N_FIXTURE; i++) assert_int_equal(ctx.prepared[i], 1);
        /* one thread: everything on the caller */
        if (jobs == 1) assert_int_equal(ctx.on_caller, N_FIXTURE);

        /* A failure stops the run and is returned; the failed document and
         * those after it are never delivered (threads may stop before the
         * ones ahead of it are). */
        memset(&ctx.prepared, 0, sizeof ctx.prepared);
        ctx.delivered = 0;
        ctx.fail_at = 3;
        assert_int_equal(xc_pipeline_run(fixture, N_FIXTURE, &o, check_prepared, &ctx), 7);
        if (jobs == 1)
            assert_int_equal(ctx.delivered, 3);
        else
            assert_true(ctx.delivered <= 3);
        pthread_mutex_destroy(&ctx.lock);
    }
    xc_rules_free(rules);
}

/* With two threads the calling thread is a worker: while the other thread
 * holds its document (its prepare step waits until the caller has prepared
 * one, or gives up after five seconds), the caller extracts the next ones. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t caller;
    size_t on_caller;
    bool gave_up;
} busy_ctx;

static int hold_worker(void *vctx, size_t index, xc_doc *doc)
{
    (void)index, (void)doc;
    busy_ctx *ctx = vctx;
    pthread_mutex_lock(&ctx->lock);
    if (pthread_equal(pthread_self(), ctx->caller)) {
        ctx->on_caller++;
        pthread_cond_broadcast(&ctx->changed);
    } else {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 5;
        while (!ctx->on_caller && !ctx->gave_up)
            if (pthread_cond_timedwait(&ctx->changed, &ctx->lock, &until)) ctx->gave_up = true;
    }
    pthread_mutex_unlock(&ctx->lock);
    return 0;
}

static int free_delivered(void *ctx, size_t index, xc_doc *doc)
{
    (void)ctx, (void)index;
    xc_doc_free(doc);
    return 0;
}

static void test_caller_extracts(void **state)
{
    busy_ctx ctx = {.caller = pthread_self()};
    pthread_mutex_init(&ctx.lock, NULL);
    pthread_cond_init(&ctx.changed, NULL);
    xc_pipeline_opts o = {.jobs = 2, .prepare = hold_worker, .prepare_ctx = &ctx};
    assert_int_equal(xc_pipeline_run(fixture, N_FIXTURE, &o, free_delivered, NULL), 0);
    assert_false(ctx.gave_up);
    assert_true(ctx.on_caller >= 1);
    pthread_cond_destroy(&ctx.changed);
    pthread_mutex_destroy(&ctx.lock);
}

/* The byte window: once finished documents waiting for delivery hold that
 * many input bytes, no thread starts another, so with a window of one byte
 * at most one document per thread is ever finished and undelivered, however
 * many documents the count window allows and however long delivery waits. */
enum { HELD_INPUTS = 40 };

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    size_t waiting, most; /* prepared and not yet delivered; the most seen */
    size_t delivered;
    size_t wait_for;        /* the first delivery waits until this many are waiting */
    const xc_input *inputs; /* when set, each document is checked against its input */
    size_t text_len;        /* the text length every document read has */
    /* when set, the first delivery waits until the reader read read_wait
     * documents (one when 0); with read_wait, it then waits 50 ms more and
     * notes in read_seen how many the reader read */
    _Atomic size_t *read_ahead;
    size_t read_wait, read_seen;
} held_ctx;

static int count_waiting(void *vctx, size_t index, xc_doc *doc)
{
    (void)index, (void)doc;
    held_ctx *ctx = vctx;
    pthread_mutex_lock(&ctx->lock);
    if (++ctx->waiting > ctx->most) ctx->most = ctx->waiting;
    pthread_cond_broadcast(&ctx->changed);
    pthread_mutex_unlock(&ctx->lock);
    return 0;
}

static int deliver_late(void *vctx, size_t index, xc_doc *doc)
{
    held_ctx *ctx = vctx;
    assert_int_equal(index, ctx->delivered);
    if (ctx->inputs) {
        const xc_input *in = &ctx->inputs[index];
        assert_string_equal(xc_doc_path(doc), in->path);
        size_t len = 0;
        xc_doc_text(doc, &len);
        if (in->skip_reason) {
            assert_int_equal(xc_doc_status_of(doc), XC_DOC_SKIPPED);
            assert_string_equal(xc_doc_reason(doc), in->skip_reason);
        } else {
            assert_int_equal(xc_doc_status_of(doc), XC_DOC_OK);
            assert_int_equal(len, ctx->text_len);
        }
    }
    /* up to five seconds, a millisecond at a time */
    size_t want = ctx->read_wait ? ctx->read_wait : 1;
    for (int ms = 0;
         index == 0 && ctx->read_ahead && ms < 5000 && atomic_load(ctx->read_ahead) < want; ms++)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    if (index == 0 && ctx->read_ahead && ctx->read_wait) {
        nanosleep(&(struct timespec){0, 50000000}, NULL);
        ctx->read_seen = atomic_load(ctx->read_ahead);
    }
    pthread_mutex_lock(&ctx->lock);
    if (index == 0 && !ctx->read_ahead) {
        /* Give the threads time to run ahead: until wait_for documents wait,
         * or for 50 ms when the window must stop them first. */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        if (ctx->wait_for) {
            until.tv_sec += 5;
        } else if ((until.tv_nsec += 50000000) >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        while (!ctx->wait_for || ctx->waiting < ctx->wait_for)
            if (pthread_cond_timedwait(&ctx->changed, &ctx->lock, &until)) break;
    }
    ctx->waiting--;
    pthread_mutex_unlock(&ctx->lock);
    ctx->delivered++;
    xc_doc_free(doc);
    return 0;
}

static void test_byte_window(void **state)
{
    xc_input inputs[HELD_INPUTS];
    for (size_t i = 0; i < HELD_INPUTS; i++) inputs[i] = (xc_input){DATA "story-a/ctv.md", NULL};
    for (unsigned jobs = 2; jobs <= 3; jobs++)
        for (int bytes = 1; bytes >= 0; bytes--) {
            held_ctx ctx = {.wait_for = bytes ? 0 : jobs + 2};
            pthread_mutex_init(&ctx.lock, NULL);
            pthread_cond_init(&ctx.changed, NULL);
            /* A window of 8 documents, and of 1 byte or the default 16 MiB. */
            xc_pipeline_opts o = {.jobs = jobs,
                                  .window = 8,
                                  .window_bytes = (size_t)bytes,
                                  .prepare = count_waiting,
                                  .prepare_ctx = &ctx};
            assert_int_equal(xc_pipeline_run(inputs, HELD_INPUTS, &o, deliver_late, &ctx), 0);
            assert_int_equal(ctx.delivered, HELD_INPUTS);
            if (bytes) {
                assert_true(ctx.most >= 1);
                assert_true(ctx.most <= jobs);
            } else {
                /* the count window alone lets them run further ahead */
                assert_true(ctx.most >= jobs + 2);
                assert_true(ctx.most <= 8);
            }
            pthread_cond_destroy(&ctx.changed);
            pthread_mutex_destroy(&ctx.lock);
        }
}

/* The reader thread reads files ahead of the workers while delivery waits
 * (the first delivery waits until it has read one); the documents it read
 * are the same, delivered in the same order, and skipped inputs are not
 * read. With one thread there is no reader. */
static void test_reader_reads_ahead(void **state)
{
    enum { N = 24 };
    xc_input inputs[N];
    for (size_t i = 0; i < N; i++)
        inputs[i] = i % 3 == 2 ? (xc_input){"listed-only.md", "listed only"}
                               : (xc_input){DATA "story-a/ctv.md", NULL};
    xc_doc *one = xc_doc_load_file(DATA "story-a/ctv.md", NULL);
    assert_non_null(one);
    size_t text_len = 0;
    xc_doc_text(one, &text_len);
    assert_true(text_len > 100); /* the file has 203 bytes */
    xc_doc_free(one);
    for (unsigned jobs = 1; jobs <= 3; jobs++) {
        _Atomic size_t read_ahead = 0;
        held_ctx ctx = {
            .inputs = inputs, .text_len = text_len, .read_ahead = jobs > 1 ? &read_ahead : NULL};
        pthread_mutex_init(&ctx.lock, NULL);
        pthread_cond_init(&ctx.changed, NULL);
        /* a window of 2: the workers stop two documents ahead of delivery,
         * and the reader can read two more ahead of them */
        xc_pipeline_opts o = {.jobs = jobs,
                              .window = 2,
                              .prepare = count_waiting,
                              .prepare_ctx = &ctx,
                              .read_ahead = &read_ahead,
                              .reader_at_once = true};
        assert_int_equal(xc_pipeline_run(inputs, N, &o, deliver_late, &ctx), 0);
        assert_int_equal(ctx.delivered, N);
        if (jobs == 1) {
            assert_int_equal(read_ahead, 0);
        } else {
            assert_true(read_ahead >= 1);
            assert_true(read_ahead <= N * 2 / 3);
        }
        pthread_cond_destroy(&ctx.changed);
        pthread_mutex_destroy(&ctx.lock);
    }
}

/* The reader's own window: while delivery waits, the workers stop a
 * window ahead of it, and the reader reads read_window documents past
 * their claims, and no more; by default it reads far past the window. */
static void test_read_window(void **state)
{
    (void)state;
    enum { N = 40, WINDOW = 2, READ_WINDOW = 5 };
    xc_input inputs[N];
    for (size_t i = 0; i < N; i++) inputs[i] = (xc_input){DATA "story-a/ctv.md", NULL};
    for (int given = 1; given >= 0; given--) {
        _Atomic size_t read_ahead = 0;
        /* given: wait for the five it may read; by default for every
         * document past the two the workers claim */
        held_ctx ctx = {.read_ahead = &read_ahead, .read_wait = given ? READ_WINDOW : N - WINDOW};
        pthread_mutex_init(&ctx.lock, NULL);
        pthread_cond_init(&ctx.changed, NULL);
        xc_pipeline_opts o = {.jobs = 2,
                              .window = WINDOW,
                              .read_window = given ? READ_WINDOW : 0,
                              .prepare = count_waiting,
                              .prepare_ctx = &ctx,
                              .read_ahead = &read_ahead,
                              .reader_at_once = true};
        assert_int_equal(xc_pipeline_run(inputs, N, &o, deliver_late, &ctx), 0);
        assert_int_equal(ctx.delivered, N);
        if (given) {
            /* inputs 2 to 6 past the claims of 0 and 1; 0 and 1 too when
             * the reader read them before they were claimed */
            assert_true(ctx.read_seen >= READ_WINDOW);
            assert_true(ctx.read_seen <= READ_WINDOW + WINDOW);
        } else {
            assert_true(ctx.read_seen >= N - WINDOW);
            assert_true(ctx.read_seen <= N);
        }
        pthread_cond_destroy(&ctx.changed);
        pthread_mutex_destroy(&ctx.lock);
    }
}

/* Documents given back with xc_pipeline_release, as a story's are when it
 * is reported: held for a while, then released in a batch from deliver. Each
 * goes back to the worker that extracted it (or is freed at once when the
 * calling thread did, or the worker has finished): nothing is left behind
 * (the ASan and valgrind runs of the suite check that), whether the run
 * ends normally or stops early. */
typedef struct {
    xc_doc *held[8];
    size_t n_held, next, stop_at;
} release_ctx;

static _Atomic size_t blocks_freed;

static void free_block(void *p)
{
    free(p);
    atomic_fetch_add(&blocks_freed, 1);
}

static int hold_and_release(void *vctx, size_t index, xc_doc *doc)
{
    release_ctx *ctx = vctx;
    assert_int_equal(index, ctx->next++);
    ctx->held[ctx->n_held++] = doc;
    if (ctx->n_held == 8 || index == ctx->stop_at || index + 1 == MANY) {
        for (size_t k = 0; k < ctx->n_held; k++) {
            /* something made for the document goes with it */
            xc_pipeline_release_with(ctx->held[k], malloc(100), free_block);
            xc_pipeline_release(ctx->held[k]);
        }
        ctx->n_held = 0;
    }
    return index == ctx->stop_at ? 7 : 0;
}

static void test_release_to_the_worker(void **state)
{
    for (size_t i = 0; i < MANY; i++) {
        snprintf(many_names[i], sizeof many_names[i], "doc-%03zu.md", i);
        many[i].path = many_names[i];
        many[i].skip_reason = "listed only";
    }
    for (unsigned jobs = 1; jobs <= 4; jobs++) {
        /* every block released is freed by the time the run returns,
         * wherever it was freed */
        release_ctx ctx = {.stop_at = SIZE_MAX};
        xc_pipeline_opts o = {.jobs = jobs, .window = 5};
        atomic_store(&blocks_freed, 0);
        assert_int_equal(xc_pipeline_run(many, MANY, &o, hold_and_release, &ctx), 0);
        assert_int_equal(ctx.next, MANY);
        assert_int_equal(ctx.n_held, 0);
        assert_int_equal(atomic_load(&blocks_freed), MANY);
        release_ctx stop = {.stop_at = 123};
        atomic_store(&blocks_freed, 0);
        assert_int_equal(xc_pipeline_run(many, MANY, &o, hold_and_release, &stop), 7);
        assert_int_equal(stop.next, 124);
        assert_int_equal(atomic_load(&blocks_freed), 124);
    }
    xc_pipeline_release(NULL); /* nothing */
    atomic_store(&blocks_freed, 0);
    xc_pipeline_release_with(NULL, malloc(10), free_block); /* freed at once */
    assert_int_equal(atomic_load(&blocks_freed), 1);
}

/* Without reader_at_once the reader starts only once a worker finds a file
 * out of the page cache: on files held in memory it never starts (the
 * workers read every file), and a corpus whose first file is out of the
 * cache has the reader read ahead. Either way every document is delivered.
 * Returns how many the reader read; wait: the first delivery waits (up to
 * five seconds) for the reader to read one. */
static size_t run_watched(const char *first, const char *rest, bool wait)
{
    enum { N = 24 };
    xc_input inputs[N];
    for (size_t i = 0; i < N; i++) inputs[i] = (xc_input){i ? rest : first, NULL};
    _Atomic size_t read_ahead = 0;
    held_ctx ctx = {.read_ahead = wait ? &read_ahead : NULL};
    pthread_mutex_init(&ctx.lock, NULL);
    pthread_cond_init(&ctx.changed, NULL);
    xc_pipeline_opts o = {.jobs = 2,
                          .window = 2,
                          .prepare = count_waiting,
                          .prepare_ctx = &ctx,
                          .read_ahead = &read_ahead};
    int rc = xc_pipeline_run(inputs, N, &o, deliver_late, &ctx);
    pthread_cond_destroy(&ctx.changed);
    pthread_mutex_destroy(&ctx.lock);
    assert_int_equal(rc, 0);
    assert_int_equal(ctx.delivered, N);
    return read_ahead;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

static void test_reader_when_cold(void **state)
{
    (void)state;
    static const char text[] = "The race drew 1,000 runners, organizers said on Sunday.";
    struct statfs fs;
    char shm[] = "/dev/shm/crosscheck-pipeline-XXXXXX";
    int fd = statfs("/dev/shm", &fs) || fs.f_type != TMPFS_MAGIC ? -1 : mkstemp(shm);
    if (fd >= 0) {
        close(fd);
        write_text(shm, text);
        size_t read = run_watched(shm, shm, false);
        assert_int_equal(remove(shm), 0);
        assert_int_equal(read, 0);
    }
    /* in the build folder, on a disk: a large file first (page_cache.h) */
    char big[] = "pipeline-cold-XXXXXX", small[] = "pipeline-warm-XXXXXX";
    int fb = mkstemp(big), fs_ = mkstemp(small);
    assert_true(fb >= 0 && fs_ >= 0);
    close(fb);
    close(fs_);
    write_text(small, text);
    bool cold = write_zeros(big, BIG_COLD) && evict(big);
    size_t read = cold ? run_watched(big, small, true) : 0;
    assert_int_equal(remove(big), 0);
    assert_int_equal(remove(small), 0);
    if (!cold) skip(); /* the file could not be put out of the cache */
    assert_true(read >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_for_any_number_of_threads),
        cmocka_unit_test(test_caller_extracts),
        cmocka_unit_test(test_early_stop),
        cmocka_unit_test(test_prepare_hook),
        cmocka_unit_test(test_no_inputs),
        cmocka_unit_test(test_many_inputs_small_window),
        cmocka_unit_test(test_byte_window),
        cmocka_unit_test(test_reader_reads_ahead),
        cmocka_unit_test(test_reader_when_cold),
        cmocka_unit_test(test_read_window),
        cmocka_unit_test(test_release_to_the_worker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
