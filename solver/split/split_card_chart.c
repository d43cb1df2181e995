/* split_card_chart.c — a Split card as long as its words allow: what it
 * costs, and how its cost falls with its length.
 *
 * The learner's short cards leave most of the cost (2014-1a: 4.4% of a
 * unit at 15 rules).  The chart is the learned card with exceptions above
 * it: each view of the setting rules (shape, all four ranks, suit
 * pattern, upcard) and each cell of the play rules (hand size, its two
 * ranks, kind, upcard) gets the chart's decision.  The settings and play
 * decisions are fitted in turn (the settings best for the play decisions,
 * then the play decisions best for those settings) until nothing changes,
 * from two starts, the better kept; among equals the card's own decision
 * stays.  The fit is a local optimum, not a proven best.  Views (cells)
 * that differ only in the upcard and decide alike make one exception with
 * an upcard range, from the first to the last that decides otherwise than
 * the card.
 *
 * Shorter charts keep the first exceptions of the better of two orders:
 * by their gain within the whole chart (what their views or cells would
 * lose under the card's decisions, the rest of the chart as it is), or
 * greedily (greedy_order).  Every length of both orders is priced
 * exactly, in one pass each (every_length_ev); the first length within
 * the target, in either order, is the shortest chart that meets it.
 * Integer sums throughout, so the same bits at any thread count.
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
    uint64_t *vkey;           /* [view]: its key (split_view_key: the upcard last) */
    uint8_t *set;             /* [view]: the chart's setting */
    uint8_t *play;            /* [cell]: 1 play, 0 fold */
    wide_t *cell_sum;         /* [cell]: weight x (play - fold), summed under the settings */
    uint8_t *base_set;        /* [view]: the card's setting */
    uint8_t *base_play;       /* [cell]: the card's play decision */
};

static wide_t fold_value(const struct chart *C) { return -(wide_t)C->pt->den * SPLIT_L; }

/* Whether hand h of class i is played: as `play_of` decides for its
 * cell, or as is best for the hand when play_of is NULL. */
static bool hand_plays(const struct chart *C, long i, int h, const uint8_t *play_of)
{
    return play_of ? play_of[C->cell[i][h]] : C->values[i].play[h] > fold_value(C);
}

/* A setting's value in class i (Blind excluded): its option, priced by
 * split_option_value, the hands played as hand_plays says. */
