/* test_par.c — PAR sheets (par_sheet.h, frenzy_par.h, buyout_par.h).
 *
 *   1. The generic sheet on a distribution worked out by hand: exact EV,
 *      E[X^2], hit/push/loss, the standard deviation; par_sheet_finish
 *      refuses a sheet whose counts do not add up, whose mean is not the
 *      solver's EV, or whose bets do not add up to it; the JSON parses and
 *      holds the required keys; every CSV line has four fields.
 *   2. Four Card Frenzy: for hands of every kind, the split of the dealer's
 *      C(47,5) hands into win/copy/lose x qualified/not, against the
 *      independent brute force (tests/frenzy_brute.c, every dealer hand
 *      visited), and the net result in each cell against the rules written
 *      here; then the whole sheet of WE-1/BB-2 (both copy readings): the
 *      distribution adds up to every deal, its mean is the solve's EV, the
 *      bets add up, the dealer's non-qualifying count agrees with the
 *      brute force's qualifier counted over all 2,598,960 hands.
 *   3. 4 Card Buyout: on reduced shoes the sheet's mean equals the brute
 *      force's exact round EV (tests/buyout_brute.c, no solver code); the
 *      full six-deck sheet with and without the Bonus is consistent (the
 *      sheet's own cross-checks against the solve pass).  The standard
 *      deviation against dealt rounds is in test_buyout_montecarlo.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_brute.h"
#include "buyout_par.h"
#include "buyout_solve.h"
#include "canon.h"
#include "cards.h"
#include "frenzy_brute.h"
#include "frenzy_counts.h"
#include "frenzy_jackpot.h"
#include "frenzy_par.h"
#include "frenzy_rules.h"
#include "frenzy_solve.h"
#include "par_sheet.h"

static bool frac_is(struct par_frac f, long long num, long long den)
{
    return f.ok && f.num == num && f.den == den;
}

/* ------------------------------------------------------------------ */
/* 1. The generic sheet                                                */
/* ------------------------------------------------------------------ */

/* Net -1 three times, 0 once, +5/2 once (value_den 2): total 5.
 *   E[X] = (-3 + 5/2) / 5 = -1/10;  E[X^2] = (3 + 25/4) / 5 = 37/20;
 *   var = 37/20 - 1/100 = 184/100;  hit 1/5, push 1/5, loss 3/5. */
static struct par_sheet *hand_sheet(void)
{
    struct par_sheet *s = par_sheet_new("test", "Test game", "hand-made", "unit");
    s->dist.value_den = 2;
    s->dist.total = 5;
    par_dist_add(&s->dist, 5, 1);
    par_dist_add(&s->dist, -2, 2);
    par_dist_add(&s->dist, 0, 1);
    par_dist_add(&s->dist, -2, 1); /* merges with the first -1 */
    s->solver_ev = par_frac_make(-1, 10);
    s->initial_wager = par_frac_make(1, 1);
    s->average_wager = par_frac_make(3, 2);
    par_sheet_bet(s, "main", "Main", -3, 10, NULL);
    par_sheet_bet(s, "raise", "Raise", 1, 5, NULL);
    par_sheet_reading(s, "reading", "%s", "as given");
    struct par_table *t = par_sheet_table(s, "Decisions", "rounds", 5, "return", 10);
    par_table_row(t, "fold", 3, true, -3);
    par_table_row(t, "play, with a comma", 2, true, 2);
    struct par_side *b = par_sheet_side(s, "Side", "a side bet", false);
    b->dist.total = 4;
    par_side_row(b, "win", 3, 1);
    par_side_row(b, "lose", -1, 3);
    return s;
}

