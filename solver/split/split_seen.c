/* split_seen.c — the run of `protect split --seen K`: every situation
 * class (P, u) with each of its 47 possible seen hole cards (K = 1) or
 * 1,081 seen pairs (K = 2), the seen-optimal decision against the normal
 * one, summed exactly (split_seen.h). */
#include "split_seen.h"

#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "checkpoint.h"
#include "combo.h"
#include "cluster.h"
#include "progress.h"
#include "simulate.h"
#include "split_counts.h"
#include "split_price.h"
#include "split_seen_deck.h"
#include "split_situations.h"
#include "team.h"
#include "wide.h"

static const char *const CHANGE_NAMES[SEEN_NCHANGES] = {"fold_to_play", "play_to_fold", "more_plays",
                                                        "fewer_plays", "other_hands"};

const char *split_seen_change_name(enum split_seen_change c)
{
    return c >= 0 && c < SEEN_NCHANGES ? CHANGE_NAMES[c] : "?";
}

int64_t split_seen_sets(int seen) { return seen == 2 ? 47 * 46 / 2 : 47; }

int64_t split_seen_scale(int seen) { return seen == 2 ? SPLIT_SEEN2_L : SPLIT_SEEN_L; }

/* The lcm of hole x C(n - 8, 3 - |H|) over the hand sizes |H| = 1..3 (the
 * totals of a hand's counts, hole the dealer's unseen hole cards' sets),
 * or 0 past 2^40 (the weights must stay small: split_price.h). */
static int64_t totals_lcm(int n, int64_t hole)
{
    int64_t L = 1;
    for (int h = 1; h <= 3; h++) {
        int64_t total = hole * (int64_t)binomial(n - 8, 3 - h);
        if (total <= 0)
            return 0;
        L = L / (int64_t)wide_gcd(L, total) * total;
        if (L > INT64_C(1) << 40)
            return 0;
    }
    return L;
}

int64_t split_seen_deck_sets(int n, int seen) { return n < 12 || n > NCARDS ? 0 : (int64_t)binomial(n - 5, seen); }

int64_t split_seen_deck_scale(int n, int seen)
{
    return split_seen_deck_sets(n, seen) ? totals_lcm(n, (int64_t)binomial(n - 5 - seen, 3 - seen)) : 0;
}

int64_t split_seen_deck_normal_scale(int n)
{
    return split_seen_deck_sets(n, 1) ? totals_lcm(n, (int64_t)binomial(n - 5, 3)) : 0;
}

wide_t split_seen_den(const struct split_seen_result *r)
{
    return (wide_t)r->tot.situations * r->sets * r->scale * r->pt.den;
}

wide_t split_seen_normal_den(const struct split_seen_result *r)
{
    return (wide_t)r->tot.situations * r->normal_scale * r->pt.den;
}

/* Play bets a decision makes (an instant winner's trio makes none). */
static int play_bets(const struct split_decision *d)
{
    if (d->choice == SPLIT_FOLD_ALL)
        return 0;
    return d->play_b + (d->choice != SPLIT_INSTANT && d->play_a);
}

enum split_seen_change split_seen_change_of(const struct split_decision *normal, const struct split_decision *seen)
{
    int before = play_bets(normal), after = play_bets(seen);
    if (normal->choice == SPLIT_FOLD_ALL)
        return SEEN_FOLD_TO_PLAY;
    if (seen->choice == SPLIT_FOLD_ALL)
        return SEEN_PLAY_TO_FOLD;
    return after > before ? SEEN_MORE_PLAYS : after < before ? SEEN_FEWER_PLAYS : SEEN_OTHER_HANDS;
}

/* A change of decision, w situations whose (higher) seen rank is r. */
static void count_change(struct split_seen_totals *t, int64_t w, int r, const struct split_decision *normal,
                         const struct split_decision *seen, wide_t gain)
{
    int before = play_bets(normal), after = play_bets(seen);
    t->changed += w;
    t->change[split_seen_change_of(normal, seen)] += w;
    if (after > before)
        t->more_by_rank[r] += w;
    else if (after < before)
        t->fewer_by_rank[r] += w;
    else
        t->other_by_rank[r] += w;
    t->gain_by_rank[r] += w * gain;
}

