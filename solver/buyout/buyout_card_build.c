/* buyout_card_build.c — what every option of a Buyout solve is worth,
 * summed the way a card sees it; a card's exact price; a card learnt from
 * those values.
 *
 * A card sees a 3rd-card situation as (points of the 2 cards, points with
 * the 3rd, upcard rank, high card) and a 4th-card one as (points of the
 * 3, points with the 4th, upcard rank, high card): cells, the high card
 * being the highest rank of the first three cards.  Each class keeps its 3rd-card
 * options and, for buying, its 4th cards summed by cell (copies left x
 * each option's value, an option the rules forbid valued as a fold), all
 * over one denominator (buyout_eval.h: N3 T4 bden).  With the 4th-card
 * rules fixed a class's buy is worth a sum over its cells; with the
 * 3rd-card rules fixed the 4th-card cells reached are known: the learner
 * alternates as split_card_build.c does, every box of cells tried from 4-
 * dimensional prefix sums (the high card tried at the 3rd card only: at
 * the 4th, a last decision, the points and the upcard leave it nearly
 * nothing to tell).
 */
#include "buyout_card.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"

enum { NPTS = BUYOUT_CARD_POINTS, NUP = NRANKS, NHI = NRANKS, NCELLS = NPTS * NPTS * NUP * NHI, NA = 3 };
enum { Q1 = NPTS + 1, Q2 = NPTS + 1, Q3 = NUP + 1, Q4 = NHI + 1, NQ = Q1 * Q2 * Q3 * Q4, NRANGES = 1 + 2 * (NPTS - 1) };

static int cell_of(int points, int with, int up, int high) { return ((points * NPTS + with) * NUP + up) * NHI + high; }
static int cell_points(int cell) { return cell / (NHI * NUP * NPTS); }
static int cell_with(int cell) { return cell / (NHI * NUP) % NPTS; }
static int cell_up(int cell) { return cell / NHI % NUP; }
static int cell_high(int cell) { return cell % NHI; }

struct entry {
    int32_t cell;     /* a 4th-card cell */
    int64_t v[NA];    /* its 4th cards: copies x each option's value (forbidden: the fold's) */
};

struct cls {
    int32_t cell;      /* its 3rd-card cell */
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
};

/* ------------------------------------------------------------------ */
/* The values                                                          */
/* ------------------------------------------------------------------ */

static int class_values(const struct buyout_context *cx, const struct buyout_class *k, struct cls *c)
{
    struct buyout_sit s;
    struct buyout_option_evs four[NCARDS];
    bool have[NCARDS];
    buyout_eval_third(cx, k->P, k->up, k->third, &s);
    buyout_eval_fourths(cx, k->P, k->up, k->third, four, have);
    card_t held[4] = {k->P[0], k->P[1], k->third, 0};
    int left[NCARDS], up = card_rank(k->up);
    memcpy(left, cx->count, sizeof left);
    left[k->P[0]]--, left[k->P[1]]--, left[k->up]--, left[k->third]--;
    int p2 = buyout_points(held, 2), p3 = buyout_points(held, 3), high = buyout_high_card(held);
    c->cell = cell_of(p2, p3, up, high);
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
        int cell = cell_of(p3, buyout_points(held, 4), up, high), j = 0;
        while (j < c->ne && c->e[j].cell != cell)
            j++;
        if (j == c->ne)
            c->e[c->ne++] = (struct entry){.cell = cell};
        for (int a = 0; a < NA; a++)
            c->e[j].v[a] += (int64_t)left[card] * (int64_t)(four[card].legal[a] ? four[card].num[a] : four[card].num[BUYOUT_FOLD]);
    }
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
    int failed = 0;
    (void)threads; /* the solve's team (team_start) runs this loop too */
#pragma omp parallel for schedule(dynamic, 64) reduction(| : failed)
    for (long i = 0; i < s->n; i++)
        failed |= class_values(s->cx, &s->classes[i], &v->c[i]) != 0;
    struct buyout_sit one;
    if (s->n > 0)
        buyout_eval_third(s->cx, s->classes[0].P, s->classes[0].up, s->classes[0].third, &one);
    for (long i = 0; i < s->n; i++)
        v->deals += v->c[i].w;
    v->den = (wide_t)v->deals * (s->n > 0 ? one.den : 1);
    if (failed) {
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
    free(v->c), free(v);
}

/* ------------------------------------------------------------------ */
/* A card's price                                                      */
/* ------------------------------------------------------------------ */

