/* people.c — the people extractor: person names found from cues the rule
 * lists give (honorifics, titles, speech verbs, ages in apposition, given
 * names, East Asian family names), clustered into one entity per person with
 * a canonical name, aliases, and the attributes written near a mention (age,
 * role, nationality).
 *
 * The document's word index (xc_doc_tokens) gives the starts of capitalized
 * words, with a scan for the capitals past ASCII it does not list; each is
 * the start of a candidate "run" of capitalized words, whose words are read
 * from the index too (their ends, and a filter bit that rules most names
 * out of the word lists without a lookup). Runs with a cue make people;
 * runs without one become mentions only when they repeat a known person's
 * name ("Loong" after "Jen Loong, 25,"). */
#include "internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <utf8proc.h>

/* ------------------------------------------------------ built-in lists */

/* Used only when the rule set lacks a list (no rules loaded): the rule files
 * rules/en/people.yaml and quotes.yaml hold the full lists. */
static const char *const fb_speech_verbs[] = {
    "say",        "says",      "said",        "saying",       "tell",         "tells",
    "told",       "telling",   "add",         "adds",         "added",        "adding",
    "respond",    "responds",  "responded",   "reply",        "replies",      "replied",
    "write",      "writes",    "wrote",       "written",      "explain",      "explains",
    "explained",  "ask",       "asks",        "asked",        "recall",       "recalls",
    "recalled",   "insist",    "insists",     "insisted",     "notes",        "noted",
    "stated",     "declare",   "declares",    "declared",     "announce",     "announces",
    "announced",  "argue",     "argues",      "argued",       "claimed",      "continued",
    "tweeted",    "posted",    "warn",        "warns",        "warned",       "admit",
    "admits",     "admitted",  "acknowledge", "acknowledges", "acknowledged", "remarked",
    "commented",  "exclaim",   "exclaims",    "exclaimed",    "shout",        "shouts",
    "shouted",    "yell",      "yells",       "yelled",       "joke",         "jokes",
    "joked",      "quip",      "quips",       "quipped",      "conclude",     "concludes",
    "concluded",  "observe",   "observes",    "observed",     "suggest",      "suggests",
    "suggested",  "complain",  "complains",   "complained",   "boast",        "boasts",
    "boasted",    "concede",   "concedes",    "conceded",     "predict",      "predicts",
    "predicted",  "promised",  "vowed",       "charged",      "countered",    "retort",
    "retorts",    "retorted",  "reiterate",   "reiterates",   "reiterated",   "repeat",
    "repeats",    "repeated",  "describe",    "describes",    "described",    "testify",
    "testifies",  "testified", "confirm",     "confirms",     "confirmed",    "deny",
    "denies",     "denied",    "reported",    "mention",      "mentions",     "mentioned",
    "whisper",    "whispers",  "whispered",   "cried",        "scream",       "screams",
    "screamed",   "chanted",   "agree",       "agrees",       "agreed",       "urge",
    "urges",      "urged",     "demanded",    "cautioned",    "emphasize",    "emphasizes",
    "emphasized", "stressed",  "proclaim",    "proclaims",    "proclaimed",   "exhort",
    "exhorts",    "exhorted",  "wonder",      "wonders",      "wondered",     "muse",
    "muses",      "mused",     "lament",      "laments",      "lamented",     "plead",
    "pleads",     "pleaded",   "snap",        "snaps",        "snapped",      "scoff",
    "scoffs",     "scoffed",   "sigh",        "sighs",        "sighed",       "marvel",
    "marvels",    "marveled",  "marvelled",   "gush",         "gushes",       "gushed",
    "thunder",    "thunders",  "thundered",   "answer",       "answers",      "answered",
    "recount",    "recounts",  "recounted",   "reflect",      "reflects",     "reflected",
    "assert",     "asserts",   "asserted",    "contend",      "contends",     "contended",
    "maintain",   "maintains", "maintained",  "allege",       "alleges",      "alleged",
    "relayed",    "texted",    "emailed",     "messaged",     "opine",        "opines",
    "opined",     "interject", "interjects",  "interjected",  "elaborate",    "elaborates",
    "elaborated", NULL};
static const char *const fb_not_speakers[] = {
    "Monday",    "Tuesday",   "Wednesday", "Thursday",   "Friday",    "Saturday",  "Sunday",
    "January",   "February",  "March",     "April",      "May",       "June",      "July",
    "August",    "September", "October",   "November",   "December",  "Today",     "Tonight",
    "Yesterday", "Tomorrow",  "Earlier",   "Later",      "Meanwhile", "Afterward", "Afterwards",
    "Then",      "Now",       "Recently",  "Previously", "Last",      "Next",      "This",
    "That",      "Here",      "There",     NULL};
static const char *const fb_honorifics[] = {"Mr", "Mr.", "Mrs", "Mrs.", "Ms",   "Ms.",
                                            "Dr", "Dr.", "Sir", "Miss", "Dame", NULL};
static const char *const fb_titles[] = {
    "President",      "Vice President", "Senator",        "Sen.",    "Governor",
    "Gov.",           "Rep.",           "Professor",      "Prof.",   "Leader",
    "Supreme Leader", "Minister",       "Prime Minister", "Mayor",   "Judge",
    "General",        "Secretary",      "Chairman",       "Chief",   "Marathoner",
    "Runner",         "Spokesman",      "Spokeswoman",    "Analyst", NULL};
static const char *const fb_stopwords[] = {
    "The",  "A",     "An",     "But",       "And",       "Or",    "So",  "In",    "On",   "At",
    "For",  "From",  "With",   "By",        "Of",        "To",    "As",  "If",    "When", "While",
    "This", "That",  "It",     "He",        "She",       "They",  "We",  "I",     "You",  "His",
    "Her",  "Their", "There",  "After",     "Before",    "Then",  "Now", "Still", "Also", "Yes",
    "No",   "Not",   "Police", "Officials", "According", "Asked", NULL};
static const char *const fb_nonperson[] = {
    "January",   "February",  "March",   "April",     "May",       "June",   "July",
    "August",    "September", "October", "November",  "December",  "Monday", "Tuesday",
    "Wednesday", "Thursday",  "Friday",  "Saturday",  "Sunday",    "North",  "South",
    "Korea",     "America",   "Canada",  "Pyongyang", "Vancouver", "CNN",    "Reuters",
    "Juche",     "Koryo",     "United",  "States",    NULL};
static const char *const fb_blockers[] = {
    "Square",   "Stadium", "Tower",      "Street",    "Avenue",   "University", "College",
    "Airlines", "Air",     "Party",      "Committee", "Company",  "News",       "Times",
    "House",    "Court",   "Department", "Prize",     "Marathon", "Park",       "Bridge",
    "Hotel",    "Airport", "Institute",  "Center",    "Centre",   "Foundation", NULL};
static const char *const fb_nationalities[] = {
    "Canadian", "American", "British", "Korean", "North Korean", "South Korean", "Chinese",
    "Japanese", "French",   "German",  NULL};
static const char *const fb_given[] = {"Jen",  "Donald", "Harry", "George", "Hillary", "Barack",
                                       "John", "Bernie", "Ted",   "Marco",  "Mike",    "Chris",
                                       "Jeb",  "Ben",    "Carly", NULL};
static const char *const fb_asian[] = {"Kim", "Lee", "Park", "Pak",  "Choi", "Jon", "Jang",
                                       "Ri",  "Cho", "Xi",   "Wang", "Li",   NULL};
static const char *const fb_pronouns[] = {"he", "she", "they", "I", "we", "you", NULL};
static const char *const fb_cues[] = {"according to", NULL};

static const char *const fb_female[] = {"Mrs",  "Mrs.",    "Ms",    "Ms.", "Miss",
                                        "Dame", "Hillary", "Carly", "Jen", NULL};
static const char *const fb_male[] = {"Mr",     "Mr.",  "Sir",    "Donald", "Harry", "George",
                                      "Barack", "John", "Bernie", "Ted",    "Marco", "Mike",
                                      "Chris",  "Jeb",  "Ben",    NULL};

static const char *const fb_works[] = {"show", "film", "movie", "series", "book", "song", NULL};

/* In XC_WL_* order. */
static const struct {
    const char *name;
    const char *const *words;
} fallbacks[XC_WL_COUNT] = {
    {"speech_verbs", fb_speech_verbs},
    {"honorifics", fb_honorifics},
    {"titles", fb_titles},
    {"person_stopwords", fb_stopwords},
    {"nonperson_words", fb_nonperson},
    {"name_blockers", fb_blockers},
    {"nationalities", fb_nationalities},
    {"given_names", fb_given},
    {"east_asian_surnames", fb_asian},
    {"speaker_pronouns", fb_pronouns},
    {"attribution_cues", fb_cues},
    {"not_speakers", fb_not_speakers},
    {"female_words", fb_female},
    {"male_words", fb_male},
    {"work_nouns", fb_works},
};

static bool in_fallback(const char *const *words, const char *s, size_t n)
{
    for (const char *const *w = words; *w; w++)
        if (strlen(*w) == n && xc_ieq(s, n, *w)) return true;
    return false;
}

static inline unsigned char lower_ascii(unsigned char ch)
{
    return ch >= 'A' && ch <= 'Z' ? (unsigned char)(ch + 32) : ch;
}

/* Mask bit of the first word of an entry of several words (above every
 * XC_WL_* bit). */
#define WL_PREFIX XC_WL_PREFIX

/* Longest word any of these lists holds is well under this: longer words
 * are rejected before hashing. */
#define WL_MAX_WORD 48

/* Lower-case ASCII key of s[0..n) with runs of spaces as one space and no
 * space at either end; its length, or SIZE_MAX when s has a byte that is
 * not ASCII or is longer than WL_MAX_WORD. */
static size_t wl_key(const char *s, size_t n, char *out)
{
    size_t k = 0;
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 0x80) return SIZE_MAX;
        if (ch == ' ' || (ch >= '\t' && ch <= '\r')) {
            space = k > 0;
            continue;
        }
        if (k + 1 + space > WL_MAX_WORD) return SIZE_MAX;
        if (space) out[k++] = ' ';
        space = false;
        out[k++] = (char)lower_ascii(ch);
    }
    return k;
}

/* Hash of a lower-case key: its bytes eight at a time (the last chunk
 * padded with zero bytes), each chunk folded in with one multiplication, so
 * that a word of up to eight letters costs one. A product's low bits depend
 * only on the low bits of its factors (the first letters): the high half is
 * folded into the low one, whose bits pick the slot. */
static inline uint64_t wl_hash(const char *key, size_t n)
{
    uint64_t h = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) h = (h ^ xc_load_le64(key + i)) * XC_LEX_HASH_MUL;
    if (i < n) {
        /* the last 1 to 7 bytes, in at most three loads that may overlap
         * (a byte read twice lands in the same place both times) */
        const char *p = key + i;
        size_t r = n - i;
        uint64_t x;
        if (r >= 4)
            x = xc_load_le32(p) | (uint64_t)xc_load_le32(p + r - 4) << 8 * (r - 4);
        else
            x = (uint64_t)(unsigned char)p[0] | (uint64_t)(unsigned char)p[r / 2] << 8 * (r / 2) |
                (uint64_t)(unsigned char)p[r - 1] << 8 * (r - 1);
        h = (h ^ x) * XC_LEX_HASH_MUL;
    }
    return h ^ (h >> 32);
}

/* The slot of key[0..n) with hash h: its entry, or the empty slot where it
 * would go. A key of at most eight bytes is one chunk x, hashed as
 * x * XC_LEX_HASH_MUL (odd: a one-to-one map of 64-bit numbers) then folded
 * (h ^ h >> 32, also one-to-one): two such keys of one length have the same
 * hash only when they are the same key, and are not compared. */
static inline const xc_wl_slot *wl_probe(const xc_wordlists *wl, const char *key, size_t n,
                                         uint64_t h)
{
    for (size_t i = (size_t)h & (wl->nslots - 1);; i = (i + 1) & (wl->nslots - 1)) {
        const xc_wl_slot *e = &wl->slots[i];
        if (!e->key || (e->hash == h && e->len == n && (n <= 8 || !memcmp(e->key, key, n))))
            return e;
    }
}

static size_t list_count(const xc_wordlists *wl, int i)
{
    if (wl->l[i]) return xc_list_size(wl->l[i]);
    size_t n = 0;
    while (fallbacks[i].words[n]) n++;
    return n;
}

static const char *list_word(const xc_wordlists *wl, int i, size_t k)
{
    return wl->l[i] ? xc_list_at(wl->l[i], k)->word : fallbacks[i].words[k];
}

/* True when w is words of ASCII letters with one space between two words
 * ("said", "put it"), not empty. */
static bool letter_words(const char *w)
{
    if (!*w) return false;
    for (const char *p = w; *p; p++) {
        if (*p == ' ') {
            /* not first or last, not after another space */
            if (p == w || !p[1] || p[1] == ' ') return false;
        } else if ((unsigned char)((*p | 32) - 'a') >= 26) {
            return false;
        }
    }
    return true;
}

/* Bytes of one of the three letter filters (xc_wordlists.letter_filter). */
#define WL_FILTER_BYTES (XC_LEX_FILTER_BITS / 8)

/* After the three letter filters, in the same block: a bit per byte value
 * that some entry of the lists holds (entry_bytes). */
#define WL_BYTES_AT    (3 * WL_FILTER_BYTES)
#define WL_BLOCK_BYTES (WL_BYTES_AT + 32)

/* The lists the third letter filter is of: what the words around a run are
 * looked up for (run_blocked and word_before). */
#define WL_CUE_LISTS ((1u << XC_WL_SPEECH_VERBS) | (1u << XC_WL_TITLES) | (1u << XC_WL_BLOCKERS))

/* True when the key s[0..n) is ASCII letters alone (keys are lower case). */
static bool letters_key(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)(s[i] - 'a') >= 26) return false;
    return n > 0;
}

/* Sets the letter filters' bit of a table key, whose wl_hash is h, when the
 * key is ASCII letters alone (the first filter) or ASCII letters and a final
 * '.' (the second, with the bit of the letters). A key with a space, a digit
 * or another '.' is never a word of letters, with or without one '.' after
 * it, which is what the filters answer for. */
static void filter_add(xc_wordlists *wl, const char *key, size_t n, uint64_t h)
{
    uint8_t *f = wl->letter_filter;
    bool dot = n > 1 && key[n - 1] == '.';
    if (dot) {
        f += WL_FILTER_BYTES;
        n--;
    }
    if (n && !letters_key(key, n)) return;
    /* xc_lex_filter_bit hashes the lower-case letters as wl_hash does (the
     * same chunks and multiplications) and takes its bit from the top half,
     * which wl_hash's fold (h ^ h >> 32) leaves as it is: the key's own
     * hash gives the bit. Without its '.', the letters are hashed again. */
    unsigned bit = dot ? xc_lex_filter_bit(key, n) : xc_lex_hash_bit(h);
    xc_lex_filter_add(f, bit);
}

/* wl_key of a list entry w (NUL-terminated) into out, in one pass for the
 * common entry, a word of printable ASCII without spaces of at most
 * WL_MAX_WORD bytes; *alpha tells whether its key is ASCII letters alone
 * (false for the empty entry). Any other entry goes to wl_key (*alpha
 * false, and its key may hold spaces). */
static size_t entry_key(const char *w, char *out, bool *alpha)
{
    bool a = true;
    size_t k = 0;
    for (; w[k]; k++) {
        unsigned char ch = (unsigned char)w[k];
        if (ch - 0x21u >= 0x5Fu || k == WL_MAX_WORD) { /* not 0x21..0x7F, or too long */
            *alpha = false;
            return wl_key(w, k + strlen(w + k), out);
        }
        ch = lower_ascii(ch);
        a = a && (unsigned char)(ch - 'a') < 26;
        out[k] = (char)ch;
    }
    *alpha = a && k > 0;
    return k;
}

