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
    int64_t st3[BUYOUT_DEALER_NCUM], dr3[BUYOUT_DEALER_NCUM];
    bool r_draws;                 /* the dealer draws holding R: pts4 of R under 13 */
    struct buyout_points4 dealt4; /* the upcard and R, for his 5 cards' points */
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
    s->p2 = buyout_fast_points(s->P, 2, BUYOUT_FIVE_BEST4);
}

/* The unseen cards and the dealer's outcomes with 3 and with 4 cards seen. */
static void sit3_sizes(struct sit3 *s)
{
    s->N3 = s->d->N0 - 3;
    s->N4 = s->N3 - 1;
    s->T3 = cube_count(s->N3) * (s->N3 - 3);
    s->T4 = cube_count(s->N4) * (s->N4 - 3);
}

/* The part every class holding the same 3 cards R against the same
 * framed upcard shares (r_key): the cards left, the dealer's outcomes
 * once R left the shoe. */
static void sit3_held(struct sit3 *s)
{
    memcpy(s->left, s->d->n, sizeof s->left);
    for (int i = 0; i < 3; i++)
        s->left[s->R[i]]--;
    s->p3 = buyout_fast_points(s->R, 3, BUYOUT_FIVE_BEST4);
    sit3_sizes(s);
    s->nsubs = buyout_submultisets(s->R, 3, s->subs);
    s->r_draws = s->d->pts4[buyout_dealer_idx3(s->R[0], s->R[1], s->R[2])] < BUYOUT_DRAW_UNDER;
    card_t four[4] = {s->d->up, s->R[0], s->R[1], s->R[2]};
    buyout_points4_start(&s->dealt4, four, s->d->five);
    memset(s->st3, 0, sizeof s->st3);
    memset(s->dr3, 0, sizeof s->dr3);
    for (int i = 0; i < s->nsubs; i++) {
        int64_t st[BUYOUT_DEALER_NCUM], dr[BUYOUT_DEALER_NCUM];
        buyout_dealer_cum(s->d, s->subs[i].q, s->subs[i].k, st, dr);
        for (int j = 0; j < BUYOUT_DEALER_NCUM; j++) {
            s->st3[j] += s->subs[i].coef * st[j];
            s->dr3[j] += s->subs[i].coef * dr[j];
        }
    }
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
    return wpl_of(s->N3, s->T3, s->st3[p], s->st3[p + 1] - s->st3[p], s->dr3[p], s->dr3[p + 1] - s->dr3[p]);
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

static int points_plus(const struct sit3 *s, card_t c4);

/* Where the 4th card c4's reads are: its points with the 3 cards, and for
 * each sub-multiset q of R (s->subs) of at most 2 types, the row of q + c4
 * (small[] for q of 0 or 1 type, dr3 and pts4 for 2).  A buy branch reads
 * 52 x 7 such rows (3 distinct cards held), scattered: it plans a few
 * cards ahead, with prefetch, and reads them when it comes to the card. */
struct fourth_plan {
    int p4;
    int row[16];
};
enum { PLAN_AHEAD = 3, PLAN_RING = 4 }; /* cards planned ahead; the plans kept */

static void plan_fourth(const struct sit3 *s, card_t c4, bool prefetch, struct fourth_plan *f)
{
    f->p4 = points_plus(s, c4);
    for (int i = 0; i < s->nsubs; i++) {
        const struct buyout_dealer_sub *q = &s->subs[i];
        card_t m[3];
        if (q->k > 2)
            continue; /* q = R: read off directly (buyout_dealer_exact4) */
        insert_sorted(q->q, q->k, c4, m);
        if (q->k < 2) {
            f->row[i] = buyout_dealer_small_index(m, q->k + 1);
            if (prefetch) {
                const struct buyout_dealer_pair *e = s->d->small[f->row[i]].at;
                __builtin_prefetch(e + s->p3);
                __builtin_prefetch(e + f->p4);
            }
        } else {
            f->row[i] = buyout_dealer_idx3(m[0], m[1], m[2]);
            if (prefetch) {
                const uint16_t *e = s->d->dr3[f->row[i]];
                __builtin_prefetch(e + s->p3);
                __builtin_prefetch(e + f->p4);
            }
        }
    }
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

/* The dealer after the 4th card c4 also left: the outcomes of R3 minus
 * those holding that copy of c4 (inclusion-exclusion again, over R3's
 * subsets joined with c4), at the 3-card points p3 and 4-card points p4. */
static void fourth_outcomes(const struct sit3 *s, card_t c4, const struct fourth_plan *f, struct wpl *w3,
                            struct wpl *w4)
{
    const struct buyout_dealer *d = s->d;
    const int p3 = s->p3, p4 = f->p4;
    struct buyout_dealer_at k3 = {0, 0, 0, 0}, k4 = {0, 0, 0, 0};
    for (int i = 0; i < s->nsubs; i++) {
        const struct buyout_dealer_sub *q = &s->subs[i];
        if (q->k < 2) {
            const struct buyout_dealer_pair *x = d->small[f->row[i]].at;
            if (p3)
                buyout_dealer_add_at(&k3, q->coef, x[p3].st, x[p3 + 1].st - x[p3].st, x[p3].dr,
                                     x[p3 + 1].dr - x[p3].dr);
            if (p4)
                buyout_dealer_add_at(&k4, q->coef, x[p4].st, x[p4 + 1].st - x[p4].st, x[p4].dr,
                                     x[p4 + 1].dr - x[p4].dr);
        } else if (q->k == 2) {
            const uint16_t *dr = d->dr3[f->row[i]];
            int t = d->pts4[f->row[i]];
            bool stands = t >= BUYOUT_DRAW_UNDER;
            if (p3)
                buyout_dealer_add_at(&k3, q->coef, stands && t < p3, stands && t == p3, dr[p3], dr[p3 + 1] - dr[p3]);
            if (p4)
                buyout_dealer_add_at(&k4, q->coef, stands && t < p4, stands && t == p4, dr[p4], dr[p4 + 1] - dr[p4]);
        } else { /* q = R: the drawing outcomes of exactly R and c4 */
            int64_t g = exact4_designations(s, f);
            if (g == 0)
                continue;
            int x = buyout_points5_with(&s->dealt4, c4);
            if (p3)
                buyout_dealer_add_at(&k3, q->coef, 0, 0, x < p3 ? g : 0, x == p3 ? g : 0);
            if (p4)
                buyout_dealer_add_at(&k4, q->coef, 0, 0, x < p4 ? g : 0, x == p4 ? g : 0);
        }
    }
    const int64_t *st = s->st3, *dr = s->dr3;
    int p = p3;
    if (p > 0)
        *w3 = wpl_of(s->N4, s->T4, st[p] - k3.st_less, st[p + 1] - st[p] - k3.st_eq, dr[p] - k3.dr_less,
                     dr[p + 1] - dr[p] - k3.dr_eq);
    p = p4;
    if (p > 0)
        *w4 = wpl_of(s->N4, s->T4, st[p] - k4.st_less, st[p + 1] - st[p] - k4.st_eq, dr[p] - k4.dr_less,
                     dr[p + 1] - dr[p] - k4.dr_eq);
}

/* The points of the 3 cards plus c4: only c4's rank group and c4's suit
 * change, so the best of those and the 3 cards' points. */
static int points_plus(const struct sit3 *s, card_t c4)
{
    int same = 1, suited = 1, sum = buyout_card_value(c4);
    for (int i = 0; i < 3; i++) {
        same += card_rank(s->R[i]) == card_rank(c4);
        if (card_suit(s->R[i]) == card_suit(c4))
            suited++, sum += buyout_card_value(s->R[i]);
    }
    int best = s->p3;
    if (same >= 2 && same * (card_rank(c4) == RANK_ACE ? 11 : 10) > best)
        best = same * (card_rank(c4) == RANK_ACE ? 11 : 10);
    if (suited >= 2 && sum > best)
        best = sum;
    return best;
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
};

struct buyout_eval_cache *buyout_eval_cache_new(void) { return calloc(1, sizeof(struct buyout_eval_cache)); }
void buyout_eval_cache_free(struct buyout_eval_cache *c) { free(c); }

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

static void take_fourth(const struct buyout_context *cx, const struct sit3 *s, const struct options *o,
                        enum buyout_choice c, int64_t a4, struct branch *b)
{
    wide_t T4 = s->T4, bden = cx->bden;
    b->at4[c] += a4 * T4;
    b->bonus += a4 * o->bonus[c];
    if (c == BUYOUT_FOLD) {
        b->first -= a4 * T4 * bden;
        b->second -= a4 * T4 * bden;
        b->net[-2 - BUYOUT_NET_MIN] += a4 * T4;
        return;
    }
    wide_t each = (wide_t)(o->w[c].win - o->w[c].lose) * bden * a4;
    b->first += each;
    b->second += each;
    if (c == BUYOUT_BUY)
        b->third += each;
    net_add(b->net, c == BUYOUT_BUY ? 3 : 2, &o->w[c], a4);
    final_add(&b->final, c == BUYOUT_BUY ? 4 : 3, o->points[c], &o->w[c], a4);
}

/* Buying the 3rd card: every 4th card the shoe still holds, weighted by
 * its unseen copies, played optimally (and the plain decisions too). */
static void buy_branch(const struct buyout_context *cx, const struct sit3 *s, struct branch *b)
{
    memset(b, 0, offsetof(struct branch, final));
    b->final.n = 0;
    struct fourth_plan plan[PLAN_RING];
    for (int c = 0; c < PLAN_AHEAD; c++)
        plan_fourth(s, (card_t)c, true, &plan[c]);
    for (int c = 0; c < NCARDS; c++) {
        int64_t a4 = s->left[c];
        if (c + PLAN_AHEAD < NCARDS)
            plan_fourth(s, (card_t)(c + PLAN_AHEAD), true, &plan[(c + PLAN_AHEAD) % PLAN_RING]);
        if (a4 == 0) {
            b->fourth[c] = '-';
            continue;
        }
        struct options o;
        fourth_options(cx, s, (card_t)c, &plan[c % PLAN_RING], &o);
        enum buyout_choice best = best_of(&o, true), plain = best_of(&o, false);
        take_fourth(cx, s, &o, best, a4, b);
        b->value += a4 * (o.main[best] + o.bonus[best]);
        b->plain_main += a4 * o.main[plain];
        b->plain_value += a4 * (o.main[plain] + o.bonus[plain]);
        b->fourth[c] = LETTER[best];
        b->fourth_cards++;
        if (best != plain) {
            b->changed4++;
            b->changed4_p += a4 * (wide_t)s->T4;
        }
    }
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
                       struct buyout_sit *out)
{
    enum buyout_choice best = out->best;
    out->at3[best] = D;
    if (best == BUYOUT_BUY) {
        out->first = b->first, out->second = b->second, out->third = b->third, out->bonus = b->bonus;
        memcpy(out->at4, b->at4, sizeof b->at4);
        memcpy(out->net, b->net, sizeof b->net);
        out->final.n = b->final.n;
        memcpy(out->final.e, b->final.e, (size_t)b->final.n * sizeof b->final.e[0]);
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

static void eval_sit(const struct buyout_context *cx, const struct sit3 *s, const struct branch *b,
                     struct buyout_sit *out)
{
    memset(out, 0, offsetof(struct buyout_sit, final));
    out->final.n = 0;
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
    take_third(s, &o3, b, D, out);
}

void buyout_eval_third_cached(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                              struct buyout_eval_cache *cache, struct buyout_sit *out)
{
    struct sit3 *s = &cache->s;
    sit3_class(s, cx, P, up, third);
    uint32_t key = r_key(s);
    if (cache->key != key) {
        sit3_held(s);
        buy_branch(cx, s, &cache->b);
        cache->key = key;
    }
    eval_sit(cx, s, &cache->b, out);
}

void buyout_eval_third(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                       struct buyout_sit *out)
{
    struct buyout_eval_cache cache = {0};
    buyout_eval_third_cached(cx, P, up, third, &cache, out);
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

/* Buying the 3rd card: every 4th card, each objective's best option. */
static void buy_values(const struct sit3 *s, const struct buyout_objectives *ob, wide_t buy[BUYOUT_MAX_OBJECTIVES])
{
    const wide_t T4 = s->T4, bden = ob->bden;
    memset(buy, 0, BUYOUT_MAX_OBJECTIVES * sizeof buy[0]);
    struct fourth_plan plan[PLAN_RING];
    for (int c = 0; c < PLAN_AHEAD; c++)
        plan_fourth(s, (card_t)c, true, &plan[c]);
    for (int c = 0; c < NCARDS; c++) {
        if (c + PLAN_AHEAD < NCARDS)
            plan_fourth(s, (card_t)(c + PLAN_AHEAD), true, &plan[(c + PLAN_AHEAD) % PLAN_RING]);
        int64_t a4 = s->left[c];
        if (a4 == 0)
            continue;
        const struct fourth_plan *f = &plan[c % PLAN_RING];
        int p4 = f->p4;
        struct wpl w3 = {0, 0, 0}, w4 = {0, 0, 0};
        fourth_outcomes(s, (card_t)c, f, &w3, &w4);
        /* per T4 bden: fold loses First + Second; refuse plays them on 3
         * cards, buy all three bets on 4 */
        wide_t refuse = 2 * (wide_t)(w3.win - w3.lose) * bden, take = 3 * (wide_t)(w4.win - w4.lose) * bden;
        for (int k = 0; k < ob->n; k++) {
            wide_t b = ob->bnum[k];
            wide_t v = -2 * T4 * bden - b * T4;
            if (s->p3 > 0)
                v = wide_max(v, refuse + (b ? b * buyout_bonus_result(ob->table[k], s->p3) * T4 : 0));
            if (p4 > 0)
                v = wide_max(v, take + (b ? b * buyout_bonus_result(ob->table[k], p4) * T4 : 0));
            buy[k] += a4 * v;
        }
    }
}

void buyout_eval_third_values(const struct buyout_context *cx, const struct buyout_objectives *ob, const card_t P[2],
                              card_t up, card_t third, struct buyout_buy_cache *cache,
                              wide_t value[BUYOUT_MAX_OBJECTIVES], wide_t *den)
{
    struct sit3 s;
    sit3_class(&s, cx, P, up, third);
    uint32_t key = r_key(&s);
    if (cache->key != key) {
        sit3_held(&s);
        buy_values(&s, ob, cache->buy);
        memcpy(cache->st3, s.st3, sizeof s.st3);
        memcpy(cache->dr3, s.dr3, sizeof s.dr3);
        cache->key = key;
    } else { /* the refuse below reads only these of sit3_held's part */
        sit3_sizes(&s);
        memcpy(s.st3, cache->st3, sizeof s.st3);
        memcpy(s.dr3, cache->dr3, sizeof s.dr3);
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

long buyout_classes(const struct buyout_context *cx, struct buyout_class **out)
{
    long cap = 1 << 16, n = 0;
    struct buyout_class *list = malloc((size_t)cap * sizeof *list);
    if (!list)
        return -1;
    /* with every suit permutation, the smaller card of P can be made a club */
    int step = cx->nperms == 24 ? NSUITS : 1;
    for (int a = 0; a < NCARDS; a += step)
        for (int b = a; b < NCARDS; b++)
            for (int u = 0; u < NCARDS; u++)
                for (int t = 0; t < NCARDS; t++) {
                    int64_t ways = class_ways(cx->count, (card_t)a, (card_t)b, (card_t)u, (card_t)t);
                    if (ways == 0)
                        continue;
                    int orbit = orbit_if_rep(cx, (card_t)a, (card_t)b, (card_t)u, (card_t)t);
                    if (orbit == 0)
                        continue;
                    if (n == cap) {
                        struct buyout_class *l2 = realloc(list, (size_t)(cap *= 2) * sizeof *list);
                        if (!l2)
                            return free(list), -1;
                        list = l2;
                    }
                    list[n++] = (struct buyout_class){{(card_t)a, (card_t)b}, (card_t)u, (card_t)t,
                                                      (uint8_t)orbit, ways};
                }
    *out = list;
    return n;
}

/* Visits the classes by framed upcard and, within, by the 3 cards held
 * after a buy (buyout_class_r_key): consecutive classes then read the
 * same dealer tables, and the classes of one group of 3 cards follow one
 * another, so a thread's cache prices their buy branch once.  An LSD radix
 * sort (stable) on the key's two halves, 52^2 buckets each. */
static long *order_for_cache(const struct buyout_context *cx, const struct buyout_class *list, long n)
{
    enum { NB = NCARDS * NCARDS };
    long *order = malloc((size_t)(n > 0 ? n : 1) * sizeof *order), *tmp = malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp);
    long *start = malloc((NB + 1) * sizeof *start);
    uint32_t *key = malloc((size_t)(n > 0 ? n : 1) * sizeof *key);
    if (!order || !tmp || !start || !key)
        return free(order), free(tmp), free(start), free(key), NULL;
    for (long i = 0; i < n; i++) {
        key[i] = buyout_class_r_key(cx, &list[i]) - 1;
        tmp[i] = i;
    }
    for (int pass = 0; pass < 2; pass++) { /* the low half, then the high half */
        const long *from = pass ? order : tmp;
        long *to = pass ? tmp : order;
        memset(start, 0, (NB + 1) * sizeof *start);
        for (long i = 0; i < n; i++)
            start[(pass ? key[i] / NB : key[i] % NB) + 1]++;
        for (int k = 0; k < NB; k++)
            start[k + 1] += start[k];
        for (long i = 0; i < n; i++) {
            long c = from[i];
            to[start[pass ? key[c] / NB : key[c] % NB]++] = c;
        }
    }
    free(order), free(start), free(key);
    return tmp;
}

/* The class list is one serial pass (15 ms) and each upcard's tables a
 * task of about the same size: as tasks side by side, no thread waits for
 * the list, and 14 tasks share out better than 13. */
long buyout_classes_and_tables(struct buyout_context *cx, struct buyout_class **list, long **order)
{
    long n = -1;
    int failed = 0;
    *list = NULL, *order = NULL;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(n)
        {
            n = buyout_classes(cx, list);
            *order = n >= 0 ? order_for_cache(cx, *list, n) : NULL;
        }
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
