/* buyout_solve.c — every class's optimal decisions taken and the round's
 * EV summed over every deal (buyout_solve.h). */
#include "buyout_solve.h"

#include <omp.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "buyout_shoe.h"
#include "buyout_stream.h"
#include "cluster.h"
#include "team.h"
#include "combo.h"

static void final_accumulate(wide_t to[BUYOUT_NKEPT][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN],
                             const wide_t from[BUYOUT_NKEPT][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN], int64_t w)
{
    for (int k = 0; k < BUYOUT_NKEPT; k++)
        for (int p = 0; p < BUYOUT_NPOINTS; p++)
            for (int r = 0; r < BUYOUT_NSHOWDOWN; r++)
                to[k][p][r] += w * from[k][p][r];
}

static void final_list_accumulate(wide_t to[BUYOUT_NKEPT][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN],
                                  const struct buyout_final_list *from, int64_t w)
{
    for (int i = 0; i < from->n; i++) {
        const struct buyout_final_entry *e = &from->e[i];
        for (int r = 0; r < BUYOUT_NSHOWDOWN; r++)
            to[e->kept - BUYOUT_KEPT_MIN][e->points][r] += w * e->wpl[r];
    }
}

/* A class's own part of the totals: its 3rd-card decision and counts. */
static void totals_add_class(struct buyout_totals *t, const struct buyout_sit *s, int64_t w)
{
    t->ev += w * s->v[s->best];
    t->at3[s->best] += w * s->at3[s->best];
    t->ev_plain += w * s->value_plain;
    if (s->best != s->best_plain) {
        t->changed3++;
        t->changed3_p += w * (s->at3[0] + s->at3[1] + s->at3[2]);
    }
    t->changed4 += s->changed4;
    t->classes3++;
    t->classes4 += s->fourth_cards;
}

/* The bets' parts, the net results and the final hands of s's play. */
static void totals_add_play(struct buyout_totals *t, const struct buyout_sit *s, const struct buyout_final_list *final,
                            int64_t w)
{
    t->first += w * s->first;
    t->second += w * s->second;
    t->third += w * s->third;
    t->bonus += w * s->bonus;
    for (int c = 0; c < 3; c++)
        t->at4[c] += w * s->at4[c];
    for (int i = 0; i < BUYOUT_NNET; i++)
        t->net[i] += w * s->net[i];
    final_list_accumulate(t->final, final, w);
}

static void totals_add(struct buyout_totals *a, const struct buyout_totals *b)
{
    a->ev += b->ev, a->first += b->first, a->second += b->second, a->third += b->third, a->bonus += b->bonus;
    for (int c = 0; c < 3; c++)
        a->at3[c] += b->at3[c], a->at4[c] += b->at4[c];
    for (int i = 0; i < BUYOUT_NNET; i++)
        a->net[i] += b->net[i];
    final_accumulate(a->final, b->final, 1);
    a->ev_plain += b->ev_plain;
    a->changed3 += b->changed3, a->changed4 += b->changed4;
    a->changed3_p += b->changed3_p, a->changed4_p += b->changed4_p;
    a->classes3 += b->classes3, a->classes4 += b->classes4;
}

/* The Bonus alone: 4 cards from the shoe (buyout_hands4_points), paid on
 * their points, joined by result (a pay table of one's own may hold one
 * result per point value).  Returns 0, or -1 out of memory. */
static int solve_bonus_alone(const struct buyout_context *cx, struct buyout_totals *t)
{
    if (buyout_hands4_init() != 0)
        return -1;
    wide_t by_points[BUYOUT_NPOINTS];
    t->money_den = t->prob_den = buyout_hands4_points(cx->count, by_points);
    t->wagered = t->money_den;
    for (int p = 0; p < BUYOUT_NPOINTS; p++) {
        if (!by_points[p])
            continue;
        int result = buyout_rules_bonus(&cx->r, p), k = 0;
        while (k < t->nbonus_outcomes && t->bonus_pays[k] < result)
            k++;
        if (k == t->nbonus_outcomes || t->bonus_pays[k] != result) { /* a new result, kept in order */
            for (int m = t->nbonus_outcomes; m > k; m--)
                t->bonus_pays[m] = t->bonus_pays[m - 1], t->bonus_outcome[m] = t->bonus_outcome[m - 1];
            t->bonus_pays[k] = result, t->bonus_outcome[k] = 0;
            t->nbonus_outcomes++;
        }
        t->bonus_outcome[k] += by_points[p];
        t->ev += by_points[p] * result;
    }
    t->bonus = t->ev;
    return 0;
}

/* The classes of one group (the same 3 cards held against the same
 * framed upcard, buyout_class_r_key) share the buy branch: those that buy
 * the 3rd card play it alike, and every class has the same 4th-card
 * changes.  Their parts are summed once a group, weighted by the deals of
 * its classes (that buy), not once a class. */
struct pending_group {
    uint32_t key;
    int64_t w_all, w_buy;
    wide_t changed4_p;
    struct buyout_sit buy; /* a class that buys: the branch's parts, its final hands */
};

