/* test_buyout_seen.c — hole-carding 4 Card Buyout (buyout_seen.h) against
 * an independent brute force and first principles:
 *   - the brute force's dealer with his hole card known, summed over every
 *     hole card, is its dealer given the upcard alone;
 *   - on small shoes (several deck counts and ranks, both readings of the
 *     dealer's 5 cards, a shoe whose suits differ) the fast pass's
 *     hole-card EV equals the brute
 *     force's (buyout_brute_seen.c) exactly, and its normal EV equals the
 *     ordinary solve's (buyout_round_ev) and the brute force's normal round;
 *   - knowing more never hurts: the hole-card EV is at least the normal EV
 *     (with a Bonus too), above it wherever a decision changes, and the
 *     decision tallies cover every round exactly once;
 *   - a card with 'dealer' limits (the hole-carder's), options the rules
 *     forbid folding, played with the hole card seen: its EV equals the
 *     brute force's playing it (buyout_brute_seen.c's bb_round_seen_play);
 *     the hole-carder's card learnt on a card: every added rule earns, it
 *     stays below the optimal play, the brute force prices it at its EV;
 *   - the thread count changes no bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buyout_brute.h"
#include "buyout_brute_seen.h"
#include "buyout_card.h"
#include "buyout_seen.h"
#include "buyout_seen_card.h"
#include "buyout_solve.h"
#include "cards.h"
#include "team.h"

struct shoe_case {
    int decks, nranks, five_all;
    const char *less; /* cards taken out of it: a shoe whose suits differ (or NULL) */
};

static unsigned top_ranks(int nranks) { return ((1u << nranks) - 1u) << (NRANKS - nranks); }

/* The brute force's shoe of a case. */
static struct bb_shoe shoe_of(const struct shoe_case *k)
{
    struct bb_shoe s;
    bb_shoe_make(&s, k->decks, top_ranks(k->nranks));
    card_t out[8];
    char err[128];
    int n = k->less ? cards_parse(k->less, out, 8, err, sizeof err) : 0;
    if (n < 0 || bb_shoe_remove(&s, out, n) != 0)
        fail_msg("bad cards to take out: %s", k->less);
    return s;
}

static struct buyout_rules rules_of(const struct shoe_case *k)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = k->decks;
    r.nranks = k->nranks;
    r.dealer_five = k->five_all ? BUYOUT_FIVE_ALL : BUYOUT_FIVE_BEST4;
    if (k->less) { /* the same shoe given card by card */
        struct bb_shoe s = shoe_of(k);
        r.shoe_given = true;
        for (int c = 0; c < NCARDS; c++)
            r.shoe[c] = (int8_t)s.count[c];
    }
    return r;
}

static struct buyout_seen_result *solve(const struct buyout_rules *r)
{
    struct buyout_seen_result *res = malloc(sizeof *res);
    char err[256];
    assert_non_null(res);
    if (buyout_seen_solve(r, 1, NULL, false, res, err, sizeof err) != 0)
        fail_msg("buyout_seen_solve: %s", err);
    return res;
}

/* a/b == c/d as fractions (b, d > 0), without products that overflow */
static bool same_fraction(wide_t a, wide_t b, wide_t c, wide_t d)
{
    wide_t g = wide_gcd(a, b), h = wide_gcd(c, d);
    return a / g == c / h && b / g == d / h;
}

static void print_frac(const char *what, wide_t num, wide_t den)
{
    char buf[128];
    print_message("    %s %s\n", what, wide_fraction(num, den, buf, sizeof buf));
}

/* ---- the brute force's own dealer ---- */

