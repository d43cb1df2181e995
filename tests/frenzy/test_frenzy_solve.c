/* test_frenzy_solve.c — the Four Card Frenzy solver (frenzy_counts,
 * frenzy_solve) against facts that do not depend on how it counts:
 *   - the classes cover the 2,598,960 hands once;
 *   - every class counts C(47,5) dealer hands;
 *   - over all (player, dealer) deals, wins and losses are equal (swap the
 *     two hands) and the unqualified dealers are the unqualified hands
 *     times C(47,5);
 *   - the same counts and totals for 1, 2 and 3 threads (the incidence
 *     sort cuts the classes into a part per thread);
 *   - pricing: fold = -2, a Raise linear in its size, legal best choices;
 *   - the side bets against frequencies derived in closed form below.
 * (The exact counts of single hands are checked against a brute force in
 * test_frenzy_brute, written apart.)  Runs in a few seconds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "combo.h"
#include "eval4.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"
#include "frenzy_strategy.h"

#ifndef FOURCARD_TEST_DATA
#define FOURCARD_TEST_DATA "tests/data"
#endif
#define EXAMPLE_PAYTABLE FOURCARD_TEST_DATA "/../../strategies/example-frenzy-paytable.ini"

/* Built once: the counts with two threads and with one. */
static struct frenzy_counts two, one;

static int setup(void **state)
{
    (void)state;
    char err[128];
    omp_set_num_threads(2);
    if (frenzy_counts_build(false, &two, err, sizeof err) != 0)
        return -1;
    omp_set_num_threads(1);
    int rc = frenzy_counts_build(false, &one, err, sizeof err);
    omp_set_num_threads(2);
    return rc;
}

static void test_same_counts_for_three_threads(void **state)
{
    (void)state;
    struct frenzy_counts three;
    char err[128];
    omp_set_num_threads(3);
    int rc = frenzy_counts_build(false, &three, err, sizeof err);
    omp_set_num_threads(2);
    assert_int_equal(rc, 0);
    assert_int_equal(three.n, two.n);
    assert_memory_equal(three.classes, two.classes, (size_t)two.n * sizeof *two.classes);
    frenzy_counts_free(&three);
}

static int teardown(void **state)
{
    (void)state;
    frenzy_counts_free(&two);
    frenzy_counts_free(&one);
    return 0;
}

static struct frenzy_table preset(enum frenzy_table_kind kind, const char *name)
{
    struct frenzy_table t;
    if (frenzy_preset_get(kind, name, &t) != 0)
        fail_msg("preset %s not found", name);
    return t;
}

static struct frenzy_game game(const char *win, const char *bad_beat, enum frenzy_copy copy)
{
    return (struct frenzy_game){preset(FT_ODDS_WIN, win), preset(FT_BAD_BEAT, bad_beat), copy};
}

static int64_t dealer_hands(void) { return (int64_t)binomial(47, 5); }

/* ------------------------------------------------------------------ */
/* Counts                                                              */
/* ------------------------------------------------------------------ */

static void test_classes_cover_every_hand(void **state)
{
    (void)state;
    assert_int_equal(two.n, FRENZY_CLASSES);
    assert_int_equal(FRENZY_HANDS, (int64_t)binomial(52, 5));
    assert_int_equal(FRENZY_DEALER_HANDS, dealer_hands());
    int64_t w = 0;
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        assert_true(c->weight >= 1 && c->weight <= 24 && 24 % c->weight == 0);
        for (int k = 1; k < 5; k++)
            assert_true(c->cards[k - 1] < c->cards[k]);
        assert_int_equal(c->rank, frenzy_best_rank(c->cards));
        w += c->weight;
    }
    assert_int_equal(w, FRENZY_HANDS);
}

static void test_every_class_counts_all_dealer_hands(void **state)
{
    (void)state;
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        if (c->total != dealer_hands())
            fail_msg("class %ld counts %u dealer hands", i, c->total);
        assert_true(c->below <= c->upto && c->upto <= c->total);
        assert_true(c->unqualified <= c->total);
        /* the dealer is at or below a player below the qualifier... */
        if (c->rank < FRENZY_QUALIFY_RANK)
            assert_true(c->unqualified >= c->upto);
        /* ...and a qualified player beats every unqualified dealer */
        else
            assert_true(c->below >= c->unqualified);
    }
}

