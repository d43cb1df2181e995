/* test_frenzy_rules.c — the Four Card Frenzy tables and the paytable file
 * loader (solver/frenzy/frenzy_rules.c).
 *
 * The presets are checked three ways: names and order from the header's
 * promise, structural facts that follow from the rules
 * (/work/shared/games/four-card-frenzy.md), and spot values read off the
 * seed text (/work/shared/seeds/four-card-frenzy.txt) as this file's own
 * literals.  The rows are checked on hands written out by hand.  The
 * loader is checked on small files in tests/data/frenzy: the faulty line
 * of each bad file carries the marker "<- error" (or "v error below" on
 * the line above it), so the expected line number is read from the file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paytable_checks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval4.h"
#include "frenzy_rules.h"

#ifndef FOURCARD_TEST_DATA
#define FOURCARD_TEST_DATA "tests/data"
#endif
#define FRENZY_DATA FOURCARD_TEST_DATA "/frenzy"
#define EXAMPLE_PAYTABLE FOURCARD_TEST_DATA "/../../strategies/example-frenzy-paytable.ini"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static struct frenzy_table preset(enum frenzy_table_kind kind, const char *name)
{
    struct frenzy_table t;
    if (frenzy_preset_get(kind, name, &t) != 0)
        fail_msg("preset %s not found", name);
    return t;
}

/* A payout "to 1" as the table holds it: num/den of a unit. */
static void assert_pays(const struct frenzy_table *t, int row, int64_t num, int64_t den)
{
    if (t->pay[row] * den != num * t->den)
        fail_msg("%s row %s: holds %lld/%lld, expected %lld/%lld", t->name, frenzy_row_name(t->kind, row),
                 (long long)t->pay[row], (long long)t->den, (long long)num, (long long)den);
}

static uint32_t rank_of(const char *text)
{
    card_t c[5];
    char err[128];
    if (cards_parse_exact(text, c, 5, err, sizeof err) != 0)
        fail_msg("%s: %s", text, err);
    return frenzy_best_rank(c);
}

static int prime_of(const char *text)
{
    card_t c[5];
    char err[128];
    if (cards_parse_exact(text, c, 5, err, sizeof err) != 0)
        fail_msg("%s: %s", text, err);
    return frenzy_prime_row(c);
}

static void load_ok(const char *path, struct frenzy_paytable *out)
{
    char err[600] = "";
    if (frenzy_paytable_load(path, out, err, sizeof err) != 0)
        fail_msg("%s should load: %s", path, err);
}

static const struct frenzy_table *table_of(const struct frenzy_paytable *pt, enum frenzy_table_kind kind)
{
    for (int i = 0; i < pt->ntables; i++)
        if (pt->tables[i].kind == kind)
            return &pt->tables[i];
    return NULL;
}

/* Same payouts (as rationals), whatever the names and denominators. */
static void assert_same_pays(const struct frenzy_table *a, const struct frenzy_table *b)
{
    assert_int_equal(a->kind, b->kind);
    for (int row = 0; row < frenzy_table_nrows(a->kind); row++)
        if (a->pay[row] * b->den != b->pay[row] * a->den)
            fail_msg("%s and %s differ on %s", a->name, b->name, frenzy_row_name(a->kind, row));
}


/* ------------------------------------------------------------------ */
/* Presets                                                             */
/* ------------------------------------------------------------------ */

static void test_preset_names_in_order(void **state)
{
    (void)state;
    static const char *const win[] = {"WE-1"};
    static const char *const bb[] = {"BB-1", "BB-2", "BB-3", "BB-4", "BB-4b"};
    static const char *const prime[] = {"Prime-1", "Prime-2"};
    assert_int_equal(frenzy_preset_count(FT_ODDS_WIN), 1);
    assert_int_equal(frenzy_preset_count(FT_BAD_BEAT), 5);
    assert_int_equal(frenzy_preset_count(FT_BONUS), 12);
    assert_int_equal(frenzy_preset_count(FT_PRIME), 2);
    assert_string_equal(frenzy_preset_name(FT_ODDS_WIN, 0), win[0]);
    for (int i = 0; i < 5; i++)
        assert_string_equal(frenzy_preset_name(FT_BAD_BEAT, i), bb[i]);
    for (int i = 0; i < 12; i++) {
        char want[8];
        snprintf(want, sizeof want, "FC-%d", i + 1);
        assert_string_equal(frenzy_preset_name(FT_BONUS, i), want);
    }
    for (int i = 0; i < 2; i++)
        assert_string_equal(frenzy_preset_name(FT_PRIME, i), prime[i]);
    assert_null(frenzy_preset_name(FT_PRIME, 2));
    struct frenzy_table t;
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, "WE-1", &t), -1); /* a name of another kind */
    assert_int_equal(frenzy_preset_get(FT_BONUS, "FC-13", &t), -1);  /* the operator's column */
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, "bb-1", &t), -1); /* names are exact */
    assert_int_equal(frenzy_preset_get(FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &t), 0);
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, &t), 0);
}

