/* test_simulate.c — `fourcard simulate` through its C API, for each game's
 * default rules:
 *   - 10^6 rounds dealt from a shuffled deck or shoe, played with the
 *     solver's decisions and settled from the cards, average to the exact
 *     EV within 4 standard errors, and every decision's rate matches the
 *     solver's exact rate within 4 standard errors; no dealt decision
 *     breaks the rules;
 *   - the same seed gives the same exact sums at 1 and 2 threads (with a
 *     partial last block), and another seed other sums;
 *   - the look-up of a dealt situation's class is right: on random dealt
 *     situations the decision played is the one the solver computes for
 *     those very cards (split_decide on their own counts; Buyout's
 *     buyout_situation_evs), up to options of equal EV;
 *   - the check has power: a Frenzy game settled with one Bad Beat table
 *     and held against the EV of another is caught.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buyout_simulate.h"
#include "split_counts.h"
#include "frenzy_simulate.h"
#include "simulate.h"
#include "split_simulate.h"

#define ROUNDS 1000000
#define SEED 20251126

static struct sim_options options(int64_t rounds, uint64_t seed, int threads)
{
    return (struct sim_options){.rounds = rounds, .seed = seed, .threads = threads, .bind = BIND_NONE};
}

static void agrees_with_exact(const char *what, const struct sim_report *rep)
{
    struct sim_stats s;
    sim_stats_of(rep, &s);
    double worst = sim_events_worst_z(rep);
    printf("  %s: %lld rounds, mean %+.6f, se %.6f, exact EV %+.6f, z %+.2f; decision rates worst |z| %.2f "
           "(solve %.1f s, simulate %.1f s)\n",
           what, (long long)rep->t.rounds, s.mean, s.se, s.ev, s.z, worst, rep->seconds_solve, rep->t.seconds);
    assert_int_equal(rep->t.rounds, ROUNDS);
    assert_true(rep->g.illegal_count >= 0);
    assert_int_equal(rep->t.counts[rep->g.illegal_count], 0);
    assert_true(s.se > 0);
    assert_true(fabs(s.z) < 4);
    assert_true(worst < 4);
}

static bool same_tally(const struct sim_tally *a, const struct sim_tally *b)
{
    return a->rounds == b->rounds && a->sum == b->sum && a->sumsq == b->sumsq &&
           !memcmp(a->counts, b->counts, sizeof a->counts);
}

/* A partial last block included: 3 whole blocks and 1,234 rounds. */
static void same_at_any_thread_count(const struct sim_report *rep)
{
    char err[256];
    struct sim_tally one, two, other;
    struct sim_options o = options(3 * SIM_BLOCK_ROUNDS + 1234, 7, 1);
    assert_int_equal(sim_run(&rep->g, &o, &one, err, sizeof err), 0);
    o.threads = 2;
    assert_int_equal(sim_run(&rep->g, &o, &two, err, sizeof err), 0);
    o.seed = 8;
    assert_int_equal(sim_run(&rep->g, &o, &other, err, sizeof err), 0);
    assert_int_equal(one.threads, 1);
    assert_int_equal(two.threads, 2);
    assert_true(same_tally(&one, &two));
    assert_true(one.sum != other.sum); /* equal sums by chance: about one in a thousand at this SD */
    assert_true(!same_tally(&one, &other));
}

/* A few random distinct cards (xorshift: the test's own, fixed). */
static void random_cards(uint64_t *x, card_t *out, int n, bool distinct)
{
    for (int i = 0; i < n; i++) {
        bool again;
        do {
            *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
            out[i] = (card_t)(*x % NCARDS);
            again = false;
            for (int j = 0; distinct && j < i; j++)
                again |= out[j] == out[i];
        } while (again);
    }
}

/* A 2+2 split names the same two hands in either order: the one holding
 * P[0] first. */
static void name_hands_alike(struct split_decision *d)
{
    if (d->choice == SPLIT_2_2 && !(d->hand_a & 1)) {
        uint8_t h = d->hand_a;
        bool p = d->play_a;
        d->hand_a = d->hand_b, d->play_a = d->play_b;
        d->hand_b = h, d->play_b = p;
    }
}

static void split_lookup_is_right(const struct sim_report *rep, const struct split_paytable *pt)
{
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    int ties = 0, n = 3000;
    for (int i = 0; i < n; i++) {
        card_t c[5], P[4];
        random_cards(&x, c, 5, true);
        memcpy(P, c, 4);
        for (int a = 1; a < 4; a++) /* increasing order */
            for (int b = a; b > 0 && P[b - 1] > P[b]; b--) {
                card_t tmp = P[b];
                P[b] = P[b - 1], P[b - 1] = tmp;
            }
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct split_decision own, played;
        split_situation_counts(t, P, c[4], counts);
        split_decide(pt, SPLIT_INSTANT_CHOOSE, P, counts, &own);
        split_sim_decision(&rep->g, P, c[4], &played);
        name_hands_alike(&own);
        name_hands_alike(&played);
        assert_true(played.best == own.best);
        bool same = played.choice == own.choice && played.hand_a == own.hand_a && played.hand_b == own.hand_b &&
                    played.play_a == own.play_a && played.play_b == own.play_b;
        if (!same) { /* another option of the same EV (suit symmetry) */
            if (!(own.has_second && own.second == own.best))
                fail_msg("situation %d: own choice %d a %d b %d play %d %d; played choice %d a %d b %d play %d %d", i,
                         own.choice, own.hand_a, own.hand_b, own.play_a, own.play_b, played.choice, played.hand_a,
                         played.hand_b, played.play_a, played.play_b);
            ties++;
        }
    }
    printf("  split: %d random dealt situations play their own best decision (%d by an equal option)\n", n, ties);
    split_dealer_tables_free(t);
}

