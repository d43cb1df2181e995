/* split_solve.c — prices the counts of every situation under each
 * paytable, takes the best decision, and sums the round's EV exactly. */
#include "split_solve.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "split_situations.h"
#include "split_strategy.h"

/* A played hand's money in 1/(SPLIT_L * den): the Ante part and the Play
 * part.  The Ante is paid by the draw table on a win whether or not the
 * dealer qualifies; the Play wins or loses only against a qualified
 * dealer. */
struct hand_money {
    split_wide ante, play;
};

static struct hand_money hand_money(const struct split_paytable *pt, const struct split_hand_counts *h)
{
    split_wide ante = 0, play = 0, den = pt->den;
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        ante += (split_wide)(h->win_q[c] + (uint64_t)h->win_nq[c]) * pt->ante_draw[c];
        play += (split_wide)h->win_q[c] * den;
    }
    ante -= (split_wide)((uint64_t)h->lose_q + h->lose_nq) * den;
    play -= (split_wide)h->lose_q * den;
    split_wide scale = SPLIT_L / h->total; /* exact: total divides SPLIT_L */
    return (struct hand_money){ante * scale, play * scale};
}

static bool is_instant(const card_t P[4], int mask, int *cat)
{
    card_t h[3];
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            h[n++] = P[i];
    *cat = eval3_category_of(eval3_rank(h));
    return *cat >= E3_FLUSH;
}

static const uint8_t TRIOS[4] = {7, 11, 13, 14};
static const uint8_t PAIRS_2_2[3] = {3, 5, 6}; /* each with its complement */

/* The options of one situation, offered in a fixed order; an option
 * replaces the best only when strictly better, so ties go to the earlier
 * one (fewer Play bets first). */
struct scan {
    struct split_decision *d;
    int n;
};

static void offer(struct scan *s, split_wide v, enum split_choice choice, int a, int b, bool pa, bool pb)
{
    struct split_decision *d = s->d;
    if (s->n == 0 || v > d->best) {
        d->second = d->best;
        d->has_second = s->n > 0;
        d->best = v;
        d->choice = choice;
        d->hand_a = (uint8_t)a;
        d->hand_b = (uint8_t)b;
        d->play_a = pa;
        d->play_b = pb;
    } else if (!d->has_second || v > d->second) {
        d->second = v;
        d->has_second = true;
    }
    s->n++;
}

void split_decide(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                  const struct split_hand_counts counts[SPLIT_NMASKS], struct split_decision *d)
{
    split_wide fold = -(split_wide)pt->den * SPLIT_L, play[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++) {
        struct hand_money mo = hand_money(pt, &counts[m]);
        play[m] = mo.ante + mo.play;
    }
    struct scan s = {d, 0};
    memset(d, 0, sizeof *d);

    int cat[4];
    int64_t best_pay = -1;
    bool instant_any = false;
    for (int i = 0; i < 4; i++)
        if (is_instant(P, TRIOS[i], &cat[i])) {
            instant_any = true;
            if (pt->ante_instant[cat[i]] > best_pay)
                best_pay = pt->ante_instant[cat[i]];
        }
    if (instant_any) {
        for (int i = 0; i < 4; i++) {
            int c;
            if (!is_instant(P, TRIOS[i], &c))
                continue;
            if (instant == SPLIT_INSTANT_HIGHEST && pt->ante_instant[c] != best_pay)
                continue;
            split_wide paid = (split_wide)pt->ante_instant[c] * SPLIT_L;
            int single = 15 ^ TRIOS[i];
            offer(&s, paid + fold, SPLIT_INSTANT, TRIOS[i], single, false, false);
            offer(&s, paid + play[single], SPLIT_INSTANT, TRIOS[i], single, false, true);
        }
    } else {
        offer(&s, 2 * fold, SPLIT_FOLD_ALL, 0, 0, false, false);
        for (int k = 0; k < 7; k++) {
            int a = k < 4 ? TRIOS[k] : PAIRS_2_2[k - 4], b = 15 ^ a;
            enum split_choice ch = k < 4 ? SPLIT_3_1 : SPLIT_2_2;
            offer(&s, play[a] + fold, ch, a, b, true, false);
            offer(&s, fold + play[b], ch, a, b, false, true);
            offer(&s, play[a] + play[b], ch, a, b, true, true);
        }
    }
}

