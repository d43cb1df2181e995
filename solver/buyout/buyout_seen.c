/* buyout_seen.c — see buyout_seen.h. */
#include "buyout_seen.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_eval.h"
#include "buyout_hole.h"
#include "cluster.h"
#include "progress.h"

/* ---- the player's 3-card points, in ranges ---- */

static const int PLAYER_FROM[BUYOUT_SEEN_PLAYER_BINS] = {0, 1, 13, 17, 20, 21, 23, 26, 30};
static const char *const PLAYER_LABEL[BUYOUT_SEEN_PLAYER_BINS] = {"0",     "1-12",  "13-16", "17-19", "20",
                                                                  "21-22", "23-25", "26-29", "30+"};

int buyout_seen_player_bin(int p)
{
    int b = 0;
    while (b + 1 < BUYOUT_SEEN_PLAYER_BINS && p >= PLAYER_FROM[b + 1])
        b++;
    return b;
}

const char *buyout_seen_player_label(int bin) { return PLAYER_LABEL[bin]; }

/* ---- the player's 3 cards, one per orbit ---- */

/* R3, the 3 cards held after a buy, with what every hole card shares:
 * its splits into 2 cards + 3rd card, their points, and the normal
 * strategy's decisions (which never see the hole card). */
struct rep {
    card_t R[3];   /* sorted */
    int64_t mult;  /* situations it stands for: upcards in the frame x its orbit */
    int p3, nsplit;
    card_t P[3][2], c3[3];
    int p2[3], ordP[3];        /* ordP: orders P can be dealt in, 1 or 2 */
    uint8_t normal3[3];        /* enum buyout_choice per split */
    uint8_t normal4[NCARDS];   /* per 4th card (card id) */
    uint8_t p4[NCARDS];        /* points with each 4th card */
    struct buyout_hole_terms terms; /* R3's inclusion-exclusion terms */
    /* those of 1 and 2 types apart, which a 4th card joins: the types and
     * the factor of each */
    int n1, n2;
    card_t one[3], two[3][2];
    int64_t coef1[3], coef2[3];
    /* each joined with every 4th card: the index in buyout_hole's small[]
     * (1 type + c4) and exact3[] (2 types + c4), worked out once for every
     * hole card */
    uint16_t join1[3][NCARDS], join2[3][NCARDS];
    /* the point values the dealer's outcomes are read at: each split's
     * points, p3, each 4th card's points */
    uint8_t at[BUYOUT_HOLE_NP];
    int nat;
    uint8_t at2[3]; /* the splits' points (> 0: refusing is allowed) */
    int nat2;
};

static card_t permute(card_t c, const int *perm) { return card_make(card_rank(c), perm[card_suit(c)]); }

static void sort3(card_t *a)
{
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
            card_t t = a[j];
            a[j] = a[j - 1], a[j - 1] = t;
        }
}

/* The orbit size of R under the permutations stab[0..n) when R is the
 * smallest image, else 0. */
static int orbit_if_rep(const int (*stab)[NSUITS], int n, const card_t R[3])
{
    int fixed = 0;
    for (int i = 0; i < n; i++) {
        card_t g[3] = {permute(R[0], stab[i]), permute(R[1], stab[i]), permute(R[2], stab[i])};
        sort3(g);
        int cmp = memcmp(g, R, 3);
        if (cmp < 0)
            return 0;
        fixed += cmp == 0;
    }
    return n / fixed;
}

