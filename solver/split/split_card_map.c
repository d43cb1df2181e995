/* split_card_map.c — two maps of the optimal strategy for the printed
 * card: whether it plays the single card of a 3+1 (or of an instant
 * winner) by the card's rank against the upcard, and whether it plays a
 * 2-card hand of a 2+2 by its higher card against the upcard.  Each cell
 * counts the situations (weighted, of the 12,994,800) whose optimal
 * option has such a hand, and shows what the optimal strategy does with
 * most of them and how many agree. */
#include "split_card_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PLAYED = 1, FOLDED = 0 };

struct tally {
    int64_t n[NRANKS][NRANKS][2]; /* [hand's rank][upcard][folded, played] */
};

static int high_rank(const card_t P[4], int mask)
{
    int r = 0;
    for (int k = 0; k < 4; k++)
        if (mask >> k & 1 && card_rank(P[k]) > r)
            r = card_rank(P[k]);
    return r;
}

static void map_from(const struct tally *t, const char *title, const char *rows, struct card_map *m)
{
    memset(m, 0, sizeof *m);
    m->title = title, m->row_label = rows, m->col_label = "upcard";
    m->nrows = m->ncols = NRANKS, m->nactions = 2;
    m->action_letter[FOLDED] = "F", m->action_name[FOLDED] = "fold";
    m->action_letter[PLAYED] = "P", m->action_name[PLAYED] = "play";
    m->note = "Pale: the optimal strategy does otherwise in some of the cell's situations (the other cards tip it).";
    for (int i = 0; i < NRANKS; i++) {
        int r = NRANKS - 1 - i; /* aces on top */
        snprintf(m->row_names[i], sizeof m->row_names[i], "%c", RANK_CHARS[r]);
        snprintf(m->col_names[i], sizeof m->col_names[i], "%c", RANK_CHARS[i]);
        for (int u = 0; u < NRANKS; u++) {
            int64_t fold = t->n[r][u][FOLDED], play = t->n[r][u][PLAYED], all = fold + play;
            m->action[i][u] = (int8_t)(all == 0 ? -1 : play >= fold ? PLAYED : FOLDED);
            m->share[i][u] = all == 0 ? 0 : (double)(play >= fold ? play : fold) / (double)all;
        }
    }
}

int split_card_maps(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                    const struct split_hand_values *values, long n, struct card_map maps[SPLIT_CARD_NMAPS])
{
    struct tally *t = calloc(2, sizeof *t);
    if (!t)
        return -1;
    for (long i = 0; i < n; i++) {
        const struct split_situation *s = &list[i];
        struct split_option o;
        split_best_option(pt, r, s->P, &values[i], &o);
        int up = card_rank(s->u);
        if (o.choice == SPLIT_3_1 || o.choice == SPLIT_INSTANT)
            t[0].n[high_rank(s->P, o.hand_b)][up][o.play_b] += s->weight;
        if (o.choice == SPLIT_2_2) {
            t[1].n[high_rank(s->P, o.hand_a)][up][o.play_a] += s->weight;
            t[1].n[high_rank(s->P, o.hand_b)][up][o.play_b] += s->weight;
        }
    }
    map_from(&t[0], "The single card: play or fold", "single card", &maps[0]);
    map_from(&t[1], "A 2-card hand of a 2+2: play or fold", "its high card", &maps[1]);
    free(t);
    return 0;
}
