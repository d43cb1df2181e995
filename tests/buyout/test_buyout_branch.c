/* test_buyout_branch.c — the buy branch as the solve prices it (a thread's
 * cache, classes visited in the solve's order, so that one group's rows
 * shared with the next are reused) against the plain way of pricing each
 * 4th card on its own (buyout_eval_fourths) and the 3rd-card refuse
 * (buyout_eval_parts), which read every sub-multiset's row themselves;
 * and the objectives' values (buyout_eval_third_values, its own cache).
 * Windows of consecutive classes on four shoes: six decks (suits framed),
 * a shoe whose suits all differ, a shoe with missing and repeated cards,
 * and one with a Bonus of its own that changes 4th-card decisions.  Where
 * the shoe has no suit symmetry, every part of a buying class's branch
 * (bets, Bonus, net results, final hands, the no-Bonus strategy) is summed
 * again card by card from the plain pricing.  And a small solve's totals
 * against its classes priced one by one.  Exact equality throughout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "buyout_eval.h"
#include "buyout_solve.h"

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
    wide_t D = (wide_t)parts.N3 * parts.T4; /* 1/T3 = (N3 - 4)/(N3 T4) */
    if (parts.p2 > 0) /* the First bet on 2 cards, and the Bonus on them */
        assert_true(s->v[BUYOUT_REFUSE] == (wide_t)(parts.refuse3.win - parts.refuse3.lose) * (parts.N3 - 4) * cx->bden +
                                               (cx->bnum ? cx->bnum * buyout_rules_bonus(&cx->r, parts.p2) * D : 0));
    assert_true(s->den == D * cx->bden);
}

/* The plain decision at a 4th card: the main bets only (fold -2 T4,
 * refuse 2 (win - lose), buy 3 (win - lose)), ties to the smaller wager. */
static int plain_choice(const struct buyout_parts *parts, const struct buyout_fourth_part *f)
{
    int64_t main[3] = {-2 * parts->T4, 2 * (f->refuse.win - f->refuse.lose), 3 * (f->buy.win - f->buy.lose)};
    bool legal[3] = {true, parts->p3 > 0, f->p4 > 0};
    int best = BUYOUT_FOLD;
    for (int c = BUYOUT_REFUSE; c <= BUYOUT_BUY; c++)
        if (legal[c] && main[c] > main[best])
            best = c;
    return best;
}

/* A class that buys the 3rd card: the branch's parts (bets, Bonus, 4th-card
 * decisions, net results, final hands, the Bonus's changes) summed here
 * card by card from the plain pricing's showdowns (buyout_eval_parts) and
 * decisions (buyout_eval_fourths), in 1/(N3 T4 bden).  Only for a shoe
 * without suit symmetry, where both list the 4th cards in card order. */