/* The option a card in the card language takes in a class, with a seen
 * rank: its hands (masks into P, play cells, whether played), the instant
 * category of a three taken (-1: none), whether it folds both. */
struct rules_option {
    bool decided, fold_all;
    int n, instant_cat;
    uint8_t mask[2];
    int16_t cell[2];
    bool play[2];
};

static void rules_option_of(const struct split_card *card, const struct split_paytable *pt, const card_t P[4],
                            card_t u, const struct cards_info *ci, int seen, struct rules_option *ro)
{
    struct split_option o;
    int set_rule, play_rule[2];
    *ro = (struct rules_option){.instant_cat = -1};
    ro->decided = split_card_option_seen(card, pt, P, u, seen, &o, &set_rule, play_rule);
    ro->fold_all = o.choice == SPLIT_FOLD_ALL;
    if (!ro->decided || ro->fold_all)
        return;
    if (o.choice == SPLIT_INSTANT)
        ro->instant_cat = ci->trio_cat[o.hand_a];
    else
        ro->mask[ro->n] = o.hand_a, ro->play[ro->n++] = o.play_a;
    ro->mask[ro->n] = o.hand_b, ro->play[ro->n++] = o.play_b;
    for (int i = 0; i < ro->n; i++) {
        struct split_view hv;
        split_hand_view_of(P, ro->mask[i], u, &hv);
        ro->cell[i] = (int16_t)split_play_cell(&hv);
    }
}

/* The card's option in the class at each seen rank (once when no rule of
 * the card names the seen card). */
static void rules_options(const struct split_card *card, const struct split_paytable *pt, const card_t P[4],
                          card_t u, const struct cards_info *ci, struct rules_option ro[NRANKS])
{
    bool by_seen = split_card_has_seen(card);
    for (int r = 0; r < NRANKS; r++) {
        if (by_seen || r == 0)
            rules_option_of(card, pt, P, u, ci, r, &ro[r]);
        else
            ro[r] = ro[0];
    }
}

/* One seen set played by the card's option: its value, the folded base
 * and each hand's gain of playing over folding, on the scale L. */
static void rules_add(const struct split_paytable *pt, int64_t L, const struct cards_info *ci,
                      const struct rules_option *ro, const struct hand_weights hw[SPLIT_NMASKS], int64_t w, int r,
                      struct split_seen_totals *t)
{
    if (!ro->decided) {
        t->rules_uncovered += w;
        return;
    }
    wide_t fold = -(wide_t)pt->den * L, base = (wide_t)pt->blind[ci->blind_cat] * L;
    base += ro->fold_all ? 2 * fold : ro->n * fold;
    if (ro->instant_cat >= 0)
        base += (wide_t)pt->ante_instant[ro->instant_cat] * L;
    wide_t ev = base;
    for (int i = 0; i < ro->n; i++) {
        wide_t g = hand_value(pt, &hw[ro->mask[i]]) - fold;
        t->rules_gain[r][ro->cell[i]] += w * g;
        ev += ro->play[i] ? g : 0;
    }
    t->rules_base += w * base;
    t->rules_ev += w * ev;
}

/* What seen_set needs of its class beside the counts. */
struct class_known {
    const struct cards_info *ci;
    const struct split_decision *normal;
    const struct split_card_hands *card; /* the hands the card decides */
    const struct rules_option *rules;    /* a card in the card language: its option by seen rank (NULL: none) */
};

/* One seen set of a class: the seen counts, the seen-optimal decision and
 * the normal one priced with them, added to the totals (w situations, the
 * seen set's higher rank r), and the card's sums. */
