/*
 * game_specs.h - the one table of game specs the tests play: the property
 * suite (check_internal.c), the fuzz targets (fuzz/fuzz.h), the corpus
 * generator (fuzz/gen_corpus.c), the bench (bench.c) and the SVG status
 * test (check_svg.c) each take the entries marked with their flag.  A spec
 * that several of them use is written once, with all their flags.
 *
 * An entry: a short name (unique; the bench prints it as the row name),
 * the spec, the flags of its users, the property combination it belongs
 * to (TS_PROPERTY) and its number in the fuzz corpus (TS_FUZZ, TS_SEED).
 *
 * Order.  The bench takes its rows in table order (hence Chains of
 * Thought before the China games).  A property combination (listed, with
 * how many games it plays, in check_internal.c) plays its entries in
 * table order: a random game picks one by index.  The fuzz targets order
 * theirs by `corpus`, not by place: the corpus files name games by that
 * number (an input's first byte picks one, modulo how many there are),
 * and a spec seed's number is the NN of its file spec/extra-NN.  So a
 * corpus number is never changed or reused: a new TS_FUZZ entry takes the
 * next one (21, ...), a new TS_SEED entry the next free file number (30,
 * ...: gen_corpus.c numbers its own parser seeds 11 .. 29).  See
 * fuzz/fuzz.h and fuzz/gen_corpus.c; the property suite's last test
 * (check_internal.c) checks the table.
 *
 * Free of Check and of the library: the fuzz targets and the bench include
 * it too.
 */
#ifndef MG_GAME_SPECS_H
#define MG_GAME_SPECS_H

#include <stddef.h>
#include <string.h>

/* Who takes an entry (mg_test_spec.uses). */
#define TS_PROPERTY 0x01 /* check_internal.c: random games, by .group */
#define TS_FUZZ 0x02     /* fuzz targets' games, number .corpus */
#define TS_SEED 0x04     /* gen_corpus.c: spec seed spec/extra-<.corpus> */
#define TS_ON_BOARD 0x08 /* gen_corpus.c: a record of the game on an
                          * explicit copy of its board */
#define TS_BENCH 0x10    /* bench.c: a row named .name */
#define TS_SVG 0x20      /* check_svg.c: the status text inside the SVG */

typedef struct mg_test_spec {
    const char *name;
    const char *spec;
    unsigned uses;
    const char *group; /* TS_PROPERTY: its combination, else NULL */
    int corpus;        /* TS_FUZZ, TS_SEED: its corpus number, else -1 */
} mg_test_spec;

