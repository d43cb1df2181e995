/* split_counts.c — the fast path: outcome counts of the 14 hands of one
 * situation from the per-upcard dealer tables (split_tables.h).
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
 */
#include <string.h>

#include "split_tables.h"

/* A dealer CDF K(r) read at the three places a showdown needs. */
struct cdf_points {
    int32_t below;  /* K(p): dealer ranked below the player */
    int32_t upto;   /* K(p + 1): below or equal */
    int32_t nq;     /* K(q): dealer does not qualify */
    int32_t total;  /* all dealer hands of this completion */
};

/* Adds one completion's showdown against all its dealer hands. */
static inline void classify(struct split_hand_counts *h, int p, int cat, int q, struct cdf_points k)
{
    h->tie += (uint32_t)(k.upto - k.below);
    h->total += (uint32_t)k.total;
    if (p < q) { /* every dealer hand below p fails to qualify */
        h->win_nq[cat] += (uint32_t)k.below;
        h->lose_nq += (uint32_t)(k.nq - k.upto);
        h->lose_q += (uint32_t)(k.total - k.nq);
    } else {
        h->win_nq[cat] += (uint32_t)k.nq;
        h->win_q[cat] += (uint32_t)(k.below - k.nq);
        h->lose_q += (uint32_t)(k.total - k.upto);
    }
}

/* Adds sign * a step to a CDF: one more hand of rank d, so every r > d. */
static void cdf_add_hand(int32_t *cdf, int d, int sign)
{
    for (int r = d + 1; r < SPLIT_W; r++)
        cdf[r] += sign;
}

struct situation {
    const struct split_dealer_tables *t;
    card_t P[4];
    card_t u;
    card_t unseen[47];
    int32_t g0[SPLIT_W];
    int32_t g1[NCARDS][SPLIT_W]; /* by card id; only unseen cards filled */
};

static const uint16_t *row1(const struct split_dealer_tables *t, int u, int a)
{
    return t->cdf1 + ((size_t)u * NCARDS + a) * SPLIT_W;
}

static const uint8_t *row2(const struct split_dealer_tables *t, int u, int a, int b)
{
    return t->cdf2 + ((size_t)u * SPLIT_NPAIRS + split_pair_index(a, b)) * SPLIT_W;
}

static uint16_t d3_of(const struct split_dealer_tables *t, int u, int a, int b, int c)
{
    return t->d3[(size_t)u * SPLIT_NTRIPLES + split_triple_index(a, b, c)];
}

/* G0: all hole-card triples of U = every triple avoiding u, minus those
 * touching P, by inclusion-exclusion (a triple holds at most 3 of P). */
static void build_g0(struct situation *s)
{
    const struct split_dealer_tables *t = s->t;
    const uint16_t *c0 = t->cdf0 + (size_t)s->u * SPLIT_W;
    for (int r = 0; r < SPLIT_W; r++)
        s->g0[r] = c0[r];
    for (int i = 0; i < 4; i++) {
        const uint16_t *c1 = row1(t, s->u, s->P[i]);
        for (int r = 0; r < SPLIT_W; r++)
            s->g0[r] -= c1[r];
        for (int j = i + 1; j < 4; j++) {
            const uint8_t *c2 = row2(t, s->u, s->P[i], s->P[j]);
            for (int r = 0; r < SPLIT_W; r++)
                s->g0[r] += c2[r];
            for (int k = j + 1; k < 4; k++)
                cdf_add_hand(s->g0, d3_of(t, s->u, s->P[i], s->P[j], s->P[k]), -1);
        }
    }
}

/* G1[c]: triples of U holding c = triples holding c and avoiding u, minus
 * those touching P. */
