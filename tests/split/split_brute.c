/* split_brute.c — brute-force outcome counts of 4 Card Split hands; see
 * split_brute.h.  Deliberately plain: the only caching is of eval3_rank
 * results (the dealer's rank once per hole-card triple, the player's final
 * rank once per completion). */
#include "split_brute.h"

#include <string.h>

/* The dealer's 3-card hand from the upcard u and the hole cards d[3]. */
static uint16_t dealer_rank(const struct split_rules *r, card_t u, const card_t d[3])
{
    card_t four[4] = {u, d[0], d[1], d[2]};
    uint16_t best = 0;
    if (r->dealer == SPLIT_DEALER_BEST3OF4) {
        /* the 4 three-card subsets of his 4 cards: leave out card `skip` */
        for (int skip = 0; skip < 4; skip++) {
            card_t h[3];
            int n = 0;
            for (int i = 0; i < 4; i++)
                if (i != skip)
                    h[n++] = four[i];
            uint16_t v = eval3_rank(h);
            if (v > best)
                best = v;
        }
    } else {
        /* the upcard with each pair of hole cards */
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++) {
                card_t h[3] = {u, d[i], d[j]};
                uint16_t v = eval3_rank(h);
                if (v > best)
                    best = v;
            }
    }
    return best;
}

/* Pair or better, or a high card of at least qualify_high. */
static int dealer_qualifies(const struct split_rules *r, uint16_t d)
{
    if (eval3_category_of(d) != E3_HIGH)
        return 1;
    return eval3_top(d) >= r->qualify_high;
}

enum { NUNSEEN = NCARDS - 5 }; /* 47 */

/* Outcome slots of one (dealer, completion) pair. */
enum {
    SLOT_WIN_Q = 0,                    /* + the player's category */
    SLOT_WIN_NQ = E3_NCATEGORIES,      /* + the player's category */
    SLOT_TIE = 2 * E3_NCATEGORIES,
    SLOT_LOSE_Q,
    SLOT_LOSE_NQ,
    NSLOTS
};

static inline int outcome_slot(uint16_t p, uint16_t d, int q)
{
    if (p > d)
        return (q ? SLOT_WIN_Q : SLOT_WIN_NQ) + (int)eval3_category_of(p);
    if (p == d)
        return SLOT_TIE;
    return q ? SLOT_LOSE_Q : SLOT_LOSE_NQ;
}

void split_brute_counts(const struct split_rules *r, const card_t P[4], card_t u,
                        struct split_hand_counts out[SPLIT_NMASKS])
{
    /* The 47 unseen cards. */
    cardmask_t seen = cards_to_mask(P, 4) | card_bit(u);
    card_t unseen[NUNSEEN];
    int nu = 0;
    for (int c = 0; c < NCARDS; c++)
        if (!(seen & card_bit((card_t)c)))
            unseen[nu++] = (card_t)c;

    /* The hands: their cards, by mask. */
    card_t hand[SPLIT_NMASKS][3];
    int hsize[SPLIT_NMASKS] = {0};
    for (int m = 1; m <= 14; m++)
        for (int i = 0; i < 4; i++)
            if (m >> i & 1)
                hand[m][hsize[m]++] = P[i];

    /* The player's final rank for every completion, by unseen-card
     * indices (a cache of eval3_rank; a completion is 2 - |H| + 1 cards). */
    uint16_t rank3[SPLIT_NMASKS];                    /* |H| = 3: no card added */
    uint16_t rank2[SPLIT_NMASKS][NUNSEEN];           /* |H| = 2: unseen[a] added */
    static _Thread_local uint16_t rank1[SPLIT_NMASKS][NUNSEEN][NUNSEEN]; /* |H| = 1: a < b */
    for (int m = 1; m <= 14; m++) {
        const card_t *h = hand[m];
        if (hsize[m] == 3) {
            rank3[m] = eval3_rank(h);
        } else if (hsize[m] == 2) {
            for (int a = 0; a < nu; a++) {
                card_t fin[3] = {h[0], h[1], unseen[a]};
                rank2[m][a] = eval3_rank(fin);
            }
        } else {
            for (int a = 0; a < nu; a++)
                for (int b = a + 1; b < nu; b++) {
                    card_t fin[3] = {h[0], unseen[a], unseen[b]};
                    rank1[m][a][b] = eval3_rank(fin);
                }
        }
    }

    uint32_t tally[SPLIT_NMASKS][NSLOTS];
    uint32_t visited[SPLIT_NMASKS];
    memset(tally, 0, sizeof tally);
    memset(visited, 0, sizeof visited);

    /* Every dealer hole-card triple D (indices i < j < k into unseen) ... */
    for (int i = 0; i < nu; i++)
        for (int j = i + 1; j < nu; j++)
            for (int k = j + 1; k < nu; k++) {
                card_t d[3] = {unseen[i], unseen[j], unseen[k]};
                uint16_t dr = dealer_rank(r, u, d);
                int q = dealer_qualifies(r, dr);

                /* ... the 44 cards left (indices into unseen) ... */
                int rest[NUNSEEN];
                int nr = 0;
                for (int a = 0; a < nu; a++)
                    if (a != i && a != j && a != k)
                        rest[nr++] = a;

                /* ... and every completion of every hand from them. */
                for (int m = 1; m <= 14; m++) {
                    uint32_t *t = tally[m];
                    if (hsize[m] == 3) {
                        t[outcome_slot(rank3[m], dr, q)]++;
                        visited[m]++;
                    } else if (hsize[m] == 2) {
                        for (int a = 0; a < nr; a++) {
                            t[outcome_slot(rank2[m][rest[a]], dr, q)]++;
                            visited[m]++;
                        }
                    } else {
                        for (int a = 0; a < nr; a++)
                            for (int b = a + 1; b < nr; b++) {
                                t[outcome_slot(rank1[m][rest[a]][rest[b]], dr, q)]++;
                                visited[m]++;
                            }
                    }
                }
            }

    for (int m = 1; m <= 14; m++) {
        struct split_hand_counts *o = &out[m];
        memset(o, 0, sizeof *o);
        for (int c = 0; c < E3_NCATEGORIES; c++) {
            o->win_q[c] = tally[m][SLOT_WIN_Q + c];
            o->win_nq[c] = tally[m][SLOT_WIN_NQ + c];
        }
        o->tie = tally[m][SLOT_TIE];
        o->lose_q = tally[m][SLOT_LOSE_Q];
        o->lose_nq = tally[m][SLOT_LOSE_NQ];
        o->total = visited[m]; /* counted apart, so that sum == total is a check */
    }
}
