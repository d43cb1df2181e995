/* frenzy_cli.c — `fourcard solve frenzy`: options, tables, reports.
 * cmd_solve.c hands over argv when the game is "frenzy". */
#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "output_files.h"
#include "canon.h"
#include "cli.h"
#include "frenzy_presets.h"
#include "cluster.h"
#include "commands.h"
#include "decimal.h"
#include "games.h"
#include "frenzy_card.h"
#include "frenzy_cli.h"
#include "frenzy_jackpot.h"
#include "frenzy_report.h"
#include "frenzy_solve.h"
#include "frenzy_strategy.h"
#include "report_json.h"

static const char HELP[] =
    "usage: fourcard solve frenzy [options]\n"
    "\n"
    "Computes exactly the best decision for every 5-card player hand (fold, or\n"
    "raise 1x; 2x or 3x with a pair of Aces or better) against all C(47,5)\n"
    "dealer hands, and the EV of a round per Ante: Ante, Odds and Raise, the\n"
    "house edge per Ante and the element of risk.  Side bets are priced apart.\n"
    "\n"
    "options:\n"
    "  --odds-win LIST      Odds Win tables: WE-1 (default), or all\n"
    "  --bad-beat LIST      Odds Bad Beat tables: BB-1, BB-2 (default), BB-3, BB-4,\n"
    "                       BB-4b (the seed's second BB-4 column), or all; every\n"
    "                       Win table is solved with every Bad Beat table from one\n"
    "                       enumeration\n"
    "  --bonus LIST         the Four Card Bonus side bet: FC-1 .. FC-12, or all\n"
    "  --prime LIST         the Prime side bet: Prime-1, Prime-2, or all\n"
    "  --jackpot LIST       the Five Card Jackpot: PJ-1, PJ-2, PJ-3, PJ-4, or all\n"
    "  --four-jackpot LIST  the Four Card Jackpot: pays (Pays with Envy), pays2\n"
    "                       (Pays 2 with Envy 2), or all\n"
    "  --meter M            the jackpot meter in dollars, for every jackpot listed\n"
    "                       (required with one); each jackpot's EV is per $1\n"
    "                       wagered, with the meter at which it breaks even\n"
    "  --players N          players at the table, all betting the jackpots: 1 to 7\n"
    "                       (default 1); they share percent prizes, and each\n"
    "                       one's hit pays the others Envy\n"
    "  --paytable FILE      the operator's own tables (WE-2, BB-5, FC-13, Prime-3)\n"
    "                       from an INI file; see docs/frenzy-paytable-format.md\n"
    "  --copy R             equal 4-card hands: win (default; Washington: the player\n"
    "                       wins the copy) or push (the Ante and Raise push)\n"
    "  --strategy FILE.csv  write the strategy of the first game: one row per\n"
    "                       suit class of 5-card hands\n"
    "  --strategy-card FILE write the first game's strategy card (Markdown): the\n"
    "                       simple rule the exact strategy reduces to and what it\n"
    "                       costs; - prints it after the report\n"
    "  --json               one JSON object (several games: its \"paytables\")\n"
    RUN_OPTIONS_HELP
    "\n"
    "LIST is one or more table names separated by commas.\n"
    "Under mpirun the ranks share the work; rank 0 prints and writes the files.\n";

static const char *const OPTION_OF[FT_NKINDS] = {"--odds-win", "--bad-beat", "--bonus", "--prime"};

/* "WE-1", "BB-1, BB-2, ... or all" */
static void preset_names(enum frenzy_table_kind kind, char *buf, size_t len)
{
    size_t used = 0;
    int n = frenzy_preset_count(kind);
    for (int i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", frenzy_preset_name(kind, i));
    if (used < len)
        snprintf(buf + used, len - used, " or all");
}

static bool listed(const struct frenzy_table_list *l, const char *name)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->t[i].name, name))
            return true;
    return false;
}

static int add_preset(const char *cmd, enum frenzy_table_kind kind, const char *name, struct frenzy_table_list *l)
{
    char names[256];
    if (listed(l, name))
        return cli_error(cmd, "table '%s' named twice in %s", name, OPTION_OF[kind]), -1;
    if (frenzy_preset_get(kind, name, &l->t[l->n]) != 0) {
        preset_names(kind, names, sizeof names);
        return cli_error(cmd, "unknown %s table '%s' in %s (%s)", frenzy_kind_name(kind), name, OPTION_OF[kind],
                         names), -1;
    }
    l->n++;
    return 0;
}

