/* split_card_cli.c — `card split`, `price split` and `advise split`: the
 * solve's hand values in every situation, then a card built or read and
 * priced exactly (split_card.h), or one situation's options. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "card_cli.h"
#include "cli.h"
#include "cluster.h"
#include "games.h"
#include "output_files.h"
#include "split_card.h"
#include "split_card_report.h"
#include "split_cli.h"
#include "split_counts.h"
#include "report_json.h"
#include "split_report.h"
#include "eval3.h"

static const char CARD_HELP[] =
    "usage: fourcard card split [--preset NAME | --paytable FILE] [--rules N] [options]\n"
    "\n"
    "Builds a strategy card: at most N short rules (default 15) in a player's\n"
    "words, read top down, the first that matches deciding how to set the four\n"
    "cards and which hands to play.  Every option of all 12,994,800 situations\n"
    "is valued exactly first (as 'solve split' does); the card is then learnt\n"
    "from those values, one rule at a time, and priced exactly: its EV, its cost\n"
    "against the optimal strategy, the situations it plays worse, two coarser\n"
    "cards and the cost of every length.  The Markdown it writes is a card file\n"
    "('fourcard price split --card FILE' reads it back; docs/card-format.md).\n"
    "\n"
    "options:\n"
    "  --preset NAME        a paytable of the seeds (default 2014-1a)\n"
    "  --paytable FILE      your own game (INI; docs/split-paytable-format.md)\n"
    "  --instant R          several instant winners in one hand: choose (default)\n"
    "                       or highest (see 'fourcard solve split --help')\n"
    "  --rules N            the card's most rules, 4..64 (default 15)\n"
    "  --html FILE          the card as one printable HTML page (one A4/Letter sheet)\n"
    "  --chart FILE         the cost of every length as CSV: the learner's shorter\n"
    "                       cards, then the chart with its first k exceptions for\n"
    "                       every k, each priced exactly, and the rule each adds\n"
    "  --all-formats BASE   BASE.md, BASE.json, BASE.html and BASE-chart.csv from one\n"
    "                       build (instead of -o, --json, --html and --chart)\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

static const char PRICE_HELP[] =
    "usage: fourcard price split --card FILE [--preset NAME | --paytable FILE] [options]\n"
    "\n"
    "Prices your own strategy card exactly: the card file's numbered rules\n"
    "(docs/card-format.md; 'fourcard card split' writes one) applied to every\n"
    "situation, valued as the optimal strategy is.  Reports the card's EV, its\n"
    "cost against the optimal strategy and the situations it plays worse.  A\n"
    "bad card file gets one line naming FILE:LINE and the problem, exit 2.\n"
    "\n"
    "options:\n"
    "  --card FILE          the card to price (required)\n"
    "  --preset NAME        a paytable of the seeds (default 2014-1a)\n"
    "  --paytable FILE      your own game (INI)\n"
    "  --instant R          choose (default) or highest\n"
    "  --html FILE          the priced card as one printable HTML page\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

static const char ADVISE_HELP[] =
    "usage: fourcard advise split CARDS --upcard C [--card FILE] [options]\n"
    "\n"
    "One situation, in any suits: every legal option's exact EV (the Antes and\n"
    "Play bets of the round, per unit; the Blind, which no decision changes, is\n"
    "shown apart), the best option and its margin over the second best, and the\n"
    "rule of the strategy card that decides the situation, with whether the card\n"
    "agrees.  The card is --card FILE, or else the card 'fourcard card split'\n"
    "builds for the same game (which solves the whole game first).\n"
    "\n"
    "options:\n"
    "  CARDS                your four cards, \"Ah Kd 7c 2s\"\n"
    "  --upcard C           the dealer's upcard (required)\n"
    "  --card FILE          the strategy card to ask\n"
    "  --preset NAME, --paytable FILE, --instant R   the game, as 'solve split'\n"
    "  --json               one JSON object instead of the table\n" RUN_OPTIONS_HELP;

/* ------------------------------------------------------------------ */
/* The whole game's values                                             */
/* ------------------------------------------------------------------ */

struct game_values {
    struct split_situation *list;
    struct split_hand_values *values;
    long n;
    double seconds;
};

