/* buyout_protect_cli.c — `fourcard protect buyout --removal | --count |
 * --seen 1 | --seats N`: the effects of removal, the count and its shoe
 * simulation, hole-carding, and a colluding table. */
#include <json-c/json.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "buyout_cli.h"
#include "buyout_protect_report.h"
#include "buyout_seats_report.h"
#include "buyout_seen_card.h"
#include "buyout_seen_report.h"
#include "checkpoint.h"
#include "cli.h"
#include "cluster.h"
#include "output_files.h"
#include "protect_cli.h"
#include "team.h"

static const char HELP[] =
    "usage: fourcard protect buyout --removal | --count | --seen 1 | --seats N [options]\n"
    "\n"
    "What counting 4 Card Buyout's six-deck shoe is worth (every refused card is\n"
    "dealt face up).  For the main game, the main game with each Bonus table,\n"
    "and each Bonus table played alone:\n"
    "\n"
    "  --removal            the effects of removal: the exact optimal EV of the\n"
    "                       shoe less one card of each rank (a spade; any suit\n"
    "                       gives the same EV) against the six-deck EV\n"
    "  --count              the effects of removal, then each game's balanced\n"
    "                       integer count, its betting correlation, and a shoe\n"
    "                       simulation of a counter who bets --spread units when\n"
    "                       his count says the shoe favours him, else 1: his win\n"
    "                       per 100 rounds and the share of rounds at a player\n"
    "                       advantage.  A game with decisions is priced at each\n"
    "                       shoe by the linear estimate from its effects of\n"
    "                       removal, the Bonus alone exactly.\n"
    "\n"
    "  --seen 1             hole-carding: the player also knows the dealer's hole\n"
    "                       card before every decision and plays the strategy\n"
    "                       optimal for it; its exact EV, the normal EV, the\n"
    "                       swing, how often each decision changes and the\n"
    "                       changed strategy.  Takes the rules' options\n"
    "                       (--bonus-table, --bonus-units, --decks, --ranks,\n"
    "                       --shoe, --dealer-five); not with --removal or --count\n"
    "  --card FILE          --seen: the hole-carder's card, built on the card FILE\n"
    "                       (a card file, as 'card buyout' writes): rules on the\n"
    "                       dealer's points (his upcard and hole card) put above\n"
    "                       its own, each the one that earns most; every EV exact\n"
    "                       (three passes: about three times as long)\n"
    "  --card-rules N       --card: the rules added at each card, 0..8 (default 4;\n"
    "                       0 prices FILE as it is, with the hole card seen)\n"
    "\n"
    "  --seats N | LO-HI    a table of N players (2 to 7, or a range 2-7), every\n"
    "                       face-up card used: each seat decides knowing the\n"
    "                       others' 2 cards and the 3rd and 4th cards (bought,\n"
    "                       refused or folded) of the seats who acted before him.\n"
    "                       Tables dealt at random, played in turn, each seat\n"
    "                       priced exactly: the EV per seat, and by seat, against\n"
    "                       the single player's.\n"
    "                       Takes the rules' options like --seen, and:\n"
    "  --rounds N           --seats: tables dealt per table size (default 1000;\n"
    "                       about 7 ms of CPU a seat)\n"
    "  --seed S             --seats: a whole number (default 1); the same figures\n"
    "                       at any thread count\n"
    "  --resume DIR         --seats: keep each block of 16 tables dealt in DIR\n"
    "                       (written whole); run again with the same DIR and\n"
    "                       options, a stopped run deals only the blocks it had\n"
    "                       not: the same figures (rank 0's DIR under mpirun)\n"
    "\n"
    "options of --count:\n"
    "  --cut DECKS          decks left when the cut card comes out (default: 1\n"
    "                       and 1.5, one simulation each)\n"
    "  --players N          players at the table, the counter one of them (1..7;\n"
    "                       default: 1 and 5); all play the optimal strategy\n"
    "  --rounds N           rounds per simulation, at least (default 20000)\n"
    "  --seed S             a whole number (default 1); the same seed gives the\n"
    "                       same figures at any thread count\n"
    "  --spread N           the big bet in units (default 8: a 1-to-8 spread)\n"
    "  --exact-shoes N      solve N shoe states sampled from the first\n"
    "                       simulation exactly (about 2.5 s each on 2 cores) and\n"
    "                       report the linear estimates' error (default 0)\n"
    "  --resume DIR         --count: keep each exact shoe solved in DIR (whole); run\n"
    "                       again with the same DIR and options, a stopped run\n"
    "                       solves only the shoes it had not finished (rank 0's\n"
    "                       DIR under mpirun)\n"
    "\n"
    "other options:\n"
    "  --dealer-five R      the dealer's points with 5 cards: best-four (default)\n"
    "                       or all-five\n"
    "  --bonus-units B      Bonus units per First-bet unit beside the main game\n"
    "                       (default 1)\n"
    "  --json               one JSON object instead of Markdown\n"
    "  --all-formats BASE   BASE.md and BASE.json from one run\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the exact solves; rank 0 runs the simulation.\n";

