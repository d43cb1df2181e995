/* split_simulate.c — one 4 Card Split round from a shuffled deck.
 *
 * Only the decision comes from the solver (struct split_decision of the
 * dealt situation's suit class).  Everything else is read off the cards
 * here, from the rules (shared/games/4-card-split.md): the Blind by the
 * 4-card Blind rank, instant winners and the showdown by eval3, the
 * dealer's hand made from his real hole cards, each played hand filled
 * from the deck.  The simulator also checks the decision against the
 * rules it sees (an instant winner must be taken; a split is a partition
 * of the four cards) and counts any breach as "illegal".
 */
#include "split_simulate.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "cluster.h"
#include "split_report.h"
#include "split_situations.h"
#include "split_solve.h"
#include "split_card.h"

struct split_sim {
    struct split_paytable pt;
    enum split_instant_reading instant;
    struct split_situation *list; /* the classes, in the solver's order */
    long n;
    struct split_decision *dec;   /* the decision of each class */
    struct split_card *card;      /* or, with --play card, the card's */
};

enum { SC_FOLD_ALL, SC_INSTANT, SC_3_1, SC_2_2, SC_PLAYED, SC_FOLDED, SC_ILLEGAL, SC_N };
static const char *const COUNT_NAMES[SC_N] = {
    "fold_all", "instant_winner", "split_3_1", "split_2_2", "hands_played", "hands_folded", "illegal",
};
static const int CHOICE_COUNT[4] = {[SPLIT_FOLD_ALL] = SC_FOLD_ALL, [SPLIT_INSTANT] = SC_INSTANT,
                                    [SPLIT_3_1] = SC_3_1, [SPLIT_2_2] = SC_2_2};

static int by_upcard(const void *pa, const void *pb)
{
    const struct split_situation *a = pa, *b = pb;
    if (a->u != b->u)
        return a->u < b->u ? -1 : 1;
    return memcmp(a->P, b->P, 4);
}

static void sort4(card_t *c)
{
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            card_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* The decision of the dealt situation, in the dealt cards: *a and *b the
 * two hands as masks of positions in P (P sorted). */
static const struct split_decision *decision_of(const struct split_sim *s, const card_t P[4], card_t u, int *a,
                                                int *b)
{
    cardmask_t g[2] = {cards_to_mask(P, 4), card_bit(u)}, form[2];
    canon_form(g, 2, form);
    int pi = sim_perm_onto(g, form, 2);
    if (pi < 0)
        sim_internal_error("no suit permutation onto the canonical form");
    const int *perm = SIM_PERMS[pi];
    struct split_situation key;
    mask_to_cards(form[0], key.P);
    mask_to_cards(form[1], &key.u);
    const struct split_situation *hit = bsearch(&key, s->list, (size_t)s->n, sizeof key, by_upcard);
    if (!hit)
        sim_internal_error("a dealt split situation is not among the solver's classes");
    const struct split_decision *d = &s->dec[hit - s->list];
    /* position i of the class's P is the dealt card that perm sends there */
    int dealt_at[4];
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++)
            if (sim_permute_card(P[j], perm) == key.P[i])
                dealt_at[i] = j;
    *a = *b = 0;
    for (int i = 0; i < 4; i++) {
        *a |= (d->hand_a >> i & 1) << dealt_at[i];
        *b |= (d->hand_b >> i & 1) << dealt_at[i];
    }
    return d;
}

void split_sim_decision(const struct sim_game *g, const card_t P[4], card_t u, struct split_decision *out)
{
    int a, b;
    *out = *decision_of(g->ctx, P, u, &a, &b);
    out->hand_a = (uint8_t)a;
    out->hand_b = (uint8_t)b;
}

static int cards_of(const card_t P[4], int mask, card_t *out)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            out[n++] = P[i];
    return n;
}

/* The 3-card category of a trio of P, by position mask. */
static int trio_category(const card_t P[4], int mask)
{
    card_t h[3];
    cards_of(P, mask, h);
    return eval3_category_of(eval3_rank(h));
}

static bool is_instant_category(int cat) { return cat >= E3_FLUSH; }

/* Whether the decision keeps the rules as seen in the dealt cards. */
static bool decision_legal(const struct split_sim *s, const card_t P[4], enum split_choice choice, int a, int b)
{
    static const int TRIOS[4] = {7, 11, 13, 14};
    int64_t best_pay = -1;
    for (int i = 0; i < 4; i++)
        if (is_instant_category(trio_category(P, TRIOS[i])) && s->pt.ante_instant[trio_category(P, TRIOS[i])] > best_pay)
            best_pay = s->pt.ante_instant[trio_category(P, TRIOS[i])];
    bool any_instant = best_pay >= 0;
    if (choice == SPLIT_FOLD_ALL)
        return !any_instant;
    if ((a & b) || (a | b) != 15)
        return false;
    int na = __builtin_popcount((unsigned)a);
    if (choice == SPLIT_INSTANT) {
        if (na != 3 || !is_instant_category(trio_category(P, a)))
            return false;
        return s->instant == SPLIT_INSTANT_CHOOSE || s->pt.ante_instant[trio_category(P, a)] == best_pay;
    }
    return !any_instant && (choice == SPLIT_3_1 ? na == 3 || na == 1 : na == 2);
}

