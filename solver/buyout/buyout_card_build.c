/* buyout_card_build.c — what every option of a Buyout solve is worth,
 * summed the way a card sees it; a card's exact price; a card learnt from
 * those values.
 *
 * A card sees a situation as a view (buyout_card.h): the points held, the
 * points with the new card, the points it adds, the upcard, the high card
 * and the 2nd card.
 * Each class keeps its 3rd-card view and options and, for buying, its
 * 4th cards summed by 4th-card cell (copies left x each option's value,
 * an option the rules forbid valued as a fold), all over one denominator
 * (buyout_eval.h: N3 T4 bden).
 *
 * The learner works on cells of four coordinates: at the 3rd card (the 2nd
 * card, the points with it, the upcard, the high card), at the 4th (the
 * points it adds, the points with it, the upcard, the high card).  The
 * points held at the 3rd card (a pair, two suited cards or nothing) tell
 * little the points with the 3rd card do not, where the 2nd card tells how
 * well the hand may still pair or suit.  At the 4th card, a last decision,
 * a buy stakes a third bet on the points with it against a refuse's two on
 * the points held: a threshold on what the card adds, for the points with
 * it, draws that line in one rule where limits on the points held take a
 * staircase of them (the 15-rule standard card: 0.086% of the First bet
 * with the points held, 0.057% with the points added); the high card and
 * the 2nd card there leave the points and the upcard nearly nothing to
 * tell.  With the 4th-card rules fixed a class's buy is
 * worth a sum over its cells; with the 3rd-card rules fixed the 4th-card
 * cells reached are known: the learner alternates as split_card_build.c
 * does, every box of cells tried from 4-dimensional prefix sums (the high
 * card at the 3rd card only), a rule at a time; at the length asked for,
 * each rule is replaced by the best box in its place where that gains
 * (refine).  A card read from a file may limit any of the six at either
 * card: pricing matches each view against the rules.
 */
#include "buyout_card.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"

enum { NPTS = BUYOUT_CARD_POINTS, NUP = NRANKS, NHI = NRANKS, NCELLS = NPTS * NPTS * NUP * NHI, NA = 3 };
enum { Q1 = NPTS + 1, Q2 = NPTS + 1, Q3 = NUP + 1, Q4 = NHI + 1, NQ = Q1 * Q2 * Q3 * Q4 };

/* A learner's cell: its first coordinate is the 2nd card's rank at the
 * 3rd card, the points the 4th card adds at the 4th. */
static int cell_of(int first, int with, int up, int high) { return ((first * NPTS + with) * NUP + up) * NHI + high; }
static int cell_first(int cell) { return cell / (NHI * NUP * NPTS); }
static int cell_with(int cell) { return cell / (NHI * NUP) % NPTS; }
static int cell_up(int cell) { return cell / NHI % NUP; }
static int cell_high(int cell) { return cell % NHI; }

struct entry {
    int32_t cell;     /* a 4th-card cell */
    int32_t place;    /* its place among the 4th-card cells reached (buyout_card_values.cells[1]) */
    int64_t v[NA];    /* its 4th cards: copies x each option's value (forbidden: the fold's); at most
                       * ENTRY_MAX in size (class_values) */
};

struct cls {
    int32_t cell;      /* its 3rd-card cell */
    int32_t place;     /* its place among the 3rd-card cells reached (buyout_card_values.cells[0]) */
    uint8_t points, second; /* the rest of its 3rd-card view: the points of its 2 cards, the 2nd card */
    int64_t w;         /* deals: orbit x ways */
    wide_t v3[NA];     /* fold, refuse (forbidden: the fold's), buy played optimally after */
    struct entry *e;   /* the 4th cards after a buy, by cell */
    int ne;
};

struct buyout_card_values {
    long n;
    struct cls *c;
    wide_t den;    /* deals x N3 T4 bden */
    int64_t deals;
    int32_t *cells[2]; /* the cells some class reaches at the 3rd and at the 4th card, by place */
    int ncells[2];
};

/* ------------------------------------------------------------------ */
/* The values                                                          */
/* ------------------------------------------------------------------ */

/* An entry's sums are kept in 64 bits, each below 2^62 in size, so that
 * a class weight (below 2^40) times one, summed over every entry, stays
 * far inside 128 bits.  A Bonus of a fraction with a large denominator
 * can pass it (the denominator scales every value): that is refused
 * rather than priced wrong. */
#define ENTRY_MAX ((wide_t)1 << 62)

