/* test_cli_games.c — which game a command line names (cli_game_find,
 * games.h): the first operand, never the value of an option, however the
 * option is written (-o FILE, -qo FILE, -oFILE, --output FILE,
 * --output=FILE, an abbreviation --out FILE), and "--" ends the options.
 *
 * Against drift: every option that each command's --help shows with a
 * value (solve GAME, sweep split, simulate GAME, par GAME: "--meter M",
 * "-o, --output FILE", "--rounds N", ...) is tried with a game's name as
 * its value: the game found must be the operand after it.  An option
 * shown without a value must not swallow the game.  So a new option that
 * takes a value and that cli_game_find does not know fails here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "games.h"

static const char *const GAME_NAMES[] = {"split", "frenzy", "buyout"};
enum { NGAMES = 3 };

/* The name of the game cli_game_find finds in words (argv[0] the
 * command), or "none". */
static const char *found(int n, const char *const *words)
{
    char *argv[16];
    assert_true(n < 16);
    for (int i = 0; i < n; i++)
        argv[i] = (char *)words[i];
    argv[n] = NULL;
    const struct cli_game *g = cli_game_find(n, argv);
    return g ? g->name : "none";
}

#define FOUND(...) found((int)(sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)), (const char *[]){__VA_ARGS__})

static void option_values_are_not_games(void **state)
{
    (void)state;
    assert_string_equal(FOUND("solve", "split"), "split");
    assert_string_equal(FOUND("solve", "-q", "buyout", "frenzy"), "buyout"); /* the first operand */
    assert_string_equal(FOUND("solve", "-o", "frenzy", "split"), "split");
    assert_string_equal(FOUND("solve", "-o", "frenzy"), "none");
    assert_string_equal(FOUND("solve", "-qo", "split", "buyout"), "buyout");
    assert_string_equal(FOUND("solve", "-osplit", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "--output", "split", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "--output=split", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "--out", "split", "frenzy"), "frenzy"); /* getopt takes abbreviations */
    assert_string_equal(FOUND("solve", "--threads", "2", "--bind", "none", "--huge-pages", "off", "buyout"), "buyout");
    assert_string_equal(FOUND("solve", "--json", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "--", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "-o", "--", "frenzy"), "frenzy"); /* "--" as -o's value */
    assert_string_equal(FOUND("solve", "--preset", "frenzy", "split"), "split");
    assert_string_equal(FOUND("solve", "--strategy", "buyout", "split"), "split");
    assert_string_equal(FOUND("solve", "--meter", "split", "frenzy"), "frenzy");
    assert_string_equal(FOUND("solve", "--decks", "split", "buyout"), "buyout");
    assert_string_equal(FOUND("simulate", "--seed", "split", "frenzy"), "frenzy");
    assert_string_equal(FOUND("par", "--all-formats", "split", "buyout"), "buyout");
    assert_string_equal(FOUND("solve", "poker"), "none");
    assert_string_equal(FOUND("solve"), "none");
}

/* What `fourcard WORDS... --help` prints on stdout (malloc'd). */
static char *help_of(const char *cmd, const char *game)
{
    char *argv[] = {"fourcard", (char *)cmd, (char *)game, "--help", NULL};
    fflush(stdout);
    FILE *t = tmpfile();
    assert_non_null(t);
    int saved = dup(1);
    assert_true(saved >= 0 && dup2(fileno(t), 1) == 1);
    int rc = cli_main(4, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    assert_int_equal(rc, 0);
    long len = ftell(t);
    char *text = calloc((size_t)len + 1, 1);
    assert_non_null(text);
    rewind(t);
    assert_int_equal(fread(text, 1, (size_t)len, t), (size_t)len);
    fclose(t);
    return text;
}

/* One option of a help line, tried on cli_game_find: name as written
 * ("-o", "--meter"), with a value or not. */
static int tried;

static void try_option(const char *cmd, const char *game, const char *name, bool takes_value)
{
    const char *other = strcmp(game, "frenzy") ? "frenzy" : "buyout";
    const char *got = takes_value ? FOUND(cmd, name, other, game) : FOUND(cmd, name, game);
    if (strcmp(got, game))
        fail_msg("'%s %s %s%s%s': found the game '%s', want '%s' (%s %s a value)", cmd, name,
                 takes_value ? other : "", takes_value ? " " : "", game, got, game, name,
                 takes_value ? "takes" : "takes no");
    tried++;
}

/* The option lines of a help text ("  -o, --output FILE    write ...",
 * "  --threads N, --bind core|none, -v, -q"): the words before two
 * blanks, cut at ", ". */
static void try_help(const char *cmd, const char *game)
{
    char *text = help_of(cmd, game);
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "  -", 3) != 0)
            continue;
        char *opts = line + 2, *end = strstr(opts, "  ");
        if (end)
            *end = '\0';
        char *items[8];
        int n = 0;
        for (char *s2 = NULL, *it = strtok_r(opts, ",", &s2); it && n < 8; it = strtok_r(NULL, ",", &s2))
            items[n++] = it + strspn(it, " ");
        for (int i = 0; i < n; i++) {
            char name[64];
            size_t len = strcspn(items[i], " ");
            assert_true(len < sizeof name);
            memcpy(name, items[i], len);
            name[len] = '\0';
            bool value = items[i][len] == ' ';
            /* "-o, --output FILE": the short form takes what the long one does */
            if (name[1] != '-' && i + 1 < n && strncmp(items[i + 1], "--", 2) == 0)
                value = strchr(items[i + 1], ' ') != NULL;
            if (!strcmp(name, "-h") || !strcmp(name, "--help"))
                continue; /* the parser prints help: no game needed */
            try_option(cmd, game, name, value);
        }
    }
    free(text);
}

static void every_option_in_the_help(void **state)
{
    (void)state;
    tried = 0;
    for (int g = 0; g < NGAMES; g++) {
        try_help("solve", GAME_NAMES[g]);
        try_help("simulate", GAME_NAMES[g]);
        try_help("par", GAME_NAMES[g]);
    }
    try_help("sweep", "split");
    try_help("card", "split");
    try_help("card", "frenzy");
    try_help("price", "split");
    try_help("price", "frenzy");
    try_help("advise", "split");
    try_help("advise", "frenzy");
    try_help("card", "buyout");
    try_help("price", "buyout");
    try_help("advise", "buyout");
    try_help("protect", "buyout");
    printf("  %d options tried\n", tried);
    assert_true(tried > 80); /* the help texts were read */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(option_values_are_not_games),
        cmocka_unit_test(every_option_in_the_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
