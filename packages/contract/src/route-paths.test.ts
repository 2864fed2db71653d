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

  it('names a body field only where the route’s body has it; a multipart form carries it as its first field', () => {
    for (const name of names) {
      const place = placeOf(name);
      if (place === undefined || place === 'bearer') continue;
      const def: RouteDef = routes[name];
      if (def.multipart) expect(place, name).toBe('token');
      else expect(def.body && fieldsOf(def.body), name).toContain(place);
    }
  });
});
