/** A reader's refusal of what a player wrote: its message is for the player. */
class ParseError extends Error {}

/** Refuses the text being read, with a message for the player. */
export const fail = (message: string): never => {
  throw new ParseError(message);
};

/**
 * What a reader's throw tells the player: its refusal (see fail), or for anything else, an unexpected
 * JavaScript error whose text is no message for a player, that the `what` could not be read.
 */
export const readError = (e: unknown, what = 'order'): string =>
  e instanceof ParseError ? e.message : `this ${what} could not be read`;

/** Reads with `read`, never throwing: the order, or why it could not be read. */
export function attempt<T>(read: () => T): { order: T } | { error: string } {
  try {
    return { order: read() };
  } catch (e) {
    return { error: readError(e) };
  }
}
