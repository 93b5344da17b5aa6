/* pipeline.c — documents loaded and extracted in parallel, delivered in
 * input order.
 *
 * With `jobs` threads, jobs - 1 workers are started and the calling thread
 * is the last one. Each claims the next input indexes under a mutex, a
 * batch of them (up to XC_PIPELINE_BATCH documents, or fewer that hold
 * XC_PIPELINE_BATCH_BYTES of input, and no more than its share of what is
 * left), reads them, then decodes, extracts (with its own xc_worker: PCRE2
 * match data and JIT stack are per thread) and runs the caller's prepare
 * step on them (whatever needs that document alone: its rendered record,
 * its claims' keys), each step on the whole batch before the next, so that
 * a step's code and tables stay in the processor's caches from one
 * document to the next (xc_extract_batch). Then it puts them in their
 * slots. The calling thread hands slot `next` on as soon as it is filled;
 * while it is not, it extracts a batch itself instead of waiting, and it
 * waits only when there is nothing left to claim. Delivery is in input
 * order whatever the number of threads. No thread may claim more than
 * `window` documents ahead of delivery, nor claim one while the finished
 * but undelivered documents hold `window_bytes` bytes of input or more:
 * that bounds the memory they hold, whether the documents are many small
 * articles (a wide window keeps the threads from waiting on each other) or
 * a few large files.
 *
 * One more thread, the reader, reads the files ahead of the workers (at
 * most its own window of documents ahead of the next claim, and a window of
 * bytes), so that a worker does not wait for the disk: a corpus that is not
 * in the page cache is read while the documents before it are extracted. A
 * worker that claims a document the reader has not started reads it
 * itself; one the reader is reading, it waits for. The reader starts once
 * a worker finds a file it read out of the page cache (xc_folder's watch),
 * or cannot tell: while the files are in the cache, as when a corpus is
 * checked again, a worker reads them as fast itself, and a reader would
 * only hand each document from its core to another (two threads on 16.5 MB
 * of ECB+ in memory: 2 to 4 % more processor time, 3 % more wall time).
 * The thread that reads the files (the reader, or the calling thread with
 * one job) opens the next XC_AHEAD of them ahead and asks the kernel to
 * read them in (xc_folder_ahead): the disk then gets many requests at once
 * instead of one file's at a time, each waited for.
 *
 * A document deliver is done with goes back to the worker that extracted
 * it (xc_pipeline_release), which frees it before its next claim: freeing
 * on the thread that allocated costs the allocator least. */
#include "internal.h"

#include <pthread.h>
#include <stdint.h>

/* Something released, and how it is freed. */
typedef struct {
    void *p;
    void (*free_fn)(void *);
} trash_item;

/* A worker thread, where the documents it extracted go back to be freed
 * (xc_pipeline_release). */
struct xc_home {
    pthread_mutex_t *lock; /* the run's: it guards trash and open */
    pthread_t thread;
    XC_VEC(trash_item) trash; /* released, to be freed by this thread */
    bool open;                /* the thread frees its trash still */
};

typedef struct {
    const xc_input *inputs;
    size_t n;
    size_t jobs; /* threads extracting */
    const xc_pipeline_opts *opts;

    pthread_mutex_t lock;
    pthread_cond_t filled;  /* a slot was filled (or a worker failed) */
    pthread_cond_t drained; /* delivery moved on (or the run stops) */
    xc_doc **slots;
    size_t claim;     /* next index to claim */
    size_t delivered; /* every index below has been handed on */
    size_t window;
    size_t window_bytes;
    size_t held; /* input bytes of the filled, undelivered slots */
    bool stop;
    int error; /* a worker's failure: XC_ERR_NOMEM or prepare's value */

    /* the reader (read_docs is NULL without one) */
    pthread_t reader;
    bool reader_tried;     /* it was started, or could not be */
    pthread_cond_t read;   /* the reader read a document, or stopped */
    pthread_cond_t wanted; /* claims made room ahead of the reader, or the run stops */
    xc_doc **read_docs;    /* read and not yet claimed */
    size_t read_bytes;     /* their input bytes */
    size_t read_window;    /* inputs it may read ahead of the next claim */
    size_t rnext;          /* the next input the reader may read */
    size_t reading;        /* the input it is reading, SIZE_MAX: none */
    /* While the reader waits for room, the claim that wakes it: half its
     * window on, so that it is woken once for many documents, not for each
     * one (SIZE_MAX: it is not waiting). */
    size_t reader_wake;
} pipeline;