/* Fills wl->slots from the lists. The memory comes from malloc when arena
 * is NULL. Returns -1 when out of memory. */
static int build_table(xc_wordlists *wl, xc_arena *arena)
{
    size_t total = 0, bytes = 0;
    for (int i = 0; i < XC_WL_COUNT; i++) {
        size_t n = list_count(wl, i);
        total += n;
        for (size_t k = 0; k < n; k++) bytes += strlen(list_word(wl, i, k)) + 1;
    }
    size_t ns = 64;
    while (ns < 2 * total) ns *= 2; /* entries and first words of several-word entries */
    wl->nslots = ns;
    /* an empty slot has a NULL key and a mask of 0 (wl_probe answers a
     * word no list holds with its empty slot), and its other fields are
     * set when a key is put in it: only those two are cleared in the
     * malloc'd slots (the arena's come zeroed) */
    wl->slots =
        arena ? xc_arena_alloc(arena, ns * sizeof *wl->slots) : malloc(ns * sizeof *wl->slots);
    if (wl->slots && !arena)
        for (size_t k = 0; k < ns; k++) {
            wl->slots[k].key = NULL;
            wl->slots[k].mask = 0;
        }
    /* eight bytes to spare after the last key: plain_mask_long reads a key
     * eight bytes at a time */
    wl->keys = arena ? xc_arena_alloc(arena, bytes + 8) : malloc(bytes + 8);
    wl->letter_filter = arena ? xc_arena_alloc(arena, WL_BLOCK_BYTES) : calloc(1, WL_BLOCK_BYTES);
    if (!wl->slots || !wl->keys || !wl->letter_filter) return -1;
    char *kp = wl->keys;
    wl->letter_words = 0;
    for (int i = 0; i < XC_WL_COUNT; i++) {
        size_t n = list_count(wl, i);
        bool letters = true;
        for (size_t k = 0; k < n; k++) {
            const char *w = list_word(wl, i, k);
            bool alpha;
            size_t kl = entry_key(w, kp, &alpha);
            if (!alpha) /* an entry of letters alone adds none (see joined_mask) */
                for (const char *b = w; *b; b++)
                    xc_lex_filter_add(wl->letter_filter + WL_BYTES_AT, (unsigned char)*b);
            if (letters) letters = alpha || letter_words(w);
            if (kl == SIZE_MAX) {
                wl->nonascii |= 1u << i; /* looked up in the list itself */
                continue;
            }
            if (!kl) continue;
            uint64_t h = wl_hash(kp, kl);
            xc_wl_slot *e = (xc_wl_slot *)wl_probe(wl, kp, kl, h);
            if (!e->key) {
                e->key = kp;
                e->len = kl;
                e->hash = h;
                kp += kl;
            }
            e->mask |= 1u << i;
            if (alpha) /* what filter_add does for a key of letters alone */
                xc_lex_filter_add(wl->letter_filter, xc_lex_hash_bit(e->hash));
            else
                filter_add(wl, e->key, e->len, e->hash);
            if ((1u << i) & WL_CUE_LISTS && (alpha || letters_key(e->key, e->len)))
                xc_lex_filter_add(wl->letter_filter + 2 * WL_FILTER_BYTES,
                                  xc_lex_hash_bit(e->hash));
            /* the first word of an entry of several words ("Prime
             * Minister"), marked so that a pair of words whose first is
             * no such word is never looked up (a key of letters alone has
             * no space) */
            const char *sp = alpha ? NULL : memchr(e->key, ' ', e->len);
            if (sp) {
                size_t fl = (size_t)(sp - e->key);
                uint64_t fh = wl_hash(e->key, fl);
                xc_wl_slot *fe = (xc_wl_slot *)wl_probe(wl, e->key, fl, fh);
                if (!fe->key) {
                    fe->key = e->key;
                    fe->len = fl;
                    fe->hash = fh;
                }
                fe->mask |= WL_PREFIX;
                filter_add(wl, fe->key, fe->len, fe->hash);
            }
        }
        if (letters) wl->letter_words |= 1u << i;
    }
    memset(kp, 0, (size_t)(wl->keys + bytes + 8 - kp)); /* the bytes no key holds */
    return 0;
}

static void wordlists_free(void *p)
{
    xc_wordlists *wl = p;
    free(wl->slots);
    free(wl->keys);
    free(wl->letter_filter);
    free(wl);
}

/* The table of a rule set: built once, kept with the rule set (building one
 * reads every entry of 14 lists, which costs more than extracting people
 * from a short article). */
static void *wordlists_make(const xc_rules *rs)
{
    xc_wordlists *wl = calloc(1, sizeof *wl);
    if (!wl) return NULL;
    wl->rs = rs;
    for (int i = 0; i < XC_WL_COUNT; i++) wl->l[i] = xc_rules_list(rs, fallbacks[i].name);
    if (build_table(wl, NULL)) {
        wordlists_free(wl);
        return NULL;
    }
    return wl;
}

/* The table of the rule set a thread used last, known by the rule set's
 * serial (addresses may be reused): a thread extracts from document after
 * document with one rule set, and xc_rules_cache takes the rule set's lock. */
static _Thread_local struct {
    uint64_t serial; /* xc_rules_serial of the rule set (0: none yet) */
    xc_wordlists *wl;
} tl_wordlists;

const xc_wordlists *xc_doc_wordlists(xc_doc *doc, const xc_rules *rs)
{
    if (doc->wordlists && doc->wordlists->rs == rs) return doc->wordlists;
    xc_wordlists *wl = NULL;
    if (rs) {
        uint64_t serial = xc_rules_serial(rs);
        if (tl_wordlists.serial == serial) {
            wl = tl_wordlists.wl;
        } else {
            wl = xc_rules_cache(rs, XC_CACHE_WORDLISTS, wordlists_make, wordlists_free);
            if (wl) {
                tl_wordlists.serial = serial;
                tl_wordlists.wl = wl;
            }
        }
    }
    if (!wl) {
        /* No rule set (built-in lists), or no memory for the shared table:
         * a table for this document alone, in its arena. */
        wl = xc_arena_alloc(&doc->arena, sizeof *wl);
        if (!wl) return NULL;
        wl->rs = rs;
        for (int i = 0; i < XC_WL_COUNT; i++)
            wl->l[i] = rs ? xc_rules_list(rs, fallbacks[i].name) : NULL;
        if (build_table(wl, &doc->arena)) return NULL;
    }
    doc->wordlists = wl;
    return wl;
}

/* True when the key xc_list_find makes of s[0..n) (rules.c: lower case,
 * white space as one space), a word wl_key makes no key of, is the key of no
 * entry of a list whose entries are all in the table (ASCII keys of at most
 * WL_MAX_WORD bytes; build_table's nonascii tells the other lists): a word
 * of ASCII alone has wl_key's key, which is longer than that; any other,
 * when it has a code point past ASCII that is no space and whose lower case
 * is past ASCII too ("é"; not the Kelvin sign, whose lower case is "k"). */
static bool key_in_no_table(const char *s, size_t n)
{
    bool ascii = true;
    for (size_t i = 0; i < n;) {
        if ((unsigned char)s[i] < 0x80) {
            i++;
            continue;
        }
        ascii = false;
        int32_t cp;
        i += xc_utf8_decode(s, n, i, &cp);
        if (utf8proc_category(cp) != UTF8PROC_CATEGORY_ZS && utf8proc_tolower(cp) >= 0x80)
            return true;
    }
    return ascii;
}

uint32_t xc_wl_mask(const xc_wordlists *wl, uint32_t want, const char *s, size_t n)
{
    if (!n || n > 4 * WL_MAX_WORD) return 0;
    char key[WL_MAX_WORD];
    size_t kl = SIZE_MAX;
    uint64_t h = 0;
    if (n <= WL_MAX_WORD) {
        /* the common case, one word of ASCII letters: lower-cased eight
         * bytes at a time; any byte from 0x80 or up to ' ' sends the word
         * to wl_key below */
        const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
        size_t i = 0;
        bool plain = true;
        for (; i + 8 <= n; i += 8) {
            uint64_t x;
            memcpy(&x, s + i, 8);
            /* a byte below 0x80 is above ' ' when adding 0x5F carries into
             * its high bit; a carry out of a byte from 0x80 does not matter,
             * as that byte alone rejects the word */
            if ((x | ~(x + 0x5F * ones)) & high) {
                plain = false;
                break;
            }
            x = xc_lower8(x);
            memcpy(key + i, &x, 8);
        }
        for (; plain && i < n; i++) {
            unsigned char ch = (unsigned char)s[i];
            if (ch >= 0x80 || ch <= ' ') plain = false;
            key[i] = (char)lower_ascii(ch);
        }
        if (plain) kl = n, h = wl_hash(key, n);
    }
    if (kl == SIZE_MAX) {
        kl = wl_key(s, n, key);
        if (kl != SIZE_MAX) h = wl_hash(key, kl);
    }
    if (kl != SIZE_MAX) {
        if (!kl) return 0;
        /* an ASCII word matches no entry of other bytes */
        return wl_probe(wl, key, kl, h)->mask & want;
    }
    /* a word of other bytes, or a long one: each list wanted, in the list
     * itself, but for the lists of the rule set whose entries are all in the
     * table when the word's key can be none of theirs */
    bool past = key_in_no_table(s, n);
    uint32_t found = 0;
    for (int i = 0; i < XC_WL_COUNT; i++) {
        if (!(want & (1u << i))) continue;
        if (past && wl->l[i] && !(wl->nonascii & (1u << i))) continue;
        bool in =
            wl->l[i] ? xc_list_find(wl->l[i], s, n) != NULL : in_fallback(fallbacks[i].words, s, n);
        if (in) found |= 1u << i;
    }
    return found;
}

/* The mask of the low n bytes of a chunk of eight, n from 0 to 8: read
 * from a table, one load where the shift and the test for n == 8 (a shift
 * by 64 is undefined) take a handful of instructions, at every word of up
 * to eight bytes that is looked up or compared. */
static const uint64_t low_bytes_mask[9] = {
    0,
    0xFFu,
    0xFFFFu,
    0xFFFFFFu,
    0xFFFFFFFFu,
    0xFFFFFFFFFFu,
    0xFFFFFFFFFFFFu,
    0xFFFFFFFFFFFFFFu,
    0xFFFFFFFFFFFFFFFFu,
};
static inline uint64_t low_bytes(size_t n)
{
    return low_bytes_mask[n];
}

/* Stores x as eight little-endian bytes (xc_load_le64 reads them back). */
static inline void store_le64(char *s, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    memcpy(s, &x, 8);
}

/* The bytes of the chunk x (its bytes of a word, keep) that are not their
 * own key's (wl_key's): any byte past ASCII or up to ' ', but a single space
 * between two words ("Prime Minister", a title or a nationality of two
 * words, which wl_key keeps as it is). *prev carries the space flags of
 * the chunk before (0 for a word's first); a space that starts or ends the
 * word is left to the caller. */
static inline uint64_t wl_odd_bytes(uint64_t x, uint64_t keep, uint64_t *prev)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    /* every byte in 0x21..0x7F (see xc_wl_mask): no sum below carries out
     * of its byte unless a byte is past ASCII, which is odd anyway */
    uint64_t odd = (x | ~(x + 0x5F * ones)) & high & keep;
    if (!odd) {
        *prev = 0;
        return 0;
    }
    uint64_t y = x ^ (0x20 * ones); /* a space is a zero byte */
    uint64_t sp = ~(((y & ~high) + ~high) | y | ~high) & keep;
    /* two spaces in a row, within the chunk or across the chunk before */
    uint64_t twice = (sp & sp << 8) | (*prev >> 56 & sp & 0x80);
    *prev = sp;
    return (odd & ~sp) | twice;
}

/* xc_wl_mask of a word of 9 to WL_MAX_WORD bytes of which every chunk of
 * eight can be read whole (kept apart from xc_wl_mask_in so that the short
 * words' path stays small). */
__attribute__((noinline)) static uint32_t wl_mask_chunks(const xc_wordlists *wl, uint32_t want,
                                                         const char *s, size_t n)
{
    const uint64_t high = 0x8080808080808080u;
    char key[WL_MAX_WORD]; /* a multiple of eight bytes */
    uint64_t h = 0, bad = 0, sp = 0;
    for (size_t i = 0; i < n; i += 8) {
        /* the chunk wl_hash reads: the word's bytes, zeros after them */
        size_t k = n - i;
        uint64_t keep = low_bytes(k < 8 ? k : 8);
        uint64_t x = xc_load_le64(s + i) & keep;
        bad |= wl_odd_bytes(x, keep & high, &sp);
        x = xc_lower8(x);
        store_le64(key + i, x);
        h = (h ^ x) * XC_LEX_HASH_MUL;
    }
    if (bad || (sp && s[n - 1] == ' ') || s[0] == ' ') return xc_wl_mask(wl, want, s, n);
    return wl_probe(wl, key, n, h ^ (h >> 32))->mask & want;
}

/* The lists' mask of a key of n bytes, 1 to 8, whose folded wl_hash is h,
 * in a table's slots (last: the index of its last slot): the probe of
 * wl_probe, without comparing keys (see there). */
static inline uint32_t slots_mask_short(const xc_wl_slot *slots, size_t last, uint64_t h, size_t n)
{
    for (size_t i = (size_t)h & last;; i = (i + 1) & last) {
        const xc_wl_slot *e = &slots[i];
        if (!e->key) return 0;
        if (e->hash == h && e->len == n) return e->mask;
    }
}

/* slots_mask_short in the table of wl. */
static inline uint32_t wl_mask_short(const xc_wordlists *wl, uint64_t h, size_t n)
{
    return slots_mask_short(wl->slots, wl->nslots - 1, h, n);
}

/* xc_wl_mask_in of a word of up to eight bytes, x (keep: its bytes), with a
 * byte that is not in 0x21..0x7F: one chunk still when those bytes are
 * single spaces inside it ("Le Pen"), else xc_wl_mask. Kept apart from
 * xc_wl_mask_in so that the plain words' path stays small. */
__attribute__((noinline, cold)) static uint32_t wl_mask_spaced(const xc_wordlists *wl,
                                                               uint32_t want, const char *s,
                                                               size_t n, uint64_t x, uint64_t keep)
{
    uint64_t sp = 0;
    if (wl_odd_bytes(x, keep & 0x8080808080808080u, &sp) || s[0] == ' ' || s[n - 1] == ' ')
        return xc_wl_mask(wl, want, s, n);
    uint64_t h = xc_lower8(x) * XC_LEX_HASH_MUL;
    return wl_mask_short(wl, h ^ (h >> 32), n) & want;
}

uint32_t xc_wl_mask_in(const xc_wordlists *wl, uint32_t want, const char *s, size_t n, size_t avail)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    if (n - 1 < 8 && avail >= 8) {
        /* one load of eight bytes, of which the word's n */
        uint64_t keep = low_bytes(n);
        uint64_t x = xc_load_le64(s) & keep;
        /* every byte of the word in 0x21..0x7F (see xc_wl_mask), else the
         * general path */
        if (!((x | ~(x + 0x5F * ones)) & high & keep)) {
            /* wl_hash of the lower-case key, which is this one chunk */
            uint64_t h = xc_lower8(x) * XC_LEX_HASH_MUL;
            return wl_mask_short(wl, h ^ (h >> 32), n) & want;
        }
        return wl_mask_spaced(wl, want, s, n, x, keep);
    } else if (n - 1 < WL_MAX_WORD && avail >= ((n + 7) & ~(size_t)7)) {
        return wl_mask_chunks(wl, want, s, n);
    }
    return xc_wl_mask(wl, want, s, n);
}

