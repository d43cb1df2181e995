/* frenzy_seen.c — every situation of Four Card Frenzy with K dealer cards
 * seen, priced with the decision optimal for it, against the normal game.
 *
 * The suits: a pair (P, S) and its images under the 24 suit permutations
 * price the same, so only the pairs whose canonical form (canon.h, the
 * seen cards as group 0) is themselves are visited, each weighted by its
 * orbit.  The seen set of such a pair is itself canonical: 13 seen cards
 * for K = 1 (each with about one in six of the C(51,5) hands of the other
 * cards), 169 seen pairs for K = 2.
 *
 * The work is cut into tasks (a seen set, a slice of the hands); a thread
 * loads a seen set's tables when its next task needs them.  Each task's
 * sums go to its thread's own totals; the totals are integers, so their
 * sum is the same for any thread count or order.
 */
#include "frenzy_seen.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "combo.h"
#include "frenzy_class_lookup.h"
#include "frenzy_seen_counts.h"
#include "checkpoint.h"
#include "progress.h"

enum { SLICES = 16 }; /* tasks per seen card */

wide_t frenzy_seen_den(const struct frenzy_seen *s)
{
    return (wide_t)s->hands * s->seen_sets * s->dealer_hands * s->den;
}

/* ------------------------------------------------------------------ */
/* One thread's sums                                                   */
/* ------------------------------------------------------------------ */

struct seen_sums {
    int nr;
    struct frenzy_seen_rank by_rank[NRANKS];
    int64_t change[FRENZY_NCHOICES][FRENZY_NCHOICES];
    wide_t (*gain)[2];      /* [seen rank * nr + dense rank][1x over fold, 3x over 1x] */
    long missing;           /* hands whose normal class was not found (a bug if not 0) */
};

static void sums_add(struct seen_sums *a, const struct seen_sums *b)
{
    for (int k = 0; k < NRANKS; k++) {
        a->by_rank[k].pairs += b->by_rank[k].pairs;
        a->by_rank[k].ev += b->by_rank[k].ev;
        a->by_rank[k].normal_ev += b->by_rank[k].normal_ev;
        for (int c = 0; c < FRENZY_NCHOICES; c++)
            a->by_rank[k].choice[c] += b->by_rank[k].choice[c];
    }
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            a->change[i][j] += b->change[i][j];
    for (long i = 0; i < (long)NRANKS * a->nr; i++)
        a->gain[i][0] += b->gain[i][0], a->gain[i][1] += b->gain[i][1];
    a->missing += b->missing;
}

/* ------------------------------------------------------------------ */
/* The tasks                                                           */
/* ------------------------------------------------------------------ */

struct seen_job {
    const struct frenzy_game *g;
    int64_t den;
    const struct frenzy_hand_ranks *ranks;
    const struct frenzy_class_lookup *normal;
    int k;                  /* cards seen */
    cardmask_t deck;        /* the cards dealt: every card but in the checks */
    int ndeck;              /* n: 52 but in the checks */
    int64_t dealer_hands;   /* C(n-5-k, 5-k) */
    int nsets;              /* canonical seen sets */
    card_t (*sets)[FRENZY_SEEN_MAX];
};

/* What is done with each representative pair (player cards p, the loaded
 * seen set, whose highest card is s): priced (price_pair) or, on a smaller
 * deck, its counts added to the normal game's (count_pair). */
typedef void visit_fn(const struct seen_job *job, const struct frenzy_seen_tables *t, card_t s, const card_t p[5],
                      int weight, void *sums);

/* One representative pair priced: its decision and the normal one. */
static void price_pair(const struct seen_job *job, const struct frenzy_seen_tables *t, card_t s, const card_t p[5],
                       int weight, void *to)
{
    struct seen_sums *sums = to;
    struct frenzy_class cl;
    frenzy_seen_tables_count(t, p, &cl);
    if (cl.total != job->dealer_hands)
        sums->missing++; /* a bug: the counts do not add up */
    struct frenzy_decision d;
    frenzy_decide_among(job->g, job->den, &cl, job->dealer_hands, &d);
    long k = frenzy_class_lookup_find(job->normal, cards_to_mask(p, 5));
    if (k < 0) {
        sums->missing++;
        return;
    }
    int normal = job->normal->choice[k];
    struct frenzy_seen_rank *sr = &sums->by_rank[card_rank(s)];
    sr->pairs += weight;
    sr->ev += weight * d.ev[d.choice];
    sr->normal_ev += weight * d.ev[normal];
    sr->choice[d.choice] += weight;
    sums->change[normal][d.choice] += weight;
    int dense = job->ranks->dense[job->normal->key[k]]; /* the class's representative, same rank */
    wide_t *gain = sums->gain[(long)card_rank(s) * sums->nr + dense];
    gain[0] += weight * (d.ev[FRENZY_RAISE1] - d.ev[FRENZY_FOLD]);
    gain[1] += d.max_raise == 3 ? weight * (d.ev[FRENZY_RAISE3] - d.ev[FRENZY_RAISE1]) : 0;
}

