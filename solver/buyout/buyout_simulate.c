/* buyout_simulate.c — see buyout_simulate.h.
 *
 * Only the decisions come from the solver: the 3rd-card decision of the
 * dealt situation's suit class and, after a buy, its 4th-card letter for
 * the dealt 4th card.  Legality, points, the dealer's draw and every bet
 * are settled here from the cards, by the rules
 * (shared/games/4-card-buyout.md).
 */
#include "buyout_simulate.h"
#include "buyout_card.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "buyout_eval.h"
#include "buyout_report.h"
#include "buyout_rules.h"
#include "cluster.h"

/* ---- one round, any strategy ---- */

/* A forbidden decision is played as fold (and reported). */
static enum buyout_choice legal_at3(enum buyout_choice c, const card_t p[3], bool *illegal)
{
    bool ok = c == BUYOUT_BUY || c == BUYOUT_FOLD || (c == BUYOUT_REFUSE && buyout_points(p, 2) > 0);
    *illegal |= !ok;
    return ok ? c : BUYOUT_FOLD;
}

static enum buyout_choice legal_at4(enum buyout_choice c, const card_t p[4], bool *illegal)
{
    bool ok = c == BUYOUT_FOLD || (c == BUYOUT_REFUSE && buyout_points(p, 3) > 0) ||
              (c == BUYOUT_BUY && buyout_points(p, 4) > 0);
    *illegal |= !ok;
    return ok ? c : BUYOUT_FOLD;
}

/* The dealer's points: 4 cards, a 5th under 13. */
static int dealer_points(struct sim_deck *d, card_t dl[5], enum buyout_five_reading five, bool *drew)
{
    dl[2] = sim_deal(d);
    dl[3] = sim_deal(d);
    int p = buyout_points(dl, 4);
    *drew = p < 13;
    if (!*drew)
        return p;
    dl[4] = sim_deal(d);
    return buyout_points5(dl, five);
}

void buyout_sim_round(struct sim_deck *d, enum buyout_five_reading five, const struct buyout_sim_strategy *st,
                      struct buyout_round *out)
{
    memset(out, 0, sizeof *out);
    out->at4 = -1;
    card_t p[4], dl[5];
    p[0] = sim_deal(d); /* one at a time: player, dealer up, player, dealer down */
    dl[0] = sim_deal(d);
    p[1] = sim_deal(d);
    dl[1] = sim_deal(d);
    p[2] = sim_deal(d);
    enum buyout_choice a3 = legal_at3(st->at3(st->ctx, p, dl[0]), p, &out->illegal);
    out->at3 = a3;
    int stake = 0;
    if (a3 == BUYOUT_FOLD) {
        out->main_net = -1;
        return;
    }
    if (a3 == BUYOUT_REFUSE) { /* the First bet on the first 2 cards */
        stake = 1;
        out->kept = 2;
    } else {
        p[3] = sim_deal(d);
        enum buyout_choice a4 = legal_at4(st->at4(st->ctx, p, dl[0]), p, &out->illegal);
        out->at4 = a4;
        if (a4 == BUYOUT_FOLD) {
            out->main_net = -2;
            return;
        }
        stake = a4 == BUYOUT_REFUSE ? 2 : 3;
        out->kept = stake + 1;
    }
    out->points = buyout_points(p, out->kept);
    int dp = dealer_points(d, dl, five, &out->dealer_five);
    /* equal points push; a zero-point hand cannot be kept legally */
    out->main_net = out->points == 0 || out->points < dp ? -stake : out->points > dp ? stake : 0;
}

/* ---- the solver's strategy ---- */

struct buyout_sim {
    struct buyout_rules r;
    struct buyout_solution sol;   /* classes sorted by their key (buyout_classes order) */
    struct buyout_class *cls;     /* = sol.classes */
    struct buyout_decision *dec;  /* = sol.decisions */
    long n;
    struct buyout_card *card;     /* with --play card: the card's decisions instead */
};

static uint32_t situation_key(card_t a, card_t b, card_t u, card_t t)
{
    if (b < a) {
        card_t x = a;
        a = b, b = x;
    }
    return (uint32_t)a << 24 | (uint32_t)b << 16 | (uint32_t)u << 8 | t;
}

static uint32_t class_key_of(const struct buyout_class *c) { return situation_key(c->P[0], c->P[1], c->up, c->third); }

static int by_key(const void *pa, const void *pb)
{
    uint32_t a = class_key_of(pa), b = class_key_of(pb);
    return a < b ? -1 : a > b;
}

