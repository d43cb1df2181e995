/* buyout_seen_report.c — see buyout_seen_report.h. */
#include "buyout_seen_report.h"

#include <json-c/json.h>
#include <string.h>

#include "buyout_report.h"
#include "report_json.h"

static const char *const CHOICE[3] = {"fold", "refuse", "buy"}; /* by enum buyout_choice */
static const char LETTER[3] = {'F', 'R', 'B'};

/* ---- figures from the sums ---- */

static wide_t sum3x3(const wide_t m[3][3], bool off_diagonal_only)
{
    wide_t s = 0;
    for (int n = 0; n < 3; n++)
        for (int h = 0; h < 3; h++)
            if (!off_diagonal_only || n != h)
                s += m[n][h];
    return s;
}

static wide_t swing_num(const struct buyout_seen_result *r) { return r->sum.ev_num - r->sum.normal_num; }

/* The most frequent choice of a strategy's weights, -1 with none. */
static int majority(const wide_t w[3])
{
    int best = -1;
    for (int c = 0; c < 3; c++)
        if (w[c] > 0 && (best < 0 || w[c] > w[best]))
            best = c;
    return best;
}

static wide_t total3(const wide_t w[3]) { return w[0] + w[1] + w[2]; }

/* ---- JSON ---- */

/* {"normal_to_hole": pair, ...}: the share of each move, of the whole. */
static json_object *moves_json(const wide_t m[3][3], wide_t den)
{
    json_object *o = json_object_new_object();
    for (int n = 2; n >= 0; n--)
        for (int h = 2; h >= 0; h--) {
            char key[32];
            snprintf(key, sizeof key, "%s_to_%s", CHOICE[n], CHOICE[h]);
            json_object_object_add(o, key, report_exact_json(m[n][h], den));
        }
    return o;
}

/* Each strategy's choices: {"normal": {buy, refuse, fold}, "hole_card": {...}}. */
static json_object *choices_json(const wide_t m[3][3], wide_t den)
{
    json_object *o = json_object_new_object();
    const char *who[2] = {"normal", "hole_card"};
    for (int s = 0; s < 2; s++) {
        json_object *e = json_object_new_object();
        for (int c = 2; c >= 0; c--) {
            wide_t w = 0;
            for (int k = 0; k < 3; k++)
                w += s == 0 ? m[c][k] : m[k][c];
            json_object_object_add(e, CHOICE[c], report_exact_json(w, den));
        }
        json_object_object_add(o, who[s], e);
    }
    return o;
}

static json_object *decision_json(const wide_t m[3][3], wide_t den, const char *of)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "of", json_object_new_string(of));
    json_object_object_add(o, "probability_changed", report_exact_json(sum3x3(m, true), den));
    json_object_object_add(o, "choices", choices_json(m, den));
    json_object_object_add(o, "transitions", moves_json(m, den));
    return o;
}

static json_object *decisions_json(const struct buyout_seen_result *r)
{
    const struct buyout_seen_sums *s = &r->sum;
    json_object *o = json_object_new_object();
    json_object_object_add(o, "third_card", decision_json(s->third, s->deals, "every round"));
    json_object *f = decision_json(s->fourth, r->fourth_den, "every 4th-card situation, reached or not");
    wide_t reached = sum3x3(s->fourth_reached, false);
    json_object *x = decision_json(s->fourth_reached, reached ? reached : 1,
                                   "the 4th-card situations the hole-card strategy reaches (it bought the 3rd card)");
    json_object_object_add(f, "reached", x);
    json_object_object_add(o, "fourth_card", f);
    return o;
}

/* A strategy's shares of its choices, numbers. */
static json_object *shares_json(const wide_t w[3])
{
    json_object *o = json_object_new_object();
    wide_t t = total3(w);
    for (int c = 2; c >= 0; c--)
        json_object_object_add(o, CHOICE[c], json_object_new_double(t ? wide_ratio(w[c], t) : 0));
    return o;
}