static wide_t setting_value(const struct chart *C, long i, int setting, const uint8_t *play_of)
{
    struct split_option o = split_setting_option(&C->view[i], setting, false, false);
    if (o.choice != SPLIT_FOLD_ALL) {
        o.play_a = o.choice != SPLIT_INSTANT && hand_plays(C, i, o.hand_a, play_of); /* an instant three is paid */
        o.play_b = hand_plays(C, i, o.hand_b, play_of);
    }
    return split_option_value(C->pt, C->list[i].P, &C->values[i], &o);
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
            if (rule < 0)
                return free(key), -2;
            C->base_play[C->cell[i][m]] = card->rule[rule].action;
        }
    }
    if (split_order_by_key(key, C->n, C->order) != 0)
        return free(key), -1;
    C->nviews = 0;
    for (long s = 0; s < C->n; s++)
        if (s == 0 || key[C->order[s]] != key[C->order[s - 1]]) {
            int rule = split_card_match(card, &C->view[C->order[s]]);
            if (rule < 0)
                return free(key), -2;
            C->base_set[C->nviews] = card->rule[rule].action;
            C->vkey[C->nviews] = key[C->order[s]];
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

/* Adds (sign 1) or takes away (-1) the hands class i forms under a
 * setting to their cells' sums. */
static void cells_add(struct chart *C, long i, int setting, int sign)
{
    int a, b;
    split_setting_hands(&C->view[i], setting, &a, &b);
    if (C->view[i].group == SPLIT_INSTANT_WINNER)
        a = 0; /* the three is paid at once */
    wide_t w = sign * C->list[i].weight, fold = fold_value(C);
    if (a)
        C->cell_sum[C->cell[i][a]] += w * (C->values[i].play[a] - fold);
    if (b)
        C->cell_sum[C->cell[i][b]] += w * (C->values[i].play[b] - fold);
}

/* View x's classes move from setting `from` to `to`: their hands leave
 * the cells of one and join those of the other. */
static void cells_move(struct chart *C, long x, int from, int to)
{
    for (long s = C->view_start[x]; s < C->view_start[x + 1]; s++)
        cells_add(C, C->order[s], from, -1), cells_add(C, C->order[s], to, 1);
}

/* The hands each class plays under the settings, summed into their cells. */
static void sum_cells(struct chart *C, const uint8_t *set_of_view)
{
    memset(C->cell_sum, 0, (size_t)SPLIT_NSIZES * NCELL * sizeof *C->cell_sum);
    for (long v = 0; v < C->nviews; v++)
        for (long s = C->view_start[v]; s < C->view_start[v + 1]; s++)
            cells_add(C, C->order[s], set_of_view[v], 1);
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

/* One exception of the chart: a run of views (by index) or of cells that
 * differ only in the upcard and all decide alike, from the first to the
 * last that decides otherwise than the card, as one rule with an upcard
 * range; its gain (the sum of its members'). */
struct chart_rule {
    wide_t gain;
    long first, count; /* views [first, first + count), or cells when is_cell */
    bool is_cell;
};

static int by_gain(const void *x, const void *y)
{
    const struct chart_rule *a = x, *b = y;
    if (a->gain != b->gain)
        return a->gain < b->gain ? 1 : -1;
    if (a->is_cell != b->is_cell)
        return a->is_cell - b->is_cell;
    return (a->first > b->first) - (a->first < b->first);
}

/* A run being gathered: its decision, its first and last exception. */
struct run {
    bool open;
    int action;
    long first, last;
    wide_t gain;
};

static void run_close(struct run *u, bool is_cell, struct chart_rule *r, long *n)
{
    if (u->open)
        r[(*n)++] = (struct chart_rule){u->gain, u->first, u->last - u->first + 1, is_cell};
    u->open = false;
}

/* Member x (same run key as the last one when `same`) deciding `action`,
 * an exception with `gain` when `exception`. */
static void run_step(struct run *u, bool same, long x, int action, bool exception, wide_t gain, bool is_cell,
                     struct chart_rule *r, long *n)
{
    if (u->open && (!same || action != u->action))
        run_close(u, is_cell, r, n);
    if (!exception)
        return; /* a member deciding as the card: inside a run it changes nothing */
    if (u->open)
        u->last = x, u->gain += gain;
    else
        *u = (struct run){true, action, x, x, gain};
}

/* The chart's exceptions, by gain, most first.  Views sorted by key and
 * cells by index both have the upcard last, so a run is consecutive.
 * Returns their count, or -1 (out of memory). */
static long chart_rules(struct chart *C, struct chart_rule **out)
{
    long cap = C->nviews + (long)SPLIT_NSIZES * NCELL, n = 0;
    struct chart_rule *r = malloc((size_t)cap * sizeof *r);
    if (!r)
        return -1;
    struct run u = {false, 0, 0, 0, 0};
    for (long v = 0; v < C->nviews; v++) {
        bool exception = C->set[v] != C->base_set[v];
        wide_t sum[NSL] = {0};
        if (exception)
            view_sums(C, v, C->play, sum);
        bool same = v > 0 && C->vkey[v] / NRANKS == C->vkey[v - 1] / NRANKS;
        run_step(&u, same, v, C->set[v], exception, sum[C->set[v]] - sum[C->base_set[v]], false, r, &n);
    }
    run_close(&u, false, r, &n);
    sum_cells(C, C->set);
    for (long c = 0; c < (long)SPLIT_NSIZES * NCELL; c++) {
        bool exception = C->cell_sum[c] != 0 && C->play[c] != C->base_play[c];
        wide_t gain = C->play[c] ? C->cell_sum[c] : -C->cell_sum[c];
        run_step(&u, c % NRANKS != 0, c, C->play[c], exception, gain, true, r, &n);
    }
    run_close(&u, true, r, &n);
    qsort(r, (size_t)n, sizeof *r, by_gain);
    *out = r;
    return n;
}

/* What rule e gains given the decisions set/play, with cell_sum summed
 * under set. */
static wide_t marginal_gain(const struct chart *C, const struct chart_rule *e, const uint8_t *set,
                            const uint8_t *play)
{
    wide_t gain = 0;
    for (long x = e->first; x < e->first + e->count; x++) {
        if (e->is_cell) {
            if (C->play[x] != play[x])
                gain += C->play[x] ? C->cell_sum[x] : -C->cell_sum[x];
            continue;
        }
        if (C->set[x] == set[x])
            continue;
        for (long s = C->view_start[x]; s < C->view_start[x + 1]; s++) {
            long i = C->order[s];
            gain += C->list[i].weight * (setting_value(C, i, C->set[x], play) - setting_value(C, i, set[x], play));
        }
    }
    return gain;
}

/* The exceptions in the greedy order, in rounds: each round takes the
 * eighth of the rest (16 at least) that gain the most given the ones
 * already taken above the card.  It finds first what pays alone, and
 * last what pays only with others (a setting and the play cells it
 * forms), where the order by gain within the whole chart does the
 * opposite. */
static void greedy_order(struct chart *C, struct chart_rule *r, long n, uint8_t *set, uint8_t *play)
{
    memcpy(set, C->base_set, (size_t)C->nviews);
    memcpy(play, C->base_play, (size_t)SPLIT_NSIZES * NCELL);
    sum_cells(C, set); /* then kept summed under set as the views change */
    for (long done = 0; done < n;) {
#pragma omp parallel for schedule(dynamic, 16)
        for (long j = done; j < n; j++)
            r[j].gain = marginal_gain(C, &r[j], set, play);
        qsort(r + done, (size_t)(n - done), sizeof *r, by_gain);
        long take = (n - done) / 8 > 16 ? (n - done) / 8 : 16;
        for (long j = done; j < n && j < done + take; j++)
            for (long x = r[j].first; x < r[j].first + r[j].count; x++)
                if (r[j].is_cell)
                    play[x] = C->play[x];
                else if (set[x] != C->set[x]) {
                    cells_move(C, x, set[x], C->set[x]);
                    set[x] = C->set[x];
                }
        done += take;
    }
}

/* ev[k], k = 0..n: the EV of the card with the first k exceptions of
 * `rules` above it.  One pass: each exception adds what it gains under
 * the ones above it, its views' classes priced with the play decisions
 * so far (and their hands moved to the cells of the new setting), its
 * cells gaining their sums under the settings so far.  Leaves cell_sum
 * summed under the settings of all n. */
static void every_length_ev(struct chart *C, const struct chart_rule *rules, long n, uint8_t *set, uint8_t *play,
                            wide_t *ev)
{
    memcpy(set, C->base_set, (size_t)C->nviews);
    memcpy(play, C->base_play, (size_t)SPLIT_NSIZES * NCELL);
    ev[0] = chart_ev(C, set, play);
    sum_cells(C, set);
    for (long j = 0; j < n; j++) {
        wide_t gain = 0;
        for (long x = rules[j].first; x < rules[j].first + rules[j].count; x++) {
            if (rules[j].is_cell) {
                if (play[x] != C->play[x])
                    gain += C->play[x] ? C->cell_sum[x] : -C->cell_sum[x];
                play[x] = C->play[x];
                continue;
            }
            if (set[x] == C->set[x])
                continue;
            for (long s = C->view_start[x]; s < C->view_start[x + 1]; s++) {
                long i = C->order[s];
                gain += C->list[i].weight * (setting_value(C, i, C->set[x], play) - setting_value(C, i, set[x], play));
            }
            cells_move(C, x, set[x], C->set[x]);
            set[x] = C->set[x];
        }
        ev[j + 1] = ev[j] + gain;
    }
}

/* The exception as a rule of the card's words: every rank the group's
 * rules can name held to its value, the suit pattern (kind), the upcard
 * range; ranks limited from the lowest position (the canonical form). */
static struct split_rule exception_rule(const struct chart *C, const struct chart_rule *e)
{
    struct split_rule r = {.first_hi = NRANKS - 1, .second_hi = NRANKS - 1, .pattern = -1};
    uint8_t rank[4] = {0}, pattern, up_lo, up_hi, action;
    if (e->is_cell) {
        long c = e->first % NCELL, last = (e->first + e->count - 1) % NCELL;
        r.group = (uint8_t)(SPLIT_NSHAPES + e->first / NCELL);
        rank[0] = (uint8_t)(c / (NRANKS * SPLIT_NPATTERNS * NRANKS));
        rank[1] = (uint8_t)(c / (NRANKS * SPLIT_NPATTERNS) % NRANKS);
        pattern = (uint8_t)(c / NRANKS % SPLIT_NPATTERNS);
        up_lo = (uint8_t)(c % NRANKS), up_hi = (uint8_t)(last % NRANKS);
        action = C->play[e->first];
    } else {
        const struct split_view *v = &C->view[C->order[C->view_start[e->first]]];
        r.group = v->group;
        memcpy(rank, v->rank, sizeof rank);
        rank[0] = v->first;
        pattern = v->pattern;
        up_lo = v->up, up_hi = C->view[C->order[C->view_start[e->first + e->count - 1]]].up;
        action = C->set[e->first];
    }
    r.first_lo = r.first_hi = rank[0];
    r.second_of = (uint8_t)split_second_default(r.group);
    bool second = false;
    for (int k = 1; k < 4; k++) {
        if (!split_second_valid(r.group, k))
            continue;
        if (!second)
            r.second_of = (uint8_t)k, r.second_lo = r.second_hi = rank[k], second = true;
        else
            r.more_of |= (uint8_t)(1 << k), r.more_lo[k] = r.more_hi[k] = rank[k];
    }
    if (r.group != SPLIT_INSTANT_WINNER) /* groups with suit patterns (kinds) */
        r.pattern = (int8_t)pattern;
    r.up_lo = up_lo, r.up_hi = up_hi, r.action = action;
    return r;
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
    free(out->decision), free(out->exception[0]), free(out->exception[1]);
    free(out->every_ev[0]), free(out->every_ev[1]);
    out->decision = NULL, out->exception[0] = out->exception[1] = NULL;
    out->every_ev[0] = out->every_ev[1] = NULL;
}

static void chart_free(struct chart *C)
{
    free(C->view), free(C->cell), free(C->order), free(C->view_start);
    free(C->set), free(C->play), free(C->cell_sum), free(C->base_set), free(C->base_play), free(C->vkey);
}

/* Settings and play decisions fitted in turn until nothing changes.  It
 * ends: neither step lowers the EV, and while the EV stays the same a
 * decision only moves to the card's or to the first of equal settings;
 * the cap is a guard. */
static void fit(struct chart *C)
{
    for (int round = 0; round < 64; round++)
        if (fit_settings(C, C->play, true) + fit_play(C) == 0)
            break;
}

/* The play decisions the optimal strategy's hands call for: each cell
 * plays when the hands of the best options in it gain by playing. */
static void optimal_play(struct chart *C)
{
    memset(C->cell_sum, 0, (size_t)SPLIT_NSIZES * NCELL * sizeof *C->cell_sum);
    for (long i = 0; i < C->n; i++) {
        struct split_option o;
        split_best_option(C->pt, C->reading, C->list[i].P, &C->values[i], &o);
        int hands[2] = {o.choice == SPLIT_INSTANT ? 0 : o.hand_a, o.hand_b};
        for (int h = 0; h < 2; h++)
            if (o.choice != SPLIT_FOLD_ALL && hands[h])
                C->cell_sum[C->cell[i][hands[h]]] +=
                    C->list[i].weight * (C->values[i].play[hands[h]] - fold_value(C));
    }
    for (long c = 0; c < (long)SPLIT_NSIZES * NCELL; c++)
        C->play[c] = C->cell_sum[c] > 0 || (C->cell_sum[c] == 0 && C->base_play[c]);
}

/* The chart fitted from two starts, the better kept (the first of
 * equals): the settings best with every hand played at its best, and the
 * play decisions of the optimal strategy's hands. */
static void fit_best(struct chart *C, uint8_t *set, uint8_t *play)
{
    fit_settings(C, NULL, true);
    fit_play(C);
    fit(C);
    wide_t best = chart_ev(C, C->set, C->play);
    memcpy(set, C->set, (size_t)C->nviews), memcpy(play, C->play, (size_t)SPLIT_NSIZES * NCELL);
    optimal_play(C);
    fit(C);
    if (chart_ev(C, C->set, C->play) > best)
        return;
    memcpy(C->set, set, (size_t)C->nviews), memcpy(C->play, play, (size_t)SPLIT_NSIZES * NCELL);
}

int split_chart_better_order(const struct split_card_chart *c, long k)
{
    return c->every_ev[1][k] > c->every_ev[0][k];
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
    C.vkey = malloc((size_t)n * sizeof *C.vkey);
    C.set = calloc((size_t)n, 1), C.base_set = calloc((size_t)n, 1);
    C.play = calloc(ncells, 1), C.base_play = calloc(ncells, 1);
    C.cell_sum = malloc(ncells * sizeof *C.cell_sum);
    uint8_t *set = malloc((size_t)n), *play = malloc(ncells);
    struct chart_rule *rules = NULL, *ordered[SPLIT_CHART_NORDERS] = {NULL, NULL};
    memset(out, 0, sizeof *out);
    out->decision = malloc((size_t)n);
    long nrules = -1;
    int viewed = -1;
    if (C.view && C.cell && C.order && C.view_start && C.vkey && C.set && C.base_set && C.play && C.base_play &&
        C.cell_sum && set && play && out->decision && (viewed = view_all(&C, card)) == 0) {
        fit_best(&C, set, play);
        record_decisions(&C, out->decision);
        nrules = chart_rules(&C, &rules);
        for (int o = 0; nrules >= 0 && o < SPLIT_CHART_NORDERS; o++) {
            out->exception[o] = malloc(((size_t)nrules + 1) * sizeof **out->exception);
            out->every_ev[o] = malloc(((size_t)nrules + 1) * sizeof **out->every_ev);
            ordered[o] = malloc(((size_t)nrules + 1) * sizeof *rules);
        }
    }
    if (nrules < 0 || !out->exception[0] || !out->exception[1] || !out->every_ev[0] || !out->every_ev[1] ||
        !ordered[0] || !ordered[1]) {
        chart_free(&C), free(set), free(play), free(rules), free(ordered[0]), free(ordered[1]);
        split_card_chart_free(out);
        return snprintf(err, errlen, viewed == -2 ? "the card leaves a situation or a hand undecided"
                                                  : "out of memory"), -1;
    }
    for (int o = 0; o < SPLIT_CHART_NORDERS; o++) {
        if (o == 1)
            greedy_order(&C, rules, nrules, set, play);
        for (long k = 0; k < nrules; k++)
            out->exception[o][k] = exception_rule(&C, &rules[k]);
        memcpy(ordered[o], rules, (size_t)nrules * sizeof *rules);
        every_length_ev(&C, ordered[o], nrules, set, play, out->every_ev[o]);
    }
    out->nexceptions = nrules;
    out->ev = out->every_ev[0][nrules];
    for (long i = 0; i < n; i++)
        out->optimal_ev += list[i].weight * (split_blind_value(pt, list[i].P) +
                                             split_best_value(pt, r, list[i].P, &values[i]));
    out->views = C.nviews;
    for (size_t c = 0; c < ncells; c++) /* every_length_ev left the sums of the whole chart */
        out->cells += C.cell_sum[c] != 0;
    out->rules = card->n + nrules;
    /* the lengths shown: the card alone, then about three a decade, each
     * the better of the two orders (the first of equals) */
    static const long SHOWN[] = {0, 5, 15, 35, 85, 185, 285, 485, 985, 1985, 2985, 4985, 9985, 19985, 29985, 49985};
    for (size_t s = 0; s < sizeof SHOWN / sizeof *SHOWN && SHOWN[s] < nrules; s++) {
        int j = out->nlengths++;
        out->length[j] = card->n + SHOWN[s];
        out->length_order[j] = split_chart_better_order(out, SHOWN[s]);
        out->length_ev[j] = out->every_ev[out->length_order[j]][SHOWN[s]];
    }
    out->length[out->nlengths] = out->rules;
    out->length_ev[out->nlengths++] = out->ev;
    /* the fewest exceptions within the target, in either order: every
     * length is priced, so it is the first that meets it */
    wide_t unit = (wide_t)SPLIT_SITUATIONS * SPLIT_L * pt->den; /* a unit over every situation */
    for (long k = 0; k <= nrules && !out->met_at; k++) {
        int o = split_chart_better_order(out, k);
        if ((out->optimal_ev - out->every_ev[o][k]) * target_per <= unit)
            out->met_at = card->n + k, out->met_ev = out->every_ev[o][k], out->met_order = (uint8_t)o;
    }
    free(ordered[0]), free(ordered[1]);
    free(rules), chart_free(&C), free(set), free(play);
    return 0;
}
