/* buyout_report.c — every figure here comes from the exact totals of
 * buyout_solve; floating point only for display. */
#include "buyout_report.h"

#include <json-c/json.h>
#include <string.h>

#include "buyout_rules.h"
#include "buyout_shoe.h"
#include "report_csv.h"
#include "report_json.h"
#include "wide.h"

const char *buyout_preset_name(const struct buyout_rules *r, char *buf, size_t len)
{
    char table[64];
    if (r->bonus_table == BUYOUT_TABLE_FILE)
        snprintf(table, sizeof table, "bonus-%.40s", r->bonus_pays.name); /* names are short: keep it so */
    else
        snprintf(table, sizeof table, "bonus-table-%d", r->bonus_table);
    if (!r->bonus_table)
        snprintf(buf, len, "standard");
    else if (r->bonus_alone)
        snprintf(buf, len, "%.50s-alone", table);
    else
        snprintf(buf, len, "standard+%.50s", table);
    return buf;
}

static bool reduced(const struct buyout_rules *r)
{
    return r->shoe_given || r->decks != BUYOUT_MAX_DECKS || r->nranks != NRANKS;
}

const char *buyout_shoe_text(const struct buyout_rules *r, char *buf, size_t len)
{
    if (r->shoe_given)
        buyout_shoe_describe(r, buf, len);
    else if (!reduced(r))
        snprintf(buf, len, "six 52-card decks (312 cards)");
    else
        snprintf(buf, len, "reduced shoe for checks: %d deck%s of the top %d rank%s (%d cards)", r->decks,
                 r->decks > 1 ? "s" : "", r->nranks, r->nranks > 1 ? "s" : "", r->decks * r->nranks * NSUITS);
    return buf;
}

static const char *five_text(enum buyout_five_reading f)
{
    return f == BUYOUT_FIVE_ALL ? "all-five: the dealer's 5 cards all count"
                                : "best-four: the dealer's 5 cards score their best 4-card subset";
}

static char *units_text(const struct buyout_rules *r, char *buf, size_t len)
{
    if (r->bonus_den == 1)
        snprintf(buf, len, "%lld", (long long)r->bonus_num);
    else
        snprintf(buf, len, "%lld/%lld", (long long)r->bonus_num, (long long)r->bonus_den);
    return buf;
}

/* A bet's EV, flagged when it favours the player. */
static json_object *bet_json(wide_t num, wide_t den)
{
    json_object *o = report_exact_json(num, den);
    json_object_object_add(o, "player_advantage", json_object_new_boolean(num > 0));
    return o;
}

/* The pays of the rules' table by points, runs of equal pays joined;
 * the points that lose are left out. */
static json_object *pay_table_json(const struct buyout_rules *r)
{
    json_object *o = json_object_new_object();
    int last = -2;
    for (int p = BUYOUT_MAXP; p >= 0; p--) {
        int pay = buyout_rules_bonus(r, p);
        if (pay == last || pay < 0) {
            last = pay;
            continue;
        }
        int low = p;
        while (low > 0 && buyout_rules_bonus(r, low - 1) == pay)
            low--;
        char key[16];
        if (low == p)
            snprintf(key, sizeof key, "%d", p);
        else
            snprintf(key, sizeof key, "%d-%d", low, p);
        json_object_object_add(o, key, json_object_new_int(pay));
        last = pay;
    }
    return o;
}

