/* split_counts.c — the fast path: outcome counts of the 14 hands of one
 * situation.
 *
 * Singles and pairs by inclusion-exclusion over the dead cards (the
 * player's other cards, split_terms.c): the terms with fewer dead cards
 * drawn are read from tables, and the top term — every dead card among the
 * drawn cards — is counted here.  A triple needs no completion: its four
 * readings of the dealer's CDF come straight from the per-upcard tables.
 */
#include <string.h>

#include "split_tables.h"

/* counts += sign * term, field by field (unsigned arithmetic wraps, and
 * the final sums are true counts); signs are 1 or MINUS_ONE. */
#define MINUS_ONE UINT32_MAX
static void counts_add(struct split_hand_counts *h, const struct split_hand_counts *term, uint32_t sign)
{
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        h->win_q[c] += sign * term->win_q[c];
        h->win_nq[c] += sign * term->win_nq[c];
    }
    h->tie += sign * term->tie;
    h->lose_q += sign * term->lose_q;
    h->lose_nq += sign * term->lose_nq;
    h->total += sign * term->total;
}

struct situation {
    struct split_up w;
    const struct split_dealer_tables *t;
    card_t P[4];
    card_t unseen[47];
};

/* The completions of a single card x by a pair of unseen cards, as a CDF
 * over the player's rank: the pairs of the 51 cards other than x, less
 * those touching the upcard or a dead card (inclusion-exclusion; a pair
 * holds at most two of them). */
struct completions {
    const uint16_t *pairs;    /* pairs_below[x] */
    const uint8_t *third[4];  /* third_below[x][A[i]] */
    int both[6];              /* rank(x, A[i], A[j]) */
};

static void completions_init(const struct situation *s, int x, const int A[4], struct completions *k)
{
    const struct split_dealer_tables *t = s->t;
    k->pairs = t->pairs_below + x * SPLIT_W;
    for (int i = 0, n = 0; i < 4; i++) {
        k->third[i] = t->third_below + (x * NCARDS + A[i]) * SPLIT_W;
        for (int j = i + 1; j < 4; j++)
            k->both[n++] = split_p3(&s->w, x, A[i], A[j]);
    }
}

static inline int completions_below(const struct completions *k, int r)
{
    int n = k->pairs[r] - k->third[0][r] - k->third[1][r] - k->third[2][r] - k->third[3][r];
    for (int i = 0; i < 6; i++)
        n += k->both[i] < r;
    return n;
}

/* The dealer holds exactly the three dead cards (rank dS) and the hand is
 * completed by any pair of unseen cards: each bucket's readings count
 * completions in a range of ranks, so a few readings of the completions'
 * CDF replace the 1,081 pairs. */
static void single_top_dealt(const struct situation *s, int x, const int d[3], int dS, struct split_readings *acc)
{
    const struct split_dealer_tables *t = s->t;
    int A[4] = {s->w.u, d[0], d[1], d[2]};
    struct completions k;
    completions_init(s, x, A, &k);
    int below_dS = completions_below(&k, dS), upto_dS = completions_below(&k, dS + 1), nq = dS < s->w.q;
    int at_lo = completions_below(&k, t->buckets[0].lo);
    for (int b = 0; b < t->nbuckets; b++) {
        int lo = t->buckets[b].lo, hi = t->buckets[b].hi, slot = t->buckets[b].slot;
        int at_hi = completions_below(&k, hi);
        /* completions ranked above dS (the player wins) and from dS on */
        int above = at_hi - (dS + 1 <= lo ? at_lo : dS + 1 >= hi ? at_hi : upto_dS);
        int from = at_hi - (dS <= lo ? at_lo : dS >= hi ? at_hi : below_dS);
        acc->below[slot] += above;
        acc->upto[slot] += from;
        acc->nq[slot] += nq * (at_hi - at_lo);
        acc->total[slot] += at_hi - at_lo;
        at_lo = at_hi; /* the buckets tile the ranks */
    }
}

static void readings_add(struct split_readings *acc, const struct split_readings *b, int sign)
{
    for (int k = 0; k < SPLIT_NBUCKETS; k++) {
        acc->below[k] += sign * b->below[k];
        acc->upto[k] += sign * b->upto[k];
        acc->nq[k] += sign * b->nq[k];
        acc->total[k] += sign * b->total[k];
    }
}

