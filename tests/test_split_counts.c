/* test_split_counts.c — the split fast path (Möbius terms, split_counts.c)
 * against the reference (per-situation inclusion-exclusion,
 * split_counts_ref.c): every count of every hand, on a sample of the
 * canonical classes and on raw situations of every suit pattern, for both
 * dealing rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "split_situations.h"
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

static void check_rules(const struct split_rules *r, long stride)
{
    struct split_dealer_tables *t = split_dealer_tables_build(r);
    assert_non_null(t);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    assert_true(n == 652353);
    long checked = 0;
    for (long i = 0; i < n; i += stride, checked++)
        compare(t, list[i].P, list[i].u);
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
    assert_true(checked > 1000);
    free(list);
    split_dealer_tables_free(t);
}

static void test_2014(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    assert_non_null(pt);
    check_rules(&pt->rules, 97);
}

static void test_v2(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("v2-P1");
    assert_non_null(pt);
    check_rules(&pt->rules, 211);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_2014), cmocka_unit_test(test_v2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
