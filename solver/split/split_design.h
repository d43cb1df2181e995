/* split_design.h — 4 Card Split's paytable designer, exact throughout.
 *
 * Sensitivity: for every pay line (split_rules.h), the exact change in EV
 * per +1 on that pay at the paytable's optimal strategy, and the interval
 * of the pay over which that strategy stays optimal; inside it the EV is
 * exactly linear in the pay.  One enumeration.
 *
 * Grid: every combination of a few varied pay lines, each priced with its
 * own optimal strategy, in one enumeration.  A class whose best decision
 * is the same over the whole grid is priced once, as a linear function of
 * the varied pays; only the others are decided again per paytable.  Every
 * figure equals what split_solve gives that paytable alone, bit for bit.
 */
#ifndef FOURCARD_SPLIT_DESIGN_H
#define FOURCARD_SPLIT_DESIGN_H

#include <stdbool.h>
#include <stdint.h>

#include "crossing.h"
#include "split_rules.h"
#include "split_solve.h"
#include "wide.h"

struct split_line_sensitivity {
    int line;             /* split_line_at(line) */
    int64_t pay, den;     /* the pay now: pay / den "to 1" */
    wide_t d_ev;          /* EV change per +1 on the pay: d_ev / SPLIT_SITUATIONS / SPLIT_L per unit */
    bool decisions;       /* false: no decision depends on the line (the Blind's) */
    struct pay_bound low, high; /* where the strategy stays optimal (pays are never below 0) */
};

struct split_sensitivity {
    struct split_result base;  /* the solve at the paytable */
    struct split_line_sensitivity lines[SPLIT_NLINES];
};

/* The sensitivity of every line of pt.  o as for split_solve (its
 * strategy, decisions, values and each_class are not used).  Under MPI
 * every rank calls it; rank 0 gets the figures.  Returns 0, or -1 with a
 * message in err. */
int split_sensitivity(const struct split_paytable *pt, const struct split_solve_options *o,
                      struct split_sensitivity *out, char *err, size_t errlen);

/* A grid: the base paytable with some lines varied, each over lo, lo +
 * step, ..., up to hi (every value times base.den, which the caller has
 * made a common denominator of them all). */
struct split_vary {
    int line;
    int64_t lo, hi, step;
};

struct split_grid {
    struct split_paytable base;
    int nvary;
    struct split_vary vary[SPLIT_NLINES];
};

/* The number of paytables of the grid (the product of each line's value
 * count), or -1 when above limit. */
long split_grid_size(const struct split_grid *g, long limit);

/* Paytable i of the grid, 0 <= i < size: the last varied line changes
 * fastest.  Its name is the base's with "+i" (1-based). */
void split_grid_paytable(const struct split_grid *g, long i, struct split_paytable *pt);

/* Solves every paytable of the grid (n = split_grid_size) into results[n]
 * (rank 0; every rank calls it under MPI).  o as for split_sensitivity.
 * stable, when not NULL, gets the classes priced once for the whole grid
 * and the classes in all. */
int split_grid_solve(const struct split_grid *g, long n, const struct split_solve_options *o,
                     struct split_result *results, long stable[2], char *err, size_t errlen);

#endif