/* A comma-separated list of preset names, or "all". */
int frenzy_cli_parse_list(const char *cmd, enum frenzy_table_kind kind, const char *text, struct frenzy_table_list *l)
{
    if (!strcmp(text, "all")) {
        for (int i = 0; i < frenzy_preset_count(kind); i++)
            if (!listed(l, frenzy_preset_name(kind, i)) && add_preset(cmd, kind, frenzy_preset_name(kind, i), l))
                return -1;
        return 0;
    }
    char buf[1024];
    if (strlen(text) >= sizeof buf)
        return cli_error(cmd, "%s list too long", OPTION_OF[kind]), -1;
    strcpy(buf, text);
    int before = l->n;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (add_preset(cmd, kind, tok, l))
            return -1;
    if (l->n == before)
        return cli_error(cmd, "%s names no table", OPTION_OF[kind]), -1;
    return 0;
}

static const char *const FRENZY_JACKPOT_OPTION[FRENZY_JACKPOT_NGAMES] = {"--jackpot", "--four-jackpot"};

/* "PJ-1, PJ-2, PJ-3, PJ-4 or all" */
static void frenzy_jackpot_names(enum frenzy_jackpot_game g, char *buf, size_t len)
{
    size_t used = 0;
    int n = frenzy_jackpot_preset_count(g);
    for (int i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", frenzy_jackpot_preset(g, i)->option);
    if (used < len)
        snprintf(buf + used, len - used, " or all");
}

static int add_jackpot(const char *cmd, enum frenzy_jackpot_game g, const char *name, struct frenzy_jackpot_list *l)
{
    char names[128];
    struct frenzy_jackpot_table t;
    if (frenzy_jackpot_preset_get(g, name, &t) != 0) {
        frenzy_jackpot_names(g, names, sizeof names);
        return cli_error(cmd, "unknown %s table '%s' in %s (%s)", frenzy_jackpot_game_name(g), name, FRENZY_JACKPOT_OPTION[g],
                         names), -1;
    }
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->t[i].name, t.name))
            return cli_error(cmd, "table '%s' named twice in %s", name, FRENZY_JACKPOT_OPTION[g]), -1;
    l->t[l->n++] = t;
    return 0;
}

/* A comma-separated list of jackpot tables, or "all". */
static int parse_jackpots(const char *cmd, enum frenzy_jackpot_game g, const char *text, struct frenzy_jackpot_list *l)
{
    if (!strcmp(text, "all")) {
        for (int i = 0; i < frenzy_jackpot_preset_count(g); i++)
            if (add_jackpot(cmd, g, frenzy_jackpot_preset(g, i)->option, l))
                return -1;
        return 0;
    }
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return cli_error(cmd, "%s list too long", FRENZY_JACKPOT_OPTION[g]), -1;
    strcpy(buf, text);
    int before = l->n;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (add_jackpot(cmd, g, tok, l))
            return -1;
    if (l->n == before)
        return cli_error(cmd, "%s names no table", FRENZY_JACKPOT_OPTION[g]), -1;
    return 0;
}

/* --meter and --players belong to the jackpots, which need a meter. */
static int check_jackpot_args(struct frenzy_args *a)
{
    long v;
    if (!a->jackpots.n && (a->meter_text || a->players_text))
        return cli_error(a->cmd, "%s needs --jackpot or --four-jackpot", a->meter_text ? "--meter" : "--players"),
               -1;
    if (a->jackpots.n && !a->meter_text)
        return cli_error(a->cmd, "--meter is required with --jackpot and --four-jackpot"), -1;
    static const struct decimal_limits METER = {INT64_MAX, 12, false}; /* dollars to the 1e-12 */
    int64_t num, den;
    if (a->meter_text && decimal_parse(a->meter_text, &METER, &num, &den) != DECIMAL_OK)
        return cli_error(a->cmd, "bad value '%s' for --meter (dollars, such as 25000 or 12345.67)", a->meter_text),
               -1;
    if (a->meter_text)
        a->meter = bigfrac_ratio(num, den);
    a->players = 1;
    if (a->players_text) {
        if (cli_parse_int(a->cmd, "--players", a->players_text, 1, FRENZY_JACKPOT_MAX_PLAYERS, &v))
            return -1;
        a->players = (int)v;
    }
    return 0;
}

/* Two options writing one file would lose one of them. */
static int check_outputs(const struct frenzy_args *a)
{
    const char *files[3] = {a->run.output, a->strategy, a->card};
    const char *names[3] = {"--output", "--strategy", "--strategy-card"};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (files[i] && files[j] && strcmp(files[i], "-") && !strcmp(files[i], files[j]))
                return cli_error(a->cmd, "%s and %s name the same file '%s'", names[i], names[j], files[i]), -1;
    return 0;
}

