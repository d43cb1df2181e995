/* buyout_eval.c — the context of a run and one situation's options priced
 * exactly (buyout_eval.h): the dealer tables per upcard rank, the 3rd- and
 * 4th-card options, the canonical classes. */
#include "buyout_eval.h"

#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "combo.h"

/* ---- the u frame ----
 * Where the shoe is the same in two suits, exchanging them everywhere
 * changes no EV.  The dealer tables are built with the upcard a club when
 * its suit and clubs can be exchanged so: a situation is moved there by
 * exchanging the upcard's suit with clubs (s = 0: no exchange). */
static card_t swap_suit(card_t c, int s)
{
    int t = card_suit(c);
    return card_make(card_rank(c), t == s ? 0 : t == 0 ? s : t);
}

static int64_t cube_count(int64_t n) /* C(n, 3) */
{
    return n * (n - 1) * (n - 2) / 6;
}

static const int PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

static bool keeps_shoe(const int count[NCARDS], const int *perm)
{
    for (int c = 0; c < NCARDS; c++)
        if (count[c] != count[card_make(card_rank((card_t)c), perm[card_suit((card_t)c)])])
            return false;
    return true;
}

/* The suit permutations that keep the shoe, and the u frame. */
static void symmetries(struct buyout_context *cx)
{
    cx->nperms = 0;
    for (int i = 0; i < 24; i++)
        if (keeps_shoe(cx->count, PERMS[i]))
            memcpy(cx->perms[cx->nperms++], PERMS[i], sizeof PERMS[i]);
    for (int s = 0; s < NSUITS; s++) {
        int swap[NSUITS] = {0, 1, 2, 3};
        swap[0] = s, swap[s] = 0;
        cx->frame_suit[s] = keeps_shoe(cx->count, swap) ? s : 0;
    }
}

card_t buyout_frame_up(const struct buyout_context *cx, card_t up)
{
    return swap_suit(up, cx->frame_suit[card_suit(up)]);
}

/* ---- context ---- */

struct buyout_context *buyout_context_new(const struct buyout_rules *r, char *err, size_t errlen)
{
    if (buyout_rules_check(r, err, errlen) != 0)
        return NULL;
    struct buyout_context *cx = calloc(1, sizeof *cx);
    if (!cx) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    cx->r = *r;
    cx->shoe = buyout_shoe_counts(r, cx->count);
    symmetries(cx);
    bool with_main = r->bonus_table && !r->bonus_alone;
    cx->bnum = with_main ? r->bonus_num : 0;
    cx->bden = with_main ? r->bonus_den : 1;
    return cx;
}

void buyout_context_free(struct buyout_context *cx)
{
    if (!cx)
        return;
    for (int i = 0; i < NCARDS; i++)
        if (cx->dealer[i]) {
            buyout_dealer_free(cx->dealer[i]);
            free(cx->dealer[i]);
        }
    free(cx);
}

/* The tables of a framed upcard. */
static int build_frame(struct buyout_context *cx, card_t up)
{
    if (cx->dealer[up])
        return 0;
    struct buyout_dealer *d = malloc(sizeof *d);
    if (!d || buyout_dealer_build(d, cx->count, up, cx->r.dealer_five) != 0) {
        free(d);
        return -1;
    }
    cx->dealer[up] = d;
    return 0;
}

int buyout_context_tables(struct buyout_context *cx, card_t framed_up) { return build_frame(cx, framed_up); }

/* ---- one situation ---- */

struct prefix_rows;

/* A 3rd-card situation in the u frame, with the dealer's outcomes once the
 * seen cards R = P + 3rd card left the shoe (standing and drawing apart). */
struct sit3 {
    const struct buyout_dealer *d;
    int su;                 /* the suit exchanged with clubs */
    card_t P[2], c3, R[3];  /* R sorted */
    int left[NCARDS];       /* unseen copies of each type */
    int p2, p3;             /* the player's points with 2 and 3 cards */
    int64_t N3, N4, T3, T4; /* unseen cards and dealer outcomes, 3 and 4 cards seen */
    struct buyout_dealer_sub subs[16];
    int nsubs;
    /* the standing 3-subsets st3, and with a 4th card seen too, w4 = (N4
     * - 3) st3 + the drawing outcomes (dr3_at): the showdowns a 3- or
     * 4-card hand of q points wins are w4[q], less those the outcomes
     * holding the 4th card take (struct held4), and pushes w4[q + 1] - w4[q],
     * less theirs (a standing T weighs N4 - 3, one per card left) */
    int64_t st3[BUYOUT_DEALER_NCUM], w4[BUYOUT_DEALER_NCUM];
    int64_t mw[BUYOUT_DEALER_NCUM - 1]; /* w4[q] + w4[q + 1] - T4: margin_held's part */
    bool r_draws;                     /* the dealer draws holding R: pts4 of R under 13 */
    struct buyout_points_kept dealt4; /* the upcard and R, for his 5 cards' points */
    const struct prefix_rows *pre;    /* R[0], R[1]'s shared part (NULL: R[2] is one of them) */
    int8_t p4[NCARDS];                /* the player's points with R and each 4th card */
    /* with the shared part, the rows each 4th card c4 reads: {R[2], c4}
     * in small4, {R[0], R[2], c4} and {R[1], R[2], c4} in dr3w and pts4
     * (prefix_card_rows, laid out by the pricing of a buy branch) */
    int16_t row_x[NCARDS], row_0[NCARDS], row_1[NCARDS];
};

