/* buyout_removal.c — see buyout_removal.h. */
#include "buyout_removal.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_shoe.h"
#include "buyout_stream.h"
#include "cluster.h"
#include "combo.h"

/* ---- the games ---- */

struct buyout_game buyout_game_of(int g)
{
    if (g == 0)
        return (struct buyout_game){0, false};
    if (g <= BUYOUT_NTABLES)
        return (struct buyout_game){g, false};
    return (struct buyout_game){g - BUYOUT_NTABLES, true};
}

const char *buyout_game_key(int g, char *buf, size_t len)
{
    struct buyout_game x = buyout_game_of(g);
    if (!x.table)
        snprintf(buf, len, "main");
    else
        snprintf(buf, len, x.alone ? "bonus-%d-alone" : "main+bonus-%d", x.table);
    return buf;
}

/* ---- several objectives over every class ---- */

struct sums {
    wide_t v[BUYOUT_MAX_OBJECTIVES];
    int64_t deals;
};

static void sums_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct sums *a = into;
    const struct sums *b = from;
    for (int k = 0; k < BUYOUT_MAX_OBJECTIVES; k++)
        a->v[k] += b->v[k];
    a->deals += b->deals;
}

/* A pass's visits (buyout_stream): each thread's sums and cache. */
struct value_part {
    struct sums sums;
    wide_t unit; /* N3 T4 bden: the same in every class */
    struct buyout_buy_cache *cache; /* NULL: none (out of memory), slower */
    bool cache_tried;
};

struct value_visits {
    const struct buyout_context *cx;
    const struct buyout_objectives *ob;
    struct value_part *part; /* one per OpenMP thread */
};

static void visit_values(void *ctx, int thread, const struct buyout_class *list, const long *order, long n)
{
    struct value_visits *v = ctx;
    struct value_part *p = &v->part[thread];
    if (!p->cache_tried)
        p->cache = buyout_buy_cache_new(), p->cache_tried = true;
    for (long j = 0; j < n; j++) {
        const struct buyout_class *c = &list[order[j]];
        buyout_stream_prefetch(list, order, j, n);
        wide_t x[BUYOUT_MAX_OBJECTIVES];
        buyout_eval_third_values(v->cx, v->ob, c->P, c->up, c->third, p->cache, x, &p->unit);
        int64_t w = c->orbit * c->ways;
        for (int k = 0; k < v->ob->n; k++)
            p->sums.v[k] += w * x[k];
        p->sums.deals += w;
    }
}