/* The parser's options, also read by cli_game_find (games.h). */
const struct option FRENZY_CLI_OPTIONS[] = {
    {"odds-win", required_argument, NULL, 'W'}, {"bad-beat", required_argument, NULL, 'B'},
    {"bonus", required_argument, NULL, 'F'},    {"prime", required_argument, NULL, 'P'},
    {"paytable", required_argument, NULL, 'f'}, {"copy", required_argument, NULL, 'c'},
    {"strategy", required_argument, NULL, 's'}, {"help", no_argument, NULL, 'h'},
    {"jackpot", required_argument, NULL, 'J'},  {"four-jackpot", required_argument, NULL, 'K'},
    {"meter", required_argument, NULL, 'M'},    {"players", required_argument, NULL, 'N'},
    {"strategy-card", required_argument, NULL, 'C'},
    RUN_LONG_OPTIONS,                           {0, 0, 0, 0},
};

/* Returns 0, -1 after an error line, or 1 after printing help. */
int frenzy_cli_parse(const char *cmd, const char *help, int argc, char **argv, const struct cli_extra *extra,
                     struct frenzy_args *a)
{
    a->cmd = cmd;
    struct option opts[CLI_MAX_OPTIONS];
    cli_options_join(FRENZY_CLI_OPTIONS, extra, opts);
    int c;
    optind = 1;
    while ((c = cli_next_option(a->cmd, help, argc, argv, opts, &a->run, extra)) >= 0) {
        switch (c) {
        case 'W': if (frenzy_cli_parse_list(a->cmd, FT_ODDS_WIN, optarg, &a->list[FT_ODDS_WIN])) return -1; break;
        case 'B': if (frenzy_cli_parse_list(a->cmd, FT_BAD_BEAT, optarg, &a->list[FT_BAD_BEAT])) return -1; break;
        case 'F': if (frenzy_cli_parse_list(a->cmd, FT_BONUS, optarg, &a->list[FT_BONUS])) return -1; break;
        case 'P': if (frenzy_cli_parse_list(a->cmd, FT_PRIME, optarg, &a->list[FT_PRIME])) return -1; break;
        case 'f':
            a->paytable = optarg;
            if (a->npaytables == FRENZY_CLI_MAX_FILES)
                return cli_error(a->cmd, "more than %d paytable files", FRENZY_CLI_MAX_FILES), -1;
            a->paytables[a->npaytables++] = optarg;
            break;
        case 'J': if (parse_jackpots(a->cmd, FRENZY_JACKPOT_FIVE_CARD, optarg, &a->jackpots)) return -1; break;
        case 'K': if (parse_jackpots(a->cmd, FRENZY_JACKPOT_FOUR_CARD, optarg, &a->jackpots)) return -1; break;
        case 'M': a->meter_text = optarg; break;
        case 'N': a->players_text = optarg; break;
        case 'C': a->card = optarg; break;
        case 's': a->strategy = optarg; break;
        case 'c':
            if (!strcmp(optarg, "win"))
                a->copy = FRENZY_COPY_WIN;
            else if (!strcmp(optarg, "push"))
                a->copy = FRENZY_COPY_PUSH;
            else
                return cli_error(a->cmd, "bad value '%s' for --copy (win or push)", optarg), -1;
            break;
        default: return -1;
        }
    }
    if (c != CLI_DONE)
        return c == CLI_HELP ? 1 : -1;
    if (optind >= argc || strcmp(argv[optind], "frenzy"))
        return cli_error(a->cmd, "expected the game 'frenzy'"), -1;
    if (a->takes_operand && optind + 1 < argc)
        a->operand = argv[++optind];
    /* sweep frenzy --paytable A.ini B.ini ...: the words after the game */
    while (!strcmp(a->cmd, "sweep") && a->npaytables > 0 && optind + 1 < argc) {
        if (a->npaytables == FRENZY_CLI_MAX_FILES)
            return cli_error(a->cmd, "more than %d paytable files", FRENZY_CLI_MAX_FILES), -1;
        a->paytables[a->npaytables++] = argv[++optind];
    }
    if (optind + 1 < argc)
        return cli_error(a->cmd, "unexpected argument '%s'", argv[optind + 1]), -1;
    if (check_outputs(a) || check_jackpot_args(a))
        return -1;
    return 0;
}

