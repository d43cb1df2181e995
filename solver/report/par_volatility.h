/* par_volatility.h — how far a player's net result strays after many
 * rounds: the 90%, 95% and 99% ranges of the sum of N rounds' net results
 * for N = 100, 1,000 and 10,000.
 *
 * For 100 rounds the distribution of the sum is the round's exact
 * distribution convolved 100 times (in double precision: the counts are
 * exact, the 100-fold convolution's probabilities are floating point);
 * beyond, the normal approximation N*mean +- z*sd*sqrt(N), labelled as
 * such.  A range [low, high] puts at most (1 - level)/2 of the players
 * below low and at most as many above high: low is the smallest sum whose
 * cumulative probability reaches (1 - level)/2, high the smallest whose
 * reaches (1 + level)/2.
 */
#ifndef FOURCARD_PAR_VOLATILITY_H
#define FOURCARD_PAR_VOLATILITY_H

#include <stdbool.h>

#include "par_dist.h"

enum { PAR_VOL_NROUNDS = 3, PAR_VOL_NLEVELS = 3 };

struct par_volatility {
    long rounds[PAR_VOL_NROUNDS];          /* 100, 1,000, 10,000 */
    double level[PAR_VOL_NLEVELS];         /* 0.90, 0.95, 0.99 */
    bool convolved[PAR_VOL_NROUNDS];       /* true: by convolution; false: the normal approximation */
    double low[PAR_VOL_NROUNDS][PAR_VOL_NLEVELS], high[PAR_VOL_NROUNDS][PAR_VOL_NLEVELS]; /* in units */
    bool ok;                               /* false: no figures (no distribution, or out of memory) */
};

/* The ranges of d (a round's net result), with its moments m. */
void par_volatility_compute(const struct par_dist *d, const struct par_moments *m, struct par_volatility *v);

/* The range of the sum of n rounds by convolution alone (tests compare
 * it with binomial quantiles): low/high in units for each level of v. */
int par_volatility_convolve(const struct par_dist *d, long n, const double *level, int nlevels, double *low,
                            double *high);

#endif
