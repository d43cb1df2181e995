/* balloon.c — see balloon.h. */
#include "balloon.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

enum { VIRTIO_BALLOON_F_REPORTING = 5 };

/* The device's negotiated features, one '0' or '1' per bit from bit 0. */
static bool device_reports(const char *sysfs, const char *device)
{
    char path[1024], bits[256] = "";
    snprintf(path, sizeof path, "%s/bus/virtio/devices/%s/features", sysfs, device);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool got = fgets(bits, sizeof bits, f) != NULL;
    fclose(f);
    return got && bits[VIRTIO_BALLOON_F_REPORTING] == '1'; /* a shorter string ends in zeros */
}

bool balloon_reports_free_pages(const char *sysfs)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/bus/virtio/drivers/virtio_balloon", sysfs);
    DIR *d = opendir(path);
    if (!d)
        return false;
    bool reports = false;
    for (struct dirent *e; !reports && (e = readdir(d));)
        if (!strncmp(e->d_name, "virtio", 6)) /* the driver's devices: virtio0, ... */
            reports = device_reports(sysfs, e->d_name);
    closedir(d);
    return reports;
}
