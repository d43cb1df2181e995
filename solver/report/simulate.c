/* simulate.c — the blocks, their generators, the exact sums and the
 * report of a simulation (see simulate.h). */
#include "simulate.h"

#include <math.h>
#include <omp.h>
#include <string.h>

#include "canon.h"
#include "progress.h"
#include "team.h"
#include "report_json.h"

void sim_deck_fill(struct sim_deck *d, int decks, unsigned rank_mask)
{
    d->n = 0;
    d->next = 0;
    for (int c = 0; c < NCARDS; c++)
        for (int k = 0; k < decks && (rank_mask >> card_rank((card_t)c) & 1); k++)
            d->cards[d->n++] = (card_t)c;
}

const int SIM_PERMS[24][NSUITS] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

_Noreturn void sim_internal_error(const char *what)
{
    fprintf(stderr, "fourcard simulate: internal error: %s\n", what);
    exit(1);
}

int sim_perm_onto(const cardmask_t *groups, const cardmask_t *form, int n)
{
    for (int p = 0; p < 24; p++) {
        int g = 0;
        while (g < n && canon_permute(groups[g], SIM_PERMS[p]) == form[g])
            g++;
        if (g == n)
            return p;
    }
    return -1;
}

void sim_game_init(struct sim_game *g, const char *const *names, int ncounts, int illegal_count)
{
    memset(g, 0, sizeof *g);
    g->ncounts = ncounts;
    for (int k = 0; k < ncounts; k++)
        g->count_names[k] = names[k];
    g->illegal_count = illegal_count;
}

unsigned long sim_seats_block_seed(uint64_t seed, int size, int64_t block)
{
    /* sim_block_seed takes the block modulo 2^32 - 1: the sizes' runs must
     * fit in it side by side (a shift by 40 bits would wrap, 2^40 being 256
     * there, and give size n + 1 the blocks of size n from the 256th on) */
    return sim_block_seed(seed, ((int64_t)size << 26) + block);
}

void sim_seats_mean_se(wide_t sum, wide_t sum_sq, int64_t tables, int seats, double unit, double *mean, double *se)
{
    long double n = (long double)tables, m = (long double)sum / n;
    long double var = tables > 1 ? ((long double)sum_sq / n - m * m) * n / (n - 1) : 0;
    *mean = (double)(m / seats / unit);
    *se = var > 0 ? (double)(sqrtl(var / n) / seats / unit) : 0;
}

unsigned long sim_block_seed(uint64_t seed, int64_t block)
{
    /* GSL's MT19937 takes 32 bits of a seed (and turns 0 into 4357), so
     * the blocks of one run take consecutive seeds from a start that
     * splitmix64 draws from the user's seed: 1 .. 2^32 - 1, distinct for
     * every block of a run (a run has at most 10^12 / 65,536 blocks) */
    uint64_t z = seed + UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    z ^= z >> 31;
    const uint64_t period = UINT64_C(0xffffffff); /* 2^32 - 1 usable seeds */
    return (unsigned long)(1 + (z % period + (uint64_t)block % period) % period);
}

/* One block: its own generator, the deck in its initial order. */
static void run_block(const struct sim_game *g, uint64_t seed, int64_t block, int64_t rounds, gsl_rng *rng,
                      struct sim_tally *t)
{
    struct sim_deck d = g->deck;
    d.rng = rng;
    gsl_rng_set(rng, sim_block_seed(seed, block));
    for (int64_t i = 0; i < rounds; i++) {
        sim_deck_new_round(&d);
        int64_t net = g->round(g->ctx, &d, t->counts);
        t->sum += net;
        t->sumsq += (wide_t)net * net;
    }
    t->rounds += rounds;
}

static void tally_add(struct sim_tally *a, const struct sim_tally *b)
{
    a->rounds += b->rounds;
    a->sum += b->sum;
    a->sumsq += b->sumsq;
    for (int k = 0; k < SIM_MAX_COUNTS; k++)
        a->counts[k] += b->counts[k];
}