static void fill_splits(struct rep *q)
{
    q->p3 = buyout_fast_points(q->R, 3, BUYOUT_FIVE_BEST4);
    q->nsplit = 0;
    for (int i = 0; i < 3; i++) {
        if (i > 0 && q->R[i] == q->R[i - 1])
            continue; /* the same split again */
        int s = q->nsplit++, k = 0;
        q->c3[s] = q->R[i];
        for (int j = 0; j < 3; j++)
            if (j != i)
                q->P[s][k++] = q->R[j];
        q->p2[s] = buyout_fast_points(q->P[s], 2, BUYOUT_FIVE_BEST4);
        q->ordP[s] = q->P[s][0] == q->P[s][1] ? 1 : 2;
    }
    for (int c = 0; c < NCARDS; c++) {
        card_t four[4] = {q->R[0], q->R[1], q->R[2], (card_t)c};
        q->p4[c] = (uint8_t)buyout_fast_points(four, 4, BUYOUT_FIVE_BEST4);
    }
    struct buyout_dealer_sub subs[16];
    int nsubs = buyout_submultisets(q->R, 3, subs);
    buyout_hole_terms(subs, nsubs, &q->terms);
    q->n1 = q->n2 = 0;
    for (int i = 0; i < nsubs; i++) {
        const struct buyout_dealer_sub *x = &subs[i];
        if (x->k == 1)
            q->one[q->n1] = x->q[0], q->coef1[q->n1++] = x->coef;
        else if (x->k == 2)
            q->two[q->n2][0] = x->q[0], q->two[q->n2][1] = x->q[1], q->coef2[q->n2++] = x->coef;
    }
    for (int c = 0; c < NCARDS; c++) {
        for (int i = 0; i < q->n1; i++) {
            card_t m[2] = {q->one[i] < c ? q->one[i] : (card_t)c, q->one[i] < c ? (card_t)c : q->one[i]};
            q->join1[i][c] = (uint16_t)buyout_dealer_small_index(m, 2);
        }
        for (int i = 0; i < q->n2; i++) {
            card_t m[3] = {q->two[i][0], q->two[i][1], (card_t)c};
            sort3(m);
            q->join2[i][c] = (uint16_t)buyout_dealer_idx3(m[0], m[1], m[2]);
        }
    }
    bool need[BUYOUT_HOLE_NP] = {false};
    for (int s = 0; s < q->nsplit; s++)
        need[q->p2[s]] = true;
    need[q->p3] = true;
    for (int c = 0; c < NCARDS; c++)
        need[q->p4[c]] = true;
    q->nat2 = 0;
    for (int s = 0; s < q->nsplit; s++)
        if (q->p2[s] > 0 && memchr(q->at2, q->p2[s], (size_t)q->nat2) == NULL)
            q->at2[q->nat2++] = (uint8_t)q->p2[s];
    q->nat = 0;
    for (int j = 0; j < BUYOUT_HOLE_NP; j++)
        if (need[j])
            q->at[q->nat++] = (uint8_t)j;
}

/* Every R3 the shoe less the framed upcard F can deal, one per orbit of the
 * shoe's suit permutations that fix F.  Returns how many, or -1 out of
 * memory. */
static long list_reps(const struct buyout_context *cx, card_t F, int64_t upcards, struct rep **out)
{
    int stab[24][NSUITS], ns = 0, n[NCARDS];
    for (int i = 0; i < cx->nperms; i++)
        if (cx->perms[i][card_suit(F)] == card_suit(F))
            memcpy(stab[ns++], cx->perms[i], sizeof stab[0]);
    for (int c = 0; c < NCARDS; c++)
        n[c] = cx->count[c] - (c == F);
    long count = 0, cap = 1024;
    struct rep *list = malloc((size_t)cap * sizeof *list);
    for (int c = 0; c < NCARDS && list; c++)
        for (int b = 0; b <= c; b++)
            for (int a = 0; a <= b; a++) {
                card_t R[3] = {(card_t)a, (card_t)b, (card_t)c};
                int need_a = 1 + (a == b) + (a == c), need_c = 1 + (b == c) + (a == c);
                if (n[a] < need_a || n[b] < 1 + (a == b) + (b == c) || n[c] < need_c)
                    continue;
                int orbit = orbit_if_rep(stab, ns, R);
                if (!orbit)
                    continue;
                if (count == cap) {
                    struct rep *l2 = realloc(list, (size_t)(cap *= 2) * sizeof *list);
                    if (!l2)
                        return free(list), -1;
                    list = l2;
                }
                struct rep *q = &list[count++];
                memcpy(q->R, R, sizeof R);
                q->mult = upcards * orbit;
                fill_splits(q);
            }
    *out = list;
    return list ? count : -1;
}

/* ---- the normal strategy ---- */

/* A letter of buyout_sit.fourth as a choice; 255 for '-' (no copy left:
 * never read, as the hole card only takes copies away). */
static uint8_t choice_of(char letter)
{
    return letter == 'B' ? BUYOUT_BUY : letter == 'R' ? BUYOUT_REFUSE : letter == 'F' ? BUYOUT_FOLD : 255;
}

