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
 * K(min of the ends) - K(max of the starts), or 0 when empty; K being
 * non-decreasing, that is min(K(ends)) - max(K(starts)).
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

enum { NPLAYED_SLOTS = SPLIT_PAR_SLOT_FOLDED }; /* 21: a played hand's slots */
enum { NO_CARD = 0x7fff };                      /* a removed-triple rank no r exceeds */

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

/* K at the ends of the dealer-rank intervals of a hand's results (win,
 * tie, lose) or of the qualification (no, yes). */
struct cuts {
    int lo[SPLIT_PAR_NRESULTS], hi[SPLIT_PAR_NRESULTS];
    int slot0; /* the hand's slot for a win: category * 3 */
};

static inline struct cuts hand_cuts(const struct split_dealer_tables *t, const struct dealer_cdf *k, int p, int all)
{
    int below = k_at(k, p), upto = k_at(k, p + 1);
    return (struct cuts){{0, below, upto}, {below, upto, all}, split_par_slot(t->cat_of[p], SPLIT_PAR_WIN)};
}

static inline struct cuts qualify_cuts(const struct split_dealer_tables *t, const struct dealer_cdf *k, int all)
{
    int nq = k_at(k, t->qualify);
    return (struct cuts){{0, nq}, {nq, all}, 0};
}

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* Per-situation tallies by [qualified][slot(s)], before the weights. */
struct tally {
    int32_t one[2][NPLAYED_SLOTS];
    int32_t two[2][NPLAYED_SLOTS][NPLAYED_SLOTS];
};

static inline void tally_one(int32_t one[2][NPLAYED_SLOTS], const struct cuts *h, const struct cuts *q)
{
    for (int qq = 0; qq < 2; qq++)
        for (int r = 0; r < SPLIT_PAR_NRESULTS; r++)
            one[qq][h->slot0 + r] += imax(0, imin(h->hi[r], q->hi[qq]) - imax(h->lo[r], q->lo[qq]));
}

static inline void tally_two(int32_t two[2][NPLAYED_SLOTS][NPLAYED_SLOTS], const struct cuts *a, const struct cuts *b,
                             const struct cuts *q)
{
    for (int qq = 0; qq < 2; qq++)
        for (int ra = 0; ra < SPLIT_PAR_NRESULTS; ra++) {
            int lo = imax(a->lo[ra], q->lo[qq]), hi = imin(a->hi[ra], q->hi[qq]);
            for (int rb = 0; rb < SPLIT_PAR_NRESULTS; rb++)
                two[qq][a->slot0 + ra][b->slot0 + rb] += imax(0, imin(hi, b->hi[rb]) - imax(lo, b->lo[rb]));
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

/* One played hand of n cards h; returns the multiplicity of its tallies. */
static int64_t count_one(const struct split_cdfs *s, const card_t h[3], int n, int32_t one[2][NPLAYED_SLOTS])
{
    const struct split_dealer_tables *t = s->t;
    if (n == 3) {
        struct dealer_cdf k = cdf_no_card(s);
        int all = k_at(&k, SPLIT_NR);
        struct cuts q = qualify_cuts(t, &k, all), hc = hand_cuts(t, &k, split_player_rank(t, h[0], h[1], h[2]), all);
        tally_one(one, &hc, &q);
        return 44 * 43;
    }
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        if (n == 2) {
            struct dealer_cdf k = cdf_one_card(s, c);
            int all = k_at(&k, SPLIT_NR);
            struct cuts q = qualify_cuts(t, &k, all), hc = hand_cuts(t, &k, split_player_rank(t, h[0], h[1], c), all);
            tally_one(one, &hc, &q);
            continue;
        }
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            struct dealer_cdf k = cdf_two_cards(s, c, e);
            int all = k_at(&k, SPLIT_NR);
            struct cuts q = qualify_cuts(t, &k, all), hc = hand_cuts(t, &k, split_player_rank(t, h[0], c, e), all);
            tally_one(one, &hc, &q);
        }
    }
    return n == 2 ? 43 : 2;
}

/* Both hands played: a 3-card hand a and a 1-card hand b (the pair of
 * completion cards in both orders, multiplicity 2), or two 2-card hands
 * (c1 to a and c2 to b: each order once, multiplicity 1). */