static void seen_set(const struct split_paytable *pt, enum split_instant_reading instant, int64_t L,
                     const struct class_known *k, int64_t w, int r,
                     const struct split_hand_counts counts[SPLIT_NMASKS], struct split_seen_totals *t)
{
    const struct cards_info *ci = k->ci;
    const struct split_decision *normal = k->normal;
    struct hand_weights hw[SPLIT_NMASKS];
    struct split_decision seen;
    for (int m = 1; m < 15; m++)
        hand_weights_at(&counts[m], L, &hw[m]);
    split_decide_weights_at(pt, instant, ci, hw, L, &seen);
    wide_t kept = split_decision_value(pt, ci, hw, L, normal);
    wide_t blind = (wide_t)pt->blind[ci->blind_cat] * L;
    t->ev += w * (blind + seen.best);
    t->normal_seen += w * (blind + kept);
    t->seen_by_rank[r] += w;
    split_seen_card_add(pt, L, ci, k->card, hw, w, t->card_gain[r], &t->card_folded);
    if (k->rules)
        rules_add(pt, L, ci, &k->rules[r], hw, w, r, t);
    if (seen.best > kept) /* ties keep the normal decision */
        count_change(t, w, r, normal, &seen, seen.best - kept);
}

/* A thread's contexts for a class (NULL: the plain way, when memory ran
 * out, or on a smaller deck). */
struct class_ctx {
    struct split_seen_class *one;
    struct split_seen2_class *two;
};

/* What every class of a run shares: the game, the tables, and the deck
 * (the 52 cards: the fast counts; fewer: split_seen_deck.c's) with its
 * money scales. */
struct seen_run {
    const struct split_paytable *pt;
    const struct split_seen_options *o;
    const struct split_dealer_tables *tables;
    cardmask_t deck;
    bool whole;
    int64_t L, normal_L;
};

/* The normal counts of a class's 14 hands. */
static void normal_counts(const struct seen_run *run, const struct split_situation *s,
                          struct split_hand_counts counts[SPLIT_NMASKS])
{
    if (run->whole)
        split_situation_counts(run->tables, s->P, s->u, counts);
    else
        split_seen_deck_counts(run->tables, run->deck, s->P, s->u, NULL, 0, counts);
}

/* The counts with the seen set {a} (b < 0) or {a, b}. */
static void seen_counts(const struct seen_run *run, const struct class_ctx *ctx, const struct split_situation *s,
                        int a, int b, struct split_hand_counts counts[SPLIT_NMASKS])
{
    if (!run->whole) {
        const card_t seen[2] = {(card_t)a, (card_t)(b < 0 ? a : b)};
        split_seen_deck_counts(run->tables, run->deck, s->P, s->u, seen, b < 0 ? 1 : 2, counts);
    } else if (b < 0 && ctx->one) {
        split_seen_counts_in(ctx->one, (card_t)a, counts);
    } else if (b < 0) {
        split_seen_counts(run->tables, s->P, s->u, (card_t)a, counts);
    } else if (ctx->two) {
        split_seen2_counts_in(ctx->two, (card_t)a, (card_t)b, counts);
    } else {
        split_seen2_counts_ref(run->tables, s->P, s->u, (card_t)a, (card_t)b, counts);
    }
}

/* The suit permutations that leave every card of the class where it is
 * (its 4 cards and the upcard): they permute the suits the class does not
 * hold.  A seen set they move has the same counts as the set it is moved
 * onto, hand by hand (a permutation that swapped two of the player's cards
 * would also swap his hands, and the normal decision need not follow).
 * Returns how many (1, 2 or 6), the identity first. */
static int class_fixers(const struct split_situation *s, const int *fixers[24])
{
    int n = 0;
    for (int i = 0; i < 24; i++) {
        int fixed = sim_permute_card(s->u, SIM_PERMS[i]) == s->u;
        for (int j = 0; j < 4; j++)
            fixed &= sim_permute_card(s->P[j], SIM_PERMS[i]) == s->P[j];
        if (fixed)
            fixers[n++] = SIM_PERMS[i];
    }
    return n;
}

/* A seen set's orbit under the fixers: its size when the set is the least
 * of its orbit (the one computed), else 0. */
static int orbit_if_least(cardmask_t set, const int *const fixers[], int n)
{
    cardmask_t images[24];
    int k = 0;
    for (int i = 0; i < n; i++) {
        cardmask_t m = canon_permute(set, fixers[i]);
        if (m < set)
            return 0;
        int j = 0;
        while (j < k && images[j] != m)
            j++;
        if (j == k)
            images[k++] = m;
    }
    return k;
}

/* One class: its normal decision, then each seen set's, one of each orbit
 * under the class's fixers, weighted by the orbit's size. */