static json_object *both_json(const wide_t w[2][3])
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "normal", shares_json(w[BUYOUT_SEEN_NORMAL]));
    json_object_object_add(o, "hole_card", shares_json(w[BUYOUT_SEEN_HOLE]));
    return o;
}

static json_object *grid_row_json(const struct buyout_seen_result *r, int dp)
{
    json_object *cells = json_object_new_object();
    for (int b = 0; b < BUYOUT_SEEN_PLAYER_BINS; b++) {
        const wide_t(*w)[3] = r->sum.grid3[dp][b];
        if (!total3(w[BUYOUT_SEEN_NORMAL]))
            continue;
        json_object *c = both_json(w);
        json_object_object_add(c, "probability",
                               json_object_new_double(wide_ratio(total3(w[BUYOUT_SEEN_NORMAL]), r->sum.deals)));
        json_object_object_add(cells, buyout_seen_player_label(b), c);
    }
    return cells;
}

static json_object *strategy_json(const struct buyout_seen_result *r)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_object();
    json_object_object_add(o, "by", json_object_new_string(
        "the dealer's points with his upcard and hole card; at the 3rd card also the player's points with his 3 "
        "cards; each strategy's share of each choice"));
    for (int dp = 0; dp < BUYOUT_SEEN_DEALER_BINS; dp++) {
        const struct buyout_seen_sums *s = &r->sum;
        if (!total3(s->by_dealer3[dp][BUYOUT_SEEN_NORMAL]))
            continue;
        json_object *e = json_object_new_object();
        json_object_object_add(e, "probability",
                               report_exact_json(total3(s->by_dealer3[dp][BUYOUT_SEEN_NORMAL]), s->deals));
        json_object_object_add(e, "third_card", both_json(s->by_dealer3[dp]));
        json_object_object_add(e, "fourth_card", both_json(s->by_dealer4[dp]));
        json_object_object_add(e, "third_card_by_player_points", grid_row_json(r, dp));
        char key[8];
        snprintf(key, sizeof key, "%d", dp);
        json_object_object_add(rows, key, e);
    }
    json_object_object_add(o, "dealer_points", rows);
    return o;
}

/* The share of the swing from base to the optimal play that ev keeps. */
static double kept_percent(const struct buyout_seen_result *r, wide_t base, wide_t ev)
{
    return r->sum.ev_num != base ? 100 * wide_ratio(ev - base, r->sum.ev_num - base) : 100;
}

static json_object *card_json(const struct buyout_seen_report *rep)
{
    const struct buyout_seen_card *c = rep->card;
    const struct buyout_seen_result *r = rep->r;
    json_object *o = json_object_new_object(), *rules = json_object_new_array(), *steps = json_object_new_array();
    char text[256];
    json_object_object_add(o, "file", json_object_new_string(rep->card_file));
    for (int i = 0; i < c->card.n; i++)
        json_object_array_add(rules, json_object_new_string(buyout_rule_text(&c->card.rule[i], text, sizeof text)));
    json_object_object_add(o, "rules", rules);
    json_object_object_add(o, "added_third", json_object_new_int(c->added[0]));
    json_object_object_add(o, "added_fourth", json_object_new_int(c->added[1]));
    for (int g = 0; g < BUYOUT_CARD_GROUPS; g++)
        for (int k = 0; k < c->added[g]; k++) {
            json_object *x = json_object_new_object();
            json_object_object_add(x, "rule", json_object_new_string(buyout_rule_text(&c->rule[g][k], text, sizeof text)));
            json_object_object_add(x, "ev", report_exact_json(c->step_ev[g][k], r->den));
            json_object_array_add(steps, x);
        }
    json_object_object_add(o, "steps", steps);
    json_object_object_add(o, "base_ev", report_exact_json(c->base_ev, r->den));
    json_object_object_add(o, "ev", report_exact_json(c->ev, r->den));
    json_object_object_add(o, "kept_percent", json_object_new_double(kept_percent(r, c->base_ev, c->ev)));
    return o;
}

