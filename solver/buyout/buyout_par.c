/* buyout_par.c — the PAR sheet of 4 Card Buyout (see buyout_par.h). */
#include "buyout_par.h"

#include <stdio.h>
#include <string.h>

#include "buyout_report.h"
#include "buyout_rules.h"
#include "buyout_shoe.h"

static const int SHOWDOWN_SIGN[BUYOUT_NSHOWDOWN] = {1, 0, -1};
static const char *const SHOWDOWN_NAMES[BUYOUT_NSHOWDOWN] = {"wins", "pushes", "loses"};
static const char *const RESULT_NAMES[BUYOUT_NSHOWDOWN] = {"win", "push", "lose"}; /* the rows' "result" */
static const char *const CHOICE_NAMES[3] = {"fold", "refuse", "buy"};

/* The Bonus per unit on a final hand of p points (0 without a Bonus). */
static int bonus_result(const struct buyout_rules *r, int p)
{
    return r->bonus_table ? buyout_rules_bonus(r, p) : 0;
}

static bool bonus_in_main(const struct buyout_rules *r) { return r->bonus_table && !r->bonus_alone; }

/* A round's net result in 1/bonus_den First-bet units. */
static wide_t showdown_net(const struct buyout_rules *r, int kept, int p, int result)
{
    wide_t bden = bonus_in_main(r) ? r->bonus_den : 1, bnum = bonus_in_main(r) ? r->bonus_num : 0;
    return (wide_t)(kept - 1) * SHOWDOWN_SIGN[result] * bden + bnum * bonus_result(r, p);
}

static wide_t fold_net(const struct buyout_rules *r, int lost)
{
    wide_t bden = bonus_in_main(r) ? r->bonus_den : 1, bnum = bonus_in_main(r) ? r->bonus_num : 0;
    return -(wide_t)lost * bden - bnum;
}

/* The main bets' net result from the final hands and the folds must be
 * the solve's own count of it. */
static int check_net(const struct buyout_totals *t, char *err, size_t errlen)
{
    wide_t net[BUYOUT_NNET] = {0};
    net[-1 - BUYOUT_NET_MIN] += t->at3[BUYOUT_FOLD];
    net[-2 - BUYOUT_NET_MIN] += t->at4[BUYOUT_FOLD];
    for (int k = 0; k < BUYOUT_NKEPT; k++)
        for (int p = 0; p < BUYOUT_NPOINTS; p++)
            for (int res = 0; res < BUYOUT_NSHOWDOWN; res++)
                net[(k + 1) * SHOWDOWN_SIGN[res] - BUYOUT_NET_MIN] += t->final[k][p][res];
    for (int i = 0; i < BUYOUT_NNET; i++)
        if (net[i] != t->net[i])
            return snprintf(err, errlen, "PAR sheet: the final hands give another count of the net result %+d "
                                         "than the solve", i + BUYOUT_NET_MIN), -1;
    return 0;
}

static void add_distribution(struct par_sheet *s, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    s->dist.total = t->prob_den;
    if (r->rules.bonus_alone) {
        for (int i = 0; i < t->nbonus_outcomes; i++)
            par_dist_add(&s->dist, t->bonus_pays[i], t->bonus_outcome[i]);
        return;
    }
    s->dist.value_den = bonus_in_main(&r->rules) ? r->rules.bonus_den : 1;
    par_dist_add(&s->dist, fold_net(&r->rules, 1), t->at3[BUYOUT_FOLD]);
    par_dist_add(&s->dist, fold_net(&r->rules, 2), t->at4[BUYOUT_FOLD]);
    for (int k = 0; k < BUYOUT_NKEPT; k++)
        for (int p = 0; p < BUYOUT_NPOINTS; p++)
            for (int res = 0; res < BUYOUT_NSHOWDOWN; res++)
                if (t->final[k][p][res])
                    par_dist_add(&s->dist, showdown_net(&r->rules, k + BUYOUT_KEPT_MIN, p, res), t->final[k][p][res]);
}

