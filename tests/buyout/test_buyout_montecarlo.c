/* test_buyout_montecarlo.c — real rounds dealt from a shuffled shoe
 * (buyout_montecarlo.c, GSL MT19937) against exact EVs.
 *
 *   1. The simulator on its own: folding every hand loses exactly 1 a
 *      round; a strategy breaking the rules is caught; on a small shoe the
 *      brute force's optimal strategy (buyout_brute.c) averages to the brute
 *      force's exact round EV within 4 standard errors.
 *   0. The simulator scores with the kernels (kernels/buyout.h): their
 *      points equal the brute force's bb_points on every multiset of 2 to
 *      5 card ids (repeats allowed, as in six decks), both readings of the
 *      dealer's 5 cards.
 *   2. The fast solver: its strategy for the real game (six decks), taken
 *      from buyout_solve's strategy file (the decision at the 3rd card and,
 *      for every 4th card, at the 4th) and played for millions of rounds,
 *      averages to its exact round EV within 4 standard errors, and to
 *      its PAR sheet (buyout_par.h): each net result's frequency and the
 *      standard deviation within 5 standard errors.  A sample
 *      of the file's rows is first checked against buyout_situation_evs, so
 *      the file is read the way the solver means it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buyout.h"
#include "buyout_brute.h"
#include "buyout_montecarlo.h"
#include "buyout_par.h"
#include "buyout_solve.h"
#include "buyout_strategy.h"
#include "cards.h"

/* Rounds of the six-deck check (about 1 s per 10^6 rounds). */
#define MC_ROUNDS 4000000LL
#define MC_SEED 20171117UL

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void print_result(const char *what, const struct bm_result *r, double exact, double secs)
{
    printf("  %s: %lld rounds, mean %+.6f, sd %.4f, se %.6f; exact %+.9f; z = %+.2f (%.1f s)\n", what,
           r->rounds, r->mean, r->sd, r->se, exact, r->se > 0 ? (r->mean - exact) / r->se : 0.0, secs);
    printf("    at the 3rd card: buy %lld, refuse %lld, fold %lld; at the 4th: buy %lld, refuse %lld, fold "
           "%lld; illegal %lld\n",
           r->at3[BM_BUY], r->at3[BM_REFUSE], r->at3[BM_FOLD], r->at4[BM_BUY], r->at4[BM_REFUSE],
           r->at4[BM_FOLD], r->illegal);
}

/* ------------------------------------------------------------------ */
/* The simulator's scoring                                             */
/* ------------------------------------------------------------------ */

/* Every multiset of n card ids, nondecreasing, from position i on. */
static long long points_agree(card_t *h, int i, int n, int from)
{
    static const struct bb_rules BEST4 = {0}, ALL5 = {1};
    if (i == n) {
        if (n < 5 && buyout_points(h, n) != bb_points(h, n))
            fail_msg("kernel and brute force disagree on %d cards", n);
        if (n == 5 && (buyout_points5(h, BUYOUT_FIVE_BEST4) != bb_points_dealer5(h, &BEST4) ||
                       buyout_points5(h, BUYOUT_FIVE_ALL) != bb_points_dealer5(h, &ALL5)))
            fail_msg("kernel and brute force disagree on 5 cards");
        return 1;
    }
    long long seen = 0;
    for (int c = from; c < NCARDS; c++) {
        h[i] = (card_t)c;
        seen += points_agree(h, i + 1, n, c);
    }
    return seen;
}

static void test_kernel_points_are_brute(void **state)
{
    (void)state;
    card_t h[5];
    long long seen = 0;
    for (int n = 2; n <= 5; n++)
        seen += points_agree(h, 0, n, 0);
    /* C(53,2) + C(54,3) + C(55,4) + C(56,5) multisets */
    assert_true(seen == 1378LL + 24804 + 341055 + 3819816);
    printf("  kernel points equal bb_points on %lld multisets of 2 to 5 cards\n", seen);
}

/* ------------------------------------------------------------------ */
/* The simulator on its own                                            */
/* ------------------------------------------------------------------ */

static int fold3(void *ctx, const card_t p[3], card_t up)
{
    (void)ctx, (void)p, (void)up;
    return BM_FOLD;
}
static int fold4(void *ctx, const card_t p[4], card_t up)
{
    (void)ctx, (void)p, (void)up;
    return BM_FOLD;
}
static int refuse3(void *ctx, const card_t p[3], card_t up)
{
    (void)ctx, (void)p, (void)up;
    return BM_REFUSE;
}

