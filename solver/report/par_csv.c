/* par_csv.c — a finished PAR sheet as CSV: one wide table per section.
 *
 * Each section is a block: a line "# NAME", a header line, its rows, and
 * an empty line after it.  A column holds one kind of thing: numbers
 * (17 significant digits, %.17g: read back, each is the double the JSON
 * holds), exact fractions ("p/q", in the columns named *_exact), counts
 * (integers, which can pass 2^64) or text.  docs/par-sheet-format.md
 * lists the sections and their columns.
 */
#include <string.h>

#include "par_sheet.h"
#include "par_volatility.h"
#include "report_csv.h"

/* One row of cells: fields, each written as RFC 4180 says. */
static void row(FILE *f, int n, const char *const cell[])
{
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        report_csv_field(f, cell[i]);
    }
    fputc('\n', f);
}

static void block(FILE *f, const char *name, int n, const char *const header[])
{
    fprintf(f, "# %s\n", name); /* a line of its own, never quoted */
    row(f, n, header);
}

static const char *num(double v, char *buf, size_t len) { return snprintf(buf, len, "%.17g", v), buf; }
static const char *count(wide_t c, char *buf, size_t len) { return wide_format(c, buf, len); }

/* A fraction's value and its exact text ("" where it overflowed 128 bits). */
static void frac(struct par_frac v, char *value, char *exact, size_t len)
{
    num(par_frac_value(v), value, len);
    if (v.ok)
        wide_fraction(v.num, v.den, exact, len);
    else
        exact[0] = 0;
}

enum { W = 100 }; /* a cell's room: a 128-bit fraction is at most 80 characters */

static void sheet(FILE *f, const struct par_sheet *s)
{
    static const char *const h[] = {"game", "game_name", "preset", "unit"};
    block(f, "sheet", 4, h);
    row(f, 4, (const char *const[]){s->game, s->game_name, s->preset, s->unit});
    fputc('\n', f);
    static const char *const hr[] = {"rule", "reading"};
    block(f, "readings", 2, hr);
    for (int i = 0; i < s->nreadings; i++)
        row(f, 2, (const char *const[]){s->readings[i].key, s->readings[i].value});
    fputc('\n', f);
}

/* A percentage's number and exact fraction, 100 f. */
static void percent(struct par_frac f, char *value, char *exact, size_t len)
{
    num(100.0 * par_frac_value(f), value, len);
    struct par_frac p = par_frac_div(f, par_frac_make(1, 100));
    if (p.ok)
        wide_fraction(p.num, p.den, exact, len);
    else
        exact[0] = 0;
}

/* The summary: one row, a column per figure, the same names as the
 * JSON's (the rates in percent only, each with its exact fraction). */
static void summary(FILE *f, const struct par_sheet *s)
{
    struct par_figure fig[PAR_NFIGURES];
    par_sheet_figures(s, fig);
    enum { NFIX = 11, NCOL = NFIX + 2 * PAR_NFIGURES };
    const char *head[NCOL] = {"rounds", "ev_percent", "house_edge_percent", "house_edge_percent_exact",
                              "house_edge_per_initial_wager_percent", "house_edge_per_initial_wager_percent_exact",
                              "element_of_risk_percent", "element_of_risk_percent_exact", "hit_frequency",
                              "standard_deviation", "variance"};
    char cells[NCOL][W], keys[PAR_NFIGURES][64];
    const char *cell[NCOL];
    count(s->dist.total, cells[0], W);
    num(100.0 * par_frac_value(s->m.ev), cells[1], W);
    percent(s->house_edge, cells[2], cells[3], W);
    percent(s->house_edge_initial, cells[4], cells[5], W);
    percent(s->element_of_risk, cells[6], cells[7], W);
    num(par_frac_value(s->m.hit), cells[8], W);
    num(s->m.sd, cells[9], W);
    num(s->m.variance, cells[10], W);
    int n = NFIX;
    for (int i = 0; i < PAR_NFIGURES; i++) {
        if (fig[i].percent)
            continue; /* in percent above */
        snprintf(keys[i], sizeof keys[i], "%s_exact", fig[i].key);
        head[n] = fig[i].key, head[n + 1] = keys[i];
        frac(fig[i].f, cells[n], cells[n + 1], W);
        n += 2;
    }
    for (int i = 0; i < n; i++)
        cell[i] = cells[i];
    block(f, "summary", n, head);
    row(f, n, cell);
    fputc('\n', f);
}