/* Every preset: its name and kind, a positive den, losing rows at -den,
 * impossible rows at 0, and a better hand never paid less. */
static void test_presets_follow_the_rules(void **state)
{
    (void)state;
    for (int kind = 0; kind < FT_NKINDS; kind++)
        for (int i = 0; i < frenzy_preset_count(kind); i++) {
            struct frenzy_table t = preset(kind, frenzy_preset_name(kind, i));
            assert_string_equal(t.name, frenzy_preset_name(kind, i));
            assert_int_equal(t.kind, kind);
            assert_true(t.den >= 1);
            int first_paying = 1;
            if (kind == FT_ODDS_WIN)
                assert_int_equal(t.pay[FO_LOW], 0); /* push */
            if (kind == FT_BAD_BEAT) {
                assert_int_equal(t.pay[FO_LOW], -t.den); /* loss */
                assert_int_equal(t.pay[FO_QUAD_ACES], 0); /* never used */
                assert_false(frenzy_row_exists(FT_BAD_BEAT, FO_QUAD_ACES));
            }
            if (kind == FT_BONUS)
                assert_int_equal(t.pay[FB_LOSS], -t.den);
            if (kind == FT_PRIME)
                assert_int_equal(t.pay[FP_LOSS], -t.den);
            int last = frenzy_table_nrows(kind) - (kind == FT_BAD_BEAT ? 2 : 1);
            for (int row = first_paying; row <= last; row++) {
                assert_true(t.pay[row] > 0);
                /* the Four Card Bonus rows are in Frenzy order, but a
                 * Royal may out-pay four of a kind (FC-9 .. FC-12) */
                if (row > first_paying && !(kind == FT_BONUS && row == FB_QUADS))
                    assert_true(t.pay[row] >= t.pay[row - 1]);
            }
        }
}

struct spot {
    enum frenzy_table_kind kind;
    const char *table;
    int row;
    int64_t num, den; /* the seed's figure */
};

static const struct spot spots[] = {
    {FT_ODDS_WIN, "WE-1", FO_QUAD_ACES, 200, 1},
    {FT_ODDS_WIN, "WE-1", FO_QUADS, 30, 1},
    {FT_ODDS_WIN, "WE-1", FO_FLUSH, 3, 2},
    {FT_ODDS_WIN, "WE-1", FO_STRAIGHT, 1, 1},
    {FT_BAD_BEAT, "BB-1", FO_FLUSH, 3, 2},
    {FT_BAD_BEAT, "BB-1", FO_STRAIGHT_FLUSH, 15, 1},
    {FT_BAD_BEAT, "BB-2", FO_QUADS, 100, 1},
    {FT_BAD_BEAT, "BB-2", FO_STRAIGHT_FLUSH, 30, 1},
    {FT_BAD_BEAT, "BB-3", FO_QUADS, 500, 1},
    {FT_BAD_BEAT, "BB-3", FO_TRIPS, 4, 1},
    {FT_BAD_BEAT, "BB-4", FO_TRIPS, 5, 1},
    {FT_BAD_BEAT, "BB-4", FO_STRAIGHT, 2, 1},
    {FT_BAD_BEAT, "BB-4b", FO_STRAIGHT, 3, 1},
    {FT_BAD_BEAT, "BB-4b", FO_FLUSH, 4, 1},
    {FT_BONUS, "FC-1", FB_TRIP_ACES, 9, 1},
    {FT_BONUS, "FC-1", FB_ROYAL, 30, 1},
    {FT_BONUS, "FC-2", FB_STRAIGHT_FLUSH, 40, 1},
    {FT_BONUS, "FC-4", FB_TRIPS, 7, 1},
    {FT_BONUS, "FC-5", FB_QUAD_ACES, 200, 1},
    {FT_BONUS, "FC-5", FB_QUADS, 100, 1},
    {FT_BONUS, "FC-6", FB_ROYAL, 50, 1},
    {FT_BONUS, "FC-8", FB_TRIPS, 5, 1},
    {FT_BONUS, "FC-9", FB_ROYAL, 100, 1},
    {FT_BONUS, "FC-9", FB_QUADS, 50, 1},
    {FT_BONUS, "FC-10", FB_TRIPS, 7, 1},
    {FT_BONUS, "FC-12", FB_TRIP_ACES, 20, 1},
    {FT_BONUS, "FC-12", FB_PAIR_QA, 1, 1},
    {FT_BONUS, "FC-7", FB_FLUSH, 4, 1},
    {FT_BONUS, "FC-3", FB_STRAIGHT, 3, 1},
    {FT_BONUS, "FC-11", FB_TWO_PAIR, 2, 1},
    {FT_PRIME, "Prime-1", FP_FIVE, 6, 1},
    {FT_PRIME, "Prime-1", FP_FOUR, 1, 1},
    {FT_PRIME, "Prime-2", FP_FIVE, 5, 1},
};

