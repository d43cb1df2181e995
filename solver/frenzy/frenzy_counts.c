/* frenzy_counts.c — the dealer counts of every player class by
 * inclusion-exclusion over the player's five cards.
 *
 * Write rank(D) for the best 4-card rank of a 5-card hand D as a dense
 * index (the distinct ranks, sorted), and for a player hand P
 *   L(r) = #{D : |D| = 5, D disjoint from P, rank(D) < r}.
 * D is disjoint from P when it holds no nonempty subset of P, so
 *   L(r) = sum over T subset of P of (-1)^|T| N_T(r),
 *   N_T(r) = #{D holding T : rank(D) < r},
 * 32 terms.  The player needs L at three places: his own rank p (the
 * dealer is lower), p + 1 (lower or a copy) and the qualifier q; a fourth
 * place, past every rank, counts all dealer hands as a check.
 *
 * N_T(r) as a function of r is the CDF of the ranks of the hands holding
 * T, made by visiting those hands ("supersets" below):
 *   |T| = 0, 1, 2: one CDF row, per card and per pair, kept (7 MB); a
 *                  card's row is the sum of its pairs' rows over 4;
 *   |T| = 3, 4:    22,100 triples and 270,725 quads are too many rows to
 *                  keep, so each class lists its triples and quads
 *                  ("incidences"), and each subset, visited once, hands
 *                  its counts to the classes that hold it;
 *   |T| = 5:       P itself.
 * Every table entry is an integer count with one writer, so the counts
 * are the same for any thread count.
 *
 * Memory is kept small on purpose: fresh pages cost about 0.7 ms a MB
 * here (a one-thread run: 16 ms of system time for 6,150 page faults),
 * so tables whose last reader is done lend their memory to later ones
 * (orbit to dense, the pair rows to the incidences' order).
 */
#include "frenzy_counts.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "big_alloc.h"
#include "canon.h"
#include "cluster.h"
#include "combo.h"
#include "eval4.h"
#include "progress.h"

enum {
    NHANDS = 2598960,
    NPAIRS = 1326,
    RANK_SPACE = F4_NCATEGORIES << 16, /* every rank is below this */
    BATCH = 4096,
};

struct tables {
    uint32_t binom[NCARDS + 1][6]; /* C(n, k) */
    uint8_t *orbit;     /* by hand (colex index): the class weight of a representative, else 0;
                         * in dense's memory, read to its end before dense is written */
    uint16_t *map;      /* by rank: its dense index */
    uint16_t *dense;    /* by hand: the dense index of its rank */
    int nr;             /* distinct ranks */
    int q;              /* dense index of the lowest qualifying rank */
    uint32_t *value;    /* rank by dense index */
    uint32_t *cdf0;     /* [r]: hands of dense rank < r; nr + 1 columns a row */
    uint32_t *cdf1;     /* [card][r]: the same among the hands holding the card */
    uint16_t *cdf2;     /* [pair][r]: ... holding the pair (at most C(50,3) = 19,600); sized
                         * also for the incidences' order, which takes it over */
};

static size_t row_width(const struct tables *t) { return (size_t)t->nr + 1; }

static void binom_fill(struct tables *t)
{
    for (int n = 0; n <= NCARDS; n++)
        for (int k = 0; k < 6; k++)
            t->binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : t->binom[n - 1][k - 1] + t->binom[n - 1][k];
}

/* Colex index of increasing cards (combo.h's combo_rank, inlined). */
static inline uint32_t colex_of(const struct tables *t, const card_t *c, int k)
{
    uint32_t x = 0;
    for (int i = 0; i < k; i++)
        x += t->binom[c[i]][i + 1];
    return x;
}

/* ------------------------------------------------------------------ */
/* The hands holding a set T of k cards                                */
/* ------------------------------------------------------------------ */

