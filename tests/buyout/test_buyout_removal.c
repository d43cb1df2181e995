/* test_buyout_removal.c — the passes behind `protect buyout --removal`:
 *   - several objectives in one pass (buyout_round_values) give exactly the
 *     EVs of separate solves (buyout_round_ev) with each Bonus table, on
 *     small shoes even and uneven in their suits;
 *   - the Bonus alone from the 4-card points (buyout_hands4_points, which
 *     the solver's Bonus alone uses too) equals a plain enumeration of
 *     ordered draws scored by the kernel's buyout_points, at uneven shoes;
 *   - first principles: removing one unseen card at random changes no
 *     fixed bet, so for the Bonus alone sum_c n_c EV(S - c) = N EV(S)
 *     exactly; for the main game, knowing the removed card can only help,
 *     so the same sum is at least N EV(S);
 *   - 1, 2 and 3 threads give the same bits (the objectives, the shoe
 *     simulation);
 *   - the count: balanced tags within their level, a betting correlation
 *     of 1 where the effects are a balanced integer vector;
 *   - the exact check of sampled shoes (small ones here) equals separate
 *     solves, and with a --resume folder a second run takes every shoe
 *     from it with the same EVs; a shoe that differs from the one kept, a
 *     damaged file and a missing one are solved again. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "buyout_count.h"
#include "buyout_removal.h"
#include "buyout_shoe.h"
#include "buyout_solve.h"
#include "checkpoint.h"
#include "team.h"

/* A shoe of d copies of the top k ranks, less the cards `less`. */
static struct buyout_rules small_shoe(int d, int k, const char *less)
{
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)(card_rank((card_t)c) >= NRANKS - k ? d : 0);
    card_t out[8];
    char err[128];
    int n = less ? cards_parse(less, out, 8, err, sizeof err) : 0;
    assert_true(n >= 0);
    for (int i = 0; i < n; i++)
        r.shoe[out[i]]--;
    return r;
}

static void equal_fractions(wide_t a, wide_t b, wide_t c, wide_t d, const char *what)
{
    if (a * d != c * b)
        fail_msg("%s: %.12f against %.12f", what, (double)a / (double)b, (double)c / (double)d);
}

