/* test_cards.c — card encoding, parsing, printing, counts, the shoe. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cards.h"
#include "shoe.h"

static void encoding_round_trip(void **state)
{
    (void)state;
    cardmask_t all = 0;
    for (int c = 0; c < NCARDS; c++) {
        card_t id = (card_t)c;
        assert_int_equal(card_make(card_rank(id), card_suit(id)), id);
        assert_int_equal(mask_count(card_bit(id)), 1);
        assert_true((all & card_bit(id)) == 0); /* every card its own bit */
        all |= card_bit(id);
        assert_true(mask_suit_ranks(card_bit(id), card_suit(id)) == 1u << card_rank(id));
    }
    assert_true(all == CARDMASK_ALL);
    card_t back[NCARDS];
    assert_int_equal(mask_to_cards(all, back), NCARDS);
    for (int c = 0; c < NCARDS; c++)
        assert_int_equal(back[c], c);
}

static void parse_forms(void **state)
{
    (void)state;
    card_t c[8];
    char err[256];
    assert_int_equal(cards_parse("As Kd 7h 2c", c, 8, err, sizeof err), 4);
    assert_int_equal(c[0], card_make(RANK_ACE, 3));
    assert_int_equal(c[1], card_make(RANK_KING, 1));
    assert_int_equal(c[2], card_make(5, 2));
    assert_int_equal(c[3], card_make(0, 0));
    assert_int_equal(cards_parse("Td,10d  tD", c, 8, err, sizeof err), 3);
    assert_int_equal(c[0], card_make(RANK_TEN, 1));
    assert_int_equal(c[1], c[0]);
    assert_int_equal(c[2], c[0]);
    char buf[64];
    card_t h[3] = {card_make(RANK_ACE, 3), card_make(RANK_TEN, 1), card_make(0, 0)};
    assert_string_equal(cards_format(h, 3, buf, sizeof buf), "As Td 2c");
    assert_int_equal(cards_parse("", c, 8, err, sizeof err), 0);
}

static void parse_errors(void **state)
{
    (void)state;
    card_t c[8];
    char err[256];
    const char *bad[] = {"Ax", "1s", "11s", "As Kd Z", "Ass", "AsKd", "s", "10", "A"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        assert_int_equal(cards_parse(bad[i], c, 8, err, sizeof err), -1);
        assert_non_null(strstr(err, "bad card"));
        assert_null(strchr(err, '\n'));
    }
    assert_int_equal(cards_parse("As Ks Qs", c, 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "too many"));
    assert_int_equal(cards_parse_exact("As Ks As", c, 3, err, sizeof err), -1);
    assert_non_null(strstr(err, "duplicate card As"));
    assert_int_equal(cards_parse_exact("As Ks", c, 3, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected 3 cards"));
    assert_int_equal(cards_parse_exact("As Ks Qs", c, 3, err, sizeof err), 0);
    /* line breaks separate cards, but every message quoting the text is one
     * line (found by tests/fuzz/fuzz_cards.c) */
    const char *multi[] = {"As\nKs", "As\r\nKs\vQs", "A\rs", "As\fAs"};
    for (size_t i = 0; i < sizeof multi / sizeof multi[0]; i++) {
        err[0] = 0;
        assert_true(cards_parse_exact(multi[i], c, i == 3 ? 2 : 1, err, sizeof err) < 0);
        assert_true(err[0] && !strpbrk(err, "\n\r\v\f"));
    }
}

static void counts(void **state)
{
    (void)state;
    card_t c[8];
    char err[64];
    int n = cards_parse("As Ad Ks 2c 2d 2h", c, 8, err, sizeof err);
    int rc[NRANKS], sc[NSUITS];
    cards_rank_counts(c, n, rc);
    cards_suit_counts(c, n, sc);
    assert_int_equal(rc[RANK_ACE], 2);
    assert_int_equal(rc[RANK_KING], 1);
    assert_int_equal(rc[0], 3);
    assert_int_equal(sc[0], 1);
    assert_int_equal(sc[1], 2);
    assert_int_equal(sc[2], 1);
    assert_int_equal(sc[3], 2);
}

static void six_deck_shoe(void **state)
{
    (void)state;
    shoe_t s;
    shoe_init(&s, 6);
    assert_int_equal(s.total, 312);
    card_t a = card_make(RANK_ACE, 3), k = card_make(RANK_KING, 3);
    card_t aa[2] = {a, a}, ak[2] = {a, k};
    assert_int_equal(shoe_ways(&s, aa, 2), 15); /* C(6,2) */
    assert_int_equal(shoe_ways(&s, ak, 2), 36);
    for (int i = 0; i < 6; i++)
        assert_int_equal(shoe_remove(&s, a), 0);
    assert_int_equal(shoe_remove(&s, a), -1);
    assert_int_equal(s.total, 306);
    assert_int_equal(shoe_ways(&s, ak, 2), 0);
    shoe_add(&s, a);
    assert_int_equal(shoe_ways(&s, ak, 2), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(encoding_round_trip), cmocka_unit_test(parse_forms),
        cmocka_unit_test(parse_errors),        cmocka_unit_test(counts),
        cmocka_unit_test(six_deck_shoe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
