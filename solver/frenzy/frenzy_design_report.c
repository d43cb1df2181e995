/* frenzy_design_report.c — the Frenzy designer's figures as Markdown,
 * JSON and CSV; pays exactly (report_pay.h). */
#include "frenzy_design_report.h"

#include <string.h>

#include "frenzy_report.h"
#include "report_csv.h"
#include "report_json.h"
#include "report_design.h"

static wide_t slope_den(void) { return (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS; }

static const char *copy_words(enum frenzy_copy c)
{
    return c == FRENZY_COPY_WIN ? "copies win (Washington)" : "copies push the Ante and Raise";
}

void frenzy_sensitivity_print(FILE *f, const struct frenzy_sensitivity *s)
{
    const struct frenzy_result *r = &s->base;
    wide_t den = frenzy_money_den(r);
    char frac[100], pay[64], iv[160];
    fprintf(f, "# Pay line sensitivity: Four Card Frenzy, Odds Win %s, Bad Beat %s (%s)\n\n", r->game.win.name,
            r->game.bad_beat.name, copy_words(r->game.copy));
    fprintf(f, "EV of a round per Ante: %+.6f%% (exact %s); house edge %.6f%%.\n\n", 100 * wide_ratio(r->tot.ev, den),
            wide_fraction(r->tot.ev, den, frac, sizeof frac), -100 * wide_ratio(r->tot.ev, den));
    fprintf(f, "For each Odds pay line: the exact change in the EV per Ante for +1 on its pay, at this game's "
               "optimal strategy, and the values of the pay over which that strategy stays optimal (inside, the "
               "EV is exactly linear in the pay; ends that are no pay of at most 6 decimals are rounded inward, "
               "JSON has them exactly). A pay of -1 is a loss, 0 a push.\n\n");
    fprintf(f, "| line | pay | EV change per +1 | exact | strategy stays optimal for the pay in |\n"
               "|---|---:|---:|---|---|\n");
    for (int i = 0; i < FRENZY_NLINES; i++) {
        const struct frenzy_line_sensitivity *l = &s->lines[i];
        fprintf(f, "| %s | %s | %+.6f%% | %s | %s |\n", frenzy_line_at(l->line)->name,
                report_pay_text(l->pay, l->den, pay, sizeof pay), 100 * wide_ratio(l->d_ev, slope_den()),
                wide_fraction(l->d_ev, slope_den(), frac, sizeof frac),
                report_interval_text(&l->low, &l->high, iv, sizeof iv));
    }
    fprintf(f, "\nThe side bets (Four Card Bonus, Prime) move no decision: each is its rows' frequencies times "
               "its pays ('fourcard solve frenzy --bonus T --prime T').\n");
}

json_object *frenzy_sensitivity_json(const struct frenzy_sensitivity *s)
{
    const struct frenzy_result *r = &s->base;
    wide_t den = frenzy_money_den(r);
    json_object *o = json_object_new_object(), *lines = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "odds_win", json_object_new_string(r->game.win.name));
    json_object_object_add(o, "bad_beat", json_object_new_string(r->game.bad_beat.name));
    json_object_object_add(o, "copies", json_object_new_string(copy_words(r->game.copy)));
    json_object_object_add(o, "ev", report_exact_json(r->tot.ev, den));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(r->tot.ev, den)));
    for (int i = 0; i < FRENZY_NLINES; i++) {
        const struct frenzy_line_sensitivity *l = &s->lines[i];
        json_object *x = json_object_new_object();
        json_object_object_add(x, "line", json_object_new_string(frenzy_line_at(l->line)->name));
        json_object_object_add(x, "pay", json_object_new_double((double)l->pay / (double)l->den));
        json_object_object_add(x, "d_ev", report_exact_json(l->d_ev, slope_den()));
        json_object_object_add(x, "decisions", json_object_new_boolean(1));
        report_interval_json(x, &l->low, &l->high, true);
        json_object_array_add(lines, x);
    }
    json_object_object_add(o, "lines", lines);
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    return o;
}

