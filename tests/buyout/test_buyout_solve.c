/* test_buyout_solve.c — structural checks of the 4 Card Buyout solve on
 * small shoes: the totals add up, the checkers' API agrees with the round,
 * a 3rd-card buy is the average of the 4th-card decisions, the options are
 * legal exactly when the rules say, the dealer's two 5-card readings give
 * the same game, the representatives the solve takes without a list
 * cover every class once, and bad rules or cards are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "buyout_solve.h"
#include "buyout_strategy.h"

static struct buyout_result solve(struct buyout_rules r, int threads)
{
    struct buyout_solve_options o = {.threads = threads};
    struct buyout_result res;
    char err[256];
    int rc = buyout_solve(&r, &o, &res, err, sizeof err);
    if (rc)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
    return res;
}

static struct buyout_rules small(int decks, int nranks)
{
    struct buyout_rules r = buyout_rules_default();
    r.decks = decks;
    r.nranks = nranks;
    return r;
}

static void check_sums(const struct buyout_result *res)
{
    const struct buyout_totals *t = &res->tot;
    wide_t bden = res->rules.bonus_table ? res->rules.bonus_den : 1;
    assert_true(t->first + t->second + t->third + t->bonus == t->ev);
    assert_true(t->at3[0] + t->at3[1] + t->at3[2] == t->prob_den);
    assert_true(t->at4[0] + t->at4[1] + t->at4[2] == t->at3[BUYOUT_BUY]);
    wide_t all = 0, money = 0;
    for (int i = 0; i < BUYOUT_NNET; i++) {
        all += t->net[i];
        money += (wide_t)(i + BUYOUT_NET_MIN) * t->net[i] * bden;
    }
    assert_true(all == t->prob_den);
    assert_true(money == t->first + t->second + t->third);
    assert_true(t->money_den == t->prob_den * bden);
    assert_true(t->ev_plain <= t->ev);
}

static void totals_add_up(void **state)
{
    (void)state;
    struct buyout_result a = solve(small(2, 7), 0);
    check_sums(&a);
    assert_true(a.tot.ev_plain == a.tot.ev);
    assert_int_equal(a.tot.changed3 + a.tot.changed4, 0);
    struct buyout_rules r = small(2, 7);
    r.bonus_table = 3;
    r.bonus_num = 2, r.bonus_den = 5;
    struct buyout_result b = solve(r, 0);
    check_sums(&b);
    /* the Bonus changes play, so the main-game-only strategy is worse */
    assert_true(b.tot.changed3 + b.tot.changed4 > 0);
    assert_true(b.tot.ev_plain < b.tot.ev);
}

/* The round is the average over every deal of P, upcard and 3rd card of
 * the best option at the 3rd card, each read through the API. */
static void api_averages_to_round(void **state)
{
    (void)state;
    struct buyout_rules r = small(1, 5);
    char err[256];
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(cx);
    card_t deck[NCARDS];
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (card_rank((card_t)c) >= NRANKS - r.nranks)
            deck[n++] = (card_t)c;
    wide_t sum = 0, den = 0;
    long deals = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int u = 0; u < n; u++)
                for (int t = 0; t < n; t++) {
                    if (u == a || u == b || t == a || t == b || t == u)
                        continue;
                    card_t P[2] = {deck[a], deck[b]};
                    struct buyout_option_evs e;
                    assert_int_equal(buyout_situation_evs(cx, P, deck[u], deck[t], NULL, &e, err, sizeof err), 0);
                    assert_true(den == 0 || den == e.den);
                    den = e.den;
                    sum += e.num[e.best];
                    deals++;
                }
    buyout_context_free(cx);
    wide_t num, rden;
    assert_int_equal(buyout_round_ev(&r, 1, &num, &rden, err, sizeof err), 0);
    assert_true(sum * rden == num * den * deals);
}

static int points(const card_t *c, int n)
{
    return buyout_points(c, n);
}

/* At one situation: fold, refuse and buy as the rules allow them, and the
 * buy at the 3rd card = the 4th cards' best options weighted by copies. */
