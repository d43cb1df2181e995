/* frenzy_design_cli.c — `design frenzy`: the sensitivity of every Odds
 * line, or a grid of Odds tables searched for a target house edge
 * (frenzy_design.h), written as Markdown, JSON or CSV. */
#include <json-c/json.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "design_cli.h"
#include "frenzy_cli.h"
#include "frenzy_design.h"
#include "frenzy_design_report.h"
#include "frenzy_report.h"
#include "output_files.h"
#include "team.h"

static const char HELP[] =
    "usage: fourcard design frenzy --sensitivity [--odds-win T] [--bad-beat T] [--paytable FILE] [options]\n"
    "       fourcard design frenzy [--odds-win T] [--bad-beat T] [--paytable FILE]\n"
    "                              --vary LINE=LO..HI[:STEP]... --target LO%..HI% | X% [options]\n"
    "\n"
    "The paytable designer for the Odds bet, exact throughout (see 'fourcard\n"
    "design split --help' for the ideas).  --sensitivity: each Odds line's\n"
    "exact EV change per +1 on its pay and the values of the pay over which the\n"
    "optimal strategy stays the same.  --vary: every combination of the varied\n"
    "lines priced exactly with its own optimal strategy (one enumeration; each\n"
    "Odds row's hands priced once per pair of that row's two pays), the\n"
    "paytables whose house edge per Ante falls in --target listed nearest its\n"
    "middle first, with their hit frequency.\n"
    "\n"
    "A LINE is section.key of the paytable file (docs/frenzy-paytable-format.md):\n"
    "  odds-win.quad-aces .four-of-a-kind .straight-flush .three-of-a-kind\n"
    "          .flush .straight .two-pair-or-less\n"
    "  odds-bad-beat.four-of-a-kind .straight-flush .three-of-a-kind .flush\n"
    "          .straight .two-pair-or-less\n"
    "Values are pays \"to 1\" (0 = push) with up to 6 decimals; STEP defaults to\n"
    "1.  The side bets move no decision (their EV is each row's frequency times\n"
    "its pay: 'fourcard solve frenzy --bonus T --prime T'); the rule for copies\n"
    "(--copy) is a reading, not varied.\n"
    "\n"
    "options:\n"
    "  --odds-win T, --bad-beat T   the tables to start from (default WE-1, BB-2)\n"
    "  --paytable FILE      or the operator's Odds tables from a file\n"
    "  --copy R             equal 4-card hands: win (default) or push\n"
    "  --sensitivity        the sensitivity of every Odds line\n"
    "  --vary LINE=LO..HI[:STEP]   a line to vary (repeat; at most 200,000 paytables)\n"
    "  --target BAND        LO%..HI% (a band) or X% (a point), house edge per Ante\n"
    "  --solve-for LINE     the value of one varied line nearest the target\n"
    "  --top N              list at most N paytables (default 10)\n"
    "  --save FILE          write the first paytable listed as a paytable file\n"
    "  --json, --csv        one JSON object, or CSV, instead of the Markdown\n" RUN_OPTIONS_HELP;

enum { GRID_LIMIT = 200000 };

static int make_grid(const struct design_args *da, const struct frenzy_game *base, struct frenzy_grid *g)
{
    struct design_vary v[DESIGN_MAX_VARY];
    int64_t den;
    if (design_read_varies(da, frenzy_line_find, "frenzy", frenzy_game_den(base), v, &den) != 0)
        return -1;
    g->base = *base;
    frenzy_game_rescale(&g->base, den);
    g->nvary = da->nvary;
    for (int i = 0; i < da->nvary; i++)
        g->vary[i] = (struct frenzy_vary){v[i].line, design_scaled(v[i].lo, den), design_scaled(v[i].hi, den),
                                          design_scaled(v[i].step, den)};
    return 0;
}

static int run_sensitivity(const struct frenzy_game *g, const struct run_options *run, struct frenzy_counts *c,
                           double t0)
{
    struct output_files out;
    int report, saved, rc = design_open_outputs(&out, run, NULL, &report, &saved);
    if (rc != 0)
        return rc;
    struct frenzy_sensitivity s;
    frenzy_sensitivity(g, c, &s);
    s.base.threads = omp_get_max_threads(), s.base.ranks = cluster_size(), s.base.bind = run->bind;
    s.base.seconds = omp_get_wtime() - t0;
    FILE *f = output_files_fp(&out, report, stdout);
    if (run->json)
        cli_write_json(f, "design", frenzy_sensitivity_json(&s));
    else if (run->csv)
        frenzy_sensitivity_csv(f, &s);
    else
        frenzy_sensitivity_print(f, &s);
    return output_files_commit(&out);
}

static void base_name(const struct frenzy_game *g, const char *paytable, char *buf, size_t len)
{
    if (paytable[0])
        snprintf(buf, len, "%s", paytable);
    else
        snprintf(buf, len, "%s with %s", g->win.name, g->bad_beat.name);
}

