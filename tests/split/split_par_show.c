/* split_par_show.c — prints the exact distribution of a 4 Card Split round
 * and its PAR figures (split_par.h), for looking at them until the generic
 * PAR-sheet layer presents them.
 *
 *   split_par_show [PRESET [THREADS [STRIDE]]]      default 2014-1a, 2, 1
 */
#include <stdio.h>
#include <stdlib.h>

#include "split_par.h"
#include "wide.h"

static void print_wide(const char *label, wide_t v, const struct split_par *p)
{
    char num[64];
    wide_format(v, num, sizeof num);
    printf("  %-22s %+.9f   (exact %s / (%lld x %lld))\n", label,
           (double)((long double)v / ((long double)p->total * p->den)), num, (long long)p->total,
           (long long)p->den);
}

static void print_count(const char *label, int64_t w, const struct split_par *p)
{
    printf("  %-30s %20lld  %.9f\n", label, (long long)w, split_par_freq(p, w));
}

static void print_distribution(const struct split_par *p)
{
    printf("net result (units)      rounds (of %lld; all divisible by %lld)   probability\n", (long long)p->total,
           (long long)p->divisor);
    for (long i = 0; i < p->nvalues; i++)
        printf("  %+12.4f  %24lld  %.12f\n", (double)p->values[i].net / (double)p->den,
               (long long)p->values[i].weight, split_par_freq(p, p->values[i].weight));
}

static void print_hands(const struct split_par *p)
{
    printf("played hands by final category: win / tie / lose (dealer not qualified + qualified)\n");
    for (int h = 0; h < SPLIT_PAR_NHANDS; h++)
        for (int c = E3_NCATEGORIES - 1; c >= 0; c--) {
            const int64_t(*r)[2] = p->played[h][c];
            int64_t all = r[0][0] + r[0][1] + r[1][0] + r[1][1] + r[2][0] + r[2][1];
            if (all)
                printf("  %-36s %-15s %18lld %18lld %18lld\n", split_par_hand_name((enum split_par_hand)h),
                       eval3_category_name((enum eval3_category)c),
                       (long long)(r[0][0] + r[0][1]), (long long)(r[1][0] + r[1][1]),
                       (long long)(r[2][0] + r[2][1]));
        }
}

static void print_dealer(const struct split_par *p)
{
    printf("dealer's hand: all rounds (not qualified, qualified) | rounds with a showdown\n");
    for (int c = E3_NCATEGORIES - 1; c >= 0; c--)
        printf("  %-15s %18lld %18lld | %18lld %18lld\n", eval3_category_name((enum eval3_category)c),
               (long long)p->dealer_all[c][0], (long long)p->dealer_all[c][1], (long long)p->dealer_showdown[c][0],
               (long long)p->dealer_showdown[c][1]);
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "2014-1a";
    const struct split_paytable *pt = split_preset_find(name);
    if (!pt) {
        fprintf(stderr, "split_par_show: no preset %s\n", name);
        return 2;
    }
    struct split_par_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = argc > 2 ? atoi(argv[2]) : 2,
                                  .progress = true, .stride = argc > 3 ? atoi(argv[3]) : 1};
    struct split_par p;
    char err[256];
    if (split_par_compute(pt, &o, &p, err, sizeof err) != 0) {
        fprintf(stderr, "split_par_show: %s\n", err);
        return 1;
    }
    printf("4 Card Split %s: distribution of a round's net result, optimal strategy%s\n", pt->name,
           o.stride > 1 ? " (a stride: no game)" : "");
    printf("  %ld distinct net results; %.2f s (decisions %.2f s), %d threads\n", p.nvalues, p.seconds,
           p.solve_seconds, p.threads);
    print_wide("E[X] (= solver EV)", p.sum_net, &p);
    char x2[64];
    printf("  %-22s %.9f   (exact %s / (%lld x %lld^2))\n", "E[X^2]",
           (double)((long double)p.sum_net2 / ((long double)p.total * p.den * p.den)),
           wide_format(p.sum_net2, x2, sizeof x2), (long long)p.total, (long long)p.den);
    printf("  %-22s %.9f\n", "SD", split_par_sd(&p));
    print_count("hit frequency (net > 0)", p.wins, &p);
    print_count("push (net = 0)", p.pushes, &p);
    print_count("loss (net < 0)", p.losses, &p);
    print_wide("Blind", p.bets.blind, &p);
    print_wide("instant Antes", p.bets.ante_instant, &p);
    print_wide("showdown Antes", p.bets.ante_showdown, &p);
    print_wide("folded Antes", p.bets.ante_fold, &p);
    print_wide("Plays", p.bets.play, &p);
    const struct split_par_decisions *d = &p.decisions;
    print_count("instant winner", d->choice[SPLIT_INSTANT], &p);
    print_count("  single card played", d->instant_played, &p);
    print_count("3+1", d->choice[SPLIT_3_1], &p);
    print_count("  both played", d->split_3_1_both, &p);
    print_count("  3-card hand only", d->split_3_1_three_only, &p);
    print_count("  1-card hand only", d->split_3_1_one_only, &p);
    print_count("2+2", d->choice[SPLIT_2_2], &p);
    print_count("  both played", d->split_2_2_both, &p);
    print_count("  one played", d->split_2_2_one_only, &p);
    print_count("fold all", d->choice[SPLIT_FOLD_ALL], &p);
    print_count("hands played (per round)", d->hands_played, &p);
    print_count("hands folded (per round)", d->hands_folded, &p);
    print_count("rounds with a showdown", p.showdowns, &p);
    for (int c = BL_NCATEGORIES - 1; c >= 0; c--)
        print_count(blind_category_name((enum blind_category)c), p.blind_by_cat[c], &p);
    print_hands(&p);
    print_dealer(&p);
    print_distribution(&p);
    split_par_free(&p);
    return 0;
}
