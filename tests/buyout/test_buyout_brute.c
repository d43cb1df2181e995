/* test_buyout_brute.c — the 4 Card Buyout brute force (buyout_brute.c) on
 * its own, from first principles:
 *   - points of hands worked out by hand (the rule book's examples, two
 *     pairs, identical cards from several decks, zero-point hands);
 *   - every dealer distribution sums to the falling factorial N^(4), and
 *     the multiset enumeration equals the fully ordered one;
 *   - the two readings of the dealer's 5 cards give the same distribution
 *     (a dealer who draws never holds 5 cards of one group);
 *   - option EVs of a 4th-card and a 3rd-card decision on a 9-card shoe
 *     worked out by hand, legality of every option;
 *   - a player folding everything loses exactly 1; a shoe of one card
 *     repeated gives EV 0; a round's total weight is N^(9);
 *   - the round (memoized) equals the average of the per-situation best
 *     options computed without memo; a 3rd-card BUY equals the average of
 *     the best 4th-card options; suit permutations and the order of the
 *     player's first two cards change nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "buyout_brute.h"
#include "buyout_solve.h"
#include "cards.h"

static const struct bb_rules BEST4 = {0};
static const struct bb_rules ALL5 = {1};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static int parse(const char *text, card_t *out, int max)
{
    char err[128];
    int n = cards_parse(text, out, max, err, sizeof err);
    if (n < 0)
        fail_msg("bad cards \"%s\": %s", text, err);
    return n;
}

static int pts(const char *text)
{
    card_t c[8];
    int n = parse(text, c, 8);
    return bb_points(c, n);
}

static card_t card(const char *text)
{
    card_t c[1];
    if (parse(text, c, 1) != 1)
        fail_msg("bad card \"%s\"", text);
    return c[0];
}

/* A shoe holding exactly the listed cards (repeats allowed). */
static void shoe_of(struct bb_shoe *s, const char *text)
{
    card_t c[400];
    int n = parse(text, c, 400);
    memset(s, 0, sizeof *s);
    for (int i = 0; i < n; i++)
        s->count[c[i]]++;
}

static void assert_frac(struct bb_frac f, long long num, long long den, const char *what)
{
    struct bb_frac want = bb_frac_make(num, den);
    if (f.num != want.num || f.den != want.den) {
        char a[48], b[48];
        fail_msg("%s: got %s/%s, want %lld/%lld", what, bb_int_str(f.num, a), bb_int_str(f.den, b),
                 num, den);
    }
}

static struct bb_frac frac_add(struct bb_frac a, struct bb_frac b)
{
    return bb_frac_make(a.num * b.den + b.num * a.den, a.den * b.den);
}

static int frac_eq(struct bb_frac a, struct bb_frac b) { return a.num == b.num && a.den == b.den; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* k distinct-position cards drawn from shoe s (removed from it). */
static void draw(struct bb_shoe *s, card_t *out, int k)
{
    for (int i = 0; i < k; i++) {
        int n = bb_shoe_size(s), x = (int)rnd((uint32_t)n), c = 0;
        while (x >= s->count[c])
            x -= s->count[c++];
        out[i] = (card_t)c;
        s->count[c]--;
    }
}

/* ------------------------------------------------------------------ */
/* Scoring                                                             */
/* ------------------------------------------------------------------ */

static void test_points_by_hand(void **state)
{
    (void)state;
    /* the rule book's examples */
    assert_int_equal(pts("As 4s"), 15);
    assert_int_equal(pts("Jd Td 8d"), 28);
    assert_int_equal(pts("Kh Jh Th 9h"), 39);
    assert_int_equal(pts("Kc Qc Jc Tc"), 40);
    assert_int_equal(pts("Kd Ks"), 20);                 /* pair of kings */
    assert_int_equal(pts("Ts 7s 3s"), 20);              /* push example 1 */
    assert_int_equal(pts("Jc Jd Jh"), 30);
    assert_int_equal(pts("Qd Td 6d 4d"), 30);           /* push example 2 */
    assert_int_equal(pts("7c 7d 7h 7s"), 40);
    assert_int_equal(pts("7s 7d 7c 9s"), 30);           /* trips over suited 16 */
    assert_int_equal(pts("8s 8d Ks Qs"), 28);           /* suited 28 over pair 20 */
    assert_int_equal(pts("As Ad"), 22);
    assert_int_equal(pts("As Ad Ac"), 33);
    assert_int_equal(pts("As Ad Ac Ah"), 44);
    /* two pairs: the better pair only */
    assert_int_equal(pts("9s 9d 4s 4d"), 20);           /* suited 13 each */
    assert_int_equal(pts("As Ad Kc Kh"), 22);
    assert_int_equal(pts("2s 2d 2c As"), 30);           /* trips over suited 13 */
    assert_int_equal(pts("2s 2d 2c Ac Ad"), 30);        /* trips 30 over aces 22 and suited 13 */
    /* suited values: A 11, J/Q/K 10, 2-10 face */
    assert_int_equal(pts("As 2s"), 13);
    assert_int_equal(pts("Js Qs"), 20);
    assert_int_equal(pts("Ts 9s"), 19);
    assert_int_equal(pts("As Ks Qs Js"), 41);
    assert_int_equal(pts("As Ks Qs 2d"), 31);
    /* zero-point hands */
    assert_int_equal(pts("2c 5d 9h Ks"), 0);
    assert_int_equal(pts("Ac Kd"), 0);
    assert_int_equal(pts("2c 3d 4h"), 0);
    /* identical cards from several decks count both ways */
    assert_int_equal(pts("7s 7s"), 20);                 /* pair 20 over suited 14 */
    assert_int_equal(pts("As As"), 22);
    assert_int_equal(pts("As As As As"), 44);
    assert_int_equal(pts("Ks Ks Qs Qs"), 40);           /* suited 40 over pair 20 */
    assert_int_equal(pts("As As Ks"), 32);              /* suited 32 over pair 22 */
    assert_int_equal(pts("As As Ks Ks"), 42);
    assert_int_equal(pts("9s 9s 9s 9s"), 40);           /* quads 40 over suited 36 */
    assert_int_equal(pts("Ts Ts Ts Ts"), 40);           /* equal both ways */
    /* the dealer's 5 cards */
    card_t c[5];
    parse("2s 3s 4c 5h 6s", c, 5);
    assert_int_equal(bb_points_dealer5(c, &BEST4), 11);
    assert_int_equal(bb_points_dealer5(c, &ALL5), 11);
    parse("As As As As As", c, 5);
    assert_int_equal(bb_points_dealer5(c, &BEST4), 44);
    assert_int_equal(bb_points_dealer5(c, &ALL5), 55);
    parse("2s 3s 4s 5s 6s", c, 5);
    assert_int_equal(bb_points_dealer5(c, &BEST4), 18);
    assert_int_equal(bb_points_dealer5(c, &ALL5), 20);
    parse("2c 3d 4h 9c Kd", c, 5);
    assert_int_equal(bb_points_dealer5(c, &BEST4), 13); /* 3d + Kd */
    assert_int_equal(bb_points_dealer5(c, &ALL5), 13);
    assert_int_equal(bb_card_value(card("As")), 11);
    assert_int_equal(bb_card_value(card("Kd")), 10);
    assert_int_equal(bb_card_value(card("Tc")), 10);
    assert_int_equal(bb_card_value(card("9h")), 9);
    assert_int_equal(bb_card_value(card("2s")), 2);
}

/* A second scoring with count arrays, written separately, against
 * bb_points on every ordered 2-, 3- and 4-card sequence of card types
 * (repeats included, as from several decks). */
static int points_by_counts(const card_t *c, int n)
{
    static const int value[NRANKS] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11};
    int rc[NRANKS] = {0}, sn[NSUITS] = {0}, ss[NSUITS] = {0}, best = 0;
    for (int i = 0; i < n; i++) {
        rc[card_rank(c[i])]++;
        sn[card_suit(c[i])]++;
        ss[card_suit(c[i])] += value[card_rank(c[i])];
    }
    for (int r = 0; r < NRANKS; r++)
        if (rc[r] >= 2 && rc[r] * (r == RANK_ACE ? 11 : 10) > best)
            best = rc[r] * (r == RANK_ACE ? 11 : 10);
    for (int s = 0; s < NSUITS; s++)
        if (sn[s] >= 2 && ss[s] > best)
            best = ss[s];
    return best;
}

