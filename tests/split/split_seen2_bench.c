/* split_seen2_bench.c — `protect split --seen 2`'s counts, the fast way against
 * the plain way (split_seen2_counts.c): every seen pair of the same random
 * classes, the two interleaved, REPS rounds; prints the median time per
 * seen pair of each and their ratio (the two ways' counts are compared
 * too: a bench that measured a wrong kernel would say so).
 *   split_seen2_bench [CLASSES [REPS]]   (default 200 classes, 5 rounds) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seen_bench.h"
#include "split_seen.h"

/* Every seen pair of class (P, u) by one way; returns the seconds.  sum: a
 * checksum of the counts. */
static double one_class(const struct split_dealer_tables *t, struct split_seen2_class *c, const card_t P[4], card_t u,
                        int fast, uint64_t *sum)
{
    double t0 = omp_get_wtime();
    struct split_hand_counts out[SPLIT_NMASKS];
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    if (fast)
        split_seen2_class_start(c, t, P, u);
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++) {
            if ((known & card_bit((card_t)a)) || (known & card_bit((card_t)b)))
                continue;
            if (fast)
                split_seen2_counts_in(c, (card_t)a, (card_t)b, out);
            else
                split_seen2_counts_ref(t, P, u, (card_t)a, (card_t)b, out);
            seen_bench_checksum(out, sum);
        }
    return omp_get_wtime() - t0;
}

int main(int argc, char **argv)
{
    int classes = argc > 1 ? atoi(argv[1]) : 200, reps = argc > 2 ? atoi(argv[2]) : 5;
    struct split_dealer_tables *t = seen_bench_tables();
    struct split_seen2_class *c = split_seen2_class_new();
    card_t(*deal)[5] = malloc(sizeof *deal * (size_t)(classes > 0 ? classes : 1));
    if (!t || !c || !deal || classes < 1 || reps < 1)
        return fprintf(stderr, "split_seen2_bench: bad arguments or out of memory\n"), 1;
    uint64_t rng = 12345;
    for (int i = 0; i < classes; i++) { /* 5 distinct cards: P and u */
        cardmask_t used = 0;
        for (int k = 0; k < 5;) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            card_t x = (card_t)((rng >> 33) % NCARDS);
            if (!(used & card_bit(x)))
                used |= card_bit(x), deal[i][k++] = x;
        }
    }
    double *time[2] = {calloc((size_t)reps, sizeof(double)), calloc((size_t)reps, sizeof(double))};
    uint64_t sum[2] = {0, 0};
    for (int r = 0; r < reps; r++)
        for (int way = 0; way < 2; way++) {
            sum[way] = 0;
            for (int i = 0; i < classes; i++)
                time[way][r] += one_class(t, c, deal[i], deal[i][4], way, &sum[way]);
        }
    if (sum[0] != sum[1])
        return fprintf(stderr, "split_seen2_bench: the two ways' counts differ\n"), 1;
    double pairs = (double)classes * 1081, med[2];
    for (int way = 0; way < 2; way++)
        med[way] = seen_bench_median(time[way], reps);
    printf("%d classes x 1081 seen pairs, %d rounds interleaved, medians:\n", classes, reps);
    printf("  plain (every completion read): %.3f us a seen pair\n", 1e6 * med[0] / pairs);
    printf("  fast (the completions' CDFs):  %.3f us a seen pair\n", 1e6 * med[1] / pairs);
    printf("  ratio: %.2fx\n", med[0] / med[1]);
    free(time[0]), free(time[1]), free(deal);
    split_seen2_class_free(c);
    split_dealer_tables_free(t);
    return 0;
}
