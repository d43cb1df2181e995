/* frenzy_design.c — the Odds lines' sensitivity and grids (frenzy_design.h).
 *
 * A hand is folded (value -2 Antes) or raised r = 1..its most, worth
 * Ante + Odds + r x Raise, where the Odds is upto x W + higher x B: W and
 * B the Win and Bad Beat pays of its row (times den), upto the dealer
 * hands it beats or copies, higher the others.  So a raise's slope on W
 * is upto and on B higher; folding has none; all raises share their slope.
 */
#include "frenzy_design.h"
#include "frenzy_par.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct frenzy_line lines[FRENZY_NLINES] = {
    {"odds-win.quad-aces", FT_ODDS_WIN, FO_QUAD_ACES},
    {"odds-win.four-of-a-kind", FT_ODDS_WIN, FO_QUADS},
    {"odds-win.straight-flush", FT_ODDS_WIN, FO_STRAIGHT_FLUSH},
    {"odds-win.three-of-a-kind", FT_ODDS_WIN, FO_TRIPS},
    {"odds-win.flush", FT_ODDS_WIN, FO_FLUSH},
    {"odds-win.straight", FT_ODDS_WIN, FO_STRAIGHT},
    {"odds-win.two-pair-or-less", FT_ODDS_WIN, FO_LOW},
    {"odds-bad-beat.four-of-a-kind", FT_BAD_BEAT, FO_QUADS},
    {"odds-bad-beat.straight-flush", FT_BAD_BEAT, FO_STRAIGHT_FLUSH},
    {"odds-bad-beat.three-of-a-kind", FT_BAD_BEAT, FO_TRIPS},
    {"odds-bad-beat.flush", FT_BAD_BEAT, FO_FLUSH},
    {"odds-bad-beat.straight", FT_BAD_BEAT, FO_STRAIGHT},
    {"odds-bad-beat.two-pair-or-less", FT_BAD_BEAT, FO_LOW},
};

const struct frenzy_line *frenzy_line_at(int i) { return i >= 0 && i < FRENZY_NLINES ? &lines[i] : NULL; }

int frenzy_line_find(const char *name)
{
    for (int i = 0; i < FRENZY_NLINES; i++)
        if (strcasecmp(lines[i].name, name) == 0)
            return i;
    return -1;
}

int64_t *frenzy_line_pay(struct frenzy_game *g, const struct frenzy_line *l)
{
    return l->kind == FT_ODDS_WIN ? &g->win.pay[l->row] : &g->bad_beat.pay[l->row];
}

static void rescale_table(struct frenzy_table *t, int64_t den)
{
    for (int row = 0; row < FRENZY_MAXROWS; row++)
        t->pay[row] *= den / t->den;
    t->den = den;
}

void frenzy_game_rescale(struct frenzy_game *g, int64_t den)
{
    rescale_table(&g->win, den);
    rescale_table(&g->bad_beat, den);
}

/* A raise's slope on line l for class c (0 off its row). */
static int64_t raise_slope(const struct frenzy_class *c, const struct frenzy_line *l)
{
    if (frenzy_odds_row(c->rank) != l->row)
        return 0;
    return l->kind == FT_ODDS_WIN ? c->upto : FRENZY_DEALER_HANDS - c->upto;
}

/* ------------------------------------------------------------------ */
/* Sensitivity                                                          */
/* ------------------------------------------------------------------ */

struct sens_acc {
    wide_t slope[FRENZY_NLINES];
    struct crossing above[FRENZY_NLINES], below[FRENZY_NLINES];
};

