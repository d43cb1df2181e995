/* frenzy_seen_counts.c — the inclusion-exclusion of frenzy_seen_counts.h.
 *
 * Loading one seen card s visits the C(51,4) = 249,900 sets X of four
 * other cards once: each adds its rank (that of X + s) to the histograms
 * of the empty set, its 4 cards and its 6 pairs, and to the lists of its 4
 * triples.  Running sums turn the histograms into CDF rows; each triple's
 * list (the 48 hands holding it) is sorted.  A situation then reads
 * 1 + 5 + 10 rows at three places, searches 10 lists, and looks up the
 * 5 hands T + s, |T| = 4.  Two seen cards: the C(50,3) sets of three, rows
 * for the empty set and each card, lists for the pairs, the 10 hands of a
 * triple and both seen cards looked up.  Every table has one writer: the
 * same counts for any thread count.  A smaller deck (the checks that deal
 * a whole game) changes only which cards are dealt and how many hands hold
 * m - 1 given cards: n - 4 of a deck of n.
 */
#include "frenzy_seen_counts.h"

#include <stdlib.h>
#include <string.h>

#include "big_alloc.h"
#include "eval4.h"

enum {
    NPAIRS = 1326,   /* C(52,2) */
    NTRIPLES = 22100, /* C(52,3) */
    HOLDERS = 48,    /* sets X holding m - 1 given cards: 52 - k - (m - 1) = 48 at most */
};

/* ------------------------------------------------------------------ */
/* The tables of one seen set                                          */
/* ------------------------------------------------------------------ */

struct frenzy_seen_tables {
    const struct frenzy_hand_ranks *r;
    int k, m;           /* cards seen; cards of X: 5 - k */
    card_t seen[FRENZY_SEEN_MAX];
    cardmask_t deck;    /* the cards dealt */
    int holders;        /* sets X holding m - 1 given cards: n - k - (m - 1) = n - 4 */
    size_t w;           /* row width: nr + 1 */
    uint32_t *none;     /* [w]: M of the empty set */
    uint32_t *one;      /* [card][w] (at most C(50,3) = 19,600) */
    uint16_t *two;      /* [pair colex][w] (at most C(49,2) = 1,176): rows when m = 4 */
    uint16_t (*list)[HOLDERS]; /* [colex of m - 1 cards]: the holders' ranks, increasing */
    uint8_t *list_q;    /* [the same]: how many of them below the qualifier */
};

struct frenzy_seen_tables *frenzy_seen_tables_new(const struct frenzy_hand_ranks *r, cardmask_t deck)
{
    struct frenzy_seen_tables *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->r = r;
    t->deck = deck & CARDMASK_ALL;
    t->holders = mask_count(t->deck) - 4;
    t->w = (size_t)r->nr + 1;
    t->none = malloc(t->w * sizeof *t->none);
    t->one = malloc(NCARDS * t->w * sizeof *t->one);
    t->two = malloc(NPAIRS * t->w * sizeof *t->two);
    t->list = malloc(NTRIPLES * sizeof *t->list); /* the larger: triples (k = 1) */
    t->list_q = malloc(NTRIPLES * sizeof *t->list_q);
    if (!t->none || !t->one || !t->two || !t->list || !t->list_q) {
        frenzy_seen_tables_free(t);
        return NULL;
    }
    return t;
}

void frenzy_seen_tables_free(struct frenzy_seen_tables *t)
{
    if (!t)
        return;
    free(t->none), free(t->one), free(t->two), free(t->list), free(t->list_q);
    free(t);
}

int frenzy_seen_tables_cards(const struct frenzy_seen_tables *t, card_t out[FRENZY_SEEN_MAX])
{
    memcpy(out, t->seen, sizeof t->seen);
    return t->k;
}

/* The rank of the m cards x (increasing) with the seen ones, as a dense number. */
static inline uint16_t rank_with_seen(const struct frenzy_seen_tables *t, const card_t *x)
{
    card_t h[5];
    for (int i = 0, j = 0, n = 0; n < 5; n++) /* merge two increasing lists */
        h[n] = j >= t->k || (i < t->m && x[i] < t->seen[j]) ? x[i++] : t->seen[j++];
    return t->r->dense[frenzy_colex(h, 5)];
}