/* Over all deals, swapping the player's and the dealer's hands turns a
 * win into a loss: the two totals are equal. */
static void test_wins_equal_losses(void **state)
{
    (void)state;
    wide_t wins = 0, losses = 0;
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        wins += (wide_t)c->weight * c->below;
        losses += (wide_t)c->weight * (c->total - c->upto);
    }
    assert_true(wins == losses);
    assert_true(wins > 0);
}

/* Each unqualified dealer hand meets C(47,5) player hands. */
static void test_unqualified_dealers(void **state)
{
    (void)state;
    wide_t deals = 0;
    int64_t unqualified_hands = 0;
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        deals += (wide_t)c->weight * c->unqualified;
        if (c->rank < FRENZY_QUALIFY_RANK)
            unqualified_hands += c->weight;
    }
    assert_true(unqualified_hands > 0);
    assert_true(deals == (wide_t)unqualified_hands * dealer_hands());
}

/* Quad Aces meet no equal and no better hand. */
static void test_quad_aces_never_lose(void **state)
{
    (void)state;
    int seen = 0;
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        if (frenzy_odds_row(c->rank) == FO_QUAD_ACES) {
            assert_int_equal(c->below, c->total);
            seen += c->weight;
        }
    }
    assert_int_equal(seen, 48);
}

static void test_same_counts_for_any_thread_count(void **state)
{
    (void)state;
    assert_int_equal(one.n, two.n);
    assert_memory_equal(one.classes, two.classes, (size_t)two.n * sizeof *two.classes);
    struct frenzy_game g = game("WE-1", "BB-1", FRENZY_COPY_WIN);
    struct frenzy_totals a, b;
    omp_set_num_threads(1);
    frenzy_price(&g, &two, &a);
    omp_set_num_threads(2);
    frenzy_price(&g, &two, &b);
    assert_memory_equal(&a, &b, sizeof a);
}

/* ------------------------------------------------------------------ */
/* Pricing and decisions                                               */
/* ------------------------------------------------------------------ */

static void test_fold_linear_raise_legal_choice(void **state)
{
    (void)state;
    struct frenzy_game g = game("WE-1", "BB-3", FRENZY_COPY_WIN);
    int64_t den = frenzy_game_den(&g);
    assert_int_equal(den, 2);
    for (long i = 0; i < two.n; i++) {
        const struct frenzy_class *c = &two.classes[i];
        struct frenzy_decision d;
        frenzy_decide(&g, den, c, &d);
        assert_true(d.ev[FRENZY_FOLD] == -(wide_t)2 * FRENZY_DEALER_HANDS * den);
        for (int r = 1; r <= 3; r++)
            assert_true(d.ev[r] == d.ante + d.odds + r * d.raise_unit);
        assert_int_equal(d.max_raise, c->rank >= ((uint32_t)F4_PAIR << 16 | (uint32_t)RANK_ACE << 12) ? 3 : 1);
        assert_true((int)d.choice <= d.max_raise);
        for (int r = 0; r <= d.max_raise; r++)
            assert_true(d.ev[d.choice] >= d.ev[r]);
    }
}

static void test_max_raise_threshold(void **state)
{
    (void)state;
    card_t c[5];
    char err[64];
    cards_parse_exact("Ac Ad 2h 5s 9c", c, 5, err, sizeof err);
    assert_int_equal(frenzy_max_raise(frenzy_best_rank(c)), 3);
    cards_parse_exact("Kc Kd Ah Qs 9c", c, 5, err, sizeof err);
    assert_int_equal(frenzy_max_raise(frenzy_best_rank(c)), 1);
    cards_parse_exact("2c 2d 3h 3s 9c", c, 5, err, sizeof err); /* two pair is above a pair of Aces */
    assert_int_equal(frenzy_max_raise(frenzy_best_rank(c)), 3);
}

