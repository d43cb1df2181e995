/* split_design_report.h — the designer's reports (split_design.h): text
 * (Markdown), JSON and CSV.  Every figure comes from the exact totals. */
#ifndef FOURCARD_SPLIT_DESIGN_REPORT_H
#define FOURCARD_SPLIT_DESIGN_REPORT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

#include "report_design.h"
#include "split_design.h"

void split_sensitivity_print(FILE *f, const struct split_sensitivity *s);
json_object *split_sensitivity_json(const struct split_sensitivity *s);
void split_sensitivity_csv(FILE *f, const struct split_sensitivity *s);

/* A search over a grid: what it was (the caller sets the target, the
 * solve-for line and the counts; split_search_describe the rest), the
 * paytables listed, best first, with their hit frequency where computed
 * (hit NULL: not computed). */
struct split_search_report {
    const struct split_grid *grid;
    enum split_instant_reading instant;
    struct report_search search;
    long stable, classes;        /* classes priced once for the whole grid; all classes */
    const struct split_result *listed;
    const double *hit;
    long nlisted;
    double seconds;
};

/* The grid's varied lines into s (nvary, line, lo, last, step, den; unit). */
void split_search_describe(const struct split_grid *g, struct report_search *s);

void split_search_print(FILE *f, const struct split_search_report *r);
json_object *split_search_json(const struct split_search_report *r);
void split_search_csv(FILE *f, const struct split_search_report *r);

/* A paytable as a file split_paytable_load reads back to the same numbers. */
void split_paytable_write(FILE *f, const struct split_paytable *pt);

#endif
