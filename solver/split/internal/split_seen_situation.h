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
 * Static functions, so that each file compiles them for its own
 * instruction sets (target_clones).
 */
#ifndef FOURCARD_SPLIT_SEEN_SITUATION_H
#define FOURCARD_SPLIT_SEEN_SITUATION_H

#include <string.h>

#include "split_dealer_cdf.h"
#include "split_tables.h"

enum { NLEFT = 46 }; /* V: the cards neither the player's, the upcard nor s */

/* One seen situation: the dealer's pair ranks and the two CDFs above. */
struct seen {
    const struct split_dealer_tables *t;
    const uint16_t *ds;  /* ds[a * NCARDS + b]: the dealer's rank with hole cards {s, a, b} */
    card_t left[NLEFT];  /* V */
    int16_t e0[SPLIT_W];
    const uint8_t *e1[NLEFT]; /* E1 by position in left: a struct rows or a class's rows */
    /* lanes: E0 at r, at r + 1, at q, and 1 (the completion's count) */
    uint64_t e0x[SPLIT_W];
    uint8_t e1q[NLEFT];          /* E1[c] at q */
};


/* The four lanes of a word: the readings below, upto, nq and a count. */
static inline uint64_t lanes(uint64_t below, uint64_t upto, uint64_t nq, uint64_t count)
{
    return below | upto << 16 | nq << 32 | count << 48;
}

/* out[r] = row[r] - #{i: d[i] < r} for every r < SPLIT_W: the row less a
 * staircase of four steps, subtracted a constant a stretch at a time (a
 * byte loop the compiler vectorizes; it was four compares an entry). */
static inline void row_less_steps(uint8_t *out, const uint8_t *row, const uint16_t d[4])
{
    uint16_t s[4] = {d[0], d[1], d[2], d[3]}; /* sorted: the steps in order */
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint16_t x = s[j];
            s[j] = s[j - 1], s[j - 1] = x;
        }
    int start = 0;
    for (int j = 0; j <= 4; j++) { /* r in [start, end): j of the d below r */
        int end = j < 4 ? s[j] + 1 : SPLIT_W;
        end = end < start ? start : end > SPLIT_W ? SPLIT_W : end;
        for (int r = start; r < end; r++)
            out[r] = (uint8_t)(row[r] - j);
        start = end;
    }
}

/* E1 of card c when s is seen, into out: the table's row, less a step at
 * each player card's triple {s, c, P_i}. */
__attribute__((target_clones("avx2", "default")))
static void e1_row(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s, card_t c, uint8_t *out)
{
    const uint16_t *dc = t->d3 + (((size_t)u * NCARDS + s) * NCARDS + c) * NCARDS;
    const uint16_t d[4] = {dc[P[0]], dc[P[1]], dc[P[2]], dc[P[3]]};
    row_less_steps(out, split_cdf_row2(t, u, s, c), d);
}

/* Starts seen situation (P, u, s) but its rows E1 (w->e1, w->e1q: the
 * caller's). */
__attribute__((target_clones("avx2", "default")))
static void seen_start(struct seen *w, const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s)
{
    w->t = t;
    w->ds = t->d3 + ((size_t)u * NCARDS + s) * NCARDS * NCARDS;
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | card_bit(s);
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            w->left[n++] = (card_t)c;
    const uint16_t *c1 = split_cdf_row1(t, u, s);
    const uint8_t *c2[4];
    int16_t dp[6];
    for (int i = 0, k = 0; i < 4; i++) {
        c2[i] = split_cdf_row2(t, u, s, P[i]);
        for (int j = i + 1; j < 4; j++)
            dp[k++] = (int16_t)w->ds[P[i] * NCARDS + P[j]];
    }
    for (int16_t r = 0; r < SPLIT_W; r++)
        w->e0[r] = (int16_t)(c1[r] - c2[0][r] - c2[1][r] - c2[2][r] - c2[3][r] + (r > dp[0]) + (r > dp[1]) +
                             (r > dp[2]) + (r > dp[3]) + (r > dp[4]) + (r > dp[5]));
    for (int r = 0; r < SPLIT_NR; r++)
        w->e0x[r] = lanes((uint64_t)w->e0[r], (uint64_t)w->e0[r + 1], (uint64_t)w->e0[t->qualify], 1);
}

/* The player's dense rank of a, b, c. */
static inline int prank(const struct split_dealer_tables *t, int a, int b, int c)
{
    return t->player[(a * NCARDS + b) * NCARDS + c];
}

/* A trio: no completion, the dealer's pairs of V. */
static inline void trio(const struct seen *w, int a, int b, int c, struct split_readings *acc)
{
    int p = prank(w->t, a, b, c), q = w->t->qualify;
    split_readings_add(acc, w->t->bucket_of, p, w->e0[p], w->e0[p + 1], w->e0[q], w->e0[SPLIT_NR]);
}


#endif
