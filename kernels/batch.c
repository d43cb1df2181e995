/* batch.c — the scalar variant (the references in a loop), the names, and
 * the run-time choice of a variant. */
#include "batch.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "eval3.h"
#include "eval4.h"

static void scalar_three_card(const uint8_t *const cards[3], size_t n, uint16_t *out)
{
    for (size_t j = 0; j < n; j++) {
        card_t h[3] = {cards[0][j], cards[1][j], cards[2][j]};
        out[j] = eval3_rank(h);
    }
}

static void scalar_four(uint32_t (*eval)(const card_t *), const uint8_t *const cards[4], size_t n,
                        uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        card_t h[4] = {cards[0][j], cards[1][j], cards[2][j], cards[3][j]};
        out[j] = eval(h);
    }
}

static void scalar_split_blind(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    scalar_four(split_blind_rank, cards, n, out);
}

static void scalar_frenzy_four(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    scalar_four(frenzy_four_rank, cards, n, out);
}

static void scalar_frenzy_best(const uint8_t *const cards[5], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        card_t h[5] = {cards[0][j], cards[1][j], cards[2][j], cards[3][j], cards[4][j]};
        out[j] = frenzy_best_rank(h);
    }
}

static void scalar_buyout_points(const uint8_t *const cards[], int ncards, size_t n, uint8_t *out)
{
    for (size_t j = 0; j < n; j++) {
        card_t h[5];
        for (int i = 0; i < ncards; i++)
            h[i] = cards[i][j];
        out[j] = (uint8_t)(ncards == 5 ? buyout_points5(h, BUYOUT_FIVE_BEST4) : buyout_points(h, ncards));
    }
}

static const struct batch_kernels batch_kernels_scalar = {
    .three_card = scalar_three_card,
    .split_blind = scalar_split_blind,
    .frenzy_four = scalar_frenzy_four,
    .frenzy_best = scalar_frenzy_best,
    .buyout_points = scalar_buyout_points,
};

#ifdef FOURCARD_HAVE_X86_SIMD
extern const struct batch_kernels batch_kernels_avx2, batch_kernels_avx512;

static bool cpu_has(enum simd_variant v)
{
    __builtin_cpu_init();
    if (v == SIMD_AVX2)
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
}
#endif

const struct batch_kernels *batch_kernels_get(enum simd_variant v)
{
    switch (v) {
    case SIMD_SCALAR:
        return &batch_kernels_scalar;
#ifdef FOURCARD_HAVE_X86_SIMD
    case SIMD_AVX2:
        return cpu_has(v) ? &batch_kernels_avx2 : NULL;
    case SIMD_AVX512:
        return cpu_has(v) ? &batch_kernels_avx512 : NULL;
#endif
    default:
        return NULL;
    }
}

static const char *const VARIANT_NAMES[SIMD_NVARIANTS] = {"scalar", "avx2", "avx512"};

const char *simd_variant_name(enum simd_variant v)
{
    return (v >= 0 && v < SIMD_NVARIANTS) ? VARIANT_NAMES[v] : "?";
}

enum simd_variant batch_best_variant(void)
{
    int cap = SIMD_NVARIANTS - 1;
    const char *env = getenv("FOURCARD_SIMD");
    for (int v = 0; env && v < SIMD_NVARIANTS; v++)
        if (strcmp(env, VARIANT_NAMES[v]) == 0)
            cap = v;
    for (int v = cap; v > SIMD_SCALAR; v--)
        if (batch_kernels_get((enum simd_variant)v))
            return (enum simd_variant)v;
    return SIMD_SCALAR;
}

const struct batch_kernels *batch_kernels_best(void)
{
    return batch_kernels_get(batch_best_variant());
}

static const char *const KERNEL_NAMES[K_NKERNELS] = {
    "three-card", "split-blind", "frenzy-four", "frenzy-best", "buyout-points",
};

const char *kernel_name(enum kernel_id k)
{
    return (k >= 0 && k < K_NKERNELS) ? KERNEL_NAMES[k] : "?";
}

int kernel_from_name(const char *name)
{
    for (int k = 0; k < K_NKERNELS; k++)
        if (strcmp(name, KERNEL_NAMES[k]) == 0)
            return k;
    return -1;
}
