/* buyout_brute.c — see buyout_brute.h.  Plain enumeration and backward
 * induction over a shoe of counts; only kernels/cards.h is shared. */
#include "buyout_brute.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Fractions                                                           */
/* ------------------------------------------------------------------ */

static bb_int bb_abs(bb_int v) { return v < 0 ? -v : v; }

static bb_int bb_gcd(bb_int a, bb_int b)
{
    a = bb_abs(a);
    b = bb_abs(b);
    while (b) {
        bb_int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

struct bb_frac bb_frac_make(bb_int num, bb_int den)
{
    if (den < 0) {
        num = -num;
        den = -den;
    }
    bb_int g = bb_gcd(num, den);
    if (g > 1) {
        num /= g;
        den /= g;
    }
    if (num == 0)
        den = 1;
    return (struct bb_frac){num, den};
}

int bb_frac_cmp(struct bb_frac a, struct bb_frac b)
{
    /* Reduced fractions of moderate size: cross products fit in 128 bits
     * for every shoe this checker is meant for (dens below 2^63). */
    bb_int l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

char *bb_int_str(bb_int v, char *buf)
{
    char tmp[48];
    int n = 0, neg = v < 0;
    unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int k = 0;
    if (neg)
        buf[k++] = '-';
    while (n)
        buf[k++] = tmp[--n];
    buf[k] = 0;
    return buf;
}

double bb_frac_double(struct bb_frac f) { return (double)f.num / (double)f.den; }

bb_int bb_falling(int n, int k)
{
    bb_int r = 1;
    for (int i = 0; i < k; i++)
        r *= (n - i);
    return r;
}

/* ------------------------------------------------------------------ */
/* Scoring                                                             */
/* ------------------------------------------------------------------ */

int bb_card_value(card_t c)
{
    int r = card_rank(c);
    if (r == RANK_ACE)
        return 11;
    if (r >= RANK_TEN)
        return 10;
    return r + 2; /* deuce (rank 0) = 2 .. nine (rank 7) = 9 */
}

/* For each card, the group of its rank and the group of its suit; n is
 * small (2..5), so the pairwise loop is cheaper than count arrays. */
int bb_points(const card_t *cards, int n)
{
    int best = 0;
    for (int i = 0; i < n; i++) {
        int r = card_rank(cards[i]), s = card_suit(cards[i]);
        int nr = 0, ns = 0, sum = 0;
        for (int j = 0; j < n; j++) {
            nr += card_rank(cards[j]) == r;
            if (card_suit(cards[j]) == s) {
                ns++;
                sum += bb_card_value(cards[j]);
            }
        }
        if (nr >= 2) {
            int v = nr * (r == RANK_ACE ? 11 : 10);
            if (v > best)
                best = v;
        }
        if (ns >= 2 && sum > best)
            best = sum;
    }
    return best;
}

int bb_points_dealer5(const card_t c[5], const struct bb_rules *r)
{
    if (r->five_all)
        return bb_points(c, 5);
    int best = 0;
    for (int drop = 0; drop < 5; drop++) {
        card_t h[4];
        int k = 0;
        for (int i = 0; i < 5; i++)
            if (i != drop)
                h[k++] = c[i];
        int p = bb_points(h, 4);
        if (p > best)
            best = p;
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* Shoes                                                               */
/* ------------------------------------------------------------------ */

void bb_shoe_make(struct bb_shoe *s, int decks, unsigned rank_mask)
{
    for (int c = 0; c < NCARDS; c++)
        s->count[c] = (rank_mask >> card_rank((card_t)c) & 1u) ? decks : 0;
}

int bb_shoe_size(const struct bb_shoe *s)
{
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        n += s->count[c];
    return n;
}

int bb_shoe_remove(struct bb_shoe *s, const card_t *cards, int n)
{
    for (int i = 0; i < n; i++) {
        if (cards[i] >= NCARDS || s->count[cards[i]] <= 0)
            return -1;
        s->count[cards[i]]--;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The dealer                                                          */
/* ------------------------------------------------------------------ */

/* Adds weight wt for the dealer's 4 cards d[0..3] (d[0] the upcard): his
 * final points, drawing a 5th from cnt (n cards) under 13. */
static void dealer_finish(int *cnt, int n, card_t d[5], const struct bb_rules *r, bb_int wt,
                          bb_int w[BB_MAXPTS])
{
    int p4 = bb_points(d, 4);
    if (p4 >= 13) {
        w[p4] += wt * n; /* the 5th card is not drawn: any of the n would do */
        return;
    }
    for (int e = 0; e < NCARDS; e++) {
        if (!cnt[e])
            continue;
        d[4] = (card_t)e;
        w[bb_points_dealer5(d, r)] += wt * cnt[e];
    }
}

void bb_dealer_dist_ordered(const struct bb_shoe *shoe, card_t u, const struct bb_rules *r,
                            bb_int w[BB_MAXPTS])
{
    int cnt[NCARDS];
    memcpy(cnt, shoe->count, sizeof cnt);
    int n = bb_shoe_size(shoe);
    memset(w, 0, sizeof(bb_int) * BB_MAXPTS);
    card_t d[5];
    d[0] = u;
    for (int a = 0; a < NCARDS; a++) {
        if (!cnt[a])
            continue;
        bb_int wa = cnt[a]--;
        d[1] = (card_t)a;
        for (int b = 0; b < NCARDS; b++) {
            if (!cnt[b])
                continue;
            bb_int wb = wa * cnt[b]--;
            d[2] = (card_t)b;
            for (int c = 0; c < NCARDS; c++) {
                if (!cnt[c])
                    continue;
                bb_int wc = wb * cnt[c]--;
                d[3] = (card_t)c;
                dealer_finish(cnt, n - 3, d, r, wc, w);
                cnt[c]++;
            }
            cnt[b]++;
        }
        cnt[a]++;
    }
}

/* Multisets a <= b <= c, weighted by the number of ordered draws giving them. */
void bb_dealer_dist(const struct bb_shoe *shoe, card_t u, const struct bb_rules *r,
                    bb_int w[BB_MAXPTS])
{
    int cnt[NCARDS];
    memcpy(cnt, shoe->count, sizeof cnt);
    int n = bb_shoe_size(shoe);
    memset(w, 0, sizeof(bb_int) * BB_MAXPTS);
    card_t d[5];
    d[0] = u;
    for (int a = 0; a < NCARDS; a++) {
        if (!cnt[a])
            continue;
        d[1] = (card_t)a;
        for (int b = a; b < NCARDS; b++) {
            if (!cnt[b] || (b == a && cnt[a] < 2))
                continue;
            d[2] = (card_t)b;
            for (int c = b; c < NCARDS; c++) {
                if (!cnt[c])
                    continue;
                bb_int wt;
                if (a == b && b == c) {
                    if (cnt[a] < 3)
                        continue;
                    wt = (bb_int)cnt[a] * (cnt[a] - 1) * (cnt[a] - 2);
                } else if (a == b) {
                    wt = (bb_int)3 * cnt[a] * (cnt[a] - 1) * cnt[c];
                } else if (b == c) {
                    if (cnt[b] < 2)
                        continue;
                    wt = (bb_int)3 * cnt[a] * cnt[b] * (cnt[b] - 1);
                } else {
                    wt = (bb_int)6 * cnt[a] * cnt[b] * cnt[c];
                }
                d[3] = (card_t)c;
                cnt[a]--;
                cnt[b]--;
                cnt[c]--;
                dealer_finish(cnt, n - 3, d, r, wt, w);
                cnt[a]++;
                cnt[b]++;
                cnt[c]++;
            }
        }
    }
}

/* Sum over the dealer's points of weight * (+1 win, 0 push, -1 loss) for a
 * player holding pp points (a zero-point hand loses everything). */
bb_int bb_dealer_net(const bb_int w[BB_MAXPTS], int pp)
{
    bb_int net = 0;
    for (int d = 0; d < BB_MAXPTS; d++) {
        if (!w[d])
            continue;
        if (pp == 0 || d > pp)
            net -= w[d];
        else if (d < pp)
            net += w[d];
    }
    return net;
}

/* ------------------------------------------------------------------ */
/* Memo of dealer distributions (the round only)                       */
/* ------------------------------------------------------------------ */

struct memo_entry {
    uint8_t used;
    uint8_t u;
    uint8_t cnt[NCARDS];
    int64_t w[BB_MAXPTS]; /* N^(4) < 2^63 for any shoe of up to 312 cards */
};

struct memo {
    struct memo_entry *e;
    size_t cap, used;
    long long hits, misses;
};

static uint64_t memo_hash(const struct bb_shoe *s, card_t u)
{
    uint64_t h = 1469598103934665603ULL ^ u;
    for (int c = 0; c < NCARDS; c++) {
        h ^= (uint64_t)(s->count[c] & 0xff);
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

static const bb_int *memo_dist(struct memo *m, const struct bb_shoe *s, card_t u,
                               const struct bb_rules *r, bb_int scratch[BB_MAXPTS])
{
    if (!m->e) {
        bb_dealer_dist(s, u, r, scratch);
        return scratch;
    }
    if (m->used * 4 >= m->cap * 3) { /* full: start over */
        memset(m->e, 0, m->cap * sizeof *m->e);
        m->used = 0;
    }
    size_t i = memo_hash(s, u) & (m->cap - 1);
    for (;;) {
        struct memo_entry *e = &m->e[i];
        if (!e->used)
            break;
        if (e->u == u) {
            int same = 1;
            for (int c = 0; c < NCARDS && same; c++)
                same = e->cnt[c] == s->count[c];
            if (same) {
                m->hits++;
                for (int d = 0; d < BB_MAXPTS; d++)
                    scratch[d] = e->w[d];
                return scratch;
            }
        }
        i = (i + 1) & (m->cap - 1);
    }
    struct memo_entry *e = &m->e[i];
    e->used = 1;
    e->u = u;
    for (int c = 0; c < NCARDS; c++)
        e->cnt[c] = (uint8_t)s->count[c];
    bb_dealer_dist(s, u, r, scratch);
    for (int d = 0; d < BB_MAXPTS; d++)
        e->w[d] = (int64_t)scratch[d];
    m->used++;
    m->misses++;
    return scratch;
}

/* ------------------------------------------------------------------ */
/* Decisions                                                           */
/* ------------------------------------------------------------------ */

/* The 4th card, every card seen already removed from rest (N-5 cards).
 * Numerators over M4 = (N-5)^(4).  *dist_total gets the distribution's sum. */
static void decide4(struct memo *m, const struct bb_shoe *rest, const struct bb_rules *r,
                    const card_t p[4], card_t u, bb_int num[BB_NOPTIONS], int legal[BB_NOPTIONS],
                    bb_int *dist_total)
{
    bb_int scratch[BB_MAXPTS];
    const bb_int *w = memo_dist(m, rest, u, r, scratch);
    bb_int total = 0;
    for (int d = 0; d < BB_MAXPTS; d++)
        total += w[d];
    *dist_total = total;
    int p3 = bb_points(p, 3), p4 = bb_points(p, 4);
    legal[BB_BUY] = p4 > 0;
    legal[BB_REFUSE] = p3 > 0;
    legal[BB_FOLD] = 1;
    num[BB_BUY] = legal[BB_BUY] ? 3 * bb_dealer_net(w, p4) : 0;
    num[BB_REFUSE] = legal[BB_REFUSE] ? 2 * bb_dealer_net(w, p3) : 0;
    num[BB_FOLD] = -2 * total;
}

static int pick_best(const bb_int num[BB_NOPTIONS], const int legal[BB_NOPTIONS])
{
    int best = -1;
    for (int o = 0; o < BB_NOPTIONS; o++)
        if (legal[o] && (best < 0 || num[o] > num[best]))
            best = o;
    return best;
}

/* The 3rd card, every card seen removed from rest (N3 = N-4 cards).
 * Numerators over L3 = N3^(5).  *weight gets the total weight visited
 * under BUY (sum over c4 of count * dealer total), which must be L3. */
static void decide3(struct memo *m, const struct bb_shoe *rest, const struct bb_rules *r,
                    const card_t p[3], card_t u, bb_int num[BB_NOPTIONS], int legal[BB_NOPTIONS],
                    bb_int *weight)
{
    int n3 = bb_shoe_size(rest);
    bb_int L3 = bb_falling(n3, 5);
    int p2 = bb_points(p, 2);
    legal[BB_BUY] = 1;
    legal[BB_REFUSE] = p2 > 0;
    legal[BB_FOLD] = 1;
    num[BB_FOLD] = -L3;
    num[BB_REFUSE] = 0;
    if (legal[BB_REFUSE]) {
        bb_int scratch[BB_MAXPTS];
        const bb_int *w = memo_dist(m, rest, u, r, scratch);
        num[BB_REFUSE] = bb_dealer_net(w, p2) * (n3 - 4);
    }
    struct bb_shoe s4 = *rest;
    card_t h[4] = {p[0], p[1], p[2], 0};
    bb_int buy = 0, wsum = 0;
    for (int c4 = 0; c4 < NCARDS; c4++) {
        int k = s4.count[c4];
        if (!k)
            continue;
        s4.count[c4]--;
        h[3] = (card_t)c4;
        bb_int n4[BB_NOPTIONS], tot;
        int l4[BB_NOPTIONS];
        decide4(m, &s4, r, h, u, n4, l4, &tot);
        buy += (bb_int)k * n4[pick_best(n4, l4)];
        wsum += (bb_int)k * tot;
        s4.count[c4]++;
    }
    num[BB_BUY] = buy;
    *weight = wsum;
}

static void fill_options(struct bb_options *out, const bb_int num[BB_NOPTIONS],
                         const int legal[BB_NOPTIONS], bb_int den)
{
    for (int o = 0; o < BB_NOPTIONS; o++) {
        out->legal[o] = legal[o];
        out->ev[o] = legal[o] ? bb_frac_make(num[o], den) : bb_frac_make(0, 1);
    }
    out->best = pick_best(num, legal);
}

int bb_options4(const struct bb_shoe *shoe, const struct bb_rules *r, const card_t p[4],
                card_t u, struct bb_options *out)
{
    struct bb_shoe rest = *shoe;
    if (bb_shoe_remove(&rest, p, 4) || bb_shoe_remove(&rest, &u, 1))
        return -1;
    if (bb_shoe_size(&rest) < 4) /* hole card, 2 more, a 5th */
        return -1;
    struct memo none = {0};
    bb_int num[BB_NOPTIONS], tot;
    int legal[BB_NOPTIONS];
    decide4(&none, &rest, r, p, u, num, legal, &tot);
    fill_options(out, num, legal, tot);
    return 0;
}

int bb_options3(const struct bb_shoe *shoe, const struct bb_rules *r, const card_t p[3],
                card_t u, struct bb_options *out)
{
    struct bb_shoe rest = *shoe;
    if (bb_shoe_remove(&rest, p, 3) || bb_shoe_remove(&rest, &u, 1))
        return -1;
    if (bb_shoe_size(&rest) < 5) /* a 4th card, then the dealer's 4 */
        return -1;
    struct memo none = {0};
    bb_int num[BB_NOPTIONS], wt;
    int legal[BB_NOPTIONS];
    decide3(&none, &rest, r, p, u, num, legal, &wt);
    fill_options(out, num, legal, bb_falling(bb_shoe_size(&rest), 5));
    return 0;
}

/* ------------------------------------------------------------------ */
/* The round                                                           */
/* ------------------------------------------------------------------ */

int bb_round(const struct bb_shoe *shoe, const struct bb_rules *r, struct bb_frac *ev,
             bb_int *total_weight)
{
    int n = bb_shoe_size(shoe);
    if (n < 9) /* 4 player cards, the upcard, 3 more and a 5th for the dealer */
        return -1;
    struct memo m = {0};
    m.cap = (size_t)1 << 18;
    m.e = calloc(m.cap, sizeof *m.e);
    if (!m.e)
        return -1;

    struct bb_shoe s = *shoe;
    bb_int sum = 0, weight = 0;
    card_t p[3];
    for (int p1 = 0; p1 < NCARDS; p1++) {
        bb_int w1 = s.count[p1];
        if (!w1)
            continue;
        s.count[p1]--;
        p[0] = (card_t)p1;
        for (int p2 = 0; p2 < NCARDS; p2++) {
            bb_int w2 = w1 * s.count[p2];
            if (!w2)
                continue;
            s.count[p2]--;
            p[1] = (card_t)p2;
            for (int u = 0; u < NCARDS; u++) {
                bb_int w3 = w2 * s.count[u];
                if (!w3)
                    continue;
                s.count[u]--;
                for (int c3 = 0; c3 < NCARDS; c3++) {
                    bb_int w4 = w3 * s.count[c3];
                    if (!w4)
                        continue;
                    s.count[c3]--;
                    p[2] = (card_t)c3;
                    bb_int num[BB_NOPTIONS], wt;
                    int legal[BB_NOPTIONS];
                    decide3(&m, &s, r, p, (card_t)u, num, legal, &wt);
                    sum += w4 * num[pick_best(num, legal)];
                    weight += w4 * wt;
                    s.count[c3]++;
                }
                s.count[u]++;
            }
            s.count[p2]++;
        }
        s.count[p1]++;
    }
    free(m.e);
    if (total_weight)
        *total_weight = weight;
    *ev = bb_frac_make(sum, bb_falling(n, 9));
    return 0;
}

void bb_round_fold_all(const struct bb_shoe *shoe, bb_int *num, bb_int *den)
{
    struct bb_shoe s = *shoe;
    bb_int tot = 0, net = 0;
    for (int p1 = 0; p1 < NCARDS; p1++) {
        bb_int w1 = s.count[p1];
        if (!w1)
            continue;
        s.count[p1]--;
        for (int p2 = 0; p2 < NCARDS; p2++) {
            bb_int w2 = w1 * s.count[p2];
            if (!w2)
                continue;
            s.count[p2]--;
            for (int u = 0; u < NCARDS; u++) {
                bb_int w3 = w2 * s.count[u];
                if (!w3)
                    continue;
                s.count[u]--;
                for (int c3 = 0; c3 < NCARDS; c3++) {
                    bb_int w4 = w3 * s.count[c3];
                    tot += w4;
                    net += w4 * -1; /* the First bet is lost */
                }
                s.count[u]++;
            }
            s.count[p2]++;
        }
        s.count[p1]++;
    }
    *num = net;
    *den = tot;
}
