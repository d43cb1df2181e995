/* report_csv.c — see report_csv.h. */
#include "report_csv.h"

#include <string.h>

void report_csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (; *text; text++) {
        if (*text == '"')
            fputc('"', f);
        fputc(*text, f);
    }
    fputc('"', f);
}