int sim_run(const struct sim_game *g, const struct sim_options *o, struct sim_tally *t, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    memset(t, 0, sizeof *t);
    int64_t nblocks = (o->rounds + SIM_BLOCK_ROUNDS - 1) / SIM_BLOCK_ROUNDS;
    bool failed = false;
    team_start(o->threads, o->bind);
    struct progress bar;
    progress_start(&bar, "simulate", o->rounds, o->progress);
#pragma omp parallel
    {
        struct sim_tally mine;
        memset(&mine, 0, sizeof mine);
        gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
        if (!rng) {
#pragma omp atomic write
            failed = true;
        }
#pragma omp single
        t->threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 1)
        for (int64_t b = 0; b < nblocks; b++) {
            int64_t first = b * SIM_BLOCK_ROUNDS;
            int64_t n = o->rounds - first < SIM_BLOCK_ROUNDS ? o->rounds - first : SIM_BLOCK_ROUNDS;
            if (rng)
                run_block(g, o->seed, b, n, rng, &mine);
            progress_add(&bar, n);
        }
#pragma omp critical(sim_tally)
        tally_add(t, &mine);
        if (rng)
            gsl_rng_free(rng);
    }
    progress_end(&bar);
    t->seconds = omp_get_wtime() - t0;
    if (failed || t->rounds != o->rounds)
        return snprintf(err, errlen, "out of memory (random number generator)"), -1;
    return 0;
}

void sim_stats_of(const struct sim_report *r, struct sim_stats *s)
{
    const struct sim_tally *t = &r->t;
    double n = (double)t->rounds, den = (double)r->unit_den;
    s->mean = wide_ratio(t->sum, (wide_t)t->rounds * r->unit_den);
    /* n sumsq - sum^2 = n (n - 1) var, exact in integers while it fits;
     * otherwise in long double from the means (huge runs of huge payouts) */
    wide_t nsq, sq, spread;
    double var;
    if (!__builtin_mul_overflow((wide_t)t->rounds, t->sumsq, &nsq) && !__builtin_mul_overflow(t->sum, t->sum, &sq) &&
        !__builtin_sub_overflow(nsq, sq, &spread))
        var = t->rounds > 1 ? (double)spread / (n * (n - 1)) / (den * den) : 0.0;
    else {
        long double m = (long double)t->sum / n, m2 = (long double)t->sumsq / n;
        var = (double)((m2 - m * m) * n / (n - 1) / ((long double)den * den));
    }
    s->sd = var > 0 ? sqrt(var) : 0.0;
    s->se = s->sd / sqrt(n);
    s->lo95 = s->mean - 1.96 * s->se;
    s->hi95 = s->mean + 1.96 * s->se;
    s->ev = wide_ratio(r->ev_num, r->ev_den);
    s->z = s->se > 0 ? (s->mean - s->ev) / s->se : 0.0;
}

double sim_event_z(const struct sim_report *r, int k)
{
    double n = (double)r->t.rounds, p = r->expected[k], x = (double)r->t.counts[k];
    double var = n * p * (1 - p);
    if (var > 0)
        return (x - n * p) / sqrt(var);
    return x == n * p ? 0.0 : x > n * p ? HUGE_VAL : -HUGE_VAL;
}

double sim_events_worst_z(const struct sim_report *r)
{
    double worst = 0;
    for (int k = 0; k < r->g.ncounts; k++)
        if (r->expected[k] >= 0 && fabs(sim_event_z(r, k)) > worst)
            worst = fabs(sim_event_z(r, k));
    return worst;
}

void sim_expected_none(struct sim_report *r)
{
    for (int k = 0; k < SIM_MAX_COUNTS; k++)
        r->expected[k] = -1;
}

void sim_report_free(struct sim_report *r)
{
    if (r->g.free_ctx && r->g.ctx)
        r->g.free_ctx((void *)r->g.ctx);
    r->g.ctx = NULL;
    json_object_put(r->rules);
    r->rules = NULL;
}