/* The file's tables join the lists; then the defaults fill empty ones. */
int frenzy_cli_settle_tables(struct frenzy_args *a, struct frenzy_paytable *file)
{
    char err[600];
    if (a->paytable) {
        if (frenzy_paytable_load(a->paytable, file, err, sizeof err) != 0)
            return cli_error(a->cmd, "%s", err), -1;
        for (int i = 0; i < file->ntables; i++) {
            struct frenzy_table_list *l = &a->list[file->tables[i].kind];
            l->t[l->n++] = file->tables[i]; /* the file's names (WE-2, ...) are no preset's */
        }
    }
    if (a->list[FT_ODDS_WIN].n == 0)
        add_preset(a->cmd, FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &a->list[FT_ODDS_WIN]);
    if (a->list[FT_BAD_BEAT].n == 0)
        add_preset(a->cmd, FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, &a->list[FT_BAD_BEAT]);
    return 0;
}

struct report {
    const struct frenzy_result *r;
    int n;
    struct frenzy_side_bets bets;
    bool json;
};

static void write_report(FILE *f, const struct report *rep)
{
    if (!rep->json) {
        for (int i = 0; i < rep->n; i++)
            frenzy_result_print(f, &rep->r[i], &rep->bets);
        return;
    }
    if (rep->n == 1) { /* one table: solve's object itself, as for every game */
        report_json_print(f, "solve", frenzy_result_json(&rep->r[0], &rep->bets));
        return;
    }
    json_object *list = json_object_new_array(); /* several: sweep's shape */
    for (int i = 0; i < rep->n; i++)
        json_object_array_add(list, frenzy_result_json(&rep->r[i], &rep->bets));
    report_json_print(f, "solve", report_paytables_json("frenzy", list));
}

/* Every Win table with every Bad Beat table; the side bets in kind order. */
static void list_games(const struct frenzy_args *a, struct frenzy_game *games, struct frenzy_table *sides)
{
    const struct frenzy_table_list *win = &a->list[FT_ODDS_WIN], *bb = &a->list[FT_BAD_BEAT];
    for (int i = 0; i < win->n; i++)
        for (int j = 0; j < bb->n; j++)
            games[i * bb->n + j] = (struct frenzy_game){win->t[i], bb->t[j], a->copy};
    int k = 0;
    for (int kind = FT_BONUS; kind <= FT_PRIME; kind++)
        for (int i = 0; i < a->list[kind].n; i++)
            sides[k++] = a->list[kind].t[i];
}

/* What one run allocates. */
struct buffers {
    struct frenzy_game *games;
    struct frenzy_table *sides;
    struct frenzy_result *res;
    struct frenzy_side_result *sres;
    struct frenzy_jackpot_result *jres;
    struct frenzy_card *card;
};

/* The solve, the jackpots (priced apart: they do not depend on the main
 * game), then from the solve's counts the strategy file and the card.
 * Every file is opened before the solve and committed together; a card
 * to "-" is printed after the report. */
static int solve_all(const struct frenzy_args *a, const struct frenzy_paytable *file, const struct buffers *b,
                     const struct report *rep)
{
    char err[512];
    bool root = cluster_rank() == 0; /* only rank 0 writes; the other ranks help count */
    bool card_stdout = a->card && !strcmp(a->card, "-");
    struct output_files out;
    output_files_init(&out, "solve");
    int report = output_files_add(&out, root ? a->run.output : NULL);
    int strategy = output_files_add(&out, root ? a->strategy : NULL);
    int card = output_files_add(&out, root && !card_stdout ? a->card : NULL);
    int opened = output_files_open(&out);
    if (opened != 0)
        return opened;
    struct frenzy_counts counts = {0};
    bool keep = a->strategy || a->card;
    struct frenzy_solve_options o = {a->run.threads, a->paytable ? file->name : NULL, !a->run.quiet, a->run.bind,
                                     keep ? &counts : NULL};
    int rc = frenzy_solve(b->games, rep->n, b->sides, rep->bets.nsides, &o, b->res, b->sres, err, sizeof err) != 0 ||
             (root && frenzy_jackpot_solve(a->jackpots.t, a->jackpots.n, a->players, a->meter, b->jres, err, sizeof err) != 0);
    if (rc == 0 && root && a->card)
        rc = frenzy_card_build(&b->games[0], &counts, b->card, err, sizeof err) != 0;
    if (rc == 0 && root && a->strategy)
        frenzy_strategy_write(output_files_fp(&out, strategy, NULL), &b->games[0], &counts);
    frenzy_counts_free(&counts);
    if (rc != 0) {
        output_files_abort(&out);
        return fprintf(stderr, "fourcard solve: %s\n", err), 1;
    }
    if (!root)
        return 0;
    write_report(output_files_fp(&out, report, stdout), rep);
    if (card >= 0)
        frenzy_card_write(output_files_fp(&out, card, NULL), b->card);
    rc = output_files_commit(&out);
    if (rc == 0 && card_stdout)
        frenzy_card_write(stdout, b->card);
    return rc;
}

