/* report_json.c — JSON pieces shared by the reports of every game. */
#include "report_json.h"
#include "big_alloc.h"
#include "wait_policy.h"

#include <string.h>

json_object *report_exact_json(wide_t num, wide_t den)
{
    char frac[100];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "exact", json_object_new_string(wide_fraction(num, den, frac, sizeof frac)));
    json_object_object_add(o, "value", json_object_new_double(wide_ratio(num, den)));
    return o;
}

void report_run_json(json_object *o, int threads, int ranks, enum bind_mode bind, double seconds)
{
    json_object *run = json_object_new_object();
    json_object_object_add(run, "threads_per_rank", json_object_new_int(threads));
    json_object_object_add(run, "mpi_ranks", json_object_new_int(ranks));
    json_object_object_add(run, "bind", json_object_new_string(bind_mode_name(bind)));
    json_object_object_add(run, "openmp_wait", json_object_new_string(wait_policy_describe()));
    if (big_alloc_used()) { /* a game with big tables */
        json_object_object_add(run, "huge_pages", json_object_new_boolean(big_alloc_huge_pages()));
        json_object_object_add(run, "huge_pages_choice", json_object_new_string(big_alloc_huge_pages_describe()));
    }
    json_object_object_add(o, "run", run);
    json_object_object_add(o, "seconds", json_object_new_double(seconds));
}

json_object *report_paytables_json(const char *game, json_object *list)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string(game));
    json_object_object_add(o, "paytables", list);
    return o;
}

int report_json_print(FILE *f, const char *command, json_object *doc)
{
    json_object *top = json_object_new_object();
    json_object_object_add(top, "schema_version", json_object_new_int(REPORT_JSON_SCHEMA_VERSION));
    json_object_object_add(top, "command", json_object_new_string(command));
    json_object_object_foreach(doc, key, value)
        if (strcmp(key, "schema_version") && strcmp(key, "command"))
            json_object_object_add(top, key, json_object_get(value));
    json_object_put(doc);
    int rc = fprintf(f, "%s\n", json_object_to_json_string_ext(top, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                                      JSON_C_TO_STRING_NOSLASHESCAPE)) < 0 ? -1 : 0;
    json_object_put(top);
    return rc;
}

static json_object *value_se_json(double v, double se)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "value", json_object_new_double(v));
    json_object_object_add(o, "standard_error", json_object_new_double(se));
    return o;
}

void report_seats_row_json(json_object *o, const struct report_seats_figures *f)
{
    json_object_object_add(o, "ev", value_se_json(f->ev, f->se));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * f->ev));
    json_object_object_add(o, "swing_percent", json_object_new_double(100 * f->gain));
    json_object_object_add(o, "swing_standard_error_percent", json_object_new_double(100 * f->se));
    json_object_object_add(o, "mean_gain", report_exact_json(f->gain_num, f->gain_den));
    json_object_object_add(o, "seat_mean_ev", value_se_json(f->direct_ev, f->direct_se));
    json_object_object_add(o, "decisions_changed_percent", json_object_new_double(100 * f->changed));
}
