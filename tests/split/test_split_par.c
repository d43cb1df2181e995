/* test_split_par.c — the exact distribution of a 4 Card Split round
 * (split_par.h) against independent computations.
 *
 *   1. The fast path (split_par_class) against the brute force of
 *      split_par_brute.c, cell by cell of the joint table, for EVERY legal
 *      decision of chosen situations under the 2014 and v2 rules.  The
 *      brute force is first checked on its own: each decision's rounds add
 *      up to SPLIT_L, each played hand's marginal equals the per-hand
 *      counts of the older brute force (split_brute.c, written apart), and
 *      where both hands are played the joint is not the product of the
 *      marginals (so a fast path that treated the hands as independent
 *      could not pass) unless one hand's money is constant.
 *   2. Class by class on a sample of every rule version: the mean of the
 *      class's distribution equals split_decide's value of the optimal
 *      decision plus the Blind, and every played hand's marginal equals
 *      split_situation_counts.
 *   3. split_par_compute on a stride of classes: its mean equals the EV of
 *      a separate split_solve run; 1 and 2 threads give the same bits; the
 *      figures are consistent with the distribution; a paytable in
 *      quarters (den = 4) scales the nets and keeps the weights, and
 *      fractional payouts still meet the solver's EV.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split_brute.h"
#include "split_par.h"
#include "split_par_brute.h"
#include "split_par_class.h"
#include "split_situations.h"

static const struct split_rules RULES_2014 = {SPLIT_DEALER_BEST3OF4, RANK_QUEEN};
static const struct split_rules RULES_V2 = {SPLIT_DEALER_UP_BEST2OF3, RANK_KING};

enum { MAX_PRINTED = 10 };

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static struct split_par_table *new_table(void)
{
    struct split_par_table *t = calloc(1, sizeof *t);
    assert_non_null(t);
    return t;
}

static void parse_situation(const char *text, card_t P[4], card_t *u)
{
    card_t c[5];
    char err[128];
    if (cards_parse_exact(text, c, 5, err, sizeof err) != 0)
        fail_msg("bad situation \"%s\": %s", text, err);
    memcpy(P, c, 4);
    *u = c[4];
}

static bool trio_is_instant(const card_t P[4], int mask)
{
    card_t h[3];
    for (int i = 0, n = 0; i < 4; i++)
        if (mask >> i & 1)
            h[n++] = P[i];
    return eval3_category_of(eval3_rank(h)) >= E3_FLUSH;
}

/* Every legal decision of a situation, whatever its value: each instant
 * winner with its single card played or folded; or fold all and every
 * split with one or both hands played. */
static int legal_decisions(const card_t P[4], struct split_decision d[SPLIT_PAR_BRUTE_MAX])
{
    static const int TRIOS[4] = {7, 11, 13, 14}, PAIRS[3] = {3, 5, 6};
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (trio_is_instant(P, TRIOS[i]))
            for (int play = 0; play < 2; play++)
                d[n++] = (struct split_decision){.choice = SPLIT_INSTANT, .hand_a = (uint8_t)TRIOS[i],
                                                 .hand_b = (uint8_t)(15 ^ TRIOS[i]), .play_b = play};
    if (n > 0)
        return n;
    d[n++] = (struct split_decision){.choice = SPLIT_FOLD_ALL};
    for (int k = 0; k < 7; k++) {
        int a = k < 4 ? TRIOS[k] : PAIRS[k - 4];
        for (int pattern = 1; pattern < 4; pattern++)
            d[n++] = (struct split_decision){.choice = k < 4 ? SPLIT_3_1 : SPLIT_2_2, .hand_a = (uint8_t)a,
                                             .hand_b = (uint8_t)(15 ^ a), .play_a = pattern & 1,
                                             .play_b = pattern >> 1};
    }
    return n;
}

/* One played hand's marginal (second = hand B), in split_hand_counts form. */
static struct split_hand_counts marginal(const struct split_par_table *t, int second)
{
    struct split_hand_counts h = {0};
    for (int bc = 0; bc < BL_NCATEGORIES; bc++)
        for (int k = 0; k < SPLIT_PAR_NKINDS; k++)
            for (int dl = SPLIT_PAR_DEALER_NQ; dl <= SPLIT_PAR_DEALER_Q; dl++)
                for (int sa = 0; sa < SPLIT_PAR_NSLOTS; sa++)
                    for (int sb = 0; sb < SPLIT_PAR_NSLOTS; sb++) {
                        int64_t w = t->w[bc][k][dl][sa][sb];
                        int s = second ? sb : sa;
                        if (w == 0 || !split_par_slot_played(s))
                            continue;
                        int c = split_par_slot_category(s), q = dl == SPLIT_PAR_DEALER_Q;
                        switch (split_par_slot_result(s)) {
                        case SPLIT_PAR_WIN: *(q ? &h.win_q[c] : &h.win_nq[c]) += (uint32_t)w; break;
                        case SPLIT_PAR_TIE: h.tie += (uint32_t)w; break;
                        default: *(q ? &h.lose_q : &h.lose_nq) += (uint32_t)w; break;
                        }
                        h.total += (uint32_t)w;
                    }
    return h;
}