bool xc_wl_has(const xc_wordlists *wl, int which, const char *s, size_t n)
{
    return xc_wl_mask(wl, 1u << which, s, n) != 0;
}

bool xc_in_list(const xc_rules *rs, const char *list, const char *s, size_t n)
{
    if (!n) return false;
    const xc_list *l = rs ? xc_rules_list(rs, list) : NULL;
    if (l) return xc_list_find(l, s, n) != NULL;
    for (size_t i = 0; i < XC_WL_COUNT; i++)
        if (!strcmp(fallbacks[i].name, list)) return in_fallback(fallbacks[i].words, s, n);
    return false;
}

/* ----------------------------------------------------------- words */

bool xc_is_word_cp(int32_t cp)
{
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    utf8proc_category_t c = utf8proc_category(cp);
    return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_NO;
}

static bool is_joiner(int32_t cp)
{
    return cp == '\'' || cp == 0x2019 || cp == '-' || cp == 0x2010 || cp == 0x2011;
}

/* Classes of a byte, read from one table where the tests of its value
 * take several compares and branches (the loops below ask them at every
 * capital and around every run): */
enum {
    BC_ALNUM = 1,    /* an ASCII letter or digit */
    BC_SETTLES = 2,  /* ASCII but '.', '-' and '\'' (see index_word_start) */
    BC_PARTICLE = 4, /* a letter a particle starts with (see particle_start) */
    BC_JOINER = 8,   /* past ASCII, '\'' or '-': a name word may go on past it */
    BC_GOES_ON = 16, /* a digit, '\'' or '-': a word of the index goes on past it */
    BC_CAPITAL = 32, /* an ASCII capital */
    BC_HIGH = 64,    /* past ASCII */
};
/* sixteen bytes a row, from 0x00 */
static const unsigned char byte_class[256] = {
    0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x18, 0x02, 0x02, 0x02, 0x02, 0x02, 0x18, 0x00, 0x02,
    0x13, 0x13, 0x13, 0x13, 0x13, 0x13, 0x13, 0x13, 0x13, 0x13, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x02, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23,
    0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x02, 0x07, 0x07, 0x03, 0x07, 0x03, 0x03, 0x03, 0x03, 0x07, 0x03, 0x03, 0x07, 0x03, 0x03, 0x03,
    0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x07, 0x03, 0x03, 0x03, 0x03, 0x02, 0x02, 0x02, 0x02, 0x02,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
    0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48, 0x48,
};

static inline bool ascii_alnum(unsigned char ch)
{
    return byte_class[ch] & BC_ALNUM;
}

/* The high bit of each byte of x (eight bytes read little-endian) that is
 * not an ASCII letter or digit. */
static inline uint64_t not_alnum8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    /* per byte below 0x80 (no sum below carries out of its byte): a
     * letter once made lower case by setting 0x20, or a digit */
    uint64_t lo = x & ~high, l = lo | 0x20 * ones;
    uint64_t letter = (l + 0x1F * ones) & ~(l + 0x05 * ones);
    uint64_t digit = (lo + 0x50 * ones) & ~(lo + 0x46 * ones);
    return ~((letter | digit) & ~x) & high;
}

/* End of the run of ASCII letters and digits from j, eight bytes at a time
 * while eight remain. */
static inline size_t alnum_run_end(const char *s, size_t len, size_t j)
{
    while (j + 8 <= len) {
        uint64_t other = not_alnum8(xc_load_le64(s + j));
        if (other) return j + ((unsigned)__builtin_ctzll(other) >> 3);
        j += 8;
    }
    while (j < len && ascii_alnum((unsigned char)s[j])) j++;
    return j;
}

/* Start of the run of ASCII letters and digits that ends at j, eight bytes
 * at a time while eight precede it. */
static inline size_t alnum_run_start(const char *s, size_t j)
{
    while (j >= 8) {
        /* the byte before j is the highest of the eight */
        uint64_t other = not_alnum8(xc_load_le64(s + j - 8));
        if (other) return j - ((unsigned)__builtin_clzll(other) >> 3);
        j -= 8;
    }
    while (j > 0 && ascii_alnum((unsigned char)s[j - 1])) j--;
    return j;
}

/* xc_name_word_end from j, where the word that starts at i has reached a
 * byte that is not an ASCII letter or digit. */
static size_t name_word_end_from(const char *s, size_t len, size_t i, size_t j)
{
    while (j < len) {
        unsigned char ch = (unsigned char)s[j];
        if (ascii_alnum(ch)) {
            j = alnum_run_end(s, len, j + 1);
            continue;
        }
        if (!(byte_class[ch] & BC_JOINER)) break;
        if (ch < 0x80 && j + 1 < len && (unsigned char)s[j + 1] < 0x80) {
            /* an ASCII joiner before an ASCII byte ("O'Brien", "Obama's",
             * "Jean-Pierre", "Trump-style"), settled without decoding: it
             * joins inside a word, before a letter or digit */
            if (j == i || !ascii_alnum((unsigned char)s[j + 1])) break;
            j++;
            continue;
        }
        int32_t cp;
        size_t n = xc_utf8_decode(s, len, j, &cp);
        if (xc_is_word_cp(cp)) {
            j += n;
            continue;
        }
        if (j > i && is_joiner(cp) && j + n < len) {
            int32_t next;
            xc_utf8_decode(s, len, j + n, &next);
            if (xc_is_word_cp(next)) {
                j += n;
                continue;
            }
        }
        break;
    }
    return j;
}

/* xc_name_word_end for the extractors' loops: a word of ASCII letters and
 * digits followed by another ASCII byte than an apostrophe or a hyphen (most
 * words) is settled here; anything else goes on in name_word_end_from. */
static inline size_t name_word_end(const char *s, size_t len, size_t i)
{
    size_t j = alnum_run_end(s, len, i);
    if (j < len) {
        unsigned char ch = (unsigned char)s[j];
        if (byte_class[ch] & BC_JOINER) return name_word_end_from(s, len, i, j);
    }
    return j;
}

/* name_word_end out of line, for the words xc_name_word_end does not settle
 * in its first eight bytes. */
__attribute__((noinline)) static size_t name_word_end_long(const char *s, size_t len, size_t i)
{
    return name_word_end(s, len, i);
}

size_t xc_name_word_end(const char *s, size_t len, size_t i)
{
    /* most words the quote extractor asks about end within eight bytes, at
     * an ASCII byte that is no joiner: settled from one load, with none of
     * the registers the longer reading keeps */
    size_t j;
    if (i + 8 <= len) {
        uint64_t other = not_alnum8(xc_load_le64(s + i));
        if (!other) return name_word_end_long(s, len, i);
        j = i + ((unsigned)__builtin_ctzll(other) >> 3);
    } else {
        /* fewer than eight bytes before len, read one by one */
        j = i;
        while (j < len && ascii_alnum((unsigned char)s[j])) j++;
        if (j == len) return j;
    }
    unsigned char ch = (unsigned char)s[j];
    if (!(byte_class[ch] & BC_JOINER)) return j;
    return name_word_end_long(s, len, i);
}

bool xc_word_is_upper(const char *s, size_t len, size_t i)
{
    if (i >= len) return false;
    unsigned char ch = (unsigned char)s[i];
    if (ch < 0x80) return ch >= 'A' && ch <= 'Z';
    int32_t cp;
    xc_utf8_decode(s, len, i, &cp);
    utf8proc_category_t c = utf8proc_category(cp);
    return c == UTF8PROC_CATEGORY_LU || c == UTF8PROC_CATEGORY_LT;
}

/* xc_word_is_upper with the ASCII case settled inline. */
static inline bool word_is_upper(const char *s, size_t len, size_t i)
{
    if (i < len && (unsigned char)s[i] < 0x80) return s[i] >= 'A' && s[i] <= 'Z';
    return xc_word_is_upper(s, len, i);
}

/* Start of the word that ends at `end` (exclusive), or `end` when none. */
static size_t word_start_before(const char *s, size_t len, size_t end)
{
    size_t j = end;
    while (j > 0) {
        j = alnum_run_start(s, j);
        if (j == 0) break;
        unsigned char b = (unsigned char)s[j - 1];
        if (!(byte_class[b] & BC_JOINER)) { /* ASCII: no decoding */
            if (!ascii_alnum(b)) break;
            j--;
            continue;
        }
        size_t k = j - 1;
        while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
        int32_t cp;
        xc_utf8_decode(s, len, k, &cp);
        if (xc_is_word_cp(cp) || (is_joiner(cp) && k > 0 && j < end)) {
            j = k;
            continue;
        }
        break;
    }
    return j;
}

/* True when no word character (or joiner inside a word) ends right before i. */
static bool word_start_at(const char *s, size_t len, size_t i)
{
    if (i == 0) return true;
    size_t k = i - 1;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    int32_t cp;
    xc_utf8_decode(s, len, k, &cp);
    if (cp == '.' && k > 0) {
        /* "U.S.": a letter after an abbreviation's dot continues it */
        int32_t before;
        size_t b = k - 1;
        while (b > 0 && ((unsigned char)s[b] & 0xC0) == 0x80) b--;
        xc_utf8_decode(s, len, b, &before);
        if (xc_is_word_cp(before) && k - b == 1 &&
            (b == 0 || !((unsigned char)s[b - 1] & 0x80 || xc_is_word_cp((unsigned char)s[b - 1]))))
            if (k + 1 == i) return false;
    }
    return !xc_is_word_cp(cp) && cp != '-' && cp != '\'' && cp != 0x2019;
}

static bool all_caps(const char *s, size_t n)
{
    size_t letters = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 'a' && c <= 'z') return false;
        if (c >= 'A' && c <= 'Z') letters++;
    }
    return letters >= 2;
}

/* Whether the word of ASCII letters f[i..i+n), n >= 2, is in capitals
 * ("NASA", "UN"), as all_caps says: no letter has the lower-case bit 0x20.
 * The second letter is tested first (most names' has the bit), then the
 * eight bytes from i at once when they are in the text. */
static inline bool letters_in_caps(const char *f, size_t len, size_t i, size_t n)
{
    if (f[i + 1] & 0x20) return false;
    if (n <= 8 && i + 8 <= len) {
        uint64_t keep = low_bytes(n);
        return !(xc_load_le64(f + i) & keep & 0x2020202020202020u);
    }
    return all_caps(f + i, n);
}

/* Length of a possessive ending ('s or ’s) at the end of s[0..n), or 0. */
static size_t possessive_len(const char *s, size_t n)
{
    if (n >= 3 && s[n - 1] == 's' && s[n - 2] == '\'') return 2;
    if (n >= 5 && s[n - 1] == 's' && !memcmp(s + n - 4, "\xE2\x80\x99", 3)) return 4;
    return 0;
}

/* ----------------------------------------------------------- runs */

#define RUN_WORDS 10

typedef struct {
    size_t s, e;
} wspan;

/* A word of a run with the lists that hold it (wmask): each word is looked
 * up once, however many lists the run's tests ask about. */
typedef struct {
    size_t s, e;
    uint32_t mask;
    /* the lists of the word without a dot it keeps ("Mr" of "Mr."), for
     * the gender it tells (run.gender) */
    uint32_t gmask;
    bool plain; /* a word of the index, ASCII letters alone (plain_word) */
} mword;

/* What the words around a run tell of its person (context_cues). */
typedef struct {
    size_t role_s, role_e, nat_s, nat_e;
    /* the comma after the name (and its age) where role_after may read a
     * role, which is then the person's role rather than role_s..role_e, or
     * 0: it is read only for a run that becomes a mention (sr_role), as
     * most runs do not, and a role is no cue */
    size_t role_at;
    int age;
    bool cue;
} cues;

/* A run of capitalized words ("Canadian Jen Loong", "Mr. Reid", "Kim Il
 * Sung Square"), split into what precedes the name and the name itself. */
typedef struct {
    size_t start, end;        /* the whole run */
    size_t ns, ne;            /* the name inside it (possessive removed) */
    mword all[RUN_WORDS + 4]; /* every word of the run, read once */
    /* the words of the name: nw of all[], from the first after what
     * precedes the name (a run is read in place, never copied) */
    mword *w;
    size_t nw;
    size_t title_s, title_e; /* a title word in the run ("President"), or equal */
    /* the cues of the run (run_cues); q.nat_s..q.nat_e is first a
     * nationality in the run or just before it (read_run) */
    cues q;
    bool honorific, asian;
    uint8_t gender; /* the first gender a word up to the name's first tells */
    size_t tk;      /* the first word of the word index at or after start */
} run;

/* A run as kept until people are matched: what matching and the mentions
 * read of it, in 32-bit fold offsets (a text longer than that has no word
 * index either; xc_extract_people returns XC_ERR_LIMIT), so that a long
 * document's thousands of runs take 48 bytes each rather than a `run`'s
 * few hundred. The name's first word is ns..first_e and its last word
 * last_s..ne (the same word when nw is 1). */
typedef struct {
    uint32_t ns, ne;
    uint32_t first_e, last_s;
    uint32_t role_s, role_e, nat_s, nat_e;
    uint32_t role_at; /* the run's (see cues) */
    int32_t age;
    int32_t person;
    uint32_t lh; /* word_hash of the name's last word (set by sr_store) */
    uint8_t nw;
    bool cue, asian;
    uint8_t gender; /* the run's (see run) */
} srun;

/* The first and last words of a stored run's name. */
static inline wspan sr_first(const srun *r)
{
    return (wspan){r->ns, r->first_e};
}

static inline wspan sr_last(const srun *r)
{
    return (wspan){r->last_s, r->ne};
}

typedef struct {
    xc_doc *doc;
    const xc_rules *rs;
    const xc_wordlists *wl;
    const char *f;
    size_t len;
    /* c->wl's letter filters (letter_filter), slots and the index of its
     * last slot (nslots - 1), read at every word */
    const uint8_t *lf;
    const xc_wl_slot *slots;
    size_t last_slot;
    const xc_tokens *tw; /* the document's word index */
    const xc_token *tv;  /* its words (tw->v, tw->n), read at every word */
    size_t tn;
    /* a bit (sur_bit) per last word of a run of two or three words without
     * a cue, the runs surname_repeats may give one: a one-word run whose
     * bit is clear names none of them */
    uint64_t sur[4];
    size_t plain_lim; /* xc_doc_plain_limit of the document (see fold_span) */
    char *tp;         /* where fold_span_text copies the next mention's text */
} ctx;

/* The word of sur of a run's last word of hash lh, and its bit there. */
#define SUR_WORD(lh) (((lh) >> 6) & 3)
#define SUR_BIT(lh)  ((uint64_t)1 << ((lh)&63))

#define ALL_LISTS (((1u << XC_WL_COUNT) - 1) | WL_PREFIX)
#define BIT(list) (1u << (list))

/* Bit (BIT(XC_WL_*)) per list holding s[0..n), and WL_PREFIX when it is the
 * first word of an entry of several words. */
static inline uint32_t wmask(const ctx *c, const char *s, size_t n)
{
    return xc_wl_mask_in(c->wl, ALL_LISTS, s, n, (size_t)(c->f + c->len - s));
}

static inline uint32_t span_mask(const ctx *c, wspan w)
{
    return wmask(c, c->f + w.s, w.e - w.s);
}

/* The word of the index t when it is ASCII letters alone and the whole name
 * word there (see plain_word): *e is then its end. */
static inline const xc_token *plain_token(const ctx *c, const xc_token *t, size_t *e)
{
    if (!(t->flags & XC_TOKEN_ASCII_END) || !t->letters) return NULL;
    size_t end = xc_token_end(t);
    if (end < c->len) {
        unsigned char ch = (unsigned char)c->f[end];
        if (byte_class[ch] & BC_GOES_ON) return NULL;
    }
    *e = end;
    return t;
}