/* The actions of a card by cell (-1 where no rule decides). */
static void actions_by_cell(const struct buyout_card *card, int8_t *act[2])
{
    for (int g = 0; g < 2; g++)
        for (int cell = 0; cell < NCELLS; cell++) {
            int k = buyout_card_match(card, g, cell_points(cell), cell_with(cell), cell_up(cell), cell_high(cell));
            act[g][cell] = (int8_t)(k < 0 ? -1 : card->rule[k].action);
        }
}

/* A buy's value under the 4th-card actions (-1 where none: counted). */
static wide_t buy_value(const struct cls *c, const int8_t *act4, int64_t *gaps)
{
    wide_t v = 0;
    for (int j = 0; j < c->ne; j++) {
        int a = act4[c->e[j].cell];
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

void buyout_card_price(const struct buyout_card *card, const struct buyout_card_values *v, struct buyout_card_price *out)
{
    memset(out, 0, sizeof *out);
    int8_t *act[2] = {malloc(NCELLS), malloc(NCELLS)};
    if (!act[0] || !act[1]) {
        free(act[0]), free(act[1]);
        out->uncovered = -1;
        return;
    }
    actions_by_cell(card, act);
    out->den = v->den, out->deals = v->deals;
    for (long i = 0; i < v->n; i++) {
        const struct cls *c = &v->c[i];
        int a = act[0][c->cell];
        int64_t gaps = 0;
        wide_t mine = a < 0 ? 0 : a == BUYOUT_BUY ? buy_value(c, act[1], &gaps) : c->v3[a], best = best_value(c);
        out->uncovered += a < 0 || gaps > 0;
        if (a >= 0)
            out->matched[buyout_card_match(card, 0, cell_points(c->cell), cell_with(c->cell), cell_up(c->cell),
                                           cell_high(c->cell))] += c->w;
        out->ev += c->w * mine;
        out->optimal_ev += c->w * best;
        out->deals_otherwise += mine < best ? c->w : 0;
    }
    free(act[0]), free(act[1]);
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
            fn(ctx, cell_points(cell), cell_with(cell), cell_up(cell), c->w, c->v3);
            continue;
        }
        if (best_value(c) != c->v3[BUYOUT_BUY])
            continue; /* the 4th card is seen after a buy the optimal strategy makes */
        for (int j = 0; j < c->ne; j++) {
            int e = c->e[j].cell;
            wide_t val[NA] = {c->e[j].v[0], c->e[j].v[1], c->e[j].v[2]};
            fn(ctx, cell_points(e), cell_with(e), cell_up(e), c->w, val);
        }
    }
}

/* ------------------------------------------------------------------ */
/* The learner                                                         */
/* ------------------------------------------------------------------ */

struct learner {
    const struct buyout_card_values *v;
    struct buyout_rule rules[2][BUYOUT_CARD_MAX_RULES];
    int len[2];
    int8_t *act[2];       /* the current actions by cell */
    uint8_t *at[2];       /* the current rule index by cell */
    wide_t *value[2];     /* [cell][action]: what each action earns there under the rest of the card */
    int64_t *weight[2];   /* [cell]: deals (3rd) or (deal, 4th card) pairs reached (4th) */
    int64_t *prefix;
    int shift;
    wide_t ev;
};

static bool cell_in(const struct buyout_rule *r, int cell)
{
    int p = cell_points(cell), w = cell_with(cell), u = cell_up(cell), h = cell_high(cell);
    return p >= r->points_lo && p <= r->points_hi && w >= r->with_lo && w <= r->with_hi && u >= r->up_lo &&
           u <= r->up_hi && h >= r->high_lo && h <= r->high_hi;
}

static void assign(struct learner *L, int g)
{
    for (int cell = 0; cell < NCELLS; cell++) {
        int k = 0;
        while (k < L->len[g] - 1 && !cell_in(&L->rules[g][k], cell))
            k++;
        L->at[g][cell] = (uint8_t)k;
        L->act[g][cell] = (int8_t)L->rules[g][k].action;
    }
}

static void sum_values(struct learner *L)
{
    for (int g = 0; g < 2; g++) {
        memset(L->value[g], 0, (size_t)NCELLS * NA * sizeof *L->value[g]);
        memset(L->weight[g], 0, (size_t)NCELLS * sizeof *L->weight[g]);
    }
    L->ev = 0;
    for (long i = 0; i < L->v->n; i++) {
        const struct cls *c = &L->v->c[i];
        int64_t gaps = 0;
        wide_t buy = buy_value(c, L->act[1], &gaps), *val = L->value[0] + (size_t)c->cell * NA;
        val[BUYOUT_FOLD] += c->w * c->v3[BUYOUT_FOLD];
        val[BUYOUT_REFUSE] += c->w * c->v3[BUYOUT_REFUSE];
        val[BUYOUT_BUY] += c->w * buy;
        L->weight[0][c->cell] += c->w;
        int a = L->act[0][c->cell];
        L->ev += c->w * (a == BUYOUT_BUY ? buy : c->v3[a]);
        if (a != BUYOUT_BUY)
            continue;
        for (int j = 0; j < c->ne; j++) {
            for (int k = 0; k < NA; k++)
                L->value[1][(size_t)c->e[j].cell * NA + k] += c->w * c->e[j].v[k];
            L->weight[1][c->e[j].cell] += c->w;
        }
    }
}

