/* par_html.c — a finished PAR sheet as one printable HTML page: the
 * headline figures, the rules, a chart of the net result of a round, the
 * return tables (Pays, Combinations, Probability, Return and a total row
 * equal to the exact EV), the volatility, the frequency tables with the
 * return of each row drawn as a bar, and the side bets.  The same figures
 * as the Markdown sheet, from the same exact counts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html_page.h"
#include "par_sheet.h"
#include "par_volatility.h"

static char *exact_text(struct par_frac f, char *buf, size_t len)
{
    if (!f.ok)
        snprintf(buf, len, "(beyond 128 bits)");
    else
        wide_fraction(f.num, f.den, buf, len);
    return buf;
}

static void count_cell(FILE *f, wide_t v)
{
    char buf[48];
    fputs("<td class=\"n\">", f);
    html_count(f, wide_format(v, buf, sizeof buf));
    fputs("</td>", f);
}

static void headline(FILE *f, const struct par_sheet *s)
{
    fputs("<div class=\"headline\">", f);
    fputs("<div>house edge per ", f), html_text(f, s->unit);
    fprintf(f, "<b>%.4f%%</b></div>", 100 * par_frac_value(s->house_edge));
    fprintf(f, "<div>per initial wager<b>%.4f%%</b></div>", 100 * par_frac_value(s->house_edge_initial));
    fprintf(f, "<div>element of risk<b>%.4f%%</b></div>", 100 * par_frac_value(s->element_of_risk));
    fprintf(f, "<div>hit frequency<b>%.4f</b></div>", par_frac_value(s->m.hit));
    fprintf(f, "<div>standard deviation<b>%.4f</b></div>", s->m.sd);
    fputs("</div>\n", f);
}

static void readings(FILE *f, const struct par_sheet *s)
{
    fputs("<h2>Rules and readings</h2>\n<table>\n", f);
    for (int i = 0; i < s->nreadings; i++) {
        fputs("<tr><th>", f);
        html_text(f, s->readings[i].key);
        fputs("</th><td>", f);
        html_text(f, s->readings[i].value);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void summary(FILE *f, const struct par_sheet *s)
{
    char buf[100];
    struct par_figure fig[PAR_NFIGURES];
    par_sheet_figures(s, fig);
    fputs("<h2>Summary</h2>\n<table>\n<tr><th>figure</th><th class=\"n\">value</th><th>exact</th></tr>\n", f);
    for (int i = 0; i < PAR_NFIGURES; i++) {
        double v = par_frac_value(fig[i].f);
        fputs("<tr><td>", f);
        html_text(f, fig[i].label);
        if (fig[i].percent)
            fprintf(f, "</td><td class=\"n\">%.6f%%</td>", 100 * v);
        else
            fprintf(f, "</td><td class=\"n\">%.9f</td>", v);
        fprintf(f, "<td class=\"x\">%s</td></tr>\n", exact_text(fig[i].f, buf, sizeof buf));
    }
    fprintf(f, "<tr><td>standard deviation (units)</td><td class=\"n\">%.9f</td><td class=\"x\">square root of the "
               "exact variance</td></tr>\n</table>\n<p class=\"note\">Rounds counted: ", s->m.sd);
    html_count(f, wide_format(s->dist.total, buf, sizeof buf));
    fputs(" (every deal, exactly). ", f);
    html_text(f, s->hit_note);
    fputs(".</p>\n", f);
}

static void bets(FILE *f, const struct par_sheet *s)
{
    char buf[100];
    double scale = 0;
    for (int i = 0; i < s->nbets; i++)
        scale = fmax(scale, fabs(par_frac_value(s->bets[i].ev)));
    fputs("<h2>Bets</h2>\n<p>Each bet's part of the round's EV, per ", f);
    html_text(f, s->unit);
    fputs(".</p>\n<table>\n<tr><th>bet</th><th class=\"n\">return</th><th></th><th>exact</th><th>note</th></tr>\n", f);
    for (int i = 0; i < s->nbets; i++) {
        fputs("<tr><td>", f);
        html_text(f, s->bets[i].name);
        fprintf(f, "</td><td class=\"n\">%+.9f</td><td>", par_frac_value(s->bets[i].ev));
        html_value_bar(f, par_frac_value(s->bets[i].ev), scale);
        fprintf(f, "</td><td class=\"x\">%s</td><td>", exact_text(s->bets[i].ev, buf, sizeof buf));
        html_text(f, s->bets[i].note);
        fputs("</td></tr>\n", f);
    }
    fprintf(f, "<tr class=\"total\"><td>all</td><td class=\"n\">%+.9f</td><td></td><td class=\"x\">%s</td>"
               "<td>equals the round's EV</td></tr>\n</table>\n",
            par_frac_value(s->bets_sum), exact_text(s->bets_sum, buf, sizeof buf));
}

/* The chart of a round's net result: one bar per value, its probability. */
static void dist_chart(FILE *f, const struct par_sheet *s)
{
    const struct par_dist *d = &s->dist;
    size_t n = (size_t)d->n + 1;
    char(*text)[40] = calloc(n, sizeof *text);
    const char **labels = calloc(n, sizeof *labels);
    double *h = calloc(n, sizeof *h);
    int *sign = calloc(n, sizeof *sign);
    if (text && labels && h && sign) {
        for (int i = 0; i < d->n; i++) {
            labels[i] = par_net_text(d->rows[i].value, d->value_den, text[i], sizeof text[i]);
            h[i] = par_frac_value(par_frac_make(d->rows[i].count, d->total));
            sign[i] = d->rows[i].value < 0 ? -1 : d->rows[i].value > 0;
        }
        char title[PAR_NAME + 120];
        snprintf(title, sizeof title,
                 "The net result of a round in units of the %s (red a loss, grey a push, green a win).", s->unit);
        html_bar_chart(f, &(struct html_bars){d->n, labels, h, sign, title, "probability"});
    }
    free(text), free(labels), free(h), free(sign);
}

