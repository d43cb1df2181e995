/* buyout_cli.c — `fourcard solve buyout`. */
#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "output_files.h"
#include "buyout_cli.h"
#include "buyout_design.h"
#include "buyout_paytable.h"
#include "buyout_report.h"
#include "buyout_shoe.h"
#include "buyout_solve.h"
#include "buyout_strategy.h"
#include "cli.h"
#include "report_json.h"
#include "cluster.h"
#include "commands.h"
#include "decimal.h"
#include "games.h"
#include "wide.h"

enum { BUYOUT_SWEEP_FILES = 64 };

struct buyout_args {
    const char *cmd; /* the command: named in error lines */
    struct buyout_rules rules;
    const char *strategy, *fourth, *summary;
    struct run_options run;
    bool units_given, five_given, reduced_given;
    const char **operand; /* when not NULL: one word after the game is taken here (advise's cards) */
    const char *files[BUYOUT_SWEEP_FILES]; /* sweep: every --bonus-paytable FILE and the words after the game */
    int nfiles;
};


static const char HELP[] =
    "usage: fourcard solve buyout [options]\n"
    "\n"
    "Computes exactly the EV of buying, refusing and folding at the 3rd and at\n"
    "the 4th card in every situation, the optimal play, and the EV of a round\n"
    "per First-bet unit (six decks, one player alone against the dealer).\n"
    "\n"
    "options:\n"
    "  --dealer-five R      the dealer's points with 5 cards: best-four (default;\n"
    "                       his best 4-card subset) or all-five (all five count)\n"
    "  --bonus-table N      add the Bonus bet, pay table 1, 2 or 3; the strategy\n"
    "                       then maximises First + Second + Third + Bonus\n"
    "  --bonus-paytable FILE\n"
    "                       the Bonus bet with a pay table of your own (INI, see\n"
    "                       docs/buyout-paytable-format.md) instead of 1, 2 or 3\n"
    "  --bonus-units B      Bonus units per First-bet unit (default 1; e.g. 1,\n"
    "                       0.5 or 2/5)\n"
    "  --bonus-alone        the Bonus played alone (4 cards from the shoe); the\n"
    "                       EV is then per Bonus unit\n"
    "  --strategy FILE.csv  the strategy: one row per canonical 3rd-card situation\n"
    "                       with the EV of each option and the 4th-card decisions\n"
    "  --strategy-fourth FILE.csv\n"
    "                       one row per canonical 3rd-card situation and 4th card\n"
    "                       with the EV of each 4th-card option (large)\n"
    "  --summary FILE.txt   a readable summary of the strategy\n"
    "  --decks N            a reduced shoe for checks: N decks (1..6, default 6)\n"
    "  --ranks N            a reduced shoe for checks: the top N ranks (1..13)\n"
    "  --shoe COUNTS|FILE   any shoe (a depleted one): 13 counts, the copies of\n"
    "                       each rank 2..A in every suit, or 52, the copies of\n"
    "                       each card (2c 2d 2h 2s 3c ... As), separated by commas\n"
    "                       or spaces; or a file of them ('#' comments)\n"
    "  --json               one JSON object instead of the table\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the work; rank 0 prints and writes the files.\n";

/* A positive number: "2", "0.5" or "5/2" (decimal.h; up to 7 decimal
 * places), as a reduced fraction with both parts at most 10^6.  Returns 0
 * or -1. */
static int parse_units(const char *text, int64_t *num, int64_t *den)
{
    static const struct decimal_limits UNITS = {INT64_MAX, 7, true}; /* the parts are checked reduced */
    int64_t n, d;
    if (decimal_parse(text, &UNITS, &n, &d) != DECIMAL_OK || n <= 0 || n > 1000000 || d > 1000000)
        return -1;
    *num = n, *den = d;
    return 0;
}

