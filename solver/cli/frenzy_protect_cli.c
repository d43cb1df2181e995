/* frenzy_protect_cli.c — `fourcard protect frenzy --seen 1 | --seats N`:
 * the game with one of the dealer's five cards seen, or at a colluding
 * table, against the normal game. */
#include <json-c/json.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "checkpoint.h"
#include "cli.h"
#include "cluster.h"
#include "frenzy_cli.h"
#include "frenzy_report.h"
#include "frenzy_seats_report.h"
#include "frenzy_seen_report.h"
#include "output_files.h"
#include "protect_cli.h"

static const char HELP[] =
    "usage: fourcard protect frenzy --seen K | --seats N [--odds-win T] [--bad-beat T] [--paytable FILE]\n"
    "                       [--copy R] [options]\n"
    "\n"
    "--seen K: hole-carding, the player sees K (1 or 2) of the dealer's five\n"
    "cards before he decides.  Exact over every hand and every seen set\n"
    "(2,598,960 x 47 or x 1,081), each played with the decision optimal for the\n"
    "hand and the seen cards: the EV per Ante against the normal game, the swing,\n"
    "how often each decision changes, the effect of each seen rank (the higher\n"
    "of two), and the seen strategy as a card (a strategy card's rule per\n"
    "seen rank) with its exact EV.  About 3 s for K = 1 on 2 cores, 35 s for\n"
    "K = 2.\n"
    "\n"
    "--seats N: N players at one table show each other their cards, and each\n"
    "plays the decision optimal with them all known.  The EV of each dealt table\n"
    "is exact (every dealer hand of the cards left); the tables are dealt at\n"
    "random (seeded, the same figures at any thread count) and averaged: the EV\n"
    "per seat with its standard error, against the single player's.\n"
    "\n"
    "options:\n"
    "  --seen K             cards of the dealer seen: 1 or 2\n"
    "  --seats N | LO-HI    players at the colluding table, 2 to 7, or a range (2-7)\n"
    "  --rounds N           --seats: tables dealt per table size (default 20000)\n"
    "  --seed S             --seats: a whole number (default 1)\n"
    "  --odds-win T, --bad-beat T, --paytable FILE, --copy R   the game, as\n"
    "                       'fourcard solve frenzy' (one Win and one Bad Beat table)\n"
    "  --json               one JSON object instead of Markdown\n"
    "  --all-formats BASE   BASE.md and BASE.json from one run\n"
    "  --resume DIR         keep each finished piece of the run in DIR (--seen: 13,\n"
    "                       a rank of the highest seen card each; --seats: 1,024\n"
    "                       tables of a size), written whole; run again with the\n"
    "                       same DIR, a stopped run computes only the pieces it had\n"
    "                       not finished: the same figures (a piece of other\n"
    "                       options or another version is computed again)\n" RUN_OPTIONS_HELP
    "Under mpirun the ranks share the normal game's enumeration; rank 0 prices\n"
    "the seen cards or deals the tables.\n";

/* The options that do not belong here, or none. */
static int check(const struct protect_args *pa)
{
    if (pa->removal || pa->count)
        return cli_error("protect", "%s is for buyout's shoe: frenzy is dealt from one deck",
                         pa->removal ? "--removal" : "--count"), -1;
    if (pa->upcards || pa->stride)
        return cli_error("protect", "--upcards and --stride are split's (--seen)"), -1;
    struct stat st;
    if (pa->resume && (stat(pa->resume, &st) != 0 || !S_ISDIR(st.st_mode) || access(pa->resume, W_OK) != 0))
        return cli_error("protect", "--resume %s: not a writable folder", pa->resume), -1;
    if (pa->shoe_options)
        return cli_error("protect", "--cut, --players, --spread and --exact-shoes go with 'protect buyout --count'"),
               -1;
    if (pa->card || pa->card_rules_given)
        return cli_error("protect", "--card and --card-rules go with 'protect buyout --seen 1'"), -1;
    if (!pa->seen == !pa->seats)
        return cli_error("protect", pa->seen ? "--seen and --seats: give one" : "missing --seen K or --seats N (the "
                                                                               "analysis to run)"), -1;
    if (pa->seen && (pa->rounds_given || pa->seed_given))
        return cli_error("protect", "%s goes with --seats (--seen is exact)", pa->rounds_given ? "--rounds" : "--seed"),
               -1;
    return 0;
}

/* What a run computed. */
struct frenzy_protection {
    struct frenzy_result normal;
    struct frenzy_seen seen;   /* --seen */
    struct frenzy_seats seats; /* --seats */
};

