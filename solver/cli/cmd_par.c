/* cmd_par.c — `fourcard par GAME [options] [--json|--csv] [-o FILE]`: a
 * game's PAR sheet (par_sheet.h).  Each game parses the options of its
 * `solve` (shared parsers in frenzy_cli.c and buyout_cli.c), runs its
 * exact solve and builds the sheet; this file picks the game and writes
 * the sheet. */
#include <stdlib.h>
#include <string.h>

#include "output_files.h"
#include "buyout_cli.h"
#include "buyout_par.h"
#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "games.h"
#include "frenzy_cli.h"
#include "frenzy_par.h"
#include "par_sheet.h"
#include "split_cli.h"
#include "split_par_sheet.h"

static const char PAR_HELP[] =
    "usage: fourcard par frenzy [frenzy options] [--json|--csv] [-o FILE] [--html FILE]\n"
    "       fourcard par buyout [buyout options] [--json|--csv] [-o FILE] [--html FILE]\n"
    "       fourcard par split [split options] [--json|--csv] [-o FILE] [--html FILE]\n"
    "\n"
    "Writes a PAR sheet: house edge per unit and per initial wager, element of\n"
    "risk, hit frequency (net result > 0; a push is not a hit), standard\n"
    "deviation of a round, the exact distribution of a round's net result, the\n"
    "frequency of each final hand and decision, each bet's return and the side\n"
    "bets.  Every figure comes from the game's exact solve; the sheet is\n"
    "checked against it (the distribution's mean is the solver's EV, the bets\n"
    "add up to it) and not written otherwise.  Markdown by default.\n"
    "\n"
    "Four Card Frenzy options (as 'fourcard solve frenzy'): --odds-win T,\n"
    "--bad-beat T (one table each), --copy win|push, --bonus LIST, --prime LIST\n"
    "(side bets: sections of their own), --paytable FILE; --jackpot LIST,\n"
    "--four-jackpot LIST with --meter M: the jackpots priced at that meter for 1\n"
    "to 7 players, with the meter at which each breaks even.\n"
    "4 Card Split options (as 'fourcard solve split'): --preset NAME,\n"
    "--paytable FILE, --instant choose|highest.  One process (no mpirun).\n"
    "4 Card Buyout options (as 'fourcard solve buyout'): --dealer-five R,\n"
    "--bonus-table N, --bonus-units B, --bonus-alone, --decks N, --ranks N.\n"
    "\n"
    "common options:\n"
    "  --json               the sheet as one JSON object\n"
    "  --csv                the sheet as CSV: a wide table per section, each after a\n"
    "                       line '# SECTION' (docs/par-sheet-format.md)\n"
    "  -o, --output FILE    write the sheet to FILE (whole or not at all)\n"
    "  --html FILE          the sheet as one printable HTML page (charts inline, no\n"
    "                       script); nothing on stdout unless --json or --csv\n"
    "  --all-formats BASE   BASE.md, BASE.json, BASE.csv and BASE.html from one solve\n"
    "  --threads N, --bind core|none, --huge-pages MODE, -v, -q\n                       as for solve\n"
    "  -h, --help           this help\n"
    "Format: docs/par-sheet-format.md.\n";

/* --all-formats BASE: BASE.md, BASE.json, BASE.csv and BASE.html from one
 * solve; --html FILE: the printable page. */
static const char *all_formats, *html_file;

enum { OPT_ALL_FORMATS = 0x300, OPT_HTML };

static int take_option(void *ctx, int c, const char *arg)
{
    (void)ctx;
    if (c == OPT_HTML)
        html_file = arg;
    else
        all_formats = arg;
    return 0;
}

static const struct option PAR_OPTIONS[] = {{"all-formats", required_argument, NULL, OPT_ALL_FORMATS},
                                            {"html", required_argument, NULL, OPT_HTML}, {0, 0, 0, 0}};

/* The sheet's destinations, opened before the solve (a bad path fails at
 * once) and renamed into place only when the sheet is whole: -o FILE in
 * the format asked and --html FILE, or the four files of --all-formats,
 * or stdout (output_files.h); rank 0 only. */
struct par_output {
    struct output_files files;
    char paths[4][4096];
    enum par_format fmt[4], stdout_fmt;
    int nfiles;
    bool to_stdout;
};

