/* split_report.c — every figure here is computed from the exact totals of
 * split_solve; floating point only for display. */
#include "split_report.h"

#include <json-c/json.h>

#include "report_csv.h"
#include "report_json.h"
#include "wide.h"

/* The denominator of every total: situations x SPLIT_L x paytable den. */
wide_t split_money_den(const struct split_result *r)
{
    return (wide_t)SPLIT_SITUATIONS * SPLIT_L * r->pt.den;
}

static const char *dealer_hand_name(enum split_dealer_hand d)
{
    return d == SPLIT_DEALER_BEST3OF4 ? "best 3 of 4" : "upcard plus best 2 of 3";
}

static json_object *table_json(const int64_t *pay, int n, const char *(*name)(int), int64_t den, int from)
{
    json_object *o = json_object_new_object();
    for (int c = n - 1; c >= from; c--)
        json_object_object_add(o, name(c), json_object_new_double((double)pay[c] / (double)den));
    return o;
}

static const char *e3_name(int c) { return eval3_category_name((enum eval3_category)c); }
static const char *bl_name(int c) { return blind_category_name((enum blind_category)c); }

json_object *split_rules_json(const struct split_paytable *pt, enum split_instant_reading instant)
{
    char q[32];
    snprintf(q, sizeof q, "%c-high or better", RANK_CHARS[pt->rules.qualify_high]);
    json_object *o = json_object_new_object();
    json_object_object_add(o, "version", json_object_new_string(pt->version));
    json_object_object_add(o, "deck", json_object_new_string("one 52-card deck"));
    json_object_object_add(o, "dealer_hand", json_object_new_string(dealer_hand_name(pt->rules.dealer)));
    json_object_object_add(o, "dealer_qualifies", json_object_new_string(q));
    json_object_object_add(o, "instant_winners",
                           json_object_new_string(instant == SPLIT_INSTANT_CHOOSE
                                                      ? "choose: the player keeps the instant winner that maximises his EV"
                                                      : "highest: the player must take the highest-paying instant winner"));
    json_object_object_add(o, "units", json_object_new_string("Blind = each Ante = each Play = 1"));
    json_object_object_add(o, "players", json_object_new_string("one player alone against the dealer; no other exposed cards"));
    json_object_object_add(o, "ante_draw", table_json(pt->ante_draw, E3_NCATEGORIES, e3_name, pt->den, E3_FLUSH));
    json_object_object_add(o, "ante_instant", table_json(pt->ante_instant, E3_NCATEGORIES, e3_name, pt->den, E3_FLUSH));
    json_object_object_add(o, "blind", table_json(pt->blind, BL_NCATEGORIES, bl_name, pt->den, BL_PAIR_HIGH));
    return o;
}

static json_object *decisions_json(const struct split_totals *t)
{
    json_object *o = json_object_new_object(), *inst = json_object_new_object();
    json_object_object_add(o, "situations", json_object_new_int64(SPLIT_SITUATIONS));
    json_object_object_add(o, "instant_winner", json_object_new_int64(t->choice[SPLIT_INSTANT]));
    json_object_object_add(o, "split_3_1", json_object_new_int64(t->choice[SPLIT_3_1]));
    json_object_object_add(o, "split_2_2", json_object_new_int64(t->choice[SPLIT_2_2]));
    json_object_object_add(o, "fold_all", json_object_new_int64(t->choice[SPLIT_FOLD_ALL]));
    json_object_object_add(o, "hands_played", json_object_new_int64(t->hands_played));
    json_object_object_add(o, "hands_folded", json_object_new_int64(t->hands_folded));
    for (int c = E3_NCATEGORIES - 1; c >= E3_FLUSH; c--)
        json_object_object_add(inst, eval3_category_name((enum eval3_category)c), json_object_new_int64(t->instant_by_cat[c]));
    json_object_object_add(o, "instant_winner_by_category", inst);
    /* the situations are equally likely: each count's share, as Buyout's
     * decisions give theirs (docs/json.md) */
    json_object *p = json_object_new_object();
    json_object_object_add(p, "instant_winner", report_exact_json(t->choice[SPLIT_INSTANT], SPLIT_SITUATIONS));
    json_object_object_add(p, "split_3_1", report_exact_json(t->choice[SPLIT_3_1], SPLIT_SITUATIONS));
    json_object_object_add(p, "split_2_2", report_exact_json(t->choice[SPLIT_2_2], SPLIT_SITUATIONS));
    json_object_object_add(p, "fold_all", report_exact_json(t->choice[SPLIT_FOLD_ALL], SPLIT_SITUATIONS));
    json_object_object_add(o, "probability", p);
    return o;
}

