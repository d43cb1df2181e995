/* split_seen_counts.c — the outcome counts of a situation's 14 hands when
 * the player also sees the dealer's hole card s (split_seen.h), the plain
 * way: the tests' reference (split_seen_class.c is the way of a run).
 *
 * The dealer's CDFs E0 and E1 (split_seen_situation.h) give each
 * completion's reading.  The single cards are the cost (1,035 completions
 * each): their four readings travel together as 16-bit lanes of one 64-bit
 * word (each at most C(44,2) = 946 a completion, flushed to the readings
 * before 69 completions could overflow a lane), and the four single cards
 * share the walk over the dealer's side.  A situation builds its 46 rows
 * E1 itself.
 */
#include <string.h>

#include "split_seen.h"
#include "split_seen_situation.h"

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

/* (Static clones behind plain functions: clang 14 names an extern clone
 * set's entry point "NAME.ifunc", which other files cannot call.) */
__attribute__((target_clones("avx2", "default")))
static void e1_row(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s, card_t c, uint8_t *out)
{
    const uint16_t *dc = t->d3 + (((size_t)u * NCARDS + s) * NCARDS + c) * NCARDS;
    const uint16_t d[4] = {dc[P[0]], dc[P[1]], dc[P[2]], dc[P[3]]};
    row_less_steps(out, split_cdf_row2(t, u, s, c), d);
}

void split_seen_e1_row(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s, card_t c,
                       uint8_t *out)
{
    e1_row(t, P, u, s, c, out);
}

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
}

void split_seen_start(struct seen *w, const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s)
{
    seen_start(w, t, P, u, s);
}

/* The rows E1 of a seen situation, held by the situation alone. */
struct rows {
    uint8_t row[NLEFT][SPLIT_W];
};

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
    split_seen_start(&w, t, P, u, s);
    for (int r = 0; r < SPLIT_NR; r++)
        w.e0x[r] = lanes((uint64_t)w.e0[r], (uint64_t)w.e0[r + 1], (uint64_t)w.e0[t->qualify], 1);
    for (int k = 0; k < NLEFT; k++) {
        split_seen_e1_row(t, P, u, s, w.left[k], rows.row[k]);
        w.e1[k] = rows.row[k];
        w.e1q[k] = rows.row[k][t->qualify];
    }
    seen_counts(&w, P, out);
}