static void sens_class(const struct frenzy_game *g, int64_t den, const struct frenzy_class *c, struct sens_acc *a)
{
    struct frenzy_decision d;
    frenzy_decide(g, den, c, &d);
    for (int li = 0; li < FRENZY_NLINES; li++) {
        int64_t slope = raise_slope(c, &lines[li]);
        if (slope == 0)
            continue;
        if (d.choice == FRENZY_FOLD) { /* a raise overtakes the fold as the pay goes up */
            for (int r = 1; r <= d.max_raise; r++)
                crossing_take(&a->above[li], d.ev[FRENZY_FOLD] - d.ev[r], slope, false);
        } else { /* the fold overtakes the raise as the pay goes down */
            a->slope[li] += (wide_t)c->weight * slope;
            crossing_take(&a->below[li], d.ev[d.choice] - d.ev[FRENZY_FOLD], slope, false);
        }
    }
}

void frenzy_sensitivity(const struct frenzy_game *g0, const struct frenzy_counts *c, struct frenzy_sensitivity *out)
{
    struct frenzy_game g = *g0;
    int64_t den = frenzy_game_den(&g);
    frenzy_game_rescale(&g, den);
    memset(out, 0, sizeof *out);
    out->base.game = g;
    out->base.den = den;
    frenzy_price(&g, c, &out->base.tot);
    struct sens_acc sum;
    memset(&sum, 0, sizeof sum);
#pragma omp parallel
    {
        struct sens_acc mine;
        memset(&mine, 0, sizeof mine);
#pragma omp for schedule(static)
        for (long i = 0; i < c->n; i++)
            sens_class(&g, den, &c->classes[i], &mine);
#pragma omp critical(frenzy_sensitivity)
        for (int li = 0; li < FRENZY_NLINES; li++) {
            sum.slope[li] += mine.slope[li];
            crossing_merge(&sum.above[li], &mine.above[li]);
            crossing_merge(&sum.below[li], &mine.below[li]);
        }
    }
    for (int li = 0; li < FRENZY_NLINES; li++) {
        struct frenzy_line_sensitivity *r = &out->lines[li];
        r->line = li;
        r->pay = *frenzy_line_pay(&g, &lines[li]);
        r->den = den;
        r->d_ev = sum.slope[li];
        r->low = crossing_bound(r->pay, den, &sum.below[li], -1, -1); /* a pay may be a loss, -1 */
        r->high = crossing_bound(r->pay, den, &sum.above[li], +1, -1);
    }
}

/* ------------------------------------------------------------------ */
/* Grids                                                                */
/* ------------------------------------------------------------------ */

static long values_of(const struct frenzy_vary *v) { return (long)((v->hi - v->lo) / v->step) + 1; }

long frenzy_grid_size(const struct frenzy_grid *g, long limit)
{
    long n = 1;
    for (int v = 0; v < g->nvary; v++) {
        long k = values_of(&g->vary[v]);
        if (k < 1 || n > limit / k)
            return -1;
        n *= k;
    }
    return n;
}

void frenzy_grid_game(const struct frenzy_grid *g, long i, struct frenzy_game *out)
{
    *out = g->base;
    for (int v = g->nvary - 1; v >= 0; v--) {
        long k = values_of(&g->vary[v]);
        *frenzy_line_pay(out, &lines[g->vary[v].line]) = g->vary[v].lo + (i % k) * g->vary[v].step;
        i /= k;
    }
}

/* Each Odds row's own grid: the varied lines on that row (at most two),
 * its games (one per combination of their values), and where its totals
 * start in the table of all rows. */
struct row_grid {
    int nvary, vary[2];
    long npairs, first;
};

static void row_grids(const struct frenzy_grid *g, struct row_grid rows[FO_NROWS], long *total)
{
    *total = 0;
    for (int row = 0; row < FO_NROWS; row++) {
        struct row_grid *r = &rows[row];
        *r = (struct row_grid){.npairs = 1, .first = *total};
        for (int v = 0; v < g->nvary; v++)
            if (lines[g->vary[v].line].row == row) {
                r->vary[r->nvary++] = v;
                r->npairs *= values_of(&g->vary[v]);
            }
        *total += r->npairs;
    }
}

