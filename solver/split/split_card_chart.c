/* split_card_chart.c — how long a Split card must be to meet the target.
 *
 * The learner's short cards leave most of the cost (2014-1a: 4.4% of a
 * unit at 15 rules).  The chart is the longest card of the same words:
 * the learned card with an exception above it for each view of the
 * setting rules (shape, all four ranks, suit pattern, upcard) and each
 * cell of the play rules (hand size, its two ranks, kind, upcard) where
 * the chart decides otherwise.  The chart's settings and play decisions
 * are fitted in turn: the settings best for the play decisions, then the
 * play decisions best for those settings, until nothing changes (neither
 * step can lower the EV); among equals the card's own decision is kept,
 * so an indifferent view or cell needs no exception.
 *
 * Shorter charts keep the exceptions that gain the most: an exception's
 * gain is what its view or cell would lose under the card's decision, the
 * rest of the chart as it is.  Each length reported is priced exactly
 * over every class; the shortest within the target is found by halving
 * the number of exceptions (each length tried is priced, and the one
 * reported met the target).  Integer sums throughout, so the same bits at
 * any thread count.
 */
#include "split_card.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NSL = SPLIT_NSETTINGS, NCELL = NRANKS * NRANKS * SPLIT_NPATTERNS * NRANKS };

struct chart {
    const struct split_paytable *pt;
    enum split_instant_reading reading;
    const struct split_situation *list;
    const struct split_hand_values *values;
    long n;
    struct split_view *view;  /* [class] its setting view */
    uint32_t (*cell)[16];     /* [class][hand mask]: its play cell, size * NCELL + cell */
    long *order;              /* the classes by view */
    long *view_start;         /* [view]: its first class in order; [nviews] = n */
    long nviews;
    uint8_t *set;             /* [view]: the chart's setting */
    uint8_t *play;            /* [cell]: 1 play, 0 fold */
    wide_t *cell_sum;         /* [cell]: weight x (play - fold), summed under the settings */
    uint8_t *base_set;        /* [view]: the card's setting */
    uint8_t *base_play;       /* [cell]: the card's play decision */
};

static wide_t fold_value(const struct chart *C) { return -(wide_t)C->pt->den * SPLIT_L; }

/* Hand h of class i played or folded as `play_of` decides for its cell,
 * or as is best for the hand when play_of is NULL. */
static wide_t hand_value(const struct chart *C, long i, int h, const uint8_t *play_of)
{
    wide_t play = C->values[i].play[h], fold = fold_value(C);
    if (!play_of)
        return play > fold ? play : fold;
    return play_of[C->cell[i][h]] ? play : fold;
}

/* A setting's value in class i (Blind excluded), its hands played as
 * hand_value says. */
static wide_t setting_value(const struct chart *C, long i, int setting, const uint8_t *play_of)
{
    const struct split_view *v = &C->view[i];
    wide_t fold = fold_value(C);
    int a, b;
    split_setting_hands(v, setting, &a, &b);
    if (v->group == SPLIT_INSTANT_WINNER) {
        struct split_option o = {SPLIT_INSTANT, (uint8_t)a, (uint8_t)b, false, false};
        wide_t three = split_option_value(C->pt, C->list[i].P, &C->values[i], &o) - fold;
        return three + hand_value(C, i, b, play_of);
    }
    if (setting == 0)
        return 2 * fold;
    return hand_value(C, i, a, play_of) + hand_value(C, i, b, play_of);
}

/* ------------------------------------------------------------------ */
/* The views and cells of every class                                  */
/* ------------------------------------------------------------------ */

