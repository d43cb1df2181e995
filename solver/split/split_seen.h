/* split_seen.h — 4 Card Split with hole-carding: the player also sees one
 * or two of the dealer's three hidden cards (fourcard protect split --seen
 * 1 | 2).
 *
 * A seen situation is the player's 4 cards P, the upcard u and the seen
 * hole card s: 12,994,800 x 47 of them, all equally likely.  The dealer's
 * other two hole cards and the completion of a played hand come from the
 * 46 cards left, so a hand's outcome counts run over C(46,2) x C(44, 3-|H|)
 * (dealer pair, completion) couples: 1,035 for a trio, 45,540 for a pair,
 * 979,110 for a single card.  The player takes the best option given what
 * he sees; the report compares it with the normal game's decision for
 * (P, u), the one he would take without s.
 *
 * With two seen, s1 and s2, the dealer's third hole card is one of the 45
 * cards left and a hand's counts run over 45 x C(44, 3-|H|) couples: 45,
 * 1,980 and 42,570 (split_seen2_counts.c); 12,994,800 x 1,081 seen
 * situations.
 *
 * Units: a hand's EV is an integer in 1/(L * den) of a unit, L =
 * split_seen_scale(K), the lcm of those totals; sums run over situations x
 * seen sets.
 */
#ifndef FOURCARD_SPLIT_SEEN_H
#define FOURCARD_SPLIT_SEEN_H

#include <stdbool.h>
#include <stdint.h>

#include "pinning.h"
#include "split_decision.h"
#include "split_hand_counts.h"
#include "split_rules.h"
#include "split_seen_card.h"
#include "split_seen_rules.h"
#include "split_tables.h"
#include "wide.h"

#define SPLIT_SEEN_L INT64_C(1958220) /* lcm(1035, 45540, 979110) */
#define SPLIT_SEEN2_L INT64_C(85140)  /* lcm(45, 1980, 42570) */

/* The seen sets of a situation, C(47, K): 47 or 1,081; the money scale L. */
int64_t split_seen_sets(int seen);
int64_t split_seen_scale(int seen);

/* The same on a deck of n cards (a smaller deck: the cards of a few ranks
 * in all four suits), C(n - 5, K) and the lcm of the seen totals, and the
 * normal game's scale there, the lcm of C(n - 5, 3) x C(n - 8, 3 - |H|)
 * (SPLIT_L at n = 52); 0 when n is too small or the lcm too large. */
int64_t split_seen_deck_sets(int n, int seen);
int64_t split_seen_deck_scale(int n, int seen);
int64_t split_seen_deck_normal_scale(int n);

/* The seen counts of the 14 hands of situation (P, u) when the dealer's
 * hole card s (not in P, not u) is seen: out[m] for m = 1..14, over the
 * dealer's other two hole cards and the completions (split_seen_counts.c). */
void split_seen_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s,
                       struct split_hand_counts out[SPLIT_NMASKS]);
/* ... the way of a run: an upcard's tables for the single cards, built
 * once (split_seen_up_build: about 23 MB, OpenMP threads share the build;
 * NULL when memory runs out), a class's completions by rank counted once
 * for all its seen cards (split_seen_class_start, about 30 KB, one per
 * thread), then each seen card (split_seen_counts_in): the same counts. */
struct split_seen_up;
struct split_seen_up *split_seen_up_build(const struct split_dealer_tables *t, card_t u);
void split_seen_up_free(struct split_seen_up *up); /* NULL is fine */
struct split_seen_class;
struct split_seen_class *split_seen_class_new(void); /* NULL when memory runs out */
void split_seen_class_free(struct split_seen_class *c);
void split_seen_class_start(struct split_seen_class *c, const struct split_dealer_tables *t,
                            const struct split_seen_up *up, const card_t P[4], card_t u);
void split_seen_counts_in(struct split_seen_class *c, card_t s, struct split_hand_counts out[SPLIT_NMASKS]);
/* The same with two hole cards s1, s2 seen (split_seen2_counts.c). */
void split_seen2_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s1, card_t s2,
                        struct split_hand_counts out[SPLIT_NMASKS]);
/* ... the plain way, every completion of a single card read: the
 * reference of the tests. */
void split_seen2_counts_ref(const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s1, card_t s2,
                            struct split_hand_counts out[SPLIT_NMASKS]);
/* ... and the way of a run: a class's completion CDFs built once
 * (split_seen2_class_start, about 150 KB, one per thread), then each seen
 * pair of its unseen cards (split_seen2_counts_in). */
struct split_seen2_class;
struct split_seen2_class *split_seen2_class_new(void); /* NULL when memory runs out */
void split_seen2_class_free(struct split_seen2_class *c);
void split_seen2_class_start(struct split_seen2_class *c, const struct split_dealer_tables *t, const card_t P[4],
                             card_t u);
void split_seen2_counts_in(const struct split_seen2_class *c, card_t s1, card_t s2,
                           struct split_hand_counts out[SPLIT_NMASKS]);

/* How the seen-optimal decision differs from the normal one, when the
 * normal one is no longer optimal (ties keep it: no change). */
enum split_seen_change {
    SEEN_FOLD_TO_PLAY = 0, /* normal: fold everything; seen: play a hand */
    SEEN_PLAY_TO_FOLD,     /* normal: play a hand; seen: fold everything */
    SEEN_MORE_PLAYS,       /* both play, the seen decision makes more Play bets */
    SEEN_FEWER_PLAYS,      /* both play, fewer Play bets */
    SEEN_OTHER_HANDS,      /* as many Play bets on other hands (another split or instant trio) */
    SEEN_NCHANGES
};
const char *split_seen_change_name(enum split_seen_change c); /* "fold_to_play", ... */
/* The kind of change from the normal decision to a better one (with a
 * hole card seen, or at a colluding table: split_seats.h). */
