/* frenzy_simulate.c — one Four Card Frenzy round from a shuffled deck.
 *
 * Only the decision (fold, or raise 1x to 3x) comes from the solver: the
 * choice frenzy_decide makes for the suit class of the player's five
 * cards.  The bets are settled here from both real hands, from the rules
 * (shared/games/four-card-frenzy.md): each side's best four of five by
 * frenzy_best_rank, the dealer qualifying with King-high or better for the
 * Ante only, the Odds by the Win or the Bad Beat table.  A raise above 1x
 * without a pair of Aces or better is counted as "illegal".
 */
#include "frenzy_simulate.h"

#include <json-c/json.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "cluster.h"
#include "team.h"
#include "eval4.h"
#include "frenzy_card.h"
#include "frenzy_report.h"

struct class_key {
    cardmask_t form; /* the class's canonical form */
    uint8_t choice;  /* enum frenzy_choice */
};

struct frenzy_sim {
    struct frenzy_game g;
    int64_t den;             /* the game's money: 1/den of an Ante */
    struct class_key *keys;  /* every class, sorted by form */
    long n;
};

enum { FC_FOLD, FC_RAISE1, FC_RAISE2, FC_RAISE3, FC_COPY, FC_UNQUALIFIED, FC_ILLEGAL, FC_N };
static const char *const COUNT_NAMES[FC_N] = {
    "fold", "raise_1x", "raise_2x", "raise_3x", "copies", "dealer_unqualified", "illegal",
};

static int by_form(const void *pa, const void *pb)
{
    const struct class_key *a = pa, *b = pb;
    return a->form < b->form ? -1 : a->form > b->form;
}

static enum frenzy_choice choice_of(const struct frenzy_sim *s, const card_t cards[5])
{
    cardmask_t m = cards_to_mask(cards, 5);
    struct class_key key = {0, 0};
    canon_form(&m, 1, &key.form);
    const struct class_key *hit = bsearch(&key, s->keys, (size_t)s->n, sizeof key, by_form);
    if (!hit)
        sim_internal_error("a dealt frenzy hand is not among the solver's classes");
    return (enum frenzy_choice)hit->choice;
}

/* The rules' "pair of Aces or better" for raising 2x or 3x. */
static bool may_raise_more(uint32_t rank)
{
    int cat = eval4_category_of(rank);
    return cat > F4_PAIR || (cat == F4_PAIR && eval4_top(rank) == RANK_ACE);
}

/* King-high or better: any pair or better, or a King or an Ace on top. */
static bool dealer_qualifies(uint32_t rank)
{
    return eval4_category_of(rank) > F4_HIGH || eval4_top(rank) >= RANK_KING;
}

/* A table's pay for the row, in 1/den of an Ante. */
static int64_t pays(const struct frenzy_table *t, int row, int64_t den) { return t->pay[row] * (den / t->den); }

static int64_t frenzy_round(const void *ctx, struct sim_deck *d, int64_t counts[SIM_MAX_COUNTS])
{
    const struct frenzy_sim *s = ctx;
    card_t player[5], dealer[5];
    for (int i = 0; i < 5; i++)
        player[i] = sim_deal(d);
    for (int i = 0; i < 5; i++)
        dealer[i] = sim_deal(d);
    int64_t den = s->den;
    enum frenzy_choice choice = choice_of(s, player);
    counts[FC_FOLD + choice]++;
    if (choice == FRENZY_FOLD)
        return -2 * den; /* Ante and Odds */
    uint32_t mine = frenzy_best_rank(player), his = frenzy_best_rank(dealer);
    if (choice > FRENZY_RAISE1 && !may_raise_more(mine))
        counts[FC_ILLEGAL]++;
    bool copy = mine == his, qualified = dealer_qualifies(his);
    counts[FC_COPY] += copy;
    counts[FC_UNQUALIFIED] += !qualified;
    /* Ante and Raise: +1 a win, -1 a loss, 0 a push (a copy under the
     * push reading; the Ante also against an unqualified dealer) */
    int wins = mine > his || (copy && s->g.copy == FRENZY_COPY_WIN) ? 1 : mine < his ? -1 : 0;
    int64_t net = (qualified ? wins : 0) * den + (int64_t)choice * wins * den;
    /* the Odds: a copy pays as a win under either reading */
    int row = frenzy_odds_row(mine);
    net += mine >= his ? pays(&s->g.win, row, den) : pays(&s->g.bad_beat, row, den);
    return net;
}