/* A 5-card hand holding T adds n = 5 - k free cards x_0 < ... < x_{n-1}.
 * Its colex index sums C(z, j + 1) over its cards z at sorted positions
 * j.  A free card x_i has i free cards and g(x) = #{t in T : t < x} cards
 * of T below it; a card t_m of T has m cards of T and some number c of
 * free cards below it.  With P_c[g] = sum over m < g of C(t_m, m + c + 1),
 * the cards of T between x_{i-1} and x_i (c = i) add up to
 * P_i[g(x_i)] - P_i[g(x_{i-1})], and the sum telescopes to
 *   index = P_n[k] + sum over i of f_i(x_i),
 *   f_i(x) = C(x, i + g(x) + 1) + P_i[g(x)] - P_{i+1}[g(x)]:
 * each free card adds a term of its own, so the nested loops over the free
 * cards only add table entries.  An f may be "negative": uint32
 * arithmetic wraps, and the true sum fits. */
struct supersets {
    int n;       /* free cards a hand adds: 5 - k, k = 1..4 */
    int nfree;   /* cards outside T: 52 - k */
    uint32_t base;
    uint32_t f[4][NCARDS]; /* [level][free card number] */
};

static void supersets_init(const struct tables *t, const card_t *T, int k, struct supersets *s)
{
    int n = 5 - k;
    uint32_t P[6][6] = {{0}}; /* [c][g] */
    for (int c = 0; c <= n; c++)
        for (int m = 0; m < k; m++)
            P[c][m + 1] = P[c][m] + t->binom[T[m]][m + c + 1];
    s->n = n;
    s->nfree = NCARDS - k;
    s->base = P[n][k];
    for (int x = 0, g = 0, u = 0; x < NCARDS; x++) {
        if (g < k && x == T[g]) {
            g++;
            continue;
        }
        for (int i = 0; i < n; i++)
            s->f[i][u] = t->binom[x][i + g + 1] + P[i][g] - P[i + 1][g];
        u++;
    }
}

/* Adds 1 at column dense + 1 of hist for every hand holding T: a running
 * sum then turns hist into the CDF row.  Hands next to each other in the
 * innermost loop differ in their lowest free card, which often does not
 * play, so runs of one rank are common: counted in a register and added
 * once, since increments of one column wait on each other through memory
 * (the pairs' rows: 37.9 -> 33.4 ms on one thread). */
static void histogram_level(const struct tables *t, const struct supersets *s, int level, int hi, uint32_t acc,
                            uint32_t *hist)
{
    if (level > 0) {
        for (int u = level; u < hi; u++)
            histogram_level(t, s, level - 1, u, acc + s->f[level][u], hist);
        return;
    }
    const uint32_t *f0 = s->f[0];
    uint32_t prev = UINT32_MAX, run = 0;
    for (int u = 0; u < hi; u++) {
        uint32_t d = t->dense[acc + f0[u]];
        if (d == prev) {
            run++;
        } else {
            if (run)
                hist[prev + 1] += run;
            prev = d;
            run = 1;
        }
    }
    if (run)
        hist[prev + 1] += run;
}

/* row[r] = N_T(r) for r = 0..nr. */
static void supersets_cdf(const struct tables *t, const card_t *T, int k, uint32_t *row)
{
    struct supersets s;
    supersets_init(t, T, k, &s);
    size_t w = row_width(t);
    memset(row, 0, w * sizeof *row);
    histogram_level(t, &s, s.n - 1, s.nfree, s.base, row);
    for (size_t r = 1; r < w; r++)
        row[r] += row[r - 1];
}

/* ------------------------------------------------------------------ */
/* Every hand: classes, ranks, dense ranks                             */
/* ------------------------------------------------------------------ */

/* One group's canonical form has its suit lanes in nonincreasing order:
 * the cheap lane test finds the representatives, canon_form weighs them. */
static int class_weight(const card_t c[5])
{
    cardmask_t m = 0;
    for (int i = 0; i < 5; i++)
        m |= card_bit(c[i]);
    for (int s = 0; s + 1 < NSUITS; s++)
        if (mask_suit_ranks(m, s) < mask_suit_ranks(m, s + 1))
            return 0;
    cardmask_t form;
    return canon_form(&m, 1, &form);
}

/* Hands are visited in colex order: those with top card e are the block
 * starting at C(e,5), in the order of these loops.  The innermost "for"
 * runs once per hand, only to declare the array h for the body. */
