/* main.c — the crosscheck command line.
 *
 *   crosscheck PATH...                        cross-check the documents under PATH
 *   crosscheck check DRAFT... --sources PATH  check drafts against sources (for CI)
 *   crosscheck extract PATH...                everything extracted, per document
 *   crosscheck rules test [DIR]               run the examples written in the rule files
 *   crosscheck rules list [DIR]               the rules with their files and ids
 *   crosscheck init                           write a commented starter .crosscheck.yaml
 *
 * Options come from the command line, then `.crosscheck.yaml`, then the
 * defaults. Exit status: 0 nothing at or above --fail-on, 1 findings at or
 * above it, 2 usage, rule, configuration or output error. */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define EXIT_FINDINGS 1
#define EXIT_USAGE    2

typedef enum {
    CMD_CROSSCHECK,
    CMD_CHECK,
    CMD_EXTRACT,
    CMD_RULES_TEST,
    CMD_RULES_LIST,
    CMD_INIT
} command;

static const char *const command_names[] = {"check", "extract", "rules", "init"};

/* ------------------------------------------------------------ options */

typedef enum {
    O_FORMAT,
    O_OUTPUT,
    O_RULES,
    O_CONFIG,
    O_FAIL_ON,
    O_JOBS,
    O_COLOR,
    O_QUIET,
    O_VERSION,
    O_HELP,
    O_DATE,
    O_STORY_PER_DIR,
    O_ONE_STORY,
    O_SOURCES,
    O_SOURCE_CONFLICTS,
    O_AGREEMENTS,
    O_COUNT
} option_id;

static const struct {
    const char *name;
    char short_name;
    bool takes_value;
} options[O_COUNT] = {
    [O_FORMAT] = {"--format", 'f', true},
    [O_OUTPUT] = {"--output", 'o', true},
    [O_RULES] = {"--rules", 0, true},
    [O_CONFIG] = {"--config", 0, true},
    [O_FAIL_ON] = {"--fail-on", 0, true},
    [O_JOBS] = {"--jobs", 'j', true},
    [O_COLOR] = {"--color", 0, true},
    [O_QUIET] = {"--quiet", 'q', false},
    [O_VERSION] = {"--version", 'V', false},
    [O_HELP] = {"--help", 'h', false},
    [O_DATE] = {"--date", 0, true},
    [O_STORY_PER_DIR] = {"--story-per-dir", 0, false},
    [O_ONE_STORY] = {"--one-story", 0, false},
    [O_SOURCES] = {"--sources", 0, true},
    [O_SOURCE_CONFLICTS] = {"--include-source-conflicts", 0, false},
    [O_AGREEMENTS] = {"--agreements", 0, false},
};

typedef struct {
    command cmd;
    bool cmd_given;
    XC_VEC(const char *) args; /* positional arguments after the command */
    XC_VEC(const char *) sources;
    const char *format, *output, *rules, *config, *fail_on, *color, *date, *jobs;
    bool quiet, version, help, one_story, source_conflicts, agreements;
} cli;

static const char *prog = "crosscheck";

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
    return EXIT_USAGE;
}

static void print_help(FILE *out, command cmd, bool cmd_given)
{
    if (cmd_given && cmd == CMD_CHECK) {
        fputs(
            "usage: crosscheck check DRAFT... --sources PATH [options]\n\n"
            "Checks drafts against their sources and reports what in the drafts disagrees:\n"
            "figures, altered or unsourced quotes, names spelled another way. Made for CI:\n"
            "the exit status is 1 when a finding is at or above --fail-on.\n\n"
            "  --sources PATH              sources to check against (repeatable; or `sources:`\n"
            "                              in .crosscheck.yaml)\n"
            "  --include-source-conflicts  also report where the sources disagree with each other\n"
            "  --agreements                also report agreeing and single-source figures\n"
            "  --format FMT                text (default), json, jsonl, sarif, github, html\n"
            "  --fail-on LEVEL             error (default), warning, info, never\n\n"
            "examples:\n"
            "  crosscheck check drafts/marathon.md --sources sources/marathon/\n"
            "  crosscheck check drafts/*.md --sources sources/ --format github\n"
            "  crosscheck check draft.md --sources src/ --format sarif --output check.sarif\n",
            out);
        return;
    }
    if (cmd_given && cmd == CMD_EXTRACT) {
        fputs("usage: crosscheck extract PATH... [options]\n\n"
              "Extracts quotes with speakers, people, dates and figures from every document\n"
              "and writes one record per document, in input order (JSON Lines by default).\n"
              "Records are written as documents finish, so large corpora stream.\n\n"
              "  --format FMT     jsonl (default), json, text, sarif, github, html\n"
              "  --jobs N         documents extracted in parallel (default: number of cores)\n"
              "  --date DATE      document date (YYYY-MM-DD) for documents that give none\n\n"
              "examples:\n"
              "  crosscheck extract corpus/ > corpus.jsonl\n"
              "  crosscheck extract article.html --format json --output article.json\n"
              "  crosscheck extract corpus/ | jq -c '.figures[]'\n",
              out);
        return;
    }
    if (cmd_given && cmd == CMD_INIT) {
        fputs("usage: crosscheck init\n\n"
              "Writes a commented starter .crosscheck.yaml in the working folder (never over an\n"
              "existing one). crosscheck finds it from this folder and every folder below.\n\n"
              "example:\n"
              "  cd newsroom && crosscheck init && $EDITOR .crosscheck.yaml\n",
              out);
        return;
    }
    if (cmd_given && (cmd == CMD_RULES_TEST || cmd == CMD_RULES_LIST)) {
        fputs("usage: crosscheck rules test [DIR]\n"
              "       crosscheck rules list [DIR]\n\n"
              "test runs the examples written in the rule files (exit 1 when one fails);\n"
              "list prints every rule as FILE:LINE: KIND ID. DIR defaults to --rules, the\n"
              "configuration's `rules:`, or the installed rule set.\n\n"
              "examples:\n"
              "  crosscheck rules test\n"
              "  crosscheck rules test my-newsroom-rules/\n"
              "  crosscheck rules list | grep figures\n",
              out);
        return;
    }
    fputs("usage: crosscheck PATH... [options]              cross-check the documents under PATH\n"
          "       crosscheck check DRAFT... --sources PATH  check drafts against sources (CI)\n"
          "       crosscheck extract PATH...                everything extracted, per document\n"
          "       crosscheck rules test|list [DIR]          rule files' examples; the rules\n"
          "       crosscheck init                           write a starter .crosscheck.yaml\n\n"
          "Each folder is one story: its documents are compared with each other. Files named\n"
          "on the command line form one story together.\n\n"
          "options:\n"
          "  -f, --format FMT        text|json|jsonl|sarif|github|html (text; jsonl for extract)\n"
          "  -o, --output FILE       write the report to FILE (replaced only when complete)\n"
          "      --rules DIR         rule folder\n"
          "      --config FILE       configuration (default: .crosscheck.yaml here or above)\n"
          "      --fail-on LEVEL     error|warning|info|never: exit 1 at or above it (error)\n"
          "  -j, --jobs N            documents read in parallel (number of cores)\n"
          "      --color WHEN        auto|always|never (auto; NO_COLOR is honoured)\n"
          "  -q, --quiet             no progress, no warnings on stderr\n"
          "      --date DATE         YYYY-MM-DD for documents without a date\n"
          "      --story-per-dir     each folder is a story (default)\n"
          "      --one-story         every document in one story\n"
          "      --include-source-conflicts  check: also report sources that disagree\n"
          "      --agreements        also report agreeing and single-source figures\n"
          "  -V, --version           version and rule set version\n"
          "  -h, --help              this help; `crosscheck COMMAND --help` for a command\n\n"
          "exit status: 0 nothing at or above --fail-on, 1 findings at or above it,\n"
          "             2 usage, rule, configuration or output error, or a PATH missing\n\n"
          "examples:\n"
          "  crosscheck corpus/pyongyang-marathon/\n"
          "  crosscheck corpus/ --format html --output report.html\n"
          "  crosscheck check drafts/x.md --sources sources/x/ --format github\n"
          "  crosscheck extract corpus/ --jobs 4 > corpus.jsonl\n",
          out);
}

