/* split_simulate.h — 4 Card Split rounds dealt for real from a shuffled
 * 52-card deck, played by the solver's decisions and settled from the
 * cards (see simulate.h). */
#ifndef FOURCARD_SPLIT_SIMULATE_H
#define FOURCARD_SPLIT_SIMULATE_H

#include "simulate.h"
#include "split_rules.h"
#include "split_solve.h"

/* Solves the paytable (collecting the decision of every class), plays
 * so->rounds rounds and fills rep.  Returns 0, 1 on an MPI rank other
 * than 0 (it helped solve; nothing to report), or -1 with err. */
int split_simulate(const struct split_paytable *pt, enum split_instant_reading instant,
                   const struct sim_options *so, struct sim_report *rep, char *err, size_t errlen);

/* For checks: the decision a game made by split_simulate plays in the
 * dealt situation (P in increasing order, upcard u): its class's, with
 * hand_a and hand_b as masks of positions in this P. */
void split_sim_decision(const struct sim_game *g, const card_t P[4], card_t u, struct split_decision *out);

#endif
