import { messages, type Device } from '@cardstock/contract';
import { formatLocalTime } from '../../lib/format.ts';

/**
 * Pure helpers of the Device Management screen (spec 000 §3–§5): times,
 * the Active badge, the device-name rule and a stable row key.
 */

const m = messages.devices;

/** A device time in the viewer's local time zone; a last login never recorded reads "Never" (spec 000 §3). */
export function deviceTime(
  timestamp: string | null | undefined,
  options: { locale?: string; timeZone?: string } = {},
): string {
  return timestamp?.trim() ? formatLocalTime(timestamp, options) : m.never;
}

/** The Active cell: removed devices stay listed, marked Inactive. */
export const activeBadge = (isActive: boolean): { label: string; className: string } =>
  isActive ? { label: 'Active', className: 'badge badge-success' } : { label: 'Inactive', className: 'badge' };

/** The shop's devices in the server's order, split into the ones that take orders and the removed ones. */
export function splitDevices<D extends Pick<Device, 'is_active'>>(
  devices: readonly D[],
): { active: D[]; removed: D[] } {
  return { active: devices.filter((d) => d.is_active), removed: devices.filter((d) => !d.is_active) };
}

/** The toggle under the table: removed devices are history, hidden until asked for. */
export const removedToggleText = (count: number, shown: boolean): string =>
  `${shown ? 'Hide' : 'Show'} removed devices (${count})`;

/** Why a device name cannot be used, or undefined when it can: it must not be blank once trimmed (spec 000 §5). */
export const deviceNameProblem = (name: string): string | undefined => (name.trim() ? undefined : m.nameRequired);

/**
 * A row's key. A tablet removed and paired again keeps its name and serial,
 * so the registration time tells the two rows apart.
 */
export const deviceKey = (device: Pick<Device, 'name' | 'serial_number' | 'registered_on'>): string =>
  `${device.name}\u0000${device.serial_number}\u0000${device.registered_on}`;
