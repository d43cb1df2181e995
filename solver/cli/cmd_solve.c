/* cmd_solve.c — `fourcard solve GAME`, `fourcard sweep GAME` and
 * `fourcard presets GAME`.  `solve frenzy` and `solve buyout` go to
 * frenzy_cli.c and buyout_cli.c; the options of split are split_cli.c's. */
#include <errno.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "checkpoint.h"
#include "output_files.h"
#include "cli.h"
#include "cluster.h"
#include "commands.h"
#include "games.h"
#include "report_json.h"
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
    "usage: fourcard sweep split [--presets LIST] [--paytable FILE...] [options]\n"
    "       (the other games: fourcard sweep frenzy --help, fourcard sweep buyout --help)\n"
    "\n"
    "Solves many paytables in one run: one enumeration per rule version, then\n"
    "only pricing and maximising per paytable, each with its own optimal\n"
    "strategy.  A table of one line per paytable comes first.\n"
    "\n"
    "options:\n"
    "  --presets LIST       comma-separated preset names (default: all 25, or\n"
    "                       none when paytable files are given)\n"
    "  --paytable FILE...   your own paytables (INI, docs/split-paytable-format.md):\n"
    "                       every word after the game is one more file\n"
    "  --resume DIR         keep each finished preset's result in DIR (written whole\n"
    "                       as it completes); a restarted sweep skips what is there\n"
    "                       (DIR must be one folder that every MPI rank sees)\n"
    "  --instant R          choose (default) or highest\n"
    "  --hit-frequency      each paytable's hit frequency too: a PAR pass each\n"
    "                       (about 15 s on 2 cores; one process, not with --resume)\n"
    "  --json               one JSON object: \"paytables\", objects like solve's\n"
    "  --csv                the table of one line per paytable as CSV\n"
    RUN_OPTIONS_HELP
    "Under mpirun the ranks share the work; rank 0 prints and writes the files.\n";

static const char PRESETS_HELP[] =
    "usage: fourcard presets GAME [--json]\n"
    "\n"
    "Lists a game's preset tables: 4 Card Split's 25 paytables with their\n"
    "rules; Four Card Frenzy's Odds win and Bad Beat tables, Four Card Bonus,\n"
    "Prime and jackpot tables; 4 Card Buyout's Bonus tables.  Each names the\n"
    "option that picks it.\n";

struct results {
    const struct split_result *r;
    const struct split_hit *hit; /* a sweep's, with --hit-frequency */
    int n;
    bool json, array, csv;
};

/* The hit frequency into a sweep's solve object. */
static void add_hit(json_object *o, const struct split_hit *h)
{
    char frac[100];
    json_object_object_add(o, "hit_frequency", json_object_new_double((double)h->wins / (double)h->total));
    json_object_object_add(o, "hit_frequency_exact",
                           json_object_new_string(wide_fraction(h->wins, h->total, frac, sizeof frac)));
}

static void write_results(FILE *f, void *ctx)
{
    const struct results *rs = ctx;
    if (rs->csv) {
        split_results_csv(f, rs->r, rs->hit, rs->n);
        return;
    }
    if (!rs->json) {
        if (rs->array) /* a sweep: one line per paytable first */
            split_results_table(f, rs->r, rs->hit, rs->n);
        for (int i = 0; i < rs->n; i++)
            split_result_print(f, &rs->r[i]);
        return;
    }
    if (!rs->array) {
        report_json_print(f, "solve", split_result_json(&rs->r[0]));
        return;
    }
    json_object *list = json_object_new_array();
    for (int i = 0; i < rs->n; i++) {
        json_object *o = split_result_json(&rs->r[i]);
        if (rs->hit)
            add_hit(o, &rs->hit[i]);
        json_object_array_add(list, o);
    }
    report_json_print(f, "sweep", report_paytables_json("split", list));
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
    if ((rc = output_files_open(&out)) != 0)
        return rc;
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
    struct results rs = {&r, NULL, 1, a.run.json, false, false};
    write_results(output_files_fp(&out, report, stdout), &rs);
    return output_files_commit(&out);
}

/* Room for a sweep's presets: pick_presets names each at most once, and
 * there are fewer presets than this (checked there). */