static int64_t count_two(const struct split_cdfs *s, const card_t a[3], int na, const card_t b[3],
                         int32_t two[2][NPLAYED_SLOTS][NPLAYED_SLOTS])
{
    const struct split_dealer_tables *t = s->t;
    int pa = na == 3 ? split_player_rank(t, a[0], a[1], a[2]) : 0;
    for (int i = 0; i < 47; i++) {
        int c = s->unseen[i];
        for (int j = i + 1; j < 47; j++) {
            int e = s->unseen[j];
            struct dealer_cdf k = cdf_two_cards(s, c, e);
            int all = k_at(&k, SPLIT_NR);
            struct cuts q = qualify_cuts(t, &k, all);
            if (na == 3) {
                struct cuts ha = hand_cuts(t, &k, pa, all), hb = hand_cuts(t, &k, split_player_rank(t, b[0], c, e), all);
                tally_two(two, &ha, &hb, &q);
            } else {
                struct cuts ha = hand_cuts(t, &k, split_player_rank(t, a[0], a[1], c), all);
                struct cuts hb = hand_cuts(t, &k, split_player_rank(t, b[0], b[1], e), all);
                tally_two(two, &ha, &hb, &q);
                ha = hand_cuts(t, &k, split_player_rank(t, a[0], a[1], e), all);
                hb = hand_cuts(t, &k, split_player_rank(t, b[0], b[1], c), all);
                tally_two(two, &ha, &hb, &q);
            }
        }
    }
    return na == 3 ? 2 : 1;
}

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

static int64_t (*cell(struct split_par_table *acc, int bc, int kind, int dealer))[SPLIT_PAR_NSLOTS]
{
    return acc->w[bc][kind][dealer];
}

__attribute__((target_clones("avx2", "default")))
void split_par_class(const struct split_dealer_tables *t, const card_t P[4], card_t u, int64_t weight,
                     const struct split_decision *d, struct split_par_table *acc)
{
    static _Thread_local struct split_cdfs s; /* 160 KB: not on the stack */
    static _Thread_local struct tally tl;
    split_cdfs_start(&s, t, P, u);
    int bc = eval4_category_of(split_blind_rank(P)), kind = kind_of(P, d);
    bool instant = d->choice == SPLIT_INSTANT, fold_all = d->choice == SPLIT_FOLD_ALL;
    /* Hand A (none for an instant winner) and hand B; a played hand's
     * slot comes from the tallies, the others are fixed here. */
    bool play_a = !fold_all && !instant && d->play_a, play_b = !fold_all && d->play_b;
    int fixed_a = instant ? SPLIT_PAR_SLOT_NONE : SPLIT_PAR_SLOT_FOLDED, fixed_b = SPLIT_PAR_SLOT_FOLDED;
    add_dealer(&s, weight, play_a || play_b, acc);
    if (!play_a && !play_b) {
        cell(acc, bc, kind, SPLIT_PAR_NO_SHOWDOWN)[fixed_a][fixed_b] += weight * SPLIT_L;
        return;
    }
    card_t a[3], b[3];
    int na = fold_all ? 0 : hand_cards(P, d->hand_a, a), nb = fold_all ? 0 : hand_cards(P, d->hand_b, b);
    if ((play_a && na < 3) || (play_b && nb < 3))
        split_cdfs_build_all_g1(&s);
    if (play_a && play_b) {
        memset(tl.two, 0, sizeof tl.two);
        int64_t mult = weight * count_two(&s, a, na, b, tl.two);
        for (int qq = 0; qq < 2; qq++)
            for (int x = 0; x < NPLAYED_SLOTS; x++)
                for (int y = 0; y < NPLAYED_SLOTS; y++)
                    cell(acc, bc, kind, SPLIT_PAR_DEALER_NQ + qq)[x][y] += mult * tl.two[qq][x][y];
        return;
    }
    memset(tl.one, 0, sizeof tl.one);
    int64_t mult = weight * (play_a ? count_one(&s, a, na, tl.one) : count_one(&s, b, nb, tl.one));
    for (int qq = 0; qq < 2; qq++)
        for (int x = 0; x < NPLAYED_SLOTS; x++) {
            int64_t (*row)[SPLIT_PAR_NSLOTS] = cell(acc, bc, kind, SPLIT_PAR_DEALER_NQ + qq);
            if (play_a)
                row[x][fixed_b] += mult * tl.one[qq][x];
            else
                row[fixed_a][x] += mult * tl.one[qq][x];
        }
}
