/* test_frenzy_jackpot.c — the jackpot side bets (frenzy_jackpot) and
 * their exact fractions (bigfrac):
 *   - the 5-card classifier against the closed-form poker frequencies;
 *   - each game's rows and the listed hands of its meter rows, the same
 *     (frequencies, hands and their order) for 1, 2 and 3 threads as a
 *     walk of the deck one hand at a time;
 *   - the sharing formula (inclusion-exclusion over disjoint hitting
 *     hands) against a brute force over every deal of small decks, and,
 *     on the real deck with one other player, against his C(47,5) hands
 *     classified one by one;
 *   - the EV: its closed form alone at the table, linear in the meter,
 *     zero at the break-even meter, Envy linear in the other players,
 *     sharing lowering the meter's worth as players join.
 * Runs in about a second.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "combo.h"
#include "bigfrac.h"
#include "frenzy_counts.h"
#include "frenzy_jackpot.h"

static int64_t C(int n, int k) { return (int64_t)binomial(n, k); }

/* Built once: every hand by row, for each game. */
static struct frenzy_jackpot_hands hands[FRENZY_JACKPOT_NGAMES];

static int setup(void **state)
{
    (void)state;
    char err[128];
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++)
        if (frenzy_jackpot_hands_build((enum frenzy_jackpot_game)g, &hands[g], err, sizeof err) != 0)
            return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++)
        frenzy_jackpot_hands_free(&hands[g]);
    return 0;
}

static void assert_frac(struct bigfrac got, struct bigfrac want, const char *what)
{
    if (!bigfrac_equal(got, want)) {
        char a[600], b[600];
        fail_msg("%s: got %s, want %s", what, bigfrac_format(got, a, sizeof a), bigfrac_format(want, b, sizeof b));
    }
}

/* ------------------------------------------------------------------ */
/* Exact fractions                                                     */
/* ------------------------------------------------------------------ */

static void test_bigfrac_arithmetic(void **state)
{
    (void)state;
    /* a number far beyond 128 bits: C(47,5) C(42,5) ... C(17,5) */
    struct bigfrac big = bigfrac_int(1);
    for (int left = 47; left >= 17; left -= 5)
        big = bigfrac_mul(big, bigfrac_int(C(left, 5)));
    struct bigfrac x = bigfrac_div(bigfrac_int(7), big);
    assert_frac(bigfrac_mul(x, big), bigfrac_int(7), "x * big");
    assert_frac(bigfrac_sub(bigfrac_add(x, bigfrac_ratio(1, 3)), bigfrac_ratio(1, 3)), x, "x + 1/3 - 1/3");
    assert_frac(bigfrac_add(bigfrac_ratio(1, 6), bigfrac_ratio(-1, 2)), bigfrac_ratio(-1, 3), "1/6 - 1/2");
    assert_int_equal(bigfrac_sign(bigfrac_sub(x, x)), 0);
    char text[600];
    assert_string_equal(bigfrac_format(bigfrac_ratio(-10, 4), text, sizeof text), "-5/2");
    /* 2^128, past __int128 */
    struct bigfrac two64 = bigfrac_mul(bigfrac_int(INT64_C(1) << 32), bigfrac_int(INT64_C(1) << 32));
    assert_string_equal(bigfrac_format(bigfrac_mul(two64, two64), text, sizeof text),
                        "340282366920938463463374607431768211456");
    assert_true(bigfrac_value(bigfrac_ratio(1, 3)) == 1.0 / 3.0);
}

/* ------------------------------------------------------------------ */
/* Hands                                                               */
/* ------------------------------------------------------------------ */

/* The textbook 5-card frequencies, each from its count of ranks and
 * suitings. */
