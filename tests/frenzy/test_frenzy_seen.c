/* test_frenzy_seen.c — Four Card Frenzy with one or two dealer cards seen
 *  (frenzy_seen.h) against independent checks.
 *
 *   1. Per situation, one and two cards seen: the fast counts
 *      (inclusion-exclusion over the player's cards) against the brute
 *      force of frenzy_brute.c, which deals each of the C(46,4) = 163,185
 *      (C(45,3) = 14,190) dealer hands holding the seen cards and compares
 *      them by its own evaluator; every option's exact EV against the
 *      brute force's settlement, under both copy readings.  Edge cases (the
 *      seen cards beside quads, a straight flush, the lowest hands) and
 *      fixed-seed random situations.  For one hand, its counts summed over
 *      every seen set are C(5,K) times its normal counts.
 *   2. Over every situation (one card seen; two take about 35 s, run by
 *      scripts/make-protection, whose report states the first), identities no single count can fake: the
 *      normal strategy priced with each seen card sums to 5 x the normal
 *      game's EV (each dealer hand is seen through each of its 5 cards);
 *      every row of the decision-change table sums to 47 x the hands the
 *      normal game takes that decision with; each seen rank covers
 *      4 x C(51,5) situations; knowing more never loses (seen EV >= normal
 *      EV, in total and per seen rank); the card's rules never beat the
 *      seen-optimal strategy.
 *   3. The same bits with 1 and 3 threads as with 2.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "frenzy_brute.h"
#include "frenzy_class_lookup.h"
#include "frenzy_counts.h"
#include "frenzy_rules.h"
#include "frenzy_seen.h"
#include "frenzy_seen_counts.h"
#include "frenzy_solve.h"

static struct frenzy_counts counts;
static struct frenzy_game game;
static struct frenzy_seen seen; /* with 2 threads */

static int setup(void **state)
{
    (void)state;
    char err[128];
    omp_set_dynamic(0);
    omp_set_num_threads(2);
    if (frenzy_preset_get(FT_ODDS_WIN, "WE-1", &game.win) || frenzy_preset_get(FT_BAD_BEAT, "BB-2", &game.bad_beat))
        return -1;
    game.copy = FRENZY_COPY_WIN;
    if (frenzy_counts_build(false, &counts, err, sizeof err) || frenzy_seen_solve(&game, &counts, 1, false, NULL, &seen, err, sizeof err))
        return fprintf(stderr, "%s\n", err), -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    frenzy_counts_free(&counts);
    return 0;
}

/* ------------------------------------------------------------------ */
/* 1. Per situation                                                    */
/* ------------------------------------------------------------------ */

static int64_t binom(int n, int k) { return k < 0 || k > n ? 0 : k == 0 ? 1 : binom(n - 1, k - 1) * n / k; }

/* The dealer hands holding the k seen cards, the rest from the cards
 * outside player and seen: every one dealt and ranked. */
static void brute_counts(const card_t player[5], const card_t *seen, int k, struct frenzy_brute_counts *out)
{
    card_t rest[NCARDS];
    int n = 0;
    for (int c = 0; c < NCARDS; c++) {
        bool used = false;
        for (int i = 0; i < 5; i++)
            used |= player[i] == c;
        for (int i = 0; i < k; i++)
            used |= seen[i] == c;
        if (!used)
            rest[n++] = (card_t)c;
    }
    frenzy_brute_counts_among(player, seen, k, rest, n, out);
}

static const struct frenzy_brute_odds *brute_bad_beat(void) { return &FRENZY_BRUTE_BB2; }

static int check_situation(const struct frenzy_seen_tables *t, const card_t player[5])
{
    card_t seen[FRENZY_SEEN_MAX];
    int k = frenzy_seen_tables_cards(t, seen);
    int64_t all = binom(47 - k, 5 - k);
    struct frenzy_class fast;
    frenzy_seen_tables_count(t, player, &fast);
    struct frenzy_brute_counts b;
    brute_counts(player, seen, k, &b);
    int bad = 0;
    bad += fast.total != b.total || (int64_t)b.total != all;
    bad += fast.below != b.win_q + b.win_nq;
    bad += fast.upto != b.win_q + b.win_nq + b.copy_q + b.copy_nq;
    bad += fast.unqualified != b.win_nq + b.copy_nq + b.lose_nq;
    for (int copy = 0; copy < 2; copy++) {
        struct frenzy_game g = game;
        g.copy = copy ? FRENZY_COPY_PUSH : FRENZY_COPY_WIN;
        int64_t den = frenzy_game_den(&g);
        struct frenzy_decision d;
        frenzy_decide_among(&g, den, &fast, all, &d);
        for (int r = 0; r <= d.max_raise; r++) {
            struct frenzy_brute_ev e = frenzy_brute_ev_rules(player, &b, r, &FRENZY_BRUTE_WE1, brute_bad_beat(), copy);
            /* d.ev[r] / (all den) == e.num / e.den */
            bad += d.ev[r] * e.den != (wide_t)e.num * all * den;
        }
        bad += d.max_raise != frenzy_brute_max_raise(player);
    }
    if (bad) {
        char text[40];
        card_t cards[7] = {player[0], player[1], player[2], player[3], player[4], seen[0], seen[1]};
        fprintf(stderr, "mismatch: player and seen %s: below %u upto %u nq %u total %u\n",
                cards_format(cards, 5 + k, text, sizeof text), fast.below, fast.upto, fast.unqualified, fast.total);
    }
    return bad;
}