/* counts scaled to the SPLIT_L rounds of a situation */
static struct split_hand_counts scaled(const struct split_hand_counts *c)
{
    uint32_t k = (uint32_t)(SPLIT_L / c->total);
    struct split_hand_counts s = *c;
    for (int i = 0; i < E3_NCATEGORIES; i++)
        s.win_q[i] *= k, s.win_nq[i] *= k;
    s.tie *= k, s.lose_q *= k, s.lose_nq *= k, s.total *= k;
    return s;
}

static void expect_hand(const char *what, const struct split_hand_counts *got, const struct split_hand_counts *want)
{
    if (memcmp(got, want, sizeof *got) != 0) {
        fprintf(stderr, "%s: marginal differs: total %u vs %u, tie %u vs %u, lose_q %u vs %u, lose_nq %u vs %u\n",
                what, got->total, want->total, got->tie, want->tie, got->lose_q, want->lose_q, got->lose_nq,
                want->lose_nq);
        fail_msg("%s: a played hand's marginal differs from the per-hand counts", what);
    }
}

/* Checks both played hands' marginals of a single situation's table. */
static void expect_marginals(const char *what, const struct split_par_table *t, const struct split_decision *d,
                             const struct split_hand_counts counts[SPLIT_NMASKS])
{
    bool instant = d->choice == SPLIT_INSTANT, fold = d->choice == SPLIT_FOLD_ALL;
    if (!fold && !instant && d->play_a) {
        struct split_hand_counts got = marginal(t, 0), want = scaled(&counts[d->hand_a]);
        expect_hand(what, &got, &want);
    }
    if (!fold && d->play_b) {
        struct split_hand_counts got = marginal(t, 1), want = scaled(&counts[d->hand_b]);
        expect_hand(what, &got, &want);
    }
}

static int64_t table_sum(const struct split_par_table *t)
{
    int64_t s = 0;
    const int64_t *w = &t->w[0][0][0][0][0];
    for (size_t i = 0; i < sizeof t->w / sizeof *w; i++)
        s += w[i];
    return s;
}

static int64_t dealer_sum(const struct split_par_table *t)
{
    int64_t s = 0;
    for (int sd = 0; sd < 2; sd++)
        for (int c = 0; c < E3_NCATEGORIES; c++)
            s += t->dealer[sd][c][0] + t->dealer[sd][c][1];
    return s;
}

/* Cell by cell; prints the first mismatches. */
static int table_mismatches(const char *what, const struct split_par_table *got, const struct split_par_table *want)
{
    int bad = 0;
    const int64_t *g = &got->w[0][0][0][0][0], *w = &want->w[0][0][0][0][0];
    for (size_t i = 0; i < sizeof got->w / sizeof *g; i++)
        if (g[i] != w[i] && bad++ < MAX_PRINTED)
            fprintf(stderr, "%s: cell (blind %zu, kind %zu, dealer %zu, slots %zu %zu): fast %lld, brute %lld\n",
                    what, i / (SPLIT_PAR_NKINDS * SPLIT_PAR_NDEALER * SPLIT_PAR_NSLOTS * SPLIT_PAR_NSLOTS),
                    i / (SPLIT_PAR_NDEALER * SPLIT_PAR_NSLOTS * SPLIT_PAR_NSLOTS) % SPLIT_PAR_NKINDS,
                    i / (SPLIT_PAR_NSLOTS * SPLIT_PAR_NSLOTS) % SPLIT_PAR_NDEALER, i / SPLIT_PAR_NSLOTS % SPLIT_PAR_NSLOTS,
                    i % SPLIT_PAR_NSLOTS, (long long)g[i], (long long)w[i]);
    if (memcmp(got->dealer, want->dealer, sizeof got->dealer) != 0 && bad++ < MAX_PRINTED)
        fprintf(stderr, "%s: the dealer's hands differ\n", what);
    return bad;
}

static void describe(const char *sit, const struct split_decision *d, char *buf, size_t len)
{
    snprintf(buf, len, "%s, decision %d (%x %s, %x %s)", sit, d->choice, d->hand_a, d->play_a ? "play" : "-",
             d->hand_b, d->play_b ? "play" : "-");
}