json_object *buyout_rules_json(const struct buyout_rules *r)
{
    char buf[400];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "deck", json_object_new_string(buyout_shoe_text(r, buf, sizeof buf)));
    if (r->shoe_given) { /* copies of each card, in card id order (2c 2d 2h 2s 3c ... As) */
        json_object *a = json_object_new_array();
        int total = 0;
        for (int c = 0; c < NCARDS; c++)
            json_object_array_add(a, json_object_new_int(r->shoe[c])), total += r->shoe[c];
        json_object_object_add(o, "shoe_cards", json_object_new_int(total));
        json_object_object_add(o, "shoe", a);
    } else {
        json_object_object_add(o, "decks", json_object_new_int(r->decks));
        json_object_object_add(o, "ranks", json_object_new_int(r->nranks));
    }
    if (!r->bonus_alone) {
        json_object_object_add(o, "dealer_five", json_object_new_string(buyout_reading_name(r->dealer_five)));
        json_object_object_add(o, "dealer_five_reading", json_object_new_string(five_text(r->dealer_five)));
        json_object_object_add(o, "dealer_draws",
                               json_object_new_string("under 13 points with his 4 cards, a 5th card; no qualifying"));
        json_object_object_add(o, "playable",
                               json_object_new_string("a pair or two cards of one suit: any hand with points"));
        json_object_object_add(o, "units", json_object_new_string("First = Second = Third = 1"));
    }
    json_object_object_add(o, "players",
                           json_object_new_string("one player alone against the dealer; no other exposed cards"));
    if (r->bonus_table) {
        json_object *b = json_object_new_object();
        if (r->bonus_table == BUYOUT_TABLE_FILE)
            json_object_object_add(b, "paytable", json_object_new_string(r->bonus_pays.name));
        else
            json_object_object_add(b, "table", json_object_new_int(r->bonus_table));
        json_object_object_add(b, "alone", json_object_new_boolean(r->bonus_alone));
        if (!r->bonus_alone) {
            json_object_object_add(b, "units_per_first_bet", json_object_new_string(units_text(r, buf, sizeof buf)));
            json_object_object_add(b, "judged_on",
                                   json_object_new_string("the cards kept; lost when the player folds"));
        } else {
            json_object_object_add(b, "judged_on", json_object_new_string("4 cards from the full shoe"));
        }
        json_object_object_add(b, "pays", pay_table_json(r));
        json_object_object_add(o, "bonus", b);
    }
    return o;
}

static json_object *choices_json(const wide_t at[3], wide_t den)
{
    json_object *o = json_object_new_object();
    for (int c = BUYOUT_BUY; c >= BUYOUT_FOLD; c--)
        json_object_object_add(o, buyout_choice_name((enum buyout_choice)c), report_exact_json(at[c], den));
    return o;
}

static json_object *decisions_json(const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    json_object *o = json_object_new_object();
    if (r->rules.bonus_alone) {
        json_object_object_add(o, "note", json_object_new_string("the Bonus alone has no decisions"));
        return o;
    }
    json_object_object_add(o, "situations_third_card", json_object_new_int64(t->classes3));
    json_object_object_add(o, "situations_fourth_card", json_object_new_int64(t->classes4));
    json_object_object_add(o, "third_card", choices_json(t->at3, t->prob_den));
    json_object_object_add(o, "fourth_card", choices_json(t->at4, t->prob_den));
    if (r->rules.bonus_table) {
        json_object *b = json_object_new_object();
        json_object_object_add(b, "third_card_situations", json_object_new_int64(t->changed3));
        json_object_object_add(b, "third_card_probability", report_exact_json(t->changed3_p, t->prob_den));
        json_object_object_add(b, "fourth_card_situations", json_object_new_int64(t->changed4));
        json_object_object_add(b, "fourth_card_probability", report_exact_json(t->changed4_p, t->prob_den));
        json_object_object_add(o, "changed_by_bonus", b);
    }
    return o;
}

static json_object *net_json(const struct buyout_totals *t)
{
    json_object *o = json_object_new_object();
    for (int i = 0; i < BUYOUT_NNET; i++) {
        char key[8];
        snprintf(key, sizeof key, "%+d", i + BUYOUT_NET_MIN);
        json_object_object_add(o, key, report_exact_json(t->net[i], t->prob_den));
    }
    return o;
}

static json_object *bonus_outcomes_json(const struct buyout_totals *t)
{
    json_object *o = json_object_new_object();
    for (int i = 0; i < t->nbonus_outcomes; i++) {
        char key[16];
        snprintf(key, sizeof key, "%+d", t->bonus_pays[i]);
        json_object_object_add(o, key, report_exact_json(t->bonus_outcome[i], t->prob_den));
    }
    return o;
}

