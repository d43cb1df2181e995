/* split_card_build.c — a Split card learnt from the exact values.
 *
 * A rule covers a box of views of its group: a range of its first rank,
 * of one more rank (for a setting rule, the one of its choice: the 2nd,
 * 3rd or lowest card of no pair, either odd card of one pair), a suit
 * pattern or all, a range of the upcard.  With the play rules fixed, a
 * setting's value in a class is known, so a setting rule's gain is a sum
 * over the classes in its box; with the settings fixed, the hands each
 * class plays are known, and every hand of a cell (its ranks, kind and
 * upcard) is decided alike, so a play rule's gain is a sum over cells.
 * The learner starts with one rule per group (the best such card,
 * split_card_fewest) and adds, one at a time, the rule of either part
 * that gains the most where it is placed: first in its group, or just
 * above the group's last (catch-all) rule; then each rule is refitted once
 * (refit).  The gains are summed into a
 * grid (first rank, the other rank, pattern, upcard), and every box's
 * gain is read from its 4-dimensional prefix sums (for each range of the
 * two ranks, a plane of 2-D sums over pattern and upcard, then 4 lookups
 * a box), so every box of every group is tried at each step; after each step the values
 * are summed again under the new card.
 *
 * The search runs on int64 copies of the sums (shifted right if they could
 * overflow); the EVs it reports are exact wide sums.  Ties go to the box
 * met first (fewer limits first), whatever the thread count.
 */
#include "split_card.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NF = NRANKS, NS = NRANKS, NP = SPLIT_NPATTERNS, NU = NRANKS, NCELLS = NF * NS * NP * NU };
enum { QF = NF + 1, QS = NS + 1, QP = NP + 1, QU = NU + 1, NQ = QF * QS * QP * QU };
enum { NSL = SPLIT_NSETTINGS, NRANGES = 25, NG = SPLIT_NGROUPS };

/* By group: the suit patterns (or kinds). */
static const int NPATTERNS[NG] = {1, 3, 5, 10, 5, 5, 2};

/* The grid cell of a view with its second limit naming position k. */
static int cell_at(const struct split_view *v, int k)
{
    return ((v->first * NS + v->rank[k]) * NP + v->pattern) * NU + v->up;
}
static int cell_of(const struct split_view *v) { return cell_at(v, split_second_default(v->group)); }

/* One class as the learner sees it: its view, and the cell of each hand. */
struct class_view {
    struct split_view v;
    int cell;
    uint32_t hand_cell[SPLIT_NMASKS]; /* group * NCELLS + cell of each hand mask */
};

struct learner {
    const struct split_paytable *pt;
    enum split_instant_reading reading;
    const struct split_situation *list;
    const struct split_hand_values *values;
    long n;
    struct class_view *cv;
    long *by_group;  /* the classes of each setting group in turn: [first[g], first[g + 1]) */
    long first[SPLIT_NSHAPES + 1];
    int64_t *cls_val; /* [class][action]: weight x setting value >> shift, under the current play rules */
    uint8_t *cls_at;  /* [class]: the index of its setting rule in its group */
    int shift;
    wide_t *value;   /* [group][cell][action]: weight x value, summed under the current card (play groups) */
    int64_t *scaled; /* the same >> shift, for the search */
    int64_t *weight; /* [group][cell]: situations (setting groups) or hands (play groups) */
    uint8_t *at;     /* [group][cell]: the index of the cell's rule in its group */
    int64_t *prefix; /* scratch: [NQ][NSL] */
    struct split_rule rules[NG][SPLIT_CARD_MAX_RULES];
    int len[NG];
    wide_t ev; /* the current card's exact EV, Blind included */
};

static size_t gc(int group, int cell) { return (size_t)group * NCELLS + (size_t)cell; }
static int64_t *scaled_at(struct learner *L, int group, int cell) { return L->scaled + gc(group, cell) * NSL; }
static int action_of(const struct learner *L, size_t g_cell)
{
    return L->rules[g_cell / NCELLS][L->at[g_cell]].action;
}

