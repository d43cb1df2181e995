/* games.c — the table of games (games.h). */
#include "games.h"

#include <stdio.h>
#include <string.h>

static const struct cli_game GAMES[] = {
    {"split", split_cmd_solve, split_cmd_par, split_cmd_simulate},
    {"frenzy", frenzy_cmd_solve, frenzy_cmd_par, frenzy_cmd_simulate},
    {"buyout", buyout_cmd_solve, buyout_cmd_par, buyout_cmd_simulate},
};
enum { NGAMES = sizeof GAMES / sizeof GAMES[0] };

const struct cli_game *cli_game_named(const char *name)
{
    for (int g = 0; g < NGAMES; g++)
        if (!strcmp(name, GAMES[g].name))
            return &GAMES[g];
    return NULL;
}

const struct cli_game *cli_game_find(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const struct cli_game *g = cli_game_named(argv[i]);
        if (g)
            return g;
    }
    return NULL;
}

const char *cli_game_names(void)
{
    static char names[64];
    if (!names[0])
        for (int g = 0; g < NGAMES; g++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", g ? ", " : "", GAMES[g].name);
    return names;
}
