/* test_frenzy_brute.c — the Four Card Frenzy brute force (frenzy_brute.c)
 * checked on its own, from first principles.
 *
 *   1. The 4-card classifier: every one of the C(52,4) = 270,725 hands
 *      against a second classifier written here another way (rank
 *      histogram and groups), hand counts and distinct values per category
 *      derived by hand, and a ladder of hands in known order.
 *   2. Best 4 of 5: every one of the C(52,5) = 2,598,960 hands; counts per
 *      category and of non-qualifying hands derived by hand (see
 *      test_best4_histogram); the comparator antisymmetric and transitive
 *      on random hands.
 *   3. Dealer counts: totals C(47,5) = 1,533,939; outcome counts worked out
 *      by hand for quad aces, quad deuces, J-Q-K-A suited and 8-6-4-3
 *      high; the non-qualifying count against a combinatorial count written
 *      here; invariance under suit permutations and card order.
 *   4. EV: fold = -2; hand-derived EVs; the EV from counts against a direct
 *      sum of per-dealer-hand payoffs.
 *   5. The fast path (frenzy_counts_build, frenzy_decide) against the brute
 *      force: the class table over all 2,598,960 hands (each hand in one
 *      class, weights, the rank order against ours, the max raise), global
 *      identities of its counts over every class, the Odds presets against
 *      the seed, then per hand (edge cases and fixed-seed random hands)
 *      every count and the exact EV of every legal option under WE-1 with
 *      each Bad Beat table and both copy rules.  Every mismatch is counted
 *      and the first ones printed with the hand, field and both values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cards.h"
#include "frenzy_brute.h"
#include "frenzy_counts.h"
#include "frenzy_rules.h"
#include "frenzy_solve.h"

enum { N47 = 1533939 }; /* C(47,5) */

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static uint64_t rng_state = UINT64_C(0x5eed1234abcd0042);

static uint64_t rng_next(void) /* splitmix64 */
{
    uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static int rng_below(int n) { return (int)(rng_next() % (uint64_t)n); }

/* n distinct random cards not in *used (updated). */
static void random_cards(card_t *out, int n, uint64_t *used)
{
    for (int i = 0; i < n; i++) {
        int c;
        do
            c = rng_below(NCARDS);
        while (*used >> c & 1);
        *used |= UINT64_C(1) << c;
        out[i] = (card_t)c;
    }
}

/* A parser of our own: "As Kd 7h 2c 10c". */
static void parse(const char *text, card_t *out, int n)
{
    const char *p = text;
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        while (*p == ' ')
            p++;
        int r = -1, s = -1;
        if (p[0] == '1' && p[1] == '0') {
            r = RANK_TEN;
            p += 2;
        } else {
            const char *rc = strchr("23456789TJQKA", *p);
            if (*p && rc)
                r = (int)(rc - "23456789TJQKA");
            p++;
        }
        const char *sc = *p ? strchr("cdhs", *p) : NULL;
        if (sc)
            s = (int)(sc - "cdhs");
        p++;
        if (r < 0 || s < 0)
            fail_msg("bad card %d in \"%s\"", i, text);
        card_t c = card_make(r, s);
        if (used >> c & 1)
            fail_msg("duplicate card in \"%s\"", text);
        used |= UINT64_C(1) << c;
        out[i] = c;
    }
    while (*p == ' ')
        p++;
    if (*p)
        fail_msg("trailing text in \"%s\"", text);
}

static void fmt(const card_t *c, int n, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n && k + 4 < len; i++) {
        buf[k++] = "23456789TJQKA"[card_rank(c[i])];
        buf[k++] = "cdhs"[card_suit(c[i])];
        buf[k++] = i + 1 < n ? ' ' : 0;
    }
    buf[k] = 0;
}

static frenzy_brute_value v4(const char *text)
{
    card_t c[4];
    parse(text, c, 4);
    return frenzy_brute_eval4(c);
}

static frenzy_brute_value v5(const char *text)
{
    card_t c[5];
    parse(text, c, 5);
    return frenzy_brute_best4(c);
}

static void check_sums(const char *name, const struct frenzy_brute_counts *o)
{
    uint64_t sum = o->win_q + o->win_nq + o->copy_q + o->copy_nq + o->lose_q + o->lose_nq;
    if (o->total != N47 || sum != N47)
        fail_msg("%s: total %llu, sum of fields %llu, expected C(47,5) = %d", name,
                 (unsigned long long)o->total, (unsigned long long)sum, N47);
}

static void print_counts(const char *name, const struct frenzy_brute_counts *o)
{
    printf("  %-16s win %7llu/%7llu copy %5llu/%5llu lose %7llu/%7llu (q/nq)\n", name,
           (unsigned long long)o->win_q, (unsigned long long)o->win_nq,
           (unsigned long long)o->copy_q, (unsigned long long)o->copy_nq,
           (unsigned long long)o->lose_q, (unsigned long long)o->lose_nq);
}

static int counts_equal(const struct frenzy_brute_counts *a, const struct frenzy_brute_counts *b)
{
    return a->win_q == b->win_q && a->win_nq == b->win_nq && a->copy_q == b->copy_q &&
           a->copy_nq == b->copy_nq && a->lose_q == b->lose_q && a->lose_nq == b->lose_nq &&
           a->total == b->total;
}

/* ------------------------------------------------------------------ */
/* 1. The 4-card classifier                                            */
/* ------------------------------------------------------------------ */

/* A second classifier: rank histogram, groups ordered by size then rank,
 * straights from the rank set. */
static frenzy_brute_value ref_eval4(const card_t c[4])
{
    int cnt[NRANKS] = {0};
    unsigned rset = 0;
    for (int i = 0; i < 4; i++) {
        cnt[card_rank(c[i])]++;
        rset |= 1u << card_rank(c[i]);
    }
    int flush = 1;
    for (int i = 1; i < 4; i++)
        if (card_suit(c[i]) != card_suit(c[0]))
            flush = 0;
    /* groups: (size, rank), size desc then rank desc */
    int gs[4], gr[4], ng = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = NRANKS - 1; r >= 0; r--)
            if (cnt[r] == size) {
                gs[ng] = size;
                gr[ng] = r;
                ng++;
            }
    int k[4] = {0, 0, 0, 0};
    for (int i = 0; i < ng; i++)
        k[i] = gr[i];
    if (gs[0] == 4)
        return FBR_VALUE(FBR_QUADS, k[0], 0, 0, 0);
    if (gs[0] == 3)
        return FBR_VALUE(FBR_TRIPS, k[0], k[1], 0, 0);
    if (gs[0] == 2 && gs[1] == 2)
        return FBR_VALUE(FBR_TWO_PAIR, k[0], k[1], 0, 0);
    if (gs[0] == 2)
        return FBR_VALUE(FBR_PAIR, k[0], k[1], k[2], 0);
    int straight_top = -1;
    for (int top = 3; top < NRANKS; top++) /* 2-3-4-5 (top 3) .. J-Q-K-A */
        if (rset == 15u << (top - 3))
            straight_top = top;
    if (rset == (1u << RANK_ACE | 7u)) /* A-2-3-4 */
        straight_top = 2;
    if (straight_top >= 0)
        return FBR_VALUE(flush ? FBR_STRAIGHT_FLUSH : FBR_STRAIGHT, straight_top, 0, 0, 0);
    return FBR_VALUE(flush ? FBR_FLUSH : FBR_HIGH_CARD, k[0], k[1], k[2], k[3]);
}