/* ------------------------------------------------------------------ */
/* The values under the current card                                   */
/* ------------------------------------------------------------------ */

static void view_classes(struct learner *L)
{
    long count[SPLIT_NSHAPES] = {0};
    for (long i = 0; i < L->n; i++) {
        const struct split_situation *s = &L->list[i];
        struct class_view *c = &L->cv[i];
        split_view_of(L->pt, s->P, s->u, &c->v);
        c->cell = cell_of(&c->v);
        count[c->v.group]++;
        for (int m = 1; m < 15; m++) {
            struct split_view hv;
            split_hand_view_of(s->P, m, s->u, &hv);
            c->hand_cell[m] = (uint32_t)gc(hv.group, cell_of(&hv));
        }
    }
    L->first[0] = 0;
    for (int g = 0; g < SPLIT_NSHAPES; g++)
        L->first[g + 1] = L->first[g] + count[g];
    long at[SPLIT_NSHAPES];
    memcpy(at, L->first, sizeof at);
    for (long i = 0; i < L->n; i++)
        L->by_group[at[L->cv[i].v.group]++] = i;
}

/* Whether hand h of class i is played: as the current play rules say, or
 * (oracle) as is best for the hand. */
static bool hand_plays(const struct learner *L, long i, int h, bool oracle)
{
    if (oracle)
        return L->values[i].play[h] > -(wide_t)L->pt->den * SPLIT_L;
    return action_of(L, L->cv[i].hand_cell[h]);
}

/* A setting's value in class i (Blind excluded): its option, priced by
 * split_option_value, the hands played as hand_plays says. */
static wide_t option_value(const struct learner *L, long i, int setting, bool oracle)
{
    struct split_option o = split_setting_option(&L->cv[i].v, setting, false, false);
    if (o.choice != SPLIT_FOLD_ALL) {
        o.play_a = o.choice != SPLIT_INSTANT && hand_plays(L, i, o.hand_a, oracle); /* an instant three is paid */
        o.play_b = hand_plays(L, i, o.hand_b, oracle);
    }
    return split_option_value(L->pt, L->list[i].P, &L->values[i], &o);
}

/* A setting's value in class i with the current play rules. */
static wide_t setting_value(const struct learner *L, long i, int setting)
{
    return option_value(L, i, setting, false);
}

/* Every group's sums under the current card, and its exact EV: each
 * class's setting values, and the play cells' values (play over fold). */
static void sum_values(struct learner *L)
{
    memset(L->value, 0, (size_t)NG * NCELLS * NSL * sizeof *L->value);
    memset(L->weight, 0, (size_t)NG * NCELLS * sizeof *L->weight);
    wide_t fold = -(wide_t)L->pt->den * SPLIT_L;
    L->ev = 0;
    /* each class's setting values, and its exact part of the EV (integer
     * sums: the same in any order, so at any thread count) */
#pragma omp parallel
    {
        wide_t ev = 0;
#pragma omp for schedule(static)
        for (long i = 0; i < L->n; i++) {
            int group = L->cv[i].v.group, setting = L->rules[group][L->cls_at[i]].action;
            int64_t w = L->list[i].weight, *val = L->cls_val + (size_t)i * NSL;
            for (int k = 0; k < NSL; k++)
                val[k] = split_action_valid(group, k, L->reading) ? (int64_t)(w * setting_value(L, i, k) >> L->shift) : 0;
            ev += w * (split_blind_value(L->pt, L->list[i].P) + setting_value(L, i, setting));
        }
#pragma omp critical(split_card_ev)
        L->ev += ev;
    }
    /* the hands each class plays, into their cells */
    for (long i = 0; i < L->n; i++) {
        const struct class_view *c = &L->cv[i];
        int64_t w = L->list[i].weight;
        int setting = L->rules[c->v.group][L->cls_at[i]].action, a, b;
        split_setting_hands(&c->v, setting, &a, &b);
        const int hands[2] = {c->v.group == SPLIT_INSTANT_WINNER ? 0 : a, b};
        for (int h = 0; h < 2; h++)
            if (hands[h]) {
                size_t at = c->hand_cell[hands[h]];
                L->value[at * NSL + 1] += w * (L->values[i].play[hands[h]] - fold); /* play over fold */
                L->weight[at] += w;
            }
    }
    for (size_t i = (size_t)SPLIT_NSHAPES * NCELLS * NSL; i < (size_t)NG * NCELLS * NSL; i++)
        L->scaled[i] = (int64_t)(L->value[i] >> L->shift);
}