/* ------------------------------------------------------------------ */
/* 1. Fast path == brute force, every legal decision                   */
/* ------------------------------------------------------------------ */

/* Whether the two hands' money is dependent: E[AB] != E[A] E[B]
 * (cross-multiplied, exact).  Independence is allowed only when one hand's
 * money is constant (a 3-card hand the dealer's upcard always beats). */
static bool dependent(const char *what, const struct split_par_table *t, const struct split_paytable *pt)
{
    wide_t n = 0, sa = 0, sb = 0, sab = 0, saa = 0, sbb = 0;
    for (int bc = 0; bc < BL_NCATEGORIES; bc++)
        for (int k = 0; k < SPLIT_PAR_NKINDS; k++)
            for (int dl = 0; dl < SPLIT_PAR_NDEALER; dl++)
                for (int a = 0; a < SPLIT_PAR_NSLOTS; a++)
                    for (int b = 0; b < SPLIT_PAR_NSLOTS; b++) {
                        int64_t w = t->w[bc][k][dl][a][b];
                        if (!w)
                            continue;
                        struct split_par_money ma = split_par_cell_money(pt, 0, SPLIT_PAR_FOLD_ALL, dl, a, SPLIT_PAR_SLOT_NONE);
                        struct split_par_money mb = split_par_cell_money(pt, 0, SPLIT_PAR_FOLD_ALL, dl, SPLIT_PAR_SLOT_NONE, b);
                        int64_t xa = ma.ante_showdown + ma.play, xb = mb.ante_showdown + mb.play;
                        n += w, sa += (wide_t)w * xa, sb += (wide_t)w * xb, sab += (wide_t)w * xa * xb;
                        saa += (wide_t)w * xa * xa, sbb += (wide_t)w * xb * xb;
                    }
    if (n * sab != sa * sb)
        return true;
    if (n * saa != sa * sa && n * sbb != sb * sb)
        fail_msg("%s: two variable hands look independent", what);
    return false;
}

static void check_situation(const struct split_rules *r, const struct split_paytable *pt,
                            const struct split_dealer_tables *tables, const char *text)
{
    card_t P[4], u;
    parse_situation(text, P, &u);
    struct split_decision d[SPLIT_PAR_BRUTE_MAX];
    int nd = legal_decisions(P, d);
    struct split_par_table *brute = calloc((size_t)nd, sizeof *brute), *fast = new_table();
    assert_non_null(brute);
    split_par_brute(r, P, u, d, nd, brute);
    struct split_hand_counts counts[SPLIT_NMASKS];
    split_brute_counts(r, P, u, counts);
    int bad = 0, joint = 0;
    for (int k = 0; k < nd; k++) {
        char what[160];
        describe(text, &d[k], what, sizeof what);
        /* the brute force, from first principles */
        assert_int_equal(table_sum(&brute[k]), SPLIT_L);
        assert_int_equal(dealer_sum(&brute[k]), SPLIT_L);
        expect_marginals(what, &brute[k], &d[k], counts);
        bool both = d[k].choice >= SPLIT_3_1 && d[k].play_a && d[k].play_b;
        if (both && dependent(what, &brute[k], pt))
            joint++;
        /* the fast path against it */
        memset(fast, 0, sizeof *fast);
        split_par_class(tables, P, u, 1, &d[k], fast);
        bad += table_mismatches(what, fast, &brute[k]);
    }
    if (d[0].choice != SPLIT_INSTANT)
        assert_true(joint >= 4); /* the hands of a split depend on each other through the dealer */
    free(brute);
    free(fast);
    if (bad)
        fail_msg("%s: %d cells differ between the fast path and the brute force", text, bad);
}

static void fast_vs_brute(const struct split_rules *r, const char *preset, const char *const *sits, int n)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_dealer_tables *tables = split_dealer_tables_build(r);
    assert_non_null(tables);
    for (int i = 0; i < n; i++)
        check_situation(r, pt, tables, sits[i]);
    split_dealer_tables_free(tables);
}

static void test_fast_vs_brute_2014(void **state)
{
    (void)state;
    static const char *const SITS[] = {
        "9c 9d 5h 2s Kd", /* a low pair: every split */
        "Ac Kd 7h 3s Qs", /* high cards, the upcard qualifies */
        "Ah Kh Qh Jh 2c", /* four instant winners: royal, straight flush, two flushes */
        "2c 3d 4h Td 3c", /* an instant straight; the single card pairs the upcard */
        "Qc Qd Qh 4s Qs", /* instant trips; the dealer cannot hold a queen */
        "Ah Kd As Kc 7d", /* two pair: 2+2 hands of equal rank (pA = pB) */
        "Jc Td 8h 2s 5d", /* J-T-8, the hand just below the qualifier (pA + 1 = q) */
    };
    fast_vs_brute(&RULES_2014, "2014-1a", SITS, sizeof SITS / sizeof *SITS);
}