static void best_catch_all(struct learner *L, int g)
{
    int last = L->len[g] - 1, best = 0;
    wide_t sum[NA] = {0};
    for (int cell = 0; cell < NCELLS; cell++)
        if (L->at[g][cell] == last)
            for (int a = 0; a < NA; a++)
                sum[a] += L->value[g][(size_t)cell * NA + a];
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
        for (int cell = 0; cell < NCELLS; cell++)
            w += L->at[g][cell] == k ? L->weight[g][cell] : 0;
        if (w == 0) {
            memmove(&L->rules[g][k], &L->rules[g][k + 1], (size_t)(L->len[g] - k - 1) * sizeof(struct buyout_rule));
            L->len[g]--;
            assign(L, g);
        }
    }
}

static void settle(struct learner *L)
{
    sum_values(L);
    for (int g = 0; g < 2; g++) {
        drop_dead(L, g);
        best_catch_all(L, g);
    }
    sum_values(L);
}

/* A corner's place in the prefix sums (coordinates 0..Q-1 each). */
static size_t prefix_at(int p, int w, int u, int h) { return ((((size_t)p * Q2 + w) * Q3 + u) * Q4 + h) * NA; }

/* The prefix sums of each action's gain over the current one where rule j
 * or a later one decides. */
static void build_prefix(struct learner *L, int g, int j)
{
    int64_t *Q = L->prefix;
    memset(Q, 0, (size_t)NQ * NA * sizeof *Q);
    for (int cell = 0; cell < NCELLS; cell++) {
        if (L->at[g][cell] < j)
            continue;
        const wide_t *val = L->value[g] + (size_t)cell * NA;
        int64_t *q = Q + prefix_at(cell_points(cell) + 1, cell_with(cell) + 1, cell_up(cell) + 1, cell_high(cell) + 1);
        for (int a = 0; a < NA; a++)
            q[a] = (int64_t)((val[a] - val[L->act[g][cell]]) >> L->shift);
    }
    const size_t stride[4] = {(size_t)Q2 * Q3 * Q4 * NA, (size_t)Q3 * Q4 * NA, (size_t)Q4 * NA, NA};
    const int dim[4] = {Q1, Q2, Q3, Q4};
    for (int d = 0; d < 4; d++)
        for (size_t i = stride[d]; i < (size_t)NQ * NA; i++)
            if (i / stride[d] % (size_t)dim[d] != 0)
                Q[i] += Q[i - stride[d]];
}

/* The ranges a limit tries: all, "N or more", "N or less". */
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
    struct buyout_rule rule;
};

