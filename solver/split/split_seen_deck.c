/* split_seen_deck.c — a situation's counts on a smaller deck, the plain
 * way (split_seen_deck.h). */
#include "split_seen_deck.h"

#include <string.h>

#include "combo.h"

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
    combo_t pick;
    for (bool more = combo_first(&pick, nrest, 3 - k); more; more = combo_next(&pick)) {
        for (int j = 0; j < 3 - k; j++)
            c[k + j] = rest[pick.idx[j]];
        settle(t, t->player[(c[0] * NCARDS + c[1]) * NCARDS + c[2]], d, h);
    }
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
    int hide = 3 - nseen;
    combo_t pick; /* the dealer's unseen hole cards left[pick.idx[..]] */
    for (bool more = combo_first(&pick, nleft, hide); more; more = combo_next(&pick)) {
        card_t hole[3], rest[NCARDS];
        cardmask_t hidden = 0;
        for (int i = 0; i < nseen; i++)
            hole[i] = seen[i];
        for (int i = 0; i < hide; i++)
            hole[nseen + i] = left[pick.idx[i]], hidden |= card_bit(left[pick.idx[i]]);
        int nrest = 0;
        for (int i = 0; i < nleft; i++)
            if (!(hidden & card_bit(left[i])))
                rest[nrest++] = left[i];
        int d = t->d3[(((size_t)u * NCARDS + hole[0]) * NCARDS + hole[1]) * NCARDS + hole[2]];
        for (int m = 1; m < 15; m++)
            hand_against(t, P, m, rest, nrest, d, &out[m]);
    }
}