static void test_eval4_all(void **state)
{
    (void)state;
    /* Hands per category, by hand:
     *   quads 13; straight flush 11 sequences * 4 suits = 44;
     *   trips 13 * C(4,3) * 48 = 2,496;
     *   flush (C(13,4) - 11 sequences) * 4 = 704 * 4 = 2,816;
     *   straight 11 * (4^4 - 4) = 2,772; two pair C(13,2) * 36 = 2,808;
     *   pair 13 * 6 * C(12,2) * 16 = 82,368; high card 704 * 252 = 177,408.
     * Distinct values: 13, 11, 13 * 12, 704, 11, 78, 13 * 66, 704. */
    static const uint64_t want_hands[FBR_NCATS] = {177408, 82368, 2808, 2772,
                                                  2816,   2496,  44,   13};
    static const int want_values[FBR_NCATS] = {704, 858, 78, 11, 704, 156, 11, 13};
    uint64_t hands[FBR_NCATS] = {0};
    static uint8_t seen[1u << 19];
    memset(seen, 0, sizeof seen);
    int values[FBR_NCATS] = {0};
    uint64_t n = 0, mismatches = 0;
    card_t c[4];
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int d = b + 1; d < NCARDS; d++)
                for (int e = d + 1; e < NCARDS; e++) {
                    c[0] = (card_t)a, c[1] = (card_t)b, c[2] = (card_t)d, c[3] = (card_t)e;
                    frenzy_brute_value v = frenzy_brute_eval4(c);
                    frenzy_brute_value w = ref_eval4(c);
                    if (v != w && mismatches++ < 10) {
                        char buf[32];
                        fmt(c, 4, buf, sizeof buf);
                        printf("eval4 %s: brute %#x, reference %#x\n", buf, v, w);
                    }
                    /* Card order does not matter. */
                    card_t r[4] = {c[3], c[1], c[0], c[2]};
                    if (frenzy_brute_eval4(r) != v && mismatches++ < 10)
                        printf("eval4 depends on card order\n");
                    int cat = frenzy_brute_category(v);
                    assert_true(cat >= 0 && cat < FBR_NCATS);
                    hands[cat]++;
                    assert_true(v < (1u << 19));
                    if (!seen[v]) {
                        seen[v] = 1;
                        values[cat]++;
                    }
                    n++;
                }
    assert_int_equal(mismatches, 0);
    assert_int_equal(n, 270725);
    for (int cat = 0; cat < FBR_NCATS; cat++) {
        if (hands[cat] != want_hands[cat] || values[cat] != want_values[cat])
            fail_msg("%s: %llu hands, %d values; expected %llu, %d",
                     frenzy_brute_category_name(cat), (unsigned long long)hands[cat], values[cat],
                     (unsigned long long)want_hands[cat], want_values[cat]);
    }
}

/* A ladder of 4-card hands, each strictly above the one before. */
static void test_eval4_ladder(void **state)
{
    (void)state;
    static const char *const ladder[] = {
        "2c 3d 4h 6s",  /* the lowest hand: 2-3-4-5 would be a straight */
        "2c 3d 4h 7s",  "2c 3d 5h 7s", "Qc Jd Th 8s", /* best Queen-high: Q-J-T-9 is a straight */
        "Kc 4d 3h 2s",  /* the lowest qualifier */
        "Kc 5d 3h 2s",  "Kc Qd Jh 9s", "Ac 5d 3h 2s", /* A-5-3-2: A-2-3-4 would be a straight */
        "Qc Kd Ah 3s",  /* Q-K-A-2 and Q-K-A-3 do not wrap: ace high */
        "Ac Kd Qh Ts",  /* the best high card */
        "2c 2d 3h 4s",  /* the lowest pair */
        "2c 2d Ah Ks",  "3c 3d 4h 5s", "9c 9d 3h 2s", "9c 9d Kh Qs", "9c 9d Ah 2s", "9c 9d Ah 3s",
        "Ac Ad 3h 2s",  "Ac Ad Kh Qs", /* the best pair */
        "2c 2d 3h 3s",  /* the lowest two pair */
        "Qc Qd Jh Js",  "Kc Kd 2h 2s", "Ac Ad Kh Ks", /* the best two pair */
        "Ac 2d 3h 4s",  /* the lowest straight */
        "2c 3d 4h 5s",  "Tc Jd Qh Ks", "Jc Qd Kh As", /* the best straight */
        "2c 3c 4c 6c",  /* the lowest flush */
        "Kc Qc Jc 9c",  "Ac 2c 3c 5c", "Ac Kc Qc Tc", /* the best flush */
        "2c 2d 2h 3s",  /* the lowest trips */
        "2c 2d 2h As",  "3c 3d 3h 2s", "Ac Ad Ah 2s", "Ac Ad Ah Ks", /* the best trips */
        "Ac 2c 3c 4c",  /* the lowest straight flush */
        "2d 3d 4d 5d",  "Jc Qc Kc Ac", /* the best straight flush */
        "2c 2d 2h 2s",  /* the lowest quads: above every straight flush */
        "Kc Kd Kh Ks",  "Ac Ad Ah As",
    };
    const int n = (int)(sizeof ladder / sizeof ladder[0]);
    for (int i = 1; i < n; i++)
        if (!(v4(ladder[i - 1]) < v4(ladder[i])))
            fail_msg("\"%s\" (%#x) should be below \"%s\" (%#x)", ladder[i - 1],
                     v4(ladder[i - 1]), ladder[i], v4(ladder[i]));
    /* Categories of some. */
    assert_int_equal(frenzy_brute_category(v4("Qc Kd Ah 2s")), FBR_HIGH_CARD);
    assert_int_equal(frenzy_brute_category(v4("Kc Ad 2h 3s")), FBR_HIGH_CARD);
    assert_int_equal(frenzy_brute_category(v4("Ac 2d 3h 4s")), FBR_STRAIGHT);
    assert_int_equal(frenzy_brute_category(v4("Ac 2c 3c 4c")), FBR_STRAIGHT_FLUSH);
    assert_int_equal(frenzy_brute_category(v4("Qc Kc Ac 2c")), FBR_FLUSH);
    /* Copies: suits never break ties. */
    assert_int_equal(v4("Ac Kd Qh Ts"), v4("As Kh Qd Tc"));
    assert_int_equal(v4("2c 3c 4c 6c"), v4("2h 3h 4h 6h"));
    assert_int_equal(v4("Jc Qc Kc Ac"), v4("Js Qs Ks As"));
    assert_int_equal(v4("9c 9d Ah 2s"), v4("9h 9s Ac 2d"));
    /* Qualifying: King-high or better. */
    assert_false(frenzy_brute_qualifies(v4("Qc Jd Th 8s")));
    assert_true(frenzy_brute_qualifies(v4("Kc 4d 3h 2s")));
    assert_true(frenzy_brute_qualifies(v4("2c 2d 3h 4s")));
}

/* ------------------------------------------------------------------ */
/* 2. Best 4 of 5                                                      */
/* ------------------------------------------------------------------ */

