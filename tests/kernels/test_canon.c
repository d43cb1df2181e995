/* test_canon.c — suit-canonical forms against the slow definition: the
 * least image over all 24 suit permutations. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "cards.h"
#include "combo.h"

enum { NPERMS = 24 };

static uint64_t next_random(uint64_t *state) /* splitmix64, fixed seeds */
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* All 24 permutations of the suits. */
static void make_perms(int perms[NPERMS][NSUITS])
{
    int n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        int p[NSUITS] = { a, b, c, d };
                        memcpy(perms[n++], p, sizeof p);
                    }
    assert_int_equal(n, NPERMS);
}

static void permute_all(const cardmask_t *in, int ngroups, const int perm[NSUITS], cardmask_t *out)
{
    for (int g = 0; g < ngroups; g++)
        out[g] = canon_permute(in[g], perm);
}

/* Lexicographic on (group 0, group 1, ...) as plain numbers. */
static int tuple_cmp(const cardmask_t *a, const cardmask_t *b, int ngroups)
{
    for (int g = 0; g < ngroups; g++)
        if (a[g] != b[g])
            return a[g] < b[g] ? -1 : 1;
    return 0;
}

/* The slow definition.  Suit 0 is the least significant lane, so the least
 * image puts the largest key (lane of group 0, then group 1, ...) in lane 0:
 * the least image is the sorted-decreasing form of canon.h.  Returns the
 * number of distinct images, which is the orbit size. */
static int slow_canon(const cardmask_t *groups, int ngroups, cardmask_t *least)
{
    int perms[NPERMS][NSUITS];
    cardmask_t image[NPERMS][CANON_MAXGROUPS];
    int distinct = 0;
    make_perms(perms);
    for (int p = 0; p < NPERMS; p++) {
        permute_all(groups, ngroups, perms[p], image[p]);
        int seen = 0;
        for (int q = 0; q < p; q++)
            seen |= tuple_cmp(image[q], image[p], ngroups) == 0;
        distinct += !seen;
        if (p == 0 || tuple_cmp(image[p], least, ngroups) < 0)
            memcpy(least, image[p], (size_t)ngroups * sizeof least[0]);
    }
    return distinct;
}

/* canon_form equals the slow definition, in place too, and is idempotent. */
static void check_against_slow(const cardmask_t *groups, int ngroups)
{
    cardmask_t fast[CANON_MAXGROUPS], slow[CANON_MAXGROUPS], again[CANON_MAXGROUPS];
    int orbit = canon_form(groups, ngroups, fast);
    int slow_orbit = slow_canon(groups, ngroups, slow);
    if (tuple_cmp(fast, slow, ngroups) != 0 || orbit != slow_orbit)
        fail_msg("groups %d: first %016llx: form %016llx orbit %d, slow %016llx orbit %d", ngroups,
                 (unsigned long long)groups[0], (unsigned long long)fast[0], orbit,
                 (unsigned long long)slow[0], slow_orbit);

    memcpy(again, groups, (size_t)ngroups * sizeof again[0]);
    assert_int_equal(canon_form(again, ngroups, again), orbit); /* out == groups */
    assert_int_equal(tuple_cmp(again, fast, ngroups), 0);
    assert_int_equal(canon_form(fast, ngroups, again), orbit); /* idempotent */
    assert_int_equal(tuple_cmp(again, fast, ngroups), 0);
    assert_true(canon_is_rep(fast, ngroups));
    assert_int_equal(canon_is_rep(groups, ngroups), tuple_cmp(groups, fast, ngroups) == 0);
}

static cardmask_t mask_of(const char *text)
{
    card_t cards[NCARDS];
    char err[160];
    int n = cards_parse(text, cards, NCARDS, err, sizeof err);
    if (n < 0)
        fail_msg("%s", err);
    return cards_to_mask(cards, n);
}

static cardmask_t combo_mask(const combo_t *c)
{
    cardmask_t m = 0;
    for (int i = 0; i < c->k; i++)
        m |= card_bit((card_t)c->idx[i]);
    return m;
}

/* C(52, k) by the product formula, independent of binomial(). */
static uint64_t hands_of(int k)
{
    uint64_t num = 1, den = 1;
    for (int i = 0; i < k; i++) {
        num *= (uint64_t)(NCARDS - i);
        den *= (uint64_t)(i + 1);
    }
    return num / den;
}