/* A return table of a distribution: one row per outcome (named, or by its
 * net result), its pay, count, probability and return (pay x
 * probability), then a total row whose return is the exact EV. */
static void return_table(FILE *f, const struct par_dist *d, bool named, const struct par_moments *m)
{
    char buf[100];
    fputs("<table>\n<tr>", f);
    fputs(named ? "<th>outcome</th><th class=\"n\">pays</th>" : "<th class=\"n\">net result</th>", f);
    fputs("<th class=\"n\">combinations</th><th class=\"n\">probability</th><th class=\"n\">return</th></tr>\n", f);
    for (int i = 0; i < d->n; i++) {
        const struct par_outcome *o = &d->rows[i];
        fputs("<tr>", f);
        if (named)
            fputs("<td>", f), html_text(f, o->name), fputs("</td>", f);
        par_net_text(o->value, d->value_den, buf, sizeof buf);
        fprintf(f, "<td class=\"n\">%s</td>", buf);
        count_cell(f, o->count);
        struct par_frac p = par_frac_make(o->count, d->total);
        fprintf(f, "<td class=\"n\">%.10f</td><td class=\"n\">%+.9f</td></tr>\n", par_frac_value(p),
                par_frac_value(p) * (double)o->value / (double)d->value_den);
    }
    fprintf(f, "<tr class=\"total\"><td%s>total</td>", named ? " colspan=\"2\"" : "");
    count_cell(f, d->total);
    fprintf(f, "<td class=\"n\">1</td><td class=\"n\">%+.9f</td></tr>\n</table>\n", par_frac_value(m->ev));
    fprintf(f, "<p class=\"note\">Total return = the EV, exactly %s.</p>\n", exact_text(m->ev, buf, sizeof buf));
}

