/* corpus.c — walking inputs, reading files, decoding, metadata, markup.
 *
 * raw -> utf8: BOM removed, UTF-8 validated (valid files are used in place),
 * Windows-1252 transcoded, stray bytes replaced by U+FFFD with a warning.
 * utf8 -> text: front matter and markup removed, entities decoded, CR/CRLF
 * made LF, NFC (text.c), every output byte mapped back through text_map. */
/* readdir's d_type (DT_REG, DT_DIR, ...) is a BSD extension of POSIX,
 * preadv2 and RWF_NOWAIT Linux ones. */
#define _GNU_SOURCE
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif
#include <yaml.h>

#define MIB               ((size_t)1 << 20)
#define DEFAULT_MAX_BYTES (256 * MIB)
#define SNIFF_BYTES       8192
#define MAX_BYTE_WARNINGS 20

/* ------------------------------------------------------------ the walk */

/* The extension of the last component of path (after its last dot, not a
 * leading one), or NULL. Found from the end: a path is longer than its
 * last component. */
static const char *extension(const char *path)
{
    for (size_t i = strlen(path); i > 0; i--) {
        char c = path[i - 1];
        if (c == '/') return NULL;
        if (c == '.') return i > 1 && path[i - 2] != '/' ? path + i : NULL;
    }
    return NULL;
}

/* The format of a document's extension, matched without regard to case:
 * "txt", "md", "markdown", "html" or "htm"; -1 for any other (NULL: none).
 * The extension is lowered once and compared whole by its length. */
static int ext_format(const char *ext)
{
    if (!ext) return -1;
    char low[9];
    size_t n = 0;
    for (; ext[n] && n < 8; n++) {
        char c = ext[n];
        low[n] = c >= 'A' && c <= 'Z' ? (char)(c | 0x20) : c;
    }
    if (ext[n]) return -1; /* longer than "markdown" */
    switch (n) {
    case 2:
        return !memcmp(low, "md", 2) ? XC_FORMAT_MARKDOWN : -1;
    case 3:
        return !memcmp(low, "txt", 3)   ? XC_FORMAT_TEXT
               : !memcmp(low, "htm", 3) ? XC_FORMAT_HTML
                                        : -1;
    case 4:
        return !memcmp(low, "html", 4) ? XC_FORMAT_HTML : -1;
    case 8:
        return !memcmp(low, "markdown", 8) ? XC_FORMAT_MARKDOWN : -1;
    default:
        return -1;
    }
}

static bool is_document(const char *path)
{
    return ext_format(extension(path)) >= 0;
}

static xc_doc_format format_of(const char *path)
{
    int f = ext_format(extension(path ? path : ""));
    return f < 0 ? XC_FORMAT_TEXT : (xc_doc_format)f;
}

typedef struct {
    dev_t dev;
    ino_t ino;
} dir_id;

/* Folders at most this deep keep their descriptor open while their entries
 * are looked at, so each entry is found from its folder instead of from the
 * working folder through every component of its path; deeper ones (never in
 * a real corpus) use the path, so the walk needs at most this many
 * descriptors. */
#define WALK_OPEN_DIRS 64

/* Folders read ahead of the walk. A folder that is not in the kernel's
 * caches costs a read from the disk, waited for, and the walk reads its
 * folders one after the other: a corpus of ten thousand folders read cold
 * waits on ten thousand reads in turn. When a folder takes the walk longer
 * than xc_walk_warm_after_ns (0.3 ms) to list, it is taken to come from the disk, and
 * WARM_THREADS threads start listing the folders of the argument being
 * walked (breadth first, as many at a time as there are threads), so that
 * the disk reads them together, ahead of the walk, which then finds them
 * in the cache. They only read: what the walk reports is its own. A walk
 * of folders in the cache never starts them. */
#define WARM_THREADS 4
uint64_t xc_walk_warm_after_ns = 300000;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    XC_VEC(char *) queue; /* folders to list; from head on, not taken yet */
    size_t head;
    unsigned busy; /* threads listing a folder */
    bool stop;
    pthread_t threads[WARM_THREADS];
    unsigned started;
} warmer;

typedef struct {
    xc_walk_fn fn;
    void *ctx;
    const char *arg;
    XC_VEC(dir_id) open; /* folders on the current path, to detect loops */
    warmer *warm;        /* NULL until a folder is found cold */
    bool warm_failed;    /* no threads could be started: none are tried again */
    char *dents;         /* list_dir's buffer, DENTS_BYTES */
} walker;

/* A folder's listing is read this many bytes at a time (as glibc's readdir
 * reads it): a folder of a few hundred entries in one system call. */
#define DENTS_BYTES 32768

/* dir, a slash unless dir ends with one, then name, in a new string;
 * *name_at: where name starts in it. NULL when out of memory. */
static char *path_join(const char *dir, const char *name, size_t *name_at)
{
    size_t dlen = strlen(dir), nlen = strlen(name);
    size_t off = dlen + !(dlen && dir[dlen - 1] == '/');
    char *p = malloc(off + nlen + 1);
    if (!p) return NULL;
    memcpy(p, dir, dlen);
    if (off > dlen) p[dlen] = '/';
    memcpy(p + off, name, nlen + 1);
    *name_at = off;
    return p;
}

/* The number of descriptors the process may hold (SIZE_MAX: no limit
 * known). */
static size_t fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur == RLIM_INFINITY ||
        rl.rlim_cur >= (rlim_t)SIZE_MAX)
        return SIZE_MAX;
    return (size_t)rl.rlim_cur;
}

/* Queues a folder for the warming threads (the lock is held); path is
 * theirs to free. */
static void warm_push(warmer *wm, char *path)
{
    if (xc_vec_push(&wm->queue, path)) {
        free(path); /* not read ahead: the walk reads it all the same */
        return;
    }
    pthread_cond_signal(&wm->cond);
}

static void *warm_main(void *arg)
{
    warmer *wm = arg;
    pthread_mutex_lock(&wm->lock);
    for (;;) {
        while (!wm->stop && wm->head == wm->queue.n && wm->busy)
            pthread_cond_wait(&wm->cond, &wm->lock);
        if (wm->stop || wm->head == wm->queue.n) break; /* nothing left to list */
        char *path = wm->queue.v[wm->head++];
        wm->busy++;
        pthread_mutex_unlock(&wm->lock);
        DIR *d = opendir(path);
        struct dirent *de;
        while (d && (de = readdir(d))) {
            /* hidden folders are skipped as the walk skips them; folders
             * reached through a link, or of a type the listing does not
             * say, are left to the walk */
            if (de->d_name[0] == '.' || de->d_type != DT_DIR) continue;
            size_t at;
            char *child = path_join(path, de->d_name, &at);
            if (!child) break;
            pthread_mutex_lock(&wm->lock);
            if (wm->stop) {
                pthread_mutex_unlock(&wm->lock);
                free(child);
                break;
            }
            warm_push(wm, child);
            pthread_mutex_unlock(&wm->lock);
        }
        if (d) closedir(d);
        free(path);
        pthread_mutex_lock(&wm->lock);
        wm->busy--;
        if (!wm->busy && wm->head == wm->queue.n) pthread_cond_broadcast(&wm->cond);
    }
    pthread_cond_broadcast(&wm->cond);
    pthread_mutex_unlock(&wm->lock);
    return NULL;
}

/* Starts the warming threads on the folder the walk's argument names,
 * unless the process may hold few descriptors: the walk holds up to
 * WALK_OPEN_DIRS and each thread one, and as many again are left for the
 * files read and the reports written (144 in all). */
static void warm_start(walker *w)
{
    if (fd_limit() < 2 * (WALK_OPEN_DIRS + WARM_THREADS)) {
        w->warm_failed = true;
        return;
    }
    warmer *wm = calloc(1, sizeof *wm);
    char *root = strdup(w->arg);
    if (!wm || !root || xc_vec_push(&wm->queue, root)) {
        free(root);
        if (wm) xc_vec_free(&wm->queue);
        free(wm);
        w->warm_failed = true;
        return;
    }
    pthread_mutex_init(&wm->lock, NULL);
    pthread_cond_init(&wm->cond, NULL);
    for (; wm->started < WARM_THREADS; wm->started++)
        if (pthread_create(&wm->threads[wm->started], NULL, warm_main, wm)) break;
    w->warm = wm;
    w->warm_failed = wm->started == 0;
}

/* Stops the warming threads and frees what they did not take. */
static void warm_stop(walker *w)
{
    warmer *wm = w->warm;
    if (!wm) return;
    pthread_mutex_lock(&wm->lock);
    wm->stop = true;
    pthread_cond_broadcast(&wm->cond);
    pthread_mutex_unlock(&wm->lock);
    for (unsigned t = 0; t < wm->started; t++) pthread_join(wm->threads[t], NULL);
    for (size_t i = wm->head; i < wm->queue.n; i++) free(wm->queue.v[i]);
    xc_vec_free(&wm->queue);
    pthread_cond_destroy(&wm->cond);
    pthread_mutex_destroy(&wm->lock);
    free(wm);
    w->warm = NULL;
}

static int visit_id(walker *w, const char *path, const char *dir, bool from_folder,
                    const char *reason, const struct stat *st)
{
    xc_walk_entry e = {path, w->arg, dir, from_folder, reason, st != NULL, 0, 0};
    if (st) e.dev = (unsigned long long)st->st_dev, e.ino = (unsigned long long)st->st_ino;
    return w->fn(w->ctx, &e);
}

static int visit(walker *w, const char *path, const char *dir, bool from_folder, const char *reason)
{
    return visit_id(w, path, dir, from_folder, reason, NULL);
}

/* Reason a regular file is skipped, or NULL for a document. */
static const char *file_reason(const char *path, char *buf, size_t size)
{
    if (is_document(path)) return NULL;
    const char *ext = extension(path);
    if (ext)
        snprintf(buf, size, "not a document (.%s)", ext);
    else
        snprintf(buf, size, "not a document (no extension)");
    return buf;
}

/* A folder entry as readdir gives it. Its name is kept in the folder's
 * pool of names (at: where, until the listing is over and the pool stops
 * moving); key: its first eight bytes as a big-endian number, so that most
 * comparisons of the sort are one of numbers (names of a folder of news
 * differ early, "1_10ecb.txt" and "1_11ecb.txt") and only names that share
 * eight bytes are compared by strcmp. */
typedef struct {
    const char *name;
    size_t at, len;
    uint64_t key;
    ino_t ino;
    unsigned char type; /* DT_REG, DT_DIR, ... or DT_UNKNOWN */
} dir_entry;

static int cmp_entries(const void *a, const void *b)
{
    const dir_entry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return strcmp(x->name, y->name);
}

typedef XC_VEC(dir_entry) dir_entries;

/* A folder's entries in the order of their names (no two alike): a folder
 * of a story holds a few dozen files, sorted in place one by one without
 * qsort's calls; a longer one goes to qsort. */
static void sort_entries(dir_entries *names)
{
    dir_entry *v = names->v;
    size_t n = names->n;
    if (n > 32) {
        qsort(v, n, sizeof *v, cmp_entries);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        dir_entry e = v[i];
        size_t j = i;
        for (; j > 0 && cmp_entries(&v[j - 1], &e) > 0; j--) v[j] = v[j - 1];
        v[j] = e;
    }
}

static int walk_dir(walker *w, int at, const char *name, const char *path, const char *parent,
                    const struct stat *st);
static int walk_subdir(walker *w, int at, const char *name, const char *path, const char *parent);

/* Whether the folder whose id st gives is one of the folders on the
 * walk's current path (entering it again would never end). */
static bool dir_is_open(const walker *w, const struct stat *st)
{
    for (size_t i = 0; i < w->open.n; i++)
        if (w->open.v[i].dev == st->st_dev && w->open.v[i].ino == st->st_ino) return true;
    return false;
}

/* One path met inside a folder or given as an argument. at and name find
 * it (the folder's descriptor and the entry's name, or AT_FDCWD and the
 * path); path is how it is reported. */
static int walk_path(walker *w, int at, const char *name, const char *path, const char *dir,
                     bool from_folder)
{
    char why[320];
    struct stat lst, st;
    if (fstatat(at, name, &lst, AT_SYMLINK_NOFOLLOW)) {
        snprintf(why, sizeof why, "cannot read: %s", strerror(errno));
        return visit(w, path, dir, from_folder, why);
    }
    if (S_ISLNK(lst.st_mode)) {
        if (fstatat(at, name, &st, 0)) {
            const char *r = errno == ELOOP ? "symbolic link loop" : "broken symbolic link";
            return visit(w, path, dir, from_folder, r);
        }
    } else {
        st = lst;
    }
    if (S_ISDIR(st.st_mode)) {
        if (dir_is_open(w, &st)) return visit(w, path, dir, from_folder, "symbolic link loop");
        return walk_dir(w, at, name, path, dir, &st);
    }
    if (!S_ISREG(st.st_mode)) return visit(w, path, dir, from_folder, "not a regular file");
    return visit_id(w, path, dir, from_folder, file_reason(path, why, sizeof why), &st);
}

