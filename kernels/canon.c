#include "canon.h"

#include <assert.h>

enum { LANE_BITS = 16, RANK_BITS = 13 };
#define RANK_MASK UINT64_C(0x1fff)
#define LANE_MASK UINT64_C(0xffff)

/* The sort key of each suit: its rank sets in group 0, 1, ... concatenated,
 * group 0 most significant.  13 bits a group, so 4 groups take 52 bits.
 * Groups outside, suits inside: four independent chains the compiler
 * unrolls (measurably faster than one suit at a time). */
static void suit_keys(const cardmask_t *groups, int ngroups, uint64_t key[NSUITS])
{
    for (int s = 0; s < NSUITS; s++)
        key[s] = 0;
    for (int g = 0; g < ngroups; g++)
        for (int s = 0; s < NSUITS; s++)
            key[s] = key[s] << RANK_BITS | mask_suit_ranks(groups[g], s);
}

static inline void order_desc(uint64_t *a, uint64_t *b)
{
    uint64_t hi = *a > *b ? *a : *b;
    uint64_t lo = *a > *b ? *b : *a;
    *a = hi;
    *b = lo;
}

/* The optimal 4-input sorting network (5 compare-exchanges): no loop over
 * the 24 permutations and no data-dependent branches. */
static void sort4_desc(uint64_t key[NSUITS])
{
    order_desc(&key[0], &key[1]);
    order_desc(&key[2], &key[3]);
    order_desc(&key[0], &key[2]);
    order_desc(&key[1], &key[3]);
    order_desc(&key[1], &key[2]);
}

/* 24 / prod(m!) by which neighbours of the sorted keys are equal (bit 0:
 * key0 == key1, bit 1: key1 == key2, bit 2: key2 == key3).  Sorting makes
 * equal keys contiguous, so these three bits determine the multiplicities. */
static const int orbit_by_ties[8] = { 24, 12, 12, 4, 12, 6, 4, 1 };

int canon_form(const cardmask_t *groups, int ngroups, cardmask_t *out)
{
    assert(ngroups >= 0 && ngroups <= CANON_MAXGROUPS);
    uint64_t key[NSUITS];
    suit_keys(groups, ngroups, key);
    sort4_desc(key);
    /* The i-th largest key becomes lane i.  The lanes are read back from the
     * keys, not from groups, so out may alias groups. */
    for (int g = 0; g < ngroups; g++) {
        int shift = RANK_BITS * (ngroups - 1 - g);
        cardmask_t m = 0;
        for (int i = 0; i < NSUITS; i++)
            m |= ((key[i] >> shift) & RANK_MASK) << (LANE_BITS * i);
        out[g] = m;
    }
    int ties = (key[0] == key[1]) | (key[1] == key[2]) << 1 | (key[2] == key[3]) << 2;
    return orbit_by_ties[ties];
}

bool canon_is_rep(const cardmask_t *groups, int ngroups)
{
    cardmask_t form[CANON_MAXGROUPS];
    canon_form(groups, ngroups, form);
    for (int g = 0; g < ngroups; g++)
        if (form[g] != groups[g])
            return false;
    return true;
}

/* Moves whole 16-bit lanes, so it is a bijection on every mask. */
cardmask_t canon_permute(cardmask_t m, const int perm[NSUITS])
{
    cardmask_t out = 0;
    for (int s = 0; s < NSUITS; s++)
        out |= ((m >> (LANE_BITS * s)) & LANE_MASK) << (LANE_BITS * perm[s]);
    return out;
}
