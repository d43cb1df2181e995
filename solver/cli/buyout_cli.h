/* buyout_cli.h — `fourcard solve buyout` and the options that `fourcard
 * par buyout` and `simulate buyout` share with it: argv[0] = the command, the
 * options and the game word "buyout" follow (in any order).  Commands
 * return the exit code: 0, 1 a failure while running, 2 bad usage or
 * input. */
#ifndef FOURCARD_BUYOUT_CLI_H
#define FOURCARD_BUYOUT_CLI_H

#include "buyout_solve.h"
#include "commands.h"

/* The options of `solve buyout` for another command (extra->cmd, with
 * extra's options): the rules they name and the run options; the
 * strategy files are refused.  Returns 0, -1 after an error line, or 1
 * after printing help. */
int buyout_cli_rules(int argc, char **argv, const struct cli_extra *extra, struct buyout_rules *r,
                     struct run_options *run);
/* The same, with one word after the game taken into *operand (NULL when
 * none is given). */
int buyout_cli_rules_operand(int argc, char **argv, const struct cli_extra *extra, struct buyout_rules *r,
                             struct run_options *run, const char **operand);

#endif
