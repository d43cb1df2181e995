/* split_par_summary.c — every figure of struct split_par from the joint
 * outcome table: integer sums over its cells, nothing else. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "split_par.h"
#include "wide.h"

static int by_net(const void *pa, const void *pb)
{
    const struct split_par_value *a = pa, *b = pb;
    return (a->net > b->net) - (a->net < b->net);
}

/* Sorts the (net, weight) pairs and merges equal nets; returns the count. */
static long merge_values(struct split_par_value *v, long n)
{
    qsort(v, (size_t)n, sizeof *v, by_net);
    long m = 0;
    for (long i = 0; i < n; i++)
        if (m > 0 && v[m - 1].net == v[i].net)
            v[m - 1].weight += v[i].weight;
        else
            v[m++] = v[i];
    return m;
}

/* Which hand of the decision slot A or B is. */
static int hand_of(int kind, int second)
{
    if (kind == SPLIT_PAR_SPLIT_3_1)
        return second ? SPLIT_PAR_HAND_ONE : SPLIT_PAR_HAND_THREE;
    return kind == SPLIT_PAR_SPLIT_2_2 ? SPLIT_PAR_HAND_TWO : SPLIT_PAR_HAND_SINGLE;
}

static void count_hand(struct split_par *out, int kind, int second, int dealer, int slot, int64_t w)
{
    if (slot == SPLIT_PAR_SLOT_FOLDED)
        out->decisions.hands_folded += w;
    if (!split_par_slot_played(slot))
        return;
    out->decisions.hands_played += w;
    out->played[hand_of(kind, second)][split_par_slot_category(slot)][split_par_slot_result(slot)]
               [dealer == SPLIT_PAR_DEALER_Q] += w;
}

static void count_decision(struct split_par_decisions *d, int kind, int sa, int sb, int64_t w)
{
    bool pa = split_par_slot_played(sa), pb = split_par_slot_played(sb);
    if (kind == SPLIT_PAR_FOLD_ALL) {
        d->choice[SPLIT_FOLD_ALL] += w;
    } else if (kind == SPLIT_PAR_SPLIT_3_1) {
        d->choice[SPLIT_3_1] += w;
        *(pa && pb ? &d->split_3_1_both : pa ? &d->split_3_1_three_only : &d->split_3_1_one_only) += w;
    } else if (kind == SPLIT_PAR_SPLIT_2_2) {
        d->choice[SPLIT_2_2] += w;
        *(pa && pb ? &d->split_2_2_both : &d->split_2_2_one_only) += w;
    } else {
        d->choice[SPLIT_INSTANT] += w;
        d->instant_by_cat[E3_FLUSH + kind - SPLIT_PAR_INSTANT] += w;
        if (pb)
            d->instant_played += w;
    }
}

static void count_money(struct split_par *out, struct split_par_money m, int64_t w)
{
    int64_t net = split_par_money_net(m);
    out->sum_net += (wide_t)w * net;
    out->sum_net2 += (wide_t)w * net * net;
    *(net > 0 ? &out->wins : net == 0 ? &out->pushes : &out->losses) += w;
    out->bets.blind += (wide_t)w * m.blind;
    out->bets.ante_instant += (wide_t)w * m.ante_instant;
    out->bets.ante_showdown += (wide_t)w * m.ante_showdown;
    out->bets.ante_fold += (wide_t)w * m.ante_fold;
    out->bets.play += (wide_t)w * m.play;
}

int split_par_summarise(const struct split_paytable *pt, enum split_instant_reading instant,
                        const struct split_par_table *table, struct split_par *out)
{
    memset(out, 0, sizeof *out);
    out->pt = *pt;
    out->instant = instant;
    out->den = pt->den;
    size_t cap = sizeof table->w / sizeof table->w[0][0][0][0][0];
    struct split_par_value *v = malloc(cap * sizeof *v);
    if (!v)
        return -1;
    long n = 0;
    for (int bc = 0; bc < BL_NCATEGORIES; bc++)
        for (int kind = 0; kind < SPLIT_PAR_NKINDS; kind++)
            for (int dealer = 0; dealer < SPLIT_PAR_NDEALER; dealer++)
                for (int sa = 0; sa < SPLIT_PAR_NSLOTS; sa++)
                    for (int sb = 0; sb < SPLIT_PAR_NSLOTS; sb++) {
                        int64_t w = table->w[bc][kind][dealer][sa][sb];
                        if (w == 0)
                            continue;
                        struct split_par_money m = split_par_cell_money(pt, bc, kind, dealer, sa, sb);
                        v[n++] = (struct split_par_value){split_par_money_net(m), w};
                        out->total += w;
                        count_money(out, m, w);
                        out->blind_by_cat[bc] += w;
                        count_decision(&out->decisions, kind, sa, sb, w);
                        count_hand(out, kind, 0, dealer, sa, w);
                        count_hand(out, kind, 1, dealer, sb, w);
                        if (dealer != SPLIT_PAR_NO_SHOWDOWN)
                            out->showdowns += w;
                    }
    for (int c = 0; c < E3_NCATEGORIES; c++)
        for (int q = 0; q < 2; q++) {
            out->dealer_showdown[c][q] = table->dealer[1][c][q];
            out->dealer_all[c][q] = table->dealer[0][c][q] + table->dealer[1][c][q];
        }
    out->nvalues = merge_values(v, n);
    for (long i = 0; i < out->nvalues; i++)
        out->divisor = (int64_t)wide_gcd(out->divisor, v[i].weight);
    struct split_par_value *fit = realloc(v, (size_t)(out->nvalues > 0 ? out->nvalues : 1) * sizeof *v);
    out->values = fit ? fit : v;
    return 0;
}

void split_par_free(struct split_par *par)
{
    free(par->values);
    free(par->table);
    par->values = NULL;
    par->table = NULL;
}

double split_par_mean(const struct split_par *par)
{
    return (double)((long double)par->sum_net / ((long double)par->total * par->den));
}

double split_par_sd(const struct split_par *par)
{
    long double n = par->total, den = par->den;
    long double m = (long double)par->sum_net / (n * den), m2 = (long double)par->sum_net2 / (n * den * den);
    return (double)sqrtl(m2 - m * m);
}

double split_par_freq(const struct split_par *par, int64_t weight)
{
    return (double)weight / (double)par->total;
}

const char *split_par_hand_name(enum split_par_hand h)
{
    static const char *const NAMES[SPLIT_PAR_NHANDS] = {"3+1 three-card hand", "3+1 one-card hand",
                                                        "2+2 two-card hand", "single card beside an instant winner"};
    return (unsigned)h < SPLIT_PAR_NHANDS ? NAMES[h] : "?";
}

const char *split_par_result_name(enum split_par_result r)
{
    static const char *const NAMES[SPLIT_PAR_NRESULTS] = {"win", "tie", "lose"};
    return (unsigned)r < SPLIT_PAR_NRESULTS ? NAMES[r] : "?";
}