static void test_fast_vs_brute_v2(void **state)
{
    (void)state;
    static const char *const SITS[] = {
        "Kc Kd 9h 3s As", /* a high pair against an ace */
        "2c 7d 9h Js 8c", /* nothing: the dealer's upcard always plays */
        "5s 6s 7d Ks 2s", /* an instant flush, the single card a king */
        "Qc Jd 9h 3s 5c", /* Q-J-9, the hand just below the qualifier (pA + 1 = q) */
    };
    fast_vs_brute(&RULES_V2, "v2-P1", SITS, sizeof SITS / sizeof *SITS);
}

/* ------------------------------------------------------------------ */
/* 2. Class by class against the solver's own values                   */
/* ------------------------------------------------------------------ */

static void per_class(const char *preset, enum split_instant_reading instant, int stride)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_dealer_tables *tables = split_dealer_tables_build(&pt->rules);
    assert_non_null(tables);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    assert_true(n > 0);
    struct split_par_table *t = new_table();
    int seen[4] = {0}, checked = 0;
    for (long i = 0; i < n; i += stride, checked++) {
        const struct split_situation *s = &list[i];
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct split_decision d;
        split_situation_counts(tables, s->P, s->u, counts);
        split_decide(pt, instant, s->P, counts, &d);
        memset(t, 0, sizeof *t);
        split_par_class(tables, s->P, s->u, 1, &d, t);
        struct split_par p;
        assert_int_equal(split_par_summarise(pt, instant, t, &p), 0);
        char what[96], cards[16], up[3];
        snprintf(what, sizeof what, "%s class %ld (%s | %s)", preset, i, cards_format(s->P, 4, cards, sizeof cards),
                 (card_format(s->u, up), up));
        assert_int_equal(p.total, SPLIT_L);
        wide_t want = d.best + (wide_t)pt->blind[eval4_category_of(split_blind_rank(s->P))] * SPLIT_L;
        if (p.sum_net != want)
            fail_msg("%s: the distribution's mean %lld differs from the solver's %lld (1/(SPLIT_L den))", what,
                     (long long)p.sum_net, (long long)want);
        expect_marginals(what, t, &d, counts);
        seen[d.choice]++;
        split_par_free(&p);
    }
    for (int c = 0; c < 4; c++)
        if (c != SPLIT_FOLD_ALL || stride < 200) /* fold all is rare: 0.03% of situations */
            assert_true(seen[c] > 0);
    printf("  %s: %d classes, decisions fold/instant/3+1/2+2 = %d/%d/%d/%d\n", preset, checked, seen[0], seen[1],
           seen[2], seen[3]);
    free(t);
    free(list);
    split_dealer_tables_free(tables);
}

static void test_per_class_2014(void **state)
{
    (void)state;
    per_class("2014-1a", SPLIT_INSTANT_CHOOSE, 331);
    per_class("2014-2b", SPLIT_INSTANT_HIGHEST, 997);
}

static void test_per_class_v2(void **state)
{
    (void)state;
    per_class("v2-P1", SPLIT_INSTANT_CHOOSE, 331);
}

/* ------------------------------------------------------------------ */
/* 3. The whole computation on a stride                                */
/* ------------------------------------------------------------------ */

static void compute(const char *preset, int threads, int stride, struct split_par *p)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_par_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = threads, .bind = BIND_NONE,
                                  .stride = stride};
    char err[256];
    if (split_par_compute(pt, &o, p, err, sizeof err) != 0)
        fail_msg("%s: %s", preset, err);
}

