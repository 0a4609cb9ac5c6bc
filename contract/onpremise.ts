import * as v from 'valibot';
import { isOneOf } from './one-of.ts';

/*
 * On-premise identifier binding (sections 2 and 6, decision 0701). An on-premise server
 * prints its installation identifier at setup; a premium user (own plan or through a
 * team) binds it to their account so the install can later check its binding.
 *
 * - GET /api/v1/onpremise/bindings/ answers BindingList (the user's own, newest first).
 * - POST /api/v1/onpremise/bindings/ takes a BindingCreate and answers the new Binding
 *   (201). Errors: 403 `premium_required` (empty pointer); 400 `required` or
 *   `identifier` at `identifier`, `invalid_input` at `label`; 409 `identifier_taken` at
 *   `identifier` (bound to an account already, this one included); 409 `binding_limit`
 *   at `identifier` (BINDINGS_MAX reached).
 * - DELETE /api/v1/onpremise/bindings/{id}/ unbinds (204); another user's id is 404.
 */

/** How many identifiers one account may have bound at a time. */
export const BINDINGS_MAX = 5;

/** Eight groups of four upper-case letters or digits, joined by hyphens, as setup prints it. */
export const IDENTIFIER_RULE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){7}$/;

/** What a user may type: spaces around trimmed, letters upper-cased. */
export function normalizeIdentifier(value: string): string {
  return value.trim().toUpperCase();
}

export function isIdentifier(value: string): boolean {
  return IDENTIFIER_RULE.test(normalizeIdentifier(value));
}

export const LABEL_MAX = 80;

export const Binding = v.object({
  id: v.number(),
  identifier: v.string(),
  /** A name the user gives the install; may be empty. */
  label: v.string(),
  bound_at: v.string(),
});
export type Binding = v.InferOutput<typeof Binding>;

export const BindingList = v.object({
  bindings: v.array(Binding),
  max: v.number(),
});
export type BindingList = v.InferOutput<typeof BindingList>;

/**
 * The binding form, as the SPA checks it before sending; messages are codes the view
 * translates (`required`, `identifier`, `label_too_long`). The output is the request.
 */
export const BindingCreate = v.object({
  identifier: v.pipe(
    v.string('required'),
    v.transform(normalizeIdentifier),
    v.nonEmpty('required'),
    v.regex(IDENTIFIER_RULE, 'identifier'),
  ),
  label: v.pipe(v.string(), v.trim(), v.maxLength(LABEL_MAX, 'label_too_long')),
});
export type BindingCreate = v.InferOutput<typeof BindingCreate>;
export type BindingForm = v.InferInput<typeof BindingCreate>;

/**
 * The codes the binding calls send besides the common ones; the SPA owns their words.
 * `identifier`: not in the format setup prints; `identifier_taken`: bound already;
 * `binding_limit`: BINDINGS_MAX reached; `premium_required`: the plan does not allow it.
 */
export const onpremiseErrorCodes = [
  'identifier',
  'identifier_taken',
  'binding_limit',
  'premium_required',
] as const;
export type OnpremiseErrorCode = (typeof onpremiseErrorCodes)[number];

export function isOnpremiseErrorCode(code: string): code is OnpremiseErrorCode {
  return isOneOf(onpremiseErrorCodes, code);
}
