/* split_seen_class.c — `protect split --seen 1`'s counts the way of a run:
 * a class (P, u) and each of its seen cards s (split_seen.h), the same
 * counts as split_seen_counts, the plain way.
 *
 * Pairs.  A pair hand {x, y} reads E1[c] of each completion c at the
 * rank of {x, y, c}: their sum comes from the upcard's table tp, less
 * what the player's two other cards take away (pair_sums).
 *
 * Single cards.  A single card x has 1,035 completions f, each against
 * the dealer's pairs E avoiding it.  Instead of walking them, the
 * disjointness [f n E = 0] = 1 - sum_a [a in f][a in E] + [f = E] splits
 * each bucket's reading into A - B + C (single_tables), whose bulk the
 * upcard's tables hold for every (s, x) (split_seen_up.h); what the
 * player's three other cards Y take away is read off the pairs' sums (the
 * pair hands {x, y} need them anyway) and the class's sorted ranks of
 * {x, y, e}.  About 2x fewer CPU-seconds over the whole game than the
 * walk with shared rows (results/protection/split-seen-timing.md).
 */
#include <stdlib.h>
#include <string.h>

#include "split_seen.h"
#include "split_seen_situation.h"
#include "split_seen_up.h"

enum { NUNSEEN = NLEFT + 1 }; /* the cards neither the player's nor the upcard */

/* The position of the class's pair {P[i], P[j]} (i < j or j < i) among its 6. */
static inline int pair_of(int i, int j)
{
    static const int8_t AT[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}};
    return AT[i][j];
}

/* A class's pair hand: the unseen cards c as its completions, by the lane
 * of the rank of {x, y, c} (lane l's from start[l] on). */
struct pair_cards {
    card_t card[NUNSEEN];
    uint16_t rank[NUNSEEN];
    uint8_t start[SEEN_LANES + 1];
};

/* A class and its seen situation. */
struct split_seen_class {
    const struct split_dealer_tables *t;
    card_t P[4], u;
    const struct split_seen_up *up; /* the upcard's tables of the single cards and the pairs */
    int16_t hist[4][SPLIT_W];       /* P[i]'s completions from the unseen cards, by rank */
    int32_t hist_n[4][SEEN_LANES];  /* ... by lane */
    struct seen_ranks thirds[6];    /* the pair {P[i], P[j]}'s ranks with each third card e but u */
    struct pair_cards pairs[6];     /* ... with each unseen card */
    struct seen w;
};

/* The readings of a pair {x, y} of the class completed by each card c of
 * V, apart: e = E0 at its rank p(c) and s = E1V[c] there (the pair's
 * reading is e - s), summed by lane as 16-bit lanes (below, upto, nq and
 * the count; a lane sums at most 46 readings of E0 <= 1,035).  The single
 * cards x and y need s too (split_seen_up.h: B's e = y terms). */
struct pair_sums {
    uint64_t e[SEEN_LANES], s[SEEN_LANES];
};

/* E0 at p and p + 1, and nq_count: the lanes of a completion at rank p
 * (E0 >= 0). */
static inline uint64_t e0_lanes(const struct seen *w, int p, uint64_t nq_count)
{
    uint32_t below_upto;
    memcpy(&below_upto, w->e0 + p, 4);
    return below_upto | nq_count;
}

/* The e of {x, y}'s completions by the cards of V. */
__attribute__((target_clones("avx2", "default")))
static void pair_e(const struct split_seen_class *c, int x, int y, uint64_t e[SEEN_LANES])
{
    const struct seen *w = &c->w;
    const uint16_t *row = c->t->player + ((size_t)x * NCARDS + y) * NCARDS;
    const uint64_t nq_count = lanes(0, 0, (uint64_t)w->e0[c->t->qualify], 1);
    memset(e, 0, sizeof(seen_lanes));
    for (int k = 0; k < NLEFT; k++) {
        int p = row[w->left[k]];
        e[c->up->lane_of[p]] += e0_lanes(w, p, nq_count);
    }
}

/* The dealer's pairs {c, y1}, {c, y2} of ranks g1, g2 against a completion
 * c at rank p: their lanes below, upto and nq. */
static inline uint64_t pair_g(int g1, int g2, int p, int q)
{
    return lanes((uint64_t)((g1 < p) + (g2 < p)), (uint64_t)((g1 <= p) + (g2 <= p)), (uint64_t)((g1 < q) + (g2 < q)), 0);
}