static void test_best4_examples(void **state)
{
    (void)state;
    assert_int_equal(v5("Ac Ad Ah As 2c"), FBR_VALUE(FBR_QUADS, RANK_ACE, 0, 0, 0));
    assert_int_equal(v5("2c 3c 4c 5c 5d"), FBR_VALUE(FBR_STRAIGHT_FLUSH, 3, 0, 0, 0));
    assert_int_equal(v5("Ac 2c 3c 4c 5c"), FBR_VALUE(FBR_STRAIGHT_FLUSH, 3, 0, 0, 0));
    assert_int_equal(v5("Th Jh Qh Kh Ah"), FBR_VALUE(FBR_STRAIGHT_FLUSH, RANK_ACE, 0, 0, 0));
    /* A full house plays as trips with the pair's rank as kicker. */
    assert_int_equal(v5("2c 2d 2h 3c 3d"), FBR_VALUE(FBR_TRIPS, 0, 1, 0, 0));
    assert_int_equal(v5("3c 3d 2h 2c 2d"), FBR_VALUE(FBR_TRIPS, 0, 1, 0, 0));
    /* Trips over a 4-card flush; flush over a 4-card straight. */
    assert_int_equal(frenzy_brute_category(v5("5c 5d 5h 6h 7h")), FBR_TRIPS);
    assert_int_equal(v5("Ac Kc Qc Jd 2c"), FBR_VALUE(FBR_FLUSH, RANK_ACE, RANK_KING, RANK_QUEEN, 0));
    /* K-A-2-3-4 does not wrap: A-2-3-4; A-2-3-4-5: 2-3-4-5. */
    assert_int_equal(v5("Kc Ad 2h 3s 4c"), FBR_VALUE(FBR_STRAIGHT, 2, 0, 0, 0));
    assert_int_equal(v5("Ac 2d 3h 4s 5c"), FBR_VALUE(FBR_STRAIGHT, 3, 0, 0, 0));
    /* Two pair keeps the best of the rest: it has no kicker. */
    assert_int_equal(v5("Ac Ad Kh Ks Qc"), FBR_VALUE(FBR_TWO_PAIR, RANK_ACE, RANK_KING, 0, 0));
    /* Pair: the two best kickers of three. */
    assert_int_equal(v5("9c 9d 2h Ks 5c"), FBR_VALUE(FBR_PAIR, 7, RANK_KING, 3, 0));
    /* High card: the top four of five distinct, unless a straight. */
    assert_int_equal(v5("8c 6d 4h 3s 2c"), FBR_VALUE(FBR_HIGH_CARD, 6, 4, 2, 1));
    assert_int_equal(v5("7c 5d 4h 3s 2c"), FBR_VALUE(FBR_STRAIGHT, 3, 0, 0, 0));
    assert_int_equal(frenzy_brute_max_raise((card_t[]){card_make(12, 0), card_make(12, 1),
                                                       card_make(0, 0), card_make(1, 1),
                                                       card_make(2, 2)}),
                     3);
    card_t kk[5];
    parse("Kc Kd Ah 3s 2c", kk, 5);
    assert_int_equal(frenzy_brute_max_raise(kk), 1);
    parse("2c 2d 3h 3s 7c", kk, 5);
    assert_int_equal(frenzy_brute_max_raise(kk), 3); /* two pair is above a pair of aces */
    parse("As Ah Ad Ac 7c", kk, 5);
    assert_true(frenzy_brute_quad_aces(kk));
    parse("Ks Kh Kd Kc Ac", kk, 5);
    assert_false(frenzy_brute_quad_aces(kk));
}

/* Every 5-card hand of the deck.  Counts by best 4, derived by hand
 * (5 distinct ranks: C(13,5) = 1,287 rank sets, 89 of them holding a
 * 4-rank sequence: 10 five-sequences + (8 + 8 + 9 * 7) four-sequences with
 * a non-extending fifth rank; one pair: 4 distinct ranks, one doubled):
 *   quads        13 * 48                                   =       624
 *   str. flush   44 sequences-suits * 48 - 40 five-card SF =     2,072
 *   trips        full houses 3,744 + trips 54,912          =    58,656
 *   flush        4+ of one suit 4*C(13,4)*39 + 5,148 - SF  =   114,616
 *   straight     89 * 960 (no 4 of a suit) + one pair with
 *                a 4-sequence 11*4*6*64 - 11*4*4*3 suited  =   101,808
 *   two pair     (3 ranks: no straight, no flush)          =   123,552
 *   pair         1,098,240 - 16,896 sequences - 33,792
 *                non-sequence 4-suited                     = 1,047,552
 *   high card    (1,287 - 89) * (4^5 - 64)                 = 1,150,080
 * Non-qualifying (best 4 Queen-high or less): 5 distinct ranks from 2..Q
 * (11 ranks: an ace or king would play), none of the 49 sets with a
 * 4-sequence (7 five-sequences, 6 + 6 + 6 * 5 four-sequences), no 4 of a
 * suit: (462 - 49) * 960 = 396,480. */
static void test_best4_histogram(void **state)
{
    (void)state;
    static const uint64_t want[FBR_NCATS] = {1150080, 1047552, 123552, 101808,
                                            114616,  58656,   2072,   624};
    uint64_t got[FBR_NCATS] = {0}, nq = 0, n = 0;
    card_t c[5];
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int d = b + 1; d < NCARDS; d++)
                for (int e = d + 1; e < NCARDS; e++)
                    for (int f = e + 1; f < NCARDS; f++) {
                        c[0] = (card_t)a, c[1] = (card_t)b, c[2] = (card_t)d;
                        c[3] = (card_t)e, c[4] = (card_t)f;
                        frenzy_brute_value v = frenzy_brute_best4(c);
                        got[frenzy_brute_category(v)]++;
                        nq += !frenzy_brute_qualifies(v);
                        n++;
                    }
    assert_int_equal(n, 2598960);
    for (int cat = 0; cat < FBR_NCATS; cat++)
        if (got[cat] != want[cat])
            fail_msg("best 4 %s: %llu hands, expected %llu", frenzy_brute_category_name(cat),
                     (unsigned long long)got[cat], (unsigned long long)want[cat]);
    assert_int_equal(nq, 396480);
}

/* A beats B iff B loses to A, on random disjoint pairs; transitivity on
 * random triples; the comparator agrees with the values. */
static void test_compare(void **state)
{
    (void)state;
    int ties = 0;
    for (int t = 0; t < 200000; t++) {
        uint64_t used = 0;
        card_t a[5], b[5], c[5];
        random_cards(a, 5, &used);
        random_cards(b, 5, &used);
        random_cards(c, 5, &used);
        int ab = frenzy_brute_compare(a, b), ba = frenzy_brute_compare(b, a);
        assert_int_equal(ab, -ba);
        ties += ab == 0;
        frenzy_brute_value va = frenzy_brute_best4(a), vb = frenzy_brute_best4(b);
        assert_int_equal(ab, (va > vb) - (va < vb));
        int bc = frenzy_brute_compare(b, c), ac = frenzy_brute_compare(a, c);
        if (ab >= 0 && bc >= 0)
            assert_true(ac >= 0);
        if (ab > 0 && bc > 0)
            assert_true(ac > 0);
        if (ab == 0 && bc == 0)
            assert_int_equal(ac, 0);
        /* The best 4 is among the five 4-card subsets, and none beats it. */
        int found = 0;
        for (int drop = 0; drop < 5; drop++) {
            card_t h[4];
            int k = 0;
            for (int i = 0; i < 5; i++)
                if (i != drop)
                    h[k++] = a[i];
            frenzy_brute_value w = frenzy_brute_eval4(h);
            assert_true(w <= va);
            found |= w == va;
        }
        assert_true(found);
    }
    assert_true(ties > 0); /* copies happen (high cards of other suits) */
}

/* ------------------------------------------------------------------ */
/* 3. Dealer counts                                                    */
/* ------------------------------------------------------------------ */

