/* split_seen2_counts.c — the outcome counts of a situation's 14 hands when
 * the player also sees two of the dealer's hole cards, s1 and s2
 * (split_seen.h, --seen 2).
 *
 * With s1 and s2 known the dealer's hand is u, s1, s2 and one card d of the
 * 45 cards V left, so it has 45 possible ranks D[d] (the upcard's cube
 * d3), whose CDF K[r] = #{d in V: D[d] < r} has 45 steps.  A completion C
 * of a hand leaves the dealer the cards of V - C: below r, K[r] - sum over
 * c in C of [D[c] < r].  Trios and pairs are read that way.
 *
 * The single cards are the cost: 990 completions {c, e} each, for each of
 * a class's 1,081 seen pairs.  The plain way (split_seen2_counts_ref, the
 * reference the tests compare with) reads every completion.  The fast way
 * turns the sum around, per bucket k of the player's ranks (a range of
 * dense ranks [lo_k, lo_k+1), split_tables.h): over the completions f in
 * bucket k with rank p_f,
 *   sum_f #{d in V - f: D[d] < p_f}
 *     = sum_{d in V} #{f in k: p_f > D[d]}                            (A)
 *     - sum_{c in V} #{e: {c, e} in k, p_{ce} > D[c]}                  (B)
 * and each of A and B is a walk over the 45 cards of V: a card whose
 * dealer rank lies below bucket k counts the bucket whole, one inside it
 * counts the part above its rank, read off CDFs of the completions' ranks
 * built once per class (F0 over all completions of the 47 unseen cards, F1
 * per card over those holding it; the two seen cards taken out by
 * inclusion-exclusion).  The whole-bucket counts of B add up as 16-lane
 * vectors.  About 45 steps per single card and seen pair instead of 990.
 */
#include <stdlib.h>
#include <string.h>

#include "split_seen.h"

enum { NLEFT = 45, NUNSEEN = 47, MAXB = 2 * E3_NCATEGORIES };

typedef uint16_t lanes16 __attribute__((vector_size(32))); /* a bucket count per lane, at most 2,070 */

/* ------------------------------------------------------------------ */
/* The dealer's side of one seen pair, shared by both ways             */
/* ------------------------------------------------------------------ */

struct seen2 {
    card_t left[NLEFT];
    uint16_t dr[NLEFT];     /* the dealer's rank with third card left[k] */
    uint8_t dq[NLEFT];      /* dr[k] < q: the dealer does not qualify */
    int16_t k[SPLIT_W];     /* K */
};

static void seen2_start(struct seen2 *w, const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s1,
                        card_t s2)
{
    struct split_up up = split_up_of(t, u);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | card_bit(s1) | card_bit(s2);
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            w->left[n++] = (card_t)c;
    memset(w->k, 0, sizeof w->k);
    for (int i = 0; i < NLEFT; i++) {
        w->dr[i] = (uint16_t)split_d3(&up, s1, s2, w->left[i]);
        w->dq[i] = w->dr[i] < t->qualify;
        w->k[w->dr[i] + 1]++;
    }
    for (int r = 1; r < SPLIT_W; r++)
        w->k[r] = (int16_t)(w->k[r] + w->k[r - 1]);
}

/* A trio: no completion, the dealer's 45 hands. */
static void trio(const struct seen2 *w, const struct split_dealer_tables *t, int p, struct split_readings *acc)
{
    split_readings_add(acc, t->bucket_of, p, w->k[p], w->k[p + 1], w->k[t->qualify], NLEFT);
}

/* A pair {x, y} completed by one card left[i]; the dealer's third card is another. */
static void pair(const struct seen2 *w, const struct split_dealer_tables *t, int x, int y,
                 struct split_readings *acc)
{
    const uint16_t *row = t->player + (x * NCARDS + y) * NCARDS;
    int q = t->qualify;
    for (int i = 0; i < NLEFT; i++) {
        int p = row[w->left[i]], d = w->dr[i];
        split_readings_add(acc, t->bucket_of, p, w->k[p] - (d < p), w->k[p + 1] - (d <= p), w->k[q] - w->dq[i],
                           NLEFT - 1);
    }
}

