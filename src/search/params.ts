/** The tree search's tunables, with their defaults in DEFAULT_SEARCH_PARAMS. */
export interface SearchParams {
  /** "uct": a tree grown one node per visit; "ucb": flat UCB1 over the root moves only. */
  readonly algorithm: "uct" | "ucb";
  /** Exploration constant c of UCB1: mean + c * sqrt(ln N / n). */
  readonly ucbC: number;
  /**
   * What a new leaf of the tree is worth: "playout", the result of one random game from it
   * (the classic search); "eval", the injected evaluation's win probability
   * 1 / (1 + exp(-discs / scale)), each child of an expanded node given it as a prior. Either
   * way a leaf is expanded the second time it is reached.
   */
  readonly leaf: "playout" | "eval";
  /**
   * The virtual visits a child's prior, the evaluation's win probability, counts as in its
   * mean, with either kind of leaf (0: no priors, and with "playout" leaves no evaluation).
   */
  readonly priorVisits: number;
  /**
   * Discs of evaluation per unit of log-odds of winning (fitted by `othello curve`): a child's
   * prior is 1 / (1 + exp(-discs / evalScale)).
   */
  readonly evalScale: number;
  /** Progressive pruning width r (in standard deviations of a mean); 0 turns pruning off. */
  readonly ppR: number;
  /** Visits each child of a node needs before pruning may set any of them aside. */
  readonly ppMinVisits: number;
  /** Node budget of the tree; when it is full the search goes on playing out without expanding. */
  readonly maxNodes: number;
  /**
   * A leaf with at most this many empty squares is solved (win, draw or loss) by the injected
   * solver instead of played out at random, and its result is proven (MCTS-solver); 0: never.
   */
  readonly solveEmpties: number;
  /**
   * Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014): each node keeps the
   * minimax value of the evaluation over its subtree beside its mean, and selection reads
   * (1 - alpha) * mean + alpha * minimax, alpha this weight; 0: the plain mean.
   */
  readonly minimaxWeight: number;
  /**
   * How selection weighs exploration: "ucb1", mean + c * sqrt(ln N / n); "puct", mean + c * P *
   * sqrt(N) / (1 + n) (AlphaZero's rule), P the child's share of a softmax over its siblings'
   * evaluations, `policyTemp` discs to a unit of log-odds: the evaluation stands in for a policy.
   */
  readonly selection: "ucb1" | "puct";
  /** With selection "puct": its exploration constant c (ucbC is UCB1's). */
  readonly puctC: number;
  /** With selection "puct": the softmax's temperature, in discs of evaluation. */
  readonly policyTemp: number;
  /**
   * With selection "puct": how the exploration constant grows with a parent's visits N, c * (1 +
   * g * ln(1 + N / PUCT_BASE)) (AlphaZero's later rule grows it by the same logarithm); 0: c alone.
   */
  readonly puctGrowth: number;
  /**
   * With leaf "eval": the weight of a new leaf's lookahead (Priors.lookahead, its mover's best
   * reply by the evaluation) in its value and prior, beside its own evaluation; 0: its own alone.
   */
  readonly leafLookahead: number;
  /**
   * How the move is chosen at the end of a search: 0, by the move rule (`moveToPlay`, the most
   * visited); above 0, drawn among the root's visited moves with probability proportional to
   * exp(mean / moveTemperature) (`drawMove`), so that a weaker level picks a lesser move now and
   * then, more often the less it is worth than the best. In units of the mean, a win rate.
   */
  readonly moveTemperature: number;
}

/** Whether the tree search with these parameters reads the evaluation (for its leaves or its priors). */
export function searchUsesEvaluation(params: SearchParams): boolean {
  return params.leaf === "eval" || params.priorVisits > 0;
}

/**
 * Whether selection is PUCT: asked for, in the tree search (flat UCB1 stays UCB1), with the
 * evaluation whose children's values make its policy (without one, as in the classic search, UCB1).
 */
export function searchUsesPuct(params: SearchParams): boolean {
  return params.selection === "puct" && params.algorithm === "uct" && searchUsesEvaluation(params);
}

export const DEFAULT_SEARCH_PARAMS: SearchParams = {
  algorithm: "uct",
  ucbC: 0.3,
  leaf: "eval",
  priorVisits: 2,
  // Fitted by `othello curve --games 20000` on the shipped weights (docs/evaluation.md).
  evalScale: 7,
  // Progressive pruning (pruning.ts), off: no width measured gained (docs/decisions.md).
  ppR: 0,
  ppMinVisits: 64,
  // One pool of this many nodes (68 bytes each): about 1.1 GB, taken from the system as the tree
  // grows. A 1 s search fills about 1 million, a 4 s one about 5 million (docs/strength.md); a
  // full pool stops the tree from growing, and 4 million made 4 s a move barely stronger than
  // 1 s (docs/decisions.md).
  maxNodes: 16_000_000,
  solveEmpties: 8,
  minimaxWeight: 0.2,
  // PUCT: a child the evaluation dislikes is hardly explored, so the tree goes deeper on the
  // evaluation's lines; stronger than UCB1, at these settings the best measured (docs/decisions.md).
  selection: "puct",
  puctC: 1.5,
  policyTemp: 4,
  puctGrowth: 0,
  leafLookahead: 0,
  // The full engine plays its best move; the levels below the top draw (protocol/engine/levels.ts).
  moveTemperature: 0,
};

/**
 * The classic UCT of the course: random playouts, no evaluation, the settings tuned for it
 * (docs/decisions.md); no implicit minimax either, whose values come from the evaluation. What
 * --classic sets over the other options; some equal today's defaults, and are set all the same
 * so that the classic search stays as it is when a default moves.
 */
export const CLASSIC_SETTINGS: Partial<SearchParams> = {
  ucbC: 0.3,
  leaf: "playout",
  priorVisits: 0,
  ppR: 0,
  minimaxWeight: 0,
};

/** The classic search: the baseline of the strength ladder. */
export const CLASSIC_SEARCH_PARAMS: SearchParams = { ...DEFAULT_SEARCH_PARAMS, ...CLASSIC_SETTINGS };
