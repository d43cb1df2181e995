/* split_par_table.c — the money of a cell of the joint outcome table. */
#include "split_par_table.h"

/* Adds one hand's Ante and Play money: a showdown pays the Ante by the
 * draw table on a win whether or not the dealer qualified, and the Play
 * wins or loses only against a qualified dealer (ties push both). */
static void add_hand(const struct split_paytable *pt, int dealer, int slot, struct split_par_money *m)
{
    if (slot == SPLIT_PAR_SLOT_NONE)
        return;
    if (slot == SPLIT_PAR_SLOT_FOLDED) {
        m->ante_fold -= pt->den;
        return;
    }
    int64_t play = dealer == SPLIT_PAR_DEALER_Q ? pt->den : 0;
    switch (split_par_slot_result(slot)) {
    case SPLIT_PAR_WIN:
        m->ante_showdown += pt->ante_draw[split_par_slot_category(slot)];
        m->play += play;
        break;
    case SPLIT_PAR_LOSE:
        m->ante_showdown -= pt->den;
        m->play -= play;
        break;
    default: /* tie: both returned */
        break;
    }
}

struct split_par_money split_par_cell_money(const struct split_paytable *pt, int blind_cat, int kind, int dealer,
                                            int slot_a, int slot_b)
{
    struct split_par_money m = {.blind = pt->blind[blind_cat]};
    if (kind >= SPLIT_PAR_INSTANT)
        m.ante_instant = pt->ante_instant[E3_FLUSH + kind - SPLIT_PAR_INSTANT];
    add_hand(pt, dealer, slot_a, &m);
    add_hand(pt, dealer, slot_b, &m);
    return m;
}

void split_par_table_add(struct split_par_table *a, const struct split_par_table *b)
{
    for (int bl = 0; bl < BL_NCATEGORIES; bl++)
        for (int k = 0; k < SPLIT_PAR_NKINDS; k++)
            for (int d = 0; d < SPLIT_PAR_NDEALER; d++)
                for (int i = 0; i < SPLIT_PAR_NSLOTS; i++)
                    for (int j = 0; j < SPLIT_PAR_NSLOTS; j++)
                        a->w[bl][k][d][i][j] += b->w[bl][k][d][i][j];
    for (int s = 0; s < 2; s++)
        for (int c = 0; c < E3_NCATEGORIES; c++)
            for (int q = 0; q < 2; q++)
                a->dealer[s][c][q] += b->dealer[s][c][q];
}