static int run(const struct frenzy_args *a, const struct frenzy_paytable *file)
{
    int ngames = a->list[FT_ODDS_WIN].n * a->list[FT_BAD_BEAT].n, nsides = a->list[FT_BONUS].n + a->list[FT_PRIME].n;
    struct buffers b = {
        calloc((size_t)ngames, sizeof *b.games),           calloc((size_t)nsides + 1, sizeof *b.sides),
        calloc((size_t)ngames, sizeof *b.res),             calloc((size_t)nsides + 1, sizeof *b.sres),
        calloc((size_t)a->jackpots.n + 1, sizeof *b.jres), calloc(1, sizeof *b.card),
    };
    int rc = 1;
    if (b.games && b.sides && b.res && b.sres && b.jres && b.card) {
        list_games(a, b.games, b.sides);
        struct report rep = {b.res, ngames, {b.sres, nsides, b.jres, a->jackpots.n}, a->run.json};
        rc = solve_all(a, file, &b, &rep);
    } else
        fprintf(stderr, "fourcard solve: out of memory\n");
    free(b.games), free(b.sides), free(b.res), free(b.sres), free(b.jres), free(b.card);
    return rc;
}

int frenzy_cmd_solve(int argc, char **argv)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    int rc = frenzy_cli_parse("solve", HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct frenzy_paytable file;
    if (frenzy_cli_settle_tables(&a, &file) != 0)
        return EXIT_USAGE;
    return run(&a, &file);
}

/* What `simulate frenzy` does not deal, named on the command line: the
 * side bets and jackpots, the strategy files.  (A paytable file's side
 * tables are left aside: only its Odds tables make the main game.) */
/* The options of solve that another command on the main game alone
 * (simulate, protect) refuses. */
static int check_main_game_only(const struct frenzy_args *a)
{
    const char *other = a->list[FT_BONUS].n ? "--bonus" : a->list[FT_PRIME].n ? "--prime"
                      : a->jackpots.n ? "--jackpot/--four-jackpot" : a->strategy ? "--strategy"
                      : a->card ? "--strategy-card" : NULL;
    if (other)
        return cli_error(a->cmd, "%s does not belong to '%s frenzy': it %s the main game alone (see 'fourcard solve "
                                 "frenzy')", other, a->cmd, strcmp(a->cmd, "simulate") ? "analyses" : "simulates"), -1;
    return 0;
}

int frenzy_cli_game(int argc, char **argv, const struct cli_extra *extra, struct frenzy_game *g,
                    char paytable[64], struct run_options *run)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    int rc = frenzy_cli_parse(extra->cmd, HELP, argc, argv, extra, &a);
    struct frenzy_paytable file;
    if (rc == 0 && (check_main_game_only(&a) != 0 || frenzy_cli_settle_tables(&a, &file) != 0))
        rc = -1;
    if (rc != 0)
        return rc;
    if (a.list[FT_ODDS_WIN].n * a.list[FT_BAD_BEAT].n != 1)
        return cli_error(a.cmd, "'%s frenzy' takes one game: one Odds Win and one Bad Beat table (from the "
                                  "options or the paytable file)", a.cmd), -1;
    *g = (struct frenzy_game){a.list[FT_ODDS_WIN].t[0], a.list[FT_BAD_BEAT].t[0], a.copy};
    snprintf(paytable, 64, "%s", a.paytable ? file.name : "");
    *run = a.run;
    return 0;
}

static const char CARD_HELP[] =
    "usage: fourcard card frenzy [--odds-win T] [--bad-beat T] [--paytable FILE] [--copy R] [options]\n"
    "\n"
    "Solves one game exactly and reduces its strategy to a card: raise 3x from\n"
    "one hand, 1x from another, fold below, the thresholds that maximise the\n"
    "EV; with its exact cost against the optimal strategy, the hands it plays\n"
    "otherwise, and two coarser cards that name fewer cards (tiers).\n"
    "\n"
    "options:\n"
    "  --odds-win T, --bad-beat T, --paytable FILE, --copy R   the game, as\n"
    "                       'fourcard solve frenzy' (one Win and one Bad Beat table)\n"
    "  --html FILE          the card as one printable HTML page (one A4/Letter sheet)\n"
    "  --all-formats BASE   BASE.md, BASE.json and BASE.html from one build (instead\n"
    "                       of -o, --json and --html)\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

