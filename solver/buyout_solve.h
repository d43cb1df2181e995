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

#include "buyout.h"
#include "cards.h"
#include "pinning.h"

typedef __int128 buyout_wide;

enum { BUYOUT_MAX_DECKS = 6 };

/* The rules of a run: the shoe, the open readings and the Bonus bet. */
struct buyout_rules {
    int decks;                            /* 1..6 (6 = the game) */
    int nranks;                           /* 1..13: only the top nranks ranks (13 = the game) */
    enum buyout_five_reading dealer_five; /* the dealer's points with 5 cards */
    int bonus_table;                      /* 0 = no Bonus bet; 1..3 the pay tables */
    int64_t bonus_num, bonus_den;         /* Bonus units per First-bet unit (> 0 with a table) */
    bool bonus_alone;                     /* the Bonus without the main game (bonus_table 1..3) */
};

/* Six decks, best 4 of the dealer's 5 cards, no Bonus. */
struct buyout_rules buyout_rules_default(void);
/* 0, or -1 with a one-line message naming the first bad field. */
int buyout_rules_check(const struct buyout_rules *r, char *err, size_t errlen);

/* The options at a decision, in the order used to break ties (an option
 * replaces the best only when strictly better: the smaller wager wins a
 * tie). */
enum buyout_choice { BUYOUT_FOLD = 0, BUYOUT_REFUSE = 1, BUYOUT_BUY = 2 };
const char *buyout_choice_name(enum buyout_choice c); /* "fold", "refuse", "buy" */

struct buyout_option_evs {
    bool legal[3];         /* by enum buyout_choice */
    buyout_wide num[3];    /* EV of each legal option = num / den (0 when illegal) */
    buyout_wide den;
    enum buyout_choice best;
};

struct buyout_context;
struct buyout_class;    /* buyout_internal.h */
struct buyout_decision; /* buyout_strategy.h */

/* Tables of the dealer's outcomes per upcard, built when first needed.
 * Not for concurrent use.  NULL with err on bad rules or no memory. */
struct buyout_context *buyout_context_new(const struct buyout_rules *r, char *err, size_t errlen);
void buyout_context_free(struct buyout_context *cx);

/* The EV of folding, refusing and buying in one situation, the player
 * playing the rest optimally (buying the 3rd card = the optimal 4th-card
 * decision for every 4th card).  P[2] the player's first two cards, up the
 * dealer's upcard, third the 3rd card, fourth NULL for the decision at the
 * 3rd card or the 4th card (after buying the 3rd).  Cards are card ids
 * (cards.h); repeats are allowed up to the shoe's copies.  Returns 0, or -1
 * with err when the shoe cannot hold the cards (or with a Bonus alone). */
int buyout_situation_evs(struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         const card_t *fourth, struct buyout_option_evs *out, char *err, size_t errlen);

/* The exact EV of a round under optimal play: *num / *den per First-bet
 * unit (Bonus included), or per Bonus unit for a Bonus alone.  threads 0 =
 * OpenMP's default.  Returns 0, or -1 with err. */
int buyout_round_ev(const struct buyout_rules *r, int threads, buyout_wide *num, buyout_wide *den, char *err,
                    size_t errlen);

/* ------------------------------------------------------------------ */
/* The whole solve, for `fourcard solve buyout`.                       */
/* ------------------------------------------------------------------ */

/* Net result of the First, Second and Third bets: -3..+3 units. */
enum { BUYOUT_NET_MIN = -3, BUYOUT_NNET = 7 };

/* The player's final hand when he does not fold: the cards he kept (2, 3
 * or 4: index kept - BUYOUT_KEPT_MIN), its points (0..44) and the
 * showdown's result. */
enum { BUYOUT_KEPT_MIN = 2, BUYOUT_NKEPT = 3, BUYOUT_NPOINTS = 45 };
enum buyout_showdown { BUYOUT_WIN = 0, BUYOUT_PUSH = 1, BUYOUT_LOSE = 2, BUYOUT_NSHOWDOWN = 3 };

/* Sums over every deal, weighted by its number of ordered draws.  Money
 * is in 1/money_den First-bet units, frequencies in 1/prob_den. */
struct buyout_totals {
    buyout_wide money_den, prob_den;
    buyout_wide ev;                          /* the whole round */
    buyout_wide first, second, third, bonus; /* each bet's part of ev */
    buyout_wide wagered;                     /* average units wagered: First + Second + Third + Bonus,
                                              * in 1/money_den */
    buyout_wide at3[3], at4[3];              /* decisions by enum buyout_choice: at the 3rd card (of all
                                              * rounds) and at the 4th card (of all rounds) */
    buyout_wide net[BUYOUT_NNET];            /* net of the main bets, index net + 3 */
    buyout_wide final[BUYOUT_NKEPT][BUYOUT_NPOINTS][BUYOUT_NSHOWDOWN]; /* hands played to the showdown
                                              * (folds: at3[BUYOUT_FOLD], at4[BUYOUT_FOLD]), in 1/prob_den */
    /* with a Bonus beside the main game: */
    buyout_wide ev_plain;                    /* the round's EV when playing the no-Bonus strategy */
    int64_t changed3, changed4;              /* canonical situations whose decision the Bonus changes */
    buyout_wide changed3_p, changed4_p;      /* the same weighted by deals, in 1/prob_den (4th card: of
                                              * every possible 4th-card situation, reached or not) */
    int64_t classes3, classes4;              /* canonical situations at the 3rd and at the 4th card */
    /* a Bonus alone: its outcome (-1 or the pay) over every 4-card hand */
    int bonus_pays[16];
    buyout_wide bonus_outcome[16];           /* in 1/prob_den */
    int nbonus_outcomes;
};

struct buyout_result {
    struct buyout_rules rules;
    struct buyout_totals tot;
    double seconds;
    int threads, ranks;   /* the run's layout: OpenMP threads per MPI rank, ranks */
    enum bind_mode bind;
};

struct buyout_solve_options {
    int threads;          /* 0 = OpenMP's default */
    bool progress;        /* progress bar on stderr */
    FILE *strategy_csv;   /* one row per canonical 3rd-card situation, or NULL */
    FILE *fourth_csv;     /* one row per canonical 3rd-card situation and 4th card, or NULL */
    FILE *summary;        /* the readable summary of the strategy, or NULL */
    enum bind_mode bind;  /* pinning of the threads (default core) */
    bool decisions;       /* --strategy or --summary given: the decisions are kept (on
                           * every rank alike, though only rank 0 opens the files) */
    /* with decisions: rank 0 gets the canonical 3rd-card situations and
     * their decisions here, in buyout_classes order (malloc'ed; the caller
     * frees); NULL = not wanted */
    struct buyout_class **classes;
    struct buyout_decision **decision_list;
    long *nclasses;
};

/* Returns 0, or -1 with a message in err.  Under MPI the ranks share the
 * classes and rank 0 gets the totals and writes the files; the other
 * ranks' totals are their own share only. */
int buyout_solve(const struct buyout_rules *r, const struct buyout_solve_options *o, struct buyout_result *res,
                 char *err, size_t errlen);

#endif