#define FOR_EACH_HAND_WITH_TOP(e, h)                                                              \
    for (int d_ = 3; d_ < (e); d_++)                                                              \
        for (int c_ = 2; c_ < d_; c_++)                                                           \
            for (int b_ = 1; b_ < c_; b_++)                                                       \
                for (int a_ = 0; a_ < b_; a_++)                                                   \
                    for (card_t h[5] = {(card_t)a_, (card_t)b_, (card_t)c_, (card_t)d_, (card_t)(e)}, \
                                *once_ = h; once_; once_ = NULL)

static void mark_classes(struct tables *t)
{
#pragma omp parallel for schedule(dynamic, 1)
    for (int e = NCARDS - 1; e >= 4; e--) {
        uint32_t i = t->binom[e][5];
        FOR_EACH_HAND_WITH_TOP(e, h)
        t->orbit[i++] = (uint8_t)class_weight(h);
    }
}

/* The representatives in colex order, with their weights: counted per
 * top card in parallel, then written from each top card's offset. */
static long list_classes(const struct tables *t, struct frenzy_class **out)
{
    long at[NCARDS + 1] = {0};
#pragma omp parallel for schedule(dynamic, 1)
    for (int e = NCARDS - 1; e >= 4; e--)
        for (uint32_t i = t->binom[e][5]; i < t->binom[e + 1][5]; i++)
            at[e + 1] += t->orbit[i] != 0;
    for (int e = 0; e < NCARDS; e++)
        at[e + 1] += at[e];
    /* huge pages, written by the threads that fill them (from calloc's 4 kB
     * pages this pass took 5.7 ms on one thread, now 4.0; the pricing's
     * pass over the list 1.8 ms, now 1.6) */
    struct frenzy_class *list = big_malloc((size_t)(at[NCARDS] > 0 ? at[NCARDS] : 1), sizeof *list);
    if (!list)
        return -1;
#pragma omp parallel for schedule(dynamic, 1)
    for (int e = NCARDS - 1; e >= 4; e--) {
        uint32_t i = t->binom[e][5];
        long j = at[e];
        FOR_EACH_HAND_WITH_TOP(e, h)
        {
            if (t->orbit[i++]) { /* every byte set: the padding too goes out under MPI */
                memset(&list[j], 0, sizeof list[j]);
                memcpy(list[j].cards, h, 5);
                list[j++].weight = t->orbit[i - 1];
            }
        }
    }
    *out = list;
    return at[NCARDS];
}

/* A thread's scratch memory inside a parallel region.  When malloc fails
 * it marks rc and the thread skips its share of the loop that follows
 * (it must still reach the loop: every thread of the team does). */
static void *thread_scratch(size_t bytes, int *rc)
{
    void *p = malloc(bytes);
    if (!p) {
#pragma omp atomic write
        *rc = -1;
    }
    return p;
}

struct batch {
    uint8_t card[5][BATCH];
    uint32_t rank[BATCH];
    uint32_t first; /* colex index of the batch's first hand */
    size_t n;
};

/* The best four of each representative, by the batched kernel a batch at
 * a time (a thread's batch is reused: no class-long buffers to fault in). */
static int rank_classes(struct frenzy_class *list, long n)
{
    const struct batch_kernels *bk = batch_kernels_best();
    int rc = 0;
#pragma omp parallel
    {
        struct batch *b = thread_scratch(sizeof *b, &rc);
#pragma omp for schedule(static)
        for (long lo = 0; lo < n; lo += BATCH) {
            if (!b)
                continue;
            long hi = lo + BATCH < n ? lo + BATCH : n;
            for (long i = lo; i < hi; i++)
                for (int k = 0; k < 5; k++)
                    b->card[k][i - lo] = list[i].cards[k];
            const uint8_t *cards[5] = {b->card[0], b->card[1], b->card[2], b->card[3], b->card[4]};
            bk->frenzy_best(cards, (size_t)(hi - lo), b->rank);
            for (long i = lo; i < hi; i++)
                list[i].rank = b->rank[i - lo];
        }
        free(b);
    }
    return rc;
}

/* The distinct ranks are those of the representatives (a rank does not
 * see suits), sorted and numbered 0..nr-1; q counts those that do not
 * qualify.  The rank space is cut into slices, each numbered from the
 * count of the ranks in the slices before it (in parallel). */
