/* buyout_design_report.c — the Buyout designer's figures as Markdown, JSON
 * and CSV (buyout_design_report.h). */
#include "buyout_design_report.h"

#include <string.h>

#include "buyout_report.h"
#include "report_csv.h"
#include "report_json.h"

/* The figures of one paytable's line, in percent (hit: a share). */
struct figures {
    double ev, edge, initial, edge_initial, element_of_risk, hit, folded;
};

static void figures_of(const struct buyout_rules *r, const struct buyout_design_totals *t,
                       const struct buyout_design_dens *d, struct figures *g)
{
    g->ev = wide_ratio(t->ev, d->money);
    g->edge = -100 * g->ev;
    g->initial = buyout_initial_units(r);
    g->edge_initial = g->edge / g->initial;
    g->element_of_risk = -100 * wide_ratio(t->ev, t->wagered);
    g->hit = wide_ratio(t->hits, d->prob);
    g->folded = 100 * wide_ratio(t->folded, d->prob);
}

static const char *unit_of(const struct buyout_rules *r) { return r->bonus_alone ? "Bonus unit" : "First-bet unit"; }

/* "Bonus table 1, 1 Bonus unit per First-bet unit, six decks, ..." */
static void describe(FILE *f, const struct buyout_rules *r)
{
    char shoe[160], label[96], units[100];
    buyout_shoe_text(r, shoe, sizeof shoe);
    buyout_bonus_label(r, label, sizeof label);
    if (r->bonus_alone)
        fprintf(f, "%s played alone; %s", label, shoe);
    else
        fprintf(f, "%s beside the main game, %s Bonus unit per First-bet unit; %s; dealer's 5 cards: %s", label,
                wide_fraction(r->bonus_num, r->bonus_den, units, sizeof units), shoe,
                r->dealer_five == BUYOUT_FIVE_BEST4 ? "best four" : "all five");
}

static json_object *rules_json(json_object *o, const struct buyout_rules *r)
{
    char label[96];
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "bonus", json_object_new_string(buyout_bonus_label(r, label, sizeof label)));
    json_object_object_add(o, "bonus_alone", json_object_new_boolean(r->bonus_alone));
    json_object_object_add(o, "bonus_units", report_exact_json(r->bonus_num, r->bonus_den));
    json_object_object_add(o, "game_rules", buyout_rules_json(r));
    return o;
}

static const char *pay_text(int pay, char *buf, size_t len)
{
    if (pay < 0)
        return "loses";
    snprintf(buf, len, "%d", pay);
    return buf;
}

/* ------------------------------------------------------------------ */

void buyout_sensitivity_print(FILE *f, const struct buyout_sensitivity *s, const struct buyout_design_run *run)
{
    const struct buyout_rules *r = &s->rules;
    char frac[100], name[32], pay[32], iv[160];
    fprintf(f, "# Pay line sensitivity: 4 Card Buyout\n\n");
    describe(f, r);
    fprintf(f, ".\n\nEV of a round per %s: %+.6f%% (exact %s); house edge %.6f%%.\n\n", unit_of(r),
            100 * wide_ratio(s->base.ev, s->dens.money), wide_fraction(s->base.ev, s->dens.money, frac, sizeof frac),
            -100 * wide_ratio(s->base.ev, s->dens.money));
    fprintf(f, "For each line of the Bonus table (a run of points with one pay): the exact change in the EV per "
               "%s for +1 on its pay (every point of the line), at this table's optimal strategy, and the values "
               "of the pay over which that strategy stays optimal at every decision, reached or not (inside, the EV "
               "is exactly linear in the pay; JSON has the ends exactly). A pay of -1 loses the Bonus, 0 pushes.%s"
               "\n\n",
            unit_of(r), r->bonus_alone ? " Played alone, the Bonus has no decision: every line's change is its "
                                         "points' frequency."
                                       : "");
    fprintf(f, "| line | pay | EV change per +1 | exact | moves a decision | strategy stays optimal for the pay in |\n"
               "|---|---:|---:|---|---|---|\n");
    for (int i = 0; i < s->nlines; i++) {
        const struct buyout_line_sensitivity *l = &s->lines[i];
        fprintf(f, "| %s | %s | %+.6f%% | %s | %s | %s |\n", buyout_line_name(l->line, name, sizeof name),
                pay_text(l->pay, pay, sizeof pay), 100 * wide_ratio(l->d_ev, s->dens.money),
                wide_fraction(l->d_ev, s->dens.money, frac, sizeof frac), l->decisions ? "yes" : "no",
                l->decisions ? report_interval_text(&l->low, &l->high, iv, sizeof iv)
                             : "any (no decision depends on it)");
    }
    fprintf(f, "\nOne pass over the classes; %.2f s.\n", run->seconds);
}