void frenzy_sensitivity_csv(FILE *f, const struct frenzy_sensitivity *s)
{
    fprintf(f, "line,pay,d_ev,d_ev_exact,low,low_exact,high,high_exact\n");
    for (int i = 0; i < FRENZY_NLINES; i++) {
        const struct frenzy_line_sensitivity *l = &s->lines[i];
        char frac[100], lo[100], hi[100] = "", hiv[40] = "";
        wide_fraction(l->low.num, l->low.den, lo, sizeof lo);
        if (!l->high.none) {
            wide_fraction(l->high.num, l->high.den, hi, sizeof hi);
            snprintf(hiv, sizeof hiv, "%.17g", wide_ratio(l->high.num, l->high.den));
        }
        fprintf(f, "%s,%.17g,%.17g,%s,%.17g,%s,%s,%s\n", frenzy_line_at(l->line)->name,
                (double)l->pay / (double)l->den, wide_ratio(l->d_ev, slope_den()),
                wide_fraction(l->d_ev, slope_den(), frac, sizeof frac), wide_ratio(l->low.num, l->low.den), lo, hiv,
                hi);
    }
}

/* ------------------------------------------------------------------ */

static const char *line_name(const struct frenzy_search_report *r, int v)
{
    return frenzy_line_at(r->grid->vary[v].line)->name;
}

void frenzy_search_describe(const struct frenzy_grid *g, struct report_search *s)
{
    s->nvary = g->nvary, s->den = frenzy_game_den(&g->base), s->unit = "Ante";
    for (int v = 0; v < g->nvary; v++) {
        const struct frenzy_vary *x = &g->vary[v];
        s->line[v] = frenzy_line_at(x->line)->name;
        s->lo[v] = x->lo, s->step[v] = x->step, s->last[v] = x->lo + (x->hi - x->lo) / x->step * x->step;
    }
}

static double value_of(const struct frenzy_search_report *r, const struct frenzy_result *x, int v)
{
    struct frenzy_game g = x->game;
    return (double)*frenzy_line_pay(&g, frenzy_line_at(r->grid->vary[v].line)) / (double)x->den;
}

static double hit_of(const struct frenzy_search_report *r, long i) { return wide_ratio(r->hits[i], slope_den()); }

void frenzy_search_print(FILE *f, const struct frenzy_search_report *r)
{
    const struct frenzy_grid *g = r->grid;
    fprintf(f, "# Paytable search: Four Card Frenzy, from %s (%s)\n\n", r->base_name, copy_words(g->base.copy));
    report_search_print(f, &r->search);
    if (r->nlisted == 0)
        fprintf(f, "No paytable of the grid lands in the band.\n");
    else {
        fprintf(f, "| # | paytable |");
        for (int v = 0; v < g->nvary; v++)
            fprintf(f, " %s |", line_name(r, v));
        fprintf(f, " house edge per Ante | per initial wager (2 units) | element of risk | hit frequency | "
                   "hands folded |\n|---:|---|");
        for (int v = 0; v < g->nvary; v++)
            fprintf(f, "---:|");
        fprintf(f, "---:|---:|---:|---:|---:|\n");
        for (long i = 0; i < r->nlisted; i++) {
            struct frenzy_figures fg;
            frenzy_result_figures(&r->listed[i], &fg);
            fprintf(f, "| %ld | %s |", i + 1, r->listed[i].paytable);
            for (int v = 0; v < g->nvary; v++)
                fprintf(f, " %g |", value_of(r, &r->listed[i], v));
            fprintf(f, " %.4f%% | %.4f%% | %.4f%% | %.4f%% | %.4f%% |\n", fg.edge, fg.edge_initial, fg.element_of_risk,
                    100 * hit_of(r, i), fg.folded);
        }
    }
    fprintf(f, "\nOne enumeration; each Odds row's hands priced once per pair of its two pays. %.2f s.\n", r->seconds);
}