static void test_sheet_by_hand(void **state)
{
    (void)state;
    char err[256];
    struct par_sheet *s = hand_sheet();
    assert_int_equal(par_sheet_finish(s, err, sizeof err), 0);
    assert_int_equal(s->dist.n, 3);
    assert_true(s->dist.rows[0].value == -2 && s->dist.rows[0].count == 3);
    assert_true(frac_is(s->m.ev, -1, 10));
    assert_true(frac_is(s->m.ex2, 37, 20));
    assert_true(frac_is(s->m.hit, 1, 5) && frac_is(s->m.push, 1, 5) && frac_is(s->m.loss, 3, 5));
    assert_true(fabs(s->m.sd - sqrt(1.84)) < 1e-12);
    assert_true(frac_is(s->house_edge, 1, 10));
    assert_true(frac_is(s->element_of_risk, 1, 15)); /* (1/10) / (3/2) */
    assert_true(frac_is(s->sides[0]->m.ev, 0, 1));   /* (3 - 3) / 4 */
    assert_true(frac_is(s->sides[0]->m.hit, 1, 4));
    par_sheet_free(s);
}

static void test_sheet_refused(void **state)
{
    (void)state;
    char err[256];
    struct par_sheet *s = hand_sheet();
    s->dist.total = 6; /* the counts add up to 5 */
    assert_int_equal(par_sheet_finish(s, err, sizeof err), -1);
    assert_non_null(strstr(err, "add up to 5"));
    par_sheet_free(s);
    s = hand_sheet();
    s->solver_ev = par_frac_make(-1, 11);
    assert_int_equal(par_sheet_finish(s, err, sizeof err), -1);
    assert_non_null(strstr(err, "not the solver's EV"));
    par_sheet_free(s);
    s = hand_sheet();
    s->bets[1].ev = par_frac_make(1, 6);
    assert_int_equal(par_sheet_finish(s, err, sizeof err), -1);
    assert_non_null(strstr(err, "bets add up"));
    par_sheet_free(s);
}

