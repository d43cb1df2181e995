/* test_split_brute.c — the 4 Card Split fast path (split_situation_counts)
 * against the brute-force enumerator of split_brute.c, which shares nothing
 * with it but eval3_rank and the card helpers.
 *
 *   1. The brute force on its own, from first principles: totals
 *      C(47,3) * C(44, 3 - |H|), fields summing to the total, outcome counts
 *      derived by hand for a few 3-card hands, facts that follow from the
 *      rules (an upcard at or above the qualifying card always qualifies,
 *      trips cannot tie, ...), invariance under suit permutations and under
 *      reordering the player's cards.
 *   2. Fast path == brute force, every field of all 14 hands, for chosen
 *      edge situations and a few hundred situations from a fixed-seed PRNG,
 *      under the 2014 rules and the v2 rules.  Every mismatch is counted;
 *      the first ones are printed with the situation, hand, field and both
 *      values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cards.h"
#include "eval3.h"
#include "split_brute.h"
#include "split_counts.h"
#include "split_rules.h"

static const struct split_rules RULES_2014 = {SPLIT_DEALER_BEST3OF4, RANK_QUEEN};
static const struct split_rules RULES_V2 = {SPLIT_DEALER_UP_BEST2OF3, RANK_KING};

/* Random situations per rule set (at least 100). */
enum { NRANDOM = 150 };
/* Mismatching fields printed in full before only counting. */
enum { MAX_PRINTED = 12 };

static const char *rules_name(const struct split_rules *r)
{
    return r->dealer == SPLIT_DEALER_BEST3OF4 ? "2014" : "v2";
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static uint32_t choose(uint32_t n, uint32_t k)
{
    if (k > n)
        return 0;
    uint32_t r = 1;
    for (uint32_t i = 1; i <= k; i++)
        r = r * (n - k + i) / i; /* each partial product is a binomial */
    return r;
}

static int popcount4(int m) { return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1); }

/* "P0 P1 P2 P3 u" -> P[4], *u. */
static void parse_situation(const char *text, card_t P[4], card_t *u)
{
    card_t c[5];
    char err[128];
    if (cards_parse_exact(text, c, 5, err, sizeof err) != 0)
        fail_msg("bad situation \"%s\": %s", text, err);
    memcpy(P, c, 4);
    *u = c[4];
}

static void format_situation(const card_t P[4], card_t u, char *buf, size_t len)
{
    char p[32], c[3];
    cards_format(P, 4, p, sizeof p);
    card_format(u, c);
    snprintf(buf, len, "P = %s, upcard %s", p, c);
}

static void format_hand(const card_t P[4], int m, char *buf, size_t len)
{
    card_t h[4];
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            h[n++] = P[i];
    cards_format(h, n, buf, len);
}

/* The fields of a split_hand_counts, flattened with their names. */
enum { NFIELDS = 2 * E3_NCATEGORIES + 4 };

static void field_values(const struct split_hand_counts *o, uint32_t v[NFIELDS])
{
    int n = 0;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        v[n++] = o->win_q[c];
    for (int c = 0; c < E3_NCATEGORIES; c++)
        v[n++] = o->win_nq[c];
    v[n++] = o->tie;
    v[n++] = o->lose_q;
    v[n++] = o->lose_nq;
    v[n++] = o->total;
}

static void field_name(int f, char *buf, size_t len)
{
    if (f < E3_NCATEGORIES)
        snprintf(buf, len, "win_q[%s]", eval3_category_name((enum eval3_category)f));
    else if (f < 2 * E3_NCATEGORIES)
        snprintf(buf, len, "win_nq[%s]",
                 eval3_category_name((enum eval3_category)(f - E3_NCATEGORIES)));
    else
        snprintf(buf, len, "%s",
                 (const char *[]){"tie", "lose_q", "lose_nq", "total"}[f - 2 * E3_NCATEGORIES]);
}

/* A fixed byte pattern: what was not written keeps it. */
#define SENTINEL_BYTE 0xA5

static int is_sentinel(const struct split_hand_counts *o)
{
    const unsigned char *b = (const unsigned char *)o;
    for (size_t i = 0; i < sizeof *o; i++)
        if (b[i] != SENTINEL_BYTE)
            return 0;
    return 1;
}

static void brute(const struct split_rules *r, const card_t P[4], card_t u,
                  struct split_hand_counts out[SPLIT_NMASKS]);

