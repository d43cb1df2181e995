/* buyout_design.c — the Bonus paytables priced from one pass over the
 * classes (buyout_design.h). */
#include "buyout_design.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_eval.h"
#include "buyout_shoe.h"
#include "cluster.h"
#include "progress.h"

void buyout_pays_of(const struct buyout_rules *r, struct buyout_pays *out)
{
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        out->pay[p] = buyout_rules_bonus(r, p);
}

/* ------------------------------------------------------------------ */
/* Pricing one class                                                    */
/* ------------------------------------------------------------------ */

/* The Bonus units per First-bet unit, bnum / bden. */
struct units {
    int64_t bnum, bden;
};

/* Rounds whose net is above 0 among the showdowns c of a hand kept with
 * `bets` main bets and a Bonus paying `pay` (to 1; -1 loses). */
static wide_t hits_of(const struct buyout_showdown_counts *c, int bets, int pay, struct units u)
{
    wide_t bonus = (wide_t)u.bnum * pay, main = (wide_t)bets * u.bden;
    return (main + bonus > 0 ? c->win : 0) + (bonus > 0 ? c->push : 0) + (bonus - main > 0 ? c->lose : 0);
}

/* The best legal option; ties go to the smaller wager, as the solve's. */
static int best_of(const bool legal[3], const wide_t v[3])
{
    int best = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++)
        if (legal[c] && v[c] > v[best])
            best = c;
    return best;
}

/* What the sensitivity gathers: per line, the crossings either way, the
 * weighted copies kept on it (d_ev), whether a decision depends on it. */
struct lines_seen {
    int nlines;
    int8_t line_of[BUYOUT_NPOINTS];
    struct crossing above[BUYOUT_NPOINTS], below[BUYOUT_NPOINTS];
    wide_t kept[BUYOUT_NPOINTS];
    bool moved[BUYOUT_NPOINTS];
};

/* A decision where option alt pays cnt_alt[g] and the chosen one cnt_b[g]
 * units of slope on line g (each times bnum T, T the decision's scale), alt
 * gap below: the crossing gap / (bnum T |difference|) either way. */
static void take_crossings(struct lines_seen *ls, const int64_t *cnt_alt, const int64_t *cnt_b, wide_t gap,
                           wide_t scale)
{
    for (int g = 0; g < ls->nlines; g++) {
        int64_t d = cnt_alt[g] - cnt_b[g];
        if (d == 0)
            continue;
        ls->moved[g] = true;
        crossing_take(d > 0 ? &ls->above[g] : &ls->below[g], gap, scale * (d > 0 ? d : -d), false);
    }
}

/* Buying the 3rd card under one paytable: the value (in 1/(N3 T4 bden)
 * First-bet units), the 4th card bought and folded, and the rounds won
 * (in 1/(N3 T4)). */
struct branch {
    wide_t value, bought, folded, hits;
};

/* The value of keeping a hand with `bets` main bets up, showdowns c, its
 * Bonus paying pay, in 1/(T bden) First-bet units (K = bnum T). */
static inline wide_t kept_value(const struct buyout_showdown_counts *c, int bets, int pay, struct units u, wide_t K)
{
    return (wide_t)bets * (c->win - c->lose) * u.bden + K * pay;
}

/* Adds the 4th cards idx[0..n) of group g under one paytable to b.  (Plain
 * scalars, no array of values: this is the grid's inner loop.) */
static void price_branch(const struct buyout_parts *g, const uint8_t *idx, int n, const int *pay, struct units u,
                         struct branch *b)
{
    wide_t T4 = g->T4, K = (wide_t)u.bnum * T4, fold = -2 * T4 * u.bden - K;
    int pay3 = pay[g->p3];
    for (int i = 0; i < n; i++) {
        const struct buyout_fourth_part *e = &g->fourth[idx[i]];
        wide_t best = fold;
        const struct buyout_showdown_counts *kept = NULL;
        int bets = 0, kept_pay = 0;
        if (g->p3 > 0) {
            wide_t v = kept_value(&e->refuse, 2, pay3, u, K);
            if (v > best)
                best = v, kept = &e->refuse, bets = 2, kept_pay = pay3;
        }
        if (e->p4 > 0) {
            wide_t v = kept_value(&e->buy, 3, pay[e->p4], u, K);
            if (v > best)
                best = v, kept = &e->buy, bets = 3, kept_pay = pay[e->p4];
        }
        b->value += e->copies * best;
        if (!kept)
            b->folded += e->copies * T4;
        else
            b->hits += e->copies * hits_of(kept, bets, kept_pay, u);
        if (bets == 3)
            b->bought += e->copies * T4;
    }
}