static void poker5_closed_form(int64_t f[P5_NCATEGORIES])
{
    f[P5_ROYAL] = 4;
    f[P5_STRAIGHT_FLUSH] = 4 * 9;
    f[P5_QUADS] = 13 * 48;
    f[P5_FULL_HOUSE] = 13 * 4 * 12 * 6;
    f[P5_FLUSH] = 4 * C(13, 5) - 40;
    f[P5_STRAIGHT] = 10 * 1024 - 40;
    f[P5_TRIPS] = 13 * 4 * C(12, 2) * 16;
    f[P5_TWO_PAIR] = C(13, 2) * 36 * 44;
    f[P5_PAIR] = 13 * 6 * C(12, 3) * 64;
    f[P5_HIGH] = (C(13, 5) - 10) * (1024 - 4);
}

static void test_poker5_frequencies(void **state)
{
    (void)state;
    int64_t got[P5_NCATEGORIES] = {0}, want[P5_NCATEGORIES];
    poker5_closed_form(want);
    combo_t c;
    for (bool more = combo_first(&c, NCARDS, 5); more; more = combo_next(&c)) {
        card_t cards[5];
        for (int i = 0; i < 5; i++)
            cards[i] = (card_t)c.idx[i];
        got[poker5_category(cards)]++;
    }
    for (int k = 0; k < P5_NCATEGORIES; k++)
        if (got[k] != want[k])
            fail_msg("%s: %lld hands, want %lld", poker5_category_name((enum poker5_category)k), (long long)got[k],
                     (long long)want[k]);
}

static void test_rows_and_meter_hands(void **state)
{
    (void)state;
    const struct frenzy_jackpot_hands *five = &hands[FRENZY_JACKPOT_FIVE_CARD], *four = &hands[FRENZY_JACKPOT_FOUR_CARD];
    int64_t p5[P5_NCATEGORIES];
    poker5_closed_form(p5);
    assert_int_equal(five->freq[JP5_ROYAL], p5[P5_ROYAL]);
    assert_int_equal(five->freq[JP5_TRIPS], p5[P5_TRIPS]);
    assert_int_equal(five->freq[JP5_NONE], p5[P5_HIGH] + p5[P5_PAIR] + p5[P5_TWO_PAIR]);
    assert_int_equal(five->nhits[JP5_ROYAL], 4);
    assert_int_equal(five->nhits[JP5_STRAIGHT_FLUSH], 36);
    assert_null(five->hits[JP5_FLUSH]);
    /* the best four: Four Aces and a 5th card; quads of 12 other ranks;
     * 4-card straight flushes (11 runs x 4 suits x 48, five in a row
     * counted twice: 10 per suit); trips and any two others */
    assert_int_equal(four->freq[JP4_FOUR_ACES], 48);
    assert_int_equal(four->freq[JP4_QUADS], 12 * 48);
    assert_int_equal(four->freq[JP4_STRAIGHT_FLUSH], 4 * (11 * 48 - 10));
    assert_int_equal(four->freq[JP4_TRIPS], 13 * 4 * C(48, 2));
    assert_int_equal(four->nhits[JP4_FOUR_ACES], 48);
}

/* ------------------------------------------------------------------ */
/* Sharing                                                             */
/* ------------------------------------------------------------------ */

/* A small deck of `deck` cards (mask bits), hands of `hand` cards. */
struct small_game {
    int deck, hand, others;
    cardmask_t hits[512];
    long nhits;
    int64_t by_k[8]; /* deals, summed over the player's hands, by K */
    int64_t deals;   /* ordered deals of the others per player hand */
};

/* Every ordered deal of the remaining players' hands from `free` cards. */
static void deal_others(struct small_game *g, cardmask_t free, int left_to_deal, int k)
{
    if (left_to_deal == 0) {
        g->by_k[k]++;
        return;
    }
    combo_t c;
    int idx[32], n = 0;
    for (int b = 0; b < g->deck; b++)
        if (free >> b & 1)
            idx[n++] = b;
    for (bool more = combo_first(&c, n, g->hand); more; more = combo_next(&c)) {
        cardmask_t h = 0;
        for (int i = 0; i < g->hand; i++)
            h |= (cardmask_t)1 << idx[c.idx[i]];
        int hit = 0;
        for (long i = 0; i < g->nhits && !hit; i++)
            hit = g->hits[i] == h;
        deal_others(g, free & ~h, left_to_deal - 1, k + hit);
    }
}

