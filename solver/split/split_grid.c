/* split_grid.c — a grid of paytables priced in one enumeration.
 *
 * Call R the grid's corner where every varied line is at its lowest value.
 * In a class, each option's value is linear in the varied pays
 * (split_options.h), so the decision the solver takes at R is the one it
 * takes at every point of the grid when, for every other option, the
 * value gap at R less the most the varied lines can close it stays above
 * 0 (at least 0 for options offered after it: ties keep the earlier one).
 * Such a stable class is accounted once at R, plus its slopes on the
 * varied lines; every other class is decided again per paytable.  Both
 * use split_solve's own decision and accounting, so each paytable's totals
 * are those of solving it alone.
 */
#include "split_design.h"

#include <stdio.h>
#include <string.h>

#include "cluster.h"
#include "split_options.h"
#include "split_situations.h"
#include "split_thread_slots.h"

long split_grid_size(const struct split_grid *g, long limit)
{
    long n = 1;
    for (int v = 0; v < g->nvary; v++) {
        long k = (long)((g->vary[v].hi - g->vary[v].lo) / g->vary[v].step) + 1;
        if (k < 1 || n > limit / k)
            return -1;
        n *= k;
    }
    return n;
}

void split_grid_paytable(const struct split_grid *g, long i, struct split_paytable *pt)
{
    *pt = g->base;
    snprintf(pt->name, sizeof pt->name, "%.40s+%ld", g->base.name, i + 1);
    for (int v = g->nvary - 1; v >= 0; v--) {
        const struct split_vary *x = &g->vary[v];
        long k = (long)((x->hi - x->lo) / x->step) + 1;
        *split_line_pay(pt, split_line_at(x->line)) = x->lo + (i % k) * x->step;
        i /= k;
    }
}

/* The Blind's lines move no decision: the classes' decisions need only
 * the grid of the other varied lines (the decision grid), and the Blind's
 * lines are added along their slopes at the end, for every class. */
static bool moves_decisions(const struct split_vary *v)
{
    return split_line_at(v->line)->table != SPLIT_LINE_BLIND;
}

struct grid_acc {
    struct split_totals fixed;  /* the stable classes at R */
    wide_t slope[SPLIT_NLINES]; /* per varied line: weight x slope, of the stable classes (or, for a Blind
                                 * line, of every class) */
    long stable, classes, mismatches;
    struct split_totals part[];  /* per point of the decision grid: the other classes */
};

struct grid_ctx {
    const struct split_grid *g;
    long n, nd;                 /* paytables; points of the decision grid */
    struct split_paytable ref;  /* R */
    const struct split_paytable *pts; /* the decision grid's paytables (the Blind at R) */
    long *point_of;             /* per paytable: its point of the decision grid */
    int64_t *moved;             /* per point: each varied line's pay less R's (nd x nvary) */
    enum split_instant_reading instant;
    int64_t span[SPLIT_NLINES]; /* per varied line: its last value on the grid less its first */
    bool sets_move;             /* an instant line varied under the "highest" reading */
    struct split_thread_slots acc;
};

static int64_t slope_of(const struct split_option *o, const struct hand_weights hw[SPLIT_NMASKS],
                        const struct cards_info *ci, const struct split_line *l)
{
    if (l->table == SPLIT_LINE_BLIND)
        return l->cat == ci->blind_cat ? SPLIT_L : 0;
    return split_option_slope(o, hw, l);
}

/* Under the "highest" reading the options offered depend on the instant
 * pays when the trios hold two instant categories or more. */
static bool offered_set_moves(const struct grid_ctx *x, const struct cards_info *ci)
{
    int first = -1, c;
    for (int i = 0; x->sets_move && i < 4; i++)
        if (is_instant(ci, SPLIT_TRIOS[i], &c)) {
            if (first >= 0 && c != first)
                return true;
            first = c;
        }
    return false;
}