/* The search's int64 values are shifted right so that no sum over all
 * situations can overflow: every option is worth at most 2 x (the
 * largest pay + 2) units a situation. */
static int shift_for(const struct split_paytable *pt)
{
    int64_t top = pt->den;
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        top = pt->ante_draw[c] > top ? pt->ante_draw[c] : top;
        top = pt->ante_instant[c] > top ? pt->ante_instant[c] : top;
    }
    wide_t bound = (wide_t)SPLIT_SITUATIONS * 2 * (top + 2 * pt->den) * SPLIT_L * 2;
    int shift = 0;
    while ((bound >> shift) >= (wide_t)1 << 60)
        shift++;
    return shift;
}

/* ------------------------------------------------------------------ */
/* The current card                                                    */
/* ------------------------------------------------------------------ */

static bool cell_in(const struct split_rule *r, int cell)
{
    int u = cell % NU, p = cell / NU % NP, s = cell / (NU * NP) % NS, f = cell / (NU * NP * NS);
    return f >= r->first_lo && f <= r->first_hi && s >= r->second_lo && s <= r->second_hi && u >= r->up_lo &&
           u <= r->up_hi && (r->pattern < 0 || r->pattern == p);
}

static void assign(struct learner *L, int group)
{
    if (!split_is_play_group(group)) {
        for (long c = L->first[group]; c < L->first[group + 1]; c++) {
            long i = L->by_group[c];
            int k = 0;
            while (k < L->len[group] - 1 && !split_rule_matches(&L->rules[group][k], &L->cv[i].v))
                k++;
            L->cls_at[i] = (uint8_t)k;
        }
        return;
    }
    for (int cell = 0; cell < NCELLS; cell++) {
        int k = 0;
        while (k < L->len[group] - 1 && !cell_in(&L->rules[group][k], cell))
            k++;
        L->at[gc(group, cell)] = (uint8_t)k;
    }
}

/* What each action is worth, summed, where rule k decides (scaled); and
 * the weight it decides. */
static int64_t rule_sums(struct learner *L, int group, int k, int64_t sum[NSL])
{
    int64_t w = 0;
    memset(sum, 0, NSL * sizeof *sum);
    if (!split_is_play_group(group)) {
        for (long c = L->first[group]; c < L->first[group + 1]; c++) {
            long i = L->by_group[c];
            if (L->cls_at[i] != k)
                continue;
            w += L->list[i].weight;
            for (int a = 0; a < NSL; a++)
                sum[a] += L->cls_val[(size_t)i * NSL + a];
        }
        return w;
    }
    for (int cell = 0; cell < NCELLS; cell++)
        if (L->at[gc(group, cell)] == k) {
            w += L->weight[gc(group, cell)];
            for (int a = 0; a < NSL; a++)
                sum[a] += scaled_at(L, group, cell)[a];
        }
    return w;
}

/* The catch-all takes the action best for what it decides. */
static void best_catch_all(struct learner *L, int group)
{
    int last = L->len[group] - 1, best = -1;
    int64_t sum[NSL];
    rule_sums(L, group, last, sum);
    for (int k = 0; k < NSL; k++)
        if (split_action_valid(group, k, L->reading) && (best < 0 || sum[k] > sum[best]))
            best = k;
    L->rules[group][last].action = (uint8_t)best;
}

/* Drops rules (but the catch-all) that decide nothing now. */
static void drop_dead(struct learner *L, int group)
{
    for (int k = L->len[group] - 2; k >= 0; k--) {
        int64_t sum[NSL];
        if (rule_sums(L, group, k, sum) == 0) {
            memmove(&L->rules[group][k], &L->rules[group][k + 1],
                    (size_t)(L->len[group] - k - 1) * sizeof(struct split_rule));
            L->len[group]--;
            assign(L, group);
        }
    }
}

