/* split_par_class.c — the joint distribution of one situation's rounds
 * under one decision, by the structure of the deal.
 *
 * Only the chosen decision is enumerated, over the completion cards its
 * played hands draw (2 at most: a 1-card hand draws 2, each 2-card hand 1,
 * a 3-card hand none).  For each completion the dealer's CDF over the hole
 * cards left, K, comes from the situation's CDFs (split_dealer_cdf.h), and
 * the dealer ranks split into intervals on which every hand's result and
 * the qualification are fixed: hand with rank p wins on [0, p), ties on
 * [p, p + 1), loses on [p + 1, NR); the dealer fails to qualify on [0, q).
 * A joint cell is the intersection of such intervals, counted as
 * K(the latest end) - K(the earliest start), or 0 when empty; the
 * readings are summed per bucket of completions whose points lie in the
 * same order, and the cells are made once per situation (see struct
 * bucket).
 *
 * Multiplicities put every completion on the common space of
 * split_par_table.h (D, then c1, c2 in order from the 44 left): a lone
 * 3-card hand stands for all 44 * 43 (c1, c2); a lone 2-card hand drawing
 * c1 for the 43 values of c2; a 1-card hand's unordered pair {c, e} for
 * the two orders; a 2+2 split's ordered (c1, c2) for itself.
 */
#include "split_par_class.h"

#include <string.h>

#include "split_dealer_cdf.h"

enum { NO_CARD = 0x7fff }; /* a removed-triple rank no r exceeds */

/* The dealer's hands left with 0, 1 or 2 completion cards removed: K(NR)
 * is C(47,3), C(46,3), C(45,3) whatever the cards. */
enum { ALL_NONE = 16215, ALL_ONE = 15180, ALL_TWO = 14190 };

static const cdf_t ZERO16[SPLIT_W];
static const uint8_t ZERO8[SPLIT_W];

/* The dealer's CDF after the completion cards are removed:
 * K(r) = h[r] - g[r] + c2[r] - #{i : d[i] < r}; with no card or one card
 * the missing terms are zero rows and NO_CARD. */
struct dealer_cdf {
    const cdf_t *h, *g;
    const uint8_t *c2;
    int d[4];
};

static inline int k_at(const struct dealer_cdf *k, int r)
{
    return k->h[r] - k->g[r] + k->c2[r] - (k->d[0] < r) - (k->d[1] < r) - (k->d[2] < r) - (k->d[3] < r);
}

static inline struct dealer_cdf cdf_no_card(const struct split_cdfs *s)
{
    return (struct dealer_cdf){s->g0, ZERO16, ZERO8, {NO_CARD, NO_CARD, NO_CARD, NO_CARD}};
}

static inline struct dealer_cdf cdf_one_card(const struct split_cdfs *s, int c)
{
    return (struct dealer_cdf){s->h1[c], ZERO16, ZERO8, {NO_CARD, NO_CARD, NO_CARD, NO_CARD}};
}

static inline struct dealer_cdf cdf_two_cards(const struct split_cdfs *s, int c, int e)
{
    const uint16_t *dce = s->d3u + (c * NCARDS + e) * NCARDS;
    return (struct dealer_cdf){s->h1[c], s->g1[e], split_cdf_row2(s->t, s->u, c, e),
                               {dce[s->P[0]], dce[s->P[1]], dce[s->P[2]], dce[s->P[3]]}};
}

/* Bucketed readings.  A completion's cells are differences K(e) - K(s)
 * between rank points: 0, pA, pA + 1, pB, pB + 1, q, NR (hand B absent
 * for a lone hand).  Which points bound which cell depends only on the
 * order of the points, fixed by the bucket key (categories of A and B, pA
 * against pB, each against q); so a bucket sums the readings K(point) of
 * its completions, and its cells come out once per situation from the
 * sums: no per-completion work beyond the readings.
 *
 * The order inside a bucket is taken from one completion's points, made
 * distinct by `pos` = 4 * point, minus 1 for p + 1 and 0, plus 1 for p:
 * ties that do not hold for every completion of the bucket (pA + 1 = q,
 * pA = q, pA + 1 = pB, ...) break the way the strict cases go, and the
 * only ties left (pA = pB) are equalities for the whole bucket. */
