import { limits, messages, type Routes } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { deviceNameProblem } from './device-view.ts';
import './devices.css';

const m = messages.devices;

type CodeData = z.output<Routes['createDeviceCode']['response']>['data'];

/**
 * Create Code (spec 000 §2, §4): a popup asks for the tablet's name, then a
 * second one shows the single-use code, its QR image and the 9-minute note.
 */
export function CreateCodeFlow({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CodeData>();

  const close = () => {
    setName('');
    setProblem(undefined);
    setBusy(false);
    setCreated(undefined);
    onClose();
  };

  async function create(event?: FormEvent) {
    event?.preventDefault();
    const wrong = deviceNameProblem(name);
    setProblem(wrong);
    if (wrong) return;
    if (!hasAuthToken()) {
      toast.error(m.noAuthToken);
      return;
    }
    setBusy(true);
    try {
      const answer = await call('createDeviceCode', { body: { device_name: name.trim() } });
      // The contract promises a code; should an answer ever lack one, the spec shows what came back.
      if (answer.data?.code) setCreated(answer.data);
      else toast.info(JSON.stringify(answer));
    } catch {
      toast.error(m.createCodeFailed);
    } finally {
      setBusy(false);
    }
  }

  if (!open) return null;
  if (created) return <DeviceCodeModal code={created} deviceName={name.trim()} onClose={close} />;
  return (
    <Modal
      open
      title="Create Device Code"
      onClose={close}
      footer={
        <DialogActions
          onCancel={close}
          onConfirm={() => void create()}
          confirm={busy ? 'Creating...' : 'Create Code'}
          disabled={busy}
        />
      }
    >
      <form className="form" noValidate onSubmit={(e) => void create(e)}>
        <p className="muted">Name the tablet so staff can tell it apart, e.g. “Counter tablet”.</p>
        <FormMessage text={problem} />
        <TextField
          label="Device name"
          name="device_name"
          autoFocus
          maxLength={100}
          autoComplete="off"
          value={name}
          onChange={(value) => {
            setName(value);
            setProblem(undefined);
          }}
        />
      </form>
    </Modal>
  );
}

/** The generated code, large, with its QR image and the address to type on a tablet without a camera. */
function DeviceCodeModal({ code, deviceName, onClose }: { code: CodeData; deviceName: string; onClose: () => void }) {
  return (
    <Modal
      open
      title="Device Code"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="device-code">
        <p className="muted">
          Pair <strong>{deviceName}</strong>: scan the QR code with the tablet, or open the address below and enter the
          code.
        </p>
        <output className="device-code-value" aria-label="Pairing code">
          {code.code}
        </output>
        <img
          className="device-code-qr"
          src={code.qr_code_url}
          alt={`QR code for ${code.pair_url}`}
          width={256}
          height={256}
        />
        <p className="device-code-url">{code.pair_url}</p>
        <p role="status" className="device-code-note">
          {m.expiresNote(limits.deviceCodeTtlMinutes)}
        </p>
      </div>
    </Modal>
  );
}