static void test_points_two_ways(void **state)
{
    (void)state;
    card_t c[4];
    long long zero4 = 0, n4 = 0;
    for (int a = 0; a < NCARDS; a++)
        for (int b = 0; b < NCARDS; b++) {
            c[0] = (card_t)a;
            c[1] = (card_t)b;
            assert_int_equal(bb_points(c, 2), points_by_counts(c, 2));
            for (int d = 0; d < NCARDS; d++) {
                c[2] = (card_t)d;
                assert_int_equal(bb_points(c, 3), points_by_counts(c, 3));
                for (int e = 0; e < NCARDS; e++) {
                    c[3] = (card_t)e;
                    int p = bb_points(c, 4);
                    assert_int_equal(p, points_by_counts(c, 4));
                    n4++;
                    zero4 += p == 0;
                }
            }
        }
    /* zero in 4 cards: 4 distinct suits and 4 distinct ranks:
     * 4! suit orders * 13*12*11*10 ordered ranks */
    assert_true(n4 == 52LL * 52 * 52 * 52);
    assert_true(zero4 == 24LL * 13 * 12 * 11 * 10);
}

/* ------------------------------------------------------------------ */
/* The dealer                                                          */
/* ------------------------------------------------------------------ */

static bb_int dist_total(const bb_int w[BB_MAXPTS])
{
    bb_int t = 0;
    for (int d = 0; d < BB_MAXPTS; d++)
        t += w[d];
    return t;
}

static void test_dealer_totals(void **state)
{
    (void)state;
    struct bb_shoe full, s;
    bb_int w[BB_MAXPTS], wo[BB_MAXPTS];
    /* 1 deck: upcard and 0..4 player cards removed; unordered == ordered */
    for (int k = 0; k <= 4; k++) {
        bb_shoe_make(&full, 1, 0x1fff);
        s = full;
        card_t c[6];
        draw(&s, c, 1 + k);
        bb_dealer_dist(&s, c[0], &BEST4, w);
        assert_true(dist_total(w) == bb_falling(bb_shoe_size(&s), 4));
        assert_true(w[0] == 0); /* 5 cards always hold two of a suit */
        if (k == 4) {
            bb_dealer_dist_ordered(&s, c[0], &BEST4, wo);
            for (int d = 0; d < BB_MAXPTS; d++)
                assert_true(w[d] == wo[d]);
        }
    }
    /* several decks, identical cards: 2 decks of 4 ranks, 6 decks full */
    bb_shoe_make(&full, 2, 0x1000 | 0x0800 | 0x0010 | 0x0001);
    for (int rep = 0; rep < 4; rep++) {
        s = full;
        card_t c[5];
        draw(&s, c, 1 + rep);
        bb_dealer_dist(&s, c[0], &BEST4, w);
        bb_dealer_dist_ordered(&s, c[0], &BEST4, wo);
        assert_true(dist_total(w) == bb_falling(bb_shoe_size(&s), 4));
        for (int d = 0; d < BB_MAXPTS; d++)
            assert_true(w[d] == wo[d]);
    }
    bb_shoe_make(&full, 6, 0x1fff);
    s = full;
    card_t c[5];
    draw(&s, c, 5);
    bb_dealer_dist(&s, c[0], &BEST4, w);
    assert_true(dist_total(w) == bb_falling(307, 4));
    /* a hand-made case: upcard 2c; the rest 3c Kc 9d 9h As (see
     * test_options3_by_hand): 15 and 20 each 60 of 120 */
    shoe_of(&s, "As 3c Kc 9d 9h");
    bb_dealer_dist(&s, card("2c"), &BEST4, w);
    assert_true(dist_total(w) == 120);
    assert_true(w[15] == 60 && w[20] == 60);
}