static void sort3(card_t *a)
{
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
            card_t t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

/* The class's own part: its suit exchange into the u frame, its cards
 * there, the 3 held (sorted) and the 2-card points. */
static void sit3_class(struct sit3 *s, const struct buyout_context *cx, const card_t P[2], card_t up, card_t third)
{
    s->su = cx->frame_suit[card_suit(up)];
    s->d = cx->dealer[buyout_frame_up(cx, up)];
    s->P[0] = swap_suit(P[0], s->su);
    s->P[1] = swap_suit(P[1], s->su);
    s->c3 = swap_suit(third, s->su);
    s->R[0] = s->P[0], s->R[1] = s->P[1], s->R[2] = s->c3;
    sort3(s->R);
    s->p2 = buyout_points2(s->P[0], s->P[1]);
    s->pre = NULL; /* the plain way unless a cache sets it (prefix_for) */
}

/* The unseen cards and the dealer's outcomes with 3 and with 4 cards seen. */
static void sit3_sizes(struct sit3 *s)
{
    s->N3 = s->d->N0 - 3;
    s->N4 = s->N3 - 1;
    s->T3 = cube_count(s->N3) * (s->N3 - 3);
    s->T4 = cube_count(s->N4) * (s->N4 - 3);
}

static void held_from_prefix(struct sit3 *s);

/* The drawing outcomes once R left S0, under j points (N4 - 3 is the
 * tables' n4, the weight of w4's standing hands). */
static int64_t dr3_at(const struct sit3 *s, int j)
{
    return s->w4[j] - (s->N4 - 3) * s->st3[j];
}

static void margins_start(struct sit3 *s)
{
    for (int q = 0; q + 1 < BUYOUT_DEALER_NCUM; q++)
        s->mw[q] = s->w4[q] + s->w4[q + 1] - s->T4;
}

/* The points of the 3 cards, and with each 4th card. */
static void fourth_points(struct sit3 *s)
{
    struct buyout_points_kept kept;
    buyout_points_keep(&kept, s->R, 3, BUYOUT_FIVE_BEST4);
    s->p3 = kept.best;
    buyout_points_with_each(&kept, s->p4);
}

/* The part every class holding the same 3 cards R against the same
 * framed upcard shares (r_key): the cards left, the points with each 4th
 * card, the dealer's outcomes once R left the shoe (from the shared part
 * of R[0], R[1] where s->pre is set). */
static void sit3_held(struct sit3 *s)
{
    memcpy(s->left, s->d->n, sizeof s->left);
    for (int i = 0; i < 3; i++)
        s->left[s->R[i]]--;
    fourth_points(s);
    sit3_sizes(s);
    s->r_draws = s->d->pts4[buyout_dealer_idx3(s->R[0], s->R[1], s->R[2])] < BUYOUT_DRAW_UNDER;
    card_t four[4] = {s->d->up, s->R[0], s->R[1], s->R[2]};
    buyout_points_keep(&s->dealt4, four, 4, s->d->five);
    if (s->pre) {
        held_from_prefix(s);
        margins_start(s);
        return;
    }
    s->nsubs = buyout_submultisets(s->R, 3, s->subs);
    int64_t dr3[BUYOUT_DEALER_NCUM];
    buyout_dealer_removed_cum(s->d, s->subs, s->nsubs, s->st3, dr3);
    for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
        s->w4[j] = (s->N4 - 3) * s->st3[j] + dr3[j];
    margins_start(s);
}

static void sit3_init(struct sit3 *s, const struct buyout_context *cx, const card_t P[2], card_t up, card_t third)
{
    sit3_class(s, cx, P, up, third);
    sit3_held(s);
}

/* Wins, pushes and losses of a player hand of p points out of total. */
struct wpl {
    int64_t win, push, lose;
};

static struct wpl wpl_of(int64_t N, int64_t total, int64_t st_less, int64_t st_eq, int64_t dr_less, int64_t dr_eq)
{
    struct wpl w;
    w.win = (N - 3) * st_less + dr_less;
    w.push = (N - 3) * st_eq + dr_eq;
    w.lose = total - w.win - w.push;
    return w;
}

static struct wpl refuse3_outcomes(const struct sit3 *s)
{
    int p = s->p2;
    int64_t dr = dr3_at(s, p), dr1 = dr3_at(s, p + 1);
    return wpl_of(s->N3, s->T3, s->st3[p], s->st3[p + 1] - s->st3[p], dr, dr1 - dr);
}

static void insert_sorted(const card_t *q, int k, card_t c, card_t *out)
{
    int j = 0;
    bool placed = false;
    for (int i = 0; i < k; i++) {
        if (!placed && c < q[i])
            out[j++] = c, placed = true;
        out[j++] = q[i];
    }
    if (!placed)
        out[j] = c;
}


/* Where the 4th card c4's reads are: its points with the 3 cards, and for
 * each sub-multiset q of R (s->subs) of at most 2 types, the row of q + c4
 * (small4 for q of 0 or 1 type, dr3w and pts4 for 2); with the shared part
 * of R[0], R[1] (s->pre), the 3 rows of plan_fourth_prefix instead.  A buy
 * branch reads 52 x 3 to 52 x 7 such rows, scattered: it plans a few cards
 * ahead, with prefetch, and reads them when it comes to the card. */
struct fourth_plan {
    int p4;
    int row[16];
};
enum { PLAN_AHEAD = 3, PLAN_RING = 4 }; /* cards planned ahead; the plans kept */

static void plan_fourth_prefix(const struct sit3 *s, card_t c4, bool prefetch, struct fourth_plan *f);

static void plan_fourth(const struct sit3 *s, card_t c4, bool prefetch, struct fourth_plan *f)
{
    f->p4 = s->p4[c4];
    if (s->pre) {
        plan_fourth_prefix(s, c4, prefetch, f);
        return;
    }
    for (int i = 0; i < s->nsubs; i++) {
        const struct buyout_dealer_sub *q = &s->subs[i];
        card_t m[3];
        if (q->k > 2)
            continue; /* q = R: read off directly (buyout_dealer_exact4) */
        insert_sorted(q->q, q->k, c4, m);
        if (q->k < 2) {
            f->row[i] = buyout_dealer_small_index(m, q->k + 1);
            if (prefetch) {
                const int32_t *e = s->d->small4[f->row[i]];
                __builtin_prefetch(e + s->p3);
                __builtin_prefetch(e + f->p4);
            }
        } else {
            f->row[i] = buyout_dealer_idx3(m[0], m[1], m[2]);
            if (prefetch) {
                const uint16_t *e = s->d->dr3w[f->row[i]];
                __builtin_prefetch(e + s->p3);
                __builtin_prefetch(e + f->p4);
            }
        }
    }
}

/* ---- the part a buy branch shares with the next ones ----
 * The groups are visited by framed upcard and sorted R (held_key), so one
 * after another hold the same R[0] and R[1] with a rising R[2].  Where
 * R[2] is a type of its own, each sub-multiset q of R is q' or q' + R[2]
 * for a sub-multiset q' of {R[0], R[1]}, with coef(q' + R[2]) =
 * -coef(q'), and for the 4th card c4
 *     sum over q of coef(q) (outcomes holding q + c4)
 *   = A(c4) - sum over q' of coef(q') (outcomes holding q' + R[2] + c4),
 * where A(c4), the outcomes of S0 less {R[0], R[1]} holding c4, is the
 * same for every such group: counted once for every c4 and point value
 * (weighted as at the 4th card, struct buyout_dealer's small4), it leaves
 * a group 2 or 3 table rows a 4th card instead of 6 or 7.  With R[2] in
 * place of c4 it gives the group's own outcomes too: those of S0 less
 * {R[0], R[1]} less A(R[2]) (held_from_prefix). */
struct prefix_rows {
    uint32_t key; /* the framed upcard, R[0] and R[1] as one number > 0; 0: none */
    int32_t w[NCARDS][BUYOUT_DEALER_NCUM]; /* A(c4), weighted, cumulated by points */
    uint8_t pts[NCARDS]; /* the dealer's points with the upcard, R[0], R[1] and c4 */
    /* the outcomes of S0 less {R[0], R[1]}: sum over q' of coef(q')
     * (outcomes holding q'), the standing 3-subsets and weighted */
    int64_t st0[BUYOUT_DEALER_NCUM], w0[BUYOUT_DEALER_NCUM];
};

static card_t card_min(card_t a, card_t b) { return a < b ? a : b; }
static card_t card_max(card_t a, card_t b) { return a < b ? b : a; }

/* The row of the 3 types {a, b, c} (a <= b) in pts4 and dr3w. */
static int idx3_with(card_t a, card_t b, card_t c)
{
    return c < a ? buyout_dealer_idx3(c, a, b) : c < b ? buyout_dealer_idx3(a, c, b) : buyout_dealer_idx3(a, b, c);
}

static int small2(card_t a, card_t b) { return buyout_dealer_pair_index(card_min(a, b), card_max(a, b)); }

/* A(c4) for every c4: the rows of {c4}, {lo, c4}, {hi, c4} and {lo, hi,
 * c4} with their coefficients (+1, -1, -1, +1; with lo = hi, {lo} counts
 * twice and {lo, lo} once).  Each sum is a weighted count of outcomes
 * holding a card, below 4 x 10^7 (small4): int32 holds it. */
static void prefix_build(const struct buyout_dealer *d, card_t lo, card_t hi, struct prefix_rows *p)
{
    for (int c = 0; c < NCARDS; c++) {
        const int32_t *one = d->small4[1 + c], *xl = d->small4[small2(lo, (card_t)c)];
        const int32_t *xh = d->small4[small2(hi, (card_t)c)];
        int i = idx3_with(lo, hi, (card_t)c);
        const uint16_t *x3 = d->dr3w[i];
        /* with lo = hi, xh is xl again: {lo, c} taken twice, its coefficient */
        for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
            p->w[c][j] = one[j] - xl[j] - xh[j] + x3[j];
        p->pts[c] = d->pts4[i];
    }
    card_t q[2] = {lo, hi};
    struct buyout_dealer_sub subs[16];
    int64_t dr0[BUYOUT_DEALER_NCUM];
    buyout_dealer_removed_cum(d, subs, buyout_submultisets(q, 2, subs), p->st0, dr0);
    for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
        p->w0[j] = d->n4 * p->st0[j] + dr0[j];
}

/* The shared part for s's R[0], R[1] (built unless already there), or
 * NULL where R[2] is one of them. */
static const struct prefix_rows *prefix_for(const struct sit3 *s, struct prefix_rows *p)
{
    if (s->R[2] == s->R[1])
        return NULL;
    uint32_t key = 1u + (uint32_t)((s->d->up * NCARDS + s->R[0]) * NCARDS + s->R[1]);
    if (p->key != key) {
        prefix_build(s->d, s->R[0], s->R[1], p);
        p->key = key;
    }
    return p;
}

/* The outcomes once R left S0, from the shared part: those of S0 less
 * {R[0], R[1]} less the ones holding R[2], which are A(R[2]) (R[2] in
 * place of a 4th card).  A is weighted: its standing 3-subsets alone
 * come from their 3 rows of small[] and the standing T = R. */
static void held_from_prefix(struct sit3 *s)
{
    const struct buyout_dealer *d = s->d;
    const card_t *R = s->R;
    const struct buyout_dealer_pair *one = d->small[1 + R[2]].at, *xl = d->small[small2(R[0], R[2])].at;
    const struct buyout_dealer_pair *xh = d->small[small2(R[1], R[2])].at;
    const int32_t *aw = s->pre->w[R[2]];
    const int t = s->pre->pts[R[2]];
    int32_t ast[BUYOUT_DEALER_NCUM]; /* in 32 bits, which vectorise (outcomes holding a card) */
    for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
        ast[j] = (int32_t)(one[j].st - xl[j].st - xh[j].st);
    for (int j = t + 1; t >= BUYOUT_DRAW_UNDER && j < BUYOUT_DEALER_NCUM; j++)
        ast[j]++;
    for (int j = 0; j < BUYOUT_DEALER_NCUM; j++) {
        s->st3[j] = s->pre->st0[j] - ast[j];
        s->w4[j] = s->pre->w0[j] - aw[j];
    }
}

/* The rows of every 4th card c4 with the shared part (struct sit3's
 * row_x, row_0, row_1), by the ranges of c4 where the sorted order of
 * the types is the same: loops of a few operations that vectorise, where
 * idx3_with card by card branches.  R[0] <= R[1] < R[2]. */
static void rows_with(card_t a, card_t b, int16_t row[NCARDS]) /* {a, b, c4} for a <= b */
{
    for (int c = 0; c < a; c++)
        row[c] = (int16_t)buyout_dealer_idx3(c, a, b);
    for (int c = a; c < b; c++)
        row[c] = (int16_t)buyout_dealer_idx3(a, c, b);
    for (int c = b; c < NCARDS; c++)
        row[c] = (int16_t)buyout_dealer_idx3(a, b, c);
}

static void prefix_card_rows(struct sit3 *s)
{
    const card_t *R = s->R;
    for (int c = 0; c < R[2]; c++)
        s->row_x[c] = (int16_t)buyout_dealer_pair_index((card_t)c, R[2]);
    for (int c = R[2]; c < NCARDS; c++)
        s->row_x[c] = (int16_t)buyout_dealer_pair_index(R[2], (card_t)c);
    rows_with(R[0], R[2], s->row_0);
    rows_with(R[1], R[2], s->row_1);
}

/* The 4th card's rows with the shared part: {R[2], c4} in small4 and
 * {R[0], R[2], c4}, {R[1], R[2], c4} in pts4 / dr3w (row[0..2]), laid
 * out for every card at once a group (prefix_card_rows). */
static void plan_fourth_prefix(const struct sit3 *s, card_t c4, bool prefetch, struct fourth_plan *f)
{
    f->row[0] = s->row_x[c4];
    f->row[1] = s->row_0[c4];
    f->row[2] = s->row_1[c4];
    if (prefetch) {
        const int32_t *x = s->d->small4[f->row[0]];
        const uint16_t *x0 = s->d->dr3w[f->row[1]], *x1 = s->d->dr3w[f->row[2]];
        __builtin_prefetch(x + s->p3);
        __builtin_prefetch(x + f->p4);
        __builtin_prefetch(x0 + s->p3);
        __builtin_prefetch(x0 + f->p4);
        __builtin_prefetch(x1 + s->p3);
        __builtin_prefetch(x1 + f->p4);
    }
}

/* The outcomes holding the 4th card c4 (once R left S0), weighted as
 * struct sit3's w4: k3[j] those below p3 + j points, k4[j] below p4 + j
 * (j = 0, 1; where p3 or p4 is 0, a hand that may not play, the
 * values are unspecified and unused). */
struct held4 {
    int64_t k3[2], k4[2];
};

/* held4's counts from the shared part, every row weighted (small4,
 * dr3w): A(c4) - {R[2], c4} + {R[0], R[2], c4} + {R[1], R[2], c4} - R +
 * c4's drawing outcomes (g designations at the dealer's points x5); with
 * R[0] = R[1] the two 3-type rows are one, counted twice (its
 * coefficient).  At p3 and p4 alike, straight on: a card adding no points
 * counts the same twice. */
static inline void prefix_held(const struct sit3 *s, card_t c4, const struct fourth_plan *f, struct held4 *h)
{
    const struct buyout_dealer *d = s->d;
    const int32_t *a = s->pre->w[c4], *x = d->small4[f->row[0]];
    const uint16_t *x0 = d->dr3w[f->row[1]], *x1 = d->dr3w[f->row[2]];
    const int g = s->r_draws + (s->pre->pts[c4] < BUYOUT_DRAW_UNDER) + (d->pts4[f->row[1]] < BUYOUT_DRAW_UNDER) +
                  (d->pts4[f->row[2]] < BUYOUT_DRAW_UNDER);
    const int x5 = g ? buyout_points_with(&s->dealt4, c4) : BUYOUT_DEALER_NCUM;
    const int p = s->p3, q = f->p4;
    h->k3[0] = a[p] - x[p] + x0[p] + x1[p] - (x5 < p ? g : 0);
    h->k3[1] = a[p + 1] - x[p + 1] + x0[p + 1] + x1[p + 1] - (x5 < p + 1 ? g : 0);
    h->k4[0] = a[q] - x[q] + x0[q] + x1[q] - (x5 < q ? g : 0);
    h->k4[1] = a[q + 1] - x[q + 1] + x0[q + 1] + x1[q + 1] - (x5 < q + 1 ? g : 0);
}

/* buyout_dealer_exact4's count for the 4 cards R and c4, from the rows at
 * hand: one per copy designated as the 5th card whose other three draw.
 * Designating c4 leaves R; designating a card of R leaves the other two
 * with c4, the row of a 2-type sub-multiset q (coef: its copies in R). */
static int64_t exact4_designations(const struct sit3 *s, const struct fourth_plan *f)
{
    int64_t g = s->r_draws;
    for (int i = 0; i < s->nsubs; i++)
        if (s->subs[i].k == 2 && s->d->pts4[f->row[i]] < BUYOUT_DRAW_UNDER)
            g += s->subs[i].coef;
    return g;
}

/* held4's counts the plain way: by inclusion-exclusion over R's
 * sub-multisets q joined with c4 (the rows of plan_fourth), at p[0] and
 * p[1] (k[i]; p[i] = 0 not asked). */
static void plain_held(const struct sit3 *s, card_t c4, const struct fourth_plan *f, const int p[2], int64_t k[2][2])
{
    const struct buyout_dealer *d = s->d;
    for (int i = 0; i < s->nsubs; i++) {
        const struct buyout_dealer_sub *q = &s->subs[i];
        const int32_t *x = q->k < 2 ? d->small4[f->row[i]] : NULL;
        const uint16_t *x3 = q->k == 2 ? d->dr3w[f->row[i]] : NULL;
        int64_t g = 0; /* q = R: the drawing outcomes of exactly R and c4, at the dealer's points x5 */
        int x5 = 0;
        if (q->k == 3 && (g = exact4_designations(s, f)) != 0)
            x5 = buyout_points_with(&s->dealt4, c4);
        for (int a = 0; a < 2; a++)
            for (int j = 0; p[a] && j < 2; j++) {
                int v = p[a] + j;
                int64_t held = q->k < 2 ? x[v] : q->k == 2 ? x3[v] : x5 < v ? g : 0;
                k[a][j] += q->coef * held;
            }
    }
}

/* The dealer after the 4th card c4 also left: R's outcomes less those
 * holding that copy of c4, at the 3-card points p3 and the 4-card points. */
static void fourth_held(const struct sit3 *s, card_t c4, const struct fourth_plan *f, struct held4 *h)
{
    if (s->pre) { /* (buy_branch calls prefix_held itself, inline) */
        prefix_held(s, c4, f, h);
        return;
    }
    /* the plain way: a 4th card that adds no points (nearly half of them)
     * is the same count at p3, counted once */
    const bool same = f->p4 == s->p3;
    const int p[2] = {s->p3, same ? 0 : f->p4};
    int64_t k[2][2] = {{0, 0}, {0, 0}};
    plain_held(s, c4, f, p, k);
    /* field by field, each a select: an indexed row read back whole
     * would wait for its two stores */
    h->k3[0] = k[0][0], h->k3[1] = k[0][1];
    h->k4[0] = same ? k[0][0] : k[1][0];
    h->k4[1] = same ? k[0][1] : k[1][1];
}

/* The showdowns of `copies` 4th cards at q points, k[j] the outcomes
 * holding them below q + j summed (struct held4, copies times). */
static struct wpl showdowns_held(const struct sit3 *s, int q, int64_t copies, const int64_t k[2])
{
    struct wpl w;
    w.win = copies * s->w4[q] - k[0];
    w.push = copies * (s->w4[q + 1] - s->w4[q]) - (k[1] - k[0]);
    w.lose = copies * s->T4 - w.win - w.push;
    return w;
}

/* win - lose of one 4th card's showdowns at q points (k: its held4's). */
static int64_t margin_held(const struct sit3 *s, int q, const int64_t k[2])
{
    return s->mw[q] - k[0] - k[1];
}

/* The showdowns of refusing (at p3, into *w3) and buying (into *w4) the
 * 4th card c4; a hand of 0 points left as it is. */
static void fourth_outcomes(const struct sit3 *s, card_t c4, const struct fourth_plan *f, struct wpl *w3,
                            struct wpl *w4)
{
    struct held4 h;
    fourth_held(s, c4, f, &h);
    if (s->p3 > 0)
        *w3 = showdowns_held(s, s->p3, 1, h.k3);
    if (f->p4 > 0)
        *w4 = showdowns_held(s, f->p4, 1, h.k4);
}

/* The options of one decision: the main bets' part and the Bonus's part. */
struct options {
    bool legal[3];
    wide_t main[3], bonus[3];
    struct wpl w[3]; /* showdown outcomes of refuse and buy */
    int points[3];   /* the points the player keeps with refuse and buy */
};

static int bonus_of(const struct buyout_context *cx, int p)
{
    return cx->bnum ? buyout_rules_bonus(&cx->r, p) : 0;
}

/* The 4th-card options in 1/(T4 bden): fold loses First + Second, refuse
 * plays them on the 3 cards, buy plays all three bets on the 4 cards. */
static void fourth_options(const struct buyout_context *cx, const struct sit3 *s, card_t c4,
                           const struct fourth_plan *f, struct options *o)
{
    int p4 = f->p4;
    o->points[BUYOUT_REFUSE] = s->p3;
    o->points[BUYOUT_BUY] = p4;
    o->legal[BUYOUT_REFUSE] = o->legal[BUYOUT_BUY] = false;
    o->main[BUYOUT_REFUSE] = o->main[BUYOUT_BUY] = o->bonus[BUYOUT_REFUSE] = o->bonus[BUYOUT_BUY] = 0;
    fourth_outcomes(s, c4, f, &o->w[BUYOUT_REFUSE], &o->w[BUYOUT_BUY]);
    wide_t T4 = s->T4, bden = cx->bden, bnum = cx->bnum;
    o->legal[BUYOUT_FOLD] = true;
    o->main[BUYOUT_FOLD] = -2 * T4 * bden;
    o->bonus[BUYOUT_FOLD] = cx->bnum ? -bnum * T4 : 0;
    /* refusing needs a playable 3-card hand; buying a playable 4-card
     * hand (points only grow with cards: this covers "already playable") */
    if ((o->legal[BUYOUT_REFUSE] = s->p3 > 0)) {
        const struct wpl *w = &o->w[BUYOUT_REFUSE];
        o->main[BUYOUT_REFUSE] = 2 * (wide_t)(w->win - w->lose) * bden;
        o->bonus[BUYOUT_REFUSE] = bnum * bonus_of(cx, s->p3) * T4;
    }
    if ((o->legal[BUYOUT_BUY] = p4 > 0)) {
        const struct wpl *w = &o->w[BUYOUT_BUY];
        o->main[BUYOUT_BUY] = 3 * (wide_t)(w->win - w->lose) * bden;
        o->bonus[BUYOUT_BUY] = bnum * bonus_of(cx, p4) * T4;
    }
}

/* The best legal option; ties go to the smaller wager (fold, refuse, buy). */
static enum buyout_choice best_of(const struct options *o, bool with_bonus)
{
    enum buyout_choice best = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++) {
        if (!o->legal[c])
            continue;
        wide_t v = o->main[c] + (with_bonus ? o->bonus[c] : 0);
        wide_t b = o->main[best] + (with_bonus ? o->bonus[best] : 0);
        if (v > b)
            best = (enum buyout_choice)c;
    }
    return best;
}

