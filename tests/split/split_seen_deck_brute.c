/* split_seen_deck_brute.c — plain enumeration of hole-carding on a small
 * deck; see split_seen_deck_brute.h. */
#include "split_seen_deck_brute.h"

#include <stdlib.h>
#include <string.h>

#include "combo.h"
#include "eval3.h"
#include "eval4.h"
#include "split_brute_rules.h"

enum { MAXLEFT = NCARDS - 5 }; /* cards left after P and u */

/* How many of P's four positions hand m (1..14) holds. */
static const int HAND_SIZE[SPLIT_NMASKS] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The options of a situation, in a fixed list so that an option of the
 * normal game can be priced again with the seen cards.  "Play a alone"
 * folds the other hand of the split {a, 15 ^ a}; "fold all" stands also
 * for every split with both hands folded (the same money in every deal). */
enum {
    OPT_FOLD = 0,       /* fold everything */
    OPT_ONE = 1,        /* + a - 1, a = 1..14: split {a, 15 ^ a}, play a, fold 15 ^ a */
    OPT_BOTH = 15,      /* + a - 1, a = 1..7: split {a, 15 ^ a}, play both */
    OPT_INST_PLAY = 22, /* + t: instant winner on trio t, the single card played */
    OPT_INST_FOLD = 26, /* + t: instant winner on trio t, the single card folded */
    NOPT = 30
};
static const int TRIOS[4] = {7, 11, 13, 14};

/* What one enumeration works with. */
struct ctx {
    const struct split_paytable *pt;
    int n;               /* cards in the deck */
    card_t deck[NCARDS]; /* increasing ids */
    /* the player's final rank of hand m completed by left[i] (2 cards),
     * by left[i], left[j] (1 card, i < j), or as it is ([0][0], 3 cards) */
    uint16_t fin[SPLIT_NMASKS][MAXLEFT][MAXLEFT];
    int idx1[MAXLEFT];          /* the seen set {left[i]} (K = 1) */
    int idx2[MAXLEFT][MAXLEFT]; /* the seen set {left[i], left[j]}, i < j (K = 2) */
    struct split_seen_deck_hands deal; /* one dealer triple's counts */
};

static int ctx_init(struct ctx *c, const struct split_paytable *pt, uint16_t ranks)
{
    if (!pt || (ranks & ~0x1fffu) || __builtin_popcount(ranks) < 3)
        return -1;
    c->pt = pt, c->n = 0;
    for (int r = 0; r < NRANKS; r++)
        if (ranks >> r & 1)
            for (int s = 0; s < NSUITS; s++)
                c->deck[c->n++] = card_make(r, s);
    return 0;
}

static void hands_add(struct split_seen_deck_hands *dst, const struct split_seen_deck_hands *src)
{
    for (int m = 1; m < 15; m++) {
        struct split_hand_counts *d = &dst->counts[m];
        const struct split_hand_counts *s = &src->counts[m];
        for (int k = 0; k < E3_NCATEGORIES; k++)
            d->win_q[k] += s->win_q[k], d->win_nq[k] += s->win_nq[k];
        d->tie += s->tie, d->lose_q += s->lose_q, d->lose_nq += s->lose_nq, d->total += s->total;
        dst->money[m] += src->money[m];
    }
}

/* The seen sets of one K: the K-subsets of the cards left, in order. */
static void list_sets(struct ctx *c, const card_t *left, int r, int K, struct split_seen_deck_situation *s)
{
    s->nsets = 0;
    for (int i = 0; i < r; i++) {
        if (K == 1) {
            c->idx1[i] = s->nsets;
            s->seen[s->nsets][0] = s->seen[s->nsets][1] = left[i];
            s->nsets++;
        } else
            for (int j = i + 1; j < r; j++) {
                c->idx2[i][j] = s->nsets;
                s->seen[s->nsets][0] = left[i], s->seen[s->nsets][1] = left[j];
                s->nsets++;
            }
    }
    memset(&s->normal, 0, sizeof s->normal);
    memset(s->set, 0, (size_t)s->nsets * sizeof s->set[0]);
}

/* The counts of situation (P, u): normal, and per seen set of K = 1 into
 * s1 and of K = 2 into s2 (either may be NULL, not both; the normal
 * counts go to each given). */
static void situation_counts(struct ctx *c, const card_t P[4], card_t u, struct split_seen_deck_situation *s1,
                             struct split_seen_deck_situation *s2)
{
    const struct split_paytable *pt = c->pt;
    card_t left[MAXLEFT];
    int r = 0;
    for (int i = 0; i < c->n; i++) {
        card_t x = c->deck[i];
        if (x != u && x != P[0] && x != P[1] && x != P[2] && x != P[3])
            left[r++] = x;
    }

