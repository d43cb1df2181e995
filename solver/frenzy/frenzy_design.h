/* frenzy_design.h — Four Card Frenzy's paytable designer: the Odds pay
 * lines (the main game's only pays that move a decision), exact.
 *
 * Sensitivity: for every Odds line, the exact change in the EV per +1 on
 * its pay at the game's optimal strategy, and the interval of the pay over
 * which that strategy stays optimal.  Grid: every combination of varied
 * Odds lines, each priced with its own optimal strategy.  A hand's
 * decision depends on the two pays of its own Odds row only, so the grid
 * prices each row's hands once per pair of values of that row, and a
 * paytable's totals are the sum of its rows': each figure is what
 * frenzy_price gives the paytable alone, bit for bit.  The side bets
 * (Four Card Bonus, Prime) move no decision: each is its rows'
 * frequencies times the pays (`solve frenzy --bonus/--prime`).
 */
#ifndef FOURCARD_FRENZY_DESIGN_H
#define FOURCARD_FRENZY_DESIGN_H

#include <stdbool.h>
#include <stdint.h>

#include "crossing.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"

/* "odds-win.flush", "odds-bad-beat.two-pair-or-less": the keys of the
 * paytable file's [odds-win] (7) and [odds-bad-beat] (6) sections. */
enum { FRENZY_NLINES = 13 };
struct frenzy_line {
    const char *name;
    enum frenzy_table_kind kind; /* FT_ODDS_WIN or FT_BAD_BEAT */
    int row;                     /* enum frenzy_odds_row */
};
const struct frenzy_line *frenzy_line_at(int i); /* NULL unless 0 <= i < FRENZY_NLINES */
int frenzy_line_find(const char *name);         /* its index, or -1 */
/* The line's pay in g, times its table's den. */
int64_t *frenzy_line_pay(struct frenzy_game *g, const struct frenzy_line *l);

/* Both Odds tables over one denominator den (a multiple of both). */
void frenzy_game_rescale(struct frenzy_game *g, int64_t den);

struct frenzy_line_sensitivity {
    int line;
    int64_t pay, den;          /* the pay now: pay / den "to 1" (-den: the bet loses) */
    wide_t d_ev;               /* per +1 on the pay: d_ev / (FRENZY_HANDS x FRENZY_DEALER_HANDS) per Ante */
    struct pay_bound low, high;
};

struct frenzy_sensitivity {
    struct frenzy_result base; /* the game priced (totals, den) */
    struct frenzy_line_sensitivity lines[FRENZY_NLINES];
};

/* The sensitivity of every Odds line of g, from the counts. */
void frenzy_sensitivity(const struct frenzy_game *g, const struct frenzy_counts *c, struct frenzy_sensitivity *out);

/* A grid: base with some lines varied, each over lo, lo + step, ..., up
 * to hi, every value times base's den (both tables over one den, which
 * the caller has made a common denominator of them all). */
struct frenzy_vary {
    int line;
    int64_t lo, hi, step;
};
struct frenzy_grid {
    struct frenzy_game base;
    int nvary;
    struct frenzy_vary vary[FRENZY_NLINES];
};

/* The number of paytables (-1 above limit); paytable i, the last varied
 * line changing fastest. */
long frenzy_grid_size(const struct frenzy_grid *g, long limit);
void frenzy_grid_game(const struct frenzy_grid *g, long i, struct frenzy_game *out);

/* Every paytable's totals (tot[n], n = frenzy_grid_size), in 1/(FRENZY_HANDS
 * x FRENZY_DEALER_HANDS x base den).  Returns 0, or -1 when memory runs out. */
int frenzy_grid_price(const struct frenzy_grid *g, long n, const struct frenzy_counts *c, struct frenzy_totals *tot);

/* The share of rounds with a net win (Ante + Odds + Raise above 0) under
 * g's optimal strategy: *hits out of FRENZY_HANDS x FRENZY_DEALER_HANDS. */
void frenzy_hit_count(const struct frenzy_game *g, const struct frenzy_counts *c, int64_t *hits);

#endif
