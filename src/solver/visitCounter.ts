/**
 * Positions the solver has visited: every call of one of its search functions, a pass
 * counting as a visit of the passed position (the convention of the C yardstick). A typed
 * array rather than a variable, so that counting past 2^31 allocates nothing.
 */
export const visits = new Float64Array(1);