/* --resume DIR (rank 0 alone computes the seen cards and the tables):
 * the folder's pieces of this run's question, the analysis and its
 * options, the program and the game.  NULL when not asked for, or when the
 * folder cannot be used any more (checked before the run; one warning). */
static const struct checkpoint *resume_open(const struct protect_args *pa, const struct frenzy_game *g,
                                            const char *paytable, struct checkpoint *cp)
{
    if (!pa->resume)
        return NULL;
    char question[4096], what[128], err[ATOMIC_FILE_ERRLEN];
    if (pa->seen)
        snprintf(what, sizeof what, "--seen %d", pa->seen);
    else
        snprintf(what, sizeof what, "--seats, seed %llu, tables %lld", (unsigned long long)pa->seed,
                 (long long)pa->rounds);
    json_object *rules = frenzy_game_rules_json(g, paytable);
    int n = snprintf(question, sizeof question, "protect frenzy %s; fourcard %s; %s", what, FOURCARD_VERSION,
                     json_object_to_json_string_ext(rules, JSON_C_TO_STRING_PLAIN));
    json_object_put(rules);
    if (n < 0 || (size_t)n >= sizeof question) /* a question cut short would not name the whole game */
        snprintf(err, sizeof err, "the game's rules are too long to name the pieces");
    else if (checkpoint_open(cp, pa->resume, pa->seen ? "frenzy-seen" : "frenzy-seats", question, err, sizeof err) == 0)
        return cp;
    fprintf(stderr, "fourcard protect: --resume: %s (the run goes on)\n", err);
    return NULL;
}

/* The normal game (its counts kept), then the seen card or the tables: 0,
 * or 1 after a message. */
static int compute(const struct frenzy_game *g, const char *paytable, const struct run_options *run,
                   const struct protect_args *pa, struct frenzy_protection *x)
{
    struct frenzy_counts counts = {0};
    struct frenzy_solve_options o = {run->threads, paytable[0] ? paytable : NULL, !run->quiet, run->bind, &counts};
    struct frenzy_side_result none;
    char err[512];
    int rc = frenzy_solve(g, 1, NULL, 0, &o, &x->normal, &none, err, sizeof err);
    struct checkpoint cp;
    const struct checkpoint *kept = rc == 0 && cluster_rank() == 0 ? resume_open(pa, g, paytable, &cp) : NULL;
    if (rc == 0 && cluster_rank() == 0)
        rc = pa->seen ? frenzy_seen_solve(g, &counts, pa->seen, !run->quiet, kept, &x->seen, err, sizeof err)
                      : frenzy_seats_run(g, &counts, pa->seats, pa->seats_hi, pa->rounds, pa->seed, !run->quiet,
                                         kept, &x->seats, err, sizeof err);
    frenzy_counts_free(&counts);
    if (rc != 0)
        return fprintf(stderr, "fourcard protect: %s\n", err), 1;
    return 0;
}

int frenzy_cmd_protect(int argc, char **argv, struct protect_args *pa)
{
    struct frenzy_game g;
    char paytable[64];
    struct run_options run = {0};
    const struct cli_extra extra = protect_extra(HELP, pa);
    int rc = frenzy_cli_game(argc, argv, &extra, &g, paytable, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check(pa) != 0)
        return EXIT_USAGE;
    struct protect_outputs out;
    if ((rc = protect_outputs_open(&out, pa, run.output, run.json)) != 0)
        return rc;
    /* the Markdown (0) and JSON (1) reports: whether written, and where (-1: stdout) */
    bool want[2] = {pa->all_formats || !run.json, pa->all_formats || run.json};
    int slot[2] = {pa->all_formats ? out.md : out.report, pa->all_formats ? out.json : out.report};
    struct frenzy_protection *x = calloc(1, sizeof *x);
    rc = x ? compute(&g, paytable, &run, pa, x) : (fprintf(stderr, "fourcard protect: out of memory\n"), 1);
    if (rc != 0 || cluster_rank() != 0) {
        free(x);
        output_files_abort(&out.files);
        return rc;
    }
    if (want[0] && pa->seen)
        frenzy_seen_print(output_files_fp(&out.files, slot[0], stdout), &x->seen, &x->normal);
    if (want[0] && pa->seats)
        frenzy_seats_print(output_files_fp(&out.files, slot[0], stdout), &x->seats, &x->normal);
    if (want[1])
        cli_write_json(output_files_fp(&out.files, slot[1], stdout), "protect",
                       pa->seen ? frenzy_seen_json(&x->seen, &x->normal) : frenzy_seats_json(&x->seats, &x->normal));
    free(x);
    return output_files_commit(&out.files);
}
