/* frenzy_rules.c — Four Card Frenzy: rows, the published tables of the
 * seed, and the loader of operator paytable files (INI, format in
 * docs/frenzy-paytable-format.md).
 *
 * The presets are written as the seed prints them ("1.5", "push",
 * "loss") and read by the same exact decimal parser as the files, so a
 * preset and a file with the same numbers are the same table.
 */
#include "frenzy_rules.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "eval4.h"

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

/* Every denominator divides 10^MAX_PLACES, so their lcm does too, and a
 * scaled payout is at most MAX_PAYOUT * 10^MAX_PLACES = 1e12: int64
 * arithmetic never overflows, and a hand's EV (payout times at most
 * C(47,5) dealer hands) stays below 2^63. */
enum { MAX_PLACES = 6 };
#define MAX_PAYOUT INT64_C(1000000)

/* A value as read: num / den, reduced; den divides 10^MAX_PLACES.  A loss
 * is -1/1. */
struct decimal {
    int64_t num, den;
};

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Parses "D+[.D{1,6}]" exactly, or the words push (0) and loss (-1).
 * Returns NULL, or why the text is not a value. */
static const char *parse_value(const char *text, struct decimal *out)
{
    static const char *const not_number = "expected a number such as 2, 1.5 or 0.25, or push or loss";
    static const char *const too_big = "above the limit of 1000000";
    if (strcasecmp(text, "push") == 0)
        return *out = (struct decimal){ 0, 1 }, NULL;
    if (strcasecmp(text, "loss") == 0)
        return *out = (struct decimal){ -1, 1 }, NULL;
    const char *p = text;
    if (*p == '-')
        return "a payout cannot be negative (write loss for a losing bet)";
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

/* The table of the values of one kind, values[k] for keys[k]. */
static void build_table(enum frenzy_table_kind kind, const char *name, const struct decimal *values,
                        struct frenzy_table *t)
{
    const struct kind_spec *ks = &kinds[kind];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->den = 1;
    for (int k = 0; k < ks->nkeys; k++)
        t->den = t->den / gcd64(t->den, values[k].den) * values[k].den;
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
        struct decimal values[MAX_KEYS];
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

/* ------------------------------------------------------------------ */
/* Loader state and messages                                           */
/* ------------------------------------------------------------------ */

struct load_state {
    const char *path;
    FILE *file;
    int line;       /* the line inih is working on */
    int read_errno; /* errno of a failed read, 0 when none */
    int section_line[NSECTIONS];
    int key_line[NSECTIONS][MAX_KEYS]; /* 0 = not given yet */
    struct decimal value[NSECTIONS][MAX_KEYS];
    char name[sizeof ((struct frenzy_paytable *)0)->name];
    int err_line;   /* line of the first error, 0 when none or not line-bound */
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
 * line is 0); later ones would only be consequences.  Returns 0, the inih
 * handler's "stop" value. */
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

/* "cannot read FILE: why"; it replaces any error already recorded (a read
 * error explains them). */
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
/* Reading keys                                                        */
/* ------------------------------------------------------------------ */

/* Names travel into output files: keep them plain. */
static bool is_plain_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(is_digit(*s) || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || strchr("._+-", *s)))
            return false;
    return true;
}

static int read_name(struct load_state *st, const char *value)
{
    if (strlen(value) >= sizeof st->name || !is_plain_name(value))
        return fail(st, "bad name '%s' in [game]: use 1 to %d letters, digits, '.', '_', '+' or '-'", value,
                    (int)sizeof st->name - 1);
    strcpy(st->name, value);
    return 1;
}

static int find_section(const char *name, size_t len)
{
    for (int s = 0; s < NSECTIONS; s++)
        if (strlen(section_name(s)) == len && strncasecmp(section_name(s), name, len) == 0)
            return s;
    return -1;
}

