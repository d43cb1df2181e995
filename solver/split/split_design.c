/* split_design.c — the exact sensitivity of the EV to each pay line.
 *
 * In a situation every option's value is linear in a pay (split_options.h),
 * so the chosen option stays optimal while no other overtakes it
 * (crossing.h); the nearest such point over every situation bounds the
 * interval.  Inside it the EV is the chosen strategy's, whose slope is
 * the weighted sum of the chosen options'.
 */
#include "split_design.h"

#include <string.h>

#include "cluster.h"
#include "crossing.h"
#include "split_options.h"
#include "split_situations.h"
#include "split_thread_slots.h"

struct sens_acc {
    wide_t slope[SPLIT_NLINES]; /* sum of weight x the chosen option's slope */
    struct crossing above[SPLIT_NLINES], below[SPLIT_NLINES];
    long mismatches;            /* classes where the options disagree with the solver's decision */
};

struct sens_ctx {
    const struct split_paytable *pt;
    enum split_instant_reading instant;
    struct split_thread_slots acc;
};

/* Under the "highest" reading only the top-paying instant winners are
 * offered: moving line l's pay changes that set where it meets the best
 * other instant pay M of the situation.  Past such a point the options
 * differ, so the point itself is left out (open). */
static void highest_bounds(const struct sens_ctx *x, const struct cards_info *ci, const struct split_line *l,
                           const struct split_option *best, struct sens_acc *a, int li)
{
    bool present = false;
    int64_t m = -1, p = x->pt->ante_instant[l->cat];
    for (int i = 0; i < 4; i++) {
        int c;
        if (is_instant(ci, SPLIT_TRIOS[i], &c)) {
            if (c == l->cat)
                present = true;
            else if (x->pt->ante_instant[c] > m)
                m = x->pt->ante_instant[c];
        }
    }
    if (!present || m < 0)
        return;
    if (p < m)
        crossing_take(&a->above[li], m - p, 1, true);
    else if (p > m)
        crossing_take(&a->below[li], p - m, 1, true);
    else if (best->instant_cat == l->cat) /* tied at the top: leaving it loses the chosen option */
        crossing_take(&a->below[li], 0, 1, false);
    else
        crossing_take(&a->above[li], 0, 1, false);
}

static void sens_class(void *ctx, int thread, const struct split_situation *s,
                       const struct split_hand_counts counts[SPLIT_NMASKS])
{
    struct sens_ctx *x = ctx;
    struct sens_acc *a = split_thread_slot(&x->acc, thread);
    if (!a)
        return;
    struct split_class_view v;
    if (!split_class_view(x->pt, x->instant, s->P, counts, &v))
        a->mismatches++;
    const struct cards_info ci = v.ci;
    const struct hand_weights *hw = v.hw;
    const struct split_option *opt = v.opt;
    int n = v.n, b = v.b;
    for (int li = 0; li < SPLIT_NLINES; li++) {
        const struct split_line *l = split_line_at(li);
        if (l->table == SPLIT_LINE_BLIND) {
            if (l->cat == ci.blind_cat)
                a->slope[li] += (wide_t)s->weight * SPLIT_L;
            continue;
        }
        int64_t sb = split_option_slope(&opt[b], hw, l);
        a->slope[li] += (wide_t)s->weight * sb;
        for (int i = 0; i < n; i++) {
            int64_t delta = split_option_slope(&opt[i], hw, l) - sb;
            if (delta > 0)
                crossing_take(&a->above[li], opt[b].value - opt[i].value, delta, false);
            else if (delta < 0)
                crossing_take(&a->below[li], opt[b].value - opt[i].value, -delta, false);
        }
        if (x->instant == SPLIT_INSTANT_HIGHEST && l->table == SPLIT_LINE_ANTE_INSTANT)
            highest_bounds(x, &ci, l, &opt[b], a, li);
    }
}

static void acc_add(void *into, const void *from, void *unused)
{
    (void)unused;
    struct sens_acc *a = into;
    const struct sens_acc *b = from;
    for (int li = 0; li < SPLIT_NLINES; li++) {
        a->slope[li] += b->slope[li];
        crossing_merge(&a->above[li], &b->above[li]);
        crossing_merge(&a->below[li], &b->below[li]);
    }
    a->mismatches += b->mismatches;
}

static void line_result(const struct split_paytable *pt, int li, const struct sens_acc *a,
                        struct split_line_sensitivity *r)
{
    const struct split_line *l = split_line_at(li);
    r->line = li;
    r->pay = split_line_pay_of(pt, l);
    r->den = pt->den;
    r->d_ev = a->slope[li];
    r->decisions = l->table != SPLIT_LINE_BLIND;
    r->low = crossing_bound(r->pay, pt->den, &a->below[li], -1, 0); /* Split's pays are never below 0 */
    r->high = crossing_bound(r->pay, pt->den, &a->above[li], +1, 0);
}

int split_sensitivity(const struct split_paytable *pt, const struct split_solve_options *o,
                      struct split_sensitivity *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    struct sens_ctx x = {.pt = pt, .instant = o->instant, .acc = {.bytes = sizeof(struct sens_acc)}};
    struct split_solve_options so = *o;
    so.strategy = false, so.decisions = NULL, so.values = NULL;
    so.each_class = sens_class, so.each_ctx = &x;
    int rc = split_solve(pt, 1, &so, &out->base, err, errlen);
    struct sens_acc *sum = calloc(1, sizeof *sum);
    if (rc == 0 && !sum)
        snprintf(err, errlen, "out of memory"), rc = -1;
    if (sum) {
        for (int t = 0; t < SPLIT_MAX_SLOTS; t++)
            if (x.acc.slot[t])
                acc_add(sum, x.acc.slot[t], NULL);
        if (x.acc.failed)
            sum->mismatches++; /* made known on every rank through the reduce */
    }
    split_thread_slots_free(&x.acc);
    if (rc != 0)
        return free(sum), -1;
    if (cluster_reduce(sum, sizeof *sum, acc_add, NULL) != 0) {
        snprintf(err, errlen, "MPI: gathering the sensitivity failed");
        return free(sum), -1;
    }
    if (sum->mismatches) {
        snprintf(err, errlen, "internal check failed: the designer's options differ from the solver's decision "
                              "in %ld classes (or a thread ran out of memory)", sum->mismatches);
        return free(sum), -1;
    }
    for (int li = 0; li < SPLIT_NLINES; li++)
        line_result(pt, li, sum, &out->lines[li]);
    free(sum);
    return 0;
}
