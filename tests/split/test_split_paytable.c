/* test_split_paytable.c — the 4 Card Split presets and the paytable file
 * loader (solver/split/split_rules.c).
 *
 * The presets are checked three ways: their names and order from the
 * header's promise, structural facts that follow from the rules
 * (/work/shared/games/4-card-split.md), and spot values read off the
 * seed text (/work/shared/seeds/4-card-split.txt) as this file's own
 * literals.  The loader is checked on small files in tests/data/split: the
 * faulty line of each bad file carries the marker "<- error" (or "v error
 * below" on the line above it), so the expected line number is read from
 * the file rather than written here.
 *
 * Data files are found through FOURCARD_TEST_DATA (the tests/data folder),
 * the example paytable through FOURCARD_TEST_DATA/../../strategies.
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

#include "split_rules.h"

#ifndef FOURCARD_TEST_DATA
#define FOURCARD_TEST_DATA "tests/data"
#endif
#define SPLIT_DATA FOURCARD_TEST_DATA "/split"
#define EXAMPLE_PAYTABLE FOURCARD_TEST_DATA "/../../strategies/example-split-paytable.ini"

enum { NPRESETS = 25 };

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* The i-th preset name as the header lists them. */
static void expected_preset_name(int i, char *buf, size_t n)
{
    if (i < 4)
        snprintf(buf, n, "2014-1%c", 'a' + i);
    else if (i < 7)
        snprintf(buf, n, "2014-2%c", 'a' + (i - 4));
    else
        snprintf(buf, n, "v2-P%d", i - 6);
}

static const struct split_paytable *preset(const char *name)
{
    const struct split_paytable *p = split_preset_find(name);
    if (!p)
        fail_msg("preset %s not found", name);
    return p;
}

static int is_v2(const struct split_paytable *p) { return strncmp(p->name, "v2-", 3) == 0; }

static int same_ante(const struct split_paytable *a, const struct split_paytable *b)
{
    return a->den == b->den && memcmp(a->ante_draw, b->ante_draw, sizeof a->ante_draw) == 0 &&
           memcmp(a->ante_instant, b->ante_instant, sizeof a->ante_instant) == 0;
}

/* Everything but the name. */
static void assert_same_game(const struct split_paytable *got, const struct split_paytable *want)
{
    assert_string_equal(got->version, want->version);
    assert_true(split_rules_equal(&got->rules, &want->rules));
    assert_int_equal(got->rules.dealer, want->rules.dealer);
    assert_int_equal(got->rules.qualify_high, want->rules.qualify_high);
    assert_int_equal(got->den, want->den);
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        assert_int_equal(got->ante_draw[c], want->ante_draw[c]);
        assert_int_equal(got->ante_instant[c], want->ante_instant[c]);
    }
    for (int c = 0; c < BL_NCATEGORIES; c++)
        assert_int_equal(got->blind[c], want->blind[c]);
}

static void load_ok(const char *path, struct split_paytable *out)
{
    char err[256] = "";
    if (split_paytable_load(path, out, err, sizeof err) != 0)
        fail_msg("%s should load: %s", path, err);
}


/* ------------------------------------------------------------------ */
/* Presets: names and order                                            */
/* ------------------------------------------------------------------ */

static void test_preset_names_in_order(void **state)
{
    (void)state;
    assert_int_equal(split_preset_count(), NPRESETS);
    for (int i = 0; i < NPRESETS; i++) {
        char want[16];
        expected_preset_name(i, want, sizeof want);
        const struct split_paytable *p = split_preset_at(i);
        assert_non_null(p);
        assert_string_equal(p->name, want);
        assert_ptr_equal(split_preset_find(want), p);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(split_preset_at(j)->name, p->name);
    }
    assert_null(split_preset_at(-1));
    assert_null(split_preset_at(NPRESETS));
    assert_null(split_preset_find("nosuch"));
    assert_null(split_preset_find("2014-1"));
    assert_null(split_preset_find("v2-P19"));
    assert_non_null(split_preset_find(SPLIT_DEFAULT_PRESET));
}

/* ------------------------------------------------------------------ */
/* Presets: what the rules fix                                         */
/* ------------------------------------------------------------------ */

static void check_rules_of_version(const struct split_paytable *p)
{
    if (is_v2(p)) {
        assert_string_equal(p->version, "v2");
        assert_int_equal(p->rules.dealer, SPLIT_DEALER_UP_BEST2OF3);
        assert_int_equal(p->rules.qualify_high, RANK_KING);
    } else {
        assert_string_equal(p->version, "2014");
        assert_int_equal(p->rules.dealer, SPLIT_DEALER_BEST3OF4);
        assert_int_equal(p->rules.qualify_high, RANK_QUEEN);
    }
}

