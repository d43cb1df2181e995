/* test_balloon.c — balloon_reports_free_pages on fake sysfs trees: the
 * feature bit read from the right place, and every way of not finding it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "balloon.h"

static char top[] = "/tmp/fourcard-balloon-XXXXXX"; /* mkdtemp's own folder */
static char root[64];                                 /* this case's sysfs, inside it */
static int cases;

/* sysfs/bus/virtio/devices/<dev>/features = bits; bound to the balloon
 * driver when bound (a folder of that name under the driver's folder, as
 * sysfs's symlink would be). */
static void fake_device(const char *dev, const char *bits, int bound)
{
    char path[512];
    snprintf(path, sizeof path, "mkdir -p %s/bus/virtio/devices/%s %s/bus/virtio/drivers/virtio_balloon", root, dev,
             root);
    assert_int_equal(system(path), 0);
    snprintf(path, sizeof path, "%s/bus/virtio/devices/%s/features", root, dev);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s\n", bits);
    fclose(f);
    if (bound) {
        snprintf(path, sizeof path, "%s/bus/virtio/drivers/virtio_balloon/%s", root, dev);
        assert_int_equal(mkdir(path, 0755), 0);
    }
}

static void fresh_root(void)
{
    snprintf(root, sizeof root, "%s/%d", top, ++cases);
    assert_int_equal(mkdir(root, 0755), 0);
}

static void no_balloon(void **state)
{
    (void)state;
    fresh_root();
    assert_false(balloon_reports_free_pages(root));
    assert_false(balloon_reports_free_pages("/nonexistent-sysfs"));
}

static void reporting_bit_set(void **state)
{
    (void)state;
    fresh_root();
    fake_device("virtio0", "0110010100000000000000000000000010", 1); /* the start of this VM's string */
    assert_true(balloon_reports_free_pages(root));
}

static void other_bits_only(void **state)
{
    (void)state;
    fresh_root();
    fake_device("virtio0", "0111100100000000000000000000000010", 1); /* bits 1-4 and 7: no reporting */
    assert_false(balloon_reports_free_pages(root));
    fresh_root();
    fake_device("virtio0", "01100", 1); /* too short to hold bit 5 */
    assert_false(balloon_reports_free_pages(root));
}

static void only_the_balloons_devices(void **state)
{
    (void)state;
    fresh_root();
    fake_device("virtio1", "0000010000", 0); /* bit 5 of another device (say a disk) */
    fake_device("virtio0", "0110000000", 1);
    assert_false(balloon_reports_free_pages(root));
    fake_device("virtio2", "0000011000", 1); /* a second balloon device that reports */
    assert_true(balloon_reports_free_pages(root));
    fresh_root(); /* the first of two reports: the second must not undo it */
    fake_device("virtio0", "0000010000", 1);
    fake_device("virtio1", "0000000000", 1);
    assert_true(balloon_reports_free_pages(root));
}

int main(void)
{
    if (!mkdtemp(top))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_balloon),
        cmocka_unit_test(reporting_bit_set),
        cmocka_unit_test(other_bits_only),
        cmocka_unit_test(only_the_balloons_devices),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", top);
    if (system(cmd) != 0)
        return 1;
    return failed;
}