/* The options that do not go with --seen, or none. */
static int check_seen(const struct buyout_rules *r, const struct protect_args *pa)
{
    if (pa->removal || pa->count)
        return cli_error("protect", "--seen and %s: give one analysis", pa->removal ? "--removal" : "--count"), -1;
    if (pa->count_options)
        return cli_error("protect", "--cut, --players, --rounds, --seed, --spread and --exact-shoes go with --count"),
               -1;
    if (pa->seen != 1)
        return cli_error("protect", "--seen %d: 4 Card Buyout's dealer has one hole card (--seen 1)", pa->seen), -1;
    if (pa->card_rules_given && !pa->card)
        return cli_error("protect", "--card-rules N goes with --card FILE (the card to build on)"), -1;
    if (pa->card_rules > BUYOUT_SEEN_CARD_MAX_ADDED)
        return cli_error("protect", "--card-rules %d: 0 to %d rules at each card", pa->card_rules,
                         BUYOUT_SEEN_CARD_MAX_ADDED), -1;
    if (r->bonus_alone)
        return cli_error("protect", "--seen with --bonus-alone: a Bonus played alone has no decisions"), -1;
    return 0;
}

/* The options that do not go with --seats, or none. */
static int check_seats(const struct buyout_rules *r, const struct protect_args *pa)
{
    if (pa->removal || pa->count || pa->seen)
        return cli_error("protect", "--seats and %s: give one analysis",
                         pa->removal ? "--removal" : pa->count ? "--count" : "--seen"), -1;
    if (pa->shoe_options)
        return cli_error("protect", "--cut, --players, --spread and --exact-shoes go with --count"), -1;
    if (r->bonus_alone)
        return cli_error("protect", "--seats with --bonus-alone: a Bonus played alone has no decisions"), -1;
    int count[NCARDS], shoe = buyout_shoe_counts(r, count), need = buyout_seats_need(pa->seats_hi);
    if (shoe < need)
        return cli_error("protect", "--seats %d: a shoe of %d cards is too small (%d at least)", pa->seats_hi, shoe,
                         need), -1;
    return 0;
}

