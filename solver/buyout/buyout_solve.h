/* buyout_solve.h — 4 Card Buyout: the exact EV of every option in every
 * situation and of a whole round.
 *
 * ---------------------------------------------------------------------
 * API for checkers (stable).  A brute force compares with
 *
 *   struct buyout_rules r = buyout_rules_default();   six decks, no Bonus
 *   r.decks = 1; r.nranks = 5;                        a reduced shoe
 *   struct buyout_context *cx = buyout_context_new(&r, err, sizeof err);
 *   struct buyout_option_evs e;
 *   buyout_situation_evs(cx, P, up, third, NULL, &e, err, sizeof err);   3rd card
 *   buyout_situation_evs(cx, P, up, third, &fourth, &e, err, sizeof err); 4th card
 *   buyout_round_ev(&r, 0, &num, &den, err, sizeof err);  a round, exactly
 *   buyout_context_free(cx);
 *
 * Every EV is an exact fraction num/den per First-bet unit (per Bonus unit
 * for a Bonus played alone), with the Bonus bet included when the rules
 * have one.  The shoe is `decks` copies of the cards of the top `nranks`
 * ranks (13 = the full deck; nranks = 5 keeps T J Q K A), so every card
 * type has `decks` copies; the upcard, the player's cards and refused cards
 * leave it.
 * ---------------------------------------------------------------------
 *
 * Units inside: a situation at the 3rd card (the player's 2 cards P, the
 * upcard u, the 3rd card) has N3 = shoe - 4 unseen cards; the dealer's
 * outcomes after removing P, the 3rd card (and the 4th) are counted over
 * T3 = C(N3,3)(N3-3) (T4 with N4 = N3 - 1) equally likely completions, and
 * every option's value is an integer over N3 * T4 * bonus_den (note
 * T3 (N3 - 4) = N3 T4, so the 3rd-card and the 4th-card outcomes share it).
 */
#ifndef FOURCARD_BUYOUT_SOLVE_H
#define FOURCARD_BUYOUT_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "buyout_eval.h"
#include "buyout_rules.h"
#include "pinning.h"
#include "wide.h"



/* The exact EV of a round under optimal play: *num / *den per First-bet
 * unit (Bonus included), or per Bonus unit for a Bonus alone.  threads 0 =
 * OpenMP's default.  Returns 0, or -1 with err. */
int buyout_round_ev(const struct buyout_rules *r, int threads, wide_t *num, wide_t *den, char *err,
                    size_t errlen);

/* ------------------------------------------------------------------ */
/* The whole solve, for `fourcard solve buyout`.                       */
/* ------------------------------------------------------------------ */


/* Sums over every deal, weighted by its number of ordered draws.  Money
 * is in 1/money_den First-bet units, frequencies in 1/prob_den. */
struct buyout_totals {
    wide_t money_den, prob_den;
    wide_t ev;                          /* the whole round */
    wide_t first, second, third, bonus; /* each bet's part of ev */
    wide_t wagered;                     /* average units wagered: First + Second + Third + Bonus,
                                              * in 1/money_den */
    wide_t at3[3], at4[3];              /* decisions by enum buyout_choice: at the 3rd card (of all
                                              * rounds) and at the 4th card (of all rounds) */
    wide_t net[BUYOUT_NNET];            /* net of the main bets, index net + 3 */
    wide_t final[BUYOUT_NKEPT][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN]; /* hands played to the showdown
                                              * (folds: at3[BUYOUT_FOLD], at4[BUYOUT_FOLD]), in 1/prob_den */
    /* with a Bonus beside the main game: */
    wide_t ev_plain;                    /* the round's EV when playing the no-Bonus strategy */
    int64_t changed3, changed4;              /* canonical situations whose decision the Bonus changes */
    wide_t changed3_p, changed4_p;      /* the same weighted by deals, in 1/prob_den (4th card: of
                                              * every possible 4th-card situation, reached or not) */
    int64_t classes3, classes4;              /* canonical situations at the 3rd and at the 4th card */
    /* a Bonus alone: its outcome (-1 or the pay) over every 4-card hand */
    int bonus_pays[BUYOUT_NPOINTS];     /* the distinct results, ascending (at most one per point value) */
    wide_t bonus_outcome[BUYOUT_NPOINTS]; /* in 1/prob_den */
    int nbonus_outcomes;
};

struct buyout_result {
    struct buyout_rules rules;
    struct buyout_totals tot;
    double seconds;
    int threads, ranks;   /* the run's layout: OpenMP threads per MPI rank, ranks */
    enum bind_mode bind;
};

/* One class's decisions at the 3rd card, and at the 4th after buying. */
struct buyout_decision {
    uint8_t best;      /* enum buyout_choice at the 3rd card */
    uint8_t legal;     /* bit c: option c allowed */
    double ev[3];      /* per First-bet unit, by enum buyout_choice */
    char fourth[NCARDS]; /* B / R / F per 4th card (card id), '-' none left */
};

/* The optimal strategy as a solve hands it over (buyout_strategy.h writes
 * it): every canonical 3rd-card class with its decisions, in
 * buyout_classes order, and the context whose tables priced them. */
struct buyout_solution {
    struct buyout_context *cx;
    struct buyout_class *classes;
    struct buyout_decision *decisions;
    long n;
};
/* Frees what a solve handed over (a zeroed solution is fine). */
void buyout_solution_free(struct buyout_solution *s);

struct buyout_solve_options {
    int threads;          /* 0 = OpenMP's default */
    bool progress;        /* progress bar on stderr */
    enum bind_mode bind;  /* pinning of the threads (default core) */
    /* When not NULL, the decisions are kept (every rank must ask alike: the
     * gathers pair up) and rank 0 gets them here; the other ranks get a
     * zeroed solution.  Not with a Bonus played alone (no decisions). */
    struct buyout_solution *solution;
};

/* Returns 0, or -1 with a message in err.  Under MPI the ranks share the
 * classes and rank 0 gets the totals and the solution; the other ranks'
 * totals are their own share only.  Opens no file. */
int buyout_solve(const struct buyout_rules *r, const struct buyout_solve_options *o, struct buyout_result *res,
                 char *err, size_t errlen);

#endif
