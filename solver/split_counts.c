/* split_counts.c — the fast path: outcome counts of the 14 hands of one
 * situation from the dealer's CDFs of the situation (split_dealer_cdf.h:
 * G0, G1[c], H1[c] = G0 - G1[c], and G2 for a pair of completion cards).
 *
 * A showdown's outcome counts are linear in four readings of the dealer's
 * CDF K (below the player's rank p, up to p, below the qualifier q, all),
 * with coefficients fixed by p's category and whether p < q.  So each hand
 * only sums the readings into 14 buckets, and the counts come out once at
 * the end: no branch per completion.
 */
#include <string.h>

#include "split_dealer_cdf.h"

/* Sums of CDF readings per bucket (category, p < q). */
struct readings {
    int32_t below[E3_NCATEGORIES][2]; /* K(p) */
    int32_t upto[E3_NCATEGORIES][2];  /* K(p + 1) */
    int32_t nq[E3_NCATEGORIES][2];    /* K(q) */
    int32_t total[E3_NCATEGORIES][2]; /* all dealer hands; every sum < 2^31 (15,339,390 at most) */
};

static void readings_to_counts(const struct readings *s, struct split_hand_counts *h)
{
    memset(h, 0, sizeof *h);
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        /* p >= q: dealer below q wins nothing on Play; q..p-1 qualified */
        h->win_nq[c] = (uint32_t)(s->below[c][1] + s->nq[c][0]);
        h->win_q[c] = (uint32_t)(s->below[c][0] - s->nq[c][0]);
        h->lose_q += (uint32_t)(s->total[c][0] - s->upto[c][0]);
        /* p < q: every dealer hand below p fails to qualify */
        h->lose_nq += (uint32_t)(s->nq[c][1] - s->upto[c][1]);
        h->lose_q += (uint32_t)(s->total[c][1] - s->nq[c][1]);
        for (int lt = 0; lt < 2; lt++) {
            h->tie += (uint32_t)(s->upto[c][lt] - s->below[c][lt]);
            h->total += (uint32_t)s->total[c][lt];
        }
    }
}

static inline void add_reading(struct readings *s, int cat, int lt, int below, int upto, int nq, int total)
{
    s->below[cat][lt] += below;
    s->upto[cat][lt] += upto;
    s->nq[cat][lt] += nq;
    s->total[cat][lt] += total;
}

static inline void count_triple(const struct split_cdfs *s, int x, int y, int z, struct readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int p = split_player_rank(t, x, y, z), q = t->qualify;
    add_reading(acc, t->cat_of[p], p < q, s->g0[p], s->g0[p + 1], s->g0[q], s->g0[SPLIT_NR]);
}

static inline void count_pair(const struct split_cdfs *s, int x, int y, struct readings *acc)
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
static inline void count_singles(const struct split_cdfs *s, struct readings acc[4])
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
void split_situation_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS])
{
    static _Thread_local struct split_cdfs s; /* 160 KB: not on the stack */
    split_cdfs_start(&s, t, P, u);
    split_cdfs_build_all_g1(&s);

    struct readings acc[4];
    memset(acc, 0, sizeof acc);
    count_singles(&s, acc);
    for (int i = 0; i < 4; i++)
        readings_to_counts(&acc[i], &out[1 << i]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            memset(acc, 0, sizeof acc[0]);
            count_pair(&s, P[i], P[j], &acc[0]);
            readings_to_counts(&acc[0], &out[1 << i | 1 << j]);
            for (int k = j + 1; k < 4; k++) {
                memset(acc, 0, sizeof acc[0]);
                count_triple(&s, P[i], P[j], P[k], &acc[0]);
                readings_to_counts(&acc[0], &out[1 << i | 1 << j | 1 << k]);
            }
        }
}