/* --shoe: the counts themselves, or the name of a file holding them. */
static int parse_shoe(const char *cmd, const char *arg, struct buyout_rules *r)
{
    char err[256], text[65536];
    const char *counts = arg;
    if (arg[strspn(arg, "0123456789+-, \t\n")] != '\0') { /* not only counts: a file */
        FILE *f = fopen(arg, "r");
        if (!f)
            return cli_error(cmd, "cannot read the shoe file '%s': %s", arg, strerror(errno)), -1;
        size_t n = fread(text, 1, sizeof text - 1, f);
        bool whole = feof(f) && !ferror(f);
        fclose(f);
        if (!whole)
            return cli_error(cmd, "the shoe file '%s' is unreadable or over 64 KB", arg), -1;
        text[n] = '\0';
        counts = text;
    }
    if (buyout_shoe_parse(counts, r, err, sizeof err) != 0)
        return counts == arg ? (cli_error(cmd, "--shoe: %s", err), -1)
                             : (cli_error(cmd, "--shoe file '%s': %s", arg, err), -1);
    return 0;
}

static int parse_value(int c, struct buyout_args *a)
{
    const char *cmd = a->cmd;
    long v;
    switch (c) {
    case 'f':
        if (!strcmp(optarg, "best-four"))
            a->rules.dealer_five = BUYOUT_FIVE_BEST4;
        else if (!strcmp(optarg, "all-five"))
            a->rules.dealer_five = BUYOUT_FIVE_ALL;
        else
            return cli_error(cmd, "bad value '%s' for --dealer-five (best-four or all-five)", optarg), -1;
        a->five_given = true;
        return 0;
    case 'b':
        if (a->rules.bonus_table == BUYOUT_TABLE_FILE)
            return cli_error(cmd, "--bonus-table and --bonus-paytable: give one"), -1;
        if (cli_parse_int(cmd, "--bonus-table", optarg, 1, 3, &v))
            return -1;
        a->rules.bonus_table = (int)v;
        return 0;
    case 'B': {
        char err[600];
        if (!strcmp(cmd, "sweep")) { /* read one by one when swept */
            if (a->nfiles == BUYOUT_SWEEP_FILES)
                return cli_error(cmd, "more than %d paytable files", BUYOUT_SWEEP_FILES), -1;
            a->files[a->nfiles++] = optarg;
            return 0;
        }
        if (a->rules.bonus_table && a->rules.bonus_table != BUYOUT_TABLE_FILE)
            return cli_error(cmd, "--bonus-table and --bonus-paytable: give one"), -1;
        if (buyout_paytable_load(optarg, &a->rules, err, sizeof err) != 0)
            return cli_error(cmd, "%s", err), -1;
        return 0;
    }
    case 'u':
        if (parse_units(optarg, &a->rules.bonus_num, &a->rules.bonus_den) != 0)
            return cli_error(cmd, "bad value '%s' for --bonus-units (a positive number such as 1, 0.5 or 5/2)",
                             optarg), -1;
        a->units_given = true;
        return 0;
    case 'd':
        if (cli_parse_int(cmd, "--decks", optarg, 1, BUYOUT_MAX_DECKS, &v))
            return -1;
        a->rules.decks = (int)v;
        a->reduced_given = true;
        return 0;
    case 'r':
        if (cli_parse_int(cmd, "--ranks", optarg, 1, NRANKS, &v))
            return -1;
        a->rules.nranks = (int)v;
        a->reduced_given = true;
        return 0;
    case 'w':
        return parse_shoe(cmd, optarg, &a->rules);
    default:
        return -1;
    }
}

/* Options that make no sense together. */
static int check_combination(const struct buyout_args *a)
{
    const char *cmd = a->cmd;
    const struct buyout_rules *r = &a->rules;
    /* protect covers every Bonus table: its units stand alone; sweep and
     * design bring their tables (design: --from, or table 1) */
    bool tables_later = !strcmp(cmd, "sweep") || !strcmp(cmd, "design");
    if (a->units_given && !r->bonus_table && strcmp(cmd, "protect") && !tables_later)
        return cli_error(cmd, "--bonus-units needs --bonus-table or --bonus-paytable"), -1;
    if (r->shoe_given && a->reduced_given)
        return cli_error(cmd, "--shoe replaces --decks and --ranks: give one or the other"), -1;
    if (r->bonus_alone && !r->bonus_table && !a->nfiles && !tables_later)
        return cli_error(cmd, "--bonus-alone needs --bonus-table or --bonus-paytable"), -1;
    if (r->bonus_alone && (a->units_given || a->strategy || a->fourth || a->summary || a->five_given))
        return cli_error(cmd, "%s has no meaning with --bonus-alone (no main game)",
                         a->units_given ? "--bonus-units" : a->strategy ? "--strategy" : a->fourth ? "--strategy-fourth"
                                                            : a->summary ? "--summary" : "--dealer-five"), -1;
    char err[256];
    struct buyout_rules checked = *r;
    if (tables_later && checked.bonus_alone && !checked.bonus_table)
        checked.bonus_table = 1; /* each game of the sweep brings its table */
    if (buyout_rules_check(&checked, err, sizeof err) != 0)
        return cli_error(cmd, "%s", err), -1;
    return 0;
}