static void test_brute_hole_dealer_sums_to_upcard_dealer(void **state)
{
    (void)state;
    static const struct bb_rules READINGS[2] = {{0}, {1}};
    struct bb_shoe full;
    bb_shoe_make(&full, 2, top_ranks(3));
    for (int f = 0; f < 2; f++)
        for (int u = 0; u < NCARDS; u++) {
            if (!full.count[u])
                continue;
            struct bb_shoe s = full;
            card_t up = (card_t)u;
            assert_int_equal(bb_shoe_remove(&s, &up, 1), 0);
            bb_int want[BB_MAXPTS], got[BB_MAXPTS] = {0}, w[BB_MAXPTS];
            bb_dealer_dist(&s, up, &READINGS[f], want);
            for (int h = 0; h < NCARDS; h++) {
                if (!s.count[h])
                    continue;
                struct bb_shoe s2 = s;
                card_t hole = (card_t)h;
                bb_shoe_remove(&s2, &hole, 1);
                bb_dealer_dist_hole(&s2, up, hole, &READINGS[f], w);
                for (int p = 0; p < BB_MAXPTS; p++)
                    got[p] += (bb_int)s.count[h] * w[p];
            }
            for (int p = 0; p < BB_MAXPTS; p++)
                if (got[p] != want[p])
                    fail_msg("upcard %d, %s: at %d points the hole cards sum to %lld, the upcard alone %lld", u,
                             f ? "all-five" : "best-four", p, (long long)got[p], (long long)want[p]);
        }
}

/* ---- the fast pass against the brute force ---- */

static const struct shoe_case SHOES[] = {
    {1, 4, 0, NULL},     /* J Q K A, one deck: 16 cards */
    {2, 2, 0, NULL},     /* two decks of two ranks: identical cards */
    {1, 3, 1, NULL},     /* the dealer's 5 cards all count */
    {3, 1, 0, NULL},     /* one rank: every hand a group */
    {1, 3, 0, NULL},
    {1, 4, 0, "Jc Ah"},  /* suits that differ: fewer symmetries, upcards framed apart */
};

static void test_fast_equals_brute(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHOES / sizeof SHOES[0]; i++) {
        const struct shoe_case *k = &SHOES[i];
        struct buyout_rules r = rules_of(k);
        struct buyout_seen_result *res = solve(&r);
        struct bb_shoe shoe = shoe_of(k);
        struct bb_rules br = {k->five_all};
        struct bb_frac seen, normal;
        bb_int weight;
        clock_t t0 = clock();
        assert_int_equal(bb_round_seen(&shoe, &br, &seen, &weight), 0);
        assert_true(weight == bb_falling(bb_shoe_size(&shoe), 5));
        clock_t t1 = clock();
        assert_int_equal(bb_round(&shoe, &br, &normal, NULL), 0);
        print_message("  brute force: hole card %.1f s, normal %.1f s\n", (double)(t1 - t0) / CLOCKS_PER_SEC,
                      (double)(clock() - t1) / CLOCKS_PER_SEC);
        wide_t num, den;
        char err[256];
        assert_int_equal(buyout_round_ev(&r, 0, &num, &den, err, sizeof err), 0);
        print_message("  %d deck(s) x %d rank(s)%s%s, %s:\n", k->decks, k->nranks, k->less ? " less " : "",
                      k->less ? k->less : "", k->five_all ? "all-five" : "best-four");
        print_frac("hole card", res->sum.ev_num, res->den);
        print_frac("normal   ", res->sum.normal_num, res->den);
        if (!same_fraction(res->sum.ev_num, res->den, seen.num, seen.den))
            fail_msg("the hole-card EV differs from the brute force's");
        if (!same_fraction(res->sum.normal_num, res->den, num, den))
            fail_msg("the normal EV differs from buyout_round_ev's");
        if (!same_fraction(num, den, normal.num, normal.den))
            fail_msg("buyout_round_ev differs from the brute force's normal round");
        free(res);
    }
}

/* ---- a card played with the hole card seen ---- */

/* The card's option (enum bb_option) at a view with the dealer's points
 * of u and h (the brute force's own scoring). */
static int card_option(const struct buyout_card *c, int group, const card_t *held, int n, card_t u, card_t h)
{
    struct buyout_view v = buyout_view_of(held, n, u);
    card_t two[2] = {u, h};
    v.dealer = bb_points(two, 2);
    int i = buyout_card_match(c, group, &v);
    if (i < 0)
        fail_msg("no rule of the test's card decides a situation");
    int a = c->rule[i].action;
    return a == BUYOUT_BUY ? BB_BUY : a == BUYOUT_REFUSE ? BB_REFUSE : BB_FOLD;
}

