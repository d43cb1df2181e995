/* split_rules.c — 4 Card Split: the 25 published paytables and the loader
 * of user paytable files (INI, format in docs/split-paytable-format.md).
 *
 * Every number of the presets comes from the tables in
 * ../shared/games/4-card-split.md, checked against the seed text
 * (../shared/seeds/4-card-split.txt).
 */
#include "split_rules.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

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

/* Payout limits.  Every denominator divides 10^MAX_PLACES, so their lcm
 * does too, and a scaled payout is at most MAX_PAYOUT * 10^MAX_PLACES =
 * 1e12: int64 arithmetic can never overflow. */
enum { MAX_PLACES = 6 };
#define MAX_PAYOUT INT64_C(1000000)

/* ------------------------------------------------------------------ */
/* Loader state and messages                                           */
/* ------------------------------------------------------------------ */

/* A payout as read: num / den, reduced; den divides 10^MAX_PLACES. */
struct decimal {
    int64_t num, den;
};

struct load_state {
    const char *path;
    FILE *file;
    int line;       /* the line inih is working on */
    int read_errno; /* errno of a failed read, 0 when none */
    int section_line[NSECTIONS];
    int key_line[NSECTIONS][MAX_KEYS]; /* 0 = not given yet */
    struct decimal payout[NSECTIONS][MAX_KEYS];
    char name[sizeof ((struct split_paytable *)0)->name];
    int version;      /* enum version_id */
    enum split_dealer_hand dealer;
    int qualify_high; /* a rank */
    int err_line;     /* line of the first error, 0 when none or not line-bound */
    bool failed;
    char *err;
    size_t errlen;
};

/* Messages quote file text and the path; a control character in either
 * must not break the one-line promise. */
static void make_one_line(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            *s = '?';
}

/* Records the first error, "FILE:LINE: message" (or "FILE: message" when
 * line is 0); later ones would only be consequences.  Returns 0, the
 * inih handler's "stop" value, so callers can return it. */
__attribute__((format(printf, 3, 4)))
static int fail_at(struct load_state *st, int line, const char *fmt, ...)
{
    if (st->failed)
        return 0;
    st->failed = true;
    st->err_line = line;
    if (!st->err || st->errlen == 0)
        return 0;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(st->err, st->errlen, "%s:%d: %s", st->path, line, msg);
    else
        snprintf(st->err, st->errlen, "%s: %s", st->path, msg);
    make_one_line(st->err);
    return 0;
}

#define fail(st, ...) fail_at((st), (st)->line, __VA_ARGS__)

/* Before recording an error that explains the one already recorded (an
 * earlier syntax error): it takes that one's place. */
static void forget_error(struct load_state *st) { st->failed = false; }

/* "cannot read FILE: why".  It replaces any error already recorded: a
 * read error explains them. */
static void fail_unreadable(struct load_state *st, int errnum)
{
    st->failed = true;
    st->err_line = 0;
    if (st->err && st->errlen) {
        snprintf(st->err, st->errlen, "cannot read %s: %s", st->path, strerror(errnum));
        make_one_line(st->err);
    }
}

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Parses a payout "D+[.D{1,6}]" exactly (no floating point, so 0.1 is
 * 1/10).  Returns NULL, or why the text is not a payout. */
static const char *parse_payout(const char *text, struct decimal *out)
{
    static const char *const not_number = "expected a number such as 2, 1.5 or 0.25";
    static const char *const too_big = "above the limit of 1000000";
    const char *p = text;
    if (*p == '-')
        return "a payout cannot be negative";
    if (!is_digit(*p))
        return not_number;
    int64_t num = 0, scale = 1;
    for (; is_digit(*p); p++)
        if ((num = num * 10 + (*p - '0')) > MAX_PAYOUT)
            return too_big;
    if (*p == '.') {
        if (!is_digit(*++p))
            return not_number;
        for (int places = 0; is_digit(*p); p++) {
            if (++places > MAX_PLACES)
                return "more than 6 decimal places";
            num = num * 10 + (*p - '0');
            scale *= 10;
        }
    }
    if (*p)
        return not_number;
    if (num > MAX_PAYOUT * scale)
        return too_big;
    int64_t g = gcd64(num, scale); /* gcd(0, scale) = scale: 0 becomes 0/1 */
    *out = (struct decimal){ num / g, scale / g };
    return NULL;
}

/* Names travel into output files and file names: keep them plain. */
static bool is_plain_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(is_digit(*s) || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              strchr("._+-", *s)))
            return false;
    return true;
}

static int read_name(struct load_state *st, const char *value)
{
    if (strlen(value) >= sizeof st->name || !is_plain_name(value))
        return fail(st, "bad name '%s' in [game]: use 1 to %d letters, digits, '.', '_', "
                        "'+' or '-'", value, (int)sizeof st->name - 1);
    strcpy(st->name, value);
    return 1;
}

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
    case GAME_NAME: return read_name(st, value);
    case GAME_VERSION: return read_version(st, value);
    case GAME_DEALER: return read_dealer(st, value);
    default: return read_qualifier(st, value);
    }
}

static int read_payout_value(struct load_state *st, int sec, int k, const char *value)
{
    const char *why = parse_payout(value, &st->payout[sec][k]);
    if (why)
        return fail(st, "bad value '%s' for '%s' in [%s]: %s", value, sections[sec].keys[k].name,
                    sections[sec].name, why);
    return 1;
}

/* ------------------------------------------------------------------ */
/* Reading the file                                                    */
/* ------------------------------------------------------------------ */