/* Finds an option by its long name (before any '=') or short letter. */
static int find_option(const char *arg, size_t len)
{
    for (int i = 0; i < O_COUNT; i++) {
        if (len == 2 && arg[1] != '-' && options[i].short_name == arg[1]) return i;
        if (strlen(options[i].name) == len && !strncmp(options[i].name, arg, len)) return i;
    }
    return -1;
}

static int unknown_option(const char *arg, size_t len)
{
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(len < 100 ? len : 100), arg);
    const char *names[O_COUNT];
    for (int i = 0; i < O_COUNT; i++) names[i] = options[i].name;
    const char *near = xc_suggest(name, names, O_COUNT);
    if (near) return usage_error("unknown option '%s'; did you mean '%s'?", name, near);
    return usage_error("unknown option '%s'", name);
}

static bool path_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* Returns 0, or an exit status. */
static int parse_args(int argc, char **argv, cli *c)
{
    bool only_args = false;
    bool rules_sub = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_args && !strcmp(a, "--")) {
            only_args = true;
            continue;
        }
        if (!only_args && a[0] == '-' && a[1] != '\0') {
            /* --name=value, --name value, -xVALUE, -x value */
            const char *eq = a[1] == '-' ? strchr(a, '=') : a[2] ? a + 1 : NULL;
            size_t len = eq ? (size_t)(eq - a) + (a[1] != '-') : strlen(a);
            int o = find_option(a, len);
            if (o < 0) return unknown_option(a, len);
            const char *value = NULL;
            if (options[o].takes_value) {
                if (eq)
                    value = eq + 1; /* after '=', or after the letter */
                else if (i + 1 < argc)
                    value = argv[++i];
                else
                    return usage_error("option '%s' needs a value", options[o].name);
            } else if (eq) {
                if (a[1] != '-') return unknown_option(a, strlen(a));
                return usage_error("option '%s' takes no value", options[o].name);
            }
            switch ((option_id)o) {
            case O_FORMAT:
                c->format = value;
                break;
            case O_OUTPUT:
                c->output = value;
                break;
            case O_RULES:
                c->rules = value;
                break;
            case O_CONFIG:
                c->config = value;
                break;
            case O_FAIL_ON:
                c->fail_on = value;
                break;
            case O_JOBS:
                c->jobs = value;
                break;
            case O_COLOR:
                c->color = value;
                break;
            case O_DATE:
                c->date = value;
                break;
            case O_QUIET:
                c->quiet = true;
                break;
            case O_VERSION:
                c->version = true;
                break;
            case O_HELP:
                c->help = true;
                break;
            case O_STORY_PER_DIR:
                c->one_story = false;
                break;
            case O_ONE_STORY:
                c->one_story = true;
                break;
            case O_SOURCE_CONFLICTS:
                c->source_conflicts = true;
                break;
            case O_AGREEMENTS:
                c->agreements = true;
                break;
            case O_SOURCES:
                if (xc_vec_push(&c->sources, value)) return EXIT_USAGE;
                break;
            case O_COUNT:
                break;
            }
            continue;
        }
        /* A positional argument: the command, a rules sub-command, or a path. */
        if (!c->cmd_given && c->args.n == 0 && !rules_sub && !only_args) {
            if (!strcmp(a, "check") || !strcmp(a, "extract")) {
                c->cmd = a[0] == 'c' ? CMD_CHECK : CMD_EXTRACT;
                c->cmd_given = true;
                continue;
            }
            if (!strcmp(a, "rules")) {
                rules_sub = true;
                continue;
            }
            if (!strcmp(a, "init")) {
                c->cmd = CMD_INIT;
                c->cmd_given = true;
                continue;
            }
            if (!path_exists(a)) {
                const char *near = xc_suggest(a, command_names, 4);
                if (near) return usage_error("unknown command '%s'; did you mean '%s'?", a, near);
            }
        }
        if (rules_sub && !c->cmd_given) {
            if (!strcmp(a, "test") || !strcmp(a, "list")) {
                c->cmd = a[0] == 't' ? CMD_RULES_TEST : CMD_RULES_LIST;
                c->cmd_given = true;
                continue;
            }
            if (c->help) break;
            const char *subs[] = {"test", "list"};
            const char *near = xc_suggest(a, subs, 2);
            return usage_error("unknown rules command '%s'%s%s%s; use 'rules test' or 'rules list'",
                               a, near ? " (did you mean '" : "", near ? near : "",
                               near ? "'?)" : "");
        }
        if (xc_vec_push(&c->args, a)) return EXIT_USAGE;
    }
    if (rules_sub && !c->cmd_given) {
        if (c->help) {
            c->cmd = CMD_RULES_TEST;
            c->cmd_given = true;
            return 0;
        }
        return usage_error("'rules' needs a command: 'rules test [DIR]' or 'rules list [DIR]'");
    }
    return 0;
}

/* --------------------------------------------------------- the output */

/* The report goes to stdout, or to a temporary file beside --output that is
 * renamed over it once complete, so a failed run never leaves a truncated
 * file that looks finished. */
typedef struct {
    FILE *f;
    char *final_path, *tmp_path;
} output;

/* The stdio buffer of a report that does not go to a terminal. */
#define OUTPUT_BUFFER ((size_t)256 << 10)

/* The temporary file, for a signal handler to remove when the run is
 * interrupted (unlink is async-signal-safe; the path is fixed before the
 * handler is installed). */
static char interrupted_tmp[PATH_MAX];

static void on_interrupt(int sig)
{
    if (interrupted_tmp[0]) unlink(interrupted_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void watch_interrupts(const char *tmp)
{
    if (tmp && strlen(tmp) < sizeof interrupted_tmp)
        memcpy(interrupted_tmp, tmp, strlen(tmp) + 1);
    else
        interrupted_tmp[0] = '\0';
    /* A signal the caller ignores (a background job's SIGINT) stays ignored. */
    static bool ignored[3];
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old;
        if (tmp && sigaction(sigs[i], NULL, &old) == 0) ignored[i] = old.sa_handler == SIG_IGN;
        if (!ignored[i]) signal(sigs[i], tmp ? on_interrupt : SIG_DFL);
    }
}

static int output_create(output *o, const char *path, xc_buf t);

static int output_open(output *o, const char *path)
{
    if (!path || !strcmp(path, "-")) {
        o->f = stdout;
        return 0;
    }
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!*base) {
        fprintf(stderr, "%s: cannot write '%s': it names a folder\n", prog, path);
        return EXIT_USAGE;
    }
    xc_buf t = {0};
    if ((slash && xc_buf_add(&t, path, (size_t)(base - path))) ||
        xc_buf_printf(&t, ".%s.XXXXXX", base)) {
        xc_buf_free(&t);
        return EXIT_USAGE;
    }
    /* An interrupt between creating the temporary file and installing the
     * handler that removes it would leave the file behind: hold interrupts
     * until the handler is in place (they are delivered then). */
    sigset_t interrupts, saved;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    sigaddset(&interrupts, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &interrupts, &saved);
    int status = output_create(o, path, t);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    return status;
}

