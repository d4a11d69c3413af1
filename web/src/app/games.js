/* app/games.js - the page's words about the games: each game's name and
 * a short statement of its rules, the bots the page offers, and the
 * colours of the seats' stones, by the names the library's status lines
 * give the seats ("Black (seat 0)", "A (seat 0)"). */

export const GAMES = {
    dots_and_boxes: {
        name: "Dots and Boxes",
        rules: "Draw one line per move between two neighbouring dots. The player who draws the last side of a box claims it and draws again. When every line is drawn, the player with more boxes wins (with misère, fewer).",
    },
    china_squares: {
        name: "China Squares",
        rules: "255 cells of an Octopuszle board. The first stone of a turn fixes its pattern: the other stones of the turn go on vacant cells of the same pattern (they are highlighted), 9 minus the cell's beams in all, as many as possible. White may end the first turn early (done); Black may swap instead of its first stone. Full board: one point per stone, minus the penalty per group.",
    },
    china_octangle: {
        name: "China Octangle",
        rules: "China Squares' board with China Tangle's rules: the stones of a turn go on cells of the first stone's pattern (or number of beams), up to 9 minus its beams, and any turn may stop early (done). Black may swap. Full board: the largest group wins, ties cascading to the next largest.",
    },
    china_tangle: {
        name: "China Tangle",
        rules: "63 hexagonal cells of a China Labyrinth board. The first checker of a turn fixes its pattern: further checkers go on vacant cells of the same pattern (highlighted), up to 7 minus its exits; a turn may stop early (done). Black may swap. Full board: the largest group wins, ties cascading to the next largest.",
    },
    china_grove: {
        name: "China Grove",
        rules: "China Tangle's board with China Squares' scoring: full turns (as many stones of the first stone's pattern as possible), one point per stone minus the penalty per group. Black may swap.",
    },
    fangqi: {
        name: "Fangqi",
        rules: "Fill the board with stones, trying to form 2×2 squares. Then stones are removed: one each, then one for every square formed (not from squares). Then stones move along the lines; each new square removes an enemy stone. A player left without a move, or with too few stones, loses. A move is two clicks: the stone, then where it goes.",
    },
    chains_of_thought: {
        name: "Chains of Thought",
        rules: "Place a stone where it touches no stone, or where the enemy stones next to it equal your own plus one; or step a stone (two clicks) to merge your chains. Enemy stones next to a larger chain of yours are removed. The game ends when the player to move cannot act; the largest chain wins, ties cascading.",
    },
};

export const BOT_NAMES = ["random", "greedy", "mcts", "solver"];
export const SEAT_COLOURS = {
    White: { fill: "#ffffff", text: "White" },
    Black: { fill: "#1b1b1b", text: "Black" },
    A: { fill: "#9ec5fe", text: "A" },
    B: { fill: "#f5b7b1", text: "B" },
};

export function gameName(id) { return (GAMES[id] && GAMES[id].name) || id; }