/* Hitting hands: those whose card numbers sum to a multiple of `mod`
 * (any rule would do; this one makes disjoint hits common). */
static void small_hits(struct small_game *g, int mod)
{
    combo_t c;
    g->nhits = 0;
    for (bool more = combo_first(&c, g->deck, g->hand); more; more = combo_next(&c)) {
        int sum = 0;
        cardmask_t h = 0;
        for (int i = 0; i < g->hand; i++)
            sum += c.idx[i], h |= (cardmask_t)1 << c.idx[i];
        if (sum % mod == 0)
            g->hits[g->nhits++] = h;
    }
}

static void check_small_game(int deck, int hand, int others, int mod)
{
    static struct small_game g;
    memset(&g, 0, sizeof g);
    g.deck = deck, g.hand = hand, g.others = others;
    small_hits(&g, mod);
    int64_t counts[8] = {0};
    for (long i = 0; i < g.nhits; i++) {
        int64_t before = g.by_k[0] + g.by_k[1] + g.by_k[2] + g.by_k[3] + g.by_k[4] + g.by_k[5] + g.by_k[6];
        deal_others(&g, (((cardmask_t)1 << deck) - 1) & ~g.hits[i], others, 0);
        g.deals = g.by_k[0] + g.by_k[1] + g.by_k[2] + g.by_k[3] + g.by_k[4] + g.by_k[5] + g.by_k[6] - before;
        frenzy_jackpot_disjoint_sets(g.hits, g.nhits, g.hits[i], others, counts);
    }
    struct bigfrac brute = bigfrac_int(0);
    for (int k = 0; k <= others; k++)
        brute = bigfrac_add(brute, bigfrac_ratio(g.by_k[k], (int64_t)(k + 1) * g.deals));
    char what[96];
    snprintf(what, sizeof what, "deck %d, hands of %d, %d others, %ld hitting hands", deck, hand, others, g.nhits);
    assert_true(g.by_k[2] > 0); /* the case does share among three */
    assert_frac(frenzy_jackpot_share(counts, others, deck - hand, hand), brute, what);
}

static void test_share_small_decks_brute_force(void **state)
{
    (void)state;
    check_small_game(10, 2, 3, 3);
    check_small_game(12, 2, 5, 4);
    check_small_game(13, 3, 3, 5);
}

/* The other player's hands that hit, counted by classifying all his
 * C(47,5) hands, against the disjoint hits the sharing walks. */
static void check_one_other(const struct frenzy_jackpot_hands *h, int row, enum poker5_category cat, const char *cards)
{
    card_t mine[5], c[5], left[47];
    char err[64];
    assert_int_equal(cards_parse_exact(cards, mine, 5, err, sizeof err), 0);
    cardmask_t mask = cards_to_mask(mine, 5);
    int n = 0;
    for (int id = 0; id < NCARDS; id++)
        if (!(mask & card_bit((card_t)id)))
            left[n++] = (card_t)id;
    int64_t hitting = 0, counts[2] = {0};
    combo_t k;
    for (bool more = combo_first(&k, 47, 5); more; more = combo_next(&k)) {
        for (int i = 0; i < 5; i++)
            c[i] = left[k.idx[i]];
        hitting += poker5_category(c) == cat;
    }
    frenzy_jackpot_disjoint_sets(h->hits[row], h->nhits[row], mask, 1, counts);
    assert_int_equal(counts[1], hitting);
    /* one other player: E[1/(1+K)] = 1 - P(he hits) / 2 */
    assert_frac(frenzy_jackpot_share(counts, 1, 47, 5), bigfrac_sub(bigfrac_int(1), bigfrac_ratio(hitting, 2 * C(47, 5))),
                cards);
}

