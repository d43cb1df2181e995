/* buyout_seats_report.c — the tables of N players in a reader's words: per
 * table size, the EV per seat against the single player's, with its
 * standard error, by seat in order of play too; what each seat knows and
 * what is sampled. */
#include "buyout_seats_report.h"

#include <json-c/json.h>

#include "buyout_report.h"
#include "report_json.h"

/* What a seat knows and the order of play (buyout_seats.h). */
static const char KNOWS[] =
    "N players at one table, acting in turn (seat 1 first); every card dealt face up is used: each player's first "
    "two cards, and the 3rd and 4th cards of the players who acted before him, bought, refused or folded (the "
    "refused ones go to the discard rack, face up).  At his 3rd-card decision a seat knows his own 2 cards and his "
    "3rd card, the dealer's upcard, the other N - 1 players' 2 initial cards and the cards the seats before him "
    "turned (each one's 3rd card, and his 4th when he bought the 3rd); at his 4th-card decision the same and his "
    "4th card.  Every seat plays the decisions optimal with what he knows, so the seats before him turned the "
    "cards their own optimal play asked for.  The cards of the seats after him are unseen, like the dealer's.";

/* The table, in place of the rules' one player alone. */
static const char PLAYERS[] = "N players at one table (a row per N), every face-up card seen by all";

static double row_seconds(const struct buyout_seats *s)
{
    double t = 0;
    for (int i = 0; i < s->nrows; i++)
        t += s->rows[i].seconds;
    return t;
}

