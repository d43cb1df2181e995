/* frenzy_presets.h — every preset table of Four Card Frenzy (the Odds
 * win and Bad Beat tables, the Four Card Bonus, Prime, the two jackpots)
 * as `fourcard presets frenzy` shows them. */
#ifndef FOURCARD_FRENZY_PRESETS_H
#define FOURCARD_FRENZY_PRESETS_H

#include <stdio.h>

struct json_object;

/* {"tables": [{kind, name, option, pays: [{row, pays, exact}]}], "jackpots": [...]} (a new reference). */
struct json_object *frenzy_presets_json(void);
/* The same as Markdown tables. */
void frenzy_presets_print(FILE *f);

#endif