static int number_ranks(struct tables *t, const struct frenzy_class *list, long n)
{
    enum { SLICES = 64, SLICE = RANK_SPACE / SLICES };
    _Static_assert(RANK_SPACE % SLICES == 0, "whole slices");
    if (!(t->map = calloc(RANK_SPACE, sizeof *t->map)))
        return -1;
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
#pragma omp atomic write
        t->map[list[i].rank] = 1;
    }
    uint32_t at[SLICES + 1] = {0};
#pragma omp parallel for schedule(static)
    for (int c = 0; c < SLICES; c++)
        for (uint32_t v = (uint32_t)c * SLICE; v < (uint32_t)(c + 1) * SLICE; v++)
            at[c + 1] += t->map[v];
    for (int c = 0; c < SLICES; c++)
        at[c + 1] += at[c];
    t->nr = (int)at[SLICES];
    if (!(t->value = malloc((size_t)t->nr * sizeof *t->value)))
        return -1;
#pragma omp parallel for schedule(static)
    for (int c = 0; c < SLICES; c++)
        for (uint32_t v = (uint32_t)c * SLICE, id = at[c]; v < (uint32_t)(c + 1) * SLICE; v++)
            if (t->map[v]) {
                t->value[id] = v;
                t->map[v] = (uint16_t)id++;
            }
    t->q = 0;
    while (t->q < t->nr && t->value[t->q] < FRENZY_QUALIFY_RANK)
        t->q++;
    return 0;
}

static void batch_flush(struct tables *t, const struct batch_kernels *bk, struct batch *b)
{
    const uint8_t *cards[5] = {b->card[0], b->card[1], b->card[2], b->card[3], b->card[4]};
    bk->frenzy_best(cards, b->n, b->rank);
    for (size_t j = 0; j < b->n; j++)
        t->dense[b->first + j] = t->map[b->rank[j]];
    b->first += (uint32_t)b->n;
    b->n = 0;
}

static int rank_hands(struct tables *t)
{
    const struct batch_kernels *bk = batch_kernels_best();
    int rc = 0;
#pragma omp parallel
    {
        struct batch *b = thread_scratch(sizeof *b, &rc);
#pragma omp for schedule(dynamic, 1)
        for (int e = NCARDS - 1; e >= 4; e--) {
            if (!b)
                continue;
            b->first = t->binom[e][5];
            b->n = 0;
            FOR_EACH_HAND_WITH_TOP(e, h)
            {
                for (int i = 0; i < 5; i++)
                    b->card[i][b->n] = h[i];
                if (++b->n == BATCH)
                    batch_flush(t, bk, b);
            }
            batch_flush(t, bk, b);
        }
        free(b);
    }
    return rc;
}

/* The CDF rows of the pairs, from their hands. */
static int build_pair_rows(struct tables *t)
{
    size_t w = row_width(t);
    int rc = 0;
#pragma omp parallel
    {
        uint32_t *row = thread_scratch(w * sizeof *row, &rc);
#pragma omp for schedule(dynamic, 1)
        for (int b = NCARDS - 1; b >= 1; b--) /* pairs by top card, in colex order */
            for (int a = 0; a < b && row; a++) {
                card_t pair[2] = {(card_t)a, (card_t)b};
                supersets_cdf(t, pair, 2, row);
                uint16_t *dst = t->cdf2 + (t->binom[b][2] + (size_t)a) * w;
                for (size_t r = 0; r < w; r++) /* at most C(50,3) = 19,600 */
                    dst[r] = (uint16_t)row[r];
            }
        free(row);
    }
    return rc;
}

/* A hand holding card c holds four pairs with c, so c's row is the sum
 * of its 51 pair rows over 4 (exactly). */
static void build_card_rows(struct tables *t)
{
    size_t w = row_width(t);
#pragma omp parallel for schedule(static)
    for (int c = 0; c < NCARDS; c++) {
        uint32_t *dst = t->cdf1 + (size_t)c * w;
        memset(dst, 0, w * sizeof *dst);
        for (int o = 0; o < NCARDS; o++) {
            if (o == c)
                continue;
            card_t pair[2] = {(card_t)(o < c ? o : c), (card_t)(o < c ? c : o)};
            const uint16_t *src = t->cdf2 + colex_of(t, pair, 2) * w;
            for (size_t r = 0; r < w; r++)
                dst[r] += src[r];
        }
        for (size_t r = 0; r < w; r++)
            dst[r] /= 4;
    }
}

