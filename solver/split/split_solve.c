/* split_solve.c — prices the counts of every situation under each
 * paytable, takes the best decision, and sums the round's EV exactly. */
#include "split_solve.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "team.h"
#include "progress.h"
#include "split_price.h"
#include "split_situations.h"

void split_cards_info(const card_t P[4], struct cards_info *ci)
{
    for (int i = 0; i < 4; i++) {
        card_t h[3];
        for (int j = 0, n = 0; j < 4; j++)
            if (SPLIT_TRIOS[i] >> j & 1)
                h[n++] = P[j];
        ci->trio_cat[SPLIT_TRIOS[i]] = (int8_t)eval3_category_of(eval3_rank(h));
    }
    ci->blind_cat = eval4_category_of(split_blind_rank(P));
}

/* The options of one situation, offered in a fixed order; an option
 * replaces the best only when strictly better, so ties go to the earlier
 * one (fewer Play bets first). */
struct scan {
    struct split_decision *d;
    int n;
};

static void offer(struct scan *s, wide_t v, enum split_choice choice, int a, int b, bool pa, bool pb)
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

void split_decide_weights(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                          struct split_decision *d)
{
    wide_t fold = -(wide_t)pt->den * SPLIT_L, play[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++)
        play[m] = hand_value(pt, &hw[m]);
    struct scan s = {d, 0};
    memset(d, 0, sizeof *d);

    int cat[4];
    int64_t best_pay = -1;
    bool instant_any = false;
    for (int i = 0; i < 4; i++)
        if (is_instant(ci, SPLIT_TRIOS[i], &cat[i])) {
            instant_any = true;
            if (pt->ante_instant[cat[i]] > best_pay)
                best_pay = pt->ante_instant[cat[i]];
        }
    if (instant_any) {
        for (int i = 0; i < 4; i++) {
            int c;
            if (!is_instant(ci, SPLIT_TRIOS[i], &c))
                continue;
            if (instant == SPLIT_INSTANT_HIGHEST && pt->ante_instant[c] != best_pay)
                continue;
            wide_t paid = (wide_t)pt->ante_instant[c] * SPLIT_L;
            int single = 15 ^ SPLIT_TRIOS[i];
            offer(&s, paid + fold, SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, false);
            offer(&s, paid + play[single], SPLIT_INSTANT, SPLIT_TRIOS[i], single, false, true);
        }
    } else {
        offer(&s, 2 * fold, SPLIT_FOLD_ALL, 0, 0, false, false);
        for (int k = 0; k < 7; k++) {
            int a = k < 4 ? SPLIT_TRIOS[k] : SPLIT_PAIRS_2_2[k - 4], b = 15 ^ a;
            enum split_choice ch = k < 4 ? SPLIT_3_1 : SPLIT_2_2;
            offer(&s, play[a] + fold, ch, a, b, true, false);
            offer(&s, fold + play[b], ch, a, b, false, true);
            offer(&s, play[a] + play[b], ch, a, b, true, true);
        }
    }
}

void split_decide(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                  const struct split_hand_counts counts[SPLIT_NMASKS], struct split_decision *d)
{
    struct cards_info ci;
    struct hand_weights hw[SPLIT_NMASKS];
    split_cards_info(P, &ci);
    for (int m = 1; m < 15; m++)
        hand_weights(&counts[m], &hw[m]);
    split_decide_weights(pt, instant, &ci, hw, d);
}

void split_hand_values_of(const struct split_paytable *pt, const struct split_hand_counts counts[SPLIT_NMASKS],
                          struct split_hand_values *v)
{
    v->play[0] = v->play[15] = 0;
    for (int m = 1; m < 15; m++) {
        struct hand_weights hw;
        hand_weights(&counts[m], &hw);
        v->play[m] = (int64_t)hand_value(pt, &hw);
    }
}

