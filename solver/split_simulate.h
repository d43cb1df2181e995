/* split_simulate.h — 4 Card Split rounds dealt for real from a shuffled
 * 52-card deck, played by the solver's decisions and settled from the
 * cards (see simulate.h). */
#ifndef FOURCARD_SPLIT_SIMULATE_H
#define FOURCARD_SPLIT_SIMULATE_H

#include "simulate.h"
#include "split_rules.h"

/* Solves the paytable (collecting the decision of every class), plays
 * so->rounds rounds and fills rep.  Returns 0, 1 on an MPI rank other
 * than 0 (it helped solve; nothing to report), or -1 with err. */
int split_simulate(const struct split_paytable *pt, enum split_instant_reading instant,
                   const struct sim_options *so, struct sim_report *rep, char *err, size_t errlen);

#endif