json_object *frenzy_search_json(const struct frenzy_search_report *r)
{
    const struct frenzy_grid *g = r->grid;
    json_object *o = json_object_new_object(), *list = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "base", json_object_new_string(r->base_name));
    json_object_object_add(o, "copies", json_object_new_string(copy_words(g->base.copy)));
    report_search_json(o, &r->search);
    for (long i = 0; i < r->nlisted; i++) {
        const struct frenzy_result *x = &r->listed[i];
        struct frenzy_figures fg;
        frenzy_result_figures(x, &fg);
        json_object *p = json_object_new_object(), *values = json_object_new_object();
        json_object_object_add(p, "name", json_object_new_string(x->paytable));
        for (int v = 0; v < g->nvary; v++)
            json_object_object_add(values, line_name(r, v), json_object_new_double(value_of(r, x, v)));
        json_object_object_add(p, "values", values);
        json_object_object_add(p, "ev", report_exact_json(x->tot.ev, frenzy_money_den(x)));
        json_object_object_add(p, "house_edge_percent", json_object_new_double(fg.edge));
        json_object_object_add(p, "house_edge_per_initial_wager_percent", json_object_new_double(fg.edge_initial));
        json_object_object_add(p, "element_of_risk_percent", json_object_new_double(fg.element_of_risk));
        json_object_object_add(p, "hit_frequency", json_object_new_double(hit_of(r, i)));
        char frac[100];
        json_object_object_add(p, "hit_frequency_exact",
                               json_object_new_string(wide_fraction(r->hits[i], slope_den(), frac, sizeof frac)));
        json_object_object_add(p, "hands_folded_percent", json_object_new_double(fg.folded));
        json_object_array_add(list, p);
    }
    json_object_object_add(o, "paytables", list);
    const struct frenzy_result *x = r->nlisted ? &r->listed[0] : NULL;
    report_run_json(o, x ? x->threads : 0, x ? x->ranks : 1, x ? x->bind : BIND_CORE, r->seconds);
    return o;
}

void frenzy_search_csv(FILE *f, const struct frenzy_search_report *r)
{
    fprintf(f, "rank,paytable");
    for (int v = 0; v < r->grid->nvary; v++)
        fprintf(f, ",%s", line_name(r, v));
    fprintf(f, ",ev,ev_exact,house_edge_percent,house_edge_per_initial_wager_percent,element_of_risk_percent,"
               "hit_frequency,hands_folded_percent\n");
    for (long i = 0; i < r->nlisted; i++) {
        const struct frenzy_result *x = &r->listed[i];
        struct frenzy_figures fg;
        frenzy_result_figures(x, &fg);
        char frac[100];
        fprintf(f, "%ld,", i + 1);
        report_csv_field(f, x->paytable);
        for (int v = 0; v < r->grid->nvary; v++)
            fprintf(f, ",%.17g", value_of(r, x, v));
        fprintf(f, ",%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g\n", wide_ratio(x->tot.ev, frenzy_money_den(x)),
                wide_fraction(x->tot.ev, frenzy_money_den(x), frac, sizeof frac), fg.edge, fg.edge_initial,
                fg.element_of_risk, hit_of(r, i), fg.folded);
    }
}

/* ------------------------------------------------------------------ */

static void write_table(FILE *f, const struct frenzy_table *t, enum frenzy_table_kind kind, const char *section)
{
    char pay[64];
    fprintf(f, "\n[%s]\n", section);
    for (int i = 0; i < FRENZY_NLINES; i++) {
        const struct frenzy_line *l = frenzy_line_at(i);
        if (l->kind != kind)
            continue;
        int64_t p = t->pay[l->row];
        fprintf(f, "%s = %s\n", strchr(l->name, '.') + 1,
                p == -t->den ? "loss" : p == 0 ? "push" : report_pay_text(p, t->den, pay, sizeof pay));
    }
}

void frenzy_odds_paytable_write(FILE *f, const char *name, const struct frenzy_game *g)
{
    fprintf(f, "; written by fourcard design\n[game]\nname = %s\n", name);
    write_table(f, &g->win, FT_ODDS_WIN, "odds-win");
    write_table(f, &g->bad_beat, FT_BAD_BEAT, "odds-bad-beat");
}