static void check_branch_parts(struct buyout_context *cx, const struct buyout_class *k, const struct buyout_sit *s,
                               const struct buyout_final_list *final)
{
    struct buyout_parts parts;
    struct buyout_option_evs fourth[NCARDS];
    bool have[NCARDS];
    buyout_eval_parts(cx, k->P, k->up, k->third, true, &parts);
    buyout_eval_fourths(cx, k->P, k->up, k->third, fourth, have);
    const wide_t T4 = parts.T4, bden = cx->bden, bnum = cx->bnum;
    wide_t bets[3] = {0, 0, 0}, bonus = 0, at4[3] = {0, 0, 0}, net[BUYOUT_NNET] = {0}, changed_p = 0, plain_value = 0;
    wide_t hands[2][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN];
    memset(hands, 0, sizeof hands);
    int i = 0, changed = 0;
    for (int c = 0; c < NCARDS; c++) {
        if (!have[c])
            continue;
        const struct buyout_fourth_part *f = &parts.fourth[i++];
        int64_t a4 = unseen(cx, k, (card_t)c);
        assert_int_equal(f->copies, a4);
        int best = fourth[c].best, kept = best == BUYOUT_BUY ? 4 : 3, p = best == BUYOUT_BUY ? f->p4 : parts.p3;
        at4[best] += a4 * T4;
        int pay = best == BUYOUT_FOLD ? -1 : cx->bnum ? buyout_rules_bonus(&cx->r, p) : 0;
        bonus += bnum * pay * a4 * T4;
        if (best == BUYOUT_FOLD) {
            bets[0] -= a4 * T4 * bden, bets[1] -= a4 * T4 * bden;
            net[-2 - BUYOUT_NET_MIN] += a4 * T4;
        } else {
            const struct buyout_showdown_counts *w = best == BUYOUT_BUY ? &f->buy : &f->refuse;
            for (int b = 0; b < (best == BUYOUT_BUY ? 3 : 2); b++)
                bets[b] += (wide_t)(w->win - w->lose) * a4 * bden;
            int units = best == BUYOUT_BUY ? 3 : 2;
            net[units - BUYOUT_NET_MIN] += a4 * w->win, net[-BUYOUT_NET_MIN] += a4 * w->push;
            net[-units - BUYOUT_NET_MIN] += a4 * w->lose;
            hands[kept - 3][p][BUYOUT_WIN] += a4 * w->win, hands[kept - 3][p][BUYOUT_PUSH] += a4 * w->push;
            hands[kept - 3][p][BUYOUT_LOSE] += a4 * w->lose;
        }
        int plain = plain_choice(&parts, f), plain_p = plain == BUYOUT_BUY ? f->p4 : parts.p3;
        if (plain != best)
            changed++, changed_p += a4 * T4;
        int64_t main[3] = {-2 * parts.T4, 2 * (f->refuse.win - f->refuse.lose), 3 * (f->buy.win - f->buy.lose)};
        int plain_pay = plain == BUYOUT_FOLD ? -1 : cx->bnum ? buyout_rules_bonus(&cx->r, plain_p) : 0;
        plain_value += (wide_t)main[plain] * a4 * bden + bnum * plain_pay * a4 * T4;
    }
    if (s->best_plain == BUYOUT_BUY) /* the no-Bonus strategy's value, buying the 3rd card */
        assert_true(s->value_plain == plain_value);
    assert_int_equal(i, parts.n4);
    assert_true(s->first == bets[0] && s->second == bets[1] && s->third == bets[2] && s->bonus == bonus);
    assert_memory_equal(s->at4, at4, sizeof at4);
    assert_memory_equal(s->net, net, sizeof net);
    assert_int_equal(s->changed4, changed);
    assert_true(s->changed4_p == changed_p);
    wide_t listed[2][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN];
    memset(listed, 0, sizeof listed);
    for (int e = 0; e < final->n; e++)
        for (int x = 0; x < BUYOUT_NSHOWDOWN; x++)
            listed[final->e[e].kept - 3][final->e[e].points][x] += final->e[e].wpl[x];
    assert_memory_equal(listed, hands, sizeof hands);
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
    long checked = 0, branches = 0;
    for (int w = 0; w < windows; w++) {
        long from = n * w / windows;
        for (long j = from; j < from + width && j < n; j++) {
            const struct buyout_class *k = &list[order[j]];
            struct buyout_sit s;
            buyout_eval_third_cached(cx, k->P, k->up, k->third, cache, &s);
            check_class(cx, k, &s);
            if (s.best == BUYOUT_BUY && cx->nperms == 1)
                check_branch_parts(cx, k, &s, buyout_eval_cache_final(cache)), branches++;
            if (!r->bonus_table) /* the objectives carry a Bonus themselves */
                check_values(cx, k, &s, values);
            checked++;
            /* now and then the same 3 cards against another upcard, then
             * back: shared rows must not outlive their upcard's tables (not
             * every class, so that the next groups reuse them) */
            struct buyout_class other = *k;
            other.up = (card_t)((k->up + 5) % NCARDS);
            if (j % 50 == 49 && unseen(cx, &other, other.up) >= 0) {
                buyout_eval_third_cached(cx, other.P, other.up, other.third, cache, &s);
                check_class(cx, &other, &s);
                if (!r->bonus_table)
                    check_values(cx, &other, &s, values);
            }
        }
    }
    assert_true(checked >= width);
    assert_true(cx->nperms > 1 || branches > width / 4); /* no suit symmetry: the branches checked */
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

/* 5/2 units of a Bonus of one's own that pays 20 points alone: buying
 * past them can lose it, so it changes 4th-card decisions too (the
 * seed's tables change only 3rd-card ones). */
static void twenty_points_bonus(struct buyout_rules *r)
{
    r->bonus_table = BUYOUT_TABLE_FILE, r->bonus_num = 5, r->bonus_den = 2;
    strcpy(r->bonus_pays.name, "20 points");
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        r->bonus_pays.pay[p] = p == 20 ? 40 : -1;
}

/* With that Bonus beside the main game: the combined and the plain
 * 4th-card decisions against the plain pricing. */
static void uneven_with_bonus(void **state)
{
    (void)state;
    static const int by_suit[NSUITS] = {6, 5, 4, 3};
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)(by_suit[card_suit((card_t)c)] - (card_rank((card_t)c) % 3 == 0));
    twenty_points_bonus(&r);
    check_windows(&r, 4, 500);
}

