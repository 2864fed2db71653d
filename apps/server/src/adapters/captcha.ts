import type { Config } from '../config.ts';

export interface CaptchaVerifier {
  /** True when the token proves a human solved the widget. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

/**
 * Cloudflare Turnstile's siteverify API (form-encoded POST, JSON answer).
 * In test mode any non-empty token passes, so the page can skip the widget.
 */
export function createCaptchaVerifier(config: Config['captcha']): CaptchaVerifier {
  if (config.mode === 'test') {
    return { verify: (token) => Promise.resolve(token.trim().length > 0) };
  }
  return {
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: config.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(config.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) return false;
        const answer = (await res.json()) as SiteverifyAnswer;
        return answer.success === true;
      } catch {
        // Unreachable verifier: refuse rather than let unverified traffic in.
        return false;
      }
    },
  };
}
