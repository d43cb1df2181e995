/* buyout_seen_card.c — see buyout_seen_card.h. */
#include "buyout_seen_card.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buyout_eval.h"
#include "cluster.h"

enum { ND = BUYOUT_CARD_DEALER, NP = BUYOUT_CARD_POINTS };

/* The box of (dealer's points, points with the card) cells and the action
 * whose gains, over the cells not yet covered, add up to the most: a rule
 * of group g in *r.  Returns that gain (0 and no rule when none is
 * positive).  From 2-dimensional prefix sums, every box tried; the first
 * of equal gains is kept (fold, then refuse, then buy; the lowest corner,
 * then the smallest box).  A box over every dealer's total has no
 * 'dealer' limit (it would not print). */
static wide_t best_box(const wide_t gain[ND][NP][3], const bool covered[ND][NP], int g, struct buyout_rule *r)
{
    static _Thread_local wide_t S[3][ND + 1][NP + 1];
    for (int a = 0; a < 3; a++)
        for (int d = 0; d <= ND; d++)
            for (int p = 0; p <= NP; p++)
                S[a][d][p] = d == 0 || p == 0 ? 0
                                              : S[a][d - 1][p] + S[a][d][p - 1] - S[a][d - 1][p - 1] +
                                                    (covered[d - 1][p - 1] ? 0 : gain[d - 1][p - 1][a]);
    wide_t best = 0;
    for (int a = 0; a < 3; a++)
        for (int d0 = 0; d0 < ND; d0++)
            for (int d1 = d0; d1 < ND; d1++)
                for (int p0 = 0; p0 < NP; p0++)
                    for (int p1 = p0; p1 < NP; p1++) {
                        wide_t x = S[a][d1 + 1][p1 + 1] - S[a][d0][p1 + 1] - S[a][d1 + 1][p0] + S[a][d0][p0];
                        if (x > best) {
                            best = x;
                            *r = (struct buyout_rule){.group = (uint8_t)g, .points_hi = NP - 1, .with_lo = (uint8_t)p0,
                                                      .with_hi = (uint8_t)p1, .adds_hi = NP - 1, .up_hi = NRANKS - 1,
                                                      .high_hi = NRANKS - 1, .second_hi = NRANKS - 1,
                                                      .has_dealer = d0 > 0 || d1 < ND - 1, .action = (uint8_t)a};
                            if (r->has_dealer) /* as a rule read back holds it */
                                r->dealer_lo = (uint8_t)d0, r->dealer_hi = (uint8_t)d1;
                        }
                    }
    return best;
}

/* Up to n rules of group g learnt from the gains of c's pass, one at a
 * time, each over the cells the ones before leave; their EVs from ev on. */
static int learn(const wide_t gain[ND][NP][3], int g, int n, wide_t ev, struct buyout_seen_card *out)
{
    bool covered[ND][NP];
    memset(covered, 0, sizeof covered);
    int k = 0;
    for (; k < n; k++) {
        struct buyout_rule r;
        wide_t x = best_box(gain, (const bool(*)[NP])covered, g, &r);
        if (x <= 0)
            break;
        int dlo = r.has_dealer ? r.dealer_lo : 0, dhi = r.has_dealer ? r.dealer_hi : ND - 1;
        for (int d = dlo; d <= dhi; d++)
            for (int p = r.with_lo; p <= r.with_hi; p++)
                covered[d][p] = true;
        ev += x;
        out->rule[g][k] = r, out->step_ev[g][k] = ev;
    }
    return out->added[g] = k;
}

/* base with the rules added so far above its own at each card: the added
 * ones of group 0, base's of group 0, the added ones of group 1, base's. */
static void compose(const struct buyout_card *base, struct buyout_seen_card *out)
{
    struct buyout_card *c = &out->card;
    c->n = 0;
    for (int g = 0; g < BUYOUT_CARD_GROUPS; g++) {
        for (int k = 0; k < out->added[g]; k++)
            c->rule[c->n++] = out->rule[g][k];
        for (int i = 0; i < base->n; i++)
            if (base->rule[i].group == g)
                c->rule[c->n++] = base->rule[i];
    }
}

/* One pass with out->card; 0, or -1 with err (a situation no rule decides).
 * Under MPI the card's sums go from rank 0 to every rank, so that every
 * rank learns the same rules. */
static int play(const struct buyout_rules *r, bool progress, struct buyout_seen_card *out, char *err, size_t errlen)
{
    /* rank 0's verdict (its check of the totals) reaches every rank first */
    int rc = buyout_seen_solve(r, 1, &out->card, progress, &out->seen, err, errlen), root_rc = rc;
    if (cluster_bcast(&root_rc, sizeof root_rc) != 0)
        return snprintf(err, errlen, "MPI: sharing the pass's verdict failed"), -1;
    if (rc != 0 || root_rc != 0)
        return rc != 0 ? -1 : (snprintf(err, errlen, "rank 0 stopped"), -1);
    out->passes++, out->seconds += out->seen.seconds;
    if (cluster_bcast(&out->seen.sum.card, sizeof out->seen.sum.card) != 0)
        return snprintf(err, errlen, "MPI: sharing the card's sums failed"), -1;
    if (out->seen.sum.card.uncovered != 0)
        return snprintf(err, errlen, "the card decides not every situation (end each card with a rule without "
                                     "limits)"), -1;
    return 0;
}

int buyout_seen_card_build(const struct buyout_rules *r, const struct buyout_card *base, int add3, int add4,
                           bool progress, struct buyout_seen_card *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (add3 < 0 || add4 < 0 || add3 > BUYOUT_SEEN_CARD_MAX_ADDED || add4 > BUYOUT_SEEN_CARD_MAX_ADDED ||
        base->n + add3 + add4 > BUYOUT_CARD_MAX_RULES)
        return snprintf(err, errlen, "no room for %d + %d rules on a card of %d (%d at most)", add3, add4, base->n,
                        BUYOUT_CARD_MAX_RULES), -1;
    out->base = *base;
    compose(base, out);
    if (play(r, progress, out, err, errlen) != 0)
        return -1;
    out->base_ev = out->seen.sum.card.ev_num;
    /* the 3rd card against the given card's play, then the 4th against the new 3rd-card rules' */
    wide_t ev = out->base_ev;
    for (int g = 0; g < BUYOUT_CARD_GROUPS; g++) {
        int n = g == 0 ? add3 : add4;
        if (n == 0)
            continue;
        const struct buyout_seen_card_sums *s = &out->seen.sum.card;
        if (learn(g == 0 ? s->gain3 : s->gain4, g, n, ev, out) == 0)
            continue;
        ev = out->step_ev[g][out->added[g] - 1];
        compose(base, out);
        if (play(r, progress, out, err, errlen) != 0)
            return -1;
        /* the rules' gains are exact: the new card's pass must agree */
        if (out->seen.sum.card.ev_num != ev)
            return snprintf(err, errlen, "internal error: the hole-carder's card's EV is not its rules' gains"), -1;
    }
    out->ev = out->seen.sum.card.ev_num;
    return 0;
}