static int run_search(const struct design_args *da, const struct frenzy_game *base, const char *paytable,
                      const struct run_options *run, struct frenzy_counts *c, double t0)
{
    struct frenzy_grid g;
    wide_t lo[2], hi[2];
    if (make_grid(da, base, &g) != 0 || design_parse_target(da->target, lo, hi) != 0)
        return EXIT_USAGE;
    int lines[FRENZY_NLINES];
    long counts[FRENZY_NLINES];
    for (int v = 0; v < g.nvary; v++)
        lines[v] = g.vary[v].line, counts[v] = (long)((g.vary[v].hi - g.vary[v].lo) / g.vary[v].step) + 1;
    int solve_for = design_solve_for(da, lines, g.nvary, frenzy_line_find);
    if (solve_for == -2)
        return EXIT_USAGE;
    long n = frenzy_grid_size(&g, GRID_LIMIT);
    struct output_files out;
    int report, saved, rc = design_open_grid(n, GRID_LIMIT, &out, run, da->save, &report, &saved);
    if (rc != 0)
        return rc;
    struct frenzy_totals *tot = malloc((size_t)n * sizeof *tot);
    wide_t *ev = malloc((size_t)n * sizeof *ev);
    long *picks = malloc((size_t)n * sizeof *picks), npicks = 0, in_band = -1;
    if (tot && ev && picks && frenzy_grid_price(&g, n, c, tot) == 0) {
        for (long k = 0; k < n; k++)
            ev[k] = tot[k].ev;
        in_band = design_choose(ev, (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * frenzy_game_den(&g.base), n, lo, hi,
                                solve_for, counts, g.nvary, picks, &npicks);
    }
    long nlisted = npicks < da->top ? npicks : da->top;
    struct frenzy_result *listed = calloc((size_t)(nlisted > 0 ? nlisted : 1), sizeof *listed);
    int64_t *hits = calloc((size_t)(nlisted > 0 ? nlisted : 1), sizeof *hits);
    char name[64];
    base_name(base, paytable, name, sizeof name);
    if (in_band >= 0 && da->save && nlisted == 0)
        rc = design_nothing_saved(&out, da->save);
    else if (in_band >= 0 && listed && hits) {
        for (long i = 0; i < nlisted; i++) {
            struct frenzy_result *x = &listed[i];
            frenzy_grid_game(&g, picks[i], &x->game);
            x->den = frenzy_game_den(&g.base), x->tot = tot[picks[i]];
            snprintf(x->paytable, sizeof x->paytable, "%.40s+%ld", paytable[0] ? paytable : "odds", picks[i] + 1);
            x->threads = omp_get_max_threads(), x->ranks = cluster_size(), x->bind = run->bind;
            frenzy_hit_count(&x->game, c, &hits[i]);
        }
        struct frenzy_search_report r = {.grid = &g, .base_name = name, .listed = listed, .hits = hits,
                                         .nlisted = nlisted, .seconds = omp_get_wtime() - t0};
        frenzy_search_describe(&g, &r.search);
        design_fill_search(&r.search, lo, hi, solve_for, n, npicks, in_band);
        FILE *f = output_files_fp(&out, report, stdout);
        if (run->json)
            cli_write_json(f, "design", frenzy_search_json(&r));
        else if (run->csv)
            frenzy_search_csv(f, &r);
        else
            frenzy_search_print(f, &r);
        if (saved >= 0 && nlisted > 0)
            frenzy_odds_paytable_write(output_files_fp(&out, saved, NULL), listed[0].paytable, &listed[0].game);
        rc = output_files_commit(&out);
    } else {
        output_files_abort(&out);
        rc = (fprintf(stderr, "fourcard design: out of memory\n"), 1);
    }
    free(tot), free(ev), free(picks), free(listed), free(hits);
    return rc;
}

int frenzy_cmd_design(int argc, char **argv, struct design_args *da)
{
    struct cli_extra extra = design_extra(HELP, da);
    struct frenzy_game g;
    char paytable[64];
    struct run_options run;
    int rc = frenzy_cli_game(argc, argv, &extra, &g, paytable, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (da->from)
        return cli_error("design", "design frenzy takes --paytable FILE (the Odds tables of a file), not --from");
    if (da->hit_frequency)
        return cli_error("design", "--hit-frequency belongs to 'design split': Frenzy's is always listed");
    if (run.json && run.csv)
        return cli_error("design", "--json and --csv exclude each other");
    int mode = design_mode(da);
    if (mode < 0)
        return EXIT_USAGE;
    double t0 = omp_get_wtime();
    team_start(run.threads, run.bind);
    struct frenzy_counts c;
    char err[512];
    if (frenzy_counts_build(!run.quiet, &c, err, sizeof err) != 0)
        return fprintf(stderr, "fourcard design: %s\n", err), 1;
    if (cluster_rank() != 0) /* the other ranks only counted */
        return frenzy_counts_free(&c), 0;
    rc = mode == 0 ? run_sensitivity(&g, &run, &c, t0) : run_search(da, &g, paytable, &run, &c, t0);
    frenzy_counts_free(&c);
    return rc;
}