/* The 3rd-card options of class s under one paytable (v[BUYOUT_BUY] the
 * branch's), in 1/(N3 T4 bden) First-bet units; returns the best. */
static int class_options(const struct buyout_parts *s, const struct branch *b, const int *pay, struct units u,
                         bool legal[3], wide_t v[3])
{
    wide_t D = (wide_t)s->N3 * s->T4;
    legal[BUYOUT_FOLD] = legal[BUYOUT_BUY] = true;
    legal[BUYOUT_REFUSE] = s->p2 > 0;
    v[BUYOUT_FOLD] = -D * u.bden - (wide_t)u.bnum * D;
    v[BUYOUT_BUY] = b->value;
    /* 1/T3 = (N3 - 4)/(N3 T4) */
    v[BUYOUT_REFUSE] = legal[BUYOUT_REFUSE] ? kept_value(&s->refuse3, 1, 0, u, 0) * (s->N3 - 4) +
                                                  (wide_t)u.bnum * D * pay[s->p2]
                                            : 0;
    return best_of(legal, v);
}

/* One class under one paytable, weight w, into t. */
static void price_class(const struct buyout_parts *s, const struct branch *b, const int *pay, struct units u,
                        int64_t w, struct buyout_design_totals *t)
{
    bool legal[3];
    wide_t v[3], D = (wide_t)s->N3 * s->T4;
    int best = class_options(s, b, pay, u, legal, v);
    t->ev += w * v[best];
    t->wagered += w * (D * (u.bden + u.bnum) + (best == BUYOUT_BUY ? D * u.bden + b->bought * u.bden : 0));
    t->folded += w * (best == BUYOUT_FOLD ? D : best == BUYOUT_BUY ? b->folded : 0);
    if (best == BUYOUT_REFUSE)
        t->hits += w * (s->N3 - 4) * hits_of(&s->refuse3, 1, pay[s->p2], u);
    else if (best == BUYOUT_BUY)
        t->hits += w * b->hits;
}

/* The sensitivity's part of group g (every 4th card, the base paytable):
 * the copies kept on each line after buying into kept[], the crossings
 * of the 4th-card decisions into ls. */
static void branch_lines(const struct buyout_parts *g, const int *pay, struct units u, int64_t *kept,
                         struct lines_seen *ls)
{
    wide_t T4 = g->T4, K = (wide_t)u.bnum * T4;
    memset(kept, 0, BUYOUT_NPOINTS * sizeof *kept);
    for (int i = 0; i < g->n4; i++) {
        const struct buyout_fourth_part *e = &g->fourth[i];
        const struct buyout_showdown_counts *c[3] = {NULL, &e->refuse, &e->buy};
        int points[3] = {-1, g->p3, e->p4};
        bool legal[3] = {true, g->p3 > 0, e->p4 > 0};
        wide_t v[3] = {-2 * T4 * u.bden - K, 0, 0};
        int64_t cnt[3][BUYOUT_NPOINTS] = {{0}};
        for (int o = BUYOUT_REFUSE; o <= BUYOUT_BUY; o++)
            if (legal[o]) {
                v[o] = kept_value(c[o], o + 1, pay[points[o]], u, K);
                cnt[o][ls->line_of[points[o]]] = 1;
            }
        int best = best_of(legal, v);
        if (best != BUYOUT_FOLD)
            kept[ls->line_of[points[best]]] += e->copies;
        for (int o = 0; o < 3; o++)
            if (legal[o] && o != best)
                take_crossings(ls, cnt[o], cnt[best], v[best] - v[o], K);
    }
}

/* The sensitivity's part of class s, weight w (the base paytable, branch
 * b, kept its copies kept by line): d_ev's sums and the 3rd-card crossings. */
