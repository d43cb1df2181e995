/* test_split_seen_card.c — the hole-carder's card of `protect split --seen
 * 1` (split_seen_card.h):
 *
 *   1. the order of the hands: 3-card hands go as eval3_rank on all 22,100
 *      of them; 2-card hands by kind (pair, suited, offsuit), then high and
 *      low card; the words of the ends of each list;
 *   2. a run on a few classes, then the card played in every seen situation
 *      of those classes: each of the 47 seen cards, or 1,081 seen pairs,
 *      in turn (no suit symmetry), the seen counts of the plain way (one
 *      seen) or of split_seen2_counts (not the run's class way), the
 *      normal setting found again here, each hand played as the card's row
 *      says.  The sum
 *      is the card's EV to the last digit, for the seen card and for the
 *      upcard-alone card; moving a threshold one hand up or down never
 *      earns more; no card beats the best play.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "eval3.h"
#include "split_counts.h"
#include "split_price.h"
#include "split_seen.h"
#include "split_situations.h"

static void test_order(void **state)
{
    (void)state;
    static uint16_t rank_at[SPLIT_STRENGTHS];
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int c = b + 1; c < NCARDS; c++) {
                card_t P[4] = {(card_t)a, (card_t)b, (card_t)c, 0};
                int st = split_hand_strength(P, 7);
                uint16_t rank = eval3_rank(P);
                assert_true(st >= 13 + 169 && st < SPLIT_STRENGTHS);
                assert_true(rank_at[st] == 0 || rank_at[st] == rank); /* one rank, one strength */
                rank_at[st] = rank;
            }
    for (int st = 13 + 169 + 1; st < SPLIT_STRENGTHS; st++)
        assert_true(rank_at[st] > rank_at[st - 1]); /* every strength met, in eval3 order */
    char buf[48];
    assert_string_equal(split_card_kind_hand(SC_THREE, 0, buf, sizeof buf), "5-3-2");
    assert_string_equal(split_card_kind_hand(SC_THREE, 740, buf, sizeof buf), "straight flush A-K-Q");
    assert_string_equal(split_card_kind_hand(SC_SUITED, 0, buf, sizeof buf), "3-2");
    assert_string_equal(split_card_kind_hand(SC_OFFSUIT, 77, buf, sizeof buf), "A-K");
    assert_string_equal(split_card_kind_hand(SC_PAIR, 12, buf, sizeof buf), "A-A");
    assert_string_equal(split_card_kind_hand(SC_SINGLE, 8, buf, sizeof buf), "10");
    assert_string_equal(split_card_kind_hand(SC_SINGLE, 13, buf, sizeof buf), "-");
    /* a row that plays from K-7 offsuit: K-7 and A-2 offsuit play, K-6 does not; suited hands are another kind */
    struct split_seen_card_row row = {0, 0, 12, {13, 13, 78, 0, 741}};
    for (int k = 0; k < 78; k++)
        if (!strcmp(split_card_kind_hand(SC_OFFSUIT, k, buf, sizeof buf), "K-7"))
            row.from[SC_OFFSUIT] = (int16_t)k;
    card_t h[4] = {card_make(11, 0), card_make(4, 1), card_make(12, 2), card_make(0, 3)}; /* K 6 A 2 */
    assert_true(split_seen_card_plays(&row, h, 1 | 2) == false);
    card_t k7[4] = {card_make(11, 0), card_make(5, 1), 0, 0};
    assert_true(split_seen_card_plays(&row, k7, 3));
    assert_true(split_seen_card_plays(&row, h, 4 | 8));
    card_t suited[4] = {card_make(12, 0), card_make(11, 0), 0, 0};
    assert_false(split_seen_card_plays(&row, suited, 3));
}

/* The setting the card keeps: the normal decision's; where it folds
 * everything, the split whose hands, each played or folded as it pays
 * more, are worth most (the first of equals: 3+1 by trio, then 2+2). */
