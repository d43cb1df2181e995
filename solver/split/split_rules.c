/* split_rules.c — 4 Card Split: the 25 published paytables and the loader
 * of user paytable files (INI, format in docs/split-paytable-format.md).
 *
 * Every number of the presets comes from the tables in
 * ../shared/games/4-card-split.md, checked against the seed text
 * (../shared/seeds/4-card-split.txt).
 */
#include "split_rules.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "paytable_ini.h"

/* ------------------------------------------------------------------ */
/* Presets                                                             */
/* ------------------------------------------------------------------ */

#define RULES_2014 { SPLIT_DEALER_BEST3OF4, RANK_QUEEN }
#define RULES_V2   { SPLIT_DEALER_UP_BEST2OF3, RANK_KING }

/* Ante won at the showdown: High and Pair pay even money (den = 1). */
#define DRAW(royal, sf, trips, straight, flush)                                       \
    { [E3_HIGH] = 1, [E3_PAIR] = 1, [E3_FLUSH] = flush, [E3_STRAIGHT] = straight,     \
      [E3_TRIPS] = trips, [E3_STRAIGHT_FLUSH] = sf, [E3_ROYAL] = royal }

/* Ante paid at once: only Flush or better is an instant winner. */
#define INSTANT(royal, sf, trips, straight, flush)                                    \
    { [E3_FLUSH] = flush, [E3_STRAIGHT] = straight, [E3_TRIPS] = trips,               \
      [E3_STRAIGHT_FLUSH] = sf, [E3_ROYAL] = royal }

/* Arguments in the order of the seed's Blind rows; a pair below tens and
 * high card lose the Blind (-den). */
#define BLIND(royal, quads, sf, trips, flush, straight, two_pair, high_pair)          \
    { [BL_HIGH] = -1, [BL_PAIR_LOW] = -1, [BL_PAIR_HIGH] = high_pair,                 \
      [BL_TWO_PAIR] = two_pair, [BL_STRAIGHT] = straight, [BL_FLUSH] = flush,         \
      [BL_TRIPS] = trips, [BL_STRAIGHT_FLUSH] = sf, [BL_QUADS] = quads,               \
      [BL_ROYAL] = royal }

/* The seed's Ante tables, (royal, straight flush, trips, straight, flush). */
#define ANTE_I_DRAW     DRAW(30, 15, 8, 3, 2)
#define ANTE_I_INSTANT  INSTANT(30, 15, 8, 3, 2)
#define ANTE_II_DRAW    DRAW(40, 15, 8, 3, 2)
#define ANTE_II_INSTANT INSTANT(40, 15, 8, 2, 2)
#define ANTE_V2_DRAW    DRAW(30, 12, 8, 3, 2)
#define ANTE_V2_INSTANT INSTANT(30, 12, 8, 3, 2)