static void build_g1(struct situation *s, int c)
{
    const struct split_dealer_tables *t = s->t;
    int32_t *g = s->g1[c];
    const uint16_t *c1 = row1(t, s->u, c);
    for (int r = 0; r < SPLIT_W; r++)
        g[r] = c1[r];
    for (int i = 0; i < 4; i++) {
        const uint8_t *c2 = row2(t, s->u, c, s->P[i]);
        for (int r = 0; r < SPLIT_W; r++)
            g[r] -= c2[r];
        for (int j = i + 1; j < 4; j++)
            cdf_add_hand(g, d3_of(t, s->u, c, s->P[i], s->P[j]), +1);
    }
}

static int player_rank(const struct split_dealer_tables *t, int a, int b, int c)
{
    return t->player[(a * NCARDS + b) * NCARDS + c];
}

static void count_triple(const struct situation *s, int x, int y, int z, struct split_hand_counts *h)
{
    const struct split_dealer_tables *t = s->t;
    int p = player_rank(t, x, y, z), q = t->qualify;
    struct cdf_points k = {s->g0[p], s->g0[p + 1], s->g0[q], s->g0[SPLIT_NR]};
    classify(h, p, t->cat_of[p], q, k);
}

static void count_pair(const struct situation *s, int x, int y, struct split_hand_counts *h)
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        int p = player_rank(t, x, y, c);
        const int32_t *g1 = s->g1[c];
        struct cdf_points k = {s->g0[p] - g1[p], s->g0[p + 1] - g1[p + 1], s->g0[q] - g1[q],
                               s->g0[SPLIT_NR] - g1[SPLIT_NR]};
        classify(h, p, t->cat_of[p], q, k);
    }
}

/* The four single-card hands together: each completion pair {c, e} is
 * shared, and so are its G2 terms. */
static void count_singles(const struct situation *s, struct split_hand_counts *h[4])
{
    const struct split_dealer_tables *t = s->t;
    int q = t->qualify, u = s->u;
    for (int i = 0; i < 47; i++)
        for (int j = i + 1; j < 47; j++) {
            int c = s->unseen[i], e = s->unseen[j];
            const uint8_t *c2 = row2(t, u, c, e);
            int d[4]; /* the dealer holding c, e and one of P */
            for (int m = 0; m < 4; m++)
                d[m] = d3_of(t, u, c, e, s->P[m]);
            const int32_t *gc = s->g1[c], *ge = s->g1[e];
            int nq2 = c2[q] - (d[0] < q) - (d[1] < q) - (d[2] < q) - (d[3] < q);
            int tot2 = c2[SPLIT_NR] - 4;
            for (int x = 0; x < 4; x++) {
                int p = player_rank(t, s->P[x], c, e);
                int lo2 = c2[p] - (d[0] < p) - (d[1] < p) - (d[2] < p) - (d[3] < p);
                int up2 = c2[p + 1] - (d[0] <= p) - (d[1] <= p) - (d[2] <= p) - (d[3] <= p);
                struct cdf_points k = {
                    s->g0[p] - gc[p] - ge[p] + lo2,
                    s->g0[p + 1] - gc[p + 1] - ge[p + 1] + up2,
                    s->g0[q] - gc[q] - ge[q] + nq2,
                    s->g0[SPLIT_NR] - gc[SPLIT_NR] - ge[SPLIT_NR] + tot2,
                };
                classify(h[x], p, t->cat_of[p], q, k);
            }
        }
}

void split_situation_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS])
{
    static _Thread_local struct situation s; /* 200 KB: not on the stack */
    s.t = t;
    memcpy(s.P, P, 4);
    s.u = u;
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            s.unseen[n++] = (card_t)c;
    build_g0(&s);
    for (int i = 0; i < 47; i++)
        build_g1(&s, s.unseen[i]);

    for (int m = 1; m < 15; m++)
        memset(&out[m], 0, sizeof out[m]);
    struct split_hand_counts *singles[4] = {&out[1], &out[2], &out[4], &out[8]};
    count_singles(&s, singles);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            count_pair(&s, P[i], P[j], &out[1 << i | 1 << j]);
            for (int k = j + 1; k < 4; k++)
                count_triple(&s, P[i], P[j], P[k], &out[1 << i | 1 << j | 1 << k]);
        }
}
