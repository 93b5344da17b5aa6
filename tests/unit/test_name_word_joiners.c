/* Where a name word ends around an apostrophe or a hyphen: a joiner
 * continues the word only between two word characters (ASCII ones are read
 * without decoding, others decoded), never at the word's start or at the
 * end of the text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

static void test_joiners(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t start, end;
    } cases[] = {
        {"O'Brien said", 0, 7},
        {"Obama's plan", 0, 7},
        {"Trump-style rally", 0, 11},
        {"Jean-Pierre Dupont", 0, 11},
        {"Smith-Jones-Lee, 40", 0, 15}, /* two joiners */
        {"ab-1 cd", 0, 4},              /* a digit after the joiner */
        {"ab-- cd", 0, 2},              /* two joiners in a row */
        {"ab'-cd", 0, 2},
        {"ab- cd", 0, 2},   /* a space after the joiner */
        {"ab',", 0, 2},     /* punctuation after it */
        {"ab-", 0, 2},      /* the text ends after it */
        {"'n' roll", 0, 0}, /* a joiner starts no word */
        {"-ab", 0, 0},
        {"ab-\xC3\xA9t\xC3\xA9 x", 0, 8}, /* a letter past ASCII after it */
        {"ab-\xE2\x80\x94x", 0, 2},       /* a dash past ASCII after it */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *t = cases[i].text;
        size_t got = xc_name_word_end(t, strlen(t), cases[i].start);
        if (got != cases[i].end) fail_msg("\"%s\": %zu, expected %zu", t, got, cases[i].end);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_joiners),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
