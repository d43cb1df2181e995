/* cli.c — command dispatch, top-level help, and the shared error line. */
#include "cli.h"

#include <json-c/json.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "error_line.h"
#include "report_json.h"

static const struct command COMMANDS[] = {
    {"solve", "exact optimal strategy and EV of a game (solve split)", cmd_solve},
    {"sweep", "solve many paytables, each with its own strategy, one line each (sweep split|frenzy|buyout)", cmd_sweep},
    {"par", "PAR sheet of a game: Markdown, JSON or CSV (par frenzy, par buyout)", cmd_par},
    {"simulate", "deal real rounds with the optimal strategy: mean vs exact EV", cmd_simulate},
    {"card", "a strategy card: short rules, their exact EV and cost (card split)", cmd_card},
    {"price", "the exact EV and cost of your own strategy card (price split --card F)", cmd_price},
    {"advise", "one hand: every option's exact EV, the best, the card's rule", cmd_advise},
    {"protect", "what a counted shoe is worth: effects of removal, a count (protect buyout)", cmd_protect},
    {"design", "paytable designer: each pay line's exact effect; search a grid (design split|frenzy)", cmd_design},
    {"presets", "list a game's preset paytables (presets split)", cmd_presets},
    {"freq", "exhaustive frequency table of a hand evaluator", cmd_freq},
    {"eval", "evaluate one hand with a kernel", cmd_eval},
    {"bench", "benchmarks (bench kernels)", cmd_bench},
    {"topology", "the machine as hwloc sees it", cmd_topology},
};
enum { NCOMMANDS = sizeof COMMANDS / sizeof COMMANDS[0] };

static void print_usage(FILE *out)
{
    fprintf(out, "usage: fourcard <command> [options]\n\n"
                 "Exact strategy solver for four-card casino table games.\n\ncommands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\n'fourcard <command> --help' explains a command and its options.\n"
                 "Exit codes: 0 success, 1 failure while running, 2 bad usage or input.\n");
}

int cli_main(int argc, char **argv)
{
    if (argc < 2)
        return print_usage(stderr), EXIT_USAGE;
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        print_usage(stdout);
        return 0;
    }
    if (!strcmp(name, "--version")) {
        printf("fourcard %s\n", FOURCARD_VERSION);
        return 0;
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, COMMANDS[i].name))
            return COMMANDS[i].run(argc - 1, argv + 1);
    return cli_error(NULL, "unknown command '%s' (try 'fourcard --help')", name);
}

/* One line whatever the arguments hold: a newline in a card string, a
 * file name or an option's value is printed escaped, never as itself.
 * The line is written with one call (ranks and threads do not split it). */
int cli_error(const char *command, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    char small[1024], *msg = small;
    int len = vsnprintf(small, sizeof small, fmt, ap);
    if (len < 0)
        len = snprintf(small, sizeof small, "(a message that could not be formatted)");
    else if ((size_t)len >= sizeof small && (msg = malloc((size_t)len + 1)) != NULL)
        vsnprintf(msg, (size_t)len + 1, fmt, again);
    else if ((size_t)len >= sizeof small)
        msg = small, len = (int)strlen(small); /* out of memory: the message cut */
    va_end(again);
    va_end(ap);
    error_line(command, msg);
    if (msg != small)
        free(msg);
    return EXIT_USAGE;
}

void cli_write_json(FILE *f, const char *command, json_object *doc)
{
    report_json_print(f, command, doc);
}
