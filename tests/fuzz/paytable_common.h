/* paytable_common.h — shared by the paytable harnesses: the input goes
 * into one file per process (/tmp/fourcard-fuzz-NAME-PID.ini, removed at
 * exit), and the loader's error must be the one-line promise:
 * "FILE:LINE: message" or "FILE: message", non-empty, no control
 * character.  Any breach is __builtin_trap(). */
#ifndef FOURCARD_FUZZ_PAYTABLE_COMMON_H
#define FOURCARD_FUZZ_PAYTABLE_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_path[128];

static void fuzz_remove_file(void)
{
    if (fuzz_path[0])
        unlink(fuzz_path);
}

/* Writes the input to this process's file; returns its path. */
static const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
    if (!fuzz_path[0]) {
        snprintf(fuzz_path, sizeof fuzz_path, "/tmp/fourcard-fuzz-%s-%ld.ini", name, (long)getpid());
        atexit(fuzz_remove_file);
    }
    FILE *f = fopen(fuzz_path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(fuzz_path);
        abort(); /* the harness's own failure, not the loader's */
    }
    return fuzz_path;
}

/* The one-line promise on a failed load's message. */
static void fuzz_check_error(const char *path, const char *err, size_t errlen)
{
    const char *end = memchr(err, '\0', errlen);
    if (!end || end == err)
        __builtin_trap(); /* not written, or empty */
    for (const char *p = err; p < end; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            __builtin_trap(); /* a line break or other control character */
    size_t n = strlen(path);
    if (strncmp(err, path, n) != 0 || err[n] != ':' || err[n + 1] == '\0')
        __builtin_trap(); /* not "FILE:..." */
    const char *rest = err + n + 1;
    if (*rest >= '0' && *rest <= '9') { /* "FILE:LINE: message" */
        while (*rest >= '0' && *rest <= '9')
            rest++;
        if (*rest != ':')
            __builtin_trap();
        rest++;
    }
    if (rest[0] != ' ' || rest[1] == '\0')
        __builtin_trap(); /* ": message" */
}

#endif
