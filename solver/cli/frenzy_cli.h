/* frenzy_cli.h — `fourcard solve frenzy` and the options that `fourcard
 * par frenzy` shares with it; argv[0] is the command ("solve", "par"),
 * the game name "frenzy" and the options follow in any order. */
#ifndef FOURCARD_FRENZY_CLI_H
#define FOURCARD_FRENZY_CLI_H

#include "commands.h"
#include "bigfrac.h"
#include "frenzy_jackpot.h"
#include "frenzy_rules.h"
#include "frenzy_solve.h"

enum { FRENZY_CLI_MAX_TABLES = 16, FRENZY_CLI_MAX_JACKPOTS = 8, FRENZY_CLI_MAX_FILES = 256 };

struct frenzy_table_list {
    struct frenzy_table t[FRENZY_CLI_MAX_TABLES];
    int n;
};

struct frenzy_jackpot_list {
    struct frenzy_jackpot_table t[FRENZY_CLI_MAX_JACKPOTS];
    int n;
};

/* The options of a run, as parsed. */
struct frenzy_args {
    const char *cmd;                       /* "solve" or "par": named in error lines */
    struct frenzy_table_list list[FT_NKINDS];
    struct frenzy_jackpot_list jackpots;
    const char *meter_text, *players_text; /* as given, or NULL */
    struct bigfrac meter;
    int players;
    const char *paytable, *strategy, *output, *card;
    const char *paytables[FRENZY_CLI_MAX_FILES]; /* sweep: every --paytable FILE and the words after the game */
    int npaytables;
    enum frenzy_copy copy;
    struct run_options run;
    bool takes_operand;   /* set by the caller: one word after the game (advise's cards) */
    const char *operand;  /* that word */
};

/* Parses the options of `fourcard CMD frenzy` into *a (zeroed by the
 * caller), with extra's options too (extra may be NULL); help is printed
 * for -h.  Returns 0, -1 after an error line, or
 * 1 after printing help. */
int frenzy_cli_parse(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct frenzy_args *a);
/* The paytable file's tables join the lists, then the default Odds tables
 * fill empty ones.  Returns 0, or -1 after an error line. */
int frenzy_cli_settle_tables(struct frenzy_args *a, struct frenzy_paytable *file);

/* The options of `solve frenzy` for another command (extra->cmd, with
 * extra's options): the one main game they name, the [game] name of a
 * paytable file used (or ""), and the run options.  The side bets,
 * jackpots and strategy files are refused.  Returns 0, -1 after an error
 * line, or 1 after printing help. */
int frenzy_cli_game(int argc, char **argv, const struct cli_extra *extra, struct frenzy_game *g,
                    char paytable[64], struct run_options *run);

/* A comma-separated list of preset names of a kind, or "all", into l.
 * 0, or -1 after an error line. */
int frenzy_cli_parse_list(const char *cmd, enum frenzy_table_kind kind, const char *text, struct frenzy_table_list *l);


#endif
