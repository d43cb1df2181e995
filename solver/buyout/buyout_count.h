/* buyout_count.h — counting 4 Card Buyout's six-deck shoe (`fourcard
 * protect buyout --count`): a balanced integer count fitted to the effects
 * of removal (buyout_removal.h), its betting correlation, a shoe
 * simulation of a counter at a table, and the linear estimates checked
 * against exact solves of sampled shoes.
 *
 * The linear estimate (Griffin, The Theory of Blackjack) of the EV at a
 * shoe of M cards holding m_r cards of rank r, from the six-deck shoe of
 * N0 = 312 cards with EV E0 and the effects e_r of removing one card:
 *     E ~ E0 - (N0 - 1) sum_r e_r (m_r / M - 1/13),
 * exact to first order, and equal to E0 + e_r - mean(e) with one card of
 * rank r gone.  A count gives rank r the tag t_r (sum t_r = 0: balanced);
 * the running count is the sum of the tags of the cards seen and the true
 * count is that per deck left (M / 52).  With e_r ~ lambda t_r (least
 * squares) the estimate becomes E0 + (N0 - 1) lambda / 52 x true count,
 * which is what the counter uses to size his bet. */
#ifndef FOURCARD_BUYOUT_COUNT_H
#define FOURCARD_BUYOUT_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout_removal.h"
#include "buyout_simulate.h"

enum { BUYOUT_COUNT_MAX_LEVEL = 3 };

/* A game's count. */
struct buyout_count {
    double ev0;                 /* the six-deck EV (per unit) */
    double effect[NRANKS];      /* EV change per card of each rank removed */
    int level;                  /* the largest |tag| */
    int tag[NRANKS];
    double bc;                  /* betting correlation: Pearson's r of the tags and the effects */
    double bc_level[BUYOUT_COUNT_MAX_LEVEL]; /* the best balanced count of level 1, 2, 3 */
    double per_true_count;      /* the estimate's change per unit of true count */
};

/* The effects of game g out of the removal table, and its count: for each
 * level L the tags round(L e_r / max|e|) made balanced by moving the tags
 * that cost the least, then the level of highest betting correlation
 * (the lower on a tie). */
void buyout_count_fit(const struct buyout_removal *rem, int g, struct buyout_count *c);

/* The linear estimate above at a shoe count[] (card ids). */
double buyout_linear_ev(const struct buyout_count *c, const int count[NCARDS]);

/* The shoe simulation: six decks shuffled, dealt to `players` players
 * (the counter is one) and the dealer until the cut card, `cut_decks`
 * decks from the end, comes out (the round finishes; then a new shoe).
 * Every player plays the main game's optimal full-shoe strategy (so the
 * cards each round uses are those of real play); the dealer draws only
 * when some player is still in.  Every card is seen by the end of the
 * round.  At the start of each round the counter bets `spread` units when
 * his count's estimate is positive, else 1, on each game in turn: its EV
 * there is, for a game with decisions, the linear estimate, and for the
 * Bonus alone the exact EV of the shoe left. */
struct buyout_shoe_sim_options {
    double cut_decks;
    int players;
    int64_t rounds;       /* at least this many rounds: whole batches of shoes */
    uint64_t seed;
    int spread;           /* the big bet, in units (8: a 1-to-8 spread) */
    int keep_shoes;       /* shoe states kept (one round of each of the first shoes) for exact solves */
};

struct buyout_shoe_sim_game {
    double win_per_100, win_se; /* the counter's win per 100 rounds (units) and its standard error */
    double flat_per_100;        /* betting 1 unit every round */
    double average_bet;         /* units */
    double advantage_share;     /* rounds whose shoe favours the player (EV > 0) */
    double big_share;           /* rounds he bets the big bet */
};

struct buyout_shoe_sim {
    struct buyout_shoe_sim_options o;
    int64_t rounds, shoes;
    double cards_per_round;
    struct buyout_shoe_sim_game game[BUYOUT_NGAMES];
    int nkept;
    int8_t (*kept)[NCARDS]; /* the kept shoe states (free) */
};

/* Runs the simulation; counts[g] is game g's count; the cut card must
 * leave a round's cards (4 a player and 5).  The result is the
 * same at any thread count (shoes are seeded one by one and summed in
 * order).  Returns 0, or -1 with err. */
int buyout_shoe_sim_run(const struct buyout_count counts[BUYOUT_NGAMES], struct buyout_sim *basic,
                        const struct buyout_shoe_sim_options *o, bool progress, struct buyout_shoe_sim *out,
                        char *err, size_t errlen);

/* The linear estimates of the games with decisions (main, main + each
 * Bonus table) against exact solves of the shoes: in percent of a unit. */
enum { BUYOUT_DECISION_GAMES = 1 + BUYOUT_NTABLES };
struct buyout_exact_check {
    int n;
    double mean_error[BUYOUT_DECISION_GAMES], mean_abs[BUYOUT_DECISION_GAMES], max_abs[BUYOUT_DECISION_GAMES],
        rms[BUYOUT_DECISION_GAMES];
    double (*exact)[BUYOUT_DECISION_GAMES], (*estimate)[BUYOUT_DECISION_GAMES]; /* per shoe, in units (free) */
    int8_t (*shoes)[NCARDS];                                                    /* a copy (free) */
    int resumed;                                                                /* shoes taken from --resume's folder */
};

/* Solves every shoe exactly (the reading and the Bonus units of
 * rem->base); every MPI rank must call it with the same n (rank 0's
 * shoes are broadcast; the others may pass NULL).  With cp (rank 0's
 * matters; NULL: none) each shoe solved is kept there, piece i the i-th
 * shoe and its exact EVs, and a shoe whose piece is there (the same shoe)
 * is taken from it; *resumed counts those.  Returns 0, or -1 with err. */
struct checkpoint;
int buyout_exact_check_run(const struct buyout_removal *rem, const struct buyout_count counts[BUYOUT_NGAMES],
                           int8_t (*shoes)[NCARDS], int n, bool progress, const struct checkpoint *cp,
                           struct buyout_exact_check *out, char *err, size_t errlen);
void buyout_exact_check_free(struct buyout_exact_check *x);

#endif
