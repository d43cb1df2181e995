/* par_sheet.h — a PAR sheet of any game: the exact distribution of the
 * net result of a round and every figure derived from it, each bet's
 * return, tables of frequencies (final hands, decisions, ...) and side
 * bets, written as Markdown, JSON or CSV.
 *
 * A game's builder (frenzy_par.c, buyout_par.c, and later split_par.c)
 * fills a sheet with integer counts from its exact solve:
 *
 *   struct par_sheet *s = par_sheet_new("Four Card Frenzy", "WE-1 / BB-2", "Ante");
 *   par_sheet_reading(s, "copy", "win (Washington)");
 *   s->dist.value_den = 2;                   money of a round in 1/2 Ante
 *   par_dist_add(&s->dist, -4, count);       a round losing 2 Antes, count times
 *   ...
 *   s->initial_wager = par_frac_make(2, 1);  Ante + Odds
 *   s->average_wager = ...;  s->solver_ev = ...;   from the solve path
 *   par_sheet_bet(s, "ante", "Ante", num, den, NULL);
 *   struct par_table *t = par_sheet_table(s, "Decisions", "player hands", total, "return per Ante", den);
 *   par_table_row(t, "fold", count, true, value);
 *   struct par_side *b = par_sheet_side(s, "Four Card Bonus FC-1", "independent of the main game", false);
 *   par_side_row(b, "Royal", pay_num, count);  b->dist.value_den = ...;  b->dist.total = ...;
 *   par_sheet_finish(s, err, errlen);        derives and checks everything
 *   par_sheet_write(s, PAR_MARKDOWN, stdout);
 *   par_sheet_free(s);
 *
 * Money: the net result of a round in units of the game's unit (the
 * Ante, the First bet, ...), all wagers of the round included (the
 * stake returned on a win is not counted as a gain).  Every count is an
 * integer of the table's total; every figure derived is an exact
 * fraction, with doubles only for display and for the standard
 * deviation, which is the square root of the exact variance.
 *
 * par_sheet_finish refuses a sheet (returns -1 with the reason) whose
 * distribution does not add up to its total, whose mean is not exactly
 * the solver's EV, or whose bets do not add up to it: a PAR sheet that
 * disagrees with the solve is never written.
 */
#ifndef FOURCARD_PAR_SHEET_H
#define FOURCARD_PAR_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "par_dist.h"
#include "wide.h"

/* A bet's part of the round's EV per unit. */
struct par_bet {
    char id[PAR_NAME];   /* the key solve GAME --json names the bet by, where it has the same bet */
    char name[PAR_NAME]; /* for people */
    struct par_frac ev;
    char note[PAR_TEXT];
};

/* A table of frequencies: rows with integer counts out of total, and,
 * when has_value, each row's part of some money figure in 1/value_den
 * (the label says which, e.g. "return per Ante"). */
/* One part of a row's name as a key of its own ("hand": "Pair"), so that
 * a reader need not cut "Pair, win, dealer qualified" apart. */
struct par_field {
    char key[24], value[PAR_NAME];
    bool number; /* the value is an integer: a JSON number, not a string */
};

struct par_row {
    char name[PAR_NAME];
    int nfields;
    struct par_field fields[PAR_MAX_FIELDS];
    wide_t count;
    bool has_value;
    wide_t value;
};

struct par_table {
    char title[PAR_NAME];
    char of[PAR_TEXT];          /* what the counts count: "player hands (of 2,598,960)" */
    wide_t total;
    char value_label[PAR_NAME]; /* "" when no row has a value */
    wide_t value_den;
    int n;
    struct par_row rows[PAR_MAX_ROWS];
    bool overflow;
};

/* A side bet: its outcomes (named rows, value = the result of one unit
 * bet, "to 1" or -1) and what follows from them. */
struct par_side {
    char name[PAR_NAME];
    char note[PAR_TEXT];
    bool in_round;              /* its money is part of the round's distribution */
    struct par_outcome rows[PAR_MAX_SIDE_ROWS];
    struct par_dist dist;       /* over rows: value_den and total set by the builder */
    bool has_solver_ev;         /* when set, par_sheet_finish checks the rows' mean against it */
    struct par_frac solver_ev;  /* the bet's EV per unit from the solve path */
    struct par_moments m;       /* by par_sheet_finish */
};

/* A progressive jackpot beside the game: not part of the round; its
 * return per $1 depends on the meter and on how many players at the table
 * bet it (they share a percent prize and pay each other Envy).  For each
 * table size the EV is exactly base + per_meter x meter. */
enum { PAR_MAX_JACKPOTS = 8, PAR_MAX_PLAYERS = 7, PAR_EXACT = 480 };
struct par_jackpot_row {
    char name[PAR_NAME];      /* "Royal Flush" */
    char prize[2 * PAR_NAME]; /* "10% of the meter, shared; Envy $250 to each other player" */
    wide_t count;                          /* hands, of total */
};
struct par_jackpot_players {
    double base, per_meter, ev, break_even; /* per $1; break_even in dollars when breaks_even */
    bool breaks_even;                       /* per_meter > 0 */
    char ev_exact[PAR_EXACT], break_even_exact[PAR_EXACT];
};
struct par_jackpot {
    char name[PAR_NAME], note[PAR_TEXT];
    double meter;          /* the meter the sheet prices, dollars */
    wide_t total;          /* hands the counts are of */
    int nrows, nplayers;   /* players 1..nplayers */
    struct par_jackpot_row rows[PAR_MAX_SIDE_ROWS];
    struct par_jackpot_players at[PAR_MAX_PLAYERS];
};

