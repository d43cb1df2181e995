/* frenzy_rules.c — Four Card Frenzy: rows, the published tables of the
 * seed, and the loader of operator paytable files (INI, format in
 * docs/frenzy-paytable-format.md).
 *
 * The presets are written as the seed prints them ("1.5", "push",
 * "loss") and read by the same exact decimal parser as the files, so a
 * preset and a file with the same numbers are the same table.
 */
#include "frenzy_rules.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "eval4.h"
#include "paytable_ini.h"

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

static const char *const ODDS_ROW_NAMES[FO_NROWS] = {
    "Two Pair or less", "Straight", "Flush", "Trips", "Straight Flush", "Quads 2-K", "Quad Aces",
};
static const char *const BONUS_ROW_NAMES[FB_NROWS] = {
    "Jacks or less", "Pair Q-A", "Two Pair", "Straight", "Flush", "Trips K or less",
    "Trip Aces", "Straight Flush", "Royal", "Quads K or less", "Quad Aces",
};
static const char *const PRIME_ROW_NAMES[FP_NROWS] = {
    "Three and two", "Four of one colour", "Five of one colour",
};
static const char *const KIND_NAMES[FT_NKINDS] = {
    "Odds Win", "Odds Bad Beat", "Four Card Bonus", "Prime",
};

int frenzy_table_nrows(enum frenzy_table_kind kind)
{
    switch (kind) {
    case FT_ODDS_WIN:
    case FT_BAD_BEAT: return FO_NROWS;
    case FT_BONUS: return FB_NROWS;
    case FT_PRIME: return FP_NROWS;
    default: return 0;
    }
}

const char *frenzy_row_name(enum frenzy_table_kind kind, int row)
{
    if (row < 0 || row >= frenzy_table_nrows(kind))
        return "?";
    return kind == FT_BONUS ? BONUS_ROW_NAMES[row] : kind == FT_PRIME ? PRIME_ROW_NAMES[row] : ODDS_ROW_NAMES[row];
}

int frenzy_row_exists(enum frenzy_table_kind kind, int row)
{
    return row >= 0 && row < frenzy_table_nrows(kind) && !(kind == FT_BAD_BEAT && row == FO_QUAD_ACES);
}

const char *frenzy_kind_name(enum frenzy_table_kind kind)
{
    return kind >= 0 && kind < FT_NKINDS ? KIND_NAMES[kind] : "?";
}

int frenzy_odds_row(uint32_t rank)
{
    switch (eval4_category_of(rank)) {
    case F4_QUADS: return eval4_top(rank) == RANK_ACE ? FO_QUAD_ACES : FO_QUADS;
    case F4_STRAIGHT_FLUSH: return FO_STRAIGHT_FLUSH;
    case F4_TRIPS: return FO_TRIPS;
    case F4_FLUSH: return FO_FLUSH;
    case F4_STRAIGHT: return FO_STRAIGHT;
    default: return FO_LOW;
    }
}

int frenzy_bonus_row(uint32_t rank)
{
    bool aces = eval4_top(rank) == RANK_ACE; /* the grouped rank, or a straight's top card */
    switch (eval4_category_of(rank)) {
    case F4_QUADS: return aces ? FB_QUAD_ACES : FB_QUADS;
    case F4_STRAIGHT_FLUSH: return aces ? FB_ROYAL : FB_STRAIGHT_FLUSH;
    case F4_TRIPS: return aces ? FB_TRIP_ACES : FB_TRIPS;
    case F4_FLUSH: return FB_FLUSH;
    case F4_STRAIGHT: return FB_STRAIGHT;
    case F4_TWO_PAIR: return FB_TWO_PAIR;
    case F4_PAIR: return eval4_top(rank) >= RANK_QUEEN ? FB_PAIR_QA : FB_LOSS;
    default: return FB_LOSS;
    }
}

int frenzy_prime_row(const card_t cards[5])
{
    int red = 0;
    for (int i = 0; i < 5; i++)
        red += card_suit(cards[i]) == 1 || card_suit(cards[i]) == 2; /* diamonds, hearts */
    int most = red > 5 - red ? red : 5 - red;
    return most == 5 ? FP_FIVE : most == 4 ? FP_FOUR : FP_LOSS;
}

/* ------------------------------------------------------------------ */
/* Keys: the INI names of the rows, in the seed's order (best first)   */
/* ------------------------------------------------------------------ */

