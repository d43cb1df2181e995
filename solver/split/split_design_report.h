/* split_design_report.h — the designer's reports (split_design.h): text
 * (Markdown), JSON and CSV.  Every figure comes from the exact totals. */
#ifndef FOURCARD_SPLIT_DESIGN_REPORT_H
#define FOURCARD_SPLIT_DESIGN_REPORT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

#include "split_design.h"

void split_sensitivity_print(FILE *f, const struct split_sensitivity *s);
json_object *split_sensitivity_json(const struct split_sensitivity *s);
void split_sensitivity_csv(FILE *f, const struct split_sensitivity *s);

/* A search over a grid: the paytables listed (best first) with their
 * hit frequency where computed (has_hit false: not computed). */
struct split_search_report {
    const struct split_grid *grid;
    long size, in_band;          /* paytables in the grid; in the band (or, with solve_for, listed) */
    long stable, classes;        /* classes priced once for the whole grid; all classes */
    wide_t target_lo[2], target_hi[2]; /* the band in percent, num / den */
    int solve_for;               /* a line index, or -1 */
    const struct split_result *listed;
    const double *hit;           /* per listed paytable, or NULL */
    long nlisted;
    double seconds;
};

void split_search_print(FILE *f, const struct split_search_report *r);
json_object *split_search_json(const struct split_search_report *r);
void split_search_csv(FILE *f, const struct split_search_report *r);

/* A paytable as a file split_paytable_load reads back to the same numbers. */
void split_paytable_write(FILE *f, const struct split_paytable *pt);

#endif
