/* split_situations.c — canonical (P, u) classes: a class's representative
 * is the situation equal to its own canonical form (canon.h). */
#include "split_situations.h"

#include <stdlib.h>
#include <string.h>

#include "canon.h"

/* The player's hands that are their own canonical form alone, in
 * lexicographic order (a situation's representative has one of them). */
enum { PLAYER_REPS = 16432 }; /* suit classes of 4-card hands */

static long player_reps(card_t (**out)[4])
{
    card_t(*reps)[4] = malloc(PLAYER_REPS * sizeof *reps);
    long n = 0;
    if (!reps)
        return -1;
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int c = b + 1; c < NCARDS; c++)
                for (int d = c + 1; d < NCARDS; d++) {
                    card_t P[4] = {(card_t)a, (card_t)b, (card_t)c, (card_t)d};
                    cardmask_t pm = cards_to_mask(P, 4);
                    if (canon_is_rep(&pm, 1) && n < PLAYER_REPS)
                        memcpy(reps[n++], P, 4);
                }
    *out = reps;
    return n;
}

/* The classes with upcard u, in order of P; writes them to list (when not
 * NULL) and returns how many. */
static long classes_with_upcard(int u, card_t (*reps)[4], long nreps, struct split_situation *list)
{
    long n = 0;
    for (long i = 0; i < nreps; i++) {
        cardmask_t g[2] = {cards_to_mask(reps[i], 4), card_bit((card_t)u)}, form[2];
        if (g[0] & g[1])
            continue;
        int orbit = canon_form(g, 2, form);
        if (form[0] != g[0] || form[1] != g[1])
            continue;
        if (list)
            list[n] = (struct split_situation){{reps[i][0], reps[i][1], reps[i][2], reps[i][3]}, (card_t)u,
                                               (uint8_t)orbit};
        n++;
    }
    return n;
}

/* Upcard first, then the player's cards: the solver reads per-upcard
 * tables, so situations with one upcard run together while its tables
 * are in cache.  Counted per upcard in parallel, then written in place. */
long split_situations_list(struct split_situation **out)
{
    card_t(*reps)[4] = NULL;
    long nreps = player_reps(&reps), at[NCARDS + 1] = {0};
    if (nreps < 0)
        return -1;
#pragma omp parallel for schedule(dynamic, 1)
    for (int u = 0; u < NCARDS; u++)
        at[u + 1] = classes_with_upcard(u, reps, nreps, NULL);
    for (int u = 0; u < NCARDS; u++)
        at[u + 1] += at[u];
    struct split_situation *list = malloc((size_t)(at[NCARDS] > 0 ? at[NCARDS] : 1) * sizeof *list);
    if (!list)
        return free(reps), -1;
#pragma omp parallel for schedule(dynamic, 1)
    for (int u = 0; u < NCARDS; u++)
        classes_with_upcard(u, reps, nreps, list + at[u]);
    free(reps);
    *out = list;
    return at[NCARDS];
}
