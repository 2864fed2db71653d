import { feedbackTypes, messages } from '@cardstock/contract';
import { useState } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { Modal } from './Modal.tsx';
import { ApiError, call } from '../lib/api.ts';
import { hasAuthToken } from '../lib/session.ts';

const m = messages.feedback;

interface FeedbackButtonProps {
  /** Type options; the admin area passes its own list (spec 001 §2.11). */
  types?: readonly { value: string; label: string }[];
  /** The button's face: a speech bubble, or the admin area's lightning bolt. */
  icon?: IconName;
}

/** The floating bottom-left button and its "Send Feedback" popup (spec 000 §2, §4, §8). */
export function FeedbackButton({ types = feedbackTypes, icon = 'message' }: FeedbackButtonProps) {
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="feedback-fab"
        aria-label={m.title}
        title={m.title}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={icon} size={24} />
      </button>
      <FeedbackDialog open={open} types={types} onClose={() => setOpen(false)} />
    </>
  );
}

interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  types?: readonly { value: string; label: string }[];
  /** The type picked when it opens; the spec's default is General. */
  initialType?: string;
}

/** The "Send Feedback" popup itself, for any screen that offers it (the billing page's Report Issue). */
export function FeedbackDialog({ open, onClose, types = feedbackTypes, initialType = 'General' }: FeedbackDialogProps) {
  // The spec's initial value is "General" with a capital G; the server ignores case.
  const [type, setType] = useState(initialType);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string>();

  // Each opening starts without the last result line; a text not yet sent stays.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setResult(undefined);
  }

  async function send() {
    if (!hasAuthToken()) return setResult(m.noToken);
    setSending(true);
    setResult(undefined);
    try {
      await call('feedback', { body: { feedback_text: text, feedback_type: type } });
      setResult(m.sent);
      setText('');
    } catch (err) {
      setResult(err instanceof ApiError ? m.failed : m.network);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={m.title}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="btn btn-primary"
          disabled={sending || text.trim() === ''}
          onClick={() => void send()}
        >
          {sending ? 'Sending...' : 'Send'}
        </button>
      }
    >
      <div className="form">
        <label>
          Type
          <select name="feedback_type" value={type} onChange={(e) => setType(e.target.value)}>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Feedback
          <textarea
            name="feedback_text"
            rows={5}
            maxLength={5000}
            placeholder={m.placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {result && (
          <p role="status" className={result.includes('Thank') ? 'text-success' : 'text-error'}>
            {result}
          </p>
        )}
      </div>
    </Modal>
  );
}