static const char LETTER[3] = {'F', 'R', 'B'};

/* After buying the 3rd card: the sum over every 4th card, weighted by its
 * unseen copies, of the optimal play's parts (combined objective), and the
 * values of the plain decisions. */
struct branch {
    wide_t first, second, third, bonus, at4[3], net[BUYOUT_NNET];
    wide_t value, plain_main, plain_value;
    /* the 4th-card decisions, by card id in the u frame, and their counts */
    char fourth[NCARDS];
    int fourth_cards, changed4;
    wide_t changed4_p;
    struct buyout_final_list final; /* last: cleared by its count alone */
};

/* A thread's last situation and branch (buyout_eval_cache_new): the same
 * 3 cards held against the same framed upcard share sit3_held's part and
 * buy the same branch. */
struct buyout_eval_cache {
    uint32_t key; /* r_key of s; 0: empty */
    struct sit3 s;
    struct branch b;
    bool bounded; /* buyout_eval_cache_bound */
    bool priced;  /* b is the branch itself */
    bool bound;   /* b is branch_bound's */
    /* the last R[0], R[1]'s shared part: a thread's cache, which sees the
     * groups that follow one another (NULL in a cache for one class: the
     * plain way, as building it costs more than one group saves) */
    struct prefix_rows *pre;
};

struct buyout_eval_cache *buyout_eval_cache_new(void)
{
    struct buyout_eval_cache *c = calloc(1, sizeof *c);
    if (c && !(c->pre = calloc(1, sizeof *c->pre)))
        free(c), c = NULL;
    return c;
}