struct key_spec {
    const char *name;
    int row;
};

static const struct key_spec odds_win_keys[] = {
    { "quad-aces", FO_QUAD_ACES },         { "four-of-a-kind", FO_QUADS },
    { "straight-flush", FO_STRAIGHT_FLUSH }, { "three-of-a-kind", FO_TRIPS },
    { "flush", FO_FLUSH },                  { "straight", FO_STRAIGHT },
    { "two-pair-or-less", FO_LOW },
};
/* Quad Aces can only win: no Bad Beat row. */
static const struct key_spec bad_beat_keys[] = {
    { "four-of-a-kind", FO_QUADS }, { "straight-flush", FO_STRAIGHT_FLUSH },
    { "three-of-a-kind", FO_TRIPS }, { "flush", FO_FLUSH },
    { "straight", FO_STRAIGHT },     { "two-pair-or-less", FO_LOW },
};
static const struct key_spec bonus_keys[] = {
    { "quad-aces", FB_QUAD_ACES },          { "four-of-a-kind", FB_QUADS },
    { "royal-flush", FB_ROYAL },            { "straight-flush", FB_STRAIGHT_FLUSH },
    { "trip-aces", FB_TRIP_ACES },          { "three-of-a-kind", FB_TRIPS },
    { "flush", FB_FLUSH },                  { "straight", FB_STRAIGHT },
    { "two-pair", FB_TWO_PAIR },            { "pair-queens-or-better", FB_PAIR_QA },
};
static const struct key_spec prime_keys[] = {
    { "four-same-color", FP_FOUR },
    { "five-same-color", FP_FIVE },
};

struct kind_spec {
    const char *section; /* the INI section */
    const char *file_name; /* the name of a file's table: the seed's operator column */
    const struct key_spec *keys;
    int nkeys;
};

#define KEYS(k) k, (int)(sizeof k / sizeof k[0])
static const struct kind_spec kinds[FT_NKINDS] = {
    [FT_ODDS_WIN] = { "odds-win", "WE-2", KEYS(odds_win_keys) },
    [FT_BAD_BEAT] = { "odds-bad-beat", "BB-5", KEYS(bad_beat_keys) },
    [FT_BONUS] = { "four-card-bonus", "FC-13", KEYS(bonus_keys) },
    [FT_PRIME] = { "prime", "Prime-3", KEYS(prime_keys) },
};
enum { MAX_KEYS = FB_NROWS - 1 }; /* [four-card-bonus] has the most keys */

/* Rows no key sets: what the rules fix. */
static void fixed_rows(enum frenzy_table_kind kind, int64_t den, int64_t *pay)
{
    if (kind == FT_BONUS)
        pay[FB_LOSS] = -den; /* Jacks or less */
    if (kind == FT_PRIME)
        pay[FP_LOSS] = -den; /* three and two */
}

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

/* Why a value is bad: paytable_decimal_why, but naming the words. */
static const char *value_why(enum decimal_status status)
{
    switch (status) {
    case DECIMAL_NOT_A_NUMBER: return "expected a number such as 2, 1.5 or 0.25, or push or loss";
    case DECIMAL_NEGATIVE: return "a payout cannot be negative (write loss for a losing bet)";
    default: return paytable_decimal_why(status);
    }
}

/* Parses a payout (paytable_parse_decimal) or the words push (0/1) and
 * loss (-1/1).  Returns NULL, or why the text is not a value.  Within the
 * limits of paytable_ini.h a hand's EV (payout times at most C(47,5)
 * dealer hands) stays below 2^63. */
static const char *parse_value(const char *text, struct paytable_decimal *out)
{
    if (strcasecmp(text, "push") == 0)
        return *out = (struct paytable_decimal){ 0, 1 }, NULL;
    if (strcasecmp(text, "loss") == 0)
        return *out = (struct paytable_decimal){ -1, 1 }, NULL;
    return value_why(paytable_parse_decimal(text, out));
}

/* The table of the values of one kind, values[k] for keys[k]. */
static void build_table(enum frenzy_table_kind kind, const char *name, const struct paytable_decimal *values,
                        struct frenzy_table *t)
{
    const struct kind_spec *ks = &kinds[kind];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->den = 1;
    for (int k = 0; k < ks->nkeys; k++)
        t->den = paytable_lcm(t->den, values[k].den);
    for (int k = 0; k < ks->nkeys; k++)
        t->pay[ks->keys[k].row] = values[k].num * (t->den / values[k].den);
    fixed_rows(kind, t->den, t->pay);
}

