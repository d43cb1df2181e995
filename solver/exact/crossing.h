/* crossing.h — where a chosen option stops being optimal as one pay
 * moves, exactly: the designers' intervals (split_design.h,
 * frenzy_design.h).
 *
 * Every option's value is linear in a pay.  An option with value gap
 * G >= 0 below the chosen one and slope D != 0 relative to it overtakes
 * the chosen one once the pay (times the paytable's den) moves by G / |D|,
 * up when D > 0, down when D < 0.  A crossing keeps the nearest such
 * distance on one side over all the situations of a game.
 */
#ifndef FOURCARD_CROSSING_H
#define FOURCARD_CROSSING_H

#include <stdbool.h>
#include <stdint.h>

#include "wide.h"

/* The nearest distance num / den (>= 0, den > 0) seen so far; any =
 * false: none.  open: the point itself is past the end (the options
 * offered change there). */
struct crossing {
    wide_t num, den;
    bool any, open;
};

/* Takes the distance num / den when it is nearer (at an equal distance an
 * open end wins). */
void crossing_take(struct crossing *c, wide_t num, wide_t den, bool open);
/* Takes another crossing's distance (threads, MPI ranks). */
void crossing_merge(struct crossing *into, const struct crossing *from);

/* One end of a pay's interval: the pay num / den "to 1" (den > 0);
 * none: unbounded on that side; open: the end itself is outside. */
struct pay_bound {
    wide_t num, den;
    bool none, open;
};

/* The end pay / den -/+ the crossing's distance (sign -1 or +1; the
 * distance is in pay x den units), reduced.  A pay is never below floor
 * ("to 1": 0, or -1 where a bet may lose), so a lower end below it is
 * floor; no crossing: floor below, no limit above. */
struct pay_bound crossing_bound(int64_t pay, int64_t den, const struct crossing *c, int sign, int64_t floor);

#endif