/* A sample standard deviation needs 2 rounds: from 1 the SD, the SE, the
 * interval and z are not 0 (perfect agreement) but unknown. */
static bool has_interval(const struct sim_tally *t) { return t->rounds >= 2; }

void sim_report_print(FILE *f, const struct sim_report *r)
{
    struct sim_stats s;
    sim_stats_of(r, &s);
    char frac[100], sum[48];
    const struct sim_tally *t = &r->t;
    fprintf(f, "%s: simulated rounds\n", r->title);
    fprintf(f, "  rules: %s\n", r->readings);
    fprintf(f, "  rounds %lld, seed %llu, blocks of %d (MT19937 each), %d threads\n", (long long)t->rounds,
            (unsigned long long)r->o.seed, SIM_BLOCK_ROUNDS, t->threads);
    fprintf(f, "  mean per round   %+.6f  per %s\n", s.mean, r->unit);
    if (has_interval(t)) {
        fprintf(f, "  standard dev.    %.6f   standard error %.6f\n", s.sd, s.se);
        fprintf(f, "  95%% interval     [%+.6f, %+.6f]\n", s.lo95, s.hi95);
    } else {
        fprintf(f, "  standard dev.    none       standard error none\n");
        fprintf(f, "  95%% interval     none: no interval can be given from fewer than 2 rounds\n");
    }
    if (r->played[0])
        fprintf(f, "  played by        %s\n", r->played);
    fprintf(f, "  exact EV         %+.6f  (%s, the solver's%s)\n", s.ev, wide_fraction(r->ev_num, r->ev_den, frac, sizeof frac),
            r->played[0] ? " price of the card" : "");
    if (r->played[0] && has_interval(t))
        fprintf(f, "  optimal EV       %+.6f  (%s); z against it %+.2f\n", wide_ratio(r->optimal_num, r->ev_den),
                wide_fraction(r->optimal_num, r->ev_den, frac, sizeof frac),
                (s.mean - wide_ratio(r->optimal_num, r->ev_den)) / s.se);
    if (has_interval(t))
        fprintf(f, "  z = (mean - EV) / SE = %+.2f%s\n", s.z,
                fabs(s.z) < 4 ? "" : "   ** more than 4 standard errors: check the solver and the simulator **");
    else
        fprintf(f, "  z = (mean - EV) / SE: none (no standard error from fewer than 2 rounds)\n");
    bool any = false;
    for (int k = 0; k < r->g.ncounts; k++)
        any |= r->expected[k] >= 0;
    double worst = sim_events_worst_z(r);
    if (any)
        fprintf(f, "  decision rates against the solver's: largest |z| %.2f%s\n", worst,
                worst < 4 ? "" : "   ** more than 4 standard errors **");
    fprintf(f, "  exact sum of nets %s / %lld\n", wide_format(t->sum, sum, sizeof sum), (long long)r->unit_den);
    fprintf(f, "  events per round (observed, the solver's exact rate, z):\n");
    for (int k = 0; k < r->g.ncounts; k++) {
        double n = (double)t->rounds;
        fprintf(f, "    %-20s %12lld  %.6f", r->g.count_names[k], (long long)t->counts[k], (double)t->counts[k] / n);
        if (r->expected[k] >= 0)
            fprintf(f, "  %.6f  z %+.2f", r->expected[k], sim_event_z(r, k));
        fputc('\n', f);
    }
    fprintf(f, "  solved in %.2f s, simulated in %.2f s\n", r->seconds_solve, t->seconds);
}