static void test_totals_add_up(void **state)
{
    (void)state;
    struct frenzy_game g = game("WE-1", "BB-2", FRENZY_COPY_WIN);
    struct frenzy_totals t;
    frenzy_price(&g, &two, &t);
    int64_t hands = 0;
    for (int r = 0; r < FRENZY_NCHOICES; r++)
        hands += t.choice[r];
    assert_int_equal(hands, FRENZY_HANDS);
    /* EV is linear in the Raise, so 2x is never strictly best */
    assert_int_equal(t.choice[FRENZY_RAISE2], 0);
    assert_int_equal(t.raise_units, t.choice[1] + 2 * t.choice[2] + 3 * t.choice[3]);
    assert_true(t.ev == t.ante + t.odds + t.raise);
    /* folding everything would lose 2 a hand: the best play does better */
    assert_true(t.ev > -(wide_t)2 * FRENZY_HANDS * FRENZY_DEALER_HANDS * frenzy_game_den(&g));
    assert_true(t.choice[FRENZY_FOLD] > 0 && t.choice[FRENZY_RAISE1] > 0 && t.choice[FRENZY_RAISE3] > 0);
}

/* Pushing copies takes the copies' wins from the Ante and Raise and
 * leaves the Odds alone. */
static void test_copy_push_costs_the_player(void **state)
{
    (void)state;
    struct frenzy_game win = game("WE-1", "BB-2", FRENZY_COPY_WIN), push = game("WE-1", "BB-2", FRENZY_COPY_PUSH);
    int64_t den = frenzy_game_den(&win);
    int differ = 0;
    for (long i = 0; i < two.n; i++) {
        struct frenzy_decision a, b;
        frenzy_decide(&win, den, &two.classes[i], &a);
        frenzy_decide(&push, den, &two.classes[i], &b);
        assert_true(b.odds == a.odds);
        assert_true(b.ante <= a.ante && b.raise_unit <= a.raise_unit);
        differ += b.raise_unit < a.raise_unit;
    }
    assert_true(differ > 0);
    struct frenzy_totals ta, tb;
    frenzy_price(&win, &two, &ta);
    frenzy_price(&push, &two, &tb);
    assert_true(tb.ev < ta.ev);
}

/* A bigger Bad Beat table never lowers the EV. */
static void test_bad_beat_tables_in_order(void **state)
{
    (void)state;
    static const char *const bb[] = {"BB-1", "BB-2", "BB-3", "BB-4", "BB-4b"};
    wide_t prev_num = 0, prev_den = 1;
    for (int i = 0; i < 5; i++) {
        struct frenzy_game g = game("WE-1", bb[i], FRENZY_COPY_WIN);
        struct frenzy_totals t;
        frenzy_price(&g, &two, &t);
        wide_t den = frenzy_game_den(&g);
        if (i > 0)
            assert_true(t.ev * prev_den > prev_num * den);
        prev_num = t.ev;
        prev_den = den;
    }
}

/* ------------------------------------------------------------------ */
/* Side bets: closed forms                                             */
/* ------------------------------------------------------------------ */

static int64_t C(int n, int k) { return (int64_t)binomial(n, k); }

/* Player hands by Four Card Bonus row, counted by hand:
 * - quads: a rank's four cards and any of 48 others;
 * - 4-card straight flushes: one of 11 rank runs (A-2-3-4 .. J-Q-K-A) in
 *   one of 4 suits plus one of 48 cards; a hand with two runs holds five
 *   suited cards in sequence, one of 10 per suit, counted twice; the
 *   Royal is the run J-Q-K-A, whatever the fifth card (nothing beats it);
 * - trips: three of a rank and two cards of other ranks (a full house
 *   plays trips);
 * - flushes: four or five cards of a suit, less the straight flushes;
 * - straights: five distinct ranks holding a run (11 runs x 9 fifth ranks
 *   less the 10 five-rank runs counted twice) in 4^5 suitings less the
 *   64 with four of one suit; or a run with one rank paired (4 choices),
 *   6 x 4^3 suitings less the 12 with four of one suit;
 * - two pair: two ranks of 2, one card of a third rank;
 * - a pair of rank R: 6 suitings of the pair, 3 other ranks in 4^3
 *   suitings, less the 12 x C(12,3) with four of one suit (a flush) and
 *   the straights through R (runs holding R, 372 suitings each). */