/* The options that do not belong here, or none. */
static int check(const struct buyout_rules *r, const struct protect_args *pa)
{
    struct stat st;
    if ((pa->card || pa->card_rules_given) && !pa->seen)
        return cli_error("protect", "--card and --card-rules go with --seen 1 (the hole-carder's card)"), -1;
    if (pa->resume && !pa->count && !pa->seats)
        return cli_error("protect", "--resume goes with --count (its exact check), --seats and 'protect split --seen'"),
               -1;
    if (pa->resume && (stat(pa->resume, &st) != 0 || !S_ISDIR(st.st_mode) || access(pa->resume, W_OK) != 0))
        return cli_error("protect", "--resume %s: not a writable folder", pa->resume), -1;
    if (pa->seats)
        return check_seats(r, pa);
    if (pa->seen)
        return check_seen(r, pa);
    if (r->bonus_table || r->bonus_alone)
        return cli_error("protect", "%s: the tables cover the main game and every Bonus table",
                         r->bonus_alone                       ? "--bonus-alone"
                         : r->bonus_table == BUYOUT_TABLE_FILE ? "--bonus-paytable"
                                                               : "--bonus-table"), -1;
    if (r->shoe_given || r->decks != BUYOUT_MAX_DECKS || r->nranks != NRANKS)
        return cli_error("protect", "%s: the analyses are of the six-deck shoe",
                         r->shoe_given ? "--shoe" : r->decks != BUYOUT_MAX_DECKS ? "--decks" : "--ranks"), -1;
    if (pa->upcards || pa->stride)
        return cli_error("protect", "--upcards and --stride are split's (--seen)"), -1;
    if (pa->removal == pa->count)
        return cli_error("protect", pa->removal ? "--removal and --count: give one" : "missing --removal, --count, --seen or --seats"),
               -1;
    if (pa->removal && pa->count_options)
        return cli_error("protect", "--cut, --players, --rounds, --seed, --spread and --exact-shoes go with --count"),
               -1;
    int players = pa->players ? pa->players : 5;
    double cut = pa->cut ? pa->cut : 1;
    if (lround(cut * NCARDS) < 4 * players + 5)
        return cli_error("protect", "--cut %g leaves %ld cards, fewer than a round of %d player(s) may use (%d)", cut,
                         lround(cut * NCARDS), players, 4 * players + 5), -1;
    return 0;
}

static void write_report(FILE *f, bool removal, bool json, const struct buyout_count_report *c)
{
    if (removal)
        json ? cli_write_json(f, "protect", buyout_removal_json(c->rem)) : buyout_removal_print(f, c->rem);
    else
        json ? cli_write_json(f, "protect", buyout_count_json(c)) : buyout_count_print(f, c);
}

/* --resume DIR (rank 0 alone keeps the pieces): the folder's pieces of
 * this question, what: the analysis and what its pieces depend on beyond
 * the rules.  NULL when not asked for, on the other ranks, or when the
 * folder cannot be used any more (checked before the run; one warning). */
static const struct checkpoint *resume_open(const struct protect_args *pa, const struct buyout_rules *r,
                                            const char *name, const char *what, struct checkpoint *cp)
{
    if (!pa->resume || cluster_rank() != 0)
        return NULL;
    char question[1024], rules_text[768], err[ATOMIC_FILE_ERRLEN];
    buyout_rules_text(r, rules_text, sizeof rules_text);
    snprintf(question, sizeof question, "protect buyout %s; fourcard %s; %s", what, FOURCARD_VERSION, rules_text);
    if (checkpoint_open(cp, pa->resume, name, question, err, sizeof err) == 0)
        return cp;
    fprintf(stderr, "fourcard protect: --resume: %s (the run goes on)\n", err);
    return NULL;
}

