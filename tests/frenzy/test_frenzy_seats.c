/* test_frenzy_seats.c — Four Card Frenzy at a colluding table
 * (frenzy_seats.h) against independent checks.
 *
 *   1. One table: every seat's counts against the brute force of
 *      frenzy_brute.c, which deals each dealer hand of the cards left and
 *      ranks it with its own evaluator (7 seats: 6,188 dealer hands; 2
 *      seats: 850,668), on fixed-seed random tables.
 *   2. A run of every table size: the gain is never negative; each size's
 *      seats add up; the estimate (normal EV + mean gain) and the seats'
 *      own mean EV, two estimates with different errors, agree within 4
 *      standard errors; more seats gain more (2 against 7).
 *   3. The same sums with 1 and 3 threads as with 2.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "frenzy_brute.h"
#include "frenzy_counts.h"
#include "frenzy_rules.h"
#include "frenzy_seats.h"

static struct frenzy_counts counts;
static struct frenzy_game game;
static struct frenzy_seats run2; /* 2 threads */
enum { TABLES = 1000 };

static int setup(void **state)
{
    (void)state;
    char err[128];
    omp_set_dynamic(0);
    omp_set_num_threads(2);
    if (frenzy_preset_get(FT_ODDS_WIN, "WE-1", &game.win) || frenzy_preset_get(FT_BAD_BEAT, "BB-2", &game.bad_beat))
        return -1;
    game.copy = FRENZY_COPY_WIN;
    if (frenzy_counts_build(false, &counts, err, sizeof err) ||
        frenzy_seats_run(&game, &counts, FRENZY_SEATS_MIN, FRENZY_SEATS_MAX, TABLES, 7, false, NULL, &run2, err, sizeof err))
        return fprintf(stderr, "%s\n", err), -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    frenzy_counts_free(&counts);
    return 0;
}

static uint64_t rng = UINT64_C(0x7ab1e5eed0000001);

static int next_card(uint64_t *used)
{
    for (;;) { /* splitmix64 */
        uint64_t z = (rng += UINT64_C(0x9e3779b97f4a7c15));
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        int c = (int)((z ^ (z >> 31)) % NCARDS);
        if (!(*used >> c & 1)) {
            *used |= UINT64_C(1) << c;
            return c;
        }
    }
}

/* Seat s's counts by dealing every dealer hand of the cards not at the table. */
static void brute_seat(const card_t hands[][5], int n, int s, struct frenzy_brute_counts *out)
{
    uint64_t used = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 5; k++)
            used |= UINT64_C(1) << hands[i][k];
    card_t rest[NCARDS];
    int m = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(used >> c & 1))
            rest[m++] = (card_t)c;
    frenzy_brute_counts_among(hands[s], NULL, 0, rest, m, out);
}

static int check_table(const struct frenzy_hand_ranks *r, uint32_t *cdf, int n)
{
    card_t hands[FRENZY_SEATS_MAX][5];
    uint64_t used = 0;
    for (int s = 0; s < n; s++) {
        for (int k = 0; k < 5; k++)
            hands[s][k] = (card_t)next_card(&used);
        for (int i = 1; i < 5; i++) /* increasing */
            for (int j = i; j > 0 && hands[s][j - 1] > hands[s][j]; j--) {
                card_t x = hands[s][j];
                hands[s][j] = hands[s][j - 1], hands[s][j - 1] = x;
            }
    }
    struct frenzy_class seat[FRENZY_SEATS_MAX];
    frenzy_seats_table_counts(r, n, (const card_t(*)[5])hands, cdf, seat);
    int bad = 0;
    for (int s = 0; s < n; s++) {
        struct frenzy_brute_counts b;
        brute_seat((const card_t(*)[5])hands, n, s, &b);
        bad += seat[s].total != b.total;
        bad += seat[s].below != b.win_q + b.win_nq;
        bad += seat[s].upto != b.win_q + b.win_nq + b.copy_q + b.copy_nq;
        bad += seat[s].unqualified != b.win_nq + b.copy_nq + b.lose_nq;
    }
    return bad;
}

static void table_counts_match_brute_force(void **state)
{
    (void)state;
    struct frenzy_hand_ranks r;
    assert_int_equal(frenzy_hand_ranks_build(&r), 0);
    uint32_t *cdf = malloc(((size_t)r.nr + 1) * sizeof *cdf);
    assert_non_null(cdf);
    int bad = 0, tables = 0;
    for (int k = 0; k < 20; k++, tables++)
        bad += check_table(&r, cdf, 7);
    for (int k = 0; k < 3; k++, tables++)
        bad += check_table(&r, cdf, 2);
    printf("%d tables against the brute force, %d mismatched counts\n", tables, bad);
    free(cdf);
    frenzy_hand_ranks_free(&r);
    assert_int_equal(bad, 0);
}

static void estimates_agree(void **state)
{
    (void)state;
    assert_int_equal(run2.nrows, FRENZY_SEATS_MAX - FRENZY_SEATS_MIN + 1);
    double gain[FRENZY_SEATS_MAX + 1];
    for (int i = 0; i < run2.nrows; i++) {
        const struct frenzy_seats_row *r = &run2.rows[i];
        struct frenzy_seats_figures f;
        frenzy_seats_figures(&run2, r, &f);
        int64_t seats = 0;
        for (int a = 0; a < FRENZY_NCHOICES; a++)
            for (int b = 0; b < FRENZY_NCHOICES; b++)
                seats += r->change[a][b];
        assert_int_equal(r->tables, TABLES);
        assert_int_equal(seats, (int64_t)TABLES * r->seats);
        assert_true(r->gain >= 0);
        double z = (f.direct_ev - f.ev) / sqrt(f.direct_se * f.direct_se + f.se * f.se);
        printf("%d seats: %+.4f%% +- %.4f%%, the seats' own mean %+.3f%% +- %.3f%% (z %+.2f)\n", r->seats,
               100 * f.ev, 100 * f.se, 100 * f.direct_ev, 100 * f.direct_se, z);
        assert_true(fabs(z) < 4);
        gain[r->seats] = f.gain;
    }
    assert_true(gain[FRENZY_SEATS_MAX] > gain[FRENZY_SEATS_MIN]);
}

static void same_sums_any_thread_count(void **state)
{
    (void)state;
    static const int THREADS[] = {1, 3};
    for (size_t i = 0; i < sizeof THREADS / sizeof THREADS[0]; i++) {
        char err[128];
        struct frenzy_seats other;
        omp_set_num_threads(THREADS[i]);
        assert_int_equal(frenzy_seats_run(&game, &counts, 2, 7, TABLES, 7, false, NULL, &other, err, sizeof err), 0);
        for (int k = 0; k < run2.nrows; k++) {
            assert_true(other.rows[k].gain == run2.rows[k].gain && other.rows[k].gain_sq == run2.rows[k].gain_sq);
            assert_true(other.rows[k].ev == run2.rows[k].ev && other.rows[k].ev_sq == run2.rows[k].ev_sq);
            assert_memory_equal(other.rows[k].change, run2.rows[k].change, sizeof run2.rows[k].change);
        }
    }
    omp_set_num_threads(2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_counts_match_brute_force),
        cmocka_unit_test(estimates_agree),
        cmocka_unit_test(same_sums_any_thread_count),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
