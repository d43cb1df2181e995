/* buyout_seats.h — 4 Card Buyout at a table of N players, every card
 * that is turned face up used.  A player's first two cards, his 3rd card
 * and (after a buy) his 4th are dealt face up, and refused cards go to the
 * discard rack (shared/games/4-card-buyout.md): at a real table every
 * player sees them, colluding or not.  Here each seat plays the decisions
 * optimal with all of them known.
 *
 * What a seat knows, and the order of play.  The seats act in turn, seat 1
 * first.  At his 3rd-card decision a seat knows his own 2 cards and his 3rd
 * card, the dealer's upcard, the other N - 1 players' 2 initial cards, and
 * the cards the seats before him turned face up: each one's 3rd card, and
 * his 4th when he bought the 3rd (bought, refused or folded, the cards were
 * seen).  At his 4th-card decision the same and his 4th card.  The seats
 * after him have not acted: their 3rd and 4th cards are unseen cards of the
 * shoe, like the dealer's.  A seat before him played the decisions optimal
 * with what he knew, so which cards were turned (a 4th card or not) is his.
 *
 * The EV of one dealt table is exact: each seat is priced against the shoe
 * less every card he knows (the solver's own situation evaluation over a
 * given shoe, buyout_eval.h, with dealer tables built for that shoe and
 * upcard), every 3rd and 4th card and every dealer outcome counted.  The
 * tables are too many to enumerate, so they are dealt at random (seeded;
 * blocks of tables each with its own generator, simulate.h's scheme; each
 * table size its own blocks) and averaged, with a standard error.
 *
 * The estimate.  For a seat, gain = EV(the decisions optimal with what he
 * knows) - EV(the normal game's decisions), both priced on the shoe less
 * what he knows: never negative.  Averaged over random tables, EV(the
 * normal decisions, on that shoe) is exactly the normal game's EV: the
 * cards a seat draws after the others' turned cards are, given them, a
 * random draw of the cards left, whichever cards the others stopped at
 * (a stopping time of the shuffled shoe), so on average as in the normal
 * game.  So
 *   EV per seat = normal EV (exact) + mean gain (sampled),
 * with the standard error of the gain alone (a table is one observation:
 * its seats are not independent); the same per seat position.  The seats'
 * own mean EV is reported beside it as a check.  A seat's known cards, and
 * so his denominator, vary with the table: his exact values enter the sums
 * rounded to 2^-BUYOUT_SEATS_BITS of a unit (10^-12, far below the
 * standard errors), so that the sums stay exact integers, the same at any
 * thread count.
 */
#ifndef FOURCARD_BUYOUT_SEATS_H
#define FOURCARD_BUYOUT_SEATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout_eval.h"
#include "buyout_solve.h"
#include "wide.h"

enum {
    BUYOUT_SEATS_MIN = 2,
    BUYOUT_SEATS_MAX = 7,
    BUYOUT_SEATS_BLOCK = 16, /* tables per generator */
    BUYOUT_SEATS_BITS = 40,  /* the sums' unit: 2^-40 First-bet units */
};

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

/* The cards the seats of a table turned face up, in order of play: seat
 * s's are card[end[s - 1]] .. card[end[s] - 1] (end[-1] = 0): his 3rd
 * card, and his 4th when he bought the 3rd; none for the last seat (no one
 * acts after him). */
struct buyout_table_seen {
    card_t card[2 * BUYOUT_SEATS_MAX];
    int end[BUYOUT_SEATS_MAX];
    int nturned;
};

/* Plays a table in order of play against the shoe of normal's rules
 * (P[s]: seat s's 2 cards, up the upcard): seat s is priced with the 2n
 * initial cards, the upcard and the cards the seats before him turned
 * known; then his 3rd card is drawn (draw(draw_ctx): the next card of the
 * shoe, the table's cards gone) and, when his optimal option with it is to
 * buy, his 4th.  out[s]: seat s's EV in 1/den[s] First-bet units (Bonus
 * included when the rules have one), den[s] = buyout_seats_den(normal,
 * the cards known when he acts: the 2n initial ones, the upcard and the
 * turned ones).  normal: the normal
 * game's context with the tables of every framed upcard built
 * (buyout_seats_context).  seen (NULL: not wanted): the cards turned.
 * Adds to tally when not NULL.  Returns 0, or -1 with err (the shoe cannot
 * hold the cards; out of memory). */
int buyout_seats_table(const struct buyout_context *normal, int n, const card_t P[][2], card_t up,
                       card_t (*draw)(void *), void *draw_ctx, struct buyout_seat_value *out, wide_t den[],
                       struct buyout_table_seen *seen, struct buyout_seats_tally *tally, char *err,
                       size_t errlen);

/* The fewest cards a shoe needs for a table of n seats: the table's 2n + 1,
 * the 2(n - 1) the seats before the last may turn, his 3rd and 4th, and
 * the dealer's other 4 (a 5th included). */
int buyout_seats_need(int n);

/* N2 N3 T4 bden: a seat's denominator when `known` cards are known when he
 * acts, his own 2 and the upcard among them (N2 = the shoe less them, the
 * unseen cards at his 3rd-card draw; N3 = N2 - 1; T4 the dealer's outcomes
 * with 4 cards held; buyout_solve.h's units). */
wide_t buyout_seats_den(const struct buyout_context *normal, int known);

/* The normal game's context with the dealer tables of every upcard the
 * shoe holds built (read-only afterwards: the threads share it).  NULL
 * with err on bad rules or no memory. */
struct buyout_context *buyout_seats_context(const struct buyout_rules *r, char *err, size_t errlen);

/* One table size; money sums are over every seat of every table, a seat's
 * EV in 1/den. */
struct buyout_seats_row {
    int seats;
    int64_t tables;
    wide_t den;              /* the sums' unit: 2^BUYOUT_SEATS_BITS */
    wide_t gain, gain_sq;    /* sum over tables of the table's gain (all its seats), and of its square */
    wide_t ev, ev_sq;        /* the same of the seats' EVs */
    wide_t seat_gain[BUYOUT_SEATS_MAX], seat_gain_sq[BUYOUT_SEATS_MAX]; /* by seat, in order of play */
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
    double seat_ev[BUYOUT_SEATS_MAX], seat_gain[BUYOUT_SEATS_MAX], seat_se[BUYOUT_SEATS_MAX]; /* by seat */
};
void buyout_seats_figures(const struct buyout_seats *s, const struct buyout_seats_row *r,
                          struct buyout_seats_figures *f);

#endif
