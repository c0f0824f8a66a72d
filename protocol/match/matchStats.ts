/** Wins, draws and losses from one engine's side, and what they say about its strength. */
export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** The mean points per game: 1 a win, 1/2 a draw. */
export function score(t: Tally): number {
  const games = t.wins + t.draws + t.losses;
  return games === 0 ? 0.5 : (t.wins + t.draws / 2) / games;
}

/** The Elo difference that predicts this expected score (infinite at 0 and 1). */
export function eloFromScore(s: number): number {
  return 400 * Math.log10(s / (1 - s));
}

/** The expected score per game of a side `elo` stronger: the logistic curve that `eloFromScore` inverts. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

export interface EloEstimate {
  readonly elo: number;
  /** The 95% confidence interval, from the normal approximation of the mean score. */
  readonly low: number;
  readonly high: number;
}

export function eloEstimate(t: Tally): EloEstimate {
  const games = t.wins + t.draws + t.losses;
  const s = score(t);
  if (games === 0) return { elo: 0, low: -Infinity, high: Infinity };
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / games;
  const margin = 1.959964 * Math.sqrt(variance / games);
  const clamp = (x: number): number => Math.min(1, Math.max(0, x));
  return { elo: eloFromScore(s), low: eloFromScore(clamp(s - margin)), high: eloFromScore(clamp(s + margin)) };
}

/** An Elo number for people: signed, one decimal, and ±inf when the score is all or nothing. */
export function formatElo(elo: number): string {
  if (!Number.isFinite(elo)) return elo > 0 ? "+inf" : "-inf";
  return `${elo >= 0 ? "+" : ""}${elo.toFixed(1)}`;
}
