/* error_line.h — the one way an error reaches the user: "fourcard CMD:
 * message" as exactly one line on stderr, every control character of the
 * command and the message written escaped ("\n", "\t", "\r", else
 * "\xHH"), so that no file name or argument can break the line.  The
 * command line's cli_error and the output files (output_files.h) use it. */
#ifndef FOURCARD_ERROR_LINE_H
#define FOURCARD_ERROR_LINE_H

/* Prints the line; command NULL gives "fourcard: message". */
void error_line(const char *command, const char *message);

#endif
