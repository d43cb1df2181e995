/* test_frenzy_seen_deck.c — Four Card Frenzy with one or two dealer cards
 * seen, the whole game on a smaller deck: the solver's run
 * (frenzy_seen_solve_ranks: the same canonical pairs, weights, tables and
 * sums as the full deck's run, over the cards of a few ranks) against a
 * brute force that deals every player hand, every seen set and every
 * dealer hand of that deck with no symmetry (frenzy_seen_deck_brute.c,
 * written from the rules without reading the solver).
 *
 * Compared, exactly: the EV of the seen-optimal strategy, the normal
 * strategy priced with the cards seen, the normal game, the decision-change
 * table, and per rank of the (higher) seen card its situations, EVs and
 * decisions.  Decks of 20 cards (a brute force of a second or so each):
 * 2-3-4-K-A (the wheel straight A-2-3-4, the King that qualifies, the
 * Aces that allow 3x) and T-J-Q-K-A (straights at the top, every dealer
 * qualifies), one and two cards seen, both readings of a copy.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "frenzy_brute.h"
#include "frenzy_seen.h"
#include "frenzy_presets.h"
#include "frenzy_seen_deck_brute.h"
#include "frenzy_solve.h"

static unsigned rank_bit(int r) { return 1u << r; }

static const unsigned LOW = 1u << 0 | 1u << 1 | 1u << 2 | 1u << RANK_KING | 1u << RANK_ACE; /* 2 3 4 K A */
static const unsigned HIGH = 1u << RANK_TEN | 1u << RANK_JACK | 1u << RANK_QUEEN | 1u << RANK_KING | 1u << RANK_ACE;

static struct frenzy_game game_of(int copy_pushes)
{
    struct frenzy_game g = {0};
    assert_int_equal(frenzy_preset_get(FT_ODDS_WIN, "WE-1", &g.win), 0);
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, "BB-2", &g.bad_beat), 0);
    g.copy = copy_pushes ? FRENZY_COPY_PUSH : FRENZY_COPY_WIN;
    return g;
}

/* The solver's EV sums are in 1/(dealer_hands x den) per situation, the
 * brute force's in 1/(2 x dealer_hands): a x 2 == b x den.  The normal
 * game's total, in 1/(C(n-5,5) x den) per hand times C(5,K), against the
 * brute force's per hand in 1/(2 x C(n-5,5)). */
static int compare(const struct frenzy_seen *s, const struct frenzy_seen_deck_brute *b)
{
    int bad = 0;
    wide_t den = s->den, per = b->k == 1 ? 5 : 10;
    bad += s->hands != b->hands || s->seen_sets != b->seen_sets || s->dealer_hands != b->dealer_hands;
    bad += s->ev * 2 != (wide_t)b->ev * den;
    bad += s->normal_ev * 2 != (wide_t)b->normal_ev * den;
    bad += s->normal_total * 2 != per * (wide_t)b->normal_game * den;
    bad += memcmp(s->change, b->change, sizeof s->change) != 0;
    for (int r = 0; r < NRANKS; r++) {
        const struct frenzy_seen_rank *sr = &s->by_rank[r];
        bad += sr->pairs != b->rank_pairs[r];
        bad += sr->ev * 2 != (wide_t)b->rank_ev[r] * den;
        bad += sr->normal_ev * 2 != (wide_t)b->rank_normal_ev[r] * den;
        bad += memcmp(sr->choice, b->rank_choice[r], sizeof sr->choice) != 0;
    }
    return bad;
}

static void check_deck(unsigned ranks, int k, int copy_pushes)
{
    struct frenzy_game g = game_of(copy_pushes);
    static struct frenzy_seen s;
    static struct frenzy_seen_deck_brute b;
    char err[160];
    assert_int_equal(frenzy_seen_solve_ranks(&g, ranks, k, &s, err, sizeof err), 0);
    assert_int_equal(frenzy_seen_deck_brute(ranks, k, &FRENZY_BRUTE_WE1, &FRENZY_BRUTE_BB2, copy_pushes, &b), 0);
    int bad = compare(&s, &b);
    printf("ranks %#x, %d seen, copy %s: %lld situations, EV %.6f (normal %.6f) per Ante; %d mismatches\n", ranks, k,
           copy_pushes ? "pushes" : "wins", (long long)(s.hands * s.seen_sets),
           (double)s.ev / (double)frenzy_seen_den(&s), (double)s.normal_ev / (double)frenzy_seen_den(&s), bad);
    assert_int_equal(bad, 0);
    assert_true(s.ev > s.normal_ev); /* seeing changes some decision on these decks */
}

static void low_deck_one_seen(void **state) { (void)state, check_deck(LOW, 1, 0); }
static void low_deck_two_seen(void **state) { (void)state, check_deck(LOW, 2, 0); }
static void high_deck_one_seen(void **state) { (void)state, check_deck(HIGH, 1, 0); }
static void high_deck_two_seen(void **state) { (void)state, check_deck(HIGH, 2, 0); }
static void copies_push(void **state) { (void)state, check_deck(LOW, 1, 1), check_deck(HIGH, 2, 1); }

/* The same bits at 1 and 3 threads (the smaller deck's own pass runs on
 * one; its seen pass on all). */
static void same_bits_any_thread_count(void **state)
{
    (void)state;
    struct frenzy_game g = game_of(0);
    static struct frenzy_seen a, b;
    char err[160];
    omp_set_num_threads(1);
    assert_int_equal(frenzy_seen_solve_ranks(&g, LOW, 2, &a, err, sizeof err), 0);
    omp_set_num_threads(3);
    assert_int_equal(frenzy_seen_solve_ranks(&g, LOW, 2, &b, err, sizeof err), 0);
    omp_set_num_threads(2);
    assert_true(a.ev == b.ev && a.normal_ev == b.normal_ev && a.card_ev == b.card_ev);
    assert_memory_equal(a.change, b.change, sizeof a.change);
}

static void bad_arguments(void **state)
{
    (void)state;
    struct frenzy_game g = game_of(0);
    static struct frenzy_seen s;
    char err[160] = "";
    assert_int_equal(frenzy_seen_solve_ranks(&g, rank_bit(0) | rank_bit(1), 1, &s, err, sizeof err), -1);
    assert_non_null(strstr(err, "3 ranks"));
    assert_int_equal(frenzy_seen_solve_ranks(&g, LOW, 3, &s, err, sizeof err), -1);
}

int main(void)
{
    omp_set_dynamic(0);
    omp_set_num_threads(2);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(low_deck_one_seen),  cmocka_unit_test(low_deck_two_seen),
        cmocka_unit_test(high_deck_one_seen), cmocka_unit_test(high_deck_two_seen),
        cmocka_unit_test(copies_push),        cmocka_unit_test(same_bits_any_thread_count),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
