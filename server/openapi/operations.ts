import * as v from 'valibot';
import { AuthResult, LoginForm } from '../../contract/auth.ts';
import {
  AutopaymentAnswer,
  AutopaymentChange,
  AutopaymentRequest,
  AutopaymentStatusChange,
  CheckoutStarted,
  Convertion,
  CouponPrice,
  InAdvance,
  PaymentPage,
  CardAnswer,
  CardSetupRequest,
  CardSetupStarted,
  CardSetupStatus,
  PlanChangeCostAnswer,
  PlanList,
  SubscriptionAnswer,
  SubscriptionUpdated,
} from '../../contract/billing.ts';
import { Consultation, ConsultationRequest } from '../../contract/consultation.ts';
import {
  CountryList,
  CurrentCountry,
  IpCountryRequest,
  IpCountryResponse,
  Locale,
} from '../../contract/countries.ts';
import { ErrorListBody } from '../../contract/errors.ts';
import {
  AccountEmail,
  ChangeEmailForm,
  ChangePasswordForm,
  ConfirmForm,
  PendingEmailChange,
  UndoEmailChangeForm,
  DetailsForm,
  PendingSignup,
  ProfileUpdate,
  ReauthForm,
  RecoveryCodes,
  SecondFactorForm,
  TwoFactorCodeForm,
  TwoFactorSetup,
  TwoFactorStatus,
  ResetRequested,
  ResetRequestForm,
  SecurityEventList,
  SessionList,
  SetPasswordForm,
  SignupForm,
  SocialAccountList,
  SocialConsentForm,
  SocialIntent,
  SocialProvider,
  Unsubscription,
} from '../../contract/identity.ts';
import { LegalDocument, LegalDocumentId } from '../../contract/legal.ts';
import {
  AddPasskeyForm,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  PasskeyReauthForm,
  PasskeySignInForm,
  RenamePasskeyForm,
} from '../../contract/passkeys.ts';
import { Binding, BindingList } from '../../contract/onpremise.ts';
import { Profile, Timezone, TimezoneUpdate } from '../../contract/profile.ts';
import { ReleaseList, ReleasesQuery } from '../../contract/software.ts';
import {
  Invitation,
  InvitationAccepted,
  InvitationLink,
  InvitationList,
  InvitationRequest,
  Team,
  TeamList,
  TeamUpdate,
  UserLookup,
} from '../../contract/teams.ts';
import { Webgis, WebgisLocationList, WebgisRefs } from '../../contract/webgis.ts';
import { InvoiceFields } from '../billing/routes/subscription-update.ts';
import { PageQuery as PaymentPageQuery } from '../billing/routes/payments.ts';
import { PriceQuery, PricesQuery } from '../billing/routes/prices.ts';
import { ChangeCostQuery, Target } from '../billing/routes/subscription.ts';
import { BindBody } from '../onpremise/routes.ts';
import { LookupQuery } from '../teams/routes/users.ts';
import { CreateBody } from '../webgis/routes/webgis.ts';

/**
 * The API's routes with the contract/ schemas they read and answer: the one list the
 * OpenAPI document (./document.ts) is made from. test/server/openapi.test.ts compares
 * it with the app's own routes (Hono's `app.routes`), so a route missing here fails it,
 * and the server tests' client (test/server/client.ts) checks every answer against it.
 */
export type Operation = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Hono's pattern, as mounted in server/app.ts. */
  path: string;
  tag: string;
  summary: string;
  /** Whether a session is needed (401 without one). */
  signedIn?: boolean;
  /** The path's parameters that have a schema of their own (others are strings). */
  params?: Record<string, v.GenericSchema>;
  query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  body?: { kind: 'json' | 'form' | 'multipart'; schema: v.GenericSchema };
  /** The success answer: its status and, for JSON, its schema (`null`: no body, or not JSON). */
  answer: { status: number; schema: v.GenericSchema | null; type?: string };
};