/* The word of the document's word index that starts at j, when it is ASCII
 * letters alone and the whole name word there (name_word_end(j) is where
 * its letters end): *e is then its end. NULL when there is no such word, or
 * the word goes on with a digit, an apostrophe or a hyphen (the flag
 * XC_TOKEN_ASCII_END rules out a letter past ASCII), or is longer than the
 * index counts: name_word_end reads those. *k is a cursor into the index,
 * the first word at or after a position at most j (see xc_tokens_from; the
 * words of a run and the one after it are read in order, so that it only
 * moves on). */
static inline const xc_token *plain_word(const ctx *c, size_t *k, size_t j, size_t *e)
{
    const xc_token *v = c->tv;
    size_t i = *k, n = c->tn;
    while (i < n && v[i].start < j) i++;
    *k = i;
    const xc_token *t = i < n ? &v[i] : NULL;
    if (!t || t->start != j) return NULL;
    return plain_token(c, t, e);
}

/* The lists' mask of a word of 9 to WL_MAX_WORD ASCII letters at s whose
 * chunks of eight can all be read ("Department", "Afghanistan"): wl_hash of
 * its letters made lower case (setting 0x20 in each byte), eight at a
 * time, and wl_probe's walk of the table, comparing a key with the letters
 * made lower case eight bytes at a time (build_table leaves eight zero bytes
 * to read after the last key). */
static uint32_t plain_mask_long(const xc_wordlists *wl, const char *s, size_t n)
{
    const uint64_t lower = 0x2020202020202020u;
    uint64_t h = 0, keep = 0;
    size_t full = n & ~(size_t)7;
    for (size_t i = 0; i < full; i += 8) h = (h ^ (xc_load_le64(s + i) | lower)) * XC_LEX_HASH_MUL;
    if (full < n) {
        /* the last chunk, padded with zero bytes */
        keep = low_bytes(n - full);
        h = (h ^ ((xc_load_le64(s + full) | lower) & keep)) * XC_LEX_HASH_MUL;
    }
    h ^= h >> 32;
    for (size_t k = (size_t)h & (wl->nslots - 1);; k = (k + 1) & (wl->nslots - 1)) {
        const xc_wl_slot *e = &wl->slots[k];
        if (!e->key) return 0;
        if (e->hash != h || e->len != n) continue;
        size_t i = 0;
        while (i < full && (xc_load_le64(s + i) | lower) == xc_load_le64(e->key + i)) i += 8;
        if (i < full) continue;
        if (full < n && (((xc_load_le64(s + full) | lower) ^ xc_load_le64(e->key + full)) & keep))
            continue;
        return e->mask;
    }
}

/* wmask of the plain word t, s[j..e): 0 without a lookup when the table has
 * no key with its filter bit (a word longer than WL_MAX_WORD is looked up,
 * as xc_wl_mask tests those in the lists themselves). A word of up to eight
 * letters is looked up here, as xc_wl_mask_in would (one chunk), without
 * its test for bytes that are no letters. */
__attribute__((always_inline)) static inline uint32_t plain_mask(const ctx *c, const xc_token *t,
                                                                 size_t j, size_t e)
{
    size_t n = e - j;
    if (n <= WL_MAX_WORD && !xc_lex_filter_has(c->lf, t->bit)) return 0;
    if (n <= 8 && j + 8 <= c->len) {
        /* letters alone: setting 0x20 in each byte makes them lower case */
        uint64_t keep = low_bytes(n);
        uint64_t x = (xc_load_le64(c->f + j) | 0x2020202020202020u) & keep;
        uint64_t h = x * XC_LEX_HASH_MUL;
        return slots_mask_short(c->slots, c->last_slot, h ^ (h >> 32), n) & ALL_LISTS;
    }
    if (n <= WL_MAX_WORD && j + ((n + 7) & ~(size_t)7) <= c->len)
        return plain_mask_long(c->wl, c->f + j, n) & ALL_LISTS;
    return wmask(c, c->f + j, e - j);
}

/* plain_mask for the lists of WL_CUE_LISTS (the other bits are then 0 or
 * not): most words around a run (the, and, was) are in other lists or in
 * none, and the third letter filter rules them out without a lookup. */
__attribute__((always_inline)) static inline uint32_t
plain_cue_mask(const ctx *c, const xc_token *t, size_t j, size_t e)
{
    if (e - j <= WL_MAX_WORD && !xc_lex_filter_has(c->lf + 2 * WL_FILTER_BYTES, t->bit)) return 0;
    return plain_mask(c, t, j, e);
}

/* wmask of the word s[j..e) where plain_word(j) found no plain word, the
 * cursor then at v[k]. When v[k] starts the word with ASCII letters that an
 * ASCII byte other than a letter ends inside it ("Obama's", "Jean-Pierre",
 * "PIX11"), and no entry of the lists holds that byte, the word is in none
 * of them, with no lookup: its key holds that byte (the table's keys are
 * the entries' bytes made lower case, and xc_list_find's keys too, which
 * make no other byte that byte), whatever the rule files. */
static inline uint32_t joined_mask(const ctx *c, size_t k, size_t j, size_t e)
{
    if (k < c->tn && c->tv[k].start == j) {
        size_t x = xc_token_end(&c->tv[k]);
        unsigned char b = x < e ? (unsigned char)c->f[x] : 'a';
        if (b < 0x80 && (unsigned char)((b | 0x20) - 'a') >= 26 &&
            !xc_lex_filter_has(c->lf + WL_BYTES_AT, b))
            return 0;
    }
    return wmask(c, c->f + j, e - j);
}

static bool word_in(const ctx *c, int list, wspan w)
{
    return (span_mask(c, w) >> list) & 1;
}

/* True when a word of mask m can start a title or a nationality of two
 * words: the first word of such an entry, or any word when one of those
 * lists has entries the table does not hold. */
static bool two_word_head(const ctx *c, uint32_t m)
{
    if (c->wl->nonascii & (BIT(XC_WL_TITLES) | BIT(XC_WL_NATIONALITIES))) return true;
    return m & WL_PREFIX;
}

/* Skips spaces (not newlines) from i. */
static size_t skip_sp(const char *f, size_t len, size_t i)
{
    while (i < len && f[i] == ' ') i++;
    return i;
}

/* True when ch is a letter a particle starts with: a, b, d, i, l or v. */
static inline bool particle_start(char ch)
{
    return byte_class[(unsigned char)ch] & BC_PARTICLE;
}

/* Two or three bytes as one number (is_particle). */
#define PARTICLE(a, b, c) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16)

static bool is_particle(const char *s, size_t n)
{
    /* most lower-case words are longer than a particle or start with
     * another letter: tested before the list */
    if (n < 2 || n > 3 || !particle_start(s[0])) return false;
    /* the word's bytes as one number, compared with each particle's */
    uint32_t x =
        PARTICLE((unsigned char)s[0], (unsigned char)s[1], n == 3 ? (unsigned char)s[2] : 0);
    switch (x) {
    case PARTICLE('d', 'e', 0):
    case PARTICLE('v', 'a', 'n'):
    case PARTICLE('v', 'o', 'n'):
    case PARTICLE('b', 'i', 'n'):
    case PARTICLE('a', 'l', 0):
    case PARTICLE('d', 'a', 0):
    case PARTICLE('d', 'e', 'l'):
    case PARTICLE('d', 'e', 'r'):
    case PARTICLE('l', 'a', 0):
    case PARTICLE('l', 'e', 0):
    case PARTICLE('d', 'i', 0):
    case PARTICLE('d', 'u', 0):
    case PARTICLE('d', 'o', 's'):
    case PARTICLE('i', 'b', 'n'):
        return true;
    default:
        return false;
    }
}
#undef PARTICLE

/* Bits of the second letters of the particles (is_particle) per first
 * letter. */
#define L2(ch) (1u << ((ch) - 'a'))
static const uint32_t particle_second[26] = {
    ['a' - 'a'] = L2('l'),
    ['b' - 'a'] = L2('i'),
    ['d' - 'a'] = L2('a') | L2('e') | L2('i') | L2('o') | L2('u'),
    ['i' - 'a'] = L2('b'),
    ['l' - 'a'] = L2('a') | L2('e'),
    ['v' - 'a'] = L2('a') | L2('o'),
};
#undef L2

/* True when the word of lower-case ASCII letters at j, whose first letter
 * is one a particle starts with (particle_start), is a particle, read from
 * its letters up to four: most such words ("and", "at", "by") have a
 * second letter no particle has after their first, and are read no
 * further. */
static inline bool particle_at(const char *f, size_t len, size_t j)
{
    unsigned second = j + 1 < len ? (unsigned char)f[j + 1] - 'a' : 26;
    if (second >= 26 || !(particle_second[(unsigned char)f[j] - 'a'] >> second & 1)) return false;
    size_t q = j + 2;
    while (q < len && q < j + 4 && (unsigned char)(f[q] - 'a') < 26) q++;
    return is_particle(f + j, q - j);
}

/* The next word after position i on the same line (skipping spaces and an
 * optional comma when `comma`); returns false when there is none. */
static bool next_word(const ctx *c, size_t i, bool comma, wspan *w)
{
    size_t j = skip_sp(c->f, c->len, i);
    if (comma && j < c->len && c->f[j] == ',') j = skip_sp(c->f, c->len, j + 1);
    size_t e = name_word_end(c->f, c->len, j);
    if (e == j) return false;
    w->s = j;
    w->e = e;
    return true;
}

static bool prev_word(const ctx *c, size_t i, wspan *w)
{
    size_t j = i;
    while (j > 0 && c->f[j - 1] == ' ') j--;
    size_t s = word_start_before(c->f, c->len, j);
    if (s == j) return false;
    w->s = s;
    w->e = j;
    return true;
}

/* Parses ", 25," / ", 25." after a name: the age, or -1. */
static int age_after(const ctx *c, size_t i, size_t *after)
{
    const char *f = c->f;
    if (i + 1 >= c->len || f[i] != ',') return -1;
    size_t j = skip_sp(f, c->len, i + 1);
    size_t k = j;
    while (k < c->len && f[k] >= '0' && f[k] <= '9') k++;
    if (k == j || k - j > 3) return -1;
    if (k < c->len && f[k] != ',' && f[k] != '.' && f[k] != ')') return -1;
    int age = atoi(f + j);
    if (age <= 0 || age > 120) return -1;
    *after = k < c->len && f[k] == ',' ? k + 1 : k;
    return age;
}

/* False when the comma at i is followed by no age (age_after would find
 * none): the first byte after its spaces is no digit, as the one or two
 * bytes after it tell. Inline: a run followed by a comma is most often
 * followed by words. */
static inline bool age_may_follow(const char *f, size_t len, size_t i)
{
    if (i + 1 >= len) return false;
    unsigned char b = (unsigned char)f[i + 1];
    if ((unsigned char)(b - '0') < 10) return true;
    if (b != ' ' || i + 2 >= len) return false;
    b = (unsigned char)f[i + 2];
    return (unsigned char)(b - '0') < 10 || b == ' ';
}

/* ", a professor of Asian studies at the University of X," after a name:
 * the role words (up to " at ", a comma or a period). */
static bool role_after(const ctx *c, size_t i, size_t *rs, size_t *re)
{
    const char *f = c->f;
    if (i >= c->len || f[i] != ',') return false;
    /* the article, "a", "an" or "the", starts with one of two letters:
     * any other word after the comma is not read */
    size_t j0 = skip_sp(f, c->len, i + 1);
    if (j0 >= c->len || (f[j0] != 'a' && f[j0] != 't')) return false;
    wspan w;
    if (!next_word(c, j0, false, &w)) return false;
    size_t n = w.e - w.s;
    if (!((n == 1 && f[w.s] == 'a') || (n == 2 && !memcmp(f + w.s, "an", 2)) ||
          (n == 3 && !memcmp(f + w.s, "the", 3))))
        return false;
    size_t start = skip_sp(f, c->len, w.e);
    if (start >= c->len || word_is_upper(f, c->len, start)) return false;
    size_t j = start, words = 0, end = start;
    bool at = false;
    while (j < c->len && words < 14) {
        size_t e = name_word_end(f, c->len, j);
        if (e == j) break;
        if (e - j == 2 && !memcmp(f + j, "at", 2)) {
            at = true;
            break;
        }
        end = e;
        words++;
        j = e;
        if (j < c->len && f[j] == ' ')
            j++;
        else
            break;
    }
    if (!words || end >= c->len || (!at && f[end] != ',' && f[end] != '.')) return false;
    *rs = start;
    *re = end;
    return true;
}

/* The words of the run of capitalized words starting at i, read one by one
 * into r->all (read_run's reading of a run that plain_words did not read):
 * their number, with their lists together in *any. *wk is the cursor into
 * the word index, the first word at or after i (see plain_word). Kept out
 * of line: most runs are read by lone_run and plain_words. */
__attribute__((noinline)) static size_t read_words(const ctx *c, size_t i, run *r, size_t *wk,
                                                   uint32_t *any_out)
{
    const char *f = c->f;
    size_t len = c->len;
    mword *all = r->all;
    size_t j = i, n = 0;
    uint32_t any = 0;
    r->tk = *wk;
    while (n < RUN_WORDS + 4) {
        bool upper = word_is_upper(f, len, j);
        /* a lower-case word ends the run unless it is a particle (below),
         * and none starts with another letter: the common case, the next
         * word of a sentence that starts with a capital, ends here */
        if (!upper && (j >= len || !particle_start(f[j]))) break;
        /* most words are read from the index (end and filter bit) */
        size_t e;
        const xc_token *t = plain_word(c, wk, j, &e);
        if (!t) e = name_word_end(f, len, j);
        if (e == j) break;
        uint32_t m = 0;
        bool known = false; /* m is the word's wmask */
        if (n && upper) {
            m = t ? plain_mask(c, t, j, e) : joined_mask(c, *wk, j, e);
            known = true;
            /* a stopword ends a run: "U.S. While Clinton" */
            if (m & (BIT(XC_WL_STOPWORDS) | BIT(XC_WL_SPEECH_VERBS)))
                break; /* "Jen Loong Describes" in a headline */
        }
        if (!upper) {
            /* a particle between two capitalized words: "Ludwig van Beethoven"
             * (is_particle knows the letters they start with) */
            if (!n || !is_particle(f + j, e - j) || e >= len || f[e] != ' ' ||
                !word_is_upper(f, len, e + 1))
                break;
        }
        size_t we = e;
        uint32_t gm = 0; /* the lists of the word without a dot it keeps */
        /* "W." "Mr." "Sen.": an initial or an abbreviated title keeps its dot */
        if (we < len && f[we] == '.') {
            /* no lookup when the second letter filter rules the word out */
            uint32_t md =
                t && e - j < WL_MAX_WORD && !xc_lex_filter_has(c->lf + WL_FILTER_BYTES, t->bit)
                    ? 0
                    : wmask(c, f + j, e - j + 1);
            if (e - j == 1 || (md & (BIT(XC_WL_HONORIFICS) | BIT(XC_WL_TITLES)))) {
                we++;
                gm = known ? m : t ? plain_mask(c, t, j, e) : joined_mask(c, *wk, j, e);
                m = md;
                known = true;
            }
        }
        if (!known) m = t ? plain_mask(c, t, j, e) : joined_mask(c, *wk, j, e);
        if (we == e) gm = m;
        all[n].s = j;
        all[n].e = we;
        all[n].mask = m;
        all[n].gmask = gm;
        all[n].plain = t && we == e;
        any |= m;
        n++;
        if (we < len && f[we] == ' ' && we + 1 < len && f[we + 1] != ' ') {
            j = we + 1;
            continue;
        }
        break;
    }
    *any_out = any;
    return n;
}

/* Reads the run of capitalized words starting at i. Returns its end (i when
 * there is no name-shaped run). *wk is the cursor into the word index, the
 * first word at or after i (see plain_word). n words of the run, with the
 * lists of all of them together in any, are in r->all already when plain_words
 * read them (n is then not 0): they are its words; else read_words reads
 * them. */
