/* report_json.c — JSON pieces shared by the reports of every game. */
#include "report_json.h"
#include "big_alloc.h"
#include "wait_policy.h"

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
