/* frenzy_hand_ranks.h — the best-4 rank of every 5-card hand, by the
 * hand's colex index, numbered densely: what the analyses that deal the
 * dealer's hands from a reduced deck (a seen card, a colluding table)
 * look their hands up in. */
#ifndef FOURCARD_FRENZY_HAND_RANKS_H
#define FOURCARD_FRENZY_HAND_RANKS_H

#include <stdint.h>

#include "cards.h"

/* C(n, k) for n <= 52, k <= 5; filled by frenzy_hand_ranks_build. */
extern uint32_t FRENZY_BINOM[NCARDS + 1][6];

/* Colex index of k increasing cards: sum of C(c_i, i + 1). */
static inline uint32_t frenzy_colex(const card_t *c, int k)
{
    uint32_t x = 0;
    for (int i = 0; i < k; i++)
        x += FRENZY_BINOM[c[i]][i + 1];
    return x;
}

/* Every 5-card hand's best-4 rank, numbered densely (the distinct ranks
 * sorted). */
struct frenzy_hand_ranks {
    uint16_t *dense;  /* by colex index of the hand's increasing cards */
    uint32_t *value;  /* rank by dense number */
    int nr;           /* distinct ranks */
    int q;            /* dense number of the lowest qualifying rank (King-high) */
};

/* Returns 0, or -1 when memory runs out.  OpenMP. */
int frenzy_hand_ranks_build(struct frenzy_hand_ranks *r);
void frenzy_hand_ranks_free(struct frenzy_hand_ranks *r);

#endif