/* The digit of varied line v in paytable k's index. */
static long digit(const struct frenzy_grid *g, long k, int v)
{
    for (int u = g->nvary - 1; u > v; u--)
        k /= values_of(&g->vary[u]);
    return k % values_of(&g->vary[v]);
}

/* Paytable k's pair on a row: its digits on the row's lines, in their radix. */
static long pair_of(const struct frenzy_grid *g, const struct row_grid *r, long k)
{
    long p = 0;
    for (int j = 0; j < r->nvary; j++)
        p = p * values_of(&g->vary[r->vary[j]]) + digit(g, k, r->vary[j]);
    return p;
}

/* The game of a row's pair p: base with the row's varied lines set. */
static void pair_game(const struct frenzy_grid *g, const struct row_grid *r, long p, struct frenzy_game *out)
{
    *out = g->base;
    for (int j = r->nvary - 1; j >= 0; j--) {
        const struct frenzy_vary *v = &g->vary[r->vary[j]];
        *frenzy_line_pay(out, &lines[v->line]) = v->lo + (p % values_of(v)) * v->step;
        p /= values_of(v);
    }
}

int frenzy_grid_price(const struct frenzy_grid *g, long n, const struct frenzy_counts *c, struct frenzy_totals *tot)
{
    struct row_grid rows[FO_NROWS];
    long total;
    row_grids(g, rows, &total);
    struct frenzy_game *games = malloc((size_t)total * sizeof *games);
    struct frenzy_totals *sum = calloc((size_t)total, sizeof *sum);
    int failed = !games || !sum;
    for (int row = 0; !failed && row < FO_NROWS; row++)
        for (long p = 0; p < rows[row].npairs; p++)
            pair_game(g, &rows[row], p, &games[rows[row].first + p]);
    int64_t den = frenzy_game_den(&g->base);
#pragma omp parallel if (!failed)
    {
        struct frenzy_totals *mine = failed ? NULL : calloc((size_t)total, sizeof *mine);
#pragma omp for schedule(dynamic, 256)
        for (long i = 0; i < c->n; i++) {
            const struct row_grid *r = &rows[frenzy_odds_row(c->classes[i].rank)];
            for (long p = 0; mine && p < r->npairs; p++) {
                struct frenzy_decision d;
                frenzy_decide(&games[r->first + p], den, &c->classes[i], &d);
                frenzy_account(&d, c->classes[i].weight, &mine[r->first + p]);
            }
        }
#pragma omp critical(frenzy_grid)
        {
            failed |= !mine;
            for (long t = 0; mine && t < total; t++)
                frenzy_totals_add(&sum[t], &mine[t]);
        }
        free(mine);
    }
    for (long k = 0; !failed && k < n; k++) {
        memset(&tot[k], 0, sizeof tot[k]);
        for (int row = 0; row < FO_NROWS; row++)
            frenzy_totals_add(&tot[k], &sum[rows[row].first + pair_of(g, &rows[row], k)]);
    }
    free(games), free(sum);
    return failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Hit frequency                                                        */
/* ------------------------------------------------------------------ */

/* A played class's dealer hands fall in six cells (frenzy_par.h), each
 * with one net result; a folded hand never wins. */
void frenzy_hit_count(const struct frenzy_game *g, const struct frenzy_counts *c, int64_t *hits)
{
    int64_t den = frenzy_game_den(g), sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
    for (long i = 0; i < c->n; i++) {
        const struct frenzy_class *cl = &c->classes[i];
        struct frenzy_decision d;
        frenzy_decide(g, den, cl, &d);
        if (d.choice == FRENZY_FOLD)
            continue;
        int64_t cells[FS_NCELLS];
        frenzy_showdown_cells(cl, cells);
        for (int cell = 0; cell < FS_NCELLS; cell++)
            if (frenzy_played_net(g, den, cl->rank, (int)d.choice, (enum frenzy_showdown_cell)cell) > 0)
                sum += cl->weight * cells[cell];
    }
    *hits = sum;
}