static void pending_flush(struct buyout_totals *t, struct pending_group *p)
{
    t->changed4_p += p->w_all * p->changed4_p;
    if (p->w_buy)
        totals_add_play(t, &p->buy, &p->buy.final, p->w_buy);
    p->w_all = p->w_buy = 0;
}

/* A class of the group: final, its final hands where it buys. */
static void pending_add(struct pending_group *p, const struct buyout_sit *s, const struct buyout_final_list *final,
                        int64_t w)
{
    p->w_all += w;
    p->changed4_p = s->changed4_p;
    if (s->best != BUYOUT_BUY)
        return;
    if (p->w_buy == 0) {
        memcpy(&p->buy, s, offsetof(struct buyout_sit, final));
        p->buy.final.n = final->n;
        memcpy(p->buy.final.e, final->e, (size_t)final->n * sizeof final->e[0]);
    }
    p->w_buy += w;
}

static void record_decision(const struct buyout_sit *s, struct buyout_decision *d)
{
    d->best = (uint8_t)s->best;
    d->legal = 0;
    for (int c = 0; c < 3; c++) {
        if (s->legal[c])
            d->legal |= (uint8_t)(1 << c);
        d->ev[c] = s->legal[c] ? (double)s->v[c] / (double)s->den : 0;
    }
    memcpy(d->fourth, s->fourth, sizeof d->fourth);
}

/* A solve's visits (buyout_stream): each thread's sums, cache and group,
 * and the decisions of this rank's classes when kept. */
struct thread_part {
    struct buyout_totals t;
    int64_t deals;
    struct buyout_eval_cache *cache; /* NULL: none (out of memory), slower */
    bool cache_tried;
    struct pending_group group;
};

struct solve_visits {
    const struct buyout_context *cx;
    int size;
    struct buyout_decision *mine; /* class i's decision at i / size, when kept */
    struct thread_part *part;    /* one per OpenMP thread */
};

/* With the solution kept: this rank's classes (i mod size = rank,
 * cluster_owns), in the cache's order, and the room for their decisions. */
static long select_mine(void *ctx, const struct buyout_context *cx, const struct buyout_class *list, long *order,
                        long n)
{
    (void)cx, (void)list;
    struct solve_visits *v = ctx;
    long nmine = 0;
    for (long j = 0; j < n; j++)
        if (cluster_owns(order[j]))
            order[nmine++] = order[j];
    if (!(v->mine = malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *v->mine)))
        return -1;
    return nmine;
}

/* The classes order[0..n) on one thread: the totals, and each class's
 * decision when kept.  The range holds whole groups: the group pending
 * is flushed at its end. */
static void visit_classes(void *ctx, int thread, const struct buyout_class *list, const long *order, long n)
{
    struct solve_visits *v = ctx;
    struct thread_part *p = &v->part[thread];
    if (!p->cache_tried) {
        p->cache = buyout_eval_cache_new(), p->cache_tried = true;
        if (p->cache && !v->mine) /* the totals alone: see buyout_eval_cache_bound */
            buyout_eval_cache_bound(p->cache);
    }
    const struct buyout_context *cx = v->cx;
    struct pending_group *pend = &p->group;
    for (long j = 0; j < n; j++) {
        const struct buyout_class *c = &list[order[j]];
        buyout_stream_prefetch(list, order, j, n);
        uint32_t key = c->r_key;
        if (key != pend->key) {
            pending_flush(&p->t, pend);
            pend->key = key;
        }
        struct buyout_sit s;
        if (p->cache)
            buyout_eval_third_cached(cx, c->P, c->up, c->third, p->cache, &s);
        else
            buyout_eval_third(cx, c->P, c->up, c->third, &s);
        int64_t w = c->orbit * c->ways;
        totals_add_class(&p->t, &s, w);
        pending_add(pend, &s, p->cache && s.best == BUYOUT_BUY ? buyout_eval_cache_final(p->cache) : &s.final, w);
        if (s.best != BUYOUT_BUY)
            totals_add_play(&p->t, &s, &s.final, w);
        p->deals += w;
        if (v->mine)
            record_decision(&s, &v->mine[order[j] / v->size]);
    }
    pending_flush(&p->t, pend);
    pend->key = 0;
}

/* The denominators and the average wager, once the sums are in. */
static void finish_totals(const struct buyout_context *cx, int64_t deals, struct buyout_totals *t)
{
    int64_t N3 = cx->shoe - 4, T4 = (int64_t)binomial((int)N3 - 1, 3) * (N3 - 4);
    t->prob_den = (wide_t)deals * N3 * T4;
    t->money_den = t->prob_den * cx->bden;
    /* First always; Second and Third when bought; the Bonus beside them */
    t->wagered = (t->prob_den + t->at3[BUYOUT_BUY] + t->at4[BUYOUT_BUY]) * cx->bden + t->prob_den * cx->bnum;
}

/* A rank's part of the round, summed over the ranks by cluster_reduce. */
struct part {
    struct buyout_totals t;
    int64_t deals;
};

