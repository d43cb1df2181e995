/* buyout_seen_report.h — `fourcard protect buyout --seen 1`: the hole-card
 * EV, its swing, how often each decision changes and the changed strategy,
 * as JSON and as Markdown.  Every figure comes from the exact sums of
 * buyout_seen; floating point only for display. */
#ifndef FOURCARD_BUYOUT_SEEN_REPORT_H
#define FOURCARD_BUYOUT_SEEN_REPORT_H

#include <stdio.h>

#include "buyout_seen.h"
#include "buyout_seen_card.h"

struct json_object;

/* The report of a seen pass, with the hole-carder's card built on the
 * card of file `card_file` when card is not NULL (then r is its pass). */
struct buyout_seen_report {
    const struct buyout_seen_result *r;
    const struct buyout_seen_card *card;
    const char *card_file;
};

/* The document (a new reference). */
struct json_object *buyout_seen_json(const struct buyout_seen_report *rep);
void buyout_seen_print(FILE *f, const struct buyout_seen_report *rep);

#endif
