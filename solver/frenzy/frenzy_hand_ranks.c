/* frenzy_hand_ranks.c — every 5-card hand ranked once (the scalar
 * evaluator, in parallel by top card) and the distinct ranks numbered. */
#include "frenzy_hand_ranks.h"

#include <stdlib.h>
#include <string.h>

#include "big_alloc.h"
#include "eval4.h"
#include "frenzy_counts.h"

enum { NHANDS = 2598960, RANK_SPACE = F4_NCATEGORIES << 16 };

uint32_t FRENZY_BINOM[NCARDS + 1][6];

static void binom_fill(void)
{
    for (int n = 0; n <= NCARDS; n++)
        for (int k = 0; k < 6; k++)
            FRENZY_BINOM[n][k] = k == 0 ? 1 : n == 0 ? 0 : FRENZY_BINOM[n - 1][k - 1] + FRENZY_BINOM[n - 1][k];
}

/* ------------------------------------------------------------------ */
/* The ranks of every hand                                             */
/* ------------------------------------------------------------------ */

int frenzy_hand_ranks_build(struct frenzy_hand_ranks *r)
{
    memset(r, 0, sizeof *r);
    binom_fill();
    uint32_t *raw = big_malloc(NHANDS, sizeof *raw);
    uint16_t *map = calloc(RANK_SPACE, sizeof *map);
    r->dense = big_malloc(NHANDS, sizeof *r->dense);
    if (!raw || !map || !r->dense) {
        free(raw), free(map), frenzy_hand_ranks_free(r);
        return -1;
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (int e = NCARDS - 1; e >= 4; e--) {
        uint32_t i = FRENZY_BINOM[e][5]; /* hands with top card e, in colex order */
        for (int d = 3; d < e; d++)
            for (int c = 2; c < d; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++) {
                        card_t h[5] = {(card_t)a, (card_t)b, (card_t)c, (card_t)d, (card_t)e};
                        raw[i++] = frenzy_best_rank(h);
                    }
    }
    for (long h = 0; h < NHANDS; h++)
        map[raw[h]] = 1;
    int nr = 0;
    for (uint32_t v = 0; v < RANK_SPACE; v++)
        nr += map[v];
    r->value = malloc((size_t)nr * sizeof *r->value);
    if (!r->value) {
        free(raw), free(map), frenzy_hand_ranks_free(r);
        return -1;
    }
    r->nr = 0;
    for (uint32_t v = 0; v < RANK_SPACE; v++)
        if (map[v]) {
            r->value[r->nr] = v;
            map[v] = (uint16_t)r->nr++;
        }
    while (r->q < r->nr && r->value[r->q] < FRENZY_QUALIFY_RANK)
        r->q++;
#pragma omp parallel for schedule(static)
    for (long h = 0; h < NHANDS; h++)
        r->dense[h] = map[raw[h]];
    free(raw), free(map);
    return 0;
}

void frenzy_hand_ranks_free(struct frenzy_hand_ranks *r)
{
    free(r->dense), free(r->value);
    memset(r, 0, sizeof *r);
}