static void test_preset_spot_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        struct frenzy_table t = preset(spots[i].kind, spots[i].table);
        assert_pays(&t, spots[i].row, spots[i].num, spots[i].den);
    }
    /* the one table with a half: den 2 */
    assert_int_equal(preset(FT_ODDS_WIN, "WE-1").den, 2);
    assert_int_equal(preset(FT_BAD_BEAT, "BB-2").den, 1);
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

static void test_odds_rows(void **state)
{
    (void)state;
    assert_int_equal(frenzy_odds_row(rank_of("Ac Ad Ah As 2c")), FO_QUAD_ACES);
    assert_int_equal(frenzy_odds_row(rank_of("Kc Kd Kh Ks Ac")), FO_QUADS);
    assert_int_equal(frenzy_odds_row(rank_of("Jh Qh Kh Ah 2c")), FO_STRAIGHT_FLUSH);
    assert_int_equal(frenzy_odds_row(rank_of("Ah 2h 3h 4h 9c")), FO_STRAIGHT_FLUSH);
    assert_int_equal(frenzy_odds_row(rank_of("5c 5d 5h Ks Kc")), FO_TRIPS); /* a full house plays trips */
    assert_int_equal(frenzy_odds_row(rank_of("2s 7s 9s Js 3d")), FO_FLUSH);
    assert_int_equal(frenzy_odds_row(rank_of("Ac 2d 3h 4s 9c")), FO_STRAIGHT);
    assert_int_equal(frenzy_odds_row(rank_of("Qc Kd Ah 2s 9c")), FO_LOW); /* no wrap-around */
    assert_int_equal(frenzy_odds_row(rank_of("Ac Ad Kh Ks 2c")), FO_LOW);
    assert_int_equal(frenzy_odds_row(rank_of("2c 5d 7h 9s Jc")), FO_LOW);
}

static void test_bonus_rows(void **state)
{
    (void)state;
    assert_int_equal(frenzy_bonus_row(rank_of("Ac Ad Ah As 2c")), FB_QUAD_ACES);
    assert_int_equal(frenzy_bonus_row(rank_of("2c 2d 2h 2s Ac")), FB_QUADS);
    assert_int_equal(frenzy_bonus_row(rank_of("Jh Qh Kh Ah 2c")), FB_ROYAL);
    assert_int_equal(frenzy_bonus_row(rank_of("Th Jh Qh Kh Ah")), FB_ROYAL); /* the best four */
    assert_int_equal(frenzy_bonus_row(rank_of("Th Jh Qh Kh 2c")), FB_STRAIGHT_FLUSH);
    assert_int_equal(frenzy_bonus_row(rank_of("Ac Ad Ah 2s 3c")), FB_TRIP_ACES);
    assert_int_equal(frenzy_bonus_row(rank_of("Kc Kd Kh 2s 3c")), FB_TRIPS);
    assert_int_equal(frenzy_bonus_row(rank_of("2s 7s 9s Js 3d")), FB_FLUSH);
    assert_int_equal(frenzy_bonus_row(rank_of("9c Td Jh Qs 2c")), FB_STRAIGHT);
    assert_int_equal(frenzy_bonus_row(rank_of("2c 2d 3h 3s 4c")), FB_TWO_PAIR);
    assert_int_equal(frenzy_bonus_row(rank_of("Qc Qd 3h 5s 8c")), FB_PAIR_QA);
    assert_int_equal(frenzy_bonus_row(rank_of("Ac Ad 3h 5s 8c")), FB_PAIR_QA);
    assert_int_equal(frenzy_bonus_row(rank_of("Jc Jd 3h 5s 8c")), FB_LOSS);
    assert_int_equal(frenzy_bonus_row(rank_of("Ac Kd 3h 5s 8c")), FB_LOSS);
}

