/* split_design_cli.c — `design split`: the sensitivity of every pay line,
 * or a grid of paytables searched for a target house edge
 * (split_design.h), written as Markdown, JSON or CSV. */
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "cluster.h"
#include "design_cli.h"
#include "games.h"
#include "output_files.h"
#include "paytable_ini.h"
#include "split_cli.h"
#include "split_design.h"
#include "split_design_report.h"
#include "split_par.h"
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

struct vary_text {
    int line;
    struct paytable_decimal lo, hi, step;
};

static int parse_pay(const char *what, const char *text, size_t len, struct paytable_decimal *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return cli_error("design", "bad --vary %s '%.*s' (a pay: digits, up to 6 decimals)", what,
                         len > 40 ? 40 : (int)len, text), -1;
    memcpy(buf, text, len);
    buf[len] = '\0';
    const char *why = paytable_decimal_why(paytable_parse_decimal(buf, out));
    if (why)
        return cli_error("design", "bad --vary %s '%s': %s", what, buf, why), -1;
    return 0;
}

/* LINE=LO..HI[:STEP] */
static int parse_vary(const char *text, struct vary_text *v)
{
    const char *eq = strchr(text, '='), *dots = eq ? strstr(eq, "..") : NULL;
    if (!eq || !dots)
        return cli_error("design", "bad --vary '%s' (LINE=LO..HI[:STEP], e.g. ante-draw.flush=2..4:0.5)", text), -1;
    char name[64];
    size_t nlen = (size_t)(eq - text);
    if (nlen >= sizeof name || (memcpy(name, text, nlen), name[nlen] = '\0', (v->line = split_line_find(name)) < 0))
        return cli_error("design", "unknown line '%.*s' in --vary (see 'fourcard design split --help')",
                         nlen > 60 ? 60 : (int)nlen, text), -1;
    const char *hi = dots + 2, *colon = strchr(hi, ':');
    v->step = (struct paytable_decimal){1, 1};
    if (parse_pay("low value", eq + 1, (size_t)(dots - eq - 1), &v->lo) ||
        parse_pay("high value", hi, colon ? (size_t)(colon - hi) : strlen(hi), &v->hi) ||
        (colon && parse_pay("step", colon + 1, strlen(colon + 1), &v->step)))
        return -1;
    if (v->step.num == 0)
        return cli_error("design", "bad --vary '%s': the step must be above 0", text), -1;
    if (v->lo.num * v->hi.den > v->hi.num * v->lo.den)
        return cli_error("design", "bad --vary '%s': an empty range (LO above HI)", text), -1;
    return 0;
}

/* One end of --target: [-]D[.D] with an optional %, as num / den percent. */
static int parse_percent(const char *text, size_t len, wide_t out[2])
{
    char buf[64];
    if (len > 0 && text[len - 1] == '%')
        len--;
    bool neg = len > 0 && text[0] == '-';
    if (neg)
        text++, len--;
    int64_t num, den;
    struct decimal_limits lim = {INT64_C(1000000), 6, false};
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (decimal_parse(buf, &lim, &num, &den) != DECIMAL_OK)
        return -1;
    out[0] = neg ? -num : num, out[1] = den;
    return 0;
}

static int parse_target(const char *text, wide_t lo[2], wide_t hi[2])
{
    const char *dots = strstr(text, "..");
    if (dots ? parse_percent(text, (size_t)(dots - text), lo) || parse_percent(dots + 2, strlen(dots + 2), hi)
             : parse_percent(text, strlen(text), lo))
        return cli_error("design", "bad --target '%s' (LO%%..HI%% or X%%, a house edge per unit, e.g. 2%%..3.5%%)",
                         text), -1;
    if (!dots)
        hi[0] = lo[0], hi[1] = lo[1];
    if (lo[0] * hi[1] > hi[0] * lo[1])
        return cli_error("design", "bad --target '%s': an empty band (LO above HI)", text), -1;
    return 0;
}

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
    struct vary_text v[DESIGN_MAX_VARY];
    int64_t den = base->den;
    for (int i = 0; i < da->nvary; i++) {
        if (parse_vary(da->vary[i], &v[i]) != 0)
            return -1;
        for (int j = 0; j < i; j++)
            if (v[j].line == v[i].line)
                return cli_error("design", "line %s is varied twice", split_line_at(v[i].line)->name), -1;
        den = paytable_lcm(paytable_lcm(paytable_lcm(den, v[i].lo.den), v[i].hi.den), v[i].step.den);
    }
    g->base = *base;
    rescale(&g->base, den);
    g->nvary = da->nvary;
    for (int i = 0; i < da->nvary; i++)
        g->vary[i] = (struct split_vary){v[i].line, v[i].lo.num * (den / v[i].lo.den),
                                         v[i].hi.num * (den / v[i].hi.den), v[i].step.num * (den / v[i].step.den)};
    return 0;
}

