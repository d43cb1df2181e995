/* frenzy_brute.c — Four Card Frenzy by plain enumeration; see frenzy_brute.h.
 * Uses nothing from the project but the inline helpers of cards.h. */
#include "frenzy_brute.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct frenzy_brute_odds FRENZY_BRUTE_WE1 = {400, 60, 30, 4, 3, 2};
const struct frenzy_brute_odds FRENZY_BRUTE_BB1 = {0, 60, 30, 4, 3, 2};
const struct frenzy_brute_odds FRENZY_BRUTE_BB2 = {0, 200, 60, 8, 6, 4};
const struct frenzy_brute_odds FRENZY_BRUTE_BB3 = {0, 1000, 100, 8, 6, 4};
const struct frenzy_brute_odds FRENZY_BRUTE_BB4 = {0, 1000, 100, 10, 8, 4};
const struct frenzy_brute_odds FRENZY_BRUTE_BB4B = {0, 1000, 100, 10, 8, 6};

/* The value of four cards with ranks a <= b <= c <= d; flush: one suit. */
static inline frenzy_brute_value eval_sorted(int a, int b, int c, int d, int flush)
{
    if (a == d)
        return FBR_VALUE(FBR_QUADS, a, 0, 0, 0);
    if (a == c) /* a a a d */
        return FBR_VALUE(FBR_TRIPS, a, d, 0, 0);
    if (b == d) /* a b b b */
        return FBR_VALUE(FBR_TRIPS, b, a, 0, 0);
    if (a == b && c == d)
        return FBR_VALUE(FBR_TWO_PAIR, c, a, 0, 0);
    if (a == b)
        return FBR_VALUE(FBR_PAIR, a, d, c, 0);
    if (b == c)
        return FBR_VALUE(FBR_PAIR, b, d, a, 0);
    if (c == d)
        return FBR_VALUE(FBR_PAIR, c, b, a, 0);
    /* Four distinct ranks a < b < c < d. */
    int top = -1;
    if (d - a == 3)
        top = d;
    else if (d == RANK_ACE && a == 0 && b == 1 && c == 2) /* A-2-3-4 */
        top = 2;
    if (top >= 0)
        return FBR_VALUE(flush ? FBR_STRAIGHT_FLUSH : FBR_STRAIGHT, top, 0, 0, 0);
    return FBR_VALUE(flush ? FBR_FLUSH : FBR_HIGH_CARD, d, c, b, a);
}

frenzy_brute_value frenzy_brute_eval4(const card_t c[4])
{
    card_t s[4] = {c[0], c[1], c[2], c[3]};
    for (int i = 1; i < 4; i++) /* insertion sort by id = by rank */
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            card_t t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    int fl = card_suit(s[0]) == card_suit(s[1]) && card_suit(s[0]) == card_suit(s[2]) &&
             card_suit(s[0]) == card_suit(s[3]);
    return eval_sorted(card_rank(s[0]), card_rank(s[1]), card_rank(s[2]), card_rank(s[3]), fl);
}

frenzy_brute_value frenzy_brute_best4(const card_t c[5])
{
    frenzy_brute_value best = 0;
    for (int drop = 0; drop < 5; drop++) {
        card_t h[4];
        int n = 0;
        for (int i = 0; i < 5; i++)
            if (i != drop)
                h[n++] = c[i];
        frenzy_brute_value v = frenzy_brute_eval4(h);
        if (v > best)
            best = v;
    }
    return best;
}

int frenzy_brute_compare(const card_t a[5], const card_t b[5])
{
    frenzy_brute_value va = frenzy_brute_best4(a), vb = frenzy_brute_best4(b);
    return (va > vb) - (va < vb);
}

int frenzy_brute_max_raise(const card_t player[5])
{
    return frenzy_brute_best4(player) >= FBR_ACES_MIN ? 3 : 1;
}

int frenzy_brute_quad_aces(const card_t player[5])
{
    return frenzy_brute_best4(player) == FBR_VALUE(FBR_QUADS, RANK_ACE, 0, 0, 0);
}

const char *frenzy_brute_category_name(int cat)
{
    static const char *const names[FBR_NCATS] = {
        "high card", "pair", "two pair", "straight", "flush", "trips", "straight flush", "quads"};
    return cat >= 0 && cat < FBR_NCATS ? names[cat] : "?";
}

void frenzy_brute_counts(const card_t player[5], struct frenzy_brute_counts *out)
{
    uint64_t used = 0;
    for (int i = 0; i < 5; i++) {
        if (player[i] >= NCARDS || (used >> player[i] & 1)) {
            fprintf(stderr, "frenzy_brute_counts: bad player hand\n");
            abort();
        }
        used |= UINT64_C(1) << player[i];
    }
    const frenzy_brute_value pv = frenzy_brute_best4(player);

    /* The 47 unseen cards in increasing id order, so any subset visited in
     * index order has nondecreasing ranks. */
    int rk[47], st[47], n = 0;
    for (int id = 0; id < NCARDS; id++)
        if (!(used >> id & 1)) {
            rk[n] = card_rank((card_t)id);
            st[n] = card_suit((card_t)id);
            n++;
        }

    uint64_t win_q = 0, win_nq = 0, copy_q = 0, copy_nq = 0, lose_q = 0, lose_nq = 0, total = 0;
    for (int i0 = 0; i0 < n; i0++)
        for (int i1 = i0 + 1; i1 < n; i1++)
            for (int i2 = i1 + 1; i2 < n; i2++)
                for (int i3 = i2 + 1; i3 < n; i3++)
                    for (int i4 = i3 + 1; i4 < n; i4++) {
                        const int r[5] = {rk[i0], rk[i1], rk[i2], rk[i3], rk[i4]};
                        const int s[5] = {st[i0], st[i1], st[i2], st[i3], st[i4]};
                        frenzy_brute_value best = 0;
                        for (int drop = 0; drop < 5; drop++) {
                            int hr[4], hs[4], k = 0;
                            for (int j = 0; j < 5; j++)
                                if (j != drop) {
                                    hr[k] = r[j];
                                    hs[k] = s[j];
                                    k++;
                                }
                            int fl = hs[0] == hs[1] && hs[0] == hs[2] && hs[0] == hs[3];
                            frenzy_brute_value v = eval_sorted(hr[0], hr[1], hr[2], hr[3], fl);
                            if (v > best)
                                best = v;
                        }
                        int q = best >= FBR_QUALIFY_MIN;
                        total++;
                        if (pv > best)
                            q ? win_q++ : win_nq++;
                        else if (pv == best)
                            q ? copy_q++ : copy_nq++;
                        else
                            q ? lose_q++ : lose_nq++;
                    }
    out->win_q = win_q;
    out->win_nq = win_nq;
    out->copy_q = copy_q;
    out->copy_nq = copy_nq;
    out->lose_q = lose_q;
    out->lose_nq = lose_nq;
    out->total = total;
}