json_object *buyout_seen_json(const struct buyout_seen_report *rep)
{
    const struct buyout_seen_result *r = rep->r;
    json_object *o = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "analysis", json_object_new_string("seen"));
    json_object_object_add(o, "seen", json_object_new_int(r->seen));
    json_object_object_add(o, "seen_cards", json_object_new_string("the dealer's hole card"));
    json_object_object_add(o, "game_rules", buyout_rules_json(&r->rules));
    json_object_object_add(o, "ev_per", json_object_new_string("First-bet unit"));
    json_object_object_add(o, "ev", report_exact_json(r->sum.ev_num, r->den));
    json_object_object_add(o, "normal_ev", report_exact_json(r->sum.normal_num, r->den));
    json_object_object_add(o, "swing", report_exact_json(swing_num(r), r->den));
    json_object_object_add(o, "swing_percent", json_object_new_double(100 * wide_ratio(swing_num(r), r->den)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(r->sum.ev_num, r->den)));
    json_object_object_add(o, "normal_house_edge_percent",
                           json_object_new_double(-100 * wide_ratio(r->sum.normal_num, r->den)));
    json_object_object_add(o, "player_advantage", json_object_new_boolean(r->sum.ev_num > 0));
    json_object_object_add(o, "decisions", decisions_json(r));
    json_object_object_add(o, "strategy", strategy_json(r));
    if (rep->card)
        json_object_object_add(o, "card", card_json(rep));
    json_object_object_add(o, "threads", json_object_new_int(r->threads));
    json_object_object_add(o, "ranks", json_object_new_int(r->ranks));
    report_run_json(o, r->threads, r->ranks, BIND_NONE, rep->card ? rep->card->seconds : r->seconds);
    return o;
}

/* ---- Markdown ---- */

static double pct(wide_t num, wide_t den) { return den ? 100 * wide_ratio(num, den) : 0; }

static void print_rules(FILE *f, const struct buyout_seen_result *r)
{
    char shoe[400], bonus[96];
    fprintf(f, "Shoe: %s; dealer's 5 cards: %s; %s. The player sees the dealer's hole card as well as his upcard "
               "before every decision and plays the strategy optimal for it; the normal strategy is the ordinary "
               "optimal one (same rules). Exact over every situation; EVs per First-bet unit.\n\n",
            buyout_shoe_text(&r->rules, shoe, sizeof shoe), buyout_reading_name(r->rules.dealer_five),
            r->rules.bonus_table ? buyout_bonus_label(&r->rules, bonus, sizeof bonus) : "no Bonus bet");
}

static void print_evs(FILE *f, const struct buyout_seen_result *r)
{
    char a[128], b[128], c[128];
    fprintf(f, "| Strategy | EV | House edge | Exact EV |\n|---|---:|---:|---|\n");
    fprintf(f, "| Normal (upcard only) | %+.6f | %.4f%% | %s |\n", wide_ratio(r->sum.normal_num, r->den),
            -pct(r->sum.normal_num, r->den), wide_fraction(r->sum.normal_num, r->den, a, sizeof a));
    fprintf(f, "| Hole card known | %+.6f | %.4f%% | %s |\n", wide_ratio(r->sum.ev_num, r->den),
            -pct(r->sum.ev_num, r->den), wide_fraction(r->sum.ev_num, r->den, b, sizeof b));
    fprintf(f, "| **Swing** | **%+.6f** | **%+.4f%%** | %s |\n\n", wide_ratio(swing_num(r), r->den),
            pct(swing_num(r), r->den), wide_fraction(swing_num(r), r->den, c, sizeof c));
}

