/* test_split_counts.c — the split fast path (Möbius terms, split_counts.c)
 * against the reference (per-situation inclusion-exclusion,
 * split_counts_ref.c): every count of every hand, for both dealing rules,
 * on a set of canonical situations that together read every entry of
 * every term table (so a wrong entry cannot hide), and on raw situations
 * of every suit pattern.  Both sides read the same per-upcard dealer
 * tables (split_tables.c); those are checked by the independent brute
 * force (test_split_brute.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "split_keys.h"
#include "split_situations.h"
#include "split_counts.h"
#include "split_tables.h"

void split_situation_counts_ref(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                                struct split_hand_counts out[SPLIT_NMASKS]);

static void compare(const struct split_dealer_tables *t, const card_t P[4], card_t u)
{
    struct split_hand_counts fast[SPLIT_NMASKS], ref[SPLIT_NMASKS];
    split_situation_counts(t, P, u, fast);
    split_situation_counts_ref(t, P, u, ref);
    for (int m = 1; m < 15; m++)
        if (memcmp(&fast[m], &ref[m], sizeof fast[m])) {
            print_error("hand mask %d of P = %d %d %d %d, u = %d differs\n", m, P[0], P[1], P[2], P[3], u);
            fail();
        }
}

/* Marks the term-table entries situation (P, u) reads (as split_counts.c
 * finds them); true when one was not marked before. */
static bool reads_new_entry(const struct split_keys *k, const card_t P[4], int u, uint8_t *seen[SK_NKINDS])
{
    bool fresh = false;
#define MARK(kind, id) (fresh |= !seen[kind][id], seen[kind][id] = 1)
    for (int i = 0; i < 4; i++) {
        int d[3];
        for (int j = 0, m = 0; j < 4; j++)
            if (j != i)
                d[m++] = P[j];
        MARK(SK_SINGLE0, split_key_single0(k, u, P[i]));
        for (int j = 0; j < 3; j++) {
            MARK(SK_SINGLE1, split_key_single1(k, u, P[i], d[j]));
            MARK(SK_SINGLE2, split_key_single2(k, u, P[i], split_pair_index(d[j], d[(j + 1) % 3])));
        }
        for (int j = i + 1; j < 4; j++) {
            int xy = split_pair_index(P[i], P[j]);
            MARK(SK_PAIR0, split_key_pair0(k, u, xy));
            for (int a = 0; a < 4; a++)
                if (a != i && a != j)
                    MARK(SK_PAIR1, split_key_pair1(k, u, xy, P[a]));
        }
    }
#undef MARK
    return fresh;
}

static void check_rules(const struct split_rules *r)
{
    struct split_dealer_tables *t = split_dealer_tables_build(r);
    assert_non_null(t);
    const struct split_keys *k = split_keys_get();
    assert_non_null(k);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    assert_true(n == 652353);
    uint8_t *seen[SK_NKINDS];
    for (int kind = 0; kind < SK_NKINDS; kind++)
        assert_non_null(seen[kind] = calloc((size_t)k->nclasses[kind], 1));
    long checked = 0;
    for (long i = 0; i < n; i++)
        if (reads_new_entry(k, list[i].P, list[i].u, seen))
            compare(t, list[i].P, list[i].u), checked++;
    for (int kind = 0; kind < SK_NKINDS; kind++) { /* every entry was read by a checked situation */
        for (int32_t id = 0; id < k->nclasses[kind]; id++)
            if (!seen[kind][id]) {
                print_error("term table %d entry %d is read by no situation\n", kind, id);
                fail();
            }
        free(seen[kind]);
    }
    /* raw situations, not canonical: the term keys of every suit pattern */
    unsigned seed = 12345;
    for (int k = 0; k < 2000; k++) {
        card_t c[5];
        cardmask_t used = 0;
        for (int j = 0; j < 5; j++) {
            do {
                seed = seed * 1103515245u + 12345u;
                c[j] = (card_t)((seed >> 16) % NCARDS);
            } while (used & card_bit(c[j]));
            used |= card_bit(c[j]);
        }
        compare(t, c, c[4]);
    }
    print_message("%ld situations checked, reading every term-table entry\n", checked);
    free(list);
    split_dealer_tables_free(t);
}

static void test_2014(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    assert_non_null(pt);
    check_rules(&pt->rules);
}

static void test_v2(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("v2-P1");
    assert_non_null(pt);
    check_rules(&pt->rules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_2014), cmocka_unit_test(test_v2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
