/* buyout_rules.h — 4 Card Buyout: the rules of a run (the shoe, the open
 * readings, the Bonus), its options and outcomes, fast points of 2 to 5
 * cards, the Bonus pay tables. */
#ifndef FOURCARD_BUYOUT_RULES_H
#define FOURCARD_BUYOUT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout.h"
#include "cards.h"

enum { BUYOUT_MAX_DECKS = 6 };

/* The rules of a run: the shoe, the open readings and the Bonus bet. */
struct buyout_rules {
    int decks;                            /* 1..6 (6 = the game) */
    int nranks;                           /* 1..13: only the top nranks ranks (13 = the game) */
    enum buyout_five_reading dealer_five; /* the dealer's points with 5 cards */
    int bonus_table;                      /* 0 = no Bonus bet; 1..3 the pay tables; BUYOUT_TABLE_FILE: bonus_pays */
    int64_t bonus_num, bonus_den;         /* Bonus units per First-bet unit (> 0 with a table) */
    bool bonus_alone;                     /* the Bonus without the main game (bonus_table 1..3) */
    /* A shoe of any composition (a depleted shoe, `solve buyout --shoe`):
     * when shoe_given, shoe[id] copies of each card id replace decks and
     * nranks (which then say nothing). */
    bool shoe_given;
    int8_t shoe[NCARDS];
    /* A Bonus pay table of one's own (buyout_paytable.h) when bonus_table is
     * BUYOUT_TABLE_FILE. */
    struct buyout_bonus_pays {
        char name[64];
        int pay[45]; /* to 1, by points 0..44 (BUYOUT_NPOINTS); -1 the Bonus loses */
    } bonus_pays;
};

/* Six decks, best 4 of the dealer's 5 cards, no Bonus. */
struct buyout_rules buyout_rules_default(void);
/* 0, or -1 with a one-line message naming the first bad field. */
int buyout_rules_check(const struct buyout_rules *r, char *err, size_t errlen);
/* Every field of r as one line of text: what a figure depends on, for a
 * resumable run's question (checkpoint.h).  The length it needed. */
int buyout_rules_text(const struct buyout_rules *r, char *buf, size_t len);

/* The options at a decision, in the order used to break ties (an option
 * replaces the best only when strictly better: the smaller wager wins a
 * tie). */
enum buyout_choice { BUYOUT_FOLD = 0, BUYOUT_REFUSE = 1, BUYOUT_BUY = 2 };
const char *buyout_choice_name(enum buyout_choice c); /* "fold", "refuse", "buy" */

/* Net result of the First, Second and Third bets: -3..+3 units. */
enum { BUYOUT_NET_MIN = -3, BUYOUT_NNET = 7 };

/* The player's final hand when he does not fold: the cards he kept (2, 3
 * or 4: index kept - BUYOUT_KEPT_MIN), its points (0..44) and the
 * showdown's result. */
enum { BUYOUT_KEPT_MIN = 2, BUYOUT_NKEPT = 3, BUYOUT_NPOINTS = 45 };
_Static_assert(sizeof ((struct buyout_rules *)0)->bonus_pays.pay == BUYOUT_NPOINTS * sizeof(int),
               "a pay for every point value");
enum buyout_showdown { BUYOUT_WIN = 0, BUYOUT_PUSH = 1, BUYOUT_LOSE = 2, BUYOUT_NSHOWDOWN = 3 };

enum {
    BUYOUT_DRAW_UNDER = 13, /* the dealer draws a 5th card under 13 points */
    BUYOUT_MAXP = 44,       /* the best hand a player can hold (four aces) */
    BUYOUT_BONUS_MIN = 21,  /* the Bonus pays from 21 points */
    BUYOUT_NTABLES = 3,
    BUYOUT_TABLE_FILE = BUYOUT_NTABLES + 1 /* bonus_table: the rules' own bonus_pays */
};

/* Copies of each card type in the shoe of the rules (decks, or 0 for the
 * ranks left out; or the given shoe), and the shoe's size. */