static const mg_test_spec mg_test_specs[] = {
    /* ------------------------------------------------ Dots and Boxes */
    /* square grid */
    {"dab_sq1x1", "dots_and_boxes(grid=square,rows=1,cols=1)",
     TS_PROPERTY | TS_SVG, "square/none", -1},
    {"dab_sq2x3", "dots_and_boxes(grid=square,rows=2,cols=3)", TS_PROPERTY,
     "square/none", -1},
    {"dab_sq3x3", "dots_and_boxes(grid=square,rows=3,cols=3)", TS_PROPERTY,
     "square/none", -1},
    {"dab_sq4x2", "dots_and_boxes(grid=square,rows=4,cols=2)", TS_PROPERTY,
     "square/none", -1},
    {"dab_sq1x4", "dots_and_boxes(grid=square,rows=1,cols=4)", TS_PROPERTY,
     "square/none", -1},
    {"dab3x3", "dots_and_boxes(rows=3,cols=3)", TS_BENCH | TS_SVG, NULL, -1},
    {"dab4x4", "dots_and_boxes", TS_BENCH | TS_FUZZ, NULL, 0},
    {"dab5x5", "dots_and_boxes(rows=5,cols=5)", TS_BENCH, NULL, -1},
    {"dab10x10", "dots_and_boxes(rows=10,cols=10)", TS_BENCH | TS_SVG, NULL,
     -1},
    {"dab2x2", "dots_and_boxes(rows=2,cols=2)", TS_FUZZ, NULL, 1},
    {"dab3x5_spelling",
     " Dots_And_Boxes ( rows = 3 , cols = 5 , border = Swedish ) ", TS_SEED,
     NULL, 0},
    {"dab1x1_swedish", "dots_and_boxes(rows=1,cols=1,border=swedish)",
     TS_PROPERTY, "square/swedish", -1},
    {"dab2x2_swedish", "dots_and_boxes(rows=2,cols=2,border=swedish)",
     TS_PROPERTY, "square/swedish", -1},
    {"dab3x4_swedish", "dots_and_boxes(rows=3,cols=4,border=swedish)",
     TS_PROPERTY, "square/swedish", -1},
    {"dab1x3_swedish", "dots_and_boxes(rows=1,cols=3,border=swedish)",
     TS_PROPERTY, "square/swedish", -1},
    {"dab1x1_icelandic", "dots_and_boxes(rows=1,cols=1,border=icelandic)",
     TS_PROPERTY, "square/icelandic", -1},
    {"dab2x3_icelandic", "dots_and_boxes(rows=2,cols=3,border=icelandic)",
     TS_PROPERTY, "square/icelandic", -1},
    {"dab4x4_icelandic", "dots_and_boxes(rows=4,cols=4,border=icelandic)",
     TS_PROPERTY, "square/icelandic", -1},
    {"dab3x2_icelandic", "dots_and_boxes(rows=3,cols=2,border=icelandic)",
     TS_FUZZ, NULL, 2},
    {"dab32x32_icelandic_misere",
     "dots_and_boxes(rows=32,cols=32,border=icelandic,misere=true)", TS_SEED,
     NULL, 1},
    /* triangle grid, triangle and hexagon shapes */
    {"dab_tri1", "dots_and_boxes(grid=triangle,size=1)", TS_PROPERTY | TS_SVG,
     "triangle/none", -1},
    {"dab_tri2", "dots_and_boxes(grid=triangle,size=2)", TS_PROPERTY,
     "triangle/none", -1},
    {"dab_tri4", "dots_and_boxes(grid=triangle,size=4)", TS_PROPERTY,
     "triangle/none", -1},
    {"dab_tri3", "dots_and_boxes(grid=triangle,size=3)", TS_SVG, NULL, -1},
    {"dab_tri1_swedish", "dots_and_boxes(grid=triangle,size=1,border=swedish)",
     TS_PROPERTY, "triangle/swedish", -1},
    {"dab_tri2_swedish", "dots_and_boxes(grid=triangle,size=2,border=swedish)",
     TS_FUZZ, NULL, 3},
    {"dab_tri3_swedish", "dots_and_boxes(grid=triangle,size=3,border=swedish)",
     TS_PROPERTY, "triangle/swedish", -1},
    {"dab_trihex1", "dots_and_boxes(grid=triangle,shape=hexagon,size=1)",
     TS_PROPERTY, "trihex/none", -1},
    {"dab_trihex2", "dots_and_boxes(grid=triangle,shape=hexagon,size=2)",
     TS_PROPERTY, "trihex/none", -1},
    {"dab_trihex3", "dots_and_boxes(grid=triangle,shape=hexagon,size=3)",
     TS_SEED, NULL, 3},
    {"dab_trihex1_swedish",
     "dots_and_boxes(grid=triangle,shape=hexagon,size=1,border=swedish)",
     TS_PROPERTY, "trihex/swedish", -1},
    {"dab_trihex2_swedish",
     "dots_and_boxes(grid=triangle,shape=hexagon,size=2,border=swedish)",
     TS_PROPERTY, "trihex/swedish", -1},
    {"dab_trihex1_misere",
     "dots_and_boxes(grid=triangle,shape=hexagon,size=1,misere=true)",
     TS_FUZZ, NULL, 4},
    /* hexagon grid */
    {"dab_hex1", "dots_and_boxes(grid=hexagon,size=1)", TS_PROPERTY | TS_SVG,
     "hexagon/none", -1},
    {"dab_hex2", "dots_and_boxes(grid=hexagon,size=2)", TS_PROPERTY,
     "hexagon/none", -1},
    {"dab_hex3", "dots_and_boxes(grid=hexagon,size=3)", TS_PROPERTY | TS_SVG,
     "hexagon/none", -1},
    {"dab_hex16", "dots_and_boxes(grid=hexagon,size=16)", TS_SEED, NULL, 2},
    {"dab_hex1_swedish", "dots_and_boxes(grid=hexagon,size=1,border=swedish)",
     TS_PROPERTY, "hexagon/swedish", -1},
    {"dab_hex2_swedish", "dots_and_boxes(grid=hexagon,size=2,border=swedish)",
     TS_PROPERTY | TS_FUZZ, "hexagon/swedish", 5},
    {"dab_hex3_swedish", "dots_and_boxes(grid=hexagon,size=3,border=swedish)",
     TS_PROPERTY, "hexagon/swedish", -1},

    /* --------------------------------------------- Chains of Thought */
    {"cot_hex4", "chains_of_thought", TS_BENCH | TS_FUZZ, NULL, 17},
    {"cot_board_hex4", "chains_of_thought(board=hex4)", TS_PROPERTY | TS_SVG,
     "hex", -1},
    {"cot_hex7", "chains_of_thought(board=hex7)", TS_PROPERTY, "hex", -1},
    {"cot_hex11", "chains_of_thought(board=hex11)", TS_PROPERTY, "hex", -1},
    {"cot_square6", "chains_of_thought(board=square6)", TS_PROPERTY | TS_SVG,
     "square", -1},
    {"cot_square9", "chains_of_thought(board=square9)", TS_PROPERTY, "square",
     -1},
    {"cot_square13", "chains_of_thought(board=square13)",
     TS_BENCH | TS_PROPERTY, "square", -1},
    {"cot_square19", "chains_of_thought(board=square19)",
     TS_PROPERTY | TS_SVG | TS_SEED, "square", 7},
    {"cot_trisquare4", "chains_of_thought(board=trisquare4)",
     TS_PROPERTY | TS_SVG | TS_FUZZ, "trisquare", 18},
    {"cot_trisquare6", "chains_of_thought(board=trisquare6)", TS_PROPERTY,
     "trisquare", -1},
    {"cot_trisquare8", "chains_of_thought(board=trisquare8)", TS_PROPERTY,
     "trisquare", -1},
    {"cot_hex4_stalemate", "chains_of_thought(board=hex4,goal=stalemate)",
     TS_PROPERTY, "options", -1},
    {"cot_square6_not_self_adjacent",
     "chains_of_thought(board=square6,placement=not_self_adjacent)",
     TS_PROPERTY, "options", -1},
    {"cot_hex4_must_merge", "chains_of_thought(board=hex4,movement=must_merge)",
     TS_PROPERTY, "options", -1},
    {"cot_trisquare4_no_removal",
     "chains_of_thought(board=trisquare4,removal=none)", TS_PROPERTY,
     "options", -1},
    {"cot_square6_every_option",
     "chains_of_thought(board=square6,goal=stalemate,"
     "placement=not_self_adjacent,movement=must_merge,removal=none)",
     TS_PROPERTY, "options", -1},
    {"cot_hex4_ludii", "chains_of_thought(board=hex4,removal=ludii)",
     TS_PROPERTY, "options", -1},
    {"cot_square6_ludii_stalemate",
     "chains_of_thought(board=square6,goal=stalemate,removal=ludii)",
     TS_PROPERTY, "options", -1},
    {"cot_trisquare4_ludii",
     "chains_of_thought(board=trisquare4,removal=ludii)", TS_PROPERTY,
     "options", -1},
    {"cot_square6_stalemate", "chains_of_thought(board=square6,goal=stalemate)",
     TS_FUZZ, NULL, 19},
    {"cot_ludii", "chains_of_thought(removal=ludii)", TS_FUZZ, NULL, 20},
    {"cot_hex11_not_self_adjacent",
     "chains_of_thought(board=hex11,placement=not_self_adjacent)", TS_SEED,
     NULL, 8},
    {"cot_trisquare8_no_removal",
     "chains_of_thought(board=trisquare8,removal=none)", TS_SEED, NULL, 9},
    {"cot_hex7_must_merge", "chains_of_thought(board=hex7,movement=must_merge)",
     TS_SEED, NULL, 10},

    /* ---------------------------------------------------- China games */
    {"china_squares", "china_squares", TS_BENCH | TS_FUZZ | TS_SVG, NULL, 6},
    {"china_octangle", "china_octangle", TS_BENCH, NULL, -1},
    {"china_tangle", "china_tangle", TS_BENCH | TS_FUZZ | TS_SVG, NULL, 8},
    {"china_grove", "china_grove", TS_BENCH, NULL, -1},
    {"china_octangle2_number", "china_octangle(board=2,mode=number)", TS_FUZZ,
     NULL, 7},
    {"china_tangle3_number_ascending",
     "china_tangle(board=3,mode=number,order=ascending)", TS_FUZZ, NULL, 9},
    {"china_grove2_penalty8", "china_grove(board=2,penalty=8)", TS_FUZZ, NULL,
     10},
    {"china_tangle1", "china_tangle(board=1)", TS_PROPERTY, "options", -1},
    {"china_tangle2_number", "china_tangle(board=2,mode=number)", TS_PROPERTY,
     "options", -1},
    {"china_tangle3_ascending", "china_tangle(board=3,order=ascending)",
     TS_PROPERTY, "options", -1},
    {"china_tangle4_number_ascending",
     "china_tangle(board=4,mode=number,order=ascending)", TS_PROPERTY,
     "options", -1},
    {"china_grove1", "china_grove(board=1)", TS_PROPERTY, "options", -1},
    {"china_grove5_penalty2", "china_grove(board=5,penalty=2)", TS_PROPERTY,
     "options", -1},
    {"china_grove6_number_penalty8",
     "china_grove(board=6,mode=number,penalty=8)", TS_PROPERTY, "options", -1},
    {"china_grove7_ascending", "china_grove(board=7,order=ascending)",
     TS_PROPERTY, "options", -1},
    {"china_squares1", "china_squares(board=1)", TS_PROPERTY, "options", -1},
    {"china_squares2_penalty6", "china_squares(board=2,penalty=6)",
     TS_PROPERTY, "options", -1},
    {"china_squares3_ascending", "china_squares(board=3,order=ascending)",
     TS_PROPERTY, "options", -1},
    {"china_octangle1", "china_octangle(board=1)", TS_PROPERTY, "options", -1},
    {"china_octangle4_number", "china_octangle(board=4,mode=number)",
     TS_PROPERTY, "options", -1},
    {"china_octangle5_ascending", "china_octangle(board=5,order=ascending)",
     TS_PROPERTY, "options", -1},
    {"china_tangle_largest_seed", "china_tangle(board=18446744073709551615)",
     TS_SEED, NULL, 4},
    {"china_squares0_penalty2_ascending",
     "china_squares(board=0,penalty=2,order=ascending)", TS_SEED, NULL, 5},
    {"china_squares4", "china_squares(board=4)", TS_ON_BOARD, NULL, -1},
    {"china_octangle5", "china_octangle(board=5)", TS_ON_BOARD, NULL, -1},
    {"china_tangle9", "china_tangle(board=9)", TS_ON_BOARD, NULL, -1},
    {"china_grove10", "china_grove(board=10)", TS_ON_BOARD, NULL, -1},

    /* --------------------------------------------------------- Fangqi */
    {"fangqi", "fangqi", TS_BENCH | TS_FUZZ | TS_SVG, NULL, 11},
    {"fangqi_ningxia", "fangqi(variant=ningxia)", TS_PROPERTY, "default", -1},
    {"fangqi_xinjiang", "fangqi(variant=xinjiang)",
     TS_BENCH | TS_FUZZ | TS_PROPERTY, "default", 12},
    {"fangqi_step", "fangqi(movement=step)", TS_PROPERTY, "step", -1},
    {"fangqi4x3_step", "fangqi(width=4,height=3,movement=step)",
     TS_PROPERTY | TS_FUZZ, "step", 13},
    {"fangqi_capture", "fangqi(capture_on_placement=true)", TS_PROPERTY,
     "capture", -1},
    {"fangqi3x3_capture", "fangqi(width=3,height=3,capture_on_placement=true)",
     TS_PROPERTY, "capture", -1},
    {"fangqi_ko_encirclement", "fangqi(ko=true,encirclement=true)",
     TS_PROPERTY, "ko+encirclement", -1},
    {"fangqi5x4_encirclement_lose3",
     "fangqi(width=5,height=4,encirclement=true,lose_below=3)", TS_PROPERTY,
     "ko+encirclement", -1},
    {"fangqi3x2_limit4", "fangqi(width=3,height=2,no_capture_limit=4)",
     TS_PROPERTY, "limits", -1},
    {"fangqi4x4_limit0_lose2",
     "fangqi(width=4,height=4,no_capture_limit=0,lose_below=2)", TS_PROPERTY,
     "limits", -1},
    {"fangqi3x3_capture_ko",
     "fangqi(width=3,height=3,capture_on_placement=true,ko=true)", TS_FUZZ,
     NULL, 14},
    {"fangqi4x4_encirclement_limit6",
     "fangqi(width=4,height=4,encirclement=true,no_capture_limit=6)", TS_FUZZ,
     NULL, 15},
    {"fangqi5x4_extra_lose3",
     "fangqi(width=5,height=4,extra_removal=true,lose_below=3)", TS_FUZZ, NULL,
     16},
    {"fangqi2x2", "fangqi(width=2,height=2)", TS_SVG, NULL, -1},
    {"fangqi19x19", "fangqi(width=19,height=19)", TS_SVG, NULL, -1},
    {"fangqi19x19_step_limit0",
     "fangqi(width=19,height=19,movement=step,no_capture_limit=0)", TS_SEED,
     NULL, 6},
};

#define MG_N_TEST_SPECS ((int)(sizeof mg_test_specs / sizeof mg_test_specs[0]))

/* 1 when spec names the game `id` (the id alone or followed by '('). */
static inline int mg_test_spec_is(const char *spec, const char *id)
{
    size_t n = strlen(id);
    return strncmp(spec, id, n) == 0 && (spec[n] == '\0' || spec[n] == '(');
}

#endif
