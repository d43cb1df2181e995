/* buyout_card_map.c — two maps of the optimal strategy for the printed
 * card: buy, refuse or fold at the 3rd card and at the 4th card, by the
 * points with the card just dealt against the dealer's upcard.  A cell
 * shows the action worth most summed over every situation in it (what a
 * rule naming those points and that upcard would best do) and is paler
 * where the optimal strategy does otherwise in some of its deals (the
 * points held, the high card or the 2nd card tip them).  Rows whose cells agree merge into
 * bands. */
#include "buyout_card_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NPTS = BUYOUT_CARD_POINTS, NA = 3 };

struct sums {
    wide_t value[NPTS][NRANKS][NA]; /* deals x value, by action */
    int64_t deals[NPTS][NRANKS], agree[NPTS][NRANKS][NA]; /* deals, and deals whose own best is each action */
};

static int best_of(const wide_t v[NA])
{
    int b = BUYOUT_FOLD;
    for (int a = 0; a < NA; a++)
        b = v[a] > v[b] ? a : b;
    return b;
}

static void add_cell(void *ctx, int points, int with, int up, int64_t deals, const wide_t value[NA])
{
    struct sums *s = ctx;
    (void)points;
    for (int a = 0; a < NA; a++)
        s->value[with][up][a] += (wide_t)deals * value[a];
    s->deals[with][up] += deals;
    s->agree[with][up][best_of(value)] += deals;
}

static void map_from(const struct sums *s, const char *title, struct card_map *m)
{
    memset(m, 0, sizeof *m);
    m->title = title, m->row_label = "points with it", m->col_label = "upcard";
    m->ncols = NRANKS, m->nactions = NA;
    m->action_letter[BUYOUT_FOLD] = "F", m->action_name[BUYOUT_FOLD] = "fold";
    m->action_letter[BUYOUT_REFUSE] = "R", m->action_name[BUYOUT_REFUSE] = "refuse";
    m->action_letter[BUYOUT_BUY] = "B", m->action_name[BUYOUT_BUY] = "buy";
    for (int u = 0; u < NRANKS; u++)
        snprintf(m->col_names[u], sizeof m->col_names[u], "%c", RANK_CHARS[u]);
    for (int w = NPTS - 1; w >= 0; w--) { /* high points on top; only the points that occur */
        bool any = false;
        for (int u = 0; u < NRANKS; u++)
            any |= s->deals[w][u] > 0;
        if (!any || m->nrows == CARD_MAP_MAX_ROWS)
            continue;
        int r = m->nrows++;
        snprintf(m->row_names[r], sizeof m->row_names[r], "%d", w);
        for (int u = 0; u < NRANKS; u++) {
            int a = best_of(s->value[w][u]);
            m->action[r][u] = (int8_t)(s->deals[w][u] ? a : -1);
            m->share[r][u] = s->deals[w][u] ? (double)s->agree[w][u][a] / (double)s->deals[w][u] : 0;
        }
    }
    card_map_merge_rows(m);
}

int buyout_card_maps(const struct buyout_card_values *v, struct card_map maps[BUYOUT_CARD_NMAPS])
{
    static const char *const TITLE[BUYOUT_CARD_NMAPS] = {"The 3rd card", "The 4th card (after buying the 3rd)"};
    struct sums *s = malloc(sizeof *s);
    if (!s)
        return -1;
    for (int g = 0; g < BUYOUT_CARD_NMAPS; g++) {
        memset(s, 0, sizeof *s);
        buyout_card_each_cell(v, g, add_cell, s);
        map_from(s, TITLE[g], &maps[g]);
        maps[g].note = "Pale: the optimal strategy does otherwise in some of the cell's deals (the points held, "
                       "the high card or the 2nd card tip them).";
    }
    free(s);
    return 0;
}