/* Adds an entry named name to *names, its name to *pool. */
static int add_entry(dir_entries *names, xc_buf *pool, const char *name, ino_t ino,
                     unsigned char type)
{
    size_t len = strlen(name);
    uint64_t key = 0;
    for (size_t k = 0; k < 8; k++) key = key << 8 | (k < len ? (unsigned char)name[k] : 0);
    dir_entry entry = {NULL, pool->len, len, key, ino, type};
    return xc_buf_add(pool, name, len + 1) || xc_vec_push(names, entry) ? XC_ERR_NOMEM : 0;
}

/* Appends the entries of the folder open as fd to *names (their names to
 * *pool), hidden ones (".", ".." among them) left out. With glibc on Linux the
 * listing is read with getdents64 into the walker's buffer: a DIR would
 * cost three more system calls a folder (fdopendir's fstat and its two
 * fcntl), and the descriptor stays the walk's, to find the entries from. A
 * listing that fails, at once or part way, ends there with *err set to the
 * error (0: the listing is whole): the entries read so far are kept, and
 * the caller reports the folder as unreadable. */
static int list_dir(walker *w, int fd, dir_entries *names, xc_buf *pool, int *err)
{
    *err = 0;
#if defined(__linux__) && defined(__GLIBC__)
    if (!w->dents && !(w->dents = malloc(DENTS_BYTES))) return XC_ERR_NOMEM;
    for (;;) {
        ssize_t got = getdents64(fd, w->dents, DENTS_BYTES);
        if (got < 0) *err = errno;
        if (got <= 0) return 0;
        for (ssize_t off = 0; off < got;) {
            const struct dirent64 *de = (const struct dirent64 *)(w->dents + off);
            off += de->d_reclen;
            /* readdir passes over a deleted entry (inode 0) too */
            if (de->d_ino == 0 || de->d_name[0] == '.') continue;
            if (add_entry(names, pool, de->d_name, de->d_ino, de->d_type)) return XC_ERR_NOMEM;
        }
    }
#else
    int copy = dup(fd);
    DIR *d = copy < 0 ? NULL : fdopendir(copy);
    if (!d) {
        *err = errno;
        if (copy >= 0) close(copy);
        return 0;
    }
    int rc = 0;
    for (;;) {
        errno = 0; /* readdir's end and its failure are told apart by errno */
        struct dirent *de = readdir(d);
        if (!de) {
            *err = errno;
            break;
        }
        if (de->d_name[0] != '.' &&
            (rc = add_entry(names, pool, de->d_name, de->d_ino, de->d_type)))
            break;
    }
    closedir(d);
    return rc;
#endif
}

/* The folder path, open as fd (the walk's from now on: it closes it), whose
 * id *st is; t0: when its opening began (0: not timed). parent and
 * from_folder are the folder's own, for the entry that reports it when its
 * listing fails. */
static int walk_open_dir(walker *w, int fd, uint64_t t0, const char *path, const char *parent,
                         bool from_folder, const struct stat *st)
{
    dir_entries names = {0};
    xc_buf pool = {0};
    int err;
    int rc = list_dir(w, fd, &names, &pool, &err);
    /* the time allowed grows with the entries listed: a long folder in the
     * cache takes over a millisecond to list (5,000 entries: 1.5 ms) */
    if (t0 && xc_now_ns() - t0 >= xc_walk_warm_after_ns * (1 + names.n / 256)) warm_start(w);
    int at = AT_FDCWD;
    if (w->open.n < WALK_OPEN_DIRS) {
        at = fd;
    } else {
        close(fd);
        fd = -1;
    }
    /* Each entry's path is the folder's, a slash, and its name: written in
     * one buffer, long enough for the longest name, name after name. */
    size_t longest = 0, off = 0;
    for (size_t i = 0; i < names.n; i++) {
        names.v[i].name = pool.s + names.v[i].at;
        if (names.v[i].len > longest) longest = names.v[i].len;
    }
    char *child = NULL;
    if (!rc && names.n) {
        size_t plen = strlen(path);
        off = plen + !(plen && path[plen - 1] == '/'); /* as path_join joins */
        if ((child = malloc(off + longest + 1))) {
            memcpy(child, path, plen);
            child[off - 1] = '/';
        } else {
            rc = XC_ERR_NOMEM;
        }
    }
    if (!rc) {
        sort_entries(&names);
        rc = xc_vec_push(&w->open, ((dir_id){st->st_dev, st->st_ino})) ? XC_ERR_NOMEM : 0;
    }
    for (size_t i = 0; !rc && i < names.n; i++) {
        const dir_entry *ent = &names.v[i];
        memcpy(child + off, ent->name, ent->len + 1);
        if (ent->type == DT_REG) {
            /* A regular file, as the folder says: no stat needed. It lives on
             * the folder's device, and the entry's inode number is its own, so
             * the file is known again if it is reached another way. Whatever
             * it turns out to be when opened is checked then. */
            struct stat id = {.st_dev = st->st_dev, .st_ino = ent->ino};
            char why[320];
            rc = visit_id(w, child, path, true, file_reason(child, why, sizeof why), &id);
        } else if (ent->type == DT_DIR && at != AT_FDCWD) {
            rc = walk_subdir(w, at, child + off, child, path);
        } else {
            rc = walk_path(w, at, at == AT_FDCWD ? child : child + off, child, path, true);
        }
    }
    free(child);
    if (fd >= 0) close(fd);
    if (w->open.n) w->open.n--;
    xc_buf_free(&pool);
    xc_vec_free(&names);
    if (!rc && err) {
        /* after the entries it did list: those are read as any others */
        char why[320];
        snprintf(why, sizeof why, "unreadable folder: %s", strerror(err));
        rc = visit(w, path, parent, from_folder, why);
    }
    return rc;
}

static int walk_dir(walker *w, int at, const char *name, const char *path, const char *parent,
                    const struct stat *st)
{
    uint64_t t0 = w->warm || w->warm_failed ? 0 : xc_now_ns();
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        char why[320];
        snprintf(why, sizeof why, "unreadable folder: %s", strerror(errno));
        return visit(w, path, parent, w->open.n > 0, why);
    }
    return walk_open_dir(w, fd, t0, path, parent, w->open.n > 0, st);
}

/* A folder, as its parent's listing says (not a link to one): opened at
 * once, without a stat of its name first, and its id taken from the open
 * descriptor. Whatever goes wrong (it is gone, unreadable, or no longer a
 * folder) is left to walk_path, which stats the name and says what it is,
 * as for any other entry. */
static int walk_subdir(walker *w, int at, const char *name, const char *path, const char *parent)
{
    uint64_t t0 = w->warm || w->warm_failed ? 0 : xc_now_ns();
    int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st)) {
        close(fd);
        fd = -1;
    }
    if (fd < 0) return walk_path(w, at, name, path, parent, true);
    if (dir_is_open(w, &st)) {
        close(fd);
        return visit(w, path, parent, true, "symbolic link loop");
    }
    return walk_open_dir(w, fd, t0, path, parent, true, &st);
}

xc_status xc_walk(const char *const *paths, size_t n, xc_walk_fn fn, void *ctx)
{
    walker w = {.fn = fn, .ctx = ctx};
    int rc = 0;
    for (size_t i = 0; !rc && i < n; i++) {
        w.arg = paths[i];
        w.open.n = 0;
        /* "story/" is walked as "story", so its files are "story/a.md" held
         * by "story" whichever way the folder was named. */
        size_t len = strlen(paths[i]);
        while (len > 1 && paths[i][len - 1] == '/') len--;
        char *path = strndup(paths[i], len);
        /* The folder holding an argument: its path up to the last slash. */
        const char *slash = path ? strrchr(path, '/') : NULL;
        char *dir;
        if (!path)
            dir = NULL;
        else if (!slash)
            dir = strdup(".");
        else if (slash == path)
            dir = strdup("/");
        else
            dir = strndup(path, (size_t)(slash - path));
        if (!dir) {
            free(path);
            rc = XC_ERR_NOMEM;
            break;
        }
        rc = walk_path(&w, AT_FDCWD, path, path, dir, false);
        warm_stop(&w); /* the next argument starts them again if it is cold */
        free(path);
        free(dir);
    }
    xc_vec_free(&w.open);
    free(w.dents);
    return (xc_status)rc;
}

/* ------------------------------------------------------------- reading */