__attribute__((always_inline)) static inline size_t read_run(const ctx *c, size_t i, run *r,
                                                             size_t *wk, size_t n, uint32_t any)
{
    const char *f = c->f;
    r->nw = 0;
    mword *all = r->all;
    if (!n) n = read_words(c, i, r, wk, &any);
    if (!n) return i;
    r->start = i;
    r->end = all[n - 1].e;

    /* strip leading stopwords, honorifics, titles and nationalities (the
     * loop is skipped when the first word can be none of them, as in most
     * runs) */
    size_t k = 0;
    r->title_s = r->title_e = r->q.nat_s = r->q.nat_e = 0;
    r->honorific = false;
    const uint32_t lead = WL_PREFIX | BIT(XC_WL_HONORIFICS) | BIT(XC_WL_TITLES) |
                          BIT(XC_WL_NATIONALITIES) | BIT(XC_WL_STOPWORDS);
    bool strip =
        (all[0].mask & lead) || (c->wl->nonascii & (BIT(XC_WL_TITLES) | BIT(XC_WL_NATIONALITIES)));
    while (strip && k < n) {
        const mword *w = &all[k];
        if (k + 1 < n && two_word_head(c, w->mask)) {
            uint32_t m2 = wmask(c, f + w->s, all[k + 1].e - w->s);
            if (m2 & BIT(XC_WL_TITLES)) {
                r->title_s = w->s;
                r->title_e = all[k + 1].e;
                r->honorific = true;
                k += 2;
                continue;
            }
            if (m2 & BIT(XC_WL_NATIONALITIES)) {
                r->q.nat_s = w->s;
                r->q.nat_e = all[k + 1].e;
                k += 2;
                continue;
            }
        }
        if (w->mask & BIT(XC_WL_HONORIFICS)) {
            r->honorific = true;
            k++;
            continue;
        }
        if (w->mask & BIT(XC_WL_TITLES)) {
            r->title_s = w->s;
            r->title_e = w->e;
            r->honorific = true;
            k++;
            continue;
        }
        if ((w->mask & BIT(XC_WL_NATIONALITIES)) && k + 1 < n) {
            r->q.nat_s = w->s;
            r->q.nat_e = w->e;
            k++;
            continue;
        }
        if (w->mask & BIT(XC_WL_STOPWORDS)) {
            r->honorific = false;
            r->title_s = r->title_e = 0;
            k++;
            continue;
        }
        break;
    }
    /* "District Judge Howard Lin", "Assistant U.S. Attorney Rachel Okafor":
     * everything up to the last title word is the title (no word is one in
     * most runs) */
    if (any & BIT(XC_WL_TITLES)) {
        for (size_t m = n - 1; m-- > k;) {
            if ((all[m].mask & BIT(XC_WL_TITLES)) && !(all[m + 1].mask & BIT(XC_WL_TITLES))) {
                r->title_s = all[k].s;
                r->title_e = all[m].e;
                r->honorific = true;
                k = m + 1;
                break;
            }
        }
    }
    if (k == n) return r->end;
    /* the name: at most RUN_WORDS words from all[k], in place */
    r->w = all + k;
    r->nw = n - k < RUN_WORDS ? n - k : RUN_WORDS;
    r->ns = r->w[0].s;
    r->ne = r->w[r->nw - 1].e;
    mword *last = &r->w[r->nw - 1];
    size_t pl = possessive_len(f + last->s, r->ne - last->s);
    if (pl) {
        r->ne -= pl;
        last->e -= pl;
        /* "Obama" of "Obama's": most often the letters of a word of the
         * index, whose filter bit rules most out without a lookup, and
         * which is then a plain word for words_blocked (ASCII letters
         * alone) */
        const xc_token *v = c->tv;
        size_t lk = r->tk;
        while (lk < c->tn && v[lk].start < last->s) lk++;
        last->plain = lk < c->tn && v[lk].start == last->s && (v[lk].flags & XC_TOKEN_ASCII_END) &&
                      v[lk].letters == last->e - last->s;
        if (last->plain)
            last->mask = plain_mask(c, &v[lk], last->s, last->e);
        else
            last->mask = span_mask(c, (wspan){last->s, last->e});
    }
    /* the gender the run tells of its person (doc->person_gender): the
     * first told by a word up to the name's first, in order ("Mrs.
     * Clinton", "President Hillary Clinton"), each read without a dot it
     * keeps */
    r->gender = 0;
    for (size_t m = 0; m <= k; m++) {
        if (all[m].gmask & BIT(XC_WL_FEMALE)) {
            r->gender = 2;
            break;
        }
        if (all[m].gmask & BIT(XC_WL_MALE)) {
            r->gender = 1;
            break;
        }
    }
    r->asian = false; /* run_cues may set it */
    return r->end;
}

/* words_blocked's tests of a word of the name that is not a plain word of
 * the index (plain_word): in capitals, or the contraction of a stopword.
 * Kept out of line: most words of a name are plain. */
__attribute__((noinline)) static bool odd_word_blocked(const ctx *c, wspan w)
{
    size_t n = w.e - w.s;
    if (n - 1 < 8 && w.s + 8 <= c->len) {
        /* the two tests below on the word's bytes in one load */
        const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
        uint64_t keep = low_bytes(n);
        uint64_t x = xc_load_le64(c->f + w.s) & keep, lo = x & ~high;
        /* bytes 'a'..'z' and 'A'..'Z' (no sum carries out of its byte) */
        uint64_t lower = (lo + 0x1F * ones) & ~(lo + 0x05 * ones) & ~x & high;
        uint64_t upper = (lo + 0x3F * ones) & ~(lo + 0x25 * ones) & ~x & high;
        /* all_caps: no lower-case letter and two capitals at least (upper
         * keeps a bit once its lowest is cleared) */
        if (!lower && (upper & (upper - 1))) return true;
        /* the first '\'' or 0xE2 after the first byte: bytes 1.. moved
         * down one; of the bytes that are zero once xored with the
         * one sought, the lowest sets the lowest bit of (y - 1) & ~y
         * (a borrow runs only above a zero byte) */
        uint64_t x1 = x >> 8, y = x1 ^ (0x27 * ones), z = x1 ^ (0xE2 * ones);
        uint64_t hit = (((y - ones) & ~y) | ((z - ones) & ~z)) & high & (keep >> 8);
        if (hit) {
            size_t a = w.s + 1 + ((unsigned)__builtin_ctzll(hit) >> 3);
            if (wmask(c, c->f + w.s, a - w.s) & BIT(XC_WL_STOPWORDS)) return true;
        }
    } else {
        if (all_caps(c->f + w.s, n)) return true;
        /* "I'd", "He's": a contraction of a stopword */
        for (size_t a = w.s + 1; a < w.e; a++)
            if (c->f[a] == '\'' || (unsigned char)c->f[a] == 0xE2) {
                if (wmask(c, c->f + w.s, a - w.s) & BIT(XC_WL_STOPWORDS)) return true;
                break;
            }
    }
    return false;
}

/* True when a word of the run's name rules out a person (run_blocked). */
static inline bool words_blocked(const ctx *c, const run *r)
{
    if (r->nw > 5) return true;
    for (size_t m = 0; m < r->nw; m++) {
        wspan w = {r->w[m].s, r->w[m].e};
        if (r->w[m].mask & (BIT(XC_WL_BLOCKERS) | BIT(XC_WL_NONPERSON))) return true;
        size_t n = w.e - w.s;
        if (r->w[m].plain) {
            /* ASCII letters alone: no contraction */
            if (n >= 2 && letters_in_caps(c->f, c->len, w.s, n)) return true;
        } else if ((n != 2 || c->f[w.s + 1] != '.') && odd_word_blocked(c, w)) {
            /* (an initial with its dot, "U.", has one letter and no
             * apostrophe: odd_word_blocked would find neither) */
            return true;
        }
        if (w.e - w.s == 1 && r->nw == 1) return true; /* a lone initial */
    }
    {
        /* a name never ends in an initial ("Assistant U.") */
        wspan last = {r->w[r->nw - 1].s, r->w[r->nw - 1].e};
        if (last.e - last.s <= 2 && c->f[last.e - 1] == '.') return true;
    }
    return false;
}

/* The lists of the word right after a run that ends at end (0 when there
 * is none): those of WL_CUE_LISTS, the others maybe not. *wk is the cursor
 * into the word index (see plain_word). */
static inline uint32_t word_after(const ctx *c, size_t end, size_t *wk)
{
    size_t j = skip_sp(c->f, c->len, end), e;
    const xc_token *t = plain_word(c, wk, j, &e);
    if (t) return plain_cue_mask(c, t, j, e);
    /* no word starts at an ASCII byte that is no letter or digit */
    if (j < c->len && (unsigned char)c->f[j] < 0x80 && !ascii_alnum((unsigned char)c->f[j]))
        return 0;
    wspan nx;
    return next_word(c, end, false, &nx) ? span_mask(c, nx) : 0;
}

/* True when the run names a place, an organization, a date or a title
 * rather than a person. When it does not and the name ends the run, *next
 * is the lists of the word right after the run (word_after), for
 * run_cues. */
__attribute__((always_inline)) static inline bool run_blocked(const ctx *c, const run *r,
                                                              uint32_t *next, size_t *wk)
{
    *next = 0;
    if (words_blocked(c, r)) return true;
    /* "Kim Il Sung stadium": a lower-case head noun right after the run */
    if (r->ne == r->end) {
        *next = word_after(c, r->end, wk);
        if (*next & BIT(XC_WL_BLOCKERS)) return true;
    }
    /* "Kim Il Sung Square" after a possessive is fine; a blocker after the
     * run's end (hyphenated, "Trump-style") is not a person either */
    if (r->end < c->len && c->f[r->end] == '-') return true;
    return false;
}

/* prev_word of a run's start, with the lists of the word (*m: those of
 * WL_CUE_LISTS, the others maybe not), read from the word index where it
 * can be. Where the spaces before the run begin, at j: after an ASCII byte
 * that is no letter or digit, no word ends (prev_word finds none: an
 * apostrophe or a hyphen joins two words only inside a word); after ASCII
 * letters that are the last word of the index before the run, that word is
 * the one, when the byte before it continues no word (the start of the
 * text, or an ASCII byte: a word of the index follows no ASCII letter or
 * digit, so only an apostrophe or a hyphen could join it to a word
 * before). prev_word reads the other cases. */
__attribute__((always_inline)) static inline bool word_before(const ctx *c, size_t start, size_t tk,
                                                              wspan *w, uint32_t *m)
{
    const char *f = c->f;
    size_t j = start;
    /* most often one space, after the byte that ends the word before */
    if (j >= 2 && f[j - 1] == ' ' && f[j - 2] != ' ')
        j--;
    else
        while (j > 0 && f[j - 1] == ' ') j--;
    if (j == 0) return false;
    unsigned char b = (unsigned char)f[j - 1];
    if (b < 0x80 && !ascii_alnum(b)) return false;
    const xc_token *t = tk ? &c->tv[tk - 1] : NULL;
    if (t && (t->flags & XC_TOKEN_ASCII_END) && t->letters && xc_token_end(t) == j) {
        unsigned char a = t->start ? (unsigned char)f[t->start - 1] : ' ';
        if (!(byte_class[a] & BC_JOINER)) {
            w->s = t->start;
            w->e = j;
            *m = plain_cue_mask(c, t, w->s, w->e);
            return true;
        }
    }
    if (!prev_word(c, start, w)) return false;
    *m = span_mask(c, *w);
    return true;
}

/* Looks for the cues around the run from start to end that make it a
 * person, into *q (which holds what the run's own words told: a title as
 * its role, a nationality, a cue). ends: the name ends the run (no
 * possessive after it); tk: the run's first word of the index (see
 * run.tk); next: the lists of the word after the run (word_after). */
__attribute__((always_inline)) static inline void
context_cues(const ctx *c, size_t start, size_t end, bool ends, size_t tk, uint32_t next, cues *q)
{
    const char *f = c->f;
    size_t after = end, a2;
    if (ends) {
        /* an age and a role follow a comma (age_after, role_after): most
         * runs are followed by none, and are not read further */
        int age = end < c->len && c->f[end] == ',' && age_may_follow(f, c->len, end)
                      ? age_after(c, end, &a2)
                      : -1;
        if (age >= 0) {
            q->age = age;
            q->cue = true;
            after = a2;
        }
        /* the word after the run was looked up by word_after; after an
         * age, the word after that */
        wspan w;
        if (after != end) next = next_word(c, after, false, &w) ? span_mask(c, w) : 0;
        if (next & BIT(XC_WL_SPEECH_VERBS)) q->cue = true;
    }
    /* the word before the run, read once for the two cues below */
    wspan pw;
    uint32_t pm = 0;
    bool has_prev = word_before(c, start, tk, &pw, &pm);
    if ((pm & BIT(XC_WL_SPEECH_VERBS)) && !(start > 0 && f[start - 1] != ' ')) q->cue = true;
    if (ends && after < c->len && f[after] == ',') q->role_at = after;
    /* "Canadian marathoner Jen Loong": role and nationality before the run */
    if ((pm & BIT(XC_WL_TITLES)) && has_prev && !word_is_upper(f, c->len, pw.s)) {
        if (q->role_e == q->role_s) {
            q->role_s = pw.s;
            q->role_e = pw.e;
        }
        q->cue = true;
        wspan n2;
        if (prev_word(c, pw.s, &n2) && word_in(c, XC_WL_NATIONALITIES, n2) &&
            q->nat_e == q->nat_s) {
            q->nat_s = n2.s;
            q->nat_e = n2.e;
            /* "North Korean leader Kim Jong Un": a nationality of two words */
            wspan n1;
            if (prev_word(c, n2.s, &n1) && word_in(c, XC_WL_NATIONALITIES, (wspan){n1.s, n2.e}))
                q->nat_s = n1.s;
        }
    }
}

/* Looks for the cues in and around a run that make it a person; next is
 * what run_blocked found after it. */
__attribute__((always_inline)) static inline void run_cues(const ctx *c, run *r, uint32_t next)
{
    /* in place: the nationality read_run found stays (no copy of the
     * cues once read) */
    cues *q = &r->q;
    q->role_s = q->role_e = q->role_at = 0;
    q->age = -1;
    q->cue = r->honorific;
    if (r->title_e > r->title_s) {
        q->role_s = r->title_s;
        q->role_e = r->title_e;
    }
    if ((r->w[0].mask & BIT(XC_WL_GIVEN)) && r->nw >= 2) q->cue = true;
    if ((r->w[0].mask & BIT(XC_WL_ASIAN)) && r->nw >= 2) {
        r->asian = true;
        q->cue = true;
    }
    context_cues(c, r->start, r->end, r->ne == r->end, r->tk, next, q);
}

/* The first byte at or after i that leads a code point past ASCII (0xC2 to
 * 0xF4), or len: a capitalized word that starts with a letter past ASCII is
 * not in the word index, so these bytes are the extractor's other
 * candidates. Sixty-four bytes at a time while none has its high bit set,
 * then thirty-two: most news text is ASCII, and a document of ASCII alone
 * is read once. */