void buyout_eval_cache_bound(struct buyout_eval_cache *c) { c->bounded = true; }

void buyout_eval_cache_free(struct buyout_eval_cache *c)
{
    if (c)
        free(c->pre);
    free(c);
}

static void net_add(wide_t *net, int units, const struct wpl *w, wide_t scale)
{
    net[units - BUYOUT_NET_MIN] += w->win * scale;
    net[0 - BUYOUT_NET_MIN] += w->push * scale;
    net[-units - BUYOUT_NET_MIN] += w->lose * scale;
}

/* A hand of `kept` cards and p points played to the showdown. */
static void final_add(struct buyout_final_list *f, int kept, int p, const struct wpl *w, wide_t scale)
{
    struct buyout_final_entry *e = &f->e[f->n++];
    e->kept = (int8_t)kept, e->points = (int8_t)p;
    e->wpl[BUYOUT_WIN] = w->win * scale;
    e->wpl[BUYOUT_PUSH] = w->push * scale;
    e->wpl[BUYOUT_LOSE] = w->lose * scale;
}

/* What a buy branch sums over its 4th cards, in int64: every part of the
 * branch is one of these sums times T4, bden or bnum (branch_finish), so
 * the 52 cards add small integers, not 128-bit money.  a4 <= the copies of
 * a card and a count <= T4: a sum stays far below 2^63. */
struct branch_sums {
    int64_t copies[3];        /* by the decision taken: a4 */
    int64_t margin[3];        /* a4 (win - lose), refuse and buy */
    int64_t bonus_pays;       /* a4 x the Bonus result (-1 a fold) */
    int64_t net[BUYOUT_NNET]; /* a4 x the showdowns (folds apart: copies[FOLD]) */
    int64_t plain_main;       /* a4 x the plain decision's main bets, in T4 */
    int64_t plain_pays;       /* a4 x the plain decision's Bonus result */
    int64_t changed;          /* a4 where the Bonus changes the decision */
    /* the final hands, one entry per cards kept (3 or 4) and points: slot[kept
     * - 3][points] is its index in fin, -1 none yet */
    int8_t slot[2][BUYOUT_NPOINTS];
    int nfin;
    struct {
        int8_t kept, points;
        int64_t wpl[BUYOUT_NSHOWDOWN];
    } fin[BUYOUT_FINAL_MAX];
};

static void sums_start(struct branch_sums *m)
{
    memset(m, 0, offsetof(struct branch_sums, slot));
    memset(m->slot, -1, sizeof m->slot);
    m->nfin = 0;
}

/* One 4th card's decision, the combined and the plain one, from the
 * margins win - lose of refusing and buying it: the main bets in 1/T4 (fold -2 T4, refuse 2 (win - lose),
 * buy 3 (win - lose)), the Bonus in results to 1 (fold -1). */
struct fourth_choice {
    bool legal[3];
    int64_t main[3];
    int pays[3];
    enum buyout_choice best, plain;
};

static inline void choose_fourth(const struct buyout_context *cx, const struct sit3 *s, int p4, int64_t margin3,
                                 int64_t margin4, struct fourth_choice *f)
{
    f->legal[BUYOUT_FOLD] = true, f->legal[BUYOUT_REFUSE] = s->p3 > 0, f->legal[BUYOUT_BUY] = p4 > 0;
    f->main[BUYOUT_FOLD] = -2 * s->T4;
    f->main[BUYOUT_REFUSE] = 2 * margin3;
    f->main[BUYOUT_BUY] = 3 * margin4;
    f->pays[BUYOUT_FOLD] = -1, f->pays[BUYOUT_REFUSE] = bonus_of(cx, s->p3), f->pays[BUYOUT_BUY] = bonus_of(cx, p4);
    /* ties go to the smaller wager (fold, refuse, buy), as best_of */
    f->plain = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++)
        if (f->legal[c] && f->main[c] > f->main[f->plain])
            f->plain = (enum buyout_choice)c;
    f->best = f->plain;
    if (!cx->bnum)
        return;
    wide_t T4 = s->T4, bden = cx->bden, bnum = cx->bnum, v[3];
    for (int c = 0; c < 3; c++)
        v[c] = f->main[c] * bden + bnum * f->pays[c] * T4;
    f->best = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++)
        if (f->legal[c] && v[c] > v[f->best])
            f->best = (enum buyout_choice)c;
}

/* choose_fourth's decision where no Bonus rides on the main game (the
 * combined one and the plain one are then the same), in a few compares. */
static inline enum buyout_choice choose_main(const struct sit3 *s, int p4, int64_t margin3, int64_t margin4)
{
    enum buyout_choice c = BUYOUT_FOLD;
    int64_t v = -2 * s->T4;
    if (s->p3 > 0 && 2 * margin3 > v) /* ties go to the smaller wager */
        c = BUYOUT_REFUSE, v = 2 * margin3;
    if (p4 > 0 && 3 * margin4 > v)
        c = BUYOUT_BUY;
    return c;
}

/* Adds a4 copies of 4th cards taken under f's decisions to the sums, w
 * the chosen option's showdowns summed over those copies (none for a
 * fold) and plain_main their plain decision's main bets (in T4), their
 * final hand among the sums.  w by value: its fields come from registers
 * (an array of them stored field by field and read back whole stalls). */
static inline void take_fourths(const struct fourth_choice *f, struct wpl w, int points, int64_t a4,
                                int64_t plain_main, struct branch_sums *m)
{
    enum buyout_choice c = f->best;
    m->copies[c] += a4;
    m->bonus_pays += a4 * f->pays[c];
    m->plain_main += plain_main;
    m->plain_pays += a4 * f->pays[f->plain];
    if (c != f->plain)
        m->changed += a4;
    if (c == BUYOUT_FOLD)
        return;
    int units = c == BUYOUT_BUY ? 3 : 2;
    m->margin[c] += w.win - w.lose;
    m->net[units - BUYOUT_NET_MIN] += w.win;
    m->net[0 - BUYOUT_NET_MIN] += w.push;
    m->net[-units - BUYOUT_NET_MIN] += w.lose;
    int kept = c == BUYOUT_BUY ? 4 : 3;
    int8_t *at = &m->slot[kept - 3][points];
    if (*at < 0) {
        *at = (int8_t)m->nfin++;
        m->fin[*at].kept = (int8_t)kept, m->fin[*at].points = (int8_t)points;
        memset(m->fin[*at].wpl, 0, sizeof m->fin[*at].wpl);
    }
    m->fin[*at].wpl[BUYOUT_WIN] += w.win;
    m->fin[*at].wpl[BUYOUT_PUSH] += w.push;
    m->fin[*at].wpl[BUYOUT_LOSE] += w.lose;
}

/* Where the Bonus changes a 4th card's decision (a4 copies): the plain
 * decision's main bets and Bonus result in place of the chosen one's,
 * which take_bucket counted for both. */
static void plain_change(const struct fourth_choice *f, int64_t a4, struct branch_sums *m)
{
    m->plain_main += a4 * (f->main[f->plain] - f->main[f->best]);
    m->plain_pays += a4 * (f->pays[f->plain] - f->pays[f->best]);
    m->changed += a4;
}

/* The 4th cards priced one by one, summed by the decision taken and the
 * points kept: their copies and the outcomes holding them below q and
 * q + 1 points (struct held4's, a4 times), made showdowns once a branch. */
struct bucket {
    int64_t copies, k[2];
};

static void bucket_add(struct bucket *b, int64_t a4, const int64_t k[2])
{
    b->copies += a4;
    b->k[0] += a4 * k[0];
    b->k[1] += a4 * k[1];
}

/* A bucket of cards under decision c keeping q points into the sums. */
static void take_bucket(const struct buyout_context *cx, const struct sit3 *s, enum buyout_choice c, int q,
                        const struct bucket *b, struct branch_sums *m)
{
    if (b->copies == 0)
        return;
    struct fourth_choice f = {.best = c, .plain = c};
    f.pays[c] = c == BUYOUT_FOLD ? -1 : bonus_of(cx, q);
    struct wpl w = c == BUYOUT_FOLD ? (struct wpl){0, 0, 0} : showdowns_held(s, q, b->copies, b->k);
    int64_t main = c == BUYOUT_FOLD ? -2 * s->T4 * b->copies : (c == BUYOUT_BUY ? 3 : 2) * (w.win - w.lose);
    take_fourths(&f, w, q, b->copies, main, m);
}

/* ---- the 4th cards that add no points, together ----
 * A 4th card c with p4 = p3 (about half of them) gives refusing and
 * buying the same showdowns, whose margin win - lose is M0 - K(c): M0 the
 * margin at p3 against the dealer's outcomes once R left, K(c) >= 0 what
 * the outcomes holding c take from it, at most U = twice their number.
 * The decision is monotone in the margin (fold, refuse, buy: slopes 0, 2
 * and 3 bets), the plain one too: where each is the same at M0 - U and at
 * M0, it is that one for every such card, and their showdowns summed come
 * from the group's counts: over every unseen card c, the outcomes
 * without c sum to N3 x (those once R left) less the cards they hold (3 a
 * standing T, 4 a drawing T and its 5th card); less the other 4th cards'
 * own, counted one by one. */
struct lump {
    bool on;
    struct fourth_choice ch;
    struct wpl all; /* over every unseen card c: the showdowns at p3 once c left too */
};

static int64_t choose2(int64_t n) { return n * (n - 1) / 2; }

/* The margin win - lose at q of the showdowns against the dealer's
 * outcomes once R left: an upper bound on any 4th card's at q, the
 * outcomes holding the card only taking from it. */
static int64_t margin_at(const struct sit3 *s, int q)
{
    static const int64_t none[2] = {0, 0};
    return margin_held(s, q, none);
}

/* The margins a card adding no points may have, [*lo, *hi], and the
 * showdowns summed over every unseen card (struct lump's all).  p3 > 0. */
