/* split_seats_brute.c — plain enumeration of one situation at a colluding
 * table; see split_seats_brute.h. */
#include "split_seats_brute.h"

#include <string.h>

#include "eval3.h"
#include "split_brute_rules.h"

enum { MAXPOOL = NCARDS - 5 }; /* the pool when no card is dead */

/* The player's final rank of every hand and completion, by indices into
 * the pool: [0][0] for a trio, [i][0] for a pair completed by pool[i],
 * [i][j] (i < j) for a single completed by pool[i] and pool[j].  They do
 * not depend on the dealer's cards, so they are ranked once. */
struct final_ranks {
    int size[SPLIT_NMASKS]; /* cards of the hand: 1, 2 or 3 */
    uint16_t r[SPLIT_NMASKS][MAXPOOL][MAXPOOL];
};

static void rank_finals(const card_t P[4], const card_t *pool, int R, struct final_ranks *f)
{
    for (int m = 1; m < 15; m++) {
        card_t fin[3];
        int n = 0;
        for (int i = 0; i < 4; i++)
            if (m >> i & 1)
                fin[n++] = P[i];
        f->size[m] = n;
        if (n == 3) {
            f->r[m][0][0] = eval3_rank(fin);
        } else if (n == 2) {
            for (int i = 0; i < R; i++) {
                fin[2] = pool[i];
                f->r[m][i][0] = eval3_rank(fin);
            }
        } else {
            for (int i = 0; i < R; i++)
                for (int j = i + 1; j < R; j++) {
                    fin[1] = pool[i], fin[2] = pool[j];
                    f->r[m][i][j] = eval3_rank(fin);
                }
        }
    }
}

/* Every completion of hand m from the pool less the dealer's hole cards
 * (the pool indices in `hole`, a bit each) against the dealer's rank d. */
static void play_hand(const struct split_paytable *pt, const struct final_ranks *f, int R, int m, uint64_t hole,
                      uint16_t d, struct split_hand_counts *h, int64_t *money)
{
    if (f->size[m] == 3) {
        split_brute_settle(pt, f->r[m][0][0], d, h, money);
        return;
    }
    for (int i = 0; i < R; i++) {
        if (hole >> i & 1)
            continue;
        if (f->size[m] == 2) {
            split_brute_settle(pt, f->r[m][i][0], d, h, money);
            continue;
        }
        for (int j = i + 1; j < R; j++)
            if (!(hole >> j & 1))
                split_brute_settle(pt, f->r[m][i][j], d, h, money);
    }
}

void split_seats_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                       card_t u, cardmask_t dead, struct split_seats_brute *out)
{
    memset(out, 0, sizeof *out);
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | dead;
    card_t pool[MAXPOOL];
    int R = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(known & card_bit((card_t)c)))
            pool[R++] = (card_t)c;
    static _Thread_local struct final_ranks f;
    rank_finals(P, pool, R, &f);
    for (int a = 0; a < R; a++)
        for (int b = a + 1; b < R; b++)
            for (int c = b + 1; c < R; c++) { /* the dealer's hole cards */
                const card_t four[4] = {u, pool[a], pool[b], pool[c]};
                uint16_t d = split_brute_dealer_rank(&pt->rules, four);
                uint64_t used = (uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << c;
                for (int m = 1; m < 15; m++)
                    play_hand(pt, &f, R, m, used, d, &out->counts[m], &out->money[m]);
            }
    split_brute_best(pt, instant, P, out->counts, out->money, &out->best_num, &out->best_den);
}
