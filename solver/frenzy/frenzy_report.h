/* frenzy_report.h — a Four Card Frenzy result as a readable table or JSON. */
#ifndef FOURCARD_FRENZY_REPORT_H
#define FOURCARD_FRENZY_REPORT_H

#include <stdio.h>

#include "frenzy_jackpot.h"
#include "frenzy_solve.h"

struct json_object;

/* The side bets of a report: per-hand ones and the jackpots. */
struct frenzy_side_bets {
    const struct frenzy_side_result *sides;
    int nsides;
    const struct frenzy_jackpot_result *jackpots;
    int njackpots;
};

/* The JSON object of `fourcard solve frenzy --json` for one main game,
 * with the side bets under "bets" (a new reference). */
struct json_object *frenzy_result_json(const struct frenzy_result *r, const struct frenzy_side_bets *bets);
/* The game's rules as solve's "game_rules" gives them, less the side
 * bets (paytable: its name, or NULL), a new reference. */
struct json_object *frenzy_game_rules_json(const struct frenzy_game *g, const char *paytable);
/* The same as a readable table (bets not NULL). */
void frenzy_result_print(FILE *f, const struct frenzy_result *r, const struct frenzy_side_bets *bets);

/* The figures of one line of a designer's list, in percent (display). */
struct frenzy_figures {
    double edge;             /* house edge per Ante */
    double edge_initial;     /* per initial wager: Ante and Odds, 2 units */
    double element_of_risk;  /* per unit wagered */
    double folded;           /* hands folded */
};
void frenzy_result_figures(const struct frenzy_result *r, struct frenzy_figures *f);
/* The exact denominator of the totals' money: hands x dealer hands x den. */
wide_t frenzy_money_den(const struct frenzy_result *r);

/* A sweep: one line per game (a Markdown table; CSV; a JSON object whose
 * "paytables" holds solve's objects with hit_frequency), name[i] naming
 * game i, hits[i]
 * its rounds won of FRENZY_HANDS x FRENZY_DEALER_HANDS (frenzy_hit_count). */
void frenzy_results_table(FILE *f, const struct frenzy_result *r, const char *const *name, const int64_t *hits, int n);
void frenzy_results_csv(FILE *f, const struct frenzy_result *r, const char *const *name, const int64_t *hits, int n);
struct json_object *frenzy_results_json(const struct frenzy_result *r, const char *const *name, const int64_t *hits,
                                        int n);

/* The EV of one unit on a side bet (for display). */
double frenzy_side_ev(const struct frenzy_side_result *s);

#endif
