/**
 * Form rules shared by the browser (instant feedback) and the server (the real check).
 * Each returns the spec's message for the first problem, or null.
 */
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validation } from "~/messages/account";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control and format characters (NUL, escapes, zero-width and bidi marks): never part of an address. */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;

function emailProblem(email: string): string | null {
  if (email.length > EMAIL_MAX_LENGTH || INVISIBLE_CHARACTER.test(email) || !EMAIL_PATTERN.test(email)) {
    return validation.emailInvalid;
  }
  return null;
}

function newPasswordProblem(password: string, confirm: string, mismatch: string): string | null {
  if (password !== confirm) return mismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return validation.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return validation.passwordTooLong;
  return null;
}

export function signUpProblem(input: { email: string; password: string; confirmPassword: string }) {
  if (!input.email.trim() || !input.password || !input.confirmPassword) return validation.signUpFillAll;
  return (
    emailProblem(normalizeEmail(input.email)) ??
    newPasswordProblem(input.password, input.confirmPassword, validation.signUpMismatch)
  );
}

export function signInProblem(input: { email: string; password: string }) {
  if (!input.email.trim() || !input.password) return validation.signInRequired;
  if (input.email.length > EMAIL_MAX_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
    return validation.signInInvalid;
  }
  return null;
}

/** Password change and the reset form share the spec's password-change rules. */
export function passwordChangeProblem(input: { password: string; confirmPassword: string }) {
  if (!input.password || !input.confirmPassword) return validation.passwordBothRequired;
  return newPasswordProblem(input.password, input.confirmPassword, validation.passwordMismatch);
}

export function resetRequestProblem(input: { email: string }) {
  if (!input.email.trim()) return validation.emailInvalid;
  return emailProblem(normalizeEmail(input.email));
}
