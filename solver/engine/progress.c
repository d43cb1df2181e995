/* progress.c — see progress.h.  One thread at a time draws (a try-lock on
 * the redraw time), at most ten times a second. */
#include "progress.h"

#include <omp.h>
#include <stdio.h>
#include <unistd.h>

void progress_start(struct progress *p, const char *label, int64_t total, bool wanted)
{
    p->label = label;
    p->total = total > 0 ? total : 1;
    p->done = 0;
    p->start = p->last_draw = omp_get_wtime();
    p->active = wanted && isatty(STDERR_FILENO);
}

static void draw(const struct progress *p, int64_t done, double now)
{
    enum { WIDTH = 30 };
    double f = (double)done / (double)p->total;
    int filled = (int)(f * WIDTH);
    double elapsed = now - p->start, eta = f > 0 ? elapsed * (1 - f) / f : 0;
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[WIDTH] = 0;
    fprintf(stderr, "\r%s [%s] %5.1f%%  %.0fs elapsed, ETA %.0fs ", p->label, bar, 100 * f, elapsed, eta);
    fflush(stderr);
}

void progress_add(struct progress *p, int64_t n)
{
    int64_t done;
#pragma omp atomic capture
    done = p->done += n;
    if (!p->active)
        return;
    double now = omp_get_wtime();
    bool mine = false;
#pragma omp critical(progress_draw)
    if (now - p->last_draw >= 0.1) {
        p->last_draw = now;
        mine = true;
    }
    if (mine)
        draw(p, done, now);
}

void progress_end(struct progress *p)
{
    if (p->active)
        fprintf(stderr, "\r%*s\r", 78, "");
}
