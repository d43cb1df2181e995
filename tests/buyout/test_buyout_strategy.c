/* test_buyout_strategy.c — the committed strategy files of 4 Card Buyout
 * (strategies/buyout-standard.csv.gz and its summary buyout-standard.txt)
 * are what the solver computes now; scripts/make-strategies regenerates
 * them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_solve.h"
#include "buyout_strategy.h"

/* The whole of a stream. */
static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    *len = n;
    return buf;
}

static void current(void **state)
{
    (void)state;
    FILE *csv = tmpfile(), *txt = tmpfile();
    assert_non_null(csv);
    assert_non_null(txt);
    struct buyout_rules r = buyout_rules_default();
    struct buyout_solution sol;
    struct buyout_solve_options o = {.solution = &sol};
    struct buyout_result res;
    char err[256];
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
    assert_int_equal(buyout_strategy_write(&sol, csv, NULL, txt), 0);
    buyout_solution_free(&sol);

    size_t n_csv, n_txt, n_want_csv, n_want_txt;
    rewind(csv), rewind(txt);
    char *got_csv = slurp(csv, &n_csv), *got_txt = slurp(txt, &n_txt);
    FILE *gz = popen("gzip -dc " FOURCARD_STRATEGIES "/buyout-standard.csv.gz", "r");
    FILE *sum = fopen(FOURCARD_STRATEGIES "/buyout-standard.txt", "r");
    assert_non_null(gz);
    assert_non_null(sum);
    char *want_csv = slurp(gz, &n_want_csv), *want_txt = slurp(sum, &n_want_txt);
    pclose(gz);
    fclose(sum);
    if (n_csv != n_want_csv || memcmp(got_csv, want_csv, n_csv))
        fail_msg("strategies/buyout-standard.csv.gz is not current: run scripts/make-strategies");
    if (n_txt != n_want_txt || memcmp(got_txt, want_txt, n_txt))
        fail_msg("strategies/buyout-standard.txt is not current: run scripts/make-strategies");
    free(got_csv), free(got_txt), free(want_csv), free(want_txt);
    fclose(csv), fclose(txt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(current)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