/* A distribution of net results: the round's (no names) or a side bet's
 * (its outcomes by name). */
static void dist(FILE *f, const char *name, const struct par_dist *d, bool named)
{
    static const char *const h[] = {"outcome", "net", "net_exact", "count", "probability", "probability_exact"};
    int skip = named ? 0 : 1; /* the round's rows have no name */
    block(f, name, 6 - skip, h + skip);
    for (int i = 0; i < d->n; i++) {
        const struct par_outcome *o = &d->rows[i];
        char c[5][W];
        frac(par_frac_make(o->value, d->value_den), c[0], c[1], W);
        count(o->count, c[2], W);
        frac(par_frac_make(o->count, d->total), c[3], c[4], W);
        const char *cell[6] = {o->name, c[0], c[1], c[2], c[3], c[4]};
        row(f, 6 - skip, cell + skip);
    }
    fputc('\n', f);
}

static void volatility(FILE *f, const struct par_volatility *v)
{
    static const char *const h[] = {"rounds", "level_percent", "method", "low", "high"};
    block(f, "volatility", 5, h);
    for (int k = 0; k < PAR_VOL_NROUNDS; k++)
        for (int l = 0; l < PAR_VOL_NLEVELS; l++) {
            char c[4][W];
            snprintf(c[0], W, "%ld", v->rounds[k]);
            num(100 * v->level[l], c[1], W);
            num(v->low[k][l], c[2], W);
            num(v->high[k][l], c[3], W);
            row(f, 5, (const char *const[]){c[0], c[1], v->convolved[k] ? "convolution" : "normal approximation", c[2], c[3]});
        }
    fputc('\n', f);
}

static void bets(FILE *f, const struct par_sheet *s)
{
    static const char *const h[] = {"bet", "name", "ev", "ev_exact"};
    block(f, "bets", 4, h);
    for (int i = 0; i < s->nbets; i++) {
        char c[2][W];
        frac(s->bets[i].ev, c[0], c[1], W);
        row(f, 4, (const char *const[]){s->bets[i].id, s->bets[i].name, c[0], c[1]});
    }
    fputc('\n', f);
}

/* The keys of a table's named parts: those of any row, in the order of
 * ORDER (what a row is before how it ended), then others as first met. */
static int field_keys(const struct par_table *t, const char *keys[], int max)
{
    static const char *const ORDER[] = {"hand", "cards", "points", "card", "decision", "result", "dealer"};
    enum { NORDER = sizeof ORDER / sizeof *ORDER };
    const char *met[16];
    int nmet = 0, n = 0;
    for (int j = 0; j < t->n; j++)
        for (int k = 0; k < t->rows[j].nfields; k++) {
            int i = 0;
            while (i < nmet && strcmp(met[i], t->rows[j].fields[k].key))
                i++;
            if (i == nmet && nmet < 16)
                met[nmet++] = t->rows[j].fields[k].key;
        }
    for (int o = 0; o <= NORDER; o++)
        for (int i = 0; i < nmet; i++) {
            int rank = 0;
            while (rank < NORDER && strcmp(ORDER[rank], met[i]))
                rank++;
            if (rank == o && n < max)
                keys[n++] = met[i];
        }
    return n;
}

static const char *field_of(const struct par_row *r, const char *key)
{
    for (int k = 0; k < r->nfields; k++)
        if (!strcmp(r->fields[k].key, key))
            return r->fields[k].value;
    return "";
}

/* A frequency table: its rows' named parts as columns of their own where
 * the builder gave them (Split: hand, result, dealer), then the counts. */