/* ------------------------------------------------------------------ */
/* Presets                                                             */
/* ------------------------------------------------------------------ */

struct preset {
    enum frenzy_table_kind kind;
    const char *name;
    const char *values[MAX_KEYS]; /* in the kind's key order, as the seed prints them */
};

static const struct preset presets[] = {
    /*                       Quad A  Quads  SF    Trips  Flush  Straight  Two Pair or less */
    { FT_ODDS_WIN, "WE-1", { "200", "30", "15", "2", "1.5", "1", "push" } },
    /*                        Quads  SF    Trips  Flush  Straight  Two Pair or less */
    { FT_BAD_BEAT, "BB-1",  { "30",  "15", "2", "1.5", "1", "loss" } },
    { FT_BAD_BEAT, "BB-2",  { "100", "30", "4", "3",   "2", "loss" } },
    { FT_BAD_BEAT, "BB-3",  { "500", "50", "4", "3",   "2", "loss" } },
    { FT_BAD_BEAT, "BB-4",  { "500", "50", "5", "4",   "2", "loss" } },
    { FT_BAD_BEAT, "BB-4b", { "500", "50", "5", "4",   "3", "loss" } },
    /*                     Quad A  Quads  Royal  SF    Trip A  Trips  Flush Straight 2Pair QQ-AA */
    { FT_BONUS, "FC-1",  { "50",  "50",  "30",  "30", "9",  "9", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-2",  { "50",  "50",  "40",  "40", "8",  "8", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-3",  { "50",  "50",  "30",  "30", "8",  "8", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-4",  { "50",  "50",  "40",  "40", "7",  "7", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-5",  { "200", "100", "50",  "30", "20", "8", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-6",  { "200", "100", "50",  "40", "20", "7", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-7",  { "200", "100", "50",  "30", "20", "6", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-8",  { "200", "100", "50",  "40", "20", "5", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-9",  { "200", "50",  "100", "40", "20", "8", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-10", { "200", "50",  "100", "40", "20", "7", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-11", { "200", "50",  "100", "40", "20", "6", "4", "3", "2", "1" } },
    { FT_BONUS, "FC-12", { "200", "50",  "100", "40", "20", "5", "4", "3", "2", "1" } },
    /*                      four  five of one colour */
    { FT_PRIME, "Prime-1", { "1", "6" } },
    { FT_PRIME, "Prime-2", { "1", "5" } },
};
enum { NPRESETS = sizeof presets / sizeof presets[0] };

static const struct preset *preset_at(enum frenzy_table_kind kind, int i)
{
    for (int j = 0; j < NPRESETS; j++)
        if (presets[j].kind == kind && i-- == 0)
            return &presets[j];
    return NULL;
}

int frenzy_preset_count(enum frenzy_table_kind kind)
{
    int n = 0;
    for (int j = 0; j < NPRESETS; j++)
        n += presets[j].kind == kind;
    return n;
}

const char *frenzy_preset_name(enum frenzy_table_kind kind, int i)
{
    const struct preset *p = preset_at(kind, i);
    return p ? p->name : NULL;
}

int frenzy_preset_get(enum frenzy_table_kind kind, const char *name, struct frenzy_table *out)
{
    for (int j = 0; name && j < NPRESETS; j++) {
        const struct preset *p = &presets[j];
        if (p->kind != kind || strcmp(p->name, name) != 0)
            continue;
        struct paytable_decimal values[MAX_KEYS];
        for (int k = 0; k < kinds[kind].nkeys; k++)
            if (parse_value(p->values[k], &values[k]))
                return -1; /* cannot happen: the tests parse every preset */
        build_table(kind, p->name, values, out);
        return 0;
    }
    return -1;
}

/* ------------------------------------------------------------------ */
/* The file: sections                                                  */
/* ------------------------------------------------------------------ */

/* Section ids: [game], then one per table kind (SEC_TABLE + kind). */
enum { SEC_GAME = 0, SEC_TABLE = 1, NSECTIONS = SEC_TABLE + FT_NKINDS };

static const char *section_name(int sec)
{
    return sec == SEC_GAME ? "game" : kinds[sec - SEC_TABLE].section;
}

static int section_nkeys(int sec)
{
    return sec == SEC_GAME ? 1 : kinds[sec - SEC_TABLE].nkeys;
}

static const char *section_key(int sec, int k)
{
    return sec == SEC_GAME ? "name" : kinds[sec - SEC_TABLE].keys[k].name;
}

/* What paytable_ini needs to find the sections and keys of a file. */
static const struct paytable_format file_format = {
    NSECTIONS, section_name, section_nkeys, section_key,
    "[game], [odds-win], [odds-bad-beat], [four-card-bonus] or [prime]",
};
PAYTABLE_FORMAT_FITS(NSECTIONS, MAX_KEYS);

/* ------------------------------------------------------------------ */
/* Loader state                                                        */
/* ------------------------------------------------------------------ */

struct load_state {
    struct paytable_ini ini; /* the file, the lines of sections and keys, the error */
    struct paytable_decimal value[NSECTIONS][MAX_KEYS];
    char name[sizeof ((struct frenzy_paytable *)0)->name];
};

#define fail(st, ...) paytable_fail(&(st)->ini, __VA_ARGS__)
#define fail_at(st, ...) paytable_fail_at(&(st)->ini, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Reading keys                                                        */
/* ------------------------------------------------------------------ */

static int unknown_key(struct load_state *st, int sec, const char *key)
{
    if (sec == SEC_TABLE + FT_BAD_BEAT && strcasecmp(key, "quad-aces") == 0)
        return fail(st, "unknown key 'quad-aces' in [odds-bad-beat]: Quad Aces never lose, so they have no "
                        "Bad Beat payout");
    return fail(st, "unknown key '%s' in [%s]", key, section_name(sec));
}

/* The inih handler: one call per "key = value". */
static int on_key(void *user, const char *section, const char *key, const char *value)
{
    struct load_state *st = user;
    int k, sec = paytable_ini_key(&st->ini, section, key, &k);
    if (sec < 0)
        return 0;
    if (k < 0)
        return unknown_key(st, sec, key);
    if (sec == SEC_GAME)
        return paytable_ini_read_name(&st->ini, value, st->name, sizeof st->name);
    const char *why = parse_value(value, &st->value[sec][k]);
    if (why)
        return fail(st, "bad value '%s' for '%s' in [%s]: %s", value, section_key(sec, k), section_name(sec), why);
    return 1;
}

/* ------------------------------------------------------------------ */
/* Checking and building                                               */
/* ------------------------------------------------------------------ */

/* [game] and its name always; a table section, when present, with every
 * key; and at least one table. */
static bool check_complete(struct load_state *st)
{
    if (!st->ini.section_line[SEC_GAME] || !st->ini.key_line[SEC_GAME][0])
        return fail_at(st, 0, "missing key 'name' in [game]");
    int tables = 0;
    for (int sec = SEC_TABLE; sec < NSECTIONS; sec++) {
        if (!st->ini.section_line[sec])
            continue;
        tables++;
        for (int k = 0; k < section_nkeys(sec); k++)
            if (!st->ini.key_line[sec][k])
                return fail_at(st, 0, "missing key '%s' in [%s]", section_key(sec, k), section_name(sec));
    }
    if (tables == 0)
        return fail_at(st, 0, "no table: give at least one of [odds-win], [odds-bad-beat], "
                              "[four-card-bonus] and [prime]");
    return true;
}

static void build_paytable(const struct load_state *st, struct frenzy_paytable *pt)
{
    memset(pt, 0, sizeof *pt);
    strcpy(pt->name, st->name);
    for (int kind = 0; kind < FT_NKINDS; kind++)
        if (st->ini.section_line[SEC_TABLE + kind])
            build_table((enum frenzy_table_kind)kind, kinds[kind].file_name, st->value[SEC_TABLE + kind],
                        &pt->tables[pt->ntables++]);
}

int frenzy_paytable_load(const char *path, struct frenzy_paytable *out, char *err, size_t errlen)
{
    struct load_state st = { 0 };
    if (!paytable_ini_load(&st.ini, &file_format, path, err, errlen, on_key, &st) || !check_complete(&st))
        return -1;
    build_paytable(&st, out);
    return 0;
}