static void seen_class(const struct seen_run *run, const struct split_seen_up *up, const struct split_situation *s,
                       const struct class_ctx *ctx, struct split_seen_totals *t)
{
    const struct split_paytable *pt = run->pt;
    const struct split_card *rules = run->o->rules;
    const struct split_dealer_tables *tables = run->tables;
    enum split_instant_reading instant = run->o->instant;
    int nseen = run->o->seen;
    struct split_hand_counts counts[SPLIT_NMASKS];
    struct hand_weights hw[SPLIT_NMASKS];
    struct cards_info ci;
    struct split_decision normal;
    int64_t w = s->weight, L = run->L, NL = run->normal_L;
    split_cards_info(s->P, &ci);
    normal_counts(run, s, counts);
    for (int m = 1; m < 15; m++)
        hand_weights_at(&counts[m], NL, &hw[m]);
    split_decide_weights_at(pt, instant, &ci, hw, NL, &normal);
    struct split_decision set = normal; /* the card's setting */
    if (set.choice == SPLIT_FOLD_ALL)
        split_decide_playing_at(pt, instant, &ci, hw, NL, &set);
    struct split_card_hands card;
    split_seen_card_hands(&ci, s->P, &set, &card);
    struct rules_option ro[NRANKS];
    if (rules)
        rules_options(rules, pt, s->P, s->u, &ci, ro);
    const struct class_known kn = {&ci, &normal, &card, rules ? ro : NULL};
    t->situations += w;
    t->normal_ev += w * ((wide_t)pt->blind[ci.blind_cat] * NL + normal.best);
    cardmask_t known = cards_to_mask(s->P, 4) | card_bit(s->u);
    const int *fixers[24];
    int nfixers = class_fixers(s, fixers);
    if (nseen == 1 && ctx->one)
        split_seen_class_start(ctx->one, tables, up, s->P, s->u);
    if (nseen == 2 && ctx->two)
        split_seen2_class_start(ctx->two, tables, s->P, s->u);
    cardmask_t unseen = run->deck & ~known; /* the cards the dealer may hold */
    for (int a = 0; a < NCARDS; a++) {
        if (!(unseen & card_bit((card_t)a)))
            continue;
        if (nseen == 1) {
            int orbit = orbit_if_least(card_bit((card_t)a), fixers, nfixers);
            if (!orbit)
                continue;
            seen_counts(run, ctx, s, a, -1, counts);
            seen_set(pt, instant, L, &kn, w * orbit, card_rank((card_t)a), counts, t);
            continue;
        }
        for (int b = a + 1; b < NCARDS; b++) { /* b > a: b's rank is the higher (cards go by rank) */
            if (!(unseen & card_bit((card_t)b)))
                continue;
            int orbit = orbit_if_least(card_bit((card_t)a) | card_bit((card_t)b), fixers, nfixers);
            if (!orbit)
                continue;
            seen_counts(run, ctx, s, a, b, counts);
            seen_set(pt, instant, L, &kn, w * orbit, card_rank((card_t)b), counts, t);
        }
    }
}

static void totals_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct split_seen_totals *a = into;
    const struct split_seen_totals *b = from;
    a->situations += b->situations;
    a->ev += b->ev;
    a->normal_ev += b->normal_ev;
    a->normal_seen += b->normal_seen;
    a->changed += b->changed;
    for (int i = 0; i < SEEN_NCHANGES; i++)
        a->change[i] += b->change[i];
    for (int r = 0; r < NRANKS; r++) {
        a->more_by_rank[r] += b->more_by_rank[r];
        a->fewer_by_rank[r] += b->fewer_by_rank[r];
        a->other_by_rank[r] += b->other_by_rank[r];
        a->seen_by_rank[r] += b->seen_by_rank[r];
        a->gain_by_rank[r] += b->gain_by_rank[r];
        for (int i = 0; i < SPLIT_STRENGTHS; i++)
            a->card_gain[r][i] += b->card_gain[r][i];
        for (int i = 0; i < SPLIT_PLAY_CELLS; i++)
            a->rules_gain[r][i] += b->rules_gain[r][i];
    }
    a->card_folded += b->card_folded;
    a->rules_ev += b->rules_ev;
    a->rules_base += b->rules_base;
    a->rules_uncovered += b->rules_uncovered;
}