static void lump_counts(const struct sit3 *s, int64_t *lo, int64_t *hi, struct wpl *all)
{
    const int p = s->p3;
    const int64_t *st = s->st3, N3 = s->N3, N4 = s->N4, T4 = s->T4;
    const int64_t dr = dr3_at(s, p), dr1 = dr3_at(s, p + 1); /* at p and p + 1 */
    int64_t win0 = s->w4[p], push0 = s->w4[p + 1] - s->w4[p];
    /* the outcomes holding one given card: a standing T with it, a
     * drawing T with it and its 5th card, or a drawing T and it as the 5th */
    int64_t held = (N4 - 3) * choose2(N3 - 1) + choose2(N3 - 1) * (N3 - 3) + choose2(N3 - 1) * (N3 - 3) / 3;
    *hi = margin_at(s, p); /* 2 win0 + push0 - T4 */
    *lo = *hi - 2 * held;
    all->win = N3 * win0 - ((N4 - 3) * 3 * st[p] + 4 * dr);
    all->push = N3 * push0 - ((N4 - 3) * 3 * (st[p + 1] - st[p]) + 4 * (dr1 - dr));
    all->lose = N3 * T4 - all->win - all->push;
}

/* Where the player holds no points (refusing is not allowed), whether a
 * 4th card making p4 points is folded for sure: it is at the highest
 * margin it may have (the decisions are monotone in the margin), or it
 * makes none (then it must be). */
static bool folds_for_sure(const struct buyout_context *cx, const struct sit3 *s, int p4)
{
    if (p4 == 0)
        return true;
    struct fourth_choice f;
    choose_fourth(cx, s, p4, 0, margin_at(s, p4), &f);
    return f.best == BUYOUT_FOLD && f.plain == BUYOUT_FOLD;
}

/* The decisions of a 4th card adding no points whose margin is m. */
static void choose_at_margin(const struct buyout_context *cx, const struct sit3 *s, int64_t m,
                             struct fourth_choice *f)
{
    choose_fourth(cx, s, s->p3, m, m, f);
}

static void lump_start(const struct buyout_context *cx, const struct sit3 *s, struct lump *l)
{
    l->on = false;
    if (s->p3 == 0)
        return;
    int64_t lo, hi;
    lump_counts(s, &lo, &hi, &l->all);
    struct fourth_choice at_lo, at_hi;
    choose_at_margin(cx, s, lo, &at_lo);
    choose_at_margin(cx, s, hi, &at_hi);
    l->on = at_lo.best == at_hi.best && at_lo.plain == at_hi.plain;
    l->ch = at_hi;
}

/* The cards adding no points (a4 copies in all) into the sums, from
 * l->all less the others' showdowns at p3 (rest, summed over their
 * copies). */
static void lump_take(const struct sit3 *s, const struct lump *l, int64_t a4, const struct wpl *rest,
                      struct branch_sums *m)
{
    struct wpl w = {l->all.win - rest->win, l->all.push - rest->push, l->all.lose - rest->lose};
    int64_t margin = w.win - w.lose;
    int64_t main[3] = {-2 * s->T4 * a4, 2 * margin, 3 * margin};
    take_fourths(&l->ch, w, s->p3, a4, main[l->ch.plain], m);
}

/* The branch's parts from its sums (the units of struct buyout_sit). */
static void branch_finish(const struct buyout_context *cx, const struct sit3 *s, const struct branch_sums *m,
                          struct branch *b)
{
    wide_t T4 = s->T4, bden = cx->bden, bnum = cx->bnum;
    wide_t fold = m->copies[BUYOUT_FOLD] * T4;
    b->first = b->second = (m->margin[BUYOUT_REFUSE] + m->margin[BUYOUT_BUY] - fold) * bden;
    b->third = m->margin[BUYOUT_BUY] * bden;
    b->bonus = bnum * m->bonus_pays * T4;
    for (int c = 0; c < 3; c++)
        b->at4[c] = m->copies[c] * T4;
    for (int i = 0; i < BUYOUT_NNET; i++)
        b->net[i] = m->net[i];
    b->net[-2 - BUYOUT_NET_MIN] += fold;
    b->value = (2 * (wide_t)m->margin[BUYOUT_REFUSE] + 3 * (wide_t)m->margin[BUYOUT_BUY] - 2 * fold) * bden + b->bonus;
    b->plain_main = m->plain_main * bden;
    b->plain_value = b->plain_main + bnum * m->plain_pays * T4;
    b->changed4_p = m->changed * T4;
    b->final.n = m->nfin;
    for (int i = 0; i < m->nfin; i++) {
        struct buyout_final_entry *e = &b->final.e[i];
        e->kept = m->fin[i].kept, e->points = m->fin[i].points;
        for (int r = 0; r < BUYOUT_NSHOWDOWN; r++)
            e->wpl[r] = m->fin[i].wpl[r];
    }
}

/* The 4th cards with copies left, where the player holds points (p3 >
 * 0): those of the lump into *lumped (their copies) and b->fourth, the
 * others into todo (returned: how many); b->fourth_cards.  Without a
 * branch a card: which cards add no points follows no pattern. */
static int fourths_lumped(const struct sit3 *s, const struct lump *l, struct branch *b, card_t todo[NCARDS],
                          int64_t *lumped)
{
    const char letter = LETTER[l->ch.best];
    const int8_t p3 = (int8_t)s->p3, on = l->on;
    int n = 0, cards = 0, in_lump = 0;
    uint8_t priced[NCARDS];
    for (int c = 0; c < NCARDS; c++) { /* one byte a card: it vectorises */
        uint8_t has = s->left[c] > 0, in = has & on & (s->p4[c] == p3);
        in_lump += in ? s->left[c] : 0;
        b->fourth[c] = in ? letter : '-';
        priced[c] = has & !in;
        cards += has;
    }
    for (int c = 0; c < NCARDS; c++) {
        todo[n] = (card_t)c;
        n += priced[c];
    }
    *lumped += in_lump;
    b->fourth_cards = cards;
    return n;
}

/* The same where the player holds no points: the cards folded for sure
 * into *folded, the others into todo. */
static int fourths_folded(const struct buyout_context *cx, const struct sit3 *s, struct branch *b,
                          card_t todo[NCARDS], struct bucket *folded)
{
    int n = 0;
    b->fourth_cards = 0;
    for (int c = 0; c < NCARDS; c++) {
        int64_t a4 = s->left[c];
        b->fourth[c] = '-';
        b->fourth_cards += a4 > 0;
        if (a4 && folds_for_sure(cx, s, s->p4[c]))
            folded->copies += a4, b->fourth[c] = LETTER[BUYOUT_FOLD];
        else if (a4)
            todo[n++] = (card_t)c;
    }
    return n;
}

/* Buying the 3rd card: every 4th card the shoe still holds, weighted by
 * its unseen copies, played optimally (and the plain decisions too); the
 * cards adding no points together where their decisions are one (struct
 * lump), the others one by one, summed by decision and points kept
 * (struct bucket). */
static void buy_branch(const struct buyout_context *cx, struct sit3 *s, struct branch *b)
{
    if (s->pre)
        prefix_card_rows(s);
    struct branch_sums m;
    sums_start(&m);
    struct lump l;
    lump_start(cx, s, &l);
    b->changed4 = 0;
    card_t todo[NCARDS];
    int64_t lumped = 0;
    struct bucket folded = {0, {0, 0}}; /* no showdown: only the copies and the Bonus lost */
    int n = s->p3 > 0 ? fourths_lumped(s, &l, b, todo, &lumped) : fourths_folded(cx, s, b, todo, &folded);
    struct bucket refused = {0, {0, 0}}, bought[BUYOUT_NPOINTS], at3 = {0, {0, 0}}; /* at3: every card at p3 */
    uint64_t buys = 0;                                                                 /* bit q: bought[q] used */
    struct fourth_plan plan[PLAN_RING];
    for (int i = 0; i < PLAN_AHEAD && i < n; i++)
        plan_fourth(s, todo[i], true, &plan[i]);
    for (int i = 0; i < n; i++) {
        card_t c = todo[i];
        int64_t a4 = s->left[c];
        if (i + PLAN_AHEAD < n)
            plan_fourth(s, todo[i + PLAN_AHEAD], true, &plan[(i + PLAN_AHEAD) % PLAN_RING]);
        const struct fourth_plan *f = &plan[i % PLAN_RING];
        struct held4 h;
        if (s->pre) /* the common way, inline */
            prefix_held(s, c, f, &h);
        else
            fourth_held(s, c, f, &h);
        int64_t m3 = margin_held(s, s->p3, h.k3), m4 = margin_held(s, f->p4, h.k4);
        struct fourth_choice ch;
        if (cx->bnum)
            choose_fourth(cx, s, f->p4, m3, m4, &ch);
        else /* only best and plain are read below when they are equal */
            ch.best = ch.plain = choose_main(s, f->p4, m3, m4);
        if (ch.best == BUYOUT_FOLD) {
            folded.copies += a4;
        } else if (ch.best == BUYOUT_REFUSE) {
            bucket_add(&refused, a4, h.k3);
        } else {
            if (!(buys >> f->p4 & 1))
                bought[f->p4] = (struct bucket){0, {0, 0}}, buys |= 1ull << f->p4;
            bucket_add(&bought[f->p4], a4, h.k4);
        }
        if (ch.best != ch.plain)
            plain_change(&ch, a4, &m), b->changed4++;
        bucket_add(&at3, a4, h.k3);
        b->fourth[c] = LETTER[ch.best];
    }
    take_bucket(cx, s, BUYOUT_FOLD, 0, &folded, &m);
    take_bucket(cx, s, BUYOUT_REFUSE, s->p3, &refused, &m);
    for (; buys; buys &= buys - 1) {
        int q = __builtin_ctzll(buys);
        take_bucket(cx, s, BUYOUT_BUY, q, &bought[q], &m);
    }
    if (lumped) {
        struct wpl rest = showdowns_held(s, s->p3, at3.copies, at3.k); /* the others' showdowns at p3 */
        lump_take(s, &l, lumped, &rest, &m);
        if (l.ch.best != l.ch.plain)
            for (int c = 0; c < NCARDS; c++)
                b->changed4 += s->left[c] && s->p4[c] == s->p3;
    }
    branch_finish(cx, s, &m, b);
}

/* The 3rd-card options in 1/(N3 T4 bden), where one unit is D bden:
 * fold loses the First bet, refuse plays it on the 2 cards; buy's value
 * (Bonus inside) comes from the branch. */
