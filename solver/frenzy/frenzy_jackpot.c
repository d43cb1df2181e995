/* frenzy_jackpot.c — the jackpot side bets of Four Card Frenzy, exactly.
 *
 * The EV of one $1 wager at a table of N players, all betting, is
 *
 *   EV(M) = -1 + sum_rows P(row) * dollars(row)              own fixed prizes
 *              + (N - 1) * sum_rows P(row) * envy(row)       Envy
 *              + M * sum_meter_rows percent(row)/100 * P(row) * E[1/(1+K) | row]
 *
 * with M the meter and K the number of other players holding a hand of
 * the same row (a percent prize is split equally among its holders).
 *
 * Fixed prizes and Envy are linear in each player's hand, so they need
 * only the law of one hand, and each player's hand alone is uniform over
 * the C(52,5) hands whatever the others hold: card removal between
 * players changes no expectation of a sum.  (Envy is read as paid for
 * each other player's hit, at that hit's row.)
 *
 * The share E[1/(1+K) | h] is where card removal matters: another Royal
 * is less likely when you hold one.  It is counted exactly:
 *   1/(1+K) = sum_{j=0..K} (-1)^j C(K,j) / (j+1)
 * (integrate x^K = (1 - (1-x))^K over [0,1]), and
 *   E[C(K,j) | h] = m!/(m-j)! * S_j(h) / prod_{i<j} C(47 - 5i, 5),
 * m = N - 1 other players, S_j(h) the sets of j hands of the row pairwise
 * disjoint and disjoint from h: C(m,j) sets of players, j! ways to hand
 * them the j hands, and the chance that given players hold given
 * disjoint hands is that product (the players' hands are dealt one after
 * another from the 47 cards h leaves; the dealer's cards come from the
 * rest and change nothing).  S_j is found by listing the row's hands
 * (4 Royals, 36 Straight Flushes, 48 hands with Four Aces) and walking
 * their disjoint sets; it vanishes beyond a few j (no two hands with Four
 * Aces are disjoint, so that prize is never shared: computed, not
 * assumed).  Everything is an exact fraction (bigfrac.h).
 */
#include "frenzy_jackpot.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "combo.h"
#include "eval4.h"
#include "frenzy_counts.h"

/* ------------------------------------------------------------------ */
/* Five-card poker                                                     */
/* ------------------------------------------------------------------ */

static const char *const P5_NAMES[P5_NCATEGORIES] = {
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
    "Flush", "Full House", "Four of a Kind", "Straight Flush", "Royal Flush",
};

const char *poker5_category_name(enum poker5_category c)
{
    return c >= 0 && c < P5_NCATEGORIES ? P5_NAMES[c] : "?";
}

/* Five distinct ranks in sequence (A-2-3-4-5 too)?  Returns the top
 * rank, or -1. */
static int straight5_top(unsigned ranks)
{
    const unsigned wheel = 1u << RANK_ACE | 0xfu;
    if (ranks == wheel)
        return 3; /* five-high */
    for (int top = 4; top <= RANK_ACE; top++)
        if (ranks == 0x1fu << (top - 4))
            return top;
    return -1;
}

