/* split_card_report.c — every figure from split_card_price's and
 * split_card_build's exact sums; floating point only for display. */
#include "split_card_report.h"

#include <json-c/json.h>

#include "html_page.h"
#include "report_csv.h"
#include "report_json.h"
#include "split_report.h"
#include "wide.h"

/* Every sum is over the situations in 1/(SPLIT_L * den): per unit. */
static wide_t money_den(const struct split_card_report *r)
{
    return (wide_t)SPLIT_SITUATIONS * SPLIT_L * r->pt.den;
}

static double percent(const struct split_card_report *r, wide_t v) { return 100 * wide_ratio(v, money_den(r)); }

/* A round starts with the Blind and two Antes. */
enum { INITIAL_UNITS = 3 };

int split_card_target_length(const struct split_card_report *r)
{
    if (!r->build)
        return 0;
    for (int k = r->build->fewest; k <= r->build->longest; k++)
        if (r->build->cards[k].n > 0 &&
            percent(r, r->main.price.optimal_ev - r->build->ev[k]) <= r->target_percent)
            return k;
    return 0;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static json_object *rules_array(const struct split_card *c)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < c->n; i++) {
        char text[400];
        json_object_array_add(a, json_object_new_string(split_rule_text(&c->rule[i], text, sizeof text)));
    }
    return a;
}

/* ev, cost, cost_percent and cost_percent_of_initial_wager of an EV. */
static void cost_json(json_object *o, const struct split_card_report *r, wide_t ev)
{
    wide_t cost = r->main.price.optimal_ev - ev;
    json_object_object_add(o, "ev", report_exact_json(ev, money_den(r)));
    json_object_object_add(o, "cost", report_exact_json(cost, money_den(r)));
    json_object_object_add(o, "cost_percent", json_object_new_double(percent(r, cost)));
    json_object_object_add(o, "cost_percent_of_initial_wager", json_object_new_double(percent(r, cost) / INITIAL_UNITS));
}

static json_object *tier_json(const struct split_card_report *r, const struct split_card_tier *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "rules", rules_array(&t->card));
    cost_json(o, r, t->price.ev);
    json_object_object_add(o, "optimal_ev", report_exact_json(t->price.optimal_ev, money_den(r)));
    json_object_object_add(o, "hands_otherwise", json_object_new_int64(t->price.situations_otherwise));
    return o;
}

static json_object *lengths_json(const struct split_card_report *r)
{
    json_object *a = json_object_new_array();
    for (int k = r->build->fewest; k <= r->build->longest; k++) {
        if (r->build->cards[k].n == 0)
            continue;
        json_object *o = json_object_new_object();
        json_object_object_add(o, "rule_count", json_object_new_int(k));
        cost_json(o, r, r->build->ev[k]);
        json_object_array_add(a, o);
    }
    return a;
}

/* The orders the shorter charts keep their exceptions in (split_card.h). */
static const char *const ORDERS[SPLIT_CHART_NORDERS] = {"gain in the chart", "greedy"};

/* The order shorter chart k kept its exceptions in: none for the card
 * alone, all for the whole chart. */
static const char *order_word(const struct split_card_report *r, int k)
{
    const struct split_card_chart *c = r->chart;
    return c->length[k] == r->main.card.n ? "none" : k == c->nlengths - 1 ? "all" : ORDERS[c->length_order[k]];
}

/* The longest card: the chart and its shorter charts. */
static json_object *chart_json(const struct split_card_report *r)
{
    const struct split_card_chart *c = r->chart;
    json_object *o = json_object_new_object(), *lengths = json_object_new_array();
    json_object_object_add(o, "views", json_object_new_int64(c->views));
    json_object_object_add(o, "cells", json_object_new_int64(c->cells));
    json_object_object_add(o, "rule_count", json_object_new_int64(c->rules));
    cost_json(o, r, c->ev);
    json_object_object_add(o, "met_at_rule_count", c->met_at ? json_object_new_int64(c->met_at) : NULL);
    if (c->met_at) {
        json_object *met = json_object_new_object();
        cost_json(met, r, c->met_ev);
        json_object_object_add(met, "order", json_object_new_string(ORDERS[c->met_order]));
        json_object_object_add(o, "met", met);
    }
    for (int k = 0; k < c->nlengths; k++) {
        json_object *l = json_object_new_object();
        json_object_object_add(l, "rule_count", json_object_new_int64(c->length[k]));
        cost_json(l, r, c->length_ev[k]);
        json_object_object_add(l, "order",
                               json_object_new_string(order_word(r, k)));
        json_object_array_add(lengths, l);
    }
    json_object_object_add(o, "lengths", lengths);
    return o;
}