/* The parser's options, also read by cli_game_find (games.h). */
const struct option BUYOUT_CLI_OPTIONS[] = {
    {"dealer-five", required_argument, NULL, 'f'}, {"bonus-table", required_argument, NULL, 'b'},
    {"bonus-paytable", required_argument, NULL, 'B'},
    {"bonus-units", required_argument, NULL, 'u'}, {"bonus-alone", no_argument, NULL, 'A'},
    {"strategy", required_argument, NULL, 's'},    {"strategy-fourth", required_argument, NULL, 'S'},
    {"summary", required_argument, NULL, 'm'},     {"decks", required_argument, NULL, 'd'},
    {"ranks", required_argument, NULL, 'r'},       {"shoe", required_argument, NULL, 'w'},
    {"help", no_argument, NULL, 'h'},
    RUN_LONG_OPTIONS,                              {0, 0, 0, 0},
};

static int buyout_cli_parse(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct buyout_args *a)
{
    a->cmd = cmd;
    struct option opts[CLI_MAX_OPTIONS];
    cli_options_join(BUYOUT_CLI_OPTIONS, extra, opts);
    a->rules = buyout_rules_default();
    a->rules.bonus_num = a->rules.bonus_den = 1;
    int c;
    optind = 1;
    while ((c = cli_next_option(cmd, help, argc, argv, opts, &a->run, extra)) >= 0) {
        switch (c) {
        case 'A': a->rules.bonus_alone = true; break;
        case 's': a->strategy = optarg; break;
        case 'S': a->fourth = optarg; break;
        case 'm': a->summary = optarg; break;
        default:
            if (parse_value(c, a) != 0)
                return -1;
        }
    }
    if (c != CLI_DONE)
        return c == CLI_HELP ? 1 : -1;
    if (optind >= argc)
        return cli_error(cmd, "missing GAME (buyout)"), -1;
    if (strcmp(argv[optind], "buyout"))
        return cli_error(cmd, "unknown game '%s' (buyout)", argv[optind]), -1;
    if (a->operand && optind + 1 < argc)
        *a->operand = argv[++optind];
    /* sweep buyout --bonus-paytable A.ini B.ini ...: the words after the game */
    while (a->nfiles > 0 && optind + 1 < argc) {
        if (a->nfiles == BUYOUT_SWEEP_FILES)
            return cli_error(cmd, "more than %d paytable files", BUYOUT_SWEEP_FILES), -1;
        a->files[a->nfiles++] = argv[++optind];
    }
    if (optind + 1 < argc)
        return cli_error(cmd, "unexpected argument '%s'", argv[optind + 1]), -1;
    return check_combination(a);
}

static void write_report(FILE *f, const struct buyout_result *r, bool json)
{
    if (!json) {
        buyout_result_print(f, r);
        return;
    }
    report_json_print(f, "solve", buyout_result_json(r));
}

