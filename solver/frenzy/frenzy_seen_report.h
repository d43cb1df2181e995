/* frenzy_seen_report.h — `protect frenzy --seen 1` as Markdown or JSON. */
#ifndef FOURCARD_FRENZY_SEEN_REPORT_H
#define FOURCARD_FRENZY_SEEN_REPORT_H

#include <stdio.h>

#include "frenzy_seen.h"
#include "frenzy_solve.h"

struct json_object;

/* normal is the normal game's solve (its rules, its paytable name, the
 * run's layout); threads/ranks/seconds of the run go in "run"/"seconds". */
void frenzy_seen_print(FILE *f, const struct frenzy_seen *s, const struct frenzy_result *normal);
struct json_object *frenzy_seen_json(const struct frenzy_seen *s, const struct frenzy_result *normal);

#endif