    /* the player's final ranks, once per situation */
    for (int m = 1; m < 15; m++) {
        card_t h[3];
        int k = 0;
        for (int i = 0; i < 4; i++)
            if (m >> i & 1)
                h[k++] = P[i];
        if (k == 3)
            c->fin[m][0][0] = eval3_rank(h);
        else
            for (int i = 0; i < r; i++) {
                h[k] = left[i];
                if (k == 2)
                    c->fin[m][i][0] = eval3_rank(h);
                else
                    for (int j = i + 1; j < r; j++)
                        h[2] = left[j], c->fin[m][i][j] = eval3_rank(h);
            }
    }
    if (s1)
        list_sets(c, left, r, 1, s1);
    if (s2)
        list_sets(c, left, r, 2, s2);
    struct split_seen_deck_hands *normal = s1 ? &s1->normal : &s2->normal;

    /* every dealer triple D = {left[a], left[b], left[e]}, every hand, every
     * completion from the cards left after D: settled once, credited to the
     * normal counts and to the seen sets inside D */
    for (int a = 0; a < r; a++)
        for (int b = a + 1; b < r; b++)
            for (int e = b + 1; e < r; e++) {
                const card_t four[4] = {u, left[a], left[b], left[e]};
                uint16_t d = split_brute_dealer_rank(&pt->rules, four);
                int rest[MAXLEFT], nr = 0;
                for (int i = 0; i < r; i++)
                    if (i != a && i != b && i != e)
                        rest[nr++] = i;
                for (int m = 1; m < 15; m++) {
                    struct split_hand_counts *h = &c->deal.counts[m];
                    int64_t *money = &c->deal.money[m];
                    *h = (struct split_hand_counts){0}, *money = 0;
                    if (HAND_SIZE[m] == 3)
                        split_brute_settle(pt, c->fin[m][0][0], d, h, money);
                    else if (HAND_SIZE[m] == 2)
                        for (int i = 0; i < nr; i++)
                            split_brute_settle(pt, c->fin[m][rest[i]][0], d, h, money);
                    else
                        for (int i = 0; i < nr; i++)
                            for (int j = i + 1; j < nr; j++)
                                split_brute_settle(pt, c->fin[m][rest[i]][rest[j]], d, h, money);
                }
                hands_add(normal, &c->deal);
                if (s1) {
                    hands_add(&s1->set[c->idx1[a]], &c->deal);
                    hands_add(&s1->set[c->idx1[b]], &c->deal);
                    hands_add(&s1->set[c->idx1[e]], &c->deal);
                }
                if (s2) {
                    hands_add(&s2->set[c->idx2[a][b]], &c->deal);
                    hands_add(&s2->set[c->idx2[a][e]], &c->deal);
                    hands_add(&s2->set[c->idx2[b][e]], &c->deal);
                }
            }
    if (s1 && s2)
        s2->normal = s1->normal;
}

/* The lcm of the 14 hands' totals. */
static int64_t hands_den(const struct split_seen_deck_hands *h)
{
    int64_t D = 1;
    for (int m = 1; m < 15; m++)
        D = D / (int64_t)wide_gcd(D, h->counts[m].total) * h->counts[m].total;
    return D;
}

/* The instant pays of P's four trios (-1: no instant winner), and the top. */
struct instants {
    int64_t pay[4], top;
};

static void instants_of(const struct split_paytable *pt, const card_t P[4], struct instants *in)
{
    in->top = -1;
    for (int t = 0; t < 4; t++) {
        card_t x[3];
        for (int j = 0, k = 0; j < 4; j++)
            if (TRIOS[t] >> j & 1)
                x[k++] = P[j];
        int cat = eval3_category_of(eval3_rank(x));
        in->pay[t] = cat >= E3_FLUSH ? pt->ante_instant[cat] : -1;
        if (in->pay[t] > in->top)
            in->top = in->pay[t];
    }
}

/* Every option's value (Blind excluded) in 1/(pt->den x D) units, D the
 * lcm of the hands' totals; returns the mask of the options open to P. */
