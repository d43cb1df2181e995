/* split_seats.c — colluding tables of 4 Card Split dealt and each seat
 * priced exactly (split_seats.h).
 *
 * A table: 4N cards for the seats, then the upcard, dealt from a fresh deck
 * by block b's generator.  Each seat's counts with the other seats' cards
 * dead (split_seats_counts.c) give its decision at the table; its normal
 * decision is the one the normal game takes for its 4 cards and the upcard
 * (the normal counts, split_counts.h), priced with the table's counts. */
#include "split_seats.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint.h"
#include "cluster.h"
#include "progress.h"
#include "simulate.h"
#include "split_counts.h"
#include "split_price.h"
#include "split_solve.h"
#include "team.h"

struct seats_job {
    const struct split_paytable *pt;
    enum split_instant_reading instant;
    const struct split_dealer_tables *tables;
    int seats;
    int64_t scale;
};

/* One seat with the others' cards dead: adds its gain and EV (Blind
 * included) in 1/(scale den), and its change of decision, to the row. */
static void play_seat(const struct seats_job *job, const card_t P[4], card_t u, cardmask_t dead, wide_t *gain,
                      wide_t *ev, struct split_seats_row *row)
{
    struct split_hand_counts counts[SPLIT_NMASKS];
    struct hand_weights hw[SPLIT_NMASKS];
    struct cards_info ci;
    struct split_decision normal, best;
    split_cards_info(P, &ci);
    split_situation_counts(job->tables, P, u, counts);
    for (int m = 1; m < 15; m++)
        hand_weights(&counts[m], &hw[m]);
    split_decide_weights(job->pt, job->instant, &ci, hw, &normal);
    split_seats_counts(job->tables, P, u, dead, counts);
    for (int m = 1; m < 15; m++)
        hand_weights_at(&counts[m], job->scale, &hw[m]);
    split_decide_weights_at(job->pt, job->instant, &ci, hw, job->scale, &best);
    wide_t kept = split_decision_value(job->pt, &ci, hw, job->scale, &normal);
    if (best.best < kept)
        sim_internal_error("split seats: the decision optimal at the table loses to the normal one");
    wide_t blind = (wide_t)job->pt->blind[ci.blind_cat] * job->scale;
    *gain += best.best - kept;
    *ev += blind + best.best;
    if (best.best > kept) { /* ties keep the normal decision */
        row->changed++;
        row->change[split_seen_change_of(&normal, &best)]++;
    }
}

/* One table dealt from d, its seats priced, added to the row. */
static void play_table(const struct seats_job *job, struct sim_deck *d, struct split_seats_row *row)
{
    int n = job->seats;
    card_t P[SPLIT_SEATS_MAX][4];
    cardmask_t held[SPLIT_SEATS_MAX], all = 0;
    sim_deck_new_round(d);
    for (int s = 0; s < n; s++) {
        for (int i = 0; i < 4; i++)
            P[s][i] = sim_deal(d);
        held[s] = cards_to_mask(P[s], 4);
        all |= held[s];
    }
    card_t u = sim_deal(d);
    wide_t gain = 0, ev = 0;
    for (int s = 0; s < n; s++)
        play_seat(job, P[s], u, all & ~held[s], &gain, &ev, row);
    row->gain += gain, row->gain_sq += gain * gain;
    row->ev += ev, row->ev_sq += ev * ev;
    row->tables++;
}

static void row_add(struct split_seats_row *a, const struct split_seats_row *b)
{
    a->tables += b->tables;
    a->gain += b->gain, a->gain_sq += b->gain_sq;
    a->ev += b->ev, a->ev_sq += b->ev_sq;
    a->changed += b->changed;
    for (int i = 0; i < SEEN_NCHANGES; i++)
        a->change[i] += b->change[i];
}

/* cluster_reduce's addition of rows (which starts from zeros): the sums
 * add, the size is every rank's, the time the slowest rank's. */
static void rows_add(void *into, const void *from, void *ctx)
{
    int n = *(const int *)ctx;
    struct split_seats_row *a = into;
    const struct split_seats_row *b = from;
    for (int i = 0; i < n; i++) {
        row_add(&a[i], &b[i]);
        a[i].seats = b[i].seats, a[i].scale = b[i].scale;
        a[i].seconds = a[i].seconds > b[i].seconds ? a[i].seconds : b[i].seconds;
    }
}

/* One block of tables: its sums in *sums, taken from the resume folder
 * when it holds them, else dealt (and then kept there). */
static void run_block(const struct seats_job *job, const struct checkpoint *cp, int64_t tables, uint64_t seed,
                      int64_t b, struct sim_deck *d, struct split_seats_row *sums, int *resumed)
{
    long piece = (long)job->seats << 32 | (long)b; /* each size its own pieces */
    memset(sums, 0, sizeof *sums);
    if (cp && checkpoint_load(cp, piece, sums, sizeof *sums)) {
#pragma omp atomic
        (*resumed)++;
        return;
    }
    sim_deck_fill(d, 1, (1u << NRANKS) - 1); /* a block starts from the deck in order */
    /* each table size its own blocks: the sizes' errors independent */
    gsl_rng_set(d->rng, sim_seats_block_seed(seed, job->seats, b));
    int64_t end = (b + 1) * SPLIT_SEATS_BLOCK < tables ? (b + 1) * SPLIT_SEATS_BLOCK : tables;
    for (int64_t t = b * SPLIT_SEATS_BLOCK; t < end; t++)
        play_table(job, d, sums);
    if (cp)
#pragma omp critical(split_seats_checkpoint) /* one thread at a time (checkpoint.h) */
        checkpoint_save(cp, piece, sums, sizeof *sums);
}