static int find_key(int sec, const char *key)
{
    for (int k = 0; k < section_nkeys(sec); k++)
        if (strcasecmp(section_key(sec, k), key) == 0)
            return k;
    return -1;
}

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
    int sec = find_section(section, strlen(section));
    if (sec < 0) /* unknown headers stop the reader, so this is a key above any header */
        return fail(st, "key '%s' before any [section]", key);
    int k = find_key(sec, key);
    if (k < 0)
        return unknown_key(st, sec, key);
    if (st->key_line[sec][k])
        return fail(st, "duplicate key '%s' in [%s] (first on line %d)", key, section_name(sec),
                    st->key_line[sec][k]);
    st->key_line[sec][k] = st->line;
    if (sec == SEC_GAME)
        return read_name(st, value);
    const char *why = parse_value(value, &st->value[sec][k]);
    if (why)
        return fail(st, "bad value '%s' for '%s' in [%s]: %s", value, section_key(sec, k), section_name(sec), why);
    return 1;
}

/* inih never reports a section without keys to the handler, so headers
 * are checked here: unknown or repeated. */
static bool check_section_header(struct load_state *st, const char *line)
{
    const char *close = strchr(line, ']');
    if (!close) /* inih reports it as a syntax error */
        return true;
    int len = (int)(close - line - 1);
    int sec = find_section(line + 1, (size_t)len);
    if (sec < 0)
        return fail(st, "unknown section [%.*s] (expected [game], [odds-win], [odds-bad-beat], "
                        "[four-card-bonus] or [prime])", len, line + 1);
    if (st->section_line[sec])
        return fail(st, "section [%s] appears twice (first on line %d)", section_name(sec), st->section_line[sec]);
    st->section_line[sec] = st->line;
    return true;
}

/* fgets stops at the buffer size: the rest of a long line would come back
 * as a line of its own.  A line without its newline is whole only at the
 * end of the file. */
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

/* Removes leading blanks (and a UTF-8 byte order mark on line 1): inih
 * would read an indented line as the continuation of the previous value,
 * and the key on it would silently vanish. */
static void trim_line_start(char *buf, int lineno)
{
    char *p = buf;
    if (lineno == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
    while (*p == ' ' || *p == '\t')
        p++;
    memmove(buf, p, strlen(p) + 1);
}

/* The inih reader: fgets plus line numbers, and the checks inih cannot
 * make.  Returning NULL ends the parse. */
static char *read_line(char *buf, int size, void *stream)
{
    struct load_state *st = stream;
    if (st->failed)
        return NULL;
    if (!fgets(buf, size, st->file)) {
        if (ferror(st->file))
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

/* Runs inih over the open file.  inih keeps going after a syntax error and
 * only returns the first error's line, so a syntax error wins when it
 * comes before the first error recorded here. */
static void parse_file(struct load_state *st)
{
    int first_error = ini_parse_stream(read_line, st, on_key, st);
    if (st->read_errno) {
        fail_unreadable(st, st->read_errno);
        return;
    }
    if (first_error > 0 && (!st->failed || first_error < st->err_line)) {
        st->failed = false; /* the syntax error explains what followed */
        fail_at(st, first_error, "expected 'key = value', '[section]' or a comment");
    } else if (first_error < 0) {
        fail_at(st, 0, "the INI parser failed (%d)", first_error);
    }
}

/* ------------------------------------------------------------------ */
/* Checking and building                                               */
/* ------------------------------------------------------------------ */

/* [game] and its name always; a table section, when present, with every
 * key; and at least one table. */
static bool check_complete(struct load_state *st)
{
    if (!st->section_line[SEC_GAME] || !st->key_line[SEC_GAME][0])
        return fail_at(st, 0, "missing key 'name' in [game]");
    int tables = 0;
    for (int sec = SEC_TABLE; sec < NSECTIONS; sec++) {
        if (!st->section_line[sec])
            continue;
        tables++;
        for (int k = 0; k < section_nkeys(sec); k++)
            if (!st->key_line[sec][k])
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
        if (st->section_line[SEC_TABLE + kind])
            build_table((enum frenzy_table_kind)kind, kinds[kind].file_name, st->value[SEC_TABLE + kind],
                        &pt->tables[pt->ntables++]);
}

int frenzy_paytable_load(const char *path, struct frenzy_paytable *out, char *err, size_t errlen)
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
    if (st.failed || !check_complete(&st))
        return -1;
    build_paytable(&st, out);
    return 0;
}
