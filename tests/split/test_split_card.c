/* test_split_card.c — 4 Card Split strategy cards (split_card.h): every
 * setting a rule can take is a legal option and the best option's value is
 * split_decide's; every rule's text reads back as the same rule; bad text
 * and bad card files are refused with FILE:LINE; a built card's price
 * equals the builder's sums, a card's EV equals a count from first
 * principles, and the optimal EV the price reports equals split_solve's
 * (on every 61st class, to keep the test short). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "eval3.h"
#include "eval4.h"
#include "split_card.h"
#include "split_counts.h"
#include "split_situations.h"
#include "split_solve.h"

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

static int by_id(const void *a, const void *b) { return *(const card_t *)a - *(const card_t *)b; }

static void deal(card_t P[4], card_t *u)
{
    card_t c[5];
    for (int i = 0; i < 5; i++) {
        bool again;
        do {
            c[i] = (card_t)(next() % NCARDS);
            again = false;
            for (int j = 0; j < i; j++)
                again |= c[j] == c[i];
        } while (again);
    }
    qsort(c, 4, 1, by_id);
    memcpy(P, c, 4);
    *u = c[4];
}

/* ------------------------------------------------------------------ */

/* No pair, "suited cards together": each two cards of a suit share a hand;
 * with no two suited, the two highest ranks do. */
static void suited_cards_together(const card_t P[4], int a)
{
    int suited = 0, top = 0, second = 1;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (card_suit(P[i]) == card_suit(P[j])) {
                suited++;
                assert_int_equal(a >> i & 1, a >> j & 1);
            }
    if (suited)
        return;
    for (int i = 0; i < 4; i++)
        if (card_rank(P[i]) > card_rank(P[top]))
            top = i;
    second = top == 0 ? 1 : 0;
    for (int i = 0; i < 4; i++)
        if (i != top && card_rank(P[i]) > card_rank(P[second]))
            second = i;
    assert_int_equal(a >> top & 1, a >> second & 1);
}

/* Every valid setting keeps an instant three where there is one (and a
 * legal split where there is none), and the best value is split_decide's. */
static void settings_are_legal(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    for (int k = 0; k < 300; k++) {
        card_t P[4], u;
        deal(P, &u);
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct split_hand_values hv;
        split_situation_counts(t, P, u, counts);
        split_hand_values_of(pt, counts, &hv);
        struct split_decision d;
        split_decide(pt, SPLIT_INSTANT_CHOOSE, P, counts, &d);
        assert_true(split_best_value(pt, SPLIT_INSTANT_CHOOSE, P, &hv) == d.best);
        struct split_view v;
        split_view_of(pt, P, u, &v);
        for (int s = 0; s < SPLIT_NSETTINGS; s++) {
            if (!split_action_valid(v.group, s, SPLIT_INSTANT_CHOOSE))
                continue;
            int a, b;
            split_setting_hands(&v, s, &a, &b);
            if (v.group == SPLIT_INSTANT_WINNER) {
                card_t h[3];
                for (int j = 0, n = 0; j < 4; j++)
                    if (a >> j & 1)
                        h[n++] = P[j];
                assert_int_equal(__builtin_popcount((unsigned)a), 3);
                assert_true(eval3_category_of(eval3_rank(h)) >= E3_FLUSH);
            } else if (s == 0)
                assert_true(a == 0 && b == 0);
            else {
                assert_int_equal(a & b, 0);
                assert_int_equal(a | b, 15);
                int na = __builtin_popcount((unsigned)a);
                assert_true(s <= 4 ? na == 3 : na == 2);
                if (s == 8)
                    suited_cards_together(P, a);
            }
        }
    }
    split_dealer_tables_free(t);
}

/* The best option the printed card's maps use is the solver's decision
 * (split_decide, from the counts) wherever the best is unique, under both
 * instant readings, and is worth the best value. */
static void best_option_is_the_solvers(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("v2-P1");
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int compared = 0;
    for (int k = 0; k < 400; k++) {
        card_t P[4], u;
        deal(P, &u);
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct split_hand_values hv;
        split_situation_counts(t, P, u, counts);
        split_hand_values_of(pt, counts, &hv);
        for (int r = 0; r < 2; r++) {
            enum split_instant_reading reading = r ? SPLIT_INSTANT_HIGHEST : SPLIT_INSTANT_CHOOSE;
            struct split_decision d;
            struct split_option o;
            split_decide(pt, reading, P, counts, &d);
            assert_true(split_best_option(pt, reading, P, &hv, &o) == d.best);
            assert_true(split_option_value(pt, P, &hv, &o) == d.best);
            if (d.has_second && d.second == d.best)
                continue; /* a tie: either option is right */
            assert_int_equal(o.choice, d.choice);
            if (d.choice == SPLIT_FOLD_ALL)
                continue;
            bool same = o.hand_a == d.hand_a && o.hand_b == d.hand_b && o.play_a == d.play_a && o.play_b == d.play_b;
            bool swapped = o.hand_a == d.hand_b && o.hand_b == d.hand_a && o.play_a == d.play_b && o.play_b == d.play_a;
            assert_true(d.choice == SPLIT_INSTANT ? o.hand_a == d.hand_a && o.play_b == d.play_b : same || swapped);
            compared++;
        }
    }
    assert_true(compared > 500);
    split_dealer_tables_free(t);
}

