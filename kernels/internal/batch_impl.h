/* batch_impl.h — branch-free batched evaluators.
 *
 * Included once per instruction set (batch_avx2.c, batch_avx512.c) with
 * BATCH_TABLE naming the struct batch_kernels to define.  Every hand goes
 * through the same straight-line arithmetic (sorting networks, equality
 * flags, selects), so the compiler vectorises each loop over hands.  The
 * results equal the scalar references bit for bit; tests/test_simd.c
 * checks that on every hand.
 *
 * Sorting card ids (rank * 4 + suit) in decreasing order sorts the ranks,
 * puts equal ranks next to each other and keeps each card's suit with it.
 */
#include <stddef.h>
#include <stdint.h>

#include "batch.h"
#include "cards.h"
#include "eval3.h"
#include "eval4.h"

#ifndef BATCH_TABLE
#error "define BATCH_TABLE before including batch_impl.h"
#endif

#define MAXU(a, b) ((a) > (b) ? (a) : (b))
#define MINU(a, b) ((a) < (b) ? (a) : (b))
#define SORT2_DESC(a, b)          \
    do {                          \
        uint32_t hi_ = MAXU(a, b); \
        uint32_t lo_ = MINU(a, b); \
        a = hi_;                  \
        b = lo_;                  \
    } while (0)

/* Branch-free selects: m is 0 or 1.  Written as arithmetic because the
 * compiler keeps some chains of ?: as branches, which stops vectorising. */
static inline uint32_t sel(uint32_t m, uint32_t a, uint32_t b)
{
    return b ^ ((a ^ b) & (0u - m));
}
static inline uint16_t sel16(uint16_t m, uint16_t a, uint16_t b)
{
    return (uint16_t)(b ^ ((a ^ b) & (uint16_t)(0u - m)));
}

/* 3 cards, ids sorted decreasingly.  All in 16 bits, so that a vector
 * holds twice as many hands as with 32-bit lanes. */
static inline uint16_t e3_sorted(uint16_t c0, uint16_t c1, uint16_t c2)
{
    uint16_t r0 = c0 >> 2, r1 = c1 >> 2, r2 = c2 >> 2;
    uint16_t flush = ((c0 & 3) == (c1 & 3)) & ((c1 & 3) == (c2 & 3));
    uint16_t ehi = r0 == r1, elo = r1 == r2;
    uint16_t trips = ehi & elo, pair = ehi ^ elo;
    uint16_t wheel = (r0 == RANK_ACE) & (r1 == 1) & (r2 == 0);
    uint16_t straight = ((ehi | elo) == 0) & (((uint16_t)(r0 - r2) == 2) | wheel);
    uint16_t top = sel16(wheel, 1, r0);

    uint16_t cat = sel16(straight, sel16(flush, sel16(top == RANK_ACE, E3_ROYAL, E3_STRAIGHT_FLUSH), E3_STRAIGHT),
                         sel16(flush, E3_FLUSH, E3_HIGH));
    uint16_t kick = sel16(straight, (uint16_t)(top << 8), (uint16_t)(r0 << 8 | r1 << 4 | r2));
    /* a pair: the paired rank is always r1; the single is r2 or r0 */
    uint16_t pkick = (uint16_t)(r1 << 8 | sel16(ehi, r2, r0) << 4);
    cat = sel16(trips, E3_TRIPS, sel16(pair, E3_PAIR, cat));
    kick = sel16(trips, (uint16_t)(r0 << 8), sel16(pair, pkick, kick));
    return (uint16_t)(cat << 12 | kick);
}

#define SORT2_DESC16(a, b)                \
    do {                                  \
        uint16_t hi_ = (a) > (b) ? a : b; \
        uint16_t lo_ = (a) > (b) ? b : a; \
        a = hi_;                          \
        b = lo_;                          \
    } while (0)

/* The three_card kernel: each hand's ids sorted by three compare-exchanges, then e3_sorted. */
static void three_card(const uint8_t *const cards[3], size_t n, uint16_t *out)
{
    const uint8_t *a = cards[0], *b = cards[1], *c = cards[2];
    for (size_t j = 0; j < n; j++) {
        uint16_t x = a[j], y = b[j], z = c[j];
        SORT2_DESC16(x, y);
        SORT2_DESC16(x, z);
        SORT2_DESC16(y, z);
        out[j] = e3_sorted(x, y, z);
    }
}

/* 4 cards, ids sorted decreasingly: the Frenzy category and kickers
 * (eval4.h: the rank is cat << 16 | kick).  16-bit lanes throughout. */