static size_t next_lead(const char *f, size_t len, size_t i)
{
    const uint64_t high = 0x8080808080808080u;
    for (;;) {
        while (i + 64 <= len &&
               !((xc_load_le64(f + i) | xc_load_le64(f + i + 8) | xc_load_le64(f + i + 16) |
                  xc_load_le64(f + i + 24) | xc_load_le64(f + i + 32) | xc_load_le64(f + i + 40) |
                  xc_load_le64(f + i + 48) | xc_load_le64(f + i + 56)) &
                 high))
            i += 64;
        while (i + 32 <= len && !((xc_load_le64(f + i) | xc_load_le64(f + i + 8) |
                                   xc_load_le64(f + i + 16) | xc_load_le64(f + i + 24)) &
                                  high))
            i += 32;
        if (i + 8 > len) {
            while (i < len && (unsigned char)(f[i] - 0xC2) > 0xF4 - 0xC2) i++;
            return i;
        }
        uint64_t m = xc_load_le64(f + i) & high;
        if (!m) {
            i += 8;
            continue;
        }
        i += (unsigned)__builtin_ctzll(m) >> 3;
        if ((unsigned char)(f[i] - 0xC2) <= 0xF4 - 0xC2) return i;
        i++; /* a continuation byte, or one that starts no code point */
    }
}

/* True when the word of the index v[k] starts with an ASCII capital. A word
 * of the index starts with an ASCII letter or digit, and of those bytes the
 * capitals (0x41 to 0x5A) are the ones without the bit 0x20 (which the
 * lower-case letters and the digits, 0x30 to 0x39, have): one test of the
 * byte in the text. */
static inline bool capital_word(const char *f, const xc_token *v, size_t k)
{
    return !(f[v[k].start] & 0x20);
}

/* The first word of the index from k on that starts with an ASCII capital,
 * or the number of words. Most words are lower case: they
 * are passed four at a step, with one test of the bound for the four.
 * Inline: it is called once per run (and once per window of the index). */
__attribute__((always_inline)) static inline size_t capital_from(const ctx *c, size_t k)
{
    const xc_token *v = c->tv;
    size_t n = c->tn;
    for (; k + 4 <= n; k += 4) {
        if (capital_word(c->f, v, k)) return k;
        if (capital_word(c->f, v, k + 1)) return k + 1;
        if (capital_word(c->f, v, k + 2)) return k + 2;
        if (capital_word(c->f, v, k + 3)) return k + 3;
    }
    while (k < n && !capital_word(c->f, v, k)) k++;
    return k;
}

/* capital_from the first word of the index from k on that starts at or
 * after i. */
__attribute__((always_inline)) static inline size_t next_capital(const ctx *c, size_t k, size_t i)
{
    const xc_token *v = c->tv;
    size_t n = c->tn;
    while (k < n && v[k].start < i) k++;
    return capital_from(c, k);
}

/* word_start_at(i) for an ASCII capital that starts a word of the index: the
 * byte before it is no ASCII letter or digit, so any ASCII byte other than
 * '.', '-' and '\'' (the ones word_start_at looks further at) settles it. */
static inline bool index_word_start(const ctx *c, size_t i)
{
    if (i == 0) return true;
    unsigned char b = (unsigned char)c->f[i - 1];
    /* most often a space */
    if (byte_class[b] & BC_SETTLES) return true;
    return word_start_at(c->f, c->len, i);
}

/* What lone_run found of the run at a capital of the index. */
enum { LONE_NO, LONE_DROPPED, LONE_READ, LONE_MULTI, LONE_APOSTROPHE };

/* The run that starts with the word of the index t, a capital at i, when it
 * is that word alone: a word of ASCII letters that keeps no dot, followed
 * by no further capitalized word or particle, which is most capitalized
 * words of a news text (the first of a sentence). LONE_DROPPED when it
 * makes nothing, as read_run and run_blocked would find: stripped (an
 * honorific, a title or a stopword: "The", "But", "Mr") or blocked (a
 * blocker or a word that is no person's, "Monday"; a lone initial; a word
 * in capitals, "CNN"); *end is then the run's end. LONE_READ when it may
 * make a person: *end is then its end and *mask its word's lists (see
 * lone_person: the run's name is the word, with nothing before it and no
 * possessive after it, as read_run would find). LONE_MULTI
 * when the word is followed by one space and an ASCII capital, which
 * plain_words reads on from; LONE_APOSTROPHE when an apostrophe follows
 * its letters, which end at *end (see possessive_run); LONE_NO for any
 * other run, which read_run reads. */
static inline int lone_run(const ctx *c, const xc_token *t, size_t i, size_t *end, uint32_t *mask)
{
    const char *f = c->f;
    size_t len = c->len;
    if (!(t->flags & XC_TOKEN_ASCII_END)) return LONE_NO;
    size_t e = xc_token_end(t);
    if (e < len) {
        unsigned char ch = (unsigned char)f[e];
        if (ch == ' ') { /* most often */
            if (e + 1 < len) {
                /* the next word, where the run would go on: an ASCII byte
                 * that is no capital ends it, unless the word it starts is
                 * a particle */
                unsigned char b = (unsigned char)f[e + 1];
                unsigned k = byte_class[b];
                if (k & BC_CAPITAL) return LONE_MULTI; /* see plain_words */
                /* its lower-case letters: the particles are words of two
                 * or three of them, and a word whose letters are none
                 * (alone, or followed by more of the word) is none */
                if ((k & (BC_HIGH | BC_PARTICLE)) && ((k & BC_HIGH) || particle_at(f, len, e + 1)))
                    return LONE_NO;
            }
        } else {
            /* the word goes on (plain_word) */
            if ((unsigned char)(ch - '0') < 10 || ch == '-') return LONE_NO;
            if (ch == '\'') {
                *end = e;
                return LONE_APOSTROPHE;
            }
            /* a dot after it ends the run ("said Reid."), unless the word
             * keeps it (read_run): an initial, or an honorific or a title
             * with its dot, which the second letter filter rules out for
             * most words */
            if (ch == '.' && (e - i == 1 || e - i >= WL_MAX_WORD ||
                              xc_lex_filter_has(c->lf + WL_FILTER_BYTES, t->bit)))
                return LONE_NO;
        }
    }
    *end = e;
    size_t n = e - i;
    if (n == 1) return LONE_DROPPED; /* a lone initial */
    if (letters_in_caps(f, len, i, n)) return LONE_DROPPED;
    uint32_t m = plain_mask(c, t, i, e);
    if (m & (BIT(XC_WL_HONORIFICS) | BIT(XC_WL_TITLES) | BIT(XC_WL_STOPWORDS) |
             BIT(XC_WL_BLOCKERS) | BIT(XC_WL_NONPERSON)))
        return LONE_DROPPED;
    /* the one word is the name: nothing precedes it, and no possessive
     * ends a word of letters */
    *mask = m;
    return LONE_READ;
}

/* True when the letters of a word of the index that end at e, before an
 * apostrophe, end a run with "'s" (possessive_len): "'s" and a byte that
 * ends the word (name_word_end) and the run, no joiner, no dot it may keep,
 * and, after a space, no capital or particle (read_words). The word with
 * its "'s" must also be in no list, which holds when no entry holds an
 * apostrophe (joined_mask). */
static inline bool possessive_ends(const ctx *c, size_t e)
{
    const char *f = c->f;
    size_t len = c->len;
    if (e + 2 >= len || f[e + 1] != 's') return false;
    unsigned char a = (unsigned char)f[e + 2];
    if (a >= 0x80 || ascii_alnum(a) || a == '\'' || a == '-' || a == '.') return false;
    if (a == ' ' && e + 3 < len) {
        unsigned char b = (unsigned char)f[e + 3];
        if (b >= 0x80 || (unsigned char)(b - 'A') < 26) return false;
        if (particle_start((char)b) && particle_at(f, len, e + 3)) return false;
    }
    return !xc_lex_filter_has(c->lf + WL_BYTES_AT, '\'');
}

/* The words of the run that starts with the word of the index v[k], a
 * capital at i that lone_run found followed by one space and an ASCII
 * capital ("Barack Obama said"), read into r->all as read_run reads them,
 * straight from the index: while each word is a word of the index of ASCII
 * letters alone, followed by one space and the next by an ASCII capital.
 * Returns their number, with their lists together in *any and *wk on the
 * last one's word of the index; 0 when a word needs read_run's reading (a
 * word that goes on with a digit, an apostrophe or a hyphen, or keeps a
 * dot, a capital past ASCII, a particle), *wk then unchanged. */
__attribute__((always_inline)) static inline size_t plain_words(const ctx *c, size_t k, size_t i,
                                                                run *r, uint32_t *any, size_t *wk)
{
    const char *f = c->f;
    size_t len = c->len, nt = c->tn;
    const xc_token *v = c->tv;
    mword *all = r->all;
    /* the first word, s[i..e0): lone_run found it followed by one space and
     * a capital */
    size_t e0 = xc_token_end(&v[k]);
    uint32_t lists = plain_mask(c, &v[k], i, e0);
    all[0] = (mword){.s = i, .e = e0, .mask = lists, .gmask = lists, .plain = true};
    size_t n = 1, j = e0 + 1;
    for (k++;;) {
        const xc_token *t = &v[k];
        /* a word after a space starts a word of the index */
        if (k >= nt || t->start != j || !(t->flags & XC_TOKEN_ASCII_END)) return 0;
        size_t e = xc_token_end(t);
        unsigned char ch = e < len ? (unsigned char)f[e] : ' ';
        if (ch != ' ') { /* most often a space */
            if ((unsigned char)(ch - '0') < 10 || ch == '-') return 0;
            if (ch == '\'') {
                /* "Barack Obama's": a possessive that ends the run, in no
                 * list (possessive_ends), whose letters read_run looks up */
                if (!possessive_ends(c, e)) return 0;
                all[n++] = (mword){.s = j, .e = e + 2};
                break;
            }
            /* a dot the word may keep (lone_run) */
            if (ch == '.' && (e - j == 1 || e - j >= WL_MAX_WORD ||
                              xc_lex_filter_has(c->lf + WL_FILTER_BYTES, t->bit)))
                return 0;
        }
        uint32_t m = plain_mask(c, t, j, e);
        /* a stopword or a speech verb after the first word ends the run
         * before it (read_run) */
        if (m & (BIT(XC_WL_STOPWORDS) | BIT(XC_WL_SPEECH_VERBS))) break;
        all[n] = (mword){.s = j, .e = e, .mask = m, .gmask = m, .plain = true};
        lists |= m;
        n++;
        if (e + 1 >= len || ch != ' ') break;
        unsigned char b = (unsigned char)f[e + 1];
        if ((unsigned char)(b - 'A') < 26) {
            if (n == RUN_WORDS + 4) break;
            j = e + 1;
            k++;
            continue;
        }
        if (b >= 0x80) return 0;
        if (particle_start((char)b) && particle_at(f, len, e + 1)) return 0;
        break;
    }
    r->tk = *wk;
    *wk = k;
    *any = lists;
    return n;
}

/* ---------------------------------------------------------- clustering */

/* The role a stored run tells of its person, into *rs..*re (equal when
 * none): the one role_after reads after the name (see cues.role_at), else
 * the one before the name or in it. */
static void sr_role(const ctx *c, const srun *r, size_t *rs, size_t *re)
{
    if (r->role_at && role_after(c, r->role_at, rs, re)) return;
    *rs = r->role_s;
    *re = r->role_e;
}

typedef struct {
    wspan first, last; /* name words in fold (of the longest form) */
    size_t nw;
    bool asian;
    signed char gender; /* the first a mention tells (doc->person_gender), or 0 */
    size_t last_pos;    /* fold position of the latest mention */
    int age;
    size_t role_s, role_e, nat_s, nat_e;
    /* distinct forms (fold ranges) in the order they were met: a list
     * through the document's form pool (nforms 0: none yet) */
    int form_first, form_last;
    size_t nforms;
    int canon; /* the form that names the person (a pool index) */
    size_t first_s, first_e;
    size_t first_mention; /* index in doc->mentions of the first (when nforms) */
    uint32_t last_hash;   /* word_hash of last (a run's lh) */
    size_t mentions;
} bperson;

/* The forms of every person of a document in one array: no allocation per
 * person. */
typedef struct {
    wspan w;
    size_t mention; /* index in doc->mentions of a mention of this form */
    int next;       /* the person's next form, or -1 */
} fnode;
typedef struct {
    fnode *v;
    size_t n, cap;
    fnode *fixed; /* the storage it starts in, which is not its own */
} form_pool;

/* Room in *v (cap elements of elem bytes, n of them used) for one more:
 * twice as many, on the heap, when it is full. Storage that is not the
 * heap's own (`fixed`: a stack array, or a part of one shared allocation)
 * is copied, never reallocated. Returns -1 when out of memory (*v is then
 * unchanged). */
static int room(void **v, size_t *cap, size_t n, size_t elem, const void *fixed)
{
    if (n < *cap) return 0;
    if (*cap > SIZE_MAX / 2 / elem) return -1;
    size_t nc = *cap ? 2 * *cap : 16;
    void *p = *v == fixed ? malloc(nc * elem) : realloc(*v, nc * elem);
    if (!p) return -1;
    if (*v == fixed && n) memcpy(p, fixed, n * elem);
    *v = p;
    *cap = nc;
    return 0;
}

/* Appends form w, first written by mention `mention`, to p's list (the
 * pool has room for one form per run: see xc_extract_people). Returns -1
 * when it has none left. */
static int add_form(form_pool *fp, bperson *p, wspan w, size_t mention)
{
    if (fp->n >= INT_MAX || room((void **)&fp->v, &fp->cap, fp->n, sizeof *fp->v, fp->fixed))
        return -1;
    fp->v[fp->n++] = (fnode){w, mention, -1};
    int k = (int)fp->n - 1;
    if (p->nforms)
        fp->v[p->form_last].next = k;
    else
        p->form_first = k;
    p->form_last = k;
    p->nforms++;
    return 0;
}

__attribute__((always_inline)) static inline bool same_text(const ctx *c, wspan a, wspan b)
{
    size_t n = a.e - a.s;
    if (n != b.e - b.s) return false;
    if (n - 1 < 8 && (a.s > b.s ? a.s : b.s) + 8 <= c->len) {
        /* a word of up to eight bytes: one load each, its n bytes kept */
        uint64_t keep = low_bytes(n);
        return ((xc_load_le64(c->f + a.s) ^ xc_load_le64(c->f + b.s)) & keep) == 0;
    }
    return !memcmp(c->f + a.s, c->f + b.s, n);
}

/* wl_hash of a word of the text (case kept): a word of up to eight bytes
 * with eight readable is one masked load, the same chunk wl_hash builds
 * byte by byte, so a word hashes the same wherever it stands. */
static inline uint64_t word_hash(const ctx *c, wspan w)
{
    size_t n = w.e - w.s;
    if (n - 1 < 8 && w.s + 8 <= c->len) {
        uint64_t keep = low_bytes(n);
        uint64_t h = (xc_load_le64(c->f + w.s) & keep) * XC_LEX_HASH_MUL;
        return h ^ (h >> 32);
    }
    return wl_hash(c->f + w.s, n);
}

/* People by name word (a last name, or an East Asian family name written
 * first): a run is compared only with the people one of its words names,
 * so matching costs the same whatever the number of people. */
typedef struct {
    wspan key;
    int person, next;
} pnode;

typedef struct {
    int *heads; /* cap entries, -1 = empty */
    size_t cap;
    XC_VEC(pnode) nodes;
    pnode *fixed; /* the storage nodes start in, which is not their own */
} pindex;

/* Candidates looked at per run at most (the most recent first): a
 * document naming thousands of people with one surname stays linear. */
#define MAX_CANDIDATES 256

/* Adds key, whose word_hash is hash, for person (the index has room for two
 * keys per run: see xc_extract_people). Returns -1 when it has none left. */
static int pindex_add(pindex *x, wspan key, uint64_t hash, int person)
{
    if (x->nodes.n >= INT_MAX ||
        room((void **)&x->nodes.v, &x->nodes.cap, x->nodes.n, sizeof *x->nodes.v, x->fixed))
        return -1;
    size_t h = (size_t)hash & (x->cap - 1);
    x->nodes.v[x->nodes.n++] = (pnode){key, person, x->heads[h]};
    x->heads[h] = (int)x->nodes.n - 1;
    return 0;
}

