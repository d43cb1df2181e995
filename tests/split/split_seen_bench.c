/* split_seen_bench.c — `protect split --seen 1`'s counts, the way of a run
 * (an upcard's tables, a class's rows: split_seen_up.c,
 * split_seen_counts.c) against the plain way (split_seen_counts): every
 * seen card of the same random classes of one upcard, the two interleaved,
 * REPS rounds; prints the median time of the upcard's table build, per
 * seen card of each way, and their ratio (the two ways' counts are
 * compared too: a bench that measured a wrong kernel would say so).
 *   split_seen_bench [CLASSES [REPS]]   (default 200 classes, 5 rounds) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seen_bench.h"
#include "split_seen.h"

/* Every seen card of class (P, u) by one way; returns the seconds.  sum: a
 * checksum of the counts. */
static double one_class(const struct split_dealer_tables *t, const struct split_seen_up *up,
                        struct split_seen_class *c, const card_t P[4], card_t u, int fast, uint64_t *sum)
{
    double t0 = omp_get_wtime();
    struct split_hand_counts out[SPLIT_NMASKS];
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    if (fast)
        split_seen_class_start(c, t, up, P, u);
    for (int a = 0; a < NCARDS; a++) {
        if (known & card_bit((card_t)a))
            continue;
        if (fast)
            split_seen_counts_in(c, (card_t)a, out);
        else
            split_seen_counts(t, P, u, (card_t)a, out);
        seen_bench_checksum(out, sum);
    }
    return omp_get_wtime() - t0;
}

int main(int argc, char **argv)
{
    int classes = argc > 1 ? atoi(argv[1]) : 200, reps = argc > 2 ? atoi(argv[2]) : 5;
    struct split_dealer_tables *t = seen_bench_tables();
    struct split_seen_class *c = split_seen_class_new();
    card_t(*deal)[4] = malloc(sizeof *deal * (size_t)(classes > 0 ? classes : 1));
    if (!t || !c || !deal || classes < 1 || reps < 1)
        return fprintf(stderr, "split_seen_bench: bad arguments or out of memory\n"), 1;
    const card_t u = card_make(7, 2); /* the nine of hearts */
    uint64_t rng = 12345;
    for (int i = 0; i < classes; i++) { /* 4 distinct cards besides u */
        cardmask_t used = card_bit(u);
        for (int k = 0; k < 4;) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            card_t x = (card_t)((rng >> 33) % NCARDS);
            if (!(used & card_bit(x)))
                used |= card_bit(x), deal[i][k++] = x;
        }
    }
    double *time[3] = {calloc((size_t)reps, sizeof(double)), calloc((size_t)reps, sizeof(double)),
                       calloc((size_t)reps, sizeof(double))};
    uint64_t sum[2] = {0, 0};
    for (int r = 0; r < reps; r++) {
        double t0 = omp_get_wtime();
        struct split_seen_up *up = split_seen_up_build(t, u);
        time[2][r] = omp_get_wtime() - t0;
        if (!up)
            return fprintf(stderr, "split_seen_bench: out of memory\n"), 1;
        for (int way = 0; way < 2; way++) {
            sum[way] = 0;
            for (int i = 0; i < classes; i++)
                time[way][r] += one_class(t, up, c, deal[i], u, way, &sum[way]);
        }
        split_seen_up_free(up);
    }
    if (sum[0] != sum[1])
        return fprintf(stderr, "split_seen_bench: the two ways' counts differ\n"), 1;
    double cards = (double)classes * 47, med[3];
    for (int way = 0; way < 3; way++)
        med[way] = seen_bench_median(time[way], reps);
    printf("%d classes x 47 seen cards, upcard 9h, %d rounds interleaved, medians (%d threads):\n", classes, reps,
           omp_get_max_threads());
    printf("  the upcard's tables:            %.3f s\n", med[2]);
    printf("  plain (every completion read):  %.3f us a seen card\n", 1e6 * med[0] / cards);
    printf("  a run's way (tables and rows):  %.3f us a seen card\n", 1e6 * med[1] / cards);
    printf("  ratio: %.2f\n", med[0] / med[1]);
    split_seen_class_free(c);
    split_dealer_tables_free(t);
    free(deal), free(time[0]), free(time[1]), free(time[2]);
    return 0;
}
