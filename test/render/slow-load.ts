/**
 * For a wait that includes loading a module the first time (a lazily imported part):
 * on a busy machine that can take longer than Testing Library's 1-second default.
 */
export const slowLoad = { timeout: 15_000 };