/* The incidences' order of n classes takes the pair rows' memory once
 * they are read (count_small_subsets is their last reader): room for
 * either. */
static size_t pair_rows_room(const struct tables *t, long n)
{
    size_t rows = NPAIRS * row_width(t) * sizeof *t->cdf2, order = (size_t)n * t->binom[5][3] * sizeof(uint32_t);
    return rows > order ? rows : order;
}

/* CDF rows of no card, each card and each pair. */
static int build_cdfs(struct tables *t, long n)
{
    size_t w = row_width(t);
    t->cdf0 = calloc(w, sizeof *t->cdf0);
    t->cdf1 = big_malloc(NCARDS * w, sizeof *t->cdf1);
    t->cdf2 = big_malloc(pair_rows_room(t, n), 1);
    if (!t->cdf0 || !t->cdf1 || !t->cdf2)
        return -1;
    int rc = 0;
#pragma omp parallel
    { /* a histogram per thread, added up: integer sums */
        uint32_t *hist = thread_scratch(w * sizeof *hist, &rc);
        if (hist)
            memset(hist, 0, w * sizeof *hist);
#pragma omp for schedule(static)
        for (long h = 0; h < NHANDS; h++)
            if (hist)
                hist[t->dense[h] + 1]++;
#pragma omp critical(frenzy_cdf0)
        for (size_t r = 0; r < w && hist; r++)
            t->cdf0[r] += hist[r];
        free(hist);
    }
    if (rc != 0)
        return -1;
    for (size_t r = 1; r < w; r++)
        t->cdf0[r] += t->cdf0[r - 1];
    if (build_pair_rows(t) != 0)
        return -1;
    build_card_rows(t);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The classes: the terms of no card, one, two and five                */
/* ------------------------------------------------------------------ */

/* L at four places, accumulated with the signs of inclusion-exclusion in
 * the class's own fields (uint32 arithmetic wraps; the totals fit). */
enum { AT_P, AT_P1, AT_Q, AT_ALL, NPLACES };

static uint32_t *place_field(struct frenzy_class *cl, int j)
{
    uint32_t *f[NPLACES] = {&cl->below, &cl->upto, &cl->unqualified, &cl->total};
    return f[j];
}

static void count_small_subsets(const struct tables *t, struct frenzy_class *cl, uint16_t *p_out)
{
    const card_t *c = cl->cards;
    size_t w = row_width(t);
    int p = t->map[cl->rank];
    const int at[NPLACES] = {p, p + 1, t->q, t->nr};
    uint32_t L[NPLACES];
    for (int j = 0; j < NPLACES; j++)
        L[j] = t->cdf0[at[j]] - (p < at[j]); /* all hands, less the player's own */
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < NPLACES; j++)
            L[j] -= t->cdf1[c[i] * w + at[j]];
    for (int b = 1; b < 5; b++)
        for (int a = 0; a < b; a++) {
            card_t pair[2] = {c[a], c[b]};
            const uint16_t *row = t->cdf2 + colex_of(t, pair, 2) * w;
            for (int j = 0; j < NPLACES; j++)
                L[j] += row[at[j]];
        }
    for (int j = 0; j < NPLACES; j++)
        *place_field(cl, j) = L[j];
    *p_out = (uint16_t)p;
}

/* ------------------------------------------------------------------ */
/* The classes: the terms of three and four cards                      */
/* ------------------------------------------------------------------ */

/* Class i's j-th k-subset (class_subsets order) is incidence i * m + j,
 * m = C(5, k).  The incidences sorted by subset let each subset serve
 * every class holding it; each incidence's counts have one writer.
 *
 * The classes are cut into parts (one per thread of the sort), and each
 * part's incidences are sorted by subset within the part's own range of
 * positions, [lo * m, hi * m): a thread writes only its own range (no
 * cache line shared between threads, no serial pass), and a subset's
 * holders are its segments in every part.  Which position an incidence
 * takes depends on the thread count; its counts do not. */