/* ------------------------------------------------------------------ */
/* Choosing what to list                                                */
/* ------------------------------------------------------------------ */

struct pick {
    long index;
    double distance; /* from the band's middle, in percent */
};

static int by_distance(const void *a, const void *b)
{
    const struct pick *x = a, *y = b;
    if (x->distance != y->distance)
        return x->distance < y->distance ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* Whether the house edge of r (percent, exact) is at least / at most p = p[0] / p[1]. */
static int edge_compare(const struct split_result *r, const wide_t p[2])
{
    wide_t lhs = -100 * r->tot.ev * p[1], rhs = p[0] * split_money_den(r);
    return (lhs > rhs) - (lhs < rhs);
}

static double edge_of(const struct split_result *r) { return -100 * wide_ratio(r->tot.ev, split_money_den(r)); }

/* The paytables to list, best first, into picks; returns how many are in
 * the band (or, solving for a line, how many combinations there are). */
static long choose(const struct split_grid *g, const struct split_result *res, long n, const wide_t lo[2],
                   const wide_t hi[2], int solve_for, struct pick *picks, long *npicks)
{
    double mid = (wide_ratio(lo[0], lo[1]) + wide_ratio(hi[0], hi[1])) / 2;
    bool point = lo[0] * hi[1] == hi[0] * lo[1];
    *npicks = 0;
    if (solve_for < 0) {
        for (long i = 0; i < n; i++)
            if (point || (edge_compare(&res[i], lo) >= 0 && edge_compare(&res[i], hi) <= 0))
                picks[(*npicks)++] = (struct pick){i, fabs(edge_of(&res[i]) - mid)};
        qsort(picks, (size_t)*npicks, sizeof *picks, by_distance);
        return point ? n : *npicks;
    }
    /* the solve-for line's place in the index: stride, count */
    long stride = 1, count = 1;
    for (int v = g->nvary - 1; v >= 0; v--) {
        count = (long)((g->vary[v].hi - g->vary[v].lo) / g->vary[v].step) + 1;
        if (v == solve_for)
            break;
        stride *= count;
    }
    for (long i = 0; i < n; i++) {
        if ((i / stride) % count != 0)
            continue; /* one pick per combination of the other lines, from its first value */
        struct pick best = {i, fabs(edge_of(&res[i]) - mid)};
        for (long k = 1; k < count; k++) {
            long j = i + k * stride;
            double d = fabs(edge_of(&res[j]) - mid);
            if (d < best.distance)
                best = (struct pick){j, d};
        }
        picks[(*npicks)++] = best;
    }
    qsort(picks, (size_t)*npicks, sizeof *picks, by_distance);
    return *npicks;
}

/* ------------------------------------------------------------------ */
/* The two analyses                                                     */
/* ------------------------------------------------------------------ */

static int run_sensitivity(const struct split_args *a, const struct split_paytable *pt)
{
    struct split_sensitivity *s = calloc(1, sizeof *s);
    if (!s)
        return fprintf(stderr, "fourcard design: out of memory\n"), 1;
    struct output_files out;
    output_files_init(&out, "design");
    int report = output_files_add(&out, cluster_rank() == 0 ? a->run.output : NULL);
    int rc = output_files_open(&out);
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
        cli_write_json(f, split_sensitivity_json(s));
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
    for (long i = 0; i < n; i++) {
        struct split_par par;
        struct split_par_options po = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                       .progress = !a->run.quiet};
        char err[512];
        if (split_par_compute(&listed[i].pt, &po, &par, err, sizeof err) != 0)
            return fprintf(stderr, "fourcard design: %s\n", err), 1;
        hit[i] = (double)par.wins / (double)par.total;
        split_par_free(&par);
    }
    return 0;
}

