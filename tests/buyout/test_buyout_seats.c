/* test_buyout_seats.c — 4 Card Buyout tables played in order of play,
 * every face-up card seen (buyout_seats.h), against an independent brute
 * force and first principles:
 *   - at random tables on small shoes, each seat's exact EV with what he
 *     knows (the others' 2 cards and the cards the seats before him
 *     turned), under the decisions optimal with it and under the normal
 *     game's decisions, equals the brute force's (buyout_brute.c: every
 *     3rd card, 4th card and dealer hand of the shoe less the known cards,
 *     the normal decisions taken from the brute force on the whole shoe);
 *   - a seat turns his 4th card exactly when the brute force's optimal
 *     option at the 3rd card he was dealt is to buy; the last seat turns
 *     none;
 *   - the gain is never negative;
 *   - the EV per seat (normal EV + mean gain) and the seats' own mean EV
 *     agree within 4 standard errors; the sums by seat add up to the
 *     table's (every seat's gain reaches both through the blocks);
 *   - 1 and 3 threads give the same sums;
 *   - with a resume folder, a second run takes every block of tables from
 *     it and a third, one block gone, deals that one again: the same sums.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_brute.h"
#include "buyout_seats.h"
#include "cards.h"
#include "checkpoint.h"

static unsigned top_ranks(int nranks) { return ((1u << nranks) - 1u) << (NRANKS - nranks); }

static struct bb_frac frac_add(struct bb_frac a, struct bb_frac b)
{
    return bb_frac_make(a.num * b.den + b.num * a.den, a.den * b.den);
}

static struct bb_frac frac_scale(struct bb_frac a, bb_int k, bb_int d) { return bb_frac_make(a.num * k, a.den * d); }

/* The legal option of highest EV, a tie going to the smaller wager (the
 * solver's rule: fold, then refuse, then buy), as a brute-force option. */
static int choose(const struct bb_options *o)
{
    static const int ORDER[3] = {BB_FOLD, BB_REFUSE, BB_BUY};
    int best = -1;
    for (int i = 0; i < 3; i++) {
        int k = ORDER[i];
        if (o->legal[k] && (best < 0 || bb_frac_cmp(o->ev[k], o->ev[best]) > 0))
            best = k;
    }
    return best;
}

/* A 3rd card's value priced on the shoe `price` with the decisions the
 * brute force finds optimal on the shoe `decide` (the same shoe: the
 * optimal value). */
static struct bb_frac brute_third(const struct bb_shoe *decide, const struct bb_shoe *price, const struct bb_rules *br,
                                  const card_t p[3], card_t up)
{
    struct bb_options d3, v3;
    assert_int_equal(bb_options3(decide, br, p, up, &d3), 0);
    assert_int_equal(bb_options3(price, br, p, up, &v3), 0);
    int c = choose(&d3);
    if (c != BB_BUY)
        return v3.ev[c];
    struct bb_shoe left = *price;
    card_t seen[4] = {p[0], p[1], p[2], up};
    assert_int_equal(bb_shoe_remove(&left, seen, 4), 0);
    struct bb_frac sum = {0, 1};
    for (int c4 = 0; c4 < NCARDS; c4++) {
        if (!left.count[c4])
            continue;
        card_t p4[4] = {p[0], p[1], p[2], (card_t)c4};
        struct bb_options d4, v4;
        assert_int_equal(bb_options4(decide, br, p4, up, &d4), 0);
        assert_int_equal(bb_options4(price, br, p4, up, &v4), 0);
        sum = frac_add(sum, frac_scale(v4.ev[choose(&d4)], left.count[c4], 1));
    }
    return frac_scale(sum, 1, bb_shoe_size(&left));
}

/* A seat's EV over every 3rd card: price is the shoe less the other
 * seats' cards. */