static void test_permute_moves_suits(void **state)
{
    (void)state;
    int perms[NPERMS][NSUITS];
    make_perms(perms);
    for (int p = 0; p < NPERMS; p++) {
        cardmask_t all = 0;
        for (int c = 0; c < NCARDS; c++) {
            card_t card = (card_t)c;
            card_t moved = card_make(card_rank(card), perms[p][card_suit(card)]);
            assert_int_equal(canon_permute(card_bit(card), perms[p]), card_bit(moved));
            all |= canon_permute(card_bit(card), perms[p]);
        }
        assert_int_equal(all, CARDMASK_ALL); /* a bijection on the deck */
    }
    static const int identity[NSUITS] = { 0, 1, 2, 3 };
    assert_int_equal(canon_permute(mask_of("As Kd 7h 2c"), identity), mask_of("As Kd 7h 2c"));
}

/* Orbit sizes 24 / prod(m!), the multiplicities counted by hand. */
static void test_orbit_sizes_by_hand(void **state)
{
    (void)state;
    static const struct {
        const char *cards;
        int orbit;
    } cases[] = {
        { "", 1 },                  /* keys e e e e: 4!        */
        { "Ac", 4 },                /* A e e e: 3!             */
        { "Ac Ad", 6 },             /* A A e e: 2! 2!          */
        { "Ac Kd", 12 },            /* A K e e: 2!             */
        { "Ac Kd Qh", 24 },         /* A K Q e: all distinct   */
        { "Ac Ad Ah", 4 },          /* A A A e: 3!             */
        { "Ac Ad Kh", 12 },         /* A A K e: 2!             */
        { "Ac Ad Kh Ks", 6 },       /* A A K K: 2! 2!          */
        { "Ac Ad Ah Ks", 4 },       /* A A A K: 3!             */
        { "Ac Ad Ah As", 1 },       /* A A A A: 4!             */
        { "Ac Kc Ad Kd Ah Kh", 4 }, /* AK AK AK e: 3!          */
        { "Ac Kc Qd Jh", 24 },      /* AK Q J e: all distinct  */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cardmask_t m = mask_of(cases[i].cards), form;
        int orbit = canon_form(&m, 1, &form);
        if (orbit != cases[i].orbit)
            fail_msg("'%s': orbit %d, expected %d", cases[i].cards, orbit, cases[i].orbit);
    }
}

/* Every 4-card hand, compared with the slow definition. */
static void test_all_4card_hands_match_slow(void **state)
{
    (void)state;
    combo_t c;
    assert_true(combo_first(&c, NCARDS, 4));
    do {
        cardmask_t m = combo_mask(&c);
        check_against_slow(&m, 1);
    } while (combo_next(&c));
}

/* A random situation: ngroups disjoint groups of 0..5 cards each, dealt
 * from one deck.  Few cards make ties between suits common. */
static void random_situation(uint64_t *rng, int ngroups, cardmask_t *groups)
{
    cardmask_t used = 0;
    for (int g = 0; g < ngroups; g++) {
        int want = (int)(next_random(rng) % 6);
        groups[g] = 0;
        while (want > 0) {
            cardmask_t bit = card_bit((card_t)(next_random(rng) % NCARDS));
            if (used & bit)
                continue;
            used |= bit;
            groups[g] |= bit;
            want--;
        }
    }
}

static void test_random_situations_match_slow(void **state)
{
    (void)state;
    uint64_t rng = 20240601;
    cardmask_t groups[CANON_MAXGROUPS];
    /* The solver's case: 4 player cards and 1 dealer upcard. */
    for (int trial = 0; trial < 300000; trial++) {
        card_t cards[5];
        int n = 0;
        while (n < 5) {
            card_t c = (card_t)(next_random(&rng) % NCARDS);
            int duplicate = 0;
            for (int i = 0; i < n; i++)
                duplicate |= cards[i] == c;
            if (!duplicate)
                cards[n++] = c;
        }
        groups[0] = cards_to_mask(cards, 4);
        groups[1] = card_bit(cards[4]);
        check_against_slow(groups, 2);
    }
    /* Every group count, with small groups so that keys tie. */
    for (int ngroups = 0; ngroups <= CANON_MAXGROUPS; ngroups++)
        for (int trial = 0; trial < 50000; trial++) {
            random_situation(&rng, ngroups, groups);
            check_against_slow(groups, ngroups);
        }
    /* Dense random lanes (overlapping groups): all 13 bits of every group
     * matter to the key. */
    for (int trial = 0; trial < 50000; trial++) {
        for (int g = 0; g < CANON_MAXGROUPS; g++)
            groups[g] = next_random(&rng) & CARDMASK_ALL;
        check_against_slow(groups, CANON_MAXGROUPS);
    }
}