/* The trios and pairs of P into acc, then every hand's counts into out. */
static void finish(const struct seen2 *w, const struct split_dealer_tables *t, const card_t P[4],
                   struct split_readings acc[SPLIT_NMASKS], struct split_hand_counts out[SPLIT_NMASKS])
{
    for (int m = 3; m < 15; m++) {
        int idx[3], n = split_hand_cards(P, m, idx);
        if (n == 3)
            trio(w, t, t->player[(idx[0] * NCARDS + idx[1]) * NCARDS + idx[2]], &acc[m]);
        else if (n == 2)
            pair(w, t, idx[0], idx[1], &acc[m]);
    }
    for (int m = 1; m < 15; m++)
        split_readings_to_counts(&acc[m], &out[m]);
}

/* ------------------------------------------------------------------ */
/* The reference: every completion of the single cards read            */
/* ------------------------------------------------------------------ */

/* Single card x completed by {left[i], left[j]}: the dealer's third card is neither. */
static void single_ref(const struct seen2 *w, const struct split_dealer_tables *t, int x, struct split_readings *acc)
{
    int q = t->qualify;
    for (int i = 0; i < NLEFT; i++)
        for (int j = i + 1; j < NLEFT; j++) {
            int p = t->player[(x * NCARDS + w->left[i]) * NCARDS + w->left[j]], di = w->dr[i], dj = w->dr[j];
            split_readings_add(acc, t->bucket_of, p, w->k[p] - (di < p) - (dj < p), w->k[p + 1] - (di <= p) - (dj <= p),
                               w->k[q] - w->dq[i] - w->dq[j], NLEFT - 2);
        }
}

void split_seen2_counts_ref(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s1, card_t s2,
                            struct split_hand_counts out[SPLIT_NMASKS])
{
    struct seen2 w;
    seen2_start(&w, t, P, u, s1, s2);
    struct split_readings acc[SPLIT_NMASKS];
    memset(acc, 0, sizeof acc);
    for (int i = 0; i < 4; i++)
        single_ref(&w, t, P[i], &acc[1 << i]);
    finish(&w, t, P, acc, out);
}

/* ------------------------------------------------------------------ */
/* The fast way: per class, the completions' CDFs; per seen pair, walks */
/* ------------------------------------------------------------------ */

/* One single card's completions among the 47 unseen cards. */
struct single_cdfs {
    int16_t f0[SPLIT_W];             /* F0[r]: completions ranked below r */
    uint8_t f1[NUNSEEN][SPLIT_W];    /* F1[c][r]: those holding unseen card c */
    uint16_t b0[MAXB + 1];           /* F0 at each bucket's lo (and at SPLIT_NR) */
    uint8_t b1[NUNSEEN][MAXB + 1];   /* F1[c] likewise */
    lanes16 nf1[NUNSEEN];            /* F1[c]'s count in each bucket */
};

struct split_seen2_class {
    const struct split_dealer_tables *t;
    card_t P[4], u;
    card_t unseen[NUNSEEN];
    int8_t index[NCARDS];            /* a card's place in unseen, -1 for P's and u */
    int nb, posq;                    /* buckets; the first whose ranks qualify */
    uint16_t lo[MAXB + 1];           /* each bucket's lowest rank; lo[nb] = SPLIT_NR */
    uint8_t pos_of[SPLIT_W];         /* a rank's bucket, by position (0 = lowest) */
    struct single_cdfs x[4];
};

struct split_seen2_class *split_seen2_class_new(void) { return malloc(sizeof(struct split_seen2_class)); }
void split_seen2_class_free(struct split_seen2_class *c) { free(c); }