static void bonus_frequencies(int64_t f[FB_NROWS])
{
    memset(f, 0, FB_NROWS * sizeof *f);
    int64_t sf_all = 4 * (11 * 48 - 10);
    f[FB_QUAD_ACES] = 48;
    f[FB_QUADS] = 12 * 48;
    f[FB_ROYAL] = 4 * 48;
    f[FB_STRAIGHT_FLUSH] = sf_all - f[FB_ROYAL];
    f[FB_TRIP_ACES] = 4 * C(48, 2);
    f[FB_TRIPS] = 12 * 4 * C(48, 2);
    f[FB_FLUSH] = 4 * (C(13, 4) * 39 + C(13, 5)) - sf_all;
    f[FB_STRAIGHT] = (11 * 9 - 10) * (1024 - 64) + 11 * 4 * (6 * 64 - 12);
    f[FB_TWO_PAIR] = C(13, 2) * 6 * 6 * 44;
    const int runs_through[3] = {3, 2, 2}; /* Queen, King, Ace */
    for (int i = 0; i < 3; i++)
        f[FB_PAIR_QA] += 6 * C(12, 3) * 64 - 12 * C(12, 3) - runs_through[i] * (6 * 64 - 12);
    int64_t paid = 0;
    for (int row = 1; row < FB_NROWS; row++)
        paid += f[row];
    f[FB_LOSS] = FRENZY_HANDS - paid;
}

/* Five of one colour: 2 x C(26,5); four: 2 x C(26,4) x 26. */
static void prime_frequencies(int64_t f[FP_NROWS])
{
    f[FP_FIVE] = 2 * C(26, 5);
    f[FP_FOUR] = 2 * C(26, 4) * 26;
    f[FP_LOSS] = FRENZY_HANDS - f[FP_FIVE] - f[FP_FOUR];
}

static void check_side_result(const struct frenzy_table *t, const struct frenzy_side_result *s, const int64_t *want)
{
    wide_t ev = 0;
    for (int row = 0; row < frenzy_table_nrows(t->kind); row++) {
        if (s->freq[row] != want[row])
            fail_msg("%s %s: %lld hands, the closed form says %lld", t->name, frenzy_row_name(t->kind, row),
                     (long long)s->freq[row], (long long)want[row]);
        ev += (wide_t)want[row] * t->pay[row];
    }
    assert_true(s->ev == ev);
    assert_true(s->ev < 0); /* every published side bet favours the house */
}

static void check_side_bet(const struct frenzy_table *t, const int64_t *want)
{
    struct frenzy_side_result s;
    frenzy_side_bet(t, &two, &s);
    check_side_result(t, &s, want);
}

static void test_side_bets_closed_form(void **state)
{
    (void)state;
    int64_t fb[FB_NROWS], fp[FP_NROWS];
    bonus_frequencies(fb);
    prime_frequencies(fp);
    for (int i = 0; i < frenzy_preset_count(FT_BONUS); i++) {
        struct frenzy_table t = preset(FT_BONUS, frenzy_preset_name(FT_BONUS, i));
        check_side_bet(&t, fb);
    }
    for (int i = 0; i < frenzy_preset_count(FT_PRIME); i++) {
        struct frenzy_table t = preset(FT_PRIME, frenzy_preset_name(FT_PRIME, i));
        check_side_bet(&t, fp);
    }
    /* every preset in one call, the kinds interleaved: each kind's rows
     * tallied once and reused by its later tables */
    struct frenzy_table all[64];
    int n = 0;
    assert_true(frenzy_preset_count(FT_BONUS) + frenzy_preset_count(FT_PRIME) <= 64); /* room for every one */
    for (int i = 0; i < frenzy_preset_count(FT_BONUS) || i < frenzy_preset_count(FT_PRIME); i++)
        for (int k = FT_BONUS; k <= FT_PRIME; k++)
            if (i < frenzy_preset_count(k))
                all[n++] = preset(k, frenzy_preset_name(k, i));
    struct frenzy_side_result res[64];
    frenzy_side_bet_tables(all, n, &two, res);
    for (int j = 0; j < n; j++)
        check_side_result(&all[j], &res[j], all[j].kind == FT_BONUS ? fb : fp);
}

