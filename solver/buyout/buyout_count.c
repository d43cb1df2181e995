/* buyout_count.c — see buyout_count.h. */
#include "buyout_count.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout.h"
#include "buyout_shoe.h"
#include "checkpoint.h"
#include "cluster.h"
#include "progress.h"
#include "simulate.h"

enum { SHOE = BUYOUT_MAX_DECKS * NCARDS, PER_RANK = BUYOUT_MAX_DECKS * NSUITS };

/* ---- the count ---- */

static double pearson(const double *x, const double *y, int n)
{
    double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
    for (int i = 0; i < n; i++)
        mx += x[i] / n, my += y[i] / n;
    for (int i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

/* The tags of level L: rounded, then balanced by moving one tag at a time
 * where it strays least from L e_r / max|e|. */
static void tags_of_level(const double *e, int L, int tag[NRANKS])
{
    double top = 0, want[NRANKS];
    for (int r = 0; r < NRANKS; r++)
        top = fmax(top, fabs(e[r]));
    int sum = 0;
    for (int r = 0; r < NRANKS; r++) {
        want[r] = top > 0 ? L * e[r] / top : 0;
        tag[r] = (int)lround(want[r]);
        sum += tag[r];
    }
    while (sum != 0) {
        int step = sum > 0 ? -1 : 1, best = -1;
        double cost = INFINITY;
        for (int r = 0; r < NRANKS; r++) {
            int t = tag[r] + step;
            if (t < -L || t > L)
                continue;
            double c = fabs(t - want[r]) - fabs(tag[r] - want[r]);
            if (c < cost)
                cost = c, best = r;
        }
        if (best < 0)
            break; /* cannot happen: 13 ranks, tags from -L to L */
        tag[best] += step;
        sum += step;
    }
}

void buyout_count_fit(const struct buyout_removal *rem, int g, struct buyout_count *c)
{
    memset(c, 0, sizeof *c);
    c->ev0 = wide_ratio(rem->full_num[g], rem->full_den[g]);
    for (int r = 0; r < NRANKS; r++)
        c->effect[r] = wide_ratio(rem->num[r][g], rem->den[r][g]) - c->ev0;
    c->bc = -2;
    for (int L = 1; L <= BUYOUT_COUNT_MAX_LEVEL; L++) {
        int tag[NRANKS];
        double t[NRANKS];
        tags_of_level(c->effect, L, tag);
        for (int r = 0; r < NRANKS; r++)
            t[r] = tag[r];
        double bc = pearson(t, c->effect, NRANKS);
        c->bc_level[L - 1] = bc;
        if (bc > c->bc + 1e-12) {
            c->bc = bc, c->level = L;
            memcpy(c->tag, tag, sizeof tag);
        }
    }
    double et = 0, tt = 0;
    for (int r = 0; r < NRANKS; r++)
        et += c->effect[r] * c->tag[r], tt += (double)c->tag[r] * c->tag[r];
    c->per_true_count = tt > 0 ? (SHOE - 1) * (et / tt) / NCARDS : 0;
}

double buyout_linear_ev(const struct buyout_count *c, const int count[NCARDS])
{
    int m[NRANKS] = {0}, M = 0;
    for (int k = 0; k < NCARDS; k++)
        m[card_rank((card_t)k)] += count[k], M += count[k];
    double s = 0;
    for (int r = 0; r < NRANKS; r++)
        s += c->effect[r] * ((double)m[r] / M - 1.0 / NRANKS);
    return c->ev0 - (SHOE - 1) * s;
}

/* ---- the shoe simulation ---- */

/* What one shoe gave, summed in shoe order afterwards. */
struct shoe_sums {
    int64_t rounds, cards;
    double won[BUYOUT_NGAMES], bet[BUYOUT_NGAMES], flat[BUYOUT_NGAMES];
    int64_t advantage[BUYOUT_NGAMES], big[BUYOUT_NGAMES];
    bool kept;
    int8_t state[NCARDS];
};

struct shoe {
    card_t card[SHOE];
    int next, left;      /* cards dealt, cards left */
    int count[NCARDS];   /* cards left of each id */
    int running[BUYOUT_NGAMES];
};

static card_t deal(struct shoe *s)
{
    card_t c = s->card[s->next++];
    s->left--;
    s->count[c]--;
    return c;
}

/* One round at the table: every player's decisions from the basic
 * strategy, the dealer's cards when someone is still in.  Returns the
 * cards it used. */
static int play_round(struct shoe *s, const struct buyout_sim_strategy *st, int players)
{
    enum { MAXP = 7 };
    card_t p[MAXP][4], dl[5];
    int first = s->next;
    for (int i = 0; i < players; i++)
        p[i][0] = deal(s);
    dl[0] = deal(s);
    for (int i = 0; i < players; i++)
        p[i][1] = deal(s);
    dl[1] = deal(s);
    bool someone = false;
    for (int i = 0; i < players; i++) {
        p[i][2] = deal(s);
        enum buyout_choice a = st->at3(st->ctx, p[i], dl[0]);
        if (a == BUYOUT_REFUSE)
            someone = true;
        if (a != BUYOUT_BUY)
            continue;
        p[i][3] = deal(s);
        someone |= st->at4(st->ctx, p[i], dl[0]) != BUYOUT_FOLD;
    }
    if (someone) {
        dl[2] = deal(s);
        dl[3] = deal(s);
        if (buyout_points(dl, 4) < BUYOUT_DRAW_UNDER)
            dl[4] = deal(s);
    }
    return s->next - first;
}

static void new_shoe(struct shoe *s, gsl_rng *rng)
{
    int n = 0;
    for (int c = 0; c < NCARDS; c++) {
        s->count[c] = BUYOUT_MAX_DECKS;
        for (int k = 0; k < BUYOUT_MAX_DECKS; k++)
            s->card[n++] = (card_t)c;
    }
    gsl_ran_shuffle(rng, s->card, SHOE, sizeof s->card[0]);
    s->next = 0, s->left = SHOE;
    memset(s->running, 0, sizeof s->running);
}

/* The EV of every game at the shoe left: the linear estimate, or the
 * Bonus alone's exact EV. */
static void evs_at(const struct buyout_count counts[BUYOUT_NGAMES], const int count[NCARDS], double ev[BUYOUT_NGAMES])
{
    wide_t dist[BUYOUT_NPOINTS], total = buyout_hands4_points(count, dist);
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        struct buyout_game x = buyout_game_of(g);
        if (x.alone) {
            wide_t num, den;
            buyout_bonus_alone_ev(dist, total, x.table, &num, &den);
            ev[g] = wide_ratio(num, den);
        } else {
            ev[g] = buyout_linear_ev(&counts[g], count);
        }
    }
}

static void one_shoe(const struct buyout_count counts[BUYOUT_NGAMES], const struct buyout_sim_strategy *st,
                     const struct buyout_shoe_sim_options *o, int64_t index, struct shoe *s, struct shoe_sums *out)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, sim_block_seed(o->seed, index));
    memset(out, 0, sizeof *out);
    new_shoe(s, rng);
    int cut = (int)lround(o->cut_decks * NCARDS);
    bool keep = index < o->keep_shoes;
    while (s->left > cut) {
        double ev[BUYOUT_NGAMES];
        evs_at(counts, s->count, ev);
        double decks = s->left / (double)NCARDS;
        for (int g = 0; g < BUYOUT_NGAMES; g++) {
            double predicted = counts[g].ev0 + counts[g].per_true_count * (s->running[g] / decks);
            int bet = predicted > 0 ? o->spread : 1;
            out->won[g] += bet * ev[g];
            out->bet[g] += bet;
            out->flat[g] += ev[g];
            out->advantage[g] += ev[g] > 0;
            out->big[g] += bet > 1;
        }
        /* one round of this shoe, drawn at random, is kept (reservoir) */
        out->rounds++;
        if (keep && gsl_rng_uniform_int(rng, (unsigned long)out->rounds) == 0) {
            out->kept = true;
            for (int c = 0; c < NCARDS; c++)
                out->state[c] = (int8_t)s->count[c];
        }
        int from = s->next;
        out->cards += play_round(s, st, o->players);
        for (int i = from; i < s->next; i++)
            for (int g = 0; g < BUYOUT_NGAMES; g++)
                s->running[g] += counts[g].tag[card_rank(s->card[i])];
    }
    gsl_rng_free(rng);
}

