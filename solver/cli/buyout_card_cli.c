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

static const char CARD_HELP[] =
    "usage: fourcard card buyout [the options of 'solve buyout'] [--rules N] [options]\n"
    "\n"
    "Builds a strategy card: at most N short rules (default 15), at the 3rd card\n"
    "and at the 4th, by the points you hold, the points with the new card and the\n"
    "upcard, the first that matches deciding to buy, refuse or fold.  Every\n"
    "option of every situation is valued exactly first (as 'solve buyout'); the\n"
    "card is learnt a rule at a time and priced exactly: its EV, its cost against\n"
    "the optimal strategy, the deals it plays worse, two coarser cards and the\n"
    "cost of every length.  With --bonus-table the values hold the Bonus bet.\n"
    "The Markdown it writes is a card file ('fourcard price buyout --card FILE').\n"
    "\n"
    "options:\n"
    "  --bonus-table T, --bonus-units U, --decks N, --ranks N, --dealer-five R\n"
    "                       the game, as 'fourcard solve buyout' (not --bonus-alone)\n"
    "  --rules N            the card's most rules, 2..64 (default 15)\n"
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
    int n = snprintf(buf, len, "fourcard %s buyout", cmd);
    if (r->bonus_table)
        n += snprintf(buf + n, len - (size_t)n, " --bonus-table %d --bonus-units %lld%s%lld", r->bonus_table,
                      (long long)r->bonus_num, r->bonus_den == 1 ? "" : "/", r->bonus_den == 1 ? 0LL : (long long)r->bonus_den);
    if (r->bonus_table && r->bonus_den == 1)
        buf[strlen(buf) - 1] = '\0'; /* no "/0" */
    if (card)
        snprintf(buf + strlen(buf), len - strlen(buf), " --card %s", card);
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
    output_files_init(&out, cmd);
    int report = output_files_add(&out, cluster_rank() == 0 ? run.output : NULL);
    struct buyout_card_values *v = NULL;
    struct buyout_card_build *b = price ? NULL : malloc(sizeof *b);
    if ((rc = output_files_open(&out)) != 0 || (v = values_of(cmd, &rules, &run, &rc)) == NULL) {
        free(r), free(b);
        return rc ? (output_files_abort(&out), rc) : 0;
    }
    if (!price && (!b || buyout_card_build(v, ca->rules_given ? ca->rules : 15, b, err, sizeof err) != 0))
        rc = (fprintf(stderr, "fourcard %s: out of memory\n", cmd), 1);
    if (rc == 0 && !price) {
        r->main.card = b->cards[b->longest];
        int span = b->longest - b->shortest, lengths[2] = {b->shortest + span / 3, b->shortest + 2 * span / 3};
        for (int t = 0; t < 2; t++)
            if (lengths[t] < b->longest && (t == 0 || lengths[t] > lengths[0]) && b->cards[lengths[t]].n > 0) {
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
    if (rc == 0) {
        FILE *f = output_files_fp(&out, report, stdout);
        if (run.json) {
            json_object *o = buyout_card_report_json(r);
            fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
            json_object_put(o);
        } else
            buyout_card_report_write(f, r);
        rc = output_files_commit(&out);
    } else
        output_files_abort(&out);
    buyout_card_values_free(v), free(b), free(r);
    return rc;
}

int buyout_cmd_card(int argc, char **argv, struct card_args *ca) { return card_or_price("card", CARD_HELP, argc, argv, ca); }
int buyout_cmd_price(int argc, char **argv, struct card_args *ca) { return card_or_price("price", PRICE_HELP, argc, argv, ca); }
