import { type Position, type SearchReport, formatOtpMove, formatVertex } from "../../src/index.js";

/** The search's one line on the diagnostic stream; moves as GTP vertices with the OTP `x y` of the choice. */
export function formatSearchReport(report: SearchReport, position: Position): string {
  const move = `${formatVertex(report.move)} (${formatOtpMove(report.move)})`;
  const side = position.blackToMove ? "black" : "white";
  switch (report.reason) {
    case "game over":
      return `search: ${side}: the game is over, pass`;
    case "pass":
      return `search: ${side} has no legal move, pass`;
    case "random":
      return `search: ${side}: ${move} at random`;
    case "only move":
      return `search: ${side}: ${move} is the only move, played at once`;
    case "search": {
      const seconds = report.elapsedMs / 1000;
      const rate = seconds > 0 ? Math.round(report.playouts / seconds) : 0;
      return `search: ${side}: ${report.playouts} playouts in ${seconds.toFixed(2)} s (${rate}/s), reused ${report.reused}, `
        + `${report.nodes} nodes, ${report.pruned} pruned; ${move} `
        + `${report.visits > 0 ? `wins ${(100 * report.winRate).toFixed(1)}% of ${report.visits}` : "unvisited (no time to search)"}; `
        + `pv ${report.pv.map(formatVertex).join(" ")}`;
    }
  }
}
