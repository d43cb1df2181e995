/* frenzy_seats.c — colluding tables dealt and each priced exactly.
 *
 * A table: 5N cards dealt from a fresh deck by block b's generator.  The
 * dealer's hands are every 5 of the R = 52 - 5N cards left; each is looked
 * up once (frenzy_hand_ranks) into a histogram of dense ranks, whose
 * running sums give every seat its counts (below, up to, unqualified) at
 * once.  A seat's decision at the table is the argmax over those counts;
 * its normal decision is its class's (frenzy_class_lookup).
 */
#include "frenzy_seats.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "frenzy_class_lookup.h"
#include "frenzy_hand_ranks.h"
#include "checkpoint.h"
#include "progress.h"
#include "simulate.h"

struct seats_job {
    const struct frenzy_game *g;
    int64_t den;
    const struct frenzy_hand_ranks *ranks;
    const struct frenzy_class_lookup *normal;
    int seats;
};

/* A thread's scratch and sums. */
struct seats_work {
    uint32_t *cdf;               /* nr + 1 */
    struct frenzy_seats_row sums;
};

static void sort_cards(card_t *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            card_t x = c[j];
            c[j] = c[j - 1], c[j - 1] = x;
        }
}

/* cdf[r] = the dealer hands from rest[0..n) (increasing) of dense rank < r. */
static void dealer_cdf(const struct frenzy_hand_ranks *ranks, const card_t *rest, int n, uint32_t *cdf)
{
    const uint16_t *dense = ranks->dense;
    memset(cdf, 0, ((size_t)ranks->nr + 1) * sizeof *cdf);
    for (int e = 4; e < n; e++) {
        uint32_t xe = FRENZY_BINOM[rest[e]][5];
        for (int d = 3; d < e; d++) {
            uint32_t xd = xe + FRENZY_BINOM[rest[d]][4];
            for (int c = 2; c < d; c++) {
                uint32_t xc = xd + FRENZY_BINOM[rest[c]][3];
                for (int b = 1; b < c; b++) {
                    uint32_t xb = xc + FRENZY_BINOM[rest[b]][2];
                    for (int a = 0; a < b; a++)
                        cdf[dense[xb + rest[a]] + 1]++; /* C(x, 1) = x */
                }
            }
        }
    }
    for (int r = 1; r <= ranks->nr; r++)
        cdf[r] += cdf[r - 1];
}

void frenzy_seats_table_counts(const struct frenzy_hand_ranks *r, int n, const card_t hands[][5], uint32_t *cdf,
                               struct frenzy_class *out)
{
    card_t rest[NCARDS];
    cardmask_t dealt = 0;
    for (int s = 0; s < n; s++)
        dealt |= cards_to_mask(hands[s], 5);
    int nrest = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(dealt & card_bit((card_t)c)))
            rest[nrest++] = (card_t)c;
    dealer_cdf(r, rest, nrest, cdf);
    for (int s = 0; s < n; s++) {
        int p = r->dense[frenzy_colex(hands[s], 5)];
        out[s] = (struct frenzy_class){.rank = r->value[p], .below = cdf[p], .upto = cdf[p + 1],
                                      .unqualified = cdf[r->q], .total = cdf[r->nr]};
        memcpy(out[s].cards, hands[s], 5);
    }
}