/* The class of a dealt 3rd-card situation: its smallest image under the
 * suit permutations (buyout_eval.h), and a permutation taking the
 * dealt cards there. */
static const struct buyout_decision *decision_of(const struct buyout_sim *s, const card_t p[3], card_t up,
                                                 const int **perm)
{
    uint32_t best = UINT32_MAX;
    for (int i = 0; i < 24; i++) {
        const int *q = SIM_PERMS[i];
        uint32_t k = situation_key(sim_permute_card(p[0], q), sim_permute_card(p[1], q), sim_permute_card(up, q),
                                   sim_permute_card(p[2], q));
        if (k < best)
            best = k, *perm = q;
    }
    struct buyout_class key = {{(card_t)(best >> 24), (card_t)(best >> 16)}, (card_t)(best >> 8), (card_t)best, 0, 0, 0};
    const struct buyout_class *hit = bsearch(&key, s->cls, (size_t)s->n, sizeof key, by_key);
    if (!hit)
        sim_internal_error("a dealt buyout situation is not among the solver's classes");
    return &s->dec[hit - s->cls];
}

static enum buyout_choice solver_at3(void *ctx, const card_t p[3], card_t up)
{
    const int *perm;
    return (enum buyout_choice)decision_of(ctx, p, up, &perm)->best;
}

static enum buyout_choice solver_at4(void *ctx, const card_t p[4], card_t up)
{
    const int *perm;
    const struct buyout_decision *d = decision_of(ctx, p, up, &perm);
    switch (d->fourth[sim_permute_card(p[3], perm)]) { /* the letters are in the class's suits */
    case 'B': return BUYOUT_BUY;
    case 'R': return BUYOUT_REFUSE;
    default: return BUYOUT_FOLD; /* 'F', or '-' (cannot be dealt): the rules check flags it */
    }
}

/* The card's decisions; an action the rules forbid folds (the card's
 * meaning, docs/card-format.md). */
static enum buyout_choice card_at3(void *ctx, const card_t p[3], card_t up)
{
    const struct buyout_sim *s = ctx;
    struct buyout_view v = buyout_view_of(p, 2, up);
    const bool legal[3] = {[BUYOUT_FOLD] = true, [BUYOUT_REFUSE] = v.points > 0, [BUYOUT_BUY] = true};
    int a = buyout_card_action(s->card, 0, &v, legal);
    return a < 0 ? BUYOUT_FOLD : (enum buyout_choice)a;
}

static enum buyout_choice card_at4(void *ctx, const card_t p[4], card_t up)
{
    const struct buyout_sim *s = ctx;
    struct buyout_view v = buyout_view_of(p, 3, up);
    const bool legal[3] = {[BUYOUT_FOLD] = true, [BUYOUT_REFUSE] = v.points > 0, [BUYOUT_BUY] = v.with > 0};
    int a = buyout_card_action(s->card, 1, &v, legal);
    return a < 0 ? BUYOUT_FOLD : (enum buyout_choice)a;
}

struct buyout_sim_strategy buyout_sim_solver_strategy(const struct sim_game *g)
{
    return (struct buyout_sim_strategy){solver_at3, solver_at4, (void *)g->ctx};
}

enum { BC_BUY3, BC_REFUSE3, BC_FOLD3, BC_BUY4, BC_REFUSE4, BC_FOLD4, BC_DEALER5, BC_BONUS_WINS, BC_ILLEGAL, BC_N };
static const char *const COUNT_NAMES[BC_N] = {
    "buy_3rd", "refuse_3rd", "fold_3rd", "buy_4th", "refuse_4th", "fold_4th", "dealer_drew_5th", "bonus_wins",
    "illegal",
};

static void count_round(const struct buyout_round *r, int64_t counts[SIM_MAX_COUNTS])
{
    static const int AT3[3] = {[BUYOUT_FOLD] = BC_FOLD3, [BUYOUT_REFUSE] = BC_REFUSE3, [BUYOUT_BUY] = BC_BUY3};
    static const int AT4[3] = {[BUYOUT_FOLD] = BC_FOLD4, [BUYOUT_REFUSE] = BC_REFUSE4, [BUYOUT_BUY] = BC_BUY4};
    counts[AT3[r->at3]]++;
    if (r->at4 >= 0)
        counts[AT4[r->at4]]++;
    counts[BC_DEALER5] += r->dealer_five;
    counts[BC_ILLEGAL] += r->illegal;
}

/* Money in 1/bonus_den of a First-bet unit: the main bets, and the Bonus
 * (bonus_num/bonus_den units) on the kept cards, lost with a fold. */
