/**
 * What an actor rejects with when the server refused the thing a flow stands on (a
 * sign-up session, a reset link, an undo link, a social sign-in's consent): the server's
 * error code, for the page to word. Each flow names its own kind, a subclass that sets
 * `name` and says what was refused; its guards tell the kinds apart with `instanceof`.
 */
export class Refusal<TCode extends string = string> extends Error {
  readonly code: TCode;
  /** `what`: the refused thing, as the message's subject ("The reset link"). */
  constructor(what: string, code: TCode) {
    super(`${what} was refused: ${code}`);
    this.code = code;
  }
}
