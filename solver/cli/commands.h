/* commands.h — one function per `fourcard` command; argv[0] is the
 * command's name, the options follow. */
#ifndef FOURCARD_COMMANDS_H
#define FOURCARD_COMMANDS_H

#include <getopt.h>
#include <stdbool.h>

#include "pinning.h"

struct command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
};

int cmd_freq(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_presets(int argc, char **argv);
int cmd_topology(int argc, char **argv);
int cmd_par(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_card(int argc, char **argv);
int cmd_protect(int argc, char **argv);
int cmd_design(int argc, char **argv);
int cmd_price(int argc, char **argv);
int cmd_advise(int argc, char **argv);

/* Shared option handling: getopt_long with our own one-line messages.
 * Returns the option, or -2 after printing the error (caller returns
 * EXIT_USAGE). */
int cli_getopt(const char *command, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

/* Parses a whole decimal integer in [lo, hi]; -1 after an error line. */
int cli_parse_int(const char *command, const char *option, const char *text, long lo, long hi, long *out);
/* Parses a number in [lo, hi]; -1 after the error line "bad value 'TEXT'
 * for OPTION (WHAT)", WHAT saying what the option wants. */
int cli_parse_double(const char *command, const char *option, const char *text, double lo, double hi,
                     const char *what, double *out);

/* The options every solver takes, about how to run and where to write:
 * --json, -o/--output, -q/--quiet, -v/--verbose (the layout, printed
 * where the team starts: team.h), --threads, --bind,
 * --huge-pages (a setting of the whole process: big_alloc.h).  A
 * command lists RUN_LONG_OPTIONS in its table, "o:qv" in its short
 * options, and passes every option to cli_run_option first. */
struct run_options {
    const char *output; /* -o FILE, or NULL for stdout */
    bool json, quiet, verbose;
    bool csv;           /* --csv: only `par` writes CSV (the others refuse it) */
    int threads;        /* 0 = OpenMP's default */
    enum bind_mode bind;
};
enum { RUN_OPT_JSON = 0x100, RUN_OPT_THREADS, RUN_OPT_BIND, RUN_OPT_CSV, RUN_OPT_HUGE_PAGES };
#define RUN_LONG_OPTIONS                                                                          \
    {"json", no_argument, NULL, RUN_OPT_JSON}, {"output", required_argument, NULL, 'o'},          \
        {"quiet", no_argument, NULL, 'q'}, {"verbose", no_argument, NULL, 'v'},                   \
        {"threads", required_argument, NULL, RUN_OPT_THREADS}, {"bind", required_argument, NULL, RUN_OPT_BIND},   \
        {"csv", no_argument, NULL, RUN_OPT_CSV}, {"huge-pages", required_argument, NULL, RUN_OPT_HUGE_PAGES}

/* The help lines of the run options but --json (whose wording varies). */
#define RUN_OPTIONS_HELP                                                                           \
    "  -o, --output FILE    write the report to FILE (whole or not at all)\n"                      \
    "  --threads N          OpenMP threads (default: all cores)\n"                                 \
    "  --bind core|none     pin each thread to a core with hwloc (default core)\n"                 \
    "  --huge-pages MODE    auto, on or off: Split's and Frenzy's big tables in 2 MB\n"            \
    "                       pages (auto, the default: on, but off on a VM whose\n"                 \
    "                       balloon reports free pages; see the README)\n"                         \
    "  -v, --verbose        print the machine's topology and the run's layout on stderr\n"         \
    "  -q, --quiet          no progress bar\n"                                                     \
    "  -h, --help           this help\n"

/* 1 when option c was a run option (stored in r), 0 when it is not one,
 * -1 after an error line. */
int cli_run_option(const char *cmd, int c, const char *arg, struct run_options *r);


/* Options a command adds to a game's own, so that one parser serves
 * `solve GAME` and `simulate GAME` (simulate's --rounds and --seed).  The
 * game's parser appends opts to its table (their values from
 * CLI_EXTRA_BASE up), hands those options to take, prints help instead of
 * its own on --help, and names cmd in its messages. */
enum { CLI_EXTRA_BASE = 0x200, CLI_MAX_OPTIONS = 48 };
struct cli_extra {
    const char *cmd;           /* "simulate" */
    const struct option *opts; /* ends with {0} */
    int (*take)(void *ctx, int c, const char *arg); /* 0, or -1 after an error line */
    void *ctx;
    const char *help;
};

/* The short options of every game's parser (cli_next_option): -h, -o FILE,
 * -q, -v.  cli_game_find (games.h) reads a command line with them. */
#define CLI_SHORT_OPTIONS "ho:qv"

/* The option loop of a game's parser:
 *   while ((c = cli_next_option(cmd, help, argc, argv, opts, &run, extra)) >= 0)
 *       switch (c) { the game's own options }
 *   if (c != CLI_DONE) return c == CLI_HELP ? 1 : -1;
 * Run options and extra's are taken here; -h prints help. */
enum { CLI_DONE = -1, CLI_FAILED = -2, CLI_HELP = -3 };
int cli_next_option(const char *cmd, const char *help, int argc, char **argv, const struct option *opts,
                    struct run_options *run, const struct cli_extra *extra);

/* base then extra's options (extra may be NULL) into out[CLI_MAX_OPTIONS]. */
void cli_options_join(const struct option *base, const struct cli_extra *extra, struct option *out);

#endif
