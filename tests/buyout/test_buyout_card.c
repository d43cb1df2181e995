/* test_buyout_card.c — 4 Card Buyout strategy cards: what a card sees of
 * a hand (the points added, the high card and the 2nd card among them),
 * the rules read and
 * written, and a card's exact price against a brute force that deals
 * every hand of a small shoe card by card, asks the card with the real
 * cards and values each action through buyout_situation_evs (no classes,
 * no cells). */
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

#include "buyout.h"
#include "buyout_card.h"
#include "buyout_eval.h"
#include "buyout_solve.h"

static card_t card_of(const char *s)
{
    card_t c;
    char err[100];
    assert_int_equal(cards_parse_exact(s, &c, 1, err, sizeof err), 0);
    return c;
}

static struct buyout_view view_of(const char *a, const char *b, const char *c, const char *up)
{
    card_t cards[3] = {card_of(a), card_of(b), card_of(c)};
    return buyout_view_of(cards, 2, card_of(up));
}

/* The high card and the 2nd card are the two highest ranks of the first
 * three cards, a pair counted twice. */
static void view_ranks(void **state)
{
    (void)state;
    struct buyout_view v = view_of("Kh", "5c", "Kd", "7s");
    assert_int_equal(v.high, 11), assert_int_equal(v.second, 11); /* K-K-5: K and K */
    v = view_of("5h", "Kc", "5d", "7s");
    assert_int_equal(v.high, 11), assert_int_equal(v.second, 3); /* K-5-5: K and 5 */
    v = view_of("2h", "Ac", "3d", "7s");
    assert_int_equal(v.high, 12), assert_int_equal(v.second, 1); /* A-3-2: A and 3 */
    v = view_of("9h", "9c", "9d", "Ts");
    assert_int_equal(v.high, 7), assert_int_equal(v.second, 7);
    assert_int_equal(v.points, 20), assert_int_equal(v.with, 30), assert_int_equal(v.adds, 10);
    assert_int_equal(v.up, 8);
    v = view_of("Ah", "4h", "Qc", "2s");
    assert_int_equal(v.points, 15), assert_int_equal(v.with, 15), assert_int_equal(v.adds, 0);
    assert_int_equal(v.up, 0);
    card_t four[4] = {card_of("Ah"), card_of("4h"), card_of("Qc"), card_of("Kh")};
    v = buyout_view_of(four, 3, card_of("2s")); /* at the 4th card: A-4-K suited, 25 */
    assert_int_equal(v.points, 15), assert_int_equal(v.with, 25), assert_int_equal(v.adds, 10);
    assert_int_equal(v.high, 12), assert_int_equal(v.second, 10); /* of the first three: A, Q */
}

