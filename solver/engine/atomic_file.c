#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

enum { PROC_FS_MAGIC = 0x9fa0, MAX_LINKS = 40 };

/* ---- the temporary files a signal removes ---------------------------- */

/* Slots written only while not live; the handler reads the live ones. */
enum { LIVE_MAX = 16 };
static char live_tmp[LIVE_MAX][sizeof ((struct atomic_file *)0)->tmp];
static volatile sig_atomic_t live_on[LIVE_MAX];

/* SIGINT, SIGTERM: removes the live temporary files (unlink is
 * async-signal-safe), then dies of the signal as it would have. */
static void on_signal(int sig)
{
    int saved = errno;
    for (int i = 0; i < LIVE_MAX; i++)
        if (live_on[i])
            unlink(live_tmp[i]);
    signal(sig, SIG_DFL);
    raise(sig); /* blocked in the handler: delivered, with the default action, when it returns */
    errno = saved;
}

/* Sets the handler for SIGINT and SIGTERM once, where the action is the
 * default (an ignored signal leaves nothing behind; a handler of the
 * program's own is left alone). */
static void set_handlers(void)
{
    static bool done;
    if (done)
        return;
    done = true;
    const int sigs[2] = {SIGINT, SIGTERM};
    for (int i = 0; i < 2; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaddset(&sa.sa_mask, SIGINT); /* one handler at a time */
        sigaddset(&sa.sa_mask, SIGTERM);
        sigaction(sigs[i], &sa, NULL);
    }
}

/* A slot for tmp, or -1 when all are taken (the file is then not removed
 * on a signal). */
static int live_add(const char *tmp)
{
    for (int i = 0; i < LIVE_MAX; i++)
        if (!live_on[i]) {
            snprintf(live_tmp[i], sizeof live_tmp[i], "%s", tmp);
            atomic_signal_fence(memory_order_seq_cst); /* the name is whole before it is live */
            live_on[i] = 1;
            return i;
        }
    return -1;
}

/* The temporary file is gone (renamed or removed): forgets it. */
static void live_drop(struct atomic_file *f)
{
    if (f->live >= 0)
        live_on[f->live] = 0;
    f->live = -1;
    f->tmp[0] = '\0';
}

/* ---- where a path leads ----------------------------------------------- */

/* The length of path's folder part, its last '/' included (0 for none). */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path + 1) : 0;
}

/* Whether the symlink path lies in /proc, as /proc/self/fd/1 that
 * /dev/stdout names: its text is no path to follow. */
static bool in_proc(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", (int)dir_len(path), dir_len(path) ? path : ".");
    struct statfs s;
    return statfs(dir, &s) == 0 && s.f_type == PROC_FS_MAGIC;
}

static void identify(struct atomic_file *f, const struct stat *st, bool exists)
{
    f->id_known = true;
    f->exists = exists;
    f->dev = st->st_dev;
    f->ino = st->st_ino;
}

static int fail(char *err, size_t errlen, const char *path, const char *why)
{
    snprintf(err, errlen, "cannot write %s: %s", path, why);
    return -1;
}

/* Follows f->target's symlinks to what is written and sets the kind and
 * identity.  Returns 0, -1 or -2 as atomic_file_check. */
static int resolve(struct atomic_file *f, char *err, size_t errlen)
{
    struct stat st;
    for (int links = 0;; links++) {
        if (lstat(f->target, &st) != 0) { /* a new name (or a bad one, that mkstemp will explain) */
            char dir[4096];
            size_t n = dir_len(f->target);
            snprintf(dir, sizeof dir, "%.*s", (int)n, n ? f->target : ".");
            if (stat(dir, &st) == 0)
                identify(f, &st, false);
            f->kind = ATOMIC_FILE_REPLACE;
            return 0;
        }
        if (!S_ISLNK(st.st_mode))
            break;
        if (in_proc(f->target)) { /* /dev/stdout and the like: written where the kernel leads */
            if (stat(f->target, &st) != 0)
                return fail(err, errlen, f->path, strerror(errno));
            if (S_ISDIR(st.st_mode))
                return fail(err, errlen, f->path, "it is a folder"), -2;
            f->kind = ATOMIC_FILE_DIRECT;
            identify(f, &st, true);
            return 0;
        }
        char link[4096];
        ssize_t len = readlink(f->target, link, sizeof link - 1);
        if (links == MAX_LINKS || len < 0)
            return fail(err, errlen, f->path, strerror(len < 0 ? errno : ELOOP));
        link[len] = '\0';
        size_t keep = link[0] == '/' ? 0 : dir_len(f->target); /* a relative link starts at its own folder */
        if (keep + (size_t)len >= sizeof f->target)
            return fail(err, errlen, f->path, strerror(ENAMETOOLONG));
        memmove(f->target + keep, link, (size_t)len + 1);
    }
    if (S_ISDIR(st.st_mode))
        return fail(err, errlen, f->path, "it is a folder"), -2;
    f->kind = S_ISREG(st.st_mode) ? ATOMIC_FILE_REPLACE : ATOMIC_FILE_DIRECT;
    identify(f, &st, true);
    return 0;
}

