/* buyout_internal.h — what the solve, the strategy files and the tests
 * share: the context and one situation's evaluation. */
#ifndef FOURCARD_BUYOUT_INTERNAL_H
#define FOURCARD_BUYOUT_INTERNAL_H

#include "buyout_dealer.h"
#include "buyout_solve.h"

struct buyout_context {
    struct buyout_rules r;
    int count[NCARDS];  /* the full shoe */
    int shoe;           /* its size */
    int64_t bnum, bden; /* Bonus units per First-bet unit (0/1 without a Bonus) */
    /* per upcard rank, the upcard a club (the "u frame"): see frame_of */
    struct buyout_dealer *dealer[NRANKS];
};

/* A canonical situation at the 3rd card: the player's 2 cards (sorted),
 * the upcard and the 3rd card, as the lexicographically smallest image
 * under the 24 suit permutations; orbit = how many situations it stands
 * for, ways = ordered draws of each of them from the full shoe. */
struct buyout_class {
    card_t P[2], up, third;
    uint8_t orbit;
    int64_t ways;
};

/* Lists every class with ways > 0 in a fixed order (P, then upcard, then
 * 3rd card).  Returns how many, or -1 out of memory. */
long buyout_classes(const struct buyout_context *cx, struct buyout_class **out);

/* Upcard rank x 52 + the 3rd card in the u frame: an order of visits
 * that keeps the dealer tables in cache (0 .. 13 x 52 - 1). */
int buyout_class_key(const struct buyout_class *c);

/* The classes (buyout_classes) in an order of visits by buyout_class_key
 * (stable), and the dealer tables of every upcard rank of the shoe: built
 * side by side (OpenMP tasks), as none reads another.  Returns the number
 * of classes, or -1 out of memory (*list and *order are then freed). */
long buyout_classes_and_tables(struct buyout_context *cx, struct buyout_class **list, long **order);

/* The hands a situation plays to the showdown, as a short list — a dense
 * (cards kept x points x result) table would be mostly zeros, and
 * clearing and adding it per situation cost a fifth of the solve: one
 * entry per refuse or buy reached (at most one per 4th card, and the
 * refused 3rd card), with its win / push / lose weights. */
enum { BUYOUT_FINAL_MAX = NCARDS + 1 };
struct buyout_final_list {
    int n;
    struct buyout_final_entry {
        int8_t kept, points;
        buyout_wide wpl[BUYOUT_NSHOWDOWN];
    } e[BUYOUT_FINAL_MAX];
};

/* One 3rd-card situation evaluated, the player optimal for First + Second
 * + Third + Bonus ("combined"), and for the main bets alone ("plain").
 * Money in 1/(N3 T4 bden) First-bet units, frequencies in 1/(N3 T4). */
struct buyout_sit {
    bool legal[3];
    buyout_wide v[3];                 /* each option, combined */
    enum buyout_choice best, best_plain;
    buyout_wide value_plain;          /* combined value of the plain decisions */
    /* the optimal (combined) play's parts */
    buyout_wide first, second, third, bonus;
    buyout_wide at3[3], at4[3], net[BUYOUT_NNET];
    int changed4;                     /* 4th cards whose decision the Bonus changes */
    buyout_wide changed4_p;           /* the same, weighted by copies x T4 */
    int fourth_cards;                 /* 4th cards the shoe can still deal */
    char fourth[NCARDS];              /* B / R / F (combined), '-' none left; by card id */
    buyout_wide den;                  /* N3 T4 bden */
    struct buyout_final_list final;   /* last: cleared by its count alone */
};

/* Evaluates the class (any suits: it is moved to the u frame inside).
 * The dealer tables of the upcard's rank must exist. */
void buyout_eval_third(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                       struct buyout_sit *s);

/* The options at the 4th card, combined objective, each num/den with den
 * = T4 bden. */
void buyout_eval_fourth(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                        card_t fourth, struct buyout_option_evs *out);

/* The options at the 4th card for every 4th card at once (indexed by card
 * id, have[c] false when the shoe has no copy left). */
void buyout_eval_fourths(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         struct buyout_option_evs out[NCARDS], bool have[NCARDS]);

#endif