/* A decision's moves: rows the normal choice, columns the hole-card one. */
static void print_moves(FILE *f, const char *title, const wide_t m[3][3], wide_t den)
{
    fprintf(f, "%s: the decision changes in **%.4f%%** of them.\n\n| Normal \\ hole card | buy | refuse | fold | "
               "total |\n|---|---:|---:|---:|---:|\n", title, pct(sum3x3(m, true), den));
    for (int n = 2; n >= 0; n--)
        fprintf(f, "| %s | %.4f%% | %.4f%% | %.4f%% | %.4f%% |\n", CHOICE[n], pct(m[n][BUYOUT_BUY], den),
                pct(m[n][BUYOUT_REFUSE], den), pct(m[n][BUYOUT_FOLD], den), pct(total3(m[n]), den));
    fprintf(f, "\n");
}

static void print_decisions(FILE *f, const struct buyout_seen_result *r)
{
    const struct buyout_seen_sums *s = &r->sum;
    wide_t reached = sum3x3(s->fourth_reached, false);
    fprintf(f, "## How often each decision changes\n\n");
    print_moves(f, "### At the 3rd card (every round)\n\nShares of all rounds", s->third, s->deals);
    print_moves(f, "### At the 4th card\n\nShares of every 4th-card situation, reached or not", s->fourth,
                r->fourth_den);
    print_moves(f, "Shares of the 4th-card situations the hole-card strategy reaches (it bought the 3rd card)",
                s->fourth_reached, reached ? reached : 1);
}