void xc_pipeline_release_with(const xc_doc *doc, void *p, void (*free_fn)(void *))
{
    if (!p) return;
    struct xc_home *h = doc ? doc->home : NULL;
    bool queued = false;
    if (h && !pthread_equal(h->thread, pthread_self())) {
        pthread_mutex_lock(h->lock);
        queued = h->open && !xc_vec_push(&h->trash, ((trash_item){p, free_fn}));
        pthread_mutex_unlock(h->lock);
    }
    if (!queued) free_fn(p);
}

static void free_doc(void *doc)
{
    xc_doc_free(doc);
}

void xc_pipeline_release(xc_doc *doc)
{
    xc_pipeline_release_with(doc, doc, free_doc);
}

/* Frees what was released to h (the lock is held, and released while the
 * documents are freed); close: h takes no more. */
static void empty_trash(struct xc_home *h, bool close)
{
    if (close) h->open = false;
    if (!h->trash.n) return;
    trash_item *v = h->trash.v;
    size_t n = h->trash.n;
    h->trash.v = NULL;
    h->trash.n = h->trash.cap = 0;
    pthread_mutex_unlock(h->lock);
    for (size_t i = 0; i < n; i++) v[i].free_fn(v[i].p);
    free(v);
    pthread_mutex_lock(h->lock);
}

/* Whether another document may be claimed now (the lock is held). */
static bool may_claim(const pipeline *p)
{
    return p->claim < p->n && p->claim < p->delivered + p->window &&
           (p->held < p->window_bytes || p->claim == p->delivered);
}

static size_t input_bytes(const xc_doc *doc)
{
    return doc ? doc->raw_len : 0;
}

/* Input i was just claimed (the lock is held, and may be released while
 * waiting): its document as the reader read it, or NULL when the reader
 * did not, and the caller reads it itself. */
static xc_doc *take_read(pipeline *p, size_t i)
{
    if (!p->read_docs) return NULL;
    if (p->claim >= p->reader_wake) {
        p->reader_wake = SIZE_MAX;
        pthread_cond_broadcast(&p->wanted); /* the reader may go on */
    }
    while (p->reading == i && !p->read_docs[i]) pthread_cond_wait(&p->read, &p->lock);
    xc_doc *doc = p->read_docs[i];
    p->read_docs[i] = NULL;
    p->read_bytes -= input_bytes(doc);
    return doc;
}

/* Opens ahead (xc_folder_ahead) the inputs from *next on that are to be
 * read, fewer than XC_AHEAD past i, the input about to be read; *next is the
 * first input not opened ahead yet. Half of them at a time: the disk gets
 * their requests together, and can take them in fewer, larger reads. */
static void open_ahead(const xc_input *inputs, size_t n, size_t i, size_t *next, xc_folder *folder)
{
    if (*next <= i) *next = i + 1; /* i itself is read now (and is in the ring) */
    if (*next > i + XC_AHEAD / 2) return;
    for (; *next < n && *next < i + XC_AHEAD; ++*next)
        if (!inputs[*next].skip_reason && !xc_folder_ahead(folder, inputs[*next].path)) break;
}

static void *reader_main(void *arg)
{
    pipeline *p = arg;
    xc_folder folder = {0};
    size_t ahead = 0; /* the next input to open ahead */
    pthread_mutex_lock(&p->lock);
    while (!p->stop && !p->error) {
        /* what is claimed already is read by whoever claimed it */
        if (p->rnext < p->claim) p->rnext = p->claim;
        while (p->rnext < p->n && p->inputs[p->rnext].skip_reason) p->rnext++;
        if (p->rnext >= p->n) break;
        if (p->rnext >= p->claim + p->read_window ||
            (p->read_bytes >= p->window_bytes && p->rnext > p->claim)) {
            size_t half = p->rnext > p->read_window / 2 ? p->rnext - p->read_window / 2 : 0;
            p->reader_wake = half > p->claim ? half : p->claim + 1;
            pthread_cond_wait(&p->wanted, &p->lock);
            continue;
        }
        size_t i = p->reading = p->rnext++;
        pthread_mutex_unlock(&p->lock);
        open_ahead(p->inputs, p->n, i, &ahead, &folder);
        xc_doc *doc = xc_doc_read_file(p->inputs[i].path, &p->opts->load, &folder);
        pthread_mutex_lock(&p->lock);
        p->reading = SIZE_MAX;
        if (!doc) {
            /* out of memory: the worker that claims it will find out */
            pthread_cond_broadcast(&p->read);
            break;
        }
        p->read_docs[i] = doc;
        p->read_bytes += input_bytes(doc);
        if (p->opts->read_ahead) atomic_fetch_add(p->opts->read_ahead, 1);
        pthread_cond_broadcast(&p->read);
    }
    pthread_mutex_unlock(&p->lock);
    xc_folder_close(&folder);
    return NULL;
}

