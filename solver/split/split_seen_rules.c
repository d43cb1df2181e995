/* split_seen_rules.c — the hole-carder's Split card: play rules on the
 * seen card learnt from the seen pass's cells, and their exact EVs
 * (split_seen_rules.h). */
#include "split_seen_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NCELLS = NRANKS * NRANKS * SPLIT_PLAY_CELLS }; /* [upcard][seen rank][cell] */

/* The card given with the rules added: its setting rules, the added
 * rules, then its play rules (a setting rule and a play rule never see
 * the same view, so only the order within the play rules matters). */
static void compose(const struct split_card *base, const struct split_rule *added, int n, struct split_card *out)
{
    out->n = 0;
    for (int i = 0; i < base->n; i++)
        if (!split_is_play_group(base->rule[i].group))
            out->rule[out->n++] = base->rule[i];
    for (int i = 0; i < n; i++)
        out->rule[out->n++] = added[i];
    for (int i = 0; i < base->n; i++)
        if (split_is_play_group(base->rule[i].group))
            out->rule[out->n++] = base->rule[i];
}

/* The card's decision at every cell: play[i] (1 play, 0 fold: a cell no
 * rule decides holds no hand of the card), and whether one of the rules
 * card->rule[lo..hi) decides it. */
static void decide(const struct split_card *card, int lo, int hi, uint8_t *play, uint8_t *taken)
{
    for (int i = 0; i < NCELLS; i++) {
        struct split_view v;
        split_play_cell_view(i % SPLIT_PLAY_CELLS, i / (NRANKS * SPLIT_PLAY_CELLS), i / SPLIT_PLAY_CELLS % NRANKS,
                             &v);
        int m = split_card_match(card, &v);
        play[i] = m >= 0 && card->rule[m].action == 1;
        if (taken)
            taken[i] = m >= lo && m < hi;
    }
}

/* The value with the decisions play[]. */
static wide_t value_of(const struct split_seen_cells *c, const uint8_t *play)
{
    const wide_t *g = &c->gain[0][0][0];
    wide_t v = c->base;
    for (int i = 0; i < NCELLS; i++)
        v += play[i] ? g[i] : 0;
    return v;
}

/* ---- the search for one rule ---- */

/* A candidate rule: a size of hand (0..2), a kind (-1 any), an action and
 * ranges of the upcard, the seen rank, the first and the second rank. */
struct box {
    int size, kind, action, pair; /* pair: the seen card has the upcard's rank */
    int lo[4], hi[4]; /* 0 upcard, 1 seen, 2 first, 3 second */
    wide_t gain;
};

/* What the rule would gain at each (upcard, seen, first, second): the
 * cells of its size and kind no added rule decides, where its action
 * differs from the card's.  Returns the sum of the positive ones. */
typedef wide_t delta_t[NRANKS][NRANKS][NRANKS][NRANKS];
/* ... and its prefix sums over the upcard and the seen rank */
typedef wide_t prefix_t[NRANKS + 1][NRANKS + 1][NRANKS][NRANKS];

static int kinds_of(int size) { return size == 2 ? 2 : 5; }

static wide_t deltas(const struct split_seen_cells *c, const uint8_t *play, const uint8_t *taken, const struct box *b,
                     delta_t d)
{
    wide_t positive = 0;
    int size = b->size, kind = b->kind, action = b->action;
    memset(d, 0, sizeof(delta_t));
    const wide_t *g = &c->gain[0][0][0];
    for (int i = 0; i < NCELLS; i++) {
        struct split_view v;
        if (taken[i] || play[i] == action || !g[i])
            continue;
        split_play_cell_view(i % SPLIT_PLAY_CELLS, 0, 0, &v);
        if (v.group != SPLIT_NSHAPES + size || (kind >= 0 && v.pattern != kind))
            continue;
        int up = i / (NRANKS * SPLIT_PLAY_CELLS), seen = i / SPLIT_PLAY_CELLS % NRANKS;
        if (b->pair && seen != up)
            continue;
        d[up][seen][v.first][v.second] += action ? g[i] : -g[i];
    }
    for (int a = 0; a < NRANKS; a++)
        for (int s = 0; s < NRANKS; s++)
            for (int f = 0; f < NRANKS; f++)
                for (int k = 0; k < NRANKS; k++)
                    positive += d[a][s][f][k] > 0 ? d[a][s][f][k] : 0;
    return positive;
}

static wide_t box_sum(delta_t d, const int lo[4], const int hi[4])
{
    wide_t s = 0;
    for (int a = lo[0]; a <= hi[0]; a++)
        for (int b = lo[1]; b <= hi[1]; b++)
            for (int f = lo[2]; f <= hi[2]; f++)
                for (int k = lo[3]; k <= hi[3]; k++)
                    s += d[a][b][f][k];
    return s;
}

/* The best box of d: every range of the upcard and the seen rank (their
 * sums by prefix sums), then the best rectangle of first and second ranks
 * (every range of first ranks, Kadane's scan over the second).  The first
 * best found is kept (a fixed order: the same card on every machine). */
