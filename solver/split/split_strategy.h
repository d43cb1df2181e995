/* split_strategy.h — the strategy file of 4 Card Split: one CSV row per
 * canonical situation with its weight and decision. */
#ifndef FOURCARD_SPLIT_STRATEGY_H
#define FOURCARD_SPLIT_STRATEGY_H

#include <stdio.h>

#include "split_situations.h"
#include "split_solve.h"

/* The header line and one row:
 * cards,upcard,weight,decision,hand1,play1,hand2,play2,ev_best,ev_second
 * decision: fold | instant | 3+1 | 2+2; hand1/hand2 the cards of each hand
 * (for instant: the collected trio and the single card); play: play, fold
 * or paid (the instant trio); EVs per unit of Ante, Blind excluded. */
void split_strategy_header(FILE *f);
void split_strategy_row(FILE *f, const struct split_situation *s, const struct split_decision *d,
                        const struct split_paytable *pt);

/* The whole file: the header and a row per class of split_situations_list,
 * dec[i] the decision of class i under pt (split_solve's decisions).
 * Returns 0, or -1 when memory runs out. */
int split_strategy_write(FILE *f, const struct split_decision *dec, const struct split_paytable *pt);

#endif