static void third_options(const struct buyout_context *cx, const struct sit3 *s, wide_t D, struct options *o)
{
    wide_t bden = cx->bden, bnum = cx->bnum;
    memset(o, 0, sizeof *o);
    o->legal[BUYOUT_FOLD] = o->legal[BUYOUT_BUY] = true;
    o->main[BUYOUT_FOLD] = -D * bden;
    o->bonus[BUYOUT_FOLD] = -bnum * D;
    if ((o->legal[BUYOUT_REFUSE] = s->p2 > 0)) {
        o->w[BUYOUT_REFUSE] = refuse3_outcomes(s);
        const struct wpl *w = &o->w[BUYOUT_REFUSE];
        /* 1/T3 = (N3 - 4)/(N3 T4) */
        o->main[BUYOUT_REFUSE] = (wide_t)(w->win - w->lose) * (s->N3 - 4) * bden;
        o->bonus[BUYOUT_REFUSE] = bnum * bonus_of(cx, s->p2) * D;
    }
}

/* The parts of the round under the chosen 3rd-card decision. */
static void take_third(const struct sit3 *s, const struct options *o3, const struct branch *b, wide_t D,
                       bool buy_final, struct buyout_sit *out)
{
    enum buyout_choice best = out->best;
    out->at3[best] = D;
    if (best == BUYOUT_BUY) {
        out->first = b->first, out->second = b->second, out->third = b->third, out->bonus = b->bonus;
        memcpy(out->at4, b->at4, sizeof b->at4);
        memcpy(out->net, b->net, sizeof b->net);
        if (buy_final) {
            out->final.n = b->final.n;
            memcpy(out->final.e, b->final.e, (size_t)b->final.n * sizeof b->final.e[0]);
        }
    } else if (best == BUYOUT_REFUSE) {
        out->first = o3->main[BUYOUT_REFUSE];
        out->bonus = o3->bonus[BUYOUT_REFUSE];
        net_add(out->net, 1, &o3->w[BUYOUT_REFUSE], s->N3 - 4);
        final_add(&out->final, 2, s->p2, &o3->w[BUYOUT_REFUSE], s->N3 - 4);
    } else {
        out->first = o3->main[BUYOUT_FOLD];
        out->bonus = o3->bonus[BUYOUT_FOLD];
        out->net[-1 - BUYOUT_NET_MIN] = D;
    }
}

static uint32_t r_key(const struct sit3 *s);

/* buy_final: the branch's final hands copied into out when it buys. */
static void eval_sit(const struct buyout_context *cx, const struct sit3 *s, const struct branch *b, bool buy_final,
                     struct buyout_sit *out)
{
    memset(out, 0, offsetof(struct buyout_sit, final));
    out->final.n = 0;
    if (s->su == 0)
        memcpy(out->fourth, b->fourth, sizeof out->fourth);
    else
        for (int c = 0; c < NCARDS; c++) /* back to the class's suits */
            out->fourth[swap_suit((card_t)c, s->su)] = b->fourth[c];
    out->fourth_cards = b->fourth_cards;
    out->changed4 = b->changed4;
    out->changed4_p = b->changed4_p;
    wide_t D = (wide_t)s->N3 * s->T4;
    struct options o3;
    third_options(cx, s, D, &o3);
    /* the plain decision compares the main bets only, the buy included */
    o3.main[BUYOUT_BUY] = b->plain_main;
    enum buyout_choice plain = best_of(&o3, false);
    out->value_plain = plain == BUYOUT_BUY ? b->plain_value : o3.main[plain] + o3.bonus[plain];
    o3.main[BUYOUT_BUY] = b->value;
    out->best = best_of(&o3, true);
    out->best_plain = plain;
    for (int c = 0; c < 3; c++) {
        out->legal[c] = o3.legal[c];
        out->v[c] = o3.legal[c] ? o3.main[c] + o3.bonus[c] : 0;
    }
    out->den = D * cx->bden;
    take_third(s, &o3, b, D, buy_final, out);
}

/* Where no Bonus rides on the main game, the buy branch is worth at most
 * every 4th card played at the best of its options with the highest
 * margins it may have (margin_at): a class with a better option than
 * that does not buy the 3rd card, and its play reads no more of the
 * branch.  b gets that bound as its value and the counts that need no
 * decision; its 4th-card decisions '?'.  On the bench's shoe whose
 * suits all differ, 258,000 of 1.29 million groups go without it so. */
static void branch_bound(const struct buyout_context *cx, const struct sit3 *s, struct branch *b)
{
    const int64_t fold = -2 * s->T4, refuse = s->p3 > 0 ? 2 * margin_at(s, s->p3) : fold;
    const int64_t v = refuse > fold ? refuse : fold;
    int64_t sum = 0; /* |each term| <= 6 copies x 3 T4, 52 of them: far below 2^63 */
    int cards = 0;
    for (int c = 0; c < NCARDS; c++) { /* a card with no copy left adds 0 */
        int p4 = s->p4[c];
        int64_t buy = p4 > 0 ? 3 * margin_at(s, p4) : fold;
        sum += s->left[c] * (buy > v ? buy : v);
        cards += s->left[c] > 0;
    }
    b->fourth_cards = cards;
    b->value = b->plain_main = b->plain_value = (wide_t)sum * cx->bden;
    b->changed4 = 0, b->changed4_p = 0;
    memset(b->fourth, '?', sizeof b->fourth);
    b->final.n = 0;
}

/* Below branch_bound's value: every 4th card at no more than the best
 * of folding and refusing it at the highest margin; one compare spares
 * the bound where it cannot help. */
static wide_t bound_floor(const struct buyout_context *cx, const struct sit3 *s)
{
    const int64_t fold = -2 * s->T4, refuse = s->p3 > 0 ? 2 * margin_at(s, s->p3) : fold;
    return (wide_t)s->N3 * (refuse > fold ? refuse : fold) * cx->bden;
}

/* The best of folding and refusing the 3rd card. */
static wide_t third_other(const struct buyout_context *cx, const struct sit3 *s)
{
    struct options o;
    third_options(cx, s, (wide_t)s->N3 * s->T4, &o);
    wide_t v = o.main[BUYOUT_FOLD] + o.bonus[BUYOUT_FOLD];
    return o.legal[BUYOUT_REFUSE] && o.main[BUYOUT_REFUSE] + o.bonus[BUYOUT_REFUSE] > v
               ? o.main[BUYOUT_REFUSE] + o.bonus[BUYOUT_REFUSE]
               : v;
}

static void eval_third(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                       struct buyout_eval_cache *cache, bool buy_final, struct buyout_sit *out)
{
    struct sit3 *s = &cache->s;
    sit3_class(s, cx, P, up, third);
    uint32_t key = r_key(s);
    if (cache->key != key) {
        s->pre = cache->pre ? prefix_for(s, cache->pre) : NULL;
        sit3_held(s);
        cache->key = key;
        cache->priced = cache->bound = false;
    }
    if (!cache->priced) {
        /* buying ties lose to the smaller wager (best_of) */
        wide_t other = cache->bounded && cx->bnum == 0 ? third_other(cx, s) : 0;
        if (cache->bounded && cx->bnum == 0 && !cache->bound && bound_floor(cx, s) <= other)
            branch_bound(cx, s, &cache->b), cache->bound = true;
        if (!cache->bound || cache->b.value > other) {
            s->pre = cache->pre ? prefix_for(s, cache->pre) : NULL; /* as sit3_held found it: sit3_class cleared it */
            buy_branch(cx, s, &cache->b);
            cache->priced = true, cache->bound = false;
        }
    }
    eval_sit(cx, s, &cache->b, buy_final, out);
}

/* The buy branch's final hands stay in the cache: a group's classes that
 * buy share them (copying them into every class was a twentieth of the
 * solve of a shoe without suit symmetry). */
void buyout_eval_third_cached(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                              struct buyout_eval_cache *cache, struct buyout_sit *out)
{
    eval_third(cx, P, up, third, cache, false, out);
}

const struct buyout_final_list *buyout_eval_cache_final(const struct buyout_eval_cache *cache)
{
    return &cache->b.final;
}

void buyout_eval_third(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                       struct buyout_sit *out)
{
    struct buyout_eval_cache cache = {0};
    eval_third(cx, P, up, third, &cache, true, out);
}

void buyout_eval_fourth(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                        card_t fourth, struct buyout_option_evs *out)
{
    struct sit3 s;
    struct options o;
    struct fourth_plan f;
    sit3_init(&s, cx, P, up, third);
    card_t c4 = swap_suit(fourth, s.su);
    plan_fourth(&s, c4, false, &f);
    fourth_options(cx, &s, c4, &f, &o);
    memset(out, 0, sizeof *out);
    for (int c = 0; c < 3; c++) {
        out->legal[c] = o.legal[c];
        out->num[c] = o.legal[c] ? o.main[c] + o.bonus[c] : 0;
    }
    out->den = (wide_t)s.T4 * cx->bden;
    out->best = best_of(&o, true);
}

void buyout_eval_fourths(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         struct buyout_option_evs out[NCARDS], bool have[NCARDS])
{
    struct sit3 s;
    sit3_init(&s, cx, P, up, third);
    for (int c = 0; c < NCARDS; c++) {
        card_t orig = swap_suit((card_t)c, s.su);
        struct options o;
        memset(&out[orig], 0, sizeof out[orig]);
        if (!(have[orig] = s.left[c] > 0))
            continue;
        struct fourth_plan f;
        plan_fourth(&s, (card_t)c, false, &f);
        fourth_options(cx, &s, (card_t)c, &f, &o);
        for (int k = 0; k < 3; k++) {
            out[orig].legal[k] = o.legal[k];
            out[orig].num[k] = o.legal[k] ? o.main[k] + o.bonus[k] : 0;
        }
        out[orig].den = (wide_t)s.T4 * cx->bden;
        out[orig].best = best_of(&o, true);
    }
}

/* ---- the parts the designer prices ---- */

static struct buyout_showdown_counts counts_of(const struct wpl *w)
{
    return (struct buyout_showdown_counts){w->win, w->push, w->lose};
}

