/** The red (or green) line above a form that tells what happened. */
export function FormMessage({ text, kind = 'error' }: { text: string | undefined; kind?: 'error' | 'success' }) {
  if (!text) return null;
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={kind === 'error' ? 'text-error' : 'text-success'}>
      {text}
    </p>
  );
}