void buyout_seats_print(FILE *f, const struct buyout_seats *s)
{
    double ev0 = wide_ratio(s->normal_num, s->normal_den);
    char frac[100], shoe[400], bonus[96];
    fprintf(f, "# 4 Card Buyout at a table of N players, every face-up card used\n\n");
    fprintf(f, "Shoe: %s; dealer's 5 cards: %s; %s.  %s\n\n", buyout_shoe_text(&s->rules, shoe, sizeof shoe),
            buyout_reading_name(s->rules.dealer_five),
            s->rules.bonus_table ? buyout_bonus_label(&s->rules, bonus, sizeof bonus) : "no Bonus bet", KNOWS);
    fprintf(f, "Each seat's EV at a dealt table is exact (the shoe less every card he knows; every 3rd and 4th "
               "card, every dealer outcome).  The tables are sampled: %lld per size, seed %llu; the 3rd and 4th "
               "cards of the seats before a seat are dealt too.  The EV per seat is the normal game's exact EV "
               "plus the mean gain of the better decisions, whose standard error is given (a table is one "
               "observation); the seats' own mean EV is a check with a larger error.  The sums add each seat's "
               "exact values rounded to 2^-%d of a unit.  EVs per First-bet unit.\n\n",
            (long long)(s->nrows ? s->rows[0].tables : 0), (unsigned long long)s->seed, BUYOUT_SEATS_BITS);
    fprintf(f, "| seats | EV per seat | standard error | swing | house edge | 3rd-card decisions changed | "
               "4th-card decisions changed | seats' own mean EV (check) |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    fprintf(f, "| 1 (normal game) | %+.5f%% | exact | | %.5f%% | | | |\n", 100 * ev0, -100 * ev0);
    for (int i = 0; i < s->nrows; i++) {
        struct buyout_seats_figures x;
        buyout_seats_figures(s, &s->rows[i], &x);
        fprintf(f, "| %d | %+.5f%% | %.5f%% | %+.5f%% | %.5f%% | %.3f%% | %.3f%% | %+.3f%% +- %.3f%% |\n",
                s->rows[i].seats, 100 * x.ev, 100 * x.se, 100 * x.gain, -100 * x.ev, 100 * x.changed3,
                100 * x.changed4, 100 * x.direct_ev, 100 * x.direct_se);
    }
    fprintf(f, "\nThe decisions changed: shares of the seats' 3rd-card situations, and of their 4th-card "
               "situations reached or not.  The normal game's EV, exact: %s per First-bet unit.\n\n",
            wide_fraction(s->normal_num, s->normal_den, frac, sizeof frac));
    fprintf(f, "By seat, in order of play (seat 1 acts first and sees no turned card): the EV per seat (normal EV "
               "+ that seat's mean gain) and its standard error.\n\n| seats |");
    for (int k = 1; k <= BUYOUT_SEATS_MAX; k++)
        fprintf(f, " seat %d |", k);
    fprintf(f, "\n|---:|");
    for (int k = 1; k <= BUYOUT_SEATS_MAX; k++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int i = 0; i < s->nrows; i++) {
        struct buyout_seats_figures x;
        buyout_seats_figures(s, &s->rows[i], &x);
        fprintf(f, "| %d |", s->rows[i].seats);
        for (int k = 0; k < BUYOUT_SEATS_MAX; k++)
            if (k < s->rows[i].seats)
                fprintf(f, " %+.5f%% +- %.5f%% |", 100 * x.seat_ev[k], 100 * x.seat_se[k]);
            else
                fprintf(f, " |");
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
    fprintf(f, "Computed in %.1f s (the normal game %.2f s, the tables %.1f s; %d thread(s)",
            s->normal_seconds + row_seconds(s), s->normal_seconds, row_seconds(s), s->threads);
    if (s->blocks_resumed)
        fprintf(f, "; %d blocks of %d tables taken from the --resume folder", s->blocks_resumed, BUYOUT_SEATS_BLOCK);
    fprintf(f, ").\n");
}

static json_object *row_json(const struct buyout_seats *s, const struct buyout_seats_row *r)
{
    struct buyout_seats_figures x;
    buyout_seats_figures(s, r, &x);
    json_object *o = json_object_new_object();
    /* the sample's mean gain, exact: the sum over the tables dealt */
    struct report_seats_figures f = {x.ev, x.se, x.gain, x.direct_ev, x.direct_se, x.changed3, r->gain,
                                     r->den * r->tables * r->seats};
    json_object_object_add(o, "seats", json_object_new_int(r->seats));
    json_object_object_add(o, "tables", json_object_new_int64(r->tables));
    report_seats_row_json(o, &f);
    json_object_object_add(o, "fourth_decisions_changed_percent", json_object_new_double(100 * x.changed4));
    json_object *by_seat = json_object_new_array();
    for (int k = 0; k < r->seats; k++) {
        json_object *b = json_object_new_object(), *ev = json_object_new_object();
        json_object_object_add(b, "seat", json_object_new_int(k + 1));
        json_object_object_add(ev, "value", json_object_new_double(x.seat_ev[k]));
        json_object_object_add(ev, "standard_error", json_object_new_double(x.seat_se[k]));
        json_object_object_add(b, "ev", ev);
        json_object_object_add(b, "swing_percent", json_object_new_double(100 * x.seat_gain[k]));
        json_object_array_add(by_seat, b);
    }
    json_object_object_add(o, "by_seat", by_seat);
    json_object_object_add(o, "seconds", json_object_new_double(r->seconds));
    return o;
}

json_object *buyout_seats_json(const struct buyout_seats *s)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "analysis", json_object_new_string("seats"));
    json_object *rules = buyout_rules_json(&s->rules);
    json_object_object_add(rules, "players", json_object_new_string(PLAYERS));
    json_object_object_add(o, "game_rules", rules);
    json_object_object_add(o, "known_cards", json_object_new_string(KNOWS));
    char unit[96];
    snprintf(unit, sizeof unit, "each seat's exact values rounded to 2^-%d First-bet units", BUYOUT_SEATS_BITS);
    json_object_object_add(o, "sums_unit", json_object_new_string(unit));
    json_object_object_add(o, "ev_per", json_object_new_string("First-bet unit"));
    json_object_object_add(o, "sampled", json_object_new_string("tables dealt at random, each seat priced exactly"));
    json_object_object_add(o, "seed", json_object_new_uint64(s->seed));
    json_object_object_add(o, "normal_ev", report_exact_json(s->normal_num, s->normal_den));
    for (int i = 0; i < s->nrows; i++)
        json_object_array_add(rows, row_json(s, &s->rows[i]));
    json_object_object_add(o, "rows", rows);
    report_run_json(o, s->threads, 1, s->bind, s->normal_seconds + row_seconds(s));
    json_object *run;
    if (s->blocks_resumed && json_object_object_get_ex(o, "run", &run)) /* --resume: not dealt by this run */
        json_object_object_add(run, "blocks_resumed", json_object_new_int(s->blocks_resumed));
    return o;
}