/* The form is constant on an orbit: every permuted copy has the same form
 * and orbit size. */
static void test_form_invariant_under_permutation(void **state)
{
    (void)state;
    int perms[NPERMS][NSUITS];
    make_perms(perms);
    uint64_t rng = 7;
    for (int trial = 0; trial < 20000; trial++) {
        int ngroups = 1 + (int)(next_random(&rng) % CANON_MAXGROUPS);
        cardmask_t groups[CANON_MAXGROUPS], moved[CANON_MAXGROUPS];
        cardmask_t form[CANON_MAXGROUPS], moved_form[CANON_MAXGROUPS];
        random_situation(&rng, ngroups, groups);
        int orbit = canon_form(groups, ngroups, form);
        for (int p = 0; p < NPERMS; p++) {
            permute_all(groups, ngroups, perms[p], moved);
            assert_int_equal(canon_form(moved, ngroups, moved_form), orbit);
            assert_int_equal(tuple_cmp(moved_form, form, ngroups), 0);
        }
    }
}

typedef struct {
    cardmask_t hand, form;
} formed_t;

static int by_form(const void *a, const void *b)
{
    cardmask_t x = ((const formed_t *)a)->form, y = ((const formed_t *)b)->form;
    return (x > y) - (x < y);
}

/* Same form exactly when related: sorted by form, each run of equal forms
 * is one orbit — its size is the orbit size and each member is a suit
 * permutation of the first.  (Invariance, tested above, gives the converse.) */
static void test_same_form_iff_suit_permutation(void **state)
{
    (void)state;
    int perms[NPERMS][NSUITS];
    make_perms(perms);
    enum { K = 3 };
    size_t total = (size_t)hands_of(K), n = 0;
    formed_t *all = malloc(total * sizeof *all);
    assert_non_null(all);
    combo_t c;
    assert_true(combo_first(&c, NCARDS, K));
    do {
        all[n].hand = combo_mask(&c);
        canon_form(&all[n].hand, 1, &all[n].form);
        n++;
    } while (combo_next(&c));
    assert_int_equal(n, total);
    qsort(all, n, sizeof *all, by_form);
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start; end < n && all[end].form == all[start].form; end++) {
            int related = 0;
            for (int p = 0; p < NPERMS; p++)
                related |= canon_permute(all[start].hand, perms[p]) == all[end].hand;
            assert_true(related);
        }
        cardmask_t form;
        assert_int_equal(canon_form(&all[start].hand, 1, &form), (int)(end - start));
    }
    free(all);
}

/* Burnside: classes = (1/24) sum over permutations of the hands each fixes. */
static uint64_t burnside_hand_classes(int k)
{
    int perms[NPERMS][NSUITS];
    make_perms(perms);
    uint64_t fixed = 0;
    combo_t c;
    assert_true(combo_first(&c, NCARDS, k));
    do {
        cardmask_t m = combo_mask(&c);
        for (int p = 0; p < NPERMS; p++)
            fixed += canon_permute(m, perms[p]) == m;
    } while (combo_next(&c));
    assert_int_equal(fixed % NPERMS, 0);
    return fixed / NPERMS;
}

/* Published suit-isomorphism class counts of 3-, 4- and 5-card hands,
 * confirmed by Burnside; the representatives' orbits cover every hand. */
static void test_suit_class_counts(void **state)
{
    (void)state;
    static const uint64_t published[] = { [3] = 1755, [4] = 16432, [5] = 134459 };
    for (int k = 3; k <= 5; k++) {
        uint64_t classes = 0, covered = 0;
        combo_t c;
        assert_true(combo_first(&c, NCARDS, k));
        do {
            cardmask_t m = combo_mask(&c), form;
            if (canon_is_rep(&m, 1)) {
                classes++;
                covered += (uint64_t)canon_form(&m, 1, &form);
            }
        } while (combo_next(&c));
        assert_int_equal(classes, published[k]);
        assert_int_equal(classes, burnside_hand_classes(k));
        assert_int_equal(covered, hands_of(k));
    }
}