static int view_all(struct chart *C, const struct split_card *card)
{
    uint64_t *key = malloc((size_t)C->n * sizeof *key);
    if (!key)
        return -1;
    for (long i = 0; i < C->n; i++) {
        const struct split_situation *s = &C->list[i];
        split_view_of(C->pt, s->P, s->u, &C->view[i]);
        key[i] = split_view_key(&C->view[i]);
        C->cell[i][0] = C->cell[i][15] = 0; /* no hand */
        for (int m = 1; m < 15; m++) {
            struct split_view hv;
            split_hand_view_of(s->P, m, s->u, &hv);
            int cell = ((hv.first * NRANKS + hv.rank[1]) * SPLIT_NPATTERNS + hv.pattern) * NRANKS + hv.up;
            C->cell[i][m] = (uint32_t)((hv.group - SPLIT_NSHAPES) * NCELL + cell);
            int rule = split_card_match(card, &hv);
            C->base_play[C->cell[i][m]] = rule >= 0 && card->rule[rule].action;
        }
    }
    if (split_order_by_key(key, C->n, C->order) != 0)
        return free(key), -1;
    C->nviews = 0;
    for (long s = 0; s < C->n; s++)
        if (s == 0 || key[C->order[s]] != key[C->order[s - 1]]) {
            int rule = split_card_match(card, &C->view[C->order[s]]);
            C->base_set[C->nviews] = rule >= 0 ? card->rule[rule].action : 0;
            C->view_start[C->nviews++] = s;
        }
    C->view_start[C->nviews] = C->n;
    free(key);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The fit                                                             */
/* ------------------------------------------------------------------ */

/* Every action's value summed over view v's classes. */
static void view_sums(const struct chart *C, long v, const uint8_t *play_of, wide_t sum[NSL])
{
    int group = C->view[C->order[C->view_start[v]]].group;
    memset(sum, 0, NSL * sizeof *sum);
    for (long s = C->view_start[v]; s < C->view_start[v + 1]; s++) {
        long i = C->order[s];
        for (int k = 0; k < NSL; k++)
            if (split_action_valid(group, k, C->reading))
                sum[k] += C->list[i].weight * setting_value(C, i, k, play_of);
    }
}

/* Each view takes its best setting under the play decisions: the card's
 * among equals when `keep_card`, else the first.  Returns how many changed. */
static long fit_settings(struct chart *C, const uint8_t *play_of, bool keep_card)
{
    long changed = 0;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : changed)
    for (long v = 0; v < C->nviews; v++) {
        int group = C->view[C->order[C->view_start[v]]].group, best = -1;
        wide_t sum[NSL];
        view_sums(C, v, play_of, sum);
        for (int k = 0; k < NSL; k++)
            if (split_action_valid(group, k, C->reading) && (best < 0 || sum[k] > sum[best]))
                best = k;
        if (keep_card && sum[C->base_set[v]] == sum[best])
            best = C->base_set[v];
        changed += C->set[v] != best;
        C->set[v] = (uint8_t)best;
    }
    return changed;
}

/* The hands each class plays under the settings, summed into their cells. */
static void sum_cells(struct chart *C, const uint8_t *set_of_view)
{
    memset(C->cell_sum, 0, (size_t)SPLIT_NSIZES * NCELL * sizeof *C->cell_sum);
    wide_t fold = fold_value(C);
    for (long v = 0; v < C->nviews; v++)
        for (long s = C->view_start[v]; s < C->view_start[v + 1]; s++) {
            long i = C->order[s];
            int a, b;
            split_setting_hands(&C->view[i], set_of_view[v], &a, &b);
            if (C->view[i].group == SPLIT_INSTANT_WINNER)
                a = 0; /* the three is paid at once */
            if (a)
                C->cell_sum[C->cell[i][a]] += C->list[i].weight * (C->values[i].play[a] - fold);
            if (b)
                C->cell_sum[C->cell[i][b]] += C->list[i].weight * (C->values[i].play[b] - fold);
        }
}

/* Each cell plays when that gains (as the card decides when it makes no
 * difference).  Returns how many changed. */
static long fit_play(struct chart *C)
{
    sum_cells(C, C->set);
    long changed = 0;
    for (long c = 0; c < (long)SPLIT_NSIZES * NCELL; c++) {
        uint8_t p = C->cell_sum[c] > 0 || (C->cell_sum[c] == 0 && C->base_play[c]);
        changed += C->play[c] != p;
        C->play[c] = p;
    }
    return changed;
}

