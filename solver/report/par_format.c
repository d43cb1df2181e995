/* par_format.c — a finished PAR sheet as Markdown (for people) and JSON
 * (json-c); par_csv.c writes its CSV, par_html.c its page.  Every number
 * comes from the sheet's exact counts; doubles are for display only. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "par_sheet.h"
#include "par_volatility.h"
#include "report_json.h"

/* ------------------------------------------------------------------ */
/* Shared pieces                                                       */
/* ------------------------------------------------------------------ */

static char *frac_text(struct par_frac f, char *buf, size_t len)
{
    if (!f.ok)
        snprintf(buf, len, "%.12g", par_frac_value(f));
    else
        wide_fraction(f.num, f.den, buf, len);
    return buf;
}

static double pct(struct par_frac f) { return 100.0 * par_frac_value(f); }

static struct par_frac count_frac(wide_t count, wide_t total) { return par_frac_make(count, total); }

void par_sheet_figures(const struct par_sheet *s, struct par_figure out[PAR_NFIGURES])
{
    const struct par_figure f[PAR_NFIGURES] = {
        {"ev", "EV of a round per unit", s->m.ev, false},
        {"house_edge", "house edge per unit", s->house_edge, true},
        {"house_edge_per_initial_wager", "house edge per initial wager", s->house_edge_initial, true},
        {"element_of_risk", "element of risk (per unit wagered)", s->element_of_risk, true},
        {"initial_wager", "initial wager (units)", s->initial_wager, false},
        {"average_wager", "average total wager (units)", s->average_wager, false},
        {"hit", "hit frequency (net > 0)", s->m.hit, false},
        {"push", "push frequency (net = 0)", s->m.push, false},
        {"loss", "loss frequency (net < 0)", s->m.loss, false},
        {"second_moment", "E[X^2] (units squared)", s->m.ex2, false},
    };
    memcpy(out, f, sizeof f);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static json_object *frac_json(struct par_frac f)
{
    char buf[100];
    json_object *o = json_object_new_object();
    if (f.ok)
        json_object_object_add(o, "exact", json_object_new_string(frac_text(f, buf, sizeof buf)));
    json_object_object_add(o, "value", json_object_new_double(par_frac_value(f)));
    return o;
}

/* KEY_percent, a number, and KEY_percent_exact, 100 f as "p/q" beside it
 * (when f is exact): one figure on one scale. */
static void add_percent(json_object *o, const char *key, struct par_frac f)
{
    char name[80], buf[100];
    struct par_frac p = par_frac_div(f, par_frac_make(1, 100));
    snprintf(name, sizeof name, "%s_percent", key);
    json_object_object_add(o, name, json_object_new_double(pct(f)));
    snprintf(name, sizeof name, "%s_percent_exact", key);
    if (p.ok)
        json_object_object_add(o, name, json_object_new_string(frac_text(p, buf, sizeof buf)));
}

static json_object *count_json(wide_t v)
{
    char buf[48];
    return json_object_new_string(wide_format(v, buf, sizeof buf)); /* may pass 2^64 */
}

static json_object *dist_json(const struct par_dist *d, bool named)
{
    json_object *arr = json_object_new_array();
    for (int i = 0; i < d->n; i++) {
        const struct par_outcome *o = &d->rows[i];
        json_object *r = json_object_new_object();
        if (named) /* a row's label is its "name", as in the tables */
            json_object_object_add(r, "name", json_object_new_string(o->name));
        json_object_object_add(r, "net", frac_json(par_frac_make(o->value, d->value_den)));
        json_object_object_add(r, "count", count_json(o->count));
        json_object_object_add(r, "probability", frac_json(count_frac(o->count, d->total)));
        json_object_array_add(arr, r);
    }
    return arr;
}

static void add_moments(json_object *o, const struct par_moments *m)
{
    json_object_object_add(o, "ev", frac_json(m->ev));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-pct(m->ev)));
    json_object_object_add(o, "hit_frequency", json_object_new_double(par_frac_value(m->hit)));
    json_object_object_add(o, "hit", frac_json(m->hit));
    json_object_object_add(o, "push_frequency", json_object_new_double(par_frac_value(m->push)));
    json_object_object_add(o, "loss_frequency", json_object_new_double(par_frac_value(m->loss)));
    json_object_object_add(o, "second_moment", frac_json(m->ex2));
    json_object_object_add(o, "variance", json_object_new_double(m->variance));
    json_object_object_add(o, "standard_deviation", json_object_new_double(m->sd));
}