static void card_sums_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct split_seen_card_sums *a = into;
    const struct split_seen_card_sums *b = from;
    a->folded += b->folded;
    for (int u = 0; u < NRANKS; u++)
        for (int r = 0; r < NRANKS; r++)
            for (int i = 0; i < SPLIT_STRENGTHS; i++)
                a->gain[u][r][i] += b->gain[u][r][i];
}

static void cells_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct split_seen_cells *a = into;
    const struct split_seen_cells *b = from;
    a->base += b->base;
    for (int u = 0; u < NRANKS; u++)
        for (int r = 0; r < NRANKS; r++)
            for (int i = 0; i < SPLIT_PLAY_CELLS; i++)
                a->gain[u][r][i] += b->gain[u][r][i];
}

/* A piece's card sums and cells, filed by its upcard's rank. */
static void card_sums_file(struct split_seen_card_sums *c, struct split_seen_cells *cells,
                           const struct split_seen_totals *piece, int upcard)
{
    int u = card_rank((card_t)upcard);
    c->folded += piece->card_folded;
    cells->base += piece->rules_base;
    for (int r = 0; r < NRANKS; r++) {
        for (int i = 0; i < SPLIT_STRENGTHS; i++)
            c->gain[u][r][i] += piece->card_gain[r][i];
        for (int i = 0; i < SPLIT_PLAY_CELLS; i++)
            cells->gain[u][r][i] += piece->rules_gain[r][i];
    }
}

/* What the ranks tell rank 0 beside their totals. */
struct run_tally {
    int failed, resumed; /* ranks that failed; pieces taken from the resume folder */
};

static void tally_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    struct run_tally *a = into;
    const struct run_tally *b = from;
    a->failed += b->failed, a->resumed += b->resumed;
}

/* The cards of the ranks of a deck (0: all 52). */
static cardmask_t deck_cards(uint16_t ranks)
{
    cardmask_t deck = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!ranks || ranks >> card_rank((card_t)c) & 1)
            deck |= card_bit((card_t)c);
    return deck;
}

/* The classes a run keeps, in place: those of the deck (a class's weight
 * counts its situations under the suit permutations, which keep a deck of
 * whole ranks), then for a test run (split_seen_options) those of its
 * upcards, every stride-th. */
static long keep_classes(struct split_situation *list, long n, cardmask_t deck, uint16_t upcards, int stride)
{
    long kept = 0, seen = 0;
    for (long i = 0; i < n; i++) {
        cardmask_t cards = cards_to_mask(list[i].P, 4) | card_bit(list[i].u);
        if (!(cards & ~deck) && (!upcards || upcards >> card_rank(list[i].u) & 1))
            if (stride <= 1 || seen++ % stride == 0)
                list[kept++] = list[i];
    }
    return kept;
}

/* The run is cut into a piece per upcard (the list goes by upcard), and
 * the pieces are shared out between the ranks by their classes
 * (piece_owners).  With a resume folder each
 * finished piece's totals are kept (checkpoint.h): a stopped run started
 * again computes only the pieces it had not finished, and its totals are
 * the same integers. */
enum { SEEN_PIECES = NCARDS };

/* The classes of piece (upcard) p: list[*first], then *count of them. */
static void piece_classes(const struct split_situation *list, long n, int p, long *first, long *count)
{
    long lo = 0, hi = n; /* the first class of upcard >= p, then > p */
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        list[mid].u < p ? (lo = mid + 1) : (hi = mid);
    }
    long end = lo;
    while (end < n && list[end].u == p)
        end++;
    *first = lo, *count = end - lo;
}

/* The rank of each piece: the largest first, each to the rank with the
 * fewest classes so far (the upcards' classes differ by up to 1.9 times:
 * the player's cards are canonical under suit permutations, the upcard
 * is not).  Every rank computes the same. */
