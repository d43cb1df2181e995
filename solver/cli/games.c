/* games.c — the table of games (games.h). */
#include "games.h"

#include <stdio.h>
#include <string.h>

static const struct cli_game GAMES[] = {
    {"split", split_cmd_solve, split_cmd_par, split_cmd_simulate, split_cmd_card, split_cmd_price, split_cmd_advise,
     split_cmd_protect, split_cmd_sweep, split_cmd_design, split_cmd_presets, SPLIT_CLI_OPTIONS},
    {"frenzy", frenzy_cmd_solve, frenzy_cmd_par, frenzy_cmd_simulate, frenzy_cmd_card, frenzy_cmd_price,
     frenzy_cmd_advise, frenzy_cmd_protect, frenzy_cmd_sweep, frenzy_cmd_design, frenzy_cmd_presets, FRENZY_CLI_OPTIONS},
    {"buyout", buyout_cmd_solve, buyout_cmd_par, buyout_cmd_simulate, buyout_cmd_card, buyout_cmd_price,
     buyout_cmd_advise, buyout_cmd_protect, buyout_cmd_sweep, buyout_cmd_design, buyout_cmd_presets, BUYOUT_CLI_OPTIONS},
};
enum { NGAMES = sizeof GAMES / sizeof GAMES[0] };

const struct cli_game *cli_game_named(const char *name)
{
    for (int g = 0; g < NGAMES; g++)
        if (!strcmp(name, GAMES[g].name))
            return &GAMES[g];
    return NULL;
}

/* The options with a value that commands add to every game's own (struct
 * cli_extra): simulate's --rounds and --seed (cmd_simulate.c), par's
 * --all-formats (cmd_par.c), card's --rules and --chart, price's and advise's --card,
 * advise's --upcard (cmd_card.c), protect's (cmd_protect.c: --card-rules too), design's (cmd_design.c).  Their tables are those files' own, so they
 * are named here again; tests/cli/test_cli_games.c tries every option that
 * a command's --help shows with a value, and fails on one missing here. */
static const struct option EXTRA_VALUE_OPTIONS[] = {
    {"rounds", required_argument, NULL, 0}, {"seed", required_argument, NULL, 0},
    {"all-formats", required_argument, NULL, 0}, {"html", required_argument, NULL, 0}, {"rules", required_argument, NULL, 0},
    {"card", required_argument, NULL, 0}, {"upcard", required_argument, NULL, 0}, {"play", required_argument, NULL, 0},
    {"seen", required_argument, NULL, 0}, {"seats", required_argument, NULL, 0}, {"cut", required_argument, NULL, 0},
    {"players", required_argument, NULL, 0}, {"spread", required_argument, NULL, 0},
    {"exact-shoes", required_argument, NULL, 0}, {"from", required_argument, NULL, 0},
    {"vary", required_argument, NULL, 0}, {"target", required_argument, NULL, 0}, {"top", required_argument, NULL, 0},
    {"solve-for", required_argument, NULL, 0}, {"save", required_argument, NULL, 0},
    {"resume", required_argument, NULL, 0}, {"chart", required_argument, NULL, 0},
    {"card-rules", required_argument, NULL, 0}, {0, 0, 0, 0},
};

/* How getopt_long reads the option named name (len bytes, after "--")
 * with these tables: 1 when it takes a value, 0 when not, -1 when it is
 * none of theirs (unknown, or an abbreviation of options of both kinds:
 * the parser refuses it).  Like getopt_long, an exact name wins, else an
 * abbreviation. */
static int long_takes_value(const struct option *const tables[2], const char *name, size_t len)
{
    int with = 0, without = 0;
    for (int t = 0; t < 2; t++)
        for (const struct option *o = tables[t]; o->name; o++) {
            if (strncmp(o->name, name, len) != 0)
                continue;
            if (strlen(o->name) == len)
                return o->has_arg == required_argument;
            *(o->has_arg == required_argument ? &with : &without) += 1;
        }
    return with && !without ? 1 : without && !with ? 0 : -1;
}

/* The first operand of argv as game g's parser reads it, or NULL; *known
 * is false when an option is not one of g's. */
static const char *first_operand(const struct cli_game *g, int argc, char **argv, bool *known)
{
    const struct option *const tables[2] = {g->options, EXTRA_VALUE_OPTIONS};
    *known = true;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (!strcmp(w, "--"))
            return i + 1 < argc ? argv[i + 1] : NULL;
        if (w[0] != '-' || w[1] == '\0') /* "-" is an operand too */
            return w;
        if (w[1] == '-') { /* --name, --name=value, or an abbreviation */
            size_t len = strcspn(w + 2, "=");
            int value = long_takes_value(tables, w + 2, len);
            *known &= value >= 0;
            if (value > 0 && w[2 + len] != '=')
                i++; /* the next word is its value */
            continue;
        }
        for (const char *c = w + 1; *c; c++) { /* -q, -o FILE, -oFILE, -qo FILE */
            const char *s = *c == ':' ? NULL : strchr(CLI_SHORT_OPTIONS, *c);
            if (!s) {
                *known = false;
                break;
            }
            if (s[1] == ':') {
                i += c[1] == '\0'; /* the value is the rest of the word, or the next word */
                break;
            }
        }
    }
    return NULL;
}

const struct cli_game *cli_game_find(int argc, char **argv)
{
    const struct cli_game *claimed = NULL;
    for (int g = 0; g < NGAMES; g++) {
        bool known;
        const char *w = first_operand(&GAMES[g], argc, argv, &known);
        if (w && !strcmp(w, GAMES[g].name)) {
            if (known)
                return &GAMES[g];
            if (!claimed)
                claimed = &GAMES[g];
        }
    }
    return claimed;
}

const char *cli_game_names(void)
{
    static char names[64];
    if (!names[0])
        for (int g = 0; g < NGAMES; g++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", g ? ", " : "", GAMES[g].name);
    return names;
}