static struct bb_frac brute_seat(const struct bb_shoe *decide, const struct bb_shoe *price, const struct bb_rules *br,
                                 const card_t P[2], card_t up)
{
    struct bb_shoe left = *price;
    card_t seen[3] = {P[0], P[1], up};
    assert_int_equal(bb_shoe_remove(&left, seen, 3), 0);
    struct bb_frac sum = {0, 1};
    for (int c3 = 0; c3 < NCARDS; c3++)
        if (left.count[c3]) {
            card_t p[3] = {P[0], P[1], (card_t)c3};
            sum = frac_add(sum, frac_scale(brute_third(decide, price, br, p, up), left.count[c3], 1));
        }
    return frac_scale(sum, 1, bb_shoe_size(&left));
}

static uint64_t next_random(uint64_t *x) /* xorshift64: the tables of the test, fixed */
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

/* Deals n seats and the upcard from the shoe. */
static void deal_table(const struct bb_shoe *shoe, int n, uint64_t *rng, card_t P[][2], card_t *up)
{
    struct bb_shoe s = *shoe;
    card_t cards[2 * BUYOUT_SEATS_MAX + 1];
    for (int i = 0; i < 2 * n + 1; i++) {
        int k = (int)(next_random(rng) % (uint64_t)bb_shoe_size(&s)), c = 0;
        while (k >= s.count[c])
            k -= s.count[c++];
        cards[i] = (card_t)c;
        s.count[c]--;
    }
    for (int i = 0; i < n; i++)
        P[i][0] = cards[2 * i], P[i][1] = cards[2 * i + 1];
    *up = cards[2 * n];
}

/* The next card of a shoe, at random: the test's draw for the seats' 3rd
 * and 4th cards. */
struct test_draw {
    struct bb_shoe left;
    uint64_t *rng;
};

static card_t draw_card(void *ctx)
{
    struct test_draw *d = ctx;
    int k = (int)(next_random(d->rng) % (uint64_t)bb_shoe_size(&d->left)), c = 0;
    while (k >= d->left.count[c])
        k -= d->left.count[c++];
    d->left.count[c]--;
    return (card_t)c;
}

struct shoe_case {
    int decks, nranks, five_all, seats, tables;
};

static void check_case(const struct shoe_case *k, uint64_t *rng, int *bought, int *acted)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = k->decks, r.nranks = k->nranks;
    r.dealer_five = k->five_all ? BUYOUT_FIVE_ALL : BUYOUT_FIVE_BEST4;
    struct bb_rules br = {k->five_all};
    struct bb_shoe full;
    bb_shoe_make(&full, k->decks, top_ranks(k->nranks));
    char err[256];
    struct buyout_context *normal = buyout_seats_context(&r, err, sizeof err);
    if (!normal)
        fail_msg("buyout_seats_context: %s", err);
    for (int t = 0; t < k->tables; t++) {
        card_t P[BUYOUT_SEATS_MAX][2], up;
        deal_table(&full, k->seats, rng, P, &up);
        struct test_draw draw = {full, rng};
        for (int o = 0; o < k->seats; o++)
            assert_int_equal(bb_shoe_remove(&draw.left, P[o], 2), 0);
        assert_int_equal(bb_shoe_remove(&draw.left, &up, 1), 0);
        struct buyout_seat_value v[BUYOUT_SEATS_MAX];
        wide_t den[BUYOUT_SEATS_MAX];
        struct buyout_table_seen seen;
        if (buyout_seats_table(normal, k->seats, (const card_t(*)[2])P, up, draw_card, &draw, v, den, &seen, NULL,
                               err, sizeof err) != 0)
            fail_msg("buyout_seats_table: %s", err);
        for (int s = 0; s < k->seats; s++) {
            int from = s ? seen.end[s - 1] : 0;
            struct bb_shoe price = full; /* the shoe less what seat s knows but his own cards and the upcard */
            for (int o = 0; o < k->seats; o++)
                if (o != s)
                    assert_int_equal(bb_shoe_remove(&price, P[o], 2), 0);
            assert_int_equal(bb_shoe_remove(&price, seen.card, from), 0);
            struct bb_frac best = brute_seat(&price, &price, &br, P[s], up);
            struct bb_frac norm = brute_seat(&full, &price, &br, P[s], up);
            if (best.num * den[s] != (bb_int)v[s].best * best.den || norm.num * den[s] != (bb_int)v[s].normal * norm.den)
                fail_msg("%d decks, %d ranks, %d seats, table %d, seat %d: EVs %.9f / %.9f, brute force %.9f / %.9f",
                         k->decks, k->nranks, k->seats, t, s, (double)v[s].best / (double)den[s],
                         (double)v[s].normal / (double)den[s], bb_frac_double(best), bb_frac_double(norm));
            assert_true(v[s].best >= v[s].normal);
            /* the cards he turned: his 3rd, and his 4th when the brute force buys the 3rd */
            int turned = seen.end[s] - from;
            if (s + 1 == k->seats) {
                assert_int_equal(turned, 0);
                continue;
            }
            card_t p3[3] = {P[s][0], P[s][1], seen.card[from]};
            struct bb_options o3;
            assert_int_equal(bb_options3(&price, &br, p3, up, &o3), 0);
            int buys = choose(&o3) == BB_BUY;
            assert_int_equal(turned, 1 + buys);
            *bought += buys, *acted += 1;
        }
    }
    buyout_context_free(normal);
}