/* A better hand never pays less, and every listed hand pays. */
static void check_nondecreasing(const char *what, const int64_t *v, int from, int to)
{
    for (int c = from; c <= to; c++) {
        if (v[c] <= 0)
            fail_msg("%s: category %d pays %lld", what, c, (long long)v[c]);
        if (c > from && v[c] < v[c - 1])
            fail_msg("%s: category %d pays less than %d", what, c, c - 1);
    }
}

static void test_presets_follow_the_rules(void **state)
{
    (void)state;
    for (int i = 0; i < NPRESETS; i++) {
        const struct split_paytable *p = split_preset_at(i);
        check_rules_of_version(p);
        assert_int_equal(p->den, 1); /* the published tables are whole numbers */
        /* High and Pair win the Ante at even money; they are no instant winners. */
        assert_int_equal(p->ante_draw[E3_HIGH], p->den);
        assert_int_equal(p->ante_draw[E3_PAIR], p->den);
        assert_int_equal(p->ante_instant[E3_HIGH], 0);
        assert_int_equal(p->ante_instant[E3_PAIR], 0);
        /* A pair of nines or lower and high card lose the Blind. */
        assert_int_equal(p->blind[BL_HIGH], -p->den);
        assert_int_equal(p->blind[BL_PAIR_LOW], -p->den);
        check_nondecreasing(p->name, p->ante_draw, E3_FLUSH, E3_ROYAL);
        check_nondecreasing(p->name, p->ante_instant, E3_FLUSH, E3_ROYAL);
        check_nondecreasing(p->name, p->blind, BL_PAIR_HIGH, BL_ROYAL);
    }
}

/* One Ante table per family (2014 I, 2014 II, v2); the columns of a
 * family differ only in the Blind, and no two columns are the same. */
static void test_preset_families(void **state)
{
    (void)state;
    const struct split_paytable *ante_i = preset("2014-1a"), *ante_ii = preset("2014-2a"),
                                *ante_v2 = preset("v2-P1");
    for (int i = 0; i < NPRESETS; i++) {
        const struct split_paytable *p = split_preset_at(i);
        const struct split_paytable *first = i < 4 ? ante_i : i < 7 ? ante_ii : ante_v2;
        assert_true(same_ante(p, first));
        assert_int_equal(split_rules_equal(&p->rules, &first->rules), 1);
        for (int j = 0; j < i; j++) {
            const struct split_paytable *q = split_preset_at(j);
            assert_false(same_ante(p, q) &&
                         memcmp(p->blind, q->blind, sizeof p->blind) == 0);
        }
    }
    assert_false(split_rules_equal(&ante_i->rules, &ante_v2->rules));
    /* Payouts I and v2 print one column for draw and instant winners. */
    assert_memory_equal(ante_i->ante_draw + E3_FLUSH, ante_i->ante_instant + E3_FLUSH,
                        (E3_NCATEGORIES - E3_FLUSH) * sizeof(int64_t));
    assert_memory_equal(ante_v2->ante_draw + E3_FLUSH, ante_v2->ante_instant + E3_FLUSH,
                        (E3_NCATEGORIES - E3_FLUSH) * sizeof(int64_t));
    /* Payouts II: the instant straight alone differs from the draw one. */
    for (int c = E3_FLUSH; c < E3_NCATEGORIES; c++)
        if (c != E3_STRAIGHT)
            assert_int_equal(ante_ii->ante_draw[c], ante_ii->ante_instant[c]);
    assert_int_not_equal(ante_ii->ante_draw[E3_STRAIGHT], ante_ii->ante_instant[E3_STRAIGHT]);
}

/* ------------------------------------------------------------------ */
/* Presets: spot values read off the seed text                         */
/* ------------------------------------------------------------------ */

enum table_id { DRAW, INSTANT, BLIND };

struct spot {
    const char *preset;
    enum table_id table;
    int category;
    int64_t value;
};

