/* split_tables.h — inside the 4 Card Split fast path: the dealer tables
 * per upcard, shared by split_tables.c (building) and split_counts.c
 * (reading).  Not a public API: use split_counts.h.
 *
 * Ranks are dense: the 741 distinct 3-card ranks numbered 0..740 in
 * increasing order, so a distribution over them is a short array.  A CDF
 * over dealer hands stores at r the number of hands ranked below r
 * (r = 0..SPLIT_NR, SPLIT_NR + 1 entries).
 *
 * For upcard u, over every hole-card triple D of the other 51 cards:
 *   cdf0[u]          all of them (C(51,3) = 20,825)
 *   cdf1[u][a]       those holding card a (1,225)
 *   cdf2[u][ab]      those holding the pair a < b (49), ab = colex index
 *   d3[u][a][b][c]   the dealer's rank with exactly D = {a, b, c}, any order
 * so the dealer's distribution with any set of cards removed follows by
 * inclusion-exclusion over the removed cards.
 */
#ifndef FOURCARD_SPLIT_TABLES_H
#define FOURCARD_SPLIT_TABLES_H

#include <stdint.h>

#include "split_counts.h"

enum {
    SPLIT_NR = 741,           /* distinct 3-card ranks */
    SPLIT_W = 744,            /* CDF row length: SPLIT_NR + 1, padded */
    SPLIT_NPAIRS = 1326,      /* C(52,2) */
    SPLIT_NTRIPLES = 22100,   /* C(52,3) */
};

struct split_dealer_tables {
    struct split_rules rules;
    uint16_t qualify;              /* lowest dense rank that qualifies */
    uint8_t cat_of[SPLIT_NR];      /* 3-card category of a dense rank */
    uint16_t *player;              /* [52*52*52] dense rank of 3 cards, any order */
    uint16_t *cdf0;                /* [52][SPLIT_W] */
    uint16_t *cdf1;                /* [52][52][SPLIT_W] */
    uint8_t *cdf2;                 /* [52][SPLIT_NPAIRS][SPLIT_W] */
    uint16_t *d3;                  /* [52][52][52][52]: a cube per upcard, no sorting to index it */
};

static inline int split_pair_index(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return hi * (hi - 1) / 2 + lo;
}

static inline int split_triple_index(int a, int b, int c)
{
    int t;
    if (a > b) t = a, a = b, b = t;
    if (b > c) t = b, b = c, c = t;
    if (a > b) t = a, a = b, b = t;
    return c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a;
}

#endif
