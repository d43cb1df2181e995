/* frenzy_cli.h — `fourcard solve frenzy`; argv[0] is "solve", the game
 * name "frenzy" and the options follow in any order. */
#ifndef FOURCARD_FRENZY_CLI_H
#define FOURCARD_FRENZY_CLI_H

int frenzy_cmd_solve(int argc, char **argv);

#endif
