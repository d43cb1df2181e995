/* cli.h — `fourcard <command> [options]`. */
#ifndef FOURCARD_CLI_H
#define FOURCARD_CLI_H

#include <stdarg.h>
#include <stdio.h>

/* Exit codes: 0 success, 1 a failure while running, 2 bad usage or input. */
enum { EXIT_USAGE = 2 };

int cli_main(int argc, char **argv);

/* Prints "fourcard <command>: <message>" as one line on stderr and returns
 * EXIT_USAGE. */
int cli_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes command's JSON document (report_json_print: schema_version
 * first, pretty, a newline) and drops the reference. */
struct json_object;
void cli_write_json(FILE *f, const char *command, struct json_object *doc);

#endif