/* The figures agree with the distribution they summarise. */
static void expect_consistent(const struct split_par *p)
{
    int64_t total = 0, wins = 0, pushes = 0;
    wide_t sum = 0, sum2 = 0;
    for (long i = 0; i < p->nvalues; i++) {
        const struct split_par_value *v = &p->values[i];
        assert_true(v->weight > 0);
        if (i > 0)
            assert_true(v->net > p->values[i - 1].net);
        total += v->weight;
        sum += (wide_t)v->weight * v->net;
        sum2 += (wide_t)v->weight * v->net * v->net;
        assert_true(v->weight % p->divisor == 0);
        wins += v->net > 0 ? v->weight : 0;
        pushes += v->net == 0 ? v->weight : 0;
    }
    assert_true(total == p->total && sum == p->sum_net && sum2 == p->sum_net2);
    assert_true(wins == p->wins && pushes == p->pushes && p->losses == total - wins - pushes);
    const struct split_par_bets *b = &p->bets;
    assert_true(b->blind + b->ante_instant + b->ante_showdown + b->ante_fold + b->play == p->sum_net);
    const struct split_par_decisions *d = &p->decisions;
    assert_true(d->choice[0] + d->choice[1] + d->choice[2] + d->choice[3] == total);
    int64_t played = 0;
    for (int h = 0; h < SPLIT_PAR_NHANDS; h++)
        for (int c = 0; c < E3_NCATEGORIES; c++)
            for (int r = 0; r < SPLIT_PAR_NRESULTS; r++)
                played += p->played[h][c][r][0] + p->played[h][c][r][1];
    assert_true(played == d->hands_played);
    assert_true(d->split_3_1_both * 2 + d->split_3_1_three_only + d->split_3_1_one_only + d->split_2_2_both * 2 +
                    d->split_2_2_one_only + d->instant_played ==
                d->hands_played);
}

static void test_compute_stride(void **state)
{
    (void)state;
    static const char *const PRESETS[] = {"2014-1a", "v2-P7"};
    for (int i = 0; i < 2; i++) {
        struct split_par one, two;
        compute(PRESETS[i], 1, 101, &one);
        compute(PRESETS[i], 2, 101, &two);
        /* against a separate solve of the same classes */
        const struct split_paytable *pt = split_preset_find(PRESETS[i]);
        struct split_solve_options so = {.instant = SPLIT_INSTANT_CHOOSE, .threads = 2, .bind = BIND_NONE, .stride = 101};
        struct split_result r;
        char err[256];
        assert_int_equal(split_solve(pt, 1, &so, &r, err, sizeof err), 0);
        assert_true(one.sum_net == r.tot.ev && one.solver_ev == r.tot.ev);
        assert_true(one.sum_net != 0);
        expect_consistent(&one);
        /* the same bits for 1 and 2 threads */
        assert_memory_equal(one.table, two.table, sizeof *one.table);
        assert_int_equal(one.nvalues, two.nvalues);
        assert_memory_equal(one.values, two.values, (size_t)one.nvalues * sizeof *one.values);
        split_par_free(&one);
        split_par_free(&two);
    }
}

/* A paytable in quarters: the same game as 2014-1a written with den = 4
 * gives every net four times larger and the same weights; a payout that
 * is not a whole number (Blind flush 8.75, Ante straight 2.5) still meets
 * the solver's EV exactly. */
static void test_compute_fractional(void **state)
{
    (void)state;
    struct split_paytable quarters = *split_preset_find("2014-1a");
    quarters.den = 4;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        quarters.ante_draw[c] *= 4, quarters.ante_instant[c] *= 4;
    for (int c = 0; c < BL_NCATEGORIES; c++)
        quarters.blind[c] *= 4;
    struct split_par_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = 2, .bind = BIND_NONE, .stride = 211};
    struct split_par whole, q;
    char err[256];
    compute("2014-1a", 2, 211, &whole);
    if (split_par_compute(&quarters, &o, &q, err, sizeof err) != 0)
        fail_msg("quarters: %s", err);
    assert_true(q.sum_net == 4 * whole.sum_net && q.sum_net2 == 16 * whole.sum_net2);
    assert_int_equal(q.nvalues, whole.nvalues);
    for (long i = 0; i < q.nvalues; i++)
        assert_true(q.values[i].net == 4 * whole.values[i].net && q.values[i].weight == whole.values[i].weight);
    split_par_free(&q);

    quarters.blind[BL_FLUSH] = 35;          /* 8.75 */
    quarters.ante_draw[E3_STRAIGHT] = 10;   /* 2.5 */
    if (split_par_compute(&quarters, &o, &q, err, sizeof err) != 0)
        fail_msg("fractions: %s", err);
    assert_true(q.sum_net == q.solver_ev && q.sum_net != 4 * whole.sum_net);
    expect_consistent(&q);
    bool quarter_net = false;
    for (long i = 0; i < q.nvalues; i++)
        quarter_net |= q.values[i].net % 4 != 0;
    assert_true(quarter_net);
    split_par_free(&q);
    split_par_free(&whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_vs_brute_2014),
        cmocka_unit_test(test_fast_vs_brute_v2),
        cmocka_unit_test(test_per_class_2014),
        cmocka_unit_test(test_per_class_v2),
        cmocka_unit_test(test_compute_stride),
        cmocka_unit_test(test_compute_fractional),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
