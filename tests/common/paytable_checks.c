/* paytable_checks.c — see paytable_checks.h. */
#define _GNU_SOURCE
#include "paytable_checks.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* The line of path holding the error marker: "<- error" on the line
 * itself, or "v error below" on the line above. */
static int marker_line(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    char *line = NULL;
    size_t cap = 0;
    int n = 0, found = 0;
    while (!found && getline(&line, &cap, f) >= 0) {
        n++;
        if (strstr(line, "<- error"))
            found = n;
        else if (strstr(line, "v error below"))
            found = n + 1;
    }
    free(line);
    fclose(f);
    if (!found)
        fail_msg("%s has no error marker", path);
    return found;
}

void paytable_check_bad_file(const struct paytable_loader *l, const char *dir, const struct bad_case *c)
{
    char path[512], err[600], prefix[600];
    snprintf(path, sizeof path, "%s/%s", dir, c->file);
    unsigned char *out = malloc(l->out_size), *before = malloc(l->out_size);
    assert_non_null(out);
    assert_non_null(before);
    memset(out, 0xa5, l->out_size);
    memcpy(before, out, l->out_size);
    if (l->load(path, out, err, sizeof err) != -1)
        fail_msg("%s should be rejected", c->file);
    if (memcmp(out, before, l->out_size) != 0)
        fail_msg("%s: *out was written on error", c->file);
    free(out), free(before);
    for (const char *p = err; *p; p++) /* one line, and nothing that could break it */
        if ((unsigned char)*p < 0x20)
            fail_msg("%s: control character %d in the message", c->file, *p);
    if (c->has_line)
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, marker_line(path));
    else
        snprintf(prefix, sizeof prefix, "%s: ", path);
    if (strncmp(err, prefix, strlen(prefix)) != 0)
        fail_msg("%s: message \"%s\" does not start with \"%s\"", c->file, err, prefix);
    const char *message = err + strlen(prefix); /* the path must not satisfy a needle */
    for (int i = 0; i < 3 && c->needles[i]; i++)
        if (!strstr(message, c->needles[i]))
            fail_msg("%s: message \"%s\" lacks \"%s\"", c->file, err, c->needles[i]);
}

void paytable_expect_unreadable(const struct paytable_loader *l, const char *path, int errnum)
{
    char err[600], want[700];
    void *out = malloc(l->out_size);
    assert_non_null(out);
    assert_int_equal(l->load(path, out, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot read %s: %s", path, strerror(errnum));
    assert_string_equal(err, want);
    free(out);
}

void paytable_check_small_buffer(const struct paytable_loader *l, const char *bad, const char *missing)
{
    char err[8];
    void *out = malloc(l->out_size);
    assert_non_null(out);
    assert_int_equal(l->load(bad, out, err, sizeof err), -1);
    assert_int_equal(strlen(err), sizeof err - 1); /* truncated, still terminated */
    assert_int_equal(l->load(bad, out, NULL, 0), -1);
    assert_int_equal(l->load(missing, out, NULL, 0), -1);
    free(out);
}
