/* fuzz_buyout_card.c — libFuzzer harness for the 4 Card Buyout card-file
 * reader (buyout_card_load_seen, solver/buyout/buyout_card.h: every
 * limit, the hole-carder's 'dealer' too).  The input is
 * the file.  It loads, or fails with one line "FILE:LINE: message" /
 * "FILE: message" (no control character); every rule loaded is in range,
 * and its text reads back as the same rule. */
#include "buyout_card.h"
#include "paytable_common.h"

static void check_rule(const struct buyout_rule *r)
{
    if (r->group > 1 || r->points_lo > r->points_hi || r->points_hi > 44 || r->with_lo > r->with_hi ||
        r->with_hi > 44 || r->adds_lo > r->adds_hi || r->adds_hi > 44 || r->up_lo > r->up_hi || r->up_hi > 12 || r->high_lo > r->high_hi || r->high_hi > 12 ||
        r->second_lo > r->second_hi || r->second_hi > 12 || r->action > 2 || r->has_dealer > 1 ||
        (r->has_dealer ? r->dealer_lo > r->dealer_hi || r->dealer_hi > 22 || (r->dealer_lo == 0 && r->dealer_hi == 22)
                       : r->dealer_lo || r->dealer_hi))
        __builtin_trap();
    char text[200], err[400];
    struct buyout_rule back;
    buyout_rule_text(r, text, sizeof text);
    if (buyout_rule_parse(text, &back, err, sizeof err) != 0 || memcmp(&back, r, sizeof back) != 0)
        __builtin_trap(); /* the text written is the text read */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("buyout-card", data, size);
    static struct buyout_card c;
    char err[1024];
    memset(err, 'x', sizeof err);
    if (buyout_card_load_seen(path, &c, err, sizeof err) != 0) {
        fuzz_check_error(path, err, sizeof err);
        return 0;
    }
    if (c.n < 1 || c.n > BUYOUT_CARD_MAX_RULES)
        __builtin_trap();
    for (int i = 0; i < c.n; i++)
        check_rule(&c.rule[i]);
    return 0;
}
