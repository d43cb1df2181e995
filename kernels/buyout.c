/* buyout.c — plain scalar reference for 4 Card Buyout points. */
#include "buyout.h"

/* The biggest group of equal ranks, 10 points a card (11 for aces). */
static int of_a_kind_points(const int counts[NRANKS])
{
    int best = 0;
    for (int r = 0; r < NRANKS; r++) {
        if (counts[r] < 2)
            continue;
        int pts = counts[r] * (r == RANK_ACE ? 11 : 10);
        if (pts > best)
            best = pts;
    }
    return best;
}

/* The biggest single-suit sum over suits holding two cards or more. */
static int suited_points(const card_t *cards, int n)
{
    int sum[NSUITS] = {0}, cnt[NSUITS] = {0}, best = 0;
    for (int i = 0; i < n; i++) {
        sum[card_suit(cards[i])] += buyout_card_value(cards[i]);
        cnt[card_suit(cards[i])]++;
    }
    for (int s = 0; s < NSUITS; s++)
        if (cnt[s] >= 2 && sum[s] > best)
            best = sum[s];
    return best;
}

int buyout_points(const card_t *cards, int n)
{
    int counts[NRANKS];
    cards_rank_counts(cards, n, counts);
    int a = of_a_kind_points(counts), b = suited_points(cards, n);
    return a > b ? a : b;
}

int buyout_points5(const card_t cards[5], enum buyout_five_reading reading)
{
    if (reading == BUYOUT_FIVE_ALL)
        return buyout_points(cards, 5);
    int best = 0;
    for (int drop = 0; drop < 5; drop++) {
        card_t four[4];
        for (int i = 0, n = 0; i < 5; i++)
            if (i != drop)
                four[n++] = cards[i];
        int p = buyout_points(four, 4);
        if (p > best)
            best = p;
    }
    return best;
}

const char *buyout_reading_name(enum buyout_five_reading r)
{
    return r == BUYOUT_FIVE_ALL ? "all-five" : "best-four";
}
