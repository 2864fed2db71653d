import { messages } from '@cardstock/contract';
import { useCallback, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link, useNavigate } from 'react-router';
import { Captcha } from '../../components/Captcha.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { storeSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { registrationPayload, registrationProblem, type RegistrationForm } from './validate-registration.ts';

const empty: RegistrationForm = {
  email: '',
  password: '',
  confirmPassword: '',
  shop_name: '',
  shop_address: '',
  shop_number: '',
  shop_city: '',
  shop_state: '',
  shop_zip: '',
  shop_country: '',
  user_first_name: '',
  user_last_name: '',
  invite_code: '',
  agreed: false,
};

type TextKey = Exclude<keyof RegistrationForm, 'agreed'>;

export function RegisterPage() {
  useTitle(messages.register.title);
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onToken = useCallback((t: string) => setToken(t), []);

  const field = (name: TextKey, label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      {...props}
      label={label}
      name={name}
      value={form[name]}
      onChange={(v) => setForm((f) => ({ ...f, [name]: v }))}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = registrationProblem(form, token);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call('register', { body: registrationPayload(form, token) }, messages.register.failed);
      if (answer.token && answer.shop_name) {
        storeSession({ token: answer.token, shopName: answer.shop_name, userRole: 'Owner' });
        window.location.assign('/dashboard');
      } else {
        void navigate('/login', { state: { notice: messages.register.success } });
      }
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, messages.common.networkError));
      setBusy(false);
    }
  }

  return (
    <section className="page register-page">
      <h1>{messages.register.title}</h1>
      <p className="lead">
        Registration is by invitation. No invite code yet? <Link to="/contact">Contact us</Link> and we will e-mail you
        one.
      </p>
      <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
        <FormMessage text={error} />
        <fieldset>
          <legend>Personal Information</legend>
          <div className="form-grid">
            {field('user_first_name', 'First Name', { autoComplete: 'given-name', required: true })}
            {field('user_last_name', 'Last Name', { autoComplete: 'family-name', required: true })}
            {field('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
            {field('password', 'Password', { type: 'password', autoComplete: 'new-password', required: true })}
            {field('confirmPassword', 'Confirm Password', {
              type: 'password',
              autoComplete: 'new-password',
              required: true,
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Shop Information</legend>
          <div className="form-grid">
            {field('shop_name', 'Shop Name', { autoComplete: 'organization', required: true })}
            {field('shop_number', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {field('shop_address', 'Address', { autoComplete: 'street-address' })}
            {field('shop_city', 'City', { autoComplete: 'address-level2' })}
            {field('shop_state', 'State', { autoComplete: 'address-level1' })}
            {field('shop_zip', 'ZIP Code', { autoComplete: 'postal-code' })}
            {field('shop_country', 'Country', { autoComplete: 'country-name' })}
          </div>
        </fieldset>
        {field('invite_code', 'Invite Code', { required: true, autoCapitalize: 'characters', spellCheck: false })}
        <label className="checkbox">
          <input
            type="checkbox"
            name="agreed"
            checked={form.agreed}
            onChange={(e) => setForm((f) => ({ ...f, agreed: e.target.checked }))}
          />
          <span>
            I agree to the{' '}
            <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>
          </span>
        </label>
        <Captcha onToken={onToken} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? messages.register.creating : messages.register.title}
        </button>
        <p className="muted">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
