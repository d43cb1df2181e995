/* frenzy_seen_deck_brute.c — hole-carding on a reduced deck by plain
 * enumeration; see frenzy_seen_deck_brute.h.  Uses nothing from the project
 * but cards.h's inline helpers and frenzy_brute.h.
 *
 * How: the deck's cards get positions 0..n-1 in increasing id order, and
 * the value (frenzy_brute_best4) of each of its C(n,5) hands is computed
 * once, stored at the colex rank of the hand's positions.  For each player
 * hand P, every dealer hand D of deck \ P is classified against P exactly
 * as frenzy_brute_counts does (win / copy / lose x dealer qualifying or
 * not) and that outcome is added to P's normal counts and to the counts of
 * each of D's C(5,K) K-subsets S (the seen sets it is dealt under).  Every
 * (P, S) total is then checked to be C(n-5-K, 5-K) before use.
 */
#include "frenzy_seen_deck_brute.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Outcome slots of a tally, in struct frenzy_brute_counts' field order,
 * and the total kept in a slot of its own so that it is counted, not
 * summed. */
enum { WIN_Q, WIN_NQ, COPY_Q, COPY_NQ, LOSE_Q, LOSE_NQ, TOTAL, NSLOTS };
typedef uint64_t tally_t[NSLOTS];

/* C(a, b) for 0 <= a <= 52, 0 <= b <= 5; 0 when b > a. */
static int64_t choose(int a, int b)
{
    if (b < 0 || b > a)
        return 0;
    int64_t c = 1;
    for (int i = 1; i <= b; i++)
        c = c * (a - b + i) / i; /* exact: c is C(a - b + i, i) after the step */
    return c;
}

/* The deck: its cards by position and the value of each of its 5-card
 * hands by the colex rank of their positions. */
struct deck {
    int n;
    card_t card[NCARDS];
    int64_t c1[NCARDS], c2[NCARDS], c3[NCARDS], c4[NCARDS], c5[NCARDS]; /* C(p, i) */
    frenzy_brute_value *value;
};

/* Colex rank of the positions p0 < p1 < p2 < p3 < p4. */
static inline int64_t hand_index(const struct deck *d, int p0, int p1, int p2, int p3, int p4)
{
    return d->c1[p0] + d->c2[p1] + d->c3[p2] + d->c4[p3] + d->c5[p4];
}

static void deck_free(struct deck *d)
{
    free(d->value);
    d->value = NULL;
}

/* Builds the deck of rank_mask (n >= 10 checked by the caller) and its
 * value table.  Returns 0, or -1 when out of memory. */
static int deck_build(unsigned rank_mask, struct deck *d)
{
    d->n = 0;
    for (int id = 0; id < NCARDS; id++)
        if (rank_mask >> card_rank((card_t)id) & 1)
            d->card[d->n++] = (card_t)id;
    for (int p = 0; p < NCARDS; p++) {
        d->c1[p] = choose(p, 1);
        d->c2[p] = choose(p, 2);
        d->c3[p] = choose(p, 3);
        d->c4[p] = choose(p, 4);
        d->c5[p] = choose(p, 5);
    }
    const int n = d->n;
    d->value = malloc((size_t)choose(n, 5) * sizeof *d->value);
    if (!d->value)
        return -1;
    for (int p4 = 4; p4 < n; p4++)
        for (int p3 = 3; p3 < p4; p3++)
            for (int p2 = 2; p2 < p3; p2++)
                for (int p1 = 1; p1 < p2; p1++)
                    for (int p0 = 0; p0 < p1; p0++) {
                        const card_t h[5] = {d->card[p0], d->card[p1], d->card[p2], d->card[p3], d->card[p4]};
                        d->value[hand_index(d, p0, p1, p2, p3, p4)] = frenzy_brute_best4(h);
                    }
    return 0;
}

/* The slot of a dealer hand of value dv against a player of value pv,
 * with frenzy_brute_counts' comparisons. */
static int outcome(frenzy_brute_value pv, frenzy_brute_value dv)
{
    int q = frenzy_brute_qualifies(dv);
    if (pv > dv)
        return q ? WIN_Q : WIN_NQ;
    if (pv == dv)
        return q ? COPY_Q : COPY_NQ;
    return q ? LOSE_Q : LOSE_NQ;
}

static void tally_add(tally_t t, int slot)
{
    t[slot]++;
    t[TOTAL]++;
}