static void piece_owners(const struct split_situation *list, long n, int ranks, int owner[SEEN_PIECES])
{
    long size[SEEN_PIECES], load[64] = {0}, first;
    int order[SEEN_PIECES];
    for (int p = 0; p < SEEN_PIECES; p++) {
        piece_classes(list, n, p, &first, &size[p]);
        int k = p; /* insertion by size, descending (ties: lower p first) */
        for (; k > 0 && size[order[k - 1]] < size[p]; k--)
            order[k] = order[k - 1];
        order[k] = p;
    }
    for (int k = 0; k < SEEN_PIECES; k++) {
        int p = order[k], best = 0;
        if (ranks > 64) { /* more ranks than the loads kept: in turn */
            owner[p] = k % ranks;
            continue;
        }
        for (int r = 1; r < ranks; r++)
            if (load[r] < load[best])
                best = r;
        owner[p] = best;
        load[best] += size[p];
    }
}

/* One piece's classes, summed into *t: with one card seen, the upcard's
 * tables first (their build shared by the threads; without them, when
 * memory runs out, the plain way). */
static int seen_piece(const struct seen_run *run, const struct split_situation *list, long n, int piece,
                      struct progress *bar, struct split_seen_totals *t)
{
    const struct split_seen_options *o = run->o;
    memset(t, 0, sizeof *t);
    long first, count;
    piece_classes(list, n, piece, &first, &count);
    if (count == 0)
        return 0;
    struct split_seen_up *up = o->seen == 1 && run->whole ? split_seen_up_build(run->tables, (card_t)piece) : NULL;
    int failed = 0;
#pragma omp parallel reduction(+ : failed)
    {
        /* on the heap: about 450 KB, more than a thread's stack may hold */
        struct split_seen_totals *part = calloc(1, sizeof *part);
        struct class_ctx ctx = {o->seen == 1 && up ? split_seen_class_new() : NULL,
                                o->seen == 2 && run->whole ? split_seen2_class_new() : NULL};
        failed += !part;
#pragma omp for schedule(dynamic, 16)
        for (long j = 0; j < count; j++) {
            if (part)
                seen_class(run, up, &list[first + j], &ctx, part);
            if ((j & 15) == 15)
                progress_add(bar, 16);
        }
        if (part) {
#pragma omp critical(split_seen_totals)
            totals_add(t, part, NULL);
        }
        free(part);
        split_seen_class_free(ctx.one);
        split_seen2_class_free(ctx.two);
    }
    progress_add(bar, count % 16);
    split_seen_up_free(up);
    return failed ? -1 : 0;
}

size_t split_seen_piece_size(bool with_card)
{
    return with_card ? sizeof(struct split_seen_totals) : offsetof(struct split_seen_totals, rules_gain);
}

/* Whether any rank has a piece to compute (not in the resume folder): the
 * ranks build the dealer tables together (split_dealer_tables_build_ranks
 * is collective), so all must agree, or one waits for the others forever. */
static int any_piece_to_compute(const struct checkpoint *cp, size_t size, const int owner[SEEN_PIECES],
                                struct split_seen_totals *piece)
{
    int need = 0;
    for (int p = 0; p < SEEN_PIECES && !need; p++)
        need = owner[p] == cluster_rank() && (!cp || !checkpoint_load(cp, p, piece, size));
    if (cluster_reduce_int(&need) != 0 || cluster_bcast(&need, sizeof need) != 0)
        return 1; /* MPI failed: the ranks will say so at the reductions */
    return need;
}

/* This rank's pieces, taken from the resume folder or computed (and then
 * kept there), summed into *sum; *resumed counts those taken.  The dealer
 * tables are built first when any rank has a piece to compute.  0, or -1
 * with a message. */
