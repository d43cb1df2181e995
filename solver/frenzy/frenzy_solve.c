/* frenzy_solve.c — prices the counts of every class under a game, takes
 * the best decision, and sums the round's EV exactly; the side bets; the
 * strategy file. */
#include "frenzy_solve.h"

#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "team.h"
#include "eval4.h"
#include "paytable_ini.h"

int64_t frenzy_game_den(const struct frenzy_game *g)
{
    return paytable_lcm(g->win.den, g->bad_beat.den);
}

int frenzy_max_raise(uint32_t rank)
{
    const uint32_t aces = (uint32_t)F4_PAIR << 16 | (uint32_t)RANK_ACE << 12; /* the lowest pair of Aces */
    return rank >= aces ? 3 : 1;
}

static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* ------------------------------------------------------------------ */
/* One class                                                           */
/* ------------------------------------------------------------------ */

/* The dealer's hands split by what they do to each bet:
 *   lower < p <= copy < higher,  unqualified: below King-high. */
void frenzy_decide(const struct frenzy_game *g, int64_t den, const struct frenzy_class *c, struct frenzy_decision *d)
{
    frenzy_decide_among(g, den, c, FRENZY_DEALER_HANDS, d);
}

void frenzy_decide_among(const struct frenzy_game *g, int64_t den, const struct frenzy_class *c, int64_t all,
                         struct frenzy_decision *d)
{
    int64_t lower = c->below, upto = c->upto, higher = all - upto, nq = c->unqualified;
    /* hands the player wins: with a copy or without */
    int64_t wins = g->copy == FRENZY_COPY_WIN ? upto : lower;
    /* Ante: pushes when the dealer does not qualify; qualified dealers
     * rank from nq up, so the Ante wins on [nq, wins) and loses above
     * both the player and the qualifier */
    int64_t ante = max64(0, wins - nq) - (all - max64(upto, nq));
    int64_t raise = wins - higher;
    /* Odds: a copy counts as a win under either reading */
    int row = frenzy_odds_row(c->rank);
    wide_t odds = (wide_t)upto * g->win.pay[row] * (den / g->win.den) +
                  (wide_t)higher * g->bad_beat.pay[row] * (den / g->bad_beat.den);
    d->ante = (wide_t)ante * den;
    d->odds = odds;
    d->raise_unit = (wide_t)raise * den;
    d->max_raise = frenzy_max_raise(c->rank);
    d->ev[FRENZY_FOLD] = -(wide_t)2 * all * den; /* Ante and Odds lost */
    d->choice = FRENZY_FOLD;
    for (int r = 1; r < FRENZY_NCHOICES; r++) {
        d->ev[r] = d->ante + d->odds + r * d->raise_unit;
        if (r <= d->max_raise && d->ev[r] > d->ev[d->choice])
            d->choice = (enum frenzy_choice)r;
    }
}

/* ------------------------------------------------------------------ */
/* All classes                                                         */
/* ------------------------------------------------------------------ */

void frenzy_account(const struct frenzy_decision *d, int w, struct frenzy_totals *t)
{
    int r = (int)d->choice;
    t->ev += w * d->ev[r];
    t->choice[r] += w;
    t->raise_units += (int64_t)w * r;
    if (r == FRENZY_FOLD) {
        t->ante += w * (d->ev[FRENZY_FOLD] / 2);
        t->odds += w * (d->ev[FRENZY_FOLD] / 2);
        return;
    }
    t->ante += w * d->ante;
    t->odds += w * d->odds;
    t->raise += w * (r * d->raise_unit);
}

void frenzy_totals_add(struct frenzy_totals *a, const struct frenzy_totals *b)
{
    a->ev += b->ev;
    a->ante += b->ante;
    a->odds += b->odds;
    a->raise += b->raise;
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        a->choice[i] += b->choice[i];
    a->raise_units += b->raise_units;
}

void frenzy_price(const struct frenzy_game *g, const struct frenzy_counts *c, struct frenzy_totals *tot)
{
    int64_t den = frenzy_game_den(g);
    memset(tot, 0, sizeof *tot);
#pragma omp parallel
    {
        struct frenzy_totals mine = {0};
#pragma omp for schedule(static)
        for (long i = 0; i < c->n; i++) {
            struct frenzy_decision d;
            frenzy_decide(g, den, &c->classes[i], &d);
            frenzy_account(&d, c->classes[i].weight, &mine);
        }
#pragma omp critical(frenzy_totals)
        frenzy_totals_add(tot, &mine);
    }
}

/* Prime reads colours, which a suit class does not fix: the class's hands
 * are its representative under the 24 relabellings of the suits, and a
 * relabelling matters to Prime only through the two suits it paints red
 * (6 choices, 4 relabellings each).  So the class's hands fall in each
 * row in proportion to the red pairs that put them there; sums are kept
 * six times over and divided at the end (exactly: each row's count of
 * hands is a whole number). */