/** GET /healthz and /readyz (server/health/routes.ts). */
const Liveness = v.object({ status: v.literal('ok') });
const Check = v.picklist(['ok', 'unavailable']);
const Readiness = v.object({
  status: v.picklist(['ready', 'unavailable']),
  database: Check,
  jobs: Check,
});
/** The personal data export: every row kept about the user, as stored. */
const PersonalData = v.record(v.string(), v.unknown());
const WebhookAnswer = v.object({ status: v.string() });
const TimezoneAnswer = v.object({ timezone: Timezone });
/** The OpenAPI document itself. */
const OpenApiDocument = v.object({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) });

const json = (schema: v.GenericSchema, status = 200) => ({ status, schema });
const noContent = { status: 204, schema: null };
const redirect = { status: 302, schema: null };
const form = (schema: v.GenericSchema) => ({ kind: 'form' as const, schema });
const body = (schema: v.GenericSchema) => ({ kind: 'json' as const, schema });

export const operations: Operation[] = [
  // Health (outside /api/: a load balancer's checks)
  { method: 'GET', path: '/healthz', tag: 'health', summary: 'Liveness', answer: json(Liveness) },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    summary: 'Readiness: the database and the job queue answer (503 when not)',
    answer: json(Readiness),
  },
  // Sign-in, sign-up, password
  {
    method: 'POST',
    path: '/api/auth/login/',
    tag: 'auth',
    summary: 'Sign in with e-mail and password',
    body: form(LoginForm),
    answer: json(AuthResult),
  },
  {
    method: 'POST',
    path: '/api/auth/login/2fa/',
    tag: 'auth',
    summary: "The sign-in's second step: the authenticator app's code or a recovery code; signs in",
    body: form(SecondFactorForm),
    answer: json(AuthResult),
  },
  {
    method: 'POST',
    path: '/api/auth/passkey/options/',
    tag: 'auth',
    summary:
      'Options for a passkey sign-in (navigator.credentials.get()), with a challenge for this browser',
    answer: json(PasskeyOptions),
  },
  {
    method: 'POST',
    path: '/api/auth/passkey/',
    tag: 'auth',
    summary: "Sign in with a passkey's assertion made from this browser's challenge",
    body: body(PasskeySignInForm),
    answer: json(AuthResult),
  },
  {
    method: 'POST',
    path: '/api/auth/logout/',
    tag: 'auth',
    summary: 'Sign out',
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/auth/signup/',
    tag: 'auth',
    summary: 'Start a sign-up; mails a code',
    body: form(SignupForm),
    answer: json(AuthResult),
  },
  {
    method: 'GET',
    path: '/api/auth/signup/',
    tag: 'auth',
    summary: "This browser's pending sign-up",
    answer: json(PendingSignup),
  },
  {
    method: 'POST',
    path: '/api/auth/signup/confirm/',
    tag: 'auth',
    summary: 'Confirm the e-mailed code',
    body: form(ConfirmForm),
    answer: json(AuthResult),
  },
  {
    method: 'POST',
    path: '/api/auth/signup/resend/',
    tag: 'auth',
    summary: 'Send a new code',
    answer: json(PendingSignup),
  },
  {
    method: 'POST',
    path: '/api/auth/signup/details/',
    tag: 'auth',
    summary: "The sign-up's names and country; signs in",
    body: form(DetailsForm),
    answer: json(AuthResult),
  },
  {
    method: 'POST',
    path: '/api/auth/password/reset/',
    tag: 'auth',
    summary: 'Mail a password reset link',
    body: form(ResetRequestForm),
    answer: json(ResetRequested),
  },
  {
    method: 'POST',
    path: '/api/auth/password/set/',
    tag: 'auth',
    summary: "Set a new password with the link's token",
    body: form(SetPasswordForm),
    answer: json(AuthResult),
  },
  {
    method: 'GET',
    path: '/api/auth/social/:provider/start/',
    tag: 'auth',
    summary: "Redirect to the social provider's sign-in",
    params: { provider: SocialProvider },
    query: v.object({ intent: v.optional(SocialIntent), next: v.optional(v.string()) }),
    answer: redirect,
  },
  {
    method: 'GET',
    path: '/api/auth/social/:provider/callback/',
    tag: 'auth',
    summary: "The social provider's return; redirects into the portal",
    params: { provider: SocialProvider },
    query: v.object({ code: v.optional(v.string()), state: v.optional(v.string()) }),
    answer: redirect,
  },
  {
    method: 'POST',
    path: '/api/auth/social/consent/',
    tag: 'auth',
    summary: 'Create the account of a new social identity',
    body: form(SocialConsentForm),
    answer: json(AuthResult),
  },
  {
    method: 'DELETE',
    path: '/api/auth/social/consent/',
    tag: 'auth',
    summary: 'Decline the account of a new social identity',
    answer: noContent,
  },
  // Profile
  {
    method: 'GET',
    path: '/api/v1/profile/',
    tag: 'profile',
    summary: 'The signed-in user',
    signedIn: true,
    answer: json(Profile),
  },
  {
    method: 'PATCH',
    path: '/api/v1/profile/',
    tag: 'profile',
    summary: 'Change the profile',
    signedIn: true,
    body: body(ProfileUpdate),
    answer: json(Profile),
  },
  {
    method: 'DELETE',
    path: '/api/v1/profile/',
    tag: 'profile',
    summary: 'Remove the account',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/profile/export/',
    tag: 'profile',
    summary: 'Personal data export (a JSON file)',
    signedIn: true,
    answer: json(PersonalData),
  },
  {
    method: 'DELETE',
    path: '/api/v1/profile/mail-notice/',
    tag: 'profile',
    summary: 'Dismiss the notice of an undelivered mail',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/profile/social/',
    tag: 'profile',
    summary: 'Linked social accounts',
    signedIn: true,
    answer: json(SocialAccountList),
  },
  {
    method: 'DELETE',
    path: '/api/v1/profile/social/:provider/',
    tag: 'profile',
    summary: 'Unlink a social account',
    signedIn: true,
    params: { provider: SocialProvider },
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/v1/user_timezone_info/',
    tag: 'profile',
    summary: "The browser's time zone",
    signedIn: true,
    body: body(TimezoneUpdate),
    answer: json(TimezoneAnswer),
  },
  {
    method: 'GET',
    path: '/api/v1/unsubscribe/:token/',
    tag: 'profile',
    summary: 'What a signed unsubscribe link is for',
    answer: json(Unsubscription),
  },
  {
    method: 'POST',
    path: '/api/v1/unsubscribe/:token/',
    tag: 'profile',
    summary: 'Unsubscribe (also the one-click List-Unsubscribe-Post)',
    answer: json(Unsubscription),
  },
  // Security
  {
    method: 'GET',
    path: '/api/v1/sessions/',
    tag: 'security',
    summary: "The user's signed-in browsers",
    signedIn: true,
    answer: json(SessionList),
  },
  {
    method: 'DELETE',
    path: '/api/v1/sessions/',
    tag: 'security',
    summary: 'Sign out every other browser',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'DELETE',
    path: '/api/v1/sessions/:id/',
    tag: 'security',
    summary: 'Sign out one other browser',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/security/events/',
    tag: 'security',
    summary: "The account's security events",
    signedIn: true,
    answer: json(SecurityEventList),
  },
  {
    method: 'POST',
    path: '/api/v1/security/password/',
    tag: 'security',
    summary:
      'Change the password with the current one (needs a recent sign-in); every other session ends',
    signedIn: true,
    body: body(ChangePasswordForm),
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/security/two-factor/',
    tag: 'security',
    summary: 'Whether the authenticator app is on, and the recovery codes left',
    signedIn: true,
    answer: json(TwoFactorStatus),
  },
  {
    method: 'POST',
    path: '/api/v1/security/two-factor/setup/',
    tag: 'security',
    summary:
      'Start setting up the authenticator app (needs a recent sign-in): a new secret, its URI and QR code',
    signedIn: true,
    answer: json(TwoFactorSetup),
  },
  {
    method: 'POST',
    path: '/api/v1/security/two-factor/confirm/',
    tag: 'security',
    summary:
      'Turn the authenticator app on with its first code (needs a recent sign-in); answers the recovery codes once',
    signedIn: true,
    body: body(TwoFactorCodeForm),
    answer: json(RecoveryCodes),
  },
  {
    method: 'POST',
    path: '/api/v1/security/two-factor/recovery-codes/',
    tag: 'security',
    summary: 'New recovery codes in place of the old ones (needs a recent sign-in)',
    signedIn: true,
    answer: json(RecoveryCodes),
  },
  {
    method: 'DELETE',
    path: '/api/v1/security/two-factor/',
    tag: 'security',
    summary: 'Turn the authenticator app off (needs a recent sign-in)',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/security/passkeys/',
    tag: 'security',
    summary: "The account's passkeys, oldest first",
    signedIn: true,
    answer: json(PasskeyList),
  },
  {
    method: 'POST',
    path: '/api/v1/security/passkeys/options/',
    tag: 'security',
    summary:
      'Options for navigator.credentials.create(), with a challenge for this session (needs a recent sign-in)',
    signedIn: true,
    answer: json(PasskeyOptions),
  },
  {
    method: 'POST',
    path: '/api/v1/security/passkeys/',
    tag: 'security',
    summary:
      "Save the passkey made from this session's challenge, with its name (needs a recent sign-in)",
    signedIn: true,
    body: body(AddPasskeyForm),
    answer: json(Passkey, 201),
  },
  {
    method: 'PATCH',
    path: '/api/v1/security/passkeys/:id/',
    tag: 'security',
    summary: 'Rename a passkey',
    signedIn: true,
    body: body(RenamePasskeyForm),
    answer: json(Passkey),
  },
  {
    method: 'DELETE',
    path: '/api/v1/security/passkeys/:id/',
    tag: 'security',
    summary: 'Remove a passkey (needs a recent sign-in)',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/v1/security/email/',
    tag: 'security',
    summary: 'Start changing the e-mail (needs a recent sign-in); a code goes to the new address',
    signedIn: true,
    body: body(ChangeEmailForm),
    answer: json(PendingEmailChange),
  },
  {
    method: 'POST',
    path: '/api/v1/security/email/resend/',
    tag: 'security',
    summary: 'A new code to the pending new address, after the countdown',
    signedIn: true,
    answer: json(PendingEmailChange),
  },
  {
    method: 'POST',
    path: '/api/v1/security/email/confirm/',
    tag: 'security',
    summary:
      'Confirm the e-mail change with the mailed code; the old address gets a notice with a link to undo it',
    signedIn: true,
    body: body(ConfirmForm),
    answer: json(AccountEmail),
  },
  {
    method: 'POST',
    path: '/api/auth/email/undo/',
    tag: 'auth',
    summary:
      'Put the old e-mail back with the link mailed to it (7 days, once); every session of the account ends',
    body: body(UndoEmailChangeForm),
    answer: json(AccountEmail),
  },
  {
    method: 'POST',
    path: '/api/v1/session/reauth/',
    tag: 'security',
    summary:
      'Prove who you are again with the password, for an action that answered 403 reauth_required',
    signedIn: true,
    body: body(ReauthForm),
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/v1/session/reauth/passkey/options/',
    tag: 'security',
    summary:
      "Options for navigator.credentials.get() allowing the account's passkeys, with a challenge for this session",
    signedIn: true,
    answer: json(PasskeyOptions),
  },
  {
    method: 'POST',
    path: '/api/v1/session/reauth/passkey/',
    tag: 'security',
    summary:
      "Prove who you are again with one of the account's passkeys, from this session's challenge",
    signedIn: true,
    body: body(PasskeyReauthForm),
    answer: noContent,
  },
  // Reference data
  {
    method: 'GET',
    path: '/api/v1/legal/:document/:locale/',
    tag: 'reference',
    summary: 'Terms of service or privacy policy',
    params: { document: LegalDocumentId, locale: Locale },
    answer: json(LegalDocument),
  },
  {
    method: 'GET',
    path: '/api/v1/countries/',
    tag: 'reference',
    summary: 'Countries',
    answer: json(CountryList),
  },
  {
    method: 'GET',
    path: '/api/v1/countries/current/:lang',
    tag: 'reference',
    summary: "The visitor's country, named in a language",
    params: { lang: Locale },
    answer: json(CurrentCountry),
  },
  {
    method: 'POST',
    path: '/api/v1/ip_country/',
    tag: 'reference',
    summary: "The visitor's country code",
    body: body(IpCountryRequest),
    answer: json(IpCountryResponse),
  },
  // Billing
  {
    method: 'GET',
    path: '/api/v1/subscription/prices/',
    tag: 'billing',
    summary: 'Plans and prices',
    query: PricesQuery,
    answer: json(PlanList),
  },
  {
    method: 'GET',
    path: '/api/v1/subscription/price/',
    tag: 'billing',
    summary: "A plan's price with a promo code",
    query: PriceQuery,
    answer: json(CouponPrice),
  },
  {
    method: 'GET',
    path: '/api/subscription/',
    tag: 'billing',
    summary: "The user's subscription",
    signedIn: true,
    answer: json(SubscriptionAnswer),
  },
  {
    method: 'GET',
    path: '/api/subscription/convertion/',
    tag: 'billing',
    summary: 'Days the remaining paid time is worth on another plan',
    signedIn: true,
    query: Target,
    answer: json(Convertion),
  },
  {
    method: 'GET',
    path: '/api/subscription/in_advance/',
    tag: 'billing',
    summary: 'When a period bought now would end',
    signedIn: true,
    query: Target,
    answer: json(InAdvance),
  },
  {
    method: 'POST',
    path: '/api/subscription/update',
    tag: 'billing',
    summary: 'Change the plan, or ask for an invoice (legal entities)',
    signedIn: true,
    body: { kind: 'multipart', schema: InvoiceFields },
    answer: json(SubscriptionUpdated),
  },
  {
    method: 'GET',
    path: '/api/v1/payments/',
    tag: 'billing',
    summary: "A page of the user's payments and invoice requests, newest first",
    signedIn: true,
    query: PaymentPageQuery,
    answer: json(PaymentPage),
  },
  {
    method: 'GET',
    path: '/api/v1/payments/:id/receipt/',
    tag: 'billing',
    summary: "The receipt of a paid payment, as a PDF in the page's or the account's language",
    signedIn: true,
    answer: { status: 200, schema: null, type: 'application/pdf' },
  },
  {
    method: 'GET',
    path: '/api/v1/subscription/change-cost/',
    tag: 'billing',
    summary:
      'What a change to a plan costs now: charged now, the credit for the unused period, the next payment',
    signedIn: true,
    query: ChangeCostQuery,
    answer: json(PlanChangeCostAnswer),
  },
  {
    method: 'GET',
    path: '/api/v1/card/',
    tag: 'billing',
    summary: 'The card autopayments charge, as the payment provider reports it',
    signedIn: true,
    answer: json(CardAnswer),
  },
  {
    method: 'POST',
    path: '/api/v1/card/',
    tag: 'billing',
    summary: "Change the card: a card setup at the provider's page, which charges nothing",
    signedIn: true,
    body: body(CardSetupRequest),
    answer: json(CardSetupStarted),
  },
  {
    method: 'GET',
    path: '/api/v1/card/setups/:id/',
    tag: 'billing',
    summary: "A card setup's outcome: open, saved or not saved",
    signedIn: true,
    answer: json(CardSetupStatus),
  },
  {
    method: 'GET',
    path: '/api/autopayment/',
    tag: 'billing',
    summary: 'The autopayment',
    signedIn: true,
    answer: json(AutopaymentAnswer),
  },
  {
    method: 'POST',
    path: '/api/autopayment/',
    tag: 'billing',
    summary: "Start a checkout; answers the provider's page",
    signedIn: true,
    body: body(AutopaymentRequest),
    answer: json(CheckoutStarted),
  },
  {
    method: 'PATCH',
    path: '/api/autopayment/',
    tag: 'billing',
    summary: 'Change the autopayment',
    signedIn: true,
    body: body(AutopaymentChange),
    answer: json(AutopaymentAnswer),
  },
  {
    method: 'DELETE',
    path: '/api/autopayment/',
    tag: 'billing',
    summary: 'Cancel the autopayment',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'PATCH',
    path: '/api/autopayment/status/',
    tag: 'billing',
    summary: 'Turn a paused autopayment on again',
    signedIn: true,
    body: body(AutopaymentStatusChange),
    answer: json(AutopaymentAnswer),
  },
  {
    method: 'POST',
    path: '/api/billing/webhooks/:provider/',
    tag: 'billing',
    summary: "A payment provider's notification (signed as the provider does)",
    answer: json(WebhookAnswer),
  },
  // Software
  {
    method: 'GET',
    path: '/api/v1/releases',
    tag: 'software',
    summary: 'Releases and their files',
    signedIn: true,
    query: ReleasesQuery,
    answer: json(ReleaseList),
  },
  {
    method: 'GET',
    path: '/api/v1/releases/:id/download',
    tag: 'software',
    summary:
      "A release file (Range requests answer 206); signed links' query when DOWNLOAD_TOKEN is set",
    answer: { status: 200, schema: null, type: 'application/octet-stream' },
  },
  // Web GIS
  {
    method: 'GET',
    path: '/api/v1/webgis/refs/',
    tag: 'webgis',
    summary: "The instances' domain",
    answer: json(WebgisRefs),
  },
  {
    method: 'GET',
    path: '/api/v1/webgis/cluster/locations/',
    tag: 'webgis',
    summary: 'Where an instance may run',
    signedIn: true,
    answer: json(WebgisLocationList),
  },
  {
    method: 'POST',
    path: '/api/v1/webgis/',
    tag: 'webgis',
    summary: 'Create the web GIS',
    signedIn: true,
    body: body(CreateBody),
    answer: json(Webgis, 201),
  },
  {
    method: 'GET',
    path: '/api/v1/webgis/my/',
    tag: 'webgis',
    summary: "The user's web GIS",
    signedIn: true,
    answer: json(Webgis),
  },
  // Teams
  {
    method: 'GET',
    path: '/api/v1/team/',
    tag: 'teams',
    summary: 'The own team',
    signedIn: true,
    answer: json(Team),
  },
  {
    method: 'PATCH',
    path: '/api/v1/team/',
    tag: 'teams',
    summary: "Set the own team's members",
    signedIn: true,
    body: body(TeamUpdate),
    answer: json(Team),
  },
  {
    method: 'GET',
    path: '/api/v1/teams/',
    tag: 'teams',
    summary: 'The teams the user is a member of',
    signedIn: true,
    answer: json(TeamList),
  },
  {
    method: 'DELETE',
    path: '/api/v1/teams/:owner_id/membership/',
    tag: 'teams',
    summary: 'Leave a team',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'GET',
    path: '/api/v1/users/',
    tag: 'teams',
    summary: 'Find an account by its exact username',
    signedIn: true,
    query: LookupQuery,
    answer: json(UserLookup),
  },
  {
    method: 'GET',
    path: '/api/v1/team/invitations/',
    tag: 'teams',
    summary: "The own team's pending invitations",
    signedIn: true,
    answer: json(InvitationList),
  },
  {
    method: 'POST',
    path: '/api/v1/team/invitations/',
    tag: 'teams',
    summary: 'Invite an e-mail address to the own team',
    signedIn: true,
    body: body(InvitationRequest),
    answer: json(Invitation, 201),
  },
  {
    method: 'DELETE',
    path: '/api/v1/team/invitations/:id/',
    tag: 'teams',
    summary: 'Revoke a pending invitation',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/v1/team/invitations/:id/resend/',
    tag: 'teams',
    summary: 'Mail an invitation again with a new link',
    signedIn: true,
    answer: json(Invitation),
  },
  {
    method: 'GET',
    path: '/api/v1/invitations/:token/',
    tag: 'teams',
    summary: "What an invitation mail's link is",
    answer: json(InvitationLink),
  },
  {
    method: 'POST',
    path: '/api/v1/invitations/:token/accept/',
    tag: 'teams',
    summary: 'Accept an invitation with the invited account',
    signedIn: true,
    answer: json(InvitationAccepted),
  },
  {
    method: 'POST',
    path: '/api/v1/invitations/:token/decline/',
    tag: 'teams',
    summary: 'Decline an invitation',
    answer: noContent,
  },
  // On-premise
  {
    method: 'GET',
    path: '/api/v1/onpremise/bindings/',
    tag: 'onpremise',
    summary: 'Bound on-premise installations',
    signedIn: true,
    answer: json(BindingList),
  },
  {
    method: 'POST',
    path: '/api/v1/onpremise/bindings/',
    tag: 'onpremise',
    summary: 'Bind an installation',
    signedIn: true,
    body: body(BindBody),
    answer: json(Binding, 201),
  },
  {
    method: 'DELETE',
    path: '/api/v1/onpremise/bindings/:id/',
    tag: 'onpremise',
    summary: 'Unbind an installation',
    signedIn: true,
    answer: noContent,
  },
  {
    method: 'POST',
    path: '/api/v1/consultation/',
    tag: 'onpremise',
    summary: 'Ask sales for a consultation',
    signedIn: true,
    body: body(ConsultationRequest),
    answer: json(Consultation, 201),
  },
  // This document
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'meta',
    summary: 'This OpenAPI document',
    answer: json(OpenApiDocument),
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'meta',
    summary: "The document's reference page",
    answer: { status: 200, schema: null, type: 'text/html' },
  },
];

/**
 * Routes left out of the document: the development aids under /api/dev/ (absent in
 * production), and the files of the reference page itself (/api/docs/…).
 */
export const UNDOCUMENTED = [/^\/api\/dev\//, /^\/api\/docs\//];

/**
 * The section-8 error answer: a list of field errors, or one `{ code, detail }` (with
 * `retry_after` on 429). Every error answer of /api/ has this shape.
 */
export const ErrorAnswer = v.union([
  ErrorListBody,
  v.object({ code: v.string(), detail: v.string(), retry_after: v.optional(v.number()) }),
]);

/** `/api/v1/legal/:document/:locale/` → a regex matching real paths. */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_]+(?:\{[^}]*\})?)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const custom = /\{(.*)\}$/.exec(part)?.[1];
      return `(${custom ?? '[^/]+'})`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const patterns = operations.map((operation) => ({ operation, pattern: patternOf(operation.path) }));

/** The operation a request goes to, by its method and path (without the query). */
export function findOperation(method: string, path: string): Operation | undefined {
  const upper = method.toUpperCase();
  return patterns.find(({ operation, pattern }) => operation.method === upper && pattern.test(path))
    ?.operation;
}