/* Solves with every class's hand values on rank 0.  0, or the exit code. */
static int solve_values(const char *cmd, const struct split_paytable *pt, const struct split_args *a,
                        struct game_values *g)
{
    char err[512];
    struct split_solve_options o = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                    .values = &g->values, .progress = !a->run.quiet};
    struct split_result r;
    g->values = NULL;
    if (split_solve(pt, 1, &o, &r, err, sizeof err) != 0)
        return fprintf(stderr, "fourcard %s: %s\n", cmd, err), 1;
    g->seconds = r.seconds;
    if (cluster_rank() != 0)
        return 0;
    g->n = split_situations_list(&g->list);
    if (g->n < 0) {
        free(g->values);
        return fprintf(stderr, "fourcard %s: out of memory\n", cmd), 1;
    }
    return 0;
}

static void game_values_free(struct game_values *g)
{
    free(g->list), free(g->values);
}

/* The built card's report: the longest card, and two coarser ones, at a
 * third and at two thirds of the way from the shortest. */
static void built_report(const struct split_paytable *pt, const struct split_args *a, const struct game_values *g,
                         const struct split_card_build *b, struct split_card_report *r)
{
    r->main.card = b->cards[b->longest];
    split_card_price(&r->main.card, pt, a->instant, g->list, g->values, g->n, &r->main.price);
    int span = b->longest - b->shortest;
    int lengths[2] = {b->shortest + span / 3, b->shortest + 2 * span / 3};
    for (int t = 0; t < 2; t++)
        if (lengths[t] < b->longest && (t == 0 || lengths[t] > lengths[0]) && b->cards[lengths[t]].n > 0) {
            struct split_card_tier *tier = &r->tiers[r->ntiers++];
            tier->card = b->cards[lengths[t]];
            split_card_price(&tier->card, pt, a->instant, g->list, g->values, g->n, &tier->price);
        }
}

static int build_card(const char *cmd, const struct split_paytable *pt, const struct split_args *a,
                      const struct game_values *g, int max_rules, struct split_card_build *b)
{
    char err[256];
    if (split_card_build(pt, a->instant, g->list, g->values, g->n, max_rules, b, err, sizeof err) != 0)
        return fprintf(stderr, "fourcard %s: %s\n", cmd, err), 1;
    return 0;
}

static void split_md(FILE *f, const void *r) { split_card_report_write(f, r); }
static json_object *split_json(const void *r) { return split_card_report_json(r); }
static void split_html(FILE *f, const void *r) { split_card_report_html(f, r); }
static void split_chart(FILE *f, const void *r) { split_card_report_chart_csv(f, r); }

/* Writes the card in every format asked; the page gets the optimal
 * strategy's maps from the game's values. */
static int write_report(const char *cmd, struct output_files *out, const struct card_outputs *co,
                        struct split_card_report *r, const struct game_values *g)
{
    static const struct card_writers W = {split_md, split_json, split_html, split_chart};
    struct card_map maps[SPLIT_CARD_NMAPS];
    if (co->want[CARD_HTML] && split_card_maps(&r->pt, r->reading, g->list, g->values, g->n, maps) == 0)
        r->maps = maps, r->nmaps = SPLIT_CARD_NMAPS;
    int rc = card_outputs_write(cmd, out, co, &W, r);
    r->maps = NULL, r->nmaps = 0;
    return rc;
}

/* "fourcard card split --preset 2014-1a": the command as the page names it. */
static void command_words(const char *cmd, const struct split_paytable *pt, const struct split_args *a, char *buf,
                          size_t len)
{
    snprintf(buf, len, "fourcard %s split %s %s%s", cmd, a->paytable ? "--paytable" : "--preset",
             a->paytable ? a->paytable : pt->name, a->instant == SPLIT_INSTANT_HIGHEST ? " --instant highest" : "");
}

/* ------------------------------------------------------------------ */
/* card and price                                                      */
/* ------------------------------------------------------------------ */

/* The options and the paytable: -1 to go on, else the exit code (0 after
 * help). */
