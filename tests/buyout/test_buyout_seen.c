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
#include "buyout_seen.h"
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
    if (buyout_seen_solve(r, 1, false, res, err, sizeof err) != 0)
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
        cmocka_unit_test(test_knowing_the_hole_card_never_hurts),
        cmocka_unit_test(test_threads_give_the_same_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
