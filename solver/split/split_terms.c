/* split_terms.c — the Möbius terms of the 4 Card Split fast path.
 *
 * A hand X of a situation (1 or 2 of the player's cards; the dealer's
 * upcard u) is completed to 3 cards and meets the dealer's 3 hole cards;
 * completion and hole cards come from the unseen cards, i.e. from
 * B = (the 52 cards) - u - X minus the dead set S = the player's other
 * cards.  Call the completion and hole cards together the drawn cards.
 * With N(T) = the outcome counts over all draws from B whose drawn cards
 * include T, inclusion-exclusion over S gives
 *     counts(X | u, S) = sum over T subset of S of (-1)^|T| N(T).
 * N(T) depends only on (u, X, T) up to a suit permutation, so every term
 * with |T| < |S| is read from a table built here once per rule version
 * (one entry per key class, split_keys.h); only the top term T = S is
 * counted per situation (split_counts.c), and it is cheap: with every dead
 * card drawn, at most 2 cards are free.
 *
 * Every N(T) splits by which cards of T are in the completion; the rest of
 * T is in the dealer's hand, whose CDF then comes from the per-upcard
 * tables as split_k_avoid3 / split_k_hold1 / split_k_hold2.
 */
#include <stdlib.h>
#include <string.h>

#include "split_tables.h"

#include "big_alloc.h"
#include "cluster.h"

void split_readings_to_counts(const struct split_readings *s, struct split_hand_counts *h)
{
    memset(h, 0, sizeof *h);
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        /* p >= q: dealer below q wins nothing on Play; q..p-1 qualified */
        h->win_nq[c] = (uint32_t)(s->below[split_bucket(c, 1)] + s->nq[split_bucket(c, 0)]);
        h->win_q[c] = (uint32_t)(s->below[split_bucket(c, 0)] - s->nq[split_bucket(c, 0)]);
        h->lose_q += (uint32_t)(s->total[split_bucket(c, 0)] - s->upto[split_bucket(c, 0)]);
        /* p < q: every dealer hand below p fails to qualify */
        h->lose_nq += (uint32_t)(s->nq[split_bucket(c, 1)] - s->upto[split_bucket(c, 1)]);
        h->lose_q += (uint32_t)(s->total[split_bucket(c, 1)] - s->nq[split_bucket(c, 1)]);
        for (int lt = 0; lt < 2; lt++) {
            h->tie += (uint32_t)(s->upto[split_bucket(c, lt)] - s->below[split_bucket(c, lt)]);
            h->total += (uint32_t)s->total[split_bucket(c, lt)];
        }
    }
}

/* Single card x, T empty: every completion {c, e} of B. */
static void single0(const struct split_up *w, int x, struct split_readings *acc)
{
    for (int c = 0; c < NCARDS; c++)
        for (int e = c + 1; e < NCARDS; e++)
            if (c != w->u && c != x && e != w->u && e != x)
                SPLIT_READ(acc, w, split_p3(w, x, c, e), split_k_avoid3(w, x, c, e, r_));
}

/* T = {a}: a completes the hand, or the dealer holds it. */
static void single1(const struct split_up *w, int x, int a, struct split_readings *acc)
{
    for (int c = 0; c < NCARDS; c++) {
        if (c == w->u || c == x || c == a)
            continue;
        SPLIT_READ(acc, w, split_p3(w, x, a, c), split_k_avoid3(w, x, a, c, r_));
        for (int e = c + 1; e < NCARDS; e++)
            if (e != w->u && e != x && e != a)
                SPLIT_READ(acc, w, split_p3(w, x, c, e), split_k_hold1(w, a, x, c, e, r_));
    }
}

/* A CDF over the player's rank of the completions {c, e} of x by c and
 * one more card e, e avoiding the upcard, a and b. */
struct third {
    const uint8_t *below; /* third_below[x][c] */
    int pu, pa, pb;       /* rank(x, c, u), rank(x, c, a), rank(x, c, b) */
};

static inline int third_below(const struct third *k, int r)
{
    return k->below[r] - (k->pu < r) - (k->pa < r) - (k->pb < r);
}

/* The dealer holds a and b, the hand is completed by a pair {c, e} of R,
 * the cards other than u, x, a, b; the dealer's last card is any other.
 * Its CDF is g(r) - [d(c) < r] - [d(e) < r], with g(r) = c2(a, b)[r] -
 * [d(x) < r] and d(f) the dealer's rank holding a, b, f.  The g part sums
 * over the histogram of the completions' ranks; the d(c) part counts, for
 * each c, the cards e whose completion falls in a bucket above d(c). */
