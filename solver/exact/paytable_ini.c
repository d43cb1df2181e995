/* paytable_ini.c — the INI reading, exact decimals and messages shared by
 * the paytable file loaders (split_rules.c, frenzy_rules.c). */
#include "paytable_ini.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "wide.h"

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

int64_t paytable_lcm(int64_t a, int64_t b) { return a / (int64_t)wide_gcd(a, b) * b; }

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

enum decimal_status paytable_parse_decimal(const char *text, struct paytable_decimal *out)
{
    static const struct decimal_limits PAYOUT = {PAYTABLE_MAX_PAYOUT, PAYTABLE_MAX_PLACES, false};
    int64_t num, den;
    enum decimal_status status = decimal_parse(text, &PAYOUT, &num, &den);
    if (status == DECIMAL_OK)
        *out = (struct paytable_decimal){num, den};
    return status;
}

const char *paytable_decimal_why(enum decimal_status status)
{
    switch (status) {
    case DECIMAL_OK: return NULL;
    case DECIMAL_NEGATIVE: return "a payout cannot be negative";
    case DECIMAL_TOO_BIG: return "above the limit of 1000000";
    case DECIMAL_TOO_MANY_PLACES: return "more than 6 decimal places";
    default: return "expected a number such as 2, 1.5 or 0.25";
    }
}

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

/* Messages quote file text and the path; a control character in either
 * must not break the one-line promise. */
static void make_one_line(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            *s = '?';
}

int paytable_fail_at(struct paytable_ini *ini, int line, const char *fmt, ...)
{
    if (ini->failed)
        return 0;
    ini->failed = true;
    ini->err_line = line;
    if (!ini->err || ini->errlen == 0)
        return 0;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(ini->err, ini->errlen, "%s:%d: %s", ini->path, line, msg);
    else
        snprintf(ini->err, ini->errlen, "%s: %s", ini->path, msg);
    make_one_line(ini->err);
    return 0;
}

/* "cannot read FILE: why".  It replaces any error already recorded: a
 * read error explains them. */
static void fail_unreadable(struct paytable_ini *ini, int errnum)
{
    ini->failed = true;
    ini->err_line = 0;
    if (ini->err && ini->errlen) {
        snprintf(ini->err, ini->errlen, "cannot read %s: %s", ini->path, strerror(errnum));
        make_one_line(ini->err);
    }
}

/* ------------------------------------------------------------------ */
/* Sections and keys                                                   */
/* ------------------------------------------------------------------ */

static int find_section(const struct paytable_format *f, const char *name, size_t len)
{
    for (int s = 0; s < f->nsections; s++)
        if (strlen(f->section_name(s)) == len && strncasecmp(f->section_name(s), name, len) == 0)
            return s;
    return -1;
}

static int find_key(const struct paytable_format *f, int sec, const char *key)
{
    for (int k = 0; k < f->nkeys(sec); k++)
        if (strcasecmp(f->key_name(sec, k), key) == 0)
            return k;
    return -1;
}

int paytable_ini_key(struct paytable_ini *ini, const char *section, const char *key, int *k)
{
    const struct paytable_format *f = ini->format;
    int sec = find_section(f, section, strlen(section));
    if (sec < 0) { /* unknown headers stop the reader, so this is a key above any header */
        paytable_fail(ini, "key '%s' before any [section]", key);
        return -1;
    }
    *k = find_key(f, sec, key);
    if (*k < 0)
        return sec;
    if (ini->key_line[sec][*k]) {
        paytable_fail(ini, "duplicate key '%s' in [%s] (first on line %d)", key, f->section_name(sec),
                      ini->key_line[sec][*k]);
        return -1;
    }
    ini->key_line[sec][*k] = ini->line;
    return sec;
}

/* Names travel into output files and file names: keep them plain. */
static bool is_plain_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(is_digit(*s) || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || strchr("._+-", *s)))
            return false;
    return true;
}

int paytable_ini_read_name(struct paytable_ini *ini, const char *value, char *name, size_t size)
{
    if (strlen(value) >= size || !is_plain_name(value))
        return paytable_fail(ini, "bad name '%s' in [game]: use 1 to %d letters, digits, '.', '_', '+' or '-'",
                             value, (int)size - 1);
    strcpy(name, value);
    return 1;
}

/* inih never reports a section without keys to the handler, so headers
 * are checked here, where every line passes: text after the ']' (which
 * inih ignores; blanks and a ';' comment may follow it), unknown or
 * repeated. */
