/* split_seen2_brute.c — plain enumeration of one situation with two hole
 * cards seen; see split_seen2_brute.h. */
#include "split_seen2_brute.h"

#include <string.h>

#include "eval3.h"

enum { NLEFT = 45 }; /* the 52 less P, u, s1, s2 */

/* The dealer's hand from his four cards: 2014, the best 3 of the 4; v2,
 * the upcard (four[0]) with the best 2 of the other 3. */
static uint16_t dealer_rank(const struct split_rules *r, const card_t four[4])
{
    uint16_t best = 0;
    for (int skip = 0; skip < 4; skip++) {
        if (r->dealer == SPLIT_DEALER_UP_BEST2OF3 && skip == 0)
            continue; /* the upcard is always used */
        card_t h[3];
        for (int i = 0, n = 0; i < 4; i++)
            if (i != skip)
                h[n++] = four[i];
        uint16_t v = eval3_rank(h);
        if (v > best)
            best = v;
    }
    return best;
}

/* Any pair or better qualifies; a high card from qualify_high up. */
static int qualifies(const struct split_rules *r, uint16_t d)
{
    return eval3_category_of(d) != E3_HIGH || eval3_top(d) >= r->qualify_high;
}

/* One deal of a played hand (final rank p against the dealer's d): its
 * counts and its money (1/den units). */
static void settle(const struct split_paytable *pt, uint16_t p, uint16_t d, struct split_hand_counts *h,
                   int64_t *money)
{
    int q = qualifies(&pt->rules, d);
    int cat = eval3_category_of(p);
    h->total++;
    if (p > d) { /* Ante by the draw column for a Flush or better, else 1:1; Play 1:1 if qualified, else returned */
        if (q)
            h->win_q[cat]++;
        else
            h->win_nq[cat]++;
        *money += (cat >= E3_FLUSH ? pt->ante_draw[cat] : pt->den) + (q ? pt->den : 0);
    } else if (p == d) { /* both returned */
        h->tie++;
    } else { /* Ante lost; Play lost if qualified, else returned */
        if (q)
            h->lose_q++;
        else
            h->lose_nq++;
        *money -= pt->den + (q ? pt->den : 0);
    }
}

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
        settle(pt, eval3_rank(fin), d, h, money);
        return;
    }
    for (int i = 0; i < NLEFT; i++) {
        if (i == k)
            continue;
        fin[n] = left[i];
        if (n == 2) {
            settle(pt, eval3_rank(fin), d, h, money);
            continue;
        }
        for (int j = i + 1; j < NLEFT; j++) {
            if (j == k)
                continue;
            fin[2] = left[j];
            settle(pt, eval3_rank(fin), d, h, money);
        }
    }
}

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* The options, as exact fractions on one denominator D (every total
 * divides it).  A hand played is worth its mean money, a hand folded loses
 * its Ante. */
static void best_option(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                        struct split_seen2_brute *o)
{
    int64_t D = 1;
    for (int m = 1; m < 15; m++)
        D = D / gcd64(D, o->counts[m].total) * o->counts[m].total;
    int64_t fold = -pt->den * D, hand[SPLIT_NMASKS]; /* each hand, played or folded, whichever is better */
    for (int m = 1; m < 15; m++)
        hand[m] = max64(o->money[m] * (D / o->counts[m].total), fold);

    /* Instant winners: the trios of P of Flush or better, and the highest instant pay among them. */
    const int trios[4] = {7, 11, 13, 14};
    int64_t pay[4], top_pay = -1;
    for (int t = 0; t < 4; t++) {
        card_t h[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (trios[t] >> j & 1)
                h[n++] = P[j];
        int cat = eval3_category_of(eval3_rank(h));
        pay[t] = cat >= E3_FLUSH ? pt->ante_instant[cat] : -1;
        top_pay = max64(top_pay, pay[t]);
    }

    int64_t best;
    if (top_pay >= 0) { /* must split 3+1 on an instant winner: its Ante paid, the single played or folded */
        best = INT64_MIN;
        for (int t = 0; t < 4; t++) {
            if (pay[t] < 0 || (instant == SPLIT_INSTANT_HIGHEST && pay[t] != top_pay))
                continue;
            best = max64(best, pay[t] * D + hand[15 ^ trios[t]]);
        }
    } else { /* fold everything, or any split (3+1 or 2+2), each hand played or folded */
        best = 2 * fold;
        for (int a = 1; a < 15; a++)
            best = max64(best, hand[a] + hand[15 ^ a]);
    }
    o->best_num = best, o->best_den = D;
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
        uint16_t d = dealer_rank(&pt->rules, four);
        for (int m = 1; m < 15; m++)
            deal_hand(pt, P, left, m, k, d, &out->counts[m], &out->money[m]);
    }
    best_option(pt, instant, P, out);
}
