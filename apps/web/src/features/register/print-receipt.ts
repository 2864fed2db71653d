/**
 * Prints a sale's receipt from the browser's own print dialog, with no driver: the receipt page (the server's, sized
 * for an 80 mm roll) is loaded in a hidden frame of the same origin and printed from there, so the Register stays as
 * it is. The frame stays until the next receipt is printed (some browsers print after `print()` has returned).
 */
export function printReceipt(url: string): void {
  document.querySelector('iframe.counter-print-frame')?.remove();
  const frame = document.createElement('iframe');
  frame.className = 'counter-print-frame';
  frame.title = 'Receipt';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', width: '0', height: '0', border: '0' });
  frame.src = url;
  frame.addEventListener('load', () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.focus();
    view.print();
  });
  document.body.append(frame);
}