/* Ordered draws of the cards c[0..k) in turn from the shoe count[]. */
static int64_t draws(const int count[NCARDS], const card_t *c, int k)
{
    int64_t w = 1;
    for (int i = 0; i < k; i++) {
        int before = 0;
        for (int j = 0; j < i; j++)
            before += c[j] == c[i];
        w *= count[c[i]] - before;
    }
    return w;
}

/* The normal game's EV by its own classes, to check the pass against. */
struct normal_check {
    wide_t num, den, deals;
};

/* The normal decisions of every rep (they never see the hole card), and
 * the normal game's EV summed from the same evaluations.  Returns 0, or -1
 * out of memory. */
static int normal_decisions(const struct buyout_context *cx, card_t F, struct rep *list, long n,
                            struct normal_check *check)
{
    int failed = 0;
#pragma omp parallel
    {
        struct buyout_eval_cache *cache = buyout_eval_cache_new();
        struct buyout_sit *sit = malloc(sizeof *sit);
        struct normal_check part = {0, 0, 0};
        if (!cache || !sit) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 16)
        for (long i = 0; i < n; i++) {
            struct rep *q = &list[i];
            if (!cache || !sit)
                continue;
            card_t cards[4] = {q->R[0], q->R[1], q->R[2], F};
            int64_t w4 = q->mult * draws(cx->count, cards, 4);
            for (int s = 0; s < q->nsplit; s++) {
                buyout_eval_third_cached(cx, q->P[s], F, q->c3[s], cache, sit);
                q->normal3[s] = (uint8_t)sit->best;
                part.num += (wide_t)w4 * q->ordP[s] * sit->v[sit->best];
                part.deals += (wide_t)w4 * q->ordP[s];
                part.den = sit->den;
            }
            for (int c = 0; c < NCARDS; c++)
                q->normal4[c] = choice_of(sit->fourth[c]);
        }
#pragma omp critical(buyout_seen_normal)
        {
            check->num += part.num, check->deals += part.deals;
            if (part.den)
                check->den = part.den;
        }
        free(sit);
        buyout_eval_cache_free(cache);
    }
    return failed ? -1 : 0;
}

/* ---- one R3 against one hole card ---- */

struct run {
    const struct buyout_context *cx;
    const struct buyout_card *card; /* played too, or NULL */
    card_t F;
    int64_t N3, N4, T3, T4; /* unseen cards and dealer outcomes at the 3rd and 4th card */
};

/* Wins less losses out of total outcomes, from the wins and pushes. */
static int64_t net_of(int64_t total, int64_t win, int64_t push) { return win - (total - win - push); }

static int bonus_of(const struct buyout_context *cx, int p) { return cx->bnum ? buyout_rules_bonus(&cx->r, p) : 0; }

/* The best legal option; ties go to the smaller wager (fold, refuse, buy). */
static int best_of(const bool legal[3], const int64_t v[3])
{
    int best = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++)
        if (legal[c] && v[c] > v[best])
            best = c;
    return best;
}

/* The buy branch of R3 against this hole card: each strategy's value in
 * 1/(N3 T4 bden), and the 4th-card decisions by [normal][hole] weighted
 * by the 4th card's copies.  64 bits are enough for a situation's values
 * (fits_64_bits, checked before the pass); the sums are 128 bits. */
struct branch {
    int64_t hole, normal;
    int64_t moves[3][3];
};

/* The outcomes holding the copy of c4 and none of R3, at points p3 and p4
 * (each skipped when 0): inclusion-exclusion over R3's sub-multisets
 * joined with c4 (those of 3 types would make 4 cards: no outcome). */
static void fourth_removed(const struct buyout_hole *d, const struct rep *q, card_t c4, int p3, int p4,
                           struct buyout_hole_at *k3, struct buyout_hole_at *k4)
{
    if (p3)
        buyout_hole_add(d, 1 + c4, 1, p3, k3);
    buyout_hole_add(d, 1 + c4, 1, p4, k4);
    for (int i = 0; i < q->n1; i++) {
        int qi = q->join1[i][c4];
        if (p3)
            buyout_hole_add(d, qi, q->coef1[i], p3, k3);
        buyout_hole_add(d, qi, q->coef1[i], p4, k4);
    }
    if (!d->draws)
        return; /* the dealer stands on every 4 cards: no 3-card outcome */
    for (int i = 0; i < q->n2; i++) {
        struct buyout_hole_exact x = d->exact3[q->join2[i][c4]];
        int64_t c = q->coef2[i] * x.ways; /* no branch: often 0 */
        k3->less += c * (x.points < p3), k3->eq += c * (x.points == p3);
        k4->less += c * (x.points < p4), k4->eq += c * (x.points == p4);
    }
}

