/* test_split_design.c — the designer (split_design.h) at the library
 * level, on every 211th class (the totals then describe no game, but
 * every relation below holds class by class):
 * - a grid's totals equal split_solve's on the same paytables, every
 *   field, under both instant readings, with decimal pays, a Blind line
 *   and an instant line, at 1 and 2 threads;
 * - the sensitivity: solving with a pay + 1 inside its interval moves the
 *   EV by exactly d_ev. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "split_design.h"

enum { STRIDE = 211 };

static struct split_grid grid_of(const char *preset)
{
    struct split_grid g = {.base = *split_preset_find(preset)};
    int64_t k = 4; /* den 4: quarters */
    for (int c = 0; c < E3_NCATEGORIES; c++)
        g.base.ante_draw[c] *= k, g.base.ante_instant[c] *= k;
    for (int c = 0; c < BL_NCATEGORIES; c++)
        g.base.blind[c] *= k;
    g.base.den *= k;
    g.nvary = 3;
    g.vary[0] = (struct split_vary){split_line_find("ante-draw.flush"), 6, 10, 1};       /* 1.5 .. 2.5 by 0.25 */
    g.vary[1] = (struct split_vary){split_line_find("ante-instant.straight"), 8, 16, 4}; /* 2, 3, 4: meets the flush's 2 */
    g.vary[2] = (struct split_vary){split_line_find("blind.two-pair"), 16, 20, 4};      /* 4, 5 */
    return g;
}

static void grid_equals_solve(enum split_instant_reading instant, int threads)
{
    struct split_grid g = grid_of("2014-1a");
    long n = split_grid_size(&g, 1000);
    assert_int_equal(n, 5 * 3 * 2);
    struct split_paytable *pts = calloc((size_t)n, sizeof *pts);
    struct split_result *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
    for (long i = 0; i < n; i++)
        split_grid_paytable(&g, i, &pts[i]);
    char err[256];
    struct split_solve_options o = {.instant = instant, .threads = threads, .stride = STRIDE};
    long stable[2];
    assert_int_equal(split_grid_solve(&g, n, &o, a, stable, err, sizeof err), 0);
    assert_int_equal(split_solve(pts, (int)n, &o, b, err, sizeof err), 0);
    assert_true(stable[0] > 0 && stable[0] < stable[1]); /* both ways of pricing a class are used */
    for (long i = 0; i < n; i++)
        if (memcmp(&a[i].tot, &b[i].tot, sizeof a[i].tot) != 0)
            fail_msg("paytable %ld of the grid (%s): the totals differ from split_solve's", i, pts[i].name);
    free(pts), free(a), free(b);
}

static void grid_choose(void **state)
{
    (void)state;
    grid_equals_solve(SPLIT_INSTANT_CHOOSE, 1);
}

static void grid_highest_two_threads(void **state)
{
    (void)state;
    grid_equals_solve(SPLIT_INSTANT_HIGHEST, 2);
}

/* Every line whose interval holds pay + 1: the EV moves by d_ev (in the
 * totals' units, d_ev x den). */
static void sensitivity_is_the_slope(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("v2-P1");
    struct split_solve_options o = {.instant = SPLIT_INSTANT_CHOOSE, .stride = STRIDE};
    struct split_sensitivity *s = calloc(1, sizeof *s);
    char err[256];
    assert_int_equal(split_sensitivity(pt, &o, s, err, sizeof err), 0);
    struct split_paytable plus[SPLIT_NLINES];
    int line_of[SPLIT_NLINES], checked = 0;
    for (int i = 0; i < SPLIT_NLINES; i++) {
        const struct split_line_sensitivity *l = &s->lines[i];
        wide_t up = (wide_t)(l->pay + l->den); /* pay + 1, times den */
        if (!l->high.none && (l->high.open ? up * l->high.den >= l->high.num * l->den
                                           : up * l->high.den > l->high.num * l->den))
            continue;
        plus[checked] = *pt;
        *split_line_pay(&plus[checked], split_line_at(i)) += pt->den;
        line_of[checked++] = i;
    }
    struct split_result r[SPLIT_NLINES];
    assert_int_equal(split_solve(plus, checked, &o, r, err, sizeof err), 0); /* one enumeration for all */
    for (int k = 0; k < checked; k++)
        if (r[k].tot.ev - s->base.tot.ev != s->lines[line_of[k]].d_ev * pt->den)
            fail_msg("%s: +1 moves the EV by other than d_ev", split_line_at(line_of[k])->name);
    assert_true(checked >= 8); /* the Blind's 8 lines at least */
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grid_choose),
        cmocka_unit_test(grid_highest_two_threads),
        cmocka_unit_test(sensitivity_is_the_slope),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