static const struct spot spots[] = {
    /* 2014, Payouts I and Blind Set I */
    { "2014-1a", DRAW, E3_ROYAL, 30 },
    { "2014-1a", INSTANT, E3_STRAIGHT_FLUSH, 15 },
    { "2014-1a", INSTANT, E3_STRAIGHT, 3 },
    { "2014-1a", BLIND, BL_STRAIGHT_FLUSH, 60 },
    { "2014-1a", BLIND, BL_TWO_PAIR, 5 },
    { "2014-1b", BLIND, BL_STRAIGHT_FLUSH, 80 },
    { "2014-1c", BLIND, BL_STRAIGHT_FLUSH, 100 },
    { "2014-1c", BLIND, BL_ROYAL, 500 },
    { "2014-1d", BLIND, BL_ROYAL, 600 },
    { "2014-1d", BLIND, BL_TRIPS, 10 },
    /* 2014, Payouts II and Blind Set II */
    { "2014-2a", DRAW, E3_ROYAL, 40 },
    { "2014-2a", DRAW, E3_STRAIGHT, 3 },
    { "2014-2a", INSTANT, E3_STRAIGHT, 2 },
    { "2014-2a", BLIND, BL_ROYAL, 800 },
    { "2014-2a", BLIND, BL_FLUSH, 10 },
    { "2014-2b", BLIND, BL_ROYAL, 1000 },
    { "2014-2b", BLIND, BL_FLUSH, 9 },
    { "2014-2c", BLIND, BL_FLUSH, 10 },
    { "2014-2c", BLIND, BL_QUADS, 300 },
    { "2014-2c", BLIND, BL_TWO_PAIR, 6 },
    /* v2 */
    { "v2-P1", DRAW, E3_STRAIGHT_FLUSH, 12 },
    { "v2-P1", INSTANT, E3_ROYAL, 30 },
    { "v2-P1", BLIND, BL_STRAIGHT, 6 },
    { "v2-P1", BLIND, BL_QUADS, 100 },
    { "v2-P3", BLIND, BL_FLUSH, 7 },
    { "v2-P4", BLIND, BL_TRIPS, 9 },
    { "v2-P6", BLIND, BL_QUADS, 200 },
    { "v2-P8", BLIND, BL_STRAIGHT_FLUSH, 60 },
    { "v2-P10", BLIND, BL_ROYAL, 300 },
    { "v2-P12", BLIND, BL_ROYAL, 400 },
    { "v2-P14", BLIND, BL_TRIPS, 9 },
    { "v2-P14", BLIND, BL_FLUSH, 6 },
    { "v2-P17", BLIND, BL_QUADS, 120 },
    { "v2-P18", BLIND, BL_PAIR_HIGH, 2 },
};

static void test_preset_spot_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        const struct spot *s = &spots[i];
        const struct split_paytable *p = preset(s->preset);
        const int64_t *t = s->table == DRAW      ? p->ante_draw
                           : s->table == INSTANT ? p->ante_instant
                                                 : p->blind;
        if (t[s->category] != s->value * p->den)
            fail_msg("%s table %d category %d: got %lld, the seed says %lld", s->preset, s->table,
                     s->category, (long long)t[s->category], (long long)s->value);
    }
}

/* ------------------------------------------------------------------ */
/* Loading good files                                                  */
/* ------------------------------------------------------------------ */

static void test_example_is_2014_1a(void **state)
{
    (void)state;
    struct split_paytable pt;
    load_ok(EXAMPLE_PAYTABLE, &pt);
    assert_string_equal(pt.name, "example-2014-1a");
    assert_same_game(&pt, preset("2014-1a"));
}

/* BOM, CRLF, indentation, comments, letter case and ':' change nothing. */
static void test_layout_is_v2_p1(void **state)
{
    (void)state;
    struct split_paytable pt;
    load_ok(SPLIT_DATA "/good-layout.ini", &pt);
    assert_string_equal(pt.name, "layout");
    assert_same_game(&pt, preset("v2-P1"));
}

/* flush = 1.5 puts the whole table over den = 2. */
static void test_half_gives_den_2(void **state)
{
    (void)state;
    struct split_paytable pt;
    load_ok(SPLIT_DATA "/good-half.ini", &pt);
    assert_string_equal(pt.name, "half-flush");
    assert_string_equal(pt.version, "v2");
    assert_true(split_rules_equal(&pt.rules, &preset("v2-P1")->rules));
    assert_int_equal(pt.den, 2);
    assert_int_equal(pt.ante_draw[E3_FLUSH], 3);
    assert_int_equal(pt.ante_draw[E3_STRAIGHT], 6);  /* 3 */
    assert_int_equal(pt.ante_draw[E3_HIGH], 2);      /* even money */
    assert_int_equal(pt.ante_instant[E3_FLUSH], 4);  /* 2 */
    assert_int_equal(pt.ante_instant[E3_PAIR], 0);
    assert_int_equal(pt.blind[BL_ROYAL], 1000);      /* 500 */
    assert_int_equal(pt.blind[BL_PAIR_LOW], -2);     /* loses */
}

/* 0.25 and 2.1: den = lcm(4, 10) = 20; a payout of 0 is allowed. */
static void test_fractions_and_custom_rules(void **state)
{
    (void)state;
    struct split_paytable pt;
    load_ok(SPLIT_DATA "/good-fractions.ini", &pt);
    assert_string_equal(pt.version, "custom");
    assert_int_equal(pt.rules.dealer, SPLIT_DEALER_UP_BEST2OF3);
    assert_int_equal(pt.rules.qualify_high, RANK_QUEEN);
    assert_int_equal(pt.den, 20);
    assert_int_equal(pt.blind[BL_TWO_PAIR], 5);      /* 0.25 */
    assert_int_equal(pt.blind[BL_PAIR_HIGH], 42);    /* 2.1 */
    assert_int_equal(pt.blind[BL_ROYAL], 10000);     /* 500 */
    assert_int_equal(pt.blind[BL_HIGH], -20);
    assert_int_equal(pt.ante_instant[E3_STRAIGHT], 0);
    assert_int_equal(pt.ante_draw[E3_PAIR], 20);
}

