// What a mail is and what sends it, apart from the transports in mailer.ts: server/deps.ts
// puts a Mailer in AppDeps, and mailer.ts needs its Clock, so the types live here
// (importing nothing) and neither module imports the other back.

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/** The one way the server sends mail; the transport is chosen once, at start. */
export type Mailer = { send(mail: Mail): Promise<void> };