static int output_open(const struct run_options *run, struct par_output *out)
{
    static const char *const EXT[4] = {"md", "json", "csv", "html"};
    memset(out, 0, sizeof *out);
    output_files_init(&out->files, "par");
    out->fmt[0] = out->stdout_fmt = run->json ? PAR_JSON : run->csv ? PAR_CSV : PAR_MARKDOWN;
    out->to_stdout = cluster_rank() == 0 && !run->output && !all_formats && (!html_file || run->json || run->csv);
    if (cluster_rank() != 0)
        return 0;
    const char *base = all_formats;
    if (!base && run->output)
        out->nfiles = 1, output_files_add(&out->files, run->output);
    if (!base && html_file)
        out->fmt[out->nfiles++] = PAR_HTML, output_files_add(&out->files, html_file);
    for (int i = 0; base && i < 4; i++) {
        out->fmt[i] = (enum par_format)i;
        if (snprintf(out->paths[i], sizeof out->paths[i], "%s.%s", base, EXT[i]) >= (int)sizeof out->paths[i])
            return fprintf(stderr, "fourcard par: --all-formats %.64s...: path too long\n", base), 1;
        out->nfiles = i + 1, output_files_add(&out->files, out->paths[i]);
    }
    return output_files_open(&out->files);
}

/* Writes (or, with no sheet, abandons) the output: all files or none.
 * Returns the exit code. */
static int output_finish(struct par_output *out, const struct par_sheet *s)
{
    if (!s) {
        output_files_abort(&out->files);
        return 1;
    }
    if (out->to_stdout)
        par_sheet_write(s, out->stdout_fmt, stdout);
    for (int i = 0; i < out->nfiles; i++)
        par_sheet_write(s, out->fmt[i], output_files_fp(&out->files, i, NULL));
    return output_files_commit(&out->files);
}

