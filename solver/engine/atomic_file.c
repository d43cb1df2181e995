#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
    f->fp = NULL;
    if (strlen(path) >= sizeof f->path) {
        snprintf(err, errlen, "output path too long: %.64s...", path);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->tmp, sizeof f->tmp, "%s.XXXXXX", path);
    int fd = mkstemp(f->tmp);
    if (fd >= 0)
        fchmod(fd, 0644); /* mkstemp makes 0600; results are meant to be read */
    if (fd < 0 || !(f->fp = fdopen(fd, "w"))) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(f->tmp);
        }
        return -1;
    }
    return 0;
}

/* Flushes to disk and closes the temporary file; on failure removes it. */
static int finish(struct atomic_file *f, char *err, size_t errlen)
{
    int bad = ferror(f->fp) | fflush(f->fp);
    bad |= fsync(fileno(f->fp));
    bad |= fclose(f->fp);
    f->fp = NULL;
    if (bad) {
        snprintf(err, errlen, "cannot write %s: %s", f->path, strerror(errno));
        unlink(f->tmp);
        return -1;
    }
    return 0;
}

int atomic_file_commit(struct atomic_file *f, char *err, size_t errlen)
{
    return atomic_file_commit_all(f, 1, err, errlen);
}

int atomic_file_commit_all(struct atomic_file *f, int n, char *err, size_t errlen)
{
    int failed = -1;
    for (int i = 0; i < n && failed < 0; i++)
        if (finish(&f[i], err, errlen) != 0)
            failed = i;
    struct stat st; /* a target that is a folder would refuse the rename */
    for (int i = 0; i < n && failed < 0; i++)
        if (stat(f[i].path, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "cannot write %s: it is a folder", f[i].path);
            failed = n;
        }
    if (failed >= 0) {
        for (int i = 0; i < n; i++)
            if (i != failed)
                atomic_file_abort(&f[i]);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (rename(f[i].tmp, f[i].path) != 0) {
            snprintf(err, errlen, "cannot write %s: %s", f[i].path, strerror(errno));
            for (int j = i; j < n; j++)
                unlink(f[j].tmp);
            return -1;
        }
    return 0;
}

void atomic_file_abort(struct atomic_file *f)
{
    if (f->fp)
        fclose(f->fp);
    f->fp = NULL;
    unlink(f->tmp);
}
