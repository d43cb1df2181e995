/* split_strategy.c — strategy CSV rows. */
#include <stdlib.h>

#include "split_strategy.h"

static const char *const CHOICE_NAMES[4] = {"fold", "instant", "3+1", "2+2"};

static void hand_text(const card_t P[4], int mask, char *buf, size_t len)
{
    card_t h[4];
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            h[n++] = P[i];
    cards_format(h, n, buf, len);
}

static double per_unit(wide_t v, const struct split_paytable *pt)
{
    return (double)v / ((double)SPLIT_L * (double)pt->den);
}

void split_strategy_header(FILE *f)
{
    fprintf(f, "cards,upcard,weight,decision,hand1,play1,hand2,play2,ev_best,ev_second\n");
}

void split_strategy_row(FILE *f, const struct split_situation *s, const struct split_decision *d,
                        const struct split_paytable *pt)
{
    char cards[16], up[3], a[16] = "", b[16] = "", second[32] = "";
    cards_format(s->P, 4, cards, sizeof cards);
    card_format(s->u, up);
    hand_text(s->P, d->hand_a, a, sizeof a);
    hand_text(s->P, d->hand_b, b, sizeof b);
    const char *pa = d->choice == SPLIT_INSTANT ? "paid" : d->choice == SPLIT_FOLD_ALL ? "" : d->play_a ? "play" : "fold";
    const char *pb = d->choice == SPLIT_FOLD_ALL ? "" : d->play_b ? "play" : "fold";
    if (d->has_second)
        snprintf(second, sizeof second, "%.17g", per_unit(d->second, pt));
    fprintf(f, "%s,%s,%d,%s,%s,%s,%s,%s,%.17g,%s\n", cards, up, s->weight, CHOICE_NAMES[d->choice], a, pa, b, pb,
            per_unit(d->best, pt), second);
}

int split_strategy_write(FILE *f, const struct split_decision *dec, const struct split_paytable *pt)
{
    struct split_situation *list = NULL;
    long n = split_situations_list(&list);
    if (n < 0)
        return -1;
    split_strategy_header(f);
    for (long i = 0; i < n; i++)
        split_strategy_row(f, &list[i], &dec[i], pt);
    free(list);
    return 0;
}
