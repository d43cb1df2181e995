/* buyout_design.h — 4 Card Buyout's paytable designer: the Bonus pay
 * lines, exact.
 *
 * A Bonus pay moves the main game's decisions (folding loses the Bonus,
 * and the Bonus is judged on the cards kept), so every paytable is priced
 * with its own optimal strategy.  The costly part of a solve, the
 * dealer's showdowns against every hand the player may keep, does not
 * depend on the pays (buyout_eval_parts): one pass over the classes
 * counts them once and prices every paytable of a grid from them, each
 * figure what buyout_solve gives that paytable alone, bit for bit.
 *
 * Every option's value is linear in each pay: refusing or buying keeps a
 * hand of known points, whose line pays; folding loses the Bonus.  The
 * sensitivity of a line (a run of points with one pay): the exact change
 * in the EV per +1 on its pay at the optimal strategy, and the interval of
 * the pay over which that strategy stays optimal.  A Bonus played alone
 * has no decision: a line's change is its points' frequency.
 */
#ifndef FOURCARD_BUYOUT_DESIGN_H
#define FOURCARD_BUYOUT_DESIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout_rules.h"
#include "crossing.h"
#include "report_design.h"
#include "wide.h"

/* A Bonus pay table: pay[p] to 1 on a final hand of p points; -1 the Bonus loses. */
struct buyout_pays {
    int pay[BUYOUT_NPOINTS];
};

/* The rules' Bonus table as pays (a preset's or a file's). */
void buyout_pays_of(const struct buyout_rules *r, struct buyout_pays *out);

/* A round under a paytable's optimal strategy: the EV and the average
 * wager in 1/money (First-bet units; Bonus units for a Bonus alone), the
 * rounds folded and the rounds that win (every bet's result together, the
 * Bonus's included, above 0) in 1/prob. */
struct buyout_design_totals {
    wide_t ev, wagered, folded, hits;
};
struct buyout_design_dens {
    wide_t money, prob;
};

/* Prices n paytables, the Bonus of r replaced by each (r must have a
 * Bonus), each with its own optimal strategy, in one pass over the
 * classes.  Under MPI the ranks share the classes and rank 0 gets the
 * sums.  Returns 0, or -1 with err. */
int buyout_design_price(const struct buyout_rules *r, const struct buyout_pays *pays, long n, bool progress,
                        struct buyout_design_totals *tot, struct buyout_design_dens *dens, char *err, size_t errlen);

/* A pay line: the points lo..hi, paid alike; named "bonus.44" or
 * "bonus.35-37". */
struct buyout_line {
    int lo, hi;
};
/* 0, or -1 when name is no line (points 0 to 44). */
int buyout_line_parse(const char *name, struct buyout_line *l);
char *buyout_line_name(struct buyout_line l, char *buf, size_t len);

struct buyout_line_sensitivity {
    struct buyout_line line;
    int pay;         /* to 1; -1 the Bonus loses */
    wide_t d_ev;     /* per +1 on the pay of every point of the line, in 1/dens.money */
    bool decisions;  /* some decision's options pay this line unequally */
    struct pay_bound low, high;
};
struct buyout_sensitivity {
    struct buyout_rules rules;
    struct buyout_design_totals base;
    struct buyout_design_dens dens;
    int nlines; /* the runs of points 0..44 with one pay */
    struct buyout_line_sensitivity lines[BUYOUT_NPOINTS];
};

/* The sensitivity of every line of r's Bonus table (r must have a Bonus).
 * Under MPI the ranks share the classes; rank 0 gets the result.  Returns
 * 0, or -1 with err. */
int buyout_design_sensitivity(const struct buyout_rules *r, bool progress, struct buyout_sensitivity *out, char *err,
                              size_t errlen);

/* A grid: the base table with some lines varied, each over lo, lo + step,
 * ..., up to hi (whole pays). */
struct buyout_vary {
    struct buyout_line line;
    int lo, hi, step;
};
struct buyout_grid {
    struct buyout_pays base;
    int nvary;
    struct buyout_vary vary[REPORT_MAX_VARY];
};
/* The number of paytables (-1 above limit); paytable i, the last varied
 * line changing fastest. */
long buyout_grid_size(const struct buyout_grid *g, long limit);
void buyout_grid_pays(const struct buyout_grid *g, long i, struct buyout_pays *out);

#endif
