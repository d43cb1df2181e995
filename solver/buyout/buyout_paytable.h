/* buyout_paytable.h — a Bonus pay table of one's own for 4 Card Buyout, from
 * an INI file (docs/buyout-paytable-format.md):
 *
 *   [game]
 *   name = my-bonus
 *   [bonus]
 *   44 = 250        ; points = pays to 1
 *   35-37 = 25      ; a range of points
 *   21-26 = 2       ; points not listed lose the Bonus
 *
 * `solve buyout --bonus-paytable FILE` plays it like a preset table. */
#ifndef FOURCARD_BUYOUT_PAYTABLE_H
#define FOURCARD_BUYOUT_PAYTABLE_H

#include <stddef.h>

#include "buyout_rules.h"

/* Reads the file into r->bonus_pays and sets r->bonus_table to
 * BUYOUT_TABLE_FILE.  Returns 0, or -1 with one line "FILE:LINE: problem"
 * (a key that is not points or a range of them, points outside 0..44 or
 * given twice, a pay that is not a whole number 0..1000000, no pays). */
int buyout_paytable_load(const char *path, struct buyout_rules *r, char *err, size_t errlen);

#endif
