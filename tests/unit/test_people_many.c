/* A document naming more people than the people extractor's working memory
 * holds at first (people, their forms and the people index each start with
 * room for 1,024 entries and move to the heap past it): every person is
 * still found, with every form and mention, in order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "internal.h"

#include "extract_fixture.h"

#define PEOPLE 1300

static const char *const syllables[] = {"bal", "ker", "mor", "ten", "vos", "dar",
                                        "lin", "gus", "tro", "pen", "wil", "sto"};

/* The surname of person i: three syllables, a capital first ("Balkermor"). */
static void surname(size_t i, char *out)
{
    snprintf(out, 16, "%s%s%s", syllables[i / 144 % 12], syllables[i / 12 % 12], syllables[i % 12]);
    out[0] = (char)(out[0] - 'a' + 'A');
}

static void test_more_people_than_first_room(void **state)
{
    (void)state;
    xc_buf text = {0};
    char s[16];
    for (size_t i = 0; i < PEOPLE; i++) {
        surname(i, s);
        const char *first = i % 2 ? "Mary" : "John";
        assert_int_equal(xc_buf_printf(&text,
                                       "Senator %s %s said on Monday that the plan would work. "
                                       "%s added that it was done.\n\n",
                                       first, s, s),
                         0);
    }
    xc_doc *doc = load_ok("many.txt", text.s, text.len);
    assert_int_equal(xc_extract(doc, rules, worker), XC_OK);
    assert_int_equal(doc->people.n, PEOPLE);
    assert_int_equal(doc->mentions.n, 2 * PEOPLE);
    char name[32];
    for (size_t i = 0; i < PEOPLE; i++) {
        const xc_person *p = &doc->people.v[i];
        surname(i, s);
        snprintf(name, sizeof name, "%s %s", i % 2 ? "Mary" : "John", s);
        if (strcmp(p->name, name))
            fail_msg("person %zu: \"%s\", expected \"%s\"", i, p->name, name);
        assert_int_equal(p->n_aliases, 2);
        assert_string_equal(p->aliases[1], s);
        assert_int_equal(p->mentions, 2);
        assert_string_equal(p->role, "Senator");
        /* the mentions are in document order: this person's are 2i and 2i + 1 */
        assert_int_equal(doc->mentions.v[2 * i].person, (int)i);
        assert_int_equal(doc->mentions.v[2 * i + 1].person, (int)i);
        assert_string_equal(doc->mentions.v[2 * i + 1].text, s);
    }
    xc_doc_free(doc);
    xc_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_more_people_than_first_room),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