/* A tally as counts; aborts unless its total is the one expected (a bug
 * here, not a bad argument). */
static void tally_to_counts(const tally_t t, int64_t expect, struct frenzy_brute_counts *c)
{
    if ((int64_t)t[TOTAL] != expect) {
        fprintf(stderr, "frenzy_seen_deck_brute: %llu dealer hands, expected %lld\n",
                (unsigned long long)t[TOTAL], (long long)expect);
        abort();
    }
    *c = (struct frenzy_brute_counts){t[WIN_Q], t[WIN_NQ], t[COPY_Q], t[COPY_NQ], t[LOSE_Q], t[LOSE_NQ], t[TOTAL]};
}

/* The index of the seen set {rest[i], rest[j]}, i < j (colex). */
static inline int pair_index(int i, int j) { return j * (j - 1) / 2 + i; }

/* Deals every dealer hand of rest[0..m) (deck positions, increasing)
 * against a player of value pv: into normal, and into seen[] for each of
 * the hand's k-subsets. */
static void deal_all(const struct deck *d, const int *rest, int m, int k, frenzy_brute_value pv,
                     tally_t normal, tally_t *seen)
{
    int i[5];
    for (i[4] = 4; i[4] < m; i[4]++)
        for (i[3] = 3; i[3] < i[4]; i[3]++)
            for (i[2] = 2; i[2] < i[3]; i[2]++)
                for (i[1] = 1; i[1] < i[2]; i[1]++)
                    for (i[0] = 0; i[0] < i[1]; i[0]++) {
                        frenzy_brute_value dv =
                            d->value[hand_index(d, rest[i[0]], rest[i[1]], rest[i[2]], rest[i[3]], rest[i[4]])];
                        int slot = outcome(pv, dv);
                        tally_add(normal, slot);
                        if (k == 1)
                            for (int a = 0; a < 5; a++)
                                tally_add(seen[i[a]], slot);
                        else
                            for (int b = 1; b < 5; b++)
                                for (int a = 0; a < b; a++)
                                    tally_add(seen[pair_index(i[a], i[b])], slot);
                    }
}

/* The working memory of one walk, sized for C(n-5,k) seen sets. */
struct walk {
    tally_t *tally;
    struct frenzy_brute_counts *seen;
    card_t (*seen_cards)[2];
};

static void walk_free(struct walk *w)
{
    free(w->tally);
    free(w->seen);
    free(w->seen_cards);
}

/* One player hand at positions p[0..5): its counts, then the visit. */
static int visit_hand(const struct deck *d, const int p[5], int k, struct walk *w, frenzy_seen_deck_visit visit,
                      void *ctx)
{
    const int n = d->n, m = n - 5;
    const int64_t sets = choose(m, k);
    int rest[NCARDS], r = 0, j = 0;
    for (int pos = 0; pos < n; pos++) {
        if (j < 5 && p[j] == pos)
            j++;
        else
            rest[r++] = pos;
    }

    struct frenzy_seen_deck_hand h = {.k = k, .seen_sets = sets, .seen = w->seen};
    for (int a = 0; a < 5; a++)
        h.player[a] = d->card[p[a]];
    tally_t normal = {0};
    memset(w->tally, 0, (size_t)sets * sizeof *w->tally);
    deal_all(d, rest, m, k, d->value[hand_index(d, p[0], p[1], p[2], p[3], p[4])], normal, w->tally);

    tally_to_counts(normal, choose(m, 5), &h.normal);
    const int64_t per_set = choose(m - k, 5 - k);
    for (int64_t s = 0; s < sets; s++)
        tally_to_counts(w->tally[s], per_set, &w->seen[s]);
    /* The cards of each seen set, in the index order of pair_index. */
    for (int b = 0; b < m; b++) {
        if (k == 1) {
            w->seen_cards[b][0] = d->card[rest[b]];
            w->seen_cards[b][1] = d->card[rest[b]];
            continue;
        }
        for (int a = 0; a < b; a++) {
            w->seen_cards[pair_index(a, b)][0] = d->card[rest[a]];
            w->seen_cards[pair_index(a, b)][1] = d->card[rest[b]];
        }
    }
    h.seen_cards = (const card_t(*)[2])w->seen_cards;
    return visit(&h, ctx);
}

/* The deck of rank_mask has at least 10 cards and k is 1 or 2. */
static int args_ok(unsigned rank_mask, int k)
{
    return (k == 1 || k == 2) && !(rank_mask >> NRANKS) && 4 * __builtin_popcount(rank_mask) >= 10;
}