static int parse_game(const char *cmd, const char *help, int argc, char **argv, struct card_args *ca,
                      struct split_args *a, struct split_paytable *pt)
{
    struct cli_extra extra = card_extra(cmd, help, ca);
    int rc = split_parse_args(cmd, help, argc, argv, &extra, a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    return split_load_paytable(cmd, a, pt) != 0 ? EXIT_USAGE : -1;
}

int split_cmd_card(int argc, char **argv, struct card_args *ca)
{
    struct split_args a = {0};
    struct split_paytable pt;
    int rc = parse_game("card", CARD_HELP, argc, argv, ca, &a, &pt);
    if (rc >= 0)
        return rc;
    if (ca->rules_given && ca->rules < SPLIT_NGROUPS)
        return cli_error("card", "--rules %d: a Split card needs at least %d rules (one per shape and hand size)", ca->rules,
                         SPLIT_NGROUPS);
    struct output_files out;
    struct card_outputs co;
    output_files_init(&out, "card");
    if (card_outputs_add("card", &out, ca, &a.run, true, &co) != 0)
        return EXIT_USAGE;
    if ((rc = output_files_open(&out)) != 0)
        return rc;
    struct game_values g = {0};
    if ((rc = solve_values("card", &pt, &a, &g)) != 0 || cluster_rank() != 0)
        return output_files_abort(&out), rc;
    struct split_card_build *b = malloc(sizeof *b);
    struct split_card_report *r = calloc(1, sizeof *r);
    rc = !b || !r ? (fprintf(stderr, "fourcard card: out of memory\n"), 1)
                  : build_card("card", &pt, &a, &g, ca->rules_given ? ca->rules : 15, b);
    if (rc != 0) {
        free(b), free(r), game_values_free(&g), output_files_abort(&out);
        return rc;
    }
    char command[700];
    command_words("card", &pt, &a, command, sizeof command);
    *r = (struct split_card_report){.pt = pt, .reading = a.instant, .command = command, .build = b,
                                    .target_percent = 100.0 / SPLIT_CARD_TARGET_PER};
    built_report(&pt, &a, &g, b, r);
    struct split_card_chart *chart = malloc(sizeof *chart);
    char err[256];
    if (!chart || split_card_chart(&pt, a.instant, g.list, g.values, g.n, &r->main.card, SPLIT_CARD_TARGET_PER,
                                   chart, err, sizeof err) != 0) {
        fprintf(stderr, "fourcard card: %s\n", chart ? err : "out of memory");
        output_files_abort(&out);
        rc = 1;
    } else {
        r->chart = chart;
        rc = write_report("card", &out, &co, r, &g);
        split_card_chart_free(chart);
    }
    free(chart), free(b), free(r), game_values_free(&g);
    return rc;
}

int split_cmd_price(int argc, char **argv, struct card_args *ca)
{
    struct split_args a = {0};
    struct split_paytable pt;
    int rc = parse_game("price", PRICE_HELP, argc, argv, ca, &a, &pt);
    if (rc >= 0)
        return rc;
    if (!ca->card)
        return cli_error("price", "missing --card FILE (the card to price)");
    struct split_card_report *r = calloc(1, sizeof *r);
    char err[700];
    if (!r)
        return fprintf(stderr, "fourcard price: out of memory\n"), 1;
    if (split_card_load(ca->card, a.instant, &r->main.card, err, sizeof err) != 0) {
        free(r);
        return cli_error("price", "%s", err);
    }
    struct output_files out;
    struct card_outputs co;
    output_files_init(&out, "price");
    if (card_outputs_add("price", &out, ca, &a.run, false, &co) != 0)
        return free(r), EXIT_USAGE;
    struct game_values g = {0};
    if ((rc = output_files_open(&out)) != 0 || (rc = solve_values("price", &pt, &a, &g)) != 0 ||
        cluster_rank() != 0) {
        free(r);
        return rc ? (output_files_abort(&out), rc) : 0;
    }
    split_card_price(&r->main.card, &pt, a.instant, g.list, g.values, g.n, &r->main.price);
    const struct split_card_price *p = &r->main.price;
    if (p->uncovered > 0) {
        char cards[20], up[3];
        cards_format(p->uncovered_P, 4, cards, sizeof cards);
        card_format(p->uncovered_u, up);
        long long uncovered = (long long)p->uncovered;
        output_files_abort(&out), game_values_free(&g), free(r);
        return cli_error("price", "%s: no rule decides %lld situations, for one %s with upcard %s", ca->card,
                         uncovered, cards, up);
    }
    char command[700];
    command_words("price", &pt, &a, command, sizeof command);
    snprintf(command + strlen(command), sizeof command - strlen(command), " --card %s", ca->card);
    r->pt = pt, r->reading = a.instant, r->command = command, r->source = ca->card;
    r->target_percent = 100.0 / SPLIT_CARD_TARGET_PER;
    rc = write_report("price", &out, &co, r, &g);
    game_values_free(&g), free(r);
    return rc;
}

/* ------------------------------------------------------------------ */
/* advise                                                              */
/* ------------------------------------------------------------------ */

struct advice_option {
    struct split_option o;
    wide_t value;
    int order;
    char text[96];
};

/* "3+1 Ah Kd 9c | 2s, play both" */
static void option_text(const card_t P[4], const struct split_option *o, char *buf, size_t len)
{
    static const char *const PLAY[4] = {"fold both", "play the first only", "play the second only", "play both"};
    char a[16] = "", b[16] = "";
    card_t h[4];
    int n = 0;
    for (int j = 0; j < 4; j++)
        if (o->hand_a >> j & 1)
            h[n++] = P[j];
    cards_format(h, n, a, sizeof a);
    n = 0;
    for (int j = 0; j < 4; j++)
        if (o->hand_b >> j & 1)
            h[n++] = P[j];
    cards_format(h, n, b, sizeof b);
    if (o->choice == SPLIT_FOLD_ALL)
        snprintf(buf, len, "fold both");
    else if (o->choice == SPLIT_INSTANT)
        snprintf(buf, len, "instant winner %s | %s, %s the single card", a, b, o->play_b ? "play" : "fold");
    else
        snprintf(buf, len, "%s %s | %s, %s", o->choice == SPLIT_3_1 ? "3+1" : "2+2", a, b,
                 PLAY[o->play_a + 2 * o->play_b]);
}

/* The same option, whichever hand of a 2+2 is named first. */
static bool same_option(const struct split_option *x, const struct split_option *y)
{
    if (x->choice != y->choice)
        return false;
    if (x->hand_a == y->hand_a && x->hand_b == y->hand_b && x->play_a == y->play_a && x->play_b == y->play_b)
        return true;
    return x->choice == SPLIT_2_2 && x->hand_a == y->hand_b && x->play_a == y->play_b && x->play_b == y->play_a;
}

/* The instant column's best pay among the winning threes. */
static int64_t top_instant_pay(const struct split_paytable *pt, const card_t P[4], const uint8_t trios[4], int cat[4])
{
    int64_t top = -1;
    for (int i = 0; i < 4; i++) {
        card_t h[3];
        for (int j = 0, k = 0; j < 4; j++)
            if (trios[i] >> j & 1)
                h[k++] = P[j];
        cat[i] = eval3_category_of(eval3_rank(h));
        if (cat[i] >= E3_FLUSH && pt->ante_instant[cat[i]] > top)
            top = pt->ante_instant[cat[i]];
    }
    return top;
}

/* Every legal option of the situation (the order breaks ties in value). */
static int all_options(const struct split_paytable *pt, enum split_instant_reading reading, const card_t P[4],
                       const struct split_hand_values *hv, struct advice_option *out)
{
    static const uint8_t HANDS[7] = {7, 11, 13, 14, 3, 5, 6}; /* the four threes, then 2+2 */
    int cat[4], n = 0;
    int64_t top = top_instant_pay(pt, P, HANDS, cat);
    for (int i = 0; i < 4 && top >= 0; i++) {
        if (cat[i] < E3_FLUSH || (reading == SPLIT_INSTANT_HIGHEST && pt->ante_instant[cat[i]] != top))
            continue;
        for (int play = 0; play < 2; play++)
            out[n++].o = (struct split_option){SPLIT_INSTANT, HANDS[i], (uint8_t)(15 ^ HANDS[i]), false, play};
    }
    if (top < 0) {
        out[n++].o = (struct split_option){SPLIT_FOLD_ALL, 0, 0, false, false};
        for (int k = 0; k < 7; k++)
            for (int play = 1; play < 4; play++)
                out[n++].o = (struct split_option){k < 4 ? SPLIT_3_1 : SPLIT_2_2, HANDS[k], (uint8_t)(15 ^ HANDS[k]),
                                                   play & 1, (play & 2) != 0};
    }
    for (int i = 0; i < n; i++) {
        out[i].value = split_option_value(pt, P, hv, &out[i].o);
        out[i].order = i;
        option_text(P, &out[i].o, out[i].text, sizeof out[i].text);
    }
    return n;
}

static int by_value(const void *x, const void *y)
{
    const struct advice_option *a = x, *b = y;
    if (a->value != b->value)
        return (a->value < b->value) - (a->value > b->value);
    return a->order - b->order;
}

struct advice {
    card_t P[4], u;
    struct advice_option options[32];
    int n;
    wide_t blind;
    int rule;                   /* the card's setting rule, 0-based, or -1 */
    int play_rule[2];           /* its play rules for the two hands, or -1 */
    char rule_text[400], play_text[2][400], card_option[96];
    bool agrees;
    const char *card_source;    /* the file, or NULL for the built card */
};

static void advice_print(FILE *f, const struct split_paytable *pt, const struct split_args *a, const struct advice *ad)
{
    wide_t unit = (wide_t)SPLIT_L * pt->den;
    char cards[20], up[3], game[256], frac[100];
    cards_format(ad->P, 4, cards, sizeof cards);
    card_format(ad->u, up);
    fprintf(f, "4 Card Split, %s\n", split_game_words(pt, a->instant, game, sizeof game));
    fprintf(f, "Cards %s, upcard %s.  The Blind is worth %+.6f whatever you do (exact %s).\n\n", cards, up,
            wide_ratio(ad->blind, unit), wide_fraction(ad->blind, unit, frac, sizeof frac));
    fprintf(f, "  %-44s %12s   %s\n", "option", "EV", "exact");
    for (int i = 0; i < ad->n; i++)
        fprintf(f, "  %-44s %+12.6f   %s%s\n", ad->options[i].text, wide_ratio(ad->options[i].value, unit),
                wide_fraction(ad->options[i].value, unit, frac, sizeof frac), i == 0 ? "   best" : "");
    if (ad->n > 1)
        fprintf(f, "\nmargin over the second best: %+.6f (exact %s)\n",
                wide_ratio(ad->options[0].value - ad->options[1].value, unit),
                wide_fraction(ad->options[0].value - ad->options[1].value, unit, frac, sizeof frac));
    fprintf(f, "card (%s): rule %d, \"%s\"\n", ad->card_source ? ad->card_source : "built for this game",
            ad->rule + 1, ad->rule_text);
    for (int h = 0; h < 2; h++)
        if (ad->play_rule[h] >= 0)
            fprintf(f, "  then rule %d, \"%s\"\n", ad->play_rule[h] + 1, ad->play_text[h]);
    fprintf(f, "  the card: %s — %s\n", ad->card_option,
            ad->agrees ? "as good as the best option" : "worse than the best option");
}

static json_object *advice_json(const struct split_paytable *pt, const struct advice *ad)
{
    wide_t unit = (wide_t)SPLIT_L * pt->den;
    char cards[20], up[3];
    cards_format(ad->P, 4, cards, sizeof cards);
    card_format(ad->u, up);
    json_object *o = json_object_new_object(), *opts = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "preset", json_object_new_string(pt->name));
    json_object_object_add(o, "cards", json_object_new_string(cards));
    json_object_object_add(o, "upcard", json_object_new_string(up));
    json_object_object_add(o, "blind", report_exact_json(ad->blind, unit));
    for (int i = 0; i < ad->n; i++) {
        json_object *x = json_object_new_object();
        json_object_object_add(x, "option", json_object_new_string(ad->options[i].text));
        json_object_object_add(x, "ev", report_exact_json(ad->options[i].value, unit));
        json_object_array_add(opts, x);
    }
    json_object_object_add(o, "options", opts);
    json_object_object_add(o, "best", json_object_new_string(ad->options[0].text));
    json_object_object_add(o, "margin", ad->n > 1 ? report_exact_json(ad->options[0].value - ad->options[1].value, unit)
                                                  : NULL);
    json_object_object_add(o, "card_file", ad->card_source ? json_object_new_string(ad->card_source) : NULL);
    json_object_object_add(o, "card_rule", json_object_new_int(ad->rule + 1));
    json_object_object_add(o, "card_rule_text", json_object_new_string(ad->rule_text));
    json_object *plays = json_object_new_array();
    for (int h = 0; h < 2; h++)
        if (ad->play_rule[h] >= 0)
            json_object_array_add(plays, json_object_new_int(ad->play_rule[h] + 1));
    json_object_object_add(o, "card_play_rules", plays);
    json_object_object_add(o, "card_option", json_object_new_string(ad->card_option));
    json_object_object_add(o, "card_agrees", json_object_new_boolean(ad->agrees));
    return o;
}

