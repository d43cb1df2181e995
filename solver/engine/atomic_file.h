/* atomic_file.h — write a file whole or not at all: write to a temporary
 * file beside it, then rename over the target on success.
 *
 * The target: a regular file or a new name is replaced that way; a
 * symlink is followed and its target replaced (the link stays a link).
 * What cannot be replaced is written directly, with no temporary file,
 * and so not whole-or-nothing: a device (/dev/null), a FIFO, a /proc
 * link such as /dev/stdout (written in place, appended to; the very
 * stream stdout when it is stdout's file).  "-" is stdout.  A folder is
 * refused.  The temporary file is a hidden name in the target's folder,
 * ".NAME.XXXXXX" (NAME cut to fit NAME_MAX and PATH_MAX); while it
 * exists SIGINT and SIGTERM remove it before they end the process (their
 * handlers are set at the first temporary file, unless the signal is
 * ignored or already handled). */
#ifndef FOURCARD_ATOMIC_FILE_H
#define FOURCARD_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Room for a message naming one path (up to 4095 bytes) with its reason. */
enum { ATOMIC_FILE_ERRLEN = 4096 + 256 };

/* How a target is written. */
enum atomic_file_kind {
    ATOMIC_FILE_REPLACE, /* a temporary file renamed over it */
    ATOMIC_FILE_DIRECT,  /* opened and written in place */
    ATOMIC_FILE_STDOUT,  /* the stdout stream */
};

struct atomic_file {
    FILE *fp;
    char path[4096];     /* as named, for messages */
    char target[4096];   /* what is written: path with its symlinks followed */
    char tmp[4096 + 16]; /* the temporary file, "" when none */
    enum atomic_file_kind kind;
    /* What the target is, to tell two names of one file: the file itself
     * (exists), or for a new name its folder (and the target's last name). */
    bool id_known, exists;
    dev_t dev;
    ino_t ino;
    int live; /* the temporary file's slot among those a signal removes, or -1 */
};

/* Looks at path without writing anything: its kind, target and identity.
 * Returns 0; -1 with a message when it cannot be written (too long, a
 * loop of links); -2 with a message when it is a folder (a usage error). */
int atomic_file_check(struct atomic_file *f, const char *path, char *err, size_t errlen);
/* Opens what atomic_file_check looked at: the temporary file, or the
 * target itself.  Returns 0, or -1 with a message. */
int atomic_file_start(struct atomic_file *f, char *err, size_t errlen);
/* Both.  Returns 0, or -1 or -2 with a message as atomic_file_check. */
int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen);
/* Whether two checked files are one: the same path text (so "-" twice),
 * the same existing file, or the same new name in the same folder. */
bool atomic_file_same(const struct atomic_file *a, const struct atomic_file *b);
/* Flushes, closes and renames onto the target (a direct target is only
 * flushed and closed, stdout flushed).  Returns 0, or -1 with a message
 * (the temporary file is removed). */
int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen);
/* Several files that go together (one result in several formats): all
 * are written to disk first, and renamed into place only when every one
 * succeeded (and no target is a folder); otherwise none is.  Returns 0,
 * or -1 with a message. */
int atomic_file_commit_all(struct atomic_file *f, int n, char *err, size_t errlen);
/* Closes and removes the temporary file (a direct target keeps what was
 * written already; no-op once closed and removed). */
void atomic_file_abort(struct atomic_file *f);

#endif
