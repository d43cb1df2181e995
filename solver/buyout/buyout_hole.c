/* buyout_hole.c — see buyout_hole.h for the counting. */
#include "buyout_hole.h"

#include <string.h>

/* C(n, k) for k <= 3: the copies of one type in an outcome. */
static int64_t small_binomial(int n, int k)
{
    static const int64_t DIV[4] = {1, 1, 2, 6};
    int64_t r = 1;
    for (int i = 0; i < k; i++)
        r *= n - i;
    return n < k ? 0 : r / DIV[k];
}

/* ---- building ---- */

/* Adds w x (outcomes of the type multiset M[0..k) containing a given
 * physical copy of q) at points x, for every sub-multiset q of M of at most
 * 2 types: prod C(n_c - q_c, m_c - q_c) of them (each type of q a fixed
 * copy, the rest of M any copies). */
static void add_subs(struct buyout_hole *d, const card_t *M, int k, int x, int64_t w, bool drawing)
{
    /* M sorted: take[i] = 0/1 whether M[i] is in q, taking equal types
     * from the left only, so that each sub-multiset comes once */
    for (unsigned mask = 0; mask < 1u << k; mask++) {
        card_t q[3];
        int nq = 0;
        bool first = true;
        for (int i = 0; i < k && first; i++) {
            if ((mask >> i & 1) && i > 0 && M[i] == M[i - 1] && !(mask >> (i - 1) & 1))
                first = false; /* the same sub-multiset with the left copy: already counted */
            if (mask >> i & 1)
                q[nq++] = M[i];
        }
        if (!first || nq > 2)
            continue;
        int64_t c = w;
        for (int i = 0; i < k; i++) {
            if (i > 0 && M[i] == M[i - 1])
                continue; /* one factor per type */
            int m = 0, t = 0;
            for (int j = i; j < k && M[j] == M[i]; j++)
                m++, t += mask >> j & 1;
            c *= small_binomial(d->n[M[i]] - t, m - t);
        }
        int qi = buyout_dealer_small_index(q, nq);
        if (drawing) /* counted at their points: to_cumulative makes the counts below */
            d->small[x][qi].eq += (uint32_t)c;
        else
            d->stand[x][qi].eq += (uint16_t)c;
    }
}

static bool available(const struct buyout_hole *d, const card_t *M, int k)
{
    for (int i = 0; i < k; i++) {
        int m = 0;
        for (int j = 0; j < k; j++)
            m += M[j] == M[i];
        if (m > d->n[M[i]])
            return false;
    }
    return true;
}

/* Every 2-multiset: its points with u and h, and the standing ones. */
static void add_standing(struct buyout_hole *d)
{
    for (int b = 0; b < NCARDS; b++)
        for (int a = 0; a <= b; a++) {
            card_t T[2] = {(card_t)a, (card_t)b}, four[4] = {d->up, d->hole, T[0], T[1]};
            int p = buyout_fast_points(four, 4, d->five);
            d->pts4[buyout_hole_idx2(T[0], T[1])] = (uint8_t)p;
            d->draws |= p < BUYOUT_DRAW_UNDER;
            if (p >= BUYOUT_DRAW_UNDER && available(d, T, 2))
                add_subs(d, T, 2, p, 1, false);
        }
}

/* How many ways the 3 cards M (sorted) are a drawing T plus its 5th card:
 * one per copy designated as the 5th card whose other two draw. */
static int designations(const struct buyout_hole *d, const card_t M[3])
{
    static const int REST[3][2] = {{1, 2}, {0, 2}, {0, 1}};
    int g = 0;
    for (int i = 0; i < 3; i++)
        g += d->pts4[buyout_hole_idx2(M[REST[i][0]], M[REST[i][1]])] < BUYOUT_DRAW_UNDER;
    return g;
}

