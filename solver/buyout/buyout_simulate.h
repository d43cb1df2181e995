/* buyout_simulate.h — 4 Card Buyout rounds dealt for real from a shuffled
 * shoe (see simulate.h): the one Buyout simulator, used by `fourcard
 * simulate buyout` with the solver's decisions and by the tests with
 * strategies of their own.
 *
 * A round is dealt in the table's order: player, upcard, player, hole
 * card; the player's 3rd and 4th cards as he buys them; the dealer's 2
 * more cards and a 5th under 13 points.  Points are the kernels'
 * (buyout_points, buyout_points5); nothing of the solver's counting.
 */
#ifndef FOURCARD_BUYOUT_SIMULATE_H
#define FOURCARD_BUYOUT_SIMULATE_H

#include "buyout_solve.h"
#include "simulate.h"

/* A strategy: the decision at the 3rd card (p[0..2], the player's cards in
 * dealing order) and at the 4th card (p[0..3], after buying the 3rd), the
 * dealer's upcard up. */
struct buyout_sim_strategy {
    enum buyout_choice (*at3)(void *ctx, const card_t p[3], card_t up);
    enum buyout_choice (*at4)(void *ctx, const card_t p[4], card_t up);
    void *ctx;
};

/* What happened in a round. */
struct buyout_round {
    int main_net;      /* First + Second + Third: -3 .. +3 units */
    int kept;          /* cards the player kept: 2, 3, 4, or 0 folded */
    int points;        /* of the kept cards (0 folded) */
    int at3, at4;      /* the decisions played (enum buyout_choice); at4 -1 when not reached */
    bool illegal;      /* a decision the rules forbid, played as fold */
    bool dealer_five;  /* the dealer drew a 5th card */
};

/* Deals and settles one round of the main game from d (a new round). */
void buyout_sim_round(struct sim_deck *d, enum buyout_five_reading five, const struct buyout_sim_strategy *st,
                      struct buyout_round *out);

/* Solves the rules (collecting the decisions), plays so->rounds rounds
 * with the solver's strategy and fills rep (with a Bonus bet, it is
 * settled too; a Bonus alone deals 4 cards a round).  Returns 0, 1 on an
 * MPI rank other than 0 (nothing to report), or -1 with err. */
int buyout_simulate(const struct buyout_rules *r, const struct sim_options *so, struct sim_report *rep, char *err,
                    size_t errlen);

/* For checks: the solver's strategy as a game made by buyout_simulate
 * plays it (valid while the game is). */
struct buyout_sim_strategy buyout_sim_solver_strategy(const struct sim_game *g);

/* The optimal strategy of rules r (a full shoe) as a look-up: the basic
 * strategy of the counting simulation (buyout_count.h).  Solved with
 * threads (0 = OpenMP's default); on an MPI rank other than 0, NULL.
 * NULL with err on failure.  The strategy is valid while the look-up is. */
struct buyout_sim *buyout_sim_basic_new(const struct buyout_rules *r, int threads, char *err, size_t errlen);
struct buyout_sim_strategy buyout_sim_basic_strategy(struct buyout_sim *s);
void buyout_sim_basic_free(struct buyout_sim *s);

#endif