json_object *split_card_report_json(const struct split_card_report *r)
{
    json_object *o = tier_json(r, &r->main), *tiers = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "preset", json_object_new_string(r->pt.name));
    json_object_object_add(o, "game_rules", split_rules_json(&r->pt, r->reading));
    json_object_object_add(o, "card_file", r->source ? json_object_new_string(r->source) : NULL);
    json_object_object_add(o, "situations", json_object_new_int64(SPLIT_SITUATIONS));
    json_object *matched = json_object_new_array();
    for (int i = 0; i < r->main.card.n; i++)
        json_object_array_add(matched, json_object_new_int64(r->main.price.matched[i]));
    json_object_object_add(o, "rule_situations", matched);
    for (int t = 0; t < r->ntiers; t++)
        json_object_array_add(tiers, tier_json(r, &r->tiers[t]));
    json_object_object_add(o, "tiers", tiers);
    if (r->build) {
        json_object_object_add(o, "lengths", lengths_json(r));
        json_object *best = json_object_new_object();
        cost_json(best, r, r->build->best_in_language);
        json_object_object_add(o, "best_in_language", best);
        json_object *target = json_object_new_object();
        int at = split_card_target_length(r);
        json_object_object_add(target, "cost_percent", json_object_new_double(r->target_percent));
        json_object_object_add(target, "met_at_rule_count", at ? json_object_new_int(at) : NULL);
        json_object_object_add(o, "target", target);
    }
    if (r->chart)
        json_object_object_add(o, "chart", chart_json(r));
    return o;
}

/* ------------------------------------------------------------------ */
/* Markdown                                                            */
/* ------------------------------------------------------------------ */

static char *cost_words(const struct split_card_report *r, wide_t ev, char *buf, size_t len)
{
    char frac[120];
    wide_t cost = r->main.price.optimal_ev - ev;
    snprintf(buf, len, "%.4f%% of a unit, %.4f%% of the initial %d units (exact %s)", percent(r, cost),
             percent(r, cost) / INITIAL_UNITS, INITIAL_UNITS, wide_fraction(cost, money_den(r), frac, sizeof frac));
    return buf;
}

static void write_rules(FILE *f, const struct split_card *c, bool numbered)
{
    for (int i = 0; i < c->n; i++) {
        char text[400];
        split_rule_text(&c->rule[i], text, sizeof text);
        if (numbered)
            fprintf(f, "%d. %s\n", i + 1, text);
        else
            fprintf(f, "    - %s\n", text);
    }
}

static void write_header(FILE *f, const struct split_card_report *r)
{
    char game[256];
    fprintf(f, "# 4 Card Split: strategy card\n\n");
    fprintf(f, "4 Card Split, %s.\n", split_game_words(&r->pt, r->reading, game, sizeof game));
    if (r->source)
        fprintf(f, "The card of %s, priced by `%s`.\n\n", r->source, r->command);
    else {
        char n[24], all[32];
        snprintf(n, sizeof n, "%lld", (long long)SPLIT_SITUATIONS);
        fprintf(f, "Made by `%s` from the exact values of every option in all\n"
                   "%s situations (4 cards and the dealer's upcard).\n\n",
                r->command, html_count_text(n, all, sizeof all));
    }
    fprintf(f, "Read the rules top down: the first that matches your four cards and the\n"
               "upcard decides how to set them and which hands to play.  Ranks run 2 to A;\n"
               "\"first\" and \"second\" are the hands in the order the setting names them\n"
               "(docs/card-format.md says what every word means).\n\n");
}

static void write_price(FILE *f, const struct split_card_report *r)
{
    char frac[120], cost[300], all[32], other[32];
    const struct split_card_price *p = &r->main.price;
    fprintf(f, "\nEV of a round with this card: %+.6f%% of a unit (exact %s).\n", percent(r, p->ev),
            wide_fraction(p->ev, money_den(r), frac, sizeof frac));
    fprintf(f, "EV with the optimal strategy: %+.6f%% (exact %s).\n", percent(r, p->optimal_ev),
            wide_fraction(p->optimal_ev, money_den(r), frac, sizeof frac));
    fprintf(f, "Cost of the card: %s.\n", cost_words(r, p->ev, cost, sizeof cost));
    fprintf(f, "It plays %s of the %s situations worse than the optimal strategy.\n",
            wide_grouped(p->situations_otherwise, other, sizeof other), wide_grouped(SPLIT_SITUATIONS, all, sizeof all));
}

