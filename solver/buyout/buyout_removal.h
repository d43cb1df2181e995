/* buyout_removal.h — 4 Card Buyout at depleted shoes: the exact round EV
 * of several games at once at any shoe, the Bonus alone's exact EV at any
 * shoe, and the effects of removal (`fourcard protect buyout --removal`).
 *
 * The effect of removal of a rank is EV(six decks less one card of that
 * rank) - EV(six decks), each with its own optimal strategy.  The card
 * removed is a spade: by the symmetry of the suits any suit gives the same
 * EV.  (Griffin, The Theory of Blackjack; see ../shared/analyses.md.) */
#ifndef FOURCARD_BUYOUT_REMOVAL_H
#define FOURCARD_BUYOUT_REMOVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "buyout_eval.h"
#include "buyout_shoe.h"
#include "progress.h"
#include "wide.h"

/* The games of a protection table: the main game, the main game with each
 * Bonus table, each Bonus table alone. */
enum { BUYOUT_NGAMES = 1 + 2 * BUYOUT_NTABLES };
struct buyout_game {
    int table;  /* 0: no Bonus */
    bool alone; /* the Bonus without the main game */
};
struct buyout_game buyout_game_of(int g);
/* "main", "main+bonus-1", ..., "bonus-1-alone", ... */
const char *buyout_game_key(int g, char *buf, size_t len);

/* The exact round EV at the shoe of r (its reading; r has no Bonus) of
 * every objective of ob: num[k] / *den First-bet units.  Under MPI the
 * ranks share the classes and rank 0 gets the sums (every rank must
 * call it).  The threads are the team's (team.h).  Returns 0, or -1 with
 * err. */
int buyout_round_values(const struct buyout_rules *r, const struct buyout_objectives *ob, wide_t num[],
                        wide_t *den, char *err, size_t errlen);

/* The Bonus alone's EV at a shoe: num / den per Bonus unit, table 1..3. */
void buyout_bonus_alone_ev(const wide_t dist[BUYOUT_NPOINTS], wide_t total, int table, wide_t *num, wide_t *den);

/* The effects of removal: the exact EV of each game at the full shoe and
 * with one card of each rank removed. */
struct buyout_removal {
    struct buyout_rules base; /* the reading and the Bonus units (bonus_num/bonus_den) */
    wide_t full_num[BUYOUT_NGAMES], full_den[BUYOUT_NGAMES];
    wide_t num[NRANKS][BUYOUT_NGAMES], den[NRANKS][BUYOUT_NGAMES];
    double seconds;
    int threads, ranks;
};

/* base: the reading and the Bonus units; its shoe must be the full one.
 * Returns 0, or -1 with err. */
int buyout_removal_solve(const struct buyout_rules *base, bool progress, struct buyout_removal *out, char *err,
                         size_t errlen);

#endif
