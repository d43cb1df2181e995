/* split_seen_up.h — inside `protect split --seen 1`: one upcard's tables
 * for the single cards' counts (split_seen_up.c builds them,
 * split_seen_counts.c reads them).  Not a public API.
 *
 * A single card x, seen card s: the completions f and the dealer's pairs E
 * come from V, the unseen cards less s.  A bucket's reading is
 *   R = sum over f in V, E in V - f of [D(E) < theta(p_f)],
 * theta(p) = p (below), p + 1 (upto) or q (nq).  The disjointness of f
 * and E, [f n E = 0] = 1 - sum_a [a in f][a in E] + [f = E], turns it into
 * A - B + C (split_seen_counts.c), and the bulk of B and C does not depend
 * on the player's three other cards Y: it runs over W, the 49 cards other
 * than u, s and x (V = W - Y).  These tables hold that bulk for every
 * (s, x) and a card a or y of W, with D(a, g) the dealer's rank with hole
 * cards {s, a, g}, p(a, e) the player's rank of {x, a, e}, and
 * E1W[a](r) = #{g in W - a: D(a, g) < r}:
 *   tb[s][x][a] = sum over e in W - a of [p(a, e) in b] E1W[a](theta(p(a, e)))
 *   tc[s][x][a] = sum over e in W - a of [p(a, e) in b][D(a, e) < theta(p(a, e))]
 *   tg[s][x][y] = sum over a in W - y, e in W - a of [p(a, e) in b][D(a, y) < theta(p(a, e))]
 *   tbsum[s][x] = sum over a in W of tb[s][x][a]
 *   ct[s][x]    = sum over pairs f of W of [p_f in b][D(f) < theta(p_f)]
 * (laid out [x][a][s] and [x][s]: seen_up_key3, seen_up_key2)
 * the first three kept as one sum, tbg = tb - tc + tg (tb >= tc: the g of
 * E1W[a] include g = e), as the situations need them (split_seen_counts.c),
 * each a vector of the three readings by lane (a bucket of
 * split_dealer_tables, in increasing order of rank).
 *
 * The pairs.  A pair hand {x, y} completed by c reads E1[c] (the dealer's
 * pairs {c, g} of V, split_seen_situation.h) at the rank p of {x, y, c}.
 * Its sum over c in V, by lane, is
 *   tp[{x, y}][s] = sum over c in W2 of F(c),  W2 the 48 cards but u, s, x, y,
 *   F(c) = #{g not u, s, c, x, y: D(c, g) < theta(p)}   (seen_pair_e1)
 * less F of the player's two other cards y1, y2 (in W2, not in V) and the
 * dealer pairs {c, y1}, {c, y2} (split_seen_class.c): the table holds what
 * does not depend on y1, y2, read in place of 46 rows of cdf2 scattered
 * over the upcard's megabyte.
 */
#ifndef FOURCARD_SPLIT_SEEN_UP_H
#define FOURCARD_SPLIT_SEEN_UP_H

#include <stdint.h>
#include <string.h>

#include "split_dealer_cdf.h"
#include "split_tables.h"

enum {
    SEEN_LANES = 16, /* at least SPLIT_NBUCKETS: a lane per bucket */
    SEEN_NREAD = 3,  /* the readings: below, upto, nq */
};

typedef uint16_t seen_vec16[SEEN_NREAD][SEEN_LANES];
typedef int32_t seen_vec32[SEEN_NREAD][SEEN_LANES];
typedef uint64_t seen_lanes[SEEN_LANES]; /* by lane, the readings as 16-bit lanes of a word (below, upto, nq) */

struct split_seen_up {
    const struct split_dealer_tables *t;
    int u;
    uint8_t lane_of[SPLIT_W]; /* a dense rank's lane: its bucket's position in t->buckets */
    seen_vec16 *tbg;          /* [s][x][a], by card id: 52^3 (seen_up_key3) */
    seen_vec32 *tbsum, *ct;   /* [s][x] (seen_up_key2) */
    seen_lanes *tp;           /* [{x, y}][s] (seen_up_keyp) */
};

/* The key of (s, x, a) or (s, x): indexes by card id, s the fastest (a
 * class reads its entries for one seen card after another: their runs of s
 * are read in order). */
static inline size_t seen_up_key3(int s, int x, int a) { return ((size_t)x * NCARDS + a) * NCARDS + s; }
static inline size_t seen_up_key2(int s, int x) { return (size_t)x * NCARDS + s; }
static inline size_t seen_up_keyp(int s, int x, int y) { return (size_t)split_pair_index(x, y) * NCARDS + s; }

/* F(c) of the pair {x, y} with s seen (above): the dealer's pairs {c, g},
 * g not u, s, c, x or y, with rank below p, below p + 1 and below q, as the
 * lanes below, upto and nq of a word; p is the rank of {x, y, c}. */
static inline uint64_t seen_pair_e1(const struct split_dealer_tables *t, int u, int s, int x, int y, int c, int p)
{
    const uint8_t *c2 = split_cdf_row2(t, u, s, c); /* g not u, s, c */
    const uint16_t *dc = t->d3 + (((size_t)u * NCARDS + s) * NCARDS + c) * NCARDS;
    int q = t->qualify, dx = dc[x], dy = dc[y];
    uint64_t below = (uint64_t)(c2[p] - (dx < p) - (dy < p)), upto = (uint64_t)(c2[p + 1] - (dx <= p) - (dy <= p));
    uint64_t nq = (uint64_t)(c2[q] - (dx < q) - (dy < q));
    return below | upto << 16 | nq << 32;
}

/* The ranks of a card's completions with a third card e (at most 49:
 * the cards but u and two), sorted, and from each position on how many
 * lie in each lane: the completions above a threshold, by lane, are one
 * row (split_seen_up.c's tg, split_seen_class.c's terms a = y'). */
enum { SEEN_MAX_THIRDS = NCARDS - 3 };
struct seen_ranks {
    int n;
    uint16_t sorted[SEEN_MAX_THIRDS];
    uint16_t suffix[SEEN_MAX_THIRDS + 1][SEEN_LANES];
};

static inline void seen_ranks_clear(struct seen_ranks *r) { r->n = 0; }

/* Adds rank p (insertion: the lists are short). */
static inline void seen_ranks_add(struct seen_ranks *r, int p)
{
    int k = r->n++;
    for (; k > 0 && r->sorted[k - 1] > p; k--)
        r->sorted[k] = r->sorted[k - 1];
    r->sorted[k] = (uint16_t)p;
}

/* The suffix counts, once every rank is added. */
static inline void seen_ranks_finish(struct seen_ranks *r, const uint8_t lane_of[SPLIT_W])
{
    memset(r->suffix[r->n], 0, sizeof r->suffix[r->n]);
    for (int k = r->n - 1; k >= 0; k--) {
        memcpy(r->suffix[k], r->suffix[k + 1], sizeof r->suffix[k]);
        r->suffix[k][lane_of[r->sorted[k]]]++;
    }
}

/* By lane, the ranks p with p > v (ge: p >= v). */
static inline const uint16_t *seen_ranks_above(const struct seen_ranks *r, int v, int ge)
{
    int lo = 0, hi = r->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (ge ? r->sorted[mid] >= v : r->sorted[mid] > v)
            hi = mid;
        else
            lo = mid + 1;
    }
    return r->suffix[lo];
}

#endif
