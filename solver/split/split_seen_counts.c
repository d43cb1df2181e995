/* split_seen_counts.c — the outcome counts of a situation's 14 hands when
 * the player also sees the dealer's hole card s (split_seen.h).
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
 * The single cards are the cost (1,035 completions each, 47 seen cards per
 * situation): their four readings travel together as 16-bit lanes of one
 * 64-bit word (each at most C(44,2) = 946 a completion, flushed to the
 * readings before 69 completions could overflow a lane), and the four
 * single cards share the walk over the dealer's side.
 *
 * E1[c] with s seen and E1[s] with c seen are the same row (the dealer's
 * hole cards {s, c, g}, g in neither the player's cards nor the upcard):
 * a run keeps a class's rows, one per pair of its 47 unseen cards, and
 * builds each once for both seen cards (split_seen_counts_in); a situation
 * alone builds its 46 (split_seen_counts, the tests' reference).
 */
#include <stdlib.h>
#include <string.h>

#include "split_dealer_cdf.h"
#include "split_seen.h"

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

/* The rows E1 of a seen situation, held by the situation alone. */
struct rows {
    uint8_t row[NLEFT][SPLIT_W];
};

/* A class's rows E1, shared by its seen cards: E1 of card c when s is seen
 * counts the dealer's hole cards {s, c, g}, g neither the player's nor the
 * upcard, and so is E1 of card s when c is seen: one row per pair of the
 * 47 unseen cards, built when a seen card first needs it. */
enum { NUNSEEN = NLEFT + 1, NUNSEEN_PAIRS = NUNSEEN * (NUNSEEN - 1) / 2 };
struct split_seen_class {
    const struct split_dealer_tables *t;
    card_t P[4], u;
    int8_t index[NCARDS];          /* a card's position among the unseen, -1 for the player's and the upcard */
    uint8_t built[NUNSEEN_PAIRS];  /* whether the pair's row is built (this class) */
    uint8_t row[NUNSEEN_PAIRS][SPLIT_W];
    struct seen w;
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
static void trio(const struct seen *w, int a, int b, int c, struct split_readings *acc)
{
    int p = prank(w->t, a, b, c), q = w->t->qualify;
    split_readings_add(acc, w->t->bucket_of, p, w->e0[p], w->e0[p + 1], w->e0[q], w->e0[SPLIT_NR]);
}

/* A pair {x, y} completed by one card of V; the dealer's pairs avoid it. */
static void pair(const struct seen *w, int x, int y, struct split_readings *acc)
{
    const struct split_dealer_tables *t = w->t;
    const uint16_t *row = t->player + (x * NCARDS + y) * NCARDS;
    int q = t->qualify, total = w->e0[SPLIT_NR] - w->e1[0][SPLIT_NR];
    for (int k = 0; k < NLEFT; k++) {
        const uint8_t *e1 = w->e1[k];
        int p = row[w->left[k]];
        split_readings_add(acc, t->bucket_of, p, w->e0[p] - e1[p], w->e0[p + 1] - e1[p + 1], w->e0[q] - e1[q], total);
    }
}

/* E1[c] at r and r + 1 plus E1[e] at r and r + 1, in the lanes below and upto. */
static inline uint64_t e1_pair_sum(const uint8_t *ec, const uint8_t *ee, int r)
{
    uint16_t a, b;
    memcpy(&a, ec + r, 2), memcpy(&b, ee + r, 2);
    unsigned sum = (unsigned)a + b; /* bytewise: each at most 45, no carry */
    return (sum & 0xff) | (uint64_t)(sum & 0xff00) << 8;
}

/* Adds a block's lanes to the readings (nonzero buckets only). */
static void flush(uint64_t block[SPLIT_NBUCKETS], struct split_readings *acc)
{
    enum { COMPLETIONS = (NLEFT - 2) * (NLEFT - 3) / 2 }; /* dealer pairs left to each: C(44, 2) */
    for (int b = 0; b < SPLIT_NBUCKETS; b++)
        if (block[b]) {
            uint64_t v = block[b];
            acc->below[b] += (int32_t)(v & 0xffff), acc->upto[b] += (int32_t)(v >> 16 & 0xffff);
            acc->nq[b] += (int32_t)(v >> 32 & 0xffff), acc->total[b] += (int32_t)(v >> 48) * COMPLETIONS;
            block[b] = 0;
        }
}

/* The four single cards x[i], each completed by two cards {c, e} of V;
 * the dealer's pairs avoid both: E0 - E1[c] - E1[e] + the pair {c, e}. */
__attribute__((target_clones("avx2", "default")))
static void singles(const struct seen *w, const card_t x[4], struct split_readings acc[4])
{
    const struct split_dealer_tables *t = w->t;
    int q = t->qualify;
    uint64_t block[4][SPLIT_NBUCKETS] = {{0}};
    /* a lane gains at most C(44, 2) = 946 a completion: 69 completions fit in 16 bits */
    enum { MAX_PENDING = 65535 / 946 };
    int pending = 0; /* completions in the blocks since the last flush */
    for (int k = 0; k < NLEFT; k++) {
        int c = w->left[k];
        const uint8_t *ek = w->e1[k];
        const uint16_t *row[4];
        for (int i = 0; i < 4; i++)
            row[i] = t->player + (x[i] * NCARDS + c) * NCARDS;
        const uint16_t *dc = w->ds + c * NCARDS;
        for (int l = k + 1; l < NLEFT; l++) {
            int e = w->left[l], d = dc[e];
            const uint8_t *el = w->e1[l];
            /* the lanes' sum is exact: every lane's true value is a count >= 0 */
            uint64_t fixed = lanes(0, 0, (uint64_t)(d < q), 0) - lanes(0, 0, (uint64_t)w->e1q[k] + w->e1q[l], 0);
            for (int i = 0; i < 4; i++) {
                int p = row[i][e];
                uint64_t v = w->e0x[p] + fixed + lanes((uint64_t)(d < p), (uint64_t)(d <= p), 0, 0) -
                             e1_pair_sum(ek, el, p);
                block[i][t->bucket_of[p]] += v;
            }
        }
        pending += NLEFT - 1 - k;
        if (k + 1 == NLEFT || pending + NLEFT - 2 - k > MAX_PENDING) {
            for (int i = 0; i < 4; i++)
                flush(block[i], &acc[i]);
            pending = 0;
        }
    }
}

/* The 14 hands' counts of a started seen situation whose rows E1 are set. */
static void seen_counts(const struct seen *w, const card_t P[4], struct split_hand_counts out[SPLIT_NMASKS])
{
    struct split_readings acc[SPLIT_NMASKS], one[4];
    memset(acc, 0, sizeof acc);
    memset(one, 0, sizeof one);
    singles(w, P, one);
    for (int i = 0; i < 4; i++)
        acc[1 << i] = one[i];
    for (int m = 3; m < 15; m++) {
        int idx[3], n = split_hand_cards(P, m, idx);
        if (n == 3)
            trio(w, idx[0], idx[1], idx[2], &acc[m]);
        else if (n == 2)
            pair(w, idx[0], idx[1], &acc[m]);
    }
    for (int m = 1; m < 15; m++)
        split_readings_to_counts(&acc[m], &out[m]);
}

void split_seen_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s,
                       struct split_hand_counts out[SPLIT_NMASKS])
{
    /* 42 KB: off the (OpenMP thread's) stack */
    static _Thread_local struct seen w;
    static _Thread_local struct rows rows;
    seen_start(&w, t, P, u, s);
    for (int k = 0; k < NLEFT; k++) {
        e1_row(t, P, u, s, w.left[k], rows.row[k]);
        w.e1[k] = rows.row[k];
        w.e1q[k] = rows.row[k][t->qualify];
    }
    seen_counts(&w, P, out);
}