/* Whether the next input to claim is one a batch may take now (the lock is
 * held): the reader read it or is reading it, or there is no reader. A
 * worker reads the first input of its batch itself when the reader has not
 * reached it, but does not take more such inputs: the reader gets the
 * disk's next files in ahead of it (xc_folder_ahead), where the worker
 * would wait for each in turn. */
static bool read_next(const pipeline *p)
{
    size_t i = p->claim;
    return !p->read_docs || p->inputs[i].skip_reason || p->read_docs[i] || p->reading == i;
}

/* Starts the reader (the lock is held), once: the workers read every file
 * themselves when there is no memory for its table or no thread. */
static void start_reader(pipeline *p)
{
    if (p->reader_tried) return;
    p->reader_tried = true;
    p->read_docs = calloc(p->n, sizeof *p->read_docs);
    if (p->read_docs && pthread_create(&p->reader, NULL, reader_main, p)) {
        free(p->read_docs);
        p->read_docs = NULL;
    }
}

/* Documents a thread extracts together (xc_extract_batch): up to
 * XC_PIPELINE_BATCH of them, claimed one after the other until their input
 * holds `cap` bytes or more (a long document is a batch of its own). */
typedef struct {
    size_t n, bytes;
    size_t cap; /* XC_PIPELINE_BATCH_BYTES, or the byte window when smaller */
    size_t index[XC_PIPELINE_BATCH];
    xc_doc *doc[XC_PIPELINE_BATCH];
} batch;

static void batch_init(batch *b, size_t window_bytes)
{
    b->n = b->bytes = 0;
    b->cap = window_bytes && window_bytes < XC_PIPELINE_BATCH_BYTES ? window_bytes
                                                                    : XC_PIPELINE_BATCH_BYTES;
}

static bool batch_full(const batch *b)
{
    return b->n == XC_PIPELINE_BATCH || b->bytes >= b->cap;
}

static void batch_free(batch *b)
{
    for (size_t k = 0; k < b->n; k++) xc_doc_free(b->doc[k]);
    b->n = b->bytes = 0;
}

/* Reads input i into the batch (read is its document as the reader read
 * it, or NULL: then it is read here, from the thread's folder). Returns
 * XC_ERR_NOMEM or 0. */
static int load(batch *b, const xc_input *inputs, size_t i, xc_doc *read, xc_folder *folder,
                const xc_pipeline_opts *opts)
{
    const xc_input *in = &inputs[i];
    if (!read)
        read = in->skip_reason ? xc_doc_new_skipped(in->path, in->skip_reason)
                               : xc_doc_read_file(in->path, &opts->load, folder);
    if (!read) return XC_ERR_NOMEM;
    b->index[b->n] = i;
    b->doc[b->n++] = read;
    b->bytes += input_bytes(read);
    return 0;
}

/* Decodes, extracts and prepares the batch's documents, each step on all of
 * them before the next (xc_extract_batch). Returns 0; or XC_ERR_NOMEM, and
 * then the batch is freed; or prepare's value, and then the batch keeps the
 * documents before the one it failed on (the others are freed). */
