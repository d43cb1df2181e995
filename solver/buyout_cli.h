/* buyout_cli.h — `fourcard solve buyout`: argv[0] = "solve", the options
 * and the game word "buyout" follow (in any order).  Returns the exit
 * code: 0, 1 a failure while running, 2 bad usage or input. */
#ifndef FOURCARD_BUYOUT_CLI_H
#define FOURCARD_BUYOUT_CLI_H

int buyout_cmd_solve(int argc, char **argv);

#endif
