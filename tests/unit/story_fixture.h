/* story_fixture.h — hand-made documents and two-document stories, for the
 * reconciliation tests. Include after cmocka.h and internal.h. */
#ifndef XC_STORY_FIXTURE_H
#define XC_STORY_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "load_fixture.h"

/* Reconciles d[0] and d[1] as one story with rs (NULL: the built-in lists)
 * and returns its number of findings; the first one's kind and message are
 * copied into kind (64 bytes, or NULL) and msg (cap bytes), empty when there
 * is none. The story and the documents are freed. */
static inline size_t story_reconcile2(const xc_rules *rs, xc_doc *d[2], char *kind, char *msg,
                                      size_t cap)
{
    xc_story *s = xc_story_new("story");
    assert_non_null(s);
    for (size_t i = 0; i < 2; i++) assert_int_equal(xc_story_add(s, d[i], false), XC_OK);
    xc_check_opts o = {0};
    assert_int_equal(xc_story_reconcile(s, rs, &o), XC_OK);
    const xc_finding *f;
    size_t n = xc_story_findings(s, &f);
    msg[0] = '\0';
    if (kind) kind[0] = '\0';
    if (n) {
        snprintf(msg, cap, "%s", f[0].message);
        if (kind) snprintf(kind, 64, "%s", f[0].kind ? f[0].kind : "");
    }
    xc_story_free(s);
    xc_doc_free(d[0]);
    xc_doc_free(d[1]);
    return n;
}

/* story_reconcile2 without rules, where the first finding (if any) must be
 * a name variant. */
static inline size_t name_variants(xc_doc *d[2], char *msg, size_t cap)
{
    char kind[64];
    size_t n = story_reconcile2(NULL, d, kind, msg, cap);
    if (n) assert_string_equal(kind, "name-variant");
    return n;
}

/* A story of a.txt and b.txt, each a line "<mention> spoke." with that one
 * mention (of person 0), reconciled by name_variants: the number of
 * findings, the first one's message in msg (empty when none). */
static inline size_t story_mentions(const char *ma, const char *mb, char *msg, size_t cap)
{
    const char *m[2] = {ma, mb};
    xc_doc *d[2];
    char text[128];
    for (int i = 0; i < 2; i++) {
        snprintf(text, sizeof text, "%s spoke.\n", m[i]);
        d[i] = mkdoc(i ? "b.txt" : "a.txt", text);
        xc_range r = {0, strlen(m[i])};
        xc_mention mt = {.span = xc_doc_span(d[i], r.start, r.end), .text = m[i], .person = 0};
        assert_int_equal(xc_vec_push(&d[i]->mentions, mt), 0);
        assert_int_equal(xc_vec_push(&d[i]->mention_fold, r), 0);
    }
    return name_variants(d, msg, cap);
}

/* The fold range of the nth (from 0) occurrence of phrase in d. */
static inline xc_range story_find(const xc_doc *d, const char *phrase, size_t nth)
{
    const char *p = d->fold;
    for (;;) {
        p = strstr(p, phrase);
        assert_non_null(p);
        if (nth-- == 0) break;
        p++;
    }
    size_t s = (size_t)(p - d->fold);
    return (xc_range){s, s + strlen(phrase)};
}

/* A date of d, as the dates extractor would push it: text (its nth
 * occurrence: 0) with value. */
static inline void story_add_date(xc_doc *d, const char *text, const char *value, bool relative)
{
    xc_range r = story_find(d, text, 0);
    xc_date dt = {
        .span = xc_doc_span(d, r.start, r.end), .text = text, .value = value, .relative = relative};
    assert_int_equal(xc_vec_push(&d->dates, dt), 0);
    assert_int_equal(xc_vec_push(&d->date_fold, r), 0);
}

/* A mention of person 0 in d: the nth occurrence of text. */
static inline void story_add_mention(xc_doc *d, const char *text, size_t nth)
{
    xc_range r = story_find(d, text, nth);
    xc_mention m = {.span = xc_doc_span(d, r.start, r.end), .text = text, .person = 0};
    assert_int_equal(xc_vec_push(&d->mentions, m), 0);
    assert_int_equal(xc_vec_push(&d->mention_fold, r), 0);
}

/* Adds to d a count of v nouns, written as the nth occurrence of phrase. */
static inline void story_add_count(xc_doc *d, const char *phrase, size_t nth, double v,
                                   const char *noun)
{
    xc_range r = story_find(d, phrase, nth);
    xc_figure f = {.span = xc_doc_span(d, r.start, r.end),
                   .text = phrase,
                   .value = v,
                   .low = v,
                   .high = v,
                   .base_low = v,
                   .base_high = v,
                   .noun = noun,
                   .quote = -1};
    assert_int_equal(xc_vec_push(&d->figures, f), 0);
    assert_int_equal(xc_vec_push(&d->figure_fold, r), 0);
}

#endif