enum point { PT_ZERO, PT_A, PT_A1, PT_B, PT_B1, PT_Q, PT_ALL, NPOINTS };

struct bucket {
    int32_t sum[NPOINTS]; /* of K at the point; sum[PT_ZERO] stays 0 */
    int32_t pos[NPOINTS]; /* the points' order */
};

enum { NCMP = 3 }; /* pA < pB, =, > */

struct buckets {
    struct bucket b[E3_NCATEGORIES][E3_NCATEGORIES][NCMP][2][2]; /* [catA][catB][cmp][pA < q][pB < q] */
    uint16_t used[E3_NCATEGORIES * E3_NCATEGORIES * NCMP * 4];
    int nused;
};

static inline int32_t pos_of_hand(int p) { return 4 * p + 1; }
static inline int32_t pos_after_hand(int p) { return 4 * p + 3; }

static void buckets_clear(struct buckets *bk)
{
    struct bucket *flat = &bk->b[0][0][0][0][0];
    for (int i = 0; i < bk->nused; i++)
        memset(&flat[bk->used[i]], 0, sizeof *flat);
    bk->nused = 0;
}

/* One completion: hand A with rank pa, hand B with rank pb (pb < 0: no
 * hand B), the dealer's CDF k, its readings at q and NR (shared by the
 * two deals of a 2+2 completion pair). */
static inline void add_completion(struct buckets *bk, const struct split_dealer_tables *t, const struct dealer_cdf *k,
                                  int pa, int pb, int kq, int kall)
{
    int q = t->qualify, two = pb >= 0;
    int cb = two ? t->cat_of[pb] : 0, cmp = two ? (pa > pb) - (pa < pb) + 1 : 0, lb = two && pb < q;
    struct bucket *b = &bk->b[t->cat_of[pa]][cb][cmp][pa < q][lb];
    if (b->sum[PT_ALL] == 0) { /* first use: every completion has dealer hands */
        bk->used[bk->nused++] = (uint16_t)(b - &bk->b[0][0][0][0][0]);
        b->pos[PT_ZERO] = -1;
        b->pos[PT_A] = pos_of_hand(pa);
        b->pos[PT_A1] = pos_after_hand(pa);
        b->pos[PT_B] = two ? pos_of_hand(pb) : 0;
        b->pos[PT_B1] = two ? pos_after_hand(pb) : 0;
        b->pos[PT_Q] = 4 * q;
        b->pos[PT_ALL] = 4 * SPLIT_NR;
    }
    b->sum[PT_A] += k_at(k, pa);
    b->sum[PT_A1] += k_at(k, pa + 1);
    if (two) {
        b->sum[PT_B] += k_at(k, pb);
        b->sum[PT_B1] += k_at(k, pb + 1);
    }
    b->sum[PT_Q] += kq;
    b->sum[PT_ALL] += kall;
}

/* The intervals of results (win, tie, lose) and of qualification (no, yes). */
static const uint8_t START_A[3] = {PT_ZERO, PT_A, PT_A1}, END_A[3] = {PT_A, PT_A1, PT_ALL};
static const uint8_t START_B[3] = {PT_ZERO, PT_B, PT_B1}, END_B[3] = {PT_B, PT_B1, PT_ALL};
static const uint8_t START_Q[2] = {PT_ZERO, PT_Q}, END_Q[2] = {PT_Q, PT_ALL};

static inline int later(const struct bucket *b, int x, int y) { return b->pos[y] > b->pos[x] ? y : x; }
static inline int earlier(const struct bucket *b, int x, int y) { return b->pos[y] < b->pos[x] ? y : x; }

/* The rounds of the intersection of intervals [s, e) of the bucket's order. */
static inline int64_t cell_of(const struct bucket *b, int s, int e)
{
    return b->pos[s] < b->pos[e] ? b->sum[e] - b->sum[s] : 0;
}

