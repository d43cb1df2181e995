/* par_dist.h — exact fractions and distributions of integer counts, with
 * their moments: what a PAR sheet (par_sheet.h) and its volatility
 * (par_volatility.h) are made of. */
#ifndef FOURCARD_PAR_DIST_H
#define FOURCARD_PAR_DIST_H

#include <stdbool.h>
#include <stddef.h>

#include "wide.h"

/* The room of a PAR sheet and its parts. */
enum {
    PAR_MAX_READINGS = 24,
    PAR_MAX_OUTCOMES = 1024, /* distinct net results of a round */
    PAR_MAX_BETS = 16,
    PAR_MAX_TABLES = 16,
    PAR_MAX_ROWS = 256,      /* rows of one table */
    PAR_MAX_FIELDS = 3,      /* the parts of a row's name given apart */
    PAR_MAX_SIDES = 32,
    PAR_MAX_SIDE_ROWS = 32,
    PAR_NAME = 80,
    PAR_TEXT = 400,
};

/* An exact fraction, den > 0, reduced; ok false when it did not fit in
 * 128 bits (the figure is then shown from doubles only). */
struct par_frac {
    wide_t num, den;
    bool ok;
};

/* num / den reduced, with den > 0; den = 0 gives 0 / 1 with ok false. */
struct par_frac par_frac_make(wide_t num, wide_t den);
/* Its value as a double (0 when den is 0). */
double par_frac_value(struct par_frac f);
/* a - b, a / b: exact when both are and the result fits. */
struct par_frac par_frac_sub(struct par_frac a, struct par_frac b);
struct par_frac par_frac_div(struct par_frac a, struct par_frac b);

/* A distribution: outcomes with integer counts out of total.  Values are
 * integers in 1/value_den of the unit. */
struct par_outcome {
    char name[PAR_NAME]; /* a side bet's row ("Royal"); "" in a round's distribution */
    wide_t value;
    wide_t count;
};

struct par_dist {
    wide_t value_den; /* >= 1 */
    wide_t total;     /* what the counts are out of */
    int n;
    struct par_outcome *rows; /* PAR_MAX_OUTCOMES, sorted by value (par_dist_add) */
    bool overflow;            /* more distinct values than room */
};

/* Adds count at value, merging with an equal value (rows stay sorted). */
void par_dist_add(struct par_dist *d, wide_t value, wide_t count);

/* What a distribution gives, all exact but sd. */
struct par_moments {
    wide_t sum;            /* the counts added up (must be total) */
    struct par_frac ev;    /* E[X] */
    struct par_frac ex2;   /* E[X^2] */
    struct par_frac hit, push, loss; /* P(X > 0), P(X = 0), P(X < 0) */
    double variance, sd;   /* from the exact E[X] and E[X^2] */
    bool ok;               /* no 128-bit overflow on the way */
};

/* A net result in the unit as people write it: "-2", "+5/2", "0". */
char *par_net_text(wide_t value, wide_t den, char *buf, size_t len);

/* The moments of d into m; m->ok false (figures left 0) when d overflowed, has no total, or a sum passes 128 bits. */
void par_dist_moments(const struct par_dist *d, struct par_moments *m);

#endif
