/* games.h — the games the command line knows, in one table: a game's
 * name and its entry point for each command that takes a game
 * (`solve`, `sweep`, `par`, `simulate`, `card`, `price`, `advise`, `protect`, `design`).  Each entry point parses the game's own
 * options (split_cli.h, frenzy_cli.h, buyout_cli.h), runs its solver and
 * writes its report, PAR sheet or strategy files at the edge.  A command
 * finds the game here and never compares game names itself. */
#ifndef FOURCARD_GAMES_H
#define FOURCARD_GAMES_H

#include "card_cli.h"
#include "design_cli.h"
#include "protect_cli.h"
#include "commands.h"
#include "simulate.h"

struct cli_game {
    const char *name; /* the word on the command line: "split" */
    /* fourcard solve GAME [options]: exit code */
    int (*solve)(int argc, char **argv);
    /* fourcard par GAME [options], extra = par's own options */
    int (*par)(int argc, char **argv, const struct cli_extra *extra);
    /* fourcard simulate GAME [options], extra = --rounds and --seed (into so) */
    int (*simulate)(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so);
    /* fourcard card / price / advise GAME [options]: exit code; NULL
     * where the game has none yet */
    int (*card)(int argc, char **argv, struct card_args *ca);
    int (*price)(int argc, char **argv, struct card_args *ca);
    int (*advise)(int argc, char **argv, struct card_args *ca);
    /* fourcard protect GAME [options]: exit code; NULL where the game has none yet */
    int (*protect)(int argc, char **argv, struct protect_args *pa);
    /* fourcard sweep GAME [options]: exit code; NULL where the game has none yet */
    int (*sweep)(int argc, char **argv);
    /* fourcard design GAME [options]: exit code; NULL where the game has none yet */
    int (*design)(int argc, char **argv, struct design_args *da);
    /* fourcard presets GAME [--json]: the preset tables on stdout; exit code */
    int (*presets)(bool json);
    /* the long options of the game's parser, the run options among them
     * (ending with {0}); its short ones are CLI_SHORT_OPTIONS */
    const struct option *options;
};

/* The game of a command line (argv[0] the command): its first operand,
 * as the game's parser will read it — the words that are values of
 * options are skipped ("-o FILE", "-qo FILE", "--output FILE", an
 * abbreviation "--out FILE"; "-oFILE" and "--output=FILE" hold theirs),
 * and "--" ends the options.  The game
 * whose parser sees its own name first, preferring one that knows every
 * option given; NULL when none does. */
const struct cli_game *cli_game_find(int argc, char **argv);
/* The game of this name, or NULL. */
const struct cli_game *cli_game_named(const char *name);
/* The names in table order, "split, frenzy, buyout", for messages. */
const char *cli_game_names(void);

/* The option tables of the games' parsers (split_cli.c, frenzy_cli.c,
 * buyout_cli.c), for cli_game_find. */
extern const struct option SPLIT_CLI_OPTIONS[], FRENZY_CLI_OPTIONS[], BUYOUT_CLI_OPTIONS[];

/* The entry points, defined beside their commands' shared code. */
int split_cmd_solve(int argc, char **argv);   /* cmd_solve.c */
int split_cmd_sweep(int argc, char **argv);   /* cmd_solve.c */
int frenzy_cmd_sweep(int argc, char **argv);  /* frenzy_sweep_cli.c */
int buyout_cmd_sweep(int argc, char **argv);  /* buyout_cli.c */
int frenzy_cmd_solve(int argc, char **argv);  /* frenzy_cli.c */
int buyout_cmd_solve(int argc, char **argv);  /* buyout_cli.c */
int split_cmd_par(int argc, char **argv, const struct cli_extra *extra);  /* cmd_par.c */
int frenzy_cmd_par(int argc, char **argv, const struct cli_extra *extra);
int buyout_cmd_par(int argc, char **argv, const struct cli_extra *extra);
int split_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so); /* cmd_simulate.c */
int frenzy_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so);
int buyout_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so);
int split_cmd_presets(bool json);   /* cmd_solve.c */
int frenzy_cmd_presets(bool json);  /* frenzy_cli.c */
int buyout_cmd_presets(bool json);  /* buyout_cli.c */

#endif