/* A dealer who draws a 5th card holds at most 3 of any suit or rank among
 * his first 4 (4 of one suit score at least 14, 4 of a kind 40; several
 * identical cards make a pair, 20): so no group of 5 and both readings
 * agree everywhere. */
static void test_readings_agree(void **state)
{
    (void)state;
    struct bb_shoe full, s;
    bb_int a[BB_MAXPTS], b[BB_MAXPTS];
    unsigned masks[3] = {0x1fff, 0x1fff, 0x000f};
    int decks[3] = {1, 6, 8};
    for (int i = 0; i < 3; i++) {
        bb_shoe_make(&full, decks[i], masks[i]);
        for (int rep = 0; rep < 2; rep++) {
            s = full;
            card_t c[5];
            draw(&s, c, 5);
            bb_dealer_dist(&s, c[0], &BEST4, a);
            bb_dealer_dist(&s, c[0], &ALL5, b);
            for (int d = 0; d < BB_MAXPTS; d++)
                assert_true(a[d] == b[d]);
            assert_true(a[0] == 0 && a[44] >= 0);
        }
    }
    struct bb_frac e1, e2;
    bb_shoe_make(&full, 1, 0x1000 | 0x0800 | 0x0400 | 0x0001);
    bb_round(&full, &BEST4, &e1, NULL);
    bb_round(&full, &ALL5, &e2, NULL);
    assert_true(frac_eq(e1, e2));
}

/* ------------------------------------------------------------------ */
/* Decisions worked out by hand                                        */
/* ------------------------------------------------------------------ */

/* Shoe 5d 5s 6s As 2c 3c Kc 9d 9h; player 5d 5s 6s then As; upcard 2c.
 * The dealer takes 3 of {3c Kc 9d 9h}: with Kc and 3c clubs 15, otherwise
 * a pair of nines 20 (each 12 of 24).  Player 22 (5s 6s As) wins 12 pushes
 * 12: BUY 3; REFUSE with 20 (pair of fives) pushes 12 wins 12: 2 * 1/2. */
static void test_options4_by_hand(void **state)
{
    (void)state;
    struct bb_shoe s;
    struct bb_options o;
    shoe_of(&s, "5d 5s 6s As 2c 3c Kc 9d 9h");
    card_t p[4];
    parse("5d 5s 6s As", p, 4);
    assert_int_equal(bb_options4(&s, &BEST4, p, card("2c"), &o), 0);
    assert_true(o.legal[BB_BUY] && o.legal[BB_REFUSE] && o.legal[BB_FOLD]);
    assert_frac(o.ev[BB_BUY], 3, 1, "BUY");
    assert_frac(o.ev[BB_REFUSE], 1, 1, "REFUSE");
    assert_frac(o.ev[BB_FOLD], -2, 1, "FOLD");
    assert_int_equal(o.best, BB_BUY);

    /* 4th card 3c instead: the rest As Kc 9d 9h always gives the dealer a
     * pair of nines (As Kc 9x: clubs 12, draws the other nine): 20 = 20. */
    shoe_of(&s, "5d 5s 6s As 2c 3c Kc 9d 9h");
    parse("5d 5s 6s 3c", p, 4);
    bb_options4(&s, &BEST4, p, card("2c"), &o);
    assert_frac(o.ev[BB_BUY], 0, 1, "BUY push");
    assert_frac(o.ev[BB_REFUSE], 0, 1, "REFUSE push");

    /* zero points in 3 cards: REFUSE illegal; the 4th makes 7h 8h = 15 */
    shoe_of(&s, "5d 6s 7h 8h 2c 3c 4c Kd 9s");
    parse("5d 6s 7h 8h", p, 4);
    bb_options4(&s, &BEST4, p, card("2c"), &o);
    assert_false(o.legal[BB_REFUSE]);
    assert_true(o.legal[BB_BUY]);
    /* dealer 2c + 3 of {3c 4c Kd 9s}: 3c 4c -> clubs 9, draws the last
     * card: 9 (no suit or rank made); 3c or 4c alone -> 5 or 6, draws and
     * may take the other club: 9; else (Kd 9s + one club) draws... all
     * 4 cards are used with the 5th, so every dealer ends with 2c 3c 4c
     * plus Kd 9s: clubs 9.  Player 15 wins everything: 3. */
    assert_frac(o.ev[BB_BUY], 3, 1, "BUY 15 vs 9");
    /* zero points in 4 cards: FOLD only */
    shoe_of(&s, "5d 6s 7h 8c 2c 3c 4c Kd 9s");
    parse("5d 6s 7h 8c", p, 4);
    bb_options4(&s, &BEST4, p, card("Kd"), &o);
    assert_false(o.legal[BB_BUY]);
    assert_false(o.legal[BB_REFUSE]);
    assert_true(o.legal[BB_FOLD]);
    assert_int_equal(o.best, BB_FOLD);
    assert_frac(o.ev[BB_FOLD], -2, 1, "forced FOLD");
}