static void test_fold_all(void **state)
{
    (void)state;
    struct bm_config cfg = {.rules = {0}, .seed = 1, .rounds = 100000};
    bb_shoe_make(&cfg.shoe, 6, 0x1fff);
    struct bm_strategy st = {fold3, fold4, NULL};
    struct bm_result r;
    assert_int_equal(bm_run(&cfg, &st, &r), 0);
    assert_true(r.sum == -r.rounds && r.net[2] == r.rounds && r.sd == 0.0);
    assert_true(r.illegal == 0 && r.at3[BM_FOLD] == r.rounds);

    /* always refusing the 3rd card: illegal exactly when the first two
     * cards have no points.  Of the 311 cards left after the first, 77
     * share its suit and 18 its rank in another suit: 216/311 have none. */
    st.at3 = refuse3;
    assert_int_equal(bm_run(&cfg, &st, &r), 0);
    double frac = (double)r.illegal / (double)r.rounds;
    double p = 216.0 / 311.0, se = sqrt(p * (1 - p) / (double)r.rounds);
    printf("  always refuse: illegal in %.4f of rounds (expected %.4f +- %.4f)\n", frac, p, se);
    assert_true(fabs(frac - p) < 5 * se);
    assert_true(r.at3[BM_REFUSE] + r.at3[BM_FOLD] == r.rounds);

    /* too small a shoe */
    memset(&cfg.shoe, 0, sizeof cfg.shoe);
    cfg.shoe.count[0] = 8;
    assert_int_equal(bm_run(&cfg, &st, &r), -1);
}

/* The brute force's optimal strategy on a small shoe, against its exact
 * EV.  Decisions are cached by card type (the shoe's distinct cards). */
struct brute_ctx {
    struct bb_shoe shoe;
    struct bb_rules rules;
    int type[NCARDS], ntypes;
    signed char *cache3, *cache4; /* ntypes^4 and ntypes^5, -1 unknown */
};

static size_t type_key(const struct brute_ctx *c, const card_t *p, int n, card_t up)
{
    size_t k = (size_t)c->type[up];
    for (int i = 0; i < n; i++)
        k = k * (size_t)c->ntypes + (size_t)c->type[p[i]];
    return k;
}

static int brute3(void *vctx, const card_t p[3], card_t up)
{
    struct brute_ctx *c = vctx;
    size_t k = type_key(c, p, 3, up);
    if (c->cache3[k] < 0) {
        struct bb_options o;
        if (bb_options3(&c->shoe, &c->rules, p, up, &o) != 0)
            fail_msg("bb_options3 refused a dealt situation");
        c->cache3[k] = (signed char)o.best;
    }
    return c->cache3[k];
}

static int brute4(void *vctx, const card_t p[4], card_t up)
{
    struct brute_ctx *c = vctx;
    size_t k = type_key(c, p, 4, up);
    if (c->cache4[k] < 0) {
        struct bb_options o;
        if (bb_options4(&c->shoe, &c->rules, p, up, &o) != 0)
            fail_msg("bb_options4 refused a dealt situation");
        c->cache4[k] = (signed char)o.best;
    }
    return c->cache4[k];
}

static void brute_strategy_check(int decks, unsigned mask, long long rounds)
{
    struct brute_ctx c = {.rules = {0}};
    bb_shoe_make(&c.shoe, decks, mask);
    for (int i = 0; i < NCARDS; i++)
        c.type[i] = c.shoe.count[i] ? c.ntypes++ : 0;
    size_t n3 = 1, n4;
    for (int i = 0; i < 4; i++)
        n3 *= (size_t)c.ntypes;
    n4 = n3 * (size_t)c.ntypes;
    c.cache3 = malloc(n3);
    c.cache4 = malloc(n4);
    assert_true(c.cache3 && c.cache4);
    memset(c.cache3, -1, n3);
    memset(c.cache4, -1, n4);
    double t0 = now();
    struct bb_frac ev;
    assert_int_equal(bb_round(&c.shoe, &c.rules, &ev, NULL), 0);
    double exact = bb_frac_double(ev);
    struct bm_config cfg = {.shoe = c.shoe, .rules = c.rules, .seed = MC_SEED, .rounds = rounds};
    struct bm_strategy st = {brute3, brute4, &c};
    struct bm_result r;
    assert_int_equal(bm_run(&cfg, &st, &r), 0);
    char what[96];
    snprintf(what, sizeof what, "brute-force strategy, %d decks, rank mask %#x (%d cards)", decks, mask,
             bb_shoe_size(&c.shoe));
    print_result(what, &r, exact, now() - t0);
    free(c.cache3);
    free(c.cache4);
    assert_true(r.illegal == 0);
    assert_true(fabs(r.mean - exact) < 4 * r.se);
}