/* output_open's part with interrupts held: the temporary file from the
 * template t (taken over), then the handler that removes it. */
static int output_create(output *o, const char *path, xc_buf t)
{
    int fd = mkstemp(t.s);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, path, strerror(errno));
        xc_buf_free(&t);
        return EXIT_USAGE;
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, path, strerror(errno));
        close(fd);
        unlink(t.s);
        xc_buf_free(&t);
        return EXIT_USAGE;
    }
    o->tmp_path = t.s;
    o->final_path = strdup(path);
    watch_interrupts(o->tmp_path);
    return o->final_path ? 0 : EXIT_USAGE;
}

/* Drops the temporary file of a failed run. */
static void output_abandon(output *o)
{
    watch_interrupts(NULL);
    if (o->tmp_path) {
        fclose(o->f);
        unlink(o->tmp_path);
    }
    free(o->tmp_path);
    free(o->final_path);
    o->tmp_path = o->final_path = NULL;
    o->f = NULL;
}

static bool broken_pipe;

/* True when stdout is a pipe whose reader has gone (poll reports an error
 * on the write end), whatever errno says by now. */
static bool stdout_reader_gone(void)
{
    struct pollfd p = {.fd = STDOUT_FILENO, .events = POLLOUT};
    return poll(&p, 1, 0) > 0 && (p.revents & POLLERR);
}

/* Flushes and, for a file, syncs and renames it into place. Returns 0 or
 * an exit status (after a message). A closed pipe is not an error to
 * report: it sets broken_pipe. */
static int output_commit(output *o)
{
    if (!o->tmp_path) {
        errno = 0;
        if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
        if (errno == EPIPE || stdout_reader_gone()) {
            broken_pipe = true;
            return 0;
        }
        fprintf(stderr, "%s: cannot write the report: %s\n", prog,
                errno ? strerror(errno) : "write error");
        return EXIT_USAGE;
    }
    const char *what = NULL;
    int err = 0;
    errno = 0;
    if (fflush(o->f) || ferror(o->f))
        what = "write", err = errno;
    else if (fsync(fileno(o->f)))
        what = "sync", err = errno;
    if (fclose(o->f) && !what) what = "close", err = errno;
    o->f = NULL;
    if (!what && rename(o->tmp_path, o->final_path)) what = "rename", err = errno;
    watch_interrupts(NULL);
    if (what) {
        fprintf(stderr, "%s: cannot write '%s' (%s): %s\n", prog, o->final_path, what,
                err ? strerror(err) : "write error");
        unlink(o->tmp_path);
    }
    free(o->tmp_path);
    free(o->final_path);
    o->tmp_path = o->final_path = NULL;
    return what ? EXIT_USAGE : 0;
}

/* True when writing has failed; a closed pipe on stdout sets broken_pipe. */
static bool write_failed(const output *o)
{
    if (!ferror(o->f)) return false;
    if (!o->tmp_path && (errno == EPIPE || stdout_reader_gone())) broken_pipe = true;
    return true;
}

/* ------------------------------------------------------------ progress */

typedef struct {
    bool on, shown;
    size_t done, total;
    double bytes, start, last;
} progress;

static double now_seconds(void)
{
    return (double)xc_now_ns() / 1e9;
}

static void progress_erase(progress *p)
{
    if (p->shown) fputs("\r\033[K", stderr);
    p->shown = false;
}

static void progress_step(progress *p, const xc_doc *doc)
{
    p->done++;
    p->bytes += (double)doc->raw_len;
    if (!p->on) return;
    double t = now_seconds();
    if (t - p->last < 0.25) return;
    p->last = t;
    double rate = t > p->start ? p->bytes / (t - p->start) / 1e6 : 0;
    fprintf(stderr, "\r\033[K%zu/%zu files, %.1f MB/s", p->done, p->total, rate);
    p->shown = true;
}

/* -------------------------------------------------------------- inputs */

typedef struct {
    char *name;
    xc_story *story;
    size_t last;     /* index of its last input */
    size_t n_inputs; /* inputs it holds (some may turn out skipped) */
    XC_VEC(xc_doc *) docs;
    XC_VEC(size_t) index; /* of each of docs among the inputs */
    bool done;
} story_slot;

/* A string -> index map (open addressing, FNV-1a), so grouping and
 * de-duplication stay linear in the number of files. */
typedef struct {
    char *key;
    long value;
} map_slot;

typedef struct {
    map_slot *slots;
    size_t cap, n;
} strmap;

static size_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return (size_t)h;
}

static long *strmap_find(const strmap *m, const char *key)
{
    if (!m->cap) return NULL;
    for (size_t i = hash_str(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->slots[i].key) return NULL;
        if (!strcmp(m->slots[i].key, key)) return &m->slots[i].value;
    }
}

/* Adds a key that is not there yet (copied). Returns 0 or -1. */
static int strmap_add(strmap *m, const char *key, long value)
{
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        map_slot *slots = calloc(cap, sizeof *slots);
        if (!slots) return -1;
        for (size_t k = 0; k < m->cap; k++) {
            if (!m->slots[k].key) continue;
            size_t i = hash_str(m->slots[k].key) & (cap - 1);
            while (slots[i].key) i = (i + 1) & (cap - 1);
            slots[i] = m->slots[k];
        }
        free(m->slots);
        m->slots = slots;
        m->cap = cap;
    }
    char *copy = strdup(key);
    if (!copy) return -1;
    size_t i = hash_str(key) & (m->cap - 1);
    while (m->slots[i].key) i = (i + 1) & (m->cap - 1);
    m->slots[i] = (map_slot){copy, value};
    m->n++;
    return 0;
}

/* A (device, inode) -> first input index map, open addressing: the same
 * file reached twice is found whatever path reached it. */
typedef struct {
    unsigned long long dev, ino;
    long value; /* -1: empty slot */
} file_slot;

typedef struct {
    file_slot *slots;
    size_t cap, n;
} filemap;

static size_t hash_file(unsigned long long dev, unsigned long long ino)
{
    uint64_t h = (ino ^ dev * 0x9E3779B97F4A7C15u) * 0xBF58476D1CE4E5B9u;
    return (size_t)(h ^ h >> 31);
}

/* The index the file was first met at, or -1 after recording it at value
 * (-2 when out of memory). */
