/* test_buyout_branch.c — the buy branch as the solve prices it (a thread's
 * cache, classes visited in the solve's order, so that one group's rows
 * shared with the next are reused) against the plain way of pricing each
 * 4th card on its own (buyout_eval_fourths) and the 3rd-card refuse
 * (buyout_eval_parts), which read every sub-multiset's row themselves;
 * and the objectives' values (buyout_eval_third_values, its own cache).
 * Windows of consecutive classes on three shoes: six decks (suits framed),
 * a shoe whose suits all differ, and a shoe with missing and repeated cards.
 * Exact equality of every value and of every 4th-card decision. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "buyout_eval.h"

static const char LETTER[3] = {'F', 'R', 'B'};

/* The unseen copies of c once the player's 3 cards and the upcard left. */
static int unseen(const struct buyout_context *cx, const struct buyout_class *k, card_t c)
{
    return cx->count[c] - (k->P[0] == c) - (k->P[1] == c) - (k->up == c) - (k->third == c);
}

/* unseen() < 0 where the shoe cannot hold the class's cards (only the
 * upcard's count is asked: the rest is a class of the shoe). */

/* The objectives' way (protect buyout --removal, --count) with its own
 * cache: the main game's value, to equal the best option's. */
static void check_values(struct buyout_context *cx, const struct buyout_class *k, const struct buyout_sit *s,
                         struct buyout_buy_cache *cache)
{
    const struct buyout_objectives main_game = {.n = 1, .bden = 1};
    wide_t value[BUYOUT_MAX_OBJECTIVES], den;
    buyout_eval_third_values(cx, &main_game, k->P, k->up, k->third, cache, value, &den);
    assert_true(den == s->den);
    assert_true(value[0] == s->v[s->best]);
}

/* One class, evaluated the solve's way (s), against the plain pricing. */
static void check_class(struct buyout_context *cx, const struct buyout_class *k, const struct buyout_sit *s)
{
    struct buyout_option_evs fourth[NCARDS];
    bool have[NCARDS];
    buyout_eval_fourths(cx, k->P, k->up, k->third, fourth, have);
    wide_t buy = 0;
    for (int c = 0; c < NCARDS; c++) {
        assert_int_equal(have[c], unseen(cx, k, (card_t)c) > 0);
        if (!have[c]) {
            assert_int_equal(s->fourth[c], '-');
            continue;
        }
        buy += unseen(cx, k, (card_t)c) * fourth[c].num[fourth[c].best];
        assert_int_equal(s->fourth[c], LETTER[fourth[c].best]);
    }
    assert_true(s->v[BUYOUT_BUY] == buy);
    struct buyout_parts parts;
    buyout_eval_parts(cx, k->P, k->up, k->third, false, &parts);
    assert_int_equal(s->legal[BUYOUT_REFUSE], parts.p2 > 0);
    if (parts.p2 > 0) /* 1/T3 = (N3 - 4)/(N3 T4) */
        assert_true(s->v[BUYOUT_REFUSE] == (wide_t)(parts.refuse3.win - parts.refuse3.lose) * (parts.N3 - 4));
    assert_true(s->den == (wide_t)parts.N3 * parts.T4);
}

/* Windows of `width` consecutive classes (the solve's order) at `windows`
 * places spread over the list, each class checked. */
static void check_windows(const struct buyout_rules *r, int windows, long width)
{
    char err[256];
    struct buyout_context *cx = buyout_context_new(r, err, sizeof err);
    assert_non_null(cx);
    struct buyout_class *list;
    long *order;
    long n = buyout_classes_and_tables(cx, &list, &order);
    assert_true(n > 0);
    struct buyout_eval_cache *cache = buyout_eval_cache_new();
    struct buyout_buy_cache *values = buyout_buy_cache_new();
    assert_non_null(cache);
    assert_non_null(values);
    long checked = 0;
    for (int w = 0; w < windows; w++) {
        long from = n * w / windows;
        for (long j = from; j < from + width && j < n; j++) {
            const struct buyout_class *k = &list[order[j]];
            struct buyout_sit s;
            buyout_eval_third_cached(cx, k->P, k->up, k->third, cache, &s);
            check_class(cx, k, &s);
            check_values(cx, k, &s, values);
            checked++;
            /* the same 3 cards against another upcard, straight after:
             * shared rows must not outlive their upcard's tables */
            struct buyout_class other = *k;
            other.up = (card_t)((k->up + 5) % NCARDS);
            if (unseen(cx, &other, other.up) >= 0) {
                buyout_eval_third_cached(cx, other.P, other.up, other.third, cache, &s);
                check_class(cx, &other, &s);
                check_values(cx, &other, &s, values);
            }
        }
    }
    assert_true(checked >= width);
    buyout_eval_cache_free(cache);
    buyout_buy_cache_free(values);
    free(list), free(order);
    buyout_context_free(cx);
}

static void six_decks(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    check_windows(&r, 8, 600);
}

/* The bench's shoe: no two suits alike, no suit symmetry left. */
static void suits_all_uneven(void **state)
{
    (void)state;
    static const int by_suit[NSUITS] = {6, 6, 5, 4}, aces[NSUITS] = {3, 4, 5, 6};
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)(card_rank((card_t)c) == RANK_ACE ? aces[card_suit((card_t)c)] : by_suit[card_suit((card_t)c)]);
    check_windows(&r, 8, 600);
}

/* Cards gone (0 copies) and cards left once or six times: the groups
 * whose 3 cards repeat a type, and 4th cards the shoe no longer holds. */
static void missing_and_repeated(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)((c * 7 + 3) % 8 > 6 ? 0 : (c * 5) % 7);
    check_windows(&r, 6, 800);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(six_decks),
        cmocka_unit_test(suits_all_uneven),
        cmocka_unit_test(missing_and_repeated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