/* Main bets' net of `bets` units on a hand of p points, in 1/T4: the
 * outcomes of R3 (r3, by points) less those holding c4 (k). */
static int64_t net4(const struct run *u, int bets, int p, const struct buyout_hole_at *r3,
                    const struct buyout_hole_at *k)
{
    return bets * net_of(u->T4, r3[p].less - k->less, r3[p].eq - k->eq);
}

/* The options at the 4th card c4, in 1/(T4 bden). */
static void fourth_values(const struct run *u, const struct buyout_hole *d, const struct rep *q,
                          const struct buyout_hole_at *r3, card_t c4, int64_t v[3], bool legal[3])
{
    const int64_t T4 = u->T4, bden = u->cx->bden, bnum = u->cx->bnum;
    int p3 = q->p3, p4 = q->p4[c4];
    legal[BUYOUT_FOLD] = true;
    v[BUYOUT_FOLD] = -2 * T4 * bden - bnum * T4;
    legal[BUYOUT_REFUSE] = p3 > 0, legal[BUYOUT_BUY] = p4 > 0;
    v[BUYOUT_REFUSE] = v[BUYOUT_BUY] = 0;
    if (!p4)
        return; /* no points with 4 cards: none with 3 either */
    struct buyout_hole_at k3 = {0, 0}, k4 = {0, 0};
    fourth_removed(d, q, c4, p3 == p4 ? 0 : p3, p4, &k3, &k4);
    if (p3 == p4)
        k3 = k4; /* a 4th card that adds no points: one count serves both */
    if (p3)
        v[BUYOUT_REFUSE] = net4(u, 2, p3, r3, &k3) * bden + bnum * bonus_of(u->cx, p3) * T4;
    v[BUYOUT_BUY] = net4(u, 3, p4, r3, &k4) * bden + bnum * bonus_of(u->cx, p4) * T4;
}

/* The buy branch of R3 against this hole card, and each 4th card's
 * options in v4 and legal4 (the card's play reads them again). */
static void buy_branch(const struct run *u, const struct buyout_hole *d, const struct rep *q, const int left[NCARDS],
                       const struct buyout_hole_at *r3, struct branch *b, int64_t v4[NCARDS][3],
                       bool legal4[NCARDS][3])
{
    memset(b, 0, sizeof *b);
    for (int c = 0; c < NCARDS; c++) {
        int64_t a4 = left[c];
        if (a4 == 0)
            continue;
        int64_t *v = v4[c];
        bool *legal = legal4[c];
        fourth_values(u, d, q, r3, (card_t)c, v, legal);
        int hole = best_of(legal, v), normal = q->normal4[c];
        b->hole += a4 * v[hole];
        b->normal += a4 * v[normal];
        b->moves[normal][hole] += a4;
    }
}

/* The 3rd-card options of one split, in 1/(N3 T4 bden). */
static void third_values(const struct run *u, const struct rep *q, int s, const struct buyout_hole_at *r3,
                         const struct buyout_hole_at *st3, int64_t buy, int64_t v[3], bool legal[3])
{
    const struct buyout_context *cx = u->cx;
    const int64_t D = u->N3 * u->T4, bden = cx->bden, bnum = cx->bnum;
    int p = q->p2[s];
    legal[BUYOUT_FOLD] = legal[BUYOUT_BUY] = true;
    v[BUYOUT_FOLD] = -D * bden - bnum * D;
    v[BUYOUT_BUY] = buy;
    v[BUYOUT_REFUSE] = 0;
    if ((legal[BUYOUT_REFUSE] = p > 0)) { /* 1/T3 = (N3 - 3)/(N3 T4) */
        /* a standing 2-subset has one virtual 5th card more than after a 4th card */
        int64_t net = net_of(u->T3, r3[p].less + st3[p].less, r3[p].eq + st3[p].eq);
        v[BUYOUT_REFUSE] = net * (u->N3 - 3) * bden + bnum * bonus_of(cx, p) * D;
    }
}

