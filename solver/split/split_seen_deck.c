/* split_seen_deck.c — a situation's counts on a smaller deck, the plain
 * way (split_seen_deck.h). */
#include "split_seen_deck.h"

#include <string.h>

/* The next k-subset of 0..n-1 in lexicographic order, in place; 0 after
 * the last. */
static int next_subset(int idx[], int k, int n)
{
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* One showdown of the player's dense rank p against the dealer's d. */
static void settle(const struct split_dealer_tables *t, int p, int d, struct split_hand_counts *h)
{
    h->total++;
    if (p == d)
        h->tie++;
    else if (p > d)
        d < t->qualify ? h->win_nq[t->cat_of[p]]++ : h->win_q[t->cat_of[p]]++;
    else
        d < t->qualify ? h->lose_nq++ : h->lose_q++;
}

/* Hand m of P against the dealer's rank d, every completion from rest[]. */
static void hand_against(const struct split_dealer_tables *t, const card_t P[4], int m, const card_t *rest, int nrest,
                         int d, struct split_hand_counts *h)
{
    card_t c[3];
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            c[k++] = P[i];
    int need = 3 - k, idx[3] = {0, 1, 2};
    if (need > nrest)
        return;
    do {
        for (int j = 0; j < need; j++)
            c[k + j] = rest[idx[j]];
        settle(t, t->player[(c[0] * NCARDS + c[1]) * NCARDS + c[2]], d, h);
    } while (need > 0 && next_subset(idx, need, nrest));
}

void split_seen_deck_counts(const struct split_dealer_tables *t, cardmask_t deck, const card_t P[4], card_t u,
                            const card_t *seen, int nseen, struct split_hand_counts out[SPLIT_NMASKS])
{
    memset(out, 0, SPLIT_NMASKS * sizeof *out);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
    for (int i = 0; i < nseen; i++)
        known |= card_bit(seen[i]);
    card_t left[NCARDS];
    int nleft = 0;
    for (int c = 0; c < NCARDS; c++)
        if ((deck & card_bit((card_t)c)) && !(known & card_bit((card_t)c)))
            left[nleft++] = (card_t)c;
    int hide = 3 - nseen, idx[3] = {0, 1, 2};
    if (hide > nleft)
        return;
    do { /* the dealer's unseen hole cards left[idx[..]] */
        card_t hole[3], rest[NCARDS];
        cardmask_t hidden = 0;
        for (int i = 0; i < nseen; i++)
            hole[i] = seen[i];
        for (int i = 0; i < hide; i++)
            hole[nseen + i] = left[idx[i]], hidden |= card_bit(left[idx[i]]);
        int nrest = 0;
        for (int i = 0; i < nleft; i++)
            if (!(hidden & card_bit(left[i])))
                rest[nrest++] = left[i];
        int d = t->d3[(((size_t)u * NCARDS + hole[0]) * NCARDS + hole[1]) * NCARDS + hole[2]];
        for (int m = 1; m < 15; m++)
            hand_against(t, P, m, rest, nrest, d, &out[m]);
    } while (hide > 0 && next_subset(idx, hide, nleft));
}