/* ------------------------------------------------------------------ */
/* 1. The brute force from first principles                            */
/* ------------------------------------------------------------------ */

/* Totals and sums of one brute-force result; out[0] and out[15] must keep
 * the sentinel. */
static void check_structure(const struct split_rules *r, const card_t P[4], card_t u,
                            const struct split_hand_counts out[SPLIT_NMASKS])
{
    char sit[64];
    format_situation(P, u, sit, sizeof sit);
    if (!is_sentinel(&out[0]) || !is_sentinel(&out[15]))
        fail_msg("brute force (%s, %s) wrote out[0] or out[15]", rules_name(r), sit);
    for (int m = 1; m <= 14; m++) {
        int h = popcount4(m);
        uint32_t want = choose(47, 3) * choose(44, (uint32_t)(3 - h));
        uint32_t v[NFIELDS];
        field_values(&out[m], v);
        uint64_t sum = 0;
        for (int f = 0; f < NFIELDS - 1; f++)
            sum += v[f];
        if (out[m].total != want || sum != want)
            fail_msg("brute force (%s, %s) hand mask %d: total %u, sum of fields %llu, "
                     "expected C(47,3) * C(44,%d) = %u",
                     rules_name(r), sit, m, out[m].total, (unsigned long long)sum, 3 - h, want);
    }
}

static void brute(const struct split_rules *r, const card_t P[4], card_t u,
                  struct split_hand_counts out[SPLIT_NMASKS])
{
    memset(out, SENTINEL_BYTE, SPLIT_NMASKS * sizeof *out);
    split_brute_counts(r, P, u, out);
    check_structure(r, P, u, out);
}

static uint32_t wins(const struct split_hand_counts *o, int q)
{
    uint32_t s = 0;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        s += q ? o->win_q[c] : o->win_nq[c];
    return s;
}

/* Outcome counts of 3-card hands worked out by hand. */
static void test_brute_hand_counts(void **state)
{
    (void)state;
    struct split_hand_counts out[SPLIT_NMASKS];
    card_t P[4], u;

    /* Trips 7c 7d 7h (mask 7) against upcard 2c, Kd aside.
     *
     * v2: the dealer plays 2c with two hole cards, so he beats trips 7
     * only with a straight flush through 2c: hole cards holding 3c 4c or
     * Ac 3c; 45 triples hold a given pair, one (Ac 3c 4c) holds both:
     * 45 + 45 - 1 = 89, all qualifying.  No tie (the fourth 7 is in P).
     *
     * 2014: his best 3 of 4 beats trips 7 with
     *   - trips above 7 in the hole: ranks 8, 9, T, J, Q, A: 4 triples
     *     each, K: 1 (Kd is seen) -> 25;
     *   - a straight flush in the hole alone: 12 sequences a suit (top
     *     3..A), 3 of them hold a 7; spades keep all 12 (7s is unseen),
     *     hearts 9, clubs 9 less A-2-3 and 2-3-4 (2c is the upcard) = 7,
     *     diamonds 9 less J-Q-K and Q-K-A (Kd) = 7: 12 + 9 + 7 + 7 = 35;
     *   - a straight flush with 2c: the 89 triples above, of which 3c 4c 5c
     *     is already among the 35 -> 88.
     * A triple is never both trips and suited: 25 + 35 + 88 = 148. */
    parse_situation("7c 7d 7h Kd 2c", P, &u);
    brute(&RULES_V2, P, u, out);
    assert_int_equal(out[7].lose_q, 89);
    assert_int_equal(out[7].lose_nq, 0);
    assert_int_equal(out[7].tie, 0);
    assert_int_equal(out[7].win_q[E3_TRIPS] + out[7].win_nq[E3_TRIPS], 16215 - 89);
    brute(&RULES_2014, P, u, out);
    assert_int_equal(out[7].lose_q, 148);
    assert_int_equal(out[7].lose_nq, 0);
    assert_int_equal(out[7].tie, 0);
    assert_int_equal(out[7].win_q[E3_TRIPS] + out[7].win_nq[E3_TRIPS], 16215 - 148);

    /* Royal As Ks Qs (mask 7), upcard 3h.  2014: it ties exactly the three
     * hole triples that are another suit's royal, and never loses.  v2: the
     * dealer always uses the 3h, so no royal for him: every hand is a win. */
    parse_situation("As Ks Qs 2d 3h", P, &u);
    brute(&RULES_2014, P, u, out);
    assert_int_equal(out[7].tie, 3);
    assert_int_equal(out[7].lose_q + out[7].lose_nq, 0);
    assert_int_equal(out[7].win_q[E3_ROYAL] + out[7].win_nq[E3_ROYAL], 16215 - 3);
    brute(&RULES_V2, P, u, out);
    assert_int_equal(out[7].tie, 0);
    assert_int_equal(out[7].lose_q + out[7].lose_nq, 0);
    assert_int_equal(out[7].win_q[E3_ROYAL] + out[7].win_nq[E3_ROYAL], 16215);

    /* 5-3-2 offsuit (mask 7), the lowest 3-card hand.  2014: the dealer's
     * 4 cards always beat it (a fourth card of rank 2, 3 or 5 pairs, a 4
     * makes a straight, anything else is a higher card), so no win, no
     * tie. */
    parse_situation("5h 3d 2c Ks 9s", P, &u);
    brute(&RULES_2014, P, u, out);
    assert_int_equal(wins(&out[7], 0) + wins(&out[7], 1) + out[7].tie, 0);
    assert_int_equal(out[7].lose_q + out[7].lose_nq, 16215);

    /* 2014: the dealer with upcard 9s and hole cards among {2, 3, 4, 5, 6,
     * 7, 8} that make no pair, straight or flush has at most 9-high: he
     * does not qualify.  Just check both kinds occur. */
    assert_true(out[7].lose_nq > 0);
    assert_true(out[7].lose_q > 0);
}

