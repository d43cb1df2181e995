/* buyout_brute_seen.c — see buyout_brute_seen.h.  Plain enumeration and
 * backward induction over a shoe of counts. */
#include "buyout_brute_seen.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The dealer with his hole card known                                 */
/* ------------------------------------------------------------------ */

void bb_dealer_dist_hole(const struct bb_shoe *shoe, card_t u, card_t h, const struct bb_rules *r,
                         bb_int w[BB_MAXPTS])
{
    int cnt[NCARDS];
    memcpy(cnt, shoe->count, sizeof cnt);
    int n = bb_shoe_size(shoe);
    memset(w, 0, sizeof(bb_int) * BB_MAXPTS);
    card_t d[5] = {u, h, 0, 0, 0};
    for (int a = 0; a < NCARDS; a++) {
        if (!cnt[a])
            continue;
        bb_int wa = cnt[a]--;
        d[2] = (card_t)a;
        for (int b = 0; b < NCARDS; b++) {
            if (!cnt[b])
                continue;
            bb_int wb = wa * cnt[b]--;
            d[3] = (card_t)b;
            int p4 = bb_points(d, 4);
            if (p4 >= 13) {
                w[p4] += wb * (n - 2); /* he stands: any of the n - 2 cards left would do */
            } else {
                for (int e = 0; e < NCARDS; e++) {
                    if (!cnt[e])
                        continue;
                    d[4] = (card_t)e;
                    w[bb_points_dealer5(d, r)] += wb * cnt[e];
                }
            }
            cnt[b]++;
        }
        cnt[a]++;
    }
}

/* ------------------------------------------------------------------ */
/* A memo of those distributions, by (u, h, the shoe left)             */
/* ------------------------------------------------------------------ */

struct entry {
    uint8_t used, u, h;
    uint8_t cnt[NCARDS];
    int32_t w[BB_MAXPTS]; /* N^(3) of a small shoe: 32 bits are plenty */
};

struct memo {
    struct entry *e;
    size_t cap, used;
};

static uint64_t hash(const struct bb_shoe *s, card_t u, card_t h)
{
    uint64_t x = 1469598103934665603ULL ^ (uint64_t)(u * 64 + h);
    for (int c = 0; c < NCARDS; c++) {
        x ^= (uint64_t)(s->count[c] & 0xff);
        x *= 1099511628211ULL;
    }
    return x ^ (x >> 29);
}

static bool same(const struct entry *e, const struct bb_shoe *s, card_t u, card_t h)
{
    if (e->u != u || e->h != h)
        return false;
    for (int c = 0; c < NCARDS; c++)
        if (e->cnt[c] != s->count[c])
            return false;
    return true;
}

static void dist(struct memo *m, const struct bb_shoe *s, card_t u, card_t h, const struct bb_rules *r,
                 bb_int w[BB_MAXPTS])
{
    if (m->used * 4 >= m->cap * 3) { /* full: start over */
        memset(m->e, 0, m->cap * sizeof *m->e);
        m->used = 0;
    }
    size_t i = hash(s, u, h) & (m->cap - 1);
    while (m->e[i].used && !same(&m->e[i], s, u, h))
        i = (i + 1) & (m->cap - 1);
    struct entry *e = &m->e[i];
    if (e->used) {
        for (int p = 0; p < BB_MAXPTS; p++)
            w[p] = e->w[p];
        return;
    }
    bb_dealer_dist_hole(s, u, h, r, w);
    e->used = 1, e->u = u, e->h = h;
    for (int c = 0; c < NCARDS; c++)
        e->cnt[c] = (uint8_t)s->count[c];
    for (int p = 0; p < BB_MAXPTS; p++)
        e->w[p] = (int32_t)w[p];
    m->used++;
}

/* ------------------------------------------------------------------ */
/* Decisions with the hole card known                                  */
/* ------------------------------------------------------------------ */

static bb_int max2(bb_int a, bb_int b) { return a > b ? a : b; }

/* The option played: the best (play NULL) or play's, a forbidden one
 * as the fold. */
static bb_int choose(const struct bb_seen_play *play, int chosen, const bb_int v[BB_NOPTIONS],
                     const bool legal[BB_NOPTIONS])
{
    if (!play) {
        bb_int best = v[BB_FOLD];
        for (int k = 0; k < BB_NOPTIONS; k++)
            best = legal[k] ? max2(best, v[k]) : best;
        return best;
    }
    return legal[chosen] ? v[chosen] : v[BB_FOLD];
}

/* The option at the 4th card, p[0..3] held, over n4^(3) (the shoe left,
 * rest, has n4 cards). */
