/* test_simd.c — every batched variant equals the scalar references on
 * every hand of every kernel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "batch.h"
#include "buyout.h"
#include "combo.h"
#include "eval3.h"
#include "eval4.h"

/* All k-card hands of one deck (distinct = 1) or all multisets of k card
 * ids (distinct = 0, six-deck shoes), as k card arrays. */
struct hands {
    size_t n;
    int k;
    uint8_t *cards[5];
};

static size_t fill_multisets(struct hands *h, int i, int from, uint8_t *cur, size_t j, int distinct)
{
    if (i == h->k) {
        for (int t = 0; t < h->k; t++)
            h->cards[t][j] = cur[t];
        return j + 1;
    }
    for (int c = from; c < NCARDS; c++) {
        cur[i] = (uint8_t)c;
        j = fill_multisets(h, i + 1, c + distinct, cur, j, distinct);
    }
    return j;
}

static struct hands hands_make(int k, int distinct)
{
    struct hands h = {.k = k};
    h.n = (size_t)(distinct ? binomial(NCARDS, k) : binomial(NCARDS + k - 1, k));
    for (int i = 0; i < k; i++)
        h.cards[i] = malloc(h.n);
    uint8_t cur[5];
    size_t filled = fill_multisets(&h, 0, 0, cur, 0, distinct);
    assert_int_equal(filled, h.n);
    return h;
}

static void hands_free(struct hands *h)
{
    for (int i = 0; i < h->k; i++)
        free(h->cards[i]);
}

#define CARDS(h) ((const uint8_t *const *)(h).cards)

static void each_variant_three_card(void **state)
{
    (void)state;
    struct hands h = hands_make(3, 1);
    uint16_t *want = malloc(h.n * 2), *got = malloc(h.n * 2);
    for (size_t j = 0; j < h.n; j++) {
        card_t c[3] = {h.cards[0][j], h.cards[1][j], h.cards[2][j]};
        want[j] = eval3_rank(c);
    }
    for (int v = 0; v < SIMD_NVARIANTS; v++) {
        const struct batch_kernels *bk = batch_kernels_get((enum simd_variant)v);
        if (!bk)
            continue;
        memset(got, 0xff, h.n * 2);
        bk->three_card(CARDS(h), h.n, got);
        for (size_t j = 0; j < h.n; j++)
            if (got[j] != want[j])
                fail_msg("%s three-card hand %zu: %#x != %#x", simd_variant_name(v), j, got[j], want[j]);
    }
    free(want);
    free(got);
    hands_free(&h);
}

typedef uint32_t (*ref4_fn)(const card_t *);
typedef void (*batch4_fn)(const uint8_t *const *, size_t, uint32_t *);

static void check_four(int k, ref4_fn ref, size_t offset, const char *what)
{
    struct hands h = hands_make(k, 1);
    uint32_t *want = malloc(h.n * 4), *got = malloc(h.n * 4);
    for (size_t j = 0; j < h.n; j++) {
        card_t c[5];
        for (int i = 0; i < k && i < 5; i++) /* k <= 5: said again for GCC's bounds warning */
            c[i] = h.cards[i][j];
        want[j] = ref(c);
    }
    for (int v = 0; v < SIMD_NVARIANTS; v++) {
        const struct batch_kernels *bk = batch_kernels_get((enum simd_variant)v);
        if (!bk)
            continue;
        batch4_fn fn = *(const batch4_fn *)((const char *)bk + offset);
        memset(got, 0xff, h.n * 4);
        fn(CARDS(h), h.n, got);
        for (size_t j = 0; j < h.n; j++)
            if (got[j] != want[j])
                fail_msg("%s %s hand %zu: %#x != %#x", simd_variant_name(v), what, j, got[j], want[j]);
    }
    free(want);
    free(got);
    hands_free(&h);
}

static void each_variant_split_blind(void **state)
{
    (void)state;
    check_four(4, split_blind_rank, offsetof(struct batch_kernels, split_blind), "split-blind");
}

static void each_variant_frenzy_four(void **state)
{
    (void)state;
    check_four(4, frenzy_four_rank, offsetof(struct batch_kernels, frenzy_four), "frenzy-four");
}

static void each_variant_frenzy_best(void **state)
{
    (void)state;
    check_four(5, frenzy_best_rank, offsetof(struct batch_kernels, frenzy_best), "frenzy-best");
}

/* Every multiset of k card ids (six decks allow repeats). */
static void check_buyout(int k)
{
    struct hands h = hands_make(k, 0);
    uint8_t *want = malloc(h.n), *got = malloc(h.n);
    for (size_t j = 0; j < h.n; j++) {
        card_t c[5];
        for (int i = 0; i < k && i < 5; i++) /* k <= 5: said again for GCC's bounds warning */
            c[i] = h.cards[i][j];
        want[j] = (uint8_t)(k == 5 ? buyout_points5(c, BUYOUT_FIVE_BEST4) : buyout_points(c, k));
    }
    for (int v = 0; v < SIMD_NVARIANTS; v++) {
        const struct batch_kernels *bk = batch_kernels_get((enum simd_variant)v);
        if (!bk)
            continue;
        memset(got, 0xff, h.n);
        bk->buyout_points(CARDS(h), k, h.n, got);
        for (size_t j = 0; j < h.n; j++)
            if (got[j] != want[j])
                fail_msg("%s buyout %d cards, hand %zu: %d != %d", simd_variant_name(v), k, j, got[j], want[j]);
    }
    free(want);
    free(got);
    hands_free(&h);
}

static void each_variant_buyout(void **state)
{
    (void)state;
    for (int k = 2; k <= 5; k++)
        check_buyout(k);
}

/* The order of the hand arrays must not matter: permuted card columns. */
static void card_order_does_not_matter(void **state)
{
    (void)state;
    struct hands h = hands_make(5, 1);
    const uint8_t *rot[5] = {h.cards[3], h.cards[0], h.cards[4], h.cards[2], h.cards[1]};
    uint32_t *a = malloc(h.n * 4), *b = malloc(h.n * 4);
    const struct batch_kernels *bk = batch_kernels_best();
    bk->frenzy_best(CARDS(h), h.n, a);
    bk->frenzy_best(rot, h.n, b);
    assert_memory_equal(a, b, h.n * 4);
    free(a);
    free(b);
    hands_free(&h);
}

int main(void)
{
    int have = 0;
    for (int v = 0; v < SIMD_NVARIANTS; v++)
        if (batch_kernels_get((enum simd_variant)v)) {
            print_message("variant available: %s\n", simd_variant_name(v));
            have++;
        }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_variant_three_card), cmocka_unit_test(each_variant_split_blind),
        cmocka_unit_test(each_variant_frenzy_four), cmocka_unit_test(each_variant_frenzy_best),
        cmocka_unit_test(each_variant_buyout),     cmocka_unit_test(card_order_does_not_matter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL) || have == 0;
}