/* The one main game of `card frenzy` or `advise frenzy`: 0 to go on, else
 * the exit code (0 after help). */
static int card_game(const char *cmd, const char *help, int argc, char **argv, struct card_args *ca,
                     struct frenzy_args *a, struct frenzy_game *g, struct frenzy_paytable *file)
{
    struct cli_extra extra = card_extra(cmd, help, ca);
    int rc = frenzy_cli_parse(cmd, help, argc, argv, &extra, a);
    if (rc)
        return rc > 0 ? -1 : EXIT_USAGE;
    const char *other = a->list[FT_BONUS].n ? "--bonus" : a->list[FT_PRIME].n ? "--prime"
                      : a->jackpots.n ? "--jackpot/--four-jackpot" : a->strategy ? "--strategy"
                      : a->card ? "--strategy-card" : ca->rules_given ? "--rules"
                      : ca->card && strcmp(cmd, "price") ? "--card" : NULL;
    if (other)
        return cli_error(cmd, "%s does not belong to '%s frenzy' (see 'fourcard solve frenzy')", other, cmd);
    if (frenzy_cli_settle_tables(a, file) != 0)
        return EXIT_USAGE;
    if (a->list[FT_ODDS_WIN].n * a->list[FT_BAD_BEAT].n != 1)
        return cli_error(cmd, "a card is for one game: one Odds Win and one Bad Beat table");
    *g = (struct frenzy_game){a->list[FT_ODDS_WIN].t[0], a->list[FT_BAD_BEAT].t[0], a->copy};
    return 0;
}

/* The counts of every class (rank 0 gets them) and the card.  0, or the
 * exit code after a message. */
static int counts_and_card(const char *cmd, const struct frenzy_args *a, const struct frenzy_game *g,
                           const struct frenzy_paytable *file, struct frenzy_counts *counts, struct frenzy_card *card)
{
    struct frenzy_solve_options o = {a->run.threads, a->paytable ? file->name : NULL, !a->run.quiet, a->run.bind, counts};
    struct frenzy_result res;
    struct frenzy_side_result none;
    char err[512];
    if (frenzy_solve(g, 1, NULL, 0, &o, &res, &none, err, sizeof err) != 0 ||
        (cluster_rank() == 0 && frenzy_card_build(g, counts, card, err, sizeof err) != 0))
        return fprintf(stderr, "fourcard %s: %s\n", cmd, err), 1;
    return 0;
}

static const char PRICE_HELP[] =
    "usage: fourcard price frenzy --card FILE [--odds-win T] [--bad-beat T] [--paytable FILE] [--copy R] [options]\n"
    "\n"
    "Prices your own Frenzy card exactly: its lines 'Raise 3x with HAND or better',\n"
    "'Raise 1x with HAND or better', 'Fold below HAND' (or 'Fold every hand'), HAND\n"
    "in the card's words, as 'fourcard card frenzy' writes them (docs/card-format.md),\n"
    "applied to every hand: its EV per Ante, its cost against the optimal strategy,\n"
    "the hands it plays otherwise.  A bad card file gets one line naming FILE:LINE\n"
    "and the problem, exit 2.\n"
    "\n"
    "options:\n"
    "  --card FILE          the card to price (required)\n"
    "  --odds-win T, --bad-beat T, --paytable FILE, --copy R   the game, as\n"
    "                       'fourcard solve frenzy' (one Win and one Bad Beat table)\n"
    "  --html FILE          the priced card as one printable HTML page\n"
    "  --json               one JSON object instead of the Markdown card\n" RUN_OPTIONS_HELP;

/* `card frenzy` writes the card built; `price frenzy` the card read from
 * --card FILE, priced. */
/* A card and its map, for the writers. */
struct frenzy_page {
    const struct frenzy_card *card;
    const struct card_map *map;
};
static void frenzy_md(FILE *f, const void *p) { frenzy_card_write(f, ((const struct frenzy_page *)p)->card); }
static json_object *frenzy_json(const void *p) { return frenzy_card_json(((const struct frenzy_page *)p)->card); }
static void frenzy_html(FILE *f, const void *p)
{
    frenzy_card_html(f, ((const struct frenzy_page *)p)->card, ((const struct frenzy_page *)p)->map);
}