enum poker5_category poker5_category(const card_t cards[5])
{
    int counts[NRANKS], most = 0, pairs = 0;
    unsigned ranks = 0;
    cards_rank_counts(cards, 5, counts);
    for (int r = 0; r < NRANKS; r++) {
        most = counts[r] > most ? counts[r] : most;
        pairs += counts[r] == 2;
        ranks |= counts[r] ? 1u << r : 0;
    }
    int flush = 1;
    for (int i = 1; i < 5; i++)
        flush &= card_suit(cards[i]) == card_suit(cards[0]);
    int top = straight5_top(ranks);
    if (top >= 0)
        return flush ? (top == RANK_ACE ? P5_ROYAL : P5_STRAIGHT_FLUSH) : P5_STRAIGHT;
    if (most == 4)
        return P5_QUADS;
    if (most == 3)
        return pairs ? P5_FULL_HOUSE : P5_TRIPS;
    if (flush)
        return P5_FLUSH;
    return pairs == 2 ? P5_TWO_PAIR : pairs == 1 ? P5_PAIR : P5_HIGH;
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

static const char *const JP5_NAMES[JP5_NROWS] = {
    "Two Pair or less", "Three of a Kind", "Straight", "Flush",
    "Full House", "Four of a Kind", "Straight Flush", "Royal Flush",
};
static const char *const JP4_NAMES[JP4_NROWS] = {
    "below Trips", "Trips", "Straight Flush", "Quads", "Four Aces",
};

int frenzy_jackpot_nrows(enum frenzy_jackpot_game g) { return g == FRENZY_JACKPOT_FIVE_CARD ? JP5_NROWS : JP4_NROWS; }

const char *frenzy_jackpot_row_name(enum frenzy_jackpot_game g, int row)
{
    if (row < 0 || row >= frenzy_jackpot_nrows(g))
        return "?";
    return g == FRENZY_JACKPOT_FIVE_CARD ? JP5_NAMES[row] : JP4_NAMES[row];
}

const char *frenzy_jackpot_game_name(enum frenzy_jackpot_game g)
{
    return g == FRENZY_JACKPOT_FIVE_CARD ? "Five Card Jackpot" : "Four Card Jackpot";
}

static int five_card_row(const card_t cards[5])
{
    switch (poker5_category(cards)) {
    case P5_ROYAL: return JP5_ROYAL;
    case P5_STRAIGHT_FLUSH: return JP5_STRAIGHT_FLUSH;
    case P5_QUADS: return JP5_QUADS;
    case P5_FULL_HOUSE: return JP5_FULL_HOUSE;
    case P5_FLUSH: return JP5_FLUSH;
    case P5_STRAIGHT: return JP5_STRAIGHT;
    case P5_TRIPS: return JP5_TRIPS;
    default: return JP5_NONE;
    }
}

/* The best four in the Frenzy order (a full house plays Trips). */
static int four_card_row_of_rank(uint32_t rank)
{
    switch (eval4_category_of(rank)) {
    case F4_QUADS: return eval4_top(rank) == RANK_ACE ? JP4_FOUR_ACES : JP4_QUADS;
    case F4_STRAIGHT_FLUSH: return JP4_STRAIGHT_FLUSH;
    case F4_TRIPS: return JP4_TRIPS;
    default: return JP4_NONE;
    }
}

static int four_card_row(const card_t cards[5]) { return four_card_row_of_rank(frenzy_best_rank(cards)); }

int frenzy_jackpot_row_of(enum frenzy_jackpot_game g, const card_t cards[5])
{
    return g == FRENZY_JACKPOT_FIVE_CARD ? five_card_row(cards) : four_card_row(cards);
}

int frenzy_jackpot_meter_row(enum frenzy_jackpot_game g, int row)
{
    return g == FRENZY_JACKPOT_FIVE_CARD ? row == JP5_ROYAL || row == JP5_STRAIGHT_FLUSH : row == JP4_FOUR_ACES;
}

/* ------------------------------------------------------------------ */
/* Presets (the seed's appendices D and E)                             */
/* ------------------------------------------------------------------ */

#define DOLLARS(x) {(x), 0, 0}
#define PERCENT(p) {0, (p), 0}

static const struct frenzy_jackpot_table PRESETS[] = {
    {FRENZY_JACKPOT_FIVE_CARD, "PJ-1", "PJ-1", "",
     {[JP5_ROYAL] = PERCENT(100), [JP5_STRAIGHT_FLUSH] = PERCENT(10), [JP5_QUADS] = DOLLARS(200),
      [JP5_FULL_HOUSE] = DOLLARS(100), [JP5_FLUSH] = DOLLARS(25), [JP5_STRAIGHT] = DOLLARS(15),
      [JP5_TRIPS] = DOLLARS(10)}},
    {FRENZY_JACKPOT_FIVE_CARD, "PJ-2", "PJ-2", "",
     {[JP5_ROYAL] = PERCENT(100), [JP5_STRAIGHT_FLUSH] = PERCENT(10), [JP5_QUADS] = DOLLARS(500),
      [JP5_FULL_HOUSE] = DOLLARS(100), [JP5_FLUSH] = DOLLARS(25), [JP5_STRAIGHT] = DOLLARS(15),
      [JP5_TRIPS] = DOLLARS(7)}},
    {FRENZY_JACKPOT_FIVE_CARD, "PJ-3", "PJ-3", "",
     {[JP5_ROYAL] = PERCENT(100), [JP5_STRAIGHT_FLUSH] = DOLLARS(1000), [JP5_QUADS] = DOLLARS(200),
      [JP5_FULL_HOUSE] = DOLLARS(100), [JP5_FLUSH] = DOLLARS(25), [JP5_STRAIGHT] = DOLLARS(15),
      [JP5_TRIPS] = DOLLARS(10)}},
    {FRENZY_JACKPOT_FIVE_CARD, "PJ-4", "PJ-4", "",
     {[JP5_ROYAL] = PERCENT(100), [JP5_STRAIGHT_FLUSH] = DOLLARS(1000), [JP5_QUADS] = DOLLARS(500),
      [JP5_FULL_HOUSE] = DOLLARS(100), [JP5_FLUSH] = DOLLARS(25), [JP5_STRAIGHT] = DOLLARS(15),
      [JP5_TRIPS] = DOLLARS(7)}},
    {FRENZY_JACKPOT_FOUR_CARD, "FJ-Pays", "pays", "Envy",
     {[JP4_FOUR_ACES] = {0, 100, 100}, [JP4_QUADS] = {300, 0, 10}, [JP4_STRAIGHT_FLUSH] = {100, 0, 5},
      [JP4_TRIPS] = {9, 0, 0}}},
    {FRENZY_JACKPOT_FOUR_CARD, "FJ-Pays-2", "pays2", "Envy 2",
     {[JP4_FOUR_ACES] = {0, 100, 100}, [JP4_QUADS] = {300, 0, 25}, [JP4_STRAIGHT_FLUSH] = {100, 0, 0},
      [JP4_TRIPS] = {15, 0, 0}}},
};
enum { NPRESETS = sizeof PRESETS / sizeof PRESETS[0] };

int frenzy_jackpot_preset_count(enum frenzy_jackpot_game g)
{
    int n = 0;
    for (int i = 0; i < NPRESETS; i++)
        n += PRESETS[i].game == g;
    return n;
}

const struct frenzy_jackpot_table *frenzy_jackpot_preset(enum frenzy_jackpot_game g, int i)
{
    for (int k = 0; k < NPRESETS; k++)
        if (PRESETS[k].game == g && i-- == 0)
            return &PRESETS[k];
    return NULL;
}

int frenzy_jackpot_preset_get(enum frenzy_jackpot_game g, const char *option, struct frenzy_jackpot_table *out)
{
    for (int k = 0; k < NPRESETS; k++)
        if (PRESETS[k].game == g && !strcmp(PRESETS[k].option, option)) {
            *out = PRESETS[k];
            return 0;
        }
    return -1;
}

/* ------------------------------------------------------------------ */
/* The deck's hands by row                                             */
/* ------------------------------------------------------------------ */

/* The meter rows' hands are few (4, 36, 48); room for any of them. */
enum { MAX_HITS = 64, BLOCK = 2048 };

/* Hands in structure-of-arrays form, as the batched kernels take them. */
struct hand_block {
    uint8_t cards[5][BLOCK];
    size_t n;
};

/* The best four through the batched kernel (the CPU's widest: 40 times
 * the scalar reference), five-card poker one hand at a time. */
static void block_rows(enum frenzy_jackpot_game g, const struct hand_block *b, int *rows)
{
    if (g == FRENZY_JACKPOT_FOUR_CARD) {
        uint32_t ranks[BLOCK];
        const uint8_t *const cols[5] = {b->cards[0], b->cards[1], b->cards[2], b->cards[3], b->cards[4]};
        batch_kernels_best()->frenzy_best(cols, b->n, ranks);
        for (size_t j = 0; j < b->n; j++)
            rows[j] = four_card_row_of_rank(ranks[j]);
        return;
    }
    for (size_t j = 0; j < b->n; j++) {
        card_t c[5] = {b->cards[0][j], b->cards[1][j], b->cards[2][j], b->cards[3][j], b->cards[4][j]};
        rows[j] = five_card_row(c);
    }
}

/* One top card's share of the tally: its hands' rows, and those of the
 * meter rows listed (up to MAX_HITS a row; nhits counts them all). */
struct top_tally {
    int64_t freq[FRENZY_JACKPOT_MAXROWS];
    long nhits[FRENZY_JACKPOT_MAXROWS];
    cardmask_t hits[FRENZY_JACKPOT_MAXROWS][MAX_HITS];
};

static void block_tally(enum frenzy_jackpot_game g, struct hand_block *b, struct top_tally *t)
{
    int rows[BLOCK];
    block_rows(g, b, rows);
    for (size_t j = 0; j < b->n; j++) {
        int row = rows[j];
        t->freq[row]++;
        if (!frenzy_jackpot_meter_row(g, row))
            continue;
        if (t->nhits[row] < MAX_HITS) {
            card_t c[5] = {b->cards[0][j], b->cards[1][j], b->cards[2][j], b->cards[3][j], b->cards[4][j]};
            t->hits[row][t->nhits[row]] = cards_to_mask(c, 5);
        }
        t->nhits[row]++;
    }
    b->n = 0;
}

/* The hands whose top card is e, in colex order (as combo_next walks the
 * whole deck, whose hands with top card e come as one run). */
static void tally_top(enum frenzy_jackpot_game g, int e, struct hand_block *b, struct top_tally *t)
{
    b->n = 0;
    combo_t low;
    for (bool more = combo_first(&low, e, 4); more; more = combo_next(&low)) {
        for (int i = 0; i < 4; i++)
            b->cards[i][b->n] = (uint8_t)low.idx[i];
        b->cards[4][b->n] = (uint8_t)e;
        if (++b->n == BLOCK)
            block_tally(g, b, t);
    }
    block_tally(g, b, t);
}

/* The top cards' tallies in parallel, then joined in top-card order: the
 * hands' lists come out in the deck's colex order whatever the thread
 * count, and the frequencies are integer sums. */
int frenzy_jackpot_hands_build(enum frenzy_jackpot_game g, struct frenzy_jackpot_hands *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->game = g;
    struct top_tally *tops = calloc(NCARDS, sizeof *tops);
    int failed = !tops;
    for (int row = 0; row < frenzy_jackpot_nrows(g) && !failed; row++)
        if (frenzy_jackpot_meter_row(g, row) && !(out->hits[row] = malloc(MAX_HITS * sizeof(cardmask_t))))
            failed = 1;
    if (!failed) {
#pragma omp parallel reduction(| : failed)
        {
            struct hand_block *b = malloc(sizeof *b);
            failed |= !b;
#pragma omp for schedule(dynamic, 1)
            for (int e = NCARDS - 1; e >= 4; e--)
                if (b)
                    tally_top(g, e, b, &tops[e]);
            free(b);
        }
    }
    for (int e = 4; e < NCARDS && !failed; e++)
        for (int row = 0; row < frenzy_jackpot_nrows(g); row++) {
            out->freq[row] += tops[e].freq[row];
            for (long i = 0; i < tops[e].nhits[row]; i++, out->nhits[row]++)
                if (i < MAX_HITS && out->nhits[row] < MAX_HITS)
                    out->hits[row][out->nhits[row]] = tops[e].hits[row][i];
        }
    for (int row = 0; row < frenzy_jackpot_nrows(g) && !failed; row++)
        if (out->nhits[row] > MAX_HITS)
            failed = 2;
    free(tops);
    if (failed) {
        frenzy_jackpot_hands_free(out);
        if (failed == 2)
            return snprintf(err, errlen, "internal error: more than %d hands in a meter row", MAX_HITS), -1;
        return snprintf(err, errlen, "out of memory"), -1;
    }
    return 0;
}

void frenzy_jackpot_hands_free(struct frenzy_jackpot_hands *h)
{
    for (int row = 0; row < FRENZY_JACKPOT_MAXROWS; row++) {
        free(h->hits[row]);
        h->hits[row] = NULL;
    }
}

/* ------------------------------------------------------------------ */
/* Sharing                                                             */
/* ------------------------------------------------------------------ */

static void walk_sets(const cardmask_t *hits, long nhits, long from, cardmask_t used, int depth, int maxj,
                      int64_t *counts)
{
    counts[depth]++;
    if (depth == maxj)
        return;
    for (long i = from; i < nhits; i++)
        if (!(hits[i] & used))
            walk_sets(hits, nhits, i + 1, used | hits[i], depth + 1, maxj, counts);
}

void frenzy_jackpot_disjoint_sets(const cardmask_t *hits, long nhits, cardmask_t avoid, int maxj, int64_t *counts)
{
    walk_sets(hits, nhits, 0, avoid, 0, maxj, counts);
}

struct bigfrac frenzy_jackpot_share(const int64_t *counts, int others, int left, int hand)
{
    struct bigfrac sum = bigfrac_int(0);
    struct bigfrac chance = bigfrac_int(1); /* that j given players hold j given disjoint hands */
    int64_t arrangements = 1;               /* m! / (m - j)! */
    for (int j = 0; j <= others; j++) {
        if (j > 0) { /* the j-th player's hand comes from what j - 1 hands leave */
            arrangements *= others - j + 1;
            chance = bigfrac_div(chance, bigfrac_int((int64_t)binomial(left - hand * (j - 1), hand)));
        }
        struct bigfrac term = bigfrac_mul(bigfrac_ratio(arrangements * (j % 2 ? -1 : 1), j + 1),
                                          bigfrac_mul(bigfrac_int(counts[j]), chance));
        sum = bigfrac_add(sum, term);
    }
    return sum;
}

/* Sum over the row's hands h of E[1/(1+K) | h], K among `others`; the
 * hands' walks over the threads (integer counts, summed). */
static struct bigfrac row_share(const struct frenzy_jackpot_hands *h, int row, int others)
{
    int64_t counts[FRENZY_JACKPOT_MAX_PLAYERS] = {0};
    long n = h->nhits[row];
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : counts[:FRENZY_JACKPOT_MAX_PLAYERS])
    for (long i = 0; i < n; i++)
        frenzy_jackpot_disjoint_sets(h->hits[row], n, h->hits[row][i], others, counts);
    return frenzy_jackpot_share(counts, others, NCARDS - 5, 5);
}

