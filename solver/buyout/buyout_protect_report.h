/* buyout_protect_report.h — `fourcard protect buyout`: the effects of
 * removal and the count as JSON and as Markdown. */
#ifndef FOURCARD_BUYOUT_PROTECT_REPORT_H
#define FOURCARD_BUYOUT_PROTECT_REPORT_H

#include <stdio.h>

#include "buyout_count.h"

struct json_object;

/* The effects of removal (a new reference). */
struct json_object *buyout_removal_json(const struct buyout_removal *rem);
void buyout_removal_print(FILE *f, const struct buyout_removal *rem);

/* The count: every game's count, the simulations (nsims), the exact
 * check (x->n = 0: none was asked for); seconds = the whole run. */
struct buyout_count_report {
    const struct buyout_removal *rem;
    const struct buyout_count *counts;  /* BUYOUT_NGAMES */
    const struct buyout_shoe_sim *sims;
    int nsims;
    const struct buyout_exact_check *x;
    double seconds;
};
struct json_object *buyout_count_json(const struct buyout_count_report *c);
void buyout_count_print(FILE *f, const struct buyout_count_report *c);

#endif
