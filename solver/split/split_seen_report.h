/* split_seen_report.h — the result of `protect split --seen 1` as
 * Markdown or JSON (split_seen.h computes it). */
#ifndef FOURCARD_SPLIT_SEEN_REPORT_H
#define FOURCARD_SPLIT_SEEN_REPORT_H

#include <stdio.h>

#include "split_seen.h"

struct json_object;

/* The JSON object of `protect split --seen 1 --json` (a new reference;
 * report_json_print adds schema_version and command). */
struct json_object *split_seen_json(const struct split_seen_result *r, const char *card_file);
/* The same as Markdown.  card_file names --card's file (the hole-carder's
 * card in the card language: r->has_rules), or NULL. */
void split_seen_print(FILE *f, const struct split_seen_result *r, const char *card_file);
/* A change of decision in a reader's words ("play -> fold everything"). */
const char *split_seen_change_words(enum split_seen_change c);

#endif
