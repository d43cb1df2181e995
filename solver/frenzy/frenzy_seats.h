/* frenzy_seats.h — Four Card Frenzy at a colluding table: N players show
 * each other their five cards, so each knows 5(N - 1) cards the dealer
 * cannot hold, and each plays the decision optimal with all of them.
 *
 * The EV of one dealt table is exact: the dealer's five cards are every
 * one of the C(52 - 5N, 5) hands of the cards left.  The tables are too
 * many to enumerate (C(52,5) C(47,5) / 2 for N = 2 alone), so they are
 * dealt at random (seeded; blocks of tables each with its own generator,
 * simulate.h's scheme) and averaged, with a standard error.
 *
 * The estimate.  For a seat, gain = EV(the decision optimal with the table
 * known) - EV(the normal game's decision), both with the table known:
 * never negative, zero wherever the knowledge changes nothing.  Averaged
 * over random tables, EV(the normal decision, the table known) is exactly
 * the normal game's EV (the other seats' cards are random cards), so
 *   EV per seat = normal EV (exact) + mean gain (sampled),
 * and the standard error is that of the gain alone, far smaller than that
 * of the seats' EVs themselves.  The seats' own mean EV is reported beside
 * it as a check (it must agree within its larger error).
 */
#ifndef FOURCARD_FRENZY_SEATS_H
#define FOURCARD_FRENZY_SEATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frenzy_counts.h"
#include "frenzy_hand_ranks.h"
#include "frenzy_solve.h"
#include "wide.h"

enum { FRENZY_SEATS_MIN = 2, FRENZY_SEATS_MAX = 7, FRENZY_SEATS_BLOCK = 64 /* tables per generator */ };

/* One table size.  Money of a seat is an integer in 1/(dealer_hands * den)
 * of an Ante; the sums are over every seat of every table. */
struct frenzy_seats_row {
    int seats;
    int64_t tables;
    int64_t dealer_hands;        /* C(52 - 5N, 5) */
    wide_t gain, gain_sq;        /* sum over tables of the table's gain (all its seats), and of its square */
    wide_t ev, ev_sq;            /* the same of the seats' EVs */
    int64_t change[FRENZY_NCHOICES][FRENZY_NCHOICES]; /* seats by [normal decision][decision at the table] */
    double seconds;
};

struct frenzy_seats {
    struct frenzy_game game;
    int64_t den;                 /* frenzy_game_den */
    wide_t normal_ev;            /* the normal game: in 1/(FRENZY_HANDS x FRENZY_DEALER_HANDS x den) */
    uint64_t seed;
    int nrows;
    struct frenzy_seats_row rows[FRENZY_SEATS_MAX - FRENZY_SEATS_MIN + 1];
    int pieces_resumed; /* pieces (16 blocks of one size) taken from the resume folder */
};

/* The figures of a row per Ante, for display (exact sums above). */
struct frenzy_seats_figures {
    double ev, se;               /* normal EV + mean gain; its standard error */
    double gain, direct_ev, direct_se; /* mean gain per seat; the seats' own mean EV and its error */
    double changed;              /* share of seats whose decision changes */
};
void frenzy_seats_figures(const struct frenzy_seats *s, const struct frenzy_seats_row *r, struct frenzy_seats_figures *f);

/* The counts of each of the n seats of one table (hands[s] increasing):
 * out[s] gets the seat's cards and rank, and how many of the dealer's
 * C(52 - 5n, 5) hands rank below, up to and unqualified as in
 * frenzy_counts.h; total = that number.  cdf: scratch of r->nr + 1. */
void frenzy_seats_table_counts(const struct frenzy_hand_ranks *r, int n, const card_t hands[][5], uint32_t *cdf,
                               struct frenzy_class *out);

/* Deals `tables` tables of each size lo..hi with the seed, under game g
 * (c: the normal game's counts, rank 0's).  OpenMP; the sums are the same
 * for any thread count.  resume (checkpoint.h; NULL: none) keeps each
 * finished piece of 16 blocks and takes those a stopped run kept: its
 * question must name the game, the seed and the tables per size.  0, or
 * -1 with a message (out of memory). */
struct checkpoint;
int frenzy_seats_run(const struct frenzy_game *g, const struct frenzy_counts *c, int lo, int hi, int64_t tables,
                     uint64_t seed, bool progress, const struct checkpoint *resume, struct frenzy_seats *out,
                     char *err, size_t errlen);

#endif
