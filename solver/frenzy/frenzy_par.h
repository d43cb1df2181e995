/* frenzy_par.h — the PAR sheet of Four Card Frenzy: the net result of a
 * round (Ante + Odds + Raise, the player deciding optimally, per Ante)
 * over all 2,598,960 player hands and all C(47,5) dealer hands each,
 * exactly, with its frequency tables and side bets.
 *
 * How, from the counts the solver keeps: a class's dealer hands rank
 * below the player's (below), up to a copy (upto) and below King-high
 * (unqualified), three values L(p), L(p+1) and L(q) of the monotone
 * count L(r) of dealer hands ranked under r.  The hands of an interval
 * of ranks that do not qualify are then L(min(end, q)) - L(min(start,
 * q)) = min(L(end), L(q)) - min(L(start), L(q)): so every cell of
 * {win, copy, lose} x {qualified, not} is known, and in each cell every
 * bet's result is fixed.  No finer enumeration is needed.
 */
#ifndef FOURCARD_FRENZY_PAR_H
#define FOURCARD_FRENZY_PAR_H

#include <stddef.h>
#include <stdint.h>

#include "frenzy_counts.h"
#include "frenzy_jackpot.h"
#include "frenzy_solve.h"
#include "par_sheet.h"

/* A class's dealer hands by the player's result and the dealer
 * qualifying; they add up to FRENZY_DEALER_HANDS. */
enum frenzy_showdown_cell {
    FS_WIN_Q = 0, FS_WIN_NQ, FS_COPY_Q, FS_COPY_NQ, FS_LOSE_Q, FS_LOSE_NQ, FS_NCELLS
};
/* Splits a class's C(47,5) dealer hands into the six cells. */
void frenzy_showdown_cells(const struct frenzy_class *c, int64_t cells[FS_NCELLS]);
/* "player wins, dealer qualifies", ... ("?" when out of range). */
const char *frenzy_showdown_name(enum frenzy_showdown_cell cell);

/* The net result of a hand played with `raise` units raised, in 1/den of
 * an Ante, when the dealer's hand falls in `cell`; den is
 * frenzy_game_den(g). */
int64_t frenzy_played_net(const struct frenzy_game *g, int64_t den, uint32_t rank, int raise,
                          enum frenzy_showdown_cell cell);

/* The sheet of one game (r from frenzy_solve on the counts c) and the
 * side bets priced with it.  NULL with err when out of memory or when
 * the sheet disagrees with the solve (par_sheet_finish). */
struct par_sheet *frenzy_par_build(const struct frenzy_result *r, const struct frenzy_counts *c,
                                   const struct frenzy_side_result *sides, int nsides, char *err, size_t errlen);

/* Adds the jackpots to a sheet: res[t * nplayers + k] is table t priced
 * at one meter for k + 1 players (frenzy_jackpot_solve).  Returns 0, or
 * -1 when the sheet has no room. */
int frenzy_par_jackpots(struct par_sheet *s, const struct frenzy_jackpot_result *res, int ntables, int nplayers);

#endif