/* The exact EV (Blind included) of the chart whose views and cells decide
 * as set_of_view and play_of say. */
static wide_t chart_ev(const struct chart *C, const uint8_t *set_of_view, const uint8_t *play_of)
{
    wide_t ev = 0;
#pragma omp parallel
    {
        wide_t mine = 0;
#pragma omp for schedule(static)
        for (long v = 0; v < C->nviews; v++)
            for (long s = C->view_start[v]; s < C->view_start[v + 1]; s++) {
                long i = C->order[s];
                mine += C->list[i].weight *
                        (split_blind_value(C->pt, C->list[i].P) + setting_value(C, i, set_of_view[v], play_of));
            }
#pragma omp critical(split_chart_ev)
        ev += mine;
    }
    return ev;
}

/* ------------------------------------------------------------------ */
/* The rules and the shorter charts                                    */
/* ------------------------------------------------------------------ */

/* One rule of the chart: a view (index < nviews) or a cell, and its gain. */
struct rule_gain {
    wide_t gain;
    long index;
};

static int by_gain(const void *x, const void *y)
{
    const struct rule_gain *a = x, *b = y;
    if (a->gain != b->gain)
        return a->gain < b->gain ? 1 : -1;
    return (a->index > b->index) - (a->index < b->index);
}

/* The chart's exceptions (views and cells deciding otherwise than the
 * card), by gain, most first.  Returns their count, or -1 (out of memory). */
static long chart_rules(struct chart *C, struct rule_gain **out)
{
    long cap = C->nviews + (long)SPLIT_NSIZES * NCELL, n = 0;
    struct rule_gain *r = malloc((size_t)cap * sizeof *r);
    if (!r)
        return -1;
    for (long v = 0; v < C->nviews; v++) {
        if (C->set[v] == C->base_set[v])
            continue;
        wide_t sum[NSL];
        view_sums(C, v, C->play, sum);
        r[n++] = (struct rule_gain){sum[C->set[v]] - sum[C->base_set[v]], v};
    }
    sum_cells(C, C->set);
    for (long c = 0; c < (long)SPLIT_NSIZES * NCELL; c++)
        if (C->cell_sum[c] != 0 && C->play[c] != C->base_play[c])
            r[n++] = (struct rule_gain){C->play[c] ? C->cell_sum[c] : -C->cell_sum[c], C->nviews + c};
    qsort(r, (size_t)n, sizeof *r, by_gain);
    *out = r;
    return n;
}

/* The EV of the card with the first k exceptions (by gain) above it. */
static wide_t kept_ev(const struct chart *C, const struct rule_gain *rules, long k, uint8_t *set, uint8_t *play)
{
    memcpy(set, C->base_set, (size_t)C->nviews);
    memcpy(play, C->base_play, (size_t)SPLIT_NSIZES * NCELL);
    for (long j = 0; j < k; j++) {
        long x = rules[j].index;
        if (x < C->nviews)
            set[x] = C->set[x];
        else
            play[x - C->nviews] = C->play[x - C->nviews];
    }
    return chart_ev(C, set, play);
}

/* Each class's setting, and which of its hands it plays. */
static void record_decisions(const struct chart *C, uint8_t *decision)
{
    for (long v = 0; v < C->nviews; v++)
        for (long s = C->view_start[v]; s < C->view_start[v + 1]; s++) {
            long i = C->order[s];
            int a, b;
            split_setting_hands(&C->view[i], C->set[v], &a, &b);
            bool instant = C->view[i].group == SPLIT_INSTANT_WINNER;
            decision[i] = (uint8_t)(C->set[v] | (a && !instant && C->play[C->cell[i][a]]) << 4 |
                                    (b && C->play[C->cell[i][b]]) << 5);
        }
}

void split_card_chart_free(struct split_card_chart *out)
{
    free(out->decision);
    out->decision = NULL;
}

