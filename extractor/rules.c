/* rules.c — rule files: loading, compiling, examples. (stub) */
#include "internal.h"

struct xc_rules {
    int unused;
};
struct xc_worker {
    int unused;
};

xc_rules *xc_rules_load(const char *dir, xc_diags *diags)
{
    return calloc(1, sizeof(xc_rules));
}
void xc_rules_free(xc_rules *rules)
{
    free(rules);
}
const char *xc_rules_version(const xc_rules *rules)
{
    return "unversioned";
}
char *xc_rules_default_dir(const char *exe_path)
{
    return strdup("rules");
}
xc_status xc_rules_test(const xc_rules *rules, xc_rules_test_result *result, xc_diags *diags)
{
    result->passed = result->failed = 0;
    return XC_OK;
}
void xc_rules_each(const xc_rules *rules,
                   void (*fn)(void *, const char *, unsigned, const char *, const char *),
                   void *ctx)
{
}
xc_worker *xc_worker_new(void)
{
    return calloc(1, sizeof(xc_worker));
}
void xc_worker_free(xc_worker *w)
{
    free(w);
}
const xc_list *xc_rules_list(const xc_rules *rs, const char *name)
{
    return NULL;
}
const xc_entry *xc_list_find(const xc_list *l, const char *s, size_t len)
{
    return NULL;
}
size_t xc_list_size(const xc_list *l)
{
    return 0;
}
const xc_entry *xc_list_at(const xc_list *l, size_t i)
{
    return NULL;
}
const char *xc_entry_attr(const xc_entry *e, const char *key)
{
    return NULL;
}
size_t xc_rules_of_kind(const xc_rules *rs, const char *kind, const xc_rule *const **out)
{
    *out = NULL;
    return 0;
}
const xc_rule *xc_rules_find(const xc_rules *rs, const char *id)
{
    return NULL;
}
const char *xc_rule_id(const xc_rule *r)
{
    return "";
}
const char *xc_rule_kind(const xc_rule *r)
{
    return "";
}
const char *xc_rule_attr(const xc_rule *r, const char *key)
{
    return NULL;
}
int xc_rule_group(const xc_rule *r, const char *name)
{
    return -1;
}
const char *xc_rules_setting(const xc_rules *rs, const char *kind, const char *key)
{
    return NULL;
}
bool xc_match_named(const xc_match *m, const char *name, size_t *start, size_t *end)
{
    return false;
}
int xc_rule_match_at(xc_worker *w, const xc_rule *r, const char *subj, size_t len, size_t pos,
                     unsigned flags, xc_match *m)
{
    return 0;
}
xc_status xc_rules_scan(xc_worker *w, const xc_rules *rs, const char *kind, xc_doc *doc,
                        xc_match_fn fn, void *ctx)
{
    return XC_OK;
}