/* The situation's options, with P sorted (the counts want increasing ids). */
static int advise_situation(const struct split_paytable *pt, const struct split_args *a, struct advice *ad)
{
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    if (!t)
        return -1;
    struct split_hand_counts counts[SPLIT_NMASKS];
    struct split_hand_values hv;
    split_situation_counts(t, ad->P, ad->u, counts);
    split_dealer_tables_free(t);
    split_hand_values_of(pt, counts, &hv);
    ad->n = all_options(pt, a->instant, ad->P, &hv, ad->options);
    qsort(ad->options, (size_t)ad->n, sizeof ad->options[0], by_value);
    ad->blind = split_blind_value(pt, ad->P);
    return 0;
}

static int by_id(const void *x, const void *y) { return *(const card_t *)x - *(const card_t *)y; }

/* The cards and the upcard; 0 or -1 after an error line. */
static int read_situation(const char *cards, const char *upcard, struct advice *ad)
{
    char err[300];
    card_t all[5];
    if (!cards)
        return cli_error("advise", "missing CARDS (your four cards, \"Ah Kd 7c 2s\")"), -1;
    if (!upcard)
        return cli_error("advise", "missing --upcard C (the dealer's upcard)"), -1;
    if (cards_parse_exact(cards, all, 4, err, sizeof err) != 0)
        return cli_error("advise", "CARDS: %s", err), -1;
    if (cards_parse_exact(upcard, &all[4], 1, err, sizeof err) != 0)
        return cli_error("advise", "--upcard: %s", err), -1;
    for (int i = 0; i < 4; i++)
        if (all[i] == all[4])
            return cli_error("advise", "the upcard %s is one of your cards", upcard), -1;
    qsort(all, 4, 1, by_id);
    memcpy(ad->P, all, 4);
    ad->u = all[4];
    return 0;
}

