import * as v from 'valibot';
import { Locale } from './countries.ts';
import { Email, industries, isPhoneNumber, PersonName } from './identity.ts';

/*
 * The consultation request of the on-premise page (section 3's fields: name, email,
 * company, phone, industry, comment; decision 0702).
 *
 * - POST /api/v1/consultation/ takes a ConsultationRequest and answers Consultation
 *   (201). Errors: 400 in the section-8 list shape at the field (`required`, `email`,
 *   `personName`, `phoneNumber`, `comment_too_long`, `invalid_input`); 401 signed out;
 *   429 `too_many_requests` past CONSULTATIONS_PER_DAY.
 */

/** The comment's length limit, in characters. */
export const COMMENT_MAX = 2000;
/** How many requests one account may send a day. */
export const CONSULTATIONS_PER_DAY = 3;

/**
 * The form, with the profile's rules for name, e-mail and phone (name and e-mail
 * required); messages are codes the view translates.
 */
export const ConsultationFields = v.object({
  name: PersonName('required'),
  email: Email,
  company: v.pipe(v.string(), v.trim(), v.maxLength(128, 'maxLength')),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.check((p) => p === '' || isPhoneNumber(p), 'phoneNumber'),
  ),
  industry: v.union([v.literal(''), v.picklist(industries, 'invalid_input')]),
  comment: v.pipe(v.string(), v.trim(), v.maxLength(COMMENT_MAX, 'comment_too_long')),
});
export type ConsultationForm = v.InferInput<typeof ConsultationFields>;

/** The request: the form and the page's language, which the confirmation mail is written in. */
export const ConsultationRequest = v.object({ ...ConsultationFields.entries, language: Locale });
export type ConsultationRequest = v.InferOutput<typeof ConsultationRequest>;
export type ConsultationField = keyof ConsultationForm;

export const Consultation = v.object({ id: v.number(), created_at: v.string() });
export type Consultation = v.InferOutput<typeof Consultation>;