static void add_readings(struct par_sheet *s, const struct buyout_rules *r)
{
    char shoe[400];
    if (r->shoe_given)
        par_sheet_reading(s, "shoe", "%s", buyout_shoe_describe(r, shoe, sizeof shoe));
    else if (r->decks == BUYOUT_MAX_DECKS && r->nranks == NRANKS)
        par_sheet_reading(s, "shoe", "six 52-card decks (312 cards); every card seen leaves it, refused cards too");
    else
        par_sheet_reading(s, "shoe", "reduced shoe for checks: %d deck(s) of the top %d rank(s)", r->decks, r->nranks);
    par_sheet_reading(s, "players", "one player alone against the dealer; no other exposed cards (reading 3)");
    if (r->bonus_table) {
        char units[64];
        snprintf(units, sizeof units, r->bonus_den == 1 ? "%lld" : "%lld/%lld", (long long)r->bonus_num,
                 (long long)r->bonus_den);
        par_sheet_reading(s, "Bonus", "%s", r->bonus_alone ? "played alone: 4 cards from the full shoe, paid on "
                                                            "their points (to 1) from 21 points"
                                                          : "beside the main game: paid (to 1) on the points of "
                                                            "the cards kept; lost when the player folds");
        if (r->bonus_table == BUYOUT_TABLE_FILE)
            par_sheet_reading(s, "Bonus paytable", "%s", r->bonus_pays.name);
        else
            par_sheet_reading(s, "Bonus table", "%d", r->bonus_table);
        if (!r->bonus_alone)
            par_sheet_reading(s, "Bonus units", "%s per First-bet unit", units);
    }
    if (r->bonus_alone)
        return;
    par_sheet_reading(s, "dealer's five cards", "%s", r->dealer_five == BUYOUT_FIVE_ALL
                                                          ? "all-five: all five cards count (reading 1)"
                                                          : "best-four: his best 4-card subset (reading 1)");
    par_sheet_reading(s, "dealer", "draws a 5th card under 13 points with his 4 cards; no qualifying");
    par_sheet_reading(s, "playable", "a pair or two cards of one suit: any hand with points (reading 2)");
    par_sheet_reading(s, "wagers", "First = Second = Third = 1 unit, paid 1:1 on the points; equal points push");
    par_sheet_reading(s, "strategy", "%s", r->bonus_table ? "the decision of the highest EV of First + Second + Third "
                                                            "+ Bonus; a tie goes to the smaller wager"
                                                          : "the decision of the highest EV; a tie goes to the "
                                                            "smaller wager");
}

static void add_bets(struct par_sheet *s, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    if (r->rules.bonus_alone) {
        par_sheet_bet(s, "bonus", "Bonus", t->bonus, t->money_den, "played alone");
        return;
    }
    par_sheet_bet(s, "first", "First", t->first, t->money_den, "always wagered");
    par_sheet_bet(s, "second", "Second", t->second, t->money_den, "wagered when the 3rd card is bought");
    par_sheet_bet(s, "third", "Third", t->third, t->money_den, "wagered when the 4th card is bought");
    if (r->rules.bonus_table)
        par_sheet_bet(s, "bonus", "Bonus", t->bonus, t->money_den, "per First-bet unit (its units included)");
}

static void add_decisions(struct par_sheet *s, const struct buyout_totals *t)
{
    struct par_table *tb = par_sheet_table(s, "Decisions", "rounds", t->prob_den, "", 1);
    char name[PAR_NAME];
    for (int c = BUYOUT_BUY; c >= BUYOUT_FOLD; c--) {
        snprintf(name, sizeof name, "3rd card: %s", CHOICE_NAMES[c]);
        par_table_row(tb, name, t->at3[c], false, 0);
        par_row_field(tb, "card", "3rd"), par_row_field(tb, "decision", CHOICE_NAMES[c]);
    }
    for (int c = BUYOUT_BUY; c >= BUYOUT_FOLD; c--) {
        snprintf(name, sizeof name, "4th card: %s", CHOICE_NAMES[c]);
        par_table_row(tb, name, t->at4[c], false, 0);
        par_row_field(tb, "card", "4th"), par_row_field(tb, "decision", CHOICE_NAMES[c]);
    }
    par_table_row(tb, "no 4th-card decision (the 3rd card refused or folded)",
                  t->at3[BUYOUT_REFUSE] + t->at3[BUYOUT_FOLD], false, 0);
    par_row_field(tb, "card", "4th"), par_row_field(tb, "decision", "none");
}

static void add_fold_rows(struct par_table *tb, const struct buyout_result *r)
{
    wide_t fold3 = r->tot.at3[BUYOUT_FOLD], fold4 = r->tot.at4[BUYOUT_FOLD];
    par_table_row(tb, "folds at the 3rd card", fold3, true, fold3 * fold_net(&r->rules, 1));
    par_row_field(tb, "result", "fold"), par_row_field(tb, "card", "3rd");
    par_table_row(tb, "folds at the 4th card", fold4, true, fold4 * fold_net(&r->rules, 2));
    par_row_field(tb, "result", "fold"), par_row_field(tb, "card", "4th");
}