/* Whether option i can match or beat option b somewhere on the grid (as
 * the solver breaks ties: an earlier option wins a tie). */
static bool can_overtake(const struct grid_ctx *x, const struct split_option *opt, int i, int b,
                         const struct hand_weights hw[SPLIT_NMASKS], const struct cards_info *ci)
{
    wide_t worst = opt[b].value - opt[i].value;
    for (int v = 0; v < x->g->nvary; v++) {
        const struct split_line *l = split_line_at(x->g->vary[v].line);
        int64_t delta = slope_of(&opt[i], hw, ci, l) - slope_of(&opt[b], hw, ci, l);
        if (delta > 0)
            worst -= (wide_t)delta * x->span[v];
    }
    return i < b ? worst <= 0 : worst < 0;
}

/* An option that may be best somewhere on the grid: its value and
 * totals at R, and its slope on each varied line. */
struct candidate {
    wide_t value;
    int64_t slope[SPLIT_NLINES];
    struct split_totals at_ref;
};

/* The class's candidates in option order, each accounted at R as the solver would. */
static int candidates(const struct grid_ctx *x, const struct split_option *opt, int n, int b, const bool *may,
                      const struct hand_weights hw[SPLIT_NMASKS], const struct cards_info *ci, int64_t w,
                      struct candidate *c)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (i != b && !may[i])
            continue;
        struct split_decision d = {opt[i].choice, opt[i].hand_a, opt[i].hand_b, opt[i].play_a, opt[i].play_b,
                                   false, opt[i].value, 0};
        c[k] = (struct candidate){.value = opt[i].value};
        for (int v = 0; v < x->g->nvary; v++)
            c[k].slope[v] = moves_decisions(&x->g->vary[v]) ? slope_of(&opt[i], hw, ci, split_line_at(x->g->vary[v].line)) : 0;
        split_account(&x->ref, w, ci, hw, &d, &c[k].at_ref);
        k++;
    }
    return k;
}

/* A class decided at every point of the decision grid: the best
 * candidate there (the first of the highest value), accounted at R and
 * moved along the varied lines. */
static void decide_each_point(const struct grid_ctx *x, const struct candidate *c, int nc, int64_t w,
                              struct grid_acc *a)
{
    int nv = x->g->nvary;
    for (long p = 0; p < x->nd; p++) {
        const int64_t *moved = x->moved + p * nv;
        int best = 0;
        wide_t best_value = 0;
        for (int k = 0; k < nc; k++) {
            wide_t value = c[k].value;
            for (int v = 0; v < nv; v++)
                value += (wide_t)c[k].slope[v] * moved[v];
            if (k == 0 || value > best_value) /* in option order: a tie keeps the earlier */
                best = k, best_value = value;
        }
        struct split_totals *t = &a->part[p];
        split_totals_add(t, &c[best].at_ref);
        for (int v = 0; v < nv; v++) {
            wide_t move = (wide_t)w * c[best].slope[v] * moved[v];
            t->ev += move;
            if (split_line_at(x->g->vary[v].line)->table == SPLIT_LINE_ANTE_DRAW)
                t->ante += move;
            else
                t->ante_instant += move;
        }
    }
}