static void write_tiers(FILE *f, const struct split_card_report *r)
{
    if (r->ntiers == 0)
        return;
    char cost[300], other[32];
    fprintf(f, "\n## Coarser cards\n");
    for (int t = 0; t < r->ntiers; t++) {
        const struct split_card_tier *tier = &r->tiers[t];
        fprintf(f, "\n- %d rules, EV %+.6f%%, cost %s; %s situations played worse:\n", tier->card.n,
                percent(r, tier->price.ev), cost_words(r, tier->price.ev, cost, sizeof cost),
                wide_grouped(tier->price.situations_otherwise, other, sizeof other));
        write_rules(f, &tier->card, false);
    }
}

static void write_lengths(FILE *f, const struct split_card_report *r)
{
    const struct split_card_build *b = r->build;
    fprintf(f, "\n## Cost by number of rules\n\n"
               "No card of fewer than %d rules decides every situation (each shape needs a\n"
               "rule, and an instant winner's single card a play rule).  %d and %d rules: the\n"
               "best cards whose rules have no limits (of %d, the best card there is: it folds\n"
               "every shape but an instant winner).  From %d: the learner's card at each length\n"
               "(from the best card of one rule per shape and hand size, rules added one at a\n"
               "time, each the one that gains the most).\n\n"
               "| rules | EV per unit | cost per unit | cost per initial wager |\n|---|---|---|---|\n",
            b->fewest, b->fewest, b->shortest - 1, b->fewest, b->shortest);
    for (int k = b->fewest; k <= b->longest; k++)
        if (b->cards[k].n > 0)
            fprintf(f, "| %d | %+.6f%% | %.4f%% | %.4f%% |\n", k, percent(r, b->ev[k]),
                    percent(r, r->main.price.optimal_ev - b->ev[k]),
                    percent(r, r->main.price.optimal_ev - b->ev[k]) / INITIAL_UNITS);
    int at = split_card_target_length(r);
    char cost[300];
    if (at)
        fprintf(f, "\nThe target, a cost of at most %.2f%% of a unit, is met from %d rules.\n", r->target_percent, at);
    else
        fprintf(f, "\nThe target, a cost of at most %.2f%% of a unit, is not met within %d rules.\n",
                r->target_percent, b->longest);
    fprintf(f, "No card of this form can cost less than %s: that is every\n"
               "distinct view (shape, all four ranks, suit pattern, upcard) taking its best setting,\n"
               "every hand played optimally.\n",
            cost_words(r, b->best_in_language, cost, sizeof cost));
}

static void write_chart(FILE *f, const struct split_card_report *r)
{
    const struct split_card_chart *c = r->chart;
    char cost[300], views[32], cells[32], rules[32], more[32];
    fprintf(f, "\n## The longest card: the chart\n\n"
               "The chart is the card above with exceptions over it that give every view\n"
               "of the setting rules (shape, all four ranks, suit pattern, upcard) and\n"
               "every cell of the play rules (hand size, its two ranks, kind, upcard) a\n"
               "decision of its own, the settings and the play decisions fitted to each\n"
               "other (a local optimum: the better of two starts).  Views or cells that\n"
               "differ only in the upcard and decide alike share one exception with an\n"
               "upcard range.  Over the %s views, with the %s hand cells its settings\n"
               "form, the chart has %s rules (the card's %d and %s exceptions) and costs\n"
               "%s.\n",
            wide_grouped(c->views, views, sizeof views), wide_grouped(c->cells, cells, sizeof cells),
            wide_grouped(c->rules, rules, sizeof rules), r->main.card.n,
            wide_grouped(c->rules - r->main.card.n, more, sizeof more), cost_words(r, c->ev, cost, sizeof cost));
    if (c->met_at)
        fprintf(f, "Keeping its first exceptions in either order below, the shortest chart within\n"
                   "the target has %s rules and costs\n%s.\n",
                wide_grouped(c->met_at, rules, sizeof rules), cost_words(r, c->met_ev, cost, sizeof cost));
    else
        fprintf(f, "It misses the target: no card found meets it.  Whether one can is open; none\n"
                   "costs less than the floor above.\n");
    fprintf(f, "\nShorter charts: the card and the first exceptions in the better of two orders,\n"
               "by their gain within the whole chart or greedily (in rounds, those that gain the\n"
               "most above the ones already taken), each priced exactly:\n\n"
               "| rules | EV per unit | cost per unit | cost per initial wager | order |\n|---|---|---|---|---|\n");
    for (int k = 0; k < c->nlengths; k++)
        fprintf(f, "| %s | %+.6f%% | %.4f%% | %.4f%% | %s |\n", wide_grouped(c->length[k], rules, sizeof rules),
                percent(r, c->length_ev[k]), percent(r, r->main.price.optimal_ev - c->length_ev[k]),
                percent(r, r->main.price.optimal_ev - c->length_ev[k]) / INITIAL_UNITS,
                order_word(r, k));
    fprintf(f, "\nEvery length, from the shortest card to the whole chart, is priced exactly in\n"
               "the chart's CSV (`card split --chart FILE`), with the exception each order adds:\n"
               "the chart of a length is its exceptions of that order, from the first, above\n"
               "the card.\n");
}