static void rules_read_back(void **state)
{
    (void)state;
    const char *text[] = {"3rd card, points with it 10 or less, high card A, 2nd card 9 or lower: refuse",
                          "4th card, points 13 or less, adds 2 to 9, 2nd card Q to K: buy",
                          "3rd card, 2nd card 5: fold", "4th card, adds 0: refuse",
                          "3rd card, dealer 13 to 19, points with it 12 or less: fold",
                          "4th card, dealer 20 or more, adds 0: refuse", "3rd card, dealer 0: buy"};
    for (size_t i = 0; i < sizeof text / sizeof *text; i++) {
        struct buyout_rule r;
        char err[200], back[200];
        assert_int_equal(buyout_rule_parse(text[i], &r, err, sizeof err), 0);
        assert_string_equal(buyout_rule_text(&r, back, sizeof back), text[i]);
    }
    struct buyout_rule r;
    char err[200];
    assert_int_equal(buyout_rule_parse("3rd card, 2nd card Z: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad range 'Z'"));
    assert_int_equal(buyout_rule_parse("3rd card, 2nd card 9, 2nd card 8: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "'2nd card' is limited twice"));
    assert_int_equal(buyout_rule_parse("4th card, adds 45: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad range '45'"));
    assert_int_equal(buyout_rule_parse("3rd card, 3rd card 9: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown condition"));
    assert_int_equal(buyout_rule_parse("3rd card, dealer 23: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad range '23'"));
    assert_int_equal(buyout_rule_parse("3rd card, dealer 5, dealer 6: buy", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "'dealer' is limited twice"));
    /* a 'dealer' limit matches only a view with the hole card seen, inside its range */
    assert_int_equal(buyout_rule_parse("3rd card, dealer 13 to 19: fold", &r, err, sizeof err), 0);
    struct buyout_card c = {1, {r}};
    struct buyout_view v = view_of("Kh", "5c", "Kd", "7s");
    assert_int_equal(v.dealer, -1);
    assert_int_equal(buyout_card_match(&c, 0, &v), -1);
    v.dealer = 13;
    assert_int_equal(buyout_card_match(&c, 0, &v), 0);
    v.dealer = 20;
    assert_int_equal(buyout_card_match(&c, 0, &v), -1);
}

/* A card limiting every part of the view at both cards. */
static const char *const CARD[] = {
    "3rd card, upcard K or higher, 2nd card J or lower: refuse", /* a refuse without points folds */
    "3rd card, high card A, 2nd card Q to K: buy",
    "3rd card, adds 1 to 10, upcard Q or higher: refuse",
    "3rd card, points 1 or more, points with it 21 or less, high card K or lower: refuse",
    "3rd card, points with it 0: fold",
    "3rd card: buy",
    "4th card, points 21 or more, upcard K or lower: refuse",
    "4th card, 2nd card J or lower, points with it 1 or more: buy",
    "4th card, points 15 or more, adds 9 or less, upcard Q or lower: refuse",
    "4th card, adds 1 or more, upcard A: buy",
    "4th card, high card K or lower, points with it 1 or more: buy",
    "4th card: refuse", /* without points folds */
};

static void card_from_text(struct buyout_card *c)
{
    char err[200];
    c->n = (int)(sizeof CARD / sizeof *CARD);
    for (int i = 0; i < c->n; i++)
        assert_int_equal(buyout_rule_parse(CARD[i], &c->rule[i], err, sizeof err), 0);
}

static double ev_of(const struct buyout_option_evs *e, int action)
{
    int a = e->legal[action] ? action : BUYOUT_FOLD;
    return (double)e->num[a] / (double)e->den;
}

/* The card's EV per First bet, every deal of the shoe dealt out. */
static double brute_price(struct buyout_context *cx, const struct buyout_rules *r, const struct buyout_card *card)
{
    card_t deck[NCARDS * BUYOUT_MAX_DECKS];
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        for (int d = 0; d < r->decks; d++)
            if (card_rank((card_t)c) >= NRANKS - r->nranks)
                deck[n++] = (card_t)c;
    char err[256];
    double sum = 0;
    long deals = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int u = 0; u < n; u++)
                for (int t = 0; t < n; t++) {
                    if (u == a || u == b || t == a || t == b || t == u)
                        continue;
                    card_t P[2] = {deck[a], deck[b]}, held[4] = {deck[a], deck[b], deck[t], 0};
                    struct buyout_option_evs e;
                    assert_int_equal(buyout_situation_evs(cx, P, deck[u], deck[t], NULL, &e, err, sizeof err), 0);
                    struct buyout_view v3 = buyout_view_of(held, 2, deck[u]);
                    int k = buyout_card_match(card, 0, &v3);
                    assert_true(k >= 0);
                    int act = card->rule[k].action;
                    deals++;
                    if (act != BUYOUT_BUY) {
                        sum += ev_of(&e, act);
                        continue;
                    }
                    double buy = 0;
                    int left = 0;
                    for (int f = 0; f < n; f++) {
                        if (f == a || f == b || f == u || f == t)
                            continue;
                        struct buyout_option_evs e4;
                        assert_int_equal(
                            buyout_situation_evs(cx, P, deck[u], deck[t], &deck[f], &e4, err, sizeof err), 0);
                        held[3] = deck[f];
                        struct buyout_view v4 = buyout_view_of(held, 3, deck[u]);
                        int k4 = buyout_card_match(card, 1, &v4);
                        assert_true(k4 >= 0);
                        buy += ev_of(&e4, card->rule[k4].action);
                        left++;
                    }
                    sum += buy / left;
                }
    return sum / (double)deals;
}

static void price_small_shoe(const struct buyout_rules *r)
{
    struct buyout_solution sol;
    struct buyout_solve_options o = {.threads = 2, .solution = &sol};
    struct buyout_result res;
    char err[256];
    assert_int_equal(buyout_solve(r, &o, &res, err, sizeof err), 0);
    struct buyout_card_values *v = buyout_card_values_new(&sol, 2, err, sizeof err);
    assert_non_null(v);
    struct buyout_card card;
    card_from_text(&card);
    struct buyout_card_price p;
    buyout_card_price(&card, v, &p);
    assert_int_equal(p.uncovered, 0);
    double fast = wide_ratio(p.ev, p.den);
    struct buyout_context *cx = buyout_context_new(r, err, sizeof err);
    assert_non_null(cx);
    double brute = brute_price(cx, r, &card);
    print_message("bonus table %d: card %.15f, brute force %.15f, optimal %.15f\n", r->bonus_table, fast, brute,
                  wide_ratio(p.optimal_ev, p.den));
    assert_true(fabs(fast - brute) < 1e-12);
    assert_true(fast < wide_ratio(p.optimal_ev, p.den) - 1e-3); /* a poor card, seen to cost */
    buyout_context_free(cx);
    buyout_card_values_free(v);
    buyout_solution_free(&sol);
}

static struct buyout_rules small_shoe(void)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = 1;
    r.nranks = 5;
    return r;
}