/* Adds one split's round (weight W) at the 3rd card to the sums. */
static void tally3(struct buyout_seen_sums *s, const struct rep *q, int dp, wide_t W, int normal, int hole,
                   wide_t value, wide_t normal_value)
{
    s->ev_num += W * value;
    s->normal_num += W * normal_value;
    s->deals += W;
    s->third[normal][hole] += W;
    s->by_dealer3[dp][BUYOUT_SEEN_NORMAL][normal] += W;
    s->by_dealer3[dp][BUYOUT_SEEN_HOLE][hole] += W;
    int pb = buyout_seen_player_bin(q->p3);
    s->grid3[dp][pb][BUYOUT_SEEN_NORMAL][normal] += W;
    s->grid3[dp][pb][BUYOUT_SEEN_HOLE][hole] += W;
}

/* Adds the 4th-card decisions of the buy branch, for rounds of weight W
 * (of which `reached` buy the 3rd card with the hole card known). */
static void tally4(struct buyout_seen_sums *s, const struct branch *b, int dp, wide_t W, wide_t reached)
{
    for (int n = 0; n < 3; n++)
        for (int h = 0; h < 3; h++) {
            wide_t x = W * b->moves[n][h];
            s->fourth[n][h] += x;
            s->fourth_reached[n][h] += reached * b->moves[n][h];
            s->by_dealer4[dp][BUYOUT_SEEN_NORMAL][n] += x;
            s->by_dealer4[dp][BUYOUT_SEEN_HOLE][h] += x;
        }
}

/* The card's play of R3 against this hole card (the dealer's points dp),
 * its rounds weighing w5 a split order: its value, and every action's
 * gain over the card's own (buyout_seen_card_sums).  Forbidden options
 * are valued as a fold. */
static void card_rep(const struct run *u, const struct rep *q, int dp, const int left[NCARDS],
                     const struct buyout_hole_at *r3, const struct buyout_hole_at *st3, const int64_t v4_all[NCARDS][3],
                     const bool legal4[NCARDS][3], wide_t w5, struct buyout_seen_card_sums *s)
{
    const struct buyout_card *card = u->card;
    int up = card_rank(u->F), high = buyout_high_card(q->R), second = buyout_second_card(q->R);
    int64_t v4[NCARDS][3], buy = 0;
    int act4[NCARDS];
    for (int c = 0; c < NCARDS; c++) {
        if (!left[c])
            continue;
        const bool *legal = legal4[c];
        for (int a = 0; a < 3; a++)
            v4[c][a] = legal[a] ? v4_all[c][a] : v4_all[c][BUYOUT_FOLD];
        struct buyout_view v = {q->p3, q->p4[c], q->p4[c] - q->p3, up, high, second, dp};
        if ((act4[c] = buyout_card_action(card, 1, &v, legal)) < 0)
            s->uncovered += w5 * left[c], act4[c] = BUYOUT_FOLD;
        buy += left[c] * v4[c][act4[c]];
    }
    wide_t reached = 0;
    for (int k = 0; k < q->nsplit; k++) {
        int64_t v[3];
        bool legal[3];
        third_values(u, q, k, r3, st3, buy, v, legal);
        v[BUYOUT_REFUSE] = legal[BUYOUT_REFUSE] ? v[BUYOUT_REFUSE] : v[BUYOUT_FOLD];
        struct buyout_view view = {q->p2[k], q->p3, q->p3 - q->p2[k], up, high, second, dp};
        int a = buyout_card_action(card, 0, &view, legal);
        wide_t W = w5 * q->ordP[k];
        if (a < 0)
            s->uncovered += W, a = BUYOUT_FOLD;
        s->ev_num += W * v[a];
        for (int b = 0; b < 3; b++)
            s->gain3[dp][q->p3][b] += W * (v[b] - v[a]);
        reached += a == BUYOUT_BUY ? W : 0;
    }
    for (int c = 0; c < NCARDS && reached; c++)
        for (int b = 0; b < 3 && left[c]; b++)
            s->gain4[dp][q->p4[c]][b] += reached * left[c] * (v4[c][b] - v4[c][act4[c]]);
}

