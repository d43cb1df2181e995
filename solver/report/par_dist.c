/* par_dist.c — exact fractions, distributions and their moments (par_dist.h). */
#include "par_dist.h"

#include <stdio.h>

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Fractions                                                           */
/* ------------------------------------------------------------------ */

struct par_frac par_frac_make(wide_t num, wide_t den)
{
    if (den == 0)
        return (struct par_frac){0, 1, false};
    if (den < 0)
        num = -num, den = -den;
    wide_t g = wide_gcd(num, den);
    if (g > 1)
        num /= g, den /= g;
    return (struct par_frac){num, den, true};
}

double par_frac_value(struct par_frac f)
{
    return f.den ? wide_ratio(f.num, f.den) : 0.0;
}

/* a * b, false when it does not fit. */
static bool mul_fits(wide_t a, wide_t b, wide_t *out)
{
    return !__builtin_mul_overflow(a, b, out);
}

static bool add_fits(wide_t a, wide_t b, wide_t *out)
{
    return !__builtin_add_overflow(a, b, out);
}

/* A figure that did not fit in 128 bits keeps its double only (ok false:
 * the writers show its value and no exact form). */
static struct par_frac inexact(double v)
{
    const long double scale = 1e18L;
    return (struct par_frac){(wide_t)((long double)v * scale), (wide_t)scale, false};
}

struct par_frac par_frac_sub(struct par_frac a, struct par_frac b)
{
    wide_t g = wide_gcd(a.den, b.den), x, y, den;
    if (a.ok && b.ok && mul_fits(a.num, b.den / g, &x) && mul_fits(b.num, a.den / g, &y) &&
        mul_fits(a.den / g, b.den, &den) && !__builtin_sub_overflow(x, y, &x))
        return par_frac_make(x, den);
    return inexact(par_frac_value(a) - par_frac_value(b));
}

struct par_frac par_frac_div(struct par_frac a, struct par_frac b)
{
    if (b.num == 0)
        return (struct par_frac){0, 1, false};
    /* cross-reduce first: a.num/b.num and b.den/a.den */
    wide_t g1 = wide_gcd(a.num, b.num), g2 = wide_gcd(b.den, a.den), num, den;
    if (g1 == 0)
        g1 = 1;
    if (a.ok && b.ok && mul_fits(a.num / g1, b.den / g2, &num) && mul_fits(a.den / g2, b.num / g1, &den))
        return par_frac_make(num, den);
    return inexact(par_frac_value(a) / par_frac_value(b));
}

/* ------------------------------------------------------------------ */
/* Distributions                                                       */
/* ------------------------------------------------------------------ */

void par_dist_add(struct par_dist *d, wide_t value, wide_t count)
{
    int lo = 0, hi = d->n;
    while (lo < hi) { /* the first row with a value >= value */
        int mid = (lo + hi) / 2;
        if (d->rows[mid].value < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < d->n && d->rows[lo].value == value) {
        d->rows[lo].count += count;
        return;
    }
    if (d->n == PAR_MAX_OUTCOMES) {
        d->overflow = true;
        return;
    }
    memmove(&d->rows[lo + 1], &d->rows[lo], (size_t)(d->n - lo) * sizeof d->rows[0]);
    d->rows[lo] = (struct par_outcome){.value = value, .count = count};
    d->n++;
}

/* E[X] and E[X^2] exactly; the variance from them in long double (its
 * exact value E[X^2] - E[X]^2 can need more than 128 bits). */
void par_dist_moments(const struct par_dist *d, struct par_moments *m)
{
    memset(m, 0, sizeof *m);
    wide_t s1 = 0, s2 = 0, hit = 0, push = 0, loss = 0, sq, t;
    bool ok = !d->overflow && d->value_den > 0 && d->total > 0;
    for (int i = 0; i < d->n && ok; i++) {
        const struct par_outcome *o = &d->rows[i];
        ok = mul_fits(o->value, o->count, &t) && add_fits(s1, t, &s1) && mul_fits(o->value, o->value, &sq) &&
             mul_fits(sq, o->count, &t) && add_fits(s2, t, &s2);
        m->sum += o->count;
        *(o->value > 0 ? &hit : o->value == 0 ? &push : &loss) += o->count;
    }
    wide_t den1, den2;
    ok = ok && mul_fits(d->value_den, d->total, &den1) && mul_fits(d->value_den, den1, &den2);
    m->ok = ok;
    if (!ok)
        return;
    m->ev = par_frac_make(s1, den1);
    m->ex2 = par_frac_make(s2, den2);
    m->hit = par_frac_make(hit, d->total);
    m->push = par_frac_make(push, d->total);
    m->loss = par_frac_make(loss, d->total);
    /* E[X^2] - E[X]^2 = (total s2 - s1^2) / (vden total)^2: in long double
     * from the exact integer parts */
    long double mean = (long double)s1 / (long double)den1;
    long double ex2 = (long double)s2 / (long double)den2;
    long double var = ex2 - mean * mean;
    m->variance = (double)(var > 0 ? var : 0);
    m->sd = sqrt(m->variance);
}

char *par_net_text(wide_t value, wide_t den, char *buf, size_t len)
{
    char t[90];
    wide_fraction(value, den, t, sizeof t);
    snprintf(buf, len, "%s%s", value > 0 ? "+" : "", t);
    return buf;
}