static int check_format(const struct run_options *run)
{
    if (run->json && run->csv)
        return cli_error("par", "--json and --csv exclude each other"), -1;
    if (all_formats && (run->json || run->csv || run->output || html_file))
        return cli_error("par", "--all-formats writes every format: it excludes %s",
                         run->output ? "-o" : run->json ? "--json" : run->csv ? "--csv" : "--html"), -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Four Card Frenzy                                                    */
/* ------------------------------------------------------------------ */

/* Options of `solve frenzy` that a PAR sheet has no place for. */
static int frenzy_par_check(const struct frenzy_args *a)
{
    if (a->strategy || a->card)
        return cli_error("par", "%s belongs to 'solve frenzy'", a->strategy ? "--strategy" : "--strategy-card"), -1;
    if (a->players_text)
        return cli_error("par", "--players: the sheet prices the jackpots for every table of 1 to %d players",
                         FRENZY_JACKPOT_MAX_PLAYERS), -1;
    int nwin = a->list[FT_ODDS_WIN].n, nbb = a->list[FT_BAD_BEAT].n;
    if (nwin > 1 || nbb > 1)
        return cli_error("par", "a PAR sheet is of one game: name one Odds Win and one Bad Beat table (got %d and %d)",
                         nwin, nbb), -1;
    return check_format(&a->run);
}

/* The jackpots at the meter for 1 to 7 players, added to the sheet.
 * Returns 0, or -1 with err. */
static int frenzy_sheet_jackpots(const struct frenzy_args *a, struct par_sheet *s, char *err, size_t errlen)
{
    enum { N = FRENZY_JACKPOT_MAX_PLAYERS };
    int n = a->jackpots.n;
    struct frenzy_jackpot_result *all = malloc((size_t)n * N * sizeof *all), *one = malloc((size_t)n * sizeof *one);
    int rc = all && one ? 0 : (snprintf(err, errlen, "out of memory"), -1);
    for (int k = 0; rc == 0 && k < N; k++) {
        rc = frenzy_jackpot_solve(a->jackpots.t, n, k + 1, a->meter, one, err, errlen);
        for (int t = 0; rc == 0 && t < n; t++)
            all[t * N + k] = one[t];
    }
    if (rc == 0 && frenzy_par_jackpots(s, all, n, N) != 0)
        rc = (snprintf(err, errlen, "too many jackpots for one sheet"), -1);
    free(all), free(one);
    return rc;
}

static struct par_sheet *frenzy_sheet(const struct frenzy_args *a, const struct frenzy_paytable *file, bool *ran)
{
    char err[512];
    struct frenzy_game game = {a->list[FT_ODDS_WIN].t[0], a->list[FT_BAD_BEAT].t[0], a->copy};
    struct frenzy_table sides[2 * FRENZY_CLI_MAX_TABLES];
    int nsides = 0;
    for (int kind = FT_BONUS; kind <= FT_PRIME; kind++)
        for (int i = 0; i < a->list[kind].n; i++)
            sides[nsides++] = a->list[kind].t[i];
    struct frenzy_result res;
    struct frenzy_side_result sres[2 * FRENZY_CLI_MAX_TABLES];
    struct frenzy_counts counts = {0};
    struct frenzy_solve_options o = {.threads = a->run.threads, .paytable = a->paytable ? file->name : NULL,
                                     .progress = !a->run.quiet, .bind = a->run.bind, .counts_out = &counts};
    struct par_sheet *s = NULL;
    *ran = frenzy_solve(&game, 1, sides, nsides, &o, &res, sres, err, sizeof err) == 0;
    if (*ran && cluster_rank() == 0 && !(s = frenzy_par_build(&res, &counts, sres, nsides, err, sizeof err)))
        *ran = false;
    if (s && a->jackpots.n && frenzy_sheet_jackpots(a, s, err, sizeof err) != 0)
        *ran = false, par_sheet_free(s), s = NULL;
    if (!*ran)
        fprintf(stderr, "fourcard par: %s\n", err);
    frenzy_counts_free(&counts);
    return s;
}

int frenzy_cmd_par(int argc, char **argv, const struct cli_extra *extra)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    int rc = frenzy_cli_parse("par", PAR_HELP, argc, argv, extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct frenzy_paytable file;
    if (frenzy_par_check(&a) != 0 || frenzy_cli_settle_tables(&a, &file) != 0)
        return EXIT_USAGE;
    if (a.list[FT_ODDS_WIN].n != 1 || a.list[FT_BAD_BEAT].n != 1) /* a file's table joined a named one */
        return cli_error("par", "a PAR sheet is of one game: name one Odds Win and one Bad Beat table"), EXIT_USAGE;
    struct par_output out;
    if ((rc = output_open(&a.run, &out)) != 0)
        return rc;
    bool ran;
    struct par_sheet *s = frenzy_sheet(&a, &file, &ran);
    if (ran && cluster_rank() != 0)
        return 0;
    rc = output_finish(&out, s);
    par_sheet_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* 4 Card Buyout                                                       */
/* ------------------------------------------------------------------ */

int buyout_cmd_par(int argc, char **argv, const struct cli_extra *extra)
{
    struct buyout_rules rules;
    struct run_options run = {0};
    int rc = buyout_cli_rules(argc, argv, extra, &rules, &run); /* refuses the strategy files */
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check_format(&run) != 0)
        return EXIT_USAGE;
    struct par_output out;
    if ((rc = output_open(&run, &out)) != 0)
        return rc;
    struct buyout_solve_options o = {.threads = run.threads, .progress = !run.quiet, .bind = run.bind};
    struct buyout_result res;
    char err[512];
    struct par_sheet *s = NULL;
    if (buyout_solve(&rules, &o, &res, err, sizeof err) != 0) {
        fprintf(stderr, "fourcard par: %s\n", err);
    } else if (cluster_rank() != 0) {
        return 0;
    } else if (!(s = buyout_par_build(&res, err, sizeof err)))
        fprintf(stderr, "fourcard par: %s\n", err);
    rc = output_finish(&out, s);
    par_sheet_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* 4 Card Split                                                        */
/* ------------------------------------------------------------------ */

int split_cmd_par(int argc, char **argv, const struct cli_extra *extra)
{
    struct split_args a;
    memset(&a, 0, sizeof a);
    int rc = split_parse_args("par", PAR_HELP, argc, argv, extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct split_paytable pt;
    if (check_format(&a.run) != 0 || split_load_paytable("par", &a, &pt) != 0)
        return EXIT_USAGE;
    if (cluster_size() > 1)
        return cli_error("par", "the 4 Card Split sheet runs in one process (use --threads, not mpirun)");
    struct par_output out;
    if ((rc = output_open(&a.run, &out)) != 0)
        return rc;
    struct split_par_options o = {.instant = a.instant, .threads = a.run.threads, .bind = a.run.bind,
                                  .progress = !a.run.quiet};
    struct split_par par;
    char err[512];
    struct par_sheet *s = NULL;
    if (split_par_compute(&pt, &o, &par, err, sizeof err) != 0) {
        fprintf(stderr, "fourcard par: %s\n", err);
    } else {
        if (!(s = split_par_sheet_build(&par, err, sizeof err)))
            fprintf(stderr, "fourcard par: %s\n", err);
        split_par_free(&par);
    }
    rc = output_finish(&out, s);
    par_sheet_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Dispatch                                                            */
/* ------------------------------------------------------------------ */

int cmd_par(int argc, char **argv)
{
    const struct cli_extra extra = {"par", PAR_OPTIONS, take_option, NULL, PAR_HELP};
    const struct cli_game *g = cli_game_find(argc, argv);
    if (g)
        return g->par(argc, argv, &extra);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return fputs(PAR_HELP, stdout), 0;
    if (argc > 1 && argv[1][0] != '-')
        return cli_error("par", "unknown game '%s' (%s)", argv[1], cli_game_names());
    return cli_error("par", "missing GAME (%s)", cli_game_names());
}
