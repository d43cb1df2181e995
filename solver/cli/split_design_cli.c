/* split_design_cli.c — `design split`: the sensitivity of every pay line,
 * or a grid of paytables searched for a target house edge
 * (split_design.h), written as Markdown, JSON or CSV. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "design_cli.h"
#include "games.h"
#include "output_files.h"
#include "paytable_ini.h"
#include "split_cli.h"
#include "split_design.h"
#include "split_design_report.h"
#include "split_report.h"

static const char HELP[] =
    "usage: fourcard design split --sensitivity [--preset NAME | --paytable FILE] [options]\n"
    "       fourcard design split [--from FILE | --preset NAME] --vary LINE=LO..HI[:STEP]...\n"
    "                             --target LO%..HI% | --target X% [--solve-for LINE] [options]\n"
    "\n"
    "The paytable designer, exact throughout.\n"
    "\n"
    "--sensitivity: for every pay line, the exact change in the EV per +1 on its\n"
    "pay at the paytable's optimal strategy, and the values of the pay over which\n"
    "that strategy stays optimal (inside, the EV is exactly linear in the pay).\n"
    "The Blind's lines move no decision, and say so.  One enumeration (~2 s).\n"
    "\n"
    "--vary: every combination of the varied lines' values is priced exactly,\n"
    "each with its own optimal strategy, in one enumeration; the paytables whose\n"
    "house edge per unit falls in the --target band are listed nearest the\n"
    "band's middle first (a single X% lists the nearest to X first).\n"
    "--solve-for LINE (one of the varied lines): for each combination of the\n"
    "other lines, the value of LINE on its step whose edge is nearest the target.\n"
    "\n"
    "A LINE is section.key of the paytable file (docs/split-paytable-format.md):\n"
    "  ante-draw.royal-flush .straight-flush .three-of-a-kind .straight .flush\n"
    "  ante-instant.royal-flush .straight-flush .three-of-a-kind .straight .flush\n"
    "  blind.royal-flush .four-of-a-kind .straight-flush .three-of-a-kind .flush\n"
    "        .straight .two-pair .pair-tens-or-better\n"
    "Values are pays \"to 1\" with up to 6 decimals; STEP defaults to 1.  The\n"
    "dealing rules (the dealer's hand, his qualifier) are not varied: each rule\n"
    "version is its own enumeration; run one design per version.\n"
    "\n"
    "options:\n"
    "  --preset NAME        start from a paytable of the seeds (default 2014-1a)\n"
    "  --paytable FILE, --from FILE   start from your own paytable file\n"
    "  --instant R          several instant winners in one hand: choose (default)\n"
    "                       or highest (see 'fourcard solve split --help')\n"
    "  --sensitivity        the sensitivity of every line\n"
    "  --vary LINE=LO..HI[:STEP]   a line to vary (repeat for more; at most\n"
    "                       200,000 paytables in all)\n"
    "  --target BAND        LO%..HI% (a band) or X% (a point), house edge per unit\n"
    "  --solve-for LINE     the value of one varied line nearest the target\n"
    "  --top N              list at most N paytables (default 10)\n"
    "  --hit-frequency      the listed paytables' hit frequency (a PAR pass of\n"
    "                       about 15 s each; one process, not under MPI)\n"
    "  --save FILE          write the first paytable listed as a paytable file\n"
    "  --json, --csv        one JSON object, or CSV, instead of the Markdown\n" RUN_OPTIONS_HELP
    "Under mpirun the ranks share the classes, with the same output bits.\n";

/* ------------------------------------------------------------------ */
/* Reading --vary and --target                                          */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* The grid                                                             */
/* ------------------------------------------------------------------ */

enum { GRID_LIMIT = 200000 };

static void rescale(struct split_paytable *pt, int64_t den)
{
    int64_t k = den / pt->den;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        pt->ante_draw[c] *= k, pt->ante_instant[c] *= k;
    for (int c = 0; c < BL_NCATEGORIES; c++)
        pt->blind[c] *= k;
    pt->den = den;
}