static void chart_free(struct chart *C)
{
    free(C->view), free(C->cell), free(C->order), free(C->view_start);
    free(C->set), free(C->play), free(C->cell_sum), free(C->base_set), free(C->base_play);
}

int split_card_chart(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                     const struct split_hand_values *values, long n, const struct split_card *card, int target_per,
                     struct split_card_chart *out, char *err, size_t errlen)
{
    struct chart C = {.pt = pt, .reading = r, .list = list, .values = values, .n = n};
    size_t ncells = (size_t)SPLIT_NSIZES * NCELL;
    C.view = malloc((size_t)n * sizeof *C.view);
    C.cell = malloc((size_t)n * sizeof *C.cell);
    C.order = malloc((size_t)n * sizeof *C.order);
    C.view_start = malloc((size_t)(n + 1) * sizeof *C.view_start);
    C.set = calloc((size_t)n, 1), C.base_set = calloc((size_t)n, 1);
    C.play = calloc(ncells, 1), C.base_play = calloc(ncells, 1);
    C.cell_sum = malloc(ncells * sizeof *C.cell_sum);
    uint8_t *set = malloc((size_t)n), *play = malloc(ncells);
    struct rule_gain *rules = NULL;
    memset(out, 0, sizeof *out);
    out->decision = malloc((size_t)n);
    long nrules = -1;
    if (C.view && C.cell && C.order && C.view_start && C.set && C.base_set && C.play && C.base_play && C.cell_sum &&
        set && play && out->decision && view_all(&C, card) == 0) {
        /* Start from the settings best with every hand played at its best,
         * then fit settings and play in turn until nothing changes (each
         * step keeps or raises the EV; the cap guards against a cycle). */
        fit_settings(&C, NULL, true);
        fit_play(&C);
        for (int round = 0; round < 32; round++)
            if (fit_settings(&C, C.play, true) + fit_play(&C) == 0)
                break;
        record_decisions(&C, out->decision);
        nrules = chart_rules(&C, &rules);
    }
    if (nrules < 0) {
        chart_free(&C), free(set), free(play), split_card_chart_free(out);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    out->ev = chart_ev(&C, C.set, C.play);
    for (long i = 0; i < n; i++)
        out->optimal_ev += list[i].weight * (split_blind_value(pt, list[i].P) +
                                             split_best_value(pt, r, list[i].P, &values[i]));
    out->views = C.nviews;
    sum_cells(&C, C.set);
    for (size_t c = 0; c < ncells; c++)
        out->cells += C.cell_sum[c] != 0;
    out->rules = card->n + nrules;
    /* the lengths shown: the card alone, then about three a decade */
    static const long SHOWN[] = {0, 5, 15, 35, 85, 185, 285, 485, 985, 1985, 2985, 4985, 9985, 19985, 29985, 49985};
    for (size_t s = 0; s < sizeof SHOWN / sizeof *SHOWN && SHOWN[s] < nrules; s++) {
        out->length[out->nlengths] = card->n + SHOWN[s];
        out->length_ev[out->nlengths++] = kept_ev(&C, rules, SHOWN[s], set, play);
    }
    out->length[out->nlengths] = out->rules;
    out->length_ev[out->nlengths++] = out->ev;
    /* the fewest exceptions within the target, halving between a number
     * that misses it and one that meets it */
    wide_t unit = (wide_t)SPLIT_SITUATIONS * SPLIT_L * pt->den; /* a unit over every situation */
    if ((out->optimal_ev - out->ev) * target_per <= unit) {
        long lo = -1, hi = nrules; /* hi meets the target; lo misses it (-1: fewer than none) */
        wide_t hi_ev = out->ev;
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            wide_t ev = kept_ev(&C, rules, mid, set, play);
            if ((out->optimal_ev - ev) * target_per <= unit)
                hi = mid, hi_ev = ev;
            else
                lo = mid;
        }
        out->met_at = card->n + hi;
        out->met_ev = hi_ev;
    }
    free(rules), chart_free(&C), free(set), free(play);
    return 0;
}