static long filemap_first(filemap *m, unsigned long long dev, unsigned long long ino, long value)
{
    if (2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 1024;
        file_slot *slots = malloc(cap * sizeof *slots);
        if (!slots) return -2;
        for (size_t k = 0; k < cap; k++) slots[k].value = -1;
        for (size_t k = 0; k < m->cap; k++) {
            if (m->slots[k].value < 0) continue;
            size_t i = hash_file(m->slots[k].dev, m->slots[k].ino) & (cap - 1);
            while (slots[i].value >= 0) i = (i + 1) & (cap - 1);
            slots[i] = m->slots[k];
        }
        free(m->slots);
        m->slots = slots;
        m->cap = cap;
    }
    size_t i = hash_file(dev, ino) & (m->cap - 1);
    for (; m->slots[i].value >= 0; i = (i + 1) & (m->cap - 1))
        if (m->slots[i].dev == dev && m->slots[i].ino == ino) return m->slots[i].value;
    m->slots[i] = (file_slot){dev, ino, value};
    m->n++;
    return -1;
}

static void strmap_free(strmap *m)
{
    for (size_t k = 0; k < m->cap; k++) free(m->slots[k].key);
    free(m->slots);
    m->slots = NULL;
    m->cap = m->n = 0;
}

typedef struct {
    XC_VEC(xc_input) inputs;
    XC_VEC(long) story_of; /* per input: story index, or -1 */
    XC_VEC(bool) draft_of;
    XC_VEC(story_slot) stories;
    const xc_config *cfg;
    bool drafts;             /* inputs being walked are drafts */
    const char *fixed_story; /* every input goes to this story (check, --one-story) */
    const char *loose_name;  /* story of files named on the command line */
    strmap story_names;      /* story name -> index */
    filemap files;           /* (device, inode) -> first input index */
} inputs;

static long story_index(inputs *in, const char *name)
{
    long *known = strmap_find(&in->story_names, name);
    if (known) return *known;
    story_slot s = {0};
    s.name = strdup(name);
    s.story = xc_story_new(name);
    if (!s.name || !s.story || strmap_add(&in->story_names, name, (long)in->stories.n) ||
        xc_vec_push(&in->stories, s)) {
        free(s.name);
        xc_story_free(s.story);
        return -2;
    }
    return (long)in->stories.n - 1;
}

static int walk_one(void *ctx, const xc_walk_entry *e)
{
    inputs *in = ctx;
    const char *pattern = xc_config_ignored(in->cfg, e->path);
    char *reason = NULL;
    if (pattern) {
        size_t n = strlen(pattern) + 64;
        if ((reason = malloc(n)))
            snprintf(reason, n, "ignored by the configuration's pattern '%s'", pattern);
    } else if (e->skip_reason) {
        reason = strdup(e->skip_reason);
    } else {
        /* The same file reached twice (named and under a folder, or through
         * a link) is read once; the second is accounted for as skipped. */
        struct stat st;
        bool known = e->has_id || stat(e->path, &st) == 0;
        if (known) {
            long first = e->has_id
                             ? filemap_first(&in->files, e->dev, e->ino, (long)in->inputs.n)
                             : filemap_first(&in->files, (unsigned long long)st.st_dev,
                                             (unsigned long long)st.st_ino, (long)in->inputs.n);
            if (first == -2) return XC_ERR_NOMEM;
            if (first >= 0) {
                const char *fp = in->inputs.v[first].path;
                size_t n = strlen(fp) + 48;
                if (!(reason = malloc(n))) return XC_ERR_NOMEM;
                snprintf(reason, n, "the same file as %s, read once", fp);
            }
        }
    }
    xc_input it = {strdup(e->path), reason};
    if (!it.path || ((pattern || e->skip_reason) && !reason)) goto oom;
    long story = -1;
    if (!reason) {
        const char *name = in->fixed_story  ? in->fixed_story
                           : e->from_folder ? e->dir
                                            : in->loose_name;
        story = story_index(in, name);
        if (story == -2) goto oom;
        in->stories.v[story].last = in->inputs.n;
        in->stories.v[story].n_inputs++;
    }
    if (xc_vec_push(&in->inputs, it)) goto oom;
    if (xc_vec_push(&in->story_of, story) || xc_vec_push(&in->draft_of, in->drafts))
        return XC_ERR_NOMEM;
    return 0;
oom:
    free((char *)it.path);
    free((char *)it.skip_reason);
    return XC_ERR_NOMEM;
}

static void inputs_free(inputs *in)
{
    for (size_t i = 0; i < in->inputs.n; i++) {
        free((char *)in->inputs.v[i].path);
        free((char *)in->inputs.v[i].skip_reason);
    }
    for (size_t k = 0; k < in->stories.n; k++) {
        story_slot *s = &in->stories.v[k];
        free(s->name);
        xc_story_free(s->story);
        for (size_t i = 0; i < s->docs.n; i++) xc_doc_free(s->docs.v[i]);
        xc_vec_free(&s->docs);
        xc_vec_free(&s->index);
    }
    xc_vec_free(&in->inputs);
    xc_vec_free(&in->story_of);
    xc_vec_free(&in->draft_of);
    xc_vec_free(&in->stories);
    strmap_free(&in->story_names);
    free(in->files.slots);
}

/* ------------------------------------------------------------- running */

/* What a worker prepared for one document. */
typedef struct {
    xc_buf out;           /* bytes of the report for this document, written in input order */
    xc_claims_prep *prep; /* its claims prepared for reconciliation */
    xc_json_doc json;     /* its part of the JSON report */
    bool at_delivery;     /* its record (JSON Lines, JSON report) is written at delivery */
} doc_prep;

/* A document of at least this many bytes has its JSON Lines record (or its
 * part of the JSON report) written to the output as it is made, on the
 * delivering thread, instead of rendered whole beforehand by its worker:
 * the record of a long document is several times its size. CROSSCHECK_STREAM_BYTES sets another
 * size (the tests use it to compare the two ways on one document). */
#define STREAM_RECORD_BYTES ((size_t)1 << 20)

typedef struct {
    const cli *c;
    command cmd;
    xc_report_format format;
    output *out;
    const xc_rules *rules;
    xc_run run;
    xc_check_opts check;
    int fail_level;      /* 0..2 severity, 3 never */
    bool streaming;      /* report story by story */
    size_t stream_bytes; /* records of documents this large are written at delivery */
    inputs *in;
    progress prog;
    size_t failing; /* findings at or above the fail level */
    xc_report_totals totals;
    XC_VEC(xc_doc *) kept;         /* every document, when the report needs them all */
    XC_VEC(xc_skip) skipped;       /* skipped inputs, for a streamed text or GitHub report's end */
    xc_arena skip_text;            /* their paths and reasons */
    XC_VEC(xc_story *) finished;   /* reconciled stories in the order they finished */
    XC_VEC(const xc_doc *) drafts; /* check: the drafts read so far (run.drafts) */
    /* per input, made by its worker and freed once it is delivered: only
     * the documents in flight hold one (a whole array of them was 200
     * bytes for every input of the run) */
    doc_prep **prepared;
    xc_json_stream *json;   /* the JSON report being written */
    xc_sarif_stream *sarif; /* the SARIF report being built */
    xc_html_stream *html;   /* the HTML page being written */
    FILE *spool;            /* JSON Lines: the findings, written after the documents */
    size_t n_finished;      /* stories reconciled */
} runner;

static void doc_prep_free(doc_prep *p)
{
    xc_buf_free(&p->out);
    xc_claims_prep_free(p->prep);
    p->prep = NULL;
    xc_json_doc_free(&p->json);
}

