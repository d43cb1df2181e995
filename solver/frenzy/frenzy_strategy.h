/* frenzy_strategy.h — the strategy file of Four Card Frenzy: one CSV row per
 * suit class of the player's 5 cards,
 *   cards,weight,best4,hand,decision,ev_fold,ev_raise1,ev_raise2,ev_raise3,
 *   dealer_lower,dealer_copy,dealer_higher,dealer_unqualified
 * (format in frenzy_strategy.c). */
#ifndef FOURCARD_FRENZY_STRATEGY_H
#define FOURCARD_FRENZY_STRATEGY_H

#include <stdio.h>

#include "frenzy_counts.h"
#include "frenzy_solve.h"

/* The file of game g from the solve's counts (frenzy_solve_options.counts_out). */
void frenzy_strategy_write(FILE *f, const struct frenzy_game *g, const struct frenzy_counts *c);

#endif