enum { SWEEP_MAX = 64 + SPLIT_MAX_FILES };

/* The presets named in a comma-separated list of any length (empty names
 * between commas are skipped), or all of them. */
static int pick_presets(const char *list, const struct split_paytable **out)
{
    if (split_preset_count() > SWEEP_MAX)
        return cli_error("sweep", "internal error: %d presets, room for %d", split_preset_count(), SWEEP_MAX), -1;
    if (!list) {
        for (int i = 0; i < split_preset_count(); i++)
            out[i] = split_preset_at(i);
        return split_preset_count();
    }
    int n = 0;
    for (const char *p = list; *p; p += *p == ',') {
        size_t len = strcspn(p, ",");
        const char *word = p;
        p += len;
        if (len == 0)
            continue;
        char name[sizeof out[0]->name]; /* a longer word is no preset's name */
        const struct split_paytable *pt = NULL;
        if (len < sizeof name) {
            memcpy(name, word, len);
            name[len] = '\0';
            pt = split_preset_find(name);
        }
        if (!pt) /* a long word is cut in the message */
            return cli_error("sweep", "unknown preset '%.*s%s' in --presets (try 'fourcard presets split')",
                             len > 80 ? 80 : (int)len, word, len > 80 ? "..." : ""), -1;
        for (int i = 0; i < n; i++)
            if (out[i] == pt)
                return cli_error("sweep", "preset '%s' named twice in --presets", name), -1;
        out[n++] = pt;
    }
    if (n == 0)
        return cli_error("sweep", "--presets names no preset"), -1;
    return n;
}

/* --resume DIR: one file per finished preset, written whole as soon as its
 * group is solved; a restarted sweep reads them back and skips them.
 *
 * A file is taken only when it is what this sweep would compute.  It says
 * what made it: the program and its version, the preset, its rules and
 * paytable in full (every number over the common denominator) and the
 * --instant reading; it holds the exact totals the report is made of and
 * the solve's JSON object; and a checksum, FNV-1a 64 of the canonical
 * (plain) JSON text of all the rest — not security, but a changed digit or
 * a cut file shows.  The object must be the one its totals give (but for
 * the run's layout and time).  Any other file is named in one warning line
 * and its preset solved again (and the file rewritten).  So a resumed
 * sweep prints what a plain one does: the text from the totals, the JSON
 * objects as they were stored (their run and time those of the solve that
 * made them). */
static const char *instant_name(enum split_instant_reading r)
{
    return r == SPLIT_INSTANT_CHOOSE ? "choose" : "highest";
}

static void resume_path(const char *dir, const struct split_paytable *pt, enum split_instant_reading r, char *buf,
                        size_t len)
{
    snprintf(buf, len, "%s/split-%s-%s.json", dir, pt->name, instant_name(r));
}

static json_object *int64_array_json(const int64_t *v, int n)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_int64(v[i]));
    return a;
}

static json_object *wide_json(wide_t v)
{
    char buf[48];
    return json_object_new_string(wide_format(v, buf, sizeof buf));
}

/* The game a result is of, every number of it (struct split_paytable and
 * its struct split_rules field by field). */
static json_object *paytable_json(const struct split_paytable *pt)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "name", json_object_new_string(pt->name));
    json_object_object_add(o, "version", json_object_new_string(pt->version));
    json_object_object_add(o, "dealer", json_object_new_int(pt->rules.dealer));
    json_object_object_add(o, "qualify_high", json_object_new_int(pt->rules.qualify_high));
    json_object_object_add(o, "den", json_object_new_int64(pt->den));
    json_object_object_add(o, "ante_draw", int64_array_json(pt->ante_draw, E3_NCATEGORIES));
    json_object_object_add(o, "ante_instant", int64_array_json(pt->ante_instant, E3_NCATEGORIES));
    json_object_object_add(o, "blind", int64_array_json(pt->blind, BL_NCATEGORIES));
    return o;
}