/* The solve's totals (the shared rows, int64 branch sums, a group's buy
 * parts added once) against the sum over the classes of each class
 * priced alone the plain way (buyout_eval_third), every part: the EV, the
 * bets, the decisions, the net results, the final hands, the plain
 * strategy's EV and the Bonus's changes.  A shoe of 2 decks of 6 ranks,
 * some cards missing, with the 20-point Bonus. */
static void solve_totals_plain(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)(card_rank((card_t)c) >= NRANKS - 6 ? 2 - (c % 7 == 3) : 0);
    twenty_points_bonus(&r);
    struct buyout_solve_options o = {.threads = 2};
    struct buyout_result res;
    char err[256];
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
    struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
    assert_non_null(cx);
    struct buyout_class *list;
    long *order;
    long n = buyout_classes_and_tables(cx, &list, &order);
    assert_true(n > 0);
    struct buyout_totals t;
    memset(&t, 0, sizeof t);
    for (long i = 0; i < n; i++) {
        struct buyout_sit s;
        buyout_eval_third(cx, list[i].P, list[i].up, list[i].third, &s);
        int64_t w = list[i].orbit * list[i].ways;
        t.ev += w * s.v[s.best], t.ev_plain += w * s.value_plain;
        t.first += w * s.first, t.second += w * s.second, t.third += w * s.third, t.bonus += w * s.bonus;
        for (int c = 0; c < 3; c++)
            t.at3[c] += w * s.at3[c], t.at4[c] += w * s.at4[c];
        for (int k = 0; k < BUYOUT_NNET; k++)
            t.net[k] += w * s.net[k];
        for (int e = 0; e < s.final.n; e++)
            for (int x = 0; x < BUYOUT_NSHOWDOWN; x++)
                t.final[s.final.e[e].kept - BUYOUT_KEPT_MIN][s.final.e[e].points][x] += w * s.final.e[e].wpl[x];
        t.changed4_p += w * s.changed4_p;
        t.changed4 += s.changed4;
        if (s.best != s.best_plain)
            t.changed3++, t.changed3_p += w * (s.at3[0] + s.at3[1] + s.at3[2]);
    }
    const struct buyout_totals *u = &res.tot;
    assert_true(u->changed4_p != 0 && u->changed4 > 0 && u->changed3 > 0); /* the Bonus changes decisions */
    assert_true(t.ev == u->ev && t.ev_plain == u->ev_plain);
    assert_true(t.first == u->first && t.second == u->second && t.third == u->third && t.bonus == u->bonus);
    assert_memory_equal(t.at3, u->at3, sizeof t.at3);
    assert_memory_equal(t.at4, u->at4, sizeof t.at4);
    assert_memory_equal(t.net, u->net, sizeof t.net);
    assert_memory_equal(t.final, u->final, sizeof t.final);
    assert_true(t.changed4_p == u->changed4_p && t.changed4 == u->changed4);
    assert_true(t.changed3 == u->changed3 && t.changed3_p == u->changed3_p);
    free(list), free(order);
    buyout_context_free(cx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(six_decks),
        cmocka_unit_test(suits_all_uneven),
        cmocka_unit_test(missing_and_repeated),
        cmocka_unit_test(uneven_with_bonus),
        cmocka_unit_test(solve_totals_plain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