/* A random rule of the group: limits and an action it allows. */
static struct split_rule random_rule(int group)
{
    static const int NPAT[SPLIT_NGROUPS] = {0, 3, 5, 10, 0, 5, 2};
    struct split_rule r = {.group = (uint8_t)group, .first_hi = 12, .second_hi = 12, .up_hi = 12, .pattern = -1,
                           .second_of = (uint8_t)split_second_default(group)};
    uint8_t *lims[3][2] = {{&r.first_lo, &r.first_hi}, {&r.second_lo, &r.second_hi}, {&r.up_lo, &r.up_hi}};
    for (int l = 0; l < 3; l++) {
        int named = (int)(1 + next() % 3); /* the position a second limit names */
        if ((l == 1 && !split_second_valid(group, named)) || next() % 3 == 0)
            continue;
        int a = (int)(next() % 13), b = (int)(next() % 13);
        *lims[l][0] = (uint8_t)(a < b ? a : b), *lims[l][1] = (uint8_t)(a < b ? b : a);
        if (l == 1 && !(a == 0 && b == 12) && !(b == 0 && a == 12))
            r.second_of = (uint8_t)named;
    }
    if (NPAT[group] && next() % 2)
        r.pattern = (int8_t)(next() % (unsigned)NPAT[group]);
    do
        r.action = (uint8_t)(next() % SPLIT_NSETTINGS);
    while (!split_action_valid(group, r.action, SPLIT_INSTANT_CHOOSE));
    return r;
}

static void text_reads_back(void **state)
{
    (void)state;
    for (int k = 0; k < 5000; k++) {
        struct split_rule r = random_rule((int)(next() % SPLIT_NGROUPS)), back;
        char text[400], err[300];
        split_rule_text(&r, text, sizeof text);
        if (split_rule_parse(text, SPLIT_INSTANT_CHOOSE, &back, err, sizeof err) != 0)
            fail_msg("'%s': %s", text, err);
        assert_memory_equal(&r, &back, sizeof r);
    }
}

static void bad_text_refused(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "No pair fold both",                          /* no colon */
        "Three pair: fold both",                      /* no such shape */
        "No pair, highest card Z or higher: fold both", /* no such rank */
        "No pair, highest card 9 to 5: fold both",    /* empty range */
        "No pair, highest card 9, highest card 10: fold both", /* limited twice */
        "No pair, pair 9: fold both",                 /* another shape's rank */
        "One pair: 2+2 pair | higher",                /* no such setting */
        "One pair: 3+1 2nd+3rd+lowest | highest",     /* no pair's setting */
        "One pair: 2+2 suited cards together (else highest+2nd | 3rd+lowest)", /* no pair's only */
        "Play a 4-card hand",                         /* no such hand */
        "Play a single card, low card 5",             /* a single card has one rank */
        "Fold a 2-card hand, suited unconnected, suited connected", /* two kinds */
        "No pair, 2nd card 9, lowest card 5: fold both", /* two ranks besides the first */
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        struct split_rule r;
        char err[300] = "";
        if (split_rule_parse(BAD[i], SPLIT_INSTANT_CHOOSE, &r, err, sizeof err) == 0)
            fail_msg("'%s' was read", BAD[i]);
        assert_true(err[0] != '\0' && strchr(err, '\n') == NULL);
    }
    struct split_rule r;
    char err[300];
    assert_int_equal(split_rule_parse("Instant winner: take the three that leaves the highest single card",
                                      SPLIT_INSTANT_HIGHEST, &r, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "--instant choose"));
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void card_files(void **state)
{
    (void)state;
    char path[] = "/tmp/test_split_card_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    struct split_card c;
    char err[700];
    write_file(path, "# a card\n\nSome words.\n1. No pair: fold both\n  2. Play a single card\nmore words 3.\n");
    assert_int_equal(split_card_load(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err), 0);
    assert_int_equal(c.n, 2);
    assert_int_equal(c.rule[1].group, SPLIT_NSHAPES);
    static const struct {
        const char *text, *want;
    } BAD[] = {
        {"1. No pair: fold both\n3. Play a single card\n", ":2: rule 3 where rule 2 was due"},
        {"words\n1. No pair: fold everything\n", ":2: unknown setting"},
        {"nothing here\n", "no rules"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        write_file(path, BAD[i].text);
        assert_int_equal(split_card_load(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err), -1);
        if (!strstr(err, BAD[i].want) || strncmp(err, path, strlen(path)) != 0)
            fail_msg("'%s', want '%s'", err, BAD[i].want);
    }
    unlink(path);
    assert_int_equal(split_card_load(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err), -1);
}

/* ------------------------------------------------------------------ */

enum { STRIDE = 61 };

struct sample {
    struct split_situation *list;
    struct split_hand_values *values;
    long n;
    struct split_result r;
};

static void solve_sample(const char *preset, struct sample *s)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_solve_options o = {.instant = SPLIT_INSTANT_CHOOSE, .values = &s->values, .stride = STRIDE};
    char err[256];
    assert_int_equal(split_solve(pt, 1, &o, &s->r, err, sizeof err), 0);
    struct split_situation *all;
    long n = split_situations_list(&all);
    assert_true(n > 0);
    s->n = 0;
    for (long i = 0; i < n; i += STRIDE)
        all[s->n++] = all[i];
    s->list = all;
}

