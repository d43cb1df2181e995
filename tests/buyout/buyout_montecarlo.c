/* buyout_montecarlo.c — see buyout_montecarlo.h.  The rounds are the
 * solver-side simulator's (solver/buyout/buyout_simulate.h): one round function
 * for `fourcard simulate buyout` and for these checks; this file only
 * adapts the tests' strategies and shoes to it and keeps the tallies. */
#include "buyout_montecarlo.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "buyout_simulate.h"

/* The tests' actions (BM_*) and the simulator's (enum buyout_choice). */
static enum buyout_choice to_choice(int a)
{
    return a == BM_BUY ? BUYOUT_BUY : a == BM_REFUSE ? BUYOUT_REFUSE : a == BM_FOLD ? BUYOUT_FOLD : (enum buyout_choice)-1;
}

static int to_action(int c) { return c == BUYOUT_BUY ? BM_BUY : c == BUYOUT_REFUSE ? BM_REFUSE : BM_FOLD; }

/* A test strategy seen by the simulator; an action out of range is
 * played as fold and counted illegal (the simulator's own check covers
 * the rules' restrictions). */
struct adapter {
    const struct bm_strategy *st;
    bool out_of_range;
};

static enum buyout_choice adapt3(void *ctx, const card_t p[3], card_t up)
{
    struct adapter *a = ctx;
    int c = to_choice(a->st->at3(a->st->ctx, p, up));
    a->out_of_range |= c < 0;
    return c < 0 ? BUYOUT_FOLD : (enum buyout_choice)c;
}

static enum buyout_choice adapt4(void *ctx, const card_t p[4], card_t up)
{
    struct adapter *a = ctx;
    int c = to_choice(a->st->at4(a->st->ctx, p, up));
    a->out_of_range |= c < 0;
    return c < 0 ? BUYOUT_FOLD : (enum buyout_choice)c;
}

static void summarise(struct bm_result *res)
{
    if (res->rounds <= 0)
        return;
    double m = (double)res->sum / (double)res->rounds;
    double var = res->rounds > 1 ? ((double)res->sumsq - (double)res->rounds * m * m) / (double)(res->rounds - 1) : 0.0;
    res->mean = m;
    res->sd = var > 0 ? sqrt(var) : 0.0;
    res->se = res->sd / sqrt((double)res->rounds);
}

int bm_run(const struct bm_config *cfg, const struct bm_strategy *st, struct bm_result *res)
{
    memset(res, 0, sizeof *res);
    int n = bb_shoe_size(&cfg->shoe);
    if (n < 9 || n > SIM_MAX_CARDS)
        return -1;
    struct sim_deck d = {.n = 0, .next = 0, .rng = gsl_rng_alloc(gsl_rng_mt19937)};
    if (!d.rng)
        return -1;
    gsl_rng_set(d.rng, cfg->seed);
    for (int c = 0; c < NCARDS; c++)
        for (int i = 0; i < cfg->shoe.count[c]; i++)
            d.cards[d.n++] = (card_t)c;
    struct adapter ad = {st, false};
    struct buyout_sim_strategy sst = {adapt3, adapt4, &ad};
    enum buyout_five_reading five = cfg->rules.five_all ? BUYOUT_FIVE_ALL : BUYOUT_FIVE_BEST4;
    for (long long round = 0; round < cfg->rounds; round++) {
        sim_deck_new_round(&d);
        struct buyout_round r;
        ad.out_of_range = false;
        buyout_sim_round(&d, five, &sst, &r);
        res->illegal += r.illegal || ad.out_of_range;
        res->at3[to_action(r.at3)]++;
        if (r.at4 >= 0)
            res->at4[to_action(r.at4)]++;
        res->sum += r.main_net;
        res->sumsq += (long long)r.main_net * r.main_net;
        res->net[r.main_net + 3]++;
    }
    res->rounds = cfg->rounds;
    summarise(res);
    gsl_rng_free(d.rng);
    return 0;
}
