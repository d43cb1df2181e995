/* buyout_design_cli.c — `design buyout`: the sensitivity of every Bonus
 * pay line, or a grid of Bonus tables searched for a target house edge
 * (buyout_design.h), written as Markdown, JSON or CSV. */
#include <json-c/json.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_cli.h"
#include "buyout_design.h"
#include "buyout_design_report.h"
#include "buyout_paytable.h"
#include "cli.h"
#include "cluster.h"
#include "design_cli.h"
#include "output_files.h"
#include "team.h"

static const char HELP[] =
    "usage: fourcard design buyout --sensitivity [--bonus-table N | --from FILE] [options]\n"
    "       fourcard design buyout [--bonus-table N | --from FILE] --vary LINE=LO..HI[:STEP]...\n"
    "                              --target LO%..HI% | --target X% [--solve-for LINE] [options]\n"
    "\n"
    "The paytable designer for the Bonus bet, exact throughout (see 'fourcard\n"
    "design split --help' for the ideas).  A Bonus pay moves the main game's\n"
    "decisions, so every table is priced with its own optimal strategy: one\n"
    "pass over the classes counts the dealer's showdowns once and prices every\n"
    "table of a grid from them (about 1 s, plus the pricing).\n"
    "\n"
    "--sensitivity: for each line of the table (a run of points with one pay,\n"
    "the points that lose included), the exact EV change per +1 on its pay and\n"
    "the values of the pay over which the optimal strategy stays the same at\n"
    "every decision.  --vary: every combination of the varied lines, the\n"
    "tables whose house edge per First-bet unit (Bonus included, as 'solve\n"
    "buyout' reports it) falls in --target listed nearest its middle first,\n"
    "with the element of risk, the hit frequency (the round's net, the Bonus's\n"
    "result included, above 0) and the rounds folded.\n"
    "\n"
    "A LINE is bonus.P or bonus.LO-HI: the points of the player's final hand\n"
    "(0 to 44) that the [bonus] section of the paytable file pays\n"
    "(docs/buyout-paytable-format.md); every point of the range takes the\n"
    "value.  Values are whole pays \"to 1\" (0 = push); STEP defaults to 1.  The\n"
    "main bets pay 1:1 by the rules, and the dealing rules (--dealer-five, the\n"
    "shoe) are readings, not varied: run one design per reading.\n"
    "\n"
    "options:\n"
    "  --bonus-table N      the table to start from: 1 (default), 2 or 3\n"
    "  --from FILE, --bonus-paytable FILE   or a Bonus paytable file\n"
    "  --bonus-units B      Bonus units per First-bet unit (default 1)\n"
    "  --bonus-alone        the Bonus played alone (no decision; EV per Bonus unit)\n"
    "  --dealer-five R, --decks N, --ranks N, --shoe COUNTS   as 'solve buyout'\n"
    "  --sensitivity        the sensitivity of every line\n"
    "  --vary LINE=LO..HI[:STEP]   a line to vary (repeat; at most 20,000 tables)\n"
    "  --target BAND        LO%..HI% (a band) or X% (a point), house edge per unit\n"
    "  --solve-for LINE     the value of one varied line nearest the target\n"
    "  --top N              list at most N tables (default 10)\n"
    "  --save FILE          write the first table listed as a paytable file\n"
    "  --json, --csv        one JSON object, or CSV, instead of the Markdown\n" RUN_OPTIONS_HELP
    "Under mpirun the ranks share the classes, with the same output bits.\n";

/* Each table priced costs about a solve's 4th-card decisions again:
 * 20,000 are minutes on two cores. */
enum { GRID_LIMIT = 20000 };

/* A line as an index for design_read_varies: lo * 45 + hi, or -1. */
static int line_find(const char *name)
{
    struct buyout_line l;
    return buyout_line_parse(name, &l) == 0 ? l.lo * BUYOUT_NPOINTS + l.hi : -1;
}

static struct buyout_line line_at(int index)
{
    return (struct buyout_line){index / BUYOUT_NPOINTS, index % BUYOUT_NPOINTS};
}