static void add_prime_sixfold(const struct frenzy_class *cl, int64_t *freq6)
{
    int per_suit[NSUITS] = {0};
    for (int i = 0; i < 5; i++)
        per_suit[card_suit(cl->cards[i])]++;
    for (int a = 0; a < NSUITS; a++)
        for (int b = a + 1; b < NSUITS; b++) {
            int red = per_suit[a] + per_suit[b], most = red > 5 - red ? red : 5 - red;
            freq6[most == 5 ? FP_FIVE : most == 4 ? FP_FOUR : FP_LOSS] += cl->weight;
        }
}

/* A side bet's rows tallied over the classes in parallel (integer sums):
 * Bonus by the best four's category, Prime by the colours. */
static void side_freq(enum frenzy_table_kind kind, const struct frenzy_counts *c, int64_t *freq)
{
#pragma omp parallel
    {
        int64_t mine[FRENZY_MAXROWS] = {0};
#pragma omp for schedule(static)
        for (long i = 0; i < c->n; i++) {
            if (kind == FT_PRIME)
                add_prime_sixfold(&c->classes[i], mine);
            else /* the best four's rank does not see suits */
                mine[frenzy_bonus_row(c->classes[i].rank)] += c->classes[i].weight;
        }
#pragma omp critical(frenzy_side_freq)
        for (int row = 0; row < FRENZY_MAXROWS; row++)
            freq[row] += mine[row];
    }
    if (kind == FT_PRIME)
        for (int row = 0; row < FP_NROWS; row++)
            freq[row] /= 6;
}

/* A side bet's rows depend on its kind only (Bonus: the best four's
 * category; Prime: the colours), so each kind is tallied once and every
 * table of it priced from that: 14 tables were 14 passes over the
 * classes. */
void frenzy_side_bet_tables(const struct frenzy_table *tables, int n, const struct frenzy_counts *c,
                            struct frenzy_side_result *out)
{
    int64_t freq[FT_NKINDS][FRENZY_MAXROWS] = {{0}};
    bool tallied[FT_NKINDS] = {false};
    for (int j = 0; j < n; j++) {
        const struct frenzy_table *t = &tables[j];
        assert(t->kind == FT_BONUS || t->kind == FT_PRIME);
        double t0 = omp_get_wtime();
        if (!tallied[t->kind]) {
            side_freq(t->kind, c, freq[t->kind]);
            tallied[t->kind] = true;
        }
        memset(&out[j], 0, sizeof out[j]);
        out[j].table = *t;
        memcpy(out[j].freq, freq[t->kind], sizeof out[j].freq);
        for (int row = 0; row < frenzy_table_nrows(t->kind); row++)
            out[j].ev += (wide_t)out[j].freq[row] * t->pay[row];
        out[j].seconds = omp_get_wtime() - t0; /* a kind's first table carries its tally */
    }
}

void frenzy_side_bet(const struct frenzy_table *t, const struct frenzy_counts *c, struct frenzy_side_result *out)
{
    frenzy_side_bet_tables(t, 1, c, out);
}

/* ------------------------------------------------------------------ */
/* The whole solve                                                     */
/* ------------------------------------------------------------------ */

int frenzy_solve(const struct frenzy_game *games, int ngames, const struct frenzy_table *sides, int nsides,
                 const struct frenzy_solve_options *o, struct frenzy_result *results,
                 struct frenzy_side_result *side_results, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    team_start(o->threads, o->bind);
    for (int i = 0; i < ngames; i++)
        results[i] = (struct frenzy_result){.threads = omp_get_max_threads(), .ranks = cluster_size(), .bind = o->bind};
    struct frenzy_counts c;
    if (frenzy_counts_build(o->progress, &c, err, errlen) != 0)
        return -1;
    if (cluster_rank() != 0) { /* the other ranks only counted */
        frenzy_counts_free(&c);
        return 0;
    }
    for (int i = 0; i < ngames; i++) {
        double tp = omp_get_wtime();
        struct frenzy_result *r = &results[i];
        r->game = games[i];
        r->den = frenzy_game_den(&games[i]);
        frenzy_price(&games[i], &c, &r->tot);
        snprintf(r->paytable, sizeof r->paytable, "%s", o->paytable ? o->paytable : "");
        r->seconds_counts = c.seconds;
        r->seconds_pricing = omp_get_wtime() - tp;
    }
    frenzy_side_bet_tables(sides, nsides, &c, side_results);
    if (o->counts_out)
        *o->counts_out = c;
    else
        frenzy_counts_free(&c);
    double secs = omp_get_wtime() - t0;
    for (int i = 0; i < ngames; i++)
        results[i].seconds = secs;
    return 0;
}