static void test_split(void **state)
{
    (void)state;
    struct sim_report rep;
    char err[256];
    struct sim_options o = options(ROUNDS, SEED, 0);
    if (split_simulate(split_preset_find(SPLIT_DEFAULT_PRESET), SPLIT_INSTANT_CHOOSE, &o, &rep, err, sizeof err) != 0)
        fail_msg("split_simulate: %s", err);
    agrees_with_exact("split 2014-1a", &rep);
    split_lookup_is_right(&rep, split_preset_find(SPLIT_DEFAULT_PRESET));
    same_at_any_thread_count(&rep);
    sim_report_free(&rep);
}

static struct frenzy_game frenzy_game(const char *bad_beat)
{
    struct frenzy_game g = {.copy = FRENZY_COPY_WIN};
    assert_int_equal(frenzy_preset_get(FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &g.win), 0);
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, bad_beat, &g.bad_beat), 0);
    return g;
}

static void test_frenzy(void **state)
{
    (void)state;
    struct sim_report rep;
    char err[256];
    struct frenzy_game g = frenzy_game(FRENZY_DEFAULT_BAD_BEAT);
    struct sim_options o = options(ROUNDS, SEED, 0);
    if (frenzy_simulate(&g, "", &o, &rep, err, sizeof err) != 0)
        fail_msg("frenzy_simulate: %s", err);
    agrees_with_exact("frenzy WE-1/BB-2", &rep);
    same_at_any_thread_count(&rep);
    sim_report_free(&rep);
}

static void buyout_lookup_is_right(const struct sim_report *rep)
{
    char err[256];
    struct buyout_rules r = buyout_rules_default();
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(cx);
    struct buyout_sim_strategy st = buyout_sim_solver_strategy(&rep->g);
    uint64_t x = 0x2545f4914f6cdd1dULL;
    int n = 300;
    for (int i = 0; i < n; i++) {
        card_t c[5]; /* repeats allowed: six decks */
        random_cards(&x, c, 5, false);
        card_t p[4] = {c[0], c[1], c[2], c[3]}, up = c[4];
        struct buyout_option_evs e3, e4;
        if (buyout_situation_evs(cx, p, up, p[2], NULL, &e3, err, sizeof err) != 0 ||
            buyout_situation_evs(cx, p, up, p[2], &p[3], &e4, err, sizeof err) != 0)
            fail_msg("buyout_situation_evs: %s", err);
        enum buyout_choice a3 = st.at3(st.ctx, p, up), a4 = st.at4(st.ctx, p, up);
        assert_true(e3.legal[a3] && e3.num[a3] == e3.num[e3.best]);
        assert_true(e4.legal[a4] && e4.num[a4] == e4.num[e4.best]);
    }
    printf("  buyout: %d random dealt situations play their own best 3rd- and 4th-card decisions\n", n);
    buyout_context_free(cx);
}

static void test_buyout(void **state)
{
    (void)state;
    struct sim_report rep;
    char err[256];
    struct buyout_rules r = buyout_rules_default();
    struct sim_options o = options(ROUNDS, SEED, 0);
    if (buyout_simulate(&r, &o, &rep, err, sizeof err) != 0)
        fail_msg("buyout_simulate: %s", err);
    agrees_with_exact("buyout six decks", &rep);
    buyout_lookup_is_right(&rep);
    same_at_any_thread_count(&rep);
    sim_report_free(&rep);
}

/* Rounds settled with Bad Beat BB-1, held against BB-4b's exact EV: the
 * Bad Beat pays differ on every Straight or better that loses, by about
 * 0.014 an Ante (4.5 standard errors of 10^6 rounds, measured): 4 x 10^6
 * rounds put it about 9 standard errors away. */
static void test_power(void **state)
{
    (void)state;
    struct sim_report played, other;
    char err[256];
    struct frenzy_game bb1 = frenzy_game("BB-1"), bb4b = frenzy_game("BB-4b");
    struct sim_options o = options(4 * ROUNDS, SEED, 0), few = options(1, SEED, 0);
    if (frenzy_simulate(&bb1, "", &o, &played, err, sizeof err) != 0 ||
        frenzy_simulate(&bb4b, "", &few, &other, err, sizeof err) != 0)
        fail_msg("frenzy_simulate: %s", err);
    struct sim_stats right, wrong;
    sim_stats_of(&played, &right);
    played.ev_num = other.ev_num, played.ev_den = other.ev_den;
    sim_stats_of(&played, &wrong);
    printf("  frenzy BB-1, %lld rounds: z %+.2f against BB-1's EV, %+.2f against BB-4b's\n", (long long)played.t.rounds, right.z, wrong.z);
    assert_true(fabs(right.z) < 4);
    assert_true(fabs(wrong.z) > 4);
    sim_report_free(&played);
    sim_report_free(&other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frenzy),
        cmocka_unit_test(test_buyout),
        cmocka_unit_test(test_power),
        cmocka_unit_test(test_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
