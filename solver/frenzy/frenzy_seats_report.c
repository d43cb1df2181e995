/* frenzy_seats_report.c — the colluding tables in a reader's words: per
 * table size, the EV per seat against the single player's, with its
 * standard error and what is sampled. */
#include "frenzy_seats_report.h"

#include <json-c/json.h>

#include "frenzy_report.h"
#include "report_json.h"

static wide_t normal_den(const struct frenzy_seats *s) { return (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * s->den; }

static double row_seconds(const struct frenzy_seats *s)
{
    double t = 0;
    for (int i = 0; i < s->nrows; i++)
        t += s->rows[i].seconds;
    return t;
}

void frenzy_seats_print(FILE *f, const struct frenzy_seats *s, const struct frenzy_result *normal)
{
    double ev0 = wide_ratio(s->normal_ev, normal_den(s));
    char frac[100];
    fprintf(f, "# Four Card Frenzy at a colluding table\n\n");
    fprintf(f, "Odds Win %s, Bad Beat %s%s%s (copies: %s).  N players at one table show each other their five "
               "cards; each plays the decision optimal with every card at the table known (5(N - 1) cards the "
               "dealer cannot hold).  Each dealt table's EV is exact (every dealer hand of the cards left); the "
               "tables are sampled: %lld per size, seed %llu.  The EV per seat is the normal game's exact EV plus "
               "the mean gain of the better decisions, whose standard error is given (the seats' own mean EV is "
               "a check with a larger error).\n\n",
            s->game.win.name, s->game.bad_beat.name, normal->paytable[0] ? ", paytable " : "", normal->paytable,
            s->game.copy == FRENZY_COPY_WIN ? "win, Washington" : "Ante and Raise push",
            (long long)(s->nrows ? s->rows[0].tables : 0), (unsigned long long)s->seed);
    fprintf(f, "| seats | EV per seat (per Ante) | standard error | swing | house edge | decisions changed | "
               "seats' own mean EV (check) |\n|---:|---:|---:|---:|---:|---:|---:|\n");
    fprintf(f, "| 1 (normal game) | %+.4f%% | exact | | %.4f%% | | |\n", 100 * ev0, -100 * ev0);
    for (int i = 0; i < s->nrows; i++) {
        struct frenzy_seats_figures x;
        frenzy_seats_figures(s, &s->rows[i], &x);
        fprintf(f, "| %d | %+.4f%% | %.4f%% | %+.4f%% | %.4f%% | %.3f%% | %+.3f%% +- %.3f%% |\n", s->rows[i].seats,
                100 * x.ev, 100 * x.se, 100 * x.gain, -100 * x.ev, 100 * x.changed, 100 * x.direct_ev,
                100 * x.direct_se);
    }
    fprintf(f, "\nThe normal game's EV, exact: %s per Ante.  Per initial wager (the Ante and the Odds, 2 units) "
               "every figure is half as much.\n\n",
            wide_fraction(s->normal_ev, normal_den(s), frac, sizeof frac));
    fprintf(f, "Computed in %.1f s (the normal game %.2f s, the tables %.1f s; %d thread(s)",
            normal->seconds + row_seconds(s), normal->seconds, row_seconds(s), normal->threads);
    if (s->pieces_resumed)
        fprintf(f, "; %d pieces (1,024 tables of a size, or the last ones) taken from the --resume folder",
                s->pieces_resumed);
    fprintf(f, ").\n");
}

static json_object *row_json(const struct frenzy_seats *s, const struct frenzy_seats_row *r)
{
    struct frenzy_seats_figures x;
    frenzy_seats_figures(s, r, &x);
    json_object *o = json_object_new_object();
    /* the sample's mean gain, exact: the sum over the tables dealt */
    wide_t seat_den = (wide_t)r->tables * r->seats * r->dealer_hands * s->den;
    struct report_seats_figures f = {x.ev, x.se, x.gain, x.direct_ev, x.direct_se, x.changed, r->gain, seat_den};
    json_object_object_add(o, "seats", json_object_new_int(r->seats));
    json_object_object_add(o, "tables", json_object_new_int64(r->tables));
    json_object_object_add(o, "dealer_hands", json_object_new_int64(r->dealer_hands));
    report_seats_row_json(o, &f);
    json_object_object_add(o, "seconds", json_object_new_double(r->seconds));
    return o;
}

json_object *frenzy_seats_json(const struct frenzy_seats *s, const struct frenzy_result *normal)
{
    struct frenzy_side_bets none = {0};
    json_object *solve = frenzy_result_json(normal, &none), *o = json_object_new_object(), *rules = NULL,
                *rows = json_object_new_array();
    json_object_object_get_ex(solve, "game_rules", &rules);
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "analysis", json_object_new_string("seats"));
    json_object_object_add(o, "game_rules", json_object_get(rules));
    json_object_put(solve);
    json_object_object_add(o, "sampled", json_object_new_string("tables dealt at random, each priced exactly"));
    json_object_object_add(o, "seed", json_object_new_uint64(s->seed));
    json_object_object_add(o, "normal_ev", report_exact_json(s->normal_ev, normal_den(s)));
    for (int i = 0; i < s->nrows; i++)
        json_object_array_add(rows, row_json(s, &s->rows[i]));
    json_object_object_add(o, "rows", rows);
    report_run_json(o, normal->threads, normal->ranks, normal->bind, normal->seconds + row_seconds(s));
    json_object *run;
    if (s->pieces_resumed && json_object_object_get_ex(o, "run", &run)) /* --resume: what this run did not compute */
        json_object_object_add(run, "pieces_resumed", json_object_new_int(s->pieces_resumed));
    return o;
}