static void test_prime_rows(void **state)
{
    (void)state;
    assert_int_equal(prime_of("2c 5s 9c Js Ac"), FP_FIVE); /* all black */
    assert_int_equal(prime_of("2d 5h 9d Jh Ad"), FP_FIVE); /* all red */
    assert_int_equal(prime_of("2d 5h 9d Jh As"), FP_FOUR);
    assert_int_equal(prime_of("2c 5s 9c Js Ah"), FP_FOUR);
    assert_int_equal(prime_of("2c 5s 9c Jh Ad"), FP_LOSS);
    assert_int_equal(prime_of("2c 5s 9h Jh Ad"), FP_LOSS);
}

static void test_max_rows_and_names(void **state)
{
    (void)state;
    assert_int_equal(frenzy_table_nrows(FT_ODDS_WIN), FO_NROWS);
    assert_int_equal(frenzy_table_nrows(FT_BONUS), FB_NROWS);
    assert_int_equal(frenzy_table_nrows(FT_PRIME), FP_NROWS);
    assert_true((int)FB_NROWS <= (int)FRENZY_MAXROWS);
    assert_string_equal(frenzy_row_name(FT_ODDS_WIN, FO_QUAD_ACES), "Quad Aces");
    assert_string_equal(frenzy_row_name(FT_BONUS, FB_ROYAL), "Royal");
    assert_string_equal(frenzy_row_name(FT_PRIME, 7), "?");
}

/* ------------------------------------------------------------------ */
/* Loading good files                                                  */
/* ------------------------------------------------------------------ */

/* The example holds the layout's tables: WE-1, BB-2 but SF 50, FC-10,
 * Prime-1; they take the names of the seed's operator columns. */
static void test_example_is_the_layout(void **state)
{
    (void)state;
    struct frenzy_paytable pt;
    load_ok(EXAMPLE_PAYTABLE, &pt);
    assert_string_equal(pt.name, "layout-2015");
    assert_int_equal(pt.ntables, 4);
    const struct frenzy_table *win = table_of(&pt, FT_ODDS_WIN), *bb = table_of(&pt, FT_BAD_BEAT);
    const struct frenzy_table *fc = table_of(&pt, FT_BONUS), *prime = table_of(&pt, FT_PRIME);
    assert_non_null(win), assert_non_null(bb), assert_non_null(fc), assert_non_null(prime);
    assert_string_equal(win->name, "WE-2");
    assert_string_equal(bb->name, "BB-5");
    assert_string_equal(fc->name, "FC-13");
    assert_string_equal(prime->name, "Prime-3");
    struct frenzy_table we1 = preset(FT_ODDS_WIN, "WE-1"), fc10 = preset(FT_BONUS, "FC-10"),
                        p1 = preset(FT_PRIME, "Prime-1"), bb2 = preset(FT_BAD_BEAT, "BB-2");
    assert_same_pays(win, &we1);
    assert_same_pays(fc, &fc10);
    assert_same_pays(prime, &p1);
    bb2.pay[FO_STRAIGHT_FLUSH] = 50 * bb2.den;
    assert_same_pays(bb, &bb2);
}

/* BOM, CRLF, indentation, comments, letter case and ':' change nothing. */
static void test_layout_variations(void **state)
{
    (void)state;
    struct frenzy_paytable a, b;
    load_ok(FRENZY_DATA "/good-layout.ini", &a);
    load_ok(EXAMPLE_PAYTABLE, &b);
    assert_string_equal(a.name, "test-table");
    assert_int_equal(a.ntables, 4);
    for (int i = 0; i < 4; i++) {
        assert_string_equal(a.tables[i].name, b.tables[i].name);
        assert_int_equal(a.tables[i].den, b.tables[i].den);
        assert_memory_equal(a.tables[i].pay, b.tables[i].pay, sizeof a.tables[i].pay);
    }
}

/* 0.25 and 2.1: den = lcm(4, 10) = 20; push and loss in any case. */
static void test_fractions_and_words(void **state)
{
    (void)state;
    struct frenzy_paytable pt;
    load_ok(FRENZY_DATA "/good-fractions.ini", &pt);
    assert_int_equal(pt.ntables, 2);
    const struct frenzy_table *win = table_of(&pt, FT_ODDS_WIN), *bb = table_of(&pt, FT_BAD_BEAT);
    assert_int_equal(win->den, 20);
    assert_int_equal(win->pay[FO_FLUSH], 5);      /* 0.25 */
    assert_int_equal(win->pay[FO_STRAIGHT], 42);  /* 2.1 */
    assert_int_equal(win->pay[FO_QUAD_ACES], 4000);
    assert_int_equal(win->pay[FO_LOW], 0);        /* PUSH */
    assert_int_equal(bb->den, 1);
    assert_int_equal(bb->pay[FO_STRAIGHT], -1);   /* Loss */
    assert_null(table_of(&pt, FT_BONUS));
}

