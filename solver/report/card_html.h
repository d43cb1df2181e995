/* card_html.h — a strategy card as one printable HTML page that fits one
 * A4 or Letter sheet: the rules in order, large; the card's exact EV and
 * cost beside the optimal strategy's; the coarser tiers; and, where a
 * game has them, maps of the optimal strategy (the action best in each
 * cell of two things a player sees, e.g. a single card's rank against the
 * dealer's upcard).
 *
 * The page is drawn from the card's JSON object (the one `card --json`
 * prints: rules, ev, optimal_ev, cost, cost_percent,
 * cost_percent_of_initial_wager, hands_otherwise, tiers), so it says
 * exactly what the JSON and the Markdown card say; a game adds its
 * heading, its unit and its maps. */
#ifndef FOURCARD_CARD_HTML_H
#define FOURCARD_CARD_HTML_H

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>

enum { CARD_MAP_MAX_ACTIONS = 4, CARD_MAP_MAX_ROWS = 48, CARD_MAP_MAX_COLS = 16 };

/* A map: rows x cols cells, each the action best there (an index into
 * action_letter/action_name, -1 for a cell no situation reaches) and the
 * share of the cell's situations for which that action is the optimal
 * one (1 when all agree; drawn paler below). */
struct card_map {
    const char *title, *row_label, *col_label, *note;
    int nrows, ncols, nactions;
    char row_names[CARD_MAP_MAX_ROWS][16];
    char col_names[CARD_MAP_MAX_COLS][8];
    const char *action_letter[CARD_MAP_MAX_ACTIONS], *action_name[CARD_MAP_MAX_ACTIONS];
    int8_t action[CARD_MAP_MAX_ROWS][CARD_MAP_MAX_COLS];
    double share[CARD_MAP_MAX_ROWS][CARD_MAP_MAX_COLS];
};

/* Merges runs of adjacent rows whose cells all agree (their names become
 * "last-first": "13-33" for rows listed from 33 down to 13): a map of
 * points 0..44 reads as a few bands. */
void card_map_merge_rows(struct card_map *m);

struct card_page {
    const struct json_object *card; /* the card's JSON object */
    const char *title;              /* "4 Card Split: strategy card" */
    const char *about;              /* one line: the game, its paytable and rules */
    const char *unit;               /* "unit", "First bet", "Ante" */
    const char *counted;            /* what hands_otherwise counts: "situations", "hands", ... */
    const char *how_to_read;        /* a sentence or two above the rules (NULL for none) */
    const char *made_by;            /* the command that made it */
    const struct card_map *maps;
    int nmaps;
};

void card_html_write(FILE *f, const struct card_page *p);

#endif