static json_object *table_json(const struct par_table *t)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "title", json_object_new_string(t->title));
    json_object_object_add(o, "of", json_object_new_string(t->of));
    json_object_object_add(o, "total", count_json(t->total));
    if (t->value_label[0]) /* what the rows' "value" figures are */
        json_object_object_add(o, "value_label", json_object_new_string(t->value_label));
    for (int i = 0; i < t->n; i++) {
        const struct par_row *r = &t->rows[i];
        json_object *row = json_object_new_object();
        json_object_object_add(row, "name", json_object_new_string(r->name));
        for (int k = 0; k < r->nfields; k++)
            json_object_object_add(row, r->fields[k].key,
                                   r->fields[k].number ? json_object_new_int64(strtoll(r->fields[k].value, NULL, 10))
                                                       : json_object_new_string(r->fields[k].value));
        json_object_object_add(row, "count", count_json(r->count));
        json_object_object_add(row, "probability", frac_json(count_frac(r->count, t->total)));
        if (r->has_value)
            json_object_object_add(row, "value", frac_json(par_frac_make(r->value, t->value_den)));
        json_object_array_add(rows, row);
    }
    json_object_object_add(o, "rows", rows);
    return o;
}

static json_object *side_json(const struct par_side *b)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "name", json_object_new_string(b->name));
    json_object_object_add(o, "note", json_object_new_string(b->note));
    json_object_object_add(o, "in_round", json_object_new_boolean(b->in_round));
    json_object_object_add(o, "total", count_json(b->dist.total));
    add_moments(o, &b->m);
    json_object_object_add(o, "outcomes", dist_json(&b->dist, true));
    return o;
}

static json_object *volatility_json(const struct par_volatility *v)
{
    if (!v || !v->ok)
        return NULL;
    json_object *a = json_object_new_array();
    for (int k = 0; k < PAR_VOL_NROUNDS; k++) {
        json_object *o = json_object_new_object(), *ranges = json_object_new_array();
        json_object_object_add(o, "rounds", json_object_new_int64(v->rounds[k]));
        json_object_object_add(o, "method", json_object_new_string(v->convolved[k] ? "convolution" : "normal approximation"));
        for (int l = 0; l < PAR_VOL_NLEVELS; l++) {
            json_object *r = json_object_new_object();
            json_object_object_add(r, "level", json_object_new_double(v->level[l]));
            json_object_object_add(r, "low", json_object_new_double(v->low[k][l]));
            json_object_object_add(r, "high", json_object_new_double(v->high[k][l]));
            json_object_array_add(ranges, r);
        }
        json_object_object_add(o, "ranges", ranges);
        json_object_array_add(a, o);
    }
    return a;
}

static json_object *text_pair_json(const char *exact, double value)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "exact", json_object_new_string(exact));
    json_object_object_add(o, "value", json_object_new_double(value));
    return o;
}

static json_object *jackpot_json(const struct par_jackpot *j)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array(), *players = json_object_new_array();
    json_object_object_add(o, "name", json_object_new_string(j->name));
    json_object_object_add(o, "note", json_object_new_string(j->note));
    json_object_object_add(o, "meter", json_object_new_double(j->meter));
    json_object_object_add(o, "total", count_json(j->total));
    for (int i = 0; i < j->nrows; i++) {
        json_object *r = json_object_new_object();
        json_object_object_add(r, "name", json_object_new_string(j->rows[i].name));
        json_object_object_add(r, "prize", json_object_new_string(j->rows[i].prize));
        json_object_object_add(r, "count", count_json(j->rows[i].count));
        json_object_object_add(r, "probability", frac_json(count_frac(j->rows[i].count, j->total)));
        json_object_array_add(rows, r);
    }
    for (int k = 0; k < j->nplayers; k++) {
        const struct par_jackpot_players *p = &j->at[k];
        json_object *r = json_object_new_object();
        json_object_object_add(r, "players", json_object_new_int(k + 1));
        json_object_object_add(r, "ev", text_pair_json(p->ev_exact, p->ev));
        json_object_object_add(r, "house_edge_percent", json_object_new_double(-100 * p->ev));
        json_object_object_add(r, "ev_empty_meter", json_object_new_double(p->base));
        json_object_object_add(r, "ev_per_meter_dollar", json_object_new_double(p->per_meter));
        json_object_object_add(r, "break_even_meter",
                               p->breaks_even ? text_pair_json(p->break_even_exact, p->break_even) : NULL);
        json_object_array_add(players, r);
    }
    json_object_object_add(o, "rows", rows);
    json_object_object_add(o, "players", players);
    return o;
}

