/* report_design.h — what the paytable designers' reports share (4 Card
 * Split's, Four Card Frenzy's): pays and intervals as text and JSON,
 * exact decimals where they are (every pay a paytable file can hold has a
 * denominator dividing 10^6); and the description of a search. */
#ifndef FOURCARD_REPORT_DESIGN_H
#define FOURCARD_REPORT_DESIGN_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "crossing.h"
#include "wide.h"

/* num / den as a decimal ("2.5") when the reduced den divides 10^6, else "p/q". */
char *report_pay_text(wide_t num, wide_t den, char *buf, size_t len);
/* "[0, 41.2)": brackets for ends inside, parentheses for ends outside,
 * "no limit" for an unbounded top.  An end that is no pay of at most 6
 * decimals is rounded inward to one (so every pay printed lies inside;
 * JSON has the ends exactly); when no such pay lies inside, both ends are
 * printed as exact fractions. */
char *report_interval_text(const struct pay_bound *low, const struct pay_bound *high, char *buf, size_t len);
/* An end as a JSON number, or its exact "p/q"; NULL (JSON null) when unbounded. */
json_object *report_bound_json(const struct pay_bound *b);
json_object *report_bound_exact_json(const struct pay_bound *b);
/* A line's interval into x: low, high, low_exact, high_exact, low_included,
 * high_included; all null (false) when no decision depends on the line
 * (known false). */
void report_interval_json(json_object *x, const struct pay_bound *low, const struct pay_bound *high, bool known);
/* The same as CSV fields, each after a comma: low, low_exact,
 * low_included, high, high_exact, high_included (empty when unknown or
 * unbounded). */
void report_interval_csv(FILE *f, const struct pay_bound *low, const struct pay_bound *high, bool known);

/* What a search over a grid of paytables was: its varied lines (values
 * lo, lo + step, ..., last, each times den), the target lo..hi percent
 * (num / den each; lo = hi: a point) of the house edge per `unit`, the
 * line solved for (its place, or -1), the paytables in the grid, those
 * ranked (or, solving for a line, the combinations of the others) and how
 * many of those lie in the band (exactly on a point). */
enum { REPORT_MAX_VARY = 18 };
struct report_search {
    int nvary;
    const char *line[REPORT_MAX_VARY];
    int64_t lo[REPORT_MAX_VARY], last[REPORT_MAX_VARY], step[REPORT_MAX_VARY], den;
    wide_t target_lo[2], target_hi[2];
    const char *unit;
    int solve_for;
    long size, considered, in_band;
};

/* "Varied lines: ..." and the sentence on what is listed (Markdown). */
void report_search_print(FILE *f, const struct report_search *s);
/* Adds vary, target, solve_for, grid_size, considered and in_band to o. */
void report_search_json(json_object *o, const struct report_search *s);

#endif
