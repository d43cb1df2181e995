/* split_dealer_cdf.h — inside the 4 Card Split fast paths (split_counts.c
 * for the solver's per-hand counts, split_par_class.c for the joint
 * distribution of a round): the dealer's rank CDFs of one situation,
 * derived from the per-upcard tables of split_tables.h.  Not a public API.
 *
 * The dealer's hole cards D come from the 47 unseen cards U, minus the
 * completion cards dealt to the player.  Inclusion-exclusion over the
 * player's 4 cards P (removed from every deal) gives, once per situation,
 *   G0[r]     = #{D in U : rank < r}
 *   G1[c][r]  = #{D in U, c in D : rank < r}     for every unseen c,
 * and with them the dealer's CDF for any completion:
 *   one card c:      H1[c] = G0 - G1[c]
 *   two cards c, e:  G0 - G1[c] - G1[e] + G2(c, e)
 * where G2(c, e)[r] = #{D in U, D holds c and e : rank < r} comes from the
 * table of pairs minus the 4 triples {c, e, P[i]}.
 *
 * Everything is static inline so that each caller compiles it for its own
 * instruction sets (target_clones).
 */
#ifndef FOURCARD_SPLIT_DEALER_CDF_H
#define FOURCARD_SPLIT_DEALER_CDF_H

#include <string.h>

#include "split_tables.h"

typedef int16_t cdf_t; /* every per-situation CDF fits: at most C(47,3) = 16,215 */

struct split_cdfs {
    const struct split_dealer_tables *t;
    card_t P[4];
    card_t u;
    card_t unseen[47];
    const uint16_t *d3u; /* the upcard's cube of dealer ranks */
    cdf_t g0[SPLIT_W];
    cdf_t g1[NCARDS][SPLIT_W]; /* by card id; only unseen cards filled */
    cdf_t h1[NCARDS][SPLIT_W]; /* G0 - G1[c]: the dealer's CDF with c removed */
};

/* The CDF row (SPLIT_W entries) of upcard u's hole triples that hold card a. */
static inline const uint16_t *split_cdf_row1(const struct split_dealer_tables *t, int u, int a)
{
    return t->cdf1 + ((size_t)u * NCARDS + a) * SPLIT_W;
}

/* ... that hold both a and b (a != b). */
static inline const uint8_t *split_cdf_row2(const struct split_dealer_tables *t, int u, int a, int b)
{
    return t->cdf2 + ((size_t)u * SPLIT_NPAIRS + split_pair_index(a, b)) * SPLIT_W;
}

/* The dealer's dense rank with hole cards {a, b, c} (any order). */
static inline int split_cdf_d3(const struct split_cdfs *s, int a, int b, int c)
{
    return s->d3u[(a * NCARDS + b) * NCARDS + c];
}

/* Adds sign * one dealer hand of rank d to a CDF: every r > d. */
static inline void split_cdf_add_hand(cdf_t *cdf, int d, int sign)
{
    for (int r = d + 1; r < SPLIT_W; r++)
        cdf[r] = (cdf_t)(cdf[r] + sign);
}

/* G0: all hole-card triples of U = every triple avoiding u, minus those
 * touching P, by inclusion-exclusion (a triple holds at most 3 of P). */
static inline void split_cdfs_build_g0(struct split_cdfs *s)
{
    const struct split_dealer_tables *t = s->t;
    const uint16_t *c0 = t->cdf0 + (size_t)s->u * SPLIT_W;
    const uint16_t *a1[4];
    const uint8_t *a2[6];
    for (int i = 0, k = 0; i < 4; i++) {
        a1[i] = split_cdf_row1(t, s->u, s->P[i]);
        for (int j = i + 1; j < 4; j++)
            a2[k++] = split_cdf_row2(t, s->u, s->P[i], s->P[j]);
    }
    for (int r = 0; r < SPLIT_W; r++)
        s->g0[r] = (cdf_t)(c0[r] - a1[0][r] - a1[1][r] - a1[2][r] - a1[3][r] + a2[0][r] + a2[1][r] + a2[2][r] +
                           a2[3][r] + a2[4][r] + a2[5][r]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            for (int k = j + 1; k < 4; k++)
                split_cdf_add_hand(s->g0, split_cdf_d3(s, s->P[i], s->P[j], s->P[k]), -1);
}

/* G1[c] and H1[c]: triples of U holding c = triples holding c and avoiding
 * u, minus those touching P.  One pass: the six triples {c, P[i], P[j]} are
 * added back as comparisons, which vectorise, rather than as suffix loops. */
static inline void split_cdfs_build_g1(struct split_cdfs *s, int c)
{
    const struct split_dealer_tables *t = s->t;
    cdf_t *g = s->g1[c];
    const uint16_t *c1 = split_cdf_row1(t, s->u, c);
    const uint8_t *a2[4];
    int16_t d[6];
    for (int i = 0, k = 0; i < 4; i++) {
        a2[i] = split_cdf_row2(t, s->u, c, s->P[i]);
        for (int j = i + 1; j < 4; j++)
            d[k++] = (int16_t)split_cdf_d3(s, c, s->P[i], s->P[j]);
    }
    cdf_t *h = s->h1[c];
    for (int16_t r = 0; r < SPLIT_W; r++) {
        g[r] = (cdf_t)(c1[r] - a2[0][r] - a2[1][r] - a2[2][r] - a2[3][r] + (r > d[0]) + (r > d[1]) + (r > d[2]) +
                       (r > d[3]) + (r > d[4]) + (r > d[5]));
        h[r] = (cdf_t)(s->g0[r] - g[r]);
    }
}

/* Starts a situation: the unseen cards and G0 (G1 is the caller's choice:
 * only hands that draw cards need it). */
static inline void split_cdfs_start(struct split_cdfs *s, const struct split_dealer_tables *t, const card_t P[4],
                                    card_t u)
{
    s->t = t;
    memcpy(s->P, P, 4);
    s->u = u;
    s->d3u = t->d3 + (size_t)u * NCARDS * NCARDS * NCARDS;
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            s->unseen[n++] = (card_t)c;
    split_cdfs_build_g0(s);
}

/* G1 and H1 of every unseen card (after split_cdfs_start). */
static inline void split_cdfs_build_all_g1(struct split_cdfs *s)
{
    for (int i = 0; i < 47; i++)
        split_cdfs_build_g1(s, s->unseen[i]);
}

/* The player's dense 3-card rank of the cards a, b, c (any order). */
static inline int split_player_rank(const struct split_dealer_tables *t, int a, int b, int c)
{
    return t->player[(a * NCARDS + b) * NCARDS + c];
}

#endif
