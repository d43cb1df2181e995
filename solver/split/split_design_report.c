/* split_design_report.c — the designer's figures as Markdown, JSON and
 * CSV.  Pays are printed exactly: as decimals when their denominator
 * divides 10^6 (every pay a file can hold), else as fractions. */
#include "split_design_report.h"

#include <string.h>

#include "report_csv.h"
#include "report_json.h"
#include "report_design.h"
#include "split_report.h"

static wide_t slope_den(void) { return (wide_t)SPLIT_SITUATIONS * SPLIT_L; }

void split_sensitivity_print(FILE *f, const struct split_sensitivity *s)
{
    char game[256], frac[100], pay[64], iv[160];
    const struct split_result *r = &s->base;
    fprintf(f, "# Pay line sensitivity: 4 Card Split, %s\n\n",
            split_game_words(&r->pt, r->instant, game, sizeof game));
    fprintf(f, "EV of a round per unit: %+.6f%% (exact %s); house edge %.6f%%.\n\n",
            100 * wide_ratio(r->tot.ev, split_money_den(r)),
            wide_fraction(r->tot.ev, split_money_den(r), frac, sizeof frac),
            -100 * wide_ratio(r->tot.ev, split_money_den(r)));
    fprintf(f, "For each pay line: the exact change in the EV per unit (= per Ante) for +1 on its pay, at "
               "this paytable's optimal strategy, and the values of the pay over which that strategy stays "
               "optimal: inside, the EV is exactly linear in the pay; just past a closed end another decision "
               "does better somewhere, so re-solving beats the line. Ends that are no pay of at most 6 decimals "
               "are rounded inward (JSON has them exactly).\n\n");
    fprintf(f, "| line | pay | EV change per +1 | exact | strategy stays optimal for the pay in |\n"
               "|---|---:|---:|---|---|\n");
    for (int i = 0; i < SPLIT_NLINES; i++) {
        const struct split_line_sensitivity *l = &s->lines[i];
        fprintf(f, "| %s | %s | %+.6f%% | %s | %s |\n", split_line_at(l->line)->name,
                report_pay_text(l->pay, l->den, pay, sizeof pay), 100 * wide_ratio(l->d_ev, slope_den()),
                wide_fraction(l->d_ev, slope_den(), frac, sizeof frac),
                l->decisions ? report_interval_text(&l->low, &l->high, iv, sizeof iv) : "any (no decision depends on it)");
    }
    fprintf(f, "\nThe Blind is paid on the player's four cards whatever he does: no decision depends on its "
               "lines, and the EV is linear in them everywhere.%s\n",
               r->instant == SPLIT_INSTANT_HIGHEST
                   ? " Under the \"highest\" instant reading an open end ( ) is where another instant winner's "
                     "pay is met and the instant winners offered change: past it the chosen option may not be "
                     "offered at all, and the EV can fall below the line."
                   : "");
    fprintf(f, "\nSolved in %.2f s (%d MPI rank%s x %d threads).\n", r->seconds, r->ranks, r->ranks == 1 ? "" : "s",
            r->threads);
}

json_object *split_sensitivity_json(const struct split_sensitivity *s)
{
    const struct split_result *r = &s->base;
    json_object *o = json_object_new_object(), *lines = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "preset", json_object_new_string(r->pt.name));
    json_object_object_add(o, "game_rules", split_rules_json(&r->pt, r->instant));
    json_object_object_add(o, "ev", report_exact_json(r->tot.ev, split_money_den(r)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(r->tot.ev, split_money_den(r))));
    for (int i = 0; i < SPLIT_NLINES; i++) {
        const struct split_line_sensitivity *l = &s->lines[i];
        json_object *x = json_object_new_object();
        json_object_object_add(x, "line", json_object_new_string(split_line_at(l->line)->name));
        json_object_object_add(x, "pay", json_object_new_double((double)l->pay / (double)l->den));
        json_object_object_add(x, "d_ev", report_exact_json(l->d_ev, slope_den()));
        json_object_object_add(x, "decisions", json_object_new_boolean(l->decisions));
        report_interval_json(x, &l->low, &l->high, l->decisions);
        json_object_array_add(lines, x);
    }
    json_object_object_add(o, "lines", lines);
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    return o;
}

