/* test_buyout_dealer.c — the dealer tables (a shared count per upcard,
 * corrected by inclusion-exclusion for the seen cards) against a plain
 * enumeration of the dealer's cards from the shoe minus those cards; and
 * the tables weighted for the 4th card against the unweighted ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>

#include "buyout.h"
#include "buyout_dealer.h"

static int64_t choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    int64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static void sort_cards(card_t *c, int k) /* sorted, as the tables want */
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            card_t t = c[j];
            c[j] = c[j - 1], c[j - 1] = t;
        }
}

/* The dealer's outcomes by points, straight from the definition: his 3
 * more cards T from the shoe s (upcard and seen cards out), a 5th card under
 * 13 points; a standing T counts stand_weight times, or once per card left
 * where stand_weight < 0 (so every outcome weighs the same).  hist[x] for
 * x = 0..55. */
static void direct_weighted(const int s[NCARDS], card_t up, enum buyout_five_reading five, int64_t stand_weight,
                            int64_t hist[56])
{
    int N = 0;
    for (int c = 0; c < NCARDS; c++)
        N += s[c];
    if (stand_weight < 0)
        stand_weight = N - 3;
    for (int c = 0; c < NCARDS; c++)
        for (int b = 0; b <= c; b++)
            for (int a = 0; a <= b; a++) {
                int need[NCARDS] = {0};
                need[a]++, need[b]++, need[c]++;
                int64_t w = choose(s[a], need[a]);
                if (b != a)
                    w *= choose(s[b], need[b]);
                if (c != b && c != a)
                    w *= choose(s[c], need[c]);
                if (w == 0)
                    continue;
                card_t h[5] = {up, (card_t)a, (card_t)b, (card_t)c, 0};
                int p = buyout_points(h, 4);
                if (p >= 13) {
                    hist[p] += w * stand_weight;
                    continue;
                }
                for (int e = 0; e < NCARDS; e++) {
                    h[4] = (card_t)e;
                    hist[buyout_points5(h, five)] += w * (s[e] - need[e]);
                }
            }
}

static void direct(const int s[NCARDS], card_t up, enum buyout_five_reading five, int64_t hist[56])
{
    direct_weighted(s, up, five, -1, hist);
}

/* Random seen cards (k of them) for a random upcard, compared point by
 * point, under one shoe and reading. */
static void compare(int decks, int nranks, enum buyout_five_reading five, int k, unsigned seed)
{
    int count[NCARDS], lowest = NRANKS - nranks;
    for (int c = 0; c < NCARDS; c++)
        count[c] = card_rank((card_t)c) >= lowest ? decks : 0;
    srand(seed);
    card_t up;
    do
        up = (card_t)(rand() % NCARDS);
    while (!count[up]);
    struct buyout_dealer d;
    assert_int_equal(buyout_dealer_build(&d, count, up, five), 0);
    int s[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        s[c] = count[c] - (c == up);
    card_t R[4];
    for (int i = 0; i < k; i++) {
        do
            R[i] = (card_t)(rand() % NCARDS);
        while (!s[R[i]]);
        s[R[i]]--;
    }
    sort_cards(R, k);
    int64_t hist[56] = {0}, full[BUYOUT_DEALER_NCUM], run = 0;
    direct(s, up, five, hist);
    buyout_dealer_removed(&d, R, k, full);
    for (int x = 0; x < BUYOUT_DEALER_NCUM; x++) {
        assert_int_equal(full[x], run);
        if (x < 56)
            run += hist[x];
    }
    /* every outcome under 45 points, and all of them add up */
    int N = d.N0 - k;
    assert_int_equal(full[BUYOUT_DEALER_NCUM - 1], choose(N, 3) * (N - 3));
    buyout_dealer_free(&d);
}

static void six_decks(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 6; seed++)
        compare(6, NRANKS, BUYOUT_FIVE_BEST4, seed % 2 ? 3 : 4, seed);
}

static void six_decks_all_five(void **state)
{
    (void)state;
    compare(6, NRANKS, BUYOUT_FIVE_ALL, 4, 11);
}

/* Many repeats of one type: the seen cards take most copies of the
 * upcard's type (four copies seen of the six). */