/* One table dealt from d: its seats priced, added to w's sums. */
static void play_table(const struct seats_job *job, struct sim_deck *d, struct seats_work *w)
{
    int n = job->seats;
    card_t hands[FRENZY_SEATS_MAX][5];
    sim_deck_new_round(d);
    for (int s = 0; s < n; s++) {
        for (int i = 0; i < 5; i++)
            hands[s][i] = sim_deal(d);
        sort_cards(hands[s], 5);
    }
    struct frenzy_class seat[FRENZY_SEATS_MAX];
    frenzy_seats_table_counts(job->ranks, n, (const card_t(*)[5])hands, w->cdf, seat);
    int64_t all = w->sums.dealer_hands;
    wide_t gain = 0, ev = 0;
    for (int s = 0; s < n; s++) {
        struct frenzy_decision dec;
        frenzy_decide_among(job->g, job->den, &seat[s], all, &dec);
        long k = frenzy_class_lookup_find(job->normal, cards_to_mask(hands[s], 5));
        if (k < 0 || seat[s].total != all)
            sim_internal_error("a dealt hand has no class, or the dealer hands do not add up");
        int normal = job->normal->choice[k];
        gain += dec.ev[dec.choice] - dec.ev[normal];
        ev += dec.ev[dec.choice];
        w->sums.change[normal][dec.choice]++;
    }
    w->sums.gain += gain, w->sums.gain_sq += gain * gain;
    w->sums.ev += ev, w->sums.ev_sq += ev * ev;
    w->sums.tables++;
}

static void row_add(struct frenzy_seats_row *a, const struct frenzy_seats_row *b)
{
    a->tables += b->tables;
    a->gain += b->gain, a->gain_sq += b->gain_sq;
    a->ev += b->ev, a->ev_sq += b->ev_sq;
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            a->change[i][j] += b->change[i][j];
}

/* The tables of blocks b0..b1-1 of one size (each block FRENZY_SEATS_BLOCK
 * tables, the last cut at `tables`) over the threads, added to *row. */
static int run_blocks(const struct seats_job *job, int64_t tables, uint64_t seed, int64_t b0, int64_t b1,
                      struct progress *bar, struct frenzy_seats_row *row)
{
    int rc = 0;
#pragma omp parallel
    {
        struct seats_work w = {calloc((size_t)job->ranks->nr + 1, sizeof(uint32_t)),
                               {.seats = row->seats, .dealer_hands = row->dealer_hands}};
        struct sim_deck d;
        sim_deck_fill(&d, 1, (1u << NRANKS) - 1);
        d.rng = gsl_rng_alloc(gsl_rng_mt19937);
        if (!w.cdf || !d.rng) {
#pragma omp atomic write
            rc = -1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = b0; b < b1; b++) {
            if (!w.cdf || !d.rng)
                continue;
            sim_deck_fill(&d, 1, (1u << NRANKS) - 1); /* a block starts from the deck in order */
            /* each table size its own blocks: the sizes' errors independent */
            gsl_rng_set(d.rng, sim_seats_block_seed(seed, job->seats, b));
            int64_t end = (b + 1) * FRENZY_SEATS_BLOCK < tables ? (b + 1) * FRENZY_SEATS_BLOCK : tables;
            for (int64_t t = b * FRENZY_SEATS_BLOCK; t < end; t++)
                play_table(job, &d, &w);
            progress_add(bar, end - b * FRENZY_SEATS_BLOCK);
        }
#pragma omp critical(frenzy_seats_sums)
        row_add(row, &w.sums);
        free(w.cdf);
        if (d.rng)
            gsl_rng_free(d.rng);
    }
    return rc;
}

/* A piece of the run (--resume): PIECE_BLOCKS blocks of one size; its file
 * holds the row of its tables (seconds 0). */
enum { PIECE_BLOCKS = 16 };

/* Every table of one size, a piece at a time: each taken from the resume
 * folder or computed (and kept there).  The sums are integers: the same
 * however they are cut. */
