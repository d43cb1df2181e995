/* split_brute_rules.c — see split_brute_rules.h. */
#include "split_brute_rules.h"

#include "eval3.h"

uint16_t split_brute_dealer_rank(const struct split_rules *r, const card_t four[4])
{
    uint16_t best = 0;
    for (int skip = 0; skip < 4; skip++) { /* the card left out */
        if (r->dealer == SPLIT_DEALER_UP_BEST2OF3 && skip == 0)
            continue; /* v2: the upcard is always used */
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

void split_brute_settle(const struct split_paytable *pt, uint16_t p, uint16_t d, struct split_hand_counts *h,
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

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

void split_brute_best(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      const struct split_hand_counts counts[SPLIT_NMASKS], const int64_t money[SPLIT_NMASKS],
                      int64_t *num, int64_t *den)
{
    int64_t D = 1;
    for (int m = 1; m < 15; m++)
        D = D / gcd64(D, counts[m].total) * counts[m].total;
    /* a hand played is worth its money on D, folded it loses its Ante: each the better */
    int64_t fold = -pt->den * D, hand[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++)
        hand[m] = max64(money[m] * (D / counts[m].total), fold);

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
    *num = best, *den = D;
}
