/* test_card_html.c — the printable pages' pieces (html_page.h,
 * card_html.h): text escaped, counts grouped by thousands, a card's page
 * drawn from its JSON (rules in order and escaped, its figures), and the
 * rows of a map merged into bands only where every cell agrees, as pale
 * as their least agreed cell. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card_html.h"
#include "html_page.h"

__attribute__((noinline)) static char *page_of(void (*write)(FILE *, const void *), const void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    write(f, arg);
    fclose(f);
    return buf;
}

static void text_of(FILE *f, const void *s) { html_text(f, s); }

static void escaping_and_counts(void **state)
{
    (void)state;
    char *t = page_of(text_of, "K<Q & \"A\" > 2");
    assert_string_equal(t, "K&lt;Q &amp; &quot;A&quot; &gt; 2");
    free(t);
    char buf[64];
    assert_string_equal(html_count_text("1234567", buf, sizeof buf), "1,234,567");
    assert_string_equal(html_count_text("-1000", buf, sizeof buf), "-1,000");
    assert_string_equal(html_count_text("999", buf, sizeof buf), "999");
    assert_string_equal(html_count_text("2077963198015869964800", buf, sizeof buf), "2,077,963,198,015,869,964,800");
}

static void card_of(FILE *f, const void *p) { card_html_write(f, p); }

static void card_page_from_json(void **state)
{
    (void)state;
    json_object *card = json_tokener_parse(
        "{\"rules\": [\"Raise 3x with a pair of Aces or better\", \"Fold below K<Q\"],"
        " \"ev\": {\"exact\": \"-1/40\", \"value\": -0.025}, \"optimal_ev\": {\"exact\": \"-1/50\", \"value\": -0.02},"
        " \"cost\": {\"exact\": \"1/200\", \"value\": 0.005}, \"cost_percent\": 0.5,"
        " \"cost_percent_of_initial_wager\": 0.25, \"hands_otherwise\": 1234567, \"tiers\": []}");
    assert_non_null(card);
    struct card_page p = {.card = card, .title = "Test: strategy card", .about = "a game", .unit = "Ante",
                          .counted = "hands", .made_by = "a test"};
    char *html = page_of(card_of, &p);
    char *first = strstr(html, "<li>Raise 3x with a pair of Aces or better</li>");
    char *second = strstr(html, "<li>Fold below K&lt;Q</li>");
    assert_true(first && second && first < second);
    assert_non_null(strstr(html, "<b>-2.500000%</b>"));
    assert_non_null(strstr(html, "<b>0.500000%</b>"));
    assert_non_null(strstr(html, "1,234,567 hands otherwise"));
    assert_non_null(strstr(html, "cost 1/200"));
    assert_null(strstr(html, "Coarser cards")); /* no tiers, no table */
    assert_null(strstr(html, "<script"));
    free(html);
    json_object_put(card);
}

static void map_rows_merged(void **state)
{
    (void)state;
    struct card_map m = {.nrows = 5, .ncols = 2, .nactions = 2};
    const int8_t act[5][2] = {{1, 1}, {1, 1}, {1, 1}, {0, 1}, {1, 1}};
    const double share[5][2] = {{1, 1}, {0.5, 1}, {1, 0.75}, {1, 1}, {1, 1}};
    for (int r = 0; r < 5; r++) {
        snprintf(m.row_names[r], sizeof m.row_names[r], "%d", 40 - r);
        for (int c = 0; c < 2; c++)
            m.action[r][c] = act[r][c], m.share[r][c] = share[r][c];
    }
    card_map_merge_rows(&m);
    assert_int_equal(m.nrows, 3);
    assert_string_equal(m.row_names[0], "38-40");
    assert_string_equal(m.row_names[1], "37");
    assert_string_equal(m.row_names[2], "36");
    assert_true(m.share[0][0] == 0.5 && m.share[0][1] == 0.75);
    assert_int_equal(m.action[1][0], 0);
    assert_int_equal(m.action[2][0], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escaping_and_counts),
        cmocka_unit_test(card_page_from_json),
        cmocka_unit_test(map_rows_merged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