/* struct split_totals field by field, the wide ones as decimal text. */
static json_object *totals_json(const struct split_totals *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "ev", wide_json(t->ev));
    json_object_object_add(o, "blind", wide_json(t->blind));
    json_object_object_add(o, "ante_instant", wide_json(t->ante_instant));
    json_object_object_add(o, "ante", wide_json(t->ante));
    json_object_object_add(o, "play", wide_json(t->play));
    json_object_object_add(o, "choice", int64_array_json(t->choice, 4));
    json_object_object_add(o, "instant_by_cat", int64_array_json(t->instant_by_cat, E3_NCATEGORIES));
    json_object_object_add(o, "hands_played", json_object_new_int64(t->hands_played));
    json_object_object_add(o, "hands_folded", json_object_new_int64(t->hands_folded));
    json_object_object_add(o, "plays", json_object_new_int64(t->plays));
    return o;
}

static bool get_wide(json_object *o, const char *key, wide_t *v)
{
    json_object *s;
    if (!json_object_object_get_ex(o, key, &s) || !json_object_is_type(s, json_type_string))
        return false;
    const char *text = json_object_get_string(s), *p = text + (*text == '-');
    unsigned __int128 x = 0; /* wraps on overflow: then the text below differs */
    for (; *p >= '0' && *p <= '9'; p++)
        x = x * 10 + (unsigned)(*p - '0');
    *v = (wide_t)(*text == '-' ? -x : x);
    char back[48];
    return !*p && !strcmp(wide_format(*v, back, sizeof back), text); /* canonical and in range */
}

static bool get_int64(json_object *o, const char *key, int64_t *v)
{
    json_object *i;
    if (!json_object_object_get_ex(o, key, &i) || !json_object_is_type(i, json_type_int))
        return false;
    *v = json_object_get_int64(i);
    return true;
}

static bool get_int64_array(json_object *o, const char *key, int64_t *v, int n)
{
    json_object *a;
    if (!json_object_object_get_ex(o, key, &a) || !json_object_is_type(a, json_type_array) ||
        json_object_array_length(a) != (size_t)n)
        return false;
    for (int i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(a, (size_t)i);
        if (!json_object_is_type(e, json_type_int))
            return false;
        v[i] = json_object_get_int64(e);
    }
    return true;
}

static bool read_totals(json_object *o, struct split_totals *t)
{
    return json_object_is_type(o, json_type_object) && get_wide(o, "ev", &t->ev) && get_wide(o, "blind", &t->blind) &&
           get_wide(o, "ante_instant", &t->ante_instant) && get_wide(o, "ante", &t->ante) &&
           get_wide(o, "play", &t->play) && get_int64_array(o, "choice", t->choice, 4) &&
           get_int64_array(o, "instant_by_cat", t->instant_by_cat, E3_NCATEGORIES) &&
           get_int64(o, "hands_played", &t->hands_played) && get_int64(o, "hands_folded", &t->hands_folded) &&
           get_int64(o, "plays", &t->plays);
}

/* The run's layout and time from a result object (report_run_json). */
static bool read_run(json_object *result, struct split_result *r)
{
    json_object *run, *v;
    int64_t threads, ranks;
    if (!json_object_is_type(result, json_type_object) || !json_object_object_get_ex(result, "seconds", &v) ||
        !json_object_is_type(v, json_type_double) || !json_object_object_get_ex(result, "run", &run) ||
        !json_object_is_type(run, json_type_object) || !get_int64(run, "threads_per_rank", &threads) ||
        !get_int64(run, "mpi_ranks", &ranks) || threads < 1 || threads > 1024 || ranks < 1 || ranks > INT32_MAX)
        return false;
    r->seconds = json_object_get_double(v);
    r->threads = (int)threads, r->ranks = (int)ranks;
    json_object *bind;
    return json_object_object_get_ex(run, "bind", &bind) && json_object_is_type(bind, json_type_string) &&
           bind_mode_parse(json_object_get_string(bind), &r->bind) == 0;
}

/* The canonical text of o: plain JSON (json-c keeps the keys in their
 * order, and a number read back prints as it was written). */
static const char *plain_json(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
}

/* "fnv1a64:" and FNV-1a 64 of o's canonical text, in buf. */
static void checksum_text(json_object *o, char *buf, size_t len)
{
    const char *text = plain_json(o);
    snprintf(buf, len, "fnv1a64:%016llx", (unsigned long long)fnv1a64(text, strlen(text), FNV1A64_START));
}

