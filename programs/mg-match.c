/*
 * mg-match - a tournament runner: two engines or more (the library's bots
 * by their spec, or programs speaking mindgames-engine(7), given as
 * cmd:PROGRAM ARGS) play game pairs from the same start with the seats
 * swapped, round robin, several games at a time, with per-move time
 * limits and forfeits, a sequential probability ratio test, a records
 * file to resume from, JSON summaries, and shards that merge exactly.
 * See mg-match(1).
 *
 *   mg-match [OPTIONS] ENGINE ENGINE [ENGINE...]
 *   mg-match --merge [--json FILE] [--sprt ...] FILE.json...
 *   mg-match --check-engine ENGINE [-s SPEC]
 *
 * Exit status: 0 the match was played (or merged, or the engine passed
 * the check), 1 a failure (a game that could not be made, a file that
 * could not be written, shards that do not add up, a failed check), 2 a
 * usage error (a bad option, spec, bot spec, or an engine that does not
 * start), 130 interrupted (the summary of the games played is printed).
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/match.h"

#include <string.h>

int main(int argc, char **argv)
{
    match m;
    int rc = match_options(&m, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (m.mode == MODE_MERGE)
        return match_merge(m.nfiles, m.files, m.json, &m.sprt, m.use_sprt);
    if (m.mode == MODE_CHECK)
        return match_check_engine(m.eng_arg[0], m.spec, m.timeout);
    return match_run(&m);
}