/* Dealer hands from the cards not in used that do NOT qualify, counted
 * another way: rank sets of 5 distinct ranks from 2..Q with no 4-rank
 * sequence, times suit assignments from the available cards with no 4
 * of one suit. */
static uint64_t ref_nonqualifying(uint64_t used)
{
    uint64_t n = 0;
    for (unsigned m = 0; m < (1u << 11); m++) {
        if (__builtin_popcount(m) != 5 || (m & m >> 1 & m >> 2 & m >> 3))
            continue;
        int ranks[5], k = 0;
        for (int r = 0; r < 11; r++)
            if (m >> r & 1)
                ranks[k++] = r;
        for (int sa = 0; sa < 1024; sa++) {
            int per_suit[4] = {0, 0, 0, 0}, ok = 1;
            for (int i = 0; i < 5; i++) {
                int s = sa >> (2 * i) & 3;
                if (used >> card_make(ranks[i], s) & 1)
                    ok = 0;
                per_suit[s]++;
            }
            for (int s = 0; s < 4; s++)
                if (per_suit[s] >= 4)
                    ok = 0;
            n += ok;
        }
    }
    return n;
}

static uint64_t mask_of(const card_t *c, int n)
{
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= UINT64_C(1) << c[i];
    return m;
}

static void test_counts_by_hand(void **state)
{
    (void)state;
    struct frenzy_brute_counts o;
    card_t p[5];

    assert_int_equal(ref_nonqualifying(0), 396480); /* the whole deck, as derived above */

    /* Quad aces + Kc: the dealer holds no ace, so no quad aces; every
     * other quads is lower (quads are the top category).  Never a copy or a
     * loss. */
    parse("Ac Ad Ah As Kc", p, 5);
    frenzy_brute_counts(p, &o);
    print_counts("Ac Ad Ah As Kc", &o);
    check_sums("quad aces", &o);
    assert_int_equal(o.lose_q + o.lose_nq, 0);
    assert_int_equal(o.copy_q + o.copy_nq, 0);
    assert_int_equal(o.win_nq, ref_nonqualifying(mask_of(p, 5)));

    /* Quad deuces + 3c: the dealer beats it only with quads of 4..A (the
     * 3c is seen): 11 ranks * 43 fifth cards = 473, all qualifying; no
     * copy (no deuce left). */
    parse("2c 2d 2h 2s 3c", p, 5);
    frenzy_brute_counts(p, &o);
    print_counts("2c 2d 2h 2s 3c", &o);
    check_sums("quad deuces", &o);
    assert_int_equal(o.lose_q, 473);
    assert_int_equal(o.lose_nq, 0);
    assert_int_equal(o.copy_q + o.copy_nq, 0);
    assert_int_equal(o.win_nq, ref_nonqualifying(mask_of(p, 5)));

    /* J-Q-K-A of spades + 2c: loses only to quads, of ranks 3..T (J, Q, K,
     * A and 2 each have a card seen): 8 * 43 = 344; copies J-Q-K-A of clubs,
     * diamonds or hearts with any of the 43 other cards (nothing above it
     * but quads, impossible with it): 3 * 43 = 129, all qualifying. */
    parse("Js Qs Ks As 2c", p, 5);
    frenzy_brute_counts(p, &o);
    print_counts("Js Qs Ks As 2c", &o);
    check_sums("JQKA suited", &o);
    assert_int_equal(o.lose_q, 344);
    assert_int_equal(o.lose_nq, 0);
    assert_int_equal(o.copy_q, 129);
    assert_int_equal(o.copy_nq, 0);
    assert_int_equal(o.win_nq, ref_nonqualifying(mask_of(p, 5)));
    assert_int_equal(o.win_q, N47 - 344 - 129 - o.win_nq);

    /* 8c 6d 4h 3s 2c plays 8-6-4-3 high (no 4-sequence, no 4 of a suit).
     * The dealer copies with exactly 8, 6, 4, 3, 2 (a 5 would make
     * 3-4-5-6, a 7 or higher card or a pair a better hand) and no 4 of a
     * suit: available suits 8 dhs, 6 chs, 4 cds, 3 cdh, 2 dhs: 3^5 = 243,
     * less 4 diamonds (8,4,3,2; the 6 free: 3), 4 hearts (8,6,3,2: 3),
     * 4 spades (8,6,4,2: 3), clubs impossible: 243 - 9 = 234.
     * The dealer is lower only with 5 distinct ranks, no sequence, no 4 of a
     * suit, top four below 8-6-4-3: top card 8 needs 8-6-4-3-x or 8-5-..
     * (8-5-4-3-2 is a straight; nothing below 2): none; top card 7 or less:
     * {7,6,5,3,2} and {7,6,4,3,2} (the other four 5-sets of 2..7 hold a
     * 4-sequence).  7-6-5-3-2: 4*3*4*3*3 = 432 less 4 of a suit: clubs
     * (7,6,5,3) 3, diamonds (7,5,3,2) 3, spades (7,6,5,2) 3, hearts on all
     * five: 12 with exactly four + 1 with five: 432 - 22 = 410.
     * 7-6-4-3-2: 4*3^4 = 324 less 4 * 3 = 312.  Win 722.  None of these
     * qualify (7- or 8-high). */
    parse("8c 6d 4h 3s 2c", p, 5);
    frenzy_brute_counts(p, &o);
    print_counts("8c 6d 4h 3s 2c", &o);
    check_sums("8-6-4-3 high", &o);
    uint64_t nq = ref_nonqualifying(mask_of(p, 5));
    assert_int_equal(o.copy_nq, 234);
    assert_int_equal(o.copy_q, 0);
    assert_int_equal(o.win_nq, 722);
    assert_int_equal(o.win_q, 0);
    assert_int_equal(o.lose_nq, nq - 722 - 234);
    assert_int_equal(o.lose_q, N47 - nq);
}

/* The non-qualifying count of the brute force equals the combinatorial
 * count, for chosen and random player hands. */
static void test_counts_qualifying(void **state)
{
    (void)state;
    static const char *const hands[] = {
        "Ac Kd Qh Js 9c", "Kc Qd Jh 9s 7c", "Qc Jd Th 8s 6c", "2c 3c 4c 5c 6c",
        "Ac Ad 7h 5s 2c", "Tc Td Th 9s 9c",
    };
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
        card_t p[5];
        parse(hands[i], p, 5);
        struct frenzy_brute_counts o;
        frenzy_brute_counts(p, &o);
        check_sums(hands[i], &o);
        print_counts(hands[i], &o);
        uint64_t nq = ref_nonqualifying(mask_of(p, 5));
        if (o.win_nq + o.copy_nq + o.lose_nq != nq)
            fail_msg("%s: %llu non-qualifying dealer hands, combinatorial count %llu", hands[i],
                     (unsigned long long)(o.win_nq + o.copy_nq + o.lose_nq),
                     (unsigned long long)nq);
    }
    for (int t = 0; t < 6; t++) {
        uint64_t used = 0;
        card_t p[5];
        random_cards(p, 5, &used);
        struct frenzy_brute_counts o;
        frenzy_brute_counts(p, &o);
        char buf[32];
        fmt(p, 5, buf, sizeof buf);
        check_sums(buf, &o);
        assert_int_equal(o.win_nq + o.copy_nq + o.lose_nq, ref_nonqualifying(used));
        /* A player hand that qualifies itself beats or copies every
         * non-qualifier; one that does not qualify loses to every
         * qualifier. */
        if (frenzy_brute_qualifies(frenzy_brute_best4(p)))
            assert_int_equal(o.lose_nq, 0);
        else
            assert_int_equal(o.win_q + o.copy_q, 0);
    }
}