static void class_lines(const struct buyout_parts *s, const struct branch *b, const int64_t *kept, const int *pay,
                        struct units u, int64_t w, struct lines_seen *ls)
{
    bool legal[3];
    wide_t v[3];
    int best = class_options(s, b, pay, u, legal, v);
    int64_t cnt[3][BUYOUT_NPOINTS] = {{0}};
    if (legal[BUYOUT_REFUSE])
        cnt[BUYOUT_REFUSE][ls->line_of[s->p2]] = s->N3;
    memcpy(cnt[BUYOUT_BUY], kept, sizeof cnt[BUYOUT_BUY]);
    for (int g = 0; g < ls->nlines; g++)
        ls->kept[g] += w * cnt[best][g];
    for (int o = 0; o < 3; o++)
        if (legal[o] && o != best)
            take_crossings(ls, cnt[o], cnt[best], v[best] - v[o], (wide_t)u.bnum * s->T4);
}

/* ------------------------------------------------------------------ */
/* The pass over the classes                                            */
/* ------------------------------------------------------------------ */

/* What one rank sums: per paytable its totals, the deals, the lines. */
struct sums {
    long n;
    int64_t deals;
    int64_t N3, T4; /* the classes' counts (buyout_parts; the same for all, 0 with none) */
    int failed; /* ranks out of memory */
    struct lines_seen ls; /* the sensitivity's (n = 1) */
    struct buyout_design_totals tot[];
};

static void sums_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct sums *a = into;
    const struct sums *b = from;
    /* cluster_reduce clears the sum first: the header comes with each part */
    a->n = b->n, a->ls.nlines = b->ls.nlines;
    memcpy(a->ls.line_of, b->ls.line_of, sizeof a->ls.line_of);
    a->deals += b->deals;
    if (b->T4)
        a->N3 = b->N3, a->T4 = b->T4;
    a->failed += b->failed;
    for (long i = 0; i < a->n; i++) {
        a->tot[i].ev += b->tot[i].ev, a->tot[i].wagered += b->tot[i].wagered;
        a->tot[i].folded += b->tot[i].folded, a->tot[i].hits += b->tot[i].hits;
    }
    for (int g = 0; g < a->ls.nlines; g++) {
        crossing_merge(&a->ls.above[g], &b->ls.above[g]);
        crossing_merge(&a->ls.below[g], &b->ls.below[g]);
        a->ls.kept[g] += b->ls.kept[g];
        a->ls.moved[g] |= b->ls.moved[g];
    }
}

static struct sums *sums_new(long n, const struct lines_seen *ls)
{
    struct sums *s = calloc(1, sizeof *s + (size_t)n * sizeof s->tot[0]);
    if (s) {
        s->n = n;
        if (ls)
            s->ls = *ls;
    }
    return s;
}

/* The classes order[0..n) (this rank's), every paytable priced, into
 * all.  A thread evaluates a group's 4th cards once for the classes of
 * one buyout_class_r_key in a row.  A thread out of memory sets
 * all->failed. */
