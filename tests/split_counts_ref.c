/* split_counts_ref.c — the reference for the fast path: the outcome counts
 * of the 14 hands of one situation by inclusion-exclusion over the
 * player's cards, per situation (the solver's method before the Möbius
 * tables of split_terms.c; 5x slower, kept as the comparison).
 *
 * The dealer's hole cards D come from the 47 unseen cards U, minus the
 * completion C of the hand being counted.  Inclusion-exclusion over the
 * player's 4 cards P (removed from every deal) gives, once per situation,
 *   G0[r]     = #{D in U : rank < r}
 *   G1[c][r]  = #{D in U, c in D : rank < r}     for every unseen c,
 * and with them the dealer's CDF for any completion:
 *   one card c:      G0 - G1[c]
 *   two cards c, e:  G0 - G1[c] - G1[e] + G2(c, e)
 * where G2(c, e)[r] = #{D in U, D holds c and e : rank < r} comes from the
 * table of pairs minus the 4 triples {c, e, P[i]}.
 *
 * A showdown's outcome counts are linear in four readings of the dealer's
 * CDF K (below the player's rank p, up to p, below the qualifier q, all),
 * with coefficients fixed by p's category and whether p < q.  So each hand
 * only sums the readings into 14 buckets, and the counts come out once at
 * the end: no branch per completion.
 */
#include <string.h>

#include "split_tables.h"

static inline void add_reading(struct split_readings *s, int cat, int lt, int below, int upto, int nq, int total)
{
    s->below[cat][lt] += below;
    s->upto[cat][lt] += upto;
    s->nq[cat][lt] += nq;
    s->total[cat][lt] += total;
}

typedef int16_t cdf_t; /* every per-situation CDF fits: at most C(47,3) = 16,215 */

struct situation {
    const struct split_dealer_tables *t;
    card_t P[4];
    card_t u;
    card_t unseen[47];
    const uint16_t *d3u; /* the upcard's cube of dealer ranks */
    cdf_t g0[SPLIT_W];
    cdf_t g1[NCARDS][SPLIT_W]; /* by card id; only unseen cards filled */
    cdf_t h1[NCARDS][SPLIT_W]; /* G0 - G1[c]: the dealer's CDF with c removed */
};

static const uint16_t *row1(const struct split_dealer_tables *t, int u, int a)
{
    return t->cdf1 + ((size_t)u * NCARDS + a) * SPLIT_W;
}

static const uint8_t *row2(const struct split_dealer_tables *t, int u, int a, int b)
{
    return t->cdf2 + ((size_t)u * SPLIT_NPAIRS + split_pair_index(a, b)) * SPLIT_W;
}

static inline int d3_of(const struct situation *s, int a, int b, int c)
{
    return s->d3u[(a * NCARDS + b) * NCARDS + c];
}

/* Adds sign * one dealer hand of rank d to a CDF: every r > d. */
static inline void cdf_add_hand(cdf_t *cdf, int d, int sign)
{
    for (int r = d + 1; r < SPLIT_W; r++)
        cdf[r] = (cdf_t)(cdf[r] + sign);
}

/* G0: all hole-card triples of U = every triple avoiding u, minus those
 * touching P, by inclusion-exclusion (a triple holds at most 3 of P). */