static void test_tables_equal_brute_force(void **state)
{
    (void)state;
    static const struct shoe_case CASES[] = {
        {1, 5, 0, 2, 6}, /* 20 cards */
        {1, 5, 1, 3, 4},
        {2, 3, 0, 4, 3}, /* 24 cards: 9 of them known */
        {1, 6, 0, 2, 2}, /* 24 cards of six ranks */
    };
    uint64_t rng = 0x9e3779b97f4a7c15u;
    int all_bought = 0, all_acted = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        double t0 = omp_get_wtime();
        int bought = 0, acted = 0;
        check_case(&CASES[i], &rng, &bought, &acted);
        print_message("    %d decks, %d ranks, %d seats: %d tables in %.2f s; %d of %d seats before the last bought "
                      "their 3rd card\n",
                      CASES[i].decks, CASES[i].nranks, CASES[i].seats, CASES[i].tables, omp_get_wtime() - t0, bought,
                      acted);
        all_bought += bought, all_acted += acted;
    }
    assert_true(all_bought > 0 && all_bought < all_acted); /* both ways checked */
}

/* ---- the sampled run ---- */

static struct buyout_rules small_rules(void)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = 2, r.nranks = 5; /* 40 cards: the gain is large, the run quick */
    return r;
}

static void run_kept(int threads, int64_t tables, const struct checkpoint *cp, struct buyout_seats *out)
{
    struct buyout_rules r = small_rules();
    struct buyout_solve_options o = {.threads = threads, .bind = BIND_NONE};
    char err[256];
    if (buyout_seats_run(&r, &o, 2, 3, tables, 7, cp, out, err, sizeof err) != 0)
        fail_msg("buyout_seats_run: %s", err);
}

static void run(int threads, int64_t tables, struct buyout_seats *out) { run_kept(threads, tables, NULL, out); }

/* Tables per size: each seat costs a dealer table build (a few ms). */
enum { TABLES = 48 };

