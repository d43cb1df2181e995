/* frenzy_presets.c — see frenzy_presets.h. */
#include "frenzy_presets.h"

#include <json-c/json.h>

#include "frenzy_jackpot.h"
#include "frenzy_rules.h"
#include "wide.h"

/* The command-line option that picks a table of each kind. */
static const char *const KIND_OPTION[FT_NKINDS] = {"--odds-win", "--bad-beat", "--bonus", "--prime"};

/* A pay to 1 as text: "50", "5/2", or "loses". */
static const char *pay_text(const struct frenzy_table *t, int row, char *buf, size_t len)
{
    if (t->pay[row] == -t->den)
        snprintf(buf, len, "loses");
    else
        wide_fraction(t->pay[row], t->den, buf, len);
    return buf;
}

static json_object *table_json(const struct frenzy_table *t)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "kind", json_object_new_string(frenzy_kind_name(t->kind)));
    json_object_object_add(o, "name", json_object_new_string(t->name));
    json_object_object_add(o, "option", json_object_new_string(KIND_OPTION[t->kind]));
    for (int r = frenzy_table_nrows(t->kind) - 1; r >= 0; r--) {
        if (!frenzy_row_exists(t->kind, r))
            continue;
        char exact[64];
        json_object *e = json_object_new_object();
        json_object_object_add(e, "row", json_object_new_string(frenzy_row_name(t->kind, r)));
        json_object_object_add(e, "pays", json_object_new_double((double)t->pay[r] / (double)t->den));
        json_object_object_add(e, "exact", json_object_new_string(wide_fraction(t->pay[r], t->den, exact, sizeof exact)));
        json_object_array_add(rows, e);
    }
    json_object_object_add(o, "pays", rows);
    return o;
}

static json_object *jackpot_json(const struct frenzy_jackpot_table *t)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string(frenzy_jackpot_game_name(t->game)));
    json_object_object_add(o, "name", json_object_new_string(t->name));
    json_object_object_add(o, "option", json_object_new_string(t->option));
    for (int r = frenzy_jackpot_nrows(t->game) - 1; r > 0; r--) {
        const struct frenzy_jackpot_prize *p = &t->prize[r];
        json_object *e = json_object_new_object();
        json_object_object_add(e, "row", json_object_new_string(frenzy_jackpot_row_name(t->game, r)));
        json_object_object_add(e, "dollars", json_object_new_int64(p->dollars));
        json_object_object_add(e, "meter_percent", json_object_new_int(p->percent));
        json_object_object_add(e, "envy", json_object_new_int64(p->envy));
        json_object_array_add(rows, e);
    }
    json_object_object_add(o, "prizes", rows);
    return o;
}

json_object *frenzy_presets_json(void)
{
    json_object *o = json_object_new_object(), *tables = json_object_new_array(), *jackpots = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    for (int k = 0; k < FT_NKINDS; k++)
        for (int i = 0; i < frenzy_preset_count((enum frenzy_table_kind)k); i++) {
            struct frenzy_table t;
            if (frenzy_preset_get((enum frenzy_table_kind)k, frenzy_preset_name((enum frenzy_table_kind)k, i), &t) == 0)
                json_object_array_add(tables, table_json(&t));
        }
    json_object_object_add(o, "tables", tables);
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++)
        for (int i = 0; i < frenzy_jackpot_preset_count((enum frenzy_jackpot_game)g); i++)
            json_object_array_add(jackpots, jackpot_json(frenzy_jackpot_preset((enum frenzy_jackpot_game)g, i)));
    json_object_object_add(o, "jackpots", jackpots);
    return o;
}

/* One kind's presets side by side: a row per hand, a column per table. */
static void print_kind(FILE *f, enum frenzy_table_kind k)
{
    int n = frenzy_preset_count(k);
    struct frenzy_table t[32];
    if (n > 32)
        n = 32;
    for (int i = 0; i < n; i++)
        frenzy_preset_get(k, frenzy_preset_name(k, i), &t[i]);
    fprintf(f, "## %s (%s NAME), pays to 1\n\n| Hand |", frenzy_kind_name(k), KIND_OPTION[k]);
    for (int i = 0; i < n; i++)
        fprintf(f, " %s |", t[i].name);
    fprintf(f, "\n|---|");
    for (int i = 0; i < n; i++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int r = frenzy_table_nrows(k) - 1; r >= 0; r--) {
        if (!frenzy_row_exists(k, r))
            continue;
        fprintf(f, "| %s |", frenzy_row_name(k, r));
        for (int i = 0; i < n; i++) {
            char buf[64];
            fprintf(f, " %s |", pay_text(&t[i], r, buf, sizeof buf));
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

static void print_jackpots(FILE *f, enum frenzy_jackpot_game g)
{
    int n = frenzy_jackpot_preset_count(g);
    fprintf(f, "## %s (prizes: a fixed amount for a 1 bet, or a percent of the meter; envy to each other "
               "player)\n\n| Hand |", frenzy_jackpot_game_name(g));
    for (int i = 0; i < n; i++)
        fprintf(f, " %s (%s) |", frenzy_jackpot_preset(g, i)->name, frenzy_jackpot_preset(g, i)->option);
    fprintf(f, "\n|---|");
    for (int i = 0; i < n; i++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int r = frenzy_jackpot_nrows(g) - 1; r > 0; r--) {
        fprintf(f, "| %s |", frenzy_jackpot_row_name(g, r));
        for (int i = 0; i < n; i++) {
            const struct frenzy_jackpot_prize *p = &frenzy_jackpot_preset(g, i)->prize[r];
            if (p->percent)
                fprintf(f, " %d%% of the meter", p->percent);
            else
                fprintf(f, " %lld", (long long)p->dollars);
            if (p->envy)
                fprintf(f, ", envy %lld", (long long)p->envy);
            fprintf(f, " |");
        }
        fprintf(f, "\n");
    }
    fprintf(f, "\n");
}

void frenzy_presets_print(FILE *f)
{
    fprintf(f, "# Four Card Frenzy: preset tables\n\n");
    for (int k = 0; k < FT_NKINDS; k++)
        print_kind(f, (enum frenzy_table_kind)k);
    for (int g = 0; g < FRENZY_JACKPOT_NGAMES; g++)
        print_jackpots(f, (enum frenzy_jackpot_game)g);
}