static void one_situation(struct buyout_context *cx, const int copies[NCARDS], card_t p0, card_t p1, card_t up,
                          card_t third, wide_t bonus_fold)
{
    char err[256];
    card_t P[2] = {p0, p1}, h[4] = {p0, p1, third, 0};
    struct buyout_option_evs e3, e4;
    assert_int_equal(buyout_situation_evs(cx, P, up, third, NULL, &e3, err, sizeof err), 0);
    assert_true(e3.legal[BUYOUT_FOLD] && e3.legal[BUYOUT_BUY]);
    assert_int_equal(e3.legal[BUYOUT_REFUSE], points(P, 2) > 0);
    assert_true(e3.num[BUYOUT_FOLD] == -(1 + bonus_fold) * e3.den);
    wide_t buy = 0, den4 = 0;
    int left = 0;
    for (int c = 0; c < NCARDS; c++) {
        int k = copies[c] - (c == p0) - (c == p1) - (c == up) - (c == third);
        if (k <= 0)
            continue;
        card_t fourth = (card_t)c;
        h[3] = fourth;
        assert_int_equal(buyout_situation_evs(cx, P, up, third, &fourth, &e4, err, sizeof err), 0);
        assert_true(e4.legal[BUYOUT_FOLD]);
        assert_int_equal(e4.legal[BUYOUT_REFUSE], points(h, 3) > 0);
        assert_int_equal(e4.legal[BUYOUT_BUY], points(h, 4) > 0);
        assert_true(e4.num[BUYOUT_FOLD] == -(2 + bonus_fold) * e4.den);
        for (int o = 0; o < 3; o++) /* the best is the largest legal option */
            assert_true(!e4.legal[o] || e4.num[o] <= e4.num[e4.best]);
        buy += k * e4.num[e4.best];
        den4 = e4.den;
        left += k;
    }
    assert_true(buy * e3.den == e3.num[BUYOUT_BUY] * den4 * left);
}

static void buy_is_average_of_fourth(void **state)
{
    (void)state;
    for (int bonus = 0; bonus <= 1; bonus++) {
        struct buyout_rules r = buyout_rules_default();
        if (bonus)
            r.bonus_table = 2, r.bonus_num = 1, r.bonus_den = 1;
        char err[256];
        struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
        assert_non_null(cx);
        int copies[NCARDS];
        for (int c = 0; c < NCARDS; c++)
            copies[c] = 6;
        card_t As = card_make(RANK_ACE, 3), Kd = card_make(RANK_KING, 1), s7 = card_make(5, 3);
        card_t c2 = card_make(0, 0), h9 = card_make(7, 2), d4 = card_make(2, 1);
        one_situation(cx, copies, As, Kd, s7, c2, bonus);  /* no points yet */
        one_situation(cx, copies, As, s7, Kd, h9, bonus);  /* suited */
        one_situation(cx, copies, s7, s7, s7, s7, bonus);  /* four identical cards */
        one_situation(cx, copies, c2, d4, card_make(0, 1), h9, bonus); /* upcard pairs the player */
        buyout_context_free(cx);
    }
}

/* Both readings of the dealer's 5 cards score every drawing hand alike
 * (test_buyout_rules), so the whole game is the same under both. */
static void dealer_readings_same_game(void **state)
{
    (void)state;
    struct buyout_rules r = small(6, 7);
    struct buyout_result a = solve(r, 0);
    r.dealer_five = BUYOUT_FIVE_ALL;
    struct buyout_result b = solve(r, 0);
    assert_memory_equal(&a.tot, &b.tot, sizeof a.tot);
}

/* The strategy file's rows say what the API says: the 3rd-card decision
 * and, letter by letter in card id order, the 4th-card decisions. */
static void strategy_rows_match_api(void **state)
{
    (void)state;
    struct buyout_rules r = small(2, 6);
    FILE *csv = tmpfile();
    assert_non_null(csv);
    struct buyout_solution sol;
    struct buyout_solve_options o = {.solution = &sol};
    struct buyout_result res;
    char err[256], line[256];
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
    assert_int_equal(buyout_strategy_write(&sol, csv, NULL, NULL), 0);
    buyout_solution_free(&sol);
    rewind(csv);
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(fgets(line, sizeof line, csv)); /* the header */
    long rows = 0;
    while (fgets(line, sizeof line, csv)) {
        /* cards,upcard,third,weight,decision,ev_buy,ev_refuse,ev_fold,fourth */
        char *field[9], *rest = line;
        for (int i = 0; i < 9; i++)
            field[i] = strsep(&rest, ",\n");
        const char *cards = field[0], *up = field[1], *third = field[2], *decision = field[4], *fourth = field[8];
        assert_int_equal(strlen(fourth), NCARDS);
        card_t P[2], u, t;
        assert_int_equal(cards_parse(cards, P, 2, err, sizeof err), 2);
        assert_int_equal(cards_parse(up, &u, 1, err, sizeof err), 1);
        assert_int_equal(cards_parse(third, &t, 1, err, sizeof err), 1);
        struct buyout_option_evs e;
        assert_int_equal(buyout_situation_evs(cx, P, u, t, NULL, &e, err, sizeof err), 0);
        assert_string_equal(decision, buyout_choice_name(e.best));
        for (int c = 0; c < NCARDS; c++) {
            card_t f = (card_t)c;
            if (fourth[c] == '-') {
                assert_int_equal(buyout_situation_evs(cx, P, u, t, &f, &e, err, sizeof err), -1);
                continue;
            }
            assert_int_equal(buyout_situation_evs(cx, P, u, t, &f, &e, err, sizeof err), 0);
            assert_int_equal(fourth[c], "FRB"[e.best]);
        }
        rows++;
    }
    assert_int_equal(rows, res.tot.classes3);
    buyout_context_free(cx);
    fclose(csv);
}

