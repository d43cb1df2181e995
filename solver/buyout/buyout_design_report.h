/* buyout_design_report.h — 4 Card Buyout's designer reports
 * (buyout_design.h): Markdown, JSON and CSV, from the exact totals. */
#ifndef FOURCARD_BUYOUT_DESIGN_REPORT_H
#define FOURCARD_BUYOUT_DESIGN_REPORT_H

#include <json-c/json.h>
#include <stdio.h>

#include "buyout_design.h"
#include "pinning.h"
#include "report_design.h"

/* How a report was run, for its "run" object and its last line. */
struct buyout_design_run {
    int threads, ranks;
    enum bind_mode bind;
    double seconds;
};

void buyout_sensitivity_print(FILE *f, const struct buyout_sensitivity *s, const struct buyout_design_run *run);
json_object *buyout_sensitivity_json(const struct buyout_sensitivity *s, const struct buyout_design_run *run);
void buyout_sensitivity_csv(FILE *f, const struct buyout_sensitivity *s);

/* A search over a grid: the rules (the base table's), what was searched
 * (the caller fills the target, the solve-for line and the counts;
 * buyout_search_describe the rest), and the paytables listed, best first:
 * their pays, names and totals over dens. */
struct buyout_search_report {
    const struct buyout_rules *rules;
    const struct buyout_grid *grid;
    const char *base_name;
    struct report_search search;
    char (*vary_names)[32]; /* the varied lines' names, for search.line */
    const struct buyout_pays *pays;
    char (*names)[64];
    const struct buyout_design_totals *tot;
    struct buyout_design_dens dens;
    long nlisted;
    struct buyout_design_run run;
};

/* The grid's varied lines into r->search (and their names into r->vary_names). */
void buyout_search_describe(struct buyout_search_report *r);

void buyout_search_print(FILE *f, const struct buyout_search_report *r);
json_object *buyout_search_json(const struct buyout_search_report *r);
void buyout_search_csv(FILE *f, const struct buyout_search_report *r);

/* A Bonus pay table as a paytable file (docs/buyout-paytable-format.md)
 * that buyout_paytable_load reads back to the same pays. */
void buyout_pays_write(FILE *f, const char *name, const struct buyout_pays *p);

#endif