/* Adds one situation, weight w, under the decision d to the totals. */
static void account(const struct split_paytable *pt, const struct split_situation *s,
                    const struct split_hand_counts counts[SPLIT_NMASKS], const struct split_decision *d,
                    struct split_totals *t)
{
    int64_t w = s->weight;
    split_wide fold = -(split_wide)pt->den * SPLIT_L;
    split_wide blind = (split_wide)pt->blind[eval4_category_of(split_blind_rank(s->P))] * SPLIT_L;
    t->blind += w * blind;
    t->choice[d->choice] += w;
    if (d->choice == SPLIT_FOLD_ALL) {
        t->ante += w * 2 * fold;
        t->hands_folded += 2 * w;
    }
    if (d->choice == SPLIT_INSTANT) {
        int cat;
        is_instant(s->P, d->hand_a, &cat);
        t->ante_instant += w * (split_wide)pt->ante_instant[cat] * SPLIT_L;
        t->instant_by_cat[cat] += w;
    }
    const int hands[2] = {d->hand_a, d->hand_b};
    const bool plays[2] = {d->play_a, d->play_b};
    for (int i = d->choice == SPLIT_INSTANT ? 1 : 0; i < 2 && d->choice != SPLIT_FOLD_ALL; i++) {
        if (plays[i]) {
            struct hand_money mo = hand_money(pt, &counts[hands[i]]);
            t->ante += w * mo.ante;
            t->play += w * mo.play;
            t->hands_played += w;
            t->plays += w;
        } else {
            t->ante += w * fold;
            t->hands_folded += w;
        }
    }
    t->ev += w * (blind + d->best);
}

static void totals_add(struct split_totals *a, const struct split_totals *b)
{
    a->ev += b->ev;
    a->blind += b->blind;
    a->ante_instant += b->ante_instant;
    a->ante += b->ante;
    a->play += b->play;
    for (int i = 0; i < 4; i++)
        a->choice[i] += b->choice[i];
    for (int i = 0; i < E3_NCATEGORIES; i++)
        a->instant_by_cat[i] += b->instant_by_cat[i];
    a->hands_played += b->hands_played;
    a->hands_folded += b->hands_folded;
    a->plays += b->plays;
}

int split_solve(const struct split_paytable *pts, int npts, const struct split_solve_options *o,
                struct split_result *results, char *err, size_t errlen)
{
    double t0 = omp_get_wtime();
    for (int i = 1; i < npts; i++)
        if (!split_rules_equal(&pts[i].rules, &pts[0].rules)) {
            snprintf(err, errlen, "paytables %s and %s have different dealing rules", pts[0].name, pts[i].name);
            return -1;
        }
    if (o->threads > 0)
        omp_set_num_threads(o->threads);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    if (n > 0 && o->stride > 1) { /* keep every stride-th class */
        long kept = 0;
        for (long i = 0; i < n; i += o->stride)
            list[kept++] = list[i];
        n = kept;
    }
    struct split_dealer_tables *tables = n > 0 ? split_dealer_tables_build(&pts[0].rules) : NULL;
    struct split_decision *dec = o->strategy_csv ? malloc((size_t)(n > 0 ? n : 1) * sizeof *dec) : NULL;
    struct split_totals *sum = calloc((size_t)npts, sizeof *sum);
    if (n <= 0 || !tables || !sum || (o->strategy_csv && !dec)) {
        snprintf(err, errlen, "out of memory");
        free(list), free(dec), free(sum), split_dealer_tables_free(tables);
        return -1;
    }
    struct progress bar;
    progress_start(&bar, "split", n, o->progress);
#pragma omp parallel
    {
        struct split_totals *mine = calloc((size_t)npts, sizeof *mine);
        struct split_hand_counts counts[SPLIT_NMASKS];
#pragma omp for schedule(dynamic, 256)
        for (long i = 0; i < n; i++) {
            split_situation_counts(tables, list[i].P, list[i].u, counts);
            for (int k = 0; k < npts; k++) {
                struct split_decision d;
                split_decide(&pts[k], o->instant, list[i].P, counts, &d);
                account(&pts[k], &list[i], counts, &d, &mine[k]);
                if (k == 0 && dec)
                    dec[i] = d;
            }
            if ((i & 255) == 255)
                progress_add(&bar, 256);
        }
#pragma omp critical(split_totals)
        for (int k = 0; k < npts; k++)
            totals_add(&sum[k], &mine[k]);
        free(mine);
    }
    progress_end(&bar);
    int rc = 0;
    if (dec) {
        split_strategy_header(o->strategy_csv);
        for (long i = 0; i < n; i++)
            split_strategy_row(o->strategy_csv, &list[i], &dec[i], &pts[0]);
    }
    double secs = omp_get_wtime() - t0;
    for (int k = 0; k < npts; k++)
        results[k] = (struct split_result){pts[k], o->instant, sum[k], secs};
    free(list), free(dec), free(sum);
    split_dealer_tables_free(tables);
    return rc;
}
