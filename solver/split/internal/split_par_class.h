/* split_par_class.h — the fast path of split_par.h: every round of one
 * situation under one decision, added to a joint outcome table
 * (split_par_table.h).  Internal to split_par; tests call it directly to
 * compare it class by class with the solver and with a brute force.
 */
#ifndef FOURCARD_SPLIT_PAR_CLASS_H
#define FOURCARD_SPLIT_PAR_CLASS_H

#include <stdint.h>

#include "cards.h"
#include "split_counts.h"
#include "split_par_table.h"
#include "split_solve.h"

/* Adds the SPLIT_L rounds (D, c1, c2) of situation (P, u), each counted
 * `weight` times, played by decision d, to acc.  d is any legal decision
 * (optimal or not) in split_decide's form: masks into P, play flags.  The
 * tables are those of split_dealer_tables_build for the game's rules.
 * Uses a 160 KB per-thread scratch area. */
void split_par_class(const struct split_dealer_tables *t, const card_t P[4], card_t u, int64_t weight,
                     const struct split_decision *d, struct split_par_table *acc);

#endif