json_object *buyout_result_json(const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    char name[64];
    json_object *o = json_object_new_object(), *bets = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "preset", json_object_new_string(buyout_preset_name(&r->rules, name, sizeof name)));
    json_object_object_add(o, "game_rules", buyout_rules_json(&r->rules));
    json_object_object_add(o, "ev", report_exact_json(t->ev, t->money_den));
    json_object_object_add(o, "ev_per", json_object_new_string(r->rules.bonus_alone ? "Bonus unit" : "First-bet unit"));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(t->ev, t->money_den)));
    json_object_object_add(o, "player_advantage", json_object_new_boolean(t->ev > 0));
    if (!r->rules.bonus_alone) {
        json_object_object_add(bets, "first", bet_json(t->first, t->money_den));
        json_object_object_add(bets, "second", bet_json(t->second, t->money_den));
        json_object_object_add(bets, "third", bet_json(t->third, t->money_den));
    }
    if (r->rules.bonus_table)
        json_object_object_add(bets, "bonus", bet_json(t->bonus, t->money_den));
    json_object_object_add(o, "bets", bets);
    json_object_object_add(o, "average_wager", report_exact_json(t->wagered, t->money_den));
    json_object_object_add(o, "element_of_risk_percent",
                           json_object_new_double(-100 * wide_ratio(t->ev, t->wagered)));
    json_object_object_add(o, "decisions", decisions_json(r));
    if (r->rules.bonus_alone) {
        json_object_object_add(o, "bonus_result", bonus_outcomes_json(t));
    } else {
        json_object_object_add(o, "net_result", net_json(t));
        if (r->rules.bonus_table) {
            json_object *p = json_object_new_object();
            json_object_object_add(p, "ev", report_exact_json(t->ev_plain, t->money_den));
            json_object_object_add(p, "cost", report_exact_json(t->ev - t->ev_plain, t->money_den));
            json_object_object_add(o, "no_bonus_strategy", p);
        }
    }
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    return o;
}

/* ---- the readable table ---- */

static double pct(wide_t num, wide_t den)
{
    return 100 * wide_ratio(num, den);
}

static const char *flag(wide_t num)
{
    return num > 0 ? "  <- PLAYER ADVANTAGE" : "";
}

static void print_header(FILE *f, const struct buyout_rules *r)
{
    char name[128], shoe[400], units[48], label[96];
    buyout_preset_name(r, name, sizeof name);
    buyout_shoe_text(r, shoe, sizeof shoe);
    buyout_bonus_label(r, label, sizeof label);
    if (r->bonus_alone) {
        fprintf(f, "4 Card Buyout, %s (%s alone: 4 cards from %s)\n", name, label, shoe);
        return;
    }
    fprintf(f, "4 Card Buyout, %s (%s; dealer's 5 cards: %s; ", name, shoe, buyout_reading_name(r->dealer_five));
    if (r->bonus_table)
        fprintf(f, "%s, %s unit(s) per First-bet unit; ", label, units_text(r, units, sizeof units));
    fprintf(f, "one player alone)\n");
}

static void print_bonus_alone(FILE *f, const struct buyout_totals *t)
{
    fprintf(f, "  outcomes per Bonus unit:");
    for (int i = 0; i < t->nbonus_outcomes; i++)
        fprintf(f, " %+d %.4f%%", t->bonus_pays[i], pct(t->bonus_outcome[i], t->prob_den));
    fprintf(f, "\n");
}

static void print_main(FILE *f, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    wide_t d = t->money_den, p = t->prob_den;
    fprintf(f, "  bets per First-bet unit: First %+.6f  Second %+.6f  Third %+.6f", wide_ratio(t->first, d),
            wide_ratio(t->second, d), wide_ratio(t->third, d));
    if (r->rules.bonus_table)
        fprintf(f, "  Bonus %+.6f%s", wide_ratio(t->bonus, d), flag(t->bonus));
    fprintf(f, "\n");
    if (t->second > 0 || t->third > 0)
        fprintf(f, "    (Second/Third positive for the player: they are raises, made only when they pay)\n");
    fprintf(f, "  3rd card: buy %.4f%%, refuse %.4f%%, fold %.4f%%\n", pct(t->at3[BUYOUT_BUY], p),
            pct(t->at3[BUYOUT_REFUSE], p), pct(t->at3[BUYOUT_FOLD], p));
    wide_t reached = t->at4[BUYOUT_BUY] + t->at4[BUYOUT_REFUSE] + t->at4[BUYOUT_FOLD];
    fprintf(f, "  4th card: buy %.4f%%, refuse %.4f%%, fold %.4f%%, not reached %.4f%% (of all rounds)\n",
            pct(t->at4[BUYOUT_BUY], p), pct(t->at4[BUYOUT_REFUSE], p), pct(t->at4[BUYOUT_FOLD], p), pct(p - reached, p));
    fprintf(f, "  net result of First+Second+Third:");
    for (int i = 0; i < BUYOUT_NNET; i++)
        fprintf(f, " %+d %.4f%%", i + BUYOUT_NET_MIN, pct(t->net[i], p));
    fprintf(f, "\n  situations: %lld canonical at the 3rd card, %lld with their 4th cards\n", (long long)t->classes3,
            (long long)t->classes4);
    if (!r->rules.bonus_table)
        return;
    fprintf(f, "  the Bonus changes %lld 3rd-card decisions (%.4f%% of rounds) and %lld 4th-card decisions "
               "(%.4f%% of 4th-card situations)\n",
            (long long)t->changed3, pct(t->changed3_p, p), (long long)t->changed4, pct(t->changed4_p, p));
    fprintf(f, "  the no-Bonus strategy would give %+.6f%%: it costs %.6f%% of a First-bet unit\n",
            pct(t->ev_plain, d), pct(t->ev - t->ev_plain, d));
}