json_object *par_sheet_json(const struct par_sheet *s)
{
    json_object *o = json_object_new_object(), *readings = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string(s->game));
    json_object_object_add(o, "game_name", json_object_new_string(s->game_name));
    json_object_object_add(o, "preset", json_object_new_string(s->preset));
    json_object_object_add(o, "unit", json_object_new_string(s->unit));
    for (int i = 0; i < s->nreadings; i++)
        json_object_object_add(readings, s->readings[i].key, json_object_new_string(s->readings[i].value));
    json_object_object_add(o, "readings", readings);
    json_object_object_add(o, "rounds", count_json(s->dist.total));
    json_object_object_add(o, "ev_percent", json_object_new_double(pct(s->m.ev)));
    add_percent(o, "house_edge", s->house_edge);
    add_percent(o, "house_edge_per_initial_wager", s->house_edge_initial);
    add_percent(o, "element_of_risk", s->element_of_risk);
    json_object_object_add(o, "hit_frequency", json_object_new_double(par_frac_value(s->m.hit)));
    json_object_object_add(o, "standard_deviation", json_object_new_double(s->m.sd));
    json_object_object_add(o, "variance", json_object_new_double(s->m.variance));
    json_object_object_add(o, "hit_note", json_object_new_string(s->hit_note));
    struct par_figure f[PAR_NFIGURES];
    par_sheet_figures(s, f);
    for (int i = 0; i < PAR_NFIGURES; i++)
        if (!f[i].percent) /* the percentages are above, exact beside them */
            json_object_object_add(o, f[i].key, frac_json(f[i].f));
    json_object_object_add(o, "distribution", dist_json(&s->dist, false));
    json_object_object_add(o, "volatility", volatility_json(s->vol));
    json_object *bets = json_object_new_array(), *tables = json_object_new_array(), *sides = json_object_new_array();
    for (int i = 0; i < s->nbets; i++) {
        json_object *b = json_object_new_object();
        json_object_object_add(b, "id", json_object_new_string(s->bets[i].id));
        json_object_object_add(b, "name", json_object_new_string(s->bets[i].name));
        json_object_object_add(b, "ev", frac_json(s->bets[i].ev));
        json_object_object_add(b, "note", json_object_new_string(s->bets[i].note));
        json_object_array_add(bets, b);
    }
    for (int i = 0; i < s->ntables; i++)
        json_object_array_add(tables, table_json(s->tables[i]));
    for (int i = 0; i < s->nsides; i++)
        json_object_array_add(sides, side_json(s->sides[i]));
    json_object_object_add(o, "bets", bets);
    json_object_object_add(o, "tables", tables);
    json_object_object_add(o, "side_bets", sides);
    json_object *jackpots = json_object_new_array();
    for (int i = 0; i < s->njackpots; i++)
        json_object_array_add(jackpots, jackpot_json(s->jackpots[i]));
    json_object_object_add(o, "jackpots", jackpots);
    json_object *checks = json_object_new_object(); /* par_sheet_finish refuses a sheet failing one */
    json_object_object_add(checks, "distribution_sums_to_one", json_object_new_boolean(s->finished));
    json_object_object_add(checks, "mean_equals_solver_ev", json_object_new_boolean(s->finished));
    json_object_object_add(checks, "bets_sum_to_ev", json_object_new_boolean(s->finished && s->nbets > 0));
    json_object_object_add(o, "checks", checks);
    return o;
}

/* ------------------------------------------------------------------ */
/* Markdown                                                            */
/* ------------------------------------------------------------------ */

static void md_escape(FILE *f, const char *text)
{
    for (; *text; text++)
        fputs(*text == '|' ? "\\|" : (char[2]){*text, 0}, f);
}

/* A return table: each outcome's pay (the net result of one unit, or of
 * the round), its combinations (the exact count), its probability and
 * its return (pay x probability), then a total row whose return is the
 * EV, exact. */
static void md_dist(FILE *f, const struct par_dist *d, bool named, const char *unit, const struct par_moments *m)
{
    char net[100], cnt[48], p[100];
    if (named)
        fprintf(f, "| outcome | pays | combinations | probability | return | exact probability |\n"
                   "|---|---:|---:|---:|---:|---|\n");
    else
        fprintf(f, "| net result (%s) | combinations | probability | return | exact probability |\n"
                   "|---:|---:|---:|---:|---|\n", unit);
    for (int i = 0; i < d->n; i++) {
        const struct par_outcome *o = &d->rows[i];
        struct par_frac pr = count_frac(o->count, d->total);
        if (named) {
            fputs("| ", f);
            md_escape(f, o->name);
            fputs(" ", f);
        }
        fprintf(f, "| %s | %s | %.10f | %+.10f | %s |\n", par_net_text(o->value, d->value_den, net, sizeof net),
                wide_format(o->count, cnt, sizeof cnt), par_frac_value(pr),
                par_frac_value(pr) * (double)o->value / (double)d->value_den, frac_text(pr, p, sizeof p));
    }
    fprintf(f, "| **total**%s | **%s** | **1** | **%+.10f** | EV %s |\n\n", named ? " |" : "",
            wide_format(d->total, cnt, sizeof cnt), par_frac_value(m->ev), frac_text(m->ev, p, sizeof p));
}