static int card_third(void *ctx, const card_t p[3], card_t u, card_t h) { return card_option(ctx, 0, p, 2, u, h); }
static int card_fourth(void *ctx, const card_t p[4], card_t u, card_t h) { return card_option(ctx, 1, p, 3, u, h); }

/* The brute force's EV of a card played with the hole card seen. */
static struct bb_frac brute_card(const struct shoe_case *k, const struct buyout_card *c)
{
    struct bb_shoe shoe = shoe_of(k);
    struct bb_rules br = {k->five_all};
    struct bb_seen_play play = {card_third, card_fourth, (void *)c};
    struct bb_frac ev;
    assert_int_equal(bb_round_seen_play(&shoe, &br, &play, &ev, NULL), 0);
    return ev;
}

/* A card with 'dealer' limits and options the rules may forbid (refusing
 * without points, buying a 4th card that leaves none): those fold. */
static const char *const TEST_CARD[] = {
    "3rd card, dealer 20 or more: refuse",
    "3rd card, dealer 13 to 19, points with it 12 or less: fold",
    "3rd card, points 0: buy",
    "3rd card, points with it 15 or less, high card Q or lower: refuse",
    "3rd card: buy",
    "4th card, dealer 20 or more, points with it 19 or less: fold",
    "4th card, adds 0: buy",
    "4th card, points with it 17 or less: refuse",
    "4th card: buy",
};

static void test_card_equals_brute(void **state)
{
    (void)state;
    struct buyout_card card = {0};
    char err[256], text[256];
    for (size_t i = 0; i < sizeof TEST_CARD / sizeof TEST_CARD[0]; i++) {
        if (buyout_rule_parse(TEST_CARD[i], &card.rule[card.n], err, sizeof err) != 0)
            fail_msg("%s: %s", TEST_CARD[i], err);
        assert_string_equal(buyout_rule_text(&card.rule[card.n++], text, sizeof text), TEST_CARD[i]);
    }
    static const struct shoe_case CASES[] = {{1, 4, 0, NULL}, {1, 3, 1, NULL}, {1, 4, 0, "Jc Ah"}};
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        struct buyout_rules r = rules_of(&CASES[i]);
        struct buyout_seen_result *res = malloc(sizeof *res);
        assert_non_null(res);
        if (buyout_seen_solve(&r, 1, &card, false, res, err, sizeof err) != 0)
            fail_msg("buyout_seen_solve: %s", err);
        struct bb_frac want = brute_card(&CASES[i], &card);
        print_frac("the test's card", res->sum.card.ev_num, res->den);
        assert_true(res->sum.card.uncovered == 0);
        if (!same_fraction(res->sum.card.ev_num, res->den, want.num, want.den))
            fail_msg("case %zu: the card's EV differs from the brute force's %.9f", i, bb_frac_double(want));
        assert_true(res->sum.card.ev_num <= res->sum.ev_num); /* no card beats the optimal play */
        free(res);
    }
}

/* The hole-carder's card built on the test's card, without its 'dealer'
 * rules: each added rule earns, the card stays below the optimal play,
 * and the brute force prices the card learnt at its EV. */
