/* cmd_design.c — `fourcard design GAME`: the options it adds to a game's
 * own, and the dispatch to the game's entry point (games.h). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "design_cli.h"
#include "games.h"

enum { OPT_SENSITIVITY = CLI_EXTRA_BASE, OPT_FROM, OPT_VARY, OPT_TARGET, OPT_TOP, OPT_SOLVE_FOR, OPT_HIT, OPT_SAVE };

static const struct option DESIGN_OPTS[] = {
    {"sensitivity", no_argument, NULL, OPT_SENSITIVITY}, {"from", required_argument, NULL, OPT_FROM},
    {"vary", required_argument, NULL, OPT_VARY},         {"target", required_argument, NULL, OPT_TARGET},
    {"top", required_argument, NULL, OPT_TOP},           {"solve-for", required_argument, NULL, OPT_SOLVE_FOR},
    {"hit-frequency", no_argument, NULL, OPT_HIT},       {"save", required_argument, NULL, OPT_SAVE},
    {0, 0, 0, 0},
};

static int take(void *ctx, int c, const char *arg)
{
    struct design_args *da = ctx;
    switch (c) {
    case OPT_SENSITIVITY: da->sensitivity = true; return 0;
    case OPT_FROM: da->from = arg; return 0;
    case OPT_VARY:
        if (da->nvary == DESIGN_MAX_VARY)
            return cli_error("design", "more than %d --vary lines", DESIGN_MAX_VARY), -1;
        da->vary[da->nvary++] = arg;
        return 0;
    case OPT_TARGET: da->target = arg; return 0;
    case OPT_TOP: return cli_parse_int("design", "--top", arg, 1, 100000, &da->top);
    case OPT_SOLVE_FOR: da->solve_for = arg; return 0;
    case OPT_HIT: da->hit_frequency = true; return 0;
    default: da->save = arg; return 0;
    }
}

struct cli_extra design_extra(const char *help, struct design_args *da)
{
    return (struct cli_extra){"design", DESIGN_OPTS, take, da, help};
}

static const char USAGE[] =
    "usage: fourcard design GAME --sensitivity | --vary LINE=LO..HI[:STEP]... --target BAND [options]\n"
    "The paytable designer: how much each pay line moves the EV, and every\n"
    "paytable of a grid whose house edge lands in a band, all exact.\n"
    "GAME: split; 'fourcard design split --help' for its options.\n";

int cmd_design(int argc, char **argv)
{
    struct design_args da = {.top = 10};
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return fputs(USAGE, stdout), 0;
    const struct cli_game *g = cli_game_find(argc, argv);
    if (!g)
        return cli_error("design", argc < 2 ? "missing GAME (%s)" : "unknown or missing GAME (%s)", cli_game_names());
    if (!g->design)
        return cli_error("design", "'design %s' is not available yet (split is)", g->name);
    return g->design(argc, argv, &da);
}