int buyout_cmd_solve(int argc, char **argv)
{
    struct buyout_args a;
    memset(&a, 0, sizeof a);
    int rc = buyout_cli_parse("solve", HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    bool root = cluster_rank() == 0; /* only rank 0 opens and writes the files */
    struct output_files out;
    output_files_init(&out, "solve");
    int report = output_files_add(&out, root ? a.run.output : NULL);
    int strategy = output_files_add(&out, root ? a.strategy : NULL);
    int fourth = output_files_add(&out, root ? a.fourth : NULL);
    int summary = output_files_add(&out, root ? a.summary : NULL);
    if ((rc = output_files_open(&out)) != 0)
        return rc;
    struct buyout_solution sol;
    bool files = a.strategy || a.fourth || a.summary; /* every rank alike */
    struct buyout_solve_options o = {.threads = a.run.threads, .progress = !a.run.quiet, .bind = a.run.bind,
                                     .solution = files ? &sol : NULL};
    struct buyout_result r;
    char err[512];
    if (buyout_solve(&a.rules, &o, &r, err, sizeof err) != 0) {
        output_files_abort(&out);
        return fprintf(stderr, "fourcard solve: %s\n", err), 1;
    }
    if (!root) {
        if (files)
            buyout_solution_free(&sol);
        return 0;
    }
    int written = files ? buyout_strategy_write(&sol, output_files_fp(&out, strategy, NULL),
                                                output_files_fp(&out, fourth, NULL),
                                                output_files_fp(&out, summary, NULL))
                        : 0;
    if (files)
        buyout_solution_free(&sol);
    if (written != 0) {
        output_files_abort(&out);
        return fprintf(stderr, "fourcard solve: out of memory\n"), 1;
    }
    write_report(output_files_fp(&out, report, stdout), &r, a.run.json);
    return output_files_commit(&out);
}

int buyout_cli_rules(int argc, char **argv, const struct cli_extra *extra, struct buyout_rules *r,
                     struct run_options *run)
{
    return buyout_cli_rules_operand(argc, argv, extra, r, run, NULL);
}

int buyout_cli_rules_operand(int argc, char **argv, const struct cli_extra *extra, struct buyout_rules *r,
                             struct run_options *run, const char **operand)
{
    struct buyout_args a;
    memset(&a, 0, sizeof a);
    a.operand = operand;
    int rc = buyout_cli_parse(extra->cmd, HELP, argc, argv, extra, &a);
    if (rc != 0)
        return rc;
    if (a.strategy || a.fourth || a.summary)
        return cli_error(a.cmd, "%s belongs to 'solve buyout'",
                         a.strategy ? "--strategy" : a.fourth ? "--strategy-fourth" : "--summary"), -1;
    *r = a.rules;
    *run = a.run;
    return 0;
}

int buyout_cmd_presets(bool json)
{
    json ? cli_write_json(stdout, "presets", buyout_presets_json()) : buyout_presets_print(stdout);
    return 0;
}

/* ------------------------------------------------------------------ */
/* sweep buyout                                                         */
/* ------------------------------------------------------------------ */

static const char SWEEP_HELP[] =
    "usage: fourcard sweep buyout [--bonus-paytable FILE...] [--bonus-table N] [options]\n"
    "\n"
    "Solves 4 Card Buyout with many Bonus pay tables, each with its own optimal\n"
    "strategy (a Bonus changes the main game's decisions, so each is a solve of\n"
    "its own), and prints one line per game: the house edge per\n"
    "First-bet unit and per initial wager (First bet and Bonus), the element of\n"
    "risk, the hit frequency (the round's net, the Bonus's result included,\n"
    "above 0; with a Bonus from the designer's pass, 'fourcard design buyout')\n"
    "and the rounds folded.\n"
    "The games: each --bonus-paytable file, then --bonus-table N; with neither,\n"
    "the main game alone and with each of tables 1, 2 and 3.\n"
    "\n"
    "options:\n"
    "  --bonus-paytable FILE...   Bonus pay tables of your own (INI; docs/\n"
    "                       buyout-paytable-format.md); the words after the game\n"
    "                       are more files\n"
    "  --bonus-table N      a preset table, 1, 2 or 3\n"
    "  --bonus-units B      Bonus units per First-bet unit, for every game (default 1)\n"
    "  --bonus-alone        each Bonus played alone, without the main game\n"
    "  --dealer-five R, --decks N, --ranks N, --shoe COUNTS   as 'solve buyout'\n"
    "  --json               one JSON object: \"paytables\", solve's objects, each named\n"
    "  --csv                the table as CSV\n" RUN_OPTIONS_HELP;

struct buyout_sweep {
    struct buyout_rules rules[BUYOUT_SWEEP_FILES + 4];
    char names[BUYOUT_SWEEP_FILES + 4][64];
    int n;
};

static int sweep_games(const struct buyout_args *a, struct buyout_sweep *s)
{
    for (int i = 0; i < a->nfiles; i++) {
        char err[600];
        s->rules[s->n] = a->rules;
        if (buyout_paytable_load(a->files[i], &s->rules[s->n], err, sizeof err) != 0)
            return cli_error("sweep", "%s", err), -1;
        memcpy(s->names[s->n], s->rules[s->n].bonus_pays.name, sizeof s->names[0]);
        for (int j = 0; j < s->n; j++)
            if (!strcmp(s->names[j], s->names[s->n]))
                return cli_error("sweep", "the name '%s' is taken already (by %s)", s->names[j], a->files[j]), -1;
        s->n++;
    }
    if (a->rules.bonus_table && a->rules.bonus_table != BUYOUT_TABLE_FILE) {
        s->rules[s->n] = a->rules;
        snprintf(s->names[s->n++], sizeof s->names[0], "table %d", a->rules.bonus_table);
    }
    bool none_named = s->n == 0;
    for (int t = 0; none_named && t <= BUYOUT_NTABLES; t++)
        if (t > 0 || !a->rules.bonus_alone) {
            s->rules[s->n] = a->rules;
            s->rules[s->n].bonus_table = t;
            snprintf(s->names[s->n++], sizeof s->names[0], t ? "table %d" : "main game", t);
        }
    return 0;
}

/* A game's hit frequency: the solve's without a Bonus; with one, the
 * designer's pass, which joins the Bonus's result to the main bets' (every
 * rank takes part; rank 0 gets it).  0, or -1 with err. */
static int sweep_hits(const struct buyout_rules *r, const struct buyout_result *res, bool progress,
                      struct buyout_hit *hit, char *err, size_t errlen)
{
    if (!r->bonus_table)
        return buyout_main_hits(res, hit), 0;
    struct buyout_pays pays;
    struct buyout_design_totals tot;
    struct buyout_design_dens dens;
    buyout_pays_of(r, &pays);
    if (buyout_design_price(r, &pays, 1, progress, &tot, &dens, err, errlen) != 0)
        return -1;
    *hit = (struct buyout_hit){tot.hits, dens.prob};
    return 0;
}

int buyout_cmd_sweep(int argc, char **argv)
{
    struct buyout_args a;
    memset(&a, 0, sizeof a);
    int rc = buyout_cli_parse("sweep", SWEEP_HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (a.strategy || a.fourth || a.summary)
        return cli_error("sweep", "%s belongs to 'solve buyout'",
                         a.strategy ? "--strategy" : a.fourth ? "--strategy-fourth" : "--summary");
    if (a.run.json && a.run.csv)
        return cli_error("sweep", "--json and --csv exclude each other");
    struct buyout_sweep *s = calloc(1, sizeof *s);
    struct buyout_result *res = s ? calloc(BUYOUT_SWEEP_FILES + 4, sizeof *res) : NULL;
    if (!s || !res)
        return free(s), free(res), fprintf(stderr, "fourcard sweep: out of memory\n"), 1;
    if (sweep_games(&a, s) != 0)
        return free(s), free(res), EXIT_USAGE;
    struct output_files out;
    output_files_init(&out, "sweep");
    int report = output_files_add(&out, cluster_rank() == 0 ? a.run.output : NULL);
    if ((rc = output_files_open(&out)) != 0)
        return free(s), free(res), rc;
    char err[512];
    struct buyout_solve_options o = {.threads = a.run.threads, .progress = !a.run.quiet, .bind = a.run.bind};
    struct buyout_hit hit[BUYOUT_SWEEP_FILES + 4];
    for (int i = 0; i < s->n && rc == 0; i++)
        if (buyout_solve(&s->rules[i], &o, &res[i], err, sizeof err) != 0 ||
            sweep_hits(&s->rules[i], &res[i], !a.run.quiet, &hit[i], err, sizeof err) != 0)
            rc = 1;
    if (rc != 0) {
        output_files_abort(&out);
        fprintf(stderr, "fourcard sweep: %s\n", err);
    } else if (cluster_rank() == 0) {
        const char *names[BUYOUT_SWEEP_FILES + 4];
        for (int i = 0; i < s->n; i++)
            names[i] = s->names[i];
        FILE *f = output_files_fp(&out, report, stdout);
        if (a.run.json)
            cli_write_json(f, "sweep", buyout_results_json(res, hit, names, s->n));
        else if (a.run.csv)
            buyout_results_csv(f, res, hit, names, s->n);
        else
            buyout_results_table(f, res, hit, names, s->n);
        rc = output_files_commit(&out);
    }
    free(s), free(res);
    return rc;
}