struct line_figures {
    double edge, edge_initial, element_of_risk, folded; /* percent */
    double initial;                                     /* First + Bonus units */
};

static void line_figures(const struct buyout_result *r, struct line_figures *g)
{
    const struct buyout_totals *t = &r->tot;
    g->initial = buyout_initial_units(&r->rules);
    g->edge = -pct(t->ev, t->money_den);
    g->edge_initial = g->edge / g->initial;
    g->element_of_risk = -pct(t->ev, t->wagered);
    g->folded = r->rules.bonus_alone ? 0 : pct(t->at3[BUYOUT_FOLD] + t->at4[BUYOUT_FOLD], t->prob_den);
}

void buyout_main_hits(const struct buyout_result *r, struct buyout_hit *out)
{
    out->won = 0, out->den = r->tot.prob_den;
    for (int i = 1 - BUYOUT_NET_MIN; i < BUYOUT_NNET; i++)
        out->won += r->tot.net[i];
}

void buyout_result_print(FILE *f, const struct buyout_result *r)
{
    const struct buyout_totals *t = &r->tot;
    char frac[100];
    print_header(f, &r->rules);
    const char *per = r->rules.bonus_alone ? "Bonus unit" : "First-bet unit";
    fprintf(f, "  EV per %s   %+.6f%%   (exact %s)%s\n", per, pct(t->ev, t->money_den),
            wide_fraction(t->ev, t->money_den, frac, sizeof frac), flag(t->ev));
    struct line_figures g;
    line_figures(r, &g);
    fprintf(f, "  house edge               %.6f%% per %s, %.6f%% per initial wager (%g unit%s)\n", g.edge,
            r->rules.bonus_alone ? "Bonus unit" : "First bet", g.edge_initial, g.initial, g.initial == 1 ? "" : "s");
    fprintf(f, "  element of risk          %.6f%%   (average wager %.6f units)\n", -pct(t->ev, t->wagered),
            wide_ratio(t->wagered, t->money_den));
    if (r->rules.bonus_alone)
        print_bonus_alone(f, t);
    else
        print_main(f, r);
    fprintf(f, "  solved in %.2f s\n", r->seconds);
}

json_object *buyout_presets_json(void)
{
    json_object *o = json_object_new_object(), *tables = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    for (int t = 1; t <= BUYOUT_NTABLES; t++) {
        json_object *e = json_object_new_object();
        char name[32];
        snprintf(name, sizeof name, "%d", t);
        json_object_object_add(e, "kind", json_object_new_string("Bonus"));
        json_object_object_add(e, "name", json_object_new_string(name));
        json_object_object_add(e, "option", json_object_new_string("--bonus-table"));
        struct buyout_rules r = buyout_rules_default();
        r.bonus_table = t;
        json_object_object_add(e, "pays_by_points", pay_table_json(&r));
        json_object_array_add(tables, e);
    }
    json_object_object_add(o, "tables", tables);
    return o;
}