/* On the worker thread: what only this document is needed for. */
static int prepare(void *ctx, size_t i, xc_doc *doc)
{
    const runner *r = ctx;
    doc_prep *p = r->prepared[i] = calloc(1, sizeof *p);
    if (!p) return XC_ERR_NOMEM;
    bool jsonl = r->format == XC_REPORT_JSONL && (r->cmd == CMD_EXTRACT || r->streaming);
    p->at_delivery = (jsonl || r->json) && doc->raw_len >= r->stream_bytes;
    if (r->cmd == CMD_EXTRACT && r->format == XC_REPORT_JSONL) {
        if (p->at_delivery) return 0;
        /* A news article's record is about three times its size: room for
         * that at once, instead of doubling the buffer ten times. */
        if (xc_vec_reserve_((void **)&p->out.s, &p->out.cap, 3 * doc->raw_len + 4096, 1))
            return XC_ERR_NOMEM;
        p->out.s[p->out.len] = '\0';
        xc_jw w;
        xc_jw_init(&w, &p->out, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER, 0);
        xc_doc_record_write(&w, doc);
        int rc = xc_jw_done(&w);
        return rc || xc_buf_addc(&p->out, '\n') ? XC_ERR_NOMEM : 0;
    }
    long k = r->cmd == CMD_EXTRACT || doc->status != XC_DOC_OK ? -1 : r->in->story_of.v[i];
    bool alone = false;
    if (k >= 0) {
        /* A document alone in its story is compared with nothing else. */
        alone = r->in->stories.v[k].n_inputs == 1 && !r->in->draft_of.v[i];
        p->prep = alone ? xc_claims_prepare_alone(doc, r->rules) : xc_claims_prepare(doc, r->rules);
        if (!p->prep) return XC_ERR_NOMEM;
    }
    int rc = 0;
    if (r->json) {
        if (!p->at_delivery)
            rc = xc_json_doc_render(&p->json, doc, k >= 0 ? r->in->stories.v[k].name : NULL);
    } else if (r->cmd != CMD_EXTRACT && r->format == XC_REPORT_JSONL && r->streaming)
        rc = p->at_delivery ? 0 : xc_jsonl_doc_render(&p->out, doc);
    else if (r->html)
        rc = xc_html_doc_render(&p->out, doc, i);
    /* Nothing matches on a long document alone in its story from here on:
     * its matching view, as large as its text, goes. */
    if (alone && doc->raw_len >= r->stream_bytes) xc_doc_drop_fold(doc);
    /* held until its story is reconciled: without the room left over */
    if (k >= 0 && !alone) xc_doc_fit(doc);
    return rc;
}

/* JSON Lines: the story's findings go to the spool, copied after the
 * last document. */