struct split_seen_class *split_seen_class_new(void) { return malloc(sizeof(struct split_seen_class)); }
void split_seen_class_free(struct split_seen_class *c) { free(c); }

void split_seen_class_start(struct split_seen_class *c, const struct split_dealer_tables *t, const card_t P[4],
                            card_t u)
{
    c->t = t, c->u = u;
    memcpy(c->P, P, 4);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    for (int k = 0, n = 0; k < NCARDS; k++)
        c->index[k] = (int8_t)(known & card_bit((card_t)k) ? -1 : n++);
    memset(c->built, 0, sizeof c->built);
}

/* The position of the pair of unseen positions i != j among the pairs. */
static int unseen_pair(int i, int j)
{
    if (i > j) {
        int x = i;
        i = j, j = x;
    }
    return i * (2 * NUNSEEN - i - 1) / 2 + j - i - 1;
}

void split_seen_counts_in(struct split_seen_class *c, card_t s, struct split_hand_counts out[SPLIT_NMASKS])
{
    struct seen *w = &c->w;
    seen_start(w, c->t, c->P, c->u, s);
    for (int k = 0; k < NLEFT; k++) {
        int pr = unseen_pair(c->index[s], c->index[w->left[k]]);
        if (!c->built[pr]) {
            e1_row(c->t, c->P, c->u, s, w->left[k], c->row[pr]);
            c->built[pr] = 1;
        }
        w->e1[k] = c->row[pr];
        w->e1q[k] = c->row[pr][c->t->qualify];
    }
    seen_counts(w, c->P, out);
}