static void grid_class(void *ctx, int thread, const struct split_situation *s,
                       const struct split_hand_counts counts[SPLIT_NMASKS])
{
    struct grid_ctx *x = ctx;
    struct grid_acc *a = split_thread_slot(&x->acc, thread);
    if (!a)
        return;
    struct split_class_view v;
    if (!split_class_view(&x->ref, x->instant, s->P, counts, &v))
        a->mismatches++;
    const struct cards_info ci = v.ci;
    const struct hand_weights *hw = v.hw;
    const struct split_option *opt = v.opt;
    struct split_decision d = v.d;
    int n = v.n, b = v.b;
    a->classes++;
    for (int v = 0; v < x->g->nvary; v++)
        if (!moves_decisions(&x->g->vary[v]))
            a->slope[v] += (wide_t)s->weight * slope_of(&opt[b], hw, &ci, split_line_at(x->g->vary[v].line));
    if (offered_set_moves(x, &ci)) { /* rare: decided afresh at each point */
        for (long p = 0; p < x->nd; p++) {
            split_decide_weights(&x->pts[p], x->instant, &ci, hw, &d);
            split_account(&x->pts[p], s->weight, &ci, hw, &d, &a->part[p]);
        }
        return;
    }
    bool may[SPLIT_MAX_OPTIONS], any = false;
    for (int i = 0; i < n; i++)
        any |= may[i] = i != b && can_overtake(x, opt, i, b, hw, &ci);
    if (!any) {
        a->stable++;
        split_account(&x->ref, s->weight, &ci, hw, &d, &a->fixed);
        for (int v = 0; v < x->g->nvary; v++)
            if (moves_decisions(&x->g->vary[v]))
                a->slope[v] += (wide_t)s->weight * slope_of(&opt[b], hw, &ci, split_line_at(x->g->vary[v].line));
        return;
    }
    struct candidate c[SPLIT_MAX_OPTIONS];
    int nc = candidates(x, opt, n, b, may, hw, &ci, s->weight, c);
    decide_each_point(x, c, nc, s->weight, a);
}

static void acc_add(void *into, const void *from, void *ctx)
{
    const struct grid_ctx *x = ctx;
    struct grid_acc *a = into;
    const struct grid_acc *b = from;
    split_totals_add(&a->fixed, &b->fixed);
    for (int v = 0; v < x->g->nvary; v++)
        a->slope[v] += b->slope[v];
    a->stable += b->stable, a->classes += b->classes, a->mismatches += b->mismatches;
    for (long p = 0; p < x->nd; p++)
        split_totals_add(&a->part[p], &b->part[p]);
}

/* Paytable k's totals: the stable classes moved from R along the varied
 * lines, plus the others as decided at k's point, plus every class's
 * Blind moved along the Blind's lines. */
static struct split_totals totals_of(const struct grid_ctx *x, const struct grid_acc *a, const struct split_paytable *pt,
                                     long k)
{
    struct split_totals t = a->fixed;
    split_totals_add(&t, &a->part[x->point_of[k]]);
    for (int v = 0; v < x->g->nvary; v++) {
        const struct split_line *l = split_line_at(x->g->vary[v].line);
        wide_t move = a->slope[v] * (split_line_pay_of(pt, l) - split_line_pay_of(&x->ref, l));
        t.ev += move;
        if (l->table == SPLIT_LINE_ANTE_DRAW)
            t.ante += move;
        else if (l->table == SPLIT_LINE_ANTE_INSTANT)
            t.ante_instant += move;
        else
            t.blind += move;
    }
    return t;
}

/* The decision grid: its points' paytables and moves, and each
 * paytable's point. */
static int decision_grid(struct grid_ctx *x)
{
    const struct split_grid *g = x->g;
    struct split_grid dg = *g;
    dg.nvary = 0;
    for (int v = 0; v < g->nvary; v++)
        if (moves_decisions(&g->vary[v]))
            dg.vary[dg.nvary++] = g->vary[v];
    for (int v = 0; v < g->nvary; v++)
        if (!moves_decisions(&g->vary[v]))
            *split_line_pay(&dg.base, split_line_at(g->vary[v].line)) = g->vary[v].lo;
    x->nd = split_grid_size(&dg, x->n);
    struct split_paytable *pts = malloc((size_t)x->nd * sizeof *pts);
    x->point_of = malloc((size_t)x->n * sizeof *x->point_of);
    x->moved = malloc((size_t)x->nd * (size_t)(g->nvary ? g->nvary : 1) * sizeof *x->moved);
    x->pts = pts;
    if (!pts || !x->point_of || !x->moved)
        return -1;
    for (long p = 0; p < x->nd; p++) {
        split_grid_paytable(&dg, p, &pts[p]);
        for (int v = 0; v < g->nvary; v++) {
            const struct split_line *l = split_line_at(g->vary[v].line);
            x->moved[p * g->nvary + v] = split_line_pay_of(&pts[p], l) - split_line_pay_of(&x->ref, l);
        }
    }
    for (long k = 0; k < x->n; k++) { /* k's digits on the decision lines, in their own radix */
        long rest = k, point = 0, scale = 1;
        for (int v = g->nvary - 1; v >= 0; v--) {
            long count = (long)((g->vary[v].hi - g->vary[v].lo) / g->vary[v].step) + 1;
            if (moves_decisions(&g->vary[v]))
                point += (rest % count) * scale, scale *= count;
            rest /= count;
        }
        x->point_of[k] = point;
    }
    return 0;
}