static void test_hole_carder_card(void **state)
{
    (void)state;
    struct buyout_card base = {0};
    char err[256];
    for (size_t i = 0; i < sizeof TEST_CARD / sizeof TEST_CARD[0]; i++)
        if (!strstr(TEST_CARD[i], "dealer"))
            assert_int_equal(buyout_rule_parse(TEST_CARD[i], &base.rule[base.n++], err, sizeof err), 0);
    struct shoe_case k = {1, 4, 0, NULL};
    struct buyout_rules r = rules_of(&k);
    struct buyout_seen_card *c = malloc(sizeof *c);
    assert_non_null(c);
    if (buyout_seen_card_build(&r, &base, 3, 3, false, c, err, sizeof err) != 0)
        fail_msg("buyout_seen_card_build: %s", err);
    print_message("  %d + %d rules added\n", c->added[0], c->added[1]);
    assert_true(c->added[0] > 0 && c->added[1] > 0);
    wide_t before = c->base_ev;
    for (int g = 0; g < BUYOUT_CARD_GROUPS; g++)
        for (int j = 0; j < c->added[g]; j++) {
            assert_true(c->rule[g][j].has_dealer);
            assert_true(c->step_ev[g][j] > before);
            before = c->step_ev[g][j];
        }
    assert_true(c->ev == before && c->ev <= c->seen.sum.ev_num);
    assert_int_equal(c->card.n, base.n + c->added[0] + c->added[1]);
    struct bb_frac want = brute_card(&k, &c->card);
    if (!same_fraction(c->ev, c->seen.den, want.num, want.den))
        fail_msg("the hole-carder's card's EV differs from the brute force's %.9f", bb_frac_double(want));
    free(c);
}

/* ---- first principles ---- */

static wide_t sum9(const wide_t m[3][3], bool changed_only)
{
    wide_t s = 0;
    for (int n = 0; n < 3; n++)
        for (int h = 0; h < 3; h++)
            s += changed_only && n == h ? 0 : m[n][h];
    return s;
}

static void check_knowing_helps(const struct buyout_rules *r, const char *what)
{
    struct buyout_seen_result *res = solve(r);
    const struct buyout_seen_sums *s = &res->sum;
    print_message("  %s: swing %.4f%%\n", what, 100 * wide_ratio(s->ev_num - s->normal_num, res->den));
    assert_true(s->ev_num >= s->normal_num);
    if (sum9(s->third, true) > 0 || sum9(s->fourth, true) > 0)
        assert_true(s->ev_num > s->normal_num);
    /* every round decided once at the 3rd card, every 4th card once */
    assert_true(sum9(s->third, false) == s->deals);
    assert_true(sum9(s->fourth, false) == res->fourth_den);
    wide_t by3 = 0, by4 = 0;
    for (int dp = 0; dp < BUYOUT_SEEN_DEALER_BINS; dp++)
        for (int c = 0; c < 3; c++)
            by3 += s->by_dealer3[dp][BUYOUT_SEEN_HOLE][c], by4 += s->by_dealer4[dp][BUYOUT_SEEN_NORMAL][c];
    assert_true(by3 == s->deals && by4 == res->fourth_den);
    free(res);
}

static void test_knowing_the_hole_card_never_hurts(void **state)
{
    (void)state;
    struct shoe_case k = {2, 5, 0, NULL};
    struct buyout_rules r = rules_of(&k);
    check_knowing_helps(&r, "2 decks x 5 ranks");
    for (int t = 1; t <= BUYOUT_NTABLES; t++) { /* the Bonus beside the main game */
        r.bonus_table = t, r.bonus_num = 3, r.bonus_den = 2;
        char what[64];
        snprintf(what, sizeof what, "2 decks x 5 ranks, Bonus table %d at 3/2 units", t);
        check_knowing_helps(&r, what);
    }
}

/* ---- threads ---- */

static void test_threads_give_the_same_bits(void **state)
{
    (void)state;
    struct shoe_case k = {2, 6, 0, NULL};
    struct buyout_rules r = rules_of(&k);
    struct buyout_seen_result *one = NULL;
    for (int t = 1; t <= 3; t++) {
        team_start(t, BIND_NONE);
        struct buyout_seen_result *res = solve(&r);
        if (!one) {
            one = res;
            continue;
        }
        assert_memory_equal(&res->sum, &one->sum, sizeof res->sum);
        free(res);
    }
    free(one);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_hole_dealer_sums_to_upcard_dealer),
        cmocka_unit_test(test_fast_equals_brute),
        cmocka_unit_test(test_card_equals_brute),
        cmocka_unit_test(test_hole_carder_card),
        cmocka_unit_test(test_knowing_the_hole_card_never_hurts),
        cmocka_unit_test(test_threads_give_the_same_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