struct par_volatility; /* par_volatility.h */

struct par_reading {
    char key[PAR_NAME], value[PAR_TEXT];
};

struct par_sheet {
    char game[PAR_NAME], game_name[PAR_NAME], preset[PAR_NAME], unit[PAR_NAME]; /* game: "split", game_name: "4 Card Split" */
    int nreadings;
    struct par_reading readings[PAR_MAX_READINGS];
    struct par_frac initial_wager; /* units wagered before any decision */
    struct par_frac average_wager; /* units wagered on average, raises included */
    struct par_frac solver_ev;     /* the EV of a round per unit from the solve path */
    char hit_note[PAR_TEXT];       /* what a hit is; set by par_sheet_new */
    struct par_dist dist;          /* the net result of a round */
    int nbets, ntables, nsides, njackpots;
    struct par_bet bets[PAR_MAX_BETS];
    struct par_table *tables[PAR_MAX_TABLES];
    struct par_side *sides[PAR_MAX_SIDES];
    struct par_jackpot *jackpots[PAR_MAX_JACKPOTS];
    /* par_sheet_finish: */
    struct par_moments m;
    struct par_frac house_edge, house_edge_initial, element_of_risk, bets_sum;
    struct par_volatility *vol;    /* the ranges after 100 to 10,000 rounds (par_volatility.h) */
    bool finished;
};

/* NULL when out of memory.  Strings are copied (cut to fit). */
struct par_sheet *par_sheet_new(const char *game, const char *game_name, const char *preset, const char *unit);
void par_sheet_free(struct par_sheet *s); /* with its tables and side bets; NULL is fine */
/* A rule or reading of an open point used: shown with the sheet. */
void par_sheet_reading(struct par_sheet *s, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A bet's part of the EV per unit, num / den, and a note (NULL for none); dropped past PAR_MAX_BETS. */
void par_sheet_bet(struct par_sheet *s, const char *id, const char *name, wide_t num, wide_t den, const char *note);
/* A new table (NULL when there is no room or memory). */
struct par_table *par_sheet_table(struct par_sheet *s, const char *title, const char *of, wide_t total,
                                  const char *value_label, wide_t value_den);
/* Adds a row to t (no-op when t is NULL; past PAR_MAX_ROWS it sets t->overflow). */
void par_table_row(struct par_table *t, const char *name, wide_t count, bool has_value, wide_t value);
/* True when the rows' counts add up to the table's total (each counted
 * thing in one row): the table then has a total row, whose value (when
 * every row has one) is the sum in *value_sum, in 1/value_den. */
bool par_table_partition(const struct par_table *t, bool *has_value_sum, wide_t *value_sum);
/* Gives the last row added one part of its name apart (a key of its own in
 * the JSON, a column of its own in the CSV; no-op when t is NULL, has no
 * row or the row has PAR_MAX_FIELDS already); _int for a whole number. */
void par_row_field(struct par_table *t, const char *key, const char *value);
void par_row_field_int(struct par_table *t, const char *key, long value);
/* A new side bet, dist.value_den 1 (NULL when there is no room or memory). */
struct par_side *par_sheet_side(struct par_sheet *s, const char *name, const char *note, bool in_round);
/* Adds an outcome, in the builder's order and not merged (no-op when b is NULL; overflow past PAR_MAX_SIDE_ROWS). */
void par_side_row(struct par_side *b, const char *name, wide_t value, wide_t count);

/* A new jackpot (NULL when there is no room or memory); the builder fills
 * its rows and table sizes. */
struct par_jackpot *par_sheet_jackpot(struct par_sheet *s, const char *name, const char *note, double meter,
                                      wide_t total);

/* Derives every figure and checks the sheet against the solve (see the
 * top).  Returns 0, or -1 with a one-line reason in err. */
int par_sheet_finish(struct par_sheet *s, char *err, size_t errlen);

enum par_format { PAR_MARKDOWN = 0, PAR_JSON = 1, PAR_CSV = 2, PAR_HTML = 3 };

/* A finished sheet in one format.  CSV is one wide table per section, each
 * a block "# NAME", a header line, its rows and an empty line
 * (docs/par-sheet-format.md). */
void par_sheet_write(const struct par_sheet *s, enum par_format fmt, FILE *f);
void par_sheet_write_csv(const struct par_sheet *s, FILE *f); /* par_csv.c */

/* A finished sheet as one printable HTML page (par_html.c): inline CSS
 * and SVG charts, no script. */
void par_sheet_write_html(const struct par_sheet *s, FILE *f);

/* The summary figures of a finished sheet, in the order every format
 * prints them: key, label, exact fraction, shown as a percent or not. */
enum { PAR_NFIGURES = 10 };
struct par_figure {
    const char *key, *label;
    struct par_frac f;
    bool percent;
};
void par_sheet_figures(const struct par_sheet *s, struct par_figure out[PAR_NFIGURES]);

struct json_object;
/* A finished sheet as the JSON object par_sheet_write prints (a new reference). */
struct json_object *par_sheet_json(const struct par_sheet *s);

#endif