struct incidences {
    int k, m;           /* subset size, subsets per class */
    uint32_t nsubsets;  /* C(52, k) */
    int nparts;         /* parts the classes were sorted in */
    size_t stride;      /* nsubsets + 1: a part's row of start */
    uint32_t *start;    /* [part][subset]: first position in order of the part's holders; row[nsubsets] ends it */
    uint32_t *order;    /* incidences by part, then subset */
    uint16_t (*count)[2]; /* [incidence]: N_T(p), N_T(p + 1) */
    uint16_t *nq;       /* [subset]: N_T(q) */
};

static void incidences_free(struct incidences *in)
{
    free(in->start), free(in->order), free(in->count), free(in->nq);
}

/* Room for the larger of the two uses: 10 triples a class, C(52,4) quads
 * and a start row per part (fresh memory is dear, so the quads reuse the
 * triples' buffers).  The order takes over the pair rows' memory
 * (pair_rows_room): the tables lose their pair rows here. */
static int incidences_alloc(struct tables *t, long n, int nparts, struct incidences *in)
{
    size_t most = (size_t)n * t->binom[5][3], subsets = t->binom[NCARDS][4];
    *in = (struct incidences){0};
    in->start = big_malloc((size_t)nparts * (subsets + 1), sizeof *in->start);
    in->order = (uint32_t *)(void *)t->cdf2;
    t->cdf2 = NULL;
    in->count = big_malloc(most, sizeof *in->count);
    in->nq = malloc(subsets * sizeof *in->nq);
    return in->start && in->order && in->count && in->nq ? 0 : -1;
}

/* Part p's holders of subset x: positions start[p][x] .. start[p][x + 1]. */
static const uint32_t *part_row(const struct incidences *in, int p)
{
    return in->start + (size_t)p * in->stride;
}

static bool has_holders(const struct incidences *in, uint32_t x)
{
    for (int p = 0; p < in->nparts; p++)
        if (part_row(in, p)[x] != part_row(in, p)[x + 1])
            return true;
    return false;
}

/* The positions of the 3- and 4-subsets of five cards, in colex order. */
static const uint8_t TRIPLE_AT[10][3] = {
    {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}, {0, 1, 4}, {0, 2, 4}, {1, 2, 4}, {0, 3, 4}, {1, 3, 4}, {2, 3, 4},
};
static const uint8_t QUAD_AT[5][4] = {{0, 1, 2, 3}, {0, 1, 2, 4}, {0, 1, 3, 4}, {0, 2, 3, 4}, {1, 2, 3, 4}};

/* The colex indices of a class's k-subsets (k = 3 or 4), in that order. */
static void class_subsets(const struct tables *t, const struct frenzy_class *cl, int k, uint32_t *x)
{
    const card_t *c = cl->cards;
    if (k == 3)
        for (int j = 0; j < 10; j++)
            x[j] = t->binom[c[TRIPLE_AT[j][0]]][1] + t->binom[c[TRIPLE_AT[j][1]]][2] + t->binom[c[TRIPLE_AT[j][2]]][3];
    else
        for (int j = 0; j < 5; j++)
            x[j] = t->binom[c[QUAD_AT[j][0]]][1] + t->binom[c[QUAD_AT[j][1]]][2] + t->binom[c[QUAD_AT[j][2]]][3] +
                   t->binom[c[QUAD_AT[j][3]]][4];
}

/* A counting sort of each part's incidences by subset, a part per
 * thread (at most nparts).  A part holds every incidence of its classes,
 * m per class, so its range of positions is known before counting. */