/* Weighs every used bucket's cells into the table row of the situation:
 * rows[dealer][slot A][slot B]; a lone hand goes to slot A or B (`lone_b`)
 * beside the fixed slot `other`. */
static void buckets_to_table(const struct buckets *bk, bool two, bool lone_b, int other, int64_t mult,
                             int64_t (*rows)[SPLIT_PAR_NSLOTS][SPLIT_PAR_NSLOTS])
{
    const struct bucket *flat = &bk->b[0][0][0][0][0];
    for (int i = 0; i < bk->nused; i++) {
        int idx = bk->used[i];
        const struct bucket *b = &flat[idx];
        int ca = idx / (E3_NCATEGORIES * NCMP * 4), cb = idx / (NCMP * 4) % E3_NCATEGORIES;
        for (int qq = 0; qq < 2; qq++)
            for (int ra = 0; ra < SPLIT_PAR_NRESULTS; ra++) {
                int s = later(b, START_A[ra], START_Q[qq]), e = earlier(b, END_A[ra], END_Q[qq]);
                int64_t(*row)[SPLIT_PAR_NSLOTS] = rows[SPLIT_PAR_DEALER_NQ + qq];
                int sa = split_par_slot(ca, ra);
                if (!two) {
                    *(lone_b ? &row[other][sa] : &row[sa][other]) += mult * cell_of(b, s, e);
                    continue;
                }
                for (int rb = 0; rb < SPLIT_PAR_NRESULTS; rb++)
                    row[sa][split_par_slot(cb, rb)] +=
                        mult * cell_of(b, later(b, s, START_B[rb]), earlier(b, e, END_B[rb]));
            }
    }
}

/* The cards of P at the positions of mask. */
static int hand_cards(const card_t P[4], int mask, card_t h[3])
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            h[n++] = P[i];
    return n;
}

/* One played hand of n cards h; returns the multiplicity of its readings. */
static int64_t count_one(const struct split_cdfs *s, const card_t h[3], int n, struct buckets *bk)
{
    const struct split_dealer_tables *t = s->t;
    if (n == 3) {
        struct dealer_cdf k = cdf_no_card(s);
        add_completion(bk, t, &k, split_player_rank(t, h[0], h[1], h[2]), -1, k_at(&k, t->qualify), ALL_NONE);
        return 44 * 43;
    }
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        if (n == 2) {
            struct dealer_cdf k = cdf_one_card(s, c);
            add_completion(bk, t, &k, split_player_rank(t, h[0], h[1], c), -1, k_at(&k, t->qualify), ALL_ONE);
            continue;
        }
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            struct dealer_cdf k = cdf_two_cards(s, c, e);
            add_completion(bk, t, &k, split_player_rank(t, h[0], c, e), -1, k_at(&k, t->qualify), ALL_TWO);
        }
    }
    return n == 2 ? 43 : 2;
}

/* Both hands played: a 3-card hand a and a 1-card hand b (the pair of
 * completion cards in both orders, multiplicity 2), or two 2-card hands
 * (c1 to a and c2 to b: each order once, multiplicity 1). */
static int64_t count_two(const struct split_cdfs *s, const card_t a[3], int na, const card_t b[3],
                         struct buckets *bk)
{
    const struct split_dealer_tables *t = s->t;
    int pa = na == 3 ? split_player_rank(t, a[0], a[1], a[2]) : 0;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            struct dealer_cdf k = cdf_two_cards(s, c, e);
            int kq = k_at(&k, t->qualify);
            if (na == 3) {
                add_completion(bk, t, &k, pa, split_player_rank(t, b[0], c, e), kq, ALL_TWO);
            } else {
                add_completion(bk, t, &k, split_player_rank(t, a[0], a[1], c), split_player_rank(t, b[0], b[1], e), kq,
                               ALL_TWO);
                add_completion(bk, t, &k, split_player_rank(t, a[0], a[1], e), split_player_rank(t, b[0], b[1], c), kq,
                               ALL_TWO);
            }
        }
    }
    return na == 3 ? 2 : 1;
}

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* The first dense rank of each 3-card category (cat_of is non-decreasing),
 * and SPLIT_NR past the last. */
