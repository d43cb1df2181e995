/* split_protect_cli.c — `fourcard protect split --seen K | --seats N`: what
 * seeing one or two of the dealer's hidden cards (split_seen.h), or the other
 * players' cards at a colluding table (split_seats.h), is worth in 4 Card
 * Split. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "checkpoint.h"
#include "cli.h"
#include "cluster.h"
#include "output_files.h"
#include "protect_cli.h"
#include "split_cli.h"
#include "split_card.h"
#include "split_seats_report.h"
#include "split_seen_report.h"

static const char HELP[] =
    "usage: fourcard protect split --seen K | --seats N [--preset NAME | --paytable FILE] [options]\n"
    "\n"
    "--seen K: hole-carding, the player also sees K (1 or 2) of the dealer's\n"
    "three hidden cards and plays the best strategy for what he sees.  Computed\n"
    "exactly over every situation (his 4 cards, the upcard, the seen cards):\n"
    "the EV per unit, the normal game's, the swing, how often and how the\n"
    "decision changes, by the (higher) seen rank; the hole-carder's\n"
    "strategy as a card (the normal setting, then play thresholds by seen card\n"
    "and upcard) with its exact EV.  About 2.5 CPU-minutes for K = 1\n"
    "(about 75 s on 2 cores), 30 to 38 for K = 2 (15 to 19 on 2).  With --card\n"
    "FILE, also the hole-carder's card in the card language: FILE's card with\n"
    "play rules on the seen card put above its play rules, each exact.\n"
    "\n"
    "--seats N: N players at one table show each other their four cards, and\n"
    "each plays the decision optimal with them all known (each decides before\n"
    "any hand is filled).  The EV of each dealt table is exact (every dealer hole\n"
    "triple and every filling of the cards left); the tables are dealt at random\n"
    "(seeded, the same figures at any thread or rank count) and averaged: the EV\n"
    "per seat with its standard error, against the single player's.\n"
    "\n"
    "options:\n"
    "  --seen K             hidden cards seen: 1 or 2\n"
    "  --card FILE          --seen: play the card FILE (a card file, as 'card split'\n"
    "                       writes; rules may name the 'seen card', the higher of\n"
    "                       two) with the seen cards, and add play rules on the\n"
    "                       seen card, each the one that earns most\n"
    "  --card-rules N       --card: rules added, 0..16 (default 8; 0 prices FILE\n"
    "                       as it is, with the cards seen)\n"
    "  --seats N | LO-HI    players at the colluding table, 2 to 7, or a range (2-7)\n"
    "  --rounds N           --seats: tables dealt per table size (default 100000)\n"
    "  --seed S             --seats: a whole number (default 1)\n"
    "  --preset NAME        a paytable of the seeds (default 2014-1a)\n"
    "  --paytable FILE      your own game (INI; see docs/split-paytable-format.md)\n"
    "  --instant R          several instant winners in one hand: choose (default)\n"
    "                       or highest\n"
    "  --json               one JSON object instead of Markdown\n"
    "  --all-formats BASE   BASE.md and BASE.json from one run\n"
    "  --resume DIR         keep each finished piece of the run in DIR (--seen: 52\n"
    "                       pieces, one per upcard; --seats: blocks of 64 tables),\n"
    "                       written whole;\n"
    "                       run again with the same DIR, a stopped\n"
    "                       run computes only the pieces it had not finished: the\n"
    "                       same figures (a piece of other options, another\n"
    "                       version or a damaged file is computed again, with one\n"
    "                       warning line)\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the situations or the blocks of tables (and the\n"
    "pieces; with --resume every rank needs DIR); rank 0 writes the report.\n";

/* The options that do not belong here, or none. */
static int check(const struct protect_args *pa)
{
    if (pa->removal || pa->count)
        return cli_error("protect", "%s is for buyout's shoe: split is dealt from one deck",
                         pa->removal ? "--removal" : "--count"), -1;
    if (pa->shoe_options)
        return cli_error("protect", "--cut, --players, --spread and --exact-shoes go with 'protect buyout --count'"),
               -1;
    if ((pa->card || pa->card_rules_given) && !pa->seen)
        return cli_error("protect", "--card and --card-rules go with --seen K (the hole-carder's card)"), -1;
    if (pa->card_rules_given && !pa->card)
        return cli_error("protect", "--card-rules N goes with --card FILE (the card to build on)"), -1;
    if (!pa->seen == !pa->seats)
        return cli_error("protect", pa->seen ? "--seen and --seats: give one" : "missing --seen K or --seats N (the "
                                                                               "analysis to run)"), -1;
    if (pa->seen && (pa->rounds_given || pa->seed_given))
        return cli_error("protect", "%s goes with --seats (--seen is exact)", pa->rounds_given ? "--rounds" : "--seed"),
               -1;
    if (pa->seats && (pa->upcards || pa->stride))
        return cli_error("protect", "--upcards and --stride go with --seen (test runs)"), -1;
    return 0;
}

