/* buyout_dealer.c — see buyout_dealer.h for the counting. */
#include "buyout_dealer.h"

#include <stdlib.h>
#include <string.h>

/* C(n, k) for the small n of a card type's copies, by table where n <=
 * 6 (a shoe's most) and k <= 4: the tables' build asks it millions of
 * times, and a division costs tens of cycles. */
static int64_t small_binomial(int n, int k)
{
    static const int8_t C[7][5] = {{1, 0, 0, 0, 0},  {1, 1, 0, 0, 0},   {1, 2, 1, 0, 0},   {1, 3, 3, 1, 0},
                                   {1, 4, 6, 4, 1},  {1, 5, 10, 10, 5}, {1, 6, 15, 20, 15}};
    if (k < 0 || n < 0 || k > n)
        return 0;
    if (n <= 6 && k <= 4)
        return C[n][k];
    int64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* A sorted multiset grouped by type. */
struct groups {
    card_t type[4];
    int mult[4];
    int n;
};

static struct groups group(const card_t *m, int k)
{
    struct groups g = {.n = 0};
    for (int i = 0; i < k; i++) {
        if (g.n && g.type[g.n - 1] == m[i])
            g.mult[g.n - 1]++;
        else
            g.type[g.n] = m[i], g.mult[g.n++] = 1;
    }
    return g;
}

/* Every sub-multiset of g: take[i] copies of type i.  Calls visit with the
 * sorted sub-multiset and the takes.  Returns how many. */
typedef void (*sub_visit)(void *ctx, const card_t *q, int k, const struct groups *g, const int *take);

static int each_sub(const struct groups *g, int maxk, sub_visit visit, void *ctx)
{
    int take[4] = {0}, count = 0;
    for (;;) {
        card_t q[4];
        int k = 0;
        for (int i = 0; i < g->n; i++)
            for (int j = 0; j < take[i]; j++)
                q[k++] = g->type[i];
        if (k <= maxk) {
            visit(ctx, q, k, g, take);
            count++;
        }
        int i = 0; /* next take vector, like an odometer */
        while (i < g->n && take[i] == g->mult[i])
            take[i++] = 0;
        if (i == g->n)
            return count;
        take[i]++;
    }
}

#define small_index buyout_dealer_small_index

/* ---- building ---- */

/* c outcomes holding the sorted multiset q of k types, at points x. */
static void add_sub(struct buyout_dealer *d, const card_t *q, int k, int x, int64_t c, bool drawing)
{
    if (k == 3)
        d->dr3w[buyout_dealer_idx3(q[0], q[1], q[2])][x] += (uint16_t)c;
    else if (drawing)
        d->small[small_index(q, k)].at[x].dr += (uint32_t)c;
    else
        d->small[small_index(q, k)].at[x].st += (uint32_t)c;
}

/* Adds w x (outcomes of the multiset g containing a given physical copy of
 * q) at points x, for every sub-multiset q of g of at most maxk types:
 * prod C(n_c - q_c, m_c - q_c) of them.  Standing 3-subsets go to st, the
 * drawing outcomes (4 cards) to dr and dr3w. */
static void add_all_subs(struct buyout_dealer *d, const struct groups *g, int maxk, int x, int64_t w, bool drawing)
{
    /* f[i][t]: C(n - t, m - t) for t copies of type i taken; groups past
     * g->n take none (m = 0, factor 1), so the four loops below cover any
     * g, and the types taken in group order are sorted */
    int64_t f[4][5] = {{1}, {1}, {1}, {1}};
    int mult[4] = {0, 0, 0, 0};
    card_t type[4] = {0, 0, 0, 0};
    for (int i = 0; i < g->n; i++) {
        type[i] = g->type[i], mult[i] = g->mult[i];
        for (int t = 0; t <= mult[i]; t++)
            f[i][t] = small_binomial(d->n[type[i]] - t, mult[i] - t);
    }
    for (int t0 = 0; t0 <= mult[0]; t0++)
        for (int t1 = 0; t1 <= mult[1]; t1++)
            for (int t2 = 0; t2 <= mult[2]; t2++)
                for (int t3 = 0; t3 <= mult[3]; t3++) {
                    int k = t0 + t1 + t2 + t3;
                    int64_t c = w * f[0][t0] * f[1][t1] * f[2][t2] * f[3][t3];
                    if (k > maxk || c == 0)
                        continue;
                    card_t q[4];
                    int j = 0;
                    for (int i = 0; i < t0; i++)
                        q[j++] = type[0];
                    for (int i = 0; i < t1; i++)
                        q[j++] = type[1];
                    for (int i = 0; i < t2; i++)
                        q[j++] = type[2];
                    for (int i = 0; i < t3; i++)
                        q[j++] = type[3];
                    add_sub(d, q, k, x, c, drawing);
                }
}

static bool available(const struct buyout_dealer *d, const struct groups *g)
{
    for (int i = 0; i < g->n; i++)
        if (g->mult[i] > d->n[g->type[i]])
            return false;
    return true;
}

/* How many ways the 4 cards M (sorted) are a drawing 3-subset T plus its
 * 5th card: one per copy designated as the 5th card whose other three are
 * under 13 points with the upcard. */
static int64_t designations(const struct buyout_dealer *d, const card_t M[4])
{
    static const int REST[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    int64_t g = 0;
    for (int i = 0; i < 4; i++) {
        const int *r = REST[i];
        if (d->pts4[buyout_dealer_idx3(M[r[0]], M[r[1]], M[r[2]])] < BUYOUT_DRAW_UNDER)
            g++; /* each copy of a repeated type is its own designation */
    }
    return g;
}

/* Histograms by points into counts under each point value. */
static void to_cumulative(struct buyout_dealer_pair *h)
{
    struct buyout_dealer_pair run = {0, 0};
    for (int i = 0; i < BUYOUT_DEALER_NCUM; i++) {
        struct buyout_dealer_pair v = h[i];
        h[i] = run;
        run.st += v.st;
        run.dr += v.dr;
    }
}

static void to_cumulative16(uint16_t *h)
{
    uint16_t run = 0;
    for (int i = 0; i < BUYOUT_DEALER_NCUM; i++) {
        uint16_t v = h[i];
        h[i] = run;
        run = (uint16_t)(run + v);
    }
}

/* add_all_subs for a standing T of 3 distinct types: the outcomes
 * containing a sub-multiset q of at most 2 types are prod n_c over the
 * types of T not in q. */
static void add_distinct3(struct buyout_dealer *d, const card_t T[3], int x)
{
    const uint32_t n0 = (uint32_t)d->n[T[0]], n1 = (uint32_t)d->n[T[1]], n2 = (uint32_t)d->n[T[2]];
    struct buyout_dealer_cum *sm = d->small;
    sm[0].at[x].st += n0 * n1 * n2;
    sm[1 + T[0]].at[x].st += n1 * n2;
    sm[1 + T[1]].at[x].st += n0 * n2;
    sm[1 + T[2]].at[x].st += n0 * n1;
    const card_t q01[2] = {T[0], T[1]}, q02[2] = {T[0], T[2]}, q12[2] = {T[1], T[2]};
    sm[small_index(q01, 2)].at[x].st += n2;
    sm[small_index(q02, 2)].at[x].st += n1;
    sm[small_index(q12, 2)].at[x].st += n0;
}

/* Every 3-subset type: its points with the upcard, and the standing ones. */
static void add_standing(struct buyout_dealer *d)
{
    for (int c = 0; c < NCARDS; c++)
        for (int b = 0; b <= c; b++) {
            const card_t up_bc[3] = {d->up, (card_t)b, (card_t)c};
            struct buyout_points_kept kept; /* a varies: the upcard, b and c kept */
            buyout_points_keep(&kept, up_bc, 3, d->five);
            for (int a = 0; a <= b; a++) {
                card_t T[3] = {(card_t)a, (card_t)b, (card_t)c};
                int p = buyout_points_with(&kept, (card_t)a);
                d->pts4[buyout_dealer_idx3(T[0], T[1], T[2])] = (uint8_t)p;
                if (p < BUYOUT_DRAW_UNDER)
                    continue;
                if (a < b && b < c) { /* 3 types, most T: no grouping */
                    if (d->n[a] && d->n[b] && d->n[c])
                        add_distinct3(d, T, p);
                    continue;
                }
                struct groups g = group(T, 3);
                if (available(d, &g))
                    add_all_subs(d, &g, 2, p, 1, false);
            }
        }
}

/* add_all_subs for 4 distinct types, the common case, written out: the
 * outcomes containing a sub-multiset q are g x prod n_c over the types
 * not in q (each type in q is a fixed copy, each other one any copy). */
static void add_distinct4(struct buyout_dealer *d, const card_t M[4], int x, int64_t g)
{
    const int64_t n0 = d->n[M[0]], n1 = d->n[M[1]], n2 = d->n[M[2]], n3 = d->n[M[3]];
    struct buyout_dealer_cum *sm = d->small;
    sm[0].at[x].dr += (uint32_t)(g * n0 * n1 * n2 * n3);
    sm[1 + M[0]].at[x].dr += (uint32_t)(g * n1 * n2 * n3);
    sm[1 + M[1]].at[x].dr += (uint32_t)(g * n0 * n2 * n3);
    sm[1 + M[2]].at[x].dr += (uint32_t)(g * n0 * n1 * n3);
    sm[1 + M[3]].at[x].dr += (uint32_t)(g * n0 * n1 * n2);
    /* each pair {M[i], M[j]}, i < j, times the copies of the two others */
    sm[buyout_dealer_pair_index(M[0], M[1])].at[x].dr += (uint32_t)(g * n2 * n3);
    sm[buyout_dealer_pair_index(M[0], M[2])].at[x].dr += (uint32_t)(g * n1 * n3);
    sm[buyout_dealer_pair_index(M[0], M[3])].at[x].dr += (uint32_t)(g * n1 * n2);
    sm[buyout_dealer_pair_index(M[1], M[2])].at[x].dr += (uint32_t)(g * n0 * n3);
    sm[buyout_dealer_pair_index(M[1], M[3])].at[x].dr += (uint32_t)(g * n0 * n2);
    sm[buyout_dealer_pair_index(M[2], M[3])].at[x].dr += (uint32_t)(g * n0 * n1);
    d->dr3w[buyout_dealer_idx3(M[1], M[2], M[3])][x] += (uint16_t)(g * n0);
    d->dr3w[buyout_dealer_idx3(M[0], M[2], M[3])][x] += (uint16_t)(g * n1);
    d->dr3w[buyout_dealer_idx3(M[0], M[1], M[3])][x] += (uint16_t)(g * n2);
    d->dr3w[buyout_dealer_idx3(M[0], M[1], M[2])][x] += (uint16_t)(g * n3);
}

/* The 4 cards M (sorted), g designations of a drawing T and its 5th card,
 * where the shoe holds them; x the points of the upcard and M. */
static void add_designated(struct buyout_dealer *d, const card_t M[4], int64_t g, int x)
{
    if (x > BUYOUT_MAXP)
        return; /* above every player hand: no table needs it */
    if (M[0] < M[1] && M[1] < M[2] && M[2] < M[3]) { /* 4 types, 4 in 5 of the M: no grouping */
        if (d->n[M[0]] && d->n[M[1]] && d->n[M[2]] && d->n[M[3]])
            add_distinct4(d, M, x, g);
        return;
    }
    struct groups gr = group(M, 4);
    if (available(d, &gr))
        add_all_subs(d, &gr, 3, x, g, true);
}

/* Every 4-card type multiset that some drawing T and 5th card make.  The
 * designations (designations() for each M) are counted from the 3-subsets'
 * rows: {m1, m2, m3} is the same for every m0, and the other three rows
 * follow one another as m0 rises (idx3 adds the lowest type last); the 5
 * cards' points are the upcard, m1, m2 and m3's with m0 added. */
static void add_drawing(struct buyout_dealer *d)
{
    for (int m3 = 0; m3 < NCARDS; m3++)
        for (int m2 = 0; m2 <= m3; m2++)
            for (int m1 = 0; m1 <= m2; m1++) {
                const uint8_t *p = d->pts4;
                int g123 = p[buyout_dealer_idx3((card_t)m1, (card_t)m2, (card_t)m3)] < BUYOUT_DRAW_UNDER;
                const uint8_t *p023 = p + buyout_dealer_idx3(0, (card_t)m2, (card_t)m3);
                const uint8_t *p013 = p + buyout_dealer_idx3(0, (card_t)m1, (card_t)m3);
                const uint8_t *p012 = p + buyout_dealer_idx3(0, (card_t)m1, (card_t)m2);
                struct buyout_points_kept four;
                bool started = false;
                for (int m0 = 0; m0 <= m1; m0++) {
                    int64_t g = g123 + (p023[m0] < BUYOUT_DRAW_UNDER) + (p013[m0] < BUYOUT_DRAW_UNDER) +
                                (p012[m0] < BUYOUT_DRAW_UNDER);
                    if (g == 0)
                        continue;
                    card_t M[4] = {(card_t)m0, (card_t)m1, (card_t)m2, (card_t)m3};
                    if (!started) {
                        const card_t up3[4] = {d->up, M[1], M[2], M[3]};
                        buyout_points_keep(&four, up3, 4, d->five);
                        started = true;
                    }
                    add_designated(d, M, g, buyout_points_with(&four, M[0]));
                }
            }
}

/* The weighted tables (struct buyout_dealer's small4 and dr3w) from the
 * cumulated counts, dr3w holding the drawing outcomes alone so far. */
static void weigh_for_fourth(struct buyout_dealer *d)
{
    const int n4 = d->n4;
    for (int i = 1; i < BUYOUT_DEALER_NSMALL; i++)
        for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
            d->small4[i][j] = (int32_t)(n4 * d->small[i].at[j].st + d->small[i].at[j].dr);
    for (int i = 0; i < BUYOUT_DEALER_NT3; i++) {
        int t = d->pts4[i];
        for (int j = t + 1; t >= BUYOUT_DRAW_UNDER && j < BUYOUT_DEALER_NCUM; j++)
            d->dr3w[i][j] = (uint16_t)(d->dr3w[i][j] + n4);
    }
}

/* The tables into d, whose dr3w is zeroed memory of the right size. */
static void build_into(struct buyout_dealer *d, const int count[NCARDS], card_t up, enum buyout_five_reading five)
{
    uint16_t(*dr3w)[BUYOUT_DEALER_NCUM] = d->dr3w;
    memset(d, 0, sizeof *d);
    d->dr3w = dr3w;
    d->up = up;
    d->five = five;
    for (int c = 0; c < NCARDS; c++)
        d->N0 += d->n[c] = count[c] - (c == up);
    add_standing(d);
    add_drawing(d);
    for (int i = 0; i < BUYOUT_DEALER_NSMALL; i++)
        to_cumulative(d->small[i].at);
    for (int i = 0; i < BUYOUT_DEALER_NT3; i++)
        to_cumulative16(d->dr3w[i]);
    d->n4 = d->N0 - 7;
    weigh_for_fourth(d);
}

int buyout_dealer_build(struct buyout_dealer *d, const int count[NCARDS], card_t up,
                        enum buyout_five_reading five)
{
    d->dr3w = calloc(BUYOUT_DEALER_NT3, sizeof *d->dr3w);
    if (!d->dr3w)
        return -1;
    build_into(d, count, up, five);
    return 0;
}

void buyout_dealer_rebuild(struct buyout_dealer *d, const int count[NCARDS], card_t up,
                           enum buyout_five_reading five)
{
    memset(d->dr3w, 0, BUYOUT_DEALER_NT3 * sizeof *d->dr3w);
    build_into(d, count, up, five);
}

void buyout_dealer_free(struct buyout_dealer *d)
{
    free(d->dr3w);
    d->dr3w = NULL;
}

/* ---- reading ---- */

/* The drawing outcomes whose 4 cards are exactly q: one per designation
 * of the 5th card among q's cards whose other three draw. */
int64_t buyout_dealer_exact4(const struct buyout_dealer *d, const card_t q[4], int *points)
{
    int64_t g = designations(d, q);
    *points = 0;
    if (g == 0)
        return 0; /* no outcome: its points do not matter */
    card_t five[5] = {d->up, q[0], q[1], q[2], q[3]};
    *points = buyout_fast_points(five, 5, d->five);
    return g;
}

/* ---- removals ---- */

struct sub_list {
    struct buyout_dealer_sub *out;
    int n;
};

static void collect_sub(void *vctx, const card_t *q, int k, const struct groups *g, const int *take)
{
    struct sub_list *l = vctx;
    struct buyout_dealer_sub *s = &l->out[l->n++];
    int64_t coef = k & 1 ? -1 : 1;
    for (int i = 0; i < g->n; i++)
        coef *= small_binomial(g->mult[i], take[i]);
    memcpy(s->q, q, (size_t)k);
    s->k = k;
    s->coef = coef;
}

int buyout_submultisets(const card_t *R, int k, struct buyout_dealer_sub out[16])
{
    struct groups g = group(R, k);
    struct sub_list l = {out, 0};
    each_sub(&g, 4, collect_sub, &l);
    return l.n;
}

/* coef times the outcomes of S0 containing q (buyout_dealer_cum),
 * cumulated by points, added to st and dr. */
static void add_cum(const struct buyout_dealer *d, const card_t *q, int k, int64_t coef,
                    int64_t st[BUYOUT_DEALER_NCUM], int64_t dr[BUYOUT_DEALER_NCUM])
{
    /* coef is +-1 nearly always: adds and subtractions, which vectorise */
    if (k <= 2) {
        const struct buyout_dealer_pair *x = d->small[small_index(q, k)].at;
        if (coef == 1)
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                st[j] += x[j].st, dr[j] += x[j].dr;
        else if (coef == -1)
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                st[j] -= x[j].st, dr[j] -= x[j].dr;
        else
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                st[j] += coef * x[j].st, dr[j] += coef * x[j].dr;
    } else if (k == 3) {
        int i = buyout_dealer_idx3(q[0], q[1], q[2]), t = d->pts4[i];
        const uint16_t *x = d->dr3w[i];
        if (coef == 1)
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                dr[j] += x[j];
        else if (coef == -1)
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                dr[j] -= x[j];
        else
            for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
                dr[j] += coef * x[j];
        /* a standing T = q, under every point value above t: out of dr,
         * where dr3w weighs it */
        for (int j = t + 1; t >= BUYOUT_DRAW_UNDER && j < BUYOUT_DEALER_NCUM; j++)
            st[j] += coef, dr[j] -= coef * d->n4;
    } else {
        int x;
        int64_t g = buyout_dealer_exact4(d, q, &x);
        for (int j = x + 1; g && j < BUYOUT_DEALER_NCUM; j++)
            dr[j] += coef * g;
    }
}

void buyout_dealer_cum(const struct buyout_dealer *d, const card_t *q, int k, int64_t st[BUYOUT_DEALER_NCUM],
                       int64_t dr[BUYOUT_DEALER_NCUM])
{
    memset(st, 0, BUYOUT_DEALER_NCUM * sizeof st[0]);
    memset(dr, 0, BUYOUT_DEALER_NCUM * sizeof dr[0]);
    add_cum(d, q, k, 1, st, dr);
}

void buyout_dealer_removed_cum(const struct buyout_dealer *d, const struct buyout_dealer_sub *subs, int n,
                               int64_t st[BUYOUT_DEALER_NCUM], int64_t dr[BUYOUT_DEALER_NCUM])
{
    memset(st, 0, BUYOUT_DEALER_NCUM * sizeof st[0]);
    memset(dr, 0, BUYOUT_DEALER_NCUM * sizeof dr[0]);
    for (int i = 0; i < n; i++)
        add_cum(d, subs[i].q, subs[i].k, subs[i].coef, st, dr);
}

void buyout_dealer_removed(const struct buyout_dealer *d, const card_t *R, int k, int64_t full[BUYOUT_DEALER_NCUM])
{
    struct buyout_dealer_sub subs[16];
    int64_t st[BUYOUT_DEALER_NCUM], dr[BUYOUT_DEALER_NCUM];
    buyout_dealer_removed_cum(d, subs, buyout_submultisets(R, k, subs), st, dr);
    int64_t N = d->N0 - k;
    for (int j = 0; j < BUYOUT_DEALER_NCUM; j++)
        full[j] = (N - 3) * st[j] + dr[j];
}