static int run_pieces(const struct split_paytable *pt, const struct split_seen_options *o,
                      const struct checkpoint *cp, const struct split_situation *list, long n,
                      struct split_seen_totals *sum, struct split_seen_card_sums *card, struct split_seen_cells *cells,
                      struct split_seen_totals *piece, int *resumed, char *err, size_t errlen)
{
    int rank = cluster_rank(), size = cluster_size(), rc = 0;
    long nmine = 0;
    long first, count;
    int owner[SEEN_PIECES];
    piece_owners(list, n, size, owner);
    for (int p = 0; p < SEEN_PIECES; p++) {
        piece_classes(list, n, p, &first, &count);
        nmine += owner[p] == rank ? count : 0;
    }
    struct split_dealer_tables *tables = NULL;
    size_t bytes = split_seen_piece_size(o->rules != NULL); /* piece is zero: the gains a piece without a card omits */
    if (any_piece_to_compute(cp, bytes, owner, piece) && !(tables = split_dealer_tables_build_ranks(&pt->rules)))
        return snprintf(err, errlen, "out of memory"), -1;
    cardmask_t deck = deck_cards(o->deck_ranks);
    int cards = mask_count(deck);
    const struct seen_run run = {pt, o, tables, deck, cards == NCARDS, split_seen_deck_scale(cards, o->seen),
                                 split_seen_deck_normal_scale(cards)};
    struct progress bar;
    progress_start(&bar, "split seen", nmine, o->progress && rank == 0);
    for (int p = 0; p < SEEN_PIECES && rc == 0; p++) {
        if (owner[p] != rank)
            continue;
        if (cp && checkpoint_load(cp, p, piece, bytes)) {
            (*resumed)++;
            piece_classes(list, n, p, &first, &count);
            progress_add(&bar, count);
        } else if (!tables) { /* a piece gone since the check: computed by another run */
            rc = (snprintf(err, errlen, "a piece of the resume folder went away during the run"), -1);
            break;
        } else if (seen_piece(&run, list, n, p, &bar, piece) != 0) {
            rc = (snprintf(err, errlen, "out of memory"), -1);
            break;
        } else if (cp) {
            checkpoint_save(cp, p, piece, bytes);
        }
        totals_add(sum, piece, NULL);
        card_sums_file(card, cells, piece, p);
    }
    progress_end(&bar);
    split_dealer_tables_free(tables);
    return rc;
}

/* Whether the card decides every class of the list at every seen rank
 * its seen cards may have (once when no rule names the seen card):
 * checked before the pass, so a card with a gap fails at once, naming a
 * situation.  0, or -1 with a message. */
/* Whether the (higher) seen card may have rank r in the class: one seen,
 * a card of r not among the player's 4 and the upcard; two, a card of r
 * and another of r or lower. */
static bool seen_rank_possible(const struct split_situation *s, int nseen, int r)
{
    int left[NRANKS];
    for (int k = 0; k < NRANKS; k++)
        left[k] = 4;
    for (int j = 0; j < 4; j++)
        left[card_rank(s->P[j])]--;
    left[card_rank(s->u)]--;
    int lower = 0;
    for (int k = 0; k < r; k++)
        lower += left[k];
    return nseen == 1 ? left[r] > 0 : left[r] >= 2 || (left[r] == 1 && lower > 0);
}

static int rules_cover(const struct split_card *card, const struct split_paytable *pt, int nseen,
                       const struct split_situation *list, long n, char *err, size_t errlen)
{
    int ranks = split_card_has_seen(card) ? NRANKS : 1;
    long gap = n * ranks;
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : gap)
    for (long k = 0; k < n * ranks; k++) {
        struct split_option opt;
        int set_rule, play_rule[2], r = (int)(k % ranks);
        const struct split_situation *s = &list[k / ranks];
        if (k < gap && (ranks == 1 || seen_rank_possible(s, nseen, r)) &&
            !split_card_option_seen(card, pt, s->P, s->u, r, &opt, &set_rule, play_rule))
            gap = k;
    }
    if (gap == n * ranks)
        return 0;
    const struct split_situation *s = &list[gap / ranks];
    char cards[64];
    snprintf(err, errlen, "the card decides nothing for %s, upcard %s%s%s (every situation needs a setting rule, "
                          "and each hand a play rule)",
             cards_format(s->P, 4, cards, sizeof cards), card_rank_word(card_rank(s->u)),
             ranks > 1 ? ", seen card " : "", ranks > 1 ? card_rank_word((int)(gap % ranks)) : "");
    return -1;
}