static json_object *counts_json(const struct sim_report *r)
{
    json_object *o = json_object_new_object();
    for (int k = 0; k < r->g.ncounts; k++) {
        json_object *e = json_object_new_object();
        json_object_object_add(e, "count", json_object_new_int64(r->t.counts[k]));
        json_object_object_add(e, "rate", json_object_new_double((double)r->t.counts[k] / (double)r->t.rounds));
        if (r->expected[k] >= 0) {
            double z = sim_event_z(r, k);
            json_object_object_add(e, "expected_rate", json_object_new_double(r->expected[k]));
            /* JSON has no infinity: a count a rate of 0 or 1 forbids shows as +-1e308 */
            json_object_object_add(e, "z", json_object_new_double(isfinite(z) ? z : z > 0 ? 1e308 : -1e308));
        }
        json_object_object_add(o, r->g.count_names[k], e);
    }
    return o;
}

static json_object *wide_json(wide_t v)
{
    char buf[48];
    return json_object_new_string(wide_format(v, buf, sizeof buf));
}

json_object *sim_report_json(const struct sim_report *r)
{
    struct sim_stats s;
    sim_stats_of(r, &s);
    const struct sim_tally *t = &r->t;
    json_object *o = json_object_new_object(), *ci = json_object_new_array(), *sums = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string(r->game));
    json_object_object_add(o, "title", json_object_new_string(r->title));
    json_object_object_add(o, "readings", json_object_new_string(r->readings));
    if (r->rules)
        json_object_object_add(o, "game_rules", json_object_get(r->rules));
    json_object_object_add(o, "unit", json_object_new_string(r->unit));
    json_object_object_add(o, "rounds", json_object_new_int64(t->rounds));
    json_object_object_add(o, "seed", json_object_new_uint64(r->o.seed));
    /* fewer than 2 rounds: null, not 0, for what they cannot give */
    bool interval = has_interval(t);
    json_object_object_add(o, "mean", json_object_new_double(s.mean));
    json_object_object_add(o, "standard_deviation", interval ? json_object_new_double(s.sd) : NULL);
    json_object_object_add(o, "standard_error", interval ? json_object_new_double(s.se) : NULL);
    json_object_array_add(ci, json_object_new_double(s.lo95));
    json_object_array_add(ci, json_object_new_double(s.hi95));
    if (!interval) {
        json_object_put(ci);
        ci = NULL;
    }
    json_object_object_add(o, "ci95", ci);
    json_object_object_add(o, "ev", report_exact_json(r->ev_num, r->ev_den));
    json_object_object_add(o, "z", interval ? json_object_new_double(s.z) : NULL);
    json_object_object_add(o, "play", json_object_new_string(r->played[0] ? "card" : "optimal"));
    if (r->played[0]) {
        json_object_object_add(o, "card", json_object_new_string(r->played));
        json_object_object_add(o, "optimal_ev", report_exact_json(r->optimal_num, r->ev_den));
        json_object_object_add(o, "z_optimal", interval ? json_object_new_double(
                                                              (s.mean - wide_ratio(r->optimal_num, r->ev_den)) / s.se)
                                                        : NULL);
    }
    double worst = sim_events_worst_z(r);
    json_object_object_add(o, "events_worst_z", json_object_new_double(isfinite(worst) ? worst : 1e308));
    /* the exact sums: what the thread-count identity is about */
    json_object_object_add(sums, "unit_den", json_object_new_int64(r->unit_den));
    json_object_object_add(sums, "sum", wide_json(t->sum));
    json_object_object_add(sums, "sum_of_squares", wide_json(t->sumsq));
    json_object_object_add(o, "sums", sums);
    json_object_object_add(o, "events", counts_json(r));
    json_object *run = json_object_new_object();
    json_object_object_add(run, "threads", json_object_new_int(t->threads));
    json_object_object_add(run, "block_rounds", json_object_new_int(SIM_BLOCK_ROUNDS));
    json_object_object_add(run, "generator", json_object_new_string("gsl_rng_mt19937 per block, seeded 1 + (splitmix64(seed) + block) mod (2^32 - 1)"));
    json_object_object_add(run, "seconds_solve", json_object_new_double(r->seconds_solve));
    json_object_object_add(run, "seconds_simulate", json_object_new_double(t->seconds));
    json_object_object_add(o, "run", run);
    return o;
}