/* The class's pair {x, y} = {P[i], P[j]} with s seen: e, and s = the
 * table's sum over the 48 cards c but u, s, x, y (split_seen_up.h) less
 * the two other cards y1, y2 as completions and, for each c of V, the
 * dealer's pairs {c, y1} and {c, y2}.  The unseen cards go by lane, s
 * among them, its terms taken back after (the words' arithmetic is exact
 * modulo 2^64, and every lane ends a count >= 0). */
__attribute__((target_clones("avx2", "default")))
static void pair_sums(const struct split_seen_class *c, card_t s, int i, int j, struct pair_sums *ps)
{
    const struct seen *w = &c->w;
    const struct split_dealer_tables *t = c->t;
    const struct pair_cards *pc = &c->pairs[pair_of(i, j)];
    int x = c->P[i], y = c->P[j], q = t->qualify, Y[2];
    for (int k = 0, n = 0; k < 4; k++)
        if (k != i && k != j)
            Y[n++] = c->P[k];
    const uint16_t *row = t->player + ((size_t)x * NCARDS + y) * NCARDS;
    const uint64_t *tp = c->up->tp[seen_up_keyp(s, x, y)];
    __builtin_prefetch(tp + SEEN_LANES), __builtin_prefetch(tp + SEEN_LANES + 8); /* the next seen card's */
    memcpy(ps->s, tp, sizeof ps->s);
    for (int m = 0; m < 2; m++) {
        int p = row[Y[m]];
        ps->s[c->up->lane_of[p]] -= seen_pair_e1(t, c->u, s, x, y, Y[m], p);
    }
    const uint16_t *d1 = w->ds + Y[0] * NCARDS, *d2 = w->ds + Y[1] * NCARDS; /* D(., y1), D(., y2) */
    const uint64_t nq_count = lanes(0, 0, (uint64_t)w->e0[q], 1);
    memset(ps->e, 0, sizeof ps->e);
    for (int l = 0; l < t->nbuckets; l++) {
        uint64_t e = 0, g = 0;
        for (int k = pc->start[l]; k < pc->start[l + 1]; k++) {
            int a = pc->card[k], p = pc->rank[k];
            e += e0_lanes(w, p, nq_count), g += pair_g(d1[a], d2[a], p, q);
        }
        ps->e[l] = e, ps->s[l] -= g;
    }
    int p = row[s], l = c->up->lane_of[p]; /* s is no completion */
    ps->e[l] -= e0_lanes(w, p, nq_count), ps->s[l] += pair_g(d1[s], d2[s], p, q);
}

/* A lane of a word of 16-bit lanes. */
static inline int lane16(uint64_t v, int k) { return (int)(v >> 16 * k & 0xffff); }

/* The terms a = y' of tg for the single card x = P[i], y' = P[j]: the
 * completions {y', e} of x (e in W - y': every card but u, s, x and y')
 * against the dealer's pairs {y', y} for the two other cards y of Y, read
 * off the class's sorted ranks of {x, y', e} (s among the e, taken out). */
static void single_y_terms(const struct split_seen_class *c, card_t s, int i, int j, int32_t R[SEEN_NREAD][SEEN_LANES])
{
    const struct split_dealer_tables *t = c->t;
    const struct seen_ranks *th = &c->thirds[pair_of(i, j)];
    int x = c->P[i], y = c->P[j], q = t->qualify;
    int ps = split_player_rank(t, x, y, s), ls = c->up->lane_of[ps];
    for (int k = 0; k < 4; k++) {
        if (k == i || k == j)
            continue;
        int d = c->w.ds[y * NCARDS + c->P[k]]; /* D(y, y'') */
        const uint16_t *a0 = seen_ranks_above(th, d, 0), *a1 = seen_ranks_above(th, d, 1);
        for (int b = 0; b < SEEN_LANES; b++) {
            R[0][b] -= a0[b], R[1][b] -= a1[b];
            R[2][b] -= d < q ? th->suffix[0][b] : 0;
        }
        R[0][ls] += d < ps, R[1][ls] += d <= ps, R[2][ls] += d < q;
    }
}

/* sum of a[k] * b[k], k < n: a dot product the compiler turns into
 * multiply-adds of 16-bit lanes. */
static inline int32_t dot16(const int16_t *a, const int16_t *b, int n)
{
    int32_t sum = 0;
    for (int k = 0; k < n; k++)
        sum += a[k] * b[k];
    return sum;
}

