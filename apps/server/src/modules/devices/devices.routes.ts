import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { DevicesService } from './devices.service.ts';

export function devicesRoutes(app: FastifyInstance, devices: DevicesService): void {
  registerRoute(app, routes.createDeviceCode, ({ actor, body }) => devices.createCode(actor, body.device_name));
  registerRoute(app, routes.devices, ({ actor }) => devices.list(actor));
  registerRoute(app, routes.removeDevice, ({ actor, body }) => devices.remove(actor, body));
  registerRoute(app, routes.pairDevice, ({ body }, request) => devices.pair(body, request.ip));
  registerRoute(app, routes.deviceSession, ({ actor }) => devices.session(actor));
}