static int make_grid(const struct design_args *da, const struct split_paytable *base, struct split_grid *g)
{
    struct design_vary v[DESIGN_MAX_VARY];
    int64_t den;
    if (design_read_varies(da, split_line_find, "split", base->den, v, &den) != 0)
        return -1;
    g->base = *base;
    rescale(&g->base, den);
    g->nvary = da->nvary;
    for (int i = 0; i < da->nvary; i++)
        g->vary[i] = (struct split_vary){v[i].line, design_scaled(v[i].lo, den), design_scaled(v[i].hi, den),
                                         design_scaled(v[i].step, den)};
    return 0;
}

/* ------------------------------------------------------------------ */
/* Choosing what to list                                                */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* The two analyses                                                     */
/* ------------------------------------------------------------------ */

static int run_sensitivity(const struct split_args *a, const struct split_paytable *pt)
{
    struct split_sensitivity *s = calloc(1, sizeof *s);
    if (!s)
        return fprintf(stderr, "fourcard design: out of memory\n"), 1;
    struct output_files out;
    int report, saved, rc = design_open_outputs(&out, &a->run, NULL, &report, &saved);
    if (rc != 0)
        return free(s), rc;
    char err[512];
    struct split_solve_options o = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                    .progress = !a->run.quiet};
    if (split_sensitivity(pt, &o, s, err, sizeof err) != 0) {
        output_files_abort(&out), free(s);
        return fprintf(stderr, "fourcard design: %s\n", err), 1;
    }
    if (cluster_rank() != 0)
        return free(s), 0;
    FILE *f = output_files_fp(&out, report, stdout);
    if (a->run.json)
        cli_write_json(f, "design", split_sensitivity_json(s));
    else if (a->run.csv)
        split_sensitivity_csv(f, s);
    else
        split_sensitivity_print(f, s);
    free(s);
    return output_files_commit(&out);
}

/* The listed paytables' hit frequency: a PAR pass each. */
static int hit_frequencies(const struct split_args *a, const struct split_result *listed, long n, double *hit)
{
    struct split_hit *h = malloc((size_t)(n > 0 ? n : 1) * sizeof *h);
    int rc = h ? split_cli_hits("design", a, listed, n, h) : (fprintf(stderr, "fourcard design: out of memory\n"), 1);
    for (long i = 0; rc == 0 && i < n; i++)
        hit[i] = (double)h[i].wins / (double)h[i].total;
    free(h);
    return rc;
}

/* Writes the report (and the --save file) and commits them; with --save
 * and nothing listed, writes nothing and says so. */
static int write_search(const struct split_args *a, const struct design_args *da, struct output_files *out,
                        const int slot[2], struct split_search_report *r)
{
    if (da->save && r->nlisted == 0)
        return design_nothing_saved(out, da->save);
    FILE *f = output_files_fp(out, slot[0], stdout);
    if (a->run.json)
        cli_write_json(f, "design", split_search_json(r));
    else if (a->run.csv)
        split_search_csv(f, r);
    else
        split_search_print(f, r);
    if (slot[1] >= 0)
        split_paytable_write(output_files_fp(out, slot[1], NULL), &r->listed[0].pt);
    return output_files_commit(out);
}