/* Every class's choice: the exact one, or the card's rule's (card not NULL). */
static int keys_build(struct frenzy_sim *s, const struct frenzy_counts *c, const struct frenzy_card *card)
{
    s->keys = malloc((size_t)c->n * sizeof *s->keys);
    if (!s->keys)
        return -1;
    s->n = c->n;
    for (long i = 0; i < c->n; i++) {
        cardmask_t m = cards_to_mask(c->classes[i].cards, 5);
        struct frenzy_decision dec;
        frenzy_decide(&s->g, s->den, &c->classes[i], &dec);
        canon_form(&m, 1, &s->keys[i].form);
        s->keys[i].choice = (uint8_t)(card ? frenzy_rule_choice(&card->rules[0], c->classes[i].rank) : dec.choice);
    }
    qsort(s->keys, (size_t)s->n, sizeof *s->keys, by_form);
    return 0;
}

static void describe(const struct frenzy_result *r, struct sim_report *rep)
{
    rep->game = "frenzy";
    snprintf(rep->title, sizeof rep->title, "Four Card Frenzy, Odds %s with Bad Beat %s%s%s", r->game.win.name,
             r->game.bad_beat.name, r->paytable[0] ? ", paytable " : "", r->paytable);
    snprintf(rep->readings, sizeof rep->readings,
             "one 52-card deck; best 4 of 5 each; dealer qualifies King-high or better, for the Ante only; "
             "copies: %s; one player alone; main game only (Ante, Odds, Raise; no side bets)",
             r->game.copy == FRENZY_COPY_WIN ? "win (Washington: the player wins a copy)"
                                             : "push (Ante and Raise push; the Odds pays as a win)");
    rep->unit = "Ante (Ante = Odds = 1, Raise 1 to 3)";
    rep->unit_den = r->den;
    rep->ev_num = r->tot.ev;
    rep->ev_den = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r->den;
    struct frenzy_side_bets none = {0};
    json_object *all = frenzy_result_json(r, &none), *rules;
    rep->rules = json_object_object_get_ex(all, "game_rules", &rules) ? json_object_get(rules) : NULL;
    json_object_put(all);
    rep->seconds_solve = r->seconds;
    sim_expected_none(rep);
    for (int c = 0; c < FRENZY_NCHOICES; c++)
        rep->expected[FC_FOLD + c] = (double)r->tot.choice[c] / (double)FRENZY_HANDS;
}

static void game_of(const struct frenzy_sim *s, struct sim_game *g)
{
    sim_game_init(g, COUNT_NAMES, FC_N, FC_ILLEGAL);
    sim_deck_fill(&g->deck, 1, 0x1fff);
    g->round = frenzy_round;
    g->ctx = s;
}

/* The counts and the exact EV, as frenzy_solve computes them. */
static int solve(const struct frenzy_game *g, const char *paytable, const struct sim_options *so,
                 struct frenzy_counts *c, struct frenzy_result *r, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    int team = team_start(so->threads, so->bind);
    if (frenzy_counts_build(so->progress, c, err, errlen) != 0)
        return -1;
    *r = (struct frenzy_result){.game = *g, .den = frenzy_game_den(g), .threads = team, .ranks = cluster_size(),
                                .bind = so->bind};
    snprintf(r->paytable, sizeof r->paytable, "%s", paytable);
    if (cluster_rank() == 0)
        frenzy_price(g, c, &r->tot);
    r->seconds_counts = c->seconds;
    r->seconds = omp_get_wtime() - t0;
    return 0;
}

static void frenzy_sim_free(void *ctx)
{
    struct frenzy_sim *s = ctx;
    free(s->keys), free(s);
}

int frenzy_simulate(const struct frenzy_game *g, const char *paytable, const struct sim_options *so,
                    struct sim_report *rep, char *err, size_t errlen)
{
    struct frenzy_counts c;
    struct frenzy_result r;
    if (solve(g, paytable, so, &c, &r, err, errlen) != 0)
        return -1;
    if (cluster_rank() != 0) {
        frenzy_counts_free(&c);
        return 1;
    }
    struct frenzy_sim *s = calloc(1, sizeof *s);
    struct frenzy_card *card = so->play_card ? calloc(1, sizeof *card) : NULL;
    if (s)
        *s = (struct frenzy_sim){.g = *g, .den = r.den};
    int rc = !s || (so->play_card && (!card || frenzy_card_build(g, &c, card, err, errlen) != 0)) ? -1 : 0;
    if (rc == 0)
        rc = keys_build(s, &c, card);
    frenzy_counts_free(&c);
    if (rc != 0) {
        free(s), free(card);
        return snprintf(err, errlen, "out of memory"), -1;
    }
    memset(rep, 0, sizeof *rep);
    describe(&r, rep);
    if (card) { /* the card's rule, priced exactly in the same units */
        rep->optimal_num = rep->ev_num;
        rep->ev_num = card->rules[0].ev;
        snprintf(rep->played, sizeof rep->played, "the strategy card built by 'fourcard card frenzy'");
        sim_expected_none(rep);
        free(card);
    }
    game_of(s, &rep->g);
    rep->g.free_ctx = frenzy_sim_free;
    rep->o = *so;
    return sim_run(&rep->g, so, &rep->t, err, errlen);
}