/* Same shoe, at the 3rd card: player 5d 5s 6s, upcard 2c, the rest
 * As 3c Kc 9d 9h.  REFUSE (a pair, 20) against 15 / 20 at 60 / 60: 1/2.
 * BUY: As -> 3 (above); 3c -> 0; Kc -> dealer always 20, player 20: 0;
 * 9d -> dealer always clubs 15 (As 3c Kc / draws), player 20: 3; 9h -> 3.
 * BUY = (3 + 0 + 0 + 3 + 3) / 5 = 9/5. */
static void test_options3_by_hand(void **state)
{
    (void)state;
    struct bb_shoe s;
    struct bb_options o;
    shoe_of(&s, "5d 5s 6s As 2c 3c Kc 9d 9h");
    card_t p[3];
    parse("5d 5s 6s", p, 3);
    assert_int_equal(bb_options3(&s, &BEST4, p, card("2c"), &o), 0);
    assert_frac(o.ev[BB_BUY], 9, 5, "BUY");
    assert_frac(o.ev[BB_REFUSE], 1, 2, "REFUSE");
    assert_frac(o.ev[BB_FOLD], -1, 1, "FOLD");
    assert_int_equal(o.best, BB_BUY);

    /* zero points in 2 cards: REFUSE illegal at the 3rd card */
    bb_shoe_make(&s, 1, 0x1fff);
    parse("2c 9d Ks", p, 3);
    bb_options3(&s, &BEST4, p, card("Ah"), &o);
    assert_false(o.legal[BB_REFUSE]);
    assert_true(o.legal[BB_BUY] && o.legal[BB_FOLD]);
    parse("2c 9c Ks", p, 3);
    bb_options3(&s, &BEST4, p, card("Ah"), &o);
    assert_true(o.legal[BB_REFUSE]);
}

/* ------------------------------------------------------------------ */
/* Whole rounds                                                        */
/* ------------------------------------------------------------------ */

static void test_fold_all_loses_one(void **state)
{
    (void)state;
    struct bb_shoe s;
    bb_int num, den;
    bb_shoe_make(&s, 1, 0x1fff);
    bb_round_fold_all(&s, &num, &den);
    assert_true(den == bb_falling(52, 4) && num == -den);
    bb_shoe_make(&s, 6, 0x1fff);
    bb_round_fold_all(&s, &num, &den);
    assert_true(den == bb_falling(312, 4) && num == -den);
    struct bb_options o;
    card_t p[4];
    parse("Ac Kd 7h 2s", p, 4);
    bb_options3(&s, &BEST4, p, card("9c"), &o);
    assert_frac(o.ev[BB_FOLD], -1, 1, "FOLD at the 3rd card");
    bb_options4(&s, &BEST4, p, card("9c"), &o);
    assert_frac(o.ev[BB_FOLD], -2, 1, "FOLD at the 4th card");
}

/* A shoe of one card repeated: the player's pair (22) loses to the
 * dealer's four (44) if he refuses; buying both cards ties 44 = 44. */
static void test_round_single_card_shoe(void **state)
{
    (void)state;
    struct bb_shoe s;
    struct bb_frac ev;
    bb_int w;
    memset(&s, 0, sizeof s);
    s.count[card("As")] = 12;
    assert_int_equal(bb_round(&s, &BEST4, &ev, &w), 0);
    assert_frac(ev, 0, 1, "12 x As");
    assert_true(w == bb_falling(12, 9));
    card_t p[3];
    parse("As As As", p, 3);
    struct bb_options o;
    bb_options3(&s, &BEST4, p, card("As"), &o);
    assert_frac(o.ev[BB_REFUSE], -1, 1, "22 vs 44");
    assert_frac(o.ev[BB_BUY], 0, 1, "44 vs 44");
    /* nine 7s: the minimum shoe */
    memset(&s, 0, sizeof s);
    s.count[card("7h")] = 9;
    assert_int_equal(bb_round(&s, &BEST4, &ev, &w), 0);
    assert_frac(ev, 0, 1, "9 x 7h");
    s.count[card("7h")] = 8;
    assert_int_equal(bb_round(&s, &BEST4, &ev, &w), -1);
}

/* The memoized round against the per-situation API without memo, summed
 * over card types with their multiplicities; total weight N^(9). */
static void round_vs_situations(int decks, unsigned mask)
{
    struct bb_shoe full;
    bb_shoe_make(&full, decks, mask);
    int N = bb_shoe_size(&full);
    double t0 = now();
    struct bb_frac ev;
    bb_int w;
    assert_int_equal(bb_round(&full, &BEST4, &ev, &w), 0);
    assert_true(w == bb_falling(N, 9));
    double t1 = now();
    struct bb_frac sum = {0, 1};
    bb_int wsum = 0;
    struct bb_shoe s = full;
    for (int a = 0; a < NCARDS; a++) {
        bb_int wa = s.count[a];
        if (!wa)
            continue;
        s.count[a]--;
        for (int b = 0; b < NCARDS; b++) {
            bb_int wb = wa * s.count[b];
            if (!wb)
                continue;
            s.count[b]--;
            for (int u = 0; u < NCARDS; u++) {
                bb_int wu = wb * s.count[u];
                if (!wu)
                    continue;
                s.count[u]--;
                for (int c = 0; c < NCARDS; c++) {
                    bb_int wc = wu * s.count[c];
                    if (!wc)
                        continue;
                    card_t p[3] = {(card_t)a, (card_t)b, (card_t)c};
                    struct bb_options o;
                    assert_int_equal(bb_options3(&full, &BEST4, p, (card_t)u, &o), 0);
                    sum = frac_add(sum, bb_frac_make(o.ev[o.best].num * wc, o.ev[o.best].den));
                    wsum += wc;
                }
                s.count[u]++;
            }
            s.count[b]++;
        }
        s.count[a]++;
    }
    assert_true(wsum == bb_falling(N, 4));
    sum = bb_frac_make(sum.num, sum.den * wsum);
    char x[48], y[48], z[48], v[48];
    if (!frac_eq(sum, ev))
        fail_msg("round %s/%s != situations %s/%s", bb_int_str(ev.num, x), bb_int_str(ev.den, y),
                 bb_int_str(sum.num, z), bb_int_str(sum.den, v));
    printf("  [brute] %d deck(s), rank mask %#x (%d cards): round EV %s/%s = %.12f (round %.2f s, "
           "situations %.2f s)\n",
           decks, mask, N, bb_int_str(ev.num, x), bb_int_str(ev.den, y), bb_frac_double(ev), t1 - t0,
           now() - t1);
}