static void best_box(delta_t d, int nsecond, prefix_t pre, struct box *best)
{
    memset(pre, 0, sizeof(prefix_t));
    for (int a = 0; a < NRANKS; a++)
        for (int b = 0; b < NRANKS; b++)
            for (int f = 0; f < NRANKS; f++)
                for (int k = 0; k < nsecond; k++)
                    pre[a + 1][b + 1][f][k] = d[a][b][f][k] + pre[a][b + 1][f][k] + pre[a + 1][b][f][k] - pre[a][b][f][k];
    wide_t m[NRANKS][NRANKS], col[NRANKS];
    for (int a0 = 0; a0 < NRANKS; a0++)
        for (int a1 = a0; a1 < NRANKS; a1++)
            for (int b0 = 0; b0 < NRANKS; b0++)
                for (int b1 = b0; b1 < NRANKS; b1++) {
                    for (int f = 0; f < NRANKS; f++)
                        for (int k = 0; k < nsecond; k++)
                            m[f][k] = pre[a1 + 1][b1 + 1][f][k] - pre[a0][b1 + 1][f][k] - pre[a1 + 1][b0][f][k] +
                                      pre[a0][b0][f][k];
                    for (int f0 = 0; f0 < NRANKS; f0++) {
                        memset(col, 0, sizeof col);
                        for (int f1 = f0; f1 < NRANKS; f1++) {
                            wide_t run = 0;
                            int from = 0;
                            for (int k = 0; k < nsecond; k++) {
                                col[k] += m[f1][k];
                                if (run <= 0)
                                    run = 0, from = k;
                                run += col[k];
                                if (run > best->gain) {
                                    best->gain = run;
                                    int lo[4] = {a0, b0, f0, from}, hi[4] = {a1, b1, f1, k};
                                    memcpy(best->lo, lo, sizeof lo), memcpy(best->hi, hi, sizeof hi);
                                }
                            }
                        }
                    }
                }
}

/* Each range widened to every rank where that loses nothing: the rule
 * reads shorter and gains as much. */
static void widen(delta_t d, struct box *b)
{
    for (int x = 0; x < 4; x++) {
        int lo = b->lo[x], hi = b->hi[x];
        b->lo[x] = 0;
        if (box_sum(d, b->lo, b->hi) < b->gain)
            b->lo[x] = lo;
        b->hi[x] = NRANKS - 1;
        if (box_sum(d, b->lo, b->hi) < b->gain)
            b->hi[x] = hi;
    }
    b->gain = box_sum(d, b->lo, b->hi); /* as much (best_box's is the largest of all boxes) */
}

static struct split_rule rule_of(const struct box *b)
{
    struct split_rule r = split_rule_any(SPLIT_NSHAPES + b->size, b->action);
    r.pattern = (int8_t)b->kind;
    r.up_lo = (uint8_t)b->lo[0], r.up_hi = (uint8_t)b->hi[0];
    r.first_lo = (uint8_t)b->lo[2], r.first_hi = (uint8_t)b->hi[2];
    if (b->size > 0) /* a single card has no second rank */
        r.second_lo = (uint8_t)b->lo[3], r.second_hi = (uint8_t)b->hi[3];
    r.seen_pair = b->pair;
    r.seen_limit = b->lo[1] > 0 || b->hi[1] < NRANKS - 1;
    r.seen_lo = (uint8_t)(r.seen_limit ? b->lo[1] : 0), r.seen_hi = (uint8_t)(r.seen_limit ? b->hi[1] : 0);
    return r;
}

/* The rule that gains most below the added ones (gain 0: none). */
static struct box next_rule(const struct split_seen_cells *c, const uint8_t *play, const uint8_t *taken, delta_t d,
                            prefix_t pre)
{
    struct box best = {.gain = 0};
    for (int size = 0; size < 3; size++)
        for (int kind = -1; kind < kinds_of(size); kind++)
            for (int action = 0; action < 2; action++)
                for (int pair = 0; pair < 2; pair++) {
                    struct box b = {size, kind, action, pair, {0}, {0}, 0};
                    /* no box gains more than the positive deltas together */
                    if (deltas(c, play, taken, &b, d) <= best.gain)
                        continue;
                    best_box(d, size == 0 ? 1 : NRANKS, pre, &b);
                    if (b.gain > best.gain) {
                        widen(d, &b);
                        best = b;
                    }
                }
    return best;
}

int split_seen_rules_learn(const struct split_seen_cells *c, const struct split_card *base, int max_added,
                           struct split_seen_rules *out, char *err, size_t errlen)
{
    uint8_t *play = malloc(NCELLS), *taken = malloc(NCELLS);
    delta_t *d = malloc(sizeof *d);
    prefix_t *pre = malloc(sizeof *pre);
    if (!play || !taken || !d || !pre)
        return free(play), free(taken), free(d), free(pre), snprintf(err, errlen, "out of memory"), -1;
    memset(out, 0, sizeof *out);
    out->base = *base;
    if (max_added > SPLIT_CARD_MAX_RULES - base->n)
        max_added = SPLIT_CARD_MAX_RULES - base->n;
    if (max_added > SPLIT_SEEN_RULES_MAX)
        max_added = SPLIT_SEEN_RULES_MAX;
    decide(base, 0, 0, play, NULL);
    out->base_ev = out->ev = value_of(c, play);
    int nset = 0;
    for (int i = 0; i < base->n; i++)
        nset += !split_is_play_group(base->rule[i].group);
    for (int k = 0; k < max_added; k++) {
        struct split_card now;
        compose(base, out->rule, out->added, &now);
        decide(&now, nset, nset + out->added, play, taken);
        struct box b = next_rule(c, play, taken, *d, *pre);
        if (b.gain <= 0)
            break;
        out->rule[out->added++] = rule_of(&b);
        out->ev += b.gain;
        out->step_ev[k] = out->ev;
    }
    compose(base, out->rule, out->added, &out->card);
    decide(&out->card, 0, 0, play, NULL);
    wide_t check = value_of(c, play);
    free(play), free(taken), free(d), free(pre);
    /* each step's gain was summed over the cells the rule would change:
     * the whole card's value, summed anew, must agree */
    if (check != out->ev)
        return snprintf(err, errlen, "internal: the hole-carder's card's EV does not add up"), -1;
    return 0;
}
