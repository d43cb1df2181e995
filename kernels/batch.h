/* batch.h — batched evaluators, chosen at run time for the CPU.
 *
 * Inputs are structure-of-arrays: cards[i][j] is card i (an id 0..51) of
 * hand j.  Each kernel returns exactly what its scalar reference returns
 * (eval3.h, eval4.h, buyout.h); the tests check that on every hand.
 *
 * SIMD_SCALAR calls the scalar reference in a loop; SIMD_AVX2 and
 * SIMD_AVX512 are the branch-free kernels of batch_impl.h compiled for
 * those instruction sets.
 */
#ifndef FOURCARD_BATCH_H
#define FOURCARD_BATCH_H

#include <stddef.h>
#include <stdint.h>

enum kernel_id {
    K_THREE_CARD,
    K_SPLIT_BLIND,
    K_FRENZY_FOUR,
    K_FRENZY_BEST,
    K_BUYOUT_POINTS,
    K_NKERNELS
};

enum simd_variant { SIMD_SCALAR, SIMD_AVX2, SIMD_AVX512, SIMD_NVARIANTS };

struct batch_kernels {
    void (*three_card)(const uint8_t *const cards[3], size_t n, uint16_t *out);
    void (*split_blind)(const uint8_t *const cards[4], size_t n, uint32_t *out);
    void (*frenzy_four)(const uint8_t *const cards[4], size_t n, uint32_t *out);
    void (*frenzy_best)(const uint8_t *const cards[5], size_t n, uint32_t *out);
    /* ncards 2..5; five cards are scored best 4 of 5 (the default reading) */
    void (*buyout_points)(const uint8_t *const cards[], int ncards, size_t n, uint8_t *out);
};

/* NULL when this CPU (or this build) lacks the variant. */
const struct batch_kernels *batch_kernels_get(enum simd_variant v);
/* The widest variant the CPU has; FOURCARD_SIMD=scalar|avx2|avx512 in the
 * environment caps it. */
enum simd_variant batch_best_variant(void);
const struct batch_kernels *batch_kernels_best(void); /* batch_kernels_get(batch_best_variant()) */

/* "scalar", "avx2" or "avx512" ("?" when out of range). */
const char *simd_variant_name(enum simd_variant v);
/* "three-card", "split-blind", ..., the names kernel_from_name reads ("?" when out of range). */
const char *kernel_name(enum kernel_id k);
/* -1 when the name is unknown. */
int kernel_from_name(const char *name);

#endif