static int card_length(const struct learner *L)
{
    int n = 0;
    for (int g = 0; g < NG; g++)
        n += L->len[g];
    return n;
}

/* Setting rules by shape, then play rules by size. */
static void card_of(const struct learner *L, struct split_card *c)
{
    c->n = 0;
    for (int g = 0; g < NG; g++)
        for (int k = 0; k < L->len[g]; k++)
            c->rule[c->n++] = L->rules[g][k];
}

/* ------------------------------------------------------------------ */
/* The search                                                          */
/* ------------------------------------------------------------------ */

/* What each action gains over the current one, on what rule j or a later
 * one decides, into the grid (first rank, the rank at position alt,
 * pattern, upcard); then its prefix sums. */
static void build_prefix(struct learner *L, int group, int j, int alt)
{
    int64_t *Q = L->prefix;
    memset(Q, 0, (size_t)NQ * NSL * sizeof *Q);
    if (!split_is_play_group(group))
        for (long c = L->first[group]; c < L->first[group + 1]; c++) {
            long i = L->by_group[c];
            int k = L->cls_at[i];
            if (k < j)
                continue;
            const struct split_view *v = &L->cv[i].v;
            const int64_t *val = L->cls_val + (size_t)i * NSL;
            int64_t cur = val[L->rules[group][k].action];
            int64_t *q = Q + ((size_t)(((v->first + 1) * QS + v->rank[alt] + 1) * QP + v->pattern + 1) * QU + v->up + 1) * NSL;
            for (int a = 0; a < NSL; a++)
                q[a] += val[a] - cur;
        }
    else
        for (int f = 0; f < NF; f++)
            for (int s = 0; s < NS; s++)
                for (int p = 0; p < NP; p++)
                    for (int u = 0; u < NU; u++) {
                        int cell = ((f * NS + s) * NP + p) * NU + u, k = L->at[gc(group, cell)];
                        if (k < j)
                            continue;
                        const int64_t *val = scaled_at(L, group, cell);
                        int64_t cur = val[L->rules[group][k].action];
                        int64_t *q = Q + ((size_t)(((f + 1) * QS + s + 1) * QP + p + 1) * QU + u + 1) * NSL;
                        for (int a = 0; a < NSL; a++)
                            q[a] = val[a] - cur;
                    }
    /* the prefix sums, one dimension at a time: along dimension d, each
     * row of dims[d] blocks of stride[d] values adds its previous block */
    const size_t strides[4] = {(size_t)QS * QP * QU * NSL, (size_t)QP * QU * NSL, (size_t)QU * NSL, NSL};
    const int dims[4] = {QF, QS, QP, QU};
    for (int d = 0; d < 4; d++) {
        size_t row = strides[d] * (size_t)dims[d];
        for (size_t start = 0; start < (size_t)NQ * NSL; start += row)
            for (size_t i = start + strides[d]; i < start + row; i++)
                Q[i] += Q[i - strides[d]];
    }
}
/* The 25 ranges a limit tries: none, "R or higher" (R = 3..A), "R or lower" (R = 2..K). */
static void range_at(int i, uint8_t *lo, uint8_t *hi)
{
    if (i == 0)
        *lo = 0, *hi = NRANKS - 1;
    else if (i <= 12)
        *lo = (uint8_t)i, *hi = NRANKS - 1;
    else
        *lo = 0, *hi = (uint8_t)(i - 13);
}

/* The 91 ranges of the first rank: none first, then lo..hi. */
static void interval_at(int i, uint8_t *lo, uint8_t *hi)
{
    if (i == 0) {
        *lo = 0, *hi = NRANKS - 1;
        return;
    }
    int k = 0;
    for (int a = 0; a < NRANKS; a++)
        for (int b = a; b < NRANKS; b++)
            if (!(a == 0 && b == NRANKS - 1) && ++k == i) {
                *lo = (uint8_t)a, *hi = (uint8_t)b;
                return;
            }
}

