/* text.c — NFC and the matching view.
 *
 * Most news text is ASCII, so both passes look for the first byte that needs
 * work eight bytes at a time and copy everything before it with one memcpy
 * and one map run. Only non-ASCII stretches reach utf8proc. */
#include "internal.h"

#include <utf8proc.h>

#define HIGH_BITS 0x8080808080808080ull

/* Offset of the first byte >= 0x80 in s[i..n), or n: 32 bytes at a time
 * (the high bits of four words ORed), then eight, the first high bit found
 * with ctz (xc_load_le64 puts the lowest address in the lowest byte). */
size_t xc_next_non_ascii(const char *c, size_t i, size_t n)
{
    const unsigned char *s = (const unsigned char *)c;
    while (i + 32 <= n && !((xc_load_le64(c + i) | xc_load_le64(c + i + 8) |
                             xc_load_le64(c + i + 16) | xc_load_le64(c + i + 24)) &
                            HIGH_BITS))
        i += 32;
    while (i + 8 <= n) {
        uint64_t h = xc_load_le64(c + i) & HIGH_BITS;
        if (h) return i + ((size_t)__builtin_ctzll(h) >> 3);
        i += 8;
    }
    while (i < n && s[i] < 0x80) i++;
    return i;
}

/* Code points that NFC may compose with the code point before them even
 * though their combining class is 0: Hangul vowel and trailing jamo, and
 * spacing vowel signs (category Mc) of Indic scripts. */
static bool continues_cluster(int32_t cp)
{
    if (cp < 0x300) return false;
    if ((cp >= 0x1161 && cp <= 0x1175) || (cp >= 0x11A8 && cp <= 0x11C2)) return true;
    const utf8proc_property_t *p = utf8proc_get_property(cp);
    return p->combining_class != 0 || p->category == UTF8PROC_CATEGORY_MN ||
           p->category == UTF8PROC_CATEGORY_MC || p->category == UTF8PROC_CATEGORY_ME;
}

/* True when NFC leaves the code point cp unchanged when no combining mark
 * follows it: it has no canonical decomposition (compatibility ones are not
 * applied by NFC), or it is a primary composite (é, ü, ÿ), which NFC
 * decomposes and composes again into itself. Singletons (U+212B ANGSTROM
 * SIGN), excluded and non-starter decompositions are not. */
static bool nfc_stable_alone(int32_t cp)
{
    const utf8proc_property_t *p = utf8proc_get_property(cp);
    if (p->decomp_seqindex == UINT16_MAX || p->decomp_type != 0) return true;
    if (p->comp_exclusion) return false;
    utf8proc_int32_t d[8];
    int last = 0;
    utf8proc_ssize_t n = utf8proc_decompose_char(cp, d, 8, UTF8PROC_DECOMPOSE, &last);
    if (n < 1 || n > 8) return false;
    n = utf8proc_normalize_utf32(d, n, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    return n == 1 && d[0] == cp;
}

int xc_text_append_nfc(xc_buf *out, xc_omap *map, const char *src, size_t in, size_t len)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = in, end = in + len;
    /* Accented text repeats the same few letters: remember recent answers. */
    int32_t seen_cp[64];
    bool seen_stable[64];
    for (size_t k = 0; k < 64; k++) seen_cp[k] = -1;
    while (i < end) {
        size_t j = xc_next_non_ascii((const char *)s, i, end);
        /* The ASCII letter before a combining mark belongs to its cluster. */
        size_t seg = (j < end && j > i) ? j - 1 : j;
        if (seg > i) {
            size_t at = out->len;
            if (xc_buf_add(out, src + i, seg - i) || xc_omap_copy(map, at, i, seg - i)) return -1;
        }
        if (j >= end) break;
        /* One cluster: a starter and everything NFC may fold into it. */
        int32_t cp;
        size_t k = seg + xc_utf8_decode(src, end, seg, &cp);
        size_t ncp = 1;
        bool stable = s[seg] < 0x80;
        if (!stable) {
            size_t slot = (size_t)cp & 63;
            if (seen_cp[slot] != cp) {
                seen_cp[slot] = cp;
                seen_stable[slot] = nfc_stable_alone(cp);
            }
            stable = seen_stable[slot];
        }
        while (k < end && s[k] >= 0x80) {
            int32_t next;
            size_t l = xc_utf8_decode(src, end, k, &next);
            if (!continues_cluster(next)) break;
            k += l;
            ncp++;
        }
        size_t at = out->len;
        if (ncp == 1 && stable) {
            if (xc_buf_add(out, src + seg, k - seg) || xc_omap_copy(map, at, seg, k - seg))
                return -1;
        } else {
            utf8proc_uint8_t *dst = NULL;
            utf8proc_ssize_t n = utf8proc_map(s + seg, (utf8proc_ssize_t)(k - seg), &dst,
                                              UTF8PROC_STABLE | UTF8PROC_COMPOSE);
            int rc;
            if (n < 0) { /* not expected on valid input: keep the bytes */
                rc = xc_buf_add(out, src + seg, k - seg) || xc_omap_copy(map, at, seg, k - seg);
            } else if ((size_t)n == k - seg && !memcmp(dst, s + seg, k - seg)) {
                rc = xc_buf_add(out, src + seg, k - seg) || xc_omap_copy(map, at, seg, k - seg);
            } else {
                rc = xc_buf_add(out, (const char *)dst, (size_t)n) ||
                     xc_omap_replace(map, at, (size_t)n, seg, k - seg);
            }
            free(dst);
            if (rc) return -1;
        }
        i = k;
    }
    return 0;
}

/* ------------------------------------------------------------- folding */

