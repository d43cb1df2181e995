/* split_protect_cli.c — `fourcard protect split --seen 1`: what seeing one
 * of the dealer's hidden cards is worth in 4 Card Split (split_seen.h). */
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
#include "split_seen_report.h"

static const char HELP[] =
    "usage: fourcard protect split --seen 1 [--preset NAME | --paytable FILE] [options]\n"
    "\n"
    "Hole-carding: the player also sees one of the dealer's three hidden cards\n"
    "and plays the best strategy for what he sees.  Computed exactly over every\n"
    "situation (his 4 cards, the upcard, the seen card): the EV per unit, the\n"
    "normal game's, the swing, how often and how the decision changes.\n"
    "\n"
    "options:\n"
    "  --seen 1             hidden cards seen (1)\n"
    "  --preset NAME        a paytable of the seeds (default 2014-1a)\n"
    "  --paytable FILE      your own game (INI; see docs/split-paytable-format.md)\n"
    "  --instant R          several instant winners in one hand: choose (default)\n"
    "                       or highest\n"
    "  --json               one JSON object instead of Markdown\n"
    "  --all-formats BASE   BASE.md and BASE.json from one run\n"
    "  --resume DIR         keep each finished piece of the run in DIR (64 pieces,\n"
    "                       written whole); run again with the same DIR, a stopped\n"
    "                       run computes only the pieces it had not finished: the\n"
    "                       same figures (a piece of other options, another\n"
    "                       version or a damaged file is computed again, with one\n"
    "                       warning line)\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the situations (and the pieces; with --resume\n"
    "every rank needs DIR); rank 0 writes the report.\n";

/* The options that do not belong here, or none. */
static int check(const struct protect_args *pa)
{
    if (pa->removal || pa->count || pa->seats)
        return cli_error("protect", "%s is not available for split (it has --seen 1)",
                         pa->removal ? "--removal" : pa->count ? "--count" : "--seats"), -1;
    if (pa->count_options)
        return cli_error("protect", "--cut, --players, --rounds, --seed, --spread and --exact-shoes are buyout's "
                                    "--count options"), -1;
    if (pa->seen != 1)
        return cli_error("protect", pa->seen ? "--seen %d is not available for split yet (--seen 1 is)"
                                             : "missing --seen 1", pa->seen), -1;
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
 * the totals depend on (every rank opens it: each takes its own pieces).
 * 0, or -1 with a message. */
static int resume_open(const char *dir, const struct split_paytable *pt, const struct split_seen_options *o,
                       struct checkpoint *cp, char *err, size_t errlen)
{
    char q[2048];
    int at = snprintf(q, sizeof q, "protect split --seen 1; fourcard %s; instant %d, upcards %u, stride %d; rules %s, "
                                   "dealer %d, qualify %d, den %lld;",
                      FOURCARD_VERSION, (int)o->instant, o->upcards, o->stride, pt->version, (int)pt->rules.dealer,
                      pt->rules.qualify_high, (long long)pt->den);
    for (int i = 0; i < SPLIT_NLINES && at > 0 && (size_t)at < sizeof q; i++)
        at += snprintf(q + at, sizeof q - (size_t)at, " %s %lld", split_line_at(i)->name,
                       (long long)split_line_pay_of(pt, split_line_at(i)));
    return checkpoint_open(cp, dir, "split-seen", q, err, errlen);
}

static void write_report(FILE *f, bool json, const struct split_seen_result *r)
{
    json ? cli_write_json(f, "protect", split_seen_json(r)) : split_seen_print(f, r);
}

int split_cmd_protect(int argc, char **argv, struct protect_args *pa)
{
    struct split_args a = {0};
    const struct cli_extra extra = protect_extra(HELP, pa);
    int rc = split_parse_args("protect", HELP, argc, argv, &extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct split_paytable pt;
    struct split_seen_options o = {.instant = a.instant, .threads = a.run.threads, .bind = a.run.bind,
                                   .progress = !a.run.quiet, .stride = pa->stride};
    if (check(pa) != 0 || parse_upcards(pa->upcards, &o.upcards) != 0 ||
        split_load_paytable("protect", &a, &pt) != 0)
        return EXIT_USAGE;
    struct protect_outputs outs;
    if ((rc = protect_outputs_open(&outs, pa, a.run.output, a.run.json)) != 0)
        return rc;
    char err[ATOMIC_FILE_ERRLEN];
    struct checkpoint cp;
    if (a.resume && resume_open(a.resume, &pt, &o, &cp, err, sizeof err) != 0) {
        output_files_abort(&outs.files);
        return fprintf(stderr, "fourcard protect: --resume: %s\n", err), 1;
    }
    o.resume = a.resume ? &cp : NULL;
    struct split_seen_result r;
    if (split_seen_solve(&pt, &o, &r, err, sizeof err) != 0) {
        output_files_abort(&outs.files);
        return fprintf(stderr, "fourcard protect: %s\n", err), 1;
    }
    if (cluster_rank() != 0)
        return 0;
    if (pa->all_formats) {
        write_report(output_files_fp(&outs.files, outs.md, NULL), false, &r);
        write_report(output_files_fp(&outs.files, outs.json, NULL), true, &r);
    } else {
        write_report(output_files_fp(&outs.files, outs.report, stdout), a.run.json, &r);
    }
    return output_files_commit(&outs.files);
}
