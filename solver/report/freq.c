/* freq.c — exhaustive frequency tables: every hand through the batched
 * evaluator, counted by category (or by points for 4 Card Buyout). */
#include "freq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "combo.h"
#include "eval3.h"
#include "eval4.h"
#include "shoe.h"

/* Every k-card hand of one deck, as k arrays of card ids. */
struct hand_list {
    size_t n;
    int k;
    uint8_t *cards[5];
};

static void hands_free(struct hand_list *h)
{
    for (int i = 0; i < h->k; i++)
        free(h->cards[i]);
}

static int hands_all(int k, struct hand_list *h)
{
    h->k = k;
    h->n = (size_t)binomial(NCARDS, k);
    for (int i = 0; i < k; i++)
        if (!(h->cards[i] = malloc(h->n)))
            return -1;
    combo_t c;
    size_t j = 0;
    for (bool more = combo_first(&c, NCARDS, k); more; more = combo_next(&c), j++)
        for (int i = 0; i < k; i++)
            h->cards[i][j] = (uint8_t)c.idx[i];
    return 0;
}

/* Fixed categories, listed best first. */
static void table_categories(struct freq_table *t, int ncat, const char *(*name)(int), const uint64_t *counts)
{
    t->nrows = ncat;
    t->total = 0;
    for (int c = ncat - 1, row = 0; c >= 0; c--, row++) {
        snprintf(t->rows[row].category, sizeof t->rows[row].category, "%s", name(c));
        t->rows[row].count = counts[c];
        t->total += counts[c];
    }
}

static const char *e3_name(int c) { return eval3_category_name((enum eval3_category)c); }
static const char *f4_name(int c) { return frenzy_category_name((enum frenzy_category)c); }
static const char *bl_name(int c) { return blind_category_name((enum blind_category)c); }

static int freq_three_card(const struct batch_kernels *bk, struct freq_table *t)
{
    struct hand_list h;
    uint16_t *ranks = NULL;
    uint64_t counts[E3_NCATEGORIES] = {0};
    int rc = -1;
    if (hands_all(3, &h) == 0 && (ranks = malloc(h.n * sizeof *ranks))) {
        bk->three_card((const uint8_t *const *)h.cards, h.n, ranks);
        for (size_t j = 0; j < h.n; j++)
            counts[eval3_category_of(ranks[j])]++;
        table_categories(t, E3_NCATEGORIES, e3_name, counts);
        rc = 0;
    }
    free(ranks);
    hands_free(&h);
    return rc;
}

static int freq_four(const struct batch_kernels *bk, enum kernel_id k, struct freq_table *t)
{
    struct hand_list h;
    uint32_t *ranks = NULL;
    uint64_t counts[BL_NCATEGORIES] = {0};
    int ncards = k == K_FRENZY_BEST ? 5 : 4, rc = -1;
    if (hands_all(ncards, &h) == 0 && (ranks = malloc(h.n * sizeof *ranks))) {
        const uint8_t *const *cards = (const uint8_t *const *)h.cards;
        if (k == K_SPLIT_BLIND)
            bk->split_blind(cards, h.n, ranks);
        else if (k == K_FRENZY_FOUR)
            bk->frenzy_four(cards, h.n, ranks);
        else
            bk->frenzy_best(cards, h.n, ranks);
        for (size_t j = 0; j < h.n; j++)
            counts[eval4_category_of(ranks[j])]++;
        if (k == K_SPLIT_BLIND)
            table_categories(t, BL_NCATEGORIES, bl_name, counts);
        else
            table_categories(t, F4_NCATEGORIES, f4_name, counts);
        rc = 0;
    }
    free(ranks);
    hands_free(&h);
    return rc;
}

/* 4 cards from the six-deck shoe: each multiset of card ids
 * a <= b <= c <= d once, weighted by its number of draws. */
static int freq_buyout(const struct batch_kernels *bk, struct freq_table *t)
{
    enum { MAXPOINTS = 64 };
    shoe_t shoe;
    shoe_init(&shoe, 6);
    size_t n = (size_t)binomial(NCARDS + 3, 4), j = 0;
    uint8_t *cards[4], *points = malloc(n);
    uint64_t *weight = malloc(n * sizeof *weight), counts[MAXPOINTS] = {0};
    int ok = points && weight;
    for (int i = 0; i < 4; i++)
        ok &= (cards[i] = malloc(n)) != NULL;
    for (int a = 0; ok && a < NCARDS; a++)
        for (int b = a; b < NCARDS; b++)
            for (int c = b; c < NCARDS; c++)
                for (int d = c; d < NCARDS; d++, j++) {
                    card_t h[4] = {(card_t)a, (card_t)b, (card_t)c, (card_t)d};
                    for (int i = 0; i < 4; i++)
                        cards[i][j] = h[i];
                    weight[j] = shoe_ways(&shoe, h, 4);
                }
    if (ok) {
        bk->buyout_points((const uint8_t *const *)cards, 4, n, points);
        for (size_t i = 0; i < n; i++)
            counts[points[i] < MAXPOINTS ? points[i] : 0] += weight[i];
        t->nrows = 0;
        t->total = 0;
        for (int p = MAXPOINTS - 1; p >= 0; p--) {
            if (!counts[p])
                continue;
            struct freq_row *row = &t->rows[t->nrows++];
            snprintf(row->category, sizeof row->category, "%d", p);
            row->count = counts[p];
            t->total += counts[p];
        }
    }
    for (int i = 0; i < 4; i++)
        free(cards[i]);
    free(points);
    free(weight);
    return ok ? 0 : -1;
}

int freq_compute(enum kernel_id k, struct freq_table *t)
{
    const struct batch_kernels *bk = batch_kernels_best();
    memset(t, 0, sizeof *t);
    t->kernel = k;
    switch (k) {
    case K_THREE_CARD:
        return freq_three_card(bk, t);
    case K_SPLIT_BLIND:
    case K_FRENZY_FOUR:
    case K_FRENZY_BEST:
        return freq_four(bk, k, t);
    case K_BUYOUT_POINTS:
        return freq_buyout(bk, t);
    default:
        return -1;
    }
}