static void sort_cards(card_t *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            card_t x = c[j];
            c[j] = c[j - 1], c[j - 1] = x;
        }
}

static card_t parse_card(const char *s)
{
    card_t c;
    char err[80];
    assert_int_equal(cards_parse(s, &c, 1, err, sizeof err), 1);
    return c;
}

static uint64_t rng = UINT64_C(0x5eed5eed12345678);

static card_t random_card(uint64_t *used)
{
    card_t c;
    do { /* splitmix64 */
        uint64_t z = (rng += UINT64_C(0x9e3779b97f4a7c15));
        z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
        c = (card_t)((z ^ (z >> 31)) % NCARDS);
    } while (*used >> c & 1);
    *used |= UINT64_C(1) << c;
    return c;
}

static void counts_match_brute_force(void **state)
{
    (void)state;
    static const char *const EDGE[][7] = { /* five cards, then the seen ones */
        {"Ah", "Ad", "Ac", "As", "2c", "Kd", NULL}, /* quad aces: never loses */
        {"2h", "2d", "2c", "2s", "3c", "As", NULL}, /* quad deuces, an Ace seen */
        {"Jh", "Qh", "Kh", "Ah", "9c", "Ts", NULL}, /* J-Q-K-A suited, a 10 seen */
        {"2c", "3d", "4h", "6s", "8c", "5d", NULL}, /* the seen card fills the straight's gap */
        {"2c", "3d", "5h", "6s", "8c", "Kh", NULL}, /* low hand, a King seen: the dealer qualifies */
        {"Kc", "Qd", "9h", "7s", "5c", "Ks", NULL},
        {"Ah", "Ad", "Ac", "As", "2c", "Kd", "Ks"}, /* two seen: a pair of Kings */
        {"2c", "3d", "5h", "6s", "8c", "9h", "Th"}, /* two seen suited connectors */
        {"Kc", "Qd", "9h", "7s", "5c", "4c", "3c"}, /* a seen straight draw for the dealer */
    };
    struct frenzy_hand_ranks ranks;
    assert_int_equal(frenzy_hand_ranks_build(&ranks), 0);
    struct frenzy_seen_tables *t = frenzy_seen_tables_new(&ranks, CARDMASK_ALL);
    assert_non_null(t);
    int bad = 0, n = 0;
    for (size_t e = 0; e < sizeof EDGE / sizeof EDGE[0]; e++) {
        card_t p[5], s[FRENZY_SEEN_MAX];
        for (int i = 0; i < 5; i++)
            p[i] = parse_card(EDGE[e][i]);
        int k = EDGE[e][6] ? 2 : 1;
        for (int i = 0; i < k; i++)
            s[i] = parse_card(EDGE[e][5 + i]);
        sort_cards(p, 5), sort_cards(s, k);
        frenzy_seen_tables_load(t, s, k);
        bad += check_situation(t, p), n++;
    }
    for (int j = 0; j < 48; j++) {
        uint64_t used = 0;
        card_t p[5], s[FRENZY_SEEN_MAX];
        int k = 1 + j % 2;
        for (int i = 0; i < 5; i++)
            p[i] = random_card(&used);
        for (int i = 0; i < k; i++)
            s[i] = random_card(&used);
        sort_cards(p, 5), sort_cards(s, k);
        frenzy_seen_tables_load(t, s, k);
        bad += check_situation(t, p), n++;
    }
    frenzy_seen_tables_free(t);
    frenzy_hand_ranks_free(&ranks);
    printf("%d situations against the brute force, %d mismatched\n", n, bad);
    assert_int_equal(bad, 0);
}

/* For one hand, the counts with every seen set summed: each dealer hand
 * is met once per set of k of its 5 cards, so C(5,k) times its normal
 * counts (frenzy_counts_build's, found by the hand's class). */