static void test_brute_strategy_small_shoe(void **state)
{
    (void)state;
    brute_strategy_check(3, 0x1000 | 0x0001, 1000000);         /* A 2: 24 cards */
    brute_strategy_check(2, 0x1000 | 0x0020 | 0x0001, 500000); /* A 7 2: 24 cards */
}

/* ------------------------------------------------------------------ */
/* The fast solver's strategy, six decks                               */
/* ------------------------------------------------------------------ */

/* The strategy file: one row per canonical 3rd-card situation, its
 * decision and, for each 4th card (by card id), the 4th-card decision.
 * Every dealt situation is found through the suit permutation mapping it
 * onto a row: table[key of the dealt cards] = row * 24 + permutation. */
struct fast_ctx {
    int nrows;
    char *at3;       /* per row: BM_* */
    char (*at4)[52]; /* per row and 4th card id (in the row's suits): BM_* */
    int32_t *table;  /* 52^4, -1 none */
    int perm[24][4];
};

static size_t key4(card_t a, card_t b, card_t u, card_t t)
{
    if (a > b) {
        card_t x = a;
        a = b;
        b = x;
    }
    return (((size_t)a * NCARDS + b) * NCARDS + u) * NCARDS + t;
}

static card_t permute(const int perm[4], card_t c) { return card_make(card_rank(c), perm[card_suit(c)]); }

static int letter(char ch)
{
    switch (ch) {
    case 'B': return BM_BUY;
    case 'R': return BM_REFUSE;
    case 'F': return BM_FOLD;
    default: return -1;
    }
}

static int word(const char *w)
{
    if (!strcmp(w, "buy"))
        return BM_BUY;
    if (!strcmp(w, "refuse"))
        return BM_REFUSE;
    if (!strcmp(w, "fold"))
        return BM_FOLD;
    return -1;
}

/* Splits a CSV line in place; returns the number of fields. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    f[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == ',') {
            *p = 0;
            f[n++] = p + 1;
        } else if (*p == '\n' || *p == '\r') {
            *p = 0;
        }
    return n;
}

static void load_strategy(struct fast_ctx *fc, FILE *f)
{
    int k = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        fc->perm[k][0] = a, fc->perm[k][1] = b, fc->perm[k][2] = c, fc->perm[k][3] = d;
                        k++;
                    }
    assert_int_equal(k, 24);
    size_t nkeys = (size_t)NCARDS * NCARDS * NCARDS * NCARDS;
    fc->table = malloc(nkeys * sizeof *fc->table);
    assert_non_null(fc->table);
    memset(fc->table, 0xff, nkeys * sizeof *fc->table);
    int cap = 1 << 18;
    fc->at3 = malloc((size_t)cap);
    fc->at4 = malloc((size_t)cap * sizeof *fc->at4);
    assert_true(fc->at3 && fc->at4);
    fc->nrows = 0;
    char line[512], *fld[16], err[128];
    if (!fgets(line, sizeof line, f))
        fail_msg("empty strategy file");
    int nf = split(line, fld, 16);
    /* the columns this test relies on */
    if (nf < 9 || strcmp(fld[0], "cards") || strcmp(fld[1], "upcard") || strcmp(fld[2], "third") ||
        strcmp(fld[4], "decision") || strcmp(fld[8], "fourth"))
        fail_msg("unexpected strategy header");
    while (fgets(line, sizeof line, f)) {
        if (split(line, fld, 16) < 9)
            fail_msg("short strategy row");
        if (fc->nrows >= cap) {
            cap *= 2;
            fc->at3 = realloc(fc->at3, (size_t)cap);
            fc->at4 = realloc(fc->at4, (size_t)cap * sizeof *fc->at4);
            assert_true(fc->at3 && fc->at4);
        }
        card_t P[2], u, t;
        if (cards_parse(fld[0], P, 2, err, sizeof err) != 2 || cards_parse(fld[1], &u, 1, err, sizeof err) != 1 ||
            cards_parse(fld[2], &t, 1, err, sizeof err) != 1)
            fail_msg("bad cards in strategy row %d", fc->nrows + 1);
        int r = fc->nrows++;
        fc->at3[r] = (char)word(fld[4]);
        if (fc->at3[r] < 0 || strlen(fld[8]) != 52)
            fail_msg("bad decisions in strategy row %d", r + 1);
        for (int c = 0; c < 52; c++)
            if ((fc->at4[r][c] = (char)letter(fld[8][c])) < 0)
                fail_msg("bad 4th-card letter in strategy row %d", r + 1);
        /* every suit permutation of the row's cards: the dealt cards are
         * perm(row) -> look up with the inverse later: we store for the
         * dealt key the row and the permutation from the dealt to the row */
        for (int q = 0; q < 24; q++) {
            /* dealt = q(row): dealt suits s = perm[q][row suit] */
            size_t key = key4(permute(fc->perm[q], P[0]), permute(fc->perm[q], P[1]), permute(fc->perm[q], u),
                              permute(fc->perm[q], t));
            if (fc->table[key] < 0)
                fc->table[key] = r * 24 + q;
        }
    }
}

