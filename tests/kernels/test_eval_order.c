/* test_eval_order.c — the hand orders of the rules, hand by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "buyout.h"
#include "eval3.h"
#include "eval4.h"

static void parse(const char *text, card_t *c, int n)
{
    char err[256];
    if (cards_parse_exact(text, c, n, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static uint16_t r3(const char *text)
{
    card_t c[3];
    parse(text, c, 3);
    return eval3_rank(c);
}

static uint32_t f4(const char *text)
{
    card_t c[4];
    parse(text, c, 4);
    return frenzy_four_rank(c);
}

static uint32_t f5(const char *text)
{
    card_t c[5];
    parse(text, c, 5);
    return frenzy_best_rank(c);
}

static uint32_t bl(const char *text)
{
    card_t c[4];
    parse(text, c, 4);
    return split_blind_rank(c);
}

static int pts(const char *text)
{
    card_t c[5];
    char err[256];
    int n = cards_parse(text, c, 5, err, sizeof err);
    if (n < 2)
        fail_msg("bad test hand %s", text);
    return buyout_points(c, n);
}

/* Every 3-card straight, A-2-3 up to A-K-Q, in increasing order. */
static void three_card_straights(void **state)
{
    (void)state;
    const char *seq[] = {"Ac 2d 3h", "2c 3d 4h", "3c 4d 5h", "4c 5d 6h", "5c 6d 7h", "6c 7d 8h",
                         "7c 8d 9h", "8c 9d Th", "9c Td Jh", "Tc Jd Qh", "Jc Qd Kh", "Qc Kd Ah"};
    for (size_t i = 0; i < sizeof seq / sizeof *seq; i++) {
        assert_int_equal(eval3_category_of(r3(seq[i])), E3_STRAIGHT);
        if (i)
            assert_true(r3(seq[i]) > r3(seq[i - 1]));
    }
    assert_int_equal(eval3_category_of(r3("Kc Ad 2h")), E3_HIGH); /* no wrap */
}

static void three_card_categories(void **state)
{
    (void)state;
    assert_int_equal(eval3_category_of(r3("As Ks Qs")), E3_ROYAL);
    assert_int_equal(eval3_category_of(r3("As 2s 3s")), E3_STRAIGHT_FLUSH);
    assert_true(r3("As Ks Qs") > r3("Ks Qs Js"));
    assert_true(r3("As 2s 3s") < r3("2s 3s 4s"));
    assert_true(r3("2c 2d 2h") > r3("Kh Qh Jd")); /* trips beat a straight */
    assert_true(r3("2c 3d 4h") > r3("Ah Kh 9h")); /* a straight beats a flush */
    assert_true(r3("2h 3h 5h") > r3("Ac Ad Kh")); /* a flush beats a pair */
    assert_true(r3("2c 2d 3h") > r3("Ac Kd Jh")); /* a pair beats high card */
}

static void three_card_kickers(void **state)
{
    (void)state;
    assert_true(r3("Ac Ad 3h") > r3("As Ah 2c"));
    assert_true(r3("Kc Kd 2h") < r3("Ac Ad 2h"));
    assert_true(r3("Ac Jd 3h") > r3("Ad Td 9h"));
    assert_true(r3("Ac Jd 3h") > r3("Ad Jc 2h"));
    assert_int_equal(r3("Ac Jd 3h"), r3("Ad Jh 3s")); /* equal ranks tie */
    assert_int_equal(r3("7c 8c 9c") & 0xfff, r3("7d 8h 9s") & 0xfff);
    assert_int_equal(r3("Qc Qd Qh"), r3("Qs Qd Qh"));
}

