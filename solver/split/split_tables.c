/* split_tables.c — builds the per-upcard dealer tables of split_tables.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split_tables.h"

#include "big_alloc.h"
#include "cluster.h"

/* Dense 3-card ranks: every distinct eval3 rank, numbered in order. */
static int dense_ranks(uint16_t *dense_of, uint8_t *cat_of)
{
    uint8_t *seen = calloc(1 << 15, 1);
    if (!seen)
        return -1;
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int c = b + 1; c < NCARDS; c++) {
                card_t h[3] = {(card_t)a, (card_t)b, (card_t)c};
                seen[eval3_rank(h)] = 1;
            }
    int n = 0;
    for (int r = 0; r < (1 << 15) && n >= 0; r++)
        if (seen[r] && n == SPLIT_NR)
            n = -1; /* more ranks than SPLIT_NR: the caller refuses */
        else if (seen[r]) {
            dense_of[r] = (uint16_t)n;
            cat_of[n++] = (uint8_t)eval3_category_of((uint16_t)r);
        }
    free(seen);
    return n;
}

static uint16_t rank3(const uint16_t *dense_of, card_t a, card_t b, card_t c)
{
    card_t h[3] = {a, b, c};
    return dense_of[eval3_rank(h)];
}

/* The dealer's dense rank with upcard u and hole cards a, b, c. */
static uint16_t dealer_rank(const struct split_rules *r, const uint16_t *dense_of, card_t u, card_t a,
                            card_t b, card_t c)
{
    uint16_t best = rank3(dense_of, u, a, b), x;
    if ((x = rank3(dense_of, u, a, c)) > best) best = x;
    if ((x = rank3(dense_of, u, b, c)) > best) best = x;
    if (r->dealer == SPLIT_DEALER_BEST3OF4 && (x = rank3(dense_of, a, b, c)) > best) best = x;
    return best;
}

/* Turns a histogram (counts by rank) into a CDF in place: cdf[r] = hands
 * ranked below r. */
#define HIST_TO_CDF(row)                          \
    do {                                          \
        uint32_t acc_ = 0;                        \
        for (int r_ = 0; r_ < SPLIT_W; r_++) {    \
            uint32_t h_ = (row)[r_];              \
            (row)[r_] = acc_;                     \
            acc_ += h_;                           \
        }                                         \
    } while (0)

static void build_upcard(struct split_dealer_tables *t, const uint16_t *dense_of, int u)
{
    uint16_t *c0 = t->cdf0 + (size_t)u * SPLIT_W;
    uint16_t *c1 = t->cdf1 + (size_t)u * NCARDS * SPLIT_W;
    uint8_t *c2 = t->cdf2 + (size_t)u * SPLIT_NPAIRS * SPLIT_W;
    uint16_t *d3 = t->d3 + (size_t)u * NCARDS * NCARDS * NCARDS;
    for (int c = 2; c < NCARDS; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++) {
                if (a == u || b == u || c == u)
                    continue;
                uint16_t d = dealer_rank(&t->rules, dense_of, (card_t)u, (card_t)a, (card_t)b, (card_t)c);
                const int h[6][3] = {{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}};
                for (int k = 0; k < 6; k++)
                    d3[(h[k][0] * NCARDS + h[k][1]) * NCARDS + h[k][2]] = d;
                c0[d]++;
                c1[a * SPLIT_W + d]++;
                c1[b * SPLIT_W + d]++;
                c1[c * SPLIT_W + d]++;
                c2[(size_t)split_pair_index(a, b) * SPLIT_W + d]++;
                c2[(size_t)split_pair_index(a, c) * SPLIT_W + d]++;
                c2[(size_t)split_pair_index(b, c) * SPLIT_W + d]++;
            }
    HIST_TO_CDF(c0);
    for (int a = 0; a < NCARDS; a++)
        HIST_TO_CDF(c1 + a * SPLIT_W);
    for (int p = 0; p < SPLIT_NPAIRS; p++)
        HIST_TO_CDF(c2 + (size_t)p * SPLIT_W);
}

static void build_player(struct split_dealer_tables *t, const uint16_t *dense_of)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int a = 0; a < NCARDS; a++)
        for (int b = 0; b < NCARDS; b++)
            for (int c = 0; c < NCARDS; c++)
                if (a != b && a != c && b != c)
                    t->player[(a * NCARDS + b) * NCARDS + c] = rank3(dense_of, (card_t)a, (card_t)b, (card_t)c);
}

/* The player's completions as CDFs over his rank (split_tables.h):
 * pairs_below[x] over both completion cards, third_below[x][a] over the
 * last one. */
static void build_completions(struct split_dealer_tables *t)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int x = 0; x < NCARDS; x++)
        for (int a = 0; a < NCARDS; a++)
            for (int e = 0; e < NCARDS; e++)
                if (x != a && x != e && a != e) {
                    int p = t->player[(x * NCARDS + a) * NCARDS + e];
                    t->third_at[(x * NCARDS + a) * SPLIT_W + p]++;
                    if (a < e)
                        t->pairs_at[x * SPLIT_W + p]++;
                }
    memcpy(t->pairs_below, t->pairs_at, (size_t)NCARDS * SPLIT_W * sizeof *t->pairs_below);
    memcpy(t->third_below, t->third_at, (size_t)NCARDS * NCARDS * SPLIT_W);