void split_sensitivity_csv(FILE *f, const struct split_sensitivity *s)
{
    fprintf(f, "line,pay,d_ev,d_ev_exact,decisions,low,low_exact,low_included,high,high_exact,high_included\n");
    for (int i = 0; i < SPLIT_NLINES; i++) {
        const struct split_line_sensitivity *l = &s->lines[i];
        char frac[100];
        fprintf(f, "%s,%.17g,%.17g,%s,%s", split_line_at(l->line)->name, (double)l->pay / (double)l->den,
                wide_ratio(l->d_ev, slope_den()), wide_fraction(l->d_ev, slope_den(), frac, sizeof frac),
                l->decisions ? "true" : "false");
        report_interval_csv(f, &l->low, &l->high, l->decisions);
        fprintf(f, "\n");
    }
}

/* ------------------------------------------------------------------ */

static const char *line_name(const struct split_search_report *r, int v)
{
    return split_line_at(r->grid->vary[v].line)->name;
}

void split_search_describe(const struct split_grid *g, struct report_search *s)
{
    s->nvary = g->nvary, s->den = g->base.den, s->unit = "unit";
    for (int v = 0; v < g->nvary; v++) {
        const struct split_vary *x = &g->vary[v];
        s->line[v] = split_line_at(x->line)->name;
        s->lo[v] = x->lo, s->step[v] = x->step, s->last[v] = x->lo + (x->hi - x->lo) / x->step * x->step;
    }
}

static char *value_text(const struct split_search_report *r, const struct split_result *x, int v, char *buf,
                        size_t len)
{
    return report_pay_text(split_line_pay_of(&x->pt, split_line_at(r->grid->vary[v].line)), x->pt.den, buf, len);
}

void split_search_print(FILE *f, const struct split_search_report *r)
{
    char game[256], a[64];
    const struct split_grid *g = r->grid;
    fprintf(f, "# Paytable search: 4 Card Split, from %s\n\n", split_game_words(&g->base, r->instant, game, sizeof game));
    report_search_print(f, &r->search);
    if (r->nlisted == 0) {
        fprintf(f, "No paytable of the grid lands in the band.\n");
    } else {
        fprintf(f, "| # | paytable |");
        for (int v = 0; v < g->nvary; v++)
            fprintf(f, " %s |", line_name(r, v));
        fprintf(f, " house edge per unit | per initial wager (3 units) | element of risk | hit frequency | "
                   "rounds folded whole | hands folded |\n|---:|---|");
        for (int v = 0; v < g->nvary; v++)
            fprintf(f, "---:|");
        fprintf(f, "---:|---:|---:|---:|---:|---:|\n");
        for (long i = 0; i < r->nlisted; i++) {
            const struct split_result *x = &r->listed[i];
            struct split_figures fg;
            split_result_figures(x, &fg);
            fprintf(f, "| %ld | %s |", i + 1, x->pt.name);
            for (int v = 0; v < g->nvary; v++)
                fprintf(f, " %s |", value_text(r, x, v, a, sizeof a));
            char hit[32] = "not computed";
            if (r->hit)
                snprintf(hit, sizeof hit, "%.4f%%", 100 * r->hit[i]);
            fprintf(f, " %.4f%% | %.4f%% | %.4f%% | %s | %.4f%% | %.4f%% |\n", fg.edge, fg.edge_initial,
                    fg.element_of_risk, hit, fg.rounds_folded, fg.hands_folded);
        }
        if (!r->hit)
            fprintf(f, "\nHit frequency (rounds with a net win) needs the distribution of each round: "
                       "--hit-frequency computes it for the listed paytables (a PAR pass each, about 15 s).\n");
    }
    fprintf(f, "\nOne enumeration: %ld of %ld situation classes keep one decision over the whole grid and were "
               "priced once; the others were decided again for every paytable. %.2f s.\n",
            r->stable, r->classes, r->seconds);
}

