/* design_cli.h — the options that `design` adds to a game's own
 * (cmd_design.c), and the game entry points that take them. */
#ifndef FOURCARD_DESIGN_CLI_H
#define FOURCARD_DESIGN_CLI_H

#include <stdbool.h>

#include "commands.h"

enum { DESIGN_MAX_VARY = 18 };

struct design_args {
    bool sensitivity;        /* --sensitivity */
    const char *from;        /* --from FILE: the paytable to start from */
    const char *vary[DESIGN_MAX_VARY]; /* --vary LINE=LO..HI[:STEP], as given */
    int nvary;
    const char *target;      /* --target LO%..HI% or X% */
    long top;                /* --top N */
    const char *solve_for;   /* --solve-for LINE */
    bool hit_frequency;      /* --hit-frequency */
    const char *save;        /* --save FILE: the first paytable listed, as a paytable file */
};

/* The extra options of `design` for a game's parser, taken into da; help
 * replaces the game's own. */
struct cli_extra design_extra(const char *help, struct design_args *da);

int split_cmd_design(int argc, char **argv, struct design_args *da); /* split_design_cli.c */

#endif