static void category_starts(const struct split_dealer_tables *t, int start[E3_NCATEGORIES + 1])
{
    for (int c = 0; c <= E3_NCATEGORIES; c++) {
        int lo = 0, hi = SPLIT_NR; /* first r with cat_of[r] >= c */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (t->cat_of[mid] >= c)
                hi = mid;
            else
                lo = mid + 1;
        }
        start[c] = lo;
    }
}

/* The dealer's final hand: D is uniform over the C(47,3) triples whatever
 * the completion, each standing for 44 * 43 (c1, c2). */
static void add_dealer(const struct split_cdfs *s, int64_t weight, int showdown, struct split_par_table *acc)
{
    int start[E3_NCATEGORIES + 1], q = s->t->qualify;
    category_starts(s->t, start);
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        int lo = start[c], hi = start[c + 1], mid = imin(imax(q, lo), hi);
        acc->dealer[showdown][c][0] += weight * 44 * 43 * (s->g0[mid] - s->g0[lo]);
        acc->dealer[showdown][c][1] += weight * 44 * 43 * (s->g0[hi] - s->g0[mid]);
    }
}

static int kind_of(const card_t P[4], const struct split_decision *d)
{
    if (d->choice != SPLIT_INSTANT)
        return d->choice == SPLIT_FOLD_ALL ? SPLIT_PAR_FOLD_ALL : d->choice == SPLIT_3_1 ? SPLIT_PAR_SPLIT_3_1 : SPLIT_PAR_SPLIT_2_2;
    card_t trio[3];
    hand_cards(P, d->hand_a, trio);
    return split_par_instant_kind(eval3_category_of(eval3_rank(trio)));
}

__attribute__((target_clones("avx2", "default")))
void split_par_class(const struct split_dealer_tables *t, const card_t P[4], card_t u, int64_t weight,
                     const struct split_decision *d, struct split_par_table *acc)
{
    static _Thread_local struct split_cdfs s; /* 160 KB: not on the stack */
    static _Thread_local struct buckets bk; /* all zero between calls */
    split_cdfs_start(&s, t, P, u);
    int bc = eval4_category_of(split_blind_rank(P)), kind = kind_of(P, d);
    bool instant = d->choice == SPLIT_INSTANT, fold_all = d->choice == SPLIT_FOLD_ALL;
    /* Hand A (none for an instant winner) and hand B; a played hand's
     * slot comes from the buckets, the others are fixed here. */
    bool play_a = !fold_all && !instant && d->play_a, play_b = !fold_all && d->play_b;
    int fixed_a = instant ? SPLIT_PAR_SLOT_NONE : SPLIT_PAR_SLOT_FOLDED, fixed_b = SPLIT_PAR_SLOT_FOLDED;
    add_dealer(&s, weight, play_a || play_b, acc);
    if (!play_a && !play_b) {
        acc->w[bc][kind][SPLIT_PAR_NO_SHOWDOWN][fixed_a][fixed_b] += weight * SPLIT_L;
        return;
    }
    card_t a[3], b[3];
    int na = fold_all ? 0 : hand_cards(P, d->hand_a, a), nb = fold_all ? 0 : hand_cards(P, d->hand_b, b);
    if ((play_a && na < 3) || (play_b && nb < 3))
        split_cdfs_build_all_g1(&s);
    int64_t mult = weight * (play_a && play_b ? count_two(&s, a, na, b, &bk)
                             : play_a          ? count_one(&s, a, na, &bk)
                                               : count_one(&s, b, nb, &bk));
    buckets_to_table(&bk, play_a && play_b, play_b, play_a ? fixed_b : fixed_a, mult, acc->w[bc][kind]);
    buckets_clear(&bk);
}