/* The most recent person the run names, or -1. (Forms are recorded after
 * matching: here a person is known by its first and last name words.) */
__attribute__((always_inline)) static inline int match_person(const ctx *c, const pindex *x,
                                                              bperson *ps, const srun *r)
{
    /* most runs name no one: their word's list is empty */
    int k = x->heads[(size_t)r->lh & (x->cap - 1)];
    if (k < 0) return -1;
    int best = -1;
    wspan firstw = sr_first(r), lastw = sr_last(r);
    int seen = 0;
    for (; k >= 0 && seen < MAX_CANDIDATES; k = x->nodes.v[k].next) {
        const pnode *n = &x->nodes.v[k];
        if (!same_text(c, n->key, lastw)) continue;
        seen++;
        int i = n->person;
        bperson *p = &ps[i];
        /* the key is most often the person's last word itself (the same
         * span), which the run's last word has just matched: a run of one
         * word's first word is its last */
        bool last =
            (n->key.s == p->last.s && n->key.e == p->last.e) || same_text(c, lastw, p->last);
        bool ok = false;
        if (r->nw == 1) ok = last || (p->asian && same_text(c, firstw, p->first));
        if (!ok && r->nw >= 2 && last) ok = p->nw == 1 || same_text(c, firstw, p->first);
        if (ok && (best < 0 || p->last_pos > ps[best].last_pos)) best = i;
    }
    return best;
}

/* xc_doc_span of the fold range [fs, fe), without the call where the range
 * is below the document's plain limit (c->plain_lim), as most are: it is
 * then its own raw span. */
static inline xc_span fold_span(const ctx *c, size_t fs, size_t fe)
{
    size_t e = fe > fs ? fe : fs;
    if (fs < c->plain_lim && e <= c->plain_lim) return (xc_span){fs, e};
    return xc_doc_span(c->doc, fs, fe);
}

/* xc_doc_span_text of the fold range [fs, fe), without the call below the
 * plain limit (see fold_span): its span is the range and its text a copy of
 * the same bytes of the text, cut to the text as xc_doc_span_text cuts it. */
static inline char *fold_span_text(ctx *c, size_t fs, size_t fe, xc_span *span)
{
    xc_doc *doc = c->doc;
    size_t e = fe > fs ? fe : fs;
    if (fs < c->plain_lim && e <= c->plain_lim) {
        *span = (xc_span){fs, e};
        size_t te = e < doc->text_len ? e : doc->text_len, ts = fs < te ? fs : te, n = te - ts;
        /* into the block of the mentions' texts (see people_from_runs),
         * which has room for this one and sixteen bytes more: a name of up
         * to sixteen bytes is copied in one move of sixteen */
        char *p = c->tp;
        if (n <= 16 && ts + 16 <= doc->text_len)
            memcpy(p, doc->text + ts, 16);
        else
            memcpy(p, doc->text + ts, n);
        p[n] = '\0';
        c->tp = p + n + 1;
        return p;
    }
    return xc_doc_span_text(doc, fs, fe, span);
}

/* Appends the mention m of the fold range [s, e) to the document's: in the
 * room made for every mention of the runs (people_from_runs, step 3), so
 * without a test of it. */
static inline void put_mention(xc_doc *doc, xc_mention m, size_t s, size_t e)
{
    doc->mentions.v[doc->mentions.n++] = m;
    doc->mention_fold.v[doc->mention_fold.n++] = (xc_range){s, e};
}

static int add_mention(ctx *c, form_pool *fp, bperson *p, int idx, const srun *r)
{
    wspan whole = {r->ns, r->ne};
    int seen = -1; /* the form this mention writes again */
    for (int k = p->form_first; k >= 0 && seen < 0; k = fp->v[k].next)
        if (same_text(c, fp->v[k].w, whole)) seen = k;
    xc_doc *doc = c->doc;
    if (seen < 0) {
        if (add_form(fp, p, whole, doc->mentions.n)) return -1;
        wspan cur = fp->v[p->canon].w;
        if (r->nw > p->nw || (r->nw == p->nw && whole.e - whole.s > cur.e - cur.s)) {
            p->canon = p->form_last;
            p->nw = r->nw;
            p->first = sr_first(r);
            p->last = sr_last(r);
            p->last_hash = r->lh;
            p->asian = p->asian || r->asian;
        }
    }
    p->last_pos = r->ns;
    p->mentions++;
    if (r->age >= 0 && p->age < 0) p->age = r->age;
    if (p->role_e == p->role_s) sr_role(c, r, &p->role_s, &p->role_e);
    if (r->nat_e > r->nat_s && p->nat_e == p->nat_s) {
        p->nat_s = r->nat_s;
        p->nat_e = r->nat_e;
    }
    xc_mention m = {.person = idx};
    if (seen >= 0 && doc->fold == doc->text) {
        /* a fold that is the text: the same fold bytes are the same text,
         * which the form's first mention holds already (mention texts are
         * read, never written) */
        m.span = fold_span(c, r->ns, r->ne);
        m.text = doc->mentions.v[fp->v[seen].mention].text;
    } else {
        m.text = fold_span_text(c, r->ns, r->ne, &m.span);
    }
    if (!m.text) return -1;
    put_mention(doc, m, r->ns, r->ne);
    return 0;
}

/* Marks as cued every run of two or three words whose last word is also a
 * one-word run somewhere in the document. One hash table of the one-word
 * runs (run indices, -1 = empty) in tab, cap slots (a power of two, at
 * least twice the number of runs), which is left filled with -1: linear in
 * the number of runs, and no allocation of its own. */
static void surname_repeats(const ctx *c, srun *runs, size_t n, int *tab, size_t cap)
{
    /* no run to give a cue to, or none of the one-word runs that c->sur
     * does not rule out: not a lookup */
    if (!(c->sur[0] | c->sur[1] | c->sur[2] | c->sur[3])) return;
    bool singles = false;
    for (size_t k = 0; k < n; k++) {
        if (runs[k].nw != 1 || !(c->sur[SUR_WORD(runs[k].lh)] & SUR_BIT(runs[k].lh))) continue;
        wspan w = sr_first(&runs[k]); /* its last word too */
        size_t h = (size_t)runs[k].lh & (cap - 1);
        while (tab[h] >= 0 && !same_text(c, sr_first(&runs[tab[h]]), w)) h = (h + 1) & (cap - 1);
        tab[h] = (int)k;
        singles = true;
    }
    if (!singles) return;
    for (size_t k = 0; k < n; k++) {
        srun *r = &runs[k];
        if (r->cue || r->nw < 2 || r->nw > 3) continue;
        wspan w = sr_last(r);
        size_t h = (size_t)r->lh & (cap - 1);
        while (tab[h] >= 0) {
            if (same_text(c, sr_first(&runs[tab[h]]), w)) {
                r->cue = true;
                break;
            }
            h = (h + 1) & (cap - 1);
        }
    }
    memset(tab, 0xFF, cap * sizeof *tab); /* -1 */
}

/* The cues q of a run in its stored form sr (sr_store, store_one_word). */
static inline void sr_store_cues(srun *sr, const cues *q)
{
    sr->role_s = (uint32_t)q->role_s;
    sr->role_e = (uint32_t)q->role_e;
    sr->role_at = (uint32_t)q->role_at;
    sr->nat_s = (uint32_t)q->nat_s;
    sr->nat_e = (uint32_t)q->nat_e;
    sr->age = q->age;
    sr->cue = q->cue;
}

/* Stores the run r (nw at most RUN_WORDS, every offset within the text,
 * which is checked to fit 32 bits) in sr, field by field (no copy of a
 * whole srun), with the hash of its last word, which matching and
 * surname_repeats look up: computed once per run. */
static inline void sr_store(const ctx *c, srun *sr, const run *r)
{
    sr->ns = (uint32_t)r->ns;
    sr->ne = (uint32_t)r->ne;
    sr->first_e = (uint32_t)r->w[0].e;
    sr->last_s = (uint32_t)r->w[r->nw - 1].s;
    sr_store_cues(sr, &r->q);
    sr->person = -1;
    sr->lh = (uint32_t)word_hash(c, (wspan){r->w[r->nw - 1].s, r->ne});
    sr->nw = (uint8_t)r->nw;
    sr->asian = r->asian;
    sr->gender = r->gender;
}

/* A run of one word, s[i..e), with the cues q read around it and no title,
 * nationality or honorific in it, stored in *sr as sr_store would store it
 * (lone_person, possessive_run). */
static inline void store_one_word(const ctx *c, srun *sr, size_t i, size_t e, const cues *q,
                                  uint8_t gender)
{
    sr->ns = sr->last_s = (uint32_t)i;
    sr->ne = sr->first_e = (uint32_t)e;
    sr_store_cues(sr, q);
    sr->person = -1;
    sr->lh = (uint32_t)word_hash(c, (wspan){i, e});
    sr->nw = 1;
    sr->asian = false;
    sr->gender = gender;
}

/* The run of the word of the index v[tk], s[i..e) of lists m, that lone_run
 * read alone (LONE_READ), stored in *sr as run_blocked, run_cues and
 * sr_store would store it, straight from those few facts (a run of one
 * word, its name, with no title, nationality or honorific in it). Returns
 * false when it is blocked (nothing stored). *wk is the cursor into the
 * index (see plain_word). */
__attribute__((always_inline)) static inline bool
lone_person(const ctx *c, size_t tk, size_t i, size_t e, uint32_t m, size_t *wk, srun *sr)
{
    /* the byte after a lone word is ASCII and no letter, digit or hyphen
     * (lone_run): unless it is a space, no word follows (run_blocked) */
    uint32_t next = 0;
    if (e < c->len && c->f[e] == ' ') {
        /* most often the word of the index after v[tk], right after the one
         * space: read as word_after would read it, without its walk */
        const xc_token *t = tk + 1 < c->tn ? &c->tv[tk + 1] : NULL;
        size_t ne;
        if (t && t->start == e + 1 && plain_token(c, t, &ne))
            next = plain_cue_mask(c, t, e + 1, ne);
        else
            next = word_after(c, e, wk);
        if (next & BIT(XC_WL_BLOCKERS)) return false;
    }
    cues q = {.age = -1};
    context_cues(c, i, e, true, tk, next, &q);
    store_one_word(c, sr, i, e, &q, m & BIT(XC_WL_FEMALE) ? 2 : m & BIT(XC_WL_MALE) ? 1 : 0);
    return true;
}

/* The run of the word of the index v[tk], a capital at i whose letters end
 * at e before an apostrophe, when it is that word alone with "'s" after it
 * ("Obama's", "said Reid's lawyer"), most of the runs lone_run leaves to
 * read_run: its name is the letters (possessive_len), found and stored in
 * *sr as read_run, run_blocked, run_cues and sr_store would, from those
 * few facts. Returns the run's end (*stored tells whether it was stored,
 * or blocked), or 0 for any other run, which read_run reads: a word that
 * goes on past the "s", keeps a dot or is followed by a capitalized word
 * or a particle, or an apostrophe that some entry of the lists holds (the
 * word "Obama's" is then looked up). Kept out of line: one capital in
 * twenty starts one. */
__attribute__((noinline)) static size_t possessive_run(const ctx *c, size_t tk, size_t i, size_t e,
                                                       srun *sr, bool *stored)
{
    const char *f = c->f;
    size_t len = c->len;
    /* the word with its "'s" is in no list (possessive_ends): nothing is
     * stripped before the name, and the run tells no gender */
    if (!possessive_ends(c, e)) return 0;
    size_t end = e + 2, n = e - i;
    *stored = false;
    /* words_blocked of the letters: a lone initial, a word in capitals, a
     * blocker or a word that is no person's */
    if (n == 1) return end;
    if (letters_in_caps(f, len, i, n)) return end;
    if (plain_mask(c, &c->tv[tk], i, e) & (BIT(XC_WL_BLOCKERS) | BIT(XC_WL_NONPERSON))) return end;
    /* the name does not end the run (the possessive follows): no word after
     * it is read (run_blocked, context_cues) */
    cues q = {.age = -1};
    context_cues(c, i, end, false, tk, 0, &q);
    store_one_word(c, sr, i, e, &q, 0);
    *stored = true;
    return end;
}

/* Runs a document keeps on the stack before it needs the heap: more than a
 * news article has (a few dozen). */
#define LOCAL_RUNS 64

/* Entries of each part of the people extractor's working memory made at
 * once (see xc_extract_people): a news article needs far fewer. */
#define WORK_ROOM 1024

/* People a document may make (runs with a cue, or of two or three words)
 * for its working memory to be on the stack, when its runs are at most
 * LOCAL_RUNS: a news article makes a few. */
#define LOCAL_PEOPLE 32

/* Step 2 of xc_extract_people for the run r: the person it names (the most
 * recent of the people *ps, *np of them in *cap, that it matches), or for
 * a run with a cue that names none, a new one. The run becomes a mention
 * (*nm counts them) when it names one; its person's name and keys are kept
 * up to date. Returns -1 when out of memory. */
__attribute__((always_inline)) static inline int claim_run(const ctx *c, pindex *px, bperson **ps,
                                                           size_t *cap, size_t *np, bperson *fixed,
                                                           srun *r, size_t *nm, size_t *nbytes)
{
    int idx = match_person(c, px, *ps, r);
    if (idx < 0 && !r->cue) return 0;
    ++*nm; /* the run becomes a mention */
    *nbytes += r->ne - r->ns + 1;
    if (idx < 0) {
        if (room((void **)ps, cap, *np, sizeof **ps, fixed)) return -1;
        /* a new person, written where it stays */
        bperson *p = &(*ps)[(*np)++];
        memset(p, 0, sizeof *p);
        p->age = -1;
        p->first = sr_first(r);
        p->last = sr_last(r);
        p->last_hash = r->lh;
        p->asian = r->asian;
        p->first_s = r->ns;
        p->first_e = r->ne;
        idx = (int)*np - 1;
    }
    r->person = idx;
    bperson *p = &(*ps)[idx];
    p->last_pos = r->ns;
    bool renamed = p->nw == 0; /* a new person */
    if (r->nw > p->nw) {
        renamed =
            renamed || !same_text(c, p->last, sr_last(r)) || !same_text(c, p->first, sr_first(r));
        p->nw = r->nw;
        p->first = sr_first(r);
        p->last = sr_last(r);
        p->last_hash = r->lh;
    }
    if (r->asian && !p->asian) renamed = true;
    p->asian = p->asian || r->asian;
    if (renamed && (pindex_add(px, p->last, p->last_hash, idx) ||
                    (p->asian && pindex_add(px, p->first, word_hash(c, p->first), idx))))
        return -1;
    if (r->ns < p->first_s) {
        p->first_s = r->ns;
        p->first_e = r->ne;
    }
    /* the form and attributes are recorded below, in order */
    return 0;
}

/* Steps 2 to 4 of xc_extract_people: the people and mentions of the runs
 * (nruns of them, maybe_people of which can make a person). Kept out of
 * line: the loop over the text's capitals is compiled on its own. */