json_object *buyout_sensitivity_json(const struct buyout_sensitivity *s, const struct buyout_design_run *run)
{
    json_object *o = rules_json(json_object_new_object(), &s->rules), *lines = json_object_new_array();
    json_object_object_add(o, "ev", report_exact_json(s->base.ev, s->dens.money));
    json_object_object_add(o, "ev_per", json_object_new_string(unit_of(&s->rules)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(s->base.ev, s->dens.money)));
    for (int i = 0; i < s->nlines; i++) {
        const struct buyout_line_sensitivity *l = &s->lines[i];
        json_object *x = json_object_new_object();
        char name[32];
        json_object_object_add(x, "line", json_object_new_string(buyout_line_name(l->line, name, sizeof name)));
        json_object_object_add(x, "points_low", json_object_new_int(l->line.lo));
        json_object_object_add(x, "points_high", json_object_new_int(l->line.hi));
        json_object_object_add(x, "pay", json_object_new_int(l->pay));
        json_object_object_add(x, "d_ev", report_exact_json(l->d_ev, s->dens.money));
        json_object_object_add(x, "decisions", json_object_new_boolean(l->decisions));
        report_interval_json(x, &l->low, &l->high, l->decisions);
        json_object_array_add(lines, x);
    }
    json_object_object_add(o, "lines", lines);
    report_run_json(o, run->threads, run->ranks, run->bind, run->seconds);
    return o;
}

void buyout_sensitivity_csv(FILE *f, const struct buyout_sensitivity *s)
{
    fprintf(f, "line,points_low,points_high,pay,d_ev,d_ev_exact,decisions,low,low_exact,low_included,high,high_exact,"
               "high_included\n");
    for (int i = 0; i < s->nlines; i++) {
        const struct buyout_line_sensitivity *l = &s->lines[i];
        char name[32], frac[100];
        fprintf(f, "%s,%d,%d,%d,%.17g,%s,%s", buyout_line_name(l->line, name, sizeof name), l->line.lo, l->line.hi,
                l->pay, wide_ratio(l->d_ev, s->dens.money), wide_fraction(l->d_ev, s->dens.money, frac, sizeof frac),
                l->decisions ? "true" : "false");
        report_interval_csv(f, &l->low, &l->high, l->decisions);
        fprintf(f, "\n");
    }
}

/* ------------------------------------------------------------------ */

void buyout_search_describe(struct buyout_search_report *r)
{
    struct report_search *s = &r->search;
    s->nvary = r->grid->nvary, s->den = 1, s->unit = unit_of(r->rules);
    for (int v = 0; v < s->nvary; v++) {
        const struct buyout_vary *x = &r->grid->vary[v];
        s->line[v] = buyout_line_name(x->line, r->vary_names[v], sizeof r->vary_names[v]);
        s->lo[v] = x->lo, s->step[v] = x->step, s->last[v] = x->lo + (x->hi - x->lo) / x->step * x->step;
    }
}

static int value_of(const struct buyout_search_report *r, long i, int v)
{
    return r->pays[i].pay[r->grid->vary[v].line.lo];
}

void buyout_search_print(FILE *f, const struct buyout_search_report *r)
{
    fprintf(f, "# Paytable search: 4 Card Buyout, from %s\n\n", r->base_name);
    describe(f, r->rules);
    fprintf(f, ".\n\n");
    report_search_print(f, &r->search);
    if (r->nlisted == 0)
        fprintf(f, "No paytable of the grid lands in the band.\n");
    else {
        fprintf(f, "| # | paytable |");
        for (int v = 0; v < r->search.nvary; v++)
            fprintf(f, " %s |", r->search.line[v]);
        fprintf(f, " house edge per %s | per initial wager | element of risk | hit frequency | rounds folded |\n"
                   "|---:|---|",
                unit_of(r->rules));
        for (int v = 0; v < r->search.nvary; v++)
            fprintf(f, "---:|");
        fprintf(f, "---:|---:|---:|---:|---:|\n");
        for (long i = 0; i < r->nlisted; i++) {
            struct figures g;
            figures_of(r->rules, &r->tot[i], &r->dens, &g);
            fprintf(f, "| %ld | %s |", i + 1, r->names[i]);
            for (int v = 0; v < r->search.nvary; v++)
                fprintf(f, " %d |", value_of(r, i, v));
            fprintf(f, " %.4f%% | %.4f%% (%g units) | %.4f%% | %.4f%% | %.4f%% |\n", g.edge, g.edge_initial, g.initial,
                    g.element_of_risk, 100 * g.hit, g.folded);
        }
    }
    fprintf(f, "\nHit frequency: rounds whose net, the Bonus's result included, is above 0. One pass over the "
               "classes: the dealer's showdowns counted once, every paytable priced with its own optimal strategy. "
               "%.2f s.\n",
            r->run.seconds);
}