static int make_grid(const struct design_args *da, const struct buyout_rules *r, struct buyout_grid *g)
{
    struct design_vary v[DESIGN_MAX_VARY];
    int64_t den;
    if (design_read_varies(da, line_find, "buyout", 1, v, &den) != 0)
        return -1;
    if (den != 1)
        return cli_error("design", "Bonus pays are whole numbers: no decimals in --vary"), -1;
    buyout_pays_of(r, &g->base);
    g->nvary = da->nvary;
    for (int i = 0; i < da->nvary; i++) {
        g->vary[i] = (struct buyout_vary){line_at(v[i].line), (int)v[i].lo.num, (int)v[i].hi.num, (int)v[i].step.num};
        for (int j = 0; j < i; j++)
            if (g->vary[j].line.lo <= g->vary[i].line.hi && g->vary[i].line.lo <= g->vary[j].line.hi)
                return cli_error("design", "the lines of --vary %s and --vary %s share points", da->vary[j],
                                 da->vary[i]), -1;
    }
    return 0;
}

static struct buyout_design_run run_of(const struct run_options *run, double t0)
{
    return (struct buyout_design_run){omp_get_max_threads(), cluster_size(), run->bind, omp_get_wtime() - t0};
}

static int run_sensitivity(const struct buyout_rules *r, const struct run_options *run, double t0)
{
    struct output_files out;
    int report, saved, rc = design_open_outputs(&out, run, NULL, &report, &saved);
    if (rc != 0)
        return rc;
    struct buyout_sensitivity *s = malloc(sizeof *s);
    char err[512];
    if (!s || buyout_design_sensitivity(r, !run->quiet, s, err, sizeof err) != 0) {
        output_files_abort(&out);
        fprintf(stderr, "fourcard design: %s\n", s ? err : "out of memory");
        return free(s), 1;
    }
    if (cluster_rank() == 0) {
        struct buyout_design_run how = run_of(run, t0);
        FILE *f = output_files_fp(&out, report, stdout);
        if (run->json)
            cli_write_json(f, "design", buyout_sensitivity_json(s, &how));
        else if (run->csv)
            buyout_sensitivity_csv(f, s);
        else
            buyout_sensitivity_print(f, s, &how);
    }
    free(s);
    return output_files_commit(&out);
}

/* The tables listed, best first: their pays, names (base+index in the
 * grid) and totals. */
struct listed {
    struct buyout_pays *pays;
    char (*names)[64];
    struct buyout_design_totals *tot;
};

