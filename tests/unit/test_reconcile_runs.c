/* Keys of capitalized runs of words: a run of plain ASCII words ("Mangyongdae
 * Prize's") and a run with a word past ASCII or two joiners in a row are read
 * the same way (case folded, a possessive "'s" dropped, a hyphen or
 * apostrophe between two letters kept inside the word), seen through the
 * name-variant findings of hand-made stories: two spellings are compared
 * only when the word beside them is the same word. Expectations are written
 * by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "internal.h"

#include "story_fixture.h"

/* One story of two one-line documents: its number of findings, and the
 * message of the first one in msg (empty when there is none). */
static size_t variants(const char *a, const char *b, char *msg, size_t cap)
{
    xc_doc *d[2] = {mkdoc("a.txt", a), mkdoc("b.txt", b)};
    return name_variants(d, msg, cap);
}

/* "Prize's" is the word "prize": the two spellings beside it are compared. */
static void test_possessive_neighbour(void **state)
{
    char msg[256];
    assert_int_equal(variants("the Mangyongdae Prize's course was flat.\n",
                              "the Mangyondgae Prize race began.\n", msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"Mangyongdae Prize's\" (a.txt)");
}

/* Capitals fold: "PRIZE" is "prize". */
static void test_capitals_fold(void **state)
{
    char msg[256];
    assert_int_equal(variants("the MANGYONGDAE PRIZE began.\n", "the Mangyondgae Prize began.\n",
                              msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"MANGYONGDAE PRIZE\" (a.txt)");
}

/* A run with a word past ASCII ("Ürümqi") gives its other words the same
 * keys as a run of ASCII words: "prize" next to both spellings. */
static void test_run_past_ascii(void **state)
{
    char msg[256];
    assert_int_equal(variants("the Mangyongdae Prize's course was flat.\n",
                              "the Mangyondgae Prize \xc3\x9cr\xc3\xbcmqi began.\n", msg,
                              sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize \xc3\x9cr\xc3\xbcmqi\" "
                             "(b.txt) and \"Mangyongdae Prize's\" (a.txt)");
}

/* A hyphen or apostrophe between two letters stays in the word ("O'Brien",
 * "Jean-Luc"): "Jean-Luc O'Brien" and "Jean-Luc O'Brian" are one name spelled
 * two ways, beside the same word "jean-luc". */
static void test_joiners_inside(void **state)
{
    char msg[256];
    assert_int_equal(variants("then Jean-Luc O'Brien spoke.\n", "then Jean-Luc O'Brian spoke.\n",
                              msg, sizeof msg),
                     1);
    assert_string_equal(msg, "name spelled two ways: \"Jean-Luc O'Brian\" (b.txt) and "
                             "\"Jean-Luc O'Brien\" (a.txt)");
}

/* Two hyphens in a row are no joiner: "Jean--Luc" is the words "jean" and
 * "luc", so "Luc" stands beside "O'Brien" in both documents. */
static void test_double_hyphen(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("then Jean--Luc O'Brien spoke.\n", "then Luc O'Brian spoke.\n", msg, sizeof msg),
        1);
    assert_string_equal(msg, "name spelled two ways: \"Luc O'Brian\" (b.txt) and "
                             "\"Jean--Luc O'Brien\" (a.txt)");
    /* one hyphen keeps "jean-luc" one word, which is not "luc" */
    assert_int_equal(
        variants("then Jean-Luc O'Brien spoke.\n", "then Luc O'Brian spoke.\n", msg, sizeof msg),
        0);
}

/* More than 32 spellings beside one word ("Prize") are compared with their
 * neighbours in alphabetical order only: "Mangyondgae" and "Mangyongdae",
 * first and last in the documents but next to each other in that order,
 * are the one variant found among forty other words of the bucket (none
 * of which is a variant of another). */
static void test_large_bucket(void **state)
{
    static const char a[] = "then the Mangyongdae Prize began.\n"
                            "then the Meissifi Prize began.\n"
                            "then the Mnlinalt Prize began.\n"
                            "then the Moelzzvoef Prize began.\n"
                            "then the Mdkufrr Prize began.\n"
                            "then the Mtlifsidko Prize began.\n"
                            "then the Muzzatbaubu Prize began.\n"
                            "then the Mtnkfbfikz Prize began.\n"
                            "then the Mvseilln Prize began.\n"
                            "then the Mlzzdgtzvz Prize began.\n"
                            "then the Mirtribbu Prize began.\n"
                            "then the Mdfrfdzvnaa Prize began.\n"
                            "then the Mavniordvbs Prize began.\n"
                            "then the Mleoauo Prize began.\n"
                            "then the Mvbfbszrls Prize began.\n"
                            "then the Mlgvbza Prize began.\n"
                            "then the Movredidtb Prize began.\n"
                            "then the Mntzszu Prize began.\n"
                            "then the Mofvdldv Prize began.\n"
                            "then the Muaaozusdda Prize began.\n"
                            "then the Mvbgkau Prize began.\n";
    static const char b[] = "then the Moovtvvkiu Prize began.\n"
                            "then the Mltkiozsbl Prize began.\n"
                            "then the Msuokbodn Prize began.\n"
                            "then the Mseoferefeu Prize began.\n"
                            "then the Mureionez Prize began.\n"
                            "then the Mznuazki Prize began.\n"
                            "then the Mrfuibuff Prize began.\n"
                            "then the Mgeoztai Prize began.\n"
                            "then the Mibtrgusgs Prize began.\n"
                            "then the Mnugutfo Prize began.\n"
                            "then the Mvtiigviekt Prize began.\n"
                            "then the Mznbnfzlf Prize began.\n"
                            "then the Maidrugnn Prize began.\n"
                            "then the Mdkzflgsu Prize began.\n"
                            "then the Mutuvnu Prize began.\n"
                            "then the Mrnatnbov Prize began.\n"
                            "then the Miedvsl Prize began.\n"
                            "then the Mvgdntnni Prize began.\n"
                            "then the Mzgdtuso Prize began.\n"
                            "then the Mnluzetrrr Prize began.\n"
                            "then the Mangyondgae Prize began.\n";
    char msg[256];
    assert_int_equal(variants(a, b, msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"Mangyongdae Prize\" (a.txt)");
}

/* Runs next to a lone capitalized word: a word that no capital follows after
 * one space is a run of one word, never kept, and the run that comes after
 * it (after two spaces, a parenthesis, a line break) is found as it is; a
 * capital after one space still joins the run. */
static const char other[] = "then the Mangyondgae Prize began.\n";
static const char expected[] = "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                               "\"Mangyongdae Prize\" (a.txt)";

/* Two spaces end a run: "Smith" stays alone and the run is the two words
 * after it. */
static void test_two_spaces(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith  Mangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A parenthesis after a lone word: the run starts inside it. */
static void test_parenthesis(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith (Mangyongdae Prize) that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A lone word at a line's end, the run at the next line's start. */
static void test_line_break(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith\nMangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, expected);
}

/* A lone word that ends the text, and one before a word past ASCII that is
 * not a capital: no run, no finding, and nothing read past the end. */
static void test_lone_at_end(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("the prize went to Smith", "the prize went to Smith", msg, sizeof msg), 0);
    assert_int_equal(
        variants("the prize went to Smith \xc3\xa9t\xc3\xa9", "it went to Smith ", msg, sizeof msg),
        0);
}

/* One space and a capital: the word before joins the run, which is
 * "Smith Mangyongdae Prize"; its "Prize" is beside both spellings. */
static void test_joined(void **state)
{
    char msg[256];
    assert_int_equal(
        variants("it was Smith Mangyongdae Prize that began.\n", other, msg, sizeof msg), 1);
    assert_string_equal(msg, "name spelled two ways: \"Mangyondgae Prize\" (b.txt) and "
                             "\"Smith Mangyongdae Prize\" (a.txt)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_possessive_neighbour),
        cmocka_unit_test(test_capitals_fold),
        cmocka_unit_test(test_run_past_ascii),
        cmocka_unit_test(test_joiners_inside),
        cmocka_unit_test(test_double_hyphen),
        cmocka_unit_test(test_large_bucket),
        cmocka_unit_test(test_two_spaces),
        cmocka_unit_test(test_parenthesis),
        cmocka_unit_test(test_line_break),
        cmocka_unit_test(test_lone_at_end),
        cmocka_unit_test(test_joined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
