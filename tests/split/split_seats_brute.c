/* split_seats_brute.c — plain enumeration of one situation at a colluding
 * table; see split_seats_brute.h. */
#include "split_seats_brute.h"

#include <string.h>

#include "eval3.h"

enum { MAXPOOL = NCARDS - 5 }; /* the pool when no card is dead */

/* The dealer's 3-card hand from the upcard u and his hole cards h[0..2]:
 * 2014, the best 3 of the 4; v2, u with the best 2 of the 3 hole cards. */
static uint16_t dealer_rank(const struct split_rules *r, card_t u, const card_t h[3])
{
    const card_t four[4] = {u, h[0], h[1], h[2]};
    uint16_t best = 0;
    for (int skip = 0; skip < 4; skip++) { /* the card left out */
        if (skip == 0 && r->dealer == SPLIT_DEALER_UP_BEST2OF3)
            continue; /* v2: the upcard is always used */
        card_t three[3];
        for (int i = 0, n = 0; i < 4; i++)
            if (i != skip)
                three[n++] = four[i];
        uint16_t v = eval3_rank(three);
        if (v > best)
            best = v;
    }
    return best;
}

/* Any pair or better qualifies; a high card from qualify_high up. */
static int dealer_qualifies(const struct split_rules *r, uint16_t d)
{
    return eval3_category_of(d) != E3_HIGH || eval3_top(d) >= r->qualify_high;
}

/* One couple of a played hand: the player's final rank p against the
 * dealer's d, into the counts and the money (1/den units). */
static void settle(const struct split_paytable *pt, uint16_t p, uint16_t d, struct split_hand_counts *h,
                   int64_t *money)
{
    int q = dealer_qualifies(&pt->rules, d);
    int cat = eval3_category_of(p);
    h->total++;
    if (p > d) { /* Ante by the draw column (1:1 below a Flush); Play 1:1 if he qualified, else returned */
        if (q)
            h->win_q[cat]++;
        else
            h->win_nq[cat]++;
        *money += (cat >= E3_FLUSH ? pt->ante_draw[cat] : pt->den) + (q ? pt->den : 0);
    } else if (p == d) { /* both returned */
        h->tie++;
    } else { /* Ante lost; Play lost if he qualified, else returned */
        if (q)
            h->lose_q++;
        else
            h->lose_nq++;
        *money -= pt->den + (q ? pt->den : 0);
    }
}

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
        settle(pt, f->r[m][0][0], d, h, money);
        return;
    }
    for (int i = 0; i < R; i++) {
        if (hole >> i & 1)
            continue;
        if (f->size[m] == 2) {
            settle(pt, f->r[m][i][0], d, h, money);
            continue;
        }
        for (int j = i + 1; j < R; j++)
            if (!(hole >> j & 1))
                settle(pt, f->r[m][i][j], d, h, money);
    }
}

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* The options, as exact values on one denominator D, the least common
 * multiple of the hands' totals: a hand played is worth money * D / total,
 * folded -den * D (its Ante lost). */
static void best_option(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                        struct split_seats_brute *o)
{
    int64_t D = 1;
    for (int m = 1; m < 15; m++)
        D = D / gcd64(D, o->counts[m].total) * o->counts[m].total;
    int64_t fold = -pt->den * D, hand[SPLIT_NMASKS]; /* hand[m]: the better of playing and folding m */
    for (int m = 1; m < 15; m++)
        hand[m] = max64(o->money[m] * (D / o->counts[m].total), fold);

    /* The instant winners: a trio of P that is a Flush or better. */
    const int trios[4] = {7, 11, 13, 14};
    int winner[4], any = 0;
    int64_t pay[4], top_pay = INT64_MIN;
    for (int t = 0; t < 4; t++) {
        card_t h[3];
        for (int i = 0, n = 0; i < 4; i++)
            if (trios[t] >> i & 1)
                h[n++] = P[i];
        int cat = eval3_category_of(eval3_rank(h));
        winner[t] = cat >= E3_FLUSH;
        pay[t] = pt->ante_instant[cat];
        if (winner[t])
            any = 1, top_pay = max64(top_pay, pay[t]);
    }

    int64_t best = INT64_MIN;
    if (any) {
        /* He must split 3+1 with an instant winner, paid at once; the single
         * card played or folded.  CHOOSE: any of the instant winners;
         * HIGHEST: one of the highest-paying. */
        for (int t = 0; t < 4; t++) {
            if (!winner[t] || (instant == SPLIT_INSTANT_HIGHEST && pay[t] < top_pay))
                continue;
            best = max64(best, pay[t] * D + hand[15 ^ trios[t]]);
        }
    } else {
        /* Fold everything (both Antes lost), or any split (3+1 or 2+2: a
         * mask a and its complement) with each hand played or folded. */
        best = 2 * fold;
        for (int a = 1; a < 15; a++)
            best = max64(best, hand[a] + hand[15 ^ a]);
    }
    o->best_num = best, o->best_den = D;
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
                const card_t hole[3] = {pool[a], pool[b], pool[c]};
                uint16_t d = dealer_rank(&pt->rules, u, hole);
                uint64_t used = (uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << c;
                for (int m = 1; m < 15; m++)
                    play_hand(pt, &f, R, m, used, d, &out->counts[m], &out->money[m]);
            }
    best_option(pt, instant, P, out);
}