/* The dealer's 3-card hand from his upcard and 3 hole cards. */
static uint16_t dealer_rank(enum split_dealer_hand rule, card_t u, const card_t hole[3])
{
    uint16_t best = 0;
    for (int skip = 0; skip < 3; skip++) {
        card_t h[3] = {u, 0, 0};
        for (int i = 0, k = 1; i < 3; i++)
            if (i != skip)
                h[k++] = hole[i];
        uint16_t r = eval3_rank(h);
        best = r > best ? r : best;
    }
    if (rule == SPLIT_DEALER_BEST3OF4) { /* the three hole cards without the upcard too */
        uint16_t r = eval3_rank(hole);
        best = r > best ? r : best;
    }
    return best;
}

/* Queen-high (2014) or King-high (v2) or better: any pair or better, or a
 * high card at least the qualifier. */
static bool dealer_qualifies(int qualify_high, uint16_t rank)
{
    return eval3_category_of(rank) > E3_HIGH || eval3_top(rank) >= qualify_high;
}

/* A played hand: filled to 3 cards from the deck, then the showdown of
 * its Ante and Play bets (in 1/den units). */
static int64_t play_hand(const struct split_sim *s, struct sim_deck *d, const card_t *cards, int n, uint16_t dealer,
                         bool qualified)
{
    card_t h[3];
    for (int i = 0; i < 3; i++)
        h[i] = i < n ? cards[i] : sim_deal(d);
    uint16_t mine = eval3_rank(h);
    int64_t den = s->pt.den;
    if (mine == dealer)
        return 0;
    /* the Ante is settled by the showdown whether or not the dealer
     * qualifies; the Play only against a qualified dealer (else returned) */
    int64_t play = qualified ? den : 0;
    if (mine < dealer)
        return -den - play;
    int cat = eval3_category_of(mine);
    int64_t ante = cat >= E3_FLUSH ? s->pt.ante_draw[cat] : den;
    return ante + play;
}

/* The card's option in the dealt situation, as a decision. */
static const struct split_decision *card_decision(const struct split_sim *s, const card_t P[4], card_t u,
                                                  struct split_decision *d, int *a, int *b)
{
    struct split_option o = {SPLIT_FOLD_ALL, 0, 0, false, false};
    int set_rule, play_rule[2];
    split_card_option(s->card, &s->pt, P, u, &o, &set_rule, play_rule); /* a priced card covers every situation */
    *d = (struct split_decision){.choice = o.choice, .hand_a = o.hand_a, .hand_b = o.hand_b, .play_a = o.play_a,
                                 .play_b = o.play_b};
    *a = o.hand_a, *b = o.hand_b;
    return d;
}

static int64_t split_round(const void *ctx, struct sim_deck *d, int64_t counts[SIM_MAX_COUNTS])
{
    const struct split_sim *s = ctx;
    card_t P[4], u, hole[3];
    for (int i = 0; i < 4; i++)
        P[i] = sim_deal(d);
    u = sim_deal(d);
    for (int i = 0; i < 3; i++)
        hole[i] = sim_deal(d);
    sort4(P);
    int64_t den = s->pt.den;
    int64_t net = s->pt.blind[eval4_category_of(split_blind_rank(P))]; /* -den: the Blind loses */
    int a, b;
    struct split_decision by_card;
    const struct split_decision *dec = s->card ? card_decision(s, P, u, &by_card, &a, &b) : decision_of(s, P, u, &a, &b);
    counts[CHOICE_COUNT[dec->choice]]++;
    if (!decision_legal(s, P, dec->choice, a, b))
        counts[SC_ILLEGAL]++;
    if (dec->choice == SPLIT_FOLD_ALL) {
        counts[SC_FOLDED] += 2;
        return net - 2 * den;
    }
    uint16_t dealer = dealer_rank(s->pt.rules.dealer, u, hole);
    bool qualified = dealer_qualifies(s->pt.rules.qualify_high, dealer);
    const int hands[2] = {a, b};
    const bool plays[2] = {dec->play_a, dec->play_b};
    int first = 0;
    if (dec->choice == SPLIT_INSTANT) { /* paid at once, no Play bet */
        net += s->pt.ante_instant[trio_category(P, a)];
        first = 1;
    }
    for (int i = first; i < 2; i++) {
        if (!plays[i]) {
            counts[SC_FOLDED]++;
            net -= den;
            continue;
        }
        card_t h[3];
        int n = cards_of(P, hands[i], h);
        counts[SC_PLAYED]++;
        net += play_hand(s, d, h, n, dealer, qualified);
    }
    return net;
}

