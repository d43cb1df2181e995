/* split_seen_brute.c — plain enumeration of one seen situation; see
 * split_seen_brute.h. */
#include "split_seen_brute.h"

#include <string.h>

#include "eval3.h"
#include "split_brute_rules.h"

enum { NLEFT = 46 };

/* The player's final rank of every completion of every hand, by indices
 * into left (a cache of eval3_rank: the dealer's cards change, these not). */
struct final_ranks {
    int n[SPLIT_NMASKS];
    uint16_t r[SPLIT_NMASKS][NLEFT][NLEFT]; /* [0][0] for a trio, [i][0] for a pair, [i][j] (i < j) for a single */
};

static void final_ranks(const card_t P[4], const card_t left[NLEFT], struct final_ranks *f)
{
    for (int m = 1; m < 15; m++) {
        card_t fin[3];
        int n = 0;
        for (int i = 0; i < 4; i++)
            if (m >> i & 1)
                fin[n++] = P[i];
        f->n[m] = n;
        for (int i = 0; i < (n == 3 ? 1 : NLEFT); i++)
            for (int j = i + 1; j < (n == 1 ? NLEFT : i + 2); j++) {
                if (n < 3)
                    fin[n] = left[i];
                if (n == 1)
                    fin[2] = left[j];
                f->r[m][i][n == 1 ? j : 0] = eval3_rank(fin);
            }
    }
}

/* Every deal of hand m against the dealer pair {left[a], left[b]}. */
static void deal_hand(const struct split_paytable *pt, const struct final_ranks *f, int m, int a, int b, uint16_t d,
                      struct split_hand_counts *h, int64_t *money)
{
    if (f->n[m] == 3) {
        split_brute_settle(pt, f->r[m][0][0], d, h, money);
        return;
    }
    for (int i = 0; i < NLEFT; i++) {
        if (i == a || i == b)
            continue;
        if (f->n[m] == 2) {
            split_brute_settle(pt, f->r[m][i][0], d, h, money);
            continue;
        }
        for (int j = i + 1; j < NLEFT; j++)
            if (j != a && j != b)
                split_brute_settle(pt, f->r[m][i][j], d, h, money);
    }
}

void split_seen_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      card_t u, card_t s, struct split_seen_brute *out)
{
    memset(out, 0, sizeof *out);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | card_bit(s);
    card_t left[NLEFT];
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            left[n++] = (card_t)c;
    static _Thread_local struct final_ranks f;
    final_ranks(P, left, &f);
    for (int a = 0; a < NLEFT; a++)
        for (int b = a + 1; b < NLEFT; b++) {
            const card_t four[4] = {u, s, left[a], left[b]};
            uint16_t d = split_brute_dealer_rank(&pt->rules, four);
            for (int m = 1; m < 15; m++)
                deal_hand(pt, &f, m, a, b, d, &out->counts[m], &out->money[m]);
        }
    split_brute_best(pt, instant, P, out->counts, out->money, &out->best_num, &out->best_den);
}