/* The top term of a pair hand: cards x, y, dead a, b, both drawn; one
 * completes the hand and the dealer holds the other, or the dealer holds
 * both. */
static void pair_top(const struct situation *s, int x, int y, int a, int b, struct split_readings *acc)
{
    const struct split_up *w = &s->w;
    SPLIT_READ(acc, w, split_p3(w, x, y, a), split_k_hold1(w, b, x, y, a, r_));
    SPLIT_READ(acc, w, split_p3(w, x, y, b), split_k_hold1(w, a, x, y, b, r_));
    /* the dealer holds a, b and one card avoiding x, y, c: the CDF
     * c2(a, b)[r] - [d(x) < r] - [d(y) < r] - [d(c) < r], d(f) the dealer's
     * rank holding a, b, f; the readings at q and at the top are the same
     * for every c but for d(c), so they are summed per bucket at the end */
    const uint8_t *c2 = split_c2(w, a, b), *bucket_of = s->t->bucket_of;
    const uint16_t *prow = w->player + (x * NCARDS + y) * NCARDS, *drow = w->d3 + (a * NCARDS + b) * NCARDS;
    int dx = drow[x], dy = drow[y], q = w->q;
    int32_t *below = acc->below, *upto = acc->upto;
    int32_t n[SPLIT_NBUCKETS] = {0}, nq_off[SPLIT_NBUCKETS] = {0};
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i], p = prow[c], dc = drow[c], k = bucket_of[p];
        below[k] += c2[p] - (dx < p) - (dy < p) - (dc < p);
        upto[k] += c2[p + 1] - (dx <= p) - (dy <= p) - (dc <= p);
        n[k]++;
        nq_off[k] += dc < q;
    }
    int gq = c2[q] - (dx < q) - (dy < q), gn = c2[SPLIT_NR] - 3; /* d(x), d(y), d(c) are all < top */
    for (int k = 0; k < SPLIT_NBUCKETS; k++) {
        acc->nq[k] += gq * n[k] - nq_off[k];
        acc->total[k] += gn * n[k];
    }
}

/* The top term of a single card x, dead d[0..2], every dead card drawn:
 * the dealer holds all three (single_top_dealt); or two of them, the third
 * f completing the hand with an unseen card; or one, f, the other two
 * completing the hand.  The pair hand {x, f}'s top term (dead the other
 * two) holds the second case once and the third twice (once per card
 * completing it), so the pairs' terms are reused and the third case
 * subtracted once. */
static void single_top(const struct situation *s, int x, const int d[3], const struct split_readings *pair[3],
                       struct split_readings *acc)
{
    const struct split_up *w = &s->w;
    single_top_dealt(s, x, d, split_d3(w, d[0], d[1], d[2]), acc);
    struct split_readings dup;
    memset(&dup, 0, sizeof dup);
    for (int k = 0; k < 3; k++) {
        int a = d[k], b = d[(k + 1) % 3], f = d[(k + 2) % 3];
        readings_add(acc, pair[k], 1);
        SPLIT_READ(&dup, w, split_p3(w, x, a, b), split_k_hold1(w, f, x, a, b, r_));
    }
    readings_add(acc, &dup, -1);
}

/* The table terms of the singles and pairs: every T with fewer dead
 * cards drawn than the hand has, with its sign.  Found first and
 * prefetched, since the tables are larger than the caches and the top
 * terms give the loads time to arrive. */
struct lower_terms {
    const struct split_hand_counts *term[SPLIT_NMASKS][7];
    uint32_t sign[SPLIT_NMASKS][7]; /* 1 or MINUS_ONE */
    int n[SPLIT_NMASKS];
};

static void lower_add(struct lower_terms *L, int m, const struct split_hand_counts *term, uint32_t sign)
{
    __builtin_prefetch(term);
    __builtin_prefetch((const char *)term + sizeof *term - 1);
    L->term[m][L->n[m]] = term;
    L->sign[m][L->n[m]++] = sign;
}

