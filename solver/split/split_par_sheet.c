/* split_par_sheet.c — the PAR sheet of 4 Card Split (see split_par_sheet.h).
 *
 * Every count is a number of rounds out of par->total: each situation (the
 * player's 4 cards, the upcard) followed by every ordered deal of the
 * dealer's 3 hole cards and 2 completion cards (split_par.h).  Money is in
 * 1/den of a unit (Blind = each Ante = each Play = 1). */
#include "split_par_sheet.h"

#include <stdio.h>

#include "split_solve.h"

static void add_readings(struct par_sheet *s, const struct split_par *par)
{
    const struct split_rules *r = &par->pt.rules;
    par_sheet_reading(s, "version", "%s", par->pt.version);
    par_sheet_reading(s, "dealer hand", "%s", r->dealer == SPLIT_DEALER_BEST3OF4 ? "best 3 of his 4 cards"
                                                                                 : "the upcard and the best 2 of 3");
    par_sheet_reading(s, "dealer qualifies", "%c-high or better", RANK_CHARS[r->qualify_high]);
    par_sheet_reading(s, "instant winners", "%s", par->instant == SPLIT_INSTANT_CHOOSE
                                                      ? "choose: the player keeps the one that maximises his EV"
                                                      : "highest: the player must take the highest-paying");
    par_sheet_reading(s, "units", "Blind = each Ante = each Play = 1");
    par_sheet_reading(s, "players", "one player alone against the dealer");
    par_sheet_reading(s, "rounds", "each situation with every ordered deal of the dealer's 3 hole cards and 2 "
                                   "completion cards (%lld in all)", (long long)par->total);
}

static void add_bets(struct par_sheet *s, const struct split_par *par)
{
    wide_t den = (wide_t)par->total * par->den;
    par_sheet_bet(s, "blind", "Blind", par->bets.blind, den, "paid on the player's 4 cards");
    par_sheet_bet(s, "ante_instant", "Antes paid as instant winners", par->bets.ante_instant, den, NULL);
    par_sheet_bet(s, "ante_played", "Antes of played hands", par->bets.ante_showdown, den, "draw table against the dealer");
    par_sheet_bet(s, "ante_folded", "Antes of folded hands", par->bets.ante_fold, den, NULL);
    par_sheet_bet(s, "play", "Play bets", par->bets.play, den, "even money against a qualified dealer");
}

static void add_decisions(struct par_sheet *s, const struct split_par *par)
{
    const struct split_par_decisions *d = &par->decisions;
    struct par_table *t = par_sheet_table(s, "Decisions", "rounds", par->total, "", 1);
    if (!t)
        return;
    for (int c = E3_NCATEGORIES - 1; c >= E3_FLUSH; c--) {
        char name[PAR_NAME];
        snprintf(name, sizeof name, "instant winner: %s", eval3_category_name((enum eval3_category)c));
        par_table_row(t, name, d->instant_by_cat[c], false, 0);
    }
    par_table_row(t, "instant winner, single card played", d->instant_played, false, 0);
    par_table_row(t, "instant winner, single card folded", d->choice[SPLIT_INSTANT] - d->instant_played, false, 0);
    par_table_row(t, "3+1, both hands played", d->split_3_1_both, false, 0);
    par_table_row(t, "3+1, the 3-card hand only", d->split_3_1_three_only, false, 0);
    par_table_row(t, "3+1, the single card only", d->split_3_1_one_only, false, 0);
    par_table_row(t, "2+2, both hands played", d->split_2_2_both, false, 0);
    par_table_row(t, "2+2, one hand played", d->split_2_2_one_only, false, 0);
    par_table_row(t, "fold all", d->choice[SPLIT_FOLD_ALL], false, 0);
    par_table_row(t, "hands played (0, 1 or 2 a round)", d->hands_played, false, 0);
    par_table_row(t, "hands folded", d->hands_folded, false, 0);
}

/* The Blind's return table: each 4-card category, its pay, its hands of
 * the C(52, 4) (on the whole game every hand meets 48 upcards x SPLIT_L
 * rounds; a partial table keeps its rounds); the rows' mean must be the
 * Blind's part of the solve's EV. */
static void add_blind(struct par_sheet *s, const struct split_par *par)
{
    struct par_side *blind = par_sheet_side(s, "Blind", "The mandatory 4-card Blind of 1 unit, paid on the player's "
                                                        "4 cards whatever he decides; part of the round above.",
                                            true);
    if (!blind)
        return;
    int64_t per_hand = 48 * (int64_t)SPLIT_L; /* rounds a 4-card hand meets */
    for (int c = 0; c < BL_NCATEGORIES; c++)
        if (par->blind_by_cat[c] % per_hand)
            per_hand = 1;
    blind->dist.value_den = par->den;
    blind->dist.total = par->total / per_hand;
    blind->has_solver_ev = true;
    blind->solver_ev = par_frac_make(par->bets.blind, (wide_t)par->total * par->den);
    for (int c = BL_NCATEGORIES - 1; c >= 0; c--)
        par_side_row(blind, blind_category_name((enum blind_category)c), par->pt.blind[c],
                     par->blind_by_cat[c] / per_hand);
}

/* The played hands' Ante lines: by final category and result, a win paid
 * by the draw table (qualified dealer or not), a tie returned, a loss lost. */
