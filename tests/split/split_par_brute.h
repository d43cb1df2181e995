/* split_par_brute.h — the independent checker of the joint distribution of
 * a 4 Card Split round (split_par_class.h): every (D, c1, c2) of one
 * situation visited one by one.
 *
 * The dealer's hole cards D run over the C(47,3) triples of unseen cards
 * and the completion cards c1, c2 over the 44 * 43 ordered pairs left,
 * dealt to the hands as split_par_table.h says.  Each visit's hands are
 * ranked with eval3_rank and compared with the dealer's hand (its own
 * best-of evaluation and qualification test); no CDFs, no
 * inclusion-exclusion, no symmetry.  Shares with the fast path only the
 * table layout, eval3_rank, split_blind_rank and the card helpers.  About
 * 0.1 s per decision.
 */
#ifndef FOURCARD_SPLIT_PAR_BRUTE_H
#define FOURCARD_SPLIT_PAR_BRUTE_H

#include "cards.h"
#include "split_par_table.h"
#include "split_rules.h"
#include "split_solve.h"

enum { SPLIT_PAR_BRUTE_MAX = 32 }; /* decisions per call (a situation has 22 at most) */

/* Adds the SPLIT_L rounds of situation (P, u) under each decision d[k]
 * (split_decide's form) to out[k], k < nd <= SPLIT_PAR_BRUTE_MAX. */
void split_par_brute(const struct split_rules *r, const card_t P[4], card_t u, const struct split_decision *d,
                     int nd, struct split_par_table *out);

#endif
