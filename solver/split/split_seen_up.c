/* split_seen_up.c — one upcard's tables for `protect split --seen 1`'s
 * single cards (internal/split_seen_up.h says what they hold).
 *
 * For each seen card s and single card x (W: the 49 cards other than u,
 * s, x), each card a of W gives its rows of tb and tc (the completions
 * {a, e} read against E1W[a], and against the one pair {a, e}: tbg gets
 * tb - tc, tbsum tb), its share of ct (the pairs {a, e}, e after a) and
 * of tg: for every y of W - a, the completions {a, e} whose reading passes
 * D(a, y), counted per lane off the sorted ranks p(a, e) (suffix counts
 * per lane, a binary search per y), added to tbg[y].
 */
#include <stdlib.h>
#include <string.h>

#include "split_dealer_cdf.h"
#include "split_seen.h"
#include "split_seen_up.h"

enum { NW = NCARDS - 3 }; /* W: the cards other than u, s and x */

/* Adds a lane vector to another. */
static inline void vec_add(uint16_t *to, const uint16_t *v)
{
    for (int l = 0; l < SEEN_LANES; l++)
        to[l] = (uint16_t)(to[l] + v[l]);
}

/* Card a of W: its rows of tb and tc, its share of ct and of tg. */
static inline void build_a(struct split_seen_up *up, int s, int x, const card_t W[NW], int i, seen_vec32 ct,
                           seen_vec32 tbsum)
{
    const struct split_dealer_tables *t = up->t;
    int u = up->u, q = t->qualify, a = W[i];
    const uint16_t *ds = t->d3 + ((size_t)u * NCARDS + s) * NCARDS * NCARDS + (size_t)a * NCARDS; /* D(a, .) */
    const uint16_t *pa = t->player + ((size_t)x * NCARDS + a) * NCARDS;                          /* p(a, .) */
    const uint8_t *c2 = split_cdf_row2(t, u, s, a);
    int dax = ds[x], e1q = c2[q] - (dax < q);
    uint16_t(*tbg)[SEEN_LANES] = up->tbg[seen_up_key3(s, x, a)];
    struct seen_ranks thirds; /* p(a, e) */
    seen_ranks_clear(&thirds);
    for (int j = 0; j < NW; j++) {
        if (j == i)
            continue;
        int e = W[j], p = pa[e], l = up->lane_of[p], d = ds[e];
        int b0 = c2[p] - (dax < p), b1 = c2[p + 1] - (dax <= p), c0 = d < p, c1 = d <= p, cq = d < q;
        tbsum[0][l] += b0, tbsum[1][l] += b1, tbsum[2][l] += e1q; /* tb */
        tbg[0][l] = (uint16_t)(tbg[0][l] + b0 - c0); /* tb - tc: each g of E1W[a] with D(a, g) below is >= the one g = e */
        tbg[1][l] = (uint16_t)(tbg[1][l] + b1 - c1);
        tbg[2][l] = (uint16_t)(tbg[2][l] + e1q - cq);
        if (j > i)
            ct[0][l] += c0, ct[1][l] += c1, ct[2][l] += cq;
        seen_ranks_add(&thirds, p);
    }
    seen_ranks_finish(&thirds, up->lane_of);
    for (int j = 0; j < NW; j++) {
        if (j == i)
            continue;
        int y = W[j], d = ds[y];
        uint16_t(*tg)[SEEN_LANES] = up->tbg[seen_up_key3(s, x, y)];
        vec_add(tg[0], seen_ranks_above(&thirds, d, 0)); /* p > d */
        vec_add(tg[1], seen_ranks_above(&thirds, d, 1)); /* p + 1 > d */
        if (d < q)
            vec_add(tg[2], thirds.suffix[0]);
    }
}

/* Every table entry of (s, x). */
__attribute__((target_clones("avx2", "default")))
static void build_sx(struct split_seen_up *up, int s, int x)
{
    card_t W[NW];
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (c != up->u && c != s && c != x)
            W[n++] = (card_t)c;
    int32_t(*ct)[SEEN_LANES] = up->ct[seen_up_key2(s, x)];
    int32_t(*sum)[SEEN_LANES] = up->tbsum[seen_up_key2(s, x)];
    for (int j = 0; j < NW; j++)
        memset(up->tbg[seen_up_key3(s, x, W[j])], 0, sizeof(seen_vec16));
    memset(ct, 0, sizeof(seen_vec32));
    memset(sum, 0, sizeof(seen_vec32));
    for (int i = 0; i < NW; i++)
        build_a(up, s, x, W, i, ct, sum);
}

/* The pair {x, y}'s entries of tp, for every seen card s. */
static void build_pair(struct split_seen_up *up, int x, int y)
{
    const struct split_dealer_tables *t = up->t;
    const uint16_t *px = t->player + ((size_t)x * NCARDS + y) * NCARDS; /* the rank of {x, y, .} */
    int u = up->u;
    for (int s = 0; s < NCARDS; s++) {
        if (s == u || s == x || s == y)
            continue;
        uint64_t *to = up->tp[seen_up_keyp(s, x, y)];
        memset(to, 0, sizeof(seen_lanes));
        for (int c = 0; c < NCARDS; c++)
            if (c != u && c != s && c != x && c != y)
                to[up->lane_of[px[c]]] += seen_pair_e1(t, u, s, x, y, c, px[c]);
    }
}

struct split_seen_up *split_seen_up_build(const struct split_dealer_tables *t, card_t u)
{
    struct split_seen_up *up = calloc(1, sizeof *up);
    if (!up)
        return NULL;
    up->t = t, up->u = u;
    up->tbg = malloc((size_t)NCARDS * NCARDS * NCARDS * sizeof *up->tbg);
    up->tbsum = malloc((size_t)NCARDS * NCARDS * sizeof *up->tbsum);
    up->ct = malloc((size_t)NCARDS * NCARDS * sizeof *up->ct);
    up->tp = malloc((size_t)SPLIT_NPAIRS * NCARDS * sizeof *up->tp);
    if (!up->tbg || !up->tbsum || !up->ct || !up->tp)
        return split_seen_up_free(up), NULL;
    for (int b = 0; b < t->nbuckets; b++)
        for (int r = t->buckets[b].lo; r < t->buckets[b].hi; r++)
            up->lane_of[r] = (uint8_t)b;
    /* a thread builds every entry of its x: an x's are one block (seen_up_key3) */
#pragma omp parallel for schedule(dynamic, 1)
    for (int x = 0; x < NCARDS; x++)
        for (int s = 0; s < NCARDS; s++)
            if (s != u && x != u && x != s)
                build_sx(up, s, x);
#pragma omp parallel for schedule(dynamic, 1)
    for (int y = 0; y < NCARDS; y++)
        for (int x = 0; x < y; x++)
            if (x != u && y != u)
                build_pair(up, x, y);
    return up;
}

void split_seen_up_free(struct split_seen_up *up)
{
    if (!up)
        return;
    free(up->tbg), free(up->tbsum), free(up->ct), free(up->tp);
    free(up);
}