static void incidences_sort(const struct tables *t, const struct frenzy_class *list, long n, int k,
                            struct incidences *in, int nparts)
{
    in->k = k;
    in->m = (int)t->binom[5][k];
    in->nsubsets = t->binom[NCARDS][k];
    in->stride = (size_t)in->nsubsets + 1;
    uint32_t ns = in->nsubsets, m = (uint32_t)in->m;
#pragma omp parallel /* the run's team (team.h), which the rows were sized for */
    {
        int me = omp_get_thread_num(), nt = omp_get_num_threads();
        if (nt > nparts) /* cannot be: no team is larger than omp_get_max_threads() */
            abort();
#pragma omp single
        in->nparts = nt;
        uint32_t *row = in->start + (size_t)me * in->stride, x[10];
        long lo = n * me / nt, hi = n * (me + 1) / nt;
        memset(row, 0, in->stride * sizeof *row);
        for (long i = lo; i < hi; i++) { /* row[x + 1]: the part's holders of x */
            class_subsets(t, &list[i], k, x);
            for (uint32_t j = 0; j < m; j++)
                row[x[j] + 1]++;
        }
        row[0] = (uint32_t)lo * m;
        for (uint32_t v = 1; v <= ns; v++) /* row[x]: where x's holders begin */
            row[v] += row[v - 1];
        for (long i = lo; i < hi; i++) { /* row[x] moves to where x + 1's begin */
            class_subsets(t, &list[i], k, x);
            for (uint32_t j = 0; j < m; j++)
                in->order[row[x[j]]++] = (uint32_t)i * m + j;
        }
        memmove(row + 1, row, ns * sizeof *row);
        row[0] = (uint32_t)lo * m;
    }
}

static void serve_triple(const struct tables *t, const card_t T[3], uint32_t x, const uint16_t *p,
                         struct incidences *in, uint32_t *row)
{
    supersets_cdf(t, T, 3, row);
    in->nq[x] = (uint16_t)row[t->q];
    for (int part = 0; part < in->nparts; part++)
        for (uint32_t k = part_row(in, part)[x]; k < part_row(in, part)[x + 1]; k++) {
            uint32_t s = in->order[k];
            int pc = p[s / (uint32_t)in->m];
            in->count[s][0] = (uint16_t)row[pc];
            in->count[s][1] = (uint16_t)row[pc + 1];
        }
}

/* A quad: its 48 hands' ranks, counted for each holder (a CDF row would
 * cost 50 times more than the counting). */
static void serve_quad(const struct tables *t, const card_t T[4], uint32_t x, const uint16_t *p,
                       struct incidences *in)
{
    struct supersets s;
    supersets_init(t, T, 4, &s);
    uint16_t d[NCARDS - 4];
    for (int u = 0; u < NCARDS - 4; u++)
        d[u] = t->dense[s.base + s.f[0][u]];
    uint16_t nq = 0;
    for (int u = 0; u < NCARDS - 4; u++)
        nq += d[u] < t->q;
    in->nq[x] = nq;
    for (int part = 0; part < in->nparts; part++)
        for (uint32_t k = part_row(in, part)[x]; k < part_row(in, part)[x + 1]; k++) {
            uint32_t sl = in->order[k];
            int pc = p[sl / (uint32_t)in->m];
            uint16_t below = 0, upto = 0;
            for (int u = 0; u < NCARDS - 4; u++) {
                below += d[u] < pc;
                upto += d[u] <= pc;
            }
            in->count[sl][0] = below;
            in->count[sl][1] = upto;
        }
}

/* Every k-subset with incidences, by top card (a thread takes whole
 * blocks; inside one, subsets come in colex order). */
static int serve_all(const struct tables *t, const uint16_t *p, struct incidences *in, struct progress *bar)
{
    int rc = 0, k = in->k;
    if (k != 3 && k != 4)
        return -1;
    size_t w = row_width(t);
#pragma omp parallel
    {
        uint32_t *row = k == 3 ? thread_scratch(w * sizeof *row, &rc) : NULL;
#pragma omp for schedule(dynamic, 1)
        for (int top = NCARDS - 1; top >= k - 1; top--) {
            if (k == 3 && !row)
                continue;
            uint32_t x = t->binom[top][k];
            combo_t low;
            for (bool more = combo_first(&low, top, k - 1); more; more = combo_next(&low), x++) {
                if (!has_holders(in, x))
                    continue;
                const int *c = low.idx;
                if (k == 3)
                    serve_triple(t, (card_t[3]){(card_t)c[0], (card_t)c[1], (card_t)top}, x, p, in, row);
                else
                    serve_quad(t, (card_t[4]){(card_t)c[0], (card_t)c[1], (card_t)c[2], (card_t)top}, x, p, in);
            }
            progress_add(bar, 1);
        }
        free(row);
    }
    return rc;
}