/* Facts that follow from the rules, over the edge situations. */
static const char *const EDGE[] = {
    "As Ks Qs 2d 3h", /* instant royal */
    "Ah Kh Qh Jh 2c", /* 4-card royal: a royal and a straight flush */
    "Js Qs Ks As Ad", /* royal, upcard an ace */
    "7c 7d 7h 7s Kd", /* four of a kind */
    "7c 7d 7h 7s 2c",
    "2h 6h 9h Jh 4c", /* 4-card flush */
    "3d 7d Td Kd Ad", /* 4-card flush, upcard an ace of the suit */
    "Qc 8d 5s 3h Qd", /* P holds the upcard's rank */
    "Kc Kd 4h 9s Ks",
    "Ac 2d 3s 9h 5c", /* wheel straight A-2-3 */
    "Ad 2d 3d Kc As", /* A-2-3 straight flush, upcard an ace */
    "Ac 2c 3c 4c 5c", /* 4-card straight flush A-2-3-4, upcard continues it */
    "2c 3d 5h 7s 4c", /* the lowest hand, upcard fills the straight */
    "Kc Kd 4h 4s 9c", /* two pair */
    "Ah Ac Ad 2s Kh", /* trips of aces */
    "Qh Jd 9c 6s Qs", /* upcard = 2014 qualifying card */
    "Kh Jd 9c 6s Ks", /* upcard = v2 qualifying card */
    "Jh Td 8c 6s Jc", /* upcard just below both */
    "2c 3c 4d 6h 5s",
    "Ts Js Qs 9s 8s", /* 4-card straight flush, upcard continues it */
    "Ac Kd Qh Js Tc", /* broadway straight */
    "2c 2d 3h 3s As",
    "5c 9d Jh 3s Ac", /* upcard an ace */
    "2c 4d 6h 8s Tc", /* nothing at all */
};
enum { NEDGE = sizeof EDGE / sizeof EDGE[0] };