/* Average money wagered per round: Blind, two Antes and the Play bets, in
 * units of 1/SPLIT_SITUATIONS. */
static wide_t wagered(const struct split_totals *t)
{
    return (wide_t)3 * SPLIT_SITUATIONS + t->plays;
}

json_object *split_result_json(const struct split_result *r)
{
    const struct split_totals *t = &r->tot;
    wide_t den = split_money_den(r);
    json_object *o = json_object_new_object(), *bets = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "preset", json_object_new_string(r->pt.name));
    json_object_object_add(o, "game_rules", split_rules_json(&r->pt, r->instant));
    json_object_object_add(o, "ev", report_exact_json(t->ev, den));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(t->ev, den)));
    json_object_object_add(bets, "blind", report_exact_json(t->blind, den));
    json_object_object_add(bets, "ante_instant", report_exact_json(t->ante_instant, den));
    /* the other Antes, whole and apart as the PAR sheet gives them: a
     * folded hand loses its Ante, so the folds' part is the hands folded */
    wide_t folded = -(wide_t)t->hands_folded * SPLIT_L * r->pt.den;
    json_object_object_add(bets, "ante_showdown", report_exact_json(t->ante, den));
    json_object_object_add(bets, "ante_played", report_exact_json(t->ante - folded, den));
    json_object_object_add(bets, "ante_folded", report_exact_json(folded, den));
    json_object_object_add(bets, "play", report_exact_json(t->play, den));
    json_object_object_add(o, "bets", bets);
    json_object_object_add(o, "average_wager", report_exact_json(wagered(t), SPLIT_SITUATIONS));
    /* loss per unit wagered: -EV / (wagered / situations) */
    json_object_object_add(o, "element_of_risk_percent",
                           json_object_new_double(-100 * wide_ratio(t->ev * SPLIT_SITUATIONS, den * wagered(t))));
    json_object_object_add(o, "decisions", decisions_json(t));
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    return o;
}

static double pct(int64_t n) { return 100.0 * (double)n / (double)SPLIT_SITUATIONS; }

char *split_game_words(const struct split_paytable *pt, enum split_instant_reading instant, char *buf, size_t len)
{
    snprintf(buf, len, "preset %s (rules %s: dealer %s, qualifies %c-high; instant winners: %s)", pt->name,
             pt->version, dealer_hand_name(pt->rules.dealer), RANK_CHARS[pt->rules.qualify_high],
             instant == SPLIT_INSTANT_CHOOSE ? "choose" : "highest");
    return buf;
}