static xc_status spool_story(runner *r, const xc_story *story)
{
    xc_report_finding *rf;
    size_t n = xc_story_report_findings(story, r->run.min_severity, &rf);
    if (n == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = XC_OK;
    if (n && !r->spool && !(r->spool = xc_spool_open())) st = XC_ERR_IO;
    if (n && st == XC_OK) st = xc_jsonl_findings(r->spool, rf, n);
    free(rf);
    return st;
}

static xc_status spool_copy(runner *r)
{
    return !r->spool || !xc_file_copy(r->spool, r->out->f) ? XC_OK : XC_ERR_IO;
}

/* HTML: the story's findings, linked to its documents. */
static xc_status html_story(runner *r, const story_slot *s)
{
    xc_report_finding *rf;
    size_t k = xc_story_report_findings(s->story, r->run.min_severity, &rf);
    if (k == SIZE_MAX) return XC_ERR_NOMEM;
    xc_status st = xc_html_stream_findings(r->html, rf, k, (const xc_doc *const *)s->docs.v,
                                           s->index.v, s->docs.n);
    free(rf);
    return st;
}

/* extract: a document's record written straight to the output as it is
 * made (the same bytes prepare() renders). */
static int record_write(runner *r, const xc_doc *doc)
{
    xc_buf b = {0};
    xc_jw w;
    xc_jw_init(&w, &b, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER, 0);
    xc_jw_sink(&w, r->out->f);
    xc_doc_record_write(&w, doc);
    int rc = xc_jw_done(&w);
    xc_buf_free(&b);
    if (rc) return rc == XC_ERR_IO ? XC_ERR_IO : XC_ERR_NOMEM;
    return fputc('\n', r->out->f) == EOF ? XC_ERR_IO : 0;
}

/* Writes what the worker rendered for input i, or, for a long document,
 * its JSON Lines record now. */
static int emit_prepared(runner *r, size_t i, const xc_doc *doc)
{
    doc_prep *p = r->prepared[i];
    int rc = 0;
    if (p->at_delivery)
        rc = r->cmd == CMD_EXTRACT ? record_write(r, doc) : xc_jsonl_doc_write(r->out->f, doc);
    else if (p->out.len)
        fwrite(p->out.s, 1, p->out.len, r->out->f);
    xc_buf_free(&p->out);
    bool failed = write_failed(r->out); /* notes a closed pipe too */
    if (rc == XC_ERR_NOMEM) return rc;
    return rc || failed ? XC_ERR_IO : 0;
}

static void free_prep(void *prep)
{
    xc_claims_prep_free(prep);
}

static int finish_story(runner *r, story_slot *s)
{
    xc_status st = xc_story_reconcile(s->story, r->rules, &r->check);
    if (st == XC_ERR_NOMEM) return st;
    const xc_finding *f;
    size_t nf = xc_story_findings(s->story, &f);
    for (size_t i = 0; i < nf; i++)
        if ((int)f[i].severity >= r->fail_level) r->failing++;
    s->done = true;
    r->n_finished++;
    if (!r->streaming) return xc_vec_push(&r->finished, s->story) ? XC_ERR_NOMEM : 0;

    progress_erase(&r->prog);
    if (r->json)
        st = xc_json_stream_story(r->json, s->story);
    else if (r->sarif)
        st = xc_sarif_stream_story(r->sarif, s->story);
    else if (r->html)
        st = html_story(r, s);
    else if (r->format == XC_REPORT_JSONL)
        st = spool_story(r, s->story);
    else if (r->format == XC_REPORT_GITHUB)
        st = xc_report_github_story(r->out->f, &r->run, s->story, &r->totals);
    else
        st = xc_report_text_story(r->out->f, &r->run, s->story, &r->totals);
    if (st == XC_OK) fflush(r->out->f);
    /* The story's documents are no longer needed: each is freed on the
     * thread that extracted it, and so is its preparation (the story reads
     * neither when it is freed). */
    for (size_t i = 0; i < s->docs.n; i++) {
        xc_pipeline_release_with(s->docs.v[i], xc_story_take_prep(s->story, i), free_prep);
        xc_pipeline_release(s->docs.v[i]);
    }
    xc_story_free(s->story);
    s->story = NULL;
    xc_vec_free(&s->docs);
    xc_vec_free(&s->index);
    r->drafts.n = r->run.n_drafts = 0; /* they were this story's */
    if (st == XC_ERR_NOMEM) return st;
    bool failed = write_failed(r->out);
    return st != XC_OK || failed ? XC_ERR_IO : 0;
}

static int deliver_doc(runner *r, size_t i, xc_doc *doc)
{
    progress_step(&r->prog, doc);
    if (r->json) {
        long k = r->cmd == CMD_EXTRACT || doc->status != XC_DOC_OK ? -1 : r->in->story_of.v[i];
        xc_status st =
            r->prepared[i]->at_delivery
                ? xc_json_stream_doc_write(r->json, doc, k >= 0 ? r->in->stories.v[k].name : NULL)
                : xc_json_stream_doc(r->json, &r->prepared[i]->json);
        xc_json_doc_free(&r->prepared[i]->json);
        if (st == XC_ERR_IO || write_failed(r->out)) st = XC_ERR_IO;
        if (st != XC_OK || r->cmd == CMD_EXTRACT) {
            xc_doc_free(doc);
            return st;
        }
    }
    if (r->html) {
        xc_status st = xc_html_stream_doc(r->html, doc, &r->prepared[i]->out);
        xc_buf_free(&r->prepared[i]->out);
        if (st != XC_OK || r->cmd == CMD_EXTRACT) {
            xc_doc_free(doc);
            return st;
        }
    }
    if (r->cmd != CMD_EXTRACT && r->format == XC_REPORT_JSONL && r->streaming) {
        int rc = emit_prepared(r, i, doc);
        if (rc) {
            xc_doc_free(doc);
            return rc;
        }
    }
    if (r->cmd == CMD_EXTRACT) {
        if (r->streaming) {
            int rc = emit_prepared(r, i, doc);
            xc_pipeline_release(doc);
            return rc;
        }
        if (xc_vec_push(&r->kept, doc)) {
            xc_doc_free(doc);
            return XC_ERR_NOMEM;
        }
        return 0;
    }
    long k = r->in->story_of.v[i];
    if (r->streaming && (doc->status != XC_DOC_OK || k < 0)) {
        /* Skipped: a text or GitHub report's end lists its path and reason,
         * which are all that is kept of it (a document holds kilobytes, a
         * run may skip hundreds of thousands of files). */
        int rc = 0;
        if (r->format == XC_REPORT_TEXT || r->format == XC_REPORT_GITHUB) {
            const char *path = xc_arena_strdup(&r->skip_text, doc->path);
            const char *reason = doc->reason ? xc_arena_strdup(&r->skip_text, doc->reason) : NULL;
            if (!path || (doc->reason && !reason) ||
                xc_vec_push(&r->skipped, ((xc_skip){path, reason})))
                rc = XC_ERR_NOMEM;
        }
        xc_pipeline_release(doc);
        if (rc || k < 0 || r->in->stories.v[k].last != i) return rc;
        return finish_story(r, &r->in->stories.v[k]);
    }
    /* Ownership: a kept document is freed with the run; a story's document
     * with its story (streaming). */
    if (!r->streaming && xc_vec_push(&r->kept, doc)) {
        xc_doc_free(doc);
        return XC_ERR_NOMEM;
    }
    if (k >= 0) {
        story_slot *s = &r->in->stories.v[k];
        if (doc->status == XC_DOC_OK) {
            if (r->streaming && (xc_vec_push(&s->docs, doc) || xc_vec_push(&s->index, i))) {
                xc_doc_free(doc);
                return XC_ERR_NOMEM;
            }
            bool draft = r->in->draft_of.v[i];
            if (draft) {
                if (xc_vec_push(&r->drafts, doc)) return XC_ERR_NOMEM;
                r->run.drafts = r->drafts.v;
                r->run.n_drafts = r->drafts.n;
            }
            xc_claims_prep *prep = r->prepared[i]->prep;
            r->prepared[i]->prep = NULL;
            if (xc_story_add_prepared(s->story, doc, draft, prep) != XC_OK) return XC_ERR_NOMEM;
        }
        if (s->last == i) return finish_story(r, s);
    }
    return 0;
}

/* Hands input i's document on; what its worker prepared goes with it. */
static int deliver(void *ctx, size_t i, xc_doc *doc)
{
    runner *r = ctx;
    if (!r->prepared[i]) { /* prepare runs on every document before it is delivered */
        xc_doc_free(doc);
        return XC_ERR_NOMEM;
    }
    int rc = deliver_doc(r, i, doc);
    doc_prep_free(r->prepared[i]);
    free(r->prepared[i]);
    r->prepared[i] = NULL;
    return rc;
}

static xc_rules *load_rules(const char *dir, const char *argv0, bool quiet)
{
    char *def = dir ? NULL : xc_rules_default_dir(argv0);
    const char *use = dir ? dir : def;
    xc_diags *diags = xc_diags_new();
    xc_rules *rules = NULL;
    struct stat st;
    if (!use || !diags) {
        fprintf(stderr, "%s: out of memory\n", prog);
    } else if (stat(use, &st) != 0) {
        fprintf(stderr, "%s: rule folder '%s': %s\n", prog, use, strerror(errno));
    } else {
        /* A folder, or one rule file. The diagnostics say what is wrong. */
        rules = xc_rules_load(use, diags);
        if (!rules || !quiet) xc_diags_print(diags, stderr);
        if (!rules && !xc_diags_count(diags))
            fprintf(stderr, "%s: cannot load the rules in '%s'\n", prog, use);
    }
    xc_diags_free(diags);
    free(def);
    return rules;
}

static void print_rule(void *ctx, const char *file, unsigned line, const char *kind, const char *id)
{
    fprintf(ctx, "%s:%u: %s %s\n", file, line, kind, id);
}

static int run_rules(const cli *c, xc_rules *rules, output *out)
{
    if (c->cmd == CMD_RULES_LIST) {
        xc_rules_each(rules, print_rule, out->f);
        return 0;
    }
    xc_diags *diags = xc_diags_new();
    xc_rules_test_result res = {0};
    xc_status st = diags ? xc_rules_test(rules, &res, diags) : XC_ERR_NOMEM;
    xc_diags_print(diags, stderr); /* failures on stderr, the count on stdout */
    xc_diags_free(diags);
    fprintf(out->f, "%zu passed, %zu failed\n", res.passed, res.failed);
    if (st == XC_ERR_NOMEM) return EXIT_USAGE;
    return res.failed ? EXIT_FINDINGS : 0;
}

/* Walks the inputs of a command into in. Returns 0 or an exit status. */
static int gather(const cli *c, const xc_config *cfg, inputs *in, const char *const *sources,
                  size_t n_sources)
{
    in->cfg = cfg;
    if (c->cmd == CMD_CHECK) {
        in->fixed_story = sources[0];
        in->drafts = true;
        if (xc_walk(c->args.v, c->args.n, walk_one, in) != XC_OK) return EXIT_USAGE;
        in->drafts = false;
        if (xc_walk(sources, n_sources, walk_one, in) != XC_OK) return EXIT_USAGE;
        return 0;
    }
    if (c->one_story) in->fixed_story = "all documents";
    in->loose_name = c->args.n == 1 ? c->args.v[0] : "files on the command line";
    return xc_walk(c->args.v, c->args.n, walk_one, in) == XC_OK ? 0 : EXIT_USAGE;
}

static bool use_color(const char *when, FILE *out)
{
    if (when && !strcmp(when, "always")) return true;
    if (when && !strcmp(when, "never")) return false;
    const char *no = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    return isatty(fileno(out)) && !(no && *no) && !(term && !strcmp(term, "dumb"));
}

static unsigned default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (unsigned)n;
}