/* --upcards RANKS (tests): the upcard ranks to keep, as bits. */
static int parse_upcards(const char *arg, uint16_t *out)
{
    *out = 0;
    for (const char *p = arg ? arg : ""; *p; p++) {
        const char *at = strchr(RANK_CHARS, *p);
        if (!at)
            return cli_error("protect", "bad rank '%c' in --upcards (of %s)", *p, RANK_CHARS), -1;
        *out |= (uint16_t)(1u << (at - RANK_CHARS));
    }
    return 0;
}

/* --resume DIR: the folder's pieces of this run's question, everything
 * the totals depend on: what (the analysis and its own options), the
 * program and the game (every rank opens it: each takes its own pieces).
 * 0, or -1 with a message. */
static int resume_open(const char *dir, const struct split_paytable *pt, const char *name, const char *file,
                       const char *what, struct checkpoint *cp, char *err, size_t errlen)
{
    char q[2048];
    int at = snprintf(q, sizeof q, "protect split %s; fourcard %s; %s; rules %s, dealer %d, qualify %d, den %lld;",
                      name, FOURCARD_VERSION, what, pt->version, (int)pt->rules.dealer, pt->rules.qualify_high,
                      (long long)pt->den);
    for (int i = 0; i < SPLIT_NLINES && at > 0 && (size_t)at < sizeof q; i++)
        at += snprintf(q + at, sizeof q - (size_t)at, " %s %lld", split_line_at(i)->name,
                       (long long)split_line_pay_of(pt, split_line_at(i)));
    static const char PREFIX[] = "--resume: "; /* the message's first words, the folder's error after them */
    snprintf(err, errlen, "%s", PREFIX);
    return checkpoint_open(cp, dir, file, q, err + strlen(PREFIX), errlen - strlen(PREFIX));
}

/* --seats: tables dealt per size without --rounds (a seat costs about
 * 0.1 to 0.2 ms of CPU: 2-7 seats, 2.7 million seats, in a few minutes). */
enum { DEFAULT_TABLES = 100000 };

/* --card's rules added without --card-rules. */
enum { DEFAULT_ADDED = 8 };

/* What a run computed, and how to write it. */
struct split_protection {
    bool seats;
    struct split_seen_result seen;
    const char *card_file; /* --card FILE */
    struct split_seats tables;
};

static void write_report(FILE *f, bool json, const struct split_protection *x)
{
    if (x->seats)
        json ? cli_write_json(f, "protect", split_seats_json(&x->tables)) : split_seats_print(f, &x->tables);
    else
        json ? cli_write_json(f, "protect", split_seen_json(&x->seen, x->card_file))
             : split_seen_print(f, &x->seen, x->card_file);
}

/* A card's rules as a number for the resume folder's question (FNV-1a of
 * their texts; 0: no card): pieces of another card are computed again. */
static uint64_t card_hash(const struct split_card *c)
{
    uint64_t h = 0;
    char text[512];
    for (int i = 0; c && i < c->n; i++) {
        h = h ? h : UINT64_C(0xcbf29ce484222325);
        for (const char *p = split_rule_text(&c->rule[i], text, sizeof text); *p; p++)
            h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001b3);
        h = (h ^ '\n') * UINT64_C(0x100000001b3);
    }
    return h;
}