static void check_rule_facts(const struct split_rules *r, const card_t P[4], card_t u,
                             const struct split_hand_counts out[SPLIT_NMASKS])
{
    char sit[64];
    format_situation(P, u, sit, sizeof sit);
    /* The 2014 dealer has his upcard among his 4 cards and the v2 dealer
     * always plays it, so an upcard at or above the qualifying card always
     * qualifies. */
    int always_q = card_rank(u) >= r->qualify_high;
    for (int m = 1; m <= 14; m++) {
        const struct split_hand_counts *o = &out[m];
        if (always_q && (o->lose_nq != 0 || wins(o, 0) != 0))
            fail_msg("brute force (%s, %s) hand %d: a non-qualifying dealer with upcard %d",
                     rules_name(r), sit, m, card_rank(u));
        if (popcount4(m) == 3) {
            /* A 3-card hand meets each of the C(47,3) dealer hands once and
             * has one final rank: all its wins are in one category. */
            int cats = 0;
            for (int c = 0; c < E3_NCATEGORIES; c++)
                cats += (o->win_q[c] + o->win_nq[c]) != 0;
            if (cats > 1)
                fail_msg("brute force (%s, %s) hand %d: wins in %d categories", rules_name(r),
                         sit, m, cats);
            /* Trips cannot tie: the dealer would need 3 cards of the rank
             * while only one is left. */
            card_t h[3];
            int n = 0;
            for (int i = 0; i < 4; i++)
                if (m >> i & 1)
                    h[n++] = P[i];
            enum eval3_category cat = eval3_category_of(eval3_rank(h));
            if (cat == E3_TRIPS && o->tie != 0)
                fail_msg("brute force (%s, %s) hand %d: trips tie", rules_name(r), sit, m);
            /* Nothing beats a royal flush. */
            if (cat == E3_ROYAL && o->lose_q + o->lose_nq != 0)
                fail_msg("brute force (%s, %s) hand %d: a royal loses", rules_name(r), sit, m);
        }
    }
}

static void test_brute_rule_facts(void **state)
{
    (void)state;
    const struct split_rules *rules[2] = {&RULES_2014, &RULES_V2};
    for (int ri = 0; ri < 2; ri++)
        for (int s = 0; s < NEDGE; s += 3) { /* a third of them: the rest run in part 2 */
            card_t P[4], u;
            struct split_hand_counts out[SPLIT_NMASKS];
            parse_situation(EDGE[s], P, &u);
            brute(rules[ri], P, u, out);
            check_rule_facts(rules[ri], P, u, out);
        }
}

static void expect_same(const char *what, const struct split_rules *r, const char *sit, int m1,
                        const struct split_hand_counts *a, int m2,
                        const struct split_hand_counts *b)
{
    uint32_t va[NFIELDS], vb[NFIELDS];
    field_values(a, va);
    field_values(b, vb);
    for (int f = 0; f < NFIELDS; f++)
        if (va[f] != vb[f]) {
            char name[32];
            field_name(f, name, sizeof name);
            fail_msg("brute force (%s, %s): %s: hand %d %s = %u, its image hand %d = %u",
                     rules_name(r), sit, what, m1, name, va[f], m2, vb[f]);
        }
}

/* Permuting the suits of all five cards, or reordering P (which renames
 * the hand masks), changes no count.  The brute force uses no symmetry,
 * so this checks its bookkeeping. */
static void test_brute_symmetry(void **state)
{
    (void)state;
    static const char *const SITS[] = {"Ad 2d 3d Kc As", "2h 6h 9h Jh 4c", "Qc 8d 5s 3h Qd"};
    static const int SUITMAP[3][4] = {{1, 2, 3, 0}, {3, 2, 1, 0}, {0, 3, 1, 2}};
    static const int ORDER[3][4] = {{3, 2, 1, 0}, {1, 3, 0, 2}, {2, 0, 3, 1}};
    for (int s = 0; s < 3; s++) {
        const struct split_rules *r = s == 1 ? &RULES_2014 : &RULES_V2;
        card_t P[4], u;
        parse_situation(SITS[s], P, &u);
        struct split_hand_counts base[SPLIT_NMASKS], img[SPLIT_NMASKS];
        brute(r, P, u, base);

        /* suits */
        card_t Q[4], v;
        for (int i = 0; i < 4; i++)
            Q[i] = card_make(card_rank(P[i]), SUITMAP[s][card_suit(P[i])]);
        v = card_make(card_rank(u), SUITMAP[s][card_suit(u)]);
        brute(r, Q, v, img);
        for (int m = 1; m <= 14; m++)
            expect_same("suit permutation", r, SITS[s], m, &base[m], m, &img[m]);

        /* order: Q[i] = P[ORDER[i]], so P's position j is Q's position i
         * with ORDER[i] = j */
        for (int i = 0; i < 4; i++)
            Q[i] = P[ORDER[s][i]];
        brute(r, Q, u, img);
        for (int m = 1; m <= 14; m++) {
            int mq = 0;
            for (int i = 0; i < 4; i++)
                if (m >> ORDER[s][i] & 1)
                    mq |= 1 << i;
            expect_same("reordered P", r, SITS[s], m, &base[m], mq, &img[mq]);
        }
    }
}

/* ------------------------------------------------------------------ */
/* 2. Fast path against brute force                                    */
/* ------------------------------------------------------------------ */