static int run_search(const struct split_args *a, const struct design_args *da, const struct split_paytable *base)
{
    struct split_grid g;
    wide_t lo[2], hi[2];
    if (make_grid(da, base, &g) != 0 || design_parse_target(da->target, lo, hi) != 0)
        return EXIT_USAGE;
    int lines[SPLIT_NLINES];
    long counts[SPLIT_NLINES];
    for (int v = 0; v < g.nvary; v++)
        lines[v] = g.vary[v].line, counts[v] = (long)((g.vary[v].hi - g.vary[v].lo) / g.vary[v].step) + 1;
    int solve_for = design_solve_for(da, lines, g.nvary, split_line_find);
    if (solve_for == -2)
        return EXIT_USAGE;
    long n = split_grid_size(&g, GRID_LIMIT);
    if (da->hit_frequency && cluster_size() > 1)
        return cli_error("design", "--hit-frequency runs in one process, not under MPI");
    struct output_files out; /* checked and opened before the solve */
    int slot[2], rc = design_open_grid(n, GRID_LIMIT, &out, &a->run, da->save, &slot[0], &slot[1]);
    if (rc != 0)
        return rc;
    struct split_result *res = malloc((size_t)n * sizeof *res);
    long *picks = malloc((size_t)n * sizeof *picks);
    wide_t *ev = malloc((size_t)n * sizeof *ev);
    if (!res || !picks || !ev)
        return output_files_abort(&out), free(res), free(picks), free(ev),
               fprintf(stderr, "fourcard design: out of memory\n"), 1;
    char err[512];
    long stable[2] = {0, 0};
    struct split_solve_options o = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                    .progress = !a->run.quiet};
    if (split_grid_solve(&g, n, &o, res, stable, err, sizeof err) != 0) {
        output_files_abort(&out), free(res), free(picks), free(ev);
        return fprintf(stderr, "fourcard design: %s\n", err), 1;
    }
    if (cluster_rank() != 0)
        return free(res), free(picks), free(ev), 0;
    for (long i = 0; i < n; i++)
        ev[i] = res[i].tot.ev;
    long npicks, in_band = design_choose(ev, split_money_den(&res[0]), n, lo, hi, solve_for, counts, g.nvary, picks,
                                         &npicks);
    free(ev);
    long nlisted = npicks < da->top ? npicks : da->top;
    struct split_result *listed = malloc((size_t)(nlisted > 0 ? nlisted : 1) * sizeof *listed);
    double *hit = da->hit_frequency ? calloc((size_t)(nlisted > 0 ? nlisted : 1), sizeof *hit) : NULL;
    rc = in_band < 0 || !listed || (da->hit_frequency && !hit) ? (fprintf(stderr, "fourcard design: out of memory\n"), 1) : 0;
    for (long i = 0; rc == 0 && i < nlisted; i++)
        listed[i] = res[picks[i]];
    double seconds = n > 0 ? res[0].seconds : 0;
    free(res), free(picks);
    if (rc == 0 && hit)
        rc = hit_frequencies(a, listed, nlisted, hit);
    if (rc == 0) {
        struct split_search_report r = {.grid = &g, .instant = a->instant, .stable = stable[0],
                                        .classes = stable[1], .listed = listed, .hit = hit, .nlisted = nlisted,
                                        .seconds = seconds};
        split_search_describe(&g, &r.search);
        design_fill_search(&r.search, lo, hi, solve_for, n, npicks, in_band);
        rc = write_search(a, da, &out, slot, &r);
    } else
        output_files_abort(&out);
    free(listed), free(hit);
    return rc;
}

int split_cmd_design(int argc, char **argv, struct design_args *da)
{
    struct split_args a = {0};
    struct cli_extra extra = design_extra(HELP, da);
    int rc = split_parse_args("design", HELP, argc, argv, &extra, &a);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (da->from && (a.paytable || a.preset))
        return cli_error("design", "--from and --%s exclude each other", a.paytable ? "paytable" : "preset");
    if (da->from)
        a.paytable = da->from;
    struct split_paytable pt;
    if (a.run.json && a.run.csv)
        return cli_error("design", "--json and --csv exclude each other");
    int mode = design_mode(da);
    if (mode < 0)
        return EXIT_USAGE;
    if (mode == 0)
        return split_load_paytable("design", &a, &pt) != 0 ? EXIT_USAGE : run_sensitivity(&a, &pt);
    return split_load_paytable("design", &a, &pt) != 0 ? EXIT_USAGE : run_search(&a, da, &pt);
}
