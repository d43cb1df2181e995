/* frenzy_sweep_cli.c — `sweep frenzy`: many Odds tables (paytable files,
 * presets) solved in one enumeration, one line each. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "frenzy_cli.h"
#include "frenzy_design.h"
#include "frenzy_report.h"
#include "games.h"
#include "output_files.h"

static const char HELP[] =
    "usage: fourcard sweep frenzy [--paytable FILE...] [--odds-win LIST] [--bad-beat LIST] [options]\n"
    "\n"
    "Solves many Four Card Frenzy games in one enumeration, each with its own\n"
    "optimal strategy, and prints one line per game: the house edge per Ante and\n"
    "per initial wager (Ante and Odds, 2 units), the element of risk, the hit\n"
    "frequency and the hands folded.  The games: each paytable file's Odds\n"
    "tables (WE-1 or BB-2 where a file has none), then every --odds-win table\n"
    "with every --bad-beat table; with neither, every preset pair.\n"
    "\n"
    "options:\n"
    "  --paytable FILE...   paytable files (docs/frenzy-paytable-format.md); the\n"
    "                       words after the game are more files\n"
    "  --odds-win LIST, --bad-beat LIST   preset tables, or all\n"
    "  --copy R             equal 4-card hands: win (default) or push\n"
    "  --json               one JSON object: \"paytables\", solve's objects with hit_frequency\n"
    "  --csv                the table as CSV\n" RUN_OPTIONS_HELP;

enum { MAX_GAMES = FRENZY_CLI_MAX_FILES + FRENZY_CLI_MAX_TABLES * FRENZY_CLI_MAX_TABLES };

struct sweep {
    struct frenzy_game games[MAX_GAMES];
    char names[MAX_GAMES][64];
    int n;
};

static int add_files(const struct frenzy_args *a, struct sweep *s)
{
    for (int i = 0; i < a->npaytables; i++) {
        struct frenzy_paytable file;
        char err[600];
        if (frenzy_paytable_load(a->paytables[i], &file, err, sizeof err) != 0)
            return cli_error("sweep", "%s", err), -1;
        struct frenzy_game g = {.copy = a->copy};
        if (frenzy_preset_get(FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &g.win) != 0 ||
            frenzy_preset_get(FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, &g.bad_beat) != 0)
            return cli_error("sweep", "internal error: no default Odds tables"), -1;
        for (int t = 0; t < file.ntables; t++)
            if (file.tables[t].kind == FT_ODDS_WIN)
                g.win = file.tables[t];
            else if (file.tables[t].kind == FT_BAD_BEAT)
                g.bad_beat = file.tables[t];
        for (int j = 0; j < s->n; j++)
            if (!strcmp(s->names[j], file.name))
                return cli_error("sweep", "the name '%s' is taken already (by %s)", file.name, a->paytables[j]), -1;
        snprintf(s->names[s->n], sizeof s->names[0], "%s", file.name);
        s->games[s->n++] = g;
    }
    return 0;
}

static int add_presets(struct frenzy_args *a, struct sweep *s)
{
    struct frenzy_table_list *win = &a->list[FT_ODDS_WIN], *bb = &a->list[FT_BAD_BEAT];
    if (a->npaytables == 0 && win->n == 0 && bb->n == 0 &&
        (frenzy_cli_parse_list("sweep", FT_ODDS_WIN, "all", win) || frenzy_cli_parse_list("sweep", FT_BAD_BEAT, "all", bb)))
        return -1;
    if (win->n == 0 && bb->n == 0)
        return 0;
    if ((win->n == 0 && frenzy_cli_parse_list("sweep", FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, win)) ||
        (bb->n == 0 && frenzy_cli_parse_list("sweep", FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, bb)))
        return -1;
    for (int i = 0; i < win->n; i++)
        for (int j = 0; j < bb->n; j++) {
            snprintf(s->names[s->n], sizeof s->names[0], "%s/%s", win->t[i].name, bb->t[j].name);
            s->games[s->n++] = (struct frenzy_game){win->t[i], bb->t[j], a->copy};
        }
    return 0;
}

static void write_sweep(FILE *f, const struct frenzy_args *a, const struct frenzy_result *res, const struct sweep *s,
                        const int64_t *hits)
{
    const char *names[MAX_GAMES];
    for (int i = 0; i < s->n; i++)
        names[i] = s->names[i];
    if (a->run.json)
        cli_write_json(f, "sweep", frenzy_results_json(res, names, hits, s->n));
    else if (a->run.csv)
        frenzy_results_csv(f, res, names, hits, s->n);
    else
        frenzy_results_table(f, res, names, hits, s->n);
}

int frenzy_cmd_sweep(int argc, char **argv)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    int rc = frenzy_cli_parse("sweep", HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    const char *other = a.list[FT_BONUS].n ? "--bonus" : a.list[FT_PRIME].n ? "--prime" : a.jackpots.n ? "--jackpot"
                      : a.strategy ? "--strategy" : a.card ? "--strategy-card" : NULL;
    if (other)
        return cli_error("sweep", "%s belongs to 'solve frenzy' (sweep compares main games)", other);
    if (a.run.json && a.run.csv)
        return cli_error("sweep", "--json and --csv exclude each other");
    struct sweep *s = calloc(1, sizeof *s);
    if (!s)
        return fprintf(stderr, "fourcard sweep: out of memory\n"), 1;
    if (add_files(&a, s) != 0 || add_presets(&a, s) != 0)
        return free(s), EXIT_USAGE;
    struct output_files out;
    output_files_init(&out, "sweep");
    int report = output_files_add(&out, cluster_rank() == 0 ? a.run.output : NULL);
    if ((rc = output_files_open(&out)) != 0)
        return free(s), rc;
    struct frenzy_result *res = calloc((size_t)s->n, sizeof *res);
    int64_t *hits = calloc((size_t)s->n, sizeof *hits);
    struct frenzy_counts counts = {0};
    struct frenzy_solve_options o = {a.run.threads, NULL, !a.run.quiet, a.run.bind, &counts};
    char err[512] = "out of memory";
    rc = !res || !hits || frenzy_solve(s->games, s->n, NULL, 0, &o, res, NULL, err, sizeof err) != 0;
    if (rc == 0 && cluster_rank() == 0) {
        for (int i = 0; i < s->n; i++) {
            frenzy_hit_count(&s->games[i], &counts, &hits[i]);
            snprintf(res[i].paytable, sizeof res[i].paytable, "%s", s->names[i]);
        }
        write_sweep(output_files_fp(&out, report, stdout), &a, res, s, hits);
        rc = output_files_commit(&out);
    } else if (rc != 0) {
        output_files_abort(&out);
        fprintf(stderr, "fourcard sweep: %s\n", err);
    }
    frenzy_counts_free(&counts);
    free(s), free(res), free(hits);
    return rc;
}