static int run_search(const struct design_args *da, const struct buyout_rules *r, const char *base,
                      const struct run_options *run, double t0)
{
    struct buyout_grid g;
    wide_t lo[2], hi[2];
    if (make_grid(da, r, &g) != 0 || design_parse_target(da->target, lo, hi) != 0)
        return EXIT_USAGE;
    int lines[DESIGN_MAX_VARY];
    long counts[DESIGN_MAX_VARY];
    for (int v = 0; v < g.nvary; v++)
        lines[v] = g.vary[v].line.lo * BUYOUT_NPOINTS + g.vary[v].line.hi,
        counts[v] = (g.vary[v].hi - g.vary[v].lo) / g.vary[v].step + 1;
    int solve_for = design_solve_for(da, lines, g.nvary, line_find);
    if (solve_for == -2)
        return EXIT_USAGE;
    long n = buyout_grid_size(&g, GRID_LIMIT);
    struct output_files out;
    int report, saved, rc = design_open_grid(n, GRID_LIMIT, &out, run, da->save, &report, &saved);
    if (rc != 0)
        return rc;
    struct buyout_pays *pays = malloc((size_t)n * sizeof *pays);
    struct buyout_design_totals *tot = malloc((size_t)n * sizeof *tot);
    wide_t *ev = malloc((size_t)n * sizeof *ev);
    long *picks = malloc((size_t)n * sizeof *picks), npicks = 0, in_band = -1;
    struct buyout_design_dens dens;
    char err[512] = "out of memory";
    if (pays && tot && ev && picks) {
        for (long i = 0; i < n; i++)
            buyout_grid_pays(&g, i, &pays[i]);
        if (buyout_design_price(r, pays, n, !run->quiet, tot, &dens, err, sizeof err) == 0 && cluster_rank() == 0) {
            for (long i = 0; i < n; i++)
                ev[i] = tot[i].ev;
            in_band = design_choose(ev, dens.money, n, lo, hi, solve_for, counts, g.nvary, picks, &npicks);
        } else if (cluster_rank() == 0)
            in_band = -2;
    }
    long nlisted = npicks < da->top ? npicks : da->top;
    struct listed l = {malloc((size_t)(nlisted > 0 ? nlisted : 1) * sizeof *l.pays),
                       malloc((size_t)(nlisted > 0 ? nlisted : 1) * sizeof *l.names),
                       malloc((size_t)(nlisted > 0 ? nlisted : 1) * sizeof *l.tot)};
    if (cluster_rank() != 0 && in_band == -1) /* the other ranks only priced */
        output_files_abort(&out), rc = 0;
    else if (in_band >= 0 && da->save && nlisted == 0)
        rc = design_nothing_saved(&out, da->save);
    else if (in_band >= 0 && l.pays && l.names && l.tot) {
        for (long i = 0; i < nlisted; i++) {
            l.pays[i] = pays[picks[i]], l.tot[i] = tot[picks[i]];
            snprintf(l.names[i], sizeof l.names[i], "%.40s+%ld", base, picks[i] + 1);
        }
        struct buyout_search_report rep = {.dens = dens, .run = run_of(run, t0)};
        char vary_names[REPORT_MAX_VARY][32];
        rep.rules = r, rep.grid = &g, rep.base_name = base, rep.vary_names = vary_names;
        rep.pays = l.pays, rep.names = l.names, rep.tot = l.tot, rep.nlisted = nlisted;
        buyout_search_describe(&rep);
        design_fill_search(&rep.search, lo, hi, solve_for, n, npicks, in_band);
        FILE *f = output_files_fp(&out, report, stdout);
        if (run->json)
            cli_write_json(f, "design", buyout_search_json(&rep));
        else if (run->csv)
            buyout_search_csv(f, &rep);
        else
            buyout_search_print(f, &rep);
        if (saved >= 0 && nlisted > 0)
            buyout_pays_write(output_files_fp(&out, saved, NULL), l.names[0], &l.pays[0]);
        rc = output_files_commit(&out);
    } else {
        output_files_abort(&out);
        rc = (fprintf(stderr, "fourcard design: %s\n", err), 1);
    }
    free(pays), free(tot), free(ev), free(picks), free(l.pays), free(l.names), free(l.tot);
    return rc;
}

int buyout_cmd_design(int argc, char **argv, struct design_args *da)
{
    struct cli_extra extra = design_extra(HELP, da);
    struct buyout_rules r;
    struct run_options run;
    int rc = buyout_cli_rules(argc, argv, &extra, &r, &run);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (da->from) {
        char err[600];
        if (r.bonus_table)
            return cli_error("design", "--from and %s: give one table to start from",
                             r.bonus_table == BUYOUT_TABLE_FILE ? "--bonus-paytable" : "--bonus-table");
        if (buyout_paytable_load(da->from, &r, err, sizeof err) != 0)
            return cli_error("design", "%s", err);
    }
    if (!r.bonus_table)
        r.bonus_table = 1;
    if (da->hit_frequency)
        return cli_error("design", "--hit-frequency belongs to 'design split': Buyout's is always listed");
    if (run.json && run.csv)
        return cli_error("design", "--json and --csv exclude each other");
    int mode = design_mode(da);
    if (mode < 0)
        return EXIT_USAGE;
    char base[64];
    if (r.bonus_table == BUYOUT_TABLE_FILE)
        snprintf(base, sizeof base, "%s", r.bonus_pays.name);
    else
        snprintf(base, sizeof base, "table-%d", r.bonus_table);
    double t0 = omp_get_wtime();
    team_start(run.threads, run.bind);
    return mode == 0 ? run_sensitivity(&r, &run, t0) : run_search(da, &r, base, &run, t0);
}