static int run_documents(const cli *c, const xc_config *cfg, xc_rules *rules, output *out,
                         xc_report_format format, int fail_level, unsigned jobs, const char *date,
                         const char *const *sources, size_t n_sources)
{
    inputs in = {0};
    runner r = {.c = c,
                .cmd = c->cmd,
                .format = format,
                .out = out,
                .rules = rules,
                .fail_level = fail_level,
                .in = &in};
    int status = gather(c, cfg, &in, sources, n_sources);
    if (status) {
        fprintf(stderr, "%s: out of memory while listing the inputs\n", prog);
        inputs_free(&in);
        return status;
    }
    r.check.include_source_conflicts = c->source_conflicts;
    /* The HTML page draws agreeing claims too: seeing 42 km and 26.2 miles on one
     * axis is what it is for. */
    r.check.report_agreements = c->agreements || format == XC_REPORT_HTML;
    r.run.command = c->cmd == CMD_CHECK     ? "check"
                    : c->cmd == CMD_EXTRACT ? "extract"
                                            : "crosscheck";
    r.run.rules = rules;
    r.run.color = use_color(c->color, out->f);
    r.run.min_severity = XC_INFO;
    /* Reports are written as the run goes, so memory holds the documents of
     * one story, not of the whole run. */
    r.streaming = c->cmd != CMD_EXTRACT || (format != XC_REPORT_TEXT && format != XC_REPORT_GITHUB);
    r.prog.on = !c->quiet && isatty(STDERR_FILENO) && format != XC_REPORT_GITHUB &&
                format != XC_REPORT_SARIF && !getenv("CI");
    r.prog.total = in.inputs.n;
    r.stream_bytes = STREAM_RECORD_BYTES;
    const char *sb = getenv("CROSSCHECK_STREAM_BYTES");
    if (sb && *sb) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(sb, &end, 10);
        if (!*end && !errno) r.stream_bytes = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    }
    r.prog.start = now_seconds();

    xc_pipeline_opts po = {.rules = rules, .jobs = jobs, .prepare = prepare, .prepare_ctx = &r};
    po.load.fallback_date = date;
    /* jansson seeds its hash tables on first use; done here, not in a race
     * between workers. */
    json_object_seed(0);
    r.prepared = calloc(in.inputs.n + 1, sizeof *r.prepared);
    if (r.prepared && format == XC_REPORT_JSON) r.json = xc_json_stream_begin(out->f, &r.run);
    if (r.prepared && format == XC_REPORT_SARIF) r.sarif = xc_sarif_stream_begin(out->f, &r.run);
    if (r.prepared && format == XC_REPORT_HTML) r.html = xc_html_stream_begin(out->f);
    int rc = r.prepared && (r.json || format != XC_REPORT_JSON) &&
                     (r.sarif || format != XC_REPORT_SARIF) && (r.html || format != XC_REPORT_HTML)
                 ? xc_pipeline_run(in.inputs.v, in.inputs.n, &po, deliver, &r)
                 : XC_ERR_NOMEM;
    progress_erase(&r.prog);

    if (rc == 0) {
        xc_status st = XC_OK;
        if (r.json) {
            st = xc_json_stream_end(r.json, r.n_finished);
            r.json = NULL;
        } else if (r.sarif) {
            st = xc_sarif_stream_end(r.sarif);
            r.sarif = NULL;
        } else if (r.html) {
            st = xc_html_stream_end(r.html, r.n_finished);
            r.html = NULL;
        } else if (r.streaming && c->cmd != CMD_EXTRACT && format == XC_REPORT_JSONL) {
            st = spool_copy(&r);
        } else if (r.streaming && c->cmd != CMD_EXTRACT) {
            st = format == XC_REPORT_GITHUB
                     ? xc_report_github_end(out->f, &r.run, r.skipped.v, r.skipped.n, &r.totals)
                     : xc_report_text_end(out->f, &r.run, r.skipped.v, r.skipped.n, &r.totals);
        } else if (!r.streaming) {
            r.run.docs = (const xc_doc *const *)r.kept.v;
            r.run.n_docs = r.kept.n;
            r.run.stories = r.finished.v;
            r.run.n_stories = r.finished.n;
            st = xc_report_write(out->f, format, &r.run);
        }
        if (st == XC_ERR_NOMEM)
            rc = st;
        else if (st != XC_OK || write_failed(out))
            rc = XC_ERR_IO;
    }
    bool failed = write_failed(out);
    if (rc == XC_ERR_IO || (rc && failed)) {
        if (!broken_pipe)
            fprintf(stderr, "%s: cannot write the report%s%s: %s\n", prog,
                    out->final_path ? " to " : "", out->final_path ? out->final_path : "",
                    errno ? strerror(errno) : "write error");
        status = EXIT_USAGE;
    } else if (rc) {
        fprintf(stderr, "%s: %s\n", prog, xc_errmsg((xc_status)rc));
        status = EXIT_USAGE;
    } else if (r.failing && fail_level <= XC_ERROR) {
        status = EXIT_FINDINGS;
    }

    xc_json_stream_free(r.json);
    xc_sarif_stream_free(r.sarif);
    xc_html_stream_free(r.html);
    if (r.spool) fclose(r.spool);
    for (size_t i = 0; r.prepared && i < in.inputs.n; i++) {
        if (r.prepared[i]) doc_prep_free(r.prepared[i]);
        free(r.prepared[i]);
    }
    free(r.prepared);
    /* Stories first: they point at the documents. */
    inputs_free(&in);
    for (size_t i = 0; i < r.kept.n; i++) xc_doc_free(r.kept.v[i]);
    xc_vec_free(&r.kept);
    xc_vec_free(&r.skipped);
    xc_arena_free(&r.skip_text);
    xc_vec_free(&r.finished);
    xc_vec_free(&r.drafts);
    return status;
}

/* ---------------------------------------------------------------- init */

static const char starter_config[] =
    "# crosscheck configuration, found by walking up from the working folder (or\n"
    "# named with --config). Command-line options override every key; paths are\n"
    "# relative to this file. Remove the '#' of a key to use it.\n"
    "\n"
    "# rules: rules/              # rule folder (default: $CROSSCHECK_RULES, else the installed "
    "rules)\n"
    "# fail_on: error             # exit 1 on findings at or above: error, warning, info or never\n"
    "# sources: [sources/]        # what `crosscheck check DRAFT...` compares drafts with\n"
    "# format: text               # text, json, jsonl, sarif, github or html\n"
    "# ignore: [\"**/archive/**\"]  # glob patterns of paths to skip (listed as skipped)\n"
    "# jobs: 4                    # documents extracted in parallel (default: number of cores)\n"
    "# date: 2014-04-20           # document date for documents that give none\n";

static int run_init(void)
{
    const char *path = ".crosscheck.yaml";
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path,
                errno == EEXIST ? "it already exists" : strerror(errno));
        return EXIT_USAGE;
    }
    size_t len = sizeof starter_config - 1, done = 0;
    while (done < len) {
        ssize_t n = write(fd, starter_config + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    bool ok = done == len && fsync(fd) == 0;
    int err = errno;
    if (close(fd) && ok) ok = false, err = errno;
    if (!ok) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(err));
        unlink(path);
        return EXIT_USAGE;
    }
    printf("wrote %s\n", path);
    return 0;
}

/* ---------------------------------------------------------------- main */

/* Paths named on the command line that do not exist. For `check` that is a
 * usage error before anything runs; otherwise the run goes on (the path is
 * listed as skipped in the report) and ends with exit 2. Returns EXIT_USAGE
 * when any path is missing. */
