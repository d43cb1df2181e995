/* par_volatility.c — the ranges of a player's net result after many
 * rounds (par_volatility.h). */
#include "par_volatility.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>

/* Convolutions past this many points of the sum's support fall back to
 * the normal approximation (memory and time). */
enum { MAX_SUPPORT = 8000000 };

int par_volatility_convolve(const struct par_dist *d, long n, const double *level, int nlevels, double *low,
                            double *high)
{
    if (d->n == 0 || d->total <= 0)
        return -1;
    wide_t min = d->rows[0].value, span = d->rows[d->n - 1].value - min;
    if (span > MAX_SUPPORT || (wide_t)n * span + 1 > MAX_SUPPORT)
        return -1;
    long size = (long)(n * span) + 1;
    int *step = malloc((size_t)d->n * sizeof *step);
    double *p = malloc((size_t)d->n * sizeof *p), *a = calloc((size_t)size, sizeof *a),
           *b = calloc((size_t)size, sizeof *b);
    if (!step || !p || !a || !b)
        return free(step), free(p), free(a), free(b), -1;
    for (int i = 0; i < d->n; i++)
        step[i] = (int)(d->rows[i].value - min), p[i] = (double)d->rows[i].count / (double)d->total;
    a[0] = 1;
    for (long r = 0; r < n; r++) { /* a: the sum of r rounds, shifted by r*min, on 0..r*span */
        long top = (long)(r * span);
        for (long s = 0; s <= top + span; s++)
            b[s] = 0;
        for (long s = 0; s <= top; s++)
            if (a[s] != 0)
                for (int i = 0; i < d->n; i++)
                    b[s + step[i]] += a[s] * p[i];
        double *t = a;
        a = b, b = t;
    }
    for (int l = 0; l < nlevels; l++) {
        double tail = (1 - level[l]) / 2, cum = 0;
        long lo = -1, hi = -1;
        for (long s = 0; s < size && hi < 0; s++) {
            cum += a[s];
            if (lo < 0 && cum >= tail)
                lo = s;
            if (cum >= 1 - tail - 1e-12)
                hi = s;
        }
        if (hi < 0)
            hi = size - 1;
        low[l] = (double)(lo + n * min) / (double)d->value_den;
        high[l] = (double)(hi + n * min) / (double)d->value_den;
    }
    free(step), free(p), free(a), free(b);
    return 0;
}

void par_volatility_compute(const struct par_dist *d, const struct par_moments *m, struct par_volatility *v)
{
    static const long rounds[PAR_VOL_NROUNDS] = {100, 1000, 10000};
    static const double levels[PAR_VOL_NLEVELS] = {0.90, 0.95, 0.99};
    v->ok = m->ok && d->n > 0;
    for (int l = 0; l < PAR_VOL_NLEVELS; l++)
        v->level[l] = levels[l];
    for (int k = 0; k < PAR_VOL_NROUNDS && v->ok; k++) {
        long n = v->rounds[k] = rounds[k];
        v->convolved[k] = k == 0 && par_volatility_convolve(d, n, levels, PAR_VOL_NLEVELS, v->low[k], v->high[k]) == 0;
        if (v->convolved[k])
            continue;
        double mean = par_frac_value(m->ev) * (double)n, sd = m->sd * sqrt((double)n);
        for (int l = 0; l < PAR_VOL_NLEVELS; l++) {
            double z = gsl_cdf_ugaussian_Pinv((1 + levels[l]) / 2);
            v->low[k][l] = mean - z * sd, v->high[k][l] = mean + z * sd;
        }
    }
}