static int fast_lookup(struct fast_ctx *fc, const card_t *p, card_t up, int *row, int inv[4])
{
    int32_t e = fc->table[key4(p[0], p[1], up, p[2])];
    if (e < 0)
        fail_msg("a dealt situation is missing from the strategy file");
    *row = e / 24;
    const int *q = fc->perm[e % 24];
    for (int s = 0; s < 4; s++)
        inv[q[s]] = s; /* dealt suit -> row suit */
    return 0;
}

static int fast3(void *vctx, const card_t p[3], card_t up)
{
    struct fast_ctx *fc = vctx;
    int row, inv[4];
    fast_lookup(fc, p, up, &row, inv);
    return fc->at3[row];
}

static int fast4(void *vctx, const card_t p[4], card_t up)
{
    struct fast_ctx *fc = vctx;
    int row, inv[4];
    fast_lookup(fc, p, up, &row, inv);
    return fc->at4[row][permute(inv, p[3])];
}

/* enum buyout_choice -> BM_* */
static int from_choice(enum buyout_choice c)
{
    return c == BUYOUT_BUY ? BM_BUY : c == BUYOUT_REFUSE ? BM_REFUSE : BM_FOLD;
}

static int to_choice(int a) { return a == BM_BUY ? BUYOUT_BUY : a == BM_REFUSE ? BUYOUT_REFUSE : BUYOUT_FOLD; }

/* The PAR sheet of the same solve (buyout_par.h) against the dealt
 * rounds: each net result's frequency within 5 standard errors of its
 * exact probability, and the sample standard deviation within 5 standard
 * errors of the sheet's (the error of a sample sd from the distribution's
 * exact fourth central moment: sqrt((m4 - s^4) / (4 n s^2))). */
static void check_par_sheet(const struct buyout_result *res, const struct bm_result *r)
{
    char err[256];
    struct par_sheet *s = buyout_par_build(res, err, sizeof err);
    if (!s)
        fail_msg("buyout_par_build: %s", err);
    assert_int_equal(s->dist.n, 7);
    double n = (double)r->rounds, mean = par_frac_value(s->m.ev), m4 = 0;
    for (int i = 0; i < s->dist.n; i++) {
        int net = (int)s->dist.rows[i].value;
        double p = wide_ratio(s->dist.rows[i].count, s->dist.total), got = (double)r->net[net + 3] / n;
        m4 += p * pow(net - mean, 4);
        if (fabs(got - p) > 5 * sqrt(p * (1 - p) / n))
            fail_msg("net %+d: dealt %.6f, PAR sheet %.6f", net, got, p);
    }
    double sd = s->m.sd, se_sd = sqrt((m4 - pow(sd, 4)) / (4 * n * sd * sd));
    printf("  PAR sheet: sd %.6f; dealt rounds' sd %.6f (z = %+.2f); hit frequency %.6f, dealt %.6f\n", sd, r->sd,
           (r->sd - sd) / se_sd, par_frac_value(s->m.hit), (double)(r->net[4] + r->net[5] + r->net[6]) / n);
    assert_true(fabs(r->sd - sd) < 5 * se_sd);
    par_sheet_free(s);
}

