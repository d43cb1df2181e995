/* split_report.h — a 4 Card Split result as a readable table or JSON. */
#ifndef FOURCARD_SPLIT_REPORT_H
#define FOURCARD_SPLIT_REPORT_H

#include <stdio.h>

#include "split_solve.h"

struct json_object;

/* The JSON object of `fourcard solve split --json` (a new reference). */
struct json_object *split_result_json(const struct split_result *r);
/* The result as a readable table. */
void split_result_print(FILE *f, const struct split_result *r);

#endif
