/* Keys of names are their lower case, whatever their length: the bytes of
 * a key are lower-cased eight at a time, then the last eight (or four, of a
 * shorter key) in one step that may overlap the ones before. A variant of
 * one word written in capitals is found beside the same words in lower
 * case. Seen through the name-variant findings of two-document stories
 * whose mentions are pushed as the people extractor would; expectations are
 * written by hand. (Keys under seven bytes decide no finding: a name that
 * short is too short to tell a variant, so they are not seen here.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* A variant of the last word, beside the same first words written in
 * capitals in one document and in lower case in the other: keys of 7 to 19
 * bytes (shorter words are too short to tell a variant). The two spellings
 * are listed in the order of the differing word. */
static void test_variant_beside_capitals(void **state)
{
    (void)state;
    static const struct {
        const char *a, *b, *msg;
    } cases[] = {
        {"JO LONG", "jo lonk", "\"JO LONG\" (a.txt) and \"jo lonk\" (b.txt)"},
        {"AL BOBO", "al bobe", "\"al bobe\" (b.txt) and \"AL BOBO\" (a.txt)"},
        {"JO LOONG", "jo loonk", "\"JO LOONG\" (a.txt) and \"jo loonk\" (b.txt)"},
        {"JOE LOONG", "joe loonk", "\"JOE LOONG\" (a.txt) and \"joe loonk\" (b.txt)"},
        {"JOE WOODWARD", "joe woodard", "\"joe woodard\" (b.txt) and \"JOE WOODWARD\" (a.txt)"},
        {"JOE MANGYONGDAE", "joe mangyondgae",
         "\"joe mangyondgae\" (b.txt) and \"JOE MANGYONGDAE\" (a.txt)"},
        {"JOE KIM MANGYONGDAE", "joe kim mangyondgae",
         "\"joe kim mangyondgae\" (b.txt) and \"JOE KIM MANGYONGDAE\" (a.txt)"},
    };
    char msg[256], want[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        assert_int_equal(story_mentions(cases[i].a, cases[i].b, msg, sizeof msg), 1);
        snprintf(want, sizeof want, "name spelled two ways: %s", cases[i].msg);
        assert_string_equal(msg, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variant_beside_capitals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