struct move {
    int64_t gain;
    long index; /* the box's place in the enumeration: ties go to the lowest */
    int group, position;
    struct split_rule rule;
};

static bool better(const struct move *a, const struct move *b)
{
    return a->gain > b->gain || (a->gain == b->gain && a->index < b->index);
}

/* The grid's sums over a range of first ranks [flo, fhi] and of the other
 * rank [slo, shi], for every corner (pattern, upcard) of the prefix sums:
 * the 2-D prefix sums that the rest of a box is read from, in 4 lookups. */
static void plane_of(const int64_t *Q, int flo, int fhi, int slo, int shi, int64_t R[QP * QU * NSL])
{
    const size_t n = (size_t)QP * QU * NSL;
    const int64_t *hh = Q + ((size_t)(fhi + 1) * QS + shi + 1) * n, *lh = Q + ((size_t)flo * QS + shi + 1) * n;
    const int64_t *hl = Q + ((size_t)(fhi + 1) * QS + slo) * n, *ll = Q + ((size_t)flo * QS + slo) * n;
    for (size_t i = 0; i < n; i++)
        R[i] = hh[i] - lh[i] - hl[i] + ll[i];
}

/* The best rule for position j of the group, its second limit naming
 * position alt, over every box and action. */
static void search_position(struct learner *L, int group, int j, int alt, struct move *best)
{
    build_prefix(L, group, j, alt);
    const int64_t *Q = L->prefix;
    bool named = split_second_valid(group, alt), other = alt != split_second_default(group);
    int nsecond = named ? NRANGES : 1, npat = NPATTERNS[group] + (NPATTERNS[group] > 1);
    bool valid[NSL];
    for (int slot = 0; slot < NSL; slot++)
        valid[slot] = split_action_valid(group, slot, L->reading);
#pragma omp parallel
    {
        struct move mine = {.gain = 0, .index = -1};
        int64_t R[QP * QU * NSL];
#pragma omp for schedule(dynamic, 1)
        for (int fi = 0; fi < 91; fi++)
            for (int si = 0; si < nsecond; si++) {
                if (si == 0 && other)
                    continue; /* no second limit: the default's */
                struct split_rule r = {.group = (uint8_t)group,
                                       .second_of = (uint8_t)(si == 0 ? split_second_default(group) : alt)};
                interval_at(fi, &r.first_lo, &r.first_hi);
                range_at(si, &r.second_lo, &r.second_hi);
                plane_of(Q, r.first_lo, r.first_hi, r.second_lo, r.second_hi, R);
                for (int pi = 0; pi < npat; pi++)
                    for (int ui = 0; ui < NRANGES; ui++) {
                        if (fi == 0 && si == 0 && pi == 0 && ui == 0)
                            continue; /* the whole group: the catch-all's place */
                        r.pattern = (int8_t)(NPATTERNS[group] == 1 ? -1 : pi - 1);
                        range_at(ui, &r.up_lo, &r.up_hi);
                        int p0 = pi == 0 ? 0 : pi - 1, p1 = pi == 0 ? NP - 1 : pi - 1;
                        const int64_t *hh = R + ((size_t)(p1 + 1) * QU + r.up_hi + 1) * NSL,
                                      *lh = R + ((size_t)p0 * QU + r.up_hi + 1) * NSL,
                                      *hl = R + ((size_t)(p1 + 1) * QU + r.up_lo) * NSL,
                                      *ll = R + ((size_t)p0 * QU + r.up_lo) * NSL;
                        long index = (((long)fi * NRANGES + si) * (NP + 1) + pi) * NRANGES + ui;
                        for (int slot = 0; slot < NSL; slot++) {
                            if (!valid[slot])
                                continue;
                            r.action = (uint8_t)slot;
                            struct move m = {hh[slot] - lh[slot] - hl[slot] + ll[slot], index * NSL + slot, group, j, r};
                            if (m.gain > 0 && (mine.index < 0 || better(&m, &mine)))
                                mine = m;
                        }
                    }
            }
#pragma omp critical(split_card_search)
        if (mine.index >= 0 && (best->index < 0 || better(&mine, best)))
            *best = mine;
    }
}