void split_result_print(FILE *f, const struct split_result *r)
{
    const struct split_totals *t = &r->tot;
    wide_t den = split_money_den(r);
    char frac[100], game[256];
    fprintf(f, "4 Card Split, %s\n", split_game_words(&r->pt, r->instant, game, sizeof game));
    fprintf(f, "  EV of a round per unit   %+.6f%%   (exact %s)\n", 100 * wide_ratio(t->ev, den),
            wide_fraction(t->ev, den, frac, sizeof frac));
    struct split_figures fg;
    split_result_figures(r, &fg);
    fprintf(f, "  house edge               %.6f%% per unit, %.6f%% per initial wager (3 units: Blind, 2 Antes)\n",
            fg.edge, fg.edge_initial);
    fprintf(f, "  element of risk          %.6f%%   (average wager %.6f units)\n",
            -100 * wide_ratio(t->ev * SPLIT_SITUATIONS, den * wagered(t)), wide_ratio(wagered(t), SPLIT_SITUATIONS));
    wide_t folded = -(wide_t)t->hands_folded * SPLIT_L * r->pt.den; /* each folded hand loses its Ante */
    fprintf(f, "  bets per unit: Blind %+.6f  Antes: instant %+.6f, played %+.6f, folded %+.6f  Play %+.6f\n",
            wide_ratio(t->blind, den), wide_ratio(t->ante_instant, den), wide_ratio(t->ante - folded, den),
            wide_ratio(folded, den), wide_ratio(t->play, den));
    fprintf(f, "  decisions: instant winner %.4f%%, 3+1 %.4f%%, 2+2 %.4f%%, fold all %.4f%%\n",
            pct(t->choice[SPLIT_INSTANT]), pct(t->choice[SPLIT_3_1]), pct(t->choice[SPLIT_2_2]),
            pct(t->choice[SPLIT_FOLD_ALL]));
    /* an instant winner's three is paid, neither played nor folded: the three shares make 100% */
    fprintf(f, "  hands played %.4f%%, folded %.4f%%, paid as instant winners %.4f%% (of %lld situations x 2 hands)\n",
            50 * (double)t->hands_played / (double)SPLIT_SITUATIONS,
            50 * (double)t->hands_folded / (double)SPLIT_SITUATIONS,
            50 * (double)t->choice[SPLIT_INSTANT] / (double)SPLIT_SITUATIONS, (long long)SPLIT_SITUATIONS);
    fprintf(f, "  solved in %.2f s (%d MPI rank%s x %d threads, bind %s)\n", r->seconds, r->ranks,
            r->ranks == 1 ? "" : "s", r->threads, bind_mode_name(r->bind));
}

void split_result_figures(const struct split_result *r, struct split_figures *f)
{
    const struct split_totals *t = &r->tot;
    wide_t den = split_money_den(r);
    f->ev_percent = 100 * wide_ratio(t->ev, den);
    f->edge = -f->ev_percent;
    f->edge_initial = f->edge / 3;
    f->element_of_risk = -100 * wide_ratio(t->ev * SPLIT_SITUATIONS, den * wagered(t));
    f->rounds_folded = pct(t->choice[SPLIT_FOLD_ALL]);
    f->hands_folded = 50 * (double)t->hands_folded / (double)SPLIT_SITUATIONS;
}

void split_results_table(FILE *f, const struct split_result *r, const struct split_hit *hit, int n)
{
    fprintf(f, "| Paytable | Rules | House edge per unit | per initial wager (3 units) | Element of risk | Rounds "
               "folded whole | Hands folded |%s\n|---|---|---:|---:|---:|---:|---:|%s\n",
            hit ? " Hit frequency |" : "", hit ? "---:|" : "");
    for (int i = 0; i < n; i++) {
        struct split_figures g;
        split_result_figures(&r[i], &g);
        fprintf(f, "| %s | %s | %.4f%% | %.4f%% | %.4f%% | %.4f%% | %.4f%% |", r[i].pt.name, r[i].pt.version, g.edge,
                g.edge_initial, g.element_of_risk, g.rounds_folded, g.hands_folded);
        if (hit)
            fprintf(f, " %.4f%% |", 100.0 * (double)hit[i].wins / (double)hit[i].total);
        fprintf(f, "\n");
    }
    fprintf(f, hit ? "\nHit frequency: rounds whose net (Blind and both Antes together) is above 0, from a PAR pass "
                     "per paytable.\n\n"
                   : "\n");
}

void split_results_csv(FILE *f, const struct split_result *r, const struct split_hit *hit, int n)
{
    fprintf(f, "paytable,rules_version,ev,ev_exact,house_edge_percent,house_edge_per_initial_wager_percent,"
               "element_of_risk_percent,rounds_folded_percent,hands_folded_percent,hit_frequency\n");
    for (int i = 0; i < n; i++) {
        struct split_figures g;
        split_result_figures(&r[i], &g);
        char frac[100];
        report_csv_field(f, r[i].pt.name);
        fprintf(f, ",%s,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,", r[i].pt.version,
                wide_ratio(r[i].tot.ev, split_money_den(&r[i])),
                wide_fraction(r[i].tot.ev, split_money_den(&r[i]), frac, sizeof frac), g.edge, g.edge_initial,
                g.element_of_risk, g.rounds_folded, g.hands_folded);
        if (hit)
            fprintf(f, "%.17g", (double)hit[i].wins / (double)hit[i].total);
        fprintf(f, "\n");
    }
}