static void eval_rep(const struct run *u, const struct buyout_hole *d, const struct rep *q, int dp,
                     struct buyout_seen_sums *s)
{
    int left[NCARDS];
    memcpy(left, d->n, sizeof left);
    for (int i = 0; i < 3; i++)
        if (--left[q->R[i]] < 0)
            return; /* the hole card took a copy R3 needs */
    /* the dealer's outcomes once R3 left, by points: as after a 4th card,
     * and the standing ones alone at the 2-card points (for a 3rd card) */
    struct buyout_hole_at r3[BUYOUT_HOLE_NP], st3[BUYOUT_HOLE_NP];
    buyout_hole_removed(d, &q->terms, q->at, q->nat, r3, NULL);
    buyout_hole_removed(d, &q->terms, q->at2, q->nat2, r3, st3);
    struct branch b;
    int64_t v4[NCARDS][3];
    bool legal4[NCARDS][3];
    buy_branch(u, d, q, left, r3, &b, v4, legal4);
    card_t five[5] = {q->R[0], q->R[1], q->R[2], u->F, d->hole};
    wide_t w5 = (wide_t)q->mult * draws(u->cx->count, five, 5), all = 0, reached = 0;
    for (int k = 0; k < q->nsplit; k++) {
        int64_t v[3];
        wide_t W = w5 * q->ordP[k];
        bool legal[3];
        third_values(u, q, k, r3, st3, b.hole, v, legal);
        int hole = best_of(legal, v), normal = q->normal3[k];
        tally3(s, q, dp, W, normal, hole, v[hole], normal == BUYOUT_BUY ? b.normal : v[normal]);
        all += W;
        reached += hole == BUYOUT_BUY ? W : 0;
    }
    tally4(s, &b, dp, all, reached);
    if (u->card)
        card_rep(u, q, dp, left, r3, st3, (const int64_t(*)[3])v4, (const bool(*)[3])legal4, w5, &s->card);
}

/* ---- the pass ---- */

enum { NSUMS = sizeof(struct buyout_seen_sums) / sizeof(wide_t) };
_Static_assert(sizeof(struct buyout_seen_sums) % sizeof(wide_t) == 0, "the sums are wide_t only");

static void sums_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    wide_t *a = into;
    const wide_t *b = from;
    for (int i = 0; i < NSUMS; i++)
        a[i] += b[i];
}

/* Every hole card against the reps of the framed upcard F (this rank's
 * share of the (F, h) pairs, h by index task0 + h). */
static int hole_cards(const struct run *u, const struct rep *list, long n, long task0, struct progress *bar,
                      struct buyout_seen_sums *total)
{
    const struct buyout_context *cx = u->cx;
    int failed = 0;
#pragma omp parallel
    {
        struct buyout_hole *d = malloc(sizeof *d);
        struct buyout_seen_sums *part = calloc(1, sizeof *part);
        if (!d || !part) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int h = 0; h < NCARDS; h++) {
            if (!d || !part || cx->count[h] - (h == u->F) < 1 || !cluster_owns(task0 + h))
                continue;
            buyout_hole_build(d, cx->count, u->F, (card_t)h, cx->r.dealer_five);
            card_t two[2] = {u->F, (card_t)h};
            int dp = buyout_fast_points(two, 2, BUYOUT_FIVE_BEST4);
            for (long i = 0; i < n; i++)
                eval_rep(u, d, &list[i], dp, part);
            progress_add(bar, 1);
        }
#pragma omp critical(buyout_seen_sums)
        if (part)
            sums_add(total, part, NULL);
        free(part);
        free(d);
    }
    return failed ? -1 : 0;
}

/* Whether a situation's values fit 64 bits: a 4th card's option is at
 * most (3 bden + bnum max|pay|) T4 in size, summed over at most NCARDS x 6
 * copies (N3 of them); a 3rd card's options are at most (bden + bnum
 * max|pay|) N3 T4 (1/T3 = (N3 - 3)/(N3 T4)). */
static bool fits_64_bits(const struct buyout_context *cx, int64_t T4)
{
    wide_t pay = 1;
    for (int p = 0; p < BUYOUT_NPOINTS; p++) {
        wide_t x = bonus_of(cx, p) < 0 ? -bonus_of(cx, p) : bonus_of(cx, p);
        pay = x > pay ? x : pay;
    }
    wide_t bound = (3 * (wide_t)cx->bden + cx->bnum * pay) * T4 * NCARDS * BUYOUT_MAX_DECKS;
    return bound < (wide_t)INT64_MAX / 2;
}

static int64_t outcomes(int64_t N) { return N * (N - 1) / 2 * (N - 2); } /* C(N,2)(N-2) */

