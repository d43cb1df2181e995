/* par_sheet.c — the PAR sheet's contents and the checks against the
 * solve (fractions and distributions: par_dist.c; the writers:
 * par_format.c). */
#include "par_sheet.h"
#include "par_volatility.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

static void copy_text(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src ? src : "");
}

struct par_sheet *par_sheet_new(const char *game, const char *game_name, const char *preset, const char *unit)
{
    struct par_sheet *s = calloc(1, sizeof *s);
    if (!s || !(s->dist.rows = calloc(PAR_MAX_OUTCOMES, sizeof *s->dist.rows))) {
        free(s);
        return NULL;
    }
    copy_text(s->game, sizeof s->game, game);
    copy_text(s->game_name, sizeof s->game_name, game_name);
    copy_text(s->preset, sizeof s->preset, preset);
    copy_text(s->unit, sizeof s->unit, unit);
    copy_text(s->hit_note, sizeof s->hit_note,
              "A hit is a round whose net result is above zero; a push (net zero) is neither a hit nor a loss");
    s->dist.value_den = 1;
    return s;
}

void par_sheet_free(struct par_sheet *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->ntables; i++)
        free(s->tables[i]);
    for (int i = 0; i < s->nsides; i++)
        free(s->sides[i]);
    for (int i = 0; i < s->njackpots; i++)
        free(s->jackpots[i]);
    free(s->dist.rows);
    free(s->vol);
    free(s);
}

void par_sheet_reading(struct par_sheet *s, const char *key, const char *fmt, ...)
{
    if (s->nreadings == PAR_MAX_READINGS)
        return;
    struct par_reading *r = &s->readings[s->nreadings++];
    copy_text(r->key, sizeof r->key, key);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->value, sizeof r->value, fmt, ap);
    va_end(ap);
}

void par_sheet_bet(struct par_sheet *s, const char *id, const char *name, wide_t num, wide_t den, const char *note)
{
    if (s->nbets == PAR_MAX_BETS)
        return;
    struct par_bet *b = &s->bets[s->nbets++];
    copy_text(b->id, sizeof b->id, id);
    copy_text(b->name, sizeof b->name, name);
    copy_text(b->note, sizeof b->note, note);
    b->ev = par_frac_make(num, den);
}

static void row_field(struct par_table *t, const char *key, const char *value, bool number)
{
    if (!t || t->n == 0 || t->rows[t->n - 1].nfields == PAR_MAX_FIELDS)
        return;
    struct par_row *r = &t->rows[t->n - 1];
    struct par_field *f = &r->fields[r->nfields++];
    copy_text(f->key, sizeof f->key, key);
    copy_text(f->value, sizeof f->value, value);
    f->number = number;
}

void par_row_field(struct par_table *t, const char *key, const char *value) { row_field(t, key, value, false); }

void par_row_field_int(struct par_table *t, const char *key, long value)
{
    char text[24];
    snprintf(text, sizeof text, "%ld", value);
    row_field(t, key, text, true);
}

struct par_table *par_sheet_table(struct par_sheet *s, const char *title, const char *of, wide_t total,
                                  const char *value_label, wide_t value_den)
{
    struct par_table *t = s->ntables < PAR_MAX_TABLES ? calloc(1, sizeof *t) : NULL;
    if (!t)
        return NULL;
    copy_text(t->title, sizeof t->title, title);
    copy_text(t->of, sizeof t->of, of);
    copy_text(t->value_label, sizeof t->value_label, value_label);
    t->total = total;
    t->value_den = value_den > 0 ? value_den : 1;
    s->tables[s->ntables++] = t;
    return t;
}

void par_table_row(struct par_table *t, const char *name, wide_t count, bool has_value, wide_t value)
{
    if (!t)
        return;
    if (t->n == PAR_MAX_ROWS) {
        t->overflow = true;
        return;
    }
    struct par_row *r = &t->rows[t->n++];
    copy_text(r->name, sizeof r->name, name);
    r->count = count;
    r->has_value = has_value;
    r->value = has_value ? value : 0;
}

struct par_side *par_sheet_side(struct par_sheet *s, const char *name, const char *note, bool in_round)
{
    struct par_side *b = s->nsides < PAR_MAX_SIDES ? calloc(1, sizeof *b) : NULL;
    if (!b)
        return NULL;
    copy_text(b->name, sizeof b->name, name);
    copy_text(b->note, sizeof b->note, note);
    b->in_round = in_round;
    b->dist.rows = b->rows;
    b->dist.value_den = 1;
    s->sides[s->nsides++] = b;
    return b;
}

struct par_jackpot *par_sheet_jackpot(struct par_sheet *s, const char *name, const char *note, double meter,
                                      wide_t total)
{
    struct par_jackpot *j = s->njackpots < PAR_MAX_JACKPOTS ? calloc(1, sizeof *j) : NULL;
    if (!j)
        return NULL;
    copy_text(j->name, sizeof j->name, name);
    copy_text(j->note, sizeof j->note, note);
    j->meter = meter, j->total = total;
    s->jackpots[s->njackpots++] = j;
    return j;
}

/* A side bet keeps its rows in the builder's order (named, possibly
 * several rows paying alike), not merged. */
