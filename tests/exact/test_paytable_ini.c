/* test_paytable_ini.c — the INI reading the paytable loaders share
 * (solver/exact/paytable_ini.c), on what inih alone lets through:
 *   - a NUL byte: inih sees a C string, so the rest of the line would
 *     vanish (silently in a last line without its newline);
 *   - text after the ']' of a section header, which inih ignores (a
 *     comment after it, or blanks, stay allowed);
 *   - the line count: files past 100,000 lines are refused at the line
 *     after the limit, so no counter (ours or inih's int) can overflow.
 * Each refusal is one line "FILE:LINE: ...".  Checked on a small format of
 * this file's own and through the 4 Card Split loader (the fixture
 * tests/data/split/bad-section-trailing-text.ini and files written here).
 */
#define _GNU_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paytable_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paytable_ini.h"
#include "split_rules.h"

#ifndef FOURCARD_TEST_DATA
#define FOURCARD_TEST_DATA "tests/data"
#endif
#define SPLIT_DATA FOURCARD_TEST_DATA "/split"

/* The limit paytable_ini.c promises (PAYTABLE_MAX_LINES), written out so
 * that a change of it is a change of this test too. */
enum { MAX_LINES = 100000 };

static char dir[64]; /* a folder of this run's files */

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_paytable_ini.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* dir/name with len bytes of text; returns the path (static). */
static const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0)
        fail_msg("cannot write %s", path);
    return path;
}

/* ------------------------------------------------------------------ */
/* A small format: sections [t] and [u], one key 'v' each              */
/* ------------------------------------------------------------------ */

static const char *section_name(int s) { return s == 0 ? "t" : "u"; }
static int nkeys(int s) { (void)s; return 1; }
static const char *key_name(int s, int k) { (void)s, (void)k; return "v"; }
static const struct paytable_format FORMAT = {2, section_name, nkeys, key_name, "[t] or [u]"};

struct small {
    struct paytable_ini ini;
    char value[2][64]; /* the value of [t] v and [u] v */
};

static int on_key(void *user, const char *section, const char *key, const char *value)
{
    struct small *s = user;
    int k, sec = paytable_ini_key(&s->ini, section, key, &k);
    if (sec < 0)
        return 0;
    if (k < 0)
        return paytable_fail(&s->ini, "unknown key '%s'", key);
    snprintf(s->value[sec], sizeof s->value[sec], "%s", value);
    return 1;
}

/* Loads path with the small format: true when it loads; err holds why not. */
static bool load_small(const char *path, struct small *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    return paytable_ini_load(&s->ini, &FORMAT, path, err, errlen, on_key, s);
}

static void expect_small_error(const char *path, int line, const char *needle)
{
    struct small s;
    char err[600], prefix[200];
    if (load_small(path, &s, err, sizeof err))
        fail_msg("%s should be refused (values '%s', '%s')", path, s.value[0], s.value[1]);
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err + strlen(prefix), needle))
        fail_msg("message \"%s\" is not \"%s...%s...\"", err, prefix, needle);
    for (const char *p = err; *p; p++)
        if ((unsigned char)*p < 0x20)
            fail_msg("control character %d in \"%s\"", *p, err);
}

static void expect_small_ok(const char *path, const char *t, const char *u)
{
    struct small s;
    char err[600];
    if (!load_small(path, &s, err, sizeof err))
        fail_msg("%s should load: %s", path, err);
    assert_string_equal(s.value[0], t);
    assert_string_equal(s.value[1], u);
}

/* ------------------------------------------------------------------ */
/* NUL bytes                                                           */
/* ------------------------------------------------------------------ */

static void nul_in_last_line(void **state)
{
    (void)state;
    static const char text[] = "[t]\nv = 1\n[u]\nv = 5\0" "00"; /* 500 must not read as 5 */
    expect_small_error(write_file("nul-last.ini", text, sizeof text - 1), 4, "NUL");
}

static void nul_in_a_line(void **state)
{
    (void)state;
    static const char text[] = "[t]\nv = 1\0" "2\n[u]\nv = 5\n";
    expect_small_error(write_file("nul-inside.ini", text, sizeof text - 1), 2, "NUL");
}