void buyout_eval_parts(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third, bool fourth,
                       struct buyout_parts *out)
{
    struct sit3 s;
    sit3_init(&s, cx, P, up, third);
    out->p2 = s.p2, out->p3 = s.p3;
    out->N3 = s.N3, out->T3 = s.T3, out->T4 = s.T4;
    out->refuse3 = (struct buyout_showdown_counts){0, 0, 0};
    if (s.p2 > 0) {
        struct wpl w = refuse3_outcomes(&s);
        out->refuse3 = counts_of(&w);
    }
    out->n4 = 0;
    for (int c = 0; fourth && c < NCARDS; c++) {
        if (s.left[c] == 0)
            continue;
        struct wpl w3 = {0, 0, 0}, w4 = {0, 0, 0};
        struct fourth_plan f;
        plan_fourth(&s, (card_t)c, false, &f);
        fourth_outcomes(&s, (card_t)c, &f, &w3, &w4);
        out->fourth[out->n4++] = (struct buyout_fourth_part){s.left[c], f.p4, counts_of(&w3), counts_of(&w4)};
    }
}

/* ---- several objectives at once ---- */

static wide_t wide_max(wide_t a, wide_t b) { return a > b ? a : b; }

/* The framed upcard and the 3 cards held (framed, sorted) as one number > 0. */
static uint32_t held_key(card_t framed_up, const card_t R[3])
{
    return 1u + (uint32_t)(((framed_up * NCARDS + R[0]) * NCARDS + R[1]) * NCARDS + R[2]);
}

static uint32_t r_key(const struct sit3 *s) { return held_key(s->d->up, s->R); }

uint32_t buyout_class_r_key(const struct buyout_context *cx, const struct buyout_class *c)
{
    int su = cx->frame_suit[card_suit(c->up)];
    card_t R[3] = {swap_suit(c->P[0], su), swap_suit(c->P[1], su), swap_suit(c->third, su)};
    sort3(R);
    return held_key(buyout_frame_up(cx, c->up), R);
}

/* Objective k's options at one 4th card, per T4 bden: fold loses First +
 * Second; refuse plays them on 3 cards (margin m3), buy all three bets on
 * 4 (margin m4, points p4).  Returns the best option and its value. */
static enum buyout_choice ob_best(const struct sit3 *s, const struct buyout_objectives *ob, int k, wide_t m3,
                                  wide_t m4, int p4, wide_t *value)
{
    const wide_t T4 = s->T4, bden = ob->bden, b = ob->bnum[k];
    enum buyout_choice best = BUYOUT_FOLD;
    wide_t v = -2 * T4 * bden - b * T4;
    if (s->p3 > 0) {
        wide_t r = 2 * m3 * bden + (b ? b * buyout_bonus_result(ob->table[k], s->p3) * T4 : 0);
        if (r > v)
            v = r, best = BUYOUT_REFUSE;
    }
    if (p4 > 0) {
        wide_t t = 3 * m4 * bden + (b ? b * buyout_bonus_result(ob->table[k], p4) * T4 : 0);
        if (t > v)
            v = t, best = BUYOUT_BUY;
    }
    *value = v;
    return best;
}

/* Whether the cards adding no points go together (struct lump): every
 * objective's decision is one over their margins, lumped[k]; their values
 * then come from the showdowns summed (all). */
static bool ob_lump(const struct sit3 *s, const struct buyout_objectives *ob, struct wpl *all, int lumped[])
{
    if (s->p3 == 0)
        return false;
    int64_t lo, hi;
    lump_counts(s, &lo, &hi, all);
    for (int k = 0; k < ob->n; k++) {
        wide_t v;
        lumped[k] = ob_best(s, ob, k, lo, lo, s->p3, &v);
        if (ob_best(s, ob, k, hi, hi, s->p3, &v) != (enum buyout_choice)lumped[k])
            return false;
    }
    return true;
}

/* folds_for_sure for every objective. */
static bool ob_folds_for_sure(const struct sit3 *s, const struct buyout_objectives *ob, int p4)
{
    if (p4 == 0)
        return true;
    wide_t v, m = margin_at(s, p4);
    for (int k = 0; k < ob->n; k++)
        if (ob_best(s, ob, k, 0, m, p4, &v) != BUYOUT_FOLD)
            return false;
    return true;
}

/* Buying the 3rd card: every 4th card, each objective's best option. */
static void buy_values(struct sit3 *s, const struct buyout_objectives *ob, wide_t buy[BUYOUT_MAX_OBJECTIVES])
{
    if (s->pre)
        prefix_card_rows(s);
    const wide_t T4 = s->T4, bden = ob->bden;
    memset(buy, 0, BUYOUT_MAX_OBJECTIVES * sizeof buy[0]);
    struct wpl all;
    struct bucket at3 = {0, {0, 0}}; /* the others at p3 */
    int lumped[BUYOUT_MAX_OBJECTIVES];
    bool lump = ob_lump(s, ob, &all, lumped);
    card_t todo[NCARDS];
    int n = 0;
    int64_t in_lump = 0;
    for (int c = 0; c < NCARDS; c++)
        if (s->left[c] && lump && s->p4[c] == s->p3)
            in_lump += s->left[c];
        else if (s->left[c] && s->p3 == 0 && ob_folds_for_sure(s, ob, s->p4[c]))
            for (int k = 0; k < ob->n; k++)
                buy[k] += s->left[c] * (-2 * T4 * bden - ob->bnum[k] * T4);
        else if (s->left[c])
            todo[n++] = (card_t)c;
    struct fourth_plan plan[PLAN_RING];
    for (int i = 0; i < PLAN_AHEAD && i < n; i++)
        plan_fourth(s, todo[i], true, &plan[i]);
    for (int i = 0; i < n; i++) {
        if (i + PLAN_AHEAD < n)
            plan_fourth(s, todo[i + PLAN_AHEAD], true, &plan[(i + PLAN_AHEAD) % PLAN_RING]);
        int64_t a4 = s->left[todo[i]];
        const struct fourth_plan *f = &plan[i % PLAN_RING];
        struct held4 h;
        fourth_held(s, todo[i], f, &h);
        int64_t m3 = margin_held(s, s->p3, h.k3), m4 = margin_held(s, f->p4, h.k4);
        for (int k = 0; k < ob->n; k++) {
            wide_t v;
            ob_best(s, ob, k, m3, m4, f->p4, &v);
            buy[k] += a4 * v;
        }
        bucket_add(&at3, a4, h.k3);
    }
    if (!in_lump)
        return;
    struct wpl rest = showdowns_held(s, s->p3, at3.copies, at3.k); /* the others' showdowns at p3 */
    wide_t margin = (all.win - rest.win) - (all.lose - rest.lose); /* summed over the lump's copies */
    for (int k = 0; k < ob->n; k++) {
        wide_t b = ob->bnum[k], pays = b ? b * buyout_bonus_result(ob->table[k], s->p3) * T4 * in_lump : 0;
        if (lumped[k] == BUYOUT_FOLD)
            buy[k] += in_lump * (-2 * T4 * bden - b * T4);
        else
            buy[k] += (lumped[k] == BUYOUT_BUY ? 3 : 2) * margin * bden + pays;
    }
}

struct buyout_buy_cache {
    uint32_t key; /* r_key of the 3 cards held; 0: empty */
    wide_t buy[BUYOUT_MAX_OBJECTIVES];
    int64_t st3[BUYOUT_DEALER_NCUM], w4[BUYOUT_DEALER_NCUM]; /* struct sit3's (refuse3_outcomes reads both) */
    struct prefix_rows *pre; /* the last R[0], R[1]'s shared part (as buyout_eval_cache's) */
};

struct buyout_buy_cache *buyout_buy_cache_new(void)
{
    struct buyout_buy_cache *c = calloc(1, sizeof *c);
    if (c && !(c->pre = calloc(1, sizeof *c->pre)))
        free(c), c = NULL;
    return c;
}

void buyout_buy_cache_free(struct buyout_buy_cache *c)
{
    if (c)
        free(c->pre);
    free(c);
}

static void third_values(const struct buyout_context *cx, const struct buyout_objectives *ob, const card_t P[2],
                         card_t up, card_t third, struct buyout_buy_cache *cache, wide_t value[BUYOUT_MAX_OBJECTIVES],
                         wide_t *den)
{
    struct sit3 s;
    sit3_class(&s, cx, P, up, third);
    uint32_t key = r_key(&s);
    if (cache->key != key) {
        s.pre = cache->pre ? prefix_for(&s, cache->pre) : NULL;
        sit3_held(&s);
        buy_values(&s, ob, cache->buy);
        memcpy(cache->st3, s.st3, sizeof s.st3);
        memcpy(cache->w4, s.w4, sizeof s.w4);
        cache->key = key;
    } else { /* the refuse below reads only these of sit3_held's part */
        sit3_sizes(&s);
        memcpy(s.st3, cache->st3, sizeof s.st3);
        memcpy(s.w4, cache->w4, sizeof s.w4);
    }
    const wide_t *buy = cache->buy, bden = ob->bden;
    const wide_t D = (wide_t)s.N3 * s.T4;
    struct wpl w = s.p2 > 0 ? refuse3_outcomes(&s) : (struct wpl){0, 0, 0};
    for (int k = 0; k < ob->n; k++) {
        wide_t b = ob->bnum[k];
        wide_t v = wide_max(-D * bden - b * D, buy[k]);
        if (s.p2 > 0) /* 1/T3 = (N3 - 4)/(N3 T4) */
            v = wide_max(v, (wide_t)(w.win - w.lose) * (s.N3 - 4) * bden +
                                (b ? b * buyout_bonus_result(ob->table[k], s.p2) * D : 0));
        value[k] = v;
    }
    *den = D * bden;
}

void buyout_eval_third_values(const struct buyout_context *cx, const struct buyout_objectives *ob, const card_t P[2],
                              card_t up, card_t third, struct buyout_buy_cache *cache,
                              wide_t value[BUYOUT_MAX_OBJECTIVES], wide_t *den)
{
    if (cache) {
        third_values(cx, ob, P, up, third, cache, value, den);
        return;
    }
    struct buyout_buy_cache one; /* for this class alone: the plain way */
    memset(&one, 0, sizeof one);
    third_values(cx, ob, P, up, third, &one, value, den);
}

/* ---- the checkers' entry points ---- */

