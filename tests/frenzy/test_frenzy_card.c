/* test_frenzy_card.c — the strategy card (frenzy_card): the simple rule
 * found from the exact decisions, checked from outside:
 *   - the exact EV and decisions are the solver's totals;
 *   - each rule's EV and deviations, recomputed class by class;
 *   - no other cut does better: every rank as the 1x line (3x line
 *     kept), every rank from a pair of Aces up as the 3x line;
 *   - naming more cards never costs more; the exact strategy is best;
 *   - the words of ranks, and the card printing the rule it found.
 * Runs in a couple of seconds (one enumeration of the counts).
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

#include "eval4.h"
#include "frenzy_card.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"

static struct frenzy_counts counts;
static struct frenzy_game game;
static struct frenzy_card card;
/* Each class priced once: weight times the EV of fold, 1x, 3x (3x only
 * where allowed, else 1x's). */
static wide_t (*ev)[3];

static int setup(void **state)
{
    (void)state;
    char err[128];
    omp_set_num_threads(2);
    if (frenzy_preset_get(FT_ODDS_WIN, "WE-1", &game.win) || frenzy_preset_get(FT_BAD_BEAT, "BB-2", &game.bad_beat))
        return -1;
    game.copy = FRENZY_COPY_WIN;
    if (frenzy_counts_build(false, &counts, err, sizeof err) ||
        frenzy_card_build(&game, &counts, &card, err, sizeof err))
        return -1;
    ev = malloc((size_t)counts.n * sizeof *ev);
    if (!ev)
        return -1;
    int64_t den = frenzy_game_den(&game);
    for (long i = 0; i < counts.n; i++) {
        struct frenzy_decision d;
        frenzy_decide(&game, den, &counts.classes[i], &d);
        int w = counts.classes[i].weight;
        ev[i][0] = w * d.ev[FRENZY_FOLD];
        ev[i][1] = w * d.ev[FRENZY_RAISE1];
        ev[i][2] = w * d.ev[d.max_raise == 3 ? FRENZY_RAISE3 : FRENZY_RAISE1];
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(ev);
    frenzy_counts_free(&counts);
    return 0;
}

/* The rule "fold below t1, 3x from t3 where allowed, else 1x", over all
 * hands, in the solver's units. */
static wide_t rule_ev(uint32_t t1, uint32_t t3)
{
    wide_t sum = 0;
    for (long i = 0; i < counts.n; i++) {
        uint32_t r = counts.classes[i].rank;
        sum += r < t1 ? ev[i][0] : r >= t3 ? ev[i][2] : ev[i][1];
    }
    return sum;
}

static void test_exact_is_the_solver(void **state)
{
    (void)state;
    struct frenzy_totals tot;
    frenzy_price(&game, &counts, &tot);
    assert_true(card.ev_exact == tot.ev);
    for (int k = 0; k < FRENZY_NCHOICES; k++)
        assert_int_equal(card.choice[k], tot.choice[k]);
}

static void test_rules_recomputed(void **state)
{
    (void)state;
    int64_t den = frenzy_game_den(&game);
    for (int k = 0; k < FRENZY_CARD_RULES; k++) {
        const struct frenzy_rule *r = &card.rules[k];
        assert_true(rule_ev(r->raise_from, r->triple_from) == r->ev);
        int64_t classes = 0, hands = 0;
        for (long i = 0; i < counts.n; i++) {
            const struct frenzy_class *cl = &counts.classes[i];
            struct frenzy_decision d;
            frenzy_decide(&game, den, cl, &d);
            int mine = cl->rank < r->raise_from ? FRENZY_FOLD
                       : cl->rank >= r->triple_from && d.max_raise == 3 ? FRENZY_RAISE3 : FRENZY_RAISE1;
            if (mine != (int)d.choice)
                classes++, hands += cl->weight;
        }
        assert_int_equal(r->classes_off, classes);
        assert_int_equal(r->hands_off, hands);
        assert_int_equal(r->raised_below + r->folded_above <= r->hands_off, 1);
    }
}

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The distinct best-4 ranks of the classes, sorted. */
static long distinct_ranks(uint32_t *out)
{
    for (long i = 0; i < counts.n; i++)
        out[i] = counts.classes[i].rank;
    qsort(out, (size_t)counts.n, sizeof *out, by_value);
    long n = 0;
    for (long i = 0; i < counts.n; i++)
        if (n == 0 || out[n - 1] != out[i])
            out[n++] = out[i];
    return n;
}

static void test_no_better_cut(void **state)
{
    (void)state;
    const struct frenzy_rule *r = &card.rules[0];
    const uint32_t aces = (uint32_t)F4_PAIR << 16 | (uint32_t)RANK_ACE << 12;
    uint32_t *ranks = malloc((size_t)counts.n * sizeof *ranks);
    assert_non_null(ranks);
    long n = distinct_ranks(ranks);
    assert_true(rule_ev(FRENZY_RANK_NONE, FRENZY_RANK_NONE) <= r->ev);
    for (long i = 0; i < n; i++) {
        if (rule_ev(ranks[i], r->triple_from) > r->ev)
            fail_msg("a 1x line at rank %#x beats the card's", ranks[i]);
        if (ranks[i] >= aces && rule_ev(r->raise_from, ranks[i]) > r->ev)
            fail_msg("a 3x line at rank %#x beats the card's", ranks[i]);
    }
    free(ranks);
}

static void test_costs_ordered(void **state)
{
    (void)state;
    assert_true(card.ev_exact >= card.rules[0].ev);
    assert_true(card.rules[0].ev >= card.rules[1].ev);
    assert_true(card.rules[1].ev >= card.rules[2].ev);
    assert_int_equal(card.rules[0].named, 4);
    assert_int_equal(card.choice[FRENZY_RAISE2], 0);
}

static uint32_t rank_of(const char *text)
{
    card_t c[4];
    char err[64];
    if (cards_parse_exact(text, c, 4, err, sizeof err))
        fail_msg("%s", err);
    return frenzy_four_rank(c);
}

static void check_words(const char *cards, int named, const char *want)
{
    char got[64];
    assert_string_equal(frenzy_rank_words(rank_of(cards), named, got, sizeof got), want);
}

static void test_rank_words(void **state)
{
    (void)state;
    check_words("Ks Qd 8c 4h", 4, "K-Q-8-4");
    check_words("Ks Qd 8c 4h", 2, "K-Q");
    check_words("Ah Kd 7c 2s", 1, "Ace-high");
    check_words("As Ad 3c 2h", 1, "a pair of Aces");
    check_words("7s 7d Kc 2h", 3, "a pair of 7s with K-2");
    check_words("Ks Kd 7c 7h", 2, "two pair, Kings and 7s");
    check_words("Ah 2d 3c 4s", 4, "a straight to the 4");
    check_words("Th Td Tc 2s", 1, "three 10s");
    check_words("Kh Qh 9h 7h", 3, "a flush, K-Q-9");
    check_words("Kh Qh 9h 7h", 1, "a flush, King-high");
    check_words("Jh Qh Kh Ah", 4, "a straight flush to the Ace");
    check_words("9h 9d 9c 9s", 4, "four 9s");
}

/* The card prints the rule it found, in its own words. */
static void test_card_text(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    frenzy_card_write(f, &card);
    fclose(f);
    char line[160];
    snprintf(line, sizeof line, "**Raise 1x** with %s or better", card.rules[0].raise_words);
    assert_non_null(strstr(text, line));
    snprintf(line, sizeof line, "**Raise 3x** with %s or better", card.rules[0].triple_words);
    assert_non_null(strstr(text, line));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_is_the_solver), cmocka_unit_test(test_rules_recomputed),
        cmocka_unit_test(test_no_better_cut),       cmocka_unit_test(test_costs_ordered),
        cmocka_unit_test(test_rank_words),          cmocka_unit_test(test_card_text),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