/* ------------------------------------------------------------------ */
/* Loading bad files                                                   */
/* ------------------------------------------------------------------ */

static const struct bad_case bad_cases[] = {
    { "bad-unknown-key.ini", 1, { "unknown key 'flsh' in [blind]" } },
    { "bad-control-char.ini", 1, { "unknown key 'fl?sh' in [blind]" } },
    { "bad-unknown-section.ini", 1, { "unknown section [bonus]" } },
    { "bad-empty-unknown-section.ini", 1, { "unknown section [side-bet]" } },
    { "bad-bom-unknown-section.ini", 1, { "unknown section [extra]" } },
    { "bad-missing-key.ini", 0, { "missing key 'straight' in [ante-draw]" } },
    { "bad-missing-name.ini", 0, { "missing key 'name' in [game]" } },
    { "bad-custom-no-dealer.ini", 0, { "missing key 'dealer' in [game]" } },
    { "bad-duplicate-key.ini", 1, { "duplicate key 'flush' in [blind]" } },
    { "bad-repeated-section.ini", 1, { "[blind]", "twice" } },
    { "bad-not-number.ini", 1, { "'eight'", "'three-of-a-kind' in [ante-instant]" } },
    { "bad-exponent.ini", 1, { "'5e2'", "'royal-flush' in [blind]" } },
    { "bad-empty-value.ini", 1, { "''", "'straight' in [ante-draw]" } },
    { "bad-negative.ini", 1, { "'-5'", "'two-pair' in [blind]", "cannot be negative" } },
    { "bad-too-big.ini", 1, { "'1000000.5'", "'royal-flush' in [blind]", "1000000" } },
    { "bad-decimals.ini", 1, { "'2.0000001'", "'flush' in [ante-draw]", "decimal places" } },
    { "bad-version.ini", 1, { "version 'v3'" } },
    { "bad-dealer.ini", 1, { "dealer 'best2of4'" } },
    { "bad-qualifier.ini", 1, { "qualifier 'J'" } },
    { "bad-conflict.ini", 1, { "dealer 'upcard-best2of3'", "version 2014", "custom" } },
    { "bad-qualifier-conflict.ini", 1, { "qualifier 'Q'", "version v2" } },
    { "bad-syntax.ini", 1, { "key = value" } },
    { "bad-syntax-before-key-error.ini", 1, { "key = value" } },
    { "bad-key-outside.ini", 1, { "'royal-flush'", "before any [section]" } },
    { "bad-name.ini", 1, { "name 'my table'" } },
    { "bad-long-line.ini", 1, { "too long" } },
};

static int load(const char *path, void *out, char *err, size_t errlen)
{
    return split_paytable_load(path, out, err, errlen);
}

static const struct paytable_loader loader = {load, sizeof(struct split_paytable)};

static void test_bad_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        paytable_check_bad_file(&loader, SPLIT_DATA, &bad_cases[i]);
}

static void test_unreadable_files(void **state)
{
    (void)state;
    paytable_expect_unreadable(&loader, SPLIT_DATA "/no-such-file.ini", ENOENT);
    paytable_expect_unreadable(&loader, SPLIT_DATA, EISDIR);
}

/* A short buffer truncates the message; none at all is allowed. */
static void test_small_error_buffer(void **state)
{
    (void)state;
    paytable_check_small_buffer(&loader, SPLIT_DATA "/bad-syntax.ini", SPLIT_DATA "/no-such-file.ini");
}

static void test_rules_equal(void **state)
{
    (void)state;
    struct split_rules a = { SPLIT_DEALER_BEST3OF4, RANK_QUEEN };
    struct split_rules b = a;
    assert_true(split_rules_equal(&a, &b));
    b.qualify_high = RANK_KING;
    assert_false(split_rules_equal(&a, &b));
    b = a;
    b.dealer = SPLIT_DEALER_UP_BEST2OF3;
    assert_false(split_rules_equal(&a, &b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preset_names_in_order),
        cmocka_unit_test(test_presets_follow_the_rules),
        cmocka_unit_test(test_preset_families),
        cmocka_unit_test(test_preset_spot_values),
        cmocka_unit_test(test_example_is_2014_1a),
        cmocka_unit_test(test_layout_is_v2_p1),
        cmocka_unit_test(test_half_gives_den_2),
        cmocka_unit_test(test_fractions_and_custom_rules),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_unreadable_files),
        cmocka_unit_test(test_small_error_buffer),
        cmocka_unit_test(test_rules_equal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
