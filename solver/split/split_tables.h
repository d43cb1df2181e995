/* split_tables.h — inside the 4 Card Split fast path: the dealer tables
 * per upcard, shared by split_tables.c (building) and split_counts.c
 * (reading).  Outside the fast path only the tables' build and free are
 * for use (split_counts.h reads them).
 *
 * Ranks are dense: the 741 distinct 3-card ranks numbered 0..740 in
 * increasing order, so a distribution over them is a short array.  A CDF
 * over dealer hands stores at r the number of hands ranked below r
 * (r = 0..SPLIT_NR, SPLIT_NR + 1 entries).
 *
 * For upcard u, over every hole-card triple D of the other 51 cards:
 *   cdf0[u]          all of them (C(51,3) = 20,825)
 *   cdf1[u][a]       those holding card a (1,225)
 *   cdf2[u][ab]      those holding the pair a < b (49), ab = colex index
 *   d3[u][a][b][c]   the dealer's rank with exactly D = {a, b, c}, any order
 * so the dealer's distribution with any set of cards removed follows by
 * inclusion-exclusion over the removed cards.
 */
#ifndef FOURCARD_SPLIT_TABLES_H
#define FOURCARD_SPLIT_TABLES_H

#include <stdbool.h>
#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_keys.h"
#include "split_rules.h"

enum {
    SPLIT_NR = 741,           /* distinct 3-card ranks */
    SPLIT_W = 744,            /* CDF row length: SPLIT_NR + 1, padded */
    SPLIT_NPAIRS = 1326,      /* C(52,2) */
    SPLIT_NTRIPLES = 22100,   /* C(52,3) */
};

struct split_dealer_tables {
    struct split_rules rules;
    uint16_t qualify;              /* lowest dense rank that qualifies */
    uint8_t cat_of[SPLIT_NR];      /* 3-card category of a dense rank */
    uint16_t *player;              /* [52*52*52] dense rank of 3 cards, any order */
    uint16_t *cdf0;                /* [52][SPLIT_W] */
    uint16_t *cdf1;                /* [52][52][SPLIT_W] */
    uint8_t *cdf2;                 /* [52][SPLIT_NPAIRS][SPLIT_W] */
    uint16_t *d3;                  /* [52][52][52][52]: a cube per upcard, no sorting to index it */
    /* The buckets of split_readings as ranges of dense ranks: every
     * nonempty (category, p < q), in increasing order of rank. */
    struct split_bucket { uint16_t lo, hi; uint8_t slot; } buckets[2 * E3_NCATEGORIES]; /* slot: split_bucket(cat, r < q) */
    int nbuckets;
    uint8_t bucket_of[SPLIT_W];    /* a rank's bucket: split_bucket(its category, r < q) */
    uint16_t *pairs_below;         /* [52][SPLIT_W]: #{pairs {c, e} of the other 51 cards: rank(x, c, e) < r} */
    uint16_t *pairs_at;            /* [52][SPLIT_W]: ... rank(x, c, e) = r */
    uint8_t *third_below;          /* [52][52][SPLIT_W]: #{e other than x, a: rank(x, a, e) < r} */
    uint8_t *third_at;             /* [52][52][SPLIT_W]: ... rank(x, a, e) = r */
    const struct split_keys *keys; /* the term keys' classes (shared, not owned) */
    struct split_hand_counts *terms[SK_NKINDS]; /* per key class: its Möbius term (split_terms.c) */
};

/* The tables of one rule version, shared read-only by all threads; NULL
 * when memory runs out. */
struct split_dealer_tables *split_dealer_tables_build(const struct split_rules *r);
/* The same tables, with the costly part (the Möbius term tables) shared
 * out between the MPI ranks; every rank must call it (one rank alone:
 * the same as split_dealer_tables_build). */
struct split_dealer_tables *split_dealer_tables_build_ranks(const struct split_rules *r);
void split_dealer_tables_free(struct split_dealer_tables *t); /* not the shared keys; NULL is fine */

/* Sums of dealer-CDF readings per bucket (the player's category, p < q):
 * a showdown's outcome counts are linear in them (split_readings_to_counts). */
enum { SPLIT_NBUCKETS = 2 * E3_NCATEGORIES };
static inline int split_bucket(int cat, int lt) { return cat * 2 + lt; } /* lt: p < q, 0 or 1 */

struct split_readings { /* by bucket, split_bucket(category, p < q) */
    int32_t below[SPLIT_NBUCKETS]; /* K(p) */
    int32_t upto[SPLIT_NBUCKETS];  /* K(p + 1) */
    int32_t nq[SPLIT_NBUCKETS];    /* K(q) */
    int32_t total[SPLIT_NBUCKETS]; /* all dealer hands */
};

/* Adds one reading at the player's dense rank p: the dealer hands ranked
 * below p, up to p, below the qualifier, and all of them. */
