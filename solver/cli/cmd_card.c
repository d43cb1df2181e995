/* cmd_card.c — `fourcard card GAME`, `fourcard price GAME --card FILE` and
 * `fourcard advise GAME CARDS`: the options these add to a game's own,
 * and the dispatch to the game's entry points (games.h). */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "card_cli.h"
#include "cli.h"
#include "cluster.h"
#include "games.h"
#include "output_files.h"
#include "report_json.h"

enum { OPT_RULES = CLI_EXTRA_BASE, OPT_CARD, OPT_UPCARD, OPT_ALL_FORMATS, OPT_HTML, OPT_CHART };

static const struct option CARD_OPTS[] = {{"rules", required_argument, NULL, OPT_RULES},
                                          {"all-formats", required_argument, NULL, OPT_ALL_FORMATS},
                                          {"html", required_argument, NULL, OPT_HTML},
                                          {"chart", required_argument, NULL, OPT_CHART}, {0, 0, 0, 0}};
static const struct option PRICE_OPTS[] = {{"card", required_argument, NULL, OPT_CARD},
                                           {"html", required_argument, NULL, OPT_HTML}, {0, 0, 0, 0}};
static const struct option ADVISE_OPTS[] = {
    {"card", required_argument, NULL, OPT_CARD}, {"upcard", required_argument, NULL, OPT_UPCARD}, {0, 0, 0, 0}};

static int take(void *ctx, int c, const char *arg)
{
    struct card_args *ca = ctx;
    long v;
    switch (c) {
    case OPT_RULES:
        if (cli_parse_int("card", "--rules", arg, 1, 64, &v))
            return -1;
        ca->rules = (int)v, ca->rules_given = true;
        return 0;
    case OPT_CARD: ca->card = arg; return 0;
    case OPT_ALL_FORMATS: ca->all_formats = arg; return 0;
    case OPT_HTML: ca->html = arg; return 0;
    case OPT_CHART: ca->chart = arg; return 0;
    default: ca->upcard = arg; return 0;
    }
}

struct cli_extra card_extra(const char *cmd, const char *help, struct card_args *ca)
{
    const struct option *opts = !strcmp(cmd, "card") ? CARD_OPTS : !strcmp(cmd, "price") ? PRICE_OPTS : ADVISE_OPTS;
    return (struct cli_extra){cmd, opts, take, ca, help};
}

int card_outputs_add(const char *cmd, struct output_files *out, const struct card_args *ca,
                     const struct run_options *run, bool has_chart, struct card_outputs *co)
{
    bool root = cluster_rank() == 0;
    *co = (struct card_outputs){.slot = {-1, -1, -1, -1}};
    if (ca->chart && !has_chart)
        return cli_error(cmd, "--chart FILE: only 'card split' has a chart"), -1;
    if (!ca->all_formats) {
        int k = run->json ? CARD_JSON : CARD_MARKDOWN;
        co->want[k] = !(ca->html || ca->chart) || run->json || run->output;
        co->slot[k] = output_files_add(out, root && co->want[k] ? run->output : NULL);
        const char *alone[CARD_NFORMATS] = {[CARD_HTML] = ca->html, [CARD_CHART] = ca->chart};
        for (int f = CARD_HTML; f < CARD_NFORMATS; f++)
            if ((co->want[f] = alone[f] != NULL))
                co->slot[f] = output_files_add(out, root ? alone[f] : NULL);
        return 0;
    }
    if (run->output || run->json || ca->html || ca->chart)
        return cli_error(cmd, "--all-formats BASE writes BASE.md, BASE.json and BASE.html (and a Split card's "
                              "BASE-chart.csv): no -o, --json, --html or --chart"),
               -1;
    static const char *const EXT[CARD_NFORMATS] = {".md", ".json", ".html", "-chart.csv"};
    for (int k = 0; k < CARD_NFORMATS; k++) {
        if (k == CARD_CHART && !has_chart)
            continue;
        if ((size_t)snprintf(co->path[k], sizeof co->path[k], "%s%s", ca->all_formats, EXT[k]) >= sizeof co->path[k])
            return cli_error(cmd, "--all-formats: the name is too long"), -1;
        co->want[k] = true;
        co->slot[k] = output_files_add(out, root ? co->path[k] : NULL);
    }
    return 0;
}

int card_outputs_write(const char *cmd, struct output_files *out, const struct card_outputs *co,
                       const struct card_writers *w, const void *card)
{
    for (int k = 0; k < CARD_NFORMATS; k++) {
        if (!co->want[k])
            continue;
        FILE *f = output_files_fp(out, co->slot[k], stdout);
        if (k == CARD_JSON)
            report_json_print(f, cmd, w->json(card));
        else if (k == CARD_HTML)
            w->html(f, card);
        else if (k == CARD_CHART)
            w->chart(f, card);
        else
            w->markdown(f, card);
    }
    return output_files_commit(out);
}

static const char *const USAGE[3] = {
    "usage: fourcard card GAME [the options of 'solve GAME'] [--rules N] [--json] [-o FILE] [--html FILE]\n"
    "                          [--all-formats BASE] [--chart FILE (split)]\n"
    "GAME: split, frenzy or buyout; 'fourcard card GAME --help' for its options.\n",
    "usage: fourcard price GAME --card FILE [the options of 'solve GAME'] [--json] [-o FILE] [--html FILE]\n"
    "GAME: split, frenzy or buyout; 'fourcard price GAME --help' for its options.\n",
    "usage: fourcard advise GAME CARDS [--upcard C] [--card FILE] [the options of 'solve GAME']\n"
    "GAME: split or buyout (--upcard required), frenzy; 'fourcard advise GAME --help' for its options.\n",
};

/* which: 0 card, 1 price, 2 advise. */
static int dispatch(int which, int argc, char **argv)
{
    static const char *const NAMES[3] = {"card", "price", "advise"};
    struct card_args ca = {0};
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return fputs(USAGE[which], stdout), 0;
    const struct cli_game *g = cli_game_find(argc, argv);
    if (!g)
        return cli_error(NAMES[which], argc < 2 ? "missing GAME (%s)" : "unknown or missing GAME (%s)",
                         cli_game_names());
    int (*run)(int, char **, struct card_args *) = which == 0 ? g->card : which == 1 ? g->price : g->advise;
    if (!run)
        return cli_error(NAMES[which], "'%s %s' is not available yet", NAMES[which], g->name);
    return run(argc, argv, &ca);
}

int cmd_card(int argc, char **argv) { return dispatch(0, argc, argv); }
int cmd_price(int argc, char **argv) { return dispatch(1, argc, argv); }
int cmd_advise(int argc, char **argv) { return dispatch(2, argc, argv); }