static void objectives_equal_solves(void **state)
{
    (void)state;
    struct { int d, k; const char *less; int64_t bnum, bden; } cases[] = {
        {2, 5, NULL, 1, 1}, {2, 5, "As Kd", 1, 2}, {3, 4, "Ah Ah Qc", 3, 1}, {1, 7, "9s", 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct buyout_rules r = small_shoe(cases[i].d, cases[i].k, cases[i].less);
        struct buyout_objectives ob = {.n = 4, .bden = cases[i].bden};
        for (int t = 1; t <= 3; t++)
            ob.table[t] = t, ob.bnum[t] = cases[i].bnum;
        wide_t num[4], den;
        char err[256];
        if (buyout_round_values(&r, &ob, num, &den, err, sizeof err) != 0)
            fail_msg("buyout_round_values: %s", err);
        for (int t = 0; t <= 3; t++) {
            struct buyout_rules s = r;
            s.bonus_table = t, s.bonus_num = cases[i].bnum, s.bonus_den = cases[i].bden;
            wide_t n1, d1;
            if (buyout_round_ev(&s, 1, &n1, &d1, err, sizeof err) != 0)
                fail_msg("buyout_round_ev: %s", err);
            char what[96];
            snprintf(what, sizeof what, "case %zu, table %d", i, t);
            equal_fractions(num[t], den, n1, d1, what);
        }
    }
}

/* The Bonus alone by plain enumeration: every ordered draw of 4 cards from
 * the shoe, scored by the kernel's buyout_points, paid by the rules page's
 * table (buyout_bonus_result); num / den per Bonus unit. */
static void bonus_by_draws(const int count[NCARDS], int table, wide_t *num, wide_t *den)
{
    int left[NCARDS];
    memcpy(left, count, sizeof left);
    wide_t s = 0, w = 0;
    card_t h[4];
    for (h[0] = 0; h[0] < NCARDS; h[0]++) {
        int64_t w0 = left[h[0]]--;
        for (h[1] = 0; w0 && h[1] < NCARDS; h[1]++) {
            int64_t w1 = w0 * left[h[1]]--;
            for (h[2] = 0; w1 && h[2] < NCARDS; h[2]++) {
                int64_t w2 = w1 * left[h[2]]--;
                for (h[3] = 0; w2 && h[3] < NCARDS; h[3]++) {
                    int64_t w3 = w2 * left[h[3]];
                    if (w3) {
                        s += w3 * buyout_bonus_result(table, buyout_points(h, 4));
                        w += w3;
                    }
                }
                left[h[2]]++;
            }
            left[h[1]]++;
        }
        left[h[0]]++;
    }
    *num = s, *den = w;
}

static void bonus_alone_equals_enumeration(void **state)
{
    (void)state;
    assert_int_equal(buyout_hands4_init(), 0);
    struct buyout_rules shoes[] = {small_shoe(3, 4, "As Ah Kd"), small_shoe(2, 6, "Kc Kc Qd")};
    for (size_t i = 0; i < 2; i++) {
        int count[NCARDS];
        buyout_shoe_counts(&shoes[i], count);
        wide_t dist[BUYOUT_NPOINTS], total = buyout_hands4_points(count, dist);
        for (int t = 1; t <= 3; t++) {
            struct buyout_rules s = shoes[i];
            s.bonus_table = t, s.bonus_alone = true;
            wide_t n1, d1, n2, d2, n3, d3;
            char err[256];
            if (buyout_round_ev(&s, 1, &n1, &d1, err, sizeof err) != 0)
                fail_msg("buyout_round_ev: %s", err);
            buyout_bonus_alone_ev(dist, total, t, &n2, &d2);
            bonus_by_draws(count, t, &n3, &d3);
            equal_fractions(n2, d2, n3, d3, "the Bonus alone from the 4-card points");
            equal_fractions(n1, d1, n3, d3, "the solver's Bonus alone");
        }
    }
}

/* sum over card types c of n_c (num_c / den_c) against N num / den, as
 * the sign of the difference. */
static int sign_of_removal_sum(const int count[NCARDS], const wide_t num[NCARDS], const wide_t den[NCARDS],
                               wide_t full_num, wide_t full_den, int N)
{
    /* every den_c is the same for one shoe size: compare exactly */
    wide_t d = 0, s = 0;
    for (int c = 0; c < NCARDS; c++)
        if (count[c]) {
            if (d && den[c] != d)
                fail_msg("the denominators differ");
            d = den[c];
            s += count[c] * num[c];
        }
    /* s / d against N full_num / full_den, cross-multiplied: both below 2^120 here */
    wide_t lhs = s * full_den, rhs = (wide_t)N * full_num * d;
    return lhs > rhs ? 1 : lhs < rhs ? -1 : 0;
}

static void removing_an_unseen_card(void **state)
{
    (void)state;
    assert_int_equal(buyout_hands4_init(), 0);
    struct buyout_rules r = small_shoe(2, 4, "Ah");
    int count[NCARDS], N = buyout_shoe_counts(&r, count);
    /* the Bonus alone: exactly the same */
    for (int t = 1; t <= 3; t++) {
        wide_t dist[BUYOUT_NPOINTS], total = buyout_hands4_points(count, dist), fn, fd;
        buyout_bonus_alone_ev(dist, total, t, &fn, &fd);
        wide_t num[NCARDS], den[NCARDS];
        for (int c = 0; c < NCARDS; c++) {
            if (!count[c])
                continue;
            count[c]--;
            wide_t tot = buyout_hands4_points(count, dist);
            buyout_bonus_alone_ev(dist, tot, t, &num[c], &den[c]);
            count[c]++;
        }
        assert_int_equal(sign_of_removal_sum(count, num, den, fn, fd, N), 0);
    }
    /* the main game: knowing the card removed helps (strictly, here) */
    struct buyout_objectives ob = {.n = 1, .bden = 1};
    wide_t fn, fd, num[NCARDS], den[NCARDS];
    char err[256];
    assert_int_equal(buyout_round_values(&r, &ob, &fn, &fd, err, sizeof err), 0);
    for (int c = 0; c < NCARDS; c++) {
        if (!count[c])
            continue;
        struct buyout_rules s = r;
        s.shoe[c]--;
        assert_int_equal(buyout_round_values(&s, &ob, &num[c], &den[c], err, sizeof err), 0);
    }
    assert_int_equal(sign_of_removal_sum(count, num, den, fn, fd, N), 1);
}

static void same_bits_any_threads(void **state)
{
    (void)state;
    struct buyout_rules r = small_shoe(3, 6, "As Kd Kd 9h");
    struct buyout_objectives ob = {.n = 4, .bden = 2};
    for (int t = 1; t <= 3; t++)
        ob.table[t] = t, ob.bnum[t] = 3;
    wide_t num[3][4], den[3];
    char err[256];
    for (int k = 0; k < 3; k++) {
        team_start(k + 1, BIND_NONE);
        assert_int_equal(buyout_round_values(&r, &ob, num[k], &den[k], err, sizeof err), 0);
    }
    team_start(0, BIND_NONE);
    assert_memory_equal(num[0], num[1], sizeof num[0]);
    assert_memory_equal(num[0], num[2], sizeof num[0]);
    assert_true(den[0] == den[1] && den[0] == den[2]);
}

/* A removal table made of the Bonus alone's effects (cheap), for every game. */
static void bonus_effects(struct buyout_removal *rem)
{
    memset(rem, 0, sizeof *rem);
    rem->base = buyout_rules_default();
    rem->base.bonus_num = rem->base.bonus_den = 1;
    int count[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        count[c] = BUYOUT_MAX_DECKS;
    wide_t dist[BUYOUT_NPOINTS];
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        int table = 1 + g % 3;
        buyout_bonus_alone_ev(dist, buyout_hands4_points(count, dist), table, &rem->full_num[g], &rem->full_den[g]);
        for (int r = 0; r < NRANKS; r++) {
            count[card_make(r, 3)]--;
            buyout_bonus_alone_ev(dist, buyout_hands4_points(count, dist), table, &rem->num[r][g], &rem->den[r][g]);
            count[card_make(r, 3)]++;
        }
    }
}

static void simulation_same_any_threads(void **state)
{
    (void)state;
    assert_int_equal(buyout_hands4_init(), 0);
    struct buyout_removal rem;
    bonus_effects(&rem);
    struct buyout_count counts[BUYOUT_NGAMES];
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        buyout_count_fit(&rem, g, &counts[g]);
    char err[256];
    struct buyout_rules basic_rules = buyout_rules_default();
    struct buyout_sim *basic = buyout_sim_basic_new(&basic_rules, 0, err, sizeof err);
    assert_non_null(basic);
    struct buyout_shoe_sim_options o = {.cut_decks = 1.5, .players = 3, .rounds = 600, .seed = 9, .spread = 8,
                                        .keep_shoes = 5};
    struct buyout_shoe_sim sim[3];
    for (int k = 0; k < 3; k++) {
        team_start(k + 1, BIND_NONE);
        assert_int_equal(buyout_shoe_sim_run(counts, basic, &o, false, &sim[k], err, sizeof err), 0);
    }
    team_start(0, BIND_NONE);
    for (int k = 1; k < 3; k++) {
        assert_true(sim[k].rounds == sim[0].rounds && sim[k].nkept == sim[0].nkept);
        assert_memory_equal(sim[k].game, sim[0].game, sizeof sim[0].game);
        assert_memory_equal(sim[k].kept, sim[0].kept, (size_t)sim[0].nkept * sizeof sim[0].kept[0]);
    }
    assert_true(sim[0].rounds >= 600 && sim[0].nkept == 5);
    /* 3 players: at least 3 x 3 + 2 cards a round, at most 3 x 4 + 5 */
    assert_true(sim[0].cards_per_round > 11 && sim[0].cards_per_round < 17);
    for (int k = 0; k < 3; k++)
        free(sim[k].kept);
    buyout_sim_basic_free(basic);
}

static void count_fit(void **state)
{
    (void)state;
    struct buyout_removal rem;
    bonus_effects(&rem);
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        struct buyout_count c;
        buyout_count_fit(&rem, g, &c);
        int sum = 0;
        for (int r = 0; r < NRANKS; r++) {
            sum += c.tag[r];
            assert_true(abs(c.tag[r]) <= c.level);
        }
        assert_int_equal(sum, 0);
        assert_true(c.bc > 0.9 && c.bc <= 1);
    }
    /* effects exactly 1e-4 times a balanced vector of level 2: found again */
    static const int want[NRANKS] = {2, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, 1, -2};
    memset(&rem, 0, sizeof rem);
    for (int r = 0; r < NRANKS; r++) {
        rem.full_num[0] = -100000, rem.full_den[0] = 10000000; /* -1% */
        rem.num[r][0] = -100000 + want[r] * 1000, rem.den[r][0] = 10000000;
    }
    struct buyout_count c;
    buyout_count_fit(&rem, 0, &c);
    assert_int_equal(c.level, 2);
    assert_memory_equal(c.tag, want, sizeof want);
    assert_true(fabs(c.bc - 1) < 1e-12);
}