static xc_status skip(xc_doc *doc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static xc_status skip(xc_doc *doc, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    doc->status = XC_DOC_SKIPPED;
    doc->reason = xc_arena_strdup(&doc->arena, msg);
    return doc->reason ? XC_OK : XC_ERR_NOMEM;
}

static size_t max_bytes(const xc_load_opts *opts)
{
    return opts && opts->max_bytes ? opts->max_bytes : DEFAULT_MAX_BYTES;
}

/* The files opened ahead: a ring of paths and descriptors, oldest first,
 * and the folder they are opened from (not the reading's: the files ahead
 * may be in the next folder while the reading is in this one).
 *
 * Asking the kernel to read a file in costs a system call even when the
 * file is in the page cache already, as most of a corpus read a second
 * time is: then nothing is asked for. Whether the files are in the cache
 * is learned from the reading: the first read of a file that was not asked
 * for is made not to wait (RWF_NOWAIT), and fails when the file is not
 * there (cold). While cold, every AHEAD_PROBE-th file is not asked for,
 * so that the reading finds out when the files are in the cache again. */
struct xc_ahead {
    xc_folder from;
    const char *path[XC_AHEAD];
    int fd[XC_AHEAD];
    bool asked[XC_AHEAD]; /* its reading in was asked for */
    size_t head, n;
    bool cold; /* the last file read without being asked for was not in the cache */
    /* how the files are found cold or warm: by probes; or, where reads that
     * do not wait are not supported, taken as cold (all asked for), or as
     * warm on a file system held in memory (none asked for) */
    enum { BY_PROBES, ASK_ALL, ASK_NONE } asking;
    unsigned since; /* files opened ahead while cold */
    size_t n_asked; /* files asked for (xc_folder_asked) */
    size_t cap;     /* at most this many open ahead (ahead_cap) */
};
#define AHEAD_PROBE 16

/* Only the first MiB of a file is asked for ahead: a news article is
 * smaller, and a long document's reading waits for the rest anyway. */
#define AHEAD_BYTES MIB

/* How many files may be open ahead: XC_AHEAD, fewer when the process may
 * hold few descriptors (a quarter of what is left once 128 are kept for
 * the rest: the other threads' files and folders, the walk, the report),
 * none below 132. */
static size_t ahead_cap(void)
{
    size_t limit = fd_limit();
    if (limit <= 128) return 0;
    size_t n = (limit - 128) / 4;
    return n < XC_AHEAD ? n : XC_AHEAD;
}

static void folder_close_dir(xc_folder *folder)
{
    if (folder->dir && folder->fd >= 0) close(folder->fd);
    free(folder->dir);
    folder->dir = NULL;
}

/* Closes the files opened ahead (and their folder). */
static void close_ahead(struct xc_ahead *a)
{
    for (; a->n; a->n--, a->head = (a->head + 1) % XC_AHEAD) close(a->fd[a->head]);
    folder_close_dir(&a->from);
}

void xc_folder_close(xc_folder *folder)
{
    folder_close_dir(folder);
    struct xc_ahead *a = folder->ahead;
    if (!a) return;
    close_ahead(a);
    free(a);
    folder->ahead = NULL;
}

/* Opens path, from folder when path is in it (opening it first when it is
 * another folder's). A folder that cannot be opened is remembered as such
 * (fd -1), and its files are opened by their paths, so that what fails is
 * reported as it would be without the folder. */
static int open_in(const char *path, int flags, xc_folder *folder)
{
    const char *slash = folder ? strrchr(path, '/') : NULL;
    if (!slash || !slash[1]) return open(path, flags);
    size_t dlen = (size_t)(slash - path);
    if (!folder->dir || strlen(folder->dir) != dlen || memcmp(folder->dir, path, dlen)) {
        folder_close_dir(folder);
        char *dir = strndup(path, dlen ? dlen : 1); /* "/x": the root */
        if (!dir) return open(path, flags);
        folder->fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (!dlen) dir[0] = '\0'; /* compared by its length: none */
        folder->dir = dir;
    }
    return folder->fd < 0 ? open(path, flags) : openat(folder->fd, slash + 1, flags);
}

/* O_NONBLOCK: opening a FIFO must not hang; it is refused when read. */
#define READ_FLAGS (O_RDONLY | O_NONBLOCK | O_CLOEXEC)

bool xc_folder_ahead(xc_folder *folder, const char *path)
{
    struct xc_ahead *a = folder->ahead;
    if (!a) {
        a = folder->ahead = calloc(1, sizeof *a);
        if (!a) return false;
        a->cap = ahead_cap();
    }
    if (a->n >= a->cap) return false;
    int fd = open_in(path, READ_FLAGS, &a->from);
    if (fd < 0) return errno != EMFILE && errno != ENFILE; /* no more descriptors: stop */
    bool ask =
        a->asking == ASK_ALL || (a->asking == BY_PROBES && a->cold && ++a->since % AHEAD_PROBE);
    /* the reading says what the file is; for one that is not a regular
     * file this does nothing */
    if (ask) {
        (void)posix_fadvise(fd, 0, (off_t)AHEAD_BYTES, POSIX_FADV_WILLNEED);
        a->n_asked++;
    }
    size_t k = (a->head + a->n++) % XC_AHEAD;
    a->path[k] = path;
    a->fd[k] = fd;
    a->asked[k] = ask;
    return true;
}

size_t xc_folder_asked(const xc_folder *folder)
{
    return folder->ahead ? folder->ahead->n_asked : 0;
}

/* The descriptor opened ahead for path, or -1 (then it is opened now);
 * *probe: its first read tells whether the files are in the page cache.
 * The files opened ahead of it are closed: they were read by another
 * thread, or passed over. */
static int take_ahead(xc_folder *folder, const char *path, bool *probe)
{
    struct xc_ahead *a = folder ? folder->ahead : NULL;
    *probe = false;
    if (!a) return -1;
    size_t k = 0;
    for (const char *p; k < a->n; k++)
        if ((p = a->path[(a->head + k) % XC_AHEAD]) == path || !strcmp(p, path)) break;
    if (k == a->n) return -1;
    for (; k; k--, a->n--, a->head = (a->head + 1) % XC_AHEAD) close(a->fd[a->head]);
    *probe = a->asking == BY_PROBES && !a->asked[a->head];
    int fd = a->fd[a->head];
    a->head = (a->head + 1) % XC_AHEAD;
    a->n--;
    return fd;
}

/* What a read made not to wait for the disk told of its file. */
enum nowait {
    NOWAIT_WARM,    /* all of it was in the page cache */
    NOWAIT_COLD,    /* some of it was not */
    NOWAIT_UNKNOWN, /* interrupted: nothing learned */
    NOWAIT_NONE,    /* such reads are not supported where the file is */
    NOWAIT_MEMORY,  /* not supported, but the file system is held in memory */
};

/* On a file system held in memory (tmpfs, as /tmp and /dev/shm often are,
 * or ramfs) files are always in the page cache. */
static bool in_memory_fs(int fd)
{
#ifdef __linux__
    struct statfs fs;
    return !fstatfs(fd, &fs) && (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC);
#else
    (void)fd;
    return false;
#endif
}

/* The first read of a file, made not to wait for the disk (RWF_NOWAIT):
 * *how says whether the file was in the page cache; when it was not (or
 * the read could not be made so), it is read as read(2) would. Returns
 * what read(2) would. */
static ssize_t nowait_read(int fd, char *buf, size_t n, enum nowait *how)
{
#ifdef RWF_NOWAIT
    struct iovec iov = {buf, n};
    ssize_t r = preadv2(fd, &iov, 1, -1, RWF_NOWAIT);
    if (r >= 0) {
        *how = (size_t)r < n ? NOWAIT_COLD : NOWAIT_WARM;
        return r;
    }
    if (errno == EAGAIN)
        *how = NOWAIT_COLD;
    else if (errno == EINTR)
        *how = NOWAIT_UNKNOWN;
    else
        *how = in_memory_fs(fd) ? NOWAIT_MEMORY : NOWAIT_NONE;
#else
    *how = in_memory_fs(fd) ? NOWAIT_MEMORY : NOWAIT_NONE;
#endif
    return read(fd, buf, n);
}

/* The first read of a file opened ahead and not asked for: whether it
 * waits says whether the next files are asked for (struct xc_ahead).
 * Where reads that do not wait are not supported, the files are asked for
 * from now on, unless they are on a file system held in memory, where
 * asking would cost a system call a file for nothing. */
static ssize_t probe_read(int fd, char *buf, size_t n, struct xc_ahead *a)
{
    enum nowait how;
    ssize_t r = nowait_read(fd, buf, n, &how);
    if (how == NOWAIT_WARM || how == NOWAIT_COLD) a->cold = how == NOWAIT_COLD;
    if (how == NOWAIT_NONE) a->asking = ASK_ALL;
    if (how == NOWAIT_MEMORY) a->asking = ASK_NONE;
    return r;
}

/* The first read of a file a thread reads itself while its folder is
 * watching (xc_folder): folder->cold is set when the file was not in the
 * page cache, or when that cannot be told; the watch ends when it is found
 * to be on a file system held in memory. */
static ssize_t watch_read(int fd, char *buf, size_t n, xc_folder *folder)
{
    enum nowait how;
    ssize_t r = nowait_read(fd, buf, n, &how);
    if (how == NOWAIT_COLD || how == NOWAIT_NONE) folder->cold = true;
    if (how == NOWAIT_MEMORY) folder->watch = false;
    return r;
}

xc_status xc_corpus_read(xc_doc *doc, const char *path, const xc_load_opts *opts, xc_folder *folder)
{
    doc->format = format_of(path);
    bool probe;
    int fd = take_ahead(folder, path, &probe);
    bool watch = fd < 0 && folder && folder->watch;
    if (fd < 0) fd = open_in(path, READ_FLAGS, folder);
    if (fd < 0 && (errno == EMFILE || errno == ENFILE) && folder && folder->ahead &&
        folder->ahead->n) {
        /* the files opened ahead hold the descriptors this one needs */
        close_ahead(folder->ahead);
        fd = open_in(path, READ_FLAGS, folder);
    }
    if (fd < 0) return skip(doc, "cannot read: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st)) {
        int e = errno;
        close(fd);
        return skip(doc, "cannot read: %s", strerror(e));
    }
    xc_status rc = XC_OK;
    size_t limit = max_bytes(opts);
    if (S_ISDIR(st.st_mode)) {
        rc = skip(doc, "is a directory");
    } else if (!S_ISREG(st.st_mode)) {
        rc = skip(doc, "not a regular file");
    } else if (st.st_size == 0) {
        rc = skip(doc, "empty file");
    } else if ((uintmax_t)st.st_size > limit) {
        if (limit % MIB == 0)
            rc = skip(doc, "larger than %zu MiB", limit / MIB);
        else
            rc = skip(doc, "larger than %zu bytes", limit);
    } else {
        size_t size = (size_t)st.st_size, got = 0;
        doc->raw = malloc(size + 1);
        if (!doc->raw) {
            close(fd);
            return XC_ERR_NOMEM;
        }
        while (got < size) {
            ssize_t r = probe   ? probe_read(fd, doc->raw, size, folder->ahead)
                        : watch ? watch_read(fd, doc->raw, size, folder)
                                : read(fd, doc->raw + got, size - got);
            probe = watch = false;
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) {
                rc = skip(doc, "cannot read: %s", strerror(errno));
                break;
            }
            if (r == 0) break; /* the file shrank while being read */
            got += (size_t)r;
        }
        doc->raw[got] = '\0';
        doc->raw_len = got;
        if (rc == XC_OK && doc->status == XC_DOC_OK && got == 0) rc = skip(doc, "empty file");
    }
    close(fd);
    return rc;
}

/* ------------------------------------------------------------ decoding */

/* Windows-1252 0x80..0x9F; 0 marks the five bytes it leaves undefined. */
static const uint16_t cp1252[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

static size_t utf8_encode(int32_t cp, char *o)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Length of the valid UTF-8 sequence at s[i] (a byte >= 0x80), or 0;
 * *cpp: its code point. */
static size_t utf8_seq(const unsigned char *s, size_t n, size_t i, int32_t *cpp)
{
    int32_t cp;
    size_t l = xc_utf8_decode((const char *)s, n, i, &cp);
    *cpp = cp;
    return (l == 1 || cp == 0xFFFD) &&
                   !(l == 3 && s[i] == 0xEF && s[i + 1] == 0xBF && s[i + 2] == 0xBD)
               ? 0
               : l;
}

/* Offset of the first byte that is not plain valid UTF-8 (invalid or NUL)
 * in s[i..n), or n. */
static size_t first_problem(const unsigned char *s, size_t i, size_t n)
{
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            /* No high bit and no zero byte: eight ASCII characters. */
            if (!(w & 0x8080808080808080ull) &&
                !((w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull)) {
                i += 8;
                continue;
            }
        }
        if (s[i] == 0) return i;
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        int32_t cp;
        size_t l = utf8_seq(s, n, i, &cp);
        if (!l) return i;
        i += l;
    }
    return n;
}

/* The bytes of the eight that are not printable ASCII (a high bit, below
 * 0x20, or DEL), marked by their high bit, exactly up to the first of them:
 * no borrow or carry from the printable bytes below it reaches it, so it
 * has its high bit in w + 0x01... (DEL becomes 0x80, 0x80..0xFE stay high)
 * or in w - 0x20... (below 0x20 wraps to 0xE0 and up, 0xFF becomes 0xDF),
 * and none of the bytes below it has. Bytes after the first may be marked
 * wrongly; the first mark and whether there is one are right. */
static uint64_t not_plain_marks(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    return ((w + ones) | (w - 0x20 * ones)) & highs;
}

/* How many bytes of printable ASCII the 32 bytes at s start with (32 when
 * all are). The marks of the four words are ORed for the common answer;
 * only a block that has a mark is looked at word by word. */
static size_t plain_prefix32(const unsigned char *s)
{
    const char *c = (const char *)s;
    uint64_t m[4] = {not_plain_marks(xc_load_le64(c)), not_plain_marks(xc_load_le64(c + 8)),
                     not_plain_marks(xc_load_le64(c + 16)), not_plain_marks(xc_load_le64(c + 24))};
    if (!(m[0] | m[1] | m[2] | m[3])) return 32;
    size_t k = 0;
    while (!m[k]) k++;
    return 8 * k + ((size_t)__builtin_ctzll(m[k]) >> 3);
}

/* Counts as binary: a NUL, or more than 10% control characters among the
 * first SNIFF_BYTES. */
static bool sniff_ctrl(unsigned char c)
{
    return (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' &&
            c != 0x1B) ||
           c == 0x7F;
}

/* What sniff learns of the raw bytes besides the first problem. */
typedef struct {
    bool binary; /* the first m bytes look binary */
    bool high;   /* a byte past ASCII from start on (read only when there is no problem) */
    /* With no problem and no CR from start on: doc->lines holds the line
     * starts of the bytes from start on (they are utf8 then, and
     * build_lines need not look for them again). */
    bool lines;
    /* a code point from start on that nfc_as_is does not vouch for (read
     * only when there is no problem) */
    bool nfc_unsure;
} sniffed;

/* Code points that NFC (xc_text_append_nfc) leaves as they are wherever
 * they stand, when every code point of the text is one of them: each is
 * stable alone and none continues a cluster (text.c), so every cluster is
 * one code point, copied. Latin letters and their accents precomposed,
 * the punctuation of news text (dashes, curly quotes, ellipsis), currency
 * signs, the trademark sign, and U+FFFD. test_nfc_as_is checks each against
 * xc_text_append_nfc. */
static bool nfc_as_is(int32_t cp)
{
    return cp < 0x300 || (cp >= 0x2010 && cp <= 0x205E) || (cp >= 0x20A0 && cp <= 0x20C0) ||
           cp == 0x2122 || cp == 0xFFFD;
}

/* One pass for the questions decoding asks of the raw bytes s[0..n): do
 * the first m bytes look binary, is there a byte past ASCII from `start`
 * on (after a byte order mark), where do its lines start, and where, from
 * start on, is the first byte that is not plain valid UTF-8 (invalid or
 * NUL)? Returns that offset, or n. Runs of printable ASCII answer all of
 * them and are skipped 32 bytes at a time; other bytes are looked at one
 * by one (UTF-8 sequences whole: their bytes are never control bytes), a
 * line feed among them the start of a line of doc (none when doc is NULL).
 * Once the first problem is found, only the rest of the first m bytes is
 * read. */