static void test_round_vs_situations(void **state)
{
    (void)state;
    round_vs_situations(2, 0x1000 | 0x0800);          /* A K, 2 decks: 16 cards */
    round_vs_situations(3, 0x1000 | 0x0001);          /* A 2, 3 decks: 24 cards */
    round_vs_situations(2, 0x1000 | 0x0020 | 0x0001); /* A 7 2, 2 decks: 24 cards */
}

/* A 3rd-card BUY is the average of the best 4th-card options. */
static void test_buy3_is_average_of_best4(void **state)
{
    (void)state;
    struct bb_shoe full;
    const char *sits[][2] = {{"7h 8h 2c", "Ks"}, {"As Ad 9c", "Ah"}, {"2c 5d 9h", "Tc"}};
    int decks[3] = {1, 1, 6};
    for (int i = 0; i < 3; i++) {
        bb_shoe_make(&full, decks[i], 0x1fff);
        card_t p[4];
        parse(sits[i][0], p, 3);
        card_t u = card(sits[i][1]);
        struct bb_options o3, o4;
        bb_options3(&full, &BEST4, p, u, &o3);
        struct bb_shoe rest = full;
        bb_shoe_remove(&rest, p, 3);
        bb_shoe_remove(&rest, &u, 1);
        int n3 = bb_shoe_size(&rest);
        struct bb_frac sum = {0, 1};
        for (int c = 0; c < NCARDS; c++) {
            if (!rest.count[c])
                continue;
            p[3] = (card_t)c;
            bb_options4(&full, &BEST4, p, u, &o4);
            struct bb_frac b = o4.ev[o4.best];
            sum = frac_add(sum, bb_frac_make(b.num * rest.count[c], b.den));
            if (i == 2 && c == card("2h")) /* 2c 5d 9h 2h: only the 4th makes it playable */
                assert_true(o4.legal[BB_REFUSE] == 0 && o4.legal[BB_BUY] == 1);
        }
        sum = bb_frac_make(sum.num, sum.den * n3);
        assert_true(frac_eq(sum, o3.ev[BB_BUY]));
    }
}

/* Suit permutations and the order of the first two cards change nothing. */
static void test_symmetry(void **state)
{
    (void)state;
    struct bb_shoe full;
    bb_shoe_make(&full, 1, 0x1fff);
    const int perm[4] = {2, 0, 3, 1};
    for (int rep = 0; rep < 3; rep++) {
        struct bb_shoe s = full;
        card_t c[5];
        draw(&s, c, 5);
        card_t p[4] = {c[0], c[1], c[2], c[3]}, u = c[4];
        card_t q[4], v = card_make(card_rank(u), perm[card_suit(u)]);
        for (int i = 0; i < 4; i++)
            q[i] = card_make(card_rank(p[i]), perm[card_suit(p[i])]);
        card_t sw[4] = {p[1], p[0], p[2], p[3]};
        struct bb_options a, b, d;
        bb_options4(&full, &BEST4, p, u, &a);
        bb_options4(&full, &BEST4, q, v, &b);
        bb_options4(&full, &BEST4, sw, u, &d);
        for (int o = 0; o < BB_NOPTIONS; o++) {
            assert_true(a.legal[o] == b.legal[o] && a.legal[o] == d.legal[o]);
            assert_true(frac_eq(a.ev[o], b.ev[o]) && frac_eq(a.ev[o], d.ev[o]));
        }
        if (rep == 0) {
            bb_options3(&full, &BEST4, p, u, &a);
            bb_options3(&full, &BEST4, q, v, &b);
            bb_options3(&full, &BEST4, sw, u, &d);
            for (int o = 0; o < BB_NOPTIONS; o++)
                assert_true(frac_eq(a.ev[o], b.ev[o]) && frac_eq(a.ev[o], d.ev[o]));
        }
    }
}


/* ------------------------------------------------------------------ */
/* The fast solver (solver/buyout/buyout_solve.h) against the brute force      */
/* ------------------------------------------------------------------ */

/* Mismatches printed in full before only counting. */
enum { MAX_PRINTED = 20 };
static long long printed;

static unsigned top_ranks(int nranks) { return ((1u << nranks) - 1u) << (NRANKS - nranks); }

static struct buyout_rules fast_rules(int decks, int nranks, int five_all)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = decks;
    r.nranks = nranks;
    r.dealer_five = five_all ? BUYOUT_FIVE_ALL : BUYOUT_FIVE_BEST4;
    r.bonus_table = 0;
    return r;
}