static void add_final_hands(struct par_sheet *s, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    wide_t den = s->dist.value_den;
    struct par_table *hands = par_sheet_table(s, "Player's final hand", "rounds, by the cards the player keeps "
                                              "and their points", t->prob_den, "return per First-bet unit",
                                              t->prob_den * den);
    struct par_table *shows = par_sheet_table(s, "Showdowns", "rounds, by the cards the player keeps",
                                              t->prob_den, "return per First-bet unit", t->prob_den * den);
    add_fold_rows(hands, r);
    add_fold_rows(shows, r);
    char name[PAR_NAME];
    for (int k = BUYOUT_NKEPT - 1; k >= 0; k--) {
        int kept = k + BUYOUT_KEPT_MIN;
        wide_t by_result[BUYOUT_NSHOWDOWN] = {0}, money[BUYOUT_NSHOWDOWN] = {0};
        for (int p = BUYOUT_NPOINTS - 1; p >= 0; p--) {
            wide_t n = 0, m = 0;
            for (int res = 0; res < BUYOUT_NSHOWDOWN; res++) {
                wide_t v = t->final[k][p][res] * showdown_net(&r->rules, kept, p, res);
                n += t->final[k][p][res], m += v;
                by_result[res] += t->final[k][p][res], money[res] += v;
            }
            if (n) {
                snprintf(name, sizeof name, "%d cards, %d points", kept, p);
                par_table_row(hands, name, n, true, m);
                par_row_field_int(hands, "cards", kept), par_row_field_int(hands, "points", p);
            }
        }
        for (int res = 0; res < BUYOUT_NSHOWDOWN; res++) {
            snprintf(name, sizeof name, "%d cards kept, player %s", kept, SHOWDOWN_NAMES[res]);
            par_table_row(shows, name, by_result[res], true, money[res]);
            par_row_field_int(shows, "cards", kept), par_row_field(shows, "result", RESULT_NAMES[res]);
        }
    }
}

/* The Bonus beside the main game, per Bonus unit: its rows by pay band. */
static void add_bonus_side(struct par_sheet *s, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    struct par_side *b = par_sheet_side(s, "Bonus", "Per Bonus unit, on the points of the cards the player keeps "
                                        "under the strategy above; lost when he folds.  Part of the round above "
                                        "(scaled by the Bonus units).", true);
    if (!b)
        return;
    b->dist.total = t->prob_den;
    par_side_row(b, "player folds", -1, t->at3[BUYOUT_FOLD] + t->at4[BUYOUT_FOLD]);
    char name[PAR_NAME];
    for (int hi = BUYOUT_NPOINTS - 1; hi >= 0;) {
        int pay = bonus_result(&r->rules, hi), lo = hi;
        while (lo > 0 && bonus_result(&r->rules, lo - 1) == pay)
            lo--;
        wide_t n = 0;
        for (int p = lo; p <= hi; p++)
            for (int k = 0; k < BUYOUT_NKEPT; k++)
                for (int res = 0; res < BUYOUT_NSHOWDOWN; res++)
                    n += t->final[k][p][res];
        if (lo == hi)
            snprintf(name, sizeof name, "%d points", hi);
        else
            snprintf(name, sizeof name, "%d-%d points", lo, hi);
        par_side_row(b, name, pay, n);
        hi = lo - 1;
    }
}

/* The Bonus rows priced again must give the solve's Bonus EV. */
static int check_bonus(const struct par_sheet *s, const struct buyout_result *r, char *err, size_t errlen)
{
    const struct par_side *b = s->nsides ? s->sides[0] : NULL;
    if (!b)
        return 0;
    /* the solve's Bonus per First-bet unit over the Bonus units per First-bet unit */
    struct par_frac units = par_frac_make(r->rules.bonus_num, r->rules.bonus_den);
    struct par_frac want = par_frac_div(par_frac_make(r->tot.bonus, r->tot.money_den), units);
    if (!b->m.ok || !want.ok || b->m.ev.num != want.num || b->m.ev.den != want.den)
        return snprintf(err, errlen, "PAR sheet: the Bonus from the final points is not the solve's Bonus EV"), -1;
    return 0;
}

struct par_sheet *buyout_par_build(const struct buyout_result *r, char *err, size_t errlen)
{
    const struct buyout_totals *t = &r->tot;
    if (!r->rules.bonus_alone && check_net(t, err, errlen) != 0)
        return NULL;
    char preset[PAR_NAME];
    buyout_preset_name(&r->rules, preset, sizeof preset);
    struct par_sheet *s = par_sheet_new("buyout", "4 Card Buyout", preset, r->rules.bonus_alone ? "Bonus bet" : "First bet");
    if (!s)
        return snprintf(err, errlen, "out of memory"), NULL;
    add_distribution(s, r);
    add_readings(s, &r->rules);
    add_bets(s, r);
    s->solver_ev = par_frac_make(t->ev, t->money_den);
    s->average_wager = par_frac_make(t->wagered, t->money_den);
    s->initial_wager = bonus_in_main(&r->rules)
                           ? par_frac_make(r->rules.bonus_den + r->rules.bonus_num, r->rules.bonus_den)
                           : par_frac_make(1, 1);
    if (!r->rules.bonus_alone) {
        add_decisions(s, t);
        add_final_hands(s, r);
        if (r->rules.bonus_table)
            add_bonus_side(s, r);
    }
    if (par_sheet_finish(s, err, errlen) != 0 || check_bonus(s, r, err, errlen) != 0) {
        par_sheet_free(s);
        return NULL;
    }
    return s;
}