static void visit_classes(const struct buyout_context *cx, const struct buyout_class *list, const long *order, long n,
                          const struct buyout_pays *pays, struct units u, bool progress, struct sums *all)
{
    bool varies[BUYOUT_NPOINTS]; /* the points whose pay differs between the paytables */
    for (int p = 0; p < BUYOUT_NPOINTS; p++) {
        varies[p] = false;
        for (long i = 1; i < all->n && !varies[p]; i++)
            varies[p] = pays[i].pay[p] != pays[0].pay[p];
    }
    struct progress bar;
    progress_start(&bar, "design", n, progress);
    bool sens = all->ls.nlines > 0;
#pragma omp parallel
    {
        struct sums *mine = sums_new(all->n, sens ? &all->ls : NULL);
        struct branch *br = malloc((size_t)all->n * sizeof *br);
        struct buyout_parts *group = malloc(sizeof *group), *one = malloc(sizeof *one);
        uint8_t fixed_idx[NCARDS], varying_idx[NCARDS];
        int nfixed = 0, nvarying = 0;
        int64_t kept[BUYOUT_NPOINTS];
        uint32_t key = 0;
        if (!mine || !br || !group || !one) {
#pragma omp atomic write
            all->failed = 1;
        }
#pragma omp for schedule(dynamic, 64)
        for (long j = 0; j < n; j++) {
            if (!mine || !br || !group || !one)
                continue;
            const struct buyout_class *c = &list[order[j]];
            uint32_t k = c->r_key;
            buyout_eval_parts(cx, c->P, c->up, c->third, k != key, k != key ? group : one);
            if (k != key) { /* a new group: its branch under every paytable */
                key = k;
                nfixed = nvarying = 0;
                for (int i = 0; i < group->n4; i++)
                    if (varies[group->p3] || varies[group->fourth[i].p4])
                        varying_idx[nvarying++] = (uint8_t)i;
                    else
                        fixed_idx[nfixed++] = (uint8_t)i;
                struct branch fixed = {0}; /* the 4th cards whose pays no paytable changes, once */
                price_branch(group, fixed_idx, nfixed, pays[0].pay, u, &fixed);
                for (long i = 0; i < all->n; i++) {
                    br[i] = fixed;
                    price_branch(group, varying_idx, nvarying, pays[i].pay, u, &br[i]);
                }
                if (sens)
                    branch_lines(group, pays[0].pay, u, kept, &mine->ls);
                *one = *group;
            }
            int64_t w = c->orbit * c->ways;
            for (long i = 0; i < all->n; i++)
                price_class(one, &br[i], pays[i].pay, u, w, &mine->tot[i]);
            if (sens)
                class_lines(one, &br[0], kept, pays[0].pay, u, w, &mine->ls);
            mine->deals += w;
            mine->N3 = one->N3, mine->T4 = one->T4;
            if ((j & 255) == 255)
                progress_add(&bar, 256);
        }
        if (mine) {
#pragma omp critical(buyout_design)
            sums_add(all, mine, NULL);
        }
        free(mine), free(br), free(group), free(one);
    }
    progress_end(&bar);
}

/* The Bonus alone: 4 cards from the shoe, no decision. */
static int bonus_alone(const struct buyout_rules *r, const struct buyout_pays *pays, struct sums *all,
                       struct buyout_design_dens *dens)
{
    int count[NCARDS];
    wide_t dist[BUYOUT_NPOINTS];
    buyout_shoe_counts(r, count);
    if (buyout_hands4_init() != 0)
        return -1;
    dens->money = dens->prob = buyout_hands4_points(count, dist);
    for (long i = 0; i < all->n; i++) {
        struct buyout_design_totals *t = &all->tot[i];
        t->wagered = dens->money;
        for (int p = 0; p < BUYOUT_NPOINTS; p++) {
            t->ev += dist[p] * pays[i].pay[p];
            t->hits += pays[i].pay[p] > 0 ? dist[p] : 0;
        }
    }
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        all->ls.kept[all->ls.line_of[p]] += dist[p];
    return 0;
}

/* Every rank's share of the classes priced; rank 0 gets the sums and the
 * denominators.  0, or -1 with err. */
static int run_pass(const struct buyout_rules *r, const struct buyout_pays *pays, bool progress, struct sums *all,
                    struct buyout_design_dens *dens, char *err, size_t errlen)
{
    if (!r->bonus_table)
        return snprintf(err, errlen, "the designer needs a Bonus table"), -1;
    if (r->bonus_alone)
        return bonus_alone(r, pays, all, dens) == 0 ? 0 : (snprintf(err, errlen, "out of memory"), -1);
    struct buyout_rules plain = *r; /* the parts carry no Bonus */
    plain.bonus_table = 0;
    struct buyout_context *cx = buyout_context_new(&plain, err, errlen);
    if (!cx)
        return -1;
    struct buyout_class *list;
    long *order, n = buyout_classes_and_tables(cx, &list, &order), nmine = 0;
    if (n < 0)
        return buyout_context_free(cx), snprintf(err, errlen, "out of memory"), -1;
    for (long j = 0; j < n; j++)
        if (cluster_owns(list[order[j]].r_key)) /* a group's classes to one rank */
            order[nmine++] = order[j];
    struct units u = {r->bonus_num, r->bonus_den};
    visit_classes(cx, list, order, nmine, pays, u, progress && cluster_rank() == 0, all);
    int rc = cluster_reduce(all, sizeof *all + (size_t)all->n * sizeof all->tot[0], sums_add, NULL);
    dens->prob = (wide_t)all->deals * all->N3 * all->T4;
    dens->money = dens->prob * r->bonus_den;
    free(list), free(order);
    buyout_context_free(cx);
    if (rc != 0 || all->failed)
        return snprintf(err, errlen, rc ? "MPI: summing the results failed" : "out of memory"), -1;
    return 0;
}

