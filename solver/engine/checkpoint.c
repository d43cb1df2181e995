/* checkpoint.c — the pieces of a resumable run, one file each. */
#include "checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"

#define CHECKPOINT_MAGIC UINT64_C(0x464f555243415244) /* "FOURCARD" */

struct header {
    uint64_t magic, key;
    int64_t piece;
    uint64_t size;
};

uint64_t fnv1a64(const void *data, size_t n, uint64_t h)
{
    const unsigned char *s = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * UINT64_C(0x100000001b3);
    return h;
}

int checkpoint_open(struct checkpoint *c, const char *dir, const char *name, const char *question, char *err,
                    size_t errlen)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK) != 0)
        return snprintf(err, errlen, "%s: not a folder this process can write", dir), -1;
    if (strlen(dir) >= sizeof c->dir - 128)
        return snprintf(err, errlen, "%.200s...: the folder's path is too long", dir), -1;
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->key = fnv1a64(question, strlen(question), FNV1A64_START);
    return 0;
}

static void piece_path(const struct checkpoint *c, long piece, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s-%016llx-%05ld.part", c->dir, c->name, (unsigned long long)c->key, piece);
}

static uint64_t piece_sum(const struct header *h, const void *data)
{
    return fnv1a64(data, h->size, fnv1a64(h, sizeof *h, FNV1A64_START));
}

bool checkpoint_load(const struct checkpoint *c, long piece, void *data, size_t size)
{
    char path[4200];
    piece_path(c, piece, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return false; /* not done yet */
    struct header h;
    uint64_t sum = 0;
    bool ok = fread(&h, sizeof h, 1, f) == 1 && h.magic == CHECKPOINT_MAGIC && h.key == c->key &&
              h.piece == piece && h.size == size && fread(data, size, 1, f) == 1 &&
              fread(&sum, sizeof sum, 1, f) == 1 && fgetc(f) == EOF && sum == piece_sum(&h, data);
    fclose(f);
    if (!ok)
        fprintf(stderr, "fourcard: ignoring %s: not a whole piece of this run (cut, changed or of another "
                        "version); computing it again\n", path);
    return ok;
}

bool checkpoint_save(const struct checkpoint *c, long piece, const void *data, size_t size)
{
    char path[4200], err[ATOMIC_FILE_ERRLEN];
    piece_path(c, piece, path, sizeof path);
    struct header h = {CHECKPOINT_MAGIC, c->key, piece, size};
    uint64_t sum = piece_sum(&h, data);
    struct atomic_file f;
    bool ok = atomic_file_open(&f, path, err, sizeof err) == 0;
    if (ok && (fwrite(&h, sizeof h, 1, f.fp) != 1 || fwrite(data, size, 1, f.fp) != 1 ||
               fwrite(&sum, sizeof sum, 1, f.fp) != 1)) {
        snprintf(err, sizeof err, "%s: %s", path, strerror(errno));
        atomic_file_abort(&f);
        ok = false;
    } else if (ok) {
        ok = atomic_file_commit(&f, err, sizeof err) == 0;
    }
    if (!ok)
        fprintf(stderr, "fourcard: --resume: %s (the run goes on; this piece cannot be resumed)\n", err);
    return ok;
}
