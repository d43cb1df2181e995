/* split_keys.h — inside the 4 Card Split fast path: suit-canonical ids of
 * the keys of the Möbius terms (split_terms.h).
 *
 * A key is the upcard u, the cards X of a hand (1 or 2) and a set T of 0..2
 * "drawn" cards.  Keys that a suit permutation maps onto each other have
 * the same outcome counts, so a term table holds one entry per class; a
 * raw index per kind maps every key to its class in one read.  Rules do
 * not enter: the index is built once per process and shared.
 */
#ifndef FOURCARD_SPLIT_KEYS_H
#define FOURCARD_SPLIT_KEYS_H

#include <stdint.h>

#include "cards.h"

/* The colex index of the pair {a, b} (a != b): 0..1325. */
static inline int split_pair_index(int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return hi * (hi - 1) / 2 + lo;
}

/* The kinds of keys: |X| and |T|. */
enum split_key_kind {
    SK_SINGLE0, /* (u, x)          raw index [u][x] */
    SK_SINGLE1, /* (u, x, {a})     [u][x][a] */
    SK_SINGLE2, /* (u, x, {a, b})  [u][x][pair(a, b)] */
    SK_PAIR0,   /* (u, {x, y})     [u][pair(x, y)] */
    SK_PAIR1,   /* (u, {x, y}, {a}) [u][pair(x, y)][a] */
    SK_NKINDS
};

struct split_keys {
    int32_t *index[SK_NKINDS];   /* raw key -> class id (-1 for impossible keys) */
    int32_t nclasses[SK_NKINDS];
    card_t (*rep[SK_NKINDS])[4]; /* per class a representative: u, X, T in that order */
};

/* The shared index (built on first use, thread-safe — call it outside a
 * parallel region so that the build itself runs in parallel); NULL when
 * memory runs out. */
const struct split_keys *split_keys_get(void);

/* The class of the key (u, x), or -1 when no deal has it; likewise below. */
static inline int32_t split_key_single0(const struct split_keys *k, int u, int x)
{
    return k->index[SK_SINGLE0][u * NCARDS + x];
}
/* The class of (u, x, {a}). */
static inline int32_t split_key_single1(const struct split_keys *k, int u, int x, int a)
{
    return k->index[SK_SINGLE1][(u * NCARDS + x) * NCARDS + a];
}
/* The class of (u, x, {a, b}), ab = split_pair_index(a, b). */
static inline int32_t split_key_single2(const struct split_keys *k, int u, int x, int ab)
{
    return k->index[SK_SINGLE2][(size_t)(u * NCARDS + x) * 1326 + ab];
}
/* The class of (u, {x, y}), xy = split_pair_index(x, y). */
static inline int32_t split_key_pair0(const struct split_keys *k, int u, int xy)
{
    return k->index[SK_PAIR0][u * 1326 + xy];
}
/* The class of (u, {x, y}, {a}). */
static inline int32_t split_key_pair1(const struct split_keys *k, int u, int xy, int a)
{
    return k->index[SK_PAIR1][((size_t)u * 1326 + xy) * NCARDS + a];
}

#endif
