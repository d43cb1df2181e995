/* cmd_solve.c — `fourcard solve GAME`, `fourcard sweep GAME` and
 * `fourcard presets GAME`.  `solve frenzy` and `solve buyout` go to
 * frenzy_cli.c and buyout_cli.c; the options of split are split_cli.c's. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "output_files.h"
#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "games.h"
#include "split_cli.h"
#include "split_report.h"
#include "split_solve.h"
#include "split_strategy.h"

static const char SOLVE_HELP[] =
    "usage: fourcard solve split [--preset NAME | --paytable FILE] [options]\n"
    "       fourcard solve frenzy --help   (Four Card Frenzy: its own options)\n"
    "       fourcard solve buyout --help   (4 Card Buyout: its own options)\n"
    "\n"
    "Computes exactly the optimal decision in every situation (the player's 4\n"
    "cards and the dealer's upcard) and the EV of a whole round: Blind, both\n"
    "Antes and all Play bets, per one unit (Blind = Ante = 1).\n"
    "\n"
    "options:\n"
    "  --preset NAME        a paytable of the seeds (default 2014-1a; see\n"
    "                       'fourcard presets split')\n"
    "  --paytable FILE      your own game (INI; see docs/split-paytable-format.md)\n"
    "  --instant R          several instant winners in one hand: choose (default;\n"
    "                       the player keeps the best for him) or highest (he must\n"
    "                       take the highest-paying)\n"
    "  --strategy FILE.csv  write the strategy: one row per canonical situation\n"
    "  --json               one JSON object instead of the table\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the work; rank 0 prints and writes the files.\n";

static const char SWEEP_HELP[] =
    "usage: fourcard sweep split [--presets LIST] [options]\n"
    "\n"
    "Solves many presets in one run: one enumeration per rule version, then\n"
    "only pricing and maximising per paytable.\n"
    "\n"
    "options:\n"
    "  --presets LIST       comma-separated preset names (default: all 25)\n"
    "  --resume DIR         keep each finished preset's result in DIR (written whole\n"
    "                       as it completes); a restarted sweep skips what is there\n"
    "                       (DIR must be one folder that every MPI rank sees)\n"
    "  --instant R          choose (default) or highest\n"
    "  --json               a JSON array of objects like solve's\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the work; rank 0 prints and writes the files.\n";

static const char PRESETS_HELP[] =
    "usage: fourcard presets split [--json]\n"
    "\n"
    "Lists the presets of 4 Card Split with their rules and paytables.\n";

struct results {
    const struct split_result *r;
    int n;
    bool json, array;
};

static void write_results(FILE *f, void *ctx)
{
    const struct results *rs = ctx;
    if (!rs->json) {
        for (int i = 0; i < rs->n; i++)
            split_result_print(f, &rs->r[i]);
        return;
    }
    json_object *doc = rs->array ? json_object_new_array() : split_result_json(&rs->r[0]);
    for (int i = 0; rs->array && i < rs->n; i++)
        json_object_array_add(doc, split_result_json(&rs->r[i]));
    fprintf(f, "%s\n", json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
    json_object_put(doc);
}

int cmd_solve(int argc, char **argv)
{
    /* no game or an unknown one: split's parser names the problem */
    const struct cli_game *g = cli_game_find(argc, argv);
    return (g ? g : cli_game_named("split"))->solve(argc, argv);
}

int split_cmd_solve(int argc, char **argv)
{
    struct split_args a = {0};
    int rc = split_parse_args("solve", SOLVE_HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    struct split_paytable pt;
    char err[512];
    if (split_load_paytable("solve", &a, &pt) != 0)
        return EXIT_USAGE;
    bool root = cluster_rank() == 0; /* only rank 0 writes */
    struct output_files out;
    output_files_init(&out, "solve");
    int report = output_files_add(&out, root ? a.run.output : NULL);
    int strategy = output_files_add(&out, root ? a.strategy : NULL);
    if (output_files_open(&out) != 0)
        return 1;
    struct split_decision *dec = NULL;
    struct split_solve_options o = {.instant = a.instant, .threads = a.run.threads, .bind = a.run.bind,
                                    .strategy = a.strategy != NULL, .decisions = &dec, .progress = !a.run.quiet};
    struct split_result r;
    if (split_solve(&pt, 1, &o, &r, err, sizeof err) != 0) {
        output_files_abort(&out);
        free(dec);
        return fprintf(stderr, "fourcard solve: %s\n", err), 1;
    }
    if (!root)
        return 0;
    int written = strategy >= 0 ? split_strategy_write(output_files_fp(&out, strategy, NULL), dec, &pt) : 0;
    free(dec);
    if (written != 0) {
        output_files_abort(&out);
        return fprintf(stderr, "fourcard solve: out of memory\n"), 1;
    }
    struct results rs = {&r, 1, a.run.json, false};
    write_results(output_files_fp(&out, report, stdout), &rs);
    return output_files_commit(&out);
}

/* Room for a sweep's presets: pick_presets names each at most once, and
 * there are fewer presets than this (checked there). */
enum { SWEEP_MAX = 64 };

/* The presets named in a comma-separated list, or all of them. */
static int pick_presets(const char *list, const struct split_paytable **out)
{
    if (split_preset_count() > SWEEP_MAX)
        return cli_error("sweep", "internal error: %d presets, room for %d", split_preset_count(), SWEEP_MAX), -1;
    if (!list) {
        for (int i = 0; i < split_preset_count(); i++)
            out[i] = split_preset_at(i);
        return split_preset_count();
    }
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const struct split_paytable *p = split_preset_find(tok);
        if (!p)
            return cli_error("sweep", "unknown preset '%s' in --presets (try 'fourcard presets split')", tok), -1;
        for (int i = 0; i < n; i++)
            if (out[i] == p)
                return cli_error("sweep", "preset '%s' named twice in --presets", tok), -1;
        out[n++] = p;
    }
    if (n == 0)
        return cli_error("sweep", "--presets names no preset"), -1;
    return n;
}

