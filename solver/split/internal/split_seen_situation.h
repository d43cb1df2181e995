/* split_seen_situation.h — inside `protect split --seen 1`: one seen
 * situation (P, u, s), shared by the plain way (split_seen_counts.c) and
 * the way of a run (split_seen_class.c).  Not a public API.
 *
 * With s known the dealer's hand is u, s and a pair E of the 46 cards V
 * left (V = the unseen cards less s).  For upcard u, the cube d3[u][s]
 * already holds the dealer's rank for every pair E = {a, b} under either
 * rule version (best 3 of 4, or the upcard and the best 2 of 3), and the
 * per-upcard CDF tables give the pairs' CDF with any cards removed:
 *   E0[r]    = #{E in V: rank < r}
 *            = cdf1[u][s] - sum_i cdf2[u][{s, P_i}] + sum_{i<j} [d3(s, P_i, P_j) < r]
 *   E1[c][r] = #{E in V holding c: rank < r}  (c in V)
 *            = cdf2[u][{s, c}] - sum_i [d3(s, c, P_i) < r]
 * A completion C of a hand leaves the dealer the pairs of V - C, whose CDF
 * is E0 - sum_{c in C} E1[c] (+ [d3(s, c, e) < r] when C = {c, e}: the one
 * pair counted twice).  Each (hand, completion) then adds its four readings
 * (split_tables.h) at the player's rank, and the readings become counts.
 *
 * The two costly starts are split_seen_counts.c's (compiled once for
 * each instruction set: target_clones); the rest is static inline.
 */
#ifndef FOURCARD_SPLIT_SEEN_SITUATION_H
#define FOURCARD_SPLIT_SEEN_SITUATION_H

#include "split_dealer_cdf.h"
#include "split_tables.h"

enum { NLEFT = 46 }; /* V: the cards neither the player's, the upcard nor s */

/* One seen situation: the dealer's pair ranks and the two CDFs above. */
struct seen {
    const struct split_dealer_tables *t;
    const uint16_t *ds;  /* ds[a * NCARDS + b]: the dealer's rank with hole cards {s, a, b} */
    card_t left[NLEFT];  /* V */
    int16_t e0[SPLIT_W];
    /* the plain way's (split_seen_counts): E1 by position in left, its
     * rows; the way of a run reads E1 where it needs it (split_seen_class.c) */
    const uint8_t *e1[NLEFT];
    /* lanes: E0 at r, at r + 1, at q, and 1 (the completion's count);
     * the plain way's (split_seen_counts), not split_seen_start's */
    uint64_t e0x[SPLIT_W];
    uint8_t e1q[NLEFT];          /* E1[c] at q */
};

/* The four lanes of a word: the readings below, upto, nq and a count. */
static inline uint64_t lanes(uint64_t below, uint64_t upto, uint64_t nq, uint64_t count)
{
    return below | upto << 16 | nq << 32 | count << 48;
}

/* E1 of card c when s is seen, into out (SPLIT_W entries): the table's
 * row, less a step at each player card's triple {s, c, P_i}. */
void split_seen_e1_row(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s, card_t c,
                       uint8_t *out);
/* Starts seen situation (P, u, s) but its rows E1 (w->e1, w->e1q) and
 * w->e0x: the caller's. */
void split_seen_start(struct seen *w, const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s);

/* A trio: no completion, the dealer's pairs of V. */
static inline void trio(const struct seen *w, int a, int b, int c, struct split_readings *acc)
{
    int p = split_player_rank(w->t, a, b, c), q = w->t->qualify;
    split_readings_add(acc, w->t->bucket_of, p, w->e0[p], w->e0[p + 1], w->e0[q], w->e0[SPLIT_NR]);
}

#endif
