/* buyout_montecarlo.h — 4 Card Buyout rounds dealt for real, as a check of
 * an exact EV, with a strategy given as callbacks.  The rounds are those
 * of the solver-side simulator (solver/buyout/buyout_simulate.h, one simulator
 * for `fourcard simulate buyout` and these tests): a shoe shuffled with
 * GSL's MT19937 (one generator seeded with cfg->seed), a round dealt in the
 * table's order, every round from the full shoe by a partial Fisher-Yates
 * shuffle, points by the kernels (kernels/buyout.h).  The exact EVs it is
 * held against come from the brute force (buyout_brute.c) or the solver;
 * the kernels' points are checked against the brute force's bb_points
 * hand by hand elsewhere (test_buyout_rules).
 */
#ifndef FOURCARD_BUYOUT_MONTECARLO_H
#define FOURCARD_BUYOUT_MONTECARLO_H

#include "buyout_brute.h"
#include "cards.h"

enum bm_action { BM_BUY = BB_BUY, BM_REFUSE = BB_REFUSE, BM_FOLD = BB_FOLD };

/* A strategy: the decision at the 3rd card (p[0..2]) and at the 4th card
 * (p[0..3], after buying the 3rd), the player's cards in dealing order and
 * the dealer's upcard.  Returns an enum bm_action. */
struct bm_strategy {
    int (*at3)(void *ctx, const card_t p[3], card_t up);
    int (*at4)(void *ctx, const card_t p[4], card_t up);
    void *ctx;
};

struct bm_config {
    struct bb_shoe shoe;  /* the full shoe (e.g. bb_shoe_make(&shoe, 6, 0x1fff)), 9 to 312 cards */
    struct bb_rules rules;
    unsigned long seed;   /* gsl_rng_mt19937 seed */
    long long rounds;
};

struct bm_result {
    long long rounds;
    long long sum, sumsq;       /* of the net per round (-3..+3 units) */
    double mean, sd, se;        /* sample mean, standard deviation, standard error */
    long long net[7];           /* rounds by net + 3 */
    long long at3[3], at4[3];   /* decisions by enum bm_action */
    long long illegal;          /* decisions the rules forbid (played as FOLD) */
};

/* Returns 0, or -1 when the shoe has fewer than 9 or more than 312 cards
 * or the generator cannot be allocated. */
int bm_run(const struct bm_config *cfg, const struct bm_strategy *st, struct bm_result *res);

#endif