static void insert(struct learner *L, const struct move *m)
{
    struct split_rule *rs = L->rules[m->group];
    memmove(&rs[m->position + 1], &rs[m->position], (size_t)(L->len[m->group] - m->position) * sizeof *rs);
    rs[m->position] = m->rule;
    L->len[m->group]++;
    assign(L, m->group);
}

/* The values under the card, then every catch-all's best action, then the
 * values again (a new catch-all changes the other part's values). */
static void settle(struct learner *L)
{
    sum_values(L);
    for (int g = 0; g < NG; g++) {
        drop_dead(L, g);
        best_catch_all(L, g);
    }
    sum_values(L);
}

/* The move that gains the most over every group and place; false if none gains. */
static bool best_move(struct learner *L, struct move *best)
{
    *best = (struct move){.gain = 0, .index = -1};
    for (int g = 0; g < NG; g++) {
        int alts[4] = {split_second_default(g)}, nalt = 1;
        for (int k = 1; k < 4; k++)
            if (k != alts[0] && split_second_valid(g, k))
                alts[nalt++] = k;
        for (int a = 0; a < nalt; a++) {
            search_position(L, g, 0, alts[a], best);
            if (L->len[g] > 1)
                search_position(L, g, L->len[g] - 1, alts[a], best);
        }
    }
    return best->index >= 0;
}

static void record(struct learner *L, struct split_card_build *out);

/* After the greedy steps, one pass: each rule in turn (but the catch-alls)
 * taken out and the best rule put in its stead, kept when the card gains.
 * (2014-1a's 15-rule card: 4.615% -> 4.378% of a unit; a second pass
 * gained 0.006% and took twice as long.) */
static void refit(struct learner *L, struct split_card_build *out)
{
    for (int g = 0; g < NG; g++)
        for (int k = 0; k < L->len[g] - 1; k++) {
            struct split_rule saved[NG][SPLIT_CARD_MAX_RULES];
            int saved_len[NG];
            wide_t before = L->ev;
            memcpy(saved, L->rules, sizeof saved), memcpy(saved_len, L->len, sizeof saved_len);
            memmove(&L->rules[g][k], &L->rules[g][k + 1], (size_t)(L->len[g] - k - 1) * sizeof(struct split_rule));
            L->len[g]--;
            assign(L, g);
            settle(L);
            struct move m;
            if (best_move(L, &m)) {
                insert(L, &m);
                settle(L);
            }
            if (L->ev > before) {
                record(L, out);
                continue;
            }
            memcpy(L->rules, saved, sizeof saved), memcpy(L->len, saved_len, sizeof saved_len);
            for (int h = 0; h < NG; h++)
                assign(L, h);
            settle(L);
        }
}

static void record(struct learner *L, struct split_card_build *out)
{
    int k = card_length(L);
    if (out->cards[k].n == 0 || L->ev > out->ev[k]) {
        card_of(L, &out->cards[k]);
        out->ev[k] = L->ev;
    }
    if (k > out->longest)
        out->longest = k;
}

/* A setting's value with every hand played optimally. */
static wide_t oracle_value(const struct learner *L, long i, int k)
{
    return option_value(L, i, k, true);
}

/* The EV if every full view took its best setting and every hand were
 * played optimally: no card of this form does better. */