/* The framed representatives (buyout_classes_framed, the solve without a
 * kept solution) against the listed classes (buyout_classes): as many,
 * and their deals x orbit sizes the same, in total and by the ranks of
 * the upcard, of the player's two cards and of the 3rd card (which no suit
 * permutation changes); each with its r_key.  On shoes whose suits fall
 * in blocks of 4, 3+1, 2+1+1 and 1+1+1+1 alike suits (top 6 ranks of 2
 * decks, some cards taken out). */
static int rank_key(const struct buyout_class *c)
{
    int a = card_rank(c->P[0]), b = card_rank(c->P[1]);
    if (a > b)
        a ^= b, b ^= a, a ^= b;
    return ((card_rank(c->up) * NRANKS + a) * NRANKS + b) * NRANKS + card_rank(c->third);
}

static void framed_classes_cover(const int8_t shoe[NCARDS])
{
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    memcpy(r.shoe, shoe, sizeof r.shoe);
    char err[256];
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(cx);
    struct buyout_class *list;
    long n = buyout_classes(cx, &list);
    assert_true(n > 0);
    enum { NKEYS = NRANKS * NRANKS * NRANKS * NRANKS };
    static int64_t listed[NKEYS], framed[NKEYS];
    memset(listed, 0, sizeof listed), memset(framed, 0, sizeof framed);
    for (long i = 0; i < n; i++)
        listed[rank_key(&list[i])] += list[i].orbit * (int64_t)list[i].ways;
    long m = 0;
    static struct buyout_class out[BUYOUT_FRAMED_MAX];
    for (int up = 0; up < NCARDS; up++) {
        if (!cx->count[up] || buyout_frame_up(cx, (card_t)up) != up)
            continue;
        for (int r0 = 0; r0 < NCARDS; r0++) {
            long k = buyout_classes_framed(cx, (card_t)up, (card_t)r0, out);
            for (long i = 0; i < k; i++) {
                assert_int_equal(out[i].r_key, buyout_class_r_key(cx, &out[i]));
                framed[rank_key(&out[i])] += out[i].orbit * (int64_t)out[i].ways;
            }
            m += k;
        }
    }
    assert_int_equal(m, n);
    assert_memory_equal(listed, framed, sizeof listed);
    free(list);
    buyout_context_free(cx);
}

static void framed_classes(void **state)
{
    (void)state;
    int8_t shoe[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        shoe[c] = (int8_t)(card_rank((card_t)c) >= NRANKS - 6 ? 2 : 0);
    framed_classes_cover(shoe); /* 4 alike suits */
    shoe[card_make(RANK_ACE, 3)] = 1;
    framed_classes_cover(shoe); /* 3 + 1 */
    shoe[card_make(RANK_KING, 2)] = 1;
    framed_classes_cover(shoe); /* 2 + 1 + 1 */
    shoe[card_make(RANK_QUEEN, 1)] = 0;
    framed_classes_cover(shoe); /* no two alike */
}

static void bad_rules(void **state)
{
    (void)state;
    char err[256];
    struct buyout_rules r;
    r = small(0, 13), assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(7, 13), assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(6, 0), assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(6, 14), assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(1, 2), assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1); /* 8 cards */
    assert_non_null(strstr(err, "too small"));
    r = small(6, 13), r.bonus_alone = true;
    assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(6, 13), r.bonus_table = 4;
    assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    r = small(6, 13), r.bonus_table = 1, r.bonus_num = 0, r.bonus_den = 1;
    assert_int_equal(buyout_rules_check(&r, err, sizeof err), -1);
    assert_null(buyout_context_new(&r, err, sizeof err));
    struct buyout_solve_options o = {.threads = 1};
    struct buyout_result res;
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), -1);
}

static void bad_cards(void **state)
{
    (void)state;
    char err[256];
    struct buyout_rules r = small(1, 5);
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(cx);
    struct buyout_option_evs e;
    card_t As = card_make(RANK_ACE, 3), Ks = card_make(RANK_KING, 3), Qs = card_make(RANK_QUEEN, 3);
    card_t P[2] = {As, As};
    assert_int_equal(buyout_situation_evs(cx, P, Ks, Qs, NULL, &e, err, sizeof err), -1);
    assert_non_null(strstr(err, "As"));
    card_t Q[2] = {As, card_make(3, 0)}; /* a 5: not in the top 5 ranks */
    assert_int_equal(buyout_situation_evs(cx, Q, Ks, Qs, NULL, &e, err, sizeof err), -1);
    card_t R[2] = {As, Ks}, again = Qs;
    assert_int_equal(buyout_situation_evs(cx, R, card_make(RANK_JACK, 0), Qs, &again, &e, err, sizeof err), -1);
    buyout_context_free(cx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(totals_add_up),
        cmocka_unit_test(api_averages_to_round),
        cmocka_unit_test(buy_is_average_of_fourth),
        cmocka_unit_test(dealer_readings_same_game),
        cmocka_unit_test(strategy_rows_match_api),
        cmocka_unit_test(framed_classes),
        cmocka_unit_test(bad_rules),
        cmocka_unit_test(bad_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