/* The simulations (rank 0) and the exact check (every rank). */
static int run_count(const struct protect_args *pa, const struct buyout_removal *rem, bool progress,
                     struct buyout_count counts[BUYOUT_NGAMES], struct buyout_shoe_sim sims[4], int *nsims,
                     struct buyout_exact_check *x, char *err, size_t errlen)
{
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        buyout_count_fit(rem, g, &counts[g]);
    struct buyout_rules basic_rules = buyout_rules_default();
    basic_rules.dealer_five = rem->base.dealer_five;
    struct buyout_sim *basic = buyout_sim_basic_new(&basic_rules, 0, err, errlen);
    if (!basic && cluster_rank() == 0)
        return -1;
    double cuts[2] = {pa->cut ? pa->cut : 1, 1.5};
    int players[2] = {pa->players ? pa->players : 1, 5};
    int ncuts = pa->cut ? 1 : 2, nplayers = pa->players ? 1 : 2;
    *nsims = 0;
    int rc = 0;
    for (int c = 0; c < ncuts && rc == 0 && basic; c++)
        for (int p = 0; p < nplayers && rc == 0; p++) {
            struct buyout_shoe_sim_options o = {.cut_decks = cuts[c], .players = players[p], .rounds = pa->rounds,
                                                .seed = pa->seed, .spread = pa->spread,
                                                .keep_shoes = *nsims == 0 ? pa->exact_shoes : 0};
            rc = buyout_shoe_sim_run(counts, basic, &o, progress, &sims[(*nsims)++], err, errlen);
        }
    buyout_sim_basic_free(basic);
    int n = rc == 0 && cluster_rank() == 0 ? sims[0].nkept : 0;
    if (cluster_bcast(&n, sizeof n) != 0)
        return snprintf(err, errlen, "MPI: broadcast failed"), -1;
    if (rc != 0)
        return rc;
    struct checkpoint cp; /* each exact shoe (its piece holds the shoe itself) */
    const struct checkpoint *kept = resume_open(pa, &rem->base, "buyout-exact-shoe", "--count, exact shoes", &cp);
    return buyout_exact_check_run(rem, counts, cluster_rank() == 0 ? sims[0].kept : NULL, n, progress, kept, x, err,
                                  errlen);
}

/* Where the report goes: BASE.md and BASE.json (--all-formats), or one
 * file or stdout in the format asked for. */
struct report_files {
    struct output_files *out;
    int md, json, report;
    bool all_formats, as_json;
};

/* Writes the report (rank 0) through write(f, as_json, ctx). */
static void write_reports(const struct report_files *rf, void (*write)(FILE *, bool, const void *), const void *ctx)
{
    if (cluster_rank() != 0)
        return;
    if (rf->all_formats) {
        write(output_files_fp(rf->out, rf->md, NULL), false, ctx);
        write(output_files_fp(rf->out, rf->json, NULL), true, ctx);
    } else {
        write(output_files_fp(rf->out, rf->report, stdout), rf->as_json, ctx);
    }
}

/* The removal table alone, or the whole count report. */
struct count_outputs {
    bool removal;
    struct buyout_count_report c;
};

static void write_count(FILE *f, bool json, const void *ctx)
{
    const struct count_outputs *o = ctx;
    write_report(f, o->removal, json, &o->c);
}

static void write_seen(FILE *f, bool json, const void *ctx)
{
    json ? cli_write_json(f, "protect", buyout_seen_json(ctx)) : buyout_seen_print(f, ctx);
}

/* --removal or --count.  0, or 1 with a message on stderr. */
static int run_removal_count(const struct buyout_rules *rules, const struct protect_args *pa, bool progress,
                             const struct report_files *rf)
{
    double t0 = omp_get_wtime();
    char err[512];
    struct buyout_removal rem;
    struct buyout_count counts[BUYOUT_NGAMES];
    struct buyout_shoe_sim sims[4];
    struct buyout_exact_check x = {0};
    int nsims = 0;
    int rc = buyout_removal_solve(rules, progress, &rem, err, sizeof err);
    if (rc == 0 && pa->count)
        rc = run_count(pa, &rem, progress, counts, sims, &nsims, &x, err, sizeof err);
    if (rc == 0) {
        struct count_outputs o = {pa->removal, {&rem, counts, sims, nsims, &x, omp_get_wtime() - t0}};
        write_reports(rf, write_count, &o);
    } else {
        fprintf(stderr, "fourcard protect: %s\n", err);
    }
    for (int i = 0; i < nsims; i++)
        free(sims[i].kept);
    buyout_exact_check_free(&x);
    return rc != 0;
}

static void write_seats(FILE *f, bool json, const void *ctx)
{
    json ? cli_write_json(f, "protect", buyout_seats_json(ctx)) : buyout_seats_print(f, ctx);
}

