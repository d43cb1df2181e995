/* split_seats_report.c — the colluding tables in a reader's words: per
 * table size, the EV per seat against the single player's, with its
 * standard error, how the decisions change, and what is sampled. */
#include "split_seats_report.h"

#include <json-c/json.h>

#include "report_json.h"
#include "split_report.h"
#include "split_seen_report.h"

static double row_seconds(const struct split_seats *s)
{
    double t = 0;
    for (int i = 0; i < s->nrows; i++)
        t += s->rows[i].seconds;
    return t;
}

static double pct_of(int64_t n, int64_t of) { return of ? 100.0 * (double)n / (double)of : 0; }

static void print_changes(FILE *f, const struct split_seats *s)
{
    fprintf(f, "\n## How the decisions change\n\nShares of the seats dealt (ties keep the normal decision).\n\n"
               "| Change |");
    for (int i = 0; i < s->nrows; i++)
        fprintf(f, " %d seats |", s->rows[i].seats);
    fprintf(f, "\n|---|");
    for (int i = 0; i < s->nrows; i++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int k = 0; k < SEEN_NCHANGES; k++) {
        fprintf(f, "| %s |", split_seen_change_words(k));
        for (int i = 0; i < s->nrows; i++)
            fprintf(f, " %.3f%% |", pct_of(s->rows[i].change[k], s->rows[i].tables * s->rows[i].seats));
        fprintf(f, "\n");
    }
}

void split_seats_print(FILE *f, const struct split_seats *s)
{
    double ev0 = wide_ratio(s->normal_num, s->normal_den);
    char game[256], frac[100];
    fprintf(f, "# 4 Card Split at a colluding table\n\n%s.\n\n", split_game_words(&s->pt, s->instant, game, sizeof game));
    fprintf(f, "N players at one table show each other their four cards; each plays the decision optimal with "
               "every card at the table known: 4(N - 1) cards more that neither the dealer holds nor fill a hand.  "
               "Every seat decides before any hand is filled; the cards that fill the other seats' hands are unseen "
               "to him, like the dealer's hole cards.  Each dealt table's EV is exact (every dealer hole triple and "
               "every filling of the cards left); the tables are sampled: %lld per size, seed %llu.  The EV per seat "
               "is the normal game's exact EV plus the mean gain of the better decisions, whose standard error is "
               "given (the seats' own mean EV is a check with a larger error).\n\n",
            (long long)(s->nrows ? s->rows[0].tables : 0), (unsigned long long)s->seed);
    fprintf(f, "| seats | EV per seat (per unit) | standard error | swing | house edge | decisions changed | "
               "seats' own mean EV (check) |\n|---:|---:|---:|---:|---:|---:|---:|\n");
    fprintf(f, "| 1 (normal game) | %+.4f%% | exact | | %.4f%% | | |\n", 100 * ev0, -100 * ev0);
    for (int i = 0; i < s->nrows; i++) {
        struct split_seats_figures x;
        split_seats_figures(s, &s->rows[i], &x);
        fprintf(f, "| %d | %+.4f%% | %.4f%% | %+.4f%% | %.4f%% | %.3f%% | %+.3f%% +- %.3f%% |\n", s->rows[i].seats,
                100 * x.ev, 100 * x.se, 100 * x.gain, -100 * x.ev, 100 * x.changed, 100 * x.direct_ev,
                100 * x.direct_se);
    }
    fprintf(f, "\nThe normal game's EV, exact: %s per unit.  Units as the published house edge: a round's result "
               "(Blind, both Antes, the Play bets) per unit; per initial wager (the Blind and two Antes, 3 units) "
               "every figure is a third as much.\n",
            wide_fraction(s->normal_num, s->normal_den, frac, sizeof frac));
    print_changes(f, s);
    fprintf(f, "\nComputed in %.1f s (the normal game %.2f s, the tables %.1f s; %d MPI rank%s x %d thread(s)",
            s->normal_seconds + row_seconds(s), s->normal_seconds, row_seconds(s), s->ranks, s->ranks == 1 ? "" : "s",
            s->threads);
    if (s->blocks_resumed)
        fprintf(f, "; %d blocks of tables taken from the --resume folder", s->blocks_resumed);
    fprintf(f, ").\n");
}

static json_object *row_json(const struct split_seats *s, const struct split_seats_row *r)
{
    struct split_seats_figures x;
    split_seats_figures(s, r, &x);
    json_object *o = json_object_new_object(), *kinds = json_object_new_object();
    /* the sample's mean gain, exact: the sum over the tables dealt */
    wide_t seat_den = (wide_t)r->tables * r->seats * r->scale * s->pt.den;
    struct report_seats_figures f = {x.ev, x.se, x.gain, x.direct_ev, x.direct_se, x.changed, r->gain, seat_den};
    json_object_object_add(o, "seats", json_object_new_int(r->seats));
    json_object_object_add(o, "tables", json_object_new_int64(r->tables));
    json_object_object_add(o, "cards_left", json_object_new_int(NCARDS - 5 - 4 * (r->seats - 1)));
    report_seats_row_json(o, &f);
    for (int k = 0; k < SEEN_NCHANGES; k++)
        json_object_object_add(kinds, split_seen_change_name(k),
                               report_exact_json(r->change[k], (wide_t)r->tables * r->seats));
    json_object_object_add(o, "by_change", kinds);
    json_object_object_add(o, "seconds", json_object_new_double(r->seconds));
    return o;
}

json_object *split_seats_json(const struct split_seats *s)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "analysis", json_object_new_string("seats"));
    json_object_object_add(o, "preset", json_object_new_string(s->pt.name));
    json_object_object_add(o, "game_rules", split_rules_json(&s->pt, s->instant));
    json_object_object_add(o, "sampled", json_object_new_string("tables dealt at random, each priced exactly"));
    json_object_object_add(o, "seed", json_object_new_uint64(s->seed));
    json_object_object_add(o, "normal_ev", report_exact_json(s->normal_num, s->normal_den));
    for (int i = 0; i < s->nrows; i++)
        json_object_array_add(rows, row_json(s, &s->rows[i]));
    json_object_object_add(o, "rows", rows);
    report_run_json(o, s->threads, s->ranks, s->bind, s->normal_seconds + row_seconds(s));
    json_object *run;
    if (s->blocks_resumed && json_object_object_get_ex(o, "run", &run))
        json_object_object_add(run, "blocks_resumed", json_object_new_int(s->blocks_resumed));
    return o;
}