static void setting_of(const struct split_paytable *pt, const struct hand_weights hw[], struct split_decision *d)
{
    if (d->choice != SPLIT_FOLD_ALL)
        return;
    static const int FIRST[7] = {7, 11, 13, 14, 3, 5, 6};
    wide_t fold = -(wide_t)pt->den * SPLIT_L, best = 0;
    for (int k = 0; k < 7; k++) {
        wide_t va = hand_value(pt, &hw[FIRST[k]]), vb = hand_value(pt, &hw[15 ^ FIRST[k]]);
        wide_t v = (va > fold ? va : fold) + (vb > fold ? vb : fold);
        if (va <= fold && vb <= fold) /* must play one: the better of the two */
            v = fold + (va > vb ? va : vb);
        if (k == 0 || v > best)
            best = v, d->choice = k < 4 ? SPLIT_3_1 : SPLIT_2_2, d->hand_a = (uint8_t)FIRST[k],
            d->hand_b = (uint8_t)(15 ^ FIRST[k]);
    }
}

/* A card tried: the run's or one with a threshold moved; its rows by seen
 * rank, or by upcard alone. */
struct tried {
    struct split_seen_card c;
    bool by_upcard;
};
enum { NTRIED = 14 };

/* One seen situation (the higher seen rank `seen`) played by card c. */
static wide_t played(const struct split_paytable *pt, int64_t L, const struct tried *c, const card_t P[4], card_t u,
                     int seen, const struct cards_info *ci, const struct split_decision *d,
                     const struct hand_weights hw[])
{
    wide_t fold = -(wide_t)pt->den * L, v = (wide_t)pt->blind[ci->blind_cat] * L;
    const struct split_seen_card_row *row = split_seen_card_row_of(&c->c, c->by_upcard ? -1 : seen, card_rank(u));
    assert_non_null(row);
    int hands[2] = {d->hand_a, d->hand_b};
    for (int i = 0; i < 2; i++) {
        if (i == 0 && d->choice == SPLIT_INSTANT) {
            v += (wide_t)pt->ante_instant[ci->trio_cat[d->hand_a]] * L;
            continue;
        }
        v += split_seen_card_plays(row, P, hands[i]) ? hand_value(pt, &hw[hands[i]]) : fold;
    }
    return v;
}

/* A class's seen sets: every seen card, or every pair of them (a < b:
 * b's rank is the higher), played by each card tried. */
static void play_class(const struct split_paytable *pt, const struct split_dealer_tables *t, int seen,
                       const struct split_situation *x, const struct cards_info *ci, const struct split_decision *d,
                       const struct tried cards[], int n, wide_t ev[])
{
    struct split_hand_counts counts[SPLIT_NMASKS];
    struct hand_weights sw[SPLIT_NMASKS];
    int64_t L = split_seen_scale(seen);
    uint64_t known = 0;
    for (int i = 0; i < 4; i++)
        known |= UINT64_C(1) << x->P[i];
    known |= UINT64_C(1) << x->u;
    for (card_t a = 0; a < NCARDS; a++)
        for (card_t b = seen == 1 ? a : a + 1; b < (seen == 1 ? a + 1 : NCARDS); b++) {
            if (known >> a & 1 || known >> b & 1)
                continue;
            if (seen == 1)
                split_seen_counts(t, x->P, x->u, a, counts);
            else
                split_seen2_counts(t, x->P, x->u, a, b, counts);
            for (int m = 1; m < 15; m++)
                hand_weights_at(&counts[m], L, &sw[m]);
            for (int k = 0; k < n; k++)
                ev[k] += x->weight * played(pt, L, &cards[k], x->P, x->u, card_rank(b), ci, d, sw);
        }
}

/* The classes of a run (split_seen_options' upcards and stride), each of
 * its seen sets, played by cards[0..n). */
