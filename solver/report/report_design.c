/* report_design.c — what the designers' reports share (report_design.h). */
#include "report_design.h"

#include <stdbool.h>
#include <stdio.h>

char *report_pay_text(wide_t num, wide_t den, char *buf, size_t len)
{
    wide_t k = wide_gcd(num, den);
    if (k > 1)
        num /= k, den /= k;
    if (1000000 % den != 0)
        return wide_fraction(num, den, buf, len);
    bool neg = num < 0;
    wide_t a = neg ? -num : num, scaled = a * (1000000 / den);
    char ip[48];
    wide_format(scaled / 1000000, ip, sizeof ip);
    int frac = (int)(scaled % 1000000), places = 6;
    while (places > 0 && frac % 10 == 0)
        frac /= 10, places--;
    if (places == 0)
        snprintf(buf, len, "%s%s", neg ? "-" : "", ip);
    else
        snprintf(buf, len, "%s%s.%0*d", neg ? "-" : "", ip, places, frac);
    return buf;
}

/* floor(a / b) for b > 0. */
static wide_t floor_div(wide_t a, wide_t b)
{
    wide_t q = a / b;
    return q * b > a ? q - 1 : q;
}

/* An end as the nearest pay with at most 6 decimals inside the interval
 * (up for a lower end, down for an upper one: every pay printed is one a
 * file can hold and the strategy stays optimal at), in millionths. */
static wide_t end_inward(const struct pay_bound *b, int up)
{
    wide_t scaled = b->num * 1000000, q = floor_div(scaled, b->den);
    return up && q * b->den != scaled ? q + 1 : q;
}

static bool exact_decimal(const struct pay_bound *b) { return 1000000 % (b->den / wide_gcd(b->num, b->den)) == 0; }

char *report_interval_text(const struct pay_bound *low, const struct pay_bound *high, char *buf, size_t len)
{
    char lo[100], hi[100] = "no limit";
    wide_t l = end_inward(low, 1), h = high->none ? 0 : end_inward(high, 0);
    bool open_lo = low->open && exact_decimal(low), open_hi = high->none || (high->open && exact_decimal(high));
    if (!high->none && (l > h || (l == h && (open_lo || open_hi)))) { /* no 6-decimal pay inside: exactly */
        wide_fraction(low->num, low->den, lo, sizeof lo);
        wide_fraction(high->num, high->den, hi, sizeof hi);
        open_lo = low->open, open_hi = high->open;
    } else {
        report_pay_text(l, 1000000, lo, sizeof lo);
        if (!high->none)
            report_pay_text(h, 1000000, hi, sizeof hi);
    }
    snprintf(buf, len, "%c%s, %s%c", open_lo ? '(' : '[', lo, hi, open_hi ? ')' : ']');
    return buf;
}

json_object *report_bound_json(const struct pay_bound *b)
{
    return b->none ? NULL : json_object_new_double(wide_ratio(b->num, b->den));
}

json_object *report_bound_exact_json(const struct pay_bound *b)
{
    char frac[100];
    return b->none ? NULL : json_object_new_string(wide_fraction(b->num, b->den, frac, sizeof frac));
}

void report_interval_json(json_object *x, const struct pay_bound *low, const struct pay_bound *high, bool known)
{
    json_object_object_add(x, "low", known ? report_bound_json(low) : NULL);
    json_object_object_add(x, "high", known ? report_bound_json(high) : NULL);
    json_object_object_add(x, "low_exact", known ? report_bound_exact_json(low) : NULL);
    json_object_object_add(x, "high_exact", known ? report_bound_exact_json(high) : NULL);
    json_object_object_add(x, "low_included", json_object_new_boolean(known && !low->open));
    json_object_object_add(x, "high_included", json_object_new_boolean(known && !high->none && !high->open));
}

/* ",value,exact,included" for one end. */
static void bound_csv(FILE *f, const struct pay_bound *b, bool known)
{
    char frac[100];
    if (!known || b->none)
        fprintf(f, ",,,false");
    else
        fprintf(f, ",%.17g,%s,%s", wide_ratio(b->num, b->den), wide_fraction(b->num, b->den, frac, sizeof frac),
                b->open ? "false" : "true");
}

void report_interval_csv(FILE *f, const struct pay_bound *low, const struct pay_bound *high, bool known)
{
    bound_csv(f, low, known);
    bound_csv(f, high, known);
}

void report_search_print(FILE *f, const struct report_search *s)
{
    char a[64], b[64], c[64], target[160];
    fprintf(f, "Varied lines:\n\n");
    for (int v = 0; v < s->nvary; v++)
        fprintf(f, "- %s from %s to %s in steps of %s\n", s->line[v], report_pay_text(s->lo[v], s->den, a, sizeof a),
                report_pay_text(s->last[v], s->den, b, sizeof b), report_pay_text(s->step[v], s->den, c, sizeof c));
    bool point = s->target_lo[0] * s->target_hi[1] == s->target_hi[0] * s->target_lo[1];
    report_pay_text(s->target_lo[0], s->target_lo[1], a, sizeof a);
    report_pay_text(s->target_hi[0], s->target_hi[1], b, sizeof b);
    if (point)
        snprintf(target, sizeof target, "%s%%", a);
    else
        snprintf(target, sizeof target, "%s%% to %s%%", a, b);
    fprintf(f, "\n%ld paytables, each priced exactly with its own optimal strategy. ", s->size);
    if (s->solve_for >= 0)
        fprintf(f, "Solving for %s: for each of the %ld combinations of the other lines, the value whose house edge "
                   "per %s is nearest %s%s; %ld of them land %s.\n\n", s->line[s->solve_for], s->considered, s->unit,
                point ? "" : "the middle of ", target, s->in_band, point ? "exactly on it" : "in the band");
    else if (point)
        fprintf(f, "Target house edge %s per %s: listed nearest it first; %ld land exactly on it.\n\n", target, s->unit,
                s->in_band);
    else
        fprintf(f, "Target house edge %s per %s: %ld paytable%s land there; listed nearest the middle first.\n\n",
                target, s->unit, s->in_band, s->in_band == 1 ? "" : "s");
}

void report_search_json(json_object *o, const struct report_search *s)
{
    json_object *vary = json_object_new_array(), *target = json_object_new_object();
    for (int v = 0; v < s->nvary; v++) {
        json_object *x = json_object_new_object();
        json_object_object_add(x, "line", json_object_new_string(s->line[v]));
        json_object_object_add(x, "low", json_object_new_double((double)s->lo[v] / (double)s->den));
        json_object_object_add(x, "high", json_object_new_double((double)s->last[v] / (double)s->den));
        json_object_object_add(x, "step", json_object_new_double((double)s->step[v] / (double)s->den));
        json_object_array_add(vary, x);
    }
    json_object_object_add(o, "vary", vary);
    json_object_object_add(target, "low_percent", json_object_new_double(wide_ratio(s->target_lo[0], s->target_lo[1])));
    json_object_object_add(target, "high_percent", json_object_new_double(wide_ratio(s->target_hi[0], s->target_hi[1])));
    json_object_object_add(o, "target", target);
    json_object_object_add(o, "solve_for", s->solve_for >= 0 ? json_object_new_string(s->line[s->solve_for]) : NULL);
    json_object_object_add(o, "grid_size", json_object_new_int64(s->size));
    json_object_object_add(o, "considered", json_object_new_int64(s->considered));
    json_object_object_add(o, "in_band", json_object_new_int64(s->in_band));
}
