/* frenzy_cli.c — `fourcard solve frenzy`: options, tables, reports.
 * cmd_solve.c hands over argv when the game is "frenzy". */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "cli.h"
#include "commands.h"
#include "frenzy_cli.h"
#include "frenzy_report.h"
#include "frenzy_solve.h"

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
    "  --paytable FILE      the operator's own tables (WE-2, BB-5, FC-13, Prime-3)\n"
    "                       from an INI file; see docs/frenzy-paytable-format.md\n"
    "  --copy R             equal 4-card hands: win (default; Washington: the player\n"
    "                       wins the copy) or push (the Ante and Raise push)\n"
    "  --strategy FILE.csv  write the strategy of the first game: one row per\n"
    "                       suit class of 5-card hands\n"
    "  --json               one JSON object (an array for several games)\n"
    "  -o, --output FILE    write the report to FILE (whole or not at all)\n"
    "  --threads N          OpenMP threads (default: all cores)\n"
    "  -q, --quiet          no progress bar\n"
    "  -h, --help           this help\n"
    "\n"
    "LIST is one or more table names separated by commas.\n";

enum { MAX_TABLES = 16 };

struct table_list {
    struct frenzy_table t[MAX_TABLES];
    int n;
};

struct frenzy_args {
    struct table_list list[FT_NKINDS];
    const char *paytable, *strategy, *output;
    enum frenzy_copy copy;
    bool json, quiet;
    int threads;
};

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

static bool listed(const struct table_list *l, const char *name)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->t[i].name, name))
            return true;
    return false;
}

static int add_preset(enum frenzy_table_kind kind, const char *name, struct table_list *l)
{
    char names[256];
    if (listed(l, name))
        return cli_error("solve", "table '%s' named twice in %s", name, OPTION_OF[kind]), -1;
    if (frenzy_preset_get(kind, name, &l->t[l->n]) != 0) {
        preset_names(kind, names, sizeof names);
        return cli_error("solve", "unknown %s table '%s' in %s (%s)", frenzy_kind_name(kind), name, OPTION_OF[kind],
                         names), -1;
    }
    l->n++;
    return 0;
}

/* A comma-separated list of preset names, or "all". */
static int parse_list(enum frenzy_table_kind kind, const char *text, struct table_list *l)
{
    if (!strcmp(text, "all")) {
        for (int i = 0; i < frenzy_preset_count(kind); i++)
            if (!listed(l, frenzy_preset_name(kind, i)) && add_preset(kind, frenzy_preset_name(kind, i), l))
                return -1;
        return 0;
    }
    char buf[1024];
    if (strlen(text) >= sizeof buf)
        return cli_error("solve", "%s list too long", OPTION_OF[kind]), -1;
    strcpy(buf, text);
    int before = l->n;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (add_preset(kind, tok, l))
            return -1;
    if (l->n == before)
        return cli_error("solve", "%s names no table", OPTION_OF[kind]), -1;
    return 0;
}

/* Returns 0, -1 after an error line, or 1 after printing help. */
static int parse_args(int argc, char **argv, struct frenzy_args *a)
{
    static const struct option opts[] = {
        {"odds-win", required_argument, NULL, 'W'}, {"bad-beat", required_argument, NULL, 'B'},
        {"bonus", required_argument, NULL, 'F'},    {"prime", required_argument, NULL, 'P'},
        {"paytable", required_argument, NULL, 'f'}, {"copy", required_argument, NULL, 'c'},
        {"strategy", required_argument, NULL, 's'}, {"json", no_argument, NULL, 'j'},
        {"output", required_argument, NULL, 'o'},   {"threads", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},          {"help", no_argument, NULL, 'h'},
        {0, 0, 0, 0},
    };
    long v;
    int c;
    optind = 1;
    while ((c = cli_getopt("solve", argc, argv, "ho:q", opts)) != -1) {
        switch (c) {
        case 'h': fputs(HELP, stdout); return 1;
        case 'W': if (parse_list(FT_ODDS_WIN, optarg, &a->list[FT_ODDS_WIN])) return -1; break;
        case 'B': if (parse_list(FT_BAD_BEAT, optarg, &a->list[FT_BAD_BEAT])) return -1; break;
        case 'F': if (parse_list(FT_BONUS, optarg, &a->list[FT_BONUS])) return -1; break;
        case 'P': if (parse_list(FT_PRIME, optarg, &a->list[FT_PRIME])) return -1; break;
        case 'f': a->paytable = optarg; break;
        case 's': a->strategy = optarg; break;
        case 'j': a->json = true; break;
        case 'o': a->output = optarg; break;
        case 'q': a->quiet = true; break;
        case 'c':
            if (!strcmp(optarg, "win"))
                a->copy = FRENZY_COPY_WIN;
            else if (!strcmp(optarg, "push"))
                a->copy = FRENZY_COPY_PUSH;
            else
                return cli_error("solve", "bad value '%s' for --copy (win or push)", optarg), -1;
            break;
        case 't':
            if (cli_parse_int("solve", "--threads", optarg, 1, 1024, &v))
                return -1;
            a->threads = (int)v;
            break;
        default: return -1;
        }
    }
    if (optind >= argc || strcmp(argv[optind], "frenzy"))
        return cli_error("solve", "expected the game 'frenzy'"), -1;
    if (optind + 1 < argc)
        return cli_error("solve", "unexpected argument '%s'", argv[optind + 1]), -1;
    if (a->strategy && a->output && !strcmp(a->strategy, a->output))
        return cli_error("solve", "--strategy and --output name the same file '%s'", a->output), -1;
    return 0;
}