static void search(struct learner *L, int g, int j, struct move *best)
{
    build_prefix(L, g, j);
    const int64_t *Q = L->prefix;
    int nup = 1 + 2 * (NUP - 1), nhi = g == 0 ? 1 + 2 * (NHI - 1) : 1;
    for (int pi = 0; pi < NRANGES; pi++)
        for (int wi = 0; wi < NRANGES; wi++)
            for (int ui = 0; ui < nup; ui++) {
                struct buyout_rule r = {.group = (uint8_t)g};
                range_at(pi, NPTS - 1, &r.points_lo, &r.points_hi);
                range_at(wi, NPTS - 1, &r.with_lo, &r.with_hi);
                range_at(ui, NUP - 1, &r.up_lo, &r.up_hi);
                /* the 3-D box's 8 corners, each signed (-1)^(its low coordinates) */
                const int64_t *corner[8];
                int sign[8];
                for (int c = 0; c < 8; c++) {
                    int p = c & 1 ? r.points_hi + 1 : r.points_lo, w = c & 2 ? r.with_hi + 1 : r.with_lo;
                    int u = c & 4 ? r.up_hi + 1 : r.up_lo;
                    corner[c] = Q + prefix_at(p, w, u, 0);
                    sign[c] = (3 - __builtin_popcount((unsigned)c)) & 1 ? -1 : 1;
                }
                for (int hi = 0; hi < nhi; hi++) {
                    if (pi == 0 && wi == 0 && ui == 0 && hi == 0)
                        continue; /* the catch-all's place */
                    range_at(hi, NHI - 1, &r.high_lo, &r.high_hi);
                    size_t top = (size_t)(r.high_hi + 1) * NA, bottom = (size_t)r.high_lo * NA;
                    int64_t sum[NA] = {0};
                    for (int c = 0; c < 8; c++)
                        for (int a = 0; a < NA; a++)
                            sum[a] += sign[c] * (corner[c][top + a] - corner[c][bottom + a]);
                    long index = (((long)pi * NRANGES + wi) * nup + ui) * nhi + hi;
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
    if (out->cards[k].n == 0 || L->ev > out->ev[k]) {
        struct buyout_card *c = &out->cards[k];
        c->n = 0;
        for (int g = 0; g < 2; g++)
            for (int i = 0; i < L->len[g]; i++)
                c->rule[c->n++] = L->rules[g][i];
        out->ev[k] = L->ev;
    }
    if (k > out->longest)
        out->longest = k;
}

static void learner_free(struct learner *L)
{
    for (int g = 0; g < 2; g++)
        free(L->act[g]), free(L->at[g]), free(L->value[g]), free(L->weight[g]);
    free(L->prefix);
}

/* An upper bound on every card's EV: a card gives all of a 3rd-card
 * cell's classes one action, and after a buy plays its 4th-card cells no
 * better than optimally; so no card beats every cell's best action, buys
 * valued with the optimal 4th-card play.  0, or -1 out of memory. */
static int best_in_language(const struct buyout_card_values *v, wide_t *out)
{
    wide_t (*sum)[NA] = calloc(NCELLS, sizeof *sum);
    if (!sum)
        return -1;
    for (long i = 0; i < v->n; i++)
        for (int a = 0; a < NA; a++)
            sum[v->c[i].cell][a] += v->c[i].w * v->c[i].v3[a];
    *out = 0;
    for (int cell = 0; cell < NCELLS; cell++) {
        wide_t best = sum[cell][BUYOUT_FOLD];
        for (int a = BUYOUT_REFUSE; a < NA; a++)
            best = sum[cell][a] > best ? sum[cell][a] : best;
        *out += best;
    }
    free(sum);
    return 0;
}

int buyout_card_build(const struct buyout_card_values *v, int max_rules, struct buyout_card_build *out, char *err,
                      size_t errlen)
{
    struct learner L = {.v = v};
    bool ok = true;
    for (int g = 0; g < 2; g++) {
        L.act[g] = malloc(NCELLS), L.at[g] = malloc(NCELLS);
        L.value[g] = malloc((size_t)NCELLS * NA * sizeof *L.value[g]);
        L.weight[g] = malloc((size_t)NCELLS * sizeof *L.weight[g]);
        ok &= L.act[g] && L.at[g] && L.value[g] && L.weight[g];
    }
    L.prefix = malloc((size_t)NQ * NA * sizeof *L.prefix);
    if (!ok || !L.prefix) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    /* no box sum of differences can pass |2 x every value|: shift to 2^60 */
    wide_t bound = 0;
    for (long i = 0; i < v->n; i++)
        for (int a = 0; a < NA; a++)
            bound += 2 * v->c[i].w * (v->c[i].v3[a] < 0 ? -v->c[i].v3[a] : v->c[i].v3[a]);
    while ((bound >> L.shift) >= (wide_t)1 << 60)
        L.shift++;
    memset(out, 0, sizeof *out);
    if (best_in_language(v, &out->best_in_language) != 0) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    if (max_rules > BUYOUT_CARD_MAX_RULES)
        max_rules = BUYOUT_CARD_MAX_RULES;
    for (int g = 0; g < 2; g++) {
        L.rules[g][0] = (struct buyout_rule){.group = (uint8_t)g, .points_hi = NPTS - 1, .with_hi = NPTS - 1,
                                             .up_hi = NUP - 1, .high_hi = NHI - 1, .action = BUYOUT_BUY};
        L.len[g] = 1;
        assign(&L, g);
    }
    settle(&L);
    out->shortest = 2;
    record(&L, out);
    for (int moves = 0; L.len[0] + L.len[1] < max_rules && moves < 4 * BUYOUT_CARD_MAX_RULES; moves++) {
        struct move best = {.gain = 0, .index = -1};
        for (int g = 0; g < 2; g++) {
            search(&L, g, 0, &best);
            if (L.len[g] > 1)
                search(&L, g, L.len[g] - 1, &best);
        }
        if (best.index < 0)
            break;
        struct buyout_rule *rs = L.rules[best.group];
        memmove(&rs[best.position + 1], &rs[best.position], (size_t)(L.len[best.group] - best.position) * sizeof *rs);
        rs[best.position] = best.rule;
        L.len[best.group]++;
        assign(&L, best.group);
        settle(&L);
        record(&L, out);
    }
    learner_free(&L);
    return 0;
}
