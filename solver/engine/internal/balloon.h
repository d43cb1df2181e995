/* balloon.h — does this virtual machine's memory balloon hand free memory
 * back to its host?
 *
 * A virtio balloon that negotiated free page reporting (feature bit 5)
 * reports free blocks of 2 MB and more to the host, which takes them
 * back; a process that later gets such a block waits for the host at its
 * first touch.  Huge pages come from exactly those blocks, so big_alloc.c
 * leaves them off on such a machine unless told otherwise
 * (results/CHANGELOG-speed.md, 2026-11-26). */
#ifndef FOURCARD_BALLOON_H
#define FOURCARD_BALLOON_H

#include <stdbool.h>

/* True when a device bound to the virtio_balloon driver under sysfs
 * ("/sys", or a test's copy) has negotiated free page reporting. */
bool balloon_reports_free_pages(const char *sysfs);

#endif