static inline void build_g0(struct situation *s)
{
    const struct split_dealer_tables *t = s->t;
    const uint16_t *c0 = t->cdf0 + (size_t)s->u * SPLIT_W;
    const uint16_t *a1[4];
    const uint8_t *a2[6];
    for (int i = 0, k = 0; i < 4; i++) {
        a1[i] = row1(t, s->u, s->P[i]);
        for (int j = i + 1; j < 4; j++)
            a2[k++] = row2(t, s->u, s->P[i], s->P[j]);
    }
    for (int r = 0; r < SPLIT_W; r++)
        s->g0[r] = (cdf_t)(c0[r] - a1[0][r] - a1[1][r] - a1[2][r] - a1[3][r] + a2[0][r] + a2[1][r] + a2[2][r] +
                           a2[3][r] + a2[4][r] + a2[5][r]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            for (int k = j + 1; k < 4; k++)
                cdf_add_hand(s->g0, d3_of(s, s->P[i], s->P[j], s->P[k]), -1);
}

/* G1[c]: triples of U holding c = triples holding c and avoiding u, minus
 * those touching P.  One pass: the six triples {c, P[i], P[j]} are added
 * back as comparisons, which vectorise, rather than as suffix loops. */
static inline void build_g1(struct situation *s, int c)
{
    const struct split_dealer_tables *t = s->t;
    cdf_t *g = s->g1[c];
    const uint16_t *c1 = row1(t, s->u, c);
    const uint8_t *a2[4];
    int16_t d[6];
    for (int i = 0, k = 0; i < 4; i++) {
        a2[i] = row2(t, s->u, c, s->P[i]);
        for (int j = i + 1; j < 4; j++)
            d[k++] = (int16_t)d3_of(s, c, s->P[i], s->P[j]);
    }
    cdf_t *h = s->h1[c];
    for (int16_t r = 0; r < SPLIT_W; r++) {
        g[r] = (cdf_t)(c1[r] - a2[0][r] - a2[1][r] - a2[2][r] - a2[3][r] + (r > d[0]) + (r > d[1]) + (r > d[2]) +
                       (r > d[3]) + (r > d[4]) + (r > d[5]));
        h[r] = (cdf_t)(s->g0[r] - g[r]);
    }
}

static inline int player_rank(const struct split_dealer_tables *t, int a, int b, int c)
{
    return t->player[(a * NCARDS + b) * NCARDS + c];
}

static inline void count_triple(const struct situation *s, int x, int y, int z, struct split_readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int p = player_rank(t, x, y, z), q = t->qualify;
    add_reading(acc, t->cat_of[p], p < q, s->g0[p], s->g0[p + 1], s->g0[q], s->g0[SPLIT_NR]);
}

static inline void count_pair(const struct situation *s, int x, int y, struct split_readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        int p = player_rank(t, x, y, c);
        const cdf_t *h = s->h1[c];
        add_reading(acc, t->cat_of[p], p < q, h[p], h[p + 1], h[q], h[SPLIT_NR]);
    }
}

/* The four single-card hands together: each completion pair {c, e} is
 * shared, and so are its G2 terms. */
static inline void count_singles(const struct situation *s, struct split_readings acc[4])
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify, u = s->u;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        const cdf_t *hc = s->h1[c]; /* G0 - G1[c] */
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            const uint8_t *c2 = row2(t, u, c, e);
            const uint16_t *dce = s->d3u + (c * NCARDS + e) * NCARDS;
            int d0 = dce[s->P[0]], d1 = dce[s->P[1]], d2 = dce[s->P[2]], d3 = dce[s->P[3]];
            const cdf_t *ge = s->g1[e];
            int nq = hc[q] - ge[q] + c2[q] - (d0 < q) - (d1 < q) - (d2 < q) - (d3 < q);
            int total = hc[SPLIT_NR] - ge[SPLIT_NR] + c2[SPLIT_NR] - 4;
            for (int x = 0; x < 4; x++) {
                int p = player_rank(t, s->P[x], c, e);
                int below = hc[p] - ge[p] + c2[p] - (d0 < p) - (d1 < p) - (d2 < p) - (d3 < p);
                int upto = hc[p + 1] - ge[p + 1] + c2[p + 1] - (d0 <= p) - (d1 <= p) - (d2 <= p) - (d3 <= p);
                add_reading(&acc[x], t->cat_of[p], p < q, below, upto, nq, total);
            }
        }
    }
}

/* Compiled for AVX2 as well as the baseline: the CDF builders are long
 * loops over 16-bit lanes. */
__attribute__((target_clones("avx2", "default")))
void split_situation_counts_ref(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS])
{
    static _Thread_local struct situation s; /* 160 KB: not on the stack */
    s.t = t;
    memcpy(s.P, P, 4);
    s.u = u;
    s.d3u = t->d3 + (size_t)u * NCARDS * NCARDS * NCARDS;
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            s.unseen[n++] = (card_t)c;
    build_g0(&s);
    for (int i = 0; i < 47; i++)
        build_g1(&s, s.unseen[i]);

    struct split_readings acc[4];
    memset(acc, 0, sizeof acc);
    count_singles(&s, acc);
    for (int i = 0; i < 4; i++)
        split_readings_to_counts(&acc[i], &out[1 << i]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            memset(acc, 0, sizeof acc[0]);
            count_pair(&s, P[i], P[j], &acc[0]);
            split_readings_to_counts(&acc[0], &out[1 << i | 1 << j]);
            for (int k = j + 1; k < 4; k++) {
                memset(acc, 0, sizeof acc[0]);
                count_triple(&s, P[i], P[j], P[k], &acc[0]);
                split_readings_to_counts(&acc[0], &out[1 << i | 1 << j | 1 << k]);
            }
        }
}
