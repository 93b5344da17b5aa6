/* reconcile.c — stories, claims, comparison, findings. (stub) */
#include "internal.h"

struct xc_story {
    char *name;
    XC_VEC(const xc_doc *) docs;
};

xc_story *xc_story_new(const char *name)
{
    xc_story *s = calloc(1, sizeof(*s));
    if (s) s->name = strdup(name ? name : "");
    return s;
}
void xc_story_free(xc_story *s)
{
    if (!s) return;
    free(s->name);
    xc_vec_free(&s->docs);
    free(s);
}
xc_status xc_story_add(xc_story *s, const xc_doc *doc, bool is_draft)
{
    return xc_vec_push(&s->docs, doc) ? XC_ERR_NOMEM : XC_OK;
}
const char *xc_story_name(const xc_story *s)
{
    return s->name;
}
size_t xc_story_docs(const xc_story *s, const xc_doc *const **out)
{
    *out = s->docs.v;
    return s->docs.n;
}
xc_status xc_story_reconcile(xc_story *s, const xc_rules *rules, const xc_check_opts *opts)
{
    return XC_OK;
}
size_t xc_story_findings(const xc_story *s, const xc_finding **out)
{
    *out = NULL;
    return 0;
}