/* Three small uneven shoes, the exact check run twice with a folder. */
static void exact_check_resumes(void **state)
{
    (void)state;
    static const char *const LESS[3] = {"As Kh", "Qd", "Jc Jd Tc"};
    int8_t shoes[3][NCARDS];
    for (int i = 0; i < 3; i++)
        memcpy(shoes[i], small_shoe(1, 6, LESS[i]).shoe, NCARDS);
    struct buyout_removal rem;
    memset(&rem, 0, sizeof rem);
    rem.base = buyout_rules_default();
    rem.base.bonus_num = rem.base.bonus_den = 1;
    struct buyout_count counts[BUYOUT_NGAMES];
    memset(counts, 0, sizeof counts);
    char dir[] = "/tmp/fourcard-resume-XXXXXX", err[256];
    assert_non_null(mkdtemp(dir));
    struct checkpoint cp;
    assert_int_equal(checkpoint_open(&cp, dir, "test-shoe", "three small shoes", err, sizeof err), 0);
    struct buyout_exact_check a, b, c;
    assert_int_equal(buyout_exact_check_run(&rem, counts, shoes, 3, false, &cp, &a, err, sizeof err), 0);
    assert_int_equal(a.resumed, 0);
    for (int i = 0; i < 3; i++) { /* each as its own solve: the main game's EV */
        struct buyout_rules r = rem.base;
        r.shoe_given = true;
        memcpy(r.shoe, shoes[i], NCARDS);
        struct buyout_solve_options o = {.threads = 0};
        struct buyout_result res;
        assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
        assert_true(fabs(a.exact[i][0] - wide_ratio(res.tot.ev, res.tot.money_den)) < 1e-15);
    }
    assert_int_equal(buyout_exact_check_run(&rem, counts, shoes, 3, false, &cp, &b, err, sizeof err), 0);
    assert_int_equal(b.resumed, 3);
    assert_memory_equal(a.exact, b.exact, 3 * sizeof *a.exact);
    /* shoe 0 another now, shoe 1's file damaged, shoe 2's gone */
    int first = 0;
    while (!shoes[0][first])
        first++;
    shoes[0][first]--;
    char path[512];
    snprintf(path, sizeof path, "%s/test-shoe-%016llx-00001.part", dir, (unsigned long long)cp.key);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 40, SEEK_SET), fputc('x', f), fclose(f);
    snprintf(path, sizeof path, "%s/test-shoe-%016llx-00002.part", dir, (unsigned long long)cp.key);
    assert_int_equal(remove(path), 0);
    assert_int_equal(buyout_exact_check_run(&rem, counts, shoes, 3, false, &cp, &c, err, sizeof err), 0);
    assert_int_equal(c.resumed, 0);
    assert_memory_equal(a.exact[1], c.exact[1], 2 * sizeof *a.exact);
    assert_true(a.exact[0][0] != c.exact[0][0]);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/test-shoe-%016llx-%05d.part", dir, (unsigned long long)cp.key, i);
        remove(path);
    }
    remove(dir);
    buyout_exact_check_free(&a), buyout_exact_check_free(&b), buyout_exact_check_free(&c);
}

int main(void)
{
    team_start(0, BIND_NONE);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_bits_any_threads),
        cmocka_unit_test(simulation_same_any_threads),
        cmocka_unit_test(count_fit),
        cmocka_unit_test(exact_check_resumes),
        cmocka_unit_test(objectives_equal_solves),
        cmocka_unit_test(bonus_alone_equals_enumeration),
        cmocka_unit_test(removing_an_unseen_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
