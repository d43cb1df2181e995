/* split_card_report.h — a 4 Card Split strategy card as Markdown (the
 * card file that `fourcard price split --card` reads back) or JSON, with
 * its exact EV and cost against the optimal strategy. */
#ifndef FOURCARD_SPLIT_CARD_REPORT_H
#define FOURCARD_SPLIT_CARD_REPORT_H

#include <stdio.h>

#include "card_html.h"
#include "split_card.h"

enum { SPLIT_CARD_MAX_TIERS = 3, SPLIT_CARD_NMAPS = 2 };

struct split_card_tier {
    struct split_card card;
    struct split_card_price price;
};

struct split_card_report {
    struct split_paytable pt;
    enum split_instant_reading reading;
    const char *command;  /* the command that made it, for the page: "fourcard card split --preset 2014-1a" */
    const char *source;   /* the card file priced, or NULL for a card built here */
    struct split_card_tier main; /* the card */
    int ntiers;           /* coarser cards, shortest first */
    struct split_card_tier tiers[SPLIT_CARD_MAX_TIERS];
    const struct split_card_build *build; /* the build behind a built card (its cost by length), or NULL */
    const struct split_card_chart *chart; /* how long a card must be to meet the target, or NULL */
    double target_percent; /* the cost aimed at, percent of a unit */
    const struct card_map *maps; /* the optimal strategy's maps for the page (split_card_maps), or NULL */
    int nmaps;
};

/* The length of the shortest built card whose cost is within the target,
 * or 0. */
int split_card_target_length(const struct split_card_report *r);

/* A new JSON object (rules, ev, optimal_ev, cost, cost_percent, ...). */
struct json_object *split_card_report_json(const struct split_card_report *r);
/* The card as Markdown: its numbered rules are the card file. */
void split_card_report_write(FILE *f, const struct split_card_report *r);
/* The cost of every length (CSV): the learner's shorter cards, then the
 * chart with its first k exceptions, k = 0 .. all, in the better of its
 * two orders, with both orders' costs and the exception each adds
 * (docs/card-format.md).  Needs r->chart. */
void split_card_report_chart_csv(FILE *f, const struct split_card_report *r);
/* The card as one printable HTML page (card_html.h), with r->maps. */
void split_card_report_html(FILE *f, const struct split_card_report *r);

/* The maps of the optimal strategy over the n classes of
 * split_situations_list with their hand values (split_card_map.c): the
 * single card of a 3+1 by its rank against the upcard, a 2-card hand of a
 * 2+2 by its higher card.  0, or -1 when out of memory. */
int split_card_maps(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                    const struct split_hand_values *values, long n, struct card_map maps[SPLIT_CARD_NMAPS]);

#endif