/* Task: seen set task / SLICES, the hands of the other cards whose colex
 * index (among those n - k) falls in slice task % SLICES. */
static void run_task(const struct seen_job *job, int task, struct frenzy_seen_tables *t, visit_fn *visit, void *sums)
{
    const card_t *set = job->sets[task / SLICES];
    card_t loaded[FRENZY_SEEN_MAX];
    if (frenzy_seen_tables_cards(t, loaded) != job->k || memcmp(loaded, set, (size_t)job->k * sizeof *set))
        frenzy_seen_tables_load(t, set, job->k);
    cardmask_t seen = cards_to_mask(set, job->k);
    card_t other[NCARDS];
    for (int c = 0, n = 0; c < NCARDS; c++)
        if ((job->deck & card_bit((card_t)c)) && !(seen & card_bit((card_t)c)))
            other[n++] = (card_t)c;
    uint64_t all = binomial(job->ndeck - job->k, 5), lo = all * (uint64_t)(task % SLICES) / SLICES,
             hi = all * (uint64_t)(task % SLICES + 1) / SLICES;
    combo_t x;
    combo_unrank(lo, 5, x.idx);
    x.n = job->ndeck - job->k, x.k = 5;
    for (uint64_t i = lo; i < hi; i++, combo_next(&x)) {
        card_t p[5];
        for (int j = 0; j < 5; j++)
            p[j] = other[x.idx[j]];
        cardmask_t groups[2] = {seen, cards_to_mask(p, 5)};
        if (!canon_is_rep(groups, 2))
            continue;
        cardmask_t form[2];
        visit(job, t, set[job->k - 1], p, canon_form(groups, 2, form), sums);
    }
}

/* ------------------------------------------------------------------ */
/* The whole                                                           */
/* ------------------------------------------------------------------ */

/* Each seen rank's best rule, its EV made absolute (over folding all). */
static void rank_rules(const struct frenzy_counts *c, const struct frenzy_hand_ranks *ranks, int64_t den,
                       int64_t dealer_hands, const struct seen_sums *sums, struct frenzy_seen *out,
                       struct frenzy_rank_gain *v)
{
    out->card_ev = 0;
    for (int k = 0; k < NRANKS; k++) {
        long n = 0;
        for (int d = 0; d < ranks->nr; d++) {
            const wide_t *gain = sums->gain[(long)k * ranks->nr + d];
            v[n++] = (struct frenzy_rank_gain){ranks->value[d], gain[0], gain[1]};
        }
        struct frenzy_seen_rank *sr = &out->by_rank[k];
        memset(&sr->rule, 0, sizeof sr->rule);
        frenzy_rule_best(v, n, 4, &sr->rule);
        sr->rule.ev += (wide_t)sr->pairs * -2 * dealer_hands * den;
        sr->rule.lowest_raised = sr->rule.highest_folded = FRENZY_RANK_NONE;
        frenzy_rule_describe(c, &sr->rule);
        out->card_ev += sr->rule.ev;
    }
}

/* The canonical sets of k cards of the deck (increasing), in colex
 * order: returns how many. */
static int canonical_sets(cardmask_t deck, int k, card_t (*sets)[FRENZY_SEEN_MAX])
{
    card_t cards[NCARDS];
    int n = 0, ndeck = mask_to_cards(deck, cards); /* increasing */
    combo_t x;
    for (bool more = combo_first(&x, ndeck, k); more; more = combo_next(&x)) {
        card_t c[FRENZY_SEEN_MAX];
        for (int i = 0; i < k; i++)
            c[i] = cards[x.idx[i]];
        cardmask_t m = cards_to_mask(c, k);
        if (canon_is_rep(&m, 1))
            memcpy(sets[n++], c, sizeof c);
    }
    return n;
}

static int seen_sums_init(struct seen_sums *s, int nr)
{
    memset(s, 0, sizeof *s);
    s->nr = nr;
    s->gain = calloc((size_t)NRANKS * (size_t)nr, sizeof *s->gain);
    return s->gain ? 0 : -1;
}

