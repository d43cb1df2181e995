/* report_json.c — JSON pieces shared by the reports of every game. */
#include "report_json.h"

json_object *report_exact_json(wide_t num, wide_t den)
{
    char frac[100];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "exact", json_object_new_string(wide_fraction(num, den, frac, sizeof frac)));
    json_object_object_add(o, "value", json_object_new_double(wide_ratio(num, den)));
    return o;
}
