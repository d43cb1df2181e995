/* test_split_seen_rules.c — the hole-carder's card in the card language
 * (`protect split --seen K --card FILE`, split_seen_rules.h):
 *
 *   1. the 'seen card' limits (a range, and pairs the upcard): written
 *      and read back the same; a normal
 *      card file with one is refused (split_card_load), a hole-carder's is
 *      read (split_card_load_seen); a limit to every rank is none;
 *   2. a run on a few classes with a card (the committed strategy card
 *      with a setting rule and two play rules on the seen card put in), then
 *      that card, each card the learner made on the way, and the learnt
 *      card played in every seen situation of those classes: each of the
 *      47 seen cards or 1,081 seen pairs in turn (no suit symmetry, no
 *      cells), the seen counts of the plain way (one seen) or of
 *      split_seen2_counts (not the run's class way), each hand's value
 *      from its counts.  Each sum is the run's EV of that card to the last
 *      digit; every added rule gains, and no less than any of a few other
 *      rules put in its place would; no card beats the best play;
 *   3. the committed card (no seen limits) played with the seen cards is
 *      worth its normal EV over the same classes, priced here from the
 *      normal counts: the mean of the seen counts is the normal game's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "split_card.h"
#include "split_counts.h"
#include "split_price.h"
#include "split_seen.h"
#include "split_situations.h"

static const char *const CARD = FOURCARD_STRATEGIES_DIR "/split-2014-1a-card.md";

static void test_text(void **state)
{
    (void)state;
    static const char *const ROUND[] = {
        "Fold a 2-card hand, offsuit unconnected, high card K or lower, seen card A",
        "Play a single card, rank Q or higher, upcard 9 or lower, seen card 3 to 7",
        "Fold a 2-card hand, a pair, low card 8 or lower, seen card 7 or higher, seen card pairs the upcard",
        "One pair, pair 6 or lower, seen card K or higher: fold both",
        "Fold a 3-card hand, seen card 5",
        "No pair, upcard 8, seen card pairs the upcard: fold both",
    };
    char err[256], text[512];
    struct split_rule r;
    for (size_t i = 0; i < sizeof ROUND / sizeof *ROUND; i++) {
        assert_int_equal(split_rule_parse(ROUND[i], SPLIT_INSTANT_CHOOSE, &r, err, sizeof err), 0);
        assert_true(r.seen_limit || r.seen_pair);
        assert_string_equal(split_rule_text(&r, text, sizeof text), ROUND[i]);
    }
    assert_int_equal(split_rule_parse("Play a single card, seen card 2 or higher", SPLIT_INSTANT_CHOOSE, &r, err,
                                      sizeof err), 0);
    assert_false(r.seen_limit); /* every rank: no limit */
    assert_string_equal(split_rule_text(&r, text, sizeof text), "Play a single card");
    assert_int_equal(split_rule_parse("Play a single card, seen card A, seen card K", SPLIT_INSTANT_CHOOSE, &r, err,
                                      sizeof err), -1);
    assert_int_equal(split_rule_parse("Play a single card, seen card Z", SPLIT_INSTANT_CHOOSE, &r, err, sizeof err),
                     -1);
    /* a card file with a seen limit: a hole-carder's, not a player's */
    char path[] = "/tmp/fourcard-seen-rules-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "1. Instant winner: take the best-paying three\n2. Two pair: 2+2 high pair | low pair\n"
               "3. One pair: 2+2 pair | higher+lower\n4. No pair: 2+2 highest+2nd | 3rd+lowest\n"
               "5. Fold a 2-card hand, seen card A\n6. Play a single card\n7. Play a 2-card hand\n"
               "8. Play a 3-card hand\n");
    fclose(f);
    struct split_card c;
    assert_int_equal(split_card_load(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err), -1);
    assert_non_null(strstr(err, ":5:"));
    assert_non_null(strstr(err, "seen card"));
    assert_int_equal(split_card_load_seen(path, SPLIT_INSTANT_CHOOSE, &c, err, sizeof err), 0);
    assert_int_equal(c.n, 8);
    assert_true(split_card_has_seen(&c));
    unlink(path);
}

