/* cmd_design.c — `fourcard design GAME`: the options it adds to a game's
 * own, and the dispatch to the game's entry point (games.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cluster.h"
#include "output_files.h"
#include "design_cli.h"
#include "games.h"
#include "report_design.h"

enum { OPT_SENSITIVITY = CLI_EXTRA_BASE, OPT_FROM, OPT_VARY, OPT_TARGET, OPT_TOP, OPT_SOLVE_FOR, OPT_HIT, OPT_SAVE };

static const struct option DESIGN_OPTS[] = {
    {"sensitivity", no_argument, NULL, OPT_SENSITIVITY}, {"from", required_argument, NULL, OPT_FROM},
    {"vary", required_argument, NULL, OPT_VARY},         {"target", required_argument, NULL, OPT_TARGET},
    {"top", required_argument, NULL, OPT_TOP},           {"solve-for", required_argument, NULL, OPT_SOLVE_FOR},
    {"hit-frequency", no_argument, NULL, OPT_HIT},       {"save", required_argument, NULL, OPT_SAVE},
    {0, 0, 0, 0},
};

static int take(void *ctx, int c, const char *arg)
{
    struct design_args *da = ctx;
    switch (c) {
    case OPT_SENSITIVITY: da->sensitivity = true; return 0;
    case OPT_FROM: da->from = arg; return 0;
    case OPT_VARY:
        if (da->nvary == DESIGN_MAX_VARY)
            return cli_error("design", "more than %d --vary lines", DESIGN_MAX_VARY), -1;
        da->vary[da->nvary++] = arg;
        return 0;
    case OPT_TARGET: da->target = arg; return 0;
    case OPT_TOP: da->top_given = true; return cli_parse_int("design", "--top", arg, 1, 100000, &da->top);
    case OPT_SOLVE_FOR: da->solve_for = arg; return 0;
    case OPT_HIT: da->hit_frequency = true; return 0;
    default: da->save = arg; return 0;
    }
}

struct cli_extra design_extra(const char *help, struct design_args *da)
{
    return (struct cli_extra){"design", DESIGN_OPTS, take, da, help};
}

/* ------------------------------------------------------------------ */
/* --vary and --target                                                  */
/* ------------------------------------------------------------------ */

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
int design_parse_vary(const char *text, int (*find_line)(const char *name), const char *game, struct design_vary *v)
{
    const char *eq = strchr(text, '='), *dots = eq ? strstr(eq, "..") : NULL;
    if (!eq || !dots)
        return cli_error("design", "bad --vary '%s' (LINE=LO..HI[:STEP], e.g. odds-win.flush=1..2:0.5)", text), -1;
    char name[64];
    size_t nlen = (size_t)(eq - text);
    if (nlen >= sizeof name || (memcpy(name, text, nlen), name[nlen] = '\0', (v->line = find_line(name)) < 0))
        return cli_error("design", "unknown line '%.*s' in --vary (see 'fourcard design %s --help')",
                         nlen > 60 ? 60 : (int)nlen, text, game), -1;
    const char *hi = dots + 2, *colon = strchr(hi, ':');
    v->step = (struct paytable_decimal){1, 1};
    if (parse_pay("low value", eq + 1, (size_t)(dots - eq - 1), &v->lo) ||
        parse_pay("high value", hi, colon ? (size_t)(colon - hi) : strlen(hi), &v->hi) ||
        (colon && parse_pay("step", colon + 1, strlen(colon + 1), &v->step)))
        return -1;
    if (v->step.num == 0)
        return cli_error("design", "bad --vary '%s': the step must be above 0", text), -1;
    if ((wide_t)v->lo.num * v->hi.den > (wide_t)v->hi.num * v->lo.den)
        return cli_error("design", "bad --vary '%s': an empty range (LO above HI)", text), -1;
    return 0;
}

int design_read_varies(const struct design_args *da, int (*find_line)(const char *name), const char *game,
                       int64_t den0, struct design_vary v[DESIGN_MAX_VARY], int64_t *den)
{
    *den = den0;
    for (int i = 0; i < da->nvary; i++) {
        if (design_parse_vary(da->vary[i], find_line, game, &v[i]) != 0)
            return -1;
        for (int j = 0; j < i; j++)
            if (v[j].line == v[i].line)
                return cli_error("design", "line %.*s is varied twice", (int)strcspn(da->vary[i], "="), da->vary[i]), -1;
        *den = paytable_lcm(paytable_lcm(paytable_lcm(*den, v[i].lo.den), v[i].hi.den), v[i].step.den);
    }
    return 0;
}