static int card_or_price(const char *cmd, const char *help, int argc, char **argv, struct card_args *ca)
{
    bool price = !strcmp(cmd, "price");
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    struct frenzy_game g;
    struct frenzy_paytable file;
    int rc = card_game(cmd, help, argc, argv, ca, &a, &g, &file);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (price && !ca->card)
        return cli_error(cmd, "missing --card FILE (the card to price)");
    FILE *probe = price ? fopen(ca->card, "r") : NULL; /* a missing file fails before the solve */
    if (price && !probe)
        return cli_error(cmd, "%s: %s", ca->card, strerror(errno));
    if (probe)
        fclose(probe);
    struct output_files out;
    struct card_outputs co;
    output_files_init(&out, cmd);
    if (card_outputs_add(cmd, &out, ca, &a.run, false, &co) != 0)
        return EXIT_USAGE;
    if ((rc = output_files_open(&out)) != 0)
        return rc;
    struct frenzy_counts counts = {0};
    struct frenzy_card *card = calloc(1, sizeof *card);
    char err[700];
    rc = card ? counts_and_card(cmd, &a, &g, &file, &counts, card) : (fprintf(stderr, "fourcard %s: out of memory\n", cmd), 1);
    if (rc == 0 && price && cluster_rank() == 0 && frenzy_card_read(&g, &counts, ca->card, card, err, sizeof err) != 0)
        rc = cli_error(cmd, "%s", err);
    struct card_map *map = rc == 0 && co.want[CARD_HTML] && cluster_rank() == 0 ? malloc(sizeof *map) : NULL;
    if (map && frenzy_card_map(&g, &counts, map) != 0)
        free(map), map = NULL;
    frenzy_counts_free(&counts);
    if (rc != 0 || cluster_rank() != 0) {
        output_files_abort(&out), free(card);
        return rc;
    }
    snprintf(card->paytable, sizeof card->paytable, "%s", a.paytable ? file.name : "");
    static const struct card_writers W = {frenzy_md, frenzy_json, frenzy_html, NULL};
    struct frenzy_page page = {card, map};
    rc = card_outputs_write(cmd, &out, &co, &W, &page);
    free(card), free(map);
    return rc;
}

int frenzy_cmd_card(int argc, char **argv, struct card_args *ca) { return card_or_price("card", CARD_HELP, argc, argv, ca); }
int frenzy_cmd_price(int argc, char **argv, struct card_args *ca) { return card_or_price("price", PRICE_HELP, argc, argv, ca); }

static const char ADVISE_HELP[] =
    "usage: fourcard advise frenzy CARDS [--odds-win T] [--bad-beat T] [--paytable FILE] [--copy R] [options]\n"
    "\n"
    "One hand of five cards, in any suits: every legal option's exact EV per Ante\n"
    "(fold; raise 1x; 2x and 3x with a pair of Aces or better), the best and its\n"
    "margin over the second best, and the line of the strategy card ('fourcard\n"
    "card frenzy', same game) that decides the hand, with whether it agrees.\n"
    "\n"
    "options:\n"
    "  CARDS                your five cards, \"Ah Ad 7c 7s 2h\"\n"
    "  --odds-win T, --bad-beat T, --paytable FILE, --copy R   the game, as\n"
    "                       'fourcard solve frenzy' (one Win and one Bad Beat table)\n"
    "  --json               one JSON object instead of the table\n" RUN_OPTIONS_HELP;

static const char *const CHOICE_WORDS[FRENZY_NCHOICES] = {"fold", "raise 1x", "raise 2x", "raise 3x"};

/* The class of five cards (any suits), or NULL. */
static const struct frenzy_class *class_of(const struct frenzy_counts *c, const card_t cards[5])
{
    cardmask_t m = cards_to_mask(cards, 5), form, mine;
    canon_form(&m, 1, &mine);
    for (long i = 0; i < c->n; i++) {
        cardmask_t k = cards_to_mask(c->classes[i].cards, 5);
        canon_form(&k, 1, &form);
        if (form == mine)
            return &c->classes[i];
    }
    return NULL;
}

