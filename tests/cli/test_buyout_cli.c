/* test_buyout_cli.c — `fourcard solve buyout` on bad input: one line on
 * stderr naming the problem, exit code 2 (1 when a file cannot be made),
 * no output file; and a good run writes the JSON report whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buyout_cli.h"
#include "games.h"

static char dir[64], out[128], errfile[128];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_buyout_cli.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(out, sizeof out, "%s/out.json", dir);
    snprintf(errfile, sizeof errfile, "%s/stderr", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(out);
    unlink(errfile);
    char csv[160];
    snprintf(csv, sizeof csv, "%s/s.csv", dir);
    unlink(csv);
    rmdir(dir);
    return 0;
}

/* Runs `solve ARGS... -o out` with stderr in a file; returns the exit code
 * and the stderr text. */
static int run(const char *const *args, char *text, size_t len)
{
    char *argv[32];
    int argc = 0;
    argv[argc++] = (char *)"solve";
    for (; *args; args++)
        argv[argc++] = (char *)*args;
    argv[argc] = NULL;
    fflush(stderr);
    int saved = dup(2), fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    close(fd);
    int rc = buyout_cmd_solve(argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fopen(errfile, "r");
    size_t n = fread(text, 1, len - 1, f);
    text[n] = 0;
    fclose(f);
    return rc;
}

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void expect_error(int code, const char *pattern, const char *const *args)
{
    char text[1024];
    unlink(out);
    int rc = run(args, text, sizeof text);
    if (rc != code || lines(text) != 1 || !strstr(text, pattern))
        print_error("args[0]=%s: exit %d, stderr '%s' (want %d, '%s')\n", args[0], rc, text, code, pattern);
    assert_int_equal(rc, code);
    assert_int_equal(lines(text), 1);
    assert_non_null(strstr(text, pattern));
    assert_int_not_equal(access(out, F_OK), 0); /* no file, not even a partial one */
}

#define E(code, pattern, ...)                                        \
    do {                                                             \
        const char *const a_[] = {__VA_ARGS__, "-o", out, NULL};     \
        expect_error(code, pattern, a_);                             \
    } while (0)

static void bad_input(void **state)
{
    (void)state;
    E(2, "bad value 'seven' for --dealer-five", "buyout", "--dealer-five", "seven");
    E(2, "bad value '4' for --bonus-table", "buyout", "--bonus-table", "4");
    E(2, "bad value '0' for --bonus-units", "buyout", "--bonus-table", "1", "--bonus-units", "0");
    E(2, "bad value 'lots' for --bonus-units", "buyout", "--bonus-table", "1", "--bonus-units", "lots");
    E(2, "bad value '1/0' for --bonus-units", "buyout", "--bonus-table", "1", "--bonus-units", "1/0");
    E(2, "--bonus-units needs --bonus-table", "buyout", "--bonus-units", "2");
    E(2, "--bonus-alone needs --bonus-table", "buyout", "--bonus-alone");
    E(2, "--strategy has no meaning with --bonus-alone", "buyout", "--bonus-alone", "--bonus-table", "2",
      "--strategy", "x.csv");
    E(2, "--bonus-units has no meaning with --bonus-alone", "buyout", "--bonus-alone", "--bonus-table", "2",
      "--bonus-units", "2");
    E(2, "bad value '7' for --decks", "buyout", "--decks", "7");
    E(2, "bad value '0' for --ranks", "buyout", "--ranks", "0");
    E(2, "too small", "buyout", "--decks", "1", "--ranks", "2");
    E(2, "bad value '0' for --threads", "buyout", "--threads", "0");
    E(2, "unknown option '--bogus'", "buyout", "--bogus");
    E(2, "unknown game 'poker'", "poker");
    E(2, "unexpected argument 'extra'", "buyout", "extra");
    E(1, "nosuchdir", "buyout", "--decks", "1", "--ranks", "5", "--strategy", "/nosuchdir/s.csv");
}

static void missing_game_or_value(void **state)
{
    (void)state;
    const char *const a[] = {"--json", "-o", out, NULL};
    expect_error(2, "missing GAME", a);
    const char *const b[] = {"buyout", "-o", out, "--bonus-table", NULL};
    expect_error(2, "needs a value", b);
}

/* A small good run: the report has the keys of `solve split --json`. */
static void good_run(void **state)
{
    (void)state;
    char csv[160], text[1024];
    snprintf(csv, sizeof csv, "%s/s.csv", dir);
    const char *const a[] = {"buyout", "--decks", "1", "--ranks", "5", "--json", "-q", "-o", out,
                             "--strategy", csv, NULL};
    assert_int_equal(run(a, text, sizeof text), 0);
    json_object *doc = json_object_from_file(out);
    assert_non_null(doc);
    static const char *const keys[] = {"game", "preset", "game_rules", "ev", "house_edge_percent", "bets",
                                       "element_of_risk_percent", "decisions", "seconds", "player_advantage"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        assert_true(json_object_object_get_ex(doc, keys[i], NULL));
    json_object *ev, *exact;
    assert_true(json_object_object_get_ex(doc, "ev", &ev));
    assert_true(json_object_object_get_ex(ev, "exact", &exact));
    assert_non_null(strchr(json_object_get_string(exact), '/'));
    json_object_put(doc);
    struct stat st;
    assert_int_equal(stat(csv, &st), 0);
    assert_true(st.st_size > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_input),
        cmocka_unit_test(missing_game_or_value),
        cmocka_unit_test(good_run),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
