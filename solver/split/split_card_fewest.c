/* split_card_fewest.c — the Split cards shorter than the learner's first.
 *
 * A card decides every situation only with a rule for each of the four
 * shapes and a play rule for every size of hand its settings form; an
 * instant winner always forms a single card.  So no card has fewer than 5
 * rules, and a card of 5 rules folds both hands of every other shape (any
 * split would form a 2- or 3-card hand).  This file gives the best cards
 * of 5, 6 and 7 rules whose rules have no limits, each shape one setting
 * and each hand size formed one play decision.  Of 5 rules that is the
 * best card there is; of 6, the best without limits (a sixth rule may
 * also be a limited second rule of a shape or of the single card, which is
 * not searched); of 7, one rule per shape and hand size, the learner's
 * start (split_card_build.c).
 *
 * Every shape's settings are summed over its classes under each of the
 * eight play decisions of the three sizes; a card then takes, for each
 * shape, its best setting among those forming only the sizes it has play
 * rules for.  Integer sums, so the same bits at any thread count.
 */
#include "split_card.h"

#include <stdlib.h>
#include <string.h>

enum { NPLAYS = 8 }; /* play decisions of the single, 2-card and 3-card hand: bit s - 1 plays size s */

/* The sizes of hand (bit s - 1 for size s) a shape's setting forms; an
 * instant winner's three is paid, not played. */
static int sizes_formed(int shape, int setting)
{
    if (shape == SPLIT_INSTANT_WINNER)
        return 1;
    if (setting == 0)
        return 0;
    return setting <= 4 ? 1 | 4 : 2;
}

/* sum[plays][shape][setting]: the setting's value over the shape's classes
 * with each hand size played as `plays` says. */
static void setting_sums(const struct split_paytable *pt, enum split_instant_reading r,
                         const struct split_situation *list, const struct split_hand_values *values, long n,
                         wide_t sum[NPLAYS][SPLIT_NSHAPES][SPLIT_NSETTINGS])
{
    memset(sum, 0, NPLAYS * sizeof *sum);
    for (long i = 0; i < n; i++) {
        struct split_view v;
        split_view_of(pt, list[i].P, list[i].u, &v);
        for (int k = 0; k < SPLIT_NSETTINGS; k++) {
            if (!split_action_valid(v.group, k, r))
                continue;
            const struct split_option hands = split_setting_option(&v, k, false, false);
            int size_a = __builtin_popcount(hands.hand_a), size_b = __builtin_popcount(hands.hand_b);
            for (int plays = 0; plays < NPLAYS; plays++) {
                struct split_option o = hands; /* a hand of size s played when bit s - 1 of plays is set */
                o.play_a = o.choice != SPLIT_INSTANT && size_a && plays >> (size_a - 1) & 1;
                o.play_b = size_b && plays >> (size_b - 1) & 1;
                sum[plays][v.group][k] += list[i].weight * split_option_value(pt, list[i].P, &values[i], &o);
            }
        }
    }
}

/* The card of the shapes' best settings within `sizes`, its play rules
 * deciding as `plays` says; its EV less the Blind in *value. */
static void card_of(const wide_t sum[NPLAYS][SPLIT_NSHAPES][SPLIT_NSETTINGS], enum split_instant_reading r,
                    int sizes, int plays, struct split_card *c, wide_t *value)
{
    *c = (struct split_card){0};
    *value = 0;
    for (int g = 0; g < SPLIT_NSHAPES; g++) {
        int best = -1;
        for (int k = 0; k < SPLIT_NSETTINGS; k++)
            if (split_action_valid(g, k, r) && (sizes_formed(g, k) & ~sizes) == 0 &&
                (best < 0 || sum[plays][g][k] > sum[plays][g][best]))
                best = k;
        *value += sum[plays][g][best];
        c->rule[c->n++] = split_rule_any(g, best);
    }
    for (int s = 1; s <= SPLIT_NSIZES; s++)
        if (sizes >> (s - 1) & 1)
            c->rule[c->n++] = split_rule_any(SPLIT_NSHAPES + s - 1, plays >> (s - 1) & 1);
}

int split_card_fewest(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                      const struct split_hand_values *values, long n, struct split_card cards[3], wide_t ev[3])
{
    wide_t (*sum)[SPLIT_NSHAPES][SPLIT_NSETTINGS] = malloc(NPLAYS * sizeof *sum);
    if (!sum)
        return -1;
    setting_sums(pt, r, list, values, n, sum);
    wide_t blind = 0;
    for (long i = 0; i < n; i++)
        blind += list[i].weight * split_blind_value(pt, list[i].P);
    /* 5 rules: the single card's play rule only; 6: a 2-card or a 3-card
     * rule besides; 7: both */
    static const int SIZES[3][2] = {{1}, {1 | 2, 1 | 4}, {1 | 2 | 4}}, NSIZES[3] = {1, 2, 1};
    for (int len = 0; len < 3; len++) {
        bool any = false;
        for (int j = 0; j < NSIZES[len]; j++)
            for (int plays = 0; plays < NPLAYS; plays++) {
                if (plays & ~SIZES[len][j])
                    continue; /* a size without a rule is never played: one reading of it */
                struct split_card c;
                wide_t value;
                card_of(sum, r, SIZES[len][j], plays, &c, &value);
                if (!any || blind + value > ev[len])
                    cards[len] = c, ev[len] = blind + value, any = true;
            }
    }
    free(sum);
    return 0;
}
