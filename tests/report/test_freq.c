/* test_freq.c — the exhaustive frequency tables of freq_compute, checked
 * against numbers derived here from first principles:
 *   - closed-form combinatorics (each formula says why it is right),
 *   - the figures published with the games (4 Card Split),
 *   - small brute-force classifiers written from the game rules alone
 *     (the pages in /work/shared/games), never from the project's evaluators.
 *
 * Only the inline card encoding of cards.h (id = rank * 4 + suit) and the
 * category enums / names of the headers are used from the project.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "cards.h"
#include "eval3.h"
#include "eval4.h"
#include "freq.h"

/* ------------------------------------------------------------------ */
/* Small arithmetic helpers                                            */
/* ------------------------------------------------------------------ */

/* C(n, k) by the multiplicative formula; every partial product is itself
 * a binomial coefficient, so the division is exact. */
static uint64_t choose(uint64_t n, uint64_t k)
{
    if (k > n)
        return 0;
    uint64_t r = 1;
    for (uint64_t i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static uint64_t power(uint64_t base, unsigned exp)
{
    uint64_t r = 1;
    while (exp--)
        r *= base;
    return r;
}

static uint64_t sum_counts(const uint64_t *v, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void expect_count(const char *what, uint64_t got, uint64_t want)
{
    if (got != want)
        fail_msg("%s: got %llu, expected %llu", what, (unsigned long long)got,
                 (unsigned long long)want);
}

/* ------------------------------------------------------------------ */
/* Checks shared by the fixed-category kernels                         */
/* ------------------------------------------------------------------ */

typedef const char *(*category_namer)(int c);

static const char *name3(int c) { return eval3_category_name((enum eval3_category)c); }
static const char *name_frenzy(int c) { return frenzy_category_name((enum frenzy_category)c); }
static const char *name_blind(int c) { return blind_category_name((enum blind_category)c); }

static void compute_table(enum kernel_id k, struct freq_table *t)
{
    memset(t, 0, sizeof *t);
    assert_int_equal(freq_compute(k, t), 0);
    assert_int_equal(t->kernel, k);
}

/* Rows run from the best category (ncat - 1) down to the worst (0); every
 * category keeps its row, zero counts included.  expected[c] is indexed by
 * the category enum value. */
static void check_fixed_rows(const struct freq_table *t, const uint64_t *expected,
                             int ncat, category_namer name, uint64_t hands)
{
    assert_int_equal(t->nrows, ncat);
    uint64_t rowsum = 0;
    for (int i = 0; i < ncat; i++) {
        int c = ncat - 1 - i;
        assert_non_null(name(c));
        assert_string_equal(t->rows[i].category, name(c));
        expect_count(name(c), t->rows[i].count, expected[c]);
        rowsum += t->rows[i].count;
    }
    expect_count("total vs sum of rows", t->total, rowsum);
    expect_count("total vs number of hands", t->total, hands);
}

/* ------------------------------------------------------------------ */
/* Independent classifiers, written from the rules                     */
/* ------------------------------------------------------------------ */

/* True when the rank set `mask` (bit r = rank r held) is n ranks in
 * sequence.  The ace (rank 12) plays high, or low below the deuce; there
 * is no wrap-around (K-A-2 is not a sequence). */
static int ranks_in_sequence(unsigned mask, int n)
{
    unsigned run = (1u << n) - 1;
    for (int lo = 0; lo + n <= NRANKS; lo++)
        if (mask == run << lo)
            return 1;
    unsigned ace_low = (1u << RANK_ACE) | (run >> 1); /* A-2-3(-4) */
    return mask == ace_low;
}

/* 3-card category: Royal (A-K-Q suited) > straight flush > trips >
 * straight > flush > pair > high card. */
static int my_three_card_category(const card_t c[3])
{
    int cnt[NRANKS] = {0}, maxcnt = 0;
    unsigned mask = 0;
    for (int i = 0; i < 3; i++) {
        int r = card_rank(c[i]);
        mask |= 1u << r;
        if (++cnt[r] > maxcnt)
            maxcnt = cnt[r];
    }
    int flush = card_suit(c[0]) == card_suit(c[1]) && card_suit(c[1]) == card_suit(c[2]);
    int straight = maxcnt == 1 && ranks_in_sequence(mask, 3);
    unsigned akq = 1u << RANK_ACE | 1u << RANK_KING | 1u << RANK_QUEEN;
    if (flush && straight)
        return mask == akq ? E3_ROYAL : E3_STRAIGHT_FLUSH;
    if (maxcnt == 3)
        return E3_TRIPS;
    if (straight)
        return E3_STRAIGHT;
    if (flush)
        return E3_FLUSH;
    return maxcnt == 2 ? E3_PAIR : E3_HIGH;
}

/* What a 4-card hand holds, before it is put in a category. */
struct shape4 {
    int maxcnt;    /* biggest group of equal ranks */
    int npairs;    /* groups of exactly two */
    int pair_rank; /* rank of the (top) pair, -1 without one */
    int flush;     /* all four of one suit */
    int straight;  /* four ranks in sequence */
    unsigned mask; /* rank set */
};

static struct shape4 shape_of4(const card_t c[4])
{
    struct shape4 s = {0, 0, -1, 1, 0, 0};
    int cnt[NRANKS] = {0};
    for (int i = 0; i < 4; i++) {
        int r = card_rank(c[i]);
        s.mask |= 1u << r;
        cnt[r]++;
        if (card_suit(c[i]) != card_suit(c[0]))
            s.flush = 0;
    }
    for (int r = 0; r < NRANKS; r++) {
        if (cnt[r] > s.maxcnt)
            s.maxcnt = cnt[r];
        if (cnt[r] == 2) {
            s.npairs++;
            s.pair_rank = r; /* ascending loop: the last one is the top pair */
        }
    }
    s.straight = s.maxcnt == 1 && ranks_in_sequence(s.mask, 4);
    return s;
}

/* Four Card Frenzy order: quads > straight flush > trips > flush >
 * straight > two pair > pair > high card. */
static int frenzy_category_of_shape(const struct shape4 *s)
{
    if (s->maxcnt == 4)
        return F4_QUADS;
    if (s->flush && s->straight)
        return F4_STRAIGHT_FLUSH;
    if (s->maxcnt == 3)
        return F4_TRIPS;
    if (s->flush)
        return F4_FLUSH;
    if (s->straight)
        return F4_STRAIGHT;
    if (s->npairs == 2)
        return F4_TWO_PAIR;
    return s->npairs == 1 ? F4_PAIR : F4_HIGH;
}

static int my_frenzy_category(const card_t c[4])
{
    struct shape4 s = shape_of4(c);
    return frenzy_category_of_shape(&s);
}

/* The Blind table: Royal (A-K-Q-J suited) > quads > straight flush >
 * trips > flush > straight > two pair > pair tens-aces > pair 2-9 > high. */
static int my_blind_category(const card_t c[4])
{
    struct shape4 s = shape_of4(c);
    unsigned akqj = 1u << RANK_ACE | 1u << RANK_KING | 1u << RANK_QUEEN | 1u << RANK_JACK;
    switch (frenzy_category_of_shape(&s)) {
    case F4_QUADS: return BL_QUADS;
    case F4_STRAIGHT_FLUSH: return s.mask == akqj ? BL_ROYAL : BL_STRAIGHT_FLUSH;
    case F4_TRIPS: return BL_TRIPS;
    case F4_FLUSH: return BL_FLUSH;
    case F4_STRAIGHT: return BL_STRAIGHT;
    case F4_TWO_PAIR: return BL_TWO_PAIR;
    case F4_PAIR: return s.pair_rank >= RANK_TEN ? BL_PAIR_HIGH : BL_PAIR_LOW;
    default: return BL_HIGH;
    }
}

/* Best 4 of 5: the highest Frenzy category over the five 4-card subsets
 * (the enum values grow with the Frenzy order). */
static int my_frenzy_best_category(const card_t c[5])
{
    int best = F4_HIGH;
    for (int skip = 0; skip < 5; skip++) {
        card_t sub[4];
        for (int i = 0, j = 0; i < 5; i++)
            if (i != skip)
                sub[j++] = c[i];
        int cat = my_frenzy_category(sub);
        if (cat > best)
            best = cat;
    }
    return best;
}

/* ------------------------------------------------------------------ */
/* Brute-force tallies over every hand of one deck                     */
/* ------------------------------------------------------------------ */

static void tally_three_card(uint64_t out[E3_NCATEGORIES])
{
    memset(out, 0, E3_NCATEGORIES * sizeof *out);
    card_t c[3];
    for (c[0] = 0; c[0] < NCARDS; c[0]++)
        for (c[1] = c[0] + 1; c[1] < NCARDS; c[1]++)
            for (c[2] = c[1] + 1; c[2] < NCARDS; c[2]++)
                out[my_three_card_category(c)]++;
}

/* All C(52,4) hands, classified by `classify` into out[0..ncat). */
static void tally_four_card(int (*classify)(const card_t[4]), uint64_t *out, int ncat)
{
    memset(out, 0, (size_t)ncat * sizeof *out);
    card_t c[4];
    for (c[0] = 0; c[0] < NCARDS; c[0]++)
        for (c[1] = c[0] + 1; c[1] < NCARDS; c[1]++)
            for (c[2] = c[1] + 1; c[2] < NCARDS; c[2]++)
                for (c[3] = c[2] + 1; c[3] < NCARDS; c[3]++)
                    out[classify(c)]++;
}

static void tally_frenzy_best(uint64_t out[F4_NCATEGORIES])
{
    memset(out, 0, F4_NCATEGORIES * sizeof *out);
    card_t c[5];
    for (c[0] = 0; c[0] < NCARDS; c[0]++)
        for (c[1] = c[0] + 1; c[1] < NCARDS; c[1]++)
            for (c[2] = c[1] + 1; c[2] < NCARDS; c[2]++)
                for (c[3] = c[2] + 1; c[3] < NCARDS; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < NCARDS; c[4]++)
                        out[my_frenzy_best_category(c)]++;
}

/* ------------------------------------------------------------------ */
/* Closed forms                                                        */
/* ------------------------------------------------------------------ */

/* Rank sequences of length n (ace high or low, no wrap): the ace gives
 * NRANKS + 1 = 14 positions in a line (A low, 2, ..., K, A high), and a
 * sequence starts at any of the first 14 - n + 1. */
static uint64_t sequences(int n) { return (uint64_t)(NRANKS + 1 - n + 1); }

static void three_card_closed_form(uint64_t e[E3_NCATEGORIES])
{
    uint64_t seq = sequences(3); /* 12: A-2-3 .. Q-K-A */
    /* Suits of three distinct ranks: 4^3, of which 4 are one suit. */
    uint64_t offsuit = power(4, 3) - 4;
    e[E3_ROYAL] = 4;                      /* Q-K-A in each suit */
    e[E3_STRAIGHT_FLUSH] = seq * 4 - 4;   /* every suited sequence but the royal */
    e[E3_TRIPS] = 13 * choose(4, 3);      /* a rank, 3 of its 4 suits */
    e[E3_STRAIGHT] = seq * offsuit;       /* a sequence not all of one suit */
    e[E3_FLUSH] = 4 * choose(13, 3) - seq * 4; /* suited rank sets, less the SFs */
    e[E3_PAIR] = 13 * choose(4, 2) * 48;  /* pair rank, its suits, any other rank's card */
    /* Three distinct ranks not in sequence, suits not all equal. */
    e[E3_HIGH] = (choose(13, 3) - seq) * offsuit;
}

/* The 4-card categories by rank pattern (one deck).  Shared by the Frenzy
 * order and the Blind table, which only splits the pair and lifts the
 * Royal. */
struct four_card_counts {
    uint64_t quads, royal, sf_not_royal, trips, flush, straight, two_pair;
    uint64_t pair_by_rank, high;
};

static struct four_card_counts four_card_closed_form(void)
{
    struct four_card_counts f;
    uint64_t seq = sequences(4);          /* 11: A-2-3-4 .. J-Q-K-A */
    uint64_t offsuit = power(4, 4) - 4;   /* suits of 4 distinct ranks, not one suit */
    f.quads = 13;                         /* all four cards of a rank */
    f.royal = 4;                          /* J-Q-K-A in each suit */
    f.sf_not_royal = seq * 4 - 4;         /* 40 */
    f.trips = 13 * choose(4, 3) * 48;     /* trip rank, 3 suits, a card of another rank */
    f.flush = 4 * choose(13, 4) - seq * 4; /* suited rank sets less all SFs */
    f.straight = seq * offsuit;
    f.two_pair = choose(13, 2) * choose(4, 2) * choose(4, 2); /* 2,808 */
    /* For one pair rank: its suits, two other distinct ranks, any suits. */
    f.pair_by_rank = choose(4, 2) * choose(12, 2) * 16;
    f.high = (choose(13, 4) - seq) * offsuit; /* 4 distinct, no sequence, no flush */
    return f;
}

static void frenzy_four_closed_form(uint64_t e[F4_NCATEGORIES])
{
    struct four_card_counts f = four_card_closed_form();
    e[F4_QUADS] = f.quads;
    e[F4_STRAIGHT_FLUSH] = f.royal + f.sf_not_royal; /* 44, J-Q-K-A included */
    e[F4_TRIPS] = f.trips;
    e[F4_FLUSH] = f.flush;
    e[F4_STRAIGHT] = f.straight;
    e[F4_TWO_PAIR] = f.two_pair;
    e[F4_PAIR] = 13 * f.pair_by_rank;
    e[F4_HIGH] = f.high;
}

static void split_blind_closed_form(uint64_t e[BL_NCATEGORIES])
{
    struct four_card_counts f = four_card_closed_form();
    e[BL_ROYAL] = f.royal;
    e[BL_QUADS] = f.quads;
    e[BL_STRAIGHT_FLUSH] = f.sf_not_royal;
    e[BL_TRIPS] = f.trips;
    e[BL_FLUSH] = f.flush;
    e[BL_STRAIGHT] = f.straight;
    e[BL_TWO_PAIR] = f.two_pair;
    e[BL_PAIR_HIGH] = 5 * f.pair_by_rank; /* T, J, Q, K, A */
    e[BL_PAIR_LOW] = 8 * f.pair_by_rank;  /* 2 .. 9 */
    e[BL_HIGH] = f.high;
}

/* Best 4 of 5 cards, by the rank pattern of the five cards.
 *   - A hand with a 4-card sequence or 4 cards of a suit has >= 4 distinct
 *     ranks, so at most a pair: never trips or quads.
 *   - Patterns 4-1 (quads), 3-1-1 and 3-2 (trips) and 2-2-1 (two pair)
 *     have <= 3 distinct ranks: no straight or flush possible.
 * So only the patterns 1-1-1-1-1 and 2-1-1-1 need care. */
static void frenzy_best_closed_form(uint64_t e[F4_NCATEGORIES])
{
    uint64_t seq4 = sequences(4); /* 11 four-rank sequences */
    uint64_t seq5 = sequences(5); /* 10 five-rank sequences */
    /* 5-rank sets holding a 4-rank sequence: each sequence plus one of the
     * 9 other ranks, less the sets counted twice.  A set holds two
     * sequences only as a 5-rank sequence (A-2-3-4 with J-Q-K-A would need
     * 7 ranks), and holds exactly two then. */
    uint64_t sets5_with_seq = seq4 * 9 - seq5; /* 89 */
    /* Suits of five distinct ranks with no 4 of one suit: all five one
     * suit (4 ways) or exactly four (suit 4, odd card 5, its suit 3). */
    uint64_t suits5_no4 = power(4, 5) - 4 - 4 * 5 * 3; /* 960 */
    /* Suits of a 2-1-1-1 hand (pair suits C(4,2), singles 4^3); four of one
     * suit s means the three singles in s and the pair holding s with one
     * of the 3 other suits. */
    uint64_t suits_pair_with4 = 4 * 3;
    uint64_t suits_pair = choose(4, 2) * power(4, 3);

    e[F4_QUADS] = 13 * 48; /* the quads and any fifth card */
    /* Each of the 44 4-card SFs with any of the 48 other cards; a 5-card
     * suited sequence (10 per suit) holds two of them and was counted
     * twice.  No SF hand can hold quads (4 distinct ranks + 1 card). */
    e[F4_STRAIGHT_FLUSH] = 44 * 48 - seq5 * 4;
    /* 3-1-1: trip rank, 3 suits, two other ranks, any suits; plus the full
     * house 3-2: trip rank, 3 suits, pair rank, 2 suits. */
    e[F4_TRIPS] = 13 * choose(4, 3) * choose(12, 2) * 16 + 13 * choose(4, 3) * 12 * choose(4, 2);
    /* Exactly 4 cards of one suit (suit, 4 ranks, a card of another suit)
     * or 5; every such hand is a flush unless it holds a 4-card SF, and
     * every SF hand has 4 cards of one suit. */
    uint64_t four_suited = 4 * choose(13, 4) * 39 + 4 * choose(13, 5);
    e[F4_FLUSH] = four_suited - e[F4_STRAIGHT_FLUSH];
    /* A sequence without 4 cards of a suit: five distinct ranks holding a
     * sequence, or a 2-1-1-1 whose four ranks are a sequence (sequence,
     * paired rank 4 ways). */
    e[F4_STRAIGHT] = sets5_with_seq * suits5_no4 + seq4 * 4 * (suits_pair - suits_pair_with4);
    /* 2-2-1: two pair ranks, their suits, a fifth card of another rank. */
    e[F4_TWO_PAIR] = choose(13, 2) * 36 * 11 * 4;
    /* 2-1-1-1 hands less those with 4 of a suit and those whose ranks are
     * a sequence, adding back the ones that are both (inclusion-exclusion). */
    uint64_t pair_ranks = 13 * choose(12, 3);
    uint64_t pair_ranks_seq = seq4 * 4;
    e[F4_PAIR] = pair_ranks * suits_pair - pair_ranks * suits_pair_with4
                 - pair_ranks_seq * suits_pair + pair_ranks_seq * suits_pair_with4;
    /* Five distinct ranks with no sequence and no 4 of a suit. */
    e[F4_HIGH] = (choose(13, 5) - sets5_with_seq) * suits5_no4;
}

/* ------------------------------------------------------------------ */
/* Published figures                                                   */
/* ------------------------------------------------------------------ */

/* 4 Card Split, 3-card hands of 22,100: SF 48 (Royal 4), Trips 52,
 * Straight 720, Flush 1,096, Pair 3,744, High card 16,440. */
static void three_card_published(uint64_t e[E3_NCATEGORIES])
{
    e[E3_ROYAL] = 4;
    e[E3_STRAIGHT_FLUSH] = 48 - 4;
    e[E3_TRIPS] = 52;
    e[E3_STRAIGHT] = 720;
    e[E3_FLUSH] = 1096;
    e[E3_PAIR] = 3744;
    e[E3_HIGH] = 16440;
}

/* 4 Card Split Blind, of 270,725, from the Royal down. */
static void split_blind_published(uint64_t e[BL_NCATEGORIES])
{
    static const uint64_t top_down[BL_NCATEGORIES] = {
        4, 13, 40, 2496, 2816, 2772, 2808, 31680, 50688, 177408,
    };
    static const int order[BL_NCATEGORIES] = {
        BL_ROYAL, BL_QUADS, BL_STRAIGHT_FLUSH, BL_TRIPS, BL_FLUSH,
        BL_STRAIGHT, BL_TWO_PAIR, BL_PAIR_HIGH, BL_PAIR_LOW, BL_HIGH,
    };
    for (int i = 0; i < BL_NCATEGORIES; i++)
        e[order[i]] = top_down[i];
}

/* ------------------------------------------------------------------ */
/* Tests: one deck                                                     */
/* ------------------------------------------------------------------ */

static void test_three_card(void **state)
{
    (void)state;
    uint64_t closed[E3_NCATEGORIES], published[E3_NCATEGORIES], brute[E3_NCATEGORIES];
    three_card_closed_form(closed);
    three_card_published(published);
    tally_three_card(brute);
    expect_count("closed forms sum", sum_counts(closed, E3_NCATEGORIES), choose(52, 3));

    struct freq_table t;
    compute_table(K_THREE_CARD, &t);
    check_fixed_rows(&t, closed, E3_NCATEGORIES, name3, choose(52, 3));
    check_fixed_rows(&t, published, E3_NCATEGORIES, name3, 22100);
    check_fixed_rows(&t, brute, E3_NCATEGORIES, name3, choose(52, 3));
}

static void test_split_blind(void **state)
{
    (void)state;
    uint64_t closed[BL_NCATEGORIES], published[BL_NCATEGORIES], brute[BL_NCATEGORIES];
    split_blind_closed_form(closed);
    split_blind_published(published);
    tally_four_card(my_blind_category, brute, BL_NCATEGORIES);
    expect_count("closed forms sum", sum_counts(closed, BL_NCATEGORIES), choose(52, 4));

    struct freq_table t;
    compute_table(K_SPLIT_BLIND, &t);
    check_fixed_rows(&t, closed, BL_NCATEGORIES, name_blind, choose(52, 4));
    check_fixed_rows(&t, published, BL_NCATEGORIES, name_blind, 270725);
    check_fixed_rows(&t, brute, BL_NCATEGORIES, name_blind, choose(52, 4));
}

static void test_frenzy_four(void **state)
{
    (void)state;
    uint64_t closed[F4_NCATEGORIES], brute[F4_NCATEGORIES];
    frenzy_four_closed_form(closed);
    tally_four_card(my_frenzy_category, brute, F4_NCATEGORIES);
    expect_count("closed forms sum", sum_counts(closed, F4_NCATEGORIES), choose(52, 4));
    /* The figures quoted for the Frenzy order. */
    expect_count("two pair", closed[F4_TWO_PAIR], 2808);
    expect_count("straight flush", closed[F4_STRAIGHT_FLUSH], 44);

    struct freq_table t;
    compute_table(K_FRENZY_FOUR, &t);
    check_fixed_rows(&t, closed, F4_NCATEGORIES, name_frenzy, choose(52, 4));
    check_fixed_rows(&t, brute, F4_NCATEGORIES, name_frenzy, choose(52, 4));
}

static void test_frenzy_best(void **state)
{
    (void)state;
    uint64_t closed[F4_NCATEGORIES], brute[F4_NCATEGORIES];
    frenzy_best_closed_form(closed);
    tally_frenzy_best(brute);
    expect_count("closed forms sum", sum_counts(closed, F4_NCATEGORIES), choose(52, 5));

    struct freq_table t;
    compute_table(K_FRENZY_BEST, &t);
    check_fixed_rows(&t, closed, F4_NCATEGORIES, name_frenzy, choose(52, 5));
    check_fixed_rows(&t, brute, F4_NCATEGORIES, name_frenzy, choose(52, 5));
}

/* ------------------------------------------------------------------ */
/* Buyout points: four cards from six decks                            */
/* ------------------------------------------------------------------ */

enum { DECKS = 6, SHOE = DECKS * NCARDS, MAX_POINTS = 44 };

/* Ace 11, J/Q/K 10, 2-10 face value. */
static int my_card_value(int rank)
{
    if (rank == RANK_ACE)
        return 11;
    return rank >= RANK_JACK ? 10 : rank + 2;
}

/* The rules of 4 Card Buyout: the higher of the best group of equal ranks
 * (10 a card, 11 for aces, at least a pair) and the best suit holding at
 * least two cards (sum of card values); zero with neither. */
static int my_buyout_points(const card_t c[4])
{
    int rank_cnt[NRANKS] = {0}, suit_cnt[NSUITS] = {0}, suit_sum[NSUITS] = {0};
    for (int i = 0; i < 4; i++) {
        rank_cnt[card_rank(c[i])]++;
        suit_cnt[card_suit(c[i])]++;
        suit_sum[card_suit(c[i])] += my_card_value(card_rank(c[i]));
    }
    int best = 0;
    for (int r = 0; r < NRANKS; r++)
        if (rank_cnt[r] >= 2) {
            int kind = rank_cnt[r] * (r == RANK_ACE ? 11 : 10);
            if (kind > best)
                best = kind;
        }
    for (int s = 0; s < NSUITS; s++)
        if (suit_cnt[s] >= 2 && suit_sum[s] > best)
            best = suit_sum[s];
    return best;
}

/* Ordered draws of 4 physical cards from the shoe whose card types are
 * (a, b, c, d): each type has DECKS copies, and a type already drawn has
 * one copy fewer left. */
static uint64_t ordered_draws(card_t a, card_t b, card_t c, card_t d)
{
    return (uint64_t)DECKS * (uint64_t)(DECKS - (b == a))
           * (uint64_t)(DECKS - (c == a) - (c == b))
           * (uint64_t)(DECKS - (d == a) - (d == b) - (d == c));
}

/* Every ordered 4-tuple of the 52 types weighted by its ordered draws;
 * each unordered hand is counted 4! times, so divide at the end. */
static void tally_buyout_points(uint64_t out[MAX_POINTS + 1])
{
    memset(out, 0, (MAX_POINTS + 1) * sizeof *out);
    card_t c[4];
    for (c[0] = 0; c[0] < NCARDS; c[0]++)
        for (c[1] = 0; c[1] < NCARDS; c[1]++)
            for (c[2] = 0; c[2] < NCARDS; c[2]++)
                for (c[3] = 0; c[3] < NCARDS; c[3]++) {
                    int p = my_buyout_points(c);
                    if (p < 0 || p > MAX_POINTS)
                        fail_msg("points %d out of range", p);
                    out[p] += ordered_draws(c[0], c[1], c[2], c[3]);
                }
    for (int p = 0; p <= MAX_POINTS; p++) {
        if (out[p] % 24 != 0)
            fail_msg("points %d: %llu ordered draws, not a multiple of 4!", p,
                     (unsigned long long)out[p]);
        out[p] /= 24;
    }
}

/* The row's points value: plain decimal text, 0..44. */
static int parse_points(const char *text)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 0 || v > MAX_POINTS)
        fail_msg("buyout row category \"%s\" is not a points value 0..44", text);
    return (int)v;
}

static void test_buyout_points(void **state)
{
    (void)state;
    uint64_t brute[MAX_POINTS + 1];
    tally_buyout_points(brute);
    uint64_t hands = choose(SHOE, 4); /* 387,278,970 */
    expect_count("C(312,4)", hands, 387278970);
    expect_count("brute force total", sum_counts(brute, MAX_POINTS + 1), hands);
    /* Two closed forms as a check on the brute force itself:
     *   44 only from four aces (the best 4 suited cards without four aces
     *   make 11+11+11+10 = 43): 4 of the 24 aces in the shoe;
     *   0 only with four suits and four ranks, all different: ranks for
     *   clubs..spades 13*12*11*10, each card any of its 6 copies. */
    expect_count("44 points", brute[44], choose(4 * DECKS, 4));
    expect_count("0 points", brute[0], 13 * 12 * 11 * 10 * power(DECKS, 4));

    struct freq_table t;
    compute_table(K_BUYOUT_POINTS, &t);
    int nonzero = 0;
    for (int p = 0; p <= MAX_POINTS; p++)
        nonzero += brute[p] != 0;
    assert_int_equal(t.nrows, nonzero); /* zero-count values left out */

    uint64_t rowsum = 0;
    int previous = MAX_POINTS + 1;
    for (int i = 0; i < t.nrows; i++) {
        int p = parse_points(t.rows[i].category);
        if (p >= previous) /* best to worst, each value once */
            fail_msg("buyout rows out of order: %d after %d", p, previous);
        previous = p;
        expect_count(t.rows[i].category, t.rows[i].count, brute[p]);
        rowsum += t.rows[i].count;
    }
    expect_count("total vs sum of rows", t.total, rowsum);
    expect_count("total vs C(312,4)", t.total, hands);
}

/* ------------------------------------------------------------------ */
/* Kernel names                                                        */
/* ------------------------------------------------------------------ */

static void test_kernel_names(void **state)
{
    (void)state;
    static const char *const expected[K_NKERNELS] = {
        [K_THREE_CARD] = "three-card",     [K_SPLIT_BLIND] = "split-blind",
        [K_FRENZY_FOUR] = "frenzy-four",   [K_FRENZY_BEST] = "frenzy-best",
        [K_BUYOUT_POINTS] = "buyout-points",
    };
    for (int k = 0; k < K_NKERNELS; k++) {
        const char *name = kernel_name((enum kernel_id)k);
        assert_non_null(name);
        assert_string_equal(name, expected[k]);
        assert_int_equal(kernel_from_name(name), k);
        for (int j = 0; j < k; j++) /* distinct names */
            assert_string_not_equal(name, kernel_name((enum kernel_id)j));
    }
    assert_int_equal(kernel_from_name("no-such-kernel"), -1);
    assert_int_equal(kernel_from_name(""), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernel_names),
        cmocka_unit_test(test_three_card),
        cmocka_unit_test(test_split_blind),
        cmocka_unit_test(test_frenzy_four),
        cmocka_unit_test(test_frenzy_best),
        cmocka_unit_test(test_buyout_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