static bool check_section_header(struct paytable_ini *ini, const char *line)
{
    const struct paytable_format *f = ini->format;
    const char *close = strchr(line, ']');
    if (!close) /* inih reports it as a syntax error */
        return true;
    int len = (int)(close - line - 1);
    const char *rest = close + 1 + strspn(close + 1, " \t\r\n");
    if (*rest && *rest != ';') {
        int rest_len = (int)strlen(rest);
        while (rest_len > 0 && strchr(" \t\r\n", rest[rest_len - 1]))
            rest_len--;
        return paytable_fail(ini, "text after ']' of [%.*s]: '%.*s' (a comment there starts with ';')", len,
                             line + 1, rest_len, rest);
    }
    int sec = find_section(f, line + 1, (size_t)len);
    if (sec < 0)
        return paytable_fail(ini, "unknown section [%.*s] (expected %s)", len, line + 1, f->sections_expected);
    if (ini->section_line[sec])
        return paytable_fail(ini, "section [%s] appears twice (first on line %d)", f->section_name(sec),
                             ini->section_line[sec]);
    ini->section_line[sec] = ini->line;
    return true;
}

/* ------------------------------------------------------------------ */
/* Reading the file                                                    */
/* ------------------------------------------------------------------ */

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

/* fgets that tells a NUL byte: up to size - 1 bytes, to a newline
 * included, then '\0'.  Returns the bytes read (0 at the end of the file
 * or on an error); *nul when one of them is a NUL byte. */
static size_t read_bytes(char *buf, int size, FILE *f, bool *nul)
{
    size_t n = 0;
    int c;
    *nul = false;
    while (n + 1 < (size_t)size && (c = getc(f)) != EOF) {
        buf[n++] = (char)c;
        *nul |= c == '\0';
        if (c == '\n')
            break;
    }
    buf[n] = '\0';
    return n;
}

_Static_assert(PAYTABLE_MAX_LINES < INT_MAX, "the line counts are ints");

/* The inih reader: a line (read_bytes) plus line numbers for the
 * messages, and the checks inih cannot make (NUL bytes, the line limit,
 * long lines, section headers).  Returning NULL ends the parse. */
static char *read_line(char *buf, int size, void *stream)
{
    struct paytable_ini *ini = stream;
    if (ini->failed)
        return NULL;
    bool nul;
    if (read_bytes(buf, size, ini->file, &nul) == 0) {
        if (ferror(ini->file)) /* errno now, before other calls change it */
            ini->read_errno = errno ? errno : EIO;
        return NULL;
    }
    ini->line++;
    if (ini->line > PAYTABLE_MAX_LINES) { /* before inih's count (an int too) could wrap */
        paytable_fail(ini, "more than %d lines: not a paytable file", PAYTABLE_MAX_LINES);
        return NULL;
    }
    if (nul) { /* inih would read the line up to it and drop the rest, a value's last digits */
        paytable_fail(ini, "a NUL byte: not a text file");
        return NULL;
    }
    if (!line_is_whole(buf, ini->file)) {
        paytable_fail(ini, "line too long (at most %d characters) or not text", size - 3);
        return NULL;
    }
    trim_line_start(buf, ini->line);
    if (buf[0] == '[' && !check_section_header(ini, buf))
        return NULL;
    return buf;
}

/* Runs inih over the open file.  inih keeps going after a syntax error
 * and only returns the first error's line, so a syntax error wins when it
 * comes before the first error the handler or reader recorded. */
static void parse_file(struct paytable_ini *ini, ini_handler on_key, void *user)
{
    int first_error = ini_parse_stream(read_line, ini, on_key, user);
    if (ini->read_errno) {
        fail_unreadable(ini, ini->read_errno);
        return;
    }
    if (first_error > 0 && (!ini->failed || first_error < ini->err_line)) {
        ini->failed = false; /* the syntax error explains what followed: it takes that one's place */
        paytable_fail_at(ini, first_error, "expected 'key = value', '[section]' or a comment");
    } else if (first_error < 0) {
        paytable_fail_at(ini, 0, "the INI parser failed (%d)", first_error);
    }
}

bool paytable_ini_load(struct paytable_ini *ini, const struct paytable_format *format, const char *path,
                       char *err, size_t errlen, ini_handler on_key, void *user)
{
    *ini = (struct paytable_ini){ .format = format, .path = path, .err = err, .errlen = errlen };
    if (err && errlen)
        err[0] = '\0';
    ini->file = fopen(path, "r");
    if (!ini->file) {
        fail_unreadable(ini, errno);
        return false;
    }
    parse_file(ini, on_key, user);
    fclose(ini->file);
    ini->file = NULL;
    return !ini->failed;
}