/* The card with rule r put at index at. */
static void insert(struct split_card *c, int at, const char *text)
{
    char err[256];
    memmove(&c->rule[at + 1], &c->rule[at], sizeof c->rule[0] * (size_t)(c->n - at));
    assert_int_equal(split_rule_parse(text, SPLIT_INSTANT_CHOOSE, &c->rule[at], err, sizeof err), 0);
    c->n++;
}

/* One situation's value under a card's option, from the hands' counts on
 * the scale L (Blind in). */
static wide_t option_value(const struct split_paytable *pt, int64_t L, const card_t P[4],
                           const struct split_option *o, const struct split_hand_counts counts[])
{
    struct cards_info ci;
    split_cards_info(P, &ci);
    wide_t fold = -(wide_t)pt->den * L, v = (wide_t)pt->blind[ci.blind_cat] * L;
    if (o->choice == SPLIT_FOLD_ALL)
        return v + 2 * fold;
    struct hand_weights w;
    if (o->choice == SPLIT_INSTANT)
        v += (wide_t)pt->ante_instant[ci.trio_cat[o->hand_a]] * L;
    else {
        hand_weights_at(&counts[o->hand_a], L, &w);
        v += o->play_a ? hand_value(pt, &w) : fold;
    }
    hand_weights_at(&counts[o->hand_b], L, &w);
    return v + (o->play_b ? hand_value(pt, &w) : fold);
}

/* The classes of a run (upcard ranks, stride), each seen set of each
 * played by cards[0..n) into ev[], and (seen == 0) the normal game. */
static void play_cards(const struct split_paytable *pt, int seen, uint16_t upcards, int stride,
                       const struct split_card *cards, int n, wide_t ev[], wide_t *normal)
{
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    struct split_situation *list;
    long nlist = split_situations_list(&list), kept = 0;
    int64_t L = split_seen_scale(seen);
    assert_non_null(t);
    memset(ev, 0, sizeof(wide_t) * (size_t)n);
    *normal = 0;
    for (long i = 0; i < nlist; i++) {
        const struct split_situation *x = &list[i];
        if (!(upcards >> card_rank(x->u) & 1) || kept++ % stride)
            continue;
        struct split_hand_counts counts[SPLIT_NMASKS];
        struct split_option o;
        int set_rule, play_rule[2];
        split_situation_counts(t, x->P, x->u, counts);
        if (!split_card_has_seen(&cards[0])) {
            assert_true(split_card_option(&cards[0], pt, x->P, x->u, &o, &set_rule, play_rule));
            *normal += x->weight * option_value(pt, SPLIT_L, x->P, &o, counts);
        }
        uint64_t known = UINT64_C(1) << x->u;
        for (int j = 0; j < 4; j++)
            known |= UINT64_C(1) << x->P[j];
        for (card_t a = 0; a < NCARDS; a++)
            for (card_t b = seen == 1 ? a : a + 1; b < (seen == 1 ? a + 1 : NCARDS); b++) {
                if (known >> a & 1 || known >> b & 1)
                    continue;
                if (seen == 1)
                    split_seen_counts(t, x->P, x->u, a, counts);
                else
                    split_seen2_counts(t, x->P, x->u, a, b, counts);
                for (int k = 0; k < n; k++) {
                    assert_true(split_card_option_seen(&cards[k], pt, x->P, x->u, card_rank(b), &o, &set_rule,
                                                       play_rule));
                    ev[k] += x->weight * option_value(pt, L, x->P, &o, counts);
                }
            }
    }
    free(list);
    split_dealer_tables_free(t);
}

/* The learnt card after k added rules: the card given, its setting rules,
 * the first k added rules (and then `also`, when not NULL), its play
 * rules. */
static void step_card(const struct split_seen_rules *r, int k, const struct split_rule *also, struct split_card *out)
{
    out->n = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            for (int i = 0; i <= k; i++)
                if (i < k || also)
                    out->rule[out->n++] = i < k ? r->rule[i] : *also;
        for (int i = 0; i < r->base.n; i++)
            if (split_is_play_group(r->base.rule[i].group) == (pass == 1))
                out->rule[out->n++] = r->base.rule[i];
    }
}