static void frenzy_order(void **state)
{
    (void)state;
    const char *up[] = {"Ac Kd Qh 9s", "2c 2d 3h 4s", "2c 2d 3h 3s", "Ac 2d 3h 4s", "2h 4h 6h 8h",
                        "5c 5d 5h 2s", "Ac 2c 3c 4c", "2c 2d 2h 2s"};
    for (size_t i = 0; i < sizeof up / sizeof *up; i++) {
        assert_int_equal(eval4_category_of(f4(up[i])), (int)i);
        if (i)
            assert_true(f4(up[i]) > f4(up[i - 1]));
    }
    assert_true(f4("2c 2d 2h 2s") > f4("Ac Kc Qc Jc")); /* quads beat a straight flush */
    assert_true(f4("Ac Kd Qh Js") > f4("Kc Qd Jh Ts"));
    assert_true(f4("Ac 2d 3h 4s") < f4("2c 3d 4h 5s")); /* A-2-3-4 is the lowest straight */
    assert_int_equal(eval4_category_of(f4("Qc Kd Ah 2s")), F4_HIGH);
    assert_true(f4("Ac Ad 3h 2s") > f4("Kc Kd Qh Js"));
    assert_true(f4("Ac Ad 4h 2s") > f4("As Ah 3c 2d")); /* pair kickers */
    assert_true(f4("Kc Kd 3h 3s") > f4("Qc Qd Jh Js")); /* two pair: the top pair first */
    assert_true(f4("Kc Kd 4h 4s") > f4("Kh Ks 3h 3s"));
    assert_true(f4("9c 9d 9h As") > f4("9c 9d 9s Ks")); /* trips kicker */
    assert_int_equal(f4("Ac Kd 7h 2s"), f4("Ad Kh 7s 2c"));
}

static void frenzy_best_of_five(void **state)
{
    (void)state;
    assert_int_equal(f5("Ac Ad Ah As 2c"), f4("Ac Ad Ah As"));
    assert_int_equal(eval4_category_of(f5("Ac Kc Qc Jc 2d")), F4_STRAIGHT_FLUSH);
    assert_int_equal(eval4_category_of(f5("2c 2d 3c 3d 4h")), F4_TWO_PAIR);
    assert_true(f5("2c 2d 3c 3d Ah") == f4("2c 2d 3c 3d"));       /* no kicker in a 4-card two pair */
    assert_true(f5("Kc Kd Kh 2c 2d") == f4("Kc Kd Kh 2c"));       /* a full house plays as trips */
    assert_int_equal(eval4_category_of(f5("9c Tc Jc Qc 2c")), F4_STRAIGHT_FLUSH);
    assert_true(f5("9c Tc Jc Qc Kc") == f4("Tc Jc Qc Kc"));
}

static void blind_order(void **state)
{
    (void)state;
    assert_int_equal(eval4_category_of(bl("Ac Kc Qc Jc")), BL_ROYAL);
    assert_true(bl("Ac Kc Qc Jc") > bl("Ac Ad Ah As")); /* the Royal tops quads */
    assert_true(bl("2c 2d 2h 2s") > bl("Kc Qc Jc Tc")); /* quads top a straight flush */
    assert_int_equal(eval4_category_of(bl("Tc Td 3h 2s")), BL_PAIR_HIGH);
    assert_int_equal(eval4_category_of(bl("9c 9d Ah 2s")), BL_PAIR_LOW);
    assert_int_equal(eval4_category_of(bl("Ac 2c 3c 4c")), BL_STRAIGHT_FLUSH);
}

static void buyout_examples(void **state)
{
    (void)state;
    assert_int_equal(pts("As 4s"), 15);             /* A + 4 suited */
    assert_int_equal(pts("Ks Qs Js Ts"), 40);       /* K+Q+J+10 suited */
    assert_int_equal(pts("Ac Ad Ah As"), 44);       /* four aces */
    assert_int_equal(pts("7s 7s"), 20);             /* identical cards: pair 20 > suited 14 */
    assert_int_equal(pts("As As"), 22);             /* pair of aces 22 = suited 22 */
    assert_int_equal(pts("Kc Kd 5h 5s"), 20);       /* two pairs count as one pair */
    assert_int_equal(pts("Ac Ad 5h 5s"), 22);
    assert_int_equal(pts("Kc Kd Kh 2s"), 30);
    assert_int_equal(pts("Ac Ad Ah 2s"), 33);
    assert_int_equal(pts("2c 3d 4h 5s"), 0);        /* no pair, no two suited */
    assert_int_equal(pts("Kc Qc Jc Kd"), 30);       /* suited 30 beats the pair 20 */
    assert_int_equal(pts("Ac Kc Ad Kd"), 22);       /* pair of aces; each suit 21 */
    card_t c[5];
    char err[128];
    cards_parse("2c 3c 4d 5h 2d", c, 5, err, sizeof err);
    assert_int_equal(buyout_points5(c, BUYOUT_FIVE_BEST4), 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_card_straights), cmocka_unit_test(three_card_categories),
        cmocka_unit_test(three_card_kickers),   cmocka_unit_test(frenzy_order),
        cmocka_unit_test(frenzy_best_of_five),  cmocka_unit_test(blind_order),
        cmocka_unit_test(buyout_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
