/* buyout_montecarlo.c — see buyout_montecarlo.h. */
#include "buyout_montecarlo.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct deck {
    card_t *c;
    int n, next; /* cards c[0..next) dealt this round */
    gsl_rng *rng;
};

static card_t deal(struct deck *d)
{
    int i = d->next++;
    int j = i + (int)gsl_rng_uniform_int(d->rng, (unsigned long)(d->n - i));
    card_t t = d->c[i];
    d->c[i] = d->c[j];
    d->c[j] = t;
    return d->c[i];
}

/* Net of wagers stake (units) for player points pp against dealer dp. */
static int settle(int stake, int pp, int dp)
{
    if (pp == 0 || pp < dp)
        return -stake;
    return pp > dp ? stake : 0;
}

int bm_run(const struct bm_config *cfg, const struct bm_strategy *st, struct bm_result *res)
{
    memset(res, 0, sizeof *res);
    int n = bb_shoe_size(&cfg->shoe);
    if (n < 9)
        return -1;
    struct deck d = {malloc((size_t)n), n, 0, gsl_rng_alloc(gsl_rng_mt19937)};
    if (!d.c || !d.rng) {
        free(d.c);
        if (d.rng)
            gsl_rng_free(d.rng);
        return -1;
    }
    gsl_rng_set(d.rng, cfg->seed);
    int k = 0;
    for (int c = 0; c < NCARDS; c++)
        for (int i = 0; i < cfg->shoe.count[c]; i++)
            d.c[k++] = (card_t)c;

    for (long long round = 0; round < cfg->rounds; round++) {
        d.next = 0;
        card_t p[4], dl[5];
        /* one at a time: player, dealer up, player, dealer down */
        p[0] = deal(&d);
        dl[0] = deal(&d);
        p[1] = deal(&d);
        dl[1] = deal(&d);
        int stake = 0, kept = 0, net = 0;
        p[2] = deal(&d);
        int a3 = st->at3(st->ctx, p, dl[0]);
        int p2 = bb_points(p, 2);
        if (a3 == BM_REFUSE && p2 == 0) {
            res->illegal++;
            a3 = BM_FOLD;
        }
        if (a3 < 0 || a3 > 2) {
            res->illegal++;
            a3 = BM_FOLD;
        }
        res->at3[a3]++;
        if (a3 == BM_FOLD) {
            net = -1;
        } else if (a3 == BM_REFUSE) {
            stake = 1;
            kept = 2;
        } else {
            p[3] = deal(&d);
            int a4 = st->at4(st->ctx, p, dl[0]);
            int p3 = bb_points(p, 3), p4 = bb_points(p, 4);
            if ((a4 == BM_BUY && p4 == 0) || (a4 == BM_REFUSE && p3 == 0) || a4 < 0 || a4 > 2) {
                res->illegal++;
                a4 = BM_FOLD;
            }
            res->at4[a4]++;
            if (a4 == BM_FOLD) {
                net = -2;
            } else if (a4 == BM_REFUSE) {
                stake = 2;
                kept = 3;
            } else {
                stake = 3;
                kept = 4;
            }
        }
        if (stake) {
            dl[2] = deal(&d);
            dl[3] = deal(&d);
            int dp = bb_points(dl, 4);
            if (dp < 13) {
                dl[4] = deal(&d);
                dp = bb_points_dealer5(dl, &cfg->rules);
            }
            net = settle(stake, bb_points(p, kept), dp);
        }
        res->sum += net;
        res->sumsq += (long long)net * net;
        res->net[net + 3]++;
    }
    res->rounds = cfg->rounds;
    if (res->rounds > 0) {
        double m = (double)res->sum / (double)res->rounds;
        double var = res->rounds > 1
                         ? ((double)res->sumsq - (double)res->rounds * m * m) / (double)(res->rounds - 1)
                         : 0.0;
        res->mean = m;
        res->sd = var > 0 ? sqrt(var) : 0.0;
        res->se = res->sd / sqrt((double)res->rounds);
    }
    gsl_rng_free(d.rng);
    free(d.c);
    return 0;
}