/* Each meter row's share, which depends on the hands and the players but
 * not on the table: computed once for all of a game's tables. */
static void row_shares(const struct frenzy_jackpot_hands *h, int players, struct bigfrac *shares)
{
    for (int row = 0; row < frenzy_jackpot_nrows(h->game); row++)
        shares[row] = h->hits[row] ? row_share(h, row, players - 1) : bigfrac_int(0);
}

/* ------------------------------------------------------------------ */
/* Pricing                                                             */
/* ------------------------------------------------------------------ */

static void price(const struct frenzy_jackpot_table *t, const struct frenzy_jackpot_hands *h, int players, struct bigfrac meter,
                  const struct bigfrac *shares, struct frenzy_jackpot_result *out)
{
    memset(out, 0, sizeof *out);
    out->table = *t;
    out->players = players;
    out->meter = meter;
    memcpy(out->freq, h->freq, sizeof out->freq);
    int64_t fixed = 0, envy = 0; /* dollars summed over the hands */
    struct bigfrac shared = bigfrac_int(0);
    for (int row = 0; row < frenzy_jackpot_nrows(t->game); row++) {
        const struct frenzy_jackpot_prize *p = &t->prize[row];
        fixed += h->freq[row] * p->dollars;
        envy += h->freq[row] * p->envy;
        if (p->percent && h->hits[row])
            shared = bigfrac_add(shared, bigfrac_mul(bigfrac_ratio(p->percent, 100), shares[row]));
    }
    struct bigfrac hands = bigfrac_int(FRENZY_HANDS);
    out->base = bigfrac_sub(bigfrac_div(bigfrac_int(fixed + (players - 1) * envy), hands), bigfrac_int(1));
    out->per_meter = bigfrac_div(shared, hands);
    out->ev = bigfrac_add(out->base, bigfrac_mul(out->per_meter, meter));
    if (bigfrac_sign(out->per_meter) > 0)
        out->break_even = bigfrac_div(bigfrac_sub(bigfrac_int(0), out->base), out->per_meter);
}

