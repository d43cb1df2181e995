/* buyout_card_cli.c — `card buyout` and `price buyout`: the solve's
 * classes, every option's value, then a card built or read and priced
 * exactly (buyout_card.h). */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_card.h"
#include "buyout_card_report.h"
#include "buyout_cli.h"
#include "buyout_report.h"
#include "card_cli.h"
#include "cli.h"
#include "cluster.h"
#include "games.h"
#include "output_files.h"
#include "report_json.h"
#include "buyout.h"

static const char CARD_HELP[] =
    "usage: fourcard card buyout [the options of 'solve buyout'] [--rules N] [options]\n"
    "\n"
    "Builds a strategy card: at most N short rules (default 15), at the 3rd card\n"
    "and at the 4th, by the points you hold, the points with the new card, the\n"
    "points it adds, the upcard, and the high card and 2nd card of your first\n"
    "three, the first that matches deciding to buy, refuse or fold.  Every\n"
    "option of every situation is valued exactly first (as 'solve buyout'); the\n"
    "card is learnt a rule at a time, bettered a rule at a time, and priced\n"
    "exactly: its EV, its cost against the optimal strategy, the deals it plays\n"
    "worse, two coarser cards and the cost of every length.  Where N rules cost\n"
    "more than 0.05% of the First bet the learner goes on (to 64 rules) and\n"
    "gives the first card that does not.  With --bonus-table the values hold the\n"
    "Bonus bet.\n"
    "The Markdown it writes is a card file ('fourcard price buyout --card FILE').\n"
    "\n"
    "options:\n"
    "  --bonus-table T, --bonus-units U, --decks N, --ranks N, --dealer-five R\n"
    "                       the game, as 'fourcard solve buyout' (not --bonus-alone)\n"
    "  --rules N            the card's most rules, 2..64 (default 15)\n"
    "  --html FILE          the card as one printable HTML page (one A4/Letter sheet)\n"
    "  --all-formats BASE   BASE.md, BASE.json and BASE.html from one build (instead\n"
    "                       of -o, --json and --html)\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

static const char PRICE_HELP[] =
    "usage: fourcard price buyout --card FILE [the options of 'solve buyout'] [options]\n"
    "\n"
    "Prices your own Buyout card exactly (docs/card-format.md): its EV, its cost\n"
    "against the optimal strategy, the deals it plays worse.  A bad card file gets\n"
    "one line naming FILE:LINE and the problem, exit 2.\n"
    "\n"
    "options:\n"
    "  --card FILE          the card to price (required)\n"
    "  --bonus-table T, --bonus-units U, --decks N, --ranks N, --dealer-five R\n"
    "                       the game, as 'fourcard solve buyout'\n"
    "  --html FILE          the priced card as one printable HTML page\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

/* The values of every option (rank 0; the others help solve).  NULL on
 * another rank or after an error line (*rc the exit code). */
static struct buyout_card_values *values_of(const char *cmd, const struct buyout_rules *r, const struct run_options *run,
                                            int *rc)
{
    struct buyout_solution sol;
    struct buyout_solve_options o = {.threads = run->threads, .progress = !run->quiet, .bind = run->bind, .solution = &sol};
    struct buyout_result res;
    char err[512];
    *rc = 0;
    if (buyout_solve(r, &o, &res, err, sizeof err) != 0)
        return *rc = 1, fprintf(stderr, "fourcard %s: %s\n", cmd, err), NULL;
    if (cluster_rank() != 0)
        return buyout_solution_free(&sol), NULL;
    struct buyout_card_values *v = buyout_card_values_new(&sol, run->threads, err, sizeof err);
    buyout_solution_free(&sol);
    if (!v)
        *rc = 1, fprintf(stderr, "fourcard %s: %s\n", cmd, err);
    return v;
}

static void command_words(const char *cmd, const struct buyout_rules *r, const char *card, char *buf, size_t len)
{
    char units[48], table[128];
    snprintf(units, sizeof units, r->bonus_den == 1 ? "%lld" : "%lld/%lld", (long long)r->bonus_num,
             (long long)r->bonus_den);
    if (r->bonus_table == BUYOUT_TABLE_FILE) /* the file's name is not kept: its paytable's is */
        snprintf(table, sizeof table, "--bonus-paytable <the file of %s>", r->bonus_pays.name);
    else
        snprintf(table, sizeof table, "--bonus-table %d", r->bonus_table);
    snprintf(buf, len, "fourcard %s buyout", cmd);
    if (r->bonus_table)
        snprintf(buf + strlen(buf), len - strlen(buf), " %s --bonus-units %s", table, units);
    if (card)
        snprintf(buf + strlen(buf), len - strlen(buf), " --card %s", card);
}

