/* buyout_seats.c — 4 Card Buyout tables dealt at random, played in order
 * of play, each seat priced exactly with every card turned face up before
 * his turn known (see buyout_seats.h for what a seat knows).
 *
 * A seat: the shoe less the cards he knows is a given shoe (rules
 * shoe_given), so the solver's evaluation of one situation over any shoe
 * (buyout_eval.h) prices it exactly; the dealer tables of that shoe and
 * upcard are built per seat (the whole cost: the 52 3rd cards and their
 * 4th cards are table reads).  The same evaluation gives his option at the
 * 3rd card he is then dealt, and so whether a 4th card is turned.  The
 * normal game's decisions come from the same evaluation over the rules'
 * own shoe, whose tables are built once and shared by the threads.
 */
#include "buyout_seats.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_solve.h"
#include "checkpoint.h"
#include "cluster.h"
#include "progress.h"
#include "simulate.h"

struct buyout_context *buyout_seats_context(const struct buyout_rules *r, char *err, size_t errlen)
{
    struct buyout_context *cx = buyout_context_new(r, err, errlen);
    for (int c = 0; cx && c < NCARDS; c++)
        if (cx->count[c] > 0 && buyout_context_tables(cx, buyout_frame_up(cx, (card_t)c)) != 0) {
            buyout_context_free(cx);
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
    return cx;
}

/* The values of one 3rd card for a seat (cx: its shoe): the optimal
 * option's and the normal decisions', in 1/(N3 T4 bden), and the
 * decisions tallied with weight w (the 3rd card's copies); choice: the
 * seat's optimal option. */
struct third_value {
    wide_t best, normal, den;
    enum buyout_choice choice;
};

static void price_third(const struct buyout_context *normal, const struct buyout_context *cx, const card_t P[2],
                        card_t up, card_t c3, const int left[NCARDS], struct buyout_seats_tally *t,
                        struct third_value *v)
{
    struct buyout_sit seat, norm;
    struct buyout_option_evs f4[NCARDS], n4[NCARDS];
    bool have[NCARDS], nhave[NCARDS];
    buyout_eval_third(cx, P, up, c3, &seat);
    buyout_eval_third(normal, P, up, c3, &norm);
    buyout_eval_fourths(cx, P, up, c3, f4, have);
    buyout_eval_fourths(normal, P, up, c3, n4, nhave);
    int64_t w = left[c3];
    wide_t buy_best = 0, buy_normal = 0;
    for (int c4 = 0; c4 < NCARDS; c4++) {
        int64_t a4 = left[c4] - (c4 == c3);
        if (!have[c4] || a4 <= 0)
            continue;
        buy_best += a4 * f4[c4].num[f4[c4].best];
        buy_normal += a4 * f4[c4].num[n4[c4].best]; /* the normal decision, priced with the table known */
        t->all4 += w * a4;
        t->changed4 += n4[c4].best != f4[c4].best ? w * a4 : 0;
    }
    /* buying is the optimal 4th-card decisions summed: the two must agree */
    if (buy_best != seat.v[BUYOUT_BUY])
        sim_internal_error("buyout seats: the 4th cards do not add up to the value of buying");
    v->best = seat.v[seat.best];
    v->normal = norm.best == BUYOUT_BUY ? buy_normal : seat.v[norm.best];
    v->den = seat.den;
    v->choice = seat.best;
    t->change3[norm.best][seat.best] += w;
}

/* The seat's own context: the rules' shoe less the other seats' cards. */
static struct buyout_context *seat_context(const struct buyout_context *normal, const int shoe[NCARDS], card_t up,
                                           char *err, size_t errlen)
{
    struct buyout_rules r = normal->r;
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)shoe[c];
    struct buyout_context *cx = buyout_context_new(&r, err, errlen);
    if (cx && buyout_context_tables(cx, buyout_frame_up(cx, up)) != 0) {
        buyout_context_free(cx);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return cx;
}

/* One seat: shoe = the rules' shoe less the cards he knows but his own
 * and the upcard.  choice[c3]: his optimal option at each 3rd card. */
static int price_seat(const struct buyout_context *normal, const int shoe[NCARDS], const card_t P[2], card_t up,
                      struct buyout_seat_value *v, wide_t *den, struct buyout_seats_tally *t,
                      enum buyout_choice choice[NCARDS], char *err, size_t errlen)
{
    int left[NCARDS];
    memcpy(left, shoe, sizeof left);
    left[P[0]]--, left[P[1]]--, left[up]--;
    if (left[P[0]] < 0 || left[P[1]] < 0 || left[up] < 0)
        return snprintf(err, errlen, "the shoe cannot hold the table's cards"), -1;
    struct buyout_context *cx = seat_context(normal, shoe, up, err, errlen);
    if (!cx)
        return -1;
    int64_t n2 = 0;
    v->best = v->normal = 0;
    wide_t d3 = 0;
    for (int c3 = 0; c3 < NCARDS; c3++) {
        if (left[c3] == 0)
            continue;
        struct third_value x;
        price_third(normal, cx, P, up, (card_t)c3, left, t, &x);
        v->best += left[c3] * x.best;
        v->normal += left[c3] * x.normal;
        n2 += left[c3], d3 = x.den;
        choice[c3] = x.choice;
    }
    buyout_context_free(cx);
    *den = n2 * d3;
    return 0;
}

int buyout_seats_need(int n) { return 2 * n + 1 + 2 * (n - 1) + 2 + 4; }

wide_t buyout_seats_den(const struct buyout_context *normal, int known)
{
    int64_t n2 = normal->shoe - known, n3 = n2 - 1, n4 = n3 - 1;
    wide_t t4 = (wide_t)(n4 * (n4 - 1) * (n4 - 2) / 6) * (n4 - 3);
    return (wide_t)n2 * n3 * t4 * normal->bden;
}

int buyout_seats_table(const struct buyout_context *normal, int n, const card_t P[][2], card_t up,
                       card_t (*draw)(void *), void *draw_ctx, struct buyout_seat_value *out, wide_t den[],
                       struct buyout_table_seen *seen, struct buyout_seats_tally *tally, char *err, size_t errlen)
{
    struct buyout_seats_tally scratch;
    struct buyout_table_seen turned = {.nturned = 0};
    if (!tally)
        tally = &scratch;
    for (int s = 0; s < n; s++) {
        int shoe[NCARDS];
        enum buyout_choice choice[NCARDS];
        memcpy(shoe, normal->count, sizeof shoe);
        for (int o = 0; o < n; o++)
            if (o != s)
                shoe[P[o][0]]--, shoe[P[o][1]]--;
        for (int k = 0; k < turned.nturned; k++)
            shoe[turned.card[k]]--;
        if (price_seat(normal, shoe, P[s], up, &out[s], &den[s], tally, choice, err, errlen) != 0)
            return -1;
        if (den[s] != buyout_seats_den(normal, 2 * n + 1 + turned.nturned))
            sim_internal_error("buyout seats: a seat's denominator is not N2 N3 T4 bden");
        if (s + 1 < n) { /* his cards face up, for the seats after him */
            card_t c3 = draw(draw_ctx);
            turned.card[turned.nturned++] = c3;
            if (choice[c3] == BUYOUT_BUY)
                turned.card[turned.nturned++] = draw(draw_ctx);
        }
        turned.end[s] = turned.nturned;
    }
    if (seen)
        *seen = turned;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Dealing tables                                                      */
/* ------------------------------------------------------------------ */

struct seats_job {
    const struct buyout_context *normal;
    int seats;
};

/* A thread's sums, error and generator. */
struct seats_work {
    struct buyout_seats_row sums;
    struct sim_deck deck;
    int rc;
    char err[256];
};

/* The rules' shoe as physical cards in card id order: a block starts from it. */
static void deck_fill(struct sim_deck *d, const int count[NCARDS])
{
    d->n = d->next = 0;
    for (int c = 0; c < NCARDS; c++)
        for (int k = 0; k < count[c]; k++)
            d->cards[d->n++] = (card_t)c;
}

static card_t deck_draw(void *deck) { return sim_deal(deck); }

/* One table dealt from w's deck: its seats priced in order of play, added
 * to w's sums (each seat's exact values rounded to 2^-BUYOUT_SEATS_BITS). */
static void play_table(const struct seats_job *job, struct seats_work *w)
{
    int n = job->seats;
    card_t P[BUYOUT_SEATS_MAX][2];
    sim_deck_new_round(&w->deck);
    for (int s = 0; s < n; s++)
        P[s][0] = sim_deal(&w->deck), P[s][1] = sim_deal(&w->deck);
    card_t up = sim_deal(&w->deck);
    struct buyout_seat_value v[BUYOUT_SEATS_MAX];
    wide_t den[BUYOUT_SEATS_MAX];
    w->rc = buyout_seats_table(job->normal, n, (const card_t(*)[2])P, up, deck_draw, &w->deck, v, den, NULL,
                               &w->sums.tally, w->err, sizeof w->err);
    if (w->rc != 0)
        return;
    wide_t gain = 0, ev = 0;
    for (int s = 0; s < n; s++) {
        if (v[s].best < v[s].normal)
            sim_internal_error("buyout seats: the decisions optimal at the table lose to the normal ones");
        wide_t g = wide_scaled_round(v[s].best - v[s].normal, den[s], BUYOUT_SEATS_BITS);
        gain += g, ev += wide_scaled_round(v[s].best, den[s], BUYOUT_SEATS_BITS);
        w->sums.seat_gain[s] += g, w->sums.seat_gain_sq[s] += g * g;
    }
    w->sums.gain += gain, w->sums.gain_sq += gain * gain;
    w->sums.ev += ev, w->sums.ev_sq += ev * ev;
    w->sums.tables++;
}

static void row_add(struct buyout_seats_row *a, const struct buyout_seats_row *b)
{
    a->tables += b->tables;
    a->gain += b->gain, a->gain_sq += b->gain_sq;
    a->ev += b->ev, a->ev_sq += b->ev_sq;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            a->tally.change3[i][j] += b->tally.change3[i][j];
    a->tally.changed4 += b->tally.changed4, a->tally.all4 += b->tally.all4;
    for (int s = 0; s < BUYOUT_SEATS_MAX; s++)
        a->seat_gain[s] += b->seat_gain[s], a->seat_gain_sq[s] += b->seat_gain_sq[s];
}

/* One block of tables: its sums in *sums, taken from the resume folder
 * when cp holds them, else dealt (and then kept there). */
static void run_block(const struct seats_job *job, const struct checkpoint *cp, int64_t tables, uint64_t seed,
                      int64_t b, struct seats_work *w, gsl_rng *rng, struct buyout_seats_row *sums, int *resumed)
{
    long piece = (long)job->seats << 32 | (long)b; /* each size its own pieces */
    memset(sums, 0, sizeof *sums);
    if (cp && checkpoint_load(cp, piece, sums, sizeof *sums)) {
#pragma omp atomic
        (*resumed)++;
        return;
    }
    struct buyout_seats_row before = w->sums;
    memset(&w->sums, 0, sizeof w->sums);
    deck_fill(&w->deck, job->normal->count); /* a block starts from the shoe in order */
    w->deck.rng = rng;
    /* each table size its own blocks: the sizes' errors independent */
    gsl_rng_set(rng, sim_seats_block_seed(seed, job->seats, b));
    int64_t end = (b + 1) * BUYOUT_SEATS_BLOCK < tables ? (b + 1) * BUYOUT_SEATS_BLOCK : tables;
    for (int64_t t = b * BUYOUT_SEATS_BLOCK; t < end && w->rc == 0; t++)
        play_table(job, w);
    *sums = w->sums;
    w->sums = before;
    if (cp && w->rc == 0)
#pragma omp critical(buyout_seats_checkpoint) /* one thread at a time (checkpoint.h) */
        checkpoint_save(cp, piece, sums, sizeof *sums);
}

/* Every table of one size: blocks of BUYOUT_SEATS_BLOCK tables over the threads. */
static int run_size(const struct seats_job *job, const struct checkpoint *cp, int64_t tables, uint64_t seed,
                    struct progress *bar, struct buyout_seats_row *row, int *resumed, char *err, size_t errlen)
{
    int64_t nblocks = (tables + BUYOUT_SEATS_BLOCK - 1) / BUYOUT_SEATS_BLOCK;
    int rc = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel
    {
        struct seats_work *w = calloc(1, sizeof *w);
        gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
        if (!w || !rng) {
#pragma omp atomic write
            rc = -1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = 0; b < nblocks; b++) {
            if (!w || !rng || w->rc != 0)
                continue;
            struct buyout_seats_row sums;
            run_block(job, cp, tables, seed, b, w, rng, &sums, resumed);
            row_add(&w->sums, &sums);
            progress_add(bar, sums.tables);
        }
#pragma omp critical(buyout_seats_sums)
        if (w) {
            row_add(row, &w->sums);
            if (w->rc != 0 && rc == 0)
                rc = -1, snprintf(err, errlen, "%s", w->err);
        }
        free(w);
        if (rng)
            gsl_rng_free(rng);
    }
    if (rc != 0 && !err[0])
        snprintf(err, errlen, "out of memory");
    row->seconds = omp_get_wtime() - t0;
    return rc;
}

int buyout_seats_run(const struct buyout_rules *r, const struct buyout_solve_options *o, int lo, int hi,
                     int64_t tables, uint64_t seed, const struct checkpoint *cp, struct buyout_seats *out, char *err,
                     size_t errlen)
{
    memset(out, 0, sizeof *out);
    err[0] = 0;
    out->rules = *r;
    out->seed = seed;
    if (r->bonus_alone)
        return snprintf(err, errlen, "a Bonus played alone has no decisions"), -1;
    struct buyout_solve_options so = {.threads = o->threads, .bind = o->bind, .progress = o->progress};
    struct buyout_result res;
    if (buyout_solve(r, &so, &res, err, errlen) != 0) /* starts the team */
        return -1;
    out->normal_num = res.tot.ev, out->normal_den = res.tot.money_den;
    out->normal_seconds = res.seconds;
    out->threads = res.threads, out->bind = res.bind;
    if (cluster_rank() != 0) /* under MPI the ranks share the normal solve; rank 0 deals the tables */
        return 0;
    struct buyout_context *normal = buyout_seats_context(r, err, errlen);
    if (!normal)
        return -1;
    int rc = 0;
    if (normal->shoe < buyout_seats_need(hi))
        rc = -1, snprintf(err, errlen, "a shoe of %d cards is too small for %d seats", normal->shoe, hi);
    struct progress bar;
    progress_start(&bar, "buyout seats", tables * (hi - lo + 1), o->progress);
    for (int n = lo; n <= hi && rc == 0; n++) {
        struct buyout_seats_row *row = &out->rows[out->nrows++];
        row->seats = n;
        row->den = (wide_t)1 << BUYOUT_SEATS_BITS;
        struct seats_job job = {normal, n};
        rc = run_size(&job, cp, tables, seed, &bar, row, &out->blocks_resumed, err, errlen);
    }
    progress_end(&bar);
    buyout_context_free(normal);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Figures                                                             */
/* ------------------------------------------------------------------ */

void buyout_seats_figures(const struct buyout_seats *s, const struct buyout_seats_row *r,
                          struct buyout_seats_figures *f)
{
    double unit = (double)r->den, normal = wide_ratio(s->normal_num, s->normal_den);
    sim_seats_mean_se(r->gain, r->gain_sq, r->tables, r->seats, unit, &f->gain, &f->se);
    sim_seats_mean_se(r->ev, r->ev_sq, r->tables, r->seats, unit, &f->direct_ev, &f->direct_se);
    f->ev = normal + f->gain;
    int64_t changed = 0, all = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            changed += i != j ? r->tally.change3[i][j] : 0, all += r->tally.change3[i][j];
    f->changed3 = all ? (double)changed / (double)all : 0;
    f->changed4 = r->tally.all4 ? (double)r->tally.changed4 / (double)r->tally.all4 : 0;
    for (int k = 0; k < r->seats; k++) {
        sim_seats_mean_se(r->seat_gain[k], r->seat_gain_sq[k], r->tables, 1, unit, &f->seat_gain[k], &f->seat_se[k]);
        f->seat_ev[k] = normal + f->seat_gain[k];
    }
}