static void cdfs_build(struct split_seen2_class *c, int h)
{
    const struct split_dealer_tables *t = c->t;
    struct single_cdfs *z = &c->x[h];
    memset(z->f0, 0, sizeof z->f0);
    memset(z->f1, 0, sizeof z->f1);
    for (int i = 0; i < NUNSEEN; i++) {
        const uint16_t *row = t->player + (c->P[h] * NCARDS + c->unseen[i]) * NCARDS;
        for (int j = i + 1; j < NUNSEEN; j++) {
            int p = row[c->unseen[j]] + 1;
            z->f0[p]++, z->f1[i][p]++, z->f1[j][p]++;
        }
    }
    for (int r = 1; r < SPLIT_W; r++)
        z->f0[r] = (int16_t)(z->f0[r] + z->f0[r - 1]);
    for (int i = 0; i < NUNSEEN; i++)
        for (int r = 1; r < SPLIT_W; r++)
            z->f1[i][r] = (uint8_t)(z->f1[i][r] + z->f1[i][r - 1]);
    for (int k = 0; k <= c->nb; k++) {
        z->b0[k] = (uint16_t)z->f0[c->lo[k]];
        for (int i = 0; i < NUNSEEN; i++)
            z->b1[i][k] = z->f1[i][c->lo[k]];
    }
    for (int i = 0; i < NUNSEEN; i++) {
        lanes16 v = {0};
        for (int k = 0; k < c->nb; k++)
            v[k] = (uint16_t)(z->b1[i][k + 1] - z->b1[i][k]);
        z->nf1[i] = v;
    }
}

void split_seen2_class_start(struct split_seen2_class *c, const struct split_dealer_tables *t, const card_t P[4],
                             card_t u)
{
    c->t = t, c->u = u;
    memcpy(c->P, P, 4);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    for (int k = 0, n = 0; k < NCARDS; k++) {
        c->index[k] = (int8_t)(known & card_bit((card_t)k) ? -1 : n);
        if (c->index[k] >= 0)
            c->unseen[n++] = (card_t)k;
    }
    c->nb = t->nbuckets, c->posq = t->nbuckets;
    for (int k = 0; k < t->nbuckets; k++) {
        c->lo[k] = t->buckets[k].lo;
        for (int r = t->buckets[k].lo; r < t->buckets[k].hi; r++)
            c->pos_of[r] = (uint8_t)k;
        if (c->posq == t->nbuckets && t->buckets[k].lo >= t->qualify)
            c->posq = k;
    }
    c->lo[c->nb] = SPLIT_NR;
    for (int h = 0; h < 4; h++)
        cdfs_build(c, h);
}

/* The dealer's side of a seen pair, by the unseen cards' places. */
struct pair_side {
    int i1, i2;                /* the seen cards' places in unseen */
    uint8_t at[NLEFT];         /* V's cards, by place in unseen */
    uint16_t dr[NLEFT];        /* their dealer ranks */
    uint8_t pos[NLEFT];        /* those ranks' buckets */
    int below[MAXB];           /* cards of V whose dealer rank's bucket is below bucket k */
    int kq;                    /* K[q] */
};