static void one_hand_over_every_seen_set(void **state)
{
    (void)state;
    struct frenzy_hand_ranks ranks;
    assert_int_equal(frenzy_hand_ranks_build(&ranks), 0);
    struct frenzy_seen_tables *t = frenzy_seen_tables_new(&ranks, CARDMASK_ALL);
    assert_non_null(t);
    uint64_t used = 0;
    card_t p[5];
    for (int i = 0; i < 5; i++)
        p[i] = random_card(&used);
    sort_cards(p, 5);
    struct frenzy_class_lookup lookup;
    assert_int_equal(frenzy_class_lookup_init(&lookup, &game, &counts), 0);
    long cls = frenzy_class_lookup_find(&lookup, cards_to_mask(p, 5));
    assert_true(cls >= 0);
    const struct frenzy_class *normal = &counts.classes[cls];
    for (int k = 1; k <= FRENZY_SEEN_MAX; k++) {
        int64_t sum[4] = {0};
        for (int a = 0; a < NCARDS; a++)
            for (int b = k == 1 ? NCARDS - 1 : a + 1; b < NCARDS; b++) {
                card_t s[2] = {(card_t)a, (card_t)b};
                if ((used >> a & 1) || (k == 2 && (used >> b & 1)))
                    continue;
                frenzy_seen_tables_load(t, s, k);
                struct frenzy_class c;
                frenzy_seen_tables_count(t, p, &c);
                sum[0] += c.below, sum[1] += c.upto, sum[2] += c.unqualified, sum[3] += c.total;
            }
        int64_t times = binom(5, k);
        assert_int_equal(sum[0], times * normal->below);
        assert_int_equal(sum[1], times * normal->upto);
        assert_int_equal(sum[2], times * normal->unqualified);
        assert_int_equal(sum[3], times * FRENZY_DEALER_HANDS);
    }
    frenzy_class_lookup_free(&lookup);
    frenzy_seen_tables_free(t);
    frenzy_hand_ranks_free(&ranks);
}

/* ------------------------------------------------------------------ */
/* 2. Identities over every situation                                  */
/* ------------------------------------------------------------------ */

static void identities_hold(void **state)
{
    (void)state;
    struct frenzy_totals normal;
    frenzy_price(&game, &counts, &normal);
    /* the normal strategy priced through every seen card: 5 x its EV */
    assert_true(seen.normal_ev == 5 * normal.ev);
    assert_true(seen.normal_total == seen.normal_ev);
    for (int i = 0; i < FRENZY_NCHOICES; i++) {
        int64_t row = 0;
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            row += seen.change[i][j];
        assert_int_equal(row, seen.seen_sets * normal.choice[i]);
    }
    int64_t per_rank = 4 * INT64_C(2349060); /* 4 suits x C(51,5) */
    for (int k = 0; k < NRANKS; k++) {
        assert_int_equal(seen.by_rank[k].pairs, per_rank);
        assert_true(seen.by_rank[k].ev >= seen.by_rank[k].normal_ev);
        assert_true(seen.by_rank[k].rule.ev <= seen.by_rank[k].ev);
    }
    assert_true(seen.ev > seen.normal_ev);
    assert_true(seen.card_ev <= seen.ev);
    assert_int_equal(seen.change[FRENZY_RAISE2][FRENZY_RAISE2], 0); /* 2x is never best */
}

/* ------------------------------------------------------------------ */
/* 3. Threads                                                          */
/* ------------------------------------------------------------------ */

static void same_bits_any_thread_count(void **state)
{
    (void)state;
    static const int THREADS[] = {1, 3};
    for (size_t i = 0; i < sizeof THREADS / sizeof THREADS[0]; i++) {
        char err[128];
        struct frenzy_seen other;
        omp_set_num_threads(THREADS[i]);
        assert_int_equal(frenzy_seen_solve(&game, &counts, 1, false, NULL, &other, err, sizeof err), 0);
        assert_true(other.ev == seen.ev);
        assert_true(other.card_ev == seen.card_ev);
        assert_memory_equal(other.change, seen.change, sizeof seen.change);
        for (int k = 0; k < NRANKS; k++) {
            assert_true(other.by_rank[k].ev == seen.by_rank[k].ev);
            assert_int_equal(other.by_rank[k].rule.raise_from, seen.by_rank[k].rule.raise_from);
        }
    }
    omp_set_num_threads(2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_match_brute_force),
        cmocka_unit_test(one_hand_over_every_seen_set),
        cmocka_unit_test(identities_hold),
        cmocka_unit_test(same_bits_any_thread_count),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
