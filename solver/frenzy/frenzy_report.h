/* frenzy_report.h — a Four Card Frenzy result as a readable table or JSON. */
#ifndef FOURCARD_FRENZY_REPORT_H
#define FOURCARD_FRENZY_REPORT_H

#include <stdio.h>

#include "frenzy_jackpot.h"
#include "frenzy_solve.h"

struct json_object;

/* The side bets of a report: per-hand ones and the jackpots. */
struct frenzy_side_bets {
    const struct frenzy_side_result *sides;
    int nsides;
    const struct frenzy_jackpot_result *jackpots;
    int njackpots;
};

/* The JSON object of `fourcard solve frenzy --json` for one main game,
 * with the side bets under "bets" (a new reference). */
struct json_object *frenzy_result_json(const struct frenzy_result *r, const struct frenzy_side_bets *bets);
/* The same as a readable table (bets not NULL). */
void frenzy_result_print(FILE *f, const struct frenzy_result *r, const struct frenzy_side_bets *bets);

/* The EV of one unit on a side bet (for display). */
double frenzy_side_ev(const struct frenzy_side_result *s);

#endif