/* --seats N.  0, or 1 with a message on stderr. */
static int run_seats(const struct buyout_rules *rules, const struct protect_args *pa, const struct run_options *run,
                     bool progress, const struct report_files *rf)
{
    enum { DEFAULT_TABLES = 1000 }; /* a seat costs about 7 ms of CPU (its dealer tables): 2-7 seats in 3 minutes */
    char err[512];
    struct buyout_seats *s = malloc(sizeof *s);
    if (!s)
        return fprintf(stderr, "fourcard protect: out of memory\n"), 1;
    struct buyout_solve_options o = {.threads = run->threads, .progress = progress, .bind = run->bind};
    int64_t tables = pa->rounds_given ? pa->rounds : DEFAULT_TABLES;
    struct checkpoint cp; /* each block of tables: its sums depend on the seed and, the last, on their number */
    char what[96];
    snprintf(what, sizeof what, "--seats in order of play, the turned cards seen, seed %llu, %lld tables",
             (unsigned long long)pa->seed, (long long)tables);
    const struct checkpoint *kept = resume_open(pa, rules, "buyout-seats", what, &cp);
    int rc = buyout_seats_run(rules, &o, pa->seats, pa->seats_hi, tables, pa->seed, kept, s, err, sizeof err);
    if (rc == 0)
        write_reports(rf, write_seats, s);
    else
        fprintf(stderr, "fourcard protect: %s\n", err);
    free(s);
    return rc != 0;
}

/* --seen 1, and with --card the hole-carder's card built on it (card, read
 * by the caller).  0, or 1 with a message on stderr. */
static int run_seen(const struct buyout_rules *rules, const struct protect_args *pa, const struct buyout_card *card,
                    bool progress, const struct report_files *rf)
{
    enum { ADDED = 4 }; /* hole-card rules added at each card by default */
    char err[512];
    struct buyout_seen_result *res = card ? NULL : malloc(sizeof *res);
    struct buyout_seen_card *sc = card ? malloc(sizeof *sc) : NULL;
    if (!res && !sc)
        return fprintf(stderr, "fourcard protect: out of memory\n"), 1;
    int added = pa->card_rules_given ? pa->card_rules : ADDED;
    int rc = card ? buyout_seen_card_build(rules, card, added, added, progress, sc, err, sizeof err)
                  : buyout_seen_solve(rules, pa->seen, NULL, progress, res, err, sizeof err);
    struct buyout_seen_report rep = {card ? &sc->seen : res, sc, pa->card};
    if (rc == 0)
        write_reports(rf, write_seen, &rep);
    else
        fprintf(stderr, "fourcard protect: %s\n", err);
    free(res), free(sc);
    return rc != 0;
}

int buyout_cmd_protect(int argc, char **argv, struct protect_args *pa)
{
    struct buyout_rules rules;
    struct run_options run = {0};
    const struct cli_extra extra = protect_extra(HELP, pa);
    int rc = buyout_cli_rules(argc, argv, &extra, &rules, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (check(&rules, pa) != 0)
        return EXIT_USAGE;
    struct buyout_card card;
    char err[700];
    if (pa->card && buyout_card_load_seen(pa->card, &card, err, sizeof err) != 0)
        return cli_error("protect", "%s", err), EXIT_USAGE;
    bool root = cluster_rank() == 0, progress = !run.quiet && root;
    struct protect_outputs o;
    if ((rc = protect_outputs_open(&o, pa, run.output, run.json)) != 0)
        return rc;
    team_start(run.threads, run.bind);
    struct report_files files = {&o.files, o.md, o.json, o.report, pa->all_formats != NULL, run.json};
    rc = pa->seats ? run_seats(&rules, pa, &run, progress, &files)
         : pa->seen ? run_seen(&rules, pa, pa->card ? &card : NULL, progress, &files)
                    : run_removal_count(&rules, pa, progress, &files);
    if (rc != 0) {
        output_files_abort(&o.files);
        return 1;
    }
    return output_files_commit(&o.files);
}