static int run_size(const struct seats_job *job, int64_t tables, uint64_t seed, const struct checkpoint *cp,
                    struct progress *bar, struct frenzy_seats_row *row, int *resumed)
{
    int64_t nblocks = (tables + FRENZY_SEATS_BLOCK - 1) / FRENZY_SEATS_BLOCK;
    int rc = 0;
    double t0 = omp_get_wtime();
    for (int64_t b0 = 0; b0 < nblocks && rc == 0; b0 += PIECE_BLOCKS) {
        int64_t b1 = b0 + PIECE_BLOCKS < nblocks ? b0 + PIECE_BLOCKS : nblocks;
        long id = (long)job->seats * 1000000L + (long)(b0 / PIECE_BLOCKS);
        struct frenzy_seats_row part;
        if (cp && checkpoint_load(cp, id, &part, sizeof part)) {
            ++*resumed;
            progress_add(bar, (b1 * FRENZY_SEATS_BLOCK < tables ? b1 * FRENZY_SEATS_BLOCK : tables) -
                                  b0 * FRENZY_SEATS_BLOCK);
        } else {
            /* zero, the padding too (a file's bytes the same each run), and
             * whatever a damaged file left there */
            memset(&part, 0, sizeof part);
            part.seats = row->seats, part.dealer_hands = row->dealer_hands;
            if ((rc = run_blocks(job, tables, seed, b0, b1, bar, &part)) == 0 && cp)
                checkpoint_save(cp, id, &part, sizeof part);
        }
        row_add(row, &part);
    }
    row->seconds = omp_get_wtime() - t0;
    return rc;
}

int frenzy_seats_run(const struct frenzy_game *g, const struct frenzy_counts *c, int lo, int hi, int64_t tables,
                     uint64_t seed, bool progress, const struct checkpoint *resume, struct frenzy_seats *out,
                     char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->game = *g;
    out->den = frenzy_game_den(g);
    out->seed = seed;
    struct frenzy_totals normal;
    frenzy_price(g, c, &normal);
    out->normal_ev = normal.ev;
    struct frenzy_hand_ranks ranks;
    struct frenzy_class_lookup lookup = {0};
    int rc = frenzy_hand_ranks_build(&ranks) == 0 && frenzy_class_lookup_init(&lookup, g, c) == 0 ? 0 : -1;
    struct progress bar;
    progress_start(&bar, "frenzy seats", tables * (hi - lo + 1), progress);
    for (int n = lo; n <= hi && rc == 0; n++) {
        struct frenzy_seats_row *row = &out->rows[out->nrows++];
        row->seats = n;
        row->dealer_hands = (int64_t)FRENZY_BINOM[NCARDS - 5 * n][5];
        struct seats_job job = {g, out->den, &ranks, &lookup, n};
        rc = run_size(&job, tables, seed, resume, &bar, row, &out->pieces_resumed);
    }
    progress_end(&bar);
    frenzy_class_lookup_free(&lookup);
    frenzy_hand_ranks_free(&ranks);
    if (rc != 0)
        snprintf(err, errlen, "out of memory");
    return rc;
}

/* ------------------------------------------------------------------ */
/* Figures                                                             */
/* ------------------------------------------------------------------ */

/* Mean per seat and its standard error from the tables' sums (a table's
 * seats are one observation: they are not independent). */
static void mean_se(wide_t sum, wide_t sum_sq, int64_t tables, int seats, double unit, double *mean, double *se)
{
    wide_t n = tables;
    double var = tables > 1 ? wide_ratio(n * sum_sq - sum * sum, n * (n - 1)) : 0; /* exact to the last division */
    *mean = wide_ratio(sum, n) / seats / unit;
    *se = var > 0 ? sqrt(var / (double)tables) / seats / unit : 0;
}

void frenzy_seats_figures(const struct frenzy_seats *s, const struct frenzy_seats_row *r, struct frenzy_seats_figures *f)
{
    double unit = (double)r->dealer_hands * (double)s->den, normal = wide_ratio(s->normal_ev,
                                                                               (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * s->den);
    mean_se(r->gain, r->gain_sq, r->tables, r->seats, unit, &f->gain, &f->se);
    mean_se(r->ev, r->ev_sq, r->tables, r->seats, unit, &f->direct_ev, &f->direct_se);
    f->ev = normal + f->gain;
    int64_t changed = 0, all = 0;
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            changed += i != j ? r->change[i][j] : 0, all += r->change[i][j];
    f->changed = all ? (double)changed / (double)all : 0;
}