static wide_t best_in_language(const struct learner *L)
{
    uint64_t *key = malloc((size_t)L->n * sizeof *key);
    long *order = malloc((size_t)L->n * sizeof *order);
    wide_t ev = 0;
    if (!key || !order)
        goto done;
    for (long i = 0; i < L->n; i++)
        key[i] = split_view_key(&L->cv[i].v);
    if (split_order_by_key(key, L->n, order) != 0)
        goto done;
    for (long s = 0, e; s < L->n; s = e) {
        wide_t sum[NSL] = {0};
        int group = L->cv[order[s]].v.group;
        for (e = s; e < L->n && key[order[e]] == key[order[s]]; e++) {
            long i = order[e];
            ev += L->list[i].weight * split_blind_value(L->pt, L->list[i].P);
            for (int k = 0; k < NSL; k++)
                if (split_action_valid(group, k, L->reading))
                    sum[k] += L->list[i].weight * oracle_value(L, i, k);
        }
        int best = -1;
        for (int k = 0; k < NSL; k++)
            if (split_action_valid(group, k, L->reading) && (best < 0 || sum[k] > sum[best]))
                best = k;
        ev += sum[best];
    }
done:
    free(key), free(order);
    return ev;
}

static void learner_free(struct learner *L)
{
    free(L->cv), free(L->by_group), free(L->cls_val), free(L->cls_at);
    free(L->value), free(L->scaled), free(L->weight), free(L->at), free(L->prefix);
}

int split_card_build(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                     const struct split_hand_values *values, long n, int max_rules, struct split_card_build *out,
                     char *err, size_t errlen)
{
    struct learner L = {.pt = pt, .reading = r, .list = list, .values = values, .n = n};
    size_t nv = (size_t)NG * NCELLS * NSL;
    L.cv = malloc((size_t)n * sizeof *L.cv);
    L.by_group = malloc((size_t)n * sizeof *L.by_group);
    L.cls_val = malloc((size_t)n * NSL * sizeof *L.cls_val);
    L.cls_at = calloc((size_t)n, sizeof *L.cls_at);
    L.value = calloc(nv, sizeof *L.value);
    L.scaled = calloc(nv, sizeof *L.scaled);
    L.weight = calloc((size_t)NG * NCELLS, sizeof *L.weight);
    L.at = calloc((size_t)NG * NCELLS, sizeof *L.at);
    L.prefix = malloc((size_t)NQ * NSL * sizeof *L.prefix);
    L.shift = shift_for(pt);
    if (!L.cv || !L.by_group || !L.cls_val || !L.cls_at || !L.value || !L.scaled || !L.weight || !L.at || !L.prefix) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    if (max_rules > SPLIT_CARD_MAX_RULES)
        max_rules = SPLIT_CARD_MAX_RULES;
    memset(out, 0, sizeof *out);
    view_classes(&L);
    out->best_in_language = best_in_language(&L);
    /* the start: the best card of one rule per shape and hand size (whose
     * actions are best for each other, which one round of best actions
     * from "play every hand" did not find: 2014-1a's split every shape
     * 2+2 and folded every 2-card hand, 105.6% of a unit against 17.6%) */
    enum { FEWEST = SPLIT_NSHAPES + 1 }; /* the four shapes and the single card */
    struct split_card few[3];
    wide_t few_ev[3];
    if (split_card_fewest(pt, r, list, values, n, few, few_ev) != 0) {
        learner_free(&L);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    for (int g = 0; g < NG; g++) {
        L.rules[g][0] = few[2].rule[g];
        L.len[g] = 1;
        assign(&L, g);
    }
    settle(&L);
    out->shortest = NG;
    record(&L, out);
    out->fewest = FEWEST;
    for (int k = 0; k < 2; k++)
        out->cards[FEWEST + k] = few[k], out->ev[FEWEST + k] = few_ev[k];
    /* Each move gains, so the EV only grows; a move may also drop rules it
     * shadows, hence the bound on the moves. */
    for (int moves = 0; card_length(&L) < max_rules && moves < 4 * SPLIT_CARD_MAX_RULES; moves++) {
        struct move best;
        if (!best_move(&L, &best))
            break; /* no rule gains */
        insert(&L, &best);
        settle(&L);
        record(&L, out);
        if (getenv("FOURCARD_CARD_TRACE")) {
            char t[400];
            fprintf(stderr, "step: +%lld at %d: %s -> %d rules\n", (long long)best.gain, best.position,
                    split_rule_text(&best.rule, t, sizeof t), card_length(&L));
        }
    }
    refit(&L, out);
    learner_free(&L);
    return 0;
}
