/* buyout_seats_report.h — `protect buyout --seats N` as Markdown or JSON. */
#ifndef FOURCARD_BUYOUT_SEATS_REPORT_H
#define FOURCARD_BUYOUT_SEATS_REPORT_H

#include <stdio.h>

#include "buyout_seats.h"

struct json_object;

void buyout_seats_print(FILE *f, const struct buyout_seats *s);
struct json_object *buyout_seats_json(const struct buyout_seats *s); /* a new reference */

#endif