static bb_int best4(struct memo *m, const struct bb_shoe *rest, const struct bb_rules *r, const card_t p[4], card_t u,
                    card_t h, const struct bb_seen_play *play)
{
    bb_int w[BB_MAXPTS], v[BB_NOPTIONS] = {0};
    dist(m, rest, u, h, r, w);
    int n = bb_shoe_size(rest), p3 = bb_points(p, 3), p4 = bb_points(p, 4);
    bool legal[BB_NOPTIONS] = {[BB_BUY] = p4 > 0, [BB_REFUSE] = p3 > 0, [BB_FOLD] = true};
    v[BB_FOLD] = -2 * bb_falling(n, 3); /* fold: First + Second lost */
    if (p3 > 0)
        v[BB_REFUSE] = 2 * bb_dealer_net(w, p3);
    if (p4 > 0)
        v[BB_BUY] = 3 * bb_dealer_net(w, p4);
    return choose(play, play ? play->fourth(play->ctx, p, u, h) : 0, v, legal);
}

/* The best option at the 3rd card, p[0..2] held, over n3^(4) (rest has n3
 * cards): fold, refuse (2 cards with points), or buy and play each 4th
 * card at its best. */
static bb_int best3(struct memo *m, const struct bb_shoe *rest, const struct bb_rules *r, const card_t p[3], card_t u,
                    card_t h, const struct bb_seen_play *play)
{
    int n3 = bb_shoe_size(rest), p2 = bb_points(p, 2);
    bb_int v[BB_NOPTIONS] = {0};
    bool legal[BB_NOPTIONS] = {[BB_BUY] = true, [BB_REFUSE] = p2 > 0, [BB_FOLD] = true};
    v[BB_FOLD] = -bb_falling(n3, 4);
    if (p2 > 0) {
        bb_int w[BB_MAXPTS];
        dist(m, rest, u, h, r, w);
        v[BB_REFUSE] = bb_dealer_net(w, p2) * (n3 - 3); /* n3^(3) (n3 - 3) = n3^(4) */
    }
    struct bb_shoe s4 = *rest;
    card_t four[4] = {p[0], p[1], p[2], 0};
    bb_int buy = 0;
    for (int c = 0; c < NCARDS; c++) {
        int k = s4.count[c];
        if (!k)
            continue;
        s4.count[c]--;
        four[3] = (card_t)c;
        buy += (bb_int)k * best4(m, &s4, r, four, u, h, play); /* n3 x n4^(3) = n3^(4) */
        s4.count[c]++;
    }
    v[BB_BUY] = buy;
    return choose(play, play ? play->third(play->ctx, p, u, h) : 0, v, legal);
}

/* ------------------------------------------------------------------ */
/* The round                                                           */
/* ------------------------------------------------------------------ */

/* Draws card c from s: its copies before, or 0 when none is left. */
static bb_int take(struct bb_shoe *s, int c)
{
    int k = s->count[c];
    if (k)
        s->count[c]--;
    return k;
}

int bb_round_seen(const struct bb_shoe *shoe, const struct bb_rules *r, struct bb_frac *ev, bb_int *total_weight)
{
    return bb_round_seen_play(shoe, r, NULL, ev, total_weight);
}

int bb_round_seen_play(const struct bb_shoe *shoe, const struct bb_rules *r, const struct bb_seen_play *play,
                       struct bb_frac *ev, bb_int *total_weight)
{
    int n = bb_shoe_size(shoe);
    if (n < 9)
        return -1;
    if (bb_falling(n, 3) > INT32_MAX)
        return -1; /* not a small shoe */
    /* room for every state of a 16-card shoe: (u, h, the shoe left) */
    struct memo m = {calloc((size_t)1 << 19, sizeof(struct entry)), (size_t)1 << 19, 0};
    if (!m.e)
        return -1;
    struct bb_shoe s = *shoe;
    bb_int sum = 0, weight = 0;
    card_t p[3];
    for (int p1 = 0; p1 < NCARDS; p1++) {
        bb_int w1 = take(&s, p1);
        if (!w1)
            continue;
        for (int p2 = 0; p2 < NCARDS; p2++) {
            bb_int w2 = w1 * take(&s, p2);
            for (int u = 0; u < NCARDS && w2; u++) {
                bb_int w3 = w2 * take(&s, u);
                for (int h = 0; h < NCARDS && w3; h++) {
                    bb_int w4 = w3 * take(&s, h);
                    for (int c3 = 0; c3 < NCARDS && w4; c3++) {
                        bb_int w5 = w4 * take(&s, c3);
                        if (!w5)
                            continue;
                        p[0] = (card_t)p1, p[1] = (card_t)p2, p[2] = (card_t)c3;
                        sum += w5 * best3(&m, &s, r, p, (card_t)u, (card_t)h, play);
                        weight += w5;
                        s.count[c3]++;
                    }
                    if (w4)
                        s.count[h]++;
                }
                if (w3)
                    s.count[u]++;
            }
            if (w2)
                s.count[p2]++;
        }
        s.count[p1]++;
    }
    free(m.e);
    if (total_weight)
        *total_weight = weight;
    *ev = bb_frac_make(sum, bb_falling(n, 5) * bb_falling(n - 5, 4));
    return 0;
}
