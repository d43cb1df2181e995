/* test_split_seen_deck.c — 4 Card Split with one or two dealer hole cards
 * seen, the whole game on a smaller deck: the solver's run
 * (split_seen_solve with deck_ranks: the same situation classes, weights,
 * orbits of the seen sets and sums as the full deck's run, its counts the
 * plain way) against a brute force that deals every situation, every
 * dealer hand and every completion of that deck with no symmetry
 * (split_seen_deck_brute.c, written from the rules without reading the
 * solver).  The fast counts of the 52 cards are checked situation by
 * situation in test_split_seen.c; this checks what the run does with them.
 *
 * Compared exactly: the EV of the seen-optimal play and of the normal
 * game, the seen situations by the (higher) seen rank.  The changed
 * decisions depend on which of several normal-optimal options the solver
 * keeps (ties go to the earlier option; a small deck has many): they must
 * lie between the brute force's bounds (a few percent apart), and the
 * kinds of change must add up to them.
 * Decks of 16 cards: J-Q-K-A (straights at the top, the Queen and King
 * that qualify) and 2-3-4-K (the 2-3-4 straight, most dealers not
 * qualifying), one and two cards seen, the 2014 and v2 rules, both
 * readings of several instant winners; one brute-force enumeration per
 * paytable and deck serves every K and reading.  Also: the deck's scales
 * on 52 cards are the full game's constants, 1 and 2 threads give the
 * same bits, and a deck of two ranks, or a smaller deck with a resume
 * folder, is refused.
 *
 * Not observable on any deck, so not tested: the dealer's best hand
 * exactly at the qualifier (Q-3-2 / K-3-2 with nothing better among his
 * four cards cannot happen), so '<' against '<=' there is no defect.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint.h"
#include "split_seen.h"
#include "split_seen_deck_brute.h"
#include "wide.h"

static const uint16_t HIGH = 1u << RANK_JACK | 1u << RANK_QUEEN | 1u << RANK_KING | 1u << RANK_ACE;
static const uint16_t LOW = 1u << 0 | 1u << 1 | 1u << 2 | 1u << RANK_KING; /* 2 3 4 K */

/* a / b in lowest terms equals n / d in lowest terms (b, d > 0). */
static int same_fraction(wide_t a, wide_t b, wide_t n, wide_t d)
{
    wide_t g = wide_gcd(a < 0 ? -a : a, b), h = wide_gcd(n < 0 ? -n : n, d);
    return a / g == n / h && b / g == d / h;
}

static void solve(const char *preset, enum split_instant_reading instant, uint16_t deck, int seen, int threads,
                  struct split_seen_result *r)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_seen_options o = {.seen = seen, .instant = instant, .threads = threads, .deck_ranks = deck};
    char err[256] = "";
    int rc = split_seen_solve(pt, &o, r, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "split_seen_solve: %s\n", err);
    assert_int_equal(rc, 0);
}

/* The brute force of one paytable on one deck: every K and both readings
 * from one enumeration (about 3 s). */
static void brute(const char *preset, uint16_t deck, struct split_seen_deck_brute b[2][2])
{
    assert_int_equal(split_seen_deck_brute_all(split_preset_find(preset), deck, b), 0);
}

static void check(const char *preset, enum split_instant_reading instant, uint16_t deck, int seen,
                  const struct split_seen_deck_brute *b)
{
    static struct split_seen_result r;
    solve(preset, instant, deck, seen, 0, &r);
    const struct split_seen_totals *t = &r.tot;
    printf("%s deck %#x seen %d %s: changed %lld in [%lld, %lld]\n", preset, deck, seen,
           instant == SPLIT_INSTANT_CHOOSE ? "choose" : "highest", (long long)t->changed, (long long)b->changed_lo,
           (long long)b->changed_hi);
    assert_int_equal(r.cards, b->cards);
    assert_int_equal(t->situations, b->situations);
    assert_int_equal(r.sets, b->seen_sets);
    assert_true(same_fraction(t->ev, split_seen_den(&r), b->ev_num, b->ev_den));
    assert_true(same_fraction(t->normal_ev, split_seen_normal_den(&r), b->normal_num, b->normal_den));
    /* the normal decisions priced with the seen counts: the normal game again */
    assert_true(same_fraction(t->normal_seen, split_seen_den(&r), b->normal_num, b->normal_den));
    for (int k = 0; k < NRANKS; k++)
        assert_int_equal(t->seen_by_rank[k], b->seen_by_rank[k]);
    assert_true(b->changed_lo <= t->changed && t->changed <= b->changed_hi);
    int64_t kinds = 0;
    for (int c = 0; c < SEEN_NCHANGES; c++)
        kinds += t->change[c];
    assert_int_equal(kinds, t->changed);
}

