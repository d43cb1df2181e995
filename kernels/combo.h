/* combo.h — combinations of k of n items, in colexicographic order, and
 * their ranks in the combinatorial number system. */
#ifndef FOURCARD_COMBO_H
#define FOURCARD_COMBO_H

#include <stdbool.h>
#include <stdint.h>

enum { COMBO_MAXK = 8 };

/* C(n, k); 0 when k < 0 or k > n.  Exact whenever C(n, k) fits in 64 bits
 * (every n <= 67, and e.g. C(312, 4)); UINT64_MAX when it does not. */
uint64_t binomial(int n, int k);

typedef struct {
    int n, k;
    int idx[COMBO_MAXK]; /* idx[0] < idx[1] < ... < idx[k-1] */
} combo_t;

/* The first combination {0, 1, ..., k-1}; false when k > n. */
bool combo_first(combo_t *c, int n, int k);
/* Steps to the next combination in colex order; false after the last. */
bool combo_next(combo_t *c);

/* Colex rank of a strictly increasing idx[0..k): sum C(idx[i], i+1). */
uint64_t combo_rank(const int *idx, int k);
/* The inverse: writes into idx[0..k) the increasing combination of that colex rank. */
void combo_unrank(uint64_t rank, int k, int *idx);

#endif