static void lower_terms_find(const struct situation *s, struct lower_terms *L)
{
    const struct split_dealer_tables *t = s->t;
    const struct split_keys *k = t->keys;
    int u = s->w.u;
    for (int i = 0; i < 4; i++) {
        int m = 1 << i, x = s->P[i], d[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (j != i)
                d[n++] = s->P[j];
        L->n[m] = 0;
        lower_add(L, m, &t->terms[SK_SINGLE0][split_key_single0(k, u, x)], 1);
        for (int j = 0; j < 3; j++) {
            lower_add(L, m, &t->terms[SK_SINGLE1][split_key_single1(k, u, x, d[j])], MINUS_ONE);
            int ab = split_pair_index(d[j], d[(j + 1) % 3]);
            lower_add(L, m, &t->terms[SK_SINGLE2][split_key_single2(k, u, x, ab)], 1);
        }
    }
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int m = 1 << i | 1 << j, xy = split_pair_index(s->P[i], s->P[j]);
            L->n[m] = 0;
            lower_add(L, m, &t->terms[SK_PAIR0][split_key_pair0(k, u, xy)], 1);
            for (int a = 0; a < 4; a++)
                if (a != i && a != j)
                    lower_add(L, m, &t->terms[SK_PAIR1][split_key_pair1(k, u, xy, s->P[a])], MINUS_ONE);
        }
}

/* out = -out, field by field */
static void counts_negate(struct split_hand_counts *h)
{
    counts_add(h, h, MINUS_ONE - 1); /* h + (-2) h */
}

/* out = sign * top + the lower terms of hand m. */
static void combine(const struct lower_terms *L, int m, const struct split_readings *top, uint32_t sign,
                    struct split_hand_counts *out)
{
    split_readings_to_counts(top, out);
    if (sign == MINUS_ONE)
        counts_negate(out);
    for (int k = 0; k < L->n[m]; k++)
        counts_add(out, L->term[m][k], L->sign[m][k]);
}

static void count_single(const struct situation *s, int i, const struct split_readings tops[4][4],
                         const struct lower_terms *L, struct split_hand_counts *out)
{
    int x = s->P[i], d[3];
    const struct split_readings *pair[3];
    for (int j = 0, n = 0; j < 4; j++)
        if (j != i)
            pair[n] = &tops[i][j], d[n++] = s->P[j];
    struct split_readings top;
    memset(&top, 0, sizeof top);
    single_top(s, x, d, pair, &top);
    combine(L, 1 << i, &top, MINUS_ONE, out); /* (-1)^3 */
}

/* The dealer's CDF at r over hole triples avoiding all four player cards. */
static inline int k_avoid4(const struct split_up *w, const card_t P[4], int r)
{
    int k = w->c0[r];
    for (int i = 0; i < 4; i++) {
        k -= split_c1(w, P[i])[r];
        for (int j = i + 1; j < 4; j++) {
            k += split_c2(w, P[i], P[j])[r];
            for (int m = j + 1; m < 4; m++)
                k -= split_d3(w, P[i], P[j], P[m]) < r;
        }
    }
    return k;
}

static void count_triple(const struct situation *s, int i, int j, int m, struct split_hand_counts *out)
{
    struct split_readings acc;
    memset(&acc, 0, sizeof acc);
    SPLIT_READ(&acc, &s->w, split_p3(&s->w, s->P[i], s->P[j], s->P[m]), k_avoid4(&s->w, s->P, r_));
    split_readings_to_counts(&acc, out);
}

void split_situation_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS])
{
    struct situation s;
    s.t = t;
    s.w = split_up_of(t, u);
    memcpy(s.P, P, 4);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            s.unseen[n++] = (card_t)c;
    struct lower_terms L;
    lower_terms_find(&s, &L);
    struct split_readings tops[4][4]; /* the pairs' top terms, [i][j] = [j][i] */
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int d[2];
            for (int m = 0, n = 0; m < 4; m++)
                if (m != i && m != j)
                    d[n++] = P[m];
            memset(&tops[i][j], 0, sizeof tops[i][j]);
            pair_top(&s, P[i], P[j], d[0], d[1], &tops[i][j]);
            tops[j][i] = tops[i][j];
        }
    for (int i = 0; i < 4; i++)
        count_single(&s, i, tops, &L, &out[1 << i]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            combine(&L, 1 << i | 1 << j, &tops[i][j], 1, &out[1 << i | 1 << j]); /* (-1)^2 */
            for (int m = j + 1; m < 4; m++)
                count_triple(&s, i, j, m, &out[1 << i | 1 << j | 1 << m]);
        }
}