/* Takes the served counts into the classes: minus the triples', plus the
 * quads'. */
static void collect(const struct tables *t, const struct incidences *in, struct frenzy_class *list, long n)
{
    uint32_t sign = in->k == 3 ? (uint32_t)-1 : 1u;
    uint32_t each = t->binom[NCARDS - in->k][5 - in->k];
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        uint32_t x[10];
        class_subsets(t, &list[i], in->k, x);
        for (int j = 0; j < in->m; j++) {
            size_t s = (size_t)i * (size_t)in->m + (size_t)j;
            list[i].below += sign * in->count[s][0];
            list[i].upto += sign * in->count[s][1];
            list[i].unqualified += sign * in->nq[x[j]];
            list[i].total += sign * each;
        }
    }
}

static int count_large_subsets(struct tables *t, struct frenzy_class *list, long n, const uint16_t *p,
                               struct progress *bar)
{
    struct incidences in;
    int nparts = omp_get_max_threads();
    int rc = incidences_alloc(t, n, nparts, &in);
    for (int k = 3; k <= 4 && rc == 0; k++) {
        incidences_sort(t, list, n, k, &in, nparts);
        if ((rc = serve_all(t, p, &in, bar)) == 0)
            collect(t, &in, list, n);
    }
    incidences_free(&in);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The whole enumeration                                               */
/* ------------------------------------------------------------------ */

/* Uses up the pair rows (incidences_alloc). */
static int count_classes(struct tables *t, struct frenzy_class *list, long n, bool progress)
{
    uint16_t *p = malloc((size_t)n * sizeof *p);
    if (!p)
        return -1;
    struct progress bar;
    /* steps: the small subsets, then each top card of the triples and quads */
    progress_start(&bar, "frenzy", 4 + (NCARDS - 2) + (NCARDS - 3), progress);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        count_small_subsets(t, &list[i], &p[i]);
    progress_add(&bar, 4);
    int rc = count_large_subsets(t, list, n, p, &bar);
    progress_end(&bar);
    free(p);
    return rc;
}

/* Under MPI the ranks split the classes (rank r counts the classes i with
 * i mod size = r; a class's counts depend on no other class) and rank 0
 * collects them into class order. */
static int count_classes_shared(struct tables *t, struct frenzy_class *list, long n, bool progress)
{
    int rank = cluster_rank(), size = cluster_size();
    if (size == 1)
        return count_classes(t, list, n, progress);
    long nmine = cluster_share(n);
    struct frenzy_class *mine = malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *mine);
    int rc = !mine ? -1 : 0;
    for (long j = 0; rc == 0 && j < nmine; j++)
        mine[j] = list[rank + j * size];
    if (rc == 0)
        rc = count_classes(t, mine, nmine, progress && rank == 0);
    if (rc == 0)
        rc = cluster_gather_shares(mine, nmine, sizeof *mine, list, n);
    free(mine);
    return rc;
}

static void tables_free(struct tables *t)
{
    free(t->map), free(t->dense), free(t->value); /* orbit: dense's memory */
    free(t->cdf0), free(t->cdf1), free(t->cdf2);
}

int frenzy_counts_build(bool progress, struct frenzy_counts *out, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    struct tables *t = calloc(1, sizeof *t);
    struct frenzy_class *list = NULL;
    long n = -1;
    bool ok = t && (t->dense = big_malloc(NHANDS, sizeof *t->dense));
    if (ok) {
        t->orbit = (uint8_t *)t->dense;
        binom_fill(t);
        mark_classes(t);
        ok = (n = list_classes(t, &list)) >= 0 && rank_classes(list, n) == 0 && number_ranks(t, list, n) == 0 &&
             rank_hands(t) == 0 &&
             build_cdfs(t, n) == 0 && count_classes_shared(t, list, n, progress) == 0;
    }
    if (t)
        tables_free(t);
    free(t);
    if (!ok) {
        free(list);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *out = (struct frenzy_counts){n, list, omp_get_wtime() - t0};
    return 0;
}

void frenzy_counts_free(struct frenzy_counts *c)
{
    free(c->classes);
    c->classes = NULL;
    c->n = 0;
}