enum split_seen_change split_seen_change_of(const struct split_decision *normal, const struct split_decision *better);

/* Every figure weighted by situations x seen sets; money in
 * 1/(L * den), the normal game's in 1/(normal L * den) (the result's
 * scale and normal_scale: split_seen_scale(K) and SPLIT_L on 52 cards). */
struct split_seen_totals {
    int64_t situations;           /* (P, u) situations visited: 12,994,800 for a whole run */
    wide_t ev;                    /* seen-optimal play, the whole round */
    wide_t normal_ev;             /* the normal optimal play (ordinary solve), per (P, u) */
    wide_t normal_seen;           /* the normal decisions priced with the seen counts (= normal_ev, rescaled) */
    int64_t changed;              /* situations x seen sets where the normal decision is not optimal */
    int64_t change[SEEN_NCHANGES];
    /* By the seen card's rank, the higher one's of two (0 = deuce .. 12 =
     * ace): the seen situations, the changes that play more, fewer or as
     * many Play bets, and the EV gained. */
    int64_t seen_by_rank[NRANKS];
    int64_t more_by_rank[NRANKS], fewer_by_rank[NRANKS], other_by_rank[NRANKS];
    wide_t gain_by_rank[NRANKS];
    /* The card's sums (split_seen_card.h) by seen rank: of one upcard
     * rank in a piece's totals (the run files them by its upcard), of
     * every upcard once pieces are added up. */
    wide_t card_folded;
    wide_t card_gain[NRANKS][SPLIT_STRENGTHS];
    /* With a card in the card language (options.rules): the card played
     * with the seen cards (rules_ev), its setting with every hand folded
     * (rules_base), situations x seen sets the card does not decide (a
     * bug: the run checks the card first), and per (seen rank, play cell)
     * the gain of playing each of its hands over folding it, of one upcard
     * in a piece's totals (filed by upcard into split_seen_cells).  The
     * gains come last: a run without a card keeps its pieces without them
     * (split_seen_piece_size). */
    wide_t rules_ev, rules_base;
    int64_t rules_uncovered;
    wide_t rules_gain[NRANKS][SPLIT_PLAY_CELLS];
};

/* The bytes of a piece's totals a run keeps (--resume): all of them with a
 * card, else all but the card's gains (zero). */
size_t split_seen_piece_size(bool with_card);

struct checkpoint;
struct split_seen_options {
    int seen;             /* hole cards seen: 1 or 2 (0: 1) */
    enum split_instant_reading instant;
    int threads;          /* 0 = OpenMP's default */
    enum bind_mode bind;
    bool progress;        /* progress bar on stderr (rank 0) */
    /* Where each finished piece of the run is kept, and the pieces a
     * stopped run finished are taken from (checkpoint.h; NULL: none).  Its
     * question must name everything the totals depend on: the program,
     * the paytable, --seen, the instant reading, --upcards and --stride (every
     * rank opens its own, each taking its own pieces). */
    const struct checkpoint *resume;
    /* Tests only (the figures then describe no game): upcards of these
     * ranks alone (bit r = rank r; 0 = all), every stride-th class of those
     * (0 or 1 = all). */
    uint16_t upcards;
    int stride;
    /* The hole-carder's card in the card language (split_seen_rules.h):
     * the card played (NULL: none), and the rules with seen limits to add
     * to it (0: price it as it is). */
    const struct split_card *rules;
    int rules_added;
    /* The deck (bit r = rank r in all four suits; 0 = the 52 cards): the
     * same pass over a smaller deck, its counts the plain way
     * (split_seen_deck.c), for the tests' brute force. */
    uint16_t deck_ranks;
};

struct split_seen_result {
    struct split_paytable pt;
    enum split_instant_reading instant;
    int seen;             /* hole cards seen: 1 or 2 */
    uint16_t upcards;     /* as in the options: 0 and 1 = the whole game */
    int stride;
    uint16_t deck_ranks;  /* the deck, as in the options (0 = the 52 cards) */
    int cards;            /* its cards */
    int64_t sets, scale;  /* seen sets a situation, the seen money scale L */
    int64_t normal_scale; /* the normal game's (SPLIT_L on the 52 cards) */
    struct split_seen_totals tot;
    double seconds;
    int threads, ranks;
    enum bind_mode bind;
    int pieces, pieces_resumed; /* the run's pieces; those taken from the resume folder (all ranks) */
    struct split_seen_card card; /* the hole-carder's card, and the card by upcard alone */
    bool has_rules;              /* options.rules given: */
    struct split_seen_rules rules; /* ... that card with the rules added, and their EVs */
};

/* Solves the game with o->seen hole cards seen, and the normal game over the
 * same situations.  Under MPI every rank calls it; the ranks share the
 * situations and rank 0 alone gets the totals.  0, or -1 with a message. */
int split_seen_solve(const struct split_paytable *pt, const struct split_seen_options *o,
                     struct split_seen_result *r, char *err, size_t errlen);

/* The exact denominators: seen money is tot.ev / seen_den, normal money
 * tot.normal_ev / normal_den (per unit, per situation; normal_seen has
 * the seen money's). */
wide_t split_seen_den(const struct split_seen_result *r);
wide_t split_seen_normal_den(const struct split_seen_result *r);

#endif