static void ante_played_rows(struct par_side *antes, const struct split_par *par)
{
    static const char *const RESULT[SPLIT_PAR_NRESULTS] = {"wins", "ties", "loses"};
    char name[PAR_NAME];
    for (int c = E3_NCATEGORIES - 1; c >= 0; c--)
        for (int res = 0; res < SPLIT_PAR_NRESULTS; res++) {
            int64_t n = 0;
            for (int h = 0; h < SPLIT_PAR_NHANDS; h++)
                n += par->played[h][c][res][0] + par->played[h][c][res][1];
            if (!n)
                continue;
            int64_t pay = res == SPLIT_PAR_WIN ? par->pt.ante_draw[c] : res == SPLIT_PAR_TIE ? 0 : -par->den;
            snprintf(name, sizeof name, "played: %s %s", eval3_category_name((enum eval3_category)c), RESULT[res]);
            par_side_row(antes, name, pay, n);
        }
}

/* The Antes' return table, per Ante (two a round): an instant winner's by
 * the instant table, a played hand's by its final category and result, a
 * folded hand's lost.  Its mean must be the three Ante parts of the
 * solve's EV, halved. */
static void add_antes(struct par_sheet *s, const struct split_par *par)
{
    struct par_side *antes = par_sheet_side(s, "Ante (each of the two)",
                                            "Each of the two Antes of 1 unit: paid by the instant table when its "
                                            "hand is an instant winner, by the draw table when its played hand "
                                            "beats the dealer (qualified or not), returned on a tie, lost when the "
                                            "hand loses or is folded.  Part of the round above; combinations are "
                                            "Antes, two a round.",
                                            true);
    if (!antes)
        return;
    const struct split_par_bets *m = &par->bets;
    antes->dist.value_den = par->den;
    antes->dist.total = 2 * (wide_t)par->total;
    antes->has_solver_ev = true;
    antes->solver_ev = par_frac_make(m->ante_instant + m->ante_showdown + m->ante_fold, antes->dist.total * par->den);
    char name[PAR_NAME];
    for (int c = E3_NCATEGORIES - 1; c >= E3_FLUSH; c--) {
        snprintf(name, sizeof name, "instant winner: %s", eval3_category_name((enum eval3_category)c));
        if (par->decisions.instant_by_cat[c])
            par_side_row(antes, name, par->pt.ante_instant[c], par->decisions.instant_by_cat[c]);
    }
    ante_played_rows(antes, par);
    par_side_row(antes, "folded", -par->den, par->decisions.hands_folded);
}

/* Played hands by their final 3-card category and result, one table per
 * kind of hand. */
static void add_played(struct par_sheet *s, const struct split_par *par)
{
    for (int h = 0; h < SPLIT_PAR_NHANDS; h++) {
        char title[PAR_NAME], name[PAR_NAME];
        snprintf(title, sizeof title, "Final hands: %s, played", split_par_hand_name((enum split_par_hand)h));
        struct par_table *t = par_sheet_table(s, title, "rounds", par->total, "", 1);
        for (int c = E3_NCATEGORIES - 1; t && c >= 0; c--)
            for (int res = 0; res < SPLIT_PAR_NRESULTS; res++)
                for (int q = 1; q >= 0; q--) {
                    int64_t n = par->played[h][c][res][q];
                    if (!n)
                        continue;
                    const char *hand = eval3_category_name((enum eval3_category)c),
                               *result = split_par_result_name((enum split_par_result)res);
                    snprintf(name, sizeof name, "%s, %s, dealer %squalified", hand, result, q ? "" : "not ");
                    par_table_row(t, name, n, false, 0);
                    par_row_field(t, "hand", hand);
                    par_row_field(t, "result", result);
                    par_row_field(t, "dealer", q ? "qualified" : "not qualified");
                }
    }
}

static void add_dealer(struct par_sheet *s, const struct split_par *par)
{
    struct par_table *t = par_sheet_table(s, "The dealer's final hand", "rounds", par->total, "", 1);
    char name[PAR_NAME];
    for (int c = E3_NCATEGORIES - 1; t && c >= 0; c--)
        for (int q = 1; q >= 0; q--)
            if (par->dealer_all[c][q]) {
                snprintf(name, sizeof name, "%s%s", eval3_category_name((enum eval3_category)c),
                         q ? "" : ", not qualified");
                par_table_row(t, name, par->dealer_all[c][q], false, 0);
                par_row_field(t, "hand", eval3_category_name((enum eval3_category)c));
                par_row_field(t, "dealer", q ? "qualified" : "not qualified");
            }
}

struct par_sheet *split_par_sheet_build(const struct split_par *par, char *err, size_t errlen)
{
    struct par_sheet *s = par_sheet_new("split", "4 Card Split", par->pt.name, "Ante (= the Blind = a Play bet)");
    if (!s)
        return snprintf(err, errlen, "out of memory"), NULL;
    add_readings(s, par);
    s->dist.value_den = par->den;
    s->dist.total = par->total;
    for (long i = 0; i < par->nvalues; i++)
        par_dist_add(&s->dist, par->values[i].net, par->values[i].weight);
    s->initial_wager = par_frac_make(3, 1); /* the Blind and two Antes */
    s->average_wager = par_frac_make(3 * (wide_t)par->total + par->decisions.hands_played, par->total);
    s->solver_ev = par_frac_make(par->solver_ev, (wide_t)par->total * par->den);
    add_bets(s, par);
    add_decisions(s, par);
    add_blind(s, par);
    add_antes(s, par);
    add_played(s, par);
    add_dealer(s, par);
    if (par_sheet_finish(s, err, errlen) != 0) {
        par_sheet_free(s);
        return NULL;
    }
    return s;
}