__attribute__((noinline)) static xc_status people_from_runs(ctx *c, srun *runs, size_t nruns,
                                                            size_t maybe_people)
{
    xc_doc *doc = c->doc;
    XC_VEC(bperson) ps = {0};
    form_pool forms = {0};
    pindex px = {0};
    char *block = NULL;       /* the storage of ps, forms and px (see below) */
    bperson *ps_fixed = NULL; /* the storage ps starts in */
    /* a news article's: see LOCAL_PEOPLE */
    bperson local_ps[LOCAL_PEOPLE];
    fnode local_forms[LOCAL_RUNS];
    pnode local_nodes[2 * LOCAL_RUNS];
    int local_heads[2 * LOCAL_RUNS];
    xc_status st = XC_OK;

    if (nruns > INT_MAX) goto oom; /* run indices are int */
    c->plain_lim = xc_doc_plain_limit(doc);
    for (px.cap = 16; px.cap < 2 * nruns; px.cap *= 2)
        ;
    /* The working memory of the steps below, in one allocation sized from
     * the runs: a person is made by a run with a cue (surname_repeats cues
     * only runs of two or three words), at most one each; each run records
     * at most one form (as a mention) and adds at most two keys to the
     * people index (a last name, and an East Asian family name). Those are
     * bounds, far above what a long text needs (a 20 MB one has 217,000
     * runs, 77,000 of which might make a person, and names 425 people with
     * 689 forms): each part holds at most WORK_ROOM entries, and the rare
     * document that needs more moves that part to the heap (see room).
     * Every part is a multiple of eight bytes but the heads, which come
     * last. A news article's runs, and the people they can make, fit in
     * the arrays on the stack, which are used instead (no allocation). */
    if (nruns <= LOCAL_RUNS && maybe_people <= LOCAL_PEOPLE) {
        /* px.cap is at most 2 * LOCAL_RUNS, a power of two */
        ps.v = ps_fixed = local_ps;
        ps.cap = LOCAL_PEOPLE;
        forms.v = forms.fixed = local_forms;
        forms.cap = LOCAL_RUNS;
        px.nodes.v = px.fixed = local_nodes;
        px.nodes.cap = 2 * LOCAL_RUNS;
        px.heads = local_heads;
        goto ready;
    }
    size_t ps_cap = maybe_people < WORK_ROOM ? maybe_people : WORK_ROOM,
           forms_cap = nruns < WORK_ROOM ? nruns : WORK_ROOM,
           nodes_cap = 2 * nruns < WORK_ROOM ? 2 * nruns : WORK_ROOM;
    if (px.cap > SIZE_MAX / 4 / sizeof *px.heads) goto oom;
    size_t ps_bytes = ps_cap * sizeof(bperson), forms_bytes = forms_cap * sizeof(fnode),
           nodes_bytes = nodes_cap * sizeof(pnode);
    block = malloc(ps_bytes + forms_bytes + nodes_bytes + px.cap * sizeof *px.heads);
    if (!block) goto oom;
    ps.v = ps_fixed = (bperson *)block;
    ps.cap = ps_cap;
    forms.v = forms.fixed = (fnode *)(block + ps_bytes);
    forms.cap = forms_cap;
    px.nodes.v = px.fixed = (pnode *)(block + ps_bytes + forms_bytes);
    px.nodes.cap = nodes_cap;
    px.heads = (int *)(block + ps_bytes + forms_bytes + nodes_bytes);
ready:
    memset(px.heads, 0xFF, px.cap * sizeof *px.heads); /* -1 */

    /* A two- or three-word name whose last word also stands alone elsewhere
     * ("Glenn Beck ... Beck said") is a person's name. (The people index's
     * heads serve as its table first: it leaves them empty.) */
    surname_repeats(c, runs, nruns, px.heads, px.cap);

    /* 2. people from the runs with a cue; every run that names one of them
     *    becomes a mention, in document order (nm of them). The runs with a
     *    cue first (pass 0), then the others (pass 1), each loop testing only
     *    what tells its runs. */
    size_t nm = 0, nbytes = 0; /* and the bytes of their names, with a NUL each */
    for (size_t k = 0; k < nruns; k++)
        if (runs[k].cue &&
            claim_run(c, &px, &ps.v, &ps.cap, &ps.n, ps_fixed, &runs[k], &nm, &nbytes))
            goto oom;
    for (size_t k = 0; k < nruns; k++)
        if (runs[k].person < 0 &&
            claim_run(c, &px, &ps.v, &ps.cap, &ps.n, ps_fixed, &runs[k], &nm, &nbytes))
            goto oom;

    /* 3. mentions in document order (room for all of them made once), and
     * the gender of each person: the first a mention of it tells */
    if (xc_vec_reserve(&doc->mentions, doc->mentions.n + nm) ||
        xc_vec_reserve(&doc->mention_fold, doc->mention_fold.n + nm))
        goto oom;
    /* below the plain limit, the mentions' texts are copied into one block
     * of the arena (fold_span_text), not one piece each: room for every
     * mention's (those that write a form seen before in a fold that is the
     * text take none) and sixteen bytes to spare */
    if (c->plain_lim && nm && !(c->tp = xc_arena_take(&doc->arena, nbytes + 16))) goto oom;
    for (size_t k = 0; k < nruns; k++) {
        srun *r = &runs[k];
        if (r->person < 0) continue;
        bperson *p = &ps.v[r->person];
        if (!p->gender) p->gender = (signed char)r->gender;
        if (!p->nforms) {
            wspan whole = {r->ns, r->ne};
            p->first_mention = doc->mentions.n;
            if (add_form(&forms, p, whole, doc->mentions.n)) goto oom;
            p->canon = p->form_first;
            p->nw = r->nw;
            p->first = sr_first(r);
            p->last = sr_last(r);
            p->last_hash = r->lh;
            p->mentions = 0;
            if (r->age >= 0) p->age = r->age;
            sr_role(c, r, &p->role_s, &p->role_e);
            p->nat_s = r->nat_s;
            p->nat_e = r->nat_e;
            p->last_pos = r->ns;
            xc_mention m = {.person = r->person};
            m.text = fold_span_text(c, r->ns, r->ne, &m.span);
            if (!m.text) goto oom;
            put_mention(doc, m, r->ns, r->ne);
            p->mentions = 1;
            continue;
        }
        if (add_mention(c, &forms, p, r->person, r)) goto oom;
    }

    /* 4. the people, in order of first mention (the order they were made).
     * Their lists of aliases (a person's forms, or its one name) and
     * doc->person_gender share one block of the arena: every byte of it is
     * written below. */
    if (xc_vec_reserve(&doc->people, doc->people.n + ps.n)) goto oom;
    const char **aliases = NULL;
    if (ps.n) {
        size_t nal = 0;
        for (size_t i = 0; i < ps.n; i++) nal += ps.v[i].nforms ? ps.v[i].nforms : 1;
        if (nal > (SIZE_MAX - ps.n) / sizeof *aliases) goto oom;
        aliases = xc_arena_take(&doc->arena, nal * sizeof *aliases + ps.n);
        if (!aliases) goto oom;
        doc->person_gender = (signed char *)(aliases + nal);
    }
    for (size_t i = 0; i < ps.n; i++) {
        bperson *p = &ps.v[i];
        doc->person_gender[i] = p->gender;
        /* written where it stays (room for all of them was made above),
         * counted once complete */
        xc_person *out = &doc->people.v[doc->people.n];
        memset(out, 0, sizeof *out);
        out->age = p->age;
        out->mentions = p->mentions;
        /* the first mention's span and each form's text, as its first
         * mention has them (the same fold ranges) */
        out->first = p->nforms ? doc->mentions.v[p->first_mention].span
                               : fold_span(c, p->first_s, p->first_e);
        size_t na = p->nforms ? p->nforms : 1;
        const char **al = aliases;
        aliases += na;
        if (p->nforms) {
            al[0] = doc->mentions.v[forms.v[p->canon].mention].text;
            size_t n = 1;
            for (int k = p->form_first; k >= 0; k = forms.v[k].next)
                if (k != p->canon) al[n++] = doc->mentions.v[forms.v[k].mention].text;
        } else {
            al[0] = xc_doc_copy_text(doc, p->first_s, p->first_e);
        }
        out->name = al[0];
        out->aliases = al;
        out->n_aliases = na;
        if (p->role_e > p->role_s) out->role = xc_doc_copy_text(doc, p->role_s, p->role_e);
        if (p->nat_e > p->nat_s) out->nationality = xc_doc_copy_text(doc, p->nat_s, p->nat_e);
        doc->people.n++;
    }
    goto done;
oom:
    st = XC_ERR_NOMEM;
done:
    if (ps.v != ps_fixed) free(ps.v);
    if (forms.v != forms.fixed) free(forms.v);
    if (px.nodes.v != px.fixed) free(px.nodes.v);
    free(block); /* ps, forms and px, as they started */
    return st;
}

xc_status xc_extract_people(xc_doc *doc, const xc_rules *rules, xc_worker *w)
{
    XC_UNUSED(w);
    if (!doc->fold) return XC_OK;
    ctx c = {.doc = doc, .rs = rules, .f = doc->fold, .len = doc->fold_len};
    c.wl = xc_doc_wordlists(doc, rules);
    if (!c.wl) return XC_ERR_NOMEM;
    c.lf = c.wl->letter_filter;
    c.slots = c.wl->slots;
    c.last_slot = c.wl->nslots - 1;
    if (c.len > UINT32_MAX) return XC_ERR_LIMIT; /* srun's offsets */
    srun local_runs[LOCAL_RUNS];
    XC_VEC(srun) runs = {.v = local_runs, .cap = LOCAL_RUNS}; /* see room */
    size_t maybe_people = 0;                                  /* runs that can make a person */
    xc_word_window ww = {0};                                  /* see 1. */
    xc_status st = XC_OK;

    /* 1. every run of capitalized words. A run starts at a word of the
     * index that starts with an ASCII capital (every ASCII capital that
     * starts a word, as word_start_at says, starts one: the index lists a
     * letter after any byte other than an ASCII letter or digit, and after
     * a code point past ASCII that is no letter or digit) or at a capital
     * past ASCII (at a lead byte). ck and lead are the next of each at or
     * after i; wk is the cursor the runs read words with. */
    /* The word index a window at a time (a long text's is never whole):
     * the runs that start in each window's core, read with its index. */
    bool more;
    /* a fold that is the text, all ASCII (xc_doc.text_ascii), has no lead
     * byte: it is not scanned for one */
    bool ascii = doc->text_ascii && doc->fold == doc->text;
    for (size_t i = 0, lead = ascii ? c.len : next_lead(c.f, c.len, 0);
         (st = xc_word_window_next(doc, &ww, &more)) == XC_OK && more;) {
        c.tw = ww.words;
        c.tv = c.tw->v;
        c.tn = c.tw->n;
        size_t to = ww.to < c.len ? ww.to : c.len;
        /* ck starts at or after i at the top of the loop: each way round
         * moves it on where it may have fallen behind i */
        size_t ck = next_capital(&c, 0, i), wk = 0;
        while (i < to) {
            if (lead < i) lead = next_lead(c.f, c.len, i);
            size_t cap = ck < c.tn ? c.tv[ck].start : c.len;
            run r;
            int lone = LONE_NO;
            /* past the core, the next window goes on from its start (this
             * one's index may not list the capitals there) */
            if (cap <= lead) {
                if (cap >= to) {
                    i = to;
                    break;
                }
                i = cap;
                if (!index_word_start(&c, i)) {
                    /* the words after ck's start past it */
                    i++;
                    ck = capital_from(&c, ck + 1);
                    continue;
                }
                wk = ck;
                size_t e;
                uint32_t m;
                lone = lone_run(&c, &c.tv[ck], i, &e, &m);
                if (lone == LONE_READ) {
                    if (room((void **)&runs.v, &runs.cap, runs.n, sizeof *runs.v, local_runs))
                        goto oom;
                    if (lone_person(&c, ck, i, e, m, &wk, &runs.v[runs.n]))
                        maybe_people += runs.v[runs.n++].cue; /* a run of one word */
                }
                if (lone == LONE_APOSTROPHE) {
                    if (room((void **)&runs.v, &runs.cap, runs.n, sizeof *runs.v, local_runs))
                        goto oom;
                    bool stored;
                    size_t pe = possessive_run(&c, ck, i, e, &runs.v[runs.n], &stored);
                    if (pe) {
                        if (stored) maybe_people += runs.v[runs.n++].cue; /* one word */
                        i = pe; /* the words of the index after "s" start past it */
                        ck = capital_from(&c, ck + 1);
                        continue;
                    }
                    lone = LONE_NO;
                }
                if (lone == LONE_DROPPED || lone == LONE_READ) {
                    /* a lone word is its word of the index alone: the next
                     * capital is among the words after it, which start
                     * past its end (after a byte that is no ASCII letter or
                     * digit) */
                    i = e;
                    ck = capital_from(&c, ck + 1);
                    continue;
                }
            } else {
                if (lead >= to) {
                    i = to;
                    break;
                }
                i = lead;
                /* (ck starts past lead) */
                if (!word_is_upper(c.f, c.len, i) || !word_start_at(c.f, c.len, i)) {
                    i++;
                    continue;
                }
                xc_tokens_from(c.tw, &wk, i);
            }
            uint32_t any = 0;
            size_t n = lone == LONE_MULTI ? plain_words(&c, ck, i, &r, &any, &wk) : 0;
            /* when plain_words read the run's words: the first word of the
             * index past them (wk is on the last one, or on the word after
             * it that ended the run: a stopword or a speech verb) */
            size_t kl = !n ? SIZE_MAX : wk + (c.tv[wk].start == r.all[n - 1].s);
            size_t end = read_run(&c, i, &r, &wk, n, any);
            if (end <= i) {
                i++;
                if (ck < c.tn && c.tv[ck].start < i) ck = next_capital(&c, ck, i);
                continue;
            }
            uint32_t next = 0;
            if (r.nw && !run_blocked(&c, &r, &next, &wk)) {
                run_cues(&c, &r, next);
                /* stored in place (no copy of the stored form) */
                if (room((void **)&runs.v, &runs.cap, runs.n, sizeof *runs.v, local_runs)) goto oom;
                srun *sr = &runs.v[runs.n++];
                sr_store(&c, sr, &r);
                /* a run with a cue, or one surname_repeats may give one */
                maybe_people += sr->cue || (sr->nw >= 2 && sr->nw <= 3);
                if (!sr->cue && sr->nw >= 2 && sr->nw <= 3)
                    c.sur[SUR_WORD(sr->lh)] |= SUR_BIT(sr->lh);
            }
            i = end;
            if (kl != SIZE_MAX)
                ck = capital_from(&c, kl);
            else if (ck < c.tn && c.tv[ck].start < i)
                ck = next_capital(&c, ck, i);
        }
    }
    xc_word_window_free(&ww);
    c.tw = NULL; /* the steps below read no index */
    c.tv = NULL;
    c.tn = 0;
    if (st == XC_OK) st = people_from_runs(&c, runs.v, runs.n, maybe_people);
    goto done;
oom:
    st = XC_ERR_NOMEM;
done:
    xc_word_window_free(&ww);
    if (runs.v != local_runs) free(runs.v);
    return st;
}

int xc_person_at(const xc_doc *doc, size_t fs, size_t fe)
{
    /* mentions are sorted by start and do not overlap */
    size_t lo = 0, hi = doc->mention_fold.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->mention_fold.v[mid].end <= fs)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < doc->mention_fold.n && doc->mention_fold.v[lo].start < fe)
        return doc->mentions.v[lo].person;
    return -1;
}
void xc_person_write(xc_jw *w, const xc_doc *doc, size_t i)
{
    const xc_person *p = &doc->people.v[i];
    xc_jw_str_member(w, "name", p->name);
    xc_jw_key(w, "aliases");
    xc_jw_array(w);
    for (size_t k = 0; k < p->n_aliases; k++) xc_jw_str(w, p->aliases[k]);
    xc_jw_array_end(w);
    xc_jw_key(w, "age");
    if (p->age >= 0)
        xc_jw_int(w, p->age);
    else
        xc_jw_null(w);
    xc_jw_str_member(w, "role", p->role);
    xc_jw_str_member(w, "nationality", p->nationality);
    xc_jw_span(w, doc, p->first);
    /* the count: every mention's position is in doc->mentions, and
     * the JSON stays small on documents with thousands of mentions */
    xc_jw_int_member(w, "mentions", (json_int_t)p->mentions);
}