#define C SPLIT_INSTANT_CHOOSE
#define H SPLIT_INSTANT_HIGHEST

static void test_high_2014(void **state)
{
    (void)state;
    static struct split_seen_deck_brute b[2][2];
    brute("2014-1a", HIGH, b);
    check("2014-1a", C, HIGH, 1, &b[0][C]);
    check("2014-1a", C, HIGH, 2, &b[1][C]);
    check("2014-1a", H, HIGH, 2, &b[1][H]);
}

static void test_high_v2(void **state)
{
    (void)state;
    static struct split_seen_deck_brute b[2][2];
    brute("v2-P1", HIGH, b);
    check("v2-P1", H, HIGH, 1, &b[0][H]);
    check("v2-P1", C, HIGH, 2, &b[1][C]);
}

static void test_low_v2(void **state)
{
    (void)state;
    static struct split_seen_deck_brute b[2][2];
    brute("v2-P1", LOW, b);
    check("v2-P1", C, LOW, 1, &b[0][C]);
    check("v2-P1", H, LOW, 2, &b[1][H]);
}

static void test_low_2014(void **state)
{
    (void)state;
    static struct split_seen_deck_brute b[2][2];
    brute("2014-1a", LOW, b);
    check("2014-1a", H, LOW, 1, &b[0][H]);
    check("2014-1a", C, LOW, 2, &b[1][C]);
}

/* On 52 cards the deck's scales are the full game's. */
static void test_scales(void **state)
{
    (void)state;
    assert_int_equal(split_seen_deck_sets(NCARDS, 1), split_seen_sets(1));
    assert_int_equal(split_seen_deck_sets(NCARDS, 2), split_seen_sets(2));
    assert_int_equal(split_seen_deck_scale(NCARDS, 1), SPLIT_SEEN_L);
    assert_int_equal(split_seen_deck_scale(NCARDS, 2), SPLIT_SEEN2_L);
    assert_int_equal(split_seen_deck_normal_scale(NCARDS), SPLIT_L);
    assert_int_equal(split_seen_deck_scale(8, 1), 0);
}

static void test_threads(void **state)
{
    (void)state;
    static struct split_seen_result one, two;
    solve("2014-1a", SPLIT_INSTANT_CHOOSE, HIGH, 2, 1, &one);
    solve("2014-1a", SPLIT_INSTANT_CHOOSE, HIGH, 2, 2, &two);
    assert_memory_equal(&one.tot, &two.tot, sizeof one.tot);
}

static void test_too_small(void **state)
{
    (void)state;
    static struct split_seen_result r;
    struct split_seen_options o = {.seen = 1, .deck_ranks = 1u << RANK_KING | 1u << RANK_ACE};
    char err[256] = "";
    assert_int_equal(split_seen_solve(split_preset_find("2014-1a"), &o, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "too small"));
    /* a smaller deck's pieces would not say which deck they are of */
    char dir[] = "/tmp/split-seen-deck-XXXXXX";
    assert_non_null(mkdtemp(dir));
    static struct checkpoint cp;
    assert_int_equal(checkpoint_open(&cp, dir, "split-seen", "a test", err, sizeof err), 0);
    struct split_seen_options r2 = {.seen = 1, .deck_ranks = HIGH, .resume = &cp};
    assert_int_equal(split_seen_solve(split_preset_find("2014-1a"), &r2, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot be resumed"));
    assert_int_equal(rmdir(dir), 0); /* and nothing was written */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scales),   cmocka_unit_test(test_too_small), cmocka_unit_test(test_high_2014),
        cmocka_unit_test(test_high_v2),  cmocka_unit_test(test_low_v2),    cmocka_unit_test(test_low_2014),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