static inline void e4_sorted(uint16_t c0, uint16_t c1, uint16_t c2, uint16_t c3, uint16_t *cat_out,
                             uint16_t *kick_out)
{
    uint16_t r0 = c0 >> 2, r1 = c1 >> 2, r2 = c2 >> 2, r3 = c3 >> 2;
    uint16_t s0 = c0 & 3;
    uint16_t flush = (s0 == (c1 & 3)) & (s0 == (c2 & 3)) & (s0 == (c3 & 3));
    uint16_t e01 = r0 == r1, e12 = r1 == r2, e23 = r2 == r3;
    uint16_t npairs = e01 + e12 + e23; /* equal neighbours */
    uint16_t wheel = (r0 == RANK_ACE) & (r1 == 2) & (r3 == 0);
    uint16_t straight = (npairs == 0) & (((uint16_t)(r0 - r3) == 3) | wheel);
    uint16_t top = sel16(wheel, 2, r0);

    /* no two equal ranks: straight flush, flush, straight or high card */
    uint16_t cat = sel16(straight, sel16(flush, F4_STRAIGHT_FLUSH, F4_STRAIGHT), sel16(flush, F4_FLUSH, F4_HIGH));
    uint16_t kick = sel16(straight, (uint16_t)(top << 12), (uint16_t)(r0 << 12 | r1 << 8 | r2 << 4 | r3));
    /* one pair: it is r1 unless it is r2 = r3; the others keep their order */
    uint16_t pkick = (uint16_t)(sel16(e01 | e12, r1, r2) << 12 | sel16(e01, r2, r0) << 8 | sel16(e23, r1, r3) << 4);
    /* trips always contain r1; the kicker is the card left over */
    uint16_t tkick = (uint16_t)(r1 << 12 | sel16(e01 & e12, r3, r0) << 8);
    uint16_t two_pair_kick = (uint16_t)(r0 << 12 | r2 << 8);

    uint16_t one = npairs == 1, two = npairs == 2, three = npairs == 3;
    cat = sel16(one, F4_PAIR, cat);
    kick = sel16(one, pkick, kick);
    cat = sel16(two, sel16(e12, F4_TRIPS, F4_TWO_PAIR), cat);
    kick = sel16(two, sel16(e12, tkick, two_pair_kick), kick);
    cat = sel16(three, F4_QUADS, cat);
    kick = sel16(three, (uint16_t)(r0 << 12), kick);
    *cat_out = cat;
    *kick_out = kick;
}

/* The Blind category from the Frenzy one, branch-free (eval4.h's
 * blind_from_frenzy: categories shift up past pairs, Royal lifts to the
 * top, pairs split at tens). */
static inline uint16_t blind_lift(uint16_t cat, uint16_t kick)
{
    uint16_t top = (kick >> 12) & 15;
    return (uint16_t)(cat + (cat >= F4_TWO_PAIR) + ((cat == F4_PAIR) & (top >= RANK_TEN)) +
                      2 * ((cat == F4_STRAIGHT_FLUSH) & (top == RANK_ACE)));
}

/* e4_sorted of 4 card ids in any order (a 5-comparator sorting network first). */
static inline void e4_unsorted(uint16_t w, uint16_t x, uint16_t y, uint16_t z, uint16_t *cat, uint16_t *kick)
{
    SORT2_DESC16(w, x);
    SORT2_DESC16(y, z);
    SORT2_DESC16(w, y);
    SORT2_DESC16(x, z);
    SORT2_DESC16(x, y);
    e4_sorted(w, x, y, z, cat, kick);
}

/* The frenzy_four kernel: each hand's Frenzy rank, as frenzy_four_rank. */
static void frenzy_four(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint16_t cat, kick;
        e4_unsorted(cards[0][j], cards[1][j], cards[2][j], cards[3][j], &cat, &kick);
        out[j] = (uint32_t)cat << 16 | kick;
    }
}

/* The split_blind kernel: each hand's Blind rank, as split_blind_rank. */
static void split_blind(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint16_t cat, kick;
        e4_unsorted(cards[0][j], cards[1][j], cards[2][j], cards[3][j], &cat, &kick);
        out[j] = (uint32_t)blind_lift(cat, kick) << 16 | kick;
    }
}

/* Keeps the better of (cat, kick) and (*bcat, *bkick), compared as the
 * rank cat << 16 | kick would be. */
static inline void keep_best(uint16_t cat, uint16_t kick, uint16_t *bcat, uint16_t *bkick)
{
    uint16_t better = (cat > *bcat) | ((cat == *bcat) & (kick > *bkick));
    *bcat = sel16(better, cat, *bcat);
    *bkick = sel16(better, kick, *bkick);
}