static void apply_suit_perm(const card_t in[5], const int perm[4], card_t out[5])
{
    for (int i = 0; i < 5; i++)
        out[i] = card_make(card_rank(in[i]), perm[card_suit(in[i])]);
}

/* Counts do not change under the 24 suit permutations nor with card order. */
static void test_counts_symmetry(void **state)
{
    (void)state;
    int perms[24][4], np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[np][0] = a, perms[np][1] = b, perms[np][2] = c, perms[np][3] = d;
                        np++;
                    }
    assert_int_equal(np, 24);

    card_t p[5], q[5];
    struct frenzy_brute_counts base, o;
    parse("Ah Qh 9h 9c 4d", p, 5);
    frenzy_brute_counts(p, &base);
    for (int i = 0; i < 24; i++) {
        apply_suit_perm(p, perms[i], q);
        frenzy_brute_counts(q, &o);
        if (!counts_equal(&base, &o))
            fail_msg("suit permutation %d%d%d%d changes the counts", perms[i][0], perms[i][1],
                     perms[i][2], perms[i][3]);
    }
    for (int t = 0; t < 5; t++) {
        uint64_t used = 0;
        random_cards(p, 5, &used);
        frenzy_brute_counts(p, &base);
        apply_suit_perm(p, perms[rng_below(24)], q);
        /* and a different card order */
        card_t r[5] = {q[3], q[0], q[4], q[2], q[1]};
        frenzy_brute_counts(r, &o);
        char buf[32];
        fmt(p, 5, buf, sizeof buf);
        if (!counts_equal(&base, &o))
            fail_msg("%s: suit permutation / card order changes the counts", buf);
    }
}

/* ------------------------------------------------------------------ */
/* 4. EV                                                               */
/* ------------------------------------------------------------------ */

static int64_t pay_x2(frenzy_brute_value pv, const struct frenzy_brute_odds *t)
{
    switch (frenzy_brute_category(pv)) {
    case FBR_QUADS:
        return pv == FBR_VALUE(FBR_QUADS, RANK_ACE, 0, 0, 0) ? t->quad_aces_x2 : t->quads_x2;
    case FBR_STRAIGHT_FLUSH:
        return t->straight_flush_x2;
    case FBR_TRIPS:
        return t->trips_x2;
    case FBR_FLUSH:
        return t->flush_x2;
    case FBR_STRAIGHT:
        return t->straight_x2;
    }
    return 0;
}

/* Sum of the payoffs (half units) of raise r over every dealer hand, hand
 * by hand, with the generic best4 on card ids; sum_x2[0][r] with copies
 * paid as wins (Washington), sum_x2[1][r] with the Ante and Raise pushing
 * on a copy (the Odds as on a win). */
static void direct_payoffs(const card_t p[5], const struct frenzy_brute_odds *bb,
                           int64_t sum_x2[2][4], uint64_t *n)
{
    const frenzy_brute_value pv = frenzy_brute_best4(p);
    const uint64_t used = mask_of(p, 5);
    const int big = frenzy_brute_category(pv) >= FBR_STRAIGHT;
    card_t deck[47];
    int k = 0;
    for (int c = NCARDS - 1; c >= 0; c--) /* reversed: another visiting order */
        if (!(used >> c & 1))
            deck[k++] = (card_t)c;
    for (int r = 0; r < 4; r++)
        sum_x2[0][r] = sum_x2[1][r] = 0;
    *n = 0;
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        card_t d[5] = {deck[idx[0]], deck[idx[1]], deck[idx[2]], deck[idx[3]], deck[idx[4]]};
        frenzy_brute_value dv = frenzy_brute_best4(d);
        int player_wins = pv >= dv; /* a copy is a player win */
        int copy = pv == dv;
        int q = frenzy_brute_qualifies(dv);
        for (int r = 1; r <= 3; r++) {
            int64_t x2 = 0;
            x2 += q ? (player_wins ? 2 : -2) : 0; /* Ante */
            x2 += player_wins ? 2 * r : -2 * r;   /* Raise */
            if (big)                              /* Odds */
                x2 += player_wins ? pay_x2(pv, &FRENZY_BRUTE_WE1) : pay_x2(pv, bb);
            else
                x2 += player_wins ? 0 : -2;
            sum_x2[0][r] += x2;
            if (copy) /* Ante and Raise back to a push */
                x2 -= (q ? 2 : 0) + 2 * r;
            sum_x2[1][r] += x2;
        }
        (*n)++;
        /* next 5-subset of 0..46 */
        int i = 4;
        while (i >= 0 && idx[i] == 47 - 5 + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < 5; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

static void test_ev(void **state)
{
    (void)state;
    card_t p[5];
    struct frenzy_brute_counts o;
    struct frenzy_brute_ev ev;

    /* Quad aces: always wins.  r = 3: Ante +1 on qualifiers, Raise +3,
     * Odds +200 on every hand. */
    parse("Ac Ad Ah As Kc", p, 5);
    frenzy_brute_counts(p, &o);
    ev = frenzy_brute_ev(p, &o, 0, &FRENZY_BRUTE_BB1);
    assert_int_equal(ev.den, 2 * N47);
    assert_int_equal(ev.num, -4 * (int64_t)N47);
    ev = frenzy_brute_ev(p, &o, 3, &FRENZY_BRUTE_BB1);
    assert_int_equal(ev.den, 2 * N47);
    assert_int_equal(ev.num, 2 * (int64_t)o.win_q + 2 * 3 * (int64_t)N47 + 2 * 200 * (int64_t)N47);

    /* J-Q-K-A suited: Odds 15 on a win or copy (WE-1) and 15 on a bad beat
     * (BB-1), 30 with BB-2; losses 344 (all qualifying), copies 129. */
    parse("Js Qs Ks As 2c", p, 5);
    frenzy_brute_counts(p, &o);
    int64_t W = N47 - 344, L = 344;
    ev = frenzy_brute_ev(p, &o, 3, &FRENZY_BRUTE_BB1);
    assert_int_equal(ev.num, 2 * ((int64_t)(o.win_q + o.copy_q) - L) + 2 * 3 * (W - L) +
                                 2 * 15 * W + 2 * 15 * L);
    ev = frenzy_brute_ev(p, &o, 3, &FRENZY_BRUTE_BB2);
    assert_int_equal(ev.num, 2 * ((int64_t)(o.win_q + o.copy_q) - L) + 2 * 3 * (W - L) +
                                 2 * 15 * W + 2 * 30 * L);

    /* 8-6-4-3 high: wins/copies 956 never qualify: Ante -lose_q, Raise
     * 956 - lose, Odds -lose. */
    parse("8c 6d 4h 3s 2c", p, 5);
    frenzy_brute_counts(p, &o);
    L = N47 - 956;
    ev = frenzy_brute_ev(p, &o, 1, &FRENZY_BRUTE_BB1);
    assert_int_equal(ev.num, 2 * (-(int64_t)o.lose_q + (956 - L) - L));

    /* A flush: Odds 1.5 -> half units. */
    static const char *const direct[] = {"Ac Kc 7c 4c 2d", "Ac Ad 7h 5s 2c", "Jh Qd Kc As 5h",
                                         "Js Qs Ks As 2c", "9c 9d 9h 4s 4c", "8c 6d 4h 3s 2c"};
    const struct frenzy_brute_odds *tables[2] = {&FRENZY_BRUTE_BB1, &FRENZY_BRUTE_BB2};
    for (size_t h = 0; h < sizeof direct / sizeof direct[0]; h++) {
        parse(direct[h], p, 5);
        frenzy_brute_counts(p, &o);
        for (int t = 0; t < 2; t++) {
            int64_t sum_x2[2][4];
            uint64_t n;
            direct_payoffs(p, tables[t], sum_x2, &n);
            assert_int_equal(n, N47);
            for (int rule = 0; rule < 2; rule++)
                for (int r = 1; r <= 3; r++) {
                    ev = frenzy_brute_ev_rules(p, &o, r, &FRENZY_BRUTE_WE1, tables[t], rule);
                    if (ev.den != 2 * (int64_t)n || ev.num != sum_x2[rule][r])
                        fail_msg("%s BB-%d copy rule %d raise %d: EV from counts %lld/%lld, "
                                 "direct %lld/%lld",
                                 direct[h], t + 1, rule, r, (long long)ev.num, (long long)ev.den,
                                 (long long)sum_x2[rule][r], (long long)(2 * n));
                }
            if (t == 0)
                printf("  %-16s EV fold -2, raise 1 %+.6f, raise 3 %+.6f (BB-1)\n", direct[h],
                       (double)frenzy_brute_ev(p, &o, 1, tables[t]).num / (2.0 * N47),
                       (double)frenzy_brute_ev(p, &o, 3, tables[t]).num / (2.0 * N47));
        }
    }
}

static void test_timing(void **state)
{
    (void)state;
    card_t p[5];
    parse("Ah Kd 9c 7s 3h", p, 5);
    struct frenzy_brute_counts o;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < 3; i++)
        frenzy_brute_counts(p, &o);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("  frenzy_brute_counts: %.3f s per player hand\n", s / 3);
    check_sums("timing", &o);
}

/* ------------------------------------------------------------------ */
/* 5. The fast path against the brute force                            */
/* ------------------------------------------------------------------ */

/* Random player hands compared, besides the edge cases. */
enum { NRANDOM_FAST = 150 };
/* Mismatches printed in full before only counting. */
enum { MAX_PRINTED = 12 };

static struct frenzy_counts fast;
static int fast_built;
/* (key, class index), sorted by key: key = the smallest card mask over the
 * 24 suit permutations. */
static struct keyed {
    uint64_t key;
    long idx;
} *fast_keys;

static int suit_perms[24][4];

static void init_perms(void)
{
    int np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        suit_perms[np][0] = a, suit_perms[np][1] = b;
                        suit_perms[np][2] = c, suit_perms[np][3] = d;
                        np++;
                    }
}

