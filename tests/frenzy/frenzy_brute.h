/* frenzy_brute.h — the independent checker of the Four Card Frenzy solver:
 * plain enumeration written from the rules
 * (shared/games/four-card-frenzy.md), sharing no code with the project but
 * the card encoding of cards.h (id = rank * 4 + suit, rank 0 = deuce ..
 * 12 = ace).
 *
 * Hands are 4-card hands, the best 4 of 5 cards.  Order, high to low:
 * Four of a Kind > Straight Flush > Three of a Kind > Flush > Straight >
 * Two Pair > One Pair > High card.  Straights are 4 ranks in sequence,
 * A-2-3-4 lowest, J-Q-K-A highest, no wrap (Q-K-A-2 is no straight).  Ties
 * inside a category break by the usual kicker order: bigger groups first,
 * then higher ranks; a straight (flush) by its top card, A-2-3-4 topped by
 * the 4.  Suits never break ties: equal values are a "copy".
 *
 * frenzy_brute_counts visits every one of the C(47,5) = 1,533,939 dealer
 * hands one by one (no symmetry, no inclusion-exclusion); about 0.1 s per
 * player hand at -O3.
 */
#ifndef FOURCARD_FRENZY_BRUTE_H
#define FOURCARD_FRENZY_BRUTE_H

#include <stdint.h>

#include "cards.h"

enum frenzy_brute_cat {
    FBR_HIGH_CARD = 0,
    FBR_PAIR = 1,
    FBR_TWO_PAIR = 2,
    FBR_STRAIGHT = 3,
    FBR_FLUSH = 4,
    FBR_TRIPS = 5,
    FBR_STRAIGHT_FLUSH = 6,
    FBR_QUADS = 7,
    FBR_NCATS = 8
};

/* A 4-card hand value: category << 16 | k1 << 12 | k2 << 8 | k3 << 4 | k4,
 * the k's ranks in tie-break order (unused ones 0).  A bigger value is a
 * better hand; equal values copy. */
typedef uint32_t frenzy_brute_value;

#define FBR_VALUE(cat, k1, k2, k3, k4)                                                          \
    ((frenzy_brute_value)(cat) << 16 | (frenzy_brute_value)(k1) << 12 |                        \
     (frenzy_brute_value)(k2) << 8 | (frenzy_brute_value)(k3) << 4 | (frenzy_brute_value)(k4))

/* Dealer qualifies with King-high (four singletons topped by a king) or
 * better. */
#define FBR_QUALIFY_MIN FBR_VALUE(FBR_HIGH_CARD, RANK_KING, 0, 0, 0)
/* A pair of aces or better may raise up to 3x. */
#define FBR_ACES_MIN FBR_VALUE(FBR_PAIR, RANK_ACE, 0, 0, 0)

/* Four distinct cards, any order. */
frenzy_brute_value frenzy_brute_eval4(const card_t c[4]);
/* The best 4 of five distinct cards, any order. */
frenzy_brute_value frenzy_brute_best4(const card_t c[5]);
static inline int frenzy_brute_category(frenzy_brute_value v) { return (int)(v >> 16); }
static inline int frenzy_brute_qualifies(frenzy_brute_value v) { return v >= FBR_QUALIFY_MIN; }
/* Sign of (best4(a) - best4(b)): 1 a higher, 0 copy, -1 b higher. */
int frenzy_brute_compare(const card_t a[5], const card_t b[5]);
/* 3 when the best 4 is a pair of aces or better, else 1. */
int frenzy_brute_max_raise(const card_t player[5]);
/* The player's best 4 is four aces. */
int frenzy_brute_quad_aces(const card_t player[5]);
const char *frenzy_brute_category_name(int cat);

/* Dealer hands by the player's result and the dealer qualifying
 * (King-high 4-card hand or better).  A copy is a 4-card hand of equal
 * value. */
struct frenzy_brute_counts {
    uint64_t win_q, win_nq, copy_q, copy_nq, lose_q, lose_nq, total;
};

/* Every one of the C(47,5) dealer hands from the cards not in player[]. */
void frenzy_brute_counts(const card_t player[5], struct frenzy_brute_counts *out);

/* The dealer hands that hold the k cards fixed[] (0 to 5: cards he is
 * known to hold) and 5 - k of the n cards rest[] (the cards nobody is
 * known to hold), each ranked by frenzy_brute_best4: for a seen dealer
 * card or a table whose other hands are known. */
void frenzy_brute_counts_among(const card_t player[5], const card_t *fixed, int k, const card_t *rest, int n,
                               struct frenzy_brute_counts *out);

/* An Odds pay table in HALF units (Flush 1.5 -> 3), "to 1".  quad_aces is
 * unused in a Bad Beat table (quad aces never lose). */
struct frenzy_brute_odds {
    int64_t quad_aces_x2, quads_x2, straight_flush_x2, trips_x2, flush_x2, straight_x2;
};
extern const struct frenzy_brute_odds FRENZY_BRUTE_WE1; /* 200, 30, 15, 2, 1.5, 1 */
extern const struct frenzy_brute_odds FRENZY_BRUTE_BB1; /* -, 30, 15, 2, 1.5, 1 */
extern const struct frenzy_brute_odds FRENZY_BRUTE_BB2; /* -, 100, 30, 4, 3, 2 */
extern const struct frenzy_brute_odds FRENZY_BRUTE_BB3; /* -, 500, 50, 4, 3, 2 */
extern const struct frenzy_brute_odds FRENZY_BRUTE_BB4; /* -, 500, 50, 5, 4, 2 */
extern const struct frenzy_brute_odds FRENZY_BRUTE_BB4B; /* -, 500, 50, 5, 4, 3 */

/* An exact expected value num / den, per unit of Ante, of a hand costing
 * Ante + Odds = 2 units; den = 2 * counts->total (2 * 1,533,939). */
struct frenzy_brute_ev {
    int64_t num, den;
};

/* Washington rules (a copy is paid as a player win), Ante = Odds = 1,
 * Raise r units (r = 0: fold, -2).
 *   Ante:  dealer qualifies: win/copy +1, lose -1; else push.
 *   Raise: win/copy +r, lose -r.
 *   Odds:  player's best 4 Straight or better: win/copy -> win table,
 *          lose -> +bad beat table (the wager is not taken);
 *          Two Pair or less: win/copy push, lose -1.
 * r is not checked against frenzy_brute_max_raise. */
struct frenzy_brute_ev frenzy_brute_ev_tables(const card_t player[5],
                                              const struct frenzy_brute_counts *c, int r,
                                              const struct frenzy_brute_odds *win,
                                              const struct frenzy_brute_odds *bad_beat);
/* The same under a copy rule: copy_pushes = 0 is Washington's (above);
 * copy_pushes = 1 pushes the Ante and the Raise on a copy while the Odds
 * is settled as on a win (the reading offered as the alternative). */
struct frenzy_brute_ev frenzy_brute_ev_rules(const card_t player[5],
                                             const struct frenzy_brute_counts *c, int r,
                                             const struct frenzy_brute_odds *win,
                                             const struct frenzy_brute_odds *bad_beat,
                                             int copy_pushes);
/* The same with the Odds Win table WE-1. */
struct frenzy_brute_ev frenzy_brute_ev(const card_t player[5], const struct frenzy_brute_counts *c,
                                       int r, const struct frenzy_brute_odds *bad_beat);

#endif
