/* split_par.c — the distribution of a 4 Card Split round: the solver's
 * decisions, then every class's rounds under its decision (in parallel,
 * integer sums: the same bits for any thread count), then the figures and
 * their cross-check against the solver's own totals. */
#include "split_par.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "progress.h"
#include "split_par_class.h"
#include "split_situations.h"

/* The classes of a run: every stride-th, as split_solve keeps them. */
static long run_classes(int stride, struct split_situation **list)
{
    long n = split_situations_list(list);
    if (n > 0 && stride > 1) {
        long kept = 0;
        for (long i = 0; i < n; i += stride)
            (*list)[kept++] = (*list)[i];
        n = kept;
    }
    return n;
}

/* Every class's rounds under its decision, summed into one table. */
static int tabulate(const struct split_paytable *pt, const struct split_par_options *o,
                    const struct split_situation *list, const struct split_decision *dec, long n,
                    struct split_par_table *sum, int *threads)
{
    struct split_dealer_tables *tables = split_dealer_tables_build(&pt->rules);
    if (!tables)
        return -1;
    int failed = 0;
    struct progress bar;
    progress_start(&bar, "split par", n, o->progress);
#pragma omp parallel /* the solve's team (team.h) */
    {
        struct split_par_table *part = calloc(1, sizeof *part);
#pragma omp single
        *threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 64)
        for (long j = 0; j < n; j++) {
            if (part)
                split_par_class(tables, list[j].P, list[j].u, list[j].weight, &dec[j], part);
            if ((j & 255) == 255)
                progress_add(&bar, 256);
        }
#pragma omp critical(split_par_sum)
        {
            if (part)
                split_par_table_add(sum, part);
            else
                failed = 1;
        }
        free(part);
    }
    progress_end(&bar);
    split_dealer_tables_free(tables);
    return failed ? -1 : 0;
}

/* The first figure that disagrees with the solver's totals, or NULL. */
static const char *disagreement(const struct split_par *p, const struct split_totals *t, int64_t rounds)
{
    const struct split_par_decisions *d = &p->decisions;
    if (p->total != rounds)
        return "the number of rounds";
    if (p->sum_net != t->ev)
        return "the EV";
    if (p->bets.blind != t->blind)
        return "the Blind";
    if (p->bets.ante_instant != t->ante_instant)
        return "the instant Antes";
    if (p->bets.ante_showdown + p->bets.ante_fold != t->ante)
        return "the Antes";
    if (p->bets.play != t->play)
        return "the Play bets";
    for (int c = 0; c < 4; c++)
        if (d->choice[c] != t->choice[c] * SPLIT_L)
            return "the decisions";
    for (int c = 0; c < E3_NCATEGORIES; c++)
        if (d->instant_by_cat[c] != t->instant_by_cat[c] * SPLIT_L)
            return "the instant winners";
    if (d->hands_played != t->hands_played * SPLIT_L || d->hands_folded != t->hands_folded * SPLIT_L)
        return "the hands played and folded";
    int64_t dealer = 0;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        dealer += p->dealer_all[c][0] + p->dealer_all[c][1];
    if (dealer != rounds)
        return "the dealer's hands";
    return NULL;
}

int split_par_compute(const struct split_paytable *pt, const struct split_par_options *o, struct split_par *out,
                      char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    memset(out, 0, sizeof *out);
    if (cluster_size() > 1) {
        snprintf(err, errlen, "the PAR distribution runs in one process, not under MPI");
        return -1;
    }
    struct split_decision *dec = NULL;
    struct split_solve_options so = {.instant = o->instant, .threads = o->threads, .bind = o->bind,
                                     .strategy = true, .decisions = &dec, .progress = o->progress,
                                     .stride = o->stride};
    struct split_result solved;
    if (split_solve(pt, 1, &so, &solved, err, errlen) != 0)
        return -1;
    double t_solved = omp_get_wtime();
    struct split_situation *list = NULL;
    long n = run_classes(o->stride, &list);
    struct split_par_table *table = calloc(1, sizeof *table);
    int threads = 0, rc = -1;
    if (n > 0 && dec && table && tabulate(pt, o, list, dec, n, table, &threads) == 0 &&
        split_par_summarise(pt, o->instant, table, out) == 0)
        rc = 0;
    else
        snprintf(err, errlen, "out of memory");
    int64_t rounds = 0;
    for (long j = 0; j < n; j++)
        rounds += list[j].weight * SPLIT_L;
    free(list);
    free(dec);
    if (rc != 0) {
        free(table);
        return -1;
    }
    out->table = table;
    out->solver_ev = solved.tot.ev;
    out->threads = threads;
    out->solve_seconds = t_solved - t0;
    out->seconds = omp_get_wtime() - t0;
    const char *bad = disagreement(out, &solved.tot, rounds);
    if (bad) {
        snprintf(err, errlen, "internal check failed: %s of the distribution differ from the solver's (%s)", bad,
                 pt->name);
        split_par_free(out);
        return -1;
    }
    return 0;
}
