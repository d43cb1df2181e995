/* split_options.c — a situation's options one by one, in the solver's
 * order (split_solve.c, split_decide_weights): instant winners first when
 * there are any, else fold all, then each split with the three ways of
 * playing its hands. */
#include "split_options.h"

static void add(struct split_option *out, int *n, wide_t value, enum split_choice choice, int a, int b, bool pa,
                bool pb, int instant_cat)
{
    out[(*n)++] = (struct split_option){value, choice, (uint8_t)a, (uint8_t)b, pa, pb, (int8_t)instant_cat};
}

int split_options_list(const struct split_paytable *pt, enum split_instant_reading instant,
                       const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                       struct split_option out[SPLIT_MAX_OPTIONS])
{
    wide_t fold = -(wide_t)pt->den * SPLIT_L, play[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++)
        play[m] = hand_value(pt, &hw[m]);
    int n = 0, c;
    int64_t best_pay = -1;
    for (int i = 0; i < 4; i++)
        if (is_instant(ci, SPLIT_TRIOS[i], &c) && pt->ante_instant[c] > best_pay)
            best_pay = pt->ante_instant[c];
    if (best_pay >= 0) {
        for (int i = 0; i < 4; i++) {
            if (!is_instant(ci, SPLIT_TRIOS[i], &c) ||
                (instant == SPLIT_INSTANT_HIGHEST && pt->ante_instant[c] != best_pay))
                continue;
            wide_t paid = (wide_t)pt->ante_instant[c] * SPLIT_L;
            int single = 15 ^ SPLIT_TRIOS[i];
            add(out, &n, paid + fold, SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, false, c);
            add(out, &n, paid + play[single], SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, true, c);
        }
        return n;
    }
    add(out, &n, 2 * fold, SPLIT_FOLD_ALL, 0, 0, false, false, -1);
    for (int k = 0; k < 7; k++) {
        int a = k < 4 ? SPLIT_TRIOS[k] : SPLIT_PAIRS_2_2[k - 4], b = 15 ^ a;
        enum split_choice ch = k < 4 ? SPLIT_3_1 : SPLIT_2_2;
        add(out, &n, play[a] + fold, ch, a, b, true, false, -1);
        add(out, &n, fold + play[b], ch, a, b, false, true, -1);
        add(out, &n, play[a] + play[b], ch, a, b, true, true, -1);
    }
    return n;
}

int split_options_best(const struct split_option *o, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (o[i].value > o[best].value)
            best = i;
    return best;
}

int64_t split_option_slope(const struct split_option *o, const struct hand_weights hw[SPLIT_NMASKS],
                           const struct split_line *l)
{
    if (l->table == SPLIT_LINE_ANTE_INSTANT)
        return o->instant_cat == l->cat ? SPLIT_L : 0;
    if (l->table == SPLIT_LINE_BLIND)
        return 0;
    return (o->play_a ? hw[o->hand_a].win[l->cat] : 0) + (o->play_b ? hw[o->hand_b].win[l->cat] : 0);
}

static bool option_is(const struct split_option *o, const struct split_decision *d)
{
    return o->choice == d->choice && o->hand_a == d->hand_a && o->hand_b == d->hand_b && o->play_a == d->play_a &&
           o->play_b == d->play_b && o->value == d->best;
}

bool split_class_view(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      const struct split_hand_counts counts[SPLIT_NMASKS], struct split_class_view *v)
{
    split_cards_info(P, &v->ci);
    for (int m = 1; m < 15; m++)
        hand_weights(&counts[m], &v->hw[m]);
    v->n = split_options_list(pt, instant, &v->ci, v->hw, v->opt);
    v->b = split_options_best(v->opt, v->n);
    split_decide_weights(pt, instant, &v->ci, v->hw, &v->d);
    return option_is(&v->opt[v->b], &v->d);
}