/* The learner on the small shoe: every card it records is priced at the
 * EV it recorded, decides every deal, and costs no less than the form's
 * floor; 1 and 2 threads learn the same cards. */
static void learnt(int threads, struct buyout_card_build *b)
{
    struct buyout_rules r = small_shoe();
    struct buyout_solution sol;
    struct buyout_solve_options o = {.threads = threads, .solution = &sol};
    struct buyout_result res;
    char err[256];
    omp_set_num_threads(threads);
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
    struct buyout_card_values *v = buyout_card_values_new(&sol, threads, err, sizeof err);
    assert_non_null(v);
    assert_int_equal(buyout_card_build(v, 8, true, b, err, sizeof err), 0);
    assert_true(b->length >= b->shortest && b->length <= 8 && b->longest >= b->length);
    print_message("%d threads: a card of %d rules, learnt to %d\n", threads, b->length, b->longest);
    for (int k = b->shortest; k <= b->longest; k++) {
        if (b->cards[k].n == 0)
            continue;
        struct buyout_card_price p;
        buyout_card_price(&b->cards[k], v, &p);
        assert_int_equal(p.uncovered, 0);
        assert_int_equal(b->cards[k].n, k);
        assert_true(p.ev == b->ev[k]);
        assert_true(p.ev <= b->best_in_language && b->best_in_language <= p.optimal_ev);
    }
    buyout_card_values_free(v);
    buyout_solution_free(&sol);
}

static void learner_prices_its_cards(void **state)
{
    (void)state;
    struct buyout_card_build *one = malloc(sizeof *one), *two = malloc(sizeof *two);
    assert_non_null(one), assert_non_null(two);
    learnt(1, one);
    learnt(2, two);
    assert_int_equal(one->longest, two->longest);
    for (int k = one->shortest; k <= one->longest; k++)
        assert_true(one->ev[k] == two->ev[k] && !memcmp(&one->cards[k], &two->cards[k], sizeof one->cards[k]));
    free(one), free(two);
}

static void price_is_the_brute_force(void **state)
{
    (void)state;
    struct buyout_rules r = small_shoe();
    price_small_shoe(&r);
}

static void price_is_the_brute_force_with_a_bonus(void **state)
{
    (void)state;
    struct buyout_rules r = small_shoe();
    r.bonus_table = 1, r.bonus_num = 1, r.bonus_den = 1;
    price_small_shoe(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(view_ranks),
        cmocka_unit_test(rules_read_back),
        cmocka_unit_test(price_is_the_brute_force),
        cmocka_unit_test(price_is_the_brute_force_with_a_bonus),
        cmocka_unit_test(learner_prices_its_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
