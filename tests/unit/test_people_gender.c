/* The gender the people extractor records for a person (0 unknown, 1 male,
 * 2 female): told by a word of a mention from the start of its run up to
 * the first word of the name (an honorific, a title, a given name), each
 * read without a dot it keeps; the first mention that tells one wins. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

/* text names exactly one person, `name`, with `mentions` mentions and
 * gender `gender`. */
static void check(const char *text, const char *name, size_t mentions, int gender)
{
    xc_doc *doc = extract_dated(rules, text, NULL);
    if (doc->people.n != 1) fail_msg("\"%s\": %zu people", text, doc->people.n);
    const xc_person *p = &doc->people.v[0];
    if (strcmp(p->name, name)) fail_msg("\"%s\": \"%s\", expected \"%s\"", text, p->name, name);
    if (p->mentions != mentions)
        fail_msg("\"%s\": %zu mentions, expected %zu", text, p->mentions, mentions);
    assert_non_null(doc->person_gender);
    if (doc->person_gender[0] != gender)
        fail_msg("\"%s\": gender %d, expected %d", text, doc->person_gender[0], gender);
    xc_doc_free(doc);
}

/* A word before the name (an honorific with its dot, after a stopword) or
 * the name's first word tells the gender. */
static void test_words_up_to_the_name(void **state)
{
    (void)state;
    check("Ms. Quill said no.\n", "Quill", 1, 2);
    check("But Mrs. Quill said no.\n", "Quill", 1, 2);
    check("Mr Quill said no.\n", "Quill", 1, 1);
    /* a title tells none; the given name after it does */
    check("President Hillary Okafor said no.\n", "Hillary Okafor", 1, 2);
    /* the first word that tells one wins */
    check("Mr. Hillary Okafor said no.\n", "Hillary Okafor", 1, 1);
}

/* Words after the name's first word tell nothing; an honorific without
 * a gender and an unknown given name neither. */
static void test_words_that_tell_none(void **state)
{
    (void)state;
    check("Dr. Okafor Mary said no.\n", "Okafor Mary", 1, 0);
    check("Dr. Pat Okafor said no.\n", "Pat Okafor", 1, 0);
}

/* A mention that tells none leaves the gender to a later one. */
static void test_later_mention(void **state)
{
    (void)state;
    check("Okafor said no. Then Mrs. Okafor left.\n", "Okafor", 2, 2);
    check("Okafor said no. Mr. Okafor left. Mrs. Okafor stayed.\n", "Okafor", 3, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words_up_to_the_name),
        cmocka_unit_test(test_words_that_tell_none),
        cmocka_unit_test(test_later_mention),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