enum { BATCH = 32 }; /* shoes per parallel batch */

int buyout_shoe_sim_run(const struct buyout_count counts[BUYOUT_NGAMES], struct buyout_sim *basic,
                        const struct buyout_shoe_sim_options *o, bool progress, struct buyout_shoe_sim *out,
                        char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->o = *o;
    /* a round uses at most 4 cards a player and 5 for the dealer */
    if (o->players < 1 || o->players > 7 || o->cut_decks > 4 || o->spread < 1 ||
        lround(o->cut_decks * NCARDS) < 4 * o->players + 5)
        return snprintf(err, errlen, "internal error: shoe simulation options"), -1;
    if (buyout_hands4_init() != 0)
        return snprintf(err, errlen, "out of memory"), -1;
    struct buyout_sim_strategy st = buyout_sim_basic_strategy(basic);
    struct shoe_sums *batch = malloc(BATCH * sizeof *batch);
    struct shoe *shoes = malloc((size_t)omp_get_max_threads() * sizeof *shoes);
    out->kept = malloc((size_t)(o->keep_shoes > 0 ? o->keep_shoes : 1) * sizeof *out->kept);
    if (!batch || !shoes || !out->kept) {
        free(batch), free(shoes), free(out->kept), out->kept = NULL;
        return snprintf(err, errlen, "out of memory"), -1;
    }
    /* per-shoe terms of the standard error: (won - rate x rounds) summed
     * once the rate is known, so keep the shoes' figures */
    size_t cap = 1024, n = 0;
    double (*per)[BUYOUT_NGAMES + 1] = malloc(cap * sizeof *per);
    struct shoe_sums total;
    memset(&total, 0, sizeof total);
    struct progress bar;
    progress_start(&bar, "shoes", o->rounds, progress);
    for (int64_t first = 0; per && total.rounds < o->rounds; first += BATCH) {
        int64_t before = total.rounds;
#pragma omp parallel for schedule(dynamic, 1)
        for (int i = 0; i < BATCH; i++)
            one_shoe(counts, &st, o, first + i, &shoes[omp_get_thread_num()], &batch[i]);
        for (int i = 0; i < BATCH; i++) { /* in shoe order: the same sums at any thread count */
            const struct shoe_sums *b = &batch[i];
            total.rounds += b->rounds, total.cards += b->cards;
            for (int g = 0; g < BUYOUT_NGAMES; g++) {
                total.won[g] += b->won[g], total.bet[g] += b->bet[g], total.flat[g] += b->flat[g];
                total.advantage[g] += b->advantage[g], total.big[g] += b->big[g];
            }
            if (b->kept && out->nkept < o->keep_shoes)
                memcpy(out->kept[out->nkept++], b->state, sizeof b->state);
            if (n == cap) {
                void *p = realloc(per, (cap *= 2) * sizeof *per);
                if (!p) {
                    free(per), per = NULL;
                    break;
                }
                per = p;
            }
            per[n][0] = (double)b->rounds;
            for (int g = 0; g < BUYOUT_NGAMES; g++)
                per[n][g + 1] = b->won[g];
            n++;
        }
        progress_add(&bar, total.rounds - before);
    }
    progress_end(&bar);
    free(batch), free(shoes);
    if (!per)
        return free(out->kept), out->kept = NULL, snprintf(err, errlen, "out of memory"), -1;
    out->rounds = total.rounds, out->shoes = (int64_t)n;
    out->cards_per_round = (double)total.cards / (double)total.rounds;
    double R = (double)total.rounds, mean_rounds = R / (double)n;
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        struct buyout_shoe_sim_game *x = &out->game[g];
        double rate = total.won[g] / R, ss = 0;
        for (size_t i = 0; i < n; i++)
            ss += (per[i][g + 1] - rate * per[i][0]) * (per[i][g + 1] - rate * per[i][0]);
        x->win_per_100 = 100 * rate;
        x->win_se = n > 1 ? 100 * sqrt(ss / ((double)n * (double)(n - 1))) / mean_rounds : 0;
        x->flat_per_100 = 100 * total.flat[g] / R;
        x->average_bet = total.bet[g] / R;
        x->advantage_share = total.advantage[g] / R;
        x->big_share = total.big[g] / R;
    }
    free(per);
    return 0;
}