/* o's canonical text without the keys "run" and "seconds" (the layout
 * and time of a solve); *holder to be put by the caller. */
static const char *plain_without_run(json_object *o, json_object **holder)
{
    *holder = json_object_new_object();
    json_object_object_foreach(o, key, value)
        if (strcmp(key, "run") && strcmp(key, "seconds"))
            json_object_object_add(*holder, key, json_object_get(value));
    return plain_json(*holder);
}

static bool string_is(json_object *o, const char *key, const char *want)
{
    json_object *s;
    return json_object_object_get_ex(o, key, &s) && json_object_is_type(s, json_type_string) &&
           !strcmp(json_object_get_string(s), want);
}

#define RESUME_PROGRAM "fourcard " FOURCARD_VERSION

/* NULL when doc is pt's result under reading, made by this program (then
 * *out and *result, a new reference, are set); otherwise why not, in why.
 * doc loses its checksum. */
static const char *resume_check(json_object *doc, const struct split_paytable *pt, enum split_instant_reading reading,
                                struct split_result *out, json_object **result, char *why, size_t whylen)
{
    json_object *v, *res;
    char got[32], want[32];
    if (!json_object_is_type(doc, json_type_object))
        return "not a JSON object (not JSON, cut short or unreadable)";
    if (!json_object_object_get_ex(doc, "checksum", &v) || !json_object_is_type(v, json_type_string))
        return "no checksum (not written by this version's sweep --resume)";
    snprintf(got, sizeof got, "%s", json_object_get_string(v));
    json_object_object_del(doc, "checksum");
    checksum_text(doc, want, sizeof want);
    if (strcmp(got, want))
        return "its checksum does not match its content (changed or damaged)";
    if (!string_is(doc, "program", RESUME_PROGRAM)) {
        json_object_object_get_ex(doc, "program", &v);
        snprintf(why, whylen, "written by '%.40s', not %s", v ? json_object_get_string(v) : "?", RESUME_PROGRAM);
        return why;
    }
    if (!string_is(doc, "preset", pt->name))
        return "it holds another preset's result";
    if (!string_is(doc, "instant", instant_name(reading))) {
        snprintf(why, whylen, "it was not solved with --instant %s", instant_name(reading));
        return why;
    }
    json_object *expect = paytable_json(pt), *stored = NULL;
    bool same = json_object_object_get_ex(doc, "paytable", &stored) && !strcmp(plain_json(stored), plain_json(expect));
    json_object_put(expect);
    if (!same)
        return "it was solved for other rules or another paytable";
    struct split_result r = {.pt = *pt, .instant = reading};
    if (!json_object_object_get_ex(doc, "totals", &v) || !read_totals(v, &r.tot) ||
        !json_object_object_get_ex(doc, "result", &res) || !read_run(res, &r))
        return "its totals or its run are incomplete";
    json_object *mine = split_result_json(&r), *a, *b;
    same = !strcmp(plain_without_run(res, &a), plain_without_run(mine, &b));
    json_object_put(a), json_object_put(b), json_object_put(mine);
    if (!same)
        return "its result is not what its totals give";
    *out = r;
    *result = json_object_get(res);
    return NULL;
}

/* Rank 0: true with *out and *result (a new reference) when dir holds
 * pt's result under reading that can be trusted; false when there is none
 * (silently) or it cannot (one warning line: it is solved again). */
static bool resume_load(const char *dir, const struct split_paytable *pt, enum split_instant_reading reading,
                        struct split_result *out, json_object **result)
{
    char path[4200], why[160];
    resume_path(dir, pt, reading, path, sizeof path);
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return false; /* not solved yet */
    json_object *doc = json_object_from_file(path);
    const char *bad = resume_check(doc, pt, reading, out, result, why, sizeof why);
    json_object_put(doc);
    if (bad) /* a warning, in the error line's form (escaped, one line); the sweep goes on */
        (void)cli_error("sweep", "ignoring %s: %s; solving it again", path, bad);
    return !bad;
}

