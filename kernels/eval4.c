/* eval4.c — plain scalar references for 4-card hands (Four Card Frenzy
 * order, 4 Card Split Blind) and the Frenzy best 4 of 5.  Rank counts and
 * a rank bit set; the batched kernels are checked against these. */
#include "eval4.h"

static const char *const F4_NAMES[F4_NCATEGORIES] = {
    "High Card", "Pair", "Two Pair", "Straight", "Flush", "Three of a Kind", "Straight Flush", "Four of a Kind",
};

static const char *const BL_NAMES[BL_NCATEGORIES] = {
    "High Card", "Pair 9-2", "Pair A-T", "Two Pair", "Straight", "Flush", "Three of a Kind",
    "Straight Flush", "Four of a Kind", "Royal Flush",
};

const char *frenzy_category_name(enum frenzy_category c)
{
    return (c >= 0 && c < F4_NCATEGORIES) ? F4_NAMES[c] : "?";
}

const char *blind_category_name(enum blind_category c)
{
    return (c >= 0 && c < BL_NCATEGORIES) ? BL_NAMES[c] : "?";
}

/* Top card of a 4-card straight in the rank set, or -1 (A-2-3-4 tops at 4). */
static int straight4_top(unsigned ranks)
{
    if (ranks == (1u << RANK_ACE | 0x7u))
        return 2;
    for (int top = 3; top <= RANK_ACE; top++)
        if (ranks == 15u << (top - 3))
            return top;
    return -1;
}

/* Kickers in tie order: ranks by (count desc, rank desc), each once. */
static int kickers_by_count(const int counts[NRANKS], int k[4])
{
    int n = 0;
    for (int c = 4; c >= 1; c--)
        for (int r = RANK_ACE; r >= 0; r--)
            if (counts[r] == c)
                k[n++] = r;
    return n;
}

uint32_t frenzy_four_rank(const card_t cards[4])
{
    int counts[NRANKS], k[4] = {0, 0, 0, 0};
    cards_rank_counts(cards, 4, counts);
    int distinct = kickers_by_count(counts, k);
    int biggest = counts[k[0]];
    int flush = 1;
    for (int i = 1; i < 4; i++)
        flush &= card_suit(cards[i]) == card_suit(cards[0]);

    int cat;
    if (biggest == 4)
        cat = F4_QUADS;
    else if (biggest == 3)
        cat = F4_TRIPS;
    else if (biggest == 2)
        cat = distinct == 2 ? F4_TWO_PAIR : F4_PAIR;
    else {
        unsigned ranks = 0;
        for (int i = 0; i < 4; i++)
            ranks |= 1u << k[i];
        int top = straight4_top(ranks);
        if (top >= 0) {
            cat = flush ? F4_STRAIGHT_FLUSH : F4_STRAIGHT;
            return (uint32_t)cat << 16 | (uint32_t)top << 12;
        }
        cat = flush ? F4_FLUSH : F4_HIGH;
    }
    uint32_t kick = 0;
    for (int i = 0; i < 4; i++)
        kick = kick << 4 | (i < distinct ? (uint32_t)k[i] : 0);
    return (uint32_t)cat << 16 | kick;
}

uint32_t split_blind_rank(const card_t cards[4])
{
    return blind_from_frenzy(frenzy_four_rank(cards));
}

uint32_t frenzy_best_rank(const card_t cards[5])
{
    uint32_t best = 0;
    for (int drop = 0; drop < 5; drop++) {
        card_t four[4];
        for (int i = 0, n = 0; i < 5; i++)
            if (i != drop)
                four[n++] = cards[i];
        uint32_t r = frenzy_four_rank(four);
        if (r > best)
            best = r;
    }
    return best;
}
