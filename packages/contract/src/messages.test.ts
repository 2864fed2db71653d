import { describe, expect, it } from 'vitest';
import { messages, plural } from './messages.ts';

describe('texts with a count', () => {
  it('say one thing in the singular and several in the plural', () => {
    expect(plural(1, 'store')).toBe('1 store');
    expect(plural(0, 'store')).toBe('0 stores');
    expect(plural(3, 'store')).toBe('3 stores');
    expect(messages.inventory.countdown(1)).toBe('Please wait 1 second before you can confirm...');
    expect(messages.inventory.countdown(5)).toBe('Please wait 5 seconds before you can confirm...');
    expect(messages.devices.expiresNote(1)).toBe('This code expires in 1 minute.');
    expect(messages.inventoryServer.importDone(1)).toBe('Imported 1 line.');
    expect(messages.inventoryServer.importDryRun(1, 0)).toBe('The line can be imported.');
    expect(messages.inventoryServer.importDryRun(1, 2)).toBe('1 line can be imported; 2 cannot.');
    expect(messages.inventoryServer.importDryRun(4, 0)).toBe('All 4 lines can be imported.');
    expect(messages.inventoryServer.importRefused(1)).toMatch(/^1 line cannot be imported/);
  });
});