/* The file's tables join the lists; then the defaults fill empty ones. */
static int settle_tables(struct frenzy_args *a, struct frenzy_paytable *file)
{
    char err[600];
    if (a->paytable) {
        if (frenzy_paytable_load(a->paytable, file, err, sizeof err) != 0)
            return cli_error("solve", "%s", err), -1;
        for (int i = 0; i < file->ntables; i++) {
            struct table_list *l = &a->list[file->tables[i].kind];
            l->t[l->n++] = file->tables[i]; /* the file's names (WE-2, ...) are no preset's */
        }
    }
    if (a->list[FT_ODDS_WIN].n == 0)
        add_preset(FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &a->list[FT_ODDS_WIN]);
    if (a->list[FT_BAD_BEAT].n == 0)
        add_preset(FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, &a->list[FT_BAD_BEAT]);
    return 0;
}

struct report {
    const struct frenzy_result *r;
    int n;
    const struct frenzy_side_result *sides;
    int nsides;
    bool json;
};

static void write_report(FILE *f, const struct report *rep)
{
    if (!rep->json) {
        for (int i = 0; i < rep->n; i++)
            frenzy_result_print(f, &rep->r[i], rep->sides, rep->nsides);
        return;
    }
    json_object *doc = rep->n == 1 ? frenzy_result_json(&rep->r[0], rep->sides, rep->nsides) : json_object_new_array();
    for (int i = 0; rep->n > 1 && i < rep->n; i++)
        json_object_array_add(doc, frenzy_result_json(&rep->r[i], rep->sides, rep->nsides));
    fprintf(f, "%s\n", json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
    json_object_put(doc);
}

/* stdout, or a file written whole or not at all. */
static int emit(const char *output, const struct report *rep)
{
    if (!output) {
        write_report(stdout, rep);
        return 0;
    }
    char err[256];
    struct atomic_file f;
    if (atomic_file_open(&f, output, err, sizeof err) != 0)
        return fprintf(stderr, "fourcard solve: %s\n", err), 1;
    write_report(f.fp, rep);
    if (atomic_file_commit(&f, err, sizeof err) != 0)
        return fprintf(stderr, "fourcard solve: %s\n", err), 1;
    return 0;
}

static int run(const struct frenzy_args *a, const struct frenzy_paytable *file)
{
    const struct table_list *win = &a->list[FT_ODDS_WIN], *bb = &a->list[FT_BAD_BEAT];
    int ngames = win->n * bb->n, nsides = a->list[FT_BONUS].n + a->list[FT_PRIME].n;
    struct frenzy_game *games = calloc((size_t)ngames, sizeof *games);
    struct frenzy_result *res = calloc((size_t)ngames, sizeof *res);
    struct frenzy_table *sides = calloc((size_t)nsides + 1, sizeof *sides);
    struct frenzy_side_result *sres = calloc((size_t)nsides + 1, sizeof *sres);
    int rc = 1;
    if (games && res && sides && sres) {
        for (int i = 0; i < win->n; i++)
            for (int j = 0; j < bb->n; j++)
                games[i * bb->n + j] = (struct frenzy_game){win->t[i], bb->t[j], a->copy};
        int k = 0;
        for (int kind = FT_BONUS; kind <= FT_PRIME; kind++)
            for (int i = 0; i < a->list[kind].n; i++)
                sides[k++] = a->list[kind].t[i];
        struct frenzy_solve_options o = {a->threads, a->strategy, a->paytable ? file->name : NULL, !a->quiet};
        char err[512];
        if (frenzy_solve(games, ngames, sides, nsides, &o, res, sres, err, sizeof err) != 0)
            fprintf(stderr, "fourcard solve: %s\n", err);
        else
            rc = emit(a->output, &(struct report){res, ngames, sres, nsides, a->json});
    } else
        fprintf(stderr, "fourcard solve: out of memory\n");
    free(games), free(res), free(sides), free(sres);
    return rc;
}

int frenzy_cmd_solve(int argc, char **argv)
{
    struct frenzy_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct frenzy_paytable file;
    if (settle_tables(&a, &file) != 0)
        return EXIT_USAGE;
    return run(&a, &file);
}