static void insertion_sort(uint16_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* A histogram (counts at column rank + 1) made a CDF row. */
static void running_sum32(uint32_t *row, size_t w)
{
    for (size_t i = 1; i < w; i++)
        row[i] += row[i - 1];
}

static void running_sum16(uint16_t *row, size_t w)
{
    for (size_t i = 1; i < w; i++)
        row[i] += row[i - 1];
}

/* The cards of x[0..n) but x[skip], in order. */
static void all_but(const card_t *x, int n, int skip, card_t *out)
{
    for (int i = 0, j = 0; i < n; i++)
        if (i != skip)
            out[j++] = x[i];
}

/* One set X of m other cards into the histograms and lists. */
static void add_set(struct frenzy_seen_tables *t, const card_t *x, uint8_t *fill)
{
    uint16_t d = rank_with_seen(t, x);
    size_t w = t->w, col = (size_t)d + 1;
    t->none[col]++;
    for (int i = 0; i < t->m; i++) {
        t->one[x[i] * w + col]++;
        for (int j = i + 1; j < t->m && t->m == 4; j++)
            t->two[frenzy_colex((card_t[2]){x[i], x[j]}, 2) * w + col]++;
    }
    for (int skip = 0; skip < t->m; skip++) {
        card_t sub[3];
        all_but(x, t->m, skip, sub);
        uint32_t id = frenzy_colex(sub, t->m - 1);
        t->list[id][fill[id]++] = d;
    }
}

/* Every set X of m of the n cards other (increasing), in colex order. */
static void add_every_set(struct frenzy_seen_tables *t, const card_t *other, int n, uint8_t *fill)
{
    int idx[4];
    for (int i = 0; i < t->m; i++)
        idx[i] = i;
    for (;;) {
        card_t x[4] = {0};
        for (int i = 0; i < t->m; i++)
            x[i] = other[idx[i]];
        add_set(t, x, fill);
        int i = 0; /* the next combination: raise the lowest index that can rise */
        while (i < t->m && idx[i] + 1 == (i + 1 < t->m ? idx[i + 1] : n))
            i++;
        if (i == t->m)
            return;
        idx[i]++;
        for (int j = 0; j < i; j++)
            idx[j] = j;
    }
}

void frenzy_seen_tables_load(struct frenzy_seen_tables *t, const card_t *seen, int k)
{
    size_t w = t->w;
    t->k = k, t->m = 5 - k;
    memset(t->seen, 0, sizeof t->seen);
    memcpy(t->seen, seen, (size_t)k * sizeof *seen);
    memset(t->none, 0, w * sizeof *t->none);
    memset(t->one, 0, NCARDS * w * sizeof *t->one);
    if (t->m == 4)
        memset(t->two, 0, NPAIRS * w * sizeof *t->two);
    uint8_t fill[NTRIPLES] = {0};
    card_t other[NCARDS];
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if ((t->deck & card_bit((card_t)c)) && c != seen[0] && (k < 2 || c != seen[1]))
            other[n++] = (card_t)c;
    add_every_set(t, other, n, fill);
    running_sum32(t->none, w);
    for (int c = 0; c < NCARDS; c++)
        running_sum32(t->one + (size_t)c * w, w);
    for (int p = 0; p < NPAIRS && t->m == 4; p++)
        running_sum16(t->two + (size_t)p * w, w);
    int nlists = t->m == 4 ? NTRIPLES : NPAIRS;
    for (int i = 0; i < nlists; i++) {
        insertion_sort(t->list[i], fill[i]); /* holders for a set of dealt cards, else 0 */
        int below = 0;
        while (below < fill[i] && t->list[i][below] < t->r->q)
            below++;
        t->list_q[i] = (uint8_t)below;
    }
}

/* How many of a list's n ranks are below r. */
static inline int below_in(const uint16_t *v, int n, int r)
{
    int lo = 0;
    while (n > 0) {
        int half = n / 2;
        if (v[lo + half] < r) {
            lo += half + 1;
            n -= half + 1;
        } else
            n = half;
    }
    return lo;
}

/* M_T at the four places, T = the player's cards picked by mask (|T| = n). */
static void add_term(const struct frenzy_seen_tables *t, const card_t *T, int n, const size_t at[4], int64_t L[4])
{
    int64_t sign = n & 1 ? -1 : 1;
    if (n == t->m) { /* X = T */
        int d = rank_with_seen(t, T);
        for (int j = 0; j < 4; j++)
            L[j] += sign * (d < (int)at[j]);
    } else if (n == t->m - 1) {
        const uint16_t *list = t->list[frenzy_colex(T, n)];
        /* the full deck's 48 a constant: a search the compiler unrolls */
        int h = t->holders == HOLDERS ? HOLDERS : t->holders;
        L[0] += sign * below_in(list, h, (int)at[0]);
        L[1] += sign * below_in(list, h, (int)at[1]);
        L[2] += sign * t->list_q[frenzy_colex(T, n)];
        L[3] += sign * t->holders;
    } else {
        const uint32_t *row32 = n == 0 ? t->none : n == 1 ? t->one + T[0] * t->w : NULL;
        const uint16_t *row16 = n == 2 ? t->two + frenzy_colex(T, 2) * t->w : NULL;
        for (int j = 0; j < 4; j++)
            L[j] += sign * (row32 ? (int64_t)row32[at[j]] : (int64_t)row16[at[j]]);
    }
}

void frenzy_seen_tables_count(const struct frenzy_seen_tables *t, const card_t p[5], struct frenzy_class *out)
{
    const struct frenzy_hand_ranks *r = t->r;
    int mine = r->dense[frenzy_colex(p, 5)];
    const size_t at[4] = {(size_t)mine, (size_t)mine + 1, (size_t)r->q, (size_t)r->nr};
    int64_t L[4] = {0};
    for (unsigned mask = 0; mask < 32; mask++) {
        card_t T[5];
        int n = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1)
                T[n++] = p[i];
        if (n <= t->m)
            add_term(t, T, n, at, L);
    }
    out->rank = r->value[mine];
    out->below = (uint32_t)L[0];
    out->upto = (uint32_t)L[1];
    out->unqualified = (uint32_t)L[2];
    out->total = (uint32_t)L[3];
}
