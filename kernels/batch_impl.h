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

/* 3 cards, ids sorted decreasingly. */
static inline uint32_t e3_sorted(uint32_t c0, uint32_t c1, uint32_t c2)
{
    uint32_t r0 = c0 >> 2, r1 = c1 >> 2, r2 = c2 >> 2;
    uint32_t flush = ((c0 & 3) == (c1 & 3)) & ((c1 & 3) == (c2 & 3));
    uint32_t ehi = r0 == r1, elo = r1 == r2;
    uint32_t trips = ehi & elo, pair = ehi ^ elo;
    uint32_t wheel = (r0 == RANK_ACE) & (r1 == 1) & (r2 == 0);
    uint32_t straight = ((ehi | elo) == 0) & ((r0 - r2 == 2) | wheel);
    uint32_t top = wheel ? 1 : r0;

    uint32_t cat = straight ? (flush ? (top == RANK_ACE ? E3_ROYAL : E3_STRAIGHT_FLUSH) : E3_STRAIGHT)
                            : (flush ? E3_FLUSH : E3_HIGH);
    uint32_t kick = straight ? top << 8 : (r0 << 8 | r1 << 4 | r2);
    /* a pair: the paired rank is always r1; the single is r2 or r0 */
    uint32_t pkick = r1 << 8 | (ehi ? r2 : r0) << 4;
    cat = trips ? E3_TRIPS : pair ? E3_PAIR : cat;
    kick = trips ? r0 << 8 : pair ? pkick : kick;
    return cat << 12 | kick;
}

static void three_card(const uint8_t *const cards[3], size_t n, uint16_t *out)
{
    const uint8_t *a = cards[0], *b = cards[1], *c = cards[2];
    for (size_t j = 0; j < n; j++) {
        uint32_t x = a[j], y = b[j], z = c[j];
        SORT2_DESC(x, y);
        SORT2_DESC(x, z);
        SORT2_DESC(y, z);
        out[j] = (uint16_t)e3_sorted(x, y, z);
    }
}

/* 4 cards, ids sorted decreasingly: the Frenzy rank (eval4.h). */
static inline uint32_t e4_sorted(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3)
{
    uint32_t r0 = c0 >> 2, r1 = c1 >> 2, r2 = c2 >> 2, r3 = c3 >> 2;
    uint32_t s0 = c0 & 3;
    uint32_t flush = (s0 == (c1 & 3)) & (s0 == (c2 & 3)) & (s0 == (c3 & 3));
    uint32_t e01 = r0 == r1, e12 = r1 == r2, e23 = r2 == r3;
    uint32_t npairs = e01 + e12 + e23; /* equal neighbours */
    uint32_t wheel = (r0 == RANK_ACE) & (r1 == 2) & (r3 == 0);
    uint32_t straight = (npairs == 0) & ((r0 - r3 == 3) | wheel);
    uint32_t top = wheel ? 2 : r0;

    /* no two equal ranks: straight flush, flush, straight or high card */
    uint32_t cat = straight ? (flush ? F4_STRAIGHT_FLUSH : F4_STRAIGHT) : (flush ? F4_FLUSH : F4_HIGH);
    uint32_t kick = straight ? top << 12 : (r0 << 12 | r1 << 8 | r2 << 4 | r3);
    /* one pair: it is r1 unless it is r2 = r3; the others keep their order */
    uint32_t pkick = ((e01 | e12) ? r1 : r2) << 12 | (e01 ? r2 : r0) << 8 | (e23 ? r1 : r3) << 4;
    /* trips always contain r1; the kicker is the card left over */
    uint32_t tkick = r1 << 12 | (e01 & e12 ? r3 : r0) << 8;
    uint32_t two_pair_kick = r0 << 12 | r2 << 8;

    cat = npairs == 1 ? F4_PAIR : cat;
    kick = npairs == 1 ? pkick : kick;
    cat = npairs == 2 ? (e12 ? F4_TRIPS : F4_TWO_PAIR) : cat;
    kick = npairs == 2 ? (e12 ? tkick : two_pair_kick) : kick;
    cat = npairs == 3 ? F4_QUADS : cat;
    kick = npairs == 3 ? r0 << 12 : kick;
    return cat << 16 | kick;
}