static size_t sniff(const unsigned char *s, size_t n, size_t start, size_t m, sniffed *out,
                    xc_doc *doc)
{
    size_t ctrl = 0, problem = n, i = 0;
    bool nul = false, cr = false, lines = doc != NULL;
    out->high = out->nfc_unsure = false;
    /* room for lines of 64 bytes on average, as build_lines reserves it */
    if (lines) doc->lines.n = 0;
    if (lines &&
        (xc_vec_reserve_exact(&doc->lines, (n - start) / 64 + 16) || xc_vec_push(&doc->lines, 0)))
        lines = false;
    while (i < n) {
        if (problem != n) {
            /* Only the control bytes of the first m are still wanted. */
            for (; i < m; i++) {
                nul |= s[i] == 0;
                ctrl += sniff_ctrl(s[i]);
            }
            break;
        }
        /* Most of a news text is lines of printable ASCII: they are skipped
         * 32 bytes at a time, straight to the byte that is not (a line of
         * news text is a paragraph: several blocks in a row). */
        if (i + 32 <= n) {
            size_t k;
            while ((k = plain_prefix32(s + i)) == 32 && (i += 32) + 32 <= n) continue;
            if (k == 32) continue;
            i += k;
        } else if (i + 8 <= n && !not_plain_marks(xc_load_le64((const char *)s + i))) {
            i += 8;
            continue;
        }
        unsigned char c = s[i];
        if (c == '\n') { /* neither a control byte nor a problem */
            if (lines && xc_vec_push(&doc->lines, i - start + 1)) lines = false;
            i++;
            continue;
        }
        if (c < 0x80) {
            if (i < m) {
                nul |= c == 0;
                ctrl += sniff_ctrl(c);
            }
            if (c == 0 && i >= start) problem = i;
            cr |= c == '\r';
            i++;
            continue;
        }
        int32_t cp;
        size_t l = utf8_seq(s, n, i, &cp);
        if (!l && i >= start) problem = i;
        if (i >= start) {
            out->high = true;
            out->nfc_unsure |= !nfc_as_is(cp);
        }
        i += l ? l : 1;
    }
    out->binary = nul || ctrl * 10 > m;
    out->lines = lines && problem == n && !cr;
    return problem;
}

/* Line starts of utf8; *cr says whether it has a carriage return (the
 * markup pass then knows that it need not look for one). */
static void build_lines(xc_doc *doc, int *oom, bool *cr)
{
    doc->lines.n = 0;
    /* room for lines of 64 bytes on average: most documents need no more,
     * and a long one with longer lines gives back the rest */
    if (xc_vec_reserve_exact(&doc->lines, doc->utf8_len / 64 + 16)) goto fail;
    if (xc_vec_push(&doc->lines, 0)) goto fail;
    const char *s = doc->utf8, *end = s + doc->utf8_len;
    *cr = memchr(s, '\r', doc->utf8_len) != NULL;
    if (!*cr) {
        for (const char *p = s; (p = memchr(p, '\n', (size_t)(end - p))); p++)
            if (xc_vec_push(&doc->lines, (size_t)(p - s) + 1)) goto fail;
    } else {
        for (size_t i = 0; i < doc->utf8_len; i++) {
            if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= doc->utf8_len || s[i + 1] != '\n')))
                if (xc_vec_push(&doc->lines, i + 1)) goto fail;
        }
    }
    xc_vec_shrink(&doc->lines);
    return;
fail:
    *oom = 1;
}

/* Warns at a raw offset, with the line and column of that place. */
static void warn_raw(xc_doc *doc, const char *code, size_t raw, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void warn_raw(xc_doc *doc, const char *code, size_t raw, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    unsigned line = 0, col = 0;
    if (doc->lines.n && raw != SIZE_MAX) xc_doc_position(doc, raw, &line, &col);
    xc_diags_add_text(doc->diags, XC_WARNING, code, doc->path, line, col, raw, NULL, msg);
}

typedef struct {
    size_t off;
    unsigned char byte;
} bad_byte;

/* raw -> utf8 and utf8_map; warnings are recorded once lines exist. *cr
 * as build_lines's. sn: what sniff found (bad: its first problem). */
static xc_status decode_utf8(xc_doc *doc, size_t bad, const sniffed *sn, bool *cr)
{
    const unsigned char *s = (const unsigned char *)doc->raw;
    size_t n = doc->raw_len, start = 0;
    if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) start = 3;
    if (bad == n) {
        if (start == 0) { /* the fast path: used in place, identity map */
            doc->utf8 = doc->raw;
            doc->utf8_len = n;
        } else {
            doc->utf8 = malloc(n - start + 1);
            if (!doc->utf8) return XC_ERR_NOMEM;
            memcpy(doc->utf8, doc->raw + start, n - start + 1);
            doc->utf8_len = n - start;
            if (xc_omap_copy(&doc->utf8_map, 0, start, n - start)) return XC_ERR_NOMEM;
        }
        if (sn->lines) { /* sniff found them, and no CR */
            xc_vec_shrink(&doc->lines);
            *cr = false;
            return XC_OK;
        }
        int oom = 0;
        build_lines(doc, &oom, cr);
        return oom ? XC_ERR_NOMEM : XC_OK;
    }

    /* Slow path. Is it Windows-1252 or UTF-8 with damage? Windows-1252 when
     * no byte is one it leaves undefined and stray high bytes outnumber
     * valid multi-byte sequences two to one (a UTF-8 file with one bad byte
     * has many good sequences; a Latin-1 file has at most a few by chance,
     * and those are kept as UTF-8). */
    size_t valid = 0, stray = 0;
    bool undefined = false;
    for (size_t i = start; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        int32_t cp;
        size_t l = utf8_seq(s, n, i, &cp);
        if (l) {
            valid++;
            i += l;
            continue;
        }
        stray++;
        if (s[i] < 0xA0 && !cp1252[s[i] - 0x80]) undefined = true;
        i++;
    }
    bool latin1 = stray > 0 && !undefined && stray > 2 * valid;
    xc_buf out = {0};
    /* most bytes are copied, a few become 2 or 3: a quarter more is room
     * enough for most files (the buffer doubles past it) */
    if (xc_buf_reserve_exact(&out, n + n / 4 + 16)) return XC_ERR_NOMEM;
    bad_byte bads[MAX_BYTE_WARNINGS], nuls[MAX_BYTE_WARNINGS];
    size_t nbad = 0, nnul = 0, first_latin1 = SIZE_MAX;
    size_t i = start;
    while (i < n) {
        size_t j = first_problem(s, i, n);
        if (j > i) {
            size_t at = out.len;
            if (xc_buf_add(&out, doc->raw + i, j - i) || xc_omap_copy(&doc->utf8_map, at, i, j - i))
                goto oom;
        }
        if (j >= n) break;
        char enc[4];
        size_t el;
        unsigned char c = s[j];
        if (c == 0) {
            if (nnul < MAX_BYTE_WARNINGS) nuls[nnul] = (bad_byte){j, c};
            nnul++;
            el = utf8_encode(0xFFFD, enc);
        } else if (latin1) {
            if (first_latin1 == SIZE_MAX) first_latin1 = j;
            el = utf8_encode(c < 0xA0 ? cp1252[c - 0x80] : c, enc);
        } else {
            if (nbad < MAX_BYTE_WARNINGS) bads[nbad] = (bad_byte){j, c};
            nbad++;
            el = utf8_encode(0xFFFD, enc);
        }
        size_t at = out.len;
        if (xc_buf_add(&out, enc, el) || xc_omap_replace(&doc->utf8_map, at, el, j, 1)) goto oom;
        i = j + 1;
    }
    xc_buf_shrink(&out);
    doc->utf8 = out.s;
    doc->utf8_len = out.len;
    int oom = 0;
    build_lines(doc, &oom, cr);
    if (oom) return XC_ERR_NOMEM;
    if (first_latin1 != SIZE_MAX)
        warn_raw(doc, "latin1", first_latin1,
                 "not valid UTF-8: read as Windows-1252 (Latin-1); first such byte 0x%02X at "
                 "byte offset %zu",
                 s[first_latin1], first_latin1);
    for (size_t k = 0; k < nbad && k < MAX_BYTE_WARNINGS; k++)
        warn_raw(doc, "invalid-utf8", bads[k].off,
                 "invalid UTF-8 byte 0x%02X at byte offset %zu replaced with U+FFFD", bads[k].byte,
                 bads[k].off);
    if (nbad > MAX_BYTE_WARNINGS)
        warn_raw(doc, "invalid-utf8", SIZE_MAX,
                 "%zu more invalid UTF-8 bytes replaced with U+FFFD (%zu in all)",
                 nbad - MAX_BYTE_WARNINGS, nbad);
    for (size_t k = 0; k < nnul && k < MAX_BYTE_WARNINGS; k++)
        warn_raw(doc, "nul-byte", nuls[k].off, "NUL byte at byte offset %zu replaced with U+FFFD",
                 nuls[k].off);
    if (nnul > MAX_BYTE_WARNINGS)
        warn_raw(doc, "nul-byte", SIZE_MAX, "%zu more NUL bytes replaced with U+FFFD (%zu in all)",
                 nnul - MAX_BYTE_WARNINGS, nnul);
    return XC_OK;
oom:
    xc_buf_free(&out);
    return XC_ERR_NOMEM;
}

/* ------------------------------------------------------------ metadata */

static const char *const month_names[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec"};

/* Month number of a name or its 3-letter prefix ("Apr", "April"), or 0. */
static int month_of(const char *s, size_t n)
{
    static const char *const full[] = {"january",   "february", "march",    "april",
                                       "may",       "june",     "july",     "august",
                                       "september", "october",  "november", "december"};
    /* Every name is three to nine letters long and begins with one of
     * "jfmasond": most words of a header line are turned down by those two
     * tests before any of the 25 comparisons. */
    if (n < 3 || n > 9 || !memchr("jfmasond", s[0] | 0x20, 8)) return 0;
    for (int m = 0; m < 12; m++)
        if (xc_ieq(s, n, month_names[m]) || xc_ieq(s, n, full[m]) ||
            (n == 4 && m == 8 && xc_ieq(s, n, "sept")))
            return m + 1;
    return 0;
}

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return n > 0;
}

/* Value of a run of digits; runs too long for a date part saturate at 99999. */
static int num(const char *s, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        v = v * 10 + (s[i] - '0');
        if (v > 99999) return 99999;
    }
    return v;
}

/* Normalizes a date as written in metadata to YYYY-MM-DD in out[11]:
 * "2014-04-13", "2014-04-13T10:00:00Z", "2014/04/13", "04/13/2014",
 * "April 13, 2014", "13 April 2014", "Sun, 13 Apr 2014 10:00:00 GMT". */
static bool normalize_date(const char *s, char out[11])
{
    /* Split into tokens of digits or letters; remember the separators. */
    struct {
        const char *p;
        size_t n;
    } tok[8];
    size_t nt = 0;
    for (const char *p = s; *p && nt < 8;) {
        bool digit = *p >= '0' && *p <= '9';
        bool alpha = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z');
        if (!digit && !alpha) {
            if (*p == 'T' || *p == ':') break;
            p++;
            continue;
        }
        const char *q = p;
        while (*q && (digit ? (*q >= '0' && *q <= '9')
                            : ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))))
            q++;
        tok[nt].p = p;
        tok[nt].n = (size_t)(q - p);
        nt++;
        p = q;
        if (*p == 'T' && digit) break; /* ISO time part follows */
        if (*p == ':') {
            nt--; /* a time: "10:00" is not part of the date */
            break;
        }
    }
    int y = 0, m = 0, d = 0;
    size_t k = 0;
    /* Skip leading words: a weekday, "Published", "Updated". */
    while (k < nt && k < 2 && !all_digits(tok[k].p, tok[k].n) && !month_of(tok[k].p, tok[k].n)) k++;
    if (nt >= k + 3) {
        const char *a = tok[k].p, *b = tok[k + 1].p, *c = tok[k + 2].p;
        size_t an = tok[k].n, bn = tok[k + 1].n, cn = tok[k + 2].n;
        if (all_digits(a, an) && an == 4 && all_digits(b, bn) && all_digits(c, cn)) {
            y = num(a, an), m = num(b, bn), d = num(c, cn); /* 2014-04-13 */
        } else if (all_digits(a, an) && all_digits(b, bn) && all_digits(c, cn) && cn == 4) {
            m = num(a, an), d = num(b, bn), y = num(c, cn); /* 04/13/2014 */
        } else if (month_of(a, an) && all_digits(b, bn) && all_digits(c, cn) && cn == 4) {
            m = month_of(a, an), d = num(b, bn), y = num(c, cn); /* April 13, 2014 */
        } else if (all_digits(a, an) && month_of(b, bn) && all_digits(c, cn) && cn == 4) {
            d = num(a, an), m = month_of(b, bn), y = num(c, cn); /* 13 April 2014 */
        }
    }
    if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return false;
    char tmp[40]; /* the ranges are checked above; the size keeps -Wformat-truncation quiet */
    snprintf(tmp, sizeof tmp, "%04d-%02d-%02d", y, m, d);
    memcpy(out, tmp, 11);
    int yy, mm, dd;
    return xc_parse_iso_date(out, &yy, &mm, &dd);
}

