/* split_solve.c — prices the counts of every situation under each
 * paytable, takes the best decision, and sums the round's EV exactly. */
#include "split_solve.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "team.h"
#include "progress.h"
#include "split_price.h"
#include "split_situations.h"

void split_decide(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                  const struct split_hand_counts counts[SPLIT_NMASKS], struct split_decision *d)
{
    struct cards_info ci;
    struct hand_weights hw[SPLIT_NMASKS];
    split_cards_info(P, &ci);
    for (int m = 1; m < 15; m++)
        hand_weights(&counts[m], &hw[m]);
    split_decide_weights(pt, instant, &ci, hw, d);
}

void split_hand_values_of(const struct split_paytable *pt, const struct split_hand_counts counts[SPLIT_NMASKS],
                          struct split_hand_values *v)
{
    v->play[0] = v->play[15] = 0;
    for (int m = 1; m < 15; m++) {
        struct hand_weights hw;
        hand_weights(&counts[m], &hw);
        v->play[m] = (int64_t)hand_value(pt, &hw);
    }
}

/* cluster_reduce's sum: npts totals at a time. */
static void totals_add_all(void *into, const void *from, void *npts)
{
    for (int k = 0; k < *(int *)npts; k++)
        split_totals_add((struct split_totals *)into + k, (const struct split_totals *)from + k);
}

int split_solve(const struct split_paytable *pts, int npts, const struct split_solve_options *o,
                struct split_result *results, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    for (int i = 1; i < npts; i++)
        if (!split_rules_equal(&pts[i].rules, &pts[0].rules)) {
            snprintf(err, errlen, "paytables %s and %s have different dealing rules", pts[0].name, pts[i].name);
            return -1;
        }
    team_start(o->threads, o->bind);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    if (n > 0 && o->stride > 1) { /* keep every stride-th class */
        long kept = 0;
        for (long i = 0; i < n; i += o->stride)
            list[kept++] = list[i];
        n = kept;
    }
    int rank = cluster_rank(), size = cluster_size();
    long nmine = cluster_share(n); /* classes rank, rank + size, ...: every rank the same mix of upcards */
    struct split_dealer_tables *tables = n > 0 ? split_dealer_tables_build_ranks(&pts[0].rules) : NULL;
    bool want = o->strategy, want_values = o->values != NULL; /* the same on every rank: the gathers must match */
    struct split_decision *mine = want ? malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *mine) : NULL;
    struct split_decision *dec = want && rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * sizeof *dec) : NULL;
    struct split_hand_values *my_values = want_values ? malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *my_values) : NULL;
    struct split_hand_values *values = want_values && rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * sizeof *values) : NULL;
    struct split_totals *sum = calloc((size_t)npts, sizeof *sum);
    if (n <= 0 || !tables || !sum || (want && (!mine || (rank == 0 && !dec))) ||
        (want_values && (!my_values || (rank == 0 && !values)))) {
        snprintf(err, errlen, "out of memory");
        free(list), free(mine), free(dec), free(my_values), free(values), free(sum), split_dealer_tables_free(tables);
        return -1;
    }
    struct progress bar;
    progress_start(&bar, "split", nmine, o->progress && rank == 0);
    int threads = 1;
#pragma omp parallel
    {
        struct split_totals *part = calloc((size_t)npts, sizeof *part);
        struct split_hand_counts counts[SPLIT_NMASKS];
#pragma omp single
        threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 256)
        for (long j = 0; j < nmine; j++) {
            const struct split_situation *s = &list[rank + j * size];
            split_situation_counts(tables, s->P, s->u, counts);
            struct cards_info ci;
            struct hand_weights hw[SPLIT_NMASKS];
            split_cards_info(s->P, &ci);
            for (int m = 1; m < 15; m++)
                hand_weights(&counts[m], &hw[m]);
            if (my_values)
                split_hand_values_of(&pts[0], counts, &my_values[j]);
            if (o->each_class)
                o->each_class(o->each_ctx, omp_get_thread_num(), s, counts);
            for (int k = 0; k < npts; k++) {
                struct split_decision d;
                split_decide_weights(&pts[k], o->instant, &ci, hw, &d);
                split_account(&pts[k], s->weight, &ci, hw, &d, &part[k]);
                if (k == 0 && mine)
                    mine[j] = d;
            }
            if ((j & 255) == 255)
                progress_add(&bar, 256);
        }
#pragma omp critical(split_totals)
        for (int k = 0; k < npts; k++)
            split_totals_add(&sum[k], &part[k]);
        free(part);
    }
    progress_end(&bar);
    int rc = cluster_reduce(sum, (size_t)npts * sizeof *sum, totals_add_all, &npts);
    if (rc == 0 && want)
        rc = cluster_gather_shares(mine, nmine, sizeof *mine, dec, n);
    if (rc == 0 && want_values)
        rc = cluster_gather_shares(my_values, nmine, sizeof *my_values, values, n);
    if (rc != 0)
        snprintf(err, errlen, "MPI: gathering the results failed");
    if (rc == 0 && dec && o->decisions) {
        *o->decisions = dec;
        dec = NULL;
    }
    if (rc == 0 && values) {
        *o->values = values;
        values = NULL;
    }
    double secs = omp_get_wtime() - t0;
    for (int k = 0; k < npts; k++)
        results[k] = (struct split_result){pts[k], o->instant, sum[k], secs, threads, size, o->bind};
    free(list), free(mine), free(dec), free(my_values), free(values), free(sum);
    split_dealer_tables_free(tables);
    return rc;
}
