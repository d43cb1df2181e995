#include "combo.h"

#include <pthread.h>

/* Pascal's triangle up to PASCAL_N, halved by symmetry: C(n, k) with
 * k <= n/2.  C(64, 32) < 2^64, so every entry is exact.  Built once on first
 * use under pthread_once, so concurrent first calls from OpenMP threads are
 * safe; afterwards it is only read. */
enum { PASCAL_N = 64, PASCAL_K = PASCAL_N / 2 };
static uint64_t pascal[PASCAL_N + 1][PASCAL_K + 1];
static pthread_once_t pascal_once = PTHREAD_ONCE_INIT;

static uint64_t pascal_entry(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    return pascal[n][k];
}

static void pascal_build(void)
{
    for (int n = 0; n <= PASCAL_N; n++) {
        pascal[n][0] = 1;
        /* Only the half k <= n/2 is stored; pascal_entry folds row n-1. */
        for (int k = 1; k <= n / 2; k++)
            pascal[n][k] = pascal_entry(n - 1, k - 1) + pascal_entry(n - 1, k);
    }
}

/* Beyond the table: the multiplicative formula.  After step i the value is
 * C(n-k+i, i), an integer, so each division is exact; the 128-bit product
 * cannot overflow while the value still fits in 64 bits.  The values grow
 * with i, so once one exceeds 64 bits the result does too: saturate. */
static uint64_t binomial_multiplicative(int n, int k)
{
    unsigned __int128 value = 1;
    for (int i = 1; i <= k; i++) {
        value = value * (unsigned)(n - k + i) / (unsigned)i;
        if (value > UINT64_MAX)
            return UINT64_MAX;
    }
    return (uint64_t)value;
}

uint64_t binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    if (n <= PASCAL_N) {
        pthread_once(&pascal_once, pascal_build);
        return pascal[n][k];
    }
    return binomial_multiplicative(n, k);
}

bool combo_first(combo_t *c, int n, int k)
{
    if (k < 0 || k > n || k > COMBO_MAXK)
        return false;
    c->n = n;
    c->k = k;
    for (int i = 0; i < k; i++)
        c->idx[i] = i;
    return true;
}

/* Colex successor: raise the lowest index that has room below its upper
 * neighbour (or below n for the top one) and reset every lower index to its
 * minimum 0, 1, ...  This is counting with the lowest index varying fastest. */
bool combo_next(combo_t *c)
{
    for (int i = 0; i < c->k; i++) {
        int limit = (i + 1 < c->k) ? c->idx[i + 1] : c->n;
        if (c->idx[i] + 1 < limit) {
            c->idx[i]++;
            for (int j = 0; j < i; j++)
                c->idx[j] = j;
            return true;
        }
    }
    return false;
}

uint64_t combo_rank(const int *idx, int k)
{
    uint64_t rank = 0;
    for (int i = 0; i < k; i++)
        rank += binomial(idx[i], i + 1);
    return rank;
}

/* The largest c in [lo, hi) with C(c, j) <= rank, given C(lo, j) <= rank
 * (true for lo = j - 1, where it is 0).  binomial is nondecreasing in c
 * (saturation keeps that), so bisection works. */
static int largest_fitting(uint64_t rank, int j, int lo, int hi)
{
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (binomial(mid, j) <= rank)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Greedy inverse of combo_rank: the top index is the largest c with
 * C(c, k) <= rank; subtract and repeat one position down.  Indices are
 * strictly decreasing, so each search is bounded by the index above it;
 * the top one doubles its bound until it overshoots (the cap only keeps an
 * out-of-range rank from overflowing int). */
void combo_unrank(uint64_t rank, int k, int *idx)
{
    if (k <= 0)
        return;
    int hi = k;
    while (hi < (1 << 29) && binomial(hi, k) <= rank)
        hi *= 2;
    for (int i = k - 1; i >= 0; i--) {
        idx[i] = largest_fitting(rank, i + 1, i, hi);
        rank -= binomial(idx[i], i + 1);
        hi = idx[i];
    }
}