/* The card's rules and option for the situation. */
static void ask_card(const struct split_paytable *pt, const struct split_card *c, struct advice *ad)
{
    struct split_option o;
    bool whole = split_card_option(c, pt, ad->P, ad->u, &o, &ad->rule, ad->play_rule);
    ad->agrees = false;
    if (!whole) {
        snprintf(ad->rule_text, sizeof ad->rule_text, "(no rule matches)");
        snprintf(ad->card_option, sizeof ad->card_option, "none");
        return;
    }
    split_rule_text(&c->rule[ad->rule], ad->rule_text, sizeof ad->rule_text);
    for (int h = 0; h < 2; h++)
        if (ad->play_rule[h] >= 0)
            split_rule_text(&c->rule[ad->play_rule[h]], ad->play_text[h], sizeof ad->play_text[h]);
    option_text(ad->P, &o, ad->card_option, sizeof ad->card_option);
    for (int i = 0; i < ad->n; i++)
        if (same_option(&ad->options[i].o, &o))
            ad->agrees = ad->options[i].value == ad->options[0].value;
}

int split_cmd_advise(int argc, char **argv, struct card_args *ca)
{
    struct split_args a = {.takes_operand = true};
    struct split_paytable pt;
    int rc = parse_game("advise", ADVISE_HELP, argc, argv, ca, &a, &pt);
    if (rc >= 0)
        return rc;
    struct advice *ad = calloc(1, sizeof *ad);
    struct split_card *card = calloc(1, sizeof *card);
    char err[700];
    rc = !ad || !card ? (fprintf(stderr, "fourcard advise: out of memory\n"), 1) : 0;
    if (!rc && read_situation(a.operand, ca->upcard, ad) != 0)
        rc = EXIT_USAGE;
    if (!rc && ca->card && split_card_load(ca->card, a.instant, card, err, sizeof err) != 0)
        rc = cli_error("advise", "%s", err);
    struct output_files out;
    output_files_init(&out, "advise");
    int report = output_files_add(&out, cluster_rank() == 0 ? a.run.output : NULL);
    if (!rc)
        rc = output_files_open(&out);
    if (rc) {
        free(ad), free(card);
        return rc;
    }
    if (!ca->card) { /* the card built for this game */
        struct game_values g = {0};
        struct split_card_build *b = malloc(sizeof *b);
        rc = b ? solve_values("advise", &pt, &a, &g) : 1;
        if (!rc && cluster_rank() == 0 && (rc = build_card("advise", &pt, &a, &g, 15, b)) == 0)
            *card = b->cards[b->longest];
        free(b), game_values_free(&g);
    }
    if (!rc && cluster_rank() == 0 && advise_situation(&pt, &a, ad) != 0)
        rc = (fprintf(stderr, "fourcard advise: out of memory\n"), 1);
    if (rc || cluster_rank() != 0) {
        output_files_abort(&out), free(ad), free(card);
        return rc;
    }
    ad->card_source = ca->card;
    ask_card(&pt, card, ad);
    FILE *f = output_files_fp(&out, report, stdout);
    if (a.run.json)
        report_json_print(f, "advise", advice_json(&pt, ad));
    else
        advice_print(f, &pt, &a, ad);
    free(ad), free(card);
    return output_files_commit(&out);
}