/* Sets a metadata field unless already set. Collapses white space. */
static int set_meta(xc_doc *doc, char **field, const char *v, size_t n)
{
    if (*field) return 0;
    while (n && (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')) v++, n--;
    while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\n' || v[n - 1] == '\r')) n--;
    if (!n) return 0;
    char *s = xc_arena_alloc(&doc->arena, n + 1);
    if (!s) return -1;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char c = v[i];
        bool sp = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (sp && o && s[o - 1] == ' ') continue;
        s[o++] = sp ? ' ' : c;
    }
    s[o] = '\0';
    *field = s;
    return 0;
}

static int set_date(xc_doc *doc, const char *v, size_t n, size_t raw_at)
{
    if (doc->date) return 0;
    char tmp[128], iso[11];
    if (n >= sizeof tmp) n = sizeof tmp - 1;
    memcpy(tmp, v, n);
    tmp[n] = '\0';
    if (normalize_date(tmp, iso)) return set_meta(doc, &doc->date, iso, 10);
    warn_raw(doc, "meta-date", raw_at, "date '%s' is not a date crosscheck understands; ignored",
             tmp);
    return 0;
}

/* Which field a front matter key or HTML meta name fills. */
static char **meta_field(xc_doc *doc, const char *k, size_t n, bool *is_date)
{
    static const char *const titles[] = {"title", "og:title", "headline", "twitter:title"};
    static const char *const sources[] = {"source",       "outlet",    "publisher",
                                          "og:site_name", "site_name", "application-name"};
    static const char *const dates[] = {"date",          "article:published_time",
                                        "published",     "published_time",
                                        "pubdate",       "publishdate",
                                        "dc.date",       "dcterms.date",
                                        "datepublished", "date_published"};
    static const char *const urls[] = {"url", "og:url", "link", "canonical"};
    static const char *const authors[] = {"author", "article:author", "byline", "dc.creator",
                                          "authors"};
    *is_date = false;
#define XC_IN(list)                                                                                \
    for (size_t i = 0; i < sizeof list / sizeof *list; i++)                                        \
        if (xc_ieq(k, n, list[i]))
    XC_IN(titles) return &doc->title;
    XC_IN(sources) return &doc->source;
    XC_IN(urls) return &doc->url;
    XC_IN(authors) return &doc->author;
    XC_IN(dates)
    {
        *is_date = true;
        return &doc->date;
    }
#undef XC_IN
    return NULL;
}

static int meta_value(xc_doc *doc, const char *k, size_t kn, const char *v, size_t vn,
                      size_t raw_at)
{
    bool is_date;
    char **f = meta_field(doc, k, kn, &is_date);
    if (!f) return 0;
    return is_date ? set_date(doc, v, vn, raw_at) : set_meta(doc, f, v, vn);
}

/* Front matter: "---" line, YAML, "---" or "..." line, at the very start.
 * Returns the utf8 offset where the body starts (0 when there is none). */
static size_t front_matter(xc_doc *doc, int *oom)
{
    const char *s = doc->utf8;
    size_t n = doc->utf8_len;
    if (n < 4 || memcmp(s, "---", 3)) return 0;
    size_t i = 3;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i < n && s[i] == '\r') i++;
    if (i >= n || s[i] != '\n') return 0;
    size_t yaml_start = ++i, yaml_end = 0, body = 0;
    while (i < n) {
        size_t e = i;
        while (e < n && s[e] != '\n') e++;
        size_t le = e;
        while (le > i && (s[le - 1] == '\r' || s[le - 1] == ' ' || s[le - 1] == '\t')) le--;
        if (le - i == 3 && (!memcmp(s + i, "---", 3) || !memcmp(s + i, "...", 3))) {
            yaml_end = i;
            body = e < n ? e + 1 : n;
            break;
        }
        i = e + 1;
    }
    if (!body) return 0; /* no closing line: a thematic break, not front matter */

    unsigned first_line = 2; /* the YAML starts on line 2 of the file */
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        *oom = 1;
        return body;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)s + yaml_start, yaml_end - yaml_start);
    /* Values are kept aside and applied once parsing is over: after a syntax
     * error only those on lines before the error are trusted. */
    struct fm_value {
        const char *key, *value;
        size_t value_len, at, line;
    } found[32];
    size_t nfound = 0;
    int depth = 0; /* collection nesting: the metadata mapping is depth 1 */
    bool want_key = true, ok = true, author_list = false;
    const char *key = NULL;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            ok = false;
            break;
        }
        yaml_event_type_t t = ev.type;
        size_t at = xc_omap_start(&doc->utf8_map, yaml_start + ev.start_mark.index);
        if (depth == 0 && (t == YAML_SEQUENCE_START_EVENT || t == YAML_SCALAR_EVENT))
            warn_raw(doc, "front-matter", at, "front matter is not a mapping of keys to values");
        if (t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT) {
            /* A nested value is skipped, except "author: [first, second]". */
            author_list = depth == 1 && t == YAML_SEQUENCE_START_EVENT && key &&
                          (!strcmp(key, "author") || !strcmp(key, "authors"));
            if (depth == 1) want_key = true;
            depth++;
        } else if (t == YAML_MAPPING_END_EVENT || t == YAML_SEQUENCE_END_EVENT) {
            depth--;
            author_list = false;
        } else if (t == YAML_SCALAR_EVENT && (depth == 1 || (depth == 2 && author_list))) {
            const char *v = (const char *)ev.data.scalar.value;
            size_t vn = ev.data.scalar.length;
            if (depth == 1 && want_key) {
                key = xc_arena_strndup(&doc->arena, v, vn);
                if (!key) *oom = 1;
                want_key = false;
            } else if (key && nfound < sizeof found / sizeof *found) {
                const char *copy = xc_arena_strndup(&doc->arena, v, vn);
                if (!copy) *oom = 1;
                found[nfound++] = (struct fm_value){key, copy, vn, at, ev.start_mark.line};
                if (depth == 1) want_key = true;
                author_list = false; /* the first author only */
            }
        }
        bool end = t == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
        if (end) break;
    }
    size_t trusted = SIZE_MAX;
    if (!ok) {
        trusted = p.problem_mark.line;
        unsigned line = first_line + (unsigned)p.problem_mark.line;
        unsigned col = (unsigned)p.problem_mark.column + 1;
        size_t at = xc_omap_start(&doc->utf8_map, yaml_start + p.problem_mark.index);
        xc_diags_add(doc->diags, XC_WARNING, "front-matter", doc->path, line, col, at, NULL,
                     "malformed front matter: %s%s%s", p.problem ? p.problem : "syntax error",
                     p.context ? " " : "", p.context ? p.context : "");
    }
    for (size_t k = 0; k < nfound && !*oom; k++)
        if (found[k].line < trusted && found[k].value &&
            meta_value(doc, found[k].key, strlen(found[k].key), found[k].value, found[k].value_len,
                       found[k].at))
            *oom = 1;
    yaml_parser_delete(&p);
    return body;
}

/* -------------------------------------------------------------- markup */

typedef struct {
    xc_doc *doc;
    const char *s; /* utf8 */
    size_t n;
    xc_doc_format fmt;
    xc_buf out;
    xc_omap *map;
    bool in_head;                /* HTML <head>: text dropped */
    bool space_pending;          /* HTML white space waiting for the next text */
    size_t space_at;             /* its utf8 offset */
    size_t heading_start;        /* text offset of an open heading, or SIZE_MAX */
    size_t link_close, link_end; /* markdown [text](url): where "](" starts / ")" ends */
    size_t disable_start;        /* raw offset of an open crosscheck-disable, or SIZE_MAX */
    XC_VEC(struct xc_suppress) sup;
    size_t last_gt; /* offset of the last '>' in the document, or SIZE_MAX */
    int oom;
    bool as_is; /* utf8 is its own NFC: ASCII, or every code point nfc_as_is */
    /* Plain text: the next '<', '&' and CR (next_text_special), by SP_*. */
    bool sp_known[3];
    size_t sp_from[3], sp_at[3];
} markup;

/* The bytes next_text_special looks for, indexes of markup.sp_*. */
enum { SP_LT, SP_AMP, SP_CR, SP_COUNT };
static const char sp_chars[SP_COUNT] = {'<', '&', '\r'};

/* What next_text_special knows of special byte k: the first one in
 * [from, n) is at `at` (n: none). */
static void sp_seed(markup *m, int k, size_t from, size_t at)
{
    m->sp_known[k] = true;
    m->sp_from[k] = from;
    m->sp_at[k] = at;
}

/* Writes the collapsed HTML white space that precedes new text. */
static void flush_space(markup *m)
{
    if (!m->space_pending) return;
    m->space_pending = false;
    size_t at = m->out.len;
    if (xc_buf_addc(&m->out, ' ') || xc_omap_replace(m->map, at, 1, m->space_at, 1)) m->oom = 1;
}

static void emit(markup *m, size_t in, size_t len)
{
    if (!len || m->in_head) return;
    flush_space(m);
    if (m->as_is) { /* its own NFC: copied as it is */
        size_t at = m->out.len;
        if (xc_buf_add(&m->out, m->s + in, len) || xc_omap_copy(m->map, at, in, len)) m->oom = 1;
    } else if (xc_text_append_nfc(&m->out, m->map, m->s, in, len)) {
        m->oom = 1;
    }
}

static void emit_str(markup *m, const char *str, size_t slen, size_t in, size_t in_len)
{
    if (m->in_head) return;
    flush_space(m);
    for (size_t k = 0; k < slen; k++)
        if ((unsigned char)str[k] >= 0x80) m->doc->text_ascii = false; /* an entity */
    size_t at = m->out.len;
    if (xc_buf_add(&m->out, str, slen) || xc_omap_replace(m->map, at, slen, in, in_len)) m->oom = 1;
}

/* A paragraph break: generated text, mapped to the end of what precedes it. */
static void para_break(markup *m)
{
    m->space_pending = false;
    size_t l = m->out.len;
    if (m->in_head || l == 0) return;
    if (l >= 2 && m->out.s[l - 1] == '\n' && m->out.s[l - 2] == '\n') return;
    if (xc_buf_adds(&m->out, m->out.s[l - 1] == '\n' ? "\n" : "\n\n")) m->oom = 1;
}

static void add_heading(markup *m, size_t start, size_t end)
{
    if (end > start && xc_vec_push(&m->doc->headings, ((xc_range){start, end}))) m->oom = 1;
}

/* Named entities: the common ones of news HTML. */
static const struct {
    const char *name;
    int32_t cp;
} entities[] = {
    {"amp", '&'},      {"lt", '<'},        {"gt", '>'},        {"quot", '"'},
    {"apos", '\''},    {"nbsp", 0xA0},     {"ndash", 0x2013},  {"mdash", 0x2014},
    {"lsquo", 0x2018}, {"rsquo", 0x2019},  {"sbquo", 0x201A},  {"ldquo", 0x201C},
    {"rdquo", 0x201D}, {"bdquo", 0x201E},  {"hellip", 0x2026}, {"laquo", 0xAB},
    {"raquo", 0xBB},   {"lsaquo", 0x2039}, {"rsaquo", 0x203A}, {"prime", 0x2032},
    {"Prime", 0x2033}, {"minus", 0x2212},  {"shy", 0xAD},      {"thinsp", 0x2009},
    {"ensp", 0x2002},  {"emsp", 0x2003},   {"zwj", 0x200D},    {"zwnj", 0x200C},
    {"copy", 0xA9},    {"reg", 0xAE},      {"trade", 0x2122},  {"deg", 0xB0},
    {"middot", 0xB7},  {"bull", 0x2022},   {"times", 0xD7},    {"divide", 0xF7},
    {"euro", 0x20AC},  {"pound", 0xA3},    {"yen", 0xA5},      {"cent", 0xA2},
    {"sect", 0xA7},    {"para", 0xB6},     {"plusmn", 0xB1},   {"frac12", 0xBD},
    {"frac14", 0xBC},  {"frac34", 0xBE},   {"sup2", 0xB2},     {"sup3", 0xB3},
    {"micro", 0xB5},   {"iexcl", 0xA1},    {"iquest", 0xBF},   {"szlig", 0xDF},
    {"aacute", 0xE1},  {"Aacute", 0xC1},   {"agrave", 0xE0},   {"Agrave", 0xC0},
    {"acirc", 0xE2},   {"Acirc", 0xC2},    {"auml", 0xE4},     {"Auml", 0xC4},
    {"atilde", 0xE3},  {"Atilde", 0xC3},   {"aring", 0xE5},    {"Aring", 0xC5},
    {"aelig", 0xE6},   {"AElig", 0xC6},    {"ccedil", 0xE7},   {"Ccedil", 0xC7},
    {"eacute", 0xE9},  {"Eacute", 0xC9},   {"egrave", 0xE8},   {"Egrave", 0xC8},
    {"ecirc", 0xEA},   {"Ecirc", 0xCA},    {"euml", 0xEB},     {"Euml", 0xCB},
    {"iacute", 0xED},  {"Iacute", 0xCD},   {"igrave", 0xEC},   {"Igrave", 0xCC},
    {"icirc", 0xEE},   {"Icirc", 0xCE},    {"iuml", 0xEF},     {"Iuml", 0xCF},
    {"ntilde", 0xF1},  {"Ntilde", 0xD1},   {"oacute", 0xF3},   {"Oacute", 0xD3},
    {"ograve", 0xF2},  {"Ograve", 0xD2},   {"ocirc", 0xF4},    {"Ocirc", 0xD4},
    {"ouml", 0xF6},    {"Ouml", 0xD6},     {"otilde", 0xF5},   {"Otilde", 0xD5},
    {"oslash", 0xF8},  {"Oslash", 0xD8},   {"uacute", 0xFA},   {"Uacute", 0xDA},
    {"ugrave", 0xF9},  {"Ugrave", 0xD9},   {"ucirc", 0xFB},    {"Ucirc", 0xDB},
    {"uuml", 0xFC},    {"Uuml", 0xDC},     {"yacute", 0xFD},   {"Yacute", 0xDD},
    {"yuml", 0xFF},    {"eth", 0xF0},      {"thorn", 0xFE},    {"oelig", 0x153},
    {"OElig", 0x152},  {"scaron", 0x161},  {"Scaron", 0x160},  {"dagger", 0x2020},
};