static const struct split_paytable presets[] = {
    /* name      version rules      den ante draw     ante instant     Blind: royal  4K   SF  3K  Fl St 2P TA */
    { "2014-1a", "2014", RULES_2014, 1, ANTE_I_DRAW,  ANTE_I_INSTANT,  BLIND( 500, 200,  60, 10,  9, 7, 5, 2) },
    { "2014-1b", "2014", RULES_2014, 1, ANTE_I_DRAW,  ANTE_I_INSTANT,  BLIND( 500, 200,  80, 10,  9, 7, 5, 2) },
    { "2014-1c", "2014", RULES_2014, 1, ANTE_I_DRAW,  ANTE_I_INSTANT,  BLIND( 500, 200, 100, 10,  9, 7, 5, 2) },
    { "2014-1d", "2014", RULES_2014, 1, ANTE_I_DRAW,  ANTE_I_INSTANT,  BLIND( 600, 200, 100, 10,  9, 7, 5, 2) },
    { "2014-2a", "2014", RULES_2014, 1, ANTE_II_DRAW, ANTE_II_INSTANT, BLIND( 800, 300, 200, 12, 10, 8, 6, 2) },
    { "2014-2b", "2014", RULES_2014, 1, ANTE_II_DRAW, ANTE_II_INSTANT, BLIND(1000, 300, 200, 12,  9, 8, 6, 2) },
    { "2014-2c", "2014", RULES_2014, 1, ANTE_II_DRAW, ANTE_II_INSTANT, BLIND(1000, 300, 200, 12, 10, 8, 6, 2) },
    { "v2-P1",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 100,  50,  8,  7, 6, 4, 2) },
    { "v2-P2",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  80,  8,  7, 5, 4, 2) },
    { "v2-P3",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  50,  8,  7, 5, 4, 2) },
    { "v2-P4",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  50,  9,  6, 5, 4, 2) },
    { "v2-P5",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 100,  50,  8,  7, 5, 4, 2) },
    { "v2-P6",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 200,  80,  8,  6, 5, 4, 2) },
    { "v2-P7",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  80,  8,  6, 5, 4, 2) },
    { "v2-P8",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  60,  8,  6, 5, 4, 2) },
    { "v2-P9",   "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 500, 150,  50,  8,  6, 5, 4, 2) },
    { "v2-P10",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 150,  50,  8,  7, 6, 4, 2) },
    { "v2-P11",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 100,  50,  8,  7, 6, 4, 2) },
    { "v2-P12",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 400, 150,  50,  8,  7, 5, 4, 2) },
    { "v2-P13",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 150,  50,  8,  7, 5, 4, 2) },
    { "v2-P14",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 150,  50,  9,  6, 5, 4, 2) },
    { "v2-P15",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 100,  50,  8,  7, 5, 4, 2) },
    { "v2-P16",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 400, 150,  80,  8,  6, 5, 4, 2) },
    { "v2-P17",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 400, 120,  80,  8,  6, 5, 4, 2) },
    { "v2-P18",  "v2",   RULES_V2,   1, ANTE_V2_DRAW, ANTE_V2_INSTANT, BLIND( 300, 150,  50,  8,  6, 5, 4, 2) },
};

enum { NPRESETS = sizeof presets / sizeof presets[0] };

int split_preset_count(void) { return NPRESETS; }

const struct split_paytable *split_preset_at(int i)
{
    return i >= 0 && i < NPRESETS ? &presets[i] : NULL;
}

