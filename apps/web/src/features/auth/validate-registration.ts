import { limits, messages } from '@cardstock/contract';

export interface RegistrationForm {
  email: string;
  password: string;
  confirmPassword: string;
  shop_name: string;
  shop_address: string;
  shop_number: string;
  shop_city: string;
  shop_state: string;
  shop_zip: string;
  shop_country: string;
  user_first_name: string;
  user_last_name: string;
  invite_code: string;
  agreed: boolean;
}

const m = messages.register;

/** The form's checks in the spec's order (spec 000 §5); the first failure is the message shown. */
export function registrationProblem(form: RegistrationForm, captchaToken: string): string | undefined {
  if (!form.email || !form.password || !form.confirmPassword) return m.emailPasswordRequired;
  if (form.password !== form.confirmPassword) return m.passwordsMismatch;
  if (form.password.length < limits.passwordMinLength) return m.passwordTooShort;
  if (!form.shop_name.trim() || !form.user_first_name || !form.user_last_name) return m.namesRequired;
  if (!form.invite_code.trim()) return m.inviteRequired;
  if (!captchaToken) return messages.common.captchaRequired;
  if (!form.agreed) return m.termsRequired;
  if (!form.user_first_name.trim() || !form.user_last_name.trim()) return m.namesBlank;
  return undefined;
}

/** What is sent: every value trimmed; confirmPassword and the terms box stay in the browser. */
export function registrationPayload(form: RegistrationForm, turnstileToken: string) {
  const { confirmPassword: _confirm, agreed: _agreed, ...fields } = form;
  const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as Omit<
    RegistrationForm,
    'confirmPassword' | 'agreed'
  >;
  return { ...trimmed, turnstileToken };
}
