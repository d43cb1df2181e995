/* report_csv.h — CSV pieces shared by the reports (RFC 4180 quoting). */
#ifndef FOURCARD_REPORT_CSV_H
#define FOURCARD_REPORT_CSV_H

#include <stdio.h>

/* One field: as it is, or quoted (quotes doubled) when it holds a comma,
 * a quote or a newline. */
void report_csv_field(FILE *f, const char *text);

#endif