static void play_cards(const struct split_paytable *pt, int seen, uint16_t upcards, int stride,
                       const struct tried cards[], int n, wide_t ev[])
{
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    struct split_situation *list;
    long nlist = split_situations_list(&list), kept = 0;
    assert_non_null(t);
    memset(ev, 0, sizeof(wide_t) * (size_t)n);
    for (long i = 0; i < nlist; i++) {
        const struct split_situation *x = &list[i];
        if (!(upcards >> card_rank(x->u) & 1) || kept++ % stride)
            continue;
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct hand_weights hw[SPLIT_NMASKS];
        struct cards_info ci;
        struct split_decision d;
        split_cards_info(x->P, &ci);
        split_situation_counts(t, x->P, x->u, counts);
        for (int m = 1; m < 15; m++)
            hand_weights(&counts[m], &hw[m]);
        split_decide_weights(pt, SPLIT_INSTANT_CHOOSE, &ci, hw, &d);
        setting_of(pt, hw, &d);
        play_class(pt, t, seen, x, &ci, &d, cards, n, ev);
    }
    free(list);
    split_dealer_tables_free(t);
}

/* The card with one threshold moved by step (false when it cannot move). */
static bool moved(const struct split_seen_card *c, struct tried *out, bool by_upcard, int seen, int up, int kind,
                  int step)
{
    out->c = *c;
    out->by_upcard = by_upcard;
    struct split_seen_card_row *row =
        (struct split_seen_card_row *)split_seen_card_row_of(&out->c, by_upcard ? -1 : seen, up);
    int from = row->from[kind] + step;
    if (from < 0 || from > split_card_kind_length(kind))
        return false;
    row->from[kind] = (int16_t)from;
    return true;
}

static void check_card(const char *preset, int seen, uint16_t upcards, int stride, int up)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_seen_options o = {.seen = seen, .stride = stride, .upcards = upcards, .instant = SPLIT_INSTANT_CHOOSE};
    struct split_seen_result r;
    char err[256];
    assert_int_equal(split_seen_solve(pt, &o, &r, err, sizeof err), 0);
    assert_true(r.card.ev <= r.tot.ev && r.card.up_ev <= r.tot.normal_seen); /* no card beats the best play */
    assert_true(r.card.ev > r.card.up_ev);                                     /* the seen card tells something */
    static const int TRY[][3] = {{12, SC_SINGLE, 1}, {12, SC_OFFSUIT, -1}, {7, SC_OFFSUIT, 1},
                                 {7, SC_SINGLE, -1}, {0, SC_SINGLE, 1},    {0, SC_THREE, -1}};
    static struct tried cards[NTRIED];
    int n = 0, first[2];
    for (int by_upcard = 0; by_upcard < 2; by_upcard++) {
        first[by_upcard] = n;
        cards[n++] = (struct tried){r.card, by_upcard};
        for (int i = 0; i < 6; i++)
            n += moved(&r.card, &cards[n], by_upcard, TRY[i][0], up, TRY[i][1], TRY[i][2]);
    }
    wide_t ev[NTRIED];
    play_cards(pt, seen, upcards, stride, cards, n, ev);
    assert_true(ev[first[0]] == r.card.ev);
    assert_true(ev[first[1]] == r.card.up_ev);
    for (int k = 0; k < n; k++) /* a moved threshold never earns more */
        assert_true(ev[k] <= ev[first[cards[k].by_upcard]]);
}

static void test_card_2014(void **state)
{
    (void)state;
    check_card("2014-1a", 1, 1 << 12 | 1 << 5, 97, 12); /* aces and sevens up */
    check_card("2014-1a", 2, 1 << 9, 797, 9);           /* jacks up, two cards seen */
}

static void test_card_v2(void **state)
{
    (void)state;
    check_card("v2-P1", 1, 1 << 9, 61, 9); /* jacks up */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_card_2014),
        cmocka_unit_test(test_card_v2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