static void single2_dealer_holds_both(const struct split_dealer_tables *t, const struct split_up *w, int x, int a,
                                      int b, struct split_readings *acc)
{
    const uint8_t *c2 = split_c2(w, a, b);
    const uint16_t *pairs = t->pairs_at + x * SPLIT_W;
    const uint8_t *tu = t->third_at + (x * NCARDS + w->u) * SPLIT_W, *ta = t->third_at + (x * NCARDS + a) * SPLIT_W,
                  *tb = t->third_at + (x * NCARDS + b) * SPLIT_W;
    int dx = split_d3(w, a, b, x), q = w->q, gq = c2[q] - (dx < q), gn = c2[SPLIT_NR] - (dx < SPLIT_NR);
    for (int k = 0; k < t->nbuckets; k++) {
        int n = 0, below = 0, upto = 0;
        for (int r = t->buckets[k].lo; r < t->buckets[k].hi; r++) {
            int h = pairs[r] - tu[r] - ta[r] - tb[r]; /* pairs of 51 cards less those touching u, a, b */
            n += h;
            below += h * (c2[r] - (dx < r));
            upto += h * (c2[r + 1] - (dx <= r));
        }
        int slot = t->buckets[k].slot;
        acc->below[slot] += below, acc->upto[slot] += upto, acc->nq[slot] += gq * n, acc->total[slot] += gn * n;
    }
    /* the pairs inside {u, a, b} were taken off twice */
    SPLIT_READ(acc, w, split_p3(w, x, w->u, a), c2[r_] - (dx < r_));
    SPLIT_READ(acc, w, split_p3(w, x, w->u, b), c2[r_] - (dx < r_));
    SPLIT_READ(acc, w, split_p3(w, x, a, b), c2[r_] - (dx < r_));
    for (int c = 0; c < NCARDS; c++) {
        if (c == w->u || c == x || c == a || c == b)
            continue;
        struct third k = {t->third_below + (x * NCARDS + c) * SPLIT_W, split_p3(w, x, c, w->u), split_p3(w, x, c, a),
                          split_p3(w, x, c, b)};
        int dc = split_d3(w, a, b, c), nq = dc < q;
        int below_dc = third_below(&k, dc), upto_dc = third_below(&k, dc + 1);
        int at_lo = third_below(&k, t->buckets[0].lo);
        for (int m = 0; m < t->nbuckets; m++) {
            int lo = t->buckets[m].lo, hi = t->buckets[m].hi, slot = t->buckets[m].slot;
            int at_hi = third_below(&k, hi);
            acc->below[slot] -= at_hi - (dc + 1 <= lo ? at_lo : dc + 1 >= hi ? at_hi : upto_dc);
            acc->upto[slot] -= at_hi - (dc <= lo ? at_lo : dc >= hi ? at_hi : below_dc);
            acc->nq[slot] -= nq * (at_hi - at_lo);
            acc->total[slot] -= at_hi - at_lo;
            at_lo = at_hi;
        }
    }
}

/* T = {a, b}: both complete the hand, one does, or the dealer holds both. */
static void single2(const struct split_dealer_tables *t, const struct split_up *w, int x, int a, int b,
                    struct split_readings *acc)
{
    SPLIT_READ(acc, w, split_p3(w, x, a, b), split_k_avoid3(w, x, a, b, r_));
    for (int c = 0; c < NCARDS; c++) {
        if (c == w->u || c == x || c == a || c == b)
            continue;
        SPLIT_READ(acc, w, split_p3(w, x, a, c), split_k_hold1(w, b, x, a, c, r_));
        SPLIT_READ(acc, w, split_p3(w, x, b, c), split_k_hold1(w, a, x, b, c, r_));
    }
    single2_dealer_holds_both(t, w, x, a, b, acc);
}

/* Two cards x, y, T empty: every completion c. */
static void pair0(const struct split_up *w, int x, int y, struct split_readings *acc)
{
    for (int c = 0; c < NCARDS; c++)
        if (c != w->u && c != x && c != y)
            SPLIT_READ(acc, w, split_p3(w, x, y, c), split_k_avoid3(w, x, y, c, r_));
}

static void pair1(const struct split_up *w, int x, int y, int a, struct split_readings *acc)
{
    SPLIT_READ(acc, w, split_p3(w, x, y, a), split_k_avoid3(w, x, y, a, r_));
    for (int c = 0; c < NCARDS; c++)
        if (c != w->u && c != x && c != y && c != a)
            SPLIT_READ(acc, w, split_p3(w, x, y, c), split_k_hold1(w, a, x, y, c, r_));
}

static void term_of(const struct split_dealer_tables *t, enum split_key_kind kind, const card_t k[4],
                    struct split_hand_counts *out)
{
    struct split_up w = split_up_of(t, k[0]);
    struct split_readings acc;
    memset(&acc, 0, sizeof acc);
    switch (kind) {
    case SK_SINGLE0: single0(&w, k[1], &acc); break;
    case SK_SINGLE1: single1(&w, k[1], k[2], &acc); break;
    case SK_SINGLE2: single2(t, &w, k[1], k[2], k[3], &acc); break;
    case SK_PAIR0: pair0(&w, k[1], k[2], &acc); break;
    default: pair1(&w, k[1], k[2], k[3], &acc); break;
    }
    split_readings_to_counts(&acc, out);
}

int split_terms_build(struct split_dealer_tables *t, bool ranks)
{
    for (int kind = 0; kind < SK_NKINDS; kind++) {
        int32_t n = t->keys->nclasses[kind];
        t->terms[kind] = big_malloc((size_t)(n > 0 ? n : 1), sizeof *t->terms[kind]); /* every entry is written */
        if (!t->terms[kind])
            return -1;
    }
    for (int kind = 0; kind < SK_NKINDS; kind++) {
        long n = t->keys->nclasses[kind], lo = 0, hi = n;
        if (ranks)
            cluster_block(n, &lo, &hi);
#pragma omp parallel for schedule(dynamic, 64)
        for (long i = lo; i < hi; i++)
            term_of(t, (enum split_key_kind)kind, t->keys->rep[kind][i], &t->terms[kind][i]);
        if (ranks && cluster_allgather_blocks(t->terms[kind], n, sizeof *t->terms[kind]) != 0)
            return -1;
    }
    return 0;
}
