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

/* Shared option handling: getopt_long with our own one-line messages.
 * Returns the option, or -2 after printing the error (caller returns
 * EXIT_USAGE). */
int cli_getopt(const char *command, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

/* Parses a whole decimal integer in [lo, hi]; -1 after an error line. */
int cli_parse_int(const char *command, const char *option, const char *text, long lo, long hi, long *out);

/* --verbose of the solvers: the machine's topology and the run's layout
 * (ranks, threads 0 = OpenMP's default, binding) on stderr, from rank 0;
 * nothing without verbose. */
void cli_say_layout(bool verbose, int threads, enum bind_mode bind);

#endif
