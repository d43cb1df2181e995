/* buyout_eval.h — 4 Card Buyout, one situation at a time: the context of
 * a run (the shoe, the dealer's tables per upcard rank), every option's
 * exact EV at the 3rd and at the 4th card, and the canonical classes the
 * solve (buyout_solve.h) and the strategy files visit. */
#ifndef FOURCARD_BUYOUT_EVAL_H
#define FOURCARD_BUYOUT_EVAL_H

#include "buyout_dealer.h"
#include "buyout_rules.h"
#include "wide.h"

struct buyout_option_evs {
    bool legal[3];         /* by enum buyout_choice */
    wide_t num[3];    /* EV of each legal option = num / den (0 when illegal) */
    wide_t den;
    enum buyout_choice best;
};


/* Tables of the dealer's outcomes per upcard, built when first needed.
 * Not for concurrent use.  NULL with err on bad rules or no memory. */
struct buyout_context *buyout_context_new(const struct buyout_rules *r, char *err, size_t errlen);
void buyout_context_free(struct buyout_context *cx); /* with its dealer tables; NULL is fine */

/* The EV of folding, refusing and buying in one situation, the player
 * playing the rest optimally (buying the 3rd card = the optimal 4th-card
 * decision for every 4th card).  P[2] the player's first two cards, up the
 * dealer's upcard, third the 3rd card, fourth NULL for the decision at the
 * 3rd card or the 4th card (after buying the 3rd).  Cards are card ids
 * (cards.h); repeats are allowed up to the shoe's copies.  Returns 0, or -1
 * with err when the shoe cannot hold the cards (or with a Bonus alone). */
int buyout_situation_evs(struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         const card_t *fourth, struct buyout_option_evs *out, char *err, size_t errlen);

struct buyout_context {
    struct buyout_rules r;
    int count[NCARDS];  /* the full shoe */
    int shoe;           /* its size */
    int64_t bnum, bden; /* Bonus units per First-bet unit (0/1 without a Bonus) */
    /* The suit permutations that leave the shoe as it is (all 24 for a
     * shoe the same in every suit, fewer for a depleted one): the classes
     * are their orbits. */
    int nperms;
    int perms[24][NSUITS];
    /* The "u frame": an upcard of suit s is moved to clubs by exchanging
     * suits s and clubs when that exchange leaves the shoe as it is
     * (frame_suit[s] = s), else it stays (frame_suit[s] = 0, no exchange).
     * dealer[] holds the tables per upcard as framed, built when needed. */
    int frame_suit[NSUITS];
    struct buyout_dealer *dealer[NCARDS];
};

/* The upcard as the dealer tables see it (the u frame above). */
card_t buyout_frame_up(const struct buyout_context *cx, card_t up);
/* Builds the dealer tables of a framed upcard if not yet built (not for
 * concurrent use).  Returns 0, or -1 out of memory. */
int buyout_context_tables(struct buyout_context *cx, card_t framed_up);

/* A canonical situation at the 3rd card: the player's 2 cards (sorted),
 * the upcard and the 3rd card, as the lexicographically smallest image
 * under the suit permutations of cx->perms; orbit = how many situations it stands
 * for, ways = ordered draws of each of them from the full shoe (at most
 * 6^4); r_key = buyout_class_r_key, kept by buyout_classes.  16 bytes:
 * a shoe without suit symmetry has 3.7 million classes. */
struct buyout_class {
    card_t P[2], up, third;
    uint8_t orbit;
    int32_t ways;
    uint32_t r_key;
};

/* Lists every class with ways > 0 in a fixed order (P, then upcard, then
 * 3rd card).  Returns how many, or -1 out of memory. */
long buyout_classes(const struct buyout_context *cx, struct buyout_class **out);

/* Situations standing for every orbit (class) once, with the classes'
 * weights, but not buyout_classes' representatives: those whose framed
 * upcard is up and whose 3 cards held (sorted) begin with r0, in the order
 * of buyout_class_r_key, into out (room for 3 C(53 - r0, 2) of them).
 * Returns how many.  For sums over every class with no list of them. */
enum { BUYOUT_FRAMED_MAX = 3 * 53 * 52 / 2 };
long buyout_classes_framed(const struct buyout_context *cx, card_t up, card_t r0, struct buyout_class *out);

/* The classes (buyout_classes) and an order of visits by
 * buyout_class_r_key (stable): order[j] is the j-th class to visit.
 * Returns the number of classes, or -1 out of memory (nothing to free). */
long buyout_classes_ordered(const struct buyout_context *cx, struct buyout_class **list, long **order);

/* The classes (buyout_classes) in an order of visits by
 * buyout_class_r_key (stable), and the dealer tables of every framed upcard of the shoe: built
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
        wide_t wpl[BUYOUT_NSHOWDOWN];
    } e[BUYOUT_FINAL_MAX];
};

/* One 3rd-card situation evaluated, the player optimal for First + Second
 * + Third + Bonus ("combined"), and for the main bets alone ("plain").
 * Money in 1/(N3 T4 bden) First-bet units, frequencies in 1/(N3 T4). */
