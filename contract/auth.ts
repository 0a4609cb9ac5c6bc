import * as v from 'valibot';

/** The sign-in form, posted form-encoded to /api/auth/login/. */
export const LoginForm = v.object({
  login: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(254, 'maxLength')),
  password: v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(128, 'maxLength')),
  next: v.optional(v.string()),
});
export type LoginForm = v.InferInput<typeof LoginForm>;

/** What a successful auth step answers: where the browser goes next. */
export const AuthResult = v.object({ next: v.string() });
export type AuthResult = v.InferOutput<typeof AuthResult>;
