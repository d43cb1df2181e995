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

/* Starts p at 0 of total steps (at least 1); it draws only when wanted and stderr is a terminal. */
void progress_start(struct progress *p, const char *label, int64_t total, bool wanted);
/* Adds n steps done; redraws at most ten times a second. */
void progress_add(struct progress *p, int64_t n);
/* Clears the bar. */
void progress_end(struct progress *p);

#endif
