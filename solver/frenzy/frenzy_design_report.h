/* frenzy_design_report.h — Four Card Frenzy's designer reports
 * (frenzy_design.h): Markdown, JSON and CSV, from the exact totals. */
#ifndef FOURCARD_FRENZY_DESIGN_REPORT_H
#define FOURCARD_FRENZY_DESIGN_REPORT_H

#include <json-c/json.h>
#include <stdio.h>

#include "frenzy_design.h"
#include "report_design.h"

void frenzy_sensitivity_print(FILE *f, const struct frenzy_sensitivity *s);
json_object *frenzy_sensitivity_json(const struct frenzy_sensitivity *s);
void frenzy_sensitivity_csv(FILE *f, const struct frenzy_sensitivity *s);

/* A search over a grid: what it was (the caller sets the target, the
 * solve-for line and the counts; frenzy_search_describe the rest) and the
 * paytables listed, best first. */
struct frenzy_search_report {
    const struct frenzy_grid *grid;
    const char *base_name;             /* "WE-1 with BB-2", or the file's [game] name */
    struct report_search search;
    const struct frenzy_result *listed;
    const int64_t *hits;               /* per listed paytable: rounds won, of FRENZY_HANDS x FRENZY_DEALER_HANDS */
    long nlisted;
    double seconds;
};

/* The grid's varied lines into s (nvary, line, lo, last, step, den; unit). */
void frenzy_search_describe(const struct frenzy_grid *g, struct report_search *s);

void frenzy_search_print(FILE *f, const struct frenzy_search_report *r);
json_object *frenzy_search_json(const struct frenzy_search_report *r);
void frenzy_search_csv(FILE *f, const struct frenzy_search_report *r);

/* The game's two Odds tables as a paytable file (docs/frenzy-paytable-format.md)
 * that frenzy_paytable_load reads back to the same numbers. */
void frenzy_odds_paytable_write(FILE *f, const char *name, const struct frenzy_game *g);

#endif