/* This rank's blocks of one size (b = rank, rank + ranks, ...) over the
 * threads, summed into row.  0, or -1 when memory runs out. */
static int run_size(const struct seats_job *job, const struct checkpoint *cp, int64_t tables, uint64_t seed,
                    struct progress *bar, struct split_seats_row *row, int *resumed)
{
    int64_t nblocks = (tables + SPLIT_SEATS_BLOCK - 1) / SPLIT_SEATS_BLOCK;
    int rank = cluster_rank(), size = cluster_size(), rc = 0;
#pragma omp parallel
    {
        struct split_seats_row mine = {0};
        struct sim_deck d;
        d.rng = gsl_rng_alloc(gsl_rng_mt19937);
        if (!d.rng) {
#pragma omp atomic write
            rc = -1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = rank; b < nblocks; b += size) {
            if (!d.rng)
                continue;
            struct split_seats_row sums;
            run_block(job, cp, tables, seed, b, &d, &sums, resumed);
            row_add(&mine, &sums);
            progress_add(bar, sums.tables);
        }
#pragma omp critical(split_seats_sums)
        row_add(row, &mine);
        if (d.rng)
            gsl_rng_free(d.rng);
    }
    return rc;
}

/* The tables this rank deals of one size, for its progress bar. */
static int64_t my_tables(int64_t tables)
{
    int64_t nblocks = (tables + SPLIT_SEATS_BLOCK - 1) / SPLIT_SEATS_BLOCK, n = 0;
    for (int64_t b = cluster_rank(); b < nblocks; b += cluster_size())
        n += (b + 1) * SPLIT_SEATS_BLOCK < tables ? SPLIT_SEATS_BLOCK : tables - b * SPLIT_SEATS_BLOCK;
    return n;
}

/* The normal game's exact EV: 0, or -1 with a message. */
static int solve_normal(const struct split_paytable *pt, const struct split_seats_options *o, struct split_seats *out,
                        char *err, size_t errlen)
{
    struct split_solve_options so = {.instant = o->instant, .threads = o->threads, .bind = o->bind,
                                     .progress = o->progress};
    struct split_result res;
    if (split_solve(pt, 1, &so, &res, err, errlen) != 0) /* starts the team */
        return -1;
    out->normal_num = res.tot.ev;
    out->normal_den = (wide_t)SPLIT_SITUATIONS * SPLIT_L * pt->den;
    out->normal_seconds = res.seconds;
    out->threads = res.threads, out->ranks = res.ranks, out->bind = res.bind;
    return 0;
}

int split_seats_run(const struct split_paytable *pt, const struct split_seats_options *o, int lo, int hi,
                    int64_t tables, uint64_t seed, struct split_seats *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->pt = *pt, out->instant = o->instant, out->seed = seed;
    if (lo < SPLIT_SEATS_MIN || hi > SPLIT_SEATS_MAX || lo > hi || tables < 1)
        return snprintf(err, errlen, "seats %d-%d, %lld tables: out of range", lo, hi, (long long)tables), -1;
    if (solve_normal(pt, o, out, err, errlen) != 0)
        return -1;
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules); /* each rank its own */
    int failed = !t;
    struct progress bar;
    progress_start(&bar, "split seats", my_tables(tables) * (hi - lo + 1), o->progress && cluster_rank() == 0);
    for (int n = lo; n <= hi; n++) {
        struct split_seats_row *row = &out->rows[out->nrows++];
        row->seats = n, row->scale = split_seats_scale(n);
        struct seats_job job = {pt, o->instant, t, n, row->scale};
        double t0 = omp_get_wtime();
        if (!failed && run_size(&job, o->resume, tables, seed, &bar, row, &out->blocks_resumed) != 0)
            failed = 1;
        row->seconds = omp_get_wtime() - t0;
    }
    progress_end(&bar);
    split_dealer_tables_free(t);
    /* every rank reaches the reductions, whatever it met (else the others wait) */
    int nrows = out->nrows;
    if (cluster_reduce_int(&failed) != 0 ||
        cluster_reduce(out->rows, sizeof out->rows, rows_add, &nrows) != 0 ||
        cluster_reduce_int(&out->blocks_resumed) != 0)
        return snprintf(err, errlen, "MPI: gathering the results failed"), -1;
    if (failed)
        return snprintf(err, errlen, "out of memory (on this or another rank)"), -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Figures                                                             */
/* ------------------------------------------------------------------ */

void split_seats_figures(const struct split_seats *s, const struct split_seats_row *r, struct split_seats_figures *f)
{
    double unit = (double)r->scale * (double)s->pt.den, normal = wide_ratio(s->normal_num, s->normal_den);
    sim_seats_mean_se(r->gain, r->gain_sq, r->tables, r->seats, unit, &f->gain, &f->se);
    sim_seats_mean_se(r->ev, r->ev_sq, r->tables, r->seats, unit, &f->direct_ev, &f->direct_se);
    f->ev = normal + f->gain;
    f->changed = r->tables ? (double)r->changed / ((double)r->tables * r->seats) : 0;
}