static void test_share_full_deck_one_other(void **state)
{
    (void)state;
    const struct frenzy_jackpot_hands *five = &hands[FRENZY_JACKPOT_FIVE_CARD];
    check_one_other(five, JP5_STRAIGHT_FLUSH, P5_STRAIGHT_FLUSH, "9h Th Jh Qh Kh");
    check_one_other(five, JP5_STRAIGHT_FLUSH, P5_STRAIGHT_FLUSH, "Ac 2c 3c 4c 5c");
    check_one_other(five, JP5_ROYAL, P5_ROYAL, "Ts Js Qs Ks As");
}

/* ------------------------------------------------------------------ */
/* EVs                                                                 */
/* ------------------------------------------------------------------ */

static struct frenzy_jackpot_result priced(enum frenzy_jackpot_game g, const char *name, int players, struct bigfrac meter)
{
    struct frenzy_jackpot_table t;
    struct frenzy_jackpot_result r;
    if (frenzy_jackpot_preset_get(g, name, &t) != 0)
        fail_msg("no table %s", name);
    frenzy_jackpot_price(&t, &hands[g], players, meter, &r);
    return r;
}

static void test_alone_closed_form(void **state)
{
    (void)state;
    struct frenzy_jackpot_result pj1 = priced(FRENZY_JACKPOT_FIVE_CARD, "PJ-1", 1, bigfrac_int(0));
    int64_t paid = 624 * 200 + 3744 * 100 + 5108 * 25 + 10200 * 15 + 54912 * 10;
    assert_frac(pj1.base, bigfrac_ratio(paid - FRENZY_HANDS, FRENZY_HANDS), "PJ-1 empty meter");
    /* the Royal's meter and a tenth of it for a straight flush, unshared */
    assert_frac(pj1.per_meter, bigfrac_ratio(40 + 36, 10 * FRENZY_HANDS), "PJ-1 per meter dollar");
    struct frenzy_jackpot_result pays = priced(FRENZY_JACKPOT_FOUR_CARD, "pays", 1, bigfrac_int(0));
    paid = 576 * 300 + 2072 * 100 + 58656 * 9;
    assert_frac(pays.base, bigfrac_ratio(paid - FRENZY_HANDS, FRENZY_HANDS), "Pays empty meter");
    assert_frac(pays.per_meter, bigfrac_ratio(48, FRENZY_HANDS), "Pays per meter dollar");
}

static void test_linear_in_meter_and_break_even(void **state)
{
    (void)state;
    struct bigfrac meter = bigfrac_ratio(25000050, 100); /* $250,000.50 */
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++)
        for (int i = 0; i < frenzy_jackpot_preset_count((enum frenzy_jackpot_game)g); i++)
            for (int players = 1; players <= FRENZY_JACKPOT_MAX_PLAYERS; players += 3) {
                const char *name = frenzy_jackpot_preset((enum frenzy_jackpot_game)g, i)->option;
                struct frenzy_jackpot_result r = priced((enum frenzy_jackpot_game)g, name, players, meter);
                assert_frac(r.ev, bigfrac_add(r.base, bigfrac_mul(r.per_meter, meter)), name);
                assert_true(bigfrac_sign(r.base) < 0 && bigfrac_sign(r.per_meter) > 0);
                struct frenzy_jackpot_result at = priced((enum frenzy_jackpot_game)g, name, players, r.break_even);
                assert_int_equal(bigfrac_sign(at.ev), 0);
            }
}

/* Envy is each other player's own chance of a hit: (N - 1) times the
 * Envy one hand earns, whatever the card removal. */
static void test_envy_linear_in_players(void **state)
{
    (void)state;
    struct bigfrac one = priced(FRENZY_JACKPOT_FOUR_CARD, "pays", 1, bigfrac_int(0)).base;
    struct bigfrac envy = bigfrac_ratio(48 * 100 + 576 * 10 + 2072 * 5, FRENZY_HANDS);
    for (int players = 2; players <= FRENZY_JACKPOT_MAX_PLAYERS; players++) {
        struct bigfrac base = priced(FRENZY_JACKPOT_FOUR_CARD, "pays", players, bigfrac_int(0)).base;
        assert_frac(bigfrac_sub(base, one), bigfrac_mul(envy, bigfrac_int(players - 1)), "Envy");
    }
}