int buyout_design_price(const struct buyout_rules *r, const struct buyout_pays *pays, long n, bool progress,
                        struct buyout_design_totals *tot, struct buyout_design_dens *dens, char *err, size_t errlen)
{
    struct sums *all = sums_new(n, NULL);
    if (!all)
        return snprintf(err, errlen, "out of memory"), -1;
    int rc = run_pass(r, pays, progress, all, dens, err, errlen);
    if (rc == 0)
        memcpy(tot, all->tot, (size_t)n * sizeof *tot);
    free(all);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Lines, the sensitivity, grids                                        */
/* ------------------------------------------------------------------ */

int buyout_line_parse(const char *name, struct buyout_line *l)
{
    static const char PREFIX[] = "bonus.";
    if (strncmp(name, PREFIX, sizeof PREFIX - 1) != 0)
        return -1;
    const char *s = name + sizeof PREFIX - 1;
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    long lo = strtol(s, &end, 10), hi = lo;
    if (*end == '-') {
        s = end + 1;
        if (*s < '0' || *s > '9')
            return -1;
        hi = strtol(s, &end, 10);
    }
    if (*end || lo > hi || hi > BUYOUT_MAXP)
        return -1;
    *l = (struct buyout_line){(int)lo, (int)hi};
    return 0;
}

char *buyout_line_name(struct buyout_line l, char *buf, size_t len)
{
    if (l.lo == l.hi)
        snprintf(buf, len, "bonus.%d", l.lo);
    else
        snprintf(buf, len, "bonus.%d-%d", l.lo, l.hi);
    return buf;
}

int buyout_design_sensitivity(const struct buyout_rules *r, bool progress, struct buyout_sensitivity *out, char *err,
                              size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->rules = *r;
    struct buyout_pays pays;
    buyout_pays_of(r, &pays);
    struct sums *all = sums_new(1, NULL);
    if (!all)
        return snprintf(err, errlen, "out of memory"), -1;
    int n = 0; /* the runs of points with one pay */
    for (int p = 0; p < BUYOUT_NPOINTS; p++) {
        if (p == 0 || pays.pay[p] != pays.pay[p - 1])
            out->lines[n++] = (struct buyout_line_sensitivity){.line = {p, p}, .pay = pays.pay[p]};
        out->lines[n - 1].line.hi = p;
        all->ls.line_of[p] = (int8_t)(n - 1);
    }
    out->nlines = all->ls.nlines = n;
    int rc = run_pass(r, &pays, progress, all, &out->dens, err, errlen);
    if (rc == 0) {
        out->base = all->tot[0];
        /* a copy kept on a line moves the EV by bnum T4 / money per +1
         * (the Bonus alone: by 1 / money per hand) */
        wide_t scale = r->bonus_alone ? 1 : (wide_t)r->bonus_num * all->T4;
        for (int g = 0; g < n; g++) {
            struct buyout_line_sensitivity *l = &out->lines[g];
            l->d_ev = all->ls.kept[g] * scale;
            l->decisions = all->ls.moved[g];
            l->low = crossing_bound(l->pay, 1, &all->ls.below[g], -1, -1);
            l->high = crossing_bound(l->pay, 1, &all->ls.above[g], +1, -1);
        }
    }
    free(all);
    return rc;
}

long buyout_grid_size(const struct buyout_grid *g, long limit)
{
    long n = 1;
    for (int v = 0; v < g->nvary; v++) {
        long k = (g->vary[v].hi - g->vary[v].lo) / g->vary[v].step + 1;
        if (k > limit / n)
            return -1;
        n *= k;
    }
    return n;
}

void buyout_grid_pays(const struct buyout_grid *g, long i, struct buyout_pays *out)
{
    *out = g->base;
    for (int v = g->nvary - 1; v >= 0; v--) {
        const struct buyout_vary *x = &g->vary[v];
        long k = (x->hi - x->lo) / x->step + 1;
        int pay = x->lo + (int)(i % k) * x->step;
        i /= k;
        for (int p = x->line.lo; p <= x->line.hi; p++)
            out->pay[p] = pay;
    }
}
