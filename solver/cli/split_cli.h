/* split_cli.h — the options of 4 Card Split, one parser for `solve`,
 * `sweep` and `simulate` (argv[0] the command, the game word "split" and
 * the options after it in any order). */
#ifndef FOURCARD_SPLIT_CLI_H
#define FOURCARD_SPLIT_CLI_H

#include "commands.h"
#include "split_rules.h"

/* Paytable files a sweep takes at most. */
enum { SPLIT_MAX_FILES = 256 };

struct split_args {
    const char *preset, *paytable, *presets, *strategy, *resume;
    /* sweep: every --paytable FILE, and the words after the game when one was given */
    const char *paytables[SPLIT_MAX_FILES];
    int npaytables;
    enum split_instant_reading instant;
    struct run_options run;
    bool takes_operand;   /* set by the caller: one word after the game (advise's cards) */
    const char *operand;  /* that word */
};

/* Parses argv for cmd ("solve", "sweep", "simulate", "card", "price" or
 * "advise"; each refuses the others' options), with extra's options too when extra is not NULL.
 * Returns 0, -1 after an error line, or 1 after printing help. */
int split_parse_args(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct split_args *a);

/* The hit frequency of each of n results (the rounds whose net is above
 * 0): a PAR pass each, with a's reading and run options.  0, or 1 after
 * an error line naming cmd. */
struct split_result;
struct split_hit;
int split_cli_hits(const char *cmd, const struct split_args *a, const struct split_result *res, long n,
                   struct split_hit *hit);

/* The paytable the options name (--paytable FILE, --preset NAME or the
 * default preset).  Returns 0, or -1 after an error line. */
int split_load_paytable(const char *cmd, const struct split_args *a, struct split_paytable *pt);

#endif
