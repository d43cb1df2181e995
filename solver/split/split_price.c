/* split_price.c — one situation priced under a paytable: the cards'
 * categories, the best decision (options offered in a fixed order, ties
 * to the earlier), and its part of the round's totals (split_price.h). */
#include "split_price.h"

#include <string.h>

#include "eval4.h"

void split_cards_info(const card_t P[4], struct cards_info *ci)
{
    for (int i = 0; i < 4; i++) {
        card_t h[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (SPLIT_TRIOS[i] >> j & 1)
                h[n++] = P[j];
        ci->trio_cat[SPLIT_TRIOS[i]] = (int8_t)eval3_category_of(eval3_rank(h));
    }
    ci->blind_cat = eval4_category_of(split_blind_rank(P));
}

/* The options of one situation, offered in a fixed order; an option
 * replaces the best only when strictly better, so ties go to the earlier
 * one (fewer Play bets first). */
struct scan {
    struct split_decision *d;
    int n;
};

static void offer(struct scan *s, wide_t v, enum split_choice choice, int a, int b, bool pa, bool pb)
{
    struct split_decision *d = s->d;
    if (s->n == 0 || v > d->best) {
        d->second = d->best;
        d->has_second = s->n > 0;
        d->best = v;
        d->choice = choice;
        d->hand_a = (uint8_t)a;
        d->hand_b = (uint8_t)b;
        d->play_a = pa;
        d->play_b = pb;
    } else if (!d->has_second || v > d->second) {
        d->second = v;
        d->has_second = true;
    }
    s->n++;
}

/* Inline so that the normal solve's scale stays a constant there.
 * may_fold_all false leaves folding both hands out (the best setting that
 * plays a hand). */
static inline void decide(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS], int64_t L,
                          bool may_fold_all, struct split_decision *d)
{
    wide_t fold = -(wide_t)pt->den * L, play[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++)
        play[m] = hand_value(pt, &hw[m]);
    struct scan s = {d, 0};
    memset(d, 0, sizeof *d);

    int cat[4];
    int64_t best_pay = -1;
    bool instant_any = false;
    for (int i = 0; i < 4; i++)
        if (is_instant(ci, SPLIT_TRIOS[i], &cat[i])) {
            instant_any = true;
            if (pt->ante_instant[cat[i]] > best_pay)
                best_pay = pt->ante_instant[cat[i]];
        }
    if (instant_any) {
        for (int i = 0; i < 4; i++) {
            int c;
            if (!is_instant(ci, SPLIT_TRIOS[i], &c))
                continue;
            if (instant == SPLIT_INSTANT_HIGHEST && pt->ante_instant[c] != best_pay)
                continue;
            wide_t paid = (wide_t)pt->ante_instant[c] * L;
            int single = 15 ^ SPLIT_TRIOS[i];
            offer(&s, paid + fold, SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, false);
            offer(&s, paid + play[single], SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, true);
        }
    } else {
        if (may_fold_all)
            offer(&s, 2 * fold, SPLIT_FOLD_ALL, 0, 0, false, false);
        for (int k = 0; k < 7; k++) {
            int a = k < 4 ? SPLIT_TRIOS[k] : SPLIT_PAIRS_2_2[k - 4], b = 15 ^ a;
            enum split_choice ch = k < 4 ? SPLIT_3_1 : SPLIT_2_2;
            offer(&s, play[a] + fold, ch, a, b, true, false);
            offer(&s, fold + play[b], ch, a, b, false, true);
            offer(&s, play[a] + play[b], ch, a, b, true, true);
        }
    }
}

void split_decide_weights(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                          struct split_decision *d)
{
    decide(pt, instant, ci, hw, SPLIT_L, true, d);
}

void split_decide_playing(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                          struct split_decision *d)
{
    decide(pt, instant, ci, hw, SPLIT_L, false, d);
}

void split_decide_weights_at(const struct split_paytable *pt, enum split_instant_reading instant,
                             const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS], int64_t L,
                             struct split_decision *d)
{
    decide(pt, instant, ci, hw, L, true, d);
}

void split_decide_playing_at(const struct split_paytable *pt, enum split_instant_reading instant,
                             const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS], int64_t L,
                             struct split_decision *d)
{
    decide(pt, instant, ci, hw, L, false, d);
}

wide_t split_decision_value(const struct split_paytable *pt, const struct cards_info *ci,
                            const struct hand_weights hw[SPLIT_NMASKS], int64_t L, const struct split_decision *d)
{
    wide_t fold = -(wide_t)pt->den * L;
    if (d->choice == SPLIT_FOLD_ALL)
        return 2 * fold;
    wide_t b = d->play_b ? hand_value(pt, &hw[d->hand_b]) : fold;
    if (d->choice == SPLIT_INSTANT) {
        int cat;
        is_instant(ci, d->hand_a, &cat);
        return (wide_t)pt->ante_instant[cat] * L + b;
    }
    return (d->play_a ? hand_value(pt, &hw[d->hand_a]) : fold) + b;
}

/* Adds one situation, weight w, under the decision d to the totals. */
void split_account(const struct split_paytable *pt, int64_t w, const struct cards_info *ci,
                   const struct hand_weights hw[SPLIT_NMASKS], const struct split_decision *d, struct split_totals *t)
{
    wide_t fold = -(wide_t)pt->den * SPLIT_L;
    wide_t blind = (wide_t)pt->blind[ci->blind_cat] * SPLIT_L;
    t->blind += w * blind;
    t->choice[d->choice] += w;
    if (d->choice == SPLIT_FOLD_ALL) {
        t->ante += w * 2 * fold;
        t->hands_folded += 2 * w;
    }
    if (d->choice == SPLIT_INSTANT) {
        int cat;
        is_instant(ci, d->hand_a, &cat);
        t->ante_instant += w * (wide_t)pt->ante_instant[cat] * SPLIT_L;
        t->instant_by_cat[cat] += w;
    }
    const int hands[2] = {d->hand_a, d->hand_b};
    const bool plays[2] = {d->play_a, d->play_b};
    for (int i = d->choice == SPLIT_INSTANT ? 1 : 0; i < 2 && d->choice != SPLIT_FOLD_ALL; i++) {
        if (plays[i]) {
            struct hand_money mo = hand_money(pt, &hw[hands[i]]);
            t->ante += w * mo.ante;
            t->play += w * mo.play;
            t->hands_played += w;
            t->plays += w;
        } else {
            t->ante += w * fold;
            t->hands_folded += w;
        }
    }
    t->ev += w * (blind + d->best);
}

void split_totals_add(struct split_totals *a, const struct split_totals *b)
{
    a->ev += b->ev;
    a->blind += b->blind;
    a->ante_instant += b->ante_instant;
    a->ante += b->ante;
    a->play += b->play;
    for (int i = 0; i < 4; i++)
        a->choice[i] += b->choice[i];
    for (int i = 0; i < E3_NCATEGORIES; i++)
        a->instant_by_cat[i] += b->instant_by_cat[i];
    a->hands_played += b->hands_played;
    a->hands_folded += b->hands_folded;
    a->plays += b->plays;
}

