/* split_situations.c — canonical (P, u) classes: a class's representative
 * is the situation equal to its own canonical form (canon.h). */
#include "split_situations.h"

#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "combo.h"

/* Upcard first, then the player's cards: the solver reads per-upcard
 * tables, so situations with one upcard run together while its tables
 * are in cache. */
static int by_upcard(const void *pa, const void *pb)
{
    const struct split_situation *a = pa, *b = pb;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return memcmp(a->P, b->P, 4);
}

long split_situations_list(struct split_situation **out)
{
    size_t cap = 600000, n = 0;
    struct split_situation *list = malloc(cap * sizeof *list);
    if (!list)
        return -1;
    combo_t c;
    for (bool more = combo_first(&c, NCARDS, 4); more; more = combo_next(&c)) {
        card_t P[4] = {(card_t)c.idx[0], (card_t)c.idx[1], (card_t)c.idx[2], (card_t)c.idx[3]};
        cardmask_t pm = cards_to_mask(P, 4);
        if (!canon_is_rep(&pm, 1))
            continue; /* no situation with these cards can be a representative */
        for (int u = 0; u < NCARDS; u++) {
            cardmask_t g[2] = {pm, card_bit((card_t)u)}, form[2];
            if (pm & g[1])
                continue;
            int orbit = canon_form(g, 2, form);
            if (form[0] != g[0] || form[1] != g[1])
                continue;
            if (n == cap) {
                struct split_situation *bigger = realloc(list, 2 * cap * sizeof *list);
                if (!bigger)
                    return free(list), -1;
                list = bigger;
                cap *= 2;
            }
            list[n++] = (struct split_situation){{P[0], P[1], P[2], P[3]}, (card_t)u, (uint8_t)orbit};
        }
    }
    qsort(list, n, sizeof *list, by_upcard);
    *out = list;
    return (long)n;
}