static void test_estimates_agree_and_threads_give_the_same_sums(void **state)
{
    (void)state;
    struct buyout_seats *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a), assert_non_null(b);
    double t0 = omp_get_wtime();
    run(1, TABLES, a);
    double t1 = omp_get_wtime();
    run(3, TABLES, b);
    print_message("    1 thread %.2f s, 3 threads %.2f s\n", t1 - t0, omp_get_wtime() - t1);
    assert_int_equal(a->nrows, 2);
    for (int i = 0; i < a->nrows; i++) {
        const struct buyout_seats_row *x = &a->rows[i], *y = &b->rows[i];
        assert_int_equal(x->tables, TABLES);
        assert_true(x->gain == y->gain && x->gain_sq == y->gain_sq && x->ev == y->ev && x->ev_sq == y->ev_sq);
        assert_memory_equal(&x->tally, &y->tally, sizeof x->tally);
        assert_true(x->gain >= 0);
        struct buyout_seats_figures f;
        buyout_seats_figures(a, x, &f);
        print_message("    %d seats: EV %+.5f +- %.5f (gain %+.5f), seats' own %+.5f +- %.5f\n", x->seats, f.ev, f.se,
                      f.gain, f.direct_ev, f.direct_se);
        assert_true(f.gain > 0); /* a 40-card shoe: the others' cards are worth something */
        /* the sums' plumbing (row_add, the blocks): every seat's gain reaches both sums */
        wide_t by_seat = 0;
        for (int k = 0; k < x->seats; k++)
            by_seat += x->seat_gain[k];
        assert_true(by_seat == x->gain);
        assert_memory_equal(x->seat_gain, y->seat_gain, sizeof x->seat_gain);
        assert_memory_equal(x->seat_gain_sq, y->seat_gain_sq, sizeof x->seat_gain_sq);
        assert_true(fabs(f.ev - f.direct_ev) <= 4 * sqrt(f.se * f.se + f.direct_se * f.direct_se));
    }
    free(a), free(b);
}

/* --resume: a run that keeps its blocks, then one that takes them all, then
 * one with a block gone: the same sums each time. */
static void test_blocks_resume(void **state)
{
    (void)state;
    struct buyout_seats *a = malloc(sizeof *a), *b = malloc(sizeof *b), *c = malloc(sizeof *c);
    assert_non_null(a), assert_non_null(b), assert_non_null(c);
    char dir[] = "/tmp/fourcard-seats-XXXXXX", err[256], path[512];
    assert_non_null(mkdtemp(dir));
    struct checkpoint cp;
    assert_int_equal(checkpoint_open(&cp, dir, "test-seats", "small rules, seed 7", err, sizeof err), 0);
    run_kept(2, TABLES, &cp, a);
    run_kept(2, TABLES, &cp, b);
    snprintf(path, sizeof path, "%s/test-seats-%016llx-%05ld.part", dir, (unsigned long long)cp.key, 3L << 32 | 1);
    assert_int_equal(remove(path), 0); /* 3 seats, block 1 */
    run_kept(1, TABLES, &cp, c);
    int blocks = 2 * (TABLES / BUYOUT_SEATS_BLOCK);
    assert_int_equal(a->blocks_resumed, 0);
    assert_int_equal(b->blocks_resumed, blocks);
    assert_int_equal(c->blocks_resumed, blocks - 1);
    for (int i = 0; i < a->nrows; i++)
        for (const struct buyout_seats *o = b; o; o = o == b ? c : NULL) {
            const struct buyout_seats_row *x = &a->rows[i], *y = &o->rows[i];
            assert_true(x->tables == y->tables && x->gain == y->gain && x->gain_sq == y->gain_sq && x->ev == y->ev &&
                        x->ev_sq == y->ev_sq);
            assert_memory_equal(&x->tally, &y->tally, sizeof x->tally);
        }
    for (int n = 2; n <= 3; n++)
        for (long blk = 0; blk < TABLES / BUYOUT_SEATS_BLOCK; blk++) {
            snprintf(path, sizeof path, "%s/test-seats-%016llx-%05ld.part", dir, (unsigned long long)cp.key,
                     (long)n << 32 | blk);
            assert_int_equal(remove(path), 0);
        }
    assert_int_equal(remove(dir), 0);
    free(a), free(b), free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_equal_brute_force),
        cmocka_unit_test(test_estimates_agree_and_threads_give_the_same_sums),
        cmocka_unit_test(test_blocks_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