int buyout_shoe_counts(const struct buyout_rules *r, int count[NCARDS]);

/* Points of n = 2..5 cards, card ids with repeats allowed; 5 cards under
 * the reading.  Same results as buyout_points / buyout_points5 (a test
 * compares every hand), faster: one pass over the cards. */
int buyout_fast_points(const card_t *c, int n, enum buyout_five_reading reading);

/* The points of a group of `copies` cards of one rank: 10 a card, 11 an
 * ace, from a pair up (else 0). */
static inline int buyout_group_points(int rank, int copies)
{
    return copies >= 2 ? copies * (rank == RANK_ACE ? 11 : 10) : 0;
}

/* The points of 2 cards, as buyout_fast_points of them (a test compares
 * every 2-card multiset): a pair or a suit of two, the higher (two
 * identical cards of a multi-deck shoe are both).  Every class asks it. */
static inline int buyout_points2(card_t a, card_t b)
{
    int pair = card_rank(a) == card_rank(b) ? buyout_group_points(card_rank(a), 2) : 0;
    int suited = card_suit(a) == card_suit(b) ? buyout_card_value(a) + buyout_card_value(b) : 0;
    return pair > suited ? pair : suited;
}

/* Three or four cards kept by rank and suit, for the points of those and
 * one card more, the one more varying: buyout_points_with(p, c) equals
 * buyout_fast_points of the n + 1 cards (of five under the reading; a
 * test compares every 4- and 5-card multiset), a few operations a card. */
struct buyout_points_kept {
    int8_t same[NRANKS];         /* copies of each rank */
    int8_t cnt[NSUITS];          /* cards of each suit */
    int16_t sum[NSUITS], low[NSUITS]; /* their values summed, the lowest */
    int16_t best;                /* the kept cards' best group or suit, in points */
    enum buyout_five_reading reading;
};
void buyout_points_keep(struct buyout_points_kept *p, const card_t *c, int n, enum buyout_five_reading reading);

/* The points with c: the kept cards' best, or a group or suit c joins
 * (of five, best 4 of 5: a group of five counts four, a suit of five
 * drops its lowest card; three kept and c never make either).  Inline:
 * a buy branch asks it for every 4th card. */
static inline int buyout_points_with(const struct buyout_points_kept *p, card_t c)
{
    int r = card_rank(c), s = card_suit(c), v = buyout_card_value(c), best = p->best;
    int copies = p->same[r] + 1, cnt = p->cnt[s] + 1, sum = p->sum[s] + v;
    if (p->reading == BUYOUT_FIVE_BEST4 && copies > 4)
        copies = 4;
    int group = buyout_group_points(r, copies);
    if (group > best)
        best = group;
    if (cnt == 5 && p->reading == BUYOUT_FIVE_BEST4)
        sum -= v < p->low[s] ? v : p->low[s];
    if (cnt >= 2 && sum > best)
        best = sum;
    return best;
}

/* buyout_points_with of every card c into out[c], for three kept cards
 * (or fewer: no group or suit of five, so the reading is moot), by rank
 * and suit without a branch (a test compares every 3-card multiset). */
void buyout_points_with_each(const struct buyout_points_kept *p, int8_t out[NCARDS]);

/* The Bonus's result per unit on a final hand of p points: the pay (to 1)
 * from 21 points, else -1. table 1..3. */
int buyout_bonus_result(int table, int p);
/* The same for the table of the rules: a preset or its own file. */
int buyout_rules_bonus(const struct buyout_rules *r, int p);
/* The units a round starts with: the First bet (not with a Bonus alone)
 * and the Bonus bet's units, for the edge per initial wager. */
double buyout_initial_units(const struct buyout_rules *r);
/* "Bonus table 2" or "Bonus paytable my-bonus", for reports. */
const char *buyout_bonus_label(const struct buyout_rules *r, char *buf, size_t len);

#endif