static uint32_t option_values(const struct split_paytable *pt, const struct instants *in,
                              enum split_instant_reading instant, const struct split_seen_deck_hands *h, int64_t D,
                              int64_t v[NOPT])
{
    int64_t played[SPLIT_NMASKS], fold = -pt->den * D;
    for (int m = 1; m < 15; m++)
        played[m] = h->money[m] * (D / h->counts[m].total);
    uint32_t open = 0;
    memset(v, 0, NOPT * sizeof v[0]);
    if (in->top >= 0) { /* must split 3+1 on an instant winner: its Ante paid, the single card played or folded */
        for (int t = 0; t < 4; t++) {
            if (in->pay[t] < 0 || (instant == SPLIT_INSTANT_HIGHEST && in->pay[t] != in->top))
                continue;
            v[OPT_INST_PLAY + t] = in->pay[t] * D + played[15 ^ TRIOS[t]];
            v[OPT_INST_FOLD + t] = in->pay[t] * D + fold;
            open |= 1u << (OPT_INST_PLAY + t) | 1u << (OPT_INST_FOLD + t);
        }
    } else { /* fold all, or a split with one hand or both played */
        v[OPT_FOLD] = 2 * fold;
        open |= 1u << OPT_FOLD;
        for (int a = 1; a < 15; a++) {
            v[OPT_ONE + a - 1] = played[a] + fold;
            open |= 1u << (OPT_ONE + a - 1);
        }
        for (int a = 1; a < 8; a++) {
            v[OPT_BOTH + a - 1] = played[a] + played[15 ^ a];
            open |= 1u << (OPT_BOTH + a - 1);
        }
    }
    return open;
}

static int64_t best_of(uint32_t open, const int64_t v[NOPT])
{
    int64_t best = INT64_MIN;
    for (int o = 0; o < NOPT; o++)
        if (open >> o & 1 && v[o] > best)
            best = v[o];
    return best;
}

static int in_deck(const struct ctx *c, card_t x)
{
    for (int i = 0; i < c->n; i++)
        if (c->deck[i] == x)
            return 1;
    return 0;
}

static int reading_ok(enum split_instant_reading instant)
{
    return instant == SPLIT_INSTANT_CHOOSE || instant == SPLIT_INSTANT_HIGHEST;
}

int split_seen_deck_situation(const struct split_paytable *pt, enum split_instant_reading instant, uint16_t ranks,
                              int seen, const card_t P[4], card_t u, struct split_seen_deck_situation *out)
{
    if ((seen != 1 && seen != 2) || !reading_ok(instant) || !P || !out)
        return -1;
    struct ctx *c = malloc(sizeof *c);
    if (!c || ctx_init(c, pt, ranks) != 0) {
        free(c);
        return -1;
    }
    const card_t five[5] = {P[0], P[1], P[2], P[3], u};
    for (int i = 0; i < 5; i++) {
        int ok = in_deck(c, five[i]);
        for (int j = 0; j < i; j++)
            ok &= five[j] != five[i];
        if (!ok) {
            free(c);
            return -1;
        }
    }
    situation_counts(c, P, u, seen == 1 ? out : NULL, seen == 2 ? out : NULL);
    struct instants in;
    instants_of(pt, P, &in);
    int64_t v[NOPT];
    out->normal_den = hands_den(&out->normal);
    out->normal_best = best_of(option_values(pt, &in, instant, &out->normal, out->normal_den, v), v);
    out->best_den = hands_den(&out->set[0]);
    for (int s = 0; s < out->nsets; s++) {
        if (hands_den(&out->set[s]) != out->best_den)
            abort(); /* every seen set has the same totals */
        out->best[s] = best_of(option_values(pt, &in, instant, &out->set[s], out->best_den, v), v);
    }
    free(c);
    return 0;
}

static void reduce(wide_t *num, wide_t *den)
{
    wide_t g = wide_gcd(*num, *den);
    if (g > 1)
        *num /= g, *den /= g;
}

/* One situation's seen sets into the figures of one K and one reading:
 * opt the options optimal in the normal game, Ds the seen sets' common
 * denominator, blind the Blind's pay (1/den units). */
static void credit_seen(const struct split_paytable *pt, const struct instants *in, enum split_instant_reading instant,
                        const struct split_seen_deck_situation *s, uint32_t opt, int64_t Ds, int64_t blind,
                        wide_t *ev, struct split_seen_deck_brute *o)
{
    int64_t v[NOPT];
    for (int k = 0; k < s->nsets; k++) {
        if (hands_den(&s->set[k]) != Ds)
            abort(); /* the totals are the same in every seen set of every situation */
        int64_t best = best_of(option_values(pt, in, instant, &s->set[k], Ds, v), v);
        *ev += (wide_t)blind * Ds + best;
        int64_t lo = INT64_MAX, hi = INT64_MIN; /* the normal game's optimal options, priced with the seen cards */
        for (int x = 0; x < NOPT; x++)
            if (opt >> x & 1) {
                if (v[x] < lo)
                    lo = v[x];
                if (v[x] > hi)
                    hi = v[x];
            }
        o->changed_lo += best > hi;
        o->changed_hi += best > lo;
        int rk = card_rank(s->seen[k][0]);
        if (card_rank(s->seen[k][1]) > rk)
            rk = card_rank(s->seen[k][1]);
        o->seen_by_rank[rk]++;
    }
}