/* --resume DIR: one file per finished preset, written whole as soon as its
 * group is solved; a restarted sweep reads them back and skips them. */
static void resume_path(const char *dir, const struct split_paytable *pt, enum split_instant_reading r, char *buf,
                        size_t len)
{
    snprintf(buf, len, "%s/split-%s-%s.json", dir, pt->name, r == SPLIT_INSTANT_CHOOSE ? "choose" : "highest");
}

static json_object *resume_load(const char *dir, const struct split_paytable *pt, enum split_instant_reading r)
{
    char path[4200];
    resume_path(dir, pt, r, path, sizeof path);
    json_object *o = json_object_from_file(path), *name;
    if (o && json_object_object_get_ex(o, "preset", &name) && !strcmp(json_object_get_string(name), pt->name))
        return o;
    json_object_put(o); /* absent, unreadable or not this preset's: solve it again */
    return NULL;
}

static int resume_save(const char *dir, const struct split_result *r, char *err, size_t errlen)
{
    char path[4200];
    resume_path(dir, &r->pt, r->instant, path, sizeof path);
    struct atomic_file f;
    if (atomic_file_open(&f, path, err, errlen) != 0)
        return -1;
    json_object *o = split_result_json(r);
    fprintf(f.fp, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
    json_object_put(o);
    return atomic_file_commit(&f, err, errlen);
}

/* The report of a resumed sweep comes from the stored objects. */
static void write_stored(FILE *f, json_object **objs, int n, bool json)
{
    if (json) {
        json_object *arr = json_object_new_array();
        for (int i = 0; i < n; i++)
            json_object_array_add(arr, json_object_get(objs[i]));
        fprintf(f, "%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
        json_object_put(arr);
        return;
    }
    fprintf(f, "%-10s %14s  %s\n", "preset", "house edge %", "EV per unit (exact)");
    for (int i = 0; i < n; i++) {
        json_object *name, *he, *ev, *exact;
        json_object_object_get_ex(objs[i], "preset", &name);
        json_object_object_get_ex(objs[i], "house_edge_percent", &he);
        json_object_object_get_ex(objs[i], "ev", &ev);
        json_object_object_get_ex(ev, "exact", &exact);
        fprintf(f, "%-10s %14.6f  %s\n", json_object_get_string(name), json_object_get_double(he),
                json_object_get_string(exact));
    }
}

/* Rank 0's resume folder says which presets are done: every rank must
 * solve the same ones (their gathers pair up), and a rank on another node
 * may see another folder.  -1 on an MPI failure. */
static int resume_agree(bool *done, json_object **stored, int n)
{
    unsigned char flags[SWEEP_MAX];
    for (int i = 0; i < n; i++)
        flags[i] = done[i];
    if (cluster_bcast(flags, (size_t)n) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        done[i] = flags[i];
        if (!done[i] && stored[i]) { /* only rank 0 writes the stored ones */
            json_object_put(stored[i]);
            stored[i] = NULL;
        }
    }
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    struct split_args a = {0};
    int rc = split_parse_args("sweep", SWEEP_HELP, argc, argv, NULL, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    const struct split_paytable *chosen[SWEEP_MAX];
    int n = pick_presets(a.presets, chosen);
    if (n < 0)
        return EXIT_USAGE;
    bool root = cluster_rank() == 0;
    struct output_files out;
    output_files_init(&out, "sweep");
    int report = output_files_add(&out, root ? a.run.output : NULL);
    if (output_files_open(&out) != 0)
        return 1;
    struct split_result *res = calloc((size_t)n, sizeof *res);
    struct split_paytable *group = calloc((size_t)n, sizeof *group);
    struct split_result *gres = calloc((size_t)n, sizeof *gres);
    int *where = calloc((size_t)n, sizeof *where);
    bool *done = calloc((size_t)n, sizeof *done);
    json_object **stored = calloc((size_t)n, sizeof *stored);
    char err[512];
    rc = (!res || !group || !gres || !where || !done || !stored) ? (snprintf(err, sizeof err, "out of memory"), 1) : 0;
    for (int i = 0; i < n && rc == 0 && a.resume; i++)
        done[i] = (stored[i] = resume_load(a.resume, chosen[i], a.instant)) != NULL;
    if (rc == 0 && a.resume && resume_agree(done, stored, n) != 0)
        rc = (snprintf(err, sizeof err, "MPI: sharing the resume folder's state failed"), 1);
    /* one enumeration per set of dealing rules, in the order first named */
    for (int i = 0; i < n && rc == 0; i++) {
        if (done[i])
            continue;
        int g = 0;
        for (int j = i; j < n; j++)
            if (!done[j] && split_rules_equal(&chosen[j]->rules, &chosen[i]->rules)) {
                group[g] = *chosen[j];
                where[g++] = j;
                done[j] = true;
            }
        struct split_solve_options o = {.instant = a.instant, .threads = a.run.threads, .bind = a.run.bind, .progress = !a.run.quiet};
        if (split_solve(group, g, &o, gres, err, sizeof err) != 0)
            rc = 1;
        for (int k = 0; k < g && rc == 0; k++) {
            res[where[k]] = gres[k];
            if (a.resume && root && resume_save(a.resume, &gres[k], err, sizeof err) != 0)
                rc = 1;
            else if (a.resume)
                stored[where[k]] = split_result_json(&gres[k]);
        }
    }
    if (rc == 0 && !root) {
        /* the other ranks only computed */
    } else if (rc == 0) {
        struct results rs = {res, n, a.run.json, true};
        if (a.resume)
            write_stored(output_files_fp(&out, report, stdout), stored, n, a.run.json);
        else
            write_results(output_files_fp(&out, report, stdout), &rs);
        rc = output_files_commit(&out);
    } else {
        output_files_abort(&out);
        fprintf(stderr, "fourcard sweep: %s\n", err);
    }
    for (int i = 0; stored && i < n; i++)
        json_object_put(stored[i]);
    free(res), free(group), free(gres), free(where), free(done), free(stored);
    return rc;
}

static void print_preset(FILE *f, const struct split_paytable *p)
{
    fprintf(f, "%-8s rules %-4s dealer %-23s qualifies %c-high  ante draw RF %g SF %g 3K %g S %g F %g"
               "  instant S %g  blind RF %g 4K %g SF %g 3K %g F %g S %g 2P %g HP %g\n",
            p->name, p->version, p->rules.dealer == SPLIT_DEALER_BEST3OF4 ? "best 3 of 4" : "upcard + best 2 of 3",
            RANK_CHARS[p->rules.qualify_high], (double)p->ante_draw[E3_ROYAL] / p->den,
            (double)p->ante_draw[E3_STRAIGHT_FLUSH] / p->den, (double)p->ante_draw[E3_TRIPS] / p->den,
            (double)p->ante_draw[E3_STRAIGHT] / p->den, (double)p->ante_draw[E3_FLUSH] / p->den,
            (double)p->ante_instant[E3_STRAIGHT] / p->den, (double)p->blind[BL_ROYAL] / p->den,
            (double)p->blind[BL_QUADS] / p->den, (double)p->blind[BL_STRAIGHT_FLUSH] / p->den,
            (double)p->blind[BL_TRIPS] / p->den, (double)p->blind[BL_FLUSH] / p->den,
            (double)p->blind[BL_STRAIGHT] / p->den, (double)p->blind[BL_TWO_PAIR] / p->den,
            (double)p->blind[BL_PAIR_HIGH] / p->den);
}

int cmd_presets(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0},
    };
    bool json = false;
    int c;
    optind = 1;
    while ((c = cli_getopt("presets", argc, argv, "h", opts)) != -1) {
        if (c == 'h')
            return fputs(PRESETS_HELP, stdout), 0;
        if (c != 'j')
            return EXIT_USAGE;
        json = true;
    }
    if (optind >= argc)
        return cli_error("presets", "missing GAME (split)");
    if (strcmp(argv[optind], "split"))
        return cli_error("presets", "unknown game '%s' (split)", argv[optind]);
    if (optind + 1 < argc)
        return cli_error("presets", "unexpected argument '%s'", argv[optind + 1]);
    if (!json) {
        for (int i = 0; i < split_preset_count(); i++)
            print_preset(stdout, split_preset_at(i));
        return 0;
    }
    json_object *arr = json_object_new_array();
    for (int i = 0; i < split_preset_count(); i++) {
        struct split_result r = {.pt = *split_preset_at(i)};
        json_object *o = json_object_new_object(), *rules = split_result_json(&r);
        json_object_object_add(o, "preset", json_object_new_string(r.pt.name));
        json_object *rj;
        json_object_object_get_ex(rules, "rules", &rj);
        json_object_object_add(o, "rules", json_object_get(rj));
        json_object_put(rules);
        json_object_array_add(arr, o);
    }
    printf("%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
    json_object_put(arr);
    return 0;
}
