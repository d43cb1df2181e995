/* progress.h — a progress bar with an ETA on stderr, drawn only when
 * stderr is a terminal.  progress_add may be called from any thread. */
#ifndef FOURCARD_PROGRESS_H
#define FOURCARD_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
    const char *label;
    int64_t total;
    int64_t done;      /* updated atomically */
    double start, last_draw;
    bool active;       /* drawing at all */
};

void progress_start(struct progress *p, const char *label, int64_t total, bool wanted);
void progress_add(struct progress *p, int64_t n);
/* Clears the bar. */
void progress_end(struct progress *p);

#endif
