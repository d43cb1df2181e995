/* cli_options.c — getopt_long wrapped so that every mistake is one line
 * naming the option. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "big_alloc.h"
#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "team.h"

int cli_getopt(const char *command, int argc, char **argv, const char *shortopts,
               const struct option *longopts)
{
    char spec[64];
    snprintf(spec, sizeof spec, ":%s", shortopts); /* ':' reports a missing value apart */
    opterr = 0;
    int c = getopt_long(argc, argv, spec, longopts, NULL);
    if (c == '?') {
        /* GNU getopt has stepped past the offending word (it may have
         * moved operands behind it) */
        const char *arg = argv[optind > 0 ? optind - 1 : 0];
        if (optopt && !strncmp(arg, "--", 2)) /* a known long option given a value it does not take */
            cli_error(command, "option '%.*s' takes no value", (int)strcspn(arg, "="), arg);
        else if (optopt)
            cli_error(command, "unknown option '-%c' (try 'fourcard %s --help')", optopt, command);
        else
            cli_error(command, "unknown option '%s' (try 'fourcard %s --help')", arg, command);
        return -2;
    }
    if (c == ':') {
        cli_error(command, "option '%s' needs a value", argv[optind - 1]);
        return -2;
    }
    return c;
}

int cli_parse_int(const char *command, const char *option, const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        cli_error(command, "bad value '%s' for %s (a whole number from %ld to %ld)", text, option, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_double(const char *command, const char *option, const char *text, double lo, double hi,
                     const char *what, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v >= lo && v <= hi)) {
        cli_error(command, "bad value '%s' for %s (%s)", text, option, what);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_run_option(const char *cmd, int c, const char *arg, struct run_options *r)
{
    long v;
    switch (c) {
    case RUN_OPT_JSON: r->json = true; return 1;
    case RUN_OPT_CSV:
        if (strcmp(cmd, "par") != 0 && strcmp(cmd, "sweep") != 0 && strcmp(cmd, "design") != 0)
            return cli_error(cmd, "--csv belongs to 'par', 'sweep' and 'design' (%s writes text or --json)", cmd), -1;
        r->csv = true;
        return 1;
    case 'o': r->output = arg; return 1;
    case 'q': r->quiet = true; return 1;
    case 'v': r->verbose = true; team_show_layout(true); return 1;
    case RUN_OPT_THREADS:
        if (cli_parse_int(cmd, "--threads", arg, 1, 1024, &v))
            return -1;
        r->threads = (int)v;
        return 1;
    case RUN_OPT_BIND:
        if (bind_mode_parse(arg, &r->bind) != 0)
            return cli_error(cmd, "bad value '%s' for --bind (core or none)", arg), -1;
        return 1;
    case RUN_OPT_HUGE_PAGES:
        if (big_alloc_set_huge_pages(arg) != 0)
            return cli_error(cmd, "bad value '%s' for --huge-pages (auto, on or off)", arg), -1;
        return 1;
    default:
        return 0;
    }
}

/* What a game's parser does first with each option c: the run options
 * (into r), then extra's (extra may be NULL).  1 when c was one of them,
 * 0 when not, -1 after an error line. */
static int cli_shared_option(const char *cmd, int c, const char *arg, struct run_options *r, const struct cli_extra *extra)
{
    int run = cli_run_option(cmd, c, arg, r);
    if (run != 0 || !extra || c < CLI_EXTRA_BASE)
        return run;
    return extra->take(extra->ctx, c, arg) != 0 ? -1 : 1;
}

/* --help: extra's help when it has one, else the game's. */
static void cli_print_help(const char *help, const struct cli_extra *extra)
{
    fputs(extra && extra->help ? extra->help : help, stdout);
}

int cli_next_option(const char *cmd, const char *help, int argc, char **argv, const struct option *opts,
                    struct run_options *run, const struct cli_extra *extra)
{
    int c;
    while ((c = cli_getopt(cmd, argc, argv, CLI_SHORT_OPTIONS, opts)) != -1) {
        if (c == -2)
            return CLI_FAILED;
        if (c == 'h')
            return cli_print_help(help, extra), CLI_HELP;
        int shared = cli_shared_option(cmd, c, optarg, run, extra);
        if (shared < 0)
            return CLI_FAILED;
        if (!shared)
            return c;
    }
    return CLI_DONE;
}

void cli_options_join(const struct option *base, const struct cli_extra *extra, struct option *out)
{
    int n = 0;
    for (; base[n].name && n < CLI_MAX_OPTIONS - 1; n++)
        out[n] = base[n];
    for (int i = 0; extra && extra->opts[i].name && n < CLI_MAX_OPTIONS - 1; i++)
        out[n++] = extra->opts[i];
    out[n] = (struct option){0, 0, 0, 0};
}