static json_object *advice_json(const struct frenzy_card *card, const card_t cards[5], const struct frenzy_decision *d,
                                enum frenzy_choice mine, int line, const char *line_text)
{
    wide_t den = (wide_t)FRENZY_DEALER_HANDS * card->den;
    char text[20];
    json_object *o = json_object_new_object(), *opts = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "cards", json_object_new_string(cards_format(cards, 5, text, sizeof text)));
    int order[FRENZY_NCHOICES], n = 0;
    for (int c = 0; c <= d->max_raise; c++)
        order[n++] = c;
    for (int i = 1; i < n; i++) /* best first; ties keep the smaller wager first */
        for (int j = i; j > 0 && d->ev[order[j]] > d->ev[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        json_object *x = json_object_new_object();
        json_object_object_add(x, "option", json_object_new_string(CHOICE_WORDS[order[i]]));
        json_object_object_add(x, "ev", report_exact_json(d->ev[order[i]], den));
        json_object_array_add(opts, x);
    }
    json_object_object_add(o, "options", opts);
    json_object_object_add(o, "best", json_object_new_string(CHOICE_WORDS[d->choice]));
    json_object_object_add(o, "margin", n > 1 ? report_exact_json(d->ev[order[0]] - d->ev[order[1]], den) : NULL);
    json_object_object_add(o, "card_rule", json_object_new_int(line));
    json_object_object_add(o, "card_rule_text", json_object_new_string(line_text));
    json_object_object_add(o, "card_option", json_object_new_string(CHOICE_WORDS[mine]));
    json_object_object_add(o, "card_agrees", json_object_new_boolean(d->ev[mine] == d->ev[d->choice]));
    return o;
}

int frenzy_cmd_advise(int argc, char **argv, struct card_args *ca)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    a.takes_operand = true;
    struct frenzy_game g;
    struct frenzy_paytable file;
    int rc = card_game("advise", ADVISE_HELP, argc, argv, ca, &a, &g, &file);
    if (rc)
        return rc < 0 ? 0 : rc;
    card_t cards[5];
    char err[512];
    if (!a.operand)
        return cli_error("advise", "missing CARDS (your five cards, \"Ah Ad 7c 7s 2h\")");
    if (cards_parse_exact(a.operand, cards, 5, err, sizeof err) != 0)
        return cli_error("advise", "CARDS: %s", err);
    struct output_files out;
    output_files_init(&out, "advise");
    int report = output_files_add(&out, cluster_rank() == 0 ? a.run.output : NULL);
    if ((rc = output_files_open(&out)) != 0)
        return rc;
    struct frenzy_counts counts = {0};
    struct frenzy_card *card = calloc(1, sizeof *card);
    rc = card ? counts_and_card("advise", &a, &g, &file, &counts, card) : (fprintf(stderr, "fourcard advise: out of memory\n"), 1);
    const struct frenzy_class *cl = rc == 0 && cluster_rank() == 0 ? class_of(&counts, cards) : NULL;
    if (rc == 0 && cluster_rank() == 0 && !cl)
        rc = (fprintf(stderr, "fourcard advise: internal error: the hand is in no class\n"), 1);
    if (rc != 0 || cluster_rank() != 0) {
        frenzy_counts_free(&counts), output_files_abort(&out), free(card);
        return rc;
    }
    struct frenzy_decision d;
    frenzy_decide(&g, card->den, cl, &d);
    enum frenzy_choice mine = frenzy_rule_choice(&card->rules[0], cl->rank);
    char texts[3][224];
    int n = frenzy_rule_lines(&card->rules[0], texts), line = n; /* the card's lines: 3x, 1x, fold */
    if (mine != FRENZY_FOLD)
        line = mine == FRENZY_RAISE3 ? 1 : n - 1;
    json_object *doc = advice_json(card, cards, &d, mine, line, texts[line - 1]);
    FILE *f = output_files_fp(&out, report, stdout);
    if (a.run.json)
        report_json_print(f, "advise", doc);
    else {
        fprintf(f, "Four Card Frenzy, Odds %s with Bad Beat %s: %s\n", g.win.name, g.bad_beat.name, a.operand);
        json_object *opts = json_object_object_get(doc, "options");
        for (size_t i = 0; i < json_object_array_length(opts); i++) {
            json_object *x = json_object_array_get_idx(opts, i), *ev = json_object_object_get(x, "ev");
            fprintf(f, "  %-10s %+.6f  %s%s\n", json_object_get_string(json_object_object_get(x, "option")),
                    json_object_get_double(json_object_object_get(ev, "value")),
                    json_object_get_string(json_object_object_get(ev, "exact")), i == 0 ? "   best" : "");
        }
        fprintf(f, "card: line %d, \"%s\" — %s\n", line, texts[line - 1],
                d.ev[mine] == d.ev[d.choice] ? "as good as the best option" : "worse than the best option");
        json_object_put(doc);
    }
    frenzy_counts_free(&counts), free(card);
    return output_files_commit(&out);
}

int frenzy_cmd_presets(bool json)
{
    json ? cli_write_json(stdout, "presets", frenzy_presets_json()) : frenzy_presets_print(stdout);
    return 0;
}