static void md_summary(FILE *f, const struct par_sheet *s)
{
    char buf[100];
    struct par_figure fig[PAR_NFIGURES];
    par_sheet_figures(s, fig);
    fprintf(f, "| figure | value | exact |\n|---|---:|---|\n");
    for (int i = 0; i < PAR_NFIGURES; i++) {
        double v = par_frac_value(fig[i].f);
        if (fig[i].percent)
            fprintf(f, "| %s | %.6f%% | %s |\n", fig[i].label, 100 * v, frac_text(fig[i].f, buf, sizeof buf));
        else
            fprintf(f, "| %s | %.9f | %s |\n", fig[i].label, v, frac_text(fig[i].f, buf, sizeof buf));
    }
    fprintf(f, "| variance (units squared) | %.9f | from the exact E[X], E[X^2] |\n", s->m.variance);
    fprintf(f, "| standard deviation (units) | %.9f | square root of the variance |\n\n", s->m.sd);
    fprintf(f, "Rounds counted: %s (every deal, exactly). %s.\n\n", wide_format(s->dist.total, buf, sizeof buf),
            s->hit_note);
}

static void md_table(FILE *f, const struct par_table *t)
{
    char cnt[48], buf[100];
    bool values = t->value_label[0];
    fprintf(f, "### %s\n\nCounts of %s.\n\n", t->title, t->of);
    if (values)
        fprintf(f, "| | count | frequency | %s |\n|---|---:|---:|---:|\n", t->value_label);
    else
        fprintf(f, "| | count | frequency |\n|---|---:|---:|\n");
    for (int i = 0; i < t->n; i++) {
        const struct par_row *r = &t->rows[i];
        fputs("| ", f);
        md_escape(f, r->name);
        fprintf(f, " | %s | %.10f |", wide_format(r->count, cnt, sizeof cnt),
                par_frac_value(count_frac(r->count, t->total)));
        if (values)
            fprintf(f, " %s |", r->has_value ? (snprintf(buf, sizeof buf, "%+.9f",
                                                         par_frac_value(par_frac_make(r->value, t->value_den))),
                                                buf)
                                             : "");
        fputc('\n', f);
    }
    bool has_sum;
    wide_t sum;
    if (par_table_partition(t, &has_sum, &sum)) {
        fprintf(f, "| **total** | **%s** | **1** |", wide_format(t->total, cnt, sizeof cnt));
        if (values)
            fprintf(f, has_sum ? " **%+.9f** |" : " |", par_frac_value(par_frac_make(sum, t->value_den)));
        fputc('\n', f);
    }
    fputc('\n', f);
}

static void md_side(FILE *f, const struct par_side *b)
{
    fprintf(f, "### %s\n\n%s\n\n", b->name, b->note);
    fprintf(f, "House edge %.6f%% (EV %+.9f per unit bet), hit frequency %.9f, standard deviation %.6f.\n\n",
            -pct(b->m.ev), par_frac_value(b->m.ev), par_frac_value(b->m.hit), b->m.sd);
    md_dist(f, &b->dist, true, "units", &b->m);
}

static void md_jackpot(FILE *f, const struct par_jackpot *j)
{
    char cnt[48];
    fprintf(f, "### %s\n\n%s\n\nPriced at a meter of $%.2f.\n\n| hand | prize | combinations | probability |\n"
               "|---|---|---:|---:|\n", j->name, j->note, j->meter);
    for (int i = 0; i < j->nrows; i++) {
        fputs("| ", f), md_escape(f, j->rows[i].name), fputs(" | ", f), md_escape(f, j->rows[i].prize);
        fprintf(f, " | %s | %.10f |\n", wide_format(j->rows[i].count, cnt, sizeof cnt),
                par_frac_value(count_frac(j->rows[i].count, j->total)));
    }
    fprintf(f, "\n| players at the table | EV per $1 at the meter | house edge | EV with an empty meter | "
               "EV per meter dollar | break-even meter |\n|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 0; k < j->nplayers; k++) {
        const struct par_jackpot_players *p = &j->at[k];
        fprintf(f, "| %d | %+.6f | %.4f%% | %+.6f | %+.3e |", k + 1, p->ev, -100 * p->ev, p->base, p->per_meter);
        p->breaks_even ? fprintf(f, " $%.2f |\n", p->break_even) : fprintf(f, " never |\n");
    }
    fputs("\nExact, per player count: EV at the meter; break-even meter.\n\n", f);
    for (int k = 0; k < j->nplayers; k++)
        fprintf(f, "- %d: %s; %s\n", k + 1, j->at[k].ev_exact, j->at[k].breaks_even ? j->at[k].break_even_exact : "never");
    fputc('\n', f);
}