/* Lead bytes of every code point the matching view folds. */
static const unsigned char fold_lead[256] = {
    [0xC2] = 1, [0xE1] = 1, [0xE2] = 1, [0xE3] = 1, [0xEF] = 1,
};

/* The folded form of cp, or NULL when it stays as it is. */
static const char *fold_cp(int32_t cp)
{
    switch (cp) {
    case 0x201C:
    case 0x201D:
    case 0x201E:
    case 0x201F: /* “ ” „ ‟ */
    case 0x00AB:
    case 0x00BB: /* « » */
    case 0x2033:
    case 0x2036: /* ″ ‶ */
    case 0x301D:
    case 0x301E:
    case 0xFF02:
        return "\"";
    case 0x2018:
    case 0x2019:
    case 0x201A:
    case 0x201B: /* ‘ ’ ‚ ‛ */
    case 0x2039:
    case 0x203A: /* ‹ › */
    case 0x2032:
    case 0x2035:
    case 0xFF07: /* ′ ‵ ＇ */
        return "'";
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2015:
    case 0x2212:
    case 0x2E3A:
    case 0x2E3B:
    case 0xFE58:
    case 0xFE63:
    case 0xFF0D:
        return "-";
    case 0x00A0:
    case 0x1680:
    case 0x2000:
    case 0x2001:
    case 0x2002:
    case 0x2003:
    case 0x2004:
    case 0x2005:
    case 0x2006:
    case 0x2007:
    case 0x2008:
    case 0x2009:
    case 0x200A:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return " ";
    case 0x00AD: /* soft hyphen */
    case 0x200B: /* zero width space (not the joiners: emoji and scripts need them) */
    case 0x2060: /* word joiner */
    case 0xFEFF: /* zero width no-break space, a BOM inside the text */
        return "";
    case 0x2026:
        return "...";
    }
    return NULL;
}

/* Fold offset of a text offset: the inverse of fold_map. */
static size_t text_to_fold(const xc_omap *m, size_t t)
{
    if (m->runs.n == 0) return t;
    size_t lo = 0, hi = m->runs.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->runs.v[mid].in <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!lo) return 0;
    const xc_omap_run *r = &m->runs.v[lo - 1];
    if (t >= r->in + r->in_len) return r->out + r->out_len;
    if (r->in_len == r->out_len) return r->out + (t - r->in);
    return r->out;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* The fold of doc's text into doc->fold (a copy, with fold_map). */
static xc_status fold_copy(xc_doc *doc)
{
    const char *t = doc->text ? doc->text : "";
    const unsigned char *s = (const unsigned char *)t;
    size_t n = doc->text_len;
    xc_buf out = {0};
    /* Folding never grows the text ("…" is 3 bytes either way): the text's
     * size is room enough, and no more is taken. */
    if (xc_buf_reserve_exact(&out, n + 1)) return XC_ERR_NOMEM;
    /* every code point folded is past ASCII: ASCII text is its own fold */
    size_t i = doc->text_ascii ? n : 0, copied = 0;
    while (i < n) {
        /* every code point folded starts with a byte past ASCII */
        i = xc_next_non_ascii(t, i, n);
        if (i >= n) break;
        if (!fold_lead[s[i]]) {
            i++;
            continue;
        }
        int32_t cp;
        size_t l = xc_utf8_decode(t, n, i, &cp);
        const char *f = fold_cp(cp);
        if (!f) {
            i += l;
            continue;
        }
        size_t fl = strlen(f);
        if (i > copied) {
            size_t at = out.len;
            if (xc_buf_add(&out, t + copied, i - copied) ||
                xc_omap_copy(&doc->fold_map, at, copied, i - copied))
                goto oom;
        }
        size_t at = out.len;
        if (xc_buf_add(&out, f, fl) || xc_omap_replace(&doc->fold_map, at, fl, i, l)) goto oom;
        i += l;
        copied = i;
    }
    if (n > copied) {
        size_t at = out.len;
        if (xc_buf_add(&out, t + copied, n - copied) ||
            (doc->fold_map.runs.n && xc_omap_copy(&doc->fold_map, at, copied, n - copied)))
            goto oom;
    }
    /* a text of many folded marks (3 bytes each, 1 folded) may end well short */
    xc_buf_shrink(&out);
    doc->fold = out.s;
    doc->fold_len = out.len;
    return XC_OK;
oom:
    xc_buf_free(&out);
    return XC_ERR_NOMEM;
}

xc_status xc_text_fold(xc_doc *doc)
{
    if (doc->fold != doc->text) free(doc->fold); /* else it is text itself */
    doc->fold = NULL;
    doc->fold_len = 0;
    doc->segmented = false; /* paragraphs and sentences are of the old fold */
    xc_omap_free(&doc->fold_map);
    if (doc->text_ascii) {
        /* ASCII text is its own fold: shared, not copied (as doc_share_fold
         * would share the copy) */
        doc->fold = doc->text;
        doc->fold_len = doc->text_len;
    } else if (fold_copy(doc) != XC_OK) {
        return XC_ERR_NOMEM;
    }

    /* Headings arrive in text coordinates; trim them and move them to fold. */
    size_t kept = 0;
    for (size_t h = 0; h < doc->headings.n; h++) {
        size_t a = text_to_fold(&doc->fold_map, doc->headings.v[h].start);
        size_t b = text_to_fold(&doc->fold_map, doc->headings.v[h].end);
        if (b > doc->fold_len) b = doc->fold_len;
        while (a < b && is_space(doc->fold[a])) a++;
        while (b > a && is_space(doc->fold[b - 1])) b--;
        if (a < b) doc->headings.v[kept++] = (xc_range){a, b};
    }
    doc->headings.n = kept;
    return XC_OK;
}
