/* split_card_price.c — a Split card's exact EV: its action in every
 * situation class, valued with the hand values the optimal strategy is
 * priced with, against the best option of the class. */
#include "split_card.h"

#include <string.h>

void split_card_price(const struct split_card *c, const struct split_paytable *pt, enum split_instant_reading r,
                      const struct split_situation *list, const struct split_hand_values *values, long n,
                      struct split_card_price *out)
{
    memset(out, 0, sizeof *out);
    for (long i = 0; i < n; i++) {
        const struct split_situation *s = &list[i];
        wide_t blind = split_blind_value(pt, s->P), best = split_best_value(pt, r, s->P, &values[i]);
        out->optimal_ev += s->weight * (blind + best);
        struct split_option o;
        int set_rule, play_rule[2];
        if (!split_card_option(c, pt, s->P, s->u, &o, &set_rule, play_rule)) {
            if (out->uncovered++ == 0)
                memcpy(out->uncovered_P, s->P, sizeof s->P), out->uncovered_u = s->u;
            continue;
        }
        out->matched[set_rule] += s->weight;
        for (int h = 0; h < 2; h++)
            if (play_rule[h] >= 0)
                out->matched[play_rule[h]] += s->weight;
        wide_t mine = split_option_value(pt, s->P, &values[i], &o);
        out->ev += s->weight * (blind + mine);
        out->situations_otherwise += mine < best ? s->weight : 0;
    }
}
