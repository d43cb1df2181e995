/* atomic_file.h — write a file whole or not at all: write to a temporary
 * file beside it, then rename over the target on success. */
#ifndef FOURCARD_ATOMIC_FILE_H
#define FOURCARD_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

struct atomic_file {
    FILE *fp;
    char path[4096];
    char tmp[4096 + 16];
};

/* Opens path.XXXXXX for writing.  Returns 0, or -1 with a message. */
int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen);
/* Flushes, closes and renames onto the target.  Returns 0, or -1 with a
 * message (the temporary file is removed). */
int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen);
/* Several files that go together (one result in several formats): all
 * are written to disk first, and renamed into place only when every one
 * succeeded (and no target is a folder); otherwise none is.  Returns 0,
 * or -1 with a message. */
int atomic_file_commit_all(struct atomic_file *f, int n, char *err, size_t errlen);
/* Closes and removes the temporary file (no-op once closed and removed). */
void atomic_file_abort(struct atomic_file *f);

#endif