static void nul_in_a_comment(void **state)
{
    (void)state; /* no line may hold one, not even a comment */
    static const char text[] = "; a \0comment\n[t]\nv = 1\n[u]\nv = 5\n";
    expect_small_error(write_file("nul-comment.ini", text, sizeof text - 1), 1, "NUL");
}

/* ------------------------------------------------------------------ */
/* Section headers                                                     */
/* ------------------------------------------------------------------ */

static void text_after_header(void **state)
{
    (void)state;
    static const char text[] = "[t]\nv = 1\n[u] extra\nv = 5\n";
    expect_small_error(write_file("header-text.ini", text, sizeof text - 1), 3, "text after ']'");
    static const char hash[] = "[t] # not a comment after a header\nv = 1\n[u]\nv = 5\n";
    expect_small_error(write_file("header-hash.ini", hash, sizeof hash - 1), 1, "text after ']'");
    static const char two[] = "[t]\nv = 1\n[u]]\nv = 5\n";
    expect_small_error(write_file("header-two.ini", two, sizeof two - 1), 3, "text after ']'");
}

static void comment_or_blanks_after_header(void **state)
{
    (void)state;
    static const char text[] = "[t] ; a comment\r\nv = 1\r\n[u]  \t\r\nv = 5 ; five\r\n";
    expect_small_ok(write_file("header-comment.ini", text, sizeof text - 1), "1", "5");
    static const char tight[] = "[t];tight\nv = 1\n[u]\nv = 5";
    expect_small_ok(write_file("header-tight.ini", tight, sizeof tight - 1), "1", "5");
}

/* ------------------------------------------------------------------ */
/* The line limit                                                      */
/* ------------------------------------------------------------------ */

/* A file of `lines` lines: [t] v = 1, [u] v = 5 and comments between. */
static const char *lines_file(const char *name, int lines)
{
    size_t len = (size_t)lines * 2 + 32;
    char *text = malloc(len), *p = text;
    assert_non_null(text);
    p += sprintf(p, "[t]\nv = 1\n[u]\n");
    for (int i = 3; i < lines - 1; i++)
        p += sprintf(p, ";\n");
    p += sprintf(p, "v = 5\n");
    const char *path = write_file(name, text, (size_t)(p - text));
    free(text);
    return path;
}

static void line_limit(void **state)
{
    (void)state;
    expect_small_ok(lines_file("max-lines.ini", MAX_LINES), "1", "5");
    expect_small_error(lines_file("too-many-lines.ini", MAX_LINES + 1), MAX_LINES + 1, "more than 100000 lines");
}

/* ------------------------------------------------------------------ */
/* Through the 4 Card Split loader                                     */
/* ------------------------------------------------------------------ */

static int split_load(const char *path, void *out, char *err, size_t errlen)
{
    return split_paytable_load(path, out, err, errlen);
}

static const struct paytable_loader split_loader = {split_load, sizeof(struct split_paytable)};

static void split_files(void **state)
{
    (void)state;
    static const struct bad_case fixture = {"bad-section-trailing-text.ini", 1, {"text after ']'", "[blind]"}};
    paytable_check_bad_file(&split_loader, SPLIT_DATA, &fixture);
    /* a NUL in the last line: "royal-flush = 5\0" "00" in [blind] */
    FILE *f = fopen(SPLIT_DATA "/good-half.ini", "r");
    assert_non_null(f);
    char text[4096], line[256];
    size_t len = 0;
    while (fgets(line, sizeof line, f))
        if (strcmp(line, "royal-flush = 500\n") != 0)
            len += (size_t)snprintf(text + len, sizeof text - len, "%s", line);
    fclose(f);
    len += (size_t)snprintf(text + len, sizeof text - len, "; v error below\n");
    memcpy(text + len, "royal-flush = 5\0" "00", 18);
    write_file("split-nul.ini", text, len + 18);
    static const struct bad_case nul = {"split-nul.ini", 1, {"NUL"}};
    paytable_check_bad_file(&split_loader, dir, &nul);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nul_in_last_line),
        cmocka_unit_test(nul_in_a_line),
        cmocka_unit_test(nul_in_a_comment),
        cmocka_unit_test(text_after_header),
        cmocka_unit_test(comment_or_blanks_after_header),
        cmocka_unit_test(line_limit),
        cmocka_unit_test(split_files),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