static void repeated_types(void **state)
{
    (void)state;
    int count[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        count[c] = 6;
    card_t up = card_make(5, 2);
    struct buyout_dealer d;
    assert_int_equal(buyout_dealer_build(&d, count, up, BUYOUT_FIVE_BEST4), 0);
    card_t R[4] = {up, up, up, up};
    int s[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        s[c] = count[c] - (c == up) - 4 * (c == up);
    int64_t hist[56] = {0}, full[BUYOUT_DEALER_NCUM], run = 0;
    direct(s, up, BUYOUT_FIVE_BEST4, hist);
    buyout_dealer_removed(&d, R, 4, full);
    for (int x = 0; x < BUYOUT_DEALER_NCUM; x++) {
        assert_int_equal(full[x], run);
        run += hist[x];
    }
    buyout_dealer_free(&d);
}

static void reduced_shoes(void **state)
{
    (void)state;
    compare(1, NRANKS, BUYOUT_FIVE_BEST4, 4, 21);
    compare(1, 6, BUYOUT_FIVE_BEST4, 3, 22);
    compare(2, 5, BUYOUT_FIVE_ALL, 4, 23);
}

/* The weighted tables (small4, dr3w) as a buy branch reads them: for 3
 * seen cards R and a 4th card c4, the outcomes holding c4 once R left,
 * weighted as at the 4th card (a standing T n4 = N0 - 7 times), summed
 * over R's sub-multisets q joined with c4, equal the enumeration: those
 * of the shoe less R so weighted, less those of the shoe less R and c4.
 * And small4 is n4 st + dr. */
static int64_t weighted_row(const struct buyout_dealer *d, const struct buyout_dealer_sub *q, card_t c4, int v)
{
    card_t m[4];
    int k = 0;
    bool placed = false;
    for (int i = 0; i < q->k; i++) {
        if (!placed && c4 < q->q[i])
            m[k++] = c4, placed = true;
        m[k++] = q->q[i];
    }
    if (!placed)
        m[k++] = c4;
    if (k <= 2)
        return d->small4[buyout_dealer_small_index(m, k)][v];
    if (k == 3)
        return d->dr3w[buyout_dealer_idx3(m[0], m[1], m[2])][v];
    int x;
    int64_t g = buyout_dealer_exact4(d, m, &x);
    return x < v ? g : 0;
}

static void weighted_tables(int decks, unsigned seed)
{
    int count[NCARDS];
    srand(seed);
    for (int c = 0; c < NCARDS; c++)
        count[c] = decks ? decks : rand() % 7; /* decks 0: an uneven shoe */
    card_t up;
    do
        up = (card_t)(rand() % NCARDS);
    while (!count[up]);
    struct buyout_dealer *d = malloc(sizeof *d);
    assert_non_null(d);
    assert_int_equal(buyout_dealer_build(d, count, up, BUYOUT_FIVE_BEST4), 0);
    assert_int_equal(d->n4, d->N0 - 7);
    for (int i = 1; i < BUYOUT_DEALER_NSMALL; i++)
        for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
            assert_int_equal(d->small4[i][j], (int64_t)d->n4 * d->small[i].at[j].st + d->small[i].at[j].dr);
    for (int trial = 0; trial < 12; trial++) {
        int s[NCARDS];
        for (int c = 0; c < NCARDS; c++)
            s[c] = count[c] - (c == up);
        card_t R[4];
        for (int i = 0; i < 4; i++) { /* R[0..2] the 3 cards, R[3] the 4th */
            do
                R[i] = (card_t)(rand() % NCARDS);
            while (!s[R[i]]);
            s[R[i]]--;
        }
        card_t c4 = R[3], Rs[3] = {R[0], R[1], R[2]};
        sort_cards(Rs, 3);
        int64_t with[56] = {0}, without[56] = {0}, want = 0; /* s is the shoe less R and c4 */
        direct(s, up, BUYOUT_FIVE_BEST4, without);
        s[c4]++;
        direct_weighted(s, up, BUYOUT_FIVE_BEST4, d->n4, with);
        struct buyout_dealer_sub sub3[16];
        int n3 = buyout_submultisets(Rs, 3, sub3);
        for (int v = 0; v < BUYOUT_DEALER_NCUM; v++) {
            int64_t got = 0;
            for (int i = 0; i < n3; i++)
                got += sub3[i].coef * weighted_row(d, &sub3[i], c4, v);
            assert_int_equal(got, want);
            want += with[v] - without[v]; /* under v + 1 points next */
        }
    }
    buyout_dealer_free(d);
    free(d);
}

static void weighted_six_decks(void **state)
{
    (void)state;
    weighted_tables(6, 31);
    weighted_tables(6, 32);
}

static void weighted_uneven(void **state)
{
    (void)state;
    weighted_tables(0, 33);
    weighted_tables(0, 34);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(six_decks),
        cmocka_unit_test(six_decks_all_five),
        cmocka_unit_test(repeated_types),
        cmocka_unit_test(reduced_shoes),
        cmocka_unit_test(weighted_six_decks),
        cmocka_unit_test(weighted_uneven),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