int atomic_file_check(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
    f->fp = NULL;
    f->tmp[0] = '\0';
    f->live = -1;
    f->id_known = f->exists = false;
    if (strlen(path) >= sizeof f->path) {
        snprintf(err, errlen, "output path too long: %.64s...", path);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s", path);
    snprintf(f->target, sizeof f->target, "%s", path);
    if (!*path) /* no name: would fail only at the rename, after the work */
        return fail(err, errlen, path, strerror(ENOENT));
    struct stat st;
    if (!strcmp(path, "-")) {
        f->kind = ATOMIC_FILE_STDOUT;
        if (fstat(STDOUT_FILENO, &st) == 0)
            identify(f, &st, true);
        return 0;
    }
    int rc = resolve(f, err, errlen);
    struct stat out; /* a direct target that is stdout's own file: the stream itself, one offset */
    if (rc == 0 && f->kind == ATOMIC_FILE_DIRECT && fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == f->dev &&
        out.st_ino == f->ino)
        f->kind = ATOMIC_FILE_STDOUT;
    return rc;
}

int atomic_file_start(struct atomic_file *f, char *err, size_t errlen)
{
    f->fp = NULL;
    if (f->kind == ATOMIC_FILE_STDOUT) {
        f->fp = stdout;
        return 0;
    }
    int fd;
    if (f->kind == ATOMIC_FILE_DIRECT) {
        /* appended to: a /proc link to a log keeps what it had (a device or a FIFO has no end) */
        fd = open(f->target, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
    } else {
        /* beside the target, hidden: ".NAME.XXXXXX", NAME cut to fit NAME_MAX and PATH_MAX */
        size_t n = dir_len(f->target), base = strlen(f->target + n);
        size_t room = n + 8 < PATH_MAX ? PATH_MAX - 1 - n - 8 : 0;
        if (room > NAME_MAX - 8)
            room = NAME_MAX - 8;
        int keep = (int)(base < room ? base : room);
        snprintf(f->tmp, sizeof f->tmp, "%.*s.%.*s.XXXXXX", (int)n, f->target, keep, f->target + n);
        sigset_t block, old; /* no signal between the file's making and its slot */
        sigemptyset(&block);
        sigaddset(&block, SIGINT);
        sigaddset(&block, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &block, &old);
        set_handlers();
        fd = mkstemp(f->tmp);
        int e = errno;
        if (fd >= 0)
            f->live = live_add(f->tmp);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        errno = e;
        if (fd >= 0)
            fchmod(fd, 0644); /* mkstemp makes 0600; results are meant to be read */
        else
            f->tmp[0] = '\0';
    }
    if (fd < 0 || !(f->fp = fdopen(fd, "w"))) {
        fail(err, errlen, f->path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            if (f->tmp[0])
                unlink(f->tmp);
            live_drop(f);
        }
        return -1;
    }
    return 0;
}

int atomic_file_open(struct atomic_file *f, const char *path, char *err, size_t errlen)
{
    int rc = atomic_file_check(f, path, err, errlen);
    return rc ? rc : atomic_file_start(f, err, errlen);
}

bool atomic_file_same(const struct atomic_file *a, const struct atomic_file *b)
{
    if (!strcmp(a->path, b->path))
        return true;
    if (!a->id_known || !b->id_known || a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
        return false;
    /* both exist; or two new names in one folder, the same if their last names are */
    return a->exists || !strcmp(a->target + dir_len(a->target), b->target + dir_len(b->target));
}

/* Flushes and closes the file (a temporary file to disk, stdout left
 * open); on failure removes the temporary file. */
static int finish(struct atomic_file *f, char *err, size_t errlen)
{
    int e = fflush(f->fp) != 0 ? errno : ferror(f->fp) ? EIO : 0;
    if (!e && f->kind == ATOMIC_FILE_REPLACE && fsync(fileno(f->fp)) != 0)
        e = errno;
    if (f->kind != ATOMIC_FILE_STDOUT && fclose(f->fp) != 0 && !e)
        e = errno;
    f->fp = NULL;
    if (e) {
        fail(err, errlen, f->path, strerror(e));
        atomic_file_abort(f);
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
    struct stat st; /* a target that became a folder since its check would refuse the rename */
    for (int i = 0; i < n && failed < 0; i++)
        if (f[i].kind == ATOMIC_FILE_REPLACE && stat(f[i].target, &st) == 0 && S_ISDIR(st.st_mode)) {
            fail(err, errlen, f[i].path, "it is a folder");
            failed = n;
        }
    if (failed >= 0) {
        for (int i = 0; i < n; i++)
            if (i != failed)
                atomic_file_abort(&f[i]);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (f[i].kind != ATOMIC_FILE_REPLACE)
            continue;
        if (rename(f[i].tmp, f[i].target) != 0) {
            fail(err, errlen, f[i].path, strerror(errno));
            for (int j = i; j < n; j++)
                atomic_file_abort(&f[j]);
            return -1;
        }
        live_drop(&f[i]);
    }
    return 0;
}

void atomic_file_abort(struct atomic_file *f)
{
    if (f->fp && f->kind != ATOMIC_FILE_STDOUT)
        fclose(f->fp);
    f->fp = NULL;
    if (f->tmp[0])
        unlink(f->tmp);
    live_drop(f);
}
