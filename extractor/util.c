/* util.c — arenas, growable arrays and strings, diagnostics, offset maps,
 * small UTF-8 helpers. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sendfile.h>
#endif

/* ------------------------------------------------------------- arena */

struct xc_arena_chunk {
    xc_arena_chunk *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

/* A document's arena starts with a chunk of XC_ARENA_FIRST bytes and doubles
 * each next one up to XC_ARENA_CHUNK: a news article of 2 KB uses about 1 KB
 * of its arena and as much of its claims' preparation's, and every document
 * waiting in the pipeline or in its story holds both (a first chunk of 4 KiB
 * left 3 KB of each unused). A block of more than a quarter of
 * XC_ARENA_CHUNK has a chunk of its own. */
#define XC_ARENA_FIRST (1 * 1024)
#define XC_ARENA_CHUNK (64 * 1024)

void xc_arena_init(xc_arena *a)
{
    a->head = NULL;
}

void xc_arena_free(xc_arena *a)
{
    xc_arena_chunk *c = a->head;
    while (c) {
        xc_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

/* Room for size bytes, not zeroed (the copies below overwrite it all). */
void *xc_arena_take(xc_arena *a, size_t size)
{
    if (size > SIZE_MAX - 15) return NULL;
    size = (size + 15) & ~(size_t)15;
    if (size == 0) size = 16;
    xc_arena_chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        bool own = size > XC_ARENA_CHUNK / 4;
        size_t cap = size;
        if (!own) {
            /* the head is the last chunk made for small blocks, or a
             * first block with a chunk of its own */
            cap = !c ? XC_ARENA_FIRST : c->size < XC_ARENA_CHUNK / 2 ? 2 * c->size : XC_ARENA_CHUNK;
            while (cap < 4 * size) cap *= 2;
            if (cap > XC_ARENA_CHUNK) cap = XC_ARENA_CHUNK; /* still 4 * size or more */
        }
        if (cap > SIZE_MAX - sizeof(*c)) return NULL;
        xc_arena_chunk *n = malloc(sizeof(*n) + cap);
        if (!n) return NULL;
        n->used = 0;
        n->size = cap;
        if (c && own) {
            /* A big block goes behind the current chunk so its free space stays usable. */
            n->next = c->next;
            c->next = n;
        } else {
            n->next = c;
            a->head = n;
        }
        c = n;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p;
}

void *xc_arena_alloc(xc_arena *a, size_t size)
{
    void *p = xc_arena_take(a, size);
    if (p) memset(p, 0, size ? (size + 15) & ~(size_t)15 : 16); /* the whole block, as taken */
    return p;
}

char *xc_arena_strndup(xc_arena *a, const char *s, size_t n)
{
    if (n == SIZE_MAX) return NULL;
    char *p = xc_arena_take(a, n + 1);
    if (!p) return NULL;
    if (n) memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *xc_arena_strdup(xc_arena *a, const char *s)
{
    return s ? xc_arena_strndup(a, s, strlen(s)) : NULL;
}

char *xc_arena_printf(xc_arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return NULL;
    char *p = xc_arena_alloc(a, (size_t)n + 1);
    if (!p) return NULL;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

/* ------------------------------------------------------------ arrays */

int xc_vec_reserve_(void **v, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) return -1;
        ncap *= 2;
    }
    if (ncap > SIZE_MAX / elem) return -1;
    void *p = realloc(*v, ncap * elem);
    if (!p) return -1;
    *v = p;
    *cap = ncap;
    return 0;
}

int xc_vec_reserve_exact_(void **v, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    if (need > SIZE_MAX / elem) return -1;
    void *p = realloc(*v, need * elem);
    if (!p) return -1;
    *v = p;
    *cap = need;
    return 0;
}

void xc_vec_shrink_(void **v, size_t *cap, size_t n, size_t elem)
{
    size_t spare = (*cap - n) * elem;
    if (!*v || n == 0 || spare < XC_VEC_SHRINK_MIN || spare < *cap * elem / 4) return;
    void *p = realloc(*v, n * elem);
    if (!p) return; /* the larger block stays, as good as before */
    *v = p;
    *cap = n;
}

void xc_vec_fit_(void **v, size_t *cap, size_t n, size_t elem)
{
    if (!*v || (*cap - n) * elem < XC_VEC_FIT_MIN) return;
    if (!n) {
        free(*v);
        *v = NULL;
        *cap = 0;
        return;
    }
    void *p = realloc(*v, n * elem);
    if (!p) return;
    *v = p;
    *cap = n;
}

/* ------------------------------------------------------------ strings */

int xc_buf_reserve(xc_buf *b, size_t need)
{
    if (need <= b->cap) return 0;
    if (!b->cap && need < XC_BUF_FIRST) need = XC_BUF_FIRST;
    return xc_vec_reserve_((void **)&b->s, &b->cap, need, 1);
}

int xc_buf_add(xc_buf *b, const char *s, size_t n)
{
    if (n > SIZE_MAX - b->len - 1) return -1;
    if (xc_buf_reserve(b, b->len + n + 1)) return -1;
    if (n) memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return 0;
}

int xc_buf_addc(xc_buf *b, char c)
{
    return xc_buf_add(b, &c, 1);
}

int xc_buf_adds(xc_buf *b, const char *s)
{
    return xc_buf_add(b, s, strlen(s));
}

/* Formats into the free room first: most strings fit, and only those that do
 * not are formatted a second time. */
int xc_buf_printf(xc_buf *b, const char *fmt, ...)
{
    if (b->cap - b->len < 64 && xc_buf_reserve(b, b->len + 64)) return -1;
    size_t room = b->cap - b->len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->s + b->len, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->s[b->len] = '\0';
        return -1;
    }
    if ((size_t)n >= room) {
        if (xc_buf_reserve(b, b->len + (size_t)n + 1)) {
            b->s[b->len] = '\0';
            return -1;
        }
        va_start(ap, fmt);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
    return 0;
}

void xc_buf_free(xc_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* -------------------------------------------------------- diagnostics */

struct xc_diags {
    xc_arena arena;
    XC_VEC(xc_diag) v;
};

xc_diags *xc_diags_new(void)
{
    xc_diags *d = calloc(1, sizeof(*d));
    if (d) xc_arena_init(&d->arena);
    return d;
}

void xc_diags_free(xc_diags *d)
{
    if (!d) return;
    xc_arena_free(&d->arena);
    xc_vec_free(&d->v);
    free(d);
}

size_t xc_diags_count(const xc_diags *d)
{
    return d ? d->v.n : 0;
}

const xc_diag *xc_diags_get(const xc_diags *d, size_t i)
{
    return d && i < d->v.n ? &d->v.v[i] : NULL;
}

size_t xc_diags_count_at(const xc_diags *d, xc_severity min)
{
    size_t n = 0;
    for (size_t i = 0; d && i < d->v.n; i++) n += d->v.v[i].severity >= min;
    return n;
}

static int diags_push(xc_diags *d, xc_severity sev, const char *code, const char *file,
                      unsigned line, unsigned column, size_t offset, const char *source_line,
                      const char *message)
{
    xc_diag x = {
        .severity = sev,
        .code = xc_arena_strdup(&d->arena, code ? code : "error"),
        .file = xc_arena_strdup(&d->arena, file),
        .line = line,
        .column = column,
        .offset = offset,
        .message = xc_arena_strdup(&d->arena, message),
        .source_line = xc_arena_strdup(&d->arena, source_line),
    };
    if (!x.code || !x.message) return -1;
    return xc_vec_push(&d->v, x);
}

int xc_diags_add(xc_diags *d, xc_severity sev, const char *code, const char *file, unsigned line,
                 unsigned column, size_t offset, const char *source_line, const char *fmt, ...)
{
    if (!d) return -1;
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return -1;
    if ((size_t)n < sizeof small)
        return diags_push(d, sev, code, file, line, column, offset, source_line, small);
    char *big = malloc((size_t)n + 1);
    if (!big) return -1;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    int rc = diags_push(d, sev, code, file, line, column, offset, source_line, big);
    free(big);
    return rc;
}

int xc_diags_add_text(xc_diags *d, xc_severity sev, const char *code, const char *file,
                      unsigned line, unsigned column, size_t offset, const char *source_line,
                      const char *message)
{
    if (!d) return -1;
    return diags_push(d, sev, code, file, line, column, offset, source_line, message);
}

int xc_diags_append(xc_diags *dst, const xc_diags *src)
{
    for (size_t i = 0; src && i < src->v.n; i++) {
        const xc_diag *x = &src->v.v[i];
        if (diags_push(dst, x->severity, x->code, x->file, x->line, x->column, x->offset,
                       x->source_line, x->message))
            return -1;
    }
    return 0;
}

void xc_diags_print(const xc_diags *d, FILE *out)
{
    for (size_t i = 0; d && i < d->v.n; i++) {
        const xc_diag *x = &d->v.v[i];
        if (x->file && x->line)
            fprintf(out, "%s:%u:%u: ", x->file, x->line, x->column);
        else if (x->file)
            fprintf(out, "%s: ", x->file);
        fprintf(out, "%s: %s\n", xc_severity_name(x->severity), x->message);
        if (x->source_line && x->line) {
            fprintf(out, "  %s\n  ", x->source_line);
            /* Caret under the column: copy tabs so it lines up. */
            const char *s = x->source_line;
            for (unsigned col = 1; col < x->column && *s; s++) {
                if (((unsigned char)*s & 0xC0) == 0x80) continue;
                fputc(*s == '\t' ? '\t' : ' ', out);
                col++;
            }
            fputs("^\n", out);
        }
    }
}

const char *xc_severity_name(xc_severity s)
{
    switch (s) {
    case XC_INFO:
        return "info";
    case XC_WARNING:
        return "warning";
    case XC_ERROR:
        return "error";
    }
    return "error";
}

const char *xc_errmsg(xc_status s)
{
    switch (s) {
    case XC_OK:
        return "success";
    case XC_ERR_NOMEM:
        return "out of memory";
    case XC_ERR_IO:
        return "input/output error";
    case XC_ERR_RULES:
        return "the rule set has errors";
    case XC_ERR_USAGE:
        return "invalid usage";
    case XC_ERR_LIMIT:
        return "a match limit was reached";
    case XC_ERR_CONFIG:
        return "the configuration has errors";
    }
    return "unknown error";
}

const char *xc_version(void)
{
#ifdef XC_VERSION_STRING
    return XC_VERSION_STRING;
#else
    return "0.0.0";
#endif
}

/* -------------------------------------------------------- offset maps */

int xc_omap_copy(xc_omap *m, size_t out, size_t in, size_t len)
{
    if (len == 0) return 0;
    if (m->runs.n) {
        xc_omap_run *last = &m->runs.v[m->runs.n - 1];
        if (last->out_len == last->in_len && last->out + last->out_len == out &&
            last->in + last->in_len == in) {
            last->out_len += len;
            last->in_len += len;
            goto done;
        }
    }
    if (xc_vec_push(&m->runs, ((xc_omap_run){out, in, len, len}))) return -1;
done:
    if (out + len > m->out_total) m->out_total = out + len;
    if (in + len > m->in_total) m->in_total = in + len;
    return 0;
}

int xc_omap_replace(xc_omap *m, size_t out, size_t out_len, size_t in, size_t in_len)
{
    if (out_len == in_len) return xc_omap_copy(m, out, in, out_len);
    if (xc_vec_push(&m->runs, ((xc_omap_run){out, in, out_len, in_len}))) return -1;
    if (out + out_len > m->out_total) m->out_total = out + out_len;
    if (in + in_len > m->in_total) m->in_total = in + in_len;
    return 0;
}

/* Last run whose out start is <= o; NULL when none. */
static const xc_omap_run *omap_find(const xc_omap *m, size_t o)
{
    size_t lo = 0, hi = m->runs.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->runs.v[mid].out <= o)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? &m->runs.v[lo - 1] : NULL;
}

size_t xc_omap_start(const xc_omap *m, size_t out)
{
    if (m->runs.n == 0) return out; /* identity */
    return xc_omap_start_at(m, omap_find(m, out), out);
}

size_t xc_omap_end(const xc_omap *m, size_t out_end)
{
    if (m->runs.n == 0) return out_end;
    if (out_end == 0) return xc_omap_start(m, 0);
    const xc_omap_run *r = omap_find(m, out_end - 1);
    if (!r) return m->runs.v[0].in;
    if (out_end > r->out + r->out_len) return r->in + r->in_len;
    if (r->out_len == r->in_len) return r->in + (out_end - r->out);
    return r->in + r->in_len;
}

void xc_omap_free(xc_omap *m)
{
    xc_vec_free(&m->runs);
    m->out_total = m->in_total = 0;
}

/* ---------------------------------------------------------------- UTF-8 */

size_t xc_utf8_decode(const char *str, size_t len, size_t i, int32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    unsigned char c = s[i];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t n;
    int32_t v;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        v = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        v = c & 0x07;
    } else {
        *cp = 0xFFFD;
        return 1;
    }
    if (i + n > len) {
        *cp = 0xFFFD;
        return 1;
    }
    for (size_t k = 1; k < n; k++) {
        if ((s[i + k] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        v = (v << 6) | (s[i + k] & 0x3F);
    }
    if ((n == 3 && (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))) ||
        (n == 4 && (v < 0x10000 || v > 0x10FFFF))) {
        *cp = 0xFFFD;
        return 1;
    }
    *cp = v;
    return n;
}

uint64_t xc_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

FILE *xc_spool_open(void)
{
    const char *dir = getenv("TMPDIR");
    if (dir && *dir) {
        xc_buf path = {0};
        FILE *f = NULL;
        if (!xc_buf_printf(&path, "%s/crosscheck-XXXXXX", dir)) {
            int fd = mkstemp(path.s);
            if (fd >= 0) {
                unlink(path.s); /* gone from the folder; removed when closed */
                f = fdopen(fd, "w+b");
                if (!f) close(fd);
            }
        }
        xc_buf_free(&path);
        if (f) return f;
    }
    return tmpfile(); /* no TMPDIR, or one that cannot take the file */
}

/* Where the kernel can copy between two files (Linux's sendfile: into a
 * regular file, a pipe or /dev/null), the bytes do not pass through this
 * process; whatever it does not take is copied below, through a buffer. */
static void copy_in_kernel(FILE *from, FILE *to, off_t *done)
{
    *done = 0;
#ifdef __linux__
    struct stat st;
    int in = fileno(from), out = fileno(to);
    if (in < 0 || out < 0 || fstat(in, &st) || !S_ISREG(st.st_mode) || fflush(to)) return;
    while (*done < st.st_size) {
        size_t want = (size_t)(st.st_size - *done);
        ssize_t n = sendfile(out, in, done, want > ((size_t)1 << 30) ? (size_t)1 << 30 : want);
        if (n <= 0) break; /* not for these two files (or a failure the copy below meets) */
    }
#else
    (void)from;
    (void)to;
#endif
}

int xc_file_copy(FILE *from, FILE *to)
{
    char buf[65536];
    size_t n;
    off_t done;
    if (fflush(from)) return -1;
    copy_in_kernel(from, to, &done);
    if (fseek(from, done, SEEK_SET)) return -1;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n) return -1;
    return ferror(from) ? -1 : 0;
}

/* Writes the staged bytes to the file: 0, or -1. */
static int spool_flush(xc_spool *sp)
{
    if (!sp->f && !(sp->f = xc_spool_open())) return -1;
    size_t n = sp->stage.len;
    if (!n) return 0;
    sp->stage.len = 0;
    int rc = fwrite(sp->stage.s, 1, n, sp->f) != n ? -1 : 0;
    sp->stage.s[0] = '\0'; /* an xc_buf stays NUL-terminated */
    return rc;
}

xc_status xc_spool_add(xc_spool *sp, const char *s, size_t n)
{
    if (!n) return XC_OK;
    /* a block's room at once: the stage is not moved as it fills */
    if (!sp->stage.cap && xc_buf_reserve(&sp->stage, XC_SPOOL_BLOCK + n + 1)) return XC_ERR_NOMEM;
    if (xc_buf_add(&sp->stage, s, n)) return XC_ERR_NOMEM;
    if (!sp->f && !(sp->f = xc_spool_open())) return XC_ERR_IO;
    return sp->stage.len >= XC_SPOOL_BLOCK && spool_flush(sp) ? XC_ERR_IO : XC_OK;
}

FILE *xc_spool_file(xc_spool *sp)
{
    return spool_flush(sp) ? NULL : sp->f;
}

int xc_spool_copy(xc_spool *sp, FILE *to)
{
    return sp->f && (spool_flush(sp) || xc_file_copy(sp->f, to)) ? -1 : 0;
}

void xc_spool_free(xc_spool *sp)
{
    if (sp->f) fclose(sp->f);
    xc_buf_free(&sp->stage);
    *sp = (xc_spool){0};
}

size_t xc_ranges_before(const xc_range *v, size_t n, size_t pos)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].start < pos)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Code points are bytes minus continuation bytes (10xxxxxx), counted eight
 * bytes at a time: bit 7 set and bit 6 clear marks one, and a multiply sums
 * the marks of a word (at most 8 per word, so no byte overflows). */
