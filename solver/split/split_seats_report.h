/* split_seats_report.h — the result of `protect split --seats N` as
 * Markdown or JSON (split_seats.h computes it). */
#ifndef FOURCARD_SPLIT_SEATS_REPORT_H
#define FOURCARD_SPLIT_SEATS_REPORT_H

#include <stdio.h>

#include "split_seats.h"

struct json_object;

/* The JSON object of `protect split --seats N --json` (a new reference). */
struct json_object *split_seats_json(const struct split_seats *s);
/* The same as Markdown. */
void split_seats_print(FILE *f, const struct split_seats *s);

#endif
