/* frenzy_cli.h — `fourcard solve frenzy`; argv[0] is "solve", the game
 * name "frenzy" and the options follow in any order. */
#ifndef FOURCARD_FRENZY_CLI_H
#define FOURCARD_FRENZY_CLI_H

#include "commands.h"
#include "frenzy_solve.h"

int frenzy_cmd_solve(int argc, char **argv);

/* The options of `solve frenzy` for another command (extra->cmd, with
 * extra's options): the one main game they name, the [game] name of a
 * paytable file used (or ""), and the run options.  The side bets,
 * jackpots and strategy files are refused.  Returns 0, -1 after an error
 * line, or 1 after printing help. */
int frenzy_cli_game(int argc, char **argv, const struct cli_extra *extra, struct frenzy_game *g,
                    char paytable[64], struct run_options *run);

#endif
