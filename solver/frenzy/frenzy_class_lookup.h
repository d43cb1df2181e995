/* frenzy_class_lookup.h — the class of any five cards (in any suits) in a
 * Four Card Frenzy enumeration, and the normal game's optimal decision
 * for it: what an analysis that deals real hands compares its own
 * decisions with. */
#ifndef FOURCARD_FRENZY_CLASS_LOOKUP_H
#define FOURCARD_FRENZY_CLASS_LOOKUP_H

#include <stdint.h>

#include "cards.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"

struct frenzy_class_lookup {
    const struct frenzy_counts *c;
    uint64_t *key;          /* colex index of each class's representative (increasing) */
    uint8_t *choice;        /* the optimal decision of each class under the game */
};

/* Prices every class of c under g (den = frenzy_game_den(g)).  0, or -1
 * when memory runs out (free it all the same). */
int frenzy_class_lookup_init(struct frenzy_class_lookup *l, const struct frenzy_game *g, const struct frenzy_counts *c);
/* The same when the dealer's hands number all (a smaller deck's C(n-5,5)). */
int frenzy_class_lookup_init_among(struct frenzy_class_lookup *l, const struct frenzy_game *g,
                                   const struct frenzy_counts *c, int64_t all);
void frenzy_class_lookup_free(struct frenzy_class_lookup *l);

/* The class index of a 5-card hand, or -1 (a bug). */
long frenzy_class_lookup_find(const struct frenzy_class_lookup *l, cardmask_t hand);

#endif
