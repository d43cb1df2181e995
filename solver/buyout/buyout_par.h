/* buyout_par.h — the PAR sheet of 4 Card Buyout from an exact solve
 * (buyout_solve.h): the net result of a round (First, Second, Third and,
 * with a Bonus table, the Bonus) per First-bet unit, the decisions, the
 * player's final hands (cards kept, points, showdown) and the Bonus.
 *
 * The solve sums, for every deal, the hands played to the showdown by
 * cards kept, points and result (buyout_totals.final) and the folds; a
 * round's net result is fixed by those, so the distribution follows
 * exactly.  Before the sheet is made, the main bets' net result derived
 * from them is checked against the solve's own net counts, and the Bonus
 * derived from the points against the solve's Bonus EV. */
#ifndef FOURCARD_BUYOUT_PAR_H
#define FOURCARD_BUYOUT_PAR_H

#include <stddef.h>

#include "buyout_solve.h"
#include "par_sheet.h"

/* NULL with err when out of memory or when a check fails. */
struct par_sheet *buyout_par_build(const struct buyout_result *r, char *err, size_t errlen);

#endif
