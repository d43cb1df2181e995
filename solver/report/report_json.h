/* report_json.h — JSON pieces shared by the reports of every game. */
#ifndef FOURCARD_REPORT_JSON_H
#define FOURCARD_REPORT_JSON_H

#include <json-c/json.h>

#include "pinning.h"
#include "wide.h"

/* {"exact": "p/q" reduced, "value": p/q as a double}: the exact figure to
 * check against, the double to read. */
json_object *report_exact_json(wide_t num, wide_t den);

/* Adds the run's layout, "run": {threads_per_rank, mpi_ranks, bind,
 * openmp_wait, and huge_pages / huge_pages_choice for a game that
 * allocated big tables}, and "seconds" to a report object. */
void report_run_json(json_object *o, int threads, int ranks, enum bind_mode bind, double seconds);

#endif