static void table(FILE *f, const struct par_table *t)
{
    enum { MAXF = 8 };
    const char *keys[MAXF];
    int nf = field_keys(t, keys, MAXF);
    bool value = t->value_label[0] != 0;
    const char *head[1 + MAXF + 5];
    int n = 0;
    head[n++] = "row";
    for (int k = 0; k < nf; k++)
        head[n++] = keys[k];
    head[n++] = "count", head[n++] = "probability", head[n++] = "probability_exact";
    if (value)
        head[n++] = "value", head[n++] = "value_exact";
    char name[PAR_NAME + 8];
    snprintf(name, sizeof name, "table: %s", t->title);
    block(f, name, n, head);
    for (int j = 0; j < t->n; j++) {
        const struct par_row *r = &t->rows[j];
        char c[5][W];
        const char *cell[1 + MAXF + 5];
        int m = 0;
        cell[m++] = r->name;
        for (int k = 0; k < nf; k++)
            cell[m++] = field_of(r, keys[k]);
        count(r->count, c[0], W);
        frac(par_frac_make(r->count, t->total), c[1], c[2], W);
        cell[m++] = c[0], cell[m++] = c[1], cell[m++] = c[2];
        if (value) {
            c[3][0] = c[4][0] = 0;
            if (r->has_value)
                frac(par_frac_make(r->value, t->value_den), c[3], c[4], W);
            cell[m++] = c[3], cell[m++] = c[4];
        }
        row(f, m, cell);
    }
    fputc('\n', f);
}

/* The side bets' own figures, one row each; then each one's outcomes. */
static void sides(FILE *f, const struct par_sheet *s)
{
    static const char *const h[] = {"side_bet", "ev", "ev_exact", "house_edge_percent", "hit_frequency",
                                    "hit_frequency_exact", "standard_deviation"};
    block(f, "side bets", 7, h);
    for (int i = 0; i < s->nsides; i++) {
        const struct par_moments *m = &s->sides[i]->m;
        char c[5][W];
        frac(m->ev, c[0], c[1], W);
        num(-100.0 * par_frac_value(m->ev), c[2], W);
        frac(m->hit, c[3], c[4], W);
        char sd[W];
        num(m->sd, sd, W);
        row(f, 7, (const char *const[]){s->sides[i]->name, c[0], c[1], c[2], c[3], c[4], sd});
    }
    fputc('\n', f);
    for (int i = 0; i < s->nsides; i++) {
        char name[PAR_NAME + 8];
        snprintf(name, sizeof name, "side: %s", s->sides[i]->name);
        dist(f, name, &s->sides[i]->dist, true);
    }
}

/* A jackpot: its prizes, then its return for 1 to 7 players at the meter. */
static void jackpot(FILE *f, const struct par_jackpot *j)
{
    static const char *const h[] = {"hand", "prize", "count", "probability", "probability_exact"};
    static const char *const hp[] = {"players", "meter", "ev", "ev_exact", "break_even_meter", "break_even_meter_exact"};
    char name[PAR_NAME + 20];
    snprintf(name, sizeof name, "jackpot: %s", j->name);
    block(f, name, 5, h);
    for (int i = 0; i < j->nrows; i++) {
        char c[3][W];
        count(j->rows[i].count, c[0], W);
        frac(par_frac_make(j->rows[i].count, j->total), c[1], c[2], W);
        row(f, 5, (const char *const[]){j->rows[i].name, j->rows[i].prize, c[0], c[1], c[2]});
    }
    fputc('\n', f);
    snprintf(name, sizeof name, "jackpot players: %s", j->name);
    block(f, name, 6, hp);
    for (int k = 0; k < j->nplayers; k++) {
        const struct par_jackpot_players *p = &j->at[k];
        char c[4][W];
        snprintf(c[0], W, "%d", k + 1);
        num(j->meter, c[1], W);
        num(p->ev, c[2], W);
        c[3][0] = 0;
        if (p->breaks_even)
            num(p->break_even, c[3], W);
        row(f, 6, (const char *const[]){c[0], c[1], c[2], p->ev_exact, c[3], p->breaks_even ? p->break_even_exact : ""});
    }
    fputc('\n', f);
}

void par_sheet_write_csv(const struct par_sheet *s, FILE *f)
{
    sheet(f, s);
    summary(f, s);
    dist(f, "distribution", &s->dist, false);
    if (s->vol && s->vol->ok)
        volatility(f, s->vol);
    bets(f, s);
    for (int i = 0; i < s->ntables; i++)
        table(f, s->tables[i]);
    if (s->nsides)
        sides(f, s);
    for (int i = 0; i < s->njackpots; i++)
        jackpot(f, s->jackpots[i]);
}