void buyout_presets_print(FILE *f)
{
    fprintf(f, "# 4 Card Buyout: the Bonus tables (--bonus-table N), pays to 1 by the points of the final hand\n\n"
               "| Points |");
    for (int t = 1; t <= BUYOUT_NTABLES; t++)
        fprintf(f, " Table %d |", t);
    fprintf(f, "\n|---|");
    for (int t = 1; t <= BUYOUT_NTABLES; t++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    /* a row wherever some table's pay changes */
    for (int p = BUYOUT_MAXP; p >= BUYOUT_BONUS_MIN;) {
        int low = p;
        for (bool same = true; same && low > BUYOUT_BONUS_MIN;) {
            for (int t = 1; t <= BUYOUT_NTABLES; t++)
                same &= buyout_bonus_result(t, low - 1) == buyout_bonus_result(t, p);
            low -= same;
        }
        if (low == p)
            fprintf(f, "| %d |", p);
        else
            fprintf(f, "| %d-%d |", low, p);
        for (int t = 1; t <= BUYOUT_NTABLES; t++)
            fprintf(f, " %d |", buyout_bonus_result(t, p));
        fprintf(f, "\n");
        p = low - 1;
    }
    fprintf(f, "| under %d | loses | loses | loses |\n", BUYOUT_BONUS_MIN);
}

/* ------------------------------------------------------------------ */
/* A sweep: one line per game                                           */
/* ------------------------------------------------------------------ */


void buyout_results_table(FILE *f, const struct buyout_result *r, const struct buyout_hit *hit,
                          const char *const *name, int n)
{
    char label[64];
    fprintf(f, "| Game | Bonus | House edge per First-bet unit | per initial wager | Element of risk | Hit frequency "
               "| Rounds folded |\n|---|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < n; i++) {
        struct line_figures g;
        line_figures(&r[i], &g);
        fprintf(f, "| %s | %s | %.4f%% | %.4f%% (%g unit%s) | %.4f%% | %.4f%% | %.4f%% |\n", name[i],
                r[i].rules.bonus_table ? buyout_bonus_label(&r[i].rules, label, sizeof label) : "none", g.edge,
                g.edge_initial, g.initial, g.initial == 1 ? "" : "s", g.element_of_risk, pct(hit[i].won, hit[i].den),
                g.folded);
    }
    fprintf(f, "\nHit frequency: rounds whose net, every bet's result together (the Bonus's included), is above 0.\n");
}

void buyout_results_csv(FILE *f, const struct buyout_result *r, const struct buyout_hit *hit, const char *const *name,
                        int n)
{
    char label[64], frac[100];
    fprintf(f, "game,bonus,ev,ev_exact,house_edge_percent,initial_wager,house_edge_per_initial_wager_percent,"
               "element_of_risk_percent,hit_frequency,rounds_folded_percent\n");
    for (int i = 0; i < n; i++) {
        struct line_figures g;
        line_figures(&r[i], &g);
        report_csv_field(f, name[i]);
        fputc(',', f);
        report_csv_field(f, r[i].rules.bonus_table ? buyout_bonus_label(&r[i].rules, label, sizeof label) : "none");
        fprintf(f, ",%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", wide_ratio(r[i].tot.ev, r[i].tot.money_den),
                wide_fraction(r[i].tot.ev, r[i].tot.money_den, frac, sizeof frac), g.edge, g.initial, g.edge_initial,
                g.element_of_risk, wide_ratio(hit[i].won, hit[i].den), g.folded);
    }
}

json_object *buyout_results_json(const struct buyout_result *r, const struct buyout_hit *hit,
                                 const char *const *name, int n)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < n; i++) {
        struct line_figures g;
        line_figures(&r[i], &g);
        json_object *o = buyout_result_json(&r[i]);
        char frac[100];
        json_object_object_add(o, "name", json_object_new_string(name[i]));
        json_object_object_add(o, "house_edge_per_initial_wager_percent", json_object_new_double(g.edge_initial));
        json_object_object_add(o, "hit_frequency", json_object_new_double(wide_ratio(hit[i].won, hit[i].den)));
        json_object_object_add(o, "hit_frequency_exact",
                               json_object_new_string(wide_fraction(hit[i].won, hit[i].den, frac, sizeof frac)));
        json_object_object_add(o, "rounds_folded_percent", json_object_new_double(g.folded));
        json_object_array_add(a, o);
    }
    return report_paytables_json("buyout", a);
}