void split_card_report_write(FILE *f, const struct split_card_report *r)
{
    write_header(f, r);
    write_rules(f, &r->main.card, true);
    write_price(f, r);
    write_tiers(f, r);
    if (r->build)
        write_lengths(f, r);
    if (r->chart)
        write_chart(f, r);
}

/* ------------------------------------------------------------------ */
/* Every length (CSV)                                                  */
/* ------------------------------------------------------------------ */

/* One row: a length, its better order's words, its exact EV and cost, and
 * the costs of both orders and the exception each adds (empty where the
 * row is not a shorter chart). */
static void csv_row(FILE *f, const struct split_card_report *r, long rules, const char *order, wide_t ev,
                    const wide_t *ev_of, const struct split_rule *added[SPLIT_CHART_NORDERS])
{
    char num[160], text[400];
    wide_t cost = r->main.price.optimal_ev - ev;
    fprintf(f, "%ld,%s,%s,", rules, order, wide_fraction(ev, money_den(r), num, sizeof num));
    fprintf(f, "%s,%.6f", wide_fraction(cost, money_den(r), num, sizeof num), percent(r, cost));
    for (int o = 0; o < SPLIT_CHART_NORDERS; o++)
        if (ev_of)
            fprintf(f, ",%.6f", percent(r, r->main.price.optimal_ev - ev_of[o]));
        else
            fputs(",", f);
    for (int o = 0; o < SPLIT_CHART_NORDERS; o++) {
        fputc(',', f);
        if (added[o])
            report_csv_field(f, split_rule_text(added[o], text, sizeof text));
    }
    fputc('\n', f);
}

void split_card_report_chart_csv(FILE *f, const struct split_card_report *r)
{
    const struct split_card_chart *c = r->chart;
    const struct split_rule *none[SPLIT_CHART_NORDERS] = {NULL, NULL};
    fputs("rule_count,order,ev,cost,cost_percent,cost_percent_by_gain,cost_percent_greedy,"
          "exception_by_gain,exception_greedy\n", f);
    for (int k = r->build ? r->build->fewest : 0; r->build && k < r->build->longest; k++)
        if (r->build->cards[k].n > 0)
            csv_row(f, r, k, k < r->build->shortest ? "no limits" : "learner", r->build->ev[k], NULL, none);
    for (long k = 0; c && k <= c->nexceptions; k++) {
        int o = split_chart_better_order(c, k);
        const wide_t ev_of[SPLIT_CHART_NORDERS] = {c->every_ev[0][k], c->every_ev[1][k]};
        const struct split_rule *added[SPLIT_CHART_NORDERS] = {k ? &c->exception[0][k - 1] : NULL,
                                                               k ? &c->exception[1][k - 1] : NULL};
        csv_row(f, r, r->main.card.n + k, k ? ORDERS[o] : "none", ev_of[o], ev_of, added);
    }
}

/* ------------------------------------------------------------------ */
/* HTML                                                                */
/* ------------------------------------------------------------------ */

void split_card_report_html(FILE *f, const struct split_card_report *r)
{
    char game[256], about[400], made[700], all[32];
    snprintf(about, sizeof about, "4 Card Split, %s.", split_game_words(&r->pt, r->reading, game, sizeof game));
    if (r->source)
        snprintf(made, sizeof made, "The card of %s, priced by %s.", r->source, r->command);
    else
        snprintf(made, sizeof made, "Made by %s from the exact values of every option in all %s situations.", r->command,
                 wide_grouped(SPLIT_SITUATIONS, all, sizeof all));
    json_object *card = split_card_report_json(r);
    struct card_page page = {
        .card = card, .title = "4 Card Split: strategy card", .about = about, .unit = "unit (the Ante)", .counted = "situations",
        .how_to_read = "Read the rules top down: the first that matches your four cards and the upcard decides how to "
                       "set them and which hands to play. \"First\" and \"second\" are the hands in the order the "
                       "setting names them.",
        .made_by = made, .maps = r->maps, .nmaps = r->nmaps};
    card_html_write(f, &page);
    json_object_put(card);
}