const struct split_paytable *split_preset_find(const char *name)
{
    for (int i = 0; name && i < NPRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

int split_rules_equal(const struct split_rules *a, const struct split_rules *b)
{
    return a->dealer == b->dealer && a->qualify_high == b->qualify_high;
}

/* ------------------------------------------------------------------ */
/* The file format: sections, keys and words                          */
/* ------------------------------------------------------------------ */

enum section_id { SEC_GAME, SEC_ANTE_DRAW, SEC_ANTE_INSTANT, SEC_BLIND, NSECTIONS };
enum game_key { GAME_NAME, GAME_VERSION, GAME_DEALER, GAME_QUALIFIER };
enum { MAX_KEYS = 8 }; /* the most keys of one section ([blind]) */

/* A key and where its value goes: a game_key in [game], else the category
 * index into the section's payout array. */
struct key_spec {
    const char *name;
    int target;
};

/* In enum game_key order, so a key's index is its game_key. */
static const struct key_spec game_keys[] = {
    { "name", GAME_NAME },
    { "version", GAME_VERSION },
    { "dealer", GAME_DEALER },
    { "qualifier", GAME_QUALIFIER },
};

/* In the seed's order (best first), which is also the order missing keys
 * are reported in. */
static const struct key_spec ante_keys[] = {
    { "royal-flush", E3_ROYAL },
    { "straight-flush", E3_STRAIGHT_FLUSH },
    { "three-of-a-kind", E3_TRIPS },
    { "straight", E3_STRAIGHT },
    { "flush", E3_FLUSH },
};

static const struct key_spec blind_keys[] = {
    { "royal-flush", BL_ROYAL },
    { "four-of-a-kind", BL_QUADS },
    { "straight-flush", BL_STRAIGHT_FLUSH },
    { "three-of-a-kind", BL_TRIPS },
    { "flush", BL_FLUSH },
    { "straight", BL_STRAIGHT },
    { "two-pair", BL_TWO_PAIR },
    { "pair-tens-or-better", BL_PAIR_HIGH },
};

struct section_spec {
    const char *name;
    const struct key_spec *keys;
    int nkeys;
};

#define SECTION(name, keys) { name, keys, (int)(sizeof keys / sizeof keys[0]) }
static const struct section_spec sections[NSECTIONS] = {
    [SEC_GAME] = SECTION("game", game_keys),
    [SEC_ANTE_DRAW] = SECTION("ante-draw", ante_keys),
    [SEC_ANTE_INSTANT] = SECTION("ante-instant", ante_keys),
    [SEC_BLIND] = SECTION("blind", blind_keys),
};
_Static_assert(sizeof blind_keys / sizeof blind_keys[0] == MAX_KEYS, "MAX_KEYS is [blind]'s count");

static const struct split_line lines[SPLIT_NLINES] = {
    {"ante-draw.royal-flush", SPLIT_LINE_ANTE_DRAW, E3_ROYAL},
    {"ante-draw.straight-flush", SPLIT_LINE_ANTE_DRAW, E3_STRAIGHT_FLUSH},
    {"ante-draw.three-of-a-kind", SPLIT_LINE_ANTE_DRAW, E3_TRIPS},
    {"ante-draw.straight", SPLIT_LINE_ANTE_DRAW, E3_STRAIGHT},
    {"ante-draw.flush", SPLIT_LINE_ANTE_DRAW, E3_FLUSH},
    {"ante-instant.royal-flush", SPLIT_LINE_ANTE_INSTANT, E3_ROYAL},
    {"ante-instant.straight-flush", SPLIT_LINE_ANTE_INSTANT, E3_STRAIGHT_FLUSH},
    {"ante-instant.three-of-a-kind", SPLIT_LINE_ANTE_INSTANT, E3_TRIPS},
    {"ante-instant.straight", SPLIT_LINE_ANTE_INSTANT, E3_STRAIGHT},
    {"ante-instant.flush", SPLIT_LINE_ANTE_INSTANT, E3_FLUSH},
    {"blind.royal-flush", SPLIT_LINE_BLIND, BL_ROYAL},
    {"blind.four-of-a-kind", SPLIT_LINE_BLIND, BL_QUADS},
    {"blind.straight-flush", SPLIT_LINE_BLIND, BL_STRAIGHT_FLUSH},
    {"blind.three-of-a-kind", SPLIT_LINE_BLIND, BL_TRIPS},
    {"blind.flush", SPLIT_LINE_BLIND, BL_FLUSH},
    {"blind.straight", SPLIT_LINE_BLIND, BL_STRAIGHT},
    {"blind.two-pair", SPLIT_LINE_BLIND, BL_TWO_PAIR},
    {"blind.pair-tens-or-better", SPLIT_LINE_BLIND, BL_PAIR_HIGH},
};

const struct split_line *split_line_at(int i)
{
    return i >= 0 && i < SPLIT_NLINES ? &lines[i] : NULL;
}

int split_line_find(const char *name)
{
    for (int i = 0; i < SPLIT_NLINES; i++)
        if (strcasecmp(lines[i].name, name) == 0)
            return i;
    return -1;
}

int64_t *split_line_pay(struct split_paytable *pt, const struct split_line *l)
{
    return l->table == SPLIT_LINE_ANTE_DRAW      ? &pt->ante_draw[l->cat]
           : l->table == SPLIT_LINE_ANTE_INSTANT ? &pt->ante_instant[l->cat]
                                                 : &pt->blind[l->cat];
}

int64_t split_line_pay_of(const struct split_paytable *pt, const struct split_line *l)
{
    return *split_line_pay((struct split_paytable *)pt, l);
}

/* A rule version: the word in the file, and the dealing rules it implies
 * (custom implies none: the file must say them). */
enum version_id { VERSION_2014, VERSION_V2, VERSION_CUSTOM, NVERSIONS };
static const struct {
    const char *word;
    struct split_rules rules;
} versions[NVERSIONS] = {
    [VERSION_2014] = { "2014", RULES_2014 },
    [VERSION_V2] = { "v2", RULES_V2 },
    [VERSION_CUSTOM] = { "custom", { SPLIT_DEALER_BEST3OF4, 0 } }, /* unused */
};

static const char *const dealer_words[] = {
    [SPLIT_DEALER_BEST3OF4] = "best3of4",
    [SPLIT_DEALER_UP_BEST2OF3] = "upcard-best2of3",
};
enum { NDEALERS = sizeof dealer_words / sizeof dealer_words[0] };

static const struct {
    const char *word;
    int rank;
} qualifier_words[] = { { "Q", RANK_QUEEN }, { "K", RANK_KING } };
enum { NQUALIFIERS = sizeof qualifier_words / sizeof qualifier_words[0] };

static const char *qualifier_word(int rank)
{
    for (int q = 0; q < NQUALIFIERS; q++)
        if (qualifier_words[q].rank == rank)
            return qualifier_words[q].word;
    return "?";
}

static const char *section_name(int sec) { return sections[sec].name; }
static int section_nkeys(int sec) { return sections[sec].nkeys; }
static const char *section_key(int sec, int k) { return sections[sec].keys[k].name; }

/* What paytable_ini needs to find the sections and keys of a file. */
static const struct paytable_format file_format = {
    NSECTIONS, section_name, section_nkeys, section_key,
    "[game], [ante-draw], [ante-instant] or [blind]",
};
PAYTABLE_FORMAT_FITS(NSECTIONS, MAX_KEYS);

/* ------------------------------------------------------------------ */
/* Loader state                                                        */
/* ------------------------------------------------------------------ */

struct load_state {
    struct paytable_ini ini; /* the file, the lines of sections and keys, the error */
    struct paytable_decimal payout[NSECTIONS][MAX_KEYS];
    char name[sizeof ((struct split_paytable *)0)->name];
    int version;      /* enum version_id */
    enum split_dealer_hand dealer;
    int qualify_high; /* a rank */
};

#define fail(st, ...) paytable_fail(&(st)->ini, __VA_ARGS__)
#define fail_at(st, ...) paytable_fail_at(&(st)->ini, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

static int read_version(struct load_state *st, const char *value)
{
    for (int v = 0; v < NVERSIONS; v++)
        if (strcasecmp(value, versions[v].word) == 0) {
            st->version = v;
            return 1;
        }
    return fail(st, "unknown version '%s' in [game] (expected 2014, v2 or custom)", value);
}

static int read_dealer(struct load_state *st, const char *value)
{
    for (int d = 0; d < NDEALERS; d++)
        if (strcasecmp(value, dealer_words[d]) == 0) {
            st->dealer = (enum split_dealer_hand)d;
            return 1;
        }
    return fail(st, "unknown dealer '%s' in [game] (expected best3of4 or upcard-best2of3)", value);
}

static int read_qualifier(struct load_state *st, const char *value)
{
    for (int q = 0; q < NQUALIFIERS; q++)
        if (strcasecmp(value, qualifier_words[q].word) == 0) {
            st->qualify_high = qualifier_words[q].rank;
            return 1;
        }
    return fail(st, "unknown qualifier '%s' in [game] (expected Q or K)", value);
}

static int read_game_value(struct load_state *st, int target, const char *value)
{
    switch (target) {
    case GAME_NAME: return paytable_ini_read_name(&st->ini, value, st->name, sizeof st->name);
    case GAME_VERSION: return read_version(st, value);
    case GAME_DEALER: return read_dealer(st, value);
    default: return read_qualifier(st, value);
    }
}

static int read_payout_value(struct load_state *st, int sec, int k, const char *value)
{
    const char *why = paytable_decimal_why(paytable_parse_decimal(value, &st->payout[sec][k]));
    if (why)
        return fail(st, "bad value '%s' for '%s' in [%s]: %s", value, sections[sec].keys[k].name,
                    sections[sec].name, why);
    return 1;
}

/* The inih handler: one call per "key = value". */
static int on_key(void *user, const char *section, const char *key, const char *value)
{
    struct load_state *st = user;
    int k, sec = paytable_ini_key(&st->ini, section, key, &k);
    if (sec < 0)
        return 0;
    if (k < 0)
        return fail(st, "unknown key '%s' in [%s]", key, sections[sec].name);
    if (sec == SEC_GAME)
        return read_game_value(st, sections[sec].keys[k].target, value);
    return read_payout_value(st, sec, k, value);
}

/* ------------------------------------------------------------------ */
/* Checking and building the paytable                                  */
/* ------------------------------------------------------------------ */

/* dealer and qualifier only with version = custom; a named version
 * supplies them. */
static bool key_required(const struct load_state *st, int sec, int k)
{
    if (sec != SEC_GAME)
        return true;
    int target = sections[sec].keys[k].target;
    bool sets_rules = target == GAME_DEALER || target == GAME_QUALIFIER;
    return !sets_rules || st->version == VERSION_CUSTOM;
}

static bool check_keys_present(struct load_state *st)
{
    for (int sec = 0; sec < NSECTIONS; sec++)
        for (int k = 0; k < sections[sec].nkeys; k++)
            if (!st->ini.key_line[sec][k] && key_required(st, sec, k))
                return fail_at(st, 0, "missing key '%s' in [%s]%s", sections[sec].keys[k].name,
                               sections[sec].name,
                               sec == SEC_GAME && st->version == VERSION_CUSTOM
                                   ? " (required with version = custom)"
                                   : "");
    return true;
}

/* A named version fixes the dealing rules; a dealer or qualifier line is
 * then optional, and one that contradicts the version is an error rather
 * than a silent override, so "version = 2014" always means 2014. */
static bool settle_rules(struct load_state *st, struct split_rules *rules)
{
    if (st->version == VERSION_CUSTOM) {
        *rules = (struct split_rules){ st->dealer, st->qualify_high };
        return true;
    }
    *rules = versions[st->version].rules;
    const char *v = versions[st->version].word;
    int dealer_line = st->ini.key_line[SEC_GAME][GAME_DEALER];
    int qualifier_line = st->ini.key_line[SEC_GAME][GAME_QUALIFIER];
    if (dealer_line && st->dealer != rules->dealer)
        return fail_at(st, dealer_line, "dealer '%s' contradicts version %s (which has %s); "
                       "use version = custom", dealer_words[st->dealer], v,
                       dealer_words[rules->dealer]);
    if (qualifier_line && st->qualify_high != rules->qualify_high)
        return fail_at(st, qualifier_line, "qualifier '%s' contradicts version %s (which has %s); "
                       "use version = custom", qualifier_word(st->qualify_high), v,
                       qualifier_word(rules->qualify_high));
    return true;
}

static int64_t common_denominator(const struct load_state *st)
{
    int64_t den = 1;
    for (int sec = SEC_ANTE_DRAW; sec < NSECTIONS; sec++)
        for (int k = 0; k < sections[sec].nkeys; k++)
            den = paytable_lcm(den, st->payout[sec][k].den);
    return den;
}

static void fill_payouts(const struct load_state *st, int sec, int64_t den, int64_t *dst)
{
    for (int k = 0; k < sections[sec].nkeys; k++) {
        struct paytable_decimal d = st->payout[sec][k];
        dst[sections[sec].keys[k].target] = d.num * (den / d.den);
    }
}

static void build_paytable(const struct load_state *st, const struct split_rules *rules,
                           struct split_paytable *pt)
{
    memset(pt, 0, sizeof *pt);
    strcpy(pt->name, st->name);
    strcpy(pt->version, versions[st->version].word);
    pt->rules = *rules;
    pt->den = common_denominator(st);
    /* Fixed by the rules, not the file: High and Pair win the Ante at even
     * money, a pair below tens and high card lose the Blind. */
    pt->ante_draw[E3_HIGH] = pt->ante_draw[E3_PAIR] = pt->den;
    pt->blind[BL_HIGH] = pt->blind[BL_PAIR_LOW] = -pt->den;
    fill_payouts(st, SEC_ANTE_DRAW, pt->den, pt->ante_draw);
    fill_payouts(st, SEC_ANTE_INSTANT, pt->den, pt->ante_instant);
    fill_payouts(st, SEC_BLIND, pt->den, pt->blind);
}

int split_paytable_load(const char *path, struct split_paytable *out, char *err, size_t errlen)
{
    struct load_state st = { 0 };
    struct split_rules rules;
    if (!paytable_ini_load(&st.ini, &file_format, path, err, errlen, on_key, &st) || !check_keys_present(&st) ||
        !settle_rules(&st, &rules))
        return -1;
    build_paytable(&st, &rules, out);
    return 0;
}