/* ---- exact solves of sampled shoes ---- */

/* A shoe of the exact check as --resume keeps it. */
struct exact_piece {
    int8_t shoe[NCARDS];
    double exact[BUYOUT_DECISION_GAMES];
};

/* Rank 0 reads which shoes cp holds already (done[i], their EVs in
 * out->exact[i]); every rank learns the same.  0, or -1. */
static int exact_resume(const struct checkpoint *cp, int n, struct buyout_exact_check *out, char *done)
{
    memset(done, 0, (size_t)n);
    for (int i = 0; cp && cluster_rank() == 0 && i < n; i++) {
        struct exact_piece p;
        if (checkpoint_load(cp, i, &p, sizeof p) && !memcmp(p.shoe, out->shoes[i], sizeof p.shoe)) {
            done[i] = 1, out->resumed++;
            memcpy(out->exact[i], p.exact, sizeof p.exact);
        }
    }
    if (cluster_bcast(done, (size_t)n) != 0 || cluster_bcast(out->exact, (size_t)n * sizeof *out->exact) != 0 ||
        cluster_bcast(&out->resumed, sizeof out->resumed) != 0)
        return -1;
    return 0;
}

/* Shoe i's exact EVs into out->exact[i] (every rank: the solve shares its classes). */
static int exact_shoe(const struct buyout_removal *rem, int i, struct buyout_exact_check *out, char *err,
                      size_t errlen)
{
    struct buyout_objectives ob = {.n = BUYOUT_DECISION_GAMES, .bden = rem->base.bonus_den};
    for (int t = 1; t <= BUYOUT_NTABLES; t++)
        ob.table[t] = t, ob.bnum[t] = rem->base.bonus_num;
    struct buyout_rules r = buyout_rules_default();
    r.dealer_five = rem->base.dealer_five;
    r.shoe_given = true;
    memcpy(r.shoe, out->shoes[i], sizeof r.shoe);
    wide_t num[BUYOUT_MAX_OBJECTIVES], den;
    if (buyout_round_values(&r, &ob, num, &den, err, errlen) != 0)
        return -1;
    for (int g = 0; g < BUYOUT_DECISION_GAMES; g++)
        out->exact[i][g] = wide_ratio(num[g], den);
    return 0;
}