static void check_run(int seen, uint16_t upcards, int stride, bool with_seen_rules, int added)
{
    const struct split_paytable *pt = split_preset_find("2014-1a");
    /* other rules each step might have added: none may gain more */
    static const char *const OTHERS[] = {
        "Fold a single card, seen card pairs the upcard", "Fold a 2-card hand, seen card A",
        "Fold a single card, seen card A", "Fold a 2-card hand, offsuit unconnected, seen card pairs the upcard",
        "Fold a 2-card hand, a pair, seen card pairs the upcard", "Play a 2-card hand, seen card 6 or lower"};
    enum { NOTHERS = sizeof OTHERS / sizeof *OTHERS, NCARDS_MAX = 1 + 5 * (1 + NOTHERS) };
    static struct split_card cards[NCARDS_MAX];
    assert_true(added <= 5);
    char err[256];
    assert_int_equal(split_card_load(CARD, SPLIT_INSTANT_CHOOSE, &cards[0], err, sizeof err), 0);
    if (with_seen_rules) { /* a setting and a play rule on the seen card, first in their parts */
        insert(&cards[0], 0, "One pair, pair 2 to 6, seen card K or higher: fold both");
        int first_play = 0;
        while (!split_is_play_group(cards[0].rule[first_play].group))
            first_play++;
        insert(&cards[0], first_play, "Fold a 2-card hand, high card Q or lower, seen card A");
        insert(&cards[0], first_play, "Fold a single card, seen card pairs the upcard");
    }
    struct split_seen_options o = {.seen = seen, .stride = stride, .upcards = upcards,
                                   .instant = SPLIT_INSTANT_CHOOSE, .rules = &cards[0], .rules_added = added};
    static struct split_seen_result r;
    assert_int_equal(split_seen_solve(pt, &o, &r, err, sizeof err), 0);
    assert_true(r.has_rules);
    assert_int_equal(r.rules.added, added); /* every rule the test asks for gains on these classes */
    int n = 1;
    for (int k = 1; k <= r.rules.added; k++)
        step_card(&r.rules, k, NULL, &cards[n++]);
    assert_int_equal(cards[n - 1].n, r.rules.card.n);
    int steps = n;
    for (int k = 0; k < r.rules.added; k++) /* at step k + 1, each other rule instead of the learnt one */
        for (int i = 0; i < NOTHERS; i++) {
            struct split_rule other;
            assert_int_equal(split_rule_parse(OTHERS[i], SPLIT_INSTANT_CHOOSE, &other, err, sizeof err), 0);
            step_card(&r.rules, k, &other, &cards[n++]);
        }
    wide_t ev[NCARDS_MAX], normal;
    play_cards(pt, seen, upcards, stride, cards, n, ev, &normal);
    assert_true(ev[0] == r.rules.base_ev);
    for (int k = 1; k < steps; k++) {
        assert_true(ev[k] == r.rules.step_ev[k - 1]);
        assert_true(ev[k] > ev[k - 1]); /* each rule gains */
        for (int i = 0; i < NOTHERS; i++)
            assert_true(ev[steps + (k - 1) * NOTHERS + i] <= ev[k]); /* ... the most */
    }
    assert_true(ev[steps - 1] == r.rules.ev);
    assert_true(r.rules.ev <= r.tot.ev); /* no card beats the best play */
    if (!with_seen_rules) /* seeing changes nothing for a card that does not look: the normal EV, rescaled */
        assert_true(r.rules.base_ev * SPLIT_L == normal * split_seen_sets(seen) * split_seen_scale(seen));
}

static void test_one_seen(void **state)
{
    (void)state;
    check_run(1, 1 << 12 | 1 << 5, 97, false, 4); /* aces and sevens up */
    check_run(1, 1 << 11, 89, true, 3);           /* kings up, the card with seen rules */
}

static void test_two_seen(void **state)
{
    (void)state;
    check_run(2, 1 << 9, 797, true, 3); /* jacks up */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_one_seen),
        cmocka_unit_test(test_two_seen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