static void test_fast_strategy_six_decks(void **state)
{
    (void)state;
    struct buyout_rules rules = buyout_rules_default(); /* six decks, best 4 of 5, no Bonus */
    char err[256];
    FILE *csv = tmpfile();
    assert_non_null(csv);
    struct buyout_solution sol;
    struct buyout_solve_options o = {.threads = 0, .progress = false, .solution = &sol};
    struct buyout_result res;
    double t0 = now();
    if (buyout_solve(&rules, &o, &res, err, sizeof err) != 0)
        fail_msg("buyout_solve: %s", err);
    if (buyout_strategy_write(&sol, csv, NULL, NULL) != 0)
        fail_msg("buyout_strategy_write: out of memory");
    buyout_solution_free(&sol);
    double exact = (double)res.tot.ev / (double)res.tot.money_den;
    double t1 = now();
    rewind(csv);
    struct fast_ctx fc;
    load_strategy(&fc, csv);
    fclose(csv);
    printf("  solver: round EV %+.12f (%.1f s), %d strategy rows read (%.1f s)\n", exact, t1 - t0, fc.nrows,
           now() - t1);
    assert_int_equal(fc.nrows, (int)res.tot.classes3);

    /* the file means what the per-situation API says: random dealt
     * situations, the file's decisions against buyout_situation_evs's */
    struct buyout_context *cx = buyout_context_new(&rules, err, sizeof err);
    assert_non_null(cx);
    uint64_t x = 0x2545f4914f6cdd1dULL;
    int checked3 = 0, checked4 = 0;
    for (int rep = 0; rep < 30; rep++) {
        card_t c[5];
        for (int i = 0; i < 5; i++) { /* repeats allowed: six decks */
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            c[i] = (card_t)(x % NCARDS);
        }
        card_t p[4] = {c[0], c[1], c[2], c[3]}, up = c[4];
        struct buyout_option_evs e;
        if (rep < 6) {
            if (buyout_situation_evs(cx, p, up, p[2], NULL, &e, err, sizeof err) != 0)
                fail_msg("buyout_situation_evs: %s", err);
            int mine = fast3(&fc, p, up);
            int mc = to_choice(mine);
            if (mine != from_choice(e.best) && (!e.legal[mc] || e.num[mc] != e.num[e.best])) /* ties aside */
                fail_msg("strategy file and API disagree at the 3rd card (rep %d)", rep);
            checked3++;
        }
        if (buyout_situation_evs(cx, p, up, p[2], &p[3], &e, err, sizeof err) != 0)
            fail_msg("buyout_situation_evs: %s", err);
        int mine = fast4(&fc, p, up);
        int mc = to_choice(mine);
        if (!e.legal[mc] || e.num[mc] != e.num[e.best])
            fail_msg("strategy file and API disagree at the 4th card (rep %d)", rep);
        checked4++;
    }
    buyout_context_free(cx);
    printf("  strategy file agrees with buyout_situation_evs on %d 3rd-card and %d 4th-card situations\n",
           checked3, checked4);

    struct bm_config cfg = {.rules = {0}, .seed = MC_SEED, .rounds = MC_ROUNDS};
    bb_shoe_make(&cfg.shoe, 6, 0x1fff);
    struct bm_strategy st = {fast3, fast4, &fc};
    struct bm_result r;
    double t2 = now();
    assert_int_equal(bm_run(&cfg, &st, &r), 0);
    print_result("solver strategy, six decks", &r, exact, now() - t2);
    /* the solver's own decision frequencies, for comparison */
    double pd = (double)res.tot.prob_den;
    printf("    solver's frequencies: at the 3rd card buy %.5f refuse %.5f fold %.5f; simulated %.5f %.5f %.5f\n",
           (double)res.tot.at3[BUYOUT_BUY] / pd, (double)res.tot.at3[BUYOUT_REFUSE] / pd,
           (double)res.tot.at3[BUYOUT_FOLD] / pd, (double)r.at3[BM_BUY] / (double)r.rounds,
           (double)r.at3[BM_REFUSE] / (double)r.rounds, (double)r.at3[BM_FOLD] / (double)r.rounds);
    free(fc.table);
    free(fc.at3);
    free(fc.at4);
    assert_true(r.illegal == 0);
    assert_true(fabs(r.mean - exact) < 4 * r.se);
    check_par_sheet(&res, &r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernel_points_are_brute),
        cmocka_unit_test(test_fold_all),
        cmocka_unit_test(test_brute_strategy_small_shoe),
        cmocka_unit_test(test_fast_strategy_six_decks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