/* The enumeration: the K of kmask (bit K - 1), both readings, into out[K - 1][reading]. */
static int run(const struct split_paytable *pt, uint16_t ranks, int kmask, struct split_seen_deck_brute out[2][2])
{
    struct ctx *c = malloc(sizeof *c);
    struct split_seen_deck_situation *s[2] = {kmask & 1 ? malloc(sizeof *s[0]) : NULL,
                                              kmask & 2 ? malloc(sizeof *s[1]) : NULL};
    if (!c || (kmask & 1 && !s[0]) || (kmask & 2 && !s[1]) || ctx_init(c, pt, ranks) != 0) {
        free(c), free(s[0]), free(s[1]);
        return -1;
    }
    const int n = c->n;
    memset(out, 0, 4 * sizeof out[0][0]);
    for (int K = 1; K <= 2; K++)
        for (int rd = 0; rd < 2; rd++) {
            out[K - 1][rd].cards = n;
            out[K - 1][rd].situations = (int64_t)binomial(n, 4) * (n - 4);
            out[K - 1][rd].seen_sets = (int64_t)binomial(n - 5, K);
        }

    /* Every situation has the same hands' totals (and so does every seen
     * set), so one denominator serves every round: Dn, Ds[K - 1] (checked). */
    int64_t Dn = 0, Ds[2] = {0, 0}, sits = 0;
    wide_t ev[2][2] = {{0, 0}, {0, 0}}, normal[2] = {0, 0};
    for (int i0 = 0; i0 < n; i0++)
        for (int i1 = i0 + 1; i1 < n; i1++)
            for (int i2 = i1 + 1; i2 < n; i2++)
                for (int i3 = i2 + 1; i3 < n; i3++)
                    for (int iu = 0; iu < n; iu++) {
                        if (iu == i0 || iu == i1 || iu == i2 || iu == i3)
                            continue;
                        const card_t P[4] = {c->deck[i0], c->deck[i1], c->deck[i2], c->deck[i3]};
                        situation_counts(c, P, c->deck[iu], s[0], s[1]);
                        const struct split_seen_deck_hands *nh = s[0] ? &s[0]->normal : &s[1]->normal;
                        if (!Dn) {
                            Dn = hands_den(nh);
                            for (int K = 1; K <= 2; K++)
                                if (s[K - 1])
                                    Ds[K - 1] = hands_den(&s[K - 1]->set[0]);
                        }
                        if (hands_den(nh) != Dn)
                            abort();
                        int64_t blind = pt->blind[eval4_category_of(split_blind_rank(P))];
                        struct instants in;
                        instants_of(pt, P, &in);
                        for (int rd = 0; rd < 2; rd++) {
                            /* the normal game: its best, and which options reach it (exact ties too) */
                            int64_t vn[NOPT];
                            uint32_t open = option_values(pt, &in, (enum split_instant_reading)rd, nh, Dn, vn), opt = 0;
                            int64_t bn = best_of(open, vn);
                            for (int x = 0; x < NOPT; x++)
                                if (open >> x & 1 && vn[x] == bn)
                                    opt |= 1u << x;
                            normal[rd] += (wide_t)blind * Dn + bn;
                            for (int K = 1; K <= 2; K++)
                                if (s[K - 1]) {
                                    if (s[K - 1]->nsets != out[K - 1][rd].seen_sets)
                                        abort();
                                    credit_seen(pt, &in, (enum split_instant_reading)rd, s[K - 1], opt, Ds[K - 1],
                                                blind, &ev[K - 1][rd], &out[K - 1][rd]);
                                }
                        }
                        sits++;
                    }
    for (int K = 1; K <= 2; K++)
        for (int rd = 0; rd < 2; rd++) {
            struct split_seen_deck_brute *o = &out[K - 1][rd];
            if (sits != o->situations)
                abort();
            o->normal_num = normal[rd], o->normal_den = (wide_t)pt->den * Dn * o->situations;
            reduce(&o->normal_num, &o->normal_den);
            if (s[K - 1]) {
                o->ev_num = ev[K - 1][rd], o->ev_den = (wide_t)pt->den * Ds[K - 1] * o->situations * o->seen_sets;
                reduce(&o->ev_num, &o->ev_den);
            }
        }
    free(c), free(s[0]), free(s[1]);
    return 0;
}

int split_seen_deck_brute(const struct split_paytable *pt, enum split_instant_reading instant, uint16_t ranks, int seen,
                          struct split_seen_deck_brute *out)
{
    struct split_seen_deck_brute all[2][2];
    if (!out || (seen != 1 && seen != 2) || !reading_ok(instant) || run(pt, ranks, 1 << (seen - 1), all) != 0)
        return -1;
    *out = all[seen - 1][instant];
    return 0;
}

int split_seen_deck_brute_all(const struct split_paytable *pt, uint16_t ranks, struct split_seen_deck_brute out[2][2])
{
    return out ? run(pt, ranks, 3, out) : -1;
}