size_t xc_utf8_count(const char *s, size_t len)
{
    const uint64_t ones = 0x0101010101010101ull;
    size_t cont = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        uint64_t c = (w >> 7) & ~(w >> 6) & ones;
        cont += (size_t)((c * ones) >> 56);
    }
    for (; i < len; i++) cont += ((unsigned char)s[i] & 0xC0) == 0x80;
    return len - cont;
}

/* The C library's tolower in the "C" locale crosscheck runs in, without its
 * locale lookups: ASCII letters only. */
bool xc_ieq(const char *a, size_t alen, const char *b)
{
    return xc_ieq_ascii(a, alen, b);
}

bool xc_parse_iso_date(const char *s, int *y, int *m, int *d)
{
    if (!s) return false;
    for (int i = 0; i < 10; i++) {
        if (i == 4 || i == 7) {
            if (s[i] != '-') return false;
        } else if (s[i] < '0' || s[i] > '9') {
            return false;
        }
    }
    int yy = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int mm = (s[5] - '0') * 10 + (s[6] - '0');
    int dd = (s[8] - '0') * 10 + (s[9] - '0');
    if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return false;
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (dd > mdays[mm - 1]) return false;
    if (mm == 2 && dd == 29 && !((yy % 4 == 0 && yy % 100 != 0) || yy % 400 == 0)) return false;
    *y = yy;
    *m = mm;
    *d = dd;
    return true;
}
