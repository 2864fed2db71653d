import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routePaths, type TokenPlace } from './route-paths.ts';
import { routes, type RouteDef, type RouteName } from './routes.ts';

/** The field names of a body schema: an object's, or the object's inside a pipe (a preprocess or a transform). */
function fieldsOf(schema: z.ZodType): string[] {
  if ('shape' in schema) return Object.keys(schema.shape as object);
  if ('in' in schema) return fieldsOf(schema.in as z.ZodType);
  return [];
}

describe('routePaths', () => {
  const names = Object.keys(routes) as RouteName[];
  const placeOf = (name: RouteName): TokenPlace | undefined => (routePaths[name] as readonly string[])[2] as TokenPlace;

  it('has the method and path of every route in the table, and no other', () => {
    expect(Object.keys(routePaths).sort()).toEqual(Object.keys(routes).sort());
    for (const name of names) {
      expect(routePaths[name].slice(0, 2), name).toEqual([routes[name].method, routes[name].path]);
    }
  });

  it('says where every call that takes a session (or a tablet’s token) carries it, and no other call', () => {
    for (const name of names) {
      // The shop home reads its visitor's session when there is one (the Bearer header), and answers without.
      const takesToken = routes[name].auth !== 'none' || name === 'shopWebsiteInventory';
      expect(placeOf(name) !== undefined, name).toBe(takesToken);
    }
  });

  it('names a body field only where the route’s body (or its multipart form) has it', () => {
    for (const name of names) {
      const place = placeOf(name);
      if (place === undefined || place === 'bearer') continue;
      const def: RouteDef = routes[name];
      const fields = def.multipart ? def.form : def.body;
      expect(fields && fieldsOf(fields), name).toContain(place);
    }
  });

  it('gives every multipart route the schema of its form’s fields', () => {
    for (const name of names) {
      const def: RouteDef = routes[name];
      expect(def.form !== undefined, name).toBe(def.multipart === true);
    }
  });
});