/* The tasks of the sets first..first+n-1 into *sums (zeroed first). */
static int run_sets(const struct seen_job *job, int first, int n, struct progress *bar, struct seen_sums *sums)
{
    int rc = 0;
    memset(sums->by_rank, 0, sizeof sums->by_rank), memset(sums->change, 0, sizeof sums->change);
    memset(sums->gain, 0, (size_t)NRANKS * (size_t)sums->nr * sizeof *sums->gain);
    sums->missing = 0;
#pragma omp parallel
    {
        struct seen_sums mine;
        bool ok = seen_sums_init(&mine, job->ranks->nr) == 0;
        struct frenzy_seen_tables *t = frenzy_seen_tables_new(job->ranks, job->deck);
        ok = ok && t;
        if (!ok) {
#pragma omp atomic write
            rc = -1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int task = first * SLICES; task < (first + n) * SLICES; task++) {
            if (ok)
                run_task(job, task, t, price_pair, &mine);
            progress_add(bar, 1);
        }
#pragma omp critical(frenzy_seen_sums)
        if (ok)
            sums_add(sums, &mine);
        free(mine.gain);
        frenzy_seen_tables_free(t);
    }
    return rc;
}

/* A piece of the run (--resume): the sets whose highest card has one rank.
 * Their sums touch that rank's row of the gains alone, so a piece's file
 * holds the fixed sums and that row. */
struct piece_head {
    struct frenzy_seen_rank by_rank[NRANKS];
    int64_t change[FRENZY_NCHOICES][FRENZY_NCHOICES];
    long missing;
};

static bool piece_load(const struct checkpoint *cp, int r, void *buf, size_t size, struct seen_sums *sums)
{
    if (!cp || !checkpoint_load(cp, r, buf, size))
        return false;
    struct piece_head *h = buf;
    memcpy(sums->by_rank, h->by_rank, sizeof h->by_rank), memcpy(sums->change, h->change, sizeof h->change);
    sums->missing = h->missing;
    memset(sums->gain, 0, (size_t)NRANKS * (size_t)sums->nr * sizeof *sums->gain);
    memcpy(sums->gain[(long)r * sums->nr], (char *)buf + sizeof *h, (size_t)sums->nr * sizeof *sums->gain);
    return true;
}

static void piece_save(const struct checkpoint *cp, int r, void *buf, size_t size, const struct seen_sums *sums)
{
    struct piece_head *h = buf;
    memset(h, 0, sizeof *h); /* the padding too: a file's bytes the same each run */
    memcpy(h->by_rank, sums->by_rank, sizeof h->by_rank), memcpy(h->change, sums->change, sizeof h->change);
    h->missing = sums->missing;
    memcpy((char *)buf + sizeof *h, sums->gain[(long)r * sums->nr], (size_t)sums->nr * sizeof *sums->gain);
    checkpoint_save(cp, r, buf, size);
}

/* Every set, a piece per rank of the highest seen card (the sets go in
 * colex order, so by that rank): each piece taken from the resume folder
 * or computed (and kept there).  The sums are integers: the same however
 * they are cut.  *pieces counts the pieces, *resumed those taken. */