static int64_t buyout_round_money(const void *ctx, struct sim_deck *d, int64_t counts[SIM_MAX_COUNTS])
{
    const struct buyout_sim *s = ctx;
    struct buyout_sim_strategy st = s->card ? (struct buyout_sim_strategy){card_at3, card_at4, (void *)s}
                                            : (struct buyout_sim_strategy){solver_at3, solver_at4, (void *)s};
    struct buyout_round r;
    buyout_sim_round(d, s->r.dealer_five, &st, &r);
    count_round(&r, counts);
    if (!s->r.bonus_table)
        return r.main_net;
    int bonus = r.kept ? buyout_rules_bonus(&s->r, r.points) : -1;
    counts[BC_BONUS_WINS] += bonus > 0;
    return (int64_t)r.main_net * s->r.bonus_den + (int64_t)bonus * s->r.bonus_num;
}

/* The Bonus alone: four cards, paid on their points. */
static int64_t bonus_alone_round(const void *ctx, struct sim_deck *d, int64_t counts[SIM_MAX_COUNTS])
{
    const struct buyout_sim *s = ctx;
    card_t h[4];
    for (int i = 0; i < 4; i++)
        h[i] = sim_deal(d);
    int bonus = buyout_rules_bonus(&s->r, buyout_points(h, 4));
    counts[BC_BONUS_WINS] += bonus > 0;
    return bonus;
}

static void buyout_sim_free(void *ctx)
{
    struct buyout_sim *s = ctx;
    buyout_solution_free(&s->sol);
    free(s->card), free(s);
}

/* With --play card: the card (read, or built from the values), priced
 * exactly; the report's EV becomes the card's.  0, or -1 with err. */
static int play_card(struct buyout_sim *s, const struct sim_options *so, struct sim_report *rep, char *err,
                     size_t errlen)
{
    struct buyout_card_values *v = buyout_card_values_new(&s->sol, so->threads, err, errlen);
    struct buyout_card_build *b = so->card_file ? NULL : malloc(sizeof *b);
    struct buyout_card_price p;
    s->card = calloc(1, sizeof *s->card);
    int rc = v && s->card && (so->card_file || b) ? 0 : (snprintf(err, errlen, "out of memory"), -1);
    if (rc == 0 && so->card_file)
        rc = buyout_card_load(so->card_file, s->card, err, errlen);
    else if (rc == 0 && (rc = buyout_card_build(v, 15, false, b, err, errlen)) == 0)
        *s->card = b->cards[b->length];
    if (rc == 0) {
        buyout_card_price(s->card, v, &p);
        if (p.uncovered != 0)
            rc = (snprintf(err, errlen, "%s: no rule decides %lld situations", so->card_file, (long long)p.uncovered), -1);
    }
    if (rc == 0) {
        rep->optimal_num = rep->ev_num;
        rep->ev_num = p.ev; /* over the same denominator: deals x N3 T4 bden */
        snprintf(rep->played, sizeof rep->played, "the strategy card %s%s",
                 so->card_file ? "in " : "built by 'fourcard card buyout' (15 rules)", so->card_file ? so->card_file : "");
        sim_expected_none(rep); /* the decision rates are the optimal strategy's */
    }
    buyout_card_values_free(v), free(b);
    return rc;
}

static void describe(const struct buyout_result *res, struct sim_report *rep)
{
    const struct buyout_rules *r = &res->rules;
    rep->game = "buyout";
    snprintf(rep->title, sizeof rep->title, "4 Card Buyout%s", r->bonus_alone ? ", Bonus played alone"
                                                                : r->bonus_table ? ", with the Bonus bet" : "");
    char bonus[200] = "no Bonus";
    if (r->bonus_table) {
        char label[96];
        snprintf(bonus, sizeof bonus, "%s%s, %lld/%lld unit%s", buyout_bonus_label(r, label, sizeof label),
                 r->bonus_alone ? " alone" : "", (long long)r->bonus_num, (long long)r->bonus_den,
                 r->bonus_alone ? "" : " per First bet");
    }
    snprintf(rep->readings, sizeof rep->readings,
             "%d deck%s (top %d ranks), a fresh shoe every round; dealer's 5 cards: %s; playable = a pair or two "
             "suited cards; %s; one player alone",
             r->decks, r->decks == 1 ? "" : "s", r->nranks, buyout_reading_name(r->dealer_five), bonus);
    rep->unit = r->bonus_alone ? "Bonus unit" : "First bet (First = Second = Third = 1)";
    rep->unit_den = r->bonus_table && !r->bonus_alone ? r->bonus_den : 1;
    rep->ev_num = res->tot.ev;
    rep->ev_den = res->tot.money_den;
    json_object *all = buyout_result_json(res), *rules;
    rep->rules = json_object_object_get_ex(all, "game_rules", &rules) ? json_object_get(rules) : NULL;
    json_object_put(all);
    rep->seconds_solve = res->seconds;
    sim_expected_none(rep);
    static const int AT3[3] = {[BUYOUT_FOLD] = BC_FOLD3, [BUYOUT_REFUSE] = BC_REFUSE3, [BUYOUT_BUY] = BC_BUY3};
    static const int AT4[3] = {[BUYOUT_FOLD] = BC_FOLD4, [BUYOUT_REFUSE] = BC_REFUSE4, [BUYOUT_BUY] = BC_BUY4};
    for (int c = 0; c < 3 && !r->bonus_alone; c++) {
        rep->expected[AT3[c]] = wide_ratio(res->tot.at3[c], res->tot.prob_den);
        rep->expected[AT4[c]] = wide_ratio(res->tot.at4[c], res->tot.prob_den);
    }
}