static void describe(const struct split_result *r, struct sim_report *rep)
{
    const struct split_paytable *pt = &r->pt;
    rep->game = "split";
    snprintf(rep->title, sizeof rep->title, "4 Card Split, preset %s", pt->name);
    snprintf(rep->readings, sizeof rep->readings,
             "version %s; one 52-card deck; dealer %s, qualifies %c-high or better; instant winners: %s; "
             "dealer not qualified: Play returned, Ante settled by the showdown; one player alone",
             pt->version, pt->rules.dealer == SPLIT_DEALER_BEST3OF4 ? "best 3 of 4" : "upcard plus best 2 of 3",
             RANK_CHARS[pt->rules.qualify_high],
             r->instant == SPLIT_INSTANT_CHOOSE ? "choose (the player keeps the best for him)"
                                                : "highest (he must take the highest-paying)");
    rep->unit = "unit (Blind = each Ante = each Play = 1)";
    rep->unit_den = pt->den;
    rep->ev_num = r->tot.ev;
    rep->ev_den = (wide_t)SPLIT_SITUATIONS * SPLIT_L * pt->den;
    json_object *all = split_result_json(r), *rules;
    rep->rules = json_object_object_get_ex(all, "game_rules", &rules) ? json_object_get(rules) : NULL;
    json_object_put(all);
    rep->seconds_solve = r->seconds;
    sim_expected_none(rep);
    static const int CHOICES[4] = {SPLIT_FOLD_ALL, SPLIT_INSTANT, SPLIT_3_1, SPLIT_2_2};
    for (int i = 0; i < 4; i++)
        rep->expected[CHOICE_COUNT[CHOICES[i]]] = (double)r->tot.choice[CHOICES[i]] / (double)SPLIT_SITUATIONS;
}

static void game_of(const struct split_sim *s, struct sim_game *g)
{
    sim_game_init(g, COUNT_NAMES, SC_N, SC_ILLEGAL);
    sim_deck_fill(&g->deck, 1, 0x1fff);
    g->round = split_round;
    g->ctx = s;
}

static void split_sim_free(void *ctx)
{
    struct split_sim *s = ctx;
    free(s->dec), free(s->list), free(s->card), free(s);
}

/* With --play card: the card (read, or built from the values), priced
 * exactly; the report's EV becomes the card's.  0, or -1 with err. */
static int play_card(struct split_sim *s, const struct split_hand_values *values, const struct sim_options *so,
                     struct sim_report *rep, char *err, size_t errlen)
{
    s->card = calloc(1, sizeof *s->card);
    struct split_card_build *b = so->card_file ? NULL : malloc(sizeof *b);
    struct split_card_price *p = malloc(sizeof *p);
    int rc = s->card && p && (so->card_file || b) ? 0 : (snprintf(err, errlen, "out of memory"), -1);
    if (rc == 0 && so->card_file)
        rc = split_card_load(so->card_file, s->instant, s->card, err, errlen);
    else if (rc == 0 && (rc = split_card_build(&s->pt, s->instant, s->list, values, s->n, 15, b, err, errlen)) == 0)
        *s->card = b->cards[b->longest];
    if (rc == 0) {
        split_card_price(s->card, &s->pt, s->instant, s->list, values, s->n, p);
        if (p->uncovered > 0)
            rc = (snprintf(err, errlen, "%s: no rule decides %lld situations", so->card_file, (long long)p->uncovered), -1);
    }
    if (rc == 0) {
        rep->optimal_num = rep->ev_num;
        rep->ev_num = p->ev;
        snprintf(rep->played, sizeof rep->played, "the strategy card %s%s",
                 so->card_file ? "in " : "built by 'fourcard card split' (15 rules)",
                 so->card_file ? so->card_file : "");
        sim_expected_none(rep); /* the decision rates are the optimal strategy's */
    }
    free(b), free(p);
    return rc;
}

int split_simulate(const struct split_paytable *pt, enum split_instant_reading instant,
                   const struct sim_options *so, struct sim_report *rep, char *err, size_t errlen)
{
    struct split_sim *s = calloc(1, sizeof *s);
    if (!s)
        return snprintf(err, errlen, "out of memory"), -1;
    *s = (struct split_sim){.pt = *pt, .instant = instant};
    struct split_hand_values *values = NULL;
    struct split_solve_options o = {.instant = instant, .threads = so->threads, .bind = so->bind,
                                    .strategy = !so->play_card, .decisions = &s->dec,
                                    .values = so->play_card ? &values : NULL, .progress = so->progress};
    struct split_result r;
    if (split_solve(pt, 1, &o, &r, err, errlen) != 0 || cluster_rank() != 0) {
        split_sim_free(s);
        return cluster_rank() != 0 ? 1 : -1;
    }
    s->n = split_situations_list(&s->list);
    if (s->n < 0 || (!s->dec && !values)) {
        split_sim_free(s), free(values);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    memset(rep, 0, sizeof *rep);
    describe(&r, rep);
    int rc = so->play_card ? play_card(s, values, so, rep, err, errlen) : 0;
    free(values);
    if (rc != 0) {
        json_object_put(rep->rules), split_sim_free(s);
        return -1;
    }
    game_of(s, &rep->g);
    rep->g.free_ctx = split_sim_free;
    rep->o = *so;
    return sim_run(&rep->g, so, &rep->t, err, errlen);
}