static void test_one_table_is_enough(void **state)
{
    (void)state;
    struct frenzy_paytable pt;
    load_ok(FRENZY_DATA "/good-prime-only.ini", &pt);
    assert_int_equal(pt.ntables, 1);
    assert_int_equal(pt.tables[0].kind, FT_PRIME);
    assert_pays(&pt.tables[0], FP_FIVE, 10, 1);
    assert_pays(&pt.tables[0], FP_FOUR, 2, 1);
    assert_pays(&pt.tables[0], FP_LOSS, -1, 1);
}

static void test_doc_example_loads(void **state)
{
    (void)state;
    struct frenzy_paytable pt;
    load_ok(FRENZY_DATA "/good-doc-example.ini", &pt);
    assert_string_equal(pt.name, "my-casino-table");
    assert_int_equal(pt.ntables, 4);
}

/* ------------------------------------------------------------------ */
/* Loading bad files                                                   */
/* ------------------------------------------------------------------ */

static const struct bad_case bad_cases[] = {
    {"bad-unknown-key.ini", 1, {"unknown key 'flsh' in [odds-win]"}},
    {"bad-control-char.ini", 1, {"unknown key 'fl?sh' in [odds-win]"}},
    {"bad-quad-aces-bad-beat.ini", 1, {"'quad-aces'", "[odds-bad-beat]", "never lose"}},
    {"bad-unknown-section.ini", 1, {"unknown section [jackpot]"}},
    {"bad-empty-unknown-section.ini", 1, {"unknown section [side-bet]"}},
    {"bad-missing-key.ini", 0, {"missing key 'straight' in [odds-bad-beat]"}},
    {"bad-missing-name.ini", 0, {"missing key 'name' in [game]"}},
    {"bad-no-game.ini", 0, {"missing key 'name' in [game]"}},
    {"bad-no-table.ini", 0, {"no table"}},
    {"bad-duplicate-key.ini", 1, {"duplicate key 'two-pair' in [four-card-bonus]"}},
    {"bad-repeated-section.ini", 1, {"[prime]", "twice"}},
    {"bad-negative.ini", 1, {"'-20'", "'trip-aces' in [four-card-bonus]", "cannot be negative"}},
    {"bad-decimals.ini", 1, {"'1.5000001'", "'flush' in [odds-win]", "decimal places"}},
    {"bad-too-big.ini", 1, {"'1000000.5'", "'quad-aces' in [odds-win]", "1000000"}},
    {"bad-not-number.ini", 1, {"'one'", "'four-same-color' in [prime]"}},
    {"bad-word.ini", 1, {"'lose'", "'two-pair-or-less' in [odds-bad-beat]", "push or loss"}},
    {"bad-comma.ini", 1, {"'1,5'", "'flush' in [odds-win]"}},
    {"bad-name.ini", 1, {"name 'my table'"}},
    {"bad-key-outside.ini", 1, {"'royal-flush'", "before any [section]"}},
    {"bad-syntax.ini", 1, {"key = value"}},
    {"bad-long-line.ini", 1, {"too long"}},
};

static int load(const char *path, void *out, char *err, size_t errlen)
{
    return frenzy_paytable_load(path, out, err, errlen);
}

static const struct paytable_loader loader = {load, sizeof(struct frenzy_paytable)};

static void test_bad_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        paytable_check_bad_file(&loader, FRENZY_DATA, &bad_cases[i]);
}

static void test_unreadable_files(void **state)
{
    (void)state;
    paytable_expect_unreadable(&loader, FRENZY_DATA "/no-such-file.ini", ENOENT);
    paytable_expect_unreadable(&loader, FRENZY_DATA, EISDIR);
}

static void test_small_error_buffer(void **state)
{
    (void)state;
    paytable_check_small_buffer(&loader, FRENZY_DATA "/bad-syntax.ini", FRENZY_DATA "/no-such-file.ini");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preset_names_in_order),
        cmocka_unit_test(test_presets_follow_the_rules),
        cmocka_unit_test(test_preset_spot_values),
        cmocka_unit_test(test_odds_rows),
        cmocka_unit_test(test_bonus_rows),
        cmocka_unit_test(test_prime_rows),
        cmocka_unit_test(test_max_rows_and_names),
        cmocka_unit_test(test_example_is_the_layout),
        cmocka_unit_test(test_layout_variations),
        cmocka_unit_test(test_fractions_and_words),
        cmocka_unit_test(test_one_table_is_enough),
        cmocka_unit_test(test_doc_example_loads),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_unreadable_files),
        cmocka_unit_test(test_small_error_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