/* The Blind rank from the Frenzy rank, branch-free (eval4.h's
 * blind_from_frenzy: categories shift up past pairs, Royal lifts to the
 * top, pairs split at tens). */
static inline uint32_t blind_lift(uint32_t frenzy)
{
    uint32_t cat = frenzy >> 16, top = (frenzy >> 12) & 15;
    uint32_t b = cat + (cat >= F4_TWO_PAIR) + ((cat == F4_PAIR) & (top >= RANK_TEN)) +
                 2 * ((cat == F4_STRAIGHT_FLUSH) & (top == RANK_ACE));
    return b << 16 | (frenzy & 0xffffu);
}

static inline uint32_t e4_unsorted(uint32_t w, uint32_t x, uint32_t y, uint32_t z)
{
    SORT2_DESC(w, x);
    SORT2_DESC(y, z);
    SORT2_DESC(w, y);
    SORT2_DESC(x, z);
    SORT2_DESC(x, y);
    return e4_sorted(w, x, y, z);
}

static void frenzy_four(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++)
        out[j] = e4_unsorted(cards[0][j], cards[1][j], cards[2][j], cards[3][j]);
}

static void split_blind(const uint8_t *const cards[4], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++)
        out[j] = blind_lift(e4_unsorted(cards[0][j], cards[1][j], cards[2][j], cards[3][j]));
}

/* Best 4 of 5: sort once; dropping one card of a sorted 5 leaves a sorted 4. */
static void frenzy_best(const uint8_t *const cards[5], size_t n, uint32_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint32_t a = cards[0][j], b = cards[1][j], c = cards[2][j], d = cards[3][j], e = cards[4][j];
        SORT2_DESC(a, b);
        SORT2_DESC(d, e);
        SORT2_DESC(c, e);
        SORT2_DESC(c, d);
        SORT2_DESC(b, e);
        SORT2_DESC(a, d);
        SORT2_DESC(a, c);
        SORT2_DESC(b, d);
        SORT2_DESC(b, c);
        uint32_t best = e4_sorted(b, c, d, e);
        best = MAXU(best, e4_sorted(a, c, d, e));
        best = MAXU(best, e4_sorted(a, b, d, e));
        best = MAXU(best, e4_sorted(a, b, c, e));
        best = MAXU(best, e4_sorted(a, b, c, d));
        out[j] = best;
    }
}

/* Buyout points of k cards (identical cards allowed): for every card, the
 * size of its rank group and the sum and size of its suit group. */
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

static inline void buyout_fixed(const uint8_t *const cards[], int k, size_t n, uint8_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint32_t c[5];
        for (int i = 0; i < k; i++)
            c[i] = cards[i][j];
        out[j] = (uint8_t)buyout_k(c, k);
    }
}

/* Five cards, best four: the best of the five 4-card subsets. */
static void buyout_best4of5(const uint8_t *const cards[5], size_t n, uint8_t *out)
{
    for (size_t j = 0; j < n; j++) {
        uint32_t best = 0;
        for (int drop = 0; drop < 5; drop++) {
            uint32_t c[4];
            for (int i = 0, m = 0; i < 5; i++)
                if (i != drop)
                    c[m++] = cards[i][j];
            best = MAXU(best, buyout_k(c, 4));
        }
        out[j] = (uint8_t)best;
    }
}

static void buyout_points(const uint8_t *const cards[], int ncards, size_t n, uint8_t *out)
{
    switch (ncards) {
    case 2: buyout_fixed(cards, 2, n, out); break;
    case 3: buyout_fixed(cards, 3, n, out); break;
    case 4: buyout_fixed(cards, 4, n, out); break;
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