/* Burnside for (4-card hand, upcard): a fixed situation is a fixed hand
 * with an upcard, not in the hand, whose suit the permutation fixes. */
static uint64_t burnside_upcard_classes(void)
{
    int perms[NPERMS][NSUITS];
    make_perms(perms);
    uint64_t fixed = 0;
    for (int p = 0; p < NPERMS; p++) {
        cardmask_t fixed_lanes = 0;
        for (int s = 0; s < NSUITS; s++)
            if (perms[p][s] == s)
                fixed_lanes |= (cardmask_t)0x1fff << (16 * s);
        combo_t c;
        assert_true(combo_first(&c, NCARDS, 4));
        do {
            cardmask_t m = combo_mask(&c);
            if (canon_permute(m, perms[p]) == m)
                fixed += (uint64_t)(mask_count(fixed_lanes) - mask_count(m & fixed_lanes));
        } while (combo_next(&c));
    }
    assert_int_equal(fixed % NPERMS, 0);
    return fixed / NPERMS;
}

/* The solver's ~13 million situations: representatives weighted by orbit
 * size count every (hand, upcard) once. */
static void test_player_upcard_situations(void **state)
{
    (void)state;
    uint64_t classes = 0, covered = 0;
    combo_t c;
    assert_true(combo_first(&c, NCARDS, 4));
    do {
        cardmask_t groups[2] = { combo_mask(&c), 0 }, form[2];
        for (int up = 0; up < NCARDS; up++) {
            groups[1] = card_bit((card_t)up);
            if ((groups[0] & groups[1]) || !canon_is_rep(groups, 2))
                continue;
            classes++;
            covered += (uint64_t)canon_form(groups, 2, form);
        }
    } while (combo_next(&c));
    assert_int_equal(covered, hands_of(4) * (NCARDS - 4));
    assert_int_equal(classes, burnside_upcard_classes());
}

/* The groups are permuted together, and their order matters. */
static void test_groups_permuted_together(void **state)
{
    (void)state;
    cardmask_t a[2], b[2], fa[2], fb[2];

    /* Same relation between the groups (suited): one class. */
    a[0] = mask_of("Ac"), a[1] = mask_of("Kc");
    b[0] = mask_of("Ad"), b[1] = mask_of("Kd");
    canon_form(a, 2, fa), canon_form(b, 2, fb);
    assert_int_equal(tuple_cmp(fa, fb, 2), 0);

    /* Suited versus offsuit: two classes. */
    b[1] = mask_of("Kh");
    canon_form(b, 2, fb);
    assert_int_not_equal(tuple_cmp(fa, fb, 2), 0);

    /* Swapped groups: different when the groups differ in rank ... */
    b[0] = a[1], b[1] = a[0];
    canon_form(b, 2, fb);
    assert_int_not_equal(tuple_cmp(fa, fb, 2), 0);
    /* ... the same when a suit swap turns one into the other. */
    a[0] = mask_of("Ac"), a[1] = mask_of("Ad");
    b[0] = a[1], b[1] = a[0];
    canon_form(a, 2, fa), canon_form(b, 2, fb);
    assert_int_equal(tuple_cmp(fa, fb, 2), 0);

    /* The same three cards As Ah Kh split two ways: offsuit AK with the
     * ace of the king's suit up, or suited AK with the other ace up. */
    a[0] = mask_of("As Kh"), a[1] = mask_of("Ah");
    b[0] = mask_of("Ah Kh"), b[1] = mask_of("As");
    assert_int_equal(a[0] | a[1], b[0] | b[1]);
    canon_form(a, 2, fa), canon_form(b, 2, fb);
    assert_int_not_equal(tuple_cmp(fa, fb, 2), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_permute_moves_suits),
        cmocka_unit_test(test_orbit_sizes_by_hand),
        cmocka_unit_test(test_all_4card_hands_match_slow),
        cmocka_unit_test(test_random_situations_match_slow),
        cmocka_unit_test(test_form_invariant_under_permutation),
        cmocka_unit_test(test_same_form_iff_suit_permutation),
        cmocka_unit_test(test_suit_class_counts),
        cmocka_unit_test(test_player_upcard_situations),
        cmocka_unit_test(test_groups_permuted_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