struct buyout_sit {
    bool legal[3];
    wide_t v[3];                 /* each option, combined */
    enum buyout_choice best, best_plain;
    wide_t value_plain;          /* combined value of the plain decisions */
    /* the optimal (combined) play's parts */
    wide_t first, second, third, bonus;
    wide_t at3[3], at4[3], net[BUYOUT_NNET];
    int changed4;                     /* 4th cards whose decision the Bonus changes */
    wide_t changed4_p;           /* the same, weighted by copies x T4 */
    int fourth_cards;                 /* 4th cards the shoe can still deal */
    char fourth[NCARDS];              /* B / R / F (combined), '-' none left, '?' not priced
                                       * (buyout_eval_cache_bound); by card id */
    wide_t den;                  /* N3 T4 bden */
    struct buyout_final_list final;   /* last: cleared by its count alone; see
                                       * buyout_eval_cache_final */
};

/* Evaluates the class (any suits: it is moved to the u frame inside).
 * The dealer tables of the framed upcard must exist. */
void buyout_eval_third(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                       struct buyout_sit *s);

/* The same with a thread's cache of the buy branch, which is the same for
 * every class holding the same 3 cards against the same framed upcard:
 * classes visited in buyout_class_r_key order evaluate it once per group. */
/* A cache serves one context only: its keys do not name the shoe. */
struct buyout_eval_cache;
struct buyout_eval_cache *buyout_eval_cache_new(void); /* NULL out of memory */
void buyout_eval_cache_free(struct buyout_eval_cache *c);
/* For a solve that reads the buy option and the 4th-card decisions only
 * of classes that buy the 3rd card (its totals, no kept solution): where
 * no Bonus rides on the main game, a class with an option better than a
 * bound on buying is priced without its buy branch; its v[BUYOUT_BUY] is
 * then that bound and its fourth[] '?' for every card. */
void buyout_eval_cache_bound(struct buyout_eval_cache *c);
void buyout_eval_third_cached(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                              struct buyout_eval_cache *cache, struct buyout_sit *out);
/* Where the cached evaluation leaves out->final empty: when out->best is to
 * buy, the hands are the buy branch's, here (valid until the cache's next
 * use). */
const struct buyout_final_list *buyout_eval_cache_final(const struct buyout_eval_cache *cache);

/* The options at the 4th card, combined objective, each num/den with den
 * = T4 bden. */
void buyout_eval_fourth(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                        card_t fourth, struct buyout_option_evs *out);

/* The options at the 4th card for every 4th card at once (indexed by card
 * id, have[c] false when the shoe has no copy left). */
void buyout_eval_fourths(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third,
                         struct buyout_option_evs out[NCARDS], bool have[NCARDS]);

/* What the paytable designer (buyout_design.h) prices a 3rd-card situation
 * with: its parts that no Bonus pay changes.  The showdowns of refusing
 * the 3rd card (2 cards kept, over T3 dealer completions) and, for every
 * 4th card the shoe still holds, of refusing it (3 cards kept) and of
 * buying it (4 cards kept), over T4; each with the points kept.  A hand of
 * 0 points may not be kept (its counts are 0). */
struct buyout_showdown_counts {
    int64_t win, push, lose;
};
struct buyout_parts {
    int p2, p3;
    int64_t N3, T3, T4;
    struct buyout_showdown_counts refuse3;
    int n4; /* the 4th cards the shoe still holds (their order is no card's) */
    struct buyout_fourth_part {
        int copies, p4;
        struct buyout_showdown_counts refuse, buy;
    } fourth[NCARDS];
};

/* The parts of the class (any suits); with fourth false only p2, p3, the
 * counts N3, T3, T4 and refuse3 (the 4th cards are the same for every
 * class with the same buyout_class_r_key).  The dealer tables of the
 * framed upcard must exist. */
void buyout_eval_parts(const struct buyout_context *cx, const card_t P[2], card_t up, card_t third, bool fourth,
                       struct buyout_parts *out);

/* Several objectives at once (the effects of removal, the checks of a
 * count): objective k plays the main bets plus bnum[k]/bden units of
 * Bonus table table[k] (bnum[k] = 0: the main game alone), each with its
 * own optimal play.  The context's rules must have no Bonus: the
 * objectives carry it.  The dealer's outcomes, the costly part, are
 * counted once for all. */
enum { BUYOUT_MAX_OBJECTIVES = 4 };
struct buyout_objectives {
    int n;
    int table[BUYOUT_MAX_OBJECTIVES];
    int64_t bnum[BUYOUT_MAX_OBJECTIVES], bden;
};

/* Buying the 3rd card is worth the same whichever of the 3 cards came
 * third: the player then holds the same 3 cards against the same upcard.
 * A thread's cache of the last such value (buyout_buy_cache_new): classes
 * visited in buyout_class_r_key order price it once per 3 cards and
 * upcard, not up to 3 times, and count the dealer's outcomes without
 * those 3 cards once too. */
struct buyout_buy_cache; /* one context and one set of objectives only */
struct buyout_buy_cache *buyout_buy_cache_new(void); /* NULL out of memory */
void buyout_buy_cache_free(struct buyout_buy_cache *c);

/* The framed upcard and the 3 cards (sorted, framed) as one number > 0. */
uint32_t buyout_class_r_key(const struct buyout_context *cx, const struct buyout_class *c);

/* The optimal value of a 3rd-card situation under each objective,
 * value[k] / *den First-bet units with *den = N3 T4 bden: the same
 * numbers as buyout_eval_third's v[best] with those rules.  cache: the
 * thread's own, for these objectives only (NULL: none, slower). */
void buyout_eval_third_values(const struct buyout_context *cx, const struct buyout_objectives *ob, const card_t P[2],
                              card_t up, card_t third, struct buyout_buy_cache *cache,
                              wide_t value[BUYOUT_MAX_OBJECTIVES], wide_t *den);

#endif
