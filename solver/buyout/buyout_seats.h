/* buyout_seats.h — 4 Card Buyout at a colluding table: N players show each
 * other their first two cards, so each knows 2(N - 1) cards that neither
 * he nor the dealer can draw, and plays the decisions optimal with them.
 *
 * What a colluder knows, and the order of play assumed.  At his 3rd-card
 * decision: his own 2 cards and his 3rd card, the dealer's upcard, and the
 * other players' 2 initial cards; at his 4th-card decision the same and
 * his 4th card.  Every seat is priced as if he acted first: the cards the
 * other players buy or refuse afterwards (dealt face up, so seen at a real
 * table by everyone, colluding or not) are unknown to him like the
 * dealer's, so by exchangeability they are simply unseen cards of the
 * shoe.  The figures are thus the worth of the shared hands alone, not of
 * the face-up cards a later seat also sees.
 *
 * The EV of one dealt table is exact: each seat is priced against the shoe
 * less every card he knows (the solver's own situation evaluation over a
 * given shoe, buyout_eval.h, with dealer tables built for that shoe and
 * upcard), every 3rd and 4th card and every dealer outcome counted.  The
 * tables are too many to enumerate, so they are dealt at random (seeded;
 * blocks of tables each with its own generator, simulate.h's scheme; each
 * table size its own blocks) and averaged, with a standard error.
 *
 * The estimate.  For a seat, gain = EV(the decisions optimal with the
 * table known) - EV(the normal game's decisions), both with the table
 * known: never negative.  Averaged over random tables, EV(the normal
 * decisions, the table known) is exactly the normal game's EV (the other
 * seats hold random cards), so
 *   EV per seat = normal EV (exact) + mean gain (sampled),
 * with the standard error of the gain alone (a table is one observation:
 * its seats are not independent).  The seats' own mean EV is reported
 * beside it as a check.
 */
#ifndef FOURCARD_BUYOUT_SEATS_H
#define FOURCARD_BUYOUT_SEATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout_eval.h"
#include "buyout_solve.h"
#include "wide.h"

enum { BUYOUT_SEATS_MIN = 2, BUYOUT_SEATS_MAX = 7, BUYOUT_SEATS_BLOCK = 16 /* tables per generator */ };

/* Decisions of the seats: at the 3rd card by [normal][at the table]
 * (enum buyout_choice), weighted by the 3rd card's copies; at the 4th card
 * every 4th-card situation (reached or not), weighted by the copies of the
 * 3rd and the 4th card, and those whose decision changes. */
struct buyout_seats_tally {
    int64_t change3[3][3];
    int64_t changed4, all4;
};

/* One seat at one table: its EV with the table known, in 1/den First-bet
 * units (Bonus included when the rules have one), with the decisions
 * optimal at the table and with the normal game's. */
struct buyout_seat_value {
    wide_t best, normal;
};

/* Prices the n seats of a table (P[s]: seat s's 2 cards, up the upcard)
 * against the shoe of normal's rules.  normal: the normal game's context
 * with the tables of every framed upcard built (buyout_seats_context).
 * *den is every seat's denominator.  Adds to tally when not NULL.  Returns
 * 0, or -1 with err (the shoe cannot hold the cards; out of memory). */
int buyout_seats_table(const struct buyout_context *normal, int n, const card_t P[][2], card_t up,
                       struct buyout_seat_value *out, wide_t *den, struct buyout_seats_tally *tally, char *err,
                       size_t errlen);

/* The normal game's context with the dealer tables of every upcard the
 * shoe holds built (read-only afterwards: the threads share it).  NULL
 * with err on bad rules or no memory. */
struct buyout_context *buyout_seats_context(const struct buyout_rules *r, char *err, size_t errlen);

/* One table size; money sums are over every seat of every table, a seat's
 * EV in 1/den. */
struct buyout_seats_row {
    int seats;
    int64_t tables;
    wide_t den;              /* N2 N3 T4 bden: the unseen cards with 2, 3 and 4 cards held (N2 = shoe - 2N - 1) */
    wide_t gain, gain_sq;    /* sum over tables of the table's gain (all its seats), and of its square */
    wide_t ev, ev_sq;        /* the same of the seats' EVs */
    struct buyout_seats_tally tally;
    double seconds;
};

struct buyout_seats {
    struct buyout_rules rules;
    wide_t normal_num, normal_den; /* the normal game's exact EV */
    uint64_t seed;
    int nrows;
    struct buyout_seats_row rows[BUYOUT_SEATS_MAX - BUYOUT_SEATS_MIN + 1];
    double normal_seconds;
    int blocks_resumed; /* --resume: blocks of tables taken from the folder */
    int threads;
    enum bind_mode bind;
};

/* Solves the normal game, then deals `tables` tables of each size lo..hi
 * with the seed under the rules (which must have decisions: no Bonus
 * played alone).  o: the team's threads and pinning, the progress bar (its
 * solution is not used).  The sums are the same for any thread count.
 * cp (rank 0's; NULL: none): each block of BUYOUT_SEATS_BLOCK tables
 * dealt is kept there, and a block kept is taken from it (the question
 * must name the rules, the seed and the number of tables).  0, or -1
 * with a message. */
struct checkpoint;
int buyout_seats_run(const struct buyout_rules *r, const struct buyout_solve_options *o, int lo, int hi,
                     int64_t tables, uint64_t seed, const struct checkpoint *cp, struct buyout_seats *out, char *err,
                     size_t errlen);

/* The figures of a row per First-bet unit, for display (exact sums above). */
struct buyout_seats_figures {
    double ev, se;                     /* normal EV + mean gain; its standard error */
    double gain, direct_ev, direct_se; /* mean gain per seat; the seats' own mean EV and its error */
    double changed3, changed4;         /* shares of 3rd- and 4th-card situations whose decision changes */
};
void buyout_seats_figures(const struct buyout_seats *s, const struct buyout_seats_row *r,
                          struct buyout_seats_figures *f);

#endif