/* 0, -1 out of memory, -2 an entry's sum too large (ENTRY_MAX). */
static int class_values(const struct buyout_context *cx, const struct buyout_class *k, struct cls *c)
{
    struct buyout_sit s;
    struct buyout_option_evs four[NCARDS];
    bool have[NCARDS];
    buyout_eval_third(cx, k->P, k->up, k->third, &s);
    buyout_eval_fourths(cx, k->P, k->up, k->third, four, have);
    card_t held[4] = {k->P[0], k->P[1], k->third, 0};
    int left[NCARDS];
    memcpy(left, cx->count, sizeof left);
    left[k->P[0]]--, left[k->P[1]]--, left[k->up]--, left[k->third]--;
    struct buyout_view view = buyout_view_of(held, 2, k->up);
    c->cell = cell_of(view.second, view.with, view.up, view.high);
    c->points = (uint8_t)view.points, c->second = (uint8_t)view.second;
    c->w = (int64_t)k->orbit * k->ways;
    c->v3[BUYOUT_FOLD] = s.v[BUYOUT_FOLD];
    c->v3[BUYOUT_REFUSE] = s.legal[BUYOUT_REFUSE] ? s.v[BUYOUT_REFUSE] : s.v[BUYOUT_FOLD];
    c->v3[BUYOUT_BUY] = s.v[BUYOUT_BUY];
    c->e = malloc(NCARDS * sizeof *c->e);
    if (!c->e)
        return -1;
    c->ne = 0;
    for (int card = 0; card < NCARDS; card++) {
        if (!have[card])
            continue;
        held[3] = (card_t)card;
        int with = buyout_points(held, 4), cell = cell_of(with - view.with, with, view.up, view.high), j = 0;
        while (j < c->ne && c->e[j].cell != cell)
            j++;
        if (j == c->ne)
            c->e[c->ne++] = (struct entry){.cell = cell};
        for (int a = 0; a < NA; a++) {
            wide_t sum = c->e[j].v[a] + left[card] * (four[card].legal[a] ? four[card].num[a] : four[card].num[BUYOUT_FOLD]);
            if (sum >= ENTRY_MAX || sum <= -ENTRY_MAX)
                return -2;
            c->e[j].v[a] = (int64_t)sum;
        }
    }
    return 0;
}

/* The views of a class at the 3rd card and of its entry j at the 4th. */
static struct buyout_view view3(const struct cls *c)
{
    int with = cell_with(c->cell);
    return (struct buyout_view){c->points, with, with - c->points, cell_up(c->cell), cell_high(c->cell), c->second, -1};
}

static struct buyout_view view4(const struct cls *c, int j)
{
    int cell = c->e[j].cell;
    int with = cell_with(cell), adds = cell_first(cell);
    return (struct buyout_view){with - adds, with, adds, cell_up(cell), cell_high(cell), c->second, -1};
}

/* The place of a cell at card g, given when it is first reached. */
static int32_t place_of(struct buyout_card_values *v, int32_t *place, int g, int32_t cell)
{
    if (place[cell] < 0)
        place[cell] = v->ncells[g]++, v->cells[g][place[cell]] = cell;
    return place[cell];
}

/* The cells the classes reach, each given a place in the order first
 * reached (the learner's arrays hold these only: a few percent of all
 * cells, so that its sums stay in cache).  0, or -1 out of memory. */
static int place_cells(struct buyout_card_values *v)
{
    int32_t *place = malloc((size_t)NCELLS * sizeof *place);
    v->cells[0] = malloc((size_t)(v->n > 0 ? v->n : 1) * sizeof *v->cells[0]);
    v->cells[1] = malloc((size_t)NCELLS * sizeof *v->cells[1]);
    if (!place || !v->cells[0] || !v->cells[1])
        return free(place), -1;
    memset(place, 0xff, (size_t)NCELLS * sizeof *place); /* -1: not reached */
    for (long i = 0; i < v->n; i++)
        v->c[i].place = place_of(v, place, 0, v->c[i].cell);
    memset(place, 0xff, (size_t)NCELLS * sizeof *place);
    for (long i = 0; i < v->n; i++)
        for (int j = 0; j < v->c[i].ne; j++)
            v->c[i].e[j].place = place_of(v, place, 1, v->c[i].e[j].cell);
    free(place);
    return 0;
}

