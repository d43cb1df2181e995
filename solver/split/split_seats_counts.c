/* split_seats_counts.c — the outcome counts of a situation's 14 hands when
 * other players' cards are known dead (split_seats.h).
 *
 * The R cards left, V, hold the dealer's hole triple and the filling.  The
 * dealer's rank of every triple of V (the upcard's cube d3) is counted
 * once into A[r] = #{triples of V ranked below r} and, per card c of V,
 * B[c][r] = #{those holding c}.  A filling F of a hand leaves the dealer
 * the triples of V - F, whose count below r is, by inclusion-exclusion:
 *   no filling (a trio)   A[r]
 *   F = {c} (a pair)      A[r] - B[c][r]
 *   F = {c, e} (single)   A[r] - B[c][r] - B[e][r] + #{f in V: d3(c, e, f) < r}
 * Each (hand, filling) adds its readings at the player's rank (below, up
 * to, below the qualifier, all: split_tables.h), and the readings become
 * counts.  Unlike the normal game's, nothing is tabulated across
 * situations: R is at most 43, so one situation costs a few hundred
 * thousand steps (the single cards' pairs times the third card).
 */
#include <string.h>

#include "split_seats.h"

enum { MAXLEFT = NCARDS - 5 }; /* V: at most the 47 cards a lone player does not see */

/* One situation's scratch: the CDFs above, by position in V. */
struct seats_cdf {
    int n;                      /* R */
    card_t left[MAXLEFT];       /* V */
    int32_t a[SPLIT_W];         /* A */
    uint16_t b[MAXLEFT][SPLIT_W]; /* B, at most C(46, 2) = 1,035 */
};

static int64_t choose(int64_t n, int k)
{
    int64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return n >= k ? c : 0;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b, b = r;
    }
    return a;
}

int64_t split_seats_scale(int n)
{
    int64_t r = NCARDS - 5 - 4 * (n - 1), t3 = choose(r, 3), t2 = t3 * (r - 3), t1 = t3 * choose(r - 3, 2);
    int64_t l = t2 / gcd64(t2, t3) * t3;
    return l / gcd64(l, t1) * t1;
}

/* Running sums: h[r] counts rank r - 1 on entry, ranks below r on return. */
static void to_cdf16(uint16_t *h)
{
    for (int r = 1; r < SPLIT_W; r++)
        h[r] = (uint16_t)(h[r] + h[r - 1]);
}

static void cdf_build(struct seats_cdf *w, const struct split_up *up, const card_t P[4], card_t u, cardmask_t dead)
{
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | dead;
    w->n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            w->left[w->n++] = (card_t)c;
    int n = w->n;
    memset(w->a, 0, sizeof w->a);
    memset(w->b, 0, (size_t)n * sizeof w->b[0]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const uint16_t *row = up->d3 + (w->left[i] * NCARDS + w->left[j]) * NCARDS;
            for (int k = j + 1; k < n; k++) {
                int d = row[w->left[k]] + 1;
                w->a[d]++, w->b[i][d]++, w->b[j][d]++, w->b[k][d]++;
            }
        }
    for (int r = 1; r < SPLIT_W; r++)
        w->a[r] += w->a[r - 1];
    for (int i = 0; i < n; i++)
        to_cdf16(w->b[i]);
}

/* A trio: no filling, every triple of V. */
static void trio(const struct seats_cdf *w, const struct split_dealer_tables *t, int p, struct split_readings *acc)
{
    split_readings_add(acc, t->bucket_of, p, w->a[p], w->a[p + 1], w->a[t->qualify], w->a[SPLIT_NR]);
}

/* A pair {x, y} filled by one card V[k]; the dealer's triples avoid it. */
static void pair(const struct seats_cdf *w, const struct split_dealer_tables *t, int x, int y,
                 struct split_readings *acc)
{
    const uint16_t *row = t->player + (x * NCARDS + y) * NCARDS;
    int q = t->qualify;
    for (int k = 0; k < w->n; k++) {
        const uint16_t *b = w->b[k];
        int p = row[w->left[k]];
        split_readings_add(acc, t->bucket_of, p, w->a[p] - b[p], w->a[p + 1] - b[p + 1], w->a[q] - b[q],
                           w->a[SPLIT_NR] - b[SPLIT_NR]);
    }
}

/* The four single cards P[i], each filled by two cards {V[k], V[l]}; the
 * dealer's triples avoid both.  The triples holding both, one per third
 * card f, are counted by a walk over V shared by the four singles. */
static void singles(const struct seats_cdf *w, const struct split_up *up, const struct split_dealer_tables *t,
                    const card_t P[4], struct split_readings acc[4])
{
    int n = w->n, q = t->qualify;
    int total = (int)choose(n - 2, 3);
    for (int k = 0; k < n; k++) {
        int c = w->left[k];
        const uint16_t *bk = w->b[k];
        for (int l = k + 1; l < n; l++) {
            int e = w->left[l];
            const uint16_t *bl = w->b[l], *dce = up->d3 + (c * NCARDS + e) * NCARDS;
            int p[4], below[4] = {0}, upto[4] = {0}, nq = 0;
            for (int i = 0; i < 4; i++)
                p[i] = t->player[(P[i] * NCARDS + c) * NCARDS + e];
            for (int f = 0; f < n; f++) {
                if (f == k || f == l)
                    continue;
                int d = dce[w->left[f]];
                nq += d < q;
                for (int i = 0; i < 4; i++)
                    below[i] += d < p[i], upto[i] += d <= p[i];
            }
            int nq_all = w->a[q] - bk[q] - bl[q] + nq;
            for (int i = 0; i < 4; i++) {
                int r = p[i];
                split_readings_add(&acc[i], t->bucket_of, r, w->a[r] - bk[r] - bl[r] + below[i],
                                   w->a[r + 1] - bk[r + 1] - bl[r + 1] + upto[i], nq_all, total);
            }
        }
    }
}

void split_seats_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, cardmask_t dead,
                        struct split_hand_counts out[SPLIT_NMASKS])
{
    static _Thread_local struct seats_cdf w; /* 70 KB: off the (OpenMP thread's) stack */
    struct split_up up = split_up_of(t, u);
    cdf_build(&w, &up, P, u, dead);
    struct split_readings acc[SPLIT_NMASKS], one[4];
    memset(acc, 0, sizeof acc);
    memset(one, 0, sizeof one);
    singles(&w, &up, t, P, one);
    for (int i = 0; i < 4; i++)
        acc[1 << i] = one[i];
    for (int m = 3; m < 15; m++) {
        int idx[3], k = split_hand_cards(P, m, idx);
        if (k == 3)
            trio(&w, t, t->player[(idx[0] * NCARDS + idx[1]) * NCARDS + idx[2]], &acc[m]);
        else if (k == 2)
            pair(&w, t, idx[0], idx[1], &acc[m]);
    }
    for (int m = 1; m < 15; m++)
        split_readings_to_counts(&acc[m], &out[m]);
}
