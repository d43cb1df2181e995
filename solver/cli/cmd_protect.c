/* cmd_protect.c — `fourcard protect GAME`: the options it adds to a
 * game's own, and the dispatch to the game's entry point (games.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "games.h"
#include "protect_cli.h"

enum { OPT_REMOVAL = CLI_EXTRA_BASE, OPT_COUNT, OPT_SEEN, OPT_SEATS, OPT_CUT, OPT_PLAYERS, OPT_ROUNDS, OPT_SEED,
       OPT_SPREAD, OPT_EXACT, OPT_ALL_FORMATS, OPT_UPCARDS,
       OPT_STRIDE, /* --upcards, --stride: hidden, split's test runs */
       OPT_RESUME, OPT_CARD, OPT_CARD_RULES };

static const struct option PROTECT_OPTS[] = {
    {"removal", no_argument, NULL, OPT_REMOVAL},       {"count", no_argument, NULL, OPT_COUNT},
    {"seen", required_argument, NULL, OPT_SEEN},       {"seats", required_argument, NULL, OPT_SEATS},
    {"cut", required_argument, NULL, OPT_CUT},         {"players", required_argument, NULL, OPT_PLAYERS},
    {"rounds", required_argument, NULL, OPT_ROUNDS},   {"seed", required_argument, NULL, OPT_SEED},
    {"spread", required_argument, NULL, OPT_SPREAD},   {"exact-shoes", required_argument, NULL, OPT_EXACT},
    {"all-formats", required_argument, NULL, OPT_ALL_FORMATS}, {"upcards", required_argument, NULL, OPT_UPCARDS},
    {"stride", required_argument, NULL, OPT_STRIDE},  {"card", required_argument, NULL, OPT_CARD},
    {"card-rules", required_argument, NULL, OPT_CARD_RULES},
    /* split's own parser has --resume first (its sweep's), so protect split's goes there */
    {"resume", required_argument, NULL, OPT_RESUME},           {0, 0, 0, 0},
};

/* --seats N or LO-HI: table sizes 2 to 7. */
static int parse_seats(const char *arg, struct protect_args *pa)
{
    char lo[16], hi[16];
    const char *dash = strchr(arg, '-');
    long a, b;
    if (!dash || dash == arg)
        return cli_parse_int("protect", "--seats", arg, 2, 7, &a) ? -1 : (pa->seats = pa->seats_hi = (int)a, 0);
    snprintf(lo, sizeof lo, "%.*s", (int)(dash - arg < 15 ? dash - arg : 15), arg);
    snprintf(hi, sizeof hi, "%s", dash + 1);
    if (cli_parse_int("protect", "--seats", lo, 2, 7, &a) || cli_parse_int("protect", "--seats", hi, 2, 7, &b))
        return -1;
    if (a > b)
        return cli_error("protect", "bad value '%s' for --seats (LO-HI with LO <= HI)", arg), -1;
    pa->seats = (int)a, pa->seats_hi = (int)b;
    return 0;
}

/* --cut DECKS: 0.5 to 4 decks, in steps a card can mark (a decimal). */
static int parse_cut(const char *arg, double *out)
{
    return cli_parse_double("protect", "--cut", arg, 0.5, 4, "decks left at the cut card, 0.5 to 4", out);
}

