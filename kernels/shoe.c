/* shoe.c — card multisets with exact draw counts. */
#include "shoe.h"

#include "combo.h"

void shoe_init(shoe_t *s, int decks)
{
    for (int c = 0; c < NCARDS; c++)
        s->count[c] = (uint8_t)decks;
    s->total = decks * NCARDS;
}

int shoe_remove(shoe_t *s, card_t c)
{
    if (s->count[c] == 0)
        return -1;
    s->count[c]--;
    s->total--;
    return 0;
}

void shoe_add(shoe_t *s, card_t c)
{
    s->count[c]++;
    s->total++;
}

uint64_t shoe_ways(const shoe_t *s, const card_t *cards, int n)
{
    uint8_t need[NCARDS] = {0};
    for (int i = 0; i < n; i++)
        need[cards[i]]++;
    uint64_t ways = 1;
    for (int i = 0; i < n; i++) {
        card_t c = cards[i];
        if (need[c] == 0)
            continue; /* this type was already counted */
        ways *= binomial(s->count[c], need[c]);
        need[c] = 0;
    }
    return ways;
}