static int enumerate(const struct seen_job *job, bool progress, const struct checkpoint *cp, struct seen_sums *total,
                     int *pieces, int *resumed)
{
    int rc = 0;
    struct progress bar;
    struct seen_sums piece;
    size_t size = sizeof(struct piece_head) + (size_t)job->ranks->nr * sizeof *piece.gain;
    void *buf = cp ? malloc(size) : NULL;
    if (seen_sums_init(&piece, job->ranks->nr) != 0 || (cp && !buf))
        return free(piece.gain), free(buf), -1;
    progress_start(&bar, "frenzy seen", job->nsets * SLICES, progress);
    for (int first = 0, n; first < job->nsets && rc == 0; first += n) {
        int r = card_rank(job->sets[first][job->k - 1]);
        for (n = 1; first + n < job->nsets && card_rank(job->sets[first + n][job->k - 1]) == r; n++)
            ;
        ++*pieces;
        if (piece_load(cp, r, buf, size, &piece)) {
            ++*resumed;
            progress_add(&bar, n * SLICES);
        } else if ((rc = run_sets(job, first, n, &bar, &piece)) == 0 && cp) {
            piece_save(cp, r, buf, size, &piece);
        }
        if (rc == 0)
            sums_add(total, &piece);
    }
    progress_end(&bar);
    free(piece.gain), free(buf);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The normal game of a smaller deck                                   */
/* ------------------------------------------------------------------ */

/* The classes of the deck's hands (canonical forms, in colex order), their
 * counts zeroed. */
static int deck_classes(const struct frenzy_hand_ranks *ranks, cardmask_t deck, struct frenzy_counts *out)
{
    card_t cards[NCARDS];
    int ndeck = mask_to_cards(deck, cards);
    out->classes = calloc(binomial(ndeck, 5), sizeof *out->classes);
    if (!out->classes)
        return -1;
    combo_t x;
    for (bool more = combo_first(&x, ndeck, 5); more; more = combo_next(&x)) {
        struct frenzy_class *cl = &out->classes[out->n];
        for (int i = 0; i < 5; i++)
            cl->cards[i] = cards[x.idx[i]];
        cardmask_t m = cards_to_mask(cl->cards, 5), form;
        if (!canon_is_rep(&m, 1))
            continue;
        cl->weight = (uint8_t)canon_form(&m, 1, &form);
        cl->rank = ranks->value[ranks->dense[frenzy_colex(cl->cards, 5)]];
        out->n++;
    }
    return 0;
}

/* Pass one's sums: each class's counts over every seen set, times the
 * orbit weight of each pair. */
struct deck_sums {
    int64_t (*n)[4];        /* [class]: below, upto, unqualified, total */
    long missing;
};

static void count_pair(const struct seen_job *job, const struct frenzy_seen_tables *t, card_t s, const card_t p[5],
                       int weight, void *to)
{
    (void)s;
    struct deck_sums *sums = to;
    struct frenzy_class cl;
    frenzy_seen_tables_count(t, p, &cl);
    long i = frenzy_class_lookup_find(job->normal, cards_to_mask(p, 5));
    if (i < 0 || cl.total != job->dealer_hands) {
        sums->missing++;
        return;
    }
    sums->n[i][0] += weight * (int64_t)cl.below, sums->n[i][1] += weight * (int64_t)cl.upto;
    sums->n[i][2] += weight * (int64_t)cl.unqualified, sums->n[i][3] += weight * (int64_t)cl.total;
}

/* The normal counts of a smaller deck (the checks deal a whole game on
 * one, and its normal game has no solver of its own).  Every dealer hand
 * holds C(5,K) seen sets, so a hand's counts summed over every seen set
 * are C(5,K) times its normal counts, and a class's, summed over the
 * representative pairs with their weights, its orbit size times that: the
 * division is exact or the counts are wrong.  One thread: the decks are
 * small. */
static int deck_counts(struct seen_job *job, struct frenzy_counts *out, char *err, size_t errlen)
{
    struct frenzy_class_lookup classes = {0};
    struct deck_sums sums = {0};
    struct frenzy_seen_tables *t = NULL;
    int64_t all = (int64_t)binomial(job->ndeck - 5, 5), per = (int64_t)binomial(5, job->k);
    int rc = -1;
    if (deck_classes(job->ranks, job->deck, out) != 0 ||
        frenzy_class_lookup_init_among(&classes, job->g, out, all) != 0 ||
        !(sums.n = calloc((size_t)out->n, sizeof *sums.n)) || !(t = frenzy_seen_tables_new(job->ranks, job->deck))) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    const struct frenzy_class_lookup *priced = job->normal;
    job->normal = &classes; /* the keys alone: the choices are priced later */
    for (int task = 0; task < job->nsets * SLICES; task++)
        run_task(job, task, t, count_pair, &sums);
    job->normal = priced;
    for (long i = 0; i < out->n && !sums.missing; i++) {
        struct frenzy_class *cl = &out->classes[i];
        int64_t by = cl->weight * per;
        for (int f = 0; f < 4; f++)
            sums.missing += sums.n[i][f] % by != 0;
        cl->below = (uint32_t)(sums.n[i][0] / by), cl->upto = (uint32_t)(sums.n[i][1] / by);
        cl->unqualified = (uint32_t)(sums.n[i][2] / by), cl->total = (uint32_t)(sums.n[i][3] / by);
        sums.missing += cl->total != all;
    }
    rc = sums.missing ? -2 : 0;
    if (rc)
        snprintf(err, errlen, "internal error: a smaller deck's normal counts are not whole or do not add up");
done:
    frenzy_seen_tables_free(t);
    free(sums.n);
    frenzy_class_lookup_free(&classes);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The solve                                                           */
/* ------------------------------------------------------------------ */

/* The normal optimal strategy's total over c's hands (all dealer hands each). */
static wide_t normal_price(const struct frenzy_game *g, int64_t den, const struct frenzy_counts *c, int64_t all)
{
    wide_t ev = 0;
    for (long i = 0; i < c->n; i++) {
        struct frenzy_decision d;
        frenzy_decide_among(g, den, &c->classes[i], all, &d);
        ev += c->classes[i].weight * d.ev[d.choice];
    }
    return ev;
}

/* frenzy_seen_solve on the cards of deck; c NULL: the normal counts derived
 * from the seen ones (deck_counts). */
static int seen_solve(const struct frenzy_game *g, const struct frenzy_counts *c, cardmask_t deck, int k,
                      bool progress, const struct checkpoint *resume, struct frenzy_seen *out, char *err,
                      size_t errlen)
{
    double t0 = omp_get_wtime();
    int n = mask_count(deck);
    memset(out, 0, sizeof *out);
    out->game = *g;
    out->den = frenzy_game_den(g);
    out->seen = k;
    out->deck = deck;
    out->hands = (int64_t)binomial(n, 5);
    out->seen_sets = (int64_t)binomial(n - 5, k);
    out->dealer_hands = (int64_t)binomial(n - 5 - k, 5 - k);
    card_t sets[1326][FRENZY_SEEN_MAX]; /* the canonical seen sets: at most C(52,2) */
    struct frenzy_hand_ranks ranks;
    struct frenzy_class_lookup normal = {0};
    struct frenzy_counts own = {0};
    struct seen_sums total = {0};
    struct frenzy_rank_gain *v = NULL;
    int rc = -1;
    if (frenzy_hand_ranks_build(&ranks) != 0)
        goto done;
    struct seen_job job = {g,    out->den, &ranks, &normal, k, deck, n, out->dealer_hands,
                           canonical_sets(deck, k, sets), sets};
    if (!c && (rc = deck_counts(&job, &own, err, errlen)) != 0)
        goto done;
    c = c ? c : &own;
    rc = -1;
    int64_t normal_hands = (int64_t)binomial(n - 5, 5);
    if (frenzy_class_lookup_init_among(&normal, g, c, normal_hands) != 0 || seen_sums_init(&total, ranks.nr) != 0 ||
        !(v = malloc((size_t)ranks.nr * sizeof *v)))
        goto done;
    if (enumerate(&job, progress, resume, &total, &out->pieces, &out->pieces_resumed) != 0)
        goto done;
    if (total.missing) {
        snprintf(err, errlen, "internal error: %ld hands without a class or whose counts do not add up",
                 total.missing);
        rc = -2;
        goto done;
    }
    memcpy(out->by_rank, total.by_rank, sizeof out->by_rank);
    memcpy(out->change, total.change, sizeof out->change);
    for (int r = 0; r < NRANKS; r++)
        out->ev += out->by_rank[r].ev, out->normal_ev += out->by_rank[r].normal_ev;
    out->normal_total = normal_price(g, out->den, c, normal_hands) * (wide_t)binomial(5, k);
    rank_rules(c, &ranks, out->den, out->dealer_hands, &total, out, v);
    rc = 0;
done:
    if (rc == -1)
        snprintf(err, errlen, "out of memory");
    free(v), free(total.gain);
    frenzy_class_lookup_free(&normal);
    frenzy_counts_free(&own);
    frenzy_hand_ranks_free(&ranks);
    out->seconds = omp_get_wtime() - t0;
    return rc == 0 ? 0 : -1;
}

int frenzy_seen_solve(const struct frenzy_game *g, const struct frenzy_counts *c, int k, bool progress,
                      const struct checkpoint *resume, struct frenzy_seen *out, char *err, size_t errlen)
{
    return seen_solve(g, c, CARDMASK_ALL, k, progress, resume, out, err, errlen);
}

int frenzy_seen_solve_ranks(const struct frenzy_game *g, unsigned ranks, int k, struct frenzy_seen *out, char *err,
                            size_t errlen)
{
    ranks &= (1u << NRANKS) - 1;
    if (k < 1 || k > FRENZY_SEEN_MAX || __builtin_popcount(ranks) < 3)
        return snprintf(err, errlen, "a smaller deck needs 1 or 2 cards seen and 3 ranks at least"), -1;
    cardmask_t deck = 0;
    for (int suit = 0; suit < NSUITS; suit++)
        deck |= (cardmask_t)ranks << (16 * suit);
    return seen_solve(g, NULL, deck, k, false, NULL, out, err, errlen);
}