/* Every 3-multiset a drawing T and its 5th card make. */
static void add_drawing(struct buyout_hole *d)
{
    for (int c = 0; c < NCARDS; c++)
        for (int b = 0; b <= c; b++)
            for (int a = 0; a <= b; a++) {
                card_t M[3] = {(card_t)a, (card_t)b, (card_t)c}, five[5] = {d->up, d->hole, M[0], M[1], M[2]};
                int i = buyout_dealer_idx3(M[0], M[1], M[2]), g = designations(d, M);
                int x = g ? buyout_fast_points(five, 5, d->five) : 0;
                d->exact3[i] = (struct buyout_hole_exact){(uint8_t)g, (uint8_t)x};
                if (g && x <= BUYOUT_MAXP && available(d, M, 3))
                    add_subs(d, M, 3, x, g, true); /* above 44 beats every player: no table needs it */
            }
}

/* The counts below each point value, and the standing 2-subsets joined to
 * the drawing outcomes N4 - 2 times (N4 = N0 - 4: after a 4th card). */
static void to_cumulative(struct buyout_hole *d)
{
    const uint32_t spare = (uint32_t)(d->N0 - 6);
    for (int i = 0; i < BUYOUT_DEALER_NSMALL; i++) {
        uint32_t st = 0, dr = 0;
        for (int p = 0; p < BUYOUT_HOLE_NP; p++) {
            struct buyout_hole_stand *s = &d->stand[p][i];
            struct buyout_hole_entry *e = &d->small[p][i];
            uint32_t st_eq = s->eq, dr_eq = e->eq;
            s->less = (uint16_t)st;
            e->less = spare * st + dr;
            e->eq = spare * st_eq + dr_eq;
            st += st_eq, dr += dr_eq;
        }
    }
}

void buyout_hole_build(struct buyout_hole *d, const int count[NCARDS], card_t up, card_t hole,
                       enum buyout_five_reading five)
{
    memset(d, 0, sizeof *d);
    d->up = up, d->hole = hole, d->five = five;
    for (int c = 0; c < NCARDS; c++)
        d->N0 += d->n[c] = count[c] - (c == up) - (c == hole);
    add_standing(d);
    if (d->draws) /* else no 3-card outcome: exact3 stays zero */
        add_drawing(d);
    to_cumulative(d);
}

/* ---- reading ---- */

void buyout_hole_terms(const struct buyout_dealer_sub *subs, int n, struct buyout_hole_terms *t)
{
    t->nsmall = t->nexact = 0;
    for (int i = 0; i < n; i++) {
        const struct buyout_dealer_sub *q = &subs[i];
        if (q->k <= 2) {
            t->small[t->nsmall] = (uint16_t)buyout_dealer_small_index(q->q, q->k);
            t->small_coef[t->nsmall++] = q->coef;
        } else if (q->k == 3) {
            t->exact[t->nexact] = (uint16_t)buyout_dealer_idx3(q->q[0], q->q[1], q->q[2]);
            t->exact_coef[t->nexact++] = q->coef;
        } /* 4 types or more: no outcome holds them */
    }
}

void buyout_hole_removed(const struct buyout_hole *d, const struct buyout_hole_terms *t, const uint8_t *at, int nat,
                         struct buyout_hole_at out[BUYOUT_HOLE_NP], struct buyout_hole_at *stand)
{
    for (int a = 0; a < nat; a++) {
        int p = at[a];
        struct buyout_hole_at k = {0, 0}, s = {0, 0};
        for (int i = 0; i < t->nsmall; i++)
            buyout_hole_add(d, t->small[i], t->small_coef[i], p, &k);
        for (int i = 0; i < t->nexact; i++) { /* T + e = q exactly: drawing, below p, at p or above */
            struct buyout_hole_exact x = d->exact3[t->exact[i]];
            int64_t c = t->exact_coef[i] * x.ways;
            k.less += x.points < p ? c : 0, k.eq += x.points == p ? c : 0;
        }
        out[p] = k;
        if (!stand)
            continue;
        for (int i = 0; i < t->nsmall; i++) {
            const struct buyout_hole_stand x = d->stand[p][t->small[i]];
            s.less += t->small_coef[i] * x.less, s.eq += t->small_coef[i] * x.eq;
        }
        stand[p] = s;
    }
}