static void volatility(FILE *f, const struct par_sheet *s)
{
    const struct par_volatility *v = s->vol;
    if (!v || !v->ok)
        return;
    fputs("<h2>Volatility</h2>\n<p>The player's net result after many rounds, in units of the ", f);
    html_text(f, s->unit);
    fputs(": the range that holds the middle 90%, 95% and 99% of players.</p>\n<table>\n<tr><th class=\"n\">rounds</th>"
          "<th class=\"n\">90% range</th><th class=\"n\">95% range</th><th class=\"n\">99% range</th><th>method</th>"
          "</tr>\n", f);
    for (int k = 0; k < PAR_VOL_NROUNDS; k++) {
        fprintf(f, "<tr><td class=\"n\">%ld</td>", v->rounds[k]);
        for (int l = 0; l < PAR_VOL_NLEVELS; l++)
            fprintf(f, "<td class=\"n\">%+.1f to %+.1f</td>", v->low[k][l], v->high[k][l]);
        fprintf(f, "<td>%s</td></tr>\n",
                v->convolved[k] ? "the exact distribution convolved (floating point)" : "normal approximation");
    }
    fputs("</table>\n", f);
}

static void freq_table(FILE *f, const struct par_table *t)
{
    bool values = t->value_label[0];
    double scale = 0;
    for (int i = 0; values && i < t->n; i++)
        if (t->rows[i].has_value)
            scale = fmax(scale, fabs(par_frac_value(par_frac_make(t->rows[i].value, t->value_den))));
    fputs("<h3>", f), html_text(f, t->title), fputs("</h3>\n<p class=\"note\">Counts of ", f);
    html_text(f, t->of);
    fputs(".</p>\n<table>\n<tr><th></th><th class=\"n\">count</th><th class=\"n\">frequency</th>", f);
    if (values)
        fputs("<th class=\"n\">", f), html_text(f, t->value_label), fputs("</th><th></th>", f);
    fputs("</tr>\n", f);
    for (int i = 0; i < t->n; i++) {
        const struct par_row *r = &t->rows[i];
        fputs("<tr><td>", f), html_text(f, r->name), fputs("</td>", f);
        count_cell(f, r->count);
        fprintf(f, "<td class=\"n\">%.10f</td>", par_frac_value(par_frac_make(r->count, t->total)));
        if (values && r->has_value) {
            double v = par_frac_value(par_frac_make(r->value, t->value_den));
            fprintf(f, "<td class=\"n\">%+.9f</td><td>", v);
            html_value_bar(f, v, scale);
            fputs("</td>", f);
        } else if (values)
            fputs("<td></td><td></td>", f);
        fputs("</tr>\n", f);
    }
    bool has_sum;
    wide_t sum;
    if (par_table_partition(t, &has_sum, &sum)) {
        fputs("<tr class=\"total\"><td>total</td>", f);
        count_cell(f, t->total);
        fputs("<td class=\"n\">1</td>", f);
        if (values && has_sum)
            fprintf(f, "<td class=\"n\">%+.9f</td><td></td>", par_frac_value(par_frac_make(sum, t->value_den)));
        else if (values)
            fputs("<td></td><td></td>", f);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void side(FILE *f, const struct par_side *b)
{
    fputs("<h3>", f), html_text(f, b->name), fputs("</h3>\n<p>", f);
    html_text(f, b->note);
    fprintf(f, "</p>\n<p>House edge <b>%.6f%%</b> (EV %+.9f per unit bet), hit frequency %.9f, standard deviation "
               "%.6f.</p>\n", -100 * par_frac_value(b->m.ev), par_frac_value(b->m.ev), par_frac_value(b->m.hit), b->m.sd);
    return_table(f, &b->dist, true, &b->m);
}

/* A jackpot: its prizes, a chart of its return against the meter for 1
 * to 7 players (straight lines, exact), and the break-even meters. */
static void jackpot(FILE *f, const struct par_jackpot *j)
{
    fputs("<h3>", f), html_text(f, j->name), fputs("</h3>\n<p>", f), html_text(f, j->note);
    fprintf(f, " Priced at a meter of $%.2f.</p>\n<table>\n<tr><th>hand</th><th>prize</th><th class=\"n\">combinations"
               "</th><th class=\"n\">probability</th></tr>\n", j->meter);
    for (int i = 0; i < j->nrows; i++) {
        fputs("<tr><td>", f), html_text(f, j->rows[i].name), fputs("</td><td>", f), html_text(f, j->rows[i].prize);
        fputs("</td>", f);
        count_cell(f, j->rows[i].count);
        fprintf(f, "<td class=\"n\">%.10f</td></tr>\n", par_frac_value(par_frac_make(j->rows[i].count, j->total)));
    }
    fputs("</table>\n", f);
    char labels[PAR_MAX_PLAYERS][24];
    const char *names[PAR_MAX_PLAYERS];
    double a[PAR_MAX_PLAYERS], b[PAR_MAX_PLAYERS], x_max = 2 * j->meter;
    for (int k = 0; k < j->nplayers; k++) {
        snprintf(labels[k], sizeof labels[k], "%d player%s", k + 1, k ? "s" : "");
        names[k] = labels[k], a[k] = j->at[k].base, b[k] = j->at[k].per_meter;
        if (j->at[k].breaks_even && j->at[k].break_even * 1.2 > x_max)
            x_max = j->at[k].break_even * 1.2;
    }
    char title[PAR_NAME + 160];
    snprintf(title, sizeof title, "%s: EV per $1 against the meter, for each number of players betting it "
                                  "(dashed: the meter priced).", j->name);
    html_line_chart(f, &(struct html_lines){j->nplayers, names, a, b, x_max, j->meter, title, "meter ($)", "EV per $1"});
    fputs("<table>\n<tr><th class=\"n\">players</th><th class=\"n\">EV per $1 at the meter</th>"
          "<th class=\"n\">house edge</th><th class=\"n\">break-even meter</th><th>exact EV</th></tr>\n", f);
    for (int k = 0; k < j->nplayers; k++) {
        const struct par_jackpot_players *p = &j->at[k];
        fprintf(f, "<tr><td class=\"n\">%d</td><td class=\"n\">%+.6f</td><td class=\"n\">%.4f%%</td>", k + 1, p->ev,
                -100 * p->ev);
        p->breaks_even ? fprintf(f, "<td class=\"n\">$%.2f</td>", p->break_even) : fputs("<td class=\"n\">never</td>", f);
        fputs("<td class=\"x\">", f), html_text(f, p->ev_exact), fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

void par_sheet_write_html(const struct par_sheet *s, FILE *f)
{
    char title[2 * PAR_NAME + 16];
    snprintf(title, sizeof title, "PAR sheet: %s, %s", s->game_name, s->preset);
    html_begin(f, title, NULL);
    fputs("<h1>", f), html_text(f, title), fputs("</h1>\n<p>Money in units of the ", f);
    html_text(f, s->unit);
    fputs("; a round's net result counts every wager of the round.</p>\n", f);
    headline(f, s);
    readings(f, s);
    summary(f, s);
    bets(f, s);
    fputs("<h2>Net result of a round</h2>\n", f);
    dist_chart(f, s);
    return_table(f, &s->dist, false, &s->m);
    volatility(f, s);
    if (s->ntables)
        fputs("<h2>Frequencies</h2>\n", f);
    for (int i = 0; i < s->ntables; i++)
        freq_table(f, s->tables[i]);
    if (s->nsides)
        fputs("<h2>Bets paid by a pay table</h2>\n<p class=\"note\">Side bets, and bets of the round settled on "
              "the cards alone: each line's pay (to 1), combinations, probability and return; the total row is "
              "the bet's exact EV.</p>\n", f);
    for (int i = 0; i < s->nsides; i++)
        side(f, s->sides[i]);
    if (s->njackpots)
        fputs("<h2>Jackpots</h2>\n", f);
    for (int i = 0; i < s->njackpots; i++)
        jackpot(f, s->jackpots[i]);
    fputs("<h2>Checks</h2>\n<p>The counts of the net result add up to the rounds; their mean is exactly the EV of the "
          "solve; the bets add up to it. (The sheet is not written otherwise.)</p>\n", f);
    html_end(f, "Made by fourcard from the exact counts of every deal; doubles only for display.");
}
