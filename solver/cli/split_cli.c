/* split_cli.c — the options of 4 Card Split, shared by `solve split`,
 * `sweep split` and `simulate split`. */
#include "split_cli.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "games.h"
#include "split_par.h"
#include "split_report.h"

/* The parser's options, also read by cli_game_find (games.h). */
const struct option SPLIT_CLI_OPTIONS[] = {
    {"preset", required_argument, NULL, 'p'}, {"paytable", required_argument, NULL, 'f'},
    {"presets", required_argument, NULL, 'P'}, {"instant", required_argument, NULL, 'i'},
    {"strategy", required_argument, NULL, 's'}, {"help", no_argument, NULL, 'h'},
    {"resume", required_argument, NULL, 'r'}, RUN_LONG_OPTIONS, {0, 0, 0, 0},
};

int split_parse_args(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct split_args *a)
{
    struct option opts[CLI_MAX_OPTIONS];
    cli_options_join(SPLIT_CLI_OPTIONS, extra, opts);
    bool is_sweep = !strcmp(cmd, "sweep"), is_solve = !strcmp(cmd, "solve");
    int c;
    optind = 1;
    while ((c = cli_next_option(cmd, help, argc, argv, opts, &a->run, extra)) >= 0) {
        switch (c) {
        case 'p': a->preset = optarg; break;
        case 'f':
            a->paytable = optarg;
            if (a->npaytables == SPLIT_MAX_FILES)
                return cli_error(cmd, "more than %d paytable files", SPLIT_MAX_FILES), -1;
            a->paytables[a->npaytables++] = optarg;
            break;
        case 'P': a->presets = optarg; break;
        case 's': a->strategy = optarg; break;
        case 'r': a->resume = optarg; break;
        case 'i':
            if (!strcmp(optarg, "choose"))
                a->instant = SPLIT_INSTANT_CHOOSE;
            else if (!strcmp(optarg, "highest"))
                a->instant = SPLIT_INSTANT_HIGHEST;
            else
                return cli_error(cmd, "bad value '%s' for --instant (choose or highest)", optarg), -1;
            break;
        default: return -1;
        }
    }
    if (c != CLI_DONE)
        return c == CLI_HELP ? 1 : -1;
    if (optind >= argc)
        return cli_error(cmd, "missing GAME (%s)", is_sweep ? "split" : cli_game_names()), -1;
    const struct cli_game *game = cli_game_named(argv[optind]);
    if (!game) /* another game's commands are dispatched before this (games.h) */
        return cli_error(cmd, "unknown game '%s' (%s)", argv[optind], cli_game_names()), -1;
    if (strcmp(game->name, "split"))
        return cli_error(cmd, "'%s %s' is not available (solve %s is)", cmd, game->name, game->name), -1;
    if (a->takes_operand && optind + 1 < argc)
        a->operand = argv[++optind];
    /* sweep split --paytable A.ini B.ini ...: the words after the game */
    while (is_sweep && a->npaytables > 0 && optind + 1 < argc) {
        if (a->npaytables == SPLIT_MAX_FILES)
            return cli_error(cmd, "more than %d paytable files", SPLIT_MAX_FILES), -1;
        a->paytables[a->npaytables++] = argv[++optind];
    }
    if (optind + 1 < argc)
        return cli_error(cmd, "unexpected argument '%s'", argv[optind + 1]), -1;
    if (is_sweep && (a->preset || a->strategy))
        return cli_error(cmd, "%s belongs to 'solve'; sweep takes --presets and --paytable",
                         a->preset ? "--preset" : "--strategy"), -1;
    if (!is_solve && !is_sweep && a->strategy)
        return cli_error(cmd, "--strategy belongs to 'solve'"), -1;
    if (!is_sweep && a->presets)
        return cli_error(cmd, "--presets belongs to 'sweep'; %s takes --preset", cmd), -1;
    if (!is_sweep && a->resume && strcmp(cmd, "protect"))
        return cli_error(cmd, "--resume belongs to 'sweep' and 'protect'"), -1;
    struct stat st;
    if (a->resume && (stat(a->resume, &st) != 0 || !S_ISDIR(st.st_mode) || access(a->resume, W_OK) != 0))
        return cli_error(cmd, "--resume %s: not a writable folder", a->resume), -1;
    if (a->preset && a->paytable)
        return cli_error(cmd, "--preset and --paytable exclude each other"), -1;
    return 0;
}

int split_load_paytable(const char *cmd, const struct split_args *a, struct split_paytable *pt)
{
    char err[512];
    if (a->paytable) {
        if (split_paytable_load(a->paytable, pt, err, sizeof err) != 0)
            return cli_error(cmd, "%s", err), -1;
        return 0;
    }
    const struct split_paytable *p = split_preset_find(a->preset ? a->preset : SPLIT_DEFAULT_PRESET);
    if (!p)
        return cli_error(cmd, "unknown preset '%s' (try 'fourcard presets split')", a->preset), -1;
    *pt = *p;
    return 0;
}

int split_cli_hits(const char *cmd, const struct split_args *a, const struct split_result *res, long n,
                   struct split_hit *hit)
{
    for (long i = 0; i < n; i++) {
        struct split_par par;
        struct split_par_options po = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                       .progress = !a->run.quiet};
        char err[512];
        if (split_par_compute(&res[i].pt, &po, &par, err, sizeof err) != 0)
            return fprintf(stderr, "fourcard %s: %s\n", cmd, err), 1;
        hit[i] = (struct split_hit){par.wins, par.total};
        split_par_free(&par);
    }
    return 0;
}
