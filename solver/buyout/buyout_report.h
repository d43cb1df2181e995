/* buyout_report.h — a 4 Card Buyout result as a readable table or JSON. */
#ifndef FOURCARD_BUYOUT_REPORT_H
#define FOURCARD_BUYOUT_REPORT_H

#include <stdio.h>

#include "buyout_solve.h"

struct json_object;

/* The name of the run: "standard", "standard+bonus-table-N" or
 * "bonus-table-N-alone". */
const char *buyout_preset_name(const struct buyout_rules *r, char *buf, size_t len);

/* The shoe in words: "six 52-card decks (312 cards)", a reduced shoe for
 * checks, or a given shoe (buyout_shoe_describe). */
const char *buyout_shoe_text(const struct buyout_rules *r, char *buf, size_t len);

/* The rules as `solve buyout --json` reports them (a new reference). */
struct json_object *buyout_rules_json(const struct buyout_rules *r);
/* The JSON object of `fourcard solve buyout --json` (a new reference). */
struct json_object *buyout_result_json(const struct buyout_result *r);
/* The result as a readable table. */
void buyout_result_print(FILE *f, const struct buyout_result *r);

/* The Bonus tables as `fourcard presets buyout` shows them (JSON: a new
 * reference; or Markdown). */
struct json_object *buyout_presets_json(void);
void buyout_presets_print(FILE *f);

/* A sweep: one line per game (a Markdown table; CSV; a JSON object
 * whose "paytables" holds solve's objects, each with its name), name[i]
 * naming game i and hit[i] its hit frequency: the rounds whose net, every
 * bet's result together, is above 0, won / den.  Without a Bonus that is
 * buyout_main_hits; with one the solve's totals do not join the Bonus's
 * result to the main bets', and the designer's pass counts it
 * (buyout_design.h). */
struct buyout_hit {
    wide_t won, den;
};
void buyout_main_hits(const struct buyout_result *r, struct buyout_hit *out);
void buyout_results_table(FILE *f, const struct buyout_result *r, const struct buyout_hit *hit,
                          const char *const *name, int n);
void buyout_results_csv(FILE *f, const struct buyout_result *r, const struct buyout_hit *hit, const char *const *name,
                        int n);
struct json_object *buyout_results_json(const struct buyout_result *r, const struct buyout_hit *hit,
                                        const char *const *name, int n);

#endif
