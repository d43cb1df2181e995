/* cmd_simulate.c — `fourcard simulate GAME`: the game's options are
 * solve's (one parser per game, with --rounds and --seed added), the
 * rounds are dealt by simulate.h, and the report sets the mean beside the
 * exact EV. */
#include <json-c/json.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "output_files.h"
#include "buyout_cli.h"
#include "buyout_simulate.h"
#include "cli.h"
#include "report_json.h"
#include "cluster.h"
#include "commands.h"
#include "games.h"
#include "frenzy_cli.h"
#include "frenzy_simulate.h"
#include "split_cli.h"
#include "split_simulate.h"

static const char HELP[] =
    "usage: fourcard simulate GAME [the options of 'solve GAME'] [--rounds N] [--seed S]\n"
    "\n"
    "Solves GAME exactly, then deals real rounds from a shuffled deck or shoe\n"
    "(GSL MT19937), plays the computed optimal strategy and settles every bet\n"
    "from the cards with the hand evaluators; only the decisions come from the\n"
    "solver.  Reports the mean result per round with its standard error, its\n"
    "95% confidence interval and z = (mean - EV) / SE beside the exact EV.\n"
    "The same seed gives the same result at any thread count.\n"
    "\n"
    "GAME: split, frenzy (main game: Ante, Odds, Raise) or buyout (with\n"
    "--bonus-table the Bonus bet too).  The rules and readings are solve's:\n"
    "see 'fourcard solve GAME --help' (strategy files, side bets and jackpots\n"
    "are not simulated).\n"
    "\n"
    "options:\n"
    "  --rounds N           rounds to deal (default 1000000)\n"
    "  --seed S             a whole number 0 .. 2^63-1 (default 1)\n"
    "  --play WHO           optimal (default) or card: play the strategy card's\n"
    "                       rules instead (split, frenzy, buyout), priced exactly, the\n"
    "                       optimal EV shown beside it\n"
    "  --card FILE          with --play card: that card file (split, buyout; default: the\n"
    "                       card 'fourcard card GAME' builds)\n"
    "  --json               one JSON object instead of the table\n"
    RUN_OPTIONS_HELP
    "Exit codes: 0 success; 1 a failure, or a dealt decision the rules forbid;\n"
    "2 bad usage or input.  Under mpirun the ranks share the solve; rank 0\n"
    "deals the rounds.\n";

enum { OPT_ROUNDS = CLI_EXTRA_BASE, OPT_SEED, OPT_PLAY, OPT_CARD };

static int take_option(void *ctx, int c, const char *arg)
{
    struct sim_options *so = ctx;
    long v;
    if (c == OPT_PLAY) {
        if (strcmp(arg, "optimal") && strcmp(arg, "card"))
            return cli_error("simulate", "bad value '%s' for --play (optimal or card)", arg), -1;
        so->play_card = !strcmp(arg, "card");
        return 0;
    }
    if (c == OPT_CARD) {
        so->card_file = arg;
        return 0;
    }
    if (c == OPT_ROUNDS) {
        if (cli_parse_int("simulate", "--rounds", arg, 1, 1000000000000L, &v))
            return -1;
        so->rounds = v;
        return 0;
    }
    if (cli_parse_int("simulate", "--seed", arg, 0, LONG_MAX, &v))
        return -1;
    so->seed = (uint64_t)v;
    return 0;
}

/* --card without --play card, or a card for a game without cards yet
 * (Frenzy's card is built, not read: it has no card file). */
static int check_play(const char *game, bool has_cards, const struct sim_options *so)
{
    if (so->card_file && !so->play_card)
        return cli_error("simulate", "--card FILE goes with --play card"), -1;
    if (so->card_file && !strcmp(game, "frenzy"))
        return cli_error("simulate", "--card FILE: Frenzy's card is built from the game, not read"), -1;
    if (so->play_card && !has_cards)
        return cli_error("simulate", "--play card is not available for %s yet", game), -1;
    return 0;
}

/* -o FILE: opened before the work (a bad path fails at once) and renamed
 * into place only when the report is whole (output_files.h); rank 0 only. */
struct output {
    struct output_files files;
    int report; /* its slot, -1 for stdout */
};

static int output_open(const struct run_options *run, struct output *out)
{
    output_files_init(&out->files, "simulate");
    out->report = output_files_add(&out->files, cluster_rank() == 0 ? run->output : NULL);
    return output_files_open(&out->files);
}

/* The report to stdout or the file.  A decision the rules forbid means
 * the solver and the simulator disagree: the report says so and the
 * exit code is 1. */
