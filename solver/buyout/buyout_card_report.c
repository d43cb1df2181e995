/* buyout_card_report.c — a Buyout card as Markdown (the card file that
 * `fourcard price buyout --card` reads back) or JSON; every figure from
 * buyout_card_price's exact sums. */
#include "buyout_card_report.h"

#include <json-c/json.h>

#include "buyout_report.h"
#include "report_json.h"

static double percent(const struct buyout_card_report *r, wide_t v) { return 100 * wide_ratio(v, r->main.price.den); }

static double initial_units(const struct buyout_card_report *r) { return buyout_initial_units(&r->rules); }

int buyout_card_target_length(const struct buyout_card_report *r)
{
    for (int k = r->build ? r->build->shortest : 1; r->build && k <= r->build->longest; k++)
        if (r->build->cards[k].n > 0 &&
            percent(r, r->main.price.optimal_ev - r->build->ev[k]) <= BUYOUT_CARD_TARGET_PERCENT)
            return k;
    return 0;
}

static json_object *rules_array(const struct buyout_card *c)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < c->n; i++) {
        char text[200];
        json_object_array_add(a, json_object_new_string(buyout_rule_text(&c->rule[i], text, sizeof text)));
    }
    return a;
}

static void cost_json(json_object *o, const struct buyout_card_report *r, wide_t ev)
{
    wide_t cost = r->main.price.optimal_ev - ev, den = r->main.price.den;
    json_object_object_add(o, "ev", report_exact_json(ev, den));
    json_object_object_add(o, "cost", report_exact_json(cost, den));
    json_object_object_add(o, "cost_percent", json_object_new_double(percent(r, cost)));
    json_object_object_add(o, "cost_percent_of_initial_wager", json_object_new_double(percent(r, cost) / initial_units(r)));
}

static json_object *tier_json(const struct buyout_card_report *r, const struct buyout_card_tier *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "rules", rules_array(&t->card));
    cost_json(o, r, t->price.ev);
    json_object_object_add(o, "optimal_ev", report_exact_json(t->price.optimal_ev, t->price.den));
    json_object_object_add(o, "hands_otherwise", json_object_new_int64(t->price.deals_otherwise));
    return o;
}

json_object *buyout_card_report_json(const struct buyout_card_report *r)
{
    char name[64];
    json_object *o = tier_json(r, &r->main), *tiers = json_object_new_array(), *lengths = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "preset", json_object_new_string(buyout_preset_name(&r->rules, name, sizeof name)));
    json_object_object_add(o, "game_rules", buyout_rules_json(&r->rules));
    json_object_object_add(o, "card_file", r->source ? json_object_new_string(r->source) : NULL);
    json_object_object_add(o, "deals", json_object_new_int64(r->main.price.deals));
    for (int t = 0; t < r->ntiers; t++)
        json_object_array_add(tiers, tier_json(r, &r->tiers[t]));
    json_object_object_add(o, "tiers", tiers);
    for (int k = r->build ? r->build->shortest : 1; r->build && k <= r->build->longest; k++)
        if (r->build->cards[k].n > 0) {
            json_object *l = json_object_new_object();
            json_object_object_add(l, "rule_count", json_object_new_int(k));
            cost_json(l, r, r->build->ev[k]);
            json_object_array_add(lengths, l);
        }
    json_object_object_add(o, "lengths", lengths);
    if (r->build) {
        json_object *best = json_object_new_object(), *target = json_object_new_object();
        cost_json(best, r, r->build->best_in_language);
        json_object_object_add(o, "best_in_language", best);
        int at = buyout_card_target_length(r);
        json_object_object_add(target, "cost_percent", json_object_new_double(BUYOUT_CARD_TARGET_PERCENT));
        json_object_object_add(target, "met_at_rule_count", at ? json_object_new_int(at) : NULL);
        if (at > r->build->length) /* the card that meets it, longer than the card */
            json_object_object_add(target, "rules", rules_array(&r->build->cards[at]));
        json_object_object_add(o, "target", target);
    }
    return o;
}

static char *cost_words(const struct buyout_card_report *r, wide_t ev, char *buf, size_t len)
{
    char frac[120];
    wide_t cost = r->main.price.optimal_ev - ev;
    snprintf(buf, len, "%.4f%% of the First bet, %.4f%% of the initial wager (exact %s)", percent(r, cost),
             percent(r, cost) / initial_units(r), wide_fraction(cost, r->main.price.den, frac, sizeof frac));
    return buf;
}

static void write_rules(FILE *f, const struct buyout_card *c, bool numbered)
{
    for (int i = 0; i < c->n; i++) {
        char text[200];
        buyout_rule_text(&c->rule[i], text, sizeof text);
        numbered ? fprintf(f, "%d. %s\n", i + 1, text) : fprintf(f, "    - %s\n", text);
    }
}

/* "4 Card Buyout, standard (six decks, the dealer's five cards: ...)." */
static char *about_text(const struct buyout_card_report *r, char *buf, size_t len)
{
    char name[64], shoe[400] = "six decks";
    const struct buyout_rules *rules = &r->rules;
    if (rules->shoe_given || rules->decks != BUYOUT_MAX_DECKS || rules->nranks != NRANKS)
        buyout_shoe_text(rules, shoe, sizeof shoe);
    snprintf(buf, len, "4 Card Buyout, %s (%s, the dealer's five cards: %s).", buyout_preset_name(rules, name, sizeof name),
             shoe, buyout_reading_name(rules->dealer_five));
    return buf;
}