static int check_paths(const char *const *paths, size_t n, bool fatal)
{
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(paths[i], &st) == 0) continue;
        fprintf(stderr, "%s: cannot read '%s': %s\n", prog, paths[i], strerror(errno));
        status = EXIT_USAGE;
        if (fatal) break;
    }
    return status;
}

static int run(int argc, char **argv)
{
    cli c = {0};
    xc_config cfg = {0};
    xc_rules *rules = NULL;
    output out = {0};
    int missing = 0; /* EXIT_USAGE when a PATH given does not exist */
    int status = parse_args(argc, argv, &c);
    if (status) goto done;
    if (c.help) {
        print_help(stdout, c.cmd, c.cmd_given);
        status = fflush(stdout) ? EXIT_USAGE : 0;
        goto done;
    }
    if (c.cmd == CMD_INIT) {
        status = c.args.n ? usage_error("'init' takes no arguments") : run_init();
        goto done;
    }

    /* Configuration: --config, else .crosscheck.yaml here or above. */
    char *found = NULL;
    if (!c.config) {
        char cwd[PATH_MAX];
        if (getcwd(cwd, sizeof cwd)) found = xc_config_find(cwd);
    }
    if (c.config || found) {
        xc_diags *diags = xc_diags_new();
        xc_status st =
            diags ? xc_config_load(c.config ? c.config : found, &cfg, diags) : XC_ERR_NOMEM;
        xc_diags_print(diags, stderr);
        xc_diags_free(diags);
        free(found);
        if (st == XC_ERR_NOMEM) fprintf(stderr, "%s: out of memory\n", prog);
        /* --version still answers (the messages above say what is wrong). */
        if (st != XC_OK && !c.version) {
            status = EXIT_USAGE;
            goto done;
        }
    }

    /* Command line over configuration over defaults. */
    const char *format_name = c.format               ? c.format
                              : cfg.format           ? cfg.format
                              : c.cmd == CMD_EXTRACT ? "jsonl"
                                                     : "text";
    int format = xc_format_from_name(format_name);
    if (format < 0) {
        static const char *const names[] = {"text", "json", "jsonl", "sarif", "github", "html"};
        const char *near = xc_suggest(format_name, names, 6);
        status = usage_error("unknown format '%s'%s%s%s; use text, json, jsonl, sarif, github or "
                             "html",
                             format_name, near ? " (did you mean '" : "", near ? near : "",
                             near ? "'?)" : "");
        goto done;
    }
    const char *fail_name = c.fail_on ? c.fail_on : cfg.fail_on ? cfg.fail_on : "error";
    int fail_level = xc_fail_on_from_name(fail_name);
    if (fail_level < 0) {
        status =
            usage_error("--fail-on must be error, warning, info or never, not '%s'", fail_name);
        goto done;
    }
    if (c.color && strcmp(c.color, "auto") && strcmp(c.color, "always") &&
        strcmp(c.color, "never")) {
        status = usage_error("--color must be auto, always or never, not '%s'", c.color);
        goto done;
    }
    unsigned jobs = cfg.jobs ? cfg.jobs : default_jobs();
    if (c.jobs) {
        char *end;
        errno = 0;
        long j = strtol(c.jobs, &end, 10);
        if (!*c.jobs || *end || errno || j < 1 || j > 1024) {
            status = usage_error("--jobs must be a whole number from 1 to 1024, not '%s'", c.jobs);
            goto done;
        }
        jobs = (unsigned)j;
    }
    const char *date = c.date ? c.date : cfg.date;
    if (c.date) {
        int y, m, d;
        if (strlen(c.date) != 10 || !xc_parse_iso_date(c.date, &y, &m, &d)) {
            status = usage_error("--date must be a date written YYYY-MM-DD, not '%s'", c.date);
            goto done;
        }
    }
    const char *rules_dir = c.rules ? c.rules : cfg.rules;
    if ((c.cmd == CMD_RULES_TEST || c.cmd == CMD_RULES_LIST) && c.args.n) {
        if (c.args.n > 1) {
            status = usage_error("'rules' takes one folder, not %zu", c.args.n);
            goto done;
        }
        rules_dir = c.args.v[0];
    }

    const char *const *sources = c.sources.v;
    size_t n_sources = c.sources.n;
    if (!n_sources && c.cmd == CMD_CHECK) {
        sources = (const char *const *)cfg.sources;
        n_sources = cfg.n_sources;
    }
    if (!c.version) {
        if (c.cmd == CMD_CHECK && !c.args.n) {
            status = usage_error("check needs at least one DRAFT");
            goto done;
        }
        if (c.cmd == CMD_CHECK && !n_sources) {
            status = usage_error("check needs --sources PATH (or `sources:` in .crosscheck.yaml)");
            goto done;
        }
        if (c.cmd != CMD_CHECK && c.sources.n) {
            status = usage_error("--sources is an option of 'check'");
            goto done;
        }
        if ((c.cmd == CMD_CROSSCHECK || c.cmd == CMD_EXTRACT) && !c.args.n) {
            status = usage_error("no PATH given");
            goto done;
        }
        if (c.cmd == CMD_CROSSCHECK || c.cmd == CMD_EXTRACT || c.cmd == CMD_CHECK) {
            if (c.cmd == CMD_CHECK) {
                if ((status = check_paths(c.args.v, c.args.n, true))) goto done;
                if ((status = check_paths(sources, n_sources, true))) goto done;
            } else {
                missing = check_paths(c.args.v, c.args.n, false);
            }
        }
    }

    rules = load_rules(rules_dir, argv[0], c.quiet);
    if (c.version) {
        printf("crosscheck %s\nrules %s\n", xc_version(),
               rules ? xc_rules_version(rules) : "unavailable");
        status = fflush(stdout) ? EXIT_USAGE : 0;
        goto done;
    }
    if (!rules) {
        status = EXIT_USAGE;
        goto done;
    }
    if ((status = output_open(&out, c.output))) goto done;
    /* A report read by a program or written to a file goes out in large
     * writes, not one per document record (a terminal keeps its lines). */
    static char output_buffer[OUTPUT_BUFFER]; /* stdio would size its own by the file */
    if (!isatty(fileno(out.f))) setvbuf(out.f, output_buffer, _IOFBF, sizeof output_buffer);

    if (c.cmd == CMD_RULES_TEST || c.cmd == CMD_RULES_LIST)
        status = run_rules(&c, rules, &out);
    else
        status = run_documents(&c, &cfg, rules, &out, (xc_report_format)format, fail_level, jobs,
                               date, sources, n_sources);
    if (status == EXIT_USAGE) {
        output_abandon(&out);
    } else {
        int st = output_commit(&out);
        if (st)
            status = st;
        else if (missing)
            status = missing;
    }

done:
    if (out.f && out.tmp_path) output_abandon(&out);
    xc_rules_free(rules);
    xc_config_free(&cfg);
    xc_vec_free(&c.args);
    xc_vec_free(&c.sources);
    return status;
}

int main(int argc, char **argv)
{
    /* A closed pipe shows up as EPIPE from a write, so the run stops cleanly
     * (threads joined, memory freed) and ends silently with the status a
     * shell reports for SIGPIPE (128 + 13), as `yes | head` does. */
    signal(SIGPIPE, SIG_IGN);
    int status = run(argc, argv);
    return broken_pipe ? 128 + SIGPIPE : status;
}