void frenzy_jackpot_price(const struct frenzy_jackpot_table *t, const struct frenzy_jackpot_hands *h, int players, struct bigfrac meter,
                   struct frenzy_jackpot_result *out)
{
    double t0 = omp_get_wtime();
    struct bigfrac shares[FRENZY_JACKPOT_MAXROWS];
    row_shares(h, players, shares);
    price(t, h, players, meter, shares, out);
    out->seconds = omp_get_wtime() - t0;
}

static int game_listed(const struct frenzy_jackpot_table *tables, int n, enum frenzy_jackpot_game g)
{
    for (int i = 0; i < n; i++)
        if (tables[i].game == g)
            return 1;
    return 0;
}

int frenzy_jackpot_solve(const struct frenzy_jackpot_table *tables, int n, int players, struct bigfrac meter,
                  struct frenzy_jackpot_result *out, char *err, size_t errlen)
{
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++) {
        if (!game_listed(tables, n, (enum frenzy_jackpot_game)g))
            continue;
        double t0 = omp_get_wtime();
        struct frenzy_jackpot_hands h;
        if (frenzy_jackpot_hands_build((enum frenzy_jackpot_game)g, &h, err, errlen) != 0)
            return -1;
        struct bigfrac shares[FRENZY_JACKPOT_MAXROWS];
        row_shares(&h, players, shares);
        double built = omp_get_wtime() - t0;
        for (int i = 0; i < n; i++)
            if (tables[i].game == (enum frenzy_jackpot_game)g) {
                double tp = omp_get_wtime();
                price(&tables[i], &h, players, meter, shares, &out[i]);
                /* the game's first table carries the shared walk and shares */
                out[i].seconds = omp_get_wtime() - tp + built;
                built = 0;
            }
        frenzy_jackpot_hands_free(&h);
    }
    return 0;
}

/* "100% of the meter, shared", "$200", "-" */
char *frenzy_jackpot_prize_text(int percent, int64_t dollars, char *buf, size_t len)
{
    if (percent)
        snprintf(buf, len, "%d%% of the meter, shared", percent);
    else if (dollars)
        snprintf(buf, len, "$%lld", (long long)dollars);
    else
        snprintf(buf, len, "-");
    return buf;
}

const char *frenzy_jackpot_rules(enum frenzy_jackpot_game g)
{
    return g == FRENZY_JACKPOT_FIVE_CARD
               ? "$1 wager; prizes for 1 on the player's original five cards (5-card poker), highest only; a "
                 "percent prize is that part of the meter, shared equally by every player at the table holding "
                 "its hand (exact over the other players' hands from the 47 cards left)"
               : "$1 wager; prizes for 1 on the player's best four cards (Frenzy order), highest only; a "
                 "percent prize is that part of the meter, shared by its holders; Envy: paid to this player for "
                 "each other player at the table whose hand hits, at that hand's row";
}