static void buyout_md(FILE *f, const void *r) { buyout_card_report_write(f, r); }
static json_object *buyout_json(const void *r) { return buyout_card_report_json(r); }
static void buyout_html(FILE *f, const void *r) { buyout_card_report_html(f, r); }

/* Writes the card in every format asked; the page gets the optimal
 * strategy's maps. */
static int write_report(const char *cmd, struct output_files *out, const struct card_outputs *co,
                        struct buyout_card_report *r, const struct buyout_card_values *v)
{
    static const struct card_writers W = {buyout_md, buyout_json, buyout_html, NULL};
    struct card_map *maps = co->want[CARD_HTML] ? malloc(BUYOUT_CARD_NMAPS * sizeof *maps) : NULL;
    if (maps && buyout_card_maps(v, maps) == 0)
        r->maps = maps, r->nmaps = BUYOUT_CARD_NMAPS;
    int rc = card_outputs_write(cmd, out, co, &W, r);
    r->maps = NULL, r->nmaps = 0;
    free(maps);
    return rc;
}

static int card_or_price(const char *cmd, const char *help, int argc, char **argv, struct card_args *ca)
{
    bool price = !strcmp(cmd, "price");
    struct cli_extra extra = card_extra(cmd, help, ca);
    struct buyout_rules rules;
    struct run_options run = {0};
    int rc = buyout_cli_rules(argc, argv, &extra, &rules, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (rules.bonus_alone)
        return cli_error(cmd, "a Bonus played alone has no decisions: no card");
    if (price && !ca->card)
        return cli_error(cmd, "missing --card FILE (the card to price)");
    if (ca->rules_given && ca->rules < 2)
        return cli_error(cmd, "--rules %d: a Buyout card needs at least 2 rules (one per card)", ca->rules);
    struct buyout_card_report *r = calloc(1, sizeof *r);
    char err[700];
    if (!r)
        return fprintf(stderr, "fourcard %s: out of memory\n", cmd), 1;
    if (price && buyout_card_load(ca->card, &r->main.card, err, sizeof err) != 0) {
        free(r);
        return cli_error(cmd, "%s", err);
    }
    struct output_files out;
    struct card_outputs co;
    output_files_init(&out, cmd);
    if (card_outputs_add(cmd, &out, ca, &run, false, &co) != 0)
        return free(r), EXIT_USAGE;
    struct buyout_card_values *v = NULL;
    struct buyout_card_build *b = price ? NULL : malloc(sizeof *b);
    if ((rc = output_files_open(&out)) != 0 || (v = values_of(cmd, &rules, &run, &rc)) == NULL) {
        free(r), free(b);
        return rc ? (output_files_abort(&out), rc) : 0;
    }
    if (!price && (!b || buyout_card_build(v, ca->rules_given ? ca->rules : 15, true, b, err, sizeof err) != 0))
        rc = (fprintf(stderr, "fourcard %s: out of memory\n", cmd), 1);
    if (rc == 0 && !price) {
        r->main.card = b->cards[b->length];
        int span = b->length - b->shortest, lengths[2] = {b->shortest + span / 3, b->shortest + 2 * span / 3};
        for (int t = 0; t < 2; t++)
            if (lengths[t] < b->length && (t == 0 || lengths[t] > lengths[0]) && b->cards[lengths[t]].n > 0) {
                r->tiers[r->ntiers].card = b->cards[lengths[t]];
                buyout_card_price(&r->tiers[r->ntiers].card, v, &r->tiers[r->ntiers].price);
                r->ntiers++;
            }
        r->build = b;
    }
    if (rc == 0) {
        buyout_card_price(&r->main.card, v, &r->main.price);
        if (r->main.price.uncovered != 0)
            rc = cli_error(cmd, "%s: no rule decides %lld situations (end each card with a rule without limits)",
                           ca->card ? ca->card : "card", (long long)r->main.price.uncovered);
    }
    char command[700];
    command_words(cmd, &rules, price ? ca->card : NULL, command, sizeof command);
    r->rules = rules, r->command = command, r->source = price ? ca->card : NULL;
    if (rc == 0)
        rc = write_report(cmd, &out, &co, r, v);
    else
        output_files_abort(&out);
    buyout_card_values_free(v), free(b), free(r);
    return rc;
}

int buyout_cmd_card(int argc, char **argv, struct card_args *ca) { return card_or_price("card", CARD_HELP, argc, argv, ca); }
int buyout_cmd_price(int argc, char **argv, struct card_args *ca) { return card_or_price("price", PRICE_HELP, argc, argv, ca); }

/* ------------------------------------------------------------------ */
/* advise                                                              */
/* ------------------------------------------------------------------ */

static const char ADVISE_HELP[] =
    "usage: fourcard advise buyout CARDS --upcard C [--card FILE] [the options of 'solve buyout']\n"
    "\n"
    "One decision: CARDS are your 2 cards and the 3rd card just dealt (the\n"
    "decision at the 3rd card), or your 3 cards and the 4th just dealt (at the\n"
    "4th card, after buying the 3rd).  Prints every legal option's exact EV per\n"
    "First bet (the rest played optimally, the Bonus inside), the best and its\n"
    "margin, and the rule of the strategy card that decides it, with whether it\n"
    "agrees.  The card is --card FILE, or the card 'fourcard card buyout' builds.\n"
    "\n"
    "options:\n"
    "  CARDS                \"Ah Kd 9h\" (at the 3rd card) or \"Ah Kd 9h 2s\" (at the 4th)\n"
    "  --upcard C           the dealer's upcard (required)\n"
    "  --card FILE          the strategy card to ask\n"
    "  --bonus-table T, --bonus-units U, --decks N, --ranks N, --dealer-five R\n"
    "                       the game, as 'fourcard solve buyout'\n"
    "  --json               one JSON object instead of the table\n" RUN_OPTIONS_HELP;

struct advice {
    card_t cards[4], up;
    int n;                    /* 3 or 4 */
    struct buyout_option_evs e;
    int order[3], nopt;       /* the legal options, best first */
    int rule;                 /* the card's rule, 0-based, or -1 */
    int mine;                 /* the card's action as played (a forbidden one folds) */
};

static int read_advice(const char *cards, const char *upcard, struct advice *ad)
{
    char err[300];
    if (!cards)
        return cli_error("advise", "missing CARDS (\"Ah Kd 9h\" at the 3rd card, \"Ah Kd 9h 2s\" at the 4th)"), -1;
    if (!upcard)
        return cli_error("advise", "missing --upcard C (the dealer's upcard)"), -1;
    ad->n = cards_parse(cards, ad->cards, 4, err, sizeof err);
    if (ad->n < 0)
        return cli_error("advise", "CARDS: %s", err), -1;
    if (ad->n < 3)
        return cli_error("advise", "CARDS: 3 cards (at the 3rd card) or 4 (at the 4th), not %d", ad->n), -1;
    if (cards_parse_exact(upcard, &ad->up, 1, err, sizeof err) != 0)
        return cli_error("advise", "--upcard: %s", err), -1;
    return 0;
}

static json_object *advice_json(const struct advice *ad, const struct buyout_card *c)
{
    static const char *const NAMES[3] = {"fold", "refuse", "buy"};
    char text[32], up[3], rule[200] = "(no rule matches)";
    json_object *o = json_object_new_object(), *opts = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "cards", json_object_new_string(cards_format(ad->cards, ad->n, text, sizeof text)));
    card_format(ad->up, up);
    json_object_object_add(o, "upcard", json_object_new_string(up));
    json_object_object_add(o, "decision", json_object_new_string(ad->n == 3 ? "3rd card" : "4th card"));
    for (int i = 0; i < ad->nopt; i++) {
        json_object *x = json_object_new_object();
        json_object_object_add(x, "option", json_object_new_string(NAMES[ad->order[i]]));
        json_object_object_add(x, "ev", report_exact_json(ad->e.num[ad->order[i]], ad->e.den));
        json_object_array_add(opts, x);
    }
    json_object_object_add(o, "options", opts);
    json_object_object_add(o, "best", json_object_new_string(NAMES[ad->order[0]]));
    json_object_object_add(o, "margin", ad->nopt > 1 ? report_exact_json(ad->e.num[ad->order[0]] - ad->e.num[ad->order[1]], ad->e.den)
                                                     : NULL);
    if (ad->rule >= 0)
        buyout_rule_text(&c->rule[ad->rule], rule, sizeof rule);
    json_object_object_add(o, "card_rule", json_object_new_int(ad->rule + 1));
    json_object_object_add(o, "card_rule_text", json_object_new_string(rule));
    json_object_object_add(o, "card_option", json_object_new_string(NAMES[ad->mine]));
    json_object_object_add(o, "card_agrees", json_object_new_boolean(ad->e.num[ad->mine] == ad->e.num[ad->order[0]]));
    return o;
}