/* One end of --target: [-]D[.D]%, as num / den percent. */
static int parse_percent(const char *text, size_t len, wide_t out[2])
{
    char buf[64];
    if (len == 0 || text[len - 1] != '%')
        return -1;
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

int design_parse_target(const char *text, wide_t lo[2], wide_t hi[2])
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

int design_open_outputs(struct output_files *out, const struct run_options *run, const char *save, int *report,
                        int *saved)
{
    output_files_init(out, "design");
    bool root = cluster_rank() == 0;
    *report = output_files_add(out, root ? run->output : NULL);
    *saved = output_files_add(out, root ? save : NULL);
    return output_files_open(out);
}

int design_open_grid(long n, long limit, struct output_files *out, const struct run_options *run, const char *save,
                     int *report, int *saved)
{
    if (n < 0)
        return cli_error("design", "the grid has more than %ld paytables; narrow a range or widen a step", limit);
    return design_open_outputs(out, run, save, report, saved);
}

int design_nothing_saved(struct output_files *out, const char *save)
{
    output_files_abort(out);
    fprintf(stderr, "fourcard design: --save %s: no paytable listed, so nothing written\n", save);
    return 1;
}

int design_mode(const struct design_args *da)
{
    if (da->sensitivity) {
        if (da->nvary || da->target || da->solve_for || da->hit_frequency || da->save || da->top_given)
            return cli_error("design", "--sensitivity takes no %s (those search a grid)",
                             da->nvary ? "--vary" : da->target ? "--target" : da->solve_for ? "--solve-for"
                             : da->hit_frequency ? "--hit-frequency" : da->save ? "--save" : "--top"), -1;
        return 0;
    }
    if (da->nvary == 0)
        return cli_error("design", "nothing to do: give --sensitivity, or --vary LINE=LO..HI[:STEP] and --target"), -1;
    if (!da->target)
        return cli_error("design", "--vary needs --target LO%%..HI%% (or X%%): the house edge to aim at"), -1;
    return 1;
}

int design_solve_for(const struct design_args *da, const int *lines, int nvary, int (*find_line)(const char *name))
{
    if (!da->solve_for)
        return -1;
    int line = find_line(da->solve_for);
    if (line < 0)
        return cli_error("design", "unknown line '%s' in --solve-for", da->solve_for), -2;
    for (int v = 0; v < nvary; v++)
        if (lines[v] == line)
            return v;
    return cli_error("design", "--solve-for %s: give that line a range with --vary %s=LO..HI[:STEP]", da->solve_for,
                     da->solve_for), -2;
}

/* ------------------------------------------------------------------ */
/* What to list                                                         */
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

/* The house edge ev / den against p = p[0] / p[1] percent, exactly: -1, 0 or 1. */
static int edge_compare(wide_t ev, wide_t den, const wide_t p[2])
{
    wide_t lhs = -100 * ev * p[1], rhs = p[0] * den;
    return (lhs > rhs) - (lhs < rhs);
}

long design_choose(const wide_t *ev, wide_t den, long n, const wide_t lo[2], const wide_t hi[2], int solve_for,
                   const long *counts, int nvary, long *picks, long *npicks)
{
    double mid = (wide_ratio(lo[0], lo[1]) + wide_ratio(hi[0], hi[1])) / 2;
    bool point = lo[0] * hi[1] == hi[0] * lo[1];
    struct pick *p = malloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    long np = 0;
    if (!p)
        return *npicks = 0, -1;
    if (solve_for < 0) {
        for (long i = 0; i < n; i++)
            if (point || (edge_compare(ev[i], den, lo) >= 0 && edge_compare(ev[i], den, hi) <= 0))
                p[np++] = (struct pick){i, fabs(-100 * wide_ratio(ev[i], den) - mid)};
    } else {
        long stride = 1; /* the solve-for line's place in the index */
        for (int v = nvary - 1; v > solve_for; v--)
            stride *= counts[v];
        for (long i = 0; i < n; i++) {
            if ((i / stride) % counts[solve_for] != 0)
                continue; /* one pick per combination of the other lines, from its first value */
            struct pick best = {i, fabs(-100 * wide_ratio(ev[i], den) - mid)};
            for (long k = 1; k < counts[solve_for]; k++) {
                long j = i + k * stride;
                double d = fabs(-100 * wide_ratio(ev[j], den) - mid);
                if (d < best.distance)
                    best = (struct pick){j, d};
            }
            p[np++] = best;
        }
    }
    qsort(p, (size_t)np, sizeof *p, by_distance);
    long in_band = 0;
    for (long i = 0; i < np; i++) {
        picks[i] = p[i].index;
        in_band += edge_compare(ev[p[i].index], den, lo) >= 0 && edge_compare(ev[p[i].index], den, hi) <= 0;
    }
    free(p);
    *npicks = np;
    return in_band;
}

void design_fill_search(struct report_search *s, const wide_t lo[2], const wide_t hi[2], int solve_for, long size,
                        long considered, long in_band)
{
    s->target_lo[0] = lo[0], s->target_lo[1] = lo[1], s->target_hi[0] = hi[0], s->target_hi[1] = hi[1];
    s->solve_for = solve_for, s->size = size, s->considered = considered, s->in_band = in_band;
}

/* ------------------------------------------------------------------ */

static const char USAGE[] =
    "usage: fourcard design GAME --sensitivity | --vary LINE=LO..HI[:STEP]... --target BAND [options]\n"
    "The paytable designer: how much each pay line moves the EV, and every\n"
    "paytable of a grid whose house edge lands in a band, all exact.\n"
    "GAME: split, frenzy or buyout; 'fourcard design GAME --help' for its options.\n";

int cmd_design(int argc, char **argv)
{
    struct design_args da = {.top = 10};
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return fputs(USAGE, stdout), 0;
    const struct cli_game *g = cli_game_find(argc, argv);
    if (!g)
        return cli_error("design", argc < 2 ? "missing GAME (%s)" : "unknown or missing GAME (%s)", cli_game_names());
    if (!g->design)
        return cli_error("design", "'design %s' is not available yet (split and frenzy are)", g->name);
    return g->design(argc, argv, &da);
}