/* --seen K: 0, or -1 with a message. */
static int run_seen(const struct split_args *a, const struct protect_args *pa, uint16_t upcards,
                    const struct split_paytable *pt, const struct split_card *card, struct split_protection *x,
                    char *err, size_t errlen)
{
    struct split_seen_options o = {.seen = pa->seen, .instant = a->instant, .threads = a->run.threads,
                                   .bind = a->run.bind, .progress = !a->run.quiet, .upcards = upcards,
                                   .stride = pa->stride};
    if (card) {
        o.rules = card, o.rules_added = pa->card_rules_given ? pa->card_rules : DEFAULT_ADDED;
        x->card_file = pa->card;
    }
    char what[160];
    snprintf(what, sizeof what, "instant %d, upcards %u, stride %d, a piece per upcard, card %016llx", (int)o.instant,
             o.upcards, o.stride, (unsigned long long)card_hash(card));
    struct checkpoint cp;
    char name[16];
    snprintf(name, sizeof name, "--seen %d", pa->seen);
    if (a->resume && resume_open(a->resume, pt, name, "split-seen", what, &cp, err, errlen) != 0)
        return -1;
    o.resume = a->resume ? &cp : NULL;
    return split_seen_solve(pt, &o, &x->seen, err, errlen);
}

/* --seats N: 0, or -1 with a message. */
static int run_seats(const struct split_args *a, const struct protect_args *pa, const struct split_paytable *pt,
                     struct split_protection *x, char *err, size_t errlen)
{
    int64_t tables = pa->rounds_given ? pa->rounds : DEFAULT_TABLES;
    struct split_seats_options o = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                    .progress = !a->run.quiet};
    char what[128];
    snprintf(what, sizeof what, "instant %d, seed %llu, tables %lld", (int)o.instant, (unsigned long long)pa->seed,
             (long long)tables);
    struct checkpoint cp;
    if (a->resume && resume_open(a->resume, pt, "--seats", "split-seats", what, &cp, err, errlen) != 0)
        return -1;
    o.resume = a->resume ? &cp : NULL;
    x->seats = true;
    return split_seats_run(pt, &o, pa->seats, pa->seats_hi, tables, pa->seed, &x->tables, err, errlen);
}

int split_cmd_protect(int argc, char **argv, struct protect_args *pa)
{
    struct split_args a = {0};
    const struct cli_extra extra = protect_extra(HELP, pa);
    int rc = split_parse_args("protect", HELP, argc, argv, &extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct split_paytable pt;
    uint16_t upcards;
    if (check(pa) != 0 || parse_upcards(pa->upcards, &upcards) != 0 || split_load_paytable("protect", &a, &pt) != 0)
        return EXIT_USAGE;
    char err[ATOMIC_FILE_ERRLEN];
    struct split_protection *x = calloc(1, sizeof *x);
    struct split_card *card = pa->card ? malloc(sizeof *card) : NULL;
    if (!x || (pa->card && !card))
        return free(x), free(card), fprintf(stderr, "fourcard protect: out of memory\n"), 1;
    if (card && split_card_load_seen(pa->card, a.instant, card, err, sizeof err) != 0)
        return free(x), free(card), cli_error("protect", "%s", err), EXIT_USAGE;
    struct protect_outputs outs;
    if ((rc = protect_outputs_open(&outs, pa, a.run.output, a.run.json)) != 0)
        return free(x), free(card), rc;
    if ((pa->seats ? run_seats(&a, pa, &pt, x, err, sizeof err)
                   : run_seen(&a, pa, upcards, &pt, card, x, err, sizeof err)) != 0) {
        output_files_abort(&outs.files);
        free(x), free(card);
        return fprintf(stderr, "fourcard protect: %s\n", err), 1;
    }
    free(card); /* the report names its file and holds its rules */
    if (cluster_rank() != 0)
        return free(x), 0;
    if (pa->all_formats) {
        write_report(output_files_fp(&outs.files, outs.md, NULL), false, x);
        write_report(output_files_fp(&outs.files, outs.json, NULL), true, x);
    } else {
        write_report(output_files_fp(&outs.files, outs.report, stdout), a.run.json, x);
    }
    free(x);
    return output_files_commit(&outs.files);
}