/* Decodes the entity at s[i] == '&'. Returns its length (0 when it is not
 * one) and its code point. */
static size_t entity_at(const char *s, size_t n, size_t i, int32_t *cp)
{
    size_t j = i + 1;
    if (j < n && s[j] == '#') {
        j++;
        bool hex = j < n && (s[j] == 'x' || s[j] == 'X');
        if (hex) j++;
        int64_t v = 0;
        size_t d0 = j;
        while (j < n && j - d0 < 8) {
            char c = s[j];
            int dv = c >= '0' && c <= '9'          ? c - '0'
                     : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                     : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                   : -1;
            if (dv < 0) break;
            v = v * (hex ? 16 : 10) + dv;
            j++;
        }
        if (j == d0 || j >= n || s[j] != ';') return 0;
        if (v >= 0x80 && v < 0xA0 && cp1252[v - 0x80])
            v = cp1252[v - 0x80]; /* &#151; means an em dash on the web */
        if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) v = 0xFFFD;
        *cp = (int32_t)v;
        return j + 1 - i;
    }
    while (j < n && j - i <= 10 &&
           ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z') ||
            (s[j] >= '0' && s[j] <= '9')))
        j++;
    if (j >= n || s[j] != ';' || j == i + 1) return 0;
    size_t len = j - i - 1;
    for (size_t k = 0; k < sizeof entities / sizeof *entities; k++)
        if (strlen(entities[k].name) == len && !memcmp(entities[k].name, s + i + 1, len)) {
            *cp = entities[k].cp;
            return j + 1 - i;
        }
    return 0;
}

/* Decodes entities of an attribute value into buf (for metadata). */
static size_t decode_attr(const char *v, size_t n, char *buf, size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < size;) {
        int32_t cp;
        size_t l = v[i] == '&' ? entity_at(v, n, i, &cp) : 0;
        if (l) {
            o += utf8_encode(cp, buf + o);
            i += l;
        } else {
            buf[o++] = v[i++];
        }
    }
    buf[o] = '\0';
    return o;
}

static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Finds attribute `name` in a tag's attribute text; sets *v, *vn. */
static bool tag_attr(const char *a, size_t n, const char *name, const char **v, size_t *vn)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && (is_ws(a[i]) || a[i] == '/')) i++;
        size_t k = i;
        while (i < n && !is_ws(a[i]) && a[i] != '=' && a[i] != '>' && a[i] != '/') i++;
        size_t kn = i - k;
        if (!kn) {
            i++;
            continue;
        }
        while (i < n && is_ws(a[i])) i++;
        const char *val = "";
        size_t valn = 0;
        if (i < n && a[i] == '=') {
            i++;
            while (i < n && is_ws(a[i])) i++;
            if (i < n && (a[i] == '"' || a[i] == '\'')) {
                char q = a[i++];
                val = a + i;
                while (i < n && a[i] != q) i++;
                valn = (size_t)(a + i - val);
                if (i < n) i++;
            } else {
                val = a + i;
                while (i < n && !is_ws(a[i]) && a[i] != '>') i++;
                valn = (size_t)(a + i - val);
            }
        }
        if (xc_ieq(a + k, kn, name)) {
            *v = val;
            *vn = valn;
            return true;
        }
    }
    return false;
}

/* HTML elements crosscheck knows, sorted by name for bsearch. A block
 * element is a paragraph break; a raw one's content is not article text and
 * is skipped whole (script, style, nav...); in plain text and markdown only
 * known elements are taken for markup. */
enum { TAG_INLINE = 1, TAG_BLOCK = 2, TAG_RAW = 4 };
static const struct tag_kind {
    const char *name;
    int kind;
} tag_kinds[] = {
    {"a", TAG_INLINE},
    {"abbr", TAG_INLINE},
    {"address", TAG_BLOCK},
    {"article", TAG_BLOCK},
    {"aside", TAG_BLOCK},
    {"audio", TAG_INLINE},
    {"b", TAG_INLINE},
    {"big", TAG_INLINE},
    {"blockquote", TAG_BLOCK},
    {"body", TAG_BLOCK},
    {"br", TAG_BLOCK},
    {"button", TAG_RAW},
    {"canvas", TAG_RAW},
    {"caption", TAG_BLOCK},
    {"center", TAG_BLOCK},
    {"cite", TAG_INLINE},
    {"code", TAG_INLINE},
    {"dd", TAG_BLOCK},
    {"del", TAG_INLINE},
    {"details", TAG_BLOCK},
    {"div", TAG_BLOCK},
    {"dl", TAG_BLOCK},
    {"dt", TAG_BLOCK},
    {"em", TAG_INLINE},
    {"fieldset", TAG_BLOCK},
    {"figcaption", TAG_BLOCK},
    {"figure", TAG_BLOCK},
    {"font", TAG_INLINE},
    {"footer", TAG_BLOCK},
    {"form", TAG_BLOCK},
    {"h1", TAG_BLOCK},
    {"h2", TAG_BLOCK},
    {"h3", TAG_BLOCK},
    {"h4", TAG_BLOCK},
    {"h5", TAG_BLOCK},
    {"h6", TAG_BLOCK},
    {"head", TAG_INLINE},
    {"header", TAG_BLOCK},
    {"hr", TAG_BLOCK},
    {"html", TAG_BLOCK},
    {"i", TAG_INLINE},
    {"iframe", TAG_RAW},
    {"img", TAG_INLINE},
    {"input", TAG_INLINE},
    {"ins", TAG_INLINE},
    {"kbd", TAG_INLINE},
    {"label", TAG_INLINE},
    {"li", TAG_BLOCK},
    {"link", TAG_INLINE},
    {"main", TAG_BLOCK},
    {"mark", TAG_INLINE},
    {"meta", TAG_INLINE},
    {"nav", TAG_BLOCK | TAG_RAW},
    {"noscript", TAG_RAW},
    {"object", TAG_RAW},
    {"ol", TAG_BLOCK},
    {"p", TAG_BLOCK},
    {"picture", TAG_INLINE},
    {"pre", TAG_BLOCK},
    {"q", TAG_INLINE},
    {"s", TAG_INLINE},
    {"samp", TAG_INLINE},
    {"script", TAG_RAW},
    {"section", TAG_BLOCK},
    {"select", TAG_RAW},
    {"small", TAG_INLINE},
    {"source", TAG_INLINE},
    {"span", TAG_INLINE},
    {"strike", TAG_INLINE},
    {"strong", TAG_INLINE},
    {"style", TAG_RAW},
    {"sub", TAG_INLINE},
    {"summary", TAG_BLOCK},
    {"sup", TAG_INLINE},
    {"svg", TAG_RAW},
    {"table", TAG_BLOCK},
    {"tbody", TAG_BLOCK},
    {"td", TAG_INLINE},
    {"template", TAG_RAW},
    {"textarea", TAG_RAW},
    {"th", TAG_INLINE},
    {"thead", TAG_BLOCK},
    {"time", TAG_INLINE},
    {"title", TAG_RAW},
    {"tr", TAG_BLOCK},
    {"u", TAG_INLINE},
    {"ul", TAG_BLOCK},
    {"var", TAG_INLINE},
    {"video", TAG_INLINE},
    {"wbr", TAG_INLINE},
};

static int cmp_tag(const void *key, const void *elem)
{
    return strcmp(key, ((const struct tag_kind *)elem)->name);
}

/* TAG_* flags of an element name (lower case), 0 when unknown. */
static int tag_kind(const char *name)
{
    const struct tag_kind *t =
        bsearch(name, tag_kinds, sizeof tag_kinds / sizeof *tag_kinds, sizeof *tag_kinds, cmp_tag);
    return t ? t->kind : 0;
}

/* A JSON-LD string member, or the "name" of an object member, or the first
 * of an array of either ("author": [{"name": "Jen Loong"}]). */
