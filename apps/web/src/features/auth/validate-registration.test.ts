import { messages } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { registrationPayload, registrationProblem, type RegistrationForm } from './validate-registration.ts';

const valid: RegistrationForm = {
  email: 'a@b.co',
  password: 'secret1',
  confirmPassword: 'secret1',
  shop_name: 'Shop',
  shop_address: '',
  shop_number: '',
  shop_city: '',
  shop_state: '',
  shop_zip: '',
  shop_country: '',
  user_first_name: 'Ada',
  user_last_name: 'Lovelace',
  invite_code: 'CODE',
  agreed: true,
};
const m = messages.register;

describe('registrationProblem (spec 000 §5, in order)', () => {
  it.each<[Partial<RegistrationForm>, string | undefined, string]>([
    [{}, undefined, 'token'],
    [{ confirmPassword: '' }, m.emailPasswordRequired, 'token'],
    [{ confirmPassword: 'other1' }, m.passwordsMismatch, 'token'],
    [{ password: 'abc', confirmPassword: 'abc' }, m.passwordTooShort, 'token'],
    [{ shop_name: '  ' }, m.namesRequired, 'token'],
    [{ user_last_name: '' }, m.namesRequired, 'token'],
    [{ invite_code: ' ' }, m.inviteRequired, 'token'],
    [{}, messages.common.captchaRequired, ''],
    [{ agreed: false }, m.termsRequired, 'token'],
    [{ user_first_name: '   ' }, m.namesBlank, 'token'],
  ])('%o → %s', (change, expected, token) => {
    expect(registrationProblem({ ...valid, ...change }, token)).toBe(expected);
  });
});

describe('registrationPayload', () => {
  it('trims every value and leaves out confirmPassword and the terms box', () => {
    const payload = registrationPayload({ ...valid, email: ' a@b.co ', shop_city: ' Oslo ' }, 'tok');
    expect(payload).toMatchObject({ email: 'a@b.co', shop_city: 'Oslo', turnstileToken: 'tok' });
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload).not.toHaveProperty('agreed');
  });
});