/* Single card h against seen pair ps: its readings by bucket into acc. */
__attribute__((target_clones("avx2", "default")))
static void single_fast(const struct split_seen2_class *c, const struct pair_side *ps, int h,
                        struct split_readings *acc)
{
    const struct split_dealer_tables *t = c->t;
    const struct single_cdfs *z = &c->x[h];
    const uint8_t *f1a = z->f1[ps->i1], *f1b = z->f1[ps->i2];
    const uint16_t *prow = t->player + c->P[h] * NCARDS * NCARDS;
    int p12 = prow[c->unseen[ps->i1] * NCARDS + c->unseen[ps->i2]], nb = c->nb, q = t->qualify;
    int fvb[MAXB + 1]; /* F_V at each bucket's lo: the completions within V */
    for (int k = 0; k <= nb; k++)
        fvb[k] = z->b0[k] - z->b1[ps->i1][k] - z->b1[ps->i2][k] + (p12 < c->lo[k]);
    int a[MAXB] = {0}, au[MAXB] = {0}, b[MAXB] = {0}, bu[MAXB] = {0}, corr[MAXB] = {0}, corrq[MAXB] = {0};
    lanes16 g[MAXB];
    memset(g, 0, sizeof g);
    for (int n = 0; n < NLEFT; n++) {
        int j = ps->at[n], d = ps->dr[n], k = ps->pos[n], hi = c->lo[k + 1];
        /* (A): the completions of V in bucket k ranked above d (at or above d) */
        int fv1 = z->f0[d + 1] - f1a[d + 1] - f1b[d + 1] + (p12 < d + 1);
        int fv0 = z->f0[d] - f1a[d] - f1b[d] + (p12 < d);
        a[k] += fvb[k + 1] - fv1, au[k] += fvb[k + 1] - fv0;
        /* (B): the completions {c, e} of V holding c = unseen[j], c's own rank d */
        const uint16_t *crow = prow + c->unseen[j] * NCARDS;
        int p1 = crow[c->unseen[ps->i1]], p2 = crow[c->unseen[ps->i2]], k1 = c->pos_of[p1], k2 = c->pos_of[p2];
        g[k] += z->nf1[j];
        corr[k1] += k1 > k, corr[k2] += k2 > k;
        corrq[k1] += d < q, corrq[k2] += d < q;
        b[k] += z->b1[j][k + 1] - z->f1[j][d + 1] - (p1 > d && p1 < hi) - (p2 > d && p2 < hi);
        bu[k] += z->b1[j][k + 1] - z->f1[j][d] - (p1 >= d && p1 < hi) - (p2 >= d && p2 < hi);
    }
    lanes16 sum = {0}, qsum = {0};
    for (int k = 0; k < nb; k++) {
        int below_whole = sum[k]; /* (B)'s cards below bucket k: the bucket whole */
        if (k == c->posq)
            qsum = sum;
        sum += g[k];
        int nv = fvb[k + 1] - fvb[k], slot = t->buckets[k].slot;
        int whole = ps->below[k] * nv;
        acc->below[slot] += whole + a[k] - (below_whole - corr[k] + b[k]);
        acc->upto[slot] += whole + au[k] - (below_whole - corr[k] + bu[k]);
        acc->total[slot] += nv * (NLEFT - 2);
        acc->nq[slot] += nv * ps->kq;
    }
    if (c->posq == nb)
        qsum = sum;
    for (int k = 0; k < nb; k++) /* the dealer's unqualified cards c: the completions holding them */
        acc->nq[t->buckets[k].slot] -= qsum[k] - corrq[k];
}

void split_seen2_counts_in(const struct split_seen2_class *c, card_t s1, card_t s2,
                           struct split_hand_counts out[SPLIT_NMASKS])
{
    const struct split_dealer_tables *t = c->t;
    struct seen2 w;
    seen2_start(&w, t, c->P, c->u, s1, s2);
    struct pair_side ps = {.i1 = c->index[s1], .i2 = c->index[s2], .kq = w.k[t->qualify]};
    int in_bucket[MAXB] = {0};
    for (int n = 0; n < NLEFT; n++) {
        ps.at[n] = (uint8_t)c->index[w.left[n]], ps.dr[n] = w.dr[n], ps.pos[n] = c->pos_of[w.dr[n]];
        in_bucket[ps.pos[n]]++;
    }
    for (int k = 0, sum = 0; k < c->nb; sum += in_bucket[k++])
        ps.below[k] = sum;
    struct split_readings acc[SPLIT_NMASKS];
    memset(acc, 0, sizeof acc);
    for (int h = 0; h < 4; h++)
        single_fast(c, &ps, h, &acc[1 << h]);
    finish(&w, t, c->P, acc, out);
}

void split_seen2_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s1, card_t s2,
                        struct split_hand_counts out[SPLIT_NMASKS])
{
    struct split_seen2_class *c = split_seen2_class_new();
    if (!c) { /* the plain way needs no memory */
        split_seen2_counts_ref(t, P, u, s1, s2, out);
        return;
    }
    split_seen2_class_start(c, t, P, u);
    split_seen2_counts_in(c, s1, s2, out);
    split_seen2_class_free(c);
}
