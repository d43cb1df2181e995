/* split_report.h — a 4 Card Split result as a readable table or JSON. */
#ifndef FOURCARD_SPLIT_REPORT_H
#define FOURCARD_SPLIT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "split_solve.h"

struct json_object;

/* The JSON object of `fourcard solve split --json` (a new reference). */
struct json_object *split_result_json(const struct split_result *r);
/* The game's rules and paytable as `solve split --json` reports them. */
struct json_object *split_rules_json(const struct split_paytable *pt, enum split_instant_reading instant);
/* "preset 2014-1a (rules 2014: dealer best 3 of 4, qualifies Q-high; instant winners: choose)" */
char *split_game_words(const struct split_paytable *pt, enum split_instant_reading instant, char *buf, size_t len);
/* The result as a readable table. */
void split_result_print(FILE *f, const struct split_result *r);

/* The figures of a sweep's line, in percent (floating point, for display). */
struct split_figures {
    double ev_percent;         /* EV per unit */
    double edge, edge_initial; /* house edge per unit and per initial wager (3 units) */
    double element_of_risk;    /* per unit wagered */
    double rounds_folded, hands_folded;
};
void split_result_figures(const struct split_result *r, struct split_figures *f);
/* The exact denominator of the totals' money: situations x SPLIT_L x den. */
wide_t split_money_den(const struct split_result *r);

/* Several results, one line each (a Markdown table): the house edge per
 * unit and per initial wager (Blind and two Antes: 3 units), the element of
 * risk, the rounds folded whole and the hands folded. */
/* A sweep line's hit frequency (a PAR pass, split_par.h): rounds whose net
 * is above 0, out of total; hit NULL where not computed. */
struct split_hit {
    int64_t wins, total;
};
void split_results_table(FILE *f, const struct split_result *r, const struct split_hit *hit, int n);

/* The same as CSV: a header, then one row per result, numbers with 17
 * significant digits, the EV's exact fraction in a text column. */
void split_results_csv(FILE *f, const struct split_result *r, const struct split_hit *hit, int n);

#endif
