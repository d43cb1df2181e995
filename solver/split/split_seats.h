/* split_seats.h — 4 Card Split at a colluding table (fourcard protect split
 * --seats N): N players show each other their four cards, so each knows
 * 4(N - 1) cards that neither the dealer holds nor a hand is filled from,
 * and each plays the decision optimal with all of them known.
 *
 * What a colluder knows, and when.  Every seat decides knowing the table's
 * 4N cards and the upcard, before any hand is filled.  The cards that fill
 * the other seats' hands are unknown to him like the dealer's hole cards,
 * so by exchangeability they are simply unseen cards: a seat's dealer hole
 * cards and its own filling cards are drawn from the R = 47 - 4(N - 1)
 * cards left, as in the normal game from 47.  (A seat that acts after the
 * others have been filled face up would see more: that is not modelled.)
 *
 * The EV of one dealt table is exact: for each seat, every (dealer hole
 * triple, filling) couple of the R cards, C(R,3) x C(R-3, 3-|H|) per hand
 * H.  The tables are too many to enumerate, so they are dealt at random
 * (seeded; blocks of SPLIT_SEATS_BLOCK tables each with its own generator,
 * simulate.h's scheme; each table size its own blocks) and averaged.
 *
 * The estimate.  For a seat, gain = EV(the decision optimal at the table)
 * - EV(the normal game's decision), both with the table known: never
 * negative.  Averaged over random tables, EV(the normal decision, the table
 * known) is exactly the normal game's EV (the other seats hold random
 * cards), so EV per seat = normal EV (exact) + mean gain (sampled), with
 * the standard error of the gain alone (a table is one observation: its
 * seats are not independent).  The seats' own mean EV is reported beside
 * it as a check.
 *
 * Units: with n seats a seat's money is an integer in 1/(L_n den) of a
 * unit, L_n = split_seats_scale(n), the lcm of the hands' totals (for one
 * seat alone L_1 = SPLIT_L).
 */
#ifndef FOURCARD_SPLIT_SEATS_H
#define FOURCARD_SPLIT_SEATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "pinning.h"
#include "split_hand_counts.h"
#include "split_rules.h"
#include "split_seen.h"
#include "split_tables.h"
#include "wide.h"

enum { SPLIT_SEATS_MIN = 2, SPLIT_SEATS_MAX = 7, SPLIT_SEATS_BLOCK = 64 /* tables per generator */ };

/* L_n: the lcm of C(R,3), C(R,3)(R-3) and C(R,3)C(R-3,2), R = 47 - 4(n - 1). */
int64_t split_seats_scale(int n);

/* The counts of the 14 hands of situation (P, u) when the cards of dead
 * (disjoint from P and u) can be neither the dealer's nor a filling card:
 * out[m] for m = 1..14, over every (dealer hole triple, filling) couple of
 * the cards left.  t: tables with the player's ranks
 * (split_dealer_tables_build_ranks).  Thread-safe. */
void split_seats_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, cardmask_t dead,
                        struct split_hand_counts out[SPLIT_NMASKS]);

/* One table size; money sums are over every seat of every table, in
 * 1/(scale den) of a unit. */
struct split_seats_row {
    int seats;
    int64_t tables;
    int64_t scale;               /* split_seats_scale(seats) */
    wide_t gain, gain_sq;        /* sum over tables of the table's gain (all its seats), and of its square */
    wide_t ev, ev_sq;            /* the same of the seats' EVs (Blind included) */
    int64_t changed;             /* seats whose normal decision is not optimal at the table */
    int64_t change[SEEN_NCHANGES]; /* those by kind, as with a seen hole card */
    double seconds;
};

struct split_seats {
    struct split_paytable pt;
    enum split_instant_reading instant;
    wide_t normal_num, normal_den; /* the normal game's exact EV per unit */
    uint64_t seed;
    int nrows;
    struct split_seats_row rows[SPLIT_SEATS_MAX - SPLIT_SEATS_MIN + 1];
    double normal_seconds;
    int blocks_resumed;          /* --resume: blocks taken from the folder (all ranks) */
    int threads, ranks;
    enum bind_mode bind;
};

struct checkpoint;
struct split_seats_options {
    enum split_instant_reading instant;
    int threads;                 /* 0 = OpenMP's default */
    enum bind_mode bind;
    bool progress;               /* progress bar on stderr (rank 0) */
    /* Each block of tables dealt is kept there, and a block kept is taken
     * from it (NULL: none); its question must name the paytable, the
     * instant reading, the seed and the number of tables. */
    const struct checkpoint *resume;
};

/* Solves the normal game, then deals `tables` tables of each size lo..hi
 * with the seed.  Under MPI every rank calls it; the ranks share the
 * normal solve and the blocks of tables, and rank 0 gets the sums.  The
 * sums are the same for any thread or rank count.  0, or -1 with a
 * message. */
int split_seats_run(const struct split_paytable *pt, const struct split_seats_options *o, int lo, int hi,
                    int64_t tables, uint64_t seed, struct split_seats *out, char *err, size_t errlen);

/* The figures of a row per unit, for display (exact sums above). */
struct split_seats_figures {
    double ev, se;                     /* normal EV + mean gain; its standard error */
    double gain, direct_ev, direct_se; /* mean gain per seat; the seats' own mean EV and its error */
    double changed;                    /* share of seats whose decision changes */
};
void split_seats_figures(const struct split_seats *s, const struct split_seats_row *r, struct split_seats_figures *f);

#endif