void par_side_row(struct par_side *b, const char *name, wide_t value, wide_t count)
{
    if (!b)
        return;
    if (b->dist.n == PAR_MAX_SIDE_ROWS) {
        b->dist.overflow = true;
        return;
    }
    struct par_outcome *o = &b->rows[b->dist.n++];
    copy_text(o->name, sizeof o->name, name);
    o->value = value;
    o->count = count;
}

/* ------------------------------------------------------------------ */
/* Finishing and checking                                              */
/* ------------------------------------------------------------------ */

static bool frac_equal(struct par_frac a, struct par_frac b)
{
    return a.ok && b.ok && a.num == b.num && a.den == b.den;
}

static struct par_frac bets_sum(const struct par_sheet *s)
{
    struct par_frac sum = par_frac_make(0, 1);
    for (int i = 0; i < s->nbets; i++)
        sum = par_frac_sub(sum, (struct par_frac){-s->bets[i].ev.num, s->bets[i].ev.den, s->bets[i].ev.ok});
    return sum;
}

static int check_room(const struct par_sheet *s, char *err, size_t errlen)
{
    if (s->dist.overflow)
        return snprintf(err, errlen, "PAR sheet: more than %d distinct net results", PAR_MAX_OUTCOMES), -1;
    for (int i = 0; i < s->ntables; i++)
        if (s->tables[i]->overflow)
            return snprintf(err, errlen, "PAR sheet: table '%s' has too many rows", s->tables[i]->title), -1;
    for (int i = 0; i < s->nsides; i++)
        if (s->sides[i]->dist.overflow)
            return snprintf(err, errlen, "PAR sheet: side bet '%s' has too many rows", s->sides[i]->name), -1;
    return 0;
}

static int check_dist(const char *what, const struct par_dist *d, const struct par_moments *m, char *err,
                      size_t errlen)
{
    char a[48], b[48];
    if (!m->ok)
        return snprintf(err, errlen, "PAR sheet: %s: the exact moments do not fit in 128 bits", what), -1;
    if (m->sum != d->total)
        return snprintf(err, errlen, "PAR sheet: %s: the counts add up to %s, not %s", what,
                        wide_format(m->sum, a, sizeof a), wide_format(d->total, b, sizeof b)), -1;
    return 0;
}

int par_sheet_finish(struct par_sheet *s, char *err, size_t errlen)
{
    char a[100], b[100], c[100];
    if (check_room(s, err, errlen) != 0)
        return -1;
    par_dist_moments(&s->dist, &s->m);
    if (check_dist("net result", &s->dist, &s->m, err, errlen) != 0)
        return -1;
    if (!frac_equal(s->m.ev, s->solver_ev))
        return snprintf(err, errlen, "PAR sheet: the distribution's mean %s is not the solver's EV %s",
                        wide_fraction(s->m.ev.num, s->m.ev.den, a, sizeof a),
                        wide_fraction(s->solver_ev.num, s->solver_ev.den, b, sizeof b)), -1;
    s->bets_sum = bets_sum(s);
    if (s->nbets > 0 && !frac_equal(s->bets_sum, s->solver_ev))
        return snprintf(err, errlen, "PAR sheet: the bets add up to %s, not the EV %s",
                        wide_fraction(s->bets_sum.num, s->bets_sum.den, a, sizeof a),
                        wide_fraction(s->solver_ev.num, s->solver_ev.den, b, sizeof b)), -1;
    for (int i = 0; i < s->nsides; i++) {
        struct par_side *b = s->sides[i];
        par_dist_moments(&b->dist, &b->m);
        if (check_dist(b->name, &b->dist, &b->m, err, errlen) != 0)
            return -1;
        if (b->has_solver_ev && !frac_equal(b->m.ev, b->solver_ev))
            return snprintf(err, errlen, "PAR sheet: %s: the rows' mean %s is not the solve's EV %s", b->name,
                            wide_fraction(b->m.ev.num, b->m.ev.den, a, sizeof a),
                            wide_fraction(b->solver_ev.num, b->solver_ev.den, c, sizeof c)), -1;
    }
    struct par_frac zero = par_frac_make(0, 1);
    s->house_edge = par_frac_sub(zero, s->m.ev);
    s->house_edge_initial = par_frac_div(s->house_edge, s->initial_wager);
    s->element_of_risk = par_frac_div(s->house_edge, s->average_wager);
    if (!s->vol && !(s->vol = calloc(1, sizeof *s->vol)))
        return snprintf(err, errlen, "out of memory"), -1;
    par_volatility_compute(&s->dist, &s->m, s->vol);
    s->finished = true;
    return 0;
}

bool par_table_partition(const struct par_table *t, bool *has_value_sum, wide_t *value_sum)
{
    wide_t counts = 0;
    *has_value_sum = t->n > 0 && t->value_label[0], *value_sum = 0;
    for (int i = 0; i < t->n; i++) {
        counts += t->rows[i].count;
        *has_value_sum = *has_value_sum && t->rows[i].has_value;
        *value_sum += t->rows[i].has_value ? t->rows[i].value : 0;
    }
    return !t->overflow && counts == t->total;
}
