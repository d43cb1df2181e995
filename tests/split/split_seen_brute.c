/* split_seen_brute.c — plain enumeration of one seen situation; see
 * split_seen_brute.h. */
#include "split_seen_brute.h"

#include <string.h>

#include "eval3.h"

enum { NLEFT = 46 };

/* The dealer's hand from his four cards: 2014, the best 3 of the 4; v2,
 * the upcard (four[0]) with the best 2 of the other 3. */
static uint16_t dealer_rank(const struct split_rules *r, const card_t four[4])
{
    uint16_t best = 0;
    for (int skip = 0; skip < 4; skip++) {
        if (r->dealer == SPLIT_DEALER_UP_BEST2OF3 && skip == 0)
            continue;
        card_t h[3];
        for (int i = 0, n = 0; i < 4; i++)
            if (i != skip)
                h[n++] = four[i];
        uint16_t v = eval3_rank(h);
        best = v > best ? v : best;
    }
    return best;
}

/* Any pair or better qualifies; a high card from qualify_high up. */
static int qualifies(const struct split_rules *r, uint16_t d)
{
    return eval3_category_of(d) != E3_HIGH || eval3_top(d) >= r->qualify_high;
}

/* One deal of a played hand: its counts and its money (1/den units). */
static void settle(const struct split_paytable *pt, uint16_t p, uint16_t d, struct split_hand_counts *h,
                   int64_t *money)
{
    int q = qualifies(&pt->rules, d), cat = eval3_category_of(p);
    h->total++;
    if (p > d) {
        q ? h->win_q[cat]++ : h->win_nq[cat]++;
        *money += (cat >= E3_FLUSH ? pt->ante_draw[cat] : pt->den) + (q ? pt->den : 0);
    } else if (p == d) {
        h->tie++;
    } else {
        q ? h->lose_q++ : h->lose_nq++;
        *money -= pt->den + (q ? pt->den : 0);
    }
}

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
        settle(pt, f->r[m][0][0], d, h, money);
        return;
    }
    for (int i = 0; i < NLEFT; i++) {
        if (i == a || i == b)
            continue;
        if (f->n[m] == 2) {
            settle(pt, f->r[m][i][0], d, h, money);
            continue;
        }
        for (int j = i + 1; j < NLEFT; j++)
            if (j != a && j != b)
                settle(pt, f->r[m][i][j], d, h, money);
    }
}

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

/* The options, as exact fractions on one denominator D (every total divides it). */
static void best_option(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                        struct split_seen_brute *o)
{
    int64_t D = 1;
    for (int m = 1; m < 15; m++)
        D = D / gcd64(D, o->counts[m].total) * o->counts[m].total;
    int64_t fold = -pt->den * D, play[SPLIT_NMASKS], best = INT64_MIN;
    for (int m = 1; m < 15; m++)
        play[m] = o->money[m] * (D / o->counts[m].total);
    const int trios[4] = {7, 11, 13, 14};
    int64_t top_pay = -1;
    for (int i = 0; i < 4; i++) { /* instant winners: a trio of Flush or better */
        card_t h[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (trios[i] >> j & 1)
                h[n++] = P[j];
        int cat = eval3_category_of(eval3_rank(h));
        if (cat < E3_FLUSH)
            continue;
        if (pt->ante_instant[cat] > top_pay) /* highest so far: the options below it no longer count */
            best = instant == SPLIT_INSTANT_HIGHEST ? INT64_MIN : best, top_pay = pt->ante_instant[cat];
        else if (instant == SPLIT_INSTANT_HIGHEST && pt->ante_instant[cat] < top_pay)
            continue;
        int64_t paid = pt->ante_instant[cat] * D, single = play[15 ^ trios[i]];
        int64_t v = paid + (single > fold ? single : fold);
        best = v > best ? v : best;
    }
    if (top_pay < 0) { /* no instant winner: fold all, or any split with each hand played or folded */
        best = 2 * fold;
        for (int a = 1; a < 15; a++) {
            int64_t va = play[a] > fold ? play[a] : fold, vb = play[15 ^ a] > fold ? play[15 ^ a] : fold;
            best = va + vb > best ? va + vb : best;
        }
    }
    o->best_num = best, o->best_den = D;
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
            uint16_t d = dealer_rank(&pt->rules, four);
            for (int m = 1; m < 15; m++)
                deal_hand(pt, &f, m, a, b, d, &out->counts[m], &out->money[m]);
        }
    best_option(pt, instant, P, out);
}