static int check_cards(const struct buyout_context *cx, const card_t *cards, int n, char *err, size_t errlen)
{
    int need[NCARDS] = {0};
    for (int i = 0; i < n; i++) {
        char name[3];
        if (cards[i] >= NCARDS)
            return snprintf(err, errlen, "bad card id %d", cards[i]), -1;
        card_format(cards[i], name);
        if (++need[cards[i]] > cx->count[cards[i]])
            return snprintf(err, errlen, "the shoe holds %d %s, the situation needs %d", cx->count[cards[i]], name,
                            need[cards[i]]), -1;
    }
    return 0;
}

int buyout_situation_evs(struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         const card_t *fourth, struct buyout_option_evs *out, char *err, size_t errlen)
{
    if (cx->r.bonus_alone)
        return snprintf(err, errlen, "a Bonus played alone has no decisions"), -1;
    card_t cards[5] = {P[0], P[1], up, third, fourth ? *fourth : 0};
    if (check_cards(cx, cards, fourth ? 5 : 4, err, errlen) != 0)
        return -1;
    if (build_frame(cx, buyout_frame_up(cx, up)) != 0)
        return snprintf(err, errlen, "out of memory"), -1;
    if (fourth) {
        buyout_eval_fourth(cx, P, up, third, *fourth, out);
        return 0;
    }
    struct buyout_sit s;
    buyout_eval_third(cx, P, up, third, &s);
    memset(out, 0, sizeof *out);
    for (int c = 0; c < 3; c++) {
        out->legal[c] = s.legal[c];
        out->num[c] = s.v[c];
    }
    out->den = s.den;
    out->best = s.best;
    return 0;
}

/* ---- the classes ---- */


static uint32_t class_key(card_t a, card_t b, card_t u, card_t t)
{
    if (b < a) {
        card_t x = a;
        a = b, b = x;
    }
    return (uint32_t)a << 24 | (uint32_t)b << 16 | (uint32_t)u << 8 | t;
}

static card_t permute(card_t c, const int *perm)
{
    return card_make(card_rank(c), perm[card_suit(c)]);
}

/* The orbit size when the situation is its class's smallest image, else 0. */
static int orbit_if_rep(const struct buyout_context *cx, card_t a, card_t b, card_t u, card_t t)
{
    uint32_t key = class_key(a, b, u, t);
    int stab = 0;
    for (int i = 0; i < cx->nperms; i++) {
        const int *p = cx->perms[i];
        uint32_t k = class_key(permute(a, p), permute(b, p), permute(u, p), permute(t, p));
        if (k < key)
            return 0;
        stab += k == key;
    }
    return cx->nperms / stab;
}

/* Ordered draws of P (unordered), then the upcard, then the 3rd card. */
static int64_t class_ways(const int count[NCARDS], card_t a, card_t b, card_t u, card_t t)
{
    int64_t w = a == b ? (int64_t)count[a] * (count[a] - 1) / 2 : (int64_t)count[a] * count[b];
    w *= count[u] - (a == u) - (b == u);
    w *= count[t] - (a == t) - (b == t) - (u == t);
    return w > 0 ? w : 0;
}

/* ---- the classes by framed upcard, without a list ----
 * Each orbit of the suit permutations (cx->perms) holds situations whose
 * upcard is framed (buyout_frame_up leaves it as it is): the framing of
 * any of its situations is one.  Taking as the orbit's representative its
 * framed situation of smallest key counts every orbit once; it is not
 * buyout_classes' representative, which the strategy files name, but any
 * situation of an orbit has the same EV. */

/* The orbit's size when (a, b, u, t), u framed, is its smallest framed
 * situation, else 0. */
static int orbit_if_framed_rep(const struct buyout_context *cx, card_t a, card_t b, card_t u, card_t t)
{
    uint32_t key = class_key(a, b, u, t);
    int stab = 0;
    for (int i = 0; i < cx->nperms; i++) {
        const int *p = cx->perms[i];
        card_t v = permute(u, p);
        uint32_t k = class_key(permute(a, p), permute(b, p), v, permute(t, p));
        if (k < key && buyout_frame_up(cx, v) == v)
            return 0;
        stab += k == key;
    }
    return cx->nperms / stab;
}

long buyout_classes_framed(const struct buyout_context *cx, card_t up, card_t r0, struct buyout_class *out)
{
    long n = 0;
    for (int r1 = r0; r1 < NCARDS; r1++)
        for (int r2 = r1; r2 < NCARDS; r2++) {
            const card_t R[3] = {r0, (card_t)r1, (card_t)r2};
            uint32_t key = held_key(up, R);
            for (int i = 0; i < 3; i++) {
                if (i && R[i] == R[i - 1])
                    continue; /* the same 3rd card again */
                card_t t = R[i], a = R[i == 0 ? 1 : 0], b = R[i == 2 ? 1 : 2];
                int64_t ways = class_ways(cx->count, a, b, up, t);
                int orbit = ways ? orbit_if_framed_rep(cx, a, b, up, t) : 0;
                if (orbit)
                    out[n++] = (struct buyout_class){{a, b}, up, t, (uint8_t)orbit, (int32_t)ways, key};
            }
        }
    return n;
}

/* The room for the situations whose smaller card of P is below a: every
 * b >= a', upcard and 3rd card for each a' < a. */
static long room_before(int a)
{
    return (long)(a * NCARDS - a * (a - 1) / 2) * NCARDS * NCARDS;
}

/* The classes whose smaller card of P is a, in order, into list; returns
 * how many. */
static long classes_of(const struct buyout_context *cx, int a, struct buyout_class *list)
{
    long n = 0;
    for (int b = a; b < NCARDS; b++)
        for (int u = 0; u < NCARDS; u++)
            for (int t = 0; t < NCARDS; t++) {
                int64_t ways = class_ways(cx->count, (card_t)a, (card_t)b, (card_t)u, (card_t)t);
                if (ways == 0)
                    continue;
                int orbit = orbit_if_rep(cx, (card_t)a, (card_t)b, (card_t)u, (card_t)t);
                if (orbit == 0)
                    continue;
                struct buyout_class *c = &list[n++];
                *c = (struct buyout_class){{(card_t)a, (card_t)b}, (card_t)u, (card_t)t, (uint8_t)orbit, (int32_t)ways, 0};
                c->r_key = buyout_class_r_key(cx, c);
            }
    return n;
}

/* Each smaller card of P a task (side by side where called in a parallel
 * region), writing into its own room of a list sized for every
 * situation; the rooms then closed up.  Pages never written are never
 * touched: the list costs what it holds. */
long buyout_classes(const struct buyout_context *cx, struct buyout_class **out)
{
    struct buyout_class *list = malloc((size_t)room_before(NCARDS) * sizeof *list);
    long count[NCARDS] = {0};
    if (!list)
        return -1;
    /* with every suit permutation, the smaller card of P can be made a club */
    int step = cx->nperms == 24 ? NSUITS : 1;
    for (int a = 0; a < NCARDS; a += step)
#pragma omp task shared(count) firstprivate(a)
        count[a] = classes_of(cx, a, list + room_before(a));
#pragma omp taskwait
    long n = 0;
    for (int a = 0; a < NCARDS; a += step) {
        memmove(list + n, list + room_before(a), (size_t)count[a] * sizeof *list);
        n += count[a];
    }
    struct buyout_class *fit = realloc(list, (size_t)(n > 0 ? n : 1) * sizeof *list);
    *out = fit ? fit : list;
    return n;
}

/* Visits the classes by framed upcard and, within, by the 3 cards held
 * after a buy (buyout_class_r_key): consecutive classes then read the
 * same dealer tables, and the classes of one group of 3 cards follow one
 * another, so a thread's cache prices their buy branch once.  An LSD radix
 * sort (stable) on the key's two halves, 52^2 buckets each. */
static long *order_for_cache(const struct buyout_class *list, long n)
{
    enum { NB = NCARDS * NCARDS };
    long *order = malloc((size_t)(n > 0 ? n : 1) * sizeof *order), *start = malloc((NB + 1) * sizeof *start);
    /* after the first pass: the classes and their keys' high halves, so
     * that the second pass reads no class (they are in no order then) */
    uint32_t *mid = malloc((size_t)(n > 0 ? n : 1) * sizeof *mid);
    uint16_t *high = malloc((size_t)(n > 0 ? n : 1) * sizeof *high);
    if (!order || !mid || !high || !start)
        return free(order), free(mid), free(high), free(start), NULL;
    for (int pass = 0; pass < 2; pass++) { /* the low half, then the high half */
        memset(start, 0, (NB + 1) * sizeof *start);
        for (long i = 0; i < n; i++) {
            uint32_t k = list[i].r_key - 1;
            start[(pass ? k / NB : k % NB) + 1]++;
        }
        for (int k = 0; k < NB; k++)
            start[k + 1] += start[k];
        for (long i = 0; i < n; i++) {
            if (pass) {
                order[start[high[i]]++] = mid[i];
                continue;
            }
            uint32_t k = list[i].r_key - 1;
            long at = start[k % NB]++;
            mid[at] = (uint32_t)i, high[at] = (uint16_t)(k / NB);
        }
    }
    free(mid), free(high), free(start);
    return order;
}

long buyout_classes_ordered(const struct buyout_context *cx, struct buyout_class **list, long **order)
{
    long n = buyout_classes(cx, list);
    *order = n >= 0 ? order_for_cache(*list, n) : NULL;
    if (n >= 0 && !*order) {
        free(*list);
        *list = NULL;
        return -1;
    }
    return n;
}

/* The class list (its own tasks, buyout_classes) and each upcard's
 * tables as tasks side by side: no thread waits for the list.  For the
 * checkers; the solve and the objectives build the tables as they visit
 * (buyout_stream.h). */
long buyout_classes_and_tables(struct buyout_context *cx, struct buyout_class **list, long **order)
{
    long n = -1;
    int failed = 0;
    *list = NULL, *order = NULL;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(n)
        n = buyout_classes_ordered(cx, list, order);
        for (int up = NCARDS - 1; up >= 0; up--)
            if (cx->count[up] > 0 && buyout_frame_up(cx, (card_t)up) == up)
#pragma omp task shared(failed)
                if (build_frame(cx, (card_t)up) != 0) {
#pragma omp atomic write
                    failed = 1;
                }
    }
    if (n < 0 || !*order || failed) {
        free(*list), free(*order);
        *list = NULL, *order = NULL;
        return -1;
    }
    return n;
}
