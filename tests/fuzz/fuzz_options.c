/* fuzz_options.c — libFuzzer harness for the command line's per-game
 * option parsers (solver/cli): split_parse_args, frenzy_cli_parse,
 * frenzy_cli_game and buyout_cli_rules, called directly (no solve runs).
 *
 * The first byte picks the command and game (solve, sweep, simulate or
 * par; split, frenzy or buyout), the rest is split into argv words on
 * '\0' and '\n'.  stderr and stdout are swapped for memory streams during
 * the call (the sanitizers still report on fd 2).  The promise: -1 comes
 * with exactly one line on stderr (non-empty, ending in '\n', no other
 * control character); 0 and 1 with nothing on stderr; never a crash.
 * Words naming a path ('/') are skipped: simulate frenzy reads its
 * --paytable file. */
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_cli.h"
#include "cli.h"
#include "frenzy_cli.h"
#include "split_cli.h"

enum { MAXWORDS = 64 };

/* simulate's and par's own options, as their commands add them (their
 * tables are static in cmd_simulate.c and cmd_par.c). */
static int take_simulate(void *ctx, int c, const char *arg)
{
    (void)ctx;
    long v;
    if (c == CLI_EXTRA_BASE)
        return cli_parse_int("simulate", "--rounds", arg, 1, 1000000000000L, &v);
    return cli_parse_int("simulate", "--seed", arg, 0, LONG_MAX, &v);
}
static int take_par(void *ctx, int c, const char *arg)
{
    (void)ctx, (void)c;
    if (strcmp(arg, "csv") && strcmp(arg, "text"))
        return cli_error("par", "bad value '%s' for --all-formats", arg), -1;
    return 0;
}
static const struct option SIMULATE_OPTS[] = {
    {"rounds", required_argument, NULL, CLI_EXTRA_BASE}, {"seed", required_argument, NULL, CLI_EXTRA_BASE + 1}, {0, 0, 0, 0}};
static const struct option PAR_OPTS[] = {{"all-formats", required_argument, NULL, CLI_EXTRA_BASE + 0x100}, {0, 0, 0, 0}};
static const struct option NO_OPTS[] = {{0, 0, 0, 0}};

static const char *const COMMANDS[] = {"solve", "sweep", "simulate", "par"};
static const char *const GAMES[] = {"split", "frenzy", "buyout"};

/* GNU getopt keeps a pointer into the last argv (a cluster such as "-qx"
 * left half-read); optind = 0 makes the next call reinitialise it all.
 * The parsers set optind = 1 themselves, so one empty call here. */
static void getopt_reset(void)
{
    static char prog[] = "fuzz";
    char *argv[] = {prog, NULL};
    optind = 0;
    opterr = 0;
    (void)getopt(1, argv, "");
}

static int run_parser(const char *cmd, const char *game, int argc, char **argv)
{
    const struct cli_extra simulate = {"simulate", SIMULATE_OPTS, take_simulate, NULL, NULL};
    const struct cli_extra par = {"par", PAR_OPTS, take_par, NULL, NULL};
    const struct cli_extra solve = {"solve", NO_OPTS, take_par, NULL, NULL};
    const struct cli_extra *extra = !strcmp(cmd, "simulate") ? &simulate : !strcmp(cmd, "par") ? &par : NULL;
    if (!strcmp(game, "split")) {
        struct split_args a;
        memset(&a, 0, sizeof a);
        return split_parse_args(cmd, "split help\n", argc, argv, extra, &a);
    }
    if (!strcmp(game, "frenzy")) {
        if (extra == &simulate) {
            struct frenzy_game g;
            char paytable[64];
            struct run_options run;
            return frenzy_cli_game(argc, argv, extra, &g, paytable, &run);
        }
        struct frenzy_args a;
        memset(&a, 0, sizeof a);
        return frenzy_cli_parse(cmd, "frenzy help\n", argc, argv, extra, &a);
    }
    struct buyout_rules r;
    struct run_options run;
    memset(&run, 0, sizeof run);
    return buyout_cli_rules(argc, argv, extra ? extra : &solve, &r, &run);
}

/* Exactly one line: non-empty, '\n' at the end only, no control character. */
static int one_line(const char *s, size_t n)
{
    if (n < 2 || s[n - 1] != '\n')
        return 0;
    for (size_t i = 0; i + 1 < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned pick = data[0] % 12;
    const char *cmd = COMMANDS[pick / 3], *game = GAMES[pick % 3];
    if (!strcmp(cmd, "sweep") && strcmp(game, "split"))
        cmd = "solve"; /* sweep is Split's alone */

    char *text = malloc(size); /* the words, each ending in '\0' */
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char *argv[MAXWORDS + 3];
    int argc = 0;
    argv[argc++] = (char *)cmd;
    if (data[0] & 0x80) /* the game word first, else wherever the input puts it */
        argv[argc++] = (char *)game;
    for (char *p = text, *end = text + size - 1; p <= end && argc < MAXWORDS + 2;) {
        char *q = p;
        while (q < end && *q != '\n' && *q != '\0')
            q++;
        *q = '\0';
        if (strchr(p, '/')) { /* a path: the parser might read it */
            free(text);
            return 0;
        }
        argv[argc++] = p;
        p = q + 1;
    }
    argv[argc] = NULL;

    char *err = NULL, *out = NULL;
    size_t errlen = 0, outlen = 0;
    FILE *errf = open_memstream(&err, &errlen), *outf = open_memstream(&out, &outlen);
    if (!errf || !outf)
        abort();
    FILE *saved_err = stderr, *saved_out = stdout;
    stderr = errf, stdout = outf;
    getopt_reset();
    int rc = run_parser(cmd, game, argc, argv);
    stderr = saved_err, stdout = saved_out;
    fclose(errf);
    fclose(outf);

    if (rc == -1) {
        if (!one_line(err, errlen)) {
            fprintf(stderr, "fuzz_options: %s %s returned -1 with stderr [%.*s]\n", cmd, game, (int)errlen, err);
            __builtin_trap();
        }
    } else if (rc == 0 || rc == 1) {
        if (errlen != 0) {
            fprintf(stderr, "fuzz_options: %s %s returned %d with stderr [%.*s]\n", cmd, game, rc, (int)errlen, err);
            __builtin_trap();
        }
    } else {
        __builtin_trap();
    }
    free(err);
    free(out);
    free(text);
    return 0;
}