/* The options, best first (ties: the smaller wager), and the card's rule. */
static void decide(struct advice *ad, const struct buyout_card *c)
{
    ad->nopt = 0;
    for (int a = 0; a < 3; a++)
        if (ad->e.legal[a])
            ad->order[ad->nopt++] = a;
    for (int i = 1; i < ad->nopt; i++)
        for (int j = i; j > 0 && ad->e.num[ad->order[j]] > ad->e.num[ad->order[j - 1]]; j--) {
            int t = ad->order[j];
            ad->order[j] = ad->order[j - 1], ad->order[j - 1] = t;
        }
    int held = ad->n - 1;
    struct buyout_view v = buyout_view_of(ad->cards, held, ad->up);
    ad->rule = buyout_card_match(c, held == 2 ? 0 : 1, &v);
    ad->mine = ad->rule < 0 ? BUYOUT_FOLD : c->rule[ad->rule].action;
    if (!ad->e.legal[ad->mine])
        ad->mine = BUYOUT_FOLD;
}

int buyout_cmd_advise(int argc, char **argv, struct card_args *ca)
{
    struct cli_extra extra = card_extra("advise", ADVISE_HELP, ca);
    struct buyout_rules rules;
    struct run_options run = {0};
    const char *operand = NULL;
    int rc = buyout_cli_rules_operand(argc, argv, &extra, &rules, &run, &operand);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (rules.bonus_alone)
        return cli_error("advise", "a Bonus played alone has no decisions");
    struct advice ad = {0};
    struct buyout_card *card = calloc(1, sizeof *card);
    char err[700];
    if (!card)
        return fprintf(stderr, "fourcard advise: out of memory\n"), 1;
    rc = read_advice(operand, ca->upcard, &ad) != 0 ? EXIT_USAGE : 0;
    if (!rc && ca->card && buyout_card_load(ca->card, card, err, sizeof err) != 0)
        rc = cli_error("advise", "%s", err);
    struct buyout_context *cx = rc ? NULL : buyout_context_new(&rules, err, sizeof err);
    if (!rc && (!cx || buyout_situation_evs(cx, ad.cards, ad.up, ad.cards[2], ad.n == 4 ? &ad.cards[3] : NULL, &ad.e, err,
                                            sizeof err) != 0))
        rc = cli_error("advise", "%s", err);
    buyout_context_free(cx);
    struct output_files out;
    output_files_init(&out, "advise");
    int report = output_files_add(&out, cluster_rank() == 0 ? run.output : NULL);
    if (!rc)
        rc = output_files_open(&out);
    if (!rc && !ca->card) { /* the card built for this game */
        struct buyout_card_values *v = values_of("advise", &rules, &run, &rc);
        struct buyout_card_build *b = v ? malloc(sizeof *b) : NULL;
        if (v && (!b || buyout_card_build(v, 15, false, b, err, sizeof err) != 0))
            rc = (fprintf(stderr, "fourcard advise: out of memory\n"), 1);
        else if (v)
            *card = b->cards[b->length];
        buyout_card_values_free(v), free(b);
    }
    if (rc || cluster_rank() != 0) {
        if (!rc || rc == 1)
            output_files_abort(&out);
        free(card);
        return rc;
    }
    decide(&ad, card);
    json_object *o = advice_json(&ad, card);
    FILE *f = output_files_fp(&out, report, stdout);
    if (run.json)
        report_json_print(f, "advise", json_object_get(o));
    else {
        json_object *opts = json_object_object_get(o, "options");
        fprintf(f, "4 Card Buyout, %s, upcard %s, at the %s:\n", json_object_get_string(json_object_object_get(o, "cards")),
                json_object_get_string(json_object_object_get(o, "upcard")), ad.n == 3 ? "3rd card" : "4th card");
        for (size_t i = 0; i < json_object_array_length(opts); i++) {
            json_object *x = json_object_array_get_idx(opts, i), *ev = json_object_object_get(x, "ev");
            fprintf(f, "  %-7s %+.6f  %s%s\n", json_object_get_string(json_object_object_get(x, "option")),
                    json_object_get_double(json_object_object_get(ev, "value")),
                    json_object_get_string(json_object_object_get(ev, "exact")), i == 0 ? "   best" : "");
        }
        fprintf(f, "card (%s): rule %d, \"%s\": %s — %s\n", ca->card ? ca->card : "built for this game", ad.rule + 1,
                json_object_get_string(json_object_object_get(o, "card_rule_text")),
                json_object_get_string(json_object_object_get(o, "card_option")),
                json_object_get_boolean(json_object_object_get(o, "card_agrees")) ? "as good as the best option"
                                                                                  : "worse than the best option");
    }
    json_object_put(o), free(card);
    return output_files_commit(&out);
}