static int write_search(const struct split_args *a, const struct design_args *da, struct split_search_report *r)
{
    struct output_files out;
    output_files_init(&out, "design");
    int report = output_files_add(&out, a->run.output), save = output_files_add(&out, r->nlisted ? da->save : NULL);
    int rc = output_files_open(&out);
    if (rc != 0)
        return rc;
    FILE *f = output_files_fp(&out, report, stdout);
    if (a->run.json)
        cli_write_json(f, split_search_json(r));
    else if (a->run.csv)
        split_search_csv(f, r);
    else
        split_search_print(f, r);
    if (save >= 0)
        split_paytable_write(output_files_fp(&out, save, NULL), &r->listed[0].pt);
    return output_files_commit(&out);
}

static int run_search(const struct split_args *a, const struct design_args *da, const struct split_paytable *base)
{
    struct split_grid g;
    wide_t lo[2], hi[2];
    if (make_grid(da, base, &g) != 0 || parse_target(da->target, lo, hi) != 0)
        return EXIT_USAGE;
    int solve_for = -1;
    for (int v = 0; da->solve_for && v < g.nvary; v++)
        if (strcasecmp(split_line_at(g.vary[v].line)->name, da->solve_for) == 0)
            solve_for = v;
    if (da->solve_for && solve_for < 0)
        return cli_error("design", "--solve-for %s: give that line a range with --vary %s=LO..HI[:STEP]",
                         da->solve_for, da->solve_for);
    long n = split_grid_size(&g, GRID_LIMIT);
    if (n < 0)
        return cli_error("design", "the grid has more than %d paytables; narrow a range or widen a step", GRID_LIMIT);
    if (da->hit_frequency && cluster_size() > 1)
        return cli_error("design", "--hit-frequency runs in one process, not under MPI");
    struct split_result *res = malloc((size_t)n * sizeof *res);
    struct pick *picks = malloc((size_t)n * sizeof *picks);
    if (!res || !picks)
        return free(res), free(picks), fprintf(stderr, "fourcard design: out of memory\n"), 1;
    char err[512];
    long stable[2] = {0, 0};
    struct split_solve_options o = {.instant = a->instant, .threads = a->run.threads, .bind = a->run.bind,
                                    .progress = !a->run.quiet};
    if (split_grid_solve(&g, n, &o, res, stable, err, sizeof err) != 0) {
        free(res), free(picks);
        return fprintf(stderr, "fourcard design: %s\n", err), 1;
    }
    if (cluster_rank() != 0)
        return free(res), free(picks), 0;
    long npicks, in_band = choose(&g, res, n, lo, hi, solve_for, picks, &npicks);
    long nlisted = npicks < da->top ? npicks : da->top;
    struct split_result *listed = malloc((size_t)(nlisted > 0 ? nlisted : 1) * sizeof *listed);
    double *hit = da->hit_frequency ? calloc((size_t)(nlisted > 0 ? nlisted : 1), sizeof *hit) : NULL;
    int rc = !listed || (da->hit_frequency && !hit) ? (fprintf(stderr, "fourcard design: out of memory\n"), 1) : 0;
    for (long i = 0; rc == 0 && i < nlisted; i++)
        listed[i] = res[picks[i].index];
    double seconds = n > 0 ? res[0].seconds : 0;
    free(res), free(picks);
    if (rc == 0 && hit)
        rc = hit_frequencies(a, listed, nlisted, hit);
    if (rc == 0) {
        struct split_search_report r = {&g, n, in_band, stable[0], stable[1], {lo[0], lo[1]}, {hi[0], hi[1]},
                                        solve_for, listed, hit, nlisted, seconds};
        rc = write_search(a, da, &r);
    }
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
    if (da->sensitivity) {
        if (da->nvary || da->target || da->solve_for || da->hit_frequency || da->save)
            return cli_error("design", "--sensitivity takes no %s (those search a grid)",
                             da->nvary ? "--vary" : da->target ? "--target" : da->solve_for ? "--solve-for"
                             : da->hit_frequency ? "--hit-frequency" : "--save");
        return split_load_paytable("design", &a, &pt) != 0 ? EXIT_USAGE : run_sensitivity(&a, &pt);
    }
    if (da->nvary == 0)
        return cli_error("design", "nothing to do: give --sensitivity, or --vary LINE=LO..HI[:STEP] and --target");
    if (!da->target)
        return cli_error("design", "--vary needs --target LO%%..HI%% (or X%%): the house edge to aim at");
    return split_load_paytable("design", &a, &pt) != 0 ? EXIT_USAGE : run_search(&a, da, &pt);
}
