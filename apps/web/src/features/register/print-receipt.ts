/**
 * Prints a sale's receipt from the browser's own print dialog, with no driver: the receipt page (the server's, sized
 * for an 80 mm roll) is loaded in a hidden frame of the same origin and printed from there, so the Register stays as
 * it is. The frame goes once the dialog has closed.
 */
export function printReceipt(url: string): void {
  const frame = document.createElement('iframe');
  frame.className = 'counter-print-frame';
  frame.title = 'Receipt';
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.addEventListener('load', () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.addEventListener('afterprint', () => frame.remove());
    view.focus();
    view.print();
  });
  document.body.append(frame);
}