int buyout_exact_check_run(const struct buyout_removal *rem, const struct buyout_count counts[BUYOUT_NGAMES],
                           int8_t (*shoes)[NCARDS], int n, bool progress, const struct checkpoint *cp,
                           struct buyout_exact_check *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->n = n;
    out->exact = calloc((size_t)(n > 0 ? n : 1), sizeof *out->exact);
    out->estimate = calloc((size_t)(n > 0 ? n : 1), sizeof *out->estimate);
    out->shoes = calloc((size_t)(n > 0 ? n : 1), sizeof *out->shoes);
    char *done = calloc((size_t)(n > 0 ? n : 1), 1);
    if (!out->exact || !out->estimate || !out->shoes || !done)
        return free(done), buyout_exact_check_free(out), snprintf(err, errlen, "out of memory"), -1;
    if (n > 0 && shoes) /* NULL on the MPI ranks but 0 */
        memcpy(out->shoes, shoes, (size_t)n * sizeof *shoes);
    if (n > 0 && (cluster_bcast(out->shoes, (size_t)n * sizeof *shoes) != 0 || exact_resume(cp, n, out, done) != 0))
        return free(done), buyout_exact_check_free(out), snprintf(err, errlen, "MPI: broadcasting the shoes failed"), -1;
    struct progress bar;
    progress_start(&bar, "exact shoes", n, progress && cluster_rank() == 0);
    for (int i = 0; i < n; i++) {
        if (!done[i]) {
            if (exact_shoe(rem, i, out, err, errlen) != 0)
                return free(done), buyout_exact_check_free(out), -1;
            struct exact_piece p;
            memset(&p, 0, sizeof p);
            memcpy(p.shoe, out->shoes[i], sizeof p.shoe);
            memcpy(p.exact, out->exact[i], sizeof p.exact);
            if (cp && cluster_rank() == 0)
                checkpoint_save(cp, i, &p, sizeof p);
        }
        int count[NCARDS];
        struct buyout_rules r = buyout_rules_default();
        r.shoe_given = true;
        memcpy(r.shoe, out->shoes[i], sizeof r.shoe);
        buyout_shoe_counts(&r, count);
        for (int g = 0; g < BUYOUT_DECISION_GAMES; g++)
            out->estimate[i][g] = buyout_linear_ev(&counts[g], count);
        progress_add(&bar, 1);
    }
    progress_end(&bar);
    free(done);
    for (int g = 0; g < BUYOUT_DECISION_GAMES; g++) {
        double s = 0, a = 0, m = 0, q = 0;
        for (int i = 0; i < n; i++) {
            double e = 100 * (out->estimate[i][g] - out->exact[i][g]);
            s += e, a += fabs(e), m = fmax(m, fabs(e)), q += e * e;
        }
        out->mean_error[g] = n ? s / n : 0;
        out->mean_abs[g] = n ? a / n : 0;
        out->max_abs[g] = m;
        out->rms[g] = n ? sqrt(q / n) : 0;
    }
    return 0;
}

void buyout_exact_check_free(struct buyout_exact_check *x)
{
    free(x->exact), free(x->estimate), free(x->shoes);
    x->exact = NULL, x->estimate = NULL, x->shoes = NULL;
}
