/* split_seen2_brute.c — plain enumeration of one situation with two hole
 * cards seen; see split_seen2_brute.h. */
#include "split_seen2_brute.h"

#include <string.h>

#include "eval3.h"
#include "split_brute_rules.h"

enum { NLEFT = 45 }; /* the 52 less P, u, s1, s2 */

/* Every deal of hand m (positions in P) with the dealer's third hole card
 * left[k]: the hand is completed from left less left[k]. */
static void deal_hand(const struct split_paytable *pt, const card_t P[4], const card_t left[NLEFT], int m, int k,
                      uint16_t d, struct split_hand_counts *h, int64_t *money)
{
    card_t fin[3];
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            fin[n++] = P[i];
    if (n == 3) {
        split_brute_settle(pt, eval3_rank(fin), d, h, money);
        return;
    }
    for (int i = 0; i < NLEFT; i++) {
        if (i == k)
            continue;
        fin[n] = left[i];
        if (n == 2) {
            split_brute_settle(pt, eval3_rank(fin), d, h, money);
            continue;
        }
        for (int j = i + 1; j < NLEFT; j++) {
            if (j == k)
                continue;
            fin[2] = left[j];
            split_brute_settle(pt, eval3_rank(fin), d, h, money);
        }
    }
}

void split_seen2_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                       card_t u, card_t s1, card_t s2, struct split_seen2_brute *out)
{
    memset(out, 0, sizeof *out);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | card_bit(s1) | card_bit(s2);
    card_t left[NLEFT];
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            left[n++] = (card_t)c;
    for (int k = 0; k < NLEFT; k++) { /* the dealer's unseen hole card */
        const card_t four[4] = {u, s1, s2, left[k]};
        uint16_t d = split_brute_dealer_rank(&pt->rules, four);
        for (int m = 1; m < 15; m++)
            deal_hand(pt, P, left, m, k, d, &out->counts[m], &out->money[m]);
    }
    split_brute_best(pt, instant, P, out->counts, out->money, &out->best_num, &out->best_den);
}