/* ------------------------------------------------------------------ */
/* The whole solve and the strategy file                               */
/* ------------------------------------------------------------------ */

static void test_solve_many_tables(void **state)
{
    (void)state;
    static const char *const bb[] = {"BB-1", "BB-4b"};
    struct frenzy_game games[2];
    for (int i = 0; i < 2; i++)
        games[i] = game("WE-1", bb[i], FRENZY_COPY_WIN);
    struct frenzy_table sides[2] = {preset(FT_BONUS, "FC-10"), preset(FT_PRIME, "Prime-1")};
    struct frenzy_result res[2];
    struct frenzy_side_result sres[2];
    struct frenzy_solve_options o = {.threads = 2, .bind = BIND_NONE};
    char err[128];
    assert_int_equal(frenzy_solve(games, 2, sides, 2, &o, res, sres, err, sizeof err), 0);
    for (int i = 0; i < 2; i++) {
        struct frenzy_totals t;
        frenzy_price(&games[i], &two, &t);
        assert_memory_equal(&res[i].tot, &t, sizeof t);
        assert_int_equal(res[i].den, frenzy_game_den(&games[i]));
        struct frenzy_side_result s;
        frenzy_side_bet(&sides[i], &two, &s);
        assert_true(sres[i].ev == s.ev);
    }
    /* the example file's FC-13 and Prime-3 are FC-10 and Prime-1 */
    struct frenzy_paytable pt;
    assert_int_equal(frenzy_paytable_load(EXAMPLE_PAYTABLE, &pt, err, sizeof err), 0);
    for (int i = 0; i < pt.ntables; i++) {
        if (pt.tables[i].kind < FT_BONUS)
            continue;
        struct frenzy_side_result s;
        frenzy_side_bet(&pt.tables[i], &two, &s);
        const struct frenzy_side_result *same = &sres[pt.tables[i].kind == FT_BONUS ? 0 : 1];
        assert_true(s.ev * same->table.den == same->ev * pt.tables[i].den);
    }
}

static int count_lines(const char *path, char *first, size_t len, int64_t *weights)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    int n = 0;
    *weights = 0;
    while (fgets(line, sizeof line, f)) {
        if (n == 0)
            snprintf(first, len, "%s", line);
        else
            *weights += strtol(strchr(line, ',') + 1, NULL, 10);
        n++;
    }
    fclose(f);
    return n;
}

static void test_strategy_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_frenzy_solve.XXXXXX", path[256], header[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/strategy.csv", dir);
    struct frenzy_game g = game("WE-1", "BB-2", FRENZY_COPY_WIN);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    frenzy_strategy_write(f, &g, &two);
    assert_int_equal(fclose(f), 0);
    int64_t weights;
    assert_int_equal(count_lines(path, header, sizeof header, &weights), FRENZY_CLASSES + 1);
    assert_string_equal(header, "cards,weight,best4,hand,decision,ev_fold,ev_raise1,ev_raise2,ev_raise3,"
                                "dealer_lower,dealer_copy,dealer_higher,dealer_unqualified\n");
    assert_int_equal(weights, FRENZY_HANDS);
    unlink(path);
    assert_int_equal(rmdir(dir), 0); /* empty: no temporary file left */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classes_cover_every_hand),
        cmocka_unit_test(test_every_class_counts_all_dealer_hands),
        cmocka_unit_test(test_wins_equal_losses),
        cmocka_unit_test(test_unqualified_dealers),
        cmocka_unit_test(test_quad_aces_never_lose),
        cmocka_unit_test(test_same_counts_for_any_thread_count),
        cmocka_unit_test(test_same_counts_for_three_threads),
        cmocka_unit_test(test_fold_linear_raise_legal_choice),
        cmocka_unit_test(test_max_raise_threshold),
        cmocka_unit_test(test_totals_add_up),
        cmocka_unit_test(test_copy_push_costs_the_player),
        cmocka_unit_test(test_bad_beat_tables_in_order),
        cmocka_unit_test(test_side_bets_closed_form),
        cmocka_unit_test(test_solve_many_tables),
        cmocka_unit_test(test_strategy_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
