/* output_files.h — the files one run writes, all or none: each checked
 * and opened before the work starts (a bad path, a folder or two outputs
 * naming one file fail at once, before any solve) and renamed into place
 * together once every one is whole (atomic_file.h: "-" is stdout, and a
 * device, a FIFO or /dev/stdout is written directly, not all or none).
 *
 *   struct output_files out;
 *   output_files_init(&out, "solve");
 *   int report = output_files_add(&out, run.output), csv = output_files_add(&out, a.strategy);
 *   if ((rc = output_files_open(&out)) != 0) return rc;
 *   ... solve; write to output_files_fp(&out, report, stdout) ...
 *   return output_files_commit(&out);   (or output_files_abort on failure)
 */
#ifndef FOURCARD_OUTPUT_FILES_H
#define FOURCARD_OUTPUT_FILES_H

#include <stdio.h>

#include "atomic_file.h"

enum { OUTPUT_FILES_MAX = 6 };

struct output_files {
    const char *cmd; /* the command, for "fourcard CMD: message" lines */
    int n;
    const char *path[OUTPUT_FILES_MAX];
    struct atomic_file file[OUTPUT_FILES_MAX];
    int opened;      /* files open so far (0..n) */
};

/* An empty set for command cmd. */
void output_files_init(struct output_files *o, const char *cmd);
/* Adds path as the next file; returns its slot, or -1 when path is NULL
 * (no file: output_files_fp then gives the default stream). */
int output_files_add(struct output_files *o, const char *path);
/* Checks every file added, then opens them.  0, or after an error line
 * (none left open) the exit code: 2 for a usage error (a folder; two
 * outputs naming one file: the same text, "-" twice, or one file by two
 * names), 1 when a file cannot be written. */
int output_files_open(struct output_files *o);
/* The stream to write slot's file to, or dflt for slot -1. */
FILE *output_files_fp(struct output_files *o, int slot, FILE *dflt);
/* Renames every file into place, or none.  0, or 1 (the exit code) after
 * an error line. */
int output_files_commit(struct output_files *o);
/* Removes every temporary file; the targets stay as they were. */
void output_files_abort(struct output_files *o);

#endif
