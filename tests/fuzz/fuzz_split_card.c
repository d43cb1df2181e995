/* fuzz_split_card.c — libFuzzer harness for the 4 Card Split card-file
 * reader (split_card_load, solver/split/split_card.h).  The input is the
 * file.  It loads, or fails with one line "FILE:LINE: message" / "FILE:
 * message" (no control character); every rule loaded is in range, and its
 * text reads back as the same rule. */
#include "paytable_common.h"
#include "split_card.h"

static void check_rule(const struct split_rule *r)
{
    if (r->group >= SPLIT_NGROUPS || r->first_lo > r->first_hi || r->first_hi > 12 || r->second_lo > r->second_hi ||
        r->second_hi > 12 || r->up_lo > r->up_hi || r->up_hi > 12 || r->pattern < -1 ||
        r->pattern >= SPLIT_NPATTERNS || !split_action_valid(r->group, r->action, SPLIT_INSTANT_CHOOSE))
        __builtin_trap();
    for (int k = 0; k < 4; k++)
        if (r->more_of >> k & 1 && (r->more_lo[k] > r->more_hi[k] || r->more_hi[k] > 12))
            __builtin_trap();
    char text[400], err[400];
    struct split_rule back;
    split_rule_text(r, text, sizeof text);
    if (split_rule_parse(text, SPLIT_INSTANT_CHOOSE, &back, err, sizeof err) != 0 ||
        memcmp(&back, r, sizeof back) != 0)
        __builtin_trap(); /* the text written is the text read */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("split-card", data, size);
    static struct split_card c;
    char err[1024];
    memset(err, 'x', sizeof err);
    if (split_card_load(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err) != 0) {
        fuzz_check_error(path, err, sizeof err);
        return 0;
    }
    if (c.n < 1 || c.n > SPLIT_CARD_MAX_RULES)
        __builtin_trap();
    for (int i = 0; i < c.n; i++)
        check_rule(&c.rule[i]);
    return 0;
}
