/* buyout_cli.h — `fourcard solve buyout` and the options that `fourcard
 * par buyout` shares with it: argv[0] = the command ("solve", "par"), the
 * options and the game word "buyout" follow (in any order).  Commands
 * return the exit code: 0, 1 a failure while running, 2 bad usage or
 * input. */
#ifndef FOURCARD_BUYOUT_CLI_H
#define FOURCARD_BUYOUT_CLI_H

#include <stdbool.h>

#include "buyout_solve.h"
#include "commands.h"

struct buyout_args {
    const char *cmd; /* "solve" or "par": named in error lines */
    struct buyout_rules rules;
    const char *strategy, *fourth, *summary;
    struct run_options run;
    bool units_given, five_given;
};

int buyout_cmd_solve(int argc, char **argv);

/* Parses the options of `fourcard CMD buyout` into *a (zeroed by the
 * caller), with extra's options too (extra may be NULL); help is printed
 * for -h.  Returns 0, -1 after an error line, or
 * 1 after printing help. */
int buyout_cli_parse(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct buyout_args *a);

/* The options of `solve buyout` for another command (extra->cmd, with
 * extra's options): the rules they name and the run options; the
 * strategy files are refused.  Returns 0, -1 after an error line, or 1
 * after printing help. */
int buyout_cli_rules(int argc, char **argv, const struct cli_extra *extra, struct buyout_rules *r,
                     struct run_options *run);

#endif