static int finish(batch *b, const xc_pipeline_opts *opts, xc_worker *w, struct xc_home *home)
{
    for (size_t k = 0; k < b->n; k++) {
        xc_doc *doc = b->doc[k];
        if (doc->status == XC_DOC_OK && !(doc = xc_doc_finish_load(doc, &opts->load))) {
            b->doc[k] = b->doc[--b->n]; /* finish_load freed it */
            batch_free(b);
            return XC_ERR_NOMEM;
        }
        doc->home = home;
    }
    if (xc_extract_batch(b->doc, b->n, opts->rules, w) == XC_ERR_NOMEM) {
        batch_free(b);
        return XC_ERR_NOMEM;
    }
    int rc = 0;
    size_t k = 0;
    for (; k < b->n; k++) {
        if (opts->prepare && (rc = opts->prepare(opts->prepare_ctx, b->index[k], b->doc[k]))) break;
        xc_doc_drop_words(b->doc[k]); /* kept by xc_extract for the preparation */
    }
    for (size_t j = k; j < b->n; j++) xc_doc_free(b->doc[j]);
    b->n = k;
    return rc;
}

/* Claims the next inputs into b while it is not full and may_claim allows
 * (the lock is held, and released while each is loaded), then extracts and
 * prepares them and fills their slots. */
static void claim_batch(pipeline *p, batch *b, xc_folder *folder, xc_worker *w,
                        struct xc_home *home)
{
    int rc = 0;
    batch_init(b, p->window_bytes);
    /* no more than a thread's share of what is left: a run of few
     * documents is spread over the threads too */
    size_t share = (p->n - p->claim + p->jobs - 1) / p->jobs;
    do {
        size_t i = p->claim++;
        xc_doc *read = take_read(p, i);
        pthread_mutex_unlock(&p->lock);
        rc = load(b, p->inputs, i, read, folder, p->opts);
        pthread_mutex_lock(&p->lock);
        if (folder->cold) start_reader(p);
        if (p->reader_tried) folder->watch = false;
    } while (!rc && b->n < share && !batch_full(b) && !p->stop && !p->error && may_claim(p) &&
             read_next(p));
    pthread_mutex_unlock(&p->lock);
    if (rc)
        batch_free(b);
    else
        rc = finish(b, p->opts, w, home);
    pthread_mutex_lock(&p->lock);
    if (rc && !p->error) p->error = rc;
    for (size_t k = 0; k < b->n; k++) {
        p->slots[b->index[k]] = b->doc[k];
        p->held += input_bytes(b->doc[k]);
    }
    pthread_cond_broadcast(&p->filled);
}

/* A worker thread's arguments. */
typedef struct {
    pipeline *p;
    struct xc_home home;
} worker_arg;

static void *worker_main(void *arg)
{
    pipeline *p = ((worker_arg *)arg)->p;
    struct xc_home *home = &((worker_arg *)arg)->home;
    xc_worker *w = xc_worker_new();
    xc_folder folder = {0};
    batch b;
    pthread_mutex_lock(&p->lock);
    home->thread = pthread_self();
    home->open = true;
    folder.watch = !p->reader_tried;
    if (!w) {
        p->error = XC_ERR_NOMEM;
        pthread_cond_broadcast(&p->filled);
    }
    while (w && !p->stop && !p->error && p->claim < p->n) {
        if (home->trash.n) {
            empty_trash(home, false);
            continue;
        }
        if (!may_claim(p)) {
            pthread_cond_wait(&p->drained, &p->lock);
            continue;
        }
        claim_batch(p, &b, &folder, w, home);
    }
    empty_trash(home, true); /* what is released from now on is freed where it is */
    pthread_mutex_unlock(&p->lock);
    xc_folder_close(&folder);
    xc_worker_free(w);
    return NULL;
}

/* Everything on the calling thread: the same order, no threads to start. */
static int run_serial(const xc_input *inputs, size_t n, const xc_pipeline_opts *opts,
                      xc_deliver_fn deliver, void *ctx)
{
    xc_worker *w = xc_worker_new();
    if (!w) return XC_ERR_NOMEM;
    xc_folder folder = {0};
    size_t ahead = 0; /* the next input to open ahead */
    int rc = 0;
    batch b;
    for (size_t i = 0; i < n && !rc;) {
        batch_init(&b, opts->window_bytes);
        int err;
        do {
            open_ahead(inputs, n, i, &ahead, &folder);
            err = load(&b, inputs, i++, NULL, &folder, opts);
        } while (!err && i < n && !batch_full(&b));
        if (err)
            batch_free(&b);
        else
            err = finish(&b, opts, w, NULL);
        /* the documents before one that failed are delivered */
        size_t k = 0;
        for (; k < b.n && !rc; k++) rc = deliver(ctx, b.index[k], b.doc[k]);
        for (; k < b.n; k++) xc_doc_free(b.doc[k]); /* the run stopped */
        if (!rc) rc = err;
    }
    xc_folder_close(&folder);
    xc_worker_free(w);
    return rc;
}