/* A card that folds every hand but takes the instant winners, counted
 * from first principles: the Blind, the best instant pay, and -1 per
 * folded Ante. */
static void fold_card_counted(void **state)
{
    (void)state;
    struct sample s;
    solve_sample("2014-1a", &s);
    const struct split_paytable *pt = split_preset_find("2014-1a");
    struct split_card c = {.n = SPLIT_NGROUPS};
    for (int g = 0; g < SPLIT_NGROUPS; g++)
        c.rule[g] = (struct split_rule){.group = (uint8_t)g, .first_hi = 12, .second_hi = 12, .up_hi = 12,
                                        .pattern = -1, .action = 0};
    struct split_card_price p;
    split_card_price(&c, pt, SPLIT_INSTANT_CHOOSE, s.list, s.values, s.n, &p);
    assert_int_equal(p.uncovered, 0);
    assert_true(p.optimal_ev == s.r.tot.ev);
    wide_t want = 0;
    for (long i = 0; i < s.n; i++) {
        const card_t *P = s.list[i].P;
        int64_t pay = -1;
        for (int leave = 0; leave < 4; leave++) {
            card_t h[3];
            for (int j = 0, k = 0; j < 4; j++)
                if (j != leave)
                    h[k++] = P[j];
            int cat = eval3_category_of(eval3_rank(h));
            if (cat >= E3_FLUSH && pt->ante_instant[cat] > pay)
                pay = pt->ante_instant[cat];
        }
        int64_t antes = pay >= 0 ? pay - 1 : -2; /* the instant Ante paid, the other folded; or both folded */
        int64_t blind = pt->blind[eval4_category_of(split_blind_rank(P))];
        want += (wide_t)s.list[i].weight * (blind + antes) * SPLIT_L;
    }
    assert_true(p.ev == want);
    free(s.list), free(s.values);
}

/* The builder's EV of every length is the price of its card, which
 * covers every situation, is at most the optimum and the language's best,
 * and beats the shortest card. */
static void built_cards_priced(void **state)
{
    (void)state;
    struct sample s;
    solve_sample("v2-P1", &s);
    const struct split_paytable *pt = split_preset_find("v2-P1");
    struct split_card_build *b = malloc(sizeof *b);
    char err[256];
    assert_int_equal(split_card_build(pt, SPLIT_INSTANT_CHOOSE, s.list, s.values, s.n, 12, b, err, sizeof err), 0);
    assert_int_equal(b->shortest, SPLIT_NGROUPS);
    assert_true(b->longest > b->shortest && b->longest <= 12);
    assert_true(b->best_in_language <= s.r.tot.ev);
    for (int k = b->shortest; k <= b->longest; k++) {
        if (b->cards[k].n == 0)
            continue;
        assert_int_equal(b->cards[k].n, k);
        struct split_card_price p;
        split_card_price(&b->cards[k], pt, SPLIT_INSTANT_CHOOSE, s.list, s.values, s.n, &p);
        assert_int_equal(p.uncovered, 0);
        assert_true(p.ev == b->ev[k]);
        assert_true(p.ev <= p.optimal_ev && p.ev <= b->best_in_language);
        assert_true(k == b->shortest || b->ev[k] > b->ev[b->shortest]);
    }
    free(b), free(s.list), free(s.values);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(settings_are_legal), cmocka_unit_test(best_option_is_the_solvers),
        cmocka_unit_test(text_reads_back),
        cmocka_unit_test(bad_text_refused),   cmocka_unit_test(card_files),
        cmocka_unit_test(fold_card_counted),  cmocka_unit_test(built_cards_priced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