/* Whether a / b and c / d are the same fraction. */
static bool same_fraction(wide_t a, wide_t b, wide_t c, wide_t d)
{
    wide_t g = wide_gcd(a, b), h = wide_gcd(c, d);
    return a / g == c / h && b / g == d / h;
}

/* One framed upcard: its reps, their normal decisions, every hole card. */
static int one_upcard(struct buyout_context *cx, const struct run *u, int64_t upcards, struct progress *bar,
                      struct buyout_seen_sums *total, struct normal_check *check, char *err, size_t errlen)
{
    struct rep *list;
    long n = list_reps(cx, u->F, upcards, &list);
    if (n < 0)
        return snprintf(err, errlen, "out of memory"), -1;
    int rc = buyout_context_tables(cx, u->F);
    if (rc == 0)
        rc = normal_decisions(cx, u->F, list, n, check);
    if (rc == 0)
        rc = hole_cards(u, list, n, (long)u->F * NCARDS, bar, total);
    free(list);
    return rc != 0 ? (snprintf(err, errlen, "out of memory"), -1) : 0;
}

static int check_totals(const struct buyout_context *cx, const struct buyout_seen_result *out,
                        const struct normal_check *check, char *err, size_t errlen)
{
    wide_t S = cx->shoe, S4 = S * (S - 1) * (S - 2) * (S - 3);
    if (out->sum.deals != S4 * (S - 4) || check->deals != S4)
        return snprintf(err, errlen, "internal error: the situations do not cover every deal"), -1;
    /* knowing the hole card and ignoring it is the normal game */
    if (!same_fraction(out->sum.normal_num, out->den, check->num, check->den * check->deals))
        return snprintf(err, errlen, "internal error: the normal strategy's EV over the hole cards differs from the "
                                     "normal solve's"), -1;
    return 0;
}

int buyout_seen_solve(const struct buyout_rules *r, int seen, const struct buyout_card *card, bool progress,
                      struct buyout_seen_result *out, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    memset(out, 0, sizeof *out);
    out->rules = *r, out->seen = seen;
    if (seen != 1)
        return snprintf(err, errlen, "--seen %d: 4 Card Buyout's dealer has one hole card (--seen 1)", seen), -1;
    if (r->bonus_alone)
        return snprintf(err, errlen, "--bonus-alone: a Bonus played alone has no decisions to change"), -1;
    struct buyout_context *cx = buyout_context_new(r, err, errlen);
    if (!cx)
        return -1;
    int64_t upcards[NCARDS] = {0};
    for (int c = 0; c < NCARDS; c++)
        if (cx->count[c] > 0)
            upcards[buyout_frame_up(cx, (card_t)c)]++;
    struct run u = {.cx = cx, .card = card, .N3 = cx->shoe - 5};
    u.N4 = u.N3 - 1, u.T3 = outcomes(u.N3), u.T4 = outcomes(u.N4);
    if (!fits_64_bits(cx, u.T4)) {
        buyout_context_free(cx);
        return snprintf(err, errlen, "--bonus-units %lld/%lld: too fine a fraction for hole-carding's 64-bit sums",
                        (long long)r->bonus_num, (long long)r->bonus_den), -1;
    }
    struct progress bar;
    progress_start(&bar, "seen", NCARDS * NCARDS, progress && cluster_rank() == 0);
    struct normal_check check = {0, 0, 0};
    int rc = 0;
    for (int F = 0; F < NCARDS && rc == 0; F++) {
        u.F = (card_t)F;
        if (upcards[F])
            rc = one_upcard(cx, &u, upcards[F], &bar, &out->sum, &check, err, errlen);
        else
            progress_add(&bar, NCARDS);
    }
    progress_end(&bar);
    if (rc == 0 && cluster_reduce(&out->sum, sizeof out->sum, sums_add, NULL) != 0)
        rc = -1, snprintf(err, errlen, "MPI: summing the hole cards failed");
    out->den = out->sum.deals * u.N3 * u.T4 * cx->bden;
    out->fourth_den = out->sum.deals * u.N3;
    if (rc == 0 && cluster_rank() == 0)
        rc = check_totals(cx, out, &check, err, errlen);
    buyout_context_free(cx);
    out->threads = omp_get_max_threads();
    out->ranks = cluster_size();
    out->seconds = omp_get_wtime() - t0;
    return rc;
}