/* More players, more sharing: each meter dollar is worth less to the
 * Five Card Jackpot; Four Aces are never shared. */
static void test_sharing_by_players(void **state)
{
    (void)state;
    struct bigfrac before = priced(FRENZY_JACKPOT_FIVE_CARD, "PJ-1", 1, bigfrac_int(0)).per_meter;
    for (int players = 2; players <= FRENZY_JACKPOT_MAX_PLAYERS; players++) {
        struct bigfrac now = priced(FRENZY_JACKPOT_FIVE_CARD, "PJ-1", players, bigfrac_int(0)).per_meter;
        assert_int_equal(bigfrac_sign(bigfrac_sub(before, now)), 1);
        before = now;
        struct bigfrac aces = priced(FRENZY_JACKPOT_FOUR_CARD, "pays2", players, bigfrac_int(0)).per_meter;
        assert_frac(aces, bigfrac_ratio(48, FRENZY_HANDS), "Four Aces per meter dollar");
    }
}

/* The deck walked one hand at a time in combo_next's (colex) order: each
 * row's count, and the meter rows' hands in that order. */
static void serial_hands(enum frenzy_jackpot_game g, int64_t *freq, long *nhits, cardmask_t hits[][64])
{
    combo_t c;
    for (bool more = combo_first(&c, 52, 5); more; more = combo_next(&c)) {
        card_t h[5];
        for (int i = 0; i < 5; i++)
            h[i] = (card_t)c.idx[i];
        int row = frenzy_jackpot_row_of(g, h);
        freq[row]++;
        if (frenzy_jackpot_meter_row(g, row) && nhits[row] < 64)
            hits[row][nhits[row]++] = cards_to_mask(h, 5);
    }
}

static int threads_before;

static int restore_threads(void **state)
{
    (void)state;
    omp_set_num_threads(threads_before);
    return 0;
}

static void test_hands_same_for_any_thread_count(void **state)
{
    (void)state;
    char err[128];
    threads_before = omp_get_max_threads();
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++) {
        int64_t freq[FRENZY_JACKPOT_MAXROWS] = {0};
        long nhits[FRENZY_JACKPOT_MAXROWS] = {0};
        static cardmask_t hits[FRENZY_JACKPOT_MAXROWS][64];
        serial_hands((enum frenzy_jackpot_game)g, freq, nhits, hits);
        for (int t = 1; t <= 3; t++) {
            struct frenzy_jackpot_hands h;
            omp_set_num_threads(t);
            assert_int_equal(frenzy_jackpot_hands_build((enum frenzy_jackpot_game)g, &h, err, sizeof err), 0);
            assert_memory_equal(h.freq, freq, sizeof freq);
            assert_memory_equal(h.nhits, nhits, sizeof nhits);
            for (int row = 0; row < FRENZY_JACKPOT_MAXROWS; row++)
                if (nhits[row])
                    assert_memory_equal(h.hits[row], hits[row], (size_t)nhits[row] * sizeof(cardmask_t));
            frenzy_jackpot_hands_free(&h);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bigfrac_arithmetic),
        cmocka_unit_test(test_poker5_frequencies),
        cmocka_unit_test(test_rows_and_meter_hands),
        cmocka_unit_test_teardown(test_hands_same_for_any_thread_count, restore_threads),
        cmocka_unit_test(test_share_small_decks_brute_force),
        cmocka_unit_test(test_share_full_deck_one_other),
        cmocka_unit_test(test_alone_closed_form),
        cmocka_unit_test(test_linear_in_meter_and_break_even),
        cmocka_unit_test(test_envy_linear_in_players),
        cmocka_unit_test(test_sharing_by_players),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