/* Adds one situation, weight w, under the decision d to the totals. */
void split_account(const struct split_paytable *pt, int64_t w, const struct cards_info *ci,
                   const struct hand_weights hw[SPLIT_NMASKS], const struct split_decision *d, struct split_totals *t)
{
    wide_t fold = -(wide_t)pt->den * SPLIT_L;
    wide_t blind = (wide_t)pt->blind[ci->blind_cat] * SPLIT_L;
    t->blind += w * blind;
    t->choice[d->choice] += w;
    if (d->choice == SPLIT_FOLD_ALL) {
        t->ante += w * 2 * fold;
        t->hands_folded += 2 * w;
    }
    if (d->choice == SPLIT_INSTANT) {
        int cat;
        is_instant(ci, d->hand_a, &cat);
        t->ante_instant += w * (wide_t)pt->ante_instant[cat] * SPLIT_L;
        t->instant_by_cat[cat] += w;
    }
    const int hands[2] = {d->hand_a, d->hand_b};
    const bool plays[2] = {d->play_a, d->play_b};
    for (int i = d->choice == SPLIT_INSTANT ? 1 : 0; i < 2 && d->choice != SPLIT_FOLD_ALL; i++) {
        if (plays[i]) {
            struct hand_money mo = hand_money(pt, &hw[hands[i]]);
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

void split_totals_add(struct split_totals *a, const struct split_totals *b)
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

/* cluster_reduce's sum: npts totals at a time. */
static void totals_add_all(void *into, const void *from, void *npts)
{
    for (int k = 0; k < *(int *)npts; k++)
        split_totals_add((struct split_totals *)into + k, (const struct split_totals *)from + k);
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
    team_start(o->threads, o->bind);
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    if (n > 0 && o->stride > 1) { /* keep every stride-th class */
        long kept = 0;
        for (long i = 0; i < n; i += o->stride)
            list[kept++] = list[i];
        n = kept;
    }
    int rank = cluster_rank(), size = cluster_size();
    long nmine = cluster_share(n); /* classes rank, rank + size, ...: every rank the same mix of upcards */
    struct split_dealer_tables *tables = n > 0 ? split_dealer_tables_build_ranks(&pts[0].rules) : NULL;
    bool want = o->strategy, want_values = o->values != NULL; /* the same on every rank: the gathers must match */
    struct split_decision *mine = want ? malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *mine) : NULL;
    struct split_decision *dec = want && rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * sizeof *dec) : NULL;
    struct split_hand_values *my_values = want_values ? malloc((size_t)(nmine > 0 ? nmine : 1) * sizeof *my_values) : NULL;
    struct split_hand_values *values = want_values && rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * sizeof *values) : NULL;
    struct split_totals *sum = calloc((size_t)npts, sizeof *sum);
    if (n <= 0 || !tables || !sum || (want && (!mine || (rank == 0 && !dec))) ||
        (want_values && (!my_values || (rank == 0 && !values)))) {
        snprintf(err, errlen, "out of memory");
        free(list), free(mine), free(dec), free(my_values), free(values), free(sum), split_dealer_tables_free(tables);
        return -1;
    }
    struct progress bar;
    progress_start(&bar, "split", nmine, o->progress && rank == 0);
    int threads = 1;
#pragma omp parallel
    {
        struct split_totals *part = calloc((size_t)npts, sizeof *part);
        struct split_hand_counts counts[SPLIT_NMASKS];
#pragma omp single
        threads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 256)
        for (long j = 0; j < nmine; j++) {
            const struct split_situation *s = &list[rank + j * size];
            split_situation_counts(tables, s->P, s->u, counts);
            struct cards_info ci;
            struct hand_weights hw[SPLIT_NMASKS];
            split_cards_info(s->P, &ci);
            for (int m = 1; m < 15; m++)
                hand_weights(&counts[m], &hw[m]);
            if (my_values)
                split_hand_values_of(&pts[0], counts, &my_values[j]);
            if (o->each_class)
                o->each_class(o->each_ctx, omp_get_thread_num(), s, counts);
            for (int k = 0; k < npts; k++) {
                struct split_decision d;
                split_decide_weights(&pts[k], o->instant, &ci, hw, &d);
                split_account(&pts[k], s->weight, &ci, hw, &d, &part[k]);
                if (k == 0 && mine)
                    mine[j] = d;
            }
            if ((j & 255) == 255)
                progress_add(&bar, 256);
        }
#pragma omp critical(split_totals)
        for (int k = 0; k < npts; k++)
            split_totals_add(&sum[k], &part[k]);
        free(part);
    }
    progress_end(&bar);
    int rc = cluster_reduce(sum, (size_t)npts * sizeof *sum, totals_add_all, &npts);
    if (rc == 0 && want)
        rc = cluster_gather_shares(mine, nmine, sizeof *mine, dec, n);
    if (rc == 0 && want_values)
        rc = cluster_gather_shares(my_values, nmine, sizeof *my_values, values, n);
    if (rc != 0)
        snprintf(err, errlen, "MPI: gathering the results failed");
    if (rc == 0 && dec && o->decisions) {
        *o->decisions = dec;
        dec = NULL;
    }
    if (rc == 0 && values) {
        *o->values = values;
        values = NULL;
    }
    double secs = omp_get_wtime() - t0;
    for (int k = 0; k < npts; k++)
        results[k] = (struct split_result){pts[k], o->instant, sum[k], secs, threads, size, o->bind};
    free(list), free(mine), free(dec), free(my_values), free(values), free(sum);
    split_dealer_tables_free(tables);
    return rc;
}
