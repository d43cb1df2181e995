/* checkpoint.h — resumable long runs: a folder keeps each finished piece
 * of a run's work as one small file, written whole (atomic_file.h); the
 * run started again with the same folder loads those pieces instead of
 * computing them again.
 *
 * A run names what it computes in a question text (the game, every pay,
 * the options that change a figure); its pieces' files carry the text's
 * hash, so one folder can hold the pieces of several runs, and a piece of
 * another question is never taken.  A file is NAME-HASH-PIECE.part: a
 * header (magic, hash, piece, size), the piece's bytes, and FNV-1a 64 of
 * all that.  A file that is there but cut, changed or of another size is
 * named in one warning line on stderr and the piece computed again (and
 * the file written anew).  The bytes are the run's own structs: a file is
 * for the same program on the same kind of machine (the question text
 * says the program's version).
 */
#ifndef FOURCARD_CHECKPOINT_H
#define FOURCARD_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* FNV-1a 64 of n bytes, continuing from h (start with FNV1A64_START). */
#define FNV1A64_START UINT64_C(0xcbf29ce484222325)
uint64_t fnv1a64(const void *data, size_t n, uint64_t h);

struct checkpoint {
    char dir[4096];
    char name[64];
    uint64_t key; /* FNV-1a 64 of the question */
};

/* dir must be a folder this process can write.  0, or -1 with a message. */
int checkpoint_open(struct checkpoint *c, const char *dir, const char *name, const char *question, char *err,
                    size_t errlen);
/* True when the folder holds piece, size bytes, good: they are in data. */
bool checkpoint_load(const struct checkpoint *c, long piece, void *data, size_t size);
/* Writes piece whole.  A piece that cannot be written costs only its
 * resuming: one warning line on stderr, and false; the run goes on.
 * Not for several threads at once (atomic_file's signal slots). */
bool checkpoint_save(const struct checkpoint *c, long piece, const void *data, size_t size);

#endif