int split_seen_solve(const struct split_paytable *pt, const struct split_seen_options *o,
                     struct split_seen_result *r, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    struct split_seen_options opts = *o;
    opts.seen = o->seen ? o->seen : 1; /* 0: one card, as before --seen 2 */
    if (opts.seen != 1 && opts.seen != 2)
        return snprintf(err, errlen, "%d hole cards seen: 1 or 2", o->seen), -1;
    o = &opts;
    cardmask_t deck = deck_cards(o->deck_ranks);
    int cards = mask_count(deck);
    if (!split_seen_deck_scale(cards, o->seen))
        return snprintf(err, errlen, "a deck of %d cards is too small: at least 3 ranks", cards), -1;
    if (cards < NCARDS && o->resume) /* its pieces would not say which deck they are of */
        return snprintf(err, errlen, "a smaller deck cannot be resumed"), -1;
    team_start(o->threads, o->bind);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    n = n > 0 ? keep_classes(list, n, deck, o->upcards, o->stride) : n;
    if (n <= 0) {
        snprintf(err, errlen, n == 0 ? "no situation class is kept (--upcards, --stride)" : "out of memory");
        return free(list), -1;
    }
    if (o->rules && rules_cover(o->rules, pt, o->seen, list, n, err, errlen) != 0)
        return free(list), -1;
    struct split_seen_totals sum;
    memset(&sum, 0, sizeof sum);
    struct run_tally tally = {0, 0};
    struct split_seen_card_sums *card = calloc(1, sizeof *card);
    struct split_seen_cells *cells = calloc(1, sizeof *cells);
    struct split_seen_totals *piece = calloc(1, sizeof *piece); /* run_pieces' scratch */
    /* the ranks agree before they part: one that returned alone would
     * leave the others waiting at the reductions */
    int short_of_memory = !card || !cells || !piece;
    if (cluster_reduce_int(&short_of_memory) != 0 || cluster_bcast(&short_of_memory, sizeof short_of_memory) != 0 ||
        short_of_memory) {
        free(card), free(cells), free(piece), free(list);
        return snprintf(err, errlen, "out of memory (this rank or another)"), -1;
    }
    int rc = run_pieces(pt, o, o->resume, list, n, &sum, card, cells, piece, &tally.resumed, err, errlen);
    free(piece);
    /* every rank reaches the reductions, whatever it met (else the others wait) */
    tally.failed = rc != 0;
    if (cluster_reduce(&tally, sizeof tally, tally_add, NULL) != 0 || cluster_reduce(&sum, sizeof sum, totals_add, NULL) != 0 ||
        cluster_reduce(card, sizeof *card, card_sums_add, NULL) != 0 ||
        (o->rules && cluster_reduce(cells, sizeof *cells, cells_add, NULL) != 0))
        rc = -1, snprintf(err, errlen, "MPI: gathering the results failed");
    else if (tally.failed && rc == 0 && cluster_rank() == 0)
        rc = -1, snprintf(err, errlen, "another rank failed (its message is above)");
    else if (o->rules && rc == 0 && cluster_rank() == 0 && sum.rules_uncovered)
        rc = -1, snprintf(err, errlen, "internal: the card decides nothing in %lld seen situation(s) its check passed",
                          (long long)sum.rules_uncovered);
    *r = (struct split_seen_result){*pt,
                                    o->instant,
                                    o->seen,
                                    o->upcards,
                                    o->stride > 1 ? o->stride : 1,
                                    o->deck_ranks,
                                    cards,
                                    split_seen_deck_sets(cards, o->seen),
                                    split_seen_deck_scale(cards, o->seen),
                                    split_seen_deck_normal_scale(cards),
                                    sum,
                                    omp_get_wtime() - t0,
                                    omp_get_max_threads(),
                                    cluster_size(),
                                    o->bind,
                                    SEEN_PIECES,
                                    tally.resumed,
                                    {0},
                                    .has_rules = false}; /* the rules: below */
    split_seen_card_make(card, &r->card);
    if (o->rules && rc == 0 && cluster_rank() == 0) {
        r->has_rules = true;
        rc = split_seen_rules_learn(cells, o->rules, o->rules_added, &r->rules, err, errlen);
        r->rules.pass_ev = sum.rules_ev;
        if (rc == 0 && r->rules.pass_ev != r->rules.base_ev) /* two sums of the same card: played, and from the cells */
            rc = -1, snprintf(err, errlen, "internal: the card's EV played and summed by cells differ");
        r->seconds = omp_get_wtime() - t0; /* the rules' search too */
    }
    free(card);
    free(cells);
    free(list);
    return rc;
}
