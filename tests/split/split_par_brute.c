/* split_par_brute.c — brute-force joint outcomes of 4 Card Split rounds;
 * see split_par_brute.h.  Deliberately plain: the only caching is of
 * eval3_rank results (the dealer's hand once per hole-card triple, each
 * hand's final rank once per completion). */
#include "split_par_brute.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { NUNSEEN = 47, MAX_DECISIONS = SPLIT_PAR_BRUTE_MAX };

/* The best 3-card rank among the given triples of the dealer's cards. */
static uint16_t dealer_rank(const struct split_rules *r, card_t u, const card_t d[3])
{
    card_t all[4] = {u, d[0], d[1], d[2]};
    uint16_t best = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            for (int k = j + 1; k < 4; k++) {
                if (r->dealer == SPLIT_DEALER_UP_BEST2OF3 && i != 0)
                    continue; /* v2: the upcard (all[0]) is always used */
                card_t h[3] = {all[i], all[j], all[k]};
                uint16_t v = eval3_rank(h);
                if (v > best)
                    best = v;
            }
    return best;
}

static bool qualifies(const struct split_rules *r, uint16_t d)
{
    return eval3_category_of(d) != E3_HIGH || eval3_top(d) >= r->qualify_high;
}

/* One hand of a decision as the brute force sees it. */
struct brute_hand {
    bool played;
    int fixed_slot; /* when not played: folded or none */
    int n;          /* its own cards */
    card_t cards[3];
    bool draws_c2;  /* a 2-card hand drawing c2 rather than c1 */
    uint16_t rank[NUNSEEN][NUNSEEN]; /* final rank by unseen indices (c1, c2) */
};

struct brute_decision {
    int kind;
    struct brute_hand a, b;
};

static void final_ranks(struct brute_hand *h, const card_t unseen[NUNSEEN])
{
    for (int i = 0; i < NUNSEEN; i++)
        for (int j = 0; j < NUNSEEN; j++) {
            card_t f[3] = {h->cards[0], h->cards[1], h->cards[2]};
            if (h->n == 2)
                f[2] = unseen[h->draws_c2 ? j : i];
            if (h->n == 1)
                f[1] = unseen[i], f[2] = unseen[j];
            h->rank[i][j] = i == j ? 0 : eval3_rank(f);
        }
}

static void set_hand(struct brute_hand *h, const card_t P[4], int mask, bool played, int fixed_slot)
{
    h->played = played;
    h->fixed_slot = fixed_slot;
    h->n = 0;
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            h->cards[h->n++] = P[i];
}

static void prepare(const card_t P[4], const card_t unseen[NUNSEEN], const struct split_decision *d,
                    struct brute_decision *b)
{
    memset(b, 0, sizeof *b);
    if (d->choice == SPLIT_FOLD_ALL) {
        b->kind = SPLIT_PAR_FOLD_ALL;
        b->a.fixed_slot = b->b.fixed_slot = SPLIT_PAR_SLOT_FOLDED;
        return;
    }
    if (d->choice == SPLIT_INSTANT) {
        card_t trio[3];
        for (int i = 0, n = 0; i < 4; i++)
            if (d->hand_a >> i & 1)
                trio[n++] = P[i];
        b->kind = split_par_instant_kind(eval3_category_of(eval3_rank(trio)));
        set_hand(&b->a, P, 0, false, SPLIT_PAR_SLOT_NONE);
    } else {
        b->kind = d->choice == SPLIT_3_1 ? SPLIT_PAR_SPLIT_3_1 : SPLIT_PAR_SPLIT_2_2;
        set_hand(&b->a, P, d->hand_a, d->play_a, SPLIT_PAR_SLOT_FOLDED);
    }
    set_hand(&b->b, P, d->hand_b, d->play_b, SPLIT_PAR_SLOT_FOLDED);
    /* both 2-card hands played: A draws c1, B draws c2 */
    b->b.draws_c2 = b->a.played && b->a.n == 2 && b->b.n == 2;
    if (b->a.played)
        final_ranks(&b->a, unseen);
    if (b->b.played)
        final_ranks(&b->b, unseen);
}

static int slot_of(const struct brute_hand *h, int i, int j, uint16_t dealer)
{
    if (!h->played)
        return h->fixed_slot;
    uint16_t p = h->rank[i][j];
    int result = p > dealer ? SPLIT_PAR_WIN : p == dealer ? SPLIT_PAR_TIE : SPLIT_PAR_LOSE;
    return split_par_slot(eval3_category_of(p), result);
}

void split_par_brute(const struct split_rules *r, const card_t P[4], card_t u, const struct split_decision *d,
                     int nd, struct split_par_table *out)
{
    cardmask_t seen = cards_to_mask(P, 4) | card_bit(u);
    card_t unseen[NUNSEEN];
    for (int c = 0, n = 0; c < NCARDS; c++)
        if (!(seen & card_bit((card_t)c)))
            unseen[n++] = (card_t)c;
    int blind = eval4_category_of(split_blind_rank(P));
    static _Thread_local struct brute_decision b[MAX_DECISIONS];
    if (nd > MAX_DECISIONS)
        abort(); /* a test's mistake: split its decisions */
    for (int k = 0; k < nd; k++)
        prepare(P, unseen, &d[k], &b[k]);

    for (int x = 0; x < NUNSEEN; x++)
        for (int y = x + 1; y < NUNSEEN; y++)
            for (int z = y + 1; z < NUNSEEN; z++) {
                card_t hole[3] = {unseen[x], unseen[y], unseen[z]};
                uint16_t dr = dealer_rank(r, u, hole);
                bool q = qualifies(r, dr);
                for (int i = 0; i < NUNSEEN; i++) {
                    if (i == x || i == y || i == z)
                        continue;
                    for (int j = 0; j < NUNSEEN; j++) {
                        if (j == i || j == x || j == y || j == z)
                            continue;
                        for (int k = 0; k < nd; k++) {
                            const struct brute_decision *bk = &b[k];
                            bool showdown = bk->a.played || bk->b.played;
                            int dealer = !showdown ? SPLIT_PAR_NO_SHOWDOWN : q ? SPLIT_PAR_DEALER_Q : SPLIT_PAR_DEALER_NQ;
                            out[k].w[blind][bk->kind][dealer][slot_of(&bk->a, i, j, dr)][slot_of(&bk->b, i, j, dr)]++;
                            out[k].dealer[showdown][eval3_category_of(dr)][q]++;
                        }
                    }
                }
            }
}