static void test_sheet_json_and_csv(void **state)
{
    (void)state;
    char err[256];
    struct par_sheet *s = hand_sheet();
    assert_int_equal(par_sheet_finish(s, err, sizeof err), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    par_sheet_write(s, PAR_JSON, f);
    fclose(f);
    json_object *o = json_tokener_parse(buf), *v;
    assert_non_null(o);
    const char *keys[] = {"house_edge_percent", "element_of_risk_percent", "hit_frequency", "standard_deviation",
                          "ev", "distribution", "bets", "tables", "side_bets", "readings"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        assert_true(json_object_object_get_ex(o, keys[i], &v));
    json_object_object_get_ex(o, "house_edge_percent", &v);
    assert_true(fabs(json_object_get_double(v) - 10.0) < 1e-12);
    json_object_object_get_ex(o, "distribution", &v);
    assert_int_equal(json_object_array_length(v), 3);
    json_object_put(o);
    free(buf);
    /* CSV: blocks of "# NAME", a header and rows as wide as it, an empty
     * line after each; a quoted comma kept whole */
    buf = NULL;
    f = open_memstream(&buf, &len);
    par_sheet_write(s, PAR_CSV, f);
    fclose(f);
    int lines = 0, width = -1, blocks = 0;
    for (char *line = buf, *end; *line; line = end + 1, lines++) {
        end = strchr(line, '\n');
        assert_non_null(end);
        *end = 0;
        if (line[0] == '#') { /* a section: its header comes next */
            assert_int_equal(width, -1);
            width = 0, blocks++;
            continue;
        }
        if (!*line) { /* the end of a section */
            assert_true(width > 0);
            width = -1;
            continue;
        }
        int fields = 1;
        bool quoted = false;
        for (char *c = line; *c; c++)
            if (*c == '"')
                quoted = !quoted;
            else if (*c == ',' && !quoted)
                fields++;
        assert_true(width >= 0);
        if (width == 0)
            width = fields; /* the header */
        assert_int_equal(fields, width);
    }
    assert_int_equal(width, -1);
    assert_true(blocks >= 6);
    assert_true(lines > 20);
    free(buf);
    par_sheet_free(s);
}

/* The sheet as a person reads it: its return tables end in a total row
 * whose return is the EV (the round's -1/10, the side bet's 0), a table
 * whose rows split its total gets one too (-3/10 + 2/10); the HTML page
 * has the same rows, a chart, its text escaped, and no script. */
static char *sheet_text(const struct par_sheet *s, enum par_format fmt)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    par_sheet_write(s, fmt, f);
    fclose(f);
    return buf;
}

static void test_sheet_pages(void **state)
{
    (void)state;
    char err[256];
    struct par_sheet *s = hand_sheet();
    par_sheet_reading(s, "escaped", "%s", "a <b> & \"c\"");
    assert_int_equal(par_sheet_finish(s, err, sizeof err), 0);
    char *md = sheet_text(s, PAR_MARKDOWN);
    assert_non_null(strstr(md, "| **total** | **5** | **1** | **-0.1000000000** | EV -1/10 |"));
    assert_non_null(strstr(md, "| **total** | | **4** | **1** | **+0.0000000000** | EV 0 |"));
    assert_non_null(strstr(md, "| **total** | **5** | **1** | **-0.100000000** |"));
    assert_non_null(strstr(md, "| win | +3 | 1 | 0.2500000000 | +0.7500000000 | 1/4 |"));
    free(md);
    char *html = sheet_text(s, PAR_HTML);
    assert_non_null(strstr(html, "<!DOCTYPE html>"));
    assert_non_null(strstr(html, "<svg"));
    assert_non_null(strstr(html, "a &lt;b&gt; &amp; &quot;c&quot;"));
    assert_null(strstr(html, "<b> &"));
    assert_null(strstr(html, "<script"));
    assert_non_null(strstr(html, "Total return = the EV, exactly -1/10."));
    assert_non_null(strstr(html, "<tr class=\"total\"><td>total</td><td class=\"n\">5</td><td class=\"n\">1</td>"
                                 "<td class=\"n\">-0.100000000</td>"));
    assert_non_null(strstr(html, "</html>"));
    free(html);
    par_sheet_free(s);
}

/* ------------------------------------------------------------------ */
/* 2. Four Card Frenzy                                                 */
/* ------------------------------------------------------------------ */

static struct frenzy_counts COUNTS; /* one enumeration for the file */

static int frenzy_setup(void **state)
{
    (void)state;
    char err[128];
    return frenzy_counts_build(false, &COUNTS, err, sizeof err);
}

static int frenzy_teardown(void **state)
{
    (void)state;
    frenzy_counts_free(&COUNTS);
    return 0;
}

static struct frenzy_game game_of(const char *win, const char *bb, enum frenzy_copy copy)
{
    struct frenzy_game g = {.copy = copy};
    assert_int_equal(frenzy_preset_get(FT_ODDS_WIN, win, &g.win), 0);
    assert_int_equal(frenzy_preset_get(FT_BAD_BEAT, bb, &g.bad_beat), 0);
    return g;
}

/* The net result in half Antes of a hand raising r, written from the
 * rules (four-card-frenzy.md) with WE-1 and BB-2 in halves. */
static int64_t rules_net_x2(int odds_row_cat, bool quad_aces, int raise, int cell, bool copy_pushes)
{
    /* cells: 0 win q, 1 win nq, 2 copy q, 3 copy nq, 4 lose q, 5 lose nq */
    bool win = cell <= 1, copy = cell == 2 || cell == 3, qualified = cell % 2 == 0;
    int ante = !qualified ? 0 : win ? 1 : copy ? (copy_pushes ? 0 : 1) : -1;
    int raise_units = win ? raise : copy ? (copy_pushes ? 0 : raise) : -raise;
    /* WE-1 and BB-2 in half units by the brute force's category */
    int64_t odds;
    bool lose = !win && !copy;
    switch (odds_row_cat) {
    case FBR_QUADS: odds = lose ? 200 : quad_aces ? 400 : 60; break;
    case FBR_STRAIGHT_FLUSH: odds = lose ? 60 : 30; break;
    case FBR_TRIPS: odds = lose ? 8 : 4; break;
    case FBR_FLUSH: odds = lose ? 6 : 3; break;
    case FBR_STRAIGHT: odds = lose ? 4 : 2; break;
    default: odds = lose ? -2 : 0;
    }
    return 2 * (ante + raise_units) + odds;
}

static void check_hand_cells(const struct frenzy_class *cl, const struct frenzy_game *g_win,
                             const struct frenzy_game *g_push)
{
    struct frenzy_brute_counts b;
    frenzy_brute_counts(cl->cards, &b);
    int64_t cells[FS_NCELLS];
    frenzy_showdown_cells(cl, cells);
    const uint64_t want[FS_NCELLS] = {b.win_q, b.win_nq, b.copy_q, b.copy_nq, b.lose_q, b.lose_nq};
    for (int k = 0; k < FS_NCELLS; k++)
        assert_int_equal(cells[k], (int64_t)want[k]);
    frenzy_brute_value v = frenzy_brute_best4(cl->cards);
    int cat = frenzy_brute_category(v);
    bool quad_aces = frenzy_brute_quad_aces(cl->cards);
    for (int r = 1; r <= 3; r++)
        for (int k = 0; k < FS_NCELLS; k++) {
            assert_int_equal(frenzy_played_net(g_win, 2, cl->rank, r, (enum frenzy_showdown_cell)k),
                             rules_net_x2(cat, quad_aces, r, k, false));
            assert_int_equal(frenzy_played_net(g_push, 2, cl->rank, r, (enum frenzy_showdown_cell)k),
                             rules_net_x2(cat, quad_aces, r, k, true));
        }
}

/* One hand of each category, and the high-card hands near the qualifier
 * (where the cells split at King-high). */
static void test_frenzy_cells_vs_brute(void **state)
{
    (void)state;
    struct frenzy_game gw = game_of("WE-1", "BB-2", FRENZY_COPY_WIN), gp = game_of("WE-1", "BB-2", FRENZY_COPY_PUSH);
    bool seen[FBR_NCATS] = {false};
    int checked = 0, near[2] = {0, 0}; /* Queen-high (below the qualifier) and King-high hands */
    for (long i = 0; i < COUNTS.n; i += 7) {
        const struct frenzy_class *cl = &COUNTS.classes[i];
        frenzy_brute_value v = frenzy_brute_best4(cl->cards);
        int cat = frenzy_brute_category(v), top = (int)(v >> 12 & 15);
        int *n = cat != FBR_HIGH_CARD ? NULL : top == RANK_QUEEN ? &near[0] : top == RANK_KING ? &near[1] : NULL;
        if (seen[cat] && !(n && *n < 2))
            continue;
        if (n)
            ++*n;
        seen[cat] = true;
        check_hand_cells(cl, &gw, &gp);
        checked++;
    }
    for (int c = 0; c < FBR_NCATS; c++)
        assert_true(seen[c]);
    assert_true(near[0] == 2 && near[1] == 2);
    printf("  %d hands: every cell and every net result agree with the brute force and the rules\n", checked);
}

static struct par_sheet *frenzy_sheet(const struct frenzy_game *g, struct frenzy_result *r)
{
    char err[256];
    memset(r, 0, sizeof *r);
    r->game = *g;
    r->den = frenzy_game_den(g);
    frenzy_price(g, &COUNTS, &r->tot);
    struct frenzy_table fc1;
    struct frenzy_side_result side;
    assert_int_equal(frenzy_preset_get(FT_BONUS, "FC-1", &fc1), 0);
    frenzy_side_bet(&fc1, &COUNTS, &side);
    struct par_sheet *s = frenzy_par_build(r, &COUNTS, &side, 1, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return s;
}

static void test_frenzy_sheet(void **state)
{
    (void)state;
    for (int copy = 0; copy < 2; copy++) {
        struct frenzy_game g = game_of("WE-1", "BB-2", (enum frenzy_copy)copy);
        struct frenzy_result r;
        struct par_sheet *s = frenzy_sheet(&g, &r);
        wide_t sum = 0;
        for (int i = 0; i < s->dist.n; i++)
            sum += s->dist.rows[i].count;
        assert_true(sum == (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS);
        struct par_frac ev = par_frac_make(r.tot.ev, (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r.den);
        assert_true(s->m.ev.num == ev.num && s->m.ev.den == ev.den);
        /* the dealer's non-qualifying deals: the brute force's qualifier
         * over all 2,598,960 hands, each meeting C(47,5) player hands */
        int64_t nq_hands = 0;
        for (long i = 0; i < COUNTS.n; i++)
            if (!frenzy_brute_qualifies(frenzy_brute_best4(COUNTS.classes[i].cards)))
                nq_hands += COUNTS.classes[i].weight;
        const struct par_table *dealer = s->tables[s->ntables - 1];
        assert_string_equal(dealer->rows[dealer->n - 1].name, "does not qualify (below King-high)");
        assert_true(dealer->rows[dealer->n - 1].count == (wide_t)nq_hands * FRENZY_DEALER_HANDS);
        /* a standard deviation of about 3 Antes: between the fold's 2 and the raise's 5 */
        assert_true(s->m.sd > 2.0 && s->m.sd < 5.0);
        printf("  copy %s: house edge %.6f%%, element of risk %.6f%%, hit %.6f, sd %.6f\n", copy ? "push" : "win",
               100 * par_frac_value(s->house_edge), 100 * par_frac_value(s->element_of_risk),
               par_frac_value(s->m.hit), s->m.sd);
        par_sheet_free(s);
    }
}

/* Deals dealt at random (player 5, dealer 5 from one shuffled deck),
 * the player deciding as the solver does (its decision for the hand's
 * suit class), every deal scored by the brute force and the rules written
 * here: the sample mean, standard deviation and each net result's
 * frequency against the sheet, within 5 standard errors. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int rng_below(int n) /* uniform on 0..n-1, by rejection */
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n, x;
    while ((x = rng_next()) >= limit)
        ;
    return (int)(x % (uint64_t)n);
}

struct rep_key {
    cardmask_t mask;
    long cls;
};

static int by_mask(const void *a, const void *b)
{
    cardmask_t x = ((const struct rep_key *)a)->mask, y = ((const struct rep_key *)b)->mask;
    return x < y ? -1 : x > y;
}

static cardmask_t mask_of(const card_t c[5])
{
    cardmask_t m = 0;
    for (int i = 0; i < 5; i++)
        m |= card_bit(c[i]);
    return m;
}

static void test_frenzy_dealt_rounds(void **state)
{
    (void)state;
    enum { DEALS = 1500000 };
    struct frenzy_game g = game_of("WE-1", "BB-2", FRENZY_COPY_WIN);
    struct frenzy_result r;
    struct par_sheet *s = frenzy_sheet(&g, &r);
    struct rep_key *keys = malloc((size_t)COUNTS.n * sizeof *keys);
    uint8_t *raise = malloc((size_t)COUNTS.n);
    assert_true(keys && raise);
    for (long i = 0; i < COUNTS.n; i++) {
        struct frenzy_decision d;
        frenzy_decide(&g, r.den, &COUNTS.classes[i], &d);
        raise[i] = (uint8_t)d.choice;
        keys[i] = (struct rep_key){mask_of(COUNTS.classes[i].cards), i};
    }
    qsort(keys, (size_t)COUNTS.n, sizeof *keys, by_mask);
    long long hist[2 * 220] = {0}; /* net in half Antes, offset by 20 */
    double sum = 0, sumsq = 0;
    card_t deck[NCARDS];
    for (int c = 0; c < NCARDS; c++)
        deck[c] = (card_t)c;
    for (long n = 0; n < DEALS; n++) {
        for (int i = 0; i < 10; i++) { /* a partial Fisher-Yates shuffle */
            int j = i + rng_below(NCARDS - i);
            card_t t = deck[i];
            deck[i] = deck[j], deck[j] = t;
        }
        const card_t *p = deck, *dl = deck + 5;
        cardmask_t form;
        cardmask_t m = mask_of(p);
        canon_form(&m, 1, &form);
        struct rep_key key = {form, 0}, *hit = bsearch(&key, keys, (size_t)COUNTS.n, sizeof *keys, by_mask);
        assert_non_null(hit);
        int rz = raise[hit->cls];
        int64_t net;
        if (rz == 0)
            net = -4;
        else {
            int cmp = frenzy_brute_compare(p, dl);
            bool q = frenzy_brute_qualifies(frenzy_brute_best4(dl));
            int cell = (cmp > 0 ? 0 : cmp == 0 ? 2 : 4) + (q ? 0 : 1);
            int cat = frenzy_brute_category(frenzy_brute_best4(p));
            net = rules_net_x2(cat, frenzy_brute_quad_aces(p), rz, cell, false);
        }
        hist[net + 20]++;
        sum += (double)net / 2, sumsq += (double)net * net / 4;
    }
    double mean = sum / DEALS, sd = sqrt((sumsq - DEALS * mean * mean) / (DEALS - 1));
    double ev = par_frac_value(s->m.ev), m4 = 0;
    for (int i = 0; i < s->dist.n; i++) {
        double x = wide_ratio(s->dist.rows[i].value, s->dist.value_den);
        double pr = wide_ratio(s->dist.rows[i].count, s->dist.total);
        m4 += pr * pow(x - ev, 4);
        long long got = hist[(int)(x * 2) + 20];
        if (fabs((double)got / DEALS - pr) > 5 * sqrt(pr * (1 - pr) / DEALS) + 1e-12)
            fail_msg("net %+g: dealt %.7f, sheet %.7f", x, (double)got / DEALS, pr);
    }
    double se = s->m.sd / sqrt(DEALS), se_sd = sqrt((m4 - pow(s->m.sd, 4)) / (4.0 * DEALS * s->m.variance));
    printf("  %d dealt rounds: mean %+.5f (sheet %+.5f, z = %+.2f), sd %.5f (sheet %.5f, z = %+.2f)\n", DEALS, mean,
           ev, (mean - ev) / se, sd, s->m.sd, (sd - s->m.sd) / se_sd);
    assert_true(fabs(mean - ev) < 5 * se);
    assert_true(fabs(sd - s->m.sd) < 5 * se_sd);
    free(keys), free(raise);
    par_sheet_free(s);
}

/* ------------------------------------------------------------------ */
/* 3. 4 Card Buyout                                                    */
/* ------------------------------------------------------------------ */

static struct par_sheet *buyout_sheet(const struct buyout_rules *rules)
{
    char err[256];
    struct buyout_solve_options o = {.threads = 0};
    struct buyout_result res;
    if (buyout_solve(rules, &o, &res, err, sizeof err) != 0)
        fail_msg("%s", err);
    struct par_sheet *s = buyout_par_build(&res, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return s;
}

static unsigned top_ranks(int nranks) { return ((1u << nranks) - 1u) << (NRANKS - nranks); }

static void test_buyout_mean_vs_brute(void **state)
{
    (void)state;
    const int shoes[][2] = {{2, 2}, {3, 2}, {2, 3}}; /* decks, top ranks: 16, 24, 24 cards */
    for (size_t i = 0; i < sizeof shoes / sizeof shoes[0]; i++) {
        struct buyout_rules rules = buyout_rules_default();
        rules.decks = shoes[i][0];
        rules.nranks = shoes[i][1];
        struct par_sheet *s = buyout_sheet(&rules);
        struct bb_shoe shoe;
        bb_shoe_make(&shoe, rules.decks, top_ranks(rules.nranks));
        struct bb_rules br = {0};
        struct bb_frac ev;
        assert_int_equal(bb_round(&shoe, &br, &ev, NULL), 0);
        assert_true(s->m.ev.num == ev.num && s->m.ev.den == ev.den);
        printf("  %d decks of %d ranks: mean of the distribution = brute-force EV %+.9f; sd %.6f\n", rules.decks,
               rules.nranks, bb_frac_double(ev), s->m.sd);
        par_sheet_free(s);
    }
}

static void test_buyout_full(void **state)
{
    (void)state;
    for (int table = 0; table <= 1; table++) {
        struct buyout_rules rules = buyout_rules_default();
        rules.bonus_table = table;
        rules.bonus_num = rules.bonus_den = 1;
        struct par_sheet *s = buyout_sheet(&rules);
        assert_int_equal(s->nsides, table ? 1 : 0);
        /* net results are whole units without a Bonus, -3..+3 */
        if (!table) {
            assert_int_equal(s->dist.n, 7);
            assert_true(s->dist.rows[0].value == -3 && s->dist.rows[6].value == 3);
        }
        printf("  %s: house edge %.6f%%, element of risk %.6f%%, hit %.6f, sd %.6f\n",
               table ? "Bonus table 1" : "standard",
               100 * par_frac_value(s->house_edge), 100 * par_frac_value(s->element_of_risk),
               par_frac_value(s->m.hit), s->m.sd);
        par_sheet_free(s);
    }
}

/* The jackpots on a sheet: Five Card Jackpot PJ-1 at a $50,000 meter for
 * one player, from the 5-card poker counts every text gives (4 Royals, 36
 * straight flushes, 624 quads, 3,744 full houses, 5,108 flushes, 10,200
 * straights, 54,912 trips of 2,598,960) and the table's prizes (100% and
 * 10% of the meter, $200, $100, $25, $15, $10 for 1): EV = (7.6 M +
 * 1,329,020) / 2,598,960 - 1 = -44497/129948, breaking even at M =
 * 1,269,940 / 7.6 = 3174850/19.  More players share the meter's prizes:
 * their EV is lower and their break-even meter higher. */
static void test_frenzy_jackpot_sheet(void **state)
{
    (void)state;
    struct frenzy_jackpot_table t;
    assert_int_equal(frenzy_jackpot_preset_get(FRENZY_JACKPOT_FIVE_CARD, "PJ-1", &t), 0);
    enum { N = FRENZY_JACKPOT_MAX_PLAYERS };
    struct frenzy_jackpot_result res[N];
    char err[256];
    for (int k = 0; k < N; k++)
        assert_int_equal(frenzy_jackpot_solve(&t, 1, k + 1, bigfrac_int(50000), &res[k], err, sizeof err), 0);
    struct par_sheet *s = par_sheet_new("test", "Test game", "jackpots", "unit");
    assert_int_equal(frenzy_par_jackpots(s, res, 1, N), 0);
    const struct par_jackpot *j = s->jackpots[0];
    assert_int_equal(j->nplayers, N);
    const long long counts[] = {4, 36, 624, 3744, 5108, 10200, 54912, 2598960 - 74628};
    for (int i = 0; i < 8; i++)
        assert_true(j->rows[i].count == counts[i]);
    assert_string_equal(j->rows[0].prize, "100% of the meter, shared");
    assert_string_equal(j->at[0].ev_exact, "-44497/129948");
    assert_true(j->at[0].breaks_even);
    assert_string_equal(j->at[0].break_even_exact, "3174850/19");
    for (int k = 1; k < N; k++)
        assert_true(j->at[k].ev < j->at[k - 1].ev && j->at[k].break_even > j->at[k - 1].break_even);
    par_sheet_free(s);
}

int main(void)
{
    const struct CMUnitTest generic[] = {
        cmocka_unit_test(test_sheet_by_hand),
        cmocka_unit_test(test_sheet_refused),
        cmocka_unit_test(test_sheet_json_and_csv), cmocka_unit_test(test_sheet_pages),
    };
    const struct CMUnitTest frenzy[] = {
        cmocka_unit_test(test_frenzy_cells_vs_brute),
        cmocka_unit_test(test_frenzy_sheet),
        cmocka_unit_test(test_frenzy_dealt_rounds),
        cmocka_unit_test(test_frenzy_jackpot_sheet),
    };
    const struct CMUnitTest buyout[] = {
        cmocka_unit_test(test_buyout_mean_vs_brute),
        cmocka_unit_test(test_buyout_full),
    };
    int failed = cmocka_run_group_tests_name("par sheet", generic, NULL, NULL);
    failed += cmocka_run_group_tests_name("frenzy par", frenzy, frenzy_setup, frenzy_teardown);
    failed += cmocka_run_group_tests_name("buyout par", buyout, NULL, NULL);
    return failed;
}