static json_object *listed_json(const struct split_search_report *r, long i)
{
    const struct split_result *x = &r->listed[i];
    struct split_figures fg;
    split_result_figures(x, &fg);
    json_object *o = json_object_new_object(), *values = json_object_new_object();
    json_object_object_add(o, "name", json_object_new_string(x->pt.name));
    for (int v = 0; v < r->grid->nvary; v++) {
        const struct split_line *l = split_line_at(r->grid->vary[v].line);
        json_object_object_add(values, l->name,
                               json_object_new_double((double)split_line_pay_of(&x->pt, l) / (double)x->pt.den));
    }
    json_object_object_add(o, "values", values);
    json_object_object_add(o, "ev", report_exact_json(x->tot.ev, split_money_den(x)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(fg.edge));
    json_object_object_add(o, "house_edge_per_initial_wager_percent", json_object_new_double(fg.edge_initial));
    json_object_object_add(o, "element_of_risk_percent", json_object_new_double(fg.element_of_risk));
    json_object_object_add(o, "hit_frequency", r->hit ? json_object_new_double(r->hit[i]) : NULL);
    json_object_object_add(o, "rounds_folded_percent", json_object_new_double(fg.rounds_folded));
    json_object_object_add(o, "hands_folded_percent", json_object_new_double(fg.hands_folded));
    return o;
}

json_object *split_search_json(const struct split_search_report *r)
{
    const struct split_grid *g = r->grid;
    json_object *o = json_object_new_object(), *list = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "base", json_object_new_string(g->base.name));
    json_object_object_add(o, "game_rules", split_rules_json(&g->base, r->instant));
    report_search_json(o, &r->search);
    for (long i = 0; i < r->nlisted; i++)
        json_object_array_add(list, listed_json(r, i));
    json_object_object_add(o, "paytables", list);
    json_object_object_add(o, "stable_classes", json_object_new_int64(r->stable));
    json_object_object_add(o, "classes", json_object_new_int64(r->classes));
    const struct split_result *x = r->nlisted ? &r->listed[0] : NULL;
    report_run_json(o, x ? x->threads : 0, x ? x->ranks : 1, x ? x->bind : BIND_CORE, r->seconds);
    return o;
}

void split_search_csv(FILE *f, const struct split_search_report *r)
{
    fprintf(f, "rank,paytable");
    for (int v = 0; v < r->grid->nvary; v++)
        fprintf(f, ",%s", line_name(r, v));
    fprintf(f, ",ev,ev_exact,house_edge_percent,house_edge_per_initial_wager_percent,element_of_risk_percent,"
               "hit_frequency,rounds_folded_percent,hands_folded_percent\n");
    for (long i = 0; i < r->nlisted; i++) {
        const struct split_result *x = &r->listed[i];
        struct split_figures fg;
        split_result_figures(x, &fg);
        char frac[100], hit[40] = "";
        fprintf(f, "%ld,", i + 1);
        report_csv_field(f, x->pt.name);
        for (int v = 0; v < r->grid->nvary; v++)
            fprintf(f, ",%.17g", (double)split_line_pay_of(&x->pt, split_line_at(r->grid->vary[v].line)) /
                                     (double)x->pt.den);
        if (r->hit)
            snprintf(hit, sizeof hit, "%.17g", r->hit[i]);
        fprintf(f, ",%.17g,%s,%.17g,%.17g,%.17g,%s,%.17g,%.17g\n", wide_ratio(x->tot.ev, split_money_den(x)),
                wide_fraction(x->tot.ev, split_money_den(x), frac, sizeof frac), fg.edge, fg.edge_initial,
                fg.element_of_risk, hit, fg.rounds_folded, fg.hands_folded);
    }
}

/* ------------------------------------------------------------------ */

static void write_section(FILE *f, const struct split_paytable *pt, enum split_line_table table, const char *header)
{
    char pay[64];
    fprintf(f, "\n[%s]\n", header);
    for (int i = 0; i < SPLIT_NLINES; i++) {
        const struct split_line *l = split_line_at(i);
        if (l->table == table)
            fprintf(f, "%s = %s\n", strchr(l->name, '.') + 1, report_pay_text(split_line_pay_of(pt, l), pt->den, pay, sizeof pay));
    }
}

void split_paytable_write(FILE *f, const struct split_paytable *pt)
{
    fprintf(f, "; written by fourcard design\n[game]\nname = %s\nversion = %s\n", pt->name, pt->version);
    if (!strcmp(pt->version, "custom"))
        fprintf(f, "dealer = %s\nqualifier = %c\n",
                pt->rules.dealer == SPLIT_DEALER_BEST3OF4 ? "best3of4" : "upcard-best2of3",
                RANK_CHARS[pt->rules.qualify_high]);
    write_section(f, pt, SPLIT_LINE_ANTE_DRAW, "ante-draw");
    write_section(f, pt, SPLIT_LINE_ANTE_INSTANT, "ante-instant");
    write_section(f, pt, SPLIT_LINE_BLIND, "blind");
}