void buyout_card_report_write(FILE *f, const struct buyout_card_report *r)
{
    char about[600], frac[120], cost[300], other[32], all[32];
    const struct buyout_card_price *p = &r->main.price;
    fprintf(f, "# 4 Card Buyout: strategy card\n\n%s\n", about_text(r, about, sizeof about));
    if (r->source)
        fprintf(f, "The card of %s, priced by `%s`.\n\n", r->source, r->command);
    else
        fprintf(f, "Made by `%s` from the exact value of every option at the 3rd and the 4th card.\n\n", r->command);
    fprintf(f, "At each card read the rules for it top down: the first that matches decides.\n"
               "\"points\" are those of the cards you hold, \"points with it\" those with the card\n"
               "just dealt, \"adds\" the points it adds; the \"high card\" and the \"2nd card\" are the\n"
               "highest and the second-highest of your first three cards; a refuse the rules forbid,\n"
               "or a buy that leaves no points, folds (docs/card-format.md).\n\n");
    write_rules(f, &r->main.card, true);
    fprintf(f, "\nEV of a round with this card: %+.6f%% of the First bet (exact %s).\n", percent(r, p->ev),
            wide_fraction(p->ev, p->den, frac, sizeof frac));
    fprintf(f, "EV with the optimal strategy: %+.6f%% (exact %s).\n", percent(r, p->optimal_ev),
            wide_fraction(p->optimal_ev, p->den, frac, sizeof frac));
    fprintf(f, "Cost of the card: %s.\n", cost_words(r, p->ev, cost, sizeof cost));
    fprintf(f, "It plays %s of the %s deals to the 3rd card worse than the optimal strategy.\n",
            wide_grouped(p->deals_otherwise, other, sizeof other), wide_grouped(p->deals, all, sizeof all));
    if (r->ntiers)
        fprintf(f, "\n## Coarser cards\n");
    for (int t = 0; t < r->ntiers; t++) {
        fprintf(f, "\n- %d rules, EV %+.6f%%, cost %s:\n", r->tiers[t].card.n, percent(r, r->tiers[t].price.ev),
                cost_words(r, r->tiers[t].price.ev, cost, sizeof cost));
        write_rules(f, &r->tiers[t].card, false);
    }
    if (!r->build)
        return;
    fprintf(f, "\n## Cost by number of rules\n\n| rules | EV per First bet | cost | cost per initial wager |\n|---|---|---|---|\n");
    for (int k = r->build->shortest; k <= r->build->longest; k++)
        if (r->build->cards[k].n > 0)
            fprintf(f, "| %d | %+.6f%% | %.4f%% | %.4f%% |\n", k, percent(r, r->build->ev[k]),
                    percent(r, p->optimal_ev - r->build->ev[k]), percent(r, p->optimal_ev - r->build->ev[k]) / initial_units(r));
    int at = buyout_card_target_length(r);
    if (at && at > r->build->length) {
        fprintf(f, "\nThe target, a cost of at most %.2f%% of the First bet, is met from %d rules, with this card\n"
                   "(the card above has %d):\n\n", BUYOUT_CARD_TARGET_PERCENT, at, r->build->length);
        write_rules(f, &r->build->cards[at], false);
        fprintf(f, "\n");
    } else if (at)
        fprintf(f, "\nThe target, a cost of at most %.2f%% of the First bet, is met from %d rules.\n",
                BUYOUT_CARD_TARGET_PERCENT, at);
    else
        fprintf(f, "\nThe target, a cost of at most %.2f%% of the First bet, is not met within %d rules.\n",
                BUYOUT_CARD_TARGET_PERCENT, r->build->longest);
    fprintf(f, "No card of this form can cost less than %s: that is every\n"
               "3rd-card cell (points held, points with the 3rd card, upcard, high card, 2nd card) taking\n"
               "its best action, every 4th card after a buy played optimally.\n",
            cost_words(r, r->build->best_in_language, cost, sizeof cost));
}

void buyout_card_report_html(FILE *f, const struct buyout_card_report *r)
{
    char about[600], made[800];
    if (r->source)
        snprintf(made, sizeof made, "The card of %s, priced by %s.", r->source, r->command);
    else
        snprintf(made, sizeof made, "Made by %s from the exact value of every option at the 3rd and the 4th card.",
                 r->command);
    json_object *card = buyout_card_report_json(r);
    struct card_page page = {
        .card = card, .title = "4 Card Buyout: strategy card", .about = about_text(r, about, sizeof about),
        .unit = "First bet", .counted = "deals to the 3rd card",
        .how_to_read = "At each card read the rules for it top down: the first that matches decides. \"points\" are "
                       "those of the cards you hold, \"points with it\" those with the card just dealt, \"adds\" the "
                       "points it adds; the \"high card\" and the \"2nd card\" are the highest and the "
                       "second-highest of your first three cards; a refuse the rules forbid, or a buy that leaves no "
                       "points, folds.",
        .made_by = made, .maps = r->maps, .nmaps = r->nmaps};
    card_html_write(f, &page);
    json_object_put(card);
}