static void grid_ctx_free(struct grid_ctx *x)
{
    free((void *)x->pts), free(x->point_of), free(x->moved);
}

static int grid_ctx_init(struct grid_ctx *x, const struct split_grid *g, long n, enum split_instant_reading instant)
{
    memset(x, 0, sizeof *x);
    x->g = g, x->n = n, x->instant = instant;
    x->ref = g->base;
    for (int v = 0; v < g->nvary; v++) {
        const struct split_vary *y = &g->vary[v];
        *split_line_pay(&x->ref, split_line_at(y->line)) = y->lo;
        x->span[v] = moves_decisions(y) ? (y->hi - y->lo) / y->step * y->step : 0;
        if (instant == SPLIT_INSTANT_HIGHEST && split_line_at(y->line)->table == SPLIT_LINE_ANTE_INSTANT)
            x->sets_move = true;
    }
    if (decision_grid(x) != 0)
        return grid_ctx_free(x), -1;
    x->acc.bytes = sizeof(struct grid_acc) + (size_t)x->nd * sizeof(struct split_totals);
    return 0;
}

int split_grid_solve(const struct split_grid *g, long n, const struct split_solve_options *o,
                     struct split_result *results, long stable[2], char *err, size_t errlen)
{
    struct grid_ctx x;
    if (grid_ctx_init(&x, g, n, o->instant) != 0)
        return snprintf(err, errlen, "out of memory"), -1;
    struct split_solve_options so = *o;
    so.strategy = false, so.decisions = NULL, so.values = NULL;
    so.each_class = grid_class, so.each_ctx = &x;
    struct split_result at_ref;
    int rc = split_solve(&x.ref, 1, &so, &at_ref, err, errlen);
    struct grid_acc *sum = calloc(1, x.acc.bytes);
    if (rc == 0 && !sum)
        snprintf(err, errlen, "out of memory"), rc = -1;
    if (sum) {
        for (int t = 0; t < SPLIT_MAX_SLOTS; t++)
            if (x.acc.slot[t])
                acc_add(sum, x.acc.slot[t], &x);
        if (x.acc.failed)
            sum->mismatches++;
    }
    split_thread_slots_free(&x.acc);
    if (rc == 0 && cluster_reduce(sum, x.acc.bytes, acc_add, &x) != 0)
        snprintf(err, errlen, "MPI: gathering the grid failed"), rc = -1;
    if (rc == 0 && sum->mismatches)
        snprintf(err, errlen, "internal check failed: the designer's options differ from the solver's decision "
                              "in %ld classes (or a thread ran out of memory)", sum->mismatches), rc = -1;
    for (long k = 0; rc == 0 && k < n; k++) {
        struct split_paytable pt;
        split_grid_paytable(g, k, &pt);
        results[k] = (struct split_result){pt, o->instant, totals_of(&x, sum, &pt, k), at_ref.seconds,
                                           at_ref.threads, at_ref.ranks, at_ref.bind};
    }
    if (rc == 0 && stable)
        stable[0] = sum->stable, stable[1] = sum->classes;
    free(sum);
    grid_ctx_free(&x);
    return rc;
}
