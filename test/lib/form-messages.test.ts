import { i18n, type MessageDescriptor } from '@lingui/core';
import { globSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginForm } from '../../contract/auth.ts';
import { EntityForm } from '../../contract/billing.ts';
import {
  ChangeEmailForm,
  ChangePasswordForm,
  ConfirmForm,
  DetailsForm,
  ProfileUpdate,
  ReauthForm,
  ResetRequestForm,
  SecondFactorForm,
  SetPasswordForm,
  TwoFactorCodeForm,
} from '../../contract/identity.ts';
import { ConsultationFields } from '../../contract/consultation.ts';
import { BindingCreate } from '../../contract/onpremise.ts';
import { WebgisCreateForm } from '../../contract/webgis.ts';
import { CardForm } from '../../machines/checkout.machine.ts';
import { SignupValuesSchema } from '../../machines/signup.machine.ts';
import { onpremiseErrorMessages } from '../../src/flows/onpremise-messages.ts';
import { issueMessage, type ExtraMessages } from '../../src/forms/issue-message.ts';
import { appCodeMessages } from '../../src/views/security/app-code-messages.ts';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as enPages } from '../../src/locales/en/pages.po';
import { messages as ru } from '../../src/locales/ru/messages.po';
import { messages as ruPages } from '../../src/locales/ru/pages.po';

/*
 * Issue 31, point 3: no valibot default message ("Invalid length: Expected <=64 but
 * received 126") may reach a user. Every rule of every schema a form of the SPA
 * validates with carries a code the texts know, and every issue those schemas raise
 * becomes a text of both catalogs.
 */

type AnySchema = v.GenericSchema;
const forms: Record<string, { schema: AnySchema; extra?: ExtraMessages }> = {
  LoginForm: { schema: LoginForm },
  SignupValuesSchema: { schema: SignupValuesSchema },
  ConfirmForm: { schema: ConfirmForm },
  DetailsForm: { schema: DetailsForm },
  ResetRequestForm: { schema: ResetRequestForm },
  PasswordOnly: { schema: SetPasswordForm.entries.password },
  ProfileUpdate: { schema: ProfileUpdate },
  CardForm: { schema: CardForm },
  EntityForm: { schema: EntityForm },
  WebgisCreateForm: { schema: WebgisCreateForm },
  BindingCreate: { schema: BindingCreate, extra: onpremiseErrorMessages },
  ConsultationFields: { schema: ConsultationFields },
  ReauthForm: { schema: ReauthForm },
  ChangePasswordForm: { schema: ChangePasswordForm },
  ChangeEmailForm: { schema: ChangeEmailForm },
  TwoFactorCodeForm: { schema: TwoFactorCodeForm, extra: appCodeMessages },
  SecondFactorForm: { schema: SecondFactorForm, extra: appCodeMessages },
};

const catalogs = { en: { ...enPages, ...en }, ru: { ...ruPages, ...ru } };

interface Node {
  kind: string;
  type: string;
  message?: unknown;
  requirement?: unknown;
  pipe?: readonly Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  options?: readonly Node[];
}

/** Every rule with the message it would raise: schema checks, then pipe validations. */
function* rules(node: Node, at: string): Generator<{ at: string; rule: Node }> {
  if (node.kind === 'validation' || (node.kind === 'schema' && node.message !== undefined))
    yield { at: `${at} ${node.type}`, rule: node };
  for (const [key, entry] of Object.entries(node.entries ?? {}))
    yield* rules(entry, `${at}.${key}`);
  if (node.wrapped) yield* rules(node.wrapped, at);
  for (const option of node.options ?? []) yield* rules(option, at);
  for (const item of node.pipe ?? []) if (item !== node) yield* rules(item, at);
}

function inCatalogs(descriptor: MessageDescriptor): boolean {
  return (['en', 'ru'] as const).every((locale) => {
    const text: unknown = catalogs[locale][descriptor.id];
    return text !== undefined && text !== '' && !(Array.isArray(text) && text.length === 0);
  });
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: catalogs.ru });
});

describe('the texts of form rules', () => {
  it('covers every schema a form of the SPA validates with', () => {
    const validated = new Set<string>();
    // A form view gives the form kit its schema (`schema: X`) and a field's own rule
    // (`validate={X}`); a form of TanStack's own would name it in `validators`.
    const named = /(?:validators[=:]\s*\{?\{\s*onChange:|\bschema:|\bvalidate=\{)\s*(\w+)/g;
    for (const file of globSync('src/**/*.tsx')) {
      if (/forms[/\\](kit(-core|-fields)?|plain-(form|kit))\.tsx$/.test(file)) continue; // the kit itself
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(named)) validated.add(match[1] ?? '');
    }
    expect(validated.size).toBeGreaterThan(5);
    expect([...validated].filter((name) => !(name in forms))).toEqual([]);
  });

  for (const [name, { schema, extra = {} }] of Object.entries(forms)) {
    it(`${name}: every rule's message is a code with a text in en and ru`, () => {
      const unknown: string[] = [];
      for (const { at, rule } of rules(schema as unknown as Node, name)) {
        const { message } = rule;
        const known =
          typeof message === 'string' &&
          (Object.hasOwn(extra, message) ||
            issueMessage({ message, requirement: 3 }) !== issueMessage({ message: '' }) ||
            message === 'invalid_input');
        if (!known || !inCatalogs(issueMessage({ message, requirement: 3 }, extra)))
          unknown.push(`${at}: ${String(message)}`);
      }
      expect(unknown).toEqual([]);
    });

    it(`${name}: a value breaking each rule shows a Russian text, never valibot's`, () => {
      const breaking = ['', '   ', 'я'.repeat(1100), '!!', '123', 'a@b', 'x'];
      const fields =
        schema.type === 'object' ? Object.keys((schema as unknown as Node).entries ?? {}) : [''];
      for (const field of fields) {
        for (const value of breaking) {
          const input = field
            ? Object.fromEntries(fields.map((f) => [f, f === field ? value : '']))
            : value;
          const result = v.safeParse(schema, input);
          for (const issue of result.issues ?? []) {
            const descriptor = issueMessage(issue, extra);
            expect(inCatalogs(descriptor), `${name}.${field} ${issue.message}`).toBe(true);
            const text = i18n._(descriptor);
            expect(text).not.toBe(issue.message);
            expect(text).not.toMatch(/Invalid|Expected|received/);
            expect(text).toMatch(/[а-яё]/i);
          }
        }
      }
    });
  }
});
