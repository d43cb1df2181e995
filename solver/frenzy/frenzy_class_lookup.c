/* frenzy_class_lookup.c — the classes' representatives are their
 * canonical forms (canon.h), listed in colex order: a hand's class is
 * found by binary search on its form's colex index. */
#include "frenzy_class_lookup.h"

#include <stdlib.h>

#include "canon.h"
#include "combo.h"

static uint64_t hand_key(const card_t h[5])
{
    int idx[5];
    for (int i = 0; i < 5; i++)
        idx[i] = h[i];
    return combo_rank(idx, 5);
}

int frenzy_class_lookup_init(struct frenzy_class_lookup *n, const struct frenzy_game *g, const struct frenzy_counts *c)
{
    return frenzy_class_lookup_init_among(n, g, c, FRENZY_DEALER_HANDS);
}

int frenzy_class_lookup_init_among(struct frenzy_class_lookup *n, const struct frenzy_game *g,
                                   const struct frenzy_counts *c, int64_t all)
{
    int64_t den = frenzy_game_den(g);
    n->c = c;
    n->key = malloc((size_t)c->n * sizeof *n->key);
    n->choice = malloc((size_t)c->n);
    if (!n->key || !n->choice)
        return -1;
#pragma omp parallel for schedule(static)
    for (long i = 0; i < c->n; i++) {
        struct frenzy_decision d;
        frenzy_decide_among(g, den, &c->classes[i], all, &d);
        n->key[i] = hand_key(c->classes[i].cards);
        n->choice[i] = (uint8_t)d.choice;
    }
    return 0;
}

void frenzy_class_lookup_free(struct frenzy_class_lookup *n)
{
    free(n->key), free(n->choice);
    n->key = NULL, n->choice = NULL;
}

long frenzy_class_lookup_find(const struct frenzy_class_lookup *n, cardmask_t hand)
{
    cardmask_t form;
    canon_form(&hand, 1, &form);
    card_t h[5];
    for (int i = 0, k = 0; i < NCARDS && k < 5; i++)
        if (form & card_bit((card_t)i))
            h[k++] = (card_t)i;
    uint64_t key = hand_key(h);
    long lo = 0, hi = n->c->n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (n->key[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n->c->n && n->key[lo] == key ? lo : -1;
}