/* The single card x = P[i]'s readings with s seen, from the upcard's
 * tables (split_seen_up.h): by lane, R = A - B + C with
 *   A = sum over f in V of E0[theta(p_f)]: the class's completions by rank
 *       against E0, those holding s taken out (xe: the pair {x, s}'s e);
 *   B = sum over a in V, e, g in V - a of [D(a, g) < theta(p(a, e))]
 *     = tbsum - sum_y tb[y]                 (a in V, e and g in W - a)
 *       - sum over a, y of E1V[a](theta(p(a, y)))   (e = y, g in V - a: the
 *         pairs' sums ps)
 *       - sum_y (tg[y] - the two a = y' of Y)        (g = y, e in W - a);
 *   C = sum over f in V of [D(f) < theta(p_f)]
 *     = ct - the pairs of W holding a card of Y (each y's 48: tc[y], the
 *       3 pairs within Y counted twice, added back once).
 * tb[y], tc[y] and tg[y] come as one vector, tbg[y] = tb - tc + tg. */
__attribute__((target_clones("avx2", "default")))
static void single_tables(const struct split_seen_class *c, card_t s, int i, const uint64_t xe[SEEN_LANES],
                          const struct pair_sums *const ps[3], struct split_readings *acc)
{
    const struct split_dealer_tables *t = c->t;
    const struct split_seen_up *up = c->up;
    const struct seen *w = &c->w;
    int q = t->qualify, x = c->P[i], nb = t->nbuckets;
    int Y[3], J[3];
    for (int j = 0, n = 0; j < 4; j++)
        if (j != i)
            J[n] = j, Y[n++] = c->P[j];
    const int16_t *e0 = w->e0, *h = c->hist[i];
    int32_t R[SEEN_NREAD][SEEN_LANES], N[SEEN_LANES];
    for (int b = 0; b < nb; b++) { /* A */
        int lo = t->buckets[b].lo, hi = t->buckets[b].hi;
        N[b] = c->hist_n[i][b] - lane16(xe[b], 3);
        int32_t s0 = dot16(h + lo, e0 + lo, hi - lo), s1 = dot16(h + lo, e0 + lo + 1, hi - lo);
        R[0][b] = s0 - lane16(xe[b], 0), R[1][b] = s1 - lane16(xe[b], 1), R[2][b] = N[b] * e0[q];
    }
    const int32_t(*sum)[SEEN_LANES] = up->tbsum[seen_up_key2(s, x)];
    const int32_t(*ct)[SEEN_LANES] = up->ct[seen_up_key2(s, x)];
    for (int k = 0; k < SEEN_NREAD; k++)
        for (int b = 0; b < nb; b++)
            R[k][b] += ct[k][b] - sum[k][b];
    for (int j = 0; j < 3; j++) {
        const uint16_t(*tbg)[SEEN_LANES] = up->tbg[seen_up_key3(s, x, Y[j])];
        __builtin_prefetch(tbg + 3), __builtin_prefetch(tbg + 5); /* the next seen cards' */
        for (int k = 0; k < SEEN_NREAD; k++)
            for (int b = 0; b < nb; b++)
                R[k][b] += tbg[k][b] + lane16(ps[j]->s[b], k);
        single_y_terms(c, s, i, J[j], R);
        int y2 = Y[(j + 1) % 3], p = split_player_rank(t, x, Y[j], y2), d = w->ds[Y[j] * NCARDS + y2], l = up->lane_of[p];
        R[0][l] += d < p, R[1][l] += d <= p, R[2][l] += d < q; /* the pair {y, y2}, back once */
    }
    enum { COMPLETIONS = (NLEFT - 2) * (NLEFT - 3) / 2 }; /* dealer pairs left to each: C(44, 2) */
    for (int b = 0; b < nb; b++) {
        int slot = t->buckets[b].slot;
        acc->below[slot] += R[0][b], acc->upto[slot] += R[1][b];
        acc->nq[slot] += R[2][b], acc->total[slot] += N[b] * COMPLETIONS;
    }
}

/* The 14 hands' counts of the class's seen situation (started): the
 * trios, the pairs' sums (their readings, and the single cards' e = y
 * terms), the single cards from the upcard's tables. */