/* splitmix64: a fixed-seed stream, the same on every run. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* 5 distinct cards: a partial Fisher-Yates shuffle. */
static void random_situation(uint64_t *s, card_t P[4], card_t *u)
{
    card_t deck[NCARDS];
    for (int i = 0; i < NCARDS; i++)
        deck[i] = (card_t)i;
    for (int i = 0; i < 5; i++) {
        int j = i + (int)(rng_next(s) % (uint64_t)(NCARDS - i));
        card_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    memcpy(P, deck, 4);
    *u = deck[4];
}

struct compare_stats {
    int situations;
    int bad_situations;
    long bad_fields;
    int printed;
    double t_fast, t_brute;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void compare_one(const struct split_dealer_tables *t, const struct split_rules *r,
                        const card_t P[4], card_t u, struct compare_stats *st)
{
    struct split_hand_counts fast[SPLIT_NMASKS], slow[SPLIT_NMASKS];
    char sit[64];
    format_situation(P, u, sit, sizeof sit);

    memset(fast, SENTINEL_BYTE, sizeof fast);
    double t0 = now();
    split_situation_counts(t, P, u, fast);
    double t1 = now();
    brute(r, P, u, slow);
    double t2 = now();
    st->t_fast += t1 - t0;
    st->t_brute += t2 - t1;
    check_rule_facts(r, P, u, slow);

    int bad = 0;
    if (!is_sentinel(&fast[0]) || !is_sentinel(&fast[15])) {
        bad++;
        if (st->printed++ < MAX_PRINTED)
            print_message("MISMATCH rules %s, %s: the fast path wrote out[0] or out[15]\n",
                          rules_name(r), sit);
    }
    for (int m = 1; m <= 14; m++) {
        uint32_t vf[NFIELDS], vb[NFIELDS];
        field_values(&fast[m], vf);
        field_values(&slow[m], vb);
        for (int f = 0; f < NFIELDS; f++) {
            if (vf[f] == vb[f])
                continue;
            bad++;
            if (st->printed++ < MAX_PRINTED) {
                char name[32], hand[16];
                field_name(f, name, sizeof name);
                format_hand(P, m, hand, sizeof hand);
                print_message("MISMATCH rules %s, %s, hand mask %d (%s): %s fast %u, brute %u\n",
                              rules_name(r), sit, m, hand, name, vf[f], vb[f]);
            }
        }
    }
    st->situations++;
    if (bad) {
        st->bad_situations++;
        st->bad_fields += bad;
    }
}

static void compare_rules(const struct split_rules *r, uint64_t seed)
{
    struct split_dealer_tables *t = split_dealer_tables_build(r);
    assert_non_null(t);
    struct compare_stats st = {0};
    double t0 = now();

    for (int s = 0; s < NEDGE; s++) {
        card_t P[4], u;
        parse_situation(EDGE[s], P, &u);
        compare_one(t, r, P, u, &st);
    }
    uint64_t rng = seed;
    for (int s = 0; s < NRANDOM; s++) {
        card_t P[4], u;
        random_situation(&rng, P, &u);
        compare_one(t, r, P, u, &st);
    }
    split_dealer_tables_free(t);

    print_message("rules %s: %d situations (%d edge + %d random, seed %#llx), %.1f s "
                  "(fast path %.3f s, brute force %.1f s = %.3f s a situation)\n",
                  rules_name(r), st.situations, (int)NEDGE, (int)NRANDOM,
                  (unsigned long long)seed, now() - t0, st.t_fast, st.t_brute,
                  st.t_brute / st.situations);
    if (st.bad_fields)
        fail_msg("rules %s: %ld mismatching fields in %d of %d situations (first %d printed "
                 "above)",
                 rules_name(r), st.bad_fields, st.bad_situations, st.situations,
                 st.printed < MAX_PRINTED ? st.printed : MAX_PRINTED);
}

static void test_fast_vs_brute_2014(void **state)
{
    (void)state;
    compare_rules(&RULES_2014, UINT64_C(0x2014));
}

static void test_fast_vs_brute_v2(void **state)
{
    (void)state;
    compare_rules(&RULES_V2, UINT64_C(0x4c5032));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_hand_counts),
        cmocka_unit_test(test_brute_rule_facts),
        cmocka_unit_test(test_brute_symmetry),
        cmocka_unit_test(test_fast_vs_brute_2014),
        cmocka_unit_test(test_fast_vs_brute_v2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
