/* buyout_strategy.h — the strategy files of 4 Card Buyout.
 *
 * --strategy FILE.csv: one row per canonical 3rd-card situation
 *   cards,upcard,third,weight,decision,ev_buy,ev_refuse,ev_fold,fourth
 * cards = the player's 2 cards, weight = situations in the class (suit
 * permutations), decision = buy | refuse | fold at the 3rd card, the EVs
 * per First-bet unit (Bonus included when it is played; empty when the
 * option is not allowed; buy = with the optimal 4th-card play), fourth =
 * the decision at the 4th card after buying, one letter per 4th card in
 * card id order 2c 2d 2h 2s 3c .. As: B buy, R refuse, F fold, - none left.
 *
 * --strategy-fourth FILE.csv: one row per canonical 3rd-card situation and
 * 4th card, with the EV of each 4th-card option:
 *   cards,upcard,third,fourth,weight,decision,ev_buy,ev_refuse,ev_fold
 *
 * --summary FILE.txt: a readable summary derived from the rows.
 */
#ifndef FOURCARD_BUYOUT_STRATEGY_H
#define FOURCARD_BUYOUT_STRATEGY_H

#include <stdio.h>

#include "buyout_eval.h"
#include "buyout_solve.h"

/* The files a solve's solution makes, each where its stream is not NULL:
 * the strategy CSV, the 4th-card CSV and the summary.  Returns 0, or -1
 * out of memory. */
int buyout_strategy_write(const struct buyout_solution *s, FILE *csv, FILE *fourth, FILE *summary);

/* The --strategy CSV: the header, then a row per class cls[i] with its decisions dec[i]. */
void buyout_strategy_write_csv(FILE *f, const struct buyout_class *cls, const struct buyout_decision *dec, long n);
/* Recomputes every 4th-card option (in parallel, rows in class order).
 * Returns 0, or -1 out of memory. */
int buyout_strategy_write_fourth(FILE *f, const struct buyout_context *cx, const struct buyout_class *cls, long n);
/* The --summary text for rules r, derived from the classes' decisions. */
void buyout_strategy_write_summary(FILE *f, const struct buyout_rules *r, const struct buyout_class *cls,
                                   const struct buyout_decision *dec, long n);

#endif