static int find_section(const char *name, size_t len)
{
    for (int s = 0; s < NSECTIONS; s++)
        if (strlen(sections[s].name) == len && strncasecmp(sections[s].name, name, len) == 0)
            return s;
    return -1;
}

static int find_key(int sec, const char *key)
{
    for (int k = 0; k < sections[sec].nkeys; k++)
        if (strcasecmp(sections[sec].keys[k].name, key) == 0)
            return k;
    return -1;
}

/* The inih handler: one call per "key = value". */
static int on_key(void *user, const char *section, const char *key, const char *value)
{
    struct load_state *st = user;
    int sec = find_section(section, strlen(section));
    if (sec < 0) /* unknown headers stop the reader, so this is a key above any header */
        return fail(st, "key '%s' before any [section]", key);
    int k = find_key(sec, key);
    if (k < 0)
        return fail(st, "unknown key '%s' in [%s]", key, sections[sec].name);
    if (st->key_line[sec][k])
        return fail(st, "duplicate key '%s' in [%s] (first on line %d)", key, sections[sec].name,
                    st->key_line[sec][k]);
    st->key_line[sec][k] = st->line;
    if (sec == SEC_GAME)
        return read_game_value(st, sections[sec].keys[k].target, value);
    return read_payout_value(st, sec, k, value);
}

/* inih never reports a section without keys to the handler, so headers
 * are checked here, where every line passes: unknown or repeated. */
static bool check_section_header(struct load_state *st, const char *line)
{
    const char *close = strchr(line, ']');
    if (!close) /* inih reports it as a syntax error */
        return true;
    int len = (int)(close - line - 1);
    int sec = find_section(line + 1, (size_t)len);
    if (sec < 0)
        return fail(st, "unknown section [%.*s] (expected [game], [ante-draw], [ante-instant] "
                        "or [blind])", len, line + 1);
    if (st->section_line[sec])
        return fail(st, "section [%s] appears twice (first on line %d)", sections[sec].name,
                    st->section_line[sec]);
    st->section_line[sec] = st->line;
    return true;
}

/* fgets stops at the buffer size: the rest of a long line would come back
 * as a line of its own (a comment's tail read as a key).  A line without
 * its newline is whole only at the end of the file. */
static bool line_is_whole(const char *buf, FILE *f)
{
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n')
        return true;
    int c = getc(f);
    if (c == EOF)
        return true;
    ungetc(c, f);
    return false;
}

/* Removes the leading blanks (and a UTF-8 byte order mark on line 1).
 * Why: inih reads an indented line after a key as the continuation of
 * that key's value (multi-line values, on in the Debian build), so an
 * indented key would silently vanish into the previous value. */
static void trim_line_start(char *buf, int lineno)
{
    char *p = buf;
    if (lineno == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
    while (*p == ' ' || *p == '\t')
        p++;
    memmove(buf, p, strlen(p) + 1);
}

/* The inih reader: fgets plus line numbers for the messages, and the
 * checks inih cannot make.  Returning NULL ends the parse. */
static char *read_line(char *buf, int size, void *stream)
{
    struct load_state *st = stream;
    if (st->failed)
        return NULL;
    if (!fgets(buf, size, st->file)) {
        if (ferror(st->file)) /* errno now, before other calls change it */
            st->read_errno = errno ? errno : EIO;
        return NULL;
    }
    st->line++;
    if (!line_is_whole(buf, st->file)) {
        fail(st, "line too long (at most %d characters) or not text", size - 3);
        return NULL;
    }
    trim_line_start(buf, st->line);
    if (buf[0] == '[' && !check_section_header(st, buf))
        return NULL;
    return buf;
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
            if (!st->key_line[sec][k] && key_required(st, sec, k))
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
    int dealer_line = st->key_line[SEC_GAME][GAME_DEALER];
    int qualifier_line = st->key_line[SEC_GAME][GAME_QUALIFIER];
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
            den = den / gcd64(den, st->payout[sec][k].den) * st->payout[sec][k].den;
    return den;
}

static void fill_payouts(const struct load_state *st, int sec, int64_t den, int64_t *dst)
{
    for (int k = 0; k < sections[sec].nkeys; k++) {
        struct decimal d = st->payout[sec][k];
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

/* Runs inih over the open file.  inih keeps going after a syntax error
 * and only returns the first error's line, so a syntax error wins when it
 * comes before the first error the handler or reader recorded. */
static void parse_file(struct load_state *st)
{
    int first_error = ini_parse_stream(read_line, st, on_key, st);
    if (st->read_errno) {
        fail_unreadable(st, st->read_errno);
        return;
    }
    if (first_error > 0 && (!st->failed || first_error < st->err_line)) {
        forget_error(st);
        fail_at(st, first_error, "expected 'key = value', '[section]' or a comment");
    } else if (first_error < 0) {
        fail_at(st, 0, "the INI parser failed (%d)", first_error);
    }
}

int split_paytable_load(const char *path, struct split_paytable *out, char *err, size_t errlen)
{
    struct load_state st = { .path = path, .err = err, .errlen = errlen };
    if (err && errlen)
        err[0] = '\0';
    st.file = fopen(path, "r");
    if (!st.file) {
        fail_unreadable(&st, errno);
        return -1;
    }
    parse_file(&st);
    fclose(st.file);

    struct split_rules rules;
    if (st.failed || !check_keys_present(&st) || !settle_rules(&st, &rules))
        return -1;
    build_paytable(&st, &rules, out);
    return 0;
}