static const char *ld_string(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (json_is_array(v)) v = json_array_get(v, 0);
    if (json_is_object(v)) v = json_object_get(v, "name");
    return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Metadata from a <script type="application/ld+json"> block: an article
 * object, or an array or "@graph" of objects (the first with a headline or
 * datePublished is used). Metadata already set (from <meta>) wins. */
static int json_ld(xc_doc *doc, const char *s, size_t n, size_t raw_at)
{
    json_error_t err;
    json_t *root = json_loadb(s, n, 0, &err);
    if (!root) {
        warn_raw(doc, "markup", raw_at, "JSON-LD metadata not read: %s", err.text);
        return 0;
    }
    json_t *list = json_is_object(root) ? json_object_get(root, "@graph") : root;
    json_t *art = json_is_object(root) && !list ? root : NULL;
    for (size_t i = 0; !art && json_is_array(list) && i < json_array_size(list); i++) {
        json_t *o = json_array_get(list, i);
        if (json_is_object(o) &&
            (json_object_get(o, "headline") || json_object_get(o, "datePublished")))
            art = o;
    }
    int rc = 0;
    const char *v;
    if (art && (v = ld_string(art, "headline"))) rc |= set_meta(doc, &doc->title, v, strlen(v));
    if (art && (v = ld_string(art, "author"))) rc |= set_meta(doc, &doc->author, v, strlen(v));
    if (art && (v = ld_string(art, "publisher"))) rc |= set_meta(doc, &doc->source, v, strlen(v));
    if (art && (v = ld_string(art, "url"))) rc |= set_meta(doc, &doc->url, v, strlen(v));
    if (art && (v = ld_string(art, "datePublished"))) rc |= set_date(doc, v, strlen(v), raw_at);
    json_decref(root);
    return rc ? -1 : 0;
}

/* A crosscheck directive inside a comment (content c[0..n)). */
static void directive(markup *m, const char *c, size_t n, size_t com_start, size_t com_end)
{
    while (n && is_ws(*c)) c++, n--;
    while (n && is_ws(c[n - 1])) n--;
    static const char next[] = "crosscheck-disable-next-line";
    static const char dis[] = "crosscheck-disable";
    static const char en[] = "crosscheck-enable";
    xc_doc *doc = m->doc;
    if (n >= sizeof next - 1 && !memcmp(c, next, sizeof next - 1) &&
        (n == sizeof next - 1 || is_ws(c[sizeof next - 1]))) {
        /* The next non-blank line after the comment's own line. */
        size_t i = com_end;
        while (i < m->n && m->s[i] != '\n') i++;
        if (i < m->n) i++;
        while (i < m->n) {
            size_t e = i;
            while (e < m->n && m->s[e] != '\n' && is_ws(m->s[e])) e++;
            if (e >= m->n || m->s[e] != '\n') break;
            i = e + 1; /* a blank line */
        }
        unsigned line, col;
        xc_doc_position(doc, xc_omap_start(&doc->utf8_map, i), &line, &col);
        size_t k = sizeof next - 1;
        bool any = false;
        while (k < n) {
            while (k < n && (is_ws(c[k]) || c[k] == ',')) k++;
            size_t w = k;
            while (k < n && !is_ws(c[k]) && c[k] != ',') k++;
            if (k > w) {
                const char *kind = xc_arena_strndup(&doc->arena, c + w, k - w);
                if (!kind || xc_vec_push(&m->sup, ((struct xc_suppress){line, kind}))) m->oom = 1;
                any = true;
            }
        }
        if (!any && xc_vec_push(&m->sup, ((struct xc_suppress){line, NULL}))) m->oom = 1;
    } else if (n >= sizeof dis - 1 && !memcmp(c, dis, sizeof dis - 1) &&
               (n == sizeof dis - 1 || is_ws(c[sizeof dis - 1]))) {
        if (m->disable_start == SIZE_MAX)
            m->disable_start = xc_omap_start(&doc->utf8_map, com_start);
    } else if (n >= sizeof en - 1 && !memcmp(c, en, sizeof en - 1) &&
               (n == sizeof en - 1 || is_ws(c[sizeof en - 1]))) {
        if (m->disable_start != SIZE_MAX) {
            size_t end = xc_omap_end(&doc->utf8_map, com_end);
            if (xc_vec_push(&doc->disabled, ((xc_range){m->disable_start, end}))) m->oom = 1;
            m->disable_start = SIZE_MAX;
        }
    }
}

/* Case-insensitive search for "</name" from i; returns its offset or n. */
static size_t find_close(const char *s, size_t n, size_t i, const char *name)
{
    size_t nl = strlen(name);
    for (; i + 2 + nl <= n; i++) {
        const char *p = memchr(s + i, '<', n - i);
        if (!p) return n;
        i = (size_t)(p - s);
        if (i + 2 + nl <= n && s[i + 1] == '/' && xc_ieq(s + i + 2, nl, name) &&
            (i + 2 + nl == n || !is_alpha(s[i + 2 + nl])))
            return i;
    }
    return n;
}

/* Handles markup at s[i] == '<'. Returns the offset after it, or i when the
 * '<' is plain text. */
static size_t tag(markup *m, size_t i)
{
    const char *s = m->s;
    size_t n = m->n;
    bool html = m->fmt == XC_FORMAT_HTML;
    if (i + 4 <= n && !memcmp(s + i, "<!--", 4)) {
        const char *end = NULL;
        for (size_t k = i + 4; k + 3 <= n; k++) {
            const char *p = memchr(s + k, '-', n - k);
            if (!p) break;
            k = (size_t)(p - s);
            if (k + 3 <= n && !memcmp(s + k, "-->", 3)) {
                end = s + k;
                break;
            }
        }
        if (!end) {
            /* A page's unclosed comment hides the rest of it in a browser too;
             * in text and markdown nothing is hidden: the "<!--" stays text. */
            warn_raw(m->doc, "markup", xc_omap_start(&m->doc->utf8_map, i),
                     html ? "comment not closed: the rest of the document is ignored"
                          : "comment not closed: read as text");
            return html ? n : i;
        }
        size_t e = (size_t)(end - s) + 3;
        directive(m, s + i + 4, (size_t)(end - s) - i - 4, i, e);
        return e;
    }
    if (i + 1 >= n) return i;
    char c = s[i + 1];
    if (html && (c == '!' || c == '?')) { /* doctype, CDATA, processing instruction */
        const char *gt = memchr(s + i, '>', n - i);
        return gt ? (size_t)(gt - s) + 1 : n;
    }
    bool closing = c == '/';
    size_t k = i + 1 + closing;
    if (k >= n || !is_alpha(s[k])) return i;
    char name[16];
    size_t nl = 0;
    while (k < n &&
           (is_alpha(s[k]) || (s[k] >= '0' && s[k] <= '9') || s[k] == '-' || s[k] == ':')) {
        if (nl < sizeof name - 1) name[nl++] = (char)(s[k] | 0x20);
        k++;
    }
    name[nl] = '\0';
    if (k < n && !is_ws(s[k]) && s[k] != '>' && s[k] != '/') return i;
    int kind = tag_kind(name);
    bool known = kind != 0;
    if (!html && !known) return i; /* "<3" or "a<b" in plain text */
    /* The end of the tag: '>' outside quoted attribute values. */
    if (m->last_gt == SIZE_MAX || k > m->last_gt) return i; /* no '>' anywhere after */
    /* Tags are bounded: 64 KiB in HTML (long data: URLs), 2000 bytes in text. */
    size_t span = html ? 65536 : 2000;
    size_t attrs = k, limit = n - k > span ? k + span : n;
    char q = 0;
    while (k < limit && (q || s[k] != '>')) {
        if (q && s[k] == q)
            q = 0;
        else if (!q && (s[k] == '"' || s[k] == '\''))
            q = s[k];
        else if (!html && s[k] == '\n' && k + 1 < n && s[k + 1] == '\n')
            break;
        k++;
    }
    if (k >= limit || s[k] != '>') {
        if (!html) return i;
        const char *gt = memchr(s + attrs, '>', n - attrs); /* unbalanced quotes */
        if (!gt) return i;
        k = (size_t)(gt - s);
    }
    size_t attr_n = k - attrs, after = k + 1;
    bool self_closing = attr_n && s[k - 1] == '/';

    if (!closing && (kind & TAG_RAW) && !self_closing) {
        size_t close = find_close(s, n, after, name);
        if (!strcmp(name, "title") && !m->doc->title) {
            char buf[1024];
            size_t bl = decode_attr(s + after, close - after, buf, sizeof buf);
            if (set_meta(m->doc, &m->doc->title, buf, bl)) m->oom = 1;
        }
        const char *type;
        size_t tn;
        if (!strcmp(name, "script") && html && tag_attr(s + attrs, k - attrs, "type", &type, &tn) &&
            xc_ieq(type, tn, "application/ld+json") &&
            json_ld(m->doc, s + after, close - after, xc_omap_start(&m->doc->utf8_map, after)))
            m->oom = 1;
        if (close >= n) {
            if (!html) return i; /* "the <script> tag" in prose */
            warn_raw(m->doc, "markup", xc_omap_start(&m->doc->utf8_map, i),
                     "<%s> not closed: the rest of the document is ignored", name);
            return n;
        }
        const char *gt = memchr(s + close, '>', n - close);
        return gt ? (size_t)(gt - s) + 1 : n;
    }
    if (html && !strcmp(name, "head")) {
        m->in_head = !closing;
        return after;
    }
    if (!closing && (!strcmp(name, "meta") || !strcmp(name, "link"))) {
        const char *key = NULL, *val = NULL;
        size_t kn = 0, vn = 0;
        const char *a = s + attrs;
        if (!strcmp(name, "link")) {
            if (tag_attr(a, attr_n, "rel", &key, &kn) && xc_ieq(key, kn, "canonical") &&
                tag_attr(a, attr_n, "href", &val, &vn) && !m->doc->url) {
                char buf[2048];
                size_t bl = decode_attr(val, vn, buf, sizeof buf);
                if (set_meta(m->doc, &m->doc->url, buf, bl)) m->oom = 1;
            }
        } else if ((tag_attr(a, attr_n, "property", &key, &kn) ||
                    tag_attr(a, attr_n, "name", &key, &kn) ||
                    tag_attr(a, attr_n, "itemprop", &key, &kn)) &&
                   tag_attr(a, attr_n, "content", &val, &vn)) {
            char buf[2048];
            size_t bl = decode_attr(val, vn, buf, sizeof buf);
            if (meta_value(m->doc, key, kn, buf, bl, xc_omap_start(&m->doc->utf8_map, i)))
                m->oom = 1;
        }
        return after;
    }
    bool heading = (nl == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6') ||
                   !strcmp(name, "figcaption");
    if (kind & TAG_BLOCK) {
        if (!closing) m->in_head = false; /* <head> left open: the body has begun */
        if (heading && closing && m->heading_start != SIZE_MAX) {
            add_heading(m, m->heading_start, m->out.len);
            m->heading_start = SIZE_MAX;
        }
        para_break(m);
        if (heading && !closing) m->heading_start = m->out.len;
    } else if (!strcmp(name, "td") || !strcmp(name, "th")) {
        if (m->out.len && !is_ws(m->out.s[m->out.len - 1])) {
            m->space_pending = true;
            m->space_at = i;
        }
    }
    return after;
}

/* Markdown line starts: heading markers, block quotes, list markers. */
static size_t md_line_start(markup *m, size_t i)
{
    const char *s = m->s;
    size_t n = m->n, k = i;
    while (k < n && k - i < 3 && s[k] == ' ') k++;
    size_t h = k;
    while (h < n && s[h] == '#' && h - k < 7) h++;
    if (h > k && h - k <= 6 && (h >= n || s[h] == ' ' || s[h] == '\n' || s[h] == '\r')) {
        while (h < n && s[h] == ' ') h++;
        para_break(m);
        m->heading_start = m->out.len;
        return h;
    }
    while (k < n && s[k] == '>') { /* block quote markers */
        k++;
        if (k < n && s[k] == ' ') k++;
    }
    /* Thematic break ("---", "***", "___"): dropped. */
    if (k < n && (s[k] == '-' || s[k] == '*' || s[k] == '_')) {
        size_t e = k, marks = 0;
        while (e < n && (s[e] == s[k] || s[e] == ' ')) marks += s[e++] == s[k];
        if (marks >= 3 && (e >= n || s[e] == '\n' || s[e] == '\r')) {
            para_break(m);
            return e;
        }
    }
    if (k + 1 < n && (s[k] == '-' || s[k] == '*' || s[k] == '+') && s[k + 1] == ' ') {
        para_break(m);
        return k + 2;
    }
    size_t d = k;
    while (d < n && d - k < 3 && s[d] >= '0' && s[d] <= '9') d++;
    if (d > k && d + 1 < n && (s[d] == '.' || s[d] == ')') && s[d + 1] == ' ') {
        para_break(m);
        return d + 2;
    }
    return k;
}

static bool md_flank_space(char c)
{
    return is_ws(c) || c == '\0' ||
           ((unsigned char)c < 0x80 && !is_alpha(c) && !(c >= '0' && c <= '9'));
}

/* Emphasis markers: a run of '*' or '_' opening or closing a word. */
static bool md_emphasis(markup *m, size_t i, size_t *len)
{
    const char *s = m->s;
    size_t n = m->n, k = i;
    while (k < n && s[k] == s[i]) k++;
    char prev = i ? s[i - 1] : '\0', next = k < n ? s[k] : '\0';
    *len = k - i;
    bool opens = !is_ws(next) && next != '\0' && md_flank_space(prev);
    bool closes = !is_ws(prev) && prev != '\0' && md_flank_space(next);
    return opens || closes;
}

/* "[text](url)" at s[i] == '['; sets link_close/link_end. */
static bool md_link(markup *m, size_t i)
{
    const char *s = m->s;
    size_t n = m->n, k = i + 1;
    while (k < n && k - i < 1000 && s[k] != ']' && s[k] != '[' &&
           !(s[k] == '\n' && k + 1 < n && s[k + 1] == '\n'))
        k++;
    if (k + 1 >= n || s[k] != ']' || s[k + 1] != '(') return false;
    size_t e = k + 2;
    while (e < n && e - k < 2048 && s[e] != ')' && s[e] != '\n' && s[e] != ' ' && s[e] != '[') e++;
    if (e >= n || s[e] != ')') return false;
    m->link_close = k;
    m->link_end = e + 1;
    return true;
}

/* In plain text only '<', '&' and CR need the markup pass, and they are
 * few: the next of each is found with memchr and kept until the pass goes
 * beyond it. Returns the first of them at or after i, or n. */
static size_t next_text_special(markup *m, size_t i)
{
    size_t first = m->n;
    for (int k = 0; k < SP_COUNT; k++) {
        /* sp_at[k] is the first such byte in [sp_from[k], n), or n */
        if (!m->sp_known[k] || i < m->sp_from[k] || i > m->sp_at[k]) {
            const char *p = memchr(m->s + i, sp_chars[k], m->n - i);
            sp_seed(m, k, i, p ? (size_t)(p - m->s) : m->n);
        }
        if (m->sp_at[k] < first) first = m->sp_at[k];
    }
    return first;
}

/* The markup pass: utf8[body..n) -> text. */
static void strip_markup(markup *m, size_t body)
{
    const char *s = m->s;
    size_t n = m->n;
    bool html = m->fmt == XC_FORMAT_HTML, md = m->fmt == XC_FORMAT_MARKDOWN;
    unsigned char special[256] = {0};
    special['<'] = special['&'] = special['\r'] = 1;
    if (html) special['\n'] = special['\t'] = special['\f'] = 1;
    if (md) special['\n'] = special['*'] = special['_'] = special['['] = special[']'] = 1;
    if (md) special['!'] = 1;
    size_t i = body, copied = body;
    if (md) copied = i = md_line_start(m, i);
    while (i < n && !m->oom) {
        if (m->in_head) {
            const char *lt = memchr(s + i, '<', n - i);
            i = copied = lt ? (size_t)(lt - s) : n;
            if (i >= n) break;
        } else {
            if (!html && !md) i = next_text_special(m, i);
            while (i < n && !special[(unsigned char)s[i]]) i++;
            emit(m, copied, i - copied);
            copied = i;
            if (i >= n) break;
        }
        char c = s[i];
        size_t next = i + 1;
        if (i > m->link_close) m->link_close = SIZE_MAX; /* a tag swallowed the "](" */
        if (c == '<') {
            next = tag(m, i);
            if (next == i) next = i + 1, emit(m, i, 1);
        } else if (c == '&') {
            int32_t cp;
            size_t l = entity_at(s, n, i, &cp);
            if (l) {
                char enc[4];
                size_t el = utf8_encode(cp, enc);
                emit_str(m, enc, el, i, l);
                next = i + l;
            } else {
                emit(m, i, 1);
            }
        } else if (html) { /* white space, CR included: one pending space */
            while (next < n && is_ws(s[next])) next++;
            if (m->out.len && !is_ws(m->out.s[m->out.len - 1]) && !m->in_head) {
                m->space_pending = true;
                m->space_at = i;
            }
        } else if (c == '\r' || c == '\n') {
            bool heading_ends = m->heading_start != SIZE_MAX;
            if (heading_ends) {
                add_heading(m, m->heading_start, m->out.len);
                m->heading_start = SIZE_MAX;
            }
            if (c == '\r') {
                bool crlf = next < n && s[next] == '\n';
                emit_str(m, "\n", 1, i, crlf ? 2 : 1);
                next += crlf;
            } else {
                emit(m, i, 1);
            }
            if (heading_ends) para_break(m);
            if (md) next = md_line_start(m, next);
        } else if (c == '*' || c == '_') {
            size_t l;
            if (!md_emphasis(m, i, &l)) emit(m, i, l);
            next = i + l;
        } else if (c == '[' || (c == '!' && i + 1 < n && s[i + 1] == '[')) {
            size_t b = c == '!' ? i + 1 : i;
            if (m->link_close == SIZE_MAX && md_link(m, b))
                next = b + 1; /* drop "[" (and "!") */
            else
                emit(m, i, 1);
        } else if (c == ']' && i == m->link_close) {
            next = m->link_end;
            m->link_close = SIZE_MAX;
        } else {
            emit(m, i, 1);
        }
        i = copied = next;
    }
    if (m->heading_start != SIZE_MAX) add_heading(m, m->heading_start, m->out.len);
    m->heading_start = SIZE_MAX;
}

/* A plain-text or markdown headline: a first paragraph of one short line
 * of the text t[0..n). */
static void first_line_heading(markup *m, const char *t, size_t n)
{
    size_t a = 0;
    if (!t || m->doc->headings.n) return;
    while (a < n && is_ws(t[a])) a++;
    const char *nl = memchr(t + a, '\n', n - a);
    if (!nl) return;
    size_t e = (size_t)(nl - t), k = e + 1;
    while (k < n && (t[k] == ' ' || t[k] == '\t')) k++;
    if (k >= n || t[k] != '\n') return; /* not followed by a blank line */
    while (k < n && is_ws(t[k])) k++;
    if (k >= n || e - a > 200) return; /* nothing after it, or too long */
    size_t last = e;
    while (last > a && is_ws(t[last - 1])) last--;
    /* A line that ends with a period reads as a sentence, not a headline,
     * unless it is the title the metadata gives. */
    const char *title = m->doc->title;
    bool is_title = title && strlen(title) == last - a && !memcmp(title, t + a, last - a);
    if (last > a && t[last - 1] == '.' && !is_title) return;
    add_heading(m, a, e);
}

/* Words of a line, all capitalized but for at most one ("Coastline News
 * staff", "Associated Wire", "The Northern Gazette"). */
static bool title_case(const char *s, size_t n, size_t max_words)
{
    size_t words = 0, lower_words = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && s[i] == ' ') i++;
        if (i >= n) break;
        words++;
        if (s[i] >= 'a' && s[i] <= 'z')
            lower_words++;
        else if (!((s[i] >= 'A' && s[i] <= 'Z') || s[i] == '&' || (unsigned char)s[i] >= 0x80))
            return false;
        while (i < n && s[i] != ' ') i++;
    }
    return words >= 1 && words <= max_words && lower_words <= 1 && !(s[0] >= 'a' && s[0] <= 'z');
}

