/* eval3.c — plain scalar reference for 3-card hands: count ranks, look at
 * the counts.  The batched kernels (batch_impl.h) are checked against it. */
#include "eval3.h"

static const char *const E3_NAMES[E3_NCATEGORIES] = {
    "High Card", "Pair", "Flush", "Straight", "Three of a Kind", "Straight Flush", "Royal Flush",
};

const char *eval3_category_name(enum eval3_category c)
{
    return (c >= 0 && c < E3_NCATEGORIES) ? E3_NAMES[c] : "?";
}

/* Top card of a 3-card straight held in the rank set, or -1. */
static int straight_top(unsigned ranks)
{
    if (ranks == (1u << RANK_ACE | 1u << 1 | 1u << 0))
        return 1; /* A-2-3: the three is the top card */
    for (int top = 2; top <= RANK_ACE; top++)
        if (ranks == 7u << (top - 2))
            return top;
    return -1;
}

uint16_t eval3_rank(const card_t cards[3])
{
    int counts[NRANKS];
    cards_rank_counts(cards, 3, counts);
    int flush = card_suit(cards[0]) == card_suit(cards[1]) && card_suit(cards[1]) == card_suit(cards[2]);
    unsigned ranks = 0;
    int group = -1, single = -1;
    for (int r = 0; r < NRANKS; r++) {
        if (counts[r])
            ranks |= 1u << r;
        if (counts[r] >= 2)
            group = r;
        else if (counts[r] == 1)
            single = r; /* only read when there is a pair: then one single */
    }
    if (group >= 0 && counts[group] == 3)
        return (uint16_t)(E3_TRIPS << 12 | group << 8);
    if (group >= 0)
        return (uint16_t)(E3_PAIR << 12 | group << 8 | single << 4);

    int k[3], n = 0;
    for (int r = RANK_ACE; r >= 0; r--)
        if (ranks >> r & 1)
            k[n++] = r;
    int top = straight_top(ranks);
    if (top >= 0) {
        int cat = !flush ? E3_STRAIGHT : top == RANK_ACE ? E3_ROYAL : E3_STRAIGHT_FLUSH;
        return (uint16_t)(cat << 12 | top << 8);
    }
    int cat = flush ? E3_FLUSH : E3_HIGH;
    return (uint16_t)(cat << 12 | k[0] << 8 | k[1] << 4 | k[2]);
}