static void part_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct part *a = into;
    const struct part *b = from;
    totals_add(&a->t, &b->t);
    a->deals += b->deals;
}

/* The classes visited with the tables built alongside (buyout_stream);
 * the threads' sums added.  Returns 0, or -1 out of memory. */
static int evaluate_classes(struct buyout_context *cx, struct buyout_stream *st, struct solve_visits *v,
                            struct buyout_totals *t, int64_t *deals)
{
    int nthreads = omp_get_max_threads();
    v->part = calloc((size_t)nthreads, sizeof *v->part);
    if (!v->part)
        return -1;
    st->visit = visit_classes, st->select = select_mine, st->ctx = v;
    int rc = buyout_stream_run(cx, st);
    *deals = 0;
    for (int i = 0; i < nthreads; i++) {
        totals_add(t, &v->part[i].t);
        *deals += v->part[i].deals;
        buyout_eval_cache_free(v->part[i].cache);
    }
    free(v->part);
    return rc;
}

static int solve_main(struct buyout_context *cx, const struct buyout_solve_options *o, struct buyout_totals *t,
                      struct buyout_solution *kept, char *err, size_t errlen)
{
    int rank = cluster_rank(), size = cluster_size();
    bool keep = kept != NULL; /* the same on every rank: the gathers must match */
    struct solve_visits v = {.cx = cx, .size = size};
    struct buyout_stream st = {.keep = keep, .progress = o->progress && rank == 0};
    int64_t deals;
    if (evaluate_classes(cx, &st, &v, t, &deals) != 0) {
        free(st.list), free(st.order), free(v.mine);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    struct buyout_class *list = st.list;
    long n = st.n, nmine = st.nselected;
    struct buyout_decision *dec = keep && rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * sizeof *dec) : NULL;
    struct part sum = {*t, deals};
    int rc = keep && rank == 0 && !dec ? -1 : 0;
    if (rc != 0)
        snprintf(err, errlen, "out of memory");
    if (rc == 0 && cluster_reduce(&sum, sizeof sum, part_add, NULL) != 0)
        rc = -1, snprintf(err, errlen, "MPI: gathering the results failed");
    *t = sum.t, deals = sum.deals;
    if (rc == 0 && keep && cluster_gather_shares(v.mine, nmine, sizeof *v.mine, dec, n) != 0)
        rc = -1, snprintf(err, errlen, "MPI: gathering the results failed");
    free(v.mine), free(st.order);
    if (rc != 0 || rank != 0) { /* the other ranks only computed */
        free(list), free(dec);
        return rc;
    }
    finish_totals(cx, deals, t);
    /* every deal of P, upcard and 3rd card is in exactly one class */
    int64_t N = cx->shoe, want = N * (N - 1) / 2 * (N - 2) * (N - 3);
    if (deals != want)
        rc = -1, snprintf(err, errlen, "internal error: the classes cover %lld deals, not %lld", (long long)deals,
                          (long long)want);
    if (rc == 0 && keep) { /* handed over: the strategy files, the simulator */
        kept->classes = list, kept->decisions = dec, kept->n = n;
        list = NULL, dec = NULL;
    }
    free(list), free(dec);
    return rc;
}

int buyout_solve(const struct buyout_rules *r, const struct buyout_solve_options *o, struct buyout_result *res,
                 char *err, size_t errlen)
{
    if (o->solution) /* zeroed whatever happens: buyout_solution_free takes it */
        memset(o->solution, 0, sizeof *o->solution);
    double t0 = omp_get_wtime();
    struct buyout_context *cx = buyout_context_new(r, err, errlen);
    if (!cx)
        return -1;
    team_start(o->threads, o->bind);
    memset(res, 0, sizeof *res);
    res->rules = *r;
    res->threads = omp_get_max_threads();
    res->ranks = cluster_size();
    res->bind = o->bind;
    int rc = 0;
    struct buyout_solution *kept = o->solution && !r->bonus_alone ? o->solution : NULL;
    if (r->bonus_alone && solve_bonus_alone(cx, &res->tot) != 0)
        rc = -1, snprintf(err, errlen, "out of memory");
    else if (!r->bonus_alone)
        rc = solve_main(cx, o, &res->tot, kept, err, errlen);
    if (rc == 0 && kept && kept->classes) /* rank 0: the tables go with the decisions */
        kept->cx = cx;
    else
        buyout_context_free(cx);
    res->seconds = omp_get_wtime() - t0;
    return rc;
}

void buyout_solution_free(struct buyout_solution *s)
{
    buyout_context_free(s->cx);
    free(s->classes), free(s->decisions);
    memset(s, 0, sizeof *s);
}

int buyout_round_ev(const struct buyout_rules *r, int threads, wide_t *num, wide_t *den, char *err,
                    size_t errlen)
{
    struct buyout_solve_options o = {.threads = threads};
    struct buyout_result res;
    if (buyout_solve(r, &o, &res, err, errlen) != 0)
        return -1;
    *num = res.tot.ev;
    *den = res.tot.money_den;
    return 0;
}