#pragma omp parallel for schedule(dynamic, 1)
    for (int x = 0; x < NCARDS; x++) {
        HIST_TO_CDF(t->pairs_below + x * SPLIT_W);
        for (int a = 0; a < NCARDS; a++)
            HIST_TO_CDF(t->third_below + (x * NCARDS + a) * SPLIT_W);
    }
}

/* The buckets: each category's ranks below q, then from q on (dense
 * ranks are ordered by category).  -1 if they do not tile the ranks. */
static int build_buckets(struct split_dealer_tables *t)
{
    int start[E3_NCATEGORIES + 1];
    for (int c = 0, r = 0; c <= E3_NCATEGORIES; c++) {
        while (r < SPLIT_NR && t->cat_of[r] < c)
            r++;
        start[c] = r;
    }
    t->nbuckets = 0;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        for (int lt = 1; lt >= 0; lt--) {
            int lo = start[c], hi = start[c + 1], q = t->qualify;
            if (lt ? hi > q : lo < q)
                lt ? (hi = q) : (lo = q);
            if (lo < hi)
                t->buckets[t->nbuckets++] = (struct split_bucket){(uint16_t)lo, (uint16_t)hi, (uint8_t)split_bucket(c, lt)};
        }
    for (int r = 0; r < SPLIT_NR; r++)
        t->bucket_of[r] = (uint8_t)split_bucket(t->cat_of[r], r < t->qualify);
    /* the readers walk the buckets as one tiling of 0..SPLIT_NR - 1 */
    for (int b = 0; b < t->nbuckets; b++)
        if (t->buckets[b].lo != (b ? t->buckets[b - 1].hi : 0))
            return -1;
    return t->nbuckets > 0 && t->buckets[t->nbuckets - 1].hi == SPLIT_NR ? 0 : -1;
}

/* The weakest qualifying hand: the qualifying high card with 3 and 2,
 * offsuit. */
static uint16_t qualify_rank(const struct split_rules *r, const uint16_t *dense_of)
{
    return rank3(dense_of, card_make(r->qualify_high, 0), card_make(1, 1), card_make(0, 2));
}

static struct split_dealer_tables *build(const struct split_rules *r, bool ranks)
{
    struct split_dealer_tables *t = calloc(1, sizeof *t);
    uint16_t *dense_of = calloc(1 << 15, sizeof *dense_of);
    if (!t || !dense_of)
        goto fail;
    t->rules = *r;
    t->player = big_calloc((size_t)NCARDS * NCARDS * NCARDS, sizeof *t->player);
    t->cdf0 = calloc((size_t)NCARDS * SPLIT_W, sizeof *t->cdf0);
    t->cdf1 = big_calloc((size_t)NCARDS * NCARDS * SPLIT_W, sizeof *t->cdf1);
    t->cdf2 = big_calloc((size_t)NCARDS * SPLIT_NPAIRS * SPLIT_W, sizeof *t->cdf2);
    t->d3 = big_calloc((size_t)NCARDS * NCARDS * NCARDS * NCARDS, sizeof *t->d3);
    t->pairs_below = calloc((size_t)NCARDS * SPLIT_W, sizeof *t->pairs_below);
    t->third_below = big_calloc((size_t)NCARDS * NCARDS * SPLIT_W, sizeof *t->third_below);
    t->pairs_at = calloc((size_t)NCARDS * SPLIT_W, sizeof *t->pairs_at);
    t->third_at = big_calloc((size_t)NCARDS * NCARDS * SPLIT_W, sizeof *t->third_at);
    if (!t->pairs_below || !t->third_below || !t->pairs_at || !t->third_at ||
        !t->player || !t->cdf0 || !t->cdf1 || !t->cdf2 || !t->d3)
        goto fail;
    if (dense_ranks(dense_of, t->cat_of) != SPLIT_NR)
        goto fail;
    build_player(t, dense_of);
    build_completions(t);
    t->qualify = qualify_rank(r, dense_of);
    if (build_buckets(t) != 0)
        goto fail;
#pragma omp parallel for schedule(dynamic, 1)
    for (int u = 0; u < NCARDS; u++)
        build_upcard(t, dense_of, u);
    free(dense_of);
    dense_of = NULL;
    if (!(t->keys = split_keys_get()) || split_terms_build(t, ranks) < 0)
        goto fail;
    return t;
fail:
    free(dense_of);
    split_dealer_tables_free(t);
    if (ranks && cluster_size() > 1) { /* the other ranks would wait for this one in the term exchange */
        fprintf(stderr, "fourcard: rank %d: out of memory building the split tables\n", cluster_rank());
        cluster_abort(1);
    }
    return NULL;
}

struct split_dealer_tables *split_dealer_tables_build(const struct split_rules *r)
{
    return build(r, false);
}

struct split_dealer_tables *split_dealer_tables_build_ranks(const struct split_rules *r)
{
    return build(r, true);
}

void split_dealer_tables_free(struct split_dealer_tables *t)
{
    if (!t)
        return;
    free(t->player);
    free(t->cdf0);
    free(t->cdf1);
    free(t->cdf2);
    free(t->d3);
    free(t->pairs_below);
    free(t->third_below);
    free(t->pairs_at);
    free(t->third_at);
    for (int k = 0; k < SK_NKINDS; k++)
        free(t->terms[k]);
    free(t);
}