/* A table entry (half units) for the player's own best 4. */
static int64_t odds_pay_x2(frenzy_brute_value pv, const struct frenzy_brute_odds *t)
{
    switch (frenzy_brute_category(pv)) {
    case FBR_QUADS:
        return (pv >> 12 & 15) == RANK_ACE ? t->quad_aces_x2 : t->quads_x2;
    case FBR_STRAIGHT_FLUSH:
        return t->straight_flush_x2;
    case FBR_TRIPS:
        return t->trips_x2;
    case FBR_FLUSH:
        return t->flush_x2;
    case FBR_STRAIGHT:
        return t->straight_x2;
    default:
        return 0;
    }
}

struct frenzy_brute_ev frenzy_brute_ev_tables(const card_t player[5],
                                              const struct frenzy_brute_counts *c, int r,
                                              const struct frenzy_brute_odds *win,
                                              const struct frenzy_brute_odds *bad_beat)
{
    return frenzy_brute_ev_rules(player, c, r, win, bad_beat, 0);
}

struct frenzy_brute_ev frenzy_brute_ev_rules(const card_t player[5],
                                             const struct frenzy_brute_counts *c, int r,
                                             const struct frenzy_brute_odds *win,
                                             const struct frenzy_brute_odds *bad_beat,
                                             int copy_pushes)
{
    const int64_t N = (int64_t)c->total;
    struct frenzy_brute_ev ev = {0, 2 * N};
    if (r <= 0) {
        ev.num = -2 * 2 * N;
        return ev;
    }
    const frenzy_brute_value pv = frenzy_brute_best4(player);
    const int64_t wq = (int64_t)(c->win_q + c->copy_q); /* copies paid as wins */
    const int64_t wall = (int64_t)(c->win_q + c->win_nq + c->copy_q + c->copy_nq);
    const int64_t lq = (int64_t)c->lose_q;
    const int64_t lall = (int64_t)(c->lose_q + c->lose_nq);

    int64_t ante = wq - lq;                  /* units; nonqualified push */
    int64_t raise = (int64_t)r * (wall - lall); /* units */
    if (copy_pushes) {
        ante -= (int64_t)c->copy_q;
        raise -= (int64_t)r * (int64_t)(c->copy_q + c->copy_nq);
    }
    int64_t odds_x2;                          /* half units */
    if (frenzy_brute_category(pv) >= FBR_STRAIGHT) {
        if (pv == FBR_VALUE(FBR_QUADS, RANK_ACE, 0, 0, 0) && lall != 0) {
            fprintf(stderr, "frenzy_brute_ev: quad aces lost\n");
            abort();
        }
        odds_x2 = wall * odds_pay_x2(pv, win) + lall * odds_pay_x2(pv, bad_beat);
    } else {
        odds_x2 = -2 * lall;
    }
    ev.num = 2 * (ante + raise) + odds_x2;
    return ev;
}

struct frenzy_brute_ev frenzy_brute_ev(const card_t player[5], const struct frenzy_brute_counts *c,
                                       int r, const struct frenzy_brute_odds *bad_beat)
{
    return frenzy_brute_ev_tables(player, c, r, &FRENZY_BRUTE_WE1, bad_beat);
}

void frenzy_brute_counts_among(const card_t player[5], const card_t *fixed, int k, const card_t *rest, int n,
                               struct frenzy_brute_counts *out)
{
    memset(out, 0, sizeof *out);
    frenzy_brute_value pv = frenzy_brute_best4(player);
    int m = 5 - k, idx[5];
    for (int i = 0; i < m; i++)
        idx[i] = i;
    if (m > n)
        return;
    for (;;) {
        card_t dealer[5];
        for (int i = 0; i < k; i++)
            dealer[i] = fixed[i];
        for (int i = 0; i < m; i++)
            dealer[k + i] = rest[idx[i]];
        frenzy_brute_value dv = frenzy_brute_best4(dealer);
        int q = frenzy_brute_qualifies(dv);
        uint64_t *slot = pv > dv ? (q ? &out->win_q : &out->win_nq)
                       : pv == dv ? (q ? &out->copy_q : &out->copy_nq)
                                  : (q ? &out->lose_q : &out->lose_nq);
        (*slot)++;
        out->total++;
        int i = m - 1; /* the next combination, lexicographic */
        while (i >= 0 && idx[i] == n - m + i)
            i--;
        if (i < 0)
            return;
        idx[i]++;
        for (int j = i + 1; j < m; j++)
            idx[j] = idx[j - 1] + 1;
    }
}