/* Best 4 of 5: sort once; dropping one card of a sorted 5 leaves a sorted 4. */
static void frenzy_best(const uint8_t *const cards[5], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint16_t a = cards[0][j], b = cards[1][j], c = cards[2][j], d = cards[3][j], e = cards[4][j];
        SORT2_DESC16(a, b);
        SORT2_DESC16(d, e);
        SORT2_DESC16(c, e);
        SORT2_DESC16(c, d);
        SORT2_DESC16(b, e);
        SORT2_DESC16(a, d);
        SORT2_DESC16(a, c);
        SORT2_DESC16(b, d);
        SORT2_DESC16(b, c);
        uint16_t bcat, bkick, cat, kick;
        e4_sorted(b, c, d, e, &bcat, &bkick);
        e4_sorted(a, c, d, e, &cat, &kick);
        keep_best(cat, kick, &bcat, &bkick);
        e4_sorted(a, b, d, e, &cat, &kick);
        keep_best(cat, kick, &bcat, &bkick);
        e4_sorted(a, b, c, e, &cat, &kick);
        keep_best(cat, kick, &bcat, &bkick);
        e4_sorted(a, b, c, d, &cat, &kick);
        keep_best(cat, kick, &bcat, &bkick);
        out[j] = (uint32_t)bcat << 16 | bkick;
    }
}

/* Buyout points of k cards (identical cards allowed): for every card, the
 * size of its rank group and the sum and size of its suit group.  32-bit
 * lanes measured faster here than 16-bit ones (results/CHANGELOG-speed.md). */
static inline uint32_t buyout_k(const uint32_t *c, int k)
{
    uint32_t best = 0;
    for (int i = 0; i < k; i++) {
        uint32_t ri = c[i] >> 2, si = c[i] & 3, same_rank = 0, same_suit = 0, suit_sum = 0;
        for (int j = 0; j < k; j++) {
            uint32_t rj = c[j] >> 2;
            uint32_t value = rj == RANK_ACE ? 11 : rj >= RANK_JACK ? 10 : rj + 2;
            same_rank += rj == ri;
            uint32_t s = (c[j] & 3) == si;
            same_suit += s;
            suit_sum += s ? value : 0;
        }
        uint32_t kind = same_rank >= 2 ? same_rank * (ri == RANK_ACE ? 11 : 10) : 0;
        uint32_t suited = same_suit >= 2 ? suit_sum : 0;
        best = MAXU(best, MAXU(kind, suited));
    }
    return best;
}

/* One loop per card count, with the card arrays in local pointers, so that
 * the compiler sees a plain loop over hands and vectorises it. */
static void buyout2(const uint8_t *const cards[], size_t n, uint8_t *out)
{
    const uint8_t *p0 = cards[0], *p1 = cards[1];
    for (size_t j = 0; j < n; j++) {
        uint32_t c[2] = {p0[j], p1[j]};
        out[j] = (uint8_t)buyout_k(c, 2);
    }
}

static void buyout3(const uint8_t *const cards[], size_t n, uint8_t *out)
{
    const uint8_t *p0 = cards[0], *p1 = cards[1], *p2 = cards[2];
    for (size_t j = 0; j < n; j++) {
        uint32_t c[3] = {p0[j], p1[j], p2[j]};
        out[j] = (uint8_t)buyout_k(c, 3);
    }
}

static void buyout4(const uint8_t *const cards[], size_t n, uint8_t *out)
{
    const uint8_t *p0 = cards[0], *p1 = cards[1], *p2 = cards[2], *p3 = cards[3];
    for (size_t j = 0; j < n; j++) {
        uint32_t c[4] = {p0[j], p1[j], p2[j], p3[j]};
        out[j] = (uint8_t)buyout_k(c, 4);
    }
}

/* Five cards, best four: the best of the five 4-card subsets. */
static void buyout_best4of5(const uint8_t *const cards[], size_t n, uint8_t *out)
{
    const uint8_t *p0 = cards[0], *p1 = cards[1], *p2 = cards[2], *p3 = cards[3], *p4 = cards[4];
    for (size_t j = 0; j < n; j++) {
        uint32_t a = p0[j], b = p1[j], c = p2[j], d = p3[j], e = p4[j];
        uint32_t s0[4] = {b, c, d, e}, s1[4] = {a, c, d, e}, s2[4] = {a, b, d, e}, s3[4] = {a, b, c, e},
                 s4[4] = {a, b, c, d};
        uint32_t best = buyout_k(s0, 4);
        best = MAXU(best, buyout_k(s1, 4));
        best = MAXU(best, buyout_k(s2, 4));
        best = MAXU(best, buyout_k(s3, 4));
        best = MAXU(best, buyout_k(s4, 4));
        out[j] = (uint8_t)best;
    }
}

/* The buyout_points kernel: ncards 2..5 (five scored best 4 of 5); any other count writes nothing. */
static void buyout_points(const uint8_t *const cards[], int ncards, size_t n, uint8_t *out)
{
    switch (ncards) {
    case 2: buyout2(cards, n, out); break;
    case 3: buyout3(cards, n, out); break;
    case 4: buyout4(cards, n, out); break;
    case 5: buyout_best4of5(cards, n, out); break;
    default: break;
    }
}

const struct batch_kernels BATCH_TABLE = {
    .three_card = three_card,
    .split_blind = split_blind,
    .frenzy_four = frenzy_four,
    .frenzy_best = frenzy_best,
    .buyout_points = buyout_points,
};
