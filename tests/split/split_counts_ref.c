/* split_counts_ref.c — the reference for the fast path (split_counts.c):
 * the outcome counts of the 14 hands of one situation from the dealer's
 * CDFs of the situation (split_dealer_cdf.h: G0, G1[c], H1[c] = G0 - G1[c],
 * and G2 for a pair of completion cards) — the solver's method before the
 * Möbius tables of split_terms.c, 5x slower, kept as the comparison.
 *
 * A showdown's outcome counts are linear in four readings of the dealer's
 * CDF K (below the player's rank p, up to p, below the qualifier q, all),
 * with coefficients fixed by p's category and whether p < q.  So each hand
 * only sums the readings into 14 buckets, and the counts come out once at
 * the end: no branch per completion.
 */
#include <string.h>

#include "split_dealer_cdf.h"

static inline void add_reading(struct split_readings *s, int cat, int lt, int below, int upto, int nq, int total)
{
    s->below[split_bucket(cat, lt)] += below;
    s->upto[split_bucket(cat, lt)] += upto;
    s->nq[split_bucket(cat, lt)] += nq;
    s->total[split_bucket(cat, lt)] += total;
}

static inline void count_triple(const struct split_cdfs *s, int x, int y, int z, struct split_readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int p = split_player_rank(t, x, y, z), q = t->qualify;
    add_reading(acc, t->cat_of[p], p < q, s->g0[p], s->g0[p + 1], s->g0[q], s->g0[SPLIT_NR]);
}

static inline void count_pair(const struct split_cdfs *s, int x, int y, struct split_readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        int p = split_player_rank(t, x, y, c);
        const cdf_t *h = s->h1[c];
        add_reading(acc, t->cat_of[p], p < q, h[p], h[p + 1], h[q], h[SPLIT_NR]);
    }
}

/* The four single-card hands together: each completion pair {c, e} is
 * shared, and so are its G2 terms. */
static inline void count_singles(const struct split_cdfs *s, struct split_readings acc[4])
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify, u = s->u;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        const cdf_t *hc = s->h1[c]; /* G0 - G1[c] */
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            const uint8_t *c2 = split_cdf_row2(t, u, c, e);
            const uint16_t *dce = s->d3u + (c * NCARDS + e) * NCARDS;
            int d0 = dce[s->P[0]], d1 = dce[s->P[1]], d2 = dce[s->P[2]], d3 = dce[s->P[3]];
            const cdf_t *ge = s->g1[e];
            int nq = hc[q] - ge[q] + c2[q] - (d0 < q) - (d1 < q) - (d2 < q) - (d3 < q);
            int total = hc[SPLIT_NR] - ge[SPLIT_NR] + c2[SPLIT_NR] - 4;
            for (int x = 0; x < 4; x++) {
                int p = split_player_rank(t, s->P[x], c, e);
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
    static _Thread_local struct split_cdfs s; /* 160 KB: not on the stack */
    split_cdfs_start(&s, t, P, u);
    split_cdfs_build_all_g1(&s);

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