struct buyout_card_values *buyout_card_values_new(const struct buyout_solution *s, int threads, char *err,
                                                  size_t errlen)
{
    struct buyout_card_values *v = calloc(1, sizeof *v);
    if (v)
        v->c = calloc((size_t)(s->n > 0 ? s->n : 1), sizeof *v->c);
    if (!v || !v->c) {
        free(v);
        return snprintf(err, errlen, "out of memory"), NULL;
    }
    v->n = s->n;
    int failed = 0; /* bit 0: out of memory, bit 1: an entry too large */
    (void)threads; /* the solve's team (team_start) runs this loop too */
#pragma omp parallel for schedule(dynamic, 64) reduction(| : failed)
    for (long i = 0; i < s->n; i++)
        failed |= -class_values(s->cx, &s->classes[i], &v->c[i]);
    struct buyout_sit one;
    if (s->n > 0)
        buyout_eval_third(s->cx, s->classes[0].P, s->classes[0].up, s->classes[0].third, &one);
    for (long i = 0; i < s->n; i++)
        v->deals += v->c[i].w;
    v->den = (wide_t)v->deals * (s->n > 0 ? one.den : 1);
    if (failed & 2) {
        buyout_card_values_free(v);
        return snprintf(err, errlen, "the card's exact sums pass 64 bits with these Bonus units (a fraction with a "
                                     "smaller denominator will do)"), NULL;
    }
    if (failed || place_cells(v) != 0) {
        buyout_card_values_free(v);
        return snprintf(err, errlen, "out of memory"), NULL;
    }
    return v;
}

void buyout_card_values_free(struct buyout_card_values *v)
{
    if (!v)
        return;
    for (long i = 0; i < v->n; i++)
        free(v->c[i].e);
    free(v->cells[0]), free(v->cells[1]);
    free(v->c), free(v);
}

/* ------------------------------------------------------------------ */
/* A card's price                                                      */
/* ------------------------------------------------------------------ */

/* A buy's value with act4[j] the action at the class's 4th-card entry j
 * (-1 where none: counted in gaps). */
static wide_t buy_value(const struct cls *c, const int8_t *act4, int64_t *gaps)
{
    wide_t v = 0;
    for (int j = 0; j < c->ne; j++) {
        int a = act4[j];
        *gaps += a < 0;
        v += c->e[j].v[a < 0 ? BUYOUT_FOLD : a];
    }
    return v;
}

static wide_t best_value(const struct cls *c)
{
    wide_t v = c->v3[BUYOUT_FOLD] > c->v3[BUYOUT_REFUSE] ? c->v3[BUYOUT_FOLD] : c->v3[BUYOUT_REFUSE];
    return c->v3[BUYOUT_BUY] > v ? c->v3[BUYOUT_BUY] : v;
}

/* The card's action: a forbidden one stays, the values price it as a fold. */
static int action_at(const struct buyout_card *card, int group, const struct buyout_view *view)
{
    static const bool ANY[3] = {true, true, true};
    return buyout_card_action(card, group, view, ANY);
}

void buyout_card_price(const struct buyout_card *card, const struct buyout_card_values *v, struct buyout_card_price *out)
{
    memset(out, 0, sizeof *out);
    /* the 4th-card action by (cell, 2nd card), found as first needed (-2: not yet) */
    int8_t *known = malloc((size_t)NCELLS * NRANKS);
    if (!known) {
        out->uncovered = -1;
        return;
    }
    memset(known, -2, (size_t)NCELLS * NRANKS);
    out->den = v->den, out->deals = v->deals;
    for (long i = 0; i < v->n; i++) {
        const struct cls *c = &v->c[i];
        struct buyout_view at3 = view3(c);
        int k = buyout_card_match(card, 0, &at3), a = k < 0 ? -1 : card->rule[k].action;
        int64_t gaps = 0;
        wide_t mine = 0, best = best_value(c);
        if (a == BUYOUT_BUY) {
            int8_t act4[NCARDS];
            for (int j = 0; j < c->ne; j++) {
                int8_t *at = &known[(size_t)c->second * NCELLS + (size_t)c->e[j].cell];
                if (*at == -2) {
                    struct buyout_view at4 = view4(c, j);
                    *at = (int8_t)action_at(card, 1, &at4);
                }
                act4[j] = *at;
            }
            mine = buy_value(c, act4, &gaps);
        } else if (a >= 0)
            mine = c->v3[a];
        out->uncovered += a < 0 || gaps > 0;
        if (a >= 0)
            out->matched[k] += c->w;
        out->ev += c->w * mine;
        out->optimal_ev += c->w * best;
        out->deals_otherwise += mine < best ? c->w : 0;
    }
    free(known);
}

/* ------------------------------------------------------------------ */
/* The optimal strategy by cell, for the printed card's maps          */
/* ------------------------------------------------------------------ */