static void game_of(const struct buyout_sim *s, struct sim_game *g)
{
    sim_game_init(g, COUNT_NAMES, BC_N, BC_ILLEGAL);
    unsigned top = (1u << NRANKS) - (1u << (NRANKS - s->r.nranks)); /* the top nranks ranks */
    sim_deck_fill(&g->deck, s->r.decks, top);
    g->round = s->r.bonus_alone ? bonus_alone_round : buyout_round_money;
    g->ctx = s;
    g->free_ctx = buyout_sim_free;
}

/* Solves r keeping the decisions and makes them a look-up.  NULL with
 * err (or, on an MPI rank other than 0, NULL with *other set). */
static struct buyout_sim *solver_lookup(const struct buyout_rules *r, const struct buyout_solve_options *o,
                                        struct buyout_result *res, bool *other, char *err, size_t errlen)
{
    *other = false;
    if (r->shoe_given) /* the look-up finds classes by all 24 suit permutations */
        return snprintf(err, errlen, "internal error: a simulation of a given shoe"), NULL;
    struct buyout_sim *s = calloc(1, sizeof *s);
    if (!s)
        return snprintf(err, errlen, "out of memory"), NULL;
    s->r = *r;
    struct buyout_solve_options ko = *o;
    ko.solution = &s->sol;
    if (buyout_solve(r, &ko, res, err, errlen) != 0 || cluster_rank() != 0) {
        *other = cluster_rank() != 0;
        buyout_sim_free(s);
        return NULL;
    }
    s->cls = s->sol.classes, s->dec = s->sol.decisions, s->n = s->sol.n;
    if (!r->bonus_alone && !s->dec) {
        buyout_sim_free(s);
        return snprintf(err, errlen, "internal error: the solve kept no decisions"), NULL;
    }
    for (long i = 1; i < s->n; i++) /* the look-up is a binary search */
        if (by_key(&s->cls[i - 1], &s->cls[i]) >= 0) {
            buyout_sim_free(s);
            return snprintf(err, errlen, "internal error: the classes are not in key order"), NULL;
        }
    return s;
}

struct buyout_sim *buyout_sim_basic_new(const struct buyout_rules *r, int threads, char *err, size_t errlen)
{
    struct buyout_solve_options o = {.threads = threads, .bind = BIND_NONE};
    struct buyout_result res;
    bool other;
    return solver_lookup(r, &o, &res, &other, err, errlen);
}

struct buyout_sim_strategy buyout_sim_basic_strategy(struct buyout_sim *s)
{
    return (struct buyout_sim_strategy){solver_at3, solver_at4, s};
}

void buyout_sim_basic_free(struct buyout_sim *s)
{
    if (s)
        buyout_sim_free(s);
}

int buyout_simulate(const struct buyout_rules *r, const struct sim_options *so, struct sim_report *rep, char *err,
                    size_t errlen)
{
    struct buyout_solve_options o = {.threads = so->threads, .progress = so->progress, .bind = so->bind};
    struct buyout_result res;
    bool other;
    struct buyout_sim *s = solver_lookup(r, &o, &res, &other, err, errlen);
    if (!s)
        return other ? 1 : -1;
    memset(rep, 0, sizeof *rep);
    describe(&res, rep);
    if (so->play_card && !r->bonus_alone && play_card(s, so, rep, err, errlen) != 0) {
        json_object_put(rep->rules), buyout_sim_free(s);
        return -1;
    }
    game_of(s, &rep->g);
    rep->o = *so;
    return sim_run(&rep->g, so, &rep->t, err, errlen);
}