static void class_counts(const struct split_seen_class *c, card_t s, struct split_hand_counts out[SPLIT_NMASKS])
{
    const struct split_dealer_tables *t = c->t;
    const card_t *P = c->P;
    struct split_readings acc[SPLIT_NMASKS];
    struct pair_sums ps[6];
    seen_lanes xe;
    memset(acc, 0, sizeof acc);
    for (int i = 0, k = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++, k++) {
            pair_sums(c, s, i, j, &ps[k]);
            struct split_readings *a = &acc[1 << i | 1 << j];
            for (int b = 0; b < t->nbuckets; b++) {
                int slot = t->buckets[b].slot;
                uint64_t e = ps[k].e[b], d = ps[k].s[b];
                a->below[slot] += lane16(e, 0) - lane16(d, 0), a->upto[slot] += lane16(e, 1) - lane16(d, 1);
                a->nq[slot] += lane16(e, 2) - lane16(d, 2), a->total[slot] += lane16(e, 3) * (NLEFT - 1) * (NLEFT - 2) / 2;
            }
        }
    for (int i = 0; i < 4; i++) {
        const struct pair_sums *mine[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (j != i)
                mine[n++] = &ps[pair_of(i, j)];
        pair_e(c, P[i], s, xe); /* x's completions holding s: A takes them out */
        single_tables(c, s, i, xe, mine, &acc[1 << i]);
    }
    for (int m = 7; m < 15; m++) {
        int idx[3];
        if (split_hand_cards(P, m, idx) == 3)
            trio(&c->w, idx[0], idx[1], idx[2], &acc[m]);
    }
    for (int m = 1; m < 15; m++)
        split_readings_to_counts(&acc[m], &out[m]);
}

struct split_seen_class *split_seen_class_new(void) { return malloc(sizeof(struct split_seen_class)); }
void split_seen_class_free(struct split_seen_class *c) { free(c); }

/* The class's pair {P[i], P[j]} with each unseen card, by lane. */
static void pair_cards_build(const struct split_seen_class *c, const card_t unseen[NUNSEEN], int i, int j,
                             struct pair_cards *pc)
{
    int n[SEEN_LANES] = {0};
    uint16_t rank[NUNSEEN];
    for (int k = 0; k < NUNSEEN; k++)
        n[c->up->lane_of[rank[k] = (uint16_t)split_player_rank(c->t, c->P[i], c->P[j], unseen[k])]]++;
    pc->start[0] = 0;
    for (int l = 0; l < SEEN_LANES; l++)
        pc->start[l + 1] = (uint8_t)(pc->start[l] + n[l]);
    int at[SEEN_LANES];
    for (int l = 0; l < SEEN_LANES; l++)
        at[l] = pc->start[l];
    for (int k = 0; k < NUNSEEN; k++) {
        int to = at[c->up->lane_of[rank[k]]]++;
        pc->card[to] = unseen[k], pc->rank[to] = rank[k];
    }
}

/* The thirds of the class's pair {P[i], P[j]}. */
static void pair_thirds_build(const struct split_seen_class *c, int i, int j, struct seen_ranks *th)
{
    seen_ranks_clear(th);
    for (int e = 0; e < NCARDS; e++)
        if (e != c->u && e != c->P[i] && e != c->P[j])
            seen_ranks_add(th, split_player_rank(c->t, c->P[i], c->P[j], e));
    seen_ranks_finish(th, c->up->lane_of);
}

void split_seen_class_start(struct split_seen_class *c, const struct split_dealer_tables *t,
                            const struct split_seen_up *up, const card_t P[4], card_t u)
{
    c->t = t, c->u = u, c->up = up;
    memcpy(c->P, P, 4);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    card_t unseen[NUNSEEN];
    for (int k = 0, n = 0; k < NCARDS; k++)
        if (!(known & card_bit((card_t)k)))
            unseen[n++] = (card_t)k;
    memset(c->hist, 0, sizeof c->hist);
    for (int i = 0; i < 4; i++)
        for (int a = 0; a < NUNSEEN; a++)
            for (int b = a + 1; b < NUNSEEN; b++)
                c->hist[i][split_player_rank(t, P[i], unseen[a], unseen[b])]++;
    memset(c->hist_n, 0, sizeof c->hist_n);
    for (int i = 0; i < 4; i++)
        for (int r = 0; r < SPLIT_NR; r++)
            c->hist_n[i][up->lane_of[r]] += c->hist[i][r];
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            pair_thirds_build(c, i, j, &c->thirds[pair_of(i, j)]),
                pair_cards_build(c, unseen, i, j, &c->pairs[pair_of(i, j)]);
}

void split_seen_counts_in(struct split_seen_class *c, card_t s, struct split_hand_counts out[SPLIT_NMASKS])
{
    split_seen_start(&c->w, c->t, c->P, c->u, s);
    class_counts(c, s, out);
}
