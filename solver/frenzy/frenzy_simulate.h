/* frenzy_simulate.h — Four Card Frenzy rounds dealt for real from a
 * shuffled 52-card deck, played by the solver's decisions and settled from
 * the cards (see simulate.h).  The main game: Ante, Odds and Raise. */
#ifndef FOURCARD_FRENZY_SIMULATE_H
#define FOURCARD_FRENZY_SIMULATE_H

#include "frenzy_solve.h"
#include "simulate.h"

/* Solves the game (paytable: a paytable file's [game] name or ""), plays
 * so->rounds rounds and fills rep.  Returns 0, 1 on an MPI rank other than
 * 0 (it helped count; nothing to report), or -1 with err. */
int frenzy_simulate(const struct frenzy_game *g, const char *paytable, const struct sim_options *so,
                    struct sim_report *rep, char *err, size_t errlen);

#endif
