/* buyout_card_report.h — a 4 Card Buyout strategy card as Markdown (the
 * card file `fourcard price buyout --card` reads back) or JSON, with its
 * exact EV and cost against the optimal strategy. */
#ifndef FOURCARD_BUYOUT_CARD_REPORT_H
#define FOURCARD_BUYOUT_CARD_REPORT_H

#include <stdio.h>

#include "buyout_card.h"
#include "card_html.h"

enum { BUYOUT_CARD_NMAPS = 2 };

struct buyout_card_tier {
    struct buyout_card card;
    struct buyout_card_price price;
};

struct buyout_card_report {
    struct buyout_rules rules;
    const char *command;  /* the command that made it, for the page */
    const char *source;   /* the card file priced, or NULL for a card built here */
    struct buyout_card_tier main;
    int ntiers;
    struct buyout_card_tier tiers[2];
    const struct buyout_card_build *build; /* the build behind a built card, or NULL */
    const struct card_map *maps; /* the optimal strategy's maps for the page (buyout_card_maps), or NULL */
    int nmaps;
};

/* The length of the shortest built card within the target, or 0. */
int buyout_card_target_length(const struct buyout_card_report *r);

struct json_object *buyout_card_report_json(const struct buyout_card_report *r);
void buyout_card_report_write(FILE *f, const struct buyout_card_report *r);
/* The card as one printable HTML page (card_html.h), with r->maps. */
void buyout_card_report_html(FILE *f, const struct buyout_card_report *r);

/* The maps of the optimal strategy at the 3rd and at the 4th card, by the
 * points with the new card against the upcard (buyout_card_map.c).  0, or
 * -1 when out of memory. */
int buyout_card_maps(const struct buyout_card_values *v, struct card_map maps[BUYOUT_CARD_NMAPS]);

#endif
