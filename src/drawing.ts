import type { Position } from "./position.js";

const DISC = ".XO";

/**
 * The course's board drawing (what its `showboard` prints): whose turn, then a grid with the
 * row number x down the side and the column number y along the top. X is black, O white.
 */
export function drawCourseBoard(position: Position): string {
  const lines = [`${position.blackToMove ? "X" : "O"}'s turn`, ".|0|1|2|3|4|5|6|7|"];
  for (let x = 0; x < 8; x++) {
    let line = `${x}|`;
    for (let y = 0; y < 8; y++) line += `${DISC[position.discAt(x * 8 + y)]}|`;
    lines.push(line);
  }
  return lines.join("\n");
}

/** The GTP drawing: columns A-H along the top and bottom, rows 1-8 down both sides, row 1 at the top. */
export function drawGtpBoard(position: Position): string {
  const letters = "   A B C D E F G H";
  const lines = [letters];
  for (let x = 0; x < 8; x++) {
    let line = ` ${x + 1}`;
    for (let y = 0; y < 8; y++) line += ` ${DISC[position.discAt(x * 8 + y)]}`;
    lines.push(`${line} ${x + 1}`);
  }
  const count = `black ${position.blackDiscs()}, white ${position.whiteDiscs()}`;
  lines.push(
    letters,
    position.isGameOver()
      ? `The game is over; ${count}`
      : `${position.blackToMove ? "Black (X)" : "White (O)"} to move; ${count}`,
  );
  return lines.join("\n");
}