static uint64_t class_key(const card_t c[5])
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 24; i++) {
        uint64_t m = 0;
        for (int k = 0; k < 5; k++)
            m |= UINT64_C(1) << card_make(card_rank(c[k]), suit_perms[i][card_suit(c[k])]);
        if (m < best)
            best = m;
    }
    return best;
}

static int cmp_keyed(const void *a, const void *b)
{
    uint64_t x = ((const struct keyed *)a)->key, y = ((const struct keyed *)b)->key;
    return (x > y) - (x < y);
}

static void build_fast(void)
{
    if (fast_built)
        return;
    init_perms();
    char err[256];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (frenzy_counts_build(false, &fast, err, sizeof err) != 0)
        fail_msg("frenzy_counts_build: %s", err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("  frenzy_counts_build: %ld classes, %.3f s\n", fast.n,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    assert_int_equal(fast.n, FRENZY_CLASSES);
    fast_keys = malloc((size_t)fast.n * sizeof *fast_keys);
    for (long i = 0; i < fast.n; i++) {
        fast_keys[i].key = class_key(fast.classes[i].cards);
        fast_keys[i].idx = i;
    }
    qsort(fast_keys, (size_t)fast.n, sizeof *fast_keys, cmp_keyed);
    fast_built = 1;
}

static long find_class(const card_t c[5])
{
    uint64_t k = class_key(c);
    long lo = 0, hi = fast.n - 1;
    while (lo <= hi) {
        long mid = (lo + hi) / 2;
        if (fast_keys[mid].key == k)
            return fast_keys[mid].idx;
        if (fast_keys[mid].key < k)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int cmp_by_value(const void *a, const void *b)
{
    const struct frenzy_class *x = &fast.classes[*(const long *)a];
    const struct frenzy_class *y = &fast.classes[*(const long *)b];
    frenzy_brute_value vx = frenzy_brute_best4(x->cards), vy = frenzy_brute_best4(y->cards);
    return (vx > vy) - (vx < vy);
}

/* The class table: every hand in exactly one class, weights, our order. */
static void test_fast_classes(void **state)
{
    (void)state;
    build_fast();
    uint64_t mismatches = 0;
    int64_t wsum = 0;
    for (long i = 0; i < fast.n; i++) {
        const struct frenzy_class *k = &fast.classes[i];
        wsum += k->weight;
        if (i > 0 && fast_keys[i].key == fast_keys[i - 1].key && mismatches++ < MAX_PRINTED)
            printf("two classes with one suit pattern\n");
        for (int j = 1; j < 5; j++)
            if (!(k->cards[j - 1] < k->cards[j]) && mismatches++ < MAX_PRINTED)
                printf("class %ld: representative not increasing\n", i);
        if (k->total != N47 && mismatches++ < MAX_PRINTED)
            printf("class %ld: total %u\n", i, k->total);
        if (!(k->below <= k->upto && k->upto <= k->total) && mismatches++ < MAX_PRINTED)
            printf("class %ld: below %u upto %u total %u\n", i, k->below, k->upto, k->total);
        /* max raise from its rank against ours */
        if (frenzy_max_raise(k->rank) != frenzy_brute_max_raise(k->cards) &&
            mismatches++ < MAX_PRINTED) {
            char buf[32];
            fmt(k->cards, 5, buf, sizeof buf);
            printf("%s: fast max raise %d, brute %d\n", buf, frenzy_max_raise(k->rank),
                   frenzy_brute_max_raise(k->cards));
        }
        /* A qualifying player beats every non-qualifier; a non-qualifying
         * one loses to every qualifier. */
        int pq = frenzy_brute_qualifies(frenzy_brute_best4(k->cards));
        if (pq ? k->unqualified > k->below : k->upto > k->unqualified) {
            if (mismatches++ < MAX_PRINTED) {
                char buf[32];
                fmt(k->cards, 5, buf, sizeof buf);
                printf("%s: unqualified %u against below %u / upto %u\n", buf, k->unqualified,
                       k->below, k->upto);
            }
        }
    }
    assert_int_equal(wsum, FRENZY_HANDS);

    /* Every hand of the deck falls in one class; hands per class = weight. */
    uint32_t *hits = calloc((size_t)fast.n, sizeof *hits);
    card_t c[5];
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int d = b + 1; d < NCARDS; d++)
                for (int e = d + 1; e < NCARDS; e++)
                    for (int f = e + 1; f < NCARDS; f++) {
                        c[0] = (card_t)a, c[1] = (card_t)b, c[2] = (card_t)d;
                        c[3] = (card_t)e, c[4] = (card_t)f;
                        long i = find_class(c);
                        if (i < 0) {
                            if (mismatches++ < MAX_PRINTED) {
                                char buf[32];
                                fmt(c, 5, buf, sizeof buf);
                                printf("%s: in no class\n", buf);
                            }
                            continue;
                        }
                        hits[i]++;
                    }
    for (long i = 0; i < fast.n; i++)
        if (hits[i] != fast.classes[i].weight && mismatches++ < MAX_PRINTED)
            printf("class %ld: weight %u, hands %u\n", i, fast.classes[i].weight, hits[i]);
    free(hits);

    /* Its rank orders the classes as our value does: sorted by our value,
     * its rank rises exactly when ours does. */
    long *order = malloc((size_t)fast.n * sizeof *order);
    for (long i = 0; i < fast.n; i++)
        order[i] = i;
    qsort(order, (size_t)fast.n, sizeof *order, cmp_by_value);
    for (long i = 1; i < fast.n; i++) {
        const struct frenzy_class *x = &fast.classes[order[i - 1]], *y = &fast.classes[order[i]];
        frenzy_brute_value vx = frenzy_brute_best4(x->cards), vy = frenzy_brute_best4(y->cards);
        int ok = vx == vy ? x->rank == y->rank : x->rank < y->rank;
        if (!ok && mismatches++ < MAX_PRINTED) {
            char bx[32], by[32];
            fmt(x->cards, 5, bx, sizeof bx);
            fmt(y->cards, 5, by, sizeof by);
            printf("order: %s (brute %#x, fast %#x) vs %s (brute %#x, fast %#x)\n", bx, vx,
                   x->rank, by, vy, y->rank);
        }
        /* The qualifying line sits at the same place. */
        if ((frenzy_brute_qualifies(vy) != (y->rank >= FRENZY_QUALIFY_RANK)) &&
            mismatches++ < MAX_PRINTED)
            printf("qualifying: fast rank %#x, brute value %#x\n", y->rank, vy);
    }
    free(order);
    if (mismatches)
        fail_msg("%llu mismatches in the class table", (unsigned long long)mismatches);
}

/* Identities over every class, from the symmetry of disjoint pairs:
 *   sum w * below = sum w * (total - upto)  (P above D as often as D above P);
 *   sum w * unqualified = 396,480 * C(47,5) (each non-qualifying 5-card
 *   hand, 396,480 of them, meets every player hand of its other 47 cards). */
static void test_fast_global(void **state)
{
    (void)state;
    build_fast();
    int64_t above = 0, below = 0, copies = 0, unq = 0;
    for (long i = 0; i < fast.n; i++) {
        const struct frenzy_class *k = &fast.classes[i];
        below += (int64_t)k->weight * k->below;
        above += (int64_t)k->weight * (k->total - k->upto);
        copies += (int64_t)k->weight * (k->upto - k->below);
        unq += (int64_t)k->weight * k->unqualified;
    }
    printf("  over all pairs: player above %lld, below %lld, copies %lld\n", (long long)below,
           (long long)above, (long long)copies);
    assert_int_equal(below, above);
    assert_int_equal(below + above + copies, FRENZY_HANDS * N47);
    assert_int_equal(unq, INT64_C(396480) * N47);
}

/* The Odds presets against the seed (our tables). */
static const char *const BB_NAMES[] = {"BB-1", "BB-2", "BB-3", "BB-4", "BB-4b"};
static const struct frenzy_brute_odds *const BB_TABLES[] = {
    &FRENZY_BRUTE_BB1, &FRENZY_BRUTE_BB2, &FRENZY_BRUTE_BB3, &FRENZY_BRUTE_BB4,
    &FRENZY_BRUTE_BB4B};
enum { NBB = 5 };

static void check_table(const struct frenzy_table *t, const struct frenzy_brute_odds *o,
                        int bad_beat, uint64_t *mismatches)
{
    const int64_t want_x2[FO_NROWS] = {
        bad_beat ? -2 : 0, o->straight_x2, o->flush_x2, o->trips_x2, o->straight_flush_x2,
        o->quads_x2,       o->quad_aces_x2};
    for (int row = 0; row < FO_NROWS; row++) {
        if (bad_beat && row == FO_QUAD_ACES)
            continue; /* cannot happen */
        if (t->pay[row] * 2 != want_x2[row] * t->den && (*mismatches)++ < MAX_PRINTED)
            printf("preset %s row %s: %lld/%lld, seed %lld/2\n", t->name,
                   frenzy_row_name(t->kind, row), (long long)t->pay[row], (long long)t->den,
                   (long long)want_x2[row]);
    }
}

static void get_game(int bb, enum frenzy_copy copy, struct frenzy_game *g)
{
    memset(g, 0, sizeof *g);
    if (frenzy_preset_get(FT_ODDS_WIN, "WE-1", &g->win) != 0)
        fail_msg("no preset WE-1");
    if (frenzy_preset_get(FT_BAD_BEAT, BB_NAMES[bb], &g->bad_beat) != 0)
        fail_msg("no preset %s", BB_NAMES[bb]);
    g->copy = copy;
}

static void test_fast_presets(void **state)
{
    (void)state;
    uint64_t mismatches = 0;
    struct frenzy_game g;
    for (int bb = 0; bb < NBB; bb++) {
        get_game(bb, FRENZY_COPY_WIN, &g);
        if (bb == 0)
            check_table(&g.win, &FRENZY_BRUTE_WE1, 0, &mismatches);
        check_table(&g.bad_beat, BB_TABLES[bb], 1, &mismatches);
        assert_false(frenzy_row_exists(FT_BAD_BEAT, FO_QUAD_ACES));
    }
    if (mismatches)
        fail_msg("%llu preset entries differ from the seed", (unsigned long long)mismatches);
}

/* The hands compared: edge cases, then fixed-seed random ones. */
static const char *const EDGE_HANDS[] = {
    "Ac Ad Ah As Kc", "Ac Ad Ah As 2c",                   /* quad aces */
    "2c 2d 2h 2s 3c", "Kc Kd Kh Ks Ac",                   /* quads 2-K */
    "Js Qs Ks As 2c", "Js Qs Ks As Ts", "Js Qs Ks As 9s", /* J-Q-K-A suited */
    "Jh Qh Kh Ah Ac",                                     /* ... with a pair of aces */
    "Ac 2c 3c 4c 9d", "Ac 2c 3c 4c 5c", "2c 3c 4c 5c 6c", /* low straight flushes */
    "Ac Ad 7h 5s 2c", "As Ah 9d 4c 3h", "Ac Ad 3h 4s 5c", /* a pair of aces exactly */
    "Ac Ad Kh Qs 9c",                                     /* the best pair of aces */
    "Ac Ad 2h 3s 4c",                                     /* aces and A-2-3-4: a straight */
    "Kc Kd Ah 9s 2c", "Kc Kd Ah Qs Jc",                   /* kings; kings with A-K-Q-J */
    "Ac 2d 3h 4s 9c", "Ac 2d 3h 4s 5c", "Ac 2d 3h 4s Kc", /* A-2-3-4, 2-3-4-5, no wrap */
    "Jc Qd Kh As 2c",                                     /* the top straight */
    "Kc 6d 4h 3s 2c", "Kc 9d 7h 4s 2c",                   /* King-high: the lowest qualifiers */
    "Qc Jd Th 8s 7c", "Qc Jd Th 8s 6c",                   /* the best Queen-high: not qualifying */
    "7c 6d 4h 3s 2c", "8c 6d 4h 3s 2c",                   /* the lowest hands */
    "Ac Kd Qh Ts 9c", "Ac Kc Qc Tc 2d",                   /* top high card; top flush */
    "Ac Kc 7c 4c 2d", "2h 3h 4h 6h 8s", "Ac Kc 7c 4c 2c", /* flushes */
    "9c 9d 9h 4s 4c", "Ac Ad Ah 2s 3c", "2c 2d 2h 3s 4c", /* trips */
    "Ac Ad Kh Ks Qc", "2c 2d 3h 3s 4c",                   /* two pair */
    "Ah Qh 9h 9c 4d",                                     /* pair or flush draw */
};
enum { NEDGE = (int)(sizeof EDGE_HANDS / sizeof EDGE_HANDS[0]) };
enum { NFAST = NEDGE + NRANDOM_FAST };

static card_t fast_hands[NFAST][5];
static struct frenzy_brute_counts fast_brute[NFAST];
static int fast_brute_done;

static void brute_all(void)
{
    if (fast_brute_done)
        return;
    uint64_t saved = rng_state;
    rng_state = UINT64_C(0x46726e7a79); /* a seed of its own */
    for (int h = 0; h < NFAST; h++) {
        if (h < NEDGE) {
            parse(EDGE_HANDS[h], fast_hands[h], 5);
        } else {
            uint64_t used = 0;
            random_cards(fast_hands[h], 5, &used);
        }
        frenzy_brute_counts(fast_hands[h], &fast_brute[h]);
    }
    rng_state = saved;
    fast_brute_done = 1;
}

/* Counts: below = wins, upto - below = copies, unqualified = dealer
 * hands below King-high, total; rank order vs ours already checked. */
static void test_fast_counts(void **state)
{
    (void)state;
    build_fast();
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    brute_all();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("  brute force: %d hands, %.2f s\n", NFAST,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    uint64_t mismatches = 0;
    for (int h = 0; h < NFAST; h++) {
        const struct frenzy_brute_counts *o = &fast_brute[h];
        check_sums("fast-compare hand", o);
        char buf[32];
        fmt(fast_hands[h], 5, buf, sizeof buf);
        long i = find_class(fast_hands[h]);
        if (i < 0) {
            if (mismatches++ < MAX_PRINTED)
                printf("%s: in no class\n", buf);
            continue;
        }
        const struct frenzy_class *k = &fast.classes[i];
        const uint64_t mine[4] = {o->win_q + o->win_nq, o->win_q + o->win_nq + o->copy_q + o->copy_nq,
                                  o->win_nq + o->copy_nq + o->lose_nq, o->total};
        const uint64_t theirs[4] = {k->below, k->upto, k->unqualified, k->total};
        static const char *const names[4] = {"below (wins)", "upto (wins + copies)",
                                             "unqualified", "total"};
        for (int f = 0; f < 4; f++)
            if (mine[f] != theirs[f] && mismatches++ < MAX_PRINTED)
                printf("%s (class %ld, %s): %s fast %llu, brute %llu\n", buf, i,
                       frenzy_brute_category_name(frenzy_brute_category(
                           frenzy_brute_best4(fast_hands[h]))),
                       names[f], (unsigned long long)theirs[f], (unsigned long long)mine[f]);
    }
    if (mismatches)
        fail_msg("%llu count mismatches over %d hands", (unsigned long long)mismatches, NFAST);
}

static void format_wide(wide_t v, char *buf, size_t len)
{
    char tmp[48];
    int n = 0, neg = v < 0;
    unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    size_t k = 0;
    if (neg && k + 1 < len)
        buf[k++] = '-';
    while (n > 0 && k + 1 < len)
        buf[k++] = tmp[--n];
    buf[k] = 0;
}

/* The exact EV of every legal option: fast (frenzy_decide on the class)
 * against ours (from our counts), WE-1 with each Bad Beat table, both
 * copy rules.  Fast EVs are in 1/(C(47,5) * den), ours in 1/(2 C(47,5)). */
static void test_fast_ev(void **state)
{
    (void)state;
    build_fast();
    brute_all();
    uint64_t mismatches = 0, compared = 0;
    for (int bb = 0; bb < NBB; bb++)
        for (int rule = 0; rule < 2; rule++) {
            struct frenzy_game g;
            get_game(bb, rule ? FRENZY_COPY_PUSH : FRENZY_COPY_WIN, &g);
            int64_t den = frenzy_game_den(&g);
            for (int h = 0; h < NFAST; h++) {
                const card_t *p = fast_hands[h];
                long i = find_class(p);
                if (i < 0)
                    continue; /* reported by test_fast_counts */
                struct frenzy_decision d;
                frenzy_decide(&g, den, &fast.classes[i], &d);
                char buf[32];
                fmt(p, 5, buf, sizeof buf);
                int maxr = frenzy_brute_max_raise(p);
                if (d.max_raise != maxr && mismatches++ < MAX_PRINTED)
                    printf("%s: fast max raise %d, brute %d\n", buf, d.max_raise, maxr);
                int best = 0;
                wide_t best_ev = 0;
                for (int r = 0; r <= maxr; r++) {
                    struct frenzy_brute_ev e =
                        frenzy_brute_ev_rules(p, &fast_brute[h], r, &FRENZY_BRUTE_WE1,
                                              BB_TABLES[bb], rule);
                    /* fast num / (N den) == e.num / (2 N) */
                    wide_t lhs = d.ev[r] * 2, rhs = (wide_t)e.num * den;
                    compared++;
                    if (lhs != rhs && mismatches++ < MAX_PRINTED) {
                        char a[48], b[48];
                        format_wide(d.ev[r] * 2, a, sizeof a);
                        format_wide((wide_t)e.num * den, b, sizeof b);
                        printf("%s WE-1/%s copy %s, %s: fast %s, brute %s (in 1/(2 * %d * %lld);"
                               " fast %.9f, brute %.9f)\n",
                               buf, BB_NAMES[bb], rule ? "push" : "win",
                               r ? (const char *[]){"", "raise 1", "raise 2", "raise 3"}[r]
                                 : "fold",
                               a, b, N47, (long long)den,
                               (double)d.ev[r] / ((double)N47 * (double)den),
                               (double)e.num / (2.0 * N47));
                    }
                    wide_t ev2 = (wide_t)e.num * den; /* to compare options */
                    if (r == 0 || ev2 > best_ev) {
                        best = r;
                        best_ev = ev2;
                    }
                }
                if ((int)d.choice != best && mismatches++ < MAX_PRINTED)
                    printf("%s WE-1/%s copy %s: fast chooses %d, brute %d\n", buf, BB_NAMES[bb],
                           rule ? "push" : "win", (int)d.choice, best);
            }
        }
    printf("  %llu EVs compared\n", (unsigned long long)compared);
    if (mismatches)
        fail_msg("%llu EV/decision mismatches", (unsigned long long)mismatches);
}

static int teardown_fast(void **state)
{
    (void)state;
    if (fast_built) {
        frenzy_counts_free(&fast);
        free(fast_keys);
        fast_built = 0;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval4_all),        cmocka_unit_test(test_eval4_ladder),
        cmocka_unit_test(test_best4_examples),   cmocka_unit_test(test_best4_histogram),
        cmocka_unit_test(test_compare),          cmocka_unit_test(test_counts_by_hand),
        cmocka_unit_test(test_counts_qualifying), cmocka_unit_test(test_counts_symmetry),
        cmocka_unit_test(test_ev),               cmocka_unit_test(test_timing),
        cmocka_unit_test(test_fast_presets),     cmocka_unit_test(test_fast_classes),
        cmocka_unit_test(test_fast_global),      cmocka_unit_test(test_fast_counts),
        cmocka_unit_test(test_fast_ev),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_fast);
}