static const char *vol_method(const struct par_volatility *v, int k)
{
    return v->convolved[k] ? "the exact distribution convolved (floating point)" : "normal approximation";
}

static void md_volatility(FILE *f, const struct par_sheet *s)
{
    const struct par_volatility *v = s->vol;
    if (!v || !v->ok)
        return;
    fprintf(f, "## Volatility\n\nThe player's net result after many rounds, in units of the %s: the range that holds the "
               "middle 90%%, 95%% and 99%% of players (at most half the rest below it, half above).\n\n"
               "| rounds | 90%% range | 95%% range | 99%% range | method |\n|---:|---|---|---|---|\n", s->unit);
    for (int k = 0; k < PAR_VOL_NROUNDS; k++) {
        fprintf(f, "| %ld |", v->rounds[k]);
        for (int l = 0; l < PAR_VOL_NLEVELS; l++)
            fprintf(f, " %+.1f to %+.1f |", v->low[k][l], v->high[k][l]);
        fprintf(f, " %s |\n", vol_method(v, k));
    }
    fprintf(f, "\n");
}

static void md_write(const struct par_sheet *s, FILE *f)
{
    char buf[100];
    fprintf(f, "# PAR sheet: %s, %s\n\n", s->game_name, s->preset);
    fprintf(f, "Money in units of the %s; a round's net result counts every wager of the round.\n\n", s->unit);
    fprintf(f, "## Rules and readings\n\n");
    for (int i = 0; i < s->nreadings; i++)
        fprintf(f, "- **%s**: %s\n", s->readings[i].key, s->readings[i].value);
    fprintf(f, "\n## Summary\n\n");
    md_summary(f, s);
    fprintf(f, "## Bets\n\nEach bet's part of the round's EV, per %s.\n\n| bet | return | exact | note |\n"
               "|---|---:|---|---|\n", s->unit);
    for (int i = 0; i < s->nbets; i++)
        fprintf(f, "| %s | %+.9f | %s | %s |\n", s->bets[i].name, par_frac_value(s->bets[i].ev),
                frac_text(s->bets[i].ev, buf, sizeof buf), s->bets[i].note);
    fprintf(f, "| all | %+.9f | %s | equals the round's EV |\n\n", par_frac_value(s->bets_sum),
            frac_text(s->bets_sum, buf, sizeof buf));
    fprintf(f, "## Net result of a round\n\n");
    md_dist(f, &s->dist, false, s->unit, &s->m);
    md_volatility(f, s);
    if (s->ntables)
        fprintf(f, "## Frequencies\n\n");
    for (int i = 0; i < s->ntables; i++)
        md_table(f, s->tables[i]);
    if (s->nsides)
        fprintf(f, "## Bets paid by a pay table\n\nSide bets, and bets of the round settled on the cards alone: "
                   "each line's pay (to 1), combinations, probability and return; the total row is the bet's "
                   "exact EV.\n\n");
    for (int i = 0; i < s->nsides; i++)
        md_side(f, s->sides[i]);
    if (s->njackpots)
        fprintf(f, "## Jackpots\n\n");
    for (int i = 0; i < s->njackpots; i++)
        md_jackpot(f, s->jackpots[i]);
    fprintf(f, "## Checks\n\nThe counts of the net result add up to the rounds; their mean is exactly the EV "
               "of the solve; the bets add up to it.  (The sheet is not written otherwise.)\n");
}

void par_sheet_write(const struct par_sheet *s, enum par_format fmt, FILE *f)
{
    if (fmt == PAR_JSON) {
        report_json_print(f, "par", par_sheet_json(s));
    } else if (fmt == PAR_CSV)
        par_sheet_write_csv(s, f);
    else if (fmt == PAR_HTML)
        par_sheet_write_html(s, f);
    else
        md_write(s, f);
}
