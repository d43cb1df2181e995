/* frenzy_seats_report.h — `protect frenzy --seats N` as Markdown or JSON. */
#ifndef FOURCARD_FRENZY_SEATS_REPORT_H
#define FOURCARD_FRENZY_SEATS_REPORT_H

#include <stdio.h>

#include "frenzy_seats.h"
#include "frenzy_solve.h"

struct json_object;

/* normal: the normal game's solve (its rules, paytable name, run layout). */
void frenzy_seats_print(FILE *f, const struct frenzy_seats *s, const struct frenzy_result *normal);
struct json_object *frenzy_seats_json(const struct frenzy_seats *s, const struct frenzy_result *normal);

#endif