/* bb_option -> enum buyout_choice */
static int fast_of(int o) { return o == BB_BUY ? BUYOUT_BUY : o == BB_REFUSE ? BUYOUT_REFUSE : BUYOUT_FOLD; }
static const char *opt_name(int o) { return o == BB_BUY ? "BUY" : o == BB_REFUSE ? "REFUSE" : "FOLD"; }

static void describe(char *buf, size_t len, int decks, int nranks, int five_all, const card_t *p, int np,
                     card_t u)
{
    char cs[64], uc[3];
    cards_format(p, np, cs, sizeof cs);
    card_format(u, uc);
    snprintf(buf, len, "[%d deck(s), %d ranks, %s] player %s, upcard %s, at the %s card", decks, nranks,
             five_all ? "all five" : "best 4 of 5", cs, uc, np == 3 ? "3rd" : "4th");
}

/* Compares one situation (np = 3 or 4 player cards); returns the number of
 * mismatching fields. */
static int compare_situation(struct buyout_context *cx, const struct bb_shoe *shoe, int decks, int nranks,
                             int five_all, const card_t *p, int np, card_t u)
{
    const struct bb_rules br = {five_all};
    struct bb_options bo;
    int rc = np == 3 ? bb_options3(shoe, &br, p, u, &bo) : bb_options4(shoe, &br, p, u, &bo);
    assert_int_equal(rc, 0);
    struct buyout_option_evs fe;
    char err[256], what[200];
    describe(what, sizeof what, decks, nranks, five_all, p, np, u);
    if (buyout_situation_evs(cx, p, u, p[2], np == 4 ? &p[3] : NULL, &fe, err, sizeof err) != 0)
        fail_msg("%s: fast path refused: %s", what, err);
    int bad = 0;
    char a[48], b[48], c[48], d[48];
    for (int o = 0; o < BB_NOPTIONS; o++) {
        int f = fast_of(o);
        if ((int)fe.legal[f] != bo.legal[o]) {
            bad++;
            if (printed++ < MAX_PRINTED)
                printf("  MISMATCH %s, %s legal: fast %d, brute %d\n", what, opt_name(o), (int)fe.legal[f],
                       bo.legal[o]);
            continue;
        }
        if (!bo.legal[o])
            continue;
        if (fe.den <= 0 || fe.num[f] * bo.ev[o].den != bo.ev[o].num * fe.den) {
            bad++;
            if (printed++ < MAX_PRINTED) {
                struct bb_frac ff = bb_frac_make(fe.num[f], fe.den);
                printf("  MISMATCH %s, %s EV: fast %s/%s = %.12f, brute %s/%s = %.12f\n", what, opt_name(o),
                       bb_int_str(ff.num, a), bb_int_str(ff.den, b), bb_frac_double(ff),
                       bb_int_str(bo.ev[o].num, c), bb_int_str(bo.ev[o].den, d), bb_frac_double(bo.ev[o]));
            }
        }
    }
    /* the fast path's best option must be worth the best EV */
    int fb = fe.best, ob = bo.best, fbo = fb == BUYOUT_BUY ? BB_BUY : fb == BUYOUT_REFUSE ? BB_REFUSE : BB_FOLD;
    if (!bo.legal[fbo] || bb_frac_cmp(bo.ev[fbo], bo.ev[ob]) != 0) {
        bad++;
        if (printed++ < MAX_PRINTED)
            printf("  MISMATCH %s, best: fast %s, brute %s (%.12f vs %.12f)\n", what, opt_name(fbo),
                   opt_name(ob), bo.legal[fbo] ? bb_frac_double(bo.ev[fbo]) : -99.0,
                   bb_frac_double(bo.ev[ob]));
    }
    return bad;
}

struct round_case {
    int decks, nranks, five_all;
};

static void test_fast_round_ev(void **state)
{
    (void)state;
    const struct round_case cases[] = {
        {1, 4, 0}, {1, 4, 1}, {1, 5, 0}, {2, 2, 0}, {6, 2, 0}, {3, 2, 0}, {2, 3, 0}, {3, 3, 0}, {2, 4, 0},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct round_case *k = &cases[i];
        struct bb_shoe shoe;
        bb_shoe_make(&shoe, k->decks, top_ranks(k->nranks));
        const struct bb_rules br = {k->five_all};
        double t0 = now();
        struct bb_frac be;
        bb_int w;
        assert_int_equal(bb_round(&shoe, &br, &be, &w), 0);
        assert_true(w == bb_falling(bb_shoe_size(&shoe), 9));
        double t1 = now();
        struct buyout_rules fr = fast_rules(k->decks, k->nranks, k->five_all);
        wide_t num, den;
        char err[256];
        if (buyout_round_ev(&fr, 1, &num, &den, err, sizeof err) != 0)
            fail_msg("buyout_round_ev %d decks %d ranks: %s", k->decks, k->nranks, err);
        double t2 = now();
        struct bb_frac fe = bb_frac_make(num, den);
        char a[48], b[48], c[48], d[48];
        int ok = fe.num == be.num && fe.den == be.den;
        printf("  round %d deck(s) x top %d ranks (%d cards, %s): brute %s/%s = %.12f (%.2f s), fast %s/%s "
               "(%.2f s): %s\n",
               k->decks, k->nranks, bb_shoe_size(&shoe), k->five_all ? "all five" : "best 4 of 5",
               bb_int_str(be.num, a), bb_int_str(be.den, b), bb_frac_double(be), t1 - t0,
               bb_int_str(fe.num, c), bb_int_str(fe.den, d), t2 - t1, ok ? "EQUAL" : "MISMATCH");
        bad += !ok;
    }
    assert_int_equal(bad, 0);
}

