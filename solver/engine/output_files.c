/* output_files.c — a run's files, all or none (see the header). */
#include "output_files.h"

#include "error_line.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* "fourcard CMD: message", one line (error_line.h). */
__attribute__((format(printf, 2, 3))) static void say(const struct output_files *o, const char *fmt, ...)
{
    char msg[2 * ATOMIC_FILE_ERRLEN + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    error_line(o->cmd, msg);
}

void output_files_init(struct output_files *o, const char *cmd)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
}

int output_files_add(struct output_files *o, const char *path)
{
    if (!path)
        return -1;
    if (o->n == OUTPUT_FILES_MAX) /* a programming error: the callers add at most a handful */
        abort();
    o->path[o->n] = path;
    return o->n++;
}

int output_files_open(struct output_files *o)
{
    char err[ATOMIC_FILE_ERRLEN];
    o->opened = 0;
    for (int i = 0; i < o->n; i++) { /* every one checked before any is opened */
        int rc = atomic_file_check(&o->file[i], o->path[i], err, sizeof err);
        if (rc != 0)
            return say(o, "%s", err), rc == -2 ? 2 : 1;
        for (int j = 0; j < i; j++) {
            if (!atomic_file_same(&o->file[j], &o->file[i]))
                continue;
            if (!strcmp(o->path[j], o->path[i]))
                say(o, "two outputs name the same file '%s'", o->path[i]);
            else
                say(o, "two outputs name the same file: '%s' and '%s'", o->path[j], o->path[i]);
            return 2;
        }
    }
    for (; o->opened < o->n; o->opened++)
        if (atomic_file_start(&o->file[o->opened], err, sizeof err) != 0) {
            output_files_abort(o);
            say(o, "%s", err);
            return 1;
        }
    return 0;
}

FILE *output_files_fp(struct output_files *o, int slot, FILE *dflt)
{
    return slot >= 0 && slot < o->opened ? o->file[slot].fp : dflt;
}

int output_files_commit(struct output_files *o)
{
    char err[ATOMIC_FILE_ERRLEN];
    int n = o->opened;
    o->opened = 0;
    if (n && atomic_file_commit_all(o->file, n, err, sizeof err) != 0) {
        say(o, "%s", err);
        return 1;
    }
    return 0;
}

void output_files_abort(struct output_files *o)
{
    while (o->opened > 0)
        atomic_file_abort(&o->file[--o->opened]);
}