/* Whether s[0..n) has four digits in a row: every date normalize_date
 * reads has its year so, and most lines of a header block have none. */
static bool four_digits(const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        run = s[i] >= '0' && s[i] <= '9' ? run + 1 : 0;
        if (run == 4) return true;
    }
    return false;
}

/* Metadata from the header block of wire copy without front matter:
 *   Hurricane Marisol kills 14 on Florida's Gulf Coast      <- title
 *   By TERESA OYELARAN and DAVID MCKINNON                   <- author
 *   Associated Wire                                         <- source
 *   Wednesday, Nov. 13, 2024                                <- date
 * The block ends at the first long line (the body). */
static int text_header(xc_doc *doc, const char *t, size_t n)
{
    size_t i = 0, lines = 0;
    while (i < n && lines < 8) {
        const char *nl = memchr(t + i, '\n', n - i);
        size_t e = nl ? (size_t)(nl - t) : n;
        size_t a = i, b = e;
        i = e + 1;
        while (a < b && is_ws(t[a])) a++;
        while (b > a && is_ws(t[b - 1])) b--;
        if (a == b) continue;
        const char *l = t + a;
        size_t len = b - a;
        if (len > 160) break;
        char iso[11], buf[128];
        bool date = false;
        if (len < sizeof buf) {
            memcpy(buf, l, len);
            buf[len] = '\0';
            date = len <= 60 && four_digits(l, len) && normalize_date(buf, iso);
        }
        int rc = 0;
        if (date) {
            rc = doc->date ? 0 : set_meta(doc, &doc->date, iso, 10);
        } else if (len > 3 && (!memcmp(l, "By ", 3) || !memcmp(l, "by ", 3))) {
            rc = set_meta(doc, &doc->author, l + 3, len - 3);
        } else if (lines == 0) {
            /* A headline: followed by a blank line, not ending like a sentence. */
            size_t k = i;
            while (k < n && (t[k] == ' ' || t[k] == '\t')) k++;
            if (l[len - 1] == '.' || k >= n || t[k] != '\n') break; /* no header block */
            rc = set_meta(doc, &doc->title, l, len);
        } else if (len <= 60 && !doc->source) {
            /* "WRVT Public Radio | Local News": the outlet comes first. */
            size_t k = len;
            for (size_t j = 0; j + 3 <= len; j++)
                if (!memcmp(l + j, " | ", 3)) {
                    k = j;
                    break;
                }
            if (!title_case(l, k, 6) || strchr(".!?,;:\"", l[k - 1])) continue;
            static const char staff[] = " staff";
            if (k > sizeof staff && xc_ieq(l + k - (sizeof staff - 1), sizeof staff - 1, staff))
                k -= sizeof staff - 1;
            rc = set_meta(doc, &doc->source, l, k);
        } else if (len > 60) {
            break; /* a sentence: the body has begun */
        }
        if (rc) return -1;
        lines++;
    }
    return 0;
}

/* "Headline | The Riverton Ledger", "Headline – Lakeshore Tribune": the
 * outlet named after the last separator of an HTML title. */
static int source_from_title(xc_doc *doc)
{
    static const char *const seps[] = {" | ", " \xe2\x80\x93 ", " \xe2\x80\x94 ", " - "};
    const char *t = doc->title, *best = NULL;
    size_t best_len = 0;
    for (size_t k = 0; k < sizeof seps / sizeof *seps; k++) {
        size_t sl = strlen(seps[k]);
        for (const char *p = strstr(t, seps[k]); p; p = strstr(p + 1, seps[k]))
            if (!best || p > best) best = p, best_len = sl;
    }
    if (!best) return 0;
    const char *site = best + best_len;
    size_t n = strlen(site);
    if (n == 0 || n > 60 || !title_case(site, n, 6)) return 0;
    return set_meta(doc, &doc->source, site, n);
}

static xc_status decode_meta(xc_doc *doc, const xc_load_opts *opts, size_t body);

xc_status xc_corpus_decode(xc_doc *doc, const xc_load_opts *opts)
{
    doc->format = format_of(doc->path);
    if (doc->raw_len == 0) return skip(doc, "empty file");
    const unsigned char *r = (const unsigned char *)doc->raw;
    if (doc->raw_len >= 2 && ((r[0] == 0xFF && r[1] == 0xFE) || (r[0] == 0xFE && r[1] == 0xFF)))
        return skip(doc, "UTF-16 text (save it as UTF-8)");
    size_t n = doc->raw_len, head = n < SNIFF_BYTES ? n : SNIFF_BYTES;
    size_t start = n >= 3 && r[0] == 0xEF && r[1] == 0xBB && r[2] == 0xBF ? 3 : 0;
    sniffed sn;
    /* A file too large is not read past its first bytes. */
    bool large = n > max_bytes(opts);
    size_t bad = sniff(r, large ? head : n, start, head, &sn, large ? NULL : doc);
    if (sn.binary) {
        xc_vec_free(&doc->lines);
        return skip(doc, "binary file");
    }
    if (large) return skip(doc, "larger than %zu MiB", max_bytes(opts) / MIB);
    bool cr;
    xc_status st = decode_utf8(doc, bad, &sn, &cr);
    if (st != XC_OK) return st;
    /* utf8 is the file's bytes after the byte order mark when they are
     * valid; a repaired file has a U+FFFD or a transcoded byte past ASCII */
    doc->utf8_ascii = bad == n && !sn.high;

    int oom = 0;
    size_t body = 0;
    if (doc->format != XC_FORMAT_HTML) body = front_matter(doc, &oom);
    if (oom) return XC_ERR_NOMEM;

    markup m = {.doc = doc,
                .s = doc->utf8,
                .n = doc->utf8_len,
                .fmt = doc->format,
                .map = &doc->text_map,
                .heading_start = SIZE_MAX,
                .link_close = SIZE_MAX,
                .disable_start = SIZE_MAX};
    m.last_gt = SIZE_MAX;
    m.as_is = doc->utf8_ascii || (bad == n && !sn.nfc_unsure);
    /* Only a document with a '<' can have a tag that needs its end. */
    const char *lt = memchr(doc->utf8 + body, '<', doc->utf8_len - body);
    if (lt)
        for (size_t k = doc->utf8_len; k > body; k--)
            if (doc->utf8[k - 1] == '>') {
                m.last_gt = k - 1;
                break;
            }
    /* What the plain-text pass would look for first is known already: the
     * first '<' from the body on, and that there is no CR when there is
     * none in the whole text (next_text_special's state after its first
     * call, so that it does not search again). */
    sp_seed(&m, SP_LT, body, lt ? (size_t)(lt - doc->utf8) : doc->utf8_len);
    if (!cr) sp_seed(&m, SP_CR, body, doc->utf8_len);
    if (doc->format == XC_FORMAT_TEXT) {
        const char *amp = memchr(doc->utf8 + body, '&', doc->utf8_len - body);
        sp_seed(&m, SP_AMP, body, amp ? (size_t)(amp - doc->utf8) : doc->utf8_len);
        /* Plain text that is its own NFC, with none of the three: the markup
         * pass would copy it whole, byte for byte, and doc_share_text then
         * find the copy equal to utf8 and drop it. It is its own text from
         * the start. */
        if (m.as_is && body == 0 && !lt && !cr && !amp) {
            doc->text_ascii = doc->utf8_ascii;
            if (doc->utf8_len && xc_omap_copy(&doc->text_map, 0, 0, doc->utf8_len))
                return XC_ERR_NOMEM;
            first_line_heading(&m, doc->utf8, doc->utf8_len);
            if (m.oom) return XC_ERR_NOMEM;
            doc->text = doc->utf8;
            doc->text_len = doc->utf8_len;
            return decode_meta(doc, opts, body);
        }
    }
    /* The text is about as long as its source: markup and entities shrink
     * it, NFC rarely grows it (the buffer then doubles as usual). */
    if (xc_buf_reserve_exact(&m.out, doc->utf8_len - body + 1)) return XC_ERR_NOMEM;
    doc->text_ascii = doc->utf8_ascii; /* until an entity says otherwise */
    strip_markup(&m, body);
    if (!m.oom && m.disable_start != SIZE_MAX &&
        xc_vec_push(&doc->disabled, ((xc_range){m.disable_start, doc->raw_len})))
        m.oom = 1;
    if (!m.oom && doc->format != XC_FORMAT_HTML) first_line_heading(&m, m.out.s, m.out.len);
    if (!m.oom && m.sup.n) {
        doc->suppress = xc_arena_alloc(&doc->arena, m.sup.n * sizeof *doc->suppress);
        if (!doc->suppress)
            m.oom = 1;
        else
            memcpy(doc->suppress, m.sup.v, m.sup.n * sizeof *doc->suppress);
        doc->n_suppress = m.sup.n;
    }
    xc_vec_free(&m.sup);
    if (m.oom) {
        xc_buf_free(&m.out);
        return XC_ERR_NOMEM;
    }
    /* HTML loses its tags: give back what the text did not use */
    xc_buf_shrink(&m.out);
    doc->text = m.out.s;
    doc->text_len = m.out.len;
    return decode_meta(doc, opts, body);
}

/* The metadata read from the text once it is made (body: where the front
 * matter, if any, ends). */
static xc_status decode_meta(xc_doc *doc, const xc_load_opts *opts, size_t body)
{
    if (doc->format != XC_FORMAT_HTML && body == 0 && text_header(doc, doc->text, doc->text_len))
        return XC_ERR_NOMEM;
    if (doc->format == XC_FORMAT_HTML && doc->title && !doc->source && source_from_title(doc))
        return XC_ERR_NOMEM;
    if (!doc->date && opts && opts->fallback_date) {
        int y, mo, d;
        if (xc_parse_iso_date(opts->fallback_date, &y, &mo, &d))
            doc->date = xc_arena_strndup(&doc->arena, opts->fallback_date, 10);
    }
    return XC_OK;
}