/* Every 3rd-card situation of a small shoe (its BUY covers every 4th card). */
static void test_fast_every_situation_small(void **state)
{
    (void)state;
    const struct round_case cases[] = {{1, 4, 0}, {2, 2, 0}};
    long long bad = 0, n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct round_case *k = &cases[i];
        struct bb_shoe shoe;
        bb_shoe_make(&shoe, k->decks, top_ranks(k->nranks));
        struct buyout_rules fr = fast_rules(k->decks, k->nranks, k->five_all);
        char err[256];
        struct buyout_context *cx = buyout_context_new(&fr, err, sizeof err);
        if (!cx)
            fail_msg("buyout_context_new: %s", err);
        struct bb_shoe s = shoe;
        for (int a = 0; a < NCARDS; a++) {
            if (!s.count[a])
                continue;
            s.count[a]--;
            for (int b = 0; b < NCARDS; b++) {
                if (!s.count[b])
                    continue;
                s.count[b]--;
                for (int u = 0; u < NCARDS; u++) {
                    if (!s.count[u])
                        continue;
                    s.count[u]--;
                    for (int c = 0; c < NCARDS; c++) {
                        if (!s.count[c])
                            continue;
                        card_t p[4] = {(card_t)a, (card_t)b, (card_t)c, 0};
                        bad += compare_situation(cx, &shoe, k->decks, k->nranks, k->five_all, p, 3, (card_t)u);
                        n++;
                        /* and one 4th card of each */
                        s.count[c]--;
                        for (int e = NCARDS - 1; e >= 0; e--)
                            if (s.count[e]) {
                                p[3] = (card_t)e;
                                bad += compare_situation(cx, &shoe, k->decks, k->nranks, k->five_all, p, 4,
                                                         (card_t)u);
                                n++;
                                break;
                            }
                        s.count[c]++;
                    }
                    s.count[u]++;
                }
                s.count[b]++;
            }
            s.count[a]++;
        }
        buyout_context_free(cx);
    }
    printf("  %lld situations of small shoes compared, %lld mismatching fields\n", n, bad);
    assert_true(bad == 0);
}

/* Shoes of any composition (solve buyout --shoe): uneven ranks the same
 * in every suit, one card removed, and counts drawn at random card by
 * card, so that few or no suit permutations keep the shoe.  The round's
 * EV and every 3rd-card situation (with one 4th card each) equal the
 * brute force's exactly. */
struct uneven_case {
    const char *what;
    int count[NCARDS];
};

static void uneven_cases(struct uneven_case *k, int *n)
{
    *n = 0;
    struct uneven_case *c = &k[(*n)++]; /* A x2, K x1, Q x1 in every suit */
    c->what = "A x2, K, Q in every suit";
    memset(c->count, 0, sizeof c->count);
    for (int s = 0; s < NSUITS; s++)
        c->count[card_make(RANK_ACE, s)] = 2, c->count[card_make(RANK_KING, s)] = 1,
        c->count[card_make(RANK_QUEEN, s)] = 1;
    c = &k[(*n)++]; /* one deck of T..A less the ace of spades */
    c->what = "one deck of T-A less As";
    memset(c->count, 0, sizeof c->count);
    for (int r = RANK_TEN; r <= RANK_ACE; r++)
        for (int s = 0; s < NSUITS; s++)
            c->count[card_make(r, s)] = 1;
    c->count[card_make(RANK_ACE, 3)] = 0;
    unsigned seed = 12345;
    for (int t = 0; t < 2; t++) { /* 0..2 copies of each card of J..A, at random */
        c = &k[(*n)++];
        c->what = t ? "random counts 0-2 of J-A (seed 2)" : "random counts 0-2 of J-A (seed 1)";
        memset(c->count, 0, sizeof c->count);
        for (int r = RANK_JACK; r <= RANK_ACE; r++)
            for (int s = 0; s < NSUITS; s++) {
                seed = seed * 1103515245u + 12345u;
                c->count[card_make(r, s)] = (int)((seed >> 16) % 3);
            }
    }
}

static struct buyout_rules given_rules(const int count[NCARDS])
{
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)count[c];
    return r;
}

static void test_fast_uneven_shoes(void **state)
{
    (void)state;
    struct uneven_case cases[8];
    int ncases;
    uneven_cases(cases, &ncases);
    long long bad = 0, n = 0;
    for (int i = 0; i < ncases; i++) {
        struct bb_shoe shoe;
        memcpy(shoe.count, cases[i].count, sizeof shoe.count);
        const struct bb_rules br = {0};
        struct bb_frac be;
        bb_int w;
        assert_int_equal(bb_round(&shoe, &br, &be, &w), 0);
        struct buyout_rules fr = given_rules(cases[i].count);
        wide_t num, den;
        char err[256], a[48], b[48], c[48], d[48];
        if (buyout_round_ev(&fr, 1, &num, &den, err, sizeof err) != 0)
            fail_msg("buyout_round_ev, %s: %s", cases[i].what, err);
        struct bb_frac fe = bb_frac_make(num, den);
        int ok = fe.num == be.num && fe.den == be.den;
        printf("  round, %s (%d cards): brute %s/%s, fast %s/%s: %s\n", cases[i].what, bb_shoe_size(&shoe),
               bb_int_str(be.num, a), bb_int_str(be.den, b), bb_int_str(fe.num, c), bb_int_str(fe.den, d),
               ok ? "EQUAL" : "MISMATCH");
        bad += !ok;
        struct buyout_context *cx = buyout_context_new(&fr, err, sizeof err);
        if (!cx)
            fail_msg("buyout_context_new: %s", err);
        struct bb_shoe s = shoe;
        for (int pa = 0; pa < NCARDS; pa++) {
            if (!s.count[pa])
                continue;
            s.count[pa]--;
            for (int pb = pa; pb < NCARDS; pb++) {
                if (!s.count[pb])
                    continue;
                s.count[pb]--;
                for (int u = 0; u < NCARDS; u++) {
                    if (!s.count[u])
                        continue;
                    s.count[u]--;
                    for (int t = 0; t < NCARDS; t++) {
                        if (!s.count[t])
                            continue;
                        card_t p[4] = {(card_t)pa, (card_t)pb, (card_t)t, 0};
                        bad += compare_situation(cx, &shoe, 0, 0, 0, p, 3, (card_t)u);
                        n++;
                        s.count[t]--;
                        for (int e = (pa * 7 + t) % NCARDS, k = 0; k < NCARDS; k++, e = (e + 1) % NCARDS)
                            if (s.count[e]) {
                                p[3] = (card_t)e;
                                bad += compare_situation(cx, &shoe, 0, 0, 0, p, 4, (card_t)u);
                                n++;
                                break;
                            }
                        s.count[t]++;
                    }
                    s.count[u]++;
                }
                s.count[pb]++;
            }
            s.count[pa]++;
        }
        buyout_context_free(cx);
    }
    printf("  %lld situations of uneven shoes compared, %lld mismatching fields\n", n, bad);
    assert_true(bad == 0);
}