static inline void split_readings_add(struct split_readings *acc, const uint8_t bucket_of[SPLIT_W], int p, int below,
                                      int upto, int nq, int total)
{
    int b = bucket_of[p];
    acc->below[b] += below, acc->upto[b] += upto, acc->nq[b] += nq, acc->total[b] += total;
}

/* The cards of hand m (a mask of positions in P) into idx, in P's order;
 * returns how many (1 to 3 for a hand). */
static inline int split_hand_cards(const card_t P[4], int m, int idx[3])
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            idx[n++] = P[i];
    return n;
}

/* A hand's outcome counts from the sums of its readings (*h overwritten). */
void split_readings_to_counts(const struct split_readings *s, struct split_hand_counts *h);

/* Builds the term tables of t (t's CDFs and keys must be there); with
 * ranks, each MPI rank counts its block of every table and they exchange
 * them (every rank must call it).  0, or -1 when memory runs out or MPI
 * fails. */
int split_terms_build(struct split_dealer_tables *t, bool ranks);

/* One upcard's view of the tables. */
struct split_up {
    const uint16_t *c0, *c1, *player, *d3;
    const uint8_t *c2, *cat_of;
    int u, q;
};

/* Upcard u's view of t. */
static inline struct split_up split_up_of(const struct split_dealer_tables *t, int u)
{
    return (struct split_up){t->cdf0 + (size_t)u * SPLIT_W, t->cdf1 + (size_t)u * NCARDS * SPLIT_W, t->player,
                             t->d3 + (size_t)u * NCARDS * NCARDS * NCARDS, t->cdf2 + (size_t)u * SPLIT_NPAIRS * SPLIT_W,
                             t->cat_of, u, t->qualify};
}

/* The CDF row of the upcard's hole triples that hold a. */
static inline const uint16_t *split_c1(const struct split_up *w, int a) { return w->c1 + a * SPLIT_W; }
/* ... that hold a and b (a != b). */
static inline const uint8_t *split_c2(const struct split_up *w, int a, int b)
{
    return w->c2 + (size_t)split_pair_index(a, b) * SPLIT_W;
}
/* The dealer's dense rank with hole cards {a, b, c} (any order). */
static inline int split_d3(const struct split_up *w, int a, int b, int c) { return w->d3[(a * NCARDS + b) * NCARDS + c]; }
/* The player's dense rank of the cards a, b, c (any order). */
static inline int split_p3(const struct split_up *w, int a, int b, int c)
{
    return w->player[(a * NCARDS + b) * NCARDS + c];
}

/* The dealer's CDF at r over hole triples (from the 51 cards other than
 * the upcard) that avoid a, b, c: inclusion-exclusion over the three. */
static inline int split_k_avoid3(const struct split_up *w, int a, int b, int c, int r)
{
    return w->c0[r] - split_c1(w, a)[r] - split_c1(w, b)[r] - split_c1(w, c)[r] + split_c2(w, a, b)[r] +
           split_c2(w, a, c)[r] + split_c2(w, b, c)[r] - (split_d3(w, a, b, c) < r);
}

/* ... that hold a and avoid b, c, e. */
static inline int split_k_hold1(const struct split_up *w, int a, int b, int c, int e, int r)
{
    return split_c1(w, a)[r] - split_c2(w, a, b)[r] - split_c2(w, a, c)[r] - split_c2(w, a, e)[r] +
           (split_d3(w, a, b, c) < r) + (split_d3(w, a, b, e) < r) + (split_d3(w, a, c, e) < r);
}

/* ... that hold a and b and avoid c, e, f. */
static inline int split_k_hold2(const struct split_up *w, int a, int b, int c, int e, int f, int r)
{
    return split_c2(w, a, b)[r] - (split_d3(w, a, b, c) < r) - (split_d3(w, a, b, e) < r) - (split_d3(w, a, b, f) < r);
}

/* Adds the four readings of the dealer CDF K (an expression in r_) for a
 * player's hand of dense rank p, into its bucket of acc. */
#define SPLIT_READ(acc, w, p, K)                                                                     \
    do {                                                                                              \
        int p_ = (p), r_ = p_, q_ = (w)->q, b_ = split_bucket((w)->cat_of[p_], p_ < q_);             \
        int below_ = (K);                                                                             \
        r_ = p_ + 1;                                                                                  \
        int upto_ = (K);                                                                              \
        r_ = q_;                                                                                      \
        int nq_ = (K);                                                                                \
        r_ = SPLIT_NR;                                                                                \
        int total_ = (K);                                                                             \
        (acc)->below[b_] += below_, (acc)->upto[b_] += upto_;                                         \
        (acc)->nq[b_] += nq_, (acc)->total[b_] += total_;                                             \
    } while (0)

/* The colex index of the triple of distinct cards {a, b, c} (any order): 0 .. SPLIT_NTRIPLES - 1. */
static inline int split_triple_index(int a, int b, int c)
{
    int t;
    if (a > b) t = a, a = b, b = t;
    if (b > c) t = b, b = c, c = t;
    if (a > b) t = a, a = b, b = t;
    return c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a;
}

#endif