static void print_by_dealer(FILE *f, const struct buyout_seen_result *r)
{
    const struct buyout_seen_sums *s = &r->sum;
    fprintf(f, "### By the dealer's points with his upcard and hole card\n\nEach strategy's shares of buy / refuse / "
               "fold, in %%.\n\n| Dealer's 2-card points | Probability | 3rd card, normal | 3rd card, hole card | "
               "4th card, normal | 4th card, hole card |\n|---:|---:|---|---|---|---|\n");
    for (int dp = 0; dp < BUYOUT_SEEN_DEALER_BINS; dp++) {
        const wide_t(*w3)[3] = s->by_dealer3[dp], (*w4)[3] = s->by_dealer4[dp];
        wide_t t3 = total3(w3[BUYOUT_SEEN_NORMAL]), t4 = total3(w4[BUYOUT_SEEN_NORMAL]);
        if (!t3)
            continue;
        fprintf(f, "| %d | %.4f%% |", dp, pct(t3, s->deals));
        for (int k = 0; k < 4; k++) {
            const wide_t *w = k < 2 ? w3[k] : w4[k - 2];
            wide_t t = k < 2 ? t3 : t4;
            fprintf(f, " %.1f / %.1f / %.1f |", pct(w[BUYOUT_BUY], t), pct(w[BUYOUT_REFUSE], t),
                    pct(w[BUYOUT_FOLD], t));
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

/* One cell: the hole-card strategy's most frequent choice, in bold with
 * the normal one beside it where they differ. */
static void print_cell(FILE *f, const wide_t w[2][3])
{
    int h = majority(w[BUYOUT_SEEN_HOLE]), n = majority(w[BUYOUT_SEEN_NORMAL]);
    if (h < 0)
        fprintf(f, " · |");
    else if (h == n)
        fprintf(f, " %c |", LETTER[h]);
    else
        fprintf(f, " **%c** (%c) |", LETTER[h], LETTER[n]);
}

static void print_grid(FILE *f, const struct buyout_seen_result *r)
{
    const struct buyout_seen_sums *s = &r->sum;
    fprintf(f, "### At the 3rd card, by the dealer's 2-card points and the player's 3-card points\n\nThe most frequent "
               "choice with the hole card known (B buy, R refuse, F fold); **bold** with the normal strategy's in "
               "brackets where they differ; · none.\n\n| Dealer \\ player |");
    for (int b = 0; b < BUYOUT_SEEN_PLAYER_BINS; b++)
        fprintf(f, " %s |", buyout_seen_player_label(b));
    fprintf(f, "\n|---:|");
    for (int b = 0; b < BUYOUT_SEEN_PLAYER_BINS; b++)
        fprintf(f, ":---:|");
    fprintf(f, "\n");
    for (int dp = 0; dp < BUYOUT_SEEN_DEALER_BINS; dp++) {
        if (!total3(s->by_dealer3[dp][BUYOUT_SEEN_NORMAL]))
            continue;
        fprintf(f, "| %d |", dp);
        for (int b = 0; b < BUYOUT_SEEN_PLAYER_BINS; b++)
            print_cell(f, s->grid3[dp][b]);
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

/* The hole-carder's card: its rules (a card file: `protect buyout --seen 1
 * --card` reads them back), then the EV of the card given and after each
 * added rule. */
static void print_card(FILE *f, const struct buyout_seen_report *rep)
{
    const struct buyout_seen_card *c = rep->card;
    const struct buyout_seen_result *r = rep->r;
    char text[256], a[128];
    fprintf(f, "## The hole-carder's card\n\n");
    fprintf(f, "The card of %s (%d rules), with %d rule(s) on the dealer's points put above its rules at the 3rd "
               "card and %d at the 4th, each the one that earns most with the hole card seen (\"dealer\": the "
               "points of the dealer's upcard and hole card, 0 to 22, a pair 20 or 22 with aces).  At each card "
               "read the rules for it top down: the first that matches decides (docs/card-format.md).\n\n",
            rep->card_file, c->base.n, c->added[0], c->added[1]);
    for (int i = 0; i < c->card.n; i++)
        fprintf(f, "%d. %s\n", i + 1, buyout_rule_text(&c->card.rule[i], text, sizeof text));
    fprintf(f, "\nEvery EV exact, per First-bet unit, with the hole card seen:\n\n| card | EV | exact |\n|---|---:|---|\n");
    fprintf(f, "| %s as it is | %+.4f%% | %s |\n", rep->card_file, pct(c->base_ev, r->den),
            wide_fraction(c->base_ev, r->den, a, sizeof a));
    for (int g = 0; g < BUYOUT_CARD_GROUPS; g++)
        for (int k = 0; k < c->added[g]; k++)
            fprintf(f, "| + %s | %+.4f%% | %s |\n", buyout_rule_text(&c->rule[g][k], text, sizeof text),
                    pct(c->step_ev[g][k], r->den), wide_fraction(c->step_ev[g][k], r->den, a, sizeof a));
    fprintf(f, "| **the hole-carder's card** | **%+.4f%%** | %s |\n", pct(c->ev, r->den),
            wide_fraction(c->ev, r->den, a, sizeof a));
    fprintf(f, "| the optimal play, hole card seen | %+.4f%% | %s |\n\n", pct(r->sum.ev_num, r->den),
            wide_fraction(r->sum.ev_num, r->den, a, sizeof a));
    fprintf(f, "The card keeps %.1f%% of the swing from %s to the optimal play with the hole card seen.\n\n",
            kept_percent(r, c->base_ev, c->ev), rep->card_file);
}

void buyout_seen_print(FILE *f, const struct buyout_seen_report *rep)
{
    const struct buyout_seen_result *r = rep->r;
    fprintf(f, "# 4 Card Buyout: the dealer's hole card seen\n\n");
    print_rules(f, r);
    print_evs(f, r);
    print_decisions(f, r);
    fprintf(f, "## The changed strategy\n\n");
    print_by_dealer(f, r);
    print_grid(f, r);
    if (rep->card) {
        print_card(f, rep);
        fprintf(f, "Solved in %.1f s, %d passes (%d thread(s) x %d process(es)).\n", rep->card->seconds,
                rep->card->passes, r->threads, r->ranks);
        return;
    }
    fprintf(f, "Solved in %.1f s (%d thread(s) x %d process(es)).\n", r->seconds, r->threads, r->ranks);
}