/* Chosen and random situations of full decks: 1 deck and the real 6. */
static void test_fast_sample_full_decks(void **state)
{
    (void)state;
    const char *edges6[][2] = {
        {"As As As As", "As"}, /* identical cards: 44 */
        {"As As Ks Ks", "Ah"}, {"7s 7s 7s 2d", "7s"}, {"2c 9d 5s 7h", "Kh"}, /* zero in 4 */
        {"2c 9d 5s 5d", "Kh"}, /* zero in 3, the 4th makes a pair */
        {"Kc Qc Jc Tc", "Ac"}, {"2c 3c 4d 5h", "2c"}, {"Ah Kh 2s 3d", "Qh"},
    };
    const char *edges1[][2] = {
        {"As Ad Ac Ah", "Ks"}, {"Kc Qc Jc Tc", "Ac"}, {"2c 9d 5s 7h", "Kh"},
        {"2c 9d 5s 5d", "Kh"}, {"2c 3c 4d 5h", "2d"}, {"7h 8h 2c 2d", "Ts"},
    };
    int decks[2] = {1, 6};
    long long bad = 0, n3 = 0, n4 = 0;
    double t0 = now();
    for (int di = 0; di < 2; di++) {
        int D = decks[di];
        struct bb_shoe shoe;
        bb_shoe_make(&shoe, D, 0x1fff);
        struct buyout_rules fr = fast_rules(D, 13, 0);
        char err[256];
        struct buyout_context *cx = buyout_context_new(&fr, err, sizeof err);
        if (!cx)
            fail_msg("buyout_context_new: %s", err);
        int ne = D == 6 ? (int)(sizeof edges6 / sizeof edges6[0]) : (int)(sizeof edges1 / sizeof edges1[0]);
        for (int i = 0; i < ne; i++) {
            card_t p[4];
            parse(D == 6 ? edges6[i][0] : edges1[i][0], p, 4);
            card_t u = card(D == 6 ? edges6[i][1] : edges1[i][1]);
            bad += compare_situation(cx, &shoe, D, 13, 0, p, 4, u);
            n4++;
            if (i < 1) {
                bad += compare_situation(cx, &shoe, D, 13, 0, p, 3, u);
                n3++;
            }
        }
        for (int rep = 0; rep < 50; rep++) {
            struct bb_shoe s = shoe;
            card_t c[5];
            draw(&s, c, 5);
            card_t p[4] = {c[0], c[1], c[2], c[3]};
            bad += compare_situation(cx, &shoe, D, 13, 0, p, 4, c[4]);
            n4++;
            if (rep < 2) {
                bad += compare_situation(cx, &shoe, D, 13, 0, p, 3, c[4]);
                n3++;
            }
        }
        buyout_context_free(cx);
        /* the other reading of the dealer's 5 cards */
        fr = fast_rules(D, 13, 1);
        cx = buyout_context_new(&fr, err, sizeof err);
        if (!cx)
            fail_msg("buyout_context_new: %s", err);
        for (int rep = 0; rep < 10; rep++) {
            struct bb_shoe s = shoe;
            card_t c[5];
            draw(&s, c, 5);
            card_t p[4] = {c[0], c[1], c[2], c[3]};
            bad += compare_situation(cx, &shoe, D, 13, 1, p, 4, c[4]);
            n4++;
        }
        buyout_context_free(cx);
    }
    printf("  full decks: %lld 3rd-card and %lld 4th-card situations compared (%.1f s), %lld mismatching "
           "fields\n",
           n3, n4, now() - t0, bad);
    assert_true(bad == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points_by_hand),
        cmocka_unit_test(test_points_two_ways),
        cmocka_unit_test(test_dealer_totals),
        cmocka_unit_test(test_readings_agree),
        cmocka_unit_test(test_options4_by_hand),
        cmocka_unit_test(test_options3_by_hand),
        cmocka_unit_test(test_fold_all_loses_one),
        cmocka_unit_test(test_round_single_card_shoe),
        cmocka_unit_test(test_round_vs_situations),
        cmocka_unit_test(test_buy3_is_average_of_best4),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_fast_round_ev),
        cmocka_unit_test(test_fast_every_situation_small),
        cmocka_unit_test(test_fast_uneven_shoes),
        cmocka_unit_test(test_fast_sample_full_decks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
