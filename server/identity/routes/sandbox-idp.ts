import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { SocialProvider } from '../../../contract/identity.ts';
import { callbackUrl, usesSandbox } from '../social/registry.ts';
import { PROVIDER_NAMES } from '../social/provider.ts';
import { sandboxCode } from '../social/sandbox.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { escapeHtml as escape } from '../../escape-html.ts';
import { standInPage } from '../../http/html.ts';

const AuthorizeQuery = v.object({
  response_type: v.literal('code'),
  client_id: v.literal('sandbox'),
  redirect_uri: v.pipe(v.string(), v.maxLength(2000)),
  state: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  code_challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  code_challenge_method: v.literal('S256'),
});
type AuthorizeQuery = v.InferOutput<typeof AuthorizeQuery>;

const Consent = v.object({
  ...AuthorizeQuery.entries,
  decision: v.picklist(['allow', 'deny']),
  email: v.pipe(v.string(), v.trim(), v.maxLength(254), v.email()),
  first_name: v.pipe(v.string(), v.trim(), v.maxLength(64)),
  last_name: v.pipe(v.string(), v.trim(), v.maxLength(64)),
});

const SANDBOX_PERSON = { email: 'sandbox.person@example.com', first: 'Sandy', last: 'Boxer' };

function consentPage(provider: SocialProvider, query: AuthorizeQuery): string {
  const name = escape(PROVIDER_NAMES[provider]);
  const hidden = Object.entries(query)
    .map(([key, value]) => `<input type="hidden" name="${key}" value="${escape(value)}">`)
    .join('');
  const input = (id: string, label: string, type: string, value: string) =>
    `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${escape(value)}" required>`;
  return standInPage({
    title: `Sign in with ${PROVIDER_NAMES[provider]}`,
    badge: `${PROVIDER_NAMES[provider]} sandbox identity provider`,
    body: `<p>The account portal asks for your e-mail address and name. This is a development stand-in for ${name}; nothing leaves this machine.</p>
<form method="post">${hidden}
${input('email', 'E-mail', 'email', SANDBOX_PERSON.email)}
${input('first_name', 'First name', 'text', SANDBOX_PERSON.first)}
${input('last_name', 'Last name', 'text', SANDBOX_PERSON.last)}
<p class="actions"><button type="submit" class="primary" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>
</form>`,
  });
}

/** A picture of a person on a background of the seed's hue: plainly not initials. */
function pictureSvg(seed: string): string {
  const hue = parseInt(seed.slice(0, 4), 16) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 60% 45%)"/><circle cx="48" cy="38" r="18" fill="#fff"/><path d="M14 96c4-20 18-30 34-30s30 10 34 30z" fill="#fff"/></svg>`;
}

/** GET/POST /sandbox/idp/:provider/authorize, mounted only outside production. */
export function sandboxIdpRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  /** The provider, if the sandbox stands in for it and the redirect is our own callback. */
  function checked(c: Context<AppEnv>, redirectUri: string | undefined): SocialProvider | null {
    const provider = v.safeParse(SocialProvider, c.req.param('provider'));
    if (!provider.success || !usesSandbox(deps, provider.output)) return null;
    // A real provider only redirects to registered URIs; the sandbox to ours only.
    return redirectUri === callbackUrl(deps, provider.output) ? provider.output : null;
  }

  const refuse = (c: Context<AppEnv>) =>
    c.html('<!doctype html><title>Bad request</title><p>Invalid authorization request.</p>', 400);

  router.get('/:provider/authorize', (c) => {
    const query = v.safeParse(AuthorizeQuery, c.req.query());
    const provider = checked(c, c.req.query('redirect_uri'));
    if (!query.success || !provider) return refuse(c);
    return c.html(consentPage(provider, query.output));
  });

  // The pictures the sandbox's user info names: drawn here, so no outside host is asked.
  router.get('/:provider/picture/:file{[0-9a-f]{16}\\.svg}', (c) => {
    const provider = v.safeParse(SocialProvider, c.req.param('provider'));
    if (!provider.success || !usesSandbox(deps, provider.output)) return c.notFound();
    return c.body(pictureSvg(c.req.param('file').slice(0, 16)), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  router.post('/:provider/authorize', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    } catch {
      return refuse(c);
    }
    const parsed = v.safeParse(Consent, form);
    const provider = checked(
      c,
      typeof form.redirect_uri === 'string' ? form.redirect_uri : undefined,
    );
    const denied = form.decision === 'deny';
    if (!provider || (!parsed.success && !denied)) return refuse(c);
    const target = new URL(callbackUrl(deps, provider));
    const state = typeof form.state === 'string' ? form.state : '';
    if (denied || !parsed.success) {
      target.search = new URLSearchParams({ error: 'access_denied', state }).toString();
      return c.redirect(target.toString(), 302);
    }
    const { email, first_name, last_name, code_challenge } = parsed.output;
    const code = sandboxCode(deps, {
      p: provider,
      e: email,
      f: first_name,
      l: last_name,
      c: code_challenge,
      r: target.toString(),
    });
    target.search = new URLSearchParams({ code, state }).toString();
    return c.redirect(target.toString(), 302);
  });

  return router;
}