void buyout_card_each_cell(const struct buyout_card_values *v, int group, buyout_cell_fn *fn, void *ctx)
{
    for (long i = 0; i < v->n; i++) {
        const struct cls *c = &v->c[i];
        int cell = c->cell;
        if (group == 0) {
            fn(ctx, c->points, cell_with(cell), cell_up(cell), c->w, c->v3);
            continue;
        }
        if (best_value(c) != c->v3[BUYOUT_BUY])
            continue; /* the 4th card is seen after a buy the optimal strategy makes */
        for (int j = 0; j < c->ne; j++) {
            int e = c->e[j].cell;
            wide_t val[NA] = {c->e[j].v[0], c->e[j].v[1], c->e[j].v[2]};
            fn(ctx, cell_with(e) - cell_first(e), cell_with(e), cell_up(e), c->w, val);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The learner                                                         */
/* ------------------------------------------------------------------ */

/* A learnt rule: a box of cells (inclusive limits on the four
 * coordinates) and its action. */
struct box {
    uint8_t lo[4], hi[4];
    uint8_t action;
};

/* The top of each coordinate at each card (3rd: the 2nd card's rank
 * first; 4th: the points added). */
static const int TOP[2][4] = {{NRANKS - 1, NPTS - 1, NUP - 1, NHI - 1}, {NPTS - 1, NPTS - 1, NUP - 1, NHI - 1}};

/* By place: what each action earns there under the rest of the card
 * ([place][action]), and the deals (3rd card) or (deal, 4th card) pairs
 * that reach it; the card's EV. */
struct sums {
    wide_t *value[2];
    int64_t *weight[2];
    wide_t ev;
};

struct learner {
    const struct buyout_card_values *v;
    struct box rules[2][BUYOUT_CARD_MAX_RULES];
    int len[2];
    /* by place (buyout_card_values.cells): */
    int8_t *act[2];       /* the current action */
    uint8_t *at[2];       /* the current rule index */
    struct sums *part;    /* part[0]: the sums of all classes (sum_values); the others, a thread's share
                           * of the 4th-card sums */
    int parts;
    wide_t *buy;          /* by class: what buying the 3rd card earns under the 4th-card rules */
    bool stale[2];        /* act[g] changed since the sums */
    int64_t *prefix;
    int shift;
};

static bool cell_in(const struct box *r, int cell)
{
    const int x[4] = {cell_first(cell), cell_with(cell), cell_up(cell), cell_high(cell)};
    for (int d = 0; d < 4; d++)
        if (x[d] < r->lo[d] || x[d] > r->hi[d])
            return false;
    return true;
}

/* The box as a rule of the card. */
static struct buyout_rule rule_of(const struct box *b, int g)
{
    struct buyout_rule r = {.group = (uint8_t)g, .points_hi = NPTS - 1, .adds_hi = NPTS - 1, .second_hi = NRANKS - 1,
                            .action = b->action};
    if (g == 0)
        r.second_lo = b->lo[0], r.second_hi = b->hi[0];
    else
        r.adds_lo = b->lo[0], r.adds_hi = b->hi[0];
    r.with_lo = b->lo[1], r.with_hi = b->hi[1];
    r.up_lo = b->lo[2], r.up_hi = b->hi[2];
    r.high_lo = b->lo[3], r.high_hi = b->hi[3];
    return r;
}

static void assign(struct learner *L, int g)
{
    for (int p = 0; p < L->v->ncells[g]; p++) {
        int k = 0;
        while (k < L->len[g] - 1 && !cell_in(&L->rules[g][k], L->v->cells[g][p]))
            k++;
        L->at[g][p] = (uint8_t)k;
        L->stale[g] |= L->act[g][p] != L->rules[g][k].action;
        L->act[g][p] = (int8_t)L->rules[g][k].action;
    }
}

static wide_t learner_buy(const struct learner *L, const struct cls *c)
{
    int8_t act4[NCARDS];
    int64_t gaps = 0;
    for (int j = 0; j < c->ne; j++)
        act4[j] = L->act[1][c->e[j].place];
    return buy_value(c, act4, &gaps);
}

/* The 4th-card sums of the classes from..to-1 that buy the 3rd card
 * (added to out's, zeroed by the caller). */
static void sum_fourths(const struct learner *L, long from, long to, struct sums *out)
{
    for (long i = from; i < to; i++) {
        const struct cls *c = &L->v->c[i];
        if (L->act[0][c->place] != BUYOUT_BUY)
            continue;
        for (int j = 0; j < c->ne; j++) {
            for (int k = 0; k < NA; k++)
                out->value[1][(size_t)c->e[j].place * NA + k] += (wide_t)c->w * c->e[j].v[k];
            out->weight[1][c->e[j].place] += c->w;
        }
    }
}

/* Who buys the 3rd card changed: the 4th-card sums again, a block of
 * classes per thread, each summed apart, then added (integer sums: the
 * same bits at any thread count). */
static void sum_at_fourth(struct learner *L)
{
    int parts = L->parts;
    size_t n = (size_t)L->v->ncells[1];
    for (int t = 0; t < parts; t++) {
        memset(L->part[t].value[1], 0, n * NA * sizeof *L->part[t].value[1]);
        memset(L->part[t].weight[1], 0, n * sizeof *L->part[t].weight[1]);
    }
#pragma omp parallel for num_threads(parts) schedule(static, 1)
    for (int t = 0; t < parts; t++)
        sum_fourths(L, L->v->n * t / parts, L->v->n * (t + 1) / parts, &L->part[t]);
    struct sums *all = &L->part[0];
    for (int t = 1; t < parts; t++) {
        for (size_t i = 0; i < n * NA; i++)
            all->value[1][i] += L->part[t].value[1][i];
        for (size_t p = 0; p < n; p++)
            all->weight[1][p] += L->part[t].weight[1][p];
    }
}

/* The 4th-card rules changed: each class's buy again, and the 3rd-card
 * sums of buying. */
static void sum_buys(struct learner *L)
{
    long n = L->v->n;
#pragma omp parallel for num_threads(L->parts) schedule(static)
    for (long i = 0; i < n; i++)
        L->buy[i] = learner_buy(L, &L->v->c[i]);
    wide_t *value = L->part->value[0];
    for (int p = 0; p < L->v->ncells[0]; p++)
        value[(size_t)p * NA + BUYOUT_BUY] = 0;
    for (long i = 0; i < n; i++)
        value[(size_t)L->v->c[i].place * NA + BUYOUT_BUY] += L->v->c[i].w * L->buy[i];
}

/* The sums that fold and refuse give at the 3rd card, and its weights:
 * the same under every card. */
static void sum_fixed(struct learner *L)
{
    size_t n = (size_t)L->v->ncells[0];
    memset(L->part->value[0], 0, n * NA * sizeof *L->part->value[0]);
    memset(L->part->weight[0], 0, n * sizeof *L->part->weight[0]);
    for (long i = 0; i < L->v->n; i++) {
        const struct cls *c = &L->v->c[i];
        wide_t *val = L->part->value[0] + (size_t)c->place * NA;
        val[BUYOUT_FOLD] += c->w * c->v3[BUYOUT_FOLD];
        val[BUYOUT_REFUSE] += c->w * c->v3[BUYOUT_REFUSE];
        L->part->weight[0][c->place] += c->w;
    }
}

/* What each action earns in each place under the current card, and the
 * card's EV: each part summed again only where the actions it rests on
 * changed (the 3rd card's buys on the 4th-card rules, the 4th card's sums
 * on who buys). */
static void sum_values(struct learner *L)
{
    if (L->stale[1])
        sum_buys(L);
    if (L->stale[0])
        sum_at_fourth(L);
    if (L->stale[0] || L->stale[1]) {
        wide_t ev = 0;
        for (long i = 0; i < L->v->n; i++) {
            const struct cls *c = &L->v->c[i];
            int a = L->act[0][c->place];
            ev += c->w * (a == BUYOUT_BUY ? L->buy[i] : c->v3[a]);
        }
        L->part->ev = ev;
    }
    L->stale[0] = L->stale[1] = false;
}

/* The best action for the last rule. */
static void best_catch_all(struct learner *L, int g)
{
    int last = L->len[g] - 1, best = 0;
    wide_t sum[NA] = {0};
    for (int p = 0; p < L->v->ncells[g]; p++)
        if (L->at[g][p] == last)
            for (int a = 0; a < NA; a++)
                sum[a] += L->part->value[g][(size_t)p * NA + a];
    for (int a = 1; a < NA; a++)
        if (sum[a] > sum[best])
            best = a;
    L->rules[g][last].action = (uint8_t)best;
    assign(L, g);
}

static void drop_dead(struct learner *L, int g)
{
    for (int k = L->len[g] - 2; k >= 0; k--) {
        int64_t w = 0;
        for (int p = 0; p < L->v->ncells[g]; p++)
            w += L->at[g][p] == k ? L->part->weight[g][p] : 0;
        if (w == 0) {
            memmove(&L->rules[g][k], &L->rules[g][k + 1], (size_t)(L->len[g] - k - 1) * sizeof(struct box));
            L->len[g]--;
            assign(L, g);
        }
    }
}

/* The sums of the card as it is, without its dead rules, with the best
 * catch-alls (summed again where they change an action, each card's
 * judged on the sums after the card before). */
static void settle(struct learner *L)
{
    sum_values(L);
    for (int g = 0; g < 2; g++) {
        drop_dead(L, g);
        best_catch_all(L, g);
        sum_values(L); /* the 3rd card's catch-all may change who reaches the 4th */
    }
}

/* A corner's place in the prefix sums (coordinates 0..Q-1 each). */
static size_t prefix_at(int p, int w, int u, int h) { return ((((size_t)p * Q2 + w) * Q3 + u) * Q4 + h) * NA; }

/* The prefix sums of each action's gain over the current one where rule j
 * or a later one decides. */
static void build_prefix(struct learner *L, int g, int j)
{
    int64_t *Q = L->prefix;
    memset(Q, 0, (size_t)NQ * NA * sizeof *Q);
    for (int p = 0; p < L->v->ncells[g]; p++) {
        if (L->at[g][p] < j)
            continue;
        int cell = L->v->cells[g][p];
        const wide_t *val = L->part->value[g] + (size_t)p * NA;
        int64_t *q = Q + prefix_at(cell_first(cell) + 1, cell_with(cell) + 1, cell_up(cell) + 1, cell_high(cell) + 1);
        for (int a = 0; a < NA; a++)
            q[a] = (int64_t)((val[a] - val[L->act[g][p]]) >> L->shift);
    }
    const size_t stride[4] = {(size_t)Q2 * Q3 * Q4 * NA, (size_t)Q3 * Q4 * NA, (size_t)Q4 * NA, NA};
    const int dim[4] = {Q1, Q2, Q3, Q4};
    for (int d = 0; d < 4; d++)
        for (size_t i = stride[d]; i < (size_t)NQ * NA; i++)
            if (i / stride[d] % (size_t)dim[d] != 0)
                Q[i] += Q[i - stride[d]];
}

/* The ranges a limit tries, 1 + 2 top of them: all, "N or more", "N or
 * less". */
static void range_at(int i, int top, uint8_t *lo, uint8_t *hi)
{
    if (i == 0)
        *lo = 0, *hi = (uint8_t)top;
    else if (i <= top)
        *lo = (uint8_t)i, *hi = (uint8_t)top;
    else
        *lo = 0, *hi = (uint8_t)(i - top - 1);
}

struct move {
    int64_t gain;
    long index;
    int group, position;
    struct box rule;
};

static void search(struct learner *L, int g, int j, struct move *best)
{
    build_prefix(L, g, j);
    const int64_t *Q = L->prefix;
    const int *top = TOP[g];
    int n0 = 1 + 2 * top[0], nw = 1 + 2 * top[1], nup = 1 + 2 * top[2], nhi = g == 0 ? 1 + 2 * top[3] : 1;
    for (int pi = 0; pi < n0; pi++)
        for (int wi = 0; wi < nw; wi++)
            for (int ui = 0; ui < nup; ui++) {
                struct box r = {.hi = {0, 0, 0, (uint8_t)top[3]}};
                range_at(pi, top[0], &r.lo[0], &r.hi[0]);
                range_at(wi, top[1], &r.lo[1], &r.hi[1]);
                range_at(ui, top[2], &r.lo[2], &r.hi[2]);
                /* the 3-D box's 8 corners, each signed (-1)^(its low coordinates) */
                const int64_t *corner[8];
                int sign[8];
                for (int c = 0; c < 8; c++) {
                    int p = c & 1 ? r.hi[0] + 1 : r.lo[0], w = c & 2 ? r.hi[1] + 1 : r.lo[1];
                    int u = c & 4 ? r.hi[2] + 1 : r.lo[2];
                    corner[c] = Q + prefix_at(p, w, u, 0);
                    sign[c] = (3 - __builtin_popcount((unsigned)c)) & 1 ? -1 : 1;
                }
                for (int hi = 0; hi < nhi; hi++) {
                    if (pi == 0 && wi == 0 && ui == 0 && hi == 0)
                        continue; /* the catch-all's place */
                    range_at(hi, top[3], &r.lo[3], &r.hi[3]);
                    size_t upper = (size_t)(r.hi[3] + 1) * NA, lower = (size_t)r.lo[3] * NA;
                    int64_t sum[NA] = {0};
                    for (int c = 0; c < 8; c++)
                        for (int a = 0; a < NA; a++)
                            sum[a] += sign[c] * (corner[c][upper + a] - corner[c][lower + a]);
                    long index = (((long)pi * nw + wi) * nup + ui) * nhi + hi;
                    for (int a = 0; a < NA; a++) {
                        int64_t gain = sum[a];
                        if (gain > 0 && (best->index < 0 || gain > best->gain ||
                                         (gain == best->gain && index * NA + a < best->index))) {
                            r.action = (uint8_t)a;
                            *best = (struct move){gain, index * NA + a, g, j, r};
                        }
                    }
                }
            }
}

static void record(struct learner *L, struct buyout_card_build *out)
{
    int k = L->len[0] + L->len[1];
    if (out->cards[k].n == 0 || L->part->ev > out->ev[k]) {
        struct buyout_card *c = &out->cards[k];
        c->n = 0;
        for (int g = 0; g < 2; g++)
            for (int i = 0; i < L->len[g]; i++)
                c->rule[c->n++] = rule_of(&L->rules[g][i], g);
        out->ev[k] = L->part->ev;
    }
    if (k > out->longest)
        out->longest = k;
}

static void learner_free(struct learner *L)
{
    for (int g = 0; g < 2; g++)
        free(L->act[g]), free(L->at[g]);
    for (int t = 0; L->part && t < L->parts; t++)
        for (int g = 0; g < 2; g++)
            free(L->part[t].value[g]), free(L->part[t].weight[g]);
    free(L->part), free(L->buy);
    free(L->prefix);
}

static void insert_rule(struct learner *L, const struct move *m)
{
    struct box *rs = L->rules[m->group];
    memmove(&rs[m->position + 1], &rs[m->position], (size_t)(L->len[m->group] - m->position) * sizeof *rs);
    rs[m->position] = m->rule;
    L->len[m->group]++;
    assign(L, m->group);
    settle(L);
}

static void set_rules(struct learner *L, const struct box rules[2][BUYOUT_CARD_MAX_RULES], const int len[2])
{
    memcpy(L->rules, rules, sizeof L->rules);
    for (int g = 0; g < 2; g++)
        L->len[g] = len[g], assign(L, g);
    settle(L);
}

/* Rule k of card g out, the best box put in its place: kept when the
 * card's exact EV grows at the same length, else the card as it was.
 * Returns whether it was kept. */
static bool replace_rule(struct learner *L, int g, int k)
{
    struct box saved[2][BUYOUT_CARD_MAX_RULES];
    int len[2] = {L->len[0], L->len[1]};
    wide_t before = L->part->ev;
    memcpy(saved, L->rules, sizeof saved);
    memmove(&L->rules[g][k], &L->rules[g][k + 1], (size_t)(L->len[g] - k - 1) * sizeof(struct box));
    L->len[g]--;
    assign(L, g);
    settle(L);
    struct move best = {.gain = 0, .index = -1};
    search(L, g, k < L->len[g] - 1 ? k : L->len[g] - 1, &best);
    if (best.index >= 0)
        insert_rule(L, &best);
    if (L->part->ev > before && L->len[0] + L->len[1] == len[0] + len[1])
        return true;
    set_rules(L, saved, len);
    return false;
}

/* The greedy card bettered a rule at a time (each but the catch-alls
 * replaced by the best box in its place, where that gains), until no
 * rule changes: a greedy rule, chosen before the rules after it, is
 * often worth less once they are there. */
static void refine(struct learner *L)
{
    for (bool better = true; better;) {
        better = false;
        for (int g = 0; g < 2; g++)
            for (int k = 0; k < L->len[g] - 1; k++)
                better |= replace_rule(L, g, k);
    }
}

/* An upper bound on every card's EV: a card gives all the classes of one
 * 3rd-card view (all six of its parts) one action, and after a buy plays
 * its 4th cards no better than optimally; so no card beats every view's
 * best action, buys valued with the optimal 4th-card play.  0, or -1 out
 * of memory. */
struct keyed {
    int64_t key;
    long i;
};

static int by_key(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static int best_in_language(const struct buyout_card_values *v, wide_t *out)
{
    struct keyed *k = malloc((size_t)(v->n > 0 ? v->n : 1) * sizeof *k);
    if (!k)
        return -1;
    for (long i = 0; i < v->n; i++)
        k[i] = (struct keyed){(int64_t)v->c[i].cell * NPTS + v->c[i].points, i};
    qsort(k, (size_t)v->n, sizeof *k, by_key);
    *out = 0;
    for (long i = 0; i < v->n;) {
        wide_t sum[NA] = {0};
        long j = i;
        for (; j < v->n && k[j].key == k[i].key; j++)
            for (int a = 0; a < NA; a++)
                sum[a] += v->c[k[j].i].w * v->c[k[j].i].v3[a];
        wide_t best = sum[BUYOUT_FOLD];
        for (int a = BUYOUT_REFUSE; a < NA; a++)
            best = sum[a] > best ? sum[a] : best;
        *out += best;
        i = j;
    }
    free(k);
    return 0;
}

/* Whether a card of EV ev (over den) costs more than the target. */
static bool over_target(wide_t optimal, wide_t ev, wide_t den)
{
    return 100 * wide_ratio(optimal - ev, den) > BUYOUT_CARD_TARGET_PERCENT;
}

int buyout_card_build(const struct buyout_card_values *v, int rules, bool to_target, struct buyout_card_build *out,
                      char *err, size_t errlen)
{
    struct learner L = {.v = v};
    bool ok = true;
    for (int g = 0; g < 2; g++) {
        size_t n = (size_t)(v->ncells[g] > 0 ? v->ncells[g] : 1);
        L.act[g] = calloc(n, 1), L.at[g] = calloc(n, 1);
        ok &= L.act[g] && L.at[g];
    }
    L.parts = omp_get_max_threads();
    L.part = calloc((size_t)L.parts, sizeof *L.part);
    for (int t = 0; L.part && t < L.parts; t++)
        for (int g = t == 0 ? 0 : 1; g < 2; g++) { /* a thread's share: the 4th card's sums only */
            size_t n = (size_t)(v->ncells[g] > 0 ? v->ncells[g] : 1);
            L.part[t].value[g] = malloc(n * NA * sizeof *L.part[t].value[g]);
            L.part[t].weight[g] = malloc(n * sizeof *L.part[t].weight[g]);
            ok &= L.part[t].value[g] && L.part[t].weight[g];
        }
    L.buy = malloc((size_t)(v->n > 0 ? v->n : 1) * sizeof *L.buy);
    ok &= L.part != NULL && L.buy != NULL;
    L.prefix = malloc((size_t)NQ * NA * sizeof *L.prefix);
    if (!ok || !L.prefix) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    /* A place's sum of an action is at most the sum of |value| of its
     * classes (a buy: of every 4th-card sum, under any rules), so no box
     * sum of differences passes twice the whole: shift that to 2^60. */
    wide_t bound = 0;
    for (long i = 0; i < v->n; i++) {
        const struct cls *c = &v->c[i];
        wide_t size = 0;
        for (int a = 0; a < NA; a++) {
            size += c->v3[a] < 0 ? -c->v3[a] : c->v3[a];
            for (int j = 0; j < c->ne; j++)
                size += c->e[j].v[a] < 0 ? -(wide_t)c->e[j].v[a] : c->e[j].v[a];
        }
        bound += 2 * c->w * size;
    }
    while ((bound >> L.shift) >= (wide_t)1 << 60)
        L.shift++;
    memset(out, 0, sizeof *out);
    if (best_in_language(v, &out->best_in_language) != 0) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    rules = rules < 2 ? 2 : rules > BUYOUT_CARD_MAX_RULES ? BUYOUT_CARD_MAX_RULES : rules; /* a rule a card at least */
    wide_t optimal = 0;
    for (long i = 0; i < v->n; i++)
        optimal += v->c[i].w * best_value(&v->c[i]);
    /* no length can meet a target the form's floor misses */
    to_target &= !over_target(optimal, out->best_in_language, v->den);
    for (int g = 0; g < 2; g++) {
        L.rules[g][0] = (struct box){.hi = {(uint8_t)TOP[g][0], (uint8_t)TOP[g][1], (uint8_t)TOP[g][2], (uint8_t)TOP[g][3]},
                                     .action = BUYOUT_BUY};
        L.len[g] = 1;
        assign(&L, g);
    }
    L.stale[0] = L.stale[1] = true; /* the actions were not there before */
    sum_fixed(&L);
    settle(&L);
    out->shortest = 2;
    record(&L, out);
    bool refined = false;
    for (int moves = 0; moves < 4 * BUYOUT_CARD_MAX_RULES; moves++) {
        int n = L.len[0] + L.len[1];
        if (n >= rules && !refined) { /* the card asked for */
            refine(&L);
            record(&L, out);
            refined = true;
        }
        if (n >= BUYOUT_CARD_MAX_RULES || (n >= rules && !(to_target && over_target(optimal, L.part->ev, v->den))))
            break;
        struct move best = {.gain = 0, .index = -1};
        for (int g = 0; g < 2; g++) {
            search(&L, g, 0, &best);
            if (L.len[g] > 1)
                search(&L, g, L.len[g] - 1, &best);
        }
        if (best.index < 0)
            break;
        insert_rule(&L, &best);
        record(&L, out);
    }
    if (!refined) { /* the learner stopped short of the asked length */
        refine(&L);
        record(&L, out);
    }
    for (out->length = rules < out->longest ? rules : out->longest; out->cards[out->length].n == 0;)
        out->length--;
    learner_free(&L);
    return 0;
}
