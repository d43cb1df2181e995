/* frenzy_seen_counts.c — the inclusion-exclusion of frenzy_seen_counts.h.
 *
 * Loading a seen card s visits the C(51,4) = 249,900 sets X of four other
 * cards once: each adds its rank (that of X + s) to the histograms of the
 * empty set, its 4 cards and its 6 pairs, and to the lists of its 4
 * triples.  Running sums turn the histograms into CDF rows; each triple's
 * list (the 48 hands holding it) is sorted.  A situation then reads
 * 1 + 5 + 10 rows at three places, searches 10 lists, and looks up the
 * 5 hands T + s, |T| = 4.  Every table has one writer: the same counts for
 * any thread count.
 */
#include "frenzy_seen_counts.h"

#include <stdlib.h>
#include <string.h>

#include "big_alloc.h"
#include "eval4.h"

enum {
    NPAIRS = 1326,   /* C(52,2) */
    NTRIPLES = 22100, /* C(52,3) */
    HOLDERS = 48,    /* sets X holding a given triple: the fourth card */
};

/* ------------------------------------------------------------------ */
/* The tables of one seen card                                         */
/* ------------------------------------------------------------------ */

struct frenzy_seen_tables {
    const struct frenzy_hand_ranks *r;
    card_t seen;
    size_t w;           /* row width: nr + 1 */
    uint32_t *none;     /* [w]: M of the empty set */
    uint32_t *one;      /* [card][w] (at most C(50,3) = 19,600) */
    uint16_t *two;      /* [pair colex][w] (at most C(49,2) = 1,176) */
    uint16_t (*three)[HOLDERS]; /* [triple colex]: the 48 ranks, increasing */
    uint8_t *three_q;   /* [triple colex]: how many of them below the qualifier */
};

struct frenzy_seen_tables *frenzy_seen_tables_new(const struct frenzy_hand_ranks *r)
{
    struct frenzy_seen_tables *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->r = r;
    t->w = (size_t)r->nr + 1;
    t->none = malloc(t->w * sizeof *t->none);
    t->one = malloc(NCARDS * t->w * sizeof *t->one);
    t->two = malloc(NPAIRS * t->w * sizeof *t->two);
    t->three = malloc(NTRIPLES * sizeof *t->three);
    t->three_q = malloc(NTRIPLES * sizeof *t->three_q);
    if (!t->none || !t->one || !t->two || !t->three || !t->three_q) {
        frenzy_seen_tables_free(t);
        return NULL;
    }
    t->seen = NCARDS; /* none loaded */
    return t;
}

void frenzy_seen_tables_free(struct frenzy_seen_tables *t)
{
    if (!t)
        return;
    free(t->none), free(t->one), free(t->two), free(t->three), free(t->three_q);
    free(t);
}

card_t frenzy_seen_tables_card(const struct frenzy_seen_tables *t) { return t->seen; }

/* The rank of the five cards x + s, x increasing, as a dense number. */
static inline uint16_t rank_with_seen(const struct frenzy_seen_tables *t, const card_t x[4])
{
    card_t h[5];
    int j = 0;
    for (int i = 0; i < 4; i++) {
        if (j == i && t->seen < x[i])
            h[j++] = t->seen;
        h[j++] = x[i];
    }
    if (j == 4)
        h[4] = t->seen;
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

/* One set X of four other cards into the histograms and lists. */
static void add_set(struct frenzy_seen_tables *t, const card_t x[4], uint8_t *fill)
{
    uint16_t d = rank_with_seen(t, x);
    size_t w = t->w, col = (size_t)d + 1;
    t->none[col]++;
    for (int i = 0; i < 4; i++) {
        t->one[x[i] * w + col]++;
        for (int j = i + 1; j < 4; j++) {
            card_t pair[2] = {x[i], x[j]};
            t->two[frenzy_colex(pair, 2) * w + col]++;
        }
    }
    for (int skip = 0; skip < 4; skip++) {
        card_t tri[3];
        for (int i = 0, k = 0; i < 4; i++)
            if (i != skip)
                tri[k++] = x[i];
        uint32_t id = frenzy_colex(tri, 3);
        t->three[id][fill[id]++] = d;
    }
}

void frenzy_seen_tables_load(struct frenzy_seen_tables *t, card_t seen)
{
    size_t w = t->w;
    t->seen = seen;
    memset(t->none, 0, w * sizeof *t->none);
    memset(t->one, 0, NCARDS * w * sizeof *t->one);
    memset(t->two, 0, NPAIRS * w * sizeof *t->two);
    uint8_t fill[NTRIPLES] = {0};
    card_t other[NCARDS - 1];
    for (int c = 0, k = 0; c < NCARDS; c++)
        if (c != seen)
            other[k++] = (card_t)c;
    for (int d = 3; d < NCARDS - 1; d++)
        for (int c = 2; c < d; c++)
            for (int b = 1; b < c; b++)
                for (int a = 0; a < b; a++)
                    add_set(t, (card_t[4]){other[a], other[b], other[c], other[d]}, fill);
    running_sum32(t->none, w);
    for (int c = 0; c < NCARDS; c++)
        running_sum32(t->one + (size_t)c * w, w);
    for (int p = 0; p < NPAIRS; p++)
        running_sum16(t->two + (size_t)p * w, w);
    for (int i = 0; i < NTRIPLES; i++) {
        insertion_sort(t->three[i], fill[i]); /* 48 for a triple without s, else 0 */
        int below = 0;
        while (below < fill[i] && t->three[i][below] < t->r->q)
            below++;
        t->three_q[i] = (uint8_t)below;
    }
}

/* How many of a triple's 48 ranks are below r. */
static inline int below_in(const uint16_t *v, int r)
{
    int lo = 0, n = HOLDERS;
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

void frenzy_seen_tables_count(const struct frenzy_seen_tables *t, const card_t p[5], struct frenzy_class *out)
{
    const struct frenzy_hand_ranks *r = t->r;
    size_t w = t->w;
    int mine = r->dense[frenzy_colex(p, 5)];
    const size_t at[4] = {(size_t)mine, (size_t)mine + 1, (size_t)r->q, (size_t)r->nr};
    int64_t L[4];
    for (int j = 0; j < 4; j++)
        L[j] = t->none[at[j]];
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++)
            L[j] -= t->one[p[i] * w + at[j]];
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++) {
            const uint16_t *row = t->two + frenzy_colex((card_t[2]){p[a], p[b]}, 2) * w;
            for (int j = 0; j < 4; j++)
                L[j] += row[at[j]];
        }
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++)
            for (int c = b + 1; c < 5; c++) {
                uint32_t id = frenzy_colex((card_t[3]){p[a], p[b], p[c]}, 3);
                L[0] -= below_in(t->three[id], mine);
                L[1] -= below_in(t->three[id], mine + 1);
                L[2] -= t->three_q[id];
                L[3] -= HOLDERS;
            }
    for (int skip = 0; skip < 5; skip++) {
        card_t four[4];
        for (int i = 0, k = 0; i < 5; i++)
            if (i != skip)
                four[k++] = p[i];
        int d = rank_with_seen(t, four);
        for (int j = 0; j < 4; j++)
            L[j] += d < (int)at[j];
    }
    out->rank = r->value[mine];
    out->below = (uint32_t)L[0];
    out->upto = (uint32_t)L[1];
    out->unqualified = (uint32_t)L[2];
    out->total = (uint32_t)L[3];
}