json_object *buyout_search_json(const struct buyout_search_report *r)
{
    json_object *o = rules_json(json_object_new_object(), r->rules), *list = json_object_new_array();
    json_object_object_add(o, "base", json_object_new_string(r->base_name));
    report_search_json(o, &r->search);
    for (long i = 0; i < r->nlisted; i++) {
        struct figures g;
        figures_of(r->rules, &r->tot[i], &r->dens, &g);
        json_object *p = json_object_new_object(), *values = json_object_new_object();
        json_object_object_add(p, "name", json_object_new_string(r->names[i]));
        for (int v = 0; v < r->search.nvary; v++)
            json_object_object_add(values, r->search.line[v], json_object_new_int(value_of(r, i, v)));
        json_object_object_add(p, "values", values);
        json_object_object_add(p, "ev", report_exact_json(r->tot[i].ev, r->dens.money));
        json_object_object_add(p, "house_edge_percent", json_object_new_double(g.edge));
        json_object_object_add(p, "house_edge_per_initial_wager_percent", json_object_new_double(g.edge_initial));
        json_object_object_add(p, "element_of_risk_percent", json_object_new_double(g.element_of_risk));
        json_object_object_add(p, "average_wager", report_exact_json(r->tot[i].wagered, r->dens.money));
        json_object_object_add(p, "hit_frequency", json_object_new_double(g.hit));
        char frac[100];
        json_object_object_add(p, "hit_frequency_exact",
                               json_object_new_string(wide_fraction(r->tot[i].hits, r->dens.prob, frac, sizeof frac)));
        json_object_object_add(p, "rounds_folded_percent", json_object_new_double(g.folded));
        json_object_object_add(p, "rounds_folded_exact",
                               json_object_new_string(wide_fraction(r->tot[i].folded, r->dens.prob, frac, sizeof frac)));
        json_object_array_add(list, p);
    }
    json_object_object_add(o, "paytables", list);
    report_run_json(o, r->run.threads, r->run.ranks, r->run.bind, r->run.seconds);
    return o;
}

void buyout_search_csv(FILE *f, const struct buyout_search_report *r)
{
    fprintf(f, "rank,paytable");
    for (int v = 0; v < r->search.nvary; v++)
        fprintf(f, ",%s", r->search.line[v]);
    fprintf(f, ",ev,ev_exact,house_edge_percent,house_edge_per_initial_wager_percent,element_of_risk_percent,"
               "hit_frequency,rounds_folded_percent\n");
    for (long i = 0; i < r->nlisted; i++) {
        struct figures g;
        figures_of(r->rules, &r->tot[i], &r->dens, &g);
        char frac[100];
        fprintf(f, "%ld,", i + 1);
        report_csv_field(f, r->names[i]);
        for (int v = 0; v < r->search.nvary; v++)
            fprintf(f, ",%d", value_of(r, i, v));
        fprintf(f, ",%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g\n", g.ev,
                wide_fraction(r->tot[i].ev, r->dens.money, frac, sizeof frac), g.edge, g.edge_initial,
                g.element_of_risk, g.hit, g.folded);
    }
}

/* ------------------------------------------------------------------ */

void buyout_pays_write(FILE *f, const char *name, const struct buyout_pays *p)
{
    fprintf(f, "; written by fourcard design\n[game]\nname = %s\n\n[bonus]\n", name);
    for (int hi = BUYOUT_MAXP; hi >= 0;) { /* runs of one pay, highest first */
        int lo = hi;
        while (lo > 0 && p->pay[lo - 1] == p->pay[hi])
            lo--;
        if (p->pay[hi] >= 0) {
            if (lo == hi)
                fprintf(f, "%d = %d\n", hi, p->pay[hi]);
            else
                fprintf(f, "%d-%d = %d\n", lo, hi, p->pay[hi]);
        }
        hi = lo - 1;
    }
    fprintf(f, "; points not listed lose the Bonus\n");
}
