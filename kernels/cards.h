/* cards.h — card encoding shared by every kernel.
 *
 * A card has two forms:
 *   - an id 0..51:  id = rank * 4 + suit.  Sorting ids sorts by rank.
 *   - a bit in a uint64_t mask: bit = suit * 16 + rank.  Each suit owns one
 *     16-bit lane whose low 13 bits are the ranks held in that suit, so a
 *     suit permutation is a permutation of lanes (see canon.h).
 * rank: 0 = deuce .. 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace.
 * suit: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
 *
 * Text: rank character (2-9, T or 10, J, Q, K, A; case-insensitive) then a
 * suit character (c, d, h, s; case-insensitive).  Cards are separated by
 * white space or commas: "As Kd 7h 2c", "10d,Jd".
 */
#ifndef FOURCARD_CARDS_H
#define FOURCARD_CARDS_H

#include <stddef.h>
#include <stdint.h>

enum { NRANKS = 13, NSUITS = 4, NCARDS = 52 };
enum { RANK_TEN = 8, RANK_JACK = 9, RANK_QUEEN = 10, RANK_KING = 11, RANK_ACE = 12 };

typedef uint8_t card_t;     /* an id 0..51 */
typedef uint64_t cardmask_t;

/* The rank of a card id: 0 = deuce .. 12 = ace. */
static inline int card_rank(card_t c) { return c >> 2; }
/* The suit of a card id: 0 = clubs .. 3 = spades. */
static inline int card_suit(card_t c) { return c & 3; }
/* The id of rank 0..12 and suit 0..3. */
static inline card_t card_make(int rank, int suit) { return (card_t)(rank * 4 + suit); }
/* The mask bit of a card id: bit suit * 16 + rank. */
static inline cardmask_t card_bit(card_t c)
{
    return (cardmask_t)1 << (card_suit(c) * 16 + card_rank(c));
}

/* Every valid mask bit lies in this set (13 low bits of each lane). */
#define CARDMASK_ALL UINT64_C(0x1fff1fff1fff1fff)

/* The 13-bit rank set held in one suit. */
static inline unsigned mask_suit_ranks(cardmask_t m, int suit)
{
    return (unsigned)(m >> (suit * 16)) & 0x1fffu;
}
/* How many cards a mask holds. */
static inline int mask_count(cardmask_t m) { return __builtin_popcountll(m); }

/* The mask of n card ids (a repeated card sets its bit once). */
cardmask_t cards_to_mask(const card_t *cards, int n);
/* Writes the cards of m in increasing id order; returns how many. */
int mask_to_cards(cardmask_t m, card_t *out);

/* Per-rank and per-suit counts of n cards (out arrays of 13 and 4). */
void cards_rank_counts(const card_t *cards, int n, int counts[NRANKS]);
void cards_suit_counts(const card_t *cards, int n, int counts[NSUITS]);

/* Parsing.  Returns the number of cards read (0..max), or -1 with a
 * one-line message in err (no trailing newline) on a malformed card or more
 * than max cards.  Duplicate detection is the caller's policy: see
 * cards_parse_exact. */
int cards_parse(const char *text, card_t *out, int max, char *err, size_t errlen);

/* Parses exactly n distinct cards (one deck).  Returns 0, or -1 with err. */
int cards_parse_exact(const char *text, card_t *out, int n, char *err, size_t errlen);

/* "As", "Td": writes 2 characters and a NUL into buf (size >= 3). */
void card_format(card_t c, char buf[3]);
/* Space-separated cards; returns buf. */
char *cards_format(const card_t *cards, int n, char *buf, size_t len);

extern const char RANK_CHARS[NRANKS + 1]; /* "23456789TJQKA" */
/* A rank as a player writes it on a card: "2".."10", "J", "Q", "K", "A". */
const char *card_rank_word(int rank);
/* The rank of such a word (n characters; "T" is 10 too), or -1. */
int card_rank_of_word(const char *w, size_t n);
extern const char SUIT_CHARS[NSUITS + 1]; /* "cdhs" */

#endif