int xc_pipeline_run(const xc_input *inputs, size_t n, const xc_pipeline_opts *opts,
                    xc_deliver_fn deliver, void *ctx)
{
    unsigned jobs = opts->jobs ? opts->jobs : 1;
    if (jobs > n) jobs = (unsigned)(n ? n : 1);
    if (jobs == 1) return run_serial(inputs, n, opts, deliver, ctx);

    pipeline p = {.inputs = inputs, .n = n, .jobs = jobs, .opts = opts};
    p.window = opts->window ? opts->window : XC_PIPELINE_WINDOW * (size_t)jobs;
    if (p.window < jobs) p.window = jobs;
    p.window_bytes = opts->window_bytes ? opts->window_bytes : XC_PIPELINE_WINDOW_BYTES;
    p.read_window = opts->read_window ? opts->read_window : XC_PIPELINE_READ_WINDOW * (size_t)jobs;
    p.slots = calloc(n, sizeof *p.slots);
    pthread_t *threads = calloc(jobs - 1, sizeof *threads);
    worker_arg *args = calloc(jobs - 1, sizeof *args);
    xc_worker *own = xc_worker_new(); /* the calling thread's */
    xc_folder folder = {0};           /* the calling thread's */
    batch b;                          /* the calling thread's */
    if (!p.slots || !threads || !args || !own) {
        free(p.slots);
        free(threads);
        free(args);
        xc_worker_free(own);
        return XC_ERR_NOMEM;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.filled, NULL);
    pthread_cond_init(&p.drained, NULL);
    pthread_cond_init(&p.read, NULL);
    pthread_cond_init(&p.wanted, NULL);
    p.reading = SIZE_MAX;
    p.reader_wake = SIZE_MAX;

    /* read_docs is read and set under the lock only */
    if (opts->reader_at_once) start_reader(&p);
    folder.watch = !p.reader_tried;
    unsigned started = 0;
    for (; started < jobs - 1; started++) {
        args[started] = (worker_arg){&p, {.lock = &p.lock}};
        if (pthread_create(&threads[started], NULL, worker_main, &args[started])) break;
    }

    int rc = 0;
    pthread_mutex_lock(&p.lock);
    while (p.delivered < n) {
        if (p.error) {
            rc = p.error;
            break;
        }
        if (!p.slots[p.delivered]) {
            if (may_claim(&p)) {
                /* the next document is not ready: extract some meanwhile */
                claim_batch(&p, &b, &folder, own, NULL);
                continue;
            }
            pthread_cond_wait(&p.filled, &p.lock);
            continue;
        }
        size_t i = p.delivered;
        xc_doc *doc = p.slots[i];
        p.slots[i] = NULL;
        p.held -= input_bytes(doc);
        pthread_mutex_unlock(&p.lock);
        rc = deliver(ctx, i, doc);
        pthread_mutex_lock(&p.lock);
        p.delivered++;
        pthread_cond_broadcast(&p.drained);
        if (rc) break;
    }
    p.stop = true;
    pthread_cond_broadcast(&p.drained);
    pthread_cond_broadcast(&p.wanted);
    pthread_mutex_unlock(&p.lock);

    for (unsigned t = 0; t < started; t++) pthread_join(threads[t], NULL);
    if (p.read_docs) {
        pthread_join(p.reader, NULL);
        for (size_t i = 0; i < n; i++) xc_doc_free(p.read_docs[i]);
        free(p.read_docs);
    }
    for (size_t i = 0; i < n; i++) xc_doc_free(p.slots[i]);
    xc_folder_close(&folder);
    xc_worker_free(own);
    pthread_cond_destroy(&p.wanted);
    pthread_cond_destroy(&p.read);
    pthread_cond_destroy(&p.drained);
    pthread_cond_destroy(&p.filled);
    pthread_mutex_destroy(&p.lock);
    free(p.slots);
    free(threads);
    free(args);
    return rc;
}