static int resume_save(const char *dir, const struct split_result *r, char *err, size_t errlen)
{
    char path[4200], sum[32];
    resume_path(dir, &r->pt, r->instant, path, sizeof path);
    struct atomic_file f;
    if (atomic_file_open(&f, path, err, errlen) != 0)
        return -1;
    json_object *o = json_object_new_object();
    json_object_object_add(o, "program", json_object_new_string(RESUME_PROGRAM));
    json_object_object_add(o, "preset", json_object_new_string(r->pt.name));
    json_object_object_add(o, "instant", json_object_new_string(instant_name(r->instant)));
    json_object_object_add(o, "paytable", paytable_json(&r->pt));
    json_object_object_add(o, "totals", totals_json(&r->tot));
    json_object_object_add(o, "result", split_result_json(r));
    checksum_text(o, sum, sizeof sum);
    json_object_object_add(o, "checksum", json_object_new_string(sum));
    fprintf(f.fp, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
    json_object_put(o);
    return atomic_file_commit(&f, err, errlen);
}

/* The JSON report of a resumed sweep: the objects as stored. */
static void write_stored(FILE *f, json_object **objs, int n)
{
    json_object *list = json_object_new_array();
    for (int i = 0; i < n; i++)
        json_object_array_add(list, json_object_get(objs[i]));
    report_json_print(f, "sweep", report_paytables_json("split", list));
}

/* The presets (--presets, or all of them when no file is given) and the
 * paytable files, each name once (the resume folder's files are named by
 * it).  *files holds the loaded files (free it).  Returns how many, or -1
 * after an error line. */
static int pick_sweep(const struct split_args *a, const struct split_paytable **chosen,
                      struct split_paytable **files)
{
    int n = 0;
    if (a->presets || a->npaytables == 0)
        n = pick_presets(a->presets, chosen);
    *files = calloc((size_t)(a->npaytables > 0 ? a->npaytables : 1), sizeof **files);
    if (n < 0 || !*files)
        return free(*files), *files = NULL, n < 0 ? -1 : (cli_error("sweep", "out of memory"), -1);
    char err[512];
    int presets = n;
    for (int i = 0; i < a->npaytables; i++) {
        int bad = split_paytable_load(a->paytables[i], &(*files)[i], err, sizeof err) != 0;
        for (int j = 0; j < n && !bad; j++)
            if (!strcmp(chosen[j]->name, (*files)[i].name)) {
                snprintf(err, sizeof err, "%s: the name '%s' is taken already (by %s)", a->paytables[i],
                         (*files)[i].name, j < presets ? "a preset" : a->paytables[j - presets]);
                bad = 1;
            }
        if (bad) {
            free(*files), *files = NULL;
            return cli_error("sweep", "%s", err), -1;
        }
        chosen[n++] = &(*files)[i];
    }
    return n;
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
    /* no game or an unknown one: split's parser names the problem */
    const struct cli_game *g = cli_game_find(argc, argv);
    if (g && !g->sweep)
        return cli_error("sweep", "'sweep %s' is not available yet", g->name);
    return (g ? g : cli_game_named("split"))->sweep(argc, argv);
}

/* --hit-frequency, sweep's own option. */
enum { OPT_HIT = CLI_EXTRA_BASE };
static const struct option SWEEP_OPTS[] = {{"hit-frequency", no_argument, NULL, OPT_HIT}, {0, 0, 0, 0}};

static int take_sweep_option(void *ctx, int c, const char *arg)
{
    (void)c, (void)arg;
    *(bool *)ctx = true;
    return 0;
}

int split_cmd_sweep(int argc, char **argv)
{
    struct split_args a = {0};
    bool want_hits = false;
    struct cli_extra extra = {"sweep", SWEEP_OPTS, take_sweep_option, &want_hits, SWEEP_HELP};
    int rc = split_parse_args("sweep", SWEEP_HELP, argc, argv, &extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (want_hits && (a.resume || cluster_size() > 1))
        return cli_error("sweep", "--hit-frequency runs in one process, without --resume (a PAR pass per paytable)"),
               EXIT_USAGE;
    const struct split_paytable *chosen[SWEEP_MAX];
    struct split_paytable *files = NULL;
    if (a.run.csv && a.run.json)
        return cli_error("sweep", "--json and --csv exclude each other"), EXIT_USAGE;
    if (a.run.csv && a.resume)
        return cli_error("sweep", "--csv with --resume: the CSV needs every result in this run"), EXIT_USAGE;
    int n = pick_sweep(&a, chosen, &files);
    if (n < 0)
        return EXIT_USAGE;
    bool root = cluster_rank() == 0;
    struct output_files out;
    output_files_init(&out, "sweep");
    int report = output_files_add(&out, root ? a.run.output : NULL);
    if ((rc = output_files_open(&out)) != 0)
        return rc;
    struct split_result *res = calloc((size_t)n, sizeof *res);
    struct split_paytable *group = calloc((size_t)n, sizeof *group);
    struct split_result *gres = calloc((size_t)n, sizeof *gres);
    int *where = calloc((size_t)n, sizeof *where);
    bool *done = calloc((size_t)n, sizeof *done);
    json_object **stored = calloc((size_t)n, sizeof *stored);
    struct split_hit *hits = NULL;
    char err[512];
    rc = (!res || !group || !gres || !where || !done || !stored) ? (snprintf(err, sizeof err, "out of memory"), 1) : 0;
    /* rank 0 reads the folder (and warns once); resume_agree tells the others */
    for (int i = 0; i < n && rc == 0 && a.resume && root; i++)
        done[i] = resume_load(a.resume, chosen[i], a.instant, &res[i], &stored[i]);
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
    } else if (rc == 0 && want_hits && !(hits = calloc((size_t)n, sizeof *hits))) {
        output_files_abort(&out);
        rc = (fprintf(stderr, "fourcard sweep: out of memory\n"), 1);
    } else if (rc == 0 && hits && (rc = split_cli_hits("sweep", &a, res, n, hits)) != 0) {
        output_files_abort(&out);
    } else if (rc == 0) {
        struct results rs = {res, hits, n, a.run.json, true, a.run.csv};
        if (a.resume && a.run.json)
            write_stored(output_files_fp(&out, report, stdout), stored, n);
        else /* the text from the totals, stored or solved now */
            write_results(output_files_fp(&out, report, stdout), &rs);
        rc = output_files_commit(&out);
    } else {
        output_files_abort(&out);
        fprintf(stderr, "fourcard sweep: %s\n", err);
    }
    for (int i = 0; stored && i < n; i++)
        json_object_put(stored[i]);
    free(res), free(group), free(gres), free(where), free(done), free(stored), free(files), free(hits);
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

int split_cmd_presets(bool json)
{
    if (!json) {
        for (int i = 0; i < split_preset_count(); i++)
            print_preset(stdout, split_preset_at(i));
        return 0;
    }
    json_object *tables = json_object_new_array();
    for (int i = 0; i < split_preset_count(); i++) {
        struct split_result r = {.pt = *split_preset_at(i)};
        json_object *o = json_object_new_object(), *rules = split_result_json(&r);
        /* each table as presets frenzy and buyout list theirs */
        json_object_object_add(o, "kind", json_object_new_string("Paytable"));
        json_object_object_add(o, "name", json_object_new_string(r.pt.name));
        json_object_object_add(o, "option", json_object_new_string("--preset"));
        json_object *rj;
        json_object_object_get_ex(rules, "game_rules", &rj);
        json_object_object_add(o, "game_rules", json_object_get(rj));
        json_object_put(rules);
        json_object_array_add(tables, o);
    }
    /* the shape of presets frenzy and presets buyout */
    json_object *doc = json_object_new_object();
    json_object_object_add(doc, "game", json_object_new_string("split"));
    json_object_object_add(doc, "tables", tables);
    report_json_print(stdout, "presets", doc);
    return 0;
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
        return cli_error("presets", "missing GAME (%s)", cli_game_names());
    const struct cli_game *g = cli_game_named(argv[optind]);
    if (!g)
        return cli_error("presets", "unknown game '%s' (%s)", argv[optind], cli_game_names());
    if (optind + 1 < argc)
        return cli_error("presets", "unexpected argument '%s'", argv[optind + 1]);
    return g->presets(json);
}