static int write_report(const struct sim_report *rep, bool json, struct output *out)
{
    FILE *f = output_files_fp(&out->files, out->report, stdout);
    if (json) {
        report_json_print(f, "simulate", sim_report_json(rep));
    } else
        sim_report_print(f, rep);
    if (output_files_commit(&out->files) != 0)
        return 1;
    int64_t illegal = rep->g.illegal_count >= 0 ? rep->t.counts[rep->g.illegal_count] : 0;
    if (illegal)
        return fprintf(stderr, "fourcard simulate: %lld dealt decisions broke the rules\n", (long long)illegal), 1;
    return 0;
}

/* After the game's own work: the report, or the error. */
static int finish(int rc, struct sim_report *rep, bool json, struct output *out, const char *err)
{
    if (rc != 0)
        output_files_abort(&out->files);
    if (rc < 0)
        return fprintf(stderr, "fourcard simulate: %s\n", err), 1;
    if (rc > 0) /* an MPI rank other than 0: it helped solve */
        return 0;
    rc = write_report(rep, json, out);
    sim_report_free(rep);
    return rc;
}

/* The run options into so, the output file opened.  Returns 0, or the exit code
 * (output_files_open). */
static int start(const struct run_options *run, struct sim_options *so, struct output *out)
{
    so->threads = run->threads;
    so->bind = run->bind;
    so->progress = !run->quiet && cluster_rank() == 0;
    return output_open(run, out);
}

int split_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so)
{
    struct split_args a = {0};
    int rc = split_parse_args("simulate", HELP, argc, argv, extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check_play("split", true, so) != 0)
        return EXIT_USAGE;
    struct split_paytable pt;
    if (split_load_paytable("simulate", &a, &pt) != 0)
        return EXIT_USAGE;
    struct output out;
    if ((rc = start(&a.run, so, &out)) != 0)
        return rc;
    struct sim_report rep;
    char err[512];
    rc = split_simulate(&pt, a.instant, so, &rep, err, sizeof err);
    return finish(rc, &rep, a.run.json, &out, err);
}

int frenzy_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so)
{
    struct frenzy_game g;
    struct run_options run = {0};
    char paytable[64];
    int rc = frenzy_cli_game(argc, argv, extra, &g, paytable, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check_play("frenzy", true, so) != 0)
        return EXIT_USAGE;
    struct output out;
    if ((rc = start(&run, so, &out)) != 0)
        return rc;
    struct sim_report rep;
    char err[512];
    rc = frenzy_simulate(&g, paytable, so, &rep, err, sizeof err);
    return finish(rc, &rep, run.json, &out, err);
}

int buyout_cmd_simulate(int argc, char **argv, const struct cli_extra *extra, struct sim_options *so)
{
    struct buyout_rules r;
    struct run_options run = {0};
    int rc = buyout_cli_rules(argc, argv, extra, &r, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check_play("buyout", true, so) != 0)
        return EXIT_USAGE;
    if (so->play_card && r.bonus_alone)
        return cli_error("simulate", "--play card: a Bonus played alone has no decisions"), EXIT_USAGE;
    /* the simulator deals from decks x ranks and looks decisions up by the
     * 24 suit permutations: a depleted shoe is dealt by protect --count */
    if (r.shoe_given)
        return cli_error("simulate", "--shoe is for solve, par, card and advise; the counting simulation is "
                                     "'protect buyout --count'"), EXIT_USAGE;
    struct output out;
    if ((rc = start(&run, so, &out)) != 0)
        return rc;
    struct sim_report rep;
    char err[512];
    rc = buyout_simulate(&r, so, &rep, err, sizeof err);
    return finish(rc, &rep, run.json, &out, err);
}

int cmd_simulate(int argc, char **argv)
{
    static const struct option extra_opts[] = {
        {"rounds", required_argument, NULL, OPT_ROUNDS}, {"seed", required_argument, NULL, OPT_SEED},
        {"play", required_argument, NULL, OPT_PLAY},     {"card", required_argument, NULL, OPT_CARD},
        {0, 0, 0, 0},
    };
    struct sim_options so = {.rounds = 1000000, .seed = 1};
    const struct cli_extra extra = {"simulate", extra_opts, take_option, &so, HELP};
    /* no game or an unknown one: split's parser names the problem */
    const struct cli_game *g = cli_game_find(argc, argv);
    return (g ? g : cli_game_named("split"))->simulate(argc, argv, &extra, &so);
}