int buyout_round_values(const struct buyout_rules *r, const struct buyout_objectives *ob, wide_t num[],
                        wide_t *den, char *err, size_t errlen)
{
    if (r->bonus_table)
        return snprintf(err, errlen, "internal error: the objectives carry the Bonus"), -1;
    struct buyout_context *cx = buyout_context_new(r, err, errlen);
    if (!cx)
        return -1;
    int nthreads = omp_get_max_threads();
    struct value_visits v = {cx, ob, calloc((size_t)nthreads, sizeof *v.part)};
    struct buyout_stream st = {.visit = visit_values, .ctx = &v};
    if (!v.part || buyout_stream_run(cx, &st) != 0) {
        free(v.part), buyout_context_free(cx);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    struct sums total;
    memset(&total, 0, sizeof total);
    int64_t N3 = cx->shoe - 4, T4 = (int64_t)binomial((int)N3 - 1, 3) * (N3 - 4);
    bool unit_differs = false;
    for (int i = 0; i < nthreads; i++) {
        sums_add(&total, &v.part[i].sums, NULL);
        unit_differs |= v.part[i].unit && v.part[i].unit != (wide_t)N3 * T4 * ob->bden;
        buyout_buy_cache_free(v.part[i].cache);
    }
    free(v.part);
    if (unit_differs) {
        buyout_context_free(cx);
        return snprintf(err, errlen, "internal error: a class's unit differs"), -1;
    }
    int rc = cluster_reduce(&total, sizeof total, sums_add, NULL);
    int64_t N = cx->shoe, want = N * (N - 1) / 2 * (N - 2) * (N - 3);
    buyout_context_free(cx);
    if (rc != 0)
        return snprintf(err, errlen, "MPI: summing the classes failed"), -1;
    if (cluster_rank() == 0 && total.deals != want) /* the other ranks hold their share only */
        return snprintf(err, errlen, "internal error: the classes cover %lld deals, not %lld",
                        (long long)total.deals, (long long)want), -1;
    for (int k = 0; k < ob->n; k++)
        num[k] = total.v[k];
    *den = (wide_t)total.deals * N3 * T4 * ob->bden;
    return 0;
}

void buyout_bonus_alone_ev(const wide_t dist[BUYOUT_NPOINTS], wide_t total, int table, wide_t *num, wide_t *den)
{
    wide_t s = 0;
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        s += dist[p] * buyout_bonus_result(table, p);
    *num = s, *den = total;
}

/* ---- the effects of removal ---- */

/* Every game's EV at one shoe: the main game and the main game with each
 * table in one pass over the classes, the Bonus alone from the 4-card
 * points. */
static int games_at(const struct buyout_rules *base, const struct buyout_rules *shoe, wide_t num[BUYOUT_NGAMES],
                    wide_t den[BUYOUT_NGAMES], char *err, size_t errlen)
{
    struct buyout_rules r = *shoe;
    r.bonus_table = 0, r.bonus_alone = false;
    r.dealer_five = base->dealer_five;
    struct buyout_objectives ob = {.n = 1 + BUYOUT_NTABLES, .bden = base->bonus_den};
    for (int t = 1; t <= BUYOUT_NTABLES; t++)
        ob.table[t] = t, ob.bnum[t] = base->bonus_num;
    wide_t d;
    if (buyout_round_values(&r, &ob, num, &d, err, errlen) != 0)
        return -1;
    for (int k = 0; k < ob.n; k++)
        den[k] = d;
    int count[NCARDS];
    buyout_shoe_counts(&r, count);
    wide_t dist[BUYOUT_NPOINTS], total = buyout_hands4_points(count, dist);
    for (int t = 1; t <= BUYOUT_NTABLES; t++)
        buyout_bonus_alone_ev(dist, total, t, &num[BUYOUT_NTABLES + t], &den[BUYOUT_NTABLES + t]);
    return 0;
}

int buyout_removal_solve(const struct buyout_rules *base, bool progress, struct buyout_removal *out, char *err,
                         size_t errlen)
{
    double t0 = omp_get_wtime();
    memset(out, 0, sizeof *out);
    out->base = *base;
    if (base->shoe_given || base->decks != BUYOUT_MAX_DECKS || base->nranks != NRANKS)
        return snprintf(err, errlen, "the effects of removal are of the six-deck shoe"), -1;
    if (buyout_hands4_init() != 0)
        return snprintf(err, errlen, "out of memory"), -1;
    struct progress bar;
    progress_start(&bar, "removal", 1 + NRANKS, progress && cluster_rank() == 0);
    struct buyout_rules shoe;
    buyout_shoe_full(&shoe);
    int rc = games_at(base, &shoe, out->full_num, out->full_den, err, errlen);
    progress_add(&bar, 1);
    for (int k = 0; k < NRANKS && rc == 0; k++) {
        buyout_shoe_less(&shoe, card_make(k, NSUITS - 1)); /* a spade: any suit gives the same EV */
        rc = games_at(base, &shoe, out->num[k], out->den[k], err, errlen);
        progress_add(&bar, 1);
    }
    progress_end(&bar);
    out->threads = omp_get_max_threads();
    out->ranks = cluster_size();
    out->seconds = omp_get_wtime() - t0;
    return rc;
}
