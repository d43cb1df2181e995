/* report_json.h — JSON pieces shared by the reports of every game. */
#ifndef FOURCARD_REPORT_JSON_H
#define FOURCARD_REPORT_JSON_H

#include <json-c/json.h>
#include <stdio.h>

#include "pinning.h"
#include "wide.h"

/* {"exact": "p/q" reduced, "value": p/q as a double}: the exact figure to
 * check against, the double to read. */
json_object *report_exact_json(wide_t num, wide_t den);

/* A colluding table's row (`protect GAME --seats N`, docs/json.md): the
 * figures every game reports, per unit of its main bet, added to o in the
 * schema's order: ev {value, standard_error}, house_edge_percent,
 * swing_percent, swing_standard_error_percent, mean_gain (exact: the
 * sample's sum gain_num / gain_den), seat_mean_ev {value, standard_error},
 * decisions_changed_percent. */
struct report_seats_figures {
    double ev, se, gain, direct_ev, direct_se, changed;
    wide_t gain_num, gain_den;
};
void report_seats_row_json(json_object *o, const struct report_seats_figures *f);

/* Adds the run's layout, "run": {threads_per_rank, mpi_ranks, bind,
 * openmp_wait, and huge_pages / huge_pages_choice for a game that
 * allocated big tables}, and "seconds" to a report object. */
void report_run_json(json_object *o, int threads, int ranks, enum bind_mode bind, double seconds);

/* A sweep's document, {"game": game, "paytables": list} (list, an array
 * of objects like solve's, taken): one shape for one or many tables. */
json_object *report_paytables_json(const char *game, json_object *list);

/* The version of the schema every printed document follows (docs/json.md,
 * docs/schema/): raised when a key is renamed, moved or changes meaning. */
#define REPORT_JSON_SCHEMA_VERSION 2

/* Prints doc, a command's whole JSON output, to f and releases it: a new
 * object with "schema_version" and "command" first, then doc's own keys in
 * their order; pretty-printed, "/" not escaped.  Every top-level document
 * goes through here so that they all carry the version and one layout
 * (internal files, such as sweep --resume's, do not).  0, or -1 when
 * the write failed. */
int report_json_print(FILE *f, const char *command, json_object *doc);

#endif