int frenzy_seen_deck_brute_each(unsigned rank_mask, int k, frenzy_seen_deck_visit visit, void *ctx)
{
    if (!args_ok(rank_mask, k) || !visit)
        return -1;
    struct deck d;
    if (deck_build(rank_mask, &d))
        return -1;
    const int n = d.n;
    const size_t sets = (size_t)choose(n - 5, k);
    struct walk w = {calloc(sets, sizeof *w.tally), calloc(sets, sizeof *w.seen), calloc(sets, sizeof *w.seen_cards)};
    int rc = w.tally && w.seen && w.seen_cards ? 0 : -1;

    int p[5];
    for (p[4] = 4; p[4] < n && !rc; p[4]++)
        for (p[3] = 3; p[3] < p[4] && !rc; p[3]++)
            for (p[2] = 2; p[2] < p[3] && !rc; p[2]++)
                for (p[1] = 1; p[1] < p[2] && !rc; p[1]++)
                    for (p[0] = 0; p[0] < p[1] && !rc; p[0]++)
                        rc = visit_hand(&d, p, k, &w, visit, ctx);
    walk_free(&w);
    deck_free(&d);
    return rc;
}

/* The settlement options of a run. */
struct rules {
    const struct frenzy_brute_odds *win, *bad_beat;
    int copy_pushes;
};

static int64_t ev_num(const card_t p[5], const struct frenzy_brute_counts *c, int r, const struct rules *ru)
{
    return frenzy_brute_ev_rules(p, c, r, ru->win, ru->bad_beat, ru->copy_pushes).num;
}

/* The best r (0 = fold .. max raise) under counts c, ties to the smaller
 * r: only a strictly higher EV replaces it.  Every r's EV has the same den
 * 2 * c->total, so numerators compare.  Its numerator into *num. */
static int decide(const card_t p[5], const struct frenzy_brute_counts *c, const struct rules *ru, int64_t *num)
{
    int best = 0;
    *num = ev_num(p, c, 0, ru);
    for (int r = 1; r <= frenzy_brute_max_raise(p); r++) {
        int64_t e = ev_num(p, c, r, ru);
        if (e > *num) {
            best = r;
            *num = e;
        }
    }
    return best;
}

struct totals_ctx {
    struct rules rules;
    struct frenzy_seen_deck_brute *out;
};

/* One player hand into the totals: its normal decision, then each seen
 * set's decision and the normal decision's EV there. */
static int add_hand(const struct frenzy_seen_deck_hand *h, void *vctx)
{
    struct totals_ctx *ctx = vctx;
    struct frenzy_seen_deck_brute *out = ctx->out;
    int64_t normal_num;
    const int rn = decide(h->player, &h->normal, &ctx->rules, &normal_num);
    out->normal_game += normal_num;
    for (int64_t s = 0; s < h->seen_sets; s++) {
        int64_t seen_num;
        const int rs = decide(h->player, &h->seen[s], &ctx->rules, &seen_num);
        const int64_t blind_num = ev_num(h->player, &h->seen[s], rn, &ctx->rules);
        const int rank = card_rank(h->seen_cards[s][h->k - 1]); /* the higher id has the higher rank */
        out->ev += seen_num;
        out->normal_ev += blind_num;
        out->change[rn][rs]++;
        out->rank_pairs[rank]++;
        out->rank_ev[rank] += seen_num;
        out->rank_normal_ev[rank] += blind_num;
        out->rank_choice[rank][rs]++;
    }
    return 0;
}

int frenzy_seen_deck_brute(unsigned rank_mask, int k, const struct frenzy_brute_odds *win,
                           const struct frenzy_brute_odds *bad_beat, int copy_pushes,
                           struct frenzy_seen_deck_brute *out)
{
    if (!args_ok(rank_mask, k) || !win || !bad_beat || !out)
        return -1;
    memset(out, 0, sizeof *out);
    out->n = 4 * __builtin_popcount(rank_mask);
    out->k = k;
    out->hands = choose(out->n, 5);
    out->seen_sets = choose(out->n - 5, k);
    out->dealer_hands = choose(out->n - 5 - k, 5 - k);
    struct totals_ctx ctx = {{win, bad_beat, copy_pushes}, out};
    return frenzy_seen_deck_brute_each(rank_mask, k, add_hand, &ctx);
}