static int take(void *ctx, int c, const char *arg)
{
    struct protect_args *pa = ctx;
    long v;
    pa->count_options |= c >= OPT_CUT && c <= OPT_EXACT;
    pa->shoe_options |= c == OPT_CUT || c == OPT_PLAYERS || c == OPT_SPREAD || c == OPT_EXACT;
    switch (c) {
    case OPT_ALL_FORMATS: pa->all_formats = arg; return 0;
    case OPT_RESUME: pa->resume = arg; return 0;
    case OPT_UPCARDS: pa->upcards = arg; return 0;
    case OPT_STRIDE: return cli_parse_int("protect", "--stride", arg, 1, 1000000, &v) ? -1 : (pa->stride = (int)v, 0);
    case OPT_CARD: pa->card = arg; return 0;
    case OPT_CARD_RULES:
        pa->card_rules_given = true;
        return cli_parse_int("protect", "--card-rules", arg, 0, 16, &v) ? -1 : (pa->card_rules = (int)v, 0);
    case OPT_REMOVAL: pa->removal = true; return 0;
    case OPT_COUNT: pa->count = true; return 0;
    case OPT_SEEN: return cli_parse_int("protect", "--seen", arg, 1, 2, &v) ? -1 : (pa->seen = (int)v, 0);
    case OPT_SEATS: return parse_seats(arg, pa);
    case OPT_CUT: return parse_cut(arg, &pa->cut);
    case OPT_PLAYERS: return cli_parse_int("protect", "--players", arg, 1, 7, &v) ? -1 : (pa->players = (int)v, 0);
    case OPT_ROUNDS:
        pa->rounds_given = true;
        return cli_parse_int("protect", "--rounds", arg, 1, 1000000000L, &v) ? -1 : (pa->rounds = v, 0);
    case OPT_SEED: pa->seed_given = true; return cli_parse_int("protect", "--seed", arg, 0, LONG_MAX, &v) ? -1 : (pa->seed = (uint64_t)v, 0);
    case OPT_SPREAD: return cli_parse_int("protect", "--spread", arg, 1, 100, &v) ? -1 : (pa->spread = (int)v, 0);
    default: return cli_parse_int("protect", "--exact-shoes", arg, 0, 100000, &v) ? -1 : (pa->exact_shoes = (int)v, 0);
    }
}

struct cli_extra protect_extra(const char *help, struct protect_args *pa)
{
    return (struct cli_extra){"protect", PROTECT_OPTS, take, pa, help};
}

int protect_outputs_open(struct protect_outputs *o, const struct protect_args *pa, const char *output, bool json)
{
    if (pa->all_formats && (json || output))
        return cli_error("protect", "--all-formats writes both formats: it excludes %s", json ? "--json" : "-o");
    bool root = cluster_rank() == 0;
    output_files_init(&o->files, "protect");
    o->report = o->md = o->json = -1;
    if (pa->all_formats) {
        for (int i = 0; i < 2; i++)
            if (snprintf(o->paths[i], sizeof o->paths[i], "%s.%s", pa->all_formats, i ? "json" : "md") >=
                (int)sizeof o->paths[i])
                return cli_error("protect", "--all-formats: path too long");
        o->md = output_files_add(&o->files, root ? o->paths[0] : NULL);
        o->json = output_files_add(&o->files, root ? o->paths[1] : NULL);
    } else {
        o->report = output_files_add(&o->files, root ? output : NULL);
    }
    return output_files_open(&o->files);
}

static const char USAGE[] =
    "usage: fourcard protect GAME --removal | --count | --seen K | --seats N [options]\n"
    "What information a player should not have is worth, computed exactly.\n"
    "GAME: buyout (--removal, --count, --seen 1, --seats N), frenzy (--seen 1|2,\n"
    "--seats N), split (--seen 1|2, --seats N); 'fourcard protect GAME --help' for a\n"
    "game's options.\n";

int cmd_protect(int argc, char **argv)
{
    struct protect_args pa = {.rounds = 20000, .seed = 1, .spread = 8};
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return fputs(USAGE, stdout), 0;
    const struct cli_game *g = cli_game_find(argc, argv);
    if (!g)
        return cli_error("protect", argc < 2 ? "missing GAME (%s)" : "unknown or missing GAME (%s)",
                         cli_game_names());
    if (!g->protect)
        return cli_error("protect", "'protect %s' is not available yet (buyout: --removal, --count, --seen, "
                                    "--seats; frenzy: --seen, --seats; split: --seen, --seats)", g->name);
    return g->protect(argc, argv, &pa);
}
